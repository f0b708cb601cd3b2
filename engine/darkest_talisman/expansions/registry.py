"""The expansions a campaign may name, each a module of hooks; and the calls the core makes at
the points where an expansion may change what happens (engine/darkest_talisman/expansions/hooks.py).

An expansion module may define any of the hook functions listed in `HOOKS`; a missing one means
the expansion does nothing at that point. Adding an expansion is a content folder
(data/talisman/expansions/<id>/), a module here and one line in `EXPANSIONS`.
"""
from __future__ import annotations

from types import ModuleType

from engine.darkest_talisman.expansions import reaper

#: id -> (its hooks module, the name a player types: `/campaign new expansions:Reaper`)
EXPANSIONS: dict[str, ModuleType] = {"reaper": reaper}
NAMES: dict[str, str] = {"reaper": "Reaper"}


def by_name(typed: str) -> str | None:
    """The expansion id a typed name means ("Reaper", "reaper", "the reaper"), or None."""
    key = typed.strip().lower().removeprefix("the ").strip()
    for eid, name in NAMES.items():
        if key in (eid, name.lower()):
            return eid
    return None


def parse_list(typed: str) -> tuple[list[str], list[str]]:
    """A comma separated list of names (or space separated one-word names) -> (known ids in
    order, unknown names)."""
    known: list[str] = []
    unknown: list[str] = []
    for chunk in (c.strip() for c in typed.split(",")):
        if not chunk:
            continue
        parts = [chunk] if by_name(chunk) is not None else chunk.split()
        for part in parts:
            eid = by_name(part)
            if eid is None:
                unknown.append(part)
            elif eid not in known:
                known.append(eid)
    return known, unknown
