"""Builders for realistic INTERACTION_CREATE payloads.

Each builder takes an `InteractionContext` (who acts where, in which language, with which
permissions) and returns the `d` of an INTERACTION_CREATE frame exactly as Discord shapes
it, including the keys recent discord.py versions insist on (`attachment_size_limit`),
the `resolved` block entity options need, and the rendered `message` for clicks.

Option values are plain Python values; their wire types come from the *synced command
schema* (what the bot actually registered), so a test cannot send an option Discord would
never send. Mistakes a real Discord client would prevent (an unknown option, a value
outside the choices, a missing required option, a disabled button) raise `ValueError`
here instead of producing a payload no user could produce.
"""
from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, cast

from .messages import BUTTON, ENTITY_SELECTS, STRING_SELECT, TEXT_INPUT, find_component
from .snowflake import new_snowflake

JSON = dict[str, Any]

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
LABEL, TEXT_DISPLAY, FILE_UPLOAD, RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX = 18, 10, 19, 21, 22, 23
DEFAULT_ATTACHMENT_SIZE_LIMIT: Final = 10 * 1024 * 1024


@dataclass(frozen=True)
class InteractionContext:
    """Who interacts, where, and how their client is set up."""

    application_id: int
    user: JSON
    channel: JSON
    member: JSON | None = None
    """Guild member *with* `user` and `permissions`; None in DMs."""
    guild: JSON | None = None
    """Partial guild `{id, locale, features}`; None in DMs."""
    app_permissions: int = 0
    locale: str = "en-US"
    guild_locale: str | None = None
    attachment_size_limit: int = DEFAULT_ATTACHMENT_SIZE_LIMIT

    @property
    def guild_id(self) -> str | None:
        return None if self.guild is None else str(self.guild["id"])

    @property
    def context_type(self) -> int:
        """0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL (the `context` field)."""
        if self.guild is not None:
            return 0
        return 1 if self.channel.get("type") == 1 else 2

    def with_locale(self, locale: str) -> InteractionContext:
        """The same actor with a client in another language."""
        return dataclasses.replace(self, locale=locale)


@dataclass(frozen=True)
class Upload:
    """A file a user attaches to an ATTACHMENT option or a modal file upload."""

    filename: str
    data: bytes
    content_type: str | None = None


class Resolver(Protocol):
    """Looks entities up for `resolved` blocks (the fake implements it from its model)."""

    def user(self, user_id: int) -> tuple[JSON, JSON | None]:
        """The user object and, inside a guild, the member object *without* `user`."""

    def channel(self, channel_id: int) -> JSON:
        """A partial channel with `permissions`."""

    def role(self, role_id: int) -> JSON:
        """A role object."""

    def is_role(self, snowflake: int) -> bool:
        """Whether a MENTIONABLE value names a role rather than a user."""

    def attachment(self, upload: Upload) -> JSON:
        """Store an upload and return its attachment object."""


class _Resolved:
    """Collects the `resolved` block while options are converted."""

    def __init__(self, resolver: Resolver | None) -> None:
        self._resolver = resolver
        self.data: dict[str, JSON] = {}

    def _need(self) -> Resolver:
        if self._resolver is None:
            raise ValueError("entity options need a resolver (use FakeDiscord's helpers)")
        return self._resolver

    def _put(self, key: str, snowflake: int, value: JSON) -> str:
        self.data.setdefault(key, {})[str(snowflake)] = value
        return str(snowflake)

    def user(self, value: Any) -> str:
        snowflake = snowflake_of(value)
        user, member = self._need().user(snowflake)
        if member is not None:
            self._put("members", snowflake, member)
        return self._put("users", snowflake, user)

    def channel(self, value: Any) -> str:
        snowflake = snowflake_of(value)
        return self._put("channels", snowflake, self._need().channel(snowflake))

    def role(self, value: Any) -> str:
        snowflake = snowflake_of(value)
        return self._put("roles", snowflake, self._need().role(snowflake))

    def mentionable(self, value: Any) -> str:
        snowflake = snowflake_of(value)
        return self.role(snowflake) if self._need().is_role(snowflake) else self.user(snowflake)

    def attachment(self, value: Any) -> str:
        upload = value if isinstance(value, Upload) else Upload(*value)
        data = self._need().attachment(upload)
        return self._put("attachments", int(data["id"]), data)


def snowflake_of(value: Any) -> int:
    """An id from an int, a digit string, or anything with an `.id` (discord.py objects too)."""
    if isinstance(value, bool):
        raise TypeError(f"expected an id, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    if hasattr(value, "id"):
        return int(value.id)
    raise TypeError(f"expected an id or an object with .id, got {value!r}")


def interaction_envelope(
    ctx: InteractionContext,
    kind: int,
    data: JSON | None,
    *,
    message: JSON | None = None,
    interaction_id: int | None = None,
    token: str | None = None,
) -> JSON:
    """The common INTERACTION_CREATE fields around `data` (type 2-5)."""
    payload: JSON = {
        "id": str(interaction_id or new_snowflake()),
        "application_id": str(ctx.application_id),
        "type": kind,
        "token": token or f"fake-token-{secrets.token_urlsafe(24)}",
        "version": 1,
        "channel": dict(ctx.channel),
        "channel_id": str(ctx.channel["id"]),
        "app_permissions": str(ctx.app_permissions),
        "locale": ctx.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "context": ctx.context_type,
        "attachment_size_limit": ctx.attachment_size_limit,
    }
    if data is not None:
        payload["data"] = data
    if ctx.guild is not None:
        payload.update(
            guild_id=ctx.guild_id,
            guild=dict(ctx.guild),
            guild_locale=ctx.guild_locale or ctx.guild.get("locale", "en-US"),
            member=dict(ctx.member or {}),
            authorizing_integration_owners={"0": ctx.guild_id},
        )
    else:
        payload.update(user=dict(ctx.user), authorizing_integration_owners={"1": str(ctx.user["id"])})
    if message is not None:
        payload["message"] = message
    return payload


# ---------------------------------------------------------------------- commands


def split_path(path: str | Sequence[str]) -> list[str]:
    """"game admin reset" -> ["game", "admin", "reset"]."""
    parts = path.split() if isinstance(path, str) else list(path)
    if not parts:
        raise ValueError("empty command path")
    return parts


def build_options(
    command: JSON,
    path: str | Sequence[str],
    values: Mapping[str, Any],
    resolver: Resolver | None = None,
    *,
    focused: str | None = None,
    typed: str = "",
) -> tuple[list[JSON], JSON]:
    """Nest subcommand groups/subcommands along `path` and convert `values` by the schema.

    Returns `(options, resolved)`. With `focused`, builds the partial options of an
    autocomplete request: required options may be missing and the focused one carries
    the raw text being typed, as a string, whatever its type.
    """
    parts = split_path(path)
    if parts[0] != command["name"]:
        raise ValueError(f"path {parts!r} does not start with command {command['name']!r}")
    resolved = _Resolved(resolver)
    root: list[JSON] = []
    level, node = root, command
    for name in parts[1:]:
        node = _child(node, name)
        entry: JSON = {"name": name, "type": node["type"], "options": []}
        level.append(entry)
        level = entry["options"]
    leaf_options = node.get("options") or []
    nested = [o["name"] for o in leaf_options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if nested:
        raise ValueError(f"{' '.join(parts)!r} is not a leaf command; choose one of {nested}")
    level.extend(_leaf_values(node, values, resolved, focused=focused, typed=typed))
    return root, resolved.data


def _child(node: JSON, name: str) -> JSON:
    for option in node.get("options") or []:
        if option["name"] == name and option["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP):
            return cast(JSON, option)
    known = [o["name"] for o in node.get("options") or [] if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    raise ValueError(f"{node['name']!r} has no subcommand {name!r}; it has {known}")


def _leaf_values(
    node: JSON, values: Mapping[str, Any], resolved: _Resolved, *, focused: str | None, typed: str
) -> list[JSON]:
    schema = {o["name"]: o for o in node.get("options") or []}
    unknown = set(values) - set(schema) | ({focused} - set(schema) if focused else set())
    if unknown:
        raise ValueError(f"{node['name']!r} has no option(s) {sorted(unknown)}; it has {list(schema)}")
    result: list[JSON] = []
    for name, option in schema.items():
        if name == focused:
            if not option.get("autocomplete"):
                raise ValueError(f"option {name!r} has no autocomplete")
            result.append({"name": name, "type": option["type"], "value": str(typed), "focused": True})
        elif name in values and values[name] is not None:
            value = convert_option(option, values[name], resolved)
            result.append({"name": name, "type": option["type"], "value": value})
        elif option.get("required") and focused is None:
            raise ValueError(f"option {name!r} of {node['name']!r} is required")
    return result


def convert_option(option: JSON, value: Any, resolved: _Resolved) -> Any:
    """A Python value -> the wire value of one option, checked against the schema."""
    kind = option["type"]
    if kind == CHANNEL:
        return _checked_channel(option, value, resolved)
    if kind in (USER, ROLE, MENTIONABLE, ATTACHMENT):
        converter = {USER: resolved.user, ROLE: resolved.role,
                     MENTIONABLE: resolved.mentionable, ATTACHMENT: resolved.attachment}[kind]
        return converter(value)
    value = _choice_value(option, value)
    if kind == STRING:
        return _checked_string(option, value)
    if kind in (INTEGER, NUMBER):
        return _checked_number(option, value, integer=kind == INTEGER)
    if kind == BOOLEAN:
        if not isinstance(value, bool):
            raise TypeError(f"option {option['name']!r} takes a bool, got {value!r}")
        return value
    raise ValueError(f"option type {kind} of {option['name']!r} is not supported")


def _checked_channel(option: JSON, value: Any, resolved: _Resolved) -> str:
    """The client only offers channels of the option's `channel_types`."""
    snowflake = resolved.channel(value)
    allowed = option.get("channel_types")
    actual = resolved.data["channels"][snowflake]["type"]
    if allowed and actual not in allowed:
        raise ValueError(f"option {option['name']!r} takes channel types {allowed}, got type {actual}")
    return snowflake


def _choice_value(option: JSON, value: Any) -> Any:
    """Choice options take the choice *value*; a choice *name* is accepted and translated."""
    choices = option.get("choices") or []
    if not choices:
        return value
    allowed = [c["value"] for c in choices]
    if value in allowed:
        return value
    for choice in choices:
        if isinstance(value, str) and value.casefold() == str(choice["name"]).casefold():
            return choice["value"]
    names = [c["name"] for c in choices]
    raise ValueError(f"{value!r} is not a choice of {option['name']!r}: values {allowed}, names {names}")


def _checked_string(option: JSON, value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"option {option['name']!r} takes a str, got {value!r}")
    low, high = option.get("min_length", 0), option.get("max_length", 6000)
    if not low <= len(value) <= high:
        raise ValueError(f"option {option['name']!r} takes {low}-{high} characters, got {len(value)}")
    return value


def _checked_number(option: JSON, value: Any, *, integer: bool) -> int | float:
    wanted = (int,) if integer else (int, float)
    if isinstance(value, bool) or not isinstance(value, wanted):
        raise TypeError(f"option {option['name']!r} takes {'an int' if integer else 'a number'}, got {value!r}")
    low, high = option.get("min_value"), option.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"option {option['name']!r} must be within [{low}, {high}], got {value}")
    return value


def _command_data(command: JSON, options: list[JSON], resolved: JSON) -> JSON:
    data: JSON = {"id": str(command["id"]), "name": command["name"], "type": int(command.get("type", 1))}
    if options:
        data["options"] = options
    if resolved:
        data["resolved"] = resolved
    if command.get("guild_id"):
        data["guild_id"] = str(command["guild_id"])
    return data


def slash_command_payload(
    ctx: InteractionContext,
    command: JSON,
    path: str | Sequence[str],
    values: Mapping[str, Any] | None = None,
    resolver: Resolver | None = None,
) -> JSON:
    """A chat-input command (type 2), e.g. path "game admin reset" with `{"game_id": "1"}`."""
    options, resolved = build_options(command, path, values or {}, resolver)
    return interaction_envelope(ctx, 2, _command_data(command, options, resolved))


def autocomplete_payload(
    ctx: InteractionContext,
    command: JSON,
    path: str | Sequence[str],
    focused: str,
    typed: str,
    values: Mapping[str, Any] | None = None,
    resolver: Resolver | None = None,
) -> JSON:
    """An autocomplete request (type 4): partial options, exactly one of them focused."""
    options, resolved = build_options(command, path, values or {}, resolver, focused=focused, typed=typed)
    return interaction_envelope(ctx, 4, _command_data(command, options, resolved))


def context_menu_payload(
    ctx: InteractionContext,
    command: JSON,
    target: Any,
    resolver: Resolver | None = None,
    *,
    target_message: JSON | None = None,
) -> JSON:
    """A user (type 2) or message (type 3) context-menu command on `target`."""
    kind = int(command.get("type", 1))
    resolved = _Resolved(resolver)
    if kind == 2:
        target_id = resolved.user(target)
    elif kind == 3 and target_message is not None:
        target_id = str(target_message["id"])
        resolved.data["messages"] = {target_id: target_message}
    else:
        raise ValueError(f"command {command['name']!r} (type {kind}) is not a context menu on this target")
    data = _command_data(command, [], resolved.data)
    data["target_id"] = target_id
    return interaction_envelope(ctx, 2, data)


# ---------------------------------------------------------------------- components


def component_payload(
    ctx: InteractionContext,
    message: JSON,
    component: JSON,
    values: list[str] | None = None,
    resolved: JSON | None = None,
) -> JSON:
    """A component interaction (type 3) on `message` exactly as the bot rendered it."""
    if component.get("disabled"):
        raise ValueError(f"component {component.get('custom_id')!r} is disabled and cannot be used")
    if not component.get("custom_id"):
        raise ValueError("link and premium buttons send no interaction")
    data: JSON = {"custom_id": component["custom_id"], "component_type": component["type"]}
    if component.get("id") is not None:
        data["id"] = component["id"]
    if values is not None:
        data["values"] = values
    if resolved:
        data["resolved"] = resolved
    return interaction_envelope(ctx, 3, data, message=message)


def button_payload(ctx: InteractionContext, message: JSON, target: str) -> JSON:
    """A click on the button whose custom_id or label is `target`."""
    button = find_component(message.get("components") or [], target, types=[BUTTON])
    return component_payload(ctx, message, button)


def select_payload(
    ctx: InteractionContext,
    message: JSON,
    target: str,
    values: str | Iterable[Any],
    resolver: Resolver | None = None,
) -> JSON:
    """Choosing `values` in the select whose custom_id or placeholder is `target`.

    String selects take option values or labels; entity selects take ids or objects.
    """
    select = find_component(message.get("components") or [], target, types=[STRING_SELECT, *ENTITY_SELECTS])
    chosen, resolved = select_values(select, values, resolver)
    return component_payload(ctx, message, select, chosen, resolved)


def select_values(select: JSON, values: str | Iterable[Any], resolver: Resolver | None) -> tuple[list[str], JSON]:
    """Wire values (and `resolved`) for a select, checked against its options and limits."""
    resolved = _Resolved(resolver)
    return _select_values(select, values, resolved), resolved.data


def _select_values(select: JSON, values: str | Iterable[Any], resolved: _Resolved) -> list[str]:
    items = [values] if isinstance(values, str) or not isinstance(values, Iterable) else list(values)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not low <= len(items) <= high:
        raise ValueError(f"select {select.get('custom_id')!r} takes {low}-{high} values, got {len(items)}")
    if select["type"] == STRING_SELECT:
        return [_option_value(select, item) for item in items]
    convert = {USER_SELECT: resolved.user, ROLE_SELECT: resolved.role,
               MENTIONABLE_SELECT: resolved.mentionable, CHANNEL_SELECT: resolved.channel}[select["type"]]
    return [convert(item) for item in items]


def _option_value(select: JSON, item: Any) -> str:
    options = select.get("options") or []
    for option in options:
        if item == option["value"]:
            return str(item)
    for option in options:
        if item == option.get("label"):
            return str(option["value"])
    shown = [(o.get("label"), o["value"]) for o in options]
    raise ValueError(f"{item!r} is not an option of select {select.get('custom_id')!r}: {shown}")


# ---------------------------------------------------------------------- modals


def modal_submit_payload(
    ctx: InteractionContext,
    modal: JSON,
    values: Mapping[str, Any],
    *,
    message: JSON | None = None,
    resolver: Resolver | None = None,
) -> JSON:
    """Submitting `modal` (the data of the bot's type 9 callback) with `values`.

    Keys of `values` are custom_ids or visible labels. The submission mirrors the modal's
    layout (action rows or Label components), as the Discord client does.
    """
    remaining = dict(values)
    resolved = _Resolved(resolver)
    components = [_submitted(c, remaining, resolved) for c in modal.get("components") or []]
    if remaining:
        raise ValueError(f"modal {modal.get('custom_id')!r} has no input(s) {sorted(remaining)}")
    data: JSON = {"custom_id": modal["custom_id"], "components": components}
    if resolved.data:
        data["resolved"] = resolved.data
    return interaction_envelope(ctx, 5, data, message=message)


def _submitted(component: JSON, remaining: dict[str, Any], resolved: _Resolved, label: str | None = None) -> JSON:
    kind = component["type"]
    if kind == 1:
        children = [_submitted(c, remaining, resolved) for c in component.get("components") or []]
        return _with_id(component, {"type": 1, "components": children})
    if kind == LABEL:
        inner = _submitted(component["component"], remaining, resolved, label=component.get("label"))
        return _with_id(component, {"type": LABEL, "component": inner})
    if kind == TEXT_DISPLAY or not component.get("custom_id"):
        return _with_id(component, {"type": kind})
    value = _take(remaining, component, label)
    entry = _with_id(component, {"type": kind, "custom_id": component["custom_id"]})
    entry.update(_submitted_value(component, value, resolved))
    return entry


def _with_id(component: JSON, entry: JSON) -> JSON:
    if component.get("id") is not None:
        entry["id"] = component["id"]
    return entry


def _take(remaining: dict[str, Any], component: JSON, label: str | None) -> Any:
    for key in (component["custom_id"], label, component.get("label")):
        if key is not None and key in remaining:
            return remaining.pop(key)
    return None


def _submitted_value(component: JSON, value: Any, resolved: _Resolved) -> JSON:
    kind = component["type"]
    name = component["custom_id"]
    if kind == TEXT_INPUT:
        text = (component.get("value") or "") if value is None else value
        if not isinstance(text, str):
            raise TypeError(f"text input {name!r} takes a str, got {value!r}")
        if component.get("required", True) and not text:
            raise ValueError(f"text input {name!r} is required")
        low, high = component.get("min_length", 0), component.get("max_length", 4000)
        if text and not low <= len(text) <= high:
            raise ValueError(f"text input {name!r} takes {low}-{high} characters, got {len(text)}")
        return {"value": text}
    if kind == STRING_SELECT or kind in ENTITY_SELECTS:
        if value is None:
            if component.get("required", True) and component.get("min_values", 1) > 0:
                raise ValueError(f"select {name!r} is required")
            return {"values": []}
        return {"values": _select_values(component, value, resolved)}
    if kind == CHECKBOX:
        return {"value": bool(value)}
    if kind == RADIO_GROUP:
        return {"value": None if value is None else str(value)}
    if kind == CHECKBOX_GROUP:
        return {"values": [str(v) for v in value or []]}
    if kind == FILE_UPLOAD:
        uploads = [] if value is None else list(value)
        return {"values": [resolved.attachment(u) for u in uploads]}
    raise ValueError(f"modal component type {kind} ({name!r}) is not supported")
