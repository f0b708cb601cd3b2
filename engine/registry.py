"""Game systems by name; the bot offers exactly these in `/game new system:`."""
from __future__ import annotations

from engine.core.system import GameSystem
from engine.prophecy.game import SYSTEM as PROPHECY

SYSTEMS: dict[str, GameSystem] = {PROPHECY.name: PROPHECY}


def get_system(name: str) -> GameSystem:
    return SYSTEMS[name]
