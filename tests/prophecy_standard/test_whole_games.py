"""Whole Standard games from the first character choice to a winner by Artifacts, played by a
simple seeker (attacks planes when healthy, Artifact holders in the Final Battle, otherwise
random legal choices): the Final Battle is called, fought and won, and fights between characters
wait on the loser's own answer, the defender's too (rulings final_battle_*, fifth_artifact,
character_fight_loss). Every state reached keeps the invariants of test_properties."""
from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from engine.prophecy.state import ProphecyState
from tests.prophecy_standard.test_properties import check_invariants, check_views

SEEDS = (8, 25, 2)


def _gear(a: Any) -> int:
    return len(a.body) + (a.weapon is not None) + len(a.hand) + (a.head is not None)


def seeker(state: ProphecyState, actor: str, rng: random.Random) -> Any:
    acts = SYSTEM.legal_actions(state, actor)
    by: dict[str, list[Any]] = defaultdict(list)
    for a in acts:
        by[a.type].append(a)
    planes = [a for a in by["attack"] if not state.has_player(a.target)]
    holders = [a for a in by["attack"] if state.has_player(a.target)]
    if planes and state.player(actor).red.right >= 5:
        return max(planes, key=lambda a: (_gear(a), a.battle == "strength"))
    if holders and (state.standard.final_battle is not None or rng.random() < 0.3):  # type: ignore[union-attr]  # a Standard game, built by the test
        return rng.choice(holders)
    for kind in ("choose_character", "choose_creature", "take_artifact", "choose_space", "dream", "study", "discard",
                 "take_item", "choose_loss", "roll"):
        if by[kind]:
            return rng.choice(by[kind])
    for kind in ("after_roll", "study_pick"):
        if by[kind]:
            return by[kind][-1]
    if by["learn"]:
        return by["learn"][0]
    if by["heal"]:
        return by["heal"][-1]
    if by["fight"]:
        return max(by["fight"], key=_gear)
    if by["move"]:
        return rng.choice(by["move"])
    if by["end_turn"]:
        return by["end_turn"][0]
    return rng.choice(acts)


def test_whole_games__to_a_final_battle_and_a_winner_by_artifacts():
    endings = []
    defender_answers = 0
    for seed in SEEDS:
        seats = [Seat(player=f"p{i}", name=f"P{i}") for i in range(2 + seed % 3)]
        options = {"version": "standard", "round_limit": 150, "standard": {"apocalypse": seed % 2 == 1}}
        state = SYSTEM.new_game(seats, options, seed).state
        rng = random.Random(seed)
        final_battle = False
        for step in range(20_000):
            pend = SYSTEM.pending(state)
            if pend is None:
                break
            if pend.kind == "decide_loss" and state.turn is not None and pend.player != state.turn.player:
                defender_answers += 1
                assert SYSTEM.legal_actions(state, state.turn.player) == [], "nobody answers for the defender"
            new = SYSTEM.apply(state, pend.player, seeker(state, pend.player, rng)).state
            check_invariants(state, pend.player, new)
            if step % 25 == 0:
                check_views(new)
            state = new
            final_battle = final_battle or state.standard.final_battle is not None  # type: ignore[union-attr]  # a Standard game, built by the test
        assert state.status == "finished"
        endings.append((state.end_reason, final_battle))
    assert ("final_battle", True) in endings, endings
    assert ("four_artifacts", False) in endings, endings
    assert defender_answers > 0
