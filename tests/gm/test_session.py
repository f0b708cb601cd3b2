"""The game master service without Discord: lobby, start, acting, AI seats, refusals."""
from __future__ import annotations

import asyncio

import pytest

from engine.core.errors import RuleError
from gm.session import GameError
from tests.gm.helpers import sqlite_game_master


@pytest.fixture
async def gm(tmp_path):
    async with sqlite_game_master(tmp_path / "gm.sqlite3", 42) as game_master:
        yield game_master


async def test_lobby_and_start_with_ai_seat(gm):
    await gm.new_game(1, 10, 100, "alice", "prophecy")
    await gm.join(1, 200, "bob", "troll")
    await gm.add_bot(1, 100, "heuristic")
    res = await gm.start(1, 100)
    assert res.record.status == "active"
    assert [p.player for p in res.state.players] == ["100", "200", "ai1"]
    pend = res.system.pending(res.state)
    assert pend.player in ("100", "200")  # AI seats have played until a person must decide
    log = await gm.store.actions(res.record.id)
    assert [a.action["type"] for a in log][:3] == ["join", "add_bot", "start"]


async def test_second_game_in_a_channel_is_refused_naming_the_first(gm):
    first = await gm.new_game(1, 10, 100, "alice", "prophecy")
    with pytest.raises(GameError) as err:
        await gm.new_game(1, 10, 200, "bob", "prophecy")
    assert err.value.key == "error.game_exists" and err.value.params["game_id"] == first.record.id
    await gm.new_game(2, 10, 200, "bob", "prophecy")  # another channel is fine


async def test_only_host_starts_and_seat_limits(gm):
    await gm.new_game(1, 10, 100, "alice", "prophecy")
    with pytest.raises(GameError) as err:
        await gm.start(1, 100)
    assert err.value.key == "error.seat_count"
    await gm.join(1, 200, "bob")
    with pytest.raises(GameError) as err:
        await gm.start(1, 200)
    assert err.value.key == "error.host_only"
    for uid in (300, 400, 500):
        await gm.join(1, uid, f"u{uid}")
    with pytest.raises(GameError) as err:
        await gm.join(1, 600, "six")
    assert err.value.key == "error.table_full"


async def test_wrong_player_and_stale_version_change_nothing(gm):
    await gm.new_game(1, 10, 100, "alice", "prophecy")
    await gm.join(1, 200, "bob")
    res = await gm.start(1, 100)
    pend = res.system.pending(res.state)
    other = "200" if pend.player == "100" else "100"
    version = res.record.version
    with pytest.raises(RuleError) as err:
        await gm.act_choice(1, int(other), res.record.id, version, 0)
    assert err.value.key == "error.not_your_turn"
    with pytest.raises(GameError):
        await gm.act_choice(1, int(pend.player), res.record.id, version - 1, 0)
    with pytest.raises(GameError):
        await gm.act_choice(1, int(pend.player), res.record.id, version, 999)
    after = await gm.current(1)
    assert after.record.version == version and after.record.state == res.record.state


async def test_two_simultaneous_clicks_exactly_one_applies(gm):
    await gm.new_game(1, 10, 100, "alice", "prophecy")
    await gm.join(1, 200, "bob")
    res = await gm.start(1, 100)
    pend = res.system.pending(res.state)
    outcomes = await asyncio.gather(
        *(gm.act_choice(1, int(pend.player), res.record.id, res.record.version, 0) for _ in range(2)),
        return_exceptions=True)
    ok = [o for o in outcomes if not isinstance(o, Exception)]
    bad = [o for o in outcomes if isinstance(o, Exception)]
    assert len(ok) == 1 and len(bad) == 1 and bad[0].key == "error.stale_prompt"


async def test_full_game_with_ai_seats_only_people_lobby(gm):
    """Two AI seats and a host who only starts: the AI plays the whole game on its own."""
    await gm.new_game(1, 10, 100, "alice", "prophecy")
    await gm.leave(1, 100)
    await gm.add_bot(1, 100)
    await gm.add_bot(1, 100, "heuristic")
    res = await gm.start(1, 100)
    assert res.record.status == "finished" and res.state.winner in ("ai1", "ai2")


async def test_a_press_reads_the_spectator_view_the_previous_press_built(gm):
    """The echo of a press reads the spectator view of the state it was pressed on: the one
    the previous press's turn message was built from, kept for this game at that version
    (issue #30: one view of the game less per press); a row of other text is never served it."""
    import gm.session.results as results

    await gm.new_game(1, 10, 100, "alice", "prophecy")
    await gm.join(1, 200, "bob")
    res = await gm.start(1, 100)
    pend = res.system.pending(res.state)
    first = await gm.act_choice(1, int(pend.player), res.record.id, res.record.version, 0)
    shown = first.view(None)  # what its turn message is built from
    pend = first.system.pending(first.state)
    second = await gm.act_choice(1, int(pend.player), first.record.id, first.record.version, 0)
    assert second.before_record is not None and second.before_record.version == first.record.version
    assert second.before_view() is shown
    assert shown == second.system.view(second.before, None)  # the very view a fresh build gives
    # the same game id, seed and version with another row text (another database): built anew
    other = second.before_record.model_copy(update={"state": second.before_record.state + " "})
    second.before_record = other
    assert second.before_view() is not shown and second.before_view() == shown
    # a result the game master did not mark (built elsewhere) keeps nothing for the next press
    kept = dict(results._SPECTATOR_VIEWS)
    assert not (await gm.current(1)).shares_views
    (await gm.current(1)).view(None)
    assert results._SPECTATOR_VIEWS == kept
