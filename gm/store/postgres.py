"""The PostgreSQL backend (asyncpg): the same `GameStore` as SQLite, for a database several bot
processes can share. Chosen with `DATABASE_URL=postgresql://...` (see `gm.store.factory`).

Why it is safe:

* Every write is ONE statement (data-modifying CTEs), so it is atomic on its own and costs one
  round trip: the lease check, the version check, the log row and the game row happen
  together. Under READ COMMITTED, `UPDATE ... WHERE version = $expected` waits for a
  concurrent writer of the same row and re-checks the version on the row it committed, so of
  two writers of one version exactly one applies, across connections and processes.
* The writer lease (`owner`, one row per scope) fences every write: the statement takes
  `FOR KEY SHARE` on this process's claim row and matches its token. A takeover changes the
  token, which PostgreSQL treats as a key update: it waits for writes in flight, and writes
  after it find another token and write nothing (`OwnershipLost`). Heartbeats do not change
  the key, so they never block writes.
* `transaction()` pins one connection to the task; each write inside is a savepoint, so a
  refused write (say a clash with another open game) leaves the rest of the transaction.
* A full disk (SQLSTATE 53100) raises `StorageFull`; the statement was rolled back.
* The `database_id` in `meta` is checked at every heartbeat: if the address now leads to
  another database (a restore, a wrong failover), the store refuses everything
  (`DatabaseGone`) rather than write half a history into it.

Several bot processes, each serving a set of Discord shards (`serve_shards`, gm/store/shards.py):

* Each process holds the lease of each of its shards (`shard 0/2`, ...); one unsharded process
  holds `all`. Claims are serialised by an advisory lock and refused while a live process holds
  an overlapping scope (`all` against any shard, shards cut with another count); a dead
  overlapping claim is cleared, so its process, should it wake up, is fenced out.
* A game write is fenced with the lease of the game's shard, computed from its guild id in the
  same statement: only the process serving that shard can write the game.
* The turn clock sees only the served shards' due games (`list_due_games`), and claims each one
  inside its transaction (`claim_due_game`: `pg_try_advisory_xact_lock(LOCK_CLASS_GAME, id)` and
  `FOR UPDATE SKIP LOCKED` on the row): two processes never handle one deadline, and the row
  stays locked until the tick and its outbox message commit together. The outbox posts only the
  served shards' messages.
* A press stays one statement: the version check (with the fence) keeps the guarantees of one
  process across processes, without a transaction around it.
"""
from __future__ import annotations

import asyncio
import contextvars
import functools
import itertools
import json
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from typing import Any, Literal
from urllib.parse import urlsplit, urlunsplit

import asyncpg

# (grouped by role: the shared SQL store and its columns, records, errors)
from . import base
from .identity import ProcessIdentity
from .ownership import DEFAULT_LEASE_SECONDS
from .pg_migrations import LOCK_CLASS_GAME, LOCK_CLASS_OWNER, pg_current_version, pg_migrate
from .shards import ALL_SCOPE, scopes_conflict, shard_scope

OWNER_SCOPE = ALL_SCOPE
DISK_FULL = "53100"
_SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


def is_disk_full(exc: BaseException) -> bool:
    """PostgreSQL's "could not extend file ... No space left on device" (SQLSTATE 53100)."""
    return isinstance(exc, asyncpg.PostgresError) and getattr(exc, "sqlstate", None) == DISK_FULL


def redact(dsn: str) -> str:
    """The address without its password, fit for messages and logs."""
    parts = urlsplit(dsn)
    if parts.password is None:
        return dsn
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{parts.username or ''}@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


class _Args:
    """Numbered parameters for one statement: `args(value)` appends and returns `$n`."""

    def __init__(self) -> None:
        self.values: list[Any] = []

    def __call__(self, value: Any, cast: str = "") -> str:
        self.values.append(value)
        return f"${len(self.values)}{'::' + cast if cast else ''}"


@functools.lru_cache(maxsize=256)
def numbered(sql: str) -> str:
    """The `?` placeholders of shared SQL (`SqlStore`) as PostgreSQL's `$1`, `$2`, ... (that
    SQL has no other `?`, e.g. no jsonb `?` operator)."""
    count = itertools.count(1)
    return re.sub(r"\?", lambda _match: f"${next(count)}", sql)


_CURRENT_TXN: contextvars.ContextVar[base.StoreTxn | None] = contextvars.ContextVar("gm_pg_txn", default=None)


class PostgresStore(base.SqlStore):
    """`GameStore` on a PostgreSQL database (several bot processes may share it, by shard).

    `schema` puts the tables in their own schema (created if missing), e.g. one per test or
    per deployment sharing a database; by default they go where the connection's
    `search_path` says (normally `public`). `clock` stamps rows (tests control it),
    `wall_clock` times the lease.
    """

    shared_by_processes = True
    backend = "postgres"
    _current_txn = _CURRENT_TXN
    _driver_errors = (asyncpg.PostgresError,)
    _is_disk_full = staticmethod(is_disk_full)

    def __init__(self, dsn: str, *,
                 schema: str | None = None,
                 clock: Callable[[], float] = time.time,
                 lease_seconds: float = DEFAULT_LEASE_SECONDS,
                 wall_clock: Callable[[], float] = time.time,
                 identity: ProcessIdentity | None = None,
                 pool_size: int = 5,
                 connect_timeout: float = 10.0) -> None:
        super().__init__(clock=clock, wall_clock=wall_clock, lease_seconds=lease_seconds, identity=identity)
        if schema is not None and not _SCHEMA_NAME.fullmatch(schema):
            raise ValueError(f"bad schema name {schema!r}: lower-case letters, digits and _ only")
        self.dsn = dsn
        self.schema = schema
        self.path = redact(dsn) + (f" (schema {schema})" if schema else "")
        """Where the data lives, without the password: named in messages like the SQLite path."""
        self.pool_size = max(1, int(pool_size))
        self.connect_timeout = float(connect_timeout)
        self.statements = 0
        """Statements sent to the server (each one round trip once its plan is cached)."""
        self._pool: asyncpg.Pool | None = None
        self._token: str | None = None
        self._scopes: list[str] = []

    # ------------------------------------------------------------------ lifecycle

    async def open(self) -> None:
        if self._pool is not None:
            return
        settings = {"application_name": "adventure-gm"}
        if self.schema is not None:
            conn = await asyncpg.connect(self.dsn, timeout=self.connect_timeout)
            try:
                with suppress(asyncpg.UniqueViolationError, asyncpg.DuplicateSchemaError):
                    await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
            finally:
                await conn.close()
            settings["search_path"] = self.schema
        pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=self.pool_size,
                                         timeout=self.connect_timeout, server_settings=settings)
        try:
            async with pool.acquire() as conn:
                await pg_migrate(conn)
                self.database_id = str(await conn.fetchval(
                    "SELECT value FROM meta WHERE key = 'database_id'") or "")
        except BaseException:
            await pool.close()
            raise
        self._pool = pool
        self._refused = None

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        try:
            await asyncio.wait_for(pool.close(), timeout=10.0)
        except (asyncio.TimeoutError, OSError, asyncpg.PostgresError):
            pool.terminate()

    async def schema_version(self) -> int:
        """The schema version recorded in the database."""
        async with self._conn() as conn:
            self.statements += 2
            return await pg_current_version(conn)

    # ------------------------------------------------------------------ plumbing

    @property
    def _live_pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise base.StoreError("the store is not open; call open() first")
        return self._pool

    def _check(self) -> None:
        if self._refused is not None:
            raise self._refused

    @asynccontextmanager
    async def _conn(self) -> AsyncIterator[Any]:
        """The task's transaction connection, or one from the pool for this call."""
        self._check()
        txn = self._txn()
        if txn is not None:
            yield txn.conn
            return
        async with self._live_pool.acquire() as conn:
            yield conn

    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        async with self._conn() as conn:
            self.statements += 1
            with self._full_disk():
                return list(await conn.fetch(sql, *args))

    async def _query(self, sql: str, params: Sequence[Any] = ()) -> list[asyncpg.Record]:
        return await self._fetch(numbered(sql), *params)

    async def _fetchrow(self, sql: str, *args: Any) -> asyncpg.Record | None:
        rows = await self._fetch(sql, *args)
        return rows[0] if rows else None

    async def _write(self, sql: str, *args: Any) -> asyncpg.Record | None:
        """One write statement: on its own it is its own transaction; inside `transaction()`
        it runs in a savepoint, so a refused write leaves the rest of the transaction."""
        txn = self._txn()
        if txn is None:
            return await self._fetchrow(sql, *args)
        self._check()
        txn.savepoints += 1
        name = f"w{txn.savepoints}"
        conn = txn.conn
        self.statements += 1
        await conn.execute(f"SAVEPOINT {name}")
        try:
            row = await self._fetchrow(sql, *args)
        except BaseException:
            with suppress(asyncpg.PostgresError, asyncpg.InterfaceError):
                self.statements += 1
                await conn.execute(f"ROLLBACK TO SAVEPOINT {name}; RELEASE SAVEPOINT {name}")
            raise
        self.statements += 1
        await conn.execute(f"RELEASE SAVEPOINT {name}")
        return row

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        if self._txn() is not None:  # nested: part of the outer one
            yield
            return
        self._check()
        async with self._live_pool.acquire() as conn:
            with self._in_transaction(conn):
                self.statements += 1
                await conn.execute("BEGIN")
                try:
                    yield
                    self._check()
                    self.statements += 1
                    await conn.execute("COMMIT")
                except BaseException:
                    with suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                        self.statements += 1
                        await conn.execute("ROLLBACK")
                    raise

    # ------------------------------------------------------------------ shards

    @property
    def served_scopes(self) -> list[str]:
        """The lease scopes this store claims: one per served shard, or `all`."""
        return [OWNER_SCOPE] if self.shards is None else self.shards.scopes

    def _filters_shards(self) -> bool:
        return self.shards is not None and not self.shards.complete

    def _shard_expr(self, args: _Args, guild_sql: str) -> str:
        """SQL for the shard of a guild id expression (NULL, a DM, is shard 0)."""
        assert self.shards is not None
        return f"((COALESCE({guild_sql}, 0) >> 22) % {args(self.shards.count, 'int8')})"

    def _served(self, args: _Args, guild_sql: str) -> str:
        """A condition true when the guild's shard is served here (always, when unsharded)."""
        if not self._filters_shards():
            return "true"
        assert self.shards is not None
        return f"{self._shard_expr(args, guild_sql)} = ANY({args(list(self.shards.ids), 'int8[]')})"

    def _scope_of_game(self, args: _Args, gid_sql: str) -> str:
        """SQL for the lease scope a write of game `gid_sql` is fenced with."""
        if self.shards is None:
            return args(OWNER_SCOPE, "text")
        shard = self._shard_expr(args, f"(SELECT guild_id FROM games WHERE id = {gid_sql})")
        return f"format('shard %s/%s', {shard}, {args(self.shards.count, 'int8')})"

    def _scope_of_guild(self, guild_id: int | None) -> str:
        if self.shards is None:
            return OWNER_SCOPE
        return shard_scope(0 if guild_id is None else (int(guild_id) >> 22) % self.shards.count,
                           self.shards.count)

    # ------------------------------------------------------------------ the fence

    def _fence(self, args: _Args, scope: Callable[[], str] | None = None) -> str:
        """The body of a `fence` CTE: one row when this write may go ahead.

        `scope` makes the SQL of the lease scope the write needs (a parameter, or the scope of
        a game's shard), called only when the check uses it; None for writes that belong to no
        game (user settings), which any scope this process holds covers.

        With a claim: our claim row, locked `FOR KEY SHARE` (a takeover waits for us, we wait
        for a takeover in flight and then see its token). Without one (tools, tests): allowed
        unless a live process holds an overlapping scope (any, for an unsharded store)."""
        if self._token is not None:
            if scope is None:
                return (f"SELECT 1 AS ok FROM owner WHERE scope = ANY({args(list(self._scopes), 'text[]')})"
                        f" AND token = {args(self._token, 'text')} LIMIT 1 FOR KEY SHARE")
            return f"SELECT 1 AS ok FROM owner WHERE scope = {scope()} AND token = {args(self._token, 'text')} FOR KEY SHARE"
        live = f"token IS NOT NULL AND heartbeat >= {args(self.wall_clock() - self.lease_seconds, 'float8')}"
        if self.shards is None:
            overlap = "true"
        elif scope is None:
            overlap = f"(scope = '{OWNER_SCOPE}' OR scope = ANY({args(self.served_scopes, 'text[]')}))"
        else:
            overlap = f"(scope = '{OWNER_SCOPE}' OR scope = {scope()})"
        return f"SELECT 1 AS ok WHERE NOT EXISTS (SELECT 1 FROM owner WHERE {live} AND {overlap})"

    async def _fence_failed(self, scope: str | None = OWNER_SCOPE, *, game_id: int | None = None) -> base.StoreError:
        """Why the fence let nothing through (a second, rare trip). `game_id`: the scope is
        that game's shard; None: any scope of this store."""
        if game_id is not None:
            game = await self.get_game(game_id)
            if game is None:
                return base.GameNotFound(game_id)
            scope = self._scope_of_guild(game.guild_id)
        wanted = [scope] if scope is not None else (self._scopes or self.served_scopes)
        if self._token is not None:
            if not set(wanted) & set(self._scopes):
                # a game of a shard another process serves: refused, our own leases are intact
                return base.ShardNotServed(self.path, wanted)
            claims = [await self.owner(s) for s in wanted]
            taken = any(c is not None and c.token for c in claims)
            self._refused = base.OwnershipLost(
                f"another process took over {self.path}" if taken else f"this process no longer holds {self.path}")
            return self._refused
        holders = [c for c in await self.claims() if c.token is not None
                   and (self.shards is None or any(scopes_conflict(c.scope, w) for w in wanted))]
        if not holders:  # the holder left meanwhile: a retry will do
            return base.StoreError(f"a write to {self.path} met another process's claim; try again")
        return base.StoreOwned(self.path, max(holders, key=lambda c: c.heartbeat or 0.0), self.backend)

    # ------------------------------------------------------------------ records

    # ------------------------------------------------------------------ versioned writes

    async def _change(self, game_id: int, expected_version: int | None,
                      fields: dict[str, Any],
                      log: tuple[str, str] | None,
                      meta: base.LogMeta | None = None) -> base.GameRecord:
        """Shared body of every versioned write: fence, check, log, update, bump in ONE
        statement. `fields` maps column names (chosen by this module) to new values."""
        status = self._closing_fields(fields)
        casts = {"state": "text", "status": "text", "options": "text", "settings": "text",
                 "host_id": "int8", "deadline": "float8"}
        args = _Args()
        gid = args(int(game_id), "int8")
        fence = self._fence(args, lambda: self._scope_of_game(args, gid))
        now = args(float(self.clock()), "float8")
        assignments = [f"{column} = {args(value, casts[column])}" for column, value in fields.items()]
        assignments += ["version = version + 1", f"updated_at = {now}"]
        if log is not None:
            assignments.append("last_seq = last_seq + 1")
        where = f"id = {gid} AND EXISTS (SELECT 1 FROM fence)"
        if expected_version is not None:
            where += f" AND version = {args(int(expected_version), 'int8')}"
        columns = base.GAME_COLUMNS if "state" not in fields else base.GAME_COLUMNS_NO_STATE
        insert = ""
        if log is not None:
            meta = meta or base.LogMeta()
            events, packed = base.pack_events(meta.events)
            action, packed_action = base.pack_action(log[1])
            insert = (
                ", ins AS (INSERT INTO actions (game_id, seq, actor, action, created_at, version_after,"
                " events, state_hash, revealed, packed, packed_action)"
                f" SELECT id, last_seq, {args(log[0], 'text')}, {args(action, 'text')}, {now}, version,"
                f" {args(events, 'text')}, {args(meta.state_hash, 'text')}, {args(bool(meta.revealed), 'bool')},"
                f" {args(packed, 'bytea')}, {args(packed_action, 'bytea')} FROM upd)"
            )
            if meta.seen is not None:  # "seen up to here" in the same statement, as mark_last_seq writes it
                insert += (
                    ", seen AS (INSERT INTO user_settings (user_id, key, value, updated_at)"
                    f" SELECT {args(int(meta.seen[0]), 'int8')}, {args(str(meta.seen[1]), 'text')}, last_seq::text, {now}"
                    " FROM upd ON CONFLICT (user_id, key) DO UPDATE"
                    " SET value = excluded.value, updated_at = excluded.updated_at)"
                )
        sql = (
            f"WITH fence AS ({fence}),"
            f" upd AS (UPDATE games SET {', '.join(assignments)} WHERE {where} RETURNING {columns}, last_seq){insert}"
            f" SELECT upd.*, (SELECT version FROM games WHERE id = {gid}) AS current_version,"
            " EXISTS (SELECT 1 FROM fence) AS fenced"
            " FROM (SELECT 1) AS one LEFT JOIN upd ON true"
        )
        try:
            row = await self._write(sql, *args.values)
        except asyncpg.UniqueViolationError:
            # Re-opening a game in a channel that meanwhile got another open game.
            if status in base.OPEN_STATUSES:
                game = await self.get_game(game_id)
                other = None if game is None else await self.get_active_game(game.channel_id)
                if other is not None and other.id != game_id:
                    raise base.GameExists(other) from None
            raise
        assert row is not None
        if row["id"] is not None:
            return self._to_game(row, fields.get("state"))
        if not row["fenced"]:
            raise await self._fence_failed(game_id=game_id)
        current = row["current_version"]
        if current is not None and current == expected_version:
            # We waited for a concurrent writer of this row and its version moved on after our
            # snapshot was taken: read the version it committed.
            latest = await self._fetchrow("SELECT version FROM games WHERE id = $1", int(game_id))
            current = current if latest is None else latest["version"]
        if current is None:
            raise base.GameNotFound(game_id)
        raise base.StaleVersion(int(current), game_id=game_id, expected_version=expected_version)

    # ------------------------------------------------------------------ games

    async def _insert_game(self, game: dict[str, Any]) -> base.GameRecord:
        now = float(self.clock())
        args = _Args()
        scope = self._scope_of_guild(game["guild_id"])
        fence = self._fence(args, lambda: args(scope, "text"))
        sql = (
            f"WITH fence AS ({fence}),"
            " ins AS (INSERT INTO games (guild_id, channel_id, system, options, seed, version, state, status,"
            " host_id, created_at, updated_at, deadline, settings)"
            f" SELECT {args(game['guild_id'], 'int8')}, {args(int(game['channel_id']), 'int8')},"
            f" {args(game['system'], 'text')}, {args(game['options'], 'text')}, {args(game['seed'], 'numeric')}, 0,"
            f" {args(game['state'], 'text')}, {args(game['status'], 'text')}, {args(game['host_id'], 'int8')},"
            f" {args(now, 'float8')}, {args(now, 'float8')}, {args(game['deadline'], 'float8')},"
            f" {args(game['settings'], 'text')}"
            " FROM fence RETURNING id)"
            " SELECT (SELECT id FROM ins) AS id, EXISTS (SELECT 1 FROM fence) AS fenced"
        )
        try:
            row = await self._write(sql, *args.values)
        except asyncpg.UniqueViolationError:
            existing = await self.get_active_game(game["channel_id"])
            if existing is not None:
                raise base.GameExists(existing) from None
            raise
        assert row is not None
        if row["id"] is None:
            raise await self._fence_failed(scope)
        return base.GameRecord(**{**game, "options": json.loads(game["options"]), "settings": json.loads(game["settings"])},
                          id=row["id"], version=0, created_at=now, updated_at=now)

    async def list_active_games(self) -> list[base.GameRecord]:
        """Every open game of the served shards, oldest first."""
        args = _Args()
        rows = await self._fetch(f"SELECT {base.GAME_COLUMNS} FROM games WHERE status IN {base.OPEN_SQL}"
                                 f" AND {self._served(args, 'guild_id')} ORDER BY id", *args.values)
        return [self._to_game(r) for r in rows]

    async def list_due_games(self, now: float) -> list[base.GameRecord]:
        """Open games of the served shards whose deadline is at or before `now`, earliest first
        (turn clock; each is then claimed with `claim_due_game`)."""
        args = _Args()
        rows = await self._fetch(
            f"SELECT {base.GAME_COLUMNS} FROM games WHERE status IN {base.OPEN_SQL}"
            f" AND deadline IS NOT NULL AND deadline <= {args(float(now), 'float8')}"
            f" AND {self._served(args, 'guild_id')} ORDER BY deadline, id", *args.values)
        return [self._to_game(r) for r in rows]

    async def list_owed_games(self, before: float, since: float) -> list[base.GameRecord]:
        args = _Args()
        pattern = '%"' + self.OWED_KEY + '"%'
        rows = await self._fetch(
            f"SELECT {base.GAME_COLUMNS} FROM games WHERE (status = 'active' OR (status = 'finished'"
            f" AND updated_at >= {args(float(since), 'float8')}))"
            f" AND settings LIKE {args(pattern, 'text')}"
            f" AND (settings::jsonb ->> {args(self.OWED_KEY, 'text')})::float8 <= {args(float(before), 'float8')}"
            f" AND {self._served(args, 'guild_id')} ORDER BY id", *args.values)
        return [self._to_game(r) for r in rows]

    async def last_seq(self, game_id: int) -> int:
        row = await self._fetchrow("SELECT COALESCE((SELECT last_seq FROM games WHERE id = $1), 0) AS n",
                                   int(game_id))
        assert row is not None
        return int(row["n"])

    async def put_settings(self, game_id: int, settings: Mapping[str, Any]) -> None:
        # set_settings' fenced write, handing back the id alone rather than the whole row
        await self._write_settings(game_id, settings, base.UNSET, "id")

    async def set_settings(self, game_id: int, settings: Mapping[str, Any],
                           deadline: float | None | base._Unset = base.UNSET) -> base.GameRecord:
        return self._to_game(await self._write_settings(game_id, settings, deadline, base.GAME_COLUMNS))

    async def _write_settings(self, game_id: int, settings: Mapping[str, Any],
                              deadline: float | None | base._Unset, returning: str) -> Any:
        """A game's settings (and deadline) written behind the shard fence: the updated row's
        `returning` columns; refused outside this process's shards, or for a game not found."""
        args = _Args()
        gid = args(int(game_id), "int8")
        fence = self._fence(args, lambda: self._scope_of_game(args, gid))
        assignments = [f"settings = {args(base.dump_json(dict(settings)), 'text')}"]
        if deadline is not base.UNSET:
            assignments.append(f"deadline = {args(base.as_deadline(deadline), 'float8')}")
        sql = (
            f"WITH fence AS ({fence}),"
            f" upd AS (UPDATE games SET {', '.join(assignments)}"
            f" WHERE id = {gid} AND EXISTS (SELECT 1 FROM fence) RETURNING {returning})"
            " SELECT upd.*, EXISTS (SELECT 1 FROM fence) AS fenced FROM (SELECT 1) AS one LEFT JOIN upd ON true"
        )
        row = await self._write(sql, *args.values)
        assert row is not None
        if row["id"] is not None:
            return row
        if not row["fenced"]:
            raise await self._fence_failed(game_id=game_id)
        raise base.GameNotFound(game_id)

    # ------------------------------------------------------------------ action log

    # ------------------------------------------------------------------ user settings

    async def _fenced_write(self, body: str, args: _Args, scope: Callable[[], str] | None = None,
                            message_id: int | None = None) -> None:
        """Run `body` (a data-modifying CTE named `w` that may use `fence`); raise if fenced out.
        `scope`: the lease the write needs, as for `_fence` (None: any of this process's);
        `message_id`: the write is about that outbox message (fenced by its game's shard)."""
        sql = (f"WITH fence AS ({self._fence(args, scope)}), w AS ({body})"
               " SELECT EXISTS (SELECT 1 FROM fence) AS fenced")
        row = await self._write(sql, *args.values)
        if row is None or not row["fenced"]:
            if message_id is None:
                raise await self._fence_failed(None)
            found = await self._fetchrow("SELECT game_id FROM outbox WHERE id = $1", int(message_id))
            game_id = None if found is None else found["game_id"]
            if game_id is not None:
                raise await self._fence_failed(game_id=game_id)
            raise await self._fence_failed(self._scope_of_guild(None))

    async def set_note(self, key: str, value: str) -> None:
        args = _Args()
        body = (f"INSERT INTO meta (key, value) SELECT {args(base._note_key(key), 'text')}, {args(str(value), 'text')}"
                " FROM fence ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        await self._fenced_write(body, args)

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        args = _Args()
        if value is None:
            body = (f"DELETE FROM user_settings WHERE user_id = {args(int(user_id), 'int8')}"
                    f" AND key = {args(str(key), 'text')} AND EXISTS (SELECT 1 FROM fence)")
        else:
            body = ("INSERT INTO user_settings (user_id, key, value, updated_at)"
                    f" SELECT {args(int(user_id), 'int8')}, {args(str(key), 'text')},"
                    f" {args(base.dump_json(value), 'text')}, {args(float(self.clock()), 'float8')} FROM fence"
                    " ON CONFLICT (user_id, key) DO UPDATE"
                    " SET value = excluded.value, updated_at = excluded.updated_at")
        await self._fenced_write(body, args)

    async def user_setting_and_last_seq(self, user_id: int, key: str, game_id: int,
                                        default: Any = None) -> tuple[Any, int]:
        row = await self._fetchrow(
            "SELECT (SELECT value FROM user_settings WHERE user_id = $1 AND key = $2) AS value,"
            " COALESCE((SELECT last_seq FROM games WHERE id = $3), 0) AS seq",
            int(user_id), str(key), int(game_id))
        assert row is not None
        value = row["value"]
        return (default if value is None else json.loads(value)), int(row["seq"])

    async def mark_last_seq(self, user_id: int, key: str, game_id: int) -> int:
        args = _Args()
        fence = self._fence(args, None)
        sql = (
            f"WITH fence AS ({fence}),"
            f" s AS (SELECT COALESCE((SELECT last_seq FROM games WHERE id = {args(int(game_id), 'int8')}), 0) AS seq),"
            " w AS (INSERT INTO user_settings (user_id, key, value, updated_at)"
            f" SELECT {args(int(user_id), 'int8')}, {args(str(key), 'text')}, s.seq::text,"
            f" {args(float(self.clock()), 'float8')} FROM s, fence"
            " ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at)"
            " SELECT (SELECT seq FROM s) AS seq, EXISTS (SELECT 1 FROM fence) AS fenced"
        )
        row = await self._write(sql, *args.values)
        assert row is not None
        if not row["fenced"]:
            raise await self._fence_failed(None)
        return int(row["seq"])

    # ------------------------------------------------------------------ one writer per scope

    async def claims(self) -> list[base.OwnerClaim]:
        """Every scope's claim as stored (held or released), by scope."""
        return [self._to_claim(r) for r in await self._fetch("SELECT * FROM owner ORDER BY scope")]

    async def _try_claim(self, scope: str, token: str) -> tuple[base.OwnerClaim | None, base.OwnerClaim | None]:
        """One attempt in one transaction: (our claim if we got it, the claim in the way or there
        before).

        Claims of one schema are serialised by an advisory lock, so two processes claiming
        overlapping scopes (`all` and a shard, or shards cut with different counts) see each
        other. A live overlapping claim refuses ours; a dead one is cleared with it, so its
        process, were it only paused, finds its token gone at its next write."""
        self._check()
        async with self._live_pool.acquire() as conn, conn.transaction():
            self.statements += 4
            await conn.execute("SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))", LOCK_CLASS_OWNER)
            await conn.execute("INSERT INTO owner (scope) VALUES ($1) ON CONFLICT (scope) DO NOTHING", scope)
            rows = await conn.fetch("SELECT * FROM owner WHERE scope = $1 OR token IS NOT NULL FOR UPDATE", scope)
            claims = [self._to_claim(r) for r in rows]
            before = next(c for c in claims if c.scope == scope)
            now = float(self.wall_clock())
            overlapping = [c for c in claims if c.scope != scope and scopes_conflict(c.scope, scope)
                           and c.token is not None and c.token != token]
            blocking = next((c for c in [before, *overlapping] if self._alive(c, token, now)), None)
            if blocking is not None:
                return None, blocking
            me = self.identity
            self.statements += 1 + len(overlapping)
            for stale in overlapping:
                await conn.execute("UPDATE owner SET token = NULL WHERE scope = $1 AND token = $2",
                                   stale.scope, stale.token)
            mine = await conn.fetchrow(
                "UPDATE owner SET token = $2, pid = $3, host = $4, boot = $5, started_at = $6, heartbeat = $6"
                " WHERE scope = $1 RETURNING *", scope, token, me.pid, me.host, me.boot, now)
            return self._to_claim(mine), (before if before.token is not None else None)

    async def acquire_ownership(self, scope: str | None = None, *, wait: bool = True) -> base.OwnerClaim:
        """Claim `scope`, or (None) every scope this store serves: its shards' (`serve_shards`),
        else `all`. All or nothing: when one is refused, those taken by this call are given
        back before `StoreOwned` is raised."""
        scopes = [scope] if scope is not None else self.served_scopes
        token = self._token or secrets.token_hex(8)
        taken: list[str] = []
        claim: base.OwnerClaim | None = None
        try:
            for one in scopes:
                claim = await self._acquire_one(one, token, wait)
                if one not in self._scopes:
                    taken.append(one)
                    self._scopes.append(one)
                self._token = token
        except BaseException:
            if taken:
                with suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError, base.StoreError):
                    await self._fetch("UPDATE owner SET token = NULL WHERE scope = ANY($1::text[]) AND token = $2",
                                      taken, token)
                self._scopes = [s for s in self._scopes if s not in taken]
                if not self._scopes:
                    self._token = None
            raise
        assert claim is not None
        self._refused = None
        return claim

    async def renew_ownership(self) -> None:
        if self._token is None or not self._scopes:
            return
        self._check()
        row = await self._fetchrow(
            "WITH m AS (SELECT value FROM meta WHERE key = 'database_id'),"
            " u AS (UPDATE owner SET heartbeat = $1 WHERE scope = ANY($2::text[]) AND token = $3"
            " AND (SELECT value FROM m) = $4 RETURNING scope)"
            " SELECT (SELECT value FROM m) AS database_id, (SELECT count(*) FROM u) AS renewed",
            float(self.wall_clock()), list(self._scopes), self._token, self.database_id)
        assert row is not None
        if row["database_id"] != self.database_id:
            self._refused = base.DatabaseGone(self.path, "replaced")
            raise self._refused
        if row["renewed"] != len(self._scopes):
            self._refused = base.OwnershipLost(f"another process took over {self.path}")
            raise self._refused

    async def release_ownership(self) -> None:
        token, scopes = self._token, self._scopes
        self._token, self._scopes = None, []
        if token is None or self._pool is None or self._refused is not None:
            return
        with suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError, base.StoreError):
            await self._fetch("UPDATE owner SET token = NULL WHERE scope = ANY($1::text[]) AND token = $2",
                              scopes, token)

    # ------------------------------------------------------------------ the turn clock across processes

    async def claim_due_game(self, game_id: int, now: float) -> base.GameRecord | None:
        """The game, locked until the caller's transaction ends, if it is open, due, of a served
        shard and not being handled by another process (whose lock it skips); else None.

        Two locks: the per-game advisory lock (`LOCK_CLASS_GAME`, taken with `try`, never
        waited for) and the row itself `FOR UPDATE SKIP LOCKED`. Outside a transaction both end
        with the statement, which leaves a plain "still due?" check."""
        args = _Args()
        gid = args(int(game_id), "int8")
        sql = (f"SELECT {base.GAME_COLUMNS} FROM games WHERE id = {gid} AND status IN {base.OPEN_SQL}"
               f" AND deadline IS NOT NULL AND deadline <= {args(float(now), 'float8')}"
               f" AND {self._served(args, 'guild_id')}"
               f" AND pg_try_advisory_xact_lock({args(LOCK_CLASS_GAME, 'int4')}, hashtext(current_schema() || ':' || id))"
               " FOR UPDATE SKIP LOCKED")
        row = await self._fetchrow(sql, *args.values)
        return None if row is None else self._to_game(row)

    # ------------------------------------------------------------------ outbox

    async def enqueue_message(self, target: Literal["channel", "user"], target_id: int,
                              payload: Mapping[str, Any], game_id: int | None = None) -> int:
        """Fenced with the lease of the game's shard (a message of no game: any lease held)."""
        self._check_target(target)
        args = _Args()
        gid = args(None if game_id is None else int(game_id), "int8")
        fence = self._fence(args, None if game_id is None else lambda: self._scope_of_game(args, gid))
        sql = (
            f"WITH fence AS ({fence}),"
            " ins AS (INSERT INTO outbox (target, target_id, game_id, payload, created_at)"
            f" SELECT {args(target, 'text')}, {args(int(target_id), 'int8')}, {gid},"
            f" {args(base.dump_json(dict(payload)), 'text')}, {args(float(self.clock()), 'float8')} FROM fence"
            " RETURNING id)"
            " SELECT (SELECT id FROM ins) AS id"
        )
        row = await self._write(sql, *args.values)
        if row is None or row["id"] is None:
            raise await (self._fence_failed(None) if game_id is None else self._fence_failed(game_id=game_id))
        return int(row["id"])

    async def pending_messages(self, limit: int = 50, game_id: int | None = None) -> list[base.OutboxMessage]:
        """The served shards' undelivered messages (a message of no game belongs to shard 0)."""
        args = _Args()
        served = self._served(args, "(SELECT g.guild_id FROM games g WHERE g.id = o.game_id)")
        of_game = "" if game_id is None else f" AND o.game_id = {args(int(game_id), 'int8')}"
        rows = await self._fetch(
            f"SELECT {base.OUTBOX_COLUMNS} FROM outbox o"
            f" WHERE o.delivered_at IS NULL AND {served}{of_game} ORDER BY o.id LIMIT {args(max(0, int(limit)), 'int8')}",
            *args.values)
        return [self._to_message(r) for r in rows]

    def _message_scope(self, args: _Args, mid: str) -> Callable[[], str]:
        return lambda: self._scope_of_game(args, f"(SELECT game_id FROM outbox WHERE id = {mid})")

    async def mark_delivered(self, message_id: int, discord_message_id: int | None,
                             error: str | None = None) -> None:
        args = _Args()
        mid = args(int(message_id), "int8")
        scope = self._message_scope(args, mid)
        body = (f"UPDATE outbox SET delivered_at = {args(float(self.clock()), 'float8')},"
                f" message_id = {args(discord_message_id, 'int8')}, error = {args(error, 'text')},"
                f" attempts = attempts + 1 WHERE id = {mid}"
                " AND delivered_at IS NULL AND EXISTS (SELECT 1 FROM fence)")
        await self._fenced_write(body, args, scope, message_id=message_id)

    async def note_attempt(self, message_id: int, error: str) -> None:
        args = _Args()
        mid = args(int(message_id), "int8")
        scope = self._message_scope(args, mid)
        body = (f"UPDATE outbox SET attempts = attempts + 1, error = {args(error[:500], 'text')}"
                f" WHERE id = {mid} AND EXISTS (SELECT 1 FROM fence)")
        await self._fenced_write(body, args, scope, message_id=message_id)

    # ------------------------------------------------------------------ diagnostics

    async def stats(self) -> base.StoreStats:
        row = await self._fetchrow(
            "SELECT (SELECT count(*) FROM games) AS games,"
            f" (SELECT count(*) FROM games WHERE status IN {base.OPEN_SQL}) AS open_games,"
            " (SELECT count(*) FROM actions) AS actions,"
            " (SELECT count(*) FROM user_settings) AS user_settings,"
            " (SELECT COALESCE(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c"
            "  WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r') AS bytes")
        assert row is not None
        size = int(row["bytes"])
        return self._to_stats(int(row["games"]), int(row["open_games"]), int(row["actions"]),
                              int(row["user_settings"]), db_bytes=size, disk_bytes=size)
