"""Names in the reader's language: systems/prophecy/describe.Names and the board picture read the pack's
translations, and narration in Italian names Italian cards, places and guilds."""
from __future__ import annotations

from engine.core.events import Event
from engine.prophecy.content import pack_by_id
from gm.i18n import t
from systems.prophecy.board_image import _Words
from systems.prophecy.describe import Names, describe_event
from tests.prophecy.helpers import give, new_game


def test_names_follow_the_reader_locale():
    state = new_game(players=2, seed=3, characters=["troll", "paladin"], pack="base")
    it, en = Names(state, "it"), Names(state, "en")
    assert (it.card("vampire"), en.card("vampire")) == ("Vampiro", "Vampire")
    assert (it.card("sword"), it.card("kindly_wind"), it.card("paladin")) == ("Spada", "Brezza Leggera", "Paladino")
    assert (it.space("mountains_4"), en.space("mountains_4")) == ("Alture di Zanna di Gelo", "Frostfang Heights")
    assert it.space_at(pack_by_id().space_index("city")) == "Città"
    assert (it.guild("forest_camp"), en.guild("forest_camp")) == ("Accampamento nella Foresta", "Forest Camp")
    assert it.card_text("vampire").startswith("Domina") and en.card_text("vampire").startswith("It dominates")
    uid = give(state, state.players[0].player, "sword")
    assert Names(state, "it").item_uid(uid) == "Spada"


def test_names_of_unknown_ids_do_not_raise():
    state = new_game(players=2, seed=3, pack="base")
    n = Names(state, "it")
    assert (n.card("no_such_card"), n.space("nowhere"), n.guild("no_guild")) == ("no_such_card", "nowhere", "no_guild")
    assert Names(state, "fr").card("vampire") == "Vampire"  # a language the pack lacks: English


def test_italian_narration_names_italian_cards_places_and_guilds():
    state = new_game(players=2, seed=3, pack="base")
    pid = state.players[0].player
    placed = describe_event(state, Event(kind="adventure_placed", data={"card": "giant_spider", "space": "forest_1"}), "it")
    assert placed == t("it", "event.adventure_placed", card="Ragno Gigante", space="Foresta dei Sussurri")
    cert = describe_event(
        state, Event(kind="certificate_obtained", player=pid, data={"guild": "thieves_guild", "count": 1}), "it"
    )
    assert "Gilda dei Ladri" in cert and "Thieves" not in cert


def test_board_picture_labels_use_pack_names_in_the_label_language():
    pack = pack_by_id()
    labels_it = {"locale": "it", "title.turn": t("it", "board.title.turn")}
    words = _Words(pack, labels_it)
    assert words.space(pack.space(pack.space_index("plains_1"))) == "Pianure Dorate"
    assert words.card("hydra") == "Idra" and words.character("ranger") == "Ramingo"
    assert words.astral("astral_water", "Portale Astrale dell'Acqua") == "Acqua"
    assert words.fmt("title.turn", player="Alice") == "Tocca ad Alice"  # the filter works on the picture too
    assert _Words(pack, None).space(pack.space(pack.space_index("plains_1"))) == "Golden Plains"


def test_a_name_that_opens_with_its_article_is_not_given_it_twice():
    """A card called "The Bride" (the Blood Moon, DT F9) reads "may take The Bride", never "the
    The Bride"; other names keep their article, in both languages."""
    from engine.core.named import Named

    bride, village, sposa = Named("The Bride", "the"), Named("Village", "the"), Named("La Sposa", "la")
    from gm.i18n import format_text

    assert format_text("en", "{hero} may take the {card}.", hero="Ada", card=bride) == "Ada may take The Bride."
    assert format_text("en", "{hero} may take the {card}.", hero="Ada", card=village) == "Ada may take the Village."
    assert format_text("it", "{hero} può prendere la {card}.", hero="Ada", card=sposa) == "Ada può prendere La Sposa."
    assert format_text("en", "Take it, dropping the {thing}", thing=bride) == "Take it, dropping The Bride"
    from gm.i18n import FILTERS

    assert FILTERS["the"]("en", village) == "the Village" and FILTERS["the"]("en", bride) == "The Bride"
    assert FILTERS["of"]("en", bride) == "of The Bride" and FILTERS["the"]("it", sposa) == "La Sposa"
    assert FILTERS["di"]("it", Named("Fortezza", "la")) == "della Fortezza"
