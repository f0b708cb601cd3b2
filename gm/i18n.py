"""User-facing text lives in data/locales/*.yaml; code only names keys.

Lookup falls back from the requested locale to English, so a missing Italian sentence shows
English rather than a raw key (a test keeps both files' keys identical anyway).

A placeholder may name a filter after a bar, so a sentence can follow its own language's
grammar and never show an internal id, without the code knowing either:

* ``{player|a}``: the Italian preposition *a* with its euphonic *d* ("ad Alice", "a Bob");
  ``{player|ed}`` does the same for the conjunction *e*.
* ``{system|system}``, ``{point_kind|dice.points}``: any other filter is a key prefix; the
  value is shown as the sentence at ``<prefix>.<value>`` ("prophecy" -> "Prophecy"), or as it
  is when there is none.
"""
from __future__ import annotations

import string
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import yaml

LOCALES_DIR = Path(__file__).resolve().parents[1] / "data" / "locales"
SUPPORTED = ("en", "it")
FALLBACK = "en"


def _flatten(tree: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in tree.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, full + "."))
        else:
            out[full] = str(value)
    return out


@lru_cache(maxsize=None)
def catalogue(locale: str) -> dict[str, str]:
    """`<locale>.yaml` plus every `<locale>/*.yaml` (one file per feature: lookup, dice...)."""
    paths = [LOCALES_DIR / f"{locale}.yaml", *sorted((LOCALES_DIR / locale).glob("*.yaml"))]
    out: dict[str, str] = {}
    for path in paths:
        if path.exists():
            out.update(_flatten(yaml.safe_load(path.read_text(encoding="utf-8")) or {}))
    return out


def normalise(locale: object | None, default: str = FALLBACK) -> str:
    """'it', 'it-IT' or a discord.Locale -> 'it'; anything unsupported -> default."""
    if locale is None:
        return default
    code = str(getattr(locale, "value", locale)).split("-")[0].lower()
    return code if code in SUPPORTED else default


def _first_letter(text: str) -> str:
    """The first letter a reader sees: skips Markdown, `@` and quotes ("**Alice**" -> "a")."""
    return next((ch for ch in text if ch.isalpha()), "").casefold()


def _euphonic(word: str, vowels: str) -> Callable[[str, Any], str]:
    """Italian *a*/*e* take a *d* before the same vowel ("ad Alice", "ed Elena"), the usage
    the Accademia della Crusca recommends; before anything else they stay as they are."""
    def apply(_locale: str, value: Any) -> str:
        text = str(value)
        letter = _first_letter(text)
        return f"{word}d {text}" if letter and letter in vowels else f"{word} {text}"
    return apply


#: grammar filters usable in locale strings as {name|filter}
FILTERS: dict[str, Callable[[str, Any], str]] = {
    "a": _euphonic("a", "aàáâ"),
    "ed": _euphonic("e", "eèéê"),
}


def field_name(field: str) -> str:
    """The parameter a placeholder reads: `player|a` -> `player`."""
    return field.partition("|")[0]


def apply_filter(locale: str, name: str, value: Any) -> Any:
    """A grammar filter from FILTERS, else the sentence at `<name>.<value>` if there is one."""
    if name in FILTERS:
        return FILTERS[name](locale, value)
    key = f"{name}.{value}"
    text = catalogue(locale).get(key) or catalogue(FALLBACK).get(key)
    return text if text is not None else value


class _Lenient(string.Formatter):
    """Leaves unknown placeholders visible instead of crashing a reply, and applies filters."""

    def __init__(self, locale: str = FALLBACK) -> None:
        self.locale = locale

    def get_field(self, field: str, args: Any, kwargs: dict[str, Any]) -> Any:
        name, bar, filters = field.partition("|")
        if not bar:
            return super().get_field(field, args, kwargs)
        if name not in kwargs:  # kept whole, so a label looked up without values can be filled later
            return "{" + field + "}", name
        value = kwargs[name]
        for f in filters.split("|"):
            value = apply_filter(self.locale, f.strip(), value)
        return value, name

    def get_value(self, key: Any, args: Any, kwargs: dict[str, Any]) -> Any:
        if isinstance(key, str):
            return kwargs.get(key, "{" + key + "}")
        return super().get_value(key, args, kwargs)


_FORMATS = {code: _Lenient(code) for code in SUPPORTED}


def has(key: str, locale: str = FALLBACK) -> bool:
    return key in catalogue(locale) or key in catalogue(FALLBACK)


def format_text(locale: str, template: str, /, **params: Any) -> str:
    """Fill a locale sentence already looked up (board labels...), with filters; never raises."""
    try:
        return _FORMATS.get(normalise(locale), _FORMATS[FALLBACK]).format(template, **params)
    except (ValueError, IndexError, KeyError, AttributeError):
        return template


def t(locale: str, key: str, /, **params: Any) -> str:
    template = catalogue(locale).get(key) or catalogue(FALLBACK).get(key)
    if template is None:
        return key
    return format_text(locale, template, **params)
