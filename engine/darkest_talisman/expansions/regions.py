"""The expansions' own Regions (the big boxes: the City J1-J3, the Highland K3-K6, the Dungeon
L3-L6, the Woodland M6-M8): an expansion pack with a region.yaml (expansions/content.py
`RegionSpec`) gets, with no code of its own:

- the way in: standing at the core destination that straddles both Regions (the City, the
  Crags, the Ruins, the Forest), once that destination is met (J3a; K3c "encounter it as a
  Destination Space, then"), the party may choose `enter:<region>`; entering discards every card
  on the core road (J3b, K3c), puts the expansion's Adventure deck in play until the party leaves
  the Region (J3b, K3d, L3o, M6d), shuffles its Spells in if the Region says so (K3e) and sets
  its trove (K3f, L3q, M6f); the party then stands on the Region's first Road Space;
- its road: the Region's Road Spaces in order, each rolling its own dice for cards, a 1 among
  them revealing one of the Region's own Special Locations (J3d-e, K5, L5, M7): the core's
  travel code does it, the Region being a region of the merged pack;
- the way out: walking back past its first Road Space the party is at the straddling
  destination again (J3f-c "return to the City along the City Road"), on the core road, with
  the core deck back (K6j, L6d, M8e); a teleport off the Region or a return to a village ends
  the stay too;
- its master: a foe who joins the trove's guardians (K6g, L6a, M8a) in Guardian Combat, so the
  forecast is the fight's own; beaten, the Region's listed Adventure cards join the core deck
  (K6k, L6e, M8f) and the Region is not entered again until the party is back in a village.

An expansion module may add `region_entered(ctx, region_id)`, `region_left(ctx, region_id)` and
`may_enter(ctx, region_id) -> bool` hooks (engine/darkest_talisman/expansions/hooks.py).
"""
from __future__ import annotations

from typing import Callable

from engine.darkest_talisman import travel
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks
from engine.darkest_talisman.expansions.content import Expansion, RegionSpec
from engine.darkest_talisman.expansions.model import RegionStay
from engine.darkest_talisman.state import Decision, Guardian, RoadSpace, Trip, Trove

#: the decisions at the straddling destination that offer the way in
ENTER_DECISIONS = ("destination", "stand")


def reason(region_id: str) -> str:
    return f"region:{region_id}"


def specs(ctx: Ctx) -> list[tuple[Expansion, RegionSpec]]:
    return [(e, e.region) for e in decks.expansions(ctx) if e.region is not None]


def spec(ctx: Ctx, region_id: str) -> tuple[Expansion, RegionSpec]:
    found = next(((e, s) for e, s in specs(ctx) if s.region.id == region_id), None)
    if found is None:
        raise KeyError(region_id)
    return found


def is_expansion_region(ctx: Ctx, region_id: str) -> bool:
    return any(s.region.id == region_id for _, s in specs(ctx))


def stay(ctx: Ctx) -> RegionStay | None:
    return decks.ext(ctx).region if ctx.state.ext is not None else None


#: asks every expansion module in play its hook `name` (set by the hooks module, which knows
#: the registry: the modules import this one)
MODULES_SAY: Callable[..., list[object]] | None = None


def _module_says(ctx: Ctx, name: str, *args: object) -> list[object]:
    return MODULES_SAY(ctx, name, *args) if MODULES_SAY is not None else []


# ----------------------------------------------------------------------------- the way in
def entries(ctx: Ctx) -> list[str]:
    """The Regions the party may enter from where it stands: at the straddling destination of a
    core road, that destination met (J3a, K3c), no fight going on, not a Region whose master is
    beaten until the party is back in a village."""
    state = ctx.state
    trip = state.trip
    if trip is None or state.mode != "road" or not travel.is_destination(trip, trip.position):
        return []
    if is_expansion_region(ctx, trip.region) or not trip.location_met:
        return []
    if state.fight is not None and state.fight.stage != "ready":
        return []
    if trip.goal == "trove" and not trip.destination_done:
        return []  # K3c: the trove destination is met first (its guardians fought or left)
    record = decks.ext(ctx)
    out = []
    for _, region in specs(ctx):
        rid = region.region.id
        if region.straddle != trip.destination or rid in record.regions_done:
            continue
        if any(said is False for said in _module_says(ctx, "may_enter", rid)):
            continue
        out.append(f"enter:{rid}")
    return out


def came_by_road(ctx: Ctx) -> bool:
    """The party reached this straddling destination along its core road from the village (not
    back out of the Region): the campaign AI goes in only then, so it does not walk in and out."""
    trip = ctx.state.trip
    return trip is not None and all(space.visited for space in trip.road)


def add_options(ctx: Ctx, decision: Decision) -> None:
    """The way in, offered beside "continue" at the straddling destination."""
    if decision.kind not in ENTER_DECISIONS:
        return
    for option in entries(ctx):
        if option not in decision.options:
            decision.options.insert(1 if decision.options else 0, option)


def enter(ctx: Ctx, region_id: str) -> None:
    """J3b, K3c-f, L3n-q, M6c-f: into the Region, onto its first Road Space."""
    state = ctx.state
    trip = state.trip
    assert trip is not None
    exp, region = spec(ctx, region_id)
    record = decks.ext(ctx)
    travel.discard_road(ctx)  # J3b: every card on the core road is discarded
    from engine.darkest_talisman import guardians

    guardians.dissolve(ctx)
    record.region = RegionStay(id=region_id, expansion=exp.id, straddle=trip.destination, parent=trip.region,
                               village=trip.village)
    record.regions_entered += 1
    ctx.emit("region_entered", region=region_id, straddle=trip.destination)
    decks.hold(ctx, exp.id, reason(region_id))
    if region.spells_in:
        decks.shuffle_in_spells(ctx, exp.id)
    pack_region = ctx.pack.region(region_id)
    road = [RoadSpace(location=t) for t in pack_region.road] + [RoadSpace(location=region.end)]
    state.trip = Trip(region=region_id, village=trip.village, destination=region.end, goal=region.goal, road=road)
    if region.goal == "trove":
        state.trip.trove = _trove(ctx, exp, region)
    for hero in state.party():
        hero.used = []
    _module_says(ctx, "region_entered", region_id)
    travel.arrive(ctx, 0)


def _trove(ctx: Ctx, exp: Expansion, region: RegionSpec) -> Trove:
    """K3f, L3q, M6f: Magic Objects from the expansion's Trove deck and dice of Gold, face down."""
    items = decks.draw_trove(ctx, exp.id, region.trove_items)
    gold = sum(ctx.state.rng.d6() for _ in range(region.trove_gold_dice))
    ctx.emit("trove_set", reveals=True, items=len(items))
    return Trove(items=items, gold=gold)


# ----------------------------------------------------------------------------- the way out
def walked_out(ctx: Ctx) -> bool:
    """The party walks back past the Region's first Road Space (J3f-c): it stands at the
    straddling destination again, on its core road, the core deck back. False: not in a Region."""
    here = stay(ctx)
    trip = ctx.state.trip
    if here is None or trip is None or trip.region != here.id:
        return False
    out_to_straddle(ctx)
    return True


def out_to_straddle(ctx: Ctx) -> None:
    """Out of the Region to its straddling destination, whatever the way (walked back, blown back
    by an Air Elemental, out of the City's Jail, J1c)."""
    here = stay(ctx)
    assert here is not None
    travel.discard_road(ctx)
    end(ctx, "walked")
    back_at_straddle(ctx, here)


def back_at_straddle(ctx: Ctx, here: RegionStay) -> None:
    """The party stands at the straddling destination of its core road, which it meets again
    (its Aid, J1a; the way back to the village from there): the core road's cards were
    discarded on the way in (J3b), so its spaces are new again."""
    state = ctx.state
    road = travel.road_to(ctx.pack.region(here.parent), here.straddle)
    state.trip = Trip(region=here.parent, village=here.village, destination=here.straddle, goal="aid", road=road)
    state.mode = "road"
    ctx.emit("region_left", region=here.id, straddle=here.straddle)
    travel.arrive(ctx, len(road) - 1)


def end(ctx: Ctx, why: str) -> None:
    """The stay is over (walked out, carried off, home): the core deck comes back (K6j)."""
    record = decks.ext(ctx)
    here = record.region
    if here is None:
        return
    record.region = None
    decks.release(ctx, reason(here.id))
    _module_says(ctx, "region_left", here.id)
    if why != "walked":
        ctx.emit("region_left", region=here.id, straddle=None)


def home(ctx: Ctx) -> None:
    """Back in a village: out of any Region; a beaten master's Region may be entered again."""
    end(ctx, "home")
    decks.ext(ctx).regions_done = []


def new_road(ctx: Ctx) -> None:
    """Carried onto another road (a teleport): out of the Region if the road is not its own."""
    here = stay(ctx)
    trip = ctx.state.trip
    if here is not None and (trip is None or trip.region != here.id):
        end(ctx, "teleport")


# ----------------------------------------------------------------------------- the master
def master_guardians(ctx: Ctx) -> list[Guardian]:
    """K6g, L6a, M8a: the Region's master joins the guardians drawn for its trove (C8d)."""
    here = stay(ctx)
    trip = ctx.state.trip
    if here is None or trip is None or trip.region != here.id:
        return []
    _, region = spec(ctx, here.id)
    if region.master is None or trip.destination != region.end:
        return []
    foe = ctx.pack.foe(region.master)
    return [Guardian(uid=f"{foe.id}@1", of=foe.id, kind=foe.kind, strength=foe.strength or 0, craft=foe.craft or 0)]


def master_of(ctx: Ctx) -> dict[str, object] | None:
    """The master waiting at the end of the Region's road, for the forecast of a fight whose
    other guardians are not drawn yet (K6g)."""
    found = master_guardians(ctx)
    if not found:
        return None
    g = found[0]
    return {"of": g.of, "strength": g.strength, "craft": g.craft}


def trove_won(ctx: Ctx) -> None:
    """K6i-k, L6c-e, M8c-f: the trove shared out; the Region's listed cards join the core deck
    (once); the Region not again until home."""
    here = stay(ctx)
    trip = ctx.state.trip
    if here is None or trip is None or trip.region != here.id or trip.destination != spec(ctx, here.id)[1].end:
        return
    exp, region = spec(ctx, here.id)
    record = decks.ext(ctx)
    if region.master is not None:
        record.masters_beaten += 1
        ctx.emit("master_beaten", region=here.id, master=region.master)
    if here.id not in record.regions_done:
        record.regions_done.append(here.id)
    if region.joins_core and exp.id not in record.joined:
        moved = decks.join_core(ctx, exp.id, set(region.joins_core))
        ctx.emit("cards_join_core", region=here.id, n=len(moved))
