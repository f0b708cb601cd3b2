"""The Blood Moon (DT section F): each test names the rule it checks.

Step 1: the pack (data/talisman/expansions/blood_moon/) with every card section F names, F9's
changes applied, and its registration as the expansion "Blood Moon".
Step 2: the Blood Moon rising (F2a-f), the Day/Night Time Card and Lunar Events (F3), its
setting when no Werewolf is left (F5).
Step 3: the roving Werewolf: his coming on a 1 (F6a), one space per 1 rolled (F6b), his chart
when he reaches the party (F6c, F9's 5).
Step 4: the cure by Curse of the Werewolf (F4a, F9), a Werewolf companion's attacks (F7a).
Step 5: the Werewolf's Den as the Crags' trove and its deck switch undone (F8a-g, j-k).
"""
from __future__ import annotations

from engine.core.system import Seat
from engine.darkest_talisman import combat, travel
from engine.darkest_talisman.content import pack_by_id
from engine.darkest_talisman.expansions import blood_moon
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.expansions.model import RoadFigure
from engine.darkest_talisman.expansions.registry import EXPANSIONS, complete, parse_list
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import Combat, card_id
from tests.talisman.expansion_helpers import broken, ctx
from tests.talisman.helpers import give_spell, rig, settle

BLOOD = "core+blood_moon"

#: the cards DT F9 names, by where F puts them
F9_ADVENTURES = {
    "black_cat": "follower", "the_bride": "follower", "keeper_of_the_vigil": "follower", "witchfinder": "follower",
    "children_of_the_night": "event", "divine_retribution": "event", "fright_night": "event", "guiding_light": "event",
    "moon_mist": "event", "morning_song": "event", "night_of_the_pumpkin_king": "event",
    "fire_salamander": "enemy", "headless_horseman": "enemy", "scarecrow": "enemy",
    "lantern_sprite": "stranger", "tricks_and_treats": "object", "wall_of_fire": "place",
}
F9_LUNAR = {"children_of_the_night", "divine_retribution", "fright_night", "guiding_light", "moon_mist",
            "morning_song", "night_of_the_pumpkin_king"}
F9_MAGIC = {"living_doll", "hungering_artefact", "syphoning_sceptre", "witchs_broom"}


def blood_solo(seed: int = 1, pack: str = BLOOD):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return SYSTEM.new_game([Seat(player="p1", name="Ada")], {"pack": pack}, seed).state


def test_f9_every_named_card_is_in_the_pack():
    """F9: every Adventure card, Magic Item, Spell and character it changes is in the pack, of the
    type F gives; the Lunar Events are marked as such (F3)."""
    exp = expansion_by_id("blood_moon")
    cards = {c.id: c for c in exp.adventures}
    for cid, kind in F9_ADVENTURES.items():
        assert cards[cid].type == kind, cid
    assert {c for c, card in cards.items() if getattr(card, "lunar", False)} >= F9_LUNAR
    assert {s.id for s in exp.spells} == {"curse_of_the_werewolf", "feral_hunger", "haunting_poltergeist"}
    assert {c.id for c in exp.characters} == {"doomsayer", "grave_robber", "vampire_hunter"}
    assert cards["headless_horseman"].kind == "spirit" and cards["fire_salamander"].kind == "animal"


def test_f1b_magic_items_form_the_trove_deck():
    """F1b: the Magic Items come out of the Adventure deck and form the Blood Moon Trove deck."""
    exp = expansion_by_id("blood_moon")
    assert {c.id for c in exp.trove} >= F9_MAGIC
    assert all(c.type == "magic_object" for c in exp.trove)
    assert not F9_MAGIC & exp.adventure_ids()
    assert sum(c.count for c in exp.trove) >= 6  # three can be drawn twice (F8f)


def test_f9_werewolf_card_chart_and_strength():
    """F9: the Werewolf Card's 5 moves him to the next character; F.2: a 1 bites (lycanthropy);
    F8h: his Strength is 8; F2b: the Time Card comes with the expansion."""
    manifest = expansion_by_id("blood_moon").manifest
    faces = {r.face: r.result for r in manifest.chart}
    assert faces[5] == "werewolf_next" and faces[1] == "lycanthropy"
    assert manifest.figure_strength == 8 and manifest.time_card
    assert pack_by_id(BLOOD).foe("blood_moon_werewolf").strength == 8


def test_registration_names_and_completion():
    """The expansion is registered as "Blood Moon" (typed "BloodMoon" too), alone or with the Reaper."""
    assert "blood_moon" in EXPANSIONS
    assert parse_list("BloodMoon") == (["blood_moon"], [])
    assert parse_list("Blood Moon") == (["blood_moon"], [])
    assert parse_list("Reaper Blood Moon") == (["reaper", "blood_moon"], [])
    assert parse_list("blood moon, Dragon") == (["blood_moon"], ["Dragon"])
    assert parse_list("Reaper") == (["reaper"], [])  # the Reaper as before
    assert complete("Reaper Bl") == ["Reaper Blood Moon"]
    assert "Blood Moon" in complete("")


def test_f2e_f2f_f1b_setup_sets_the_decks_aside():
    """F2e: the Blood Moon Adventure deck waits aside, the core's is live; F2f: its Spells wait
    outside the Spell deck; F1b: its Magic Objects are their own Trove deck. Every card counted."""
    s = blood_solo()
    assert s.options.expansions == ["blood_moon"] and s.ext is not None
    exp = expansion_by_id("blood_moon")
    mine = exp.adventure_ids()
    assert not [u for u in s.decks.adventure if card_id(u) in mine]
    assert len(s.ext.shelved["blood_moon"].adventure) == sum(c.count for c in exp.adventures)
    assert {card_id(u) for u in s.ext.troves["blood_moon"]} >= F9_MAGIC
    assert not [u for u in s.decks.trove if card_id(u) in F9_MAGIC]
    assert {card_id(u) for u in s.ext.spells["blood_moon"]} == {sp.id for sp in exp.spells}
    assert not [u for u in s.decks.spells if card_id(u) in {sp.id for sp in exp.spells}]
    assert s.ext.live == "core"
    assert broken(s) == []


def test_with_the_reaper_both_packs_merge():
    """Blood Moon and the Reaper together: ids stay unique and each deck is set aside by its own."""
    s = blood_solo(2, pack="core+reaper+blood_moon")
    assert s.ext is not None and s.ext.ids == ["reaper", "blood_moon"]
    assert set(s.ext.shelved) == {"reaper", "blood_moon"}
    assert broken(s) == []


# ----------------------------------------------------------------------------- step 2: F2, F3, F5
def risen(seed: int = 1):  # type: ignore[no-untyped-def]
    """A Blood Moon campaign whose character was just bitten by the Wolf and rolled a 1 (F2a)."""
    s = blood_solo(seed)
    c = ctx(s)
    hero = s.party()[0]
    rig(s, dice=[1])
    blood_moon.injured(c, hero, "wolf#1")
    return s, c, hero


def test_f2a_a_wolf_bite_and_a_1_raise_the_blood_moon():
    """F2a: injured by the Wolf and alive, a 1 on the Werewolf Card raises the Blood Moon:
    F2b the Time Card on Day, F2d the bitten one a Werewolf, F2e the Blood Moon deck is drawn from,
    F2f its Spells are in the Spell deck."""
    s, c, hero = risen()
    rec = s.ext
    assert rec.blood_moon and not rec.night and rec.lycanthropes == [hero.uid]
    assert rec.live == "blood_moon" and rec.reasons == [blood_moon.RISEN_REASON]
    mine = expansion_by_id("blood_moon").adventure_ids()
    assert s.decks.adventure and all(card_id(u) in mine for u in s.decks.adventure)
    assert {card_id(u) for u in s.decks.spells} >= {"curse_of_the_werewolf", "feral_hunger"}
    assert broken(s) == []


def test_f2a_other_rolls_and_other_enemies_do_nothing():
    """F2a: a roll other than 1 leaves the Blood Moon unused; a bite by a non-Wolf rolls nothing."""
    s = blood_solo(3)
    c = ctx(s)
    hero = s.party()[0]
    rig(s, dice=[2])
    blood_moon.injured(c, hero, "wolf#1")
    assert not s.ext.blood_moon and s.ext.live == "core"
    rig(s, dice=[1])
    blood_moon.injured(c, hero, "dire_wolf#1")
    assert not s.ext.blood_moon and s.rng.script == [1]  # no die was rolled


def test_f3_day_and_night_change_every_creature():
    """F3 (facts F.2): Day, a creature's attack score is 1 less, never below 1; Night, 1 more;
    before the Blood Moon rises, nothing changes. The combat's enemy score reads it."""
    s = blood_solo(4)
    c = ctx(s)
    assert blood_moon.enemy_modifier(c, 4) == 4
    s, c, _ = risen(4)
    assert [blood_moon.enemy_modifier(c, v) for v in (4, 2, 1)] == [3, 1, 1]
    blood_moon.flip(c, True)
    assert blood_moon.enemy_modifier(c, 4) == 5
    task = Combat(hero=s.party()[0].uid, enemy="wolf#1", attribute="strength", value=4, kind="animal")
    assert combat.enemy_score(c, task) == 5


def test_f3_events_dealt_turn_the_time_card_and_end_lunar_events():
    """F3: Events dealt on a Road Space turn the Time Card before they are met; the turn ends the
    Lunar Events in play; other cards do not turn it."""
    s, c, _ = risen(5)
    blood_moon.lunar(c, "fright_night")
    assert s.ext.lunar == ["fright_night"]
    blood_moon.dealt(c, ["dire_wolf#1", "black_cat#1"], [3])
    assert not s.ext.night and s.ext.lunar == ["fright_night"]
    blood_moon.dealt(c, ["dire_wolf#1", "moon_mist#1"], [3])
    assert s.ext.night and s.ext.lunar == []
    blood_moon.dealt(c, ["guiding_light#1"], [3])
    assert not s.ext.night  # Daybreak
    blood_moon.flip(c, False)
    assert s.ext.time_flips == 2  # already showing: nothing happens


def test_f3_midnight_howl_brings_night():
    """Facts F.2: Midnight Howl turns the Time Card to Night when revealed, and stays in play."""
    s, c, _ = risen(6)
    blood_moon.lunar(c, "midnight_howl")
    assert s.ext.night and s.ext.lunar == ["midnight_howl"]


def test_f5_no_werewolf_left_the_blood_moon_sets():
    """F5: with no Werewolf left (the only one died: project ruling blood_moon_ends), the Time
    Card goes (F5a), the core deck comes back (F5b), the Blood Moon Spells stay (F5c)."""
    s, c, hero = risen(7)
    blood_moon.died(c, hero)
    assert not s.ext.blood_moon and s.ext.live == "core" and s.ext.reasons == []
    assert {card_id(u) for u in s.decks.spells} >= {"curse_of_the_werewolf"}
    assert blood_moon.enemy_modifier(c, 4) == 4
    assert broken(s) == []


# ----------------------------------------------------------------------------- step 3: F6
def risen_on_road(seed: int = 1, seats: int = 1):  # type: ignore[no-untyped-def]
    """A risen Blood Moon; the party on the Inner road's third space, no Werewolf yet."""
    names = ["Ada", "Bo", "Cy"][:seats]
    s = SYSTEM.new_game([Seat(player=f"p{i}", name=n) for i, n in enumerate(names)], {"pack": BLOOD}, seed).state
    c = ctx(s)
    rig(s, dice=[1])
    blood_moon.injured(c, s.party()[0], "wolf#1")
    travel.depart(c, "depart:city")
    s.decision, s.tasks = None, []
    for sp in s.trip.spots:
        s.decks.adventure_discard += ([sp.card] if sp.card else []) + [d.thing for d in sp.dropped if d.thing]
    s.trip.spots = []
    s.trip.position = 2
    s.trip.location_met = True
    s.ext.figures, s.ext.werewolf_visits = [], []
    return s, c


def test_f6a_a_1_for_a_new_space_brings_the_werewolf():
    """F6a: a 1 among the dice rolled for a new Road Space's cards puts him on the first Road
    Space; no 1, or before the Blood Moon rises (ruling werewolf_coming), no Werewolf."""
    s, c = risen_on_road(1)
    blood_moon.dealt(c, [], [3, 4])
    assert s.ext.figure(blood_moon.FIGURE) is None
    blood_moon.dealt(c, [], [1, 4])
    assert s.ext.figure(blood_moon.FIGURE).position == 0
    fresh = blood_solo(2)
    blood_moon.dealt(ctx(fresh), [], [1])
    assert fresh.ext.figures == []


def test_f6b_each_1_moves_him_one_space_then_f6c_he_reaches_the_party():
    """F6b: each 1 rolled moves him one Road Space toward the party; F6c: on the party's space
    the characters owe a roll on his chart; other faces do not move him."""
    s, c = risen_on_road(3)
    blood_moon.dealt(c, [], [1])
    blood_moon.rolled(c, [4, 6])
    assert s.ext.figure(blood_moon.FIGURE).position == 0
    blood_moon.rolled(c, [1, 5])
    assert s.ext.figure(blood_moon.FIGURE).position == 1 and s.ext.werewolf_visits == []
    blood_moon.rolled(c, [1])
    assert s.ext.figure(blood_moon.FIGURE).position == 2
    assert s.ext.werewolf_visits == list(s.order)


def test_f6c_a_1_bites_and_he_leaves():
    """F6c-a with the chart's 1 (facts F.2): the first character becomes a Werewolf and he
    leaves; the next character does not roll."""
    s, c = risen_on_road(4, seats=3)
    first, second = s.order[0], s.order[1]
    s.ext.lycanthropes = []
    s.ext.figures = [RoadFigure(id=blood_moon.FIGURE, position=2)]
    s.ext.werewolf_visits = list(s.order)
    rig(s, dice=[1])
    assert blood_moon.work(c)
    assert s.ext.lycanthropes == [first] and second not in s.ext.lycanthropes
    assert s.ext.figures == [] and s.ext.werewolf_visits == []
    assert not blood_moon.work(c)


def test_f6c_f9_a_5_passes_him_to_the_next_character():
    """F6c-b, F9: on a 5 he moves to the next character in the Marching Order, who rolls; a 2
    (1 life) then sends him away."""
    s, c = risen_on_road(5, seats=3)
    second = s.hero(s.order[1])
    s.ext.figures = [RoadFigure(id=blood_moon.FIGURE, position=2)]
    s.ext.werewolf_visits = list(s.order)
    rig(s, dice=[5, 2])
    lives = second.life
    blood_moon.work(c)
    assert s.ext.werewolf_visits == s.order[1:] and s.ext.figures
    blood_moon.work(c)
    assert second.life == lives - 1
    assert s.ext.figures == [] and s.ext.werewolf_visits == []


def test_f6_he_leaves_at_home_and_when_the_blood_moon_sets():
    """He leaves the road when the party is back in a village (ruling werewolf_coming) and when
    the Blood Moon sets (F5a)."""
    s, c = risen_on_road(6)
    blood_moon.dealt(c, [], [1])
    blood_moon.home(c)
    assert s.ext.figures == []
    blood_moon.dealt(c, [], [1])
    blood_moon.died(c, s.party()[0])  # the only Werewolf gone: F5
    assert s.ext.figures == [] and not s.ext.blood_moon


# ----------------------------------------------------------------------------- step 4: F4, F9
def test_f9_curse_of_the_werewolf_cures_and_the_blood_moon_sets():
    """F9 Curse of the Werewolf (a Blood Moon card's cure, F4a): cast from the road on the
    Werewolf character, he loses his Werewolf status; none left, the Blood Moon sets (F5)."""
    from engine.darkest_talisman.actions import Cast

    s, c = risen_on_road(7)
    caster = s.party()[0]
    caster.craft = 6
    assert s.ext.lycanthropes == [caster.uid]
    uid = give_spell(s, caster.uid, "curse_of_the_werewolf")
    settle(s)
    assert Cast(hero=caster.uid, spell=uid, target=caster.uid) in blood_moon.casts(
        ctx(s), caster, uid, "cure_lycanthropy", True)
    s = SYSTEM.apply(s, "p0", Cast(hero=caster.uid, spell=uid, target=caster.uid)).state
    assert s.ext.lycanthropes == [] and not s.ext.blood_moon and s.ext.live == "core"
    assert uid not in s.hero(caster.uid).spells and broken(s) == []


def test_f9_curse_of_the_werewolf_needs_a_werewolf():
    """F9: with no Werewolf character in the party, Curse of the Werewolf has no target."""
    s = blood_solo(8)
    hero = s.party()[0]
    assert blood_moon.casts(ctx(s), hero, "curse_of_the_werewolf#1", "cure_lycanthropy", True) == []


# ----------------------------------------------------------------------------- step 4: F7
def test_f7a_at_night_a_werewolf_companion_may_attack_the_leader():
    """F7a: at Night, Events drawn, a Werewolf character rolls a d6; on a 1 he attacks the
    leader; winning (d6 + Strength each, ruling werewolf_party), the leader rolls on the
    Werewolf's chart and loses a life."""
    s, c = risen_on_road(9, seats=3)
    leader, wolf = s.hero(s.order[0]), s.hero(s.order[1])
    s.ext.lycanthropes = [wolf.uid]
    wolf.strength, leader.strength = 6, 1
    for h in (leader, wolf):
        h.objects, h.followers = [], []
    life = leader.life
    s.ext.night = True
    # an Event turns the card to Day: no attack by Day
    rig(s, dice=[1])
    blood_moon.dealt(c, ["moon_mist#1"], [3])
    assert not s.ext.night and leader.life == life and s.rng.script == [1]
    # the next Event brings Night: rage 1, fight 6+6 against 1+1, chart 6 (no harm), 1 life
    rig(s, dice=[1, 6, 1, 6])
    blood_moon.dealt(c, ["guiding_light#1"], [3])
    assert s.ext.night and leader.life == life - 1


def test_f7a_no_rage_no_attack_and_never_the_leader_himself():
    """F7a: a rage roll other than 1 brings no attack; a Werewolf leading the party does not
    attack himself (ruling werewolf_party)."""
    s, c = risen_on_road(10, seats=3)
    leader, wolf = s.hero(s.order[0]), s.hero(s.order[1])
    s.ext.lycanthropes = [wolf.uid]
    s.ext.night = False
    life = leader.life
    rig(s, dice=[2])
    blood_moon.dealt(c, ["moon_mist#1"], [3])
    assert s.ext.night and leader.life == life and s.rng.script == []
    s.ext.lycanthropes = [leader.uid]
    s.ext.night = False
    rig(s, dice=[1])
    blood_moon.dealt(c, ["moon_mist#1"], [3])
    assert s.rng.script == [1]  # nobody rolled


# ----------------------------------------------------------------------------- step 5: F8
def test_f8_the_road_to_the_crags_leads_to_the_werewolfs_den():
    """F8a-f: the Den is the Crags' trove (ruling werewolf_den): on its road the Blood Moon deck is
    drawn from (F8d), the Time Card is out on Day (F8d), its Spells are in the Spell deck (F8e),
    the trove is three Blood Moon Magic Objects and Gold (F8f)."""
    s = blood_solo(11)
    c = ctx(s)
    travel.depart(c, "depart:crags")
    rec = s.ext
    assert rec.den_trip and rec.live == "blood_moon" and rec.reasons == [blood_moon.DEN_REASON]
    assert blood_moon.in_use(c) and not rec.blood_moon
    magic = {m.id for m in expansion_by_id("blood_moon").trove}
    assert len(s.trip.trove.items) == 3 and all(card_id(u) in magic for u in s.trip.trove.items)
    assert {card_id(u) for u in s.decks.spells} >= {"feral_hunger"}
    assert broken(s) == []


def test_f8j_k_the_den_won_the_core_deck_comes_back_not_again_until_home():
    """F8j: the trove won, the core deck comes back (Spells stay) and the Time Card goes; F8k:
    the Den is not a Trove Destination again until the party is back in a village."""
    s = blood_solo(12)
    c = ctx(s)
    travel.depart(c, "depart:crags")
    blood_moon.trove_won(c)
    rec = s.ext
    assert not rec.den_trip and rec.den_done and rec.live == "core" and rec.reasons == []
    assert not blood_moon.in_use(c) and rec.figures == []
    assert blood_moon.set_trove(c, "crags") is None  # the core's Crags trove now
    blood_moon.home(c)
    assert not rec.den_done


def test_f8_the_den_over_a_risen_blood_moon_stays():
    """F8j with a risen Blood Moon (F2): the Den's end does not bring the core deck back while a
    Werewolf is in the party (F5)."""
    s, c, _ = risen(13)
    blood_moon.set_trove(c, "crags")
    s.trip = None
    blood_moon.home(c)
    assert s.ext.blood_moon and s.ext.live == "blood_moon" and s.ext.reasons == [blood_moon.RISEN_REASON]
    assert blood_moon.in_use(c)


# ----------------------------------------------------------------------------- F4b: the Temple or Chapel
def _werewolf_at(seed: int, place: str, talismans: int):  # type: ignore[no-untyped-def]
    """A risen Blood Moon, its Werewolf character at `place`'s service with `talismans` Talismans."""
    from tests.talisman.helpers import give, jump_to_destination

    s, c, hero = risen(seed)
    hero.life = 9  # the Chapel's welcome for an evil character is not what is tested
    s.trip = None
    travel.depart(c, f"depart:{place}")
    s.decision, s.tasks = None, []
    s = jump_to_destination(s)
    for _ in range(talismans):
        give(s, hero.uid, "talisman")
    return settle(s), hero


def test_f4b_the_chapel_cures_a_werewolf_for_a_talisman():
    """F4b: at the Chapel a Werewolf character may sacrifice a Talisman: the Talisman goes back to
    the supply, he is cured, and with no Werewolf left the Blood Moon sets (F5). The offer says
    its cost and what it does, in both languages."""
    from engine.darkest_talisman.actions import Visit
    from systems.darkest_talisman.describe import describe_action

    s, hero = _werewolf_at(14, "chapel", 1)
    cure = Visit(hero=hero.uid, service="chapel_cure")
    assert cure in SYSTEM.legal_actions(s, "p1")
    for locale, words in (("en", ("Talisman", "lycanthropy")), ("it", ("Talismano", "licantropia"))):
        label = describe_action(SYSTEM.view(s, "p1"), "p1", cure, locale)
        assert all(w in label for w in words), label
    supply = len(s.decks.talismans)
    s = SYSTEM.apply(s, "p1", cure).state
    hero = s.hero(hero.uid)
    assert not [u for u in hero.objects if card_id(u) == "talisman"]
    assert len(s.decks.talismans) == supply + 1
    assert s.ext.lycanthropes == [] and not s.ext.blood_moon and s.ext.live == "core"
    assert broken(s) == []


def test_f4b_the_temple_offers_the_cure_only_to_a_werewolf_with_a_talisman():
    """F4b: at the Temple the cure is offered to a Werewolf holding a Talisman, never to one
    without a Talisman nor to a character who is no Werewolf; the Temple's prayer stays."""
    from engine.darkest_talisman.actions import Visit

    s, hero = _werewolf_at(15, "temple", 0)
    legal = SYSTEM.legal_actions(s, "p1")
    assert Visit(hero=hero.uid, service="temple_cure") not in legal
    assert Visit(hero=hero.uid, service="temple_pray") in legal
    s, hero = _werewolf_at(17, "temple", 2)
    assert Visit(hero=hero.uid, service="temple_cure") in SYSTEM.legal_actions(s, "p1")
    s.ext.lycanthropes = []
    assert Visit(hero=hero.uid, service="temple_cure") not in SYSTEM.legal_actions(s, "p1")
    # the core campaign's Temple has no such service
    assert "temple_cure" not in {x.id for x in pack_by_id("core").location("temple").services}


# ----------------------------------------------------------------------------- F8h-i: the Den's guardian
#: two cards that are neither Enemies nor Objects: drawn for the guardians, they are discarded (C8d)
NO_GUARDS = ["black_cat", "lantern_sprite"]


def _at_the_den(seed: int, deck: list[str], chart: list[int] | None = None):  # type: ignore[no-untyped-def]
    """The party at the Werewolf's Den, its guardian dice rigged to draw `deck` (F8g-h) and the
    chart dice after them; every character bare (Strength 2, 6 lives, no things, no Spells) so
    the blows are known: the party (6) cannot kill him."""
    from tests.talisman.helpers import choose, clear_spells, jump_to_destination

    s = blood_solo(seed)
    c = ctx(s)
    travel.depart(c, "depart:crags")
    s.decision, s.tasks = None, []
    s = jump_to_destination(s)
    for h in s.party():
        for uid in h.objects + h.followers:
            (s.decks.talismans if card_id(uid) == "talisman" else s.decks.adventure_discard).append(uid)
        h.objects, h.followers, h.strength, h.life = [], [], 2, 6
        clear_spells(s, h.uid)
    assert s.decision.kind == "guardians"
    rig(s, dice=[1, 1] + (chart or []), deck=deck)  # C8d-a: two dice, two cards
    return s, choose


def test_f8h_the_werewolf_guards_his_den_with_strength_8_and_no_items():
    """F8h: the guardians are drawn as C8d says and the Werewolf joins them, Strength 8; he is
    never equipped: the trove's Magic Objects and the drawn Objects go to the others or stay."""
    from engine.darkest_talisman import guardians

    s, _ = _at_the_den(21, ["dire_wolf", "tricks_and_treats"])  # an Enemy and an Object
    items = list(s.trip.trove.items)
    fight = guardians.trove_guardians(ctx(s))  # C8d, as the "fight" press starts it
    guards = {g.of: g for g in fight.guardians}
    wolf = guards[blood_moon.GUARDIAN]
    assert wolf.strength == 8 and wolf.items == [] and wolf.scrolls == [] and wolf.kind == "animal"
    assert set(guards) == {"dire_wolf", blood_moon.GUARDIAN}
    held = guards["dire_wolf"].items + s.trip.trove.items
    assert set(items) <= set(held) and guards["dire_wolf"].items  # the Objects went to the Dire Wolf or the Gold


def test_f8h_a_core_trove_has_no_werewolf():
    """F8h is the Den's alone: the core's troves elsewhere draw no Werewolf."""
    from engine.darkest_talisman import guardians

    s = blood_solo(22)
    c = ctx(s)
    assert blood_moon.trove_guardians(c) == []
    travel.depart(c, "depart:trove")
    assert s.trip.destination != blood_moon.DEN
    assert blood_moon.trove_guardians(c) == []
    assert guardians  # the module the hook is reached from


def test_f8i_those_the_werewolf_strikes_roll_on_his_chart_and_a_1_raises_the_blood_moon():
    """F8i: his Strength 8 is the first share of the guardians' blows; each character it
    surpasses (weakest first) rolls on his chart after the blows; a 1 makes a Werewolf and, as
    F2 says, the Blood Moon rises (its deck stays live after the Den, F5)."""
    s, choose = _at_the_den(23, NO_GUARDS, chart=[1, 6, 6])  # the first struck bitten, the others unharmed
    first = s.party()[0].uid
    state = choose(s, "fight")
    assert [g.of for g in state.fight.guardians] == [blood_moon.GUARDIAN]
    assert state.rng.script == []  # three chart rolls: 8 against 2, 2, 2 strikes all three
    rec = state.ext
    assert rec.lycanthropes == [first] and rec.blood_moon
    assert rec.reasons == [blood_moon.DEN_REASON, blood_moon.RISEN_REASON]
    assert all(h.life == 5 for h in state.party())  # one blow each; "unharmed" on the chart
    assert broken(state) == []


def test_f8i_the_forecast_counts_the_werewolfs_chart():
    """F8i with the forecast (guardians.py): the Werewolf standing after a round, the fight
    button's forecast shows for each character he strikes one life more in its worst case (the
    chart's mauling) than in its best; the round then fought with maulings loses exactly that
    worst case."""
    s, choose = _at_the_den(24, NO_GUARDS, chart=[6, 6, 6])
    state = choose(s, "fight")
    assert state.decision.kind == "guardians" and state.fight.stage == "ready"
    forecast = state.decision.data["forecast"][state.decision.options.index("fight")]
    assert forecast["known"]
    spread = {u: f["lost"][1] - f["lost"][0] for u, f in forecast["heroes"].items()}
    assert set(spread.values()) == {1}, spread  # 8 against 1, 1, 2: he strikes all three
    worst = {u: f["lost"][1] for u, f in forecast["heroes"].items()}
    before = {h.uid: h.life for h in state.party()}
    rig(state, dice=[2, 2, 2])  # each struck character is mauled
    state = choose(state, "fight")
    assert {u: before[u] - state.hero(u).life for u in before} == worst


# ----------------------------------------------------------------------------- F9: Spells, Places, Lunar Events
def test_f9_feral_hunger_makes_the_combat_roll_a_6_once():
    """F9 Feral Hunger: cast before the combat on the character fighting, his combat roll is a 6
    (no further die for the 6: ruling blood_moon_spells); his next roll is an ordinary one."""
    s, c, hero = risen(30)
    uid = give_spell(s, hero.uid, "feral_hunger")
    task = Combat(hero=hero.uid, enemy="dire_wolf#1", attribute="strength", value=4, kind="animal")
    assert f"cast:{uid}" in combat.options(c, task)
    combat.answer(c, task, f"cast:{uid}")
    assert uid not in hero.spells and f"cast:{uid}" not in combat.options(c, task)
    rig(s, dice=[2, 3])
    assert combat._attack_roll(c, task, hero) == [6]  # whatever the die
    assert combat._attack_roll(c, task, hero) == [3]


def test_f9_feral_hunger_not_for_an_ally_fighting_alone():
    """F9 Feral Hunger is cast on a character: not offered when an ally fights alone."""
    s, c, hero = risen(31)
    task = Combat(hero=hero.uid, enemy="dire_wolf#1", attribute="strength", value=4, kind="animal", ally=3)
    uid = give_spell(s, hero.uid, "feral_hunger")
    assert f"cast:{uid}" not in combat.options(c, task)  # an ally fights alone (C8e-c note 2)


def test_f9_moon_mist_the_lower_of_two_combat_rolls():
    """F9 Moon Mist, while in play: the character rolls for combat twice, the lower counts; once
    the Time Card turns (F3) it is over."""
    s, c, hero = risen(32)
    task = Combat(hero=hero.uid, enemy="dire_wolf#1", attribute="strength", value=4, kind="animal")
    blood_moon.lunar(c, "moon_mist")
    rig(s, dice=[5, 2])
    assert combat._attack_roll(c, task, hero) == [2]
    rig(s, dice=[1, 4])
    assert combat._attack_roll(c, task, hero) == [1]
    blood_moon.flip(c, True)
    rig(s, dice=[5, 2])
    assert combat._attack_roll(c, task, hero) == [5] and s.rng.script == [2]


def test_f9_haunting_poltergeist_the_werewolf_moves_only_at_night():
    """F9 Haunting Poltergeist: cast on the Werewolf on the road; by Day a 1 no longer moves
    him, at Night it does (F6b). With no Werewolf on the road there is nothing to cast it on."""
    s, c = risen_on_road(33)
    hero = s.party()[0]
    assert blood_moon.casts(c, hero, "haunting_poltergeist#1", "haunting", True) == []
    s.ext.figures = [RoadFigure(id=blood_moon.FIGURE, position=0)]
    [cast] = blood_moon.casts(c, hero, "haunting_poltergeist#1", "haunting", True)
    blood_moon.resolve(c, hero, "haunting", cast)
    assert s.ext.figure(blood_moon.FIGURE).haunted
    assert blood_moon.casts(c, hero, "haunting_poltergeist#1", "haunting", True) == []
    s.ext.night = False
    blood_moon.rolled(c, [1, 1])
    assert s.ext.figure(blood_moon.FIGURE).position == 0
    s.ext.night = True
    blood_moon.rolled(c, [1])
    assert s.ext.figure(blood_moon.FIGURE).position == 1


def _wall_on(s, k: int) -> str:  # type: ignore[no-untyped-def]
    """A face-up Wall of Fire on Road Space k (from the live deck, so every card stays counted)."""
    from engine.darkest_talisman.state import Spot

    pile = next(p for p in (s.decks.adventure, s.decks.adventure_discard) if any(card_id(u) == "wall_of_fire" for u in p))
    uid = next(u for u in pile if card_id(u) == "wall_of_fire")  # the Blood Moon deck is live
    pile.remove(uid)
    spot = Spot(seq=s.new_seq(), card=uid, revealed=True, met=True)
    (s.trip.spots if k == s.trip.position else s.trip.road[k].spots).append(spot)
    return uid


def test_f9_wall_of_fire_stops_the_werewolf_figure():
    """F9 Wall of Fire: the Werewolf may not pass it: on its space a 1 moves him no further."""
    s, c = risen_on_road(34)
    _wall_on(s, 1)
    s.ext.figures = [RoadFigure(id=blood_moon.FIGURE, position=0)]
    blood_moon.rolled(c, [1, 1, 1])
    assert s.ext.figure(blood_moon.FIGURE).position == 1 and s.ext.werewolf_visits == []
    assert broken(s) == []


def test_f9_wall_of_fire_a_party_with_a_werewolf_does_not_go_on_past_it():
    """F9 Wall of Fire: a Werewolf character may not pass it: heading out, the party with one
    at the Wall's space may turn back but not go on (ruling blood_moon_lunar); cured, it may."""
    from engine.darkest_talisman.state import Decision

    s, c = risen_on_road(35)
    _wall_on(s, 2)
    decision = Decision(kind="stand", options=["continue", "turn_back", "carry_on"])
    blood_moon.stand_options(c, decision)
    assert decision.options == ["turn_back"]
    s.ext.lycanthropes = []
    decision = Decision(kind="stand", options=["continue", "turn_back", "carry_on"])
    blood_moon.stand_options(c, decision)
    assert decision.options == ["continue", "turn_back", "carry_on"]


def test_f9_night_of_the_pumpkin_king_fields_roll_three_dice():
    """F9 Night of the Pumpkin King, while in play: a Fields space rolls three dice for its
    cards; other terrain, or once the card has gone, as before."""
    s, c, _ = risen(36)
    assert blood_moon.draw_dice(c, "fields", 1) == 1
    blood_moon.lunar(c, "night_of_the_pumpkin_king")
    assert blood_moon.draw_dice(c, "fields", 1) == 3 and blood_moon.draw_dice(c, "woods", 2) == 2
    blood_moon.flip(c, True)
    assert blood_moon.draw_dice(c, "fields", 1) == 1


def test_f9_fright_night_no_teleport_past_a_face_up_enemy():
    """F9 Fright Night, while in play and a face-up Enemy lies on the road: a teleport along the
    road lands on the first Enemy's space; one off the road does not happen and is not offered."""
    from engine.darkest_talisman.state import Spot

    s, c = risen_on_road(37)
    s.trip.position = 0
    uid = next(u for u in s.decks.adventure if card_id(u) == "dire_wolf")
    s.decks.adventure.remove(uid)
    s.trip.road[2].spots.append(Spot(seq=s.new_seq(), card=uid, revealed=True))
    assert blood_moon.teleport_target(c, "road:4") == "road:4"  # not in play yet
    blood_moon.lunar(c, "fright_night")
    assert blood_moon.teleport_target(c, "road:4") == "road:2"
    assert blood_moon.teleport_target(c, "road:1") == "road:1"
    assert blood_moon.teleport_target(c, "dest:tavern") is None
    assert all(t.startswith("road:") for t in travel.teleport_targets(c))
    travel.teleport(c, "dest:tavern")
    assert s.trip.position == 0 and s.trip.destination == "city"  # nothing happened
    assert broken(s) == []


def test_f9_guiding_light_the_party_may_meet_its_space_again():
    """F9 Guiding Light, while in play: at the end of a space the party may meet it again
    instead of moving on; the cards left there are met again and a day passes."""
    from engine.darkest_talisman.state import Decision

    s, c = risen_on_road(38)
    decision = Decision(kind="stand", options=["continue", "turn_back"])
    blood_moon.stand_options(c, decision)
    assert "meet_again" not in decision.options
    blood_moon.lunar(c, "guiding_light")
    blood_moon.stand_options(c, decision)
    assert decision.options == ["continue", "turn_back", "meet_again"]  # never the first answer
    with_carry = Decision(kind="stand", options=["continue", "turn_back", "carry_on"])
    blood_moon.stand_options(c, with_carry)
    assert with_carry.options == ["continue", "turn_back", "meet_again", "carry_on"]
    days, at = s.stats.days, s.trip.position
    assert blood_moon.answer(c, decision, "meet_again")
    assert s.trip.position == at and s.stats.days == days + 1
    assert not blood_moon.answer(c, decision, "continue")


def test_facts_f2_midnight_howl_a_beaten_character_rolls_on_the_chart():
    """Facts F.2 Midnight Howl, while in play: a character who loses a life to an Enemy also
    rolls on the Werewolf's chart (a 2: one life more)."""
    s, c, hero = risen(39)
    life = hero.life
    rig(s, dice=[2])
    blood_moon.injured(c, hero, "dire_wolf#1")
    assert hero.life == life and s.rng.script == [2]  # not in play: no roll
    blood_moon.lunar(c, "midnight_howl")
    blood_moon.injured(c, hero, "dire_wolf#1")
    assert hero.life == life - 1 and s.rng.script == []


def test_f9_the_fight_buttons_odds_follow_feral_hunger_and_moon_mist():
    """F9: the engine tells the fight buttons how the roll will be made (a sure 6 after Feral
    Hunger, the lower of two under Moon Mist) and their odds follow: a sure 6 against an equal
    score wins unless the Enemy rolls a 6 (5 in 6); the lower of two rolls wins less often."""
    from systems.darkest_talisman.odds import combat_odds

    s, c, hero = risen(40)
    task = Combat(hero=hero.uid, enemy="dire_wolf#1", attribute="strength", value=4, kind="animal")
    assert "roll" not in combat.scores(c, task, hero, ["fight"])
    blood_moon.lunar(c, "moon_mist")
    assert combat.scores(c, task, hero, ["fight"])["roll"] == "lower"
    uid = give_spell(s, hero.uid, "feral_hunger")
    combat.answer(c, task, f"cast:{uid}")
    assert combat.scores(c, task, hero, ["fight"])["roll"] == "six"
    win, tie, _ = combat_odds(3, 3, roll="six")
    assert abs(win - 5 / 6) < 1e-9 and tie == 0
    plain, lower = combat_odds(3, 3)[0], combat_odds(3, 3, roll="lower")[0]
    assert lower < plain < win


def test_f9_the_blood_moon_characters_ability_only_when_they_lead():
    """F9 Doomsayer, Grave Robber, Vampire Hunter: their card ability (here: sending a card back
    for another) works only when first in the Marching Order; a core character's as before."""
    from engine.darkest_talisman import effects

    s, c, _ = risen(41)
    first, second = s.hero(s.order[0]), s.hero(s.order[1])
    for h in (first, second):
        h.objects = [u for u in h.objects if card_id(u) != "orb_of_knowledge"]
    first.card, second.card = "grave_robber", "vampire_hunter"
    assert effects.can_redraw(c, first) and not effects.can_redraw(c, second)
    s.order = [second.uid, first.uid, s.order[2]]
    assert effects.can_redraw(c, second) and not effects.can_redraw(c, first)
    second.card = "prophetess"  # the core's Prophetess redraws wherever she walks
    s.order = [first.uid, second.uid, s.order[2]]
    assert effects.can_redraw(c, second)


def test_f9_witchs_broom_at_night_skips_up_to_six_cards():
    """F9 Witch's Broom: at Night, between a Road Space's cards, its bearer's party may skip up
    to six cards still to meet (left lying); with fewer than six left it moves on to the next
    space. By Day it is not offered."""
    from engine.darkest_talisman.state import Decision, Spot

    s, c = risen_on_road(42)
    hero = s.party()[0]
    broom = next(u for u in s.ext.troves["blood_moon"] if card_id(u) == "witchs_broom")
    s.ext.troves["blood_moon"].remove(broom)
    hero.objects.append(broom)
    for _ in range(8):
        s.trip.spots.append(Spot(seq=s.new_seq(), card=s.decks.adventure.pop()))
    s.ext.night = False
    decision = Decision(kind="after_card", options=["continue", "turn_back"])
    blood_moon.after_card_options(c, decision)
    assert "broom" not in decision.options
    s.ext.night = True
    blood_moon.after_card_options(c, decision)
    assert decision.options == ["continue", "turn_back", "broom"]
    at = s.trip.position
    assert blood_moon.answer(c, decision, "broom")
    assert sum(1 for sp in s.trip.spots if not sp.met) == 2 and s.trip.position == at
    assert blood_moon.answer(c, decision, "broom")  # two left: skipped, and on to the next space
    assert s.trip.position == at + 1
    assert broken(s) == []


def test_f9_the_scarecrow_waits_on_a_fields_space():
    """F9 Scarecrow: turned over, it is placed on a Fields Road Space of this road (here the only
    one, behind the party) and met there; on the only Fields space itself, it is met at once."""
    from engine.darkest_talisman import encounters
    from engine.darkest_talisman.state import MeetSpot, Spot

    s, c = risen_on_road(43)
    assert [sp.location for sp in s.trip.road][0] == "fields" and s.trip.position == 2
    uid = next(u for u in s.decks.adventure + s.decks.adventure_discard if card_id(u) == "scarecrow")
    for pile in (s.decks.adventure, s.decks.adventure_discard):
        if uid in pile:
            pile.remove(uid)
    spot = Spot(seq=s.new_seq(), card=uid)
    s.trip.spots.append(spot)
    s.tasks.append(MeetSpot(seq=spot.seq))
    encounters.run_spot(c, s.tasks[-1])
    assert spot.card is None and s.trip.road[0].waiting == [uid]
    assert not [t for t in s.tasks if t.task == "card"]
    assert broken(s) == []
    # on the Fields space itself there is no other: the party meets it now
    s.trip.road[0].waiting = []
    s.trip.position = 0
    spot = Spot(seq=s.new_seq(), card=uid)
    s.trip.spots = [spot]
    s.tasks = [MeetSpot(seq=spot.seq)]
    encounters.run_spot(c, s.tasks[-1])
    assert spot.card == uid and any(t.task == "card" for t in s.tasks)


def test_f8h_the_first_fights_forecast_knows_the_werewolf():
    """F8h: before the Den's guardians are drawn the forecast cannot know them (C8d a-b), but the
    Werewolf is sure to be there: the fight button and the prompt name him with his Strength 8,
    in English and Italian; a core trove's forecast names nobody."""
    from engine.darkest_talisman import guardians
    from systems.darkest_talisman import forecast
    from systems.darkest_talisman.names import Names

    s, _ = _at_the_den(44, NO_GUARDS)
    f = guardians.forecast(ctx(s), "guardians", "fight")
    assert not f["known"] and f["sure"] == [{"of": blood_moon.GUARDIAN, "strength": 8, "craft": 0}]
    for locale, word in (("en", "Werewolf (Strength 8)"), ("it", "Lupo Mannaro (Forza 8)")):
        n = Names(SYSTEM.view(s, "p1"), locale)
        assert word in forecast.label(n, f) and word in forecast.sentence(n, f)
    plain = blood_solo(45)
    travel.depart(ctx(plain), "depart:trove")
    assert "sure" not in guardians.unknown_guardians(ctx(plain))


def test_f9_the_ai_at_a_wall_of_fire_under_the_guiding_light_turns_back():
    """F9 Wall of Fire with Guiding Light in play: the party with a Werewolf may not go on; the
    campaign AI turns back rather than meet the space again and again (a pass of the same space
    turns no Time Card, so the Lunar Event would never end)."""
    import random

    from engine.darkest_talisman.ai import PLAYERS

    s, c = risen_on_road(46)
    _wall_on(s, 2)
    blood_moon.lunar(c, "guiding_light")
    settle(s)
    assert s.decision.kind == "stand" and s.decision.options == ["turn_back", "meet_again"]
    action = PLAYERS["heuristic"](s, "p0", random.Random(1))
    assert action.option == "turn_back"
