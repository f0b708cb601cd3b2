"""Hidden information in a Standard game is a view (issue 13, "Hidden information"): face-down
Adventures, the Astral Plane cards, the characters dealt and what a dreamer or a student of the
Lost Library saw are seen only by whoever may see them; a spectator sees none of them."""
from __future__ import annotations

import pytest

from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import HIDDEN
from engine.prophecy.view import ProphecyView
from tests.prophecy_standard.helpers import apply, draw_next, idx, new_game, put, quiet, set_plane


def test_view_spectator_sees_no_hidden_card_of_the_planes_the_board_or_the_piles():
    state = quiet(new_game(3))
    set_plane(state, "astral_air", "iron_golem", "lich_king", "crown_of_wisdom")
    state.standard.plane("astral_air").seen = {"greater": ["p1"]}
    put(state, "forest_1", "hermit")
    put(state, "forest_1", "ogre", face_up=False)
    shown = SYSTEM.view(state, None)
    text = shown.model_dump_json()
    for card in ("iron_golem", "lich_king", "crown_of_wisdom"):
        assert f'"{card}"' not in text
    assert shown.spaces[idx("forest_1")][1].card == HIDDEN
    assert shown.decks.adventure.draw == [] and shown.pile_sizes["adventure"] == len(state.decks.adventure.draw)
    assert shown.standard.plane("astral_air").seen == {"greater": ["p1"]}, "which card she saw is public"
    assert SYSTEM.view(state, "p1").standard.plane("astral_air").greater == "lich_king"


def test_view_guild_deck_order_never_shows():
    state = quiet(new_game(2))
    for viewer in (None, "p1"):
        decks = SYSTEM.view(state, viewer).standard.guild_decks
        assert all(deck == sorted(state.standard.guild_decks[g]) for g, deck in decks.items())


def test_view_a_revealed_guardian_and_a_won_artifact_are_public():
    state = quiet(new_game(2))
    set_plane(state, "astral_fire", "stone_sentinel", "ancient_dragon", "royal_cape")
    state.standard.plane("astral_fire").up = ["lesser"]
    for viewer in (None, "p2"):
        assert SYSTEM.view(state, viewer).standard.plane("astral_fire").lesser == "stone_sentinel"


def test_view_cannot_be_played_on():
    state = quiet(new_game(2))
    shown = SYSTEM.view(state, "p1")
    assert isinstance(shown, ProphecyView)
    with pytest.raises(TypeError):
        SYSTEM.apply(shown, "p1", {"type": "end_turn"})


def test_view_no_event_carries_a_hidden_card():
    """Events are public narration: a face-down placement and a dream never name the card."""
    state = quiet(new_game(2))
    put(state, "forest_1", "hermit")
    state, events = draw_next(state, "forest")
    face_down = [a for a in state.spaces[idx("forest_1")] if not a.face_up]
    assert face_down
    placed = [e for e in events if e.kind.startswith("adventure_placed") and e.data["space"] == "forest_1"]
    assert placed and all("card" not in e.data for e in placed)
    set_plane(state, "astral_air", "iron_golem", "lich_king", "crown_of_wisdom")
    state, _ = draw_next(state, "prophetic_dream", player="p2")
    state, events = apply(state, "p1", {"type": "dream", "plane": "astral_air", "slot": "artifact"})
    assert all("crown_of_wisdom" not in str(e.data) for e in events)
