"""The Highland (DT section K): each test names the rule it checks (K1-K7).

The pack (data/talisman/expansions/highland/) with every card K7 names, the Highland Region
reached from the Crags (K3: the groundwork, tests/talisman/test_region_groundwork.py), the
Highland trove (K1, K2, K3f), the Highland Path and its Special Locations (K5), the Eyrie and
the Eagle King (K6), the cards K7 changes; and campaigns played by the campaign AI."""
from __future__ import annotations

import random

from engine.core.system import Seat
from engine.darkest_talisman import guardians, travel
from engine.darkest_talisman.content import FollowerCard, ObjectCard, pack_by_id
from engine.darkest_talisman.expansions import highland, regions
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.expansions.registry import EXPANSIONS, by_name
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import card_id
from tests.talisman.expansion_helpers import broken, ctx
from tests.talisman.helpers import choose, jump_to_destination, rig, settle

PACK = "core+highland"
MAIN = {"earth_elemental", "magic_portal_highland", "mountain_trail", "landslide", "roc", "rune_gate"}


def game(seed: int = 1, party: int = 1):  # type: ignore[no-untyped-def]  # tests are not type-checked
    seats = [Seat(player=f"p{i + 1}", name=f"P{i + 1}") for i in range(party)]
    return SYSTEM.new_game(seats, {"pack": PACK}, seed).state


def at_the_crags(seed: int = 1, party: int = 1):  # type: ignore[no-untyped-def]
    s = game(seed, party)
    travel.depart(ctx(s), "depart:crags")
    jump_to_destination(s)
    s.trip.destination_done = True  # K3c: the Crags met as a destination (its guardians faced)
    return settle(s)


def in_region(seed: int = 1, party: int = 1):  # type: ignore[no-untyped-def]
    s = at_the_crags(seed, party)
    regions.enter(ctx(s), highland.REGION)
    return s


def at_space(s, k: int, special: str | None = None):  # type: ignore[no-untyped-def]
    """The party moved (by hand) onto the Highland Path's space `k`, revealed as `special`."""
    trip = s.trip
    for spot in trip.spots:
        if spot.card is not None:
            s.decks.adventure_discard.append(spot.card)
    trip.spots = []
    s.tasks, s.decision = [], None
    trip.position = k
    trip.road[k].visited = True
    trip.road[k].special = special
    trip.location_met = True
    return s


def test_k_the_highland_is_registered_and_named():
    """K: `expansions:Highland` names the pack; its id is "highland"."""
    assert by_name("Highland") == "highland" and by_name("the highland") == "highland"
    assert EXPANSIONS["highland"] is highland


def test_k5a_the_highland_path_its_spaces_dice_and_the_eyrie():
    """K5a: Hills d6, Cliff d6, Precipice 1d6, Ravine 2d6, Canyon 3d6; the last space is the Eyrie;
    K5b: the d6 table of Special Locations in the section's order; K3b: from the Crags."""
    pack = pack_by_id(PACK)
    region = pack.region(highland.REGION)
    assert region.road == ["highland_hills", "cliff", "precipice", "ravine", "canyon"]
    assert [pack.location(loc).draws for loc in region.road] == [1, 1, 1, 2, 3]
    assert region.specials == ["ridgeway", "ruined_mine", "glacier", "mountain_pass", "waterfall", "ice_bridge"]
    spec = expansion_by_id("highland").region
    assert spec.straddle == "crags" and spec.end == "eyrie" and spec.goal == "trove" and spec.spells_in


def test_k5b_the_plain_special_locations_are_the_sections_tables():
    """K5b-1 Ridgeway: 1 Marauders Strength 6, 2-3 lose 1 life, 4-5 safe, 6 one Gold; K5b-2 Ruined
    Mine: 1 Cave Troll Strength 6, 2 Wraith Craft 5, 3 lose a turn, 4-6 one to three Gold;
    K5b-5 Waterfall: heal 1, 1 Fate or 1 Spell, one of them."""
    pack = pack_by_id(PACK)
    ridge = {r.low: r.effect for r in pack.location("ridgeway").effect.roll}
    assert ridge[1].fight == "marauders" and pack.foe("marauders").strength == 6
    assert ridge[2].life == -1 and ridge[4].is_empty() and ridge[6].gold == 1
    mine = {r.low: r.effect for r in pack.location("ruined_mine").effect.roll}
    assert pack.foe(mine[1].fight).strength == 6 and pack.foe(mine[2].fight).craft == 5
    assert mine[3].lose_turn and [mine[f].gold for f in (4, 5, 6)] == [1, 2, 3]
    falls = pack.location("waterfall").services
    assert {sv.group for sv in falls} == {"waterfall"} and len(falls) == 3


def test_k7_every_card_the_section_names_exists():
    """K7: the characters, Spells, Relic, Magic Items, Object and Highland and core-deck cards."""
    pack = pack_by_id(PACK)
    for cid in ("highlander", "rogue", "vampiress"):
        assert pack.character(cid) is not None
    exp = expansion_by_id("highland")
    assert {s.id for s in exp.spells} == {"eyes_of_the_hawk", "lightning_bolt"}
    assert isinstance(pack.card("dreadwing"), FollowerCard)
    for cid in ("dragons_teeth", "highland_flight_potion", "ice_sceptre", "lightning_hammer"):
        assert pack.card(cid).type == "magic_object"
    assert isinstance(pack.card("walking_stick"), ObjectCard) and pack.card("walking_stick").type == "object"
    for cid in ("highland_earth_elemental", "eyrie_vanguard", "gong_of_war", "icy_path", "magpie", "rock_face",
                "highland_rune_gate", "sage_owl", "trailblazer", "treasure_hunter", "vagabond"):
        assert cid in exp.adventure_ids()
    assert MAIN <= exp.adventure_ids()
    assert sum(c.count for c in exp.adventures if c.id in MAIN) == 12  # K6k: "the 12 Highland Adventure Cards"


def test_k1_k6k_the_trove_deck_and_the_main_cards_are_not_in_the_highland_deck():
    """K1: the Highland deck holds no Magic Item or Object; K6k: the 12 core-deck cards wait aside."""
    s = game(2)
    c = ctx(s)
    deck = [card_id(u) for u in s.ext.shelved["highland"].adventure]
    assert deck and not any(c.pack.card(cid).type in ("object", "magic_object") for cid in deck)
    assert not MAIN & set(deck)
    assert sorted({card_id(u) for u in s.ext.piles[highland.MAIN]}) == sorted(MAIN)
    assert len(s.ext.piles[highland.MAIN]) == 12 and broken(s) == []


def test_k3c_the_way_in_only_once_the_crags_are_met():
    """K3c: at the Crags the party first meets them as a Destination Space, then may go in."""
    s = game(3)
    c = ctx(s)
    travel.depart(c, "depart:crags")
    assert s.trip.goal == "trove" and s.trip.destination == "crags"
    jump_to_destination(s)
    assert regions.entries(c) == []
    s.trip.destination_done = True
    settle(s)
    assert regions.entries(c) == [f"enter:{highland.REGION}"]


def test_k3d_f_entering_the_highland_sets_its_trove_deck_and_spells():
    """K3c-f: the Inner road's cards discarded, the Highland deck live, the Highland Spells in the
    Spell deck, the trove: two Magic Items, one Relic, six Objects and six Gold."""
    s = in_region(4)
    c = ctx(s)
    assert s.trip.region == highland.REGION and s.trip.position == 0 and s.ext.live == "highland"
    assert s.ext.spells["highland"] == []
    assert any(card_id(u) == "lightning_bolt" for u in s.decks.spells)
    trove = s.trip.trove
    assert trove.gold == highland.TROVE_GOLD
    relics = {cd.id for p in expansion_by_id("highland").piles if p.id == "relics" for cd in p.cards}
    found = [card_id(u) for u in trove.items if card_id(u) in relics] + \
        [card_id(u) for u in s.ext.piles.get(highland.RELIC_WAITING, [])]
    assert len(found) == 1
    magic = {cd.id for cd in expansion_by_id("highland").trove}
    assert sum(1 for u in trove.items if card_id(u) in magic) == 2
    assert sum(1 for u in trove.items if c.pack.card(card_id(u)).type == "object") == 6
    assert broken(s) == []


def test_k6g_the_eagle_king_guards_the_eyrie():
    """K6g: at the Eyrie the Eagle King, Strength 8 and Craft 8, joins the guardians (C8d)."""
    s = in_region(5)
    c = ctx(s)
    jump_to_destination(s)
    assert s.trip.destination == "eyrie" and s.decision.kind == "guardians"
    master = regions.master_guardians(c)
    assert [(g.of, g.strength, g.craft) for g in master] == [("eagle_king", 8, 8)]
    fight = guardians.trove_guardians(c)  # C8d: he may take up the trove's things as any guardian
    king = [g for g in fight.guardians if g.of == "eagle_king"]
    assert len(king) == 1 and king[0].strength >= 8 and king[0].craft >= 8


def test_k6i_k_the_trove_won_the_relic_and_the_core_deck_cards():
    """K6i: a Follower Relic goes to a winner; K6k: the 12 cards join the core deck."""
    s = in_region(6)
    c = ctx(s)
    dread = next(u for u in s.ext.piles["relics"] + s.trip.trove.items + s.ext.piles.get(highland.RELIC_WAITING, [])
                 if card_id(u) == "dreadwing")
    for pile in (s.ext.piles["relics"], s.trip.trove.items):
        if dread in pile:
            pile.remove(dread)
    s.ext.piles[highland.RELIC_WAITING] = [dread]
    s.party()[0].followers = []
    jump_to_destination(s)
    regions.trove_won(c)
    highland.trove_won(c)
    assert dread in s.party()[0].followers
    core = s.ext.shelved["core"].adventure
    assert sum(1 for u in core if card_id(u) in MAIN) == 12 and s.ext.piles[highland.MAIN] == []
    assert s.ext.masters_beaten == 1 and broken(s) == []


def test_k5b3_the_glacier_slides_the_party_back_to_the_crags():
    """K5b-3: 6d6 higher than the party's Strength and Craft together: back to the Crags, the
    core deck back (K6j)."""
    s = at_space(in_region(7), 1, "glacier")
    c = ctx(s)
    highland.highland(c).pending, highland.highland(c).at = "glacier", 1
    rig(s, dice=[6] * 6 + [3] * 20)
    settle(s)
    assert s.trip.region == "inner" and s.trip.destination == "crags" and s.ext.live == "core"
    assert broken(s) == []


def test_k5b3_the_glacier_crossed_the_party_is_on_the_next_space():
    """K5b-3: a score under the party's might: on to the next Road Space."""
    s = at_space(in_region(8), 1, "glacier")
    c = ctx(s)
    highland.highland(c).pending, highland.highland(c).at = "glacier", 1
    rig(s, dice=[1] * 6 + [3] * 20)
    settle(s)
    assert s.trip.region == highland.REGION and s.trip.position == 2 and broken(s) == []


def test_k5b6_the_ice_bridge_kills_a_character_with_too_many_followers():
    """K5b-6: a d6 less the Followers, 0 or less: the character dies; he may leave them first."""
    s = at_space(in_region(9), 2, "ice_bridge")
    c = ctx(s)
    hero = s.party()[0]
    owls = [u for u in s.decks.adventure if card_id(u) in ("horned_owl", "clansman", "miner")][:2]
    for u in owls:
        s.decks.adventure.remove(u)
    hero.followers = owls
    highland.highland(c).pending, highland.highland(c).at = "ice_bridge", 2
    rig(s, dice=[2] + [3] * 20)
    settle(s)
    assert s.decision.kind == highland.BRIDGE_DECISION and s.decision.data["followers"] == 2
    s = choose(s, "bridge_cross")
    assert not s.hero(hero.uid).alive
    assert s.ext.highland.bridge_deaths == 1


def test_k5b6_leaving_the_followers_the_character_crosses():
    s = at_space(in_region(10), 2, "ice_bridge")
    c = ctx(s)
    hero = s.party()[0]
    owls = [u for u in s.decks.adventure if card_id(u) in ("horned_owl", "clansman", "miner")][:2]
    for u in owls:
        s.decks.adventure.remove(u)
    hero.followers = owls
    highland.highland(c).pending, highland.highland(c).at = "ice_bridge", 2
    rig(s, dice=[1] + [3] * 20)
    settle(s)
    s = choose(s, "bridge_leave")
    hero = s.hero(hero.uid)
    assert hero.alive and hero.followers == [] and broken(s) == []


def test_k5b4_the_mountain_pass_six_leads_to_the_lost_city():
    """K5b-4: the last card met, a 6: the Lost City is met as the next Road Space."""
    s = at_space(in_region(11), 1, "mountain_pass")
    c = ctx(s)
    highland.highland(c).pending, highland.highland(c).at = "mountain_pass", 1
    rig(s, dice=[6] + [4] * 40)
    settle(s)
    assert s.trip.position == 2 and s.trip.road[2].special == "lost_city"
    assert highland.highland(c).lost_city == 1 and broken(s) == []


def test_k5b4_the_mountain_pass_blocked_lays_more_cards():
    """K5b-4: 1-3, no way across: more cards on the space, then the die again."""
    s = at_space(in_region(12), 1, "mountain_pass")
    c = ctx(s)
    highland.highland(c).pending, highland.highland(c).at = "mountain_pass", 1
    rig(s, dice=[2, 3] + [4] * 60)
    c.state.decision = None
    highland.work(c)
    assert len(s.trip.spots) == 3 and highland.highland(c).pending == "mountain_pass" and s.trip.position == 1


def test_k7_a_roc_that_beats_a_character_carries_the_party_to_the_crags():
    """K7 Roc / Earth Elemental: a character beaten, the party is carried to the Crags."""
    s = in_region(13)
    c = ctx(s)
    highland.injured(c, s.party()[0], "highland_earth_elemental#1")
    s.decision = None
    highland.work(c)
    assert s.trip.region == "inner" and s.trip.destination == "crags" and s.ext.region is None
    s2 = game(14)
    c2 = ctx(s2)
    travel.depart(c2, "depart:city")
    highland.injured(c2, s2.party()[0], "roc#1")
    s2.decision = None
    highland.work(c2)
    assert s2.trip.destination == "crags" and broken(s2) == []


def test_k7_the_highlander_lays_an_extra_d6_of_cards_on_the_hills():
    """K7 Highlander: landing on the Hills he rolls a d6 more and that many cards are laid."""
    s = at_the_crags(15)
    s.party()[0].card = "highlander"
    rig(s, dice=[2, 4] + [3] * 40)
    regions.enter(ctx(s), highland.REGION)
    assert len(s.trip.spots) == 2 + 4  # the Hills die (2) and the Highlander's d6 (4)
    assert broken(s) == []


def test_k_highland_campaigns_through_the_ai_reach_the_eagle_king():
    """K3-K6 together: campaigns with the Highland played by the campaign AI through the engine:
    no card lost or duplicated, the Highland entered, the Eagle King fought and beaten."""
    from engine.darkest_talisman.ai import heuristic_player

    entered = beaten = 0
    for seed in (1, 10):  # found by a search on the engine: the Eagle King beaten within 450 actions
        s = game(seed)
        for _ in range(450):
            p = SYSTEM.pending(s)
            if p is None:
                break
            rng = random.Random(f"{seed}:{s.actions_taken}")
            s = SYSTEM.apply(s, p.player, heuristic_player(s, p.player, rng)).state
            assert broken(s) == [], (seed, s.actions_taken)
        entered += s.ext.regions_entered
        beaten += s.ext.masters_beaten
    assert entered >= 2 and beaten >= 2


def test_k5a_the_road_embed_and_the_party_picture_show_the_highland_path():
    """K5a: on the Highland Path the road embed names the Region, its spaces and the Highland deck,
    and the party picture draws that road, in both languages."""
    from gm.i18n import t
    from systems.darkest_talisman import picture
    from systems.darkest_talisman.embeds import road_embed

    s = in_region(16)
    p = pack_by_id(PACK)
    for locale in ("en", "it"):
        view = SYSTEM.view(s, None)
        embed = road_embed(view, locale)
        assert embed is not None and p.name_of(highland.REGION, locale) in (embed.title or "")
        body = (embed.description or "") + "".join(f.value or "" for f in embed.fields)
        assert p.name_of("highland_hills", locale) in body or p.name_of("eyrie", locale) in body
        assert t(locale, "talisman.deck.highland") in body
        png = picture.render_party(view, locale)
        assert png[:4] == b"\x89PNG"


def test_k7_dreadwing_doubles_before_a_move_fly_the_party_anywhere_in_the_region():
    """K7 Dreadwing (a Relic): 2d6 before moving on to a new Road Space; doubles, the party may
    teleport to any space of the same Region; no doubles, it moves on as usual."""
    s = at_space(in_region(17), 1)
    s.trip.road[1].special = None
    dread = next(u for u in s.ext.piles["relics"] + s.trip.trove.items + s.ext.piles.get(highland.RELIC_WAITING, [])
                 if card_id(u) == "dreadwing")
    for pile in (s.ext.piles["relics"], s.trip.trove.items, s.ext.piles.get(highland.RELIC_WAITING, [])):
        if dread in pile:
            pile.remove(dread)
    s.party()[0].followers = [dread]
    settle(s)
    assert s.decision.kind == "stand"
    rig(s, dice=[4, 4] + [3] * 30)
    s = choose(s, "continue")
    assert s.decision.kind == "teleport" and "road:4" in s.decision.options and s.trip.position == 1
    s = choose(s, "road:4")
    assert s.trip.position == 4 and s.trip.region == highland.REGION
    settle(s)
    while s.decision.kind != "stand":
        s = choose(s, s.decision.options[0])
    rig(s, dice=[2, 5] + [3] * 30)
    s = choose(s, "continue")
    assert s.trip.position == 5 and broken(s) == []


def _take_from_piles(s, cid: str) -> str:  # type: ignore[no-untyped-def]
    """A card of the Highland's side piles or decks, taken out for a test."""
    for pile in [*s.ext.piles.values(), *s.ext.troves.values(), s.decks.adventure, s.decks.adventure_discard,
                 s.ext.shelved["core"].adventure, *([s.trip.trove.items] if s.trip and s.trip.trove else [])]:
        for u in pile:
            if card_id(u) == cid:
                pile.remove(u)
                return u
    for spot in s.trip.spots:
        if spot.card and card_id(spot.card) == cid:
            u, spot.card = spot.card, None
            return u
    raise AssertionError(cid)


def _walking_stick_at_a_new_space():  # type: ignore[no-untyped-def]  # tests are not type-checked
    """The Walking Stick's bearer leading onto a new Road Space where a kobold and a harpy are laid."""
    s = in_region(18)
    c = ctx(s)
    at_space(s, 0)
    s.party()[0].objects = [_take_from_piles(s, "walking_stick")]
    rig(s, dice=[2] + [3] * 30, deck=["kobold", "harpy"])
    s.trip.road[1].visited = False
    travel.arrive(c, 1)
    settle(s)
    return s


def test_k7_the_walking_stick_asks_its_bearer_before_the_last_card_is_sent_back():
    """K7 Walking Stick: its bearer leading, he is asked before the cards of a new Road Space are
    met whether the last one laid goes, unseen; sent back, it is discarded; kept, it is met."""
    s = _walking_stick_at_a_new_space()
    assert s.decision.kind == highland.STICK_DECISION and s.decision.data["cards"] == 2
    assert s.decision.options == [highland.STICK_DISCARD, highland.STICK_KEEP]
    assert not any(sp.met for sp in s.trip.spots)
    s = choose(s, highland.STICK_DISCARD)
    laid = [card_id(sp.card) for sp in s.trip.spots if sp.card]
    assert laid == ["kobold"] and any(card_id(u) == "harpy" for u in s.decks.adventure_discard)
    assert s.ext.highland.stick == -1 and broken(s) == []


def test_k7_the_walking_stick_kept_the_last_card_is_met():
    s = _walking_stick_at_a_new_space()
    s = choose(s, highland.STICK_KEEP)
    assert s.decision.kind != highland.STICK_DECISION
    assert sorted(card_id(sp.card) for sp in s.trip.spots if sp.card) in (["harpy", "kobold"], ["harpy"])
    assert broken(s) == []


def test_k7_the_vagabond_takes_an_object_on_a_one_outside_combat():
    """K7 Vagabond: a 1 rolled (not in combat) costs his master an Object (ruling `highland_vagabond`)."""
    s = in_region(19)
    c = ctx(s)
    hero = s.party()[0]
    hero.followers = [_take_from_piles(s, "vagabond")]
    hero.objects = [_take_from_piles(s, "walking_stick")]
    rig(s, dice=[4, 1])
    c.d6("test")
    assert hero.objects != []
    c.d6("test")
    assert hero.objects == [] and broken(s) == []


def test_k7_the_lightning_hammer_and_the_rogue_in_guardian_combat():
    """K7 Lightning Hammer: +3 Strength in Guardian Combat; K7 Rogue: a d6 before Guardian
    Combat, shot like a bow (ruling `highland_rogue`: a 4-6 does 1 damage)."""
    s = in_region(20)
    c = ctx(s)
    hero = s.party()[0]
    hero.card = "rogue"
    hammer = next((u for u in s.trip.trove.items if card_id(u) == "lightning_hammer"), None)
    if hammer is not None:
        s.trip.trove.items.remove(hammer)
    hero.objects = [hammer or _take_from_piles(s, "lightning_hammer")]
    jump_to_destination(s)
    fight = guardians.trove_guardians(c)
    s.fight = fight
    rig(s, dice=[5] + [3] * 30)
    guardians.begin(c, None)
    assert fight.hero_bonus.get(f"{hero.uid}:strength") == 2
    hit = [g for g in fight.guardians if g.damage_strength + g.damage_craft == 1]
    assert len(hit) == 1
    rig(s, dice=[3] + [3] * 30)
    guardians.begin(c, None)
    assert all(g.damage_strength + g.damage_craft == 0 for g in fight.guardians)


def test_k7_the_magic_portal_carries_the_party_to_the_lost_city():
    """K7 Magic Portal: 6d6 over the party's Craft: into the Highland, the Lost City met as the
    space before the Eyrie (ruling `highland_portal`); at most the Craft, it is avoided."""
    s = game(21)
    c = ctx(s)
    travel.depart(c, "depart:city")
    rig(s, dice=[1] * 6)
    highland.event(c, "magic_portal", 0)
    assert not s.ext.highland.portal and s.trip.region == "inner"
    rig(s, dice=[6] * 6 + [3] * 60)
    highland.event(c, "magic_portal", 0)
    assert s.ext.highland.portal
    s.tasks, s.decision = [], None
    highland.work(c)
    assert s.trip.region == highland.REGION and s.ext.region is not None and s.ext.live == "highland"
    assert s.trip.position == len(s.trip.road) - 2 and s.trip.road[s.trip.position].special == "lost_city"
    assert broken(s) == []


def test_k7_the_rock_face_bars_the_way_until_it_is_climbed():
    """K7 Rock Face: going on, 6d6 against the party's Strength and Craft; not under, each
    character loses 1 life and the party stays; under, it climbs and goes on."""
    from engine.darkest_talisman.state import Spot

    s = at_space(in_region(22), 1)
    face = _take_from_piles(s, "rock_face")
    s.trip.spots = [Spot(seq=s.new_seq(), card=face, revealed=True, met=True)]
    settle(s)
    assert s.decision.kind == "stand"
    hero = s.party()[0]
    life = hero.life
    rig(s, dice=[6] * 6 + [3] * 30)
    s = choose(s, "continue")
    assert s.trip.position == 1 and s.hero(hero.uid).life == life - 1 and s.decision.kind == "stand"
    rig(s, dice=[1] * 6 + [3] * 30)
    s = choose(s, "continue")
    assert s.trip.position == 2 and s.ext.highland.climbed == [face] and broken(s) == []


def test_k7_the_vampiress_drains_a_follower_once_a_road_space():
    """K7 Vampiress: once a Road Space she may drain a Follower of the party: she heals 1 life and
    the Follower is discarded."""
    s = at_space(in_region(23, party=2), 1)
    vamp, other = s.party()[0], s.party()[1]
    vamp.card = "vampiress"
    vamp.life = 2
    other.followers = [_take_from_piles(s, "horned_owl")]
    settle(s)
    assert "drain" in s.decision.options
    s = choose(s, "drain")
    assert s.hero(vamp.uid).life == 3 and s.hero(other.uid).followers == []
    assert "drain" not in s.decision.options and broken(s) == []


# ----------------------------------------------------------------------------- K5b-1, K7: the cards' powers in play
def _marauders(s, hero):  # type: ignore[no-untyped-def]
    """The Ridgeway's 1 (K5b-1): the Marauders, Strength 6, stand before `hero`."""
    from engine.darkest_talisman.state import Combat

    s.tasks.append(Combat(hero=hero.uid, enemy="marauders", attribute="strength", value=6, kind="monster"))
    return settle(s)


def test_k5b1_the_ridgeway_marauders_may_be_paid_all_ones_gold():
    """K5b-1 Ridgeway: 1, the Marauders ask for all the character's Gold: paying is offered beside
    the fight, with the sum; paid, he keeps his lives and has no Gold left (ruling `highland_ridgeway`)."""
    s = at_space(in_region(30), 1)
    hero = s.party()[0]
    hero.gold = 5
    s = _marauders(s, hero)
    assert s.decision.kind == "enemy" and highland.PAY_MARAUDERS in s.decision.options and "fight" in s.decision.options
    assert s.decision.data["labels"][highland.PAY_MARAUDERS] == {"gold": 5}
    life = hero.life
    s = choose(s, highland.PAY_MARAUDERS)
    hero = s.hero(hero.uid)
    assert hero.gold == 0 and hero.life == life and not s.tasks and broken(s) == []


def test_k5b1_the_ridgeway_without_gold_the_marauders_are_fought():
    s = at_space(in_region(31), 1)
    hero = s.party()[0]
    hero.gold = 0
    s = _marauders(s, hero)
    assert s.decision.kind == "enemy" and highland.PAY_MARAUDERS not in s.decision.options


def test_k7_lightning_bolt_the_enemy_rolls_no_die():
    """K7 Lightning Bolt: cast on the Enemy of a combat, it rolls no die in it."""
    from tests.talisman.helpers import only_spell

    s = at_space(in_region(32), 1)
    hero = s.party()[0]
    bolt = only_spell(s, hero.uid, "lightning_bolt")
    s = _marauders(s, hero)
    assert f"cast:{bolt}" in s.decision.options
    s = choose(s, f"cast:{bolt}")
    assert s.decision.kind == "enemy" and not any(o.startswith("cast:") for o in s.decision.options)
    assert s.ext.highland.bolted == [f"{hero.uid}|marauders|None"]
    rig(s, dice=[3] + [2] * 40)
    s = choose(s, "fight")
    assert not any(t.task == "combat" for t in s.tasks)
    assert s.ext.highland.bolted == [] and broken(s) == []


def test_k7_lightning_bolt_and_ice_sceptre_in_the_scores():
    """K7 Lightning Bolt: no Enemy die (combat._enemy_roll); K7 Ice Sceptre: its bearer's Enemy
    has 1 less (ruling `highland_ice_sceptre`)."""
    from engine.darkest_talisman import combat
    from engine.darkest_talisman.state import Combat

    s = at_space(in_region(33), 1)
    c = ctx(s)
    hero = s.party()[0]
    task = Combat(hero=hero.uid, enemy="marauders", attribute="strength", value=6, kind="monster")
    s.tasks.append(task)
    assert combat.enemy_score(c, task) == 6
    hero.objects.append(_take_from_piles(s, "ice_sceptre"))
    assert combat.enemy_score(c, task) == 5
    assert highland.combat_spell_fits(c, task, hero, highland.BOLT_KIND)
    highland.combat_cast(c, task, hero, highland.BOLT_KIND)
    assert not highland.combat_spell_fits(c, task, hero, highland.BOLT_KIND)
    rig(s, dice=[2, 5, 5])
    combat.fight(c, task, hero)
    assert task.enemy_roll == [] and task.hero_roll == [2]


def test_k7_the_rock_face_a_life_or_a_follower_each_characters_choice():
    """K7 Rock Face: thrown back, each character loses 1 life or 1 Follower, as he chooses."""
    from engine.darkest_talisman.state import Spot

    s = at_space(in_region(34), 1)
    face = _take_from_piles(s, "rock_face")
    s.trip.spots = [Spot(seq=s.new_seq(), card=face, revealed=True, met=True)]
    hero = s.party()[0]
    owl = _take_from_piles(s, "horned_owl")
    hero.followers = [owl]
    settle(s)
    life = hero.life
    rig(s, dice=[6] * 6 + [3] * 30)
    s = choose(s, "continue")
    assert s.decision.kind == highland.ROCK_DECISION and s.decision.options == [highland.ROCK_LIFE, highland.ROCK_FOLLOWER]
    assert s.decision.data == {"follower": "horned_owl", "life": life}
    s = choose(s, highland.ROCK_FOLLOWER)
    hero = s.hero(hero.uid)
    assert hero.followers == [] and hero.life == life and s.trip.position == 1 and s.decision.kind == "stand"
    assert broken(s) == []


def test_k7_the_vagabond_only_his_masters_and_the_partys_ones_and_his_price():
    """K7 Vagabond: another character's 1 costs his master nothing; 2 Gold send him away."""
    s = at_space(in_region(35, party=2), 1)
    c = ctx(s)
    master, other = s.party()[0], s.party()[1]
    master.followers = [_take_from_piles(s, "vagabond")]
    master.objects = [_take_from_piles(s, "walking_stick")]
    rig(s, dice=[1, 1])
    c.d6("test", other.uid)
    assert master.objects != []
    c.d6("test", master.uid)
    assert master.objects == []
    master.gold = 3
    settle(s)
    assert highland.DISMISS in s.decision.options
    assert s.decision.data["labels"][highland.DISMISS] == {"hero": master.uid, "gold": 2}
    s = choose(s, highland.DISMISS)
    assert s.hero(master.uid).followers == [] and s.hero(master.uid).gold == 1
    assert highland.DISMISS not in s.decision.options and broken(s) == []


def test_k7_the_sage_owl_shows_the_face_down_cards_and_the_rogue_haggles():
    """K7 Sage Owl: the cards still face down on the space are shown; K7 Rogue: a Stranger who
    sells things gives her 1 Gold."""
    from engine.darkest_talisman.state import MeetCard, Spot

    s = at_space(in_region(36), 1)
    c = ctx(s)
    hero = s.party()[0]
    owl, kob = _take_from_piles(s, "sage_owl"), _take_from_piles(s, "kobold")
    s.trip.spots = [Spot(seq=s.new_seq(), card=owl, revealed=True), Spot(seq=s.new_seq(), card=kob)]
    highland.stranger(c, hero, MeetCard(card=owl, seq=s.trip.spots[0].seq, heroes=[hero.uid]))
    shown = [e for e in c.events if e.kind.endswith(".sage_owl")]
    assert len(shown) == 1 and shown[0].data["cards"] == ["kobold"]
    hero.card, gold = "rogue", hero.gold
    pro = _take_from_piles(s, "prospector")
    assert highland.sells(c, pro) and not highland.sells(c, owl)
    highland.stranger(c, hero, MeetCard(card=pro, seq=99, heroes=[hero.uid]))
    assert hero.gold == gold + 1


def test_k7_the_gong_of_war_summons_the_nearest_face_up_enemy():
    """K7 Gong of War: the nearest face-up Enemy on another space comes to the Gong's space."""
    from engine.darkest_talisman.state import Spot

    s = at_space(in_region(37), 2)
    c = ctx(s)
    gong, kob = _take_from_piles(s, "gong_of_war"), _take_from_piles(s, "kobold")
    s.trip.road[0].spots = [Spot(seq=s.new_seq(), card=kob, revealed=True)]
    spot = Spot(seq=s.new_seq(), card=gong)
    s.trip.spots = [spot]
    assert highland.placed_elsewhere(c, spot) is False
    assert [sp.card for sp in s.trip.spots] == [gong, kob] and s.trip.road[0].spots == []
    assert highland.placed_elsewhere(c, spot) is False and len(s.trip.spots) == 2  # none left to answer


def test_k7_the_icy_path_slides_the_party_along_the_road():
    """K7 Icy Path (E4a): the first to meet it rolls for the party: 1-2 back one Road Space
    (ruling `highland_icy_path`)."""
    from engine.darkest_talisman.state import Spot

    s = at_space(in_region(38), 2)
    icy = _take_from_piles(s, "icy_path")
    s.trip.spots = [Spot(seq=s.new_seq(), card=icy)]
    rig(s, dice=[1] + [3] * 40)
    settle(s)
    assert s.trip.position == 1 and broken(s) == []


def test_k7_the_trailblazers_master_may_pass_a_place_by():
    """K7 Trailblazer: his master is asked before meeting a Place: passed by, it does nothing to him."""
    from engine.darkest_talisman.state import Spot

    s = at_space(in_region(39), 1)
    hero = s.party()[0]
    hero.followers = [_take_from_piles(s, "trailblazer")]
    hero.life = 2
    well = _take_from_piles(s, "well_of_life")
    s.trip.spots = [Spot(seq=s.new_seq(), card=well)]
    settle(s)
    while s.decision.kind == "offer":  # a seer's redraw, declined
        s = choose(s, "decline")
    assert s.decision.kind == highland.TRAIL_DECISION and s.decision.data["card"] == "well_of_life"
    s = choose(s, highland.TRAIL_PASS)
    assert s.hero(hero.uid).life == 2 and s.decision.kind != highland.TRAIL_DECISION
    s2 = at_space(in_region(40), 1)
    hero2 = s2.party()[0]
    hero2.followers = [_take_from_piles(s2, "trailblazer")]
    hero2.life = 2
    s2.trip.spots = [Spot(seq=s2.new_seq(), card=_take_from_piles(s2, "well_of_life"))]
    settle(s2)
    while s2.decision.kind == "offer":
        s2 = choose(s2, "decline")
    s2 = choose(s2, highland.TRAIL_MEET)
    assert s2.hero(hero2.uid).life == 3 and broken(s2) == []


def test_k7_magpie_and_treasure_hunter_take_what_was_dropped_on_this_visit():
    """K7 Magpie: Objects dropped on this visit may be taken at once; K7 Treasure Hunter: Gold too."""
    from engine.darkest_talisman import encounters
    from engine.darkest_talisman.state import Dropped, Pickup, Spot

    s = at_space(in_region(41), 1)
    c = ctx(s)
    hero = s.party()[0]
    axe = _take_from_piles(s, "highland_axe")
    spot = Spot(seq=s.new_seq(), dropped=[Dropped(thing=axe), Dropped(gold=3)], met=True, revealed=True)
    s.trip.spots = [spot]
    task = Pickup(seq=spot.seq, heroes=[hero.uid])
    assert encounters.pickup_options(c, task, hero.uid) == []
    hero.followers = [_take_from_piles(s, "magpie")]
    assert encounters.pickup_options(c, task, hero.uid) == ["take:0", "pass"]
    hero.followers = [_take_from_piles(s, "treasure_hunter")]
    assert encounters.pickup_options(c, task, hero.uid) == ["take:0", "take:1", "pass"]


def test_k7_eyes_of_the_hawk_passes_over_a_d6_of_face_down_cards():
    """K7 Eyes of the Hawk: on a space with face-down cards, a d6 of them are passed over (left unmet)."""
    from engine.darkest_talisman import spells
    from engine.darkest_talisman.state import Spot
    from tests.talisman.helpers import only_spell

    s = at_space(in_region(42), 1)
    c = ctx(s)
    hero = s.party()[0]
    uid = only_spell(s, hero.uid, "eyes_of_the_hawk")
    s.trip.spots = [Spot(seq=s.new_seq(), card=_take_from_piles(s, cid)) for cid in ("kobold", "harpy", "snow_goblin")]
    s.trip.spots[0].met = s.trip.spots[0].revealed = True
    s.decision = None
    from engine.darkest_talisman.state import Decision
    s.decision = Decision(kind="after_card", options=["continue", "turn_back"])
    casts = spells.castable(c, hero)
    hawk = [a for a in casts if a.spell == uid]
    assert len(hawk) == 1
    rig(s, dice=[1])
    spells.cast(c, hero, hawk[0])
    assert [sp.met for sp in s.trip.spots] == [True, True, False]
    assert all(sp.card for sp in s.trip.spots)


def test_k7_the_ai_answers_the_highlands_new_decisions():
    """The campaign AI (project): a weak Follower before a life, the Walking Stick when worn, the
    Trailblazer past a Rock Face, the Marauders paid when the Gold is little, the Vagabond paid."""
    from engine.darkest_talisman.state import Decision

    s = at_space(in_region(43), 1)
    c = ctx(s)
    hero = s.party()[0]
    hero.followers = [_take_from_piles(s, "horned_owl")]
    hero.life = 2
    assert highland.ai_pick(c, Decision(kind=highland.ROCK_DECISION, hero=hero.uid,
                                        options=[highland.ROCK_LIFE, highland.ROCK_FOLLOWER]), 0.5) == highland.ROCK_FOLLOWER
    stick = Decision(kind=highland.STICK_DECISION, hero=hero.uid, options=[highland.STICK_DISCARD, highland.STICK_KEEP],
                     data={"cards": 1})
    assert highland.ai_pick(c, stick, 0.5) == highland.STICK_DISCARD
    trail = Decision(kind=highland.TRAIL_DECISION, hero=hero.uid, options=[highland.TRAIL_PASS, highland.TRAIL_MEET],
                     data={"card": "rock_face"})
    assert highland.ai_pick(c, trail, 0.5) == highland.TRAIL_PASS
    trail.data["card"] = "well_of_life"
    assert highland.ai_pick(c, trail, 0.5) == highland.TRAIL_MEET
    pay = Decision(kind="enemy", hero=hero.uid, options=["fight", highland.PAY_MARAUDERS],
                   data={"labels": {highland.PAY_MARAUDERS: {"gold": 1}}})
    assert highland.ai_pick(c, pay, 0.5) == highland.PAY_MARAUDERS
    assert highland.ai_pick(c, Decision(kind="stand", options=["continue", highland.DISMISS]), 0.5) == highland.DISMISS


def test_k3b_the_ai_sets_out_for_the_eyrie_when_the_party_is_fit():
    """K3b-c (the campaign AI, project): fit for the Eyrie, toward the Crags and into the Highland."""
    from engine.darkest_talisman.state import Decision

    s = game(44)
    c = ctx(s)
    hero = s.party()[0]
    village = Decision(kind="village", options=["depart:trove", "depart:crags"])
    hero.strength, hero.life = 12, 5
    assert highland.eyrie_fit(c) and highland.ai_pick(c, village, 0.1) == "depart:crags"
    hero.life = 2
    assert not highland.eyrie_fit(c) and highland.ai_pick(c, village, 0.1) is None


def test_k5b3_k7_a_climbing_rope_helps_the_party_up_the_glacier_and_the_rock_face():
    """K5b-3, K7 Rock Face (project card): each Climbing Rope adds 2 to the party's might."""
    s = in_region(45)
    c = ctx(s)
    might = highland.party_might(c)
    s.party()[0].objects.append(_take_from_piles(s, "climbing_rope"))
    assert highland.party_might(c) == might + highland.ROPE_MIGHT


def _vanguard(seed: int):  # type: ignore[no-untyped-def]
    from engine.darkest_talisman.state import Spot

    s = at_space(in_region(seed), 1)
    van = _take_from_piles(s, "eyrie_vanguard")
    s.trip.spots = [Spot(seq=s.new_seq(), card=van)]
    rig(s, deck=["kobold", "well_of_life", "harpy"])
    settle(s)
    while s.decision.kind == "offer":  # a seer's redraw, declined
        s = choose(s, "decline")
    return s


def test_k7_the_eyrie_vanguard_its_enemies_fought_in_guardian_combat():
    """K7 Eyrie Vanguard: 3 Highland cards drawn; the Enemies among them are fought in Guardian
    Combat, the others laid on the space and met as usual (ruling `highland_vanguard`)."""
    s = _vanguard(46)
    assert s.decision.kind == "guardians" and s.fight is not None and s.fight.kind == "vanguard"
    assert sorted(g.of for g in s.fight.guardians) == ["harpy", "kobold"]
    assert "fight" in s.decision.options and "turn_back" in s.decision.options
    assert any(sp.card and card_id(sp.card) == "well_of_life" for sp in s.trip.spots)
    for _ in range(40):
        if s.fight is None or s.decision.kind not in ("guardians", "guardian_spell", "guardian_split", "loot"):
            break
        d = s.decision
        s = choose(s, "fight" if d.kind == "guardians" else "pass" if d.kind == "guardian_spell"
                   else "done" if d.kind == "loot" else d.options[0])
    assert s.fight is None and broken(s) == []
    if s.status == "active":  # won: the beaten Enemies are discarded, the Place still to meet
        gone = [card_id(u) for u in s.decks.adventure_discard]
        assert "kobold" in gone and "harpy" in gone


def test_k7_the_eyrie_vanguard_left_behind_by_turning_back():
    s = _vanguard(47)
    assert s.decision.kind == "guardians"
    s = choose(s, "turn_back")
    assert s.fight is None and s.trip.heading == "home" and broken(s) == []


def test_k7_the_ai_fights_the_eyrie_vanguard_unless_the_round_may_kill():
    """K7 Eyrie Vanguard (the campaign AI, ruling `highland_vanguard`): fought when the forecast
    says nobody dies, left by turning back otherwise."""
    s = _vanguard(48)
    c = ctx(s)
    d = s.decision.model_copy(deep=True)
    safe = {"known": True, "heroes": {h.uid: {"dies": "no"} for h in s.party()}}
    d.data["forecast"] = [safe] + [None] * (len(d.options) - 1)
    assert highland.ai_pick(c, d, 0.5) == "fight"
    d.data["forecast"][0] = {"known": True, "heroes": {h.uid: {"dies": "maybe"} for h in s.party()}}
    assert highland.ai_pick(c, d, 0.5) == "turn_back"


def test_k7_the_eyrie_vanguard_is_told_and_asked_in_both_languages():
    """K7 Eyrie Vanguard: its coming is told (what was drawn, how many Enemies) and its Guardian
    Combat asked as the Vanguard's own, with or without turning back, never as a place's guardians
    (ruling `highland_vanguard`); no template or locale key reaches the players."""
    from engine.core.events import Event
    from engine.darkest_talisman.ctx import EV
    from systems.darkest_talisman.describe import decision_text, describe_event

    s = _vanguard(46)
    came = Event(kind=EV + "vanguard", data={"cards": ["kobold", "well_of_life", "harpy"], "enemies": 2})
    for loc, name in (("en", "Eyrie Vanguard"), ("it", "Avanguardia del Nido")):
        view = SYSTEM.view(s, None)
        told = describe_event(view, came, loc) or ""
        asked = decision_text(SYSTEM.view(s, "p1"), loc)
        for text in (told, asked):
            assert name in text and "{" not in text and "talisman." not in text, text
        assert "2" in told, told
        assert ("turn back?" if loc == "en" else "tornare indietro?") in asked, asked
    s.decision.options.remove("turn_back")
    asked = decision_text(SYSTEM.view(s, "p1"), "en")
    assert "Eyrie Vanguard" in asked and "turn back" not in asked and "no turning back" in asked, asked


def _lost_city_row(total: int):  # type: ignore[no-untyped-def]
    from engine.darkest_talisman.content import Effect

    table = highland_location("lost_city").effect
    assert table is not None
    row = next(r for r in table.roll if r.low <= total <= r.high)
    assert isinstance(row.effect, Effect)
    return row.effect


def highland_location(lid: str):  # type: ignore[no-untyped-def]
    s = in_region(60)
    return ctx(s).pack.location(lid)


def test_k5b4_the_lost_city_armour_and_weapon_come_from_the_purchase_deck():
    """K5b-4 Lost City, 10 and 11: an Armour, then a Weapon, taken from the Purchase deck (the
    dearest Weapon left, ruling `highland_pass_again`); none left, nothing gained."""
    from engine.darkest_talisman import effects

    s = in_region(61)
    c = ctx(s)
    hero = s.party()[0]
    hero.objects = []
    before = len(s.decks.purchase)
    effects.apply(c, hero, _lost_city_row(10), "lost_city", [])
    effects.apply(c, hero, _lost_city_row(11), "lost_city", [])
    assert sorted(card_id(u) for u in hero.objects) == ["armour", "axe"]
    assert len(s.decks.purchase) == before - 2 and broken(s) == []
    for u in [u for u in s.decks.purchase if card_id(u) in ("axe", "sword")]:
        s.decks.purchase.remove(u)
        s.decks.adventure_discard.append(u)  # out of the Purchase deck, still counted
    hero.objects = [u for u in hero.objects if card_id(u) == "armour"]
    c.events.clear()
    effects.apply(c, hero, _lost_city_row(11), "lost_city", [])
    assert [card_id(u) for u in hero.objects] == ["armour"]
    assert [e.kind.rsplit(".", 1)[-1] for e in c.events] == ["no_weapon_left"]


def test_k5b4_the_lost_city_relic_is_the_top_highland_relic():
    """K5b-4 Lost City, 12: the top Relic of the Highland's Relics; with no room to carry it, it
    goes under the Relics and nothing is gained (ruling `highland_pass_again`)."""
    from engine.darkest_talisman import effects
    from engine.darkest_talisman import heroes as hero_rules

    s = in_region(62)
    c = ctx(s)
    hero = s.party()[0]
    relics = s.ext.piles[highland.RELICS]
    top = relics[-1]
    held = len(relics)
    effects.apply(c, hero, _lost_city_row(12), "lost_city", [])
    assert (top in hero.objects or top in hero.followers) and len(relics) == held - 1
    top = relics[-1]
    while hero_rules.room_for(c.pack, hero, top):  # fill every hand and follower place
        hero.objects.append(s.decks.purchase.pop())
        hero.followers.append(next(u for u in s.decks.adventure if isinstance(c.pack.card(card_id(u)), FollowerCard)))
        s.decks.adventure.remove(hero.followers[-1])
    c.events.clear()
    effects.apply(c, hero, _lost_city_row(12), "lost_city", [])
    assert top not in hero.objects and top not in hero.followers and relics[0] == top and len(relics) == held - 1
    assert [e.kind.rsplit(".", 1)[-1] for e in c.events] == ["no_room"]


def test_k7_the_ai_casts_eyes_of_the_hawk_when_it_helps():
    """K7 Eyes of the Hawk and the campaign AI (project): with face-down cards still to meet, it
    casts the Spell when a character is down to 2 lives or the party heads home, not otherwise."""
    import random

    from engine.darkest_talisman.actions import Cast
    from engine.darkest_talisman.ai import heuristic_player
    from engine.darkest_talisman.expansions import highland
    from engine.darkest_talisman.state import Decision, Spot
    from tests.talisman.helpers import only_spell

    s = at_space(in_region(44), 1)
    hero = s.party()[0]
    uid = only_spell(s, hero.uid, "eyes_of_the_hawk")
    s.trip.spots = [Spot(seq=s.new_seq(), card=_take_from_piles(s, cid)) for cid in ("kobold", "harpy")]
    s.tasks = []
    s.decision = Decision(kind="after_card", options=["continue", "turn_back"])
    s.trip.heading = "out"
    for h in s.party():
        h.life = 5
    player = s.seats[0].player
    act = heuristic_player(s, player, random.Random(1))
    assert not (isinstance(act, Cast) and act.spell == uid)
    hero.life = highland.HAWK_LIVES
    act = heuristic_player(s, player, random.Random(1))
    assert isinstance(act, Cast) and act.spell == uid
    hero.life = 5
    s.trip.heading = "home"
    act = heuristic_player(s, player, random.Random(1))
    assert isinstance(act, Cast) and act.spell == uid
    for spot in s.trip.spots:
        spot.met = True  # nothing left face down to pass over
    act = heuristic_player(s, player, random.Random(1))
    assert not (isinstance(act, Cast) and act.spell == uid)
