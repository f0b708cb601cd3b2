"""The fake REST API: a route table and one small handler per Discord endpoint.

Handlers are synchronous and run after the body was read, so logging a request, applying
it and waking the waiters happens without another coroutine slipping in between. Every
rule the fake enforces (one ack per interaction, the 3-second deadline, unknown tokens, the
15-minute token lifetime, size limits) answers with the status and error code Discord uses,
*and* is recorded as a `Violation`, so a bot that swallows the resulting `HTTPException`
still fails its test.

Refusals that are the server's state rather than the bot's mistake are answered but not
recorded as violations: a permission the channel denies the bot (`FakeDiscord.deny_bot`) gets
Discord's 403. What needs which permission, as Discord's API reference states it for each
route: Create Message needs Send Messages (and Read Message History for a reply); the
loopback also refuses a message with embeds without Embed Links and one with files without
Attach Files (Discord's documented 50013 for a bot's embed-only message; the loopback applies
it to every such message, the stricter reading); Get Channel Message needs Read Message
History; Get Channel Messages without it answers an empty list, as documented; a channel the
bot cannot view answers 403 Missing Access (50001). Interaction responses and follow-ups
go through the interaction's webhook and need none of these, as on Discord.
"""
from __future__ import annotations

import logging
import mimetypes
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

import discord

from .limits import Problem, Violation, check_choices, check_commands, check_message, check_modal, invalid_form_body
from .messages import EPHEMERAL, LOADING, StoredAttachment, StoredMessage
from .records import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    CallbackRecord,
    InteractionRecord,
    RecordedRequest,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

JSON = dict[str, Any]
Reply = tuple[int, Any]
Handler = Callable[..., Reply]

log = logging.getLogger(__name__)

PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, CHOICES, MODAL = 1, 4, 5, 6, 7, 8, 9
ALLOWED_CALLBACKS: Final[Mapping[int, frozenset[int]]] = {
    1: frozenset({PONG}),
    APPLICATION_COMMAND: frozenset({MESSAGE, DEFERRED_MESSAGE, MODAL}),
    MESSAGE_COMPONENT: frozenset({MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, MODAL}),
    AUTOCOMPLETE: frozenset({CHOICES}),
    MODAL_SUBMIT: frozenset({MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE}),
}
"""Which callback types Discord accepts for each interaction type."""


#: seconds an interaction token can be used for follow-ups and edits (Discord: 15 minutes)
INTERACTION_TOKEN_LIFETIME: Final = 15 * 60.0

VIEW_CHANNEL = discord.Permissions(view_channel=True).value
SEND_MESSAGES = discord.Permissions(send_messages=True).value
EMBED_LINKS = discord.Permissions(embed_links=True).value
ATTACH_FILES = discord.Permissions(attach_files=True).value
READ_MESSAGE_HISTORY = discord.Permissions(read_message_history=True).value


def _error(status: int, code: int, message: str) -> Reply:
    return status, {"message": message, "code": code}


MISSING_PERMISSIONS: Final = (403, {"message": "Missing Permissions", "code": 50013})
MISSING_ACCESS: Final = (403, {"message": "Missing Access", "code": 50001})


def _template(path: str) -> re.Pattern[str]:
    """`/channels/{channel_id}/messages` -> a regex with named groups."""
    return re.compile(re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", path))


class RestApi:
    """Routes `RecordedRequest`s to handlers that read and change the fake's state."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.routes: list[tuple[str, re.Pattern[str], Handler]] = []
        for method, path, handler in self._table():
            self.routes.append((method, _template(path), handler))

    def _table(self) -> list[tuple[str, str, Handler]]:
        app, hook = "/applications/{app_id}", "/webhooks/{app_id}/{token}"
        return [
            ("GET", "/users/@me", self.get_me),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/applications/@me", self.get_application),
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway_bot),
            ("PUT", f"{app}/commands", self.sync_commands),
            ("GET", f"{app}/commands", self.get_commands),
            ("PUT", f"{app}/guilds/{{guild_id}}/commands", self.sync_commands),
            ("GET", f"{app}/guilds/{{guild_id}}/commands", self.get_commands),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback),
            ("POST", hook, self.followup),
            ("GET", f"{hook}/messages/{{message_id}}", self.get_webhook_message),
            ("PATCH", f"{hook}/messages/{{message_id}}", self.edit_webhook_message),
            ("DELETE", f"{hook}/messages/{{message_id}}", self.delete_webhook_message),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("GET", "/channels/{channel_id}/messages", self.list_messages),
            ("POST", "/channels/{channel_id}/messages", self.create_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
        ]

    def handle(self, request: RecordedRequest) -> Reply:
        """Answer one request; unknown routes are recorded and get a loud 404."""
        for method, pattern, handler in self.routes:
            match = pattern.fullmatch(request.path)
            if match and method == request.method:
                return handler(request, **match.groupdict())
        self.fake.unhandled.append(request)
        log.warning("fake discord: route not implemented: %s", request.route)
        return _error(404, 0, f"fake discord: route not implemented: {request.route}")

    # ------------------------------------------------------------------ shared helpers

    def _violation(self, request: RecordedRequest, field: str, problem: str, reply: Reply) -> Reply:
        self.fake.violations.append(Violation(request.route, field, problem))
        log.warning("fake discord: %s %s: %s", request.route, field, problem)
        return reply

    def _reject(self, request: RecordedRequest, problems: list[Problem]) -> Reply:
        for problem in problems:
            self.fake.violations.append(Violation(request.route, problem.field, problem.problem))
            log.warning("fake discord: %s %s: %s", request.route, problem.field, problem.problem)
        return 400, invalid_form_body(problems)

    def _body(self, request: RecordedRequest) -> JSON:
        return request.json if isinstance(request.json, dict) else {}

    def _uploads(self, request: RecordedRequest, channel_id: int) -> dict[int, StoredAttachment] | Reply:
        """Store the uploaded files, keyed by the n of `files[n]` that `attachments[].id` names."""
        limit = self.fake.attachment_size_limit
        for upload in request.files:
            if len(upload.data) > limit:
                return self._violation(
                    request, "files", f"{upload.filename}: {len(upload.data)} bytes exceeds the {limit}-byte limit",
                    _error(413, 40005, "Request entity too large"),
                )
        described = {int(a["id"]): a for a in self._body(request).get("attachments") or [] if "id" in a}
        stored: dict[int, StoredAttachment] = {}
        for position, upload in enumerate(request.files):
            index = upload.index if upload.index is not None else position
            info = described.get(index, {})
            filename = info.get("filename") or upload.filename
            content_type = mimetypes.guess_type(filename)[0] or upload.content_type
            stored[index] = self.fake.messages.add_attachment(
                channel_id, filename, upload.data, content_type, info.get("description")
            )
        return stored

    def _message_reply(self, message: StoredMessage) -> Reply:
        return 200, message.payload(self.fake.messages.cdn_base)

    # ------------------------------------------------------------------ identity

    def get_me(self, request: RecordedRequest) -> Reply:
        return 200, self.fake.bot_user_payload()

    def get_user(self, request: RecordedRequest, user_id: str) -> Reply:
        user = self.fake.world.users.get(int(user_id)) if user_id.isdigit() else None
        return (200, user.payload()) if user else _error(404, 10013, "Unknown User")

    def get_application(self, request: RecordedRequest) -> Reply:
        return 200, self.fake.application_payload()

    def get_gateway(self, request: RecordedRequest) -> Reply:
        return 200, {"url": self.fake.gateway_url}

    def get_gateway_bot(self, request: RecordedRequest) -> Reply:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return 200, {"url": self.fake.gateway_url, "shards": self.fake.shard_count, "session_start_limit": limit}

    # ------------------------------------------------------------------ commands

    def sync_commands(self, request: RecordedRequest, app_id: str, guild_id: str | None = None) -> Reply:
        if int(app_id) != self.fake.application_id:
            return _error(403, 50001, "Missing Access")
        body = request.json if isinstance(request.json, list) else []
        problems = check_commands(body)
        if problems:
            return self._reject(request, problems)
        return 200, self.fake.command_registry.sync(int(guild_id) if guild_id else None, body)

    def get_commands(self, request: RecordedRequest, app_id: str, guild_id: str | None = None) -> Reply:
        return 200, self.fake.command_registry.scope(int(guild_id) if guild_id else None)

    # ------------------------------------------------------------------ interaction callback

    def callback(self, request: RecordedRequest, interaction_id: str, token: str) -> Reply:
        """`interaction.response.*`: enforce the one-ack rule and the deadline, then apply."""
        record = self.fake.interactions.by_id.get(int(interaction_id)) if interaction_id.isdigit() else None
        if record is None or record.token != token:
            return self._violation(request, "interaction", "unknown interaction id or token",
                                   _error(404, 10062, "Unknown interaction"))
        elapsed = request.time - record.dispatched_at
        deadline = self.fake.callback_deadline
        if elapsed > INTERACTION_TOKEN_LIFETIME or (deadline is not None and elapsed > deadline):
            return self._violation(request, "interaction", f"answered after {elapsed:.2f}s; Discord allows {deadline}s",
                                   _error(404, 10062, "Unknown interaction"))
        if record.callback is not None:
            return self._violation(request, "interaction", "a second response to the same interaction",
                                   _error(400, 40060, "Interaction has already been acknowledged."))
        body = self._body(request)
        kind = int(body.get("type") or 0)
        data = body.get("data") or {}
        if kind not in ALLOWED_CALLBACKS.get(record.type, frozenset()) or (
            kind in (DEFERRED_UPDATE, UPDATE) and record.source_message_id is None
        ):
            return self._violation(request, "type", f"callback type {kind} is not valid for interaction type {record.type}",
                                   _error(400, 50035, "Invalid Form Body"))
        source = self._source_message(record) if kind in (DEFERRED_UPDATE, UPDATE) else None
        problems = self._callback_problems(kind, data, len(request.files), source.flags if source else 0)
        if problems:
            return self._reject(request, problems)
        uploads = self._uploads(request, record.channel_id or 0)
        if isinstance(uploads, tuple):
            return uploads
        record.callback = CallbackRecord(kind, data or None, elapsed, request.index)
        return 200, self._apply_callback(record, kind, data, uploads)

    @staticmethod
    def _callback_problems(kind: int, data: JSON, file_count: int, source_flags: int) -> list[Problem]:
        if kind == MESSAGE:
            return check_message(data, file_count=file_count)
        if kind == UPDATE:
            return check_message(data, file_count=file_count, creating=False, existing_flags=source_flags)
        if kind == CHOICES:
            return check_choices(data)
        if kind == MODAL:
            return check_modal(data)
        return []

    def _apply_callback(self, record: InteractionRecord, kind: int, data: JSON, uploads: dict[int, StoredAttachment]) -> JSON:
        """Change the message store as Discord would and build the with_response body."""
        summary: JSON = {"id": str(record.id), "type": record.type}
        resource: JSON | None = None
        message: StoredMessage | None = None
        if kind in (MESSAGE, DEFERRED_MESSAGE):
            body = data if kind == MESSAGE else {"flags": int(data.get("flags") or 0) & EPHEMERAL}
            message = self._interaction_message(record, body, uploads, followup=False)
            if kind == DEFERRED_MESSAGE:
                message.flags |= LOADING
            record.original_message_id = message.id
        elif kind in (DEFERRED_UPDATE, UPDATE):
            message = self._source_message(record)
            if kind == UPDATE:
                message.apply_edit(data, uploads)
            record.original_message_id = message.id
        if message is not None:
            summary.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            if kind in (MESSAGE, UPDATE):
                resource = {"type": kind, "message": message.payload(self.fake.messages.cdn_base)}
        reply: JSON = {"interaction": summary}
        if resource is not None:
            reply["resource"] = resource
        return reply

    def _source_message(self, record: InteractionRecord) -> StoredMessage:
        assert record.source_message_id is not None
        message = self.fake.messages.get(record.source_message_id)
        if message is None:
            message = self.fake.messages.adopt(record.payload["message"])
        return message

    def _interaction_message(
        self, record: InteractionRecord, body: JSON, uploads: dict[int, StoredAttachment], *, followup: bool
    ) -> StoredMessage:
        """A message posted through the interaction webhook (response or followup)."""
        metadata: JSON = {
            "id": str(record.id),
            "type": record.type,
            "user": self._interaction_user(record),
            "authorizing_integration_owners": record.payload.get("authorizing_integration_owners") or {},
        }
        if record.source_message_id is not None:
            metadata["interacted_message_id"] = str(record.source_message_id)
        if followup and record.original_message_id is not None:
            metadata["original_response_message_id"] = str(record.original_message_id)
        ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
        return self.fake.messages.create(
            channel_id=record.channel_id or 0,
            guild_id=record.guild_id,
            author=self.fake.bot_user_payload(),
            body=body,
            attachments=list(uploads.values()),
            type=self._message_type(record),
            webhook_id=self.fake.application_id,
            application_id=self.fake.application_id,
            interaction_metadata=metadata,
            interaction_id=record.id,
            visible_to=record.user_id if ephemeral else None,
        )

    @staticmethod
    def _message_type(record: InteractionRecord) -> int:
        """CHAT_INPUT_COMMAND (20) / CONTEXT_MENU_COMMAND (23) for commands, DEFAULT otherwise."""
        if record.type != APPLICATION_COMMAND:
            return 0
        return 20 if record.command_type == 1 else 23

    @staticmethod
    def _interaction_user(record: InteractionRecord) -> JSON:
        payload = record.payload
        return dict((payload.get("member") or {}).get("user") or payload.get("user") or {})

    # ------------------------------------------------------------------ interaction webhook

    def _interaction_for_token(self, request: RecordedRequest, app_id: str, token: str) -> InteractionRecord | Reply:
        record = self.fake.interactions.by_token.get(token)
        if record is None or app_id != str(self.fake.application_id):
            return self._violation(request, "webhook", "unknown application id or interaction token",
                                   _error(404, 10015, "Unknown Webhook"))
        if record.callback is None:
            return self._violation(request, "webhook", "followup/edit before the interaction was acknowledged",
                                   _error(404, 10015, "Unknown Webhook"))
        age = request.time - record.dispatched_at
        if age > INTERACTION_TOKEN_LIFETIME:
            return self._violation(request, "webhook", f"interaction token used {age:.0f}s after the interaction; "
                                   f"tokens last {INTERACTION_TOKEN_LIFETIME:.0f}s",
                                   _error(401, 50027, "Invalid Webhook Token"))
        return record

    def followup(self, request: RecordedRequest, app_id: str, token: str) -> Reply:
        """`interaction.followup.send`; right after a thinking defer it fills the placeholder."""
        record = self._interaction_for_token(request, app_id, token)
        if isinstance(record, tuple):
            return record
        body = self._body(request)
        problems = check_message(body, file_count=len(request.files))
        if problems:
            return self._reject(request, problems)
        uploads = self._uploads(request, record.channel_id or 0)
        if isinstance(uploads, tuple):
            return uploads
        original = self.fake.messages.live(record.original_message_id) if record.original_message_id else None
        if original is not None and original.loading:
            # Documented Discord behaviour: acts as an edit of @original, ephemeral flag ignored.
            original.apply_edit({k: v for k, v in body.items() if k != "flags"}, uploads)
            message = original
        else:
            message = self._interaction_message(record, body, uploads, followup=True)
        record.followup_ids.append(message.id)
        if request.query.get("wait") not in ("1", "true", "True"):
            return 204, None
        return self._message_reply(message)

    def _webhook_message(
        self, request: RecordedRequest, app_id: str, token: str, message_id: str
    ) -> StoredMessage | Reply:
        record = self._interaction_for_token(request, app_id, token)
        if isinstance(record, tuple):
            return record
        if message_id == "@original":
            wanted = record.original_message_id
        elif message_id.isdigit() and int(message_id) in {record.original_message_id, *record.followup_ids}:
            wanted = int(message_id)
        else:
            wanted = None
        message = self.fake.messages.live(wanted) if wanted is not None else None
        if message is None:
            return _error(404, 10008, "Unknown Message")
        return message

    def get_webhook_message(self, request: RecordedRequest, app_id: str, token: str, message_id: str) -> Reply:
        message = self._webhook_message(request, app_id, token, message_id)
        return message if isinstance(message, tuple) else self._message_reply(message)

    def edit_webhook_message(self, request: RecordedRequest, app_id: str, token: str, message_id: str) -> Reply:
        message = self._webhook_message(request, app_id, token, message_id)
        if isinstance(message, tuple):
            return message
        reply = self._edit(request, message)
        record = self.fake.interactions.by_token.get(token)
        if record is not None and message.id == record.original_message_id and reply[0] < 400:
            record.original_edited = True
        return reply

    def delete_webhook_message(self, request: RecordedRequest, app_id: str, token: str, message_id: str) -> Reply:
        message = self._webhook_message(request, app_id, token, message_id)
        if isinstance(message, tuple):
            return message
        message.deleted = True
        return 204, None

    def _edit(self, request: RecordedRequest, message: StoredMessage) -> Reply:
        body = self._body(request)
        problems = check_message(body, file_count=len(request.files), creating=False, existing_flags=message.flags)
        if problems:
            return self._reject(request, problems)
        uploads = self._uploads(request, message.channel_id)
        if isinstance(uploads, tuple):
            return uploads
        message.apply_edit(body, uploads)
        return self._message_reply(message)

    # ------------------------------------------------------------------ channels and messages

    def _channel(self, channel_id: str) -> Any:
        return self.fake.world.channels.get(int(channel_id)) if channel_id.isdigit() else None

    def _refused(self, channel: Any, *needed: int) -> Reply | None:
        """Discord's 403 when the bot lacks a permission in this guild channel, else None:
        Missing Access (50001) for a channel it cannot see, Missing Permissions (50013) else."""
        if channel.guild_id is None:
            return None
        granted = self.fake.world.channel_permissions(channel.id, self.fake.bot_user_id)
        if not granted & VIEW_CHANNEL:
            return MISSING_ACCESS
        wanted = 0
        for bits in needed:
            wanted |= bits
        return MISSING_PERMISSIONS if wanted & ~granted else None

    def _needs(self, body: JSON, file_count: int) -> int:
        """The permissions a message body asks for beyond posting it."""
        needed = 0
        if body.get("embeds"):
            needed |= EMBED_LINKS
        if file_count:
            needed |= ATTACH_FILES
        return needed

    def get_channel(self, request: RecordedRequest, channel_id: str) -> Reply:
        channel = self._channel(channel_id)
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        return 200, channel.payload(self.fake.world.users)

    def create_dm(self, request: RecordedRequest) -> Reply:
        recipient = str(self._body(request).get("recipient_id", ""))
        if not recipient.isdigit() or int(recipient) not in self.fake.world.users:
            return _error(400, 50007, "Cannot send messages to this user")
        channel_id = self.fake.world.dm_channel(int(recipient))
        return 200, self.fake.world.channels[channel_id].payload(self.fake.world.users)

    def typing(self, request: RecordedRequest, channel_id: str) -> Reply:
        channel = self._channel(channel_id)
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        return self._refused(channel, SEND_MESSAGES) or (204, None)

    def create_message(self, request: RecordedRequest, channel_id: str) -> Reply:
        channel = self._channel(channel_id)
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        body = self._body(request)
        problems = check_message(body, file_count=len(request.files))
        if problems:
            return self._reject(request, problems)
        refused = self._refused(channel, SEND_MESSAGES, self._needs(body, len(request.files)),
                                READ_MESSAGE_HISTORY if body.get("message_reference") else 0)
        if refused:
            return refused
        nonce = body.get("nonce")
        if nonce is not None and (isinstance(nonce, bool) or not isinstance(nonce, (int, str)) or len(str(nonce)) > 25):
            return self._reject(request, [Problem("nonce", "must be an integer or a string of at most 25 characters")])
        author_id = self.fake.bot_user_id
        if nonce is not None and body.get("enforce_nonce"):
            # Documented: with enforce_nonce, a message created by the same author with the same
            # nonce in the past few minutes is returned and no new message is created.
            earlier = self.fake.nonces.get((author_id, str(nonce)))
            if earlier is not None and request.time - earlier[0] <= self.fake.nonce_window:
                found = self.fake.messages.get(earlier[1])
                if found is not None:
                    return self._message_reply(found)
        uploads = self._uploads(request, channel.id)
        if isinstance(uploads, tuple):
            return uploads
        reference = body.get("message_reference")
        message = self.fake.messages.create(
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.fake.bot_user_payload(),
            body={**body, "flags": int(body.get("flags") or 0) & ~EPHEMERAL},  # channel posts are never ephemeral
            attachments=list(uploads.values()),
            type=19 if reference else 0,
            message_reference=reference,
        )
        if nonce is not None:
            message.nonce = str(nonce)
            self.fake.nonces[(author_id, str(nonce))] = (request.time, message.id)
        return self._message_reply(message)

    def list_messages(self, request: RecordedRequest, channel_id: str) -> Reply:
        channel = self._channel(channel_id)
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        refused = self._refused(channel)
        if refused:
            return refused
        if self._refused(channel, READ_MESSAGE_HISTORY):  # documented: no history, no messages
            return 200, []
        messages = self.fake.messages.in_channel(int(channel_id))
        before, after = request.query.get("before"), request.query.get("after")
        if before:
            messages = [m for m in messages if m.id < int(before)]
        if after:
            messages = [m for m in messages if m.id > int(after)]
        limit = int(request.query.get("limit") or 50)
        newest_first = sorted(messages, key=lambda m: m.id, reverse=True)
        chosen = newest_first[-limit:] if after else newest_first[:limit]
        return 200, [m.payload(self.fake.messages.cdn_base) for m in chosen]

    def _channel_message(self, channel_id: str, message_id: str) -> StoredMessage | Reply:
        message = self.fake.messages.live(int(message_id)) if message_id.isdigit() else None
        if message is None or str(message.channel_id) != channel_id or message.ephemeral:
            return _error(404, 10008, "Unknown Message")
        return message

    def get_message(self, request: RecordedRequest, channel_id: str, message_id: str) -> Reply:
        channel = self._channel(channel_id)
        refused = self._refused(channel, READ_MESSAGE_HISTORY) if channel is not None else None
        if refused:
            return refused
        message = self._channel_message(channel_id, message_id)
        return message if isinstance(message, tuple) else self._message_reply(message)

    def edit_message(self, request: RecordedRequest, channel_id: str, message_id: str) -> Reply:
        message = self._channel_message(channel_id, message_id)
        if isinstance(message, tuple):
            return message
        if message.author.get("id") != str(self.fake.bot_user_id):
            return _error(403, 50005, "Cannot edit a message authored by another user")
        refused = self._refused(self._channel(channel_id), self._needs(self._body(request), len(request.files)))
        if refused:
            return refused
        return self._edit(request, message)

    def delete_message(self, request: RecordedRequest, channel_id: str, message_id: str) -> Reply:
        message = self._channel_message(channel_id, message_id)
        if isinstance(message, tuple):
            return message
        message.deleted = True
        return 204, None

    def get_member(self, request: RecordedRequest, guild_id: str, user_id: str) -> Reply:
        guild = self.fake.world.guilds.get(int(guild_id)) if guild_id.isdigit() else None
        if guild is None:
            return _error(404, 10004, "Unknown Guild")
        if not user_id.isdigit() or int(user_id) not in guild.members:
            return _error(404, 10007, "Unknown Member")
        return 200, self.fake.world.member_payload(guild.id, int(user_id))
