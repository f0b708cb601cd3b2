"""The Frostmarch (DT section G): its pack (data/talisman/expansions/frostmarch/), registered as
the expansion a campaign names with `expansions:Frostmarch`.

What the groundwork does for it with no code here: its Magic Objects form the Frostmarch Trove
deck (G1), its Adventure cards their own deck, set aside, its Spells wait outside the Spell deck
(engine/darkest_talisman/expansions/decks.py `setup`); its Warlock Quest cards join the Cave's,
with the Reaper's when both are played (G2a-e, engine/darkest_talisman/expansions/quests.py).

G3: the Frostmarch is a Trove Destination beyond the Chapel, in a region of its own (the pack's
`beyond_chapel`, G3a). At the Chapel, once it is met, the party may go on beyond it (G3b-c): the
cards along the road are discarded, the party stands on the first Road Space (Fields) of the
road to the Frostmarch; the Frostmarch Adventure deck replaces the core's (G3d), its Spells are
shuffled into the Spell deck (G3e), the trove is three Frostmarch Magic Objects and a d6 of Gold
(G3f); the road is travelled as any (G3g) and the guardians are the core's (C8d, G3h-i). Walking
back off the road's near end brings the party back to the Chapel: the core deck comes back (the
Spells stay, G3j) and the party goes home along the Inner road, met anew (a new region, C4a-m).

G4: the Leprechaun's ability only as leader on a 6 for a space's cards; the Necromancer's "when
you attack" (D1); Black Ice; Frostbite and Ice Fang (no Enemy re-roll on a 6); the Horn of
Summoning and the Winged Boots, only for the leader; Howl of the Wendigo; the Frostmarch's Pack
of Wolves and Winter Wolf bite as a Wolf with the Blood Moon (F2a); the Talismonger's and the
Quest cards' losses below starting values.
"""
from __future__ import annotations

from engine.darkest_talisman import cards, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.actions import Cast
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import blood_moon, decks
from engine.darkest_talisman.state import Decision, Hero, RoadSpace, Trip, Trove, card_id

ID = "frostmarch"
#: G3a: the new region beyond the Chapel (expansion.yaml `regions`)
REGION = "beyond_chapel"
#: the Trove Destination (expansion.yaml `locations`)
TROVE = "frostmarch"
#: G3b: the Chapel straddles the two regions
CHAPEL = "chapel"
REASON = "frostmarch:road"
#: the answer at the Chapel that takes the road beyond it (G3c)
BEYOND = f"beyond:{TROVE}"
#: the answer on a Road Space where the Winged Boots may fly the party over the Storm River (G4)
FLY = "fly"
#: G3f: three Magic Objects from the Frostmarch Trove deck
ITEMS = 3
#: G4 Frostbite, Ice Fang: the combat in which the Enemy's 6 is not rolled again
CLOSED = {"frostbite": "strength", "ice_fang": "craft"}
HORN = "horn_of_summoning"
BOOTS = "winged_boots"
LEPRECHAUN = "leprechaun"
#: G4: the Frostmarch's Pack of Wolves (its own id: the Reaper has one too) bites as a Wolf (F2a)
PACK_OF_WOLVES = "frostmarch_pack_of_wolves"


def in_play(ctx: Ctx) -> bool:
    return ctx.state.ext is not None and ID in ctx.state.ext.ids


def _leader(ctx: Ctx) -> Hero | None:
    return ctx.state.leader()


# ----------------------------------------------------------------------------- G3: beyond the Chapel
def destination_options(ctx: Ctx, decision: Decision) -> None:
    """G3b-c: at the Chapel, on the way out and once it is met, the party may go on beyond it."""
    trip = ctx.state.trip
    if (trip is not None and trip.destination == CHAPEL and trip.region != REGION and trip.heading == "out"
            and not trip.destination_done and BEYOND not in decision.options):
        decision.options.append(BEYOND)


def answer(ctx: Ctx, decision: Decision, option: str) -> bool:
    if decision.kind == "destination" and option == BEYOND:
        go_beyond(ctx)
        return True
    if decision.kind == "stand" and option == FLY:
        fly(ctx)
        return True
    return False


def go_beyond(ctx: Ctx) -> None:
    """G3c-f: the road's cards discarded (and the discard pile shuffled in: a new region, C4a-m),
    the party on the first Road Space of the road to the Frostmarch, its deck, Spells and trove."""
    from engine.darkest_talisman.hookpoint import hooks

    state = ctx.state
    old = state.trip
    assert old is not None
    record = decks.ext(ctx)
    old.destination_done = True
    travel.discard_road(ctx)
    cards.shuffle_discards(ctx)
    region = ctx.pack.region(REGION)
    road = [RoadSpace(location=t) for t in region.road] + [RoadSpace(location=TROVE)]
    state.trip = Trip(region=REGION, village=old.village, destination=TROVE, goal="trove", road=road)
    record.frost_trip = True
    record.frost_trips += 1
    record.boots_space = None
    ctx.emit("frostmarch_road")
    decks.hold(ctx, ID, REASON)  # G3d
    decks.shuffle_in_spells(ctx, ID)  # G3e
    items = decks.draw_trove(ctx, ID, ITEMS)  # G3f
    gold = sum(state.rng.d6() for _ in range(ctx.pack.rules.trove_gold_dice.value))
    state.trip.trove = Trove(items=items, gold=gold)
    ctx.emit("trove_set", reveals=True, items=len(items))
    hooks.new_road(ctx)  # the other expansions' figures on a new road (E2g, F6)
    travel.arrive(ctx, 0)


def road_end(ctx: Ctx) -> bool:
    """G3j: walking back off the road beyond the Chapel, the party is back at the Chapel: the
    road's cards are discarded (an unwon trove goes back to its deck), the core Adventure deck
    comes back, the Spells stay; then home along the Inner road, met anew (project ruling
    `frostmarch_road`). Only the Frostmarch's own road: the Sacred Pool's, in the same Region
    (H4a), keeps its own way home."""
    from engine.darkest_talisman.hookpoint import hooks

    state = ctx.state
    trip = state.trip
    if trip is None or trip.region != REGION or trip.destination != TROVE:
        return False
    record = decks.ext(ctx)
    travel.discard_road(ctx)
    cards.shuffle_discards(ctx)
    _over(ctx)
    cards.shuffle_discards(ctx)
    record.frost_returns += 1
    inner = ctx.pack.region("inner")
    road = [RoadSpace(location=t) for t in inner.road] + [RoadSpace(location=CHAPEL, visited=True)]
    state.trip = Trip(region=inner.id, village=trip.village, destination=CHAPEL, goal="aid", road=road,
                      position=len(road) - 1, heading="home", destination_done=True)
    ctx.emit("frostmarch_back")
    hooks.new_road(ctx)
    travel.arrive(ctx, len(road) - 2)
    return True


def _over(ctx: Ctx) -> None:
    record = decks.ext(ctx)
    record.boots_space = None
    if not record.frost_trip:
        return
    record.frost_trip = False
    decks.release(ctx, REASON)


def trove_won(ctx: Ctx) -> None:
    """G3i: the trove is shared out as in the core; the deck stays until the Chapel (G3j)."""
    trip = ctx.state.trip
    record = decks.ext(ctx)
    if trip is not None and trip.destination == TROVE and record.frost_trip:
        record.frost_won += 1


def new_road(ctx: Ctx) -> None:
    """Carried off the road beyond the Chapel (a teleport), the party has left the Frostmarch:
    the core deck comes back (project ruling `frostmarch_road`)."""
    trip = ctx.state.trip
    record = decks.ext(ctx)
    record.boots_space = None
    if trip is None or trip.destination != TROVE:
        _over(ctx)


def home(ctx: Ctx) -> None:
    """Back in a village by any way (a teleport, a flight): the Frostmarch's road is over."""
    _over(ctx)


# ----------------------------------------------------------------------------- G4: the day's dice
def dealt(ctx: Ctx, uids: list[str], faces: list[int]) -> None:
    """The cards dealt onto a new Road Space for the day's dice `faces`: the Frostmarch cards met
    are counted; G4 Leprechaun: leading the party, a 6 among them finds him 1 Gold (project);
    G4 Winged Boots: their bearer leading, a 6 on an Inner Road Space lets the party fly over
    the Storm River from this space."""
    state = ctx.state
    record = decks.ext(ctx)
    record.frost_cards += sum(1 for u in uids if decks.owner(ctx, u) == ID)
    leader = _leader(ctx)
    trip = state.trip
    if leader is None or trip is None or 6 not in faces:
        return
    if leader.card == LEPRECHAUN:
        hero_rules.change(ctx, leader, "gold", 1, "leprechaun")
    if trip.region == "inner" and any(card_id(u) == BOOTS for u in leader.objects):
        record.boots_space = trip.position
        ctx.emit("winged_boots", leader.uid)


def stand_options(ctx: Ctx, decision: Decision) -> None:
    """G4 Winged Boots: on the space where the 6 was rolled, the party may fly over the river."""
    trip = ctx.state.trip
    record = decks.ext(ctx)
    if (trip is not None and trip.region == "inner" and record.boots_space == trip.position
            and FLY not in decision.options):
        decision.options.append(FLY)


def fly(ctx: Ctx) -> None:
    """G4 Winged Boots: over the Storm River into the village beyond it (as by raft, C5d)."""
    record = decks.ext(ctx)
    record.boots_space = None
    record.boots_flights += 1
    travel.cross(ctx, "winged_boots")


def extra_draws(ctx: Ctx) -> int:
    """G4 Horn of Summoning: its bearer leading the party calls one card more onto a Road Space
    first reached (the card's own effect is the project's reading)."""
    leader = _leader(ctx)
    return 1 if leader is not None and any(card_id(u) == HORN for u in leader.objects) else 0


# ----------------------------------------------------------------------------- G4: combat
def closed_roll(ctx: Ctx, hero: Hero, attribute: str) -> bool:
    """G4 Frostbite (battle), Ice Fang (psychic combat): the Enemy's 6 is not rolled again."""
    return any(CLOSED.get(card_id(u)) == attribute for u in hero.objects)


def injured(ctx: Ctx, hero: Hero, enemy: str) -> None:
    """G4: with the Blood Moon, the Frostmarch's Pack of Wolves bites as a Wolf (F2a; the Winter
    Wolf is among the Blood Moon's Wolves already)."""
    if card_id(enemy) == PACK_OF_WOLVES and blood_moon.in_play(ctx):
        blood_moon.injured(ctx, hero, "pack_of_wolves")


def event(ctx: Ctx, special: str, seq: int) -> None:
    if special == "wendigo":
        howl(ctx)


def howl(ctx: Ctx) -> None:
    """G4 Howl of the Wendigo: in Marching Order each character rolls a d6: 1-3 he attacks the
    other character nearest the front, 4-6 the one nearest the back; each attack is resolved
    before the next, with the attribute the attacker chooses (his better one: project ruling
    `wendigo`): a d6 each plus that attribute, the higher wins (a tie: nothing); the loser loses
    a life (the usual penalty) and the winner takes it."""
    state = ctx.state
    record = decks.ext(ctx)
    record.wendigo_howls += 1
    ctx.emit("wendigo_howl")
    for attacker in [h for h in state.party() if h.alive]:
        if not attacker.alive or state.status != "active":
            continue
        others = [h for h in state.party() if h.alive and h.uid != attacker.uid]
        if not others:
            return
        face = ctx.d6("wendigo", attacker.uid)
        victim = others[0] if face <= 3 else others[-1]
        attribute: hero_rules.Attr = max(("strength", "craft"), key=lambda a: hero_rules.total(ctx.pack, attacker, a))
        ours = ctx.d6("wendigo_fight", attacker.uid) + hero_rules.total(ctx.pack, attacker, attribute)
        theirs = ctx.d6("wendigo_fight", victim.uid) + hero_rules.total(ctx.pack, victim, attribute)
        ctx.emit("wendigo_attack", attacker.uid, victim=victim.uid, attribute=attribute, ours=ours, theirs=theirs)
        if ours == theirs:
            continue
        winner, loser = (attacker, victim) if ours > theirs else (victim, attacker)
        if hero_rules.lose_life(ctx, loser, 1, "wendigo"):
            hero_rules.kill(ctx, loser, "wendigo")
        if winner.alive:
            hero_rules.gain_life(ctx, winner, 1, "wendigo")


# ----------------------------------------------------------------------------- G4: Black Ice
def casts(ctx: Ctx, hero: Hero, uid: str, kind: str, on_road: bool) -> list[Cast]:
    """G4 Black Ice: cast on the next Road Space, standing on a road with every card here met."""
    state = ctx.state
    trip = state.trip
    if kind != "black_ice" or not on_road or trip is None or state.tasks:
        return []
    if state.decision is None or state.decision.kind != "stand":
        return []
    if trip.heading != "out" or trip.position + 2 > len(trip.road) - 1:
        return []
    return [Cast(hero=hero.uid, spell=uid, target=f"road:{trip.position + 1}")]


def resolve(ctx: Ctx, hero: Hero, kind: str, action: Cast) -> None:
    if kind != "black_ice":
        return
    trip = ctx.state.live_trip()
    ctx.emit("black_ice", hero.uid, space=trip.position + 1)
    ctx.state.decision = None
    travel.leave(ctx)
    travel.arrive(ctx, trip.position + 2)
