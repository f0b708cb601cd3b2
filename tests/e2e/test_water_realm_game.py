"""Prophecy with the Water Realm expansion, end to end through the loopback Discord (issue 14):
/game new offers the expansion as its own choice with every variant, refuses what it cannot
play (both expansion worlds need the Dragon Realm rules) with the reason, and stored games know
their edition."""
from __future__ import annotations

from bot import create_bot
from loopback import run_bot

CHOICE = "prophecy:water_realm"


async def test_game_new_offers_the_water_realm_and_its_variants(world, settings):
    """Rulebook "Game Variants" and "New Artifacts": each variant is a /game new option."""
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        new = next(o for o in fake.command("game")["options"] if o["name"] == "new")
        offered = {c["value"]: c["name"] for c in next(o for o in new["options"] if o["name"] == "system")["choices"]}
        assert offered[CHOICE] == "Prophecy (Standard Version + Water Realm)"
        names = [c["name"].split(" · ")[0] for c in
                 (await fake.autocomplete(bot, alice, ch, "game new", "variants", "", system=CHOICE)).choices]
        for title in ("Ten Artifacts", "Lord of the Sea", "Treasure Hunters", "Without the Water Realm", "Apocalypse"):
            assert title in names, names
        assert "Both expansion worlds" not in names  # never offered...
        both = await fake.slash(bot, alice, ch, "game new", system=CHOICE, variants="both expansion worlds")
        assert both.ephemeral and "Dragon Realm" in both.text  # ...and, when asked for, explained
        assert await bot.gm.current(ch) is None
        clash = await fake.slash(bot, alice, ch, "game new", system=CHOICE, variants="ten artifacts, lord of the sea")
        assert clash.ephemeral and "cannot both be chosen" in clash.text
        # two choices that agree (Treasure Hunters leaves the Water Realm out too) do not clash
        r = await fake.slash(bot, alice, ch, "game new", system=CHOICE, variants="treasure hunters, without the water realm")
        assert not r.ephemeral, r.text
        assert "Prophecy (Standard Version + Water Realm)" in r.text
        found = await bot.gm.current(ch)
        expansion = found.state.options["standard"]["expansion"]
        assert expansion["treasure_hunters"] is True and expansion["water_realm"] is False
        assert expansion["treasure_island"] is True and expansion["new_cards"] is True


async def test_standard_game_stays_without_the_expansion(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        r = await fake.slash(bot, alice, ch, "game new", system="prophecy:standard")
        assert "Water Realm" not in r.text
        found = await bot.gm.current(ch)
        assert "expansion" not in found.state.options["standard"]
        names = [c["name"] for c in (await fake.autocomplete(bot, alice, ch, "game new", "variants", "", system="prophecy:standard")).choices]
        assert not any("Ten Artifacts" in n for n in names)
