"""The whole Water Realm expansion at once, each of its variants in turn: whole games of random
legal play (random players also type descriptions for the Mad Riddler and the Scroll of
Entrancement) in which, after every action, whoever the game waits on has something legal to
do (no part's question may hide behind another part's turn: the Ten Artifacts' choice pending
while a diver's move was asked stalled a game), no figure goes below zero, the state survives a
JSON round trip, and the game replays byte for byte from its seed. (Each part's own property
test checks its invariants: Map Fragments, Bubbles, the new cards' census.)"""
from __future__ import annotations

import random

import pytest

from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from engine.prophecy.water_realm.cards.actions import NameCard

WHOLE = {"new_cards": True, "treasure_island": True, "water_realm": True, "artifacts": "new"}
CONFIGS = {
    "whole": WHOLE,
    "ten_artifacts": {**WHOLE, "artifacts": "ten"},
    "random_artifacts": {**WHOLE, "artifacts": "random"},
    "aggressive": {**WHOLE, "interaction": "aggressive"},
    "peaceloving": {**WHOLE, "interaction": "peaceloving"},
    "random_treasures": {**WHOLE, "random_treasures": True},
    "treasure_hunters": {**WHOLE, "treasure_hunters": True, "water_realm": False, "artifacts": "base"},
    "lord_of_the_sea": {**WHOLE, "lord_of_the_sea": True, "artifacts": "base"},
}


def random_game(expansion: dict, seed: int, seats: int, steps: int = 1500) -> list[tuple[str, dict]]:
    players = [Seat(player=f"p{i + 1}", name=f"Player {i + 1}") for i in range(seats)]
    options = {"version": "standard", "round_limit": 40, "standard": {"expansion": expansion, "apocalypse": seed % 2 == 1}}
    state = SYSTEM.new_game(players, options, seed).state
    rng = random.Random(seed)
    log: list[tuple[str, dict]] = []
    for _ in range(steps):
        pend = SYSTEM.pending(state)
        if pend is None:
            break
        legal = SYSTEM.legal_actions(state, pend.player)
        assert legal, f"{pend.player} must act ({pend.kind}) but has nothing legal to do"
        if pend.kind.startswith("wrc_") and rng.random() < 0.5:
            action = NameCard(text=rng.choice(["a sword", "the helmet", "a shiny potion"]))
            try:
                after = SYSTEM.apply(state, pend.player, action).state
            except Exception:  # noqa: BLE001 - a description may not be asked now: a legal action instead
                action = rng.choice(legal)
                after = SYSTEM.apply(state, pend.player, action).state
        else:
            action = rng.choice(legal)
            after = SYSTEM.apply(state, pend.player, action).state
        for pl in after.players:  # the figures' floor (the parts' own property tests check the rest)
            assert pl.gold >= 0 and min(pl.red.right, pl.red.left, pl.blue.right, pl.blue.left) >= 0
        assert SYSTEM.load_state(SYSTEM.dump_state(after)) == after  # JSON round trip
        log.append((pend.player, action.model_dump()))
        state = after
    assert state.status == "finished", "a game of at most 40 rounds ends"
    return log, SYSTEM.dump_state(state), options, players


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("seed", [1, 2])
def test_expansion_property__every_variant_waits_only_on_someone_who_can_act_and_replays(name, seed):
    log, dumped, options, players = random_game(CONFIGS[name], seed, seats=2 + seed % 3)
    state = SYSTEM.new_game(players, options, seed).state
    for actor, payload in log:
        state = SYSTEM.apply(state, actor, SYSTEM.parse_action(payload)).state
    assert SYSTEM.dump_state(state) == dumped
