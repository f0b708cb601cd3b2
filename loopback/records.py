"""What the fake remembers: requests, interactions and their callbacks, synced commands."""
from __future__ import annotations

import copy
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .snowflake import new_snowflake

JSON = dict[str, Any]

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5


@dataclass(frozen=True)
class UploadedFile:
    """One `files[n]` part of a multipart body."""

    field: str
    filename: str
    content_type: str
    data: bytes

    @property
    def index(self) -> int | None:
        """n in `files[n]`, which the body's `attachments[].id` refers to."""
        if self.field.startswith("files[") and self.field.endswith("]"):
            return int(self.field[6:-1])
        return None


@dataclass
class RecordedRequest:
    """One REST request the bot made, with the fake's answer.

    `path` is relative to the API root (e.g. `/channels/1/messages`); `json` is the JSON
    body, or the `payload_json` part of a multipart body.
    """

    index: int
    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[UploadedFile]
    headers: dict[str, str]
    time: float = field(default_factory=time.monotonic)
    status: int = 0
    response: Any = None

    @property
    def route(self) -> str:
        return f"{self.method} {self.path}"

    def __str__(self) -> str:
        return f"#{self.index} {self.route} -> {self.status}"


@dataclass(frozen=True)
class CallbackRecord:
    """The bot's one answer to an interaction (its `interaction.response.*` call)."""

    type: int
    data: JSON | None
    elapsed: float
    """Seconds from dispatching INTERACTION_CREATE to receiving this callback."""
    request_index: int


@dataclass
class InteractionRecord:
    """An interaction the fake sent, and what became of it."""

    id: int
    token: str
    type: int
    payload: JSON
    channel_id: int | None
    guild_id: int | None
    user_id: int | None
    dispatched_at: float = field(default_factory=time.monotonic)
    source_message_id: int | None = None
    callback: CallbackRecord | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    original_edited: bool = False
    """The original was edited with this interaction's token (after a deferred update, the
    pressed message only counts as this interaction's reply once it was edited)."""

    @property
    def acked(self) -> bool:
        return self.callback is not None

    @property
    def command_type(self) -> int | None:
        """1 for slash commands, 2/3 for user/message context menus, else None."""
        data = self.payload.get("data") or {}
        return data.get("type") if self.type in (APPLICATION_COMMAND, AUTOCOMPLETE) else None

    @classmethod
    def from_payload(cls, payload: JSON) -> InteractionRecord:
        """Read the ids the fake needs out of an INTERACTION_CREATE payload."""
        user = (payload.get("member") or {}).get("user") or payload.get("user") or {}
        channel = payload.get("channel") or {}
        channel_id = channel.get("id") or payload.get("channel_id")
        message = payload.get("message") or {}
        return cls(
            id=int(payload["id"]),
            token=str(payload["token"]),
            type=int(payload["type"]),
            payload=payload,
            channel_id=int(channel_id) if channel_id else None,
            guild_id=int(payload["guild_id"]) if payload.get("guild_id") else None,
            user_id=int(user["id"]) if user.get("id") else None,
            source_message_id=int(message["id"]) if message.get("id") else None,
        )


class InteractionRegistry:
    """Interactions by id and by token (callbacks use both, webhooks only the token)."""

    def __init__(self) -> None:
        self.by_id: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}

    def register(self, payload: JSON) -> InteractionRecord:
        record = InteractionRecord.from_payload(payload)
        self.by_id[record.id] = record
        self.by_token[record.token] = record
        return record

    def __iter__(self) -> Iterator[InteractionRecord]:
        return iter(self.by_id.values())


class CommandRegistry:
    """The application commands the bot synced, kept as Discord echoed them back.

    Ids stay stable across re-syncs of the same (scope, type, name), as on Discord, so a
    payload built before a bot restart still names a valid command.
    """

    def __init__(self, application_id: int) -> None:
        self.application_id = application_id
        self.global_commands: list[JSON] = []
        self.guild_commands: dict[int, list[JSON]] = {}
        self._ids: dict[tuple[int | None, int, str], int] = {}

    def sync(self, guild_id: int | None, body: Sequence[Mapping[str, Any]]) -> list[JSON]:
        """Replace the commands of one scope (bulk overwrite) and return the echo."""
        echoed = [self._echo(guild_id, command) for command in body]
        if guild_id is None:
            self.global_commands = echoed
        else:
            self.guild_commands[guild_id] = echoed
        return copy.deepcopy(echoed)

    def _echo(self, guild_id: int | None, command: Mapping[str, Any]) -> JSON:
        data = copy.deepcopy(dict(command))
        kind = int(data.setdefault("type", 1))
        key = (guild_id, kind, str(data["name"]))
        command_id = self._ids.setdefault(key, new_snowflake())
        data.update(id=str(command_id), application_id=str(self.application_id), version=str(new_snowflake()))
        data.setdefault("default_member_permissions", None)
        data.setdefault("nsfw", False)
        data.setdefault("description", "")
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        return data

    def scope(self, guild_id: int | None) -> list[JSON]:
        """The commands of one scope (None = global)."""
        if guild_id is None:
            return copy.deepcopy(self.global_commands)
        return copy.deepcopy(self.guild_commands.get(guild_id, []))

    def all(self) -> list[JSON]:
        """Every synced command, global first; guild ones carry `guild_id`."""
        result = list(self.global_commands)
        for commands in self.guild_commands.values():
            result.extend(commands)
        return result

    def find(self, name: str, guild_id: int | None, *, kind: int = 1) -> JSON:
        """The command a user in `guild_id` reaches by `name`: guild commands shadow global ones."""
        scopes = ([self.guild_commands.get(guild_id, [])] if guild_id is not None else []) + [self.global_commands]
        for commands in scopes:
            for command in commands:
                if command["name"] == name and int(command.get("type", 1)) == kind:
                    return command
        known = sorted({c["name"] for c in self.all()})
        raise LookupError(f"no synced command {name!r} (type {kind}); synced: {known}. Did the bot call tree.sync()?")
