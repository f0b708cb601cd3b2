"""Which tables books the process knows, by id, without the engine reading a file.

The rules (Call For Help, the /orders tracker) need the Magical Orders book, but the engine
stays pure: packs/ reads data/tables/<id>.yaml and installs itself here as the book source
when it is imported; a test or a group can also register a book built in memory.
"""
from __future__ import annotations

from collections.abc import Callable

from engine.tables.checks import TableError
from engine.tables.models import Book

#: the book the shipped rules use (the Magical Orders sheet)
DEFAULT_BOOK = "magical-orders"

#: where books not registered by hand come from: book id -> Book (installed by packs/)
BookSource = Callable[[str], Book]

_REGISTERED: dict[str, Book] = {}
_FROM_SOURCE: dict[str, Book] = {}
_SOURCE: BookSource | None = None


def register_book(book_id: str, book: Book) -> None:
    """Make an in-memory book available by id (house tables, test books)."""
    _REGISTERED[book_id] = book


def set_book_source(source: BookSource | None) -> None:
    """Install what `book_by_id` asks for a book nobody registered; None uninstalls it.
    Books already fetched from a former source are forgotten."""
    global _SOURCE
    _SOURCE = source
    _FROM_SOURCE.clear()


def book_by_id(book_id: str = DEFAULT_BOOK) -> Book:
    """Books are immutable, so one loaded copy serves the whole process."""
    found = _REGISTERED.get(book_id) or _FROM_SOURCE.get(book_id)
    if found is not None:
        return found
    if _SOURCE is None:
        raise TableError([f"tables {book_id!r} are not loaded; import packs"])
    found = _FROM_SOURCE[book_id] = _SOURCE(book_id)
    return found


def default_book() -> Book:
    """The shipped Magical Orders tables."""
    return book_by_id(DEFAULT_BOOK)
