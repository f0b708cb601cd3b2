"""When Discord says no (issue #29): rate limits (429), expired interaction tokens (401) and
permissions a channel denies the bot (403), answered by the loopback the way Discord's API
reference describes them, and met by the bot through discord.py's real HTTP client.

* 429: discord.py waits `retry_after` and sends the same request again; the message arrives
  once, nothing is lost or doubled.
* 401 "Invalid Webhook Token" (50027), 15 minutes after an interaction: the turn message goes
  to the channel as a plain message instead, and nothing is owed afterwards.
* 403 "Missing Permissions" (50013): the host is told once which permission is missing, where
  they can read it; the owed message is kept and posted once the permission is back.
"""
from __future__ import annotations

import asyncio
import io
import time
from typing import Any

import discord
import pytest

from bot import create_bot
from loopback import run_bot
from loopback.ratelimits import DISCORD_RATE_LIMITS, RateLimit, scaled, too_many_requests
from loopback.rest import INTERACTION_TOKEN_LIFETIME
from tests.e2e.test_delivery import live_prompt, on_disk, open_game, press_first
from tests.fakes import HandClock


async def eventually(predicate: Any, timeout: float = 3.0) -> None:
    """Poll until `predicate()` holds (gateway events reach the bot's cache on their own time)."""
    for _ in range(int(timeout / 0.01)):
        if predicate():
            return
        await asyncio.sleep(0.01)
    assert predicate()


def statuses(fake: Any, method: str, path: str, since: int = 0) -> list[int]:
    return [r.status for r in fake.requests[since:] if r.method == method and r.path == path]


# ---------------------------------------------------------------------------- the loopback itself


async def test_a_spent_bucket_answers_429_in_discords_shape_and_discord_py_retries(world, settings):
    """Discord's 429: JSON `message`, `retry_after` (float seconds), `global`; headers
    X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket, Retry-After and Via. discord.py's own
    client sleeps and sends the request again: one message, after the bucket's window."""
    fake, ch = world["fake"], world["ch1"]
    fake.rate_limits = scaled(DISCORD_RATE_LIMITS, 0.05)  # 5 messages per 0.25 s per channel
    path = f"/channels/{ch}/messages"
    async with run_bot(create_bot(settings)) as bot:
        channel = bot.get_channel(ch)
        fake.exhaust_bucket("POST", path)  # a second process on the same token spent it
        since = len(fake.requests)
        started = time.monotonic()
        sent = await channel.send("after the wait")
        assert time.monotonic() - started >= 0.1  # it waited for the bucket...
        assert statuses(fake, "POST", path, since) == [429, 200]  # ...and sent it again, once
        refused = next(r for r in fake.requests[since:] if r.status == 429)
        assert set(refused.response) == {"message", "retry_after", "global"}
        assert isinstance(refused.response["retry_after"], float) and refused.response["global"] is False
        assert [m.content for m in fake.messages_in(ch)] == ["after the wait"] and sent.id == fake.last_message(ch).id


async def test_rate_limit_headers_make_discord_py_pace_a_burst(world, settings):
    """Eight posts to one channel under a 3-per-0.3 s bucket: discord.py reads the headers and
    waits before the bucket runs dry (or retries a 429); all eight arrive, in order, once."""
    fake, ch = world["fake"], world["ch1"]
    fake.rate_limits = (RateLimit("POST", "/channels/{channel_id}/messages", 3, 0.3, "burst", "channel_id"),)
    async with run_bot(create_bot(settings)) as bot:
        channel = bot.get_channel(ch)
        started = time.monotonic()
        for n in range(8):
            await channel.send(f"line {n}")
        assert time.monotonic() - started >= 0.5  # two full windows had to pass
    assert [m.content for m in fake.messages_in(ch)] == [f"line {n}" for n in range(8)]


async def test_no_limits_by_default_and_no_headers(world, settings):
    """Without limits the fake sends no rate-limit headers, so the suite never waits."""
    fake, ch = world["fake"], world["ch1"]
    assert fake.rate_limits == ()
    async with run_bot(create_bot(settings)) as bot:
        started = time.monotonic()
        for n in range(12):
            await bot.get_channel(ch).send(f"{n}")
        assert time.monotonic() - started < 2.0
    assert fake.rate_limiter.refused == []


async def test_an_interaction_token_expires_after_15_minutes(world, settings):
    """Discord: tokens are valid for 15 minutes; after that a follow-up or an edit of the
    original response gets 401 with code 50027 "Invalid Webhook Token"."""
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        shown = await fake.slash(bot, alice, ch, "help")
        webhook = f"/webhooks/{fake.application_id}/{shown.token}"
        fake.advance(INTERACTION_TOKEN_LIFETIME - 60)
        alive = await bot.http.request(discord.http.Route("GET", webhook + "/messages/@original"))  # still valid
        assert int(alive["id"]) == shown.message.id
        fake.advance(120)
        with pytest.raises(discord.HTTPException) as late:
            await bot.http.request(discord.http.Route("PATCH", webhook + "/messages/@original"), json={"content": "x"})
        assert late.value.status == 401 and late.value.code == 50027 and late.value.text == "Invalid Webhook Token"
        with pytest.raises(discord.HTTPException) as late:
            await bot.http.request(discord.http.Route("POST", webhook), json={"content": "x"})
        assert late.value.status == 401 and late.value.code == 50027
    assert [v.field for v in fake.violations] == ["webhook", "webhook"]
    fake.violations.clear()


async def test_a_denied_permission_is_a_403_for_the_requests_that_need_it(world, settings):
    """Create Message needs Send Messages; embeds need Embed Links, files Attach Files (403,
    50013 Missing Permissions). Interaction replies need none of them; `app_permissions` shows
    the channel's overwrite."""
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        channel = bot.get_channel(ch)
        fake.deny_bot(ch, "embed_links", "attach_files")
        await eventually(lambda: not channel.permissions_for(channel.guild.me).embed_links)
        await channel.send("plain text still works")
        for kwargs in ({"embed": discord.Embed(title="board")},
                       {"file": discord.File(io.BytesIO(b"x"), filename="board.png")}):
            with pytest.raises(discord.Forbidden) as refused:
                await channel.send("with more", **kwargs)
            assert refused.value.status == 403 and refused.value.code == 50013
        fake.deny_bot(ch, "send_messages")
        with pytest.raises(discord.Forbidden):
            await channel.send("nothing at all")
        shown = await fake.slash(bot, alice, ch, "help")  # an interaction reply is not a channel post
        assert shown.acked and shown.message.embeds
        app = discord.Permissions(int(shown.payload["app_permissions"]))
        assert not app.send_messages and not app.embed_links and app.view_channel
        fake.allow_bot(ch, "send_messages", "embed_links", "attach_files")
        await channel.send(embed=discord.Embed(title="back"))
    assert [m.content for m in fake.messages_in(ch) if not m.interaction_id] == ["plain text still works", ""]


# ---------------------------------------------------------------------------- the bot meets them


def followup_path(fake: Any) -> str:
    return f"/webhooks/{fake.application_id}/"


async def test_a_rate_limited_turn_message_is_retried_and_arrives_once(world, settings):
    """A press whose turn message (the follow-up) meets a 429: discord.py waits and sends it
    again; the channel gets the new prompt once, with live buttons, and nothing is owed."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    db = settings.database_path
    async with run_bot(create_bot(settings)) as bot:
        await open_game(fake, bot, ch, alice, bob, "prophecy")
        game, version, actor = await on_disk(db, ch)
        refused: list[str] = []

        async def once_429(req: Any) -> Any:
            if not refused and req.method == "POST" and req.path.startswith(followup_path(fake)):
                refused.append(req.path)
                return too_many_requests(0.05, bucket="webhook")
            return None

        fake.faults.append(once_429)
        await press_first(fake, bot, int(actor), live_prompt(fake, ch, game, version))
        _, after, _ = await on_disk(db, ch)
        assert after > version
        assert statuses(fake, "POST", refused[0]) == [429, 200]
        prompts = [m for m in fake.messages_in(ch) if live_prompt(fake, ch, game, after) is m]
        assert len(prompts) == 1
        copies = [m for m in fake.messages_in(ch) if m.content == prompts[0].content and m.embeds == prompts[0].embeds]
        assert len(copies) == 1  # not doubled
        before = len(fake.messages_in(ch))
        await bot.get_cog("ClockCog").run_clock()
        assert len(fake.messages_in(ch)) == before  # nothing owed


async def test_an_expired_token_sends_the_turn_message_to_the_channel(world, settings):
    """The bot took longer than 15 minutes to send a press's turn message: Discord answers the
    follow-up 401 "Invalid Webhook Token" (50027); the turn message goes to the channel as a
    plain message, with live buttons, and is not owed afterwards."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    db = settings.database_path
    async with run_bot(create_bot(settings)) as bot:
        await open_game(fake, bot, ch, alice, bob, "prophecy")
        game, version, actor = await on_disk(db, ch)

        slept: list[str] = []

        async def slow_bot(req: Any) -> Any:
            if not slept and req.method == "POST" and req.path.startswith(followup_path(fake)):
                slept.append(req.path)
                fake.advance(INTERACTION_TOKEN_LIFETIME + 1)  # as if the bot was busy for 15 minutes
                req.time = fake.now()
            return None  # the fake itself answers, with its clock moved on

        fake.faults.append(slow_bot)
        since = len(fake.requests)
        await press_first(fake, bot, int(actor), live_prompt(fake, ch, game, version))
        fake.faults.clear()
        refused = [r for r in fake.requests[since:] if r.status == 401]
        assert refused and refused[0].response == {"message": "Invalid Webhook Token", "code": 50027}
        _, after, _ = await on_disk(db, ch)
        posted = live_prompt(fake, ch, game, after)
        assert posted is not None and posted.interaction_id is None  # a plain channel message
        before = len(fake.messages_in(ch))
        await bot.get_cog("ClockCog").run_clock()
        assert len(fake.messages_in(ch)) == before
    assert {v.field for v in fake.violations} == {"webhook"}  # the late follow-ups, and nothing else
    fake.violations.clear()


async def _expire_turn(bot: Any, clock: HandClock) -> None:
    """Let the turn clock run until the player to act has run out of time."""
    for _ in range(4):
        clock.now += 3600
        if "expired" in [tick.kind for tick in await bot.get_cog("ClockCog").run_clock()]:
            return
    raise AssertionError("no turn ran out")


async def test_send_messages_denied_holds_the_clock_post_and_tells_the_host_once(world, settings):
    """An admin takes Send Messages from the bot in the game's channel. The turn clock's "time
    ran out" message (with the new prompt) is held, not dropped, and no request is wasted on a
    certain refusal; the host (alice, who opened the game) gets one DM naming the permission,
    and /game status says it again, privately. Once the permission is back, the held message is
    posted, once, with live buttons."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy", bank_hours=0.5)
        await fake.slash(bot, bob, ch, "game join")
        await fake.slash(bot, alice, ch, "game start")
        channel = bot.get_channel(ch)
        fake.deny_bot(ch, "send_messages")
        await eventually(lambda: not channel.permissions_for(channel.guild.me).send_messages)
        in_channel = len(fake.messages_in(ch))
        since = len(fake.requests)
        await _expire_turn(bot, clock)
        await bot.get_cog("ClockCog").run_clock()  # a second pass: still held, nobody told twice
        assert len(fake.messages_in(ch)) == in_channel
        assert statuses(fake, "POST", f"/channels/{ch}/messages", since) == []  # no 403 piled up
        dms = fake.messages_in(fake.dm_channel(alice))
        assert len(dms) == 1 and "Send Messages" in dms[0].content and f"<#{ch}>" in dms[0].content
        assert len(await bot.gm.store.pending_messages()) >= 1  # kept, not dropped
        status = await fake.slash(bot, alice, ch, "game status")
        assert any("Send Messages" in m.content for m in status.messages)
        found = await bot.gm.current(ch)
        game, version = found.record.id, found.record.version
        assert live_prompt(fake, ch, game, version) is None

        fake.allow_bot(ch, "send_messages")
        await eventually(lambda: channel.permissions_for(channel.guild.me).send_messages)
        await bot.get_cog("ClockCog").run_clock()
        posted = live_prompt(fake, ch, game, version)
        assert posted is not None and "time ran out" in posted.content
        assert await bot.gm.store.pending_messages() == []
        assert "permission_refused" not in ((await bot.gm.current(ch)).record.settings or {})
        count = len(fake.messages_in(ch))
        await bot.get_cog("ClockCog").run_clock()
        assert len(fake.messages_in(ch)) == count  # posted once
        assert len(fake.messages_in(fake.dm_channel(alice))) == 1


async def test_embed_links_refused_unseen_tells_the_host_in_the_channel_and_keeps_the_prompt_owed(world, settings):
    """The bot's cache missed the change: its turn message (an embed) posted in the channel after
    a press Discord no longer took gets a real 403 Missing Permissions. Plain text still goes
    through, so the host is told in the channel which permission (Embed Links), once; the prompt
    stays owed, and the turn clock posts it when the permission is back."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    clock = HandClock(2_000_000_000.0)
    db = settings.database_path
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        await open_game(fake, bot, ch, alice, bob, "prophecy")
        game, version, actor = await on_disk(db, ch)
        fake.deny_bot(ch, "embed_links", announce=False)

        async def too_late(req: Any) -> Any:
            if req.method == "POST" and (req.path.startswith("/interactions/") or req.path.startswith(followup_path(fake))):
                return 404, {"message": "Unknown interaction", "code": 10062}
            return None

        fake.faults.append(too_late)
        since = len(fake.requests)
        await press_first(fake, bot, int(actor), live_prompt(fake, ch, game, version))
        fake.faults.clear()
        assert 403 in statuses(fake, "POST", f"/channels/{ch}/messages", since)
        _, after, _ = await on_disk(db, ch)
        assert after > version and live_prompt(fake, ch, game, after) is None
        notices = [m for m in fake.messages_in(ch) if "Embed Links" in m.content]
        assert len(notices) == 1 and f"<@{alice}>" in notices[0].content and not notices[0].embeds
        clock.now += 60  # past the grace a press has to post its own message
        await bot.get_cog("ClockCog").run_clock()  # still refused: held, the host is not told again
        assert live_prompt(fake, ch, game, after) is None
        assert len([m for m in fake.messages_in(ch) if "Embed Links" in m.content]) == 1

        fake.allow_bot(ch, "embed_links")
        channel = bot.get_channel(ch)
        await eventually(lambda: channel.permissions_for(channel.guild.me).embed_links)
        await bot.get_cog("ClockCog").run_clock()
        resent = live_prompt(fake, ch, game, after)
        assert resent is not None and resent.embeds and resent.content.startswith("↻")
        count = len(fake.messages_in(ch))
        await bot.get_cog("ClockCog").run_clock()
        assert len(fake.messages_in(ch)) == count
