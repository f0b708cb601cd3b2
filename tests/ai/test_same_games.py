"""Issue #30: the engines' speed work keeps every game byte-identical.

Each case of tests/ai/same_games.py (Basic, Standard, every Water Realm configuration played by
their AI seats; Darkest Talisman campaigns replayed from recorded actions) is played again and
its per-step digest (action, events, the whole state's JSON after each action) must match the
recorded one; every step also checks `apply` left the state it was given untouched.
"""
from __future__ import annotations

import json

import pytest

from tests.ai.same_games import CAMPAIGN_ACTIONS, FIXTURE, cases, fingerprint

_RECORDED = json.loads(FIXTURE.read_text())
_CAMPAIGN_ACTIONS = json.loads(CAMPAIGN_ACTIONS.read_text())


def test_same_games__fixture_covers_every_case_and_system():
    ids = [c["id"] for c in cases()]
    assert sorted(_RECORDED) == sorted(ids)
    prefixes = {i.split("-")[0] for i in ids}
    assert prefixes == {"basic", "standard", "water", "campaign"}


@pytest.mark.parametrize("case", cases(), ids=lambda c: c["id"])
def test_same_games__replayed_game_is_byte_identical(case):
    assert fingerprint(case, _CAMPAIGN_ACTIONS) == _RECORDED[case["id"]]
