"""Versioned schema migrations for the SQLite store.

The schema version lives in `PRAGMA user_version` (an integer in the database header), so
no bookkeeping table is needed and the version changes atomically with the DDL: SQLite's
DDL and `user_version` writes are both transactional. Each migration runs in its own
`BEGIN IMMEDIATE` transaction and re-reads the version inside it, so two processes opening
the same old file at once cannot apply a step twice, and a crash mid-migration leaves the
file at the previous version, ready to retry.

Rules for adding a migration: append a new `Migration` with the next number; never edit or
reorder a released one (databases in the wild have already run it).
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import aiosqlite

from .base import SchemaTooNew


@dataclass(frozen=True)
class Migration:
    """One step from `version - 1` to `version`."""

    version: int
    description: str
    statements: tuple[str, ...]
    """Executed one by one (not with executescript, which would commit our transaction)."""


def latest_of(migrations: tuple[Migration, ...]) -> int:
    """The newest version of a backend's list, checked at import time to be numbered 1..N without
    gaps, so an accidental gap or reorder fails here rather than on a user's database."""
    versions = [m.version for m in migrations]
    if versions != list(range(1, len(versions) + 1)):
        raise AssertionError(f"migrations must be numbered 1..N without gaps, got {versions}")
    return versions[-1]


_OPEN = "('lobby', 'active')"

MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        version=1,
        description="games and append-only action log",
        statements=(
            # AUTOINCREMENT so a game id is never reused: button custom_ids embed game ids,
            # and a click on a long-gone game must not land on a newer one.
            # seed is TEXT because engine seeds are unsigned 64-bit, which can overflow
            # SQLite's signed INTEGER.
            """
            CREATE TABLE games (
                id          INTEGER PRIMARY KEY AUTOINCREMENT,
                guild_id    INTEGER,
                channel_id  INTEGER NOT NULL,
                system      TEXT    NOT NULL,
                options     TEXT    NOT NULL DEFAULT '{}',
                seed        TEXT    NOT NULL,
                version     INTEGER NOT NULL DEFAULT 0,
                state       TEXT    NOT NULL,
                status      TEXT    NOT NULL
                            CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
                host_id     INTEGER,
                created_at  REAL    NOT NULL,
                updated_at  REAL    NOT NULL,
                deadline    REAL
            )
            """,
            # The database itself guarantees "one open game per channel", even if two
            # processes race past the application-level check.
            f"""
            CREATE UNIQUE INDEX games_one_open_per_channel
                ON games (channel_id) WHERE status IN {_OPEN}
            """,
            "CREATE INDEX games_by_channel ON games (channel_id, id)",
            # WITHOUT ROWID: the (game_id, seq) key is the natural clustering for replay.
            """
            CREATE TABLE actions (
                game_id       INTEGER NOT NULL REFERENCES games (id),
                seq           INTEGER NOT NULL CHECK (seq >= 1),
                actor         TEXT    NOT NULL,
                action        TEXT    NOT NULL,
                created_at    REAL    NOT NULL,
                version_after INTEGER NOT NULL,
                PRIMARY KEY (game_id, seq)
            ) WITHOUT ROWID
            """,
            # Append-only is enforced by the database too, not only by the absence of an
            # UPDATE/DELETE path in code: replay correctness depends on it.
            """
            CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
            BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END
            """,
            """
            CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
            BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END
            """,
        ),
    ),
    Migration(
        version=2,
        description="per-game settings, per-user settings, deadline index",
        statements=(
            "ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'",
            """
            CREATE TABLE user_settings (
                user_id    INTEGER NOT NULL,
                key        TEXT    NOT NULL,
                value      TEXT    NOT NULL,
                updated_at REAL    NOT NULL,
                PRIMARY KEY (user_id, key)
            ) WITHOUT ROWID
            """,
            # The turn clock asks "which open games have a deadline before t?".
            f"""
            CREATE INDEX games_open_deadline
                ON games (deadline) WHERE status IN {_OPEN} AND deadline IS NOT NULL
            """,
        ),
    ),
    Migration(
        version=3,
        description="narration events, state hash and revealed flag on log entries",
        statements=(
            # events: the narration of that step (the log, digests); state_hash: the replay
            # integrity check compares it step by step; revealed: undo is refused after it.
            "ALTER TABLE actions ADD COLUMN events TEXT",
            "ALTER TABLE actions ADD COLUMN state_hash TEXT",
            "ALTER TABLE actions ADD COLUMN revealed INTEGER NOT NULL DEFAULT 0",
        ),
    ),
    Migration(
        version=4,
        description="writer lease (one bot process per database), outbox, database identity",
        statements=(
            # One row per scope a writer owns. SQLite has a single scope ('all'); a sharded
            # PostgreSQL store would keep one row per shard. A process that holds the row
            # renews `heartbeat`; a row whose heartbeat is older than the lease is stale.
            # `token` is NULL after a clean release.
            """
            CREATE TABLE owner (
                scope       TEXT PRIMARY KEY,
                token       TEXT,
                pid         INTEGER,
                host        TEXT,
                boot        TEXT,
                started_at  REAL,
                heartbeat   REAL
            ) WITHOUT ROWID
            """,
            # Messages decided together with a state change (reminders, expiries), committed in
            # the same transaction and posted afterwards with a de-duplicating nonce, so a crash
            # between "saved" and "posted" neither loses nor repeats them.
            """
            CREATE TABLE outbox (
                id           INTEGER PRIMARY KEY AUTOINCREMENT,
                target       TEXT    NOT NULL CHECK (target IN ('channel', 'user')),
                target_id    INTEGER NOT NULL,
                game_id      INTEGER,
                payload      TEXT    NOT NULL,
                created_at   REAL    NOT NULL,
                attempts     INTEGER NOT NULL DEFAULT 0,
                delivered_at REAL,
                message_id   INTEGER,
                error        TEXT
            )
            """,
            "CREATE INDEX outbox_pending ON outbox (id) WHERE delivered_at IS NULL",
            # A random id written once: part of every outbox nonce, and how the bot recognises
            # that the file under its path is still the database it opened.
            """
            CREATE TABLE meta (
                key   TEXT PRIMARY KEY,
                value TEXT NOT NULL
            ) WITHOUT ROWID
            """,
            "INSERT INTO meta (key, value) VALUES ('database_id', lower(hex(randomblob(6))))",
        ),
    ),
    Migration(
        version=5,
        description="compact action log: a long narration stored zlib-compressed",
        statements=(
            # A row of the log (WITHOUT ROWID) stays on its page only up to about 1,000 bytes;
            # a long narration spilled into mostly empty overflow pages. New rows keep it, when
            # long, compressed here (base.pack_events) and `events` NULL; rows written before
            # keep their text and read as before (base.unpack_events).
            "ALTER TABLE actions ADD COLUMN packed BLOB",
        ),
    ),
    Migration(
        version=6,
        description="compact action log: a long action stored zlib-compressed",
        statements=(
            # Measured (benchmarks/storage.py): with the narration compressed, a game's start
            # entry still spilled, its action (every seat and option) being 1 KiB or more. New
            # rows keep a long action here (base.pack_action) and '' in `action`; older rows
            # keep their text and read as before (base.unpack_action).
            "ALTER TABLE actions ADD COLUMN packed_action BLOB",
        ),
    ),
)

LATEST_VERSION: int = latest_of(MIGRATIONS)


def not_too_new(found: int, latest: int) -> int:
    """`found`, unless the database is newer than this code (`SchemaTooNew`)."""
    if found > latest:
        raise SchemaTooNew(found, latest)
    return found


async def run_migrations(migrations: tuple[Migration, ...], latest: int, target: int | None,
                         current: Callable[[], Awaitable[int]],
                         step: Callable[[Migration], Awaitable[int | None]]) -> list[int]:
    """The run both backends share: bring the schema up to `target` (default: latest) and return
    the versions applied. A target outside 0..latest is a ValueError, a database newer than this
    code `SchemaTooNew`. `step` applies one migration in its own transaction, re-reading the
    version under the backend's lock first: it returns None once applied, or the version it
    found there instead (another process migrated meanwhile)."""
    target = latest if target is None else target
    if not 0 <= target <= latest:
        raise ValueError(f"target version must be in 0..{latest}, got {target}")
    found = not_too_new(await current(), latest)
    applied: list[int] = []
    for migration in migrations:
        if migration.version > target:
            break
        if migration.version <= found:
            continue
        now = await step(migration)
        if now is not None:
            found = now
            continue
        applied.append(migration.version)
        found = migration.version
    return applied


async def current_version(conn: aiosqlite.Connection) -> int:
    """The schema version recorded in the database header (0 for a brand-new file)."""
    rows = await conn.execute_fetchall("PRAGMA user_version")
    return int(list(rows)[0][0])


async def migrate(conn: aiosqlite.Connection, target: int | None = None) -> list[int]:
    """Bring the schema up to `target` (default: latest); return the versions applied.

    `conn` must be in autocommit mode (`isolation_level=None`) so this function controls
    the transactions. Running it on an up-to-date database applies nothing. A database
    newer than this code raises `SchemaTooNew`. `target` below the latest exists for tests
    that need an old-format file.
    """
    async def step(migration: Migration) -> int | None:
        await conn.execute("BEGIN IMMEDIATE")
        try:
            # Re-check under the write lock: another process may have migrated meanwhile.
            now = await current_version(conn)
            if now >= migration.version:
                await conn.execute("ROLLBACK")
                return now
            for statement in migration.statements:
                await conn.execute(statement)
            # PRAGMA does not accept bound parameters; the value is our own int.
            await conn.execute(f"PRAGMA user_version = {int(migration.version)}")
            await conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise
        return None

    return await run_migrations(MIGRATIONS, LATEST_VERSION, target, lambda: current_version(conn), step)
