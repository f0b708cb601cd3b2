"""The locale files stay twins, and the slash commands get valid Italian localizations.

Keys: every key of data/locales/en.yaml + en/*.yaml exists in every other supported locale
(it.yaml + it/*.yaml) and the other way round, with the same {placeholders}. The files are read
fresh here (not through the cached `catalogue`), so feature files added by anyone are covered.

Commands: the real cogs listed in bot.COGS are loaded into a bot that never connects; the sync
payload discord.py would send is built with LocaleTranslator and checked against Discord's rules.
"""
from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

import discord
import pytest
import yaml
from discord import app_commands
from discord.app_commands import TranslationContext, locale_str
from discord.app_commands import TranslationContextLocation as Where
from discord.ext import commands

from gm.i18n import FALLBACK, FILTERS, LOCALES_DIR, SUPPORTED, _flatten, catalogue, field_name, normalise, t
from ui.translator import NAME_RE, LocaleTranslator, command_key, translation_key, valid_name

OTHERS = [loc for loc in SUPPORTED if loc != FALLBACK]
IT = discord.Locale.italian


# -- the locale files -----------------------------------------------------------------------------
def locale_files(locale: str) -> list[Path]:
    main = LOCALES_DIR / f"{locale}.yaml"
    return ([main] if main.exists() else []) + sorted((LOCALES_DIR / locale).glob("*.yaml"))


def load_flat(path: Path) -> dict[str, str]:
    tree = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    assert isinstance(tree, dict), f"{path} must hold a mapping at the top"
    return _flatten(tree)


def merged(locale: str) -> dict[str, tuple[str, Path]]:
    """key -> (text, file it comes from), later files winning like gm.i18n.catalogue."""
    out: dict[str, tuple[str, Path]] = {}
    for path in locale_files(locale):
        for key, text in load_flat(path).items():
            out[key] = (text, path)
    return out


def rel(path: Path) -> str:
    return str(path.relative_to(LOCALES_DIR))


def placeholders(text: str) -> set[str]:
    """Parameter names a text reads; a filter (`{player|a}`) is grammar, not a parameter."""
    return {field_name(field) for _, field, _, _ in string.Formatter().parse(text) if field is not None}


@pytest.mark.parametrize("locale", SUPPORTED)
def test_locale_main_file_exists(locale):
    assert (LOCALES_DIR / f"{locale}.yaml").is_file()


@pytest.mark.parametrize("locale", OTHERS)
def test_feature_files_have_twins(locale):
    en = {p.name for p in (LOCALES_DIR / FALLBACK).glob("*.yaml")}
    other = {p.name for p in (LOCALES_DIR / locale).glob("*.yaml")}
    assert not en - other, f"missing in {locale}/: {sorted(en - other)}"
    assert not other - en, f"missing in {FALLBACK}/: {sorted(other - en)}"


@pytest.mark.parametrize("locale", OTHERS)
def test_same_keys_in_every_locale(locale):
    en, other = merged(FALLBACK), merged(locale)
    only_en = sorted(f"{k} ({rel(en[k][1])})" for k in en.keys() - other.keys())
    only_other = sorted(f"{k} ({rel(other[k][1])})" for k in other.keys() - en.keys())
    assert not only_en, f"keys missing from {locale}: {only_en}"
    assert not only_other, f"keys missing from {FALLBACK}: {only_other}"


@pytest.mark.parametrize("locale", OTHERS)
def test_twin_files_hold_the_same_keys(locale):
    for en_path in locale_files(FALLBACK):
        twin = LOCALES_DIR / rel(en_path).replace(FALLBACK, locale, 1)
        if not twin.exists():
            continue  # reported by test_feature_files_have_twins
        a, b = load_flat(en_path).keys(), load_flat(twin).keys()
        assert a == b, f"{rel(en_path)} vs {rel(twin)}: only in en {sorted(a - b)}, only in {locale} {sorted(b - a)}"


@pytest.mark.parametrize("locale", SUPPORTED)
def test_no_key_defined_in_two_files(locale):
    seen: dict[str, Path] = {}
    clashes = []
    for path in locale_files(locale):
        for key in load_flat(path):
            if key in seen:
                clashes.append(f"{key}: {rel(seen[key])} and {rel(path)}")
            seen[key] = path
    assert not clashes, clashes


@pytest.mark.parametrize("locale", OTHERS)
def test_placeholders_match(locale):
    en, other = merged(FALLBACK), merged(locale)
    wrong = []
    for key in sorted(en.keys() & other.keys()):
        try:
            a, b = placeholders(en[key][0]), placeholders(other[key][0])
        except ValueError as exc:
            wrong.append(f"{key}: bad braces ({exc})")
            continue
        if a != b:
            wrong.append(f"{key}: {FALLBACK} {sorted(a)} vs {locale} {sorted(b)}")
    assert not wrong, wrong


@pytest.mark.parametrize("locale", SUPPORTED)
def test_every_text_is_a_non_empty_string(locale):
    empty = [k for k, (text, _) in merged(locale).items() if not text.strip()]
    assert not empty, empty


# -- t() and normalise() -----------------------------------------------------------------------------
def test_t_speaks_italian():
    text = t("it", "error.not_enough_gold", need=2, have=1)
    assert text != t("en", "error.not_enough_gold", need=2, have=1)
    assert "2" in text and "1" in text and "{" not in text
    assert "oro" in text.lower() and "servono" in text
    assert t("it", "sheet.strength") == "Forza"


def test_unsupported_locale_falls_back_to_english():
    english = t("en", "error.not_enough_gold", need=2, have=1)
    assert english == "You need 2 Gold and have 1."
    assert normalise("fr") == "en" and normalise("fr-FR") == "en" and normalise(None) == "en"
    assert t(normalise("fr"), "error.not_enough_gold", need=2, have=1) == english
    assert t("fr", "error.not_enough_gold", need=2, have=1) == english


def test_normalise_italian_variants():
    assert normalise("it-IT") == "it"
    assert normalise("it") == "it"
    assert normalise(discord.Locale.italian) == "it"
    assert normalise(discord.Locale.american_english) == "en"


# -- filters: grammar and ids in locale strings ------------------------------------------------------
@pytest.mark.parametrize("name,expected", [
    ("Alice", "Tocca ad Alice"), ("Bob", "Tocca a Bob"), ("**Anna**", "Tocca ad **Anna**"),
    ("Elena", "Tocca a Elena"), ("Àngelo", "Tocca ad Àngelo"), ("", "Tocca a "),
])
def test_filter_italian_preposition_a(name, expected):
    """'Tocca ad Alice' but 'Tocca a Bob': the euphonic d only before the same vowel."""
    assert FILTERS["a"]("it", name) == expected.removeprefix("Tocca ")
    assert t("it", "board.title.turn", player=name) == expected


def test_filter_italian_conjunction_e():
    assert FILTERS["ed"]("it", "Elena") == "ed Elena" and FILTERS["ed"]("it", "Bob") == "e Bob"


def test_filter_key_prefix_translates_ids():
    from gm.i18n import _Lenient

    it, en = _Lenient("it"), _Lenient("en")
    assert it.format("{p|phase}", p="move") == t("it", "phase.move") != "move"
    assert en.format("{s|system}", s="prophecy") == "Prophecy"
    assert en.format("{s|system}", s="no_such_game") == "no_such_game"  # no sentence: the value as is
    assert en.format("{missing|a}") == "{missing|a}"  # lenient, never a crash; kept whole to be filled later
    assert t("it", "board.title.turn") == "Tocca {player|a}"


def test_filters_named_in_locale_files_exist():
    """A `{x|name}` must be a grammar filter, a key prefix with sentences under it, or a
    plural choice `one/many` with both forms written."""
    wrong = []
    for locale in SUPPORTED:
        prefixes = {k.rsplit(".", 1)[0] for k in catalogue(locale)}
        for key, (text, _) in merged(locale).items():
            for _, field, _, _ in string.Formatter().parse(text):
                for f in (field or "").split("|")[1:]:
                    one, slash, many = f.partition("/")
                    if slash and one.strip() and many.strip() and "/" not in many:
                        continue
                    if f not in FILTERS and f not in prefixes:
                        wrong.append(f"{locale} {key}: |{f}")
    assert not wrong, wrong


# -- the translator on a small tree ----------------------------------------------------------------
def small_tree() -> app_commands.CommandTree:
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    game = app_commands.Group(name="game", description="Start, join and run a game in this channel")

    @game.command(name="new", description="Open a new table in this channel")
    @app_commands.describe(system="Which game")
    @app_commands.choices(system=[app_commands.Choice(name="Prophecy (Basic Version)", value="prophecy")])
    async def new(interaction: discord.Interaction, system: str) -> None: ...

    @game.command(name="add-bot", description="Add an AI seat (host)")
    async def add_bot(interaction: discord.Interaction, level: str = "heuristic") -> None: ...

    @app_commands.command(name="fight", description="An English text that en.yaml does not have")
    @app_commands.choices(battle=[app_commands.Choice(name="Strength", value="strength"),
                                  app_commands.Choice(name="Strong", value="wills")])
    async def fight(interaction: discord.Interaction, battle: str) -> None: ...

    @app_commands.command(name="zzz-unknown", description="Not in any locale file")
    async def unknown(interaction: discord.Interaction, frobnicate: int) -> None: ...

    tree.add_command(game)
    tree.add_command(fight)
    tree.add_command(unknown)
    return tree


async def payloads(tree: app_commands.CommandTree, translator: app_commands.Translator) -> dict[str, dict[str, Any]]:
    return {c.name: await c.get_translated_payload(tree, translator) for c in tree._get_all_commands()}


def option(payload: dict[str, Any], name: str) -> dict[str, Any]:
    return next(o for o in payload["options"] if o["name"] == name)


async def test_small_tree_payload_gets_italian():
    pay = await payloads(small_tree(), LocaleTranslator())
    game = pay["game"]
    assert game["name_localizations"] == {"it": "partita"}
    assert game["description_localizations"]["it"] == t("it", "commands.game")
    new = option(game, "new")
    assert new["name_localizations"] == {"it": "nuova"}
    assert new["description_localizations"] == {"it": t("it", "commands.game_new")}
    system = option(new, "system")
    assert system["name_localizations"] == {"it": "gioco"}
    assert system["description_localizations"] == {"it": "Quale gioco"}
    assert system["choices"][0]["name_localizations"] == {"it": "Prophecy (versione Base)"}
    assert option(game, "add-bot")["name_localizations"] == {"it": "aggiungi-bot"}
    assert option(option(game, "add-bot"), "level")["name_localizations"] == {"it": "livello"}


async def test_changed_or_unknown_english_stays_english():
    pay = await payloads(small_tree(), LocaleTranslator())
    fight = pay["fight"]
    assert fight["name_localizations"] == {"it": "combatti"}  # names follow the command, not its text
    assert fight["description_localizations"] == {}  # the English description no longer matches en.yaml
    strength, strong = option(fight, "battle")["choices"]
    assert strength["name_localizations"] == {"it": "Combattimento Fisico"}
    assert "name_localizations" not in strong  # "Strong" is not the English of commands.choices.wills
    unknown = pay["zzz-unknown"]
    assert unknown["name_localizations"] == {} and unknown["description_localizations"] == {}
    assert "name_localizations" not in option(unknown, "frobnicate")


async def test_only_italian_is_answered():
    tr = LocaleTranslator()
    cmd = small_tree().get_command("game")
    ctx = TranslationContext(location=Where.group_name, data=cmd)
    assert await tr.translate(locale_str("game"), IT, ctx) == "partita"
    for loc in discord.Locale:
        if loc is not IT:
            assert await tr.translate(locale_str("game"), loc, ctx) is None, loc
    other = TranslationContext(location=Where.other, data=None)
    assert await tr.translate(locale_str("game"), IT, other) is None


async def test_explicit_key_and_invalid_names():
    fake = {"en": {"commands.names.x": "x"},
            "it": {"commands.names.x": "Nome Con Spazi", "commands.help": "Aiuto!", "commands.names.y": "y" * 33}}
    tr = LocaleTranslator(lambda loc: fake.get(loc, {}))
    command = app_commands.Command(name="x", description="d", callback=_noop)
    name_ctx = TranslationContext(location=Where.command_name, data=command)
    assert await tr.translate(locale_str("x"), IT, name_ctx) is None  # not a valid Discord name
    assert await tr.translate(locale_str("x", key="commands.names.y"), IT, name_ctx) is None  # too long
    desc_ctx = TranslationContext(location=Where.command_description, data=command)
    assert await tr.translate(locale_str("d", key="commands.help"), IT, desc_ctx) == "Aiuto!"


async def _noop(interaction: discord.Interaction) -> None: ...


def test_key_scheme():
    assert command_key("game add-bot") == "game_add_bot" and command_key("end-turn") == "end_turn"
    tree = small_tree()
    game = tree.get_command("game")
    new = game.get_command("new")
    assert translation_key(TranslationContext(location=Where.group_name, data=game)) == "commands.names.game"
    assert translation_key(TranslationContext(location=Where.command_name, data=new)) == "commands.names.game_new"
    assert translation_key(TranslationContext(location=Where.command_description, data=new)) == "commands.game_new"
    param = new.get_parameter("system")
    assert translation_key(TranslationContext(location=Where.parameter_name, data=param)) == "commands.options.system"
    assert (translation_key(TranslationContext(location=Where.parameter_description, data=param))
            == "commands.option_descriptions.game_new.system")
    choice = app_commands.Choice(name="Strength", value="strength")
    assert translation_key(TranslationContext(location=Where.choice_name, data=choice)) == "commands.choices.strength"


# -- the translator on the bot's real commands -----------------------------------------------------
async def real_tree() -> app_commands.CommandTree:
    from bot import COGS

    intents = discord.Intents.none()
    intents.guilds = True
    bot = commands.Bot(command_prefix="!", intents=intents, help_command=None)
    for name in COGS:
        await bot.load_extension(name)
    return bot.tree


def walk(payload: dict[str, Any], path: str = ""):
    """(path, payload) for the command and every subcommand, group and option below it."""
    here = f"{path} {payload['name']}".strip()
    yield here, payload
    for opt in payload.get("options", []):
        yield from walk(opt, here)


async def test_real_commands_have_valid_unique_italian_names():
    tree = await real_tree()
    pay = list((await payloads(tree, LocaleTranslator())).values())
    assert pay, "no commands loaded"
    problems = []

    def check_siblings(where: str, items: list[dict[str, Any]]) -> None:
        seen: dict[str, str] = {}
        for item in items:
            it_name = item.get("name_localizations", {}).get("it", item["name"])
            if not (NAME_RE.fullmatch(it_name) and valid_name(it_name)):
                problems.append(f"{where} {item['name']}: invalid Italian name {it_name!r}")
            if it_name in seen:
                problems.append(f"{where}: {item['name']} and {seen[it_name]} are both {it_name!r} in Italian")
            seen[it_name] = item["name"]
            for desc in item.get("description_localizations", {}).values():
                if not 1 <= len(desc) <= 100:
                    problems.append(f"{where} {item['name']}: description of {len(desc)} characters")
            for choice in item.get("choices", []):
                for text in choice.get("name_localizations", {}).values():
                    if not 1 <= len(text) <= 100:
                        problems.append(f"{where} {item['name']}: choice {choice['name']!r} of {len(text)} characters")
            check_siblings(f"{where} {item['name']}".strip(), item.get("options", []))

    check_siblings("/", pay)
    assert not problems, problems


async def test_real_commands_are_fully_translated():
    """Every command, group, option and fixed choice of the bot has its Italian; a description
    changed in a cog without updating en.yaml (and it.yaml) under commands: shows up here."""
    tree = await real_tree()
    missing = []
    for top in (await payloads(tree, LocaleTranslator())).values():
        for path, item in walk(top):
            if "it" not in item.get("name_localizations", {}):
                missing.append(f"name of /{path}")
            desc = item.get("description", "")
            if desc and desc != "…" and "it" not in item.get("description_localizations", {}):
                missing.append(f"description of /{path}: {desc!r}")
            for choice in item.get("choices", []):
                if "it" not in choice.get("name_localizations", {}):
                    missing.append(f"choice {choice['name']!r} ({choice['value']!r}) of /{path}")
    assert not missing, missing


async def test_game_new_payload_is_localized():
    tree = await real_tree()
    game = (await payloads(tree, LocaleTranslator()))["game"]
    assert game["name_localizations"] == {"it": "partita"}
    assert option(game, "new")["name_localizations"] == {"it": "nuova"}


async def test_slash_commands_named_in_texts_exist():
    """'/partita nuova' in it.yaml and '/game new' in en.yaml name real commands in that language."""
    tree = await real_tree()
    pay = (await payloads(tree, LocaleTranslator())).values()
    for locale in SUPPORTED:
        def local(item: dict[str, Any], locale: str = locale) -> str:
            return item.get("name_localizations", {}).get(locale, item["name"])

        top = {local(c): {local(o) for o in c["options"] if o.get("type") in (1, 2)} for c in pay}
        wrong = []
        for key, (text, _) in merged(locale).items():
            for m in re.finditer(r"(?<![\w/:.}])/([^\W\d][\w-]*)(?: ([\w-]+))?", text):
                name, sub = m[1], m[2]
                if name not in top:
                    wrong.append(f"{key}: /{name}")
                elif top[name] and sub not in top[name]:
                    wrong.append(f"{key}: /{name} {sub}")
        assert not wrong, f"{locale}: {wrong}"


@pytest.mark.parametrize("locale, key, n, want", [
    ("en", "water.field.realm_cards", 1, "1 card turned up"),
    ("en", "water.field.realm_cards", 3, "3 cards turned up"),
    ("en", "water.field.realm_cards", 0, "0 cards turned up"),
    ("it", "water.field.realm_cards", 1, "1 carta scoperta,"),
    ("it", "water.field.realm_cards", 2, "2 carte scoperte,"),
    ("it", "talisman.picture.cards", 1, "1 carta"),
    ("en", "table.standing_line", 1, "1 Certificate"),
    ("it", "table.standing_line", 4, "4 Certificati"),
])
def test_numbers_agree_with_their_words(locale, key, n, want):
    """A count reads as a person writes it ("1 card", "3 cards"; "1 carta", "2 carte"): the
    `{n|one/many}` choice, never "card(s)" or "carta/e"."""
    text = t(locale, key, up=n, down=5, n=n, certificates=n, player="Alice", dead="")
    assert want in text, text
    assert "(s)" not in text and "/" not in text


def test_no_sentence_leaves_a_plural_to_the_reader():
    """No catalogue sentence writes "(s)" or an Italian "carta/e" for a count."""
    import re

    for locale in ("en", "it"):
        for key, text in catalogue(locale).items():
            plain = re.sub(r"\{[^{}]*\}", "", text)  # the `{n|one/many}` choices are fine
            assert "(s)" not in plain, (locale, key, text)
            assert not re.search(r"\b\w+/[aeio]\b", plain), (locale, key, text)
