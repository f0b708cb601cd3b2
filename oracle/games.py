"""The games the oracle knows, as their plug-ins describe them (systems/plugin.py).

Which rulebook or summary belongs to which game, what the game's rulings are called, the names
players use for it in a question, and where its cards come from: every such fact is in the owning
system's plug-in record (its /rules shelves and card sources), so the oracle names no system.
The registry is imported when first asked, not with this module: the plug-ins themselves import
the oracle's card types.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from systems.plugin import CardSource, RulesShelf


def shelves() -> list["RulesShelf"]:
    """Every /rules shelf: the registered systems' in registration order, then the reference-only games."""
    import systems

    return systems.rules_shelves()


def card_sources() -> list["CardSource"]:
    """Every registered system's card sources, in registration order."""
    import systems

    return [source for plugin in systems.PLUGINS.values() for source in plugin.cards]


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
def rulings_games() -> dict[str, tuple[str, str]]:
    """A rulings file's folder under data/ ("prophecy/standard") -> (the oracle's tag of its game,
    the game's name as players say it)."""
    return {folder: (shelf.system, shelf.game) for shelf in shelves() for folder in shelf.rulings}


__all__ = ["card_sources", "documents", "mentions", "rulings_games", "shelves"]
