"""`FakeDiscord`: a loopback Discord (REST + gateway) that a real discord.py bot connects to.

Everything between the socket and the bot's code stays real discord.py: its HTTP client,
JSON and multipart encoders, gateway reader, `ConnectionState`, `CommandTree`, view
routing and response serialisers. The fake owns a small world model (guilds, channels,
users, members), stores every message as the bot rendered it, logs every request, and
checks what the bot sends against Discord's rules.

Typical use (see `loopback.testing` for the pytest fixtures)::

    async with FakeDiscord() as fake:
        with fake.redirect():
            guild = fake.add_guild("Table")
            channel = fake.add_channel(guild, "games")
            alice = fake.add_user("alice")
            async with run_bot(create_bot()) as bot:
                result = await fake.slash(bot, alice, channel, "game new", system="prophecy")
                assert result.embeds[0]["title"] == "Prophecy"
"""
from __future__ import annotations

import asyncio
import json
import logging
import mimetypes
import socket
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from types import TracebackType
from typing import Any

import discord
from aiohttp import web
from aiohttp.multipart import content_disposition_filename, parse_content_disposition

from .driver import InteractionResult, run_interaction
from .gateway import GUILD_MEMBERS_INTENT, Gateway
from .jsonio import dumps_bytes
from .limits import Violation
from .messages import MessageStore, StoredMessage
from .model import (
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    TEXT_CHANNEL,
    PermissionsLike,
    World,
    permission_bits,
    permission_value,
)
from .payloads import (
    DEFAULT_ATTACHMENT_SIZE_LIMIT,
    InteractionContext,
    Upload,
    autocomplete_payload,
    button_payload,
    context_menu_payload,
    modal_submit_payload,
    select_payload,
    slash_command_payload,
    snowflake_of,
    split_path,
)
from .ratelimits import RateLimit, RateLimiter
from .records import CommandRegistry, InteractionRecord, InteractionRegistry, RecordedRequest, UploadedFile
from .redirect import ENV_VAR, Redirect, api_base, gateway_url, redirect_discord
from .rest import RestApi
from .snowflake import shard_of

JSON = dict[str, Any]

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 64 * 1024 * 1024


#: every answer of Discord's API passes its proxy; discord.py takes a 429 without it for a ban
VIA = "1.1 google"


def _json_response(status: int, payload: Any, headers: Mapping[str, str] | None = None) -> web.Response:
    """discord.py only decodes bodies whose Content-Type is *exactly* application/json
    (aiohttp's json_response appends a charset), so build the response by hand."""
    extra = {"Via": VIA, **(headers or {})}
    if status == 204 or payload is None:
        return web.Response(status=204, headers=extra)
    return web.Response(status=status, body=dumps_bytes(payload), headers={"Content-Type": "application/json", **extra})


def _boundary(content_type: str) -> bytes | None:
    """The `boundary` parameter of a multipart Content-Type (quoted or not)."""
    for param in content_type.split(";")[1:]:
        key, _, value = param.partition("=")
        if key.strip().lower() == "boundary":
            value = value.strip()
            if len(value) >= 2 and value[0] == value[-1] == '"':
                value = value[1:-1]
            return value.encode("latin-1") or None
    return None


def _multipart(content_type: str, data: bytes) -> tuple[Any, list[UploadedFile]]:
    """The `payload_json` part and the `files[n]` parts of a multipart/form-data body.

    Read here in one pass over the bytes rather than with aiohttp's streaming reader, whose
    header parsing (the `email` package, for every part) cost the bot's own event loop more
    than the upload itself: a real Discord parses uploads on its own servers. Part names and
    file names are read by aiohttp's own Content-Disposition parser, as the reader does.
    """
    boundary = _boundary(content_type)
    if boundary is None:
        raise web.HTTPBadRequest(text="multipart body without a boundary")
    body: Any = None
    files: list[UploadedFile] = []
    # a delimiter is CRLF "--" boundary; the first one may open the body without the CRLF
    chunks = (b"\r\n" + data).split(b"\r\n--" + boundary)
    for chunk in chunks[1:]:
        if chunk.startswith(b"--"):  # the closing delimiter
            break
        line_end = chunk.find(b"\r\n")  # the rest of the delimiter line (transport padding)
        head_end = chunk.find(b"\r\n\r\n", line_end)
        if line_end < 0 or head_end < 0:
            raise web.HTTPBadRequest(text="malformed multipart part")
        headers: dict[str, str] = {}
        if head_end > line_end:
            for line in chunk[line_end + 2:head_end].decode("utf-8", "surrogateescape").split("\r\n"):
                name, colon, value = line.partition(":")
                if colon:
                    headers[name.strip().lower()] = value.strip()
        content = chunk[head_end + 4:]
        part_type = headers.get("content-type", "")
        if part_type.startswith("multipart/"):  # nested multipart: not something Discord takes
            continue
        _disposition, params = parse_content_disposition(headers.get("content-disposition"))
        part_name = content_disposition_filename(params, "name")
        if part_name == "payload_json":
            body = json.loads(content)
        else:
            filename = content_disposition_filename(params, "filename")
            files.append(UploadedFile(part_name or "", filename or "", part_type or "application/octet-stream", bytes(content)))
    return body, files


async def _read_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    """The JSON body, or for multipart the `payload_json` part plus the `files[n]` parts."""
    content_type = request.headers.get("Content-Type", "")
    if content_type.lstrip().lower().startswith("multipart/"):
        return _multipart(content_type, await request.read())
    data = await request.read() if request.can_read_body else b""
    return (json.loads(data) if data else None), []


class _ModelResolver:
    """Fills `resolved` blocks from the world model, as seen by one acting user."""

    def __init__(self, fake: FakeDiscord, ctx: InteractionContext) -> None:
        self._fake = fake
        self._guild_id = int(ctx.guild_id) if ctx.guild_id else None
        self._channel_id = int(ctx.channel["id"])
        self._acting = int(ctx.user["id"])

    def user(self, user_id: int) -> tuple[JSON, JSON | None]:
        world = self._fake.world
        user = world.user(user_id).payload()
        if self._guild_id is None or user_id not in world.guild(self._guild_id).members:
            return user, None
        return user, world.member_payload(self._guild_id, user_id, with_user=False, with_permissions=True)

    def channel(self, channel_id: int) -> JSON:
        return self._fake.world.interaction_channel_payload(channel_id, self._acting)

    def role(self, role_id: int) -> JSON:
        role = self._fake.world.find_role(role_id)
        if role is None:
            raise KeyError(f"fake discord: no role {role_id}")
        return role.payload()

    def is_role(self, snowflake: int) -> bool:
        return self._fake.world.find_role(snowflake) is not None

    def attachment(self, upload: Upload) -> JSON:
        content_type = upload.content_type or mimetypes.guess_type(upload.filename)[0] or "application/octet-stream"
        stored = self._fake.messages.add_attachment(self._channel_id, upload.filename, upload.data, content_type)
        return stored.payload(self._fake.messages.cdn_base)


class FakeDiscord:
    """A loopback Discord on 127.0.0.1 with a random free port.

    State worth asserting on: `requests` (every REST call), `violations` (rule breaks),
    `unhandled` (routes the fake does not model), `messages` (the store), `commands`
    (the synced schema) and `gateway.identifies`.
    """

    def __init__(
        self,
        *,
        bot_name: str = "Game Master",
        host: str = "127.0.0.1",
        port: int = 0,
        callback_deadline: float | None = 3.0,
        bot_permissions: PermissionsLike = DEFAULT_BOT_PERMISSIONS,
        attachment_size_limit: int = DEFAULT_ATTACHMENT_SIZE_LIMIT,
        nonce_window: float = 180.0,
        shard_count: int = 1,
        rate_limits: Iterable[RateLimit] = (),
    ) -> None:
        self.world = World(bot_name, bot_permissions=permission_value(bot_permissions))
        self.application_id = self.world.bot_user_id
        self.messages = MessageStore()
        self.interactions = InteractionRegistry()
        self.command_registry = CommandRegistry(self.application_id)
        self.requests: list[RecordedRequest] = []
        self.violations: list[Violation] = []
        self.unhandled: list[RecordedRequest] = []
        self.callback_deadline = callback_deadline
        """Seconds a bot has to answer an interaction (Discord: 3); None disables the check."""
        self.attachment_size_limit = attachment_size_limit
        self.nonce_window = nonce_window
        """Seconds during which `enforce_nonce` folds a repeated nonce into the first message
        (Discord: "the past few minutes")."""
        self.nonces: dict[tuple[int, str], tuple[float, int]] = {}
        self.shard_count = shard_count
        """Shards `GET /gateway/bot` recommends (what an AutoShardedBot without a count uses)."""
        self.gateway = Gateway(
            self.world, application_id=self.application_id, resume_url=lambda: self.gateway_url, on_change=self._notify
        )
        self._host = host
        self._requested_port = port
        self._port: int | None = None
        self._runner: web.AppRunner | None = None
        self._changed = asyncio.Condition()
        self.rest = RestApi(self)
        self.faults: list[Callable[[RecordedRequest], Awaitable[tuple[Any, ...] | None]]] = []
        """Fault injection for tests: each is awaited before a REST request is handled; the first
        to return (status, body) or (status, body, headers) answers the request instead of the
        fake (e.g. a 404 for an interaction Discord no longer takes, or
        `ratelimits.too_many_requests()`); one may also wait, to hold a request in flight."""
        self.rate_limiter = RateLimiter(rate_limits)
        """Per-route buckets (none by default: no 429s, no rate-limit headers; see ratelimits)."""
        self._clock_offset = 0.0

    # ================================================================== time

    def now(self) -> float:
        """The fake's clock (monotonic seconds plus whatever `advance` added): it times the
        3-second answer window, the 15-minute interaction tokens, nonces and rate limits."""
        return time.monotonic() + self._clock_offset

    def advance(self, seconds: float) -> None:
        """Move the fake's clock forward without sleeping (tokens expire, buckets refill)."""
        self._clock_offset += seconds

    @property
    def rate_limits(self) -> tuple[RateLimit, ...]:
        return self.rate_limiter.limits

    @rate_limits.setter
    def rate_limits(self, limits: Iterable[RateLimit]) -> None:
        self.rate_limiter = RateLimiter(limits)

    def exhaust_bucket(self, method: str, path: str) -> None:
        """Spend the bucket of `method path` (e.g. `"POST", f"/channels/{ch}/messages"`) as a
        second client on the same token would, so the bot's next request meets a real 429."""
        self.rate_limiter.exhaust(method, path, self.now())

    # ================================================================== lifecycle

    async def start(self) -> None:
        """Listen on a free port. Call `redirect()` (or set the env var) to point bots here."""
        app = web.Application(client_max_size=MAX_BODY_BYTES)
        app.router.add_route("*", "/api/{version}/{tail:.*}", self._handle_rest)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._handle_cdn)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self._host, self._requested_port))
        await web.SockSite(self._runner, sock).start()
        self._port = sock.getsockname()[1]
        self.messages.cdn_base = self.http_url
        log.info("fake discord listening on %s", self.address)

    async def stop(self) -> None:
        """Close the gateway sessions and the server. Close the bot *first*, or it reconnects."""
        if self._runner is None:
            return
        await self.gateway.close_all()
        await self._runner.cleanup()
        self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("FakeDiscord is not started")
        return self._port

    @property
    def address(self) -> str:
        """"127.0.0.1:PORT", the value of the FAKE_DISCORD environment variable."""
        return f"{self._host}:{self.port}"

    @property
    def http_url(self) -> str:
        return f"http://{self.address}"

    @property
    def api_base(self) -> str:
        """What `discord.http.Route.BASE` must be."""
        return api_base(self.address)

    @property
    def gateway_url(self) -> str:
        return gateway_url(self.address)

    def redirect(self) -> Redirect:
        """Patch discord.py to use this fake; `.restore()` or use as a `with` block."""
        return redirect_discord(self.address)

    def env(self) -> dict[str, str]:
        """Environment for a subprocess bot that calls `apply_env_redirect()`."""
        return {ENV_VAR: self.address}

    # ================================================================== HTTP plumbing

    async def _handle_rest(self, request: web.Request) -> web.Response:
        body, files = await _read_body(request)
        recorded = RecordedRequest(
            index=len(self.requests),
            method=request.method,
            path="/" + request.match_info["tail"],
            query=dict(request.query),
            json=body,
            files=files,
            headers=dict(request.headers),
            time=self.now(),
        )
        injected = None
        for fault in list(self.faults):
            injected = await fault(recorded)
            if injected is not None:
                break
        headers: dict[str, str] = {}
        try:
            if injected is not None:
                status, payload, *more = injected
                headers = dict(more[0]) if more else {}
            else:
                limited = self.rate_limiter.take(recorded.method, recorded.path, recorded.time)
                if isinstance(limited, tuple):
                    status, payload, headers = limited
                else:
                    headers = limited
                    status, payload = self.rest.handle(recorded)
        except Exception:  # a bug in the fake must not look like a Discord outage (5xx = retries)
            log.exception("fake discord crashed on %s", recorded.route)
            self.unhandled.append(recorded)
            status, payload = 400, {"message": f"fake discord crashed on {recorded.route}", "code": 0}
        recorded.status, recorded.response = status, payload
        self.requests.append(recorded)
        await self._notify()
        return _json_response(status, payload, headers)

    async def _notify(self) -> None:
        """Wake `wait_until` / `wait_for_request` waiters to re-check their predicates."""
        async with self._changed:
            self._changed.notify_all()

    async def _handle_cdn(self, request: web.Request) -> web.Response:
        attachment_id = request.match_info["attachment_id"]
        stored = self.messages.attachments.get(int(attachment_id)) if attachment_id.isdigit() else None
        if stored is None:
            return web.Response(status=404)
        return web.Response(body=stored.data, headers={"Content-Type": stored.content_type})

    def bot_user_payload(self) -> JSON:
        return self.world.user(self.world.bot_user_id).payload()

    def application_payload(self) -> JSON:
        """`GET /oauth2/applications/@me`: the keys discord.py's AppInfo requires, and a few more."""
        owner = self.world.user(self.world.owner_id).payload()
        bot = self.bot_user_payload()
        return {
            "id": str(self.application_id),
            "name": bot["username"],
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": owner,
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "tags": [],
            "bot": bot,
            "approximate_guild_count": len(self.world.guilds),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
        }

    # ================================================================== waiting

    async def wait_until(self, predicate: Callable[[], bool], timeout: float = 5.0) -> bool:
        """Wait until `predicate()` holds, re-checking after every request and gateway
        connect/disconnect; returns False on timeout."""
        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait_for(predicate), timeout)
            except TimeoutError:
                return predicate()
        return True

    async def wait_for_request(
        self, predicate: Callable[[RecordedRequest], bool], timeout: float = 5.0, *, since: int = 0
    ) -> RecordedRequest:
        """The first request (index >= `since`) matching `predicate`, waiting for it if needed.

        Use `since=len(fake.requests)` to ignore requests made before the action under test.
        """
        def found() -> RecordedRequest | None:
            return next((r for r in self.requests[since:] if predicate(r)), None)

        if await self.wait_until(lambda: found() is not None, timeout):
            match = found()
            assert match is not None
            return match
        recent = ", ".join(str(r) for r in self.requests[max(since, len(self.requests) - 8):])
        raise TimeoutError(f"no matching request within {timeout}s; latest: {recent or 'none'}")

    # ================================================================== the world model

    def add_guild(self, name: str = "Test Guild", *, locale: str = "en-US", shard: tuple[int, int] | None = None,
                  id: int | None = None) -> int:
        """Create a guild (with @everyone, the app owner and the bot as members); return its id.
        `shard=(id, count)`: an id Discord routes to that shard, e.g. `shard=(1, 2)`; `id`: one
        kept from an earlier run (the `--local` console's)."""
        guild_id = self.world.add_guild(name, locale=locale, shard=shard, id=id)
        self.gateway.guild_create(guild_id)
        return guild_id

    def add_channel(
        self, guild_id: int, name: str, *, type: int = TEXT_CHANNEL, topic: str | None = None, parent_id: int | None = None,
        id: int | None = None,
    ) -> int:
        """Create a channel (text by default); return its id (`id`: one kept from an earlier run)."""
        channel_id = self.world.add_channel(guild_id, name, type=type, topic=topic, parent_id=parent_id, id=id)
        self.gateway.dispatch_nowait("CHANNEL_CREATE", self.world.channels[channel_id].payload())
        return channel_id

    def add_role(self, guild_id: int, name: str, *, permissions: PermissionsLike = 0) -> int:
        """Create a role; return its id."""
        role_id = self.world.add_role(guild_id, name, permissions)
        self._announce_role(guild_id, role_id)
        return role_id

    def add_user(
        self,
        name: str,
        *,
        join: int | Iterable[int] | None = None,
        permissions: PermissionsLike = 0,
        manage_channels: bool = False,
        administrator: bool = False,
        locale: str = "en-US",
        global_name: str | None = None,
        id: int | None = None,
    ) -> int:
        """Create a user and return the id. `join=None` makes them a member of every
        existing guild (pass `()` for none); the permission arguments apply there. `id`: one
        kept from an earlier run (the `--local` console's)."""
        user_id = self.world.add_user(name, global_name=global_name, locale=locale, id=id)
        guild_ids = list(self.world.guilds) if join is None else [join] if isinstance(join, int) else list(join)
        for guild_id in guild_ids:
            self.add_member(
                guild_id, user_id, permissions=permissions, manage_channels=manage_channels, administrator=administrator
            )
        return user_id

    def add_member(
        self,
        guild_id: int,
        user_id: int,
        *,
        permissions: PermissionsLike = 0,
        manage_channels: bool = False,
        administrator: bool = False,
        nick: str | None = None,
    ) -> None:
        """Add a user to a guild, with extra permissions on top of @everyone."""
        roles_before = set(self.world.guild(guild_id).roles)
        value = permission_value(permissions, manage_channels=manage_channels, administrator=administrator)
        self.world.add_member(guild_id, user_id, permissions=value, nick=nick)
        for role_id in set(self.world.guild(guild_id).roles) - roles_before:
            self._announce_role(guild_id, role_id)
        member = self.world.member_payload(guild_id, user_id)
        self.gateway.dispatch_nowait(
            "GUILD_MEMBER_ADD", {**member, "guild_id": str(guild_id)}, needs_intent=GUILD_MEMBERS_INTENT
        )

    def _announce_role(self, guild_id: int, role_id: int) -> None:
        role = self.world.guild(guild_id).roles[role_id]
        self.gateway.dispatch_nowait("GUILD_ROLE_CREATE", {"guild_id": str(guild_id), "role": role.payload()})

    def deny_bot(self, channel: Any, *permissions: str, announce: bool = True) -> None:
        """Take permissions (discord.py flag names: "send_messages", "embed_links",
        "attach_files", "read_message_history", "view_channel"...) from the bot in one channel,
        through a member overwrite, as a server admin would; the REST API then refuses the
        requests that need them (403, code 50013). `announce=False` keeps the bot's cache
        unaware (no CHANNEL_UPDATE), like a change it missed."""
        self._overwrite_bot(channel, deny=permission_bits(*permissions), announce=announce)

    def allow_bot(self, channel: Any, *permissions: str, announce: bool = True) -> None:
        """Give back permissions taken by `deny_bot` (the overwrite stops denying them)."""
        self._overwrite_bot(channel, undeny=permission_bits(*permissions), announce=announce)

    def _overwrite_bot(self, channel: Any, *, deny: int = 0, undeny: int = 0, announce: bool) -> None:
        where = self.world.channel(snowflake_of(channel))
        allow, denied = where.overwrites.get(self.bot_user_id, (0, 0))
        denied = (denied | deny) & ~undeny
        if allow or denied:
            where.overwrites[self.bot_user_id] = (allow, denied)
        else:
            where.overwrites.pop(self.bot_user_id, None)
        if announce:
            self.gateway.dispatch_nowait("CHANNEL_UPDATE", where.payload())

    def dm_channel(self, user: Any) -> int:
        """The DM channel between the bot and `user` (created on first use)."""
        return self.world.dm_channel(snowflake_of(user))

    @property
    def bot_user_id(self) -> int:
        return self.world.bot_user_id

    @property
    def owner_id(self) -> int:
        """The application owner (`bot.is_owner`), member and owner of every guild."""
        return self.world.owner_id

    # ================================================================== queries

    @property
    def commands(self) -> list[JSON]:
        """Every synced command as Discord echoed it (guild commands carry `guild_id`)."""
        return self.command_registry.all()

    def command(self, name: str, guild_id: int | None = None, *, kind: int = 1) -> JSON:
        """The synced command a user in `guild_id` reaches by `name`."""
        return self.command_registry.find(name, guild_id, kind=kind)

    @property
    def identify(self) -> JSON | None:
        """The latest IDENTIFY payload (e.g. `fake.identify["intents"]`)."""
        return self.gateway.identifies[-1] if self.gateway.identifies else None

    @property
    def connected(self) -> bool:
        return bool(self.gateway.ready_sessions)

    @property
    def connected_shards(self) -> set[int]:
        """Shard ids with an identified session (an unsharded session counts as shard 0)."""
        return {(s.shard or (0, 1))[0] for s in self.gateway.ready_sessions}

    def shard_of(self, where: Any, shard_count: int) -> int:
        """The shard of a guild, or of a channel's guild (DM channels: 0), out of `shard_count`."""
        snowflake = snowflake_of(where)
        if snowflake in self.world.guilds:
            return shard_of(snowflake, shard_count)
        return shard_of(self.world.channel(snowflake).guild_id, shard_count)

    def message(self, message: Any) -> StoredMessage:
        """A stored message by id, by anything with `.id`, or the message of an
        `InteractionResult` (so `fake.click(bot, bob, shown, "Join")` works); KeyError if unknown."""
        if isinstance(message, InteractionResult):
            if message.message is None:
                raise KeyError(f"interaction {message.id} has no response message")
            return message.message
        stored = self.messages.get(snowflake_of(message))
        if stored is None:
            raise KeyError(f"fake discord: no message {message!r}")
        return stored

    def messages_in(self, channel: Any, *, include_ephemeral: bool = False) -> list[StoredMessage]:
        """Live messages of a channel, oldest first (ephemeral ones only if asked)."""
        return self.messages.in_channel(snowflake_of(channel), include_ephemeral=include_ephemeral)

    def last_message(self, channel: Any) -> StoredMessage | None:
        """The newest public message of a channel."""
        found = self.messages_in(channel)
        return found[-1] if found else None

    def interaction(self, interaction: Any) -> InteractionRecord:
        """The record of an interaction given its id, payload, record or result."""
        if isinstance(interaction, (InteractionRecord, InteractionResult)):
            return self.interactions.by_id[interaction.id]
        if isinstance(interaction, Mapping):
            return self.interactions.by_id[int(interaction["id"])]
        return self.interactions.by_id[snowflake_of(interaction)]

    def callback_for(self, interaction: Any) -> RecordedRequest | None:
        """The accepted callback request of an interaction (else the first refused one)."""
        record = self.interaction(interaction)
        if record.callback is not None:
            return self.requests[record.callback.request_index]
        prefix = f"/interactions/{record.id}/"
        return next((r for r in self.requests if r.path.startswith(prefix)), None)

    def followups_for(self, token: str) -> list[StoredMessage]:
        """Followup messages sent with an interaction token."""
        record = self.interactions.by_token[token]
        return [self.messages.by_id[mid] for mid in record.followup_ids if mid in self.messages.by_id]

    def unacked(self) -> list[InteractionRecord]:
        """Interactions that got no callback: a user would see "This interaction failed"."""
        return [record for record in self.interactions if not record.acked]

    def problems(self) -> list[str]:
        """Violations and unmodelled routes, as text (what the pytest fixture fails on)."""
        return [str(v) for v in self.violations] + [f"unhandled route: {r.route}" for r in self.unhandled]

    # ================================================================== gateway

    async def dispatch(self, event: str, data: JSON) -> int:
        """Send a gateway event to every connected bot; returns how many received it."""
        if event == "INTERACTION_CREATE":
            await self.dispatch_interaction(data)
            return len(self.gateway.ready_sessions)
        return await self.gateway.dispatch(event, data)

    async def dispatch_interaction(self, payload: JSON) -> InteractionRecord:
        """Register an interaction (so its callback is accepted) and send it."""
        record = self.interactions.register(payload)
        record.dispatched_at = self.now()
        message = payload.get("message")
        if message and int(message["id"]) not in self.messages:
            self.messages.adopt(message)
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return record

    # ================================================================== driving a bot

    def context(self, user: Any, channel: Any, *, locale: str | None = None) -> InteractionContext:
        """Who acts where: the raw material of the payload builders in `payloads`."""
        user_id, channel_id = snowflake_of(user), snowflake_of(channel)
        account = self.world.user(user_id)
        where = self.world.channel(channel_id)
        common: JSON = {
            "application_id": self.application_id,
            "user": account.payload(),
            "channel": self.world.interaction_channel_payload(channel_id, user_id),
            "locale": locale or account.locale,
            "attachment_size_limit": self.attachment_size_limit,
        }
        if where.guild_id is None:
            if user_id not in where.recipient_ids:
                raise ValueError(f"{account.username} cannot see DM channel {channel_id}")
            return InteractionContext(**common, app_permissions=DEFAULT_EVERYONE_PERMISSIONS)
        guild = self.world.guild(where.guild_id)
        if user_id not in guild.members:
            raise ValueError(f"{account.username} is not a member of guild {guild.name!r}")
        member = self.world.member_payload(guild.id, user_id, with_permissions=True)
        member["permissions"] = str(self.world.channel_permissions(channel_id, user_id))  # overwrites included
        return InteractionContext(
            **common,
            member=member,
            guild=guild.partial(),
            app_permissions=self.world.channel_permissions(channel_id, self.world.bot_user_id),
            guild_locale=guild.locale,
        )

    def resolver(self, ctx: InteractionContext) -> _ModelResolver:
        """A `payloads.Resolver` backed by this fake's model, for hand-built payloads."""
        return _ModelResolver(self, ctx)

    def _usable_command(self, name: str, ctx: InteractionContext, *, kind: int = 1) -> JSON:
        """The command `ctx.user` can run here, or an error saying why Discord would hide it."""
        command = self.command(name, int(ctx.guild_id) if ctx.guild_id else None, kind=kind)
        contexts = command.get("contexts")
        if contexts is not None and ctx.context_type not in contexts:
            raise PermissionError(f"/{name} is not available in interaction context {ctx.context_type}")
        if ctx.guild is None and command.get("dm_permission") is False:
            raise PermissionError(f"/{name} is not available in DMs")
        required = command.get("default_member_permissions")
        if required is not None and ctx.member is not None:
            granted = int(ctx.member["permissions"])
            if int(required) & granted != int(required):
                raise PermissionError(f"Discord hides /{name} from {ctx.user['username']} (needs permissions {required})")
        return command

    def _visible_message(self, message: Any, user_id: int) -> StoredMessage:
        stored = self.message(message)
        if stored.deleted:
            raise ValueError(f"message {stored.id} was deleted")
        if stored.visible_to is not None and stored.visible_to != user_id:
            raise ValueError(f"message {stored.id} is ephemeral and not visible to user {user_id}")
        return stored

    async def interact(self, bot: discord.Client | None, payload: JSON, *, timeout: float = 5.0) -> InteractionResult:
        """Send INTERACTION_CREATE and wait until the bot has answered (callback, and the
        followup or @original edit after a thinking defer). `bot=None` for a subprocess bot."""
        return await run_interaction(self, bot, payload, timeout=timeout)

    async def slash(
        self, bot: discord.Client | None, user: Any, channel: Any, command: str, /, **options: Any
    ) -> InteractionResult:
        """Run a slash command: `await fake.slash(bot, alice, channel, "game new", system="prophecy")`."""
        ctx = self.context(user, channel)
        parts = split_path(command)
        schema = self._usable_command(parts[0], ctx)
        payload = slash_command_payload(ctx, schema, parts, options, self.resolver(ctx))
        return await self.interact(bot, payload)

    async def autocomplete(
        self, bot: discord.Client | None, user: Any, channel: Any, command: str, option: str, typed: str, /, **filled: Any
    ) -> InteractionResult:
        """Type `typed` into `option` of `command`; `.choices` holds the bot's suggestions."""
        ctx = self.context(user, channel)
        parts = split_path(command)
        schema = self._usable_command(parts[0], ctx)
        payload = autocomplete_payload(ctx, schema, parts, option, typed, filled, self.resolver(ctx))
        return await self.interact(bot, payload)

    async def context_menu(
        self, bot: discord.Client | None, user: Any, channel: Any, name: str, target: Any, /
    ) -> InteractionResult:
        """Run a user context-menu command on a user, or a message one on a stored message."""
        ctx = self.context(user, channel)
        stored = self.messages.get(snowflake_of(target))
        kind = 3 if stored is not None else 2
        schema = self._usable_command(name, ctx, kind=kind)
        message = stored.payload(self.messages.cdn_base) if stored is not None else None
        payload = context_menu_payload(ctx, schema, target, self.resolver(ctx), target_message=message)
        return await self.interact(bot, payload)

    async def click(self, bot: discord.Client | None, user: Any, message: Any, target: str, /) -> InteractionResult:
        """Click the button (custom_id or label) on a stored message, as that user."""
        user_id = snowflake_of(user)
        stored = self._visible_message(message, user_id)
        ctx = self.context(user_id, stored.channel_id)
        payload = button_payload(ctx, stored.payload(self.messages.cdn_base), target)
        return await self.interact(bot, payload)

    async def select(self, bot: discord.Client | None, user: Any, message: Any, target: str, values: Any, /) -> InteractionResult:
        """Pick `values` (option values or labels; ids for entity selects) in a select."""
        user_id = snowflake_of(user)
        stored = self._visible_message(message, user_id)
        ctx = self.context(user_id, stored.channel_id)
        payload = select_payload(ctx, stored.payload(self.messages.cdn_base), target, values, self.resolver(ctx))
        return await self.interact(bot, payload)

    async def submit_modal(
        self, bot: discord.Client | None, shown: InteractionResult, values: Mapping[str, Any], /, *, user: Any = None
    ) -> InteractionResult:
        """Fill in and submit the modal the bot opened in `shown` (keys: custom_ids or labels)."""
        if shown.modal is None:
            raise ValueError(f"interaction {shown.id} did not open a modal (callback type {shown.type})")
        record = shown.record
        ctx = self.context(user if user is not None else record.user_id, record.channel_id)
        source = self.messages.get(record.source_message_id) if record.source_message_id else None
        message = source.payload(self.messages.cdn_base) if source is not None else None
        payload = modal_submit_payload(ctx, shown.modal, values, message=message, resolver=self.resolver(ctx))
        return await self.interact(bot, payload)
