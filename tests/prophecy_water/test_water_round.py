"""Water Realm, a round in the realm and moving in it (rulebook "A Round in the Water Realm":
"Chance Cards", "Losing Bubbles", "Movement", "Moving", "Returning to the Main Game Board",
"Abilities Instead of Movement")."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from tests.prophecy_water.water_helpers import (
    ENTRANCE,
    PALACE,
    act,
    begin,
    cell,
    dive,
    idx,
    kinds,
    lay,
    learn,
    legal,
    open_gate,
    quiet,
    water_game,
    ws,
)


def _next_turn(state, diver="p1", chance=None):
    """p2 ends a quiet turn on the main board; p1's turn (a new round) begins."""
    begin(state, "p2", phase="act")
    if chance is not None:
        state.decks.chance.draw.append(chance)
    return act(state, "p2", {"type": "end_turn"})


def _game(**kw):
    state = quiet(water_game(**kw))
    open_gate(state)
    state.player("p2").space = idx("village")
    return state


def test_water_losing_bubbles__one_bubble_at_the_start_of_each_round():
    """"Losing Bubbles": each round in the realm begins by using 1 Bubble (it moves to the used side)."""
    state = _game()
    dive(state, "p1", cell(2, 2), bubbles=4)
    state, events = _next_turn(state)
    d = ws(state).divers["p1"]
    assert (d.bubbles, d.used) == (3, 1)
    assert "water_bubbles_used" in kinds(events)


def test_water_losing_bubbles__without_bubbles_she_pays_health_then_drowns():
    """"Losing Bubbles": with no Bubble left she pays 1 Health instead; with no Health left she
    has drowned and dies."""
    state = _game()
    dive(state, "p1", cell(2, 2), bubbles=0, used=5)
    p = state.player("p1")
    health = p.red.right
    state, events = _next_turn(state)
    assert state.player("p1").red.right == health - 1 and "water_drowning" in kinds(events)
    state = _game()
    dive(state, "p1", cell(2, 2), bubbles=0, used=5)
    p = state.player("p1")
    state.bank_red += p.red.right
    p.red.left, p.red.right = p.red.left + p.red.right, 0
    state, events = _next_turn(state)
    assert not state.player("p1").alive and "character_died" in kinds(events)
    assert "p1" not in ws(state).divers


def test_water_chance_cards__none_turned_up_in_the_realm_and_none_reaches_her():
    """"Chance Cards": no Chance card at the start of her round in the realm, and the cards
    others turn up do not touch her (no Good Times for her)."""
    state = _game()
    dive(state, "p1", cell(2, 2), bubbles=4)
    pile = len(state.decks.chance.draw)
    state, events = _next_turn(state)
    assert "chance_drawn" not in kinds(events) and len(state.decks.chance.draw) == pile
    # p2 turns up Good Times: p1 in the realm gets nothing, p2 does
    good = next(c.id for c in __import__("engine.prophecy.rules", fromlist=["pack_of"]).pack_of(state).chance
                if c.effect == "everyone_gains" and c.gain is not None and c.gain.gold > 0)
    begin(state, "p1", phase="act")
    gold1, gold2 = state.player("p1").gold, state.player("p2").gold
    state.decks.chance.draw.append(good)
    state, events = act(state, "p1", {"type": "end_turn"})
    assert state.player("p2").gold > gold2 and state.player("p1").gold == gold1


def test_water_moving__one_or_two_spaces_and_what_stops_her():
    """"Moving": to a space beside hers, never diagonally; after an empty space or a face-up
    positive card she may go one more; a face-down card, a negative card or another character
    stops her; so does the Palace."""
    state = _game()
    start = cell(2, 1)
    dive(state, "p1", start, bubbles=5)
    begin(state, "p1")
    lay(state, cell(3, 1), "air_pocket", up=True)  # face-up positive: passable
    lay(state, cell(2, 2), "kelp_forest", up=False)  # face down: stops her
    lay(state, cell(2, 0), "kelp_forest", up=True)  # negative: stops her
    dests = {a.get("to") for a in legal(state, "p1") if a["type"] == "water_move"}
    assert cell(4, 1) in dests and cell(3, 0) in dests and cell(3, 2) in dests  # through the positive card
    assert cell(1, 1) in dests and cell(0, 1) in dests  # through empty spaces
    assert cell(2, 3) not in dests  # only through the face-down card
    assert cell(3, 3) not in dests and cell(4, 0) not in dests  # diagonals / three steps
    assert cell(2, 2) in dests and cell(2, 0) in dests
    # another character stops her
    dive(state, "p2", cell(1, 1))
    dests = {a.get("to") for a in legal(state, "p1") if a["type"] == "water_move"}
    assert cell(1, 1) in dests and cell(0, 1) not in dests and cell(1, 0) not in dests
    state, events = act(state, "p1", {"type": "water_move", "to": cell(2, 2)})
    assert ws(state).cells[cell(2, 2)].up and "water_obstacle_met" in kinds(events)  # type: ignore[union-attr]  # set up by the test


def test_water_moving__a_face_down_positive_card_is_turned_up_and_may_be_left():
    """"Positive Cards": entering a face-down positive card stops her and turns it up; she may
    use it or leave it there."""
    state = _game()
    dive(state, "p1", cell(2, 1))
    begin(state, "p1")
    lay(state, cell(3, 1), "sunken_chest", up=False)
    state, events = act(state, "p1", {"type": "water_move", "to": cell(3, 1)})
    assert "water_card_revealed" in kinds(events) and state.turn.phase == "act"  # type: ignore[union-attr]  # set up by the test
    assert {"type": "water_take", "card": ws(state).cells[cell(3, 1)].uid} in legal(state, "p1")  # type: ignore[union-attr]  # set up by the test
    state, _ = act(state, "p1", {"type": "end_turn"})
    assert ws(state).cells[cell(3, 1)] is not None  # left where it lies


def test_water_returning_to_the_main_game_board__off_the_edge_beside_the_gate():
    """"Returning to the Main Game Board": only by moving off the grid (a middle space must first
    reach the edge); she comes out on either space beside the Gate and goes on as if she had just
    moved there; her Bubbles go back."""
    state = _game()
    dive(state, "p1", cell(2, 1), bubbles=5)
    begin(state, "p1")
    for at in (cell(2, 0), cell(1, 1), cell(3, 1), cell(2, 2)):
        lay(state, at, "sunken_chest", up=False)
    assert not any(a["type"] == "water_move" and "exit" in a for a in legal(state, "p1"))  # a middle space
    dive(state, "p1", cell(2, 0), bubbles=5)
    exits = {a["exit"] for a in legal(state, "p1") if a["type"] == "water_move" and "exit" in a}
    assert exits == {"plains_1", "mountains_1"}  # beside the Astral Plane of Fire
    state.spaces[idx("mountains_1")].clear()
    state, events = act(state, "p1", {"type": "water_move", "exit": "mountains_1"})
    p = state.player("p1")
    assert p.board == "main" and p.space == idx("mountains_1") and "p1" not in ws(state).divers
    assert "water_left" in kinds(events)
    assert state.turn.phase == "act" and state.turn.moved  # type: ignore[union-attr]  # set up by the test


def test_water_returning_to_the_main_game_board__a_middle_space_first_moves_to_the_edge():
    """"a character on one of the eight spaces in the middle must first move to the edge"
    (ruling water_leave_from_edge): even with a free edge space beside her she does not leave in
    one two-step move; she reaches the edge, and leaves from there on her next turn."""
    state = _game()
    dive(state, "p1", cell(2, 1), bubbles=5)
    begin(state, "p1")
    lay(state, cell(2, 0), "air_pocket", up=True)
    moves = legal(state, "p1")
    assert not any(a["type"] == "water_move" and "exit" in a for a in moves)
    assert {"type": "water_move", "to": cell(2, 0)} in moves


def test_water_movement__staying_meets_the_space_again():
    """"Movement" b: she may stay in place; an Obstacle she stays on is met again."""
    state = _game()
    dive(state, "p1", cell(2, 2), bubbles=5)
    lay(state, cell(2, 2), "kelp_forest", up=True)
    begin(state, "p1")
    xp = state.player("p1").experience
    state, events = act(state, "p1", {"type": "water_stay"})
    assert "water_obstacle_met" in kinds(events)
    assert state.player("p1").experience == xp + 1 and ws(state).divers["p1"].bubbles == 4


def test_water_abilities_instead_of_movement__meditation_yes_peoples_hospitality_no():
    """"Abilities Instead of Movement": an Ability used instead of moving works in the realm;
    one that needs a kind of terrain does not."""
    state = _game()
    dive(state, "p1", cell(2, 2), bubbles=5)
    learn(state, "p1", "meditation", "peoples_hospitality")
    p = state.player("p1")
    p.blue.right -= 1
    p.blue.left += 1
    begin(state, "p1")
    uses = {a["ability"] for a in legal(state, "p1") if a["type"] == "use_ability"}
    assert "meditation" in uses and "peoples_hospitality" not in uses
    state, events = act(state, "p1", {"type": "use_ability", "ability": "meditation"})
    assert "recharged" in kinds(events) and "water_stayed" in kinds(events)
    with pytest.raises(RuleError):
        act(state, "p1", {"type": "water_move", "to": cell(3, 2)})


def test_water_movement__items_and_abilities_that_move_are_not_offered():
    """"Moving": movement Abilities and Items do not work in the realm: only the realm's own
    moves are offered (no ring move, no teleport)."""
    state = _game()
    dive(state, "p1", ENTRANCE, bubbles=5)
    learn(state, "p1", "teleportation")
    begin(state, "p1")
    assert not any(a["type"] == "move" for a in legal(state, "p1"))


def test_water_moving__into_the_palace_stops_her():
    """The Undersea Palace ends her movement ("Journey's End"): no second step through it."""
    state = _game()
    dive(state, "p1", cell(4, 1), bubbles=5)
    begin(state, "p1")
    lay(state, cell(4, 0), "sunken_chest", up=False)
    lay(state, cell(4, 2), "sunken_chest", up=False)
    moves = [a for a in legal(state, "p1") if a["type"] == "water_move"]
    dests = {a.get("to") for a in moves}
    assert PALACE in dests
    assert cell(5, 0) not in dests and cell(5, 2) not in dests
    assert not any("exit" in a for a in moves)
