"""Replies every cog sends, shared by the game-wide cogs and each system's own cog: the reader's
language, private refusals, and when an interaction was typed.

Nothing here knows a game system. Words for a refusal's parameters (a card, a space) come from
the plug-ins the bot was given (`bot.plugins`), so this module needs no registry import.
"""
from __future__ import annotations

from typing import Any, Iterable

import discord

from gm.i18n import normalise
from ui.routing import cog as cog_of
from ui.text import mention

PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def plugins_of(interaction: discord.Interaction) -> Iterable[Any]:
    """The system plug-ins the bot serves (empty for a client that has none)."""
    return getattr(interaction.client, "plugins", {}).values()


def locale_of(interaction: discord.Interaction) -> str:
    """The user's own language, then the server's, then the bot's default."""
    default = getattr(getattr(interaction.client, "settings", None), "default_locale", "en")
    user = normalise(interaction.locale, "")
    if user:
        return user
    return normalise(interaction.guild_locale, default)


def pretty_params(params: dict[str, Any], locale: str = "en", plugins: Iterable[Any] = ()) -> dict[str, Any]:
    """Error parameters carry ids and codes; show mentions, names and words instead.

    People are mentioned here; anything else is put in words by the first of `plugins` (the
    registered systems, handed in by the bot) that knows the parameter (a card, a space...),
    else shown clipped as it is."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key in ("active", "player") and isinstance(value, str):
            out[key] = mention(value)
            continue
        words = None
        for p in plugins:
            if p.error_words is not None and (words := p.error_words(key, value, locale)) is not None:
                break
        if words is None and isinstance(value, (list, tuple)):
            # a list of names (the choices a refusal offers) is shown whole, never cut mid-name
            words = ", ".join(str(v) for v in value)
        out[key] = words if words is not None else (value[:200] if isinstance(value, str) else value)
    return out


async def reply_private(interaction: discord.Interaction, text: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(text[:2000], ephemeral=True)
    else:
        await interaction.response.send_message(text[:2000], ephemeral=True)


def typed_at(interaction: discord.Interaction) -> float:
    """When the person sent this interaction (Unix seconds, from its snowflake id)."""
    return interaction.created_at.timestamp()


async def send_turn(interaction: discord.Interaction, result: Any) -> None:
    """Answer a system's command with the table's turn message (narration, next prompt, digest,
    next-player DM). The prompt cog (cogs.prompts) owns that message; a system's cog reaches it through the
    bot rather than importing the shared cogs, so systems sit below them."""
    table = cog_of(interaction, "PromptCog")
    await table.post_turn(interaction, result, locale_of(interaction))


async def send_decision(interaction: discord.Interaction, found: Any) -> None:
    """After a system's own status command: the decision the game waits for, with live buttons
    for whoever must decide (the prompt cog owns it, as with `send_turn`)."""
    table = cog_of(interaction, "PromptCog")
    await table.post_decision(interaction, found, locale_of(interaction))


async def refresh_turn(interaction: discord.Interaction, result: Any, *, new: bool) -> None:
    """After a private step (a character action picked in a private menu, whose reply was the
    menu itself): bring the channel's turn message up to this state, by editing the live one in
    place (no ping), or by posting it anew when `new` (what the table waits for changed). The
    prompt cog owns that message, as with `send_turn`."""
    table = cog_of(interaction, "PromptCog")
    await table.refresh_turn(interaction, result, locale_of(interaction), new=new)
