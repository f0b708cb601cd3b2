"""Text boxes (Discord modals) that keep working across a restart, like the DynamicItem buttons.

discord.py answers a modal's submission only through the `Modal` object that opened it, kept in
the memory of the process: after a restart (or in another process) the submission is dropped
without a word, and what the person typed is lost. A `PersistentModal` is never kept there.
Like a DynamicItem it carries what it is about in its custom id (a game id and a state version),
and `route_modal`, called for every interaction, matches the submission against the registered
templates and hands the typed text to the class, in this process or in the next one. A submission
no template matches (a form of an older version of the bot, a forged id) gets a private line
saying so; a handler that fails is answered through `ui.errors.report`.

Every modal of this bot is a PersistentModal registered at start-up (bot.GameBot), so there is
exactly one way a submission is answered.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import discord

from gm.i18n import t
from ui.errors import report
from ui.replies import locale_of, reply_private

#: component types of a modal submission: an action row, a text input, a label (type 18)
_ROW, _TEXT_INPUT, _LABEL = 1, 4, 18


class PersistentModal(discord.ui.Modal):
    """A modal answered by its custom id (`template`), whichever process receives it.

    Subclasses give `template=` (a regex with named groups, as a DynamicItem's) and implement
    `on_routed`; the instance only draws the form."""

    __modal_template__: ClassVar[re.Pattern[str]]

    def __init_subclass__(cls, *, template: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if template is not None:
            cls.__modal_template__ = re.compile(template)

    def __init__(self, *, title: str, custom_id: str) -> None:
        super().__init__(title=title, custom_id=custom_id, timeout=None)
        if not self.__modal_template__.fullmatch(custom_id):
            raise ValueError(f"custom id {custom_id!r} does not match {type(self).__name__}'s template")
        # finished from the start: `send_modal` then keeps no copy in discord.py's store, so the
        # submission reaches `route_modal` only (now, or after a restart), never two handlers
        self.stop()

    @classmethod
    async def on_routed(cls, interaction: discord.Interaction, match: re.Match[str], values: Mapping[str, str]) -> None:
        """Answer a submission: `match` is the template's match of its custom id, `values` the
        typed text by input custom id (whatever a forged submission sent, text only)."""
        raise NotImplementedError

    async def on_submit(self, interaction: discord.Interaction) -> None:  # never kept, never called
        await route_modal(interaction, [type(self)])


def submitted_text(data: Mapping[str, Any] | None) -> dict[str, str]:
    """custom id -> typed text of every text input of a modal submission, in any layout (rows
    or labels); anything malformed in a forged one is skipped."""
    found: dict[str, str] = {}

    def walk(components: Any) -> None:
        if not isinstance(components, list):
            return
        for c in components:
            if not isinstance(c, dict):
                continue
            kind = c.get("type")
            if kind == _ROW:
                walk(c.get("components"))
            elif kind == _LABEL:
                walk([c.get("component")])
            elif kind == _TEXT_INPUT and isinstance(c.get("custom_id"), str) and isinstance(c.get("value"), str):
                found[c["custom_id"]] = c["value"]

    walk((data or {}).get("components"))
    return found


async def route_modal(interaction: discord.Interaction, modals: Iterable[type[PersistentModal]]) -> None:
    """Answer a modal submission through the registered class its custom id names, or say
    privately that the form is not in use (nothing changed)."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    data: Mapping[str, Any] = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    for cls in modals:
        match = cls.__modal_template__.fullmatch(custom_id)
        if match is None:
            continue
        try:
            await cls.on_routed(interaction, match, submitted_text(data))
        except Exception as exc:  # answered like a failing button: privately, logged with an id
            await report(interaction, exc)
        return
    if not interaction.response.is_done():
        try:
            await reply_private(interaction, t(locale_of(interaction), "safety.unknown_form"))
        except discord.HTTPException:
            pass


__all__ = ["PersistentModal", "route_modal", "submitted_text"]
