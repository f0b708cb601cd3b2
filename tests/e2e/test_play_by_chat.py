"""Play by chat through Discord with a controllable clock: reminders and DMs, expiry, votes,
undo by agreement, the log, export and the replay check, history."""
from __future__ import annotations

import json

from bot import create_bot
from loopback import run_bot
from tests.fakes import HandClock


async def _new(fake, bot, ch, host, *others, **timebank):
    await fake.slash(bot, host, ch, "game new", system="prophecy", **timebank)
    for uid in others:
        await fake.slash(bot, uid, ch, "game join")
    return await fake.slash(bot, host, ch, "game start")


async def test_reminder_dm_and_expiry_through_discord(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        await fake.slash(bot, alice, ch, "notify", dm="on")
        await fake.slash(bot, bob, ch, "notify", dm="on")
        await _new(fake, bot, ch, alice, bob, bank_hours=2.0)
        cog = bot.get_cog("ClockCog")
        found = await bot.gm.current(ch)
        active = found.system.pending(found.state).player
        status = await fake.slash(bot, bob, ch, "game status")
        assert "Time banks" in status.text and f"<t:{int(clock.now + 7200)}:R>" in status.text
        clock.now += 3600  # the 1-hour reminder is due (24 h is already past for a 2 h bank)
        ticks = await cog.run_clock()
        assert [t.kind for t in ticks] == ["reminder"]
        reminder = fake.last_message(ch)
        assert f"<@{active}>" in reminder.content and "runs out" in reminder.content
        dm = fake.last_message(fake.dm_channel(int(active)))
        assert dm is not None and "runs out" in dm.content
        assert await cog.run_clock() == []  # not twice
        clock.now += 3600
        ticks = await cog.run_clock()
        assert [t.kind for t in ticks] == ["expired"]
        last = fake.last_message(ch)
        assert "time ran out" in last.content and "AI plays" in last.content
        found = await bot.gm.current(ch)
        assert found.system.pending(found.state).player != active


async def test_vote_buttons_decide_for_an_absent_player(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        await _new(fake, bot, ch, alice, bob, carol, bank_hours=1.0, policy="vote")
        found = await bot.gm.current(ch)
        absent = found.system.pending(found.state).player
        voters = [u for u in (alice, bob, carol) if str(u) != absent]
        clock.now += 3600
        await bot.get_cog("ClockCog").run_clock()
        vote = fake.last_message(ch)
        assert "What should the table do" in vote.content
        refused = await fake.click(bot, int(absent), vote, "Skip the turn")
        assert refused.ephemeral
        first = await fake.click(bot, voters[0], vote, "Give the seat to the AI")
        assert first.ephemeral and "counted" in first.text
        done = await fake.click(bot, voters[1], vote, "Give the seat to the AI")
        assert not done.ephemeral and "decided" in done.text
        found = await bot.gm.current(ch)
        assert found.state.player(absent).ai == "heuristic"


async def test_undo_by_agreement_log_export_replay_and_history(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy")
        await fake.slash(bot, bob, ch, "game join")
        # no automatic end of turn, so a plain "stay" reveals nothing and can be undone
        found = await bot.gm.current(ch)
        found.state.options["auto_end_turn"] = False
        await bot.gm.store.update_game(found.record.id, found.record.version, state_json=found.state.model_dump_json())
        await fake.slash(bot, alice, ch, "game start")
        found = await bot.gm.current(ch)
        active = int(found.system.pending(found.state).player)
        other = bob if active == alice else alice
        before = found.record.state
        here = found.state.player(str(active)).space
        from engine.prophecy.content import pack_by_id
        stay = await fake.slash(bot, active, ch, "move", to=pack_by_id("base").space(here).name)
        assert not stay.ephemeral
        proposal = await fake.slash(bot, active, ch, "game undo")
        assert "The other players must agree" in proposal.text
        agreed = await fake.click(bot, other, proposal.message, "Agree")
        assert "taken back" in agreed.text
        found = await bot.gm.current(ch)
        assert found.record.state == before
        log = await fake.slash(bot, world["carol"], ch, "game log")
        assert log.ephemeral and "log, page" in log.text
        exported = await fake.slash(bot, world["carol"], ch, "game export")
        doc = json.loads(next(iter(exported.message.files.values())))
        # the game is still open: no seed (it would replay every face-down pile), the public log only
        assert "seed" not in doc and any(a["action"]["type"] == "undo" for a in doc["actions"])
        replay = await fake.slash(bot, world["carol"], ch, "game replay")
        assert "gives exactly the stored game" in replay.text
        history = await fake.slash(bot, world["carol"], ch, "game history")
        assert f"#{found.record.id}" in history.text and "in play" in history.text


async def test_a_clock_pass_posts_each_reminder_right_after_its_game_commits(world, settings):
    """Issue 30 (benchmarks/scale.py): with hundreds of reminders due in one pass, each game's
    news went out only once the whole pass was done, so on a busy evening none was posted on
    time. Now a game's reminder reaches its channel before the next game is looked at."""
    fake, alice, bob = world["fake"], world["alice"], world["bob"]
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        for ch in (world["ch1"], world["ch2"]):
            await _new(fake, bot, ch, alice, bob, bank_hours=2.0)
        gm = bot.gm
        seen_before_tick: list[int] = []
        tick_game = gm.tick_game

        async def counting(game_id):
            seen_before_tick.append(sum("runs out" in (m.content or "") for c in (world["ch1"], world["ch2"])
                                        for m in fake.messages_in(c)))
            return await tick_game(game_id)

        gm.tick_game = counting
        clock.now += 3600
        ticks = await bot.get_cog("ClockCog").run_clock()
        assert [t.kind for t in ticks] == ["reminder", "reminder"]
        assert seen_before_tick == [0, 1]
        assert sum("runs out" in (m.content or "") for c in (world["ch1"], world["ch2"])
                   for m in fake.messages_in(c)) == 2
        assert await bot.gm.store.pending_messages() == []
