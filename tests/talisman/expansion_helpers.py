"""Helpers for the expansions' tests: a Reaper campaign, and the invariants the expansions keep
(engine/darkest_talisman/expansions/audit.py: every card counted once, every deck switch undone)."""
from __future__ import annotations

from typing import Any

from engine.core.system import Seat
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions.audit import broken
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import CampaignState
from tests.talisman.helpers import ctx_of

REAPER = "core+reaper"


def reaper_solo(seed: int = 1, **options: Any) -> CampaignState:
    options.setdefault("pack", REAPER)
    return SYSTEM.new_game([Seat(player="p1", name="Ada")], options, seed).state


def ctx(state: CampaignState) -> Ctx:
    return ctx_of(state)


__all__ = ["broken", "ctx", "reaper_solo", "REAPER"]
