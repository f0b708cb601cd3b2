"""This bot's rulings (issue 13: "`/rules` returns rulings marked as this bot's ruling, never as
printed rules; `/rules` can list them all"; issue 15: the Darkest Talisman decisions "shown by
`/rules` as this bot's ruling"). The rulings live with the content (data/prophecy/standard/
rulings.yaml, data/talisman/rulings.yaml); the oracle indexes each in English and Italian,
`/rulings` lists every one, and a ruling never crowds out the printed rules it completes. End
to end through the loopback Discord.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from loopback.testing import discord_errors, fake_discord  # noqa: F401  (fixtures)
from oracle import cache_path_for
from oracle.store import save_cache
from tests.lookup import full_index, project_index, rulebooks

DATA = Path(__file__).resolve().parents[2] / "data"
RULINGS = {
    "This bot's rulings: Prophecy Standard": DATA / "prophecy" / "standard" / "rulings.yaml",
    "This bot's rulings: Darkest Talisman": DATA / "talisman" / "rulings.yaml",
}
#: the Water Realm expansion's parts share one heading (their rulings are listed in this order)
WATER_REALM = [DATA / "prophecy" / "water_realm" / part / "rulings.yaml" for part in ("artifacts", "cards", "island", "water")]
ITALIAN_HEADINGS = {
    "This bot's rulings: Prophecy Standard": "Decisioni di questo bot: Prophecy Standard",
    "This bot's rulings: Darkest Talisman": "Decisioni di questo bot: Darkest Talisman",
}


def _rulings(path: Path) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["rulings"]


def test_every_ruling_of_every_game_is_indexed_in_both_languages_as_this_bots_ruling():
    """Both rulings files, every entry, each under its game's "this bot's rulings" heading."""
    ix = project_index()  # the rulings are the project's own: no rulebook needed
    for language in ("en", "it"):
        listed = ix.rulings(language)
        for heading, path in RULINGS.items():
            shown = heading if language == "en" else ITALIAN_HEADINGS[heading]
            titles = [title for head, title, _ in listed if head == shown]
            assert titles == [r["title"][language] for r in _rulings(path)], shown
        shown = (
            "This bot's rulings: Prophecy Water Realm" if language == "en" else "Decisioni di questo bot: Prophecy Water Realm"
        )
        titles = [title for head, title, _ in listed if head == shown]
        assert sorted(titles) == sorted(r["title"][language] for path in WATER_REALM for r in _rulings(path))
        assert all(("this bot" in head.lower() or "questo bot" in head.lower()) for head, _, _ in listed)


def test_a_question_about_a_ruling_finds_it_and_says_it_is_a_ruling():
    """Asked about the bot's decision, the ruling comes back, headed as this bot's ruling."""
    hits = full_index().search("what did the bot decide about the artifacts of a dead character", limit=3)
    rulings = [h for h in hits if h.kind == "ruling"]
    assert rulings, [(h.kind, h.section) for h in hits]
    assert rulings[0].title.startswith("This bot's rulings")


def test_a_talisman_ruling_is_found_in_italian_too():
    """Issue 15: the Darkest Talisman rulings are searchable like the Standard ones, in Italian as well."""
    hits = full_index().search("come ha deciso il bot le sessioni senza appunti", limit=3)
    assert hits and hits[0].kind == "ruling" and hits[0].title == "Decisioni di questo bot: Darkest Talisman", hits[:1]


def test_rulings_do_not_crowd_out_the_printed_rules():
    """A plain rule question answers from the rules first; the bot's own decisions come first only
    when asked about, or in a channel playing that game (where they are how the game runs)."""
    ix = full_index()
    question = "what happens to the artifacts of a dead character"
    plain = ix.search(question, limit=3)
    assert plain and plain[0].kind in ("rulebook", "summary"), [(h.kind, h.section) for h in plain]
    for lead in ("how does the Marching Order work", "how many days does a road take"):
        assert all(h.kind != "ruling" for h in ix.search(lead, limit=1)), lead
    in_game = ix.search(question, limit=3, prefer_system="prophecy_standard")
    assert any(h.kind == "ruling" for h in in_game), [(h.kind, h.section) for h in in_game]


def test_a_request_for_the_list_of_rulings_is_told_from_a_question():
    """"/rules rulings" lists them all (issue 13: "`/rules` can list them all"); a question that
    mentions a ruling is still a question."""
    ix = project_index()
    for query in ("rulings", "show all the bot's rulings", "house rules", "decisioni del bot", "elenco delle decisioni"):
        assert ix.lists_rulings(query), query
    for query in ("what did the bot decide about the Royal Cape", "how do I ride a horse", "rules"):
        assert not ix.lists_rulings(query), query


async def test_rulings_command_lists_every_ruling_and_rules_marks_it(fake_discord, tmp_path):
    import bot as bot_module
    from gm.settings import Settings
    from loopback import run_bot

    ix = full_index()
    settings = Settings(_env_file=None, discord_token="fake", database_path=tmp_path / "gm.sqlite3",  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
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
        embeds = [e for m in r.messages for e in m.embeds]
        assert {e["title"] for e in embeds} >= set(RULINGS)
        shown = {e["title"] for m in r.messages for e in m.embeds}
        assert shown == set(RULINGS) | {"This bot's rulings: Prophecy Water Realm"}
        text = "\n".join(e.get("description", "") for e in embeds)
        for path in RULINGS.values():
            for ruling in _rulings(path):
                assert ruling["title"]["en"] in text
        assert all("not a printed rule" in e["footer"]["text"] for e in embeds)

        listed = await fake.slash(bot, alice, channel, "rules", query="rulings")  # /rules lists them too
        assert listed.ephemeral and [e["title"] for m in listed.messages for e in m.embeds] == [e["title"] for e in embeds]

        r = await fake.slash(
            bot, alice, channel, "rules", query="what did the bot decide about the artifacts of a dead character"
        )
        fields = r.messages[-1].embeds[0]["fields"]
        marked = [f for f in fields if "this bot's ruling, not a printed rule" in f["value"]]
        assert marked, fields
