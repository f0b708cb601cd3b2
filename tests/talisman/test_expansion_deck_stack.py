"""The deck switches of several expansions at once (engine/darkest_talisman/expansions/decks.py):
each hold puts its deck live on top of the others, and each release leaves live the newest hold
still made, whatever the order of the releases. Checked with the Reaper's deck (DT E2c, E2j)
and the Blood Moon's (DT F2e, F5b) together, and by the invariant checks (audit.py)."""
from __future__ import annotations

import pytest

from engine.core.system import Seat
from engine.darkest_talisman.expansions import blood_moon, decks, reaper
from engine.darkest_talisman.expansions.audit import broken
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import card_id
from tests.talisman.expansion_helpers import ctx
from tests.talisman.helpers import rig

BOTH = "core+reaper+blood_moon"


def both_solo(seed: int):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return SYSTEM.new_game([Seat(player="p1", name="Ada")], {"pack": BOTH}, seed).state


def _live_cards_are(s, deck: str) -> bool:  # type: ignore[no-untyped-def]
    mine = blood_moon_ids() if deck == "blood_moon" else reaper_ids() if deck == "reaper" else None
    live = s.decks.adventure + s.decks.adventure_discard
    if mine is None:
        return not [u for u in live if card_id(u) in blood_moon_ids() | reaper_ids()]
    return bool(live) and all(card_id(u) in mine for u in live)


def blood_moon_ids() -> set[str]:
    from engine.darkest_talisman.expansions.content import expansion_by_id
    return expansion_by_id("blood_moon").adventure_ids()


def reaper_ids() -> set[str]:
    from engine.darkest_talisman.expansions.content import expansion_by_id
    return expansion_by_id("reaper").adventure_ids()


@pytest.mark.parametrize("first_released", ["blood_moon", "reaper"])
def test_e2c_f2e_blood_moon_then_reaper_each_release_restores_what_was_before(first_released):
    """DT F2e then E2c: the Blood Moon rises (its deck live), then a death brings the Reaper (his
    deck live on top). Released in either order (F5b: the last Werewolf cured; E2j: every
    survivor prayed), the deck live is always the one still held, the core's at the end."""
    s = both_solo(3)
    c = ctx(s)
    hero = s.party()[0]
    rig(s, dice=[1])
    blood_moon.injured(c, hero, "wolf#1")  # F2a: the Blood Moon rises
    assert s.ext.live == "blood_moon" and _live_cards_are(s, "blood_moon")
    decks.hold(c, reaper.ID, reaper.FIGURE_REASON)  # E2c: a death brings the Reaper's deck
    assert s.ext.live == "reaper" and _live_cards_are(s, "reaper") and broken(s) == []
    if first_released == "blood_moon":
        blood_moon.cure(c, hero.uid)  # F4, F5b: the Blood Moon sets; the Reaper still holds
        assert s.ext.live == "reaper" and _live_cards_are(s, "reaper") and broken(s) == []
        decks.release(c, reaper.FIGURE_REASON)  # E2j
    else:
        decks.release(c, reaper.FIGURE_REASON)  # E2j: the Blood Moon's deck comes back, not the core's
        assert s.ext.live == "blood_moon" and _live_cards_are(s, "blood_moon") and broken(s) == []
        blood_moon.cure(c, hero.uid)  # F5b
    assert s.ext.live == "core" and s.ext.reasons == [] and _live_cards_are(s, "core")
    assert broken(s) == []


@pytest.mark.parametrize("first_released", ["blood_moon", "reaper"])
def test_e3d_f2e_reaper_then_blood_moon_each_release_restores_what_was_before(first_released):
    """DT E3d then F2e: the road to the Graveyard holds the Reaper's deck, then a Wolf's bite
    raises the Blood Moon on top. Either release order leaves live the deck still held."""
    s = both_solo(4)
    c = ctx(s)
    hero = s.party()[0]
    decks.hold(c, reaper.ID, reaper.GRAVEYARD_REASON)  # E3d
    assert s.ext.live == "reaper"
    rig(s, dice=[1])
    blood_moon.injured(c, hero, "wolf#1")  # F2a
    assert s.ext.live == "blood_moon" and s.ext.reasons == [reaper.GRAVEYARD_REASON, blood_moon.RISEN_REASON]
    if first_released == "reaper":
        decks.release(c, reaper.GRAVEYARD_REASON)  # E3k: an older hold goes, the newest stays live
        assert s.ext.live == "blood_moon" and _live_cards_are(s, "blood_moon") and broken(s) == []
        blood_moon.cure(c, hero.uid)
    else:
        blood_moon.cure(c, hero.uid)  # F5b: the Reaper's deck comes back (it was live before)
        assert s.ext.live == "reaper" and _live_cards_are(s, "reaper") and broken(s) == []
        decks.release(c, reaper.GRAVEYARD_REASON)
    assert s.ext.live == "core" and _live_cards_are(s, "core") and broken(s) == []


def test_one_deck_held_twice_stays_until_both_release():
    """F2e and F8d both hold the Blood Moon's deck; it stays until both reasons are gone, and a
    reason held again is one hold (its release frees it)."""
    s = both_solo(5)
    c = ctx(s)
    decks.hold(c, blood_moon.ID, blood_moon.DEN_REASON)
    decks.hold(c, reaper.ID, reaper.FIGURE_REASON)
    decks.hold(c, blood_moon.ID, blood_moon.RISEN_REASON)
    decks.hold(c, blood_moon.ID, blood_moon.RISEN_REASON)
    assert s.ext.reasons == [blood_moon.DEN_REASON, reaper.FIGURE_REASON, blood_moon.RISEN_REASON]
    decks.release(c, blood_moon.RISEN_REASON)
    assert s.ext.live == "reaper"
    decks.release(c, reaper.FIGURE_REASON)
    assert s.ext.live == "blood_moon"
    decks.release(c, blood_moon.DEN_REASON)
    assert s.ext.live == "core" and s.ext.switches == 3 and s.ext.switches_undone == 3 and broken(s) == []


def test_audit_names_a_wrong_live_deck():
    """audit.py: a live deck other than the newest hold's is named, and so is a deck lost from
    both the live place and the shelf."""
    s = both_solo(6)
    c = ctx(s)
    decks.hold(c, blood_moon.ID, blood_moon.RISEN_REASON)
    decks.hold(c, reaper.ID, reaper.FIGURE_REASON)
    s.ext.reasons.remove(reaper.FIGURE_REASON)  # as the old code did: the reason gone, the deck left live
    assert any("deck switch not undone" in b for b in broken(s))
    s.ext.reasons.append(reaper.FIGURE_REASON)
    assert broken(s) == []
    s.ext.shelved.pop("blood_moon")
    assert any("decks out of place" in b for b in broken(s))


def test_a_saved_hold_without_its_owner_reads_the_reason():
    """A state saved before the owners were kept: the reason's prefix names the deck it holds."""
    s = both_solo(7)
    c = ctx(s)
    decks.hold(c, reaper.ID, reaper.FIGURE_REASON)
    s.ext.owners = {}
    assert decks.wanted(s.ext) == "reaper"
    decks.release(c, reaper.FIGURE_REASON)
    assert s.ext.live == "core"
