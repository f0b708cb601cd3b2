"""User-facing text lives in data/locales/*.yaml; code only names keys.

Lookup falls back from the requested locale to English, so a missing Italian sentence shows
English rather than a raw key (a test keeps both files' keys identical anyway).
"""
from __future__ import annotations

import string
from functools import lru_cache
from pathlib import Path
from typing import Any

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


class _Lenient(string.Formatter):
    """Leaves unknown placeholders visible instead of crashing a reply."""

    def get_value(self, key: Any, args: Any, kwargs: dict[str, Any]) -> Any:
        if isinstance(key, str):
            return kwargs.get(key, "{" + key + "}")
        return super().get_value(key, args, kwargs)


_FORMAT = _Lenient()


def has(key: str, locale: str = FALLBACK) -> bool:
    return key in catalogue(locale) or key in catalogue(FALLBACK)


def t(locale: str, key: str, **params: Any) -> str:
    text = catalogue(locale).get(key) or catalogue(FALLBACK).get(key)
    if text is None:
        return key
    try:
        return _FORMAT.format(text, **params)
    except (ValueError, IndexError):
        return text
