""""New Cards for the Standard Game" (Water Realm expansion): "just shuffle them into the
appropriate decks", only when the table plays them (ruling new_cards_in_decks)."""
from __future__ import annotations

import json
from collections import Counter

from engine.prophecy.rules import pack_of
from engine.prophecy.water_realm.cards.content import VariantItem, wr_cards
from tests.prophecy_water.wr_cards_helpers import cards_game, new_game


def _everything(st) -> Counter[str]:  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Every Item and Adventure card of the game, wherever it lies."""
    out: Counter[str] = Counter()
    for name in ("adventure", "common", "rare"):
        deck = getattr(st.decks, name)
        out.update(deck.draw + deck.discard)
    out.update(a.card for cards in st.spaces for a in cards)
    out.update(i.card for offer in st.offers.values() for i in offer)
    out.update(i.card for p in st.players for i in p.items)
    return out


def test_new_cards_for_the_standard_game__shuffled_into_the_decks() -> None:
    """Every new Item joins its deck, every new Adventure the Adventure deck, as many copies as
    the card says."""
    st = cards_game(seed=7)
    found = _everything(st)
    content = wr_cards()
    for card in [*content.items, *content.adventures]:
        assert found[card.id] == card.count, card.id
    assert st.standard.cards is not None


def test_new_cards_for_the_standard_game__variants_are_never_dealt() -> None:
    """An Item with a stone, a set Falchion or a copy exists only once play makes it."""
    st = cards_game(seed=7)
    pack = pack_of(st)
    assert any(isinstance(c, VariantItem) for c in pack.items)
    variants = {c.id for c in pack.items if isinstance(c, VariantItem)}
    assert not variants & set(_everything(st))


def test_new_cards_for_the_standard_game__a_game_without_them_is_unchanged() -> None:
    """The expansion without its new cards deals exactly the Standard decks, and its state has
    no trace of them."""
    plain = new_game(2, seed=11)
    without = new_game(2, seed=11, expansion={"new_cards": False})
    assert plain.decks == without.decks and plain.spaces == without.spaces and plain.players == without.players
    dumped = json.loads(without.dump())
    assert "cards" not in dumped["standard"]
    assert "cards" not in json.loads(plain.dump())["standard"]
