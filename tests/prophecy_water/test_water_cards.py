"""Water Realm, the cards of the board and battles under water (rulebook "Negative Cards":
"Obstacles", "Creatures"; "Positive Cards": "Items", "Opportunities", "Waterlore Abilities";
"Penalty for Underwater Combat"; "Combat Between Characters")."""
from __future__ import annotations

from engine.prophecy.water_realm.water.core import wp
from tests.prophecy_water.water_helpers import (
    act,
    at_the_gate,
    begin,
    cell,
    dive,
    give,
    idx,
    kinds,
    lay,
    legal,
    load,
    types,
    ws,
)


def _game(**kw):
    return at_the_gate((4, 4), **kw)


def _events(events, kind):
    return [e for e in events if e.kind == kind]


# ------------------------------------------------------------------------------ Obstacles


def test_water_obstacles__a_current_carries_her_two_spaces_the_rolled_way():
    """"Obstacles": Strong Current moves her 2 spaces in the compass direction the die gives;
    a card she lands on is dealt with as if she had moved there; the current stays."""
    state = _game()
    dive(state, "p1", cell(2, 1))
    lay(state, cell(2, 2), "strong_current", up=False)
    lay(state, cell(4, 2), "kelp_forest", up=False)
    begin(state, "p1")
    load(state, 1)  # north on the compass
    assert wp().data.compass.faces[1] == "north"
    state, events = act(state, "p1", {"type": "water_move", "to": cell(2, 2)})
    d = ws(state).divers["p1"]
    assert d.cell == cell(4, 2)
    assert ws(state).cells[cell(2, 2)].card == "strong_current"  # type: ignore[union-attr]  # it stays
    assert [e.data["card"] for e in _events(events, "water_obstacle_met")] == ["strong_current", "kelp_forest"]
    assert d.bubbles == 5  # the kelp cost a Bubble


def test_water_obstacles__a_current_off_the_grid_brings_her_back_beside_the_gate():
    """A current that takes her off the grid returns her to the main board: she picks which of
    the two spaces beside the Gate, and goes on as if she had arrived there."""
    state = _game()
    dive(state, "p1", cell(2, 2))
    lay(state, cell(2, 3), "strong_current", up=True)
    begin(state, "p1")
    load(state, 2)  # east: off the grid
    state, events = act(state, "p1", {"type": "water_move", "to": cell(2, 3)})
    assert [a["type"] for a in legal(state, "p1")] == ["water_exit", "water_exit"]
    state, events = act(state, "p1", {"type": "water_exit", "space": "plains_1"})
    p = state.player("p1")
    assert p.board == "main" and p.space == idx("plains_1") and state.turn.player == "p1"  # type: ignore[union-attr]  # set up by the test


def test_water_obstacles__staying_on_one_meets_it_again_for_experience_again():
    """"Obstacles": who starts her turn on one may leave, or stay and meet it again; an Obstacle
    that gives Experience gives it each time."""
    state = _game()
    dive(state, "p1", cell(2, 2), bubbles=6)
    lay(state, cell(2, 2), "jellyfish_bloom", up=True)
    begin(state, "p1")
    xp, health = state.player("p1").experience, state.player("p1").red.right
    assert "water_move" in types(state, "p1") and "water_stay" in types(state, "p1")
    state, _ = act(state, "p1", {"type": "water_stay"})
    assert state.player("p1").experience == xp + 1 and state.player("p1").red.right == health - 1


# ------------------------------------------------------------------------------ Creatures


def test_water_creatures__losing_ends_the_turn_then_fight_again_or_run_away_for_two_bubbles():
    """"Creatures": she must fight; losing (or drawing) ends her turn; next turn she may stay
    and fight it again, or pay 2 Bubbles to run away (a move like any other)."""
    state = _game()
    dive(state, "p1", cell(2, 1), bubbles=6)
    lay(state, cell(2, 2), "moray_eel", up=True)
    begin(state, "p1")
    state, events = act(state, "p1", {"type": "water_move", "to": cell(2, 2)})
    assert state.turn.phase == "fight"  # type: ignore[union-attr]  # set up by the test
    assert "water_stay" not in types(state, "p1")
    load(state, 1, 6)
    state, events = act(state, "p1", {"type": "fight", "battle": "strength"})
    assert _events(events, "battle_result")[0].data["result"] == "loss"
    assert types(state, "p1") <= {"end_turn", "use_item"}  # her turn is over
    state, _ = act(state, "p1", {"type": "end_turn"})
    begin(state, "p1")
    d = ws(state).divers["p1"]
    assert d.held
    assert {"water_stay", "water_move"} <= types(state, "p1")
    state, events = act(state, "p1", {"type": "water_move", "to": cell(1, 2)})
    assert "water_ran_away" in kinds(events) and ws(state).divers["p1"].bubbles == 4


def test_water_creatures__a_draw_ends_the_turn_too_and_staying_fights_again():
    state = _game()
    dive(state, "p1", cell(2, 2), bubbles=6, held=True)
    lay(state, cell(2, 2), "moray_eel", up=True)
    begin(state, "p1")
    state, events = act(state, "p1", {"type": "water_stay"})
    assert state.turn.phase == "fight"  # type: ignore[union-attr]  # set up by the test
    load(state, 3, 3)
    state, events = act(state, "p1", {"type": "fight", "battle": "strength"})
    assert _events(events, "battle_result")[0].data["result"] == "draw"
    assert types(state, "p1") <= {"end_turn", "use_item"}


def test_water_creatures__a_beaten_creature_leaves_the_game():
    """"Creatures": beaten, she gains its Experience and reward, and the card leaves the game."""
    state = _game()
    dive(state, "p1", cell(2, 1))
    lay(state, cell(2, 2), "sea_serpent", up=True)
    begin(state, "p1")
    state, _ = act(state, "p1", {"type": "water_move", "to": cell(2, 2)})
    xp, gold = state.player("p1").experience, state.player("p1").gold
    load(state, 6, 1, 6, 1, 6, 1)
    state, events = act(state, "p1", {"type": "fight", "battle": "strength"})
    assert ws(state).cells[cell(2, 2)] is None and "sea_serpent" in ws(state).removed
    assert state.player("p1").experience == xp + 5 and state.player("p1").gold == gold + 3
    assert "sea_serpent" not in state.decks.adventure.discard
    assert state.turn.phase == "act"  # type: ignore[union-attr]  # set up by the test


# -------------------------------------------------------------------------- positive cards


def test_water_items__taken_for_free_and_gone_from_the_game_when_discarded():
    """"Items": picked up without paying; an Item of the realm that is discarded does not go to
    an Item deck but leaves the game."""
    state = _game()
    dive(state, "p1", cell(2, 1))
    uid = lay(state, cell(2, 2), "trident", up=True)
    begin(state, "p1")
    state, _ = act(state, "p1", {"type": "water_move", "to": cell(2, 2)})
    gold = state.player("p1").gold
    state, events = act(state, "p1", {"type": "water_take", "card": uid})
    p = state.player("p1")
    assert p.gold == gold and any(i.card == "trident" for i in p.items)
    assert ws(state).cells[cell(2, 2)] is None
    # over the limit of 8 at the end of her round: she discards the Trident, which leaves the game
    for _ in range(8):
        give(state, "p1", "dagger")
    state, events = act(state, "p1", {"type": "end_turn"})
    trident = next(i.uid for i in state.player("p1").items if i.card == "trident")
    state, events = act(state, "p1", {"type": "discard", "card": trident})
    assert "trident" in ws(state).removed
    assert "trident" not in state.decks.rare.discard + state.decks.rare.draw


def test_water_opportunities__air_pocket_only_refills_used_bubbles():
    """"Opportunities": used or not; an Opportunity that would do nothing cannot be used (no
    Bubble from the Air Pocket when none is used); used, it leaves the game."""
    state = _game()
    dive(state, "p1", cell(2, 1), bubbles=6, used=0)
    uid = lay(state, cell(2, 2), "air_pocket", up=True)
    begin(state, "p1")
    state, _ = act(state, "p1", {"type": "water_move", "to": cell(2, 2)})
    assert "water_take" not in types(state, "p1")
    ws(state).divers["p1"].bubbles, ws(state).divers["p1"].used = 2, 4
    state, events = act(state, "p1", {"type": "water_take", "card": uid})
    d = ws(state).divers["p1"]
    assert (d.bubbles, d.used) == (5, 1) and "air_pocket" in ws(state).removed


def test_water_waterlore_abilities__learned_for_experience_only():
    """"Waterlore Abilities": paid with their Experience, no Gold; left where they lie otherwise."""
    state = _game()
    dive(state, "p1", cell(2, 2))
    uid = lay(state, cell(2, 2), "coral_skin", up=True)
    begin(state, "p1", phase="act")
    p = state.player("p1")
    p.experience = 3
    assert "water_take" not in types(state, "p1")  # costs 4
    p.experience = 6
    gold = p.gold
    state, events = act(state, "p1", {"type": "water_take", "card": uid})
    p = state.player("p1")
    assert p.experience == 2 and p.gold == gold
    assert "coral_skin" in state.standard.players["p1"].abilities  # type: ignore[union-attr]  # a Standard game, built by the test


# ------------------------------------------------------------------------ battles under water


def test_water_penalty_for_underwater_combat__minus_one_for_each_hand_holding_an_item():
    """"Penalty for Underwater Combat": in a Battle of Strength, -1 for each hand holding an
    Item (a two-handed weapon -2); nothing for Items not held."""
    state = _game()
    dive(state, "p1", cell(2, 2))
    lay(state, cell(2, 2), "moray_eel", up=True)
    sword = give(state, "p1", "dagger")  # one-handed, +1
    spear = give(state, "p1", "greatsword")  # two-handed, +3
    begin(state, "p1")
    state.turn.phase = "fight"  # type: ignore[union-attr]  # set up by the test
    ws(state).turn.fight = ws(state).cells[cell(2, 2)].uid  # type: ignore[union-attr]  # set up by the test
    load(state, 6, 1)
    _, events = act(state, "p1", {"type": "fight", "battle": "strength", "weapon": sword})
    assert _events(events, "battle_started")[0].data["player_figure"] == 4 + 1 - 1
    load(state, 6, 1)
    _, events = act(state, "p1", {"type": "fight", "battle": "strength", "weapon": spear})
    assert _events(events, "battle_started")[0].data["player_figure"] == 4 + 3 - 2
    load(state, 6, 1)
    _, events = act(state, "p1", {"type": "fight", "battle": "strength"})
    assert _events(events, "battle_started")[0].data["player_figure"] == 4


def test_water_combat_between_characters__a_lost_health_costs_a_bubble_too():
    """"Combat Between Characters": a character she meets there may be attacked (the usual
    rules, the underwater penalty for both); a loser who gives up a Health also pays a Bubble."""
    state = _game()
    dive(state, "p1", cell(2, 2), bubbles=5)
    dive(state, "p2", cell(2, 2), bubbles=5)
    begin(state, "p1", phase="act")
    attacks = [a for a in legal(state, "p1") if a["type"] == "attack"]
    assert attacks and all(a["target"] == "p2" for a in attacks)
    load(state, 6, 1)
    state, events = act(state, "p1", {"type": "attack", "target": "p2", "battle": "strength"})
    p2 = state.player("p2")
    assert p2.red.right == 3 and ws(state).divers["p2"].bubbles == 4


def test_water_combat_between_characters__not_from_the_main_board():
    """A character on the ring may not attack one in the realm (they are not on one space)."""
    state = _game()
    dive(state, "p2", cell(2, 2))
    state.player("p1").space = idx("plains_1")
    state.player("p2").space = idx("plains_1")
    begin(state, "p1", phase="act")
    assert not any(a["type"] == "attack" and a.get("target") == "p2" for a in legal(state, "p1"))
