"""The store suite runs against both backends.

`backend` is parametrised over SQLite and PostgreSQL; `make_store(**kwargs)` builds a fresh,
unopened store on the test's own database (one SQLite file, or one PostgreSQL schema dropped
afterwards), so a test can open several stores on the same data, as several processes would.

PostgreSQL needs `TEST_DATABASE_URL=postgresql://user@host:port/db` (a database where the
tests may create and drop schemas; `.ci/run` starts one). Without it the PostgreSQL variants
skip, naming the variable; with `REQUIRE_POSTGRES=1` (as CI sets) they fail instead.
"""
from __future__ import annotations

import os
import secrets
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from gm.store import GameStore, SqliteStore
from tests.fakes import HandClock

PG_URL_VARIABLE = "TEST_DATABASE_URL"
REQUIRE_VARIABLE = "REQUIRE_POSTGRES"

StoreFactory = Callable[..., GameStore]
RawSql = Callable[[str], Awaitable[list[Any]]]


def postgres_url() -> str:
    """The test database's address, or skip (fail under REQUIRE_POSTGRES=1) saying how to get one."""
    url = os.environ.get(PG_URL_VARIABLE, "").strip()
    if url:
        return url
    reason = (f"PostgreSQL tests need {PG_URL_VARIABLE}=postgresql://user@host:port/database "
              "(see the README's PostgreSQL section)")
    if os.environ.get(REQUIRE_VARIABLE) == "1":
        pytest.fail(f"{reason}; {REQUIRE_VARIABLE}=1 makes this a failure", pytrace=False)
    pytest.skip(reason)


@pytest.fixture
async def pg_schema() -> AsyncIterator[tuple[str, str]]:
    """(address, schema): a fresh schema for this test, dropped with everything in it after."""
    import asyncpg

    url = postgres_url()
    schema = f"gmtest_{secrets.token_hex(6)}"
    try:
        yield url, schema
    finally:
        conn = await asyncpg.connect(url, timeout=10)
        try:
            await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await conn.close()


@pytest.fixture
def clock() -> HandClock:
    """The stores' clock, moved by hand (a module may bring its own)."""
    return HandClock()


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "gm.sqlite3"


@pytest.fixture
def make_store(backend: str, request: pytest.FixtureRequest, sqlite_path: Path) -> StoreFactory:
    """Stores on this test's database: `make_store(clock=..., wall_clock=..., identity=...)`."""
    if backend == "postgres":
        from gm.store import PostgresStore

        url, schema = request.getfixturevalue("pg_schema")
        return lambda **kwargs: PostgresStore(url, schema=schema, **kwargs)
    return lambda **kwargs: SqliteStore(sqlite_path, **kwargs)


@pytest.fixture
def raw_sql(backend: str, request: pytest.FixtureRequest, sqlite_path: Path) -> RawSql:
    """Run one statement on this test's database through a connection of its own (not the
    store's), as another program would; returns the rows."""
    if backend == "postgres":
        import asyncpg

        url, schema = request.getfixturevalue("pg_schema")

        async def run_pg(sql: str) -> list[Any]:
            conn = await asyncpg.connect(url, timeout=10, server_settings={"search_path": schema})
            try:
                return list(await conn.fetch(sql))
            finally:
                await conn.close()

        return run_pg

    async def run_sqlite(sql: str) -> list[Any]:
        conn = sqlite3.connect(sqlite_path, timeout=5)
        try:
            with conn:
                return list(conn.execute(sql).fetchall())
        finally:
            conn.close()

    return run_sqlite
