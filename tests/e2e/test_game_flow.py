"""A whole game through Discord: /game new -> join -> add-bot -> start -> buttons -> winner."""
from __future__ import annotations

import random

from bot import create_bot
from loopback import run_bot
from tests.e2e.helpers import press_best, prompt_of


async def test_full_game_two_humans_and_an_ai_seat_to_the_winner(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        r = await fake.slash(bot, alice, ch, "game new", system="prophecy")
        assert not r.ephemeral and "Prophecy" in r.text and " prophecy " not in r.text
        r = await fake.slash(bot, bob, ch, "game join", character="troll")
        assert "Troll" in r.text
        r = await fake.slash(bot, alice, ch, "game add-bot", level="heuristic")
        r = await fake.slash(bot, alice, ch, "game start")
        assert not r.ephemeral
        rng = random.Random(1)
        prompt = prompt_of(r)
        presses = 0
        while prompt is not None:
            assert "<@" in (prompt.content or "")  # whoever must act is pinged
            r = await press_best(fake, bot, ch, prompt, {"alice": alice, "bob": bob}, rng)
            assert r.acked and not r.ephemeral, r.text
            presses += 1
            prompt = prompt_of(r)
            assert presses < 3000
        assert "wins the game" in r.text
        found = await bot.gm.latest(ch)
        assert found.record.status == "finished" and found.state.winner is not None
        assert not fake.violations


async def test_status_shows_board_picture_and_every_character(world, settings):
    from tests.e2e.helpers import started_game
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    async with run_bot(create_bot(settings)) as bot:
        start = await started_game(fake, bot, ch, alice, bob, ai=1)
        assert "board.png" in start.message.files  # the board rides along when the turn passes
        r = await fake.slash(bot, carol, ch, "game status")  # a spectator may look (privately; "Show everyone" shares it)
        assert r.ephemeral
        png = r.message.files["board.png"]
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 300_000
        assert r.embeds[0]["image"]["url"] == "attachment://board.png"
        assert "AI 1" in r.text and "alice" in r.text.lower()
        me = await fake.slash(bot, carol, ch, "me")
        assert me.ephemeral and "not playing" in me.text
        me = await fake.slash(bot, bob, ch, "me")
        assert me.ephemeral and "Health" in me.text
