"""A prompt's press is acknowledged before any game work (issue 30, "Acknowledge first"): the
deferred update reaches Discord before the game master writes the step, so Discord's 3-second
window never depends on the game, the store or the machine's load; the echo and the turn
message follow. A refused press is still answered privately, and changes nothing."""
from __future__ import annotations

import asyncio
from typing import Any

from bot import create_bot
from loopback import run_bot
from loopback.driver import settle
from tests.e2e.helpers import polled, prompt_of, started_game


def _first_choice(prompt: Any) -> str:
    return next(b["custom_id"] for b in prompt.buttons if b["custom_id"].startswith("gm:"))


async def test_the_press_is_acknowledged_before_the_step_is_written(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        prompt = prompt_of(await started_game(fake, bot, ch, alice, bob))
        found = await bot.gm.current(ch)
        actor = int(found.system.pending(found.state).player)
        order: list[str] = []
        release = asyncio.Event()
        commit = bot.store.commit_action

        async def held_commit(*args: Any, **kwargs: Any) -> Any:
            # what Discord had received when the game wrote its step
            order.append("write after " + ",".join(str(r.json.get("type")) for r in fake.requests
                                                   if r.path.endswith("/callback") and r.json))
            await release.wait()  # a slow store, a busy machine: the press must be acknowledged already
            return await commit(*args, **kwargs)

        bot.store.commit_action = held_commit  # type: ignore[method-assign]  # the test watches the writes
        callbacks_before = sum(1 for r in fake.requests if r.path.endswith("/callback"))
        press = asyncio.create_task(fake.click(bot, actor, prompt, _first_choice(prompt)))
        acked = await fake.wait_until(
            lambda: sum(1 for r in fake.requests if r.path.endswith("/callback")) > callbacks_before, timeout=5)
        assert acked and order, "the press is acknowledged while the step is still being written"
        callback = [r for r in fake.requests if r.path.endswith("/callback")][-1]
        assert callback.json["type"] == 6, "a deferred update: the pressed message stays until the echo"
        assert order[0].endswith(",6"), order  # the acknowledgement was there before the write began
        release.set()
        result = await press
        assert result.type == 6 and result.content.startswith("✅"), result.text  # the echo, by editing
        assert prompt_of(result) is not None, "the turn message follows with the next decision"
        assert (await bot.gm.current(ch)).record.version > found.record.version


async def test_a_refused_press_is_acknowledged_then_refused_privately(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        prompt = prompt_of(await started_game(fake, bot, ch, alice, bob))
        found = await bot.gm.current(ch)
        waiting = bob if int(found.system.pending(found.state).player) == alice else alice
        refused = await fake.click(bot, waiting, prompt, _first_choice(prompt))
        assert refused.type == 6 and refused.ephemeral, refused.text
        assert refused.message is None, "the pressed prompt is left as it was"
        assert fake.message(prompt.id).components == prompt.components
        assert (await bot.gm.current(ch)).record.version == found.record.version, "nothing changed"


async def _acknowledged_before(fake: Any, bot: Any, who: int, message: Any, custom_id: str, owner: Any, name: str) -> Any:
    """Click `custom_id` while `owner.name` (the read the answer needs) is held: the click must
    have its deferred update at Discord before that read begins; then the read is let go and
    the finished interaction returned."""
    order: list[str] = []
    release = asyncio.Event()
    read = getattr(owner, name)

    async def held(*args: Any, **kwargs: Any) -> Any:
        order.append(",".join(str(r.json.get("type")) for r in fake.requests if r.path.endswith("/callback") and r.json))
        await release.wait()
        return await read(*args, **kwargs)

    setattr(owner, name, held)
    try:
        callbacks_before = sum(1 for r in fake.requests if r.path.endswith("/callback"))
        click = asyncio.create_task(fake.click(bot, who, message, custom_id))
        assert await polled(lambda: bool(order), timeout=5), "the answer's read began"
        assert sum(1 for r in fake.requests if r.path.endswith("/callback")) == callbacks_before + 1, order
        assert order[0].endswith("6"), order  # the deferred update was there before the read began
        release.set()
        result = await click
        # the click's own wait began while the read was held; the handler's end is awaited here
        assert await settle(), "the handler ended"
        return result
    finally:
        setattr(owner, name, read)


async def test_a_prompt_page_is_acknowledged_before_the_game_is_read(world, settings, monkeypatch):
    from engine.prophecy.game import SYSTEM as PROPHECY

    real = type(PROPHECY).legal_actions
    monkeypatch.setattr(type(PROPHECY), "legal_actions",
                        lambda self, state, actor: [a for a in real(self, state, actor) for _ in range(30)])
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        prompt = prompt_of(await started_game(fake, bot, ch, alice, bob))
        ahead = next(b["custom_id"] for b in prompt.buttons if b["custom_id"].startswith("gmpg:"))
        shown = prompt.components
        turned = await _acknowledged_before(fake, bot, bob, prompt, ahead, bot.gm, "prompt_at")
        assert turned.type == 6 and not turned.followups
        assert fake.message(prompt.id).components != shown, "the prompt was edited to the other page"


async def test_a_log_page_and_its_show_everyone_are_acknowledged_before_the_log_is_read(world, settings, monkeypatch):
    import sys

    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        # a page a line, so the short log has pages to turn (in the module discord.py loaded the cog from)
        monkeypatch.setattr(sys.modules["cogs.history"], "LOG_PAGE", 1)
        prompt = prompt_of(await started_game(fake, bot, ch, alice, bob))
        found = await bot.gm.current(ch)
        await fake.click(bot, int(found.system.pending(found.state).player), prompt, _first_choice(prompt))
        page = await fake.slash(bot, bob, ch, "game log")
        back = next(b for b in page.message.buttons if b["custom_id"].startswith("gmlog:") and not b.get("disabled"))
        before = page.message.embeds
        turned = await _acknowledged_before(fake, bot, bob, page.message, back["custom_id"], bot.gm.store, "actions")
        assert turned.type == 6 and not turned.followups
        assert fake.message(page.message.id).embeds != before, "the log message shows the page before"
        show = next(b["custom_id"] for b in fake.message(page.message.id).buttons if b["custom_id"].startswith("gmshow:log:"))
        shared = await _acknowledged_before(fake, bot, bob, fake.message(page.message.id), show, bot.gm.store, "actions")
        assert shared.type == 6 and len(shared.followups) == 1 and not shared.followups[0].ephemeral
        assert not any(b["custom_id"].startswith("gmshow:") for b in fake.message(page.message.id).buttons)
