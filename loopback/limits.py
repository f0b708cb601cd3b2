"""Discord's documented size limits, checked the way the real API checks them.

discord.py enforces only a few of these locally, so a bot can pass every offline test and
still get `400 Invalid Form Body` in production (a 2001-character narration, a 26th embed
field, an empty field value...). The fake runs these checks on everything the bot sends,
answers 400 like Discord, and keeps each problem as a `Violation` for the test to see.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .messages import BUTTON, IS_COMPONENTS_V2, SELECTS, STRING_SELECT, TEXT_INPUT, iter_components

JSON = dict[str, Any]

MAX_CONTENT: Final = 2000
MAX_EMBEDS: Final = 10
MAX_FILES: Final = 10
MAX_EMBED_TOTAL: Final = 6000
EMBED_TEXT_LIMITS: Final[Mapping[str, int]] = {"title": 256, "description": 4096}
MAX_FIELDS: Final = 25
MAX_FIELD_NAME: Final = 256
MAX_FIELD_VALUE: Final = 1024
MAX_FOOTER: Final = 2048
MAX_AUTHOR_NAME: Final = 256
MAX_ROWS: Final = 5
MAX_BUTTONS_PER_ROW: Final = 5
MAX_V2_COMPONENTS: Final = 40
MAX_V2_TEXT: Final = 4000
MAX_CUSTOM_ID: Final = 100
MAX_BUTTON_LABEL: Final = 80
MAX_SELECT_OPTIONS: Final = 25
MAX_OPTION_TEXT: Final = 100
MAX_PLACEHOLDER: Final = 150
MAX_CHOICES: Final = 25
MAX_CHOICE_NAME: Final = 100
MAX_CHOICE_VALUE: Final = 100
MAX_MODAL_TITLE: Final = 45
MAX_MODAL_COMPONENTS: Final = 5
MAX_TEXT_INPUT_LABEL: Final = 45
MAX_COMMAND_NAME: Final = 32
MAX_COMMAND_DESCRIPTION: Final = 100
MAX_COMMAND_OPTIONS: Final = 25
MAX_COMMAND_TOTAL: Final = 4000
COMMAND_NAME_RE: Final = re.compile(r"^[-_'\w]{1,32}$")


@dataclass(frozen=True)
class Violation:
    """One way a request broke Discord's rules: which request, which field, what is wrong."""

    request: str
    field: str
    problem: str

    def __str__(self) -> str:
        return f"{self.request}: {self.field}: {self.problem}"


@dataclass(frozen=True)
class Problem:
    """A violation before it is tied to a request."""

    field: str
    problem: str


def _too_long(field: str, value: Any, limit: int) -> Iterator[Problem]:
    if isinstance(value, str) and len(value) > limit:
        yield Problem(field, f"must be {limit} or fewer in length (got {len(value)})")


# ---------------------------------------------------------------------- messages


def check_message(
    body: Mapping[str, Any], *, file_count: int = 0, creating: bool = True, existing_flags: int = 0
) -> list[Problem]:
    """Problems in a message create/edit body (channel message, callback 4/7, followup, edit).

    For edits pass the message's `existing_flags`: a Components V2 message stays one even
    when the edit body does not repeat the flag.
    """
    problems: list[Problem] = []
    problems += _too_long("content", body.get("content"), MAX_CONTENT)
    embeds = body.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        problems.append(Problem("embeds", f"must be {MAX_EMBEDS} or fewer in length (got {len(embeds)})"))
    problems += check_embeds(embeds)
    if file_count > MAX_FILES:
        problems.append(Problem("files", f"at most {MAX_FILES} files per message (got {file_count})"))
    flags = int(body.get("flags") or 0) | (existing_flags & IS_COMPONENTS_V2)
    components = body.get("components") or []
    if flags & IS_COMPONENTS_V2:
        problems += _check_v2(body, components)
    else:
        problems += _check_action_rows(components)
    problems += _check_custom_ids(components)
    if creating and _is_empty(body, file_count):
        problems.append(Problem("message", "Cannot send an empty message"))
    return problems


def _is_empty(body: Mapping[str, Any], file_count: int) -> bool:
    keys = ("content", "embeds", "components", "sticker_ids", "poll", "attachments")
    return file_count == 0 and not any(body.get(key) for key in keys)


def check_embeds(embeds: Sequence[JSON]) -> list[Problem]:
    """Per-embed limits and the 6000-character total across all embeds of a message."""
    problems: list[Problem] = []
    total = 0
    for index, embed in enumerate(embeds):
        where = f"embeds.{index}"
        for key, limit in EMBED_TEXT_LIMITS.items():
            if key in embed:
                problems += _required_text(f"{where}.{key}", embed.get(key), limit)
            total += len(embed.get(key) or "")
        fields = embed.get("fields") or []
        if len(fields) > MAX_FIELDS:
            problems.append(Problem(f"{where}.fields", f"must be {MAX_FIELDS} or fewer in length (got {len(fields)})"))
        for n, embed_field in enumerate(fields):
            problems += _check_field(f"{where}.fields.{n}", embed_field)
            total += len(embed_field.get("name") or "") + len(embed_field.get("value") or "")
        footer = (embed.get("footer") or {}).get("text")
        if "footer" in embed:
            problems += _required_text(f"{where}.footer.text", footer, MAX_FOOTER)
        author = (embed.get("author") or {}).get("name")
        if "author" in embed:
            problems += _required_text(f"{where}.author.name", author, MAX_AUTHOR_NAME)
        total += len(footer or "") + len(author or "")
    if total > MAX_EMBED_TOTAL:
        problems.append(Problem("embeds", f"total embed text must be {MAX_EMBED_TOTAL} or fewer (got {total})"))
    return problems


def _check_field(where: str, embed_field: Mapping[str, Any]) -> Iterator[Problem]:
    for key, limit in (("name", MAX_FIELD_NAME), ("value", MAX_FIELD_VALUE)):
        yield from _required_text(f"{where}.{key}", embed_field.get(key), limit)


def _required_text(where: str, value: Any, limit: int) -> Iterator[Problem]:
    """A text Discord requires once its key is sent: not empty, not blank, within `limit`."""
    if not isinstance(value, str) or not value.strip():
        yield Problem(where, "This field is required (empty or blank)")
    else:
        yield from _too_long(where, value, limit)


def _check_action_rows(components: Sequence[JSON]) -> Iterator[Problem]:
    if len(components) > MAX_ROWS:
        yield Problem("components", f"must be {MAX_ROWS} or fewer in length (got {len(components)})")
    for index, row in enumerate(components):
        where = f"components.{index}"
        if row.get("type") != 1:
            yield Problem(where, "top-level components must be action rows without the IS_COMPONENTS_V2 flag")
            continue
        yield from _check_row(where, row.get("components") or [])


def _check_row(where: str, children: Sequence[JSON]) -> Iterator[Problem]:
    buttons = [c for c in children if c.get("type") == BUTTON]
    selects = [c for c in children if c.get("type") in SELECTS]
    if not children:
        yield Problem(where, "an action row needs at least one component")
    if len(buttons) > MAX_BUTTONS_PER_ROW:
        yield Problem(f"{where}.components", f"at most {MAX_BUTTONS_PER_ROW} buttons per row (got {len(buttons)})")
    if selects and len(children) > 1:
        yield Problem(f"{where}.components", "a select menu must be alone in its action row")
    for n, child in enumerate(children):
        yield from _check_interactive(f"{where}.components.{n}", child)


def _check_interactive(where: str, component: Mapping[str, Any]) -> Iterator[Problem]:
    if component.get("type") == BUTTON:
        label = component.get("label")
        if label is not None or not component.get("emoji"):  # a button shows a label or an emoji
            yield from _required_text(f"{where}.label", label, MAX_BUTTON_LABEL)
        if component.get("style") == 5 and not component.get("url"):
            yield Problem(f"{where}.url", "a link button needs a url")
    if component.get("type") in SELECTS:
        yield from _too_long(f"{where}.placeholder", component.get("placeholder"), MAX_PLACEHOLDER)
    if component.get("type") == STRING_SELECT:
        yield from _check_options(where, component)


def _check_options(where: str, component: Mapping[str, Any]) -> Iterator[Problem]:
    """A string select: 1 to 25 options, each with a label and a value of 1 to 100 characters
    (values unique), and min/max values the options can satisfy."""
    options = component.get("options") or []
    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        yield Problem(f"{where}.options", f"a select needs 1 to {MAX_SELECT_OPTIONS} options (got {len(options)})")
    values: set[Any] = set()
    for n, option in enumerate(options):
        for key in ("label", "value"):
            yield from _required_text(f"{where}.options.{n}.{key}", option.get(key), MAX_OPTION_TEXT)
        yield from _too_long(f"{where}.options.{n}.description", option.get("description"), MAX_OPTION_TEXT)
        if option.get("value") in values:
            yield Problem(f"{where}.options.{n}.value", f"{option.get('value')!r} is used twice; option values must be unique")
        values.add(option.get("value"))
    low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
    if not 0 <= low <= high <= max(1, len(options)):
        yield Problem(f"{where}.max_values", f"min {low} / max {high} values do not fit {len(options)} options")


def _check_v2(body: Mapping[str, Any], components: Sequence[JSON]) -> Iterator[Problem]:
    if body.get("content") or body.get("embeds"):
        yield Problem("content", "content and embeds cannot be used with the IS_COMPONENTS_V2 flag")
    every = list(iter_components(components))
    if len(every) > MAX_V2_COMPONENTS:
        yield Problem("components", f"at most {MAX_V2_COMPONENTS} components in total (got {len(every)})")
    text = sum(len(c.get("content") or "") for c in every if c.get("type") == 10)
    if text > MAX_V2_TEXT:
        yield Problem("components", f"text displays hold at most {MAX_V2_TEXT} characters in total (got {text})")
    for index, component in enumerate(every):
        yield from _check_interactive(f"components[{index}]", component)


def _check_custom_ids(components: Sequence[JSON]) -> Iterator[Problem]:
    seen: set[str] = set()
    for component in iter_components(components):
        custom_id = component.get("custom_id")
        if custom_id is None:
            continue
        if not custom_id:
            yield Problem("custom_id", "a custom id needs 1 to 100 characters (got an empty one)")
        if len(custom_id) > MAX_CUSTOM_ID:
            yield Problem("custom_id", f"{custom_id[:30]!r}... is {len(custom_id)} characters; the limit is {MAX_CUSTOM_ID}")
        if custom_id in seen:
            yield Problem("custom_id", f"{custom_id!r} is used twice; custom ids must be unique within a message")
        seen.add(custom_id)


# ---------------------------------------------------------------------- other callbacks


def check_choices(body: Mapping[str, Any]) -> list[Problem]:
    """Autocomplete result (callback type 8): at most 25 choices, names 1-100 characters."""
    choices = body.get("choices") or []
    problems: list[Problem] = []
    if len(choices) > MAX_CHOICES:
        problems.append(Problem("choices", f"must be {MAX_CHOICES} or fewer in length (got {len(choices)})"))
    for index, choice in enumerate(choices):
        name = choice.get("name")
        if not isinstance(name, str) or not name:
            problems.append(Problem(f"choices.{index}.name", "This field is required"))
        problems += _too_long(f"choices.{index}.name", name, MAX_CHOICE_NAME)
        problems += _too_long(f"choices.{index}.value", choice.get("value"), MAX_CHOICE_VALUE)
    return problems


def check_modal(body: Mapping[str, Any]) -> list[Problem]:
    """Modal (callback type 9): title, custom_id and 1-5 top-level components."""
    problems: list[Problem] = []
    title = body.get("title") or ""
    if not title:
        problems.append(Problem("title", "This field is required"))
    problems += _too_long("title", title, MAX_MODAL_TITLE)
    custom_id = body.get("custom_id") or ""
    if not custom_id:
        problems.append(Problem("custom_id", "This field is required"))
    problems += _too_long("custom_id", custom_id, MAX_CUSTOM_ID)
    components = body.get("components") or []
    if not 1 <= len(components) <= MAX_MODAL_COMPONENTS:
        problems.append(Problem("components", f"a modal needs 1 to {MAX_MODAL_COMPONENTS} components (got {len(components)})"))
    for index, component in enumerate(iter_components(components)):
        if component.get("type") == TEXT_INPUT:
            problems += _too_long(f"components[{index}].label", component.get("label"), MAX_TEXT_INPUT_LABEL)
    problems += _check_custom_ids(components)
    return problems


# ---------------------------------------------------------------------- command sync


def check_commands(commands: Sequence[JSON]) -> list[Problem]:
    """What Discord refuses at sync time: names, descriptions, option counts and order."""
    problems: list[Problem] = []
    seen: set[tuple[str, int]] = set()
    for index, command in enumerate(commands):
        kind = int(command.get("type", 1))
        key = (str(command.get("name")), kind)
        if key in seen:
            problems.append(Problem(f"{index}.name", f"duplicate command name {key[0]!r}"))
        seen.add(key)
        if kind == 1:
            problems += _check_chat_input(str(index), command)
            total = _command_text_size(command)
            if total > MAX_COMMAND_TOTAL:
                problems.append(
                    Problem(f"{index}", f"names, descriptions and choices exceed {MAX_COMMAND_TOTAL} characters ({total})")
                )
    return problems


def _check_chat_input(where: str, node: Mapping[str, Any]) -> Iterator[Problem]:
    name = str(node.get("name", ""))
    if not COMMAND_NAME_RE.match(name) or name != name.lower():
        yield Problem(f"{where}.name", f"invalid name {name!r}: 1-32 lowercase letters, digits, - or _")
    description = node.get("description") or ""
    if not 1 <= len(description) <= MAX_COMMAND_DESCRIPTION:
        yield Problem(f"{where}.description", f"must be 1 to {MAX_COMMAND_DESCRIPTION} characters (got {len(description)})")
    options = node.get("options") or []
    if len(options) > MAX_COMMAND_OPTIONS:
        yield Problem(f"{where}.options", f"must be {MAX_COMMAND_OPTIONS} or fewer in length (got {len(options)})")
    names = [o.get("name") for o in options]
    if len(names) != len(set(names)):
        yield Problem(f"{where}.options", "option names must be unique")
    seen_optional = False
    for n, option in enumerate(options):
        child = f"{where}.options.{n}"
        if option.get("type") in (1, 2):
            yield from _check_chat_input(child, option)
            continue
        yield from _check_chat_input(child, {**option, "options": []})
        if option.get("required"):
            if seen_optional:
                yield Problem(child, "required options must be listed before optional ones")
        else:
            seen_optional = True
        choices = option.get("choices") or []
        if len(choices) > MAX_CHOICES:
            yield Problem(f"{child}.choices", f"must be {MAX_CHOICES} or fewer in length (got {len(choices)})")
        if choices and option.get("autocomplete"):
            yield Problem(child, "an option cannot have both choices and autocomplete")


def _command_text_size(node: Mapping[str, Any]) -> int:
    size = len(str(node.get("name", ""))) + len(str(node.get("description", "")))
    for choice in node.get("choices") or []:
        size += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
    return size + sum(_command_text_size(o) for o in node.get("options") or [])


# ---------------------------------------------------------------------- error bodies


def invalid_form_body(problems: Sequence[Problem]) -> JSON:
    """The 400 body Discord sends: `{"code": 50035, "errors": {nested fields: {"_errors": ...}}}`.

    discord.py flattens `errors` into the text of its `HTTPException`, so the bot's logs
    read like a production failure would.
    """
    if any(p.field == "message" for p in problems) and len(problems) == 1:
        return {"message": problems[0].problem, "code": 50006}
    errors: JSON = {}
    for problem in problems:
        node = errors
        for part in problem.field.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": "FAKE_DISCORD_LIMIT", "message": problem.problem})
    return {"message": "Invalid Form Body", "code": 50035, "errors": errors}


# ---------------------------------------------------------------------- the bot's side


#: keyword arguments of discord.py's send/edit calls that shape the message body
_BODY_KWARGS: Final = frozenset({"content", "embed", "embeds", "file", "files", "view", "allowed_mentions",
                                 "attachments", "stickers", "poll"})


def send_body(kwargs: Mapping[str, Any]) -> tuple[JSON, int]:
    """(the JSON body Discord receives, the number of files) for discord.py send kwargs
    (`content`, `embed(s)`, `view`, `file(s)`...), built by discord.py's own serialiser, so a
    renderer's output can be checked with `check_message` without sending it. Keywords that do
    not shape the body (`ephemeral`, `wait`...) are ignored."""
    from discord.http import handle_message_parameters

    params = handle_message_parameters(**{k: v for k, v in kwargs.items() if k in _BODY_KWARGS})
    with params:
        body = dict(params.payload or {})
        return body, len(params.files or [])


def check_send(kwargs: Mapping[str, Any], *, creating: bool = True) -> list[Problem]:
    """What Discord would refuse in a message sent with these discord.py kwargs: the one
    validator the fake runs on every request, applied to what a renderer produced."""
    body, files = send_body(kwargs)
    return check_message(body, file_count=files, creating=creating)
