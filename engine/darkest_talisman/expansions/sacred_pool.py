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
brings the strongest face-up Enemy of the road to the party, met at once.

Not built yet (issue #31): the Chivalric Knight's aid in battle, Baleful Eye and Shield of
Defiance's Guardian Combat rules, the Gilded Compass's reroll, Stasis's swap (it holds an Enemy
still instead), Fortune's Fool and Rumour of Riches as printed (the project's stand-ins act).
"""
from __future__ import annotations

from typing import Any

from engine.darkest_talisman import cards, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.actions import Buy
from engine.darkest_talisman.content import EnemyCard
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks
from engine.darkest_talisman.expansions.content import QuestReward, StablesWare, expansion_by_id
from engine.darkest_talisman.state import Decision, Hero, MeetSpot, TeleportTask, Trove, card_id

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


def new_road(ctx: Ctx) -> None:
    """Carried off the Pool's road, the party has left it: the core deck comes back (H4j)."""
    trip = ctx.state.trip
    if trip is None or trip.destination != POOL:
        _pool_over(ctx)


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
