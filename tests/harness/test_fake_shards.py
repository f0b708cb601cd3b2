"""The loopback fake Discord serving several shards, as Discord does.

Two real discord.py bots in this process connect one shard each (IDENTIFY with `shard: [id, 2]`):
each is told only about its shard's servers, gets only their interactions, and an interaction
of a shard nobody connects reaches no one. A bogus shard is refused with Discord's close code.
"""
from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord import app_commands

from loopback import FakeDiscord, run_bot
from loopback.snowflake import shard_of


class ShardBot(discord.Client):
    """A bare bot with one command that answers with its shard."""

    def __init__(self, shard_id: int, shard_count: int) -> None:
        super().__init__(intents=discord.Intents.none(), shard_id=shard_id, shard_count=shard_count)
        self.tree = app_commands.CommandTree(self)
        self.handled: list[int] = []

        @self.tree.command(name="where", description="Which shard answers")
        async def where(interaction: discord.Interaction[Any]) -> None:
            self.handled.append(interaction.id)
            await interaction.response.send_message(f"shard {self.shard_id}")

    async def setup_hook(self) -> None:
        await self.tree.sync()


async def test_each_shard_gets_only_its_servers_and_their_interactions(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    guilds = [fake.add_guild(f"g{i}", shard=(i % 2, 2)) for i in range(4)]
    assert [shard_of(g, 2) for g in guilds] == [0, 1, 0, 1]
    channels = [fake.add_channel(g, "talk") for g in guilds]
    alice = fake.add_user("alice")
    zero, one = ShardBot(0, 2), ShardBot(1, 2)
    async with run_bot(zero), run_bot(one):
        assert {g.id for g in zero.guilds} == {guilds[0], guilds[2]}
        assert {g.id for g in one.guilds} == {guilds[1], guilds[3]}
        assert fake.connected_shards == {0, 1}
        for channel in channels:
            shard = fake.shard_of(channel, 2)
            result = await fake.slash(None, alice, channel, "where")
            assert result.content == f"shard {shard}"
        assert len(zero.handled) == len(one.handled) == 2
        assert fake.gateway.interactions_by_shard == {0: 2, 1: 2}
        # a server created now is announced to its own shard only
        late = fake.add_guild("late", shard=(1, 2))
        assert await fake.wait_until(lambda: one.get_guild(late) is not None, timeout=5)
        await asyncio.sleep(0.1)
        assert zero.get_guild(late) is None
    # nobody connected: shard 1's interaction reaches no one
    async with run_bot(ShardBot(0, 2)):
        assert fake.gateway.sessions_for(guilds[1]) == []
        assert len(fake.gateway.sessions_for(guilds[0])) == 1
        assert len(fake.gateway.sessions_for(None)) == 1  # DMs: shard 0


async def test_an_impossible_shard_is_refused(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    fake.add_guild("g")
    with pytest.raises(Exception) as refused:  # noqa: PT011 - whichever way discord.py reports close 4010
        async with run_bot(ShardBot(3, 2), timeout=2):
            pass
    assert isinstance(refused.value, (TimeoutError, discord.DiscordException)), refused.value
    assert not fake.connected
