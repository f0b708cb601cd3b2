"""Game systems by name; the bot offers exactly these in `/game new system:`."""
from __future__ import annotations

from engine.core.system import GameSystem
from engine.orders.game import SYSTEM as ORDERS
from engine.prophecy.game import SYSTEM as PROPHECY

#: systems the bot stores games of; /game new offers the automated ones (Prophecy)
SYSTEMS: dict[str, GameSystem] = {PROPHECY.name: PROPHECY, ORDERS.name: ORDERS}


def get_system(name: str) -> GameSystem:
    return SYSTEMS[name]
