"""Re-simulating a stored game from its seed and action log (integrity check, undo, export).

The log is a list of steps; an `undo` entry takes back the step before it, so replay keeps a
stack of states. Each step's stored state hash lets the check name the first step that differs.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import RuleError
from engine.core.system import GameSystem, Seat
from gm.store import ActionRecord, GameRecord

LOBBY_ACTIONS = ("join", "leave", "add_bot", "kick")


def state_hash(state_json: str) -> str:
    return hashlib.sha256(state_json.encode()).hexdigest()[:20]


@dataclass
class ReplayReport:
    ok: bool
    steps: int
    diverged_at: int | None = None
    detail: str = ""
    states: list[Any] = field(default_factory=list)

    @property
    def final(self) -> Any:
        return self.states[-1] if self.states else None


def replay(record: GameRecord, rows: list[ActionRecord], *, check: bool = True,
           system: GameSystem | None = None) -> ReplayReport:
    """Rebuild the game step by step; stop at the first step whose result differs from the log.

    `system` is the record's engine (the game master passes the one it serves); without it,
    the engine registry's is looked up by the record's system name.
    """
    if system is None:
        from engine.registry import SYSTEMS  # looked up late: gm loads no system by itself
        system = SYSTEMS[record.system]
    stack: list[Any] = []
    steps = 0
    for row in rows:
        kind = row.action.get("type")
        if kind in LOBBY_ACTIONS:
            continue
        steps += 1
        try:
            if kind == "start":
                seats = [Seat.model_validate(s) for s in row.action["seats"]]
                stack = [system.new_game(seats, row.action.get("options", {}), record.seed).state]
            elif kind == "undo":
                # one undo entry may take back several steps (a turn-ending step and the AI steps after it)
                count = int(row.action.get("steps", 1))
                if count < 1 or len(stack) < count + 1:
                    return ReplayReport(False, steps, row.seq, "undo with nothing to take back", stack)
                del stack[len(stack) - count:]
            else:
                if not stack:
                    return ReplayReport(False, steps, row.seq, "an action before the start", stack)
                stack.append(system.apply(stack[-1], row.actor, row.action).state)
        except RuleError as exc:
            return ReplayReport(False, steps, row.seq, f"refused on replay: {exc.key}", stack)
        if check and row.state_hash is not None and state_hash(system.dump_state(stack[-1])) != row.state_hash:
            return ReplayReport(False, steps, row.seq, "the state after this step differs from the stored one", stack)
    if not stack:
        return ReplayReport(True, steps, None, "not started", stack)
    if check and record.status != "lobby" and system.dump_state(stack[-1]) != record.state:
        return ReplayReport(False, steps, rows[-1].seq if rows else None, "the final state differs from the stored one", stack)
    return ReplayReport(True, steps, None, "", stack)
