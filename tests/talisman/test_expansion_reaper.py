"""The expansions' groundwork and the Reaper (DT section E): each test names the rule it checks.

Groundwork: expansions as campaign options (a pack id "core+reaper"); an expansion's Adventure
deck replacing the core's while a reason holds it and switching back (E2c, E2j, E3d, E3k); its
Trove deck (E1b) and Spells (E2d, E2k); Quest cards instead of the Warlock's die (E1c); a new
Trove destination (E3); a figure moving one Road Space per 1 rolled (E2e-f); "clockwise" and
"roll two dice to move" on roads (E4a, E4b).
"""
from __future__ import annotations

import pytest

from engine.darkest_talisman import heroes as H
from engine.darkest_talisman import travel
from engine.darkest_talisman.content import ContentError, Effect, pack_by_id
from engine.darkest_talisman.effects import apply as apply_effect
from engine.darkest_talisman.expansions import decks, reaper, roads
from engine.darkest_talisman.expansions.content import build_expansion, expansion_by_id
from engine.darkest_talisman.expansions.registry import parse_list
from engine.darkest_talisman.state import Spot, card_id
from packs.darkest_talisman import EXPANSIONS_ROOT
from tests.talisman.expansion_helpers import broken, ctx, reaper_solo
from tests.talisman.helpers import choose, give_spell, options, rig, settle, solo


def on_road(seed: int = 1):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """A Reaper campaign's party on the Inner road's third space, nothing left to meet."""
    s = reaper_solo(seed)
    c = ctx(s)
    travel.depart(c, "depart:city")
    s.decision, s.tasks = None, []
    for sp in s.trip.spots:  # what the first space dealt goes to the discard pile
        s.decks.adventure_discard += ([sp.card] if sp.card else []) + [d.thing for d in sp.dropped if d.thing]
    s.trip.spots = []
    s.trip.position = 2
    s.trip.location_met = True
    return s


def test_groundwork_core_campaign_has_no_expansion_part():
    """The default campaign plays as before: no expansions, nothing more in its dump."""
    s = solo(1)
    assert s.options.expansions == [] and s.ext is None
    assert '"ext"' not in s.dump()


def test_groundwork_option_names_and_refusal():
    """/campaign new expansions:... reads names ("Reaper", "reaper") and reports unknown ones."""
    assert parse_list("Reaper") == (["reaper"], [])
    assert parse_list("the reaper, Reaper") == (["reaper"], [])
    assert parse_list("Reaper Dragon") == (["reaper"], ["Dragon"])


def test_groundwork_pack_folder_validated_with_file_and_field():
    """Each expansion is a pack folder validated at start-up; errors name the file and field."""
    from packs.files import read_yaml

    files = {f: read_yaml(EXPANSIONS_ROOT / "reaper" / f) for f in
             ("expansion.yaml", "characters.yaml", "adventures.yaml", "trove.yaml", "spells.yaml", "quests.yaml", "foes.yaml")}
    assert build_expansion(files).id == "reaper"
    bad = dict(files)
    bad["trove.yaml"] = {"cards": [{"type": "object", "id": "x", "name": "X", "slot": "other", "source": "project"}]}
    with pytest.raises(ContentError, match=r"trove.yaml: cards\[0\].type"):
        build_expansion(bad)


def test_groundwork_every_entry_says_its_source():
    """Every entry is honest about where it comes from (rulebook, research with refs, project)."""
    exp = expansion_by_id("reaper")
    for entry in [*exp.characters, *exp.adventures, *exp.trove, *exp.spells, *exp.quests, *exp.manifest.chart]:
        assert entry.source in ("rulebook", "research", "project")
        if entry.source == "research":
            assert entry.refs, entry
    names = {c.name for c in [*exp.adventures, *exp.trove]} | {s.name for s in exp.spells} | {c.name for c in exp.characters}
    for named in ("Fiend Slayer", "Flying Carpet", "Hearth Rune", "Rod of Ruin", "Arena", "Cerberus", "Dryad", "The Gathering",
                  "Golden Statue", "Prophecy", "Leper", "Patrol", "Riding Horse", "Werewolf", "Whirlwind", "Transmute",
                  "Reflection", "Barrier", "Gust of Wind", "Misdirection", "Resurrection", "Sleep", "Slow Motion", "Speed",
                  "Transference", "Water Walking", "Dark Cultist", "Knight", "Merchant", "Sage"):
        assert named in names, f"E4-E6 name {named}"
    assert any(q.name == "Take One Life from Another Character" for q in exp.quests)  # E7


def test_e1b_e2c_e1c_setup_sets_the_reaper_decks_aside():
    """E1b: the Reaper Magic Objects form their own Trove deck; E2c: the Reaper Adventure deck waits;
    E2d: its Spells wait to be shuffled in; E1c-a: the Quest cards are put out."""
    s = reaper_solo(1)
    exp = expansion_by_id("reaper")
    assert s.ext is not None and s.ext.live == "core"
    mine = exp.adventure_ids()
    assert not any(card_id(u) in mine for u in s.decks.adventure)
    assert {card_id(u) for u in s.ext.shelved["reaper"].adventure} == mine
    assert {card_id(u) for u in s.ext.troves["reaper"]} == {c.id for c in exp.trove}
    assert not any(card_id(u) in {c.id for c in exp.trove} for u in s.decks.trove)
    assert {card_id(u) for u in s.ext.spells["reaper"]} == {sp.id for sp in exp.spells}
    assert len(s.ext.quests) == 12
    assert broken(s) == []


def test_e2a_d_a_death_brings_the_reaper_his_deck_and_spells():
    """E2a: on a death the Grim Reaper stands on the first Road Space; E2c: his deck replaces the
    core's; E2d: his Spells and the Spell discard pile go into the Spell deck."""
    s = on_road()
    c = ctx(s)
    victim = s.party()[1]
    H.kill(c, victim, "test")
    assert s.ext.figure("grim_reaper").position == 0
    assert s.ext.live == "reaper" and "reaper:figure" in s.ext.reasons
    assert {card_id(u) for u in s.decks.adventure} <= expansion_by_id("reaper").adventure_ids()
    assert s.ext.spells["reaper"] == [] and any(card_id(u) == "barrier" for u in s.decks.spells)
    assert victim.uid not in s.ext.must_pray and set(s.ext.must_pray) == set(s.order)
    assert broken(s) == []


def test_e2e_f_every_one_rolled_moves_him_and_e2i_his_chart():
    """E2e-f: each 1 rolled, for any reason, moves him one Road Space toward the party; E2i:
    reaching it, each character rolls on his chart (4: a lost turn), then he leaves."""
    s = on_road()
    c = ctx(s)
    H.kill(c, s.party()[2], "test")
    rig(s, dice=[1, 1, 4, 4])
    c.dice(1, "day")
    assert s.ext.figure("grim_reaper").position == 1
    c.dice(1, "combat")
    assert s.ext.figure("grim_reaper").position == 2 and s.ext.visits == list(s.order)
    assert reaper.work(c) and reaper.work(c)
    assert s.ext.figure("grim_reaper") is None and s.ext.reaper_visits == 1
    assert [t.task for t in s.tasks] == ["lost_turn", "lost_turn"]


def test_e2i_a_five_sends_him_back_down_the_road():
    """E2i (DT's change to the card): on a 5 he goes back to his starting point on the road."""
    s = on_road()
    c = ctx(s)
    H.kill(c, s.party()[2], "test")
    s.ext.figure("grim_reaper").position = 2
    s.ext.visits = list(s.order)
    rig(s, dice=[5])
    reaper.work(c)
    assert s.ext.figure("grim_reaper").position == 0 and s.ext.visits == []


def test_e2i_a_one_kills_and_a_six_gives_a_choice():
    """E2i: his chart's 1 kills; a 6 lets the character choose a gift."""
    s = on_road()
    c = ctx(s)
    H.kill(c, s.party()[2], "test")
    first, second = s.order
    s.ext.visits = [first, second]
    rig(s, dice=[1, 6])
    reaper.work(c)
    assert not s.hero(first).alive
    reaper.work(c)
    assert s.decision.kind == "reaper_boon" and "fate" in s.decision.options
    fate = s.hero(second).fate
    s2 = choose(s, "fate")
    assert s2.hero(second).fate == fate + 1


def test_e2g_a_teleport_puts_him_on_the_new_roads_first_space():
    """E2g: the party teleports to another road: he appears on its first Road Space."""
    s = on_road()
    c = ctx(s)
    H.kill(c, s.party()[2], "test")
    s.ext.figure("grim_reaper").position = 1
    travel.teleport(c, "dest:tavern")
    assert s.trip.destination == "tavern" and s.ext.figure("grim_reaper").position == 0


def test_e2h_e2j_prayers_send_him_and_his_deck_away():
    """E2h: he leaves once every survivor has prayed; E2j: then the core deck comes back."""
    s = on_road()
    c = ctx(s)
    H.kill(c, s.party()[2], "test")
    for hero in s.party():
        reaper.prayed(c, hero)
    assert s.ext.figure("grim_reaper") is None
    assert s.ext.live == "core" and s.ext.reasons == [] and s.ext.switches_undone == 1
    assert broken(s) == []


def test_e2h_e2j_home_sends_him_away_but_his_deck_stays_until_prayers():
    """E2h: back in a village he leaves; E2j: his deck stays until every survivor has prayed."""
    s = on_road()
    c = ctx(s)
    H.kill(c, s.party()[2], "test")
    travel.arrive_village(c, "village", crossed=False)
    assert s.ext.figure("grim_reaper") is None and s.ext.live == "reaper"
    assert broken(s) == []


def test_groundwork_a_discarded_card_goes_back_to_its_own_deck():
    """While the Reaper deck is live a core card goes to the core's shelved discard pile, and back."""
    s = on_road()
    c = ctx(s)
    H.kill(c, s.party()[2], "test")
    core_card = s.ext.shelved["core"].adventure.pop()
    from engine.darkest_talisman import cards

    cards.discard(c, core_card)
    assert core_card in s.ext.shelved["core"].discard and core_card not in s.decks.adventure_discard
    reaper_card = s.decks.adventure.pop()
    cards.discard(c, reaper_card)
    assert reaper_card in s.decks.adventure_discard
    magic = s.ext.troves["reaper"].pop()
    cards.discard(c, magic)
    assert s.ext.troves["reaper"][0] == magic
    assert broken(s) == []


def test_e3_the_graveyard_trove_and_facing_the_reaper():
    """E3b: the party may choose the Graveyard; E3d-f: Reaper deck, three Reaper Magic Objects and
    a d6 of Gold; E3a, E3h: it may face the Grim Reaper, each character rolling on his chart; E3k:
    the trove is shared and the core deck comes back; E3l: not again until home."""
    s = reaper_solo(1)
    assert "depart:graveyard" in options(s)
    c = ctx(s)
    travel.depart(c, "depart:graveyard")
    trip = s.trip
    assert trip.goal == "trove" and len(trip.trove.items) == 3
    assert all(card_id(u) in {m.id for m in expansion_by_id("reaper").trove} for u in trip.trove.items)
    assert s.ext.live == "reaper" and "reaper:graveyard" in s.ext.reasons
    s.tasks = []
    for sp in trip.spots:
        if sp.card:
            s.decks.adventure_discard.append(sp.card)
    trip.spots, trip.position, trip.location_met = [], len(trip.road) - 1, True
    trip.road[-1].visited = True
    settle(s)
    assert s.decision.kind == "guardians" and s.decision.options[0] == "reaper"
    rig(s, dice=[2, 2, 2])
    s = choose(s, "reaper")
    while s.decision.kind == "loot":
        s = choose(s, s.decision.options[0])
    assert s.ext.graveyard_done and s.ext.live == "core" and s.ext.reasons == []
    assert s.trip.destination_done and s.stats.troves_won == 1
    assert broken(s) == []
    travel.arrive_village(ctx(s), "village", crossed=False)
    assert not s.ext.graveyard_done


def test_e1c_quest_cards_instead_of_the_warlocks_die():
    """E1c-b: at the Warlock's Cave a Quest card is drawn; completed, it leaves the game; its
    holder killed, it goes back into the deck."""
    s = on_road()
    c = ctx(s)
    hero, other = s.party()[0], s.party()[1]
    apply_effect(c, hero, Effect(quest=True), "warlocks_cave", [])
    assert hero.uid in s.ext.quest_held and len(s.ext.quests) == 11 and hero.quest is not None
    H.kill(c, hero, "test")
    assert hero.uid not in s.ext.quest_held and len(s.ext.quests) == 12
    apply_effect(c, other, Effect(quest=True), "warlocks_cave", [])
    held = s.ext.quest_held.get(other.uid)
    if held is not None:  # not completed on the spot
        H.complete_quest(c, other)
    assert len(s.ext.quests_done) == 1 and broken(s) == []


def test_e4a_clockwise_is_toward_the_destination_never_into_the_village():
    """E4a: a card moved clockwise goes toward the destination (met there first); moved
    counterclockwise it stops on the first Road Space."""
    s = on_road()
    c = ctx(s)
    uid = s.decks.adventure.pop()
    s.trip.spots = [Spot(seq=s.new_seq(), card=uid, revealed=True)]
    assert roads.move_card(c, s.trip.spots[0], 9) == len(s.trip.road) - 1
    assert s.trip.road[-1].waiting == [uid]
    s.trip.road[-1].waiting = []
    s.trip.spots = [Spot(seq=s.new_seq(), card=uid, revealed=True)]
    assert roads.move_card(c, s.trip.spots[0], -9) == 0
    assert broken(s) == []


def test_e4b_a_riding_horse_lets_the_leader_skip_a_road_space():
    """E4b: the leader with a Riding Horse may skip a Road Space instead of rolling two dice."""
    s = on_road()
    s.trip.position = 1
    leader = s.party()[0]
    settle(s)
    assert "skip" not in options(s)
    uid = next(u for u in s.ext.shelved["reaper"].adventure if card_id(u) == "riding_horse")
    s.ext.shelved["reaper"].adventure.remove(uid)
    leader.followers.append(uid)
    settle(s)
    assert "skip" in options(s)
    rig(s, dice=[2, 2, 2, 2, 2, 2])
    s = choose(s, "skip")
    assert s.trip.position == 3 and not s.trip.road[2].visited


def test_e5_barrier_slow_motion_misdirection():
    """E5: Barrier stops him passing its space; Slow Motion moves him on every other 1;
    Misdirection turns him round until the end of the road."""
    s = on_road()
    c = ctx(s)
    H.kill(c, s.party()[2], "test")
    fig = s.ext.figure("grim_reaper")
    s.ext.barriers = [0]
    assert not roads.step_toward(c, fig, 2, s.ext.barriers, 6) and fig.position == 0
    s.ext.barriers = []
    fig.slow = True
    assert not roads.step_toward(c, fig, 2, [], 6)
    assert roads.step_toward(c, fig, 2, [], 6) and fig.position == 1
    fig.slow, fig.reversed = False, True
    assert roads.step_toward(c, fig, 2, [], 6) and fig.position == 0
    assert roads.step_toward(c, fig, 2, [], 6) and fig.position == 1 and not fig.reversed


def test_e5_resurrection_at_death():
    """E5 Resurrection: cast at a death, the character is back with his starting figures."""
    s = on_road()
    c = ctx(s)
    caster, dying = s.party()[0], s.party()[1]
    caster.craft = 6
    decks.shuffle_in_spells(c, "reaper")
    give_spell(s, caster.uid, "resurrection")
    dying.life, dying.strength = 1, 1
    H.kill(c, dying, "test")
    sheet = H.sheet(c.pack, dying)
    assert dying.alive and dying.life == sheet.life and dying.strength == sheet.strength
    assert not any(card_id(u) == "resurrection" for u in caster.spells)


def test_e5_barrier_cast_from_the_road():
    """E5b: Barrier is cast on a Road Space between cards; the Reaper may not pass it."""
    s = on_road()
    c = ctx(s)
    caster = s.party()[0]
    caster.craft = 6
    decks.shuffle_in_spells(c, "reaper")
    uid = give_spell(s, caster.uid, "barrier")
    settle(s)
    from engine.darkest_talisman.actions import Cast
    from engine.darkest_talisman.game import SYSTEM

    s = SYSTEM.apply(s, "p1", Cast(hero=caster.uid, spell=uid, target="road:1")).state
    assert s.ext.barriers == [1] and broken(s) == []


def test_groundwork_knight_starts_with_sword_and_armour():
    """E4 reminder: starting equipment only when the character first joins (the Knight)."""
    p = pack_by_id("core+reaper")
    assert p.character("knight").start_objects == ["sword", "armour"] and p.character("merchant").gold == 5



def _meet_event(s, cid):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Put a Reaper Event on a Draw Spot of the party's space and meet it."""
    from engine.darkest_talisman.state import MeetSpot

    uid = next(u for u in s.ext.shelved["reaper"].adventure if card_id(u) == cid)
    s.ext.shelved["reaper"].adventure.remove(uid)
    spot = Spot(seq=s.new_seq(), card=uid)
    s.trip.spots.append(spot)
    s.tasks.append(MeetSpot(seq=spot.seq))
    s = settle(s)
    while s.decision is not None and s.decision.kind == "offer" and s.decision.data.get("source") == "redraw":
        s = choose(s, "decline")  # the Prophetess would send it back: not now
    return s


def test_e6_patrol_moves_the_party_back_one_space():
    """E6 Patrol: move back one Road Space and meet that space normally."""
    s = on_road()
    s.trip.road[1].visited = True
    s = _meet_event(s, "patrol")
    assert s.trip.position == 1 and broken(s) == []


def test_e6_e4a_whirlwind_blows_the_other_cards_toward_the_destination():
    """E6 Whirlwind with E4a: clockwise is toward the destination; the cards land there first."""
    s = on_road()
    other = s.decks.adventure.pop()
    s.trip.spots = [Spot(seq=s.new_seq(), card=other, revealed=True, met=True)]
    rig(s, dice=[6])
    s = _meet_event(s, "whirlwind")
    assert other in s.trip.road[-1].waiting and broken(s) == []


def test_groundwork_ai_campaigns_keep_every_card_and_undo_every_switch():
    """Groundwork invariants through whole stretches of AI play with the Reaper: no card lost or
    duplicated anywhere (shelved decks, Trove decks, waiting Spells, Quest cards included), the
    core deck live exactly when nothing holds another, the state round-trips as JSON."""
    import random

    from engine.darkest_talisman.ai import heuristic_player
    from engine.darkest_talisman.game import SYSTEM
    from engine.darkest_talisman.state import CampaignState

    came = 0
    for seed in (1, 3):
        s = reaper_solo(seed)
        for n in range(120):
            p = SYSTEM.pending(s)
            if p is None:
                break
            s = SYSTEM.apply(s, p.player, heuristic_player(s, p.player, random.Random(f"{seed}:{n}"))).state
            assert broken(s) == [], (seed, n)
        came += s.ext.reaper_comings
        assert CampaignState.model_validate_json(s.dump()).dump() == s.dump()
    assert came >= 1, "no death brought the Grim Reaper: the check saw no switch"


def test_e4_the_knight_takes_nothing_from_good_characters():
    """E4 Knight: even when a Spell allows it, he may not take what a good character owns."""
    from engine.darkest_talisman import spells

    s = reaper_solo(1)
    c = ctx(s)
    knight, other = s.party()[0], s.party()[1]
    knight.card, knight.craft = "knight", 6
    give_spell(s, knight.uid, "acquisition")
    other.gold = 3
    other.alignment = "good"
    assert not [a for a in spells._taking_casts(c, knight) if other.uid in (a.target or "")]
    other.alignment = "evil"
    assert [a for a in spells._taking_casts(c, knight) if other.uid in (a.target or "")]


def test_e6_golden_statue_dropped_on_a_lost_attack():
    """E6 Golden Statue: if you lose an attack against an Enemy, drop the Golden Statue."""
    from engine.darkest_talisman import combat
    from engine.darkest_talisman.state import Combat

    s = on_road()
    c = ctx(s)
    hero = s.party()[0]
    uid = next(u for u in s.ext.shelved["reaper"].adventure if card_id(u) == "golden_statue")
    s.ext.shelved["reaper"].adventure.remove(uid)
    hero.objects.append(uid)
    combat._lost(c, Combat(hero=hero.uid, enemy="brigand", attribute="strength", value=4, kind="monster"), hero)
    assert uid not in hero.objects and any(d.thing == uid for d in s.trip.dropped_here)
    assert broken(s) == []


def test_e6_fiend_slayer_draws_one_card_more():
    """E6 Fiend Slayer: on a new Road Space the party draws 1 more card than normal."""
    s = on_road()
    c = ctx(s)
    s.ext.figures = []
    rig(s, dice=[2])
    n_plain = travel._draw_for_space(c, 3)
    for sp in s.trip.spots:
        s.decks.adventure_discard.append(sp.card)
    s.trip.spots = []
    uid = next(u for u in s.ext.shelved["reaper"].adventure if card_id(u) == "fiend_slayer")
    s.ext.shelved["reaper"].adventure.remove(uid)
    s.party()[1].followers.append(uid)
    rig(s, dice=[2])
    assert travel._draw_for_space(c, 3) == n_plain + 1


def test_e6_hearth_rune_takes_the_party_home():
    """E6 Hearth Rune: teleport to your starting Village, then discard the Rune."""
    from engine.darkest_talisman.actions import Use
    from engine.darkest_talisman.game import SYSTEM

    s = on_road()
    hero = s.party()[0]
    uid = s.ext.troves["reaper"].pop(s.ext.troves["reaper"].index(
        next(u for u in s.ext.troves["reaper"] if card_id(u) == "hearth_rune")))
    hero.objects.append(uid)
    settle(s)
    s = SYSTEM.apply(s, "p1", Use(hero=hero.uid, thing=uid)).state
    assert s.mode == "village" and s.village == "village" and s.trip is None
    assert uid in s.ext.troves["reaper"] and broken(s) == []


def test_e2f_a_one_in_an_open_ended_combat_roll_moves_him_too():
    """E2e-f: a 1 in any roll (here an open-ended combat roll, which a Fate token may then
    change) moves the Grim Reaper."""
    s = on_road()
    c = ctx(s)
    H.kill(c, s.party()[2], "test")
    rig(s, dice=[1])
    c.open_roll("combat", s.order[0])
    assert s.ext.figure("grim_reaper").position == 1


def test_groundwork_view_hides_the_expansions_face_down_decks_and_shows_the_reaper():
    """A seat sees the shelved decks, Trove decks, waiting Spells and the Quest deck only by
    their sizes; the road shows where the Grim Reaper stands (E2a) and which deck is drawn (E2c)."""
    from engine.darkest_talisman.view import view
    from systems.darkest_talisman.embeds import road_embed

    s = on_road()
    c = ctx(s)
    H.kill(c, s.party()[2], "test")
    shown = view(s, "p1")
    ext = shown.data["ext"]
    assert ext["quests"] == 12 and isinstance(ext["troves"]["reaper"], int)
    assert ext["shelved"]["core"]["adventure"] == len(s.ext.shelved["core"].adventure)
    assert "#" not in str(ext)
    embed = road_embed(shown, "en")
    text = "\n".join(f.value for f in embed.fields)
    assert "The Grim Reaper stands on Road Space 1, 2 spaces from the party." in text
    assert "Cards are drawn from the Reaper Adventure deck." in text
    it = "\n".join(f.value for f in road_embed(view(s, "p1"), "it").fields)
    assert "Il Tristo Mietitore è sullo Spazio della Strada 1, a 2 spazi dal gruppo." in it


def test_e3k_carried_off_the_graveyard_road_the_core_deck_comes_back():
    """E3d, E3k: the Reaper deck serves the Graveyard's road; teleported to another road, the
    party has left that trove and the core deck comes back."""
    s = reaper_solo(1)
    c = ctx(s)
    travel.depart(c, "depart:graveyard")
    assert s.ext.live == "reaper"
    s.tasks = []
    travel.teleport(c, "dest:tavern")
    assert s.ext.live == "core" and s.ext.reasons == [] and broken(s) == []


def test_e2h_every_reason_the_reaper_leaves_has_words_in_both_languages():
    """E2h: the leave the narration reports names a reason each locale can say."""
    import re
    from pathlib import Path

    from gm.i18n import catalogue
    from systems.darkest_talisman.names import WHY_PREFIX

    source = (Path(__file__).resolve().parents[2] / "engine/darkest_talisman/expansions/reaper.py").read_text()
    reasons = set(re.findall(r'_leave\(ctx, "([a-z_]+)"\)', source))
    assert reasons
    for locale in ("en", "it"):
        for why in reasons:
            assert catalogue(locale).get(f"{WHY_PREFIX}{why}"), (locale, why)
