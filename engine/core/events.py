"""Typed narration events.

Every visible change of state is reported as an event, so the bot's narration, the game log
and a replay can never disagree. An event is a kind (a stable key the locale files translate)
plus the parameters the sentence needs.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Event(BaseModel):
    kind: str
    player: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    #: True when the event shows information that was hidden before (a die, a card).
    reveals: bool = False

    def __str__(self) -> str:  # handy in test failure output
        who = f"{self.player}: " if self.player else ""
        return f"{who}{self.kind} {self.data}"
