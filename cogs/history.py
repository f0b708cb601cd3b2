"""The record of a table game: its log page by page (/game log), the JSON export, the replay
check, the channel's history, and "Show everyone" (the public repost of a private status, log
page or history, from the spectator view)."""
from __future__ import annotations

import io
import json
import re
from typing import Any, Optional

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import GroupCogMixin, board_file
from cogs.common import game_master as _gm
from cogs.prompts import table_ui
from cogs.table import spectator, status_message
from engine.core.errors import RuleError
from engine.core.events import Event
from gm.i18n import t
from gm.session import GameError, Lobby, Result
from systems import edition_name
from ui.errors import refuse
from ui.replies import acknowledge, acknowledge_command, edit_pressed, locale_of, reply_own, reply_private
from ui.routing import cog as cog_of
from ui.text import clip

LOG_PAGE = 15


def _history_cog(interaction: discord.Interaction) -> "HistoryCog":
    found: HistoryCog = cog_of(interaction, "HistoryCog")  # this module's own cog, always loaded
    return found


def shared_message(what: str, found: Result, locale: str, now: float, sharer: str, *, rows: list[Any] | None = None,
                   games: list[Result] | None = None, page: int = 0) -> dict[str, Any]:
    """"Show everyone": the public repost of a private /game status, log page or history, as
    message kwargs (without the board file), built from the spectator view whoever pressed."""
    found = spectator(found)
    kwargs: dict[str, Any]
    if what == "status":
        kwargs = status_message(found, locale, now)
    elif what == "log":
        if isinstance(found.state, Lobby):
            raise GameError("error.not_started")
        embed, _page, _pages = log_page(found, rows or [], page, locale)
        kwargs = {"embed": embed}
    else:
        kwargs = {"embed": history_embed(games or [], locale)}
    kwargs["content"] = t(locale, "table.shared_by", player=sharer)
    return kwargs


def log_page(found: Result, rows: list[Any], page: int | None, locale: str, last: int | None = None,
             viewer: str | None = None) -> tuple[discord.Embed, int, int]:
    """One page of the game log (the newest when page is None): (embed, page shown, pages).
    Narrated over what `viewer` may see (a spectator by default); each entry tells only what
    its step showed, never a pile's order or a die to come."""
    shown = found.view(viewer)
    narrate = table_ui(found).narrate
    lines = [line for r in rows for line in narrate(shown, [Event.model_validate(e) for e in (r.events or [])], locale)]
    if last is not None:
        lines = lines[-last:]
    pages = max(1, -(-len(lines) // LOG_PAGE))
    page = pages - 1 if page is None else max(0, min(page, pages - 1))
    chunk = lines[page * LOG_PAGE:(page + 1) * LOG_PAGE]
    embed = discord.Embed(title=t(locale, "table.log_title", game_id=found.record.id, page=page + 1, pages=pages),
                          description=clip("\n".join(chunk) or "—", 4000))
    return embed, page, pages


def history_embed(games: list[Result], locale: str) -> discord.Embed:
    lines = []
    for g in games[-20:]:
        winner = ""
        if not isinstance(g.state, Lobby) and g.state.winner:
            winner = t(locale, "table.history_winner", player=g.state.player(g.state.winner).name)
        # the edition the game was played in (Basic, Standard, the Water Realm...), as its lobby named it
        lines.append(
            t(
                locale,
                "table.history_line",
                game_id=g.record.id,
                system=t(locale, "table.history_system", system=edition_name(g.record.system, g.record.options or {})),
                status=t(locale, f"table.status_{g.record.status}"),
                when=f"<t:{int(g.record.created_at)}:d>",
                winner=winner,
            )
        )
    return discord.Embed(title=t(locale, "table.history_title"), description=clip("\n".join(lines), 4000))


class LogPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gmlog:(?P<game>[0-9]{1,18}):(?P<page>[0-9]{1,5})(?::(?P<way>[pn]))?",
):
    """◀ / ▶ on a log page; `way` keeps the two ids distinct when both point at the same page."""

    def __init__(self, game: int, page: int, label: str = "…", way: str = "", disabled: bool = False) -> None:
        custom = f"gmlog:{game}:{page}" + (f":{way}" if way else "")
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom, disabled=disabled))
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "LogPageButton":
        return cls(int(match["game"]), int(match["page"]), way=match["way"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _history_cog(interaction).show_log(interaction, self.page, edit=True, game=self.game)


class ShowButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gmshow:(?P<what>status|log|history):(?P<game>[0-9]{1,18}):(?P<page>[0-9]{1,5})",
):
    """ "Show everyone" under a private answer: posts the same thing publicly (spectator view)."""

    def __init__(self, what: str, game: int, page: int = 0, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.primary, custom_id=f"gmshow:{what}:{game}:{page}")
        )
        self.what, self.game, self.page = what, game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "ShowButton":
        return cls(match["what"], int(match["game"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _history_cog(interaction).on_show(interaction, self.what, self.game, self.page)


def show_view(what: str, game: int, locale: str, page: int = 0, view: discord.ui.View | None = None) -> discord.ui.View:
    view = view or discord.ui.View(timeout=None)
    view.add_item(ShowButton(what, game, page, t(locale, "table.show_everyone")))
    return view


DYNAMIC_ITEMS = (LogPageButton, ShowButton)


class HistoryCog(commands.Cog):
    """Answers the log's page buttons and "Show everyone"; /game log (and /campaign log) page
    through it."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def _record(self, interaction: discord.Interaction, game: int) -> Any:
        """The stored game a button names, when it is one of this channel's (older, finished
        games included); a forged id naming another channel's game, or none, is out of date."""
        record = await _gm(interaction.client).store.get_game(game)
        if record is None or record.channel_id != interaction.channel_id:
            raise GameError("error.stale_prompt")
        return record

    async def _game(self, interaction: discord.Interaction, game: int) -> Result:
        """A table game of this channel named by a button; a game not played at a table (a
        Magical Orders tracker) has no log, board or status to show."""
        gm = _gm(interaction.client)
        record = await self._record(interaction, game)
        if not gm.is_table_game(record.system):
            raise GameError("error.other_system", system=record.system)
        return Result(record, gm.decode(record))

    async def show_log(
        self,
        interaction: discord.Interaction,
        page: int | None,
        edit: bool = False,
        last: int | None = None,
        game: int | None = None,
    ) -> None:
        """A private page of the log: the newest first, with ◀ and ▶ (greyed out at either end)
        and "Show everyone". A page turned by ◀ / ▶ (`edit`) is acknowledged first (a deferred
        update) and the message edited once the log is read and narrated."""
        if edit:
            await acknowledge(interaction)
        locale = locale_of(interaction)
        gm = _gm(interaction.client)
        try:
            if game is None:
                found, rows = await gm.log(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
            else:
                found = await self._game(interaction, game)
                rows = await gm.store.actions(found.record.id)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        if isinstance(found.state, Lobby):
            key = "error.not_started" if found.record.status == "lobby" else "trust.closed_in_lobby"
            return await reply_private(interaction, t(locale, key, game_id=found.record.id))
        embed, page, pages = log_page(found, rows, page, locale, last, viewer=str(interaction.user.id))
        view = discord.ui.View(timeout=None)
        if last is None:
            view.add_item(LogPageButton(found.record.id, max(0, page - 1), "◀", "p", disabled=page == 0))
            view.add_item(LogPageButton(found.record.id, min(pages - 1, page + 1), "▶", "n", disabled=page >= pages - 1))
        show_view("log", found.record.id, locale, page if last is None else pages - 1, view)
        if edit:
            await edit_pressed(interaction, embed=embed, view=view)
        else:
            await reply_own(interaction, embed=embed, view=view)

    async def on_show(self, interaction: discord.Interaction, what: str, game: int, page: int) -> None:
        """Repost a private answer for the whole channel, built from the spectator view, and take
        the button off the private copy so it is posted once. Acknowledged first (a deferred
        update): it reads the game, and a status draws the board."""
        await acknowledge(interaction)
        locale = locale_of(interaction)
        gm = _gm(interaction.client)
        try:
            if what == "history":  # the channel's list names every game, table or not
                await self._record(interaction, game)
                kwargs: dict[str, Any] = {
                    "embed": history_embed(await gm.history(interaction.channel_id), locale),  # type: ignore[arg-type]  # a command or click always comes from a channel
                    "content": t(locale, "table.shared_by", player=interaction.user.mention),
                }
            else:
                found = await self._game(interaction, game)
                rows = await gm.store.actions(found.record.id) if what == "log" else []
                kwargs = shared_message(what, found, locale, gm.clock(), interaction.user.mention, rows=rows, page=page)
                if what == "status" and not isinstance(found.state, Lobby) and table_ui(found).board_picture is not None:
                    kwargs["file"] = await board_file(spectator(found), locale)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await edit_pressed(interaction, view=None)
        await interaction.followup.send(allowed_mentions=discord.AllowedMentions.none(), **kwargs)


class HistoryCommands(GroupCogMixin):
    """/game subcommands of the game's record; mixed into the /game group cog (cogs.lobby)."""

    @app_commands.command(name="log", description="What happened in this game, page by page")
    @app_commands.describe(last="Show only the last N lines")
    async def log_cmd(self, interaction: discord.Interaction, last: Optional[app_commands.Range[int, 1, 500]] = None) -> None:
        await acknowledge_command(interaction, ephemeral=True)  # it reads and narrates the whole log
        await _history_cog(interaction).show_log(interaction, None, last=last)

    @app_commands.command(name="export", description="The full action log with seed and settings, as JSON")
    async def export(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction, ephemeral=True)  # the whole log, read and encoded
        try:
            found, doc = await _gm(interaction.client).export(interaction.channel_id, viewer=str(interaction.user.id))  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        data = json.dumps(doc, indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"game-{found.record.id}.json")
        key = "table.exported" if doc.get("complete") else "trust.exported_open"
        await reply_own(interaction, content=t(locale_of(interaction), key, game_id=found.record.id, n=len(doc["actions"])),
                        file=file)

    @app_commands.command(name="replay", description="Re-play the stored log from the seed and check it gives the stored game")
    async def replay_cmd(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        # a long log (a campaign) can take longer than Discord's 3 s: "thinking…" first
        await acknowledge_command(interaction, ephemeral=True)
        try:
            found, report = await _gm(interaction.client).check_replay(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        if report.ok:
            text = t(locale, "table.replay_ok", game_id=found.record.id, steps=report.steps)
        else:
            text = t(locale, "table.replay_diverged", game_id=found.record.id, seq=report.diverged_at, detail=report.detail)
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="history", description="Games played in this channel")
    async def history(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction, ephemeral=True)  # it reads the channel's games
        locale = locale_of(interaction)
        games = await _gm(interaction.client).history(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        if not games:
            return await reply_private(interaction, t(locale, "error.no_game"))
        await reply_own(interaction, embed=history_embed(games, locale), view=show_view("history", games[-1].record.id, locale))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HistoryCog(bot))
