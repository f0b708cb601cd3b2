"""This bot's rulings (issue 13: "`/rules` returns rulings marked as this bot's ruling, never as
printed rules; `/rules` can list them all"). The rulings live in the content packs
(data/prophecy/standard/rulings.yaml); the oracle indexes each in English and Italian, and
`/rulings` lists every one. End to end through the loopback Discord.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from loopback.testing import discord_errors, fake_discord  # noqa: F401  (fixtures)
from oracle import cache_path_for
from oracle.store import save_cache
from tests.lookup import full_index, rulebooks

RULINGS = Path(__file__).resolve().parents[2] / "data" / "prophecy" / "standard" / "rulings.yaml"


def _rulings() -> list[dict]:
    return yaml.safe_load(RULINGS.read_text(encoding="utf-8"))["rulings"]


def test_every_ruling_is_indexed_in_both_languages_as_this_bots_ruling():
    ix = full_index()
    for language in ("en", "it"):
        listed = ix.rulings(language)
        assert [title for _, title, _ in listed] == [r["title"][language] for r in _rulings()]
        assert all(("this bot" in heading.lower() or "questo bot" in heading.lower()) for heading, _, _ in listed)


def test_a_question_about_a_ruling_finds_it_and_says_it_is_a_ruling():
    hits = full_index().search("what happens to the artifacts of a dead character", limit=3)
    rulings = [h for h in hits if h.kind == "ruling"]
    assert rulings, [(h.kind, h.section) for h in hits]
    assert rulings[0].title.startswith("This bot's rulings")


async def test_rulings_command_lists_every_ruling_and_rules_marks_it(fake_discord, tmp_path):
    import bot as bot_module
    from gm.settings import Settings
    from loopback import run_bot

    ix = full_index()
    settings = Settings(_env_file=None, discord_token="fake", database_path=tmp_path / "gm.sqlite3",  # type: ignore[call-arg]
                        rulebooks_dir=rulebooks())
    save_cache(ix.conn, cache_path_for(settings.database_path))
    fake = fake_discord
    guild = fake.add_guild("Table")
    channel = fake.add_channel(guild, "chat")
    alice = fake.add_user("alice")
    async with run_bot(bot_module.create_bot(settings)) as bot:
        await bot.get_cog("LookupCog").index()
        r = await fake.slash(bot, alice, channel, "rulings")
        assert r.ephemeral
        text = "\n".join(e.get("description", "") for e in r.messages[-1].embeds)
        for ruling in _rulings():
            assert ruling["title"]["en"] in text
        assert "not a printed rule" in r.messages[-1].embeds[0]["footer"]["text"]

        r = await fake.slash(bot, alice, channel, "rules", query="what happens to the artifacts of a dead character")
        fields = r.messages[-1].embeds[0]["fields"]
        marked = [f for f in fields if "this bot's ruling, not a printed rule" in f["value"]]
        assert marked, fields
