"""What a player sees when something goes wrong on the bot's side, through the loopback Discord:
an unexpected error, a full disk, the database file removed under the running bot, an old
button nobody answers, a failing autocomplete, and a clock message posted twice after a crash."""
from __future__ import annotations

import copy
import logging
import os
import re
import sqlite3

from bot import create_bot
from cogs.outbox import deliver_pending
from loopback import run_bot
from loopback.payloads import button_payload
from tests.e2e.helpers import log_size, prompt_of, started_game

ERROR_ID = re.compile(r"`([0-9a-f]{8})`")


async def _active(bot, channel) -> int:
    found = await bot.gm.current(channel)
    return int(found.system.pending(found.state).player)


async def test_unexpected_error_in_a_command_gets_a_private_apology_with_an_error_id_in_the_log(world, settings, caplog):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy")
        before = await log_size(bot, ch)

        async def broken(*args, **kwargs):
            raise ZeroDivisionError("a bug")

        bot.gm.join = broken  # any unexpected exception inside the handler
        with caplog.at_level(logging.ERROR, logger="gm.errors"):
            r = await fake.slash(bot, bob, ch, "game join")
        assert r.acked and r.ephemeral
        found = ERROR_ID.search(r.text)
        assert found and "Sorry" in r.text, r.text
        logged = [rec for rec in caplog.records if rec.name == "gm.errors" and found[1] in rec.getMessage()]
        assert logged and logged[0].exc_info and logged[0].exc_info[0] is ZeroDivisionError  # with the traceback
        assert await log_size(bot, ch) == before


async def test_unexpected_error_in_a_button_gets_the_apology_too(world, settings, caplog):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        prompt = prompt_of(await started_game(fake, bot, ch, alice, bob))
        active = await _active(bot, ch)
        before = await log_size(bot, ch)

        async def broken(*args, **kwargs):
            raise KeyError("surprise")

        bot.gm.act_choice = broken
        with caplog.at_level(logging.ERROR, logger="gm.errors"):
            r = await fake.click(bot, active, prompt, prompt.buttons[0]["custom_id"])
        assert r.acked and r.ephemeral and ERROR_ID.search(r.text), r.text
        assert any(ERROR_ID.search(r.text)[1] in rec.getMessage() for rec in caplog.records)
        assert await log_size(bot, ch) == before
        assert fake.message(prompt).buttons  # the prompt still stands


async def test_an_error_under_a_log_pages_show_everyone_gets_the_apology_too(world, settings, caplog):
    """A log page's buttons are posted by the table cog, whose module discord.py loaded afresh
    (its own copies of the button classes, which a sent view registers again): a failure there
    is answered like any other button's, never left without an answer. An apology for a failed
    /game status sends nobody back to /game status."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await started_game(fake, bot, ch, alice, bob)
        page = await fake.slash(bot, bob, ch, "game log")
        show = next(b["custom_id"] for b in page.message.buttons if b["custom_id"].startswith("gmshow:log:"))

        async def broken(*args, **kwargs):
            raise KeyError("surprise")

        bot.gm.store.actions = broken
        with caplog.at_level(logging.ERROR, logger="gm.errors"):
            r = await fake.click(bot, bob, page.message, show)
        assert r.acked and r.ephemeral and ERROR_ID.search(r.text), r.text
        assert any(ERROR_ID.search(r.text)[1] in rec.getMessage() for rec in caplog.records)
        bot.gm.status_digest = broken
        with caplog.at_level(logging.ERROR, logger="gm.errors"):
            r = await fake.slash(bot, bob, ch, "game status")
        assert r.acked and r.ephemeral and ERROR_ID.search(r.text), r.text
        assert "/game status" not in r.text and "/game log" in r.text and "/me" in r.text


async def test_full_disk_gets_a_clear_message_and_changes_nothing(world, settings):
    """SQLite reports a full disk when it writes the transaction out, i.e. at COMMIT in WAL
    mode: the fault is injected there (tests/store fills a real database to its size limit)."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        prompt = prompt_of(await started_game(fake, bot, ch, alice, bob))
        active = await _active(bot, ch)
        before = await log_size(bot, ch)
        full = True

        def failing(conn):
            real_execute = conn.execute

            def execute(sql, *args, **kwargs):
                if full and sql == "COMMIT":
                    raise sqlite3.OperationalError("database or disk is full")
                return real_execute(sql, *args, **kwargs)
            return execute

        # the sqlite3 connections the store's writes run on: the event loop's, and the worker's
        for conn in (bot.store._writer, bot.store._conn._conn):
            conn.execute = failing(conn)
        r = await fake.click(bot, active, prompt, prompt.buttons[0]["custom_id"])
        assert r.ephemeral and "disk is full" in r.text and "Nothing was changed" in r.text, r.text
        assert await log_size(bot, ch) == before  # rolled back for real
        assert fake.message(prompt).buttons
        full = False
        again = await fake.click(bot, active, prompt, prompt.buttons[0]["custom_id"])  # space again: it works
        assert not again.ephemeral, again.text
        assert (await log_size(bot, ch))[0] > before[0]


async def test_database_removed_under_the_running_bot_stops_acknowledging_actions(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        prompt = prompt_of(await started_game(fake, bot, ch, alice, bob))
        active = await _active(bot, ch)
        os.remove(settings.database_path)
        r = await fake.click(bot, active, prompt, prompt.buttons[0]["custom_id"])
        assert r.acked and r.ephemeral and "removed or replaced" in r.text, r.text
        assert fake.message(prompt).buttons  # not acknowledged as done
        r = await fake.slash(bot, alice, ch, "game end")
        assert r.ephemeral and "removed or replaced" in r.text, r.text
        assert await bot.get_cog("ClockCog").run_clock() == []  # the clock pauses too, without crashing


async def test_a_button_no_item_answers_gets_a_private_reply(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        prompt = prompt_of(await started_game(fake, bot, ch, alice, bob))
        active = await _active(bot, ch)
        before = await log_size(bot, ch)
        msg = copy.deepcopy(fake.message(prompt).payload(fake.messages.cdn_base))
        msg["components"][0]["components"][0]["custom_id"] = "oldformat:1:2"  # a button of an old version
        r = await fake.interact(bot, button_payload(fake.context(active, ch), msg, "oldformat:1:2"))
        assert r.acked and r.ephemeral and "isn't used any more" in r.text, r.text
        assert await log_size(bot, ch) == before


async def test_a_failing_autocomplete_still_answers(world, settings, discord_errors):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await started_game(fake, bot, ch, alice, bob)
        active = await _active(bot, ch)

        async def broken(*args, **kwargs):
            raise RuntimeError("index broke")

        bot.gm.current = broken
        r = await fake.autocomplete(bot, active, ch, "move", "to", "ci")
        assert r.acked and r.type == 8 and r.choices == []
        discord_errors.take()  # discord.py logs the autocomplete failure itself


async def test_a_clock_message_posted_again_after_a_crash_appears_once(world, settings):
    """The crash window of the outbox: Discord accepted the post, the bot died before noting it.
    The repeat carries the same nonce with enforce_nonce, and Discord returns the first message."""
    fake, ch = world["fake"], world["ch1"]
    async with run_bot(create_bot(settings)) as bot:
        bot.get_cog("ClockCog").ticker.cancel()  # this test plays the clock's deliverer itself
        await bot.store.enqueue_message("channel", ch, {"content": "⏰ a reminder"})
        real_mark = bot.store.mark_delivered

        async def crash(*args, **kwargs):
            raise SystemExit("killed right after posting")

        bot.store.mark_delivered = crash
        try:
            await deliver_pending(bot, bot.store)
        except SystemExit:
            pass
        bot.store.mark_delivered = real_mark
        assert await deliver_pending(bot, bot.store) == 1  # "after the restart"
        assert await bot.store.pending_messages() == []
        assert sum(1 for m in fake.messages_in(ch) if "a reminder" in m.text) == 1
        posts = [q for q in fake.requests if q.method == "POST" and q.path == f"/channels/{ch}/messages"]
        assert len(posts) == 2 and posts[0].json["nonce"] == posts[1].json["nonce"] and posts[0].json["enforce_nonce"]
