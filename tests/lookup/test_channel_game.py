"""/rules prefers the game played in the channel (issue: "who goes first?" in a Prophecy
channel answers from Prophecy). End to end: the real bot through the loopback Discord.

The channel's game is a preference, not a filter: sections of other games still come back
when they match better, and `system:` given by the user restricts the answer to one game.
"""
from __future__ import annotations

from loopback.testing import discord_errors, fake_discord  # noqa: F401  (fixtures)
from oracle import cache_path_for
from oracle.store import save_cache
from tests.lookup import full_index, rulebooks


def first_result(result) -> tuple[str, str]:
    """(document title, section) of the first result of a /rules reply."""
    embed = result.messages[-1].embeds[0]
    name = embed["fields"][0]["name"]  # "1. <document> — <section>"
    document, section = name.split(". ", 1)[1].split(" — ", 1)
    return document, section


def all_results(result) -> list[tuple[str, str]]:
    out = []
    for field in result.messages[-1].embeds[0]["fields"]:
        document, section = field["name"].split(". ", 1)[1].split(" — ", 1)
        out.append((document, section))
    return out


async def test_rules_prefers_the_channels_game(fake_discord, tmp_path):
    """In a channel running Prophecy, "who goes first?", a boat question and a lost fight
    answer from the Prophecy rules; the lost fight in a channel with no game leans to Darkest
    Talisman (whose combat summary matches it better), so the preference is what changes it."""
    import bot as bot_module
    from gm.settings import Settings
    from loopback import run_bot

    ix = full_index()
    prophecy_titles = ix.document_titles("prophecy")
    assert len(prophecy_titles) >= 2  # the rulebooks and the project's summaries
    settings = Settings(_env_file=None, discord_token="fake", database_path=tmp_path / "gm.sqlite3",  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
                        rulebooks_dir=rulebooks())
    save_cache(ix.conn, cache_path_for(settings.database_path))  # the bot loads it instead of building
    fake = fake_discord
    guild = fake.add_guild("Table")
    game_channel, empty_channel = fake.add_channel(guild, "prophecy"), fake.add_channel(guild, "chat")
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    boat = "how do I take a boat between ports"
    lost = "what happens when I lose a fight"
    async with run_bot(bot_module.create_bot(settings)) as bot:
        await bot.get_cog("LookupCog").index()
        before = await fake.slash(bot, alice, empty_channel, "rules", query=lost)
        assert first_result(before)[0] not in prophecy_titles  # no game: Darkest Talisman wins

        await fake.slash(bot, alice, game_channel, "game new", system="prophecy")
        await fake.slash(bot, bob, game_channel, "game join")
        for query in ("who goes first?", boat, lost):
            r = await fake.slash(bot, alice, game_channel, "rules", query=query)
            assert r.ephemeral and first_result(r)[0] in prophecy_titles, (query, all_results(r))
        r = await fake.slash(bot, alice, game_channel, "rules", query="who goes first?")
        assert first_result(r)[1] == "Starting Gold, Experience and first player"

        # a preference, not a filter: the Water Realm's own question still finds the Water Realm
        r = await fake.slash(bot, alice, game_channel, "rules", query="how many bubbles does each round underwater cost")
        assert "Water Realm" in first_result(r)[0]
        # and system: given by the user is a filter, whatever the channel plays
        r = await fake.slash(bot, alice, game_channel, "rules", query=boat, system="prophecy_water_realm")
        assert all("Water Realm" in document for document, _ in all_results(r))

        await fake.slash(bot, alice, game_channel, "game start")  # a running game counts the same
        r = await fake.slash(bot, alice, game_channel, "rules", query=lost)
        assert first_result(r)[0] in prophecy_titles
        # the empty channel is not affected by the game next door
        r = await fake.slash(bot, alice, empty_channel, "rules", query=lost)
        assert first_result(r) == first_result(before)


async def test_a_slow_index_build_does_not_lose_the_first_command(fake_discord, tmp_path, monkeypatch):
    """Discord drops an interaction not answered within 3 seconds. When the index is still
    being built (no warm-up, no cache, a busy machine), /card and /rules defer first and
    answer when it is ready, instead of failing with "Unknown interaction"."""
    import time

    import bot as bot_module
    import oracle
    from gm.settings import Settings
    from loopback import run_bot
    from tests.lookup import project_index

    ready = project_index()

    def slow_open_index(*args, **kwargs):  # an index build slower than Discord's 3 seconds
        time.sleep(3.3)
        return ready

    # the cog module is loaded afresh by the bot and takes open_index from oracle then
    monkeypatch.setattr(oracle, "open_index", slow_open_index)
    settings = Settings(_env_file=None, discord_token="fake", database_path=tmp_path / "gm.sqlite3",  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
                        rules_index_warmup=False)
    fake = fake_discord
    channel = fake.add_channel(fake.add_guild("Table"), "prophecy")
    alice = fake.add_user("alice")
    async with run_bot(bot_module.create_bot(settings)) as bot:
        started = time.perf_counter()
        r = await fake.slash(bot, alice, channel, "card", name="Vampire")
        assert time.perf_counter() - started > 3.0  # the slow build really was waited for
        assert r.ephemeral and "Vampire" in r.text
        r = await fake.slash(bot, alice, channel, "rules", query="three lives")  # index ready: answered at once
        assert r.ephemeral and "three" in r.text.lower()
    assert not fake.problems(), fake.problems()


async def test_a_standard_game_channel_prefers_the_standard_texts(fake_discord, tmp_path):
    """Issue 13: a channel playing the Standard Version prefers the Standard texts (the project's
    summary and this bot's Standard rulings), then the Basic rules it is played on; with no game,
    the same questions lean elsewhere (Darkest Talisman has guardians and deaths too)."""
    import bot as bot_module
    from gm.settings import Settings
    from loopback import run_bot

    ix = full_index()
    standard_titles = ix.document_titles("prophecy_standard")
    settings = Settings(_env_file=None, discord_token="fake", database_path=tmp_path / "gm.sqlite3",  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
                        rulebooks_dir=rulebooks())
    save_cache(ix.conn, cache_path_for(settings.database_path))
    fake = fake_discord
    guild = fake.add_guild("Table")
    game_channel, empty_channel = fake.add_channel(guild, "standard"), fake.add_channel(guild, "chat")
    alice = fake.add_user("alice")
    questions = ("how do I fight a guardian", "what happens when I die")
    async with run_bot(bot_module.create_bot(settings)) as bot:
        await bot.get_cog("LookupCog").index()
        for query in questions:
            r = await fake.slash(bot, alice, empty_channel, "rules", query=query)
            assert first_result(r)[0] not in standard_titles, (query, all_results(r))
        await fake.slash(bot, alice, game_channel, "game new", system="prophecy:standard")
        for query in questions:
            r = await fake.slash(bot, alice, game_channel, "rules", query=query)
            assert first_result(r)[0] in standard_titles, (query, all_results(r))
        # the Basic rules a Standard game is played on come before the other games'
        r = await fake.slash(bot, alice, game_channel, "rules", query="who goes first?")
        assert first_result(r)[0] in ix.document_titles("prophecy"), all_results(r)
