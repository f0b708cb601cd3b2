"""Two bot processes on one PostgreSQL database, one Discord shard each (issue 16).

Real `python bot.py` processes (tests/e2e/subprocess_bot.py) connect to the loopback Discord
with `SHARD_COUNT=2` and `SHARD_IDS=0` / `1`; the fake routes each server's interactions to the
connection of its shard only. Checked end to end:

* games in servers of both shards, each played by the process serving that shard; every
  acknowledged press is in the log once;
* a reminder due in each game is posted once, by the shard's own process;
* while one process is gone (`kill -9`) the other neither answers nor ticks its shard; the
  restarted process takes the shard back at once (its predecessor's pid is gone), posts the
  reminder that fell due meanwhile once, and the button posted before the kill still works;
* a third process asking for a shard already served refuses to start, naming the shard.

Needs TEST_DATABASE_URL (skipped without it; REQUIRE_POSTGRES=1 makes that a failure); each
test runs on a database of its own, dropped afterwards.
"""
from __future__ import annotations

import asyncio
import os
import secrets
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from gm.session import GameMaster
from gm.store import PostgresStore
from loopback import FakeDiscord, InteractionResult
from tests.e2e.helpers import prompt_of
from tests.store.conftest import postgres_url

LAUNCHER = Path(__file__).with_name("subprocess_bot.py")
T0 = 2_000_000_000.0
HOUR = 3600.0
REMINDER = "it is still your turn"
SHARDS = 2


@pytest.fixture
async def database() -> AsyncIterator[str]:
    """The address of a fresh database on the test server, dropped after the test."""
    import asyncpg

    base = postgres_url()
    name = f"gmshards_{secrets.token_hex(5)}"
    admin = await asyncpg.connect(base, timeout=10)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    parts = urlsplit(base)
    try:
        yield urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))
    finally:
        admin = await asyncpg.connect(base, timeout=10)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


class Processes:
    """The bot processes of one test, all on the same database, fake Discord and clock file."""

    def __init__(self, fake: FakeDiscord, url: str, folder: Path) -> None:
        self.fake, self.url, self.folder = fake, url, folder
        self.clock = folder / "clock"
        self.clock.write_text(str(T0))
        self.running: dict[int, subprocess.Popen[bytes]] = {}
        self.started = 0

    def spawn(self, shard: int) -> subprocess.Popen[bytes]:
        self.started += 1
        env = dict(os.environ, **self.fake.env(), DATABASE_URL=self.url, DISCORD_TOKEN="fake-token",
                   SHARD_COUNT=str(SHARDS), SHARD_IDS=str(shard), LOG_LEVEL="WARNING",
                   RULES_INDEX_WARMUP="false", CLOCK_INTERVAL="0.1", GM_TEST_CLOCK_FILE=str(self.clock))
        log = open(self.folder / f"bot-{self.started}-shard{shard}.log", "wb")  # noqa: SIM115 (the child keeps it)
        return subprocess.Popen([sys.executable, str(LAUNCHER)], env=env, stdout=subprocess.DEVNULL, stderr=log)

    async def start(self, shard: int) -> None:
        self.running[shard] = self.spawn(shard)
        if not await self.fake.wait_until(lambda: shard in self.fake.connected_shards, timeout=60):
            raise TimeoutError(f"the bot process for shard {shard} did not connect: {self.logs()}")
        await asyncio.sleep(0.3)  # discord.py files the GUILD_CREATE before handling interactions

    def kill(self, shard: int) -> None:
        proc = self.running.pop(shard)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)

    def stop_all(self) -> None:
        for shard in list(self.running):
            self.kill(shard)

    def logs(self) -> str:
        return "\n".join(f"{p.name}: {p.read_text(errors='replace')[-2000:]}" for p in sorted(self.folder.glob("bot-*.log")))


@pytest.fixture
async def world(fake_discord: FakeDiscord, database: str, tmp_path: Path) -> AsyncIterator[dict[str, Any]]:
    """A server in each shard with a channel, two players in both, and the bot processes' harness."""
    fake = fake_discord
    guilds = [fake.add_guild(f"shard {i}", shard=(i, SHARDS)) for i in range(SHARDS)]
    channels = [fake.add_channel(g, "prophecy") for g in guilds]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    procs = Processes(fake, database, tmp_path)
    try:
        yield {"fake": fake, "guilds": guilds, "channels": channels, "alice": alice, "bob": bob,
               "procs": procs, "url": database}
    finally:
        procs.stop_all()


async def _game(url: str, channel: int) -> Any:
    """The channel's game as stored (read by a store of this test, holding no lease)."""
    async with PostgresStore(url) as store:
        return await GameMaster(store).latest(channel)


async def _human_rows(url: str, channel: int) -> list[Any]:
    async with PostgresStore(url) as store:
        games = await store.list_games(channel)
        rows = [r for g in games for r in await store.actions(g.id)]
    return [r for r in rows if r.action.get("type") not in ("join", "leave", "add_bot", "kick", "start")]


async def _start_table(fake: FakeDiscord, channel: int, alice: int, bob: int) -> Any:
    await fake.slash(None, alice, channel, "game new", system="prophecy", bank_hours=2.0)
    joined = await fake.slash(None, bob, channel, "game join")
    assert joined.acked and not joined.ephemeral, joined.text
    started = await fake.slash(None, alice, channel, "game start")
    assert started.acked, started.text
    prompt = prompt_of(started)
    assert prompt is not None, started.text
    return prompt


async def _press(fake: FakeDiscord, url: str, channel: int, prompt: Any) -> tuple[InteractionResult, Any]:
    """Press the prompt's first button as the player who must decide; (result, next prompt)."""
    found = await _game(url, channel)
    actor = int(found.system.pending(found.state).player)
    result = await fake.click(None, actor, prompt, prompt.buttons[0]["custom_id"])
    assert result.acked and not result.ephemeral, result.text
    await fake.wait_until(lambda: prompt_of(result) is not None, timeout=10)
    return result, prompt_of(result)


def _count(fake: FakeDiscord, channel: int, text: str) -> int:
    return sum(1 for m in fake.messages_in(channel) if text in m.text)


async def test_two_processes_each_serve_their_shard_and_fire_each_reminder_once(world):
    fake, procs, url = world["fake"], world["procs"], world["url"]
    alice, bob = world["alice"], world["bob"]
    for shard in range(SHARDS):
        await procs.start(shard)
    assert fake.connected_shards == {0, 1}

    prompts = {}
    for shard, channel in enumerate(world["channels"]):
        before = dict(fake.gateway.interactions_by_shard)
        prompts[channel] = await _start_table(fake, channel, alice, bob)
        # the three commands reached only the connection of the server's shard
        assert fake.gateway.interactions_by_shard.get(shard, 0) - before.get(shard, 0) == 3
        assert fake.gateway.interactions_by_shard.get(1 - shard, 0) == before.get(1 - shard, 0)

    # an hour later the 1-hour reminder of both games falls due: each posted once, by its shard
    procs.clock.write_text(str(T0 + HOUR + 5))
    for channel in world["channels"]:
        assert await fake.wait_until(lambda c=channel: _count(fake, c, REMINDER) >= 1, timeout=15), procs.logs()
    await asyncio.sleep(1.5)  # many more clock passes in both processes: nothing repeats
    for channel in world["channels"]:
        assert _count(fake, channel, REMINDER) == 1

    presses = {channel: 0 for channel in world["channels"]}
    for _ in range(3):
        for channel in world["channels"]:
            found = await _game(url, channel)
            if found.record.status != "active" or prompts[channel] is None:
                continue
            _, prompts[channel] = await _press(fake, url, channel, prompts[channel])
            presses[channel] += 1
    for channel in world["channels"]:
        rows = await _human_rows(url, channel)
        pressed = [r for r in rows if r.actor in (str(alice), str(bob))]
        assert len(pressed) == presses[channel] > 0  # each acknowledged press applied once
        assert len({r.version_after for r in rows}) == len(rows)


async def test_kill_minus_nine_then_restart_takes_the_shard_back(world):
    fake, procs, url = world["fake"], world["procs"], world["url"]
    alice, bob = world["alice"], world["bob"]
    (guild0, guild1), (ch0, ch1) = world["guilds"], world["channels"]
    for shard in range(SHARDS):
        await procs.start(shard)
    prompt0 = await _start_table(fake, ch0, alice, bob)
    prompt1 = await _start_table(fake, ch1, alice, bob)
    version1 = (await _game(url, ch1)).record.version

    # a third process asking for shard 0 is refused: shard 0 is served
    third = procs.spawn(0)
    code = await asyncio.to_thread(third.wait, 60)
    assert code == 3, procs.logs()
    assert "shard 0/2" in procs.logs() and "already served" in procs.logs()
    assert fake.connected_shards == {0, 1}

    procs.kill(1)
    assert await fake.wait_until(lambda: fake.connected_shards == {0}, timeout=10)
    assert fake.gateway.sessions_for(guild1) == []  # shard 1's interactions would reach nobody
    assert fake.gateway.sessions_for(guild0) != []

    # both reminders fall due while shard 1 has no process: only shard 0's is posted
    procs.clock.write_text(str(T0 + HOUR + 5))
    assert await fake.wait_until(lambda: _count(fake, ch0, REMINDER) == 1, timeout=15), procs.logs()
    _, prompt0 = await _press(fake, url, ch0, prompt0)  # shard 0 is still served
    await asyncio.sleep(1.0)
    assert _count(fake, ch1, REMINDER) == 0
    assert (await _game(url, ch1)).record.version == version1  # nobody touched shard 1's game

    # the restart takes shard 1 back at once (its predecessor's pid is gone) and catches up
    await procs.start(1)
    assert await fake.wait_until(lambda: _count(fake, ch1, REMINDER) >= 1, timeout=15), procs.logs()
    await _press(fake, url, ch1, prompt1)  # the button posted before the kill
    assert (await _game(url, ch1)).record.version > version1
    await asyncio.sleep(1.0)
    assert _count(fake, ch0, REMINDER) == 1 and _count(fake, ch1, REMINDER) == 1
    for channel in (ch0, ch1):
        rows = await _human_rows(url, channel)
        assert len([r for r in rows if r.actor in (str(alice), str(bob))]) == 1
