"""A Darkest Talisman campaign over the loopback Discord: /campaign new in co-op, two people and
one AI-run seat, played through the prompt's buttons and the private "Character actions" menu
(shopping and healing in the village), the bot restarted on the same database and the campaign
resumed exactly; /campaign status|party|village|log|export; a wrong person's click refused."""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from bot import create_bot
from engine.darkest_talisman.actions import Choose
from engine.darkest_talisman.ai import Chooser, heuristic_player
from engine.darkest_talisman.game import SYSTEM as CAMPAIGN
from engine.darkest_talisman.state import CampaignState
from loopback import run_bot
from tests.e2e.helpers import prompt_of
from tests.e2e.test_transcripts import MENTION, SNOWFLAKE, TEMPLATE, snake_case_words

SYSTEM = "darkest_talisman"
#: the campaign's seed (a party that survives its first return, AI seat included)
SEED = 7



import pytest
@pytest.mark.parametrize("seed", list(range(1, 11)))
async def test_scan(world, settings, seed):
    """When only the AI-run character is left (the others died and the character deck is empty),
    the AI seat has more decisions in a row than one press may take (AI_STEP_LIMIT). The press
    stops there with the game already due, the people are told whose decision it is by name
    (never "ai1"), and the turn clock carries the AI on in the background until a person must
    decide or the campaign ends."""
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    choose = people(seed)
    async with run_bot(create_bot(settings)) as bot:
        bot.gm._seed = lambda: seed
        await fake.slash(bot, alice, ch, "campaign new", mode="coop", bank_hours=48.0)
        await fake.slash(bot, bob, ch, "campaign join")
        await fake.slash(bot, alice, ch, "campaign add-bot")
        prompt = prompt_of(await fake.slash(bot, alice, ch, "campaign start"))
        for _ in range(3000):
            found, pend = await _pending(bot, ch)
            if pend.player == "ai1":
                break
            reply, _free = await press(fake, bot, ch, prompt, random.Random(), choose)
            prompt = prompt_of(reply)
        found, pend = await _pending(bot, ch)
        print("SEEDRESULT", seed, pend.player, found.state.status)
        assert pend.player == "ai1"
