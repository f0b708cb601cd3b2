"""Prophecy content packs on disk: data/prophecy/<id>/ with one YAML file per part, and (in this
folder) the Standard overlay (standard.py) and the Water Realm expansion's parts (water_realm/).

Reading is here; validating and cross-checking is the engine's `build_pack`, so a pack typed
by a group and a pack built by a test are checked by the same code. Messages name the file and
the field (`adventures.yaml: cards[3].experience: Field required`).
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.prophecy.content import PACK_FILES, ContentError, Pack, build_pack
from packs.files import read_files

#: the shipped packs, one folder each
PACKS_ROOT = Path(__file__).resolve().parents[2] / "data" / "prophecy"


def read_pack_files(folder: Path) -> dict[str, object]:
    """What each file of a pack folder says; ContentError for a missing or unparsable file."""
    folder = Path(folder)
    return read_files(folder, PACK_FILES, ContentError, where=f"pack {folder}")


def read_pack(folder: Path) -> Pack:
    """Read, validate and cross-check a pack folder; raise ContentError naming file and field."""
    return build_pack(read_pack_files(folder))


def pack_from_data(pack_id: str) -> Pack:
    """The engine's pack source: the pack in data/prophecy/<pack_id>/."""
    if not re.fullmatch(r"[a-z0-9_-]+", pack_id):
        raise ContentError(f"pack id {pack_id!r} is not a folder name")
    return read_pack(PACKS_ROOT / pack_id)


def install() -> None:
    """Make Prophecy's engine read its packs, the Standard overlay and the Water Realm's parts from
    data/prophecy/ (`packs` calls this on import)."""
    from engine.prophecy.content import set_pack_source
    from engine.prophecy.content_standard import set_standard_source
    from engine.prophecy.water_realm.water.content import set_water_source
    from packs.prophecy.standard import standard_from_data
    from packs.prophecy.water_realm import cards, island  # noqa: F401  importing them installs their readers
    from packs.prophecy.water_realm.water import water_from_data

    set_pack_source(pack_from_data)
    set_standard_source(standard_from_data)
    set_water_source(water_from_data)


__all__ = ["PACKS_ROOT", "install", "pack_from_data", "read_pack", "read_pack_files"]
