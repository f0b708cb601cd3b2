"""Battles for Maps and the Level of Interaction variants (Water Realm expansion rulebook,
"Battling for Maps"; "Game Variants": Level of Interaction; rulings map_battle_when,
aggressive_spoils)."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.game import SYSTEM
from tests.prophecy_water.island_helpers import (
    apply,
    begin_turn,
    figures,
    fragments,
    game,
    give,
    hold_artifacts,
    isl,
    kinds,
    legal,
    legal_types,
    load,
    quiet,
)


def _duel(state, at: str = "plains_1"):
    """p1 and p2 on the same (non-dove) space, p1 acting, equal figures."""
    begin_turn(state, "p1", at=at, phase="act")
    state.player("p2").space = state.player("p1").space
    figures(state, "p1", 4, 4)
    figures(state, "p2", 4, 4)


def _map_battle(state, target: str = "p2") -> dict:
    return next(a for a in legal(state, "p1") if a["type"] == "island_map_battle" and a["target"] == target
                and a["battle"] == "strength" and not a["weapon"])


def test_battling_for_maps__declared_when_both_hold_maps():
    """Battling for Maps: the attacker may declare a battle for Maps when both have fragments."""
    state = quiet(game())
    _duel(state)
    fragments(state, "p1", 1)
    assert "island_map_battle" not in legal_types(state, "p1")  # p2 holds none
    fragments(state, "p2", 2)
    assert "island_map_battle" in legal_types(state, "p1")
    isl(state).held["p1"] = []
    assert "island_map_battle" not in legal_types(state, "p1")  # the attacker holds none


def test_battling_for_maps__the_winner_takes_one_the_loser_loses_nothing_else():
    """Battling for Maps: the defeated character loses no Health nor Items; the winner gains one
    Map Fragment from the loser."""
    state = quiet(game())
    _duel(state)
    fragments(state, "p1", 1)
    fragments(state, "p2", 2)
    give(state, "p2", "dagger")
    health, items = state.player("p2").red.right, len(state.player("p2").items)
    load(state, 6, 1)  # p1 rolls 6, p2 rolls 1
    state, events = apply(state, "p1", _map_battle(state))
    i = isl(state)
    assert i.count("p1") == 2 and i.count("p2") == 1
    assert state.player("p2").red.right == health and len(state.player("p2").items) == items
    assert not state.standard.decisions
    assert "island_map_taken" in kinds(events)


def test_battling_for_maps__the_defender_wins_one_too():
    state = quiet(game())
    _duel(state)
    fragments(state, "p1", 1)
    fragments(state, "p2", 1)
    load(state, 1, 6)
    state, _ = apply(state, "p1", _map_battle(state))
    assert isl(state).count("p1") == 0 and isl(state).count("p2") == 2
    assert state.player("p1").red.right == 4


def test_battling_for_maps__a_draw_changes_nothing():
    state = quiet(game())
    _duel(state)
    fragments(state, "p1", 1)
    fragments(state, "p2", 1)
    load(state, 3, 3)
    state, events = apply(state, "p1", _map_battle(state))
    assert isl(state).count("p1") == 1 and isl(state).count("p2") == 1
    assert "duel_draw" in kinds(events)


def test_battling_for_maps__the_usual_restrictions_dove_and_creatures():
    """Battling for Maps: no Creature there, and on a dove space only against an Artifact holder."""
    state = quiet(game())
    _duel(state, at="village")  # a dove space
    fragments(state, "p1", 1)
    fragments(state, "p2", 1)
    assert "island_map_battle" not in legal_types(state, "p1")
    hold_artifacts(state, "p2", "crown_of_wisdom")
    assert "island_map_battle" in legal_types(state, "p1")


def test_battling_for_maps__the_turns_one_attack():
    state = quiet(game())
    _duel(state)
    fragments(state, "p1", 1)
    fragments(state, "p2", 1)
    load(state, 3, 3)
    state, _ = apply(state, "p1", _map_battle(state))
    assert not {"attack", "island_map_battle"} & legal_types(state, "p1")


def test_level_of_interaction__peaceloving_has_no_battles_for_maps():
    """Peaceloving Variant: no battles for Maps; once found, a fragment stays with its finder."""
    state = quiet(game(interaction="peaceloving"))
    _duel(state)
    fragments(state, "p1", 1)
    fragments(state, "p2", 1)
    assert "island_map_battle" not in legal_types(state, "p1")
    assert "attack" in legal_types(state, "p1")
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {**_attack(state), "type": "island_map_battle"})


def test_level_of_interaction__aggressive_winner_chooses_a_map():
    """Aggressive Variant: nothing declared; the winner takes a Map Fragment or gives the loser
    the choice between 1 Health and an Item; possible even when the attacker has no fragment."""
    state = quiet(game(interaction="aggressive"))
    _duel(state)
    fragments(state, "p2", 2)
    assert "island_map_battle" not in legal_types(state, "p1")
    load(state, 6, 1)
    state, events = apply(state, "p1", _attack(state))
    pend = SYSTEM.pending(state)
    assert pend is not None and pend.player == "p1" and pend.kind == "island_spoils"
    assert {a["map"] for a in legal(state, "p1")} == {True, False}
    state, _ = apply(state, "p1", {"type": "island_spoils", "map": True})
    assert isl(state).count("p1") == 1 and isl(state).count("p2") == 1
    assert state.player("p2").red.right == 4


def test_level_of_interaction__aggressive_winner_may_leave_the_usual_loss():
    state = quiet(game(interaction="aggressive"))
    _duel(state)
    fragments(state, "p2", 1)
    load(state, 6, 1)
    state, _ = apply(state, "p1", _attack(state))
    state, _ = apply(state, "p1", {"type": "island_spoils", "map": False})
    # the loser holds no Item: she loses 1 Health, and keeps her fragment
    assert state.player("p2").red.right == 3 and isl(state).count("p2") == 1


def test_level_of_interaction__aggressive_defender_who_wins_chooses():
    state = quiet(game(interaction="aggressive"))
    _duel(state)
    fragments(state, "p1", 1)
    load(state, 1, 6)
    state, _ = apply(state, "p1", _attack(state))
    pend = SYSTEM.pending(state)
    assert pend is not None and pend.player == "p2" and pend.kind == "island_spoils"
    assert legal(state, "p1") == []
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "end_turn"})
    state, _ = apply(state, "p2", {"type": "island_spoils", "map": True})
    assert isl(state).count("p2") == 1 and SYSTEM.pending(state).player == "p1"


def test_level_of_interaction__aggressive_with_no_map_to_take_is_the_usual_fight():
    state = quiet(game(interaction="aggressive"))
    _duel(state)
    load(state, 6, 1)
    state, _ = apply(state, "p1", _attack(state))
    assert SYSTEM.pending(state).kind != "island_spoils"
    assert state.player("p2").red.right == 3


def _attack(state) -> dict:
    return next(a for a in legal(state, "p1") if a["type"] == "attack" and a["target"] == "p2"
                and a["battle"] == "strength" and not a["weapon"])
