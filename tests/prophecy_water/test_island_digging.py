"""Digging for buried Treasure and the Treasures as Items (Water Realm expansion rulebook,
"Digging for Buried Treasure", "Treasures"; rulings island_dig_when, treasure_as_item)."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard import powers
from engine.prophecy.water_realm.island.actions import Dig
from tests.prophecy_water.island_helpers import (
    apply,
    begin_turn,
    face_up,
    fragments,
    game,
    give,
    idx,
    isl,
    kinds,
    legal,
    legal_types,
    load,
    on_island,
    quiet,
    where_fragments,
    where_treasures,
)


def test_digging__one_treasure_for_its_maps_the_rest_to_the_bottom_three_new_up():
    """Digging for Buried Treasure: choose a face-up Treasure, discard its Map Fragments, put the
    other face-up ones at the bottom of the deck, turn up three new."""
    state = quiet(game(seed=2))
    face_up(state, "holy_grail", "magic_pouch", "astral_satchel")
    fragments(state, "p1", 5)
    on_island(state, "p1")
    deck_top = list(reversed(isl(state).deck[-3:]))
    state, events = apply(state, "p1", {"type": "island_dig", "treasures": ["holy_grail"]})
    i = isl(state)
    assert [it.card for it in state.player("p1").items] == ["holy_grail"]
    assert i.count("p1") == 1 and len(i.discarded) == 4
    assert i.deck[:2] == ["astral_satchel", "magic_pouch"]  # the two left, at the bottom
    assert i.up == deck_top
    assert "island_dug" in kinds(events) and "island_treasures_up" in kinds(events)
    assert sorted(where_treasures(state)) == sorted(where_treasures(game(seed=2)))
    assert len(where_fragments(state)) == 12


def test_digging__several_at_once_when_the_maps_suffice():
    """Digging for Buried Treasure: "one or more" Treasures in one dig."""
    state = quiet(game())
    face_up(state, "magic_pouch", "pirate_kings_cutlass", "astral_satchel")
    fragments(state, "p1", 4)
    on_island(state, "p1")
    digs = [a["treasures"] for a in legal(state, "p1") if a["type"] == "island_dig"]
    assert ["magic_pouch", "pirate_kings_cutlass"] in digs and ["astral_satchel"] in digs
    assert not any(len(d) == 3 for d in digs)  # 7 maps needed, 4 held
    state, _ = apply(state, "p1", {"type": "island_dig", "treasures": ["magic_pouch", "pirate_kings_cutlass"]})
    assert {it.card for it in state.player("p1").items} == {"magic_pouch", "pirate_kings_cutlass"}


def test_digging_for_buried_treasure__the_treasures_chosen_in_any_order():
    """Digging for Buried Treasure: "Choose one or more Treasures you want": a choice of
    Treasures, not of an order; naming them in another order than they lie is the same dig,
    naming one twice is refused and changes nothing."""
    state = quiet(game())
    face_up(state, "magic_pouch", "pirate_kings_cutlass", "astral_satchel")
    fragments(state, "p1", 4)
    on_island(state, "p1")
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", Dig(treasures=("magic_pouch", "magic_pouch")))
    state, events = apply(state, "p1", {"type": "island_dig", "treasures": ["pirate_kings_cutlass", "magic_pouch"]})
    assert {it.card for it in state.player("p1").items} == {"magic_pouch", "pirate_kings_cutlass"}
    assert "island_dug" in kinds(events)


def test_digging__not_without_enough_maps():
    state = quiet(game())
    face_up(state, "holy_grail", "tome_of_magic", "father_times_clock")
    fragments(state, "p1", 2)
    on_island(state, "p1")
    assert "island_dig" not in legal_types(state, "p1")
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", Dig(treasures=("holy_grail",)))


def test_digging__does_not_use_the_movement_dig_on_arrival():
    """Digging for Buried Treasure: digging does not take the movement: on the turn she arrives."""
    state = quiet(game())
    face_up(state, "magic_pouch", "holy_grail", "tome_of_magic")
    fragments(state, "p1", 2)
    begin_turn(state, "p1", at="forest_1")
    state.player("p1").gold = 4
    state, _ = apply(state, "p1", {"type": "island_go"})
    assert "island_dig" in legal_types(state, "p1")


def test_digging__stay_and_dig_again_on_a_later_turn():
    """Digging for Buried Treasure: on the next turn she may stay and dig again."""
    state = quiet(game())
    face_up(state, "magic_pouch", "pirate_kings_cutlass", "holy_grail")
    fragments(state, "p1", 4)
    on_island(state, "p1")
    state, _ = apply(state, "p1", {"type": "island_dig", "treasures": ["magic_pouch"]})
    assert "island_dig" not in legal_types(state, "p1")  # 2 left: nothing face up for 2 now
    face_up(state, "pirate_kings_cutlass", "holy_grail", "tome_of_magic")
    on_island(state, "p1", phase="move")  # her next turn
    state, _ = apply(state, "p1", {"type": "island_stay"})
    assert ["pirate_kings_cutlass"] in [a["treasures"] for a in legal(state, "p1") if a["type"] == "island_dig"]


def test_digging__a_fight_comes_first():
    """Digging for Buried Treasure: attacking a character on the island is resolved before
    digging; once she has dug, she attacks nobody that turn (ruling island_dig_when)."""
    state = quiet(game())
    face_up(state, "magic_pouch", "pirate_kings_cutlass", "holy_grail")
    fragments(state, "p1", 4)
    on_island(state, "p1")
    state.player("p2").board = "island"
    assert "attack" in legal_types(state, "p1")
    state, _ = apply(state, "p1", {"type": "island_dig", "treasures": ["magic_pouch"]})
    assert "attack" not in legal_types(state, "p1")
    assert "island_map_battle" not in legal_types(state, "p1")


def test_digging__a_leaving_character_does_not_dig():
    """Ruling island_dig_when: she digs after her movement, on the island."""
    state = quiet(game())
    fragments(state, "p1", 5)
    on_island(state, "p1", phase="move")
    assert "island_dig" not in legal_types(state, "p1")


def test_treasures__sold_in_town_for_half_their_price():
    """Treasures: the Astral Mindstone (3 maps) is worth 15 Gold and sells in Town for 8."""
    state = quiet(game())
    uid = give(state, "p1", "astral_mindstone")
    begin_turn(state, "p1", at="city", phase="act")
    gold = state.player("p1").gold
    state, _ = apply(state, "p1", {"type": "sell", "item": uid})
    assert state.player("p1").gold == gold + 8
    assert "astral_mindstone" in state.decks.rare.discard  # ruling treasure_as_item


def test_treasures__count_for_the_item_limit():
    """Treasures count as Items when checking the limit."""
    state = quiet(game())
    for card in ("holy_grail", "magic_pouch", "tome_of_wisdom", "father_times_clock", "astral_mindstone",
                 "crystal_ball_of_fate", "tome_of_magic", "pirate_kings_cutlass"):  # not the Satchel: it raises the limit
        give(state, "p1", card)
    begin_turn(state, "p1", phase="act")
    state, events = apply(state, "p1", {"type": "end_turn"})
    assert "over_the_limit" in kinds(events)


def test_treasures__a_carried_weapon_fights_like_any_item():
    """Treasures: a Treasure is an Item: the Pirate King's Cutlass is a weapon (+2, +1 more
    against humanoids)."""
    state = quiet(game())
    give(state, "p1", "pirate_kings_cutlass")
    q = state.player("p2")
    q.space = state.player("p1").space
    begin_turn(state, "p1", phase="act")
    attack = next(a for a in legal(state, "p1") if a["type"] == "attack" and a["weapon"])
    load(state, 3, 3)
    state, events = apply(state, "p1", attack)
    roll = next(e for e in events if e.kind == "battle_roll")
    assert roll.data["player_figure"] == state.player("p1").red.right + 3
    assert powers.spack(state).as_pack().item("pirate_kings_cutlass").bonus_vs == {"humanoid": 1}
    assert idx("city") >= 0
