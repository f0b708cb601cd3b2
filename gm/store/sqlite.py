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
"""
from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any, Literal

import aiosqlite
from pydantic import BaseModel

from .base import (
    LogMeta,
    CLOSED_STATUSES,
    OPEN_STATUSES,
    UNSET,
    ActionRecord,
    GameExists,
    GameNotFound,
    GameRecord,
    GameStatus,
    GameStore,
    StaleVersion,
    StoreError,
    StoreStats,
    _Unset,
    check_status,
    dump_json,
)
from .migrations import current_version, migrate

_GAME_COLUMNS = (
    "id, guild_id, channel_id, system, options, seed, version, state, status, host_id, "
    "created_at, updated_at, deadline, settings"
)
_OPEN_SQL = "('lobby', 'active')"

Synchronous = Literal["OFF", "NORMAL", "FULL", "EXTRA"]


class SqliteStore(GameStore):
    """`GameStore` on a SQLite file (or `":memory:"` for fast tests).

    The path is chosen by the caller (the bot defaults to `./gm.sqlite3`); a missing parent
    folder is created. `clock` supplies every timestamp so tests control time.
    """

    def __init__(self, path: str | os.PathLike[str], *,
                 clock: Callable[[], float] = time.time,
                 synchronous: Synchronous = "NORMAL",
                 busy_timeout_ms: int = 5000) -> None:
        super().__init__()
        self.path = str(path)
        self.clock = clock
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"bad synchronous mode {synchronous!r}")
        self._synchronous = synchronous
        self._busy_timeout_ms = int(busy_timeout_ms)
        self._db: aiosqlite.Connection | None = None
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
        db = await aiosqlite.connect(self.path, isolation_level=None, uri=is_uri)
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {self._busy_timeout_ms}")
            rows = list(await db.execute_fetchall("PRAGMA journal_mode = WAL"))
            self.journal_mode = str(rows[0][0]).lower()
            await db.execute(f"PRAGMA synchronous = {self._synchronous}")
            await db.execute("PRAGMA foreign_keys = ON")
            await migrate(db)
        except BaseException:
            await db.close()
            raise
        self._db = db

    async def close(self) -> None:
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
        async with self._lock:
            return await current_version(self._conn)

    async def checkpoint(self) -> None:
        """Fold the WAL back into the main file (e.g. before measuring `disk_bytes`)."""
        async with self._lock:
            if not self.in_memory:
                await self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # ------------------------------------------------------------------ plumbing

    @property
    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("the store is not open; call open() first")
        return self._db

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return list(await self._conn.execute_fetchall(sql, params))

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: committed if the block succeeds, rolled back otherwise."""
        async with self._lock:
            db = self._conn
            await db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                # Statements run in FIFO order on aiosqlite's thread, so this ROLLBACK runs
                # after any statement still in flight (even when we were cancelled).
                with suppress(sqlite3.Error):
                    await db.execute("ROLLBACK")
                raise
            await db.execute("COMMIT")

    @staticmethod
    async def _one(db: aiosqlite.Connection, sql: str,
                   params: Sequence[Any] = ()) -> sqlite3.Row | None:
        rows = list(await db.execute_fetchall(sql, params))
        return rows[0] if rows else None

    @staticmethod
    def _to_game(row: sqlite3.Row) -> GameRecord:
        return GameRecord(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            system=row["system"],
            options=json.loads(row["options"]),
            seed=int(row["seed"]),
            version=row["version"],
            state=row["state"],
            status=row["status"],
            host_id=row["host_id"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            deadline=row["deadline"],
            settings=json.loads(row["settings"]),
        )

    @staticmethod
    def _to_action(row: sqlite3.Row) -> ActionRecord:
        return ActionRecord(
            game_id=row["game_id"],
            seq=row["seq"],
            actor=row["actor"],
            action=json.loads(row["action"]),
            created_at=row["created_at"],
            version_after=row["version_after"],
            events=json.loads(row["events"]) if row["events"] else None,
            state_hash=row["state_hash"],
            revealed=bool(row["revealed"]),
        )

    async def _game_in(self, db: aiosqlite.Connection, game_id: int) -> GameRecord | None:
        row = await self._one(db, f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return None if row is None else self._to_game(row)

    async def _open_game_in(self, db: aiosqlite.Connection, channel_id: int) -> GameRecord | None:
        row = await self._one(
            db,
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN {_OPEN_SQL}",
            (channel_id,),
        )
        return None if row is None else self._to_game(row)

    @staticmethod
    def _check_state(state_json: str) -> None:
        # Only the type is checked: parsing large states on every write would cost time
        # for no gain, since the engine produced the text from a validated model.
        if not isinstance(state_json, str):
            raise TypeError(f"state must be JSON text, got {type(state_json).__name__}")

    async def _change(self, game_id: int, expected_version: int | None,
                      fields: dict[str, Any],
                      log: tuple[str, str] | None,
                      meta: LogMeta | None = None) -> GameRecord:
        """Shared body of every versioned write: check, log, update, bump - atomically.

        `fields` maps column names (chosen by this module, never by callers) to new
        values; `log` is an (actor, action JSON) pair to append, or None.
        """
        status = fields.get("status")
        if status is not None:
            check_status(status)
            if status in CLOSED_STATUSES and "deadline" not in fields:
                # A closed game must not be re-armed by the turn clock after a restart.
                fields["deadline"] = None
        async with self._write() as db:
            current = await self._game_in(db, game_id)
            if current is None:
                raise GameNotFound(game_id)
            if expected_version is not None and current.version != expected_version:
                raise StaleVersion(current.version, game_id=game_id,
                                   expected_version=expected_version)
            now = float(self.clock())
            new_version = current.version + 1
            if log is not None:
                actor, action_json = log
                row = await self._one(
                    db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?",
                    (game_id,),
                )
                seq = int(row[0]) if row is not None else 1
                meta = meta or LogMeta()
                await db.execute(
                    "INSERT INTO actions (game_id, seq, actor, action, created_at, version_after,"
                    " events, state_hash, revealed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, seq, actor, action_json, now, new_version,
                     None if meta.events is None else dump_json(meta.events), meta.state_hash,
                     int(meta.revealed)),
                )
            fields = {**fields, "version": new_version, "updated_at": now}
            assignments = ", ".join(f"{column} = ?" for column in fields)
            try:
                async with db.execute(
                    f"UPDATE games SET {assignments} WHERE id = ? AND version = ?",
                    (*fields.values(), game_id, current.version),
                ) as cursor:
                    if cursor.rowcount != 1:  # cannot happen under BEGIN IMMEDIATE
                        raise StaleVersion(current.version, game_id=game_id,
                                           expected_version=expected_version)
            except sqlite3.IntegrityError:
                # Re-opening a game in a channel that meanwhile got another open game.
                if status in OPEN_STATUSES:
                    other = await self._open_game_in(db, current.channel_id)
                    if other is not None and other.id != game_id:
                        raise GameExists(other) from None
                raise
            updated = await self._game_in(db, game_id)
        assert updated is not None
        return updated

    # ------------------------------------------------------------------ games

    async def create_game(self, channel_id: int, guild_id: int | None, system: str,
                          options: Mapping[str, Any] | BaseModel, seed: int,
                          host_id: int | None, state_json: str,
                          status: GameStatus = "lobby", *,
                          settings: Mapping[str, Any] | None = None,
                          deadline: float | None = None) -> GameRecord:
        check_status(status)
        self._check_state(state_json)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, got {type(seed).__name__}")
        # Serialise before the transaction: a bad payload must fail without a half-write.
        options_json = dump_json(options)
        settings_json = dump_json(dict(settings or {}))
        async with self._write() as db:
            if status in OPEN_STATUSES:
                existing = await self._open_game_in(db, channel_id)
                if existing is not None:
                    raise GameExists(existing)
            now = float(self.clock())
            try:
                async with db.execute(
                    "INSERT INTO games (guild_id, channel_id, system, options, seed, version,"
                    " state, status, host_id, created_at, updated_at, deadline, settings)"
                    " VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)",
                    (guild_id, channel_id, system, options_json, str(seed), state_json,
                     status, host_id, now, now, deadline, settings_json),
                ) as cursor:
                    game_id = cursor.lastrowid
            except sqlite3.IntegrityError:
                existing = await self._open_game_in(db, channel_id)
                if existing is not None:
                    raise GameExists(existing) from None
                raise
            assert game_id is not None
            record = await self._game_in(db, game_id)
        assert record is not None
        return record

    async def get_game(self, game_id: int) -> GameRecord | None:
        rows = await self._fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return self._to_game(rows[0]) if rows else None

    async def get_active_game(self, channel_id: int) -> GameRecord | None:
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN {_OPEN_SQL}",
            (channel_id,),
        )
        return self._to_game(rows[0]) if rows else None

    async def list_games(self, channel_id: int, include_finished: bool = True) -> list[GameRecord]:
        where = "channel_id = ?" + ("" if include_finished else f" AND status IN {_OPEN_SQL}")
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} ORDER BY id", (channel_id,)
        )
        return [self._to_game(r) for r in rows]

    async def list_active_games(self) -> list[GameRecord]:
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN {_OPEN_SQL} ORDER BY id"
        )
        return [self._to_game(r) for r in rows]

    async def list_due_games(self, now: float) -> list[GameRecord]:
        """Open games whose deadline is at or before `now`, earliest first (turn clock)."""
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN {_OPEN_SQL}"
            " AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline, id",
            (now,),
        )
        return [self._to_game(r) for r in rows]

    async def commit_action(self, game_id: int, expected_version: int, actor: str,
                            action: Mapping[str, Any] | BaseModel, new_state_json: str,
                            new_status: GameStatus | None = None,
                            deadline: float | None | _Unset = UNSET,
                            settings: Mapping[str, Any] | None = None,
                            meta: LogMeta | None = None) -> GameRecord:
        self._check_state(new_state_json)
        action_json = dump_json(action)
        fields: dict[str, Any] = {"state": new_state_json}
        if new_status is not None:
            fields["status"] = new_status
        if deadline is not UNSET:
            fields["deadline"] = deadline
        if settings is not None:
            fields["settings"] = dump_json(dict(settings))
        return await self._change(game_id, expected_version, fields, (str(actor), action_json), meta)

    async def update_game(self, game_id: int, expected_version: int, *,
                          state_json: str | None = None,
                          status: GameStatus | None = None,
                          options: Mapping[str, Any] | BaseModel | None = None,
                          settings: Mapping[str, Any] | None = None,
                          host_id: int | None | _Unset = UNSET,
                          deadline: float | None | _Unset = UNSET,
                          actor: str | None = None,
                          action: Mapping[str, Any] | BaseModel | None = None) -> GameRecord:
        fields: dict[str, Any] = {}
        if state_json is not None:
            self._check_state(state_json)
            fields["state"] = state_json
        if status is not None:
            fields["status"] = status
        if options is not None:
            fields["options"] = dump_json(options)
        if settings is not None:
            fields["settings"] = dump_json(dict(settings))
        if host_id is not UNSET:
            fields["host_id"] = host_id
        if deadline is not UNSET:
            fields["deadline"] = deadline
        log: tuple[str, str] | None = None
        if action is not None:
            if actor is None:
                raise ValueError("an action to log needs an actor")
            log = (str(actor), dump_json(action))
        return await self._change(game_id, expected_version, fields, log)

    async def last_seq(self, game_id: int) -> int:
        rows = await self._fetchall("SELECT COALESCE(MAX(seq), 0) AS n FROM actions WHERE game_id = ?", (game_id,))
        return int(rows[0]["n"])

    async def set_settings(self, game_id: int, settings: Mapping[str, Any],
                           deadline: float | None | _Unset = UNSET) -> GameRecord:
        async with self._write() as db:
            current = await self._game_in(db, game_id)
            if current is None:
                raise GameNotFound(game_id)
            fields: dict[str, Any] = {"settings": dump_json(dict(settings))}
            if deadline is not UNSET:
                fields["deadline"] = deadline
            assignments = ", ".join(f"{column} = ?" for column in fields)
            await db.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*fields.values(), game_id))
            updated = await self._game_in(db, game_id)
            assert updated is not None
            return updated

    async def set_status(self, game_id: int, status: GameStatus, *,
                         expected_version: int | None = None,
                         deadline: float | None | _Unset = UNSET) -> GameRecord:
        fields: dict[str, Any] = {"status": status}
        if deadline is not UNSET:
            fields["deadline"] = deadline
        return await self._change(game_id, expected_version, fields, None)

    # ------------------------------------------------------------------ action log

    async def actions(self, game_id: int, after_seq: int = 0,
                      limit: int | None = None) -> list[ActionRecord]:
        rows = await self._fetchall(
            "SELECT game_id, seq, actor, action, created_at, version_after, events, state_hash, revealed"
            " FROM actions"
            " WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            (game_id, after_seq, -1 if limit is None else max(0, int(limit))),
        )
        return [self._to_action(r) for r in rows]

    # ------------------------------------------------------------------ user settings

    async def get_user_setting(self, user_id: int, key: str, default: Any = None) -> Any:
        rows = await self._fetchall(
            "SELECT value FROM user_settings WHERE user_id = ? AND key = ?", (user_id, key)
        )
        return json.loads(rows[0]["value"]) if rows else default

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        if value is None:
            async with self._write() as db:
                await db.execute(
                    "DELETE FROM user_settings WHERE user_id = ? AND key = ?", (user_id, key)
                )
            return
        value_json = dump_json(value)
        async with self._write() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (user_id, key) DO UPDATE"
                " SET value = excluded.value, updated_at = excluded.updated_at",
                (user_id, key, value_json, float(self.clock())),
            )

    async def get_user_settings(self, user_id: int) -> dict[str, Any]:
        rows = await self._fetchall(
            "SELECT key, value FROM user_settings WHERE user_id = ? ORDER BY key", (user_id,)
        )
        return {r["key"]: json.loads(r["value"]) for r in rows}

    # ------------------------------------------------------------------ diagnostics

    async def stats(self) -> StoreStats:
        async with self._lock:
            db = self._conn
            counts = await self._one(
                db,
                "SELECT (SELECT COUNT(*) FROM games),"
                f" (SELECT COUNT(*) FROM games WHERE status IN {_OPEN_SQL}),"
                " (SELECT COUNT(*) FROM actions),"
                " (SELECT COUNT(*) FROM user_settings)",
            )
            page_count = await self._one(db, "PRAGMA page_count")
            page_size = await self._one(db, "PRAGMA page_size")
        assert counts is not None and page_count is not None and page_size is not None
        games, open_games, actions, user_settings = (int(v) for v in counts)
        disk = 0
        if not self.in_memory:
            for suffix in ("", "-wal"):
                with suppress(OSError):
                    disk += os.path.getsize(self.path + suffix)
        return StoreStats(
            games=games,
            open_games=open_games,
            closed_games=games - open_games,
            actions=actions,
            user_settings=user_settings,
            db_bytes=int(page_count[0]) * int(page_size[0]),
            disk_bytes=disk,
        )
