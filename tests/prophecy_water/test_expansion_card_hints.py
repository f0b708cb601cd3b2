"""Base cards whose texts are the project's own, where the Water Realm expansion rulebook tells
something of what they do (Appendix "Crystal Ball of Fate", "Chance Cards", "Using Banner of
Hope", "Path of the Dead"): the cards follow those hints; the figures the text does not give stay
the project's choices (`source: project`)."""
from __future__ import annotations

import pytest

from tests.prophecy_standard.helpers import apply, begin_turn, figures, give, load, new_game, put, quiet


@pytest.mark.parametrize("face,magical", [(2, False), (5, True)])
def test_appendix_crystal_ball_of_fate__the_mysterious_old_man_rolls_to_see_if_he_is_magical(face, magical):
    """Appendix "Crystal Ball of Fate" names "rolling to see if the Mysterious Old Man is magical
    or not": using him rolls a die, and the answer decides what he gives."""
    state = quiet(new_game())
    p = state.player("p1")
    p.blue.right, p.blue.left = p.blue.right - 2, 2
    magic, xp = p.blue.right, p.experience
    old_man = put(state, "plains_1", "mysterious_old_man")
    begin_turn(state, "p1", at="plains_1", phase="act")
    load(state, face)
    state, events = apply(state, "p1", {"type": "use_opportunity", "card": old_man})
    rolled = next(e for e in events if e.kind == "die_rolled")
    assert rolled.data["face"] == face
    p = state.player("p1")
    assert (p.blue.right - magic, p.experience - xp) == ((2, 2) if magical else (0, 1))


def test_chance_cards__the_golden_fish_compares_the_characters_statistics():
    """"Adventures which compare characters' statistics or possessions (such as Golden Fish or
    Hermit) do take characters in the Water Realm into account" ("Chance Cards"): the Golden
    Fish gives its wish to the character with the lowest Strength plus Willpower (ties count),
    1 Gold to anyone else; one on the Path of the Dead is not counted."""
    state = quiet(new_game(players=3))
    figures(state, "p1", 3, 3)
    figures(state, "p2", 4, 4)
    figures(state, "p3", 2, 2)
    begin_turn(state, "p1", at="plains_1", phase="act")
    fish = put(state, "plains_1", "golden_fish")
    gold = state.player("p1").gold
    after, _ = apply(state.model_copy(deep=True), "p1", {"type": "use_opportunity", "card": fish})
    assert after.player("p1").gold == gold + 1 and after.player("p1").red.total + after.player("p1").blue.total == 6
    state.player("p3").board = "water"  # in the Water Realm she still counts
    after, _ = apply(state.model_copy(deep=True), "p1", {"type": "use_opportunity", "card": fish})
    assert after.player("p1").gold == gold + 1
    state.player("p3").board = "path_of_the_dead"  # away on the Path of the Dead she does not
    load(state, 5)
    after, _ = apply(state, "p1", {"type": "use_opportunity", "card": fish})
    p = after.player("p1")
    assert p.gold == gold and (p.red.total, p.blue.total) == (3, 4)


def test_treasures__the_hermit_compares_possessions_a_treasure_at_five_gold_a_map():
    """"When it is necessary to calculate a Treasure's price (e.g., for the Hermit ...)"
    ("Treasures") and "Chance Cards": the Hermit helps the character whose Items are worth the
    least (ties count); a Treasure counts 5 Gold for each map it needs."""
    state = quiet(new_game(players=2, expansion={"treasure_island": True}))
    for pid in ("p1", "p2"):
        state.player(pid).items.clear()
    give(state, "p2", "astral_mindstone")  # 3 maps: 15 Gold
    give(state, "p1", "dagger")
    p = state.player("p1")
    p.red.right, p.red.left = p.red.right - 2, 2
    health, magic, gold = p.red.right, p.blue.right, p.gold
    begin_turn(state, "p1", at="plains_1", phase="act")
    hermit = put(state, "plains_1", "hermit")
    after, _ = apply(state.model_copy(deep=True), "p1", {"type": "use_opportunity", "card": hermit})
    q = after.player("p1")
    assert (q.red.right - health, q.gold - gold) == (2, 1)
    state.player("p2").items.clear()  # now p2 owns nothing: p1 is not the poorest
    after, _ = apply(state, "p1", {"type": "use_opportunity", "card": hermit})
    q = after.player("p1")
    assert (q.red.right - health, q.blue.right - magic, q.gold - gold) == (1, 0, 0)


@pytest.mark.parametrize("face", [6, 5, 2])
def test_using_banner_of_hope__its_owner_rolls_at_the_start_of_her_round(face):
    """"Using Banner of Hope": its owner rolls before she moves; "If the Banner of Hope owner
    rolls a 6, all characters on any board are affected" (one in the Water Realm too), not one
    away on the Path of the Dead ("Path of the Dead"). What the rolls give is the project's."""
    state = quiet(new_game(players=3))
    give(state, "p1", "banner_of_hope")
    for pid in ("p1", "p2", "p3"):
        p = state.player(pid)
        p.red.right, p.red.left = p.red.right - 1, 1
    state.player("p2").board = "water"
    begin_turn(state, "p3", phase="act")
    state.player("p3").board = "path_of_the_dead"
    before = {pid: state.player(pid).red.right for pid in ("p1", "p2", "p3")}
    load(state, face)
    state, events = apply(state, "p3", {"type": "end_turn"})
    assert state.turn.player == "p1"
    rolled = next(e for e in events if e.kind == "die_rolled")
    assert rolled.data["reason"] == "banner_of_hope" and rolled.data["face"] == face
    healed = {pid: state.player(pid).red.right - before[pid] for pid in ("p1", "p2", "p3")}
    assert healed == {6: {"p1": 1, "p2": 1, "p3": 0}, 5: {"p1": 1, "p2": 0, "p3": 0},
                      2: {"p1": 0, "p2": 0, "p3": 0}}[face]


def test_using_banner_of_hope__rolled_in_the_water_realm_too():
    """"Using Banner of Hope": "You can use the Banner of Hope in Water Realm (before
    movement)" (ruling water_start_of_round): a diver who owns it rolls at the start of her round."""
    from tests.prophecy_water.water_helpers import cell, dive, open_gate, water_game
    from tests.prophecy_water.water_helpers import quiet as quiet_water
    state = quiet_water(water_game())
    open_gate(state)
    dive(state, "p1", cell(2, 2), bubbles=5)
    give(state, "p1", "banner_of_hope")
    p = state.player("p1")
    p.red.right, p.red.left = p.red.right - 1, 1
    health = p.red.right
    begin_turn(state, "p2", phase="act")
    load(state, 5)
    state, events = apply(state, "p2", {"type": "end_turn"})
    assert state.turn.player == "p1" and state.player("p1").board == "water"
    assert any(e.kind == "die_rolled" and e.data["reason"] == "banner_of_hope" for e in events)
    assert state.player("p1").red.right == health + 1
