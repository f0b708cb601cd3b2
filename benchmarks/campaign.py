"""Darkest Talisman figures, measured and printed (one process, one core): whole campaigns
played by the campaign AI (engine/darkest_talisman/ai.py), solo and three-seat co-op in turn.

Printed: campaigns and actions per second, the time spent in the rules engine (`apply`) and in
the AI's decisions, timed apart; days travelled and village returns per campaign; how the
campaigns ended (the Crown, the party's end, or still under way at the action cap), troves won
and characters lost; and "turns that never end: N", the party's turns (a day on the road, a stay
in a village: engine/core/turn_watch.py) that ran past the bound of actions and would stall a
table. CPU time (time.process_time), so other programs skew it less.
Run: python benchmarks/campaign.py [--campaigns N] [--campaign-actions N]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.darkest_talisman.ai import PLAYERS as CAMPAIGN_AI  # noqa: E402
from engine.darkest_talisman.game import SYSTEM as CAMPAIGN  # noqa: E402
from engine.darkest_talisman.simulate import seats_for  # noqa: E402
from engine.core.turn_watch import TurnWatch  # noqa: E402
from selfplay import TURNS, clock, report_total, freeze_loaded  # noqa: E402


def campaign_section(campaigns: int, cap: int) -> None:
    """Darkest Talisman: whole campaigns run by the heuristic campaign AI (engine/darkest_talisman/ai.py)."""
    t0 = clock()
    CAMPAIGN.new_game(seats_for(["heuristic"]), {}, 0)  # loads the campaign pack
    freeze_loaded()
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
        turns = TurnWatch(system=CAMPAIGN.name)
        for n in range(cap):
            pend = CAMPAIGN.pending(state)
            if pend is None:
                break
            a0 = clock()
            action = CAMPAIGN_AI["heuristic"](state, pend.player, random.Random(f"{seed}:{pend.player}:{n}"))
            a1 = clock()
            out = CAMPAIGN.apply(state, pend.player, action)
            t_ai += a1 - a0
            t_apply += clock() - a1
            state = out.state
            actions += 1
            turns.step(action.type, out.events)
        TURNS.add(turns)
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
    ap.add_argument("--campaigns", type=int, default=10, help="Darkest Talisman campaigns run by the AI")
    ap.add_argument("--campaign-actions", type=int, default=4000, help="safety stop: actions per campaign")
    args = ap.parse_args()
    report_total(campaign_section, args.campaigns, args.campaign_actions)


if __name__ == "__main__":
    main()
