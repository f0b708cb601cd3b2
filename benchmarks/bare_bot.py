"""The bare discord.py bot of benchmarks/scale.py: the floor its game bot processes are judged
against, run the same way (one process per shard of the loopback fake, $FAKE_DISCORD,
SHARD_COUNT/SHARD_IDS) and pressed the same way.

A press of a button `gm:<game>:<version>:<i>` is answered as the game bot answers one, without
any game: acknowledged first (a deferred update), the pressed message edited into its echo,
then the next prompt (the presser mentioned, one button at the next version) as a followup.
So the figures are discord.py's and the machine's alone.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from loopback import apply_env_redirect, lag_probe  # noqa: E402

apply_env_redirect()

import discord  # noqa: E402


class BarePresses(discord.Client):
    """Answers every prompt button as described above; nothing else."""

    def __init__(self, shard_id: int, shard_count: int) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # as the game bot
        super().__init__(intents=intents, shard_id=shard_id, shard_count=shard_count, guild_ready_timeout=0.05)
        self.probe: Any = None

    async def setup_hook(self) -> None:
        self.probe = lag_probe.start_from_env()  # $GM_LOOP_LAG_FILE, as the game bot's launcher

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        parts = str(data.get("custom_id", "")).split(":")
        if interaction.type is not discord.InteractionType.component or len(parts) != 4 or parts[0] != "gm":
            return
        game, version = int(parts[1]), int(parts[2])
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"✅ {interaction.user.display_name}: done", view=None)
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="Go", custom_id=f"gm:{game}:{version + 1}:0"))
        await interaction.followup.send(content=f"{interaction.user.mention}, it is your turn.", view=view)


if __name__ == "__main__":
    BarePresses(int(os.environ["SHARD_IDS"]), int(os.environ["SHARD_COUNT"])).run(
        os.environ.get("DISCORD_TOKEN", "fake-token"), log_handler=None)
