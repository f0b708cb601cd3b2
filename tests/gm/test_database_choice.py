"""Which database the bot uses, and how it says so (issue 16).

`--db` on the command line wins over DATABASE_URL and DATABASE_PATH (a SQLite file or a
postgresql:// address), the log says which store is used, and the "already in use" refusal
names the kind of database and the settings that apply to it."""
from __future__ import annotations

import logging
from pathlib import Path

import pytest

import bot
from gm.settings import Settings
from gm.store import OwnerClaim, PostgresStore, SqliteStore, StoreOwned, make_store

PG_URL = "postgresql://gm:secret@127.0.0.1:5432/gm"


@pytest.fixture
def env(monkeypatch, tmp_path):
    """A clean environment: no .env, no database settings but those a test sets."""
    monkeypatch.chdir(tmp_path)  # no .env here
    for name in ("DATABASE_URL", "DATABASE_PATH", "DISCORD_TOKEN", "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_db_flag_wins_over_database_url(env, tmp_path):
    env.setenv("DATABASE_URL", PG_URL)
    chosen = bot.choose_database(Settings(), str(tmp_path / "mine.sqlite3"))
    assert chosen.database_url is None and chosen.database_path == tmp_path / "mine.sqlite3"
    store = make_store(chosen.database_url, chosen.database_path)
    assert isinstance(store, SqliteStore) and store.path == str(tmp_path / "mine.sqlite3")


def test_db_flag_takes_a_postgres_address_or_a_sqlite_url(env, tmp_path):
    env.setenv("DATABASE_PATH", str(tmp_path / "env.sqlite3"))
    assert bot.choose_database(Settings(), PG_URL).database_url == PG_URL
    assert isinstance(make_store(PG_URL, "unused"), PostgresStore)
    chosen = bot.choose_database(Settings(), "sqlite:///games/x.sqlite3")
    assert chosen.database_url is None and chosen.database_path == Path("games/x.sqlite3")
    assert bot.choose_database(Settings(), None) == Settings()  # no flag: the environment decides


def test_db_flag_is_validated_with_the_other_settings(env, tmp_path):
    """A SQLite file cannot leave shards to other processes: refused as DATABASE_PATH would be."""
    env.setenv("DATABASE_URL", PG_URL)
    env.setenv("SHARD_COUNT", "2")
    env.setenv("SHARD_IDS", "0")
    with pytest.raises(ValueError, match="SHARD_IDS"):
        bot.choose_database(Settings(), str(tmp_path / "x.sqlite3"))
    with pytest.raises(ValueError, match="unsupported database address"):
        bot.choose_database(Settings(), "mysql://nope")


def test_main_says_when_db_flag_overrides_database_url(env, tmp_path, caplog, capsys):
    env.setenv("DATABASE_URL", PG_URL)
    with caplog.at_level(logging.WARNING, logger="gm.bot"):
        assert bot.main(["--db", str(tmp_path / "x.sqlite3")]) == 2  # no token: stops after the settings
    assert any("--db wins" in r.getMessage() for r in caplog.records)
    assert bot.main(["--db", "mysql://nope"]) == 2
    assert "unsupported database address" in capsys.readouterr().err


class _Refused:
    def __init__(self, backend: str) -> None:
        self.backend = backend

    def run(self, *_args, **_kwargs) -> None:
        holder = OwnerClaim(scope="all", token="t", pid=4242, host="elsewhere", heartbeat=1.0)
        raise StoreOwned("the-db", holder, self.backend)


@pytest.mark.parametrize("backend, named, advice, not_named", [
    ("sqlite", "SQLite database file", "DATABASE_PATH", "DATABASE_URL"),
    ("postgres", "PostgreSQL database", "DATABASE_URL", "DATABASE_PATH"),
])
def test_already_in_use_names_the_kind_of_database(env, capsys, backend, named, advice, not_named):
    env.setenv("DISCORD_TOKEN", "x")
    env.setattr(bot, "create_bot", lambda *a, **k: _Refused(backend))
    assert bot.main([]) == 3
    err = capsys.readouterr().err
    assert named in err and "the-db" in err and "4242" in err and "already in use" in err
    assert advice in err and not_named not in err


async def test_start_up_logs_the_store_in_use(tmp_path, caplog):
    """The bot says at start-up which store it writes, so a DATABASE_URL left in a shell is
    never a surprise (issue 16)."""
    from loopback import FakeDiscord, run_bot

    settings = Settings(_env_file=None, discord_token="x", database_path=tmp_path / "games.sqlite3",
                        rules_index_warmup=False)  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    async with FakeDiscord() as fake:
        with fake.redirect(), caplog.at_level(logging.INFO, logger="gm.bot"):
            async with run_bot(bot.create_bot(settings)):
                pass
    said = [r.getMessage() for r in caplog.records if r.name == "gm.bot"]
    assert f"Games are kept in the SQLite database file {tmp_path / 'games.sqlite3'}." in said


def test_the_store_in_use_is_said_in_both_languages():
    from gm.i18n import catalogue

    for store in (SqliteStore, PostgresStore):
        for locale in ("en", "it"):
            for key in (f"safety.using_{store.backend}", "safety.owned", "safety.owned_postgres", "safety.db_flag_wins"):
                assert key in catalogue(locale), (locale, key)
