"""B1 the village, C1 death and replacements, C2 actions in a village."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.darkest_talisman import actions as A
from engine.darkest_talisman import heroes as H
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import card_id
from tests.talisman.helpers import (
    act,
    check_invariants,
    choose,
    ctx_of,
    give,
    hero_by,
    kind,
    pack,
    party_of,
    rig,
    settle,
    solo,
)


def village_party(seed: int = 1, *chars: str):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """The party in the village; the Warrior, if there, has bought a Sword (core characters start
    with no Object, core-cards 3), which the storage and carrying tests move about."""
    s = party_of(solo(seed), *(chars or ("warrior", "troll", "wizard")))
    warrior = next((h for h in s.heroes if h.card == "warrior"), None)
    if warrior is not None:
        give(s, warrior.uid, "sword")
    return settle(s)


def legal(s):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return SYSTEM.legal_actions(s, "p1")


def test_b1a_blacksmith_sells_while_stock_lasts():
    """B1a, facts 9.1: Helmet 2, Sword 2, Axe 3, Shield 3, Armour 4 Gold."""
    s = village_party()
    w = hero_by(s, "warrior")
    w.gold = 10
    s = settle(s)
    buys = {a.card for a in legal(s) if isinstance(a, A.Buy) and a.hero == w.uid}
    assert buys >= {"helmet", "shield", "armour", "axe"}
    s = act(s, A.Buy(hero=w.uid, card="armour"))
    w = s.hero(w.uid)
    assert w.gold == 6 and "armour" in [card_id(u) for u in w.objects]
    s.decks.purchase = [u for u in s.decks.purchase if card_id(u) != "helmet"]  # sold out
    for h in s.heroes:
        h.objects = [u for u in h.objects if card_id(u) != "helmet"]
    assert not any(isinstance(a, A.Buy) and a.card == "helmet" for a in legal(settle(s)))


def test_b1b_healer_restores_life_strength_craft_and_fate_for_gold():
    """B1b: lives, and Strength, Craft or Fate back to the starting values, 1 Gold each."""
    s = village_party()
    t = hero_by(s, "troll")
    t.gold, t.life, t.strength, t.craft, t.fate = 10, 2, 4, 0, 0
    s = settle(s)
    for service, attr, expect in (("healer_life", "life", 3), ("healer_strength", "strength", 5),
                                  ("healer_craft", "craft", 1), ("healer_fate", "fate", 1)):
        s = act(s, A.Restore(hero=t.uid, service=service))
        assert getattr(s.hero(t.uid), attr) == expect
    assert s.hero(t.uid).gold == 6
    t = s.hero(t.uid)
    t.craft = pack().character("troll").craft  # back at its starting value: no more to restore
    s = settle(s)
    assert A.Restore(hero=t.uid, service="healer_craft") not in legal(s)
    with pytest.raises(RuleError):
        act(s, A.Restore(hero=t.uid, service="healer_craft"))


def test_b1c_mystic_once_per_return_only_after_an_adventure():
    """B1c: not before the first adventure; once per character after each return."""
    s = village_party()
    assert not any(isinstance(a, A.Visit) for a in legal(s))
    s = rig(s, dice=[2], deck=["good_fortune", "festival"])
    s = choose(s, "depart:city")
    s = choose(s, "turn_back")
    assert s.mode == "village"
    visits = [a for a in legal(s) if isinstance(a, A.Visit) and a.service == "mystic"]
    assert len(visits) == 3
    s = act(s, visits[0])
    assert not any(isinstance(a, A.Visit) and a.hero == visits[0].hero for a in legal(s))


def test_b1d_storage_only_by_the_one_who_stored_it_and_lost_at_death():
    """B1d, C2d-a: stored things are out of play, retrieved only by their owner; discarded if the
    owner dies, except Talismans, which the others may take."""
    s = village_party()
    w, t = hero_by(s, "warrior"), hero_by(s, "troll")
    sword = w.objects[0]
    talisman = give(s, w.uid, "talisman")
    s = settle(s)
    s = act(s, A.Store(hero=w.uid, thing=sword))
    s = act(s, A.Store(hero=w.uid, thing=talisman))
    assert sword not in s.hero(w.uid).objects and s.storage["village"][w.uid].things == [sword, talisman]
    assert A.Retrieve(hero=t.uid, thing=sword) not in legal(s)
    assert A.Retrieve(hero=w.uid, thing=sword) in legal(s)
    ctx = ctx_of(s)
    H.kill(ctx, ctx.state.hero(w.uid), "test")
    s = settle(ctx.state)
    assert sword in s.decks.purchase  # discarded back to the Blacksmith's stock
    assert s.left_talismans["village"] == [talisman]
    s = act(s, A.Retrieve(hero=t.uid, thing=talisman))
    assert talisman in s.hero(t.uid).objects
    check_invariants(s)


def test_b1e_c2d_b_each_village_keeps_its_own_storage():
    """B1e, C2d-b: things stored in one village cannot be taken in the other."""
    s = village_party()
    w = hero_by(s, "warrior")
    sword = w.objects[0]
    s = act(s, A.Store(hero=w.uid, thing=sword))
    s.village = "village_beyond"
    s = settle(s)
    assert not any(isinstance(a, A.Retrieve) for a in legal(s))
    s.village = "village"
    s = settle(s)
    assert A.Retrieve(hero=w.uid, thing=sword) in legal(s)


def test_c1b_death_drops_possessions_and_discards_trophies():
    """C1b, C7e-f: a dead character's things fall on the Draw Spot; Trophies are discarded; the
    others may pick them up at once (C4b-f)."""
    s = rig(village_party(), dice=[2], deck=["good_fortune", "festival"])
    s = choose(s, "depart:city")
    w = hero_by(s, "warrior")
    boar = next(u for u in s.decks.adventure if card_id(u) == "wild_boar")
    s.decks.adventure.remove(boar)
    s.hero(w.uid).trophies.append(boar)
    s.hero(w.uid).gold = 3
    sword = s.hero(w.uid).objects[0]
    ctx = ctx_of(s)
    s.trip.drop_seq = s.trip.spots[0].seq
    H.kill(ctx, s.hero(w.uid), "test")
    s = ctx.state
    assert not s.hero(w.uid).alive and w.uid not in s.order
    assert boar in s.decks.adventure_discard
    pile = s.trip.spots[0].dropped
    assert [d.thing for d in pile if d.thing] == [sword] and any(d.gold == 3 for d in pile)
    assert all(not d.encountered for d in pile)
    check_invariants(settle(s))


def test_c1c_new_character_when_the_party_returns():
    """C1c: each empty village space gets a random character when the party returns."""
    s = rig(village_party(), dice=[2], deck=["good_fortune", "festival"])
    s = choose(s, "depart:city")
    w = hero_by(s, "warrior")
    ctx = ctx_of(s)
    H.kill(ctx, s.hero(w.uid), "test")
    s = settle(ctx.state)
    assert len(s.order) == 2
    s = choose(s, "turn_back")
    assert s.mode == "village" and len(s.order) == 3
    new = s.party()[-1]
    assert new.slot == w.slot and new.card not in ("warrior", "troll", "wizard")
    check_invariants(s)


def test_c1_whole_party_dead_ends_the_campaign():
    s = rig(village_party(), dice=[2], deck=["good_fortune", "festival"])
    s = choose(s, "depart:city")
    ctx = ctx_of(s)
    for h in list(ctx.state.party()):
        H.kill(ctx, h, "test")
    assert ctx.state.status == "finished" and ctx.state.outcome == "lost" and ctx.state.mode == "ended"
    check_invariants(ctx.state)


def test_c2b_trophies_cashed_only_in_a_village():
    """C2b, facts 6.4: every full 7 points give 1; never on the road."""
    s = village_party()
    t = hero_by(s, "troll")
    for cid in ("bear", "serpent"):  # 3 + 4 = 7 Strength points
        uid = next(u for u in s.decks.adventure if card_id(u) == cid)
        s.decks.adventure.remove(uid)
        t.trophies.append(uid)
    s = settle(s)
    assert A.CashTrophies(hero=t.uid, attribute="strength") in legal(s)
    assert A.CashTrophies(hero=t.uid, attribute="craft") not in legal(s)
    road = choose(rig(s.model_copy(deep=True), dice=[2], deck=["good_fortune", "festival"]), "depart:city")
    assert not any(isinstance(a, A.CashTrophies) for a in legal(road))
    s = act(s, A.CashTrophies(hero=t.uid, attribute="strength"))
    assert s.hero(t.uid).strength == 7 and s.hero(t.uid).trophies == []


def test_c2c_carrying_limits():
    """C2c-a, b, C5e: four items (a raft takes two), five trinkets (unlimited with a Mule), two
    Followers, one mount."""
    p = pack()
    s = village_party()
    w = hero_by(s, "warrior")
    give(s, w.uid, "raft")
    give(s, w.uid, "armour")
    assert H.load(p, w) == (4, 0)  # sword + raft (2) + armour
    assert not H.room_for(p, w, "helmet#1")
    assert H.room_for(p, w, "water_bottle#1")
    for cid in ("potion_of_strength", "ring", "water_bottle", "water_bottle", "magic_belt"):
        give(s, w.uid, cid)
    assert H.load(p, w)[1] == 5 and not H.room_for(p, w, "orb_of_knowledge#1")
    give(s, w.uid, "mule")
    assert H.room_for(p, w, "orb_of_knowledge#1")
    assert not H.room_for(p, w, "mule#2")  # one mount (the core box's only mount is the Mule)
    give(s, w.uid, "mercenary")
    give(s, w.uid, "alchemist")
    assert not H.room_for(p, w, "guide#1")  # two Followers
    assert H.talismans(w) == [] and H.room_for(p, w, "talisman#1")


def test_c2c_c_drop_something_to_take_something():
    """C2c-c: on the road a character may give up a thing to take another."""
    s = village_party()
    w = hero_by(s, "warrior")
    for cid in ("armour", "shield", "helmet"):
        give(s, w.uid, cid)
    s = rig(settle(s), dice=[2], deck=["bow", "calm"])
    s = choose(s, "depart:city")
    assert kind(s) == "take" and s.decision.hero == w.uid
    assert "take" not in options(s := s) and any(o.startswith("take:drop:") for o in s.decision.options)
    drop = next(o for o in s.decision.options if o.startswith("take:drop:"))
    s = choose(s, drop)
    assert "bow" in [card_id(u) for u in s.hero(w.uid).objects]
    check_invariants(s)


def test_c2d_d_bag_of_gold_is_an_object_traded_at_any_time():
    """C2d-d: a Bag of Gold is carried as an object and traded for its value whenever wanted."""
    s = village_party()
    w = hero_by(s, "warrior")
    bag = give(s, w.uid, "two_bags_of_gold")
    s = settle(s)
    assert H.load(pack(), s.hero(w.uid))[0] == 2
    s = act(s, A.CashBag(hero=w.uid, thing=bag))
    assert s.hero(w.uid).gold == 3 and bag in s.decks.adventure_discard


def test_c2e_nothing_passes_between_characters():
    """C2e: no action gives, swaps or trades a thing between two characters."""
    s = village_party()
    for a in legal(s):
        fields = a.model_dump()
        assert not ("hero" in fields and "to" in fields)
    assert not hasattr(A, "Give") and not hasattr(A, "Trade")


def test_c2_marching_order_set_in_the_village():
    s = village_party()
    orders = [a for a in legal(s) if isinstance(a, A.SetOrder)]
    assert orders
    s = act(s, orders[0])
    assert s.order == orders[0].order


def options(s):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return list(s.decision.options)


def test_ruling_storage_once_a_stay__what_comes_out_stays_out():
    """Ruling storage_once_a_stay (B1d, C2d-a): storing and taking straight back is allowed,
    but what comes out of storage is not stored again in the same stay, so no turn can go on
    storing and retrieving the same Sword forever; the next stay opens storage again."""
    s = village_party()
    w = hero_by(s, "warrior")
    sword = w.objects[0]
    s = act(s, A.Store(hero=w.uid, thing=sword))
    s = act(s, A.Retrieve(hero=w.uid, thing=sword))
    assert A.Store(hero=w.uid, thing=sword) not in legal(s)
    with pytest.raises(RuleError) as refused:
        act(s, A.Store(hero=w.uid, thing=sword))
    assert refused.value.key == "talisman.err.storage_once" and refused.value.params == {"action": "store"}
    assert sword in s.hero(w.uid).objects
    s = choose(rig(s, dice=[2], deck=["good_fortune", "festival"]), "depart:city")
    assert s.limits.retrieved == {} and '"limits"' not in SYSTEM.dump_state(s), "the stay is over"


def test_ruling_storage_once_a_stay__gold_taken_out_is_not_stored_again():
    s = village_party()
    w = hero_by(s, "warrior")
    w.gold = 3
    s = settle(s)
    s = act(s, A.Store(hero=w.uid, gold=1))
    s = act(s, A.Store(hero=w.uid, gold=1))
    s = act(s, A.Retrieve(hero=w.uid, gold=2))
    assert s.hero(w.uid).gold == 3
    assert not any(isinstance(a, A.Store) and a.gold and a.hero == w.uid for a in legal(s))
    with pytest.raises(RuleError) as refused:
        act(s, A.Store(hero=w.uid, gold=1))
    assert refused.value.key == "talisman.err.storage_once"


def test_ruling_order_once_a_stop__any_order_once_per_decision():
    """Ruling order_once_a_stop (C3a-d, C3c): at a stop the party sets its Marching Order once,
    to any order (all five others of three characters are offered), and not again until its
    next decision, so swapping back and forth cannot keep a turn going."""
    s = village_party()
    orders = [a.order for a in legal(s) if isinstance(a, A.SetOrder)]
    assert len(orders) == 5 and len({tuple(o) for o in orders}) == 5 and s.order not in orders
    back = list(s.order)
    s = act(s, A.SetOrder(order=orders[-1]))
    assert s.order == orders[-1]
    assert not any(isinstance(a, A.SetOrder) for a in legal(s))
    with pytest.raises(RuleError) as refused:
        act(s, A.SetOrder(order=back))
    assert refused.value.key == "talisman.err.order_once"
    s = choose(rig(s, dice=[2], deck=["good_fortune", "festival"]), "depart:city", actor=s.controller(None))
    assert not s.limits.order_set, "the next decision is the next stop"


def _trophies(s, hero, *ids):  # type: ignore[no-untyped-def]  # tests are not type-checked
    for cid in ids:
        uid = next(u for u in s.decks.adventure if card_id(u) == cid)
        s.decks.adventure.remove(uid)
        hero.trophies.append(uid)


def test_c2b_trophies_cash_every_full_seven_held():
    """C2b, facts 6.4 'every full 7 points': 5+4+3+2 makes two full 7s (5+2, 4+3), not one."""
    s = village_party()
    t = hero_by(s, "troll")
    _trophies(s, t, "ogre", "serpent", "bear", "goblin")  # 5 + 4 + 3 + 2 Strength points
    before = t.strength
    s = settle(s)
    from systems.darkest_talisman.describe import describe_action
    cash = A.CashTrophies(hero=t.uid, attribute="strength")
    assert describe_action(SYSTEM.view(s, "p1"), "p1", cash, "en").endswith("trade Trophies for 2 Strength")
    s = act(s, cash)
    assert s.hero(t.uid).strength == before + 2 and s.hero(t.uid).trophies == []
    check_invariants(s)


def test_c2b_trophies_cashing_keeps_the_most_value():
    """C2b, ruling `trophies_cashing`: 5+4+2+1 gives one full 7; 5+2 and 4+2+1 both spend exactly
    7 and keep 5 points (spending the largest first, 5+4, would keep only 3); the smaller go, so
    the 5 is kept."""
    s = village_party()
    t = hero_by(s, "troll")
    _trophies(s, t, "ogre", "serpent", "goblin", "wild_boar")
    before = t.strength
    s = act(settle(s), A.CashTrophies(hero=t.uid, attribute="strength"))
    kept = sorted(card_id(u) for u in s.hero(t.uid).trophies)
    assert s.hero(t.uid).strength == before + 1 and kept == ["ogre"]


def test_c2b_best_spending_matches_an_exhaustive_search():
    """C2b: the partition is exact (most full 7s, then fewest points spent) on small hands."""
    import itertools
    import random

    from engine.darkest_talisman.village import best_spending

    def brute(vals: list[int]) -> tuple[int, int]:
        best = (0, 0)
        for assign in itertools.product(range(min(len(vals), 3) + 1), repeat=len(vals)):
            groups: dict[int, int] = {}
            for v, a in zip(vals, assign, strict=False):
                if a:
                    groups[a] = groups.get(a, 0) + v
            if all(total >= 7 for total in groups.values()):
                best = max(best, (len(groups), -sum(groups.values())))
        return best

    rnd = random.Random(7)
    for _ in range(40):
        vals = [rnd.randint(1, 7) for _ in range(rnd.randint(0, 6))]
        groups, spent = best_spending(vals, 7)
        assert (groups, -sum(spent)) == brute(vals) or groups > 3, vals


def test_c2c_d_a_bag_of_gold_pays_a_ransom():
    """C2c-d: a Bag of Gold may be traded for its value 'at any time', so a character whose money
    is a Bag may pay the Black Knight's 1 Gold instead of losing a life."""
    from engine.darkest_talisman import flow
    from engine.darkest_talisman.content import Effect
    from engine.darkest_talisman.state import ApplyEffect

    s = village_party()
    t = hero_by(s, "troll")
    for h in s.heroes:
        h.gold = 0
    bag = give(s, t.uid, "two_bags_of_gold")
    life = t.life
    s.tasks.append(ApplyEffect(hero=t.uid, effect=Effect(life=-1, ransom=1), source="black_knight"))
    s.decision = None
    flow.advance(ctx_of(s))
    assert kind(s) == "ransom" and "pay" in s.decision.options
    s = choose(s, "pay")
    t = s.hero(t.uid)
    assert t.life == life and t.gold == 1 and bag not in t.objects
    check_invariants(s)


def test_c2c_d_a_bag_of_gold_pays_a_strangers_offer():
    """C2c-d: the Sorcerer's offer (a Spell for 1 Gold, core-cards 2.3) is made to a character who
    has only a Bag; the Troll and the Warrior, whose Craft holds no Spell, are not offered it."""
    from tests.talisman.helpers import rig

    s = village_party(1, "troll", "warrior", "dwarf")
    t = hero_by(s, "dwarf")
    for h in s.heroes:
        h.gold = 0
    give(s, t.uid, "two_bags_of_gold")
    s = choose(rig(settle(s), dice=[2], deck=["sorcerer", "calm"]), "depart:city")
    assert kind(s) == "offer" and s.decision.hero == t.uid
    s = choose(s, "accept")
    t = s.hero(t.uid)
    assert t.gold == 1 and len(t.spells) == 1 and not any(card_id(u) == "two_bags_of_gold" for u in t.objects)
