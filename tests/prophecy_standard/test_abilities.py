"""Guilds and Abilities (facts §2, §4, §5, §10; rulings ability_costs, guild_offer,
guild_chance_cards, training, training_cards, limits, instead_of_movement, battle_abilities),
and every kind of the Ability effect vocabulary at work."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import HIDDEN, TrainingRight
from engine.prophecy.state import OwnedItem
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
    set_plane,
)


def _offer(state, guild: str, card: str) -> None:  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Make `card` the Ability `guild` offers (the old offer goes back into the deck)."""
    sst = state.standard
    deck = sst.guild_decks[guild]
    if card in deck:
        deck.remove(card)
    deck.extend(sst.guild_offers[guild])
    sst.guild_offers[guild] = [card]


# ------------------------------------------------------------------------------ learning


def test_ruling_ability_costs__members_pay_experience_others_as_much_gold_again():
    """Facts §4: Abilities cost Experience plus Gold; members of the guild pay Experience only."""
    for char, gold_paid in (("paladin", 0), ("troll", 4)):  # paladin: Fortress member; troll: not
        state = quiet(new_game(2, characters=[char, None]))
        _offer(state, "fortress", "training")  # 4 Experience
        begin_turn(state, "p1", at="fortress", phase="act")
        p = state.player("p1")
        p.experience, p.gold = 4, 10
        state, events = apply(state, "p1", {"type": "learn", "ability": "training"})
        assert "training" in state.standard.players["p1"].abilities
        assert (state.player("p1").experience, state.player("p1").gold) == (0, 10 - gold_paid)


def test_ruling_ability_costs__not_offered_when_she_cannot_pay():
    state = quiet(new_game(2, characters=["troll", None]))
    _offer(state, "fortress", "training")
    begin_turn(state, "p1", at="fortress", phase="act")
    state.player("p1").experience, state.player("p1").gold = 4, 3
    assert "learn" not in legal_types(state, "p1")
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "learn", "ability": "training"})


def test_ruling_guild_offer__the_next_card_turns_up_at_once_so_she_may_learn_again():
    state = quiet(new_game(2, characters=["paladin", None]))
    _offer(state, "fortress", "veteran")
    top = state.standard.guild_decks["fortress"][-1]
    begin_turn(state, "p1", at="fortress", phase="act")
    state.player("p1").experience = 20
    state, events = apply(state, "p1", {"type": "learn", "ability": "veteran"})
    assert state.standard.guild_offers["fortress"] == [top]
    assert {"type": "learn", "ability": top} in legal(state, "p1")
    state, _ = apply(state, "p1", {"type": "learn", "ability": top})
    assert state.standard.players["p1"].abilities == ["veteran", top]


def test_ruling_guild_offer__only_on_the_guild_space():
    state = quiet(new_game(2))
    begin_turn(state, "p1", at="village", phase="act")
    state.player("p1").experience = 20
    assert "learn" not in legal_types(state, "p1")
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "learn", "ability": state.standard.guild_offers["fortress"][0]})


def test_ruling_guild_chance_cards__a_new_ability_replaces_the_offer_which_goes_to_the_bottom():
    """Facts §4: the guild Chance cards turn up a new Ability at that guild."""
    state = quiet(new_game(2))
    old = state.standard.guild_offers["monastery"][0]
    top = state.standard.guild_decks["monastery"][-1]
    state, events = draw_next(state, "monastery_event")
    assert state.standard.guild_offers["monastery"] == [top]
    assert state.standard.guild_decks["monastery"][0] == old
    offered = next(e for e in events if e.kind == "ability_offered")
    assert offered.data["guild"] == "monastery" and offered.data["card"] == top and offered.data["replaced"] == old


def test_basic__no_certificates_in_the_standard_game():
    """Basic rules, "Moving onto the Standard Version": the guilds offer Abilities instead of Certificates."""
    state = quiet(new_game(2))
    begin_turn(state, "p1", at="fortress", phase="act")
    state.player("p1").experience = state.player("p1").gold = 20
    assert "certificate" not in legal_types(state, "p1")
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "certificate"})


# ------------------------------------------------------------------------------ training


def test_ruling_training__experience_as_the_new_value_gold_away_from_her_guilds_at_most_two():
    state = quiet(new_game(2, characters=["troll", None]))  # Strength 5, guilds Forest Camp / Thieves' Guild
    state.standard.training.append(_right("training_offer", "p1", everyone=False))
    begin_turn(state, "p1", at="fortress", phase="act")
    state.standard.training[0].used_by.clear()
    p = state.player("p1")
    p.experience, p.gold = 30, 10
    bank = state.bank_red
    state, events = apply(state, "p1", {"type": "train", "figure": "strength"})
    p = state.player("p1")
    assert (p.red.right, p.experience, p.gold, state.bank_red) == (6, 24, 8, bank - 1)
    assert "train" not in legal_types(state, "p1"), "once per card"
    # the cap: two cubes per figure over the game
    state.standard.players["p1"].trained["strength"] = 2
    state.standard.training.append(_right("open_training", "p2", everyone=True))
    assert {"type": "train", "figure": "strength"} not in legal(state, "p1")
    assert {"type": "train", "figure": "willpower"} in legal(state, "p1")


def _right(card: str, drawer: str, everyone: bool) -> TrainingRight:
    return TrainingRight(card=card, drawer=drawer, everyone=everyone, lasts="round" if everyone else "turn")


def test_ruling_training_cards__training_offer_is_for_the_drawer_on_a_guild_space_this_turn():
    state = quiet(new_game(2))
    state.player("p2").space = idx("fortress")
    state, events = draw_next(state, "training_offer")
    assert state.turn.player == "p2" and "training_offered" in kinds(events)
    state.player("p2").experience = 30
    state.player("p2").gold = 10
    state, _ = apply(state, "p2", {"type": "move", "method": "stay", "to": "fortress"})
    assert "train" in legal_types(state, "p2")
    state.decks.chance.draw.append("good_times")
    state, _ = apply(state, "p2", {"type": "end_turn"})
    assert state.standard.training == [], "it lasts the drawer's turn"


def test_ruling_training_cards__open_training_for_everyone_until_the_drawers_next_turn():
    state = quiet(new_game(2))
    state.player("p2").space = idx("village")
    state, _ = draw_next(state, "open_training")  # drawn by p2
    state, _ = apply(state, "p2", {"type": "move", "method": "stay", "to": "village"})
    state.decks.chance.draw.append("good_times")
    state, _ = apply(state, "p2", {"type": "end_turn"})
    # p1's turn: she may train on a guild space where her movement ends
    assert state.turn.player == "p1" and len(state.standard.training) == 1
    state.player("p1").experience, state.player("p1").gold = 30, 10
    state.player("p1").space = idx("thieves_guild")
    state.turn.start_space = state.player("p1").space
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "enchanted_wilderness"})
    assert "train" not in legal_types(state, "p1"), "not on a guild space"
    begin_turn(state, "p1", at="magic_tower", phase="act")
    assert "train" in legal_types(state, "p1")
    # when p2's next turn begins, it is over
    state.decks.chance.draw.append("good_times")
    state, _ = apply(state, "p1", {"type": "end_turn"})
    assert state.turn.player == "p2" and state.standard.training == []


# -------------------------------------------------------------------------------- limits


def test_ruling_limits__over_seven_items_she_discards_at_the_end_of_her_round_choosing_what():
    """Facts §5: at most 7 Items; the extras go at the end of your round, not at once."""
    state = quiet(new_game(2))
    begin_turn(state, "p1", at="city", phase="act")
    for card in ("dagger", "dagger", "mace", "sword", "spear", "wooden_shield", "iron_helmet"):
        give(state, "p1", card)
    state.offers["city"] = [OwnedItem(uid="i900", card="lucky_charm")]
    state.player("p1").gold = 10
    state, _ = apply(state, "p1", {"type": "buy", "item": "i900"})
    assert len(state.player("p1").items) == 8, "buying an eighth Item is allowed for a while"
    state, events = apply(state, "p1", {"type": "end_turn"})
    assert "over_the_limit" in kinds(events) and state.turn.player == "p1"
    pend = SYSTEM.pending(state)
    assert pend.player == "p1" and pend.kind == "decide_discard"
    options = legal(state, "p1")
    assert len(options) == 7, "alike daggers are one choice"
    state, events = apply(state, "p1", {"type": "discard", "card": "i900"})
    assert len(state.player("p1").items) == 7 and "lucky_charm" in state.decks.common.discard
    assert state.turn.player == "p2", "then the turn ends"


def test_ruling_limits__over_seven_abilities_one_goes_to_the_bottom_of_its_deck():
    state = quiet(new_game(2))
    learn(state, "p1", "training", "veteran", "stealth", "curse", "prayer", "hunting", "meditation", "fence")
    begin_turn(state, "p1", phase="act")
    state, _ = apply(state, "p1", {"type": "end_turn"})
    assert SYSTEM.pending(state).kind == "decide_discard"
    state, _ = apply(state, "p1", {"type": "discard", "card": "hunting"})
    assert state.standard.guild_decks["forest_camp"][0] == "hunting"
    assert len(state.standard.players["p1"].abilities) == 7 and state.turn.player == "p2"


def test_ruling_limits__excess_gained_on_anothers_turn_goes_at_the_end_of_her_next_round():
    state = quiet(new_game(2))
    for _ in range(8):
        give(state, "p2", "dagger")
    begin_turn(state, "p1", phase="act")
    state, events = apply(state, "p1", {"type": "end_turn"})
    assert "over_the_limit" not in kinds(events) and state.turn.player == "p2"


def test_ruling_limits__with_an_extra_turn_the_discard_waits_for_the_last_one():
    state = quiet(new_game(2))
    for _ in range(8):
        give(state, "p1", "dagger")
    begin_turn(state, "p1", phase="act")
    state.turn.extra_turns = 1
    state, events = apply(state, "p1", {"type": "end_turn"})
    assert "over_the_limit" not in kinds(events) and state.turn.extra


# -------------------------------------------------------------------- instead of movement


def test_ruling_instead_of_movement__an_ability_used_instead_means_staying_then_the_cards():
    state = quiet(new_game(2))
    learn(state, "p1", "meditation")
    put(state, "forest_1", "wolf_pack")
    begin_turn(state, "p1", at="forest_1")
    p = state.player("p1")
    p.blue.right, p.blue.left = 1, 2
    assert {"type": "use_ability", "ability": "meditation", "figure": None, "plane": None, "slot": None} in legal(state, "p1")
    state, events = apply(state, "p1", {"type": "use_ability", "ability": "meditation"})
    assert state.player("p1").blue.left == 0 and "stayed" in kinds(events)
    assert state.turn.phase == "fight", "then the space's Creature, as when staying"


def test_ruling_instead_of_movement__one_such_thing_a_turn_ability_or_possibility():
    state = quiet(new_game(2))
    learn(state, "p1", "herbalism")
    begin_turn(state, "p1", at="city")
    p = state.player("p1")
    p.red.right -= 1
    p.red.left += 1
    state, _ = apply(state, "p1", {"type": "use_ability", "ability": "herbalism"})
    assert state.turn.phase == "act"
    assert "exchange" not in legal_types(state, "p1"), "the City's work is instead of movement too"
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "exchange", "service": "city_work"})
    # the other way round: the City's work first, then no Ability instead of movement
    other = quiet(new_game(2))
    learn(other, "p1", "herbalism")
    begin_turn(other, "p1", at="city")
    other.player("p1").red.right -= 1
    other.player("p1").red.left += 1
    other, _ = apply(other, "p1", {"type": "move", "method": "stay", "to": "city"})
    other, _ = apply(other, "p1", {"type": "exchange", "service": "city_work"})
    assert not [a for a in legal(other, "p1") if a["type"] == "use_ability"]


def test_ruling_instead_of_movement__not_after_moving():
    state = quiet(new_game(2))
    learn(state, "p1", "herbalism")
    begin_turn(state, "p1", at="village")
    state.player("p1").red.right -= 1
    state.player("p1").red.left += 1
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "plains_2"})
    assert "use_ability" not in legal_types(state, "p1")


def test_ruling_instead_of_movement__once_a_round_abilities_work_once_across_extra_turns():
    state = quiet(new_game(2))
    learn(state, "p1", "training")
    begin_turn(state, "p1", at="village")
    state.player("p1").experience = 30
    state.turn.extra_turns = 1
    state, _ = apply(state, "p1", {"type": "use_ability", "ability": "training", "figure": "willpower"})
    state, _ = apply(state, "p1", {"type": "end_turn"})
    assert state.turn.extra and "use_ability" not in legal_types(state, "p1")


def test_ability_training__instead_of_movement_anywhere_paying_only_experience():
    state = quiet(new_game(2, characters=["troll", None]))
    learn(state, "p1", "training")
    begin_turn(state, "p1", at="fortress")  # not the troll's guild: still no Gold
    p = state.player("p1")
    p.experience, p.gold = 10, 5
    state, _ = apply(state, "p1", {"type": "use_ability", "ability": "training", "figure": "willpower"})
    p = state.player("p1")
    assert (p.blue.right, p.experience, p.gold) == (5, 5, 5)
    assert state.standard.players["p1"].trained == {"willpower": 1}


# ---------------------------------------------------------------------- battle abilities


def _wolves(state, player="p1"):  # type: ignore[no-untyped-def]  # tests are not type-checked
    put(state, "forest_1", "wolf_pack")
    begin_turn(state, player, at="village")
    state, _ = apply(state, player, {"type": "move", "method": "walk", "to": "forest_1"})
    return state


def test_ruling_battle_abilities__prayer_rolls_twice_and_keeps_the_better():
    """Facts §10 (WR worked example): Prayer: roll your die twice, keep the better."""
    state = quiet(new_game(2))
    learn(state, "p1", "prayer")
    figures(state, "p1", 3, 3)
    state = _wolves(state)
    assert {"type": "fight", "battle": "strength", "weapon": None, "hand": [], "head": None, "body": [],
            "throw": False, "spells": ["prayer"]} in legal(state, "p1")
    load(state, 2, 5, 4)
    state, events = apply(state, "p1", {"type": "fight", "battle": "strength", "spells": ["prayer"]})
    roll = next(e for e in events if e.kind == "battle_roll")
    assert roll.data["own_rolls"] == [2, 5] and roll.data["light"] == 5 and roll.data["result"] == "win"
    assert state.player("p1").blue.left == 1, "1 Magic paid"


def test_ruling_battle_abilities__curse_makes_the_opponent_roll_three_times_keeping_the_worst():
    state = quiet(new_game(2))
    learn(state, "p1", "curse")
    figures(state, "p1", 3, 3)
    state = _wolves(state)
    load(state, 3, 6, 2, 5)
    state, events = apply(state, "p1", {"type": "fight", "battle": "strength", "spells": ["curse"]})
    roll = next(e for e in events if e.kind == "battle_roll")
    assert roll.data["foe_rolls"] == [6, 2, 5] and roll.data["dark"] == 2 and roll.data["result"] == "win"


def test_ruling_battle_abilities__a_spell_is_paid_once_for_every_roll_of_a_three_lives_battle():
    state = quiet(new_game(2))
    learn(state, "p1", "barkskin")
    figures(state, "p1", 3, 3)
    put(state, "forest_1", "rat_swarm")  # three lives, Strength 2
    begin_turn(state, "p1", at="village")
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    load(state, 4, 1, 4, 1, 4, 1)
    state, events = apply(state, "p1", {"type": "fight", "battle": "strength", "spells": ["barkskin"]})
    rolls = [e for e in events if e.kind == "battle_roll"]
    assert len(rolls) == 3 and all(r.data["player_figure"] == 5 for r in rolls)
    assert state.player("p1").blue.left == 1


def test_ruling_battle_abilities__a_spell_cannot_be_declared_twice_nor_one_she_lacks():
    state = quiet(new_game(2))
    learn(state, "p1", "prayer")
    state = _wolves(state)
    for spells in (["prayer", "prayer"], ["curse"]):
        with pytest.raises(RuleError):
            SYSTEM.apply(state, "p1", {"type": "fight", "battle": "strength", "spells": spells})


def test_ruling_battle_abilities__fight_again_after_a_draw_once_a_round():
    state = quiet(new_game(2))
    learn(state, "p1", "fanaticism")
    figures(state, "p1", 3, 3)
    state = _wolves(state)
    load(state, 2, 2, 6, 1)
    state, _ = apply(state, "p1", {"type": "fight", "battle": "strength"})
    assert legal(state, "p1")[1] == {"type": "after_roll", "ability": "fanaticism", "dice": None}
    state, events = apply(state, "p1", {"type": "after_roll", "ability": "fanaticism"})
    assert "fight_again" in kinds(events) and "creature_defeated" in kinds(events)
    assert "fanaticism" in state.standard.players["p1"].round_used


def test_ruling_battle_abilities__turn_back_time_after_a_loss_and_letting_the_roll_stand():
    state = quiet(new_game(2))
    learn(state, "p1", "turn_back_time")
    figures(state, "p1", 3, 4)
    state = _wolves(state)
    load(state, 1, 6)
    state, _ = apply(state, "p1", {"type": "fight", "battle": "strength"})
    assert SYSTEM.pending(state).kind == "after_roll"
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "end_turn"})
    state, events = apply(state, "p1", {"type": "after_roll", "ability": None})
    assert "creature_stays" in kinds(events) and state.player("p1").red.left == 1


def test_ability_jinx__the_opponent_rolls_again():
    state = quiet(new_game(2))
    learn(state, "p1", "jinx", "divine_will")
    figures(state, "p1", 3, 4)
    state = _wolves(state)
    load(state, 2, 5, 1)
    state, _ = apply(state, "p1", {"type": "fight", "battle": "strength"})
    options = [(a["ability"], a["dice"]) for a in legal(state, "p1")]
    assert options == [(None, None), ("divine_will", "both"), ("divine_will", "opponent"), ("divine_will", "own"),
                       ("jinx", "opponent")]
    state, events = apply(state, "p1", {"type": "after_roll", "ability": "jinx", "dice": "opponent"})
    assert next(e for e in events if e.kind == "battle_reroll").data["dark"] == 1
    assert "creature_defeated" in kinds(events)


# ---------------------------------------------------------------------- the vocabulary


def test_vocabulary_movement__horsemanship_free_horses_and_a_paid_pegasus():
    """Facts §10: Horsemanship gives free horse rides; Pegasus is its paid option."""
    state = quiet(new_game(2))
    learn(state, "p1", "horsemanship")
    begin_turn(state, "p1", at="village")
    state.player("p1").gold = 1
    moves = [a for a in legal(state, "p1") if a.get("via") == "horsemanship"]
    assert {(a["method"], a["to"]) for a in moves} == {("horse", "magic_tower"), ("horse", "mountains_1"),
                                                        ("horse", "mountains_2"), ("horse", "plains_1")}
    state, _ = apply(state, "p1", {"type": "move", "method": "horse", "to": "magic_tower", "via": "horsemanship"})
    assert state.player("p1").gold == 1
    state = quiet(new_game(2))
    learn(state, "p1", "horsemanship")
    begin_turn(state, "p1", at="village")
    state.player("p1").gold = 1
    state, _ = apply(state, "p1", {"type": "move", "method": "horse", "to": "mountains_2", "via": "horsemanship"})
    assert state.player("p1").gold == 0 and state.player("p1").space == idx("mountains_2")


def test_vocabulary_movement__boats_gates_paths_and_teleportation():
    cases = [
        ("wharf_rat", "forest_1", {"type": "move", "method": "boat", "to": "forest_2", "via": "wharf_rat"}, "gold", 0),
        ("nautical_rites", "forest_1", {"type": "move", "method": "boat", "to": "city", "via": "nautical_rites"}, "gold", 0),
        ("gate_lore", "mountains_1", {"type": "move", "method": "gate", "to": "plains_4", "via": "gate_lore"}, "gold", 0),
        ("pathfinding", "village", {"type": "move", "method": "walk", "to": "magic_tower", "via": "pathfinding"}, "gold", 0),
        (
            "teleportation",
            "village",
            {"type": "move", "method": "teleport", "to": "monastery", "via": "teleportation"},
            "magic",
            2,
        ),
    ]
    for ability, start, move, what, paid in cases:
        state = quiet(new_game(2))
        learn(state, "p1", ability)
        begin_turn(state, "p1", at=start)
        state.player("p1").gold = 5
        assert move in legal(state, "p1"), ability
        before = state.player("p1").gold if what == "gold" else state.player("p1").blue.right
        state, _ = apply(state, "p1", move)
        after = state.player("p1").gold if what == "gold" else state.player("p1").blue.right
        assert before - after == paid and state.player("p1").space == idx(move["to"]), ability


def test_vocabulary_start_of_round__where_the_card_allows():
    state = quiet(new_game(2))
    learn(state, "p2", "mana_well", "forager", "blessing")
    p2 = state.player("p2")
    p2.space = idx("forest_2")
    p2.red.right, p2.red.left = p2.red.right - 2, 2
    p2.blue.right, p2.blue.left = p2.blue.right - 2, 2
    state, events = draw_next(state, "good_times")
    p2 = state.player("p2")
    assert (p2.red.left, p2.blue.left) == (1, 1), "Forager in the wilderness and Mana Well; no Blessing there"


def test_vocabulary_market__haggling_and_fence():
    state = quiet(new_game(2))
    learn(state, "p1", "haggling", "fence")
    begin_turn(state, "p1", at="city", phase="act")
    uid = give(state, "p1", "sword")
    state.player("p1").gold = 0
    state, events = apply(state, "p1", {"type": "sell", "item": uid})
    assert state.player("p1").gold == 5, "full price"
    state.offers["city"] = [OwnedItem(uid="i901", card="sword")]
    state, _ = apply(state, "p1", {"type": "buy", "item": "i901"})
    assert state.player("p1").gold == 1


def test_vocabulary_extra_experience__veteran():
    state = quiet(new_game(2))
    learn(state, "p1", "veteran")
    figures(state, "p1", 3, 3)
    state = _wolves(state)
    xp = state.player("p1").experience
    load(state, 6, 1)
    state, _ = apply(state, "p1", {"type": "fight", "battle": "strength"})
    assert state.player("p1").experience == xp + 1 + 1


def test_vocabulary_two_weapons__both_bonuses_count():
    """Facts §11.8: two one-handed weapons, which some card must allow."""
    state = quiet(new_game(2))
    figures(state, "p1", 3, 3)
    sword, mace = give(state, "p1", "sword"), give(state, "p1", "mace")
    state = _wolves(state)
    assert not any(a.get("second") for a in legal(state, "p1"))
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "fight", "battle": "strength", "weapon": sword, "second": mace})
    state = quiet(new_game(2))
    learn(state, "p1", "two_weapon_fighting")
    figures(state, "p1", 3, 3)
    sword, mace = give(state, "p1", "sword"), give(state, "p1", "mace")
    state = _wolves(state)
    load(state, 1, 6)
    state, events = apply(state, "p1", {"type": "fight", "battle": "strength", "weapon": sword, "second": mace})
    assert next(e for e in events if e.kind == "battle_started").data["player_figure"] == 3 + 2 + 1


def test_vocabulary_wills_switch_discount__mind_over_matter():
    state = quiet(new_game(2))
    learn(state, "p1", "mind_over_matter")
    figures(state, "p1", 3, 3)
    put(state, "forest_1", "gargoyle")
    begin_turn(state, "p1", at="village")
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    load(state, 6, 1)
    state, _ = apply(state, "p1", {"type": "fight", "battle": "wills"})
    assert state.player("p1").blue.left == 0


def test_vocabulary_ward__hidden_stash_keeps_gold_from_the_crisis_and_from_creatures():
    state = quiet(new_game(2))
    learn(state, "p1", "hidden_stash")
    state.player("p1").gold = state.player("p2").gold = 10
    state, events = draw_next(state, "economic_crisis")
    assert (state.player("p1").gold, state.player("p2").gold) == (10, 5)
    state = quiet(new_game(2))
    learn(state, "p1", "hidden_stash")
    state.player("p1").gold = 10
    figures(state, "p1", 1, 3)
    put(state, "forest_1", "highwaymen")
    begin_turn(state, "p1", at="village")
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    load(state, 1, 6)
    state, _ = apply(state, "p1", {"type": "fight", "battle": "strength"})
    assert state.player("p1").gold == 10 and state.player("p1").red.left == 1


def test_vocabulary_extra_turn__time_loop_then_rests_until_her_next_round():
    """Facts §10: Time Loop is turned face down after use and comes back the next turn."""
    state = quiet(new_game(2))
    learn(state, "p1", "time_loop")
    begin_turn(state, "p1", at="village", phase="act")
    state, _ = apply(state, "p1", {"type": "use_ability", "ability": "time_loop"})
    assert state.player("p1").blue.left == 3 and "time_loop" in state.standard.players["p1"].resting
    state, _ = apply(state, "p1", {"type": "end_turn"})
    assert state.turn.player == "p1" and state.turn.extra
    state.turn.phase = "act"
    assert "use_ability" not in legal_types(state, "p1")
    state, _ = apply(state, "p1", {"type": "end_turn"})
    state.standard.turn.attacked = True
    begin_turn(state, "p2", phase="act")
    state, _ = apply(state, "p2", {"type": "end_turn"})
    assert state.turn.player == "p1" and "time_loop" not in state.standard.players["p1"].resting


def test_vocabulary_peek_astral_plane__astral_sight_shows_the_card_to_her_alone():
    state = quiet(new_game(2))
    learn(state, "p1", "astral_sight")
    set_plane(state, "astral_fire", "stone_sentinel", "ancient_dragon", "royal_cape")
    begin_turn(state, "p1", at="village")
    state, events = apply(state, "p1", {"type": "use_ability", "ability": "astral_sight", "plane": "astral_fire",
                                        "slot": "greater"})
    assert all("ancient_dragon" not in str(e.data) for e in events)
    assert SYSTEM.view(state, "p1").standard.plane("astral_fire").greater == "ancient_dragon"
    assert SYSTEM.view(state, "p2").standard.plane("astral_fire").greater == HIDDEN
    assert state.standard.plane("astral_fire").seen == {"greater": ["p1"]}
    assert state.turn.phase == "move", "not instead of movement"


def test_vocabulary_avoid_creatures__stealth_slips_past_and_the_creature_blocks_attacks():
    state = quiet(new_game(2))
    learn(state, "p1", "stealth")
    set_plane(state, "astral_fire", "stone_sentinel", "ancient_dragon", "royal_cape")
    wolves = put(state, "plains_1", "wolf_pack")
    begin_turn(state, "p1", at="fortress")
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "plains_1"})
    state, events = apply(state, "p1", {"type": "avoid"})
    assert "creature_avoided" in kinds(events) and state.turn.phase == "act"
    assert any(a.uid == wolves for a in state.spaces[idx("plains_1")])
    assert "attack" not in legal_types(state, "p1")


def test_vocabulary_avoid_creatures__beast_speech_only_for_animals():
    state = quiet(new_game(2))
    learn(state, "p1", "beast_speech")
    put(state, "forest_1", "shambling_zombies")
    begin_turn(state, "p1", at="village")
    state, _ = apply(state, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    assert "avoid" not in legal_types(state, "p1")
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "avoid"})


def test_vocabulary_battle_bonus__tags_and_opponents():
    state = quiet(new_game(2))
    learn(state, "p1", "hunting", "holy_light", "animal_companion", "weapon_mastery")
    figures(state, "p1", 3, 3)
    state = _wolves(state)
    load(state, 6, 1)
    state, events = apply(state, "p1", {"type": "fight", "battle": "strength"})
    assert next(e for e in events if e.kind == "battle_started").data["player_figure"] == 3 + 2 + 1 + 1


def test_vocabulary_peoples_hospitality__by_terrain():
    state = quiet(new_game(2))
    learn(state, "p1", "peoples_hospitality")
    begin_turn(state, "p1", at="plains_1")
    gold = state.player("p1").gold
    state, _ = apply(state, "p1", {"type": "use_ability", "ability": "peoples_hospitality"})
    assert state.player("p1").gold == gold + 2
    state = quiet(new_game(2))
    learn(state, "p1", "peoples_hospitality")
    begin_turn(state, "p1", at="city")
    assert "use_ability" not in legal_types(state, "p1"), "nothing in civilization"
