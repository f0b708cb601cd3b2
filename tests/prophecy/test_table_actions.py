"""Table actions the game master applies for absent players: removal and handing a seat over."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.actions import EndTurn, HandOver, Resign
from engine.prophecy.rules import apply, legal_actions, pending
from tests.prophecy.helpers import begin_turn, new_game


def test_table__only_the_game_master_applies_table_actions():
    state = new_game(3, seed=2)
    with pytest.raises(RuleError) as err:
        apply(state, "p1", Resign(player="p2"))
    assert err.value.key == "error.table_action_reserved"
    with pytest.raises(RuleError):
        apply(state, "gm", EndTurn())


def test_table__removed_player_is_out_and_the_turn_passes():
    state = new_game(3, seed=2)
    begin_turn(state, "p2")
    out = apply(state, "gm", Resign(player="p2"))
    assert not out.state.player("p2").alive and out.state.turn.player == "p3"
    assert legal_actions(out.state, "p2") == []


def test_table__removing_the_second_to_last_player_ends_the_game():
    state = new_game(2, seed=2)
    out = apply(state, "gm", Resign(player="p1"))
    assert out.state.status == "finished" and out.state.winner == "p2"


def test_table__hand_over_to_an_ai_or_a_new_person_keeps_the_character():
    state = new_game(2, seed=2)
    begin_turn(state, "p1")
    char = state.player("p1").character
    out = apply(state, "gm", HandOver(player="p1", to="p9", name="Nine"))
    assert out.state.turn.player == "p9" and out.state.player("p9").character == char
    assert pending(out.state).player == "p9"
    with pytest.raises(RuleError):
        apply(out.state, "gm", HandOver(player="p9", to="p2", name="dup"))
    ai = apply(out.state, "gm", HandOver(player="p9", to="p9", name="Nine", ai="heuristic"))
    assert ai.state.player("p9").ai == "heuristic"
