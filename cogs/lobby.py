"""/game: open a table, sit down, add AI seats, start, look at the board, end.

The systems offered and their characters come from the plug-in registry (systems/)."""
from __future__ import annotations

from typing import Optional

import discord
from discord import app_commands
from discord.ext import commands
from rapidfuzz import fuzz, process

from cogs.clock import ClockCommands
from cogs.common import board_file, plugin_of
from cogs.history import HistoryCommands, show_view
from cogs.prompts import digest_text, send_decision, send_turn, table_ui
from cogs.table import TableCommands, lobby_embed, status_message
from engine.core.errors import RuleError
from gm.i18n import t
from gm.session import AI_LEVELS, GameError, GameMaster, Lobby, Result
from systems import VariantClash, edition_name, edition_of, merge_options, new_game_choices, unavailable_for, variants_for
from systems.plugin import Character, Variant
from ui.errors import refuse
from ui.replies import acknowledge, acknowledge_command, edit_pressed, locale_of, reply_own, reply_private, reply_public
from ui.views import end_view


def _gm(interaction: discord.Interaction) -> GameMaster:
    gm: GameMaster = interaction.client.gm  # type: ignore[attr-defined]  # the bot (bot.GameBot) carries its game master
    return gm


def system_choices() -> list[app_commands.Choice[str]]:
    """The systems /game new offers: every registered table game (each edition of it), titled
    in each language."""
    return [app_commands.Choice(name=app_commands.locale_str(t("en", key), key=key), value=value)
            for value, key in new_game_choices()]


#: what separates optional rules typed into /game new's `variants`
VARIANT_SEPARATOR = ","


def chosen_variants(choice: str, text: str | None, locale: str) -> list[Variant]:
    """The optional rules named in `text` (keys or titles in any language, typos welcome), in
    the order typed; GameError naming the valid ones for anything else."""
    if not text or not text.strip():
        return []
    offered = variants_for(choice)
    system = _choice_title(choice, locale)
    if not offered:
        raise GameError("variant.none_for", system=system)
    by_name: dict[str, Variant] = {}
    for v in (*offered, *unavailable_for(choice)):
        for loc in ("en", "it"):
            by_name[t(loc, v.title_key).casefold()] = v
        by_name[v.key.casefold()] = v
        by_name[v.key.replace("_", " ").casefold()] = v
        for alias in v.aliases:
            by_name[alias.casefold()] = v
    out: list[Variant] = []
    for part in (x.strip() for x in text.split(VARIANT_SEPARATOR)):
        if not part:
            continue
        found = by_name.get(part.casefold())
        if found is None:
            # typos only: a whole-string likeness, so "Dragon Realm" is not taken for "Without
            # the Water Realm" (a partial match would open a game without the realm, silently)
            match = process.extractOne(part.casefold(), list(by_name), scorer=fuzz.ratio, score_cutoff=80)
            found = by_name[match[0]] if match is not None else None
        if found is None:
            raise GameError("variant.unknown", name=part[:50], system=system,
                            known=[t(locale, v.title_key) for v in offered])
        if found.unavailable_key is not None:
            raise GameError(found.unavailable_key, system=system)
        if found not in out:
            out.append(found)
    return out


def _choice_title(choice: str, locale: str) -> str:
    key = next((k for value, k in new_game_choices() if value == choice), None)
    return t(locale, key) if key else choice


def new_game_options(choice: str, variants: str | None, round_limit: int | None,
                     locale: str) -> tuple[str, dict[str, object], list[Variant]]:
    """(system, options, the optional rules chosen) for a /game new choice with its optional
    rules and round limit."""
    try:
        p, edition = edition_of(choice)
    except KeyError:
        raise GameError("error.unknown_system", system=choice[:40],
                        known=", ".join(t(locale, k) for _v, k in new_game_choices())) from None
    chosen = chosen_variants(choice, variants, locale)
    try:
        options = merge_options(edition.options if edition else {}, chosen)
    except VariantClash as exc:
        raise GameError("variant.clash", first=t(locale, exc.first.title_key), second=t(locale, exc.second.title_key)) from None
    if round_limit is not None:
        options["round_limit"] = round_limit
    return p.name, options, chosen


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


class LobbyCog(
    HistoryCommands,
    TableCommands,
    ClockCommands,
    commands.GroupCog,
    group_name="game",
    group_description="Start, join and run a game in this channel",
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _lobby_reply(self, interaction: discord.Interaction, result: Result, line: str) -> None:
        locale = locale_of(interaction)
        embed = lobby_embed(result, locale)
        await reply_public(interaction, content=line[:2000], embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="new", description="Open a new table in this channel")
    @app_commands.describe(
        system="Which game",
        round_limit="Optional: end after this many rounds (most Certificates wins)",
        bank_hours="Thinking time per player, in hours (default 72)",
        policy="When someone's time runs out (default: the AI plays their turn)",
        variants="Optional rules, separated by commas (pick from the list)",
    )
    @app_commands.choices(system=system_choices(), policy=[app_commands.Choice(name=n, value=n) for n in ("ai", "skip", "vote")])
    async def new(
        self,
        interaction: discord.Interaction,
        system: str,
        round_limit: Optional[app_commands.Range[int, 1, 1000]] = None,
        bank_hours: Optional[app_commands.Range[float, 0.1, 1440.0]] = None,
        policy: Optional[str] = None,
        variants: Optional[app_commands.Range[str, 1, 300]] = None,
    ) -> None:
        locale = locale_of(interaction)
        if interaction.channel_id is None:
            return await reply_private(interaction, t(locale, "error.not_in_guild"))
        try:
            system, options, chosen = new_game_options(system, variants, round_limit, locale)
        except GameError as exc:
            return await refuse(interaction, exc)
        timebank: dict[str, object] = {}
        if bank_hours is not None:
            timebank["start"] = float(bank_hours) * 3600
        if policy is not None:
            timebank["policy"] = policy
        await acknowledge_command(interaction)
        try:
            result = await _gm(interaction).new_game(
                interaction.channel_id,
                interaction.guild_id,
                interaction.user.id,
                interaction.user.display_name,
                system,
                options,
                timebank,
            )
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        line = t(
            locale, "lobby.created", host=interaction.user.mention, system=edition_name(system, options), game_id=result.record.id
        )
        if chosen:
            line += "\n" + t(
                locale,
                "variant.chosen",
                names="; ".join(f"**{t(locale, v.title_key)}**: {t(locale, v.summary_key)}" for v in chosen),
            )
        await self._lobby_reply(interaction, result, line)

    @new.autocomplete("variants")
    async def _variants_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The optional rules of the chosen game: what is typed so far stays, the last part is
        completed from the rules not chosen yet."""
        locale = locale_of(interaction)
        choice = str(getattr(interaction.namespace, "system", "") or "")
        offered = variants_for(choice)
        done, _, typing = current.rpartition(VARIANT_SEPARATOR)
        try:
            kept = chosen_variants(choice, done, locale) if done.strip() else []
        except GameError:
            kept = []
        needle = typing.strip().casefold()
        out = []
        for v in offered:
            if v in kept:
                continue
            title = t(locale, v.title_key)
            if needle and needle not in title.casefold() and needle not in v.key:
                continue
            names = [t(locale, k.title_key) for k in kept] + [title]
            label = f"{', '.join(names)} · {t(locale, v.summary_key)}"
            value = f"{VARIANT_SEPARATOR} ".join(names)
            if len(value) <= 100:
                out.append(app_commands.Choice(name=label[:100], value=value))
        return out[:25]

    @app_commands.command(name="join", description="Sit at the table")
    @app_commands.describe(character="Optional: the character you want (else one is dealt)")
    async def join(self, interaction: discord.Interaction, character: Optional[app_commands.Range[str, 1, 100]] = None) -> None:
        locale = locale_of(interaction)
        await acknowledge_command(interaction)
        try:
            chosen = await self._character(interaction, character, locale) if character else None
            result = await _gm(interaction).join(
                interaction.channel_id,  # type: ignore[arg-type]  # a command or click always comes from a channel
                interaction.user.id,
                interaction.user.display_name,
                chosen.id if chosen else None,
            )
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        as_char = t(locale, "lobby.as_character", character=chosen.name) if chosen else ""
        await self._lobby_reply(
            interaction, result, t(locale, "lobby.joined", player=interaction.user.mention, character=as_char)
        )

    async def _characters(self, interaction: discord.Interaction, locale: str) -> tuple[list[Character], set[str]]:
        """The characters of this channel's table (its system's), and those already taken."""
        found = await _gm(interaction).current(interaction.channel_id) if interaction.channel_id else None
        if found is None or not plugin_of(found).character_choice:
            return [], set()
        options = found.state.options if isinstance(found.state, Lobby) else found.record.options
        taken = {s.character for s in found.state.seats if s.character} if isinstance(found.state, Lobby) else set()
        return table_ui(found).characters(options, locale), taken

    async def _character(self, interaction: discord.Interaction, text: str, locale: str) -> Character | None:
        """The character `text` names; the refusal lists them by name in the reader's language."""
        found = await _gm(interaction).current(interaction.channel_id) if interaction.channel_id else None
        if found is not None and not plugin_of(found).character_choice:
            raise GameError("error.no_character_choice")  # a table that deals them (a campaign)
        characters, _taken = await self._characters(interaction, locale)
        if not characters:
            return None  # no table here: joining says so
        named = character_id(characters, text)
        if named is None:
            raise GameError("error.unknown_character_known", character=text[:50], known=", ".join(c.name for c in characters))
        return next(c for c in characters if c.id == named)

    @join.autocomplete("character")
    async def _character_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        characters, taken = await self._characters(interaction, locale_of(interaction))
        needle = current.casefold()
        return [
            app_commands.Choice(name=c.label, value=c.id)
            for c in characters
            if c.id not in taken and (not needle or any(needle in name.casefold() for name in c.aliases))
        ][:25]

    @app_commands.command(name="leave", description="Leave the table before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction)
        try:
            result = await _gm(interaction).leave(interaction.channel_id, interaction.user.id)  # type: ignore[arg-type]  # a command or click always comes from a channel
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
        await acknowledge_command(interaction)
        try:
            result = await _gm(interaction).add_bot(interaction.channel_id, interaction.user.id, level)  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        seat = result.state.seats[-1]
        await self._lobby_reply(interaction, result, t(locale_of(interaction), "lobby.bot_added", player=seat.name, level=level))

    @app_commands.command(name="kick", description="Remove someone from the table (host)")
    @app_commands.describe(member="Who to remove")
    async def kick(self, interaction: discord.Interaction, member: discord.User) -> None:
        await acknowledge_command(interaction)
        try:
            result = await _gm(interaction).kick(interaction.channel_id, interaction.user.id, str(member.id))  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await self._lobby_reply(interaction, result, t(locale_of(interaction), "lobby.kicked", player=member.mention))

    @app_commands.command(name="start", description="Start the game (host)")
    async def start(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction)
        try:
            result = await _gm(interaction).start(interaction.channel_id, interaction.user.id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await send_turn(interaction, result, locale_of(interaction), digest=False)

    @app_commands.command(name="status", description="Show the board and every character")
    async def status(self, interaction: discord.Interaction) -> None:
        """Private by default (it is large); "Show everyone" reposts it for the channel. Acknowledged
        first: it reads the store and may draw the board."""
        await acknowledge_command(interaction, ephemeral=True)
        locale = locale_of(interaction)
        found = await _gm(interaction).latest(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        if found is None:
            return await reply_private(interaction, t(locale, "error.no_game"))
        kwargs = status_message(found, locale, _gm(interaction).clock(), viewer=str(interaction.user.id))
        kwargs["view"] = show_view("status", found.record.id, locale)
        if isinstance(found.state, Lobby):
            if found.record.status != "lobby":  # ended before it started: say so above its last lobby
                kwargs["content"] = t(locale, "trust.closed_in_lobby", game_id=found.record.id)
            await reply_own(interaction, allowed_mentions=discord.AllowedMentions.none(), **kwargs)
            return
        _, digest = await _gm(interaction).status_digest(interaction.channel_id, interaction.user.id, found)  # type: ignore[arg-type]  # a command or click always comes from a channel
        if table_ui(found).board_picture is not None:
            kwargs["file"] = await board_file(found, locale)
        await reply_own(interaction, allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        text = digest_text(found, digest, locale, viewer=str(interaction.user.id))
        if text:
            await interaction.followup.send(text, ephemeral=True)
        await send_decision(interaction, found, locale)

    @app_commands.command(name="end", description="End the game (host or Manage Channel)")
    async def end(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        perms = interaction.permissions
        try:  # refused at once, before any confirmation is shown
            found = await _gm(interaction).may_end(
                interaction.channel_id,  # type: ignore[arg-type]  # a command or click always comes from a channel
                interaction.user.id,
                bool(perms and perms.manage_channels),
            )
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await interaction.response.send_message(
            t(locale, "lobby.end_confirm", game_id=found.record.id), view=end_view(found.record.id, locale), ephemeral=True
        )

    async def on_end_button(self, interaction: discord.Interaction, game_id: int, confirm: bool) -> None:
        locale = locale_of(interaction)
        if not confirm:
            # cancelling changes nothing, but a forged id (another game's, one already over) is
            # told so rather than shown a cancellation of something that was never asked
            await acknowledge(interaction)  # it reads the store first
            current = await _gm(interaction).current(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
            if current is None or current.record.id != game_id:
                return await refuse(interaction, GameError("error.stale_prompt"))
            await edit_pressed(interaction, content=t(locale, "lobby.end_cancelled"), view=None)
            return
        perms = interaction.permissions
        await acknowledge(interaction)
        try:
            result = await _gm(interaction).end(
                interaction.channel_id,  # type: ignore[arg-type]  # a command or click always comes from a channel
                interaction.user.id,
                bool(perms and perms.manage_channels),
                game_id=game_id,
            )
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await edit_pressed(
            interaction, content=t(locale, "lobby.ended", game_id=result.record.id, player=interaction.user.mention), view=None
        )
        await interaction.followup.send(
            t(locale, "lobby.ended", game_id=result.record.id, player=interaction.user.mention),
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LobbyCog(bot))
