"""A turn's narration in the turn message (issue: short messages that still carry what matters):
at most NARRATION_LINES lines, the rest folded into "/campaign log"; a headline (a new road or
deck, a trove uncovered, a death) outlives newer routine lines, and the lines keep their order."""
from __future__ import annotations

from engine.core.events import Event
from engine.darkest_talisman.ctx import EV
from engine.darkest_talisman.game import SYSTEM
from gm.session import Result
from gm.session.results import Step
from systems.darkest_talisman.turn import NARRATION_LINES, narration_embed
from tests.talisman.helpers import solo


def _result(events: list[Event]) -> Result:
    return Result(record=None, state=None, steps=[Step(actor="p1", action={}, events=events)])  # type: ignore[arg-type]  # no record is read


def test_a_long_turn_keeps_its_headline_and_the_newest_lines_in_order():
    s = solo(3)
    hero = s.party()[0].uid
    road = Event(kind=EV + "sacred_pool_road", data={})
    rolls = [Event(kind=EV + "changed", data={"hero": hero, "character": s.party()[0].card, "attribute": "gold",
                                              "amount": 1, "total": k, "why": "lady_of_the_pool"})
             for k in range(1, 16)]
    shown = SYSTEM.view(s, None)
    embed = narration_embed(shown, _result([road] + rolls), "en", 4000)
    assert embed is not None and embed.description is not None
    lines = embed.description.split("\n")
    assert lines[0].startswith("… ") and "/campaign log" in lines[0]
    assert "a new road leads to the Sacred Pool" in lines[1]  # the oldest line, kept first
    assert len(lines) == 1 + NARRATION_LINES
    totals = [int(line.rsplit("now ", 1)[1].rstrip(".")) for line in lines[2:]]
    assert totals == list(range(15 - NARRATION_LINES + 2, 16))  # the newest routine lines, in order
    assert lines[0].startswith(f"… {16 - NARRATION_LINES} ")


def test_a_short_turn_is_told_whole():
    s = solo(4)
    hero = s.party()[0].uid
    events = [Event(kind=EV + "changed", data={"hero": hero, "character": s.party()[0].card, "attribute": "gold",
                                               "amount": 1, "total": k, "why": "lady_of_the_pool"}) for k in range(3)]
    embed = narration_embed(SYSTEM.view(s, None), _result(events), "en", 4000)
    assert embed is not None and embed.description is not None
    assert len(embed.description.split("\n")) == 3 and "earlier" not in embed.description
