"""A table you can trust, end to end through the loopback Discord: nothing that leaves the bot
holds the seed, the generator or a face-down pile's order while a game is open; the full record
comes after the end; host rights follow the seat; a command typed in an earlier turn is refused."""
from __future__ import annotations

import json
import random
import re

from bot import create_bot
from engine.core.system import Seat
from engine.prophecy.content import pack_by_id
from engine.prophecy.game import SYSTEM
from gm.i18n import t
from gm.replay import replay
from gm.store import ActionRecord
from loopback import run_bot
from tests.e2e.helpers import press_best, prompt_of, raw_slash, started_game
from tests.fakes import HandClock

PILES = ("adventure", "chance", "common", "rare")


def _pile_orders(state) -> list[str]:
    """Each face-down pile's real order as JSON text without spaces, when that order says something."""
    out = []
    for name in PILES:
        draw = getattr(state.decks, name).draw
        if len(draw) >= 3 and draw != sorted(draw):
            out.append(",".join(json.dumps(c) for c in draw))
    return out


def _outgoing(fake, since: int = 0) -> list[str]:
    """Everything the bot sent to Discord (bodies and files), whitespace removed, from request `since` on."""
    out = []
    for r in fake.requests[since:]:
        out.append(re.sub(r"\s+", "", json.dumps(r.json) if r.json is not None else ""))
        for f in r.files:
            out.append(re.sub(r"\s+", "", f.data.decode("latin-1")))
    return out


def _seen_by(fake, user: int, channel: int) -> list[str]:
    """Texts and files of every message `user` can see in `channel` (public ones and their own private ones)."""
    out = []
    for m in fake.messages_in(channel, include_ephemeral=True):
        if m.visible_to not in (None, user):
            continue
        out.append(m.text)
        out.extend(data.decode("latin-1") for data in m.files.values())
    return out


async def _play(fake, bot, ch, message, users, rng, steps: int):
    """Press what the heuristic would, `steps` times or until nobody must decide; the last prompt."""
    for _ in range(steps):
        found = await bot.gm.current(ch)
        if found is None or found.system.pending(found.state) is None:
            return message
        r = await press_best(fake, bot, ch, message, users, rng)
        message = prompt_of(r) or message
    return message


async def test_spectator_never_receives_the_seed_the_generator_or_a_pile_order(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    rng = random.Random(3)
    async with run_bot(create_bot(settings)) as bot:
        start = len(fake.requests)
        await fake.slash(bot, carol, ch, "notify", dm="on")
        r = await started_game(fake, bot, ch, alice, bob, ai=1)
        message = prompt_of(r)
        received = []
        for _ in range(4):
            message = await _play(fake, bot, ch, message, {}, rng, 6)
            for command in ("game status", "game log", "game export", "game replay", "game history", "me"):
                received.append(await fake.slash(bot, carol, ch, command))
            received.append(await fake.autocomplete(bot, carol, ch, "move", "to", ""))
        found = await bot.gm.current(ch)
        assert found is not None and found.record.status == "active"
        # every state the game went through, rebuilt server-side from the log
        found, report = await bot.gm.check_replay(ch)
        assert report.ok and len(report.states) > 10
        secrets = {str(found.record.seed)} | {str(s.rng.state) for s in report.states}
        secrets |= {order for s in report.states for order in _pile_orders(s)}
        # the spectator did get the table: the board, a log, an export file
        texts = _seen_by(fake, carol, ch) + [str(c) for x in received for c in x.choices]
        assert any("log, page" in x for x in texts) and any('"view"' in x for x in texts)
        exported = [x for x in received if x.message is not None and x.message.files]
        doc = json.loads(next(iter(exported[-1].message.files.values())))
        assert "seed" not in doc and doc["view"]["rng"] is None and doc["viewer"] == str(carol)
        # nothing any of it carried (nor anything else the bot sent, to anyone) holds a secret
        haystack = [re.sub(r"\s+", "", x) for x in texts] + _outgoing(fake, start)
        leaks = [s[:40] for s in secrets for h in haystack if s in h]
        assert not leaks, leaks


async def test_export_is_sealed_while_open_and_full_with_the_seed_after_the_end(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    async with run_bot(create_bot(settings)) as bot:
        r = await started_game(fake, bot, ch, alice, bob)
        await _play(fake, bot, ch, prompt_of(r), {}, random.Random(1), 8)
        sealed = await fake.slash(bot, carol, ch, "game export")
        assert sealed.ephemeral and "seed stays secret" in sealed.text
        doc = json.loads(next(iter(sealed.message.files.values())))
        assert "seed" not in doc and doc["complete"] is False
        assert all("state_hash" not in a for a in doc["actions"])
        found = await bot.gm.current(ch)
        assert str(found.record.seed) not in json.dumps(doc)
        end = await fake.slash(bot, alice, ch, "game end")
        await fake.click(bot, alice, end.message, "End the game")
        full = await fake.slash(bot, carol, ch, "game export")
        doc = json.loads(next(iter(full.message.files.values())))
        assert doc["complete"] is True and doc["seed"] == str(found.record.seed)
        # the full record replays to the stored game, outside the bot
        record = found.record.model_copy(update={"seed": int(doc["seed"]), "status": "ended"})
        rows = [ActionRecord(game_id=doc["game"], seq=a["seq"], actor=a["actor"], action=a["action"],
                             created_at=a["time"], version_after=0, state_hash=a["state_hash"]) for a in doc["actions"]]
        rebuilt = replay(record, rows, check=False).final
        ended = await bot.gm.latest(ch)
        assert rebuilt is not None and rebuilt.dump() == ended.record.state
        check = await fake.slash(bot, carol, ch, "game replay")
        assert "gives exactly the stored game" in check.text


# -- every /game command, every status --------------------------------------------------------
async def _snapshot(bot, ch):
    found = await bot.gm.latest(ch)
    if found is None:
        return None
    return found.record.id, found.record.status, found.table.clock.paused


async def _make(fake, bot, world, status: str, n: list[int]) -> int:
    """A fresh channel holding a game in `status`."""
    alice, bob = world["alice"], world["bob"]
    n[0] += 1
    ch = fake.add_channel(world["guild"], f"walk-{status}-{n[0]}")
    if status == "none":
        return ch
    if status == "finished":
        await fake.slash(bot, alice, ch, "game new", system="prophecy", round_limit=1)
        await fake.slash(bot, alice, ch, "game add-bot", level="heuristic")
        r = await fake.slash(bot, alice, ch, "game start")
        await _play(fake, bot, ch, prompt_of(r), {}, random.Random(2), 80)
        assert (await bot.gm.latest(ch)).record.status == "finished"
        return ch
    await fake.slash(bot, alice, ch, "game new", system="prophecy")
    await fake.slash(bot, bob, ch, "game join")
    if status in ("active", "paused", "ended"):
        await fake.slash(bot, alice, ch, "game start")
    if status == "paused":
        await fake.slash(bot, alice, ch, "game pause")
    if status in ("ended", "ended_in_lobby"):
        end = await fake.slash(bot, alice, ch, "game end")
        await fake.click(bot, alice, end.message, "End the game")
    return ch


def _arguments(option_schema: list[dict], world) -> dict:
    """Values for the required options, read from the synced schema (choices, minimums, types)."""
    out = {}
    users = iter([world["bob"], world["dave"]])
    for o in option_schema:
        if not o.get("required"):
            continue
        if o.get("choices"):
            out[o["name"]] = o["choices"][0]["value"]
        elif o["type"] in (4, 10):
            out[o["name"]] = o.get("min_value", 1)
        elif o["type"] == 5:
            out[o["name"]] = False
        elif o["type"] == 6:
            out[o["name"]] = next(users)
        else:
            out[o["name"]] = "1"
    return out


async def test_every_game_command_answers_in_every_status(world, settings):
    """Each /game subcommand the bot synced, in a channel with no game, a lobby, a game in play,
    paused, ended, ended before it started and finished: a reply or a clear refusal, never silence."""
    fake = world["fake"]
    alice, carol = world["alice"], world["carol"]
    # the apologies for a failure the bot did not foresee (the text before any placeholder)
    failures = [t("en", key).split("{")[0] for key in ("common.unknown_error", "safety.unexpected", "safety.unexpected_status")]
    walked = 0
    async with run_bot(create_bot(settings)) as bot:
        subs = [o for o in fake.command("game")["options"] if o["type"] == 1]
        assert len(subs) >= 15  # read from the schema, so a new subcommand is walked too
        n = [0]
        for status in ("none", "lobby", "active", "paused", "ended", "ended_in_lobby", "finished"):
            ch = await _make(fake, bot, world, status, n)
            for sub in subs:
                for user in (alice, carol):
                    before = await _snapshot(bot, ch)
                    r = await fake.slash(bot, user, ch, f"game {sub['name']}", **_arguments(sub.get("options", []), world))
                    where = f"/game {sub['name']} by {'host' if user == alice else 'spectator'} in {status}"
                    assert r.type is not None, f"{where}: no answer"
                    shown = r.text + "".join(json.dumps(e) for e in r.embeds)
                    assert shown.strip() or r.message.files, f"{where}: empty answer"
                    assert not any(f in shown for f in failures), f"{where}: {shown[:200]}"
                    assert not re.search(r"\{[a-z_]+\}", r.text), f"{where}: raw placeholder in {r.text[:200]}"
                    walked += 1
                    if await _snapshot(bot, ch) != before:  # the command changed the game: start over
                        ch = await _make(fake, bot, world, status, n)
        assert walked == 7 * 2 * len(subs)


async def test_a_game_ended_in_the_lobby_is_described_by_every_reading_command(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, carol = world["alice"], world["carol"]
    async with run_bot(create_bot(settings)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy")
        end = await fake.slash(bot, alice, ch, "game end")
        await fake.click(bot, alice, end.message, "End the game")
        game_id = (await bot.gm.latest(ch)).record.id
        for command in ("game status", "me", "game log"):
            r = await fake.slash(bot, carol, ch, command)
            assert f"Game #{game_id} was ended before it started" in r.text, (command, r.text)
        exported = await fake.slash(bot, carol, ch, "game export")
        assert exported.message.files
        assert "gives exactly" in (await fake.slash(bot, carol, ch, "game replay")).text
        history = await fake.slash(bot, carol, ch, "game history")
        assert f"#{game_id}" in history.text and "ended early" in history.text
        assert "was ended before it started" in (await fake.slash(bot, alice, ch, "game pause")).text
        # and a new game starts as usual afterwards
        r = await fake.slash(bot, alice, ch, "game new", system="prophecy")
        assert not r.ephemeral


# -- host rights follow the seat ---------------------------------------------------------------
async def test_after_replace_the_new_occupant_is_host_and_the_ex_host_is_not(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, dave = world["alice"], world["bob"], world["dave"]
    async with run_bot(create_bot(settings)) as bot:
        await started_game(fake, bot, ch, alice, bob)
        offer = await fake.slash(bot, alice, ch, "game replace", old=alice, new=dave)
        taken = await fake.click(bot, dave, offer.message, "Take the seat")
        assert f"<@{dave}> is now the host" in taken.text
        for command in ("game pause", "game settings"):
            r = await fake.slash(bot, alice, ch, command)
            assert r.ephemeral and "Only the host" in r.text, (command, r.text)
        assert "paused" in (await fake.slash(bot, dave, ch, "game pause")).text.casefold()
        r = await fake.slash(bot, dave, ch, "game resume")
        assert not r.ephemeral
        r = await fake.slash(bot, dave, ch, "game settings", bank_hours=5.0)
        assert not r.ephemeral
        assert "host" in (await fake.slash(bot, dave, ch, "help")).text.casefold()


async def test_host_leaving_the_lobby_passes_the_rights_to_the_next_person_seated(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    async with run_bot(create_bot(settings)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy")
        await fake.slash(bot, alice, ch, "game add-bot", level="random")
        await fake.slash(bot, bob, ch, "game join")
        await fake.slash(bot, carol, ch, "game join")
        left = await fake.slash(bot, alice, ch, "game leave")
        assert f"<@{bob}> is now the host" in left.text
        assert "Only the host" in (await fake.slash(bot, carol, ch, "game start")).text
        started = await fake.slash(bot, bob, ch, "game start")
        assert not started.ephemeral
        assert (await bot.gm.current(ch)).record.host_id == bob


async def test_host_removed_by_the_table_passes_the_rights_on_in_turn_order(world, settings):
    """The host's time runs out, the table votes them out: the next human seat in turn order is host."""
    fake = world["fake"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    seats = [Seat(player=str(u), name=n) for u, n in ((alice, "a"), (bob, "b"), (carol, "c"))]
    seed = next(s for s in range(1, 500) if SYSTEM.pending(SYSTEM.new_game(seats, {}, s).state).player == str(alice))
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        bot.gm._seed = lambda: seed
        ch = world["ch1"]
        await fake.slash(bot, alice, ch, "game new", system="prophecy", bank_hours=1.0, policy="vote")
        await fake.slash(bot, bob, ch, "game join")
        await fake.slash(bot, carol, ch, "game join")
        await fake.slash(bot, alice, ch, "game start")
        assert (await bot.gm.current(ch)).system.pending((await bot.gm.current(ch)).state).player == str(alice)
        clock.now += 3600
        await bot.get_cog("ClockCog").run_clock()
        vote = fake.last_message(ch)
        await fake.click(bot, bob, vote, "Remove the player")
        done = await fake.click(bot, carol, vote, "Remove the player")
        assert f"<@{bob}> is now the host" in done.text
        found = await bot.gm.current(ch)
        assert found.record.host_id == bob and not found.state.player(str(alice)).alive
        assert "Only the host" in (await fake.slash(bot, carol, ch, "game pause")).text


# -- once per turn -------------------------------------------------------------------------------
async def test_a_command_typed_twice_applies_once_not_once_per_turn(world, settings):
    """/move to:stay sent twice in quick succession: the first plays this turn; the second,
    typed before the next turn began, is refused there with a clear message and changes nothing."""
    fake, ch = world["fake"], world["ch1"]
    alice = world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        await fake.slash(bot, alice, ch, "game new", system="prophecy")
        await fake.slash(bot, alice, ch, "game add-bot", level="heuristic")
        r = await fake.slash(bot, alice, ch, "game start")
        message = prompt_of(r)
        found = await bot.gm.current(ch)
        rng = random.Random(4)
        while found.system.pending(found.state).player != str(alice) or found.state.turn.movement_done:
            message = prompt_of(await press_best(fake, bot, ch, message, {}, rng)) or message
            found = await bot.gm.current(ch)
        here = pack_by_id("base").space(found.state.player(str(alice)).space).name
        first, second = raw_slash(fake, alice, ch, "move", to=here), raw_slash(fake, alice, ch, "move", to=here)
        turn_of = lambda f: (f.state.round, f.state.turn.player, f.record.settings.get("turn_began"))  # noqa: E731
        before = turn_of(found)
        r = await fake.interact(bot, first)
        assert not r.ephemeral
        message = prompt_of(r) or message
        found = await bot.gm.current(ch)
        # play on (AI and alice's own choices) until a later turn of alice's begins
        while turn_of(found)[1] != str(alice) or turn_of(found) == before:
            message = prompt_of(await press_best(fake, bot, ch, message, {}, rng)) or message
            found = await bot.gm.current(ch)
        version = found.record.version
        late = await fake.interact(bot, second)
        assert late.ephemeral and "sent before this turn began" in late.text
        assert (await bot.gm.current(ch)).record.version == version
        fresh = await fake.slash(bot, alice, ch, "move", to=here)
        assert "sent before this turn began" not in fresh.text
