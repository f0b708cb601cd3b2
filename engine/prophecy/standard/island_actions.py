"""Treasure Island's actions (Water Realm expansion, "Treasure Island"): each a small model on
`ActionBase`, gathered in ISLAND_ACTIONS for `engine.prophecy.actions.Action`."""
from __future__ import annotations

from engine.prophecy.action_base import ActionBase

#: every Treasure Island action class, in the order the union lists them
ISLAND_ACTIONS: tuple[type[ActionBase], ...] = ()
