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

from gm.store import LATEST_VERSION, ActionRecord, GameRecord, GameStore, LogMeta, SqliteStore
from gm.store.base import PACK_EVENTS_AT, dump_json, pack_events
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


def start_action(seats: int) -> dict[str, Any]:
    """An action as long as a game's start entry: every seat with its name and every option."""
    return {"type": "start", "options": {"version": "standard", "standard": {"expansion": {"new_cards": True}}},
            "seats": [{"player": str(123456789012345678 + i), "name": f"player number {i}", "ai": None,
                       "character": None, "colour": "red"} for i in range(seats)]}


async def test_long_and_short_actions_round_trip(make_store: StoreFactory, raw_sql: RawSql) -> None:
    long, short = start_action(6), {"type": "move", "to": "city"}
    assert len(dump_json(long)) > PACK_EVENTS_AT >= len(dump_json(short))
    store = make_store()
    await store.open()
    try:
        await store.acquire_ownership()
        game, version = await _game(store)
        first = {"type": "join"}
        version = (await store.commit_action(game, version, "5", first, "{}")).version
        await store.mark_last_seq(5, f"seen:{game}", game)  # the digest's read: the steps after this
        for action in (long, short):
            version = (await store.commit_action(game, version, "5", action, "{}", meta=LogMeta(events=LONG))).version
        assert [r.action for r in await store.actions(game)] == [first, long, short]
        _mark, since = await store.actions_since_mark(5, f"seen:{game}", game)
        assert [r.action for r in since] == [long, short]
        raw = await raw_sql(f"SELECT action, packed_action FROM actions WHERE game_id = {game} AND seq > 1 ORDER BY seq")
        (long_text, long_packed), (short_text, short_packed) = raw
        assert long_text == "" and long_packed is not None, "a long action is stored compressed"
        assert len(bytes(long_packed)) * 2 < len(dump_json(long)), "and compactly"
        assert json.loads(short_text) == short and short_packed is None, "a short one stays readable text"
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
        for seq in range(rows):
            # every other one as long as a start entry: its action alone spilled before schema 6
            action = start_action(8) if seq % 2 else {}
            version = (await store.commit_action(game, version, "5", action, "{}", meta=LogMeta(events=LONG))).version
        await store.release_ownership()
    assert _overflow_pages(old) >= rows, "the old layout spills (the issue's finding)"
    assert _overflow_pages(new) == 0


# ------------------------------------------------------------------ a played game, written the old way

HOST_ID = 5_000


async def _played_game(path: Path, presses: int) -> tuple[GameRecord, list[ActionRecord]]:
    """A Basic game played through the game master (the host choosing at random, two AI seats):
    its record and log, as the bot writes them."""
    import random

    import packs  # noqa: F401  (the engine's content)
    from engine.registry import SYSTEMS
    from gm.session import GameMaster

    rng = random.Random(3)
    async with SqliteStore(path) as store:
        await store.acquire_ownership()
        gm = GameMaster(store, seed_source=lambda: 1234)
        await gm.new_game(CHANNEL, 1, HOST_ID, "host", "prophecy", {"version": "basic"})
        await gm.add_bot(CHANNEL, HOST_ID)
        await gm.add_bot(CHANNEL, HOST_ID)
        await gm.start(CHANNEL, HOST_ID)
        for _ in range(presses):
            found = await gm.current(CHANNEL)
            assert found is not None and found.record.status == "active"
            pend = SYSTEMS["prophecy"].pending(found.state)
            assert pend is not None and pend.player == str(HOST_ID)
            choices = SYSTEMS["prophecy"].legal_actions(found.state, pend.player)
            await gm.act_choice(CHANNEL, HOST_ID, found.record.id, found.record.version, rng.randrange(len(choices)))
        await gm.settle()
        record = await store.get_active_game(CHANNEL)
        assert record is not None
        log = await store.actions(record.id)
        await store.release_ownership()
    return record, log


def _old_rows(game_id: int, log: list[ActionRecord], packed: bool = False) -> list[tuple[Any, ...]]:
    """The log as an older release wrote it: all text (schema 4), or with a long narration
    compressed but every action text (schema 5, `packed`)."""
    rows = []
    for a in log:
        text = None if a.events is None else dump_json(a.events)
        row: tuple[Any, ...] = (game_id, a.seq, a.actor, dump_json(a.action), a.created_at, a.version_after, text,
                                a.state_hash, a.revealed)
        rows.append(row + pack_events(a.events)[1:] if packed else row)
    return rows


def _fields(log: list[ActionRecord]) -> list[tuple[Any, ...]]:
    return [(a.seq, a.actor, a.action, a.events, a.state_hash, a.revealed, a.version_after) for a in log]


async def _same_game_goes_on(store: GameStore, record: GameRecord, log: list[ActionRecord]) -> None:
    """The old store, opened with today's code: the log reads as written, replays to the stored
    state, and the game goes on (a new step is written compact; the mixed log replays too)."""
    from engine.registry import SYSTEMS
    from gm.replay import replay
    from gm.session import GameMaster

    game = await store.get_active_game(CHANNEL)
    assert game is not None and game.state == record.state and game.version == record.version
    read = await store.actions(game.id)
    assert _fields(read) == _fields(log)
    assert any(a.events and len(dump_json(a.events)) > PACK_EVENTS_AT for a in read), "the log has long narrations"
    report = replay(game, read)
    assert report.ok, report.detail
    assert SYSTEMS["prophecy"].dump_state(report.final) == record.state
    await store.acquire_ownership()
    gm = GameMaster(store)
    await gm.act_choice(CHANNEL, HOST_ID, game.id, game.version, 0)
    await gm.settle()
    after = await store.get_active_game(CHANNEL) or await store.get_game(game.id)
    assert after is not None
    longer = await store.actions(game.id)
    assert len(longer) > len(read) and _fields(longer[:len(read)]) == _fields(log)
    report = replay(after, longer)
    assert report.ok, report.detail
    await store.release_ownership()


@pytest.mark.parametrize("schema", [4, 5])
async def test_an_old_sqlite_file_replays_the_same_game(tmp_path: Path, schema: int) -> None:
    record, log = await _played_game(tmp_path / "played.sqlite3", presses=8)
    path = tmp_path / "old.sqlite3"
    packed = schema == 5
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, target=schema) == list(range(1, schema + 1))
        await conn.execute("INSERT INTO games (id, guild_id, channel_id, system, options, seed, version, state,"
                           " status, host_id, created_at, updated_at, deadline, settings) VALUES"
                           " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (record.id, record.guild_id, CHANNEL, record.system, dump_json(record.options),
                            str(record.seed), record.version, record.state, record.status, record.host_id,
                            record.created_at, record.updated_at, record.deadline, dump_json(record.settings)))
        await conn.executemany("INSERT INTO actions (game_id, seq, actor, action, created_at, version_after, events,"
                               f" state_hash, revealed{', packed' if packed else ''}) VALUES"
                               f" (?, ?, ?, ?, ?, ?, ?, ?, ?{', ?' if packed else ''})", _old_rows(record.id, log, packed))
    async with SqliteStore(path) as store:
        assert await store.schema_version() == LATEST_VERSION
        await _same_game_goes_on(store, record, log)


async def test_an_old_postgres_schema_replays_the_same_game(tmp_path: Path, pg_schema: tuple[str, str]) -> None:
    import asyncpg

    from gm.store import PostgresStore
    from gm.store.pg_migrations import PG_LATEST_VERSION, pg_migrate

    url, schema = pg_schema
    record, log = await _played_game(tmp_path / "played.sqlite3", presses=8)
    conn = await asyncpg.connect(url, timeout=10)
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
        await conn.execute(f'SET search_path TO "{schema}"')
        assert await pg_migrate(conn, target=2) == [1, 2]
        game_id = await conn.fetchval(
            "INSERT INTO games (guild_id, channel_id, system, options, seed, version, state, status, host_id,"
            " created_at, updated_at, deadline, settings, last_seq) VALUES"
            " ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
            record.guild_id, CHANNEL, record.system, dump_json(record.options), record.seed, record.version,
            record.state, record.status, record.host_id, record.created_at, record.updated_at, record.deadline,
            dump_json(record.settings), len(log))
        await conn.copy_records_to_table(
            "actions", records=_old_rows(int(game_id), log),
            columns=["game_id", "seq", "actor", "action", "created_at", "version_after", "events", "state_hash",
                     "revealed"])
    finally:
        await conn.close()
    async with PostgresStore(url, schema=schema) as store:
        assert await store.schema_version() == PG_LATEST_VERSION
        await _same_game_goes_on(store, record, [a.model_copy(update={"game_id": int(game_id)}) for a in log])
