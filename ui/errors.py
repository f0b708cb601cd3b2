"""Every interaction gets an answer, whatever went wrong while handling it.

discord.py routes a failing handler to different places, and by default only logs it, which
leaves the user with "The application did not respond":

* slash commands and context menus: `CommandTree.on_error` (set by `install`);
* autocomplete: logged inside the tree and never answered (`GuardedTree` answers with no
  suggestions instead);
* components: every button and select of this bot is a `DynamicItem`, whose callback errors
  are logged and dropped (`guard_dynamic_item` wraps the callback, of every copy of the class:
  `guard_every_dynamic_item`), and a component whose custom id matches no registered item, or
  that discord.py drops for another reason (the id is not on the message), is ignored
  (`answer_unclaimed` replies to it);
* text boxes (modals): discord.py answers a submission only through the object that opened it,
  so after a restart it is dropped; every modal of this bot is a `ui.modals.PersistentModal`,
  routed by its custom id (and one no template matches is answered there too).

`report` turns the error into a short private reply: known storage conditions (a full disk,
the database file removed or replaced, the lease taken by another process) get a clear
message (a write to a shard another process serves: try again in a moment); anything else gets
an apology with an error id that is logged with the traceback, so the operator can find the one
line a player quotes.
"""
from __future__ import annotations

import functools
import logging
import re
import secrets
from collections.abc import Iterable
from typing import Any, Mapping

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.errors import RuleError
from gm.i18n import t
from gm.session import GameError
from gm.store import DatabaseGone, OwnershipLost, ShardNotServed, StorageFull
from gm.store.sqlite import is_disk_full
from ui.replies import locale_of, plugins_of, pretty_params, reply_private

log = logging.getLogger("gm.errors")

#: storage conditions with their own message (the rest of StoreError is unexpected)
#: each names its own message `key` (a class attribute); the tuple's own type keeps that visible
KNOWN_STORE_ERRORS = (StorageFull, DatabaseGone, OwnershipLost, ShardNotServed)


def new_error_id() -> str:
    """A short id a player can quote; 8 hex digits are plenty to find one log line."""
    return secrets.token_hex(4)


def unwrap(error: BaseException) -> BaseException:
    """The exception the handler raised, not discord.py's wrapper around it."""
    while isinstance(error, (app_commands.CommandInvokeError, commands.CommandInvokeError)):
        error = error.original
    return error


def _what(interaction: discord.Interaction) -> str:
    data: Mapping[str, Any] = interaction.data or {}
    if interaction.type is discord.InteractionType.component:
        return f"component {str(data.get('custom_id'))[:100]!r}"
    if interaction.type is discord.InteractionType.modal_submit:
        return f"modal {str(data.get('custom_id'))[:100]!r}"
    return f"/{data.get('name', '?')}"


def shows_status(interaction: discord.Interaction) -> bool:
    """Whether the interaction asked to see where the game stands (/game status, /campaign
    status, or "Show everyone" under one): an apology for it must not send the person back there."""
    data: Mapping[str, Any] = interaction.data or {}
    if interaction.type is discord.InteractionType.component:
        return str(data.get("custom_id", "")).startswith("gmshow:status:")
    options = data.get("options") or []
    return bool(options) and options[0].get("name") == "status" and options[0].get("type") == 1


def message_for(error: BaseException, locale: str, plugins: Iterable[Any] = (),
                status: bool = False) -> tuple[str, str | None]:
    """(the reply, the error id if this was unexpected) for an error of a handler; `plugins`
    put a refusal's parameters in words. `status`: the failing handler was the one that shows
    where the game stands, so the apology points elsewhere (/me, the log)."""
    error = unwrap(error)
    if isinstance(error, (RuleError, GameError)):
        return t(locale, error.key, **pretty_params(error.params, locale, plugins)), None
    if isinstance(error, KNOWN_STORE_ERRORS):
        return t(locale, error.key), None
    if is_disk_full(error):
        return t(locale, StorageFull.key), None
    if isinstance(error, app_commands.TransformerError):
        return t(locale, "safety.bad_option"), None
    if isinstance(error, (app_commands.CommandNotFound, app_commands.CommandSignatureMismatch)):
        return t(locale, "safety.unknown_command"), None
    error_id = new_error_id()
    return t(locale, "safety.unexpected_status" if status else "safety.unexpected", error_id=error_id), error_id


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer privately for a handler that failed, and log what the operator needs."""
    locale = locale_of(interaction)
    text, error_id = message_for(error, locale, plugins_of(interaction), status=shows_status(interaction))
    original = unwrap(error)
    if error_id is not None:
        log.error("error %s in %s (user %s, channel %s)", error_id, _what(interaction),
                  interaction.user.id if interaction.user else "?", interaction.channel_id,
                  exc_info=(type(original), original, original.__traceback__))
    elif isinstance(original, KNOWN_STORE_ERRORS) or is_disk_full(original):
        log.warning("refused %s: %s", _what(interaction), original)
    if interaction.type is discord.InteractionType.autocomplete:
        if not interaction.response.is_done():
            try:
                await interaction.response.autocomplete([])
            except discord.HTTPException:
                pass
        return
    try:
        await reply_private(interaction, text)
    except discord.HTTPException as exc:  # the interaction expired or was answered oddly
        log.warning("could not tell the user about error %s: %s", error_id or type(original).__name__, exc)


class GuardedTree(app_commands.CommandTree):
    """The bot's command tree: errors answered by `report`, autocomplete always answered."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        await report(interaction, error)

    async def _call(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.autocomplete:
            return await super()._call(interaction)
        try:
            await super()._call(interaction)
        finally:
            # discord.py logs a failing autocomplete and answers nothing: the user would see
            # "Loading options failed". No suggestions is the honest answer.
            if not interaction.response.is_done():
                try:
                    await interaction.response.autocomplete([])
                except discord.HTTPException:
                    pass


def guard_dynamic_item(cls: type[discord.ui.DynamicItem[Any]]) -> None:
    """Make a DynamicItem's callback answer through `report` when it fails (idempotent)."""
    callback = cls.__dict__.get("callback")
    if callback is None or getattr(callback, "_gm_guarded", False):
        return

    @functools.wraps(callback)
    async def guarded(self: Any, interaction: discord.Interaction) -> None:
        try:
            await callback(self, interaction)
        except Exception as exc:
            await report(interaction, exc)

    guarded._gm_guarded = True  # type: ignore[attr-defined]  # a marker on the function object
    cls.callback = guarded  # type: ignore[method-assign]  # the guard wraps the class's own callback


def guard_every_dynamic_item(templates: Iterable[re.Pattern[str]]) -> None:
    """Guard every DynamicItem class defined so far for one of these (registered) templates.

    discord.py loads an extension by executing its module afresh, so a cog's module holds its
    own copies of the button classes; and sending a view re-registers the classes of its items
    for their templates. A button posted by a cog (a log page's "Show everyone") is then
    answered by that cog's copy, which must answer when it fails just as the registered one."""
    wanted = {p.pattern for p in templates}
    pending: list[type[Any]] = [discord.ui.DynamicItem]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        template = getattr(cls, "__discord_ui_compiled_template__", None)
        if template is not None and template.pattern in wanted:
            guard_dynamic_item(cls)


def claimed(custom_id: str, templates: Iterable[re.Pattern[str]]) -> bool:
    return any(p.fullmatch(custom_id) for p in templates)


def _components(components: Iterable[Any]) -> Iterable[Any]:
    for c in components:
        yield c
        yield from _components(getattr(c, "children", None) or ())


def dispatched(interaction: discord.Interaction, templates: Iterable[re.Pattern[str]]) -> bool:
    """Whether discord.py hands this component interaction to one of our DynamicItems.

    It does so only when the id matches a template *and* the message carries a component of
    that id and type (discord.py rebuilds the item from it, and drops the interaction silently
    otherwise). Discord always sends both; a forged interaction (a select's id sent as a button
    press, an id that is not on the message) may not, and must still be answered."""
    data: Mapping[str, Any] = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    if not claimed(custom_id, templates) or interaction.message is None:
        return False
    kind = data.get("component_type")
    return any(getattr(c, "custom_id", None) == custom_id and getattr(getattr(c, "type", None), "value", None) == kind
               for c in _components(interaction.message.components))


async def answer_unclaimed(interaction: discord.Interaction, templates: Iterable[re.Pattern[str]]) -> None:
    """A component no registered item answers (an old button, a changed id format, a forged
    press discord.py would drop): say so."""
    if interaction.type is not discord.InteractionType.component:
        return
    if dispatched(interaction, templates) or interaction.response.is_done():
        return
    try:
        await reply_private(interaction, t(locale_of(interaction), "safety.unknown_button"))
    except discord.HTTPException:
        pass


async def refuse(interaction: discord.Interaction, exc: Exception) -> None:
    """A rule or game-master refusal: a private, translated explanation; nothing changed."""
    locale = locale_of(interaction)
    if isinstance(exc, (RuleError, GameError)):
        text = t(locale, exc.key, **pretty_params(exc.params, locale, plugins_of(interaction)))
    else:  # storage conditions get their own message, anything else an apology with an error id
        return await report(interaction, exc)
    await reply_private(interaction, text)
