"""Nothing is lost on restart: the game continues and buttons posted before still work,
both after a clean close and after `kill -9` of a real bot process."""
from __future__ import annotations

import asyncio
import signal
import subprocess

from bot import create_bot
from loopback import run_bot
from tests.e2e.helpers import prompt_of, spawn_bot, started_game, wait_connected


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


def _spawn(fake, settings, **extra: str) -> subprocess.Popen:
    return spawn_bot(fake, settings.database_path, **extra)


async def test_kill_minus_nine_then_new_process_continues_and_old_button_works(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    proc = _spawn(fake, settings)
    try:
        await wait_connected(fake, 0)
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
    identified = len(fake.gateway.identifies)
    proc2 = _spawn(fake, settings)
    try:
        await wait_connected(fake, identified)
        clicked = await fake.click(None, int(active), prompt, prompt.buttons[0]["custom_id"])
        assert clicked.acked, clicked.text
        # the press is acknowledged before the step is played: the step follows, and its echo
        assert await fake.wait_until(lambda: clicked.message is not None, timeout=10), clicked.text
        assert not clicked.ephemeral, clicked.text
        new_version, _ = await _active(settings, ch)
        assert new_version > version
    finally:
        proc2.send_signal(signal.SIGKILL)
        proc2.wait(timeout=10)


# -- one writer per database ---------------------------------------------------------------------

async def _exit_code(proc: subprocess.Popen, timeout: float = 30) -> int | None:
    for _ in range(int(timeout * 20)):
        if proc.poll() is not None:
            return proc.returncode
        await asyncio.sleep(0.05)
    return None


async def test_second_process_on_the_same_database_refuses_and_a_kill_nine_restart_starts_at_once(world, settings):
    """Two bot processes on one SQLite file would answer every interaction twice: the second
    one must refuse to start, naming the file; after `kill -9` of the first, a new one starts
    at once (its pid is gone) instead of waiting out the lease."""
    import time as _time
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    first = _spawn(fake, settings)
    second = third = None
    try:
        await wait_connected(fake, 0)
        second = _spawn(fake, settings)
        code = await _exit_code(second)
        stderr = second.stderr.read().decode() if second.stderr else ""
        assert code == 3, stderr
        assert str(settings.database_path) in stderr and "already in use" in stderr
        assert len(fake.gateway.ready_sessions) == 1  # the second one never connected
        shown = await fake.slash(None, alice, ch, "game new", system="prophecy")
        await asyncio.sleep(0.3)
        assert shown.acked and not shown.ephemeral and not fake.violations  # answered once
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    identified = len(fake.gateway.identifies)
    began = _time.monotonic()
    third = _spawn(fake, settings, DB_LEASE_SECONDS="60")  # a long lease: only "pid gone" lets it in at once
    try:
        await wait_connected(fake, identified)
        assert _time.monotonic() - began < 20
        joined = await fake.slash(None, world["bob"], ch, "game join")
        assert joined.acked and not joined.ephemeral, joined.text
    finally:
        third.send_signal(signal.SIGKILL)
        third.wait(timeout=10)
