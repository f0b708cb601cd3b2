"""Free rolls (`/roll`): d20 notation, the guard against abuse, and friendly errors.

d20 draws from Python's global `random`; tests pin it by replacing `random.randrange`, which
is the only call d20 makes for a die (`randrange(size) + 1`).
"""
from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest

from engine.core.errors import RuleError
from engine.dice import LIMITS, DiceLimits, check_expression, roll
from gm.i18n import catalogue


@pytest.fixture()
def faces(monkeypatch):
    """Force d20's dice: give the faces (1-based) in order."""
    queue: list[int] = []

    def randrange(n, *_args):
        assert queue, "more dice rolled than scripted"
        face = queue.pop(0)
        assert face in range(1, n + 1)
        return face - 1

    monkeypatch.setattr(random, "randrange", randrange)
    return queue


@pytest.fixture()
def no_dice(monkeypatch):
    """Any die rolled fails the test: refusals must happen before rolling."""

    def randrange(*_args):
        raise AssertionError("a die was rolled")

    monkeypatch.setattr(random, "randrange", randrange)


def _refused(text: str, limits: DiceLimits = LIMITS) -> RuleError:
    with pytest.raises(RuleError) as info:
        roll(text, limits)
    return info.value


# -- notation -------------------------------------------------------------------------------------
def test_roll__keep_highest(faces):
    faces.extend([6, 2, 3, 4])
    r = roll("4d6kh3")
    assert r.total == 13 and r.expression == "4d6kh3"
    assert "~~2~~" in r.breakdown and r.breakdown.endswith("= `13`")


def test_roll__exploding_sixes(faces):
    faces.extend([6, 6, 2])
    r = roll("1d6e6")
    assert r.total == 14 and "6!" in r.breakdown


def test_roll__d_percent_is_1_to_100(faces):
    """d20 reads `d%` as a tens die (0-90); we mean 1-100, so it becomes 1d100."""
    faces.extend([100])
    r = roll("d%")
    assert (r.expression, r.total) == ("1d100", 100)
    faces.extend([7, 42])
    assert roll("2d% + 1").total == 50


def test_roll__arithmetic_and_comparison(faces):
    faces.extend([3, 4, 15])
    assert roll("2d6*2 - 1").total == 13
    assert roll("1d20 >= 10").total == 1


def test_roll__random_totals_in_range():
    random.seed(5)
    for _ in range(50):
        assert 3 <= roll("4d6kh3").total <= 18
        assert roll("d%").total in range(1, 101)


# -- abuse refused before any work ----------------------------------------------------------------
@pytest.mark.parametrize(
    "text,key,params",
    [
        ("10000d10000", "dice.too_many_sides", {"sides": 10000, "limit": 1000}),
        ("2000d6", "dice.too_many_dice", {"count": 2000, "limit": 1000}),
        ("600d6+600d6", "dice.too_many_dice", {"count": 1200, "limit": 1000}),
        ("(" * 11 + "1" + ")" * 11, "dice.too_deep", {"limit": 10}),
        ("-" * 11 + "1", "dice.too_deep", {"limit": 10}),
        ("1+" * 100 + "1", "dice.too_long", {"length": 201, "limit": 200}),
        ("1d1e1", "dice.endless", {"term": "1d1e1"}),
        ("1d6e<7", "dice.endless", {"term": "1d6e<7"}),
        ("1d6e>0", "dice.endless", {"term": "1d6e>0"}),
        ("1d6rrl1", "dice.endless", {"term": "1d6rrl1"}),
        ("1d0", "dice.zero_sides", {}),
    ],
)
def test_guard__abusive_expressions_refused(no_dice, text, key, params):
    started = time.perf_counter()
    err = _refused(text)
    assert (err.key, err.params) == (key, params)
    assert time.perf_counter() - started < 0.05


def test_guard__explosions_are_bounded(faces):
    """Legal on paper, but every die explodes: stopped at the roll limit with a clear key."""
    faces.extend([2] * 5000)
    err = _refused("1000d2e2")
    assert (err.key, err.params) == ("dice.too_many_rolls", {"limit": LIMITS.max_rolls})


def test_guard__check_without_rolling(no_dice):
    tree = check_expression("3d%kh1")
    assert str(tree) == "3d100kh1"


def test_guard__reroll_on_some_faces_is_fine(faces):
    faces.extend([1, 1, 5])
    assert roll("1d6rr1").total == 5


# -- friendly errors ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text,key,params",
    [
        ("", "dice.empty", {}),
        ("   ", "dice.empty", {}),
        ("1d6+", "dice.syntax_end", {"expression": "1d6+"}),
        ("(1d6", "dice.syntax_end", {"expression": "(1d6"}),
        ("foo", "dice.syntax", {"expression": "foo", "column": 1, "got": "foo"}),
        ("1d20 attack", "dice.syntax", {"expression": "1d20 attack", "column": 6, "got": "attack"}),
        ("1/0", "dice.division_by_zero", {}),
        ("2d6mi<3", "dice.bad_value", {"expression": "2d6mi<3"}),
    ],
)
def test_errors__friendly_keys(text, key, params):
    err = _refused(text)
    assert (err.key, err.params) == (key, params)


def test_breakdown__long_output_is_truncated_within_discord_limits():
    random.seed(1)
    r = roll("1000d1000")
    assert r.truncated and r.breakdown.endswith("…")
    assert len(r.breakdown) <= LIMITS.max_breakdown
    assert r.breakdown.count("**") % 2 == 0 and r.breakdown.count("~~") % 2 == 0
    assert 1000 <= r.total <= 1_000_000


def test_breakdown__short_output_is_whole(faces):
    faces.extend([4])
    r = roll("1d6")
    assert not r.truncated and r.breakdown == "1d6 (4) = `4`"


# -- every key the engine raises has a sentence in every language ---------------------------------
ENGINE = Path(__file__).resolve().parents[2] / "engine"
KEY_RE = re.compile(r"""["'](dice\.[a-z_.]+[a-z_])["']""")


def _engine_keys() -> set[str]:
    files = [ENGINE / "dice.py", *(ENGINE / "tables").glob("*.py"), *(ENGINE / "orders").glob("*.py")]
    return {k for f in files for k in KEY_RE.findall(f.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("locale", ["en", "it"])
def test_locales__every_engine_key_is_translated(locale):
    keys = _engine_keys()
    assert "dice.too_many_dice" in keys and "dice.orders.coop.behind" in keys
    missing = sorted(k for k in keys if k not in catalogue(locale))
    assert not missing, f"{locale}: {missing}"
