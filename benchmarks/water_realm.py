"""Water Realm figures, measured and printed (one process, one core): the expansion on the
Standard game, for the whole expansion and for each of its variants (a part left out, the
Artifacts chosen, the Treasure Island variants, Lord of the Sea). For each: four-player
heuristic games per second, actions per game, the mean and the longest game in rounds, the games
stopped at the round limit (the safety stop: a game should end by its own rules long before
it), how the games ended, and microseconds per action in the rules engine (`apply`) and per
AI decision, timed apart around each call, with what an action costs with its decision
("action incl. AI"); then the same per-action figures over every configuration together and
issue #30's target line (a Water Realm action at most 300 us including the AI), then the same
rounds and round-limit figures over every configuration together, and "turns that never end:
N" over all those games (engine/core/turn_watch.py: a turn past the
bound of actions, which would stall a table). CPU time (time.process_time), so other programs
skew it less.
Run: python benchmarks/water_realm.py [--wr-games N] [--round-limit N] [--only LABEL ...]
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from selfplay import clock, endings_text, freeze_loaded, per_action, report_total, target_line, timed_game  # noqa: E402

from engine.ai.std_plan import forget as forget_standard  # noqa: E402

#: the expansion's configurations timed: (label, ExpansionOptions fields); the
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


def water_realm_section(games: int, round_limit: int, only: list[str] | None = None) -> None:
    """Each expansion configuration (or those whose label contains one of `only`): `games`
    four-heuristic games, timed (CPU), their rounds (mean, max, at the limit) and endings."""
    t0 = clock()
    timed_game(["heuristic"] * 4, 999_997, {"version": "standard", "round_limit": 60,
                                            "standard": {"expansion": WR_ALL}})  # loads the packs
    freeze_loaded()
    print(f"Water Realm expansion (packs and a warm-up game: {clock() - t0:.1f} s CPU, not in the figures below)")
    print(f"  4-player heuristic games: N={games} per configuration, timed once (CPU, one core)")
    all_rounds: list[int] = []
    all_limit = 0
    all_actions = 0
    all_apply = all_ai = 0.0
    for label, expansion in WR_CONFIGS:
        if only and not any(o.lower() in label.lower() for o in only):
            continue
        forget_standard()
        endings: dict[str, int] = {}
        rounds: list[int] = []
        actions = 0
        t_apply = t_ai = 0.0
        t1 = clock()
        for i in range(games):
            options = {"version": "standard", "round_limit": round_limit, "standard": {"expansion": expansion}}
            st, n, a, b = timed_game(["heuristic"] * 4, 60_000 + i, options)
            actions += n
            t_apply += a
            t_ai += b
            rounds.append(st.round)
            endings[st.end_reason] = endings.get(st.end_reason, 0) + 1
        elapsed = clock() - t1
        at_limit = endings.get("round_limit", 0)
        all_rounds += rounds
        all_limit += at_limit
        print(f"    {label + ':':26} {games / elapsed:5.2f} games/s, {actions / games:4.0f} actions a game, "
              f"rounds mean {statistics.mean(rounds):.1f} max {max(rounds)}, at the round limit "
              f"({round_limit}) {at_limit}/{games}; ended: {endings_text(endings)}")
        print(f"    {'':26} {per_action(t_apply, t_ai, actions)}")
        all_actions += actions
        all_apply += t_apply
        all_ai += t_ai
    if all_rounds:
        print(f"  every configuration above: {len(all_rounds)} games, rounds mean "
              f"{statistics.mean(all_rounds):.1f} max {max(all_rounds)}, at the round limit {all_limit}")
        print(f"  every configuration above, per action: {per_action(all_apply, all_ai, all_actions)}")
        print(f"  {target_line(all_apply, all_ai, all_actions)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--wr-games", type=int, default=2, help="games per expansion configuration")
    ap.add_argument("--round-limit", type=int, default=300, help="safety stop")
    ap.add_argument("--only", nargs="*", default=None, metavar="LABEL",
                    help="only the configurations whose label contains one of these words "
                         "(e.g. --only whole 'Lord of'); all by default")
    args = ap.parse_args()
    report_total(water_realm_section, args.wr_games, args.round_limit, args.only)


if __name__ == "__main__":
    main()
