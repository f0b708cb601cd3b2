"""DM notifications: /notify, and the private "it is your turn" and reminder messages sent
to those who asked for them (by the turn message, cogs.prompts, and by the turn clock, cogs.clock)."""
from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import game_master as _gm
from cogs.outbox import sink
from gm.i18n import t
from gm.session import Lobby, Result, kept
from ui.replies import locale_of, reply_private

log = logging.getLogger(__name__)


class NotifyCog(commands.Cog):
    """/notify, and the DMs the turn message and the turn clock send through it."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        #: who asked for DMs (/notify), as read from or written to the store by this process
        #: (the only writer): a turn's "it is your turn" DM needs no store trip after the first
        self._wants_dm: dict[int, bool] = {}

    @app_commands.command(name="notify", description="Also get a direct message when you must act")
    @app_commands.choices(dm=[app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")])
    async def notify(self, interaction: discord.Interaction, dm: str) -> None:
        await _gm(interaction.client).store.set_user_setting(interaction.user.id, "notify_dm", dm == "on")
        self._wants_dm[interaction.user.id] = dm == "on"
        await reply_private(interaction, t(locale_of(interaction), f"table.notify_{dm}"))

    async def notify_next(self, result: Result, locale: str) -> None:
        """One "it is your turn" DM per turn: only when these steps started the turn of whoever
        must act now (extra turns start a turn too); later steps of the same turn send nothing."""
        if isinstance(result.state, Lobby) or result.record.status != "active":
            return
        pend = kept.pending(result.system, result.state)
        if pend is None:
            return
        started = [e.player for step in result.steps for e in step.events if e.kind == "turn_started"]
        channel = f"<#{result.record.channel_id}>"
        if started and started[-1] == pend.player:
            await self.notify_dm(pend.player, t(locale, "table.your_turn_dm", channel=channel))
            return
        # a decision passed to someone in the middle of another's turn (a defender choosing
        # what to lose, the Royal Cape's holder picking the battleground): they are told too
        before = kept.pending(result.system, result.before) if result.before is not None else None
        if not started and (before is None or before.player != pend.player):
            await self.notify_dm(pend.player, t(locale, "table.your_decision_dm", channel=channel))

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


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(NotifyCog(bot))
