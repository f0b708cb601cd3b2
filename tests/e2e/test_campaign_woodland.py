"""Issue 32, DT section M: a campaign with the Woodland, through the loopback Discord.
`/campaign new expansions:Woodland` opens a solo campaign with the Woodland merged into the core;
the expansions option autocompletes it; the campaign AI's answers are pressed through the
prompt's buttons until the party has gone from the Forest into the Woodland (M6c), drawn its
Paths (M4a), walked the Faerie Path (M7a) and beaten Queen Mab at Mab's Lair in Guardian Combat
(M8a-c), all told in words; every card is still counted once and no deck switch is left without
its reason (engine/darkest_talisman/expansions/audit.py)."""
from __future__ import annotations

import random
from typing import Any

from bot import create_bot
from engine.darkest_talisman.ai import heuristic_player
from engine.darkest_talisman.expansions.audit import broken
from engine.darkest_talisman.state import CampaignState
from loopback import run_bot
from tests.e2e.helpers import prompt_of
from tests.e2e.test_campaign import press, unreadable

#: found by a search on the engine alone with the same player (the campaign AI, its randomness
#: seeded by the seed and the actions taken): Queen Mab is beaten after about 160 presses
SEED = 12
MAX_PRESSES = 500


def careful(seed: int):  # type: ignore[no-untyped-def]  # tests are not type-checked
    def choose(state: CampaignState, actor: str, _rng: random.Random) -> Any:
        return heuristic_player(state, actor, random.Random(f"{seed}:{state.actions_taken}"))
    return choose


async def test_woodland_campaign_reaches_and_beats_queen_mab_through_the_bot(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        offered = await fake.autocomplete(bot, alice, ch, "campaign new", "expansions", "woo")
        assert [c["value"] for c in offered.choices] == ["Woodland"], offered.choices
        bot.gm._seed = lambda: SEED
        opened = await fake.slash(bot, alice, ch, "campaign new", mode="solo", expansions="Woodland")
        found = await bot.gm.current(ch)
        assert found.state.options.pack == "core+woodland" and found.state.ext is not None
        prompt = prompt_of(opened)
        said: list[str] = []
        choose = careful(SEED)
        for _ in range(MAX_PRESSES):
            reply, _free = await press(fake, bot, ch, prompt, random.Random(), choose)
            assert not reply.ephemeral, reply.text
            said.append(reply.text)
            assert not unreadable(reply.text), unreadable(reply.text)
            found = await bot.gm.latest(ch)
            assert broken(found.state) == []
            prompt = prompt_of(reply)
            if found.state.status != "active" or found.state.ext.masters_beaten:
                break
        state = found.state
        assert state.ext.regions_entered >= 1 and state.ext.masters_beaten >= 1, "Queen Mab was not reached and beaten"
        assert state.ext.woodland is not None and state.ext.woodland.paths_drawn >= 1
        text = "\n".join(said)
        assert "The party leaves the Forest for the Woodland" in text  # M6c
        assert "The Woodland Adventure deck is now the one drawn from." in text  # M6d
        assert "sets foot on the" in text  # M4a: a Path drawn
        assert "Queen Mab is beaten" in text  # M8a-c
    assert not fake.violations, fake.violations
