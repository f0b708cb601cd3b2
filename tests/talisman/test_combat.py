"""C7 normal combat; D1 general changes, D2 characters and D3 Spells."""
from __future__ import annotations

from engine.darkest_talisman import actions as A
from engine.darkest_talisman import heroes as H
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import card_id
from tests.talisman.helpers import (
    act,
    campaign_pack,
    check_invariants,
    choose,
    day,
    give,
    give_spell,
    kind,
    only_spell,
    pack,
    party_of,
    rig,
    settle,
    solo,
)


def party(*chars: str):  # type: ignore[no-untyped-def]  # tests are not type-checked
    s = party_of(solo(1), *(chars or ("troll", "warrior", "wizard")))
    for h in s.heroes:
        h.fate = 0  # no Fate rerolls unless a test wants them
    return settle(s)


def meet(s, card, dice=(), dest="city"):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Set out and meet `card` first (a second, harmless card follows)."""
    return choose(rig(s, dice=[2, *dice], deck=[card, "good_fortune"]), f"depart:{dest}")


def fight(s, option="fight"):  # type: ignore[no-untyped-def]  # tests are not type-checked
    out = SYSTEM.apply(s, "p1", A.Choose(option=option))
    result = next((e.data for e in out.events if e.kind == "talisman.ev.combat"), None)
    return out.state, result


def bare(s, uid):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Take every Object off a character (back to the decks)."""
    from engine.darkest_talisman import cards
    from tests.talisman.helpers import ctx_of

    ctx = ctx_of(s)
    for u in s.hero(uid).objects:
        cards.discard(ctx, u)
    s.hero(uid).objects = []
    return s


def test_c7c_open_ended_roll_the_boar_example():
    """C7c: Boar, Strength 1, against a character of Strength 7 who rolls 3: 10. The Boar rolls 6,
    rolls again, 4: 1 + 6 + 4 = 11. The character loses (C7e-a: a life and a Strength token)."""
    s = party()
    troll = s.order[0]
    s.hero(troll).strength = 7
    s = meet(bare(s, troll), "wild_boar")
    s = rig(s, dice=[3, 6, 4])
    s, result = fight(s)
    assert result == {"hero": troll, "character": "troll", "enemy": "wild_boar", "attribute": "strength", "ours": 10,
                      "theirs": 11, "result": "lost", "ally": 0, "assassinated": False}
    t = s.hero(troll)
    assert (t.life, t.strength) == (5, 6)


def test_c7c_a_six_is_rolled_again_for_the_character_too():
    s = party()
    troll = s.order[0]
    s = meet(bare(s, troll), "dragon")  # Strength 7
    s = rig(s, dice=[6, 6, 2, 5])  # 6 + 14 = 20 against 7 + 5
    s, result = fight(s)
    assert result["ours"] == 6 + 14 and result["result"] == "won"


def test_c7e_b_psychic_combat_costs_craft():
    """C7e-b: a lost psychic combat costs a life and a Craft token."""
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    s = meet(s, "wraith")  # Craft 5
    s = rig(s, dice=[1, 5])
    s, result = fight(s)
    assert result["attribute"] == "craft" and result["result"] == "lost"
    assert (s.hero(wiz).life, s.hero(wiz).craft) == (3, 4)


def test_a3b_strength_and_craft_fall_below_their_starting_values():
    """A3b: losing a combat at the starting value takes the token anyway, even to 0."""
    s = party()
    troll = s.order[0]
    s.hero(troll).strength = 0
    s = meet(bare(s, troll), "goblin")
    s = rig(s, dice=[1, 5])
    s, result = fight(s)
    assert s.hero(troll).strength == 0 and s.hero(troll).life == 5


def test_c7_tie_is_a_stand_off():
    s = party()
    troll = s.order[0]
    s = meet(bare(s, troll), "ogre")  # 5
    s = rig(s, dice=[2, 3])  # 6 + 2 = 8 = 5 + 3
    s, result = fight(s)
    assert result["result"] == "tie" and s.hero(troll).life == 6
    assert kind(s) == "enemy" and s.decision.hero == s.order[1]  # the next character faces it


def test_c7e_c_body_armour_saves_the_life_and_the_strength():
    s = party()
    troll = s.order[0]
    s = bare(s, troll)
    give(s, troll, "armour")
    s = meet(s, "giant")
    s = rig(s, dice=[1, 6, 1, 5])  # 7 against 6 + 7; the Armour saves on 5
    s, result = fight(s)
    assert result["result"] == "lost"
    assert (s.hero(troll).life, s.hero(troll).strength) == (6, 6)


def test_c7e_d_helmet_saves_the_life_and_the_craft():
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    give(s, wiz, "helmet")
    s = meet(s, "wraith")
    s = rig(s, dice=[1, 5, 6])
    s, result = fight(s)
    assert result["result"] == "lost" and (s.hero(wiz).life, s.hero(wiz).craft) == (4, 5)


def test_c7e_c_body_armour_does_not_save_in_psychic_combat():
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    give(s, wiz, "armour")
    s = meet(s, "wraith")
    s = rig(s, dice=[1, 5])
    s, result = fight(s)
    assert s.hero(wiz).life == 3


def test_c7e_e_shield_saves_either_but_not_with_two_weapons():
    """C7e-e: a shield saves the life and either token; not for a Warrior wielding two weapons."""
    p = pack()
    s = party("warrior", "troll", "wizard")
    w = s.hero(s.order[0])
    give(s, w.uid, "shield")
    assert H.armour_for(p, w, "craft", shield_ok=True) is not None
    give(s, w.uid, "sword")
    give(s, w.uid, "axe")
    assert H.uses_two_weapons(p, w) and H.armour_for(p, w, "strength", shield_ok=True) is None


def test_c7d_a_bow_is_a_weapon_and_only_one_weapon_counts():
    """C7d: a Bow is a weapon; one weapon is used (two for the Warrior). The core box has no Bow:
    the test pack's fixture Bow."""
    p = campaign_pack()
    s = party("troll", "warrior", "wizard")
    t = s.hero(s.order[0])
    give(s, t.uid, "sword")
    give(s, t.uid, "bow")
    assert H.object_bonus(p, t, "strength") == 1
    w = s.hero(s.order[1])  # the Warrior: a Sword and an Axe
    give(s, w.uid, "sword")
    give(s, w.uid, "axe")
    assert H.object_bonus(p, w, "strength") == 2


def test_c7e_g_the_beaten_enemy_is_kept_as_a_trophy():
    s = party()
    troll = s.order[0]
    s = meet(s, "wolf")
    s = rig(s, dice=[5, 1])
    s, result = fight(s)
    assert result["result"] == "won"
    assert [card_id(u) for u in s.hero(troll).trophies] == ["wolf"] and s.trip.spots[0].card is None


def test_fate_rerolls_a_lost_attack_once():
    """Facts 6.5 and ruling fate_reroll: one Fate, the whole open-ended roll again."""
    s = party()
    troll = s.order[0]
    s.hero(troll).fate = 2
    s = meet(bare(s, troll), "giant")
    s = rig(s, dice=[1, 5, 4])  # 7 against 11: lost; reroll 4: 10 against 11, still lost
    s, _ = fight(s)
    assert kind(s) == "fate" and s.decision.options == ["reroll", "accept"]
    s = rig(s, dice=[6, 6, 1])  # 6 + 6 + 1 = 13 + 6 = 19 against 11
    out = SYSTEM.apply(s, "p1", A.Choose(option="reroll"))
    s = out.state
    result = next(e.data for e in out.events if e.kind == "talisman.ev.combat")
    assert result["result"] == "won" and s.hero(troll).fate == 1


def test_d1a_psychic_attack_only_against_a_newly_revealed_enemy():
    """D1a-a, c: the Wizard may use Craft instead of Strength, only when the card is turned over;
    an Enemy already met (face up) is fought as it is."""
    from engine.darkest_talisman import combat
    from engine.darkest_talisman.state import Combat
    from tests.talisman.helpers import ctx_of

    s = party("wizard", "troll", "warrior")
    s = meet(s, "ogre")
    assert "fight:craft" in s.decision.options
    s = rig(s, dice=[1, 6, 6, 6, 1])
    s, result = fight(s, "fight:craft")
    assert result["attribute"] == "craft" and result["ours"] == 5 + 1
    spot = s.trip.spots[0]
    again = Combat(hero=s.order[0], enemy=spot.card, attribute="strength", value=5, kind="monster", fresh=False, seq=spot.seq)
    assert "fight:craft" not in combat.options(ctx_of(s), again)


def test_d2_assassin_no_trophy_and_the_enemy_rolls_no_die():
    s = party("assassin", "troll", "wizard")
    a = s.order[0]
    s = meet(s, "wolf")
    assert "assassinate" in s.decision.options
    s = rig(s, dice=[2])  # only his die: 3 + 2 = 5 against the Wolf's 2
    s, result = fight(s, "assassinate")
    assert result["theirs"] == 2 and result["result"] == "won" and result["assassinated"]
    assert s.hero(a).trophies == [] and any(card_id(u) == "wolf" for u in s.decks.adventure_discard)


def test_d2_ghoul_gains_a_life_for_every_enemy_beaten():
    s = party("ghoul", "troll", "wizard")
    g = s.order[0]
    s = meet(s, "goblin")
    s = rig(s, dice=[5, 1])
    s, result = fight(s)
    assert result["result"] == "won" and s.hero(g).life == 5


def test_d2_thief_takes_gold_from_a_companion_who_rolls_a_one():
    """D2 Thief: 'take one gold or Object from another character whenever they Roll a 1'."""
    s = party("troll", "thief", "wizard")
    troll, thief = s.order[0], s.order[1]
    s.hero(troll).gold = 2
    s = meet(s, "wild_boar")
    s = rig(s, dice=[1, 1])
    s, _ = fight(s)
    assert kind(s) == "steal" and s.decision.hero == thief and s.decision.data["victim"] == troll
    assert s.decision.options[0] == "gold" and s.decision.options[-1] == "pass"
    s = choose(s, "gold")
    assert s.hero(troll).gold == 1 and s.hero(thief).gold == 2
    check_invariants(s)


def test_d2_thief_takes_an_object_on_any_roll_of_one():
    """D2 Thief: any roll of 1, not only a combat roll (here the Witch's die), and an Object as
    well as Gold: the Thief takes the Wizard's Sword."""
    s = party("troll", "wizard", "thief")
    wiz, thief = s.order[1], s.order[2]
    sword = give(s, wiz, "sword")
    s = meet(s, "witch", dice=(3, 1, 6))  # the Witch: the leader 3, the Wizard 1, the Thief 6
    assert kind(s) == "steal" and s.decision.hero == thief and f"take:{sword}" in s.decision.options
    s = choose(s, f"take:{sword}")
    assert sword in s.hero(thief).objects and sword not in s.hero(wiz).objects
    check_invariants(s)


def test_d2_the_thief_never_robs_himself():
    s = party("thief", "troll", "wizard")
    troll = s.order[1]
    s.hero(troll).gold = 2
    s = meet(s, "wild_boar")
    s = rig(s, dice=[1, 1])
    s, _ = fight(s)  # the Thief's own 1: nothing to take
    assert kind(s) != "steal"


def test_d2_troll_regenerates_when_leading_and_a_six_is_rolled():
    s = party()
    troll = s.order[0]
    s.hero(troll).life = 3
    s = choose(rig(s, dice=[6], deck=["good_fortune", "festival", "fairy", "bad_omen", "pool_of_life", "shrine"]),
               "depart:city")
    assert s.hero(troll).life >= 4  # regenerated (the Festival may add one more)


def test_d3a_spells_only_with_a_target():
    """D3a: Healing is offered only when somebody is wounded."""
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "healing")
    s = settle(s)
    assert not any(isinstance(a, A.Cast) for a in SYSTEM.legal_actions(s, "p1"))
    s.hero(s.order[1]).life = 2
    s = settle(s)
    assert A.Cast(hero=wiz, spell=uid, target=s.order[1]) in SYSTEM.legal_actions(s, "p1")
    s = act(s, A.Cast(hero=wiz, spell=uid, target=s.order[1]))
    assert s.hero(s.order[1]).life == 4


def test_d3c_counterspell_negates_events_strangers_and_spaces():
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "counterspell")
    s = choose(rig(settle(s), dice=[3], deck=["good_fortune", "festival", "pestilence"]), "depart:city")
    s = act(s, A.Cast(hero=wiz, spell=uid))
    assert "counterspell" in s.trip.wards
    s = choose(s, "continue")
    assert [h.life for h in s.party()] == [4, 6, 5]  # the Festival healed nobody and cost nothing


def test_d3c_destroy_magic_also_negates_enemies():
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "destroy_magic")
    s = choose(rig(settle(s), dice=[2], deck=["good_fortune", "dragon"]), "depart:city")
    s = act(s, A.Cast(hero=wiz, spell=uid))
    s = choose(s, "continue")
    assert kind(s) == "stand" and card_id(s.trip.spots[1].card) == "dragon"  # passed by, it stays


def test_d3c_divination_shows_the_next_three_unrevealed_cards():
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "divination")
    s = choose(rig(settle(s), dice=[5], deck=["good_fortune", "wolf", "bear", "wild_boar", "lion"]), "depart:city")
    out = SYSTEM.apply(s, "p1", A.Cast(hero=wiz, spell=uid, target="see:spots"))
    seen = next(e for e in out.events if e.kind == "talisman.ev.foreseen")
    assert seen.data["cards"] == ["wolf", "bear", "wild_boar"] and seen.reveals
    view = SYSTEM.view(out.state, "p1").data["trip"]["spots"]
    assert [v["card"].split("#")[0] for v in view[1:]] == ["wolf", "bear", "wild_boar", "hidden"]


def test_d3c_hex_destroys_revealed_enemies_on_a_road_space():
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "hex")
    s = meet(settle(s), "bear")
    s.trip.immobile.append(s.trip.spots[0].card)  # as if Immobility had been cast: all evade it
    s = settle(s)
    while kind(s) == "enemy":
        s = choose(s, "evade")
    assert card_id(s.trip.spots[0].card) == "bear"
    s = act(s, A.Cast(hero=wiz, spell=uid, target="road:0"))
    assert s.trip.spots[0].card is None
    check_invariants(s)


def test_d3c_temporal_warp_meets_the_place_again():
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "temporal_warp")
    # the Shrine (core-cards 2.7): everyone prays, 2: nothing
    s = choose(rig(settle(s), dice=[2, 2, 2, 2], deck=["shrine", "good_fortune"]), "depart:city")
    before = s.hero(wiz).gold
    s = rig(s, dice=[3, 3])
    s = act(s, A.Cast(hero=wiz, spell=uid))
    assert s.hero(wiz).gold == before + 2  # met twice more, each 3 gives 1 Gold


def test_d3c_random_may_cost_the_caster_below_starting_values():
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "random")
    s.hero(wiz).strength = 0
    s = meet(settle(s), "wolf")
    s = rig(s, dice=[2])
    s = choose(s, f"cast:{uid}")
    assert s.hero(wiz).craft == 4  # a 2: lose 1 Craft


def test_d3c_fireball_weakens_and_destroys_before_combat():
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "fireball")
    s = meet(settle(s), "goblin")  # Strength 2: Fireball 2 destroys it
    s = choose(s, f"cast:{uid}")
    assert s.trip.spots[0].card is None and s.hero(wiz).trophies == []


def test_c8e_c_summoned_beast_fights_in_the_casters_place():
    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "call_the_beast")
    s = meet(settle(s), "giant")
    s = choose(s, f"cast:{uid}")
    s = rig(s, dice=[1, 6, 1])
    s, result = fight(s)
    assert result["ally"] == 4 and result["result"] == "lost" and s.hero(wiz).life == 4


def test_c8e_c_day_helper_keeps_invariants():
    s = day(party(), "depart:city")
    check_invariants(s)


def test_c7c_d3c_fight_odds_count_the_spells_already_cast():
    """C7c, D3c: the odds on the fight button are those of the combat as it stands: Fireball
    (the Ogre 5 down to 3) and Call the Beast (the beast's 4 fights in the caster's place)."""
    from systems.darkest_talisman import odds
    from systems.darkest_talisman.describe import option_label

    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    fire = only_spell(s, wiz, "fireball")
    beast = give_spell(s, wiz, "call_the_beast")
    s = meet(settle(s), "ogre")
    ours = H.total(pack(), s.hero(wiz), "strength")
    before = option_label(SYSTEM.view(s, "p1"), "fight", "en")
    assert odds.percent("en", *odds.combat_odds(ours, 5)) in before
    s = choose(s, f"cast:{fire}")
    label = option_label(SYSTEM.view(s, "p1"), "fight", "en")
    assert odds.percent("en", *odds.combat_odds(ours, 3)) in label
    s = choose(s, f"cast:{beast}")
    label = option_label(SYSTEM.view(s, "p1"), "fight", "en")
    assert odds.percent("en", *odds.combat_odds(4, 3)) in label and odds.combat_odds(4, 3) != odds.combat_odds(ours, 5)


def test_d3c_divination_chooses_the_draw_spots_the_deck_or_the_spells():
    """D3c: Divination sees the next three unrevealed cards in the Draw Spots, the next three of
    the Adventure deck, or the next three Spells: the caster chooses."""
    from systems.darkest_talisman.describe import describe_action, describe_event

    s = party("wizard", "troll", "warrior")
    wiz = s.order[0]
    uid = only_spell(s, wiz, "divination")
    s = choose(rig(settle(s), dice=[5], deck=["good_fortune", "wolf", "bear", "wild_boar", "lion"]), "depart:city")
    casts = [a for a in SYSTEM.legal_actions(s, "p1") if isinstance(a, A.Cast) and a.spell == uid]
    assert sorted(a.target for a in casts) == ["see:deck", "see:spells", "see:spots"]
    top = [card_id(u) for u in reversed(s.decks.spells[-3:])]
    action = A.Cast(hero=wiz, spell=uid, target="see:spells")
    assert describe_action(SYSTEM.view(s, "p1"), "p1", action, "en").endswith("to see the next three Spells")
    out = SYSTEM.apply(s, "p1", action)
    seen = next(e for e in out.events if e.kind == "talisman.ev.foreseen")
    assert seen.data == {**seen.data, "where": "spells", "cards": top}
    for loc in ("en", "it"):
        assert describe_event(SYSTEM.view(out.state, None), seen, loc)
    deck_top = [card_id(u) for u in reversed(out.state.decks.adventure[-3:])]
    s2 = SYSTEM.apply(s, "p1", A.Cast(hero=wiz, spell=uid, target="see:deck"))
    assert next(e for e in s2.events if e.kind == "talisman.ev.foreseen").data["cards"] == deck_top
