"""The presser's private lines (a card seen in secret, the characters dealt) are worked out from
their own view of the game, a whole copy of it. The bot builds that view only when
`may_have_private_lines` says the step's events could hold such a line (issue 30, less work per
press): over whole games it must say so for every step that has one, and spare most steps."""
from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from systems.prophecy.describe import may_have_private_lines, private_lines
from systems.prophecy.plugin import PLUGIN

OPTIONS = {
    "basic": {"version": "basic"},
    "standard": {"version": "standard"},
    "water realm": {"version": "standard", "standard": {"expansion": {"new_cards": True, "treasure_island": True,
                                                                       "water_realm": True, "artifacts": "new"}}},
}


def _steps(options: dict[str, Any], seed: int, actions: int) -> list[tuple[Any, str, list[Any]]]:
    """(state after, actor, events) of the start and of each step of a game played at random."""
    seats = [Seat(player=f"p{i}", name=f"P{i}") for i in (1, 2, 3)]
    outcome = SYSTEM.new_game(seats, options, seed)
    state = outcome.state
    out = [(state, pend.player, outcome.events) for pend in [SYSTEM.pending(state)] if pend is not None]
    rng = random.Random(seed)
    for _ in range(actions):
        pend = SYSTEM.pending(state)
        if pend is None:
            break
        step = SYSTEM.apply(state, pend.player, rng.choice(SYSTEM.legal_actions(state, pend.player)))
        state = step.state
        out.append((state, pend.player, step.events))
    return out


def test_the_prophecy_plugin_asks_before_building_the_view() -> None:
    assert PLUGIN.table is not None and PLUGIN.table.private_possible is may_have_private_lines


@pytest.mark.parametrize("edition", sorted(OPTIONS))
def test_every_private_line_is_foreseen(edition: str) -> None:
    said = spared = 0
    for seed in (1, 2):
        for state, actor, events in _steps(OPTIONS[edition], seed, 250):
            lines = private_lines(SYSTEM.view(state, actor), events, "en")
            possible = may_have_private_lines(state, actor, events)
            assert possible or not lines, f"{edition}: lines the gate would have kept from {actor}: {lines}"
            said += bool(lines)
            spared += not possible
    if edition != "basic":
        assert said, f"{edition}: the games showed nobody anything in secret (the test proves nothing)"
    assert spared > 0, "no step spared the view"
