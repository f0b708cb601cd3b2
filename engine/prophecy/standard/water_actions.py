"""The Water Realm's actions (Water Realm expansion, "Water Realm"): each a small model on
`ActionBase`, gathered in WATER_ACTIONS for `engine.prophecy.actions.Action`."""
from __future__ import annotations

from engine.prophecy.action_base import ActionBase

#: every Water Realm action class, in the order the union lists them
WATER_ACTIONS: tuple[type[ActionBase], ...] = ()
