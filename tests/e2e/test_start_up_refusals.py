"""A bot that cannot start says why in one line, never a traceback ("A table never stalls":
every problem answered in words): a damaged SQLite file (a real `python bot.py` process,
tests/e2e/subprocess_bot.py, against the loopback Discord), another file in the database's
place, a database a newer bot wrote, SHARD_IDS with SQLite and other refused settings. Each
stops with exit code 2 and one line on stderr naming what is wrong and what to do, and leaves
the database file as it was."""
from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import bot
from gm.i18n import t
from gm.store import LATEST_VERSION, StoreError, make_store

LAUNCHER = Path(__file__).with_name("subprocess_bot.py")


#: a log record's line (LOG_LEVEL=WARNING): the bot's own and discord.py's warnings, not what it says on stopping
LOG_LINE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ (WARNING|INFO|DEBUG) ")


async def _run(fake, database: Path, **extra: str) -> tuple[int, list[str]]:
    """Start a bot process, wait for it to stop; (exit code, the non-empty lines of stderr but
    its warnings: an error record or a traceback stays in)."""
    env = dict(os.environ, **fake.env(), DATABASE_PATH=str(database), DISCORD_TOKEN="fake-token",
               LOG_LEVEL="WARNING", RULES_INDEX_WARMUP="false", **extra)
    for name in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS"):
        if name not in extra:
            env.pop(name, None)
    proc = await asyncio.create_subprocess_exec(sys.executable, str(LAUNCHER), env=env, cwd=str(database.parent),
                                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, err = await asyncio.wait_for(proc.communicate(), timeout=60)
    assert proc.returncode is not None
    return proc.returncode, [line for line in err.decode().splitlines() if line.strip() and not LOG_LINE.match(line)]


async def test_a_damaged_sqlite_file_stops_the_bot_with_one_line(world, tmp_path):
    """A torn copy (a SQLite header, then noise) in a real bot process: exit 2, one line."""
    fake = world["fake"]
    torn = tmp_path / "torn.sqlite3"
    damaged = b"SQLite format 3\x00" + bytes(range(256)) * 64
    torn.write_bytes(damaged)
    code, lines = await _run(fake, torn)
    assert code == 2 and len(lines) == 1, lines
    assert lines[0] == t("en", "safety.db_corrupt", path=str(torn), reason="file is not a database")
    assert "Restore it from a backup" in lines[0] and "Traceback" not in lines[0]
    assert torn.read_bytes() == damaged  # nothing written over it
    assert not fake.gateway.ready_sessions  # it never went online


async def test_other_unusable_databases_are_said_in_one_line(tmp_path):
    """A text file in the database's place (said in Italian), a file a newer bot wrote: the
    store refuses to open them, and the line main() prints says what to do."""
    notes, newer = tmp_path / "notes.sqlite3", tmp_path / "newer.sqlite3"
    notes.write_text("these are my notes, not a database\n" * 50)
    with sqlite3.connect(newer) as db:
        db.execute(f"PRAGMA user_version = {LATEST_VERSION + 5}")
    said = []
    for path, locale in ((notes, "it"), (newer, "en")):
        store = make_store(None, path)
        with pytest.raises(StoreError) as caught:
            await store.open()
        said.append(bot.start_up_problem(caught.value, locale))
    assert said[0] == t("it", "safety.db_corrupt", path=str(notes), reason="file is not a database")
    assert said[0].startswith("Non parto: il file di database SQLite") and "danneggiato" in said[0]
    assert said[1] == t("en", "safety.schema_too_new", found=LATEST_VERSION + 5, supported=LATEST_VERSION)
    assert notes.read_text().startswith("these are my notes")


@pytest.mark.parametrize(
    "env, expected",
    [
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0"}, t("en", "safety.shards_need_postgres", ids="0", count=2)),
        (
            {"SHARD_IDS": "0-1"},
            t("en", "safety.bad_settings", problem="SHARD_IDS needs SHARD_COUNT (how many shards there are in all)"),
        ),
        (
            {"SHARD_COUNT": "two"},
            t(
                "en",
                "safety.bad_setting",
                name="SHARD_COUNT",
                problem="Input should be a valid integer, unable to parse string as an integer",
            ),
        ),
    ],
)
def test_settings_it_refuses_stop_the_bot_with_one_line(monkeypatch, tmp_path, capsys, env, expected):
    """SHARD_IDS leaving shards to other processes while on SQLite, and other settings the bot
    refuses: main() prints one line naming the setting and returns 2, before opening anything."""
    monkeypatch.chdir(tmp_path)  # no .env
    for name in ("DATABASE_URL", "DATABASE_PATH", "SHARD_COUNT", "SHARD_IDS", "DEFAULT_LOCALE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(bot, "create_bot", lambda *a, **k: pytest.fail("the bot was built"))
    assert bot.main([]) == 2
    assert capsys.readouterr().err.splitlines() == [expected]
    assert not list(tmp_path.iterdir())  # no database file was created
