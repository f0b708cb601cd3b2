"""What one seat, or a spectator, may see of a Prophecy game (the engine's hidden-information rule).

Everything that leaves the bot is built from a view, never from the stored state, so a secret
cannot slip out through a renderer that forgot to redact it. What is secret is decided here,
from the Basic rulebook:

* The random generator (seed and state): it fixes every future die and shuffle.
* The order of every face-down pile. "Card Decks: shuffled decks are placed face-down" and a
  drawn Adventure is placed "face-up (without looking at it)", so nobody, not even the player
  who draws, knows what comes next. Which cards are still in a pile is not secret in the Basic
  Version (every drawn card is shown, discards lie face-up), so a pile's view keeps its
  contents in a fixed canonical order that says nothing about the real one.
* Adventure cards lying face-down on a space (none in the Basic Version; the Standard game
  has them) show only that a card is there. What else the Standard game hides is in
  `standard/view.py`.

The Basic Version has no private hand: characters, Gold, Experience, Items and Certificates
lie open in front of each player, so a seat sees exactly what a spectator sees.

A view is a `ProphecyView`, a `ProphecyState` subclass, so every renderer takes it unchanged;
it has no generator, so it can never be played on by mistake (the rules copy a state by
validating it as a `ProphecyState`, which needs one).
"""
from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.prophecy.standard.view import redact as redact_standard
from engine.prophecy.state import Deck, Decks, ProphecyState

#: what a face-down card on a space shows (its back)
HIDDEN_CARD = "face_down"


class ProphecyView(ProphecyState):
    """A redacted state: as `viewer` (a seat's player id, None for a spectator) may see it."""

    rng: None = None  # type: ignore[assignment]  # the generator never leaves the engine
    viewer: str | None = None
    #: how many cards each face-down pile holds (the only thing its back tells)
    pile_sizes: dict[str, int] = Field(default_factory=dict)


def _pile(deck: Deck) -> Deck:
    """The pile's contents in a canonical order (sorted ids); discards stay as they lie."""
    return Deck(draw=sorted(deck.draw), discard=list(deck.discard))


def view(state: ProphecyState, viewer: str | None) -> ProphecyView:
    """The state as `viewer` may see it; a view of a view is the same view."""
    data: dict[str, Any] = state.model_dump(by_alias=True, exclude={"rng"})
    data.pop("viewer", None)
    data.pop("pile_sizes", None)
    decks = state.decks
    data["decks"] = Decks(adventure=_pile(decks.adventure), chance=_pile(decks.chance),
                          common=_pile(decks.common), rare=_pile(decks.rare)).model_dump()
    for cards in data["spaces"]:
        for adv in cards:
            if not adv["face_up"]:
                adv["card"] = HIDDEN_CARD
    if state.standard is not None:
        redact_standard(data, viewer)  # the Astral Planes, secret choices (engine/prophecy/standard/view.py)
    sizes = {name: len(getattr(decks, name).draw) for name in ("adventure", "chance", "common", "rare")}
    return ProphecyView.model_validate({**data, "viewer": viewer, "pile_sizes": sizes})
