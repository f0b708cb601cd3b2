"""Byte-identical games for every system the speed work touches (issue #30).

For each game (a system, seats, a seed, options, a cap of actions) the fixture keeps one
SHA-256 over every step: the actor, the action, the events it gave and the whole state's JSON
after it. The Prophecy games (Basic, Standard, each Water Realm configuration) are played by
their AI seats, so the fingerprint pins the AI's choices as well as the rules. The Darkest
Talisman campaigns are replayed from a recorded list of actions (the campaign AI is not part of
this speed work and may change on its own), so their fingerprint pins the rules engine alone.
Every step also checks that `apply` left the state it was given untouched: a cheaper copy of
the state must still keep the engine pure.

Regenerate only when a rule or an AI choice is changed on purpose:
    python -m tests.ai.same_games --write
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import packs  # noqa: F401  (reads data/ into the engine when run as a script)
from engine.ai.simulate import SIM_PLAYERS, ai_rng
from engine.core.system import Seat
from engine.darkest_talisman.ai import PLAYERS as CAMPAIGN_AI
from engine.darkest_talisman.game import SYSTEM as CAMPAIGN
from engine.darkest_talisman.simulate import seats_for
from engine.prophecy.game import SYSTEM as PROPHECY

FIXTURE = Path(__file__).with_name("same_games.json")
CAMPAIGN_ACTIONS = Path(__file__).with_name("same_games_campaign_actions.json")

#: the Water Realm configurations of benchmarks/water_realm.py (each variant once)
WR_ALL = {"new_cards": True, "treasure_island": True, "water_realm": True, "artifacts": "new"}
WR_CONFIGS: dict[str, dict[str, Any]] = {
    "whole": WR_ALL,
    "no_new_cards": {**WR_ALL, "new_cards": False},
    "no_island": {**WR_ALL, "treasure_island": False},
    "no_water": {**WR_ALL, "water_realm": False},
    "base_artifacts": {**WR_ALL, "artifacts": "base"},
    "random_artifacts": {**WR_ALL, "artifacts": "random"},
    "ten_artifacts": {**WR_ALL, "artifacts": "ten"},
    "peaceloving": {**WR_ALL, "interaction": "peaceloving"},
    "aggressive": {**WR_ALL, "interaction": "aggressive"},
    "random_treasures": {**WR_ALL, "random_treasures": True},
    "treasure_hunters": {**WR_ALL, "treasure_hunters": True, "water_realm": False, "artifacts": "base"},
    "lord_of_the_sea": {**WR_ALL, "lord_of_the_sea": True, "artifacts": "base"},
}


def cases() -> list[dict[str, Any]]:
    """A few capped games per system: short enough for the test suite, long enough that the AI
    plays many kinds of decision (moves, fights, shops, the Water Realm's and the Island's)."""
    out: list[dict[str, Any]] = []
    for seed in (3, 11):
        out.append({"id": f"basic-{seed}", "system": "prophecy", "levels": ["heuristic"] * 4, "seed": seed,
                    "options": {"round_limit": 300}, "cap": 300})
    out.append({"id": "basic-random-77", "system": "prophecy", "levels": ["heuristic", "random", "random"],
                "seed": 77, "options": {"round_limit": 60}, "cap": 200})
    for seed in (40_000, 40_001):
        out.append({"id": f"standard-{seed}", "system": "prophecy", "levels": ["heuristic"] * 4, "seed": seed,
                    "options": {"version": "standard", "round_limit": 300,
                                "standard": {"apocalypse": seed % 2 == 1}}, "cap": 300})
    for i, (label, expansion) in enumerate(WR_CONFIGS.items()):
        out.append({"id": f"water-{label}", "system": "prophecy", "levels": ["heuristic"] * 4, "seed": 60_000 + i,
                    "options": {"version": "standard", "round_limit": 300, "standard": {"expansion": expansion}},
                    "cap": 160})
    out.append({"id": "water-whole-random", "system": "prophecy", "levels": ["heuristic", "random", "heuristic"],
                "seed": 61_000, "options": {"version": "standard", "round_limit": 300,
                                            "standard": {"expansion": WR_ALL}}, "cap": 200})
    for seed, levels in ((0, ["heuristic"]), (1, ["heuristic"] * 3)):
        out.append({"id": f"campaign-{seed}", "system": "campaign", "levels": levels, "seed": seed, "options": {},
                    "cap": 400})
    return out


def _step_digest(h: Any, actor: str, action: Any, events: list[Any], state_json: str) -> None:
    h.update(json.dumps([actor, action.model_dump(mode="json")], sort_keys=True, separators=(",", ":")).encode())
    for e in events:
        h.update(json.dumps(e.model_dump(mode="json"), sort_keys=True, separators=(",", ":")).encode())
    h.update(state_json.encode())
    h.update(b"\n")


def _prophecy(case: dict[str, Any]) -> dict[str, Any]:
    seats = [Seat(player=f"p{i + 1}", name=f"AI {i + 1}", ai=lvl) for i, lvl in enumerate(case["levels"])]
    state = PROPHECY.new_game(seats, case["options"], case["seed"]).state
    rngs = {s.player: ai_rng(case["seed"], s.player) for s in seats}
    h = hashlib.sha256(PROPHECY.dump_state(state).encode())
    before = PROPHECY.dump_state(state)
    n = 0
    for n in range(1, case["cap"] + 1):
        pend = PROPHECY.pending(state)
        if pend is None:
            n -= 1
            break
        action = SIM_PLAYERS[case["levels"][int(pend.player[1:]) - 1]](state, pend.player, rngs[pend.player])
        assert PROPHECY.dump_state(state) == before, f"the AI changed the state at step {n}"
        out = PROPHECY.apply(state, pend.player, action)
        assert PROPHECY.dump_state(state) == before, f"apply changed the state it was given at step {n}"
        state = out.state
        before = PROPHECY.dump_state(state)
        _step_digest(h, pend.player, action, out.events, before)
    return {"sha256": h.hexdigest(), "actions": n, "round": state.round}


def record_campaign(case: dict[str, Any]) -> list[list[Any]]:
    """The campaign's actions as its AI chose them (kept in a file: replayed, not re-chosen)."""
    state = CAMPAIGN.new_game(seats_for(case["levels"]), case["options"], case["seed"]).state
    actions: list[list[Any]] = []
    for n in range(case["cap"]):
        pend = CAMPAIGN.pending(state)
        if pend is None:
            break
        action = CAMPAIGN_AI["heuristic"](state, pend.player, random.Random(f"{case['seed']}:{pend.player}:{n}"))
        state = CAMPAIGN.apply(state, pend.player, action).state
        actions.append([pend.player, action.model_dump(mode="json")])
    return actions


def _campaign(case: dict[str, Any], actions: list[list[Any]]) -> dict[str, Any]:
    state = CAMPAIGN.new_game(seats_for(case["levels"]), case["options"], case["seed"]).state
    h = hashlib.sha256(CAMPAIGN.dump_state(state).encode())
    before = CAMPAIGN.dump_state(state)
    for n, (actor, payload) in enumerate(actions):
        action = CAMPAIGN.parse_action(payload)
        out = CAMPAIGN.apply(state, actor, action)
        assert CAMPAIGN.dump_state(state) == before, f"apply changed the state it was given at step {n}"
        state = out.state
        before = CAMPAIGN.dump_state(state)
        _step_digest(h, actor, action, out.events, before)
    return {"sha256": h.hexdigest(), "actions": len(actions), "round": state.stats.days}


def fingerprint(case: dict[str, Any], campaign_actions: dict[str, Any] | None = None) -> dict[str, Any]:
    if case["system"] == "campaign":
        recorded = (campaign_actions if campaign_actions is not None
                    else json.loads(CAMPAIGN_ACTIONS.read_text()))[case["id"]]
        return _campaign(case, recorded)
    return _prophecy(case)


def main() -> None:
    if "--write" in sys.argv:
        recorded = {c["id"]: record_campaign(c) for c in cases() if c["system"] == "campaign"}
        CAMPAIGN_ACTIONS.write_text(json.dumps(recorded, separators=(",", ":")) + "\n")
    else:
        recorded = json.loads(CAMPAIGN_ACTIONS.read_text())
    results = {c["id"]: fingerprint(c, recorded) for c in cases()}
    text = json.dumps(results, indent=1) + "\n"
    if "--write" in sys.argv:
        FIXTURE.write_text(text)
        print(f"wrote {len(results)} games to {FIXTURE}")
    else:
        print(text)


if __name__ == "__main__":
    main()
