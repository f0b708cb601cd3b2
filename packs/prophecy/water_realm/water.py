"""The Water Realm's content on disk: data/prophecy/water_realm/water/ (Water Realm expansion).

Reading is here; validating it is the engine's `build_water_pack`.
"""
from __future__ import annotations

from engine.prophecy.content import ContentError
from engine.prophecy.water_realm.water.content import WATER_FILES, WaterPack, build_water_pack
from packs.files import read_files
from packs.prophecy import PACKS_ROOT

WATER_ROOT = PACKS_ROOT / "water_realm"


def water_from_data(key: str) -> WaterPack:
    """The engine's Water Realm source: data/prophecy/water_realm/<key>/ ("water")."""
    if key != "water":
        raise ContentError(f"no Water Realm content {key!r}")
    return build_water_pack(read_files(WATER_ROOT / key, WATER_FILES, ContentError))


__all__ = ["WATER_ROOT", "water_from_data"]
