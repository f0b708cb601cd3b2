"""The result of applying one action."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from engine.core.events import Event

S = TypeVar("S")


@dataclass(frozen=True)
class Outcome(Generic[S]):
    state: S
    events: list[Event] = field(default_factory=list)

    @property
    def revealed(self) -> bool:
        """Did this action show anything hidden (dice, cards)? Undo is refused if so."""
        return any(e.reveals for e in self.events)
