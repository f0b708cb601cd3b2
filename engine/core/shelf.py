"""Content by id for a pure engine: packs and books registered in memory, or fetched once from a
source that the reader package (packs/) installs on import.

The engine may not read files, so it cannot load its own content; each content kind keeps a
Shelf, and packs/ hands over the function that reads a pack by id. Content is immutable, so one
loaded copy serves the whole process.
"""
from __future__ import annotations

from typing import Callable, Generic, TypeVar

T = TypeVar("T")


class Shelf(Generic[T]):
    def __init__(self, missing: Callable[[str], Exception]) -> None:
        #: builds the error raised when an id is asked for and no source is installed
        self._missing = missing
        self._registered: dict[str, T] = {}
        self._fetched: dict[str, T] = {}
        self.source: Callable[[str], T] | None = None

    def register(self, key: str, item: T) -> None:
        """Make an in-memory item available by id (a group's own pack, a test pack)."""
        self._registered[key] = item

    def set_source(self, source: Callable[[str], T] | None) -> None:
        """Install what `get` asks for an id nobody registered; None uninstalls it. Items
        fetched from a former source are forgotten."""
        self.source = source
        self._fetched.clear()

    def get(self, key: str) -> T:
        found = self._registered.get(key) or self._fetched.get(key)
        if found is not None:
            return found
        if self.source is None:
            raise self._missing(key)
        found = self._fetched[key] = self.source(key)
        return found
