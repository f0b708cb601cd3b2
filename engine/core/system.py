"""The interface every game system offers to the game master service.

The service (gm/) only ever talks to a system through this protocol, so adding a new game
means writing a new engine package and registering it, not touching the bot.
"""
from __future__ import annotations

import random
from typing import Any, Protocol, Sequence, cast

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
    #: played at a table through /game: a lobby, seats taken in turn, a turn clock, AI seats.
    #: Such a system's state has the shape the game master reads: `players` (each with
    #: `player`, `name`, `ai`, `alive`, `character`), `player(id)`, `has_player(id)`,
    #: `status`, `turn` and `actions_taken`. False for a tool with its own commands.
    table_game: bool
    #: the AI seat levels this system can play, in the order offered (empty: no AI seats)
    ai_levels: tuple[str, ...]

    @property
    def options_model(self) -> type[BaseModel]:
        """The options a new game takes (validated from /game new's choices)."""
        ...

    def new_game(self, seats: Sequence[Seat], options: dict[str, Any], seed: int) -> Outcome[Any]: ...

    def apply(self, state: Any, actor: str, action: Any) -> Outcome[Any]: ...

    def legal_actions(self, state: Any, actor: str) -> list[Any]: ...

    def pending(self, state: Any) -> Pending | None: ...

    def parse_action(self, payload: dict[str, Any]) -> Any: ...

    def load_state(self, text: str) -> Any: ...

    def dump_state(self, state: Any) -> str: ...

    def character_ids(self, options: dict[str, Any]) -> frozenset[str]:
        """The characters a seat may pick with these options (empty when there are none)."""
        ...

    def turn_opening(self, state: Any, actor: str) -> bool:
        """Whether `actor` faces the first decision of their turn: the moment the game master
        shows them what happened since their last turn."""
        ...

    def view(self, state: Any, viewer: str | None) -> Any:
        """The state as `viewer` may see it (a seat's player id; None for a spectator).

        Hidden information is a property of the engine: each system decides here what each
        seat and a spectator may see, and the bot builds everything it sends from this view.
        A view never holds the seed or the generator's state, nor the order of a face-down
        pile, and it cannot be played on (`apply` refuses it).
        """
        ...


def as_table(system: GameSystem) -> "TableSystem":
    """`system` as one played at a table: only seat, clock and AI code of a table game asks,
    and a system that says `table_game` implements `TableSystem`."""
    if not system.table_game:
        raise AssertionError(f"{system.name} is not played at a table")
    return cast(TableSystem, system)


class TableSystem(GameSystem, Protocol):
    """A system played at a table through /game (`table_game` is True): besides the rules it
    says how the game master fills an empty or absent seat. A tool with its own commands (the
    Orders tracker) has no seats taken at a table and implements only GameSystem."""

    def ai_action(self, state: Any, actor: str, level: str, rng: random.Random) -> Any:
        """What an AI seat of `level` plays now, chosen only among the legal actions.

        The caller seeds `rng` per game, seat and step, so a replayed game gets the same choices.
        """
        ...

    def skip_action(self, state: Any, actor: str) -> Any:
        """The legal action that changes least, for a person whose time ran out and whose turn
        the table skips (stay, end the turn; a decision that cannot be skipped is taken safely)."""
        ...

    def resign_action(self, player: str) -> Any:
        """The table action that takes `player` out of the game (the table voted them out)."""
        ...

    def hand_over_action(self, player: str, to: str, name: str, ai: str | None = None) -> Any:
        """The table action that gives `player`'s seat to `to` (a person, or an AI of level `ai`)."""
        ...
