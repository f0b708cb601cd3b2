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
5. per system (issue #30), microseconds per action in the rules engine (`apply`), per AI
   decision, and per action with its decision ("action incl. AI"), timed apart with CPU time:
   Prophecy Basic and Standard (the games above), the Water Realm (whole expansion, --wr-games
   games; the target line: at most 300 us per action incl. AI), a Darkest Talisman campaign
   (--campaign-actions actions of one solo campaign, its apply also per quarter of the
   campaign, to show whether it grows as the campaign gets long) and Magical Orders (no AI and
   no turns: a scripted run of random legal actions, apply only).
Darkest Talisman campaigns are measured in full by benchmarks/campaign.py, the Water Realm expansion's every
configuration by benchmarks/water_realm.py: each is a long run of its own, so this one stays short.

Every self-played game's turns are watched: the report closes with "turns that never end: N",
the turns that ran past engine/core/turn_watch.py's bound of actions (a stalled table; 0 is
the only right answer). CPU time (time.process_time) is used, so other programs on the machine skew the figures
less (on a busy machine they still do: compare the best of the repeats). The content pack
is loaded, one game played and the loaded objects frozen out of the garbage collector's
work (gc.freeze) before anything is timed; the load time is printed on its own line. The
whole run's CPU and wall time close the report.
Run: python benchmarks/engine.py [--vs-baseline N] [--games N] [--repeat N] [--vs-random N]
     [--std-games N] [--std-vs-random N] [--wr-games N] [--campaign-actions N] [--orders-actions N]
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from selfplay import TURNS, clock, endings_text, per_action, target_line, timed_game, wilson  # noqa: E402

import packs  # noqa: E402,F401  (reads data/ into the engine)
from engine.ai.board import tables_for  # noqa: E402
from engine.ai.heuristic import forget  # noqa: E402
from engine.ai.std_plan import forget as forget_standard  # noqa: E402
from engine.core.system import Seat  # noqa: E402
from engine.darkest_talisman.ai import PLAYERS as CAMPAIGN_AI  # noqa: E402
from engine.darkest_talisman.game import SYSTEM as CAMPAIGN  # noqa: E402
from engine.darkest_talisman.simulate import seats_for  # noqa: E402
from engine.orders.game import SYSTEM as ORDERS  # noqa: E402
from engine.orders.rules import legal_actions as orders_legal  # noqa: E402
from engine.prophecy.content import pack_by_id  # noqa: E402

#: the Water Realm expansion as /game new offers it (benchmarks/water_realm.py times each variant)
WR_ALL = {"new_cards": True, "treasure_island": True, "water_realm": True, "artifacts": "new"}


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


def standard_section(games: int, vs_random: int, round_limit: int) -> dict[str, Any] | None:
    """The Standard Version's figures; returns the timed run (for the per-system table)."""
    t0 = clock()
    timed_game(["heuristic"] * 4, 999_998, std_options(0, 60))  # loads the Standard pack
    gc.collect()
    gc.freeze()
    print(f"Standard Version (pack and a warm-up game: {clock() - t0:.1f} s CPU, not in the figures below)")
    run: dict[str, Any] | None = None
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
        print(f"    action incl. AI:       {(run['apply'] + run['ai']) / actions * 1e6:.0f} us")
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
    return run


def water_speed(games: int, round_limit: int) -> tuple[int, float, float]:
    """Four heuristic seats in whole-expansion Water Realm games (benchmarks/water_realm.py's seeds)."""
    forget_standard()
    options = {"version": "standard", "round_limit": round_limit, "standard": {"expansion": WR_ALL}}
    timed_game(["heuristic"] * 4, 999_997, {**options, "round_limit": 60})  # loads the packs
    gc.collect()
    gc.freeze()
    forget_standard()
    actions, t_apply, t_ai = 0, 0.0, 0.0
    for i in range(games):
        _st, n, a, b = timed_game(["heuristic"] * 4, 60_000 + i, options)
        actions, t_apply, t_ai = actions + n, t_apply + a, t_ai + b
    return actions, t_apply, t_ai


def campaign_speed(cap: int, seed: int = 0) -> tuple[int, int, float, float, list[float]]:
    """One solo Darkest Talisman campaign of at most `cap` actions, run as benchmarks/campaign.py
    runs it (the bot's forced answers are no AI decision): (actions, AI decisions, apply s, AI s,
    apply us/action in each quarter of the actions)."""
    CAMPAIGN.new_game(seats_for(["heuristic"]), {}, 0)  # loads the campaign pack
    gc.collect()
    gc.freeze()
    state = CAMPAIGN.new_game(seats_for(["heuristic"]), {}, seed).state
    per_step: list[float] = []
    decisions = 0
    t_ai = 0.0
    for n in range(cap):
        pend = CAMPAIGN.pending(state)
        if pend is None:
            break
        a0 = clock()
        action = CAMPAIGN.forced_action(state)
        if action is None:
            decisions += 1
            action = CAMPAIGN_AI["heuristic"](state, pend.player, random.Random(f"{seed}:{pend.player}:{n}"))
        a1 = clock()
        state = CAMPAIGN.apply(state, pend.player, action).state
        per_step.append(clock() - a1)
        t_ai += a1 - a0
    q = max(1, len(per_step) // 4)
    quarters = [sum(per_step[i:i + q]) / len(per_step[i:i + q]) * 1e6 for i in range(0, q * 4, q) if per_step[i:i + q]]
    return len(per_step), decisions, sum(per_step), t_ai, quarters


def orders_speed(actions: int, seed: int = 0) -> tuple[int, float]:
    """Magical Orders: four seats, `actions` random legal actions (points as listed, advancing,
    tasks, calls for help), apply only: the tracker has no AI and no turns."""
    seats = [Seat(player=f"p{i + 1}", name=f"P{i + 1}") for i in range(4)]
    state = ORDERS.new_game(seats, {}, seed).state
    rng = random.Random(seed)
    done, t_apply = 0, 0.0
    for _ in range(actions * 4):
        if done >= actions:
            break
        actor = f"p{rng.randint(1, 4)}"
        listed = orders_legal(state, actor)
        if not listed:
            continue
        t0 = clock()
        try:
            state = ORDERS.apply(state, actor, rng.choice(listed)).state
        except Exception:  # noqa: BLE001 - a refused action (points it cannot spend) changes nothing
            pass
        t_apply += clock() - t0
        done += 1
    return done, t_apply


def per_system_section(basic: dict[str, Any] | None, std: dict[str, Any] | None, wr_games: int,
                       campaign_actions: int, orders_actions: int, round_limit: int) -> None:
    print("per system, CPU time, apply and AI timed apart (issue #30):")
    if basic:
        print(f"  {'Prophecy Basic:':28} {per_action(basic['apply'], basic['ai'], basic['actions'])}")
    if std:
        print(f"  {'Prophecy Standard:':28} {per_action(std['apply'], std['ai'], std['actions'])}")
    if wr_games:
        n, a, b = water_speed(wr_games, round_limit)
        print(f"  {'Water Realm (whole, ' + str(wr_games) + ' g):':28} {per_action(a, b, n)}")
        print(f"    {target_line(a, b, n)}")
    if campaign_actions:
        n, decisions, a, b, quarters = campaign_speed(campaign_actions)
        print(f"  {'Darkest Talisman campaign:':28} {per_action(a, b, n, decisions)} "
              f"({n} actions, {decisions} AI decisions)")
        print(f"    apply per quarter of the campaign: {', '.join(f'{x:.0f}' for x in quarters)} us/action")
    if orders_actions:
        n, a = orders_speed(orders_actions)
        print(f"  {'Magical Orders:':28} {per_action(a, 0.0, n, 0)} ({n} actions, no AI)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--vs-baseline", type=int, default=200, help="games of 1 heuristic vs 3 baseline")
    ap.add_argument("--games", type=int, default=100, help="4-player heuristic games to time")
    ap.add_argument("--repeat", type=int, default=3, help="times the 4-player games are timed")
    ap.add_argument("--vs-random", type=int, default=100, help="games of 1 heuristic vs 3 random")
    ap.add_argument("--round-limit", type=int, default=300, help="safety stop for random-heavy games")
    ap.add_argument("--std-games", type=int, default=8, help="Standard 4-player heuristic games to time")
    ap.add_argument("--std-vs-random", type=int, default=20, help="Standard games of 1 heuristic vs 3 random")
    ap.add_argument("--wr-games", type=int, default=1, help="whole-expansion Water Realm games, per-action figures")
    ap.add_argument("--campaign-actions", type=int, default=1500, help="actions of the timed campaign")
    ap.add_argument("--orders-actions", type=int, default=2000, help="Magical Orders actions timed")
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
    best: dict[str, Any] | None = None
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
        print(f"  action incl. AI:         {(best['apply'] + best['ai']) / actions * 1e6:.0f} us")
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
    std = None
    if args.std_games or args.std_vs_random:
        std = standard_section(args.std_games, args.std_vs_random, args.round_limit)

    # 5. per system: apply, AI, action incl. AI
    per_system_section(best, std, args.wr_games, args.campaign_actions, args.orders_actions, args.round_limit)

    print(TURNS.line())
    print(f"whole benchmark: {clock() - start:.1f} s CPU, {time.perf_counter() - wall:.1f} s wall")


if __name__ == "__main__":
    main()
