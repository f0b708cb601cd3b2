"""The board picture is drawn off the reply path: a slow drawing never holds up the prompt.

The turn message goes out with the picture when it is ready in time; otherwise without it,
and the picture is edited into the same message once drawn.
"""
from __future__ import annotations

import asyncio
import dataclasses
import threading

import systems
from bot import create_bot
from loopback import run_bot
from ui.pictures import PictureCache

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def slow_prophecy(monkeypatch, release: threading.Event, started: threading.Event) -> None:
    """Register Prophecy with a board picture that waits for `release` before drawing."""
    plugin = systems.PLUGINS["prophecy"]
    assert plugin.table is not None and plugin.table.board_picture is not None
    draw = plugin.table.board_picture

    def slow(state, locale):
        started.set()
        assert release.wait(20), "the test never released the drawing"
        return draw(state, locale)

    table = dataclasses.replace(plugin.table, board_picture=slow)
    monkeypatch.setitem(systems.PLUGINS, "prophecy", dataclasses.replace(plugin, table=table))


async def test_prompt_is_delivered_while_the_picture_is_still_drawing(world, settings, monkeypatch):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    release, started = threading.Event(), threading.Event()
    slow_prophecy(monkeypatch, release, started)
    async with run_bot(create_bot(settings)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy")
        await fake.slash(bot, bob, ch, "game join")
        start = asyncio.create_task(fake.slash(bot, alice, ch, "game start"))
        try:
            def prompts():
                return [m for m in fake.messages_in(ch) if m.buttons or m.selects]

            await fake.wait_until(lambda: bool(prompts()), 10)
            # the prompt is out, pinging whoever must act, while the drawing has not finished
            assert started.is_set() and not release.is_set()
            prompt = prompts()[-1]
            assert "<@" in (prompt.content or "") and "board.png" not in prompt.files
            assert not start.done()
        finally:
            release.set()
        await start
        # once drawn, the picture is edited into the same turn message
        prompt = fake.message(prompt.id)
        assert prompt.files["board.png"][:8] == PNG_MAGIC
        assert prompt.embeds[0]["image"]["url"] == "attachment://board.png"
        assert prompt.buttons or prompt.selects  # the edit kept the buttons
        assert not fake.violations


async def test_picture_ready_in_time_rides_along(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy")
        await fake.slash(bot, bob, ch, "game join")
        r = await fake.slash(bot, alice, ch, "game start")
        assert r.message.files["board.png"][:8] == PNG_MAGIC
        assert r.embeds[0]["image"]["url"] == "attachment://board.png"


async def test_one_drawing_per_state_version_however_many_ask():
    cache = PictureCache(maxsize=4)
    calls: list[int] = []
    gate = threading.Event()

    def draw() -> bytes:
        calls.append(1)
        gate.wait(5)
        return b"png"

    first = cache.start(("game", 1, "en"), draw)
    second = cache.start(("game", 1, "en"), draw)
    assert second is first and not first.done()
    gate.set()
    assert await first == b"png"
    third = cache.start(("game", 1, "en"), draw)  # from the cache now: done at once
    assert third.done() and third.result() == b"png"
    assert len(calls) == 1
