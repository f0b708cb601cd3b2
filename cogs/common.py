"""What every cog needs: the reader's language, refusals as private replies, posting results."""
from __future__ import annotations

import logging
from typing import Any

import discord

from cogs.ui.embeds import narration_embed, pretty_params, prompt_parts
from cogs.ui.views import prompt_view
from engine.core.errors import RuleError
from engine.registry import SYSTEMS
from gm.i18n import normalise, t
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


def turn_message(result: Result, locale: str) -> dict[str, Any]:
    """Narration of what just happened plus the next decision, as send_message kwargs."""
    state = result.state
    embeds: list[discord.Embed] = []
    narr = narration_embed(state, result.steps, locale)
    if narr is not None:
        embeds.append(narr)
    content, prompt = prompt_parts(state, locale)
    embeds.append(prompt)
    kwargs: dict[str, Any] = {"content": content[:2000] or None, "embeds": embeds[-10:], "allowed_mentions": PINGS}
    if result.record.status == "active" and state.turn is not None:
        system = SYSTEMS[result.record.system]
        actor = state.turn.player
        view = prompt_view(state, actor, system.legal_actions(state, actor), result.record.id, result.record.version, locale)
        if view is not None:
            kwargs["view"] = view
    return kwargs
