"""Whole games with Treasure Island, each of its variants and each choice of Artifacts, played by
the AI and by random legal players: invariants after every action (every Map Fragment and every
Treasure in exactly one place, the island's characters alive and in the game, no Artifact lost),
what each seat's view may hold of the secrets (the Treasure deck's order, a Crystal Ball's dice,
a blind dig's cards, the pair a conqueror chooses from), byte-identical replay from the seed and
the actions through JSON, and JSON round trips. (Water Realm expansion rulebook: "Treasure
Island", "Game Variants", "New Artifacts".)"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from engine.ai.simulate import play
from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import HIDDEN
from engine.prophecy.state import ProphecyState
from engine.prophecy.water_realm.island.content import island_content
from tests.prophecy.helpers import assert_round_trips

FRAGMENTS = {f.id for f in island_content().fragments}
TREASURES = {t.id for t in island_content().treasures}

#: the expansion's choices each property game plays (the lead's /game new variant keys where they exist)
CONFIGS: dict[str, dict[str, Any]] = {
    "island": {"treasure_island": True},
    "peaceloving": {"treasure_island": True, "interaction": "peaceloving"},
    "aggressive": {"treasure_island": True, "interaction": "aggressive"},
    "random_treasures": {"treasure_island": True, "random_treasures": True},
    "treasure_hunters": {"treasure_island": True, "treasure_hunters": True},
    "new_artifacts": {"treasure_island": True, "artifacts": "new"},
    "random_artifacts": {"artifacts": "random"},
    "ten_artifacts": {"treasure_island": True, "artifacts": "ten"},
}


def check_invariants(state: ProphecyState) -> None:
    sst = state.standard
    assert sst is not None
    i = sst.island
    exp = state.options.standard.expansion  # type: ignore[union-attr]  # a Standard game, built by the test
    if exp.treasure_island:
        assert i is not None and i.playing
        fragments = list(i.fragments) + list(i.discarded) + list(i.placed.values())
        fragments += [c for held in i.held.values() for c in held if c in FRAGMENTS]
        assert Counter(fragments) == Counter(FRAGMENTS), "Map Fragments not conserved"
        for space, card in i.placed.items():
            assert island_content().fragment_space(card) == space
        treasures = list(i.deck) + list(i.up) + (list(i.blind.drawn) if i.blind else [])
        for p in state.players:
            treasures += [x.card for x in p.items if x.card in TREASURES]
        treasures += [c for c in state.decks.rare.draw + state.decks.rare.discard if c in TREASURES]
        treasures += [x.card for offer in state.offers.values() for x in offer if x.card in TREASURES]
        counted = Counter(treasures)
        assert all(n == 1 for n in counted.values()), "a Treasure in two places"
        if not exp.treasure_hunters:
            assert set(counted) == TREASURES, "a Treasure lost"
        assert all(v >= 0 for v in i.fame.values())
        for p in state.players:
            if p.board == "island":
                assert p.alive and sst.final_battle is None
    # the Artifacts: each in one place (on a plane, paired, lying, held, or out of the game)
    cards = [pl.artifact for pl in sst.planes if pl.artifact] + [c for v in sst.dropped.values() for c in v]
    cards += [a for me in sst.players.values() for a in me.artifacts]
    if i is not None:
        cards += list(i.pairs.values()) + list(i.removed) + (list(i.keep.options) if i.keep else [])
    assert len(cards) == len(set(cards)), "an Artifact in two places"
    if state.status == "active":
        assert SYSTEM.pending(state) is not None
    assert_round_trips(state)


def check_views(state: ProphecyState) -> None:
    i = state.standard.island  # type: ignore[union-attr]  # a Standard game, built by the test
    if i is None:
        return
    for viewer in [None] + [p.player for p in state.players]:
        shown = SYSTEM.view(state, viewer).standard.island  # type: ignore[union-attr]  # a Standard game, built by the test
        assert shown.deck == sorted(i.deck) and shown.fragments == sorted(i.fragments)
        assert set(shown.foretold) <= {viewer}
        if i.blind is not None and viewer != i.blind.player:
            assert set(shown.blind.drawn) == {HIDDEN}
        if i.keep is not None and viewer != i.keep.player:
            assert set(shown.keep.options) == {HIDDEN}
        for plane in state.standard.planes:  # type: ignore[union-attr]  # a Standard game, built by the test
            if plane.id in i.pairs and "artifact" not in plane.up and viewer not in plane.seen.get("artifact", []):
                assert shown.pairs[plane.id] == HIDDEN


def _replay(seed: int, seats: list[Seat], options: dict[str, Any], actions: list[tuple[str, dict[str, Any]]]) -> str:
    state = SYSTEM.new_game(seats, options, seed).state
    for actor, action in actions:
        state = SYSTEM.apply(state, actor, json.loads(json.dumps(action))).state
    return state.dump()


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("levels,seed", [(("heuristic", "heuristic", "heuristic"), 11), (("random", "heuristic"), 7)])
def test_island_properties__whole_games(name, levels, seed):
    options = {"version": "standard", "standard": {"character_choice": "random", "expansion": CONFIGS[name]}}
    steps = [0]

    def on_step(_before: ProphecyState, _actor: str, _action: Any, after: ProphecyState) -> None:
        check_invariants(after)
        steps[0] += 1
        if steps[0] % 5 == 0:
            check_views(after)

    rec = play(list(levels), seed, options, max_actions=5000, on_step=on_step)
    assert rec.state is not None
    assert rec.state.status == "finished", f"{name}: the game did not end in 5000 actions"
    if CONFIGS[name].get("treasure_hunters"):
        assert rec.state.end_reason in ("treasure_hunters", "treasure_hunters_early", "last_standing")
    assert _replay(seed, rec.seats, rec.options, rec.actions) == rec.state.dump()
