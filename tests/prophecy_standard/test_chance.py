"""The Standard Chance cards (facts §9; rulings interesting_times, prophetic_dream,
economic_crisis, terrain_fills_free_slot)."""
from __future__ import annotations

from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import HIDDEN
from tests.prophecy_standard.helpers import apply, draw_next, idx, kinds, legal, new_game, pack, put, quiet, set_plane


def test_ruling_economic_crisis__everyone_loses_half_her_gold_rounded_down():
    """Facts §9: Economic Crisis seems to take Gold away."""
    state = quiet(new_game(3))
    for pid, gold in (("p1", 7), ("p2", 1), ("p3", 0)):
        state.player(pid).gold = gold
    state, events = draw_next(state, "economic_crisis")
    assert [state.player(p).gold for p in ("p1", "p2", "p3")] == [4, 1, 0]


def test_ruling_prophetic_dream__the_dreamer_looks_in_private_the_others_learn_which_card():
    """Facts §6/§9: Prophetic Dream reveals hidden Astral Plane cards (private, ruling)."""
    state = quiet(new_game(3))
    set_plane(state, "astral_air", "iron_golem", "lich_king", "crown_of_wisdom")
    state, events = draw_next(state, "prophetic_dream")
    pend = SYSTEM.pending(state)
    assert pend.player == "p2" and pend.kind == "decide_dream"
    assert len(legal(state, "p2")) == 15, "any hidden card of any plane"
    state, events = apply(state, "p2", {"type": "dream", "plane": "astral_air", "slot": "artifact"})
    seen = next(e for e in events if e.kind == "plane_card_seen")
    assert seen.data == {"plane": "astral_air", "slot": "artifact", "reason": "prophetic_dream"}
    assert all("crown_of_wisdom" not in str(e.data) for e in events)
    assert SYSTEM.view(state, "p2").standard.plane("astral_air").artifact == "crown_of_wisdom"
    for viewer in (None, "p1", "p3"):
        plane = SYSTEM.view(state, viewer).standard.plane("astral_air")
        assert plane.artifact == HIDDEN and plane.seen == {"artifact": ["p2"]}
        assert "crown_of_wisdom" not in SYSTEM.view(state, viewer).model_dump_json()


def test_ruling_prophetic_dream__a_second_dream_shows_another_card():
    state = quiet(new_game(2))
    state, _ = draw_next(state, "prophetic_dream")
    state, _ = apply(state, "p2", {"type": "dream", "plane": "astral_air", "slot": "lesser"})
    state, _ = draw_next(state, "prophetic_dream", player="p1")  # p2 dreams again on her next turn
    keys = {(a["plane"], a["slot"]) for a in legal(state, "p2")}
    assert ("astral_air", "lesser") not in keys and len(keys) == 14


def test_ruling_prophetic_dream__table_may_show_it_to_everyone():
    state = quiet(new_game(2, prophetic_dream="public"))
    set_plane(state, "astral_air", "iron_golem", "lich_king", "crown_of_wisdom")
    state, _ = draw_next(state, "prophetic_dream")
    state, events = apply(state, "p2", {"type": "dream", "plane": "astral_air", "slot": "greater"})
    for viewer in (None, "p1", "p2"):
        assert SYSTEM.view(state, viewer).standard.plane("astral_air").greater == "lich_king"


def test_ruling_interesting_times__face_down_cards_turn_up_then_empty_terrain_fills():
    state = quiet(new_game(2))
    put(state, "forest_1", "hermit")
    hidden = put(state, "forest_1", "wolf_pack", face_up=False)
    put(state, "plains_1", "hermit")
    state, events = draw_next(state, "interesting_times")
    assert all(a.face_up for cards in state.spaces for a in cards)
    assert any(e.kind == "adventure_revealed" and e.data["uid"] == hidden for e in events)
    for i, space in enumerate(pack().board.spaces):
        if space.terrain is not None:
            assert state.spaces[i], space.id
        else:
            assert not state.spaces[i], "only terrain spaces take Adventures"
    assert len(state.spaces[idx("forest_1")]) == 2 and len(state.spaces[idx("plains_1")]) == 1


def test_basic__the_basic_chance_cards_still_work_in_standard():
    state = quiet(new_game(2))
    golds = [p.gold for p in state.players]
    state, events = draw_next(state, "good_times")
    assert [p.gold for p in state.players] == [g + 1 for g in golds]
    assert "chance_drawn" in kinds(events)
