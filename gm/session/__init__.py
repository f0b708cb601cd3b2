"""The game master service: sessions of table games, one channel at a time.

Split by concern into modules named for what they hold (see gm/session/master.py for the
map); this package re-exports what the rest of the bot imports, so `from gm.session import
GameMaster, GameError, Result, ...` keeps working.
"""
from __future__ import annotations

from typing import Any

from gm.session.hosts import can_host, next_host
from gm.session.master import GameMaster
from gm.session.results import (
    ABSENT_AI,
    AI_STEP_LIMIT,
    INTERACTION_WINDOW,
    TABLE_ACTOR,
    TURN_BEGAN,
    VACATION_MAX_DAYS,
    GameError,
    Lobby,
    Result,
    Step,
    Tick,
    ai_levels,
    host_of,
    seats_of,
)

__all__ = [
    "ABSENT_AI", "AI_LEVELS", "AI_STEP_LIMIT", "INTERACTION_WINDOW", "TABLE_ACTOR", "TURN_BEGAN", "VACATION_MAX_DAYS",
    "GameError", "GameMaster", "Lobby", "Result", "Step", "Tick", "ai_levels", "can_host", "host_of", "next_host",
    "seats_of",
]


def __getattr__(name: str) -> Any:
    """`AI_LEVELS`: the /game add-bot choices, read when cogs/lobby.py is imported (before any
    GameMaster exists), so they come from the engine registry; a GameMaster's own are
    `GameMaster.ai_levels`. Looked up late so that importing gm loads no system."""
    if name == "AI_LEVELS":
        from gm.session.results import registry_systems
        return ai_levels(registry_systems())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
