"""The Darkest Talisman content pack on disk: data/talisman/ with one YAML file per part.

Reading is here; validating and cross-checking is the engine's `build_pack`, so a pack typed by a
group and a pack built by a test go through the same checks. The shipped pack (id `core`) is the
folder itself; a group's pack `<id>` lives in data/talisman/<id>/. The folder's rulings.yaml (the
project's decisions where the rules are silent) is checked here too, though the engine never
reads it: it is for players, through /rules.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.darkest_talisman.content import (
    PACK_FILES,
    RULINGS_FILE,
    ContentError,
    Pack,
    build_pack,
    pack_by_id,
    set_pack_source,
    validate_rulings,
)
from engine.darkest_talisman.expansions.content import (
    EXPANSION_FILES,
    OPTIONAL_FILES,
    Expansion,
    build_expansion,
    expansion_by_id,
    merge,
    set_expansion_source,
)
from packs.files import YAMLError, read_yaml

#: the shipped pack's folder
TALISMAN_ROOT = Path(__file__).resolve().parents[2] / "data" / "talisman"
#: the expansions' folders (DT sections E-M), one per expansion
EXPANSIONS_ROOT = TALISMAN_ROOT / "expansions"


def _read(path: Path) -> object:
    try:
        return read_yaml(path)
    except FileNotFoundError as exc:
        raise ContentError(f"{path.name}: file missing from pack {path.parent}") from exc
    except YAMLError as exc:
        raise ContentError(f"{path.name}: not valid YAML: {exc}") from exc


def read_talisman_files(folder: Path) -> dict[str, object]:
    """What each file of a pack folder says; ContentError for a missing or unparsable file."""
    return {fname: _read(Path(folder) / fname) for fname in PACK_FILES}


def read_talisman_pack(folder: Path) -> Pack:
    """Read, validate and cross-check a pack folder; raise ContentError naming file and field."""
    return build_pack(read_talisman_files(folder))


def read_rulings(folder: Path = TALISMAN_ROOT) -> list[str]:
    """The ruling ids of a pack folder's rulings.yaml, after validating every entry."""
    return validate_rulings(_read(Path(folder) / RULINGS_FILE))


def read_expansion(eid: str) -> Expansion:
    """An expansion folder, data/talisman/expansions/<id>/, read and validated."""
    if not re.fullmatch(r"[a-z0-9_]+", eid):
        raise ContentError(f"expansion id {eid!r} is not a folder name")
    folder = EXPANSIONS_ROOT / eid
    files = {fname: _read(folder / fname) for fname in EXPANSION_FILES}
    files.update({fname: _read(folder / fname) for fname in OPTIONAL_FILES if (folder / fname).exists()})
    return build_expansion(files)


def talisman_from_data(pack_id: str) -> Pack:
    """The engine's pack source: `core` is data/talisman/, any other id data/talisman/<id>/;
    "<pack>+<expansion>+..." is that pack with the expansions merged in."""
    if "+" in pack_id:
        base, *names = pack_id.split("+")
        return merge(pack_by_id(base), [expansion_by_id(e) for e in names])
    if not re.fullmatch(r"[a-z0-9_-]+", pack_id):
        raise ContentError(f"pack id {pack_id!r} is not a folder name")
    return read_talisman_pack(TALISMAN_ROOT if pack_id == "core" else TALISMAN_ROOT / pack_id)


def install() -> None:
    """Make Darkest Talisman's engine read its packs and expansions from data/talisman/ (`packs` calls this on import)."""
    set_pack_source(talisman_from_data)
    set_expansion_source(read_expansion)


__all__ = ["EXPANSIONS_ROOT", "TALISMAN_ROOT", "install", "read_expansion",
           "read_rulings", "read_talisman_files", "read_talisman_pack", "talisman_from_data"]
