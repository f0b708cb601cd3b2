"""Bot figures: interaction latency (payload in -> response captured, SQLite commit included),
bytes stored per game, and resident memory with 1,000 games loaded.

Run: python benchmarks/bot.py [--channels 100] [--actions 2000]
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import create_bot  # noqa: E402
from engine.ai.players import heuristic_player  # noqa: E402
from engine.ai.simulate import play  # noqa: E402
from engine.registry import SYSTEMS  # noqa: E402
from loopback import FakeDiscord, run_bot  # noqa: E402
from gm.session import GameMaster  # noqa: E402
from gm.settings import Settings  # noqa: E402
from gm.store import SqliteStore  # noqa: E402


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


def prompt_of(result):  # type: ignore[no-untyped-def]
    for msg in reversed(result.messages):
        if msg.buttons or msg.selects:
            return msg
    return None


async def press(fake, bot, channel, prompt, rng):  # type: ignore[no-untyped-def]
    found = await bot.gm.current(channel)
    system = SYSTEMS[found.record.system]
    actor = system.pending(found.state).player
    action = heuristic_player(found.state, actor, rng)
    index = system.legal_actions(found.state, actor).index(action)
    if prompt.buttons:
        custom = next(b["custom_id"] for b in prompt.buttons if b["custom_id"].endswith(f":{index}"))
        return await fake.click(bot, int(actor), prompt, custom)
    select = next(s for s in prompt.selects if any(o["value"] == str(index) for o in s["options"]))
    return await fake.select(bot, int(actor), prompt, select["custom_id"], [str(index)])


async def latency(channels: int, actions: int, in_flight: int, tmp: Path) -> None:
    settings = Settings(_env_file=None, discord_token="x", database_path=tmp / "bench.sqlite3")  # type: ignore[call-arg]
    async with FakeDiscord() as fake:
        with fake.redirect():
            guild = fake.add_guild("Bench")
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            chans = [fake.add_channel(guild, f"t{i}") for i in range(channels)]
            async with run_bot(create_bot(settings)) as bot:
                await bot.get_cog("LookupCog").index()  # let the start-up warm-up finish before timing
                prompts = {}
                for ch in chans:
                    await fake.slash(bot, alice, ch, "game new", system="prophecy")
                    await fake.slash(bot, bob, ch, "game join")
                    prompts[ch] = prompt_of(await fake.slash(bot, alice, ch, "game start"))
                rng = random.Random(7)
                samples: list[float] = []
                sem = asyncio.Semaphore(in_flight)

                async def one(ch: int) -> None:
                    async with sem:
                        if prompts[ch] is None:
                            return
                        r = await press(fake, bot, ch, prompts[ch], rng)
                        samples.append(r.elapsed * 1000)
                        prompts[ch] = prompt_of(r)

                t0 = time.perf_counter()
                while len(samples) < actions and any(prompts.values()):
                    await asyncio.gather(*(one(ch) for ch in chans))
                wall = time.perf_counter() - t0
                print(f"latency, {len(samples)} button presses over {channels} channels, {in_flight} in flight:")
                print(f"  p50 {pct(samples, 50):.1f} ms   p99 {pct(samples, 99):.1f} ms   max {max(samples):.1f} ms"
                      f"   ({len(samples) / wall:.0f} actions/s)")
                stats = await bot.store.stats()
                print(f"  stored: {stats.db_bytes / channels / 1024:.1f} KiB per game (state + action log), "
                      f"{stats.actions} log rows")


async def fill(games: int, path: Path) -> None:
    async with SqliteStore(path) as store:
        for i in range(games):
            rec = play(["heuristic", "random", "heuristic"], i, {"round_limit": 500}, max_actions=60)
            await store.create_game(10_000 + i, 1, "prophecy", {}, i, 1, SYSTEMS["prophecy"].dump_state(rec.state),
                                    status="active")


async def memory(path: Path) -> None:
    """Run in a fresh process: the bot's modules imported, then every open game loaded."""
    import bot  # noqa: F401  (the whole bot, as a running process would have it)

    base = rss_mb()
    async with SqliteStore(path) as store:
        gm = GameMaster(store)
        loaded = [gm.decode(r) for r in await store.list_active_games()]
        after = rss_mb()
        size = (await store.stats()).db_bytes
    print(f"memory: {len(loaded)} games loaded: resident {after:.0f} MiB "
          f"({base:.0f} MiB before loading, +{after - base:.1f} MiB for the games); database {size / 1024 / 1024:.1f} MiB")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--channels", type=int, default=100)
    ap.add_argument("--actions", type=int, default=2000)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--memory-of", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.memory_of:
        asyncio.run(memory(args.memory_of))
        return
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for in_flight in (1, 10):
            (tmp / f"f{in_flight}").mkdir()
            asyncio.run(latency(args.channels, args.actions, in_flight, tmp / f"f{in_flight}"))
        asyncio.run(fill(args.games, tmp / "mem.sqlite3"))
        subprocess.run([sys.executable, __file__, "--memory-of", str(tmp / "mem.sqlite3")], check=True)


if __name__ == "__main__":
    main()
