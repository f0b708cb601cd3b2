"""Artifacts, death and the end of a Standard game (facts §6, §7; rulings artifact_powers,
artifacts_not_items, fifth_artifact, death, last_survivor, final_battle_start,
final_battle_turns, final_battle_stakes, apocalypse, ranking)."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.context import Ctx
from engine.prophecy.effects import heal, lose_health
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import FinalBattle
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
    pack,
    put,
    quiet,
    set_plane,
)

FIRE = "astral_fire"
ATTACK_FIRE = {"type": "attack", "target": FIRE, "battle": "strength"}


def _kill(state, player: str) -> list:  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Kill `player` through the rules' own Health loss (as a lost battle would)."""
    ctx = Ctx(state=state, pack=pack())
    p = state.player(player)
    lose_health(ctx, p, p.red.right + 1, "test")
    return ctx.events


# ------------------------------------------------------------------------------ powers


def test_ruling_artifact_powers__royal_cape_moves_anywhere_once_a_round():
    state = quiet(new_game(2))
    hold_artifacts(state, "p1", "royal_cape")
    begin_turn(state, "p1", at="village")
    teleports = [a for a in legal(state, "p1") if a.get("via") == "royal_cape"]
    assert len(teleports) == 19 and all(a["method"] == "teleport" for a in teleports)
    state.turn.extra_turns = 1
    state, events = apply(state, "p1", {"type": "move", "method": "teleport", "to": "monastery", "via": "royal_cape"})
    assert state.player("p1").space == idx("monastery")
    state, _ = apply(state, "p1", {"type": "end_turn"})
    assert state.turn.player == "p1" and state.turn.extra
    assert not [a for a in legal(state, "p1") if a.get("via") == "royal_cape"], "once a round, extra turns included"


def test_ruling_artifact_powers__crown_and_heart_add_two_in_their_battles():
    for artifact, battle, figure in (("heart_of_valour", "strength", 7), ("crown_of_wisdom", "wills", 5)):
        state = quiet(new_game(2))
        hold_artifacts(state, "p1", artifact)
        figures(state, "p1", 5, 5)
        put(state, "forest_1", "gargoyle")  # Strength 4, Willpower 2: Wills costs 2 Magic
        begin_turn(state, "p1", at="village")
        state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
        load(state, 6, 1)
        state, events = apply(state, "p1", {"type": "fight", "battle": battle})
        assert next(e for e in events if e.kind == "battle_started").data["player_figure"] == figure


def test_ruling_artifact_powers__chalice_of_life_at_the_start_of_each_round():
    state = quiet(new_game(2))
    hold_artifacts(state, "p2", "chalice_of_life")
    p2 = state.player("p2")
    p2.red.right -= 2
    p2.red.left += 2
    p2.blue.right -= 1
    p2.blue.left += 1
    begin_turn(state, "p1", phase="act")
    state.decks.chance.draw.append("good_times")
    state, events = apply(state, "p1", {"type": "end_turn"})
    assert (state.player("p2").red.left, state.player("p2").blue.left) == (1, 0)
    assert kinds(events).index("healed") < kinds(events).index("chance_drawn"), "before the Chance card"


def test_ruling_artifact_powers__orb_of_fate_rolls_her_own_die_again():
    state = quiet(new_game(2))
    hold_artifacts(state, "p1", "orb_of_fate")
    figures(state, "p1", 3, 3)
    put(state, "forest_1", "wolf_pack")
    begin_turn(state, "p1", at="village")
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    load(state, 1, 6, 6)
    state, events = apply(state, "p1", {"type": "fight", "battle": "strength"})
    assert SYSTEM.pending(state).kind == "after_roll"
    assert legal(state, "p1") == [{"type": "after_roll", "ability": None, "dice": None},
                                  {"type": "after_roll", "ability": "orb_of_fate", "dice": "own"}]
    state, events = apply(state, "p1", {"type": "after_roll", "ability": "orb_of_fate", "dice": "own"})
    reroll = next(e for e in events if e.kind == "battle_reroll")
    assert (reroll.data["light"], reroll.data["dark"], reroll.data["result"]) == (6, 6, "draw")
    assert "orb_of_fate" in state.standard.players["p1"].round_used


def test_ruling_artifacts_not_items__no_item_limit_no_hand_and_never_given_up():
    state = quiet(new_game(2))
    hold_artifacts(state, "p1", "royal_cape", "crown_of_wisdom")
    for _ in range(7):
        give(state, "p1", "dagger")
    begin_turn(state, "p1", phase="act")
    state, events = apply(state, "p1", {"type": "end_turn"})
    assert "over_the_limit" not in kinds(events), "seven Items and two Artifacts are within the limit"
    # a lost fight between characters offers only Items and Health
    state = quiet(new_game(2))
    hold_artifacts(state, "p2", "royal_cape")
    give(state, "p2", "dagger")
    state.player("p2").space = idx("forest_1")
    begin_turn(state, "p1", at="forest_1", phase="act")
    figures(state, "p1", 9, 3)
    load(state, 6, 1)
    state, _ = apply(state, "p1", {"type": "attack", "target": "p2", "battle": "strength"})
    options = legal(state, "p2")
    assert all(a["type"] == "choose_loss" for a in options) and "royal_cape" not in str(options)


# ------------------------------------------------------------------------------ winning


def test_ruling_fifth_artifact__four_artifacts_win_and_the_fifth_comes_by_itself():
    """Facts §6/§7: holding four Artifacts wins; the fifth comes wherever it is."""
    state = quiet(new_game(2))
    hold_artifacts(state, "p1", "royal_cape", "crown_of_wisdom", "heart_of_valour")
    set_plane(state, FIRE, None, "ancient_dragon", "orb_of_fate")
    begin_turn(state, "p1", at="plains_1", phase="act")
    figures(state, "p1", 9, 3)
    load(state, 6, 1)
    state, events = apply(state, "p1", ATTACK_FIRE)
    assert state.status == "finished" and state.winner == "p1" and state.end_reason == "four_artifacts"
    assert sorted(state.standard.players["p1"].artifacts) == sorted(
        ["royal_cape", "crown_of_wisdom", "heart_of_valour", "orb_of_fate", "chalice_of_life"])
    assert "artifact_comes" in kinds(events)
    assert state.ranking[0].player == "p1" and state.ranking[0].artifacts == 5


def test_ruling_death__abilities_back_to_their_decks_artifacts_stay_on_the_space():
    state = quiet(new_game(2))
    learn(state, "p2", "prayer")
    hold_artifacts(state, "p2", "royal_cape")
    state.player("p2").space = idx("forest_2")
    begin_turn(state, "p1", phase="act")
    _kill(state, "p2")
    assert not state.player("p2").alive
    assert state.standard.guild_decks["monastery"][0] == "prayer", "face down to the bottom"
    assert state.standard.dropped == {"forest_2": ["royal_cape"]}
    assert state.standard.players["p2"].artifacts == []


def test_ruling_death__the_first_character_ending_her_movement_there_takes_them():
    state = quiet(new_game(3))
    hold_artifacts(state, "p3", "royal_cape")
    state.player("p3").space = idx("forest_1")
    begin_turn(state, "p1", at="village")
    _kill(state, "p3")
    state, events = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    assert state.standard.players["p1"].artifacts == ["royal_cape"] and not state.standard.dropped
    assert "artifact_gained" in kinds(events)


def test_ruling_death__no_final_battle_while_an_artifact_lies_on_the_board():
    state = quiet(new_game(3))
    hold_artifacts(state, "p1", "royal_cape", "crown_of_wisdom")
    hold_artifacts(state, "p2", "heart_of_valour")
    hold_artifacts(state, "p3", "chalice_of_life")
    state.player("p3").space = idx("forest_2")
    set_plane(state, FIRE, None, "ancient_dragon", "orb_of_fate")
    begin_turn(state, "p1", at="plains_1", phase="act")
    _kill(state, "p3")
    figures(state, "p1", 9, 3)
    load(state, 6, 1)
    state, _ = apply(state, "p1", ATTACK_FIRE)
    assert state.standard.final_battle is None and not state.standard.decisions
    assert state.status == "active"


def test_ruling_last_survivor__the_last_one_alive_wins():
    state = quiet(new_game(3))
    begin_turn(state, "p1", phase="act")
    _kill(state, "p2")
    assert state.status == "active"
    _kill(state, "p3")
    assert state.status == "finished" and state.winner == "p1" and state.end_reason == "last_standing"


def test_ruling_ranking__living_first_then_artifacts_abilities_experience_gold():
    state = quiet(new_game(4, round_limit=None))
    hold_artifacts(state, "p3", "royal_cape")
    learn(state, "p2", "prayer")
    state.player("p4").experience = 20
    state.player("p1").gold = 50
    hold_artifacts(state, "p4", "crown_of_wisdom", "heart_of_valour")
    begin_turn(state, "p1", phase="act")
    _kill(state, "p4")  # her Artifacts drop: she ranks last, with none
    from engine.prophecy.endgame import finish_at_round_limit
    ctx = Ctx(state=state, pack=pack())
    finish_at_round_limit(ctx)
    assert state.winner == "p3" and state.end_reason == "round_limit"
    assert [r.player for r in state.ranking] == ["p3", "p2", "p1", "p4"]
    assert [r.alive for r in state.ranking] == [True, True, True, False]


# --------------------------------------------------------------------------- Final Battle


def _call_final_battle(players: int = 3, **options):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """p1 wins the last Artifact from a plane while p2 holds the Royal Cape: all five held."""
    state = quiet(new_game(players, **options))
    hold_artifacts(state, "p1", "crown_of_wisdom", "heart_of_valour")
    hold_artifacts(state, "p2", "royal_cape", "chalice_of_life")
    set_plane(state, FIRE, None, "ancient_dragon", "orb_of_fate")
    begin_turn(state, "p1", at="plains_1", phase="act")
    figures(state, "p1", 9, 3)
    put(state, "forest_3", "wolf_pack")
    load(state, 6, 1)
    return apply(state, "p1", ATTACK_FIRE)


def test_ruling_final_battle_start__all_five_held_nobody_four_the_cape_holder_picks_the_space():
    state, events = _call_final_battle()
    assert "final_battle_called" in kinds(events)
    pend = SYSTEM.pending(state)
    assert pend.player == "p2" and pend.kind == "decide_battleground", "the Royal Cape's holder, not the active player"
    assert {a["space"] for a in legal(state, "p2")} == {s.id for s in pack().board.spaces}
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "choose_space", "space": "forest_3"})
    state, events = apply(state, "p2", {"type": "choose_space", "space": "forest_3"})
    assert state.standard.final_battle.space == "forest_3"
    assert all(p.space == idx("forest_3") for p in state.players)
    assert state.spaces[idx("forest_3")] == [] and "wolf_pack" in state.decks.adventure.discard
    assert state.turn.player == "p2", "play goes on from the next player"


def test_ruling_final_battle_turns__no_chance_no_movement_and_she_must_attack_a_holder():
    state, _ = _call_final_battle()
    chance_before = list(state.decks.chance.draw)
    state, events = apply(state, "p2", {"type": "choose_space", "space": "forest_3"})
    assert "chance_drawn" not in kinds(events[kinds(events).index("turn_started"):])
    assert state.decks.chance.draw == chance_before
    assert state.turn.phase == "act" and state.turn.movement_done
    types = legal_types(state, "p2")
    assert "move" not in types and "end_turn" not in types and "attack" in types
    targets = {a["target"] for a in legal(state, "p2") if a["type"] == "attack"}
    assert targets == {"p1"}, "only Artifact holders may be attacked (p3 holds none)"
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p2", {"type": "end_turn"})


def test_ruling_final_battle_turns__a_turn_opens_in_the_act_phase_for_the_digest():
    """With no movement in the Final Battle, the first decision of a turn is an act-phase one;
    the game master shows the player what happened since their last turn exactly there."""
    state, _ = _call_final_battle()
    state, _ = apply(state, "p2", {"type": "choose_space", "space": "forest_3"})
    assert state.turn.phase == "act" and state.turn.player == "p2"
    assert SYSTEM.turn_opening(state, "p2") and not SYSTEM.turn_opening(state, "p1")
    attack = next(a for a in legal(state, "p2") if a["type"] == "attack")
    load(state, 1, 1)
    after, _ = apply(state, "p2", attack)
    if after.turn is not None and after.turn.player == "p2":
        assert not SYSTEM.turn_opening(after, "p2"), "once she attacked, her turn is no longer opening"


def test_ruling_final_battle_stakes__the_loser_hands_an_artifact_to_the_winner_her_pick():
    state, _ = _call_final_battle()
    state, _ = apply(state, "p2", {"type": "choose_space", "space": "forest_3"})
    figures(state, "p2", 9, 3)
    load(state, 6, 1)
    state, events = apply(state, "p2", {"type": "attack", "target": "p1", "battle": "strength"})
    pend = SYSTEM.pending(state)
    assert pend.player == "p2" and pend.kind == "decide_take_artifact"
    assert sorted(a["artifact"] for a in legal(state, "p2")) == ["crown_of_wisdom", "heart_of_valour", "orb_of_fate"]
    state, events = apply(state, "p2", {"type": "take_artifact", "artifact": "heart_of_valour"})
    assert sorted(state.standard.players["p1"].artifacts) == ["crown_of_wisdom", "orb_of_fate"]
    assert len(state.standard.players["p2"].artifacts) == 3 and state.status == "active"
    # another win makes four: the game ends at once
    begin_turn(state, "p2", at="forest_3", phase="act")
    load(state, 6, 1)
    state, _ = apply(state, "p2", {"type": "attack", "target": "p1", "battle": "strength"})
    state, _ = apply(state, "p2", {"type": "take_artifact", "artifact": "orb_of_fate"})
    assert state.status == "finished" and state.winner == "p2" and state.end_reason == "final_battle"


def test_ruling_final_battle_stakes__a_draw_changes_nothing():
    state, _ = _call_final_battle()
    state, _ = apply(state, "p2", {"type": "choose_space", "space": "forest_3"})
    figures(state, "p2", 5, 3)
    figures(state, "p1", 3, 3)
    load(state, 1, 1)  # 5+1 against 3+2(Heart of Valour)+1
    state, events = apply(state, "p2", {"type": "attack", "target": "p1", "battle": "strength"})
    assert "duel_draw" in kinds(events)
    assert len(state.standard.players["p1"].artifacts) == 3 and len(state.standard.players["p2"].artifacts) == 2


def test_ruling_apocalypse__chance_cards_until_none_then_everyone_bleeds_and_nothing_heals():
    state, _ = _call_final_battle(apocalypse=True)
    state.decks.chance.discard = []
    state.decks.chance.draw = ["good_times", "prophetic_dream"]
    state, events = apply(state, "p2", {"type": "choose_space", "space": "forest_3"})
    ks = kinds(events)
    assert "chance_skipped" in ks, "a Prophetic Dream is skipped for the next card"
    assert next(e for e in events if e.kind == "chance_drawn").data["card"] == "good_times"
    # p2's turn ends; p3's finds no card to turn up: the Apocalypse begins
    state.standard.turn.attacked = True
    state, events = apply(state, "p2", {"type": "end_turn"})
    assert state.turn.player == "p3"
    assert state.standard.final_battle.apocalypse and "apocalypse_begins" in kinds(events)
    assert state.decks.chance.draw == [] and "good_times" in state.decks.chance.discard, "no reshuffle"
    ctx = Ctx(state=state, pack=pack())
    p1 = state.player("p1")
    p1.red.right, p1.red.left = 2, 2
    assert heal(ctx, p1, 2, "test") == 0, "nothing heals Health any more"
    assert "heal" not in legal_types(state, "p3")


def test_ruling_apocalypse__each_character_loses_health_at_the_start_of_her_turns():
    state = quiet(new_game(3, apocalypse=True))
    hold_artifacts(state, "p1", "crown_of_wisdom", "heart_of_valour")
    hold_artifacts(state, "p2", "royal_cape", "chalice_of_life", "orb_of_fate")
    state.standard.final_battle = FinalBattle(space="forest_3", apocalypse=True)
    for p in state.players:
        p.space = idx("forest_3")
    begin_turn(state, "p1", phase="act")
    state.standard.turn.attacked = True
    before = state.player("p2").red.right
    state, events = apply(state, "p1", {"type": "end_turn"})
    assert "apocalypse_strikes" in kinds(events)
    assert state.player("p2").red.right == before - 1 + 0  # the Chalice heals no Health in the Apocalypse


def test_ruling_apocalypse__off_by_default_no_chance_cards_in_the_final_battle():
    state, _ = _call_final_battle()
    assert not state.options.standard.apocalypse


def test_ruling_apocalypse__the_last_one_alive_wins_and_the_end_says_apocalypse():
    state = quiet(new_game(2, apocalypse=True))
    hold_artifacts(state, "p1", "crown_of_wisdom", "heart_of_valour")
    hold_artifacts(state, "p2", "royal_cape", "chalice_of_life", "orb_of_fate")
    state.standard.final_battle = FinalBattle(space="forest_3", apocalypse=True)
    begin_turn(state, "p1", phase="act")
    _kill(state, "p2")
    assert state.status == "finished" and state.winner == "p1" and state.end_reason == "apocalypse"
