"""Which cog answers a click: ui/ routes views, modals and replies to a cog by name, since it
never imports cogs/ (the layers depend one way)."""
from __future__ import annotations

from typing import Any, cast

import discord
from discord.ext import commands


def cog(interaction: discord.Interaction, name: str) -> Any:
    """The cog `name` of the bot that received `interaction`, or None when it is not loaded.

    Any: the caller calls that cog's own methods, which ui/ cannot name. The client is always
    this project's bot, a `commands.Bot` (discord.py types it as the plain `Client`)."""
    return cast(commands.Bot, interaction.client).get_cog(name)
