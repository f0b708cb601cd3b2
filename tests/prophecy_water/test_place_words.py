"""How the Standard game and its Water Realm expansion name a place after a preposition, in
English and Italian: a ring space takes its article ("at the City", "alla Città"), a space of
the Water Realm its own ("fino alla casella B3 del Regno dell'Acqua"), and no line puts a bare
preposition before either ("at City", "su Città", "in casella B3")."""
from __future__ import annotations

import re
import string
from typing import Any, Iterator

import yaml

import systems  # noqa: F401  (the plug-ins, as the bot loads them)
from engine.core.named import Named
from gm.i18n import LOCALES_DIR, format_text
from systems.prophecy.names import Names, water_place
from tests.prophecy_water.water_helpers import PALACE, cell, water_game

FILES = ("standard_play", "standard_sheet", "water_realm", "wr_cards", "treasure_island")
#: the shared narration lines a Standard game says too (a move, a stay, a card laid on a space)
SHARED = ("event.moved", "event.stayed", "event.adventure_placed", "event.creature_stays", "event.offer_placed",
          "event.offer_discarded", "event.character_dealt", "action.move_stay")
PLAYER_TO = ("artifact_lost", "item_given_up")  # there `to` names a player


def _kind(key: str, name: str) -> str | None:
    """What a placeholder names: a ring space, a space of the Water Realm, or something else."""
    realm = key.startswith("water.")
    if name == "space" or (name in ("frm", "to") and key.rsplit(".", 1)[-1] not in PLAYER_TO
                           and key != "water.event.moved"):
        return "ring"
    if realm and (name == "place" or (name in ("frm", "to") and key == "water.event.moved")):
        return "water"
    return None


BARE = {"en": r"\b(at|from|to|on|in|into|for) {name}\b", "it": r"\b(a|da|di|in|su|per|fino|tra) {name}\b"}


def _lines(tree: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    for key, value in tree.items():
        if isinstance(value, dict):
            yield from _lines(value, f"{prefix}{key}.")
        elif isinstance(value, str):
            yield f"{prefix}{key}", value


def _templates(locale: str) -> Iterator[tuple[str, str]]:
    for name in FILES:
        yield from _lines(yaml.safe_load((LOCALES_DIR / locale / f"{name}.yaml").read_text(encoding="utf-8")))
    shared = dict(_lines(yaml.safe_load((LOCALES_DIR / f"{locale}.yaml").read_text(encoding="utf-8"))))
    for key in SHARED:
        yield key, shared[key]


def _filled(locale: str, template: str, key: str, place: str, kind: str) -> str:
    params: dict[str, Any] = {}
    for _text, field, _spec, _conv in string.Formatter().parse(template):
        if field is None:
            continue
        name = field.partition("|")[0]
        if _kind(key, name) == kind:
            params[name] = place
        else:
            params[name] = "X"
    return format_text(locale, template, **params)


def test_a_ring_space_after_a_preposition_takes_its_article():
    """English: "starts at the Monastery", "Sail to the Whispering Forest"; Italian: "alla
    Città", "dal Monastero", or "la casella ..." where the line names the space as a space."""
    state = water_game()
    for locale in ("en", "it"):
        n = Names(state, locale)
        for index in range(len(n.pack.board.spaces)):
            space = n.space_at(index)
            assert isinstance(space, Named) and space.article, (locale, space)
        city = n.space("city")
        bad = [(key, _filled(locale, template, key, city, "ring")) for key, template in _templates(locale)
               if re.search(BARE[locale].format(name=re.escape(str(city))), _filled(locale, template, key, city, "ring"))]
        assert not bad, bad


def test_a_space_of_the_water_realm_after_a_preposition_reads_as_a_sentence():
    """The realm's places after "fino", "da", "in" in every Italian line merge the preposition
    with their article ("fino alla casella B3 del Regno dell'Acqua", "dal Palazzo Sottomarino");
    English names them "space B3 of the Water Realm" and "the Undersea Palace", needing none."""
    assert str(water_place(cell(2, 1), "en")).startswith("space ") and str(water_place(PALACE, "en")).startswith("the ")
    for index in (cell(2, 1), PALACE):
        place = water_place(index, "it")
        head = str(place).split()[0]
        bad = [(key, _filled("it", template, key, place, "water")) for key, template in _templates("it")
               if re.search(BARE["it"].format(name=re.escape(head)), _filled("it", template, key, place, "water"))]
        assert not bad, bad
        carried = [_filled("it", template, key, place, "water") for key, template in _templates("it")
                   if key == "water.event.carried"]
        assert carried and (" fino alla casella " in carried[0] or " fino al Palazzo " in carried[0]), carried


def test_english_and_italian_narration_name_ring_spaces_with_their_article():
    """The lines a Standard game says about the ring read "at the Whispering Forest", "from the
    Fortress to the Golden Plains", "nella casella ...", "alla Città"."""
    from engine.core.events import Event
    from systems.prophecy.describe import describe_event

    state = water_game()
    placed = Event(kind="adventure_placed", player=None, data={"card": "hermit", "space": "forest_1"})
    assert describe_event(state, placed, "en").endswith("appears at the Whispering Forest.")
    moved = Event(kind="moved", player="p1", data={"method": "walk", "frm": "fortress", "to": "forest_1", "cost": None})
    assert "from the Fortress to the Whispering Forest" in describe_event(state, moved, "en")
