"""Adventures in the Standard game: two slots, face-down cards, the order of Creatures, the
Giant Spider, the Lost Library (rulings terrain_fills_free_slot, second_adventure_face_down,
creature_order, opportunities_after_creatures, giant_spider_two_slots, lost_library; facts §3).
"""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import HIDDEN
from tests.prophecy_standard.helpers import (
    apply,
    begin_turn,
    draw_next,
    figures,
    give,
    idx,
    kinds,
    learn,
    legal,
    legal_types,
    load,
    new_game,
    put,
    quiet,
    sp,
)

FORESTS = ("forest_1", "forest_2", "forest_3", "forest_4")


def test_basic__moving_onto_the_standard_version__two_adventure_slots_per_space():
    """Basic rules, "Moving onto the Standard Version": two Adventure cards can occupy each space."""
    state = quiet(new_game(2))
    put(state, "forest_1", "hermit")
    state, _ = draw_next(state, "forest")
    assert [len(state.spaces[idx(f)]) for f in FORESTS] == [2, 1, 1, 1]


def test_ruling_terrain_fills_free_slot__a_space_with_two_cards_gets_nothing():
    state = quiet(new_game(2))
    put(state, "forest_1", "hermit")
    put(state, "forest_1", "wolf_pack")
    put(state, "forest_2", "wolf_pack")
    state, events = draw_next(state, "forest")
    assert [len(state.spaces[idx(f)]) for f in FORESTS] == [2, 2, 1, 1]
    full = quiet(new_game(2))
    for f in FORESTS:
        put(full, f, "hermit")
        put(full, f, "hermit")
    full, events = draw_next(full, "forest")
    no_effect = next(e for e in events if e.kind == "chance_no_effect")
    assert no_effect.data["why"] == "no_empty_space"


def test_ruling_second_adventure_face_down__the_card_joining_another_lies_face_down():
    state = quiet(new_game(2))
    put(state, "forest_1", "hermit")
    state, events = draw_next(state, "forest")
    first, second = state.spaces[idx("forest_1")]
    assert first.face_up and not second.face_up
    assert all(c.face_up for f in FORESTS[1:] for c in state.spaces[idx(f)])
    hidden_event = next(e for e in events if e.kind == "adventure_placed_face_down")
    assert hidden_event.data == {"space": "forest_1", "uid": second.uid}, "the event never names a face-down card"
    for viewer in (None, "p1", "p2"):
        shown = SYSTEM.view(state, viewer).spaces[idx("forest_1")]
        assert shown[1].card == HIDDEN and shown[0].card == "hermit"


def test_ruling_second_adventure_face_down__turned_up_when_movement_ends_there_before_anything_else():
    state = quiet(new_game(2))
    put(state, "forest_1", "hermit")
    hidden = put(state, "forest_1", "wolf_pack", face_up=False)
    begin_turn(state, "p1", at="village")
    state, events = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    assert kinds(events).index("adventure_revealed") < kinds(events).index("creature_encountered")
    adv = next(a for a in state.spaces[idx("forest_1")] if a.uid == hidden)
    assert adv.face_up and state.turn.phase == "fight" and state.turn.fight == hidden


def test_ruling_second_adventure_face_down__a_face_down_card_on_a_space_passed_stays_hidden():
    state = quiet(new_game(2))
    put(state, "plains_2", "hermit")
    put(state, "plains_2", "wolf_pack", face_up=False)
    begin_turn(state, "p1", at="village")
    state, _ = apply(state, "p1", {"type": "move", "method": "horse", "to": "magic_tower"})
    assert not state.spaces[idx("plains_2")][1].face_up


def test_ruling_second_adventure_face_down__table_may_lay_both_face_up():
    state = quiet(new_game(2, second_adventure_face="up"))
    put(state, "forest_1", "hermit")
    state, _ = draw_next(state, "forest")
    assert all(c.face_up for c in state.spaces[idx("forest_1")])


def test_ruling_creature_order__the_player_orders_two_creatures_and_fights_both():
    state = quiet(new_game(2))
    wolves = put(state, "forest_1", "wolf_pack")
    zombies = put(state, "forest_1", "shambling_zombies")
    begin_turn(state, "p1", at="village")
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    pend = SYSTEM.pending(state)
    assert pend.kind == "decide_creature" and pend.player == "p1"
    assert legal(state, "p1") == [{"type": "choose_creature", "card": wolves},
                                  {"type": "choose_creature", "card": zombies}]
    state, _ = apply(state, "p1", {"type": "choose_creature", "card": zombies})
    assert state.turn.fight == zombies
    figures(state, "p1", 1, 3)
    load(state, 1, 6)  # she loses against the zombies...
    state, events = apply(state, "p1", {"type": "fight", "battle": "strength"})
    assert "creature_stays" in kinds(events)
    assert state.turn.phase == "fight" and state.turn.fight == wolves, "losing the first does not spare the second"


def test_ruling_creature_order__oldest_first_alternative():
    state = quiet(new_game(2, creature_order="oldest_first"))
    wolves = put(state, "forest_1", "wolf_pack")
    put(state, "forest_1", "shambling_zombies")
    begin_turn(state, "p1", at="village")
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    assert SYSTEM.pending(state).kind == "fight" and state.turn.fight == wolves


def test_ruling_creature_order__two_alike_creatures_need_no_choice():
    state = quiet(new_game(2))
    first = put(state, "forest_1", "wolf_pack")
    put(state, "forest_1", "wolf_pack")
    begin_turn(state, "p1", at="village")
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    assert SYSTEM.pending(state).kind == "fight" and state.turn.fight == first


def test_ruling_opportunities_after_creatures__opportunity_only_once_every_creature_is_fought():
    """Facts §3: you may not use an Opportunity before, or instead of, fighting a Creature there."""
    state = quiet(new_game(2))
    put(state, "forest_1", "hermit")
    put(state, "forest_1", "wolf_pack")
    begin_turn(state, "p1", at="village")
    state.player("p1").red.right -= 1
    state.player("p1").red.left += 1
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    assert legal_types(state, "p1") <= {"fight", "use_item"}
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "use_opportunity", "card": "hermit"})
    figures(state, "p1", 1, 3)
    load(state, 1, 6)
    state, _ = apply(state, "p1", {"type": "fight", "battle": "strength"})  # lost: the wolves stay
    assert "use_opportunity" in legal_types(state, "p1"), "fought, whatever the outcome"


def test_ruling_opportunities_after_creatures__beaten_alternative():
    state = quiet(new_game(2, opportunities_after="creatures_beaten"))
    put(state, "forest_1", "hermit")
    put(state, "forest_1", "wolf_pack")
    begin_turn(state, "p1", at="village")
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    figures(state, "p1", 1, 3)
    state.player("p1").red.left = 0
    load(state, 1, 6)
    state, _ = apply(state, "p1", {"type": "fight", "battle": "strength"})
    assert "use_opportunity" not in legal_types(state, "p1")


def test_ruling_giant_spider_two_slots__the_spider_holds_before_moving_the_other_card_waits():
    state = quiet(new_game(2))
    spider = put(state, "forest_1", "giant_spider")
    put(state, "forest_1", "hermit")
    state.player("p2").space = idx("forest_1")
    begin_turn(state, "p1", at="village", phase="act")
    state, events = apply(state, "p1", {"type": "end_turn"})
    assert state.turn.player == "p2" and state.turn.fight == spider and state.turn.after_fight == "move"
    assert "held_by_creature" in kinds(events)
    figures(state, "p2", 1, 3)
    load(state, 1, 6)
    state, _ = apply(state, "p2", {"type": "fight", "battle": "strength"})
    assert state.turn.phase == "move" and state.turn.held
    assert legal_types(state, "p2") <= {"move", "use_ability", "use_item"}
    assert all(a["method"] == "stay" for a in legal(state, "p2") if a["type"] == "move")
    state, _ = apply(state, "p2", {"type": "move", "method": "stay", "to": "forest_1"})
    assert state.turn.phase == "act", "a Spider fought this turn is not fought again"
    assert "use_opportunity" in legal_types(state, "p2") or state.player("p2").red.left == 0


def test_ruling_giant_spider_two_slots__two_spiders_hold_twice():
    state = quiet(new_game(2))
    first = put(state, "forest_1", "giant_spider")
    second = put(state, "forest_1", "giant_spider")
    state.player("p2").space = idx("forest_1")
    begin_turn(state, "p1", at="village", phase="act")
    state, _ = apply(state, "p1", {"type": "end_turn"})
    assert state.turn.fight == first
    figures(state, "p2", 9, 3)
    load(state, 6, 1, 1, 6)  # beats the first, loses to the second
    state, _ = apply(state, "p2", {"type": "fight", "battle": "strength"})
    assert state.turn.fight == second and state.turn.after_fight == "move"
    state, _ = apply(state, "p2", {"type": "fight", "battle": "strength"})
    assert state.turn.phase == "move" and state.turn.held


def test_ruling_giant_spider_two_slots__a_face_down_spider_has_caught_nobody():
    state = quiet(new_game(2))
    put(state, "forest_1", "hermit")
    put(state, "forest_1", "giant_spider", face_up=False)
    state.player("p2").space = idx("forest_1")
    begin_turn(state, "p1", at="village", phase="act")
    state, _ = apply(state, "p1", {"type": "end_turn"})
    assert state.turn.player == "p2" and state.turn.phase == "move" and not state.turn.held


def test_ruling_lost_library__study_three_abilities_of_a_guild_and_learn_one_for_experience_alone():
    state = quiet(new_game(2, characters=["troll", "paladin"]))  # the troll is no member of the Magic Tower
    library = put(state, "forest_1", "lost_library")
    begin_turn(state, "p1", at="village")
    state.player("p1").experience = 10
    state.player("p1").gold = 0
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    state, events = apply(state, "p1", {"type": "use_opportunity", "card": library})  # the card on the space, as listed
    assert SYSTEM.pending(state).kind == "decide_study"
    deck_before = list(state.standard.guild_decks["magic_tower"])
    state, events = apply(state, "p1", {"type": "study", "guild": "magic_tower"})
    looked = state.standard.decisions[0].options
    assert looked == list(reversed(deck_before[-3:]))
    for viewer in (None, "p2"):
        assert SYSTEM.view(state, viewer).standard.decisions[0].options == [HIDDEN] * 3
    assert SYSTEM.view(state, "p1").standard.decisions[0].options == looked
    assert all(looked[0] not in str(e.data) for e in events), "what she saw is in her view only"
    pick = looked[1]
    assert SYSTEM.legal_actions(state, "p1")[0].model_dump() == {"type": "study_pick", "ability": None}
    state, events = apply(state, "p1", {"type": "study_pick", "ability": pick})
    assert pick in state.standard.players["p1"].abilities
    assert state.player("p1").gold == 0 and state.player("p1").experience == 10 - sp().ability(pick).experience
    deck = state.standard.guild_decks["magic_tower"]
    assert pick not in deck and deck[:2] == [looked[2], looked[0]] and len(deck) == len(deck_before) - 1
    assert "lost_library" in state.decks.adventure.discard


def test_ruling_lost_library__she_may_learn_nothing_and_all_three_go_to_the_bottom():
    state = quiet(new_game(2))
    library = put(state, "forest_1", "lost_library")
    begin_turn(state, "p1", at="forest_1", phase="act")
    state.player("p1").experience = 0
    state, _ = apply(state, "p1", {"type": "use_opportunity", "card": library})
    state, _ = apply(state, "p1", {"type": "study", "guild": "monastery"})
    looked = state.standard.decisions[0].options
    assert legal(state, "p1") == [{"type": "study_pick", "ability": None}], "nothing affordable with 0 Experience"
    state, _ = apply(state, "p1", {"type": "study_pick", "ability": None})
    assert state.standard.guild_decks["monastery"][:3] == list(reversed(looked))
    assert not state.standard.players["p1"].abilities


def test_facts_s3__only_cards_on_the_final_space_count():
    """Facts §3: cards on the starting space or on spaces passed do not affect you."""
    state = quiet(new_game(2))
    put(state, "plains_2", "wolf_pack")
    begin_turn(state, "p1", at="village")
    state, _ = apply(state, "p1", {"type": "move", "method": "horse", "to": "magic_tower"})
    assert state.turn.phase == "act"


def test_learned_ability_is_not_used_against_the_unseen():
    """A player's Stealth (avoid_creatures) is offered only for a Creature face up on her space."""
    state = quiet(new_game(2))
    learn(state, "p1", "stealth")
    put(state, "forest_1", "wolf_pack")
    begin_turn(state, "p1", at="village")
    give(state, "p1", "dagger")
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    assert "avoid" in legal_types(state, "p1")
