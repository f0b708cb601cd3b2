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
    GameExists,
    GameNotFound,
    GameRecord,
    GameStatus,
    GameStore,
    LogMeta,
    SchemaTooNew,
    StaleVersion,
    StoreError,
    StoreStats,
)
from .migrations import LATEST_VERSION, MIGRATIONS, Migration, migrate
from .sqlite import SqliteStore

__all__ = [
    "ALL_STATUSES",
    "CLOSED_STATUSES",
    "OPEN_STATUSES",
    "UNSET",
    "ActionRecord",
    "GameExists",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "GameStore",
    "LogMeta",
    "LATEST_VERSION",
    "MIGRATIONS",
    "Migration",
    "SchemaTooNew",
    "SqliteStore",
    "StaleVersion",
    "StoreError",
    "StoreStats",
    "migrate",
]
