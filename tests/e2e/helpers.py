"""Driving games through the fake Discord as people would: read the prompt, press a button."""
from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from engine.ai.players import heuristic_player
from engine.registry import SYSTEMS
from loopback import InteractionResult, StoredMessage
from ui.views import PAGE_SIZE


async def polled(predicate: Any, timeout: float) -> bool:
    """Wait for `predicate`, checking it every 10 ms. For what the bot's own code sets (a flag in
    a held read, an AI thread's event): the fake Discord's wait_until re-checks only when a
    request arrives, so it would sit out its whole timeout when none follows."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.01)
    return True


def prompt_of(result: InteractionResult) -> StoredMessage | None:
    """The message carrying the current decision (buttons or selects) from a reply."""
    for msg in reversed(result.messages):
        if msg.buttons or msg.selects:
            return msg
    return None


async def state_of(bot, channel: int):
    found = await bot.gm.latest(channel)
    return found


async def press_best(
    fake, bot, channel: int, message: StoredMessage, users: dict[str, int], rng: random.Random
) -> InteractionResult:
    """Press what the heuristic player would choose, as the person whose turn it is."""
    found = await bot.gm.current(channel)
    system = SYSTEMS[found.record.system]
    pend = system.pending(found.state)
    actor = pend.player
    action = heuristic_player(found.state, actor, rng)
    index = system.legal_actions(found.state, actor).index(action)
    return await press_index(fake, bot, int(actor), message, index)


async def press_index(fake, bot, who: int, message: StoredMessage, index: int) -> InteractionResult:
    """Press the choice with this index in legal_actions, as `who`, turning the prompt's pages
    ("More…" / "Back", ui.views.ChoiceView) until it shows."""
    for _ in range(1000):
        button = next((b for b in message.buttons if b["custom_id"].startswith("gm:")
                       and b["custom_id"].endswith(f":{index}")), None)
        if button is not None:
            return await fake.click(bot, who, message, button["custom_id"])
        select = next((s for s in message.selects if any(o["value"] == str(index) for o in s["options"])), None)
        if select is not None:
            return await fake.select(bot, who, message, select["custom_id"], [str(index)])
        pages = {int(b["custom_id"].rsplit(":", 1)[1]): b["custom_id"] for b in message.buttons
                 if b["custom_id"].startswith("gmpg:")}
        assert pages, f"choice {index} is on no page of the prompt"
        turned = await fake.click(bot, who, message, pages[max(pages) if index // PAGE_SIZE > max(pages) else min(pages)])
        assert turned.type == 6 and not turned.followups, "a page is acknowledged first, then the prompt edited"
        message = fake.message(message.id)
    raise AssertionError(f"choice {index} never shown")


def raw_slash(fake, user: int, channel: int, command: str, **options: Any) -> dict:
    """A valid slash payload built from the synced schema, for tests to tamper with."""
    from loopback.payloads import slash_command_payload, split_path

    ctx = fake.context(user, channel)
    parts = split_path(command)
    return slash_command_payload(ctx, fake.command(parts[0]), parts, options, fake.resolver(ctx))


def set_leaf(payload: dict, name: str, value: Any) -> dict:
    """Replace the value of option `name` wherever it sits in the nested options."""
    def walk(options: list[dict]) -> None:
        for o in options:
            if o.get("name") == name and "value" in o:
                o["value"] = value
            walk(o.get("options", []))
    walk(payload["data"].get("options", []))
    return payload


async def log_size(bot, channel: int) -> tuple[int, int]:
    found = await bot.gm.latest(channel)
    return found.record.version, len(await bot.gm.store.actions(found.record.id))


async def started_game(fake, bot, channel: int, host: int, *others: int, ai: int = 0):
    """/game new, join, add-bot, start; returns the start reply."""
    await fake.slash(bot, host, channel, "game new", system="prophecy")
    for uid in others:
        await fake.slash(bot, uid, channel, "game join")
    for _ in range(ai):
        await fake.slash(bot, host, channel, "game add-bot", level="heuristic")
    return await fake.slash(bot, host, channel, "game start")


LAUNCHER = Path(__file__).with_name("subprocess_bot.py")


def spawn_bot(fake: Any, db: Path, log_level: str = "WARNING", stderr: int = subprocess.PIPE,
              **extra: str) -> subprocess.Popen[bytes]:
    """A real `bot.py` process on the database `db`, pointed at the fake Discord; `extra` are more
    environment variables."""
    env = dict(os.environ, **fake.env(), DATABASE_PATH=str(db), DISCORD_TOKEN="fake-token", LOG_LEVEL=log_level,
               RULES_INDEX_WARMUP="false", **extra)
    return subprocess.Popen([sys.executable, str(LAUNCHER)], env=env, stdout=subprocess.DEVNULL, stderr=stderr)


async def wait_connected(fake: Any, identified_before: int, timeout: float = 30) -> None:
    """Wait until a bot process has identified to the fake Discord since `identified_before`
    identifications (then a moment more, for its start-up work)."""
    for _ in range(int(timeout * 20)):
        if fake.connected and len(fake.gateway.identifies) > identified_before:
            await asyncio.sleep(0.2)
            return
        await asyncio.sleep(0.05)
    raise TimeoutError("the bot process did not connect to the fake Discord")
