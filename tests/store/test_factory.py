"""DATABASE_URL chooses the backend: nothing set is SQLite at DATABASE_PATH, as before."""
from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from gm.settings import Settings
from gm.store import PostgresStore, SqliteStore, backend_of, make_store
from gm.store.factory import sqlite_path


def test_nothing_set_is_sqlite_at_the_default_path(tmp_path: Path) -> None:
    settings = Settings(_env_file=None, database_path=tmp_path / "gm.sqlite3")  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    assert settings.database_url is None
    store = make_store(settings.database_url, settings.database_path)
    assert isinstance(store, SqliteStore) and store.path == str(tmp_path / "gm.sqlite3")
    assert Settings(_env_file=None, database_url="  ").database_url is None  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments


@pytest.mark.parametrize("url, path", [
    ("sqlite:///data/gm.sqlite3", "data/gm.sqlite3"),
    ("sqlite:////var/lib/gm/gm.sqlite3", "/var/lib/gm/gm.sqlite3"),
    ("./games.sqlite3", "./games.sqlite3"),
])
def test_sqlite_addresses_and_paths(url: str, path: str) -> None:
    assert backend_of(url) == "sqlite" and sqlite_path(url) == path
    store = make_store(url, "ignored.sqlite3", lease_seconds=3.0)
    assert isinstance(store, SqliteStore) and store.path == path and store.lease_seconds == 3.0


@pytest.mark.parametrize("url", ["postgresql://gm:pw@127.0.0.1:5432/gm", "postgres://gm@db/gm"])
def test_postgresql_addresses(url: str) -> None:
    assert backend_of(url) == "postgres"
    store = make_store(url, "ignored.sqlite3", lease_seconds=4.0)
    assert isinstance(store, PostgresStore) and store.dsn == url and store.lease_seconds == 4.0
    assert "pw" not in store.path  # named in messages without the password


def test_an_unknown_address_stops_the_bot_at_start_up() -> None:
    with pytest.raises(ValidationError, match="postgresql://"):
        Settings(_env_file=None, database_url="mysql://gm@db/gm")  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    with pytest.raises(ValueError):
        sqlite_path("sqlite:///")


async def test_the_bot_builds_its_store_from_the_settings(tmp_path: Path) -> None:
    from bot import create_bot

    url = "postgresql://gm@127.0.0.1:1/nowhere"  # never connected: building opens nothing
    bot = create_bot(Settings(_env_file=None, discord_token="x", database_url=url))  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    assert isinstance(bot.store, PostgresStore) and bot.store.dsn == url
    bot = create_bot(Settings(_env_file=None, discord_token="x", database_path=tmp_path / "b.sqlite3"))  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    assert isinstance(bot.store, SqliteStore) and bot.store.path == str(tmp_path / "b.sqlite3")
