"""/game history: the games played in a channel, each named by the edition it was played in."""
from __future__ import annotations

from bot import create_bot
from loopback import run_bot
from tests.e2e.test_delivery import open_game


async def test_game_history_names_each_game_by_its_edition(world, settings):
    """/game history named every Prophecy game "Basic Version"; each line names its edition now."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await open_game(fake, bot, ch, alice, bob, "prophecy:standard")
        history = await fake.slash(bot, bob, ch, "game history")
        assert "Standard Version" in history.text and "Basic" not in history.text, history.text
