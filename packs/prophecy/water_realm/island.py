"""Treasure Island's and the new Artifacts' content on disk: data/prophecy/water_realm/island/
and data/prophecy/water_realm/artifacts/ (Water Realm expansion).

Reading is here; checking is the engine's `build_island_content`. Importing this module
installs the reader as the engine's source (`packs.prophecy.install` imports it).
"""
from __future__ import annotations

from pathlib import Path

from engine.prophecy.content import ContentError, pack_by_id
from engine.prophecy.water_realm.island.content import ISLAND_FILES, IslandContent, build_island_content, set_island_source
from packs.files import read_files
from packs.prophecy import PACKS_ROOT

#: where the expansion's folders are
WATER_REALM_ROOT = PACKS_ROOT / "water_realm"


def read_island_files(root: Path = WATER_REALM_ROOT) -> dict[str, object]:
    return read_files(root, ISLAND_FILES, ContentError)


def island_from_data(_key: str) -> IslandContent:
    """The engine's source: the files under data/prophecy/water_realm/, checked against the
    base board (every wilderness space has its Map Fragment)."""
    return build_island_content(read_island_files(), base=pack_by_id("base"))


set_island_source(island_from_data)

__all__ = ["WATER_REALM_ROOT", "island_from_data", "read_island_files"]
