"""The Sacred Pool (DT section H): its pack (data/talisman/expansions/sacred_pool/), registered as
the expansion a campaign names with `expansions:Sacred Pool`.

What the groundwork does for it with no code here: its Adventure cards form their own deck, set
aside (H4d), its Magic Objects the Sacred Pool Trove deck (H1), its Spells wait outside the
Spell deck (H4e); its Stables cards are kept apart (H2), its Quest Reward cards are put out (H3a)
(engine/darkest_talisman/expansions/decks.py `setup`).

H2: the village's Stables sell the Stables cards, each at its price, to a character with Gold
enough and no mount yet (C2c-a: one mount; project ruling `stables`).
H3b: a quest done, its character chooses the Talisman or the top Quest Reward card; Chant of
Wisdom, Good Luck Knot and Might of Giants give their point and leave the game; The Magic Door
is discarded at once and may carry the party anywhere in the Inner or Outer Region instead of
back to the Warlock's Cave; Dream Prize is kept until a Guardian Combat is won at a Trove
Destination, then buys one Magic Object of that place's Trove deck; Lightning Trap's three
counters each buy another turn on the Road Space (H5; project ruling `quest_rewards`).
H4: at the Chapel as an Aid destination the party may go on to the Sacred Pool: the road's cards
are discarded, the party stands on the first Road Space of the road beyond the Chapel (H4c), the
Sacred Pool deck replaces the core's (H4d), its Spells are shuffled in (H4e), the trove is three
Sacred Pool Magic Objects and a d6 of Gold (H4f), guarded as any trove (H4h, C8d). Back at the
Chapel (the party passes it on the way home: ruling `sacred_pool_road`) the core deck comes back
(H4j); carried off that road, too.
H5: the Riding Horse of the Stables lets its master, leading the party, ride past every even Road
Space (never the destination); the Oathsword Guide, one Road Space each way; the Spiteful Imp
brings the strongest face-up Enemy of the road to the party, met at once. The Chivalric Knight
(ability `knight_aid`) is asked whenever a companion ahead of him in the Marching Order battles
an Enemy in a normal combat: aiding, his Strength joins the attack; a battle won thanks to him
earns him a Quest Reward, a lost one costs him 1 life and 1 Strength (his armour may save him);
he does not meet that Enemy later that turn; never in Guardian Combat. Stasis, cast on an Enemy
just turned over before any roll, puts it back on top of the Adventure deck and the card beneath
takes its Draw Spot, met instead. The Baleful Eye discards one Enemy of a Guardian Combat at the
start of a round's casting stage (once a combat; never the last Enemy, nor the Sentinel). The
Shield of Defiance saves (4-6) only against an Enemy met already face up on the road, never in
Guardian Combat. The Gilded Compass rerolls, once along a road, the dice for a Road Space's
cards before any is met (the unseen cards go back on top of the deck). Fortune's Fool: no Fate
reroll for the rest of that Road Space. Rumour of Riches: the next character of the party to
roll a 1, for any reason, along that road finds 3 Gold (project ruling `sacred_pool_cards`).

Approximated (the printed texts NOT FOUND, facts H.3): Fortune's Fool's and Rumour of Riches's
effects are the project's (only DT's changes to them are known); Stasis is cast only on an Enemy
(the one moment a card just revealed waits for a choice: other cards act as they are turned
over); the Knight's choice goes to his own controller at the moment the fighter's combat begins.
Defender of Faith, Kraven and the Oathsworn Oracle keep the project's plain bonus (their printed
abilities, which H5 ignores or limits, NOT FOUND). Not built: nothing else H names.
"""
from __future__ import annotations

from typing import Any

from engine.darkest_talisman import cards, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.actions import Buy
from engine.darkest_talisman.content import EnemyCard
from engine.darkest_talisman.ctx import EV, Ctx
from engine.darkest_talisman.expansions import decks
from engine.darkest_talisman.expansions.content import QuestReward, StablesWare, expansion_by_id
from engine.darkest_talisman.state import Decision, Hero, MeetCard, MeetSpot, TeleportTask, Trove, card_id

ID = "sacred_pool"
#: H4a: the Trove Destination beyond the Chapel, and the region its road lies in
POOL = "sacred_pool"
CHAPEL = "chapel"
REGION = "beyond_chapel"
POOL_REASON = "sacred_pool:road"
#: H4f: three Magic Objects from the Sacred Pool Trove deck
POOL_ITEMS = 3
#: the answers this expansion adds
ONWARD = "dest:sacred_pool"
GALLOP = "gallop"
BYPASS = "bypass"
LIGHTNING = "lightning"
#: H5: the Stables' Riding Horse, the Oathsword Guide
RIDING_HORSE = "stables_riding_horse"
GUIDE = "oathsword_guide"
#: the regions The Magic Door may carry the party into (H5)
DOOR_REGIONS = ("inner", "outer")
#: H5: Fortune's Fool, Rumour of Riches (Events), the Gilded Compass (Object), the Baleful Eye
#: (Magic Object); the Gold a Rumour of Riches pays (project ruling `sacred_pool_cards`)
FOOL = "fortunes_fool"
RUMOUR = "rumour_of_riches"
RUMOUR_GOLD = 3
COMPASS = "gilded_compass"
EYE = "baleful_eye"
REROLL = "reroll"
KEEP = "keep"
EYE_HEAD = "eye"
AID = "aid"
DECLINE = "decline"


def in_play(ctx: Ctx) -> bool:
    return ctx.state.ext is not None and ID in ctx.state.ext.ids


def _ware(cid: str) -> StablesWare | None:
    return next((w for w in expansion_by_id(ID).stables if w.card.id == cid), None)


def reward_card(uid: str) -> QuestReward:
    cid = card_id(uid)
    return next(r for r in expansion_by_id(ID).rewards if r.id == cid)


def _held(ctx: Ctx, hero: Hero, kind: str) -> list[str]:
    return [u for u in decks.ext(ctx).rewards_held.get(hero.uid, []) if reward_card(u).kind == kind]


def _discard_reward(ctx: Ctx, hero: Hero, uid: str) -> None:
    """A Quest Reward discarded leaves the game (facts H.2: each once a game)."""
    record = decks.ext(ctx)
    held = record.rewards_held.get(hero.uid, [])
    if uid in held:
        held.remove(uid)
        if not held:
            record.rewards_held.pop(hero.uid, None)
    record.reward_counters.pop(uid, None)
    record.rewards_gone.append(uid)


# ----------------------------------------------------------------------------- H2: the Stables
def village_actions(ctx: Ctx, hero: Hero) -> list[Any]:
    """H2: a Stables card for sale to a character who can pay for it and has room for a mount."""
    record = decks.ext(ctx)
    out: list[Any] = []
    for cid in sorted({card_id(u) for u in record.stables}):
        ware = _ware(cid)
        if ware is not None and hero.gold >= ware.price and hero_rules.room_for(ctx.pack, hero, f"{cid}#0"):
            out.append(Buy(hero=hero.uid, card=cid))
    return out


def buy(ctx: Ctx, hero: Hero, cid: str) -> bool:
    ware = _ware(cid)
    if ware is None:
        return False
    record = decks.ext(ctx)
    uid = next(u for u in record.stables if card_id(u) == cid)
    record.stables.remove(uid)
    hero.gold -= ware.price
    record.stables_bought += 1
    ctx.emit("bought", hero.uid, thing=cid, price=ware.price)
    hero_rules.gain_thing(ctx, hero, uid, "bought")
    return True


def price(cid: str) -> int | None:
    """A Stables card's price (H2), None for anything else."""
    ware = _ware(cid)
    return ware.price if ware is not None else None


# ----------------------------------------------------------------------------- H3: Quest Rewards
def quest_done(ctx: Ctx, hero: Hero) -> bool:
    """H3b: the character will choose the Talisman or a Quest Reward (while any is left)."""
    record = decks.ext(ctx)
    if not record.rewards:
        return False
    record.reward_choices.append(hero.uid)
    return True


def work(ctx: Ctx) -> bool:
    """The choices owed, each asked in turn (run by the campaign's driver between steps)."""
    state = ctx.state
    record = decks.ext(ctx)
    if _compass_decision(ctx) or _eye_decision(ctx) or _aid_decision(ctx):
        return True
    while record.reward_choices:
        hero = state.hero(record.reward_choices[0])
        if hero.alive:
            state.decision = Decision(kind="quest_reward", hero=hero.uid, options=["talisman", "reward"],
                                      data={"left": len(record.rewards)})
            return True
        record.reward_choices.pop(0)
    while record.door_choices:
        hero = state.hero(record.door_choices[0])
        if hero.alive and state.mode in ("village", "road"):
            targets = [f"dest:{d}" for r in DOOR_REGIONS for d in _destinations(ctx, r)]
            state.decision = Decision(kind="magic_door", hero=hero.uid, options=["stay"] + targets)
            return True
        record.door_choices.pop(0)
    while record.dream_claims:
        hero = state.hero(record.dream_claims[0])
        options = _dream_options(ctx, hero)
        if hero.alive and options and _held(ctx, hero, "dream_prize"):
            state.decision = Decision(kind="dream_prize", hero=hero.uid, options=options + ["keep"])
            return True
        record.dream_claims.pop(0)
    return False


def _draw_reward(ctx: Ctx, hero: Hero) -> None:
    record = decks.ext(ctx)
    uid = record.rewards.pop()
    card = reward_card(uid)
    record.rewards_won += 1
    ctx.emit("quest_reward", hero.uid, reward=card.id)
    if card.kind in ("strength", "craft", "fate"):
        hero_rules.change(ctx, hero, card.kind, card.amount, "quest_reward")
        record.rewards_gone.append(uid)
    elif card.kind == "magic_door":
        record.rewards_gone.append(uid)  # discarded at once (H5)
        record.door_choices.append(hero.uid)
    else:
        record.rewards_held.setdefault(hero.uid, []).append(uid)
        if card.counters:
            record.reward_counters[uid] = card.counters


def _destinations(ctx: Ctx, region_id: str) -> list[str]:
    region = ctx.pack.region(region_id)
    return region.aid + region.trove + ([region.waypoint] if region.waypoint else [])


def _dream_deck(ctx: Ctx) -> list[str]:
    record = decks.ext(ctx)
    return ctx.state.decks.trove if record.dream_deck == decks.CORE else record.troves[record.dream_deck]


def _dream_options(ctx: Ctx, hero: Hero) -> list[str]:
    """H5 Dream Prize: one Magic Object of the place's Trove deck the character has room for."""
    return [f"take:{cid}" for cid in sorted({card_id(u) for u in _dream_deck(ctx)})
            if hero_rules.room_for(ctx.pack, hero, f"{cid}#0")]


def answer(ctx: Ctx, decision: Decision, option: str) -> bool:
    state = ctx.state
    record = decks.ext(ctx)
    kind = decision.kind
    if kind == "destination" and option == ONWARD:
        _to_pool(ctx)
        return True
    if kind == "stand" and option in (GALLOP, BYPASS, LIGHTNING):
        _stand(ctx, option)
        return True
    if kind == "gilded_compass":
        _compass_answer(ctx, decision, option)
        return True
    if kind == "baleful_eye":
        _eye_answer(ctx, decision, option)
        return True
    if kind == "knight_aid":
        _aid_answer(ctx, decision, option)
        return True
    if kind == "quest_reward":
        assert decision.hero is not None
        hero = state.hero(decision.hero)
        if record.reward_choices and record.reward_choices[0] == hero.uid:
            record.reward_choices.pop(0)
        if option == "reward" and record.rewards:
            _draw_reward(ctx, hero)
        else:
            record.talismans_chosen += 1
            hero_rules.gain_talisman(ctx, hero, why="quest")
        return True
    if kind == "magic_door":
        if record.door_choices and record.door_choices[0] == decision.hero:
            record.door_choices.pop(0)
        if option != "stay":
            ctx.emit("magic_door", decision.hero, target=option)
            called = next((t for t in reversed(state.tasks)
                           if isinstance(t, TeleportTask) and t.target == "warlocks_cave"), None)
            if called is not None:
                called.target = option  # instead of the Warlock's call back (C5f-e)
            else:
                state.tasks.append(TeleportTask(target=option))
        return True
    if kind == "dream_prize":
        assert decision.hero is not None
        hero = state.hero(decision.hero)
        if record.dream_claims and record.dream_claims[0] == hero.uid:
            record.dream_claims.pop(0)
        if option.startswith("take:"):
            deck = _dream_deck(ctx)
            uid = next(u for u in deck if card_id(u) == option.split(":", 1)[1])
            deck.remove(uid)
            _discard_reward(ctx, hero, _held(ctx, hero, "dream_prize")[0])
            ctx.emit("dream_prize", hero.uid, thing=card_id(uid))
            hero_rules.gain_thing(ctx, hero, uid, "dream_prize")
        return True
    return False


def died(ctx: Ctx, hero: Hero) -> None:
    """Facts H.2: a killed character's Quest Rewards are discarded (out of the game)."""
    record = decks.ext(ctx)
    for uid in list(record.rewards_held.get(hero.uid, [])):
        _discard_reward(ctx, hero, uid)
    record.reward_choices = [u for u in record.reward_choices if u != hero.uid]
    record.dream_claims = [u for u in record.dream_claims if u != hero.uid]
    record.door_choices = [u for u in record.door_choices if u != hero.uid]


# ----------------------------------------------------------------------------- H4: the Sacred Pool
def destination_options(ctx: Ctx, decision: Decision) -> None:
    """H4b-c: at the Chapel as an Aid destination, the road beyond it to the Sacred Pool."""
    trip = ctx.state.trip
    if trip is None or trip.destination != CHAPEL or trip.goal != "aid" or decks.ext(ctx).pool_trip:
        return
    if not ctx.pack.has_location(POOL):
        return
    decision.options.insert(0, ONWARD)


def _to_pool(ctx: Ctx) -> None:
    """H4c-f: the road's cards discarded, the party on the first Road Space beyond the Chapel."""
    from engine.darkest_talisman.hookpoint import hooks

    state = ctx.state
    trip = state.live_trip()
    record = decks.ext(ctx)
    trip.destination_done = True
    ctx.emit("sacred_pool_road")
    travel.discard_road(ctx)  # H4c
    cards.shuffle_discards(ctx)  # C4a-m: into a new region (H4a)
    record.bypassed = []
    state.trip = None
    state.trip = travel._trip(ctx, ctx.pack.region(REGION), trip.village, POOL, "trove")
    hooks.new_road(ctx)  # the other expansions' figures on the new road (E2g)
    travel.arrive(ctx, 0)


def set_trove(ctx: Ctx, destination: str) -> Trove | None:
    """H4d-f: the Sacred Pool deck replaces the core's, its Spells are shuffled in, the trove is
    three Sacred Pool Magic Objects and a d6 of Gold."""
    if destination != POOL:
        return None
    record = decks.ext(ctx)
    record.pool_trip = True
    record.pool_trips += 1
    decks.hold(ctx, ID, POOL_REASON)
    decks.shuffle_in_spells(ctx, ID)
    items = decks.draw_trove(ctx, ID, POOL_ITEMS)
    gold = sum(ctx.state.rng.d6() for _ in range(ctx.pack.rules.trove_gold_dice.value))
    ctx.emit("trove_set", reveals=True, items=len(items))
    return Trove(items=items, gold=gold)


def trove_won(ctx: Ctx) -> None:
    """H4i: the Pool's trove shared out as any; H5 Dream Prize: its holders may claim a Magic
    Object of this place's Trove deck."""
    state = ctx.state
    trip = state.trip
    record = decks.ext(ctx)
    if trip is None:
        return
    if trip.destination == POOL and record.pool_trip:
        record.pools_won += 1
    record.dream_deck = decks.CORE
    for exp in decks.expansions(ctx):
        if exp.manifest.trove_destination == trip.destination and exp.id in record.troves:
            record.dream_deck = exp.id
    record.dream_claims = [h.uid for h in state.party() if _held(ctx, h, "dream_prize")]


def _pool_over(ctx: Ctx) -> None:
    """H4j: the core deck comes back; the Spells stay."""
    record = decks.ext(ctx)
    if not record.pool_trip:
        return
    record.pool_trip = False
    decks.release(ctx, POOL_REASON)


def home(ctx: Ctx) -> None:
    """H4j: the road beyond the Chapel passes the Chapel on the way home (ruling
    `sacred_pool_road`): back in a village, the Pool's road is over."""
    _pool_over(ctx)
    decks.ext(ctx).bypassed = []
    _road_over(ctx)


def new_road(ctx: Ctx) -> None:
    """Carried off the Pool's road, the party has left it: the core deck comes back (H4j)."""
    trip = ctx.state.trip
    if trip is None or trip.destination != POOL:
        _pool_over(ctx)
    _road_over(ctx)


# ----------------------------------------------------------------------------- H5: on the road
def stand_options(ctx: Ctx, decision: Decision) -> None:
    """Between Road Spaces: the Riding Horse's gallop past an even space, the Oathsword Guide's
    bypass (one each way), the Lightning Trap's extra turn on this space (H5)."""
    state = ctx.state
    trip = state.trip
    if trip is None or state.mode != "road" or state.tasks:
        return
    last = len(trip.road) - 1
    way = 1 if trip.heading == "out" else -1
    passed = trip.position + way  # the space ridden past, never the destination
    landing = passed + way
    can_pass = 0 <= passed < last and -1 <= landing <= last
    leader = state.leader()
    if can_pass and leader is not None and (passed + 1) % 2 == 0 \
            and any(card_id(f) == RIDING_HORSE for f in leader.followers):
        decision.options.append(GALLOP)
    if can_pass and trip.heading not in decks.ext(ctx).bypassed \
            and any(card_id(f) == GUIDE for h in state.party() for f in h.followers):
        decision.options.append(BYPASS)
    if any(s.card is not None for s in trip.spots) and any(_held(ctx, h, "lightning_trap") for h in state.party()):
        decision.options.append(LIGHTNING)


def _stand(ctx: Ctx, option: str) -> None:
    state = ctx.state
    trip = state.live_trip()
    record = decks.ext(ctx)
    if option == LIGHTNING:
        hero = next(h for h in state.party() if _held(ctx, h, "lightning_trap"))
        uid = _held(ctx, hero, "lightning_trap")[0]
        record.reward_counters[uid] = record.reward_counters.get(uid, 1) - 1
        ctx.emit("lightning_trap", hero.uid, left=record.reward_counters[uid])
        if record.reward_counters[uid] <= 0:
            _discard_reward(ctx, hero, uid)
        travel.leave(ctx)
        travel.arrive(ctx, trip.position)  # another turn: what is left here is met again
        return
    way = 1 if trip.heading == "out" else -1
    if option == GALLOP:
        record.gallops += 1
    else:
        record.bypassed.append(trip.heading)
    ctx.emit("space_passed", space=trip.position + way, how=option)
    travel._move(ctx, trip.position + 2 * way)


def event(ctx: Ctx, special: str, seq: int) -> None:
    """H5 Spiteful Imp: the face-up Enemy with the highest Strength or Craft elsewhere on this
    road (or met and left on this space) is brought to the party and met at once."""
    if special == FOOL:
        _fool(ctx)
        return
    if special == RUMOUR:
        _rumour(ctx)
        return
    if special != "spiteful_imp":
        return
    state = ctx.state
    trip = state.live_trip()
    best: tuple[int, int, int] | None = None
    for k, space in enumerate(trip.road):
        pile = trip.spots if k == trip.position else space.spots
        for i, s in enumerate(pile):
            if s.card is None or not s.revealed or s.seq == seq or (k == trip.position and not s.met):
                continue
            card = ctx.pack.card(card_id(s.card))
            if isinstance(card, EnemyCard) and (best is None or card.value > best[0]):
                best = (card.value, k, i)
    if best is None:
        ctx.emit("spiteful_imp_none")
        return
    _, k, i = best
    pile = trip.spots if k == trip.position else trip.road[k].spots
    spot = pile.pop(i)
    spot.met, spot.early = False, False
    trip.spots.append(spot)
    ctx.emit("spiteful_imp", card=card_id(spot.card or ""), space=k)
    state.tasks.append(MeetSpot(seq=spot.seq))


# ----------------------------------------------------------------------------- H5: the cards built since
def _road_over(ctx: Ctx) -> None:
    """A new road (or home): the Rumours of Riches are left behind, the Gilded Compass may serve
    again (H5: once along a road), Fortune's Fool's space is behind the party."""
    record = decks.ext(ctx)
    record.rumours = 0
    record.fool_space = None
    record.compass_space = None
    record.compass_faces = []
    record.compass_used = False


def entered(ctx: Ctx, k: int) -> None:
    """A Road Space entered (another turn there too): Fortune's Fool's spell is over; the
    Chivalric Knight's aid of the last turn too."""
    record = decks.ext(ctx)
    record.fool_space = None
    record.aid, record.aid_asked, record.aid_strength = [], [], 0


def _fool(ctx: Ctx) -> None:
    """H5 Fortune's Fool: for the rest of the Draw Spots on this Road Space no character may spend
    Fate to roll again (project ruling `sacred_pool_cards`: the printed effect NOT FOUND)."""
    trip = ctx.state.live_trip()
    record = decks.ext(ctx)
    record.fool_space = trip.position
    record.fools_met += 1
    ctx.emit("fortunes_fool", space=trip.position)


def fooled(ctx: Ctx) -> bool:
    """Is the party on the Road Space Fortune's Fool spoils?"""
    trip = ctx.state.trip
    record = decks.ext(ctx)
    return trip is not None and ctx.state.mode == "road" and record.fool_space == trip.position


def more_options(ctx: Ctx, decision: Decision) -> None:
    """H5 Fortune's Fool: no Fate reroll offered on its Road Space."""
    if decision.kind == "fate" and fooled(ctx):
        decision.options[:] = [o for o in decision.options if o != "reroll"]
        decision.data["fortunes_fool"] = True


def _rumour(ctx: Ctx) -> None:
    """H5 Rumour of Riches: the rumour stays with the party along this road; the next character
    to roll a 1, for any reason, finds the riches (project ruling `sacred_pool_cards`)."""
    record = decks.ext(ctx)
    record.rumours += 1
    ctx.emit("rumour_of_riches", gold=RUMOUR_GOLD)


def rolled(ctx: Ctx, faces: list[int]) -> None:
    """H5 Rumour of Riches: a 1 rolled for any reason: its roller (the leader for the party's
    own dice) finds the riches of one rumour."""
    record = decks.ext(ctx)
    state = ctx.state
    if not record.rumours or 1 not in faces or state.mode != "road":
        return
    last = next((e for e in reversed(ctx.events) if e.kind == EV + "roll"), None)
    uid = last.data.get("hero") if last is not None else None
    hero = state.hero(uid) if uid in state.order else state.leader()
    if hero is None:
        return
    record.rumours -= 1
    record.rumours_paid += 1
    ctx.emit("rumour_found", hero.uid, gold=RUMOUR_GOLD)
    hero_rules.change(ctx, hero, "gold", RUMOUR_GOLD, "rumour_of_riches")


def _compass_holder(ctx: Ctx) -> Hero | None:
    return next((h for h in ctx.state.party() if any(card_id(o) == COMPASS for o in h.objects)), None)


def dealt(ctx: Ctx, uids: list[str], faces: list[int]) -> None:
    """H5 Gilded Compass: the cards of a Road Space just dealt (not the destination's) may be
    counted anew, once along this road, before any is met."""
    state = ctx.state
    trip = state.trip
    record = decks.ext(ctx)
    if trip is None or record.compass_used or not faces or _compass_holder(ctx) is None:
        return
    if travel.is_destination(trip, trip.position):
        return
    record.compass_space = trip.position
    record.compass_faces = list(faces)


def _fresh_spots(ctx: Ctx) -> list[Any]:
    trip = ctx.state.live_trip()
    return [s for s in trip.spots if s.card is not None and not s.revealed and not s.met]


def _compass_decision(ctx: Ctx) -> bool:
    state = ctx.state
    record = decks.ext(ctx)
    if record.compass_space is None:
        return False
    trip = state.trip
    holder = _compass_holder(ctx)
    if (trip is None or state.mode != "road" or trip.position != record.compass_space or holder is None
            or record.compass_used or state.tasks or any(s.met or s.revealed for s in trip.spots if not s.early)):
        record.compass_space = None  # the moment has passed: the cards are being met
        return False
    faces = record.compass_faces
    state.decision = Decision(kind="gilded_compass", hero=holder.uid, options=[REROLL, KEEP],
                              data={"dice": len(faces), "total": sum(faces), "cards": len(_fresh_spots(ctx)),
                                    "space": trip.position})
    return True


def _compass_answer(ctx: Ctx, decision: Decision, option: str) -> None:
    """H5 Gilded Compass: the dealt cards go back on top of the deck, the dice are rolled again,
    and as many cards are dealt as they say (a 1 a card: no new special location; the cards a
    special location or a Follower added stay as they were: ruling `sacred_pool_cards`)."""
    from engine.darkest_talisman.hookpoint import hooks

    state = ctx.state
    record = decks.ext(ctx)
    record.compass_space = None
    if option != REROLL:
        return
    trip = state.live_trip()
    record.compass_used = True
    record.compass_rerolls += 1
    old = _fresh_spots(ctx)
    for spot in reversed(old):
        state.decks.adventure.append(spot.card or "")
    trip.spots = [s for s in trip.spots if s not in old]
    faces = ctx.dice(len(record.compass_faces), "gilded_compass", decision.hero)
    count = max(0, len(old) - sum(record.compass_faces) + sum(faces))
    record.compass_faces = []
    new = travel.lay_cards(ctx, trip, count)
    ctx.emit("compass_rerolled", decision.hero, before=len(old), after=len(new))
    hooks.dealt(ctx, new, faces)


def _eye_holder(ctx: Ctx) -> Hero | None:
    from engine.darkest_talisman import ground

    if ground.no_magic_here(ctx):
        return None
    return next((h for h in ctx.state.party() if any(card_id(o) == EYE for o in h.objects)
                 and not hero_rules.has_amulet(ctx.pack, h)), None)


def _eye_decision(ctx: Ctx) -> bool:
    """H5 Baleful Eye: at the start of a Guardian Combat round's casting stage its bearer may
    send one of the Enemies away, discarded (once a Guardian Combat; never the last Enemy, nor the
    Sentinel: ruling `sacred_pool_cards`)."""
    from engine.darkest_talisman import guardians

    state = ctx.state
    fight = state.fight
    if fight is None or fight.stage != "casting" or not fight.enemy_turn or fight.passed or fight.kind == "sentinel":
        return False
    living = guardians.living(fight)
    holder = _eye_holder(ctx)
    if holder is None or len(living) < 2 or EYE in holder.used or f"{EYE}@{fight.rounds}" in holder.used:
        return False
    state.decision = Decision(kind="baleful_eye", hero=holder.uid,
                              options=[f"{EYE_HEAD}:{g.uid}" for g in living] + [KEEP],
                              data={"foes": [{"uid": g.uid, "enemy": g.of, "strength": g.strength, "craft": g.craft}
                                                  for g in living], "round": fight.rounds})
    return True


def _eye_answer(ctx: Ctx, decision: Decision, option: str) -> None:
    from engine.darkest_talisman import guardians

    state = ctx.state
    fight = state.fight
    hero = state.hero(decision.hero or "")
    if fight is None:
        return
    if not option.startswith(f"{EYE_HEAD}:"):
        hero.used.append(f"{EYE}@{fight.rounds}")  # not this round; asked again next round
        return
    target = next((g for g in guardians.living(fight) if g.uid == option.split(":", 1)[1]), None)
    if target is None:
        return
    hero.used.append(EYE)
    decks.ext(ctx).eyes_used += 1
    ctx.emit("baleful_eye", hero.uid, enemy=target.of)
    guardians._remove(ctx, target, why="baleful_eye")


def ai_pick(ctx: Ctx, decision: Decision, chance: float) -> str | None:
    """The campaign AI's Sacred Pool answers: the Gilded Compass rerolls a count above the dice's
    average (fewer cards to face, on average); the Baleful Eye sends away the strongest Enemy."""
    if not in_play(ctx):
        return None
    if decision.kind == "gilded_compass":
        dice, total = int(decision.data.get("dice", 1)), int(decision.data.get("total", 0))
        return REROLL if total * 2 > dice * 7 else KEEP
    if decision.kind == "knight_aid":
        value, attack = int(decision.data.get("value", 0)), int(decision.data.get("attack", 0))
        knight = ctx.state.hero(decision.hero or "")
        return AID if attack < value + 2 and knight.life >= 2 else DECLINE
    if decision.kind == "baleful_eye":
        foes = decision.data.get("foes") or []
        if not foes:
            return KEEP
        best = max(foes, key=lambda g: (max(g.get("strength") or 0, g.get("craft") or 0), g["uid"]))
        return f"{EYE_HEAD}:{best['uid']}"
    return None


def _stasis_spot(ctx: Ctx, task: Any) -> Any:
    from engine.darkest_talisman import ground

    if not task.fresh or task.seq is None or task.hero_roll or task.ally or "#" not in task.enemy:
        return None
    spot = ground.spot(ctx, task.seq)
    return spot if spot is not None and spot.card == task.enemy else None


def combat_spell_fits(ctx: Ctx, task: Any, hero: Hero, kind: str) -> bool:
    """H5 Stasis: against an Enemy just turned over, not yet fought, while a card is left to draw."""
    state = ctx.state
    return (kind == "stasis" and _stasis_spot(ctx, task) is not None
            and bool(state.decks.adventure or state.decks.adventure_discard))


def combat_cast(ctx: Ctx, task: Any, hero: Hero, kind: str) -> None:
    """H5 Stasis: the Enemy just revealed goes on top of the Adventure deck; the card drawn from
    under it takes its Draw Spot, face down, and is met instead (project ruling `sacred_pool_cards`)."""
    if kind != "stasis":
        return
    state = ctx.state
    spot = _stasis_spot(ctx, task)
    if spot is None:
        return
    new = cards.draw_adventure(ctx)
    if new is None:
        return
    old = task.enemy
    state.decks.adventure.append(old)
    spot.card, spot.revealed, spot.met = new, False, False
    state.tasks = [t for t in state.tasks if t is not task and not (getattr(t, "seq", None) == spot.seq
                                                                      and getattr(t, "task", "") in ("card", "pickup"))]
    decks.ext(ctx).stases += 1
    ctx.emit("stasis_swap", hero.uid, enemy=card_id(old))
    state.tasks.append(MeetSpot(seq=spot.seq))


# ----------------------------------------------------------------------------- H5: the Chivalric Knight
def _combat_top(ctx: Ctx) -> Any:
    from engine.darkest_talisman.state import Combat

    tasks = ctx.state.tasks
    return tasks[-1] if tasks and isinstance(tasks[-1], Combat) else None


def _knight_for(ctx: Ctx, task: Any) -> Hero | None:
    """H5: a Chivalric Knight behind the fighter in the Marching Order, for a battle (Strength)
    against an Enemy not yet rolled for; a normal combat, never Guardian Combat."""
    from engine.darkest_talisman import combat

    state = ctx.state
    if (task is None or task.stage != "choose" or task.hero_roll or task.ally or task.psychic
            or combat.attack_attribute(task) != "strength" or task.hero not in state.order):
        return None
    behind = state.order[state.order.index(task.hero) + 1:]
    return next((state.hero(u) for u in behind
                 if state.hero(u).alive and hero_rules.has_ability(ctx.pack, state.hero(u), "knight_aid")), None)


def _aid_decision(ctx: Ctx) -> bool:
    from engine.darkest_talisman import combat

    state = ctx.state
    record = decks.ext(ctx)
    task = _combat_top(ctx)
    knight = _knight_for(ctx, task)
    if knight is None or record.aid_asked == [task.hero, task.enemy]:
        return False
    hero = state.hero(task.hero)
    strength = hero_rules.total(ctx.pack, knight, "strength")
    state.decision = Decision(kind="knight_aid", hero=knight.uid, options=[AID, DECLINE],
                              data={"fighter": hero.uid, "enemy": card_id(task.enemy), "value": combat.enemy_score(ctx, task),
                                    "attack": combat.hero_score(ctx, task, hero), "strength": strength})
    return True


def _aid_answer(ctx: Ctx, decision: Decision, option: str) -> None:
    """H5 Chivalric Knight: aiding, his Strength joins the fighter's attack score; he will not
    meet that Enemy later this turn at his own place in the Marching Order."""
    state = ctx.state
    record = decks.ext(ctx)
    task = _combat_top(ctx)
    if task is None:
        return
    record.aid_asked = [task.hero, task.enemy]
    if option != AID:
        return
    knight = state.hero(decision.hero or "")
    strength = hero_rules.total(ctx.pack, knight, "strength")
    task.bonus += strength
    record.aid, record.aid_strength = [task.hero, knight.uid, task.enemy], strength
    record.knight_aids += 1
    for t in state.tasks:
        if isinstance(t, MeetCard) and t.seq == task.seq and knight.uid in t.heroes[t.index + 1:]:
            t.heroes = t.heroes[:t.index + 1] + [u for u in t.heroes[t.index + 1:] if u != knight.uid]
    ctx.emit("knight_aids", knight.uid, fighter=task.hero, enemy=card_id(task.enemy), strength=strength)


def battle_won(ctx: Ctx, hero: Hero, enemy: str, attribute: str) -> None:
    """H5: the battle the Knight aided is won: if his Strength made the difference, he draws a
    Quest Reward (while any is left)."""
    from engine.darkest_talisman import combat

    record = decks.ext(ctx)
    if record.aid[:1] != [hero.uid] or record.aid[2:] != [enemy]:
        return
    knight = ctx.state.hero(record.aid[1])
    task = _combat_top(ctx)
    record.aid = []
    if task is None or not knight.alive:
        return
    ours = combat.hero_score(ctx, task, hero) + sum(task.hero_roll) - record.aid_strength
    theirs = combat.enemy_score(ctx, task) + sum(task.enemy_roll)
    if ours > theirs or not record.rewards:
        return
    record.knight_rewards += 1
    _draw_reward(ctx, knight)


def attack_lost(ctx: Ctx, hero: Hero) -> None:
    """H5: the battle the Knight aided is lost: he pays as the one he helped (his armour may
    save him, as in any lost battle): 1 life and 1 Strength."""
    from engine.darkest_talisman import combat

    record = decks.ext(ctx)
    task = _combat_top(ctx)
    if task is None or record.aid[:1] != [hero.uid] or record.aid[2:] != [task.enemy]:
        return
    knight = ctx.state.hero(record.aid[1])
    record.aid = []
    if not knight.alive:
        return
    ctx.emit("knight_shares_loss", knight.uid, fighter=hero.uid)
    if combat.saved(ctx, knight, "strength", shield_ok=True, face_up=not task.fresh and task.seq is not None):
        return
    if hero_rules.lose_life(ctx, knight, 1, "knight_aid"):
        hero_rules.change(ctx, knight, "strength", -1, "knight_aid")
        hero_rules.kill(ctx, knight, "knight_aid")
        return
    hero_rules.change(ctx, knight, "strength", -1, "knight_aid")
