"""Messages that must reach Discord exactly once: reminders and expiries of the turn clock.

The clock commits its state change and the rendered message (an outbox row) in one store
transaction, then posts the row with a nonce derived from it and `enforce_nonce` (discord.py
sets it whenever a nonce is given): Discord folds a repeat of the same nonce from the same
author within a few minutes into the first message. So:

* a crash before the commit: nothing happened, the clock decides again after the restart;
* a crash after the commit, before the post: the restart posts it (not lost);
* a crash after the post, before it is marked delivered: the restart posts it again with the
  same nonce and Discord returns the first message (not repeated).

Messages are stored as Discord would receive them (content, embed dicts, component rows,
files as base64), so a restarted bot posts exactly what was decided, without re-rendering.

Several bot processes on one PostgreSQL database (one per set of Discord shards) each post only
their shards' messages: `pending_messages` lists those of the games whose server is in a shard
this process serves, and marking one delivered is fenced by that shard's lease, so a message
is never posted by two processes (and a repeat after a takeover folds into the first by nonce).

When Discord says no:

* 429 (rate limited): discord.py's HTTP client waits `retry_after` and sends the same request
  again by itself; the nonce keeps even a repeat that did get through from doubling.
* 403 Missing Permissions / Missing Access in a game's channel (an admin took Send Messages,
  Embed Links or Attach Files from the bot there): the message is *held*, not dropped — it
  stays pending and is posted on a later pass once the permission is back — and the game's host
  is told once which permission is missing (`post_or_hold`). While the bot's cache already
  shows the permission missing, nothing is sent at all: Discord bans clients that pile up
  refused requests (10,000 401/403/429 answers in 10 minutes).
"""
from __future__ import annotations

import base64
import contextvars
import io
import logging
from typing import Any, Literal

import discord

from gm.i18n import t
from gm.store import GameRecord, GameStore, OutboxMessage

log = logging.getLogger(__name__)

#: failed posts (other than "channel/user gone") are retried this many times, then dropped
MAX_ATTEMPTS = 5
#: Discord's codes for "the bot may not do this here": Missing Access, Missing Permissions
REFUSAL_CODES = frozenset({50001, 50013})
#: the permissions a channel post can need, in the order the host is told about them
POST_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "attach_files", "read_message_history")


class StoredComponents(discord.ui.View):
    """A view that only replays component rows saved earlier.

    Every button and select of this bot is a DynamicItem, routed by its custom id after a
    restart, so the posted message needs no live view: this one is stopped before sending,
    which keeps discord.py from registering it.
    """

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self._rows = rows
        self.stop()

    def to_components(self) -> list[dict[str, Any]]:
        return list(self._rows)


def to_payload(kwargs: dict[str, Any]) -> dict[str, Any]:
    """`Messageable.send` keyword arguments as JSON (what the outbox row keeps)."""
    out: dict[str, Any] = {}
    if kwargs.get("content"):
        out["content"] = str(kwargs["content"])
    embeds = list(kwargs.get("embeds") or []) + ([kwargs["embed"]] if kwargs.get("embed") else [])
    if embeds:
        out["embeds"] = [e.to_dict() for e in embeds]
    files = list(kwargs.get("files") or []) + ([kwargs["file"]] if kwargs.get("file") else [])
    if files:
        stored = []
        for f in files:
            f.reset()
            stored.append({"filename": f.filename, "data": base64.b64encode(f.fp.read()).decode("ascii")})
            f.reset()
        out["files"] = stored
    view = kwargs.get("view")
    if view is not None:
        out["components"] = view.to_components()
    mentions = kwargs.get("allowed_mentions")
    if mentions is not None:
        out["allowed_mentions"] = mentions.to_dict()
    return out


def _mentions(data: dict[str, Any]) -> discord.AllowedMentions:
    parse = set(data.get("parse") or [])
    users: Any = "users" in parse or [discord.Object(id=int(u)) for u in data.get("users") or []]
    roles: Any = "roles" in parse or [discord.Object(id=int(r)) for r in data.get("roles") or []]
    return discord.AllowedMentions(everyone="everyone" in parse, users=users, roles=roles,
                                   replied_user=bool(data.get("replied_user", False)))


def to_kwargs(payload: dict[str, Any]) -> dict[str, Any]:
    """The reverse of `to_payload`, ready for `Messageable.send`."""
    kwargs: dict[str, Any] = {}
    if payload.get("content"):
        kwargs["content"] = payload["content"]
    if payload.get("embeds"):
        kwargs["embeds"] = [discord.Embed.from_dict(e) for e in payload["embeds"]]
    if payload.get("files"):
        kwargs["files"] = [discord.File(io.BytesIO(base64.b64decode(f["data"])), filename=f["filename"])
                           for f in payload["files"]]
    if payload.get("components"):
        kwargs["view"] = StoredComponents(payload["components"])
    kwargs["allowed_mentions"] = _mentions(payload["allowed_mentions"]) if "allowed_mentions" in payload \
        else discord.AllowedMentions.none()
    return kwargs


class Capture:
    """Collects what a clock announcement would send, to put it in the outbox instead."""

    def __init__(self) -> None:
        self.messages: list[tuple[Literal["channel", "user"], int, dict[str, Any]]] = []

    async def channel(self, channel_id: int, **kwargs: Any) -> None:
        self.messages.append(("channel", int(channel_id), to_payload(kwargs)))

    async def user(self, user_id: int, **kwargs: Any) -> None:
        self.messages.append(("user", int(user_id), to_payload(kwargs)))

    async def enqueue(self, store: GameStore, game_id: int | None) -> None:
        for target, target_id, payload in self.messages:
            await store.enqueue_message(target, target_id, payload, game_id=game_id)


class _Sink:
    """Stands in for a channel or user in `announce`: `send` records instead of posting."""

    def __init__(self, capture: Capture, target: Literal["channel", "user"], target_id: int) -> None:
        self.capture, self.target, self.target_id = capture, target, target_id

    async def send(self, content: Any = None, **kwargs: Any) -> None:
        record = self.capture.channel if self.target == "channel" else self.capture.user
        await record(self.target_id, content=content, **kwargs)


#: set while the turn clock renders an announcement inside its transaction (task-local)
CAPTURE: contextvars.ContextVar[Capture | None] = contextvars.ContextVar("gm_outbox_capture", default=None)


def sink(target_id: int, target: Literal["channel", "user"] = "channel") -> _Sink | None:
    """Where the current task's announcement goes: the outbox while the clock captures, else None."""
    capture = CAPTURE.get()
    return None if capture is None else _Sink(capture, target, int(target_id))


def needed_permissions(kwargs: dict[str, Any]) -> list[str]:
    """What Discord requires of the bot to post a message with these `send` kwargs."""
    needed = ["view_channel", "send_messages"]
    if kwargs.get("embed") or kwargs.get("embeds"):
        needed.append("embed_links")
    if kwargs.get("file") or kwargs.get("files"):
        needed.append("attach_files")
    if kwargs.get("reference"):
        needed.append("read_message_history")
    return needed


def missing_permissions(channel: Any, kwargs: dict[str, Any]) -> list[str]:
    """The needed permissions a guild channel denies the bot (as far as the bot's view of the
    channel knows; [] outside guilds)."""
    guild = getattr(channel, "guild", None)
    if guild is None or guild.me is None or not hasattr(channel, "permissions_for"):
        return []
    granted = channel.permissions_for(guild.me)
    return [name for name in needed_permissions(kwargs) if not getattr(granted, name)]


def is_refusal(exc: discord.HTTPException) -> bool:
    """A 403 saying the bot may not do this in this channel (not "the channel is gone")."""
    return isinstance(exc, discord.Forbidden) and exc.code in REFUSAL_CODES


async def post_or_hold(bot: discord.Client, channel: Any, game: GameRecord, kwargs: dict[str, Any],
                       locale: str) -> discord.Message | None:
    """Post a game's message in its channel, or hold it when the channel denies the bot a
    permission it needs: None means "not posted, still owed" (the caller keeps it for a later
    pass) and the host has been told, once, what is missing. Other errors propagate."""
    missing = missing_permissions(channel, kwargs)
    if not missing:
        try:
            sent: discord.Message = await channel.send(**kwargs)  # a text channel's send gives the message
            return sent
        except discord.HTTPException as exc:
            if not is_refusal(exc):
                raise
            log.warning("game %s: Discord refused a post in channel %s: %s", game.id, game.channel_id, exc)
            missing = await _refused_now(bot, channel, kwargs)
    gm = bot.gm  # type: ignore[attr-defined]  # the bot is bot.GameBot, which carries its game master
    if await gm.refusal_noted(game.channel_id, game.id, missing):
        await tell_host(bot, channel, game, missing, locale)
    return None


async def _refused_now(bot: discord.Client, channel: Any, kwargs: dict[str, Any]) -> list[str]:
    """Which permissions Discord just refused: read from the channel as Discord has it now (the
    cache missed the change), else every permission the message needs."""
    try:
        fresh = await bot.fetch_channel(channel.id)
    except discord.HTTPException:
        fresh = None
    found = missing_permissions(fresh, kwargs) if fresh is not None else []
    return found or needed_permissions(kwargs)


async def tell_host(bot: discord.Client, channel: Any, game: GameRecord, missing: list[str], locale: str) -> None:
    """Tell the game's host which permission the channel denies the bot, where they can read it:
    in the channel itself when plain text can still be posted there (only embeds or files are
    refused), else by DM. Either way /game status tells them again (`refused_permissions`)."""
    host = game.host_id
    if host is None:
        return
    names = ", ".join(t(locale, f"delivery.permission_{name}") for name in POST_PERMISSIONS if name in missing)
    text = t(locale, "delivery.missing_permission", host=f"<@{host}>", channel=f"<#{game.channel_id}>", permissions=names)
    mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(id=host)])
    try:
        if not {"view_channel", "send_messages"} & set(missing):
            await channel.send(text, allowed_mentions=mentions)
            return
        user = bot.get_user(host) or await bot.fetch_user(host)
        await user.send(text, allowed_mentions=mentions)
    except discord.HTTPException as exc:  # DMs closed: /game status still tells them
        log.info("game %s: could not tell host %s about missing permissions %s: %s", game.id, host, missing, exc)


async def _destination(bot: discord.Client, message: OutboxMessage) -> discord.abc.Messageable:
    if message.target == "channel":
        channel = bot.get_channel(message.target_id) or await bot.fetch_channel(message.target_id)
        return channel  # type: ignore[return-value]  # the outbox only posts to text channels
    user = bot.get_user(message.target_id) or await bot.fetch_user(message.target_id)
    return user


async def deliver_pending(bot: discord.Client, store: GameStore, locale: str = "en", game_id: int | None = None) -> int:
    """Post every outbox message not yet known to be posted (only one game's with `game_id`);
    returns how many were posted. A game's channel message refused for a missing permission is
    held (`post_or_hold`), and so are the later ones for that channel in this pass, which keeps
    them in order."""
    posted = 0
    held: set[tuple[str, int]] = set()
    for message in await store.pending_messages(game_id=game_id):
        if (message.target, message.target_id) in held:
            continue
        try:
            where = await _destination(bot, message)
            kwargs = to_kwargs(message.payload)
            game = await store.get_game(message.game_id) if message.game_id and message.target == "channel" else None
            if game is not None:
                sent = await post_or_hold(bot, where, game, {"nonce": message.nonce, **kwargs}, locale)
                if sent is None:
                    held.add((message.target, message.target_id))
                    continue
                await bot.gm.refusal_cleared(game.channel_id, game.id)  # type: ignore[attr-defined]  # the bot is bot.GameBot, which carries its game master
            else:
                sent = await where.send(nonce=message.nonce, **kwargs)
        except (discord.NotFound, discord.Forbidden) as exc:
            # the channel was deleted or the bot may no longer post there: nobody can see it
            log.info("outbox %s: %s %s unreachable (%s); dropped", message.id, message.target, message.target_id, exc)
            await store.mark_delivered(message.id, None, error=str(exc)[:500])
            continue
        except discord.HTTPException as exc:
            if message.attempts + 1 >= MAX_ATTEMPTS:
                log.warning("outbox %s: giving up after %s attempts: %s", message.id, message.attempts + 1, exc)
                await store.mark_delivered(message.id, None, error=str(exc)[:500])
            else:
                await store.note_attempt(message.id, str(exc))
            continue
        await store.mark_delivered(message.id, sent.id)
        posted += 1
    return posted
