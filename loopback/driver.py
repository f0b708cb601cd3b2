"""Driving one interaction end to end and reporting what the bot did with it.

"Done" is decided in two ways. With the bot object at hand (tests), the driver waits for
discord.py to parse the interaction (`wait_for("interaction")`) and then for the handler
tasks discord.py created for it to finish; that covers every response path without
guessing delays. Without it (a bot in a subprocess, the `--local` console) it waits for
the callback request to arrive instead. Either way a deferred "thinking" reply is only
done once its placeholder was filled by an @original edit or a followup.
"""
from __future__ import annotations

import asyncio
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from .messages import EPHEMERAL, StoredMessage
from .records import CallbackRecord, InteractionRecord, RecordedRequest

if TYPE_CHECKING:
    import discord

    from .server import FakeDiscord

JSON = dict[str, Any]

HANDLER_TASK_PREFIXES: Final = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
    "discord-ui-dynamic-item-",
    "discord.py: on_",
)
"""Names discord.py 2.x gives the tasks that run handlers. Private and cosmetic, hence
only used to know when to stop waiting, never to decide what happened."""

NO_CALLBACK_GRACE: Final = 0.2
"""Extra wait for a callback after all handler tasks ended, for bots that answer from a
task of their own. Only spent when the bot did not answer at all."""


class InteractionNotDelivered(TimeoutError):
    """discord.py never turned the payload into an Interaction (see its logs for why)."""


async def settle(*, exclude: Collection[asyncio.Task[Any]] = (), timeout: float = 5.0) -> bool:
    """Wait until discord.py's handler tasks (except those in `exclude`) are finished.

    Never waits on all tasks: view timeouts, typing indicators and `delete_after` sleep
    for minutes in unnamed tasks. Returns False if handlers were still running at timeout.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    current = asyncio.current_task()
    while True:
        pending = {
            task
            for task in asyncio.all_tasks()
            if task is not current
            and task not in exclude
            and not task.done()
            and task.get_name().startswith(HANDLER_TASK_PREFIXES)
        }
        remaining = deadline - loop.time()
        if not pending:
            return True
        if remaining <= 0:
            return False
        await asyncio.wait(pending, timeout=remaining)


@dataclass
class InteractionResult:
    """What the bot did with one interaction. A live view: later edits show up here too."""

    fake: FakeDiscord = field(repr=False)
    record: InteractionRecord = field(repr=False)

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def token(self) -> str:
        return self.record.token

    @property
    def payload(self) -> JSON:
        """The INTERACTION_CREATE payload that was sent."""
        return self.record.payload

    @property
    def response(self) -> CallbackRecord | None:
        """The accepted callback (`.type`, `.data`, `.elapsed`), or None if the bot never answered."""
        return self.record.callback

    @property
    def acked(self) -> bool:
        return self.record.callback is not None

    @property
    def type(self) -> int | None:
        """Callback type: 4 message, 5 deferred message, 6 deferred update, 7 update, 8 choices, 9 modal."""
        return None if self.record.callback is None else self.record.callback.type

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)

    @property
    def elapsed(self) -> float | None:
        """Seconds from dispatch to the callback (Discord allows 3)."""
        return None if self.record.callback is None else self.record.callback.elapsed

    @property
    def message(self) -> StoredMessage | None:
        """The original response message as it is now (for 7: the clicked message; for 6, a
        deferred update, the clicked message once this interaction edited it, else None; for
        5, a "thinking…" placeholder withdrawn unfilled, the followup that answered instead)."""
        original = self.record.original_message_id
        if self.type == 6 and not self.record.original_edited:
            return None
        message = None if original is None else self.fake.messages.get(original)
        if message is not None and message.deleted and message.loading:
            # a "thinking…" placeholder withdrawn unfilled: the answer is the first followup
            followups = self.followups
            return followups[0] if followups else None
        return message

    @property
    def followups(self) -> list[StoredMessage]:
        """Followup messages, in order (the first one after a thinking defer is the original)."""
        found = (self.fake.messages.get(mid) for mid in self.record.followup_ids)
        return [m for m in found if m is not None]

    @property
    def messages(self) -> list[StoredMessage]:
        """The original message and the followups, without duplicates."""
        result: list[StoredMessage] = [] if self.message is None else [self.message]
        return result + [m for m in self.followups if all(m.id != r.id for r in result)]

    @property
    def ephemeral(self) -> bool:
        """Whether the reply is only visible to the user who interacted. After a deferred
        update (type 6) that left the pressed message as it was, the first followup is the reply."""
        if self.type == 6 and self.message is None:
            followups = self.followups
            return bool(followups) and followups[0].ephemeral
        if self.message is not None:
            return self.message.ephemeral
        data = (self.record.callback.data if self.record.callback else None) or {}
        return bool(int(data.get("flags") or 0) & EPHEMERAL)

    @property
    def content(self) -> str | None:
        return None if self.message is None else self.message.content

    @property
    def embeds(self) -> list[JSON]:
        return [] if self.message is None else self.message.embeds

    @property
    def components(self) -> list[JSON]:
        return [] if self.message is None else self.message.components

    @property
    def text(self) -> str:
        """Every visible text of the original and the followups (handy for `in` asserts)."""
        return "\n".join(m.text for m in self.messages)

    @property
    def choices(self) -> list[JSON]:
        """Autocomplete choices (`[{"name", "value"}]`) when the callback was type 8."""
        if self.type != 8 or self.record.callback is None:
            return []
        return list((self.record.callback.data or {}).get("choices") or [])

    @property
    def choice_names(self) -> list[str]:
        return [str(c["name"]) for c in self.choices]

    @property
    def modal(self) -> JSON | None:
        """The modal the bot opened (callback type 9 data), to submit with `submit_modal`."""
        if self.type != 9 or self.record.callback is None:
            return None
        return self.record.callback.data

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every REST request made with this interaction's token."""
        return [r for r in self.fake.requests if f"/{self.token}" in r.path]

    @property
    def errors(self) -> list[RecordedRequest]:
        """Requests for this interaction the fake refused (status >= 400)."""
        return [r for r in self.requests if r.status >= 400]

    def __repr__(self) -> str:
        shown = (self.content or "")[:40]
        return f"<InteractionResult id={self.id} type={self.type} ephemeral={self.ephemeral} content={shown!r}>"


def _placeholder_filled(fake: FakeDiscord, record: InteractionRecord) -> bool:
    """False while a thinking defer still shows "Bot is thinking..."."""
    if record.callback is None or record.callback.type != 5:
        return True
    original = fake.messages.get(record.original_message_id or 0)
    return original is None or original.deleted or not original.loading


async def run_interaction(
    fake: FakeDiscord, bot: discord.Client | None, payload: JSON, *, timeout: float = 5.0
) -> InteractionResult:
    """Dispatch `payload` and wait until the bot has answered it (see the module docstring)."""
    if not fake.gateway.ready_sessions:
        raise RuntimeError("no bot is connected to the fake gateway (start it with run_bot or bot.start)")
    interaction_id = int(payload["id"])
    seen = None
    if bot is not None:  # registered synchronously, before the frame can arrive
        seen = asyncio.ensure_future(
            bot.wait_for("interaction", check=lambda i: i.id == interaction_id, timeout=timeout)
        )
    running_before = asyncio.all_tasks()
    record = await fake.dispatch_interaction(payload)
    if seen is None:
        await fake.wait_until(lambda: record.acked, timeout)
    else:
        try:
            await seen
        except TimeoutError:
            raise InteractionNotDelivered(
                f"discord.py did not dispatch interaction {interaction_id} within {timeout}s; "
                "check its logs for a parser error (e.g. a missing payload key)"
            ) from None
        await settle(exclude=running_before, timeout=timeout)
        if not record.acked:
            await fake.wait_until(lambda: record.acked, NO_CALLBACK_GRACE)
    await fake.wait_until(lambda: _placeholder_filled(fake, record), timeout)
    return InteractionResult(fake, record)
