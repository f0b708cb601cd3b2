"""What one sees of a table game and who sits at it: /game status as a message, the lobby, the
character sheet (/me), seats changing hands (/game replace), undo by agreement (/game undo),
and /help.

The turn message and a prompt's buttons are in cogs/prompts.py, the turn clock and votes in
cogs/clock.py, the log, export, replay and history in cogs/history.py, DM notifications in
cogs/notify.py. The game's words and pictures come from its system's plug-in
(cogs.common.plugin_of)."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.clock import clock_lines
from cogs.common import BOARD_FILE, GroupCogMixin, plugin_of
from cogs.common import game_master as _gm
from cogs.prompts import send_turn, table_ui
from engine.core.errors import RuleError
from gm.i18n import t
from gm.session import GameError, Lobby, Result
from systems import edition_name, new_game_choices, variants_for, variants_on
from ui.errors import refuse
from ui.replies import (
    PINGS,
    acknowledge,
    acknowledge_command,
    edit_pressed,
    locale_of,
    reply_own,
    reply_private,
    reply_public,
)
from ui.routing import cog as cog_of
from ui.text import clip, fit_embeds, mention


def _table_cog(interaction: discord.Interaction) -> "TableCog":
    found: TableCog = cog_of(interaction, "TableCog")  # this module's own cog, always loaded
    return found


def games_help(locale: str) -> str:
    """Each /game new choice (as typed) with the optional rules it offers, for /help."""
    lines = []
    previous: list[str] = []  # the optional rules of the line above
    for value, key in new_game_choices():
        offered = [v.title_key for v in variants_for(value)]
        # a line that offers all of the previous line's rules says so instead of repeating them
        # (the Water Realm's list does not fit in the field beside the Standard one otherwise)
        if previous and set(previous) < set(offered):
            more = [k for k in offered if k not in previous]
            extra = t(locale, "help.game_variants_more", names=", ".join(t(locale, k) for k in more))
        elif offered:
            extra = t(locale, "help.game_variants", names=", ".join(t(locale, k) for k in offered))
        else:
            extra = ""
        lines.append(t(locale, "help.game_line", title=t(locale, key), value=value, variants=extra))
        previous = offered
    return "\n".join(lines)


def seat_name(result: Result, player: str) -> str:
    """A person of this table by the name they sat under, also after they left it (replaced,
    removed): never a mention, which shows a bare id once they have left the server."""
    state = result.state
    name = None if isinstance(state, Lobby) else state.name_of(player)
    return f"**{name}**" if name else mention(player)


def spectator(result: Result) -> Result:
    """What anyone at all may see of a game: public reposts ("Show everyone") are built from it.

    The state is replaced by the engine's spectator view (no seed, no generator, no order of
    a face-down pile), so nothing built from it can show a secret.
    """
    return replace(result, state=result.view(None))


def status_message(found: Result, locale: str, now: float, viewer: str | None = None) -> dict[str, Any]:
    """/game status as message kwargs (without the board file): the board, every character,
    the time banks while the game runs, the final ranking once it is over. Built from what
    `viewer` may see (a spectator by default)."""
    found = replace(found, state=found.view(viewer))
    if isinstance(found.state, Lobby):
        return {"embeds": [lobby_embed(found, locale)]}
    ui = table_ui(found)
    embeds = ui.status_embeds(found.state, found.record.id, locale, found.record.status)
    clock_text = clock_lines(found, locale, now)
    if clock_text:
        embeds[0].add_field(name=t(locale, "table.clock_title"), value=clip("\n".join(clock_text), 1000), inline=False)
    if ui.board_picture is not None:
        embeds[0].set_image(url=f"attachment://{BOARD_FILE}")
    return {"embeds": fit_embeds(embeds)}


def sheet_message(found: Result, player: str, locale: str) -> discord.Embed:
    """/me: the private character sheet of a seat, from what that seat may see."""
    shown = found.view(player)
    return fit_embeds([table_ui(found).sheet_embed(shown, shown.player(player), locale)])[0]


def lobby_embed(found: Result, locale: str) -> discord.Embed:
    """A table waiting to start: its seats (with the characters picked) and its host."""
    lobby = found.state
    assert isinstance(lobby, Lobby)
    p = plugin_of(found)
    names = {c.id: c.name for c in table_ui(found).characters(lobby.options, locale)}
    e = discord.Embed(title=t(locale, "lobby.title", system=edition_name(found.record.system, lobby.options),
                              game_id=found.record.id),
                      colour=discord.Colour.blurple(), description=t(locale, "lobby.waiting"))
    chosen = variants_on(found.record.system, lobby.options)
    if chosen:
        e.add_field(name=t(locale, "variant.field"), value="\n".join(
            f"**{t(locale, v.title_key)}**: {t(locale, v.summary_key)}" for v in chosen)[:1024], inline=False)
    seats = []
    for s in lobby.seats:
        who = mention(s.player) if not s.ai else f"🤖 {s.name} ({t(locale, f'ai_level.{s.ai}')})"
        seats.append(who + (f" · {names.get(s.character, s.character)}" if s.character else ""))
    e.add_field(name=t(locale, "lobby.seats", count=len(lobby.seats), max=p.engine.max_seats), value="\n".join(seats) or "—",
                inline=False)
    e.add_field(name=t(locale, "lobby.host"), value=mention(lobby.host), inline=False)
    return e


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gmundo:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<yes>[01])"
):
    def __init__(self, game: int, version: int, yes: bool, label: str = "…") -> None:
        style = discord.ButtonStyle.success if yes else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"gmundo:{game}:{version}:{int(yes)}"))
        self.game, self.version, self.yes = game, version, yes

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "UndoButton":
        return cls(int(match["game"]), int(match["version"]), match["yes"] == "1")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _table_cog(interaction).on_undo(interaction, self.game, self.version, self.yes)


class ReplaceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gmrep:(?P<game>[0-9]{1,18}):(?P<old>[0-9A-Za-z_]{1,20}):(?P<new>[0-9]{1,20})",
):
    def __init__(self, game: int, old: str, new: str, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success, custom_id=f"gmrep:{game}:{old}:{new}"))
        self.game, self.old, self.new = game, old, new

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "ReplaceButton":
        return cls(int(match["game"]), match["old"], match["new"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _table_cog(interaction).on_replace(interaction, self.game, self.old, self.new)


DYNAMIC_ITEMS = (UndoButton, ReplaceButton)


class TableCog(commands.Cog):
    """/me and /help, and the answers to the seat-offer and undo buttons."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="me", description="Your character sheet (only you see it)")
    async def me(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction, ephemeral=True)  # read-only, but it waits for the store
        locale = locale_of(interaction)
        found = await _gm(interaction.client).latest(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        if found is None:
            return await reply_private(interaction, t(locale, "error.no_game"))
        if isinstance(found.state, Lobby) or not found.state.has_player(str(interaction.user.id)):
            key = "error.not_started" if isinstance(found.state, Lobby) else "error.not_a_player"
            if isinstance(found.state, Lobby) and found.record.status != "lobby":
                key = "trust.closed_in_lobby"
            return await reply_private(interaction, t(locale, key, game_id=found.record.id))
        # the sheet shows what this person may see (sheet_message views the state as them)
        await reply_own(interaction, embed=sheet_message(found, str(interaction.user.id), locale))

    @app_commands.command(name="help", description="What this bot does and how to play")
    async def help(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        embed = discord.Embed(title=t(locale, "help.title"), description=t(locale, "help.body"))
        embed.add_field(name=t(locale, "help.host_title"), value=t(locale, "help.host_rule"), inline=False)
        embed.add_field(name=t(locale, "help.games_title"), value=games_help(locale)[:1024], inline=False)
        embed.add_field(name=t(locale, "help.more_title"), value=t(locale, "help.more")[:1024], inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def on_replace(self, interaction: discord.Interaction, game: int, old: str, new: str) -> None:
        if str(interaction.user.id) != new:
            return await reply_private(interaction, t(locale_of(interaction), "error.not_your_seat_offer"))
        await acknowledge(interaction)
        try:
            result = await _gm(interaction.client).accept_replace(
                interaction.channel_id,  # type: ignore[arg-type]  # a command or click always comes from a channel
                interaction.user.id,
                interaction.user.display_name,
                game,
                old,
            )
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        locale = locale_of(interaction)
        await edit_pressed(
            interaction, content=t(locale, "table.replaced", new=interaction.user.mention, old=seat_name(result, old)), view=None
        )
        await send_turn(interaction, result, locale, followup=True, digest=False)

    async def on_undo(self, interaction: discord.Interaction, game: int, version: int, yes: bool) -> None:
        locale = locale_of(interaction)
        await acknowledge(interaction)
        try:
            result, outcome = await _gm(interaction.client).answer_undo(
                interaction.channel_id,  # type: ignore[arg-type]  # a command or click always comes from a channel
                interaction.user.id, game, version, yes,
            )
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        if outcome == "waiting":
            return await reply_private(interaction, t(locale, "table.undo_waiting"))
        await edit_pressed(interaction, content=t(locale, f"table.undo_{outcome}"), view=None)
        if outcome == "applied":
            await send_turn(interaction, result, locale, followup=True, digest=False, notify=False)


class TableCommands(GroupCogMixin):
    """/game subcommands for the seats and undo; mixed into the /game group cog (cogs.lobby)."""

    @app_commands.command(name="replace", description="Give a seat to someone else (host; they must accept)")
    @app_commands.describe(old="Who leaves the seat", new="Who takes it over")
    async def replace(self, interaction: discord.Interaction, old: discord.User, new: discord.User) -> None:
        locale = locale_of(interaction)
        await acknowledge_command(interaction)
        try:
            # a command or click always comes from a channel
            result = await _gm(interaction.client).propose_replace(
                interaction.channel_id,  # type: ignore[arg-type]  # from a channel
                interaction.user.id,
                str(old.id),
                str(new.id),
            )
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        view = discord.ui.View(timeout=None)
        view.add_item(ReplaceButton(result.record.id, str(old.id), str(new.id), t(locale, "table.replace_accept")))
        # the one leaving by the name they sat under: a mention of someone gone from the server is a bare id
        await reply_public(
            interaction,
            content=t(locale, "table.replace_offer", new=new.mention, old=seat_name(result, str(old.id))),
            view=view,
            allowed_mentions=PINGS,
        )

    @app_commands.command(name="undo", description="Propose to take back your last step (everyone must agree)")
    async def undo(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        await acknowledge_command(interaction)
        try:
            result, applied = await _gm(interaction.client).propose_undo(interaction.channel_id, interaction.user.id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        if applied:
            return await send_turn(interaction, result, locale, digest=False, notify=False)
        view = discord.ui.View(timeout=None)
        view.add_item(UndoButton(result.record.id, result.record.version, True, t(locale, "table.undo_yes")))
        view.add_item(UndoButton(result.record.id, result.record.version, False, t(locale, "table.undo_no")))
        proposal = result.table.undo
        steps = proposal.steps if proposal is not None else 1
        what = t(locale, "table.undo_what_one") if steps == 1 else t(locale, "table.undo_what_more", n=steps - 1)
        await reply_public(
            interaction,
            content=t(locale, "table.undo_proposed", player=interaction.user.mention, what=what),
            view=view,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCog(bot))
