"""Game storage: the `GameStore` interface and its SQLite default backend.

Import from here rather than from the submodules, so the backend can change without
touching callers::

    from gm.store import SqliteStore, GameExists, StaleVersion

    async with SqliteStore("gm.sqlite3") as store:
        game = await store.create_game(channel_id, guild_id, "prophecy", {}, seed, host, state)
"""
from .base import (
    ALL_STATUSES,
    CLOSED_STATUSES,
    OPEN_STATUSES,
    UNSET,
    ActionRecord,
    DatabaseGone,
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
    StaleVersion,
    StorageFull,
    StoreError,
    StoreOwned,
    StoreStats,
    TaskLock,
)
from .migrations import LATEST_VERSION, MIGRATIONS, Migration, migrate
from .ownership import OwnershipKeeper, StoreSettings
from .sqlite import SqliteStore

__all__ = [
    "ALL_STATUSES",
    "CLOSED_STATUSES",
    "OPEN_STATUSES",
    "UNSET",
    "ActionRecord",
    "DatabaseGone",
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
    "SchemaTooNew",
    "SqliteStore",
    "StaleVersion",
    "StorageFull",
    "StoreError",
    "StoreOwned",
    "StoreSettings",
    "StoreStats",
    "TaskLock",
    "migrate",
]
