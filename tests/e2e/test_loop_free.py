"""A slow handler keeps neither its own press nor anyone else's waiting (issue 30, "a busy
evening on one process"): a press whose step hands over to a slow AI seat is acknowledged
before the AI starts thinking; while it thinks (off the event loop), another table's press is
acknowledged and answered in full; once it has chosen, the first press's turn message follows.
And a picture is drawn once per state version: the turn message's board picture is the one
/game status shows for the same version."""
from __future__ import annotations

import asyncio
import threading
from typing import Any

from bot import create_bot
from engine.prophecy.game import SYSTEM
from gm.session import steps
from loopback import run_bot
from tests.e2e.helpers import polled, prompt_of, started_game
from ui.pictures import PICTURES


def _first_choice(prompt: Any) -> str:
    return next(b["custom_id"] for b in (prompt.buttons or []) if b["custom_id"].startswith("gm:"))


def _callbacks(fake: Any) -> int:
    return sum(1 for r in fake.requests if r.path.endswith("/callback"))


async def test_a_slow_ai_seat_holds_up_no_acknowledgement(world, settings, monkeypatch):
    fake, ch1, ch2, alice, bob, carol = (world[k] for k in ("fake", "ch1", "ch2", "alice", "bob", "carol"))
    thinking, release, chosen = threading.Event(), threading.Event(), threading.Event()
    armed = False
    acknowledged: list[int] = []  # what Discord had received when the AI seat began to think
    real = type(SYSTEM).ai_action

    def slow(self: Any, state: Any, actor: str, level: str, rng: Any) -> Any:
        if armed and not thinking.is_set():
            acknowledged.append(_callbacks(fake))
            thinking.set()
            # long enough for a machine under load: until then no turn clock may step in
            assert release.wait(300), "the test never let the AI seat choose"
            try:
                return real(self, state, actor, level, rng)
            finally:
                chosen.set()
        return real(self, state, actor, level, rng)

    monkeypatch.setattr(type(SYSTEM), "ai_action", slow)
    # this table's AI is known to be slow: it thinks off the loop (a thread in the tests, whose
    # bots start no worker processes; the bot's worker processes otherwise)
    monkeypatch.setitem(steps._AI_SECONDS, ("prophecy", "heuristic"), 1.0)
    async with run_bot(create_bot(settings)) as bot:
        prompt_one = prompt_of(await started_game(fake, bot, ch1, alice, ai=1))
        prompt_two = prompt_of(await started_game(fake, bot, ch2, bob, carol))
        armed = True
        press: asyncio.Task[Any] | None = None
        for _ in range(40):  # alice plays until her step hands the game to the AI seat
            found = await bot.gm.current(ch1)
            assert int(SYSTEM.pending(found.state).player) == alice
            before = _callbacks(fake)
            press = asyncio.create_task(fake.click(bot, alice, prompt_one, _first_choice(prompt_one)))
            await polled(lambda running=press: running.done() or thinking.is_set(), timeout=20)
            if thinking.is_set():
                break
            prompt_one = prompt_of(await press)
        assert press is not None and thinking.is_set(), "the AI seat never had to decide"

        def prompts(channel: int) -> list[Any]:
            return [m for m in fake.messages_in(channel) if m.buttons or m.selects]

        pressed = prompt_one
        taken = (await bot.gm.current(ch1)).state.actions_taken  # alice's step, stored before the AI's
        try:
            # the press that woke the AI was acknowledged before it began to think
            assert acknowledged == [before + 1], (acknowledged, before)
            # meanwhile, another table plays on: its press is acknowledged and answered in full
            found = await bot.gm.current(ch2)
            actor = int(SYSTEM.pending(found.state).player)
            other = await asyncio.wait_for(fake.click(bot, actor, prompt_two, _first_choice(prompt_two)), 10)
            assert other.type == 6 and other.content.startswith("✅"), other.text
            assert prompt_of(other) is not None
            assert not chosen.is_set() and (await bot.gm.current(ch1)).state.actions_taken == taken
        finally:
            release.set()
        await press
        # once the AI seat has chosen, its step is stored and the turn message follows
        assert await fake.wait_until(lambda: any(int(m.id) > int(pressed.id) for m in prompts(ch1)), timeout=60)
        assert (await bot.gm.current(ch1)).state.actions_taken > taken


async def test_the_turn_messages_picture_is_the_one_status_shows(world, settings, monkeypatch):
    """One drawing per state version (ui.pictures): /game status of the version the turn
    message showed takes the picture from the cache; a new version draws a new one."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        start = await started_game(fake, bot, ch, alice, bob)
        found = await bot.gm.current(ch)
        shown = fake.message(start.message.id)
        await fake.wait_until(lambda: "board.png" in fake.message(shown.id).files, 20)
        misses, hits = PICTURES.misses, PICTURES.hits
        status = await fake.slash(bot, bob, ch, "game status")
        pictures = [m.files["board.png"] for m in status.messages if "board.png" in m.files]
        assert pictures and pictures[0] == fake.message(shown.id).files["board.png"]
        assert (PICTURES.misses, PICTURES.hits) == (misses, hits + 1), "taken from the cache, not drawn"
        actor = int(SYSTEM.pending(found.state).player)
        await fake.click(bot, actor, prompt_of(start), _first_choice(prompt_of(start)))
        assert (await bot.gm.current(ch)).record.version > found.record.version
        status = await fake.slash(bot, bob, ch, "game status")
        assert PICTURES.misses > misses, "the next version is drawn afresh"
