"""Engine and AI figures, measured and printed (one process, one core):

1. the heuristic's win rate in 4-seat games against three copies of the frozen baseline
   (`engine.ai.baseline`), its seat rotated, with a 95% Wilson interval (parity is 25%);
2. four-player heuristic games per second (the same games timed --repeat times, each run
   starting from an empty AI memo; best and median printed), and microseconds per action
   spent in the rules engine (`apply`) and in the AI's decision, timed separately around
   each call;
3. rounds per game, and the heuristic's win rate against three random players;
4. the same for the Standard Version (`version: standard`): four-player heuristic games per
   second (timed once, the AI memo emptied first), rounds per game, how the games ended
   (four Artifacts, Final Battle, Apocalypse, last survivor, round limit; the Apocalypse
   variant is played in every other game so that ending can happen), and the heuristic's
   win rate against three random players. Standard games are longer and their decisions
   richer, so fewer are played: N is printed.
5. Darkest Talisman campaigns played by the campaign AI (solo and three-seat co-op in turn):
   campaigns and actions per second (apply and AI timed apart), days travelled and village
   returns per campaign, and how the campaigns ended (the Crown, the party's end, or still
   under way at the action cap).
6. the Water Realm expansion on the Standard game: for the whole expansion and for each of
   its variants (a part left out, the Artifacts chosen, the Treasure Island variants, Lord of
   the Sea), four-player heuristic games per second and how the games ended.

CPU time (time.process_time) is used, so other programs on the machine skew the figures
less (on a busy machine they still do: compare the best of the repeats). The content pack
is loaded, one game played and the loaded objects frozen out of the garbage collector's
work (gc.freeze) before anything is timed; the load time is printed on its own line. The
whole run's CPU and wall time close the report.
Run: python benchmarks/engine.py [--vs-baseline N] [--games N] [--repeat N] [--vs-random N]
     [--std-games N] [--std-vs-random N] [--campaigns N] [--campaign-actions N] [--wr-games N]
"""
from __future__ import annotations

import argparse
import gc
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import packs  # noqa: E402,F401  (reads data/ into the engine)
from engine.ai.board import tables_for  # noqa: E402
from engine.ai.heuristic import forget  # noqa: E402
from engine.ai.std_plan import forget as forget_standard  # noqa: E402
from engine.ai.simulate import SIM_PLAYERS, ai_rng  # noqa: E402
from engine.core.system import Seat  # noqa: E402
from engine.prophecy.content import pack_by_id  # noqa: E402
from engine.prophecy.game import SYSTEM  # noqa: E402

clock = time.process_time


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
    for _ in range(20_000):
        pend = SYSTEM.pending(state)
        if pend is None:
            break
        t0 = clock()
        action = SIM_PLAYERS[level[pend.player]](state, pend.player, rngs[pend.player])  # type: ignore[index]
        t1 = clock()
        state = SYSTEM.apply(state, pend.player, action).state
        t2 = clock()
        t_ai += t1 - t0
        t_apply += t2 - t1
        actions += 1
    return state, actions, t_apply, t_ai


def seat_rotated(opponent: str, games: int, seed0: int, round_limit: int) -> tuple[int, int, list[int]]:
    """The heuristic in seat (i mod 4) of game i against three `opponent` seats."""
    wins = by_limit = 0
    rounds = []
    for i in range(games):
        seat = i % 4
        levels = [opponent] * 4
        levels[seat] = "heuristic"
        st, _n, _a, _b = timed_game(levels, seed0 + i, {"round_limit": round_limit})
        wins += st.winner == f"p{seat + 1}"
        by_limit += st.end_reason == "round_limit"
        rounds.append(st.round)
    return wins, by_limit, rounds


def warm_up() -> float:
    """Load the content pack and the AI's board tables, play one game, freeze what is loaded.

    Returns the CPU seconds the first load took (shown apart from the per-game figures).
    """
    t0 = clock()
    tables_for(pack_by_id("base"))
    loaded = clock() - t0
    timed_game(["heuristic"] * 4, 999_999, {"round_limit": 50})
    gc.collect()
    gc.freeze()  # long-lived content stays out of every later collection
    return loaded


def speed(games: int, round_limit: int) -> dict[str, Any]:
    """Four heuristic seats, seeds 0..games-1: time in total, in apply and in the AI.

    The AI's memo of values shared between decisions is emptied first, so a repeat of the
    same games does not find them already worked out.
    """
    forget()
    actions = 0
    t_apply = t_ai = 0.0
    rounds = []
    unfinished = 0
    t0 = clock()
    for seed in range(games):
        st, n, a, b = timed_game(["heuristic"] * 4, seed, {"round_limit": round_limit})
        actions += n
        t_apply += a
        t_ai += b
        rounds.append(st.round)
        unfinished += st.end_reason == "round_limit"
    return {"elapsed": clock() - t0, "actions": actions, "apply": t_apply, "ai": t_ai, "rounds": rounds,
            "unfinished": unfinished}


#: how a Standard game can end (`ProphecyState.end_reason`), in the order printed
STD_ENDINGS = ("four_artifacts", "final_battle", "apocalypse", "last_standing", "round_limit", "everyone_died")


def std_options(seed: int, round_limit: int) -> dict[str, Any]:
    """A Standard game; every other seed plays the Apocalypse variant (ruling apocalypse)."""
    return {"version": "standard", "round_limit": round_limit, "standard": {"apocalypse": seed % 2 == 1}}


def std_speed(games: int, seed0: int, round_limit: int) -> dict[str, Any]:
    """Four heuristic seats in Standard games, timed as `speed` times the Basic ones."""
    forget_standard()
    actions = 0
    t_apply = t_ai = 0.0
    rounds: list[int] = []
    endings: dict[str, int] = {}
    t0 = clock()
    for i in range(games):
        st, n, a, b = timed_game(["heuristic"] * 4, seed0 + i, std_options(seed0 + i, round_limit))
        actions += n
        t_apply += a
        t_ai += b
        rounds.append(st.round)
        endings[st.end_reason] = endings.get(st.end_reason, 0) + 1
    return {"elapsed": clock() - t0, "actions": actions, "apply": t_apply, "ai": t_ai, "rounds": rounds,
            "endings": endings}


def std_vs_random(games: int, seed0: int, round_limit: int) -> tuple[int, dict[str, int], list[int]]:
    """The heuristic in seat (i mod 4) of Standard game i against three random seats."""
    wins = 0
    endings: dict[str, int] = {}
    rounds = []
    for i in range(games):
        seat = i % 4
        levels = ["random"] * 4
        levels[seat] = "heuristic"
        st, _n, _a, _b = timed_game(levels, seed0 + i, std_options(seed0 + i, round_limit))
        wins += st.winner == f"p{seat + 1}"
        endings[st.end_reason] = endings.get(st.end_reason, 0) + 1
        rounds.append(st.round)
    return wins, endings, rounds


def endings_text(endings: dict[str, int]) -> str:
    names = {"four_artifacts": "four Artifacts", "final_battle": "Final Battle", "apocalypse": "Apocalypse",
             "last_standing": "last survivor", "round_limit": "round limit", "everyone_died": "everyone died",
             "treasure_hunters": "last Treasure dug", "treasure_hunters_early": "Fame out of reach",
             "lord_of_the_sea": "Lord of the Sea beaten"}
    known = [f"{names[k]} {endings.get(k, 0)}" for k in STD_ENDINGS if k != "everyone_died" or endings.get(k)]
    # (the expansion's own endings follow, named, only when they happened)
    other = [f"{names.get(k, k)} {v}" for k, v in endings.items() if k not in STD_ENDINGS]
    return ", ".join(known + other)


def standard_section(games: int, vs_random: int, round_limit: int) -> None:
    t0 = clock()
    timed_game(["heuristic"] * 4, 999_998, std_options(0, 60))  # loads the Standard pack
    gc.collect()
    gc.freeze()
    print(f"Standard Version (pack and a warm-up game: {clock() - t0:.1f} s CPU, not in the figures below)")
    if games:
        run = std_speed(games, 40_000, round_limit)
        actions, elapsed = run["actions"], run["elapsed"]
        rounds = run["rounds"]
        print(f"  4-player heuristic games: N={games} games, timed once (CPU, one core)")
        print(f"    games per second:      {games / elapsed:.2f} ({elapsed / games:.2f} s a game)")
        print(f"    actions per game:      {actions / games:.0f}")
        print(f"    engine apply:          {run['apply'] / actions * 1e6:.0f} us/action "
              f"({run['apply'] / elapsed:.0%} of the time)")
        print(f"    AI decision:           {run['ai'] / actions * 1e6:.0f} us/decision "
              f"({run['ai'] / elapsed:.0%} of the time)")
        print(f"    rounds per game: mean {statistics.mean(rounds):.1f}, median {statistics.median(rounds):.0f}, "
              f"min {min(rounds)}, max {max(rounds)} (round limit {round_limit})")
        print(f"    how they ended: {endings_text(run['endings'])}")
    if vs_random:
        t1 = clock()
        wins, endings, rounds = std_vs_random(vs_random, 50_000, round_limit)
        lo, hi = wilson(wins, vs_random)
        print(f"  heuristic vs 3 random (seat rotated): N={vs_random} games in {clock() - t1:.1f} s")
        print(f"    heuristic win rate: {wins / vs_random:.1%} (95% CI {lo:.1%}-{hi:.1%}); "
              f"mean rounds {statistics.mean(rounds):.1f}")
        print(f"    how they ended: {endings_text(endings)}")


#: the expansion's configurations timed in section 6: (label, ExpansionOptions fields); the
#: edition /game new offers is the first, each variant changes it as its /game new option does
WR_ALL = {"new_cards": True, "treasure_island": True, "water_realm": True, "artifacts": "new"}
WR_CONFIGS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("whole expansion", WR_ALL),
    ("without the new cards", {**WR_ALL, "new_cards": False}),
    ("without Treasure Island", {**WR_ALL, "treasure_island": False}),
    ("without the Water Realm", {**WR_ALL, "water_realm": False}),
    ("base Artifacts", {**WR_ALL, "artifacts": "base"}),
    ("five Artifacts at random", {**WR_ALL, "artifacts": "random"}),
    ("Ten Artifacts", {**WR_ALL, "artifacts": "ten"}),
    ("Peaceloving", {**WR_ALL, "interaction": "peaceloving"}),
    ("Aggressive", {**WR_ALL, "interaction": "aggressive"}),
    ("Random Treasures", {**WR_ALL, "random_treasures": True}),
    ("Treasure Hunters", {**WR_ALL, "treasure_hunters": True, "water_realm": False, "artifacts": "base"}),
    ("Lord of the Sea", {**WR_ALL, "lord_of_the_sea": True, "artifacts": "base"}),
)


def water_realm_section(games: int, round_limit: int) -> None:
    """Each expansion configuration: `games` four-heuristic games, timed (CPU), and their endings."""
    t0 = clock()
    timed_game(["heuristic"] * 4, 999_997, {"version": "standard", "round_limit": 60,
                                            "standard": {"expansion": WR_ALL}})  # loads the packs
    gc.collect()
    gc.freeze()
    print(f"Water Realm expansion (packs and a warm-up game: {clock() - t0:.1f} s CPU, not in the figures below)")
    print(f"  4-player heuristic games: N={games} per configuration, timed once (CPU, one core)")
    for label, expansion in WR_CONFIGS:
        forget_standard()
        endings: dict[str, int] = {}
        rounds: list[int] = []
        actions = 0
        t1 = clock()
        for i in range(games):
            options = {"version": "standard", "round_limit": round_limit, "standard": {"expansion": expansion}}
            st, n, _a, _b = timed_game(["heuristic"] * 4, 60_000 + i, options)
            actions += n
            rounds.append(st.round)
            endings[st.end_reason] = endings.get(st.end_reason, 0) + 1
        elapsed = clock() - t1
        print(f"    {label + ':':26} {games / elapsed:5.2f} games/s, {actions / games:4.0f} actions a game, "
              f"mean {statistics.mean(rounds):.1f} rounds; ended: {endings_text(endings)}")


def campaign_section(campaigns: int, cap: int) -> None:
    """Darkest Talisman: whole campaigns run by the heuristic campaign AI (engine/darkest_talisman/ai.py)."""
    import random as _random

    from engine.darkest_talisman.ai import PLAYERS as CAMPAIGN_AI
    from engine.darkest_talisman.game import SYSTEM as CAMPAIGN
    from engine.darkest_talisman.simulate import seats_for

    t0 = clock()
    CAMPAIGN.new_game(seats_for(["heuristic"]), {}, 0)  # loads the campaign pack
    print(f"Darkest Talisman campaigns (pack: {clock() - t0:.2f} s CPU, not in the figures below)")
    actions = 0
    t_apply = t_ai = 0.0
    days: list[int] = []
    returns: list[int] = []
    endings = {"won": 0, "lost": 0, "under way": 0}
    troves = deaths = 0
    start = clock()
    for seed in range(campaigns):
        levels = ["heuristic"] if seed % 2 == 0 else ["heuristic"] * 3
        state = CAMPAIGN.new_game(seats_for(levels), {}, seed).state
        for n in range(cap):
            pend = CAMPAIGN.pending(state)
            if pend is None:
                break
            a0 = clock()
            action = CAMPAIGN_AI["heuristic"](state, pend.player, _random.Random(f"{seed}:{pend.player}:{n}"))
            a1 = clock()
            state = CAMPAIGN.apply(state, pend.player, action).state
            t_ai += a1 - a0
            t_apply += clock() - a1
            actions += 1
        days.append(state.stats.days)
        returns.append(state.stats.returns)
        endings[state.outcome or "under way"] += 1
        troves += state.stats.troves_won
        deaths += state.stats.deaths
    elapsed = clock() - start
    print(f"  heuristic campaigns: N={campaigns} (solo and 3-seat co-op in turn), at most {cap} actions each")
    print(f"    campaigns per second:  {campaigns / elapsed:.2f} ({elapsed / campaigns:.1f} s a campaign)")
    print(f"    actions per second:    {actions / elapsed:.0f} ({actions / campaigns:.0f} actions a campaign)")
    print(f"    engine apply:          {t_apply / actions * 1e6:.0f} us/action ({t_apply / elapsed:.0%} of the time)")
    print(f"    AI decision:           {t_ai / actions * 1e6:.0f} us/decision ({t_ai / elapsed:.0%} of the time)")
    print(f"    days per campaign:     mean {statistics.mean(days):.0f}, median {statistics.median(days):.0f}, "
          f"min {min(days)}, max {max(days)}")
    print(f"    returns per campaign:  mean {statistics.mean(returns):.1f}, median {statistics.median(returns):.0f}, "
          f"max {max(returns)}")
    print(f"    how they ended: the Crown {endings['won']}, the party's end {endings['lost']}, "
          f"under way at the cap {endings['under way']}; troves won {troves}, characters died {deaths}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--vs-baseline", type=int, default=200, help="games of 1 heuristic vs 3 baseline")
    ap.add_argument("--games", type=int, default=100, help="4-player heuristic games to time")
    ap.add_argument("--repeat", type=int, default=3, help="times the 4-player games are timed")
    ap.add_argument("--vs-random", type=int, default=100, help="games of 1 heuristic vs 3 random")
    ap.add_argument("--round-limit", type=int, default=300, help="safety stop for random-heavy games")
    ap.add_argument("--std-games", type=int, default=8, help="Standard 4-player heuristic games to time")
    ap.add_argument("--std-vs-random", type=int, default=20, help="Standard games of 1 heuristic vs 3 random")
    ap.add_argument("--campaigns", type=int, default=10, help="Darkest Talisman campaigns run by the AI")
    ap.add_argument("--campaign-actions", type=int, default=4000, help="safety stop: actions per campaign")
    ap.add_argument("--wr-games", type=int, default=2, help="Water Realm games per expansion configuration")
    args = ap.parse_args()
    start, wall = clock(), time.perf_counter()
    loaded = warm_up()
    print(f"content pack and AI tables loaded in {loaded * 1000:.0f} ms (CPU; not in the figures below)")

    # 1. the yardstick: win rate against the frozen previous heuristic
    t0 = clock()
    wins, by_limit, rounds = seat_rotated("baseline", args.vs_baseline, 20_000, args.round_limit)
    if args.vs_baseline:
        lo, hi = wilson(wins, args.vs_baseline)
        print(f"heuristic vs 3 baseline (seat rotated): N={args.vs_baseline} games in {clock() - t0:.1f} s")
        print(f"  heuristic win rate: {wins / args.vs_baseline:.1%} (95% CI {lo:.1%}-{hi:.1%}; parity 25%; "
              f"{by_limit} decided by the round limit; mean rounds {statistics.mean(rounds):.1f})")

    # 2. speed: four heuristic seats, the same games timed `repeat` times
    if args.games and args.repeat:
        runs = [speed(args.games, args.round_limit) for _ in range(max(1, args.repeat))]
        rates = sorted(args.games / r["elapsed"] for r in runs)
        best = min(runs, key=lambda r: r["elapsed"])
        actions, elapsed = best["actions"], best["elapsed"]
        print(f"4-player heuristic games: {args.games} games x {len(runs)} runs (CPU, one core)")
        print(f"  games per second:        {rates[-1]:.1f} best, {statistics.median(rates):.1f} median"
              f" (runs: {', '.join(f'{r:.1f}' for r in rates)})")
        print(f"  actions per game:        {actions / args.games:.0f}")
        print(f"  engine apply:            {best['apply'] / actions * 1e6:.0f} us/action "
              f"({best['apply'] / elapsed:.0%} of the time; best run)")
        print(f"  AI decision:             {best['ai'] / actions * 1e6:.0f} us/decision "
              f"({best['ai'] / elapsed:.0%} of the time; best run)")
        rounds = best["rounds"]
        print(f"  rounds per game: mean {statistics.mean(rounds):.1f}, median {statistics.median(rounds):.0f}, "
              f"min {min(rounds)}, max {max(rounds)}; stopped by the round limit ({args.round_limit}): "
              f"{best['unfinished']}")

    # 3. against random play
    t0 = clock()
    wins, by_limit, _r = seat_rotated("random", args.vs_random, 10_000, args.round_limit)
    if args.vs_random:
        lo, hi = wilson(wins, args.vs_random)
        print(f"heuristic vs 3 random (seat rotated): N={args.vs_random} games in {clock() - t0:.1f} s")
        print(f"  heuristic win rate: {wins / args.vs_random:.1%} (95% CI {lo:.1%}-{hi:.1%}; "
              f"{by_limit} decided by the round limit)")

    # 4. the Standard Version
    if args.std_games or args.std_vs_random:
        standard_section(args.std_games, args.std_vs_random, args.round_limit)

    # 5. Darkest Talisman campaigns
    if args.campaigns:
        campaign_section(args.campaigns, args.campaign_actions)

    # 6. the Water Realm expansion and its variants
    if args.wr_games:
        water_realm_section(args.wr_games, args.round_limit)
    print(f"whole benchmark: {clock() - start:.1f} s CPU, {time.perf_counter() - wall:.1f} s wall")


if __name__ == "__main__":
    main()
