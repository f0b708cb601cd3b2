"""Issue 31: a campaign with all five expansions of part 1 together (the Reaper, the Blood Moon,
the Frostmarch, the Sacred Pool and the Firelands, DT sections E-I), through the loopback
Discord. `/campaign new expansions:...` names all five; the campaign is played through the
prompt's buttons (the heuristic AI's answers, and the road to the Firelands whenever the village
offers it, I5b) until the Grim Reaper has come (E2d), the party has been beyond the Chapel (G3c)
and to the Firelands (I5b-c) and something has burnt (I2): every press is answered in the
channel in readable words, every card is still counted once and the live Adventure deck is the
one the newest hold wants after every press (engine/darkest_talisman/expansions/audit.py)."""
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

ALL_FIVE = "Reaper, Blood Moon, Frostmarch, Sacred Pool, Firelands"
#: found by a search on the engine alone with the same player (350 presses): the Grim Reaper
#: comes, the party goes beyond the Chapel and to the Firelands, and cards burn. Rare: with all
#: five, 51 of seeds 0-59 end with the party dead first (the Reaper's chart, E3); 4 of seeds
#: 60-299 meet all four, this one after 206 presses
SEED = 244
MAX_PRESSES = 350


def to_the_firelands(seed: int):  # type: ignore[no-untyped-def]  # tests are not type-checked
    def choose(state: CampaignState, actor: str, _rng: random.Random) -> Any:
        d = state.decision
        if d is not None and d.kind == "village" and "depart:firelands" in d.options:
            return Choose(option="depart:firelands")  # I5b: the party may choose the Firelands
        return heuristic_player(state, actor, random.Random(f"{seed}:{state.actions_taken}"))
    return choose


def _done(ext: Any) -> bool:
    return bool(ext.reaper_comings and ext.frost_trips and ext.firelands_trips and ext.burns)


async def test_all_five_expansions_play_together_through_the_bot(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        bot.gm._seed = lambda: SEED
        opened = await fake.slash(bot, alice, ch, "campaign new", mode="solo", expansions=ALL_FIVE)
        found = await bot.gm.current(ch)
        assert found.state.options.pack == "core+reaper+blood_moon+frostmarch+sacred_pool+firelands"
        assert found.state.ext is not None and found.state.ext.ids == [
            "reaper", "blood_moon", "frostmarch", "sacred_pool", "firelands"]
        prompt = prompt_of(opened)
        said: list[str] = []
        choose = to_the_firelands(SEED)
        decks_seen: set[str] = set()
        for _ in range(MAX_PRESSES):
            reply, _free = await press(fake, bot, ch, prompt, random.Random(), choose)
            assert not reply.ephemeral, reply.text
            said.append(reply.text)
            assert not unreadable(reply.text), unreadable(reply.text)
            found = await bot.gm.latest(ch)
            assert broken(found.state) == []
            decks_seen.add(found.state.ext.live)
            prompt = prompt_of(reply)
            if found.state.status != "active" or _done(found.state.ext):
                break
        ext = found.state.ext
        assert _done(ext), (ext.reaper_comings, ext.frost_trips, ext.firelands_trips, ext.burns)
        # E2c, G3d, I5c: three expansions' decks took their turn as the live Adventure deck
        assert {"reaper", "frostmarch", "firelands"} <= decks_seen, decks_seen
        text = "\n".join(said)
        assert "The party sets out for the Firelands" in text  # I5b
        assert "The Frostmarch Adventure deck is now the one drawn from." in text  # G3d
        assert "back at the Chapel" in text and "core Adventure deck comes back" not in text  # G3j, E2j
        assert "out of the game" in text  # I2b: a burnt card is told
    assert not fake.violations, fake.violations
