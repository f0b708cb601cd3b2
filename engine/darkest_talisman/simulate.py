"""Whole campaigns played by AI seats: for the property tests, the benchmarks and balancing.

Each step asks the campaign whose decision is pending and lets that seat's AI answer; the AI's
own randomness is seeded per campaign, seat and step, so a campaign replays exactly. The record
keeps the seats, the options, the seed and every (actor, action payload) applied.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.core.system import Seat
from engine.darkest_talisman.ai import PLAYERS
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import CampaignState

Step = Callable[[CampaignState, str, Any, CampaignState], None]


@dataclass
class Record:
    seats: list[Seat]
    options: dict[str, Any]
    seed: int
    actions: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    state: CampaignState | None = None


def seats_for(levels: list[str]) -> list[Seat]:
    return [Seat(player=str(1000 + i), name=f"AI {i + 1}", ai=level) for i, level in enumerate(levels)]


def play(levels: list[str], seed: int, options: dict[str, Any] | None = None, *, max_actions: int = 5000,
         on_step: Step | None = None) -> Record:
    """Play until the campaign ends or `max_actions` actions were applied."""
    seats = seats_for(levels)
    rec = Record(seats=seats, options=dict(options or {}), seed=seed)
    state = SYSTEM.new_game(seats, rec.options, seed).state
    level = {s.player: s.ai or "heuristic" for s in seats}
    for n in range(max_actions):
        p = SYSTEM.pending(state)
        if p is None:
            break
        actor = p.player
        rng = random.Random(f"{seed}:{actor}:{n}")
        action = PLAYERS[level.get(actor, "heuristic")](state, actor, rng)
        after = SYSTEM.apply(state, actor, action).state
        rec.actions.append((actor, action.model_dump()))
        if on_step is not None:
            on_step(state, actor, action, after)
        state = after
    rec.state = state
    return rec
