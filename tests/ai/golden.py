"""Golden self-play games: the proof that speed work leaves every AI choice unchanged.

Each entry is a game (AI levels, seed, options) and a SHA-256 of its whole action log plus
the final state's JSON. Replaying the same seeds must give byte-identical logs and states.
Regenerate only when a rule or an AI choice is changed on purpose:
    python3 -m tests.ai.golden --write
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import packs  # noqa: F401  (reads data/ into the engine when run as a script)
from engine.ai.simulate import play
from engine.prophecy.game import SYSTEM

FIXTURE = Path(__file__).with_name("golden_games.json")


def golden_cases() -> list[dict[str, Any]]:
    """20 four-heuristic games, 4 heuristic-vs-baseline, 3 heuristic-vs-random and 1 all random."""
    cases: list[dict[str, Any]] = []
    for seed in range(20):
        cases.append({"levels": ["heuristic"] * 4, "seed": seed, "options": {"round_limit": 300}})
    for i in range(4):
        levels = ["baseline"] * 4
        levels[i] = "heuristic"
        cases.append({"levels": levels, "seed": 20_000 + i, "options": {"round_limit": 300}})
    for i in range(3):
        levels = ["random"] * 4
        levels[i] = "heuristic"
        cases.append({"levels": levels, "seed": 10_000 + i, "options": {"round_limit": 300}})
    cases.append({"levels": ["random"] * 3, "seed": 77, "options": {"round_limit": 60}})
    return cases


def fingerprint(levels: list[str], seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """The game's digest plus a few readable figures (to see at a glance what changed)."""
    rec = play(levels, seed, options)
    assert rec.state is not None
    h = hashlib.sha256()
    for actor, action in rec.actions:
        h.update(json.dumps([actor, action], sort_keys=True, separators=(",", ":")).encode())
        h.update(b"\n")
    h.update(SYSTEM.dump_state(rec.state).encode())
    return {"sha256": h.hexdigest(), "actions": len(rec.actions), "round": rec.state.round,
            "winner": rec.state.winner}


def main() -> None:
    results = [{**case, **fingerprint(case["levels"], case["seed"], case["options"])} for case in golden_cases()]
    text = json.dumps(results, indent=1) + "\n"
    if "--write" in sys.argv:
        FIXTURE.write_text(text)
        print(f"wrote {len(results)} games to {FIXTURE}")
    else:
        print(text)


if __name__ == "__main__":
    main()
