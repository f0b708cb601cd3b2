"""The new Artifacts (Water Realm expansion rulebook, "New Artifacts": Game with the New Artifacts,
Ten Artifacts Variant, Battleground for the Final Battle; Appendix "Ritual Scepter", "Amulet of
Untouchability"; rulings of data/prophecy/water_realm/artifacts/rulings.yaml)."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.content_standard import standard_pack_by_id
from engine.prophecy.context import Ctx
from engine.prophecy.game import SYSTEM
from engine.prophecy.rules import pack_of
from engine.prophecy.standard import artifacts, powers
from engine.prophecy.water_realm.island.content import island_content
from systems.prophecy.describe import describe_action, private_lines
from systems.prophecy.prompt_text import standard_prompt
from tests.prophecy_standard.helpers import new_game
from tests.prophecy_water.island_helpers import (
    apply,
    begin_turn,
    figures,
    give,
    hold_artifacts,
    kinds,
    legal,
    legal_types,
    load,
    put,
    quiet,
)

NEW = {"bronze_steed", "royal_signet_ring", "ritual_scepter", "amulet_of_untouchability", "starforged_helm"}
BASE = {a.id for a in standard_pack_by_id().artifacts}


def art_game(variant: str, seed: int = 1, players: int = 2):
    return new_game(players=players, seed=seed, expansion={"artifacts": variant})


def dealt(state) -> set[str]:
    return {pl.artifact for pl in state.standard.planes if pl.artifact}


def test_game_with_the_new_artifacts__the_five_new_ones_on_the_planes():
    """Game with the New Artifacts: the new set in place of the base one."""
    state = art_game("new")
    assert dealt(state) == NEW


def test_game_with_the_new_artifacts__five_of_ten_at_random():
    """Game with the New Artifacts: shuffle all ten, deal five, set the rest aside unseen."""
    seen = set()
    for seed in range(12):
        state = art_game("random", seed=seed)
        cards = dealt(state)
        assert len(cards) == 5 and cards <= NEW | BASE
        seen |= cards
        assert "bronze_steed" not in str(SYSTEM.view(state, None).standard.planes)  # face down
    assert seen == NEW | BASE


def test_ten_artifacts_variant__two_on_each_plane():
    """Ten Artifacts Variant: two Artifacts on each Astral Plane, all ten in play."""
    state = art_game("ten", seed=3)
    pairs = state.standard.island.pairs
    assert set(pairs) == {pl.id for pl in state.standard.planes}
    assert dealt(state) | set(pairs.values()) == NEW | BASE
    assert set(SYSTEM.view(state, "p1").standard.island.pairs.values()) == {"face_down"}


def _conquer(state, plane_id: str):
    plane = state.standard.plane(plane_id)
    plane.lesser = None
    plane.up = ["greater"]
    space = next(bp.between[0] for bp in pack_of(state).board.astral_planes if bp.id == plane_id)
    begin_turn(state, "p1", at=space, phase="act")
    figures(state, "p1", 9, 9)
    attack = next(a for a in legal(state, "p1") if a["type"] == "attack" and a["target"] == plane_id
                  and not a["weapon"] and not a.get("spells"))
    load(state, 6, 1)
    return apply(state, "p1", attack)


def test_ten_artifacts_variant__the_conqueror_looks_at_both_and_keeps_one():
    """Ten Artifacts Variant: the conqueror looks at both and keeps one; the other is discarded
    (ruling ten_pair: unseen by the others)."""
    state = quiet(art_game("ten", seed=5))
    plane = state.standard.planes[0]
    first, second = plane.artifact, state.standard.island.pairs[plane.id]
    state, events = _conquer(state, plane.id)
    pend = SYSTEM.pending(state)
    assert pend.kind == "wrart_keep" and pend.player == "p1"
    assert {a["artifact"] for a in legal(state, "p1")} == {first, second}
    spectator = SYSTEM.view(state, None)
    assert spectator.standard.island.keep.options == ["face_down", "face_down"]
    mine = " ".join(private_lines(SYSTEM.view(state, "p1"), events, "en"))
    names = {a.id: a.name for a in powers.spack(state).artifacts}
    assert names[first] in mine and names[second] in mine
    label = describe_action(spectator, "p1", SYSTEM.legal_actions(state, "p1")[0], "en")
    assert names[first] not in label and names[second] not in label
    state, events = apply(state, "p1", {"type": "wrart_keep", "artifact": second})
    assert state.standard.players["p1"].artifacts == [second]
    assert state.standard.island.removed == [first]
    assert "face_down" in str(SYSTEM.view(state, None).standard.island.removed)
    assert "wrart_other_removed" in kinds(events)


def test_ten_artifacts_variant__a_prophetic_dream_shows_the_pair():
    """Ten Artifacts Variant: a Prophetic Dream treats the pair as one card and reveals both."""
    state = quiet(art_game("ten", seed=5))
    plane = state.standard.planes[1]
    plane.seen["artifact"] = ["p2"]
    second = state.standard.island.pairs[plane.id]
    assert SYSTEM.view(state, "p2").standard.island.pairs[plane.id] == second
    assert SYSTEM.view(state, "p1").standard.island.pairs[plane.id] == "face_down"


def test_ten_artifacts_variant__the_final_battle_counts_one_per_plane():
    """Ten Artifacts Variant: five Artifacts are won in all (one per plane): the Final Battle
    begins once those five are held."""
    state = quiet(art_game("ten", seed=2, players=3))
    cards = [pl.artifact for pl in state.standard.planes]
    hold_artifacts(state, "p1", *cards[:3])
    hold_artifacts(state, "p2", *cards[3:])
    ctx = Ctx(state=state, pack=pack_of(state))
    assert artifacts.all_held(ctx)


def test_battleground_for_the_final_battle__royal_cape_first_then_lowest_numeral():
    """Battleground for the Final Battle: the Royal Cape's holder picks; without it, the holder
    of the new Artifact with the lowest roman numeral (ruling battleground_numerals)."""
    state = quiet(art_game("random", seed=1, players=3))
    for pl in state.standard.planes:
        pl.artifact = None
    hold_artifacts(state, "p1", "crown_of_wisdom", "starforged_helm")
    hold_artifacts(state, "p2", "royal_signet_ring", "ritual_scepter")
    hold_artifacts(state, "p3", "heart_of_valour")
    ctx = Ctx(state=state, pack=pack_of(state))
    begin_turn(state, "p1", phase="act")
    artifacts.check_final_battle(ctx)
    d = state.standard.decisions[-1]
    assert d.kind == "battleground" and d.player == "p2"  # Ring II beats Scepter III and Helm V
    numerals = {a.id: a.numeral for a in island_content().artifacts}
    assert numerals["bronze_steed"] == 1 and numerals["royal_signet_ring"] == 2


def test_battleground_for_the_final_battle__the_cape_still_picks_in_the_new_games():
    state = quiet(art_game("random", seed=1, players=3))
    for pl in state.standard.planes:
        pl.artifact = None
    hold_artifacts(state, "p1", "bronze_steed", "crown_of_wisdom")
    hold_artifacts(state, "p2", "royal_cape", "starforged_helm")
    hold_artifacts(state, "p3", "heart_of_valour")
    ctx = Ctx(state=state, pack=pack_of(state))
    begin_turn(state, "p1", phase="act")
    artifacts.check_final_battle(ctx)
    assert state.standard.decisions[-1].player == "p2"


def _duel(state):
    begin_turn(state, "p1", at="plains_1", phase="act")
    state.player("p2").space = state.player("p1").space
    figures(state, "p1", 4, 4)
    figures(state, "p2", 4, 4)


def _wills_figure(scepter: bool, weapon: str | None) -> int:
    """p1's figure in a Battle of Wills against p2, with or without the Scepter and a weapon."""
    state = quiet(art_game("new"))
    if scepter:
        hold_artifacts(state, "p1", "ritual_scepter")
    _duel(state)
    figures(state, "p1", 4, 6)
    if weapon is not None:
        give(state, "p1", weapon)
    attack = next(a for a in legal(state, "p1") if a["type"] == "attack" and a["battle"] == "wills"
                  and bool(a["weapon"]) is (weapon is not None) and not a["hand"] and not a.get("spells"))
    load(state, 3, 3)
    _s, events = apply(state, "p1", attack)
    return next(e for e in events if e.kind == "battle_roll").data["player_figure"]


def test_appendix_ritual_scepter__plus_two_in_wills_with_a_free_hand():
    """Ritual Scepter: +2 in a Battle of Wills while held in a hand (ruling scepter_hand: not
    beside a two-handed weapon)."""
    assert _wills_figure(True, None) == _wills_figure(False, None) + 2
    one = next(i.id for i in pack_of(quiet(art_game("new"))).items if i.slot == "weapon" and i.hands == 1)
    two = next(i.id for i in pack_of(quiet(art_game("new"))).items if i.slot == "weapon" and i.hands == 2)
    assert _wills_figure(True, one) == _wills_figure(False, one) + 2
    assert _wills_figure(True, two) == _wills_figure(False, two)


def test_appendix_ritual_scepter__strike_an_artifact_holder_then_attack():
    """Ritual Scepter: when announcing an attack on an Artifact holder, its holder may damage her
    first: she loses 1 Health or an Item, her choice; then the attack follows (ruling scepter_strike)."""
    state = quiet(art_game("new"))
    hold_artifacts(state, "p1", "ritual_scepter")
    _duel(state)
    assert "wrart_strike" not in legal_types(state, "p1")  # p2 holds no Artifact
    hold_artifacts(state, "p2", "bronze_steed")
    give(state, "p2", "dagger")
    state, events = apply(state, "p1", {"type": "wrart_strike", "target": "p2"})
    assert "wrart_strike" in kinds(events)
    d = state.standard.decisions[0]
    assert d.kind == "loss" and d.player == "p2"
    spectator = SYSTEM.view(state, None)
    pend = SYSTEM.pending(state)
    words = standard_prompt(spectator, pend, SYSTEM.legal_actions(state, "p2"), "en",
                            lambda a: describe_action(spectator, "p2", a, "en"))
    assert "Ritual Scepter" in words.what and words.only_you
    state, _ = apply(state, "p2", {"type": "choose_loss", "item": None})
    assert state.player("p2").red.right == 3
    assert SYSTEM.pending(state).kind == "wrart_strike_attack"
    assert legal_types(state, "p1") == {"attack"}
    assert {a["target"] for a in legal(state, "p1")} == {"p2"}
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "end_turn"})
    attack = next(a for a in legal(state, "p1") if a["battle"] == "strength" and not a["weapon"])
    load(state, 3, 3)
    state, events = apply(state, "p1", attack)
    assert "duel_draw" in kinds(events) and state.standard.island.strike is None


def test_appendix_amulet_of_untouchability__slip_past_the_creatures():
    """Amulet of Untouchability: its holder need not fight the Creatures on her space
    (ruling amulet_slipped_creature)."""
    state = quiet(art_game("new"))
    hold_artifacts(state, "p1", "amulet_of_untouchability")
    begin_turn(state, "p1", at="plains_1")
    creature = next(c.id for c in pack_of(state).adventures if getattr(c, "strength", None)
                    and not getattr(c, "specials", None))
    put(state, "plains_1", creature)
    state, _ = apply(state, "p1", {"type": "move", "method": "stay", "to": "plains_1"})
    assert "avoid" in legal_types(state, "p1")


def _amulet_at_a_creature_and_a_spring(opportunities_after: str = "creatures_fought"):
    state = quiet(art_game("new"))
    state.options.standard.opportunities_after = opportunities_after
    hold_artifacts(state, "p1", "amulet_of_untouchability")
    begin_turn(state, "p1", at="plains_1")
    creature = next(c.id for c in pack_of(state).adventures if getattr(c, "strength", None)
                    and not getattr(c, "specials", None))
    put(state, "plains_1", creature)
    spring = put(state, "plains_1", "healing_spring")
    state.player("p1").red.left, state.player("p1").red.right = 2, state.player("p1").red.right - 2
    state, _ = apply(state, "p1", {"type": "move", "method": "stay", "to": "plains_1"})
    assert state.turn.phase == "fight"
    return state, spring


def test_appendix_amulet_of_untouchability__an_opportunity_before_fighting():
    """Amulet of Untouchability: "choose to use an Opportunity before (or instead of) fighting a
    Creature on the same space": before, the Creature still waits to be fought after."""
    state, spring = _amulet_at_a_creature_and_a_spring()
    health = state.player("p1").red.right
    assert {"card": spring, "give": [], "type": "use_opportunity"} in [
        {**a, "give": list(a.get("give", []))} for a in legal(state, "p1") if a["type"] == "use_opportunity"]
    state, events = apply(state, "p1", {"type": "use_opportunity", "card": spring})
    assert "opportunity_used" in kinds(events) and state.player("p1").red.right == health + 2
    assert state.turn.phase == "fight" and {"fight", "avoid"} <= set(legal_types(state, "p1"))


def test_appendix_amulet_of_untouchability__an_opportunity_instead_of_fighting():
    """Amulet of Untouchability: instead of fighting, even where Opportunities wait for every
    Creature to be beaten (ruling opportunities_after_creatures)."""
    state, spring = _amulet_at_a_creature_and_a_spring("creatures_beaten")
    state, _ = apply(state, "p1", {"type": "avoid"})
    assert state.turn.phase == "act" and "use_opportunity" in legal_types(state, "p1")
    state, events = apply(state, "p1", {"type": "use_opportunity", "card": spring})
    assert "opportunity_used" in kinds(events)


def test_appendix_amulet_of_untouchability__without_it_the_creature_comes_first():
    """Amulet of Untouchability: only its holder uses an Opportunity before the fight."""
    state, spring = _amulet_at_a_creature_and_a_spring()
    powers.mine(state, "p1").artifacts.clear()
    assert "use_opportunity" not in legal_types(state, "p1")
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "use_opportunity", "card": spring})


@pytest.mark.parametrize("roll,resisted", [(4, True), (3, False)])
def test_appendix_amulet_of_untouchability__four_to_six_wastes_an_effect(roll, resisted):
    """Amulet of Untouchability: against another player's effect aimed at her, 4-6 wastes it
    (ruling amulet_resist): here the Ritual Scepter's strike."""
    state = quiet(art_game("new"))
    hold_artifacts(state, "p1", "ritual_scepter")
    _duel(state)
    hold_artifacts(state, "p2", "amulet_of_untouchability")
    load(state, roll)
    state, events = apply(state, "p1", {"type": "wrart_strike", "target": "p2"})
    amulet = next(e for e in events if e.kind == "wrart_untouchable")
    assert amulet.data["resisted"] is resisted
    assert state.player("p2").red.right == (4 if resisted else 3)  # no Item to give up: 1 Health
    assert SYSTEM.pending(state).kind == "wrart_strike_attack"  # the attack follows either way


def test_new_artifacts__their_powers_work_through_the_standard_rules():
    """The Bronze Steed rides, the Royal Signet Ring bargains (project powers, Appendix names)."""
    state = quiet(art_game("new"))
    hold_artifacts(state, "p1", "bronze_steed")
    begin_turn(state, "p1", at="fortress")
    rides = [a for a in legal(state, "p1") if a["type"] == "move" and a.get("via") == "bronze_steed"]
    assert len(rides) == 2
    assert powers.market(state, "p2") == (0, False)
    hold_artifacts(state, "p2", "royal_signet_ring")
    assert powers.market(state, "p2") == (2, True)


def test_new_artifacts__a_seat_handed_over_keeps_its_pair_to_choose():
    """A seat changing hands (HandOver) keeps the question waiting on it."""
    state = quiet(art_game("ten", seed=5))
    state, _ = _conquer(state, state.standard.planes[0].id)
    state = SYSTEM.apply(state, "gm", {"type": "hand_over", "player": "p1", "to": "p9", "name": "Nine"}).state
    assert state.standard.island.keep.player == "p9"
    assert SYSTEM.pending(state).player == "p9"
