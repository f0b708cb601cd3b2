"""Reminders and expiries fire exactly once although the bot is killed (`kill -9`) at random
points around them, including an expiry that fell due while the bot was down.

The bot runs in a subprocess whose game clock is a file this test writes (an injected clock);
the channel is read on the fake Discord, where the players would see the messages."""
from __future__ import annotations

import asyncio
import random
import signal

from gm.session import GameMaster
from gm.store import SqliteStore
from tests.e2e.helpers import wait_connected
from tests.e2e.test_restart import _spawn

T0 = 2_000_000_000.0
REMINDER = "it is still your turn"
RAN_OUT = "time ran out"


def _identified(fake) -> int:
    return len(fake.gateway.identifies)


async def _pending(settings, channel):
    async with SqliteStore(settings.database_path) as store:
        found = await GameMaster(store).current(channel)
        return found.system.pending(found.state).player, found.record.version


def _count(fake, channel, text: str) -> int:
    return sum(1 for m in fake.messages_in(channel) if text in m.text)


async def test_reminder_and_expiry_exactly_once_across_kill_minus_nine(world, settings, tmp_path):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    clock_file = tmp_path / "clock"
    clock_file.write_text(str(T0))
    env = {"GM_TEST_CLOCK_FILE": str(clock_file), "CLOCK_INTERVAL": "0.1"}
    rng = random.Random(20240611)
    proc = _spawn(fake, settings, **env)

    async def restart(kill_after: float) -> None:
        nonlocal proc
        await asyncio.sleep(kill_after)
        identified = _identified(fake)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        proc = _spawn(fake, settings, **env)
        await wait_connected(fake, identified)

    try:
        await wait_connected(fake, 0)
        await fake.slash(None, alice, ch, "game new", system="prophecy", bank_hours=2.0)
        await fake.slash(None, bob, ch, "game join")
        await fake.slash(None, alice, ch, "game start")
        active, version = await _pending(settings, ch)

        clock_file.write_text(str(T0 + 3600))  # the 1-hour reminder falls due
        await restart(rng.uniform(0.0, 0.4))   # killed somewhere around it
        assert await fake.wait_until(lambda: _count(fake, ch, REMINDER) >= 1, timeout=10)

        # the expiry falls due while the bot is down
        identified = _identified(fake)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        clock_file.write_text(str(T0 + 7200 + 5))
        proc = _spawn(fake, settings, **env)
        await wait_connected(fake, identified)
        assert await fake.wait_until(lambda: _count(fake, ch, RAN_OUT) >= 1, timeout=10)
        await asyncio.sleep(1.0)  # several more clock passes: nothing may repeat
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    assert _count(fake, ch, REMINDER) == 1
    assert _count(fake, ch, RAN_OUT) == 1
    now_active, now_version = await _pending(settings, ch)
    assert now_active != active and now_version > version  # the expiry applied (once: the turn passed once)
