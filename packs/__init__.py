"""Reads content packs and tables from data/ into the engine.

The engine is pure (no file reading, no PyYAML), so it asks for a pack or a tables book by id
(`engine.prophecy.content.pack_by_id`, `engine.tables.default_book`) and this package, once
imported, is what answers: it reads the YAML files and hands their contents to the engine's
builders, which validate them. Every entry point imports it (bot.py, the tests' conftest, the
benchmarks, the rules oracle); without it the engine says which import is missing.
"""
from __future__ import annotations

from engine.darkest_talisman.content import set_pack_source as set_talisman_source
from engine.darkest_talisman.expansions.content import set_expansion_source
from engine.prophecy.content import set_pack_source
from engine.prophecy.content_standard import set_standard_source
from engine.prophecy.water_realm.water.content import set_water_source
from engine.tables.books import set_book_source
from packs.prophecy import PACKS_ROOT, pack_from_data, read_pack, read_pack_files
from packs.prophecy_standard import standard_from_data
from packs.tables import DEFAULT_FILE, TABLES_DIR, book_from_data, read_book
from packs.talisman import read_expansion, talisman_from_data
from packs.water_realm.cards import wr_cards_from_data  # noqa: F401  installs the new cards' reader (Water Realm expansion)
from packs.water_realm.island import island_from_data  # noqa: F401  installs Treasure Island's reader (Water Realm expansion)
from packs.water_realm.water import water_from_data


def install() -> None:
    """Make the engine fetch packs and books from data/ (done on import; again is harmless)."""
    set_pack_source(pack_from_data)
    set_book_source(book_from_data)
    set_standard_source(standard_from_data)
    set_water_source(water_from_data)
    set_talisman_source(talisman_from_data)
    set_expansion_source(read_expansion)


install()

__all__ = [
    "DEFAULT_FILE",
    "PACKS_ROOT",
    "TABLES_DIR",
    "book_from_data",
    "install",
    "pack_from_data",
    "read_book",
    "read_pack",
    "read_pack_files",
]
