"""The Firelands (DT section I): each test names the rule it checks.

I1: the Magic Items form the Firelands Trove deck. I2: Burn (what burns, how, never back in a
deck). I3: fireland tokens. I4: Terrain cards. I5: the Firelands as an Outer Region Trove
destination with its own Adventure deck, Spells, trove and the Efrit. I6: the changed cards.
"""
from __future__ import annotations

import random

from engine.core.system import Seat
from engine.darkest_talisman import guardians, travel
from engine.darkest_talisman.ai import heuristic_player
from engine.darkest_talisman.content import pack_by_id
from engine.darkest_talisman.expansions import firelands
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.expansions.registry import EXPANSIONS, complete, parse_list
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import CampaignState, Decision, Spot, TeleportTask, card_id
from tests.talisman.expansion_helpers import broken, ctx
from tests.talisman.helpers import choose, give, give_spell, party_of, rig, settle

FIRE = "core+firelands"

#: the cards DT I6 names, by the type the engine gives them (Camel: a Mount, a Follower here)
I6_ADVENTURES = {
    "bound_ifrit": "follower", "camel": "follower", "mirage": "event", "ifrit_sultan": "enemy",
    "ifrit_sultana": "enemy", "royal_masons": "follower", "taleweaver": "follower",
}
I6_MAGIC = {"firelands_scourge", "magic_map", "orb_of_flames", "shamshir_of_khamsin", "suleimans_seal"}
I6_SPELLS = {"crack_the_earth", "evil_eye", "suleimans_command"}


def fire_solo(seed: int = 1, pack: str = FIRE) -> CampaignState:
    return SYSTEM.new_game([Seat(player="p1", name="Ada")], {"pack": pack}, seed).state


def fire_coop(seed: int = 1) -> CampaignState:
    seats = [Seat(player=f"p{i}", name=f"P{i}") for i in range(1, 4)]
    return SYSTEM.new_game(seats, {"pack": FIRE}, seed).state


def on_firelands_road(seed: int = 1, coop: bool = False) -> CampaignState:
    """A party of Warriors that just set out from the village beyond the Sentinel for the
    Firelands (I5b), the cards of the first Road Space cleared away."""
    s = fire_coop(seed) if coop else fire_solo(seed)
    party_of(s, *(["warrior", "dwarf", "troll"] if coop else ["warrior"]))
    s.village = "village_beyond"
    travel.depart(ctx(s), "depart:firelands")
    for spot in s.trip.spots:
        s.decks.adventure_discard.append(spot.card)
    s.trip.spots = []
    return s


# ----------------------------------------------------------------------------- the pack
def test_i6_every_named_card_is_in_the_pack():
    """I6: every Adventure card, Magic Item and Spell it changes is in the pack with its type;
    facts I.1: the four characters."""
    exp = expansion_by_id("firelands")
    cards = {c.id: c for c in exp.adventures}
    for cid, kind in I6_ADVENTURES.items():
        assert cards[cid].type == kind, cid
    assert cards["camel"].mount  # I6: "considered a Mount"
    assert cards["ifrit_sultan"].id in exp.manifest.burning_enemies
    assert {s.id for s in exp.spells} >= I6_SPELLS
    assert {c.id for c in exp.characters} == {"dervish", "nomad", "jin_blooded", "warlord"}


def test_i1_magic_items_form_the_firelands_trove_deck():
    """I1: the Magic Items are out of the Firelands Adventure deck, in its Trove deck; enough for
    two troves of three (I5e)."""
    exp = expansion_by_id("firelands")
    assert {c.id for c in exp.trove} >= I6_MAGIC
    assert all(c.type == "magic_object" for c in exp.trove)
    assert not I6_MAGIC & exp.adventure_ids()
    assert sum(c.count for c in exp.trove) >= 6


def test_i4_the_terrain_deck_holds_nineteen_cards_of_known_spaces():
    """I4, facts I.1: 19 Terrain cards, each a road space the pack knows."""
    manifest = expansion_by_id("firelands").manifest
    assert sum(t.count for t in manifest.terrain) == 19
    p = pack_by_id(FIRE)
    assert all(p.has_location(t.location) for t in manifest.terrain)


def test_registration_names_and_completion():
    """Registered as "Firelands" (typed "the firelands", "fire lands"), with the others too."""
    assert "firelands" in EXPANSIONS
    assert parse_list("Firelands") == (["firelands"], [])
    assert parse_list("the firelands") == (["firelands"], [])
    assert parse_list("fire lands") == (["firelands"], [])
    assert parse_list("Reaper Blood Moon Firelands") == (["reaper", "blood_moon", "firelands"], [])
    assert complete("Reaper Fi") == ["Reaper Firelands"]


def test_i1_i5c_i5d_setup_sets_the_decks_aside_and_i4_shuffles_the_terrain_deck():
    """Set-up: the Firelands Adventure deck waits aside (I5c), its Spells wait outside the Spell
    deck (I5d), its Magic Items are their own Trove deck (I1); the Terrain deck is out (I4)."""
    s = fire_solo(2)
    exp = expansion_by_id("firelands")
    mine = exp.adventure_ids()
    assert not [u for u in s.decks.adventure if card_id(u) in mine]
    assert len(s.ext.shelved["firelands"].adventure) == sum(c.count for c in exp.adventures)
    assert {card_id(u) for u in s.ext.troves["firelands"]} >= I6_MAGIC
    assert {card_id(u) for u in s.ext.spells["firelands"]} == {sp.id for sp in exp.spells}
    assert len(s.ext.terrain) == 19 and s.ext.live == "core"
    assert broken(s) == []


def test_all_four_expansions_merge():
    """The Firelands with the Reaper and Blood Moon: ids stay unique, every deck aside by itself."""
    s = fire_solo(3, pack="core+reaper+blood_moon+firelands")
    assert set(s.ext.shelved) == {"reaper", "blood_moon", "firelands"}
    assert broken(s) == []


# ----------------------------------------------------------------------------- I5: the destination
def test_i5a_b_the_firelands_are_an_outer_trove_destination_the_party_may_choose():
    """I5a: a Trove destination of the Outer Region (not the Inner); I5b: the party may choose it
    from the village beyond the Sentinel."""
    p = pack_by_id(FIRE)
    assert "firelands" in p.region("outer").trove and "firelands" not in p.region("inner").trove
    assert "firelands" not in pack_by_id("core").region("outer").trove
    s = fire_solo(4)
    assert "depart:firelands" not in travel.departures(ctx(s))
    s.village = "village_beyond"
    assert "depart:firelands" in travel.departures(ctx(s))


def test_i5c_e_the_road_brings_its_deck_its_spells_and_its_trove():
    """I5c: the Firelands deck replaces the core's; I5d: its Spells are in the Spell deck; I5e: the
    trove is three Firelands Magic Items and a d6 of Gold."""
    s = on_firelands_road(5)
    rec = s.ext
    assert rec.live == "firelands" and rec.reasons == [firelands.ROAD_REASON] and rec.firelands_trips == 1
    mine = expansion_by_id("firelands").adventure_ids()
    assert s.decks.adventure and all(card_id(u) in mine for u in s.decks.adventure)
    assert {card_id(u) for u in s.decks.spells} >= I6_SPELLS
    magic = {m.id for m in expansion_by_id("firelands").trove}
    assert len(s.trip.trove.items) == 3 and all(card_id(u) in magic for u in s.trip.trove.items)
    assert 1 <= s.trip.trove.gold <= 6
    assert broken(s) == []


def test_i5i_back_in_a_village_the_core_deck_comes_back_spells_stay():
    """I5i: back at the village the core deck replaces the Firelands'; the Spells stay (I5d)."""
    s = on_firelands_road(6)
    c = ctx(s)
    firelands.home(c)
    assert s.ext.live == "core" and s.ext.reasons == [] and not s.ext.firelands_trip
    assert {card_id(u) for u in s.decks.spells} >= I6_SPELLS
    assert broken(s) == []


def test_i5i_carried_onto_another_road_the_core_deck_comes_back():
    """Ruling firelands_road: carried off the Firelands' road, the core deck comes back."""
    s = on_firelands_road(7)
    s.trip.destination = "temple"
    firelands.new_road(ctx(s))
    assert s.ext.live == "core" and s.ext.reasons == []


def test_i5g_the_efrit_stands_with_the_drawn_guardians():
    """I5g: at the Firelands the Efrit joins the guardians drawn by C8d, the strongest of them,
    equipped first; at another trove he does not."""
    s = on_firelands_road(8)
    rig(s, dice=[1, 1])  # C8d-a: 2 cards drawn
    fight = guardians.trove_guardians(ctx(s))
    efrit = [g for g in fight.guardians if g.of == "efrit"]
    assert len(efrit) == 1 and efrit[0].strength >= 8
    s2 = fire_solo(8)
    s2.village = "village_beyond"
    travel.depart(ctx(s2), "depart:chasm")
    assert firelands.trove_guardians(ctx(s2)) == []


# ----------------------------------------------------------------------------- I2: Burn
def test_i2_firestorm_each_character_chooses_a_card_to_burn_never_a_fireproof_one():
    """I2 (ruling firelands_burn): the Firestorm has each character choose one of his own cards;
    the burnt card leaves the game; a fireproof Talisman is never offered."""
    s = on_firelands_road(9)
    hero = s.party()[0]
    sword = give(s, hero.uid, "sword")
    talisman = give(s, hero.uid, "talisman")
    firelands.event(ctx(s), "burn", 0)
    s = settle(s)
    assert s.decision.kind == "fire_choice" and s.decision.hero == hero.uid
    assert f"burn:{sword}" in s.decision.options and f"burn:{talisman}" not in s.decision.options
    s = choose(s, f"burn:{sword}")
    assert sword not in s.party()[0].objects and sword in s.ext.burnt and s.ext.burns == 1
    assert talisman in s.party()[0].objects
    assert broken(s) == []


def test_i2b_a_burnt_card_never_goes_back_to_a_deck():
    """I2b: a burnt card is not reshuffled into the deck it would go back to: after the road ends
    and the discards are shuffled back, it is still out of every deck, counted once."""
    s = on_firelands_road(10)
    hero = s.party()[0]
    spell = give_spell(s, hero.uid, "evil_eye")
    firelands.burn_held(ctx(s), hero, spell, "firestorm")
    firelands.home(ctx(s))
    assert spell not in s.decks.spells + s.decks.spell_discard and s.ext.burnt == [spell]
    assert broken(s) == []


def test_i2c_a_burning_enemy_burns_an_object_and_evil_eye_stops_it_once():
    """I2c: a burning Enemy that beats a character burns one of his Objects (ruling
    firelands_burn); I6 Evil Eye: cast before, it stops that once; other Enemies burn nothing."""
    s = on_firelands_road(11)
    c = ctx(s)
    hero = s.party()[0]
    sword = give(s, hero.uid, "sword")
    firelands.injured(c, hero, "desert_raiders#1")
    assert sword in hero.objects and s.ext.burnt == []
    s.ext.evil_eye = True
    firelands.injured(c, hero, "fire_elemental#1")
    assert sword in hero.objects and not s.ext.evil_eye
    firelands.injured(c, hero, "fire_elemental#1")
    assert sword not in hero.objects and s.ext.burnt == [sword]


def test_i6_evil_eye_is_cast_on_the_road_and_sets_its_hold():
    """I6 Evil Eye: castable on the road while not already holding; cast, it holds."""
    s = on_firelands_road(12)
    c = ctx(s)
    hero = s.party()[0]
    uid = give_spell(s, hero.uid, "evil_eye")
    [cast] = firelands.casts(c, hero, uid, "evil_eye", True)
    firelands.resolve(c, hero, "evil_eye", cast)
    assert s.ext.evil_eye and firelands.casts(c, hero, uid, "evil_eye", True) == []


# ----------------------------------------------------------------------------- I3: fireland tokens
def test_i3b_entering_a_space_with_a_fireland_token_costs_each_character_a_life():
    """I3b: each time the party enters the token's Road Space from another, every character loses
    1 life; one token a space (facts I.2)."""
    s = on_firelands_road(13, coop=True)
    c = ctx(s)
    assert firelands.place_token(c, 1, "wildfire") and not firelands.place_token(c, 1, "wildfire")
    lives = {h.uid: h.life for h in s.party()}
    travel.arrive(c, 1)
    assert all(h.life == lives[h.uid] - 1 for h in s.party())
    assert s.ext.fire_token_hurts == 1


def test_i3_no_fireland_token_in_the_inner_region():
    """Facts I.2 (ruling fire_tokens): none may be placed in the Inner Region."""
    s = fire_solo(14)
    travel.depart(ctx(s), "depart:chapel")
    assert not firelands.place_token(ctx(s), 1, "wildfire") and s.ext.fire_tokens == []


def test_i3c_tokens_last_while_the_road_is_in_play():
    """I3c: tokens stay on the road while it is travelled and go when it is no longer in play."""
    s = on_firelands_road(15)
    c = ctx(s)
    firelands.place_token(c, 2, "wildfire")
    travel.arrive(c, 1)
    assert s.ext.fire_tokens == [2]
    firelands.home(c)
    assert s.ext.fire_tokens == []


def test_i3_wildfire_puts_a_token_on_the_next_space_even_the_way_home():
    """I3 (ruling fire_tokens): Wildfire's token goes on the space the party enters next; at the
    destination that is the first space of the way home."""
    s = on_firelands_road(16)
    c = ctx(s)
    firelands.event(c, "fire_token", 0)
    assert s.ext.fire_tokens == [1]
    s.trip.position = len(s.trip.road) - 1
    firelands.event(c, "fire_token", 0)
    assert s.ext.fire_tokens == [1, len(s.trip.road) - 2]


# ----------------------------------------------------------------------------- I4: Terrain cards
def test_i4b_a_terrain_card_changes_the_space_discards_its_cards_and_redraws():
    """I4a-b: laid on a Road Space already met, the space becomes the terrain; its Adventure cards
    are discarded and new ones drawn for the terrain; a second Terrain card sends the first back."""
    s = on_firelands_road(17)
    c = ctx(s)
    space = s.trip.road[1]
    old = [s.decks.adventure.pop(), s.decks.adventure.pop()]
    space.visited = True
    space.spots = [Spot(seq=s.new_seq(), card=u, revealed=True, met=True) for u in old]
    top = s.ext.terrain[-1]
    terrain = next(t for t in expansion_by_id("firelands").manifest.terrain if t.id == card_id(top))
    draws = pack_by_id(FIRE).location(terrain.location).draws
    rig(s, dice=[2] * draws)
    assert firelands.lay_terrain(c, 1)
    assert space.location == terrain.location and s.ext.terrain_laid == {1: top}
    assert all(u in s.decks.adventure_discard for u in old)
    assert len([sp for sp in space.spots if sp.card]) == 2 * draws
    assert all(u not in [sp.card for sp in space.spots] for u in old)
    second = s.ext.terrain[-1]
    rig(s, dice=[1] * 3)
    firelands.lay_terrain(c, 1)
    assert s.ext.terrain_laid == {1: second} and top in s.ext.terrain
    assert broken(s) == []


def test_i4a_never_on_a_destination_nor_in_the_inner_region_and_i4c_back_when_the_road_ends():
    """I4a (ruling terrain_cards): not on the destination, not in the Inner Region; I4c: back to
    the Terrain deck when the road is no longer in play. A space not yet met draws as the terrain."""
    s = on_firelands_road(18)
    c = ctx(s)
    assert not firelands.lay_terrain(c, len(s.trip.road) - 1)
    assert firelands.lay_terrain(c, 3)
    assert s.trip.road[3].location == pack_by_id(FIRE).location(s.trip.road[3].location).id
    assert len(s.ext.terrain) == 18
    firelands.home(c)
    assert len(s.ext.terrain) == 19 and s.ext.terrain_laid == {}
    inner = fire_solo(18)
    travel.depart(ctx(inner), "depart:chapel")
    assert not firelands.lay_terrain(ctx(inner), 1)


# ----------------------------------------------------------------------------- I6: the cards
def test_i6_mirage_sends_the_party_back_toward_the_village():
    """I6 Mirage: a d6 of Road Spaces toward the village, never into it; the space reached is met."""
    s = on_firelands_road(19)
    c = ctx(s)
    s.trip.position = 4
    rig(s, dice=[3])
    firelands.event(c, "mirage", 0)
    assert s.tasks[-1] == TeleportTask(target="road:1")
    s.tasks.pop()
    rig(s, dice=[6])
    firelands.event(c, "mirage", 0)
    assert s.tasks[-1] == TeleportTask(target="road:0")


def test_i6_ifrit_sultan_each_character_places_a_token_or_burns():
    """I6 Ifrit Sultan (ruling ifrit): lying on the road, each time the party enters a new space
    each character in turn chooses a token on his space or a card to burn; one token a space, so
    the next must burn."""
    s = on_firelands_road(20, coop=True)
    c = ctx(s)
    first, second = s.party()[0], s.party()[1]
    sword = give(s, second.uid, "sword")
    s.trip.road[0].spots = [Spot(seq=s.new_seq(), card="ifrit_sultan#1", revealed=True, met=True)]
    _take_from_deck(s, "ifrit_sultan#1")
    s.trip.position = 1
    firelands.entered(c, 2)
    assert s.ext.fire_choices == [f"ifrit_sultan:{h.uid}" for h in s.party()]
    s = settle(s)
    assert s.decision.kind == "fire_choice" and s.decision.hero == first.uid
    assert s.decision.options[0] == "token" and s.decision.data["space"] == 0
    s = choose(s, "token")
    assert s.ext.fire_tokens == [0]
    assert s.decision.kind == "fire_choice" and s.decision.hero == second.uid
    assert "token" not in s.decision.options and f"burn:{sword}" in s.decision.options
    s = choose(s, f"burn:{sword}")
    assert sword in s.ext.burnt
    assert broken(s) == []


def test_i6_ifrit_sultana_spreads_fire_ahead():
    """I6 Ifrit Sultana (ruling ifrit): lying on the road, entering a new space puts a token on the next."""
    s = on_firelands_road(21)
    s.trip.road[0].spots = [Spot(seq=s.new_seq(), card="ifrit_sultana#1", revealed=True, met=True)]
    _take_from_deck(s, "ifrit_sultana#1")
    s.trip.position = 1
    firelands.entered(ctx(s), 1)
    assert s.ext.fire_tokens == [2]
    assert broken(s) == []


def test_i6_crack_the_earth_discards_the_weakest_and_immolate_burns_the_strongest():
    """I6 Crack the Earth: Enemies of Strength or Craft 1 on the party's space are discarded, not
    the others. I2c Immolate: the strongest Enemy there burns, out of the game."""
    s = on_firelands_road(22)
    c = ctx(s)
    hero = s.party()[0]
    rat, raiders = _take_from_deck(s, "ember_rat#1"), _take_from_deck(s, "desert_raiders#1")
    s.trip.spots = [Spot(seq=s.new_seq(), card=u, revealed=True, met=True) for u in (rat, raiders)]
    crack = give_spell(s, hero.uid, "crack_the_earth")
    [cast] = firelands.casts(c, hero, crack, "crack_the_earth", True)
    firelands.resolve(c, hero, "crack_the_earth", cast)
    assert rat in s.decks.adventure_discard
    assert [sp.card for sp in s.trip.spots if sp.card] == [raiders]
    assert firelands.casts(c, hero, crack, "crack_the_earth", True) == []  # none of 1 left
    burn = give_spell(s, hero.uid, "immolate")
    [cast] = firelands.casts(c, hero, burn, "immolate", True)
    firelands.resolve(c, hero, "immolate", cast)
    assert s.ext.burnt == [raiders] and not [sp.card for sp in s.trip.spots if sp.card]


def _take_from_deck(s: CampaignState, uid: str) -> str:
    for pool in (s.decks.adventure, s.decks.adventure_discard):
        if uid in pool:
            pool.remove(uid)
            return uid
    raise KeyError(uid)


# ----------------------------------------------------------------------------- the whole
def test_ai_campaigns_with_the_firelands_keep_every_card():
    """I2-I5 together through AI play: no card lost or duplicated (burnt ones counted), the 19
    Terrain cards all accounted for, every deck switch undone when nothing holds it; JSON
    round trip. The party is sent to the Firelands whenever it may go there."""
    trips = 0
    for seed in (1, 2):
        s = fire_solo(seed)
        party_of(s, "warrior")
        s.village = "village_beyond"
        s = settle(s)
        for n in range(300):
            p = SYSTEM.pending(s)
            if p is None:
                break
            if s.decision.kind == "village" and "depart:firelands" in s.decision.options:
                s = choose(s, "depart:firelands")
            else:
                s = SYSTEM.apply(s, p.player, heuristic_player(s, p.player, random.Random(f"{seed}:{n}"))).state
            assert broken(s) == [], (seed, n)
        trips += s.ext.firelands_trips
        assert CampaignState.model_validate_json(s.dump()).dump() == s.dump()
    assert trips >= 2


# ----------------------------------------------------------------------------- words and pictures
def test_every_entry_says_its_source_and_has_italian_words():
    """Every entry is honest about its source (research with refs); every name and text exists in
    Italian too."""
    exp = expansion_by_id("firelands")
    for entry in [*exp.characters, *exp.adventures, *exp.trove, *exp.spells, *exp.foes, *exp.manifest.locations]:
        assert entry.source in ("rulebook", "research", "project")
        if entry.source == "research":
            assert entry.refs, entry.id
        assert entry.names.get("it") and entry.texts.get("it"), entry.id
    for terrain in exp.manifest.terrain:
        assert terrain.source == "research" and terrain.refs


def test_every_firelands_event_and_reason_has_words_in_both_languages():
    """What the narration reports of I2-I6 (each event the module emits, each reason it gives)
    has a sentence in English and Italian."""
    import re
    from pathlib import Path

    from gm.i18n import catalogue
    from systems.darkest_talisman.names import WHY_PREFIX

    source = (Path(__file__).resolve().parents[2] / "engine/darkest_talisman/expansions/firelands.py").read_text()
    events = set(re.findall(r'ctx\.emit\("([a-z_]+)"', source))
    assert {"burnt", "fire_token", "fire_token_burns", "terrain_laid", "mirage"} <= events
    reasons = set(re.findall(r'"(fireland_token|immolate|mirage|terrain)"', source))
    for locale in ("en", "it"):
        for kind in events - {"trove_set"}:
            assert catalogue(locale).get(f"talisman.ev.{kind}"), (locale, kind)
        for why in reasons:
            assert catalogue(locale).get(f"{WHY_PREFIX}{why}"), (locale, why)
        assert catalogue(locale).get("talisman.decision.fire_choice")
        assert catalogue(locale).get("talisman.deck.firelands")


def test_i2_i6_the_prompt_says_what_burns_and_where_the_token_goes():
    """The fire_choice prompt (I2, I6): the sentence names who and why; each button names the card
    that would burn, or the Road Space the token would go on, in English and Italian."""
    from engine.darkest_talisman.view import view
    from systems.darkest_talisman.describe import decision_text, option_label

    s = on_firelands_road(23)
    hero = s.party()[0]
    give(s, hero.uid, "sword")
    s.trip.road[0].spots = [Spot(seq=s.new_seq(), card=_take_from_deck(s, "ifrit_sultan#1"), revealed=True, met=True)]
    s.trip.position = 1
    firelands.entered(ctx(s), 1)
    s = settle(s)
    shown = view(s, "p1")
    text = decision_text(shown, "en")
    assert "must feed the fire" in text and "Ifrit Sultan" in text and "{" not in text
    labels = [option_label(shown, o, "en") for o in s.decision.options]
    assert labels[0] == "Put a fireland token on day 1 (the Hills)"
    assert "Burn Sword" in labels
    it = [option_label(shown, o, "it") for o in s.decision.options]
    assert it[0] == "Poni un segnalino terre del fuoco su giorno 1 (Colline)" and "Brucia Spada" in it
    assert "deve nutrire il fuoco" in decision_text(shown, "it")


def test_i2_i3_i4_the_road_picture_shows_tokens_terrain_and_burnt_cards():
    """The road embed shows the fireland tokens (I3), the Terrain cards laid (I4) and how many
    cards have burnt (I2b); the Terrain deck is seen only by its size."""
    from engine.darkest_talisman.view import view
    from systems.darkest_talisman.embeds import road_embed

    s = on_firelands_road(24)
    c = ctx(s)
    firelands.place_token(c, 2, "wildfire")
    firelands.lay_terrain(c, 3)
    hero = s.party()[0]
    firelands.burn_held(c, hero, give(s, hero.uid, "sword"), "firestorm")
    shown = view(s, "p1")
    assert shown.data["ext"]["terrain"] == 18
    text = "\n".join(f.value for f in road_embed(shown, "en").fields)
    assert "Fireland tokens on Road Space 3" in text and "Terrain cards on Road Space 4." in text
    assert "Cards burnt, out of the game: 1." in text
    assert "Cards are drawn from the Firelands Adventure deck." in text
    it = "\n".join(f.value for f in road_embed(view(s, "p1"), "it").fields)
    assert "Segnalini terre del fuoco sullo Spazio della Strada 3" in it and "Carte bruciate, fuori dal gioco: 1." in it


def test_i2_to_i6_every_event_reads_as_words_in_both_languages():
    """The narration of the Firelands' events (I2 burns, I3 tokens, I4 Terrain, I5 the road, I6
    Mirage, the Ifrit, the Spells) is whole sentences in English and Italian: no template left,
    no key, no card copy number."""
    from engine.darkest_talisman.view import view
    from systems.darkest_talisman.describe import describe_event
    from tests.e2e.test_campaign import unreadable

    s = fire_solo(25)
    party_of(s, "warrior")
    s.village = "village_beyond"
    c = ctx(s)
    travel.depart(c, "depart:firelands")
    hero = s.party()[0]
    give(s, hero.uid, "sword")
    firelands.event(c, "fire_token", 0)
    firelands.event(c, "terrain", 0)
    s.trip.position = 2
    rig(s, dice=[1])
    firelands.event(c, "mirage", 0)
    firelands.entered(c, 1)
    s.trip.position = len(s.trip.road) - 2
    firelands.event(c, "terrain", 0)
    firelands.injured(c, hero, "flame_djinn#1")
    s.ext.evil_eye = True
    firelands.injured(c, hero, "flame_djinn#1")
    raiders = _take_from_deck(s, "desert_raiders#1")
    s.trip.spots = [Spot(seq=s.new_seq(), card=raiders, revealed=True, met=True)]
    firelands.resolve(c, hero, "immolate", None)
    kinds = {e.kind.rsplit(".", 1)[-1] for e in c.events}
    assert {"firelands_road", "fire_token", "terrain_laid", "terrain_none", "mirage", "fire_token_burns", "burnt",
            "evil_eye_holds", "enemy_burnt"} <= kinds
    shown = view(s, "p1")
    for locale in ("en", "it"):
        for event in c.events:
            line = describe_event(shown, event, locale)
            assert line is None or not unreadable(line), (locale, event.kind, line)


def test_i5c_i5i_over_a_risen_blood_moon_its_deck_comes_back_after_the_firelands():
    """I5c with F2e: the Blood Moon risen, the road to the Firelands puts the Firelands deck in
    play; back in a village (I5i) the Blood Moon deck, still held by its Werewolf, comes back, not
    the core's; when the Blood Moon sets, the core's. Every switch is undone in the count."""
    from engine.darkest_talisman.expansions import blood_moon

    s = fire_solo(26, pack="core+blood_moon+firelands")
    party_of(s, "warrior")
    c = ctx(s)
    blood_moon.rise(c, s.party()[0])
    assert s.ext.live == "blood_moon" and broken(s) == []
    s.village = "village_beyond"
    travel.depart(c, "depart:firelands")
    assert s.ext.live == "firelands" and broken(s) == []
    firelands.home(c)
    assert s.ext.live == "blood_moon" and s.ext.reasons == [blood_moon.RISEN_REASON] and broken(s) == []
    blood_moon.cure(c, s.party()[0].uid)
    assert s.ext.live == "core" and s.ext.reasons == [] and broken(s) == []


def test_i6_shamshir_of_khamsin_its_bearer_leads_after_a_won_battle():
    """I6 Shamshir of Khamsin: right after winning a battle (Strength) outside the Tower, its
    bearer takes the first place in the Marching Order; a psychic combat, a fixed order or no
    Shamshir change nothing. Reached from the core's combat when an Enemy is beaten."""
    from engine.darkest_talisman import combat
    from engine.darkest_talisman.state import Combat

    s = on_firelands_road(27, coop=True)
    c = ctx(s)
    third = s.party()[2]
    won = Combat(hero=third.uid, enemy="desert_raiders#1", attribute="strength", value=4, kind="monster", result="won")
    combat._defeated(c, won, third, trophy=False)
    assert s.order[0] != third.uid  # no Shamshir yet
    for pile in (s.trip.trove.items, s.ext.troves["firelands"]):  # the Firelands Trove deck's (I1)
        shamshir = next((u for u in pile if card_id(u) == "shamshir_of_khamsin"), None)
        if shamshir is not None:
            pile.remove(shamshir)
            third.objects.append(shamshir)
            break
    assert broken(s) == []
    firelands.battle_won(c, third, "sand_wraith#1", "craft")
    assert s.order[0] != third.uid  # a psychic combat is no battle
    s.order_locked = True
    firelands.battle_won(c, third, "desert_raiders#1", "strength")
    assert s.order[0] != third.uid  # the order is fixed (C3d)
    s.order_locked = False
    combat._defeated(c, won.model_copy(update={"enemy": "desert_raiders#2"}), third, trophy=False)
    assert s.order[0] == third.uid and len(s.order) == 3



# ----------------------------------------------------------------------------- I6: the Items' and Followers' powers
def _magic(s: CampaignState, hero_uid: str, cid: str) -> str:
    """A Firelands Magic Item from its Trove deck (I1), or the trove on the road, to a character."""
    piles = [s.ext.troves["firelands"]] + ([s.trip.trove.items] if s.trip is not None and s.trip.trove else [])
    for pile in piles:
        uid = next((u for u in pile if card_id(u) == cid), None)
        if uid is not None:
            pile.remove(uid)
            s.hero(hero_uid).objects.append(uid)
            return uid
    raise KeyError(cid)


def _clear(s: CampaignState) -> None:
    """The cards on the party's space go to the discard pile."""
    s.decks.adventure_discard.extend(sp.card for sp in s.trip.spots if sp.card)
    s.trip.spots = []


def _standing(s: CampaignState) -> CampaignState:
    """The party at the end of its space, nothing left to meet: the stand decision."""
    s.trip.location_met = True
    return settle(s)


def _turn_over(s: CampaignState, uid: str, start: str | None = None) -> CampaignState:
    """A face-down card on a new Draw Spot of the party's space, turned over next."""
    _clear(s)
    s.trip.spots = [Spot(seq=s.new_seq(), card=uid, start=start)]
    return _standing(s)


def test_i6_firelands_scourge_burns_the_least_trophy_once_a_village_visit_to_heal():
    """I6 Firelands Scourge (ruling firelands_items): in a village its wounded bearer may burn a
    trophy (his least one, out of the game) for 2 lives, once a visit; not offered unwounded or
    with no trophy; a new visit offers it again."""
    s = fire_solo(30)
    party_of(s, "warrior")
    hero = s.party()[0]
    _magic(s, hero.uid, "firelands_scourge")
    s = settle(s)
    assert "scourge" not in s.decision.options  # no trophy
    p = pack_by_id(FIRE)
    enemies = sorted({u for u in s.decks.adventure if p.card(card_id(u)).type == "enemy"},
                     key=lambda u: p.card(card_id(u)).value)
    small, big = enemies[0], enemies[-1]
    for u in (small, big):
        s.decks.adventure.remove(u)
        hero.trophies.append(u)
    s = settle(s)
    assert "scourge" not in s.decision.options  # not wounded
    hero.life = 1
    s = settle(s)
    assert s.decision.kind == "village" and "scourge" in s.decision.options
    s = choose(s, "scourge")
    hero = s.party()[0]
    assert hero.trophies == [big] and small in s.ext.burnt and hero.life == 3
    assert "scourge" not in s.decision.options  # once a visit
    hero.life = 1
    firelands.home(ctx(s))
    assert "scourge" in settle(s).decision.options
    assert broken(s) == []


def test_i6_magic_map_spends_its_fate_to_pass_a_road_space_then_is_discarded():
    """I6 Magic Map (ruling firelands_items): 3 Fate; one spent, the party passes over the next Road
    Space without entering it; never over the destination; with no Fate left it is discarded, back
    to the Firelands Trove deck."""
    s = on_firelands_road(31)
    hero = s.party()[0]
    map_uid = _magic(s, hero.uid, "magic_map")
    s = _standing(s)
    assert s.decision.kind == "stand" and "map" in s.decision.options
    s = choose(s, "map")
    assert s.trip.position == 2 and not s.trip.road[1].visited
    assert s.ext.map_fate[map_uid] == 2
    s.ext.map_fate[map_uid] = 1
    _clear(s)
    s = _standing(s)
    s = choose(s, "map")
    assert s.trip.position == 4 and map_uid not in s.party()[0].objects and map_uid in s.ext.troves["firelands"]
    assert broken(s) == []
    _magic(s, hero.uid, "magic_map")
    _clear(s)
    assert "map" not in _standing(s).decision.options  # the next space is the destination


def test_i6_orb_of_flames_burns_an_enemy_turned_over_while_its_bearer_leads_once_a_space():
    """I6 Orb of Flames: its bearer leading, an Enemy turned over on a new Draw Spot may burn
    before it is met (no trophy); once a Road Space (ruling firelands_items)."""
    s = on_firelands_road(32)
    hero = s.party()[0]
    _magic(s, hero.uid, "orb_of_flames")
    raiders = _take_from_deck(s, "desert_raiders#1")
    s = _turn_over(s, raiders)
    assert s.decision.kind == "fire_enemy" and s.decision.options == ["orb", "meet"]
    assert s.decision.data["enemy"] == "desert_raiders"
    s = choose(s, "orb")
    assert raiders in s.ext.burnt and s.party()[0].trophies == []
    scorpion = _take_from_deck(s, "desert_scorpion#1")
    s = _turn_over(s, scorpion)
    assert s.decision.kind != "fire_enemy"  # once a Road Space
    assert broken(s) == []


def test_i6_orb_of_flames_only_for_the_leader_or_a_forced_draw_and_meet_goes_on():
    """I6 Orb of Flames: a bearer not leading has it only for the card drawn for his own lost turn
    (forced to draw); answered "meet", the Enemy is met as usual."""
    s = on_firelands_road(33, coop=True)
    second = s.party()[1]
    _magic(s, second.uid, "orb_of_flames")
    s = _turn_over(s, _take_from_deck(s, "desert_raiders#1"))
    assert s.decision.kind != "fire_enemy"
    s = on_firelands_road(33, coop=True)
    second = s.party()[1]
    _magic(s, second.uid, "orb_of_flames")
    raiders = _take_from_deck(s, "desert_raiders#1")
    s = _turn_over(s, raiders, start=second.uid)
    assert s.decision.kind == "fire_enemy" and s.decision.hero == second.uid
    s = choose(s, "meet")
    assert s.tasks and s.tasks[-1].task in ("card", "combat") or s.decision.kind == "enemy"
    assert raiders not in s.ext.burnt


def test_i6_suleimans_seal_binds_a_fire_creature_then_rests_back_in_the_trove_deck():
    """I6 Suleiman's Seal: a fire creature turned over may be bound (discarded unfought); the Seal
    leaves its bearer (ruling firelands_items: back in the Firelands Trove deck); another Enemy is
    no concern of it."""
    s = on_firelands_road(34)
    hero = s.party()[0]
    seal = _magic(s, hero.uid, "suleimans_seal")
    s = _turn_over(s, _take_from_deck(s, "desert_raiders#1"))
    assert s.decision.kind != "fire_enemy"
    s = on_firelands_road(34)
    hero = s.party()[0]
    seal = _magic(s, hero.uid, "suleimans_seal")
    djinn = _take_from_deck(s, "flame_djinn#1")
    s = _turn_over(s, djinn)
    assert s.decision.kind == "fire_enemy" and "seal" in s.decision.options
    s = choose(s, "seal")
    assert djinn in s.decks.adventure_discard and seal in s.ext.troves["firelands"]
    assert seal not in s.party()[0].objects and s.party()[0].trophies == []
    assert broken(s) == []


def test_i6_bound_ifrit_beats_an_enemy_for_his_master_then_is_discarded():
    """I6 Bound Ifrit ("after you do, discard the card"): loosed on an Enemy turned over, it is
    his master's trophy and the Ifrit is discarded."""
    s = on_firelands_road(35)
    hero = s.party()[0]
    ifrit = give(s, hero.uid, "bound_ifrit")
    worm = _take_from_deck(s, "sand_worm#1")
    s = _turn_over(s, worm)
    assert s.decision.kind == "fire_enemy" and s.decision.options == ["ifrit", "meet"]
    s = choose(s, "ifrit")
    hero = s.party()[0]
    assert hero.trophies == [worm] and ifrit not in hero.followers and ifrit in s.decks.adventure_discard
    assert broken(s) == []


def test_i6_shamshir_moves_the_party_ahead_past_the_next_card():
    """I6 Shamshir of Khamsin "and move ahead 1 spot": after the won battle its bearer may lead the
    party past the next card of its space, which stays there, unmet; none left, nothing asked."""
    s = on_firelands_road(36)
    hero = s.party()[0]
    _magic(s, hero.uid, "shamshir_of_khamsin")
    rat = _take_from_deck(s, "ember_rat#1")
    s.trip.spots = [Spot(seq=s.new_seq(), card=rat)]
    firelands.battle_won(ctx(s), hero, "desert_raiders#1", "strength")
    s = _standing(s)
    assert s.decision.kind == "shamshir" and s.decision.options == ["ahead", "stay"]
    s = choose(s, "ahead")
    assert s.trip.spots[0].met and s.trip.spots[0].card == rat and not s.trip.spots[0].revealed
    assert s.decision.kind == "stand"
    _clear(s)
    firelands.battle_won(ctx(s), s.party()[0], "desert_raiders#1", "strength")
    assert s.ext.shamshir_ahead is None


def test_i6_royal_masons_build_a_chapel_or_graveyard_on_the_next_space_one_of_each():
    """I6 Royal Masons: at a space's end, heading out, their master may build a Chapel or a
    Graveyard on the next Road Space (met when entered); one of each along the road."""
    s = on_firelands_road(37)
    hero = s.party()[0]
    give(s, hero.uid, "royal_masons")
    s = _standing(s)
    assert {"masons_chapel", "masons_graveyard"} <= set(s.decision.options)
    s = choose(s, "masons_chapel")
    assert s.trip.road[1].special == "chapel" and "chapel" in s.trip.found
    assert s.decision.kind == "stand" and "masons_graveyard" not in s.decision.options  # that space is built on
    s.trip.position = 1
    s.trip.road[1].visited = True
    s = _standing(s)
    assert "masons_graveyard" in s.decision.options and "masons_chapel" not in s.decision.options
    s.trip.heading = "home"
    assert not {"masons_chapel", "masons_graveyard"} & set(_standing(s).decision.options)


def test_i6_royal_masons_chapel_is_met_when_the_party_enters_it():
    """I6 Royal Masons: the Chapel built is the space's place when the party first enters it (an
    Evil character loses a life there), even with a 1 among the day's dice (no other special
    location takes the space)."""
    from engine.darkest_talisman.actions import Choose

    s = on_firelands_road(38)
    hero = s.party()[0]
    give(s, hero.uid, "royal_masons")
    hero.alignment = "evil"
    s = choose(_standing(s), "masons_chapel")
    rig(s, dice=[1])
    events = SYSTEM.apply(s, "p1", Choose(option="continue")).events
    arrived = next(e for e in events if e.kind.endswith(".arrived"))
    assert arrived.data["special"] == "chapel" and arrived.data["space"] == 1
    assert any(e.kind.endswith(".life_lost") and e.data.get("why") == "chapel" for e in events)


def test_i6_taleweaver_holds_three_cards_met_one_at_a_time_then_is_discarded():
    """I6 Taleweaver: three cards, met one at a time when his master wishes (between cards or
    spaces), each on a new Draw Spot of the party's space; discarded after the last."""
    s = on_firelands_road(39)
    hero = s.party()[0]
    weaver = give(s, hero.uid, "taleweaver")
    s = _standing(s)
    assert "tale" in s.decision.options
    top = s.decks.adventure[-1]
    s = choose(s, "tale")
    assert s.ext.tales[weaver] == 2
    assert top not in s.decks.adventure and s.trip.spots[-1].met and s.trip.spots[-1].start == hero.uid
    assert s.decision.kind == "stand" and "tale" in s.decision.options
    s.ext.tales[weaver] = 1
    s.tasks, s.decision = [], None
    _clear(s)
    s = _standing(s)
    s = choose(s, "tale")
    assert weaver not in s.party()[0].followers and weaver not in s.ext.tales
    assert broken(s) == []


def test_i6_ifrit_sultan_acts_on_every_new_draw_spot_and_lost_turn():
    """I6 Ifrit Sultan: besides every new Road Space, each card turned over on a new Draw Spot (a
    lost turn's card comes on one) has each character choose a token or a burn; not for his own."""
    from engine.darkest_talisman.state import LostTurn

    s = on_firelands_road(40)
    hero = s.party()[0]
    give(s, hero.uid, "sword")
    s.trip.road[0].spots = [Spot(seq=s.new_seq(), card=_take_from_deck(s, "ifrit_sultan#1"), revealed=True, met=True)]
    s.trip.position = 1
    s = _turn_over(s, _take_from_deck(s, "mirage#1"))
    assert s.decision.kind == "fire_choice" and s.decision.data["why"] == "ifrit_sultan"
    s = on_firelands_road(40)
    hero = s.party()[0]
    give(s, hero.uid, "sword")
    s.trip.road[0].spots = [Spot(seq=s.new_seq(), card=_take_from_deck(s, "ifrit_sultan#1"), revealed=True, met=True)]
    s.trip.position = 1
    s.trip.location_met = True
    s.tasks.append(LostTurn(hero=hero.uid, seq=-1))
    s = settle(s)
    assert s.decision.kind == "fire_choice"
    s = on_firelands_road(40)
    s.trip.position = 1
    s = _turn_over(s, _take_from_deck(s, "ifrit_sultan#1"))
    assert s.decision.kind != "fire_choice"  # his own card


def test_i6_ai_uses_the_powers_sensibly():
    """The AI (I6 powers): a strong Enemy is burnt, a weak one met for its trophy; the Shamshir's
    step only with a weak party; the Map past a fireland token; a Chapel built for a party
    without Evil; the Scourge when its bearer is hurt."""
    s = on_firelands_road(41)
    c = ctx(s)
    hero = s.party()[0]
    strong = Decision(kind="fire_enemy", hero=hero.uid, options=["orb", "meet"], data={"value": 7})
    weak = Decision(kind="fire_enemy", hero=hero.uid, options=["orb", "meet"], data={"value": 2})
    assert firelands.ai_pick(c, strong, 0.9) == "orb" and firelands.ai_pick(c, weak, 0.9) == "meet"
    step = Decision(kind="shamshir", hero=hero.uid, options=["ahead", "stay"])
    assert firelands.ai_pick(c, step, 0.9) == "stay"
    hero.life = 1
    assert firelands.ai_pick(c, step, 0.9) == "ahead" and firelands.ai_pick(c, weak, 0.9) == "orb"
    hero.life = 5
    firelands.place_token(c, 1, "wildfire")
    stand = Decision(kind="stand", options=["continue", "turn_back", "map", "masons_chapel"])
    assert firelands.ai_pick(c, stand, 0.9) == "map"
    s.ext.fire_tokens = []
    hero.alignment = "good"
    assert firelands.ai_pick(c, stand, 0.9) == "masons_chapel"


def test_i6_the_new_prompts_read_as_words_in_both_languages():
    """The Firelands powers' prompts (I6): the sentence names the Enemy and its figure; every
    button reads as words, in English and Italian."""
    from engine.darkest_talisman.view import view
    from systems.darkest_talisman.describe import decision_text, option_label

    s = on_firelands_road(42)
    hero = s.party()[0]
    _magic(s, hero.uid, "orb_of_flames")
    give(s, hero.uid, "bound_ifrit")
    s = _turn_over(s, _take_from_deck(s, "desert_raiders#1"))
    shown = view(s, "p1")
    text = decision_text(shown, "en")
    assert "Desert Raiders" in text and "4" in text and "{" not in text
    for locale in ("en", "it"):
        for o in s.decision.options:
            label = option_label(shown, o, locale)
            assert label and "{" not in label and "talisman." not in label, (locale, o, label)
        assert "{" not in decision_text(shown, locale)
    s = on_firelands_road(43)
    hero = s.party()[0]
    _magic(s, hero.uid, "magic_map")
    give(s, hero.uid, "royal_masons")
    give(s, hero.uid, "taleweaver")
    s = _standing(s)
    shown = view(s, "p1")
    for locale in ("en", "it"):
        for o in ("map", "masons_chapel", "tale"):
            label = option_label(shown, o, locale)
            assert "{" not in label and "talisman." not in label, (locale, o, label)


def test_i6_ai_play_with_every_power_keeps_every_card():
    """I6 powers through AI play: a party holding every Firelands Item and Follower with a power
    sets out for the Firelands; the AI answers every new decision, uses some powers, and no card
    is lost or duplicated."""
    s = fire_coop(44)
    party_of(s, "warrior", "priest", "troll")
    s.village = "village_beyond"
    first = s.party()[0].uid
    for cid in ("firelands_scourge", "magic_map", "orb_of_flames", "suleimans_seal", "shamshir_of_khamsin"):
        _magic(s, first, cid)
    for cid in ("bound_ifrit", "royal_masons", "taleweaver"):
        pile = s.ext.shelved["firelands"].adventure
        uid = next(u for u in pile if card_id(u) == cid)
        pile.remove(uid)
        s.party()[1].followers.append(uid)
    s = settle(s)
    seen: set[str] = set()
    for n in range(150):
        p = SYSTEM.pending(s)
        if p is None:
            break
        seen.add(s.decision.kind)
        if s.decision.kind == "village" and "depart:firelands" in s.decision.options:
            s = choose(s, "depart:firelands")
        else:
            s = SYSTEM.apply(s, p.player, heuristic_player(s, p.player, random.Random(f"44:{n}"))).state
        assert broken(s) == [], n
    assert s.ext.fire_powers >= 1, seen
