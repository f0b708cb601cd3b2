"""Which backend a database address means: the one place the bot chooses its store.

* nothing (the default): SQLite at `DATABASE_PATH` (`./gm.sqlite3`), nothing to set up;
* `sqlite:///relative/file.sqlite3`, `sqlite:////absolute/file.sqlite3` or a plain path:
  SQLite at that file;
* `postgresql://user:password@host:port/database` (or `postgres://`): PostgreSQL.

Anything else is refused at start-up with the accepted forms, rather than creating a file
named after a mistyped URL.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Final

from .base import GameStore
from .ownership import DEFAULT_LEASE_SECONDS
from .sqlite import SqliteStore

POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://")
SQLITE_SCHEME: Final = "sqlite://"


def backend_of(url: str | None) -> str:
    """'sqlite' or 'postgres' for a database address (None or "" is the SQLite default);
    ValueError for an address of any other kind."""
    if not url:
        return "sqlite"
    lowered = url.lower()
    if lowered.startswith(POSTGRES_SCHEMES):
        return "postgres"
    if lowered.startswith(SQLITE_SCHEME) or "://" not in url:
        return "sqlite"
    raise ValueError(
        f"unsupported database address {url.split('://', 1)[0]}://...; use postgresql://user:password@host/db, "
        "sqlite:///path/to/file.sqlite3, or leave DATABASE_URL empty for SQLite at DATABASE_PATH")


def sqlite_path(url: str) -> str:
    """The file a `sqlite:` address or plain path names (`sqlite:///gm.sqlite3` -> `gm.sqlite3`)."""
    if url.lower().startswith(SQLITE_SCHEME):
        path = url[len(SQLITE_SCHEME):]
        # sqlite:///relative and sqlite:////absolute, as SQLAlchemy spells them
        path = path[1:] if path.startswith("/") else path
        if not path:
            raise ValueError("a sqlite:/// address needs a file path after the three slashes")
        return path
    return url


def make_store(url: str | None, default_path: str | os.PathLike[str], *,
               clock: Callable[[], float] = time.time,
               lease_seconds: float = DEFAULT_LEASE_SECONDS) -> GameStore:
    """The store for `url` (see the module docstring), not yet opened."""
    if backend_of(url) == "postgres":
        from .postgres import PostgresStore  # asyncpg is imported only when it is used

        assert url is not None
        return PostgresStore(url, clock=clock, lease_seconds=lease_seconds)
    path = default_path if not url else sqlite_path(url)
    return SqliteStore(path, clock=clock, lease_seconds=lease_seconds)
