"""The campaign as one seat (or a spectator) may see it.

Hidden: the seed and the generator, the order of every face-down deck (only their sizes show),
Adventure cards still face down on the Draw Spots (unless Divination showed them), the trove
under its destination until the guardians are drawn (C3b-c: "without looking at them"), the
Scrolls an Enemy holds, and the Spells in other seats' hands (held face down). A decision
that offers to cast one of those Spells names it, in such a view, only by its place in the
caster's hand ("cast:2" for "cast:fireball#1", counted from 1): the seat sees which Spell that
is on its own sheet, everyone else only that a Spell may be cast. The resolution stack is the
engine's own bookkeeping and is left out. A view cannot be played on.
"""
from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel

from engine.darkest_talisman.state import CampaignState, SeatRef

#: the head of a decision's answer that casts a Spell from the hand (combat, Guardian Combat)
CAST = "cast:"


class CampaignView(BaseModel):
    """The visible campaign (`data`: the state's JSON with the secrets taken out), with the few
    readings the shared table code makes of any game's view: seats, round, status, winner."""

    viewer: str | None
    system: str
    data: dict[str, Any]

    @property
    def players(self) -> list[SeatRef]:
        return [SeatRef.model_validate(s) for s in self.data.get("seats", [])]

    def has_player(self, player: str) -> bool:
        return any(s.get("player") == player for s in self.data.get("seats", []))

    def name_of(self, player: str) -> str | None:
        """The name a person sits under, or sat under before leaving the table (None: never seated)."""
        for s in self.data.get("seats", []):
            if s.get("player") == player:
                return str(s.get("name"))
        name = self.data.get("departed", {}).get(player)
        return None if name is None else str(name)

    def player(self, player: str) -> SeatRef:
        for s in self.data.get("seats", []):
            if s.get("player") == player:
                return SeatRef.model_validate(s)
        raise KeyError(player)

    @property
    def status(self) -> str:
        return str(self.data.get("status", "active"))

    @property
    def round(self) -> int:
        return max(1, int(self.data.get("stats", {}).get("adventures", 0)))

    @property
    def turn(self) -> dict[str, Any] | None:
        return self.data.get("decision") if self.status == "active" else None

    @property
    def winner(self) -> str | None:
        crowned = self.data.get("crowned") or []
        if self.data.get("outcome") != "won" or not crowned:
            return None
        hero = next((h for h in self.data.get("heroes", []) if h["uid"] == crowned[0]), None)
        slots = self.data.get("slots", [])
        return slots[hero["slot"]] if hero is not None and hero["slot"] < len(slots) else None


def _spot(spot: dict[str, Any]) -> dict[str, Any]:
    if not spot.get("revealed") and not spot.get("foreseen"):
        spot = {**spot, "card": None if spot.get("card") is None else "hidden"}
    return spot


def sees_hand(state: CampaignState, viewer: str | None, hero_uid: str) -> bool:
    """Whether `viewer` sees this character's Spells (its own seat's, held face down)."""
    hero = next((h for h in state.heroes if h.uid == hero_uid), None)
    return hero is not None and viewer is not None and hero.slot < len(state.slots) and state.slots[hero.slot] == viewer


def public_option(state: CampaignState, viewer: str | None, option: str) -> str:
    """An answer of the pending decision as `viewer` may read it: casting a Spell this viewer
    may not see becomes casting the Spell at that place in the caster's hand ("cast:2")."""
    if not option.startswith(CAST):
        return option
    uid = option[len(CAST):]
    holder = next((h for h in state.heroes if uid in h.spells), None)
    if holder is None or sees_hand(state, viewer, holder.uid):
        return option
    return f"{CAST}{holder.spells.index(uid) + 1}"


def view(state: CampaignState | CampaignView, viewer: str | None) -> CampaignView:
    """The campaign as `viewer` may see it. A view of a view is that view, narrowed to what
    both viewers may see: the shared table code builds a public repost ("Show everyone") from
    a spectator's view and then asks it for a view again, and the secrets are gone already."""
    if isinstance(state, CampaignView):
        return _narrowed(state, viewer)
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
    if data.get("ext") is not None:  # the expansions' face-down decks (engine/darkest_talisman/expansions)
        from engine.darkest_talisman.expansions.view import public

        data["ext"] = public(data["ext"])
    if data.get("decision") is not None:
        decision = data["decision"]
        decision["options"] = [public_option(state, viewer, o) for o in decision["options"]]
        foreseen = decision.get("data", {}).get("forecast")
        if isinstance(foreseen, list):
            # what casting a Spell held face down would do is as hidden as the Spell itself
            decision["data"]["forecast"] = [None if o.startswith(CAST) and o[len(CAST):].isdigit() else f
                                            for o, f in zip(decision["options"], foreseen, strict=False)]
    return CampaignView(viewer=viewer, system=state.system, data=data)


def _narrowed(shown: CampaignView, viewer: str | None) -> CampaignView:
    """A view seen by `viewer`: the same view when it is theirs; otherwise only what is public
    in it (the Spells still listed, those of the first viewer's own seat, become a count), so
    it is a spectator's view whoever asks."""
    if shown.viewer == viewer:
        return shown
    data = copy.deepcopy(shown.data)
    slots = data.get("slots", [])
    for hero in data.get("heroes", []):
        if isinstance(hero.get("spells"), list) and (viewer is None or slots[hero["slot"]] != viewer):
            hero["spells"] = len(hero["spells"])
    return CampaignView(viewer=None, system=shown.system, data=data)
