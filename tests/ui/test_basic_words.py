"""Words of the Basic game that a player decides or learns from (issue 11):

* the fight prompt's battle lines ("the fight prompt shows ... each battle's cost and the
  odds"): each names its battle once, then its price and odds, then only the Items it is fought
  with, e.g. "Battle of Strength (free): win 58% · draw 14% · loss 28% with Sword";
* the end of the game says why it ended (Basic rules, "End of the Game"; the round limit and
  its tie-breaks are this bot's option and ruling)."""
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


@pytest.mark.parametrize("locale, why", [
    ("en", "The round limit (3) is reached: the most Certificates wins; a tie goes to Experience, then Gold"),
    ("it", "Raggiunto il limite di round (3): vince chi ha più Certificati"),
])
def test_a_basic_game_ended_by_the_round_limit_says_why_its_winner_won(locale, why):
    """Two characters with no Certificate at the round limit: the narration says the game ended
    at the limit and how the tie was broken (this bot's ruling), not just "The game is over"."""
    from systems.prophecy.describe import narrate

    lines: list[str] = []

    def step(before, actor, action, after):  # type: ignore[no-untyped-def]
        if after.status == "finished" and before.status != "finished":
            out = SYSTEM.apply(before, actor, action)
            lines.extend(narrate(SYSTEM.view(out.state, None), out.events, locale))

    rec = play(["random", "random"], 1, {"round_limit": 3}, on_step=step)
    assert rec.state.end_reason == "round_limit"
    assert any(why in line for line in lines), lines
