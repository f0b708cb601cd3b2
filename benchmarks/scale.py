"""Several bot processes on one PostgreSQL database (issue 16): presses and reminders at scale.

N real bot processes (`python bot.py` through tests/e2e/subprocess_bot.py, default 3) each serve
one Discord shard of N (`SHARD_COUNT`/`SHARD_IDS`) of one loopback fake Discord, on one fresh
PostgreSQL database holding 10,000 games. Presses are offered at a fixed rate (open loop,
default 100/s) to tables spread over every shard, each table pressed by the player whose turn
it is, at most one press in flight per table. Meanwhile reminders of stored games fall due on
every shard.

Printed per phase (a steady one, then the same with `kill -9` of one process in the middle and
an immediate restart that takes its shard back):

First, the floor: bare discord.py processes (benchmarks/bare_bot.py, one a shard) pressed the
same way on tables of their own, answering as the game bot does without any game.

* whole press p50/p99: from the interaction sent until the next prompt of that game has
  reached the fake Discord (the reply, the narration and the new buttons); the
  acknowledgement's p99 (a press is acknowledged first, a deferred update, then answered);
* presses offered, sent (at most one in flight per table: the rest found every table busy),
  applied (their step is in the game's action log), lost (answered to the player as taken, its
  echo or the next prompt, but not in the log; target 0), doubled (more steps by players in a
  game's log than presses sent to it; target 0), not answered (no answer within Discord's 3 s,
  which the fake enforces as Discord does: the player sees "This interaction failed"), and of
  those how many were sent while no process served the shard, or were applied anyway;
  acknowledged but never answered (the process died between the two: the prompt stays as it
  was, live, and is pressed again), and of those how many were applied anyway;
* reminders due, posted once, posted twice or more (target 0), not posted;
* for the kill: the time from `kill -9` until the restarted process was connected again;
* CPU seconds per press of the bot processes, of this process (the fake Discord and the
  players) and of the PostgreSQL server (when it runs on this machine), which tell whether the
  machine, rather than the design, set the latency.

Issue 30's busy evening on one process is `--processes 1 --tables 50 --closed-loop`: every table
presses again as soon as its last press is answered (no fixed rate), steady phase only. Each
phase also prints the acknowledgement p99, the presses answered a second over the phase, and
the bot processes' own event-loop lag p99, written by a probe inside each process
(loopback.lag_probe): the fake Discord and the players run in this process, as Discord and
its users are elsewhere, so neither their work nor their loop counts in the bot's figures.

The database: `--database-url`, else DATABASE_URL, else TEST_DATABASE_URL (a server where this
may create and drop a database), else `--start-postgres` starts a throwaway server as
`.ci/run` does (benchmarks/throwaway_postgres.py). The server's fsync and synchronous_commit
settings are printed with the figures.

Run: python benchmarks/scale.py [--processes 3] [--games 10000] [--rate 100] [--seconds 30]
                               [--tables 150] [--reminders 300] [--start-postgres] [--closed-loop]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg  # noqa: E402

import packs  # noqa: E402,F401  (the engine's content, for seeding through the game master)
from gm.session import GameMaster  # noqa: E402
from gm.session.results import PROMPT_OWED  # noqa: E402
from gm.store import PostgresStore  # noqa: E402
from gm.store.base import ActionRecord, dump_json, pack_action, pack_events  # noqa: E402
from loopback import (  # noqa: E402
    FakeDiscord,
    InteractionResult,
    StoredMessage,
    lag_probe,  # noqa: E402
)

LAUNCHER = Path(__file__).resolve().parents[1] / "tests" / "e2e" / "subprocess_bot.py"
BARE_LAUNCHER = Path(__file__).resolve().with_name("bare_bot.py")
REMINDER = "it is still your turn"
DAY = 86_400.0
MENTION = re.compile(r"<@!?(\d+)>")
LOBBY_ROWS = ("join", "leave", "add_bot", "kick", "start")
TICKS = os.sysconf("SC_CLK_TCK")
#: issue 30: three processes at 100 presses/s offered
WHOLE_P99_MS = 300.0
#: issue 30, a busy evening on one process (--processes 1 --tables 50 --closed-loop)
ACK_P99_MS = 20.0
LAG_P99_MS = 20.0


def cpu_of(pid: int) -> float:
    """CPU seconds (user + system) a process of this machine has used so far (0 if unknown)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS
    except (OSError, IndexError, ValueError):
        return 0.0


def children_of(parent: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == parent:
                found.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


async def postmaster_of(url: str) -> int | None:
    """The pid of the server's main process, if it runs on this machine (else None)."""
    conn = await asyncpg.connect(url)
    try:
        backend = int(await conn.fetchval("SELECT pg_backend_pid()"))
        try:  # read while the connection (and so its server process) is still there
            parent = int(Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            return None
    finally:
        await conn.close()
    return parent if Path(f"/proc/{parent}/cmdline").read_bytes().split(b"\0")[0].endswith(b"postgres") else None


def server_cpu(postmaster: int | None) -> float:
    if postmaster is None:
        return float("nan")
    return cpu_of(postmaster) + sum(cpu_of(pid) for pid in children_of(postmaster))


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


# ------------------------------------------------------------------------------ the database


def database_url(explicit: str | None) -> str | None:
    return explicit or os.environ.get("DATABASE_URL") or os.environ.get("TEST_DATABASE_URL") or None


@asynccontextmanager
async def fresh_database(server_url: str) -> AsyncIterator[str]:
    """A new database on the server of `server_url`, dropped at the end."""
    name = f"gmscale_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(server_url, timeout=10)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    parts = urlsplit(server_url)
    try:
        yield urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))
    finally:
        admin = await asyncpg.connect(server_url, timeout=10)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


# ------------------------------------------------------------------------------ the world


@dataclass
class World:
    fake: FakeDiscord
    shards: int
    alice: int
    bob: int
    guilds: list[list[int]]  # per shard
    channels: list[tuple[int, int, int]] = field(default_factory=list)  # (channel, guild, shard)


def build_world(fake: FakeDiscord, shards: int, channels: int, guilds_per_shard: int) -> World:
    guilds = [[fake.add_guild(f"s{s}g{g}", shard=(s, shards)) for g in range(guilds_per_shard)] for s in range(shards)]
    world = World(fake, shards, fake.add_user("alice"), fake.add_user("bob"), guilds)
    flat = [(g, s) for s in range(shards) for g in guilds[s]]
    for n in range(channels):
        guild, shard = flat[n % len(flat)]
        world.channels.append((fake.add_channel(guild, f"t{n}"), guild, shard))
    return world


# ------------------------------------------------------------------------------ stored games


async def seed(url: str, world: World, copies: list[tuple[int, int]]) -> dict[int, int]:
    """One game played to its first decision through the game master (the template), then
    `copies` more like it, one per (channel, guild), written in bulk; returns channel -> game id."""
    template_channel, template_guild = copies[0]
    async with PostgresStore(url) as store:
        gm = GameMaster(store)
        await gm.new_game(template_channel, template_guild, world.alice, "alice", "prophecy")
        await gm.join(template_channel, world.bob, "bob")
        await gm.start(template_channel, world.alice)
        record = await store.get_active_game(template_channel)
        assert record is not None
        log = await store.actions(record.id)
    now = time.time()
    # the copies are games at rest, whose turn message was posted long ago: without this, each
    # carried the template's "turn message owed" mark, and every process's first clock passes
    # re-posted thousands of turn messages while the phases ran (reminders starved behind them)
    at_rest = {k: v for k, v in (record.settings or {}).items() if k != PROMPT_OWED}
    conn = await asyncpg.connect(url)
    try:
        rows = [(guild, channel, record.system, json.dumps(record.options), record.seed, record.version, record.state,
                 record.status, record.host_id, now, now, record.deadline, json.dumps(at_rest), len(log))
                for channel, guild in copies[1:]]
        await conn.copy_records_to_table(
            "games", records=rows,
            columns=["guild_id", "channel_id", "system", "options", "seed", "version", "state", "status", "host_id",
                     "created_at", "updated_at", "deadline", "settings", "last_seq"])
        ids = {r["channel_id"]: r["id"] for r in await conn.fetch("SELECT id, channel_id FROM games")}
        # the log rows as the store writes them (a long narration or action compressed)
        stored = [(a, *pack_action(dump_json(a.action)), *pack_events(a.events)) for a in log]
        actions = [(ids[channel], a.seq, a.actor, action, a.created_at, a.version_after, events, a.state_hash,
                    a.revealed, packed, packed_action)
                   for channel, _ in copies[1:] for a, action, packed_action, events, packed in stored]
        await conn.copy_records_to_table(
            "actions", records=actions,
            columns=["game_id", "seq", "actor", "action", "created_at", "version_after", "events", "state_hash",
                     "revealed", "packed", "packed_action"])
        await conn.execute("ANALYZE")
    finally:
        await conn.close()
    return ids


async def arm_reminders(url: str, game_ids: list[int], start: float, span: float) -> dict[int, float]:
    """Make the 24-hour reminder of these stored games fall due at times spread over
    [start, start + span]; returns game id -> due time. (The test harness writes the rows
    directly, as setup: no bot is due to touch these games before then.)"""
    conn = await asyncpg.connect(url)
    try:
        due: dict[int, float] = {}
        updates = []
        for k, game_id in enumerate(game_ids):
            row = await conn.fetchrow("SELECT settings FROM games WHERE id = $1", game_id)
            settings = json.loads(row["settings"])
            clock = settings["clock"]
            bank = clock.get("banks", {}).get(clock["running_for"], settings["timebank"]["start"])
            when = start + span * (k + 0.5) / len(game_ids)
            clock["since"] = when - (bank - DAY)  # the 24-hour reminder is the first deadline
            clock["reminded"] = []
            due[game_id] = when
            updates.append((json.dumps(settings, separators=(",", ":"), sort_keys=True), when, game_id))
        await conn.executemany("UPDATE games SET settings = $1, deadline = $2 WHERE id = $3", updates)
        return due
    finally:
        await conn.close()


# ------------------------------------------------------------------------------ bot processes


class Processes:
    def __init__(self, fake: FakeDiscord, url: str, shards: int, folder: Path, clock_interval: float,
                 launcher: Path = LAUNCHER) -> None:
        self.fake, self.url, self.shards, self.folder, self.launcher = fake, url, shards, folder, launcher
        self.clock_interval = clock_interval
        self.running: dict[int, subprocess.Popen[bytes]] = {}
        self.count = 0
        self.cpu_of_killed = 0.0

    def spawn(self, shard: int) -> None:
        self.count += 1
        env = dict(os.environ, **self.fake.env(), DATABASE_URL=self.url, DISCORD_TOKEN="fake-token",
                   SHARD_COUNT=str(self.shards), SHARD_IDS=str(shard), LOG_LEVEL="ERROR",
                   RULES_INDEX_WARMUP="false", CLOCK_INTERVAL=str(self.clock_interval))
        env[lag_probe.VARIABLE] = str(self.folder / f"lag{self.count}-shard{shard}.txt")
        env.pop("GM_TEST_CLOCK_FILE", None)
        log = open(self.folder / f"bot{self.count}-shard{shard}.log", "wb")  # noqa: SIM115 (the child keeps it)
        self.running[shard] = subprocess.Popen([sys.executable, str(self.launcher)], env=env,
                                               stdout=subprocess.DEVNULL, stderr=log)

    async def connected(self, shard: int, timeout: float = 120) -> bool:
        ok = await self.fake.wait_until(lambda: shard in self.fake.connected_shards, timeout=timeout)
        await asyncio.sleep(0.3)  # its GUILD_CREATEs are filed before interactions come
        return ok

    def kill(self, shard: int) -> None:
        proc = self.running.pop(shard)
        before = cpu_of(proc.pid)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        self.cpu_of_killed += before

    def loop_lag(self, since: float, until: float) -> list[float]:
        """The bot processes' event-loop lags (ms) between two wall times (loopback.lag_probe)."""
        return [lag for path in sorted(self.folder.glob("lag*.txt")) for lag in lag_probe.read(path, since, until)]

    def cpu(self) -> float:
        """CPU seconds of every bot process so far (the killed ones up to their kill)."""
        return self.cpu_of_killed + sum(cpu_of(p.pid) for p in self.running.values())

    def stop_all(self) -> None:
        for shard in list(self.running):
            self.kill(shard)

    def errors(self) -> str:
        """The bot processes' logged errors, each with its traceback (the last few)."""
        blocks: list[str] = []
        for log in sorted(self.folder.glob("bot*.log")):
            current: list[str] = []
            for line in log.read_text(errors="replace").splitlines():
                if " ERROR " in line or " CRITICAL " in line:
                    if current:
                        blocks.append("\n".join(current))
                    current = [f"{log.name}: {line}"]
                elif current and (line.startswith((" ", "Traceback")) or not line[:4].isdigit()):
                    current.append(line)
                elif current:
                    blocks.append("\n".join(current))
                    current = []
            if current:
                blocks.append("\n".join(current))
        return "\n".join(blocks[-3:])


# ------------------------------------------------------------------------------ tables and presses


@dataclass
class Table:
    channel: int
    guild: int
    shard: int
    prompt: StoredMessage | None
    busy: bool = False


@dataclass
class Press:
    table: Table
    game_version: int
    actor: int
    sent: float
    phase: str
    seconds: float | None = None
    ack: float | None = None  # seconds from sending to the acknowledgement
    acked: bool = False
    refused: bool = False
    answered: bool = False
    next_prompt: bool = False
    no_process: bool = False
    echo: str | None = None  # what the pressed message was edited into, in answer to this press


def version_of(prompt: StoredMessage) -> int | None:
    ids = [b["custom_id"] for b in prompt.buttons] + [s["custom_id"] for s in prompt.selects]
    for custom in ids:
        parts = custom.split(":")
        if len(parts) >= 3 and parts[0] == "gm" and parts[2].isdigit():
            return int(parts[2])
    return None


def newest_prompt(fake: FakeDiscord, channel: int, after: int) -> StoredMessage | None:
    for message in reversed(fake.messages_in(channel)):
        if message.buttons or message.selects:
            version = version_of(message)
            if version is not None and version > after:
                return message
    return None


async def press(fake: FakeDiscord, table: Table, rng: random.Random, phase: str, log: list[Press]) -> None:
    prompt = table.prompt
    assert prompt is not None
    version = version_of(prompt)
    who = MENTION.match(prompt.content or "")
    if version is None or who is None:
        table.prompt, table.busy = None, False
        return
    entry = Press(table, version, int(who.group(1)), time.perf_counter(), phase)
    entry.no_process = not fake.gateway.sessions_for(table.guild)
    log.append(entry)
    try:
        choices = [b for b in prompt.buttons if b["custom_id"].startswith("gm:")]  # not a system's own buttons
        if choices or not prompt.selects:
            custom = rng.choice(choices or prompt.buttons)["custom_id"]
            result: InteractionResult = await fake.click(None, entry.actor, prompt, custom)
        else:
            select = next((s for s in prompt.selects if s["custom_id"].startswith("gms:")), prompt.selects[0])
            result = await fake.select(None, entry.actor, prompt, select["custom_id"], [select["options"][0]["value"]])
        entry.acked = result.acked
        entry.ack = result.elapsed
        if entry.acked:
            # acknowledged first (a deferred update): then the next prompt, or a private refusal
            arrived = await fake.wait_until(
                lambda: newest_prompt(fake, table.channel, version) is not None or result.ephemeral, timeout=10)
            if arrived and not result.ephemeral:  # the echo of this very press (edited after the step)
                await fake.wait_until(lambda: result.message is not None, timeout=10)
            entry.refused = result.ephemeral
            # answered: the player was told, in answer to this very press, that it was taken
            # (its echo) or refused; another press's prompt arriving says nothing about this one
            entry.answered = result.message is not None or bool(result.followups)
            entry.echo = result.message.content if result.message is not None else None
            if not entry.refused:
                entry.seconds = time.perf_counter() - entry.sent
                entry.next_prompt = arrived
        # a press acknowledged and then never answered (its process died meanwhile) leaves the
        # prompt as it was, live: the player presses it again
        table.prompt = newest_prompt(fake, table.channel, version) or (prompt if not entry.answered else None)
    except Exception:  # noqa: BLE001 - a broken press is reported as not acknowledged
        logging.getLogger("scale").exception("press failed")
    finally:
        table.busy = False


#: the kinds of table pressed, in turn: (label, command group, /new options, with an AI seat)
KINDS = tuple((f"{name}{' + AI' if ai else ''}", group, options, ai) for name, group, options in (
    ("Basic", "game", {"system": "prophecy"}),
    ("Standard", "game", {"system": "prophecy:standard"}),
    ("Water Realm", "game", {"system": "prophecy:water_realm"}),
    ("campaign", "campaign", {"mode": "coop"}),
) for ai in (False, True))


async def open_tables(world: World, channels: list[tuple[int, int, int]], kinds: int) -> list[Table]:
    """A table in each channel, of the first `kinds` kinds in turn (every system, with and
    without an AI seat), opened through the bots."""
    fake = world.fake
    tables = []

    async def one(n: int, channel: int, guild: int, shard: int) -> None:
        _label, group, options, ai = KINDS[n % kinds]
        await fake.slash(None, world.alice, channel, f"{group} new", **options)
        await fake.slash(None, world.bob, channel, f"{group} join")
        if ai:
            await fake.slash(None, world.alice, channel, f"{group} add-bot")
        started = await fake.slash(None, world.alice, channel, f"{group} start")
        # a subprocess bot: the prompt may follow the answer to /start
        await fake.wait_until(lambda: newest_prompt(fake, channel, -1) is not None, timeout=10)
        tables.append(Table(channel, guild, shard, newest_prompt(fake, channel, -1)
                            or next((m for m in reversed(started.messages) if m.buttons or m.selects), None)))

    for k in range(0, len(channels), 10):
        await asyncio.gather(*(one(k + i, c, g, s) for i, (c, g, s) in enumerate(channels[k:k + 10])))
    return [t for t in tables if t.prompt is not None]


# ------------------------------------------------------------------------------ a phase


@dataclass
class PhaseResult:
    name: str
    offered: int
    sent: int
    presses: list[Press]
    reminders_due: dict[int, float]
    kill_to_connected: float | None = None
    cpu: dict[str, float] = field(default_factory=dict)
    loop_lag: list[float] = field(default_factory=list)
    seconds: float = 0.0
    began: float = 0.0  # perf_counter at the phase's first press


async def run_phase(name: str, world: World, procs: Processes, tables: list[Table], url: str,
                    reminder_games: list[int], *, rate: float, seconds: float, rng: random.Random,
                    kill_shard: int | None, kill_at: float, postmaster: int | None, settle: bool = True,
                    closed_loop: bool = False) -> PhaseResult:
    fake = world.fake
    start = time.time() + 1.0
    due = await arm_reminders(url, reminder_games, start, seconds * 0.9)
    log: list[Press] = []
    tasks: set[asyncio.Task[None]] = set()
    offered = 0
    restart_seconds: list[float] = []

    async def kill_and_restart() -> None:
        assert kill_shard is not None
        await asyncio.sleep(seconds * kill_at)
        began = time.perf_counter()
        procs.kill(kill_shard)
        procs.spawn(kill_shard)  # at once: it takes its shard back (the killed pid is gone)
        await fake.wait_until(lambda: kill_shard not in fake.connected_shards, timeout=10)
        if await procs.connected(kill_shard):
            restart_seconds.append(time.perf_counter() - began)

    killer = asyncio.create_task(kill_and_restart()) if kill_shard is not None else None
    await asyncio.sleep(max(0.0, start - time.time()))
    cpu_before = {"bots": procs.cpu(), "fake": time.process_time(), "server": server_cpu(postmaster)}
    loop = asyncio.get_running_loop()
    began, wall_began = loop.time(), time.time()
    k = 0

    async def keep_pressing(table: Table) -> None:
        """A busy evening: the table presses again as soon as its last press is answered."""
        while loop.time() - began < seconds and table.prompt is not None:
            table.busy = True
            await press(fake, table, rng, name, log)

    if closed_loop:
        await asyncio.gather(*(keep_pressing(table) for table in tables))
        offered = len(log)
    while not closed_loop:
        k += 1
        at = began + k / rate
        if at - began > seconds:
            break
        await asyncio.sleep(max(0.0, at - loop.time()))
        offered += 1
        idle = [t for t in tables if not t.busy and t.prompt is not None]
        if not idle:
            continue
        table = rng.choice(idle)
        table.busy = True
        task = asyncio.create_task(press(fake, table, rng, name, log))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.wait(tasks, timeout=30)
    if killer is not None:
        await killer
    cpu = {"bots": procs.cpu() - cpu_before["bots"], "fake": time.process_time() - cpu_before["fake"],
           "server": server_cpu(postmaster) - cpu_before["server"]}
    wall_ended = time.time()
    lag = procs.loop_lag(wall_began, wall_ended)
    # the reminders due last: a few clock passes more
    await asyncio.sleep(0 if not settle else max(0.0, max(due.values(), default=0) - time.time()) + procs.clock_interval * 4 + 2)
    return PhaseResult(name, offered, len(log), log, due, restart_seconds[0] if restart_seconds else None, cpu, lag,
                       wall_ended - wall_began, min((p.sent for p in log), default=0.0))


async def report(result: PhaseResult, world: World, url: str, channel_of_game: dict[int, int],
                 pressed_before: Counter[int]) -> Counter[int]:
    """Print the phase's figures; returns the presses sent per game so far (for the next phase)."""
    fake = world.fake
    humans = {str(world.alice), str(world.bob)}
    game_of_channel = {c: g for g, c in channel_of_game.items()}
    sent_per_game: Counter[int] = Counter(pressed_before)
    for p in result.presses:
        sent_per_game[game_of_channel[p.table.channel]] += 1
    applied = lost = doubled = unacknowledged = silent = silent_applied = 0
    async with PostgresStore(url) as store:
        steps: dict[int, set[tuple[int, str]]] = {}
        rows_of: dict[int, list[ActionRecord]] = {}
        lost_presses: list[Press] = []
        for game_id in {game_of_channel[p.table.channel] for p in result.presses} | set(pressed_before):
            rows = [r for r in await store.actions(game_id) if r.action.get("type") not in LOBBY_ROWS]
            rows_of[game_id] = rows
            by_humans = [r for r in rows if r.actor in humans]
            steps[game_id] = {(r.version_after - 1, r.actor) for r in by_humans}
            doubled += max(0, len(by_humans) - sent_per_game[game_id])
        # a step answers one press. A press answered as taken (its echo) claims its step first: the
        # echo is posted after the commit, so the step is that press's. Then acknowledged presses
        # never answered (their process died after the acknowledgement, before or after the
        # commit), which claim a step only if no answered press did: a player pressing the still
        # live prompt again after such a death has the step if the first press never committed.
        # (Claiming by time alone gave the re-press's step to the dead press, and counted the
        # re-press, told "taken", as lost.)
        def claim_order(p: Press) -> tuple[bool, bool, float]:
            return not (p.answered and not p.refused), not (p.acked and not p.refused), p.sent

        for p in sorted(result.presses, key=claim_order):
            game_steps = steps[game_of_channel[p.table.channel]]
            done = (p.game_version, str(p.actor)) in game_steps
            game_steps.discard((p.game_version, str(p.actor)))
            applied += done
            lost += p.answered and not p.refused and not done
            if p.answered and not p.refused and not done:
                lost_presses.append(p)
            unacknowledged += done and not p.acked
            silent += p.acked and not p.answered
            silent_applied += p.acked and not p.answered and done
    whole = [p.seconds * 1000 for p in result.presses if p.seconds is not None and p.next_prompt]
    unanswered = sum(1 for p in result.presses if not p.acked)
    no_process = sum(1 for p in result.presses if not p.acked and p.no_process)
    refused = sum(1 for p in result.presses if p.refused)
    posted = Counter(sum(1 for m in fake.messages_in(channel_of_game[g]) if REMINDER in m.text) for g in result.reminders_due)
    ack = [p.ack * 1000 for p in result.presses if p.ack is not None]
    print(f"{result.name}:")
    print(f"  whole press                  p50 {pct(whole, 50):7.1f} ms   p99 {pct(whole, 99):7.1f} ms   "
          f"max {max(whole, default=float('nan')):7.1f} ms  (n={len(whole)});  acknowledgement p99 {pct(ack, 99):.1f} ms"
          f"   [target whole p99 <= {WHOLE_P99_MS:.0f} ms: {'met' if pct(whole, 99) <= WHOLE_P99_MS else 'MISSED'}]")
    seconds = max(p.sent for p in result.presses) - min(p.sent for p in result.presses) if result.presses else 0
    print(f"  presses offered {result.offered}, sent {result.sent} (every table was busy for the rest; "
          f"{result.sent / seconds if seconds else 0:.0f}/s), applied {applied}, lost {lost} (target 0), "
          f"doubled {doubled} (target 0)")
    print(busy_line(result))
    print(f"  not answered within Discord's 3 s {unanswered}: sent while no process served the shard {no_process}, "
          f"applied anyway {unacknowledged}; refused as out of date (a table whose prompt was not replaced) {refused}")
    print(f"  acknowledged but never answered (the process died between the two; the prompt stayed live) {silent}, "
          f"of those applied (the restart posts their prompt) {silent_applied}")
    print(f"  reminders due {len(result.reminders_due)}: posted once {posted.get(1, 0)}, "
          f"twice or more {sum(n for k, n in posted.items() if k >= 2)} (target 0), not posted {posted.get(0, 0)}")
    for p in lost_presses[:3]:  # what a lost press was told, and what the game's log holds near it
        game = game_of_channel[p.table.channel]
        near = [(r.version_after, r.actor, r.action.get("type")) for r in rows_of[game]
                if p.game_version - 1 <= r.version_after <= p.game_version + 3]
        told = p.echo[:60] if p.echo else "(a followup)"
        print(f"    lost: game {game} v{p.game_version} by {p.actor} at {p.sent - result.began:.1f} s, "
              f"ack {p.ack if p.ack is None else round(p.ack * 1000)} ms, told {told!r}; log near it {near}")
    if result.kill_to_connected is not None:
        print(f"  kill -9 -> restarted process connected again: {result.kill_to_connected:.1f} s")
    if result.sent:
        per = {k: v / result.sent * 1000 for k, v in result.cpu.items()}
        print(f"  CPU per press sent: bot processes {per['bots']:.1f} ms, fake Discord and players {per['fake']:.1f} ms, "
              f"PostgreSQL {per['server']:.1f} ms ({sum(result.cpu.values()):.0f} CPU s in the phase"
              f"{', the restarted process start-up included' if result.kill_to_connected is not None else ''})")
    return sent_per_game


def busy_line(result: PhaseResult) -> str:
    """Issue 30's figures of a phase: acknowledgement p99, presses answered a second over the
    whole phase, and the bot processes' own event-loop lag p99 (each process's probe)."""
    ack = [p.ack * 1000 for p in result.presses if p.ack is not None]
    done = sum(1 for p in result.presses if p.acked)
    rate = done / result.seconds if result.seconds else 0.0
    lag = pct(result.loop_lag, 99) if result.loop_lag else float("nan")
    return (f"  acknowledgement p99 {pct(ack, 99):.1f} ms [target <= {ACK_P99_MS:.0f} ms: "
            f"{'met' if ack and pct(ack, 99) <= ACK_P99_MS else 'MISSED'}]; {rate:.0f} presses/s answered over the "
            f"phase; the bot processes' event-loop lag p99 {lag:.1f} ms (n={len(result.loop_lag)}) "
            f"[target <= {LAG_P99_MS:.0f} ms: {'met' if lag <= LAG_P99_MS else 'MISSED'}]")


# ------------------------------------------------------------------------------ the bare bot


async def bare_phase(args: argparse.Namespace, world: World, url: str, folder: Path, rng: random.Random,
                     postmaster: int | None) -> None:
    """The floor: bare discord.py processes (benchmarks/bare_bot.py, one a shard) pressed as the
    game bots are, on tables of their own (a prompt they answer with the next one), at the same
    offered rate; printed as the phases are."""
    fake = world.fake
    procs = Processes(fake, url, args.processes, folder, args.clock_interval, launcher=BARE_LAUNCHER)
    try:
        for shard in range(args.processes):
            procs.spawn(shard)
        for shard in range(args.processes):
            if not await procs.connected(shard):
                raise SystemExit(f"bare bot process for shard {shard} did not connect:\n{procs.errors()}")
        bot_user = fake.bot_user_payload()
        tables = []
        for n in range(args.tables):
            guild = world.guilds[n % args.processes][n // args.processes % len(world.guilds[0])]
            channel = fake.add_channel(guild, f"bare{n}")
            prompt = fake.messages.create(channel_id=channel, guild_id=guild, author=bot_user, attachments=[], body={
                "content": f"<@{world.alice}>, it is your turn.",
                "components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "gm:0:1:0"}]}]})
            tables.append(Table(channel, guild, n % args.processes, prompt))
        result = await run_phase("bare", world, procs, tables, url, [], rate=args.rate, seconds=args.seconds, rng=rng,
                                 kill_shard=None, kill_at=0, postmaster=postmaster, settle=False,
                                 closed_loop=args.closed_loop)
    finally:
        procs.stop_all()
        # the game bots connect next: the fake must have seen these go first
        await fake.wait_until(lambda: not fake.connected_shards, timeout=15)
    whole = [p.seconds * 1000 for p in result.presses if p.seconds is not None and p.next_prompt]
    ack = [p.ack * 1000 for p in result.presses if p.ack is not None]
    seconds = max(p.sent for p in result.presses) - min(p.sent for p in result.presses) if result.presses else 0
    print("bare discord.py bot processes, one a shard, pressed the same way (acknowledged, echo, next prompt; no game):")
    print(f"  whole press                  p50 {pct(whole, 50):7.1f} ms   p99 {pct(whole, 99):7.1f} ms   "
          f"max {max(whole, default=float('nan')):7.1f} ms  (n={len(whole)});  acknowledgement p99 {pct(ack, 99):.1f} ms")
    print(f"  presses offered {result.offered}, sent {result.sent} ({result.sent / seconds if seconds else 0:.0f}/s); "
          f"not answered within Discord's 3 s {sum(1 for p in result.presses if not p.acked)}")
    print(busy_line(result))
    if result.sent:
        per = {k: v / result.sent * 1000 for k, v in result.cpu.items()}
        print(f"  CPU per press sent: bot processes {per['bots']:.1f} ms, fake Discord and players {per['fake']:.1f} ms",
              flush=True)


# ------------------------------------------------------------------------------ main


async def run(args: argparse.Namespace, server_url: str) -> None:
    rng = random.Random(args.seed)
    async with fresh_database(server_url) as url:
        conn = await asyncpg.connect(url)
        try:
            version = await conn.fetchval("SHOW server_version")
            fsync = await conn.fetchval("SHOW fsync")
            sync_commit = await conn.fetchval("SHOW synchronous_commit")
        finally:
            await conn.close()
        print(f"PostgreSQL {version} (fsync={fsync}, synchronous_commit={sync_commit}); {args.processes} bot processes, "
              f"one shard each; {args.games} stored games; {args.tables} tables pressed at {args.rate:g}/s offered, "
              f"{args.seconds:g} s per phase; {os.cpu_count()} CPU cores for all of it, load average "
              f"{os.getloadavg()[0]:.1f} before the start", flush=True)
        async with FakeDiscord() as fake:
            world = build_world(fake, args.processes, args.games, args.guilds_per_shard)
            rng.shuffle(world.channels)
            live, stored = world.channels[:args.tables], world.channels[args.tables:]
            t = time.perf_counter()
            ids = await seed(url, world, [(c, g) for c, g, _ in stored])
            print(f"  seeded {len(ids)} stored games in {time.perf_counter() - t:.1f} s", flush=True)
            with tempfile.TemporaryDirectory() as tmp:
                if not args.skip_bare:
                    await bare_phase(args, world, url, Path(tmp), rng, await postmaster_of(url))
                procs = Processes(fake, url, args.processes, Path(tmp), args.clock_interval)
                try:
                    for shard in range(args.processes):
                        procs.spawn(shard)
                    for shard in range(args.processes):
                        if not await procs.connected(shard):
                            raise SystemExit(f"bot process for shard {shard} did not connect:\n{procs.errors()}")
                    postmaster = await postmaster_of(url)
                    # the commands are synced after the connection (by the shard-0 process)
                    if not await fake.wait_until(lambda: any(c["name"] == "game" for c in fake.command_registry.all()),
                                                 timeout=60):
                        raise SystemExit(f"the bots never synced their commands:\n{procs.errors()}")
                    t = time.perf_counter()
                    tables = await open_tables(world, live, args.kinds)
                    print(f"  opened {len(tables)} tables through the bots in {time.perf_counter() - t:.1f} s, of the kinds "
                          f"{', '.join(k[0] for k in KINDS[:args.kinds])} in turn", flush=True)
                    async with PostgresStore(url) as store:
                        games = {g.channel_id: g.id for g in await store.list_active_games()}
                        print(f"  games in the database: {(await store.stats()).games}", flush=True)
                    channel_of_game = {g: c for c, g in games.items()}
                    reminder_pool = [ids[c] for c, _, _ in stored[1:]]  # not the template
                    rng.shuffle(reminder_pool)
                    first, second = reminder_pool[:args.reminders], reminder_pool[args.reminders:2 * args.reminders]
                    steady = await run_phase("steady", world, procs, tables, url, first, rate=args.rate,
                                             seconds=args.seconds, rng=rng, kill_shard=None, kill_at=0,
                                             postmaster=postmaster, closed_loop=args.closed_loop)
                    sent = await report(steady, world, url, channel_of_game, Counter())
                    if not args.closed_loop:  # a busy evening is the steady phase alone
                        killed = await run_phase(f"kill -9 of the shard-1 process at {args.kill_at:.0%}, restarted at once",
                                                 world, procs, tables, url, second, rate=args.rate, seconds=args.seconds,
                                                 rng=rng, kill_shard=1 % args.processes, kill_at=args.kill_at,
                                                 postmaster=postmaster)
                        await report(killed, world, url, channel_of_game, sent)
                    print(f"  load average at the end: {os.getloadavg()[0]:.1f} (other programs on this machine "
                          "count too)")
                    errors = procs.errors()
                    if errors:
                        print("  errors logged by the bot processes (the last three):\n" + errors)
                finally:
                    procs.stop_all()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--processes", type=int, default=3)
    ap.add_argument("--games", type=int, default=10_000, help="games stored in the database in all")
    ap.add_argument("--tables", type=int, default=150, help="of them, tables opened through the bots and pressed")
    ap.add_argument("--rate", type=float, default=100.0, help="presses offered per second")
    ap.add_argument("--closed-loop", action="store_true",
                    help="instead of a fixed rate, every table presses again as soon as its last press is answered, "
                         "steady phase only (issue 30's busy evening on one process: --processes 1 --tables 50 "
                         "--closed-loop)")
    ap.add_argument("--seconds", type=float, default=30.0, help="length of each phase")
    ap.add_argument("--reminders", type=int, default=300, help="stored games whose reminder falls due in each phase")
    ap.add_argument("--kill-at", type=float, default=0.4, help="when in the second phase the process is killed")
    ap.add_argument("--guilds-per-shard", type=int, default=10)
    ap.add_argument("--clock-interval", type=float, default=1.0)
    ap.add_argument("--database-url")
    ap.add_argument("--start-postgres", action="store_true",
                    help="start a throwaway server (benchmarks/throwaway_postgres.py) if no address is given")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip-bare", action="store_true", help="without the bare discord.py bot's phase first")
    ap.add_argument("--kinds", type=int, default=len(KINDS), choices=range(1, len(KINDS) + 1),
                    help="tables of the first N kinds in turn: " + ", ".join(k[0] for k in KINDS))
    args = ap.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    if args.games < args.tables + 2 * args.reminders + 2:
        ap.error("--games must leave room for the tables and twice the reminders")
    server = None
    url = database_url(args.database_url)
    if url is None and args.start_postgres:
        from benchmarks.throwaway_postgres import start

        server = start()
        url = server.url
    if url is None:
        print("benchmarks/scale.py needs PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL (a server where it may "
              "create a database), or pass --start-postgres", file=sys.stderr)
        return 2
    try:
        asyncio.run(run(args, url))
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
