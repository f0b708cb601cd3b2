"""The games the oracle knows, as their plug-ins describe them (systems/plugin.py).

Which rulebook or summary belongs to which game, what the game's rulings are called, the names
players use for it in a question, and where its cards come from: every such fact is in the owning
system's plug-in record (its /rules shelves and card sources), so the oracle names no system.
The plug-in registry hands them over when it loads (`register`, called by systems/__init__.py):
the plug-ins import the oracle's card types, so the oracle cannot import them. Every entry point
that uses the oracle imports `systems` first (the bot's lookup cog, the tests' conftest, the
lookup benchmarks), as every entry point imports `packs` for the engine.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:  # annotations only: the registry imports this module, not the other way round
    from systems.plugin import CardSource, RulesShelf

_SHELVES: list["RulesShelf"] = []
_CARDS: list["CardSource"] = []
_REGISTERED: list[bool] = []


def register(shelves: Sequence["RulesShelf"], cards: Sequence["CardSource"]) -> None:
    """Take the registry's /rules shelves (registered systems first, then the reference-only
    games) and card sources, in registration order. Again replaces them."""
    _SHELVES[:] = shelves
    _CARDS[:] = cards
    _REGISTERED[:] = [True]
    for cached in (documents, mentions, short_names, rulings_games):
        cached.cache_clear()


def _check() -> None:
    if not _REGISTERED:
        raise RuntimeError("no game is registered with the rules oracle: import systems (the plug-in registry) first")


def shelves() -> list["RulesShelf"]:
    """Every /rules shelf, in the registry's order."""
    _check()
    return list(_SHELVES)


def card_sources() -> list["CardSource"]:
    """Every registered system's card sources, in registration order."""
    _check()
    return list(_CARDS)


@lru_cache(maxsize=1)
def documents() -> dict[str, tuple[str, str]]:
    """File-name prefix -> (the oracle's tag of its game, the document's title)."""
    return {prefix: (shelf.system, title) for shelf in shelves() for prefix, title in shelf.documents}


@lru_cache(maxsize=1)
def mentions() -> dict[str, str]:
    """A game's name as players write it in a question -> the oracle's tag of that game, longest
    name first. Of two names of one length, the later-registered shelf's is tried first (a
    question naming two games leans to the first name found)."""
    found = [(mention, shelf.system) for shelf in reversed(shelves()) for mention in shelf.mentions]
    return dict(sorted(found, key=lambda pair: len(pair[0]), reverse=True))


@lru_cache(maxsize=1)
def short_names() -> dict[str, str]:
    """The short forms players call a game by ("standard", "water", "campaign") -> the oracle's tag
    of that game, longest first: they name the game when the question holds none of `mentions`."""
    found = [(name, shelf.system) for shelf in reversed(shelves()) for name in shelf.short_names]
    return dict(sorted(found, key=lambda pair: len(pair[0]), reverse=True))


@lru_cache(maxsize=1)
def rulings_games() -> dict[str, tuple[str, str]]:
    """A rulings file's folder under data/ ("prophecy/standard") -> (the oracle's tag of its game,
    the game's name as players say it)."""
    return {folder: (shelf.system, shelf.game) for shelf in shelves() for folder in shelf.rulings}


__all__ = ["card_sources", "documents", "mentions", "register", "rulings_games", "shelves", "short_names"]
