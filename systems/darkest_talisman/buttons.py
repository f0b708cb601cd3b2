"""The campaign's own persistent components: "Character actions" and "Road and party" under a
turn message, and the private menu the first opens (a select of groups, a select of actions,
a confirmation before anything is dropped). Like the table's buttons, each carries the game id and the
state version (and a menu option the index of the action in legal_actions for the person who opened it), so a
click after a restart still resolves and a click on an old prompt is refused as out of date."""
from __future__ import annotations

import re
from typing import Any

import discord

from ui.routing import cog as cog_of
from ui.text import clip
from ui.views import chosen_index

#: the cog that answers them (systems.darkest_talisman.cog)
COG = "CampaignCog"


class ManageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dtm:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9})"):
    """Opens, privately, the actions the presser may take now for their own characters."""

    def __init__(self, game: int, version: int, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=clip(label, 80), style=discord.ButtonStyle.secondary,
                                           custom_id=f"dtm:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ManageButton":
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_of(interaction, COG).on_manage(interaction, self.game, self.version)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=r"dta:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<part>[0-9]{1,2})"):
    """One of the private menu's selects; an option's value is the action's index."""

    def __init__(self, game: int, version: int, part: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(custom_id=f"dta:{game}:{version}:{part}",
                                                           options=options or [discord.SelectOption(label="…", value="0")],
                                                           placeholder=placeholder, min_values=1, max_values=1)
        super().__init__(select)
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ActionSelect":
        options = list(getattr(item, "options", []) or []) or None
        return cls(int(match["game"]), int(match["version"]), int(match["part"]), options)

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_of(interaction, COG).on_free_action(interaction, self.game, self.version,
                                                             chosen_index(interaction))


class RoadButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dtr:(?P<game>[0-9]{1,18})"):
    """Shows, privately, the whole road and party (what /campaign status shows): the turn
    message itself says only what changed and what is asked."""

    def __init__(self, game: int, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=clip(label, 80), style=discord.ButtonStyle.secondary,
                                           custom_id=f"dtr:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "RoadButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_of(interaction, COG).on_road_party(interaction, self.game)


class GroupSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=r"dtg:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9})"):
    """The private menu's first select: which character's actions of which kind to show."""

    def __init__(self, game: int, version: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(custom_id=f"dtg:{game}:{version}",
                                                           options=options or [discord.SelectOption(label="…", value="0")],
                                                           placeholder=placeholder, min_values=1, max_values=1)
        super().__init__(select)
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "GroupSelect":
        return cls(int(match["game"]), int(match["version"]), list(getattr(item, "options", []) or []) or None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_of(interaction, COG).on_menu_group(interaction, self.game, self.version,
                                                            chosen_index(interaction))


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"dtc:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<index>[0-9]{1,4})"):
    """"Confirm drop of X": the second press that sends a drop picked in the private menu
    (`index` the action's place in the presser's legal actions at that version)."""

    def __init__(self, game: int, version: int, index: int, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=clip(label, 80), style=discord.ButtonStyle.danger,
                                           custom_id=f"dtc:{game}:{version}:{index}"))
        self.game, self.version, self.index = game, version, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ConfirmButton":
        return cls(int(match["game"]), int(match["version"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_of(interaction, COG).on_confirm(interaction, self.game, self.version, self.index)


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dtb:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9})"):
    """Back to the private menu without dropping anything."""

    def __init__(self, game: int, version: int, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=clip(label, 80), style=discord.ButtonStyle.secondary,
                                           custom_id=f"dtb:{game}:{version}"))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "BackButton":
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_of(interaction, COG).on_menu_group(interaction, self.game, self.version, 0)


DYNAMIC_ITEMS = (ManageButton, ActionSelect, RoadButton, GroupSelect, ConfirmButton, BackButton)
