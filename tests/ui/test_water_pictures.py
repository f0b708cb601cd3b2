"""The board pictures of the Water Realm expansion say what they show: the Gate to the Water
Realm is drawn on its plane (rulebook "Gate to the Water Realm": the Lesser Guardian's place,
the Greater Guardian and Artifact sent to the Undersea Palace), a character under the sea has
her token on that Gate and her place in her legend row, the Map Fragment's parchment has its
key, and a long name is never what cuts the words around it."""
from __future__ import annotations

import io

import pytest
from PIL import Image

import packs  # noqa: F401  (loads the Water Realm content)
from engine.core.system import Seat
from engine.prophecy.content import pack_by_id
from engine.prophecy.game import SYSTEM
from systems.prophecy import board_image as bi
from systems.prophecy import board_standard as bs
from systems.prophecy.plugin import board_labels, board_picture
from systems.prophecy.water_realm import board as board_water
from tests.prophecy_water.water_helpers import cell, dive, open_gate

LONG = "Bartholomew the Magnificent Wanderer of the Seven Seas"


def _game():
    seats = [Seat(player="p1", name=LONG), Seat(player="p2", name="Ann"), Seat(player="p3", name="Gio")]
    opts = {"version": "standard", "auto_end_turn": False, "standard": {"character_choice": "random", "expansion": {
        "new_cards": True, "treasure_island": True, "water_realm": True, "artifacts": "new"}}}
    st = SYSTEM.new_game(seats, opts, 5).state
    open_gate(st, "astral_fire")
    dive(st, "p2", cell(2, 2))
    return SYSTEM.view(st, None)


def _marks(state, locale):
    words = bi._words_for(state, pack_by_id(state.options.pack), board_labels(locale))
    return bi._marks(state, bi._geometry_for(words.pack, words), words), words


@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_water_gate_is_drawn_on_its_plane_with_the_divers_token(locale: str) -> None:
    state = _game()
    marks, words = _marks(state, locale)
    fire = next(m for m in marks if m.key[:2] == ("plane", "astral_fire"))
    faces = fire.key[3]
    assert faces[0] == ("gate", "open", "1")  # Ann (seat 1) is under the sea
    assert faces[1] == ("palace",) and faces[2] == ("palace",)
    assert words["plane.water_gate"] in fire.key
    image = Image.open(io.BytesIO(board_picture(state, locale))).convert("RGB")
    colours = {c for _n, c in image.getcolors(1 << 20)}
    assert bs.SEA in colours and bs.SHALLOW in colours


@pytest.mark.parametrize("locale", ["en", "it"])
def test_a_diver_has_her_place_in_her_legend_row_and_the_map_fragment_its_key(locale: str) -> None:
    state = _game()
    marks, words = _marks(state, locale)
    ann = next(m for m in marks if m.key[0] == "std_seat" and m.key[1] == 1)
    assert ann.key[6].endswith(words.fmt("stat.diving", cell="C3")), ann.key[6]
    island = next(m for m in marks if m.key[0] == "island")
    assert words["island.map_fragment"] in island.key


@pytest.mark.parametrize("locale", ["en", "it"])
def test_a_long_name_is_shortened_itself_never_the_words_around_it(locale: str) -> None:
    state = _game()
    state.turn.player = "p1"
    marks, words = _marks(state, locale)
    title = next(m for m in marks if m.key[0] == "title").key[1]
    tail = words.fmt("title.turn", player="\x00").split("\x00")[1]
    assert title.endswith(tail) and words.fmt("title.round", n=state.round) in title
    row = next(m for m in marks if m.key[0] == "std_seat" and m.key[1] == 0).key[5]
    character = words.character(state.players[0].character)
    assert row.endswith(" · " + character) and row.startswith("Bartholomew")
    # pieces drawn apart still add up to the picture drawn whole
    pack = pack_by_id(state.options.pack)
    labels = board_labels(locale)
    assert Image.open(io.BytesIO(bi.render_board(state, pack, labels=labels))).convert("RGB").tobytes() == \
        Image.open(io.BytesIO(bi.render_full(state, pack, labels=labels))).convert("RGB").tobytes()


def test_the_palace_names_its_cards_whole_in_italian(monkeypatch) -> None:
    state = _game()
    said: list[str] = []
    real = board_water._text
    monkeypatch.setattr(board_water, "_text", lambda d, at, text, *a, **k: (said.append(text), real(d, at, text, *a, **k)))
    board_water.render_water(state, "it")
    assert said and not [s for s in said if s.endswith("…")], [s for s in said if s.endswith("…")]
