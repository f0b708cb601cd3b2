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

Then, per picture kind (the Basic and Standard board, the Water Realm, the campaign's party
picture), the figures of issue 30 "keep the loop free": CPU ms per picture cold (the first
after a start: fonts, the board, the palette) and warm, the CPU of asking for a picture
already drawn (ui.pictures caches one per state version), and the event loop's share as
the bot draws a picture: the loop thread's own CPU per picture, and how long a coroutine
ticking every millisecond was held up per picture (the interpreter lock a drawing thread holds
counts there), once with the pictures drawn in a thread (PICTURE_WORKERS=0) and once in the
pool of worker processes (one per core).

Run: python benchmarks/render.py [--games N] [--players N] [--every K] [--version basic|standard|both]
                                 [--only bands|loop]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import packs  # noqa: E402,F401  (reads data/ into the engine)
from engine.ai.simulate import play  # noqa: E402
from engine.prophecy.content import pack_by_id  # noqa: E402
from engine.prophecy.game import SYSTEM  # noqa: E402
from engine.prophecy.state import ProphecyState  # noqa: E402
from systems.prophecy import board_image  # noqa: E402
from systems.prophecy.board_image import render_board  # noqa: E402
from ui import text_runs  # noqa: E402


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
    ap.add_argument("--only", choices=("bands", "loop"), default=None,
                    help="only the band-cache figures, or only the per-kind loop figures")
    args = ap.parse_args()
    if args.only != "loop":
        for version in ("basic", "standard") if args.version == "both" else (args.version,):
            measure(version, args.games, args.players, args.every)
    if args.only != "bands":
        asyncio.run(measure_loop(args.games, args.players))


def measure(version: str, games: int, players: int, every: int) -> None:
    pack = pack_by_id("base")
    states = collect_states(games, players, every, version)

    board_image._BG_CACHE.clear()
    board_image._BANDS.clear()
    text_runs.clear()
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


# -- issue 30: per picture kind, CPU cold and warm, cached, and the event loop's share ------------------
WR = {"new_cards": True, "treasure_island": True, "water_realm": True, "artifacts": "new"}


def picture_kinds(games: int, players: int) -> list[tuple[str, Callable[..., bytes | None], list[Any], Callable[[], None]]]:
    """(kind, drawing function, spectator views of real games' states, what clears its caches)."""
    from engine.darkest_talisman import simulate as campaign_sim
    from engine.darkest_talisman.game import SYSTEM as CAMPAIGN
    from systems.darkest_talisman import picture as party
    from systems.prophecy.plugin import board_picture
    from systems.prophecy.water_realm import board as board_water
    from ui import palette, text_runs

    def sample(states: list[Any], n: int = 24) -> list[Any]:
        return states[:: max(1, len(states) // n)][:n]

    water: list[ProphecyState] = []
    for seed in range(games):
        def dived(_b: Any, _a: str, _ac: Any, after: ProphecyState) -> None:
            w = after.standard.water if after.standard is not None else None
            if w is not None and w.divers:
                water.append(after)

        play(["heuristic"] * players, seed, {"version": "standard", "round_limit": 80, "standard": {"expansion": WR}},
             on_step=dived)
    camp: list[Any] = []
    for seed in range(games):
        campaign_sim.play(["heuristic"] if seed % 2 == 0 else ["heuristic"] * 3, seed, max_actions=400,
                          on_step=lambda _b, _a, _ac, after: camp.append(after))

    def clear_board() -> None:
        board_image._BG_CACHE.clear()
        board_image._BANDS.clear()
        text_runs.clear()

    def clear_water() -> None:
        board_water.water_palette.cache_clear()
        palette.clear_bands()
        text_runs.clear()

    def clear_party() -> None:
        party.party_palette.cache_clear()
        palette.clear_bands()
        text_runs.clear()

    return [
        ("Basic board", board_picture, sample([SYSTEM.view(s, None) for s in collect_states(games, players, 1)]), clear_board),
        ("Standard board", board_picture, sample(collect_states(games, players, 1, "standard")), clear_board),
        ("Water Realm", board_water.render_water, sample([SYSTEM.view(s, None) for s in water]), clear_water),
        ("party (campaign)", party.render_party, sample([CAMPAIGN.view(s, None) for s in camp]), clear_party),
    ]


async def loop_share(painter: Any, draw: Callable[..., bytes | None], views: list[Any]) -> tuple[float, float, float]:
    """Per picture, drawn one after the other through `painter` as the bot asks for them: the
    loop thread's CPU ms, the bot process's CPU ms (every thread of it: a drawing thread holds
    the interpreter lock the loop needs meanwhile), and the ms a 1 ms ticker was held up (wall
    time: on a busy machine it also counts waiting for a core)."""
    from ui.pictures import Drawing

    c0, p0 = time.thread_time(), time.process_time()
    for view in views:
        await painter.draw(Drawing(draw, (view, "en")))
    loop_cpu = (time.thread_time() - c0) * 1000 / len(views)
    process_cpu = (time.process_time() - p0) * 1000 / len(views)
    held = 0.0
    done = asyncio.Event()

    async def ticker() -> None:
        nonlocal held
        while not done.is_set():
            t0 = time.perf_counter()
            await asyncio.sleep(0.001)
            held += max(0.0, time.perf_counter() - t0 - 0.003)  # beyond the loop's own slack
    tick = asyncio.create_task(ticker())
    await asyncio.sleep(0.01)
    for view in views:
        await painter.draw(Drawing(draw, (view, "it")))
    done.set()
    await tick
    return loop_cpu, process_cpu, held * 1000 / len(views)


async def measure_loop(games: int, players: int) -> None:
    from ui.pictures import Drawing, Painter, PictureCache, default_workers

    kinds = picture_kinds(max(1, min(games, 3)), players)
    threads, pool = Painter(0), Painter(default_workers())
    warm = pool.warm_up()
    if warm is not None:
        warm.join()
    for _kind, draw, views, _clear in kinds:  # each worker's first pictures (fonts, boards) out of the figures
        for view in views[:2] * pool.workers:
            await pool.draw(Drawing(draw, (view, "en")))
    print(f"Pictures and the event loop (issue 30), {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0] if hasattr(os, 'getloadavg') else float('nan'):.2f}; pool of {pool.workers} processes")
    for kind, draw, views, clear in kinds:
        clear()
        c0 = time.thread_time()
        draw(views[0], "en")
        cold = (time.thread_time() - c0) * 1000
        cpu: list[float] = []
        for view in views:
            c0 = time.thread_time()
            draw(view, "fr")  # a locale not drawn before: no band of these states is cached
            cpu.append((time.thread_time() - c0) * 1000)
        cache = PictureCache(painter=threads)
        await cache.start(("bench", kind), Drawing(draw, (views[0], "en")))
        c0 = time.thread_time()
        for _ in range(200):
            await cache.start(("bench", kind), Drawing(draw, (views[0], "en")))
        cached = (time.thread_time() - c0) * 1000 / 200
        print(f"  {kind}: {len(views)} states; CPU per picture: cold {cold:.1f} ms, warm p50 {percentile(cpu, 50):.1f} ms "
              f"(max {max(cpu):.1f}), cached {cached:.3f} ms")
        for label, painter in (("in a thread    ", threads), ("in the pool    ", pool)):
            clear()
            loop_cpu, process_cpu, held = await loop_share(painter, draw, views)
            print(f"    {label}: per picture loop thread CPU {loop_cpu:.2f} ms, bot process CPU (holds the "
                  f"interpreter lock) {process_cpu:.1f} ms, 1 ms ticker held up {held:.1f} ms")
    await pool.shutdown()


if __name__ == "__main__":
    main()
