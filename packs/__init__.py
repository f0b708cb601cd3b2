"""Reads content packs and tables from data/ into the engine.

The engine is pure (no file reading, no PyYAML), so it asks for a pack or a tables book by id
(`engine.tables.default_book`, a system's `pack_by_id`) and this package, once imported, is what
answers: it reads the YAML files and hands their contents to the engine's builders, which
validate them. Every entry point imports it (bot.py, the tests' conftest, the benchmarks, the
rules oracle); without it the engine says which import is missing.

Each game system's readers are its own folder here, packs/<system>/ (named like its engine
package, engine/<system>/), whose `install()` hooks them into that engine. They are found rather
than listed, as engine.registry finds the engines: this package names no system, and it stays
free of the Discord side (pure entry points such as the benchmarks import it).
"""
from __future__ import annotations

import importlib
import pkgutil

from engine.tables.books import set_book_source
from packs.tables import DEFAULT_FILE, TABLES_DIR, book_from_data, read_book


def system_readers() -> list[str]:
    """The packs/<system>/ packages, in name order (each has an `install()`)."""
    return [f"{__name__}.{m.name}" for m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name) if m.ispkg]


def install() -> None:
    """Make the engine fetch packs and books from data/ (done on import; again is harmless)."""
    set_book_source(book_from_data)
    for module in system_readers():
        importlib.import_module(module).install()


install()

__all__ = ["DEFAULT_FILE", "TABLES_DIR", "book_from_data", "install", "read_book", "system_readers"]
