"""The AI plays Treasure Island and the new Artifacts (issue 14: "AI players use the expansion (go
for Map Fragments and Treasures...)"): it picks Map Fragments up, sails to the island once its
fragments pay for a Treasure, digs the best one it can, takes a fragment as the winner's spoils,
keeps the better Artifact of a pair, and goes for Artifacts left on the island."""
from __future__ import annotations

import random

from engine.ai.standard import StandardHeuristic
from engine.prophecy.water_realm.island.actions import DigBlind
from tests.prophecy_standard.helpers import new_game
from tests.prophecy_water.island_helpers import (
    apply,
    begin_turn,
    face_up,
    facing_greater_guardian,
    figures,
    fragments,
    game,
    lay,
    legal,
    load,
    on_island,
    quiet,
)

AI = StandardHeuristic()


def choose(state, actor: str = "p1"):
    return AI(state, actor, random.Random(1))


def test_island_ai__picks_up_a_map_fragment():
    state = quiet(game())
    lay(state, "plains_1")
    begin_turn(state, "p1", at="plains_1", phase="act")
    assert choose(state).type == "island_collect"


def test_island_ai__sails_when_its_fragments_pay_for_a_treasure():
    state = quiet(game())
    face_up(state, "magic_pouch", "holy_grail", "tome_of_magic")
    begin_turn(state, "p1", at="forest_1")
    state.player("p1").gold = 6
    assert choose(state).type != "island_go"  # no fragment yet
    fragments(state, "p1", 2)
    assert choose(state).type == "island_go"


def test_island_ai__digs_the_best_treasure_it_can_pay_for():
    state = quiet(game())
    face_up(state, "magic_pouch", "holy_grail", "pirate_kings_cutlass")
    fragments(state, "p1", 4)
    on_island(state, "p1")
    a = choose(state)
    assert a.type == "island_dig"
    assert sum({"magic_pouch": 2, "holy_grail": 4, "pirate_kings_cutlass": 2}[c] for c in a.treasures) <= 4


def test_island_ai__digs_blind_and_keeps_a_card():
    state = quiet(game(random_treasures=True))
    fragments(state, "p1", 2)
    on_island(state, "p1")
    assert choose(state) == DigBlind()
    state, _ = apply(state, "p1", {"type": "island_dig_blind"})
    assert choose(state).type == "island_keep"


def test_island_ai__leaves_the_island_with_nothing_left_to_dig():
    state = quiet(game())
    face_up(state, "holy_grail", "tome_of_magic", "father_times_clock")
    on_island(state, "p1", phase="move")
    assert choose(state).type == "island_leave"


def test_island_ai__takes_a_map_as_the_winners_spoils():
    state = quiet(game(interaction="aggressive"))
    begin_turn(state, "p1", at="plains_1", phase="act")
    state.player("p2").space = state.player("p1").space
    figures(state, "p1", 6, 6)
    figures(state, "p2", 2, 2)
    fragments(state, "p2", 2)
    load(state, 6, 1)
    attack = next(a for a in legal(state, "p1") if a["type"] == "attack" and a["target"] == "p2" and not a["weapon"]
                  and a["battle"] == "strength")
    state, _ = apply(state, "p1", attack)
    a = choose(state)
    assert a.type == "island_spoils" and a.map


def test_island_ai__sails_for_artifacts_left_on_the_island():
    state = quiet(game())
    state.standard.dropped["treasure_island"] = ["crown_of_wisdom"]
    state.standard.planes[0].artifact = None
    begin_turn(state, "p1", at="forest_1")
    state.player("p1").gold = 4
    assert choose(state).type == "island_go"


def test_island_ai__keeps_an_artifact_of_the_pair():
    state = quiet(new_game(expansion={"artifacts": "ten"}, seed=5))
    plane, attack = facing_greater_guardian(state)
    state, _ = apply(state, "p1", attack)
    a = choose(state)
    assert a.type == "wrart_keep" and a.artifact in state.standard.island.keep.options
