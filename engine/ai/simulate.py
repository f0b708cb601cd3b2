"""Play whole games with AI seats: used by the benchmark, the property tests and the bot's AI seats."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from engine.ai.baseline import baseline_player
from engine.ai.players import PLAYERS, Chooser
from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from engine.prophecy.state import ProphecyState


@dataclass
class GameRecordSim:
    seed: int
    seats: list[Seat]
    options: dict[str, Any]
    actions: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    state: ProphecyState | None = None


def _baseline(state: ProphecyState, actor: str, rng: random.Random) -> Any:
    """The frozen Basic yardstick; it knows no Standard rule, so there it plays at random."""
    if state.standard is not None:
        return PLAYERS["random"](state, actor, rng)
    return baseline_player(state, actor, rng)


#: every player `play` can seat: the table's levels plus the frozen benchmark yardstick
SIM_PLAYERS: dict[str, Chooser] = {**PLAYERS, "baseline": _baseline}


def ai_rng(seed: int, player: str) -> random.Random:
    """An AI seat's own generator, derived from the game seed and the seat."""
    return random.Random(f"{seed}:{player}")


def play(
    levels: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
    max_actions: int = 20_000,
    on_step: Callable[[ProphecyState, str, Any, ProphecyState], None] | None = None,
) -> GameRecordSim:
    seats = [Seat(player=f"p{i + 1}", name=f"AI {i + 1}", ai=lvl) for i, lvl in enumerate(levels)]
    opts = dict(options or {})
    rec = GameRecordSim(seed=seed, seats=seats, options=opts)
    state = SYSTEM.new_game(seats, opts, seed).state
    rngs = {s.player: ai_rng(seed, s.player) for s in seats}
    level = {s.player: s.ai or "random" for s in seats}
    for _ in range(max_actions):
        pend = SYSTEM.pending(state)
        if pend is None:
            break
        actor = pend.player
        action = SIM_PLAYERS[level[actor]](state, actor, rngs[actor])
        new = SYSTEM.apply(state, actor, action).state
        rec.actions.append((actor, action.model_dump()))
        if on_step:
            on_step(state, actor, action, new)
        state = new
    rec.state = state
    return rec
