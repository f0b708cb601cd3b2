"""The Sacred Pool (DT section H): each test names the rule it checks.

The pack (data/talisman/expansions/sacred_pool/) with every card section H names and H5's changes;
its registration as "Sacred Pool"; the Trove deck (H1); the Stables sold in the village (H2); the
Quest Rewards instead of a Talisman (H3); the road beyond the Chapel to the Sacred Pool, its own
deck and the switch back (H4); the Riding Horse, the Oathsword Guide, the Spiteful Imp and the
kept Quest Rewards (H5).
"""
from __future__ import annotations

import random

import pytest

from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.system import Seat
from engine.darkest_talisman import cards, travel
from engine.darkest_talisman import heroes as H
from engine.darkest_talisman.actions import Buy
from engine.darkest_talisman.content import pack_by_id
from engine.darkest_talisman.ctx import EV
from engine.darkest_talisman.expansions import sacred_pool
from engine.darkest_talisman.expansions.content import expansion_by_id, reward_name, ware_price
from engine.darkest_talisman.expansions.registry import complete, parse_list
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import Quest, Spot, TeleportTask, card_id
from gm.i18n import t
from tests.talisman.expansion_helpers import broken, ctx
from tests.talisman.helpers import act, choose, options, rig, settle

POOL = "core+sacred_pool"

#: the cards DT H5 names, by where H puts them
H5_ADVENTURES = {
    "defender_of_faith": "follower", "fortunes_fool": "event", "gilded_compass": "object", "kraven": "follower",
    "oathsword_guide": "follower", "oathsworn_oracle": "follower", "rumour_of_riches": "event", "spiteful_imp": "event",
}
H5_MAGIC = {"baleful_eye", "shield_of_defiance"}
H5_REWARDS = {"chant_of_wisdom", "dream_prize", "good_luck_knot", "lightning_trap", "the_magic_door", "might_of_giants"}


def pool_solo(seed: int = 1, pack: str = POOL):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return SYSTEM.new_game([Seat(player="p1", name="Ada")], {"pack": pack}, seed).state


def at_chapel(seed: int = 1, pack: str = POOL):  # type: ignore[no-untyped-def]
    """The party at the Chapel, its Aid destination, with nothing left to meet."""
    s = pool_solo(seed, pack=pack)
    c = ctx(s)
    travel.depart(c, "depart:chapel")
    s.decision, s.tasks = None, []
    for sp in s.trip.spots:
        if sp.card:
            cards.discard(c, sp.card)
    s.trip.spots = []
    s.trip.position = len(s.trip.road) - 1
    s.trip.road[-1].visited = True
    s.trip.location_met = True
    return settle(s)


def on_road(seed: int = 1, position: int = 0, heading: str = "out"):  # type: ignore[no-untyped-def]
    """The party on the Inner road to the City, at `position`, nothing left to meet."""
    s = pool_solo(seed)
    c = ctx(s)
    travel.depart(c, "depart:city")
    s.decision, s.tasks = None, []
    for sp in s.trip.spots:
        if sp.card:
            cards.discard(c, sp.card)
    s.trip.spots, s.trip.position, s.trip.heading, s.trip.location_met = [], position, heading, True
    for k in range(position + 1):
        s.trip.road[k].visited = True
    return settle(s)


def take_stables(s, cid: str, hero) -> str:  # type: ignore[no-untyped-def]
    uid = next(u for u in s.ext.stables if card_id(u) == cid)
    s.ext.stables.remove(uid)
    hero.followers.append(uid)
    return uid


def take_card(s, cid: str, hero) -> str:  # type: ignore[no-untyped-def]
    shelf = s.ext.shelved["sacred_pool"].adventure
    uid = next(u for u in shelf if card_id(u) == cid)
    shelf.remove(uid)
    hero.followers.append(uid)
    return uid


# ----------------------------------------------------------------------------- the pack
def test_h5_every_named_card_is_in_the_pack():
    """H5: every Adventure card, Magic Item, Spell, Quest Reward, Stables card and character it
    changes is in the pack, of the type H gives."""
    exp = expansion_by_id("sacred_pool")
    adv = {c.id: c for c in exp.adventures}
    for cid, kind in H5_ADVENTURES.items():
        assert adv[cid].type == kind, cid
    assert {c.id for c in exp.trove} >= H5_MAGIC
    assert {s.id for s in exp.spells} >= {"feeble_mind", "stasis"}
    assert {r.id for r in exp.rewards} == H5_REWARDS
    assert {c.id for c in exp.characters} == {"chivalric_knight"}
    horse = next(w for w in exp.stables if w.card.name == "Riding Horse")
    assert horse.card.type == "follower" and horse.card.mount
    for entry in [*exp.characters, *exp.adventures, *exp.trove, *exp.spells, *exp.rewards, *[w.card for w in exp.stables]]:
        assert entry.source in ("rulebook", "research", "project")
        if entry.source == "research":
            assert entry.refs, entry.id
        assert entry.texts.get("it"), f"{entry.id}: no Italian text"


def test_h1_magic_items_form_the_trove_deck():
    """H1: the Magic Items come out of the Sacred Pool Adventure deck and form its Trove deck;
    three can be drawn twice (H4f)."""
    exp = expansion_by_id("sacred_pool")
    assert all(c.type == "magic_object" for c in exp.trove)
    assert not H5_MAGIC & exp.adventure_ids()
    assert sum(c.count for c in exp.trove) >= 6


def test_h_registration_names_and_completion():
    """The expansion is registered as "Sacred Pool" ("SacredPool", "the sacred pool" too)."""
    for typed in ("Sacred Pool", "SacredPool", "the sacred pool", "sacred_pool"):
        assert parse_list(typed) == (["sacred_pool"], []), typed
    assert parse_list("Reaper Sacred Pool, Dragon") == (["reaper", "sacred_pool"], ["Dragon"])
    assert complete("Reaper Sa") == ["Reaper Sacred Pool"]


def test_h1_h2_h3a_h4d_setup_sets_the_decks_aside():
    """H4d: the Sacred Pool deck waits aside; H1: its Trove deck; H4e: its Spells wait; H2: the
    Stables cards are kept apart from every deck; H3a: the Quest Rewards are put out."""
    s = pool_solo()
    exp = expansion_by_id("sacred_pool")
    assert s.ext is not None and s.ext.live == "core"
    assert not any(card_id(u) in exp.adventure_ids() | exp.stables_ids() for u in s.decks.adventure)
    assert {card_id(u) for u in s.ext.shelved["sacred_pool"].adventure} == exp.adventure_ids()
    assert {card_id(u) for u in s.ext.troves["sacred_pool"]} == {c.id for c in exp.trove}
    assert len(s.ext.stables) == sum(w.card.count for w in exp.stables) == 12
    assert {card_id(u) for u in s.ext.rewards} == H5_REWARDS
    assert broken(s) == []


def test_with_the_reaper_and_blood_moon_the_packs_merge():
    """The Sacred Pool with the Reaper and the Blood Moon: ids stay unique, every card counted."""
    s = pool_solo(2, pack="core+reaper+blood_moon+sacred_pool")
    assert s.ext.ids == ["reaper", "blood_moon", "sacred_pool"] and broken(s) == []


# ----------------------------------------------------------------------------- H2: the Stables
def test_h2_the_stables_sell_a_mount_at_its_price():
    """H2 (ruling stables): in the village a character with Gold enough and no mount is offered
    each Stables card at its price; bought, it follows him and the Stables have one fewer."""
    s = pool_solo(3)
    hero = s.party()[0]
    hero.gold = 3
    settle(s)
    offered = {a.card for a in SYSTEM.legal_actions(s, "p1") if isinstance(a, Buy)}
    assert offered >= {"stables_riding_horse", "horse_and_cart"} and "stables_warhorse" not in offered  # 4 Gold
    assert ware_price(pack_by_id(POOL), "stables_riding_horse") == 3
    s = act(s, Buy(hero=hero.uid, card="horse_and_cart"), "p1")
    hero = s.hero(hero.uid)
    assert hero.gold == 0 and any(card_id(f) == "horse_and_cart" for f in hero.followers)
    assert s.ext.stables_bought == 1 and len(s.ext.stables) == 11 and broken(s) == []


def test_h2_nothing_offered_that_cannot_be_used_and_bad_buys_change_nothing():
    """C2c-a: one mount a character; no Gold, no sale. A refused buy changes nothing."""
    s = pool_solo(4)
    hero = s.party()[0]
    hero.gold = 10
    take_stables(s, "stables_warhorse", hero)
    settle(s)
    assert not any(isinstance(a, Buy) and a.card.startswith(("stables", "horse")) for a in SYSTEM.legal_actions(s, "p1"))
    before = s.dump()
    with pytest.raises(RuleError):
        SYSTEM.apply(s, "p1", Buy(hero=hero.uid, card="stables_riding_horse"))
    assert s.dump() == before


def test_h2_a_lost_stables_card_goes_back_to_the_stables():
    """H2: a Stables card discarded (its owner lost it) goes back to the Stables, not a deck."""
    s = pool_solo(5)
    hero = s.party()[0]
    uid = take_stables(s, "stables_riding_horse", hero)
    H.give_up(ctx(s), hero, uid)
    cards.discard(ctx(s), uid)
    assert uid in s.ext.stables and uid not in s.decks.adventure_discard and broken(s) == []


# ----------------------------------------------------------------------------- H3: Quest Rewards
def quest_done(seed: int, top: str):  # type: ignore[no-untyped-def]
    """A character who just completed a quest on the road, `top` on top of the Reward deck."""
    s = on_road(seed)
    hero = s.party()[0]
    s.ext.rewards.remove(next(u for u in s.ext.rewards if card_id(u) == top))
    s.ext.rewards.append(f"{top}#1")
    hero.quest = Quest(kind="deliver_gold", amount=0)
    s.decision = None
    H.complete_quest(ctx(s), hero)
    return settle(s), hero.uid


def test_h3b_a_quest_done_offers_a_talisman_or_a_quest_reward():
    """H3b: the quest's character chooses: the Talisman as before, or a Quest Reward instead."""
    s, uid = quest_done(6, "chant_of_wisdom")
    assert s.decision.kind == "quest_reward" and s.decision.hero == uid
    assert s.decision.options == ["talisman", "reward"]
    talismans = len(H.talismans(s.hero(uid)))
    s2 = choose(s.model_copy(deep=True), "talisman")
    assert len(H.talismans(s2.hero(uid))) == talismans + 1 and s2.ext.talismans_chosen == 1
    craft = s.hero(uid).craft
    s = choose(s, "reward")
    hero = s.hero(uid)
    assert hero.craft == craft + 1 and len(H.talismans(hero)) == talismans  # H5 Chant of Wisdom
    assert "chant_of_wisdom#1" in s.ext.rewards_gone and s.ext.rewards_won == 1 and broken(s) == []


@pytest.mark.parametrize("reward, attribute", [("good_luck_knot", "fate"), ("might_of_giants", "strength")])
def test_h5_rewards_that_give_a_point_and_leave_the_game(reward, attribute):
    """H5 Good Luck Knot (1 Fate), Might of Giants (1 Strength): gained, the card leaves the game."""
    s, uid = quest_done(7, reward)
    before = getattr(s.hero(uid), attribute)
    s = choose(s, "reward")
    assert getattr(s.hero(uid), attribute) == before + 1 and f"{reward}#1" in s.ext.rewards_gone


def test_h5_the_magic_door_carries_the_party_instead_of_the_warlock():
    """H5 The Magic Door: discarded at once; the party may be carried anywhere in the Inner or Outer
    Region instead of back to the Warlock's Cave (ruling quest_rewards)."""
    s, uid = quest_done(8, "the_magic_door")
    assert any(isinstance(tk, TeleportTask) and tk.target == "warlocks_cave" for tk in s.tasks)
    s = choose(s, "reward")
    assert s.decision.kind == "magic_door" and "dest:temple" in s.decision.options and "dest:chapel" in s.decision.options
    s = choose(s, "dest:temple")
    assert s.trip.destination == "temple" and "the_magic_door#1" in s.ext.rewards_gone and broken(s) == []


def test_h5_dream_prize_waits_for_a_trove_victory_then_picks_a_magic_object():
    """H5 Dream Prize: kept; after a Guardian Combat won at a Trove Destination its holder picks one
    Magic Object of that place's Trove deck (here the core's), and the card leaves the game."""
    s, uid = quest_done(9, "dream_prize")
    s = choose(s, "reward")
    assert s.ext.rewards_held[uid] == ["dream_prize#1"]
    trip = s.trip
    trip.destination, trip.goal = "crags", "trove"
    sacred_pool.trove_won(ctx(s))
    settle(s)
    assert s.decision.kind == "dream_prize" and s.decision.options[-1] == "keep"
    pick = s.decision.options[0]
    cid = pick.split(":", 1)[1]
    in_deck = sum(1 for u in s.decks.trove if card_id(u) == cid)
    s = choose(s, pick)
    hero = s.hero(uid)
    assert any(card_id(u) == cid for u in hero.objects)
    assert sum(1 for u in s.decks.trove if card_id(u) == cid) == in_deck - 1
    assert uid not in s.ext.rewards_held and "dream_prize#1" in s.ext.rewards_gone and broken(s) == []


def test_h5_lightning_trap_gives_three_more_turns_on_a_space():
    """H5 Lightning Trap: three counters; each spent, the party meets what is left on this Road
    Space again; discarded after the third."""
    s = on_road(10, position=1)
    hero = s.party()[0]
    s.ext.rewards.remove("lightning_trap#1")
    s.ext.rewards.append("lightning_trap#1")
    sacred_pool._draw_reward(ctx(s), hero)
    s = settle(s)
    assert s.ext.reward_counters["lightning_trap#1"] == 3
    assert s.decision.kind == "stand" and "lightning" not in options(s)  # nothing left here to meet again
    enemy = next(u for u in s.decks.adventure + s.decks.adventure_discard if card_id(u) == "wolf")
    (s.decks.adventure if enemy in s.decks.adventure else s.decks.adventure_discard).remove(enemy)
    s.trip.spots = [Spot(seq=s.new_seq(), card=enemy, revealed=True, met=True)]
    settle(s)
    assert "lightning" in options(s)
    for left in (2, 1, 0):
        s = choose(s, "lightning")
        assert s.decision.kind == "enemy" and s.decision.data["enemy"] == "wolf"  # met again
        s.decision, s.tasks = None, []
        for sp in s.trip.spots:
            sp.met = True
        settle(s)
        if left:
            assert s.ext.reward_counters["lightning_trap#1"] == left and "lightning" in options(s)
    assert "lightning" not in options(s)
    assert "lightning_trap#1" in s.ext.rewards_gone and hero.uid not in s.ext.rewards_held
    assert broken(s) == []


def test_h3_rewards_go_with_a_dead_character():
    """Facts H.2: a killed character's kept Quest Rewards are discarded, out of the game."""
    s, uid = quest_done(11, "dream_prize")
    s = choose(s, "reward")
    H.kill(ctx(s), s.hero(uid), "test")
    assert uid not in s.ext.rewards_held and "dream_prize#1" in s.ext.rewards_gone and broken(s) == []


# ----------------------------------------------------------------------------- H4: the Sacred Pool
def test_h4b_c_d_e_f_at_the_chapel_the_party_may_go_on_to_the_sacred_pool():
    """H4b-c: at the Chapel the party may go on: the road's cards are discarded and it stands on
    the first Road Space (Fields) of the road beyond; H4d: the Sacred Pool deck is drawn from;
    H4e: its Spells are shuffled in; H4f: three of its Magic Objects and a d6 of Gold."""
    s = at_chapel(12)
    assert s.decision.kind == "destination" and sacred_pool.ONWARD in s.decision.options
    rig(s, dice=[2, 3, 3, 3, 3, 3, 3])
    s = choose(s, sacred_pool.ONWARD)
    trip = s.trip
    assert trip.destination == "sacred_pool" and trip.goal == "trove" and trip.region == "beyond_chapel"
    assert trip.road[0].location == "fields" and trip.position == 0
    assert s.ext.live == "sacred_pool" and s.ext.reasons == [sacred_pool.POOL_REASON] and s.ext.pool_trips == 1
    magic = {m.id for m in expansion_by_id("sacred_pool").trove}
    assert len(trip.trove.items) == 3 and all(card_id(u) in magic for u in trip.trove.items)
    assert {"feeble_mind", "stasis"} <= {card_id(u) for u in s.decks.spells}
    dealt = [sp.card for sp in trip.spots if sp.card]
    assert dealt and all(card_id(u) in expansion_by_id("sacred_pool").adventure_ids() for u in dealt)
    assert broken(s) == []


def test_h4a_no_going_on_from_anywhere_else():
    """H4a-b: only the Chapel (as the destination) leads on to the Sacred Pool."""
    s = on_road(13)
    travel.depart(ctx(s), "depart:city") if s.trip is None else None
    s.trip.position = len(s.trip.road) - 1
    s.trip.road[-1].visited = True
    settle(s)
    assert sacred_pool.ONWARD not in options(s)


def at_the_pool(seed: int):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """On past the Chapel (H4c) and straight onto the Sacred Pool's space, its road's cards gone."""
    s = at_chapel(seed)
    s = choose(s, sacred_pool.ONWARD)
    s.tasks, s.decision = [], None
    for sp in s.trip.spots:
        if sp.card:
            cards.discard(ctx(s), sp.card)
    s.trip.spots = []
    s.trip.position, s.trip.location_met = len(s.trip.road) - 1, True
    s.trip.road[-1].visited = True
    return s


def test_h4h_i_j_the_pool_guarded_as_any_trove_and_the_core_deck_back_home():
    """H4h: the Pool's guardians as C8d (drawn from the live Sacred Pool deck); H4i: won, the trove
    is shared; H4j: back past the Chapel (home: ruling sacred_pool_road) the core deck returns."""
    s = at_the_pool(14)
    settle(s)
    assert s.decision.kind == "guardians"
    sacred_pool.trove_won(ctx(s))
    assert s.ext.pools_won == 1 and s.ext.live == "sacred_pool"  # still on its road
    travel.arrive_village(ctx(s), "village", crossed=False)
    assert s.ext.live == "core" and s.ext.reasons == [] and not s.ext.pool_trip
    assert {"feeble_mind"} <= {card_id(u) for u in s.decks.spells + s.decks.spell_discard}  # the Spells stay
    assert broken(s) == []


def test_h4j_carried_off_the_pools_road_the_core_deck_comes_back():
    """H4j: a teleport off the road beyond the Chapel leaves the Pool: the core deck returns."""
    s = at_chapel(15)
    s = choose(s, sacred_pool.ONWARD)
    s.tasks, s.decision = [], None
    travel.teleport(ctx(s), "dest:city")
    assert s.trip.destination == "city" and s.ext.live == "core" and s.ext.reasons == [] and broken(s) == []


# ----------------------------------------------------------------------------- H5: on the road
def test_h5_riding_horse_rides_past_every_even_road_space_never_the_destination():
    """H5 Riding Horse (Stables): its master leading, the party may ride past the 2nd and the 4th
    Road Space, both ways; never past the destination; not when he does not lead."""
    s = on_road(16, position=0)
    assert sacred_pool.GALLOP not in options(s)
    leader = s.party()[0]
    take_stables(s, "stables_riding_horse", leader)
    settle(s)
    assert sacred_pool.GALLOP in options(s)
    rig(s, dice=[2] * 6)
    s = choose(s, sacred_pool.GALLOP)
    assert s.trip.position == 2 and not s.trip.road[1].visited and s.ext.gallops == 1
    s.tasks, s.trip.spots = [], []
    s.trip.location_met = True
    s = on_road(17, position=4)
    take_stables(s, "stables_riding_horse", s.party()[0])
    assert sacred_pool.GALLOP not in options(settle(s))  # the next is the destination
    s = on_road(18, position=2, heading="home")
    take_stables(s, "stables_riding_horse", s.party()[0])
    settle(s)
    assert sacred_pool.GALLOP in options(s)
    s = choose(s, sacred_pool.GALLOP)
    assert s.trip.position == 0


def test_h5_oathsword_guide_bypasses_one_space_each_way():
    """H5 Oathsword Guide: one Road Space bypassed on the way out and one on the way back."""
    s = on_road(19, position=0)
    take_card(s, "oathsword_guide", s.party()[0])
    settle(s)
    assert sacred_pool.BYPASS in options(s)
    rig(s, dice=[2] * 6)
    s = choose(s, sacred_pool.BYPASS)
    assert s.trip.position == 2 and s.ext.bypassed == ["out"]
    s.tasks, s.trip.spots, s.trip.location_met = [], [], True
    assert sacred_pool.BYPASS not in options(settle(s))  # used on the way out
    s.trip.heading = "home"
    assert sacred_pool.BYPASS in options(settle(s))


def test_h5_spiteful_imp_brings_the_strongest_face_up_enemy():
    """H5 Spiteful Imp: the face-up Enemy with the highest Strength or Craft on the road is brought
    to the party's space and met at once."""
    s = on_road(20, position=2)
    c = ctx(s)
    pool = s.decks.adventure + s.decks.adventure_discard
    weak = next(u for u in pool if card_id(u) == "wolf")
    strong = next(u for u in pool if card_id(u) == "ogre")
    for u in (weak, strong):
        (s.decks.adventure if u in s.decks.adventure else s.decks.adventure_discard).remove(u)
    s.trip.road[0].spots = [Spot(seq=s.new_seq(), card=weak, revealed=True)]
    s.trip.road[1].spots = [Spot(seq=s.new_seq(), card=strong, revealed=True)]
    s.tasks = []
    sacred_pool.event(c, "spiteful_imp", -5)
    assert any(sp.card == strong and not sp.met for sp in s.trip.spots) and s.trip.road[1].spots == []
    assert s.trip.road[0].spots and s.tasks and s.tasks[-1].task == "spot"
    assert broken(s) == []


# ----------------------------------------------------------------------------- words and play
def test_h_every_new_decision_and_answer_has_words_in_both_languages():
    """Every decision, answer and event the Sacred Pool adds is said in English and Italian."""
    keys = ["talisman.decision.quest_reward", "talisman.decision.magic_door", "talisman.decision.dream_prize",
            "talisman.option.destination.dest", "talisman.option.quest_reward.talisman", "talisman.option.quest_reward.reward",
            "talisman.option.magic_door.stay", "talisman.option.magic_door.dest", "talisman.option.dream_prize.take",
            "talisman.option.dream_prize.keep", "talisman.option.stand.gallop", "talisman.option.stand.bypass",
            "talisman.option.stand.lightning", "talisman.deck.sacred_pool", "talisman.how.gallop", "talisman.how.bypass",
            "talisman.why.quest_reward", "talisman.why.dream_prize", "talisman.embed.stables", "talisman.embed.stables_ware"]
    keys += [f"talisman.ev.{k}" for k in ("sacred_pool_road", "quest_reward", "magic_door", "dream_prize", "lightning_trap",
                                            "space_passed", "spiteful_imp", "spiteful_imp_none")]
    for locale in ("en", "it"):
        for key in keys:
            assert t(locale, key) != key, (locale, key)
    p = pack_by_id(POOL)
    assert reward_name(p, "the_magic_door", "it") == "La Porta Magica"
    assert p.name_of("sacred_pool", "it") == "Sacra Fonte"


def test_h_ai_campaigns_keep_every_card_and_undo_every_switch():
    """Whole stretches of AI play with the Sacred Pool: no card lost or duplicated (the Stables and
    the Quest Rewards included), the core deck live exactly when nothing holds another, the state
    round-trips as JSON."""
    from engine.darkest_talisman.ai import heuristic_player
    from engine.darkest_talisman.state import CampaignState

    trips = bought = 0
    for seed in (0, 2):
        s = pool_solo(seed)
        for n in range(250):
            p = SYSTEM.pending(s)
            if p is None:
                break
            s = SYSTEM.apply(s, p.player, heuristic_player(s, p.player, random.Random(f"{seed}:{n}"))).state
            assert broken(s) == [], (seed, n)
        trips += s.ext.pool_trips
        bought += s.ext.stables_bought
        assert CampaignState.model_validate_json(s.dump()).dump() == s.dump()
    assert trips >= 1 and bought >= 1, (trips, bought)


@pytest.mark.parametrize("locale", ("en", "it"))
def test_h2_h3_h4_the_bot_says_each_choice_its_price_and_its_words(locale):
    """What the bot shows: each Stables offer with its price (H2) and the Stables field with each
    mount's price and use; the Quest Reward choice (H3b), the Magic Door's places (H5), the Chapel's
    way on (H4c): every sentence and label filled, none left as a key."""
    from systems.darkest_talisman.describe import decision_text, describe_action, describe_event, option_label
    from systems.darkest_talisman.embeds import village_embed

    def said(text: str) -> None:
        assert text and "{" not in text and "talisman." not in text, text

    s = pool_solo(21)
    hero = s.party()[0]
    hero.gold = 5
    settle(s)
    shown = SYSTEM.view(s, "p1")
    buy = next(a for a in SYSTEM.legal_actions(s, "p1") if isinstance(a, Buy) and a.card == "stables_warhorse")
    label = describe_action(shown, "p1", buy, locale)
    said(label)
    assert "4" in label and pack_by_id(POOL).name_of("stables_warhorse", locale) in label
    stables = next(f for f in village_embed(shown, locale).fields if f.name == t(locale, "talisman.embed.stables"))
    horse = expansion_by_id("sacred_pool").stables[0].card
    assert (horse.texts["it"] if locale == "it" else horse.text)[:30] in stables.value and "3" in stables.value
    s2, _ = quest_done(22, "the_magic_door")
    view = SYSTEM.view(s2, "p1")
    said(decision_text(view, locale))
    for option in s2.decision.options:
        said(option_label(view, option, locale))
    s2 = choose(s2, "reward")
    view = SYSTEM.view(s2, "p1")
    said(decision_text(view, locale))
    assert option_label(view, "dest:temple", locale) != option_label(view, "dest:chapel", locale)
    s3 = at_chapel(23)
    view = SYSTEM.view(s3, "p1")
    said(option_label(view, sacred_pool.ONWARD, locale))
    assert pack_by_id(POOL).name_of("sacred_pool", locale) in option_label(view, sacred_pool.ONWARD, locale)
    s3 = choose(s3, sacred_pool.ONWARD)
    view = SYSTEM.view(s3, "p1")
    uid = s3.party()[0].uid
    for kind, data in (("quest_reward", {"hero": uid, "reward": "dream_prize"}), ("sacred_pool_road", {}),
                       ("space_passed", {"space": 1, "how": "gallop"}), ("lightning_trap", {"hero": uid, "left": 2}),
                       ("magic_door", {"hero": uid, "target": "dest:temple"}), ("spiteful_imp", {"card": "ogre", "space": 1})):
        line = describe_event(view, Event(kind=EV + kind, data=data), locale)
        said(line or "")
    s4, holder = quest_done(24, "lightning_trap")
    s4 = choose(s4, "reward")
    from systems.darkest_talisman.embeds import party_embed
    sheet = next(f.value for f in party_embed(SYSTEM.view(s4, "p1"), locale).fields
                 if reward_name(pack_by_id(POOL), "lightning_trap", locale) in f.value)
    assert "(3)" in sheet  # H5: the Lightning Trap's three counters, face up
    assert reward_name(pack_by_id(POOL), "dream_prize", locale) in describe_event(
        view, Event(kind=EV + "quest_reward", data={"hero": uid, "reward": "dream_prize"}), locale)


def test_h4a_with_the_frostmarch_the_pools_road_home_stays_its_own():
    """H4a/G3a: the Frostmarch and the Sacred Pool share the Region beyond the Chapel; walking home
    off the Pool's road the Frostmarch's way back (G3j, to the Chapel's Inner road) does not take
    over: the party comes home as on the Pool's own road (ruling sacred_pool_road)."""
    s = at_chapel(25, pack="core+frostmarch+sacred_pool")
    assert sacred_pool.ONWARD in s.decision.options
    s = choose(s, sacred_pool.ONWARD)
    assert s.trip.destination == "sacred_pool" and s.trip.region == "beyond_chapel"
    s.tasks, s.decision = [], None
    for sp in s.trip.spots:
        if sp.card:
            cards.discard(ctx(s), sp.card)
    s.trip.spots, s.trip.heading, s.trip.position = [], "home", 0
    travel._move(ctx(s), -1)
    assert s.ext.frost_returns == 0 and (s.trip is None or s.trip.destination != "chapel")
    assert s.ext.live == "core" and not s.ext.pool_trip and broken(s) == []


# ----------------------------------------------------------------------------- H5: the cards built since
def lay(s, cid: str, **spot):  # type: ignore[no-untyped-def]
    """A card of the live deck (or its discards, or the Sacred Pool's shelf) laid on the party's space."""
    pools = (s.decks.adventure, s.decks.adventure_discard, s.ext.shelved["sacred_pool"].adventure)
    pool = next(p for p in pools if any(card_id(u) == cid for u in p))
    uid = next(u for u in pool if card_id(u) == cid)
    pool.remove(uid)
    s.trip.spots.append(Spot(seq=s.new_seq(), card=uid, **spot))
    return uid


def met(s):  # type: ignore[no-untyped-def]
    """Settled, a seer's offer to send the card back (the Orb, the Prophetess) declined."""
    s = settle(s)
    while s.decision is not None and s.decision.kind == "offer":
        s = choose(s, "decline")
    return s


def test_h5_fortunes_fool_no_fate_reroll_for_the_rest_of_the_road_space():
    """H5 Fortune's Fool ("for the rest of the Draw Spots on this Road Space", ruling
    sacred_pool_cards): met on the road, no Fate reroll is offered on that space; the next space
    is free of it."""
    from engine.darkest_talisman.expansions import hooks
    from engine.darkest_talisman.state import Decision

    s = on_road(30, position=1)
    s.trip.location_met = True
    lay(s, "fortunes_fool")
    s = met(s)
    assert s.ext.fool_space == 1 and s.ext.fools_met == 1
    c = ctx(s)
    s.decision = Decision(kind="fate", hero=s.party()[0].uid, options=["reroll", "accept"], data={})
    hooks.decision_options(c)
    assert s.decision.options == ["accept"] and s.decision.data["fortunes_fool"]
    s.decision = None
    travel.arrive(c, 2)
    s.decision = Decision(kind="fate", hero=s.party()[0].uid, options=["reroll", "accept"], data={})
    hooks.decision_options(c)
    assert s.decision.options == ["reroll", "accept"] and s.ext.fool_space is None


def test_h5_rumour_of_riches_pays_the_next_one_rolled_for_any_reason():
    """H5 Rumour of Riches ("rolls a 1 for any reason"; ruling sacred_pool_cards): the rumour
    waits along the road; the next character to roll a 1, whatever the roll, finds 3 Gold; a
    roll without a 1 pays nothing; home, an unfound rumour is gone."""
    s = on_road(31, position=1)
    s.trip.location_met = True
    lay(s, "rumour_of_riches")
    s = met(s)
    assert s.ext.rumours == 1
    hero = s.party()[0]
    gold = hero.gold
    c = ctx(s)
    rig(s, dice=[4, 1, 5])
    c.dice(1, "armour", hero.uid)
    assert hero.gold == gold and s.ext.rumours == 1
    c.dice(2, "armour", hero.uid)
    assert hero.gold == gold + sacred_pool.RUMOUR_GOLD and s.ext.rumours == 0 and s.ext.rumours_paid == 1
    assert any(e.kind == EV + "rumour_found" for e in c.events)
    sacred_pool._rumour(c)
    travel.arrive_village(c, "village", crossed=False)
    assert s.ext.rumours == 0 and broken(s) == []


def compass_road(seed: int):  # type: ignore[no-untyped-def]
    """On the Inner road's first space, the leader carrying the Gilded Compass; the next space's
    cards about to be dealt on threes."""
    s = on_road(seed, position=0)
    hero = s.party()[0]
    shelf = s.ext.shelved["sacred_pool"].adventure
    uid = next(u for u in shelf if card_id(u) == "gilded_compass")
    shelf.remove(uid)
    hero.objects.append(uid)
    s = settle(s)
    rig(s, dice=[3] * 4 + [2] * 4)
    return s


def test_h5_gilded_compass_rerolls_a_spaces_card_count_once_a_road():
    """H5 Gilded Compass: a Road Space's cards just dealt, its bearer may roll the dice again:
    the unseen cards go back on top of the deck and as many as the new roll says are dealt; the
    prompt carries the dice, their total and the cards; once along the road."""
    s = compass_road(32)
    s = choose(s, "continue")
    assert s.decision.kind == "gilded_compass" and s.decision.options == ["reroll", "keep"]
    data = s.decision.data
    assert data["total"] == 3 * data["dice"] and data["cards"] == sum(1 for sp in s.trip.spots if not sp.revealed)
    before = [sp.card for sp in s.trip.spots if not sp.revealed]
    c, d = ctx(s), s.decision
    s.decision = None
    rig(s, dice=[2] * 8)
    assert sacred_pool.answer(c, d, "reroll")
    after = [sp.card for sp in s.trip.spots if not sp.revealed]
    assert len(after) == data["cards"] - data["dice"]  # every die a 2 instead of a 3
    assert after == before[:len(after)] and s.decks.adventure[-1] == before[len(after)]  # back on the deck, on top
    assert s.ext.compass_used and s.ext.compass_rerolls == 1 and broken(s) == []
    s = settle(s)
    assert s.decision.kind != "gilded_compass"
    s.decision, s.tasks = None, []
    for sp in s.trip.spots:
        if sp.card:
            cards.discard(ctx(s), sp.card)
    s.trip.spots, s.trip.location_met = [], True
    s = choose(settle(s), "continue")
    assert s.decision.kind != "gilded_compass"  # once along a road


def test_h5_gilded_compass_kept_cards_stay_and_the_ai_rerolls_only_a_high_count():
    """H5 Gilded Compass: kept, the cards dealt stay to be met; the AI rolls again only a count
    above the dice's average (fewer cards to face)."""
    s = compass_road(33)
    s = choose(s, "continue")
    dealt = [sp.card for sp in s.trip.spots if not sp.revealed]
    d = s.decision
    assert sacred_pool.ai_pick(ctx(s), d, 0.5) == "keep"  # 3 a die: not above 3.5
    d.data["total"] = 5 * int(d.data["dice"])
    assert sacred_pool.ai_pick(ctx(s), d, 0.5) == "reroll"
    s = choose(s, "keep")
    assert [sp.card for sp in s.trip.spots if sp.card in dealt] == dealt and not s.ext.compass_used


def eye_fight(seed: int, foes: list[tuple[str, str, int]]):  # type: ignore[no-untyped-def]
    """The party at the Sacred Pool, its leader holding the Baleful Eye, these guardians waiting."""
    from engine.darkest_talisman.state import Guardian, GuardianFight

    s = at_the_pool(seed)
    eye = next(u for u in s.trip.trove.items + s.ext.troves["sacred_pool"] if card_id(u) == "baleful_eye")
    (s.trip.trove.items if eye in s.trip.trove.items else s.ext.troves["sacred_pool"]).remove(eye)
    s.party()[0].objects.append(eye)
    s.fight = GuardianFight(kind="trove", guardians=[Guardian(uid=u, of=of, kind="monster", strength=st) for u, of, st in foes])
    return settle(s)


def test_h5_baleful_eye_discards_one_enemy_from_guardian_combat():
    """H5 Baleful Eye: at the casting stage of a Guardian Combat its bearer may discard one Enemy
    (each named with its figures); once a combat (ruling sacred_pool_cards)."""
    from systems.darkest_talisman.describe import decision_text, option_label

    s = eye_fight(34, [("g1", "wolf", 3), ("g2", "ogre", 5)])
    assert s.decision.kind == "guardians"
    s = choose(s, "fight")
    assert s.decision.kind == "baleful_eye" and s.decision.options == ["eye:g1", "eye:g2", "keep"]
    assert sacred_pool.ai_pick(ctx(s), s.decision, 0.5) == "eye:g2"  # the strongest
    view = SYSTEM.view(s, "p1")
    for locale in ("en", "it"):
        label = option_label(view, "eye:g2", locale)
        assert pack_by_id(POOL).name_of("ogre", locale) in label and "5" in label, label
        assert "{" not in decision_text(view, locale)
    s = choose(s, "eye:g2")
    fight = s.fight
    assert fight is not None and next(g for g in fight.guardians if g.uid == "g2").dead
    assert s.ext.eyes_used == 1 and s.decision.kind != "baleful_eye"


def test_h5_baleful_eye_never_takes_the_last_enemy_and_waits_when_kept():
    """H5 Baleful Eye (ruling sacred_pool_cards): not offered against a lone Enemy; "keep" leaves
    the fight as it is and the Eye is offered again next round."""
    s = eye_fight(35, [("g1", "ogre", 5)])
    s = choose(s, "fight")
    assert s.decision.kind != "baleful_eye"
    s = eye_fight(36, [("g1", "wolf", 12), ("g2", "ogre", 12)])
    for h in s.party():
        h.life = 30
    s = choose(s, "fight")
    s = choose(s, "keep")
    assert s.decision.kind != "baleful_eye" and not any(g.dead for g in s.fight.guardians)
    assert s.ext.eyes_used == 0
    while s.decision.kind != "guardians":  # the round played out (spells, blows)
        s = choose(s, s.decision.options[-1])
    s = choose(s, "fight")
    assert s.decision.kind == "baleful_eye" and s.fight.rounds == 2  # asked again next round


def test_h5_new_words_in_both_languages():
    """The Sacred Pool's new decisions, answers and events are said in English and Italian."""
    keys = ["talisman.decision.gilded_compass", "talisman.decision.baleful_eye", "talisman.option.gilded_compass.reroll",
            "talisman.option.gilded_compass.keep", "talisman.option.baleful_eye.eye", "talisman.option.baleful_eye.keep"]
    keys += [f"talisman.ev.{k}" for k in ("fortunes_fool", "rumour_of_riches", "rumour_found", "compass_rerolled", "baleful_eye")]
    for locale in ("en", "it"):
        for key in keys:
            assert t(locale, key) != key, (locale, key)


def test_h5_shield_of_defiance_only_against_an_enemy_met_face_up():
    """H5 Shield of Defiance ("when an Enemy attacks you", face-up Enemies only, not in Guardian
    Combat): its save is rolled against an Enemy the party meets already face up on the road, not
    against a card just turned over, and it is no armour in Guardian Combat."""
    from engine.darkest_talisman import combat
    from engine.darkest_talisman.state import Combat

    s = on_road(37, position=1)
    hero = s.party()[0]
    hero.objects = [u for u in hero.objects if H.obj(pack_by_id(POOL), u).save is None]
    uid = next(u for u in s.ext.troves["sacred_pool"] if card_id(u) == "shield_of_defiance")
    s.ext.troves["sacred_pool"].remove(uid)
    hero.objects.append(uid)
    c = ctx(s)
    life = hero.life
    rig(s, dice=[6, 6])
    combat._lost(c, Combat(hero=hero.uid, enemy="wolf#1", attribute="strength", value=3, kind="animal", fresh=False, seq=9), hero)
    assert hero.life == life and any(e.kind == EV + "armour" for e in c.events)  # face up: the shield held
    combat._lost(c, Combat(hero=hero.uid, enemy="wolf#1", attribute="strength", value=3, kind="animal", fresh=True, seq=9), hero)
    assert hero.life == life - 1  # just turned over: no save
    assert H.armour_for(pack_by_id(POOL), hero, "strength", shield_ok=True) is None  # as in Guardian Combat
    assert H.armour_for(pack_by_id(POOL), hero, "strength", shield_ok=True, face_up=True) == uid


def test_h5_stasis_swaps_the_enemy_just_revealed_with_the_decks_top_card():
    """H5 Stasis: cast on an Enemy just turned over, before it is fought, it goes back on top of
    the Adventure deck and the card that was there takes its Draw Spot and is met instead; not
    offered against an Enemy met face up before (ruling sacred_pool_cards)."""
    s = on_road(38, position=1)
    s.trip.location_met = True
    hero = s.party()[0]
    stasis = next(u for u in s.ext.spells["sacred_pool"] if card_id(u) == "stasis")
    s.ext.spells["sacred_pool"].remove(stasis)
    for h in s.party():
        h.spells = []
    hero.spells = [stasis]
    top = s.decks.adventure[-1]
    ogre = lay(s, "ogre")
    s = met(s)
    assert s.decision.kind == "enemy" and f"cast:{stasis}" in s.decision.options
    from engine.darkest_talisman.actions import Choose

    result = SYSTEM.apply(s, SYSTEM.pending(s).player, Choose(option=f"cast:{stasis}"))
    s, events = result.state, list(result.events)
    assert s.decks.adventure[-1] == ogre and s.ext.stases == 1
    assert top not in s.decks.adventure and not any(sp.card == ogre for sp in s.trip.spots)  # met in its place
    assert any(e.kind == EV + "card_revealed" and e.data["card"] == card_id(top) for e in events) or \
        any(sp.card == top for sp in s.trip.spots)
    assert broken(s) == []
    from engine.darkest_talisman.state import Combat

    old = Combat(hero=hero.uid, enemy=ogre, attribute="strength", value=5, kind="monster", fresh=False, seq=1)
    assert not sacred_pool.combat_spell_fits(ctx(s), old, hero, "stasis")  # met face up before: no swap


def knight_battle(seed: int):  # type: ignore[no-untyped-def]
    """The party's second character a Chivalric Knight (no armour), an Ogre just turned over on
    the party's space: its first character is to battle it."""
    s = on_road(seed, position=1)
    s.trip.location_met = True
    first, knight = s.party()[0], s.party()[1]
    knight.card = "chivalric_knight"
    armour = [u for u in knight.objects if H.obj(pack_by_id(POOL), u).save is not None]
    knight.objects = [u for u in knight.objects if u not in armour]
    s.party()[2].objects += armour  # kept in the party, counted
    for h in s.party():
        s.decks.spell_discard += h.spells
        h.spells = []
    lay(s, "ogre")
    s = met(s)
    return s, first.uid, knight.uid


def fight_dice(s, win: bool) -> list[int]:  # type: ignore[no-untyped-def]
    """Dice (fighter's, Enemy's; no 6) by which the battle is won only thanks to the Knight, or lost."""
    d = s.decision.data
    a, k, v = d["attack"], d["strength"], d["value"]
    for hr in range(1, 6):
        for er in range(1, 6):
            if win and a + k + hr > v + er >= a + hr:
                return [hr, er]
            if not win and a + k + hr < v + er:
                return [hr, er]
    raise AssertionError("no such dice")


def test_h5_chivalric_knight_aids_a_companion_ahead_and_earns_a_quest_reward():
    """H5 Chivalric Knight (C7b): a companion ahead of him battles an Enemy: the Knight is asked,
    with the figures; aiding, his Strength joins the attack, he will not meet that Enemy later this
    turn, and a battle won thanks to him earns him a Quest Reward."""
    s, first, knight = knight_battle(40)
    assert s.decision.kind == "knight_aid" and s.decision.hero == knight and s.decision.options == ["aid", "decline"]
    data = s.decision.data
    assert data["fighter"] == first and data["enemy"] == "ogre"
    assert data["strength"] == H.total(pack_by_id(POOL), s.hero(knight), "strength")
    from systems.darkest_talisman.describe import decision_text, option_label

    view = SYSTEM.view(s, "p1")
    for locale in ("en", "it"):
        text = decision_text(view, locale)
        assert "{" not in text and str(data["strength"]) in text and str(data["value"]) in text, text
        assert str(data["strength"]) in option_label(view, "aid", locale)
    dice = fight_dice(s, win=True)
    s = choose(s, "aid")
    assert s.decision.kind == "enemy" and s.decision.hero == first and s.ext.knight_aids == 1
    meet = next(t for t in s.tasks if t.task == "card")
    assert knight not in meet.heroes[meet.index + 1:]
    rewards = s.ext.rewards_won
    rig(s, dice=dice + [2] * 6)
    s = choose(s, "fight")
    assert s.ext.knight_rewards == 1 and s.ext.rewards_won == rewards + 1 and broken(s) == []


def test_h5_chivalric_knight_shares_a_lost_battle_and_is_never_asked_from_ahead():
    """H5 Chivalric Knight: the aided battle lost, he loses 1 life and 1 Strength as the fighter
    does; declined, nothing changes; he is not asked when he himself, or a companion behind him,
    fights."""
    s, first, knight = knight_battle(41)
    dice = fight_dice(s, win=False)
    s = choose(s, "aid")
    life, strength = s.hero(knight).life, s.hero(knight).strength
    rig(s, dice=dice + [1] * 6)
    s = choose(s, "fight")
    while s.decision is not None and s.decision.kind == "fate":
        s = choose(s, "accept")
    assert s.hero(knight).life == life - 1 and s.hero(knight).strength == strength - 1
    assert s.ext.knight_rewards == 0 and broken(s) == []
    s, first, knight = knight_battle(42)
    s = choose(s, "decline")
    assert s.decision.kind == "enemy" and s.ext.knight_aids == 0
    from engine.darkest_talisman.state import Combat

    for fighter in (knight, s.party()[2].uid):
        task = Combat(hero=fighter, enemy="ogre#1", attribute="strength", value=5, kind="monster", fresh=True, seq=1)
        assert sacred_pool._knight_for(ctx(s), task) is None
