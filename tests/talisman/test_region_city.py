"""The City (DT section J): each test names the rule it checks (J1-J5).

The pack (data/talisman/expansions/city/) with every card J names, the City Region reached from
the City (J1, J3a-b: the groundwork, tests/talisman/test_region_groundwork.py), the Special
Locations' shops (J3e), the City Market (J3f), the Wanted Posters and bounty fights (J4), the
Jail (J1c) and the cards J5 changes; and whole campaigns played by the campaign AI through the
engine and the bot's turn messages."""
from __future__ import annotations

import random

from engine.core.system import Seat
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman import travel
from engine.darkest_talisman.content import EnemyCard, pack_by_id
from engine.darkest_talisman.expansions import city, decks, regions
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.expansions.registry import EXPANSIONS, by_name
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import card_id
from tests.talisman.expansion_helpers import broken, ctx
from tests.talisman.helpers import choose, jump_to_destination, rig

CITY = "core+city"

#: J5's cards, by where the City puts them
J5_DECK = {"air_elemental": "enemy", "city_assassin": "stranger", "corrupt_sheriff": "event", "crowded_streets": "event",
           "drunken_revelry": "event", "festival": "event", "haggler": "follower", "jailer": "follower", "lost": "event",
           "panhandler": "follower", "pied_piper": "stranger", "city_rune_gate": "place", "travelling_bazaar": "event",
           "water_elemental": "enemy", "wizards_chess": "place", "urchin": "follower"}
J5_SHOPS = {"city_riding_horse": "stables", "crystal_sceptre": "magic_emporium", "fex": "menagerie", "hopper": "menagerie",
            "stinker": "menagerie", "stompy": "menagerie", "terrance": "menagerie", "wart": "menagerie",
            "whiskers": "menagerie", "flight_potion": "apothecary", "vial_of_poison": "apothecary"}
J5_CHARACTERS = {"bounty_hunter", "cat_burglar", "spy", "tavern_maid", "tinkerer"}


def city_game(seed: int = 1, party: int = 1):  # type: ignore[no-untyped-def]  # tests are not type-checked
    seats = [Seat(player=f"p{i + 1}", name=f"P{i + 1}") for i in range(party)]
    return SYSTEM.new_game(seats, {"pack": CITY}, seed).state


def at_the_city(seed: int = 1, party: int = 1):  # type: ignore[no-untyped-def]
    s = city_game(seed, party)
    travel.depart(ctx(s), "depart:city")
    return jump_to_destination(s)


def in_region(seed: int = 1, party: int = 1):  # type: ignore[no-untyped-def]
    s = at_the_city(seed, party)
    regions.enter(ctx(s), city.REGION)
    return s


def at_market(seed: int = 1, party: int = 1):  # type: ignore[no-untyped-def]
    return jump_to_destination_city(in_region(seed, party))


def jump_to_destination_city(s):  # type: ignore[no-untyped-def]
    """The party at the City Market at once; what lay on its space goes to the City's discards."""
    c = ctx(s)
    for spot in s.trip.spots:
        if spot.card is not None:
            s.decks.adventure_discard.append(spot.card)
            spot.card = None
    s.trip.spots = []
    s.trip.position = len(s.trip.road) - 1
    s.trip.road[-1].visited = True
    s.trip.location_met = True
    s.decision = None
    from engine.darkest_talisman import flow
    flow.advance(c)
    return s


def test_j5_every_card_j_names_is_in_the_pack():
    """J5: the cards, characters and shop cards DT names, of the types it gives; the City deck's
    two Magic Items stay in it (J2c); no Trove deck."""
    exp = expansion_by_id("city")
    deck = {c.id: c.type for c in exp.adventures}
    for cid, kind in J5_DECK.items():
        assert deck.get(cid) == kind, cid
    assert sum(1 for c in exp.adventures if c.type == "magic_object") == 2 and exp.trove == []
    piles = {c.id: p.id for p in exp.piles for c in p.cards}
    for cid, shop in J5_SHOPS.items():
        assert piles.get(cid) == shop, cid
    assert {c.id for c in exp.characters} == J5_CHARACTERS
    assert {p.id for p in exp.piles} == {"armoury", "menagerie", "magic_emporium", "apothecary", "stables"}
    assert EXPANSIONS["city"] is city and by_name("the city") == "city" and by_name("City") == "city"
    for c in exp.adventures:
        assert c.names.get("it") and c.text and c.texts.get("it"), c.id


def test_j2_the_shops_are_set_aside_and_a_poster_is_displayed():
    """J2a: the shops' cards are out of every deck, in their own piles; J2b, J4a: the posters
    are shuffled and the top one displayed; J2c: the two Magic Items are in the City deck."""
    s = city_game(2)
    rec = s.ext
    shop_ids = {c.id for p in expansion_by_id("city").piles for c in p.cards}
    for deck in (s.decks.adventure, s.decks.trove, rec.shelved["city"].adventure):
        assert not any(card_id(u) in shop_ids for u in deck)
    assert {card_id(u) for u in rec.piles["armoury"]} <= shop_ids and len(rec.piles["stables"]) == 8
    assert {card_id(u) for u in rec.shelved["city"].adventure} >= {"thieves_lockpick", "watchmans_blade"}
    assert rec.city.revealed is not None and len(rec.city.posters) == 17
    assert broken(s) == []


def test_j3c_entering_displays_a_new_poster():
    """J3c: going into the City Region, a new Wanted Poster goes up at the City."""
    s = at_the_city(3)
    before = s.ext.city.revealed
    regions.enter(ctx(s), city.REGION)
    assert s.ext.city.revealed not in (None, before)
    assert before in s.ext.city.poster_discard


def test_j4c_a_buy_one_poster_and_cash_it_in_at_a_village():
    """J4c-a: the top poster for 1 Gold, one a character; cashed in at a village for the value
    of the wanted kind's trophies in Gold (J4b, facts J.2); the trophies and the poster go."""
    s = at_the_city(4)
    hero = s.party()[0]
    hero.gold = 3
    s.ext.city.posters.append("wanted_animal#9")
    assert f"poster_buy:{hero.uid}" in s.decision.options
    s = choose(s, f"poster_buy:{hero.uid}")
    hero = s.party()[0]
    assert hero.gold == 2 and s.ext.city.held[hero.uid] == "wanted_animal#9"
    assert f"poster_buy:{hero.uid}" not in s.decision.options  # one at a time
    assert f"poster_cash:{hero.uid}" not in s.decision.options  # no Animal trophy yet: nothing to cash
    p = pack_by_id(CITY)
    boar = next(u for u in s.decks.adventure_discard + s.decks.adventure
                if isinstance(p.card(card_id(u)), EnemyCard) and p.card(card_id(u)).kind == "animal")
    (s.decks.adventure if boar in s.decks.adventure else s.decks.adventure_discard).remove(boar)
    hero.trophies.append(boar)
    value = pack_by_id(CITY).card(card_id(boar)).value
    c = ctx(s)
    travel.arrive_village(c, "village", crossed=False)
    s.decision = None
    from engine.darkest_talisman import flow
    flow.advance(c)
    assert s.decision.kind == "village" and f"poster_cash:{hero.uid}" in s.decision.options
    assert s.decision.data["labels"][f"poster_cash:{hero.uid}"]["gold"] == value
    s = choose(s, f"poster_cash:{hero.uid}")
    hero = s.party()[0]
    assert hero.gold == 2 + value and boar not in hero.trophies and hero.uid not in s.ext.city.held
    assert broken(s) == []


def test_j4c_b_trophies_handed_to_the_displayed_poster_then_a_new_one():
    """J4c-b: the displayed poster pays for the trophies of its kind; it is discarded and a new
    one displayed."""
    s = at_the_city(5)
    hero = s.party()[0]
    old = s.ext.city.revealed = "wanted_monster#1"
    s.ext.city.posters = [u for u in s.ext.city.posters if u != old]
    monster = next(u for u in s.decks.adventure if card_id(u) == "cutthroat") if any(
        card_id(u) == "cutthroat" for u in s.decks.adventure) else None
    if monster is None:
        monster = next(u for u in s.ext.shelved["city"].adventure if card_id(u) == "cutthroat")
        s.ext.shelved["city"].adventure.remove(monster)
    else:
        s.decks.adventure.remove(monster)
    hero.trophies.append(monster)
    s.decision = None
    from engine.darkest_talisman import flow
    flow.advance(ctx(s))
    gold = hero.gold
    s = choose(s, f"poster_claim:{hero.uid}")
    hero = s.party()[0]
    assert hero.gold == gold + 4 and not hero.trophies
    assert s.ext.city.revealed != old and old in s.ext.city.poster_discard
    assert broken(s) == []


def test_j4d_a_b_redraw_once_a_visit_and_donate():
    """J4d-a: a character poster redrawn for 1 Gold, once a visit to the City Region; J4d-b:
    1 Gold takes the displayed character poster down, a new one goes up."""
    s = at_the_city(6)
    hero = s.party()[0]
    hero.gold = 5
    s.ext.city.held[hero.uid] = "wanted_character#1"
    s.ext.city.revealed = "wanted_character#2"
    s.ext.city.posters = [u for u in s.ext.city.posters if u not in ("wanted_character#1", "wanted_character#2")]
    s.decision = None
    from engine.darkest_talisman import flow
    flow.advance(ctx(s))
    s = choose(s, f"poster_redraw:{hero.uid}")
    assert s.party()[0].gold == 4 and s.ext.city.held[hero.uid] != "wanted_character#1"
    if city._poster(ctx(s), s.ext.city.held[hero.uid]).target == "character":
        assert f"poster_redraw:{hero.uid}" not in s.decision.options  # once a visit
    s = choose(s, f"poster_donate:{hero.uid}")
    assert s.party()[0].gold == 3 and s.ext.city.revealed != "wanted_character#2"


def _two(seed: int):  # type: ignore[no-untyped-def]
    s = at_the_city(seed, party=2)
    a, b = s.party()[:2]
    return s, a, b


def test_j4d_c_g_h_a_bounty_fight_costs_only_a_life_and_sets_the_bounty():
    """J4d-c: a good character may not start one; J4d-g: the loser loses a life and nothing
    else; J4d-h: the winner's poster carries the loser's lives as its bounty, then cashed in."""
    s, a, b = _two(7)
    a.alignment, b.alignment = "good", "good"
    s.ext.city.held[a.uid] = "wanted_character#1"
    s.decision = None
    from engine.darkest_talisman import flow
    flow.advance(ctx(s))
    assert not any(o.startswith("bounty:") for o in s.decision.options)
    a.alignment = "evil"
    a.strength, b.strength = 12, 1
    things = (list(b.objects), list(b.followers), b.gold)
    s.decision = None
    flow.advance(ctx(s))
    lives = b.life
    s = rig(s, dice=[1, 1])
    s = choose(s, f"bounty:{a.uid}:{b.uid}")
    a, b = s.hero(a.uid), s.hero(b.uid)
    assert b.life == lives - 1 and (list(b.objects), list(b.followers), b.gold) == things
    assert s.ext.city.bounty["wanted_character#1"] == b.life and s.ext.city.bounty_fights == 1
    gold = a.gold
    s = choose(s, f"poster_cash:{a.uid}")
    assert s.hero(a.uid).gold == gold + b.life and a.uid not in s.ext.city.held


def test_j5_the_bounty_hunter_takes_a_trophy():
    """J5 Bounty Hunter: he takes 1 trophy from a character he beats."""
    s, a, b = _two(8)
    a.card, a.alignment, a.strength, b.strength = "bounty_hunter", "neutral", 12, 1
    s.ext.city.held[a.uid] = "wanted_character#1"
    trophy = s.decks.adventure.pop()
    b.trophies.append(trophy)
    s = rig(s, dice=[3, 3])
    city.bounty_fight(ctx(s), s.hero(a.uid), s.hero(b.uid), at_city=True)
    assert trophy in s.hero(a.uid).trophies and not s.hero(b.uid).trophies


def test_j3f_shops_offer_only_what_can_be_bought_and_a_card_between_shops():
    """J3f-a, e: each shop lays out cards at its prices, only what a character can pay for and
    carry is offered; a shop where nobody can buy is named, not offered; J3f-b: moving to another
    shop a City card is met first, then discarded whatever it says."""
    s = at_market(9)
    hero = s.party()[0]
    assert s.decision.kind == "destination"
    hero.gold = 0
    s.decision = None
    from engine.darkest_talisman import flow
    flow.advance(ctx(s))
    assert not any(o.startswith(("shop:", "buy:")) for o in s.decision.options) or hero.card == "cat_burglar"
    assert set(s.decision.data["market"]["shut"]) == set(city.shops())
    hero.gold = 20
    s.decision = None
    flow.advance(ctx(s))
    assert "shop:armoury" in s.decision.options
    s = choose(s, "shop:armoury")
    assert s.ext.city.shop == "armoury" and not s.trip.spots  # the first shop: no card on the way
    wares = [card_id(u) for u in city.shown(ctx(s), "armoury")]
    buy = f"buy:{hero.uid}:{wares[0]}"
    assert buy in s.decision.options
    price = city.price(wares[0])
    s = choose(s, buy)
    assert s.hero(hero.uid).gold == 20 - price and any(card_id(u) == wares[0] for u in s.hero(hero.uid).objects)
    deck_before = len(s.decks.adventure) + len(s.decks.adventure_discard)
    rig(s, deck=["street_fair"])
    s = choose(s, "shop:stables")
    # the Street Fair was met on the way (each character +1 Gold) and went to the City discards
    assert s.ext.city.shop == "stables"
    assert any(card_id(u) == "street_fair" for u in s.decks.adventure_discard)
    assert len(s.decks.adventure) + len(s.decks.adventure_discard) == deck_before
    assert broken(s) == []


def test_j5_cat_burglar_burgles_once_a_shop_or_goes_to_jail():
    """J5 Cat Burglar: once a shop a visit; caught (2 dice over her Craft), the party is jailed."""
    s = at_market(10)
    hero = s.party()[0]
    hero.card = "cat_burglar"
    hero.gold = 0
    s.decision = None
    from engine.darkest_talisman import flow
    flow.advance(ctx(s))
    s = choose(s, "shop:armoury")
    assert f"burgle:{hero.uid}" in s.decision.options
    s = rig(s, dice=[6, 6])
    s = choose(s, f"burgle:{hero.uid}")
    assert s.decision.kind == "city_jail" and s.ext.city.jailed and s.ext.city.jail_visits == 1


def test_j1c_revelry_jails_the_party_and_out_it_stands_at_the_city():
    """J5 Drunken Revelry: a 1 takes the party to the Jail; J1c: each day it may try to escape
    (5-6, ruling city_jail) or pay bail; out, it stands at the City where the City Road starts."""
    s = in_region(11)
    c = ctx(s)
    s = rig(s, dice=[1])
    city.event(c, "revelry", -1)
    s.decision = None
    from engine.darkest_talisman import flow
    flow.advance(c)
    assert s.decision.kind == "city_jail" and s.decision.options[0] == "jail_escape"
    hero = s.party()[0]
    hero.gold = 0
    s.decision = None
    flow.advance(c)
    assert "jail_bail" not in s.decision.options  # nobody can pay: not offered
    days = s.stats.days
    s = rig(s, dice=[2])
    s = choose(s, "jail_escape")
    assert s.ext.city.jailed and s.stats.days == days + 1
    s = rig(s, dice=[6])
    s = choose(s, "jail_escape")
    assert not s.ext.city.jailed and s.trip.region == "inner" and s.trip.destination == "city"
    assert s.ext.live == "core" and broken(s) == []


def test_j5_corrupt_sheriff_and_jailer_keep_out_of_the_jail():
    """J5 Corrupt Sheriff: 2 Gold and the character is not jailed in the City Region (the
    immunity ends on leaving it); a Jailer's master is never jailed (project reading)."""
    s = in_region(12)
    c = ctx(s)
    hero = s.party()[0]
    hero.gold = 4
    city.event(c, "sheriff", -1)
    s.decision = None
    from engine.darkest_talisman import flow
    flow.advance(c)
    assert s.decision.kind == "city_sheriff" and s.decision.hero == hero.uid
    s = choose(s, "sheriff_pay")
    assert hero.uid in s.ext.city.immune and s.hero(hero.uid).gold == 2
    others = [h for h in s.party() if h.uid != hero.uid]
    s.ext.city.immune += [h.uid for h in others[1:]]  # they paid too
    if others:  # the last one has a Jailer instead
        jailer = next(u for u in s.decks.adventure + s.ext.shelved["core"].adventure if card_id(u) == "jailer") \
            if any(card_id(u) == "jailer" for u in s.decks.adventure) else None
        if jailer is not None:
            s.decks.adventure.remove(jailer)
            others[0].followers.append(jailer)
        else:
            s.ext.city.immune.append(others[0].uid)
    s = rig(s, dice=[1, 1, 1])
    city.event(ctx(s), "revelry", -1)
    assert not s.ext.city.to_jail and s.rng.script == [1, 1, 1]  # nobody who could be jailed rolled
    regions.end(ctx(s), "home")
    assert s.ext.city.immune == []


def test_j5_air_elemental_blows_back_to_the_city_water_elemental_takes_a_follower():
    """J5: beaten by the Air Elemental the party is blown back to the City; by the Water
    Elemental a character loses a Follower."""
    s = in_region(13)
    c = ctx(s)
    hero = s.party()[0]
    city.injured(c, hero, "air_elemental#1")
    s.decision = None
    from engine.darkest_talisman import flow
    flow.advance(c)
    assert s.trip.region == "inner" and s.trip.destination == "city" and s.ext.region is None
    uid = next(u for u in s.ext.piles["menagerie"])
    s.ext.piles["menagerie"].remove(uid)
    hero.followers.append(uid)
    city.injured(c, hero, "water_elemental#1")
    assert uid not in hero.followers and uid in s.ext.piles["menagerie"]  # back under its shop's pile
    assert broken(s) == []


def test_j3e_academy_sorcerer_high_temple():
    """J3e-1: 7 trophy points for 1 Strength or Craft; J3e-3: Spells sold for 1 Gold, bought for
    2 as Craft allows; J3e-6: 1-3 Gold and as many dice, offered only for Gold held."""
    s = in_region(14)
    c = ctx(s)
    hero = s.party()[0]
    s.trip.road[0].special = "academy"
    for spot in s.trip.spots:
        spot.met = True
    s.trip.location_met = True
    thug = next(u for u in s.decks.adventure if card_id(u) == "thug") if any(card_id(u) == "thug" for u in s.decks.adventure) \
        else None
    rats = [u for u in s.decks.adventure if card_id(u) in ("sewer_rats", "stray_hound")][:1]
    assert thug is not None and rats
    for u in [thug, *rats]:
        s.decks.adventure.remove(u)
        hero.trophies.append(u)
    s.decision = None
    from engine.darkest_talisman import flow
    flow.advance(c)
    assert f"academy:{hero.uid}:craft" in s.decision.options
    craft = hero.craft
    s = choose(s, f"academy:{hero.uid}:craft")
    assert s.hero(hero.uid).craft == craft + 1 and len(s.hero(hero.uid).trophies) < 2
    s.trip.road[0].special = "high_temple"
    hero = s.hero(hero.uid)
    hero.gold = 2
    s.decision = None
    flow.advance(ctx(s))
    temple = [o for o in s.decision.options if o.startswith(f"temple:{hero.uid}:")]
    assert temple == [f"temple:{hero.uid}:1", f"temple:{hero.uid}:2"]
    strength = hero.strength
    s = rig(s, dice=[5, 6])
    s = choose(s, f"temple:{hero.uid}:2")
    assert s.hero(hero.uid).strength == strength + 1 and s.hero(hero.uid).gold == 0  # 11: 1 Strength
    assert s.ext.city is not None and "high_temple" in s.hero(hero.uid).used
    assert not any(o.startswith(f"temple:{hero.uid}:") for o in s.decision.options)  # once a visit
    s.trip.road[0].special = "sorcerer"
    hero = s.hero(hero.uid)
    hero.gold = 2
    s.decision = None
    flow.advance(ctx(s))
    if hero_rules.spell_room(ctx(s), hero) > 0:
        spells = len(hero.spells)
        s = choose(s, f"spell_buy:{hero.uid}")
        assert len(s.hero(hero.uid).spells) == spells + 1 and s.hero(hero.uid).gold == 0
        s = choose(s, f"spell_sell:{hero.uid}")
        assert s.hero(hero.uid).gold == 1


def test_j3f_f_four_trinkets_count_as_one_object():
    """J3f-f: beyond the trinket limit, four trinkets take one item place."""
    s = city_game(15)
    hero = s.party()[0]
    p = pack_by_id(CITY)
    hero.objects = []
    potions = [u for u in s.ext.piles["apothecary"] if p.card(card_id(u)).carry == "trinket"]
    for u in potions[:5]:
        hero.objects.append(u)
    extra = potions[5]
    assert hero_rules.room_for(p, hero, extra)  # a sixth trinket fits in an item place
    for u in potions[5:9]:
        hero.objects.append(u)
    assert hero_rules.within_limits(p, hero)  # nine trinkets: five plus one place of four
    potions.append(extra)
    hero.objects.append(next(u for u in potions if u not in hero.objects))
    assert hero_rules.within_limits(p, hero)  # ten: a second place opens for the tenth
    assert not hero_rules.bundles(pack_by_id("core"))  # the core game alone keeps five


def test_j5_tavern_maid_starts_with_five_potions():
    """DT A3c: the Tavern Maid starts with five Potions (from the Apothecary)."""
    s = city_game(16)
    c = ctx(s)
    hero = s.party()[0]
    hero.card, hero.objects = "tavern_maid", []
    city.starting(c, hero)
    assert len(hero.objects) == 5
    assert all(decks.pile_of(c, u) == "apothecary" for u in hero.objects)


def test_j_city_campaigns_through_the_ai_keep_every_card_and_reach_the_market():
    """J1-J5 together: campaigns with the City played by the campaign AI through the engine's
    apply, the bot's turn message rendered in both languages after every action: no card lost or
    duplicated, no switch left, the City Region entered and the City Market reached; the state
    round-trips as JSON."""
    from engine.darkest_talisman.ai import heuristic_player
    from engine.darkest_talisman.state import CampaignState
    from gm.session import Result, Step
    from gm.store import GameRecord
    from systems.darkest_talisman.turn import turn_message

    entered = market = 0
    for seed in (0, 1):
        s = city_game(seed)
        for n in range(700):
            p = SYSTEM.pending(s)
            if p is None:
                break
            out = SYSTEM.apply(s, p.player, heuristic_player(s, p.player, random.Random(f"{seed}:{n}")))
            s = out.state
            assert broken(s) == [], (seed, n)
            if n % 7 == 0:
                record = GameRecord(id=1, guild_id=1, channel_id=1, system=SYSTEM.name, options={}, seed=0, version=1,
                                    state="{}", status="active", host_id=1, created_at=0.0, updated_at=0.0)
                for locale in ("en", "it"):
                    msg = turn_message(Result(record, s, steps=[Step(actor="", action={}, events=list(out.events))],
                                              game_system=SYSTEM), locale)
                    text = (msg.content or "") + "".join((e.description or "") for e in msg.embeds)
                    assert "talisman." not in text and "{" not in text, (seed, n, text)
        entered += s.ext.regions_entered
        market += s.ext.city.market_visits
        assert CampaignState.model_validate_json(s.dump()).dump() == s.dump()
    assert entered >= 1 and market >= 1


def test_j5_panhandler_gains_a_gold_from_each_stranger():
    """J5 Panhandler: his master gains 1 Gold whenever he meets a Stranger."""
    from engine.darkest_talisman import encounters
    from engine.darkest_talisman.state import MeetCard, Spot

    s = in_region(17)
    c = ctx(s)
    hero = s.party()[0]
    pan = next(u for u in s.decks.adventure + s.ext.shelved["core"].adventure if card_id(u) == "panhandler") \
        if any(card_id(u) == "panhandler" for u in s.decks.adventure) else None
    assert pan is not None
    s.decks.adventure.remove(pan)
    hero.followers.append(pan)
    healer = next(u for u in s.decks.adventure if card_id(u) == "street_healer")
    s.decks.adventure.remove(healer)
    spot = Spot(seq=s.new_seq(), card=healer, revealed=True)
    s.trip.spots.append(spot)
    gold = hero.gold
    task = MeetCard(card=healer, seq=spot.seq, heroes=[hero.uid])
    s.tasks.append(task)
    encounters.run_card(c, task)
    assert hero.gold == gold + 1


def test_j2_j4a_the_view_hides_the_shop_piles_and_the_poster_deck():
    """J2a, J4a: the shops' piles and the Wanted Poster deck are face down: a seat's view shows
    their sizes only (the displayed poster and the shops' wares are shown when there)."""
    s = city_game(18)
    data = SYSTEM.view(s, "p1").data["ext"]
    assert data["piles"]["armoury"] == len(s.ext.piles["armoury"])
    assert data["city"]["posters"] == len(s.ext.city.posters)
    assert data["city"]["revealed"] == s.ext.city.revealed


def test_j5_tavern_maid_pours_a_stranger_a_drink():
    """J5 Tavern Maid: meeting a Stranger she may pour him a drink instead: her chart's 4 sends
    him away; choosing to meet him, he is met as usual."""
    from engine.darkest_talisman import flow
    from engine.darkest_talisman.state import MeetCard, Spot

    s = in_region(19)
    hero = s.party()[0]
    hero.card = "tavern_maid"
    for spot in s.trip.spots:
        if spot.card:
            s.decks.adventure_discard.append(spot.card)
            spot.card = None
    s.trip.spots, s.tasks = [], []
    healer = next(u for u in s.decks.adventure if card_id(u) == "street_healer")
    s.decks.adventure.remove(healer)
    spot = Spot(seq=s.new_seq(), card=healer, revealed=True)
    s.trip.spots.append(spot)
    s.tasks.append(MeetCard(card=healer, seq=spot.seq, heroes=[hero.uid]))
    s.decision = None
    flow.advance(ctx(s))
    assert s.decision.kind == "city_drink" and s.decision.options == ["drink", "meet"]
    s = rig(s, dice=[4])
    s = choose(s, "drink")
    assert s.ext.city.drinks == 1 and not any(sp.card == healer for sp in s.trip.spots)
    assert healer in s.decks.adventure_discard and broken(s) == []


def test_a3c_a_tavern_maid_dealt_in_a_campaign_has_her_potions():
    """DT A3c through the real dealing: a Tavern Maid dealt to a village space starts with five
    Potions from the Apothecary."""
    from engine.darkest_talisman import setup

    s = city_game(20)
    c = ctx(s)
    s.decks.characters.append("tavern_maid")
    hero = setup.deal(c, 0)
    assert hero is not None and hero.card == "tavern_maid"
    assert len([u for u in hero.objects if decks.pile_of(c, u) == "apothecary"]) == 5


def test_j5_the_assassin_removes_a_weak_face_up_enemy_for_3_gold():
    """J5 Assassin: for 3 Gold a face-up Enemy of Strength or Craft 3 or less is discarded;
    offered only with such an Enemy and the Gold."""
    from engine.darkest_talisman import flow
    from engine.darkest_talisman.state import MeetCard, Spot

    s = in_region(21)
    hero = s.party()[0]
    hero.card = "bounty_hunter"
    for spot in s.trip.spots:
        if spot.card:
            s.decks.adventure_discard.append(spot.card)
            spot.card = None
    s.trip.spots, s.tasks = [], []
    rats = next(u for u in s.decks.adventure if card_id(u) == "sewer_rats")
    killer = next(u for u in s.decks.adventure if card_id(u) == "city_assassin")
    for u in (rats, killer):
        s.decks.adventure.remove(u)
    rat_spot = Spot(seq=s.new_seq(), card=rats, revealed=True)
    spot = Spot(seq=s.new_seq(), card=killer, revealed=True)
    s.trip.spots += [rat_spot, spot]
    s.tasks.append(MeetCard(card=killer, seq=spot.seq, heroes=[hero.uid]))
    hero.gold = 5
    s.decision = None
    flow.advance(ctx(s))
    assert s.decision.kind == "city_assassin" and s.decision.options == [f"assassinate:{rat_spot.seq}", "meet"]
    s = choose(s, f"assassinate:{rat_spot.seq}")
    assert s.hero(hero.uid).gold == 2 and rats in s.decks.adventure_discard
    assert broken(s) == []


def test_j5_travelling_bazaar_is_drawn_first_once_the_core_deck_is_back():
    """J5 Travelling Bazaar: the other cards on the City Road's spaces become its deck, drawn
    from first once the core deck is back (out of the City Region), until it is empty."""
    s = in_region(22)
    c = ctx(s)
    from engine.darkest_talisman import cards as card_rules
    from engine.darkest_talisman.state import Spot
    thug = next(u for u in s.decks.adventure if card_id(u) == "thug")
    s.decks.adventure.remove(thug)
    s.trip.road[2].spots.append(Spot(seq=s.new_seq(), card=thug, revealed=True))
    city.event(c, "bazaar", -1)
    assert s.ext.piles[city.BAZAAR] == [thug] and not any(sp.card for sp in s.trip.road[2].spots)
    assert card_rules.draw_adventure(c) != thug  # the City deck is live: not yet
    regions.end(c, "teleport")
    assert s.ext.live == "core"
    assert card_rules.draw_adventure(c) == thug and s.ext.piles[city.BAZAAR] == []
