"""Board picture figures: render time p50/p99 and PNG size over every state of real games.

Both wall-clock and CPU (this thread) times are printed: on a shared machine the wall time
also counts waiting for a core, the CPU time is what one render costs.

The states come from whole AI games (engine.ai.simulate.play), so the mix of cards on the
board, tokens and legend rows is what the bot really draws. They are rendered in the order
they happened, as the bot draws them: the board once per pack and label set, and a band of
rows whose marks did not change since an earlier picture taken from the band cache
(systems.prophecy.board_image, ui.png). Timed apart: the first render of a pack (tiles,
names, palette: once per process and label set) and renders with an empty band cache (the
first picture of a game after a restart).

The same figures follow for the Standard game's picture (larger: the Astral Planes' cards in
the margin, two Adventure slots a space), over the states of whole Standard games rendered
from the spectator view, as the bot draws them.

Run: python benchmarks/render.py [--games N] [--players N] [--every K] [--version basic|standard|both]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import packs  # noqa: E402,F401  (reads data/ into the engine)
from engine.ai.simulate import play  # noqa: E402
from engine.prophecy.content import pack_by_id  # noqa: E402
from engine.prophecy.game import SYSTEM  # noqa: E402
from engine.prophecy.state import ProphecyState  # noqa: E402
from systems.prophecy import board_image  # noqa: E402
from systems.prophecy.board_image import render_board  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile: no interpolation, so p99 is a time that really happened."""
    ordered = sorted(values)
    rank = max(1, round(q / 100 * len(ordered) + 0.5))
    return ordered[min(rank, len(ordered)) - 1]


def collect_states(games: int, players: int, every: int, version: str = "basic") -> list[ProphecyState]:
    """States of whole heuristic games; a Standard game's as the spectator sees them."""
    states: list[ProphecyState] = []
    options: dict[str, object] = {"round_limit": 200}
    if version == "standard":
        options["version"] = "standard"
    for seed in range(games):
        seen = 0

        def keep(_before: ProphecyState, _actor: str, _action: object, after: ProphecyState) -> None:
            nonlocal seen
            if seen % every == 0:
                states.append(after)
            seen += 1

        rec = play(["heuristic"] * players, seed, dict(options), on_step=keep)
        assert rec.state is not None
        states.append(rec.state)
    if version == "standard":
        states = [SYSTEM.view(st, None) for st in states]
    return states


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5, help="4-player heuristic games to take states from")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--every", type=int, default=1, help="render every K-th state")
    ap.add_argument("--version", choices=("basic", "standard", "both"), default="both")
    args = ap.parse_args()
    for version in ("basic", "standard") if args.version == "both" else (args.version,):
        measure(version, args.games, args.players, args.every)


def measure(version: str, games: int, players: int, every: int) -> None:
    pack = pack_by_id("base")
    states = collect_states(games, players, every, version)

    board_image._BG_CACHE.clear()
    board_image._BANDS.clear()
    t0 = time.perf_counter()
    render_board(states[0], pack)
    cold_ms = (time.perf_counter() - t0) * 1000

    uncached: list[float] = []
    for st in states[:: max(1, len(states) // 50)]:
        board_image._BANDS.clear()
        c0 = time.thread_time()
        render_board(st, pack)
        uncached.append((time.thread_time() - c0) * 1000)
    board_image._BANDS.clear()
    render_board(states[0], pack)
    hits, misses = board_image._BANDS.hits, board_image._BANDS.misses

    wall: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    for st in states:
        t0, c0 = time.perf_counter(), time.thread_time()
        png = render_board(st, pack)
        cpu.append((time.thread_time() - c0) * 1000)
        wall.append((time.perf_counter() - t0) * 1000)
        sizes.append(len(png))

    g = board_image.geometry(len(pack.board.spaces), version == "standard")
    print(f"{version} board picture: {len(states)} states from {games} {players}-player heuristic games, "
          f"{g.size}x{g.size} px")
    print(f"  first render (draws and caches the board): {cold_ms:.1f} ms")
    print(f"  render with no band cached (first picture of a game), CPU: p50 {percentile(uncached, 50):.1f} ms, "
          f"max {max(uncached):.1f} ms (n={len(uncached)})")
    for label, times in (("wall", wall), ("CPU ", cpu)):
        print(f"  render time, state after state ({label}): p50 {percentile(times, 50):.1f} ms, "
              f"p99 {percentile(times, 99):.1f} ms, max {max(times):.1f} ms (target p50 <= 3 ms, p99 <= 50 ms)")
    hits, misses = board_image._BANDS.hits - hits, board_image._BANDS.misses - misses
    print(f"  bands of rows taken from the cache: {hits / max(1, hits + misses):.0%} of {hits + misses}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"  (wall time includes waiting for a CPU: load average {load:.2f} on {os.cpu_count()} cores)")
    print(f"  PNG size: mean {statistics.mean(sizes) / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB "
          f"(limit 300 KB)")


if __name__ == "__main__":
    main()
