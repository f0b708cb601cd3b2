"""Issue 31: a campaign with an expansion, through the loopback Discord. `/campaign new
expansions:Reaper` opens a solo campaign with the Reaper (DT section E) merged into the core;
the expansions option autocompletes and an unknown name is refused privately, opening nothing;
the campaign is played through the prompt's buttons to its end, and on the way a character dies,
the Grim Reaper comes (E2a), moves on the 1s (E2e) and reaches the party, who roll on his chart
(E2i), all told in words; every card is still counted once and no deck switch is left without
its reason (engine/darkest_talisman/expansions/audit.py)."""
from __future__ import annotations

import random
from typing import Any

from bot import create_bot
from engine.darkest_talisman.expansions.audit import broken
from engine.darkest_talisman.state import CampaignState
from loopback import run_bot
from tests.e2e.helpers import prompt_of
from tests.e2e.test_campaign import press, reckless_player, unreadable

#: found by a search on the engine alone with the same player: the Grim Reaper reaches the
#: party after about 60 presses and the party falls after about 80
SEED = 1
MAX_PRESSES = 400


def reckless(seed: int):  # type: ignore[no-untyped-def]  # tests are not type-checked
    def choose(state: CampaignState, actor: str, _rng: random.Random) -> Any:
        return reckless_player(state, actor, random.Random(f"{seed}:{state.actions_taken}"))
    return choose


async def test_reaper_campaign_plays_through_the_bot(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        offered = await fake.autocomplete(bot, alice, ch, "campaign new", "expansions", "rea")
        assert [c["value"] for c in offered.choices] == ["Reaper"], offered.choices
        refused = await fake.slash(bot, bob, ch, "campaign new", expansions="Dragon")
        assert refused.ephemeral and "no expansion called Dragon" in refused.text and "Reaper" in refused.text
        assert await bot.gm.latest(ch) is None  # nothing was opened
        bot.gm._seed = lambda: SEED
        opened = await fake.slash(bot, alice, ch, "campaign new", mode="solo", expansions="Reaper")
        found = await bot.gm.current(ch)
        assert found.state.options.pack == "core+reaper" and found.state.ext is not None
        prompt = prompt_of(opened)
        said: list[str] = []
        choose = reckless(SEED)
        for _ in range(MAX_PRESSES):
            reply, _free = await press(fake, bot, ch, prompt, random.Random(), choose)
            assert not reply.ephemeral, reply.text
            said.append(reply.text)
            assert not unreadable(reply.text), unreadable(reply.text)
            found = await bot.gm.latest(ch)
            assert broken(found.state) == []
            prompt = prompt_of(reply)
            if found.state.status != "active":
                break
        state = found.state
        assert state.status == "finished", "the campaign did not end"
        assert state.ext.reaper_comings >= 1 and state.ext.reaper_visits >= 1
        text = "\n".join(said)
        assert "the Grim Reaper appears on the first Road Space" in text  # E2a
        assert "The Grim Reaper reaches the party!" in text  # E2i
        assert "on the Grim Reaper's chart" in text
        assert "The Reaper Adventure deck is now the one drawn from." in text  # E2c
    assert not fake.violations, fake.violations


async def test_coop_lobby_shows_the_chosen_expansions(world, settings):
    """A co-op campaign waiting to start shows whoever joins which expansions the host chose
    (DT A2: the expansions' decks are set out before play), in the reader's language."""
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        opened = await fake.slash(bot, alice, ch, "campaign new", mode="coop", expansions="Blood Moon, Reaper")
        fields = {f["name"]: f["value"] for f in opened.embeds[0]["fields"]}
        assert fields["Expansions"] == "The Blood Moon, The Reaper"
        gianni = fake.add_user("gianni", locale="it")
        joined = await fake.slash(bot, gianni, ch, "campaign join")
        fields = {f["name"]: f["value"] for f in joined.embeds[0]["fields"]}
        assert fields["Espansioni"] == "La Luna di Sangue, Il Mietitore", fields
        plain = await fake.slash(bot, alice, world["ch2"], "campaign new", mode="coop")
        assert all(f["name"] != "Expansions" for f in plain.embeds[0]["fields"])
    assert not fake.violations, fake.violations
