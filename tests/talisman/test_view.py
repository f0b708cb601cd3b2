"""What a seat or a spectator may see of a campaign (DESIGN: hidden information is a view)."""
from __future__ import annotations

import json

import pytest

from engine.darkest_talisman.game import SYSTEM
from tests.talisman.helpers import choose, coop, rig


def test_view_hides_the_seed_the_decks_the_face_down_cards_and_the_trove():
    s = choose(rig(coop(918273645), dice=[3, 3], deck=["good_fortune", "wolf", "bear"]), "depart:trove")
    v = SYSTEM.view(s, None)
    text = json.dumps(v.data)
    assert "rng" not in v.data and str(s.rng.seed) not in text and str(s.rng.state) not in text
    assert isinstance(v.data["decks"]["adventure"], int) and isinstance(v.data["decks"]["spells"], int)
    spots = v.data["trip"]["spots"]
    assert spots[0]["card"] is None and [x["card"] for x in spots[1:]] == ["hidden", "hidden"]
    assert v.data["trip"]["trove"] == {"items": 1, "gold": None, "revealed": False}
    assert "tasks" not in v.data


def test_each_seat_sees_only_its_own_spells():
    s = coop(5)
    for seat in ("p1", "p2", "p3", None):
        v = SYSTEM.view(s, seat)
        for hero in v.data["heroes"]:
            mine = seat is not None and s.slots[hero["slot"]] == seat
            assert isinstance(hero["spells"], list) == mine


def test_a_view_cannot_be_played_on():
    s = coop(1)
    with pytest.raises(TypeError):
        SYSTEM.apply(SYSTEM.view(s, "p1"), "p1", {"type": "choose", "option": "depart:city"})  # type: ignore[arg-type]  # a deliberately loose value from the test


def test_a_view_of_a_view_narrows_and_never_widens():
    """DESIGN "Hidden information is a view": the shared table code asks a spectator's view
    (a "Show everyone" repost) for a view again; that must work and give the spectator's view
    back, and a seat's view asked for another seat hides the first seat's Spells."""
    s = coop(5)
    public = SYSTEM.view(s, None)
    assert SYSTEM.view(public, None) == public
    assert SYSTEM.view(public, "p1").data == public.data
    mine = SYSTEM.view(s, "p1")
    assert SYSTEM.view(mine, "p1") == mine
    other = SYSTEM.view(mine, "p2")
    assert other.viewer is None and other.data == public.data
    assert all(isinstance(h["spells"], int) for h in other.data["heroes"])
