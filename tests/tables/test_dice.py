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

from dice import LIMITS, DiceLimits, check_expression, roll
from engine.core.errors import RuleError
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


# -- labels, advantage and signs, as on other dice bots ------------------------------------------
@pytest.mark.parametrize("text,expression,label", [
    ("2d6 #attack", "2d6", "attack"),
    ("2d6 attack roll", "2d6", "attack roll"),
    ("1d20+5 # to hit", "1d20 + 5", "to hit"),
    ("4d6kh3", "4d6kh3", ""),
])
def test_label__text_after_the_dice_is_a_label(faces, text, expression, label):
    faces.extend([3, 4, 5, 6])
    r = roll(text)
    assert (r.expression, r.label, r.advantage) == (expression, label, "")
    if label:
        assert label not in r.breakdown  # the label is not part of the dice maths


@pytest.mark.parametrize("word,kind,kept,expression", [
    ("advantage", "adv", 17, "2d20kh1"), ("adv", "adv", 17, "2d20kh1"), ("vantaggio", "adv", 17, "2d20kh1"),
    ("disadvantage", "dis", 4, "2d20kl1"), ("dis", "dis", 4, "2d20kl1"), ("svantaggio", "dis", 4, "2d20kl1"),
])
def test_advantage__rolls_two_d20_and_keeps_one(faces, word, kind, kept, expression):
    faces.extend([4, 17])
    r = roll(f"1d20 {word}")
    assert (r.expression, r.total, r.advantage, r.label) == (expression, kept, kind, "")
    assert "~~" in r.breakdown  # the dropped die is shown struck through


def test_advantage__with_modifier_and_label(faces):
    faces.extend([2, 15])
    r = roll("1d20+5 #to hit adv")
    assert (r.expression, r.total, r.label, r.advantage) == ("2d20kh1 + 5", 20, "to hit", "adv")
    faces.extend([11])
    assert roll("1d20+5 #to hit").expression == "1d20 + 5"  # the cached parse was not changed


def test_advantage__and_disadvantage_cancel(faces):
    faces.extend([9])
    r = roll("1d20 adv dis")
    assert (r.expression, r.total, r.advantage) == ("1d20", 9, "")


def test_advantage__needs_a_leading_d20(no_dice):
    err = _refused("2d6 adv")
    assert (err.key, err.params) == ("dice.advantage_needs_d20", {"expression": "2d6"})


@pytest.mark.parametrize("text,term,positive", [
    ("-5d6", "-5d6", "5d6"),
    ("-(5d6)", "-(5d6)", "(5d6)"),
    ("2d6+-1d4", "-1d4", "1d4"),
    ("-4d6kh3", "-4d6kh3", "4d6kh3"),
])
def test_sign__negative_number_of_dice_refused(no_dice, text, term, positive):
    err = _refused(text)
    assert (err.key, err.params) == ("dice.negative_count", {"term": term, "positive": positive})


def test_sign__subtracting_dice_and_negative_numbers_still_work(faces):
    faces.extend([2])
    assert roll("3-1d4").total == 1
    assert roll("-5").total == -5


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
        ("attack 1d20", "dice.syntax", {"expression": "attack 1d20", "column": 1, "got": "attack 1d20"}),
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


# -- every key the free rolls and the engine raise has a sentence in every language ---------------
ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
KEY_RE = re.compile(r"""["'](dice\.[a-z_.]+[a-z_])["']""")


def _engine_keys() -> set[str]:
    files = [*(ROOT / "dice").glob("*.py"), *(ENGINE / "tables").glob("*.py"), *(ENGINE / "orders").glob("*.py")]
    return {k for f in files for k in KEY_RE.findall(f.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("locale", ["en", "it"])
def test_locales__every_engine_key_is_translated(locale):
    keys = _engine_keys()
    assert "dice.too_many_dice" in keys and "dice.orders.coop.behind" in keys
    missing = sorted(k for k in keys if k not in catalogue(locale))
    assert not missing, f"{locale}: {missing}"
