"""Safety figures, measured through the loopback Discord with the real bot:

1. N simultaneous presses of one button x trials -> how many applied (target: exactly 1 per version);
2. `kill -9` of a bot process x K at random points, in turn in a game of every system -> acknowledged actions
   lost / duplicated (target 0/0), prompts lost after the restart (target 0: the current decision is back in
   the channel with live buttons without anyone asking);
3. a fuzz of interactions real Discord could deliver -> left unanswered, state changes on refused
   input, double answers (target 0/0/0);
4. reminders and expiries across `kill -9` restarts with an injected clock -> times each was posted
   (target: exactly 1).

Run: python benchmarks/safety.py [--presses 50] [--trials 100] [--kills 30] [--fuzz 10000] [--clock-trials 5]
"""
from __future__ import annotations

import argparse
import asyncio
import copy
import os
import random
import signal
import string
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import create_bot  # noqa: E402
from engine.registry import SYSTEMS  # noqa: E402
from loopback import FakeDiscord, new_snowflake, run_bot  # noqa: E402
from loopback.payloads import button_payload  # noqa: E402
from gm.session import GameMaster  # noqa: E402
from gm.settings import Settings  # noqa: E402
from gm.store import SqliteStore  # noqa: E402

LAUNCHER = Path(__file__).resolve().parents[1] / "tests" / "e2e" / "subprocess_bot.py"


def prompt_of(result: Any) -> Any:
    for msg in reversed(result.messages):
        if msg.buttons or msg.selects:
            return msg
    return None


def settings_for(path: Path) -> Settings:
    return Settings(_env_file=None, discord_token="fake", database_path=path, rules_index_warmup=False)  # type: ignore[call-arg]


async def world(fake: FakeDiscord) -> dict[str, int]:
    guild = fake.add_guild("Table")
    out = {"guild": guild, "ch": fake.add_channel(guild, "t1"), "ch2": fake.add_channel(guild, "t2")}
    for name in ("alice", "bob", "carol"):
        out[name] = fake.add_user(name)
    return out


async def new_game(fake: FakeDiscord, bot: Any, w: dict[str, int]) -> Any:
    await fake.slash(bot, w["alice"], w["ch"], "game new", system="prophecy")
    await fake.slash(bot, w["bob"], w["ch"], "game join")
    return prompt_of(await fake.slash(bot, w["alice"], w["ch"], "game start"))


async def end_game(fake: FakeDiscord, bot: Any, w: dict[str, int]) -> None:
    """/game end and its confirmation button, as the host would."""
    shown = await fake.slash(bot, w["alice"], w["ch"], "game end")
    confirm = [b["custom_id"] for b in (shown.message.buttons if shown.message else []) if b["custom_id"].endswith(":1")]
    if confirm:
        await fake.click(bot, w["alice"], shown.message, confirm[0])


async def log_size(store: Any, channel: int) -> tuple[int, int]:
    record = await store.get_active_game(channel)
    if record is None:
        games = await store.list_games(channel)
        record = games[-1]
    return record.version, len(await store.actions(record.id))


#: the game systems the presses and kills fall on, one channel each, in turn
KILL_SYSTEMS = ("prophecy", "prophecy:standard", "prophecy:water_realm", "campaign")


async def open_kind(fake: FakeDiscord, w: dict[str, int], ch: int, kind: str) -> None:
    """A new game of `kind` in `ch`, as people would open it (no bot object: it runs elsewhere)."""
    await open_kind_in(fake, None, w, ch, kind)


async def open_kind_in(fake: FakeDiscord, bot: Any, w: dict[str, int], ch: int, kind: str) -> None:
    if kind == "campaign":
        await fake.slash(bot, w["alice"], ch, "campaign new", mode="solo")  # a solo campaign starts at once
        return
    await fake.slash(bot, w["alice"], ch, "game new", system=kind)
    await fake.slash(bot, w["bob"], ch, "game join")
    await fake.slash(bot, w["alice"], ch, "game start")


def live_prompt(fake: FakeDiscord, ch: int, game: int, version: int) -> Any:
    """The newest message in `ch` whose buttons answer exactly this game version, if any."""
    marks = (f"gm:{game}:{version}:", f"gms:{game}:{version}:")
    for m in reversed(fake.messages_in(ch)):
        ids = [b["custom_id"] for b in m.buttons] + [x["custom_id"] for x in m.selects]
        if any(i.startswith(marks) for i in ids):
            return m
    return None


async def press_first(fake: FakeDiscord, who: int, message: Any, bot: Any = None) -> Any:
    button = next((b["custom_id"] for b in message.buttons if b["custom_id"].startswith("gm:")), None)
    if button is not None:
        return await fake.click(bot, who, message, button)
    select = next(x for x in message.selects if x["custom_id"].startswith("gms:"))
    return await fake.select(bot, who, message, select["custom_id"], [select["options"][0]["value"]])


# -------------------------------------------------------------------------- 1. simultaneous presses

async def simultaneous(presses: int, trials: int) -> None:
    """`presses` people's clients pressing the same live button at once, `trials` times, in turn in
    a game of every system (one channel each): exactly one press may apply each time."""
    async with FakeDiscord() as fake:
        with fake.redirect():
            w = await world(fake)
            channels = {kind: fake.add_channel(w["guild"], f"press-{i}") for i, kind in enumerate(KILL_SYSTEMS)}
            with tempfile.TemporaryDirectory() as tmp:
                async with run_bot(create_bot(settings_for(Path(tmp) / "gm.sqlite3"))) as bot:
                    applied_counts: Counter[int] = Counter()
                    exact_by_kind: Counter[str] = Counter()
                    trials_by_kind: Counter[str] = Counter()
                    unanswered = 0
                    doubled_rows = 0
                    for i in range(trials):
                        kind = KILL_SYSTEMS[i % len(KILL_SYSTEMS)]
                        ch = channels[kind]
                        found = await bot.gm.current(ch)
                        if found is None or found.record.status != "active":
                            await open_kind_in(fake, bot, w, ch, kind)
                            found = await bot.gm.current(ch)
                        pend = found.system.pending(found.state)
                        prompt = live_prompt(fake, ch, found.record.id, found.record.version)
                        if pend is None or prompt is None:
                            continue
                        actor = int(pend.player)
                        before = found.record.version
                        results = await asyncio.gather(*(press_first(fake, actor, prompt, bot) for _ in range(presses)))
                        unanswered += sum(1 for r in results if not r.acked)
                        ok = [r for r in results if not r.ephemeral]
                        applied_counts[len(ok)] += 1
                        trials_by_kind[kind] += 1
                        rows = [r for r in await bot.store.actions(found.record.id)
                                if r.version_after == before + 1 and r.actor == str(actor)]
                        doubled_rows += max(0, len(rows) - 1)
                        if len(ok) == 1 and len(rows) == 1:
                            exact_by_kind[kind] += 1
                    exact = sum(exact_by_kind.values())
                    done = sum(trials_by_kind.values())
                    print(f"simultaneous presses: {presses} presses x {done} trials over {', '.join(KILL_SYSTEMS)} -> "
                          f"applied per trial {dict(sorted(applied_counts.items()))}; presses applied exactly once in "
                          f"{exact}/{done} trials ({', '.join(f'{k} {exact_by_kind[k]}/{n}' for k, n in trials_by_kind.items())}); "
                          f"steps stored twice {doubled_rows}; unanswered {unanswered}; double answers {len(fake.violations)}")


# -------------------------------------------------------------------------- 2. kill -9

def spawn(fake: FakeDiscord, db: Path, **extra: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, **fake.env(), DATABASE_PATH=str(db), DISCORD_TOKEN="fake-token", LOG_LEVEL="ERROR",
               RULES_INDEX_WARMUP="false", **extra)
    return subprocess.Popen([sys.executable, str(LAUNCHER)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def wait_connected(fake: FakeDiscord, syncs_before: int, timeout: float = 60) -> float:
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        syncs = len([q for q in fake.requests if q.path.endswith("/commands")])
        if fake.connected and syncs > syncs_before:
            await asyncio.sleep(0.1)
            return time.monotonic() - began
        await asyncio.sleep(0.02)
    raise TimeoutError("bot did not connect")


def syncs(fake: FakeDiscord) -> int:
    return len([q for q in fake.requests if q.path.endswith("/commands")])


async def read_game(db: Path, channel: int) -> tuple[Any, list[Any]]:
    async with SqliteStore(db) as store:
        found = await GameMaster(store).latest(channel)
        return found, await store.actions(found.record.id)


async def current_on_disk(db: Path, channel: int) -> Any:
    async with SqliteStore(db) as store:
        return await GameMaster(store).current(channel)


async def kills(count: int, rng: random.Random) -> None:
    """`kill -9` at a random moment of a press, in turn in a game of every system: presses applied
    once (acknowledged ones kept, none doubled), and after the restart, whether the channel shows
    the current decision with live buttons without anyone asking (a lost prompt otherwise)."""
    async with FakeDiscord() as fake:
        with fake.redirect():
            w = await world(fake)
            channels = {kind: fake.add_channel(w["guild"], f"kill-{i}") for i, kind in enumerate(KILL_SYSTEMS)}
            with tempfile.TemporaryDirectory() as tmp:
                db = Path(tmp) / "gm.sqlite3"
                proc = spawn(fake, db)
                await wait_connected(fake, 0)
                acked: list[tuple[int, int, str]] = []  # (game, version pressed on, actor)
                sent: list[tuple[int, int, str]] = []
                restarts: list[float] = []
                lost_prompts = 0
                checked = 0
                by_kind: Counter[str] = Counter()
                humans = {str(w["alice"]), str(w["bob"])}
                for i in range(count):
                    kind = KILL_SYSTEMS[i % len(KILL_SYSTEMS)]
                    ch = channels[kind]
                    found = await current_on_disk(db, ch)
                    if found is None or found.record.status != "active":
                        await open_kind(fake, w, ch, kind)
                        found = await current_on_disk(db, ch)
                    pend = found.system.pending(found.state)
                    prompt = live_prompt(fake, ch, found.record.id, found.record.version)
                    if pend is None or prompt is None:
                        continue
                    game, version, actor = found.record.id, found.record.version, pend.player
                    click = asyncio.create_task(press_first(fake, int(actor), prompt))
                    sent.append((game, version, actor))
                    await asyncio.sleep(rng.uniform(0.0, 0.15))
                    before = syncs(fake)
                    proc.send_signal(signal.SIGKILL)
                    proc.wait(timeout=10)
                    try:
                        result = await asyncio.wait_for(click, 6)
                    except (TimeoutError, asyncio.TimeoutError, StopIteration, RuntimeError):
                        result = None
                    if result is not None and result.acked and not result.ephemeral:
                        acked.append((game, version, actor))
                    proc = spawn(fake, db)
                    restarts.append(await wait_connected(fake, before))
                    # the players come back: is the current decision in the channel, buttons live?
                    found = await current_on_disk(db, ch)
                    if found is not None and found.record.status == "active" and found.system.pending(found.state):
                        checked += 1
                        by_kind[kind] += 1
                        game_now, version_now = found.record.id, found.record.version
                        if not await fake.wait_until(lambda: live_prompt(fake, ch, game_now, version_now) is not None,
                                                     timeout=15):
                            lost_prompts += 1
                proc.send_signal(signal.SIGKILL)
                proc.wait(timeout=10)
                lost = 0
                applied: Counter[tuple[int, int, str]] = Counter()
                async with SqliteStore(db) as store:
                    for ch in channels.values():
                        for g in await store.list_games(ch):
                            for r in await store.actions(g.id):
                                if r.actor in humans and r.action.get("type") not in ("join", "start", "leave", "new"):
                                    applied[(g.id, r.version_after - 1, r.actor)] += 1
                for key in acked:
                    if not applied.get(key):
                        lost += 1
                pressed = Counter(sent)
                duplicated = sum(max(0, n - pressed.get(key, 0)) for key, n in applied.items() if key in pressed)
                once = sum(1 for key in sent if applied.get(key) == 1)
                print(f"kill -9 x {count} over {', '.join(KILL_SYSTEMS)}: clicks sent {len(sent)}, acknowledged "
                      f"{len(acked)} -> acknowledged lost {lost}, duplicated {duplicated}; "
                      f"presses applied exactly once {once} (of {len(sent)}; the rest were killed before their commit)")
                print(f"prompts lost after a kill: {lost_prompts} of {checked} restarts checked "
                      f"({', '.join(f'{k} {n}' for k, n in by_kind.items())}); "
                      f"restart to connected: median {sorted(restarts)[len(restarts) // 2] if restarts else 0:.1f} s, "
                      f"max {max(restarts, default=0):.1f} s")


# -------------------------------------------------------------------------- 3. fuzz

ODD = ["", " ", "🐉" * 30, "Excalibur", "city", "g1v1i1", "'; DROP TABLE games; --", "<@123>", "@everyone",
       "\u200b", "ünïcödé", "x" * 100, "0", "-1", "99999999999", "{player}", "%s", "\\n", "troll", "Healing Potion"]


def odd(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return rng.choice(ODD)[:100]
    return "".join(rng.choice(string.printable + "äöüé🙂") for _ in range(rng.randint(1, 100)))[:100]


async def fuzz(count: int, rng: random.Random) -> None:
    async with FakeDiscord() as fake:
        with fake.redirect():
            w = await world(fake)
            with tempfile.TemporaryDirectory() as tmp:
                async with run_bot(create_bot(settings_for(Path(tmp) / "gm.sqlite3"))) as bot:
                    store = bot.store
                    prompt = await new_game(fake, bot, w)
                    old_prompts = [prompt]
                    users = [w["alice"], w["bob"], w["carol"]]
                    refused = changed_on_refusal = errors = 0
                    kinds: Counter[str] = Counter()
                    skipped: Counter[str] = Counter()
                    i = -1
                    # count interactions actually delivered: draws Discord itself would not allow
                    # (skipped) and the restarts of ended games do not count towards the total
                    while sum(kinds.values()) < count and i < 3 * count:
                        i += 1
                        found = await bot.gm.current(w["ch"])
                        if found is None or found.record.status != "active":
                            await fake.slash(bot, w["alice"], w["ch"], "game end")
                            prompt = await new_game(fake, bot, w)
                            old_prompts.append(prompt)
                            continue
                        before = await log_size(store, w["ch"])
                        current = f":{found.record.id}:{found.record.version}:"
                        prompt = next((m for m in reversed(fake.messages_in(w["ch"])) if any(
                            current in c.get("custom_id", "") for c in m.buttons + m.selects)), prompt)
                        user = rng.choice(users)
                        roll = rng.random()
                        action = True
                        try:
                            if roll < 0.25 and prompt is not None and (prompt.buttons or prompt.selects):
                                kind = "press"
                                if rng.random() < 0.7:  # mostly the person whose turn it is
                                    user = int(found.system.pending(found.state).player)
                                if prompt.buttons:
                                    choices = [b for b in prompt.buttons if not b["custom_id"].startswith("gmnews:")] or prompt.buttons
                                    r = await fake.click(bot, user, prompt, rng.choice(choices)["custom_id"])
                                else:
                                    select = rng.choice(prompt.selects)
                                    value = rng.choice(select["options"])["value"]
                                    r = await fake.select(bot, user, prompt, select["custom_id"], [value])
                            elif roll < 0.40:
                                kind = "stale/forged button"
                                source = rng.choice(old_prompts)
                                msg = copy.deepcopy(fake.message(source).payload(fake.messages.cdn_base))
                                if not msg["components"]:  # answered: its buttons are gone, use a saved copy
                                    msg = copy.deepcopy(fake.message(prompt).payload(fake.messages.cdn_base)) if prompt else msg
                                if not msg["components"]:
                                    continue
                                comp = msg["components"][0]["components"][0]
                                forged = rng.choice([
                                    comp["custom_id"],
                                    f"gm:{rng.randint(1, 10**6)}:{rng.randint(0, 10**6)}:{rng.randint(0, 9999)}",
                                    f"gmend:{found.record.id}:{rng.randint(0, 1)}",
                                    f"gmvote:{found.record.id}:{rng.choice(['skip', 'ai', 'remove'])}",
                                    f"gmundo:{found.record.id}:{found.record.version}:{rng.randint(0, 1)}",
                                    "".join(rng.choice(string.ascii_letters + ":") for _ in range(rng.randint(1, 100))),
                                ])
                                if forged != comp["custom_id"]:
                                    # a forged id rides on a copy (its own message id), so a handler that
                                    # edits "its" message cannot wipe the live prompt of the table
                                    msg["id"] = str(new_snowflake())
                                comp["custom_id"] = forged
                                r = await fake.interact(bot, button_payload(fake.context(user, w["ch"]), msg, forged))
                            elif roll < 0.75:
                                kind = "action command"
                                name, opts = rng.choice([
                                    ("move", {"to": odd(rng)}), ("use", {"what": odd(rng)}), ("buy", {"item": odd(rng)}),
                                    ("sell", {"item": odd(rng)}), ("heal", {"what": rng.choice(["health", "magic"]), "amount": rng.randint(1, 20)}),
                                    ("fight", {}), ("end-turn", {}), ("bribe", {}), ("certificate", {}),
                                    ("game join", {"character": odd(rng)}), ("game leave", {}), ("game start", {}),
                                    ("game kick", {"member": rng.choice(users)}), ("game add-bot", {}),
                                    ("game new", {"system": "prophecy"}),
                                ])
                                channel = w["ch"] if rng.random() < 0.9 else w["ch2"]
                                r = await fake.slash(bot, user, channel, name, **opts)
                            elif roll < 0.90:
                                kind = "autocomplete"
                                action = False
                                name, option = rng.choice([("move", "to"), ("use", "what"), ("buy", "item"), ("fight", "gear"),
                                                           ("game join", "character")])
                                r = await fake.autocomplete(bot, user, w["ch"], name, option, odd(rng))
                            else:
                                kind = "read command"
                                action = False
                                name, opts = rng.choice([("game status", {}), ("game log", {}), ("me", {}), ("help", {}),
                                                         ("game history", {}), ("roll", {"expression": odd(rng)})])
                                r = await fake.slash(bot, user, w["ch"], name, **opts)
                        except (LookupError, PermissionError, ValueError, KeyError) as exc:
                            skipped[type(exc).__name__ + ": " + str(exc)[:60]] += 1
                            continue  # something Discord itself would not let the user do
                        kinds[kind] += 1
                        if r.ephemeral and action:
                            refused += 1
                            if await log_size(store, w["ch"]) != before:
                                changed_on_refusal += 1
                        if not r.ephemeral and r.messages:
                            newer = prompt_of(r)
                            if newer is not None and newer.channel_id == w["ch"] and any(
                                    c.get("custom_id", "").startswith(("gm:", "gms:")) for c in newer.buttons + newer.selects):
                                prompt = newer
                                old_prompts.append(newer)
                                old_prompts = old_prompts[-20:]
                        if i % 500 == 0:
                            fresh = next((m for m in reversed(fake.messages_in(w["ch"])) if m.buttons or m.selects), None)
                            if fresh is not None:
                                prompt = fresh
                    if os.environ.get("SAFETY_DEBUG"):
                        print("skipped:", skipped.most_common(8))
                    unanswered = len(fake.unacked())
                    total = sum(kinds.values())
                    print(f"fuzz: {total} interactions ({dict(kinds)}) -> unanswered {unanswered}, "
                          f"refused {refused}, state changes on refused input {changed_on_refusal}, "
                          f"double answers / Discord rule breaks {len(fake.violations)}")


# -------------------------------------------------------------------------- 4. reminders across kill -9

T0 = 2_000_000_000.0


async def clock_trials(trials: int, rng: random.Random) -> None:
    reminder_counts: list[int] = []
    expiry_counts: list[int] = []
    for _ in range(trials):
        async with FakeDiscord() as fake:
            with fake.redirect():
                w = await world(fake)
                with tempfile.TemporaryDirectory() as tmp:
                    db = Path(tmp) / "gm.sqlite3"
                    clock_file = Path(tmp) / "clock"
                    clock_file.write_text(str(T0))
                    env = {"GM_TEST_CLOCK_FILE": str(clock_file), "CLOCK_INTERVAL": "0.1"}
                    proc = spawn(fake, db, **env)
                    await wait_connected(fake, 0)
                    await fake.slash(None, w["alice"], w["ch"], "game new", system="prophecy", bank_hours=2.0)
                    await fake.slash(None, w["bob"], w["ch"], "game join")
                    await fake.slash(None, w["alice"], w["ch"], "game start")

                    async def restart(delay: float, set_clock: float | None = None) -> None:
                        nonlocal proc
                        await asyncio.sleep(delay)
                        before = syncs(fake)
                        proc.send_signal(signal.SIGKILL)
                        proc.wait(timeout=10)
                        if set_clock is not None:
                            clock_file.write_text(str(set_clock))  # falls due while the bot is down
                        proc = spawn(fake, db, **env)
                        await wait_connected(fake, before)

                    clock_file.write_text(str(T0 + 3600))
                    for _k in range(2):
                        await restart(rng.uniform(0, 0.4))
                    await asyncio.sleep(1.0)
                    await restart(rng.uniform(0, 0.2), set_clock=T0 + 7205)
                    await restart(rng.uniform(0, 0.4))
                    await asyncio.sleep(1.5)
                    proc.send_signal(signal.SIGKILL)
                    proc.wait(timeout=10)
                    texts = [m.text for m in fake.messages_in(w["ch"])]
                    reminder_counts.append(sum("it is still your turn" in x for x in texts))
                    expiry_counts.append(sum("time ran out" in x for x in texts))
    print(f"reminders across kill -9 restarts x {trials} trials (4 kills each, expiry due while down): "
          f"reminder posted {Counter(reminder_counts)} times, expiry posted {Counter(expiry_counts)} times "
          f"(exactly once in {sum(1 for a, b in zip(reminder_counts, expiry_counts) if a == b == 1)}/{trials})")


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--presses", type=int, default=50)
    ap.add_argument("--trials", type=int, default=100)
    ap.add_argument("--kills", type=int, default=30)
    ap.add_argument("--fuzz", type=int, default=10_000)
    ap.add_argument("--clock-trials", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    import logging
    logging.basicConfig(level=logging.CRITICAL)
    # a count of 0 skips that part (handy while working on one of them)
    if args.presses and args.trials:
        await simultaneous(args.presses, args.trials)
    if args.kills:
        await kills(args.kills, rng)
    if args.fuzz:
        await fuzz(args.fuzz, rng)
    if args.clock_trials:
        await clock_trials(args.clock_trials, rng)


if __name__ == "__main__":
    asyncio.run(main())
