"""Bot figures, each printed beside the floor it is judged against, measured in the same run:

* the whole button press, from the interaction payload sent through the loopback fake until
  everything the press produces has reached the fake (the edited prompt, the narration with the
  next prompt and board picture, private digests, DMs) and the bot's handler tasks for it have
  ended, against a bare discord.py bot whose button handler only answers, through the same fake;
* one committed action (`SqliteStore.commit_action`) against a bare aiosqlite insert + commit;
* bytes stored per game, and resident memory with 1,000 games loaded.

Every kind of table is pressed (`--kinds` picks some by label): Basic, Standard, the Water Realm
and a campaign, each with two people and with an AI seat, and the Magical Orders tracker, whose
"press" is its /orders points command (it follows a board game played at the table: no AI seat).

"Ended" is the loopback driver's own signal (`loopback.driver.run_interaction`): it awaits the
handler tasks discord.py started for the interaction (and a thinking reply's fill-in), no sleep.
A "trip" is one call run on aiosqlite's worker thread; what the store does on the event loop's
own connections (the reads of a press, its game and "seen" marker, on the read-only one; every
write, a commit included, on the writing one) is not a trip, and the store calls line lists
them all.
Targets (issue 12): whole press p99 <= 10 ms on a quiet machine and <= 4x the bare bot's;
commit <= 1.5x the bare aiosqlite commit.

Run: python benchmarks/bot.py [--channels 100] [--actions 2000] [--bare 1000] [--commits 2000]
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import io
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiosqlite  # noqa: E402
import discord  # noqa: E402
from cache_sizes import cache_lines  # noqa: E402

from bot import create_bot  # noqa: E402
from engine.ai.simulate import play  # noqa: E402
from engine.registry import SYSTEMS  # noqa: E402
from gm.session import GameMaster  # noqa: E402
from gm.settings import Settings  # noqa: E402
from gm.store import LogMeta, SqliteStore  # noqa: E402
from loopback import FakeDiscord, InteractionResult, run_bot  # noqa: E402

PRESS_VS_BARE = 4.0
COMMIT_VS_BARE = 1.5
#: issue 30: 50 tables pressing at once on one process, and one press at a time
ACK_P99_MS = 20.0
BUSY_RATE = 200.0
LAG_P99_MS = 20.0
OWN_WORK_P50_MS = 2.0


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


def line(label: str, ms: list[float]) -> str:
    return f"  {label:<34} p50 {pct(ms, 50):6.2f} ms   p99 {pct(ms, 99):6.2f} ms   max {max(ms):6.2f} ms  (n={len(ms)})"


def verdict(value: float, limit: float) -> str:
    return "met" if value <= limit else "MISSED"


# ---------------------------------------------------------------------------- counting trips


class CountingQueue:
    """Stands in for aiosqlite's queue to its worker thread: counts the trips put on it and
    the time the worker spends running them (SQLite and the Python around it)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.trips = 0
        self.worker_seconds = 0.0

    def put_nowait(self, item: Any) -> None:
        self.trips += 1
        future, function = item

        def timed() -> Any:
            t = time.perf_counter()
            try:
                return function()
            finally:
                self.worker_seconds += time.perf_counter() - t

        self.inner.put_nowait((future, timed))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def count_trips(conn: aiosqlite.Connection) -> CountingQueue:
    queue = CountingQueue(conn._tx)  # noqa: SLF001
    conn._tx = queue  # type: ignore[assignment]  # noqa: SLF001
    return queue


STORE_CALLS = ("get_game", "get_active_game", "list_games", "commit_action", "update_game", "set_settings",
               "set_status", "last_seq", "actions", "get_user_setting", "set_user_setting",
               "user_setting_and_last_seq", "mark_last_seq", "actions_since_mark",
               "enqueue_message", "pending_messages", "mark_delivered", "note_attempt")


class StoreCalls:
    """Notes the name of every store call (the game master's side of the trips)."""

    def __init__(self, store: SqliteStore) -> None:
        self.names: list[str] = []
        for name in STORE_CALLS:
            setattr(store, name, self._wrap(name, getattr(store, name)))

    def _wrap(self, name: str, method: Any) -> Any:
        def noted(*args: Any, **kwargs: Any) -> Any:
            self.names.append(name)
            return method(*args, **kwargs)

        return noted


# ---------------------------------------------------------------------------- one press


@dataclass
class Press:
    reply_ms: float
    whole_ms: float
    last_message_ms: float
    picture: bool = False
    trips: int = 0
    store_ms: float = 0.0
    calls: list[str] = field(default_factory=list)
    #: what the press sent to Discord, in order: replayed by the bare bot (`replay_presses`)
    sent: list[Any] = field(default_factory=list)


def measure(fake: FakeDiscord, result: InteractionResult, since: int) -> Press:
    """Reply, last message and end of the press, all from the moment the payload was sent."""
    done = time.monotonic()
    sent = result.record.dispatched_at
    requests = fake.requests[since:]
    arrived = [r.time for r in requests if r.method != "GET"]
    last = max(arrived) if arrived else done
    # no accepted callback: Discord's 3-second window was missed (the fake refused it), a
    # failed press counted as an endless wait, not a crash of the run (`busy_line` counts them)
    reply = math.inf if result.elapsed is None else result.elapsed * 1000
    # a picture uploaded by this press (an edited prompt keeps the one it was posted with)
    picture = any(r.files for r in requests)
    return Press(reply, (done - sent) * 1000, (last - sent) * 1000, picture,
                 sent=[r for r in requests if r.method != "GET"])


def prompt_of(result: InteractionResult) -> Any:
    for msg in reversed(result.messages):
        if msg.buttons or msg.selects:
            return msg
    return None


CHOICE_IDS = ("gm:", "gms:")


def shown_choices(prompt: Any) -> dict[int, tuple[str, list[str] | None]]:
    """The choices a prompt shows (this page of them): index -> (custom_id, select values)."""
    out: dict[int, tuple[str, list[str] | None]] = {}
    for b in prompt.buttons:
        if b["custom_id"].startswith("gm:"):
            out[int(b["custom_id"].rsplit(":", 1)[1])] = (b["custom_id"], None)
    for sel in prompt.selects:
        if sel["custom_id"].startswith("gms:"):
            for o in sel["options"]:
                out[int(o["value"])] = (sel["custom_id"], [o["value"]])
    return out


async def choose(bot: Any, channel: int, prompt: Any, rng: random.Random) -> tuple[int, str, list[str] | None] | None:
    """A choice the prompt shows, at random, by whoever must decide, as (user, custom_id,
    select values); None when no person decides any more (the game is over). At random, not
    by an AI: the players' thinking runs in this process too and must not weigh on the bot's
    figures."""
    found = await bot.gm.current(channel)
    if found is None or found.record.status != "active":
        return None
    pend = SYSTEMS[found.record.system].pending(found.state)
    if pend is None or not pend.player.isdigit() or found.state.player(pend.player).ai:
        return None
    shown = shown_choices(prompt)
    if not shown:
        return None
    custom, values = shown[rng.choice(sorted(shown))]
    return int(pend.player), custom, values


async def send(fake: FakeDiscord, bot: Any, user: int, prompt: Any, custom: str, values: list[str] | None) -> InteractionResult:
    if values is None:
        return await fake.click(bot, user, prompt, custom)
    return await fake.select(bot, user, prompt, custom, values)


# ---------------------------------------------------------------------------- the bare floor


class BareAnswer(discord.ui.View):
    """One persistent button whose handler only answers: discord.py's own cost, no bot logic."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Press", custom_id="bare:press")
    async def press(self, interaction: discord.Interaction, _button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message("ok")


class BareBot(discord.Client):
    def __init__(self) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # as the game bot
        super().__init__(intents=intents, guild_ready_timeout=0.05)

    async def setup_hook(self) -> None:
        self.add_view(BareAnswer())


async def bare_presses(fake: FakeDiscord, channel: int, user: int, n: int) -> list[Press]:
    out = []
    async with run_bot(BareBot()) as bare:
        await bare.get_partial_messageable(channel).send("floor", view=BareAnswer())
        message = fake.last_message(channel)
        for _ in range(n):
            since = len(fake.requests)
            out.append(measure(fake, await fake.click(bare, user, message, "bare:press"), since))
    return out


# ---------------------------------------------------------------------------- the same messages, replayed


def view_of(components: list[dict[str, Any]] | None) -> discord.ui.View | None:
    """A view with the recorded buttons and selects (no callbacks: nobody presses them here)."""
    if not components:
        return None
    view = discord.ui.View(timeout=None)
    for row, action_row in enumerate(components):
        for c in action_row.get("components", []):
            if c["type"] == 2:
                view.add_item(discord.ui.Button(label=c.get("label"), custom_id=c.get("custom_id"), url=c.get("url"),
                                                style=discord.ButtonStyle(c.get("style", 1)),
                                                disabled=c.get("disabled", False), row=row))
            elif c["type"] == 3:
                options = [discord.SelectOption(label=o["label"], value=o["value"], description=o.get("description"))
                           for o in c["options"]]
                view.add_item(discord.ui.Select(custom_id=c["custom_id"], options=options, row=row,
                                                placeholder=c.get("placeholder"), min_values=c.get("min_values", 1),
                                                max_values=c.get("max_values", 1)))
    return view


def message_kwargs(body: dict[str, Any], files: list[Any]) -> dict[str, Any]:
    """discord.py keyword arguments that send this recorded body again (and its files)."""
    kwargs: dict[str, Any] = {"content": body.get("content"),
                              "embeds": [discord.Embed.from_dict(e) for e in body.get("embeds") or []]}
    view = view_of(body.get("components"))
    if view is not None:
        kwargs["view"] = view
    if files:
        kwargs["files"] = [discord.File(io.BytesIO(f.data), filename=f.filename) for f in files]
    return kwargs


class Replay(discord.ui.View):
    """One persistent button whose handler sends again, through discord.py's public calls, what
    one press of the game bot sent (the answer to the interaction, the turn message with its
    picture, the private digest, edits): the cost of the messages alone, without the game."""

    def __init__(self, scripts: list[list[Any]]) -> None:
        super().__init__(timeout=None)
        self.scripts = scripts

    @discord.ui.button(label="Press", custom_id="replay:press")
    async def press(self, interaction: discord.Interaction, _button: discord.ui.Button[Any]) -> None:
        last: Any = None
        for req in self.scripts.pop(0):
            body = req.json or {}
            if req.path.endswith("/callback"):
                data = body.get("data") or {}
                if body.get("type") == 7:
                    await interaction.response.edit_message(**message_kwargs(data, req.files))
                elif body.get("type") == 4:
                    await interaction.response.send_message(ephemeral=bool(data.get("flags", 0) & 64),
                                                            **message_kwargs(data, req.files))
                else:
                    await interaction.response.defer()
            elif req.method == "POST" and req.path.startswith("/webhooks/"):
                last = await interaction.followup.send(wait=True, ephemeral=bool(body.get("flags", 0) & 64),
                                                       **message_kwargs(body, req.files))
            elif req.method == "PATCH" and req.path.endswith("/messages/@original"):
                kwargs = message_kwargs(body, req.files)
                files = kwargs.pop("files", None)
                await interaction.edit_original_response(attachments=files or [], **kwargs)
            elif req.method == "PATCH" and req.path.startswith("/webhooks/") and last is not None:
                kwargs = message_kwargs(body, req.files)
                files = kwargs.pop("files", None)
                await last.edit(attachments=files or [], **kwargs)
            elif req.method == "POST" and req.path.startswith("/channels/"):
                channel = interaction.client.get_partial_messageable(int(req.path.split("/")[2]))
                await channel.send(**message_kwargs(body, req.files))


async def replay_presses(fake: FakeDiscord, channel: int, user: int, presses: list[Press]) -> list[Press]:
    """The bare bot (discord.py, no game) sending exactly what each of `presses` sent."""
    out = []
    view = Replay([p.sent for p in presses])
    client = BareBot()
    client.setup_hook = lambda: _add(client, view)  # type: ignore[method-assign]  # the test replaces the method on purpose
    async with run_bot(client) as bare:
        await bare.get_partial_messageable(channel).send("replay", view=view)
        message = fake.last_message(channel)
        for _ in presses:
            since = len(fake.requests)
            out.append(measure(fake, await fake.click(bare, user, message, "replay:press"), since))
    return out


async def _add(client: discord.Client, view: discord.ui.View) -> None:
    client.add_view(view)


# ---------------------------------------------------------------------------- the game bot


@dataclass(frozen=True, eq=False)
class Kind:
    """One kind of table: a system (an edition of it, or the campaign), with or without an AI seat.
    A tracker played by commands, not buttons (Magical Orders), names the command a press is."""

    name: str
    group: str  # the slash command group that opens it
    options: dict[str, Any]
    ai: bool
    command: tuple[str, dict[str, Any]] | None = None

    @property
    def label(self) -> str:
        return f"{self.name}, {'with an AI seat' if self.ai else 'two people'}"


KINDS = tuple(Kind(name, group, options, ai) for name, group, options in (
    ("Basic", "game", {"system": "prophecy"}),
    ("Standard", "game", {"system": "prophecy:standard"}),
    ("Water Realm", "game", {"system": "prophecy:water_realm"}),
    ("campaign", "campaign", {"mode": "coop"}),
) for ai in (False, True)) + (
    # no AI seat: the tracker follows people playing the board game at their own table
    Kind("Magical Orders (/orders points)", "orders", {}, False, ("orders points", {"kind": "knowledge", "amount": 1})),
)

TRACKER = object()
"""The "prompt" of a tracker: it has no buttons, a press is its command."""


async def open_table(fake: FakeDiscord, bot: Any, kind: Kind, ch: int, alice: int, bob: int) -> Any:
    """A started table of this kind in `ch`; its first prompt (None if it opened without one)."""
    if kind.command is not None:  # a tracker: both join, then every press is the command
        await fake.slash(bot, alice, ch, f"{kind.group} join")
        await fake.slash(bot, bob, ch, f"{kind.group} join")
        return TRACKER
    await fake.slash(bot, alice, ch, f"{kind.group} new", **kind.options)
    await fake.slash(bot, bob, ch, f"{kind.group} join")
    if kind.ai:
        await fake.slash(bot, alice, ch, f"{kind.group} add-bot")
    return prompt_of(await fake.slash(bot, alice, ch, f"{kind.group} start"))


def loop_lag(samples: list[float], every: float = 0.005) -> asyncio.Task[None]:
    """A task noting, every `every` s, how late the event loop woke it (ms): how long the loop
    was kept from anything else, an interaction's acknowledgement included."""

    async def tick() -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + every
            await asyncio.sleep(every)
            samples.append(max(0.0, loop.time() - due) * 1000)

    return asyncio.create_task(tick())


@dataclass
class Run:
    presses: list[Press]
    rate: float
    cpu_ms: float  # CPU of this process (bot, fake Discord and players) per press
    lag: list[float]
    stats: Any = None


async def game_presses(fake: FakeDiscord, settings: Settings, tables: list[tuple[Kind, int]], alice: int, bob: int,
                       actions: int, in_flight: int) -> Run:
    """`actions` presses over `tables`, `in_flight` at once (each table one press at a time)."""
    async with run_bot(create_bot(settings)) as bot:
        await bot.get_cog("LookupCog").index()  # let the start-up warm-up finish before timing
        prompts: dict[int, Any] = {}
        for kind, ch in tables:
            prompts[ch] = await open_table(fake, bot, kind, ch, alice, bob)
        queue = count_trips(bot.store._conn)  # noqa: SLF001
        calls = StoreCalls(bot.store)
        rng = random.Random(7)
        presses: list[Press] = []
        lag: list[float] = []
        live = [ch for _kind, ch in tables]
        kind_of = {ch: kind for kind, ch in tables}

        async def press_once(ch: int) -> None:
            command = kind_of[ch].command
            chosen = None if command is not None else await choose(bot, ch, prompts[ch], rng)
            if command is None and chosen is None:
                prompts[ch] = None
                return
            trips, seen, spent, since = queue.trips, len(calls.names), queue.worker_seconds, len(fake.requests)
            if command is not None:  # a tracker's command, by each player in turn
                r = await fake.slash(bot, (alice, bob)[len(presses) % 2], ch, command[0], **command[1])
            else:
                assert chosen is not None
                user, custom, values = chosen
                r = await send(fake, bot, user, prompts[ch], custom, values)
            press = measure(fake, r, since)
            if in_flight == 1:  # sequential: every trip and call since the payload is this press's
                await bot.gm.settle()  # the "seen" marker written after the reply
                press.trips, press.calls = queue.trips - trips, calls.names[seen:]
                press.store_ms = (queue.worker_seconds - spent) * 1000
            presses.append(press)
            prompts[ch] = TRACKER if command is not None else prompt_of(r)

        async def table(ch: int) -> None:
            while len(presses) < actions and prompts[ch] is not None:
                await press_once(ch)

        ticker = loop_lag(lag)
        cpu, t0 = time.process_time(), time.perf_counter()
        if in_flight == 1:  # round robin over the tables
            while len(presses) < actions and any(prompts[ch] is not None for ch in live):
                for ch in live:
                    if len(presses) < actions and prompts[ch] is not None:
                        await press_once(ch)
        else:
            await asyncio.gather(*(table(ch) for ch in live[:in_flight]))
        wall, cpu = time.perf_counter() - t0, time.process_time() - cpu
        ticker.cancel()
        stats = await bot.store.stats()
    return Run(presses, len(presses) / wall, cpu * 1000 / max(1, len(presses)), lag, stats)


async def bare_busy(fake: FakeDiscord, channel: int, user: int, n: int, in_flight: int) -> Run:
    """The bare bot pressed `in_flight` at once: the same figures as the game bot's busy evening."""
    out: list[Press] = []
    lag: list[float] = []
    async with run_bot(BareBot()) as bare:
        await bare.get_partial_messageable(channel).send("floor", view=BareAnswer())
        message = fake.last_message(channel)

        async def worker() -> None:
            while len(out) < n:
                since = len(fake.requests)
                out.append(measure(fake, await fake.click(bare, user, message, "bare:press"), since))

        ticker = loop_lag(lag)
        cpu, t0 = time.process_time(), time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(in_flight)))
        wall, cpu = time.perf_counter() - t0, time.process_time() - cpu
        ticker.cancel()
    return Run(out, len(out) / wall, cpu * 1000 / len(out), lag)


def busy_line(label: str, run: Run) -> str:
    return (f"  {label:<34} ack p99 {pct([p.reply_ms for p in run.presses], 99):6.2f} ms   "
            f"{run.rate:5.0f} presses/s   loop lag p99 {pct(run.lag or [0.0], 99):6.2f} ms   "
            f"CPU {run.cpu_ms:5.2f} ms a press   whole p50 {pct([p.whole_ms for p in run.presses], 50):6.2f} ms  "
            f"(n={len(run.presses)}; {sum(p.reply_ms > 3000 for p in run.presses)} answered after 3 s)")


async def latency(channels: int, actions: int, bare_n: int, busy_tables: int, busy_actions: int, tmp: Path,
                  kinds: tuple[Kind, ...]) -> None:
    import gm.gate
    import ui.replies

    async with FakeDiscord() as fake:
        with fake.redirect():
            guild = fake.add_guild("Bench")
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            floor_ch = fake.add_channel(guild, "floor")
            bare = await bare_presses(fake, floor_ch, alice, bare_n // 2)
            per_kind: dict[Kind, tuple[Run, list[Press]]] = {}
            for k, kind in enumerate(kinds):
                chans = [fake.add_channel(guild, f"k{k}t{i}") for i in range(channels)]
                settings = Settings(_env_file=None, discord_token="x",  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
                                    database_path=tmp / f"bench-k{k}.sqlite3")
                run = await game_presses(fake, settings, [(kind, ch) for ch in chans], alice, bob, actions, 1)
                replayed = await replay_presses(fake, fake.add_channel(guild, f"replay{k}"), alice, run.presses)
                per_kind[kind] = (run, replayed)
            busy: dict[str, Run] = {}
            places = gm.gate.PLACES
            for n, (label, defer_first, gated) in enumerate((
                    ("always deferred first", True, True),
                    ("deferred first, no gate", True, False),
                    ("answered with the echo", False, False))):
                ui.replies.DEFER_FIRST = defer_first
                gm.gate.PLACES = places if gated else 0
                chans = [fake.add_channel(guild, f"busy-{n}-{i}") for i in range(busy_tables)]
                settings = Settings(_env_file=None, discord_token="x",  # type: ignore[call-arg]  # as above
                                    database_path=tmp / f"busy-{n}.sqlite3")
                tables = [(kinds[i % len(kinds)], ch) for i, ch in enumerate(chans)]
                busy[label] = await game_presses(fake, settings, tables, alice, bob, busy_actions, busy_tables)
            ui.replies.DEFER_FIRST, gm.gate.PLACES = True, places
            busy_bare = await bare_busy(fake, floor_ch, alice, busy_actions, busy_tables)
            bare += await bare_presses(fake, floor_ch, alice, bare_n - bare_n // 2)  # before and after: same drift

    floor = [p.whole_ms for p in bare]
    print(f"one press at a time, {actions} presses of each kind over {channels} tables of it:")
    print(line("bare discord.py bot, whole press", floor))
    print(line("bare discord.py bot, reply", [p.reply_ms for p in bare]))
    for kind, (run, replayed) in per_kind.items():
        whole = [p.whole_ms for p in run.presses]
        same = [p.whole_ms for p in replayed]
        own = pct(whole, 50) - pct(same, 50)
        print(f" {kind.label} ({len(run.presses)} presses, {run.rate:.0f}/s, CPU {run.cpu_ms:.2f} ms a press;"
              f" stored {run.stats.db_bytes / channels / 1024:.1f} KiB a game):")
        print(line("game bot, reply (callback)", [p.reply_ms for p in run.presses]))
        print(line("game bot, whole press (ended)", whole))
        print(line("bare bot sending the same messages", same))
        print(f"    game's own work (whole minus the same messages) p50 {own:.2f} ms"
              f"   [target <= {OWN_WORK_P50_MS:.0f} ms: {verdict(own, OWN_WORK_P50_MS)}]"
              f"   ({sum(len(p.sent) for p in run.presses) / max(1, len(run.presses)):.1f} requests a press,"
              f" {sum(p.picture for p in run.presses) / max(1, len(run.presses)):.0%} with a picture)")
        split = []
        for label, with_picture in (("with a picture", True), ("without", False)):
            pairs = [(g.whole_ms, b.whole_ms) for g, b in zip(run.presses, replayed, strict=False)
                     if g.picture == with_picture]
            if pairs:
                split.append(f"{label} {pct([g for g, _ in pairs], 50) - pct([b for _, b in pairs], 50):.2f} ms"
                             f" (n={len(pairs)})")
        print(f"      own work p50 by press: {'; '.join(split)}")
    basic = per_kind.get(kinds[0])
    if basic is not None:
        presses = basic[0].presses
        whole = [p.whole_ms for p in presses]
        p50_ratio, p99_ratio = pct(whole, 50) / pct(floor, 50), pct(whole, 99) / pct(floor, 99)
        print(f"  {kinds[0].label}: whole press vs bare: p50 {p50_ratio:.1f}x  p99 {p99_ratio:.1f}x   "
              f"[target <= {PRESS_VS_BARE:.0f}x: p50 {verdict(p50_ratio, PRESS_VS_BARE)}, "
              f"p99 {verdict(p99_ratio, PRESS_VS_BARE)}]")
        trips = [p.trips for p in presses]
        print(f"  SQLite trips per press (to the worker thread): median {pct(trips, 50):.0f}, max {max(trips)}, "
              f"mean {sum(trips) / len(trips):.1f}")
        shapes = collections.Counter(tuple(p.calls) for p in presses)
        for shape, n in shapes.most_common(3):
            print(f"    {n / len(presses):4.0%} of presses call the store: {', '.join(shape)}")

    print(f"a busy evening: {busy_tables} tables pressing at once on one process (every kind above in turn),"
          f" {busy_actions} presses (the gate: {gm.gate.PLACES} at once at their game work, gm/gate.py):")
    print(busy_line("bare discord.py bot", busy_bare))
    for label, run in busy.items():
        print(busy_line(f"game bot, {label}", run))
    run = busy["always deferred first"]
    ack, lag = pct([p.reply_ms for p in run.presses], 99), pct(run.lag or [0.0], 99)
    print(f"  game bot: ack p99 {ack:.2f} ms [target <= {ACK_P99_MS:.0f} ms: {verdict(ack, ACK_P99_MS)}]; "
          f"{run.rate:.0f} presses/s [target >= {BUSY_RATE:.0f}: {'met' if run.rate >= BUSY_RATE else 'MISSED'}]; "
          f"loop lag p99 {lag:.2f} ms [target <= {LAG_P99_MS:.0f} ms: {verdict(lag, LAG_P99_MS)}]; "
          f"CPU {run.cpu_ms:.2f} ms a press (the bare bot's {busy_bare.cpu_ms:.2f}; both count the fake Discord"
          " and the players, which run in this process)")
    print("the process-wide caches after these presses (benchmarks/cache_sizes.py):")
    for text in cache_lines():
        print(f"  {text}")


# ---------------------------------------------------------------------------- one commit


def sample_step() -> tuple[str, dict[str, Any], dict[str, Any], LogMeta]:
    """A real mid-game state, action and narration, as the game master commits them."""
    rec = play(["heuristic", "heuristic", "heuristic"], 3, {"round_limit": 500}, max_actions=40)
    state_json = SYSTEMS["prophecy"].dump_state(rec.state)
    settings = {"timebank": {"hours": 72}, "clock": {"running": "1", "since": 1.0, "banks": {"1": 259200.0}}}
    meta = LogMeta(events=[{"kind": "moved", "player": "1", "data": {"to": "city", "cost": 1}}] * 3,
                   state_hash="0" * 16, revealed=True)
    return state_json, {"type": "move", "to": "city"}, settings, meta


async def commits(n: int, tmp: Path) -> None:
    state_json, action, settings, meta = sample_step()
    store_ms: list[float] = []
    bare_ms: list[float] = []
    async with SqliteStore(tmp / "store.sqlite3") as store, \
            aiosqlite.connect(tmp / "bare.sqlite3") as bare:
        await store.acquire_ownership()  # as the bot: every write checks the lease
        await bare.execute("PRAGMA journal_mode = WAL")
        await bare.execute("PRAGMA synchronous = NORMAL")  # the store's settings
        await bare.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)")
        await bare.commit()
        game = await store.create_game(1, 1, "prophecy", {}, 1, 1, state_json, status="active")
        store_trips, bare_trips = count_trips(store._conn), count_trips(bare)  # noqa: SLF001
        version = game.version
        for _block in range(n // 100):  # interleaved, so both see the same machine
            for _ in range(100):
                t = time.perf_counter()
                version = (await store.commit_action(game.id, version, "1", action, state_json,
                                                     settings=settings, deadline=1e9, meta=meta)).version
                store_ms.append((time.perf_counter() - t) * 1000)
            for _ in range(100):
                t = time.perf_counter()
                await bare.execute("INSERT INTO t (payload) VALUES (?)", (state_json,))
                await bare.commit()
                bare_ms.append((time.perf_counter() - t) * 1000)
    print(f"commit, {len(store_ms)} each, interleaved by 100 (state {len(state_json) / 1024:.1f} KiB, WAL,"
          " synchronous=NORMAL):")
    print(line("bare aiosqlite insert + commit", bare_ms) + f"  {bare_trips.trips / len(bare_ms):.1f} trips each")
    print(line("store commit_action", store_ms) + f"  {store_trips.trips / len(store_ms):.1f} trips each")
    p50_ratio, p99_ratio = pct(store_ms, 50) / pct(bare_ms, 50), pct(store_ms, 99) / pct(bare_ms, 99)
    print(f"  commit_action vs bare: p50 {p50_ratio:.2f}x  p99 {p99_ratio:.2f}x   "
          f"[target <= {COMMIT_VS_BARE}x: p50 {verdict(p50_ratio, COMMIT_VS_BARE)}, p99 {verdict(p99_ratio, COMMIT_VS_BARE)}]")


# ---------------------------------------------------------------------------- memory


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
    ap.add_argument("--channels", type=int, default=20, help="tables of each kind pressed one at a time")
    ap.add_argument("--actions", type=int, default=300, help="presses of each kind, one at a time")
    ap.add_argument("--busy-tables", type=int, default=50, help="tables pressing at once")
    ap.add_argument("--busy-actions", type=int, default=2000, help="presses of the busy evening")
    ap.add_argument("--kinds", default="",
                    help="only the kinds whose label contains one of these (separated by ';'), e.g. 'Basic, two'")
    ap.add_argument("--bare", type=int, default=1000, help="presses of the bare discord.py bot")
    ap.add_argument("--commits", type=int, default=2000)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--skip-memory", action="store_true")
    ap.add_argument("--memory-of", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.memory_of:
        asyncio.run(memory(args.memory_of))
        return
    load = os.getloadavg()
    print(f"load average before the run: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cpus)")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        wanted = [w.strip().lower() for w in args.kinds.split(";") if w.strip()]
        kinds = tuple(k for k in KINDS if not wanted or any(w in k.label.lower() for w in wanted))
        asyncio.run(latency(args.channels, args.actions, args.bare, args.busy_tables, args.busy_actions, tmp, kinds))
        asyncio.run(commits(args.commits, tmp))
        if not args.skip_memory:
            asyncio.run(fill(args.games, tmp / "mem.sqlite3"))
            subprocess.run([sys.executable, __file__, "--memory-of", str(tmp / "mem.sqlite3")], check=True)


if __name__ == "__main__":
    main()
