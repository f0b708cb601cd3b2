"""Treasure Island's variants (Water Realm expansion rulebook, "Game Variants": Random Treasures,
Treasure Hunters Game, Level of Interaction (Trading Between Players), "Cooperative and Solo
Game"; rulings random_treasures, treasure_hunters, map_trading_not_offered, island_coop_not_offered)."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.game import SYSTEM
from engine.prophecy.water_realm.island.content import island_content
from systems.prophecy.describe import describe_action, private_lines
from tests.prophecy_water.island_helpers import (
    apply,
    begin_turn,
    face_up,
    facing_greater_guardian,
    fragments,
    game,
    isl,
    kinds,
    legal,
    legal_types,
    on_island,
    quiet,
    where_treasures,
)


# ------------------------------------------------------------------------------ Random Treasures
def test_random_treasures__nothing_face_up():
    """Random Treasures: no Treasure is revealed; the deck lies face down on the island."""
    state = game(random_treasures=True)
    assert not isl(state).up and len(isl(state).deck) == 10


def test_random_treasures__two_maps_then_one_per_card_keep_one():
    """Random Treasures: two Map Fragments for the first card, one for each further card; keep
    one, the rest go to the bottom of the deck."""
    state = quiet(game(random_treasures=True))
    fragments(state, "p1", 4)
    on_island(state, "p1")
    state, events = apply(state, "p1", {"type": "island_dig_blind"})
    assert isl(state).count("p1") == 2 and len(isl(state).blind.drawn) == 1
    state, _ = apply(state, "p1", {"type": "island_dig_blind"})
    i = isl(state)
    assert i.count("p1") == 1 and len(i.blind.drawn) == 2
    drawn = list(i.blind.drawn)
    state, events = apply(state, "p1", {"type": "island_keep", "treasure": drawn[1]})
    i = isl(state)
    assert [x.card for x in state.player("p1").items] == [drawn[1]]
    assert i.deck[0] == drawn[0] and i.blind is None
    assert "island_kept" in kinds(events)
    assert sorted(where_treasures(state)) == sorted(t.id for t in island_content().treasures)


def test_random_treasures__the_draws_are_seen_by_the_digger_alone():
    """Ruling random_treasures: the cards drawn are hidden from everyone but the digger; the
    public buttons name them by their place."""
    state = quiet(game(random_treasures=True))
    fragments(state, "p1", 3)
    on_island(state, "p1")
    state, events = apply(state, "p1", {"type": "island_dig_blind"})
    card = isl(state).blind.drawn[0]
    spectator = SYSTEM.view(state, None)
    assert spectator.standard.island.blind.drawn == ["face_down"]
    assert SYSTEM.view(state, "p1").standard.island.blind.drawn == [card]
    keep = next(a for a in SYSTEM.legal_actions(state, "p1") if a.type == "island_keep")
    label = describe_action(spectator, "p1", keep, "en")
    name = island_content().treasure(card).name
    assert name not in label and "1 of 1" in label
    assert name in " ".join(private_lines(SYSTEM.view(state, "p1"), events, "en"))
    assert not any(name in str(e.data) for e in events)


def test_random_treasures__one_a_turn():
    """Random Treasures: no more than one Treasure per turn."""
    state = quiet(game(random_treasures=True))
    fragments(state, "p1", 6)
    on_island(state, "p1")
    state, _ = apply(state, "p1", {"type": "island_dig_blind"})
    state, _ = apply(state, "p1", {"type": "island_keep", "treasure": isl(state).blind.drawn[0]})
    assert "island_dig_blind" not in legal_types(state, "p1")


def test_random_treasures__must_keep_one_once_drawn():
    state = quiet(game(random_treasures=True))
    fragments(state, "p1", 2)
    on_island(state, "p1")
    state, _ = apply(state, "p1", {"type": "island_dig_blind"})
    assert legal_types(state, "p1") == {"island_keep"}
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "end_turn"})


# --------------------------------------------------------------------------- Treasure Hunters
def test_treasure_hunters__no_artifacts_and_two_more_treasures_than_players():
    """Treasure Hunters Game: no Artifacts on the planes; players + 2 Treasures face up, no deck."""
    state = game(players=3, treasure_hunters=True)
    i = isl(state)
    assert len(i.up) == 5 and not i.deck
    assert all(pl.artifact is None for pl in state.standard.planes)
    assert all(pl.lesser and pl.greater for pl in state.standard.planes)


def test_treasure_hunters__one_more_fragment_per_treasure_map_card():
    """Treasure Hunters Game: a Treasure Map card adds one more Map Fragment than it says."""
    state = quiet(game(treasure_hunters=True))
    begin_turn(state, "p1", phase="act")
    state.decks.chance.draw.append("treasure_map")
    state, _ = apply(state, "p1", {"type": "end_turn"})
    assert len(isl(state).placed) == 2


def test_treasure_hunters__a_greater_guardian_beaten_is_a_map():
    """Treasure Hunters Game: a beaten Greater Guardian is kept as a Map Fragment."""
    state = quiet(game(treasure_hunters=True))
    plane, attack = facing_greater_guardian(state)
    greater = plane.greater
    state, events = apply(state, "p1", attack)
    assert isl(state).held["p1"] == [greater]
    assert "island_guardian_map" in kinds(events)
    assert state.standard.plane(plane.id).greater is None


def test_treasure_hunters__one_a_turn_fame_and_the_rest_stay():
    """Treasure Hunters Game: one Treasure a turn, the others stay available; Fame equal to its maps."""
    state = quiet(game(players=3, treasure_hunters=True))
    face_up(state, "magic_pouch", "pirate_kings_cutlass", "holy_grail", "tome_of_magic", "astral_satchel")
    fragments(state, "p1", 5)
    on_island(state, "p1")
    assert all(len(a["treasures"]) == 1 for a in legal(state, "p1") if a["type"] == "island_dig")
    state, events = apply(state, "p1", {"type": "island_dig", "treasures": ["astral_satchel"]})
    i = isl(state)
    assert i.fame["p1"] == 3 and "astral_satchel" not in i.up and len(i.up) == 4
    assert "island_dig" not in legal_types(state, "p1")
    assert "island_fame" in kinds(events)


def test_treasure_hunters__the_last_treasure_ends_the_game_most_fame_wins():
    """Treasure Hunters Game: when the last Treasure is dug up, the most Fame wins; a tie goes to
    the one with more unused maps (Guardians included)."""
    state = quiet(game(players=3, treasure_hunters=True))
    face_up(state, "magic_pouch")
    i = isl(state)
    i.fame = {"p1": 3, "p2": 5, "p3": 0}
    fragments(state, "p1", 3)
    fragments(state, "p2", 1)
    on_island(state, "p1")
    state, events = apply(state, "p1", {"type": "island_dig", "treasures": ["magic_pouch"]})
    # p1 5 Fame and 1 map left, p2 5 Fame and 1 map: seat order after the rulebook's tie-breaks
    assert state.status == "finished" and state.end_reason == "treasure_hunters"
    assert state.winner == "p1"
    assert [r.player for r in state.ranking][:2] == ["p1", "p2"]


def test_treasure_hunters__ends_early_when_nobody_can_catch_up():
    """Treasure Hunters Game: the game may end early once no other player can win."""
    state = quiet(game(players=2, treasure_hunters=True))
    face_up(state, "magic_pouch", "pirate_kings_cutlass", "holy_grail")
    i = isl(state)
    i.fame = {"p1": 6, "p2": 0}
    fragments(state, "p1", 4)
    on_island(state, "p1")
    state, _ = apply(state, "p1", {"type": "island_dig", "treasures": ["holy_grail"]})
    # p1 10 Fame; 4 Fame left on the island: p2 cannot reach it
    assert state.status == "finished" and state.winner == "p1" and state.end_reason == "treasure_hunters_early"


# ------------------------------------------------------------------------------- not offered
def test_ruling_map_trading_not_offered__and_no_cooperative_game():
    """Level of Interaction (Trading Between Players) and "Cooperative and Solo Game": the
    project plays neither, so both are rulings, not options (rulings map_trading_not_offered,
    island_coop_not_offered)."""
    content = island_content()
    assert content.ruling("map_trading_not_offered").text["it"]
    assert content.ruling("island_coop_not_offered").text["it"]
    with pytest.raises(ValueError, match="Trading Between Players"):
        game(map_trading=True)  # refused by name, never accepted to do nothing
    state = quiet(game())
    assert not {t for t in legal_types(state, state.turn.player) if "trade" in t}
