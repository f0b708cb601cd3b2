"""`rules.apply` works on `clone(state)`: a full, independent copy that skips validation.

These tests keep what the old dump-and-validate copy guaranteed: the copy equals the
original, shares no mutable part with it, keeps each model's class (loaded dice), and every
state reached in play is still a valid ProphecyState (so skipping validation hides nothing).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field, ValidationError

from engine.ai.simulate import play
from engine.prophecy.clone import clone
from engine.prophecy.state import AdventureOnSpace, OwnedItem, ProphecyState
from tests.prophecy.helpers import LoadedDice, load, new_game


def _mutable_parts(value, path="state"):
    """(path, object) for every model, list and dict reachable from `value` (a frozen model of
    atoms, a card on a space, cannot change: the copy shares it)."""
    if isinstance(value, BaseModel):
        if value.model_config.get("frozen"):
            assert all(isinstance(v, (str, int, bool, type(None))) for v in value.__dict__.values()), path
            return
        yield path, value
        for name, v in value.__dict__.items():
            yield from _mutable_parts(v, f"{path}.{name}")
    elif isinstance(value, list):
        yield path, value
        for i, v in enumerate(value):
            yield from _mutable_parts(v, f"{path}[{i}]")
    elif isinstance(value, dict):
        yield path, value
        for k, v in value.items():
            yield from _mutable_parts(v, f"{path}[{k!r}]")


def _mid_game_state() -> ProphecyState:
    rec = play(["heuristic"] * 4, 5, {"round_limit": 300}, max_actions=120)
    assert rec.state is not None
    return rec.state


def test_clone__equal_and_shares_no_mutable_part():
    state = _mid_game_state()
    copy = clone(state)
    assert copy == state and copy.dump() == state.dump()
    originals = {id(obj): path for path, obj in _mutable_parts(state)}
    shared = [path for path, obj in _mutable_parts(copy) if id(obj) in originals]
    assert shared == []


def test_clone__changing_the_copy_leaves_the_original_alone():
    state = _mid_game_state()
    before = state.dump()
    copy = clone(state)
    p = copy.players[0]
    p.gold += 3
    p.red.right += 1
    p.items.append(OwnedItem(uid="x1", card="c"))
    p.certificates.append("g")
    copy.decks.adventure.draw.pop()
    copy.spaces[0].append(AdventureOnSpace(uid="x2", card="c"))
    for advs in copy.spaces:
        for i, adv in enumerate(advs):
            advs[i] = adv.model_copy(update={"face_up": not adv.face_up})  # a card is frozen: replaced
    assert copy.turn is not None
    copy.turn.used.append("x")
    copy.rng.d6()
    assert state.dump() == before


def test_clone__shares_the_cards_on_the_spaces_which_cannot_change_in_place():
    """Issue #30: a card on a space is frozen, so the copy shares it instead of copying it; the
    rules turn a card up by putting a new one in its place."""
    state = _mid_game_state()
    copy = clone(state)
    adv = next(a for advs in state.spaces for a in advs)
    assert any(a is adv for advs in copy.spaces for a in advs)
    with pytest.raises(ValidationError):
        adv.face_up = not adv.face_up  # type: ignore[misc]  # the test shows it is refused
    assert all(a is not b for a, b in zip(copy.spaces, state.spaces, strict=True))  # the lists are the copy's own


def test_clone__keeps_the_fields_set_and_model_classes():
    state = new_game(2)
    load(state, 6, 1)
    copy = clone(state)
    assert type(copy.rng) is LoadedDice and copy.rng.faces == [6, 1] and copy.rng.faces is not state.rng.faces
    assert copy.model_fields_set == state.model_fields_set
    copy.rng.d6()
    assert state.rng.faces == [6, 1]


def test_clone__every_state_in_play_is_still_valid_and_apply_never_touches_its_input():
    for levels, seed in ((["heuristic"] * 4, 11), (["random", "heuristic", "random"], 12)):
        steps = []

        def on_step(before: ProphecyState, _actor, _action, after: ProphecyState, steps=steps) -> None:
            # `before` was dumped when it was produced; apply must not have changed it since
            if steps:
                assert before.dump() == steps[-1]
            text = after.dump()
            assert ProphecyState.model_validate_json(text).dump() == text
            steps.append(text)

        rec = play(levels, seed, {"round_limit": 200}, on_step=on_step)
        assert rec.state is not None and rec.state.status == "finished" and len(steps) > 50


class _Odd(BaseModel):
    """Field kinds the game state does not use today, so the fallbacks are exercised too."""

    anything: Any = None
    tags: set[str] = set()
    maybe: OwnedItem | None = None
    either: int | str = 0
    deep: dict[str, list[list[OwnedItem]]] = {}
    pair: tuple[list[int], ...] = ()


def test_clone__unfamiliar_field_kinds_are_still_copied_deeply():
    odd = _Odd(anything={"a": [1]}, tags={"x"}, maybe=OwnedItem(uid="u", card="c"), either="s",
               deep={"k": [[OwnedItem(uid="v", card="d")]]}, pair=([1],))
    copy = clone(odd)
    assert copy == odd
    copy.anything["a"].append(2)
    copy.tags.add("y")
    copy.maybe.damaged = True  # type: ignore[union-attr]  # set up by the test
    copy.deep["k"][0][0].damaged = True
    copy.pair[0].append(2)
    assert odd == _Odd(anything={"a": [1]}, tags={"x"}, maybe=OwnedItem(uid="u", card="c"), either="s",
                       deep={"k": [[OwnedItem(uid="v", card="d")]]}, pair=([1],))
    assert clone(_Odd()) == _Odd()


class _Cat(BaseModel):
    kind: Literal["cat"] = "cat"
    lives: list[int] = []


class _Dog(BaseModel):
    kind: Literal["dog"] = "dog"
    tricks: dict[str, list[str]] = {}


class _Kennel(BaseModel):
    """The field kinds the campaign's state has (issue #30: copied without `copy.deepcopy` now):
    a list of a discriminated union of models, and a dict of values typed `Any`."""

    pets: list[Annotated[_Cat | _Dog, Field(discriminator="kind")]] = []
    data: dict[str, Any] = {}


def test_clone__unions_of_models_and_plain_data_are_copied_deeply():
    kennel = _Kennel(pets=[_Cat(lives=[9]), _Dog(tricks={"sit": ["now"]})],
                     data={"forecast": [{"lost": [0, 1]}, None], "n": 2, "pair": ([1],), "set": {"a"}})
    copy = clone(kennel)
    assert copy == kennel and [type(p) for p in copy.pets] == [_Cat, _Dog]
    copy.pets[0].lives.append(8)  # type: ignore[union-attr]  # set up by the test
    copy.pets[1].tricks["sit"].append("later")  # type: ignore[union-attr]  # set up by the test
    copy.data["forecast"][0]["lost"].append(2)
    copy.data["pair"][0].append(2)
    copy.data["set"].add("b")
    assert kennel == _Kennel(pets=[_Cat(lives=[9]), _Dog(tricks={"sit": ["now"]})],
                             data={"forecast": [{"lost": [0, 1]}, None], "n": 2, "pair": ([1],), "set": {"a"}})
