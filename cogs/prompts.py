"""The turn message and a prompt's buttons, for every table game: posting the turn message
(also when Discord no longer takes a reply), the private "since your last turn" digest, the
decision the game waits for, and the answer to a pressed choice or "Since my last turn".

The game's words and pictures come from its system's plug-in (cogs.common.plugin_of)."""
from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import discord
from discord.ext import commands

from cogs.common import attach_late, build_turn, plugin_of, start_picture, turn_kwargs
from cogs.common import game_master as _gm
from cogs.outbox import post_or_hold
from engine.core.errors import RuleError
from engine.core.events import Event
from gm.i18n import t
from gm.session import GameError, Lobby, Result
from gm.session.delivery import prompt_link, refused_permissions
from gm.session.results import PROMPT_MESSAGE
from systems.plugin import TableUI
from ui.errors import refuse
from ui.replies import (
    acknowledge,
    acknowledge_command,
    edit_pressed,
    locale_of,
    placeholder_filled,
    reply_own,
    reply_private,
    token_too_late,
)
from ui.routing import cog as cog_of
from ui.text import clip, mention
from ui.views import ChoiceView, NewsButton

log = logging.getLogger(__name__)
#: the "since your last turn" digest: lines kept per turn, turns kept (the newest), characters in all
DIGEST_TURN_LINES = 3
DIGEST_TURNS = 6
DIGEST_CHARS = 1800


def table_ui(result: Result) -> TableUI:
    """The renderers of this table game's system."""
    ui = plugin_of(result).table
    assert ui is not None, f"{result.record.system} is not played at a table"
    return ui


async def send_private(interaction: discord.Interaction, result: Result, actor: str, locale: str) -> None:
    """What only the presser learned by their own step (a card seen in a Prophetic Dream), in
    a reply only they see; the channel was told only that they looked."""
    private = table_ui(result).private_lines
    if private is None:
        return
    events = [e for step in result.steps if step.actor == actor and not step.ai for e in step.events]
    possible = table_ui(result).private_possible
    if not events or (possible is not None and not possible(result.state, actor, events)):
        return  # nothing private: the actor's view is not built for nothing
    lines = private(result.view(actor), events, locale)
    if lines:
        await interaction.followup.send(clip("\n".join(lines), 2000), ephemeral=True)


def digest_text(result: Result, events: list[Event], locale: str, viewer: str | None = None) -> str | None:
    """The private "since your last turn" summary: grouped by round, one heading per turn (AI
    seats marked), a few lines per turn and only the newest turns, so a long absence stays short."""
    if not events or isinstance(result.state, Lobby):
        return None
    state = result.view(viewer)
    describe_event = table_ui(result).describe_event
    first_turn = next((i for i, e in enumerate(events) if e.kind == "turn_started"), None)
    if first_turn is None:
        opening_round = state.round
    else:
        opening_round = int(events[first_turn].data.get("round", state.round))
        if any(e.kind == "round_started" for e in events[:first_turn]):
            opening_round -= 1
    # (round, player whose turn it is, extra turn, lines)
    turns: list[tuple[int, str | None, bool, list[str]]] = []
    for e in events:
        if e.kind == "turn_started":
            turns.append((int(e.data.get("round", opening_round)), e.player, bool(e.data.get("extra")), []))
            continue
        line = describe_event(state, e, locale)
        if not line or e.kind == "round_started":
            continue
        if not turns:  # before anyone's turn (the setup, characters chosen): no player's heading
            turns.append((opening_round, None, False, []))
        turns[-1][3].append(line)
    turns = [turn for turn in turns if turn[3]]  # a heading with nothing under it says nothing
    if not turns:
        return None
    out = [t(locale, "table.digest_title")]
    if len(turns) > DIGEST_TURNS:
        out.append(t(locale, "table.digest_earlier", n=len(turns) - DIGEST_TURNS))
        turns = turns[-DIGEST_TURNS:]
    shown_round: int | None = None
    for rnd, player, extra, lines in turns:
        if rnd != shown_round:
            out.append(t(locale, "table.digest_round", round=rnd))
            shown_round = rnd
        if player is not None and state.has_player(player):
            p = state.player(player)
            key = "table.digest_turn_ai" if p.ai else "table.digest_turn"
            out.append(t(locale, key, player=p.name) + (t(locale, "event.extra_mark") if extra else ""))
        elif player is not None and state.name_of(player):  # someone who has left the table since
            out.append(
                t(locale, "table.digest_turn", player=state.name_of(player)) + (t(locale, "event.extra_mark") if extra else "")
            )
        out.extend("• " + line for line in lines[:DIGEST_TURN_LINES])
        if len(lines) > DIGEST_TURN_LINES:
            out.append("• " + t(locale, "table.digest_more", n=len(lines) - DIGEST_TURN_LINES))
    return clip("\n".join(out), DIGEST_CHARS)


async def channel_of(client: discord.Client, channel_id: int) -> discord.abc.Messageable | None:
    channel = client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)
        except discord.HTTPException:
            return None
    return channel  # type: ignore[return-value]  # a game's channel is a text channel, never a category


async def post_turn_message(
    interaction: discord.Interaction, kwargs: dict[str, Any], *, followup: bool, game: Any = None, locale: str = "en"
) -> Any:
    """Post a turn message as the interaction's reply, or, when Discord no longer takes replies
    to it (the 3-second window missed, the 15-minute token expired), as a plain message in the
    channel: a committed step's prompt must reach the players (the turn clock re-posts it later
    if even that fails). When the channel denies the bot a permission that post needs, the
    host of `game` is told (cogs.outbox.post_or_hold) and the prompt stays owed.
    Returns (message id, edit) or None."""
    try:
        if followup or interaction.response.is_done():
            placeholder_filled(interaction)
            sent: Any = await interaction.followup.send(wait=True, **kwargs)
            return sent.id, sent.edit
        callback = await interaction.response.send_message(**kwargs)
        return getattr(callback, "message_id", None), interaction.edit_original_response
    except discord.HTTPException as exc:
        if not token_too_late(exc):
            raise
        log.warning("interaction %s could not be answered (%s): posting the turn message in the channel", interaction.id, exc)
    channel = await channel_of(interaction.client, interaction.channel_id or 0)
    if channel is None:
        return None
    for f in kwargs.get("files") or ([kwargs["file"]] if kwargs.get("file") else []):
        f.reset()
    if game is None:
        sent = await channel.send(**kwargs)
    else:
        held = await post_or_hold(interaction.client, channel, game, kwargs, locale)
        if held is None:
            return None
        sent = held
        await _gm(interaction.client).refusal_cleared(game.channel_id, game.id)
    return sent.id, sent.edit


async def send_turn(
    interaction: discord.Interaction,
    result: Result,
    locale: str,
    *,
    followup: bool = False,
    digest: bool = True,
    notify: bool = True,
) -> None:
    """Answer an interaction with the turn message (or follow it up with one), then the private
    "since your last turn" digest for the person who acted and a DM to whoever must act next.

    The turn message is what the committed step owes the channel (gm.session.delivery): once
    it is posted, the game master is told, and only then is the debt cleared.
    The board picture never holds these up: one not drawn in time (cogs.common.build_turn)
    is edited into the turn message last, once it is ready.
    """
    reply = await build_turn(result, locale)
    posted = await post_turn_message(interaction, reply.kwargs, followup=followup, game=result.record, locale=locale)
    if posted is not None:
        await _gm(interaction.client).prompt_delivered(
            result.record.channel_id, result.record.id, result.record.version, posted[0]
        )
    try:
        if digest:
            text = digest_text(result, result.digest, locale, viewer=str(interaction.user.id))
            if text:
                await interaction.followup.send(text, ephemeral=True)
        if notify:
            cog = cog_of(interaction, "NotifyCog")
            if cog is not None:
                await cog.notify_next(result, locale)
    except discord.HTTPException as exc:  # the private extras: the prompt itself is out already
        if not token_too_late(exc):
            raise
    if reply.late is not None and posted is not None:
        await attach_late(reply.late, reply.kwargs["embeds"], posted[1], result)


async def send_decision(interaction: discord.Interaction, found: Result, locale: str) -> None:
    """End a private look at the game (/game status, /campaign status) with the decision the
    game waits for: whoever must decide gets the prompt again with live buttons (a lost or
    buried prompt never strands a table); anyone else learns who is deciding, with a link to
    the prompt in the channel when it is known. Sent as a private follow-up.
    The host also learns, privately, of any permission the channel denies the bot (messages
    of this game are being held for it: cogs.outbox.post_or_hold)."""
    if isinstance(found.state, Lobby) or found.record.status != "active":
        return
    refused = refused_permissions(found.record)
    if refused and found.record.host_id == interaction.user.id:
        names = ", ".join(t(locale, f"delivery.permission_{name}") for name in refused)
        await interaction.followup.send(
            t(locale, "delivery.status_missing", channel=f"<#{found.record.channel_id}>", permissions=names), ephemeral=True
        )
    pend = found.system.pending(found.state)
    if pend is None or not found.state.has_player(pend.player):
        return
    if pend.player == str(interaction.user.id):
        message = table_ui(found).turn_message(replace(found, steps=[]), locale)
        kwargs: dict[str, Any] = {"embeds": message.embeds[-1:]}
        if message.view is not None:
            kwargs["view"] = message.view
        head = t(locale, "table.status_your_call")
        # written to the decider alone: named by the name they sat under, not mentioned (a
        # mention of oneself says nothing and shows an id once one has left the server)
        body = (message.content or "").replace(mention(pend.player), f"**{found.state.player(pend.player).name}**")
        kwargs["content"] = clip(head + ("\n" + body if body else ""), 2000)
        await interaction.followup.send(ephemeral=True, allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        return
    name = found.state.player(pend.player).name
    link = prompt_link(found.record)
    text = (
        t(locale, "table.status_waiting_link", player=name, link=link) if link else t(locale, "table.status_waiting", player=name)
    )
    await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


DYNAMIC_ITEMS = (NewsButton,)


class PromptCog(commands.Cog):
    """Answers a prompt's buttons and "Since my last turn" (ui.views), and posts the turn
    message and the pending decision for the systems' own commands (ui.replies)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def post_turn(self, interaction: discord.Interaction, result: Result, locale: str) -> None:
        """The turn message for a system's own command (see ui.replies.send_turn)."""
        await send_turn(interaction, result, locale)

    async def refresh_turn(self, interaction: discord.Interaction, result: Result, locale: str, *, new: bool) -> None:
        """The turn message after a private step (see ui.replies.refresh_turn): the live prompt
        edited in place with this state's buttons and narration, without a ping; posted anew (a
        follow-up, pinging) when `new`, when the live one is not known, or when it cannot be
        edited any more (deleted). Either way the step's debt to the channel is cleared."""
        message = (result.record.settings or {}).get(PROMPT_MESSAGE)
        channel = None if new or not message else await channel_of(interaction.client, interaction.channel_id or 0)
        if channel is not None and message is not None and hasattr(channel, "get_partial_message"):
            kwargs, _message = turn_kwargs(result, locale)
            edit = {"content": kwargs.get("content"), "embeds": kwargs.get("embeds", []), "view": kwargs.get("view")}
            try:
                await channel.get_partial_message(int(message)).edit(**edit)
            except discord.HTTPException as exc:
                log.warning(
                    "turn message %s of game %s could not be edited (%s): posting it anew", message, result.record.id, exc
                )
            else:
                await _gm(interaction.client).prompt_delivered(
                    result.record.channel_id, result.record.id, result.record.version, int(message)
                )
                return
        await send_turn(interaction, result, locale, followup=True, digest=False)

    async def post_decision(self, interaction: discord.Interaction, found: Result, locale: str) -> None:
        """The pending decision after a system's own status command (see ui.replies.send_decision)."""
        await send_decision(interaction, found, locale)

    # -- "since my last turn" -------------------------------------------------------------------------
    async def on_news(self, interaction: discord.Interaction, game: int) -> None:
        """The "since my last turn" button of a turn message: the presser's digest, privately,
        then the decision the game waits for (her own live buttons when it is hers), so the news
        comes before the prompt she answers. Like /game status it marks the news as seen, so her
        first press does not repeat it. Acknowledged first with a private "thinking…" (it reads
        and marks the store)."""
        await acknowledge_command(interaction, ephemeral=True)
        locale = locale_of(interaction)
        gm = _gm(interaction.client)
        found = await gm.current(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        if found is None or found.record.id != game or isinstance(found.state, Lobby):
            return await reply_private(interaction, t(locale, "table.news_gone"))
        _, digest = await gm.status_digest(interaction.channel_id, interaction.user.id, found)  # type: ignore[arg-type]  # a command or click always comes from a channel
        text = digest_text(found, digest, locale, viewer=str(interaction.user.id)) or t(locale, "table.news_none")
        await reply_own(interaction, content=text, allowed_mentions=discord.AllowedMentions.none())
        await send_decision(interaction, found, locale)

    # -- a prompt's buttons --------------------------------------------------------------------------
    async def on_choice(self, interaction: discord.Interaction, game: int, version: int, index: int) -> None:
        """A button or select on a prompt, in any table game: the prompt message says who chose
        what, the turn message follows."""
        locale = locale_of(interaction)
        await acknowledge(interaction)
        try:
            if index < 0:
                raise GameError("error.forged_prompt")
            result = await _gm(interaction.client).act_choice(
                interaction.channel_id,  # type: ignore[arg-type]  # a command or click always comes from a channel
                interaction.user.id,
                game,
                version,
                index,
            )
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        start_picture(result, locale)
        actor = str(interaction.user.id)
        # the echo is posted in the channel: it says in full what the button said (a label may
        # have been shortened), from the same spectator view, never from the chooser's own view
        # (a Guardian she saw in a dream, the characters dealt to her)
        before = result.before_view()
        label = table_ui(result).action_label(before, actor, result.chosen, locale)
        done = t(locale, "play.done", player=interaction.user.display_name, choice=label or "")
        await edit_pressed(interaction, content=clip(done, 2000), view=None)
        await send_turn(interaction, result, locale, followup=True)
        await send_private(interaction, result, actor, locale)

    async def on_page(self, interaction: discord.Interaction, game: int, version: int, page: int) -> None:
        """ "More…" / "Back" under a prompt with more choices than one message shows: the pressed
        message (the channel's prompt, or one handed back privately) turns to that page of the
        same decision. Anyone may turn it (it only shows); an old prompt is refused as out of date.
        Acknowledged first (a deferred update, then the message is edited): building a page reads
        the game and writes every choice's label, which is the whole wait when answered directly."""
        locale = locale_of(interaction)
        await acknowledge(interaction)
        try:
            found = await _gm(interaction.client).prompt_at(interaction.channel_id, game, version)  # type: ignore[arg-type]  # a click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        view = table_ui(found).turn_message(replace(found, steps=[]), locale).view
        if not isinstance(view, ChoiceView):
            return await refuse(interaction, GameError("error.stale_prompt"))
        await edit_pressed(interaction, view=view.show_page(page))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PromptCog(bot))
