"""What the engine benchmarks share: one timed self-play game, a win-rate interval, the names
of how a game ended, and the count of turns that never end (every self-played game's turns,
watched by engine/core/turn_watch.py: a turn past its bound of actions is one that would stall
a table). Imported by benchmarks/engine.py, benchmarks/water_realm.py and benchmarks/campaign.py
(run from the repository's root or anywhere: the scripts put the root on the path first)."""
from __future__ import annotations

import gc
import math
import sys
import time
from pathlib import Path
from typing import Any, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import packs  # noqa: E402,F401  (reads data/ into the engine)
from engine.ai.simulate import SIM_PLAYERS, ai_rng  # noqa: E402
from engine.core.system import Seat  # noqa: E402
from engine.core.turn_watch import TurnWatch  # noqa: E402
from engine.prophecy.game import SYSTEM  # noqa: E402

#: CPU time: other programs on the machine skew the figures less than with wall time
clock = time.process_time

#: the turns of every game self-played in this run, for the "turns that never end" line
TURNS = TurnWatch()


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate (sound for small samples and rates near 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def timed_game(levels: Sequence[str], seed: int, options: dict[str, Any]) -> tuple[Any, int, float, float]:
    """Play one game; return (final state, actions, seconds in apply, seconds in the AI)."""
    seats = [Seat(player=f"p{i + 1}", name=f"AI {i + 1}", ai=lvl) for i, lvl in enumerate(levels)]
    state = SYSTEM.new_game(seats, options, seed).state
    rngs = {s.player: ai_rng(seed, s.player) for s in seats}
    level = {s.player: s.ai for s in seats}
    actions, t_apply, t_ai = 0, 0.0, 0.0
    turns = TurnWatch(system=SYSTEM.name)
    for _ in range(20_000):
        pend = SYSTEM.pending(state)
        if pend is None:
            break
        t0 = clock()
        action = SIM_PLAYERS[level[pend.player]](state, pend.player, rngs[pend.player])  # type: ignore[index]  # set up by the test
        t1 = clock()
        out = SYSTEM.apply(state, pend.player, action)
        t2 = clock()
        state = out.state
        t_ai += t1 - t0
        t_apply += t2 - t1
        actions += 1
        turns.step(action.type, out.events)
    TURNS.add(turns)
    return state, actions, t_apply, t_ai


#: how a Standard game can end (`ProphecyState.end_reason`), in the order printed
STD_ENDINGS = ("four_artifacts", "final_battle", "apocalypse", "last_standing", "round_limit", "everyone_died")


def endings_text(endings: dict[str, int]) -> str:
    names = {"four_artifacts": "four Artifacts", "final_battle": "Final Battle", "apocalypse": "Apocalypse",
             "last_standing": "last survivor", "round_limit": "round limit", "everyone_died": "everyone died",
             "treasure_hunters": "last Treasure dug", "treasure_hunters_early": "Fame out of reach",
             "lord_of_the_sea": "Lord of the Sea beaten"}
    known = [f"{names[k]} {endings.get(k, 0)}" for k in STD_ENDINGS if k != "everyone_died" or endings.get(k)]
    # (the expansion's own endings follow, named, only when they happened)
    other = [f"{names.get(k, k)} {v}" for k, v in endings.items() if k not in STD_ENDINGS]
    return ", ".join(known + other)


#: issue #30's bar for the Water Realm: one action, the AI's decision included, in at most this
WATER_TARGET_US = 300.0


def per_action(apply_s: float, ai_s: float, actions: int, decisions: int | None = None) -> str:
    """"apply A us/action, AI B us/decision, action incl. AI C us": the rules engine and the AI
    timed apart (CPU, around each call), and what one action costs with its decision. Every
    action of a self-played game is an AI decision unless `decisions` says fewer were (a
    campaign's forced answers are the bot's, not the AI's)."""
    if not actions:
        return "no actions"
    decisions = actions if decisions is None else decisions
    ai = f"{ai_s / decisions * 1e6:6.0f} us/decision" if decisions else "  (no AI)"
    return (f"apply {apply_s / actions * 1e6:6.0f} us/action, AI {ai}, "
            f"action incl. AI {(apply_s + ai_s) / actions * 1e6:6.0f} us")


def target_line(apply_s: float, ai_s: float, actions: int) -> str:
    """The Water Realm's target, met or not, on the figures measured."""
    got = (apply_s + ai_s) / actions * 1e6 if actions else float("nan")
    verdict = "met" if got <= WATER_TARGET_US else f"NOT met ({got / WATER_TARGET_US:.1f}x the target)"
    return f"Water Realm target: <= {WATER_TARGET_US:.0f} us per action incl. AI; measured {got:.0f} us: {verdict}"


def freeze_loaded() -> None:
    """Keep what is loaded so far (content packs, tables) out of every later collection."""
    gc.collect()
    gc.freeze()


def report_total(section: Any, *args: Any) -> None:
    """Run one benchmark section and close the report with the turns that never ended and the
    whole run's CPU and wall time."""
    start, wall = clock(), time.perf_counter()
    section(*args)
    print(TURNS.line())
    print(f"whole benchmark: {clock() - start:.1f} s CPU, {time.perf_counter() - wall:.1f} s wall")
