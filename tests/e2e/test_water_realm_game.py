"""Prophecy with the Water Realm expansion, end to end through the loopback Discord (issue 14):
/game new offers the expansion as its own choice with every variant, refuses what it cannot
play (both expansion worlds need the Dragon Realm rules) with the reason, and stored games know
their edition."""
from __future__ import annotations

import random

from bot import create_bot
from engine.ai.players import heuristic_player
from loopback import run_bot
from tests.e2e.helpers import press_best, prompt_of
from tests.e2e.test_transcripts import MENTION, SNOWFLAKE, TEMPLATE, snake_case_words
from tests.fakes import HandClock

CHOICE = "prophecy:water_realm"


async def test_game_new_offers_the_water_realm_and_its_variants(world, settings):
    """Rulebook "Game Variants" and "New Artifacts": each variant is a /game new option."""
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        new = next(o for o in fake.command("game")["options"] if o["name"] == "new")
        offered = {c["value"]: c["name"] for c in next(o for o in new["options"] if o["name"] == "system")["choices"]}
        assert offered[CHOICE] == "Prophecy (Standard Version + Water Realm)"
        names = [c["name"].split(" · ")[0] for c in
                 (await fake.autocomplete(bot, alice, ch, "game new", "variants", "", system=CHOICE)).choices]
        for title in ("Ten Artifacts", "Lord of the Sea", "Treasure Hunters", "Without the Water Realm", "Apocalypse"):
            assert title in names, names
        assert "Both expansion worlds" not in names  # never offered...
        both = await fake.slash(bot, alice, ch, "game new", system=CHOICE, variants="both expansion worlds")
        assert both.ephemeral and "Dragon Realm" in both.text  # ...and, when asked for, explained
        assert await bot.gm.current(ch) is None
        clash = await fake.slash(bot, alice, ch, "game new", system=CHOICE, variants="ten artifacts, lord of the sea")
        assert clash.ephemeral and "cannot both be chosen" in clash.text
        # two choices that agree (Treasure Hunters leaves the Water Realm out too) do not clash
        r = await fake.slash(bot, alice, ch, "game new", system=CHOICE, variants="treasure hunters, without the water realm")
        assert not r.ephemeral, r.text
        assert "Prophecy (Standard Version + Water Realm)" in r.text
        found = await bot.gm.current(ch)
        expansion = found.state.options["standard"]["expansion"]
        assert expansion["treasure_hunters"] is True and expansion["water_realm"] is False
        assert expansion["treasure_island"] is True and expansion["new_cards"] is True


async def test_standard_game_stays_without_the_expansion(world, settings):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        r = await fake.slash(bot, alice, ch, "game new", system="prophecy:standard")
        assert "Water Realm" not in r.text
        found = await bot.gm.current(ch)
        assert "expansion" not in found.state.options["standard"]
        names = [
            c["name"]
            for c in (await fake.autocomplete(bot, alice, ch, "game new", "variants", "", system="prophecy:standard")).choices
        ]
        assert not any("Ten Artifacts" in n for n in names)


# --------------------------------------------------------------------------- whole games

async def play_to_the_end(fake, bot, ch, people: dict[str, int], clock, reply, max_presses: int = 3000) -> int:
    """Make what the heuristic player would choose, as whoever must decide, until the game ends:
    a button (or select) of the prompt, or, for a card that wants a description typed (the Mad
    Riddler, the Scroll of Entrancement), /answer. AI seats play by themselves; if they have
    more decisions in a row than one press runs, the turn clock carries them on."""
    rng = random.Random(0)
    presses = 0
    while presses < max_presses:
        found = await bot.gm.current(ch)
        if found is None or found.state.status != "active":
            return presses
        pend = found.system.pending(found.state)
        if not pend.player.isdigit():
            clock.now += 1
            ticks = await bot.get_cog("ClockCog").run_clock()
            assert [t.kind for t in ticks] == ["ai_resumed"], "AI seats left waiting"
            reply = None
            continue
        action = heuristic_player(found.state, pend.player, random.Random(presses))
        if action not in found.system.legal_actions(found.state, pend.player) and hasattr(action, "text"):
            reply = await fake.slash(bot, int(pend.player), ch, "answer", text=action.text)
            assert reply.ephemeral or not reply.text.startswith("⚠"), reply.text
            presses += 1
            continue
        message = prompt_of(reply) if reply is not None else None
        if message is None:
            message = next(m for m in reversed(fake.messages_in(ch)) if m.buttons or m.selects)
        reply = await press_best(fake, bot, ch, message, people, rng)
        presses += 1
    raise AssertionError(f"no end after {max_presses} presses")


async def event_kinds(bot, ch) -> set[str]:
    found = await bot.gm.latest(ch)
    return {e["kind"] for rec in await bot.gm.store.actions(found.record.id) for e in (rec.events or [])}


def transcript(fake, ch) -> list[str]:
    return [m.content + "\n" + "\n".join(str(e.get("description") or "") + " ".join(
        f"{f.get('name')} {f.get('value')}" for f in e.get("fields", [])) for e in m.embeds) for m in fake.messages_in(ch)]


def unreadable(text: str) -> list[str]:
    return [*TEMPLATE.findall(text), *SNOWFLAKE.findall(MENTION.sub("", text)), *sorted(snake_case_words(text))]


async def _open(fake, bot, ch, host, seed: int, variants: str | None = None, ai: int = 3):
    bot.gm._seed = lambda: seed
    kw = {"variants": variants} if variants else {}
    opened = await fake.slash(bot, host, ch, "game new", system=CHOICE, round_limit=150, **kw)
    assert not opened.ephemeral, opened.text
    for _ in range(ai):
        await fake.slash(bot, host, ch, "game add-bot", level="heuristic")
    return await fake.slash(bot, host, ch, "game start")


async def test_whole_expansion_game_with_the_water_realm_and_treasure_island_to_the_end(world, settings):
    """Rulebook "Treasure Island" and "Water Realm", played over Discord to a winner by
    Artifacts: Map Fragments are collected and a Treasure dug up on the island, characters dive
    into the Water Realm (its own picture is attached while someone is down there), and every
    message reads as a sentence."""
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        first = await _open(fake, bot, ch, alice, seed=4)
        await play_to_the_end(fake, bot, ch, {"alice": alice}, clock, first)
        found = await bot.gm.latest(ch)
        # won by four Artifacts, or in the Final Battle they call (the winner holds four either way)
        assert found.state.status == "finished" and found.state.end_reason in ("four_artifacts", "final_battle")
        assert len(found.state.standard.players[found.state.winner].artifacts) >= 4
        kinds = await event_kinds(bot, ch)
        assert {"island_map_collected", "water_entered"} <= kinds
        assert kinds & {"island_dug", "island_dug_blind"}
        files = {name for m in fake.messages_in(ch) for name in m.files}
        assert {"board.png", "water_realm.png"} <= files
        lines = transcript(fake, ch)
        bad = [(line[:120], unreadable(line)) for line in lines if unreadable(line)]
        assert not bad, bad[:3]
        assert any("Treasure Island" in line for line in lines) and any("Water Realm" in line for line in lines)


async def test_lord_of_the_sea_game_won_by_the_person_who_beats_him(world, settings):
    """"Lord of the Sea": the first to beat the Lord of the Sea in his palace wins at once."""
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        first = await _open(fake, bot, ch, alice, seed=4, variants="lord of the sea")
        await play_to_the_end(fake, bot, ch, {"alice": alice}, clock, first)
        found = await bot.gm.latest(ch)
        beaten_by = [e["player"] for rec in await bot.gm.store.actions(found.record.id) for e in (rec.events or [])
                     if e["kind"] == "water_lord_defeated"]
        # the first to beat him wins at once, whoever it is (a person or an AI seat)
        assert found.state.end_reason == "lord_of_the_sea" and beaten_by and found.state.winner == beaten_by[0]
        assert not any(p.artifacts for p in found.state.standard.players.values())  # no Artifacts in this variant
        lines = transcript(fake, ch)
        assert not [line for line in lines if unreadable(line)]
        assert any("Lord of the Sea" in line for line in lines[-3:])


async def test_ten_artifacts_game_to_the_end(world, settings):
    """"Ten Artifacts Variant": two Artifacts on each plane; the conqueror keeps one (asked of her
    alone), and the game is won by four Artifacts (the fifth brought home or the Final Battle:
    which one depends on how the AI seats play, so either ending is accepted)."""
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    clock = HandClock(2_000_000_000.0)
    async with run_bot(create_bot(settings, clock=clock)) as bot:
        first = await _open(fake, bot, ch, alice, seed=3, variants="ten artifacts")
        await play_to_the_end(fake, bot, ch, {"alice": alice}, clock, first)
        found = await bot.gm.latest(ch)
        assert found.state.status == "finished" and found.state.end_reason in ("four_artifacts", "final_battle")
        assert "wrart_pair_won" in await event_kinds(bot, ch)
        winner = found.state.winner
        assert len(found.state.standard.players[winner].artifacts) >= 4
        assert not [line for line in transcript(fake, ch) if unreadable(line)]


async def test_move_offers_and_takes_the_boat_to_treasure_island(world, settings):
    """"Travel to Treasure Island": from a port, /move completes the boat to the island (2 Gold,
    the way back free) and takes it by name, as the buttons do."""
    from engine.prophecy.standard.state import StdTurn
    from engine.prophecy.state import TurnState

    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        await _open(fake, bot, ch, alice, seed=4, variants="random characters, without the water realm", ai=1)
        found = await bot.gm.current(ch)
        st = found.state
        st.standard.decisions.clear()
        st.standard.turn = StdTurn()
        me = st.player(str(alice))
        me.space, me.gold = 3, 5  # the Whispering Forest has a port
        st.turn = TurnState(player=str(alice), start_space=3, phase="move")
        await bot.gm.store.update_game(found.record.id, found.record.version, state_json=st.dump())
        choices = (await fake.autocomplete(bot, alice, ch, "move", "to", "island")).choices
        assert choices and any("Treasure Island" in c["name"] for c in choices), choices
        moved = await fake.slash(bot, alice, ch, "move", to="Treasure Island")
        assert not moved.ephemeral, moved.text
        after = await bot.gm.current(ch)
        assert after.state.player(str(alice)).board == "island"
        sailed = next(r for r in await bot.gm.store.actions(after.record.id) if r.action.get("type") == "island_go")
        assert sailed.actor == str(alice)
        paid = [e for e in sailed.events if e["kind"] == "gold_spent" or e["data"].get("cost")]
        assert any(e["data"].get("cost") == 2 or e["data"].get("amount") == 2 for e in paid), sailed.events


async def test_status_answers_in_the_variants_with_no_artifact_on_the_planes(world, settings):
    """Issue "A table never stalls": in the Treasure Hunters and Lord of the Sea games the Astral
    Planes hold no Artifact, so at the start nobody holds one and none lies anywhere. /game status
    answers a seat and a spectator all the same (Discord refuses an empty field: the Artifacts
    field says so in words), and "Show everyone" posts it for the channel; nothing sent breaks
    Discord's rules."""
    fake, alice, carol = world["fake"], world["alice"], world["carol"]
    async with run_bot(create_bot(settings)) as bot:
        for ch, variant in ((world["ch1"], "treasure hunters"), (world["ch2"], "lord of the sea")):
            await _open(fake, bot, ch, alice, seed=4, variants=variant, ai=2)
            for who in (alice, carol):
                r = await fake.slash(bot, who, ch, "game status")
                assert r.ephemeral and "went wrong" not in r.text, r.text
                artifacts = [f["value"] for e in r.embeds for f in e.get("fields", []) if "Artifacts" in f["name"]]
                assert artifacts == ["Nobody holds one and none lies on the board."], (variant, artifacts)
            show = next(b["custom_id"] for b in r.message.buttons if b["custom_id"].startswith("gmshow:status:"))
            shared = await fake.click(bot, carol, r.message, show)
            public = [m for m in shared.followups if not m.ephemeral]
            assert public and "Shared by" in public[0].text and "Nobody holds one" in public[0].text, shared.text
            assert not r.message.buttons  # the private copy loses its button: posted once
        assert not fake.violations, fake.violations
