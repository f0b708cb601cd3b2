"""Moving your character (Basic rules, "Moving Your Character").

Exactly one option a turn: stay, walk one space either way, ride a horse two spaces (1 Gold),
sail from a Port to the next Port either way (1 Gold), or step through a Magic Gate to any
other Gate (2 Gold). Spaces passed on the way have no effect.
"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.prophecy.actions import Move
from engine.prophecy.content import Pack
from engine.prophecy.context import Ctx
from engine.prophecy.state import PlayerState, TurnState


def _ring(pack: Pack, index: int, step: int) -> int:
    return (index + step) % len(pack.board.spaces)


#: id(pack) -> (the pack, kept alive so its id is never reused; (space, held) -> options)
_OPTIONS: dict[int, tuple[Pack, dict[tuple[int, bool], tuple[tuple[Move, int], ...]]]] = {}


def move_options(pack: Pack, p: PlayerState, held: bool = False) -> list[tuple[Move, int]]:
    """Every possible movement this turn with its Gold cost, ignoring whether it is affordable.

    They depend only on the board and the space, so each space's list is built once per pack
    (actions are frozen models, safe to hand out again); callers get a fresh list.
    """
    entry = _OPTIONS.get(id(pack))
    if entry is None or entry[0] is not pack:
        entry = _OPTIONS[id(pack)] = (pack, {})
    key = (p.space, held)
    found = entry[1].get(key)
    if found is None:
        found = entry[1][key] = tuple(_move_options(pack, p.space, held))
    return list(found)


def _move_options(pack: Pack, here: int, held: bool) -> list[tuple[Move, int]]:
    sid = pack.space(here).id
    out: list[tuple[Move, int]] = [(Move(method="stay", to=sid), 0)]
    if held:
        return out
    rules = pack.rules
    seen: set[tuple[str, int]] = set()

    def add(method: str, target: int, cost: int) -> None:
        if target == here or (method, target) in seen:
            return
        seen.add((method, target))
        out.append((Move(method=method, to=pack.space(target).id), cost))

    for step in (-1, 1):
        add("walk", _ring(pack, here, step), 0)
    for step in (-2, 2):
        add("horse", _ring(pack, here, step), rules.horse_cost.value or 0)
    spaces = pack.board.spaces
    if spaces[here].port:
        ports = [i for i, s in enumerate(spaces) if s.port]
        k = ports.index(here)
        for step in (-1, 1):
            add("boat", ports[(k + step) % len(ports)], rules.boat_cost.value or 0)
    if spaces[here].gate:
        for i, s in enumerate(spaces):
            if s.gate and i != here:
                add("gate", i, rules.gate_cost.value or 0)
    return out


def movable_turn(ctx: Ctx, action: Move) -> TurnState:
    """The current turn, once sure the move may be made at all ("Movement": one move a turn, and
    a creature holding the character lets her only stay); Basic and Standard moves share it."""
    turn = ctx.state.turn
    assert turn is not None
    if turn.movement_done:
        raise RuleError("error.already_moved")
    if action.method != "stay" and turn.held:
        raise RuleError("error.held_by_creature")
    return turn


def check_move(ctx: Ctx, p: PlayerState, action: Move) -> tuple[int, int]:
    """Return (destination index, Gold cost) or raise why the move is not allowed."""
    turn = movable_turn(ctx, action)
    for option, cost in move_options(ctx.pack, p, turn.held):
        if option.method == action.method and option.to == action.to:
            if p.gold < cost:
                raise RuleError("error.not_enough_gold", need=cost, have=p.gold)
            return ctx.pack.space_index(option.to), cost
    if action.to not in {s.id for s in ctx.pack.board.spaces}:
        raise RuleError("error.unknown_space", space=action.to)
    raise RuleError(f"error.move_{action.method}_not_possible", space=action.to)


def do_move(ctx: Ctx, p: PlayerState, action: Move) -> None:
    target, cost = check_move(ctx, p, action)
    turn = ctx.state.turn
    assert turn is not None
    if cost:
        p.gold -= cost
    start = p.space
    p.space = target
    turn.movement_done = True
    turn.moved = target != start
    ctx.emit(
        "moved" if turn.moved else "stayed",
        p.player,
        method=action.method,
        frm=ctx.pack.space(start).id,
        to=ctx.pack.space(target).id,
        cost=cost,
    )
