"""Who must decide what next.

The engine never waits on anybody implicitly: the state always names the player who must
act and the kind of decision, so the bot knows whom to ping and whom to refuse.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Pending(BaseModel):
    player: str
    #: decision kind, e.g. "move", "fight", "act"; also a locale key suffix
    kind: str
    data: dict[str, Any] = Field(default_factory=dict)
