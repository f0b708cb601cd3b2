"""User-facing text lives in data/locales/*.yaml; code only names keys.

Lookup falls back from the requested locale to English, so a missing Italian sentence shows
English rather than a raw key (a test keeps both files' keys identical anyway).

A placeholder may name a filter after a bar, so a sentence can follow its own language's
grammar and never show an internal id, without the code knowing either:

* ``{player|a}``: the Italian preposition *a* with its euphonic *d* ("ad Alice", "a Bob");
  ``{player|ed}`` does the same for the conjunction *e*.
* ``{guild|di}``, ``{guild|a}``, ``{guild|da}``, ``{guild|in}``, ``{guild|su}``: for a name that
  knows its article (the pack's `Named`), the Italian articulated preposition ("della Fortezza",
  "all'Accampamento nella Foresta", "dal Monastero"); other names just get the preposition.
  ``{guild|of}`` is the English "of the Fortress".
  ``{name|the}`` writes the name with its article ("la Città"); ``{name|The}`` the same at the
  start of a sentence ("Lo Spettro").
* ``{system|system}``, ``{point_kind|dice.points}``: any other filter is a key prefix; the
  value is shown as the sentence at ``<prefix>.<value>`` ("prophecy" -> "Prophecy"), or as it
  is when there is none.
"""
from __future__ import annotations

import re
import string
from _string import formatter_field_name_split as _formatter_field_name_split
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Final, Mapping

import yaml

from engine.core.named import Named

#: libyaml's parser when PyYAML has it (same result, several times faster)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

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
            out.update(_flatten(yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}))
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


#: Italian preposition + definite article ("di" + "la" -> "della"); "l'" keeps no space after it
_ARTICULATED: dict[str, dict[str, str]] = {
    "di": {"il": "del", "lo": "dello", "la": "della", "l'": "dell'", "i": "dei", "gli": "degli", "le": "delle"},
    "a": {"il": "al", "lo": "allo", "la": "alla", "l'": "all'", "i": "ai", "gli": "agli", "le": "alle"},
    "da": {"il": "dal", "lo": "dallo", "la": "dalla", "l'": "dall'", "i": "dai", "gli": "dagli", "le": "dalle"},
    "in": {"il": "nel", "lo": "nello", "la": "nella", "l'": "nell'", "i": "nei", "gli": "negli", "le": "nelle"},
    "su": {"il": "sul", "lo": "sullo", "la": "sulla", "l'": "sull'", "i": "sui", "gli": "sugli", "le": "sulle"},
}


def _article(value: Any) -> str:
    """The article a name takes, or "" when the name already opens with it (a card called "The
    Bride" is "the Bride" in a sentence, never "the The Bride")."""
    article = str(getattr(value, "article", "") or "")
    text = str(value).casefold()
    if article and (text.startswith(article.casefold() + " ") or (article.endswith("'") and text.startswith(article.casefold()))):
        return ""
    return article


def _joined(head: str, text: str) -> str:
    return f"{head}{text}" if head.endswith("'") else f"{head} {text}"


def _preposition(word: str, plain: Callable[[str, Any], str] | None = None) -> Callable[[str, Any], str]:
    """An Italian preposition before a name: merged with the name's article when it has one
    (`Named.article`: "di" + "la Fortezza" -> "della Fortezza"), else `plain` or "di X"."""
    def apply(locale: str, value: Any) -> str:
        article = _article(value)
        merged = _ARTICULATED[word].get(article.casefold())
        if merged:
            return _joined(merged, str(value))
        if article:  # an article this table does not know: keep it, separate
            return f"{word} {_joined(article, str(value))}"
        return plain(locale, value) if plain else f"{word} {value}"
    return apply


def _the(_locale: str, value: Any) -> str:
    """A name with the article it takes ("the Village", "la Città", "l'Oasi"), else as it is."""
    article = _article(value)
    return _joined(article, str(value)) if article else str(value)


def _the_first(locale: str, value: Any) -> str:
    """`{x|The}`: as `the`, for a name that opens a sentence ("Lo Spettro resta...")."""
    text = _the(locale, value)
    return text[:1].upper() + text[1:]


def _of(_locale: str, value: Any) -> str:
    """English "of" before a name, with the article the name takes ("of the Fortress")."""
    article = _article(value)
    return f"of {article} {value}" if article else f"of {value}"


#: grammar filters usable in locale strings as {name|filter}
FILTERS: dict[str, Callable[[str, Any], str]] = {
    "a": _preposition("a", _euphonic("a", "aàáâ")),
    "ed": _euphonic("e", "eèéê"),
    "di": _preposition("di"),
    "da": _preposition("da"),
    "in": _preposition("in"),
    "su": _preposition("su"),
    "of": _of,
    "the": _the,
    "The": _the_first,
}


def field_name(field: str) -> str:
    """The parameter a placeholder reads: `player|a` -> `player`."""
    return field.partition("|")[0]


def plural(value: Any, forms: str) -> str:
    """`{n|card/cards}`: the word as the number before it wants it ("1 card", "0 cards", "3
    carte"). English and Italian both take the first form for exactly one, the second for any
    other number; a value that is not a number takes the second."""
    one, _slash, many = forms.partition("/")
    try:
        return one if int(value) == 1 else many
    except (TypeError, ValueError):
        return many


def apply_filter(locale: str, name: str, value: Any) -> Any:
    """A grammar filter from FILTERS, a plural choice (`one/many`), else the sentence at
    `<name>.<value>` if there is one."""
    if name in FILTERS:
        return FILTERS[name](locale, value)
    if "/" in name:
        return plural(value, name)
    key = f"{name}.{value}"
    text = catalogue(locale).get(key) or catalogue(FALLBACK).get(key)
    return text if text is not None else value


class _Lenient(string.Formatter):
    """Leaves unknown placeholders visible instead of crashing a reply, and applies filters."""

    def __init__(self, locale: str = FALLBACK) -> None:
        self.locale = locale

    def get_field(self, field: str, args: Any, kwargs: Mapping[str, Any]) -> Any:
        name, bar, filters = field.partition("|")
        if not bar:
            return super().get_field(field, args, kwargs)
        if name not in kwargs:  # kept whole, so a label looked up without values can be filled later
            return "{" + field + "}", name
        value = kwargs[name]
        for f in filters.split("|"):
            value = apply_filter(self.locale, f.strip(), value)
        return value, name

    def get_value(self, key: Any, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str):
            return kwargs.get(key, "{" + key + "}")
        return super().get_value(key, args, kwargs)


_FORMATS = {code: _Lenient(code) for code in SUPPORTED}
_FAILED = (ValueError, IndexError, KeyError, AttributeError)


# -- sentences parsed once ---------------------------------------------------------------------
# A turn message fills some sixty sentences, and `string.Formatter` re-parses each template in
# Python on every call. A template is parsed once instead into its literal text and fields,
# and filled by `_fill`, which does what `_Lenient.format` does (the same lookups, filters,
# conversions and format specs, the same text left for an unknown placeholder, and the same
# exceptions, so `format_text` falls back to the template as before). Templates the fast
# path does not cover (positional or nested fields) keep going through `_Lenient`.
@dataclass(frozen=True, slots=True)
class _Field:
    """One `{...}` of a template: what `_Lenient.get_field` would read, and how to show it."""

    field: str  # the whole field name, as written (`player|a`, `card.name`)
    first: str  # the parameter read: `player` (filters) or the head of `card.name`
    rest: tuple[tuple[bool, Any], ...]  # attribute (True) or index (False) steps after `first`
    filters: tuple[str, ...] | None  # None: no bar in the field
    conversion: str | None
    spec: str


_Compiled = tuple["str | _Field", ...]
_SLOW: Final = None
_COMPILED: dict[str, _Compiled | None] = {}
_COMPILED_MAX = 8192  # templates are the catalogues' sentences and a few board labels


def _compile(template: str) -> _Compiled | None:
    """The template as literal text and fields, or None when only `_Lenient` may fill it."""
    parts: list[str | _Field] = []
    for literal, field, spec, conversion in _Lenient().parse(template):
        if literal:
            last = parts[-1] if parts else None
            if isinstance(last, str):  # `{{` splits the literal text
                parts[-1] = last + literal
            else:
                parts.append(literal)
        if field is None:
            continue
        if "{" in (spec or "") or conversion not in (None, "s", "r", "a"):
            return _SLOW  # a nested field in the spec, or a conversion the formatter refuses
        name, bar, filters = field.partition("|")
        if bar:
            parts.append(_Field(field, name, (), tuple(f.strip() for f in filters.split("|")), conversion, spec or ""))
            continue
        first, rest = _formatter_field_name_split(field)
        if not isinstance(first, str) or not first:
            return _SLOW  # `{0}`, `{}`: positional, an IndexError for `_Lenient` too
        parts.append(_Field(field, first, tuple(rest), None, conversion, spec or ""))
    return tuple(parts)


def _compiled(template: str) -> _Compiled | None:
    try:
        return _COMPILED[template]
    except KeyError:
        pass
    try:
        found = _compile(template)
    except ValueError:  # unbalanced braces: `_Lenient` raises the same, the caller falls back
        found = _SLOW
    if len(_COMPILED) >= _COMPILED_MAX:
        _COMPILED.clear()
    _COMPILED[template] = found
    return found


def _value(locale: str, f: _Field, params: dict[str, Any]) -> Any:
    """What `_Lenient.get_field` and `convert_field` give for this field."""
    if f.filters is not None:
        if f.first not in params:
            value: Any = "{" + f.field + "}"
        else:
            value = params[f.first]
            for name in f.filters:
                value = apply_filter(locale, name, value)
    else:
        value = params.get(f.first, "{" + f.first + "}")
        for is_attr, step in f.rest:
            value = getattr(value, step) if is_attr else value[step]
    if f.conversion is None:
        return value
    if f.conversion == "s":
        return str(value)
    if f.conversion == "r":
        return repr(value)
    return ascii(value)


def _fill(locale: str, parts: _Compiled, params: dict[str, Any]) -> str:
    out = []
    for part in parts:
        if isinstance(part, _Field):
            out.append(format(_value(locale, part, params), part.spec))
        else:
            out.append(part)
    return "".join(out)


def has(key: str, locale: str = FALLBACK) -> bool:
    return key in catalogue(locale) or key in catalogue(FALLBACK)


#: a sentence's own article before a name that opens with one ("may take the The Bride", "la La
#: Sposa"): the name's own is kept
_DOUBLED_ARTICLE = re.compile(r"\b(?:[Tt]he|[Ii]l|[Ll][oa]) (?=(?:The|Il|Lo|La) [A-Z])")


def _one_article(text: str) -> str:
    if " The " in text or " La " in text or " Il " in text or " Lo " in text:
        return _DOUBLED_ARTICLE.sub("", text)
    return text


def format_text(locale: str, template: str, /, **params: Any) -> str:
    """Fill a locale sentence already looked up (board labels...), with filters; never raises."""
    code = locale if locale in _FORMATS else normalise(locale)
    parts = _compiled(template)
    try:
        if parts is _SLOW:
            return _one_article(_FORMATS.get(code, _FORMATS[FALLBACK]).format(template, **params))
        if len(parts) == 1 and isinstance(parts[0], str):
            return parts[0]
        return _one_article(_fill(code if code in _FORMATS else FALLBACK, parts, params))
    except _FAILED:
        return template


@lru_cache(maxsize=None)
def _sentences(locale: str) -> dict[str, str]:
    """Every sentence a locale shows: its own, else English (an empty one counts as missing)."""
    own = catalogue(locale)
    return {**catalogue(FALLBACK), **{key: text for key, text in own.items() if text}}


# -- sentences filled once ---------------------------------------------------------------------
# A turn message asks for some seventy sentences, and nearly nine in ten of them were filled
# with the very same values moments before (the sheet's words, a space's name, a price; the
# prompt's line and its button's label): a filled sentence is kept, by locale, key and values.
# Only values whose text and filters are decided by what the key holds are kept by: plain
# strings, whole numbers, truth values and None, each with its type (True fills "True", 1
# fills "1"), and a pack's `Named` with its article (the filters read it). A sentence given
# anything else (a float, a list, another kind of string) is filled every time, as before.
_FILLED: dict[tuple[Any, ...], str] = {}
_FILLED_MAX = 16384
_PLAIN: Final = frozenset({str, int, bool, type(None)})


def _filled_key(locale: str, key: str, params: dict[str, Any]) -> tuple[Any, ...] | None:
    out: list[Any] = [locale, key]
    for name, value in params.items():
        kind = type(value)
        if kind in _PLAIN:
            out += (name, kind, value)
        elif kind is Named:
            out += (name, kind, str(value), value.article)
        else:
            return None
    return tuple(out)


def _t(locale: str, key: str, params: dict[str, Any]) -> str:
    try:
        template = _sentences(locale)[key]
    except KeyError:
        found = catalogue(locale).get(key) or catalogue(FALLBACK).get(key)
        if found is None:
            return key
        template = found
    return format_text(locale, template, **params)


def t(locale: str, key: str, /, **params: Any) -> str:
    memo = _filled_key(locale, key, params)
    if memo is None:
        return _t(locale, key, params)
    try:
        return _FILLED[memo]
    except KeyError:
        pass
    text = _t(locale, key, params)
    if len(_FILLED) >= _FILLED_MAX:
        _FILLED.clear()
    _FILLED[memo] = text
    return text
