"""Replies every cog sends, shared by the game-wide cogs and each system's own cog: the reader's
language, private refusals, and when an interaction was typed.

Nothing here knows a game system. Words for a refusal's parameters (a card, a space) come from
the plug-ins the bot was given (`bot.plugins`), so this module needs no registry import.
"""
from __future__ import annotations

import logging
from typing import Any, Iterable

import discord

from gm import gate
from gm.i18n import normalise
from ui.routing import cog as cog_of
from ui.text import mention

PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)
log = logging.getLogger(__name__)

#: Discord's answers when an interaction's token can no longer be used (expired, never acknowledged)
LATE_TOKEN_CODES = {10062, 10015, 50027, 40060}
#: `Interaction.extras` key: a public "thinking…" placeholder (`acknowledge_command`) still waits
#: for its content; a private answer must not fill it (everyone would read it)
PLACEHOLDER = "gm_placeholder"


def token_too_late(exc: discord.HTTPException) -> bool:
    """Whether Discord refused a reply because the interaction can no longer be answered
    (the 3-second window was missed, or the 15-minute token ran out)."""
    return isinstance(exc, discord.NotFound) or exc.status == 401 or getattr(exc, "code", 0) in LATE_TOKEN_CODES


async def acknowledge_command(interaction: discord.Interaction, *, ephemeral: bool = False) -> None:
    """Acknowledge a command (or a text box sent) with Discord's "thinking…" before the game
    reads or writes anything (issue 30, "Acknowledge first"): Discord's 3-second window then
    never depends on the game, the store or the machine's load. The answer follows as a
    follow-up, which fills the placeholder (`reply_public`); a refusal withdraws a public
    placeholder and is told privately (`reply_private`). A token Discord no longer takes is left
    to the handler's later answers (the turn message then goes to the channel). Then it waits
    for its place at the gate (gm.gate) for its game work."""
    if interaction.response.is_done():
        return
    try:
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
    except discord.HTTPException as exc:
        if not token_too_late(exc):
            raise
        log.warning("interaction %s could not be acknowledged (%s)", interaction.id, exc)
    else:
        if not ephemeral:
            interaction.extras[PLACEHOLDER] = True
    await gate.enter()


#: Acknowledge a prompt's press (a deferred update) before any game work, so Discord's 3-second
#: window never depends on the game, the store or the machine's load: the echo then follows as an
#: edit of the pressed message. False answers with the echo itself (one request fewer, but the
#: acknowledgement waits for the step); benchmarks/bot.py measures both.
DEFER_FIRST = True


async def acknowledge(interaction: discord.Interaction) -> None:
    """The deferred update of a press, sent before the game reads or writes anything (see
    DEFER_FIRST). A token Discord no longer takes is left to the handler's later answers.
    Then the press waits for its place at the gate (gm.gate) for its game work."""
    if not DEFER_FIRST or interaction.response.is_done():
        return
    try:
        await interaction.response.defer()
    except discord.HTTPException as exc:
        if not token_too_late(exc):
            raise
        log.warning("press %s could not be acknowledged (%s)", interaction.id, exc)
    await gate.enter()


async def edit_pressed(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Turn the pressed prompt into its echo ("X chose ..."): the answer to the press, or, once it
    was acknowledged first (`acknowledge`), an edit of the pressed message. When Discord no
    longer takes an answer to this press (it came too late), the step stands all the same and
    its turn message goes to the channel (`post_turn_message`)."""
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)
    except discord.HTTPException as exc:
        if not token_too_late(exc):
            raise
        log.warning("press %s answered too late (%s); the turn message follows in the channel", interaction.id, exc)


def placeholder_filled(interaction: discord.Interaction) -> None:
    """A public answer went out as the follow-up that fills the "thinking…" placeholder."""
    interaction.extras.pop(PLACEHOLDER, None)


async def reply_public(interaction: discord.Interaction, **kwargs: Any) -> None:
    """The channel's answer to an interaction: its response, or, once it was acknowledged
    first (`acknowledge_command`), the follow-up that fills the placeholder."""
    if not interaction.response.is_done():
        await interaction.response.send_message(**kwargs)
        return
    placeholder_filled(interaction)
    await interaction.followup.send(**kwargs)


async def reply_own(interaction: discord.Interaction, **kwargs: Any) -> None:
    """A private answer of any shape (an embed, a picture, buttons): the response, or, once a
    read-only view was acknowledged first (`acknowledge_command(..., ephemeral=True)`), the
    follow-up that fills its private "thinking…". An absent view or file is left out (a
    follow-up refuses None for them)."""
    kwargs = {k: v for k, v in kwargs.items() if not (k in ("view", "file") and v is None)}
    if not interaction.response.is_done():
        await interaction.response.send_message(ephemeral=True, **kwargs)
        return
    await interaction.followup.send(ephemeral=True, **kwargs)


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
    """An answer only the person sees. After a public "thinking…" placeholder the first
    follow-up would fill it for everyone (Discord ignores its private flag), so the placeholder
    is withdrawn first and the answer follows as a private message of its own."""
    if not interaction.response.is_done():
        await interaction.response.send_message(text[:2000], ephemeral=True)
        return
    if interaction.extras.pop(PLACEHOLDER, False):
        try:
            await interaction.delete_original_response()
        except discord.HTTPException as exc:
            if not token_too_late(exc):
                raise
    await interaction.followup.send(text[:2000], ephemeral=True)


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
