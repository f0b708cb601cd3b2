"""AI players: the heuristic finishes games and clearly beats random play."""
from __future__ import annotations

from engine.ai.simulate import play


def test_ai__heuristic_games_end_with_a_winner_in_reasonable_rounds():
    for seed in range(4):
        rec = play(["heuristic"] * 4, seed, {"round_limit": 300})
        assert rec.state.status == "finished" and rec.state.end_reason == "five_certificates"
        assert rec.state.round <= 120


def test_ai__heuristic_beats_three_random_players_most_of_the_time():
    wins = 0
    for seed in range(12):
        seat = seed % 4
        levels = ["random"] * 4
        levels[seat] = "heuristic"
        rec = play(levels, 500 + seed, {"round_limit": 200})
        wins += rec.state.winner == f"p{seat + 1}"
    assert wins >= 9


def test_ai__random_player_only_plays_legal_actions_to_the_end():
    rec = play(["random", "random"], 3, {"round_limit": 40})
    assert rec.state.status == "finished"
