"""/game history: the games played in a channel, each named by the edition it was played in."""
from __future__ import annotations

from bot import create_bot
from loopback import run_bot
from tests.e2e.test_delivery import open_game


async def test_game_history_names_each_game_by_its_edition(world, settings):
    """/game history named every Prophecy game "Basic Version"; each line names its edition now."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await open_game(fake, bot, ch, alice, bob, "prophecy:standard")
        history = await fake.slash(bot, bob, ch, "game history")
        assert "Standard Version" in history.text and "Basic" not in history.text, history.text


async def test_variants_are_matched_whole_and_the_refusal_lists_every_choice(world, settings):
    """"Dragon Realm" used to be taken for "Without the Water Realm" (a partial likeness) and open
    a game without the realm; it is the two worlds together now, refused with the reason. A name
    that matches nothing gets the whole list of the edition's optional rules, none cut."""
    from gm.i18n import t
    from systems import variants_for

    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        dragon = await fake.slash(bot, alice, ch, "game new", system="prophecy:water_realm", variants="Dragon Realm")
        assert dragon.ephemeral and "Dragon Realm" in dragon.text
        assert await bot.gm.current(ch) is None
        typo = await fake.slash(bot, alice, ch, "game new", system="prophecy:water_realm", variants="Lord of the Sae")
        assert not typo.ephemeral  # a typo is still understood
        await fake.slash(bot, alice, world["ch2"], "game new", system="prophecy:water_realm", variants="Kraken Hunt")
        refusal = fake.messages_in(world["ch2"], include_ephemeral=True)[-1].content
        for v in variants_for("prophecy:water_realm"):
            assert t("en", v.title_key) in refusal
