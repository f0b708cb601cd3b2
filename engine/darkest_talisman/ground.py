"""Where dropped things lie (C4b): on the Draw Spot met last, on the space itself, in the trove.

Characters may drop items, Gold and Followers at any time on the road (C4b-a). They fall on the
Draw Spot or special location the party met most recently (C4b-b) and count as already met
until the party comes that way again (C4b-d). A dead character's things are not "met" (C4b-f):
the others may pick them up at once. In Guardian Combat they fall into the trove (C8e-j). On the
Tower road nobody comes back for them: they are discarded (project ruling `tower_turn_back`).
"""
from __future__ import annotations

from engine.darkest_talisman import cards
from engine.darkest_talisman.content import Location
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import Dropped, Spot


def current_spot(ctx: Ctx) -> Spot | None:
    trip = ctx.state.trip
    if trip is None or trip.drop_seq < 0:
        return None
    return next((s for s in trip.spots if s.seq == trip.drop_seq), None)


def drop(ctx: Ctx, things: list[str], gold: int, *, encountered: bool) -> None:
    state = ctx.state
    if not things and not gold:
        return
    if state.fight is not None and state.fight.stage in ("casting", "split"):
        state.fight.fallen.extend(things)
        state.fight.fallen_gold += gold
        ctx.emit("fell_in_trove", things=[t.split("#")[0] for t in things], gold=gold)
        return
    if state.trip is None or state.mode != "road":
        for uid in things:
            cards.discard(ctx, uid)
        if things:
            ctx.emit("things_lost", things=[t.split("#")[0] for t in things], gold=gold)
        return
    pile = [Dropped(thing=t, encountered=encountered) for t in things]
    if gold:
        pile.append(Dropped(gold=gold, encountered=encountered))
    spot = current_spot(ctx)
    if spot is not None:
        spot.dropped.extend(pile)
    else:
        state.trip.dropped_here.extend(pile)
    ctx.emit("dropped", things=[t.split("#")[0] for t in things], gold=gold, spot=spot.seq if spot else None)


def here(ctx: Ctx) -> Location | None:
    """The location the party stands on (a special location covers its terrain), if on a road."""
    trip = ctx.state.trip
    if trip is None or ctx.state.mode != "road" or not 0 <= trip.position < len(trip.road):
        return None
    space = trip.road[trip.position]
    return ctx.pack.location(space.special or space.location)


def no_magic_here(ctx: Ctx) -> bool:
    loc = here(ctx)
    return bool(loc and loc.no_magic)


def spot(ctx: Ctx, seq: int) -> Spot | None:
    trip = ctx.state.trip
    return None if trip is None else next((s for s in trip.spots if s.seq == seq), None)


def spot_of_card(ctx: Ctx, uid: str) -> Spot | None:
    trip = ctx.state.trip
    return None if trip is None else next((s for s in trip.spots if s.card == uid), None)
