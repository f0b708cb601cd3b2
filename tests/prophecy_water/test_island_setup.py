"""Treasure Island, "Set up" and the content it is built from (Water Realm expansion rulebook,
"Treasure Island": Set up; "Treasures"; Appendix "Treasures")."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.core.system import Seat
from engine.prophecy.content import ContentError, pack_by_id
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard import powers
from engine.prophecy.water_realm.island.content import build_island_content, island_content
from packs.prophecy.water_realm.island import read_island_files
from tests.prophecy_standard.helpers import new_game
from tests.prophecy_water.island_helpers import fragment_ids, game, isl, treasure_ids


def test_set_up__three_treasures_face_up_the_rest_in_a_deck():
    """Set up: the ten Treasures are shuffled and the top three turned face up."""
    state = game(seed=4)
    i = isl(state)
    assert len(i.up) == 3 and len(i.deck) == 7
    assert sorted(i.up + i.deck) == sorted(treasure_ids())


def test_set_up__treasures_turn_face_up_after_choosing_characters():
    """Set up: "after choosing characters, turn the top three Treasure cards face-up": while the
    seats still choose between two characters no Treasure shows, in the state or in any view."""
    seats = [Seat(player=f"p{n}", name=f"Player {n}") for n in (1, 2)]
    options = {"version": "standard", "auto_end_turn": False,
               "standard": {"character_choice": "deal_two_keep_one", "expansion": {"treasure_island": True}}}
    state = SYSTEM.new_game(seats, options, 3).state
    i = isl(state)
    assert i.up == [] and len(i.deck) == 10
    for viewer in (None, "p1", "p2"):
        assert SYSTEM.view(state, viewer).standard.island.up == []
    for seat in ("p1", "p2"):
        choice = next(a for a in SYSTEM.legal_actions(state, seat))
        state = SYSTEM.apply(state, seat, choice).state
    i = isl(state)
    assert len(i.up) == 3 and len(i.deck) == 7 and state.turn is not None


def test_set_up__twelve_map_fragments_face_down_one_per_wilderness_space():
    """Set up / Chance Cards: the 12 Map Fragments, one for each Forest, Mountains or Plains space."""
    state = game()
    i = isl(state)
    assert sorted(i.fragments) == sorted(fragment_ids()) and len(i.fragments) == 12
    board = pack_by_id("base").board.spaces
    wild = {s.id for s in board if s.terrain is not None}
    assert {island_content().fragment_space(f) for f in i.fragments} == wild
    assert not i.placed and all(not held for held in i.held.values())


def test_set_up__treasure_map_cards_join_the_chance_deck():
    """Set up: Treasure Map and Treasure Maps are shuffled into the Chance deck."""
    state = game()
    chance = state.decks.chance.draw + state.decks.chance.discard + ([state.chance_card] if state.chance_card else [])
    assert "treasure_map" in chance and "treasure_maps" in chance
    plain = new_game()
    assert "treasure_map" not in plain.decks.chance.draw + plain.decks.chance.discard


def test_treasures__are_rare_items_of_the_game_but_not_in_the_rare_deck():
    """Treasures: a Treasure is a Rare Item priced 5 Gold per Map Fragment; it lies on the
    island, never in the Rare Item deck."""
    state = game()
    pack = powers.spack(state).as_pack()
    mindstone = pack.item("astral_mindstone")
    assert mindstone.deck == "rare" and mindstone.cost == 15  # the rulebook's own example: 3 maps, 15 Gold
    assert not set(state.decks.rare.draw) & treasure_ids()


def test_ruling_crystal_ball_one_card__the_sphere_is_the_ball():
    """Appendix "Treasures" names a Crystal Sphere of Fate, then explains the Crystal Ball of
    Fate: one card (ruling crystal_ball_one_card); ten Treasures in all, 2 to 4 maps each."""
    content = island_content()
    ids = {t.id for t in content.treasures}
    assert "crystal_ball_of_fate" in ids and not any("sphere" in i for i in ids)
    assert len(ids) == 10 and all(2 <= t.maps <= 4 for t in content.treasures)
    named = {"holy_grail", "magic_pouch", "tome_of_wisdom", "father_times_clock", "astral_mindstone",
             "astral_satchel", "tome_of_magic"}
    assert named <= ids
    assert content.ruling("crystal_ball_one_card").text["it"]


def test_set_up__a_game_without_the_expansion_dumps_as_before():
    """A Standard game without the expansion keeps no island and dumps no island key."""
    plain = new_game(seed=3)
    assert plain.standard is not None and plain.standard.island is None
    assert '"island"' not in plain.dump() and '"expansion"' not in plain.dump()


def test_set_up__variants_need_treasure_island():
    """Level of Interaction, Random Treasures and the Treasure Hunters game are Treasure Island's
    variants: refused without it."""
    with pytest.raises((RuleError, ValueError)):
        game(treasure_island=False, interaction="aggressive")


def test_content__a_fragment_off_the_wilderness_is_refused():
    """The content check: every Map Fragment lies on a Forest, Mountains or Plains space."""
    files = read_island_files()
    bad = dict(files)
    island = dict(bad["island/island.yaml"])  # type: ignore[arg-type]  # a deliberately loose value from the test
    island["fragments"] = [dict(f, space="city") if i == 0 else f for i, f in enumerate(island["fragments"])]
    bad["island/island.yaml"] = island
    with pytest.raises(ContentError, match="not a Forest, Mountains or Plains space"):
        build_island_content(bad, base=pack_by_id("base"))


def test_content__every_ruling_is_in_english_and_italian():
    files = read_island_files()
    content = build_island_content(files, base=pack_by_id("base"))
    assert len(content.rulings) >= 20
    for r in content.rulings:
        assert r.text["en"] != r.text["it"] and r.title["en"] and r.title["it"]


def test_set_up__spectators_see_no_deck_order():
    """Hidden information: the face-down Treasure deck's and Map Fragment pile's order."""
    state = game(seed=9)
    view = SYSTEM.view(state, None)
    assert view.standard.island.deck == sorted(isl(state).deck)
    assert view.standard.island.fragments == sorted(isl(state).fragments)
