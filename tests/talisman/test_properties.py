"""Whole campaigns (solo and co-op seats) checked after every action: every card accounted for,
the characters' figures and loads within the rules, the right seat asked; the log replays to the
byte; the state round-trips through JSON; refused actions leave the state unchanged."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import RuleError
from engine.darkest_talisman import actions as A
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.simulate import play
from engine.darkest_talisman.state import CampaignState
from tests.talisman.helpers import check_invariants

SEATS = st.sampled_from([["heuristic"], ["random"], ["heuristic", "random"], ["random", "heuristic", "heuristic"],
                         ["heuristic", "heuristic", "heuristic"]])


def _the_right_seat(before: CampaignState, actor: str, action: object) -> None:
    d = before.decision
    assert d is not None
    if isinstance(action, A.Choose):
        assert before.controller(d.hero) == actor, "a seat answered another seat's decision"
    elif hasattr(action, "hero"):
        assert before.controls(actor, action.hero), "a seat acted for a character it does not control"  # type: ignore[attr-defined]  # set up by the test


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63), levels=SEATS, coop_ending=st.booleans())
def test_property__whole_campaigns_keep_every_invariant(seed, levels, coop_ending):
    def step(before, actor, action, after):  # type: ignore[no-untyped-def]  # tests are not type-checked
        _the_right_seat(before, actor, action)
        check_invariants(after)

    options = {"crown": "together" if coop_ending else "last_survivor"}
    rec = play(levels, seed, options, max_actions=500, on_step=step)
    assert rec.state is not None
    # every action counts once, and a carry along the road (ruling carry_on) once per push it made
    carried = sum(1 for _actor, payload in rec.actions if payload.get("option") == "carry_on")
    if carried:
        assert rec.state.actions_taken >= len(rec.actions)
    else:
        assert rec.state.actions_taken == len(rec.actions)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), levels=SEATS)
def test_determinism__replaying_the_log_from_the_seed_is_byte_identical(seed, levels):
    rec = play(levels, seed, max_actions=800)
    state = SYSTEM.new_game(rec.seats, rec.options, rec.seed).state
    for actor, payload in rec.actions:
        state = SYSTEM.apply(state, actor, json.loads(json.dumps(payload))).state
    assert state.dump() == rec.state.dump()


def test_co_op_decisions_belong_to_the_characters_seat():
    """Each character's decisions go to its own seat; the others are refused and nothing changes."""
    asked: set[str] = set()

    def step(before, actor, action, after):  # type: ignore[no-untyped-def]  # tests are not type-checked
        d = before.decision
        if d is not None and d.hero is not None:
            asked.add(actor)
            for other in ("1000", "1001", "1002"):
                if other != actor:
                    with pytest.raises(RuleError):
                        SYSTEM.apply(before, other, A.Choose(option=d.options[0]))

    play(["heuristic", "heuristic", "heuristic"], 7, max_actions=300, on_step=step)
    assert len(asked) >= 2, "every character's decisions went to one seat"


def _junk(state: CampaignState, rng: random.Random) -> list[object]:
    uid = rng.choice(state.heroes).uid
    return [A.Choose(option="nonsense"), A.Buy(hero=uid, card="dragon"), A.Store(hero=uid, thing="wolf#9"),
            A.Cast(hero=uid, spell="fireball#1", target="road:9"), A.SetOrder(order=["nobody"]),
            A.Restore(hero=uid, service="mystic"), A.CashTrophies(hero=uid, attribute="craft"),
            {"type": "fly"}, {"type": "choose"}]


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_refused_actions_leave_the_state_unchanged(seed):
    rng = random.Random(seed)
    states: list[CampaignState] = []
    play(["heuristic"], seed, max_actions=150, on_step=lambda b, a, x, after: states.append(after))
    for state in states[:: max(1, len(states) // 15)]:
        before = state.dump()
        for action in _junk(state, rng):
            if action in SYSTEM.legal_actions(state, "1000"):
                continue
            with pytest.raises(RuleError):
                SYSTEM.apply(state, "1000", action)
            assert state.dump() == before


def test_every_legal_action_is_accepted():
    """legal_actions is the single source of truth: each listed action applies."""
    states: list[CampaignState] = []
    play(["heuristic"], 3, max_actions=200, on_step=lambda b, a, x, after: states.append(after))
    for state in states[::10]:
        p = SYSTEM.pending(state)
        if p is None:
            continue
        for action in SYSTEM.legal_actions(state, p.player)[:25]:
            SYSTEM.apply(state, p.player, action)
