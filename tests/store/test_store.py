"""The guarantees the game master relies on, for every store backend (SQLite and PostgreSQL:
each test runs once per backend; see conftest.py). Backend-specific behaviour is tested in
test_sqlite_store.py and test_postgres_store.py."""
from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator

import asyncpg
import pytest

from gm.store import (
    LATEST_VERSION,
    ActionRecord,
    GameExists,
    GameNotFound,
    GameRecord,
    GameStore,
    LogMeta,
    SqliteStore,
    StaleVersion,
    StoreError,
)
from gm.store.pg_migrations import PG_LATEST_VERSION
from tests.fakes import HandClock
from tests.store.helpers import BIG_SEED, CHANNEL, GUILD, HOST, new_game

from .conftest import RawSql, StoreFactory

OTHER_CHANNEL = 1_100_000_000_000_000_002
DATABASE_ERRORS = (sqlite3.DatabaseError, asyncpg.PostgresError)


@pytest.fixture
async def store(make_store: StoreFactory, clock: HandClock) -> AsyncIterator[GameStore]:
    s = make_store(clock=clock)
    await s.open()
    try:
        yield s
    finally:
        await s.close()


def latest_version(store: GameStore) -> int:
    return LATEST_VERSION if isinstance(store, SqliteStore) else PG_LATEST_VERSION


# ------------------------------------------------------------------ basics


async def test_create_and_get(store: GameStore, clock: HandClock) -> None:
    game = await new_game(store, settings={"lang": "it"}, deadline=5_000.0)
    assert game.id >= 1
    assert (game.channel_id, game.guild_id, game.host_id) == (CHANNEL, GUILD, HOST)
    assert game.system == "prophecy"
    assert game.options == {"players": 2, "expansion": None}
    assert game.seed == BIG_SEED
    assert game.version == 0
    assert game.state == '{"turn":0}'
    assert game.status == "lobby" and game.is_open
    assert game.created_at == game.updated_at == clock.now
    assert game.deadline == 5_000.0
    assert game.settings == {"lang": "it"}

    assert await store.get_game(game.id) == game
    assert await store.get_active_game(CHANNEL) == game
    assert await store.get_game(game.id + 999) is None
    assert await store.get_active_game(OTHER_CHANNEL) is None


async def test_second_open_game_in_channel_refused(store: GameStore) -> None:
    first = await new_game(store)
    with pytest.raises(GameExists) as info:
        await new_game(store, system="talisman")
    assert info.value.existing == first
    assert str(first.id) in str(info.value)
    # Also refused when the first one is already being played, not only in the lobby.
    await store.set_status(first.id, "active")
    with pytest.raises(GameExists) as info:
        await new_game(store, status="active")
    assert info.value.existing.id == first.id
    assert len(await store.list_games(CHANNEL)) == 1


async def test_channels_are_independent(store: GameStore) -> None:
    a = await new_game(store, CHANNEL)
    b = await new_game(store, OTHER_CHANNEL)
    assert a.id != b.id
    await store.commit_action(a.id, 0, "p1", {"type": "roll"}, '{"turn":1}')
    assert (await store.get_game(b.id)) == b
    assert await store.actions(b.id) == []
    assert [g.id for g in await store.list_active_games()] == [a.id, b.id]
    assert store.channel_lock(CHANNEL) is store.channel_lock(CHANNEL)
    assert store.channel_lock(CHANNEL) is not store.channel_lock(OTHER_CHANNEL)


# ------------------------------------------------------------------ actions


async def test_commit_action_appends_and_bumps_version(store: GameStore,
                                                       clock: HandClock) -> None:
    game = await new_game(store)
    clock.advance(10)
    g1 = await store.commit_action(game.id, 0, "user:1", {"type": "start"}, '{"turn":1}',
                                   new_status="active", deadline=9_000.0)
    assert (g1.version, g1.state, g1.status, g1.deadline) == (1, '{"turn":1}', "active", 9_000.0)
    assert g1.updated_at == clock.now and g1.created_at == game.created_at
    clock.advance(10)
    g2 = await store.commit_action(game.id, 1, "user:2", {"type": "move", "to": 7}, '{"turn":2}')
    assert (g2.version, g2.status, g2.deadline) == (2, "active", 9_000.0)  # deadline kept

    log = await store.actions(game.id)
    assert log == [
        ActionRecord(game_id=game.id, seq=1, actor="user:1", action={"type": "start"},
                     created_at=1_010.0, version_after=1),
        ActionRecord(game_id=game.id, seq=2, actor="user:2", action={"type": "move", "to": 7},
                     created_at=1_020.0, version_after=2),
    ]
    assert [a.seq for a in await store.actions(game.id, after_seq=1)] == [2]
    assert [a.seq for a in await store.actions(game.id, limit=1)] == [1]

    g3 = await store.commit_action(game.id, 2, "system", {"type": "timeout"}, "{}", deadline=None)
    assert g3.deadline is None


async def test_stale_version_refused_and_nothing_changed(store: GameStore) -> None:
    game = await new_game(store)
    g1 = await store.commit_action(game.id, 0, "p1", {"n": 1}, '{"turn":1}')
    with pytest.raises(StaleVersion) as info:
        await store.commit_action(game.id, 0, "p2", {"n": 2}, '{"turn":"bogus"}',
                                  new_status="finished")
    assert info.value.current_version == 1
    assert await store.get_game(game.id) == g1
    assert [a.action for a in await store.actions(game.id)] == [{"n": 1}]
    with pytest.raises(StaleVersion):
        await store.update_game(game.id, 5, options={"players": 4})
    assert await store.get_game(game.id) == g1


async def test_unknown_game_and_bad_input(store: GameStore) -> None:
    with pytest.raises(GameNotFound):
        await store.commit_action(12345, 0, "p", {}, "{}")
    game = await new_game(store)
    with pytest.raises(ValueError):
        await store.set_status(game.id, "paused")  # type: ignore[arg-type]  # a deliberately loose value from the test
    with pytest.raises(TypeError):
        await store.commit_action(game.id, 0, "p", {"x": object()}, "{}")
    assert await store.get_game(game.id) == game
    assert await store.actions(game.id) == []


async def test_concurrent_commits_same_version_exactly_one_wins(store: GameStore) -> None:
    game = await new_game(store)
    results = await asyncio.gather(
        *(store.commit_action(game.id, 0, f"p{i}", {"click": i}, f'{{"by":{i}}}')
          for i in range(5)),
        return_exceptions=True,
    )
    wins = [r for r in results if isinstance(r, GameRecord)]
    losses = [r for r in results if isinstance(r, StaleVersion)]
    assert len(wins) == 1 and len(losses) == 4
    assert all(e.current_version == 1 for e in losses)
    log = await store.actions(game.id)
    assert len(log) == 1 and (await store.get_game(game.id)) == wins[0]


async def test_concurrent_commits_across_two_connections(make_store: StoreFactory,
                                                         clock: HandClock) -> None:
    """Two processes (here: two connections) on one database still cannot both apply."""
    async with make_store(clock=clock) as a, make_store(clock=clock) as b:
        game = await new_game(a)
        results = await asyncio.gather(
            a.commit_action(game.id, 0, "pa", {"who": "a"}, '{"by":"a"}'),
            b.commit_action(game.id, 0, "pb", {"who": "b"}, '{"by":"b"}'),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["GameRecord", "StaleVersion"]
        assert len(await b.actions(game.id)) == 1


async def test_failed_transaction_rolls_back_the_log(store: GameStore) -> None:
    """A failure after the log row was written must leave neither log row nor state."""
    old = await new_game(store)
    await store.set_status(old.id, "finished")
    newer = await new_game(store)
    before = await store.get_game(old.id)
    with pytest.raises(GameExists) as info:  # re-opening clashes with the newer game
        await store.commit_action(old.id, before.version, "p", {"t": "reopen"}, "{}",  # type: ignore[union-attr]  # set up by the test
                                  new_status="active")
    assert info.value.existing.id == newer.id
    assert await store.get_game(old.id) == before
    assert await store.actions(old.id) == []


async def test_action_log_is_append_only_in_the_database(store: GameStore, raw_sql: RawSql) -> None:
    game = await new_game(store)
    await store.commit_action(game.id, 0, "p", {"n": 1}, "{}")
    # through a connection of another program, not the store's
    with pytest.raises(DATABASE_ERRORS, match="append-only"):
        await raw_sql("UPDATE actions SET actor = 'x'")
    with pytest.raises(DATABASE_ERRORS, match="append-only"):
        await raw_sql("DELETE FROM actions")
    assert len(await store.actions(game.id)) == 1


# ------------------------------------------------------------------ lobby updates, status


async def test_update_game_lobby_changes(store: GameStore) -> None:
    game = await new_game(store)
    g1 = await store.update_game(game.id, 0, options={"players": 3}, settings={"lang": "en"},
                                 host_id=None)
    assert (g1.version, g1.options, g1.settings, g1.host_id) == (1, {"players": 3},
                                                                 {"lang": "en"}, None)
    assert g1.state == game.state
    assert await store.actions(game.id) == []  # no log row without an action
    g2 = await store.update_game(game.id, 1, state_json='{"seats":["a"]}', actor="user:5",
                                 action={"type": "join"})
    assert g2.version == 2
    assert [(a.seq, a.actor, a.version_after) for a in await store.actions(game.id)] == [
        (1, "user:5", 2)]
    with pytest.raises(ValueError):
        await store.update_game(game.id, 2, action={"type": "join"})


async def test_finished_game_archived_and_channel_free(store: GameStore) -> None:
    first = await new_game(store, deadline=2_000.0)
    await store.commit_action(first.id, 0, "p", {"t": "start"}, "{}", new_status="active")
    done = await store.commit_action(first.id, 1, "p", {"t": "win"}, '{"winner":"p"}',
                                     new_status="finished")
    assert done.status == "finished" and not done.is_open
    assert done.deadline is None  # a closed game is never re-armed
    assert await store.get_active_game(CHANNEL) is None

    second = await new_game(store, system="talisman")
    assert await store.get_active_game(CHANNEL) == second
    third_try = store.create_game(CHANNEL, GUILD, "x", {}, 1, None, "{}")
    with pytest.raises(GameExists):
        await third_try
    ended = await store.set_status(second.id, "ended", expected_version=0)
    assert ended.status == "ended" and ended.version == 1

    assert [g.id for g in await store.list_games(CHANNEL)] == [first.id, second.id]
    assert await store.list_games(CHANNEL, include_finished=False) == []
    assert await store.list_active_games() == []
    assert len(await store.actions(first.id)) == 2  # history kept


async def test_list_due_games(store: GameStore) -> None:
    a = await new_game(store, CHANNEL, deadline=1_500.0)
    await new_game(store, OTHER_CHANNEL, deadline=3_000.0)
    assert [g.id for g in await store.list_due_games(2_000.0)] == [a.id]


async def test_list_owed_games(store: GameStore) -> None:
    """Games whose last step's turn message was never posted (gm.session.delivery): open ones owed
    since `before` or earlier, finished ones only while their end is recent; a cleared mark or a
    game still in its lobby is never listed."""
    owed = store.OWED_KEY
    a = await new_game(store, CHANNEL)
    b = await new_game(store, OTHER_CHANNEL)
    a = await store.commit_action(a.id, a.version, "p", {"n": 1}, '{"turn":1}', new_status="active",
                                  settings={owed: 1_000.0, "other": 1})
    b = await store.commit_action(b.id, b.version, "p", {"n": 1}, '{"turn":1}', new_status="active",
                                  settings={owed: 5_000.0})
    assert [g.id for g in await store.list_owed_games(2_000.0, since=0.0)] == [a.id]
    assert [g.id for g in await store.list_owed_games(9_000.0, since=0.0)] == [a.id, b.id]
    await store.set_settings(a.id, {"other": 1})  # delivered: the mark is gone, the version stays
    assert (await store.get_game(a.id)).version == a.version  # type: ignore[union-attr]  # set up by the test
    assert [g.id for g in await store.list_owed_games(9_000.0, since=0.0)] == [b.id]
    b = await store.commit_action(b.id, b.version, "p", {"n": 2}, '{"turn":2}', new_status="finished",
                                  settings={owed: 5_000.0})
    assert [g.id for g in await store.list_owed_games(9_000.0, since=b.updated_at - 1)] == [b.id]
    assert await store.list_owed_games(9_000.0, since=b.updated_at + 1) == []
    lobby = await new_game(store, 1_100_000_000_000_000_003)
    await store.set_settings(lobby.id, {owed: 1.0})
    assert lobby.id not in [g.id for g in await store.list_owed_games(9_000.0, since=0.0)]


# ------------------------------------------------------------------ durability, schema


async def test_reopen_data_intact(make_store: StoreFactory, clock: HandClock) -> None:
    async with make_store(clock=clock) as s:
        game = await new_game(s)
        await s.commit_action(game.id, 0, "p", {"n": 1}, '{"turn":1}', new_status="active")
        await s.set_user_setting(HOST, "lang", "it")
        saved = await s.get_game(game.id)
        saved_log = await s.actions(game.id)
    async with make_store(clock=clock) as s:
        assert await s.get_game(game.id) == saved
        assert await s.actions(game.id) == saved_log
        assert await s.get_user_setting(HOST, "lang") == "it"
        assert await s.schema_version() == latest_version(s)


async def test_closed_store_raises_clearly(make_store: StoreFactory) -> None:
    s = make_store()
    with pytest.raises(StoreError, match="not open"):
        await s.get_game(1)
    await s.open()
    await s.close()
    await s.close()  # idempotent


# ------------------------------------------------------------------ settings, stats, locks


async def test_a_games_settings_are_read_and_written_without_its_state(store: GameStore) -> None:
    """A delivery mark reads the version and settings alone and writes the settings alone:
    the version, the state, the deadline and the update time stay as they were."""
    game = await store.set_settings((await new_game(store)).id, {"owed": 2.5, "clock": {"paused": False}},
                                    deadline=9.5)
    assert await store.game_settings(game.id) == (game.version, {"owed": 2.5, "clock": {"paused": False}})
    await store.put_settings(game.id, {"message": 77})
    after = await store.get_game(game.id)
    assert after is not None and after.settings == {"message": 77}
    assert after.model_dump(exclude={"settings"}) == game.model_dump(exclude={"settings"})
    assert await store.game_settings(game.id) == (game.version, {"message": 77})
    assert await store.game_settings(game.id + 1000) is None
    with pytest.raises(GameNotFound):
        await store.put_settings(game.id + 1000, {})


async def test_user_settings(store: GameStore) -> None:
    assert await store.get_user_setting(5, "lang") is None
    assert await store.get_user_setting(5, "lang", "en") == "en"
    await store.set_user_setting(5, "lang", "it")
    await store.set_user_setting(5, "ping", {"dm": True, "hours": [9, 21]})
    await store.set_user_setting(5, "lang", "en")  # overwrite
    assert await store.get_user_settings(5) == {"lang": "en", "ping": {"dm": True, "hours": [9, 21]}}
    await store.set_user_setting(5, "ping", None)  # delete
    assert await store.get_user_settings(5) == {"lang": "en"}
    assert await store.get_user_settings(6) == {}


async def test_notes_are_kept_and_never_touch_the_database_id(store: GameStore) -> None:
    """The bot's own notes (the command tree last synced: ui.command_sync) live in `meta`."""
    database_id = store.database_id
    assert await store.get_note("commands_synced:1:global") is None
    await store.set_note("commands_synced:1:global", "abc")
    await store.set_note("commands_synced:1:global", "def")  # overwrite
    assert await store.get_note("commands_synced:1:global") == "def"
    with pytest.raises(ValueError):
        await store.set_note("database_id", "forged")
    with pytest.raises(ValueError):
        await store.get_note("database_id")
    assert store.database_id == database_id
    await store.renew_ownership()  # the heartbeat still finds its own database


async def test_stats_reports_bytes(store: GameStore) -> None:
    empty = await store.stats()
    assert empty.games == 0 and empty.db_bytes > 0 and empty.disk_bytes > 0
    game = await new_game(store, state_json=json.dumps({"blob": "x" * 20_000}))
    await store.commit_action(game.id, 0, "p", {"t": 1}, "{}")
    await store.set_status(game.id, "finished")
    await new_game(store)
    await store.set_user_setting(1, "k", 1)
    stats = await store.stats()
    assert (stats.games, stats.open_games, stats.closed_games) == (2, 1, 1)
    assert (stats.actions, stats.user_settings) == (1, 1)
    assert stats.db_bytes > empty.db_bytes
    if isinstance(store, SqliteStore):
        await store.checkpoint()  # fold the write-ahead log into the file
    assert (await store.stats()).disk_bytes >= stats.db_bytes


async def test_channel_lock_serialises_load_check_save(store: GameStore) -> None:
    """The pattern the game master uses: with the lock, racing clicks queue, not clash."""
    game = await new_game(store)

    async def click(actor: str) -> int:
        async with store.channel_lock(CHANNEL):
            current = await store.get_game(game.id)
            assert current is not None
            await asyncio.sleep(0)  # let the other click try to get in
            saved = await store.commit_action(current.id, current.version, actor, {}, "{}")
            return saved.version

    assert sorted(await asyncio.gather(click("a"), click("b"), click("c"))) == [1, 2, 3]


# ------------------------------------------------------------------ what a write returns


async def test_the_record_a_write_returns_is_the_row_as_read_back(store: GameStore, clock: HandClock) -> None:
    """Writes build their answer from what they wrote (and, on PostgreSQL, what the statement
    returned) without reading the game again: it must be exactly what a read gives."""
    await store.acquire_ownership()  # so every write also checks the lease (the bot's case)
    game = await new_game(store, status="active", settings={"clock": {}})
    clock.advance(5)
    steps = [
        lambda v: store.commit_action(game.id, v, "42", {"t": 1}, '{"s":1}', deadline=7_000, settings={"b": (1, 2)}),
        lambda v: store.update_game(game.id, v, options={"players": 3}, host_id=None, deadline=None),
        lambda v: store.update_game(game.id, v, status="finished"),
        lambda v: store.update_game(game.id, v, status="active", host_id=9, settings={"z": {"y": [1.5]}}),
        lambda v: store.set_settings(game.id, {"paused": True}, deadline=9.5),
        lambda v: store.set_status(game.id, "ended", expected_version=v),
    ]
    assert game == await store.get_game(game.id)
    version = game.version
    for step in steps:
        written = await step(version)
        assert written == await store.get_game(game.id)
        version = written.version
    await store.release_ownership()


async def test_state_text_round_trips_byte_for_byte(store: GameStore) -> None:
    """The engine hashes the state text for replay: not one byte may change on the way."""
    state = '{"z":1,"a":[1.0,2.50,-0.0],"é":"ünï\\u00e9","big":18446744073709551615,"n":null}'
    game = await new_game(store, state_json=state)
    assert (await store.get_game(game.id)).state == state  # type: ignore[union-attr]  # set up by the test
    spaced = '{ "b" : 2 ,\n "a" : 1 }'
    await store.commit_action(game.id, 0, "p", {"t": 1}, spaced)
    assert (await store.get_game(game.id)).state == spaced  # type: ignore[union-attr]  # set up by the test


async def test_seen_markers_agree_with_the_two_call_versions(store: GameStore) -> None:
    """The game master's "seen up to here" marker: read with the newest seq, or set to it."""
    game = await new_game(store)
    for i in range(3):
        await store.commit_action(game.id, i, "p", {"n": i}, "{}")
    assert await store.user_setting_and_last_seq(5, f"seen:{game.id}", game.id, 0) == (0, 3)
    assert await store.mark_last_seq(5, f"seen:{game.id}", game.id) == 3
    assert await store.get_user_setting(5, f"seen:{game.id}") == 3
    assert await store.last_seq(game.id) == 3
    assert await store.user_setting_and_last_seq(5, f"seen:{game.id}", game.id) == (3, 3)
    assert await GameStore.user_setting_and_last_seq(store, 5, f"seen:{game.id}", game.id) == (3, 3)
    await store.update_game(game.id, 3, host_id=None)  # no log row: the seq stays
    await store.commit_action(game.id, 4, "p", {"n": 3}, "{}")
    assert await GameStore.mark_last_seq(store, 6, "k", game.id) == 4
    assert await store.user_setting_and_last_seq(6, "k", game.id) == (4, 4)
    assert await store.user_setting_and_last_seq(6, "k", game.id + 99, "none") == (4, 0)
    assert await store.user_setting_and_last_seq(7, "k", game.id + 99, "none") == ("none", 0)
    assert await store.last_seq(game.id + 99) == 0


async def test_a_commit_can_carry_the_seen_marker(store: GameStore) -> None:
    """`LogMeta.seen` stores the new row's seq as the user's marker in the same transaction,
    exactly what `mark_last_seq` would store after it; a refused commit moves nothing."""
    game = await new_game(store)
    key = f"seen:{game.id}"
    record = await store.commit_action(game.id, 0, "5", {"n": 0}, "{}", meta=LogMeta(seen=(5, key)))
    assert await store.get_user_setting(5, key) == 1
    record = await store.commit_action(game.id, record.version, "ai", {"n": 1}, "{}", meta=LogMeta(seen=(5, key)))
    assert await store.get_user_setting(5, key) == 2 == await store.last_seq(game.id)
    assert await store.get_user_setting(6, key) is None  # only the user named
    with pytest.raises(StaleVersion):
        await store.commit_action(game.id, 0, "5", {"n": 9}, "{}", meta=LogMeta(seen=(5, key)))
    assert await store.get_user_setting(5, key) == 2
    await store.commit_action(game.id, record.version, "6", {"n": 2}, "{}")  # no marker: stays
    assert await store.get_user_setting(5, key) == 2
    assert await store.mark_last_seq(5, key, game.id) == 3  # the separate call agrees


async def test_actions_since_mark_reads_what_a_person_has_not_seen(store: GameStore) -> None:
    """The digest's read: the marker (0 when unset, and then no rows) and the rows after it,
    the same as the two separate calls give."""
    game = await new_game(store)
    key = f"seen:{game.id}"
    assert await store.actions_since_mark(5, key, game.id) == (0, [])
    version = game.version
    for i in range(4):
        version = (await store.commit_action(game.id, version, "p", {"n": i}, "{}",
                                             meta=LogMeta(seen=(5, key)) if i == 1 else None)).version
    mark, rows = await store.actions_since_mark(5, key, game.id)
    assert mark == 2 and [r.seq for r in rows] == [3, 4] and [r.action for r in rows] == [{"n": 2}, {"n": 3}]
    assert (mark, rows) == await GameStore.actions_since_mark(store, 5, key, game.id)
    assert rows == await store.actions(game.id, after_seq=2)
    await store.mark_last_seq(5, key, game.id)
    assert await store.actions_since_mark(5, key, game.id) == (4, [])
    assert await store.actions_since_mark(6, key, game.id) == (0, [])


async def test_a_refused_write_inside_a_transaction_leaves_the_rest(store: GameStore) -> None:
    """A clash the database itself refuses (a second open game in a channel) inside
    `transaction()` undoes that write only; the others commit together."""
    first = await new_game(store)
    async with store.transaction():
        await store.commit_action(first.id, 0, "p", {"t": 1}, '{"turn":1}')
        with pytest.raises(GameExists):
            await new_game(store)
        other = await new_game(store, OTHER_CHANNEL)
        await store.enqueue_message("channel", CHANNEL, {"content": "ok"}, first.id)
    assert (await store.get_game(first.id)).version == 1  # type: ignore[union-attr]  # set up by the test
    assert await store.get_active_game(OTHER_CHANNEL) == other
    assert [m.payload for m in await store.pending_messages()] == [{"content": "ok"}]
    assert [g.id for g in await store.list_games(CHANNEL)] == [first.id]


async def test_one_games_pending_messages_alone(store: GameStore) -> None:
    """The turn clock posts a game's news right after its step commits (cogs.clock): it asks
    for that game's undelivered messages, oldest first, and no other game's."""
    first = await new_game(store)
    other = await new_game(store, OTHER_CHANNEL)
    a1 = await store.enqueue_message("channel", CHANNEL, {"content": "a1"}, first.id)
    b1 = await store.enqueue_message("channel", OTHER_CHANNEL, {"content": "b1"}, other.id)
    a2 = await store.enqueue_message("user", 7, {"content": "a2"}, first.id)
    await store.enqueue_message("channel", CHANNEL, {"content": "loose"})
    assert [m.id for m in await store.pending_messages(game_id=first.id)] == [a1, a2]
    assert [m.id for m in await store.pending_messages(game_id=other.id)] == [b1]
    await store.mark_delivered(a1, 1)
    assert [m.id for m in await store.pending_messages(game_id=first.id)] == [a2]
    assert len(await store.pending_messages()) == 3
