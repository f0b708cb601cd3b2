"""Driving games through the fake Discord as people would: read the prompt, press a button."""
from __future__ import annotations

import random
from typing import Any

from engine.ai.players import heuristic_player
from engine.registry import SYSTEMS
from gm.fake_discord import InteractionResult, StoredMessage


def prompt_of(result: InteractionResult) -> StoredMessage | None:
    """The message carrying the current decision (buttons or selects) from a reply."""
    for msg in reversed(result.messages):
        if msg.buttons or msg.selects:
            return msg
    return None


async def state_of(bot, channel: int):
    found = await bot.gm.latest(channel)
    return found


async def press_best(fake, bot, channel: int, message: StoredMessage, users: dict[str, int], rng: random.Random) -> InteractionResult:
    """Press what the heuristic player would choose, as the person whose turn it is."""
    found = await bot.gm.current(channel)
    system = SYSTEMS[found.record.system]
    pend = system.pending(found.state)
    actor = pend.player
    action = heuristic_player(found.state, actor, rng)
    index = system.legal_actions(found.state, actor).index(action)
    who = int(actor)
    if message.buttons:
        custom = next(b["custom_id"] for b in message.buttons if b["custom_id"].endswith(f":{index}"))
        return await fake.click(bot, who, message, custom)
    select = next(s for s in message.selects if any(o["value"] == str(index) for o in s["options"]))
    return await fake.select(bot, who, message, select["custom_id"], [str(index)])
