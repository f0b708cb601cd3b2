"""Engine figures: 4-player heuristic games per second, actions per second, rounds per game,
and the heuristic player's win rate against three random players.

Run: python benchmarks/engine.py [--games N] [--vs-random N]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai.simulate import play  # noqa: E402
from engine.prophecy.game import SYSTEM  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200, help="4-player heuristic games to time")
    ap.add_argument("--vs-random", type=int, default=1000, help="games of 1 heuristic vs 3 random")
    ap.add_argument("--round-limit", type=int, default=400, help="safety stop for random-heavy games")
    args = ap.parse_args()

    rounds, actions, unfinished = [], 0, 0
    engine_time = [0.0]

    def timed_step(before, actor, action, after):  # type: ignore[no-untyped-def]
        # re-apply the same action to time the rules engine alone (the AI's thinking excluded)
        t = time.perf_counter()
        SYSTEM.apply(before, actor, action)
        engine_time[0] += time.perf_counter() - t

    t0 = time.perf_counter()
    for seed in range(args.games):
        rec = play(["heuristic"] * 4, seed, {"round_limit": args.round_limit}, on_step=timed_step)
        st = rec.state
        assert st is not None
        actions += len(rec.actions)
        rounds.append(st.round)
        unfinished += st.end_reason == "round_limit"
    elapsed = time.perf_counter() - t0 - engine_time[0]
    print(f"4-player heuristic games: {args.games} in {elapsed:.1f} s")
    print(f"  games per second (one core): {args.games / elapsed:.2f}")
    print(f"  actions per second:          {actions / elapsed:.0f} (AI thinking included)")
    print(f"  engine alone (apply):        {actions / engine_time[0]:.0f} actions per second")
    print(f"  rounds per game: mean {statistics.mean(rounds):.1f}, median {statistics.median(rounds):.0f}, "
          f"min {min(rounds)}, max {max(rounds)}")
    print(f"  games stopped by the round limit ({args.round_limit}): {unfinished}")

    wins = by_limit = 0
    t0 = time.perf_counter()
    for seed in range(args.vs_random):
        seat = seed % 4
        levels = ["random"] * 4
        levels[seat] = "heuristic"
        rec = play(levels, 10_000 + seed, {"round_limit": args.round_limit})
        st = rec.state
        assert st is not None
        wins += st.winner == f"p{seat + 1}"
        by_limit += st.end_reason == "round_limit"
    elapsed = time.perf_counter() - t0
    if args.vs_random:
        print(f"heuristic vs 3 random: {args.vs_random} games in {elapsed:.1f} s")
        print(f"  heuristic win rate: {wins / args.vs_random:.1%} (seat rotated; {by_limit} decided by the round limit)")


if __name__ == "__main__":
    main()
