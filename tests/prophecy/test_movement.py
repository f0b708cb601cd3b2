"""Basic rules, "Moving Your Character"."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.actions import Move
from engine.prophecy.content import pack_by_id
from engine.prophecy.rules import apply, legal_actions
from tests.prophecy.helpers import begin_turn, clear_board, new_game, space_id, space_index


def _state(at: str, gold: int = 3):
    state = new_game(2, seed=9)
    clear_board(state)
    begin_turn(state, "p1", at=at)
    state.player("p1").gold = gold
    return state


def _ring(state, at, step):
    pack = pack_by_id(state.options.pack)
    return pack.space((space_index(state, at) + step) % len(pack.board.spaces)).id


def test_basic__moving__stay_in_current_space():
    """Moving Your Character: you may decide not to move at all."""
    state = _state("city")
    out = apply(state, "p1", Move(method="stay", to="city"))
    assert space_id(out.state, out.state.player("p1").space) == "city"
    assert out.state.turn.phase == "act" and not out.state.turn.moved


@pytest.mark.parametrize("step", [-1, 1])
def test_basic__moving__one_step_either_way_is_free(step):
    state = _state("city")
    to = _ring(state, "city", step)
    out = apply(state, "p1", Move(method="walk", to=to))
    p = out.state.player("p1")
    assert space_id(out.state, p.space) == to and p.gold == 3


@pytest.mark.parametrize("step", [-2, 2])
def test_basic__moving__horse_two_steps_costs_one_gold(step):
    state = _state("city")
    to = _ring(state, "city", step)
    out = apply(state, "p1", Move(method="horse", to=to))
    assert space_id(out.state, out.state.player("p1").space) == to
    assert out.state.player("p1").gold == 2


def test_basic__moving__horse_without_gold_refused_and_state_unchanged():
    state = _state("city", gold=0)
    before = state.dump()
    with pytest.raises(RuleError) as err:
        apply(state, "p1", Move(method="horse", to=_ring(state, "city", 2)))
    assert err.value.key == "error.not_enough_gold"
    assert state.dump() == before
    assert all(a.method != "horse" for a in legal_actions(state, "p1"))


def test_basic__moving__boat_from_port_to_adjacent_port_either_way_costs_one_gold():
    """Ports: for 1 Gold, along the dashed line to the next Port on the left or right."""
    state = _state("city")
    pack = pack_by_id(state.options.pack)
    ports = [s.id for s in pack.board.spaces if s.port]
    assert "city" in ports
    k = ports.index("city")
    for neighbour in (ports[k - 1], ports[(k + 1) % len(ports)]):
        out = apply(state, "p1", Move(method="boat", to=neighbour))
        assert space_id(out.state, out.state.player("p1").space) == neighbour
        assert out.state.player("p1").gold == 2
    far = [p for p in ports if p not in (ports[k - 1], ports[(k + 1) % len(ports)], "city")]
    for target in far:
        with pytest.raises(RuleError):
            apply(state, "p1", Move(method="boat", to=target))


def test_basic__moving__boat_only_from_a_port():
    state = _state("village")
    pack = pack_by_id(state.options.pack)
    assert not pack.space(space_index(state, "village")).port
    port = next(s.id for s in pack.board.spaces if s.port)
    with pytest.raises(RuleError):
        apply(state, "p1", Move(method="boat", to=port))


def test_basic__moving__magic_gate_to_any_other_gate_costs_two_gold():
    state0 = new_game(2, seed=9)
    pack = pack_by_id(state0.options.pack)
    gates = [s.id for s in pack.board.spaces if s.gate]
    assert len(gates) >= 3
    state = _state(gates[0])
    for target in gates[1:]:
        out = apply(state, "p1", Move(method="gate", to=target))
        assert space_id(out.state, out.state.player("p1").space) == target
        assert out.state.player("p1").gold == 1
    state.player("p1").gold = 1
    with pytest.raises(RuleError):
        apply(state, "p1", Move(method="gate", to=gates[1]))


def test_basic__moving__exactly_one_option_a_turn():
    """You may use only one of the options: a second move in the same turn is refused."""
    state = _state("city")
    out = apply(state, "p1", Move(method="walk", to=_ring(state, "city", 1)))
    with pytest.raises(RuleError) as err:
        apply(out.state, "p1", Move(method="walk", to="city"))
    assert err.value.key == "error.wrong_phase"


def test_basic__moving__spaces_passed_have_no_effect():
    """Adventure Cards: cards in spaces you move through, e.g. on a horse, do not affect you."""
    state = _state("city")
    from tests.prophecy.helpers import put
    passed = _ring(state, "city", 1)
    put(state, passed, "t_wolf")
    dest = _ring(state, "city", 2)
    out = apply(state, "p1", Move(method="horse", to=dest))
    assert out.state.turn.phase == "act"
    assert not any(e.kind == "creature_encountered" for e in out.events)


def test_basic__moving__legal_moves_list_costs_and_targets():
    state = _state("city")
    moves = legal_actions(state, "p1")
    methods = {(m.method, m.to) for m in moves}
    assert ("stay", "city") in methods
    assert ("walk", _ring(state, "city", 1)) in methods and ("walk", _ring(state, "city", -1)) in methods
    assert ("horse", _ring(state, "city", 2)) in methods


def test_basic__moving__unknown_space_refused():
    state = _state("city")
    with pytest.raises(RuleError) as err:
        apply(state, "p1", Move(method="walk", to="atlantis"))
    assert err.value.key == "error.unknown_space"


def test_a_cost_built_without_pydantics_checks_is_the_checked_one():
    """Cost.of (issue 30: the listings and the AI build costs thousands of times a game) gives
    what Cost(...) gives, the same fields set included, and refuses what Cost refuses."""
    import pydantic

    from engine.prophecy.content import Cost

    for amounts in ({"gold": 2}, {"gold": 1, "experience": 3, "health": 0, "magic": 0}, {}):
        built, checked = Cost.of(**amounts), Cost(**amounts)
        assert built == checked and built.model_fields_set == checked.model_fields_set
    for bad in ({"gold": -1}, {"gold": 1.5}, {"coins": 1}):
        with pytest.raises(pydantic.ValidationError):
            Cost.of(**bad)  # type: ignore[arg-type]  # the wrong kinds are the point
