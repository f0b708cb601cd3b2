"""The "Lord of the Sea" variant (rulebook "Game Variants", "Lord of the Sea")."""
from __future__ import annotations

from tests.prophecy_water.water_helpers import (
    GATE,
    PALACE,
    W,
    act,
    at_the_gate,
    begin,
    cell,
    dive,
    give,
    legal,
    load,
    types,
    water_game,
    ws,
)


def _game(**kw):
    return at_the_gate((9, 4), lord=True, **kw)


def test_lord_of_the_sea_setup__no_greater_guardian_no_artifact_no_pearl_the_lord_waits():
    """"Lord of the Sea" Setup: no Artifacts and no Greater Guardians; four Lesser Guardians and
    the Gate; the Lord in his palace; no Pearl of the Abyss."""
    state = water_game(lord=True)
    planes = state.standard.planes  # type: ignore[union-attr]  # a Standard game, built by the test
    assert all(pl.greater is None and pl.artifact is None for pl in planes)
    assert sum(pl.lesser == GATE for pl in planes) == 1 and all(pl.lesser for pl in planes)
    assert ws(state).lord == W.data.lord.id and ws(state).pearls_left == 0


def test_lord_of_the_sea_game_play__his_palace_is_part_of_the_realm():
    """The Palace is part of the realm: the Lord has +1 Strength and Willpower there, the
    underwater penalty counts, and each round there costs a Bubble."""
    state = _game()
    sword = give(state, "p1", "dagger")
    dive(state, "p1", cell(4, 1), bubbles=5)
    begin(state, "p1")
    state, events = act(state, "p1", {"type": "water_move", "to": PALACE})
    assert state.turn.phase == "fight" and "fight" in types(state, "p1")  # type: ignore[union-attr]  # set up by the test
    load(state, 1, 6)
    state, events = act(state, "p1", {"type": "fight", "battle": "strength", "weapon": sword})
    started = next(e for e in events if e.kind == "battle_started")
    assert started.data["player_figure"] == 9 + 1 - 1
    assert started.data["creature_figure"] == W.data.lord.strength + 1  # type: ignore[operator]  # set up by the test
    assert types(state, "p1") <= {"end_turn", "use_item"}
    begin(state, "p2", phase="act")
    state, _ = act(state, "p2", {"type": "end_turn"})
    assert state.turn.player == "p1" and ws(state).divers["p1"].bubbles == 4  # type: ignore[union-attr]  # set up by the test
    assert ws(state).divers["p1"].held  # leaving is running away: 2 Bubbles
    out = next(a for a in legal(state, "p1") if a["type"] == "water_move" and a.get("to") == cell(4, 1))
    state, _ = act(state, "p1", out)
    assert ws(state).divers["p1"].bubbles == 2


def test_lord_of_the_sea_victory__the_first_to_beat_him_wins():
    """"The game ends as soon as the Lord of the Sea is defeated": his vanquisher wins."""
    state = _game()
    dive(state, "p1", cell(4, 1), bubbles=5)
    begin(state, "p1")
    state, _ = act(state, "p1", {"type": "water_move", "to": PALACE})
    load(state, 6, 1)
    state, events = act(state, "p1", {"type": "fight", "battle": "strength"})
    assert state.status == "finished" and state.winner == "p1" and state.end_reason == "lord_of_the_sea"


def test_lord_of_the_sea__no_artifact_ends_the_game():
    """Without Artifacts, nothing but the Lord ends the game early (no four Artifacts, no Final
    Battle)."""
    state = _game()
    assert not any(pl.artifact for pl in state.standard.planes)  # type: ignore[union-attr]  # a Standard game, built by the test
    assert state.standard.final_battle is None  # type: ignore[union-attr]  # a Standard game, built by the test
