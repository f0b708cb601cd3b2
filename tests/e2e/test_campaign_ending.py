"""Issue 26: which ending a campaign plays when /campaign new names none (C10f, project ruling
solo_ending). One person playing the whole party gets the optional co-op ending (their own
characters would otherwise fight each other at the Tower); a co-op table keeps the book's; a
choice given explicitly is kept; the start of a solo campaign says which ending is in play."""
from __future__ import annotations

import yaml

from bot import create_bot
from loopback import run_bot
from systems.darkest_talisman.cog import default_ending


async def test_solo_defaults_to_the_coop_ending_and_says_so(world, settings):
    fake, alice, bob = world["fake"], world["alice"], world["bob"]
    ch1, ch2 = world["ch1"], world["ch2"]
    guild = world["guild"]
    ch3 = fake.add_channel(guild, "coop")
    async with run_bot(create_bot(settings)) as bot:
        solo = await fake.slash(bot, alice, ch1, "campaign new", mode="solo")
        assert not solo.ephemeral
        assert (await bot.gm.current(ch1)).state.options.crown == "together"
        assert "The ending: Every survivor reaching the Crown wins together." in solo.text, solo.text

        asked = await fake.slash(bot, bob, ch2, "campaign new", mode="solo", ending="last_survivor")
        assert (await bot.gm.current(ch2)).state.options.crown == "last_survivor"  # the player's choice stands
        assert "The ending: The last survivor takes the Crown." in asked.text, asked.text

        coop = await fake.slash(bot, alice, ch3, "campaign new", mode="coop")
        assert "The last survivor takes the Crown." in coop.text  # the lobby shows the book's ending
        started = await fake.slash(bot, alice, ch3, "campaign start")
        assert (await bot.gm.current(ch3)).state.options.crown == "last_survivor"
        assert "The ending: The last survivor takes the Crown." in started.text
    assert not fake.violations, fake.violations


def test_the_solo_default_is_a_recorded_ruling():
    """The choice is the project's, so it is listed among the rulings, in both languages."""
    from pathlib import Path

    rulings = yaml.safe_load((Path(__file__).resolve().parents[2] / "data/talisman/rulings.yaml").read_text(encoding="utf-8"))
    entry = next(r for r in rulings["rulings"] if r["id"] == "solo_ending")
    assert entry["option"] == "options.crown" and "C10f" in entry["rules"]
    assert entry["text"]["en"] and entry["text"]["it"]
    assert (default_ending("solo"), default_ending("coop")) == ("together", "last_survivor")
