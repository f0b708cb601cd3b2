"""The rank tracker's whole state: a pydantic model, JSON round-trippable, with its own Rng.

One tracker per channel, stored like any game. The Rng lives here so a Call For Help rolled
today replays identically from the action log tomorrow.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core.rng import Rng
from engine.tables.models import OrderId, PointKind

SCHEMA = 1
MAX_POINTS = 10_000  # far above any rank's needs; keeps a typo from storing absurd numbers


class OrdersOptions(BaseModel):
    """Chosen when the tracker is created."""

    #: the Cooperative Version: one team, advancement limited by the lowest Rank
    cooperative: bool = False


class OrderPlayer(BaseModel):
    player: str  # Discord user id as text
    name: str
    #: None until the player is initiated into an Order (Rank 0)
    order: OrderId | None = None
    rank: int = Field(0, ge=0, le=5)
    knowledge: int = Field(0, ge=0, le=MAX_POINTS)
    perception: int = Field(0, ge=0, le=MAX_POINTS)
    power: int = Field(0, ge=0, le=MAX_POINTS)
    #: all Mandatory Tasks completed (or lost); needed for Fifth Rank
    tasks_done: bool = False

    def points(self, kind: PointKind) -> int:
        return int(getattr(self, kind))

    def set_points(self, kind: PointKind, value: int) -> None:
        setattr(self, kind, max(0, min(MAX_POINTS, value)))

    def all_points(self) -> dict[str, int]:
        return {"knowledge": self.knowledge, "perception": self.perception, "power": self.power}


class OrdersState(BaseModel):
    schema_: int = Field(SCHEMA, alias="schema")
    system: Literal["orders"] = "orders"
    options: OrdersOptions = Field(default_factory=OrdersOptions)
    rng: Rng
    players: list[OrderPlayer] = Field(default_factory=list)
    status: Literal["active", "finished"] = "active"
    #: who reached Fifth Rank first (in the Cooperative Version the whole team wins with him)
    winner: str | None = None
    actions_taken: int = 0

    model_config = {"populate_by_name": True}

    def find(self, pid: str) -> OrderPlayer | None:
        return next((p for p in self.players if p.player == pid), None)

    def player(self, pid: str) -> OrderPlayer:
        found = self.find(pid)
        if found is None:
            raise KeyError(pid)
        return found

    def dump(self) -> str:
        return self.model_dump_json(by_alias=True)
