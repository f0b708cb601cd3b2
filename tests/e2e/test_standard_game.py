"""Prophecy, Standard Version, end to end through the loopback Discord: /game new offers the
version and its optional rules, two people and two AI seats play to a winner, a fight between
characters waits hours for its defender, and the Final Battle is fought (issue 13)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from bot import create_bot
from loopback import run_bot
from tests.e2e.helpers import press_best, prompt_of
from tests.fakes import HandClock

#: a game (seat order, dice, AI choices) that has everything this file checks: a person
#: defending in a fight between characters, the Final Battle, and a winner by Artifacts
SEED = 34
HOUR = 3600.0


@dataclass
class Played:
    """What happened in a driven game, for the assertions."""

    defences: list[dict] = field(default_factory=list)
    final_battle: bool = False
    presses: int = 0
    end_reason: str | None = None
    winner: str | None = None
    winner_artifacts: int = 0
    dreams: list = field(default_factory=list)
    transcript: list[str] = field(default_factory=list)


async def open_standard(fake, bot, ch, host, *others, ai: int = 0, **new_options):
    await fake.slash(bot, host, ch, "game new", system="prophecy:standard", **new_options)
    for uid in others:
        await fake.slash(bot, uid, ch, "game join")
    for _ in range(ai):
        await fake.slash(bot, host, ch, "game add-bot", level="heuristic")
    return await fake.slash(bot, host, ch, "game start")


async def drive(fake, bot, ch, people: dict[str, int], clock: HandClock, first, max_presses: int = 3000) -> Played:
    """Press what the heuristic would press, as whoever must decide, until the game ends. A
    defender of a fight between characters answers five hours later, after the other person
    tried to answer for them."""
    rng = random.Random(0)
    played = Played()
    reply = first
    ids = {str(v) for v in people.values()}
    while played.presses < max_presses:
        found = await bot.gm.current(ch)
        if found is None or found.state.status != "active":
            break
        pend = found.system.pending(found.state)
        std = found.state.standard
        if std is not None and std.final_battle is not None:
            played.final_battle = True
        message = prompt_of(reply) if reply is not None else None
        if message is None:
            message = next(m for m in reversed(fake.messages_in(ch)) if m.buttons or m.selects)
        if pend.kind == "decide_loss" and pend.player in ids:
            other = next(uid for uid in people.values() if str(uid) != pend.player)
            wrong = await fake.click(bot, other, message, message.buttons[0]["custom_id"]) if message.buttons else None
            clock.now += 5 * HOUR
            ticks = await bot.get_cog("ClockCog").run_clock()
            played.defences.append({"defender": pend.player, "message": message.content,
                                    "wrong": wrong, "ticks": [t.kind for t in ticks]})
        reply = await press_best(fake, bot, ch, message, people, rng)
        played.presses += 1
        if pend.kind == "decide_dream" and pend.player in ids:
            played.dreams.append((pend.player, reply))
    played.transcript = [m.content + "\n" + "\n".join(str(e.get("description") or "") for e in m.embeds)
                         for m in fake.messages_in(ch)]
    found = await bot.gm.latest(ch)
    played.end_reason = found.state.end_reason
    played.winner = found.state.winner
    if played.winner is not None:
        played.winner_artifacts = len(found.state.standard.players[played.winner].artifacts)
    return played


async def test_game_new_offers_the_standard_version_and_its_optional_rules(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        choices = (await fake.autocomplete(bot, alice, ch, "game new", "variants", "apo", system="prophecy:standard")).choices
        assert [c["name"].split(" · ")[0] for c in choices] == ["Apocalypse"]
        assert (await fake.autocomplete(bot, alice, ch, "game new", "variants", "", system="prophecy")).choices == []
        bad = await fake.slash(bot, alice, ch, "game new", system="prophecy:standard", variants="Apocalypse, Moonwalk")
        assert bad.ephemeral and "Moonwalk" in bad.text and "Random characters" in bad.text
        assert await bot.gm.current(ch) is None  # a refused /game new opens nothing
        clash = await fake.slash(bot, alice, ch, "game new", system="prophecy:standard",
                                 variants="Greater Guardian at once, Greater Guardian next time")
        assert clash.ephemeral and "cannot both be chosen" in clash.text
        basic = await fake.slash(bot, alice, ch, "game new", system="prophecy", variants="apocalypse")
        assert basic.ephemeral and "no optional rules" in basic.text
        r = await fake.slash(bot, alice, ch, "game new", system="prophecy:standard", variants="apocalypse, random characters")
        assert not r.ephemeral and "Prophecy (Standard Version)" in r.text and "Apocalypse" in r.text
        found = await bot.gm.current(ch)
        opts = found.state.options
        assert opts["version"] == "standard" and opts["standard"]["apocalypse"] is True
        assert opts["standard"]["character_choice"] == "random"
        fields = {f["name"]: f["value"] for e in r.message.embeds for f in e.get("fields", [])}
        assert "Random characters" in fields["Optional rules"]


async def test_help_lists_each_game_with_its_optional_rules(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        text = (await fake.slash(bot, alice, ch, "help")).text
        assert "`/game new system:prophecy:standard`" in text and "Apocalypse" in text


async def test_basic_game_is_unchanged_by_the_version_choice(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        r = await fake.slash(bot, alice, ch, "game new", system="prophecy")
        assert "Prophecy" in r.text and "Standard" not in r.text
        found = await bot.gm.current(ch)
        assert found.state.options.get("version", "basic") == "basic" and "standard" not in found.state.options


async def test_standard_game_two_people_two_ai_to_a_winner_by_artifacts(world, settings):
    """Facts §5-§7 and rulings character_fight_loss, final_battle_turns: the loser of a fight
    between characters chooses; only the defender answers, on their own time."""
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        bot.gm._seed = lambda: SEED
        for uid in (alice, bob):
            await fake.slash(bot, uid, ch, "notify", dm="on")
        first = await open_standard(fake, bot, ch, alice, bob, ai=2, bank_hours=48.0)
        played = await drive(fake, bot, ch, {"alice": alice, "bob": bob}, clock, first)
        defender = int(played.defences[0]["defender"]) if played.defences else None
        dms = [m.content for m in fake.messages_in(fake.dm_channel(defender))] if defender else []
    # the winner took the fourth Artifact in the Final Battle (ruling final_battle_stakes)
    assert played.end_reason == "final_battle", played.end_reason
    assert played.winner_artifacts >= 4
    # the echo of a press is posted in the channel: built from the spectator view, so keeping
    # one of two secretly dealt characters never names either in it (the narration then says
    # which one was kept, as everyone learns it)
    kept = [line for line in played.transcript if line.startswith("✅") and "Keep" in line]
    assert kept and all(line.startswith(("✅ Alice: Keep one of the 2 characters", "✅ Bob: Keep one of the 2 characters"))
                        for line in kept), kept
    told = "\n".join(played.transcript)
    assert "the Final Battle is called" in told and "The Final Battle begins at" in told
    assert played.defences, "no person had to answer a fight between characters"
    d = played.defences[0]
    assert f"<@{d['defender']}>" in d["message"]
    assert d["wrong"] is not None and d["wrong"].ephemeral
    assert d["ticks"] in ([], ["reminder"])  # five hours of a 48-hour bank: no expiry
    # a Prophetic Dream (ruling prophetic_dream): the channel learns only which card was looked
    # at; the dreamer gets what it is at once, in a reply only they see
    assert played.dreams, "no person dreamt in this game"
    for dreamer, reply in played.dreams:
        private = [m for m in reply.messages if m.ephemeral]
        public = [m for m in reply.messages if not m.ephemeral]
        assert private and all(m.visible_to == int(dreamer) for m in private), [m.content for m in reply.messages]
        seen = [m.content for m in private if "Only you see this: it is" in (m.content or "")]
        assert seen, [m.content for m in private]
        card = seen[0].split("Only you see this: it is ", 1)[1].split(" (")[0]
        assert card and not any(card in (m.content or "") for m in public), card
    # the defender, who opted in to direct messages, is told a decision of theirs is waiting
    assert any("only you can answer" in m for m in dms), dms


async def test_help_also_names_the_campaign_the_rules_oracle_and_the_dice(world, settings):
    """/help shows a newcomer everything the bot does, not just Prophecy: the Darkest Talisman
    campaign, the rules oracle, the dice and Magical Orders, and the play-by-chat commands, each
    with the command that starts it, in the reader's language."""
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        r = await fake.slash(bot, alice, ch, "help")
        assert r.ephemeral
        fields = {f["name"]: f["value"] for e in r.message.embeds for f in e.get("fields", [])}
        more = fields["Also here"]
        for command in ("/campaign new", "/rules", "/card", "/rulings", "/roll", "/table roll", "/orders join", "/notify dm:on"):
            assert command in more, command
        assert "Water Realm" in (r.message.embeds[0].get("description") or "")
        gianni = fake.add_user("gianni", locale="it")
        it = await fake.slash(bot, gianni, ch, "help")
        fields_it = {f["name"]: f["value"] for e in it.message.embeds for f in e.get("fields", [])}
        assert "/campagna nuova" in fields_it["C'è anche"] and "/regole" in fields_it["C'è anche"]


async def test_the_channel_echo_of_a_secret_keep_names_no_wrong_place(world, settings):
    """Ruling character_choice (two dealt in secret, keep one; facts §2 "Character choice"):
    pressing "Keep character 2 of 2" was echoed in the channel as "Keep character 1 of 2". The
    echo, read from the channel's view which cannot know the place, now says only that one of
    the two was kept, and the character kept is then announced to everyone."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        started = await open_standard(fake, bot, ch, alice, bob)
        prompt = prompt_of(started)
        assert prompt is not None
        found = await bot.gm.current(ch)
        pend = found.system.pending(found.state)
        chooser = int(pend.player)
        hand = next(d for d in found.state.standard.decisions if d.player == pend.player).options
        second = next(b for b in prompt.buttons if b["label"].startswith("Keep character 2 of 2"))
        pressed = await fake.click(bot, chooser, prompt, second["custom_id"])
        echo = pressed.message.content
        assert "1 of 2" not in echo and "Keep one of the 2 characters" in echo, echo
        after = await bot.gm.current(ch)
        assert after.state.player(pend.player).character == hand[1]


async def test_move_while_keeping_a_character_says_the_question_waits(world, settings):
    """Ruling character_choice: before the first turn each player keeps one of two characters.
    /move typed meanwhile by the player who must choose was refused with "it is the move step",
    which it is not; the private refusal now says a question waits for her, and nothing moves."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await open_standard(fake, bot, ch, alice, bob)
        before = await bot.gm.current(ch)
        chooser = int(before.system.pending(before.state).player)
        r = await fake.slash(bot, chooser, ch, "move", to="City")
        assert r.ephemeral and r.text.startswith("Answer the question waiting for you first"), r.text
        assert "step" not in r.text
        after = await bot.gm.current(ch)
        assert after.record.version == before.record.version
