"""People keep their names: someone whose seat went to somebody else (/game replace) or who was
voted off the table is shown, in /game status and /game log, by the name they sat down under,
never as a bare Discord id (a mention of someone who has left the server reads as one) nor as
"someone". Through the loopback Discord, for a Prophecy table and a co-op campaign."""
from __future__ import annotations

import random
import re

from bot import create_bot
from loopback import run_bot
from tests.e2e.helpers import press_best, prompt_of
from tests.e2e.test_campaign import press
from tests.fakes import HandClock

#: the seed of both games (any works; fixed so a failure replays)
SEED = 11


def _shown_ids(text: str, people: list[int]) -> list[str]:
    """Each of these people's ids the text shows, bare or in a mention."""
    return [str(p) for p in people if re.search(rf"(?<!\d){p}(?!\d)", text)]


async def _whole_log(fake, bot, user: int, ch: int, command: str) -> str:
    """Every page of the log, as `user` reads it, from the newest back with ◀."""
    reply = await fake.slash(bot, user, ch, command)
    message, pages = reply.message, [reply.text]
    for _ in range(100):
        back = next(b for b in message.buttons if b.get("label") == "◀")
        if back.get("disabled"):
            break
        message = (await fake.click(bot, user, message, back["custom_id"])).message
        pages.append(message.text)
    return "\n".join(reversed(pages))


async def _vote_off(fake, bot, ch, clock: HandClock, people: list[int]) -> str:
    """Let the deciding person's time run out and the others vote them off the table; returns
    the id of whoever was removed."""
    found = await bot.gm.current(ch)
    absent = found.system.pending(found.state).player
    for _ in range(5):  # the reminders come first, then the vote
        clock.now = ((await bot.gm.current(ch)).record.deadline or clock.now) + 1
        if "vote" in [tick.kind for tick in await bot.get_cog("ClockCog").run_clock()]:
            break
    vote = next(m for m in reversed(fake.messages_in(ch)) if "What should the table do" in m.text)
    voters = [p for p in people if str(p) != absent and (await bot.gm.current(ch)).state.has_player(str(p))]
    for voter in voters:
        await fake.click(bot, voter, vote, "Remove the player")
    return absent


async def _started(fake, bot, ch: int, group: str, host: int, others: tuple[int, ...], **options: str):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """`host` opens a table of `group` ("game" or "campaign") with one-hour banks and the vote
    when time runs out, the others join, the host starts it; returns the first prompt."""
    await fake.slash(bot, host, ch, f"{group} new", **options, bank_hours=1.0, policy="vote")
    for person in others:
        await fake.slash(bot, person, ch, f"{group} join")
    return prompt_of(await fake.slash(bot, host, ch, f"{group} start"))


async def test_prophecy_status_and_log_name_the_replaced_and_the_removed(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol, dave = world["alice"], world["bob"], world["carol"], world["dave"]
    names = {alice: "Alice", bob: "Bob", carol: "Carol", dave: "Dave"}
    clock = HandClock(2_000_000_000.0)
    rng = random.Random(SEED)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        bot.gm._seed = lambda: SEED
        prompt = await _started(fake, bot, ch, "game", alice, (bob, carol), system="prophecy")
        for _ in range(4):
            prompt = prompt_of(await press_best(fake, bot, ch, prompt, {}, rng)) or prompt
        offer = await fake.slash(bot, alice, ch, "game replace", old=alice, new=dave)
        assert "**Alice**'s seat" in offer.text, offer.text
        taken = await fake.click(bot, dave, offer.message, "Take the seat")
        assert "takes over **Alice**'s seat" in taken.text and "Dave takes over Alice's seat." in taken.text, taken.text
        removed = await _vote_off(fake, bot, ch, clock, [dave, bob, carol])
        status = await fake.slash(bot, carol if removed != str(carol) else bob, ch, "game status")
        log = await _whole_log(fake, bot, bob, ch, "game log")
    # Alice played the first steps and left: named in the log, and in the status as one who left
    assert "Alice" in log and "Dave takes over Alice's seat." in log, log
    assert re.search(r"Left the table\W+Alice", status.text), status.text
    assert f"{names[int(removed)]} leaves the table" in log, log
    for text in (status.text, log):
        assert _shown_ids(text, [alice, bob, carol, dave]) == [], text
        assert "former player" not in text


async def test_campaign_status_and_log_name_the_replaced_and_the_removed(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol, dave = world["alice"], world["bob"], world["carol"], world["dave"]
    names = {alice: "Alice", bob: "Bob", carol: "Carol", dave: "Dave"}
    clock = HandClock(2_000_000_000.0)
    rng = random.Random(SEED)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        bot.gm._seed = lambda: SEED
        prompt = await _started(fake, bot, ch, "campaign", alice, (bob, carol), mode="coop")
        for _ in range(3):
            prompt = prompt_of((await press(fake, bot, ch, prompt, rng))[0]) or prompt
        offer = await fake.slash(bot, alice, ch, "game replace", old=bob, new=dave)
        assert "**Bob**'s seat" in offer.text, offer.text
        taken = await fake.click(bot, dave, offer.message, "Take the seat")
        assert "Bob's characters are now played by Dave." in taken.text, taken.text
        removed = await _vote_off(fake, bot, ch, clock, [alice, dave, carol])
        gone = names[int(removed)]
        status = await fake.slash(bot, carol if removed != str(carol) else alice, ch, "game status")
        log = await _whole_log(fake, bot, alice, ch, "game log")
        campaign_log = await _whole_log(fake, bot, carol, ch, "campaign log")
    # Bob sat down, was dealt characters and was replaced; the removed person's characters went to the AI
    assert "Bob" in log and "Bob's characters are now played by Dave." in log, log
    assert f"{gone}'s characters are now played by the AI." in log, log
    assert re.search(rf"Left the table\W+(Bob, {gone}|{gone}, Bob)", status.text), status.text
    for text in (status.text, log, campaign_log):
        assert _shown_ids(text, [alice, bob, carol, dave]) == [], text
        assert "someone" not in text.casefold(), text
