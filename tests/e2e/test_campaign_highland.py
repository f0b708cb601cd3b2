"""Issue 32, the Highland (DT section K), through the loopback Discord: `/campaign new
expansions:Highland` opens a solo campaign with the Highland merged into the core; played through
the prompt's buttons by the campaign AI, the party chooses the Crags (K3b), meets them, goes into
the Highland (K3c-f), climbs the Highland Path (K5) to the Eyrie and beats the Eagle King in
Guardian Combat (K6g-h), his Region's cards joining the core deck (K6k), all told in words; every
card is still counted once and no deck switch is left without its reason."""
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

#: found by a search on the engine alone with the same player: the Eagle King is beaten after
#: about 210 actions (tests/talisman/test_region_highland.py)
SEED = 1
MAX_PRESSES = 400


def ai(seed: int):  # type: ignore[no-untyped-def]  # tests are not type-checked
    def choose(state: CampaignState, actor: str, _rng: random.Random) -> Any:
        return heuristic_player(state, actor, random.Random(f"{seed}:{state.actions_taken}"))
    return choose


async def test_highland_campaign_plays_through_the_bot_to_the_eagle_king(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        offered = await fake.autocomplete(bot, alice, ch, "campaign new", "expansions", "high")
        assert [c["value"] for c in offered.choices] == ["Highland"], offered.choices
        bot.gm._seed = lambda: SEED
        opened = await fake.slash(bot, alice, ch, "campaign new", mode="solo", expansions="Highland")
        found = await bot.gm.current(ch)
        assert found.state.options.pack == "core+highland" and found.state.ext is not None
        prompt = prompt_of(opened)
        said: list[str] = []
        choose = ai(SEED)
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
        assert state.ext.regions_entered >= 1 and state.ext.masters_beaten >= 1, "the Eagle King was not beaten"
        text = "\n".join(said)
        assert "Under the Eyrie lies the Highland trove" in text  # K3f
        assert "Eagle King is beaten" in text  # K6
        assert "join the core Adventure deck" in text  # K6k
    assert not fake.violations, fake.violations
