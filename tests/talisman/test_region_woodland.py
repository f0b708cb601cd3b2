"""The Woodland (DT section M): each test names the rule it checks (M1-M9).

The pack (data/talisman/expansions/woodland/) with every card M names; the Woodland Region
reached from the Forest (M6, the groundwork: tests/talisman/test_region_groundwork.py); Light and
Dark Fate (M2), fatebound (M3), Paths and Destinies (M4), the Faerie Path's Special Locations
(M7b), the Meeting with Destiny (M8d), the cards M9 changes; and whole campaigns played by the
campaign AI through the engine and the bot's turn messages."""
from __future__ import annotations

import random

from engine.core.system import Seat
from engine.darkest_talisman import flow, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import EnemyCard, pack_by_id
from engine.darkest_talisman.expansions import decks, regions, woodland
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.expansions.registry import EXPANSIONS, by_name
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import Combat, Decision, Spot, TeleportTask, card_id
from tests.talisman.expansion_helpers import broken, ctx
from tests.talisman.helpers import jump_to_destination, rig

WOODLAND = "core+woodland"
REGION = woodland.REGION

#: M9's cards, by the type DT gives them
M9_DECK = {"baba_yagas_hut": "follower", "big_bad_wolf": "enemy", "kelpie": "follower", "lucky_coin": "object",
           "woodland_rune_gate": "place", "shaefoal": "enemy", "thieving_pixies": "enemy", "titanias_gate": "place",
           "toad_king": "stranger", "tranquil_glade": "place", "undine": "follower", "webspinner_spider": "enemy",
           "faerie_gate": "place"}
M9_PATHS = {"clear_path", "path_of_respite", "dangerous_path", "path_of_folly", "path_of_fortune", "path_of_the_determined"}
M9_DESTINIES = {"the_dreaded", "the_vagabond", "the_void"}
M9_CHARACTERS = {"ancient_oak", "leywalker", "scout", "spider_queen"}


def game(seed: int = 1, party: int = 1):  # type: ignore[no-untyped-def]  # tests are not type-checked
    seats = [Seat(player=f"p{i + 1}", name=f"P{i + 1}") for i in range(party)]
    return SYSTEM.new_game(seats, {"pack": WOODLAND}, seed).state


def at_the_forest(seed: int = 1, party: int = 1):  # type: ignore[no-untyped-def]
    s = game(seed, party)
    travel.depart(ctx(s), "depart:forest")
    return jump_to_destination(s)


def in_woodland(seed: int = 1, party: int = 1, answer: str = "fate_light"):  # type: ignore[no-untyped-def]
    """The party on the Faerie Path's first space, each character's Fate designated."""
    s = at_the_forest(seed, party)
    c = ctx(s)
    s.decision = None
    regions.enter(c, REGION)
    flow.advance(c)
    while s.decision is not None and s.decision.kind == "woodland_fate":
        flow.answer(c, answer if answer in s.decision.options else "fate_dark")  # no half of a single Fate
        flow.advance(c)
    return s


def kinds(c) -> list[str]:  # type: ignore[no-untyped-def]
    """The kinds of the events this context emitted."""
    return [e.kind for e in c.events]


def quiet(s):  # type: ignore[no-untyped-def]
    """Clear the party's space of cards (to the live deck's discards) and any pending decision."""
    for spot in s.trip.spots:
        if spot.card is not None:
            s.decks.adventure_discard.append(spot.card)
            spot.card = None
    s.trip.spots = []
    s.tasks = []
    s.decision = None
    return s


def test_m9_every_card_m_names_is_in_the_pack():
    """M9 (and M1, M4): the cards, characters, Paths and Destinies DT names, of the types it
    gives; Oberon's Bow is in the Woodland Trove deck (M1: the Magic Items out of the deck);
    14 Destinies, 7 Light and 7 Dark (facts M.1)."""
    exp = expansion_by_id("woodland")
    deck = {c.id: c.type for c in exp.adventures}
    for cid, kind in M9_DECK.items():
        assert deck.get(cid) == kind, cid
    assert not any(c.type == "magic_object" for c in exp.adventures)
    assert "oberons_bow" in {c.id for c in exp.trove}
    piles = {p.id: {c.id for c in p.cards} for p in exp.piles}
    assert M9_PATHS <= piles[woodland.PATHS_PILE]
    assert set(woodland.PATHS) == piles[woodland.PATHS_PILE]  # every Path has its trial at the Meeting
    assert M9_DESTINIES <= piles[woodland.DARK_PILE]
    assert len(piles[woodland.LIGHT_PILE]) == len(piles[woodland.DARK_PILE]) == 7
    assert M9_CHARACTERS <= {c.id for c in exp.characters}
    assert by_name("Woodland") == "woodland" and EXPANSIONS["woodland"] is woodland
    thieves = next(c for c in exp.adventures if c.id == "thieving_pixies")
    spider = next(c for c in exp.adventures if c.id == "webspinner_spider")
    assert isinstance(thieves, EnemyCard) and isinstance(spider, EnemyCard) and not spider.evadable


def test_m7a_m8a_the_faerie_path_queen_mab_and_the_trove_are_content():
    """M6a-b, M7a: from the Forest the Faerie Path: Woods, Glade, Bog (a die each), Thicket (two),
    Dense Forest (three), then Mab's Lair; M7b's six Special Locations in order; M8a Queen Mab,
    Strength 10 and Craft 10; M6e-f: the Woodland Spells shuffled in, three Magic Objects and a
    die of Gold; M8f: ten Woodland cards join the core deck, the Faerie Gate among them."""
    spec = expansion_by_id("woodland").region
    assert spec is not None and spec.straddle == "forest" and spec.end == "mabs_lair" and spec.goal == "trove"
    p = pack_by_id(WOODLAND)
    region = p.region(REGION)
    assert region.road == ["faerie_woods", "faerie_glade", "faerie_bog", "faerie_thicket", "dense_forest"]
    assert [p.location(x).draws for x in region.road] == [1, 1, 1, 2, 3]
    assert [p.location(x).name for x in region.road] == ["Woods", "Glade", "Bog", "Thicket", "Dense Forest"]
    assert region.specials == ["faerie_ring", "swampland", "blasted_heath", "crossroads", "faerie_village", "mystic_glen"]
    mab = p.foe("queen_mab")
    assert (mab.strength, mab.craft) == (10, 10) and spec.master == "queen_mab"
    assert spec.trove_items == 3 and spec.trove_gold_dice == 1 and spec.spells_in
    assert len(spec.joins_core) == 10 and "faerie_gate" in spec.joins_core
    assert p.name_of(REGION, "it") == "Bosco Fatato"


def test_m6c_f_m4a_m2b_entering_from_the_forest():
    """M6c-f: from the Forest, met, the party may go into the Woodland: the Woodland deck is
    live, the Woodland Spells are in the Spell deck, the trove is three Woodland Magic Objects;
    M4a: each character draws a Path; M2b: each with Fate is asked to designate it."""
    s = at_the_forest(3, party=2)
    c = ctx(s)
    assert "enter:woodland_region" in regions.entries(c) or s.trip.goal == "trove"
    s.decision = None
    regions.enter(c, REGION)
    assert s.ext.live == "woodland" and s.trip.region == REGION and s.trip.destination == "mabs_lair"
    assert all(card_id(u) in expansion_by_id("woodland").adventure_ids() for u in s.decks.adventure)
    assert {"thorn_lash", "woodland_mend", "faerie_fire"} <= {card_id(u) for u in s.decks.spells + s.decks.spell_discard
                                                              + [x for h in s.heroes for x in h.spells]}
    assert len(s.trip.trove.items) == 3
    assert all(card_id(u) in {m.id for m in expansion_by_id("woodland").trove} for u in s.trip.trove.items)
    for hero in s.party():
        held = woodland.path_of(c, hero)
        assert held is not None and card_id(held) in woodland.PATHS
    flow.advance(c)
    with_fate = [h for h in s.party() if h.fate > 0]
    assert s.decision is not None and s.decision.kind == "woodland_fate" and s.decision.hero == with_fate[0].uid
    assert broken(s) == []


def test_the_woodland_way_in_is_a_choice_from_the_village():
    """M6b: the party may choose the Inner road to the Forest (not only a random trove)."""
    s = game(4)
    flow.advance(ctx(s))
    assert s.decision.kind == "village" and "depart:forest" in s.decision.options


def test_m2b_m2c_fate_designated_on_entering_and_gained_after_its_lean():
    """M2b: entering, Light Fate may be made Dark; the designation stays out of the Woodland.
    M2c: Fate gained in the Woodland follows the character's choice; out of it, only Light."""
    s = in_woodland(5, answer="fate_dark")
    c = ctx(s)
    hero = s.party()[0]
    assert hero.fate > 0 and woodland.dark(c, hero) == hero.fate and woodland.light(c, hero) == 0
    assert woodland.binding(c, hero) == "darkbound"  # M3
    before = hero.fate
    hero_rules.change(c, hero, "fate", 1, "test")
    woodland.sync(c)
    assert woodland.dark(c, hero) == before + 1  # gained in the Woodland: Dark
    regions.end(c, "teleport")  # out of the Woodland
    hero_rules.change(c, hero, "fate", 1, "test")
    woodland.sync(c)
    assert woodland.dark(c, hero) == before + 1 and woodland.light(c, hero) == 1  # gained outside: Light
    s2 = in_woodland(5, answer="fate_half")
    h2 = s2.party()[0]
    c2 = ctx(s2)
    assert woodland.dark(c2, h2) == (h2.fate + 1) // 2
    s3 = in_woodland(5, answer="fate_light")
    h3 = s3.party()[0]
    assert woodland.dark(ctx(s3), h3) == 0 and woodland.binding(ctx(s3), h3) == "lightbound"


def _losing_fight(s, enemy_strength: int):  # type: ignore[no-untyped-def]
    """A battle the character loses on scripted dice, stopped at the Fate question (C7, M2a)."""
    c = ctx(s)
    quiet(s)
    hero = s.party()[0]
    s.tasks.append(Combat(hero=hero.uid, enemy="brigand", attribute="strength", value=enemy_strength, kind="monster"))
    flow.advance(c)
    assert s.decision.kind == "enemy"
    rig(s, dice=[1, 5])  # the character's die, then the Enemy's
    flow.answer(c, "fight")
    flow.advance(c)
    return c, hero


def test_m2a_dark_fate_makes_the_enemy_roll_again():
    """M2a: a Dark Fate makes the Enemy reroll (a Light one rerolls the character's die); with no
    Light Fate left only the Dark reroll is offered."""
    s = in_woodland(6, answer="fate_dark")
    c, hero = _losing_fight(s, 4)
    assert s.decision.kind == "fate"
    assert "dark_reroll" in s.decision.options and "reroll" not in s.decision.options
    fate = hero.fate
    rig(s, dice=[1])  # the Enemy's new roll
    flow.answer(c, "dark_reroll")
    flow.advance(c)
    assert hero.fate == fate - 1 and woodland.dark(c, hero) == fate - 1
    assert s.ext.woodland.dark_rerolls == 1
    assert not any(isinstance(t, Combat) for t in s.tasks)  # the battle is over: won on the reroll
    assert broken(s) == []


def test_m7b3_no_fate_is_spent_on_the_blasted_heath():
    """M7b-3: on the Blasted Heath no Fate may be spent: the lost battle is not put to a Fate
    question with a lone button, it stands (a life lost, the Fate kept)."""
    s = in_woodland(6, answer="fate_half")
    s.trip.road[0].special = "blasted_heath"
    hero = s.party()[0]
    fate, life = hero.fate, hero.life
    assert fate > 0
    c, _ = _losing_fight(s, 4)
    assert s.decision is None or s.decision.kind != "fate"
    assert hero.fate == fate and not any(isinstance(t, Combat) for t in s.tasks)
    assert "talisman.ev.blasted_no_fate" in kinds(c) and "talisman.ev.combat" in kinds(c)
    fought = next(e for e in c.events if e.kind == "talisman.ev.combat")
    assert fought.data["result"] in ("lost", "tie")  # it stands as rolled
    assert hero.life < life or fought.data["result"] == "tie" or "talisman.ev.armour" in kinds(c)


def _at_the_lair(s):  # type: ignore[no-untyped-def]
    """The party at Mab's Lair, its trove shared out (M8c)."""
    c = ctx(s)
    quiet(s)
    s.trip.position = len(s.trip.road) - 1
    s.trip.road[-1].visited = True
    s.trip.location_met = True
    s.trip.destination_done = True
    s.trip.heading = "home"
    woodland.trove_won(c)
    return c


def _hold_path(s, hero, path: str) -> None:  # type: ignore[no-untyped-def]
    """Give the character this Path (his own goes back to the pile)."""
    record = s.ext
    pile = record.piles[woodland.PATHS_PILE]
    for uid in record.piles.pop(woodland.path_pile(hero.uid), []):
        pile.insert(0, uid)
    held = next(key for key, cards in record.piles.items() if any(card_id(u) == path for u in cards))  # maybe another's
    uid = next(u for u in record.piles[held] if card_id(u) == path)
    record.piles[held].remove(uid)
    record.piles[woodland.path_pile(hero.uid)] = [uid]


def test_m8d_m4b_m4c_the_meeting_with_destiny_resolves_each_path():
    """M8d: once the trove is shared out each character with a Path may meet his Destiny, in
    Marching Order; the Path resolved is discarded; M4c: a Destiny only when the Path gives one
    (the Clear Path always, the Warrior's Path only if Queen Mab's Craft is beaten); the Destiny
    is Light with more Light Fate; its gifts come once."""
    s = in_woodland(7, party=2, answer="fate_light")
    first, second = s.party()[:2]
    _hold_path(s, first, "clear_path")
    _hold_path(s, second, "warriors_path")
    c = _at_the_lair(s)
    strength = first.strength
    flow.advance(c)
    assert s.decision.kind == "woodland_destiny" and s.decision.hero == first.uid
    assert s.decision.data["card"] == "clear_path"
    flow.answer(c, "meet_destiny")
    held = woodland.destinies_of(c, first)
    assert len(held) == 1 and card_id(held[0]) in {x.id for p in expansion_by_id("woodland").piles
                                                   if p.id == woodland.LIGHT_PILE for x in p.cards}
    assert woodland.path_of(c, first) is None
    gifts = pack_by_id(WOODLAND).card(card_id(held[0])).effect
    assert first.strength == strength + gifts.strength
    s.decision = None
    flow.advance(c)
    assert s.decision.kind == "woodland_destiny" and s.decision.hero == second.uid
    rig(s, dice=[1, 6])  # his die, Mab's: the trial is lost
    flow.answer(c, "meet_destiny")
    assert woodland.destinies_of(c, second) == [] and woodland.path_of(c, second) is None
    assert s.ext.woodland.meetings == 2 and s.ext.woodland.destinies == 1
    assert broken(s) == []


def test_m4c_a_dark_destiny_for_a_darkbound_character():
    """M4c, M2: a character with more Dark than Light Fate gains a Dark Destiny, its Fate Dark."""
    s = in_woodland(8, answer="fate_dark")
    hero = s.party()[0]
    _hold_path(s, hero, "path_of_the_determined")
    c = _at_the_lair(s)
    dark = woodland.dark(c, hero)
    woodland.meet_destiny(c, hero)
    held = woodland.destinies_of(c, hero)
    dark_ids = {x.id for p in expansion_by_id("woodland").piles if p.id == woodland.DARK_PILE for x in p.cards}
    assert len(held) == 1 and card_id(held[0]) in dark_ids
    assert woodland.dark(c, hero) == dark + 1


def test_m9_path_of_respite_every_life_but_one_then_the_village():
    """M9 Path of Respite: every life but one, a Destiny; once the Meeting is over, the party is
    teleported to the Village."""
    s = in_woodland(9, answer="fate_light")
    hero = s.party()[0]
    hero.life = 5
    _hold_path(s, hero, "path_of_respite")
    c = _at_the_lair(s)
    flow.advance(c)
    flow.answer(c, "meet_destiny")
    assert woodland.destinies_of(c, hero) and hero.life in (1, 2)  # 1, and +1 if the Destiny gives a life
    flow.advance(c)
    while s.decision is not None and s.decision.kind == "woodland_destiny":  # the others pass
        assert s.mode == "road" and s.trip.region == REGION  # the teleport waits for them (M9)
        flow.answer(c, "decline_destiny")
        flow.advance(c)
    assert s.mode == "village" or s.trip.region != REGION
    assert s.ext.region is None and woodland.path_of(c, hero) is None
    assert broken(s) == []


def test_m4a_paths_discarded_leaving_m4e_destinies_kept_m4f_lost_at_death():
    """M4a: out of the Region the Paths go back; M4e: Destinies are kept; M4f: discarded at death."""
    s = in_woodland(10, answer="fate_light")
    c = ctx(s)
    hero = s.party()[0]
    woodland.gain_destiny(c, hero)
    assert woodland.path_of(c, hero) is not None
    quiet(s)
    s.trip.heading = "home"
    travel._move(c, -1)  # walk out past the first space: at the Forest
    assert s.trip.region == "inner" and woodland.path_of(c, hero) is None
    assert len(woodland.destinies_of(c, hero)) == 1
    hero_rules.kill(c, hero, "test")
    assert woodland.destinies_of(c, hero) == []
    assert broken(s) == []


def test_m7b2_swampland_draws_a_card_until_a_4_or_more():
    """M7b-2: a party roll: 1-3 a Woodland card comes and is met, then the Swampland again; 4-6
    the party goes on."""
    s = in_woodland(11, answer="fate_light")
    c = ctx(s)
    quiet(s)
    s.trip.road[0].special = "swampland"
    s.trip.location_met = True
    deck = len(s.decks.adventure)
    rig(s, dice=[2])
    assert woodland.work(c)
    assert len(s.trip.spots) == 1 and len(s.decks.adventure) == deck - 1 and s.ext.woodland.swamp_traps == 1
    s.trip.spots[0].met = True
    rig(s, dice=[5])
    assert woodland.work(c)
    assert "0:swampland" in s.ext.woodland.settled
    assert not woodland.work(c)  # settled: nothing more


def test_m7b4_crossroads_onward_or_new_paths():
    """M7b-4: 6d6 below the party's Strength and Craft: on to the next Road Space; above: every
    character swaps his Path for a new one."""
    s = in_woodland(12, answer="fate_light")
    c = ctx(s)
    quiet(s)
    s.trip.road[0].special = "crossroads"
    s.trip.location_met = True
    rig(s, dice=[1] * 6 + [3])  # 6 against the party, then the Glade's die
    woodland.work(c)
    assert s.trip.position == 1
    s = in_woodland(12, answer="fate_light")
    c = ctx(s)
    quiet(s)
    s.trip.road[0].special = "crossroads"
    s.trip.location_met = True
    hero = s.party()[0]
    old = woodland.path_of(c, hero)
    rig(s, dice=[6] * 6)
    woodland.work(c)
    new = woodland.path_of(c, hero)
    assert s.trip.position == 0 and new is not None and new != old
    assert s.ext.woodland.paths_drawn == 2 * len(s.party())
    assert broken(s) == []


def test_m7b6_mystic_glen_difference_in_cards_and_doubles_transform():
    """M7b-6: two dice, their difference in cards; on doubles the Glen, its cards met, becomes
    the Special Location a d6 names (here the Faerie Village: a die of cards and 1 Fate each)."""
    s = in_woodland(13, answer="fate_light")
    c = ctx(s)
    quiet(s)
    s.trip.road[0].special = "mystic_glen"
    rig(s, dice=[6, 2])
    woodland.glen(c, 0)
    assert len(s.trip.spots) == 4 and "0:mystic_glen" in s.ext.woodland.settled
    s = in_woodland(13, answer="fate_light")
    c = ctx(s)
    quiet(s)
    s.trip.road[0].special = "mystic_glen"
    rig(s, dice=[3, 3])
    woodland.glen(c, 0)
    assert s.trip.spots == [] and s.ext.woodland.glen_doubles == [0]
    s.trip.location_met = True
    rig(s, dice=[5, 2])  # the table: the Faerie Village; its die of cards: 2
    assert woodland.work(c)
    assert s.trip.road[0].special == "faerie_village" and len(s.trip.spots) == 2 and not s.trip.location_met
    assert broken(s) == []


def test_m7b1_faerie_ring_and_m7b5_faerie_village_are_their_tables():
    """M7b-1: the Faerie Ring's d6 per character (1 all Fate lost ... 6 a Spell); M7b-5: a die of
    cards and 1 Fate for everyone."""
    p = pack_by_id(WOODLAND)
    ring = p.location("faerie_ring").effect
    assert ring is not None and [r.low for r in ring.roll] == [1, 2, 3, 4, 5, 6]
    assert ring.roll[0].effect.fate < -12 and ring.roll[1].effect.lose_turn and ring.roll[2].effect.life == -1
    assert ring.roll[3].effect.heal == 1 and ring.roll[4].effect.fate == 1 and ring.roll[5].effect.spells == 1
    village = p.location("faerie_village")
    assert village.draws == 1 and village.effect is not None and village.effect.fate == 1
    assert p.location("blasted_heath").draws == 1


def test_m9_shaefoal_turns_back_pixies_steal_the_oak_grows():
    """M9: beaten by the Shaefoal the party turns back; the Thieving Pixies take an Object; the
    Ancient Oak's Growth token takes a lost life instead."""
    s = in_woodland(14, answer="fate_light")
    c = ctx(s)
    hero = s.party()[0]
    s.trip.position = 1
    woodland.injured(c, hero, "shaefoal#1")
    assert s.trip.heading == "home"
    s.trip.heading = "out"
    thing = next(u for u in s.decks.adventure if card_id(u) == "faerie_bread")
    s.decks.adventure.remove(thing)
    hero.objects.append(thing)
    woodland.injured(c, hero, "thieving_pixies#1")
    assert thing not in hero.objects and s.trip.heading == "out"  # his only Object
    bow = _take(s, "hunting_bow")
    bread = _take(s, "faerie_bread")
    hero.objects += [bow, bread]
    woodland.injured(c, hero, "thieving_pixies#1")  # two Objects: his choice
    s.decision, s.tasks = None, []
    assert woodland.work(c)
    d = s.decision
    assert d.kind == "woodland_pixies" and set(d.options) == {f"pixies:{bow}", f"pixies:{bread}"}
    assert woodland.ai_pick(c, d, 0.5) == f"pixies:{bread}"  # the bread is worth less than the bow
    flow.answer(c, f"pixies:{bow}")
    assert hero.objects == [bread] and bow in s.decks.adventure_discard
    assert broken(s) == []
    hero.card = "ancient_oak"
    s.ext.woodland.growth[hero.uid] = 1
    life, strength = hero.life, hero.strength
    woodland.injured(c, hero, "bog_troll#1")
    assert hero.life == life + 1 and hero.strength == strength + 1 and s.ext.woodland.growth[hero.uid] == 0


def test_m9_baba_yagas_hut_lets_its_leading_master_evade_the_weak():
    """M9 Baba Yaga's Hut: its master leading, an Enemy of Strength 4 or less may be evaded."""
    s = in_woodland(15, answer="fate_light")
    c = ctx(s)
    quiet(s)
    hero = s.party()[0]
    hut = next(u for u in s.decks.adventure if card_id(u) == "baba_yagas_hut")
    s.decks.adventure.remove(hut)
    hero.followers.append(hut)
    for strength, evades in ((4, True), (5, False)):
        s.tasks = [Combat(hero=hero.uid, enemy="brigand", attribute="strength", value=strength, kind="monster")]
        d = Decision(kind="enemy", hero=hero.uid, options=["fight"])
        woodland.more_options(c, d)
        assert ("evade" in d.options) is evades
    s.tasks = []


def test_m9_titanias_gate_turns_a_darkbound_leaders_order():
    """M9 Titania's Gate: a darkbound leader's party moves up the Marching Order, the first third."""
    s = in_woodland(16, party=3, answer="fate_dark")
    c = ctx(s)
    quiet(s)
    s.order_locked = False  # whatever Paths were drawn (the Path of the Determined fixes it)
    order = list(s.order)
    gate = next(u for u in s.decks.adventure if card_id(u) == "titanias_gate")
    s.decks.adventure.remove(gate)
    s.trip.spots = [Spot(seq=s.new_seq(), card=gate, met=True)]
    assert woodland.binding(c, s.party()[0]) == "darkbound"
    assert woodland.titania(c)
    assert s.order == order[1:] + order[:1]
    assert not woodland.titania(c)  # once


def test_m8f_mab_beaten_ten_woodland_cards_join_the_core_deck():
    """M8a-c, f: Mab's trove won, the Region's ten cards join the core deck (once); M8e: back at
    the Forest the core deck is drawn from again."""
    s = in_woodland(17, answer="fate_light")
    c = ctx(s)
    quiet(s)
    s.trip.position = len(s.trip.road) - 1
    regions.trove_won(c)
    assert s.ext.masters_beaten == 1 and REGION in s.ext.regions_done
    joined = {card_id(u) for u in s.ext.shelved["core"].adventure + s.ext.shelved["core"].discard}
    assert set(expansion_by_id("woodland").region.joins_core) <= joined
    s.trip.position = 0
    s.trip.heading = "home"
    travel._move(c, -1)
    assert s.ext.live == "core" and s.trip.destination == "forest"
    assert broken(s) == []


def test_m_woodland_campaigns_through_the_ai_reach_and_beat_queen_mab():
    """M1-M9 together: campaigns with the Woodland played by the campaign AI through the engine's
    apply, the bot's turn message rendered in both languages every few actions: no card lost or
    duplicated, no switch left; the Woodland entered, Queen Mab beaten, Paths met; the state
    round-trips as JSON."""
    from engine.darkest_talisman.ai import heuristic_player
    from engine.darkest_talisman.state import CampaignState
    from gm.session import Result, Step
    from gm.store import GameRecord
    from systems.darkest_talisman.turn import turn_message

    entered = beaten = meetings = 0
    for seed in (3, 8):  # 8 (was 6): Puck's toad curse (M9) changed the dice; 8 enters, beats Mab, meets Paths
        s = game(seed)
        for n in range(3000):
            p = SYSTEM.pending(s)
            if p is None:
                break
            out = SYSTEM.apply(s, p.player, heuristic_player(s, p.player, random.Random(f"{seed}:{n}")))
            s = out.state
            assert broken(s) == [], (seed, n)
            if n % 5 == 0 or s.ext.region is not None:
                record = GameRecord(id=1, guild_id=1, channel_id=1, system=SYSTEM.name, options={}, seed=0, version=1,
                                    state="{}", status="active", host_id=1, created_at=0.0, updated_at=0.0)
                for locale in ("en", "it"):
                    msg = turn_message(Result(record, s, steps=[Step(actor="", action={}, events=list(out.events))],
                                              game_system=SYSTEM), locale)
                    text = (msg.content or "") + "".join((e.description or "") for e in msg.embeds)
                    assert "talisman." not in text and "{" not in text, (seed, n, text)
        entered += s.ext.regions_entered
        beaten += s.ext.masters_beaten
        meetings += s.ext.woodland.meetings
        assert CampaignState.model_validate_json(s.dump()).dump() == s.dump()
    assert entered >= 1 and beaten >= 1 and meetings >= 1


def test_m4_the_view_hides_the_decks_but_shows_each_characters_path():
    """What a seat sees: the Path and Destiny decks by their sizes (face down); each character's
    own Path and Destinies face up (M4)."""
    from engine.darkest_talisman.expansions import view

    s = in_woodland(18, answer="fate_light")
    shown = view.public(s.ext.model_dump())
    for pile in (woodland.PATHS_PILE, woodland.LIGHT_PILE, woodland.DARK_PILE):
        assert shown["piles"][pile] == len(s.ext.piles[pile])
    hero = s.party()[0]
    assert shown["piles"][woodland.path_pile(hero.uid)] == [woodland.path_of(ctx(s), hero)]


def test_m7a_the_road_embed_and_the_party_picture_show_the_faerie_path():
    """M7a: on the Faerie Path the road embed names the Woodland and its spaces, the Woodland deck
    is named as the live one, and the party picture draws that road, in both languages."""
    from gm.i18n import t
    from systems.darkest_talisman import picture
    from systems.darkest_talisman.embeds import road_embed

    s = in_woodland(19, answer="fate_light")
    view = SYSTEM.view(s, None)
    p = pack_by_id(WOODLAND)
    for locale in ("en", "it"):
        embed = road_embed(view, locale)
        assert embed is not None and p.name_of(REGION, locale) in (embed.title or "")
        body = (embed.description or "") + "".join(f.value or "" for f in embed.fields)
        assert p.name_of("faerie_woods", locale) in body or p.name_of("mabs_lair", locale) in body
        assert t(locale, "talisman.deck.woodland") in body
        path = woodland.path_of(ctx(s), s.party()[0])
        assert p.name_of(card_id(path), locale) in body  # M4: each character's Path is shown
        png = picture.render_party(view, locale)
        assert png[:4] == b"\x89PNG"


def test_m6d_m8e_with_the_reaper_his_deck_comes_back_after_the_woodland():
    """M6d, M8e with the Reaper (E2c): the Grim Reaper's deck in play, entering the Woodland sets
    it aside for the Woodland deck; out of the Woodland the Reaper's deck, still held, is back;
    every card counted once, every switch matched."""
    from engine.darkest_talisman.expansions import reaper

    s = SYSTEM.new_game([Seat(player="p1", name="A")], {"pack": "core+reaper+woodland"}, 2).state
    c = ctx(s)
    travel.depart(c, "depart:forest")
    jump_to_destination(s)
    decks.hold(c, "reaper", reaper.FIGURE_REASON)
    assert s.ext.live == "reaper" and broken(s) == []
    s.decision = None
    regions.enter(c, REGION)
    assert s.ext.live == "woodland" and broken(s) == []
    quiet(s)
    s.trip.heading = "home"
    travel._move(c, -1)
    assert s.trip.destination == "forest" and s.ext.live == "reaper" and s.ext.reasons == [reaper.FIGURE_REASON]
    assert broken(s) == []
    decks.release(c, reaper.FIGURE_REASON)
    assert s.ext.live == "core" and broken(s) == []


def test_m9_oberons_bow_shoots_a_face_up_enemy_for_a_darkbound_leader():
    """M9 Oberon's Bow (darkbound): after moving, its bearer leading may aim at a face-up Enemy
    within 4 Draw Spots, his choice; a d6 above its Strength discards it (no trophy); once a move."""
    s = in_woodland(20, answer="fate_dark")
    c = ctx(s)
    quiet(s)
    leader = s.party()[0]
    where = next(pile for pile in (s.ext.troves["woodland"], s.trip.trove.items)
                 if any(card_id(u) == "oberons_bow" for u in pile))  # the Trove deck, or this trove
    bow = next(u for u in where if card_id(u) == "oberons_bow")
    where.remove(bow)
    leader.objects.append(bow)
    wolves = [u for u in s.decks.adventure if card_id(u) == "grey_wolves"][:2]  # Strength 3
    for u in wolves:
        s.decks.adventure.remove(u)
    s.trip.spots = [Spot(seq=s.new_seq(), card=wolves[0], revealed=True), Spot(seq=s.new_seq(), card=wolves[1])]
    assert woodland.binding(c, leader) == "darkbound"
    assert woodland.oberons_bow(c)
    d = s.decision
    first = s.trip.spots[0].seq
    assert d.kind == "woodland_bow" and d.options == [f"bow:{first}", "bow_hold"]  # face down: not a target
    from systems.darkest_talisman.describe import option_label

    assert "Grey Wolves" in option_label(SYSTEM.view(s, None), f"bow:{first}", "en", with_odds=False)
    assert woodland.ai_pick(c, d, 0.5) == f"bow:{first}"
    rig(s, dice=[4])
    flow.answer(c, f"bow:{first}")
    assert s.trip.spots[0].card is None and wolves[0] in s.decks.adventure_discard
    assert s.trip.spots[1].card == wolves[1]
    s.trip.spots[1].revealed = True
    assert not woodland.oberons_bow(c)  # once a move
    assert broken(s) == []


def test_m9_path_of_folly_and_path_of_fortune_change_a_new_spaces_draw():
    """M9: the leader's Path of Folly: one card fewer for each die rolled for a new Road Space;
    the Path of Fortune: 1 Gold for each 4, 5 or 6 among those dice."""
    s = in_woodland(21, answer="fate_light")
    c = ctx(s)
    quiet(s)
    leader = s.party()[0]
    _hold_path(s, leader, "path_of_folly")
    rig(s, dice=[5, 3, 2])  # the Thicket's two dice (5 + 3 = 8 cards), then anything
    travel.leave(c)
    travel.arrive(c, 3)
    assert len(s.trip.spots) == 8 - 2 and broken(s) == []
    s = in_woodland(21, answer="fate_light")
    c = ctx(s)
    quiet(s)
    leader = s.party()[0]
    _hold_path(s, leader, "path_of_fortune")
    gold = leader.gold
    rig(s, dice=[5, 3, 2])
    travel.leave(c)
    travel.arrive(c, 3)
    assert len(s.trip.spots) == 8 and leader.gold == gold + 1


def test_m9_path_of_the_determined_fixes_the_marching_order():
    """M9 Path of the Determined: its bearer may not change place, so the Marching Order is fixed
    (project: until a village); Titania's Gate cannot turn it either."""
    s = in_woodland(22, party=3, answer="fate_dark")
    c = ctx(s)
    s.order_locked = False
    hero = s.party()[1]
    record = s.ext
    pile = record.piles[woodland.PATHS_PILE]
    for uid in record.piles.pop(woodland.path_pile(hero.uid), []):
        pile.insert(0, uid)
    held = next(key for key, cards in record.piles.items() if any(card_id(u) == woodland.DETERMINED for u in cards))
    determined = next(u for u in record.piles[held] if card_id(u) == woodland.DETERMINED)
    record.piles[held].remove(determined)
    pile.append(determined)  # on top: the next Path drawn
    woodland.draw_path(c, hero)
    assert s.order_locked
    order = list(s.order)
    quiet(s)
    pool = next(p for p in (s.decks.adventure, s.decks.adventure_discard) if any(card_id(u) == "titanias_gate" for u in p))
    gate = next(u for u in pool if card_id(u) == "titanias_gate")
    pool.remove(gate)
    s.trip.spots = [Spot(seq=s.new_seq(), card=gate, met=True)]
    woodland.titania(c)
    assert s.order == order and broken(s) == []


# ----------------------------------------------------------------------------- M2, M9: the cards built in the campaign's terms
def _take(s, cid: str) -> str:  # type: ignore[no-untyped-def]
    """A card of this id out of wherever it lies in the live deck, its discards or a side pile."""
    pools = [s.decks.adventure, s.decks.adventure_discard] + list(s.ext.piles.values()) + list(s.ext.troves.values())
    pools += [shelf.adventure for shelf in s.ext.shelved.values()] + [shelf.discard for shelf in s.ext.shelved.values()]
    for pool in pools:
        uid = next((u for u in pool if card_id(u) == cid), None)
        if uid is not None:
            pool.remove(uid)
            return uid
    raise KeyError(cid)


def _destiny(s, hero, cid: str) -> None:  # type: ignore[no-untyped-def]
    s.ext.piles.setdefault(woodland.destiny_pile(hero.uid), []).append(_take(s, cid))


def _fight(s, hero, enemy: str, value: int, kind: str = "monster", seq: int | None = None):  # type: ignore[no-untyped-def]
    """A combat against `enemy` at its Enemy decision."""
    c = ctx(s)
    s.tasks.append(Combat(hero=hero.uid, enemy=enemy, attribute="craft" if kind == "spirit" else "strength", value=value,
                          kind=kind, seq=seq))
    flow.advance(c)
    assert s.decision.kind == "enemy"
    return c


def test_m2a_the_fate_prompts_say_light_and_dark_fate_and_what_each_does():
    """M2a-b: entering, the choice says how much Fate each answer turns and what Light and Dark
    Fate do (no 'half' of a single Fate); a lost battle's Fate question names the Light Fate
    (your own die again) and the Dark Fate (the Enemy rolls again), with how many of each."""
    from systems.darkest_talisman.describe import decision_text, option_label

    s = at_the_forest(6)
    c = ctx(s)
    s.decision = None
    regions.enter(c, REGION)
    flow.advance(c)
    d = s.decision
    assert d.kind == "woodland_fate"
    lit = d.data["light"]
    assert ("fate_half" in d.options) is (lit >= 2)
    view = SYSTEM.view(s, None)
    assert f"all {lit} Dark" in option_label(view, "fate_dark", "en", with_odds=False)
    assert "make Enemies reroll" in option_label(view, "fate_dark", "en", with_odds=False)
    assert f"{lit} Oscuri" in option_label(view, "fate_dark", "it", with_odds=False)
    s = in_woodland(6, answer="fate_half")
    hero = s.party()[0]
    hero.fate = 3
    s.ext.woodland.dark[hero.uid], s.ext.woodland.seen[hero.uid] = 1, 3
    assert woodland.light(ctx(s), hero) == 2 and woodland.dark(ctx(s), hero) == 1
    c, hero = _losing_fight(s, 6)
    assert s.decision.kind == "fate" and {"reroll", "dark_reroll", "accept"} <= set(s.decision.options)
    view = SYSTEM.view(s, None)
    text = decision_text(view, "en")
    light, dark = woodland.light(c, hero), woodland.dark(c, hero)
    assert f"Light Fate ({light}) rerolls your own die" in text and f"Dark Fate ({dark}) makes the Enemy roll again" in text
    assert "Fato Chiaro" in decision_text(view, "it") and "Fato Oscuro" in decision_text(view, "it")
    assert option_label(view, "reroll", "en", with_odds=False) == "Spend a Light Fate: roll your own die again"
    assert "Dark Fate" in option_label(view, "dark_reroll", "en", with_odds=False)


def test_m9_clear_path_skips_a_dealt_road_space_once_a_road():
    """M9 Clear Path: its bearer leading, once a new Road Space's cards are dealt he may skip it
    (once a road): the party is on the next space, the cards left unmet; not offered again."""
    s = in_woodland(23, answer="fate_light")
    c = ctx(s)
    quiet(s)
    leader = s.leader()
    _hold_path(s, leader, "clear_path")
    rig(s, dice=[4, 3])  # the Glade's die: 4 cards; then the Bog's: 3
    travel.leave(c)
    travel.arrive(c, 1)
    flow.advance(c)
    d = s.decision
    assert d.kind == "woodland_clear" and d.hero == leader.uid and d.options == ["clear_skip", "clear_stay"]
    assert d.data["cards"] == 4 and d.data["place"] == "faerie_bog"
    from systems.darkest_talisman.describe import decision_text

    assert "Bog" in decision_text(SYSTEM.view(s, None), "en") and "4 cards wait" in decision_text(SYSTEM.view(s, None), "en")
    flow.answer(c, "clear_skip")
    assert s.trip.position == 2 and s.ext.woodland.clear_used
    assert len([sp for sp in s.trip.road[1].spots if sp.card is not None]) == 4  # left unmet on the Glade
    flow.advance(c)
    assert s.decision is None or s.decision.kind != "woodland_clear"  # once a road
    assert broken(s) == []
    s = in_woodland(23, answer="fate_light")  # staying: the cards are met
    c = ctx(s)
    quiet(s)
    _hold_path(s, s.leader(), "clear_path")
    rig(s, dice=[4])
    travel.leave(c)
    travel.arrive(c, 1)
    flow.advance(c)
    flow.answer(c, "clear_stay")
    flow.advance(c)
    assert s.trip.position == 1 and any(sp.met for sp in s.trip.spots) and not s.ext.woodland.clear_used


def test_m9_kelpie_passes_the_next_card_for_a_darkbound_leader():
    """M9 Kelpie (darkbound, its master leading): once a Road Space, before the next card, the
    party may pass it by: it is discarded unmet; a lightbound leader is not offered it."""
    s = in_woodland(24, answer="fate_dark")
    c = ctx(s)
    quiet(s)
    leader = s.leader()
    leader.followers.append(_take(s, "kelpie"))
    assert woodland.binding(c, leader) == "darkbound"
    cards_ = [_take(s, "healing_spring"), _take(s, "bog_troll"), _take(s, "faerie_bread")]
    s.trip.spots = [Spot(seq=s.new_seq(), card=cards_[0], revealed=True, met=True),
                    Spot(seq=s.new_seq(), card=cards_[1]), Spot(seq=s.new_seq(), card=cards_[2])]
    s.trip.spots[0].card = None
    s.decks.adventure_discard.append(cards_[0])  # met already
    s.trip.location_met, s.trip.asked = True, True
    flow.advance(c)
    assert s.decision.kind == "after_card" and "kelpie_skip" in s.decision.options
    flow.answer(c, "kelpie_skip")
    assert s.trip.spots[1].card is None and s.trip.spots[1].met and cards_[1] in s.decks.adventure_discard
    assert s.trip.spots[2].card == cards_[2]  # the card after it is still to come
    again = Decision(kind="after_card", hero=None, options=["continue", "turn_back"])
    woodland.more_options(c, again)
    assert "kelpie_skip" not in again.options  # once a Road Space
    s.ext.woodland.kelpie_at = []
    s.ext.woodland.dark[leader.uid] = 0  # lightbound now
    again = Decision(kind="after_card", hero=None, options=["continue", "turn_back"])
    woodland.more_options(c, again)
    assert "kelpie_skip" not in again.options
    assert broken(s) == []


def test_m9_the_dreaded_spends_a_dark_fate_to_lower_the_enemys_roll():
    """M9 The Dreaded: before the roll, 1 Dark Fate: the Enemy's attack 1 lower (once a combat);
    the mark ends with the combat."""
    s = in_woodland(25, answer="fate_dark")
    quiet(s)
    hero = s.party()[0]
    _destiny(s, hero, "the_dreaded")
    c = _fight(s, hero, "brigand", 4)
    assert "dreaded" in s.decision.options
    theirs, dark = s.decision.data["theirs"], woodland.dark(c, hero)
    flow.answer(c, "dreaded")
    flow.advance(c)
    assert woodland.dark(c, hero) == dark - 1 and s.decision.kind == "enemy"
    assert s.decision.data["theirs"] == theirs - 1 and "dreaded" not in s.decision.options
    rig(s, dice=[6, 2])
    flow.answer(c, "fight")
    flow.advance(c)
    fought = next(e for e in c.events if e.kind == "talisman.ev.combat")
    rolled = [e for e in c.events if e.kind == "talisman.ev.roll" and e.data.get("why") == "enemy_attack"][-1]
    assert fought.data["theirs"] == 4 - 1 + rolled.data["total"]
    assert s.ext.woodland.marks == {}
    assert broken(s) == []


def test_m9_the_void_negates_what_the_shaefoal_does():
    """M9 The Void: before the fight, 1 Dark Fate negates the Enemy's special ability (the
    Shaefoal's turning back); offered only against an Enemy with one the campaign applies."""
    s = in_woodland(26, answer="fate_dark")
    quiet(s)
    hero = s.party()[0]
    _destiny(s, hero, "the_void")
    c = _fight(s, hero, "brigand", 4)
    assert "void" not in s.decision.options
    s.tasks, s.decision = [], None
    s.trip.position = 1
    c = _fight(s, hero, "shaefoal#1", 4, kind="animal")
    assert "void" in s.decision.options
    dark = woodland.dark(c, hero)
    flow.answer(c, "void")
    flow.advance(c)
    assert woodland.dark(c, hero) == dark - 1 and "void" not in s.decision.options
    woodland.injured(c, hero, "shaefoal#1")
    assert s.trip.heading == "out" and "talisman.ev.void_spared" in kinds(c)


def test_m9_shaefoal_heading_home_drives_the_party_two_spaces_back():
    """M9 Shaefoal: a party already heading for the village is carried two Road Spaces back."""
    s = in_woodland(27, answer="fate_light")
    c = ctx(s)
    quiet(s)
    s.trip.position, s.trip.heading = 1, "home"
    woodland.injured(c, s.party()[0], "shaefoal#1")
    assert any(getattr(t, "target", None) == "road:3" for t in s.tasks)


def test_m9_spider_queen_tokens_an_enemy_she_does_not_beat():
    """M9 Spider Queen: an Enemy she meets and does not beat gets a Spider token; whoever fights
    it may spend the token before the roll (its roll 1 lower), the token coming back; a token
    on an Enemy that leaves play comes back too."""
    s = in_woodland(28, answer="fate_light")
    quiet(s)
    queen, other = s.party()[0], s.party()[1]
    queen.card = "spider_queen"
    queen.fate = 0
    wolf = _take(s, "grey_wolves")
    spot = Spot(seq=s.new_seq(), card=wolf, revealed=True, met=True)
    s.trip.spots = [spot]
    c = _fight(s, queen, wolf, 3, kind="animal", seq=spot.seq)
    rig(s, dice=[1, 6])
    flow.answer(c, "fight")
    flow.advance(c)
    assert s.ext.woodland.webs[queen.uid] == [wolf] and "talisman.ev.spider_web" in kinds(c)
    s.decision = None
    s.tasks = []
    c = _fight(s, other, wolf, 3, kind="animal", seq=spot.seq)
    assert "spider" in s.decision.options
    theirs = s.decision.data["theirs"]
    flow.answer(c, "spider")
    flow.advance(c)
    assert s.ext.woodland.webs[queen.uid] == [] and s.decision.data["theirs"] == theirs - 1
    assert "spider" not in s.decision.options
    s.decision, s.tasks = None, []
    s.ext.woodland.webs[queen.uid] = [wolf]
    spot.card = None
    s.decks.adventure_discard.append(wolf)  # beaten by someone else: out of play
    woodland.work(c)
    assert s.ext.woodland.webs[queen.uid] == [] and "talisman.ev.spider_back" in kinds(c)
    assert broken(s) == []


def test_m9_leywalker_portal_tokens_and_the_teleport_to_them():
    """M9 Leywalker: a Spirit beaten in psychic combat, he may leave a Portal token there; leading,
    he may teleport the party to it, the token coming back; no token for a Strength battle."""
    from systems.darkest_talisman.describe import option_label

    s = in_woodland(29, answer="fate_light")
    c = ctx(s)
    quiet(s)
    walker = s.leader()
    walker.card = "leywalker"
    s.trip.position = 2
    woodland.battle_won(c, walker, "bog_troll#1", "strength")
    assert s.ext.woodland.portal_offer == []
    woodland.battle_won(c, walker, "wood_wraith#1", "craft")
    assert woodland.work(c)
    d = s.decision
    assert d.kind == "woodland_portal" and d.hero == walker.uid and d.data["left"] == woodland.PORTAL_TOKENS
    flow.answer(c, "portal_place")
    assert s.ext.woodland.portals[walker.uid] == [2]
    s.trip.position = 3
    s.trip.location_met = True
    s.trip.road[3].visited = True
    flow.advance(c)
    assert s.decision.kind == "stand" and "portal:2" in s.decision.options
    assert "Bog" in option_label(SYSTEM.view(s, None), "portal:2", "en", with_odds=False)
    flow.answer(c, "portal:2")
    assert s.trip.position == 2 and s.ext.woodland.portals[walker.uid] == []
    assert broken(s) == []


def test_m9_scout_redraws_only_leading_or_for_his_lost_turn():
    """M9 Scout: his second ability (a card just turned over sent back for another, project) only
    when he leads, or for the card drawn for his own lost turn."""
    from engine.darkest_talisman import effects

    s = in_woodland(30, answer="fate_light")
    c = ctx(s)
    quiet(s)
    scout = s.party()[1]
    scout.card = "scout"
    assert hero_rules.has_ability(c.pack, scout, "redraw")
    assert not effects.can_redraw(c, scout)
    lost = Spot(seq=s.new_seq(), card=_take(s, "faerie_bread"), start=scout.uid)
    s.trip.spots = [lost]
    s.trip.drop_seq = lost.seq
    assert effects.can_redraw(c, scout)  # the card of his lost turn
    s.trip.drop_seq = -1
    s.order = [scout.uid] + [u for u in s.order if u != scout.uid]
    assert effects.can_redraw(c, scout)  # leading


def test_m9_path_of_respite_rest_heals_and_loses_a_turn():
    """M9 Path of Respite (travel): once a Road Space its hurt bearer may rest: 1 life back and a
    lost turn, so a card is drawn (C6d); not offered at full life."""
    s = in_woodland(31, answer="fate_light")
    c = ctx(s)
    quiet(s)
    hero = s.party()[0]
    _hold_path(s, hero, "path_of_respite")
    full = hero_rules.sheet(c.pack, hero).life
    hero.life = full
    s.trip.location_met = True
    flow.advance(c)
    assert s.decision.kind == "stand" and "respite_rest" not in s.decision.options
    s.decision = None
    hero.life = full - 2
    flow.advance(c)
    assert "respite_rest" in s.decision.options
    flow.answer(c, "respite_rest")
    assert hero.life == full - 1 and s.ext.woodland.rested == [s.trip.position]
    assert any(e.kind == "talisman.ev.lost_turn" and e.data.get("why") == "respite" for e in c.events)
    flow.advance(c)
    assert any(sp.start == hero.uid for sp in s.trip.spots)  # the card drawn for his lost turn
    assert broken(s) == []


def test_m9_undine_may_cancel_a_teleport_over_the_storm_river():
    """M9 Undine (darkbound, her master leading): a teleport over the Storm River (the Woodland
    lies on the Inner side; the Temple on the Outer) may be cancelled; one on this side is not
    asked about."""
    s = in_woodland(32, answer="fate_dark")
    c = ctx(s)
    quiet(s)
    leader = s.leader()
    leader.followers.append(_take(s, "undine"))
    s.tasks = [TeleportTask(target="chapel")]
    assert not woodland._undine(c)
    s.tasks = [TeleportTask(target="temple")]
    flow.advance(c)
    assert s.decision.kind == "woodland_undine" and s.decision.data["place"] == "temple"
    flow.answer(c, "undine_cancel")
    assert s.tasks == [] and s.trip.region == REGION and "talisman.ev.undine_stayed" in kinds(c)
    s.ext.woodland.dark[leader.uid] = 0
    s.ext.woodland.undine_last = ""
    s.tasks = [TeleportTask(target="temple")]
    assert not woodland._undine(c)  # lightbound: no say
    s.tasks = []
    assert broken(s) == []


def test_m9_the_ai_answers_the_woodlands_new_decisions():
    """The campaign AI answers M9's decisions with one of their options."""
    s = in_woodland(33, answer="fate_light")
    c = ctx(s)
    quiet(s)
    for kind, options, data in (("woodland_clear", ["clear_skip", "clear_stay"], {"cards": 4}),
                                ("woodland_portal", ["portal_place", "portal_keep"], {}),
                                ("woodland_undine", ["undine_cancel", "undine_allow"], {}),
                                ("enemy", ["fight", "spider", "dreaded"], {})):
        d = Decision(kind=kind, hero=s.party()[0].uid, options=options, data=data)
        pick = woodland.ai_pick(c, d, 0.5)
        assert pick in options, kind
    assert woodland.ai_pick(c, Decision(kind="enemy", options=["fight", "spider"]), 0.5) == "spider"
    assert woodland.ai_pick(c, Decision(kind="woodland_clear", options=["clear_skip", "clear_stay"],
                                        data={"cards": 5}), 0.5) == "clear_skip"


def test_m9_webspinner_spider_bars_the_way_until_beaten():
    """M9 Webspinner Spider: while it stands on the party's space (not beaten), the party may not
    go on in its direction: it fights it again or turns back; beaten, the way is open."""
    s = in_woodland(34, answer="fate_light")
    c = ctx(s)
    quiet(s)
    spider = _take(s, "webspinner_spider")
    spot = Spot(seq=s.new_seq(), card=spider, revealed=True, met=True)
    s.trip.spots = [spot]
    s.trip.location_met = True
    flow.advance(c)
    d = s.decision
    assert d.kind == "stand" and "web_again" in d.options and "turn_back" in d.options
    assert not {"continue", "carry_on", "skip"} & set(d.options)
    flow.answer(c, "web_again")
    assert not spot.met
    flow.advance(c)
    assert s.decision.kind == "enemy" and s.decision.data["enemy"] == "webspinner_spider"
    assert "evade" not in s.decision.options
    s.decision, s.tasks = None, []
    spot.card, spot.met = None, True  # beaten
    s.decks.adventure_discard.append(spider)
    flow.advance(c)
    assert s.decision.kind == "stand" and "continue" in s.decision.options and "web_again" not in s.decision.options
    d = Decision(kind="stand", options=["turn_back", "web_again"])
    assert woodland.ai_pick(c, d, 0.5) in d.options
    assert broken(s) == []


def test_m9_rune_gate_teleports_to_the_village_the_party_chooses():
    """M9 Rune Gate: its teleport goes to any Village: the party is asked which (here the Village
    beyond the Sentinel, over the Storm River) and is carried there."""
    s = in_woodland(36, answer="fate_light")
    c = ctx(s)
    quiet(s)
    gate = _take(s, "woodland_rune_gate")
    s.trip.spots = [Spot(seq=s.new_seq(), card=gate)]
    s.trip.location_met = True
    flow.advance(c)
    for _ in range(4):  # the Place's offer, accepted
        if s.decision.kind == "woodland_rune":
            break
        redraw = s.decision.data.get("source") == "redraw"  # a card sent back for another: not now
        flow.answer(c, "decline" if redraw else next(o for o in s.decision.options if o in ("accept", "continue")))
        flow.advance(c)
    d = s.decision
    assert d.kind == "woodland_rune" and set(d.options) == {"rune:village", "rune:village_beyond"}
    assert woodland.ai_pick(c, d, 0.5) == "rune:village"  # the Woodland lies on the Inner side
    flow.answer(c, "rune:village_beyond")
    flow.advance(c)
    assert s.mode == "village" and s.village == "village_beyond" and s.ext.region is None
    assert broken(s) == []


def test_m9_scout_first_ability_free_movement_from_the_woods():
    """M9 Scout, first ability (NOT FOUND; the project's stand-in, ruling `woodland_cards`): as
    the Elf (C4c), from a Woods space the party may move freely along the road."""
    from engine.darkest_talisman.state import RoadSpace

    s = in_woodland(31, answer="fate_light")
    c = ctx(s)
    quiet(s)
    s.trip.road[s.trip.position] = RoadSpace(location="woods")
    for h in s.party():
        h.card = "troll"
    assert travel.woods_moves(c) == []
    s.party()[-1].card = "scout"
    assert len(travel.woods_moves(c)) == len(s.trip.road) - 1


def _meet_next(s, c):  # type: ignore[no-untyped-def]
    """Go on to the card laid on the party's space."""
    flow.advance(c)
    for _ in range(3):
        if s.decision is None or s.decision.kind not in ("after_card", "stand"):
            return
        flow.answer(c, "continue")
        flow.advance(c)


def test_m9_puck_a_lightbound_character_chooses_the_toad_who_fights_at_one_for_three_spaces():
    """M9 Puck (facts M.2): a fatebound character chooses who becomes a Toad (an unbound or
    fateless one is struck himself); a Toad fights at Strength and Craft 1 with no Spell, for
    three Road Spaces (project). The AI curses the weakest fighter."""
    from tests.talisman.helpers import choose

    s = in_woodland(37, party=2, answer="fate_light")
    c = ctx(s)
    quiet(s)
    first, second = s.hero(s.order[0]), s.hero(s.order[1])
    first.fate, second.fate = 2, 2
    s.ext.woodland.dark = {}
    for hero in s.party():
        hero.strength = 6
    second.strength = 1
    s.trip.spots = [Spot(seq=s.new_seq(), card=_take(s, "puck"))]
    s.trip.location_met = True
    _meet_next(s, c)
    assert s.decision.kind == "woodland_puck" and s.decision.hero == first.uid
    assert set(s.decision.options) == {f"toad:{h.uid}" for h in s.party() if h.alive}  # himself too
    assert woodland.ai_pick(c, s.decision, 0.5) == f"toad:{second.uid}"
    s = choose(s, f"toad:{second.uid}")
    c = ctx(s)
    second = s.hero(second.uid)
    assert woodland.is_toad(c, second) and not woodland.is_toad(c, s.hero(first.uid))
    second.strength, second.craft = 5, 5
    s.tasks = [Combat(hero=second.uid, enemy="wolf#9", attribute="strength", value=3, kind="animal")]
    s.decision = None
    woodland._toad_combat(c)
    from engine.darkest_talisman import combat
    assert combat.hero_score(c, s.tasks[0], second) == woodland.TOAD_SCORE
    for k in range(woodland.TOAD_SPACES):
        assert woodland.is_toad(c, second)
        woodland.entered(c, k)
    assert not woodland.is_toad(c, second)


def test_m9_puck_an_unbound_character_is_struck_himself():
    """M9 Puck: an unbound (or fateless) character meeting him becomes the Toad, no choice."""
    s = in_woodland(38, party=2, answer="fate_light")
    c = ctx(s)
    quiet(s)
    first = s.hero(s.order[0])
    first.fate = 0
    s.trip.spots = [Spot(seq=s.new_seq(), card=_take(s, "puck"))]
    s.trip.location_met = True
    _meet_next(s, c)
    assert woodland.is_toad(c, first)
    assert s.decision is None or s.decision.kind != "woodland_puck" or s.decision.hero != first.uid  # the next one's


def test_m9_the_vagabond_spends_a_dark_fate_to_choose_the_next_spaces_dice():
    """M9 The Vagabond: before a Road Space not yet visited, its bearer with a Dark Fate may spend
    it and choose what the dice show for that space's cards (project: every die shows the face
    chosen, through the `day_faces` hook where the core rolls them). The AI lets them fall when
    nobody is hurt."""
    s = in_woodland(39, answer="fate_dark")
    c = ctx(s)
    quiet(s)
    hero = s.hero(s.order[0])
    for other in s.party():
        other.life = 5
    _destiny(s, hero, "the_vagabond")
    s.ext.woodland.dark[hero.uid] = hero.fate = 2
    s.ext.woodland.seen[hero.uid] = 2
    s.trip.location_met = True
    k = s.trip.position + 1
    assert not s.trip.road[k].visited
    flow.advance(c)
    d = s.decision
    assert d.kind == "woodland_vagabond" and d.hero == hero.uid and "vagabond:4" in d.options
    assert woodland.ai_pick(c, d, 0.5) == "vagabond_roll"
    flow.answer(c, "vagabond:4")
    assert hero.fate == 1 and woodland.dark(c, hero) == 1 and s.ext.woodland.vagabond_face == 4
    flow.advance(c)
    for _ in range(3):
        if s.trip.position == k:
            break
        flow.answer(c, "continue")
        flow.advance(c)
    assert s.trip.position == k and s.ext.woodland.vagabond_face == 0
    dice = ctx(s).pack.location(s.trip.road[k].location).draws
    assert any(e.kind.endswith("vagabond_chose") for e in c.events)
    arrived = [e for e in c.events if e.kind.endswith(".arrived")][-1]
    assert arrived.data["cards"] == 4 * dice  # every die showed the 4
    assert broken(s) == []


def test_m9_the_void_against_a_wolf_only_where_its_bite_counts():
    """M9 The Void against the Blood Moon's Wolves (F2a): offered only while a Wolf's bite would
    roll the Werewolf Card (the Blood Moon in play, not risen); negated, the bite rolls nothing."""
    s = in_woodland(26, answer="fate_dark")
    c = ctx(s)
    assert not woodland.voidable(c, "big_bad_wolf") and woodland.voidable(c, "shaefoal")
    s.ext.ids.append("blood_moon")
    assert woodland.voidable(c, "big_bad_wolf") and woodland.voidable(c, "wolf")
    s.ext.blood_moon = True
    assert not woodland.voidable(c, "big_bad_wolf")
    s.ext.blood_moon = False
    from engine.darkest_talisman.expansions import blood_moon

    hero = s.party()[0]
    s.ext.woodland.voided.append("big_bad_wolf#1")
    n = len(c.events)
    blood_moon.injured(c, hero, "big_bad_wolf#1")
    assert not any(e.kind.endswith("werewolf_card") for e in c.events[n:])
    blood_moon.injured(c, hero, "big_bad_wolf#2")
    assert any(e.kind.endswith("werewolf_card") for e in c.events[n:])
