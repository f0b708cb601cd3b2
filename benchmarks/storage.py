"""What the action log costs on disk (issue 30: "the action-log table takes 2.4 times the space its
rows need"), in each layout the store has written, on SQLite and PostgreSQL.

Real logs first: a few games of each system played through the game master (one person choosing
at random, AI seats for the rest, as the bot logs them: action, narration, state hash), then
copied into `--games` games per database. Each database is written three times: as the release
before the compact log wrote it (SQLite schema 4, PostgreSQL schema 2: all text), as the next one
did (a long narration zlib-compressed: schema 5 and 3), and as the store writes it now (a long
narration or action compressed, `base.pack_events` and `base.pack_action`: the latest schemas).

Printed per database and layout: rows, the payload (the bytes of the row's values, as the
layout stores them, and as text), the table's size on disk and its ratio to the text payload,
bytes per action, and where the bytes went (SQLite: overflow pages and unused bytes from the
`dbstat` table; PostgreSQL: heap, TOAST and primary-key index). Each older database is then
opened with today's store (which migrates it): every game's log must read back as written, and
one copy of each played game is replayed from its seed to its stored state.

The database for PostgreSQL: `--database-url`, else DATABASE_URL, else TEST_DATABASE_URL; without
one, only SQLite is measured.

Run: python benchmarks/storage.py [--games 2000] [--templates 3] [--presses 150]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import sqlite3
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiosqlite  # noqa: E402

import packs  # noqa: E402,F401  (the engine's content, for playing through the game master)
from engine.registry import SYSTEMS  # noqa: E402
from gm.replay import replay  # noqa: E402
from gm.session import GameMaster  # noqa: E402
from gm.store import ActionRecord, GameRecord, SqliteStore  # noqa: E402
from gm.store.base import dump_json, pack_action, pack_events  # noqa: E402
from gm.store.migrations import LATEST_VERSION, migrate  # noqa: E402
from gm.store.pg_migrations import PG_LATEST_VERSION  # noqa: E402
from systems import edition_of  # noqa: E402

SYSTEM_NAMES = ("prophecy", "prophecy:standard", "prophecy:water_realm")
MIB = 1024 * 1024


@dataclass(frozen=True)
class Template:
    record: GameRecord
    log: list[ActionRecord]


async def play_templates(tmp: Path, per_system: int, presses: int) -> list[Template]:
    """Games played through the game master as the bot plays them; each one's record and log."""
    out: list[Template] = []
    rng = random.Random(30)
    alice = 1_000
    async with SqliteStore(tmp / "templates.sqlite3") as store:
        await store.acquire_ownership()
        gm = GameMaster(store, seed_source=lambda: rng.getrandbits(63))
        channel = 10_000
        for system in SYSTEM_NAMES:
            for _ in range(per_system):
                channel += 1
                plugin, edition = edition_of(system)
                await gm.new_game(channel, 1, alice, "alice", plugin.name, dict(edition.options) if edition else {})
                await gm.add_bot(channel, alice)
                await gm.add_bot(channel, alice)
                await gm.start(channel, alice)
                for _press in range(presses):
                    found = await gm.current(channel)
                    if found is None or found.record.status != "active":
                        break
                    engine = SYSTEMS[found.record.system]
                    pend = engine.pending(found.state)
                    if pend is None or pend.player != str(alice):
                        break
                    choices = engine.legal_actions(found.state, pend.player)
                    await gm.act_choice(channel, alice, found.record.id, found.record.version,
                                        rng.randrange(len(choices)))
                await gm.settle()
                record = await store.get_game((await store.list_games(channel))[-1].id)
                assert record is not None
                out.append(Template(record, await store.actions(record.id)))
        await store.release_ownership()
    return out


def copies(templates: list[Template], games: int) -> list[Template]:
    return [templates[i % len(templates)] for i in range(games)]


@dataclass(frozen=True)
class Layout:
    label: str
    sqlite_schema: int
    pg_schema: int
    packed: tuple[str, ...]  # the compressed columns it has


LAYOUTS = (
    Layout("text (before the compact log)", 4, 2, ()),
    Layout("narration compressed", 5, 3, ("packed",)),
    Layout("narration and action compressed", 6, 4, ("packed", "packed_action")),
)

assert (LAYOUTS[-1].sqlite_schema, LAYOUTS[-1].pg_schema) == (LATEST_VERSION, PG_LATEST_VERSION), \
    "a new schema: say here which layout it writes"


def row_values(a: ActionRecord, layout: Layout) -> tuple[Any, ...]:
    """A log row's stored values in that layout."""
    events, packed = (None if a.events is None else dump_json(a.events)), None
    action, packed_action = dump_json(a.action), None
    if "packed" in layout.packed:
        events, packed = pack_events(a.events)
    if "packed_action" in layout.packed:
        action, packed_action = pack_action(dump_json(a.action))
    values: tuple[Any, ...] = (a.seq, a.actor, action, a.created_at, a.version_after, events, a.state_hash, a.revealed)
    return values + (packed, packed_action)[:len(layout.packed)]


def payload_bytes(values: Sequence[Any]) -> int:
    """The bytes of a row's values: text as UTF-8, blobs as they are, numbers 8, NULL nothing."""
    total = 0
    for v in values:
        if v is None:
            continue
        total += len(v.encode()) if isinstance(v, str) else len(v) if isinstance(v, bytes) else 8
    return total


@dataclass
class Size:
    rows: int
    payload: int  # the stored values
    text: int  # the same rows with the narration as text
    table: int  # on disk
    detail: str

    def line(self, label: str) -> str:
        return (f"  {label:<44} {self.rows:7d} rows  payload {self.payload / MIB:7.1f} MiB"
                f" (as text {self.text / MIB:6.1f})  table {self.table / MIB:7.1f} MiB"
                f" = {self.table / self.text:4.2f}x the text payload  {self.table / self.rows:6.0f} B an action"
                f"  [{self.detail}]")


# ---------------------------------------------------------------------------------------- SQLite


async def write_sqlite(path: Path, games: list[Template], layout: Layout) -> tuple[Size, dict[int, Template]]:
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await conn.execute("PRAGMA journal_mode = WAL")
        await migrate(conn, target=layout.sqlite_schema)
        await conn.execute("BEGIN")
        ids: dict[int, Template] = {}
        payload = text = rows = 0
        columns = "seq, actor, action, created_at, version_after, events, state_hash, revealed"
        columns += "".join(f", {c}" for c in layout.packed)
        marks = ", ".join("?" * (len(columns.split(",")) + 1))
        for n, t in enumerate(games):
            r = t.record
            cur = await conn.execute(
                "INSERT INTO games (guild_id, channel_id, system, options, seed, version, state, status, host_id,"
                " created_at, updated_at, deadline, settings) VALUES (?, ?, ?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?, ?)",
                (r.guild_id, 1_000_000 + n, r.system, dump_json(r.options), str(r.seed), r.version, r.state,
                 r.host_id, r.created_at, r.updated_at, r.deadline, dump_json(r.settings)))
            game_id = int(cur.lastrowid or 0)
            ids[game_id] = t
            batch = [row_values(a, layout) for a in t.log]
            await conn.executemany(f"INSERT INTO actions (game_id, {columns}) VALUES ({marks})",
                                   [(game_id, *v) for v in batch])
            rows += len(batch)
            payload += sum(payload_bytes(v) for v in batch)
            text += sum(payload_bytes(row_values(a, LAYOUTS[0])) for a in t.log)
        await conn.execute("COMMIT")
        await conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        stat = list(await conn.execute_fetchall(
            "SELECT sum(pgsize), sum(unused), sum(pagetype = 'overflow'), count(*) FROM dbstat WHERE name = 'actions'"))
        pgsize, unused, overflow, pages = stat[0]
    detail = f"{pages} pages, {overflow} of them overflow pages ({overflow / pages:.0%}), {unused / MIB:.1f} MiB unused"
    return Size(rows, payload, text, int(pgsize), detail), ids


async def replay_sqlite(path: Path, ids: dict[int, Template]) -> str:
    """Open the file with today's store (which migrates it) and replay every game from its log."""
    async with SqliteStore(path) as store:
        version = await store.schema_version()
        return await replay_all(store, ids, f"schema {version}")


async def replay_all(store: Any, ids: dict[int, Template], schema: str) -> str:
    """Every game's log must read back as it was written; the first copy of each played game is
    also replayed from its seed and compared with its stored state (the copies share that log)."""
    same = replayed = 0
    seen: set[int] = set()
    for game_id, t in ids.items():
        record = await store.get_game(game_id)
        log = await store.actions(game_id)
        ok = [(a.seq, a.actor, a.action, a.events, a.state_hash, a.revealed) for a in log] == \
             [(a.seq, a.actor, a.action, a.events, a.state_hash, a.revealed) for a in t.log]
        if ok and id(t) not in seen:
            seen.add(id(t))
            report = replay(record, log)
            ok = report.ok and SYSTEMS[record.system].dump_state(report.final) == t.record.state
            replayed += ok
        same += ok
    return (f"{same} of {len(ids)} games read back as written, {replayed} of {len(seen)} played games replayed"
            f" from their seed to their stored state ({schema})")


# ---------------------------------------------------------------------------------------- PostgreSQL


async def write_pg(url: str, schema: str, games: list[Template], layout: Layout) -> tuple[Size, dict[int, Template]]:
    import asyncpg

    from gm.store.pg_migrations import pg_migrate

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
        await conn.execute(f'SET search_path TO "{schema}"')
        await pg_migrate(conn, target=layout.pg_schema)
        rows = [(r.guild_id, 1_000_000 + n, r.system, dump_json(r.options), r.seed, r.version, r.state, "finished",
                 r.host_id, r.created_at, r.updated_at, r.deadline, dump_json(r.settings), len(t.log))
                for n, t in enumerate(games) for r in (t.record,)]
        await conn.copy_records_to_table(
            "games", records=rows,
            columns=["guild_id", "channel_id", "system", "options", "seed", "version", "state", "status", "host_id",
                     "created_at", "updated_at", "deadline", "settings", "last_seq"])
        by_channel = {int(r["channel_id"]): int(r["id"]) for r in await conn.fetch("SELECT id, channel_id FROM games")}
        ids = {by_channel[1_000_000 + n]: t for n, t in enumerate(games)}
        actions = [(game_id, *row_values(a, layout)) for game_id, t in ids.items() for a in t.log]
        columns = ["game_id", "seq", "actor", "action", "created_at", "version_after", "events", "state_hash",
                   "revealed", *layout.packed]
        await conn.copy_records_to_table("actions", records=actions, columns=columns)
        await conn.execute("VACUUM ANALYZE actions")
        sizes = await conn.fetchrow(
            "SELECT pg_total_relation_size('actions') AS total, pg_relation_size('actions') AS heap,"
            " pg_indexes_size('actions') AS idx,"
            " COALESCE(pg_total_relation_size(NULLIF(reltoastrelid, 0)), 0) AS toast"
            " FROM pg_class WHERE oid = 'actions'::regclass")
        toasted = await conn.fetchval("SELECT count(*) FROM actions WHERE pg_column_size(events) < octet_length(events)"
                                      " OR pg_column_size(events) > 2000")
    finally:
        await conn.close()
    payload = sum(payload_bytes(v[1:]) for v in actions)
    text = sum(payload_bytes(row_values(a, LAYOUTS[0])) for t in ids.values() for a in t.log)
    detail = (f"heap {sizes['heap'] / MIB:.1f} MiB, TOAST {sizes['toast'] / MIB:.1f} MiB, key index"
              f" {sizes['idx'] / MIB:.1f} MiB; {toasted} narrations compressed or moved by PostgreSQL")
    return Size(len(actions), payload, text, int(sizes["total"]), detail), ids


async def replay_pg(url: str, schema: str, ids: dict[int, Template]) -> str:
    from gm.store import PostgresStore

    async with PostgresStore(url, schema=schema) as store:
        return await replay_all(store, ids, f"schema {await store.schema_version()}")


async def drop_pg(url: str, schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


async def main_async(args: argparse.Namespace, tmp: Path) -> None:
    t0 = time.perf_counter()
    templates = await play_templates(tmp, args.templates, args.presses)
    played = time.perf_counter() - t0
    lengths = [len(t.log) for t in templates]
    long_rows = sum(len(dump_json(a.events)) > 1000 for t in templates for a in t.log if a.events)
    print(f"{len(templates)} games played through the game master ({', '.join(SYSTEM_NAMES)}; one person at"
          f" random, two AI seats): {min(lengths)}-{max(lengths)} log rows a game, {long_rows} of {sum(lengths)}"
          f" rows with a narration over 1,000 bytes (played in {played:.0f} s); copied into {args.games} games per database")
    games = copies(templates, args.games)
    big = sorted((payload_bytes(row_values(a, LAYOUTS[-1])), a.action.get("type", "?")) for t in templates for a in t.log)[-5:]
    print(f"  largest compact rows: {', '.join(f'{n} B ({kind})' for n, kind in big)}")
    print("SQLite (4 KiB pages, WAL):")
    for n, layout in enumerate(LAYOUTS):
        path = tmp / f"layout{n}.sqlite3"
        size, ids = await write_sqlite(path, games, layout)
        print(size.line(f"{layout.label}, schema {layout.sqlite_schema}"))
        if layout is not LAYOUTS[-1]:
            print(f"    old file opened with today's store: {await replay_sqlite(path, ids)}")
    url = args.database_url or os.environ.get("DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
    if not url:
        print("PostgreSQL: skipped (no --database-url, DATABASE_URL or TEST_DATABASE_URL)")
        return
    print("PostgreSQL (8 KiB pages; TOAST from 2 KiB rows):")
    for layout in LAYOUTS:
        schema = f"gmstorage_{secrets.token_hex(4)}"
        try:
            size, ids = await write_pg(url, schema, games, layout)
            print(size.line(f"{layout.label}, schema {layout.pg_schema}"))
            if layout is not LAYOUTS[-1]:
                print(f"    old schema opened with today's store: {await replay_pg(url, schema, ids)}")
        finally:
            await drop_pg(url, schema)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000, help="games stored in each database")
    ap.add_argument("--templates", type=int, default=3, help="games played of each system")
    ap.add_argument("--presses", type=int, default=150, help="at most this many choices of the person a game")
    ap.add_argument("--database-url")
    args = ap.parse_args()
    try:
        sqlite3.connect(":memory:").execute("SELECT * FROM dbstat").fetchall()
    except sqlite3.OperationalError:
        sys.exit("this SQLite is built without the dbstat table, which the sizes come from")
    with tempfile.TemporaryDirectory() as d:
        asyncio.run(main_async(args, Path(d)))


if __name__ == "__main__":
    main()
