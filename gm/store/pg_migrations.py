"""Versioned schema migrations for the PostgreSQL store.

PostgreSQL has no `user_version`, so the version lives in a one-row `schema_version` table,
changed in the same transaction as the DDL of its step (PostgreSQL's DDL is transactional):
a crash mid-migration leaves the previous version, ready to retry. Each step takes a
transaction-scoped advisory lock (one per schema) and re-reads the version under it, so
several bot processes starting together on an old database apply every step exactly once.

The tables mirror the SQLite ones (gm/store/migrations.py), with the same names and JSON kept
as text, so both backends store byte-identical game states and logs:

* ids are `GENERATED ALWAYS AS IDENTITY`: never reused, like SQLite's AUTOINCREMENT (button
  custom_ids embed game ids);
* Discord snowflakes are BIGINT; engine seeds (unsigned 64-bit) are NUMERIC;
* `games.last_seq` keeps the newest log seq on the game row, so a commit appends the next
  entry from the row it locks, in the same statement;
* `owner` has a unique (scope, token) key: changing the token is then a "key update" in
  PostgreSQL's row-lock terms, which waits for every write holding `FOR KEY SHARE` on the
  claim (the fence), while a heartbeat (no key change) never does.

Rules for adding a migration: append a new `Migration` with the next number; never edit or
reorder a released one.
"""
from __future__ import annotations

from typing import Any

from .migrations import Migration, latest_of, not_too_new, run_migrations

#: first key of the two-key advisory locks this project takes (ASCII "gm" and a class), so
#: they never collide with another application's locks on a shared database
LOCK_CLASS_MIGRATE = 0x676D0001
LOCK_CLASS_GAME = 0x676D0002
"""Per-game locks across processes: the turn clock takes `pg_try_advisory_xact_lock(LOCK_CLASS_GAME,
hashtext(schema || ':' || id))` for the game whose deadline it handles (gm/store/postgres.py)."""
LOCK_CLASS_OWNER = 0x676D0003
"""Serialises writer-lease claims of one schema, so overlapping scopes are never both granted."""

_OPEN = "('lobby', 'active')"

PG_MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        version=1,
        description="games, append-only action log, per-user settings",
        statements=(
            """
            CREATE TABLE games (
                id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                guild_id    BIGINT,
                channel_id  BIGINT           NOT NULL,
                system      TEXT             NOT NULL,
                options     TEXT             NOT NULL DEFAULT '{}',
                seed        NUMERIC          NOT NULL,
                version     BIGINT           NOT NULL DEFAULT 0,
                state       TEXT             NOT NULL,
                status      TEXT             NOT NULL
                            CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
                host_id     BIGINT,
                created_at  DOUBLE PRECISION NOT NULL,
                updated_at  DOUBLE PRECISION NOT NULL,
                deadline    DOUBLE PRECISION,
                settings    TEXT             NOT NULL DEFAULT '{}',
                last_seq    BIGINT           NOT NULL DEFAULT 0
            )
            """,
            # One open game per channel, guaranteed by the database across processes.
            f"CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN {_OPEN}",
            "CREATE INDEX games_by_channel ON games (channel_id, id)",
            # The turn clock asks "which open games are due?" (later claimed with SKIP LOCKED).
            f"CREATE INDEX games_open_deadline ON games (deadline, id)"
            f" WHERE status IN {_OPEN} AND deadline IS NOT NULL",
            """
            CREATE TABLE actions (
                game_id       BIGINT           NOT NULL REFERENCES games (id),
                seq           BIGINT           NOT NULL CHECK (seq >= 1),
                actor         TEXT             NOT NULL,
                action        TEXT             NOT NULL,
                created_at    DOUBLE PRECISION NOT NULL,
                version_after BIGINT           NOT NULL,
                events        TEXT,
                state_hash    TEXT,
                revealed      BOOLEAN          NOT NULL DEFAULT false,
                PRIMARY KEY (game_id, seq)
            )
            """,
            # Append-only in the database too: replay correctness depends on it.
            """
            CREATE FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION 'the action log is append-only';
            END
            $$
            """,
            """
            CREATE TRIGGER actions_append_only BEFORE UPDATE OR DELETE ON actions
                FOR EACH ROW EXECUTE FUNCTION actions_append_only()
            """,
            """
            CREATE TRIGGER actions_no_truncate BEFORE TRUNCATE ON actions
                FOR EACH STATEMENT EXECUTE FUNCTION actions_append_only()
            """,
            """
            CREATE TABLE user_settings (
                user_id    BIGINT           NOT NULL,
                key        TEXT             NOT NULL,
                value      TEXT             NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (user_id, key)
            )
            """,
        ),
    ),
    Migration(
        version=2,
        description="writer leases (one row per scope), outbox, database identity",
        statements=(
            """
            CREATE TABLE owner (
                scope       TEXT PRIMARY KEY,
                token       TEXT,
                pid         INTEGER,
                host        TEXT,
                boot        TEXT,
                started_at  DOUBLE PRECISION,
                heartbeat   DOUBLE PRECISION,
                UNIQUE (scope, token)
            )
            """,
            """
            CREATE TABLE outbox (
                id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                target       TEXT             NOT NULL CHECK (target IN ('channel', 'user')),
                target_id    BIGINT           NOT NULL,
                game_id      BIGINT,
                payload      TEXT             NOT NULL,
                created_at   DOUBLE PRECISION NOT NULL,
                attempts     INTEGER          NOT NULL DEFAULT 0,
                delivered_at DOUBLE PRECISION,
                message_id   BIGINT,
                error        TEXT
            )
            """,
            "CREATE INDEX outbox_pending ON outbox (id) WHERE delivered_at IS NULL",
            """
            CREATE TABLE meta (
                key   TEXT PRIMARY KEY,
                value TEXT NOT NULL
            )
            """,
            # Part of every outbox nonce, and how a running bot notices that the database it
            # talks to was swapped for another one (a restore under the same address).
            "INSERT INTO meta (key, value)"
            " VALUES ('database_id', substr(md5(random()::text || clock_timestamp()::text), 1, 12))",
        ),
    ),
    Migration(
        version=3,
        description="compact action log: a long narration stored zlib-compressed",
        statements=(
            # As SQLite's migration 5 (base.pack_events): PostgreSQL compresses only values of
            # 2 KiB and more by itself, so the narrations between stayed text at full length.
            "ALTER TABLE actions ADD COLUMN packed BYTEA",
        ),
    ),
    Migration(
        version=4,
        description="compact action log: a long action stored zlib-compressed",
        statements=(
            # As SQLite's migration 6 (base.pack_action): a row under 2 KiB is not compressed
            # by PostgreSQL, and a start entry's action alone is 1 KiB or more.
            "ALTER TABLE actions ADD COLUMN packed_action BYTEA",
        ),
    ),
)

PG_LATEST_VERSION: int = latest_of(PG_MIGRATIONS)

_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    only_row BOOLEAN PRIMARY KEY DEFAULT true CHECK (only_row),
    version  INTEGER NOT NULL
)
"""


async def pg_current_version(conn: Any) -> int:
    """The schema version of the connection's current schema (0 for an empty one)."""
    exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    found = await conn.fetchval("SELECT version FROM schema_version")
    return int(found or 0)


async def pg_migrate(conn: Any, target: int | None = None) -> list[int]:
    """Bring the connection's current schema up to `target` (default: latest); return the
    versions applied. A schema newer than this code raises `SchemaTooNew`; `target` below the
    latest exists for tests that need an old-format database.

    `conn` is an asyncpg connection outside any transaction."""
    async def step(migration: Migration) -> int | None:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))",
                               LOCK_CLASS_MIGRATE)
            await conn.execute(_VERSION_TABLE)
            now = await pg_current_version(conn)  # under the lock: another process may have run it
            if not_too_new(now, PG_LATEST_VERSION) >= migration.version:
                return now
            for statement in migration.statements:
                await conn.execute(statement)
            await conn.execute(
                "INSERT INTO schema_version (only_row, version) VALUES (true, $1)"
                " ON CONFLICT (only_row) DO UPDATE SET version = excluded.version", migration.version)
        return None

    return await run_migrations(PG_MIGRATIONS, PG_LATEST_VERSION, target, lambda: pg_current_version(conn), step)
