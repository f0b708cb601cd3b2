"""Meeting Adventure cards on the Draw Spots (C6) and what lies on them (C4b-e).

Cards are met one at a time in the order they are turned over, not by encounter number (C6a).
Events hit everyone at once (C6e); every other card is met by the characters in Marching Order
(C6b, f, g), starting with whoever drew it when a lost turn made the party draw (C6b). A card is
discarded as soon as it is dealt with; what is not (an Enemy nobody beat, a Place, a Stranger
who stays, an Object nobody took) stays on its spot (C6c, C4a-g).
"""
from __future__ import annotations

from engine.darkest_talisman import cards, effects, ground, services
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import (
    Alignment,
    Effect,
    EnemyCard,
    EventCard,
    FollowerCard,
    ObjectCard,
    Offer,
    PlaceCard,
    StrangerCard,
)
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import (
    ApplyEffect,
    Combat,
    Decision,
    Dropped,
    Hero,
    LostTurn,
    MeetCard,
    MeetSpot,
    Pickup,
    Services,
    Spot,
    TeleportTask,
    card_id,
)


def rotate(order: list[str], start: str | None) -> list[str]:
    """Marching Order beginning with `start` and wrapping round (C6b)."""
    if start is None or start not in order:
        return list(order)
    i = order.index(start)
    return order[i:] + order[:i]


def push_lost_turns(ctx: Ctx, lost: list[str], seq: int, *, at_once: bool) -> None:
    """C6d: a card for every lost turn, met first by that character; one card when everyone
    lost a turn at the same moment (C6d-a; project ruling `lost_turns_at_once`)."""
    if not lost:
        return
    if at_once:
        first = next((u for u in ctx.state.order if u in lost), lost[0])
        ctx.state.tasks.append(LostTurn(hero=first, seq=seq))
        return
    for uid in reversed(lost):
        ctx.state.tasks.append(LostTurn(hero=uid, seq=seq))


# ----------------------------------------------------------------------------- spots
def run_spot(ctx: Ctx, task: MeetSpot) -> None:
    state = ctx.state
    state.tasks.pop()
    trip = state.trip
    spot = ground.spot(ctx, task.seq)
    if trip is None or spot is None:
        return
    trip.drop_seq = spot.seq
    spot.met = True
    state.tasks.append(Pickup(seq=spot.seq, heroes=list(state.order)))
    if spot.card is None:
        return
    fresh = not spot.revealed
    if fresh:
        spot.revealed = True
        ctx.emit("card_revealed", reveals=True, card=card_id(spot.card), seq=spot.seq)
    card = ctx.pack.card(card_id(spot.card))
    if fresh and card.special == "road_roll" and _placed_elsewhere(ctx, spot):
        return
    if fresh and state.ext is not None:  # the Scarecrow waits on a Fields space (F9)
        from engine.darkest_talisman.hookpoint import hooks

        if hooks.placed_elsewhere(ctx, spot):
            return
    state.tasks.append(MeetCard(card=spot.card, seq=spot.seq, heroes=rotate(state.order, spot.start), fresh=fresh))
    if fresh and not trip.redrawn:
        seer = next((h for h in state.party() if effects.can_redraw(ctx, h)), None)
        if seer is not None:
            # the Orb of Knowledge, the Prophetess: send this card back and meet another instead
            state.tasks.append(ApplyEffect(hero=seer.uid, source="redraw",
                                           effect=Effect(offer=Offer(gold=0, effect=Effect(redraw=spot.seq)))))


def _placed_elsewhere(ctx: Ctx, spot: Spot) -> bool:
    """D4 Ghost, Hermit: a d6 names the road space it waits on (6: the destination)."""
    trip = ctx.state.trip
    assert trip is not None and spot.card is not None
    face = ctx.d6("road_roll")
    target = min(face, len(trip.road)) - 1
    ctx.emit("placed_on_road", card=card_id(spot.card), space=target)
    if target == trip.position:
        return False
    trip.road[target].waiting.append(spot.card)
    spot.card = None
    return True


def run_lost_turn(ctx: Ctx, task: LostTurn) -> None:
    """C6d: draw an Adventure card at once, on a new spot right after the present one."""
    state = ctx.state
    state.tasks.pop()
    trip = state.trip
    if trip is None or state.mode != "road" or not state.hero(task.hero).alive:
        return
    uid = cards.draw_adventure(ctx)
    if uid is None:
        ctx.emit("deck_empty")
        return
    new = Spot(seq=state.new_seq(), card=uid, start=task.hero)
    at = next((i + 1 for i, s in enumerate(trip.spots) if s.seq == task.seq), 0)
    trip.spots.insert(at, new)
    ctx.emit("extra_card", task.hero)
    state.tasks.append(MeetSpot(seq=new.seq))


# ----------------------------------------------------------------------------- cards
def run_card(ctx: Ctx, task: MeetCard) -> None:
    state = ctx.state
    trip = state.trip
    if trip is None or state.mode != "road":
        state.tasks.pop()
        return
    if task.seq < 0:
        _meet_location(ctx, task)
        return
    spot = ground.spot(ctx, task.seq)
    if spot is None or spot.card != task.card:
        state.tasks.pop()  # beaten, taken or sent elsewhere
        return
    card = ctx.pack.card(card_id(task.card))
    if isinstance(card, EventCard):
        state.tasks.pop()
        _event(ctx, task, spot, card)
    elif isinstance(card, EnemyCard):
        _enemy(ctx, task, card)
    elif isinstance(card, (ObjectCard, FollowerCard)):
        _offer_card(ctx, task)
    else:
        _stranger_or_place(ctx, task, spot, card)


def _next_hero(ctx: Ctx, task: MeetCard) -> str | None:
    while task.index < len(task.heroes):
        uid = task.heroes[task.index]
        task.index += 1
        if ctx.state.hero(uid).alive:
            return uid
    return None


#: Event cards an expansion's module resolves (E6, G4, H5, I2-I6, J5, K7)
EXPANSION_EVENTS = ("patrol", "whirlwind", "terrain", "fire_token", "mirage", "burn", "wendigo", "spiteful_imp",
                    "revelry", "sheriff", "bazaar", "magic_portal", "fortunes_fool", "rumour_of_riches", "eyrie_vanguard")


def _event(ctx: Ctx, task: MeetCard, spot: Spot, card: EventCard) -> None:
    state = ctx.state
    trip = state.trip
    assert trip is not None
    spot.card = None
    ctx.emit("event", card=card.id)
    if trip.wards:
        ctx.emit("negated", card=card.id)
        cards.discard(ctx, task.card)
        return
    party = [h for h in state.party() if not hero_rules.has_amulet(ctx.pack, h)]
    for h in state.party():
        if hero_rules.has_amulet(ctx.pack, h):
            ctx.emit("unaffected", h.uid, card=card.id)
    lost: list[str] = []
    if card.lunar and state.ext is not None:  # a Lunar Event stays in play until the next flip (F3)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.lunar(ctx, card.id)
    if card.special == "raiders":
        taken = sum(h.gold for h in party)
        for h in party:
            h.gold = 0
        state.raiders_gold += taken
        ctx.emit("raiders", gold=taken, stash=state.raiders_gold)
    elif card.special == "market":
        state.tasks.append(Services(source="market_day", heroes=[h.uid for h in state.party()]))
    elif card.special in EXPANSION_EVENTS and state.ext is not None:
        from engine.darkest_talisman.hookpoint import hooks

        hooks.event(ctx, card.special, spot.seq)
    elif card.once:
        leader = next((h for h in party), None)  # the party moves together (C4c): one roll
        if leader is not None:
            effects.apply(ctx, leader, card.effect, card.id, lost)
    else:
        effect = card.effect.model_copy(update={"teleport": None})
        for h in party:
            effects.apply(ctx, h, effect, card.id, lost)
        if card.effect.teleport is not None:
            state.tasks.append(TeleportTask(target=card.effect.teleport))
    cards.discard(ctx, task.card)
    push_lost_turns(ctx, lost, spot.seq, at_once=True)


def _enemy(ctx: Ctx, task: MeetCard, card: EnemyCard) -> None:
    state = ctx.state
    trip = state.trip
    assert trip is not None
    if "destroy_magic" in trip.wards:
        ctx.emit("negated", card=card.id)
        state.tasks.pop()
        return
    uid = _next_hero(ctx, task)
    if uid is None:
        ctx.emit("enemy_stays", card=card.id)
        state.tasks.pop()
        return
    state.tasks.append(Combat(hero=uid, enemy=task.card, attribute=card.attribute, value=card.value, kind=card.kind,
                              fresh=task.fresh, seq=task.seq))


#: leave a card and be asked no more about it on this road (project ruling `leave_for_good`)
IGNORE = "ignore"


def take_options(ctx: Ctx, hero_uid: str, uid: str) -> list[str]:
    """Take it (giving something up for room if need be) or leave it. A Follower that must be
    taken (the Hag, the Poltergeist) offers no choice; the Mercenary is taken only by paying him.
    Where there is a choice, the card may also be left for good (ruling `leave_for_good`)."""
    hero = ctx.state.hero(hero_uid)
    card = ctx.pack.card(card_id(uid))
    if isinstance(card, FollowerCard) and card.must_take:
        return ["take"]
    if isinstance(card, FollowerCard) and card.hire and effects.purse(ctx, hero) < card.hire:
        return ["leave"]
    out = []
    if hero_rules.room_for(ctx.pack, hero, uid):
        out.append("take")
    else:
        out += [f"take:drop:{t}" for t in hero.objects + hero.followers
                if hero_rules.room_for(ctx.pack, hero, uid, without=t) and hero_rules.within_limits(ctx.pack, hero, without=t)]
    return out + ["leave", IGNORE] if out else ["leave"]


def _ignore_key(hero_uid: str, card_uid: str) -> str:
    return f"{hero_uid}|{card_uid}"


def _offer_card(ctx: Ctx, task: MeetCard) -> None:
    trip = ctx.state.trip
    uid = _next_hero(ctx, task)
    while uid is not None and trip is not None and _ignore_key(uid, task.card) in trip.ignored:
        # ruling leave_for_good: he left it for good, so he passes it by without being asked
        uid = _next_hero(ctx, task)
    if uid is None:
        ctx.state.tasks.pop()
        return
    task.index -= 1  # the same character answers
    ctx.state.decision = Decision(kind="take", hero=uid, options=take_options(ctx, uid, task.card),
                                  data={"card": card_id(task.card)})


def answer_take(ctx: Ctx, task: MeetCard, option: str) -> None:
    state = ctx.state
    hero = state.hero(task.heroes[task.index])
    task.index += 1
    if option == IGNORE and state.trip is not None:
        state.trip.ignored.append(_ignore_key(hero.uid, task.card))  # ruling leave_for_good
    if option in ("leave", IGNORE):
        return
    if option.startswith("take:drop:"):
        thing = option.split(":", 2)[2]
        hero_rules.give_up(ctx, hero, thing)
        ground.drop(ctx, [thing], 0, encountered=True)  # C4b-e: abandoned here, already met
    spot = ground.spot(ctx, task.seq)
    assert spot is not None
    spot.card = None
    state.tasks.pop()
    card = ctx.pack.card(card_id(task.card))
    if isinstance(card, FollowerCard) and card.hire:
        effects.pay(ctx, hero, card.hire)  # the Mercenary's hire (core-cards 2.4)
        ctx.emit("hired", hero.uid, follower=card.id, gold=card.hire)
    hero_rules.gain_thing(ctx, hero, task.card, "taken")


def _stranger_or_place(ctx: Ctx, task: MeetCard, spot: Spot, card: StrangerCard | PlaceCard) -> None:
    state = ctx.state
    trip = state.trip
    assert trip is not None
    if trip.wards:
        ctx.emit("negated", card=card.id)
        state.tasks.pop()
        return
    if task.index == 0:
        ctx.emit("met", card=card.id)
    uid = _next_hero(ctx, task)
    empty = isinstance(card, PlaceCard) and card.supply and state.supplies.get(task.card, card.supply) <= 0
    if uid is None or empty:
        state.tasks.pop()
        if isinstance(card, PlaceCard):
            trip.last_place = task.card
        if not card.stays or empty:
            spot.card = None
            state.supplies.pop(task.card, None)
            cards.discard(ctx, task.card)
            if empty:
                ctx.emit("place_empty", card=card.id)
        return
    hero = state.hero(uid)
    if hero_rules.has_amulet(ctx.pack, hero):
        ctx.emit("unaffected", uid, card=card.id)
        return
    if isinstance(card, StrangerCard) and state.ext is not None:
        from engine.darkest_talisman.hookpoint import hooks

        if hooks.stranger(ctx, hero, task):  # the Tavern Maid may pour him a drink instead (J5)
            return
    if isinstance(card, PlaceCard) and state.ext is not None:
        from engine.darkest_talisman.hookpoint import hooks

        if hooks.place(ctx, hero, task):  # the Trailblazer's master may pass it by (K7)
            return
    if isinstance(card, StrangerCard) and card.first_only:
        if not services.actions_for(ctx, hero, list(card.services)):
            return  # not one she serves: the next character meets her
        task.index = len(task.heroes)  # she serves this character only, then leaves
    if isinstance(card, PlaceCard) and card.supply:
        state.supplies[task.card] = state.supplies.get(task.card, card.supply) - 1
    alignment: Alignment | None = None
    if isinstance(card, StrangerCard) and hero_rules.has_ability(ctx.pack, hero, "beguile"):
        alignment = "neutral"
        hero.gold += 1
        ctx.emit("beguiled", uid, card=card.id, gold=1)
    if isinstance(card, StrangerCard):
        tips = sum(hero_rules.follower(ctx.pack, f).stranger_gold for f in hero.followers)
        if tips:  # the Panhandler (J5)
            hero.gold += tips
            ctx.emit("panhandled", uid, card=card.id, gold=tips)
    if card.services:
        state.tasks.append(Services(source=card.id, heroes=[uid]))
    lost: list[str] = []
    effects.apply(ctx, hero, card.effect, card.id, lost, alignment=alignment)
    push_lost_turns(ctx, lost, task.seq, at_once=False)


def _meet_location(ctx: Ctx, task: MeetCard) -> None:
    """A space's own instructions, met by each character in Marching Order (project ruling
    `space_per_character`)."""
    state = ctx.state
    trip = state.trip
    assert trip is not None
    loc = ctx.pack.location(task.card)
    if "counterspell" in trip.wards or "destroy_magic" in trip.wards:
        ctx.emit("negated", card=loc.id)
        state.tasks.pop()
        return
    uid = _next_hero(ctx, task)
    if uid is None or loc.effect is None:
        state.tasks.pop()
        return
    lost: list[str] = []
    effect = loc.effect
    if hero_rules.safe_in(ctx.pack, state.hero(uid), loc.id):
        # the Guide, Pixie, Gnome; Dwarf, Elf, Troll: no need to roll here unless he wishes
        # (then he accepts the result): the roll is offered, free
        effect = Effect(offer=Offer(gold=0, effect=loc.effect))
    effects.apply(ctx, state.hero(uid), effect, loc.id, lost)
    push_lost_turns(ctx, lost, -1, at_once=False)


# ----------------------------------------------------------------------------- dropped things
def pile_of(ctx: Ctx, seq: int) -> list[Dropped]:
    trip = ctx.state.trip
    if trip is None:
        return []
    if seq < 0:
        return trip.dropped_here
    spot = ground.spot(ctx, seq)
    return spot.dropped if spot is not None else []


def pickup_options(ctx: Ctx, task: Pickup, hero_uid: str) -> list[str]:
    """C4b-e: Followers first; each character takes one Follower and one Item a round."""
    hero = ctx.state.hero(hero_uid)
    pile = pile_of(ctx, task.seq)
    follower_ok = f"{hero_uid}:follower" not in task.took
    item_ok = f"{hero_uid}:item" not in task.took
    followers, items = [], []
    for i, d in enumerate(pile):
        if d.encountered and not _takes_dropped(ctx, hero, d):
            continue
        if d.thing is None:
            if item_ok:
                items.append(f"take:{i}")
            continue
        card = ctx.pack.card(card_id(d.thing))
        if isinstance(card, FollowerCard):
            if follower_ok and hero_rules.room_for(ctx.pack, hero, d.thing):
                followers.append(f"take:{i}")
        elif item_ok and hero_rules.room_for(ctx.pack, hero, d.thing):
            items.append(f"take:{i}")
    offered = followers or items
    return offered + ["pass"] if offered else []


def _takes_dropped(ctx: Ctx, hero: Hero, d: Dropped) -> bool:
    """A thing dropped on this visit that this character may take at once all the same (the
    Highland's Magpie and Treasure Hunter, K7)."""
    if ctx.state.ext is None:
        return False
    from engine.darkest_talisman.hookpoint import hooks

    return bool(hooks.takes_dropped(ctx, hero, d.thing))


def run_pickup(ctx: Ctx, task: Pickup) -> None:
    state = ctx.state
    pile = pile_of(ctx, task.seq)
    takers = [state.hero(u) for u in task.heroes if state.hero(u).alive]
    if state.trip is None or state.mode != "road" or not any(
            not d.encountered or any(_takes_dropped(ctx, h, d) for h in takers) for d in pile):
        state.tasks.pop()
        return
    heroes = [u for u in task.heroes if state.hero(u).alive]
    while task.index < len(heroes):
        uid = heroes[task.index]
        opts = pickup_options(ctx, task, uid)
        if opts:
            pile = pile_of(ctx, task.seq)
            # aligned with the pile (options name an index); Gold with its amount; what the
            # party dropped on this visit is still there but may not be taken (C4b-d)
            state.decision = Decision(kind="pickup", hero=uid, options=opts,
                                      data={"things": [d.thing.split("#")[0] if d.thing else "gold" for d in pile],
                                            "gold": [d.gold for d in pile],
                                            "open": [not d.encountered or _takes_dropped(ctx, state.hero(uid), d) for d in pile]})
            return
        task.index += 1
    if task.took:
        task.index, task.took = 0, []
        return
    state.tasks.pop()


def answer_pickup(ctx: Ctx, task: Pickup, option: str) -> None:
    state = ctx.state
    heroes = [u for u in task.heroes if state.hero(u).alive]
    hero = state.hero(heroes[task.index])
    if option == "pass":
        task.index += 1
        return
    pile = pile_of(ctx, task.seq)
    got = pile.pop(int(option.split(":")[1]))
    if got.thing is None:
        hero.gold += got.gold
        task.took.append(f"{hero.uid}:item")
        ctx.emit("picked_up", hero.uid, gold=got.gold)
        return
    kind = "follower" if isinstance(ctx.pack.card(card_id(got.thing)), FollowerCard) else "item"
    task.took.append(f"{hero.uid}:{kind}")
    hero_rules.gain_thing(ctx, hero, got.thing, "picked_up")


# ----------------------------------------------------------------------------- services
def run_services(ctx: Ctx, task: Services) -> None:
    """Each character in turn uses what the source offers, then says done; a character who can
    use nothing is passed over at once."""
    state = ctx.state
    offered = services.services_of(ctx, task.source)
    while task.index < len(task.heroes):
        hero = state.hero(task.heroes[task.index])
        if hero.alive and services.actions_for(ctx, hero, offered):
            state.decision = Decision(kind="service", hero=hero.uid, options=["done"], data={"source": task.source})
            return
        task.index += 1
    state.tasks.pop()
