"""Slash-command names, descriptions, options and choices in the user's language.

Register it once, before syncing, e.g. in the bot's ``setup_hook``::

    from ui.translator import LocaleTranslator

    async def setup_hook(self) -> None:
        await self.tree.set_translator(LocaleTranslator())
        ...  # load the cogs, then await self.tree.sync()

discord.py then asks :meth:`LocaleTranslator.translate` for every string of every command in
every :class:`discord.Locale` while building the sync payload (``name_localizations`` and
``description_localizations``); ``None`` keeps the English text. Only the supported locales other
than English (today ``it``) get answers, read from ``data/locales/<locale>.yaml`` (plus
``<locale>/*.yaml``) under ``commands:``.

Key scheme (``<cmd>`` = the command's qualified name with spaces and ``-`` turned into ``_``:
``game new`` -> ``game_new``, ``game add-bot`` -> ``game_add_bot``, ``end-turn`` -> ``end_turn``):

=====================================  ==============================================
where (TranslationContextLocation)     key
=====================================  ==============================================
group_name, command_name               ``commands.names.<cmd>``
group_description, command_description ``commands.<cmd>``
parameter_name                         ``commands.options.<option>`` (shared by all commands)
parameter_description                  ``commands.option_descriptions.<cmd>.<option>``
choice_name                            ``commands.choices.<value>``
anything else (``other``)              none: English stays
=====================================  ==============================================

Descriptions and choice names are translated only while the English text in the cog still
equals the English text at the same key in ``en.yaml``: a changed English sentence falls back to
English instead of showing a stale translation (and tests/i18n flags it). This also keeps
autocomplete results, which discord.py passes through the translator as choices, untouched.
A ``locale_str("...", key="commands.x")`` names its key explicitly and skips that check.

Names are returned only if Discord would accept them: lowercase, 1-32 characters of letters,
digits, ``-`` and ``_`` (``^[-_\\w]{1,32}$``); descriptions and choice names only if 1-100
characters. Anything else gives ``None`` rather than a payload Discord would reject.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Optional

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.app_commands import TranslationContextTypes, locale_str

from gm.i18n import FALLBACK, catalogue, normalise

NAME_RE = re.compile(r"^[-_\w]{1,32}$")
TEXT_LIMIT = 100
ROOT = "commands"

_NAMES = (Where.command_name, Where.group_name)
_DESCRIPTIONS = (Where.command_description, Where.group_description)


def command_key(qualified_name: str) -> str:
    """'game add-bot' -> 'game_add_bot': the part of a key that names a command or group."""
    return re.sub(r"[\s\-]+", "_", qualified_name.strip()).lower()


def valid_name(text: str) -> bool:
    """Discord's rule for slash-command, group and option names."""
    return bool(NAME_RE.fullmatch(text)) and text == text.lower()


def translation_key(context: TranslationContextTypes) -> Optional[str]:
    """The catalogue key for a string at this place of a command, or None (not translated)."""
    where, data = context.location, context.data
    if where in _NAMES or where in _DESCRIPTIONS:
        name = getattr(data, "qualified_name", None) or getattr(data, "name", None)
        if not name:
            return None
        return f"{ROOT}.names.{command_key(name)}" if where in _NAMES else f"{ROOT}.{command_key(name)}"
    if where in (Where.parameter_name, Where.parameter_description):
        command = getattr(data, "command", None)
        option = getattr(data, "name", None)
        if command is None or not option:
            return None
        if where is Where.parameter_name:
            return f"{ROOT}.options.{command_key(option)}"
        return f"{ROOT}.option_descriptions.{command_key(command.qualified_name)}.{command_key(option)}"
    if where is Where.choice_name:
        value = getattr(data, "value", None)
        if value is None:
            return None
        return f"{ROOT}.choices.{command_key(str(value))}"
    return None


class LocaleTranslator(app_commands.Translator):
    """Localizations of the slash commands from the `commands:` part of the locale files."""

    def __init__(self, catalogues: Callable[[str], Mapping[str, str]] = catalogue) -> None:
        self._catalogue = catalogues

    async def translate(self, string: locale_str, locale: discord.Locale,
                        context: TranslationContextTypes) -> Optional[str]:
        return self.lookup(string, locale, context)

    def lookup(self, string: locale_str, locale: Any, context: TranslationContextTypes) -> Optional[str]:
        """The synchronous core of :meth:`translate` (handy in tests and scripts)."""
        code = normalise(locale, "")
        if not code or code == FALLBACK:
            return None
        explicit = string.extras.get("key") if isinstance(string, locale_str) else None
        key = explicit or translation_key(context)
        if not key:
            return None
        is_name = context.location in _NAMES or context.location is Where.parameter_name
        if not explicit and not is_name:
            english = self._catalogue(FALLBACK).get(key)
            message = string.message if isinstance(string, locale_str) else str(string)
            if english is None or english.strip() != message.strip():
                return None
        text = self._catalogue(code).get(key)
        if text is None:
            return None
        text = text.strip()
        if is_name:
            if isinstance(context.data, app_commands.ContextMenu):
                return text if 1 <= len(text) <= 32 else None
            return text if valid_name(text) else None
        return text if 1 <= len(text) <= TEXT_LIMIT else None
