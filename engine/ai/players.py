"""AI seats offered at the table: a random legal player and the planning heuristic.

Both choose only among `legal_actions`, so they can never break a rule. Their own
randomness (tie-breaks, the random player's picks) comes from a generator seeded per game
and seat, so an AI seat behaves the same when a game is replayed from its log.
The heuristic lives in `engine.ai.heuristic`; the previous one is frozen in
`engine.ai.baseline` as the benchmark's yardstick and is not offered here.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from engine.ai.heuristic import Heuristic, heuristic_player
from engine.prophecy.rules import legal_actions
from engine.prophecy.state import ProphecyState

Chooser = Callable[[ProphecyState, str, random.Random], Any]


def random_player(state: ProphecyState, actor: str, rng: random.Random) -> Any:
    acts = legal_actions(state, actor)
    return rng.choice(acts) if acts else None


PLAYERS: dict[str, Chooser] = {"random": random_player, "heuristic": heuristic_player}

__all__ = ["Chooser", "Heuristic", "PLAYERS", "heuristic_player", "random_player"]
