"""C6 encountering Adventure cards, and the card errata of D4."""
from __future__ import annotations

from engine.darkest_talisman import actions as A
from engine.darkest_talisman import heroes as H
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import card_id
from tests.talisman.helpers import (
    check_invariants,
    choose,
    clear_spells,
    ctx_of,
    day,
    give,
    give_spell,
    hero_by,
    kind,
    pack,
    party_of,
    rig,
    settle,
    solo,
)


def party(*chars: str, seed: int = 1):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return settle(party_of(solo(seed), *(chars or ("warrior", "troll", "wizard"))))


def go(s, dice, deck, dest="city"):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return choose(rig(s, dice=dice, deck=deck), f"depart:{dest}")


def test_c6a_cards_met_one_at_a_time_in_the_order_turned_over():
    """C6a: not by encounter number: an Object drawn before an Enemy is met first."""
    s = go(party(), [2], ["bow", "wolf"])
    assert kind(s) == "take" and s.decision.data["card"] == "bow"


def test_c6b_c6d_b_a_lost_turn_draws_a_card_met_first_by_that_character():
    """C6b, C6d-b, D1d: the Marsh (core-cards 2.7: Strength under 5) costs the second character a
    turn: a card is drawn at once, put after the Marsh, and met starting with that character."""
    s = party("troll", "wizard", "warrior")
    give(s, hero_by(s, "warrior").uid, "sword")  # the Troll 6 and the Warrior 4 + 1 pass; the Wizard 2 is stuck
    s = settle(s)
    second = s.order[1]
    s = go(s, [2], ["marsh", "good_fortune", "bow"])
    assert kind(s) == "take" and s.decision.hero == second and s.decision.data["card"] == "bow"
    assert [card_id(sp.card) if sp.card else None for sp in s.trip.spots][:2] == ["marsh", "bow"]


def test_c6c_a_card_dealt_with_is_discarded_the_rest_stays():
    """C6c: an Event is discarded once met; the Pool of Life stays on its spot."""
    s = go(party(), [2], ["angel", "pool_of_life"])
    assert s.trip.spots[0].card is None and any(card_id(u) == "angel" for u in s.decks.adventure_discard)
    s = choose(s, "continue")
    assert card_id(s.trip.spots[1].card) == "pool_of_life"


def test_c6d_a_everyone_loses_a_turn_one_card_only():
    """C6d-a: the Storm makes every character lose a turn at once: one card is drawn."""
    out = SYSTEM.apply(rig(party(), dice=[2], deck=["storm", "good_fortune", "festival"]), "p1", A.Choose(option="depart:city"))
    s = out.state
    extra = [e for e in out.events if e.kind == "talisman.ev.extra_card"]
    assert len(extra) == 1
    # the Storm's spot, the one extra card (Festival, met and discarded), then Good Fortune
    assert [card_id(sp.card) if sp.card else None for sp in s.trip.spots] == [None, None, "good_fortune"]


def test_c6e_events_hit_everyone_at_once():
    """C6e: Good Fortune gives every character its Gold in one go."""
    s = go(party(), [2], ["good_fortune", "festival"])
    assert [h.gold for h in s.party()] == [2, 2, 2]


def test_c6f_places_strangers_followers_objects_in_marching_order():
    """C6f: the leader is offered the Object first; left, it goes to the next."""
    s = party()
    first, second = s.order[0], s.order[1]
    s = go(s, [2], ["bow", "good_fortune"])
    assert s.decision.hero == first
    s = choose(s, "leave")
    assert kind(s) == "take" and s.decision.hero == second
    s = choose(s, "take")
    assert any(card_id(u) == "bow" for u in s.hero(second).objects)


def test_c6g_enemies_met_in_marching_order():
    """C6g, C7b: the leader fights first; an Enemy that beats him is faced by the next."""
    s = party("minstrel", "troll", "wizard")
    lead, nxt = s.order[0], s.order[1]
    s = go(s, [2], ["bear", "good_fortune"])
    assert kind(s) == "enemy" and s.decision.hero == lead
    s = rig(s, dice=[1, 5])  # Minstrel 2+1 = 3 against Bear 4+5 = 9
    s = choose(s, "fight")
    if kind(s) == "fate":
        s = choose(s, "accept")
    assert kind(s) == "enemy" and s.decision.hero == nxt


def test_c6g_a_c_the_minstrel_charms_animals():
    """C6g-a, c: evading needs an ability: the Minstrel may evade an Animal; the next faces it."""
    s = party("minstrel", "troll", "wizard")
    s = go(s, [2], ["bear", "good_fortune"])
    assert "evade" in s.decision.options
    s = choose(s, "evade")
    assert kind(s) == "enemy" and s.decision.hero == s.order[1] and "evade" not in s.decision.options


def test_c6g_b_immobility_lets_everyone_evade():
    """C6g-b, D3c Immobility: the creature cannot be attacked but every character may evade it."""
    s = party()
    wiz = hero_by(s, "wizard")
    clear_spells(s, wiz.uid)
    uid = give_spell(s, wiz.uid, "immobility")
    s = party_order(s, wiz.uid)
    s = go(s, [2], ["bear", "good_fortune"])
    assert f"cast:{uid}" in s.decision.options
    s = choose(s, f"cast:{uid}")
    assert s.decision.options == ["evade"]
    while kind(s) == "enemy":
        assert s.decision.options == ["evade"]
        s = choose(s, "evade")
    assert card_id(s.trip.spots[0].card) == "bear"  # evaded by all, it stays


def party_order(s, first):  # type: ignore[no-untyped-def]  # tests are not type-checked
    s.order = [first] + [u for u in s.order if u != first]
    return settle(s)


def test_c6g_c_the_priest_destroys_a_spirit():
    s = party("priest", "troll", "wizard")
    s = go(s, [2], ["spectre", "good_fortune"])
    assert "banish" in s.decision.options
    spells = len(s.hero(s.order[0]).spells)
    s = choose(s, "banish")
    # core-cards 3.1 Priest: no trophy, but he gains a Spell
    assert not s.hero(s.order[0]).trophies and any(card_id(u) == "spectre" for u in s.decks.adventure_discard)
    assert len(s.hero(s.order[0]).spells) == spells + 1


def test_d4_amulet_bearer_unaffected_by_events_strangers_places():
    """D4 Amulet: no Spells; Events, Strangers and Places do not affect the bearer."""
    s = party()
    w = hero_by(s, "warrior")
    give(s, w.uid, "amulet")
    s = go(settle(s), [2], ["good_fortune", "festival"])
    assert s.hero(w.uid).gold == 1 and [h.gold for h in s.party() if h.uid != w.uid] == [2, 2]


def test_d4_amulet_bearer_casts_no_spells_but_is_teleported():
    s = party()
    wiz = hero_by(s, "wizard")
    give(s, wiz.uid, "amulet")
    s = settle(s)
    from engine.darkest_talisman import spells
    from engine.darkest_talisman.ctx import Ctx

    assert spells.castable(Ctx(state=s, pack=pack()), s.hero(wiz.uid)) == []
    s = go(s, [2, 1], ["imp", "calm"])  # the Imp's d6: 1, the Chapel
    assert s.trip.destination == "chapel"  # the whole party went, the bearer too


def test_d4_ghost_waits_on_the_road_space_its_die_names():
    """D4 Ghost: a d6 places it on that road space (6: the destination), met first there."""
    s = go(party(), [2, 3], ["ghost", "good_fortune"])  # the Ghost's die: 3 -> the Woods
    assert [card_id(u) for u in s.trip.road[2].waiting] == ["ghost"]
    s = choose(s, "continue")  # Good Fortune, the Fields are done
    s = day(s)  # on to the Plains
    s = rig(s, dice=[2], deck=["festival", "calm"])
    s = choose(s, "continue")  # into the Woods: the Ghost first
    assert kind(s) == "enemy" and s.decision.data["enemy"] == "ghost"


def test_d4_ghost_on_the_space_the_party_stands_is_met_now():
    s = go(party(), [2, 1], ["ghost", "good_fortune"])
    assert kind(s) == "enemy" and s.decision.data["enemy"] == "ghost"


def test_d4_hermit_placed_like_the_ghost():
    s = go(party(), [2, 6], ["hermit", "good_fortune"])
    assert [card_id(u) for u in s.trip.road[5].waiting] == ["hermit"]


def test_d4_gnome_one_die_fewer_at_the_portal():
    from engine.darkest_talisman.tower import fewer_dice

    s = party()
    give(s, s.order[0], "gnome")
    assert fewer_dice(ctx_of(s), "portal") == 1 and fewer_dice(ctx_of(s), "mines") == 0


def test_d4_raiders_stash_the_gold_at_the_sentinel():
    """D4 Raiders: the party's Gold goes to the Sentinel; won back by beating him, lost at any
    other destination."""
    s = party()
    for h in s.party():
        h.gold = 2
    s = go(settle(s), [2], ["raiders", "good_fortune"])
    assert s.raiders_gold == 6 and [h.gold for h in s.party()] == [0, 0, 0]
    s = choose(s, "continue")
    assert kind(s) == "stand"
    s.trip.position = 4
    s = rig(s, dice=[])
    s = choose(s, "continue")  # arrive at the City
    assert s.raiders_gold == 0
    check_invariants(s)


def test_d4_raiders_gold_back_from_the_sentinel():
    from engine.darkest_talisman import travel

    s = party()
    s.raiders_gold = 7
    s = go(settle(s), [2], ["good_fortune", "festival"], dest="sentinel")
    ctx = ctx_of(s)
    travel.cross(ctx, "sentinel")
    golds = sorted(h.gold for h in ctx.state.party())
    assert sum(golds) == 3 * 2 + 7 and golds == [4, 4, 5] and ctx.state.raiders_gold == 0


def test_d4_sorceress_beguiles_strangers_for_gold():
    """D2 Sorceress: every Stranger met gives her Gold; Strangers see her as Neutral."""
    s = party("sorceress", "troll", "wizard")
    held = len(s.hero(s.order[0]).spells)
    s = go(s, [2], ["mage", "good_fortune"])
    assert s.hero(s.order[0]).gold == 1 + 1  # her starting Gold and the Mage's
    assert len(s.hero(s.order[0]).spells) == held  # the Mage serves the good; she counts as Neutral


def test_c6_items_taken_count_against_limits():
    s = party()
    w = hero_by(s, "warrior")
    for cid in ("armour", "shield", "helmet", "sword"):
        give(s, w.uid, cid)
    s = party_order(s, w.uid)
    s = go(s, [2], ["bow", "good_fortune"])
    assert "take" not in s.decision.options
    assert H.load(pack(), s.hero(w.uid))[0] == 4


def test_c4a_k_a_lost_turns_card_keeps_its_revealed_place_on_the_road():
    """C4a-k, C4a-g, C6d: the card drawn for a lost turn is revealed right after the spot that cost
    the turn; left on the road, it lies in that order and is met in the opposite order on the way
    back (not first, as if it had been revealed last)."""
    from engine.darkest_talisman import travel
    from engine.darkest_talisman.state import Spot

    s = go(party(), [2], ["festival", "good_fortune"])
    trip = s.trip
    ctx = ctx_of(s)
    cards_ = {}
    for cid in ("marsh", "pool_of_life", "bow"):
        uid = next(u for u in s.decks.adventure if card_id(u) == cid)
        s.decks.adventure.remove(uid)
        cards_[cid] = uid
    trip.spots = [Spot(seq=50, card=cards_["marsh"], revealed=True, met=True),
                  Spot(seq=60, card=cards_["bow"], revealed=True, met=True, start=s.order[1]),
                  Spot(seq=51, card=cards_["pool_of_life"], revealed=True, met=True)]
    travel.leave(ctx)
    assert [card_id(sp.card) for sp in trip.road[trip.position].spots] == ["marsh", "bow", "pool_of_life"]
