"""The fake gateway: one websocket session per connected bot.

It speaks just enough of the protocol for discord.py's real `DiscordWebSocket`: HELLO,
heartbeat ACKs, IDENTIFY answered by READY plus one GUILD_CREATE per guild, member chunk
requests, and an op 9 on RESUME so a reconnecting client identifies afresh. Frames are
sent as *text*, which discord.py accepts even though it asked for zlib-stream, because it
only decompresses binary frames.

Each session has one writer task draining an outbox queue, so frames reach the bot in the
order they were queued, whether queued by `await dispatch(...)` or by a model change.

Shards: a session that IDENTIFYs with `shard: [id, count]` gets, as from Discord, only the
servers of that shard (`(guild_id >> 22) % count == id`) in READY and GUILD_CREATE, and only
their events (interactions included); events of no server (DMs) go to shard 0. A session
without `shard` gets everything. So several bot processes, each connecting its own shards,
see disjoint sets of servers, and an interaction for a shard nobody connects reaches no one
(the user would see "This interaction failed").
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final

from aiohttp import WSMsgType, web

from .jsonio import dumps_text
from .model import World
from .snowflake import shard_of

JSON = dict[str, Any]

log = logging.getLogger(__name__)

DISPATCH: Final = 0
HEARTBEAT: Final = 1
IDENTIFY: Final = 2
RESUME: Final = 6
REQUEST_GUILD_MEMBERS: Final = 8
INVALID_SESSION: Final = 9
HELLO: Final = 10
HEARTBEAT_ACK: Final = 11

INVALID_SHARD: Final = 4010
"""Close code Discord uses for an IDENTIFY with an impossible `shard` value."""

GUILD_MEMBERS_INTENT: Final = 1 << 1
HEARTBEAT_INTERVAL_MS: Final = 41_250

_CLOSE: Final = object()


@dataclass(eq=False)
class GatewaySession:
    """One bot connection: its socket, sequence counter and IDENTIFY payload."""

    ws: web.WebSocketResponse
    session_id: str = field(default_factory=lambda: secrets.token_hex(16))
    sequence: int = 0
    identify: JSON | None = None
    outbox: asyncio.Queue[tuple[Any, asyncio.Future[None] | None]] = field(default_factory=asyncio.Queue)

    @property
    def ready(self) -> bool:
        """True once IDENTIFY was answered: only then may events be dispatched to it."""
        return self.identify is not None

    @property
    def intents(self) -> int:
        return int((self.identify or {}).get("intents", 0))

    @property
    def shard(self) -> tuple[int, int] | None:
        """`(shard_id, shard_count)` from IDENTIFY, or None for an unsharded session."""
        value = (self.identify or {}).get("shard")
        if not value:
            return None
        return int(value[0]), int(value[1])

    def owns(self, guild_id: int | None) -> bool:
        """Whether Discord would send this session the events of `guild_id` (None: no server)."""
        shard = self.shard
        if shard is None:
            return True
        return shard_of(guild_id, shard[1]) == shard[0]

    def queue(self, frame: JSON, *, done: asyncio.Future[None] | None = None) -> None:
        """Queue a frame; dispatch frames get the next sequence number now, in queue order."""
        if frame.get("op") == DISPATCH:
            self.sequence += 1
            frame = {**frame, "s": self.sequence}
        self.outbox.put_nowait((frame, done))


class Gateway:
    """All sessions of the fake gateway, and the READY/GUILD_CREATE content they get."""

    def __init__(
        self,
        world: World,
        *,
        application_id: int,
        resume_url: Callable[[], str],
        on_change: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.world = world
        self._on_change = on_change
        self.application_id = application_id
        self._resume_url = resume_url
        self.sessions: list[GatewaySession] = []
        self.identifies: list[JSON] = []
        """Every IDENTIFY payload received, oldest first (assert on `["intents"]`)."""
        self.interactions_by_shard: dict[int | None, int] = {}
        """INTERACTION_CREATE frames sent, by the receiving session's shard id (None: unsharded)."""

    # ------------------------------------------------------------------ sending

    @property
    def ready_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions if s.ready and not s.ws.closed]

    def sessions_for(self, guild_id: int | None) -> list[GatewaySession]:
        """The identified sessions that receive the events of `guild_id` (None: DMs, shard 0)."""
        return [s for s in self.ready_sessions if s.owns(guild_id)]

    @staticmethod
    def guild_of(event: str, data: JSON) -> int | None:
        """The server an event belongs to (None for DMs and events of no server)."""
        raw = data.get("id") if event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE") else data.get("guild_id")
        return int(raw) if raw else None

    async def dispatch(self, event: str, data: JSON) -> int:
        """Send one event to every identified session of its shard; return when it is on the wire.

        Returns the number of sessions it went to. Every session of the shard gets it, as
        Discord does for several sessions of one token.
        """
        loop = asyncio.get_running_loop()
        waiters = []
        for session in self.sessions_for(self.guild_of(event, data)):
            done: asyncio.Future[None] = loop.create_future()
            session.queue({"op": DISPATCH, "t": event, "d": data}, done=done)
            waiters.append(done)
            if event == "INTERACTION_CREATE":
                shard = session.shard
                key = None if shard is None else shard[0]
                self.interactions_by_shard[key] = self.interactions_by_shard.get(key, 0) + 1
        if waiters:
            await asyncio.gather(*waiters)
        return len(waiters)

    def dispatch_nowait(self, event: str, data: JSON, *, needs_intent: int = 0) -> None:
        """Queue an event for the identified sessions of its shard (used by synchronous model changes)."""
        for session in self.sessions_for(self.guild_of(event, data)):
            if session.intents & needs_intent == needs_intent:
                session.queue({"op": DISPATCH, "t": event, "d": data})

    async def close_all(self, code: int = 1001) -> None:
        """Close every socket (used when the fake stops)."""
        for session in list(self.sessions):
            session.outbox.put_nowait((_CLOSE, None))
            if not session.ws.closed:
                await session.ws.close(code=code)

    # ------------------------------------------------------------------ the websocket

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """aiohttp handler for `/gateway`: run one session until the bot disconnects."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws)
        self.sessions.append(session)
        writer = asyncio.create_task(self._write(session), name="fake-discord-gateway-writer")
        session.queue({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        try:
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    await self._receive(session, json.loads(message.data))
                elif message.type == WSMsgType.ERROR:
                    break
        finally:
            self.sessions.remove(session)
            session.outbox.put_nowait((_CLOSE, None))
            await writer
            await self._changed()
        return ws

    async def _changed(self) -> None:
        if self._on_change is not None:
            await self._on_change()

    async def _write(self, session: GatewaySession) -> None:
        while True:
            frame, done = await session.outbox.get()
            if frame is _CLOSE:
                break
            try:
                if not session.ws.closed:
                    await session.ws.send_str(dumps_text(frame))
            except ConnectionError:
                log.debug("gateway session %s went away while sending", session.session_id)
            finally:
                if done is not None and not done.done():
                    done.set_result(None)
        while not session.outbox.empty():  # release dispatchers still waiting on this session
            _, done = session.outbox.get_nowait()
            if done is not None and not done.done():
                done.set_result(None)

    async def _receive(self, session: GatewaySession, frame: JSON) -> None:
        op = frame.get("op")
        data = frame.get("d")
        if op == HEARTBEAT:
            session.queue({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            shard = (data or {}).get("shard")
            if shard is not None and not (isinstance(shard, list) and len(shard) == 2
                                          and 0 <= int(shard[0]) < int(shard[1])):
                log.warning("fake gateway: IDENTIFY with an invalid shard %r", shard)
                await session.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
                return
            self._identify(session, data or {})
            await self._changed()
        elif op == RESUME:
            # No event replay is modelled: make the client start a fresh session instead.
            session.queue({"op": INVALID_SESSION, "d": False})
        elif op == REQUEST_GUILD_MEMBERS:
            self._send_member_chunk(session, data or {})
        else:
            log.debug("fake gateway ignores op %s", op)

    # ------------------------------------------------------------------ content

    def _identify(self, session: GatewaySession, data: JSON) -> None:
        session.identify = data
        self.identifies.append(data)
        bot = self.world.users[self.world.bot_user_id]
        guild_ids = [g.id for g in self.world.guilds_of(bot.id) if session.owns(g.id)]
        ready: JSON = {
            "v": 10,
            "user": {**bot.payload(), "verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(gid), "unavailable": True} for gid in guild_ids],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self._resume_url(),
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "user_settings": {},
            "auth_session_id_hash": secrets.token_hex(8),
        }
        if data.get("shard") is not None:
            ready["shard"] = data["shard"]
        session.queue({"op": DISPATCH, "t": "READY", "d": ready})
        include_members = bool(session.intents & GUILD_MEMBERS_INTENT)
        for guild_id in guild_ids:
            payload = self.world.guild_create_payload(guild_id, include_all_members=include_members)
            session.queue({"op": DISPATCH, "t": "GUILD_CREATE", "d": payload})

    def guild_create(self, guild_id: int) -> None:
        """Tell connected bots (of the guild's shard) they joined a guild created after they identified."""
        for session in self.sessions_for(guild_id):
            include = bool(session.intents & GUILD_MEMBERS_INTENT)
            payload = self.world.guild_create_payload(guild_id, include_all_members=include)
            session.queue({"op": DISPATCH, "t": "GUILD_CREATE", "d": payload})

    def _send_member_chunk(self, session: GatewaySession, data: JSON) -> None:
        """Answer op 8 with the real member list in a single chunk (presences are not modelled)."""
        guild = self.world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        wanted_ids = {int(uid) for uid in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        limit = int(data.get("limit") or 0)
        members = []
        for user_id in guild.members:
            user = self.world.users[user_id]
            if wanted_ids and user_id not in wanted_ids:
                continue
            if not wanted_ids and query and not user.username.lower().startswith(query):
                continue
            members.append(self.world.member_payload(guild.id, user_id))
        if limit:
            members = members[:limit]
        chunk: JSON = {"guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1}
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        if wanted_ids:
            found = {int(m["user"]["id"]) for m in members}
            chunk["not_found"] = [str(uid) for uid in wanted_ids - found]
        session.queue({"op": DISPATCH, "t": "GUILD_MEMBERS_CHUNK", "d": chunk})
