"""Every table prompt tells the player what they need to decide, through the loopback Discord:
private large answers with "Show everyone", labelled status with a legend and one time format,
the ranking after the end, the log at its newest page, one "your turn" DM per turn, votes that
close by their own deadline, undo of a turn-ending step, refusals before confirmations, and a
short "since your last turn" digest that never repeats itself."""
from __future__ import annotations

import random
import re
import unicodedata

from bot import create_bot
from engine.core.system import Seat
from engine.prophecy.content import pack_by_id
from engine.registry import SYSTEMS
from loopback import run_bot
from tests.e2e.helpers import press_best, prompt_of, started_game
from tests.fakes import HandClock

SPAN = r"(\d+ d \d+ h|\d+ h \d+ min|\d+ min)"


def _symbols(text: str) -> set[str]:
    """Pictographs and other drawn symbols (not letters, digits or punctuation)."""
    return {c for c in text if unicodedata.category(c) == "So"}


async def _started_by_hand(fake, bot, ch: int, alice: int, bob: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Alice opens a Prophecy game, Bob joins, turns stop ending by themselves, the game starts;
    returns who plays first and who second."""
    await fake.slash(bot, alice, ch, "game new", system="prophecy")
    await fake.slash(bot, bob, ch, "game join")
    await _no_auto_end(bot, ch)
    await fake.slash(bot, alice, ch, "game start")
    found = await bot.gm.current(ch)
    first = int(found.system.pending(found.state).player)
    return first, (bob if first == alice else alice)


def _extra_turn_bot(settings, alice: int, bob: int):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """A bot whose next game (Alice and Bob, no automatic end of turn) opens with an extra turn."""
    bot = create_bot(settings)
    seed = _extra_turn_seed([str(alice), str(bob)], {"auto_end_turn": False})
    bot.gm._seed = lambda: seed
    return bot


def _extra_turn_seed(players: list[str], options: dict) -> int:
    """A seed whose first Chance card grants an extra turn (Peaceful Times), asked of the engine."""
    seats = [Seat(player=p, name=p) for p in players]
    for seed in range(2000):
        out = SYSTEMS["prophecy"].new_game(seats, options, seed)
        if any(e.kind == "extra_turn_granted" for e in out.events) and out.state.turn.phase == "move":
            return seed
    raise AssertionError("no seed gives an extra first turn")


async def _no_auto_end(bot, ch) -> None:
    """Turn off the automatic end of turn in the lobby (before the start, so replays agree)."""
    found = await bot.gm.current(ch)
    found.state.options["auto_end_turn"] = False
    await bot.gm.store.update_game(found.record.id, found.record.version, state_json=found.state.model_dump_json())


async def _stay(fake, bot, ch, user):
    found = await bot.gm.current(ch)
    here = found.state.player(str(user)).space
    return await fake.slash(bot, user, ch, "move", to=pack_by_id("base").space(here).name)


async def test_status_is_private_labelled_with_a_legend_one_time_format_and_can_be_shown_to_everyone(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        await started_game(fake, bot, ch, alice, bob, ai=1)
        before = len(fake.messages_in(ch))
        clock.now += 3 * 3600 + 60
        r = await fake.slash(bot, carol, ch, "game status")
        assert r.ephemeral and len(fake.messages_in(ch)) == before  # nothing posted for the channel
        assert [b["label"] for b in r.message.buttons] == ["Show everyone"]
        board, chars = r.embeds
        # fields are named in words, never by a lone icon
        assert all(re.search(r"[A-Za-z]", f["name"]) for e in r.embeds for f in e.get("fields", []))
        assert any(f["name"] == "Whose turn" for f in board["fields"])
        # every symbol drawn on the board or the sheets is explained in the legend
        legend = chars["footer"]["text"]
        assert legend.startswith("Legend:")
        drawn = _symbols(board["description"]) | {s for e in r.embeds for f in e.get("fields", []) if f["name"] != "⏳ Time banks"
                                                   for s in _symbols(f["value"])}
        assert drawn and drawn <= _symbols(legend), drawn - _symbols(legend)
        # every time bank in the same words; the one thinking now also says when it runs out
        banks = next(f["value"] for f in board["fields"] if f["name"] == "⏳ Time banks").splitlines()
        assert len(banks) == 2 and all(re.fullmatch(rf"\w+: {SPAN} left.*", line) for line in banks), banks
        assert sum("runs out <t:" in line for line in banks) == 1
        assert any(re.fullmatch(r"\w+: 3 d 0 h left", line) for line in banks)  # the waiting one: full bank
        assert any(re.fullmatch(r"\w+: 2 d 20 h left, thinking now: runs out <t:\d+:R>", line) for line in banks), banks
        # "Show everyone": the same status, posted once for the channel, credited to who shared it
        shown = await fake.click(bot, carol, r.message, "Show everyone")
        assert shown.message.buttons == []  # the private copy loses its button
        public = shown.followups[-1]
        assert not public.ephemeral and public.channel_id == ch
        assert f"<@{carol}>" in public.content and "board.png" in public.files
        assert [e["title"] for e in public.embeds] == [e["title"] for e in r.embeds]
        # /me stays private, without a button
        me = await fake.slash(bot, bob, ch, "me")
        assert me.ephemeral and me.message.buttons == []
        assert not fake.violations


async def test_status_after_the_end_shows_the_final_ranking_instead_of_clocks(world, settings):
    """Basic rules, "End of the Game": the others are ranked by the number of Certificates."""
    fake, ch, ch2 = world["fake"], world["ch1"], world["ch2"]
    alice, bob = world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy", round_limit=1)
        await fake.slash(bot, alice, ch, "game add-bot", level="heuristic")
        r = await fake.slash(bot, alice, ch, "game start")
        rng = random.Random(3)
        prompt = prompt_of(r)
        while prompt is not None:
            r = await press_best(fake, bot, ch, prompt, {"alice": alice}, rng)
            prompt = prompt_of(r)
        found = await bot.gm.latest(ch)
        assert found.record.status == "finished"
        status = await fake.slash(bot, alice, ch, "game status")
        fields = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}
        assert "Time banks" not in status.text and "Whose turn" not in fields
        ranking = fields["Final ranking"].splitlines()
        assert len(ranking) == 2 and ranking[0].startswith("1. ")
        counts = [int(re.search(r": (\d+) Certificate", line)[1]) for line in ranking]
        assert counts == [r.certificates for r in found.state.ranking]
        # ended early by the host: no clocks either, the Certificates each had
        await started_game(fake, bot, ch2, alice, bob)
        shown = await fake.slash(bot, alice, ch2, "game end")
        await fake.click(bot, alice, shown.message, "End the game")
        status = await fake.slash(bot, bob, ch2, "game status")
        fields = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}
        assert "Time banks" not in status.text and "Whose turn" not in fields
        assert fields["Game over"] == "Ended before its end."
        assert len(fields["Certificates when it was ended"].splitlines()) == 2


async def test_log_opens_at_the_newest_page_with_both_buttons_and_history_is_private_too(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    async with run_bot(create_bot(settings)) as bot:
        r = await started_game(fake, bot, ch, alice, bob, ai=2)
        rng = random.Random(5)
        for _ in range(12):  # enough play for several pages
            r = await press_best(fake, bot, ch, prompt_of(r), {}, rng)
        log = await fake.slash(bot, carol, ch, "game log")
        assert log.ephemeral
        m = re.search(r"page (\d+)/(\d+)", log.text)
        assert m and m[1] == m[2] and int(m[2]) >= 3, log.text
        pages = int(m[2])
        buttons = {b["label"]: b for b in log.message.buttons}
        assert list(buttons) == ["◀", "▶", "Show everyone"]
        assert buttons["▶"].get("disabled") and not buttons["◀"].get("disabled")
        back = await fake.click(bot, carol, log.message, "◀")
        assert f"page {pages - 1}/{pages}" in back.text
        buttons = {b["label"]: b for b in back.message.buttons}
        assert not buttons["▶"].get("disabled") and not buttons["◀"].get("disabled")
        shown = await fake.click(bot, carol, back.message, "Show everyone")
        public = shown.followups[-1]
        assert not public.ephemeral and f"page {pages - 1}/{pages}" in public.text
        history = await fake.slash(bot, carol, ch, "game history")
        assert history.ephemeral and "Show everyone" in [b["label"] for b in history.message.buttons]
        shared = await fake.click(bot, carol, history.message, "Show everyone")
        assert not shared.followups[-1].ephemeral and "in play" in shared.followups[-1].text
        assert not fake.violations


async def test_one_your_turn_dm_per_turn_and_an_extra_turn_dms_again(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    bot = _extra_turn_bot(settings, alice, bob)
    async with run_bot(bot):
        for u in (alice, bob):
            await fake.slash(bot, u, ch, "notify", dm="on")

        def turn_dms(user: int) -> int:
            return sum("It is your turn" in (m.content or "") for m in fake.messages_in(fake.dm_channel(user)))

        first, second = await _started_by_hand(fake, bot, ch, alice, bob)
        assert (turn_dms(first), turn_dms(second)) == (1, 0)
        await _stay(fake, bot, ch, first)  # a second step inside the same turn: no new DM
        assert turn_dms(first) == 1
        await fake.slash(bot, first, ch, "end-turn")  # Peaceful Times: an extra turn starts
        assert (turn_dms(first), turn_dms(second)) == (2, 0)
        await _stay(fake, bot, ch, first)
        await fake.slash(bot, first, ch, "end-turn")
        assert (turn_dms(first), turn_dms(second)) == (2, 1)


async def test_a_vote_nobody_answers_closes_at_its_deadline_with_the_fallback_announced_after_a_restart(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy", bank_hours=2.0, policy="vote")
        for u in (bob, carol):
            await fake.slash(bot, u, ch, "game join")
        await fake.slash(bot, alice, ch, "game start")
        found = await bot.gm.current(ch)
        absent = found.system.pending(found.state).player
        clock.now += 7200
        await bot.get_cog("ClockCog").run_clock()
        vote = fake.last_message(ch)
        assert "What should the table do" in vote.content
        # the vote's window is the starting bank when shorter than a day
        assert f"Voting closes <t:{int(clock.now + 7200)}:R>; without a majority by then: Skip the turn." in vote.content
        status = await fake.slash(bot, carol, ch, "game status")
        assert "The table is voting on" in status.text
        clock.now += 7199
        assert await bot.get_cog("ClockCog").run_clock() == []
    clock.now += 1
    async with run_bot(create_bot(settings, clock=clock)) as bot:  # a restart: the deadline lives in the database

        def closed() -> list:
            return [m for m in fake.messages_in(ch) if "closed without a majority: Skip the turn" in (m.content or "")]

        assert await fake.wait_until(lambda: bool(closed()))  # the clock loop's first pass after start-up
        found = await bot.gm.current(ch)
        assert found.system.pending(found.state).player != absent
        assert found.state.player(absent).alive and found.state.player(absent).ai is None
        ticks = await bot.get_cog("ClockCog").run_clock()
        assert "vote_closed" not in [t.kind for t in ticks] and len(closed()) == 1  # announced once
        old = await fake.click(bot, int(found.system.pending(found.state).player), vote, "Skip the turn")
        assert old.ephemeral and "no vote open" in old.text


async def test_undo_takes_back_a_turn_ending_step_when_nothing_was_revealed(world, settings):
    """The next turn is an extra turn (no Chance card), so ending the turn showed nothing new."""
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    bot = _extra_turn_bot(settings, alice, bob)
    async with run_bot(bot):
        first, second = await _started_by_hand(fake, bot, ch, alice, bob)
        await _stay(fake, bot, ch, first)
        before = (await bot.gm.current(ch)).record.state
        ended = await fake.slash(bot, first, ch, "end-turn")
        assert "(extra turn)" in ended.text
        proposal = await fake.slash(bot, first, ch, "game undo")
        assert not proposal.ephemeral and "The other players must agree" in proposal.text
        refused = await fake.click(bot, first, proposal.message, "Agree")  # already counted as agreeing
        assert refused.ephemeral and "waiting for the others" in refused.text
        agreed = await fake.click(bot, second, proposal.message, "Agree")
        assert "taken back" in agreed.text
        assert (await bot.gm.current(ch)).record.state == before
        # ending the turn for real starts the other player's turn with a Chance card: refused at once, saying why
        await fake.slash(bot, first, ch, "end-turn")
        await _stay(fake, bot, ch, first)
        await fake.slash(bot, first, ch, "end-turn")
        refusal = await fake.slash(bot, first, ch, "game undo")
        name = (await bot.gm.current(ch)).state.player(str(second)).name
        assert refusal.ephemeral and "Chance card" in refusal.text and f"and {name}'s turn began" in refusal.text


async def test_a_non_host_is_refused_before_any_confirmation(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    async with run_bot(create_bot(settings)) as bot:
        await started_game(fake, bot, ch, alice, bob)
        refused = await fake.slash(bot, bob, ch, "game end")
        assert refused.ephemeral and "Only the host" in refused.text and refused.message.buttons == []
        refused = await fake.slash(bot, carol, ch, "game settings", policy="skip")
        assert refused.ephemeral and refused.message.buttons == []
        shown = await fake.slash(bot, alice, ch, "game end")
        assert shown.ephemeral and "End the game" in [b["label"] for b in shown.message.buttons]
        assert (await bot.gm.current(ch)) is not None


async def test_the_digest_is_short_grouped_by_round_with_ai_turns_named_and_never_repeats(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy", bank_hours=1.0, policy="ai")
        await fake.slash(bot, bob, ch, "game join")
        for _ in range(2):
            await fake.slash(bot, alice, ch, "game add-bot", level="heuristic")
        await fake.slash(bot, alice, ch, "game start")
        await fake.slash(bot, bob, ch, "game status")  # bob has seen the start
        cog = bot.get_cog("ClockCog")
        rng = random.Random(2)
        # bob is away for several rounds: alice plays, bob's own turns run out and the AI covers them
        for _ in range(400):
            found = await bot.gm.current(ch)
            if found is None or found.state.round >= 5:
                break
            if found.system.pending(found.state).player == str(alice):
                prompt = next(m for m in reversed(fake.messages_in(ch)) if m.buttons or m.selects)
                await press_best(fake, bot, ch, prompt, {}, rng)
            else:
                clock.now += 3 * 3600
                await cog.run_clock()
        assert found is not None and found.state.round >= 5
        status = await fake.slash(bot, bob, ch, "game status")
        # the digest follows the status; the pending decision closes it (issue "A table never stalls")
        digest = status.messages[1]  # after the status itself (an answer or the follow-up filling its "thinking…")
        assert digest.ephemeral and digest.content.startswith("**Since your last turn:**")
        closing = status.followups[-1]
        assert closing.ephemeral and ("to decide" in closing.content or "Your decision" in closing.content)
        text = digest.content
        assert len(text) <= 1800
        assert re.search(r"^…and \d+ earlier turns?;", text, re.M)  # a long absence is cut to the newest turns
        rounds = [int(n) for n in re.findall(r"^__Round (\d+)__$", text, re.M)]
        assert rounds and rounds == sorted(set(rounds))  # grouped: each round heading once, in order
        assert re.search(r"^\*\*AI \d\*\* \(AI\)", text, re.M)  # AI turns headed by the AI's name
        for block in re.split(r"^\*\*.*$", text, flags=re.M)[1:]:
            bullets = [line for line in block.splitlines() if line.startswith("• ")]
            assert len(bullets) <= 4  # three lines and "…and N more" at most per turn
        # bob's own turns, played for him while he was away, are news to him too
        bob_name = (await bot.gm.current(ch)).state.player(str(bob)).name
        assert re.search(rf"^\*\*{bob_name}\*\*(?: \(extra turn\))?\n• ", text, re.M)
        again = await fake.slash(bot, bob, ch, "game status")
        assert all(not m.ephemeral or "Since your last turn" not in (m.content or "") for m in again.followups)


async def test_a_vacation_is_not_shown_as_time_left(world, settings):
    """/game vacation stops a player's clock for some days: /game status shows the same time left
    in her bank as before, and the moment it runs out moved on by the vacation."""
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy", bank_hours=24.0)
        await fake.slash(bot, bob, ch, "game join")
        await fake.slash(bot, alice, ch, "game start")
        found = await bot.gm.current(ch)
        mover = found.state.player(found.system.pending(found.state).player)
        user = alice if mover.player == str(alice) else bob
        await fake.slash(bot, user, ch, "game vacation", days=3)
        status = await fake.slash(bot, user, ch, "game status")
        found = re.search(rf"{mover.name}: ([^,\n]+) left, thinking now: runs out <t:(\d+):R> \(on vacation", status.text)
        assert found, status.text
        assert found[1] == "1 d 0 h", found[0]  # the bank, not "3 d 23 h": the vacation is not time left
        assert int(found[2]) == int(clock.now) + 3 * 86400 + 24 * 3600  # runs out after the vacation and the bank


async def test_the_digest_comes_before_the_returning_players_first_answer(world, settings):
    """"Since your last turn" reaches a returning player before she answers: the turn message
    that opens her turn carries a button that shows her, privately, what happened since she last
    looked and then her own live prompt; her first press then does not repeat it."""
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    rng = random.Random(4)
    async with run_bot(create_bot(settings)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy")
        await fake.slash(bot, bob, ch, "game join")
        await fake.slash(bot, alice, ch, "game start")
        users = {str(alice): alice, str(bob): bob}
        first = (await bot.gm.current(ch)).system.pending((await bot.gm.current(ch)).state).player
        other = bob if first == str(alice) else alice
        await fake.slash(bot, other, ch, "game status")  # she has seen the start
        for _ in range(200):  # the first player plays her turn
            found = await bot.gm.current(ch)
            if found.system.pending(found.state).player == str(other):
                break
            prompt = next(m for m in reversed(fake.messages_in(ch)) if m.buttons or m.selects)
            await press_best(fake, bot, ch, prompt, users, rng)
        opening = next(m for m in reversed(fake.messages_in(ch)) if m.buttons or m.selects)
        news = [b for b in opening.buttons if b["custom_id"].startswith("gmnews:")]
        assert [b["label"] for b in news] == ["📜 Since my last turn"]
        looked = await fake.click(bot, other, opening, news[0]["custom_id"])
        texts = [m for m in looked.messages if m.ephemeral]
        assert texts[0].content.startswith("**Since your last turn:**"), texts[0].content
        assert "Your decision" in texts[-1].content and (texts[-1].buttons or texts[-1].selects)
        assert (await bot.gm.current(ch)).record.version == found.record.version  # looking changes nothing
        # the one who just played presses it too: her own news (none), and who decides, never the prompt
        again = await fake.click(bot, int(first), opening, news[0]["custom_id"])
        assert all(m.ephemeral for m in again.messages) and again.messages[0].content == "Nothing new since you last looked."
        assert not any(m.buttons or m.selects for m in again.messages)
        answered = await press_best(fake, bot, ch, opening, users, rng)
        assert not any("Since your last turn" in (m.content or "") for m in answered.messages if m.ephemeral)
