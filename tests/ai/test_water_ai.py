"""The heuristic AI in the Water Realm (Water Realm expansion, "Water Realm"): it dives with a
plan and comes out when the plan is done or out of reach, and its games end.

Constructed states (tests/prophecy_water/water_helpers): the Gate open on the Plane of Fire,
whose Greater Guardian and Artifact wait in the Undersea Palace; the heuristic seat
(`engine.ai.players.heuristic_player`) is asked what it does, and its answer must be legal.
"""
from __future__ import annotations

import random
from typing import Any

from engine.ai import std_water
from engine.ai.players import heuristic_player
from engine.ai.simulate import play
from engine.prophecy.context import Ctx
from engine.prophecy.game import SYSTEM
from engine.prophecy.rules import pack_of
from engine.prophecy.state import ProphecyState
from engine.prophecy.water_realm.water.core import edge_distance
from tests.prophecy_standard.helpers import give, learn
from tests.prophecy_water.water_helpers import (
    GRID,
    PALACE,
    begin,
    cell,
    dive,
    figures,
    idx,
    lay,
    open_gate,
    quiet,
    water_game,
    ws,
)

#: a face-down dark card and a face-down light card of the realm (what lies there is unknown to her)
DARK = "moray_eel"
LIGHT = "air_pocket"


def ask(state: ProphecyState, player: str = "p1") -> Any:
    """The heuristic's answer, checked to be one of the legal actions."""
    action = heuristic_player(state, player, random.Random(0))
    assert action in SYSTEM.legal_actions(state, player), action
    return action


def _at_gate(strength: int, willpower: int, gold: int) -> ProphecyState:
    """p1 on a ring space beside the open Gate, her attack still free (act phase)."""
    state = quiet(water_game())
    open_gate(state)
    figures(state, "p1", strength, willpower)
    p = state.player("p1")
    p.gold = gold
    p.space = idx("plains_1")
    state.player("p2").space = idx("village")
    begin(state, "p1", phase="act")
    return state


def _fill(state: ProphecyState) -> None:
    """Every card space of the grid holds a face-down card (dark or light as the space is)."""
    for c in GRID.card_spaces():
        lay(state, c, LIGHT if GRID.light(c) else DARK, up=False)


def _ctx(state: ProphecyState) -> Ctx:
    return Ctx(state=state, pack=pack_of(state))


# --------------------------------------------------------------------------- diving in


def test_water_ai_gate__a_weak_character_does_not_dive_for_a_guardian_she_cannot_beat():
    """"Journey's End": the Palace's Greater Guardian must be beaten; a character with no fair
    chance against it (over every attempt her Health allows) keeps her Gold and stays out."""
    state = _at_gate(6, 4, gold=4)  # Health enough for the old rule of thumb, not for the Guardian
    assert std_water.plan_dive(_ctx(state), state.player("p1"), air=16) is None
    assert ask(state).type != "water_enter"


def test_water_ai_gate__a_strong_character_dives_with_the_cheapest_bag_that_covers_the_way():
    """"Magic Bubble Bag": she buys the air the way needs (five empty rows to the Palace) with
    some to spare, not her whole purse."""
    state = _at_gate(9, 7, gold=4)
    plan = std_water.plan_dive(_ctx(state), state.player("p1"), air=16)
    assert plan is not None and plan.goal == "artifact" and plan.cell == PALACE
    action = ask(state)
    assert action.type == "water_enter"
    assert action.gold == 2  # 7 Bubbles cover 2.5 turns of way + the margin; 16 are not needed
    assert std_water.wp().bag_bubbles(action.gold) >= plan.need + std_water.AIR_MARGIN


def test_water_ai_gate__no_dive_when_no_bag_she_can_pay_for_covers_the_way():
    """"Losing Bubbles": a Bubble a round; with one Gold (3 Bubbles) and the grid all face down
    (each card stops her), the way to the Palace is longer than her air: she does not dive."""
    state = _at_gate(9, 7, gold=1)
    _fill(state)
    assert std_water.dive_bag(_ctx(state), state.player("p1")) is None
    assert ask(state).type != "water_enter"
    state.player("p1").gold = 4  # 16 Bubbles are enough
    found = std_water.dive_bag(_ctx(state), state.player("p1"))
    assert found is not None and found[0].goal == "artifact"
    assert ask(state).type == "water_enter"


def test_water_ai_gate__the_artifact_of_a_dead_character_is_a_goal_even_for_a_weak_one():
    """"Artifacts of Fallen Characters": the Final Battle waits on them; whoever ends her turn
    on their space gains them, no battle needed, so a weak character dives for them."""
    state = _at_gate(4, 3, gold=4)
    spot = cell(2, 0)
    state.standard.dropped[f"water:{spot}"] = ["ritual_scepter"]  # type: ignore[union-attr]  # a Standard game, built by the test
    plan = std_water.plan_dive(_ctx(state), state.player("p1"), air=14)
    assert plan is not None and plan.goal == "fallen" and plan.cell == spot
    assert ask(state).type == "water_enter"


def test_water_ai_gate__heads_for_the_gate_only_with_a_plan():
    """On the main board a character with a plan walks toward the Gate; one without leaves the
    choice to the Standard AI (no aimless trips to the Gate)."""
    state = _at_gate(9, 7, gold=4)
    state.player("p1").space = idx("village")
    begin(state, "p1", phase="move")
    ctx = _ctx(state)
    acts = SYSTEM.legal_actions(state, "p1")
    picked = std_water._main_board(ctx, state.player("p1"), acts)
    assert picked is not None and picked.type == "move"
    weak = _at_gate(3, 3, gold=4)
    weak.player("p1").space = idx("village")
    begin(weak, "p1", phase="move")
    assert std_water._main_board(_ctx(weak), weak.player("p1"), SYSTEM.legal_actions(weak, "p1")) is None


# ------------------------------------------------------------------------- in the realm


def _in_realm(strength: int, willpower: int, at: int, bubbles: int) -> ProphecyState:
    state = quiet(water_game())
    open_gate(state)
    figures(state, "p1", strength, willpower)
    state.player("p2").space = idx("village")
    dive(state, "p1", at, bubbles=bubbles)
    begin(state, "p1")
    return state


def test_water_ai_realm__swims_toward_the_palace_while_her_air_covers_the_way():
    """"Moving": one or two spaces a turn; with air for the way she goes on toward the Palace
    (a row nearer), never back out."""
    at = cell(2, 1)
    state = _in_realm(9, 7, at, bubbles=8)
    action = ask(state)
    assert action.type == "water_move" and action.exit is None
    assert GRID.cell(action.to)[0] > GRID.cell(at)[0]


def test_water_ai_realm__swims_around_the_skeletal_shark_rather_than_through_it():
    """Appendix "Skeletal Shark": her result is capped by the Magic she pays, and Magic is her
    Willpower against the Palace's Guardian; with air for a longer way (past unknown cards)
    she goes around it."""
    at = cell(3, 1)
    state = _in_realm(9, 7, at, bubbles=8)
    shark = cell(4, 1)
    lay(state, shark, "skeletal_shark", up=True)
    for c in (cell(3, 0), cell(3, 2), cell(4, 0), cell(4, 2)):
        lay(state, c, DARK, up=False)
    action = ask(state)
    assert action.type == "water_move" and action.exit is None and action.to != shark


def test_water_ai_realm__turns_back_when_short_of_air():
    """"Returning to the Main Game Board": watch your Bubbles. On an edge with one Bubble and
    face-down cards all the way to the Palace, she moves off the board."""
    at = cell(2, 0)
    state = _in_realm(9, 7, at, bubbles=1)
    _fill(state)
    ws(state).cells[at] = None
    assert std_water.plan_dive(_ctx(state), state.player("p1"), inside=True) is None
    action = ask(state)
    assert action.type == "water_move" and action.exit is not None


def test_water_ai_realm__a_weak_character_inside_heads_out_by_the_nearest_edge():
    """No goal within reach (the Guardian too strong for her): she makes for the nearest edge
    instead of wandering deeper."""
    at = cell(2, 1)
    state = _in_realm(3, 3, at, bubbles=10)
    action = ask(state)
    assert action.type == "water_move"
    # out at once, or to an edge space (a diver leaves only from an edge: ruling water_leave_from_edge)
    assert action.exit is not None or edge_distance(action.to) == 1


def test_water_ai_realm__leaves_the_palace_when_her_health_no_longer_allows_another_attack():
    """"Journey's End": after a lost battle she may stay and attack again or leave; with one
    Health left a loss would kill her, so she leaves."""
    state = _in_realm(9, 7, PALACE, bubbles=5)
    figures(state, "p1", 1, 7)
    action = ask(state)
    assert action.type == "water_move" and action.exit is not None


def test_water_ai_realm__stays_in_the_palace_to_attack_again_while_the_odds_hold():
    """"Journey's End": waiting in the Palace costs no Bubble; a strong character attacks again."""
    state = _in_realm(9, 7, PALACE, bubbles=5)
    assert ask(state).type == "water_stay"


def test_water_ai_realm__leaves_once_the_pearl_is_hers_and_nothing_else_is_there():
    """"Pearl of the Abyss": the Guardian beaten and her Pearl taken, the realm holds nothing
    more for her: she makes for the edge."""
    state = _in_realm(9, 7, cell(2, 1), bubbles=8)
    state.standard.plane("astral_fire").greater = None  # type: ignore[union-attr]  # a Standard game, built by the test
    state.standard.plane("astral_fire").artifact = None  # type: ignore[union-attr]  # a Standard game, built by the test
    ws(state).pearls.append("p1")
    assert std_water.plan_dive(_ctx(state), state.player("p1"), inside=True) is None
    action = ask(state)
    assert action.type == "water_move" and (action.exit is not None or edge_distance(action.to) == 1)


def test_water_ai_realm__picks_up_the_artifact_of_the_dead_on_her_way():
    """"Artifacts of Fallen Characters": she goes to their space (and ends her turn there)."""
    at = cell(1, 1)
    spot = cell(1, 2)
    state = _in_realm(4, 3, at, bubbles=8)
    state.standard.dropped[f"water:{spot}"] = ["ritual_scepter"]  # type: ignore[union-attr]  # a Standard game, built by the test
    action = ask(state)
    assert action.type == "water_move" and action.to == spot


# --------------------------------------------------------------------------- whole games


def test_water_ai_games__heuristic_games_with_the_whole_expansion_end_well_before_the_limit():
    """The heuristic seats finish Water Realm games: nobody dives aimlessly, and the realm's
    Artifact is brought home, so every game ends by the rules well before a modest limit."""
    opts = {"version": "standard", "round_limit": 80,
            "standard": {"expansion": {"new_cards": True, "treasure_island": True, "water_realm": True,
                                       "artifacts": "new"}}}
    for seed in (60_001, 60_003):  # 60_003 ran to the 300-round limit before
        rec = play(["heuristic"] * 4, seed, opts)
        st = rec.state
        assert st.status == "finished", (seed, st.round)
        assert st.end_reason != "round_limit", (seed, st.round)
        assert st.round < 80, (seed, st.round)


# ------------------------------------------------------------ issue #30: the same answers, cheaper


def _palace_chance_per_copy(ctx: Ctx, p: Any, health: int | None = None) -> float:
    """`palace_chance` as it was worked out before issue #30: every copy of her, one per
    Health, listing and weighing its own loadouts (`_best_wdl`)."""
    from engine.prophecy.water_realm.water import palace as water_palace

    plane = water_palace.gate_plane(ctx)
    foes = std_water._guardian_foes(ctx, p)
    if plane is None or not foes:
        return 0.0
    h0 = p.red.right if health is None else health
    total = 0.0
    for foe in foes:
        chance = 0.0
        for h in range(2, h0 + 1):
            w, _d, l = std_water._best_wdl(ctx, std_water._with_health(p, h), foe, plane.id)
            nxt = chance if chance >= std_water.STAY_CHANCE else 0.0
            chance = (w + l * nxt) / (w + l) if w + l > 0 else 0.0
        total += chance
    return total / len(foes)


def test_water_ai_palace__one_loadout_listing_for_every_health_gives_the_same_chance():
    """"Journey's End" (issue #30): her chance of beating the Palace's Guardian, over the
    attacks her Health allows, is worked out from one listing of her loadouts for all her
    Health levels; it must equal what each Health level's own listing gives, with Items,
    spells that cost Magic (Prayer, Curse) and too little Magic for some of them."""
    seen = set()
    for strength, willpower, items, spells in ((9, 7, (), ()), (6, 3, ("sword", "iron_helmet", "crystal_orb"), ("prayer",)),
                                               (8, 1, ("hand_axe", "mace", "wooden_shield"), ("prayer", "curse")),
                                               (3, 5, ("sword",), ("barkskin",))):
        state = _in_realm(strength, willpower, PALACE, bubbles=5)
        for card in items:
            give(state, "p1", card)
        learn(state, "p1", *spells)
        ctx = _ctx(state)
        p = state.player("p1")
        for health in (None, 2, 4, strength + 2):
            got = std_water.palace_chance(ctx, p, health)
            assert got == _palace_chance_per_copy(ctx, p, health)
            seen.add(round(got, 6))
    assert len(seen) > 3 and max(seen) > 0.0  # real chances, not all the same
