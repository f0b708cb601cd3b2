"""What every cog needs: the reader's language, refusals as private replies, posting results."""
from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

from cogs.ui.board_image import DEFAULT_LABELS, BoardCache
from cogs.ui.embeds import narration_embed, pretty_params, prompt_parts
from engine.prophecy.content import pack_by_id
from cogs.ui.views import prompt_view
from engine.core.errors import RuleError
from engine.registry import SYSTEMS
from gm.i18n import has, normalise, t
from gm.session import GameError, Result

log = logging.getLogger(__name__)
PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def locale_of(interaction: discord.Interaction) -> str:
    """The user's own language, then the server's, then the bot's default."""
    default = getattr(getattr(interaction.client, "settings", None), "default_locale", "en")
    user = normalise(interaction.locale, "")
    if user:
        return user
    return normalise(interaction.guild_locale, default)


async def reply_private(interaction: discord.Interaction, text: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(text[:2000], ephemeral=True)
    else:
        await interaction.response.send_message(text[:2000], ephemeral=True)


async def refuse(interaction: discord.Interaction, exc: Exception) -> None:
    """A rule or game-master refusal: a private, translated explanation; nothing changed."""
    locale = locale_of(interaction)
    if isinstance(exc, (RuleError, GameError)):
        text = t(locale, exc.key, **pretty_params(exc.params, locale))
    else:
        log.exception("unexpected error", exc_info=exc)
        text = t(locale, "common.unknown_error")
    await reply_private(interaction, text)


_BOARD_CACHE = BoardCache(maxsize=256)
BOARD_FILE = "board.png"


def board_labels(locale: str) -> dict[str, str]:
    return {key: t(locale, f"board.{key}") for key in DEFAULT_LABELS if has(f"board.{key}", locale)}


async def board_file(result: Result, locale: str) -> discord.File:
    """The board picture for this state version (cached; drawn off the event loop)."""
    key = (result.record.id, result.record.version, locale)
    pack = pack_by_id(result.state.options.pack)
    data = await asyncio.to_thread(_BOARD_CACHE.get_or_render, key, result.state, pack, board_labels(locale))
    return discord.File(io.BytesIO(data), filename=BOARD_FILE)


def turn_changed(result: Result) -> bool:
    return any(e.kind in ("turn_started", "game_ended") for step in result.steps for e in step.events)


async def turn_message(result: Result, locale: str) -> dict[str, Any]:
    """Narration of what just happened plus the next decision, as send_message kwargs.

    When the turn passed, the board picture rides along on the narration embed.
    """
    state = result.state
    embeds: list[discord.Embed] = []
    narr = narration_embed(state, result.steps, locale)
    if narr is not None:
        embeds.append(narr)
    content, prompt = prompt_parts(state, locale)
    embeds.append(prompt)
    kwargs: dict[str, Any] = {"content": content[:2000] or None, "embeds": embeds[-10:], "allowed_mentions": PINGS}
    if turn_changed(result):
        kwargs["file"] = await board_file(result, locale)
        embeds[0].set_image(url=f"attachment://{BOARD_FILE}")
    if result.record.status == "active" and state.turn is not None:
        system = SYSTEMS[result.record.system]
        actor = state.turn.player
        view = prompt_view(state, actor, system.legal_actions(state, actor), result.record.id, result.record.version, locale)
        if view is not None:
            kwargs["view"] = view
    return kwargs


async def notify_next(interaction: discord.Interaction, result: Result, locale: str) -> None:
    """A direct message to whoever must act next, for those who asked for one (/notify)."""
    table_cog = interaction.client.get_cog("TableCog")  # type: ignore[attr-defined]
    if table_cog is not None:
        await table_cog.notify_next(result, locale)
