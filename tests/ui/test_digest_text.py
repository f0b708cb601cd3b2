"""The private "since your last turn" digest (cogs.prompts.digest_text), read line by line."""
from __future__ import annotations

from cogs.prompts import digest_text
from engine.core.events import Event
from engine.core.system import Seat
from engine.prophecy.content import pack_by_id
from engine.prophecy.game import SYSTEM
from gm.session import Result, Step
from gm.store import GameRecord


def _result() -> Result:
    seats = [Seat(player="1001", name="Ada"), Seat(player="1002", name="Bo"), Seat(player="1003", name="Cy")]
    out = SYSTEM.new_game(seats, {"pack": "base"}, 4242)
    record = GameRecord(id=7, guild_id=1, channel_id=2, system="prophecy", options={}, seed=4242, version=3,
                        state=SYSTEM.dump_state(out.state), status="active", host_id=1001, created_at=0.0,
                        updated_at=0.0)
    return Result(record, out.state, steps=[Step(actor="gm", action={}, events=list(out.events))], game_system=SYSTEM)


def test_a_turn_that_has_only_begun_gets_no_empty_heading():
    """Cy looks at /game status while Bo's extra turn has only just begun: the digest tells what
    Bo did in the turn before, and does not end on a "Bo (extra turn)" heading with nothing under it."""
    result = _result()
    here = pack_by_id(result.state.options.pack).space(result.state.player("1002").space).id
    events = [
        Event(kind="turn_started", player="1002", data={"round": 1}),
        Event(kind="stayed", player="1002", data={"space": here}),
        Event(kind="turn_started", player="1002", data={"round": 1, "extra": True}),
    ]
    text = digest_text(result, events, "en", viewer="1003")
    assert text is not None
    lines = text.splitlines()
    assert lines[-1].startswith("• "), text
    assert "(extra turn)" not in text



def test_what_happened_before_the_first_turn_has_no_player_heading():
    """Events before anyone's turn began (characters chosen at the start of a Standard game) are
    no one player's turn: they are not filed under one player's name, which then came twice."""
    result = _result()
    here = pack_by_id(result.state.options.pack).space(result.state.player("1001").space).id
    events = [
        Event(kind="stayed", player="1001", data={"space": here}),
        Event(kind="stayed", player="1002", data={"space": here}),
        Event(kind="turn_started", player="1001", data={"round": 1}),
        Event(kind="stayed", player="1001", data={"space": here}),
    ]
    text = digest_text(result, events, "en", viewer="1003")
    assert text is not None
    assert text.count("**Ada**") == 1, text
