"""Issue 31: a campaign with the Firelands (DT section I), through the loopback Discord.
`/campaign new expansions:Firelands` opens a solo campaign with the Firelands merged into the core;
the option autocompletes "fire" to it. The campaign is played through the prompt's buttons (the
heuristic AI's answers, and the road to the Firelands whenever the village offers it, I5b) until
the party has been to the Firelands and is back in a village: on the way the Firelands deck comes
into play (I5c) and goes (I5i), fire burns cards, tokens and Terrain (I2-I4), all told in words;
every card is still counted once and no deck switch is left without its reason
(engine/darkest_talisman/expansions/audit.py)."""
from __future__ import annotations

import random
from typing import Any

from bot import create_bot
from engine.darkest_talisman.actions import Choose
from engine.darkest_talisman.ai import heuristic_player
from engine.darkest_talisman.expansions.audit import broken
from engine.darkest_talisman.state import CampaignState
from loopback import run_bot
from tests.e2e.helpers import prompt_of
from tests.e2e.test_campaign import press, unreadable

#: found by a search on the engine alone with the same player: the party sets out for the
#: Firelands after about 250 presses, reaches them, burns and is back after about 320
SEED = 3
MAX_PRESSES = 700


def to_the_firelands(seed: int):  # type: ignore[no-untyped-def]  # tests are not type-checked
    def choose(state: CampaignState, actor: str, _rng: random.Random) -> Any:
        d = state.decision
        if d is not None and d.kind == "village" and "depart:firelands" in d.options:
            return Choose(option="depart:firelands")  # I5b: the party may choose the Firelands
        return heuristic_player(state, actor, random.Random(f"{seed}:{state.actions_taken}"))
    return choose


async def test_firelands_campaign_plays_through_the_bot(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        offered = await fake.autocomplete(bot, alice, ch, "campaign new", "expansions", "fire")
        assert [c["value"] for c in offered.choices] == ["Firelands"], offered.choices
        bot.gm._seed = lambda: SEED
        opened = await fake.slash(bot, alice, ch, "campaign new", mode="solo", expansions="the firelands")
        found = await bot.gm.current(ch)
        assert found.state.options.pack == "core+firelands" and found.state.ext is not None
        prompt = prompt_of(opened)
        said: list[str] = []
        choose = to_the_firelands(SEED)
        for _ in range(MAX_PRESSES):
            reply, _free = await press(fake, bot, ch, prompt, random.Random(), choose)
            assert not reply.ephemeral, reply.text
            said.append(reply.text)
            assert not unreadable(reply.text), unreadable(reply.text)
            found = await bot.gm.latest(ch)
            assert broken(found.state) == []
            prompt = prompt_of(reply)
            state = found.state
            if state.status != "active" or (state.ext.firelands_trips and state.mode == "village"):
                break
        state = found.state
        assert state.ext.firelands_trips >= 1, "the party never set out for the Firelands"
        text = "\n".join(said)
        assert "The road leads to the Firelands" in text  # I5b
        assert "The Firelands Adventure deck is now the one drawn from." in text  # I5c
        if state.status == "active":
            assert state.ext.live == "core" and state.ext.reasons == []  # I5i
            assert "The core Adventure deck is now the one drawn from." in text
        fire = state.ext.burns + state.ext.fire_tokens_placed + state.ext.terrain_cards_laid
        assert fire >= 1, "nothing burnt, scorched or changed on the Firelands' road"
        assert "burns" in text or "fireland token" in text or "Terrain card" in text
    assert not fake.violations, fake.violations
