""""Cooperative and Solo Game" -> "New Cards for the Standard Game" (Water Realm expansion), and
the new cards' rulings (data/prophecy/water_realm/cards/rulings.yaml)."""
from __future__ import annotations

from engine.prophecy.standard.state import StandardOptions
from engine.prophecy.state import ProphecyOptions
from engine.prophecy.water_realm.cards.content import wr_cards
from engine.prophecy.water_realm.options import ExpansionOptions
from gm.i18n import catalogue


def test_new_cards_cooperative_and_solo_game__no_cooperative_mode_yet_ruling_says_when() -> None:
    """The rulebook's co-operative notes (leave out the Scroll of Entrancement, the Doppelganger
    and the Path of the Dead; the Beast, Gifts of the Gods, Returned and Mad Riddler notes) apply
    to a co-operative Prophecy game, which this bot does not have: no option creates one, and
    the ruling cooperative_notes says the notes apply once it is added, naming each card."""
    for model in (ProphecyOptions, StandardOptions, ExpansionOptions):
        assert not [f for f in model.model_fields if "coop" in f or "solo" in f], model
    ruling = wr_cards().ruling("cooperative_notes")
    content = wr_cards()
    for card in ("scroll_of_entrancement", "doppelganger", "path_of_the_dead", "beast", "gifts_of_the_gods",
                 "returned", "mad_riddler"):
        found = content.item(card) or content.adventure(card)
        assert found is not None, card
        assert found.name in ruling.text.en, card
        assert found.names["it"] in ruling.text.it, card


def test_ruling_every_ruling_in_both_languages_and_implemented() -> None:
    """Each ruling says, in English and Italian and in its own words, what implements it: an
    expansion option, a figure of cards.yaml, or a card of this folder."""
    content = wr_cards()
    for r in content.rulings:
        assert r.title.en and r.title.it and r.text.en != r.text.it
        head, _, rest = r.option.partition(".")
        if head == "options":
            assert rest in ExpansionOptions.model_fields
        elif head == "figures":
            assert rest in type(content.figures).model_fields
        else:
            assert content.item(rest.partition(".")[2]) or content.adventure(rest.partition(".")[2])


def test_ruling_mad_riddler_veterans__a_game_new_variant_for_new_players() -> None:
    """The Mad Riddler note: a /game new choice leaves him out, titled and summarised in both
    languages (variant key no_mad_riddler -> ExpansionOptions.mad_riddler False)."""
    assert ExpansionOptions().mad_riddler is True
    assert ExpansionOptions(new_cards=True, mad_riddler=False).mad_riddler is False
    for locale in ("en", "it"):
        cat = catalogue(locale)
        assert cat.get("variant.prophecy.no_mad_riddler.title") and cat.get("variant.prophecy.no_mad_riddler.summary")


def test_new_cards_for_the_standard_game__every_card_named_and_told_in_both_languages() -> None:
    content = wr_cards()
    for card in [*content.items, *content.adventures]:
        assert card.names.get("it") and card.texts.get("it") and card.text, card.id
        assert card.source == "project"
