"""Where each physical card goes: drawing, discarding and reshuffling.

Decks are lists whose top is the end (`pop()` draws). A discarded Adventure card goes to the
Adventure discard pile, reshuffled into the deck when the deck runs out or the party gets home
(C4a-m); a Magic Object goes back under the Trove deck (project ruling `trove_items`, since
shuffling it into the Adventure deck would undo A2); a Blacksmith object back to his stock; a
Talisman back to the supply; a Spell to the Spell discard pile.
"""
from __future__ import annotations

from typing import Literal

from engine.darkest_talisman.content import ObjectCard, Pack
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import card_id

Deck = Literal["adventure", "magic", "purchase", "talisman", "spell"]


def deck_of(pack: Pack, uid: str) -> Deck:
    cid = card_id(uid)
    if cid == "talisman":
        return "talisman"
    if pack.has_card(cid):
        card = pack.card(cid)
        if isinstance(card, ObjectCard) and card.type == "magic_object":
            return "magic"
        if any(c.id == cid for c in pack.purchase):
            return "purchase"
        return "adventure"
    pack.spell(cid)  # KeyError for an unknown uid: a bug, never a player's mistake
    return "spell"


def discard(ctx: Ctx, uid: str) -> None:
    decks = ctx.state.decks
    where = deck_of(ctx.pack, uid)
    if ctx.state.ext is not None:  # an expansion's card goes back to its own deck
        from engine.darkest_talisman.hookpoint import hooks

        if hooks.discard(ctx, uid, where):
            return
    if where == "adventure":
        decks.adventure_discard.append(uid)
    elif where == "magic":
        decks.trove.insert(0, uid)
    elif where == "purchase":
        decks.purchase.append(uid)
    elif where == "talisman":
        decks.talismans.append(uid)
    else:
        decks.spell_discard.append(uid)


def _shuffle_in(ctx: Ctx, deck: list[str], discard: list[str], name: str) -> None:
    """The discard pile shuffled into the deck (an empty deck drawn from, or C4a-m)."""
    deck.extend(discard)
    discard.clear()
    ctx.state.rng.shuffle(deck)
    ctx.emit("deck_reshuffled", deck=name)


def _draw(ctx: Ctx, deck: list[str], discard: list[str], name: str) -> str | None:
    """The top card; the discard pile is shuffled in when the deck is empty."""
    if not deck and discard:
        _shuffle_in(ctx, deck, discard, name)
    return deck.pop() if deck else None


def draw_adventure(ctx: Ctx) -> str | None:
    """The top Adventure card; the discard pile is shuffled in when the deck is empty."""
    if ctx.state.ext is not None:  # a deck an expansion puts before the live one (J5 Travelling Bazaar)
        from engine.darkest_talisman.hookpoint import hooks

        first = hooks.draw_first(ctx)
        if first is not None:
            return str(first)
    decks = ctx.state.decks
    return _draw(ctx, decks.adventure, decks.adventure_discard, "adventure")


def draw_spell(ctx: Ctx) -> str | None:
    decks = ctx.state.decks
    return _draw(ctx, decks.spells, decks.spell_discard, "spells")


def shuffle_discards(ctx: Ctx) -> None:
    """C4a-m: back in a village or into a new region, the discard pile goes back into the deck."""
    decks = ctx.state.decks
    if decks.adventure_discard:
        _shuffle_in(ctx, decks.adventure, decks.adventure_discard, "adventure")


def take_purchase(ctx: Ctx, cid: str) -> str | None:
    """A copy of a Purchase card from the stock, if any is left."""
    for i, uid in enumerate(ctx.state.decks.purchase):
        if card_id(uid) == cid:
            return ctx.state.decks.purchase.pop(i)
    return None


def take_talisman(ctx: Ctx) -> str | None:
    return ctx.state.decks.talismans.pop() if ctx.state.decks.talismans else None


def stock(ctx: Ctx, market: bool = False) -> dict[str, int]:
    """The Blacksmith's stock: card id -> copies for sale (`market`: also what only the Market
    sells, the Water Bottle and the Raft)."""
    out: dict[str, int] = {}
    for uid in ctx.state.decks.purchase:
        card = ctx.pack.card(card_id(uid))
        if isinstance(card, ObjectCard) and (card.for_sale or (market and card.market_cost is not None)):
            out[card.id] = out.get(card.id, 0) + 1
    return out
