"""Issue 32: a campaign with the City (DT section J), through the loopback Discord.
`/campaign new expansions:City` opens a solo campaign with the City Region merged into the core;
the option autocompletes "cit" to it. The campaign is played through the prompt's buttons (the
heuristic AI's answers) until the party has entered the City Region from the City (J3a-b), walked
the City Road to the City Market and bought there (J3d, J3f) and bought a Wanted Poster (J4):
each told in words, every press answered in the channel, every card still counted once
(engine/darkest_talisman/expansions/audit.py)."""
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

#: found by a search on the engine alone with the same player (seeds 0-10, 400 presses): the party
#: enters the City Region, reaches the City Market, buys there and buys a Wanted Poster
SEED = 1
MAX_PRESSES = 400


def careful(seed: int):  # type: ignore[no-untyped-def]  # tests are not type-checked
    def choose(state: CampaignState, actor: str, _rng: random.Random) -> Any:
        return heuristic_player(state, actor, random.Random(f"{seed}:{state.actions_taken}"))
    return choose


def _done(ext: Any) -> bool:
    c = ext.city
    return bool(ext.regions_entered and c is not None and c.market_visits and c.bought and c.posters_bought)


async def test_city_campaign_plays_through_the_bot(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        offered = await fake.autocomplete(bot, alice, ch, "campaign new", "expansions", "cit")
        assert [c["value"] for c in offered.choices] == ["City"], offered.choices
        bot.gm._seed = lambda: SEED
        opened = await fake.slash(bot, alice, ch, "campaign new", mode="solo", expansions="City")
        found = await bot.gm.current(ch)
        assert found.state.options.pack == "core+city" and found.state.ext is not None
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
            if found.state.status != "active" or _done(found.state.ext):
                break
        ext = found.state.ext
        assert _done(ext), (ext.regions_entered, ext.city)
        text = "\n".join(said)
        assert "for the City Region" in text  # J3b: the way in, the Region's deck
        assert "The City Market: choose a shop" in text  # J3f
        assert "buys a Wanted Poster" in text  # J4
    assert not fake.violations, fake.violations
