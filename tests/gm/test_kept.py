"""What a press keeps about a state instead of asking the engine again (gm.session.kept):
issue #30, less of the game's own work per press, the same answers."""
from __future__ import annotations

from typing import Any

import pytest

from gm.session import kept
from tests.gm.helpers import sqlite_game_master


@pytest.fixture
async def gm(tmp_path):
    async with sqlite_game_master(tmp_path / "gm.sqlite3", 42) as game_master:
        yield game_master


def _count(monkeypatch: pytest.MonkeyPatch, system: Any, name: str) -> list[int]:
    """Count the calls of `system.<name>` (by id of the state asked about)."""
    calls: list[int] = []
    real = getattr(system, name)

    def counted(state: Any, *args: Any) -> Any:
        calls.append(id(state))
        return real(state, *args)

    monkeypatch.setattr(system, name, counted)
    return calls


async def test_a_press_asks_the_engine_once_per_state_who_decides_and_what_is_legal(gm, monkeypatch):
    await gm.new_game(1, 10, 100, "alice", "prophecy")
    await gm.join(1, 200, "bob")
    res = await gm.start(1, 100)
    pend = res.system.pending(res.state)
    system = gm.system_of("prophecy")
    asked = _count(monkeypatch, system, "pending")
    listed = _count(monkeypatch, system, "legal_actions")
    after = await gm.act_choice(1, int(pend.player), res.record.id, res.record.version, 0)
    # the press's checks and its apply ask about the state pressed on, the clock and the AI
    # loop about the new one: one question each
    assert len(asked) == len(set(asked)) == 1 + len(after.steps)
    assert len(listed) == 1
    # the answers kept are the engine's own
    assert kept.pending(system, after.state) == system.pending(after.state)
    mover = kept.pending(system, after.state).player
    first = kept.legal_actions(system, after.state, mover)
    assert first == system.legal_actions(after.state, mover)
    first.clear()  # a caller's list is its own
    assert kept.legal_actions(system, after.state, mover) == system.legal_actions(after.state, mover) != []


async def test_the_next_press_starts_from_the_state_the_previous_one_committed(gm):
    await gm.new_game(1, 10, 100, "alice", "prophecy")
    await gm.join(1, 200, "bob")
    res = await gm.start(1, 100)
    pend = res.system.pending(res.state)
    first = await gm.act_choice(1, int(pend.player), res.record.id, res.record.version, 0)
    record = await gm.store.get_game(first.record.id)
    assert record is not None and record.version == first.record.version
    assert gm.decode(record) is first.state  # not validated from the row's JSON again
    # the row of another text (another process moved the game on, a test wrote it), or of
    # another version, is decoded from its text
    other = record.model_copy(update={"state": record.state + " "})
    assert kept.kept_state(other) is None
    fresh = gm.decode(other)
    assert fresh is not first.state and fresh == first.state
    assert kept.kept_state(record.model_copy(update={"version": record.version + 1})) is None
    # and a press made on it reads that state as the one it was pressed on
    pend = first.system.pending(first.state)
    second = await gm.act_choice(1, int(pend.player), first.record.id, first.record.version, 0)
    assert second.before is first.state


def test_answers_are_kept_by_adopted_state_object_not_by_content():
    """Kept for the game master's own states (adopted: nothing changes them after); a state
    built or changed by hand elsewhere (a test's table) is asked afresh each time."""
    class Counting:
        def __init__(self) -> None:
            self.calls = 0

        def pending(self, state: Any) -> Any:
            self.calls += 1
            return ("decides", state["who"])

    system: Any = Counting()  # only what kept.pending asks of a system
    one, equal = kept.adopt({"who": "a"}), {"who": "a"}
    assert kept.pending(system, one) == kept.pending(system, one) == ("decides", "a")
    assert system.calls == 1
    assert kept.pending(system, equal) == kept.pending(system, equal) == ("decides", "a")
    assert system.calls == 3
    equal["who"] = "b"  # changed in place: not adopted, so never served an old answer
    assert kept.pending(system, equal) == ("decides", "b")
