"""Game-master rules behind "a table you can trust": the once-per-turn check and its clock,
host rights following the seat, games ended in the lobby, sealed exports."""
from __future__ import annotations

import pytest

from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from gm.session import INTERACTION_WINDOW, TURN_BEGAN, GameError, GameMaster, next_host
from tests.fakes import HandClock
from tests.gm.helpers import sqlite_game_master


@pytest.fixture
async def env(tmp_path):
    clock = HandClock(1_700_000_000.0)
    async with sqlite_game_master(tmp_path / "gm.sqlite3", 11, clock) as gm:
        yield gm, clock


async def _started(gm: GameMaster) -> None:
    await gm.new_game(1, 10, 100, "alice", "prophecy")
    await gm.join(1, 200, "bob")
    await gm.start(1, 100)


async def test_turn_start_is_stamped_from_the_game_master_clock_and_older_commands_are_refused(env):
    gm, clock = env
    await _started(gm)
    found = await gm.current(1)
    assert found.record.settings[TURN_BEGAN] == clock.now
    actor = found.system.pending(found.state).player
    action = found.system.legal_actions(found.state, actor)[0]
    with pytest.raises(GameError) as err:
        await gm.act(1, actor, action, created_at=clock.now - 1)
    assert err.value.key == "trust.typed_last_turn"
    assert (await gm.current(1)).record.version == found.record.version
    # a clock that disagrees with the command's time by more than an interaction's life: no verdict
    await gm.act(1, actor, action, created_at=clock.now - INTERACTION_WINDOW - 1)


async def test_the_stamp_survives_table_bookkeeping_and_moves_only_when_a_turn_begins(env):
    gm, clock = env
    await _started(gm)
    began = (await gm.current(1)).record.settings[TURN_BEGAN]
    clock.now += 50
    await gm.pause(1, 100, True)
    await gm.pause(1, 100, False)
    assert (await gm.current(1)).record.settings[TURN_BEGAN] == began
    found = await gm.current(1)
    first = found.system.pending(found.state).player
    for _ in range(40):  # play on until the other player's turn begins
        found = await gm.current(1)
        pend = found.system.pending(found.state)
        if pend.player != first:
            break
        clock.now += 1
        await gm.act(1, pend.player, found.system.legal_actions(found.state, pend.player)[-1], created_at=clock.now)
    assert found.record.settings[TURN_BEGAN] > began


def test_next_host_is_the_next_living_human_seat_in_turn_order():
    seats = [Seat(player="1", name="a"), Seat(player="ai1", name="AI", ai="random"),
             Seat(player="2", name="b"), Seat(player="3", name="c")]
    state = SYSTEM.new_game(seats, {}, 5).state
    assert next_host(state, "1") == "1"
    state.player("1").alive = False
    assert next_host(state, "1") == "2"  # the AI seat after the host is skipped
    state.player("2").ai = "heuristic"
    assert next_host(state, "1") == "3"
    state.player("3").alive = False
    assert next_host(state, "1") == "1"  # nobody left to take over: the rights stay


async def test_a_game_ended_in_the_lobby_reads_back_and_closed_games_say_so(env):
    gm, _ = env
    await gm.new_game(1, 10, 100, "alice", "prophecy")
    await gm.end(1, 100, False)
    found = await gm.latest(1)
    assert found.record.status == "ended" and found.state.host == "100"
    assert [g.record.id for g in await gm.history(1)] == [found.record.id]
    with pytest.raises(GameError) as err:
        await gm.pause(1, 100, True)
    assert err.value.key == "trust.closed_in_lobby"
    _, doc = await gm.export(1)
    assert doc["complete"] and doc["seed"] == "11"
