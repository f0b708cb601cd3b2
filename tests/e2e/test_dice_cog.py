"""/roll and /table through Discord: free dice, chained table rolls, table display, refusals."""
from __future__ import annotations

from bot import create_bot
from loopback import run_bot


async def test_roll_shows_breakdown_and_refuses_abuse(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        r = await fake.slash(bot, alice, ch, "roll", expression="4d6kh3+2")
        assert not r.ephemeral and "4d6kh3" in r.text
        private = await fake.slash(bot, alice, ch, "roll", expression="1d6e6", private=True)
        assert private.ephemeral
        for bad in ("10000d10000", "((((((((((((1d6))))))))))))", "2d6+", "1d1e1"):
            refused = await fake.slash(bot, alice, ch, "roll", expression=bad)
            assert refused.ephemeral and len(refused.text) < 2000, bad
            assert "Traceback" not in refused.text
        pct = await fake.slash(bot, alice, ch, "roll", expression="d%")
        assert not pct.ephemeral


async def test_table_roll_chains_and_show_and_autocomplete(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        choices = await fake.autocomplete(bot, alice, ch, "table roll", "name", "rand")
        assert 0 < len(choices.choices) <= 25
        names = [c["name"] for c in choices.choices]
        assert any("Random" in n for n in names)
        value = next(c["value"] for c in choices.choices if c["name"] == "Random Encounters")
        chained = 0
        for _ in range(40):  # 4 of 6 rows chain into another table, so 40 rolls chain almost surely
            r = await fake.slash(bot, alice, ch, "table roll", name=value)
            assert not r.ephemeral and "**Random Encounters** (d6)" in r.text
            chained += "\n\u2003**" in r.text  # a step one level down the chain
        assert chained > 0
        shown = await fake.slash(bot, alice, ch, "table show", name=value)
        assert shown.embeds and len(shown.embeds[0].get("description", "")) <= 4096
        unknown = await fake.slash(bot, alice, ch, "table show", name="no such table at all")
        assert unknown.ephemeral


async def test_roll_refuses_negative_dice_and_reads_advantage_and_labels(world, settings):
    """`/roll -5d6` is refused privately; `1d20 advantage` and `2d6 #attack` work as on other dice bots."""
    from gm.i18n import t

    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    gianni = fake.add_user("gianni", locale="it")
    async with run_bot(create_bot(settings)) as bot:
        before = len(fake.messages_in(ch))
        neg = await fake.slash(bot, alice, ch, "roll", expression="-5d6")
        assert neg.ephemeral and neg.text == t("en", "dice.negative_count", term="-5d6", positive="5d6")
        assert len(fake.messages_in(ch)) == before  # nothing posted for the table
        adv = await fake.slash(bot, alice, ch, "roll", expression="1d20 advantage")
        assert not adv.ephemeral and "`2d20kh1`" in adv.text and t("en", "dice.advantage.adv") in adv.text
        assert "~~" in adv.text  # the lower die is struck through
        dis = await fake.slash(bot, alice, ch, "roll", expression="1d20+3 dis")
        assert "`2d20kl1 + 3`" in dis.text and t("en", "dice.advantage.dis") in dis.text
        hit = await fake.slash(bot, alice, ch, "roll", expression="2d6 #attack")
        assert "*attack*" in hit.text and "`2d6`" in hit.text and "#" not in hit.text
        words = await fake.slash(bot, alice, ch, "roll", expression="2d6+1 attack roll")
        assert "*attack roll*" in words.text
        sly = await fake.slash(bot, alice, ch, "roll", expression="1d6 **bold** @everyone")
        assert "**bold**" not in sly.text and "@everyone" not in sly.text
        bad = await fake.slash(bot, alice, ch, "roll", expression="2d6 adv")
        assert bad.ephemeral and bad.text == t("en", "dice.advantage_needs_d20", expression="2d6")
        it = await fake.slash(bot, gianni, ch, "roll", expression="1d20 vantaggio #furtività")
        assert it.text.startswith("🎲") and "con vantaggio" in it.text and "*furtività*" in it.text
        neg_it = await fake.slash(bot, gianni, ch, "roll", expression="-5d6")
        assert neg_it.ephemeral and neg_it.text == t("it", "dice.negative_count", term="-5d6", positive="5d6")


async def test_table_in_an_italian_session_is_italian(world, settings):
    """An Italian reader sees the Magical Orders tables in Italian (names, intro, rows, bands,
    references, chained rolls) and a refusal that names the option as her client shows it."""
    from engine.tables import default_book
    from gm.i18n import t

    fake, ch = world["fake"], world["ch1"]
    gianni = fake.add_user("gianni_tab", locale="it")
    book = default_book()
    async with run_bot(create_bot(settings)) as bot:
        choices = await fake.autocomplete(bot, gianni, ch, "table roll", "name", "trap")
        assert {"name": "Trappole", "value": "traps"} in choices.choices  # an English name still finds it
        shown = await fake.slash(bot, gianni, ch, "table show", name="traps")
        embed = shown.embeds[0]
        assert embed["title"] == "Trappole (d6)"
        assert book.tables["traps"].rows[0].texts["it"] in embed["description"]
        assert book.tables["traps"].rows[0].text not in embed["description"]
        animals = (await fake.slash(bot, gianni, ch, "table show", name="Animali")).embeds[0]
        assert book.tables["animals"].intros["it"] in animals["description"]
        bands = (await fake.slash(bot, gianni, ch, "table show", name="Incontri tra Giocatori")).embeds[0]
        assert "**Rango 4**" in bands["description"] and "Rank 4" not in bands["description"]
        spells = (await fake.slash(bot, gianni, ch, "table show", name="spell_lists")).embeds[0]
        assert spells["title"] == "Elenchi degli Incantesimi" and "Telepatia" in spells["description"]
        assert "Telepathy" not in spells["description"]
        rolled = await fake.slash(bot, gianni, ch, "table roll", name="random_encounters")
        assert "**Incontri Casuali** (d6)" in rolled.text and "Random Encounters" not in rolled.text
        refused = await fake.slash(bot, gianni, ch, "table roll", name="hamdrels_gifts")
        assert refused.ephemeral and "`rango`" in refused.text and "`rank`" not in refused.text
        assert "Doni di Hamdrel" in refused.text
        assert f"`{t('it', 'commands.options.rank')}`" in refused.text  # the name Discord shows her
        english = await fake.slash(bot, world["alice"], ch, "table roll", name="hamdrels_gifts")
        assert "`rank`" in english.text and "Hamdrel's Gifts" in english.text
