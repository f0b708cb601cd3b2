"""Which tables books the process knows, by id, without the engine reading a file.

The rules (Call For Help, the /orders tracker) need the Magical Orders book, but the engine
stays pure: packs/ reads data/tables/<id>.yaml and installs itself here as the book source
when it is imported; a test or a group can also register a book built in memory.
"""
from __future__ import annotations

from collections.abc import Callable

from engine.core.shelf import Shelf
from engine.tables.checks import TableError
from engine.tables.models import Book

#: the book the shipped rules use (the Magical Orders sheet)
DEFAULT_BOOK = "magical-orders"

#: where books not registered by hand come from: book id -> Book (installed by packs/)
BookSource = Callable[[str], Book]

_SHELF: Shelf[Book] = Shelf(lambda book_id: TableError([f"tables {book_id!r} are not loaded; import packs"]))


def register_book(book_id: str, book: Book) -> None:
    """Make an in-memory book available by id (house tables, test books)."""
    _SHELF.register(book_id, book)


def set_book_source(source: BookSource | None) -> None:
    """Install what `book_by_id` asks for a book nobody registered; None uninstalls it.
    Books already fetched from a former source are forgotten."""
    _SHELF.set_source(source)


def book_by_id(book_id: str = DEFAULT_BOOK) -> Book:
    """Books are immutable, so one loaded copy serves the whole process."""
    return _SHELF.get(book_id)


def default_book() -> Book:
    """The shipped Magical Orders tables."""
    return book_by_id(DEFAULT_BOOK)
