"""The parts a game plays (`parts.active_parts`, issue #30): looked up by the game's frozen
expansion choices, which a state's copy shares, and always what asking each part gives."""
from __future__ import annotations

import pydantic
import pytest

from engine.core.clone import clone
from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard import parts
from engine.prophecy.state import ProphecyState

CHOICES = (
    {"new_cards": True, "treasure_island": True, "water_realm": True, "artifacts": "new"},
    {"new_cards": True},
    {"treasure_island": True, "treasure_hunters": True},
    {"water_realm": True, "lord_of_the_sea": True},
    {"artifacts": "ten"},
    {},
)


def _game(expansion: dict[str, object], seed: int = 3) -> ProphecyState:
    seats = [Seat(player=f"p{i + 1}", name=f"P{i + 1}") for i in range(2)]
    options = {"version": "standard", "standard": {"character_choice": "random", "expansion": expansion}}
    return SYSTEM.new_game(seats, options, seed).state


def _asked(state: ProphecyState) -> list[str]:
    return [p.id for p in parts.all_parts() if p.active(state)]


@pytest.mark.parametrize("expansion", CHOICES)
def test_active_parts__what_each_part_says_of_the_game(expansion):
    state = _game(expansion)
    assert [p.id for p in parts.active_parts(state)] == _asked(state)
    copy = clone(state)
    assert copy.options.std().expansion is state.options.std().expansion  # frozen: shared
    assert [p.id for p in parts.active_parts(copy)] == _asked(state)


def test_active_parts__two_games_with_other_choices_are_told_apart():
    whole, cards_only = _game(CHOICES[0]), _game(CHOICES[1])
    for _ in range(2):  # the second time from what is remembered
        assert [p.id for p in parts.active_parts(whole)] == _asked(whole) and len(_asked(whole)) == 4
        assert [p.id for p in parts.active_parts(cards_only)] == _asked(cards_only) == ["cards"]


def test_active_parts__a_list_of_its_own_to_each_caller():
    state = _game(CHOICES[0])
    got = parts.active_parts(state)
    got.clear()
    assert len(parts.active_parts(state)) == 4


def test_expansion_choices__cannot_change_once_made():
    state = _game(CHOICES[1])
    with pytest.raises(pydantic.ValidationError):
        state.options.std().expansion.water_realm = True  # type: ignore[union-attr,misc]  # the test shows it is refused
