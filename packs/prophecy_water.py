"""The Water Realm's content on disk: data/prophecy/water_realm/water/ (Water Realm expansion).

Reading is here; validating it is the engine's `build_water_pack`.
"""
from __future__ import annotations

from engine.prophecy.content_water import WATER_FILES, ContentError, WaterPack, build_water_pack
from packs.files import YAMLError, read_yaml
from packs.prophecy import PACKS_ROOT

WATER_ROOT = PACKS_ROOT / "water_realm"


def water_from_data(key: str) -> WaterPack:
    """The engine's Water Realm source: data/prophecy/water_realm/<key>/ ("water")."""
    if key != "water":
        raise ContentError(f"no Water Realm content {key!r}")
    files: dict[str, object] = {}
    for fname in WATER_FILES:
        path = WATER_ROOT / key / fname
        try:
            files[fname] = read_yaml(path)
        except FileNotFoundError as exc:
            raise ContentError(f"{fname}: file missing from {path.parent}") from exc
        except YAMLError as exc:
            raise ContentError(f"{fname}: not valid YAML: {exc}") from exc
    return build_water_pack(files)


__all__ = ["WATER_ROOT", "water_from_data"]
