"""Nothing is lost on restart: the game continues and buttons posted before still work,
both after a clean close and after `kill -9` of a real bot process."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from bot import create_bot
from gm.fake_discord import run_bot
from tests.e2e.helpers import prompt_of, started_game

LAUNCHER = Path(__file__).with_name("subprocess_bot.py")


async def _active(settings, channel):
    from gm.session import GameMaster
    from gm.store import SqliteStore
    async with SqliteStore(settings.database_path) as store:
        found = await GameMaster(store).current(channel)
        return found.record.version, found.system.pending(found.state).player


async def test_restart_in_process_old_button_still_works(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        r = await started_game(fake, bot, ch, alice, bob)
        prompt = prompt_of(r)
    version, active = await _active(settings, ch)
    async with run_bot(create_bot(settings)) as bot2:
        clicked = await fake.click(bot2, int(active), prompt, prompt.buttons[0]["custom_id"])
        assert not clicked.ephemeral, clicked.text
        found = await bot2.gm.current(ch)
        assert found.record.version > version


def _spawn(fake, settings) -> subprocess.Popen:
    env = dict(os.environ, **fake.env(), DATABASE_PATH=str(settings.database_path), DISCORD_TOKEN="fake-token",
               LOG_LEVEL="WARNING", RULES_INDEX_WARMUP="false")
    return subprocess.Popen([sys.executable, str(LAUNCHER)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


async def _wait_connected(fake, identified_before: int, timeout: float = 30) -> None:
    for _ in range(int(timeout * 20)):
        if fake.connected and fake.identify is not None and len([q for q in fake.requests if q.path.endswith("/commands")]) > identified_before:
            await asyncio.sleep(0.2)
            return
        await asyncio.sleep(0.05)
    raise TimeoutError("the bot process did not connect to the fake Discord")


async def test_kill_minus_nine_then_new_process_continues_and_old_button_works(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    proc = _spawn(fake, settings)
    try:
        await _wait_connected(fake, 0)
        await fake.slash(None, alice, ch, "game new", system="prophecy")
        await fake.slash(None, bob, ch, "game join")
        r = await fake.slash(None, alice, ch, "game start")
        prompt = prompt_of(r)
        assert prompt is not None
        version, active = await _active(settings, ch)
        first = await fake.click(None, int(active), prompt, prompt.buttons[0]["custom_id"])
        assert not first.ephemeral
        assert await fake.wait_until(lambda: prompt_of(first) is not None, timeout=10)  # the followup
        prompt = prompt_of(first)
        version, active = await _active(settings, ch)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    syncs = len([q for q in fake.requests if q.path.endswith("/commands")])
    proc2 = _spawn(fake, settings)
    try:
        await _wait_connected(fake, syncs)
        clicked = await fake.click(None, int(active), prompt, prompt.buttons[0]["custom_id"])
        assert clicked.acked and not clicked.ephemeral, clicked.text
        new_version, _ = await _active(settings, ch)
        assert new_version > version
    finally:
        proc2.send_signal(signal.SIGKILL)
        proc2.wait(timeout=10)
