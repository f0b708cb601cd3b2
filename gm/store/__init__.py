"""Game storage: the `GameStore` interface, its SQLite default backend and PostgreSQL.

Import from here rather than from the submodules, so the backend can change without
touching callers::

    from gm.store import SqliteStore, GameExists, StaleVersion

    async with SqliteStore("gm.sqlite3") as store:
        game = await store.create_game(channel_id, guild_id, "prophecy", {}, seed, host, state)

`make_store(url, default_path)` picks the backend from a `DATABASE_URL`; `PostgresStore` is
loaded on first use, so SQLite users never import asyncpg.
"""
from typing import TYPE_CHECKING, Any

from .base import (
    ALL_STATUSES,
    CLOSED_STATUSES,
    OPEN_STATUSES,
    UNSET,
    ActionRecord,
    DatabaseGone,
    DatabaseUnreadable,
    GameExists,
    GameNotFound,
    GameRecord,
    GameStatus,
    GameStore,
    LogMeta,
    OutboxMessage,
    OwnerClaim,
    OwnershipLost,
    SchemaTooNew,
    ShardNotServed,
    StaleVersion,
    StorageFull,
    StoreError,
    StoreOwned,
    StoreStats,
    TaskLock,
)
from .factory import backend_of, make_store
from .migrations import LATEST_VERSION, MIGRATIONS, Migration, migrate
from .ownership import OwnershipKeeper, StoreSettings
from .sqlite import SqliteStore

if TYPE_CHECKING:
    from .postgres import PostgresStore


def __getattr__(name: str) -> Any:
    if name == "PostgresStore":
        from .postgres import PostgresStore

        return PostgresStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ALL_STATUSES",
    "CLOSED_STATUSES",
    "OPEN_STATUSES",
    "UNSET",
    "ActionRecord",
    "DatabaseGone",
    "DatabaseUnreadable",
    "GameExists",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "GameStore",
    "LogMeta",
    "LATEST_VERSION",
    "MIGRATIONS",
    "Migration",
    "OutboxMessage",
    "OwnerClaim",
    "OwnershipKeeper",
    "OwnershipLost",
    "PostgresStore",
    "SchemaTooNew",
    "ShardNotServed",
    "SqliteStore",
    "StaleVersion",
    "StorageFull",
    "StoreError",
    "StoreOwned",
    "StoreSettings",
    "StoreStats",
    "TaskLock",
    "backend_of",
    "make_store",
    "migrate",
]
