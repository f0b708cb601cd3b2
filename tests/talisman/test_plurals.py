"""Issue 26: status and narration lines agree with their counts in both languages ("1 day
travelled", not "1 days"; "1 giorno", not "1 giorni"). Decision prompts and labels are not
checked here (another change covers them)."""
from __future__ import annotations

import re

import pytest

from engine.core.events import Event
from engine.darkest_talisman.game import SYSTEM
from gm.i18n import t
from systems.darkest_talisman.describe import describe_event
from systems.darkest_talisman.embeds import stats_line, village_embed
from tests.talisman.helpers import solo

#: a count of one followed by a plural word: the mistakes this test is about
WRONG = {
    "en": re.compile(r"\b1 (days|returns|adventures|troves|deaths|dice roll|turns|points)\b"),
    "it": re.compile(r"\b1 (giorni|ritorni|avventure|tesori|morti|dadi|danni|rimasti|turni|punti)\b"),
}
SINGULAR = {
    "en": ("1 day travelled", "1 adventure", "1 return", "1 trove won", "1 death"),
    "it": ("1 giorno di viaggio", "1 avventura", "1 ritorno", "1 tesoro vinto", "1 morte"),
}


def view_with(**stats: int):
    state = solo(1)
    for key, value in stats.items():
        setattr(state.stats, key, value)
    return SYSTEM.view(state, None)


@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_campaign_figures_take_the_singular_for_one(locale):
    one = stats_line(view_with(days=1, returns=1, adventures=1, troves_won=1, deaths=1), locale)
    assert all(word in one for word in SINGULAR[locale]), one
    assert not WRONG[locale].search(one), one
    many = stats_line(view_with(days=2, returns=0, adventures=3, troves_won=2, deaths=2), locale)
    assert ("2 days" if locale == "en" else "2 giorni") in many and ("0 returns" if locale == "en" else "0 ritorni") in many


@pytest.mark.parametrize("locale", ["en", "it"])
def test_narration_of_one_day_one_die_one_damage(locale):
    view = view_with()
    lines = [describe_event(view, Event(kind=f"talisman.ev.{kind}", data=data), locale) for kind, data in (
        ("campaign_over", {"result": "lost", "why": "party_lost", "days": 1, "returns": 1, "crowned": []}),
        ("campaign_over", {"result": "won", "why": "crown", "days": 1, "returns": 1, "crowned": [view.data["heroes"][0]["uid"]]}),
        ("portal", {"dice": 1, "roll": 3, "attribute": "strength", "total": 9}),
        ("portal", {"dice": 1, "roll": 3, "attribute": "strength", "total": 9, "opened": True}),
        ("guardian_damaged", {"enemy": "ogre", "amount": 1}),
    )]
    for line in lines:
        assert line and not WRONG[locale].search(line), line
    assert ("1 day and 1 return" if locale == "en" else "1 giorno e 1 ritorno") in lines[0]
    assert ("1 die rolls 3" if locale == "en" else "1 dado fa 3") in lines[2]


def test_the_blacksmiths_last_piece_in_italian():
    state = solo(1)
    state.decks.purchase = state.decks.purchase[:1]  # one copy of one ware left
    embed = village_embed(SYSTEM.view(state, None), "it")
    text = " ".join(f["value"] for f in embed.to_dict().get("fields", []))
    assert "(1 rimasto)" in text and "1 rimasti" not in text, text


@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_tables_follow_ups_for_one(locale):
    """The rank tables' follow-up rolls ("lose 1 turn") read right for one too."""
    for effect in ("gain_points", "lose_points", "lose_turns", "extra_turns"):
        line = t(locale, f"dice.follow_up.{effect}", faces="6", value=1)
        assert not WRONG[locale].search(line), line
