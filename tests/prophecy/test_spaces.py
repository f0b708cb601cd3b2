"""Basic rules, "Special Spaces": "Recovering Lost Health and Magic", "Possibilities Instead of
Movement", "Buying and Selling Items" and "Repairing Items"."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.actions import Buy, Exchange, Heal, Move, Recharge, Repair, Sell, UseItem
from engine.prophecy.content import pack_by_id
from engine.prophecy.rules import apply, legal_actions
from engine.prophecy.state import OwnedItem
from tests.prophecy.helpers import begin_turn, clear_board, give, new_game, space_index


def _at(space: str, hurt: int = 0, drained: int = 0, gold: int = 10):
    state = new_game(2, seed=12)
    clear_board(state)
    begin_turn(state, "p1", at=space, phase="act")
    p = state.player("p1")
    p.red.right, p.red.left = 5 - hurt, hurt
    p.blue.right, p.blue.left = 5 - drained, drained
    p.gold = gold
    return state


def _guild_space(guild: str) -> str:
    pack = pack_by_id("base")
    return next(s.id for s in pack.board.spaces if s.guild == guild)


def test_basic__recovering__monastery_heals_one_free_once_per_turn():
    state = _at(_guild_space("monastery"), hurt=3)
    assert Heal(amount=2) not in legal_actions(state, "p1")
    with pytest.raises(RuleError):
        apply(state, "p1", Heal(amount=2))
    out = apply(state, "p1", Heal(amount=1))
    assert out.state.player("p1").red.left == 2 and out.state.player("p1").gold == 10
    with pytest.raises(RuleError) as err:
        apply(out.state, "p1", Heal(amount=1))
    assert err.value.key == "error.once_per_turn"


def test_basic__recovering__forest_camp_heals_any_number_for_one_gold_each():
    state = _at(_guild_space("forest_camp"), hurt=3, gold=2)
    with pytest.raises(RuleError) as err:
        apply(state, "p1", Heal(amount=3))
    assert err.value.key == "error.not_enough_gold"
    out = apply(state, "p1", Heal(amount=2))
    assert out.state.player("p1").red.left == 1 and out.state.player("p1").gold == 0
    assert {a.amount for a in legal_actions(state, "p1") if isinstance(a, Heal)} == {1, 2}


def test_basic__recovering__cannot_heal_more_than_lost():
    state = _at(_guild_space("forest_camp"), hurt=1)
    with pytest.raises(RuleError):
        apply(state, "p1", Heal(amount=2))


def test_basic__recovering__enchanted_wilderness_recharges_up_to_three_free_once():
    pack = pack_by_id("base")
    ew = next(s.id for s in pack.board.spaces if s.kind == "enchanted_wilderness")
    state = _at(ew, drained=5)
    with pytest.raises(RuleError):
        apply(state, "p1", Recharge(amount=4))
    out = apply(state, "p1", Recharge(amount=3))
    assert out.state.player("p1").blue.left == 2 and out.state.player("p1").gold == 10
    with pytest.raises(RuleError):
        apply(out.state, "p1", Recharge(amount=1))


@pytest.mark.parametrize("amount,gold", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_basic__recovering__magic_tower_one_gold_per_two_magic_rounded_up(amount, gold):
    state = _at(_guild_space("magic_tower"), drained=5)
    out = apply(state, "p1", Recharge(amount=amount))
    assert out.state.player("p1").gold == 10 - gold
    again = apply(out.state, "p1", Recharge(amount=5 - amount)) if amount < 5 else None
    assert again is None or again.state.player("p1").blue.left == 0  # any number, several times


def test_basic__recovering__village_lodging_one_gold_for_health_and_magic_once():
    state = _at("village", hurt=2, drained=2)
    out = apply(state, "p1", Exchange(service="lodging"))
    p = out.state.player("p1")
    assert (p.red.left, p.blue.left, p.gold) == (1, 1, 9)
    with pytest.raises(RuleError) as err:
        apply(out.state, "p1", Exchange(service="lodging"))
    assert err.value.key == "error.once_per_turn"


@pytest.mark.parametrize("space,service,gained", [
    ("city", "city_work", {"gold": 2, "magic_lost": 1}),
    ("thieves_guild", "thieves_work", {"gold": 3, "health_lost": 1}),
    ("fortress", "fortress_training", {"experience": 2, "health_lost": 1}),
])
def test_basic__instead_of_movement__only_when_starting_there_and_not_moving(space, service, gained):
    """City: 1 Magic for 2 Gold; Thieves' Guild: 1 Health for 3 Gold; Fortress: 1 Health for 2
    Experience; only when you started there and did not move, once a turn."""
    sid = space if space == "city" else _guild_space(space)
    state = new_game(2, seed=12)
    clear_board(state)
    begin_turn(state, "p1", at=sid)
    p0 = state.player("p1").model_copy(deep=True)
    out = apply(state, "p1", Move(method="stay", to=sid))
    assert Exchange(service=service) in legal_actions(out.state, "p1")
    done = apply(out.state, "p1", Exchange(service=service))
    p = done.state.player("p1")
    assert p.gold - p0.gold == gained.get("gold", 0)
    assert p.experience - p0.experience == gained.get("experience", 0)
    assert p.red.left - p0.red.left == gained.get("health_lost", 0)
    assert p.blue.left - p0.blue.left == gained.get("magic_lost", 0)
    with pytest.raises(RuleError):
        apply(done.state, "p1", Exchange(service=service))
    # Arriving from elsewhere does not allow it.
    pack = pack_by_id(state.options.pack)
    idx = space_index(state, sid)
    begin_turn(state, "p1", at=pack.space((idx - 1) % 20).id)
    state.spaces[idx] = []
    arrived = apply(state, "p1", Move(method="walk", to=sid))
    assert Exchange(service=service) not in legal_actions(arrived.state, "p1")
    with pytest.raises(RuleError) as err:
        apply(arrived.state, "p1", Exchange(service=service))
    assert err.value.key == "error.only_instead_of_movement"


def test_basic__buying__at_printed_cost_from_the_offer():
    state = _at("city", gold=4)
    state.offers["city"] = [OwnedItem(uid="o1", card="t_sword"), OwnedItem(uid="o2", card="t_axe")]
    assert Buy(item="o1") in legal_actions(state, "p1") and Buy(item="o2") not in legal_actions(state, "p1")
    out = apply(state, "p1", Buy(item="o1"))
    assert out.state.player("p1").gold == 0 and out.state.player("p1").item("o1")
    assert [i.uid for i in out.state.offers["city"]] == ["o2"]
    with pytest.raises(RuleError):
        apply(state, "p1", Buy(item="o2"))


def test_basic__selling__half_price_rounded_up_and_discarded():
    state = _at("village", gold=0)
    axe = give(state, "p1", "t_axe")  # cost 5 -> 3
    out = apply(state, "p1", Sell(item=axe))
    assert out.state.player("p1").gold == 3 and out.state.decks.common.discard[-1] == "t_axe"


def test_basic__buying_selling__only_in_city_and_village():
    state = _at(_guild_space("fortress"))
    sword = give(state, "p1", "t_sword")
    with pytest.raises(RuleError):
        apply(state, "p1", Sell(item=sword))


def test_basic__repairing__one_gold_per_item_in_civilization_spaces():
    for space in ("city", "village", _guild_space("monastery")):
        state = _at(space, gold=1)
        sword = give(state, "p1", "t_sword", damaged=True)
        out = apply(state, "p1", Repair(item=sword))
        assert not out.state.player("p1").item(sword).damaged and out.state.player("p1").gold == 0
    pack = pack_by_id("base")
    wild = next(s.id for s in pack.board.spaces if s.kind == "enchanted_wilderness")
    state = _at(wild, gold=5)
    sword = give(state, "p1", "t_sword", damaged=True)
    with pytest.raises(RuleError):
        apply(state, "p1", Repair(item=sword))


def test_items__potion_is_used_and_discarded():
    state = _at("city", hurt=2)
    potion = give(state, "p1", "t_potion")
    out = apply(state, "p1", UseItem(item=potion))
    assert out.state.player("p1").red.left == 0 and not out.state.player("p1").item(potion)
