"""Whole games through the loopback Discord, in English and in Italian, read like a person wrote them.

Two people and an AI seat play Prophecy to its end (a short round limit), pressing what the
heuristic player would choose, and along the way use the commands people use (sheet, status,
help, /card, /roll, refusals). Every text the bot showed — messages, embeds, buttons, select
options — is collected and checked:

* no template left (`{battle}`), no Discord id outside a mention (`<@123>`), no internal id
  (`frostfang_heights`, `ai1`), no lowercase system id (`prophecy` as a word);
* in Italian, no English interface sentence from the English catalogue and no English card,
  place or character name (the check is built from the locale files and the pack, so a new
  English-only string is caught without editing this test), and no preposition left beside an
  article it should merge with ("di la Fortezza" for "della Fortezza").

The catalogues are checked too: the public narration speaks of players in the third person, and
an Italian guild name after a preposition goes through a grammar filter (`{guild|di}`).
"""
from __future__ import annotations

import functools
import random
import re
import string
from typing import Any

import pytest

from bot import create_bot
from engine.prophecy.content import display_name, pack_by_id
from gm.i18n import catalogue, field_name
from loopback import run_bot
from tests.e2e.helpers import press_best, prompt_of

ROUND_LIMIT = 3
MAX_PRESSES = 400
TEMPLATE = re.compile(r"\{[A-Za-z_][\w|.]*\}")
MENTION = re.compile(r"<[@#][!&]?\d+>")
SNOWFLAKE = re.compile(r"\d{15,}")
#: a message link, which Discord shows as a chip naming the channel (like a mention), never as ids
MESSAGE_LINK = re.compile(r"https://discord\.com/channels/(?:\d+|@me)/\d+/\d+")
COMMAND_OPTION = re.compile(r"\w+:prophecy\b")  # `/game new system:prophecy` is what one types
#: Italian prepositions that merge with a definite article ("di" + "la" -> "della")
UNMERGED = re.compile(r"(?<![\w'])(di|a|da|in|su) (il|lo|la|i|gli|le|l')(?=\s|[A-ZÀ-Ý])(?!\s*\d)")


# -- collecting --------------------------------------------------------------------------------------
def message_texts(msg: Any) -> list[str]:
    """Every text a person can read on a message, select menus included."""
    out = [msg.text]
    for embed in msg.embeds:
        author = (embed.get("author") or {}).get("name")
        if author:
            out.append(author)
    for select in msg.selects:
        if select.get("placeholder"):
            out.append(select["placeholder"])
        for option in select.get("options", []):
            out.append(option.get("label", ""))
            if option.get("description"):
                out.append(option["description"])
    return out


class Transcript:
    """Texts seen during a game, kept as they were when shown (messages are edited later)."""

    def __init__(self, fake: Any) -> None:
        self.fake = fake
        self.lines: list[str] = []
        self.card_fields: list[str] = []
        self.card_messages: set[int] = set()

    def add(self, result: Any) -> Any:
        for msg in result.messages:
            self.lines.extend(message_texts(msg))
        for name in result.choice_names:
            self.lines.append(name)
        return result

    def add_card(self, result: Any) -> Any:
        """A /card reply: its figure fields go to `card_fields` (see test_card_figures_in_italian)."""
        for msg in result.messages:
            self.card_messages.add(msg.id)
            if msg.content:
                self.lines.append(msg.content)
            for embed in msg.embeds:
                self.lines.extend(str(embed.get(k)) for k in ("title", "description") if embed.get(k))
                self.card_fields.extend(f"{f.get('name', '')}: {f.get('value', '')}" for f in embed.get("fields") or [])
        return result

    def add_channel(self, channel: int) -> None:
        for msg in self.fake.messages_in(channel, include_ephemeral=True):
            if msg.id not in self.card_messages:
                self.lines.extend(message_texts(msg))

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


# -- what must never be shown ------------------------------------------------------------------------
@functools.cache
def internal_ids() -> frozenset[str]:
    """Ids of the pack that a person would never write: snake_case ids and AI seat ids."""
    pack = pack_by_id("base")
    ids: set[str] = set()
    for group in (pack.adventures, pack.items, pack.chance, pack.characters, pack.board.spaces, pack.board.astral_planes):
        ids.update(x.id for x in group if "_" in x.id)
    ids.update(g for g in pack.guilds if "_" in g)
    ids.update(f"ai{n}" for n in range(1, 6))
    return frozenset(ids)


def literal_chunks(text: str) -> list[str]:
    """The fixed words of a locale sentence, split at its placeholders."""
    parts = []
    for literal, field, _spec, _conv in string.Formatter().parse(text):
        parts.append(literal)
        if field is not None:
            parts.append("\0")
    return [p.strip() for p in "".join(parts).split("\0") if p.strip()]


@functools.cache
def english_only_phrases() -> frozenset[str]:
    """English interface phrases and pack names an Italian reader must not meet.

    A phrase comes from an English sentence whose Italian differs; it is kept only when it is
    at least two words or one long word, and when no Italian sentence or Italian name uses it
    (so shared words such as "Mana", "Round" or "Troll" are allowed).
    """
    en, it = catalogue("en"), catalogue("it")
    italian_words = "\n".join(it.values())
    pack = pack_by_id("base")
    named = [*pack.adventures, *pack.items, *pack.chance, *pack.characters, *pack.board.spaces, *pack.board.astral_planes]
    italian_words += "\n" + "\n".join(display_name(x, "it") for x in named)
    italian_words += "\n" + "\n".join(pack.guild_name(g, "it") for g in pack.guilds)
    phrases: set[str] = set()
    for key, english in en.items():
        if key.startswith("commands.") or it.get(key, english) == english:
            continue
        for chunk in literal_chunks(english):
            chunk = chunk.strip(" .,:;!?()—–-·*_`\"'“”«»\n")
            words = re.findall(r"[A-Za-z']+", chunk)
            if not words or (len(words) == 1 and len(words[0]) < 5):
                continue
            if not re.fullmatch(r"[A-Za-z' ,.!?-]+", chunk):
                continue  # chunks with symbols or digits are too loose to match on their own
            phrases.add(chunk)
    for x in named:
        if display_name(x, "it") != x.name:
            phrases.add(x.name)
    for g, name in pack.guilds.items():
        if pack.guild_name(g, "it") != name:
            phrases.add(name)
    # a plain substring test first: most phrases are nowhere in the Italian, and the word-bounded
    # search is needed only for those that are
    return frozenset(p for p in phrases
                     if p not in italian_words or not re.search(rf"(?<![\w']){re.escape(p)}(?![\w'])", italian_words))


@functools.cache
def _any_english_phrase() -> re.Pattern[str]:
    """All the English-only phrases as one pattern: most texts have none, and one search over a
    transcript is far cheaper than a search per phrase (the checker runs on every message)."""
    alternatives = "|".join(re.escape(p) for p in sorted(english_only_phrases(), key=len, reverse=True))
    return re.compile(rf"(?<![\w'])(?:{alternatives})(?![\w'])")


def printed_names_beside_italian(text: str) -> str:
    """`/card` titles show the printed English name beside the Italian one ("Vampiro (Vampire)"),
    so a player can find the physical card: that English is meant, the rest of the text is checked."""
    from gm.i18n import t

    pack = pack_by_id("base")
    for x in [*pack.adventures, *pack.items, *pack.chance, *pack.characters, *pack.board.spaces]:
        shown = display_name(x, "it")
        if shown != x.name:
            text = text.replace(t("it", "lookup.card_title_translated", name=shown, english=x.name), shown)
    return text


@functools.cache
def _option_names() -> frozenset[str]:
    return frozenset(v for loc in ("en", "it") for k, v in catalogue(loc).items() if k.startswith("commands.options."))


def snake_case_words(text: str) -> set[str]:
    """Lowercase words joined by underscores, which only code writes (option names excepted)."""
    options = _option_names()
    return {w for w in re.findall(r"(?<![\w/:`#-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w`:-])", text) if w not in options}


def problems_in(text: str, locale: str) -> list[str]:
    found: list[str] = []
    for word in sorted(snake_case_words(text)):
        found.append(f"internal id {word!r}")
    for m in TEMPLATE.finditer(text):
        found.append(f"template {m.group()!r}")
    bare = MESSAGE_LINK.sub("#channel › message", MENTION.sub("@someone", text))
    for m in SNOWFLAKE.finditer(bare):
        found.append(f"raw id {m.group()!r}")
    for ident in internal_ids() - snake_case_words(text):
        if re.search(rf"(?<![\w/:#-]){re.escape(ident)}(?![\w-])", text):
            found.append(f"internal id {ident!r}")
    if re.search(r"(?<![\w/:-])prophecy\b", COMMAND_OPTION.sub("", text)):
        found.append("lowercase system id 'prophecy'")
    if locale == "it":
        for m in UNMERGED.finditer(text):
            found.append(f"unmerged article {m.group()!r}")
        text = printed_names_beside_italian(text)
        for phrase in sorted(english_only_phrases()) if _any_english_phrase().search(text) else ():
            if re.search(rf"(?<![\w']){re.escape(phrase)}(?![\w'])", text):
                found.append(f"English in Italian: {phrase!r}")
    return found


def context(text: str, needle: str, width: int = 60) -> str:
    i = text.find(needle.strip("'").split("'")[-1] if needle else "")
    return text[max(0, i - width): i + width].replace("\n", " ⏎ ") if i >= 0 else ""


# -- playing -----------------------------------------------------------------------------------------
async def play_whole_game(fake: Any, bot: Any, channel: int, users: dict[str, int], seen: Transcript,
                          locale: str) -> None:
    alice, bob = users["alice"], users["bob"]
    seen.add(await fake.slash(bot, alice, channel, "help"))
    seen.add(await fake.slash(bot, alice, channel, "game new", system="prophecy", round_limit=ROUND_LIMIT))
    seen.add(await fake.slash(bot, bob, channel, "game join", character="nobody-at-all"))  # refused, lists names
    seen.add(await fake.autocomplete(bot, bob, channel, "game join", "character", ""))
    troll = "Troll" if locale == "en" else "troll"
    seen.add(await fake.slash(bot, bob, channel, "game join", character=troll))
    seen.add(await fake.slash(bot, alice, channel, "game add-bot", level="heuristic"))
    seen.add(await fake.slash(bot, alice, channel, "game status"))
    result = seen.add(await fake.slash(bot, alice, channel, "game start"))
    card = "Vampiro" if locale == "it" else "Vampire"
    await warm_rules_index(bot)
    seen.add_card(await fake.slash(bot, bob, channel, "card", name=card))
    rng = random.Random(7)
    prompt = prompt_of(result)
    presses = 0
    while prompt is not None and presses < MAX_PRESSES:
        found = await bot.gm.current(channel)
        if found is None or found.record.status != "active":
            break
        actor = found.system.pending(found.state).player
        if presses % 7 == 0:  # the others look at their sheet and try to press out of turn
            other = bob if actor == str(alice) else alice
            seen.add(await fake.slash(bot, other, channel, "me"))
            if prompt.buttons:
                seen.add(await fake.click(bot, other, prompt, prompt.buttons[0]["custom_id"]))
        if presses % 11 == 0:
            seen.add(await fake.slash(bot, alice, channel, "game status"))
        result = seen.add(await press_best(fake, bot, channel, prompt, users, rng))
        presses += 1
        prompt = prompt_of(result) or prompt_of_channel(fake, channel)
    found = await bot.gm.latest(channel)
    assert found.record.status == "finished", f"the game did not end after {presses} presses"
    seen.add(await fake.slash(bot, bob, channel, "game status"))
    seen.add(await fake.slash(bot, bob, channel, "game log"))
    seen.add_channel(channel)


async def warm_rules_index(bot: Any) -> None:
    """The rules index is built at start-up in a real bot (RULES_INDEX_WARMUP); the e2e settings
    skip that, so it is built here, before /card, as a running bot would already have it."""
    await bot.get_cog("LookupCog").index()


def prompt_of_channel(fake: Any, channel: int) -> Any:
    for msg in reversed(fake.messages_in(channel)):
        if msg.buttons or msg.selects:
            return msg
    return None


async def side_commands(fake: Any, bot: Any, channel: int, user: int, seen: Transcript) -> None:
    """Dice, tables and the Orders tracker in another channel, with their refusals."""
    for expression in ("2d6 #attack", "1d20+2 advantage", "-5d6", "4d6kh3", "2d6 adv"):
        seen.add(await fake.slash(bot, user, channel, "roll", expression=expression))
    seen.add(await fake.slash(bot, user, channel, "orders join", order="wizards"))
    seen.add(await fake.slash(bot, user, channel, "orders points", kind="power", amount=2))
    seen.add(await fake.slash(bot, user, channel, "orders points", kind="power", amount=-5))
    seen.add(await fake.slash(bot, user, channel, "orders status"))
    seen.add(await fake.slash(bot, user, channel, "game new", system="prophecy"))  # refused: the tracker is here
    seen.add_channel(channel)


@pytest.mark.parametrize("locale,client", [("en", "en-US"), ("it", "it")])
async def test_full_game_transcript_has_no_raw_text(fake_discord, settings, locale, client):
    fake = fake_discord
    guild = fake.add_guild("Table", locale=client)
    table, side = fake.add_channel(guild, "prophecy"), fake.add_channel(guild, "dice")
    users = {name: fake.add_user(name, locale=client) for name in ("alice", "bob")}
    seen = Transcript(fake)
    async with run_bot(create_bot(settings)) as bot:
        await play_whole_game(fake, bot, table, users, seen, locale)
        await side_commands(fake, bot, side, users["alice"], seen)
    text = seen.text
    assert "🏆" in text and len(seen.lines) > 50  # a whole game was read, to its winner
    found = problems_in(text, locale)
    details = sorted({f"{p} … {context(text, p.split(' ', 1)[-1])}" for p in found})
    assert not details, "\n".join(details[:40])
    # /card's figure fields: no template, id or system id in any language (their wording: below)
    assert seen.card_fields and problems_in("\n".join(seen.card_fields), "en") == []


async def test_card_figures_in_italian(world, settings):
    fake, ch = world["fake"], world["ch1"]
    gianni = fake.add_user("gianni", locale="it")
    async with run_bot(create_bot(settings)) as bot:
        seen = Transcript(fake)
        await warm_rules_index(bot)
        seen.add_card(await fake.slash(bot, gianni, ch, "card", name="Vampiro"))
    assert seen.card_fields
    assert problems_in("\n".join(seen.card_fields), "it") == []


# -- the checker catches what it is meant to catch ------------------------------------------------------
@pytest.mark.parametrize("bad,locale", [
    ("You lose {amount} Health.", "en"),
    ("Turn of 123456789012345678", "en"),
    ("Alice walks to frostfang_heights.", "en"),
    ("AI: ai1 passes.", "en"),
    ("A prophecy table is open", "en"),
    ("Alice ottiene 2 Oro. End turn", "it"),
    ("Alice arriva a Frostfang Heights.", "it"),
    ("Bob ottiene il Certificato di la Fortezza.", "it"),
    ("Alice va a l'Accampamento nella Foresta.", "it"),
])
def test_checker_flags_raw_text(bad, locale):
    assert problems_in(bad, locale), bad


def test_checker_allows_mentions_commands_and_shared_words():
    fine = "<@123456789012345678> apre un tavolo di Prophecy: /partita nuova gioco:prophecy. Mana 3, Round 2, Troll."
    assert problems_in(fine, "it") == []


def test_english_phrases_are_built_from_the_catalogues():
    phrases = english_only_phrases()
    assert "End turn" in phrases and "Fortress" in phrases and "Golden Plains" in phrases
    assert "Mana" not in phrases and "Troll" not in phrases
    assert all(field_name(p) == p for p in phrases)


# -- the catalogues: who the narration speaks to, and Italian grammar around names --------------------
#: second-person words; the public narration (and what it is built from) must not contain them
SECOND_PERSON = {"en": re.compile(r"\b(you|your|yours|yourself)\b", re.I),
                 "it": re.compile(r"\b(hai|sei|puoi|devi|vuoi|tuo|tua|tuoi|tue|ti|te)\b", re.I)}
#: keys read by the whole channel about some player: events and the reasons/effects they quote
PUBLIC_NARRATION = ("event.", "prompt.idle.", "prompt.chance_effect.", "prompt.chance_gain.",
                    "prompt.chance_least.", "prompt.chance_why.")


@pytest.mark.parametrize("locale", ["en", "it"])
def test_public_narration_speaks_of_players_in_the_third_person(locale):
    """A line posted to the channel about Alice must not address the reader as if they were Alice
    ("AI 1 has nothing more to do (you already hold ...)")."""
    wrong = {k: v for k, v in catalogue(locale).items()
             if k.startswith(PUBLIC_NARRATION) and SECOND_PERSON[locale].search(v)}
    assert not wrong, wrong


def test_italian_guild_names_after_a_preposition_take_their_article():
    """"Certificato di {guild}" would read "Certificato di Fortezza"; the `di`/`a`/`da`/`in`/`su`
    filters merge the preposition with the guild's article from the pack ("della Fortezza")."""
    bare = re.compile(r"(?<![\w'])(di|a|ad|da|in|su|per|con) \{guild\}")
    wrong = {k: v for k, v in catalogue("it").items() if bare.search(v)}
    assert not wrong, wrong
    from gm.i18n import t
    pack = pack_by_id("base")
    assert t("it", "prompt.service.certificate", guild=pack.guild_name("forest_camp", "it")) == \
        "Certificato dell'Accampamento nella Foresta"
    assert t("it", "prompt.service.certificate", guild=pack.guild_name("monastery", "it")) == "Certificato del Monastero"
    assert t("en", "prompt.service.certificate", guild=pack.guild_name("fortress", "en")) == "Certificate of the Fortress"
