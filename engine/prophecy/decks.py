"""Drawing from the card decks; an empty deck is rebuilt by shuffling its discards."""
from __future__ import annotations

from typing import Literal

from engine.prophecy.context import Ctx
from engine.prophecy.state import Deck

DeckName = Literal["adventure", "chance", "common", "rare"]


def deck(ctx: Ctx, name: DeckName) -> Deck:
    found: Deck = getattr(ctx.state.decks, name)  # `name` is one of the four deck fields
    return found


def draw(ctx: Ctx, name: DeckName) -> str | None:
    """Top card of the deck, reshuffling the discards first if it ran out; None if none left."""
    d = deck(ctx, name)
    if not d.draw and d.discard:
        d.draw = d.discard
        d.discard = []
        ctx.state.rng.shuffle(d.draw)
        ctx.emit("deck_reshuffled", deck=name, cards=len(d.draw))
    if not d.draw:
        ctx.emit("deck_empty", deck=name)
        return None
    return d.draw.pop()


def discard(ctx: Ctx, name: DeckName, card: str) -> None:
    deck(ctx, name).discard.append(card)
