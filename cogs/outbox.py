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
"""
from __future__ import annotations

import base64
import contextvars
import io
import logging
from typing import Any, Literal

import discord

from gm.store import GameStore, OutboxMessage

log = logging.getLogger(__name__)

#: failed posts (other than "channel/user gone") are retried this many times, then dropped
MAX_ATTEMPTS = 5


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


async def _destination(bot: discord.Client, message: OutboxMessage) -> discord.abc.Messageable:
    if message.target == "channel":
        channel = bot.get_channel(message.target_id) or await bot.fetch_channel(message.target_id)
        return channel  # type: ignore[return-value]  # the outbox only posts to text channels
    user = bot.get_user(message.target_id) or await bot.fetch_user(message.target_id)
    return user


async def deliver_pending(bot: discord.Client, store: GameStore) -> int:
    """Post every outbox message not yet known to be posted; returns how many were posted."""
    posted = 0
    for message in await store.pending_messages():
        try:
            where = await _destination(bot, message)
            sent = await where.send(nonce=message.nonce, **to_kwargs(message.payload))
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
