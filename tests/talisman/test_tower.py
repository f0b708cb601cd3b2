"""C10 the Portal of Power, the Tower road and the Crown."""
from __future__ import annotations

from engine.darkest_talisman import actions as A
from engine.darkest_talisman import heroes as H
from engine.darkest_talisman import tower as T
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import Tower
from tests.talisman.helpers import (
    check_invariants,
    choose,
    ctx_of,
    give,
    jump_to_destination,
    kind,
    only_spell,
    pack,
    party_of,
    rig,
    settle,
    solo,
)


def party(*chars: str, crown: str = "last_survivor"):  # type: ignore[no-untyped-def]  # tests are not type-checked
    s = party_of(solo(1, crown=crown), *(chars or ("troll", "warrior", "wizard")))
    s.village = "village_beyond"
    return settle(s)


def talismans(s, *counts):  # type: ignore[no-untyped-def]  # tests are not type-checked
    for uid, n in zip(s.order, counts, strict=False):
        for _ in range(n):
            give(s, uid, "talisman")
    return s


def at_portal(s):  # type: ignore[no-untyped-def]  # tests are not type-checked
    s = choose(rig(s, dice=[2], deck=["good_fortune", "festival"]), "depart:portal_of_power")
    return jump_to_destination(s)


def tower_at(s, space: str, spent: int = 1, dice=()):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Put the party on a Tower road space, met now."""
    s = rig(s, dice=list(dice))
    s.mode, s.decision = "tower", None
    s.tower = Tower(index=pack().region("tower").road.index(space), spent=spent)
    ctx = ctx_of(s)
    T.arrive(ctx)
    return settle(ctx.state)


def test_c10c_f_the_portal_opens_on_a_low_roll():
    """C10c, f: a Talisman discarded, 4d6 at or below the party's Strength: the Portal opens and
    the party stands on the Plain of Peril; B2c: that Talisman counts in the Tower region."""
    s = at_portal(talismans(party(), 1, 1, 1))
    assert kind(s) == "portal" and {"attempt:strength", "attempt:craft"} <= set(s.decision.options)
    s = rig(s, dice=[2, 2, 2, 2])
    s = choose(s, "attempt:strength")
    assert s.mode == "tower" and T.space(ctx_of(s)) == "plain_of_peril" and s.tower.spent == 1
    assert len(s.decks.talismans) == 2  # one spent went back to the supply (ruling talismans_carried)
    check_invariants(s)


def test_c10f_a_failed_attempt_costs_everyone_a_point():
    s = at_portal(talismans(party(), 2, 0, 0))
    before = [h.craft for h in s.party()]
    s = rig(s, dice=[6, 6, 6, 6])
    s = choose(s, "attempt:craft")
    assert s.mode == "road" and kind(s) == "portal"
    assert [h.craft for h in s.party()] == [c - 1 for c in before]


def test_c10f_no_talisman_no_attempt():
    s = at_portal(party())
    assert s.decision.options == ["turn_back"]


def test_d2_the_dwarf_and_d4_the_gnome_roll_fewer_dice_at_the_portal():
    s = party("dwarf", "troll", "warrior")
    give(s, s.order[1], "gnome")
    s = at_portal(talismans(s, 1, 0, 0))
    out = SYSTEM.apply(rig(s, dice=[1, 1]), "p1", A.Choose(option="attempt:strength"))
    portal = next(e.data for e in out.events if e.kind == "talisman.ev.portal")
    assert portal["dice"] == 2 and portal["opened"]


def test_c10g_plain_of_peril_needs_a_talisman_each():
    s = talismans(party(), 1, 0, 1)
    s = tower_at(s, "plain_of_peril")
    lives = {h.card: h.life for h in s.party()}
    assert lives["warrior"] == 4  # no Talisman: a life
    assert "advance" not in s.decision.options and {"again", "turn_back"} <= set(s.decision.options)
    give(s, s.order[1], "talisman")
    s = choose(s, "again")
    assert "advance" in s.decision.options


def test_c10d_turning_back_from_the_tower_road():
    s = tower_at(talismans(party(), 1, 1, 1), "plain_of_peril")
    s = choose(s, "turn_back")
    assert s.mode == "village" and s.village == "village_beyond" and s.tower is None


def test_c10e_no_teleport_towards_the_tower_nor_out_of_its_road():
    """C10e: teleports in the Tower Region only move the party away from the Tower."""
    from engine.darkest_talisman import travel

    s = tower_at(talismans(party(), 1, 1, 1), "plain_of_peril")
    ctx = ctx_of(s)
    assert travel.teleport_targets(ctx) == []
    travel.teleport(ctx, "dest:temple")
    travel.teleport(ctx, "dest:mines")
    assert ctx.state.mode == "tower" and ctx.state.tower.index == 0


def test_c10e_a_teleport_spell_moves_the_party_away_from_the_tower():
    """C10e: on the Mines the Teleport Spell may take the party back to the Crypt or the Plain of
    Peril (met again there), never ahead."""

    s = talismans(party("wizard", "troll", "warrior"), 1, 1, 1)
    wiz = s.order[0]
    uid = only_spell(s, wiz, "teleport")
    s = tower_at(s, "mines")
    casts = [a for a in SYSTEM.legal_actions(s, "p1") if isinstance(a, A.Cast) and a.spell == uid]
    assert sorted(a.target for a in casts) == ["dest:crypt", "dest:plain_of_peril"]
    s = SYSTEM.apply(s, "p1", A.Cast(hero=wiz, spell=uid, target="dest:crypt")).state
    assert s.mode == "tower" and T.space(ctx_of(s)) == "crypt" and kind(s) == "tower"
    check_invariants(s)


def test_c10h_the_crypt_strength_and_sacrifices():
    """C10h: a Talisman, 4d6 less the party's Strength; sacrificed Strength takes off the rest."""
    s = party("troll", "warrior", "wizard")  # Strength 6 + 4 + 2 = 12
    s = talismans(s, 1, 0, 0)
    s = tower_at(s, "crypt")
    assert "attempt" in s.decision.options
    s = rig(s, dice=[6, 6, 2, 1])  # 15: rest 3
    s = choose(s, "attempt")
    assert kind(s) == "sacrifice" and s.decision.hero == s.order[0]
    s = choose(s, "give:3")
    assert s.tower.cleared and "advance" in s.decision.options
    assert s.hero(s.order[0]).strength == 3 and s.tower.spent == 2


def test_c10i_the_mines_craft_and_the_dwarf():
    s = party("dwarf", "wizard", "troll")  # Craft 3 + 5 + 1 = 9
    s = talismans(s, 1, 0, 0)
    s = tower_at(s, "mines")
    out = SYSTEM.apply(rig(s, dice=[3, 3, 3]), "p1", A.Choose(option="attempt"))  # three dice: 9 - 9 = 0
    check = next(e.data for e in out.events if e.kind == "talisman.ev.tower_check")
    assert check["roll"] == 9 and out.state.tower.cleared


def test_c10j_dice_with_death():
    """C10j: 2d6 each; lower: a life each, again; higher: move on; Fate adds one (C10j-e)."""
    s = party()
    for h in s.party():
        h.fate = 0
    s = tower_at(s, "death")
    s = rig(s, dice=[1, 2, 5, 5])
    s = choose(s, "dice")
    assert [h.life for h in s.party()] == [5, 4, 3] and "advance" not in s.decision.options
    s.hero(s.order[0]).fate = 3
    s = rig(settle(s), dice=[4, 4, 5, 4])
    s = choose(s, "dice")
    assert kind(s) == "death_fate"
    s = choose(s, "fate:2")
    assert s.tower.cleared and "advance" in s.decision.options


def test_c10k_werewolf_den_one_werewolf_each():
    s = tower_at(party(), "werewolf_den", dice=[1, 1, 1, 2, 6, 6])
    assert [g.strength for g in s.fight.guardians] == [2, 3, 12]
    assert "fight" in s.decision.options and "again" in s.decision.options


def test_c10l_vampires_tower():
    """C10l: a d6 each: 1-2 one life, 3-4 two, 5-6 three; a Talisman spares the roll; each Follower
    given up spares a life."""
    s = party()
    give(s, s.order[0], "talisman")
    give(s, s.order[1], "alchemist")
    s = tower_at(s, "vampire_tower", dice=[5, 2])
    assert kind(s) == "vampire" and s.decision.options == ["talisman", "roll"]
    s = choose(s, "talisman")
    assert kind(s) == "vampire_followers" and s.decision.data["loss"] == 3
    s = choose(s, "followers:1")
    lives = [h.life for h in s.party()]
    assert lives == [6, 3, 3]  # the Troll paid; the Warrior rolled 5 (3 lives, 1 spared by the Hound); the Wizard 2
    assert s.tower.cleared


def test_c10m_the_pits_a_d6_of_fiends_each():
    s = tower_at(party(), "pits", dice=[1, 2, 1])
    assert len(s.fight.guardians) == 4 and all(g.strength == 4 for g in s.fight.guardians)


def test_c10n_valley_of_fire_spirit_from_the_talismans_spent():
    s = tower_at(party(), "valley_of_fire", spent=3, dice=[2, 3, 4])
    assert [g.craft for g in s.fight.guardians] == [9] and s.fight.guardians[0].kind == "spirit"


def test_c10_there_can_be_only_one():
    """C10 The Tower, a-e: in Marching Order each picks a rival and fights until one survives."""
    s = party()
    for h in s.party():
        h.life = 1
    s = tower_at(s, "crown")
    assert kind(s) == "final_target" and s.decision.hero == s.order[0]
    guard = 0
    while s.status == "active":
        s = rig(s, dice=[6, 1, 1] if kind(s) == "final_target" else [])
        s = choose(s, s.decision.options[0])
        guard += 1
        assert guard < 20
    assert s.status == "finished" and s.outcome == "won" and len(s.crowned) == 1
    check_invariants(s)


def test_c10b_optional_coop_ending_everyone_reaches_the_crown():
    s = tower_at(party(crown="together"), "crown")
    assert s.status == "finished" and s.outcome == "won" and sorted(s.crowned) == sorted(h.uid for h in s.heroes if h.alive)


def test_c10a_advance_walks_the_tower_road_in_order():
    s = talismans(party(), 1, 1, 1)
    s = tower_at(s, "plain_of_peril")
    s = choose(s, "advance")
    assert T.space(ctx_of(s)) == "crypt"


def test_c8a_tower_guardian_combat_won_clears_the_space():
    s = tower_at(party(), "pits", dice=[1, 1, 1])  # three Pit Fiends, 12 Strength against 13
    s = choose(s, "fight")
    while kind(s) in ("guardian_spell", "guardian_split"):
        s = choose(s, "pass" if kind(s) == "guardian_spell" else s.decision.options[0])
    assert s.tower.cleared and "advance" in s.decision.options
    assert all(H.talismans(h) == [] for h in s.party())


def test_d2_d4_the_ai_weighs_the_portal_with_the_dice_it_will_roll():
    """D2 Dwarf, D4 Gnome: one die fewer each at the Portal; the AI weighs the attempt with the
    two dice the party will roll (8 Strength: 72% on 2d6, 5% on 4d6), so it attempts. Every
    character holds a Talisman and one more pays the Portal (C10f, g): the AI spends one only
    when the whole party can pass the Plain of Peril."""
    import random

    from engine.darkest_talisman.ai import heuristic_player

    s = party("dwarf", "troll", "warrior")
    give(s, s.order[1], "gnome")
    s = at_portal(talismans(s, 2, 1, 1))
    for h in s.party():
        h.objects = [u for u in h.objects if not u.startswith("sword")]
    s.hero(s.order[0]).strength, s.hero(s.order[1]).strength, s.hero(s.order[2]).strength = 3, 3, 2
    assert T.party_total(ctx_of(s), "strength") == 8 and kind(s) == "portal"
    choice = heuristic_player(s, "p1", random.Random(1))
    while not isinstance(choice, A.Choose):
        s = SYSTEM.apply(s, "p1", choice).state
        choice = heuristic_player(s, "p1", random.Random(1))
    assert choice.option == "attempt:strength"
