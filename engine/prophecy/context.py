"""The working context of one `apply`: the (copied) state, the pack, and the events so far."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Event
from engine.prophecy.content import Pack
from engine.prophecy.state import ProphecyState


@dataclass
class Ctx:
    state: ProphecyState
    pack: Pack
    events: list[Event] = field(default_factory=list)

    def emit(self, kind: str, player: str | None = None, *, reveals: bool = False, **data: Any) -> None:
        self.events.append(Event(kind=kind, player=player, data=data, reveals=reveals))
