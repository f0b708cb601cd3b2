"""Offers that matter once: a place whose passage carries the whole party, and a Stranger who
sells what a character already has in full."""
from __future__ import annotations

import pytest

from engine.darkest_talisman.actions import Choose
from engine.darkest_talisman.game import SYSTEM
from systems.darkest_talisman.describe import describe_event
from tests.talisman.helpers import choose, kind, pack, party_of, rig, settle, solo


def meet(card: str):  # type: ignore[no-untyped-def]
    """A party that sets out for the City and turns over `card` first (two cards on day 1)."""
    s = settle(party_of(solo(1), "warrior", "troll", "wizard"))
    return choose(rig(s, dice=[2], deck=[card, "good_fortune"]), "depart:city")


def test_the_magic_portal_is_the_partys_choice_once_taken():
    """C4c (teleports carry the whole party) with C6f (places met in Marching Order): once the
    leader steps up to the Magic Portal and chooses to stay after all, the others are not
    offered the same passage again."""
    s = meet("magic_portal")
    assert kind(s) == "offer"
    leader = s.decision.hero
    s = choose(s, "accept")
    assert kind(s) == "teleport" and s.decision.hero == leader
    s = choose(s, "stay")
    assert not (s.decision.kind in ("offer", "teleport")), (s.decision.kind, s.decision.data)


def test_the_magic_portal_declined_passes_to_the_next_character():
    """C6f: a place is met by each character in Marching Order, so one who declines leaves the
    choice to the next."""
    s = meet("magic_portal")
    first = s.decision.hero
    s = choose(s, "decline")
    assert kind(s) == "offer" and s.decision.hero != first


@pytest.mark.parametrize("locale, says", [("en", "already full"), ("it", "già al massimo")])
def test_the_fortune_teller_sells_nothing_to_a_full_fate(locale, says):
    """D4 Strangers: the Fortune Teller only brings Fate back up; a character whose Fate is full
    (here the whole fresh party) is not asked to pay for nothing, and the narration says why."""
    s = settle(party_of(solo(1), "warrior", "troll", "wizard"))
    assert all(h.fate == pack().character(h.card).fate for h in s.heroes)
    s = rig(s, dice=[2], deck=["fortune_teller", "good_fortune"])
    out = SYSTEM.apply(s, SYSTEM.pending(s).player, Choose(option="depart:city"))
    assert out.state.decision.kind != "offer", out.state.decision.data
    lines = [describe_event(SYSTEM.view(out.state, None), e, locale) or "" for e in out.events]
    assert sum(says in line for line in lines) == 3, lines


def test_the_fortune_teller_still_sells_to_a_spent_fate():
    """D4: a character who has spent Fate is offered the Fortune Teller's service."""
    s = settle(party_of(solo(1), "warrior", "troll", "wizard"))
    for h in s.heroes:
        h.fate = 1
    s = choose(rig(s, dice=[2], deck=["fortune_teller", "good_fortune"]), "depart:city")
    assert kind(s) == "offer"
