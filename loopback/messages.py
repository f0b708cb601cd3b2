"""The fake's message store: every message the bot posted, as the bot rendered it.

Component clicks must carry the message *exactly* as it was sent (discord.py rebuilds
DynamicItems and routes views from `interaction.message.components`), so the store keeps
the bot's `components` and `embeds` verbatim and builds click payloads from them.
"""
from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .snowflake import iso_now, new_snowflake

JSON = dict[str, Any]

EPHEMERAL: Final[int] = 1 << 6
LOADING: Final[int] = 1 << 7
SUPPRESS_EMBEDS: Final[int] = 1 << 2
SUPPRESS_NOTIFICATIONS: Final[int] = 1 << 12
IS_COMPONENTS_V2: Final[int] = 1 << 15

_SETTABLE_FLAGS: Final[int] = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2
_EDITABLE_FLAGS: Final[int] = SUPPRESS_EMBEDS

BUTTON: Final[int] = 2
STRING_SELECT: Final[int] = 3
TEXT_INPUT: Final[int] = 4
ENTITY_SELECTS: Final[frozenset[int]] = frozenset({5, 6, 7, 8})
SELECTS: Final[frozenset[int]] = ENTITY_SELECTS | {STRING_SELECT}


@dataclass
class StoredAttachment:
    """An uploaded file; its bytes are served back at `url` so `Attachment.read()` works."""

    id: int
    channel_id: int
    filename: str
    data: bytes
    content_type: str = "application/octet-stream"
    description: str | None = None

    def url(self, cdn_base: str) -> str:
        """Where the fake serves the bytes."""
        return f"{cdn_base}/attachments/{self.channel_id}/{self.id}/{self.filename}"

    def payload(self, cdn_base: str) -> JSON:
        """The attachment object as Discord sends it."""
        url = self.url(cdn_base)
        data: JSON = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        return data


@dataclass
class StoredMessage:
    """One message, mutable so edits and deletes show up in results obtained earlier."""

    id: int
    channel_id: int
    guild_id: int | None
    author: JSON
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    tts: bool = False
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: JSON | None = None
    message_reference: JSON | None = None
    interaction_id: int | None = None
    visible_to: int | None = None
    """For ephemeral messages: the only user who can see (and click) it."""
    deleted: bool = False
    edits: int = 0
    nonce: str | None = None
    """What the bot sent as `nonce` (Discord echoes it in the create response)."""

    # ------------------------------------------------------------------ views

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is the "Bot is thinking..." placeholder of a deferred reply."""
        return bool(self.flags & LOADING)

    @property
    def files(self) -> dict[str, bytes]:
        """Attached file bytes by filename."""
        return {a.filename: a.data for a in self.attachments}

    @property
    def text(self) -> str:
        """All visible text (content, embeds, V2 text displays, button labels), one item a line."""
        return "\n".join(_visible_text(self))

    def iter_components(self) -> Iterator[JSON]:
        """Every component, however deeply nested (rows, sections, labels, containers)."""
        return iter_components(self.components)

    @property
    def buttons(self) -> list[JSON]:
        return [c for c in self.iter_components() if c.get("type") == BUTTON]

    @property
    def selects(self) -> list[JSON]:
        return [c for c in self.iter_components() if c.get("type") in SELECTS]

    def find_component(self, target: str, *, types: Iterable[int] | None = None) -> JSON:
        """The component whose custom_id, label or placeholder is `target`."""
        return find_component(self.components, target, types=types)

    def payload(self, cdn_base: str) -> JSON:
        """The message object as Discord returns it."""
        data: JSON = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.type,
            "author": dict(self.author),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload(cdn_base) for a in self.attachments],
            "embeds": [dict(e) for e in self.embeds],
            "components": list(self.components),
            "pinned": False,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.nonce is not None:
            data["nonce"] = self.nonce
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = dict(self.interaction_metadata)
        if self.message_reference is not None:
            data["message_reference"] = dict(self.message_reference)
        return data

    # ------------------------------------------------------------------ changes

    def apply_edit(self, body: Mapping[str, Any], new_files: Mapping[int, StoredAttachment]) -> None:
        """Apply a PATCH / UPDATE_MESSAGE body: keys that are present replace, others stay."""
        if "content" in body:
            self.content = body["content"] or ""
        if "embeds" in body:
            self.embeds = list(body["embeds"] or [])
        if "components" in body:
            self.components = list(body["components"] or [])
        if "flags" in body and body["flags"] is not None:
            requested = int(body["flags"])
            self.flags = (self.flags & ~_EDITABLE_FLAGS) | (requested & _EDITABLE_FLAGS)
            self.flags |= requested & IS_COMPONENTS_V2
        if "attachments" in body:
            self.attachments = _kept_and_new(self.attachments, body["attachments"] or [], new_files)
        elif new_files:
            self.attachments = self.attachments + list(new_files.values())
        if self.loading:
            self.flags &= ~LOADING
        else:
            self.edited_timestamp = iso_now()
        self.edits += 1


def _kept_and_new(
    current: list[StoredAttachment], wanted: list[JSON], new_files: Mapping[int, StoredAttachment]
) -> list[StoredAttachment]:
    """Resolve an edit's `attachments` list: entries are kept old ids or new `files[n]` indexes."""
    by_id = {a.id: a for a in current}
    result: list[StoredAttachment] = []
    for entry in wanted:
        key = int(entry["id"])
        if key in new_files:
            result.append(new_files[key])
        elif key in by_id:
            result.append(by_id[key])
    return result


def iter_components(components: Iterable[JSON]) -> Iterator[JSON]:
    """Depth-first walk over a component tree (rows, containers, sections, labels)."""
    for component in components:
        yield component
        yield from iter_components(component.get("components") or [])
        for key in ("component", "accessory"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from iter_components([child])


def find_component(components: Iterable[JSON], target: str, *, types: Iterable[int] | None = None) -> JSON:
    """Find an interactive component by custom_id first, then by its label or placeholder.

    Labels are what a person sees, so tests read well with them; custom_ids are exact.
    A label shared by several components is an error rather than a guess.
    """
    wanted = set(types) if types is not None else {BUTTON} | SELECTS
    candidates = [c for c in iter_components(components) if c.get("type") in wanted]
    exact = [c for c in candidates if c.get("custom_id") == target]
    if exact:
        return exact[0]
    by_label = [c for c in candidates if target in (c.get("label"), c.get("placeholder"))]
    if len(by_label) == 1:
        return by_label[0]
    shown = [c.get("custom_id") or c.get("label") for c in candidates]
    if by_label:
        raise LookupError(f"{len(by_label)} components are labelled {target!r}; use a custom_id: {shown}")
    raise LookupError(f"no component {target!r} on the message; it has {shown}")


def _visible_text(message: StoredMessage) -> Iterator[str]:
    if message.content:
        yield message.content
    for embed in message.embeds:
        for key in ("title", "description"):
            if embed.get(key):
                yield str(embed[key])
        for embed_field in embed.get("fields") or []:
            yield f"{embed_field.get('name', '')}: {embed_field.get('value', '')}"
        footer = embed.get("footer") or {}
        if footer.get("text"):
            yield str(footer["text"])
    for component in message.iter_components():
        if component.get("type") == 10 and component.get("content"):
            yield str(component["content"])
        elif component.get("label"):
            yield str(component["label"])


class MessageStore:
    """All messages by id, plus every attachment the fake can serve."""

    def __init__(self) -> None:
        self.by_id: dict[int, StoredMessage] = {}
        #: each channel's messages by id (oldest first), so `in_channel` does not scan every message
        #: (tests and benchmarks ask it again after every request while thousands are stored)
        self._by_channel: dict[int, list[StoredMessage]] = {}
        self.attachments: dict[int, StoredAttachment] = {}
        self.cdn_base = "http://127.0.0.1"

    def __contains__(self, message_id: object) -> bool:
        return message_id in self.by_id

    def __len__(self) -> int:
        return len(self.by_id)

    def get(self, message_id: int) -> StoredMessage | None:
        """The message (also if deleted), or None."""
        return self.by_id.get(int(message_id))

    def live(self, message_id: int) -> StoredMessage | None:
        """The message if it exists and was not deleted."""
        message = self.get(message_id)
        return None if message is None or message.deleted else message

    def add_attachment(
        self, channel_id: int, filename: str, data: bytes, content_type: str, description: str | None = None
    ) -> StoredAttachment:
        """Store file bytes so the CDN route can serve them."""
        attachment = StoredAttachment(new_snowflake(), channel_id, filename, data, content_type, description)
        self.attachments[attachment.id] = attachment
        return attachment

    def create(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        author: JSON,
        body: Mapping[str, Any],
        attachments: list[StoredAttachment],
        **extra: Any,
    ) -> StoredMessage:
        """Store a new message from a create body (channel message, callback or followup)."""
        message = StoredMessage(
            id=new_snowflake(),
            channel_id=channel_id,
            guild_id=guild_id,
            author=author,
            content=body.get("content") or "",
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            attachments=attachments,
            flags=int(body.get("flags") or 0) & _SETTABLE_FLAGS,
            tts=bool(body.get("tts")),
            **extra,
        )
        self._file(message)
        return message

    def _file(self, message: StoredMessage) -> None:
        self.by_id[message.id] = message
        listed = self._by_channel.setdefault(message.channel_id, [])
        if listed and listed[-1].id > message.id:  # an adopted older message: keep the id order
            bisect.insort(listed, message, key=lambda m: m.id)
        else:
            listed.append(message)

    def adopt(self, payload: Mapping[str, Any]) -> StoredMessage:
        """Take in a message that only exists in a hand-written interaction payload."""
        message = StoredMessage(
            id=int(payload["id"]),
            channel_id=int(payload["channel_id"]),
            guild_id=int(payload["guild_id"]) if payload.get("guild_id") else None,
            author=dict(payload.get("author") or {}),
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            flags=int(payload.get("flags") or 0),
        )
        self._file(message)
        return message

    def in_channel(self, channel_id: int, *, include_ephemeral: bool = False) -> list[StoredMessage]:
        """Live messages of a channel, oldest first."""
        return [
            m
            for m in self._by_channel.get(channel_id, ())
            if not m.deleted and (include_ephemeral or not m.ephemeral)
        ]
