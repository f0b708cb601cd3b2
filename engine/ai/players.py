"""AI seats offered at the table: a random legal player and the planning heuristic.

Both choose only among `legal_actions`, so they can never break a rule. Their own
randomness (tie-breaks, the random player's picks) comes from a generator seeded per game
and seat, so an AI seat behaves the same when a game is replayed from its log.
The heuristic lives in `engine.ai.heuristic` (the Basic Version) and `engine.ai.standard`
(the Standard Version); `heuristic_player` hands each game to the one for its version. The
previous Basic heuristic is frozen in `engine.ai.baseline` as the benchmark's yardstick and
is not offered here.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from engine.ai.heuristic import Heuristic
from engine.ai.heuristic import heuristic_player as basic_player
from engine.ai.standard import StandardHeuristic, standard_player
from engine.prophecy.rules import legal_actions
from engine.prophecy.state import ProphecyState

Chooser = Callable[[ProphecyState, str, random.Random], Any]


def random_player(state: ProphecyState, actor: str, rng: random.Random) -> Any:
    acts = legal_actions(state, actor, keep=True)  # apply's guard reads it (issue #30)
    return rng.choice(acts) if acts else None


def heuristic_player(state: ProphecyState, actor: str, rng: random.Random) -> Any:
    """The planning heuristic of the game's version (a Basic game goes exactly as before)."""
    if state.standard is not None:
        return standard_player(state, actor, rng)
    return basic_player(state, actor, rng)


PLAYERS: dict[str, Chooser] = {"random": random_player, "heuristic": heuristic_player}

__all__ = ["Chooser", "Heuristic", "PLAYERS", "StandardHeuristic", "heuristic_player", "random_player"]
