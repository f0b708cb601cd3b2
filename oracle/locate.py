"""Where a card is in a game: the places /card lists ("2 in the Adventure deck", "with Ada").

A system that can say where its cards are supplies `locate` in its plug-in's content words
(systems/plugin.py): it reads the game state only (no rules, no I/O), and a Discord reply merely
translates the places it returns.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PlaceKind = Literal["deck", "discard", "space", "offer", "player"]


@dataclass(frozen=True)
class Place:
    """`count` copies of the card at one place; unused fields stay None."""

    kind: PlaceKind
    count: int = 1
    #: adventure, chance, common or rare
    deck: str | None = None
    #: index of the board space
    space: int | None = None
    #: the player's id and display name
    player: str | None = None
    player_name: str | None = None


__all__ = ["Place", "PlaceKind"]
