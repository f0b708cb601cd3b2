"""The core box's real cards (shared/research/talisman-core-cards.md, "core-cards") in the pack,
and what the effect vocabulary added for them does, card by card.

The list below is transcribed from the sheet's section 2 (names, types, copies, Enemy Strength
and Craft; PYR4's counts): the Adventure deck of data/talisman/adventures.yaml plus the Trove's
Magic Objects (trove.yaml, A2a) must be exactly these 104 cards.
"""
from __future__ import annotations

from collections import Counter

from engine.darkest_talisman import actions as A
from engine.darkest_talisman import combat, effects, encounters, services, travel
from engine.darkest_talisman import heroes as H
from engine.darkest_talisman.content import EnemyCard, ObjectCard
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import ApplyEffect, Combat, MeetCard, card_id
from packs.darkest_talisman import talisman_from_data
from tests.talisman.helpers import (
    act,
    check_invariants,
    choose,
    clear_spells,
    ctx_of,
    give,
    give_spell,
    hero_by,
    kind,
    only_spell,
    party_of,
    rig,
    settle,
    solo,
)

# (name, type, copies, Strength, Craft) -- core-cards 2.1-2.7; type "?" = NOT FOUND (the Talisman)
CORE_DECK: list[tuple[str, str, int, int | None, int | None]] = [
    # 2.1 Events (13)
    ("Angel", "event", 1, None, None), ("Blizzard", "event", 1, None, None), ("Book of Spells", "event", 1, None, None),
    ("Devil", "event", 1, None, None), ("Evil Darkness", "event", 1, None, None), ("Imp", "event", 1, None, None),
    ("Magical Vortex", "event", 1, None, None), ("Market Day", "event", 1, None, None),
    ("Mephistopheles", "event", 1, None, None), ("Pestilence", "event", 1, None, None), ("Raiders", "event", 1, None, None),
    ("Siren", "event", 1, None, None), ("Storm", "event", 1, None, None),
    # 2.2 Enemies (29)
    ("Wild Boar", "enemy", 2, 1, None), ("Wolf", "enemy", 1, 2, None), ("Ape", "enemy", 1, 3, None),
    ("Bear", "enemy", 1, 3, None), ("Lion", "enemy", 1, 3, None), ("Serpent", "enemy", 1, 4, None),
    ("Dragon", "enemy", 3, 7, None), ("Goblin", "enemy", 2, 2, None), ("Hobgoblin", "enemy", 2, 3, None),
    ("Bandit", "enemy", 2, 4, None), ("Ogre", "enemy", 2, 5, None), ("Giant", "enemy", 1, 6, None),
    ("Lemure", "enemy", 2, None, 1), ("Shadow", "enemy", 2, None, 2), ("Spectre", "enemy", 1, None, 3),
    ("Ghost", "enemy", 2, None, 4), ("Wraith", "enemy", 2, None, 5), ("Demon", "enemy", 1, None, 10),
    # 2.3 Strangers (8)
    ("Enchanter", "stranger", 1, None, None), ("Fairy", "stranger", 1, None, None), ("Phantom", "stranger", 1, None, None),
    ("Healer", "stranger", 1, None, None), ("Hermit", "stranger", 1, None, None), ("Mage", "stranger", 1, None, None),
    ("Sorcerer", "stranger", 1, None, None), ("Witch", "stranger", 1, None, None),
    # 2.4 Followers (13)
    ("Alchemist", "follower", 1, None, None), ("Cursed by a Hag", "follower", 1, None, None),
    ("Gnome", "follower", 1, None, None), ("Guide", "follower", 2, None, None), ("Maiden", "follower", 1, None, None),
    ("Mercenary", "follower", 1, None, None), ("Mule", "follower", 1, None, None), ("Pixie", "follower", 1, None, None),
    ("Poltergeist", "follower", 1, None, None), ("Prince", "follower", 1, None, None),
    ("Princess", "follower", 1, None, None), ("Unicorn", "follower", 1, None, None),
    # 2.5 Objects (19)
    ("Armour", "object", 1, None, None), ("Helmet", "object", 1, None, None), ("Shield", "object", 1, None, None),
    ("Axe", "object", 1, None, None), ("Sword", "object", 2, None, None), ("Raft", "object", 1, None, None),
    ("Water Bottle", "object", 1, None, None), ("Bag of Gold", "object", 8, None, None),
    ("Two Bags of Gold", "object", 3, None, None),
    # 2.6 Magic Objects (13 with the two Talismans, whose type is NOT FOUND)
    ("Amulet", "magic_object", 1, None, None), ("Cross", "magic_object", 1, None, None),
    ("Holy Grail", "magic_object", 1, None, None), ("Holy Lance", "magic_object", 1, None, None),
    ("Magic Belt", "magic_object", 1, None, None), ("Orb of Knowledge", "magic_object", 1, None, None),
    ("Potion of Strength", "magic_object", 1, None, None), ("Ring", "magic_object", 1, None, None),
    ("Runesword", "magic_object", 1, None, None), ("Solomon's Crown", "magic_object", 1, None, None),
    ("Wand", "magic_object", 1, None, None), ("Talisman", "?", 2, None, None),
    # 2.7 Places (9)
    ("Cave", "place", 1, None, None), ("Fountain of Wisdom", "place", 1, None, None), ("Magic Stream", "place", 1, None, None),
    ("Pool of Life", "place", 1, None, None), ("Magic Portal", "place", 1, None, None), ("Market", "place", 1, None, None),
    ("Marsh", "place", 1, None, None), ("Maze", "place", 1, None, None), ("Shrine", "place", 1, None, None),
]


def core():  # type: ignore[no-untyped-def]  # tests are not type-checked
    return talisman_from_data("core")


def test_the_pack_is_the_core_boxs_104_adventure_cards():
    """core-cards 2, 2.8: Adventure deck + Trove Magic Objects = the 104 cards, name by name, with
    their types, copies and Enemy figures; A2a: the Magic Objects are the Trove deck (the two
    Talismans, type NOT FOUND, stay in the Adventure deck: ruling core_cards)."""
    p = core()
    # 2.8: 66 cards once, 12 twice, Dragon and Two Bags of Gold three times, Bag of Gold eight
    # times: 81 names (the sheet's closing "66 names" counts only the single cards)
    copies = Counter(c for _, _, c, _, _ in CORE_DECK)
    assert sum(c for _, _, c, _, _ in CORE_DECK) == 104 and copies == {1: 66, 2: 12, 3: 2, 8: 1}
    got = []
    for card in p.adventures:
        strength = card.strength if isinstance(card, EnemyCard) else None
        craft = card.craft if isinstance(card, EnemyCard) else None
        kind_ = "?" if card.name == "Talisman" else card.type
        got.append((card.name, kind_, card.count, strength, craft))
    assert sorted(got) == sorted(CORE_DECK)
    trove = [c for c in p.adventures if c.type == "magic_object"]
    assert sum(c.count for c in trove) == 11 and sum(c.count for c in p.adventures if c.type != "magic_object") == 93
    assert p.card("talisman_card").type == "object" and p.card("talisman_card").sources["type"] == "project"
    assert sum(s.count for s in p.spells) == 24 and len(p.characters) == 14


def test_every_card_cites_the_sheet_and_the_characters_figures_are_the_sheets():
    """Honest sources: each card names its sheet source ids; core-cards 3's table is the pack's."""
    p = core()
    assert all(c.refs for c in p.adventures) and all(c.refs for c in p.characters)
    table = {"assassin": (3, 3, 4, 3, "evil"), "druid": (2, 4, 4, 4, "neutral"), "dwarf": (3, 3, 5, 5, "neutral"),
             "elf": (3, 4, 4, 3, "good"), "ghoul": (2, 4, 4, 4, "evil"), "minstrel": (2, 4, 4, 5, "good"),
             "monk": (2, 3, 4, 5, "good"), "priest": (2, 4, 4, 5, "good"), "prophetess": (2, 4, 4, 2, "good"),
             "sorceress": (2, 4, 4, 3, "evil"), "thief": (3, 3, 4, 3, "neutral"), "troll": (6, 1, 6, 1, "neutral"),
             "warrior": (4, 2, 5, 1, "neutral"), "wizard": (2, 5, 4, 3, "evil")}
    for c in p.characters:
        assert (c.strength, c.craft, c.life, c.fate, c.alignment) == table[c.id] and c.gold == 1 and not c.start_objects
    saves = {c.id: c.save for c in p.purchase if c.save}
    assert saves == {"armour": 4, "shield": 5, "helmet": 6}  # core-cards 2.5, replacing CF's guess
    prices = {c.id: (c.cost if c.for_sale else None, c.market_cost) for c in p.purchase if c.slot != "talisman"}
    assert prices == {"helmet": (2, None), "sword": (2, None), "axe": (3, None), "shield": (3, 2), "armour": (4, None),
                      "water_bottle": (None, 1), "raft": (None, 3)}


# ----------------------------------------------------------------------------- the new effect kinds
def party(*chars: str, seed: int = 1):  # type: ignore[no-untyped-def]  # tests are not type-checked
    s = party_of(solo(seed), *(chars or ("troll", "warrior", "wizard")))
    for h in s.party():
        clear_spells(s, h.uid)
    return settle(s)


def go(s, dice, deck, dest="city"):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return choose(rig(s, dice=dice, deck=deck), f"depart:{dest}")


def test_book_of_spells_fills_and_magical_vortex_empties_the_hand():
    """core-cards 2.1 Book of Spells (Spells up to the Craft's limit) and Magical Vortex (all
    discarded): Effect fill_spells, discard_spells."""
    s = go(party(), [2], ["book_of_spells", "magical_vortex"])
    wiz = hero_by(s, "wizard")
    assert len(wiz.spells) == 2 and hero_by(s, "troll").spells == []  # Craft 5: two; Craft 1: none
    s = choose(s, "continue")
    assert all(h.spells == [] for h in s.party())
    check_invariants(s)


def test_marsh_holds_the_weak_and_the_maze_all_but_the_dwarf():
    """core-cards 2.7 Marsh (Strength under 5) and Maze (Craft under 5; the Dwarf immune): Effect
    if_below, immune. A lost turn draws a card (C6d)."""
    ctx = ctx_of(party("troll", "dwarf", "wizard"))
    lost: list[str] = []
    marsh, maze = ctx.pack.card("marsh").effect, ctx.pack.card("maze").effect  # type: ignore[union-attr]  # set up by the test
    for h in ctx.state.party():
        effects.apply(ctx, h, marsh, "marsh", lost)
    assert [ctx.state.hero(u).card for u in lost] == ["dwarf", "wizard"]  # the Troll's 6 passes
    lost = []
    for h in ctx.state.party():
        effects.apply(ctx, h, maze, "maze", lost)
    assert [ctx.state.hero(u).card for u in lost] == ["troll"]  # the Wizard's 5 passes, the Dwarf is immune


def test_the_fountain_of_wisdom_holds_four_craft_then_is_gone():
    """core-cards 2.7 Fountain of Wisdom: 4 Craft on it, 1 to each who meets it, discarded empty
    (PlaceCard supply)."""
    s = party()
    crafts = [h.craft for h in s.party()]
    s = go(s, [2], ["fountain_of_wisdom", "calm"])
    assert [h.craft for h in s.party()] == [c + 1 for c in crafts]
    spot = s.trip.spots[0]
    assert card_id(spot.card) == "fountain_of_wisdom" and s.supplies[spot.card] == 1
    ctx = ctx_of(s)
    s.tasks.append(MeetCard(card=spot.card, seq=spot.seq, heroes=list(s.order)))
    encounters.run_card(ctx, s.tasks[-1])
    encounters.run_card(ctx, s.tasks[-1])
    assert spot.card is None and not s.supplies and any(card_id(u) == "fountain_of_wisdom" for u in s.decks.adventure_discard)


def test_the_bandit_is_paid_off_and_stays():
    """core-cards 2.2 Bandit: 1 Gold and he does not attack; he stays until killed (EnemyCard toll)."""
    s = go(party(), [2], ["bandit", "calm"])
    assert kind(s) == "enemy" and "pay" in s.decision.options
    leader = s.order[0]
    s = choose(s, "pay")
    assert s.hero(leader).gold == 0 and card_id(s.trip.spots[0].card) == "bandit"
    check_invariants(s)


def test_the_mercenary_is_hired_and_paid_for_a_battle():
    """core-cards 2.4 Mercenary: 1 Gold to take him; then 1 Gold buys +3 Strength for one battle
    (FollowerCard hire, paid_strength, wage)."""
    s = party()
    leader = s.order[0]
    s.hero(leader).gold = 2
    s = go(settle(s), [2], ["mercenary", "ogre"])
    assert kind(s) == "take" and s.decision.options == ["take", "leave", "ignore"]  # ruling leave_for_good
    s = choose(s, "take")
    assert s.hero(leader).gold == 1 and any(card_id(f) == "mercenary" for f in s.hero(leader).followers)
    s = choose(s, "continue")
    assert kind(s) == "enemy" and "hire" in s.decision.options
    s = choose(s, "hire")
    task = s.tasks[-1]
    assert isinstance(task, Combat) and task.bonus == 3 and task.hired and s.hero(leader).gold == 0
    assert "hire" not in s.decision.options


def test_a_guide_lets_the_forest_roll_be_skipped_and_a_pixie_evades_in_the_woods():
    """core-cards 2.4 Guide (no need to roll in the Forest unless wished) and Pixie (evade in the
    Woods): FollowerCard safe_in, evade_in."""
    s = party()
    give(s, s.order[0], "guide")
    ctx = ctx_of(settle(s))
    hero = ctx.state.hero(s.order[0])
    assert H.safe_in(ctx.pack, hero, "forest") and not H.safe_in(ctx.pack, hero, "graveyard")
    give(s, s.order[1], "pixie")
    assert H.evades_in(ctx.pack, ctx.state.hero(s.order[1]), "woods")
    assert not H.evades_in(ctx.pack, ctx.state.hero(s.order[2]), "woods")


def test_the_hag_sends_the_other_followers_away_until_the_mystic():
    """core-cards 2.4 Cursed by a Hag: must be taken, the other Followers leave, none may join;
    the Village Mystic sends her away (FollowerCard must_take, hag)."""
    s = party()
    leader = s.order[0]
    give(s, leader, "unicorn")
    s = go(settle(s), [2], ["cursed_by_a_hag", "calm"])
    assert kind(s) == "take" and s.decision.options == ["take"]
    s = choose(s, "take")
    followers = [card_id(f) for f in s.hero(leader).followers]
    assert followers == ["cursed_by_a_hag"] and any(card_id(u) == "unicorn" for u in s.decks.adventure_discard)
    assert not H.room_for(ctx_of(s).pack, s.hero(leader), "maiden#1")
    ctx = ctx_of(s)
    mystic = next(x for x in ctx.pack.village_services if x.id == "mystic")
    services.visit(ctx, ctx.state.hero(leader), mystic, [])
    assert ctx.state.hero(leader).followers == []
    check_invariants(ctx.state)


def test_the_poltergeist_fixes_the_order_until_the_river_is_crossed():
    """core-cards 2.4 Poltergeist: must be taken; one space a turn fixes the Marching Order (C3d,
    D1c); crossing the river rids the party of it (FollowerCard poltergeist)."""
    s = go(party(), [2], ["poltergeist", "calm"])
    assert s.decision.options == ["take"]
    s = choose(s, "take")
    assert s.order_locked
    ctx = ctx_of(s)
    travel.arrive_village(ctx, "village", crossed=False)
    assert ctx.state.order_locked  # home again, it still follows
    travel.river_crossed(ctx)
    assert not ctx.state.order_locked and not any(h.followers for h in ctx.state.party())


def test_the_fairy_grants_one_wish_to_the_first_good_character_then_leaves():
    """core-cards 2.3 Fairy: the first good character gets one wish; then she is gone
    (StrangerCard first_only, Service alignments, group `wish`)."""
    s = party("troll", "elf", "minstrel")
    s = go(s, [2], ["fairy", "calm"])
    assert kind(s) == "service" and s.decision.hero == hero_by(s, "elf").uid
    elf = hero_by(s, "elf")
    wishes = [a for a in SYSTEM.legal_actions(s, "p1") if isinstance(a, A.Visit)]
    assert {a.service for a in wishes} >= {"wish_spell", "wish_craft", "wish_teleport"}
    s = act(s, A.Visit(hero=elf.uid, service="wish_craft"))
    assert s.hero(elf.uid).craft == 5
    assert not any(isinstance(a, A.Visit) for a in SYSTEM.legal_actions(s, "p1"))  # one wish only
    assert kind(s) != "service"  # nobody else meets her
    assert s.trip.spots[0].card is None and any(card_id(u) == "fairy" for u in s.decks.adventure_discard)
    check_invariants(s)


def test_the_enchanter_serves_only_craft_four_or_more():
    """core-cards 2.3 Enchanter: the first character with Craft 4 or more (Service craft_min)."""
    s = go(party("troll", "warrior", "wizard"), [2], ["enchanter", "calm"])
    assert kind(s) == "service" and s.decision.hero == hero_by(s, "wizard").uid


def test_the_orb_of_knowledge_sends_a_card_back_once_a_space():
    """core-cards 2.6 Orb of Knowledge (and the Prophetess, 3.1): a card just turned over may be
    discarded for another, which must be met (Effect redraw)."""
    s = party()
    give(s, s.order[1], "orb_of_knowledge")
    s = go(settle(s), [2], ["ogre", "calm", "wolf"])
    assert kind(s) == "offer" and s.decision.hero == s.order[1]
    s = choose(s, "accept")
    assert s.trip.redrawn and any(card_id(u) == "ogre" for u in s.decks.adventure_discard)
    assert kind(s) == "enemy" and s.decision.data["enemy"] == "wolf"
    check_invariants(s)


def test_the_potion_of_strength_lasts_the_turn():
    """core-cards 2.6 Potion of Strength: +2 Strength until the end of the turn (Effect boost_strength)."""
    s = party()
    troll = s.order[0]
    potion = give(s, troll, "potion_of_strength")
    s = go(settle(s), [2], ["calm", "good_fortune"])
    before = H.total(ctx_of(s).pack, s.hero(troll), "strength")
    s = act(s, A.Use(hero=troll, thing=potion))
    assert H.total(ctx_of(s).pack, s.hero(troll), "strength") == before + 2 and potion not in s.hero(troll).objects
    ctx = ctx_of(s)
    travel.arrive(ctx, 1)
    assert ctx.state.hero(troll).boost == 0


def test_magic_objects_cross_grail_lance_runesword_wand():
    """core-cards 2.6: the Cross wards the Chapel for the evil and banishes Spirits; the Holy Grail
    is not for the evil; the Holy Lance gives +3 against Dragons; the Runesword drinks a life on a
    win; the Wand draws a Spell when the last is cast (ObjectCard wards, banish, not_for,
    dragon_strength, drain, keeps_spell)."""
    s = party("wizard", "troll", "warrior")
    wiz, troll = s.order[0], s.order[1]
    ctx = ctx_of(s)
    p = ctx.pack
    give(s, wiz, "cross")
    lost: list[str] = []
    life = s.hero(wiz).life
    effects.apply(ctx, s.hero(wiz), p.location("chapel").effect, "chapel", lost)  # type: ignore[arg-type]  # a deliberately loose value from the test
    assert s.hero(wiz).life == life and combat.can_banish(ctx, s.hero(wiz))
    assert not H.room_for(p, s.hero(wiz), "holy_grail#1") and H.room_for(p, s.hero(troll), "holy_grail#1")
    lance = give(s, troll, "holy_lance")
    assert H.total(p, s.hero(troll), "strength", versus="dragon") == 6 + 3
    assert H.total(p, s.hero(troll), "strength") == 6 + 1
    s.hero(troll).objects.remove(lance)
    s.decks.trove.append(lance)
    give(s, wiz, "runesword")
    task = Combat(hero=wiz, enemy="cave_goblin", attribute="strength", value=2, kind="monster", result="won")
    combat.finish(ctx, task)
    assert s.hero(wiz).life == life + 1
    give(s, troll, "wand")
    assert len(s.hero(troll).spells) == 0  # Craft 1 holds no Spell: the Wand draws none


def test_warrior_rolls_twice_monk_fights_without_weapons_minstrel_evades_dragons():
    """core-cards 3.1: the Warrior keeps the higher of two rolls in battle; the Monk uses no Weapon;
    the Minstrel may evade Dragons as well as Animals (abilities double_roll, no_weapons,
    charm_dragons)."""
    s = party("warrior", "monk", "minstrel")
    ctx = ctx_of(s)
    w, m, mi = (ctx.state.hero(u) for u in s.order)
    rig(s, dice=[2, 5])
    task = Combat(hero=w.uid, enemy="cave_goblin", attribute="strength", value=2, kind="monster")
    assert combat._attack_roll(ctx, task, w) == [5]
    give(s, m.uid, "sword")
    assert H.object_bonus(ctx.pack, m, "strength") == 0
    dragon = Combat(hero=mi.uid, enemy="cave_dragon", attribute="strength", value=7, kind="dragon")
    assert "evade" in combat.options(ctx, dragon)
    assert "evade" not in combat.options(ctx, dragon.model_copy(update={"hero": w.uid}))


def test_acquisition_alchemy_mesmerism_take_between_companions():
    """core-cards 5: Acquisition (an Object or 1 Gold of another character), Alchemy (an Object
    into 1 Gold), Mesmerism (another's Follower) -- C2e lets a Spell move things between them."""
    s = party("wizard", "troll", "warrior")
    wiz, troll = s.order[0], s.order[1]
    sword = give(s, troll, "sword")
    unicorn = give(s, troll, "unicorn")
    acq = give_spell(s, wiz, "acquisition")
    s = settle(s)
    s = act(s, A.Cast(hero=wiz, spell=acq, target=f"take:{troll}:{sword}"))
    assert sword in s.hero(wiz).objects and sword not in s.hero(troll).objects
    alc = only_spell(s, wiz, "alchemy")
    gold = s.hero(wiz).gold
    s = act(settle(s), A.Cast(hero=wiz, spell=alc, target=f"obj:{sword}"))
    assert s.hero(wiz).gold == gold + 1 and sword in s.decks.purchase
    mes = only_spell(s, wiz, "mesmerism")
    s = act(settle(s), A.Cast(hero=wiz, spell=mes, target=f"take:{troll}:{unicorn}"))
    assert unicorn in s.hero(wiz).followers
    assert s.hero(wiz).spells  # the Wizard always holds a Spell: he drew one after his last
    check_invariants(s)


def test_the_market_sells_its_own_goods_at_its_own_prices():
    """core-cards 2.7 Market: Water Bottle 1, Shield 2, Raft 3 (Service market, ObjectCard market_cost)."""
    s = party()
    for h in s.party():
        h.gold = 5
    s = go(settle(s), [2], ["market", "calm"])
    assert kind(s) == "service"
    buys = {a.card for a in SYSTEM.legal_actions(s, "p1") if isinstance(a, A.Buy)}
    assert buys == {"water_bottle", "shield", "raft"}
    leader = s.decision.hero
    s = act(s, A.Buy(hero=leader, card="shield"))
    assert s.hero(leader).gold == 3


def test_the_alchemist_follower_turns_objects_into_gold():
    """core-cards 2.4 Alchemist: any Object into 1 Gold, at any time (FollowerCard alchemist)."""
    s = party()
    troll = s.order[0]
    give(s, troll, "alchemist")
    sword = give(s, troll, "sword")
    s = go(settle(s), [2], ["calm", "good_fortune"])
    gold = s.hero(troll).gold
    s = act(s, A.Sell(hero=troll, thing=sword))
    assert s.hero(troll).gold == gold + 1 and sword not in s.hero(troll).objects


def test_the_imp_moves_the_party_once_by_one_die():
    """core-cards 2.1 Imp, C4c, C4f: one roll for the whole party (EventCard once)."""
    s = go(party(), [2, 5], ["imp", "calm"])
    assert s.trip.destination == "cursed_glade" and s.trip.region == "outer"


def test_a_guide_makes_the_forests_roll_a_choice():
    """core-cards 2.4 Guide: met in the Forest (a special location), the space's roll is offered
    free to the character with the Guide (accept: roll, decline: safe) instead of rolled."""
    s = party()
    give(s, s.order[0], "guide")
    s = settle(s)
    s = rig(s, dice=[1, 3])  # the Fields: a 1 -> special location 3 = the Forest
    s = choose(s, "depart:city")
    assert s.trip.road[0].special == "forest"
    assert kind(s) == "offer" and s.decision.hero == s.order[0] and s.decision.data["source"] == "forest"
    task = s.tasks[-1]
    assert isinstance(task, ApplyEffect) and task.effect.offer is not None and task.effect.offer.effect.roll


def test_objects_found_on_the_road_are_not_the_blacksmiths_copies():
    """Adventure Objects and Purchase cards are separate decks (A2d): a found Sword is discarded
    to the Adventure discard pile, a bought one back to the stock."""
    from engine.darkest_talisman import cards as C
    p = core()
    assert C.deck_of(p, "sword_found#1") == "adventure" and C.deck_of(p, "sword#1") == "purchase"
    assert isinstance(p.card("sword_found"), ObjectCard) and Counter(c.type for c in p.adventures)["place"] == 9
