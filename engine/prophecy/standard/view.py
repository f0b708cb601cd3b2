"""What a seat, or a spectator, may see of a Standard game beyond the Basic view.

Hidden in the Standard game (issue 13, "Hidden information"):
* the Astral Plane cards, dealt face down (ruling astral_setup) until an attack turns a
  Guardian up (ruling astral_revealed_stays) or an Artifact is won; a card looked at in a
  Prophetic Dream or with Astral Sight shows only in the view of whoever looked (ruling
  prophetic_dream); everyone may see *which* card she looked at;
* the two characters dealt to a player to keep one (ruling character_choice) and the
  Abilities looked at in the Lost Library (ruling lost_library), seen only by that player;
* face-down Adventures (the Basic view already hides them), and so the contents of the
  Adventure pile too: with cards lying face down, the pile's contents would tell them by
  elimination, so only its size is shown;
* the order of the guild Ability decks, like every face-down pile.
A spectator (viewer None) sees none of these.
"""
from __future__ import annotations

from typing import Any

from engine.prophecy.standard import parts
from engine.prophecy.standard.state import HIDDEN, SECRET_OPTIONS, SLOTS


def redact(data: dict[str, Any], viewer: str | None) -> None:
    """Redact the dumped state `data` in place for `viewer`."""
    sd = data.get("standard")
    if sd is None:
        return
    for plane in sd["planes"]:
        for slot in SLOTS:
            if plane[slot] is not None and slot not in plane["up"] and viewer not in plane["seen"].get(slot, []):
                plane[slot] = HIDDEN
    sd["guild_decks"] = {guild: sorted(cards) for guild, cards in sd["guild_decks"].items()}
    for decision in sd["decisions"]:
        if decision["kind"] in SECRET_OPTIONS and decision["player"] != viewer:
            decision["options"] = [HIDDEN] * len(decision["options"])
    data["decks"]["adventure"]["draw"] = []
    for part in parts.all_parts():
        part.redact(data, viewer)
