"""Refusals through Discord: wrong people, stale and forged buttons, simultaneous clicks,
hostile input. Each refusal is private and leaves the game and its log unchanged."""
from __future__ import annotations

import asyncio
import copy

from bot import create_bot
from loopback import run_bot
from loopback.payloads import button_payload
from tests.e2e.helpers import log_size, prompt_of, raw_slash, set_leaf, started_game


async def _pending(bot, channel):
    found = await bot.gm.current(channel)
    return found.system.pending(found.state).player


async def test_non_player_wrong_player_stale_and_forged_clicks_are_refused(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    async with run_bot(create_bot(settings)) as bot:
        r = await started_game(fake, bot, ch, alice, bob)
        prompt = prompt_of(r)
        active = int(await _pending(bot, ch))
        other = bob if active == alice else alice
        before = await log_size(bot, ch)
        button = prompt.buttons[0]["custom_id"]

        refused = await fake.click(bot, carol, prompt, button)
        assert refused.ephemeral and "not playing" in refused.text
        refused = await fake.click(bot, other, prompt, button)
        assert refused.ephemeral and "not your turn" in refused.text
        assert await log_size(bot, ch) == before

        # forged: a custom_id for an index that does not exist, and one for another game
        for forged_id in (button.rsplit(":", 1)[0] + ":999", "gm:424242:" + button.split(":", 2)[2]):
            msg = copy.deepcopy(fake.message(prompt).payload(fake.messages.cdn_base))
            msg["components"][0]["components"][0]["custom_id"] = forged_id
            payload = button_payload(fake.context(active, ch), msg, forged_id)
            refused = await fake.interact(bot, payload)
            assert refused.ephemeral, refused.text
            assert "does not belong" in refused.text or "out of date" in refused.text
        assert await log_size(bot, ch) == before

        old_view = copy.deepcopy(fake.message(prompt).payload(fake.messages.cdn_base))
        ok = await fake.click(bot, active, prompt, button)
        assert not ok.ephemeral and not fake.message(prompt).buttons  # the answered prompt loses its buttons
        after = await log_size(bot, ch)
        assert after[1] > before[1]
        # a client still showing the old prompt clicks it again
        stale = await fake.interact(bot, button_payload(fake.context(active, ch), old_view, button))
        assert stale.ephemeral and "out of date" in stale.text
        assert await log_size(bot, ch) == after


async def test_two_simultaneous_clicks_exactly_one_applies(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        r = await started_game(fake, bot, ch, alice, bob)
        prompt = prompt_of(r)
        active = int(await _pending(bot, ch))
        before = await log_size(bot, ch)
        button = prompt.buttons[0]["custom_id"]
        first, second = await asyncio.gather(fake.click(bot, active, prompt, button),
                                             fake.click(bot, active, prompt, button))
        results = sorted([first, second], key=lambda x: x.ephemeral)
        assert not results[0].ephemeral and results[1].ephemeral
        assert "out of date" in results[1].text
        version, actions = await log_size(bot, ch)
        assert actions >= before[1] + 1 and version > before[0]


async def test_hostile_input_gets_a_clear_private_error_and_changes_nothing(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await started_game(fake, bot, ch, alice, bob)
        active = int(await _pending(bot, ch))
        before = await log_size(bot, ch)
        cases = [
            # before moving, buying (or using a card) is refused as too early, whatever was typed
            (raw_slash(fake, active, ch, "buy", item="x"), "item", "Excalibur", "First move"),
            (raw_slash(fake, active, ch, "move", to="x"), "to", "z" * 10_000, "no space"),
            (raw_slash(fake, active, ch, "heal", what="health", amount=1), "amount", -5, "between 1 and 20"),
            (raw_slash(fake, active, ch, "heal", what="health", amount=1), "amount", 10**12, "between 1 and 20"),
            (raw_slash(fake, active, ch, "use", what="x"), "what", "🐉" * 5000, "First move"),
            (raw_slash(fake, active, ch, "fight", gear="x"), "gear", "g1v1i1", "out of date"),
        ]
        for payload, name, value, expected in cases:
            r = await fake.interact(bot, set_leaf(payload, name, value))
            assert r.ephemeral, (name, value, r.text)
            assert expected.casefold() in r.text.casefold(), (name, r.text)
            assert len(r.text) <= 2000
        assert await log_size(bot, ch) == before
        # options for another system: a second game in a channel with a system that does not exist
        other = raw_slash(fake, alice, world["ch2"], "game new", system="prophecy")
        r = await fake.interact(bot, set_leaf(other, "system", "chess"))
        assert r.ephemeral and "Unknown game system" in r.text
        assert await bot.gm.current(world["ch2"]) is None


async def test_two_games_in_two_channels_do_not_interfere(world, settings):
    fake = world["fake"]
    alice, bob, carol, dave = world["alice"], world["bob"], world["carol"], world["dave"]
    ch1, ch2 = world["ch1"], world["ch2"]
    async with run_bot(create_bot(settings)) as bot:
        r1, r2 = await asyncio.gather(started_game(fake, bot, ch1, alice, bob),
                                      started_game(fake, bot, ch2, carol, dave, ai=1))
        g1, g2 = await bot.gm.current(ch1), await bot.gm.current(ch2)
        assert g1.record.id != g2.record.id
        assert {p.player for p in g1.state.players} == {str(alice), str(bob)}
        assert {p.player for p in g2.state.players} == {str(carol), str(dave), "ai1"}
        p1, p2 = prompt_of(r1), prompt_of(r2)
        a1, a2 = int(await _pending(bot, ch1)), int(await _pending(bot, ch2))
        # a player of game 1 pressing game 2's prompt is refused there
        wrong = await fake.click(bot, a1, p2, p2.buttons[0]["custom_id"])
        assert wrong.ephemeral
        x1, x2 = await asyncio.gather(fake.click(bot, a1, p1, p1.buttons[0]["custom_id"]),
                                      fake.click(bot, a2, p2, p2.buttons[0]["custom_id"]))
        assert not x1.ephemeral and not x2.ephemeral
        n1, n2 = await bot.gm.current(ch1), await bot.gm.current(ch2)
        assert n1.record.version > g1.record.version and n2.record.version > g2.record.version
        assert {p.player for p in n1.state.players} == {str(alice), str(bob)}
        assert all(m.channel_id == ch1 for m in x1.messages) and all(m.channel_id == ch2 for m in x2.messages)


async def test_end_game_needs_host_or_manage_channel_and_confirmation(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol, dave = world["alice"], world["bob"], world["carol"], world["dave"]
    async with run_bot(create_bot(settings)) as bot:
        await started_game(fake, bot, ch, alice, bob)
        refused = await fake.slash(bot, carol, ch, "game end")  # refused at once, before any confirmation
        assert refused.ephemeral and "Only the host" in refused.text and not refused.message.buttons
        assert (await bot.gm.current(ch)) is not None
        shown = await fake.slash(bot, dave, ch, "game end")
        done = await fake.click(bot, dave, shown.message, "End the game")
        assert "was ended" in done.text
        assert (await bot.gm.current(ch)) is None
        again = await fake.slash(bot, alice, ch, "game new", system="prophecy")
        assert not again.ephemeral  # the channel is free for a new game
