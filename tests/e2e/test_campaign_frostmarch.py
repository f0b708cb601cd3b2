"""Issue 31: a Frostmarch campaign through the loopback Discord. `/campaign new
expansions:Frostmarch` opens a solo campaign with the Frostmarch (DT section G) merged into the
core; the expansions option autocompletes it; the party is played through the prompt's buttons to
the Chapel and on beyond it (G3b-c): the Frostmarch deck replaces the core's (G3d) and its trove
waits at the road's end; the party plays on as the campaign AI would and comes back to the Chapel, where the
core deck comes back (G3j), all told in words; after every press every card is still counted once
and no deck switch is left without its reason (engine/darkest_talisman/expansions/audit.py)."""
from __future__ import annotations

import random
from typing import Any

from bot import create_bot
from engine.darkest_talisman.actions import Choose
from engine.darkest_talisman.ai import heuristic_player
from engine.darkest_talisman.expansions.audit import broken
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import CampaignState
from loopback import run_bot
from tests.e2e.helpers import prompt_of
from tests.e2e.test_campaign import press, unreadable

SEED = 1
MAX_PRESSES = 400
#: the way to the Frostmarch: the Chapel, and on beyond it; the rest as the heuristic AI plays
FROST_WAY = ("depart:chapel", "beyond:frostmarch")


def frost_player(state: CampaignState, actor: str, rng: random.Random) -> Any:
    chooses = {a.option: a for a in SYSTEM.legal_actions(state, actor) if isinstance(a, Choose)}
    for option in FROST_WAY:
        if option in chooses:
            return chooses[option]
    return heuristic_player(state, actor, random.Random(f"{SEED}:{state.actions_taken}"))


async def test_frostmarch_campaign_plays_through_the_bot(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        offered = await fake.autocomplete(bot, alice, ch, "campaign new", "expansions", "fro")
        assert [c["value"] for c in offered.choices] == ["Frostmarch"], offered.choices
        bot.gm._seed = lambda: SEED
        opened = await fake.slash(bot, alice, ch, "campaign new", mode="solo", expansions="The Frostmarch")
        found = await bot.gm.current(ch)
        assert found.state.options.pack == "core+frostmarch" and found.state.ext is not None
        prompt = prompt_of(opened)
        said: list[str] = []
        for _ in range(MAX_PRESSES):
            reply, _free = await press(fake, bot, ch, prompt, random.Random(), frost_player)
            assert not reply.ephemeral, reply.text
            said.append(reply.text)
            assert not unreadable(reply.text), unreadable(reply.text)
            found = await bot.gm.latest(ch)
            assert broken(found.state) == []
            prompt = prompt_of(reply)
            if found.state.status != "active" or found.state.ext.frost_returns:
                break
        state = found.state
        assert state.ext.frost_trips >= 1 and state.ext.frost_cards >= 1
        text = "\n".join(said)
        assert "Beyond the Chapel the road climbs north to the Frostmarch" in text  # G3c
        assert "The Frostmarch Adventure deck is now the one drawn from." in text  # G3d
        if state.ext.frost_returns:
            assert "The party is back at the Chapel" in text  # G3j
            assert "The core Adventure deck is now the one drawn from." in text
            assert state.ext.live == "core"
    assert not fake.violations, fake.violations
