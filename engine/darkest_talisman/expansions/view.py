"""What a seat may see of the expansions' part: the face-down decks only by their sizes (the
shelved Adventure decks, the expansions' Trove decks, the Spells waiting to be shuffled in, the
Quest deck, the City's shop piles and Wanted Poster deck); the figures, the Barriers and who
must still pray are on the table for all."""
from __future__ import annotations

from typing import Any


def public(ext: dict[str, Any]) -> dict[str, Any]:
    out = dict(ext)
    out["shelved"] = {k: {"adventure": len(v["adventure"]), "discard": len(v["discard"])} for k, v in ext["shelved"].items()}
    out["troves"] = {k: len(v) for k, v in ext["troves"].items()}
    out["spells"] = {k: len(v) for k, v in ext["spells"].items()}
    out["quests"] = len(ext["quests"])
    out["terrain"] = len(ext.get("terrain") or [])  # the Terrain deck, face down (I4)
    out["rewards"] = len(ext.get("rewards", []))  # the Quest Reward deck, face down (H3)
    # the shops' piles (J2a) by their sizes; a character's own Path and Destinies (the Woodland,
    # M4: "path:<hero>", "destiny:<hero>") lie face up
    out["piles"] = {k: (list(v) if ":" in k else len(v)) for k, v in (ext.get("piles") or {}).items()}
    if ext.get("city"):  # the Wanted Poster deck is face down (J4a)
        out["city"] = {**ext["city"], "posters": len(ext["city"]["posters"])}
    return out
