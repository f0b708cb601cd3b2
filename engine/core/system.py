"""The interface every game system offers to the game master service.

The service (gm/) only ever talks to a system through this protocol, so adding a new game
means writing a new engine package and registering it, not touching the bot.
"""
from __future__ import annotations

from typing import Any, Protocol, Sequence

from pydantic import BaseModel

from engine.core.outcome import Outcome
from engine.core.pending import Pending


class Seat(BaseModel):
    """A place at the table: a human (Discord user id as text) or an AI seat."""

    player: str
    name: str
    ai: str | None = None  # None for humans, else the AI level ("random", "heuristic")
    character: str | None = None


class GameSystem(Protocol):
    name: str
    min_seats: int
    max_seats: int

    def new_game(self, seats: Sequence[Seat], options: dict[str, Any], seed: int) -> Outcome[Any]: ...

    def apply(self, state: Any, actor: str, action: Any) -> Outcome[Any]: ...

    def legal_actions(self, state: Any, actor: str) -> list[Any]: ...

    def pending(self, state: Any) -> Pending | None: ...

    def parse_action(self, payload: dict[str, Any]) -> Any: ...

    def load_state(self, text: str) -> Any: ...

    def dump_state(self, state: Any) -> str: ...

    def view(self, state: Any, viewer: str | None) -> Any:
        """The state as `viewer` may see it (a seat's player id; None for a spectator).

        Hidden information is a property of the engine: each system decides here what each
        seat and a spectator may see, and the bot builds everything it sends from this view.
        A view never holds the seed or the generator's state, nor the order of a face-down
        pile, and it cannot be played on (`apply` refuses it).
        """
        ...
