"""Forged and stale inputs get one private line and change nothing ("A table never stalls",
"Every interaction answered, once, in words"), end to end through the loopback Discord.

* the Mad Riddler's text box sent after a restart of the bot is answered, and the typed
  description applied (ui.modals routes a submission by its custom id);
* a select value no select offers ("²", a thousand digits) is refused as not belonging to the
  decision, not answered with the apology and an error id;
* a log or "Show everyone" button naming a Magical Orders tracker is refused in words;
* every custom id template and text box of the bot, forged systematically (tests/e2e/forgery.py):
  wrong game, another channel's game, a finished game, another system's game, numbers at their
  largest, negative, non-ASCII digits, junk, the wrong kind of component.
"""
from __future__ import annotations

import logging

import discord

from bot import create_bot
from gm.i18n import t
from loopback import run_bot
from tests.e2e import forgery
from tests.e2e.forgery import Forgery, Target, check_coverage, expected_text, forgeries, is_apology, private_line, send
from tests.e2e.helpers import prompt_of, started_game
from tests.prophecy_water.test_new_cards_discord import _arrange, _button, _table
from ui.modals import PersistentModal


def _subclasses(cls: type) -> list[type]:
    return [sub for direct in cls.__subclasses__() for sub in (direct, *_subclasses(direct))]


async def _games(bot, channels) -> dict[int, tuple[int, str, int]]:
    out = {}
    for channel in channels:
        for g in await bot.store.list_games(channel, include_finished=True):
            out[g.id] = (g.version, g.status, len(await bot.store.actions(g.id)))
    return out


async def test_mad_riddler_answer_typed_across_a_restart_is_applied(world, settings):
    """Water Realm, the Mad Riddler: the named player opens "Type my answer", the bot restarts,
    she sends the box: her description is the answer and the judges are asked. The same box
    sent again is refused privately, in one line, and changes nothing."""
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    async with run_bot(create_bot(settings)) as bot:
        await _table(fake, bot, ch, alice, bob, carol)
        await _arrange(bot, ch, alice, riddler=True)
        message = prompt_of(await fake.slash(bot, alice, ch, "use", what="Mad Riddler"))
        message = prompt_of(await fake.click(bot, alice, message, _button(message, "Is it a weapon?")))
        message = prompt_of(await fake.click(bot, alice, message, _button(message, "name the Item")))
        waiting = (await bot.gm.current(ch)).record
        # the asked player's button of another version opens no box: it could only be refused
        stale = await send(fake, bot, alice, ch, Forgery(f"wrans:{waiting.id}:{waiting.version + 1}", forgery.BUTTON, "stale"))
        assert private_line(stale) == t("en", "error.stale_prompt")
        shown = await fake.click(bot, alice, message, _button(message, "Type my answer"))
        assert shown.modal is not None and shown.modal["custom_id"] == f"wrmodal:{waiting.id}:{waiting.version}"
        waiting = waiting.version
    async with run_bot(create_bot(settings)) as bot2:  # a new process: nothing of the box in memory
        answered = await fake.submit_modal(
            bot2, shown, {"Describe the card in your own words": "the rare hammer to throw at zombies"}
        )
        assert answered.acked and not answered.ephemeral, answered.text
        found = await bot2.gm.current(ch)
        assert found.system.pending(found.state).kind == "wrc_judge"
        assert found.record.version > waiting
        judged = prompt_of(answered)
        assert judged is not None and f"<@{bob}>" in judged.content
        again = await fake.submit_modal(bot2, shown, {"Describe the card in your own words": "a second answer"})
        assert private_line(again) == t("en", "wrcards.discord.not_asked")
        assert (await bot2.gm.current(ch)).record.version == found.record.version


async def test_forged_select_values_are_refused_in_one_line(world, settings):
    """gms: (a prompt's select) and dta: (the campaign's private menu) with a value no select
    offers: "That button does not belong to the current decision.", nothing changes."""
    fake, ch, camp = world["fake"], world["ch1"], world["ch2"]
    alice, bob = world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await started_game(fake, bot, ch, alice, bob)
        await fake.slash(bot, alice, camp, "campaign new", mode="coop")
        await fake.slash(bot, alice, camp, "campaign start")
        before = await _games(bot, [ch, camp])
        table, campaign = await bot.gm.current(ch), await bot.gm.current(camp)
        active = int(table.system.pending(table.state).player)
        for value in ("²", "9" * 5000, "-1", "١"):
            for where, user, custom_id in ((ch, active, f"gms:{table.record.id}:{table.record.version}:0"),
                                           (camp, alice, f"dta:{campaign.record.id}:{campaign.record.version}:0")):
                refused = await send(fake, bot, user, where, Forgery(custom_id, forgery.SELECT, "value", values=[value]))
                assert private_line(refused) == t("en", "error.forged_prompt"), (custom_id, value, refused.text)
        assert await _games(bot, [ch, camp]) == before


async def test_log_and_show_buttons_naming_an_orders_tracker_are_refused_in_one_line(world, settings):
    fake, ch = world["fake"], world["ch2"]
    alice = world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        await fake.slash(bot, alice, ch, "orders join", order="wizards")
        tracker = await bot.store.get_active_game(ch)
        before = await _games(bot, [ch])
        wanted = t("en", "error.other_system", system="orders")
        assert wanted == "This channel runs a Magical Orders tracker game; its own commands apply here."
        for custom_id in (f"gmshow:log:{tracker.id}:0", f"gmshow:status:{tracker.id}:0", f"gmlog:{tracker.id}:0",
                          f"gmlog:{tracker.id}:3:n"):
            refused = await send(fake, bot, alice, ch, Forgery(custom_id, forgery.BUTTON, "orders"))
            assert private_line(refused) == wanted, (custom_id, refused.text)
        assert await _games(bot, [ch]) == before


async def test_every_template_forged_in_every_shape_gets_one_private_line(world, settings, caplog):
    """tests/e2e/forgery.py's forgeries of every registered template, pressed by whoever may act
    in a Prophecy table, a campaign, an Orders channel and a channel whose game is over."""
    fake, guild = world["fake"], world["guild"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    basic, camp, orders, done = world["ch1"], world["ch2"], fake.add_channel(guild, "orders"), fake.add_channel(guild, "done")
    channels = [basic, camp, orders, done]
    async with run_bot(create_bot(settings)) as bot:
        assert check_coverage(bot) == [], "a button, select or text box forgery.SPECS does not forge"
        # every text box of the bot survives a restart: a PersistentModal the bot routes
        ours = [m for m in _subclasses(discord.ui.Modal) if m.__module__.split(".")[0] in ("bot", "cogs", "systems", "ui")
                and m is not PersistentModal]
        assert ours and all(issubclass(m, PersistentModal) and m in bot.persistent_modals for m in ours), ours
        await started_game(fake, bot, done, alice, bob)
        ending = await fake.slash(bot, alice, done, "game end")
        await fake.click(bot, alice, ending.message, "End the game")
        await started_game(fake, bot, basic, alice, bob)
        await fake.slash(bot, bob, camp, "campaign new", mode="coop")
        await fake.slash(bot, bob, camp, "campaign start")
        await fake.slash(bot, carol, orders, "orders join", order="druids")
        records = {ch: (await bot.store.list_games(ch, include_finished=True))[-1] for ch in channels}
        targets = []
        for name, ch in (("basic", basic), ("campaign", camp), ("orders", orders), ("finished", done)):
            r = records[ch]
            found = await bot.gm.current(ch)
            pend = found.system.pending(found.state) if found is not None else None
            presser = int(pend.player) if pend is not None else (carol if name == "orders" else alice)
            targets.append(Target(name, ch, r.id, r.version, r.system, presser, bob if presser != bob else alice, r.status))
        await bot.get_cog("LookupCog").index()  # built now: a /rules button answers at once, not after a deferral
        before = await _games(bot, channels)
        public_before = {ch: len(fake.messages_in(ch)) for ch in channels}
        forged_messages = 0
        problems = []
        sent = 0
        for i, here in enumerate(targets):
            elsewhere = [records[ch].id for ch in channels if ch != here.channel]
            for f in forgeries(here, elsewhere, malformed=i == 0):
                result = await send(fake, bot, here.presser, here.channel, f)
                sent += 1
                forged_messages += f.kind != forgery.MODAL
                line = private_line(result)
                want = expected_text(f)
                if line is None or is_apology(line) or (want is not None and line != want):
                    problems.append(
                        f"{here.name}: {f.custom_id[:60]!r} [{f.kind}, {f.why}] -> {result.type} {result.text[:120]!r}"
                    )
        assert not problems, f"{len(problems)} of {sent}:\n" + "\n".join(problems[:40])
        assert sent > 400
        assert await _games(bot, channels) == before  # no game changed
        # nothing was posted in public: the only new messages are the forged ones the presses rode on
        assert sum(len(fake.messages_in(ch)) - public_before[ch] for ch in channels) == forged_messages
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
