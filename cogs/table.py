"""Play by chat, for every table game: the answer to a prompt's buttons, the turn clock,
reminders, votes, pause, vacation, seats changing hands, undo by agreement, the game log,
export, replay check, history, DM notifications, /me and /help.

The game's words and pictures come from its system's plug-in (cogs.common.plugin_of)."""
from __future__ import annotations

import io
import json
import logging
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Optional

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs.common import BOARD_FILE, attach_late, board_file, build_turn, plugin_of, start_picture, turn_kwargs, turn_message
from cogs.outbox import CAPTURE, Capture, deliver_pending, post_or_hold, sink
from engine.core.errors import RuleError
from engine.core.events import Event
from gm import clock as turn_clock
from gm.i18n import t
from gm.session import GameError, GameMaster, Lobby, Result, Tick
from gm.session.delivery import prompt_link, refused_permissions
from gm.session.results import PROMPT_MESSAGE
from gm.store import StoreError
from gm.table import DAY, HOUR, VOTE_FALLBACK
from systems import edition_name, new_game_choices, variants_for, variants_on
from systems.plugin import TableUI
from ui.errors import refuse
from ui.replies import PINGS, locale_of, reply_private
from ui.routing import cog as cog_of
from ui.text import clip, fit_embeds, mention
from ui.views import NewsButton

log = logging.getLogger(__name__)
LOG_PAGE = 15
#: the "since your last turn" digest: lines kept per turn, turns kept (the newest), characters in all
DIGEST_TURN_LINES = 3
DIGEST_TURNS = 6
DIGEST_CHARS = 1800


def _gm(client: Any) -> GameMaster:
    gm: GameMaster = client.gm  # the bot (bot.GameBot) carries its game master
    return gm


def _table_cog(interaction: discord.Interaction) -> "TableCog":
    found: TableCog = cog_of(interaction, "TableCog")  # this module's own cog, always loaded
    return found


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
    lines = private(result.view(actor), events, locale) if events else []
    if lines:
        await interaction.followup.send(clip("\n".join(lines), 2000), ephemeral=True)


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


def rel(ts: float) -> str:
    """A Discord relative timestamp ("in 3 hours"), shown in each reader's own time zone."""
    return f"<t:{int(ts)}:R>"


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
            out.append(t(locale, "table.digest_turn", player=state.name_of(player))
                       + (t(locale, "event.extra_mark") if extra else ""))
        out.extend("• " + line for line in lines[:DIGEST_TURN_LINES])
        if len(lines) > DIGEST_TURN_LINES:
            out.append("• " + t(locale, "table.digest_more", n=len(lines) - DIGEST_TURN_LINES))
    return clip("\n".join(out), DIGEST_CHARS)


#: Discord's answers when an interaction's token can no longer be used (expired, never acknowledged)
LATE_TOKEN_CODES = {10062, 10015, 50027, 40060}


def token_too_late(exc: discord.HTTPException) -> bool:
    """Whether Discord refused a reply because the interaction can no longer be answered
    (the 3-second window was missed, or the 15-minute token ran out)."""
    return isinstance(exc, discord.NotFound) or exc.status == 401 or getattr(exc, "code", 0) in LATE_TOKEN_CODES


async def channel_of(client: discord.Client, channel_id: int) -> discord.abc.Messageable | None:
    channel = client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)
        except discord.HTTPException:
            return None
    return channel  # type: ignore[return-value]  # a game's channel is a text channel, never a category


async def post_turn_message(interaction: discord.Interaction, kwargs: dict[str, Any], *, followup: bool,
                            game: Any = None, locale: str = "en") -> Any:
    """Post a turn message as the interaction's reply, or, when Discord no longer takes replies
    to it (the 3-second window missed, the 15-minute token expired), as a plain message in the
    channel: a committed step's prompt must reach the players (the turn clock re-posts it later
    if even that fails). When the channel denies the bot a permission that post needs, the
    host of `game` is told (cogs.outbox.post_or_hold) and the prompt stays owed.
    Returns (message id, edit) or None."""
    try:
        if followup or interaction.response.is_done():
            sent: Any = await interaction.followup.send(wait=True, **kwargs)
            return sent.id, sent.edit
        callback = await interaction.response.send_message(**kwargs)
        return getattr(callback, "message_id", None), interaction.edit_original_response
    except discord.HTTPException as exc:
        if not token_too_late(exc):
            raise
        log.warning("interaction %s could not be answered (%s): posting the turn message in the channel",
                    interaction.id, exc)
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


async def edit_pressed(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Turn the pressed prompt into its echo ("X chose ..."). When Discord no longer takes an
    answer to this press (it came too late), the step stands all the same and its turn message
    goes to the channel (`post_turn_message`)."""
    try:
        await interaction.response.edit_message(**kwargs)
    except discord.HTTPException as exc:
        if not token_too_late(exc):
            raise
        log.warning("press %s answered too late (%s); the turn message follows in the channel", interaction.id, exc)


async def send_turn(interaction: discord.Interaction, result: Result, locale: str, *, followup: bool = False,
                    digest: bool = True, notify: bool = True) -> None:
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
        await _gm(interaction.client).prompt_delivered(result.record.channel_id, result.record.id,
                                                        result.record.version, posted[0])
    try:
        if digest:
            text = digest_text(result, result.digest, locale, viewer=str(interaction.user.id))
            if text:
                await interaction.followup.send(text, ephemeral=True)
        if notify:
            cog = cog_of(interaction, "TableCog")
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
        await interaction.followup.send(t(locale, "delivery.status_missing", channel=f"<#{found.record.channel_id}>",
                                          permissions=names), ephemeral=True)
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
    text = t(locale, "table.status_waiting_link", player=name, link=link) if link \
        else t(locale, "table.status_waiting", player=name)
    await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


def span(seconds: float, locale: str) -> str:
    """A stretch of time in one format everywhere: days and hours, hours and minutes, or minutes."""
    minutes = int(max(0.0, seconds) // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return t(locale, "table.span_days", d=days, h=hours)
    if hours:
        return t(locale, "table.span_hours", h=hours, m=mins)
    return t(locale, "table.span_minutes", m=mins)


def clock_lines(result: Result, locale: str, now: float) -> list[str]:
    """Every person's time bank in the same words ("2 d 4 h left"); whoever is thinking now also
    gets the moment it runs out. Nothing once the game is over (the ranking shows instead)."""
    table = result.table
    if not table.timebank.enabled or isinstance(result.state, Lobby) or result.record.status != "active":
        return []
    out = []
    running = table.clock.running_for
    end = turn_clock.expiry(table, now)
    for p in result.state.players:
        if p.ai or not p.alive:
            continue
        left = turn_clock.bank(table, p.player)
        until = table.clock.vacation.get(p.player, 0)
        if p.player == running and end is not None:
            left = end - max(now, until)  # a vacation stops the clock: its days are not time left
        text = t(locale, "table.bank_line", player=p.name, left=span(left, locale))
        if p.player == running and end is not None:
            text += t(locale, "table.bank_running", when=rel(end))
        if until > now:
            text += " " + t(locale, "table.on_vacation", when=rel(until))
        out.append(text)
    vote = table.vote
    if vote is not None and result.state.has_player(vote.player):
        name = result.state.player(vote.player).name
        if vote.deadline is not None:
            out.append(t(locale, "table.vote_open_line", player=name, when=rel(vote.deadline),
                         fallback=t(locale, f"table.vote_{VOTE_FALLBACK}")))
    if table.clock.paused:
        out.insert(0, t(locale, "table.paused_line"))
    return out


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
        lines.append(t(locale, "table.history_line", game_id=g.record.id,
                       system=t(locale, "table.history_system", system=edition_name(g.record.system, g.record.options or {})),
                       status=t(locale, f"table.status_{g.record.status}"), when=f"<t:{int(g.record.created_at)}:d>",
                       winner=winner))
    return discord.Embed(title=t(locale, "table.history_title"), description=clip("\n".join(lines), 4000))


class VoteButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"gmvote:(?P<game>[0-9]{1,18}):(?P<choice>skip|ai|remove)"):
    def __init__(self, game: int, choice: str, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary, custom_id=f"gmvote:{game}:{choice}"))
        self.game, self.choice = game, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "VoteButton":
        return cls(int(match["game"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _table_cog(interaction).on_vote(interaction, self.game, self.choice)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"gmundo:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<yes>[01])"):
    def __init__(self, game: int, version: int, yes: bool, label: str = "…") -> None:
        style = discord.ButtonStyle.success if yes else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"gmundo:{game}:{version}:{int(yes)}"))
        self.game, self.version, self.yes = game, version, yes

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "UndoButton":
        return cls(int(match["game"]), int(match["version"]), match["yes"] == "1")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _table_cog(interaction).on_undo(interaction, self.game, self.version, self.yes)


class ReplaceButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"gmrep:(?P<game>[0-9]{1,18}):(?P<old>[0-9A-Za-z_]{1,20}):(?P<new>[0-9]{1,20})"):
    def __init__(self, game: int, old: str, new: str, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success, custom_id=f"gmrep:{game}:{old}:{new}"))
        self.game, self.old, self.new = game, old, new

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ReplaceButton":
        return cls(int(match["game"]), match["old"], match["new"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _table_cog(interaction).on_replace(interaction, self.game, self.old, self.new)


class LogPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"gmlog:(?P<game>[0-9]{1,18}):(?P<page>[0-9]{1,5})(?::(?P<way>[pn]))?"):
    """◀ / ▶ on a log page; `way` keeps the two ids distinct when both point at the same page."""

    def __init__(self, game: int, page: int, label: str = "…", way: str = "", disabled: bool = False) -> None:
        custom = f"gmlog:{game}:{page}" + (f":{way}" if way else "")
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom, disabled=disabled))
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "LogPageButton":
        return cls(int(match["game"]), int(match["page"]), way=match["way"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _table_cog(interaction).show_log(interaction, self.page, edit=True, game=self.game)


class ShowButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"gmshow:(?P<what>status|log|history):(?P<game>[0-9]{1,18}):(?P<page>[0-9]{1,5})"):
    """"Show everyone" under a private answer: posts the same thing publicly (spectator view)."""

    def __init__(self, what: str, game: int, page: int = 0, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           custom_id=f"gmshow:{what}:{game}:{page}"))
        self.what, self.game, self.page = what, game, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ShowButton":
        return cls(match["what"], int(match["game"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _table_cog(interaction).on_show(interaction, self.what, self.game, self.page)


def show_view(what: str, game: int, locale: str, page: int = 0, view: discord.ui.View | None = None) -> discord.ui.View:
    view = view or discord.ui.View(timeout=None)
    view.add_item(ShowButton(what, game, page, t(locale, "table.show_everyone")))
    return view


DYNAMIC_ITEMS = (VoteButton, UndoButton, ReplaceButton, LogPageButton, ShowButton, NewsButton)


class TableCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        #: who asked for DMs (/notify), as read from or written to the store by this process
        #: (the only writer): a turn's "it is your turn" DM needs no store trip after the first
        self._wants_dm: dict[int, bool] = {}
        self.started_at = 0.0
        settings = getattr(bot, "settings", None)
        if settings is not None:
            self.ticker.change_interval(seconds=settings.clock_interval)

    async def cog_load(self) -> None:
        if hasattr(self.bot, "gm"):
            #: a turn message owed since before this moment cannot be in the hands of a press of
            #: this process: the first clock pass posts it at once (gm.session.delivery)
            self.started_at = _gm(self.bot).clock()
            self.ticker.start()

    async def cog_unload(self) -> None:
        self.ticker.cancel()

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
        if channel is not None and message and hasattr(channel, "get_partial_message"):  # (no channel without a message)
            kwargs, _message = turn_kwargs(result, locale)
            edit = {"content": kwargs.get("content"), "embeds": kwargs.get("embeds", []), "view": kwargs.get("view")}
            try:
                await channel.get_partial_message(int(message)).edit(**edit)
            except discord.HTTPException as exc:
                log.warning("turn message %s of game %s could not be edited (%s): posting it anew",
                            message, result.record.id, exc)
            else:
                await _gm(interaction.client).prompt_delivered(result.record.channel_id, result.record.id,
                                                               result.record.version, int(message))
                return
        await send_turn(interaction, result, locale, followup=True, digest=False)

    async def post_decision(self, interaction: discord.Interaction, found: Result, locale: str) -> None:
        """The pending decision after a system's own status command (see ui.replies.send_decision)."""
        await send_decision(interaction, found, locale)

    # -- the clock loop -------------------------------------------------------------------------
    @tasks.loop(seconds=30)
    async def ticker(self) -> None:
        await self.run_clock()

    @ticker.before_loop
    async def _before(self) -> None:
        await self.bot.wait_until_ready()

    async def run_clock(self) -> list[Tick]:
        """One pass over the games whose deadline passed (also right after a restart)."""
        done: list[Tick] = []
        gm = _gm(self.bot)
        store = gm.store
        try:
            await deliver_pending(self.bot, store, self.bot.settings.default_locale)  # type: ignore[attr-defined]  # the bot is bot.GameBot, which has settings
            # (committed before a crash, or held for a permission, and not yet posted)
            await self.deliver_owed()  # steps committed whose turn message never reached the channel
            due = await gm.due_games()
        except StoreError as exc:  # database gone, disk full, lease lost: nothing may change
            log.warning("turn clock skipped a pass: %s", exc)
            return done
        for record in due:
            try:
                # the state change and its announcement commit together (outbox), and are
                # posted after the commit with a de-duplicating nonce: exactly once
                capture = Capture()
                token = CAPTURE.set(capture)
                try:
                    async with store.channel_lock(record.channel_id), store.transaction():
                        tick = await gm.tick_game(record.id)
                        if tick is not None:
                            await self.announce(tick)
                            await capture.enqueue(store, record.id)
                            # the outbox now carries what these steps owe the channel
                            await gm.prompt_delivered(record.channel_id, tick.result.record.id,
                                                      tick.result.record.version, None)
                finally:
                    CAPTURE.reset(token)
                if tick is not None:
                    done.append(tick)
            except Exception:  # one broken game must not stop the clock for the others
                log.exception("turn clock failed for game %s", record.id)
        try:
            await deliver_pending(self.bot, store, self.bot.settings.default_locale)  # type: ignore[attr-defined]  # the bot is bot.GameBot, which has settings
        except StoreError as exc:
            log.warning("turn clock could not post: %s", exc)
        return done

    async def deliver_owed(self) -> int:
        """Post the turn message of every game whose last committed step never got its own to
        the channel (the bot died between commit and post, or Discord refused every reply):
        the players get their buttons back without asking. Returns how many were posted."""
        gm = _gm(self.bot)
        posted = 0
        locale = self.bot.settings.default_locale  # type: ignore[attr-defined]  # the bot (bot.GameBot) carries its settings
        for record in await gm.owed_games(self.started_at):
            try:
                fresh = await gm.store.get_game(record.id)
                if fresh is None or not gm.owes(fresh, self.started_at):
                    continue
                channel = await self._channel(fresh.channel_id)
                if channel is None:  # the channel is gone: nobody is waiting there
                    await gm.prompt_delivered(fresh.channel_id, fresh.id, fresh.version, None)
                    continue
                result = Result(fresh, gm.decode(fresh))
                kwargs = await turn_message(result, locale)
                kwargs["content"] = clip(t(locale, "table.prompt_resent") + "\n" + (kwargs.get("content") or ""), 2000)
                kwargs.setdefault("allowed_mentions", PINGS)
                # the same step's message posted twice (two passes racing a slow Discord) folds into
                # one; a channel denying the bot a permission holds it, and the host is told once
                sent = await post_or_hold(self.bot, channel, fresh, {"nonce": f"t{fresh.id}v{fresh.version}"[:25], **kwargs},
                                          locale)
                if sent is None:
                    continue
                await gm.refusal_cleared(fresh.channel_id, fresh.id)
                await gm.prompt_delivered(fresh.channel_id, fresh.id, fresh.version, sent.id)
                posted += 1
            except discord.HTTPException as exc:  # Discord down or refusing: the next pass tries again
                log.warning("could not post the owed turn message of game %s: %s", record.id, exc)
            except Exception:  # one broken game must not stop the others
                log.exception("owed turn message of game %s failed", record.id)
        return posted

    async def _channel(self, channel_id: int) -> discord.abc.Messageable | None:
        return await channel_of(self.bot, channel_id)

    async def announce(self, tick: Tick) -> None:
        channel = sink(tick.result.record.channel_id) or await self._channel(tick.result.record.channel_id)
        if channel is None:
            return
        locale = self.bot.settings.default_locale  # type: ignore[attr-defined]  # the bot (bot.GameBot) carries its settings
        result = tick.result
        name = result.state.player(tick.player).name if tick.player and result.state.has_player(tick.player) else "?"
        if tick.kind == "reminder":
            await channel.send(t(locale, "table.reminder", mention=mention(tick.player or ""), when=rel(tick.expires_at or 0)),
                               allowed_mentions=PINGS)
            await self.notify_dm(tick.player, t(locale, "table.reminder_dm", when=rel(tick.expires_at or 0),
                                                channel=f"<#{result.record.channel_id}>"))
        elif tick.kind == "vote":
            view = discord.ui.View(timeout=None)
            for choice in ("skip", "ai", "remove"):
                view.add_item(VoteButton(result.record.id, choice, t(locale, f"table.vote_{choice}")))
            text = t(locale, "table.vote_prompt", player=name)
            vote = result.table.vote
            if vote is not None and vote.deadline is not None:
                text += "\n" + t(locale, "table.vote_deadline", when=rel(vote.deadline),
                                  fallback=t(locale, f"table.vote_{VOTE_FALLBACK}"))
            await channel.send(text, view=view, allowed_mentions=discord.AllowedMentions.none())
        elif tick.kind == "ai_resumed":
            # shown once the AI seats are done: a person must decide, or the game is over (a
            # long AI-only stretch goes on tick after tick without a message each time)
            pend = result.system.pending(result.state) if result.record.status == "active" else None
            if pend is None or not result.state.player(pend.player).ai:
                await channel.send(**await turn_message(result, locale))
                await self.notify_next(result, locale)
        elif tick.kind == "vote_closed":
            kwargs = await turn_message(result, locale)
            kwargs["content"] = t(locale, "table.vote_closed", player=name,
                                  fallback=t(locale, f"table.vote_{VOTE_FALLBACK}")) + "\n" + (kwargs.get("content") or "")
            await channel.send(**kwargs)
            await self.notify_next(result, locale)
        else:
            kwargs = await turn_message(result, locale)
            kwargs["content"] = t(locale, "table.time_ran_out", player=name,
                                  how=t(locale, f"table.policy_{result.table.timebank.policy}")) \
                + "\n" + (kwargs.get("content") or "")
            await channel.send(**kwargs)
            await self.notify_next(result, locale)

    async def notify_dm(self, player: str | None, text: str) -> None:
        """A private nudge for people who asked for one with /notify."""
        if not player or not player.isdigit():
            return
        wanted = self._wants_dm.get(int(player))
        if wanted is None:
            stored = bool(await _gm(self.bot).store.get_user_setting(int(player), "notify_dm", False))
            # a /notify answered while this was read wins
            wanted = self._wants_dm.setdefault(int(player), stored)
        if not wanted:
            return
        if (dm := sink(int(player), "user")) is not None:  # the clock's outbox
            return await dm.send(text[:2000])
        try:
            user = self.bot.get_user(int(player)) or await self.bot.fetch_user(int(player))
            await user.send(text[:2000])
        except discord.HTTPException:
            log.info("could not DM %s", player)

    # -- "since my last turn" -------------------------------------------------------------------------
    async def on_news(self, interaction: discord.Interaction, game: int) -> None:
        """The "since my last turn" button of a turn message: the presser's digest, privately,
        then the decision the game waits for (her own live buttons when it is hers), so the news
        comes before the prompt she answers. Like /game status it marks the news as seen, so her
        first press does not repeat it."""
        locale = locale_of(interaction)
        gm = _gm(interaction.client)
        found = await gm.current(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        if found is None or found.record.id != game or isinstance(found.state, Lobby):
            return await reply_private(interaction, t(locale, "table.news_gone"))
        _, digest = await gm.status_digest(interaction.channel_id, interaction.user.id, found)  # type: ignore[arg-type]  # a command or click always comes from a channel
        text = digest_text(found, digest, locale, viewer=str(interaction.user.id)) \
            or t(locale, "table.news_none")
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
        await send_decision(interaction, found, locale)

    # -- a prompt's buttons --------------------------------------------------------------------------
    async def on_choice(self, interaction: discord.Interaction, game: int, version: int, index: int) -> None:
        """A button or select on a prompt, in any table game: the prompt message says who chose
        what, the turn message follows."""
        locale = locale_of(interaction)
        try:
            if index < 0:
                raise GameError("error.forged_prompt")
            result = await _gm(interaction.client).act_choice(interaction.channel_id, interaction.user.id,  # type: ignore[arg-type]  # a command or click always comes from a channel
                                                             game, version, index)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        start_picture(result, locale)
        actor = str(interaction.user.id)
        # the echo is posted in the channel: it says in full what the button said (a label may
        # have been shortened), from the same spectator view, never from the chooser's own view
        # (a Guardian she saw in a dream, the characters dealt to her)
        before = result.system.view(result.before, None)
        label = table_ui(result).action_label(before, actor, result.chosen, locale)
        done = t(locale, "play.done", player=interaction.user.display_name, choice=label or "")
        await edit_pressed(interaction, content=clip(done, 2000), view=None)
        await send_turn(interaction, result, locale, followup=True)
        await send_private(interaction, result, actor, locale)

    async def on_replace(self, interaction: discord.Interaction, game: int, old: str, new: str) -> None:
        if str(interaction.user.id) != new:
            return await reply_private(interaction, t(locale_of(interaction), "error.not_your_seat_offer"))
        try:
            result = await _gm(interaction.client).accept_replace(interaction.channel_id, interaction.user.id,  # type: ignore[arg-type]  # a command or click always comes from a channel
                                                                  interaction.user.display_name, game, old)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        locale = locale_of(interaction)
        await edit_pressed(interaction, content=t(locale, "table.replaced", new=interaction.user.mention,
                                                  old=seat_name(result, old)), view=None)
        await send_turn(interaction, result, locale, followup=True, digest=False)

    async def on_vote(self, interaction: discord.Interaction, game: int, choice: str) -> None:
        locale = locale_of(interaction)
        try:
            result, decided = await _gm(interaction.client).cast_vote(interaction.channel_id, interaction.user.id, game, choice)  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        if not decided:
            return await reply_private(interaction, t(locale, "table.vote_counted"))
        await edit_pressed(interaction, content=t(locale, "table.vote_decided", choice=t(locale, f"table.vote_{choice}")),
                           view=None)
        await send_turn(interaction, result, locale, followup=True, digest=False)

    async def on_undo(self, interaction: discord.Interaction, game: int, version: int, yes: bool) -> None:
        locale = locale_of(interaction)
        try:
            # a command or click always comes from a channel
            result, outcome = await _gm(interaction.client).answer_undo(interaction.channel_id,  # type: ignore[arg-type]  # from a channel
                                                                        interaction.user.id, game, version, yes)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        if outcome == "waiting":
            return await reply_private(interaction, t(locale, "table.undo_waiting"))
        await edit_pressed(interaction, content=t(locale, f"table.undo_{outcome}"), view=None)
        if outcome == "applied":
            await send_turn(interaction, result, locale, followup=True, digest=False, notify=False)

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

    async def show_log(self, interaction: discord.Interaction, page: int | None, edit: bool = False, last: int | None = None,
                       game: int | None = None) -> None:
        """A private page of the log: the newest first, with ◀ and ▶ (greyed out at either end)
        and "Show everyone"."""
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
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def on_show(self, interaction: discord.Interaction, what: str, game: int, page: int) -> None:
        """Repost a private answer for the whole channel, built from the spectator view, and take
        the button off the private copy so it is posted once."""
        locale = locale_of(interaction)
        gm = _gm(interaction.client)
        try:
            if what == "history":  # the channel's list names every game, table or not
                await self._record(interaction, game)
                kwargs: dict[str, Any] = {
                    "embed": history_embed(await gm.history(interaction.channel_id), locale),  # type: ignore[arg-type]  # a command or click always comes from a channel
                    "content": t(locale, "table.shared_by", player=interaction.user.mention)}
            else:
                found = await self._game(interaction, game)
                rows = await gm.store.actions(found.record.id) if what == "log" else []
                kwargs = shared_message(what, found, locale, gm.clock(), interaction.user.mention, rows=rows, page=page)
                if what == "status" and not isinstance(found.state, Lobby) and table_ui(found).board_picture is not None:
                    kwargs["file"] = await board_file(spectator(found), locale)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await interaction.response.edit_message(view=None)
        await interaction.followup.send(allowed_mentions=discord.AllowedMentions.none(), **kwargs)

    @app_commands.command(name="notify", description="Also get a direct message when you must act")
    @app_commands.choices(dm=[app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")])
    async def notify(self, interaction: discord.Interaction, dm: str) -> None:
        await _gm(interaction.client).store.set_user_setting(interaction.user.id, "notify_dm", dm == "on")
        self._wants_dm[interaction.user.id] = dm == "on"
        await reply_private(interaction, t(locale_of(interaction), f"table.notify_{dm}"))

    @app_commands.command(name="me", description="Your character sheet (only you see it)")
    async def me(self, interaction: discord.Interaction) -> None:
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
        await interaction.response.send_message(embed=sheet_message(found, str(interaction.user.id), locale), ephemeral=True)

    @app_commands.command(name="help", description="What this bot does and how to play")
    async def help(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        embed = discord.Embed(title=t(locale, "help.title"), description=t(locale, "help.body"))
        embed.add_field(name=t(locale, "help.host_title"), value=t(locale, "help.host_rule"), inline=False)
        embed.add_field(name=t(locale, "help.games_title"), value=games_help(locale)[:1024], inline=False)
        embed.add_field(name=t(locale, "help.more_title"), value=t(locale, "help.more")[:1024], inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def notify_next(self, result: Result, locale: str) -> None:
        """One "it is your turn" DM per turn: only when these steps started the turn of whoever
        must act now (extra turns start a turn too); later steps of the same turn send nothing."""
        if isinstance(result.state, Lobby) or result.record.status != "active":
            return
        pend = result.system.pending(result.state)
        if pend is None:
            return
        started = [e.player for step in result.steps for e in step.events if e.kind == "turn_started"]
        channel = f"<#{result.record.channel_id}>"
        if started and started[-1] == pend.player:
            await self.notify_dm(pend.player, t(locale, "table.your_turn_dm", channel=channel))
            return
        # a decision passed to someone in the middle of another's turn (a defender choosing
        # what to lose, the Royal Cape's holder picking the battleground): they are told too
        before = result.system.pending(result.before) if result.before is not None else None
        if not started and (before is None or before.player != pend.player):
            await self.notify_dm(pend.player, t(locale, "table.your_decision_dm", channel=channel))



if TYPE_CHECKING:  # the checker sees the mixin as what it is mixed into, so its commands type-check
    _GroupCogMixin = commands.GroupCog
else:
    _GroupCogMixin = object


class TableCommands(_GroupCogMixin):
    """/game subcommands for play by chat; mixed into the /game group cog (cogs.lobby)."""

    @app_commands.command(name="settings", description="Change the time bank (host)")
    @app_commands.describe(bank_hours="Starting time bank per player, in hours", increment_hours="Hours added after each turn",
                           cap_hours="Most hours a bank can hold", reminders="Hours before running out to remind, e.g. 24,1",
                           policy="What happens when a bank runs out")
    @app_commands.choices(policy=[app_commands.Choice(name=n, value=n) for n in ("ai", "skip", "vote")])
    async def settings_cmd(self, interaction: discord.Interaction,
                           bank_hours: Optional[app_commands.Range[float, 0.1, 1440.0]] = None,
                           increment_hours: Optional[app_commands.Range[float, 0.0, 720.0]] = None,
                           cap_hours: Optional[app_commands.Range[float, 0.1, 2880.0]] = None,
                           reminders: Optional[app_commands.Range[str, 0, 60]] = None, policy: Optional[str] = None) -> None:
        locale = locale_of(interaction)
        changes: dict[str, Any] = {}
        try:
            if bank_hours is not None:
                changes["start"] = float(bank_hours) * HOUR
            if increment_hours is not None:
                changes["increment"] = float(increment_hours) * HOUR
            if cap_hours is not None:
                changes["cap"] = float(cap_hours) * HOUR
            if reminders is not None:
                changes["reminders"] = [float(x) * HOUR for x in reminders.replace(" ", "").split(",") if x]
            if policy is not None:
                changes["policy"] = policy
            result = await _gm(interaction.client).configure(interaction.channel_id, interaction.user.id, **changes)  # type: ignore[arg-type]  # a command or click always comes from a channel
        except ValueError:
            return await reply_private(interaction, t(locale, "error.bad_options", detail=reminders or ""))
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        tb = result.table.timebank
        await interaction.response.send_message(t(locale, "table.settings_now", bank=f"{tb.start / HOUR:g}",
                                                  inc=f"{tb.increment / HOUR:g}", cap=f"{tb.cap / HOUR:g}",
                                                  reminders=", ".join(f"{r / HOUR:g}" for r in tb.reminders) or "—",
                                                  policy=t(locale, f"table.policy_{tb.policy}")))

    @app_commands.command(name="pause", description="Pause the game and its clock (host)")
    async def pause(self, interaction: discord.Interaction) -> None:
        await self._pause(interaction, True)

    @app_commands.command(name="resume", description="Resume a paused game (host)")
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._pause(interaction, False)

    async def _pause(self, interaction: discord.Interaction, paused: bool) -> None:
        try:
            await _gm(interaction.client).pause(interaction.channel_id, interaction.user.id, paused)  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        locale = locale_of(interaction)
        await interaction.response.send_message(t(locale, "table.paused" if paused else "table.resumed",
                                                  player=interaction.user.mention),
                                                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="vacation", description="Stop your time bank for some days")
    @app_commands.describe(days="How many days (1 to 14)")
    async def vacation(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 14]) -> None:
        try:
            await _gm(interaction.client).vacation(interaction.channel_id, interaction.user.id, float(days))  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        locale = locale_of(interaction)
        until = _gm(interaction.client).clock() + days * DAY
        await interaction.response.send_message(t(locale, "table.vacation_set", player=interaction.user.mention, when=rel(until)),
                                                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="replace", description="Give a seat to someone else (host; they must accept)")
    @app_commands.describe(old="Who leaves the seat", new="Who takes it over")
    async def replace(self, interaction: discord.Interaction, old: discord.User, new: discord.User) -> None:
        locale = locale_of(interaction)
        try:
            # a command or click always comes from a channel
            result = await _gm(interaction.client).propose_replace(interaction.channel_id,  # type: ignore[arg-type]  # from a channel
                                                                   interaction.user.id, str(old.id), str(new.id))
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        view = discord.ui.View(timeout=None)
        view.add_item(ReplaceButton(result.record.id, str(old.id), str(new.id), t(locale, "table.replace_accept")))
        # the one leaving by the name they sat under: a mention of someone gone from the server is a bare id
        await interaction.response.send_message(t(locale, "table.replace_offer", new=new.mention, old=seat_name(result,
                                                                                                                str(old.id))),
                                                view=view, allowed_mentions=PINGS)

    @app_commands.command(name="undo", description="Propose to take back your last step (everyone must agree)")
    async def undo(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
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
        await interaction.response.send_message(t(locale, "table.undo_proposed", player=interaction.user.mention, what=what),
                                                view=view,
                                                allowed_mentions=discord.AllowedMentions.none())

    # -- the record ------------------------------------------------------------------------------------
    @app_commands.command(name="log", description="What happened in this game, page by page")
    @app_commands.describe(last="Show only the last N lines")
    async def log_cmd(self, interaction: discord.Interaction, last: Optional[app_commands.Range[int, 1, 500]] = None) -> None:
        await _table_cog(interaction).show_log(interaction, None, last=last)

    @app_commands.command(name="export", description="The full action log with seed and settings, as JSON")
    async def export(self, interaction: discord.Interaction) -> None:
        try:
            found, doc = await _gm(interaction.client).export(interaction.channel_id, viewer=str(interaction.user.id))  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        data = json.dumps(doc, indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"game-{found.record.id}.json")
        key = "table.exported" if doc.get("complete") else "trust.exported_open"
        await interaction.response.send_message(t(locale_of(interaction), key, game_id=found.record.id, n=len(doc["actions"])),
                                                file=file, ephemeral=True)

    @app_commands.command(name="replay", description="Re-play the stored log from the seed and check it gives the stored game")
    async def replay_cmd(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        # a long log (a campaign) can take longer than Discord's 3 s: "thinking…" first
        await interaction.response.defer(ephemeral=True, thinking=True)
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
        locale = locale_of(interaction)
        games = await _gm(interaction.client).history(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        if not games:
            return await reply_private(interaction, t(locale, "error.no_game"))
        await interaction.response.send_message(embed=history_embed(games, locale), ephemeral=True,
                                                view=show_view("history", games[-1].record.id, locale))



async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCog(bot))
