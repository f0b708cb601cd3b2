"""Tables files on disk: data/tables/<id>.yaml (the engine's default book ships as one).

Reading is here; validating is the engine's `parse_book`, which reports every problem with
file, table and row at once.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.tables.books import DEFAULT_BOOK
from engine.tables.checks import TableError, parse_book
from engine.tables.models import Book
from packs.files import YAMLError, read_yaml

TABLES_DIR = Path(__file__).resolve().parents[1] / "data" / "tables"
DEFAULT_FILE = TABLES_DIR / f"{DEFAULT_BOOK}.yaml"


def read_book(path: Path | str = DEFAULT_FILE) -> Book:
    """Read and validate one tables file."""
    path = Path(path)
    try:
        data = read_yaml(path)
    except FileNotFoundError:
        raise TableError([f"{path.name}: file not found in {path.parent}"]) from None
    except YAMLError as exc:
        raise TableError([f"{path.name}: not valid YAML: {exc}"]) from None
    return parse_book(data, path.name)


def book_from_data(book_id: str) -> Book:
    """The engine's book source: data/tables/<book_id>.yaml."""
    if not re.fullmatch(r"[a-z0-9_-]+", book_id):
        raise TableError([f"tables id {book_id!r} is not a file name"])
    return read_book(TABLES_DIR / f"{book_id}.yaml")
