"""Fights between characters (facts §1 dove, §3; rulings character_fight_when,
character_fight_battle, defender_choices, character_fight_loss, trading) and the Abilities
that act on them (on_win_vs_character: Thievery, Pickpocketing, Poisonous Blade; Duelling,
Ambush)."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError, UnknownAction
from engine.prophecy.game import SYSTEM
from tests.prophecy_standard.helpers import (
    apply,
    begin_turn,
    figures,
    give,
    hold_artifacts,
    idx,
    kinds,
    learn,
    legal,
    legal_types,
    load,
    new_game,
    put,
    quiet,
)

HIT = {"type": "attack", "target": "p2", "battle": "strength"}


def _face_off(at: str = "forest_1", **options):  # type: ignore[no-untyped-def]  # tests are not type-checked
    state = quiet(new_game(3, **options))
    state.player("p2").space = idx(at)
    begin_turn(state, "p1", at=at, phase="act")
    figures(state, "p1", 5, 4)
    figures(state, "p2", 3, 3)
    return state


def _targets(state, player="p1"):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return {a["target"] for a in legal(state, player) if a["type"] == "attack"}


def test_ruling_character_fight_when__optional_and_only_once_no_creature_remains():
    """Facts §3: attacking a character who shares your final space is optional; any Creature
    there must be dealt with first."""
    state = quiet(new_game(2))
    state.player("p2").space = idx("forest_1")
    put(state, "forest_1", "wolf_pack")
    begin_turn(state, "p1", at="village")
    figures(state, "p1", 3, 3)
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    assert state.turn.phase == "fight"
    load(state, 1, 6)
    lost, _ = apply(state, "p1", {"type": "fight", "battle": "strength"})
    assert _targets(lost) == set(), "the wolves remain"
    load(state, 6, 1)
    won, _ = apply(state, "p1", {"type": "fight", "battle": "strength"})
    assert _targets(won) == {"p2"} and "end_turn" in legal_types(won, "p1"), "optional"


def test_ruling_character_fight_when__also_when_staying_and_one_attack_a_turn():
    state = _face_off(at="plains_1")
    assert _targets(state) == {"p2", "astral_fire"}
    load(state, 3, 3)
    state, _ = apply(state, "p1", HIT)
    assert _targets(state) == set(), "the turn's one attack is spent"


def test_ruling_character_fight_when__the_attacker_picks_among_several():
    state = _face_off()
    state.player("p3").space = idx("forest_1")
    assert _targets(state) == {"p2", "p3"}


def test_facts_s1__on_a_dove_space_only_an_artifact_holder_may_be_attacked():
    state = _face_off(at="village")
    assert _targets(state) == set()
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", HIT)
    hold_artifacts(state, "p2", "orb_of_fate")
    assert _targets(state) == {"p2"}


def test_ruling_character_fight_battle__strength_unless_the_attacker_pays_two_magic_for_wills():
    state = _face_off()
    figures(state, "p1", 5, 5)
    load(state, 6, 1)
    state, events = apply(state, "p1", {**HIT, "battle": "wills"})
    started = next(e for e in events if e.kind == "battle_started")
    assert state.player("p1").blue.left == 2
    assert (started.data["player_figure"], started.data["creature_figure"]) == (3, 3), "her Willpower after paying"
    poor = _face_off()
    figures(poor, "p1", 5, 1)
    assert {a["battle"] for a in legal(poor, "p1") if a["type"] == "attack"} == {"strength"}


def test_ruling_defender_choices__her_best_items_and_free_bonuses_count_no_spell():
    state = _face_off()
    give(state, "p2", "sword")
    give(state, "p2", "wooden_shield")
    give(state, "p2", "iron_helmet")
    give(state, "p2", "apprentice_wand")
    learn(state, "p2", "duelling", "barkskin", "ambush")
    load(state, 6, 1)
    state, events = apply(state, "p1", HIT)
    started = next(e for e in events if e.kind == "battle_started")
    # 3 + sword 2 + shield 1 + helmet 1 + Duelling 2; no Barkskin (a spell), no Ambush (attacking only)
    assert started.data["creature_figure"] == 9
    assert state.player("p2").blue.left == 0


def test_ruling_character_fight_loss__the_defender_decides_what_she_loses_on_her_own_time():
    state = _face_off()
    dagger = give(state, "p2", "dagger")
    load(state, 6, 1)
    state, events = apply(state, "p1", HIT)
    assert "duel_won" in kinds(events)
    pend = SYSTEM.pending(state)
    assert pend.player == "p2" and pend.kind == "decide_loss", "the defender, not the active player"
    assert legal(state, "p1") == [] and legal(state, "p3") == []
    for who, action in (("p1", {"type": "end_turn"}), ("p1", {"type": "choose_loss", "item": None}),
                        ("p3", {"type": "choose_loss", "item": None})):
        with pytest.raises(RuleError):
            SYSTEM.apply(state, who, action)
    assert legal(state, "p2") == [{"type": "choose_loss", "item": None}, {"type": "choose_loss", "item": dagger}]
    state, events = apply(state, "p2", {"type": "choose_loss", "item": dagger})
    assert state.player("p2").items == [] and "dagger" in state.decks.common.discard
    assert state.player("p1").items == [], "not to the winner"
    assert SYSTEM.pending(state).player == "p1", "then the attacker's turn goes on"


def test_ruling_character_fight_loss__or_one_health_and_with_no_item_the_health():
    state = _face_off()
    give(state, "p2", "dagger")
    load(state, 6, 1)
    state, _ = apply(state, "p1", HIT)
    state, _ = apply(state, "p2", {"type": "choose_loss", "item": None})
    assert state.player("p2").red.left == 1 and len(state.player("p2").items) == 1
    bare = _face_off()
    load(bare, 6, 1)
    bare, events = apply(bare, "p1", HIT)
    assert not bare.standard.decisions and bare.player("p2").red.left == 1


def test_ruling_character_fight_loss__the_attacker_who_loses_chooses_too():
    state = _face_off()
    figures(state, "p1", 3, 3)
    figures(state, "p2", 5, 3)
    give(state, "p1", "dagger")
    load(state, 1, 6)
    state, _ = apply(state, "p1", HIT)
    assert SYSTEM.pending(state).player == "p1" and SYSTEM.pending(state).kind == "decide_loss"


def test_ruling_character_fight_loss__a_draw_changes_nothing():
    state = _face_off()
    give(state, "p2", "dagger")
    load(state, 2, 3)  # 5+2 against 3+1(her dagger)+3
    before = state.player("p2").model_copy(deep=True)
    state, events = apply(state, "p1", HIT)
    assert "duel_draw" in kinds(events) and not state.standard.decisions
    assert state.player("p2") == before


def test_ruling_character_fight_loss__table_may_give_the_item_to_the_winner():
    state = _face_off(item_given_up_goes_to="winner")
    dagger = give(state, "p2", "dagger")
    load(state, 6, 1)
    state, _ = apply(state, "p1", HIT)
    state, _ = apply(state, "p2", {"type": "choose_loss", "item": dagger})
    assert [i.uid for i in state.player("p1").items] == [dagger]


def test_ruling_trading__no_trading_between_players_is_offered():
    with pytest.raises(UnknownAction):
        SYSTEM.parse_action({"type": "trade", "item": "i1", "to": "p2"})


def test_vocabulary_on_win_vs_character__thievery_takes_an_item_of_the_winners_choice():
    state = _face_off()
    learn(state, "p1", "thievery")
    give(state, "p2", "dagger")
    sword = give(state, "p2", "sword")
    load(state, 6, 1)
    state, _ = apply(state, "p1", HIT)
    pend = SYSTEM.pending(state)
    assert pend.player == "p1" and pend.kind == "decide_take_item"
    state, events = apply(state, "p1", {"type": "take_item", "item": sword})
    assert [i.card for i in state.player("p1").items] == ["sword"] and "item_stolen" in kinds(events)
    assert [i.card for i in state.player("p2").items] == ["dagger"]


def test_vocabulary_on_win_vs_character__pickpocketing_and_poisonous_blade():
    state = _face_off()
    learn(state, "p1", "pickpocketing", "poisonous_blade")
    state.player("p2").gold = 3
    gold = state.player("p1").gold
    load(state, 6, 1)
    state, events = apply(state, "p1", HIT)
    assert state.player("p2").gold == 1 and state.player("p1").gold == gold + 2
    assert state.player("p2").red.left == 2, "the usual Health, and 1 more"


def test_vocabulary_battle_bonus__ambush_only_when_attacking_duelling_both_ways():
    state = _face_off()
    learn(state, "p1", "ambush", "duelling")
    load(state, 6, 1)
    state, events = apply(state, "p1", HIT)
    assert next(e for e in events if e.kind == "battle_started").data["player_figure"] == 5 + 2 + 2


def test_defender_who_dies_of_her_wounds_answers_nothing():
    state = _face_off()
    learn(state, "p1", "poisonous_blade")
    figures(state, "p2", 0, 3)
    give(state, "p2", "dagger")
    load(state, 6, 1)
    state, events = apply(state, "p1", HIT)
    assert not state.player("p2").alive and not state.standard.decisions
    assert SYSTEM.pending(state).player == "p1"
