"""What only the SQLite store has: its pragmas, its file format's migrations and the in-memory
database. Everything both backends promise is in test_store.py, run against each."""
from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from gm.store import (
    LATEST_VERSION,
    GameRecord,
    SchemaTooNew,
    SqliteStore,
    migrate,
)
from tests.fakes import HandClock
from tests.store.helpers import CHANNEL, new_game


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "gm.sqlite3"


@pytest.fixture
async def store(db_path: Path, clock: HandClock) -> AsyncIterator[SqliteStore]:
    s = SqliteStore(db_path, clock=clock)
    await s.open()
    try:
        yield s
    finally:
        await s.close()


# ------------------------------------------------------------------ the file, its schema


async def test_wal_mode_and_pragmas(store: SqliteStore, db_path: Path) -> None:
    assert store.journal_mode == "wal"
    raw = sqlite3.connect(db_path)  # WAL is persistent: visible from any connection
    try:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION
    finally:
        raw.close()
    rows = await store._fetchall("PRAGMA foreign_keys")
    assert rows[0][0] == 1
    rows = await store._fetchall("PRAGMA synchronous")
    assert rows[0][0] == 1  # NORMAL


async def test_migration_from_older_schema(db_path: Path, clock: HandClock) -> None:
    # Build a version-1 database the way an older release would have left it.
    db_path.parent.mkdir(parents=True, exist_ok=True)
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await migrate(conn, target=1) == [1]
        await conn.execute(
            "INSERT INTO games (guild_id, channel_id, system, options, seed, version, state,"
            " status, host_id, created_at, updated_at, deadline)"
            " VALUES (1, ?, 'prophecy', '{\"players\":2}', '42', 3, '{\"old\":true}',"
            " 'active', 7, 10.0, 20.0, NULL)",
            (CHANNEL,),
        )
        await conn.execute(
            "INSERT INTO actions VALUES (1, 1, 'p', '{\"t\":\"a\"}', 11.0, 1)"
        )
        rows = list(await conn.execute_fetchall("PRAGMA user_version"))
        assert rows[0][0] == 1

    async with SqliteStore(db_path, clock=clock) as s:
        assert await s.schema_version() == LATEST_VERSION
        game = await s.get_active_game(CHANNEL)
        assert game is not None
        assert (game.seed, game.version, game.state, game.settings) == (42, 3, '{"old":true}', {})
        assert [a.action for a in await s.actions(game.id)] == [{"t": "a"}]
        await s.set_user_setting(1, "lang", "en")  # table added by migration 2
        g = await s.commit_action(game.id, 3, "p", {"t": "b"}, "{}")
        assert g.version == 4 and (await s.actions(game.id))[-1].seq == 2

    # Idempotent: opening again applies nothing and changes nothing.
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await migrate(conn) == []


async def test_newer_schema_refused(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True, exist_ok=True)
    raw = sqlite3.connect(db_path)
    raw.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    raw.close()
    with pytest.raises(SchemaTooNew):
        await SqliteStore(db_path).open()


async def test_in_memory_store(clock: HandClock) -> None:
    async with SqliteStore(":memory:", clock=clock) as s:
        assert s.journal_mode == "memory"
        game = await new_game(s)
        results = await asyncio.gather(
            s.commit_action(game.id, 0, "a", {}, "{}"),
            s.commit_action(game.id, 0, "b", {}, "{}"),
            return_exceptions=True,
        )
        assert sum(isinstance(r, GameRecord) for r in results) == 1
        stats = await s.stats()
        assert stats.games == 1 and stats.db_bytes > 0 and stats.disk_bytes == 0
