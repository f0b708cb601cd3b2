"""Start and stop a real discord.py bot against whatever discord.py is redirected to.

Kept free of pytest so the `--local` console can use it as well as the tests.
"""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TypeVar

import discord

ClientT = TypeVar("ClientT", bound=discord.Client)

FAST_GUILD_READY_TIMEOUT = 0.02
"""discord.py waits `guild_ready_timeout` (2 s) after the last GUILD_CREATE before
`on_ready`; the fake sends them all at once, so a few milliseconds are enough."""


def _speed_up_ready(bot: discord.Client) -> None:
    # The public way is `Client(guild_ready_timeout=...)`; this covers bots built by a
    # production factory that does not expose it.
    state = getattr(bot, "_connection", None)
    if state is not None and getattr(state, "guild_ready_timeout", 0) > FAST_GUILD_READY_TIMEOUT:
        state.guild_ready_timeout = FAST_GUILD_READY_TIMEOUT


@asynccontextmanager
async def run_bot(
    bot: ClientT, token: str = "fake-token", *, timeout: float = 5.0, fast_ready: bool = True
) -> AsyncIterator[ClientT]:
    """Log the bot in (runs `setup_hook` and its syncs), connect, wait for READY; close on exit.

    Equivalent to `bot.start(token)` split in two, so that a failure before READY is
    raised here instead of hanging the test.
    """
    if fast_ready:
        _speed_up_ready(bot)
    await bot.login(token)
    connection = asyncio.create_task(bot.connect(), name="fake-discord-bot-connection")
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({connection, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    if ready not in done:
        ready.cancel()
        await bot.close()
        if connection.done():
            connection.result()
        raise TimeoutError(f"bot did not become ready within {timeout}s")
    try:
        yield bot
    finally:
        await bot.close()
        await asyncio.wait_for(connection, timeout)
