"""engine/core/listings.py (issue #30): the listing an AI seat made is what apply's guard reads.

An AI seat lists the actions of the state it decides on (`legal_actions(..., keep=True)`) and the
action it picks is applied to that very state object: the guard (engine/core/contract.py, DESIGN
"legal actions are enumerable") reads that listing instead of listing again. A listing is kept
per state object and actor only, never for an equal copy, and a plain listing is not kept.
"""
from __future__ import annotations

import random

import pytest

from engine.ai.players import heuristic_player
from engine.core import listings
from engine.core.clone import clone
from engine.core.errors import RuleError
from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from engine.prophecy.rules import legal_actions


def _game():
    seats = [Seat(player=f"p{i}", name=f"P{i}", ai="heuristic") for i in (1, 2, 3)]
    return SYSTEM.new_game(seats, {"version": "standard"}, 5).state


def test_listings__kept_per_state_object_and_actor():
    listings.forget()
    st = _game()
    actor = SYSTEM.pending(st).player
    acts = legal_actions(st, actor)
    assert listings.recall(st, actor) is None  # a plain listing (buttons, tests) is not kept
    kept = legal_actions(st, actor, keep=True)
    assert kept == acts and listings.recall(st, actor) == tuple(acts)
    kept.clear()  # the caller's list is its own
    assert listings.recall(st, actor) == tuple(acts)
    assert listings.recall(clone(st), actor) is None  # an equal copy is another state
    assert listings.recall(st, "p9") is None
    listings.forget()
    assert listings.recall(st, actor) is None


def test_listings__the_guard_reads_the_ai_seats_listing_of_that_very_state():
    """DESIGN "legal actions are enumerable": an action the kept listing omits is refused as
    not legal, which shows the guard read that listing and did not list again."""
    listings.forget()
    st = _game()
    actor = SYSTEM.pending(st).player
    action = heuristic_player(st, actor, random.Random(0))  # keeps its listing
    assert listings.recall(st, actor) is not None
    assert SYSTEM.apply(st, actor, action).state is not st
    listings.remember(st, actor, [])  # a (made-up) listing without it, for that very state
    with pytest.raises(RuleError) as refused:
        SYSTEM.apply(st, actor, action)
    assert refused.value.key == "error.action_not_legal"
    assert SYSTEM.apply(clone(st), actor, action).state is not None  # another object: listed afresh
    listings.forget()
    assert SYSTEM.apply(st, actor, action).state is not None
