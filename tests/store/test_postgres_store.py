"""What only the PostgreSQL store has: its migrations (from an empty schema, from an older one,
several processes at once), commits racing on separate connections, the lease fence against a
takeover in flight, one statement per write, and the mapping of a full disk.

Each test gets its own schema in the database named by TEST_DATABASE_URL (conftest.py)."""
from __future__ import annotations

import asyncio
import contextvars
import os
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from gm.store import (
    GameExists,
    GameRecord,
    OwnershipLost,
    PostgresStore,
    SchemaTooNew,
    StaleVersion,
    StorageFull,
)
from gm.store.ownership import ProcessIdentity
from gm.store.pg_migrations import PG_LATEST_VERSION, pg_current_version, pg_migrate
from gm.store.postgres import is_disk_full, redact
from tests.fakes import HandClock

CHANNEL = 1_100_000_000_000_000_001
TABLES = {"games", "actions", "user_settings", "owner", "outbox", "meta", "schema_version"}


@pytest.fixture
def where(pg_schema: tuple[str, str]) -> tuple[str, str]:
    return pg_schema


def pg(where: tuple[str, str], **kwargs: Any) -> PostgresStore:
    url, schema = where
    return PostgresStore(url, schema=schema, **kwargs)


@pytest.fixture
async def raw(where: tuple[str, str]) -> AsyncIterator[asyncpg.Connection]:
    """A connection of another program, in the test's schema."""
    url, schema = where
    conn = await asyncpg.connect(url, timeout=10)
    await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
    await conn.execute(f'SET search_path = "{schema}"')
    try:
        yield conn
    finally:
        await conn.close()


async def tables(conn: asyncpg.Connection) -> set[str]:
    rows = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
    return {r["tablename"] for r in rows}


async def game(store: PostgresStore, channel: int = CHANNEL) -> GameRecord:
    return await store.create_game(channel, 1, "prophecy", {"players": 2}, 7, 5, '{"turn":0}', status="active")


# ------------------------------------------------------------------ migrations


async def test_migration_from_an_empty_schema(where: tuple[str, str], raw: asyncpg.Connection) -> None:
    assert await tables(raw) == set()
    async with pg(where) as store:
        assert await store.schema_version() == PG_LATEST_VERSION
        assert len(store.database_id) == 12 and int(store.database_id, 16) >= 0
    assert await tables(raw) == TABLES
    assert await pg_current_version(raw) == PG_LATEST_VERSION
    assert await pg_migrate(raw) == []  # idempotent: applies nothing the second time
    async with pg(where) as again:  # and opening again keeps the database's identity
        assert again.database_id == store.database_id


async def test_migration_from_an_older_schema_keeps_the_games(where: tuple[str, str],
                                                               raw: asyncpg.Connection) -> None:
    assert await pg_migrate(raw, target=1) == [1]
    await raw.execute(
        "INSERT INTO games (guild_id, channel_id, system, options, seed, version, state, status, host_id,"
        " created_at, updated_at, last_seq) VALUES (1, $1, 'prophecy', '{\"players\":2}', 42, 3,"
        " '{\"old\":true}', 'active', 7, 10.0, 20.0, 1)", CHANNEL)
    await raw.execute("INSERT INTO actions (game_id, seq, actor, action, created_at, version_after)"
                      " SELECT id, 1, 'p', '{\"t\":\"a\"}', 11.0, 1 FROM games")
    assert await tables(raw) == {"games", "actions", "user_settings", "schema_version"}
    async with pg(where) as store:
        assert await store.schema_version() == PG_LATEST_VERSION
        old = await store.get_active_game(CHANNEL)
        assert old is not None and (old.seed, old.version, old.state) == (42, 3, '{"old":true}')
        await store.acquire_ownership()  # the owner table came with migration 2
        g = await store.commit_action(old.id, 3, "p", {"t": "b"}, "{}")
        assert g.version == 4 and [a.seq for a in await store.actions(old.id)] == [1, 2]
        assert await store.enqueue_message("channel", CHANNEL, {"content": "hi"}) >= 1
        await store.release_ownership()


async def test_a_newer_schema_is_refused(where: tuple[str, str], raw: asyncpg.Connection) -> None:
    await pg_migrate(raw)
    await raw.execute("UPDATE schema_version SET version = $1", PG_LATEST_VERSION + 1)
    with pytest.raises(SchemaTooNew):
        await pg(where).open()


async def test_processes_starting_together_apply_each_step_once(where: tuple[str, str],
                                                                raw: asyncpg.Connection) -> None:
    url, schema = where
    conns = [await asyncpg.connect(url, server_settings={"search_path": schema}) for _ in range(4)]
    try:
        applied = await asyncio.gather(*(pg_migrate(c) for c in conns))
    finally:
        for c in conns:
            await c.close()
    assert sorted(v for steps in applied for v in steps) == list(range(1, PG_LATEST_VERSION + 1))
    assert await tables(raw) == TABLES


# ------------------------------------------------------------------ racing processes


async def test_two_connections_racing_a_commit_exactly_one_applies(where: tuple[str, str]) -> None:
    """Two processes (two pools), many rounds: each round exactly one of the two applies, the
    loser learns the version the winner committed, and the log has no gap and no double."""
    async with pg(where) as a, pg(where) as b:
        g = await game(a)
        rounds = 30
        for version in range(rounds):
            results = await asyncio.gather(
                a.commit_action(g.id, version, "a", {"round": version, "by": "a"}, f'{{"v":{version + 1}}}'),
                b.commit_action(g.id, version, "b", {"round": version, "by": "b"}, f'{{"v":{version + 1}}}'),
                return_exceptions=True)
            wins = [r for r in results if isinstance(r, GameRecord)]
            losses = [r for r in results if isinstance(r, StaleVersion)]
            assert len(wins) == 1 and len(losses) == 1, results
            assert losses[0].current_version == version + 1
        log = await b.actions(g.id)
        assert [x.seq for x in log] == list(range(1, rounds + 1))
        assert [x.action["round"] for x in log] == list(range(rounds))
        assert (await a.get_game(g.id)).version == rounds  # type: ignore[union-attr]  # set up by the test


async def test_two_processes_opening_one_channel_get_one_game(where: tuple[str, str]) -> None:
    async with pg(where) as a, pg(where) as b:
        results = await asyncio.gather(game(a), game(b), return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["GameExists", "GameRecord"]
        made = next(r for r in results if isinstance(r, GameRecord))
        clash = next(r for r in results if isinstance(r, GameExists))
        assert clash.existing.id == made.id


async def test_a_takeover_waits_for_a_write_in_flight_and_fences_the_next(where: tuple[str, str],
                                                                         raw: asyncpg.Connection) -> None:
    """The old owner's transaction holds its claim; a takeover waits for it to end, and once
    the takeover is committed the old owner's writes are refused, nothing written."""
    async with pg(where) as old:
        await old.acquire_ownership()
        g = await game(old)
        takeover = "UPDATE owner SET token = 'new-owner', heartbeat = heartbeat + 100 WHERE scope = 'all'"
        async with old.transaction():
            await old.commit_action(g.id, 0, "p", {"n": 1}, '{"turn":1}')
            waiting = asyncio.create_task(raw.execute(takeover))
            await asyncio.sleep(0.3)
            assert not waiting.done()  # blocked by the write in flight
            await old.enqueue_message("channel", CHANNEL, {"content": "still mine"}, g.id)
        await asyncio.wait_for(waiting, 5)  # the transaction ended: the takeover went through
        assert (await old.get_game(g.id)).version == 1  # type: ignore[union-attr]  # set up by the test
        with pytest.raises(OwnershipLost):
            await old.commit_action(g.id, 1, "p", {"n": 2}, '{"turn":2}')
        with pytest.raises(OwnershipLost):
            await old.renew_ownership()


async def test_a_write_waits_for_a_takeover_in_flight_then_is_refused(where: tuple[str, str],
                                                                      raw: asyncpg.Connection) -> None:
    async with pg(where) as old:
        await old.acquire_ownership()
        g = await game(old)
        async with raw.transaction():
            await raw.execute("UPDATE owner SET token = 'new-owner' WHERE scope = 'all'")
            write = asyncio.create_task(old.commit_action(g.id, 0, "p", {"n": 1}, "{}"))
            await asyncio.sleep(0.3)
            assert not write.done()  # waits for the takeover to commit or roll back
        with pytest.raises(OwnershipLost):
            await asyncio.wait_for(write, 5)
        with pytest.raises(OwnershipLost):  # from now on it refuses everything, reads too
            await old.get_game(g.id)
    assert await raw.fetchval("SELECT version FROM games") == 0
    assert await raw.fetchval("SELECT count(*) FROM actions") == 0


async def test_a_heartbeat_never_waits_for_writes(where: tuple[str, str]) -> None:
    """Renewing the lease does not change the claim's key, so it passes writes in flight."""
    async with pg(where, lease_seconds=5.0) as store:
        await store.acquire_ownership()
        g = await game(store)
        async with store.transaction():
            await store.commit_action(g.id, 0, "p", {"n": 1}, "{}")
            # the keeper's own task, started outside any transaction (its own connection)
            beat = asyncio.create_task(store.renew_ownership(), context=contextvars.Context())
            await asyncio.wait_for(beat, 2)
        assert (await store.get_game(g.id)).version == 1  # type: ignore[union-attr]  # set up by the test


async def test_claims_are_per_scope(where: tuple[str, str]) -> None:
    """One lease row per scope: part 2 gives each shard its own."""
    other = ProcessIdentity(pid=4242, host="elsewhere", boot="b")
    async with pg(where) as a, pg(where, identity=other) as b:
        await a.acquire_ownership("shard:0")
        await b.acquire_ownership("shard:1")
        assert (await a.owner("shard:0")).pid == os.getpid()  # type: ignore[union-attr]  # set up by the test
        assert (await a.owner("shard:1")).host == "elsewhere"  # type: ignore[union-attr]  # set up by the test
        await a.renew_ownership()
        await b.renew_ownership()
        await a.release_ownership()
        assert (await b.owner("shard:0")).token is None  # type: ignore[union-attr]  # set up by the test


# ------------------------------------------------------------------ round trips, errors


async def test_every_write_is_one_statement(where: tuple[str, str]) -> None:
    """Fence, version check, log row and game row travel as one statement: one round trip."""
    async with pg(where, clock=HandClock()) as store:
        await store.acquire_ownership()
        g = await game(store)
        await store.commit_action(g.id, 0, "p", {"warm": 1}, "{}")  # plans cached from here on

        async def statements(call: Any) -> int:
            before = store.statements
            await call
            return store.statements - before

        assert await statements(game(store, CHANNEL + 1)) == 1
        writes = [
            store.commit_action(g.id, 1, "p", {"n": 1}, '{"s":1}', deadline=9.0, settings={"a": 1}),
            store.update_game(g.id, 2, host_id=6),
            store.update_game(g.id, 3, state_json="{}", actor="6", action={"type": "join"}),
            store.set_settings(g.id, {"paused": True}, deadline=9.0),
            store.put_settings(g.id, {"paused": True}),
            store.set_status(g.id, "active", expected_version=4),
            store.set_user_setting(5, "seen", 3),
            store.set_user_setting(5, "seen", None),
            store.mark_last_seq(5, "seen", g.id),
            store.enqueue_message("channel", CHANNEL, {"content": "hi"}, g.id),
            store.renew_ownership(),
        ]
        for call in writes:
            assert await statements(call) == 1, call
        [msg] = await store.pending_messages()
        assert await statements(store.note_attempt(msg.id, "503")) == 1
        assert await statements(store.mark_delivered(msg.id, 99)) == 1
        with pytest.raises(StaleVersion):
            await store.commit_action(g.id, 0, "p", {"late": True}, "{}")
        for read in (store.get_game(g.id), store.actions(g.id), store.last_seq(g.id),
                     store.user_setting_and_last_seq(5, "seen", g.id), store.stats()):
            assert await statements(read) == 1
        before = store.statements
        async with store.transaction():  # BEGIN, a savepoint around each write, COMMIT
            await store.commit_action(g.id, 5, "system", {"type": "timeout"}, "{}")
            await store.enqueue_message("channel", CHANNEL, {"content": "time ran out"}, g.id)
        assert store.statements - before == 2 + 2 * 3
        await store.release_ownership()


async def test_a_full_disk_is_reported_as_such(where: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert is_disk_full(asyncpg.exceptions.DiskFullError("could not extend file: No space left on device"))
    assert not is_disk_full(asyncpg.exceptions.UniqueViolationError("duplicate key"))
    async with pg(where) as store:
        g = await game(store)
        real = asyncpg.connection.Connection.fetch

        async def full(self: Any, query: str, *args: Any, **kw: Any) -> Any:
            if "INSERT INTO actions" in query:
                raise asyncpg.exceptions.DiskFullError("could not extend file: No space left on device")
            return await real(self, query, *args, **kw)

        monkeypatch.setattr(asyncpg.connection.Connection, "fetch", full)
        with pytest.raises(StorageFull):
            await store.commit_action(g.id, 0, "p", {"n": 1}, "{}")
        monkeypatch.undo()
        assert (await store.commit_action(g.id, 0, "p", {"n": 1}, "{}")).version == 1  # not stuck


async def test_truncating_the_log_is_refused(where: tuple[str, str], raw: asyncpg.Connection) -> None:
    async with pg(where) as store:
        g = await game(store)
        await store.commit_action(g.id, 0, "p", {"n": 1}, "{}")
    with pytest.raises(asyncpg.PostgresError, match="append-only"):
        await raw.execute("TRUNCATE actions CASCADE")
    assert await raw.fetchval("SELECT count(*) FROM actions") == 1


def test_messages_name_the_database_without_its_password() -> None:
    assert redact("postgresql://gm:s3cret@db.example:5433/games") == "postgresql://gm@db.example:5433/games"
    assert redact("postgresql://gm@127.0.0.1/games") == "postgresql://gm@127.0.0.1/games"
    store = PostgresStore("postgresql://gm:s3cret@db.example/games", schema="bot1")
    assert "s3cret" not in store.path and "bot1" in store.path
    with pytest.raises(ValueError):
        PostgresStore("postgresql://gm@db/games", schema="Robert'); DROP TABLE games;--")
