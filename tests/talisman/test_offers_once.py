"""Offers that matter once: a place whose passage carries the whole party, and a Stranger who
sells what a character already has in full."""
from __future__ import annotations

import pytest

from engine.darkest_talisman.actions import Choose
from engine.darkest_talisman.game import SYSTEM
from systems.darkest_talisman.describe import describe_event
from tests.talisman.helpers import choose, clear_spells, kind, pack, party_of, rig, settle, solo


def meet(card: str):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """A party that sets out for the City and turns over `card` first (two cards on day 1)."""
    s = settle(party_of(solo(1), "warrior", "troll", "wizard"))
    return choose(rig(s, dice=[2], deck=[card, "good_fortune"]), "depart:city")


def test_the_magic_portal_is_the_partys_choice_once_taken():
    """C4c (teleports carry the whole party) with C6f (places met in Marching Order): once the
    leader steps up to the Magic Portal and chooses to stay after all, the others are not
    offered the same passage again."""
    s = meet("magic_portal")
    assert kind(s) == "offer"
    s = choose(rig(s, dice=[1]), "accept")  # core-cards 2.7: the die picks the place, 1: the City
    assert s.trip.position == len(s.trip.road) - 1 and s.trip.destination == "city"
    assert s.decision.kind not in ("offer", "teleport"), (s.decision.kind, s.decision.data)


def test_the_magic_portal_declined_passes_to_the_next_character():
    """C6f: a place is met by each character in Marching Order, so one who declines leaves the
    choice to the next."""
    s = meet("magic_portal")
    first = s.decision.hero
    s = choose(s, "decline")
    assert kind(s) == "offer" and s.decision.hero != first


@pytest.mark.parametrize("locale, says", [("en", "already full"), ("it", "già al massimo")])
def test_the_sorcerer_sells_nothing_to_a_full_hand(locale, says):
    """D3a, core-cards 2.3: the Sorcerer sells a Spell only if Craft allows; a character whose
    Craft holds no more Spells (here the Warrior, the Troll and the Wizard with his two) is not
    asked to pay for nothing, and the narration says why."""
    s = settle(party_of(solo(1), "warrior", "troll", "wizard"))
    wiz = next(h for h in s.heroes if h.card == "wizard")
    assert len(wiz.spells) == pack().spell_limit(wiz.craft) == 2
    s = rig(s, dice=[2], deck=["sorcerer", "good_fortune"])
    out = SYSTEM.apply(s, SYSTEM.pending(s).player, Choose(option="depart:city"))
    assert out.state.decision.kind != "offer", out.state.decision.data
    lines = [describe_event(SYSTEM.view(out.state, None), e, locale) or "" for e in out.events]
    assert sum(says in line for line in lines) == 3, lines


def test_the_sorcerer_still_sells_to_a_character_with_room():
    """core-cards 2.3: a character whose Craft allows another Spell is offered the Sorcerer's."""
    s = settle(party_of(solo(1), "warrior", "troll", "wizard"))
    wiz = next(h for h in s.heroes if h.card == "wizard")
    clear_spells(s, wiz.uid)
    s = choose(rig(s, dice=[2], deck=["sorcerer", "good_fortune"]), "depart:city")
    assert kind(s) == "offer" and s.decision.hero == wiz.uid
