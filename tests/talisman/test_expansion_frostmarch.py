"""The Frostmarch (DT section G): each test names the rule it checks.

G1: the Frostmarch Magic Items form its Trove deck. G2: its Warlock Quest cards, combined with
the Reaper's. G3: the Frostmarch as a Trove Destination beyond the Chapel: the road beyond, its
own Adventure deck, Spells and trove, and the core deck back at the Chapel. G4: the changed cards.
"""
from __future__ import annotations

from engine.core.system import Seat
from engine.darkest_talisman import combat, travel
from engine.darkest_talisman.actions import Cast
from engine.darkest_talisman.content import pack_by_id
from engine.darkest_talisman.expansions import frostmarch
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.expansions.registry import EXPANSIONS, complete, parse_list
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import Combat, Decision, Quest, card_id
from tests.talisman.expansion_helpers import broken, ctx
from tests.talisman.helpers import choose, options, rig

FROST = "core+frostmarch"


def frost_game(seed: int = 1, pack: str = FROST, seats: int = 1):  # type: ignore[no-untyped-def]  # tests are not type-checked
    names = ["Ada", "Bo", "Cy"][:seats]
    return SYSTEM.new_game([Seat(player=f"p{i + 1}", name=n) for i, n in enumerate(names)], {"pack": pack}, seed).state


def _clear_space(s):  # type: ignore[no-untyped-def]
    for sp in s.trip.spots:
        s.decks.adventure_discard += ([sp.card] if sp.card else []) + [d.thing for d in sp.dropped if d.thing]
    s.trip.spots = []
    s.decision, s.tasks = None, []


def at_chapel(seed: int = 1, pack: str = FROST, seats: int = 1):  # type: ignore[no-untyped-def]
    """A party at the Chapel, on its way out, the Chapel met: the destination decision."""
    s = frost_game(seed, pack, seats)
    c = ctx(s)
    travel.depart(c, "depart:chapel")
    _clear_space(s)
    s.trip.position = 5
    s.trip.road[5].visited = True
    s.trip.location_met = True
    travel.destination_decision(c)
    return s


def beyond(seed: int = 1, pack: str = FROST, seats: int = 1):  # type: ignore[no-untyped-def]
    """A party just gone beyond the Chapel, on the Frostmarch road's first space, nothing left to meet."""
    s = at_chapel(seed, pack, seats)
    s = choose(s, frostmarch.BEYOND)
    _clear_space(s)
    s.trip.location_met = True
    return s


def _magic(s, cid):  # type: ignore[no-untyped-def]
    """A Frostmarch Magic Object out of its Trove deck (or the trove) onto the leader."""
    for pool in (s.ext.troves["frostmarch"], s.trip.trove.items if s.trip and s.trip.trove else []):
        uid = next((u for u in pool if card_id(u) == cid), None)
        if uid is not None:
            pool.remove(uid)
            s.hero(s.order[0]).objects.append(uid)
            return uid
    raise AssertionError(cid)


# ----------------------------------------------------------------------------- the pack (G1, G2, G4)
G4_ADVENTURES = {"howl_of_the_wendigo": "event", "frostmarch_pack_of_wolves": "enemy", "winter_wolf": "enemy",
                 "talismonger": "stranger"}
G4_MAGIC = {"frostbite", "ice_fang", "horn_of_summoning", "winged_boots"}


def test_g4_every_named_card_is_in_the_pack_and_says_its_source():
    """G4: every character, Spell, Magic Item, Adventure card and Quest card it changes is in the
    pack, of the type G gives; every entry says where it comes from."""
    exp = expansion_by_id("frostmarch")
    cards = {c.id: c for c in exp.adventures}
    for cid, kind in G4_ADVENTURES.items():
        assert cards[cid].type == kind, cid
    assert cards["winter_wolf"].kind == "animal" and cards["frostmarch_pack_of_wolves"].kind == "animal"
    assert cards["frostmarch_pack_of_wolves"].name == "Pack of Wolves"
    assert {s.name for s in exp.spells} == {"Black Ice", "Hydra Spell", "Time Steal", "Vortex"}
    assert {c.name for c in exp.characters} == {"Leprechaun", "Necromancer"}
    assert {q.name for q in exp.quests} >= {"Lose One Craft", "Lose One Strength", "Lose Two Turns"}
    for entry in [*exp.characters, *exp.adventures, *exp.trove, *exp.spells, *exp.quests]:
        assert entry.source in ("rulebook", "research", "project")
        if entry.source == "research":
            assert entry.refs, entry
        assert entry.names.get("it") and entry.texts.get("it"), entry.id


def test_g1_magic_items_form_the_frostmarch_trove_deck():
    """G1: the Magic Items come out of the Frostmarch Adventure deck and form its Trove deck,
    set aside from the core's at set-up; the Adventure deck waits too."""
    exp = expansion_by_id("frostmarch")
    assert {c.id for c in exp.trove} >= G4_MAGIC and all(c.type == "magic_object" for c in exp.trove)
    assert not G4_MAGIC & exp.adventure_ids()
    assert sum(c.count for c in exp.trove) >= 6  # three can be drawn twice (G3f)
    s = frost_game(2)
    assert {card_id(u) for u in s.ext.troves["frostmarch"]} == {c.id for c in exp.trove}
    assert not any(card_id(u) in exp.adventure_ids() for u in s.decks.adventure)
    assert {card_id(u) for u in s.ext.shelved["frostmarch"].adventure} == exp.adventure_ids()
    assert s.ext.live == "core" and broken(s) == []


def test_g2a_quest_cards_put_out_and_combined_with_the_reapers():
    """G2a: the Frostmarch's 24 Quest cards are put out; with the Reaper, both decks are one (36)."""
    assert len(frost_game(3).ext.quests) == 24
    s = frost_game(3, "core+reaper+frostmarch")
    assert len(s.ext.quests) == 36 and len(set(s.ext.quests)) == 36
    assert broken(s) == []


def test_g_registration_names_and_completion():
    """The expansion is registered as "Frostmarch" ("The Frostmarch", "frostmarch" typed too)."""
    assert "frostmarch" in EXPANSIONS
    assert parse_list("Frostmarch") == (["frostmarch"], [])
    assert parse_list("The Frostmarch") == (["frostmarch"], [])
    assert parse_list("reaper, the frostmarch") == (["reaper", "frostmarch"], [])
    assert complete("Fro") == ["Frostmarch"]
    assert "Reaper Frostmarch" in complete("Reaper F")


def test_g3a_the_frostmarch_is_a_region_beyond_the_chapel():
    """G3a: a new region whose Trove Destination is the Frostmarch, the Chapel straddling it;
    G3c: its road's first Road Space is the Fields."""
    p = pack_by_id(FROST)
    region = p.region(frostmarch.REGION)
    assert region.trove == ["frostmarch"] and region.aid == ["chapel"] and region.road[0] == "fields"
    assert region.village is None
    assert p.location("frostmarch").effect is not None
    assert "frostmarch" not in p.region("inner").trove  # never a random trove from the village


# ----------------------------------------------------------------------------- G3: the road beyond
def test_g3b_c_at_the_chapel_the_party_may_go_beyond():
    """G3b-c: at the Chapel, once met on the way out, the party may go on to the Frostmarch; the
    road's cards are discarded and the party stands on the first Road Space (Fields); G3d the
    Frostmarch deck replaces the core's; G3e its Spells join the Spell deck; G3f the trove is
    three Frostmarch Magic Objects and a d6 of Gold."""
    s = at_chapel(4)
    assert s.decision.kind == "destination" and options(s) == ["continue", frostmarch.BEYOND]
    left = s.decks.adventure.pop()
    s.trip.road[2].waiting.append(left)  # a card left on the Inner road
    s = choose(s, frostmarch.BEYOND)
    trip = s.trip
    assert trip.region == frostmarch.REGION and trip.destination == "frostmarch" and trip.goal == "trove"
    assert trip.position == 0 and trip.road[0].location == "fields" and trip.heading == "out"
    core = s.ext.shelved["core"]
    assert left in core.adventure and left not in core.discard  # discarded, shuffled back (C4a-m), set aside
    assert s.ext.live == "frostmarch" and s.ext.reasons == [frostmarch.REASON] and s.ext.frost_trip
    assert {card_id(u) for u in s.decks.spells} >= {"black_ice", "vortex"} and s.ext.spells["frostmarch"] == []
    magic = {m.id for m in expansion_by_id("frostmarch").trove}
    assert len(trip.trove.items) == 3 and all(card_id(u) in magic for u in trip.trove.items)
    assert 1 <= trip.trove.gold <= 6
    assert s.ext.frost_trips == 1 and broken(s) == []


def test_g3b_only_at_the_chapel_on_the_way_out():
    """G3b: the road beyond starts at the Chapel: not offered at another Aid destination, nor
    at the Chapel once its business is done."""
    s = frost_game(5)
    c = ctx(s)
    travel.depart(c, "depart:tavern")
    _clear_space(s)
    s.trip.position, s.trip.location_met = 5, True
    travel.destination_decision(c)
    assert frostmarch.BEYOND not in options(s)
    s = at_chapel(5)
    s.trip.destination_done = True
    decision = Decision(kind="destination", options=["continue"])
    frostmarch.destination_options(ctx(s), decision)
    assert decision.options == ["continue"]


def test_g3j_back_at_the_chapel_the_core_deck_comes_back():
    """G3j: turning back off the Frostmarch road, the party is back at the Chapel: the core deck
    comes back, the Spells stay, the unwon trove goes back to its deck; the Inner road home is
    met anew (ruling frostmarch_road)."""
    s = beyond(6)
    trove = list(s.trip.trove.items)
    s.decision = Decision(kind="stand", options=["continue", "turn_back"])
    s = choose(s, "turn_back")
    trip = s.trip
    assert trip.region == "inner" and trip.destination == "chapel" and trip.heading == "home"
    assert trip.destination_done and trip.road[4].visited and not trip.road[3].visited
    assert s.ext.live == "core" and s.ext.reasons == [] and not s.ext.frost_trip
    assert set(trove) <= set(s.ext.troves["frostmarch"])
    assert {card_id(u) for u in s.decks.spells + s.decks.spell_discard} >= {"black_ice"}
    assert s.ext.frost_returns == 1 and s.ext.switches == s.ext.switches_undone == 1
    assert broken(s) == []


def test_g3h_i_the_trove_won_the_deck_stays_until_the_chapel():
    """G3h-i: the trove is won as in the core (C8d); the Frostmarch deck stays in play on the way
    back until the Chapel (G3j)."""
    s = beyond(7)
    c = ctx(s)
    frostmarch.trove_won(c)
    assert s.ext.frost_won == 1 and s.ext.live == "frostmarch"
    s.trip.heading = "home"
    s.trip.destination_done = True
    assert frostmarch.road_end(c)
    assert s.ext.live == "core" and s.trip.region == "inner" and broken(s) == []


def test_g3_carried_off_the_road_the_core_deck_comes_back():
    """G3j by other ways (ruling frostmarch_road): a teleport off the Frostmarch road, or home by
    any means, ends the Frostmarch trip; the Chapel may be reached by teleport (it straddles the
    regions, G3b)."""
    s = beyond(8)
    c = ctx(s)
    assert "dest:chapel" in travel.teleport_targets(c) and "dest:tavern" not in travel.teleport_targets(c)
    travel.teleport(c, "dest:chapel")
    assert s.trip.region == "inner" and s.trip.destination == "chapel" and s.ext.live == "core" and broken(s) == []
    s = beyond(9)
    c = ctx(s)
    travel.arrive_village(c, "village", crossed=False)
    assert s.ext.live == "core" and not s.ext.frost_trip and broken(s) == []


# ----------------------------------------------------------------------------- G2, G4: Quest cards
def test_g4_lose_one_strength_may_go_below_the_starting_value():
    """G4 Lose One Strength / Lose One Craft: paid at once, below the starting value if need be."""
    s = frost_game(10)
    c = ctx(s)
    hero = s.hero(s.order[0])
    hero.strength = 1
    hero.quest = Quest(kind="lose_strength", amount=1)
    from engine.darkest_talisman.expansions import quests

    assert quests.check(c, hero) and hero.strength == 0
    hero.craft = 0
    hero.quest = Quest(kind="lose_craft", amount=1)
    assert not quests.check(c, hero) and hero.craft == 0  # nothing left: the quest waits


def test_g4_lose_two_turns_draws_and_meets_two_cards():
    """G4 Lose Two Turns: on a road, the quest is completed and two cards are drawn and met at once."""
    s = beyond(11)
    c = ctx(s)
    hero = s.hero(s.order[0])
    hero.quest = Quest(kind="lose_turns", amount=2)
    talismans = len(s.decks.talismans)
    from engine.darkest_talisman.expansions import quests

    assert not quests.check(c, hero)
    assert hero.quest is None and len(s.decks.talismans) == talismans - 1  # C5f-e: the Talisman
    lost = [t for t in s.tasks if t.task == "lost_turn"]
    assert len(lost) == 2 and s.tasks[-1].task == "lost_turn"  # met before the Warlock's call back


# ----------------------------------------------------------------------------- G4: the cards
def _combat(s, hero, psychic):  # type: ignore[no-untyped-def]
    return Combat(hero=hero.uid, enemy="winter_wolf#1", attribute="craft" if psychic else "strength", value=4, kind="animal")


def test_g4_frostbite_and_ice_fang_stop_the_enemys_six_rolling_again():
    """G4 Frostbite: in battle the Enemy's 6 is not rolled again; Ice Fang: in psychic combat."""
    s = beyond(12)
    c = ctx(s)
    hero = s.hero(s.order[0])
    rig(s, dice=[6, 2])
    assert combat._enemy_roll(c, _combat(s, hero, False), hero) == [6, 2]  # open-ended without them (C7c)
    _magic(s, "frostbite")
    rig(s, dice=[6, 2])
    assert combat._enemy_roll(c, _combat(s, hero, False), hero) == [6]
    rig(s, dice=[6, 2])
    assert combat._enemy_roll(c, _combat(s, hero, True), hero) == [6, 2]  # Frostbite is for battle only
    _magic(s, "ice_fang")
    rig(s, dice=[6, 2])
    assert combat._enemy_roll(c, _combat(s, hero, True), hero) == [6]
    assert broken(s) == []


def test_g4_howl_of_the_wendigo_the_party_turns_on_itself():
    """G4 Howl of the Wendigo: each character in Marching Order rolls: 1-3 attacks the other
    nearest the front, 4-6 the one nearest the back; the loser loses a life, the winner takes it
    (ruling wendigo)."""
    s = beyond(13, seats=3)
    c = ctx(s)
    a, b, d = (s.hero(u) for u in s.order)
    for h, st in ((a, 6), (b, 1), (d, 1)):
        h.strength, h.craft, h.objects, h.followers, h.life = st, 0, [], [], 4
    # a rolls 5: attacks the back (d): 3+6 against 3+1, d loses 1, a gains 1
    # b rolls 1: attacks the front other (a): 1+1 against 6+6, b loses 1, a gains 1
    # d rolls 2: attacks the front other (a): 4+1 against 4+6, d loses 1, a gains 1
    rig(s, dice=[5, 3, 3, 1, 1, 6, 2, 4, 4])
    frostmarch.howl(c)
    assert (a.life, b.life, d.life) == (7, 3, 2)
    assert s.rng.script == [] and s.ext.wendigo_howls == 1


def test_g4_howl_of_the_wendigo_alone_nobody_to_attack():
    """G4 Howl of the Wendigo: a character alone has no companion to attack (ruling wendigo)."""
    s = beyond(14)
    s.order = s.order[:1]  # the last survivor of the party
    hero = s.hero(s.order[0])
    life = hero.life
    rig(s, dice=[1])
    frostmarch.howl(ctx(s))
    assert hero.life == life and s.rng.script == [1]


def test_g4_leprechaun_leading_a_six_finds_gold():
    """G4 Leprechaun: his ability only when he leads and a 6 is rolled for a space's cards."""
    s = beyond(15)
    c = ctx(s)
    hero = s.hero(s.order[0])
    hero.card = "leprechaun"
    gold = hero.gold
    frostmarch.dealt(c, [], [4, 5])
    assert hero.gold == gold
    frostmarch.dealt(c, [], [6])
    assert hero.gold == gold + 1


def test_g4_winged_boots_a_six_lets_the_party_fly_over_the_river():
    """G4 Winged Boots: their bearer leading, a 6 for an Inner Road Space's cards: the party may
    cross the Storm River from there (into the village beyond, as by raft, C5d)."""
    s = frost_game(16)
    c = ctx(s)
    travel.depart(c, "depart:tavern")
    _clear_space(s)
    s.trip.trove = None
    _magic(s, "winged_boots")
    frostmarch.dealt(c, [], [3])
    decision = Decision(kind="stand", options=["continue", "turn_back"])
    frostmarch.stand_options(c, decision)
    assert "fly" not in decision.options
    frostmarch.dealt(c, [], [6, 2])
    frostmarch.stand_options(c, decision)
    assert decision.options[-1] == "fly"
    s.decision = decision
    s = choose(s, "fly")
    assert s.mode == "village" and s.village == "village_beyond" and s.ext.boots_flights == 1
    assert broken(s) == []


def test_g4_horn_of_summoning_calls_one_card_more_for_its_leader():
    """G4 Horn of Summoning: only its bearer leading, on a Road Space first reached: one card more."""
    s = beyond(17, seats=3)
    c = ctx(s)
    assert frostmarch.extra_draws(c) == 0
    uid = _magic(s, "horn_of_summoning")
    assert frostmarch.extra_draws(c) == 1
    leader, other = s.hero(s.order[0]), s.hero(s.order[1])
    leader.objects.remove(uid)
    other.objects.append(uid)
    assert frostmarch.extra_draws(c) == 0


def test_g4_black_ice_the_party_slides_past_the_next_space():
    """G4 Black Ice: cast on the next Road Space, the party bypasses it and all its cards."""
    s = beyond(18)
    c = ctx(s)
    hero = s.hero(s.order[0])
    uid = s.decks.spells.pop(next(i for i, u in enumerate(s.decks.spells) if card_id(u) == "black_ice"))
    hero.spells.append(uid)
    assert frostmarch.casts(c, hero, uid, "black_ice", True) == []  # not while a card waits
    s.decision = Decision(kind="stand", options=["continue", "turn_back"], data={"space": 0})
    cast = Cast(hero=hero.uid, spell=uid, target="road:1")
    assert frostmarch.casts(c, hero, uid, "black_ice", True) == [cast]
    s = SYSTEM.apply(s, s.seats[0].player, cast).state
    assert s.trip.position == 2 and not s.trip.road[1].visited and s.trip.road[2].visited
    assert uid not in s.hero(hero.uid).spells and broken(s) == []


def test_g4_pack_of_wolves_bites_as_a_wolf_with_the_blood_moon():
    """G4 (F2a): with the Blood Moon, the Frostmarch's Pack of Wolves and Winter Wolf bite as a
    Wolf: a 1 on the Werewolf Card raises the Blood Moon."""
    s = frost_game(19, "core+blood_moon+frostmarch")
    c = ctx(s)
    hero = s.hero(s.order[0])
    rig(s, dice=[1])
    frostmarch.injured(c, hero, "frostmarch_pack_of_wolves#1")
    assert s.ext.blood_moon and hero.uid in s.ext.lycanthropes
    s = frost_game(19, "core+blood_moon+frostmarch")
    rig(s, dice=[1])
    from engine.darkest_talisman.expansions import blood_moon

    blood_moon.injured(ctx(s), s.hero(s.order[0]), "winter_wolf#2")
    assert s.ext.blood_moon and broken(s) == []


def test_g4_talismonger_may_take_strength_below_the_start():
    """G4 Talismonger: on a 2 or a 3 the character may lose Strength or Craft below his start."""
    card = pack_by_id(FROST).card("talismonger")
    rows = {r.low: r.effect for r in card.effect.roll}
    assert rows[2].strength == -1 and rows[3].craft == -1
    assert rows[4].offer is not None and rows[4].offer.effect.talisman == 1


# ----------------------------------------------------------------------------- whole campaigns
def test_g3_ai_campaigns_go_beyond_the_chapel_keeping_every_card():
    """G3 through AI play: the party goes beyond the Chapel and comes back; after every action
    every card is counted once and no deck switch is left without its reason; the state
    round-trips as JSON."""
    import random

    from engine.darkest_talisman.ai import heuristic_player
    from engine.darkest_talisman.state import CampaignState

    trips = returns = 0
    for seed in (0, 2):
        s = frost_game(seed)
        for n in range(700):
            p = SYSTEM.pending(s)
            if p is None:
                break
            s = SYSTEM.apply(s, p.player, heuristic_player(s, p.player, random.Random(f"{seed}:{n}"))).state
            assert broken(s) == [], (seed, n)
        trips += s.ext.frost_trips
        returns += s.ext.frost_returns
        assert CampaignState.model_validate_json(s.dump()).dump() == s.dump()
    assert trips >= 1 and returns >= 1, "no party went beyond the Chapel: the check saw no switch"


def test_g2b_c_a_quest_card_drawn_at_the_cave_and_completed():
    """G2b: at the Warlock's Cave a Frostmarch Quest card is drawn instead of the die; G2c, G4:
    Lose One Strength is completed at once (C5f-d), the card leaves the game and the Warlock calls
    the party back with a Talisman (G2d)."""
    from engine.darkest_talisman import heroes as hero_rules
    from engine.darkest_talisman.content import Effect
    from engine.darkest_talisman.effects import apply as apply_effect

    s = beyond(20)
    c = ctx(s)
    hero = s.hero(s.order[0])
    top = next(u for u in s.ext.quests if card_id(u) == "lose_one_strength")
    s.ext.quests.remove(top)
    s.ext.quests.append(top)  # the next card drawn
    strength, talismans = hero.strength, len(s.decks.talismans)
    apply_effect(c, hero, Effect(quest=True), "warlocks_cave", [])  # drawn, then checked at once (C5f-d)
    assert len(s.ext.quests) == 23 and s.ext.quests_drawn == 1 and s.ext.quest_held == {}
    hero_rules.check_quest(c, hero)  # nothing more to do
    assert hero.strength == strength - 1 and hero.quest is None and s.ext.quests_done == [top]
    assert len(s.decks.talismans) == talismans - 1 and s.tasks[-1].task == "teleport"
    assert broken(s) == []


def test_g3g_j_the_guardians_beaten_the_trove_shared_then_back_to_the_chapel():
    """G3g: the road travelled as any; G3h: at the Frostmarch the trove's guardians are faced
    (C8d, drawn from the live Frostmarch deck); G3i: beaten, the trove is shared out; G3j: the
    Frostmarch deck stays on the way back until the Chapel, where the core deck comes back."""
    import random

    from engine.darkest_talisman.ai import heuristic_player
    from tests.talisman.helpers import settle

    s = beyond(21)
    for h in s.party():
        h.strength, h.craft, h.life = 40, 40, 9  # strong enough to win whatever guards it
    travel.arrive(ctx(s), 5)
    settle(s)
    seen: set[str] = set()
    for n in range(200):
        p = SYSTEM.pending(s)
        if p is None or s.ext.frost_returns:
            break
        seen.add(s.decision.kind if s.decision else "")
        if s.ext.frost_won:
            assert s.ext.live == "frostmarch" and s.trip.region == frostmarch.REGION  # until the Chapel
        s = SYSTEM.apply(s, p.player, SYSTEM.forced_action(s) or heuristic_player(s, p.player, random.Random(n))).state
        assert broken(s) == [], n
    assert {"guardians", "loot"} <= seen
    assert s.ext.frost_won == 1 and s.stats.troves_won == 1 and s.ext.frost_returns == 1
    assert s.ext.live == "core" and s.trip.region == "inner" and s.trip.destination == "chapel"


def test_g3a_a_region_two_expansions_name_is_one():
    """G3a (H4a: the Sacred Pool is "in the same Region as the Frostmarch"): when two expansions
    both bring the region beyond the Chapel, the merged pack has it once, with both troves."""
    from engine.darkest_talisman.expansions.content import merge

    frost = expansion_by_id("frostmarch")
    region = frost.manifest.regions[0]
    pool_loc = frost.manifest.locations[0].model_copy(update={"id": "sacred_pool", "name": "Sacred Pool"})
    other = frost.model_copy(update={
        "manifest": frost.manifest.model_copy(update={
            "id": "other", "trove_destination": None, "locations": [pool_loc],
            "regions": [region.model_copy(update={"trove": ["sacred_pool"]})]}),
        "characters": [], "adventures": [], "trove": [], "spells": [], "quests": [], "foes": []})
    merged = merge(pack_by_id("core"), [frost, other])
    assert [r.id for r in merged.regions].count(frostmarch.REGION) == 1
    assert merged.region(frostmarch.REGION).trove == ["frostmarch", "sacred_pool"]


def test_g3d_j_with_the_reaper_his_deck_comes_back_after_the_frostmarch():
    """G3d with E2c: the Grim Reaper's deck in play, the road beyond the Chapel brings the
    Frostmarch's; back at the Chapel (G3j) the Reaper's is in play again, not the core's, until
    every survivor has prayed (E2j); the holds stack, so each swap a hold made is matched by one
    a release made."""
    from engine.darkest_talisman.expansions import decks, reaper

    s = at_chapel(22, "core+reaper+frostmarch")
    c = ctx(s)
    decks.hold(c, "reaper", reaper.FIGURE_REASON)
    assert s.ext.live == "reaper" and s.ext.switches == 1
    s = choose(s, frostmarch.BEYOND)
    assert s.ext.live == "frostmarch" and s.ext.switches == 2 and broken(s) == []
    _clear_space(s)
    s.decision = Decision(kind="stand", options=["continue", "turn_back"])
    s = choose(s, "turn_back")
    assert s.ext.live == "reaper" and s.ext.reasons == [reaper.FIGURE_REASON] and broken(s) == []
    decks.release(ctx(s), reaper.FIGURE_REASON)
    assert s.ext.live == "core" and s.ext.switches == s.ext.switches_undone == 2 and broken(s) == []


def _ai_answer(s):  # type: ignore[no-untyped-def]
    """The campaign AI's answer to the destination decision, after whatever it does first there
    (a prayer at the Chapel is a free action)."""
    import random

    from engine.darkest_talisman.actions import Choose
    from engine.darkest_talisman.ai import heuristic_player

    for n in range(10):
        actor = SYSTEM.pending(s).player
        action = heuristic_player(s, actor, random.Random(n))
        if isinstance(action, Choose):
            return action.option
        s = SYSTEM.apply(s, actor, action).state
    raise AssertionError("the AI never answered")


def test_h4a_g3b_the_ai_takes_turns_between_the_two_troves_beyond_the_chapel():
    """H4a with G3b-c: with the Frostmarch and the Sacred Pool both in play the Chapel offers both
    roads; the campaign AI goes to the one it has visited less, so neither trove goes unseen."""
    s = at_chapel(22, "core+frostmarch+sacred_pool")
    assert frostmarch.BEYOND in s.decision.options and "dest:sacred_pool" in s.decision.options
    for hero in s.party():
        hero.life = max(hero.life, 4)
    assert _ai_answer(s.model_copy(deep=True)) == frostmarch.BEYOND  # neither seen yet
    s.ext.frost_trips = 1
    assert _ai_answer(s) == "dest:sacred_pool"
