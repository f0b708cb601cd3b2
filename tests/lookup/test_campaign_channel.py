"""/card, /glossary and /rules in a channel playing a Darkest Talisman campaign (issue 26) answer
with the campaign's entries first: its Sword, its Strength, its rules; the channel next door,
with no game, keeps the default order (Prophecy's first). End to end through the loopback bot."""
from __future__ import annotations

from loopback.testing import discord_errors, fake_discord  # noqa: F401  (fixtures)
from oracle import cache_path_for
from oracle.store import save_cache
from tests.lookup import full_index, project_index, rulebooks
from tests.lookup.test_channel_game import all_results, first_result

TALISMAN_GAME = "Game: Darkest Talisman (solo/co-op variant)"


def footers(result) -> list[str]:
    return [(e.get("footer") or {}).get("text", "") for e in result.messages[-1].embeds]


async def _bot_world(fake, tmp_path, index, **extra):
    import bot as bot_module
    from gm.settings import Settings

    settings = Settings(_env_file=None, discord_token="fake", database_path=tmp_path / "gm.sqlite3", **extra)  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    save_cache(index.conn, cache_path_for(settings.database_path))  # loaded instead of built
    guild = fake.add_guild("Table")
    return (
        bot_module.create_bot(settings),
        fake.add_channel(guild, "campaign"),
        fake.add_channel(guild, "chat"),
        fake.add_user("alice"),
    )


async def test_card_and_glossary_prefer_the_campaign(fake_discord, tmp_path):
    """Cards and glossary terms both games have (Sword, Ogre, Village; Strength, Gold, enemy)
    show Darkest Talisman's first in the campaign channel, Prophecy's in a channel without a game."""
    from loopback import run_bot

    fake = fake_discord
    bot, camp, chat, alice = await _bot_world(fake, tmp_path, project_index())
    cards = ("Sword", "Ogre", "Village", "Spada")
    terms = {"Strength": "Talisman's physical attribute", "Gold": "Blacksmith", "enemy": "trophy",
             "Forza": "Talisman"}
    async with run_bot(bot) as running:
        await running.get_cog("LookupCog").index()
        for name in cards:  # no game: the Basic game's card first
            r = await fake.slash(running, alice, chat, "card", name=name)
            assert not footers(r)[0].startswith(TALISMAN_GAME), (name, footers(r))
        for term, talisman_words in terms.items():
            r = await fake.slash(running, alice, chat, "glossary", term=term)
            assert talisman_words not in r.messages[-1].embeds[0]["description"], term

        await fake.slash(running, alice, camp, "campaign new", mode="solo")
        for name in cards:
            r = await fake.slash(running, alice, camp, "card", name=name)
            assert r.ephemeral and footers(r)[0].startswith(TALISMAN_GAME), (name, footers(r))
            assert any(not f.startswith(TALISMAN_GAME) for f in footers(r))  # Prophecy's still shown, after
        for term, talisman_words in terms.items():
            r = await fake.slash(running, alice, camp, "glossary", term=term)
            embed = r.messages[-1].embeds[0]
            assert r.ephemeral and talisman_words in embed["description"], (term, embed)
            assert "Darkest Talisman" in embed["footer"]["text"]  # whose meaning, since both have one
        # a term only Talisman has reads the same anywhere, and says no game it need not
        r = await fake.slash(running, alice, chat, "glossary", term="Trophy")
        assert "village" in r.messages[-1].embeds[0]["description"]
        assert "Game:" not in (r.messages[-1].embeds[0].get("footer") or {}).get("text", "")
    assert not fake.problems(), fake.problems()


async def test_rules_prefer_the_campaign(fake_discord, tmp_path):
    """/rules in the campaign channel leans to the Darkest Talisman texts (its rulebook, summary
    and rulings) where a channel without a game answers from Prophecy."""
    from loopback import run_bot

    ix = full_index()
    talisman = ix.document_titles("darkest_talisman")
    fake = fake_discord
    bot, camp, chat, alice = await _bot_world(fake, tmp_path, ix, rulebooks_dir=rulebooks())
    questions = ("how do I move",)
    async with run_bot(bot) as running:
        await running.get_cog("LookupCog").index()
        for query in questions:
            r = await fake.slash(running, alice, chat, "rules", query=query)
            assert first_result(r)[0] not in talisman, (query, all_results(r))
        await fake.slash(running, alice, camp, "campaign new", mode="solo")
        for query in (*questions, "what happens when I die", "how do I fight a guardian"):
            r = await fake.slash(running, alice, camp, "rules", query=query)
            assert all(document in talisman for document, _ in all_results(r)), (query, all_results(r))
