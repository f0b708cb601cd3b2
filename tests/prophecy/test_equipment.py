"""Basic rules, "Weapons and Items"."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.actions import Fight, Sell
from engine.prophecy.rules import apply, legal_actions
from tests.prophecy.helpers import begin_turn, give, load, met_on, new_game


def _at(card: str = "t_wolf", strength: int = 3):
    return met_on("forest", card, 8, strength, items=False)


def _total(out):
    return next(e.data["player_total"] for e in out.events if e.kind == "battle_roll")


def test_basic__weapons__one_weapon_per_battle():
    state = _at()
    sword, axe = give(state, "p1", "t_sword"), give(state, "p1", "t_axe")
    with pytest.raises(RuleError) as err:
        apply(state, "p1", Fight(battle="strength", weapon=sword, hand=(axe,)))
    assert err.value.key == "error.not_a_hand_item"


def test_basic__weapons__one_handed_weapon_with_shield_adds_both():
    state = _at()
    sword, shield = give(state, "p1", "t_sword"), give(state, "p1", "t_shield")
    load(state, 1, 1)
    out = apply(state, "p1", Fight(battle="strength", weapon=sword, hand=(shield,)))
    assert _total(out) == 3 + 2 + 1 + 1


def test_basic__weapons__two_handed_weapon_leaves_no_hand_for_shield():
    state = _at()
    axe, shield = give(state, "p1", "t_axe"), give(state, "p1", "t_shield")
    with pytest.raises(RuleError) as err:
        apply(state, "p1", Fight(battle="strength", weapon=axe, hand=(shield,)))
    assert err.value.key == "error.too_many_hands"
    loadouts = [a for a in legal_actions(state, "p1") if isinstance(a, Fight) and a.weapon == axe]
    assert loadouts and all(not a.hand for a in loadouts)


def test_basic__weapons__one_headwear_and_any_number_of_other_items():
    state = _at()
    helm, hat = give(state, "p1", "t_helm"), give(state, "p1", "t_hat")
    g1, g2 = give(state, "p1", "t_gauntlets"), give(state, "p1", "t_ring")
    load(state, 1, 1)
    out = apply(state, "p1", Fight(battle="strength", head=helm, body=(g1, g2)))
    assert _total(out) == 3 + 1 + 1 + 1
    with pytest.raises(RuleError):
        apply(state, "p1", Fight(battle="strength", head=hat, body=(helm,)))


def test_basic__weapons__item_bonus_counts_only_in_its_battle():
    state = _at("t_ghost")
    state.player("p1").blue.right, state.player("p1").blue.left = 3, 0
    sword, wand = give(state, "p1", "t_sword"), give(state, "p1", "t_wand")
    load(state, 1, 1)
    out = apply(state, "p1", Fight(battle="wills", weapon=sword, hand=(wand,)))
    assert _total(out) == 3 + 1 + 1


def test_basic__weapons__thrown_weapon_adds_to_one_roll_and_becomes_damaged():
    """Some weapons may be thrown to add a bonus to a single roll; they then become damaged."""
    state = _at("t_hydra", strength=4)
    dagger = give(state, "p1", "t_dagger")
    load(state, 1, 1, 1, 1, 1, 1)
    out = apply(state, "p1", Fight(battle="strength", weapon=dagger, throw=True))
    totals = [e.data["player_total"] for e in out.events if e.kind == "battle_roll"]
    assert totals == [4 + 2 + 1, 4 + 1, 4 + 1]
    assert out.state.player("p1").item(dagger).damaged


def test_basic__weapons__damaged_items_cannot_be_used_or_sold():
    state = _at()
    sword = give(state, "p1", "t_sword", damaged=True)
    with pytest.raises(RuleError) as err:
        apply(state, "p1", Fight(battle="strength", weapon=sword))
    assert err.value.key == "error.item_damaged"
    assert all(a.weapon != sword for a in legal_actions(state, "p1") if isinstance(a, Fight))
    city = new_game(2, seed=8)
    begin_turn(city, "p1", at="city", phase="act")
    bad = give(city, "p1", "t_sword", damaged=True)
    with pytest.raises(RuleError):
        apply(city, "p1", Sell(item=bad))
    assert Sell(item=bad) not in legal_actions(city, "p1")


def test_basic__weapons__items_must_be_owned_and_declared_once():
    state = _at()
    sword = give(state, "p1", "t_sword")
    with pytest.raises(RuleError):
        apply(state, "p1", Fight(battle="strength", weapon="i999"))
    with pytest.raises(RuleError):
        apply(state, "p1", Fight(battle="strength", weapon=sword, body=(sword,)))
