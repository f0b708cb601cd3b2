"""Prophecy content packs on disk: data/prophecy/<id>/ with one YAML file per part.

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
PACKS_ROOT = Path(__file__).resolve().parents[1] / "data" / "prophecy"


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
