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
from gm.session import GameMaster  # noqa: E402
from gm.settings import Settings  # noqa: E402
from gm.store import SqliteStore  # noqa: E402
from loopback import FakeDiscord, new_snowflake, run_bot  # noqa: E402
from loopback.payloads import button_payload  # noqa: E402

LAUNCHER = Path(__file__).resolve().parents[1] / "tests" / "e2e" / "subprocess_bot.py"


def prompt_of(result: Any) -> Any:
    for msg in reversed(result.messages):
        if msg.buttons or msg.selects:
            return msg
    return None


def settings_for(path: Path) -> Settings:
    return Settings(_env_file=None, discord_token="fake", database_path=path, rules_index_warmup=False)  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments


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
                    print(
                        f"simultaneous presses: {presses} presses x {done} trials over {', '.join(KILL_SYSTEMS)} -> "
                        f"applied per trial {dict(sorted(applied_counts.items()))}; presses applied exactly once in "
                        f"{exact}/{done} trials ({', '.join(f'{k} {exact_by_kind[k]}/{n}' for k, n in trials_by_kind.items())}); "
                        f"steps stored twice {doubled_rows}; unanswered {unanswered}; double answers {len(fake.violations)}"
                    )


# -------------------------------------------------------------------------- 2. kill -9

def spawn(fake: FakeDiscord, db: Path, **extra: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, **fake.env(), DATABASE_PATH=str(db), DISCORD_TOKEN="fake-token", LOG_LEVEL="ERROR",
               RULES_INDEX_WARMUP="false", **extra)
    return subprocess.Popen([sys.executable, str(LAUNCHER)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def wait_connected(fake: FakeDiscord, identified_before: int, timeout: float = 60) -> float:
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        identified = len(fake.gateway.identifies)
        if fake.connected and identified > identified_before:
            await asyncio.sleep(0.1)
            return time.monotonic() - began
        await asyncio.sleep(0.02)
    raise TimeoutError("bot did not connect")


def identified(fake: FakeDiscord) -> int:
    return len(fake.gateway.identifies)


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
                    before = identified(fake)
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
                        if not await fake.wait_until(
                            lambda ch=ch, game_now=game_now, version_now=version_now: (
                                live_prompt(fake, ch, game_now, version_now) is not None
                            ),
                            timeout=15,
                        ):
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
    """Interactions real Discord could deliver, and forged ones a modified client could send, over
    every system (Prophecy Basic, Standard and Water Realm tables, a Darkest Talisman campaign, a
    Magical Orders tracker), each in its own channel:

    * presses of the live prompts (and, when one asks for it, the Mad Riddler's text box);
    * stale prompts (copies of answered ones) pressed again;
    * forged ids of every custom id template and text box of the bot (tests/e2e/forgery.py: wrong,
      finished and other systems' games, numbers at their largest, negative, non-ASCII digits,
      junk, forged select values and text box fields);
    * every slash command of the bot with random option values, and autocomplete of every
      option that offers it.

    Figures: interactions unanswered (target 0), state changes on refused input (0), double
    answers (0), forged ids answered in one private line (all), replies with an error id and
    errors logged with a traceback (0)."""
    import logging

    from gm.i18n import t
    from gm.session import Lobby
    from tests.e2e import forgery as fg

    class Collector(logging.Handler):
        def __init__(self) -> None:
            super().__init__(logging.ERROR)
            self.records: list[logging.LogRecord] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.records.append(record)

    root = logging.getLogger()
    saved_handlers, saved_level = root.handlers[:], root.level
    collector = Collector()
    root.handlers, root.level = [collector], logging.ERROR  # every ERROR of the bot, of discord.py, of asyncio
    apology = t("en", "safety.unexpected", error_id="").split("`")[0]
    try:
        async with FakeDiscord() as fake:
            with fake.redirect():
                w = await world(fake)
                guild = fake.world.channels[w["ch"]].guild_id
                alice, bob, carol = w["alice"], w["bob"], w["carol"]
                users = [alice, bob, carol]
                tables = {"Prophecy Basic": w["ch"]}
                for name in ("Prophecy Standard", "Prophecy Water Realm", "Darkest Talisman campaign", "Magical Orders"):
                    tables[name] = fake.add_channel(guild, name.lower().replace(" ", "-"))
                channels = list(tables.values()) + [w["ch2"]]  # ch2 holds whatever /game new opens there
                new_game_as = {"Prophecy Basic": "prophecy", "Prophecy Standard": "prophecy:standard",
                               "Prophecy Water Realm": "prophecy:water_realm"}
                with tempfile.TemporaryDirectory() as tmp:
                    async with run_bot(create_bot(settings_for(Path(tmp) / "gm.sqlite3"))) as bot:
                        store = bot.store
                        await bot.get_cog("LookupCog").index()  # /rules answers at once, as after the warm-up
                        uncovered = fg.check_coverage(bot)
                        templates = len(bot.dynamic_item_classes) + len(bot.persistent_modals)
                        finished: list[tuple[int, int]] = []  # (channel, id) of games over, for forgeries naming one

                        async def open_table(name: str) -> None:
                            """A fresh game in the table's channel (ending what was left there)."""
                            ch = tables[name]
                            if name == "Magical Orders":
                                if await store.get_active_game(ch) is None:
                                    for who in (alice, bob):
                                        await fake.slash(bot, who, ch, "orders join", order=rng.choice(["wizards", "druids"]))
                                return
                            record = await store.get_active_game(ch)
                            if record is not None:
                                await bot.gm.end(ch, alice, True)
                                finished.append((ch, record.id))
                            if name == "Darkest Talisman campaign":
                                await fake.slash(bot, alice, ch, "campaign new", mode="coop")
                                await fake.slash(bot, bob, ch, "campaign join")
                                await fake.slash(bot, alice, ch, "campaign start")
                            else:
                                await fake.slash(bot, alice, ch, "game new", system=new_game_as[name])
                                await fake.slash(bot, bob, ch, "game join")
                                await fake.slash(bot, alice, ch, "game start")

                        async def needs_opening(name: str) -> bool:
                            if name == "Magical Orders":
                                return await store.get_active_game(tables[name]) is None
                            found = await bot.gm.current(tables[name])
                            return found is None or found.record.status != "active" or isinstance(found.state, Lobby)

                        async def snapshot() -> list[tuple[int, int, int, str]]:
                            """(channel, game, version, status) of every game of every channel."""
                            return [(c, g.id, g.version, g.status) for c in channels
                                    for g in await store.list_games(c, include_finished=True)]

                        def prompt_in(ch: int, game: int, version: int) -> Any:
                            mark = f":{game}:{version}"
                            return next((m for m in reversed(fake.messages_in(ch)) if any(
                                mark in c.get("custom_id", "") for c in m.buttons + m.selects)), None)

                        # every leaf of every synced slash command, for the command fuzz
                        leaves: list[tuple[list[str], dict[str, Any]]] = []

                        def collect(node: dict[str, Any], path: list[str]) -> None:
                            subs = [o for o in node.get("options") or [] if o["type"] in (1, 2)]
                            if not subs:
                                leaves.append((path, node))
                            for sub in subs:
                                collect(sub, path + [sub["name"]])

                        for command in fake.commands:
                            if int(command.get("type", 1)) == 1:
                                collect(command, [command["name"]])
                        completing = [(path, o["name"]) for path, leaf in leaves for o in leaf.get("options") or []
                                      if o.get("autocomplete")]

                        def option_value(o: dict[str, Any]) -> Any:
                            if o.get("choices") and rng.random() < 0.9:
                                return rng.choice(o["choices"])["value"]
                            kind = o["type"]
                            if kind in (4, 10):
                                low, high = o.get("min_value", -10**6), o.get("max_value", 10**6)
                                value = rng.uniform(low, high) if kind == 10 else rng.randint(int(low), int(high))
                                return value if rng.random() < 0.9 else rng.choice([low - 1, high + 1, 10**12])
                            if kind == 5:
                                return rng.random() < 0.5
                            if kind == 6:
                                return rng.choice(users)
                            if kind == 7:
                                return rng.choice(channels)
                            return odd(rng)

                        for name in tables:
                            await open_table(name)
                        old_prompts: dict[int, list[dict[str, Any]]] = {ch: [] for ch in tables.values()}
                        kinds: Counter[str] = Counter()
                        by_system: Counter[str] = Counter()
                        skipped: Counter[str] = Counter()
                        refused = changed_on_refusal = apologies = 0
                        forged = forged_private = 0
                        forged_wrong: list[str] = []
                        i = -1
                        while sum(kinds.values()) < count and i < 3 * count:
                            i += 1
                            name = rng.choice(list(tables))
                            ch = tables[name]
                            if await needs_opening(name):
                                await open_table(name)
                                continue
                            record = await store.get_active_game(ch)
                            found = await bot.gm.current(ch)
                            pend = found.system.pending(found.state) if found is not None else None
                            before = await snapshot()
                            user = rng.choice(users)
                            roll = rng.random()
                            expect: str | None = None
                            try:
                                prompt = prompt_in(ch, record.id, record.version)
                                if prompt is not None:
                                    copy_ = copy.deepcopy(fake.message(prompt).payload(fake.messages.cdn_base))
                                    if copy_ not in old_prompts[ch]:
                                        old_prompts[ch] = (old_prompts[ch] + [copy_])[-10:]
                                if roll < 0.25 and prompt is not None:
                                    kind = "press"
                                    if pend is not None and rng.random() < 0.7:  # mostly the person who must decide
                                        user = int(pend.player) if pend.player.isdigit() else user
                                    if prompt.buttons and (not prompt.selects or rng.random() < 0.5):
                                        target = rng.choice(
                                            [b for b in prompt.buttons if not b["custom_id"].startswith("gmnews:")]
                                            or prompt.buttons
                                        )["custom_id"]
                                        r = await fake.click(bot, user, prompt, target)
                                        if r.modal is not None:  # "Type my answer": the box, typed and sent
                                            kind = "text box"
                                            r = await fake.submit_modal(bot, r, {"text": odd(rng) or "a hammer"})
                                    else:
                                        select = rng.choice(prompt.selects)
                                        r = await fake.select(bot, user, prompt, select["custom_id"],
                                                              [rng.choice(select["options"])["value"]])
                                elif roll < 0.35 and old_prompts[ch]:
                                    kind = "stale button"
                                    msg = copy.deepcopy(rng.choice(old_prompts[ch]))
                                    components = [c for row in msg.get("components") or [] for c in row.get("components") or []
                                                  if c.get("type") == 2 and c.get("custom_id")]
                                    if not components or prompt is not None and msg["id"] == str(prompt.id):
                                        continue
                                    msg["id"] = str(new_snowflake())  # its own copy: the live prompt stays as it is
                                    r = await fake.interact(bot, button_payload(fake.context(user, ch), msg,
                                                                                rng.choice(components)["custom_id"]))
                                elif roll < 0.60:
                                    kind = "forged id"
                                    pressers = [int(pend.player)] if pend is not None and pend.player.isdigit() else [alice]
                                    here = fg.Target(name, ch, record.id, record.version, record.system, pressers[0],
                                                     bob if pressers[0] != bob else alice, record.status)
                                    # games of other channels: an older game of this one is still its own
                                    # (its log and "Show everyone" may be read)
                                    elsewhere = [g for c, g, *_ in before if c != ch][-6:] + [g for c, g in finished if c != ch][
                                        -2:
                                    ]
                                    candidates = fg.forgeries(here, elsewhere)
                                    if pend is not None and pend.kind == "wrc_name":  # the box's own id would be an answer
                                        candidates = [f for f in candidates if f.kind != fg.MODAL]
                                    f = rng.choice(candidates)
                                    expect = fg.expected_text(f)
                                    r = await fg.send(fake, bot, here.presser if rng.random() < 0.8 else user, ch, f)
                                    forged += 1
                                    line = fg.private_line(r)
                                    if line is not None and not fg.is_apology(line) and (expect is None or line == expect):
                                        forged_private += 1
                                    else:
                                        forged_wrong.append(
                                            f"{name}: {f.custom_id[:50]!r} [{f.kind}, {f.why}] -> {r.text[:80]!r}"
                                        )
                                elif roll < 0.85:
                                    kind = "command"
                                    path, leaf = rng.choice(leaves)
                                    opts = {o["name"]: option_value(o) for o in leaf.get("options") or []
                                            if o.get("required") or rng.random() < 0.5}
                                    where = ch if rng.random() < 0.9 else w["ch2"]
                                    r = await fake.slash(bot, user, where, " ".join(path), **opts)
                                else:
                                    kind = "autocomplete"
                                    path, option = rng.choice(completing)
                                    r = await fake.autocomplete(bot, user, ch, " ".join(path), option, odd(rng))
                            except (LookupError, PermissionError, ValueError, KeyError, TypeError) as exc:
                                skipped[type(exc).__name__ + ": " + str(exc)[:60]] += 1
                                continue  # something Discord itself would not let the user do
                            kinds[kind] += 1
                            by_system[name] += 1
                            if any(m.text.startswith(apology) or apology in m.text for m in r.messages):
                                apologies += 1
                            if kind != "autocomplete" and fg.private_line(r) is not None:
                                refused += 1
                                if await snapshot() != before:
                                    changed_on_refusal += 1
                                    if os.environ.get("SAFETY_DEBUG"):
                                        print("changed on refusal:", name, kind, r.text[:120])
                        if os.environ.get("SAFETY_DEBUG"):
                            print("skipped:", skipped.most_common(8))
                        unanswered = len(fake.unacked())
                        total = sum(kinds.values())
                        tracebacks = sum(1 for rec in collector.records if rec.exc_info)
                        print(f"fuzz: {total} interactions over {len(tables)} systems ({dict(by_system)}), "
                              f"by kind {dict(kinds)} -> unanswered {unanswered}, refused {refused}, "
                              f"state changes on refused input {changed_on_refusal}, "
                              f"double answers / Discord rule breaks {len(fake.violations)}")
                        print(f"fuzz: forged ids of {templates} templates (buttons, selects, text boxes; "
                              f"not forged: {len(uncovered)}): {forged} sent, answered in one private line {forged_private}, "
                              f"otherwise {len(forged_wrong)}" + "".join(f"\n  {x}" for x in forged_wrong[:5]))
                        print(f"fuzz: interactions unanswered: {unanswered}")
                        print(f"fuzz: replies with an error id: {apologies}; errors logged: {len(collector.records)}, "
                              f"with a traceback: {tracebacks}")
    finally:
        root.handlers, root.level = saved_handlers, saved_level


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

                    # this trial's files, bound now (restart runs only within this iteration)
                    async def restart(delay: float, set_clock: float | None = None, *, clock_file=clock_file, db=db,
                                      env=env) -> None:
                        nonlocal proc
                        await asyncio.sleep(delay)
                        before = identified(fake)
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
          f"(exactly once in {sum(1 for a, b in zip(reminder_counts, expiry_counts, strict=False) if a == b == 1)}/{trials})")


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
