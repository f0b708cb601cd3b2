"""/roll: free dice.

Thin adapter: parse -> dice/ -> render. These rolls change no stored game, so they use d20's
global random; anything that changes a stored game rolls with that game's seeded Rng instead.
(A game's own reference tables are its plug-in's commands, e.g. /table in systems/orders/.)
"""
from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

import dice
from engine.core.errors import RuleError
from gm.i18n import t
from ui.errors import refuse
from ui.replies import locale_of

MESSAGE_LIMIT = 2000
_QUIET = discord.AllowedMentions.none()
#: Markdown and mention characters dropped from a roll's label, so it cannot restyle the reply
_LABEL_MARKUP = re.compile(r"[*_~`|<>@\\]")


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class DiceCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="roll", description="Roll dice: 2d6+3, 4d6kh3, 1d20 adv, 2d6 #attack")
    @app_commands.describe(expression="Dice notation, e.g. 4d6kh3, 1d20+5 adv or 2d6 #attack", private="Only you see the roll")
    async def roll(self, interaction: discord.Interaction, expression: str, private: bool = False) -> None:
        locale = locale_of(interaction)
        try:
            result = dice.roll(expression[:500])
        except RuleError as exc:
            return await refuse(interaction, exc)
        advantage = t(locale, f"dice.advantage.{result.advantage}") if result.advantage else ""
        label = _LABEL_MARKUP.sub("", result.label).strip()
        text = t(locale, "dice.labelled" if label else "dice.result", user=interaction.user.display_name,
                 expression=result.expression, breakdown=result.breakdown, advantage=advantage, label=label)
        if result.truncated:
            text += "\n" + t(locale, "dice.truncated") + "\n" + t(locale, "dice.total", total=result.total)
        await interaction.response.send_message(_clip(text, MESSAGE_LIMIT), ephemeral=private, allowed_mentions=_QUIET)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DiceCog(bot))
