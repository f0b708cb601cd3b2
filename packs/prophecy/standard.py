"""The Prophecy Standard overlay on disk: data/prophecy/<id>/ with a manifest.yaml.

Reading is here; validating and cross-checking against its base pack is the engine's
`build_standard_pack`. The overlay's manifest is `manifest.yaml` (not `pack.yaml`), so the
folder is never mistaken for a complete Basic-format pack.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.prophecy.content_standard import STANDARD_FILES, ContentError, StandardPack, build_standard_pack
from packs.files import read_files
from packs.prophecy import PACKS_ROOT


def read_standard_files(folder: Path) -> dict[str, object]:
    """What each file of a Standard overlay folder says; ContentError for a missing or
    unparsable file."""
    folder = Path(folder)
    return read_files(folder, STANDARD_FILES, ContentError, where=f"pack {folder}")


def read_standard_pack(folder: Path) -> StandardPack:
    """Read, validate and cross-check a Standard overlay folder (its base pack comes from
    `pack_by_id`); raise ContentError naming file and field."""
    return build_standard_pack(read_standard_files(folder))


def standard_from_data(pack_id: str) -> StandardPack:
    """The engine's Standard pack source: the overlay in data/prophecy/<pack_id>/."""
    if not re.fullmatch(r"[a-z0-9_-]+", pack_id):
        raise ContentError(f"pack id {pack_id!r} is not a folder name")
    return read_standard_pack(PACKS_ROOT / pack_id)


__all__ = ["read_standard_files", "read_standard_pack", "standard_from_data"]
