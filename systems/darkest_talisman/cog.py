"""/campaign: open, join and start a Darkest Talisman campaign in this channel, and look at it.

A campaign is a table game of the game master (seats, time banks, expiry, undo, log, export,
restarts), opened here rather than with /game new. Solo: one person controls the whole party
and the campaign starts at once. Co-op: the others join (or the host adds AI seats), the host
starts, and the three characters are dealt round the seats; each person decides for their own
characters and is pinged when one must decide. Each command is parse -> game master -> render.
"""
from __future__ import annotations

import io
import json
from typing import Any, Optional

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.errors import RuleError
from engine.darkest_talisman import actions as talisman_actions
from engine.darkest_talisman.content import ContentError
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.expansions.registry import NAMES as EXPANSION_NAMES
from engine.darkest_talisman.expansions.registry import complete as complete_expansions
from engine.darkest_talisman.expansions.registry import parse_list as parse_expansions
from engine.darkest_talisman.game import SYSTEM
from gm.i18n import t
from gm.session import GameError, GameMaster, Lobby, Result
from gm.session.delivery import stale_prompt
from systems.darkest_talisman.buttons import ActionSelect, BackButton, ConfirmButton, GroupSelect
from systems.darkest_talisman.describe import describe_action, what_text
from systems.darkest_talisman.embeds import COLOUR, casting_lines, party_embed, status_embeds, village_embed
from systems.darkest_talisman.names import Names
from systems.darkest_talisman.picture import render_party
from ui.errors import refuse
from ui.pictures import PICTURES, picture_key, spectator_drawing
from ui.replies import (
    acknowledge,
    acknowledge_command,
    edit_pressed,
    locale_of,
    refresh_turn,
    reply_own,
    reply_private,
    reply_public,
    send_decision,
    send_turn,
)
from ui.routing import cog as cog_of
from ui.text import clip, fit_embeds, mention
from ui.views import MAX_OPTIONS

PICTURE_FILE = "party.png"
#: selects in a private menu of character actions (Discord allows five rows)
MENU_SELECTS = 5


def _gm(interaction: discord.Interaction) -> GameMaster:
    gm: GameMaster = interaction.client.gm  # type: ignore[attr-defined]  # the bot (bot.GameBot) carries its game master
    return gm


def default_ending(mode: str) -> str:
    """The ending when /campaign new names none (ruling solo_ending): the book's last survivor for
    a co-op table, where each person plays for the Crown, but the optional co-op ending for one
    person playing the whole party, who would otherwise fight themselves at the Tower (C10f)."""
    return "together" if mode == "solo" else "last_survivor"


def lobby_embed(result: Result, locale: str) -> discord.Embed:
    """A campaign waiting to start: who sits at it, and how to fill and start it."""
    lobby = result.state
    assert isinstance(lobby, Lobby)
    e = discord.Embed(title=t(locale, "talisman.lobby.title", game_id=result.record.id), colour=COLOUR,
                      description=t(locale, "talisman.lobby.how", max=SYSTEM.max_seats))
    seats = [mention(s.player) if not s.ai else f"🤖 {s.name}" for s in lobby.seats]
    e.add_field(name=t(locale, "talisman.lobby.seats", count=len(lobby.seats), max=SYSTEM.max_seats),
                value="\n".join(seats) or "—", inline=False)
    e.add_field(
        name=t(locale, "talisman.lobby.ending"),
        value=t(locale, f"talisman.ending.{lobby.options.get('crown', 'last_survivor')}"),
        inline=False,
    )
    chosen = [p for p in str(lobby.options.get("pack", "core")).split("+") if p != "core"]
    if chosen:  # who joins sees what the host chose before the campaign starts
        e.add_field(name=t(locale, "talisman.lobby.expansions"),
                    value=", ".join(_expansion_name(p, locale) for p in chosen), inline=False)
    return e


def _expansion_name(eid: str, locale: str) -> str:
    """The expansion's name in the reader's language (its pack's `names`), else the typed name."""
    try:
        manifest = expansion_by_id(eid).manifest
    except ContentError:
        return EXPANSION_NAMES.get(eid, eid)
    return manifest.names.get(locale.split("-")[0], manifest.name)


def campaign_status(found: Result, viewer: str, locale: str) -> list[discord.Embed]:
    """/campaign status: the party, the road or the village and the campaign so far, as `viewer`
    may see them, the party picture shown on the last embed."""
    embeds = status_embeds(found.view(viewer), found.record.id, locale, found.record.status)
    embeds[-1].set_image(url=f"attachment://{PICTURE_FILE}")
    return fit_embeds(embeds)


def look_embed(found: Result, viewer: str, build: Any, locale: str) -> discord.Embed:
    """/campaign party or village (`build`: party_embed, village_embed) as `viewer` may see it."""
    return fit_embeds([build(found.view(viewer), locale)])[0]


#: the kinds of character actions, most useful first: the private menu's groups in this order
MENU_KINDS: tuple[tuple[str, tuple[type, ...]], ...] = (
    ("use", (talisman_actions.Use, talisman_actions.CashBag, talisman_actions.BuildRaft)),
    ("cast", (talisman_actions.Cast,)),
    ("shop", (talisman_actions.Restore, talisman_actions.Buy, talisman_actions.Visit, talisman_actions.Sell,
              talisman_actions.CashTrophies)),
    ("storage", (talisman_actions.Retrieve, talisman_actions.Store)),
    ("order", (talisman_actions.SetOrder,)),
    ("drop", (talisman_actions.Drop,)),
)
#: the groups' select takes the first row; the chosen group's actions the other four
GROUP_ACTION_SELECTS = MENU_SELECTS - 1


def kind_of(action: Any) -> str:
    return next((kind for kind, types in MENU_KINDS if isinstance(action, types)), "use")


def menu_groups(found: Result, actor: str, free: list[tuple[int, Any]], locale: str) -> list[tuple[str, list[tuple[int, Any]]]]:
    """`actor`'s free actions grouped by character and kind, most useful kind first (using an
    Object, casting, services and shopping, storage, the Marching Order, dropping last), each
    character in the Marching Order; each group (its label, its (index, action) pairs)."""
    shown = found.view(actor)
    order = list(shown.data.get("order") or [])
    groups: dict[tuple[int, int], list[tuple[int, Any]]] = {}
    heroes: dict[tuple[int, int], str] = {}
    for i, a in free:
        hero = getattr(a, "hero", None)
        rank = next(r for r, (kind, _types) in enumerate(MENU_KINDS) if kind == kind_of(a))
        place = order.index(hero) if hero in order else len(order)
        groups.setdefault((rank, place), []).append((i, a))
        heroes[(rank, place)] = hero or ""
    n = Names(shown, locale)
    out = []
    for key in sorted(groups):
        kind = MENU_KINDS[key[0]][0]
        who = n.hero(heroes[key]) if heroes[key] else t(locale, "talisman.menu.party")
        label = t(locale, "talisman.menu.group", who=who, kind=t(locale, f"talisman.menu.kind.{kind}"), n=len(groups[key]))
        out.append((label, groups[key]))
    return out


def manage_menu(
    found: Result, actor: str, free: list[tuple[int, Any]], locale: str, group: int = 0
) -> tuple[str, discord.ui.View]:
    """"Character actions": the private menu of `actor`'s free actions, (index, action) pairs.

    Within Discord's limits however much a party carries: the first select picks a group (a
    character's actions of one kind, `menu_groups`), the others list the chosen group's
    actions, 25 to a select (each option's value the action's index in their legal actions).
    A group of more than a hundred actions shows its first hundred (never met in play)."""
    shown = found.view(actor)
    game, version = found.record.id, found.record.version
    view = discord.ui.View(timeout=None)
    groups = menu_groups(found, actor, free, locale)
    group = group if 0 <= group < len(groups) else 0
    label, chosen = groups[group]
    if len(groups) > 1:
        options = [discord.SelectOption(label=clip(g_label, 100), value=str(k), default=k == group)
                   for k, (g_label, _acts) in enumerate(groups[:MAX_OPTIONS])]
        view.add_item(GroupSelect(game, version, options, placeholder=t(locale, "talisman.menu.pick_group")))
    room = GROUP_ACTION_SELECTS if len(groups) > 1 else MENU_SELECTS
    chunks = [chosen[i:i + MAX_OPTIONS] for i in range(0, len(chosen), MAX_OPTIONS)][:room]
    for part, chunk in enumerate(chunks):
        options = [discord.SelectOption(label=clip(describe_action(shown, actor, a, locale), 100), value=str(i))
                   for i, a in chunk]
        view.add_item(ActionSelect(game, version, part, options, placeholder=t(locale, "talisman.prompt.choose")))
    text = t(locale, "talisman.prompt.menu", n=len(free)) + "\n" + t(locale, "talisman.menu.showing", group=label)
    if len(chosen) > MAX_OPTIONS * room:
        text += "\n" + t(locale, "talisman.prompt.menu_more", n=len(chosen) - MAX_OPTIONS * room)
    return text, view


def needs_confirmation(action: Any) -> bool:
    """A drop is confirmed with a second press before it is sent: in a village the thing is
    discarded for good, on the road it is left behind (C4b-a), a Talisman included."""
    return isinstance(action, talisman_actions.Drop)


def confirm_menu(found: Result, actor: str, index: int, action: Any, locale: str) -> tuple[str, discord.ui.View]:
    """The private menu turned into "Drop X? ... [Confirm drop of X] [Back]"; nothing is sent yet."""
    shown = found.view(actor)
    n = Names(shown, locale)
    what = what_text(n, [action.thing] if action.thing else [], action.gold)
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(found.record.id, found.record.version, index, t(locale, "talisman.menu.confirm", what=what)))
    view.add_item(BackButton(found.record.id, found.record.version, t(locale, "talisman.menu.back")))
    where = "talisman.menu.drop_road" if shown.data.get("mode") == "road" else "talisman.menu.drop_village"
    text = t(locale, "talisman.menu.confirm_text", action=describe_action(shown, actor, action, locale)) + " " + t(locale, where)
    return text, view


def shared_change(before: Any, after: Result) -> bool:
    """Whether a character action matters to the others at the table, so the turn message is
    posted anew (pinging whoever must decide) rather than edited in place: the decision the
    campaign waits for changed (another question, other answers, another person deciding) or
    the campaign ended. Shopping, storing, healing, casting on oneself and dropping leave the
    question as it was; then the live turn message is edited (its buttons carry the new state
    version, its narration says what was done) and nobody is pinged again."""
    now = after.system.pending(after.state) if after.record.status == "active" else None
    if before is None or now is None:
        return True
    return (before.player, before.kind, before.data.get("options")) != (now.player, now.kind, now.data.get("options"))


async def party_picture(result: Result, locale: str) -> discord.File:
    """The party picture of this state version, drawn in a worker process (ui.pictures: cached,
    the same entry as the turn message's picture of that version)."""
    data = await PICTURES.start(picture_key(result.record, "board", locale), spectator_drawing(result, render_party, locale))
    assert data is not None, "the party picture always draws something"
    return discord.File(io.BytesIO(data), filename=PICTURE_FILE)


class CampaignCog(commands.GroupCog, group_name="campaign", group_description="Darkest Talisman: the solo and co-op campaign"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    # -- finding this channel's campaign ------------------------------------------------------------
    async def _campaign(self, interaction: discord.Interaction) -> Result:
        """The channel's campaign (the open one, else the last that ended); GameError otherwise."""
        found = await _gm(interaction).latest(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        if found is None:
            raise GameError("talisman.err.no_campaign")
        if found.record.system != SYSTEM.name:
            raise GameError("error.other_system", system=found.record.system)
        return found

    async def _lobby_reply(self, interaction: discord.Interaction, result: Result, line: str) -> None:
        await reply_public(interaction, content=clip(line, 2000), embed=lobby_embed(result, locale_of(interaction)),
                           allowed_mentions=discord.AllowedMentions.none())

    # -- opening and filling a campaign ----------------------------------------------------------------
    @app_commands.command(name="new", description="Open a Darkest Talisman campaign in this channel")
    @app_commands.describe(
        mode="solo: you control the whole party; coop: each person one character",
        ending="How the Crown is won: the last survivor (co-op default) or every survivor together (solo default)",
        bank_hours="Thinking time per player, in hours (default 72)",
        policy="When someone's time runs out (default: the AI decides for them)",
        expansions="Expansions to play with, e.g. Reaper (DT sections E-M)",
    )
    @app_commands.choices(mode=[app_commands.Choice(name=n, value=v) for n, v in (("solo", "solo"), ("co-op", "coop"))],
                          ending=[app_commands.Choice(name=n, value=v) for n, v in
                                  (("last survivor", "last_survivor"), ("together", "together"))],
                          policy=[app_commands.Choice(name=n, value=n) for n in ("ai", "skip", "vote")])
    async def new(self, interaction: discord.Interaction, mode: str = "solo", ending: Optional[str] = None,
                  bank_hours: Optional[app_commands.Range[float, 0.1, 1440.0]] = None, policy: Optional[str] = None,
                  expansions: Optional[str] = None) -> None:
        locale = locale_of(interaction)
        chosen, unknown = parse_expansions(expansions or "")
        if unknown:  # a clear private refusal: nothing is opened
            return await reply_private(interaction, t(locale, "talisman.err.unknown_expansion", name=unknown[0],
                                                      known=", ".join(EXPANSION_NAMES.values())))
        if ending is None:  # ruling solo_ending: one person's characters do not fight each other
            ending = default_ending(mode)
        if interaction.channel_id is None:
            return await reply_private(interaction, t(locale, "error.not_in_guild"))
        # solo: nobody waits on the player, so no clock runs (else the AI would play on for them);
        # co-op: the table's time bank, as for any table game
        timebank: dict[str, Any] = {"enabled": mode != "solo"}
        if bank_hours is not None:
            timebank["start"] = float(bank_hours) * 3600
        if policy is not None:
            timebank["policy"] = policy
        gm = _gm(interaction)
        await acknowledge_command(interaction)
        try:
            result = await gm.new_game(interaction.channel_id, interaction.guild_id, interaction.user.id,
                                       interaction.user.display_name, SYSTEM.name,
                                       {"crown": ending, "pack": "+".join(["core", *chosen])}, timebank)
            if mode == "solo":
                result = await gm.start(interaction.channel_id, interaction.user.id)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        if mode == "solo":
            return await send_turn(interaction, result)
        await self._lobby_reply(interaction, result, t(locale, "talisman.lobby.created", host=interaction.user.mention,
                                                       game_id=result.record.id))

    @new.autocomplete("expansions")
    async def _expansions_complete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The expansions not yet typed, each appended to what is typed so far ("Reaper Blood Moon")."""
        return [app_commands.Choice(name=c, value=c) for c in complete_expansions(current)]

    @app_commands.command(name="join", description="Sit at this channel's campaign before it starts")
    async def join(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction)
        try:
            await self._campaign(interaction)
            result = await _gm(interaction).join(interaction.channel_id, interaction.user.id, interaction.user.display_name)  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await self._lobby_reply(
            interaction, result, t(locale_of(interaction), "talisman.lobby.joined", player=interaction.user.mention)
        )

    @app_commands.command(name="add-bot", description="Add an AI seat that runs its characters (host)")
    async def add_bot(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction)
        try:
            await self._campaign(interaction)
            result = await _gm(interaction).add_bot(interaction.channel_id, interaction.user.id, "heuristic")  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        seat = result.state.seats[-1]
        await self._lobby_reply(interaction, result, t(locale_of(interaction), "talisman.lobby.bot_added", player=seat.name))

    @app_commands.command(name="start", description="Deal the characters and set out (host)")
    async def start(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction)
        try:
            await self._campaign(interaction)
            result = await _gm(interaction).start(interaction.channel_id, interaction.user.id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await send_turn(interaction, result)

    # -- looking at it ---------------------------------------------------------------------------------
    @app_commands.command(name="status", description="The party, the road or the village, and the campaign so far")
    async def status(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction, ephemeral=True)  # it reads the store and draws the party
        locale = locale_of(interaction)
        try:
            found = await self._campaign(interaction)
        except GameError as exc:
            return await refuse(interaction, exc)
        if isinstance(found.state, Lobby):
            await reply_own(interaction, embed=lobby_embed(found, locale), allowed_mentions=discord.AllowedMentions.none())
            return
        embeds = campaign_status(found, str(interaction.user.id), locale)
        await reply_own(interaction, embeds=embeds, file=await party_picture(found, locale),
                        allowed_mentions=discord.AllowedMentions.none())
        await send_decision(interaction, found)

    async def on_road_party(self, interaction: discord.Interaction, game: int) -> None:
        """"Road and party" under a turn message: what /campaign status shows, privately (the
        turn message itself carries only what changed and what is asked). A button of another
        campaign than the channel's present one is refused as out of date. Acknowledged first (a
        private "thinking…"): it reads the store and draws the party."""
        await acknowledge_command(interaction, ephemeral=True)
        locale = locale_of(interaction)
        try:
            found = await self._campaign(interaction)
            if found.record.id != game or isinstance(found.state, Lobby):
                raise stale_prompt(found.record)
        except GameError as exc:
            return await refuse(interaction, exc)
        embeds = campaign_status(found, str(interaction.user.id), locale)
        await reply_own(interaction, embeds=embeds, file=await party_picture(found, locale),
                        allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="party", description="Every character of the party: figures, equipment, trophies")
    async def party(self, interaction: discord.Interaction) -> None:
        await self._look(interaction, party_embed)

    @app_commands.command(name="village", description="The village: the Blacksmith's stock, the services, what is stored")
    async def village(self, interaction: discord.Interaction) -> None:
        await self._look(interaction, village_embed)

    async def _look(self, interaction: discord.Interaction, build: Any) -> None:
        await acknowledge_command(interaction, ephemeral=True)  # it reads the store
        locale = locale_of(interaction)
        try:
            found = await self._campaign(interaction)
            if isinstance(found.state, Lobby):
                raise GameError("error.not_started")
        except GameError as exc:
            return await refuse(interaction, exc)
        await reply_own(interaction, embed=look_embed(found, str(interaction.user.id), build, locale))

    @app_commands.command(name="log", description="What happened in this campaign, page by page")
    @app_commands.describe(last="Show only the last N lines")
    async def log(self, interaction: discord.Interaction, last: Optional[app_commands.Range[int, 1, 500]] = None) -> None:
        await acknowledge_command(interaction, ephemeral=True)  # it reads and narrates the whole log
        try:
            await self._campaign(interaction)
        except GameError as exc:
            return await refuse(interaction, exc)
        table = cog_of(interaction, "HistoryCog")
        await table.show_log(interaction, None, last=last)

    @app_commands.command(name="export", description="The campaign's action log as JSON (sealed while it runs)")
    async def export(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction, ephemeral=True)  # the whole log, read and encoded
        try:
            await self._campaign(interaction)
            found, doc = await _gm(interaction).export(interaction.channel_id, viewer=str(interaction.user.id))  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        data = json.dumps(doc, indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"campaign-{found.record.id}.json")
        key = "table.exported" if doc.get("complete") else "trust.exported_open"
        await reply_own(interaction, content=t(locale_of(interaction), key, game_id=found.record.id, n=len(doc["actions"])),
                        file=file)

    # -- a person's own character actions ---------------------------------------------------------------
    async def _free_actions(
        self, interaction: discord.Interaction, game: int, version: int
    ) -> tuple[Result, list[tuple[int, Any]]]:
        """The campaign at exactly this version and the presser's free actions (index, action).

        The ids ride on the button, so a forged one may name any game: one of another system
        (a Prophecy table's, whose actions are not a campaign's) is out of date here too."""
        found = await _gm(interaction).current(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        if found is None or found.record.id != game or found.record.version != version or isinstance(found.state, Lobby) \
                or found.record.system != SYSTEM.name:
            raise stale_prompt(found.record if found is not None and found.record.system == SYSTEM.name else None)
        actor = str(interaction.user.id)
        if not found.state.has_player(actor):
            raise RuleError("error.not_a_player", actor=actor)
        acts = found.system.legal_actions(found.state, actor)
        return found, [(i, a) for i, a in enumerate(acts) if not isinstance(a, talisman_actions.Choose)]

    async def on_manage(self, interaction: discord.Interaction, game: int, version: int) -> None:
        """"Character actions": a private menu of what the presser may do now for their own
        characters (each option an index into their legal actions at this version). Acknowledged
        first with a private "thinking…": it reads the store; the menu fills that answer."""
        await acknowledge_command(interaction, ephemeral=True)
        locale = locale_of(interaction)
        try:
            found, free = await self._free_actions(interaction, game, version)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        actor = str(interaction.user.id)
        spells = self._spells(found, actor, locale)
        if not free:
            return await reply_private(interaction, spells or t(locale, "talisman.prompt.nothing_to_manage"))
        text, view = manage_menu(found, actor, free, locale)
        await reply_own(interaction, content=clip(f"{spells}\n\n{text}" if spells else text, 2000), view=view)

    @staticmethod
    def _spells(found: Result, actor: str, locale: str) -> str:
        """The Spells the public prompt casts by their place in the hand, by name for their caster."""
        return "\n".join(casting_lines(found.view(actor), actor, locale))

    async def on_menu_group(self, interaction: discord.Interaction, game: int, version: int, group: int) -> None:
        """Another group of the private menu (or back to it from a confirmation): the private
        message is edited, nothing is sent to the campaign."""
        locale = locale_of(interaction)
        await acknowledge(interaction)
        try:
            found, free = await self._free_actions(interaction, game, version)
            if free and not 0 <= group < len(menu_groups(found, str(interaction.user.id), free, locale)):
                raise GameError("error.forged_prompt")
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        actor = str(interaction.user.id)
        if not free:
            await edit_pressed(interaction, content=t(locale, "talisman.prompt.nothing_to_manage"), view=None)
            return
        text, view = manage_menu(found, actor, free, locale, group)
        await edit_pressed(interaction, content=clip(text, 2000), view=view)

    async def on_free_action(self, interaction: discord.Interaction, game: int, version: int, index: int) -> None:
        """One option of the private menu: a drop asks first (`confirm_menu`); anything else is
        applied at exactly that version (`_do_free`)."""
        locale = locale_of(interaction)
        await acknowledge(interaction)
        try:
            found, free = await self._free_actions(interaction, game, version)
            chosen = dict(free).get(index)
            if chosen is None:
                raise GameError("error.forged_prompt")
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        if needs_confirmation(chosen):
            text, view = confirm_menu(found, str(interaction.user.id), index, chosen, locale)
            await edit_pressed(interaction, content=clip(text, 2000), view=view)
            return
        await self._do_free(interaction, found, free, index)

    async def on_confirm(self, interaction: discord.Interaction, game: int, version: int, index: int) -> None:
        """"Confirm drop of X": the drop picked in the menu, sent now (at exactly that version)."""
        await acknowledge(interaction)
        try:
            found, free = await self._free_actions(interaction, game, version)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await self._do_free(interaction, found, free, index)

    async def _do_free(self, interaction: discord.Interaction, found: Result, free: list[tuple[int, Any]], index: int) -> None:
        """Apply a character action; the private menu is edited to say it was done and to offer
        what may be done next (no new message, no ping); the channel's turn message is edited
        in place, or posted anew when the action changed what the table waits for
        (`shared_change`)."""
        locale = locale_of(interaction)
        actor = str(interaction.user.id)
        try:
            chosen = dict(free).get(index)
            if chosen is None:
                raise GameError("error.forged_prompt")
            label = describe_action(found.view(actor), actor, chosen, locale, with_odds=False)
            before = found.system.pending(found.state)
            result = await _gm(interaction).act(interaction.channel_id, interaction.user.id, chosen,  # type: ignore[arg-type]  # a command or click always comes from a channel
                                                game_id=found.record.id, version=found.record.version)
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        done = t(locale, "talisman.menu.done", action=label)
        view: discord.ui.View | None = None
        text = done
        if result.record.status == "active" and isinstance(result.state, type(found.state)):
            acts = result.system.legal_actions(result.state, actor)
            now_free = [(i, a) for i, a in enumerate(acts) if not isinstance(a, talisman_actions.Choose)]
            if now_free:
                menu, view = manage_menu(result, actor, now_free, locale)
                text = f"{done}\n\n{menu}"
        await edit_pressed(interaction, content=clip(text, 2000), view=view)
        await refresh_turn(interaction, result, new=shared_change(before, result))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CampaignCog(bot))

