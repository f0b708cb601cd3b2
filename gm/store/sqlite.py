"""The embedded default backend: one SQLite file accessed through aiosqlite.

Why it is safe:

* WAL journal + `synchronous=NORMAL`: every commit is atomic and the file is never left
  half-written by a crash; at worst the last few commits before a power cut are lost as a
  whole (use `synchronous="FULL"` to make commits durable at that moment too).
* Every write runs in an explicit `BEGIN IMMEDIATE` transaction, so the version check and
  the writes that depend on it happen under SQLite's write lock, also against other
  processes opening the same file (they wait up to `busy_timeout_ms`).
* One aiosqlite connection serialises statements on a worker thread, but coroutines could
  still interleave *between* statements of one transaction (or read another coroutine's
  uncommitted rows). An asyncio lock around every operation prevents both.
* One writer per file: a bot process claims the `owner` row (`acquire_ownership`) and every
  write re-reads it inside its transaction, so a second process is refused at start-up and
  a process that lost its lease cannot write (see `gm.store.ownership`).
* The file under `path` is checked before every operation (device and inode, and the
  `database_id` at each heartbeat): if it was removed or replaced, the store refuses
  everything (`DatabaseGone`) instead of acknowledging writes into an unlinked file.
* A full disk (SQLITE_FULL, ENOSPC) rolls the transaction back and raises `StorageFull`.

Why it is fast: a trip to aiosqlite's worker thread (queue the call, wake the worker, wake
the event loop with the answer) costs more than the SQL of a small write, so a committed action
makes none. The event loop's thread owns two more connections to the same file. Every write
(`BEGIN IMMEDIATE`, the lease check, the version check, the rows, the file check, `COMMIT`)
runs on the loop's own writing connection as one plain function (`_write_in`): in WAL mode
with `synchronous=NORMAL` a commit appends to the log without waiting for the disk, which
takes tens of microseconds. That connection never waits: its busy timeout is zero, and when
another process holds the write lock the write goes to the worker thread, which may wait.
It never checkpoints either (a checkpoint copies the log into the file and syncs it, which
may take milliseconds): every few hundred such commits the worker folds the log back in the
background (`_checkpoint_soon`). The small reads of a press (its game, a "seen" marker) run
on a read-only connection of the loop (`_read_now`), which in WAL mode never waits for the
writer and sees every committed write. Inside `transaction()` reads and writes go to the
worker's connection, whose transaction spans several calls.
"""
from __future__ import annotations

import asyncio
import contextvars
import errno
import json
import logging
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

# (grouped by role: the shared SQL store and its columns, records, errors)
from .base import (
    ACTION_COLUMNS,
    GAME_COLUMNS,
    GAME_COLUMNS_NO_STATE,
    OPEN_SQL,
    OPEN_STATUSES,
    OUTBOX_COLUMNS,
    UNSET,
    ActionRecord,
    DatabaseGone,
    DatabaseUnreadable,
    GameExists,
    GameNotFound,
    GameRecord,
    LogMeta,
    OutboxMessage,
    OwnerClaim,
    OwnershipLost,
    SqlStore,
    StaleVersion,
    StoreError,
    StoreOwned,
    StoreStats,
    StoreTxn,
    _note_key,
    _Unset,
    dump_json,
    pack_action,
    pack_events,
)
from .identity import ProcessIdentity
from .migrations import current_version, migrate
from .ownership import DEFAULT_LEASE_SECONDS

log = logging.getLogger(__name__)
SQLITE_FULL = 13
SQLITE_BUSY, SQLITE_LOCKED = 5, 6
#: how long a read on the event loop's own connection may wait for a lock before it goes to
#: the worker thread instead (readers of a WAL database wait only in rare moments, such as
#: another process recovering the log after a crash)
READER_BUSY_MS = 20
#: commits on the event loop's connection between two checkpoints of the log on the worker
#: thread (SQLite's own automatic checkpoint, at 1000 pages, is off on that connection)
CHECKPOINT_EVERY = 200
OWNER_SCOPE = "all"

#: a versioned write reads the row it changes and the log's newest seq in one statement
_CHANGE_READ = {
    columns: f"SELECT {columns}, (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = games.id)"
             " AS last_seq FROM games WHERE id = ?"
    for columns in (GAME_COLUMNS, GAME_COLUMNS_NO_STATE)
}
_INSERT_ACTION = ("INSERT INTO actions (game_id, seq, actor, action, created_at, version_after,"
                  " events, state_hash, revealed, packed, packed_action) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_UPSERT_USER_SETTING = ("INSERT INTO user_settings (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)"
                        " ON CONFLICT (user_id, key) DO UPDATE"
                        " SET value = excluded.value, updated_at = excluded.updated_at")

Synchronous = Literal["OFF", "NORMAL", "FULL", "EXTRA"]
T = TypeVar("T")
Work = Callable[[sqlite3.Connection], T]
"""The body of one write: runs on aiosqlite's worker thread with the raw connection."""


class _RawConnection(sqlite3.Connection):
    """A plain `sqlite3.Connection`. Being a Python subclass it has a `__dict__`, so a test can
    wrap one of its methods (e.g. make `execute("COMMIT")` fail as a full disk would)."""


def is_disk_full(exc: BaseException) -> bool:
    """SQLite's "database or disk is full", or the OS's "no space left on device"."""
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        return (code is not None and code & 0xFF == SQLITE_FULL) or "disk is full" in str(exc)
    return isinstance(exc, OSError) and exc.errno == errno.ENOSPC


_CURRENT_TXN: contextvars.ContextVar[StoreTxn | None] = contextvars.ContextVar("gm_store_txn", default=None)


class SqliteStore(SqlStore):
    """`GameStore` on a SQLite file (or `":memory:"` for fast tests).

    The path is chosen by the caller (the bot defaults to `./gm.sqlite3`); a missing parent
    folder is created. `clock` supplies every timestamp so tests control time.
    """

    _current_txn = _CURRENT_TXN
    _no_limit = -1  # SQLite's LIMIT for "all of them"
    _driver_errors = (sqlite3.Error, OSError)
    _is_disk_full = staticmethod(is_disk_full)

    def __init__(self, path: str | os.PathLike[str], *,
                 clock: Callable[[], float] = time.time,
                 synchronous: Synchronous = "NORMAL",
                 busy_timeout_ms: int = 5000,
                 lease_seconds: float = DEFAULT_LEASE_SECONDS,
                 wall_clock: Callable[[], float] = time.time,
                 identity: ProcessIdentity | None = None) -> None:
        super().__init__(clock=clock, wall_clock=wall_clock, lease_seconds=lease_seconds, identity=identity)
        self._claim_token: str | None = None
        self._file_id: tuple[int, int] | None = None
        self.path = str(path)
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"bad synchronous mode {synchronous!r}")
        self._synchronous = synchronous
        self._busy_timeout_ms = int(busy_timeout_ms)
        self._db: aiosqlite.Connection | None = None
        #: a second connection, used on the event loop's thread for the small reads of a press
        #: (see `_read_now`); None for `:memory:` and URI databases
        self._reader: sqlite3.Connection | None = None
        self._reader_thread: int | None = None
        #: the event loop's writing connection (see "Why it is fast"); None where `_reader` is
        self._writer: sqlite3.Connection | None = None
        self._loop_commits = 0
        self._checkpointing: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        self.journal_mode: str | None = None
        """What SQLite reports after open: 'wal' for files, 'memory' for `:memory:`."""

    @property
    def in_memory(self) -> bool:
        return self.path in (":memory:", "")

    # ------------------------------------------------------------------ lifecycle

    async def open(self) -> None:
        if self._db is not None:
            return
        is_uri = self.path.startswith("file:")
        if not self.in_memory and not is_uri:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: autocommit mode, so transactions are exactly the
        # BEGIN IMMEDIATE ... COMMIT blocks written below, never implicit ones.
        try:
            db = await aiosqlite.connect(self.path, isolation_level=None, uri=is_uri, factory=_RawConnection)
        except sqlite3.Error as exc:
            raise self._unreadable(exc) from exc
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {self._busy_timeout_ms}")
            rows = list(await db.execute_fetchall("PRAGMA journal_mode = WAL"))
            self.journal_mode = str(rows[0][0]).lower()
            await db.execute(f"PRAGMA synchronous = {self._synchronous}")
            await db.execute("PRAGMA foreign_keys = ON")
            await migrate(db)
            rows = list(await db.execute_fetchall("SELECT value FROM meta WHERE key = 'database_id'"))
            self.database_id = str(rows[0][0]) if rows else ""
        except sqlite3.DatabaseError as exc:
            await db.close()
            raise self._unreadable(exc) from exc
        except BaseException:
            await db.close()
            raise
        self._db = db
        self._refused = None
        self._file_id = self._stat_id()
        if not self.in_memory and not is_uri:
            self._open_loop_connections()

    def _unreadable(self, exc: sqlite3.Error) -> DatabaseUnreadable:
        """What opening the file met: a damaged file or one that is no database ("file is not a
        database", "database disk image is malformed") is told apart from one that cannot be
        opened at all (permissions, a folder in the way: an OperationalError)."""
        return DatabaseUnreadable(self.path, str(exc), corrupt=not isinstance(exc, sqlite3.OperationalError))

    def _open_loop_connections(self) -> None:
        """The event loop thread's read-only and writing connections (after the migrations ran)."""
        reader = sqlite3.connect(self.path, isolation_level=None)
        writer: sqlite3.Connection | None = None
        try:
            reader.row_factory = sqlite3.Row
            reader.execute(f"PRAGMA busy_timeout = {READER_BUSY_MS}")
            reader.execute("PRAGMA query_only = ON")
            writer = sqlite3.connect(self.path, isolation_level=None, factory=_RawConnection)
            writer.row_factory = sqlite3.Row
            writer.execute("PRAGMA busy_timeout = 0")  # never wait on the event loop
            writer.execute(f"PRAGMA synchronous = {self._synchronous}")
            writer.execute("PRAGMA foreign_keys = ON")
            writer.execute("PRAGMA wal_autocheckpoint = 0")  # the worker checkpoints instead
        except BaseException:
            reader.close()
            if writer is not None:
                writer.close()
            raise
        self._reader, self._writer, self._reader_thread = reader, writer, threading.get_ident()

    async def close(self) -> None:
        if self._checkpointing is not None:
            with suppress(Exception):
                await self._checkpointing
        for name in ("_reader", "_writer"):
            conn = getattr(self, name)
            if conn is not None:
                setattr(self, name, None)
                with suppress(sqlite3.Error):
                    conn.close()
        if self._db is None:
            return
        async with self._lock:  # let an in-flight transaction finish first
            db, self._db = self._db, None
            if db is None:
                return
            with suppress(sqlite3.Error):
                await db.execute("PRAGMA optimize")
            await db.close()

    async def schema_version(self) -> int:
        """The `PRAGMA user_version` of the open database."""
        async with self._locked():
            return await current_version(self._conn)

    async def checkpoint(self) -> None:
        """Fold the WAL back into the main file (e.g. before measuring `disk_bytes`)."""
        async with self._locked():
            if not self.in_memory:
                await self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # ------------------------------------------------------------------ the file under our feet

    def _stat_id(self) -> tuple[int, int] | None:
        if self.in_memory or self.path.startswith("file:"):
            return None
        st = os.stat(self.path)
        return (st.st_dev, st.st_ino)

    def _check_file(self) -> None:
        """Refuse to go on when the file at `path` is not the one we opened.

        Called on the event loop before each operation and, inside a write, on the worker
        thread just before COMMIT (a write into a removed file must not be acknowledged)."""
        if self._refused is not None:
            raise self._refused
        if self._file_id is None:
            return
        try:
            now = self._stat_id()
        except FileNotFoundError:
            self._refused = DatabaseGone(self.path, "removed")
            raise self._refused from None
        if now != self._file_id:
            self._refused = DatabaseGone(self.path, "replaced")
            raise self._refused

    # ------------------------------------------------------------------ plumbing

    @property
    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("the store is not open; call open() first")
        return self._db

    @asynccontextmanager
    async def _locked(self) -> AsyncIterator[None]:
        """The store's lock, unless this task already holds it through `transaction()`."""
        if self._txn() is not None:
            yield
            return
        async with self._lock:
            yield

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._locked():
            self._check_file()
            return list(await self._conn.execute_fetchall(sql, params))

    async def _read_now(self, read: Callable[[sqlite3.Connection], T]) -> T:
        """`read(connection)` on the event loop's own connection, without a trip to the worker.

        A point read of a WAL database takes microseconds and never waits for the writer,
        while a trip costs a wake-up of the worker and of the event loop (and, with another
        thread busy drawing a picture, a wait for the interpreter lock): the reads of a press
        (its game, the "seen" marker) are done here. It sees every committed write, as a read
        queued behind it on the worker would. Inside `transaction()` (whose rows only the
        writer's connection sees yet), for `:memory:`, on another thread, or if the file is
        locked for a moment, the read makes its one trip to the worker as before."""
        reader = self._reader
        if reader is not None and self._txn() is None and threading.get_ident() == self._reader_thread:
            self._check_file()
            try:
                return read(reader)
            except sqlite3.OperationalError as exc:
                if getattr(exc, "sqlite_errorcode", 0) & 0xFF not in (SQLITE_BUSY, SQLITE_LOCKED):
                    raise
        async with self._locked():
            self._check_file()
            return await self._hop(read)

    async def _rows_now(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        return await self._read_now(lambda conn: conn.execute(sql, params).fetchall())

    # the shared reads (`SqlStore`): the worker's connection, a press's small ones on the loop's
    _query = _fetchall
    _query_now = _rows_now

    async def _hop(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(raw_connection, *args)` on aiosqlite's worker thread: exactly one trip.

        aiosqlite has no public call for this; `Connection._execute` (queue a callable on the
        worker, await its result) is what every one of its own methods goes through."""
        db = self._conn
        result: T = await db._execute(fn, db._conn, *args)  # type: ignore[no-untyped-call]  # aiosqlite's own untyped queue call
        return result

    def _fence_sync(self, conn: sqlite3.Connection) -> None:
        """Inside a write transaction: only the lease holder (or, with no live holder, anyone)
        may write. Cheap: one primary-key lookup. (`:memory:` is private to one connection.)"""
        if self.in_memory:
            return
        row = conn.execute("SELECT token, heartbeat FROM owner WHERE scope = ?", (OWNER_SCOPE,)).fetchone()
        token, heartbeat = (None, None) if row is None else (row[0], row[1])
        if self._claim_token is not None:
            if token != self._claim_token:
                self._refused = OwnershipLost(
                    f"another process took over {self.path}" if token else
                    f"this process no longer holds {self.path}")
                raise self._refused
            return
        if token is not None and heartbeat is not None and self.wall_clock() - heartbeat <= self.lease_seconds:
            claim = conn.execute("SELECT * FROM owner WHERE scope = ?", (OWNER_SCOPE,)).fetchone()
            raise StoreOwned(self.path, self._to_claim(claim))

    @staticmethod
    def _rollback_sync(conn: sqlite3.Connection) -> None:
        """Undo an open transaction, if any (a failed COMMIT, e.g. disk full, leaves it open)."""
        if conn.in_transaction:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")

    def _begin_sync(self, conn: sqlite3.Connection, fence: bool = True, begun: bool = False) -> None:
        if not begun:
            conn.execute("BEGIN IMMEDIATE")
        if fence:
            try:
                self._fence_sync(conn)
            except BaseException:
                self._rollback_sync(conn)
                raise

    def _commit_sync(self, conn: sqlite3.Connection) -> None:
        self._check_file()  # removed meanwhile: do not acknowledge a lost write
        conn.execute("COMMIT")

    def _transaction_sync(self, conn: sqlite3.Connection, work: Work[T], fence: bool, begun: bool = False) -> T:
        """One whole write transaction (on the worker thread, or on the loop's connection with
        BEGIN IMMEDIATE already `begun`): committed if `work` succeeds, rolled back otherwise."""
        self._begin_sync(conn, fence, begun)
        try:
            result = work(conn)
            self._commit_sync(conn)
        except BaseException:
            self._rollback_sync(conn)
            raise
        return result

    @staticmethod
    def _savepoint_sync(conn: sqlite3.Connection, name: str, work: Work[T]) -> T:
        """One write inside `transaction()`: a savepoint, so a failed write leaves the rest."""
        conn.execute(f"SAVEPOINT {name}")
        try:
            result = work(conn)
        except BaseException:
            with suppress(sqlite3.Error):
                conn.execute(f"ROLLBACK TO {name}")
                conn.execute(f"RELEASE {name}")
            raise
        conn.execute(f"RELEASE {name}")
        return result

    async def _write_in(self, work: Work[T], *, fence: bool = True) -> T:
        """Run `work(conn)` as one write transaction, whole, with nothing in between.

        Everything the write needs (BEGIN IMMEDIATE, the lease check, the reads it decides
        on, its rows, the file check, COMMIT, or ROLLBACK on any failure) runs in one call:
        on the event loop's writing connection, or, when another process holds the write
        lock, in one trip to the worker thread (which waits for it). Either way no other
        coroutine's statement can run in between, and a cancelled caller cannot leave the
        transaction half done. Inside `transaction()` it is a savepoint of the surrounding
        transaction instead.
        """
        txn = self._txn()
        if txn is not None:
            self._check_file()
            txn.savepoints += 1
            return await self._hop(self._savepoint_sync, f"w{txn.savepoints}", work)
        async with self._lock:
            # the file itself is checked just before COMMIT (`_commit_sync`): a write into a
            # removed or replaced file is rolled back there, so only a refusal already known
            # is raised here, without another stat of the file
            if self._refused is not None:
                raise self._refused
            with self._full_disk():
                writer = self._writer
                if writer is not None and threading.get_ident() == self._reader_thread:
                    done, result = self._write_on_loop(writer, work, fence)
                    if done:
                        return result  # type: ignore[return-value]  # done: the work's own result (None only when not done)
                return await self._hop(self._transaction_sync, work, fence)

    def _write_on_loop(self, writer: sqlite3.Connection, work: Work[T], fence: bool) -> tuple[bool, T | None]:
        """The write on the event loop's connection: (True, result), or (False, None) when the
        write lock is taken (by another process) and nothing was done."""
        try:
            writer.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if getattr(exc, "sqlite_errorcode", 0) & 0xFF in (SQLITE_BUSY, SQLITE_LOCKED):
                return False, None
            raise
        result = self._transaction_sync(writer, work, fence, begun=True)
        self._loop_commits += 1
        if self._loop_commits % CHECKPOINT_EVERY == 0:
            self._checkpoint_soon()
        return True, result

    def _checkpoint_soon(self) -> None:
        """Fold the log back into the file on the worker thread, in the background: the loop's
        connection never checkpoints, so without this the log would grow without end. A
        PASSIVE checkpoint waits for nobody and nobody waits for it (WAL readers and the
        writer go on meanwhile); one already under way is not doubled."""
        if self._checkpointing is not None and not self._checkpointing.done():
            return

        def checkpoint(conn: sqlite3.Connection) -> None:
            if not conn.in_transaction:  # not in the middle of a `transaction()`
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

        async def run() -> None:
            try:
                await self._hop(checkpoint)
            except (sqlite3.Error, ValueError, StoreError) as exc:  # tried again next time
                log.info("background checkpoint of %s skipped: %s", self.path, exc)

        self._checkpointing = asyncio.get_running_loop().create_task(run())

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        if self._txn() is not None:  # nested: part of the outer one
            yield
            return
        async with self._lock:
            self._check_file()
            with self._in_transaction():
                await self._hop(self._begin_sync)
                try:
                    yield
                    await self._hop(self._commit_sync)
                except BaseException:
                    # Trips run in FIFO order on aiosqlite's thread, so this ROLLBACK runs
                    # after any trip still in flight (even when we were cancelled).
                    with suppress(sqlite3.Error, ValueError):
                        await self._hop(self._rollback_sync)
                    raise

    @staticmethod
    def _record(row: sqlite3.Row, changed: Mapping[str, Any], parsed: Mapping[str, Any]) -> GameRecord:
        """The game as stored after an UPDATE of `changed` columns on `row` (JSON columns
        given parsed in `parsed`), without reading it back."""
        return GameRecord(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            system=row["system"],
            options=parsed["options"] if "options" in parsed else json.loads(row["options"]),
            seed=int(row["seed"]),
            version=changed["version"],
            state=changed["state"] if "state" in changed else row["state"],
            status=changed.get("status", row["status"]),
            host_id=changed["host_id"] if "host_id" in changed else row["host_id"],
            created_at=row["created_at"],
            updated_at=changed["updated_at"],
            deadline=changed["deadline"] if "deadline" in changed else row["deadline"],
            settings=parsed["settings"] if "settings" in parsed else json.loads(row["settings"]),
        )

    def _game_sync(self, conn: sqlite3.Connection, game_id: int) -> GameRecord | None:
        row = conn.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else self._to_game(row)

    def _open_game_sync(self, conn: sqlite3.Connection, channel_id: int) -> GameRecord | None:
        row = conn.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN {OPEN_SQL}",
            (channel_id,),
        ).fetchone()
        return None if row is None else self._to_game(row)

    async def _change(self, game_id: int, expected_version: int | None,
                      fields: dict[str, Any],
                      log: tuple[str, str] | None,
                      meta: LogMeta | None = None) -> GameRecord:
        """Shared body of every versioned write: check, log, update, bump - atomically, in
        one trip to the worker thread.

        `fields` maps column names (chosen by this module, never by callers) to new
        values; `log` is an (actor, action JSON) pair to append, or None.
        """
        status = self._closing_fields(fields)
        row: tuple[Any, ...] | None = None
        seen: tuple[int, str] | None = None
        if log is not None:  # serialised here: a bad payload fails before the transaction
            meta = meta or LogMeta()
            events_text, packed = pack_events(meta.events)
            action_text, packed_action = pack_action(log[1])
            row = (log[0], action_text, events_text, meta.state_hash, int(meta.revealed), packed, packed_action)
            seen = meta.seen

        # The row is read without `state` when the write replaces it (a state is kilobytes),
        # and the record returned is built from that row and the new values, as a re-read
        # would give it back: one read, one insert, one update per commit.
        read = _CHANGE_READ[GAME_COLUMNS if "state" not in fields else GAME_COLUMNS_NO_STATE]
        parsed: dict[str, Any] = {k: json.loads(fields[k]) for k in ("options", "settings") if k in fields}
        assignments = ", ".join(f"{column} = ?" for column in fields)
        update = f"UPDATE games SET {assignments}{', ' if fields else ''}version = ?, updated_at = ? WHERE id = ? AND version = ?"
        values = tuple(fields.values())

        def work(conn: sqlite3.Connection) -> GameRecord:
            now = float(self.clock())  # under the write lock, as the rows it stamps
            found = conn.execute(read, (game_id,)).fetchone()
            if found is None:
                raise GameNotFound(game_id)
            version = found["version"]
            if expected_version is not None and version != expected_version:
                raise StaleVersion(version, game_id=game_id, expected_version=expected_version)
            new_version = version + 1
            if row is not None:
                actor, action_json, events_json, state_hash, revealed, packed, packed_action = row
                seq = int(found["last_seq"]) + 1
                conn.execute(_INSERT_ACTION, (game_id, seq, actor, action_json, now, new_version,
                                              events_json, state_hash, revealed, packed, packed_action))
                if seen is not None:  # "seen up to here", as mark_last_seq writes it
                    conn.execute(_UPSERT_USER_SETTING, (int(seen[0]), str(seen[1]), dump_json(seq), now))
            try:
                cursor = conn.execute(update, (*values, new_version, now, game_id, version))
                if cursor.rowcount != 1:  # cannot happen under BEGIN IMMEDIATE
                    raise StaleVersion(version, game_id=game_id, expected_version=expected_version)
            except sqlite3.IntegrityError:
                # Re-opening a game in a channel that meanwhile got another open game.
                if status in OPEN_STATUSES:
                    other = self._open_game_sync(conn, found["channel_id"])
                    if other is not None and other.id != game_id:
                        raise GameExists(other) from None
                raise
            return self._record(found, {**fields, "version": new_version, "updated_at": now}, parsed)

        return await self._write_in(work)

    # ------------------------------------------------------------------ games

    async def _insert_game(self, game: dict[str, Any]) -> GameRecord:
        channel_id = game["channel_id"]
        values = (game["guild_id"], channel_id, game["system"], game["options"], str(game["seed"]),
                  game["state"], game["status"], game["host_id"])

        def work(conn: sqlite3.Connection) -> GameRecord:
            now = float(self.clock())
            if game["status"] in OPEN_STATUSES:
                existing = self._open_game_sync(conn, channel_id)
                if existing is not None:
                    raise GameExists(existing)
            try:
                game_id = conn.execute(
                    "INSERT INTO games (guild_id, channel_id, system, options, seed, version,"
                    " state, status, host_id, created_at, updated_at, deadline, settings)"
                    " VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)",
                    (*values, now, now, game["deadline"], game["settings"]),
                ).lastrowid
            except sqlite3.IntegrityError:
                existing = self._open_game_sync(conn, channel_id)
                if existing is not None:
                    raise GameExists(existing) from None
                raise
            assert game_id is not None
            record = self._game_sync(conn, game_id)
            assert record is not None
            return record

        return await self._write_in(work)

    async def list_active_games(self) -> list[GameRecord]:
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN {OPEN_SQL} ORDER BY id"
        )
        return [self._to_game(r) for r in rows]

    async def list_due_games(self, now: float) -> list[GameRecord]:
        """Open games whose deadline is at or before `now`, earliest first (turn clock)."""
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN {OPEN_SQL}"
            " AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline, id",
            (now,),
        )
        return [self._to_game(r) for r in rows]

    async def list_owed_games(self, before: float, since: float) -> list[GameRecord]:
        key = f"$.{self.OWED_KEY}"
        rows = await self._fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE (status = 'active' OR (status = 'finished' AND updated_at >= ?))"
            f" AND settings LIKE ? AND json_extract(settings, ?) <= ? ORDER BY id",
            (since, f'%"{self.OWED_KEY}"%', key, before),
        )
        return [self._to_game(r) for r in rows]

    async def last_seq(self, game_id: int) -> int:
        rows = await self._rows_now("SELECT COALESCE(MAX(seq), 0) AS n FROM actions WHERE game_id = ?", (game_id,))
        return int(rows[0]["n"])

    async def set_settings(self, game_id: int, settings: Mapping[str, Any],
                           deadline: float | None | _Unset = UNSET) -> GameRecord:
        fields: dict[str, Any] = {"settings": dump_json(dict(settings))}
        if deadline is not UNSET:
            fields["deadline"] = deadline
        assignments = ", ".join(f"{column} = ?" for column in fields)

        def work(conn: sqlite3.Connection) -> GameRecord:
            cursor = conn.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*fields.values(), game_id))
            if cursor.rowcount != 1:
                raise GameNotFound(game_id)
            updated = self._game_sync(conn, game_id)
            assert updated is not None
            return updated

        return await self._write_in(work)

    async def put_settings(self, game_id: int, settings: Mapping[str, Any]) -> None:
        text = dump_json(dict(settings))

        def work(conn: sqlite3.Connection) -> None:
            if conn.execute("UPDATE games SET settings = ? WHERE id = ?", (text, game_id)).rowcount != 1:
                raise GameNotFound(game_id)

        await self._write_in(work)

    # ------------------------------------------------------------------ action log

    # ------------------------------------------------------------------ user settings

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        if value is None:
            def delete(conn: sqlite3.Connection) -> None:
                conn.execute("DELETE FROM user_settings WHERE user_id = ? AND key = ?", (user_id, key))

            await self._write_in(delete)
            return
        value_json = dump_json(value)

        def upsert(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO user_settings (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (user_id, key) DO UPDATE"
                " SET value = excluded.value, updated_at = excluded.updated_at",
                (user_id, key, value_json, float(self.clock())),
            )

        await self._write_in(upsert)

    async def set_note(self, key: str, value: str) -> None:
        key = _note_key(key)

        def upsert(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                         (key, str(value)))

        await self._write_in(upsert)

    async def user_setting_and_last_seq(self, user_id: int, key: str, game_id: int,
                                        default: Any = None) -> tuple[Any, int]:
        rows = await self._rows_now(
            "SELECT (SELECT value FROM user_settings WHERE user_id = ? AND key = ?),"
            " (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?)", (user_id, key, game_id))
        value, seq = rows[0][0], rows[0][1]
        return (default if value is None else json.loads(value)), int(seq)

    async def mark_last_seq(self, user_id: int, key: str, game_id: int) -> int:
        def work(conn: sqlite3.Connection) -> int:
            seq = int(conn.execute("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?",
                                   (game_id,)).fetchone()[0])
            conn.execute(_UPSERT_USER_SETTING, (user_id, key, dump_json(seq), float(self.clock())))
            return seq

        return await self._write_in(work)

    async def actions_since_mark(self, user_id: int, key: str, game_id: int) -> tuple[int, list[ActionRecord]]:
        """The marker and the rows after it together (the base class makes two calls)."""
        def read(conn: sqlite3.Connection) -> tuple[int, list[ActionRecord]]:
            found = conn.execute("SELECT value FROM user_settings WHERE user_id = ? AND key = ?",
                                 (user_id, key)).fetchone()
            mark = int(json.loads(found[0]) or 0) if found is not None else 0
            if mark == 0:
                return 0, []
            rows = conn.execute(
                f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, mark)).fetchall()
            return mark, [self._to_action(r) for r in rows]

        return await self._read_now(read)

    # ------------------------------------------------------------------ one writer per database

    async def _try_claim(self, scope: str, token: str) -> tuple[OwnerClaim | None, OwnerClaim | None]:
        """One attempt in one transaction: (our claim if we got it, the claim there before)."""

        def work(conn: sqlite3.Connection) -> tuple[OwnerClaim | None, OwnerClaim | None]:
            row = conn.execute("SELECT * FROM owner WHERE scope = ?", (scope,)).fetchone()
            before = None if row is None else self._to_claim(row)
            now = float(self.wall_clock())
            if before is not None and self._alive(before, token, now):
                return None, before
            me = self.identity
            conn.execute(
                "INSERT INTO owner (scope, token, pid, host, boot, started_at, heartbeat)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope) DO UPDATE SET"
                " token = excluded.token, pid = excluded.pid, host = excluded.host,"
                " boot = excluded.boot, started_at = excluded.started_at, heartbeat = excluded.heartbeat",
                (scope, token, me.pid, me.host, me.boot, now, now),
            )
            mine = conn.execute("SELECT * FROM owner WHERE scope = ?", (scope,)).fetchone()
            return self._to_claim(mine), before

        # no fence: this is the claim the fence checks
        return await self._write_in(work, fence=False)

    async def acquire_ownership(self, scope: str = OWNER_SCOPE, *, wait: bool = True) -> OwnerClaim:
        if scope != OWNER_SCOPE:
            raise ValueError(f"a SQLite store has one scope, {OWNER_SCOPE!r}")
        if self.in_memory:
            self._claim_token = "memory"
            return OwnerClaim(scope=scope, token=self._claim_token)
        token = secrets.token_hex(8)
        mine = await self._acquire_one(scope, token, wait)
        self._claim_token = token
        self._refused = None
        return mine

    async def renew_ownership(self) -> None:
        if self._claim_token is None or self.in_memory:
            return
        token = self._claim_token

        def work(conn: sqlite3.Connection) -> None:
            row = conn.execute("SELECT value FROM meta WHERE key = 'database_id'").fetchone()
            if row is None or str(row[0]) != self.database_id:
                self._refused = DatabaseGone(self.path, "replaced")
                raise self._refused
            cursor = conn.execute("UPDATE owner SET heartbeat = ? WHERE scope = ? AND token = ?",
                                  (float(self.wall_clock()), OWNER_SCOPE, token))
            if cursor.rowcount != 1:
                self._refused = OwnershipLost(f"another process took over {self.path}")
                raise self._refused

        # no fence: renewing is the lease check itself (and says why it failed)
        await self._write_in(work, fence=False)

    async def release_ownership(self) -> None:
        token, self._claim_token = self._claim_token, None
        if token is None or self.in_memory or self._db is None or self._refused is not None:
            return
        with suppress(sqlite3.Error, StoreError, OSError):
            async with self._lock:
                await self._conn.execute("UPDATE owner SET token = NULL WHERE scope = ? AND token = ?",
                                         (OWNER_SCOPE, token))

    # ------------------------------------------------------------------ outbox

    async def enqueue_message(self, target: Literal["channel", "user"], target_id: int,
                              payload: Mapping[str, Any], game_id: int | None = None) -> int:
        self._check_target(target)
        payload_json = dump_json(dict(payload))

        def work(conn: sqlite3.Connection) -> int | None:
            return conn.execute(
                "INSERT INTO outbox (target, target_id, game_id, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                (target, int(target_id), game_id, payload_json, float(self.clock())),
            ).lastrowid

        new_id = await self._write_in(work)
        assert new_id is not None
        return int(new_id)

    async def pending_messages(self, limit: int = 50, game_id: int | None = None) -> list[OutboxMessage]:
        of_game, params = ("", ()) if game_id is None else (" AND game_id = ?", (int(game_id),))
        rows = await self._fetchall(f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE delivered_at IS NULL{of_game}"
                                    " ORDER BY id LIMIT ?", (*params, max(0, int(limit))))
        return [self._to_message(r) for r in rows]

    async def mark_delivered(self, message_id: int, discord_message_id: int | None,
                             error: str | None = None) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE outbox SET delivered_at = ?, message_id = ?, error = ?, attempts = attempts + 1"
                " WHERE id = ? AND delivered_at IS NULL",
                (float(self.clock()), discord_message_id, error, message_id))

        await self._write_in(work)

    async def note_attempt(self, message_id: int, error: str) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE outbox SET attempts = attempts + 1, error = ? WHERE id = ?",
                         (error[:500], message_id))

        await self._write_in(work)

    # ------------------------------------------------------------------ diagnostics

    @staticmethod
    def _stats_sync(conn: sqlite3.Connection) -> tuple[tuple[int, ...], int, int]:
        counts = conn.execute(
            "SELECT (SELECT COUNT(*) FROM games),"
            f" (SELECT COUNT(*) FROM games WHERE status IN {OPEN_SQL}),"
            " (SELECT COUNT(*) FROM actions),"
            " (SELECT COUNT(*) FROM user_settings)",
        ).fetchone()
        page_count = conn.execute("PRAGMA page_count").fetchone()
        page_size = conn.execute("PRAGMA page_size").fetchone()
        return tuple(int(v) for v in counts), int(page_count[0]), int(page_size[0])

    async def stats(self) -> StoreStats:
        async with self._locked():
            self._check_file()
            counts, page_count, page_size = await self._hop(self._stats_sync)
        disk = 0
        if not self.in_memory:
            for suffix in ("", "-wal"):
                with suppress(OSError):
                    disk += os.path.getsize(self.path + suffix)
        games, open_games, actions, user_settings = counts
        return self._to_stats(games, open_games, actions, user_settings, page_count * page_size, disk)
