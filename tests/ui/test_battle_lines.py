"""The fight prompt's battle lines (issue 11: "the fight prompt shows ... each battle's cost and
the odds"): each line names its battle once, then its price and odds, then only the Items it is
fought with, e.g. "Battle of Strength (free): win 58% · draw 14% · loss 28% with Sword"."""
from __future__ import annotations

import re

import pytest

from engine.ai.simulate import play
from engine.prophecy.game import SYSTEM
from systems.prophecy.prompt_text import creature_fields


@pytest.mark.parametrize("locale, heading", [("en", "Your battles (best gear)"),
                                             ("it", "I tuoi combattimenti (equipaggiamento migliore)")])
def test_each_battle_line_names_its_battle_once(locale, heading):
    seen: list[str] = []

    def step(_before, _actor, _action, after):  # type: ignore[no-untyped-def]
        pend = SYSTEM.pending(after)
        if pend is None or after.turn is None or after.turn.fight is None:
            return
        fields = dict(creature_fields(SYSTEM.view(after, None), pend.player, locale))
        seen.extend(fields.get(heading, "").splitlines())

    for seed in range(4):
        play(["heuristic", "heuristic"], seed, {"round_limit": 40}, on_step=step)
    lines = [line for line in seen if "%" in line]
    assert len(lines) > 10
    battle = re.compile(r"Battle of (Strength|Wills)|Combattimento (Fisico|Mentale)")
    for line in lines:
        assert len(battle.findall(line)) == 1, line
    assert any(" with " in line or " con " in line for line in lines)  # the Items, when there are any
