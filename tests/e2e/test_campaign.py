"""A Darkest Talisman campaign over the loopback Discord: /campaign new in co-op, two people and
one AI-run seat, played through the prompt's buttons and the private "Character actions" menu
(shopping and healing in the village), the bot restarted on the same database and the campaign
resumed exactly; /campaign status|party|village|log|export; a wrong person's click refused."""
from __future__ import annotations

import json
import random

from bot import create_bot
from engine.darkest_talisman.actions import Choose
from engine.darkest_talisman.ai import heuristic_player
from loopback import run_bot
from tests.e2e.helpers import prompt_of

SYSTEM = "darkest_talisman"
#: the campaign's seed (a party that survives its first return, AI seat included)
SEED = 7


async def _pending(bot, ch):
    found = await bot.gm.current(ch)
    return found, found.system.pending(found.state)


async def press(fake, bot, ch, prompt, rng: random.Random):
    """What the heuristic AI would do, done by the person who must decide: an answer through
    the prompt's button (or select), a free action through "Character actions" and its menu.
    Returns (the interaction that moved the campaign on, whether it was a free action)."""
    found, pend = await _pending(bot, ch)
    actor = pend.player
    action = heuristic_player(found.state, actor, rng)
    index = found.system.legal_actions(found.state, actor).index(action)
    who = int(actor)
    if isinstance(action, Choose):
        custom = next((b["custom_id"] for b in prompt.buttons if b["custom_id"].startswith("gm:")
                       and b["custom_id"].endswith(f":{index}")), None)
        if custom is not None:
            return await fake.click(bot, who, prompt, custom), False
        select = next(s for s in prompt.selects if any(o["value"] == str(index) for o in s["options"]))
        return await fake.select(bot, who, prompt, select["custom_id"], [str(index)]), False
    manage = next(b["custom_id"] for b in prompt.buttons if b["custom_id"].startswith("dtm:"))
    menu = await fake.click(bot, who, prompt, manage)
    assert menu.ephemeral, menu.text
    select = next(s for s in menu.message.selects if any(o["value"] == str(index) for o in s["options"]))
    return await fake.select(bot, who, menu.message, select["custom_id"], [str(index)]), True


async def test_coop_campaign_with_a_restart(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    rng = random.Random(SEED)
    async with run_bot(create_bot(settings)) as bot:
        bot.gm._seed = lambda: SEED
        opened = await fake.slash(bot, alice, ch, "campaign new", mode="coop", bank_hours=48.0)
        assert not opened.ephemeral and "waiting to start" in opened.text
        joined = await fake.slash(bot, bob, ch, "campaign join")
        assert "joins the campaign" in joined.text
        await fake.slash(bot, alice, ch, "campaign add-bot")
        started = await fake.slash(bot, alice, ch, "campaign start")
        prompt = prompt_of(started)
        assert prompt is not None and not started.ephemeral
        found, pend = await _pending(bot, ch)
        assert found.table.timebank.enabled and found.table.clock.running_for == pend.player
        assert found.record.system == SYSTEM and [s.player for s in found.state.seats] == [str(alice), str(bob), "ai1"]
        # the three characters are dealt round the seats: one each
        assert sorted(found.state.slots) == sorted([str(alice), str(bob), "ai1"])
        assert f"<@{pend.player}>" in prompt.content  # whoever decides is pinged
        # a wrong person's click is refused privately and changes nothing
        other = bob if pend.player == str(alice) else alice
        version = found.record.version
        refused = await fake.click(bot, other, prompt, prompt.buttons[0]["custom_id"])
        assert refused.ephemeral and "not your turn" in refused.text
        assert (await bot.gm.current(ch)).record.version == version
        free_actions = 0
        for _ in range(400):
            reply, free = await press(fake, bot, ch, prompt, rng)
            assert not reply.ephemeral, reply.text
            free_actions += free
            prompt = prompt_of(reply)
            found = await bot.gm.current(ch)
            if found is None or found.state.status != "active":
                break
            assert prompt is not None
            ai_decided = any(r.actor == "ai1" for r in await bot.gm.store.actions(found.record.id))
            if found.state.stats.returns >= 1 and free_actions >= 2 and found.state.mode == "village" and ai_decided:
                break
        assert found.state.stats.returns >= 1 and free_actions >= 2, "no village visit with its shopping was played"
        stored = found.record.state
        version = found.record.version
        log = await bot.gm.store.actions(found.record.id)
        assert any(r.actor == "ai1" for r in log), "the AI-run seat never decided"
    # the bot restarts on the same database: the campaign is exactly where it was
    async with run_bot(create_bot(settings)) as bot2:
        again = await bot2.gm.current(ch)
        assert again.record.state == stored and again.record.version == version
        reply, _free = await press(fake, bot2, ch, prompt, rng)  # a button posted before the restart
        assert not reply.ephemeral, reply.text
        assert (await bot2.gm.current(ch)).record.version > version
        status = await fake.slash(bot2, carol, ch, "campaign status")
        assert status.ephemeral and "campaign so far" in status.text and "party.png" in status.message.files
        party = await fake.slash(bot2, carol, ch, "campaign party")
        assert party.ephemeral and "Marching Order" in party.text
        village = await fake.slash(bot2, carol, ch, "campaign village")
        assert village.ephemeral and "Blacksmith" in village.text
        log = await fake.slash(bot2, carol, ch, "campaign log")
        assert log.ephemeral and "log, page" in log.text
        exported = await fake.slash(bot2, carol, ch, "campaign export")
        doc = json.loads(next(iter(exported.message.files.values())))
        assert doc["system"] == SYSTEM and "seed" not in doc and len(doc["actions"]) > 10
        # the shared table commands serve the campaign too
        me = await fake.slash(bot2, bob, ch, "me")
        assert me.ephemeral and "characters" in me.text
        # the stored log replays from the seed to exactly the stored campaign; a long log takes
        # seconds, so /game replay answers "thinking…" at once and the result follows
        replayed = await fake.slash(bot2, carol, ch, "game replay")
        assert replayed.ephemeral and "gives exactly the stored game" in replayed.text, replayed.text


async def test_solo_campaign_starts_at_once_and_game_new_does_not_offer_it(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob = world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        new = next(o for o in fake.command("game")["options"] if o["name"] == "new")
        offered = [c["value"] for c in next(o for o in new["options"] if o["name"] == "system")["choices"]]
        assert offered and not any(v.startswith(SYSTEM) for v in offered)
        solo = await fake.slash(bot, alice, ch, "campaign new")
        prompt = prompt_of(solo)
        assert prompt is not None and f"<@{alice}>" in prompt.content
        found = await bot.gm.current(ch)
        assert set(found.state.slots) == {str(alice)}  # one person controls the whole party
        assert not found.table.timebank.enabled  # nobody waits on a solo player: no clock runs
        # the village prompt offers the destinations with their roads, and the character actions
        labels = [b["label"] for b in prompt.buttons]
        assert any("Set out for" in label for label in labels) and "Character actions…" in labels
        menu = await fake.click(bot, alice, prompt, next(b["custom_id"] for b in prompt.buttons if b["custom_id"].startswith("dtm:")))
        assert menu.ephemeral and menu.message.selects
        first = prompt.buttons[0]["custom_id"]
        refused = await fake.click(bot, bob, prompt, first)
        assert refused.ephemeral and "not playing" in refused.text
        done = await fake.click(bot, alice, prompt, first)
        assert not done.ephemeral and found.record.version < (await bot.gm.current(ch)).record.version
        # the private menu was opened on the state before that press: out of date now
        old = menu.message.selects[0]
        stale = await fake.select(bot, alice, menu.message, old["custom_id"], [old["options"][0]["value"]])
        assert stale.ephemeral and "out of date" in stale.text
        twice = await fake.slash(bot, bob, ch, "campaign new")
        assert twice.ephemeral
