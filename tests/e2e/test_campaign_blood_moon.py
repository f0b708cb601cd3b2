"""Issue 31: a campaign with the Blood Moon (DT section F), through the loopback Discord.
`/campaign new expansions:"Blood Moon"` opens a solo campaign with the Blood Moon merged into the
core; the option autocompletes "blo" to it. The campaign is played through the prompt's buttons
(the heuristic AI's answers) until the Blood Moon has risen (F2), the Time Card has turned (F2b,
F3) and the roving Werewolf has come onto the road (F6a) and fallen upon the party (F6c): each
told in words, every press answered in the channel, every card still counted once and the live
Adventure deck the newest hold's (engine/darkest_talisman/expansions/audit.py)."""
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

#: found by a search on the engine alone with the same player (seeds 0-15, 400 presses): the
#: Blood Moon rises, the Time Card turns and the Werewolf reaches the party within 70 presses
SEED = 14
MAX_PRESSES = 400


def careful(seed: int):  # type: ignore[no-untyped-def]  # tests are not type-checked
    def choose(state: CampaignState, actor: str, _rng: random.Random) -> Any:
        return heuristic_player(state, actor, random.Random(f"{seed}:{state.actions_taken}"))
    return choose


def _done(ext: Any) -> bool:
    return bool(ext.blood_moon_risings and ext.time_flips and ext.werewolf_visits_done)


async def test_blood_moon_campaign_plays_through_the_bot(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        offered = await fake.autocomplete(bot, alice, ch, "campaign new", "expansions", "blo")
        assert [c["value"] for c in offered.choices] == ["Blood Moon"], offered.choices
        bot.gm._seed = lambda: SEED
        opened = await fake.slash(bot, alice, ch, "campaign new", mode="solo", expansions="Blood Moon")
        found = await bot.gm.current(ch)
        assert found.state.options.pack == "core+blood_moon" and found.state.ext is not None
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
        assert _done(ext), (ext.blood_moon_risings, ext.time_flips, ext.werewolf_visits_done)
        text = "\n".join(said)
        assert "the Werewolf appears on the first Road Space" in text  # F6a
        assert "the The " not in text  # a card named with its article ("The Bride") is named once
    assert not fake.violations, fake.violations
