"""Locale sentences are parsed once and filled without `string.Formatter` (issue 12: some sixty
sentences per turn message). The fast path must give exactly what the formatter gives, for
every sentence of both catalogues and for the odd templates a board label may hold."""
from __future__ import annotations

import random
import string

import pytest

from gm import i18n
from gm.i18n import SUPPORTED, _Lenient, catalogue, format_text, t

_FAILED = (ValueError, IndexError, KeyError, AttributeError)


class Named(str):
    """A pack name that knows its Italian article (as the content pack's `Named`)."""

    article = "la"


VALUES = ["Alice", "Elena", "Ugo", 3, 2.5, -1, Named("Fortezza"), "prophecy", "move", "", None, ["a", 1]]


def reference(locale: str, template: str, **params: object) -> str:
    """What `format_text` returned before templates were compiled."""
    try:
        return _Lenient(locale).format(template, **params)
    except _FAILED:
        return template


def names_in(template: str) -> set[str]:
    fields = [f for _, f, _, _ in string.Formatter().parse(template) if f]
    return {f.partition("|")[0].split(".")[0].split("[")[0] for f in fields}


@pytest.mark.parametrize("locale", SUPPORTED)
def test_every_sentence_fills_as_the_formatter_does(locale: str) -> None:
    rng = random.Random(12)
    checked = 0
    for key, template in catalogue(locale).items():
        names = names_in(template) if "{" in template else set()
        for _ in range(3):  # some parameters given, some missing (left visible), any kind of value
            params = {name: rng.choice(VALUES) for name in names if rng.random() < 0.85}
            assert format_text(locale, template, **params) == reference(locale, template, **params), (key, params)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("template, params", [
    ("{a!r:>8} {b:03d}", {"a": "x", "b": 7}),
    ("{a.upper}", {"a": "x"}),  # attribute access, as the formatter does it
    ("{a[1]}", {"a": [4, 5]}),
    ("{{literal}} {x} {{ {y}", {"x": 1}),
    ("{a:{w}}", {"a": 1, "w": 4}),  # a nested field: the formatter itself fills it
    ("{0} {}", {}),  # positional: refused, the template comes back
    ("{", {}), ("}", {}), ("{a!z}", {"a": 1}), ("{x:d}", {}),
    ("{x|a} and {y|a}", {"y": "Elena"}),  # a filter on a missing value stays whole, to be filled later
    ("{g|di} {g|a} {g|of}", {"g": Named("Fortezza")}),
    ("{s|system}", {"s": "prophecy"}), ("{s|system}", {"s": "no_such_game"}),
    ("", {}), ("plain text", {}),
])
@pytest.mark.parametrize("locale", ["en", "it", "it-IT", "fr"])
def test_odd_templates_fill_as_the_formatter_does(template: str, params: dict, locale: str) -> None:
    code = locale.split("-")[0] if locale.split("-")[0] in SUPPORTED else "en"
    assert format_text(locale, template, **params) == reference(code, template, **params)


def test_a_template_is_parsed_once() -> None:
    template = "Round {n} · {player|a} to play ({unique_marker_for_this_test})"
    i18n._COMPILED.pop(template, None)
    first = format_text("it", template, n=2, player="Alice")
    parsed = i18n._COMPILED[template]
    assert first == "Round 2 · ad Alice to play ({unique_marker_for_this_test})"
    assert format_text("it", template, n=3, player="Bob") == "Round 3 · a Bob to play ({unique_marker_for_this_test})"
    assert i18n._COMPILED[template] is parsed


def test_t_uses_the_compiled_sentences() -> None:
    assert t("it", "board.title.turn", player="Alice") == "Tocca ad Alice"
    assert t("it", "board.title.turn") == "Tocca {player|a}"
    assert t("en", "no.such.key") == "no.such.key"


def test_a_filled_sentence_is_kept_only_for_the_same_values_and_kinds() -> None:
    """`t` keeps what it filled (a turn message asks the same sentences again and again): the
    kept text comes back only for equal values of the same kind, a name with the same article."""
    from engine.core.named import Named as PackName

    fortress, tower = PackName("Fortezza", "la"), PackName("Fortezza", "il")
    assert t("it", "error.certificate_owned", guild=fortress) == "Hai già il Certificato della Fortezza."
    # the same text with another article, and a plain string, are filled anew, not read back
    assert t("it", "error.certificate_owned", guild=tower) == "Hai già il Certificato del Fortezza."
    assert t("it", "error.certificate_owned", guild="Fortezza") == "Hai già il Certificato di Fortezza."
    assert t("it", "error.certificate_owned", guild=fortress) == "Hai già il Certificato della Fortezza."
    # True and 1 are equal keys to a dict, not the same words
    assert t("en", "common.gold", n=1) == "1 Gold"
    assert t("en", "common.gold", n=True) == "True Gold"
    assert t("en", "common.gold", n=1) == "1 Gold"
    # a value of another kind (here a str subclass with its own article) is never kept
    kept = len(i18n._FILLED)
    assert t("it", "error.certificate_owned", guild=Named("Fortezza")) == "Hai già il Certificato della Fortezza."
    assert len(i18n._FILLED) == kept
    assert ("it", "error.certificate_owned", "guild", PackName, "Fortezza", "la") in i18n._FILLED
