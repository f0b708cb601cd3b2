"""What every cog needs: the reader's language, refusals as private replies, posting results."""
from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

from cogs.ui.board_image import DEFAULT_LABELS, BoardCache
from cogs.ui.embeds import embed_size, mention, narration_embed, pretty_params, prompt_parts
from engine.prophecy.content import pack_by_id
from cogs.ui.views import prompt_view
from engine.core.errors import RuleError
from engine.registry import SYSTEMS
from gm.i18n import has, normalise, t
from gm.session import GameError, Result

log = logging.getLogger(__name__)
PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)
#: Discord's limit on the text of all embeds of one message
EMBEDS_TOTAL = 6000


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
    else:  # storage conditions get their own message, anything else an apology with an error id
        from cogs.errors import report
        return await report(interaction, exc)
    await reply_private(interaction, text)


_BOARD_CACHE = BoardCache(maxsize=256)
BOARD_FILE = "board.png"


def board_labels(locale: str) -> dict[str, str]:
    return {key: t(locale, f"board.{key}") for key in DEFAULT_LABELS if has(f"board.{key}", locale)}


async def board_file(result: Result, locale: str) -> discord.File:
    """The board picture for this state version (cached; drawn off the event loop)."""
    key = (result.record.id, result.record.version, locale)
    shown = result.view(None)  # a picture is public: drawn from what a spectator may see
    pack = pack_by_id(shown.options.pack)
    data = await asyncio.to_thread(_BOARD_CACHE.get_or_render, key, shown, pack, board_labels(locale))
    return discord.File(io.BytesIO(data), filename=BOARD_FILE)


def turn_changed(result: Result) -> bool:
    return any(e.kind in ("turn_started", "game_ended") for step in result.steps for e in step.events)


async def turn_message(result: Result, locale: str) -> dict[str, Any]:
    """Narration of what just happened plus the next decision, as send_message kwargs.

    When the turn passed, the board picture rides along on the narration embed. Posted in
    the channel, so everything in it is built from the spectator view.
    """
    state = result.view(None)
    embeds: list[discord.Embed] = []
    content, prompt = prompt_parts(state, locale)
    # the prompt is never cut; the narration keeps its latest lines within Discord's 6000 per message
    narr = narration_embed(state, result.steps, locale, limit=EMBEDS_TOTAL - embed_size(prompt) - 100)
    if narr is not None:
        embeds.append(narr)
    embeds.append(prompt)
    if result.host_change is not None:
        content = t(locale, "trust.host_passed", host=mention(result.host_change[1])) + ("\n" + content if content else "")
    kwargs: dict[str, Any] = {"content": content[:2000] or None, "embeds": embeds[-10:], "allowed_mentions": PINGS}
    if turn_changed(result):
        kwargs["file"] = await board_file(result, locale)
        embeds[0].set_image(url=f"attachment://{BOARD_FILE}")
    if result.record.status == "active" and state.turn is not None:
        system = SYSTEMS[result.record.system]
        pend = system.pending(result.state)  # whoever must decide now (a card may ask another player)
        actor = pend.player if pend is not None else state.turn.player
        view = prompt_view(state, actor, system.legal_actions(result.state, actor), result.record.id, result.record.version, locale)
        if view is not None:
            kwargs["view"] = view
    return kwargs


def typed_at(interaction: discord.Interaction) -> float:
    """When the person sent this interaction (Unix seconds, from its snowflake id)."""
    return interaction.created_at.timestamp()


async def notify_next(interaction: discord.Interaction, result: Result, locale: str) -> None:
    """A direct message to whoever must act next, for those who asked for one (/notify)."""
    table_cog = interaction.client.get_cog("TableCog")  # type: ignore[attr-defined]
    if table_cog is not None:
        await table_cog.notify_next(result, locale)
