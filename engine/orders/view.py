"""What each member, or a spectator, may see of a Magical Orders rank tracker.

The revised rules keep nothing secret between players: Orders, Ranks and Knowledge,
Perception and Power points are written openly on the table, so a member sees what a
spectator sees. The one secret is the tracker's random generator (seed and state): it fixes
every future Call For Help roll, so a view carries no generator at all.
"""
from __future__ import annotations

from typing import Any

from engine.orders.state import OrdersState


class OrdersView(OrdersState):
    """The tracker as `viewer` (a member's id, None for a spectator) may see it."""

    rng: None = None  # type: ignore[assignment]  # the generator never leaves the engine
    viewer: str | None = None


def view(state: OrdersState, viewer: str | None) -> OrdersView:
    data: dict[str, Any] = state.model_dump(by_alias=True, exclude={"rng"})
    data.pop("viewer", None)
    return OrdersView.model_validate({**data, "viewer": viewer})
