"""The expansions a campaign may name, each a module of hooks; and the calls the core makes at
the points where an expansion may change what happens (engine/darkest_talisman/expansions/hooks.py).

An expansion module may define any of the hook functions listed in `HOOKS`; a missing one means
the expansion does nothing at that point. Adding an expansion is a content folder
(data/talisman/expansions/<id>/), a module here and one line in `EXPANSIONS`.
"""
from __future__ import annotations

from types import ModuleType

from engine.darkest_talisman.expansions import (
    blood_moon,
    city,
    dungeon,
    firelands,
    frostmarch,
    highland,
    reaper,
    sacred_pool,
    woodland,
)

#: id -> (its hooks module, the name a player types: `/campaign new expansions:Reaper`)
EXPANSIONS: dict[str, ModuleType] = {"reaper": reaper, "blood_moon": blood_moon}
NAMES: dict[str, str] = {"reaper": "Reaper", "blood_moon": "Blood Moon"}
EXPANSIONS["firelands"] = firelands
NAMES["firelands"] = "Firelands"
EXPANSIONS["frostmarch"] = frostmarch  # DT section G
NAMES["frostmarch"] = "Frostmarch"
EXPANSIONS["sacred_pool"] = sacred_pool  # DT H
NAMES["sacred_pool"] = "Sacred Pool"
EXPANSIONS["city"], NAMES["city"] = city, "City"  # DT J: the City Region
EXPANSIONS["dungeon"], NAMES["dungeon"] = dungeon, "Dungeon"  # DT L: the Dungeon Region
EXPANSIONS["highland"], NAMES["highland"] = highland, "Highland"  # DT K: the Highland Region
EXPANSIONS["woodland"], NAMES["woodland"] = woodland, "Woodland"  # DT M: the Woodland Region


def _squash(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def by_name(typed: str) -> str | None:
    """The expansion id a typed name means ("Reaper", "the reaper", "Blood Moon", "BloodMoon",
    "blood_moon"), or None: case, spaces and underscores do not matter."""
    key = _squash(typed.strip().lower().removeprefix("the "))
    for eid, name in NAMES.items():
        if key and key in (_squash(eid), _squash(name)):
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
        words = chunk.split()
        i = 0
        while i < len(words):  # the longest run of words naming an expansion ("Reaper Blood Moon")
            j = next((j for j in range(len(words), i, -1) if by_name(" ".join(words[i:j])) is not None), None)
            if j is None:
                unknown.append(words[i])
                i += 1
                continue
            eid = by_name(" ".join(words[i:j]))
            if eid is not None and eid not in known:
                known.append(eid)
            i = j
    return known, unknown


def complete(current: str) -> list[str]:
    """What the `expansions` option may become as typed so far: each expansion not yet named,
    appended to the names already complete ("Reaper Bl" -> "Reaper Blood Moon")."""
    typed = current.replace(",", " ").split()
    open_end = not current.endswith((" ", ","))
    out: list[str] = []
    for cut in range(len(typed) + 1) if open_end else [len(typed)]:
        done, partial = typed[:cut], " ".join(typed[cut:]).lower()
        ids, unknown = parse_list(" ".join(done))
        if unknown:
            continue
        head = " ".join(NAMES[e] for e in ids)
        for eid, name in NAMES.items():
            if eid not in ids and name.lower().startswith(partial):
                choice = (head + " " + name).strip()
                if choice not in out:
                    out.append(choice)
    return out[:25]
