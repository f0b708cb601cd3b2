"""Issue 32, the Dungeon (DT section L), through the loopback Discord: `/campaign new
expansions:Dungeon` opens a solo campaign with the Dungeon merged into the core; the party sets
out for the Ruins (L3m), goes down the Dark Road (L3n, L5a) with the Dungeon deck drawn (L3o)
and a trove with a Treasure card under the Treasure Chamber (L3q), and fights the Lord of
Darkness among its guardians (L6a-b) and beats him, so the main-deck cards join the core deck
(L6e), all told in words; every card is still counted once and no deck switch is left without
its reason (engine/darkest_talisman/expansions/audit.py)."""
from __future__ import annotations

import random
import re
from typing import Any

from bot import create_bot
from engine.darkest_talisman.actions import Choose
from engine.darkest_talisman.ai import heuristic_player
from engine.darkest_talisman.expansions.audit import broken
from engine.darkest_talisman.game import SYSTEM as CAMPAIGN
from engine.darkest_talisman.state import CampaignState
from loopback import run_bot
from tests.e2e.helpers import prompt_of
from tests.e2e.test_campaign import press, unreadable

#: found by a search on the engine alone with the same player (seeds 0-99, 300 presses): the Lord
#: of Darkness is beaten after 287 presses (on seed 80, after 100, the trove's line is among the
#: "earlier lines" a long narration folds away)
SEED = 30
MAX_PRESSES = 300
#: the delver's answers, in order of preference: to the Ruins, down, and fight
DELVE = ("depart:ruins", "enter:dungeon_region", "fight")


def delver(seed: int):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """The heuristic AI, except that it heads for the Dungeon, presses on down the Dark Road and
    fights the Treasure Chamber's guardians."""
    def choose(state: CampaignState, actor: str, _rng: random.Random) -> Any:
        rng = random.Random(f"{seed}:{state.actions_taken}")
        chooses = {a.option: a for a in CAMPAIGN.legal_actions(state, actor) if isinstance(a, Choose)}
        for option in DELVE:
            if option in chooses:
                return chooses[option]
        trip = state.trip
        if trip is not None and trip.region == "dungeon_region" and trip.heading == "out" and "continue" in chooses:
            return chooses["continue"]
        return heuristic_player(state, actor, rng)
    return choose


async def test_dungeon_campaign_reaches_and_beats_the_lord_of_darkness(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        offered = await fake.autocomplete(bot, alice, ch, "campaign new", "expansions", "dun")
        assert [c["value"] for c in offered.choices] == ["Dungeon"], offered.choices
        bot.gm._seed = lambda: SEED
        opened = await fake.slash(bot, alice, ch, "campaign new", mode="solo", expansions="Dungeon")
        found = await bot.gm.current(ch)
        assert found.state.options.pack == "core+dungeon" and found.state.ext is not None
        prompt = prompt_of(opened)
        said: list[str] = []
        choose = delver(SEED)
        faced = drawn_below = False
        for _ in range(MAX_PRESSES):
            reply, _free = await press(fake, bot, ch, prompt, random.Random(), choose)
            assert not reply.ephemeral, reply.text
            said.append(reply.text)
            assert not unreadable(reply.text), unreadable(reply.text)
            found = await bot.gm.latest(ch)
            state = found.state
            assert broken(state) == []
            fight = state.fight
            faced = faced or (fight is not None and any(g.of == "lord_of_darkness" for g in fight.guardians))
            drawn_below = drawn_below or (state.ext.live == "dungeon" and state.trip is not None
                                          and state.trip.region == "dungeon_region")  # L3o
            prompt = prompt_of(reply)
            if state.status != "active" or state.ext.masters_beaten:
                break
        assert state.ext.regions_entered >= 1 and drawn_below and faced, "the party never faced the Lord of Darkness"
        assert state.ext.masters_beaten == 1 and "dungeon" in state.ext.joined
        text = "\n".join(said)
        assert "Set out for the Ruins (Aid)" in text  # L3m
        assert "Go into the Dungeon: 5 spaces to the Treasure Chamber" in text  # L3n
        assert "Dungeon Entrance" in text  # L5a: the Dark Road's first space
        assert re.search(r"\d+ Treasure cards? among them", text)  # L3q
        assert "Lord of Darkness (Strength 12, Craft 12) guards it too." in text  # L6a
        assert "The Lord of Darkness falls" in text and "is beaten: the Dungeon is won." in text  # L6b
        assert "of the Region's cards join the core Adventure deck" in text  # L6e
    assert not fake.violations, fake.violations
