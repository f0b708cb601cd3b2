"""Where a card is right now in a Prophecy game: which deck, which space, which player (the
plug-in's `content.locate`, see oracle/locate.py).

/card answers "what does it do" from the index and "where is it" from the channel's game
state. This reads the state only (no rules, no I/O), so it is a plain function here, and a
Discord reply merely translates the places it returns.
"""
from __future__ import annotations

from typing import Any

from engine.prophecy.content import pack_by_id
from engine.registry import SYSTEMS
from oracle.locate import Place


def locate(state: Any, card_id: str, kind: str) -> list[Place]:
    """Every place the card `card_id` of the given kind is in `state` (a ProphecyState).

    Cards in decks are counted (a deck is face down, but how many copies are left is fair
    to know; their order is never shown). Characters are found on their players, board
    spaces by who stands there. The answer is read from the spectator view of the game, so a
    card can only be found where anyone may see it.
    """
    state = SYSTEMS[state.system].view(state, None)
    places: list[Place] = []
    if kind == "character":
        return [Place("player", player=p.player, player_name=p.name) for p in state.players if p.character == card_id]
    if kind == "space":
        index = _space_index(state, card_id)
        return [Place("player", space=index, player=p.player, player_name=p.name)
                for p in state.players if index is not None and p.space == index and p.alive]
    for deck_name in ("adventure", "chance", "common", "rare"):
        deck = getattr(state.decks, deck_name)
        if (n := deck.draw.count(card_id)):
            places.append(Place("deck", n, deck=deck_name))
        if (n := deck.discard.count(card_id)):
            places.append(Place("discard", n, deck=deck_name))
    for index, cards in enumerate(state.spaces):
        if (n := sum(1 for c in cards if c.card == card_id)):
            places.append(Place("space", n, space=index))
    for space_id, items in state.offers.items():
        if (n := sum(1 for i in items if i.card == card_id)):
            places.append(Place("offer", n, space=_space_index(state, space_id)))
    for p in state.players:
        if (n := sum(1 for i in p.items if i.card == card_id)):
            places.append(Place("player", n, player=p.player, player_name=p.name))
    return places


def _space_index(state: Any, space_id: str) -> int | None:
    """The ring index of a space id, via the game's pack (the state stores indexes)."""
    try:
        return pack_by_id(state.options.pack).space_index(space_id)
    except KeyError:
        return None
