"""Builders for the Water Realm's rule tests: a game with the realm, a quiet board, a character
placed in the realm with some Bubbles, cards laid on the grid, loaded dice.

Grid spaces are numbered row by row from the entrance's end: `cell(row, col)`."""
from __future__ import annotations

from typing import Any

from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import StdTurn
from engine.prophecy.state import ProphecyState, TurnState
from engine.prophecy.water_realm.water.content import water_pack
from engine.prophecy.water_realm.water.state import Diver, GridCard, WaterState, WaterTurn
from tests.prophecy.helpers import load  # noqa: F401  (re-exported)
from tests.prophecy_standard.helpers import apply, figures, give, idx, kinds, learn  # noqa: F401

W = water_pack()
GRID = W.grid
ENTRANCE = GRID.entrance_index
PALACE = GRID.palace_index
GATE = W.data.gate.id


def cell(row: int, col: int) -> int:
    return GRID.index(row, col)


def water_game(players: int = 2, seed: int = 1, lord: bool = False, **standard: Any) -> ProphecyState:
    seats = [Seat(player=f"p{i + 1}", name=f"Player {i + 1}") for i in range(players)]
    standard.setdefault("character_choice", "random")
    standard["expansion"] = {"water_realm": True, "lord_of_the_sea": lord}
    options = {"version": "standard", "auto_end_turn": False, "standard": standard}
    return SYSTEM.new_game(seats, options, seed).state


def ws(state: ProphecyState) -> WaterState:
    assert state.standard is not None and state.standard.water is not None
    return state.standard.water


def quiet(state: ProphecyState, board: bool = True) -> ProphecyState:
    """No Adventure on the ring, nothing pending; with `board` also no card on the grid."""
    for cards in state.spaces:
        cards.clear()
    sst = state.standard
    assert sst is not None
    sst.decisions.clear()
    sst.turn = StdTurn()
    ws(state).asks.clear()
    ws(state).turn = WaterTurn()
    if board:
        ws(state).cells = [None] * GRID.size
    return state


def gate_plane(state: ProphecyState) -> str:
    return next(pl.id for pl in state.standard.planes if pl.lesser == GATE or pl.id == ws(state).gate)  # type: ignore[union-attr]  # a Standard game, built by the test


def open_gate(state: ProphecyState, plane_id: str = "astral_fire") -> str:
    """Move the Gate onto `plane_id` and turn it up as the rules do (Greater Guardian and
    Artifact stay recorded there: they are in the Palace now)."""
    sst = state.standard
    assert sst is not None
    here = sst.plane(plane_id)
    other = next(pl for pl in sst.planes if pl.lesser == GATE)
    if other is not here:
        other.lesser, here.lesser = here.lesser, GATE
    here.lesser = None
    here.power_up = max(0, here.power_up - 1)
    ws(state).gate = plane_id
    return plane_id


def at_the_gate(p1: tuple[int, int], lord: bool = False, **kw: Any) -> ProphecyState:
    """A quiet game with the Gate open, p2 waiting in the Village with figures 4/4 and p1 with
    the figures `p1`: where the tests of the Water Realm's cards and of its end begin."""
    state = quiet(water_game(lord=lord, **kw))
    open_gate(state)
    state.player("p2").space = idx("village")
    figures(state, "p1", *p1)
    figures(state, "p2", 4, 4)
    return state


def lay(state: ProphecyState, at: int, card: str, up: bool = True) -> str:
    uid = state.new_uid("w")
    ws(state).cells[at] = GridCard(uid=uid, card=card, up=up)
    return uid


def dive(state: ProphecyState, pid: str, at: int, bubbles: int = 6, used: int = 0, held: bool = False) -> None:
    p = state.player(pid)
    p.board = "water"
    ws(state).divers[pid] = Diver(cell=at, bubbles=bubbles, used=used, held=held, came_from="plains_1")


def begin(state: ProphecyState, pid: str, phase: str = "move") -> None:
    """A fresh turn for `pid` (her round's Bubble already paid)."""
    p = state.player(pid)
    state.turn = TurnState(player=pid, start_space=p.space, phase=phase)  # type: ignore[arg-type]  # a deliberately loose value from the test
    if phase != "move":
        state.turn.movement_done = True
    state.standard.turn = StdTurn()  # type: ignore[union-attr]  # a Standard game, built by the test
    ws(state).turn = WaterTurn()


def act(state: ProphecyState, pid: str, action: dict[str, Any]) -> tuple[ProphecyState, list[Any]]:
    out = SYSTEM.apply(state, pid, action)
    return out.state, list(out.events)


def legal(state: ProphecyState, pid: str) -> list[dict[str, Any]]:
    return [a.model_dump(mode="json", exclude_none=True) for a in SYSTEM.legal_actions(state, pid)]


def types(state: ProphecyState, pid: str) -> set[str]:
    return {a.type for a in SYSTEM.legal_actions(state, pid)}
