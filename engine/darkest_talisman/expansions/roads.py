"""The expansions' road mechanics: figures that move one Road Space per 1 rolled (E2e-f, F6b),
and the re-reading of "clockwise" and "roll two dice to move" for roads (E4a, E4b).

E4a: "clockwise" is toward the destination, "counterclockwise" toward the village; a moved card
never enters the village (it stops on the first Road Space) and, landing on the destination, is
met before the space itself (it waits there, met first on arrival). E4b: an effect that lets the
party roll two dice to move lets the leader skip one Road Space instead.
"""
from __future__ import annotations

from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions.model import RoadFigure
from engine.darkest_talisman.state import Spot


def step_toward(ctx: Ctx, figure: RoadFigure, target: int, barriers: list[int], length: int) -> bool:
    """Move `figure` one Road Space toward `target` (away from it while Misdirection holds, back
    toward it at the end of the road, E5). A Barrier's space may be entered, not passed (E5);
    Slow Motion spends every other 1 (E5). True when the figure moved."""
    if figure.position == target:
        return False
    if figure.slow:
        figure.held_one = not figure.held_one
        if figure.held_one:
            return False
    ahead = 1 if target > figure.position else -1
    way = -ahead if figure.reversed else ahead
    nxt = figure.position + way
    if not 0 <= nxt < length:
        figure.reversed = False  # the end of the road: back to his first direction
        way, nxt = ahead, figure.position + ahead
    if figure.position in barriers and way == ahead:
        return False
    figure.position = nxt
    return True


def move_card(ctx: Ctx, spot: Spot, spaces: int) -> int:
    """E4a: move a card lying on the party's space `spaces` Road Spaces (positive: clockwise,
    toward the destination; negative: toward the village). Never into the village; on the
    destination it waits to be met first. Returns the space it reached."""
    trip = ctx.state.trip
    assert trip is not None
    last = len(trip.road) - 1
    to = max(0, min(last, trip.position + spaces))
    if to == trip.position:
        return to
    trip.spots = [s for s in trip.spots if s.seq != spot.seq]
    target = trip.road[to]
    if spot.card is not None and (to == last or not target.visited):
        target.waiting.append(spot.card)
        for pile in spot.dropped:
            trip.road[to].spots.append(Spot(seq=ctx.state.new_seq(), dropped=[pile]))
    else:
        spot.met = False
        target.spots.append(spot)
    ctx.emit("card_moved", card=(spot.card or "").split("#")[0], space=to)
    return to


def skip_options(ctx: Ctx, followers: list[str]) -> list[str]:
    """E4b: the leader with a Follower that let him roll two dice to move may skip a Road Space."""
    state = ctx.state
    trip = state.trip
    leader = state.leader()
    if trip is None or leader is None or trip.heading != "out" or trip.position + 2 > len(trip.road) - 1:
        return []
    if any(f.split("#")[0] in followers for f in leader.followers):
        return ["skip"]
    return []


def skip(ctx: Ctx) -> None:
    """E4b: the party passes the next Road Space unmet and enters the one after."""
    from engine.darkest_talisman import travel

    trip = ctx.state.trip
    assert trip is not None
    ctx.emit("space_skipped", space=trip.position + 1)
    travel.leave(ctx)
    travel.arrive(ctx, trip.position + 2)
