"""B2 regions, B3 roads and destinations, B4 special locations, B5 and C5 the Storm River,
C3 going on an adventure, C4 travel."""
from __future__ import annotations

from engine.darkest_talisman import actions as A
from engine.darkest_talisman import heroes as H
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import card_id
from tests.talisman.helpers import (
    act,
    check_invariants,
    choose,
    day,
    give,
    give_spell,
    hero_by,
    jump_to_destination,
    kind,
    pack,
    party_of,
    rig,
    settle,
    solo,
)


def party(seed: int = 1, *chars: str):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return settle(party_of(solo(seed), *(chars or ("warrior", "troll", "wizard"))))


def outer(s):  # type: ignore[no-untyped-def]  # tests are not type-checked
    s.village = "village_beyond"
    return settle(s)


def road(s):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return [sp.location for sp in s.trip.road]


def cards_on(s):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return [card_id(sp.card) if sp.card else None for sp in s.trip.spots]


def test_b2_three_regions_and_the_way_to_the_tower():
    """B2a, b, d, e, f: Inner (starting village, Sentinel), Outer (village beyond, Portal), Tower."""
    p = pack()
    assert [r.id for r in p.regions] == ["inner", "outer", "tower"]
    inner, out, tower = p.regions
    assert inner.village == "village" and inner.waypoint == "sentinel" and inner.beyond == "outer"
    assert out.village == "village_beyond" and out.waypoint == "portal_of_power" and out.beyond == "tower"
    assert tower.village is None and not tower.aid and not tower.trove


def test_b3b_inner_road_in_fixed_order():
    """B3a, b: six spaces, Fields, Plains, Woods, Hills, Ruins, then the destination."""
    s = choose(rig(party(), dice=[2], deck=["good_fortune", "festival"]), "depart:chapel")
    assert road(s) == ["fields", "plains", "woods", "hills", "ruins", "chapel"]


def test_b3f_outer_road_in_fixed_order():
    """B3f: Hills, Woods, Runes, Desert, Oasis, then the destination."""
    s = choose(rig(outer(party()), dice=[2], deck=["good_fortune", "festival"]), "depart:castle")
    assert road(s) == ["hills", "woods", "runes", "desert", "oasis", "castle"]


def test_b3c_b3g_aid_destinations_offered():
    s = party()
    assert {"depart:city", "depart:tavern", "depart:chapel"} <= set(s.decision.options)
    s = outer(s)
    assert {"depart:castle", "depart:temple", "depart:warlocks_cave"} <= set(s.decision.options)


def test_b3d_b3h_c3b_b_trove_destination_picked_at_random():
    """C3b-b: the party chooses a Trove; which one is random."""
    inner = {choose(rig(party(seed), dice=[2], deck=["good_fortune", "festival"]), "depart:trove").trip.destination
             for seed in range(12)}
    assert inner <= {"graveyard", "crags", "forest"} and len(inner) >= 2
    outer_troves = {choose(rig(outer(party(seed)), dice=[2], deck=["good_fortune", "festival"]), "depart:trove").trip.destination
                    for seed in range(12)}
    assert outer_troves <= {"black_knight", "chasm", "cursed_glade", "hidden_valley"} and len(outer_troves) >= 2


def test_b3e_b3i_waypoints():
    """B3e: the Sentinel guards the Inner waypoint; B3i: the Portal of Power the Outer one."""
    assert "depart:sentinel" in party().decision.options
    assert "depart:portal_of_power" in outer(party()).decision.options


def test_b3j_c10a_tower_road_order():
    assert pack().region("tower").road == ["plain_of_peril", "crypt", "mines", "death", "werewolf_den",
                                           "vampire_tower", "pits", "valley_of_fire", "crown"]


def test_b4_c4a_c_a_one_reveals_a_special_location():
    """B4a, C4a-c, d: a 1 among the day's dice reveals a special location (Inner d6: 1 Ruins ...
    6 Chapel) instead of its card; the other dice still give cards (ruling special_location_roll)."""
    s = rig(party(), dice=[1, 6], deck=["good_fortune"])
    s = choose(s, "depart:city")
    assert s.trip.road[0].special == "chapel" and s.trip.found == ["chapel"]
    assert cards_on(s) == []  # the only die was the 1


def test_c4a_c_special_locations_once_per_road_never_the_destination():
    """C4a-c: a special location cannot repeat the destination nor one already found: reroll."""
    s = rig(party(), dice=[1, 5, 6], deck=[])  # 5 = Tavern is the destination: reroll -> 6 Chapel
    s = choose(s, "depart:tavern")
    assert s.trip.road[0].special == "chapel"


def test_b4c_outer_special_locations_never_the_warlocks_cave():
    """B4c: the Warlock's Cave is never found by accident; C4a-e: the Outer table."""
    assert pack().region("outer").specials == ["black_knight", "chasm", "cursed_glade", "hidden_valley", "temple", "castle"]
    assert "warlocks_cave" not in pack().region("outer").specials


def test_b4d_no_special_locations_on_the_tower_road():
    assert pack().region("tower").specials == []


def test_c4a_b_a_die_for_every_card_the_space_would_draw():
    """C4a-b: Fields draw one card in the core game: roll 1d6 and draw that many."""
    s = choose(rig(party(), dice=[4], deck=["good_fortune", "festival", "fairy", "bad_omen"]), "depart:city")
    assert len(s.trip.spots) == 4


def test_c4a_f_h_j_cards_met_one_by_one_then_push_on_or_turn_back():
    """C4a-f: cards met in the order turned over; C4a-h: after each, push on or turn back."""
    s = choose(rig(party(), dice=[3], deck=["good_fortune", "festival", "pool_of_life"]), "depart:city")
    assert [sp.revealed for sp in s.trip.spots] == [True, False, False]
    assert kind(s) == "after_card" and s.decision.options == ["continue", "turn_back", "carry_on"]
    s = choose(s, "continue")
    assert [sp.revealed for sp in s.trip.spots] == [True, True, False]


def test_c4a_g_k_survivors_stay_and_go_on_the_road_space():
    """C4a-g, k: cards not dealt with stay on their spot and go onto the road space in revealed
    order when the party moves on; events are discarded (C6c)."""
    s = choose(rig(party(), dice=[2, 1], deck=["pool_of_life", "good_fortune", "festival"]), "depart:city")
    s = choose(s, "continue")
    assert kind(s) == "stand"
    s = rig(s, dice=[2])
    s = choose(s, "continue")
    assert s.trip.position == 1
    assert [card_id(sp.card) for sp in s.trip.road[0].spots if sp.card] == ["pool_of_life"]


def test_c4a_i_turning_back_meets_what_was_left_in_reverse():
    """C4a-i, k: back towards the village, the cards left on each space are met again, last first."""
    s = rig(party(), dice=[3], deck=["healer", "shrine", "mage"])
    s = choose(s, "depart:city")
    # three cards that stay, each met by all three characters; the Shrine rolls for each (2: nothing)
    s = rig(s, dice=[2, 2, 2])
    s = choose(s, "continue")
    s = choose(s, "continue")
    assert kind(s) == "stand"
    s = day(s)  # on to the Plains
    assert s.trip.position == 1 and kind(s) == "stand"
    s = rig(s, dice=[2, 2, 2])
    out = SYSTEM.apply(s, "p1", A.Choose(option="turn_back"))
    s = out.state
    assert s.trip.heading == "home" and s.trip.position == 0
    assert [card_id(sp.card) for sp in s.trip.spots] == ["mage", "shrine", "healer"]
    met = [e.data["card"] for e in out.events if e.kind == "talisman.ev.met"]
    assert met == ["mage", "shrine", "healer"]  # the last revealed is met first


def test_c4a_m_back_in_the_village_the_road_is_discarded():
    """C4a-m: at home the road's cards go to the discard pile, shuffled back into the deck."""
    s = choose(rig(party(), dice=[2], deck=["pool_of_life", "shrine"]), "depart:city")
    s = choose(s, "turn_back")
    assert s.mode == "village" and s.trip is None
    assert not s.decks.adventure_discard
    assert any(card_id(u) == "pool_of_life" for u in s.decks.adventure)
    check_invariants(s)


def test_c4b_dropped_things_lie_on_the_last_spot_and_are_met_on_the_way_back():
    """C4b-a, b, c, d, e: a dropped thing falls on the spot met last, cannot be picked up on the
    same visit, and is offered again when the party passes there going home."""
    s = party()
    w = hero_by(s, "warrior")
    sword = give(s, w.uid, "sword")
    s = choose(rig(settle(s), dice=[2], deck=["good_fortune", "festival"]), "depart:city")
    s = act(s, A.Drop(hero=w.uid, thing=sword))
    assert s.trip.spots[0].dropped[0].thing == sword and s.trip.spots[0].dropped[0].encountered
    s = choose(s, "continue")
    assert kind(s) == "stand"  # the sword was not offered again on this visit
    s = day(s)  # to the Plains
    s = choose(s, "turn_back")  # home via the Fields
    assert kind(s) == "pickup" and s.trip.position == 0
    s = choose(s, "take:0")
    assert any(sword in h.objects for h in s.party())
    check_invariants(s)


def test_c4c_c4e_teleport_along_the_road_keeps_the_direction():
    """C4c: a Teleport Spell moves the whole party to a road space, which is then met; C4e: the
    direction of travel does not change."""
    s = party()
    wiz = hero_by(s, "wizard")
    uid = give_spell(s, wiz.uid, "teleport")
    s = choose(rig(settle(s), dice=[2], deck=["good_fortune", "festival"]), "depart:city")
    s = rig(s, dice=[1], deck=["good_fortune"])
    s = act(s, A.Cast(hero=wiz.uid, spell=uid, target="road:3"))
    assert s.trip.position == 3 and s.trip.heading == "out" and s.trip.road[3].visited


def test_c4d_teleport_off_the_road_discards_it_and_starts_a_new_road():
    """C4d, C4f-b: to a destination off the road: the road's cards are discarded, the new
    destination stands on the sixth space and the new spaces are met on the way home."""
    s = party()
    wiz = hero_by(s, "wizard")
    uid = give_spell(s, wiz.uid, "teleport")
    s = choose(rig(settle(s), dice=[3], deck=["pool_of_life", "good_fortune", "festival"]), "depart:city")
    s = act(s, A.Cast(hero=wiz.uid, spell=uid, target="dest:chapel"))
    assert s.trip.destination == "chapel" and s.trip.position == 5
    assert [sp.visited for sp in s.trip.road] == [False] * 5 + [True]
    assert any(card_id(u) == "pool_of_life" for u in s.decks.adventure_discard)
    check_invariants(s)


def test_c4f_forced_teleport_to_a_preset_place():
    """C4f-a, b: the Imp carries the party to the Chapel: a new road with the Chapel at its end."""
    s = choose(rig(party(), dice=[2, 1], deck=["imp", "calm"]), "depart:city")  # the Imp's d6: 1, the Chapel
    assert s.trip.destination == "chapel" and s.trip.position == 5 and s.trip.goal == "aid"


def test_c4f_c_teleport_across_the_river_to_the_outer_region():
    """C4f-c, C5a: the Tavern's boatman (a 6) ferries the party to the Temple: the village it goes
    home to is the one beyond the Sentinel."""
    s = day(party(), "depart:tavern")
    for _ in range(4):
        s = day(s)
    assert s.trip.position == 4
    s = rig(s, dice=[6])
    s = choose(s, "continue")  # arrive at the Tavern: the leader rolls 6
    assert kind(s) == "offer"
    s = choose(s, "accept")
    assert s.trip.region == "outer" and s.trip.destination == "temple" and s.trip.village == "village_beyond"
    check_invariants(s)


def test_c4g_going_back_over_the_bridge_the_sentinel_is_not_met():
    """C4g: from the village beyond, the road home starts past the Sentinel."""
    s = outer(party())
    s = rig(s, dice=[2], deck=["good_fortune", "festival"])
    s = choose(s, "depart:back")
    assert s.trip.destination == "sentinel" and s.trip.heading == "home" and s.trip.position == 4
    assert s.fight is None


def test_c3b_c_the_trove_lies_face_down_under_the_destination():
    """C3b-c: Magic Objects from the Trove deck and a d6 of Gold, unseen."""
    s = choose(rig(party(), dice=[4, 2], deck=["good_fortune", "festival"]), "depart:trove")
    trove = s.trip.trove
    assert trove is not None and len(trove.items) == pack().region("inner").trove_items
    assert trove.gold == 4 and not trove.revealed
    seen = SYSTEM.view(s, "p1").data["trip"]["trove"]
    assert seen == {"items": 1, "gold": None, "revealed": False}


def test_c3b_d_the_warlocks_cave_is_reached_from_the_village_beyond():
    assert "depart:warlocks_cave" not in party().decision.options
    assert "depart:warlocks_cave" in outer(party()).decision.options


def test_c3d_d1c_an_effect_fixes_the_marching_order():
    """C3d, D1c: while an effect limits movement (the Temple's slave, the City's toad), the party
    cannot change its Marching Order until it is back in a village."""
    s = choose(rig(party(), dice=[2], deck=["good_fortune", "festival"]), "depart:city")
    s = choose(s, "continue")
    assert any(isinstance(a, A.SetOrder) for a in SYSTEM.legal_actions(s, "p1"))
    s.order_locked = True
    s = settle(s)
    assert not any(isinstance(a, A.SetOrder) for a in SYSTEM.legal_actions(s, "p1"))
    s = choose(s, "turn_back")
    assert not s.order_locked


def test_c3a_c4a_l_marching_order_only_between_road_spaces():
    """C3a-d, C4a-l: the order may change before the next road space, not between Draw Spots."""
    s = choose(rig(party(), dice=[2], deck=["good_fortune", "festival"]), "depart:city")
    assert kind(s) == "after_card"
    assert not any(isinstance(a, A.SetOrder) for a in SYSTEM.legal_actions(s, "p1"))


def test_c5b_beaten_by_the_sentinel_the_party_turns_back():
    """C5b: failure forces the characters to turn back."""
    s = party(1, "minstrel", "monk", "priest")
    s = rig(s, dice=[2], deck=["good_fortune", "festival"])
    s = choose(s, "depart:sentinel")
    s = jump_to_destination(s)
    assert kind(s) == "guardians"
    s = choose(s, "fight")
    while kind(s) in ("guardian_spell", "guardian_split"):
        s = choose(s, "pass" if kind(s) == "guardian_spell" else s.decision.options[0])
    if s.mode == "road":
        assert kind(s) == "guardians" and "fight" not in s.decision.options and "turn_back" in s.decision.options


def test_c5c_d_e_a_raft_carries_the_party_over_the_river_and_is_kept():
    """C5c: an Axe builds a raft on a Woods space; any Inner destination gives access to the river;
    C5d: the party lands in the village beyond; C5e: two item places, kept."""
    s = party()
    w = hero_by(s, "warrior")
    give(s, w.uid, "sword")
    axe = give(s, w.uid, "axe")
    s = day(settle(s), "depart:chapel")
    s = day(s)
    s = day(s)  # the Woods
    assert s.trip.road[s.trip.position].location == "woods" and kind(s) == "stand"
    assert A.BuildRaft(hero=w.uid) in SYSTEM.legal_actions(s, "p1")
    sword = s.hero(w.uid).objects[0]
    s = act(s, A.Drop(hero=w.uid, thing=sword))
    s = act(s, A.BuildRaft(hero=w.uid))
    raft = next(u for u in s.hero(w.uid).objects if card_id(u) == "raft")
    assert H.load(pack(), s.hero(w.uid))[0] == 3 and axe in s.hero(w.uid).objects
    s = day(day(s))
    s = rig(s, dice=[])
    s = choose(s, "continue")  # the Chapel
    while kind(s) != "destination":
        s = choose(s, "continue")
    assert "raft" in s.decision.options
    s = choose(s, "raft")
    assert s.mode == "village" and s.village == "village_beyond" and raft in s.hero(w.uid).objects
    check_invariants(s)


def test_c5f_quests_and_the_warlocks_talisman():
    """C5f a-e: at the Warlock's Cave a die gives a quest; deliveries are made as soon as they can
    be; completed, a Talisman is given (and, away from the Cave, the party is called back)."""
    s = outer(party())
    s = choose(rig(s, dice=[2], deck=["good_fortune", "festival"]), "depart:warlocks_cave")
    s = jump_to_destination(s)
    w = hero_by(s, "warrior")
    s.hero(w.uid).gold = 5
    s = rig(settle(s), dice=[5])  # deliver 3 Gold: done at once
    assert A.Visit(hero=w.uid, service="warlock_quest") in SYSTEM.legal_actions(s, "p1")
    s = act(s, A.Visit(hero=w.uid, service="warlock_quest"))
    hero = s.hero(w.uid)
    assert hero.quest is None and hero.gold == 2 and len(H.talismans(hero)) == 1
    assert s.trip.destination == "warlocks_cave" and s.trip.position == 5  # already there
    t = hero_by(s, "troll")
    s = rig(s, dice=[1])  # defeat an Enemy
    s = act(s, A.Visit(hero=t.uid, service="warlock_quest"))
    assert s.hero(t.uid).quest is not None and s.hero(t.uid).quest.kind == "defeat_enemy"


def test_c4c_the_elf_moves_freely_from_the_woods():
    """C4c: free movement via terrain (the Woods and the Elf)."""
    s = day(party(1, "elf", "troll", "warrior"), "depart:city")
    s = day(day(s))
    assert s.trip.road[s.trip.position].location == "woods"
    assert "move:5" in s.decision.options
    s = choose(s, "move:5")
    assert s.trip.position == 5


def test_b1e_b5_only_ways_across_the_river():
    """B5a: the bridge (Sentinel), Adventure cards and spaces (teleports) and rafts; nothing else
    leads from the first village to the Outer Region."""
    s = party()
    departs = [o for o in s.decision.options if o.startswith("depart:")]
    outer_places = set(pack().region("outer").aid + pack().region("outer").trove + ["portal_of_power"])
    assert not any(o.split(":")[1] in outer_places for o in departs)


def test_c5f_d_e_a_quest_that_can_be_done_is_done_and_the_warlock_calls_the_party_back():
    """C5f-d: a quest that can be completed must be: Gold found on the road completes a delivery;
    C5f-e, C4f-c: the party is teleported to the Warlock's Cave at once, across the river."""
    from engine.darkest_talisman.state import Quest

    s = party()
    w = hero_by(s, "warrior")
    s.hero(w.uid).quest = Quest(kind="deliver_gold", amount=2)
    s = choose(rig(settle(s), dice=[2], deck=["good_fortune", "festival"]), "depart:city")
    hero = s.hero(w.uid)  # Good Fortune's Gold made 2: delivered as soon as the card was met
    assert hero.quest is None and hero.gold == 0 and len(H.talismans(hero)) == 1
    assert s.trip.destination == "warlocks_cave" and s.trip.region == "outer" and s.trip.position == 5
    check_invariants(s)


def test_c4a_m_a_teleport_into_the_outer_region_shuffles_the_discards_back():
    """C4a-m, C4f-c: travelling into a new region, the road's cards are discarded and the discard
    pile is shuffled back into the Adventure deck; a teleport within the region does not."""
    from engine.darkest_talisman import travel
    from tests.talisman.helpers import choose, ctx_of, party_of, rig, settle, solo

    s = settle(party_of(solo(1), "warrior", "troll", "wizard"))
    s = choose(rig(s, dice=[2], deck=["festival", "good_fortune"]), "depart:city")
    assert s.trip.region == "inner"
    travel.teleport(ctx_of(s), "dest:chapel")
    assert s.trip.region == "inner" and s.decks.adventure_discard  # the same region: nothing shuffled
    travel.teleport(ctx_of(s), "dest:temple")
    assert s.trip.region == "outer" and s.decks.adventure_discard == []
