"""The Water Realm's shared groundwork: its content and state for a game, the grid's geometry,
and Bubbles (rulebook "Set Up of the Water Realm", "Losing Bubbles", "Moving").

Geometry: spaces are numbered row by row from the entrance's end (row 0) to the Palace's (the
last row); a character moves to one of the four spaces beside hers, never diagonally, and a
step off the grid takes her out of the realm.
"""
from __future__ import annotations

from typing import Any

from engine.prophecy.context import Ctx
from engine.prophecy.effects import lose_health
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.water.content import STEPS, WaterPack, water_pack
from engine.prophecy.water_realm.water.state import Diver, WaterState

#: a step off the grid
OFF = -1


def wp() -> WaterPack:
    return water_pack("water")


def wstate(state: ProphecyState) -> WaterState:
    assert state.standard is not None and state.standard.water is not None
    return state.standard.water


def plays_water(state: ProphecyState) -> bool:
    std = state.options.standard
    return std is not None and std.expansion is not None and std.expansion.water_realm


def lord_variant(state: ProphecyState) -> bool:
    std = state.options.standard
    return bool(std is not None and std.expansion is not None and std.expansion.lord_of_the_sea)


def in_realm(state: ProphecyState, pid: str) -> Diver:
    """`diver` of a character known to be in the realm (code of the realm's own turns asks)."""
    d = diver(state, pid)
    if d is None:
        raise AssertionError(f"{pid} is not in the Water Realm")
    return d


def diver(state: ProphecyState, pid: str) -> Diver | None:
    """The character's record in the realm, None when she is on the main board."""
    sst = state.standard
    if sst is None or sst.water is None:
        return None
    return sst.water.divers.get(pid)


# ------------------------------------------------------------------------------- geometry


def step(cell: int, direction: str) -> int:
    """The space one step away, or OFF."""
    grid = wp().grid
    r, c = grid.cell(cell)
    dr, dc = STEPS[direction]
    r, c = r + dr, c + dc
    if not (0 <= r < grid.rows and 0 <= c < grid.columns):
        return OFF
    return grid.index(r, c)


#: (the grid, each cell's neighbours) for the grid the water pack has now: the AI's ways
#: through the realm ask for them tens of thousands of times a game (issue #30)
_NEIGHBOURS: list[Any] = [None, {}]


def neighbours(cell: int) -> list[int]:
    """The spaces beside `cell` (OFF for a side on the grid's edge), north, east, south, west."""
    grid = wp().grid
    if _NEIGHBOURS[0] is not grid:  # another pack (a test's): its own table
        _NEIGHBOURS[:] = [grid, {}]
    table: dict[int, list[int]] = _NEIGHBOURS[1]
    found = table.get(cell)
    if found is None:
        found = table[cell] = [step(cell, d) for d in ("north", "east", "south", "west")]
    return list(found)


def distance(a: int, b: int) -> int:
    grid = wp().grid
    (ra, ca), (rb, cb) = grid.cell(a), grid.cell(b)
    return abs(ra - rb) + abs(ca - cb)


def edge_distance(cell: int) -> int:
    """Steps to leave the grid from `cell`."""
    grid = wp().grid
    r, c = grid.cell(cell)
    return 1 + min(r, c, grid.rows - 1 - r, grid.columns - 1 - c)


# -------------------------------------------------------------------------------- Bubbles


def use_bubbles(ctx: Ctx, p: PlayerState, n: int, reason: str) -> None:
    """She uses `n` Bubbles; each one she has not got is paid with a Health instead (she
    drowns), and with no Health left she dies (rulebook "Losing Bubbles")."""
    d = diver(ctx.state, p.player)
    if d is None or n <= 0:
        return
    paid = min(n, d.bubbles)
    if paid:
        d.bubbles -= paid
        d.used += paid
        ctx.emit("water_bubbles_used", p.player, amount=paid, left=d.bubbles, reason=reason)
    short = n - paid
    if short and p.alive:
        ctx.emit("water_drowning", p.player, amount=short, reason=reason)
        lose_health(ctx, p, short, "drowning")


def refill(ctx: Ctx, p: PlayerState, n: int, reason: str) -> int:
    """Up to `n` used Bubbles go back to the right side of her card; how many did."""
    d = diver(ctx.state, p.player)
    if d is None:
        return 0
    back = min(n, d.used)
    if back:
        d.used -= back
        d.bubbles += back
        ctx.emit("water_bubbles_refilled", p.player, amount=back, left=d.bubbles, reason=reason)
    return back


# ------------------------------------------------------------------------------ turn


def set_act(ctx: Ctx, over: bool = False) -> None:
    turn = ctx.state.turn
    if turn is None:
        return  # the game is over
    turn.phase = "act"
    turn.fight = None
    w = wstate(ctx.state)
    w.turn.fight = None
    if over:
        w.turn.over = True


def gate_spaces(ctx: Ctx) -> list[str]:
    """The two ring spaces beside the Gate's Astral Plane (where the realm is left)."""
    w = wstate(ctx.state)
    for plane in ctx.pack.board.astral_planes:
        if plane.id == w.gate:
            return list(plane.between)
    return []


def place_id(cell: int) -> str:
    """How a space of the realm is named where the Standard rules name places (Artifacts of
    the dead lie at `water:<cell>`)."""
    return f"water:{cell}"
