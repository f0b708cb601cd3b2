"""The campaign as one seat (or a spectator) may see it.

Hidden: the seed and the generator, the order of every face-down deck (only their sizes show),
Adventure cards still face down on the Draw Spots (unless Divination showed them), the trove
under its destination until the guardians are drawn (C3b-c: "without looking at them"), the
Scrolls an Enemy holds, and the Spells in other seats' hands (held face down). The resolution
stack is the engine's own bookkeeping and is left out. A view cannot be played on.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.darkest_talisman.state import CampaignState


class CampaignView(BaseModel):
    viewer: str | None
    system: str
    data: dict[str, Any]


def _spot(spot: dict[str, Any]) -> dict[str, Any]:
    if not spot.get("revealed") and not spot.get("foreseen"):
        spot = {**spot, "card": None if spot.get("card") is None else "hidden"}
    return spot


def view(state: CampaignState, viewer: str | None) -> CampaignView:
    data = state.model_dump(mode="json", by_alias=True, exclude={"rng", "tasks"})
    decks = data.pop("decks")
    data["decks"] = {
        "adventure": len(decks["adventure"]),
        "adventure_discard": len(decks["adventure_discard"]),
        "trove": len(decks["trove"]),
        "spells": len(decks["spells"]),
        "spell_discard": len(decks["spell_discard"]),
        "characters": len(decks["characters"]),
        "talismans": len(decks["talismans"]),
        # the Purchase cards lie face up (facts 2): the stock is public
        "purchase": sorted(decks["purchase"]),
    }
    for hero in data["heroes"]:
        if viewer is None or state.slots[hero["slot"]] != viewer:
            hero["spells"] = len(hero["spells"])
    trip = data.get("trip")
    if trip is not None:
        trip["spots"] = [_spot(s) for s in trip["spots"]]
        for space in trip["road"]:
            space["spots"] = [_spot(s) for s in space["spots"]]
        trove = trip.get("trove")
        if trove is not None and not trove["revealed"]:
            trip["trove"] = {"items": len(trove["items"]), "gold": None, "revealed": False}
    fight = data.get("fight")
    if fight is not None:
        for g in fight["guardians"]:
            g["scrolls"] = len(g["scrolls"])
    return CampaignView(viewer=viewer, system=state.system, data=data)
