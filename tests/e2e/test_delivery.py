"""Delivery is part of the step (DESIGN "Delivery is part of the step"; issue "A table never
stalls"): a step committed whose turn message never reached the channel (the bot died between
commit and post, or Discord refused the reply) is posted after the restart with live buttons,
and /game status (or /campaign status) brings the live decision back to whoever must decide.
Each game system is checked: Prophecy Basic, Standard, the Water Realm, Darkest Talisman."""
from __future__ import annotations

import asyncio
import copy
import re
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from gm.session import GameMaster
from gm.store import SqliteStore
from loopback import run_bot
from loopback.payloads import button_payload
from tests.e2e.helpers import polled, spawn_bot, wait_connected

SYSTEMS = ["prophecy", "prophecy:standard", "prophecy:water_realm", "campaign"]
LATE = (404, {"message": "Unknown interaction", "code": 10062})
#: the REST routes of a reply to an interaction (its callback, and follow-ups through its webhook)
REPLY = re.compile(r"^/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+)")


async def open_game(fake: Any, bot: Any, ch: int, alice: int, bob: int, kind: str) -> None:
    if kind == "campaign":
        started = await fake.slash(bot, alice, ch, "campaign new", mode="solo")  # a solo campaign starts at once
    else:
        await fake.slash(bot, alice, ch, "game new", system=kind)
        await fake.slash(bot, bob, ch, "game join")
        started = await fake.slash(bot, alice, ch, "game start")
    assert not started.ephemeral, started.text


async def on_disk(db: Path, ch: int) -> tuple[int, int, str]:
    """(game id, version, who must decide) as stored."""
    async with SqliteStore(db) as store:
        found = await GameMaster(store).current(ch)
        assert found is not None
        return found.record.id, found.record.version, found.system.pending(found.state).player


def live_prompt(fake: Any, ch: int, game: int, version: int, *, include_ephemeral: bool = False) -> Any:
    """The newest message of the channel whose buttons answer exactly this game version."""
    for m in reversed(fake.messages_in(ch, include_ephemeral=include_ephemeral)):
        ids = [b["custom_id"] for b in m.buttons] + [s["custom_id"] for s in m.selects]
        if any(i.startswith((f"gm:{game}:{version}:", f"gms:{game}:{version}:")) for i in ids):
            return m
    return None


async def press_first(fake: Any, bot: Any, who: int, message: Any) -> Any:
    """Answer a prompt with its first choice (a button, else the first option of its select)."""
    button = next((b["custom_id"] for b in message.buttons if b["custom_id"].startswith("gm:")), None)
    if button is not None:
        return await fake.click(bot, who, message, button)
    select = next(s for s in message.selects if s["custom_id"].startswith("gms:"))
    return await fake.select(bot, who, message, select["custom_id"], [select["options"][0]["value"]])


async def status(fake: Any, bot: Any, who: int, ch: int, kind: str) -> Any:
    return await fake.slash(bot, who, ch, "campaign status" if kind == "campaign" else "game status")


async def check_status_brings_back(fake: Any, bot: Any, db: Path, ch: int, kind: str, alice: int, bob: int) -> None:
    """Whoever must decide gets live buttons from the status command and can press them; anyone
    else is told who decides, with a link to the live prompt."""
    game, version, actor = await on_disk(db, ch)
    seen = await status(fake, bot, int(actor), ch, kind)
    await fake.wait_until(lambda: any(live_prompt_in(m, game, version) for m in seen.messages), timeout=15)
    live = [m for m in seen.messages if live_prompt_in(m, game, version)]
    assert live, [m.content for m in seen.messages]
    pressed = await press_first(fake, bot, int(actor), live[-1])
    assert pressed.acked and pressed.record.callback.type == 6, pressed.text  # the press is acknowledged first
    for _ in range(100):  # a bot in another process commits on its own time
        if (await on_disk(db, ch))[1] > version:
            break
        await asyncio.sleep(0.05)
    assert (await on_disk(db, ch))[1] > version
    if kind != "campaign":  # a solo campaign has nobody else at the table
        game, version, actor = await on_disk(db, ch)
        other = alice if actor != str(alice) else bob
        seen = await status(fake, bot, other, ch, kind)
        await fake.wait_until(lambda: "to decide" in seen.messages[-1].content, timeout=15)
        assert "to decide" in seen.messages[-1].content and "discord.com/channels/" in seen.messages[-1].content


def live_prompt_in(message: Any, game: int, version: int) -> bool:
    ids = [b["custom_id"] for b in message.buttons] + [s["custom_id"] for s in message.selects]
    return any(i.startswith((f"gm:{game}:{version}:", f"gms:{game}:{version}:")) for i in ids)


async def _opened(fake: Any, bot: Any, db: Path, ch: int, alice: int, bob: int, kind: str) -> tuple[int, int, str, Any]:
    """A game of `kind` opened by Alice with Bob and started: (game id, version, who must
    decide, its prompt live in the channel or None)."""
    await open_game(fake, bot, ch, alice, bob, kind)
    game, version, actor = await on_disk(db, ch)
    return game, version, actor, live_prompt(fake, ch, game, version)


@pytest.mark.parametrize("kind", SYSTEMS)
async def test_a_reply_refused_after_the_commit_is_posted_after_a_restart(world, settings, kind):
    """Discord takes no reply and no channel post while the press commits; after the restart
    the turn clock's first pass posts the current prompt, whose buttons work."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    db = settings.database_path
    async with run_bot(create_bot(settings)) as bot:
        game, version, actor, prompt = await _opened(fake, bot, db, ch, alice, bob, kind)
        assert prompt is not None

        async def refuse_everything(req: Any) -> Any:
            if req.method == "POST" and (REPLY.match(req.path) or req.path == f"/channels/{ch}/messages"):
                return (403, {"message": "Missing Access", "code": 50001}) if req.path.startswith("/channels") else LATE
            return None

        fake.faults.append(refuse_everything)
        await press_first(fake, bot, int(actor), prompt)
        fake.faults.clear()
        _, after, _ = await on_disk(db, ch)
        assert after > version  # the step is committed...
        assert live_prompt(fake, ch, game, after) is None  # ...and its prompt never reached the channel
    async with run_bot(create_bot(settings)) as bot:
        assert await fake.wait_until(lambda: live_prompt(fake, ch, game, after) is not None, timeout=20)
        resent = live_prompt(fake, ch, game, after)
        assert resent.content.startswith("↻")
        await check_status_brings_back(fake, bot, db, ch, kind, alice, bob)


@pytest.mark.parametrize("kind", ["prophecy", "campaign"])
async def test_a_press_answered_too_late_still_posts_its_prompt_in_the_channel(world, settings, kind):
    """Discord refuses the reply (the 3-second window was missed): the step stands and its turn
    message goes to the channel as a plain message at once, with live buttons."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    db = settings.database_path
    async with run_bot(create_bot(settings)) as bot:
        game, version, actor, prompt = await _opened(fake, bot, db, ch, alice, bob, kind)

        async def too_late(req: Any) -> Any:
            return LATE if req.method == "POST" and REPLY.match(req.path) else None

        fake.faults.append(too_late)
        await press_first(fake, bot, int(actor), prompt)
        fake.faults.clear()
        _, after, _ = await on_disk(db, ch)
        assert after > version
        posted = live_prompt(fake, ch, game, after)
        assert posted is not None and not posted.content.startswith("↻")
        # delivered: nothing is owed, the next clock pass posts nothing more
        before = len(fake.messages_in(ch))
        await bot.get_cog("ClockCog").run_clock()
        assert len(fake.messages_in(ch)) == before


async def test_a_stale_button_points_to_the_live_prompt(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    db = settings.database_path
    async with run_bot(create_bot(settings)) as bot:
        await open_game(fake, bot, ch, alice, bob, "prophecy")
        game, version, actor = await on_disk(db, ch)
        old = live_prompt(fake, ch, game, version)
        kept = copy.deepcopy(old.payload(fake.messages.cdn_base))  # as a client still showing it
        custom = next(b["custom_id"] for b in old.buttons if b["custom_id"].startswith("gm:"))
        await press_first(fake, bot, int(actor), old)
        game, now, actor = await on_disk(db, ch)
        live = live_prompt(fake, ch, game, now)
        refused = await fake.interact(bot, button_payload(fake.context(int(actor), ch), kept, custom))
        assert refused.ephemeral
        assert refused.text.endswith(f"/channels/{world['guild']}/{ch}/{live.id}")


def _spawn(fake: Any, db: Path) -> subprocess.Popen[bytes]:
    return spawn_bot(fake, db, log_level="ERROR", stderr=subprocess.DEVNULL)


async def test_kill_minus_nine_between_commit_and_post(world, settings):
    """A real bot process is killed while its replies to committed presses are in flight, one
    game of each system at once (a channel each); the next process posts every prompt by itself,
    and each status command gives its buttons back."""
    fake, alice, bob = world["fake"], world["alice"], world["bob"]
    db = settings.database_path
    channels = {kind: fake.add_channel(world["guild"], f"kill-{i}") for i, kind in enumerate(SYSTEMS)}
    proc = _spawn(fake, db)
    held: list[str] = []
    release = asyncio.Event()
    clicks = []
    try:
        await wait_connected(fake, 0, timeout=60)
        before: dict[str, tuple[int, int]] = {}
        for kind, ch in channels.items():
            await open_game(fake, None, ch, alice, bob, kind)
            game, version, _ = await on_disk(db, ch)
            before[kind] = (game, version)

        def of_a_press(req: Any) -> bool:
            """A request answering a button press (not a late edit of the /start reply's picture)."""
            record = fake.interactions.by_token.get(req.path.split("/")[3])
            return record is not None and record.type == 3

        async def hold_replies(req: Any) -> Any:
            # the acknowledgement (a deferred update) goes before the commit: the answers after it are held
            if (req.method in ("POST", "PATCH") and REPLY.match(req.path) and (req.json or {}).get("type") != 6
                    and of_a_press(req)):
                held.append(req.path)
                await release.wait()  # the bot dies while waiting for this answer
                return LATE
            return None

        fake.faults.append(hold_replies)
        for ch in channels.values():
            game, version, actor = await on_disk(db, ch)
            prompt = live_prompt(fake, ch, game, version)
            clicks.append(asyncio.create_task(press_first(fake, None, int(actor), prompt)))
        assert await polled(lambda: len(held) >= len(channels), timeout=30)  # set inside a held request
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        fake.faults.clear()
        release.set()
        after: dict[str, int] = {}
        for kind, ch in channels.items():
            game, version = before[kind]
            _, after[kind], _ = await on_disk(db, ch)
            assert after[kind] > version and live_prompt(fake, ch, game, after[kind]) is None, kind
        identified = len(fake.gateway.identifies)
        proc = _spawn(fake, db)
        await wait_connected(fake, identified, timeout=60)
        for kind, ch in channels.items():
            game = before[kind][0]
            assert await fake.wait_until(
                lambda ch=ch, game=game, kind=kind: live_prompt(fake, ch, game, after[kind]) is not None, timeout=20
            ), kind
            await check_status_brings_back(fake, None, db, ch, kind, alice, bob)
    finally:
        release.set()
        for click in clicks:
            click.cancel()
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)

