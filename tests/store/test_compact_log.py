"""The compact action log (issue 30): a long narration is stored zlib-compressed in `packed`,
a short one as text in `events`; both read back as they were written, on both backends, and
a row written before the compact log (text only, an older schema) still reads after the
migration. On SQLite a long narration then stays on the row's B-tree page instead of
spilling into mostly empty overflow pages."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from gm.store import LATEST_VERSION, GameStore, LogMeta, SqliteStore
from gm.store.base import PACK_EVENTS_AT, dump_json
from gm.store.migrations import migrate

from .conftest import RawSql, StoreFactory, postgres_url

CHANNEL = 1_100_000_000_000_000_031


def narration(steps: int) -> list[dict[str, Any]]:
    """Events as the game master logs them: a turn of several steps, repetitive as real ones."""
    return [{"kind": "moved", "player": "123456789012345678", "data": {"from": f"space {i}", "to": f"space {i + 1}",
             "method": "horse", "cost": {"gold": 1}}} for i in range(steps)]


LONG, SHORT = narration(30), narration(1)


async def _game(store: GameStore) -> tuple[int, int]:
    game = await store.create_game(CHANNEL, 1, "prophecy", {}, 7, 5, '{"turn":0}', status="active")
    return game.id, game.version


async def test_long_and_short_narrations_round_trip(make_store: StoreFactory, raw_sql: RawSql) -> None:
    assert len(dump_json(LONG)) > PACK_EVENTS_AT >= len(dump_json(SHORT))
    store = make_store()
    await store.open()
    try:
        await store.acquire_ownership()
        game, version = await _game(store)
        for events in (LONG, SHORT, None):
            meta = LogMeta(events=events, state_hash="ab" * 8, revealed=events is LONG, seen=(5, f"seen:{game}"))
            version = (await store.commit_action(game, version, "5", {"type": "move"}, "{}", meta=meta)).version
        rows = await store.actions(game)
        assert [r.events for r in rows] == [LONG, SHORT, None]
        assert [r.revealed for r in rows] == [True, False, False] and rows[0].state_hash == "ab" * 8
        # the digest's read (SQLite: its own query) sees the same
        _mark, since = await store.actions_since_mark(5, f"seen:{game}", game)
        assert since == []
        raw = await raw_sql(f"SELECT seq, events, packed FROM actions WHERE game_id = {game} ORDER BY seq")
        (_, long_text, long_packed), (_, short_text, short_packed), (_, none_text, none_packed) = raw
        assert long_text is None and long_packed is not None, "a long narration is stored compressed"
        assert len(bytes(long_packed)) * 4 < len(dump_json(LONG)), "and compactly"
        assert json.loads(short_text) == SHORT and short_packed is None, "a short one stays readable text"
        assert none_text is None and none_packed is None
        await store.release_ownership()
    finally:
        await store.close()


async def _old_sqlite_file(path: Path, events: list[dict[str, Any]]) -> None:
    """A database as the release before the compact log left it: schema 4, the narration as text."""
    path.parent.mkdir(parents=True, exist_ok=True)
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, target=4) == [1, 2, 3, 4]
        await conn.execute("INSERT INTO games (guild_id, channel_id, system, options, seed, version, state, status,"
                           " host_id, created_at, updated_at, deadline) VALUES (1, ?, 'prophecy', '{}', '7', 1,"
                           " '{}', 'active', 5, 1.0, 1.0, NULL)", (CHANNEL,))
        await conn.execute("INSERT INTO actions (game_id, seq, actor, action, created_at, version_after, events,"
                           " state_hash, revealed) VALUES (1, 1, '5', '{\"type\":\"move\"}', 2.0, 1, ?, 'h', 1)",
                           (dump_json(events),))


async def test_an_old_format_row_still_reads_after_the_migration(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    await _old_sqlite_file(path, LONG)
    async with SqliteStore(path) as store:
        assert await store.schema_version() == LATEST_VERSION
        await store.acquire_ownership()
        (old,) = await store.actions(1)
        assert old.events == LONG and old.revealed and old.state_hash == "h"
        await store.commit_action(1, 1, "5", {"type": "move"}, "{}", meta=LogMeta(events=LONG))
        assert [r.events for r in await store.actions(1)] == [LONG, LONG]
        await store.release_ownership()
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("SELECT events IS NOT NULL, packed IS NOT NULL FROM actions ORDER BY seq").fetchall() == [
            (1, 0), (0, 1)], "the old row is left as it was, the new one is compact"
    finally:
        raw.close()


async def test_an_old_format_row_still_reads_on_postgres() -> None:
    import secrets

    import asyncpg

    from gm.store import PostgresStore
    from gm.store.pg_migrations import PG_LATEST_VERSION, pg_migrate

    url = postgres_url()
    schema = f"gmtest_{secrets.token_hex(6)}"
    conn = await asyncpg.connect(url, timeout=10)
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
        await conn.execute(f'SET search_path TO "{schema}"')
        assert await pg_migrate(conn, target=2) == [1, 2]
        await conn.execute("INSERT INTO games (guild_id, channel_id, system, options, seed, version, state, status,"
                           " host_id, created_at, updated_at, last_seq) VALUES (1, $1, 'prophecy', '{}', 7, 1, '{}',"
                           " 'active', 5, 1.0, 1.0, 1)", CHANNEL)
        await conn.execute("INSERT INTO actions (game_id, seq, actor, action, created_at, version_after, events)"
                           " SELECT id, 1, '5', '{\"type\":\"move\"}', 2.0, 1, $1 FROM games", dump_json(LONG))
        async with PostgresStore(url, schema=schema) as store:
            assert await store.schema_version() == PG_LATEST_VERSION
            game = await store.get_active_game(CHANNEL)
            assert game is not None
            assert [r.events for r in await store.actions(game.id)] == [LONG]
            await store.acquire_ownership()
            await store.commit_action(game.id, 1, "5", {"type": "move"}, "{}", meta=LogMeta(events=LONG))
            assert [r.events for r in await store.actions(game.id)] == [LONG, LONG]
            await store.release_ownership()
    finally:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await conn.close()


def _overflow_pages(path: Path) -> int:
    raw = sqlite3.connect(path)
    try:
        return int(raw.execute("SELECT count(*) FROM dbstat WHERE name = 'actions' AND pagetype = 'overflow'")
                   .fetchone()[0])
    finally:
        raw.close()


@pytest.mark.parametrize("rows", [60])
async def test_long_narrations_stay_on_their_pages(tmp_path: Path, rows: int) -> None:
    """The reason for the compact log: the same long narrations, as text (the old layout)
    spill into overflow pages; compact they do not."""
    try:
        sqlite3.connect(":memory:").execute("SELECT * FROM dbstat").fetchall()
    except sqlite3.OperationalError:
        pytest.skip("this SQLite is built without the dbstat table")
    old = tmp_path / "old.sqlite3"
    await _old_sqlite_file(old, LONG)
    async with aiosqlite.connect(old, isolation_level=None) as conn:
        for seq in range(2, rows + 1):
            await conn.execute("INSERT INTO actions (game_id, seq, actor, action, created_at, version_after, events)"
                               " VALUES (1, ?, '5', '{}', 2.0, ?, ?)", (seq, seq, dump_json(LONG)))
    new = tmp_path / "new.sqlite3"
    async with SqliteStore(new) as store:
        await store.acquire_ownership()
        game, version = await _game(store)
        for _ in range(rows):
            version = (await store.commit_action(game, version, "5", {}, "{}", meta=LogMeta(events=LONG))).version
        await store.release_ownership()
    assert _overflow_pages(old) >= rows, "the old layout spills (the issue's finding)"
    assert _overflow_pages(new) == 0
