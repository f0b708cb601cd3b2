"""What a prompt says to a player who comes back after hours: each decision carries what it is
about (what an offer buys, what lies on the road to pick up), in English and Italian."""
from __future__ import annotations

import pytest

from engine.darkest_talisman.actions import Choose
from engine.darkest_talisman.game import SYSTEM
from systems.darkest_talisman.describe import decision_text, describe_event, option_label
from tests.talisman.helpers import choose, kind, options, pack, party_of, rig, settle, solo


def party(seed: int = 1, *chars: str):  # type: ignore[no-untyped-def]
    return settle(party_of(solo(seed), *(chars or ("warrior", "troll", "wizard"))))


def meet(card: str):  # type: ignore[no-untyped-def]
    """A party that sets out for the City and turns over `card` first (two cards on day 1)."""
    return choose(rig(party(), dice=[2], deck=[card, "good_fortune"]), "depart:city")


def prompt(s, locale: str) -> tuple[str, list[str]]:  # type: ignore[no-untyped-def]
    shown = SYSTEM.view(s, None)
    return decision_text(shown, locale), [option_label(shown, o, locale) for o in options(s)]


@pytest.mark.parametrize("locale, says", [("en", ["Fate back up to", "1 Gold", "Fortune Teller"]),
                                          ("it", ["Fato riportato a", "1 Oro", "Indovina"])])
def test_an_offer_says_what_it_buys(locale, says):
    """D4 Strangers: the Fortune Teller sells a full Fate for 1 Gold; the prompt names what is
    bought, the price and the character's Fate now, not just "a deal"."""
    s = meet("fortune_teller")
    assert kind(s) == "offer"
    hero = s.hero(s.decision.hero)
    hero.fate = 1  # spent: the offer would bring it back up
    top = pack().character(hero.card).fate
    text, labels = prompt(s, locale)
    for word in says:
        assert word in text, text
    assert f"{top} (" in text and f" {hero.fate})" in text, text
    assert "deal" not in text and "patto" not in text
    assert any("1" in label for label in labels)


@pytest.mark.parametrize("locale", ["en", "it"])
def test_a_free_offer_says_no_zero_gold(locale):
    """C4c: the Magic Portal lets the party teleport anywhere in its region at no cost; the prompt
    and the button say what it does and never speak of paying 0 Gold."""
    s = meet("magic_portal")
    assert kind(s) == "offer"
    text, labels = prompt(s, locale)
    assert "0 Gold" not in text and "0 Oro" not in text, text
    assert ("whole party" in text) if locale == "en" else ("tutto il gruppo" in text), text
    assert not any("0 Gold" in label or "0 Oro" in label for label in labels), labels
    out = SYSTEM.apply(s, SYSTEM.pending(s).player, Choose(option="accept"))
    shown = SYSTEM.view(out.state, None)
    lines = [describe_event(shown, e, locale) or "" for e in out.events]
    assert any("Magic Portal" in line or "Portale Magico" in line for line in lines), lines
    assert not any("0 Gold" in line or "0 Oro" in line for line in lines), lines
