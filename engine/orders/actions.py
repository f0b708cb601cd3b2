"""Tracker actions. Each is a small frozen pydantic model; `type` tells them apart in JSON."""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from engine.tables.models import OrderId, PointKind


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Join(_Action):
    """Enter the tracker, be initiated into an Order, or switch Orders.

    `order=None` enters at Rank 0 (no Mentor found yet).
    """

    type: Literal["join"] = "join"
    order: OrderId | None = None
    name: str = Field("", max_length=100)


class ChangePoints(_Action):
    """Gain (positive) or spend (negative) points of one type.

    Spending more than you have is refused. A `penalty` is a loss the game imposed (an
    encounter, a table): the sheet's Miscellaneous rule stops it at zero instead.
    """

    type: Literal["points"] = "points"
    kind: PointKind
    amount: int = Field(ge=-1000, le=1000)
    penalty: bool = False

    @field_validator("amount")
    @classmethod
    def _not_zero(cls, v: int) -> int:
        if v == 0:
            raise ValueError("amount must not be zero")
        return v


class Advance(_Action):
    """Claim the next Rank (at the Mentor), checked against points and the co-op rule."""

    type: Literal["advance"] = "advance"


class MarkTasks(_Action):
    """Say whether all Mandatory Tasks are completed (or lost)."""

    type: Literal["tasks"] = "tasks"
    done: bool


class CallForHelp(_Action):
    """Pay Rank squared points from `kind` (omit it when you have no points), roll two dice."""

    type: Literal["call_for_help"] = "call_for_help"
    kind: PointKind | None = None


Action = Annotated[Union[Join, ChangePoints, Advance, MarkTasks, CallForHelp], Field(discriminator="type")]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
