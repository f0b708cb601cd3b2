"""/game: open a table, sit down, add AI seats, start, look at the board, end.

The systems offered and their characters come from the plug-in registry (systems/)."""
from __future__ import annotations

from typing import Optional

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import board_file
from ui.replies import locale_of, reply_private
from ui.errors import refuse
from cogs.table import TableCommands, digest_text, lobby_embed, send_turn, show_view, status_message, table_ui
from ui.views import end_view
from engine.core.errors import RuleError
from gm.i18n import t
from gm.session import AI_LEVELS, GameError, GameMaster, Lobby, Result
from systems import table_plugins
from systems.plugin import Character

from rapidfuzz import fuzz, process


def _gm(interaction: discord.Interaction) -> GameMaster:
    return interaction.client.gm  # type: ignore[attr-defined]


def system_choices() -> list[app_commands.Choice[str]]:
    """The systems /game new offers: every registered table game, titled in each language."""
    return [app_commands.Choice(name=app_commands.locale_str(t("en", p.title_key), key=p.title_key), value=p.name)
            for p in table_plugins()]


def character_id(characters: list[Character], text: str) -> str | None:
    """A character by id or by name in any language ("Troll", "Spadaccino"), typos welcome."""
    by_name: dict[str, str] = {}
    for c in characters:
        by_name.update({name.casefold(): c.id for name in c.aliases})
    key = text.strip().casefold()
    if key in by_name:
        return by_name[key]
    match = process.extractOne(key, list(by_name), scorer=fuzz.WRatio, score_cutoff=80)
    return by_name[match[0]] if match is not None else None


class LobbyCog(TableCommands, commands.GroupCog, group_name="game", group_description="Start, join and run a game in this channel"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _lobby_reply(self, interaction: discord.Interaction, result: Result, line: str) -> None:
        locale = locale_of(interaction)
        embed = lobby_embed(result, locale)
        await interaction.response.send_message(content=line[:2000], embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="new", description="Open a new table in this channel")
    @app_commands.describe(system="Which game", round_limit="Optional: end after this many rounds (most Certificates wins)",
                           bank_hours="Thinking time per player, in hours (default 72)",
                           policy="When someone's time runs out (default: the AI plays their turn)")
    @app_commands.choices(system=system_choices(),
                          policy=[app_commands.Choice(name=n, value=n) for n in ("ai", "skip", "vote")])
    async def new(self, interaction: discord.Interaction, system: str, round_limit: Optional[app_commands.Range[int, 1, 1000]] = None,
                  bank_hours: Optional[app_commands.Range[float, 0.1, 1440.0]] = None, policy: Optional[str] = None) -> None:
        if interaction.channel_id is None:
            return await reply_private(interaction, t(locale_of(interaction), "error.not_in_guild"))
        options = {} if round_limit is None else {"round_limit": round_limit}
        timebank: dict[str, object] = {}
        if bank_hours is not None:
            timebank["start"] = float(bank_hours) * 3600
        if policy is not None:
            timebank["policy"] = policy
        try:
            result = await _gm(interaction).new_game(interaction.channel_id, interaction.guild_id, interaction.user.id,
                                                     interaction.user.display_name, system, options, timebank)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        locale = locale_of(interaction)
        await self._lobby_reply(interaction, result, t(locale, "lobby.created", host=interaction.user.mention,
                                                       system=system, game_id=result.record.id))

    @app_commands.command(name="join", description="Sit at the table")
    @app_commands.describe(character="Optional: the character you want (else one is dealt)")
    async def join(self, interaction: discord.Interaction, character: Optional[app_commands.Range[str, 1, 100]] = None) -> None:
        locale = locale_of(interaction)
        try:
            chosen = await self._character(interaction, character, locale) if character else None
            result = await _gm(interaction).join(interaction.channel_id, interaction.user.id, interaction.user.display_name,  # type: ignore[arg-type]
                                                 chosen.id if chosen else None)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        as_char = t(locale, "lobby.as_character", character=chosen.name) if chosen else ""
        await self._lobby_reply(interaction, result, t(locale, "lobby.joined", player=interaction.user.mention, character=as_char))

    async def _characters(self, interaction: discord.Interaction, locale: str) -> tuple[list[Character], set[str]]:
        """The characters of this channel's table (its system's), and those already taken."""
        found = await _gm(interaction).current(interaction.channel_id) if interaction.channel_id else None  # type: ignore[arg-type]
        if found is None:
            return [], set()
        options = found.state.options if isinstance(found.state, Lobby) else found.record.options
        taken = {s.character for s in found.state.seats if s.character} if isinstance(found.state, Lobby) else set()
        return table_ui(found).characters(options, locale), taken

    async def _character(self, interaction: discord.Interaction, text: str, locale: str) -> Character | None:
        """The character `text` names; the refusal lists them by name in the reader's language."""
        characters, _taken = await self._characters(interaction, locale)
        if not characters:
            return None  # no table here: joining says so
        found = character_id(characters, text)
        if found is None:
            raise GameError("error.unknown_character_known", character=text[:50], known=", ".join(c.name for c in characters))
        return next(c for c in characters if c.id == found)

    @join.autocomplete("character")
    async def _character_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        characters, taken = await self._characters(interaction, locale_of(interaction))
        needle = current.casefold()
        return [app_commands.Choice(name=c.label, value=c.id) for c in characters
                if c.id not in taken and (not needle or any(needle in name.casefold() for name in c.aliases))][:25]

    @app_commands.command(name="leave", description="Leave the table before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        try:
            result = await _gm(interaction).leave(interaction.channel_id, interaction.user.id)  # type: ignore[arg-type]
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        line = t(locale_of(interaction), "lobby.left", player=interaction.user.mention)
        if result.host_change is not None:
            line += "\n" + t(locale_of(interaction), "trust.host_passed", host=f"<@{result.host_change[1]}>")
        await self._lobby_reply(interaction, result, line)

    @app_commands.command(name="add-bot", description="Add an AI seat (host)")
    @app_commands.describe(level="How the AI plays")
    @app_commands.choices(level=[app_commands.Choice(name=lvl, value=lvl) for lvl in AI_LEVELS])
    async def add_bot(self, interaction: discord.Interaction, level: str = "heuristic") -> None:
        try:
            result = await _gm(interaction).add_bot(interaction.channel_id, interaction.user.id, level)  # type: ignore[arg-type]
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        seat = result.state.seats[-1]
        await self._lobby_reply(interaction, result, t(locale_of(interaction), "lobby.bot_added", player=seat.name, level=level))

    @app_commands.command(name="kick", description="Remove someone from the table (host)")
    @app_commands.describe(member="Who to remove")
    async def kick(self, interaction: discord.Interaction, member: discord.User) -> None:
        try:
            result = await _gm(interaction).kick(interaction.channel_id, interaction.user.id, str(member.id))  # type: ignore[arg-type]
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await self._lobby_reply(interaction, result, t(locale_of(interaction), "lobby.kicked", player=member.mention))

    @app_commands.command(name="start", description="Start the game (host)")
    async def start(self, interaction: discord.Interaction) -> None:
        try:
            result = await _gm(interaction).start(interaction.channel_id, interaction.user.id)  # type: ignore[arg-type]
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await send_turn(interaction, result, locale_of(interaction), digest=False)

    @app_commands.command(name="status", description="Show the board and every character")
    async def status(self, interaction: discord.Interaction) -> None:
        """Private by default (it is large); "Show everyone" reposts it for the channel."""
        locale = locale_of(interaction)
        found = await _gm(interaction).latest(interaction.channel_id)  # type: ignore[arg-type]
        if found is None:
            return await reply_private(interaction, t(locale, "error.no_game"))
        kwargs = status_message(found, locale, _gm(interaction).clock(), viewer=str(interaction.user.id))
        kwargs["view"] = show_view("status", found.record.id, locale)
        if isinstance(found.state, Lobby):
            if found.record.status != "lobby":  # ended before it started: say so above its last lobby
                kwargs["content"] = t(locale, "trust.closed_in_lobby", game_id=found.record.id)
            return await interaction.response.send_message(ephemeral=True, allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        _, digest = await _gm(interaction).status_digest(interaction.channel_id, interaction.user.id, found)  # type: ignore[arg-type]
        if table_ui(found).board_picture is not None:
            kwargs["file"] = await board_file(found, locale)
        await interaction.response.send_message(ephemeral=True, allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        text = digest_text(found, digest, locale, viewer=str(interaction.user.id))
        if text:
            await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="end", description="End the game (host or Manage Channel)")
    async def end(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        perms = interaction.permissions
        try:  # refused at once, before any confirmation is shown
            found = await _gm(interaction).may_end(interaction.channel_id, interaction.user.id,  # type: ignore[arg-type]
                                                   bool(perms and perms.manage_channels))
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await interaction.response.send_message(t(locale, "lobby.end_confirm", game_id=found.record.id),
                                                view=end_view(found.record.id, locale), ephemeral=True)

    async def on_end_button(self, interaction: discord.Interaction, game_id: int, confirm: bool) -> None:
        locale = locale_of(interaction)
        if not confirm:
            return await interaction.response.edit_message(content=t(locale, "lobby.end_cancelled"), view=None)
        perms = interaction.permissions
        try:
            result = await _gm(interaction).end(interaction.channel_id, interaction.user.id,  # type: ignore[arg-type]
                                                bool(perms and perms.manage_channels), game_id=game_id)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await interaction.response.edit_message(content=t(locale, "lobby.ended", game_id=result.record.id, player=interaction.user.mention), view=None)
        await interaction.followup.send(t(locale, "lobby.ended", game_id=result.record.id, player=interaction.user.mention),
                                        allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LobbyCog(bot))
