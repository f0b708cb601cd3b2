"""Slash commands are synced at start-up only when they changed (issue #29; ui.command_sync).

Discord rations how often an application replaces its commands; a bot that syncs at every
start spends that for nothing. Counted here on the loopback Discord: the sync requests (PUT
.../commands) across starts of the real bot on one database.
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot import create_bot
from loopback import run_bot


def _syncs(fake) -> list[str]:
    return [r.path for r in fake.requests if r.method == "PUT" and r.path.endswith("/commands")]


async def _start(settings, extra: app_commands.Command | None = None):
    bot = create_bot(settings)
    if extra is not None:
        bot.tree.add_command(extra)
    return bot


def _extra() -> app_commands.Command:
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", ephemeral=True)

    return app_commands.Command(name="ping-extra", description="A command one start adds", callback=ping)


async def test_commands_are_synced_once_then_only_when_they_change(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(await _start(settings)):
        pass
    assert len(_syncs(fake)) == 1, "the first start on a database syncs"
    names = {c["name"] for c in fake.commands}
    async with run_bot(await _start(settings)) as bot:
        assert len(_syncs(fake)) == 1, "the same commands: no sync"
        # Discord kept them: the commands still answer
        r = await fake.slash(bot, alice, ch, "game status")
        assert r.acked
    assert {c["name"] for c in fake.commands} == names
    async with run_bot(await _start(settings, _extra())):
        pass
    assert len(_syncs(fake)) == 2, "a command added: synced"
    assert "ping-extra" in {c["name"] for c in fake.commands}
    async with run_bot(await _start(settings, _extra())):
        pass
    assert len(_syncs(fake)) == 2
    async with run_bot(await _start(settings)):
        pass
    assert len(_syncs(fake)) == 3, "a command removed: synced"
    assert "ping-extra" not in {c["name"] for c in fake.commands}


async def test_a_development_server_and_always_sync_each_their_own(world, settings):
    fake, guild = world["fake"], world["guild"]
    async with run_bot(await _start(settings)):
        pass
    dev = settings.model_copy(update={"dev_guild_id": guild})
    async with run_bot(await _start(dev)):
        pass
    assert _syncs(fake)[-1].endswith(f"/guilds/{guild}/commands"), "another scope: its own sync"
    async with run_bot(await _start(dev)):
        pass
    assert len(_syncs(fake)) == 2
    always = settings.model_copy(update={"sync_commands": "always"})
    async with run_bot(await _start(always)):
        pass
    assert len(_syncs(fake)) == 3, "SYNC_COMMANDS=always syncs at every start"
