"""Issue #26 over the loopback Discord: short turn messages with the road and party one private
press away, "carry on until something needs me" (ruling carry_on), and the private character
actions menu: grouped within Discord's limits, a drop confirmed before it is sent, a pick that
edits the private menu and the live turn message instead of posting a new pinging one."""
from __future__ import annotations

from bot import create_bot
from engine.darkest_talisman import actions as A
from engine.darkest_talisman.state import card_id
from loopback import run_bot
from tests.e2e.helpers import prompt_of
from tests.talisman.helpers import give

#: Discord's limits for one message's components (select options, rows)
SELECT_OPTIONS, ROWS = 25, 5


async def _solo(fake, bot, ch, alice):  # type: ignore[no-untyped-def]  # tests are not type-checked
    opened = await fake.slash(bot, alice, ch, "campaign new")
    return prompt_of(opened)


async def _live_prompt(fake, bot, ch, alice):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """The decider's live prompt after the stored state was arranged (/campaign status hands
    it back privately, with this version's buttons)."""
    status = await fake.slash(bot, alice, ch, "campaign status")
    return next(m for m in status.messages if any(b["custom_id"].startswith("dtm:") for b in m.buttons))


def _public(fake, ch):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return [m for m in fake.messages.in_channel(ch) if not m.ephemeral]


async def test_road_and_party_is_a_private_press_away(world, settings):
    """The turn message carries no road or party list; "Road and party" shows them privately."""
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        prompt = await _solo(fake, bot, ch, alice)
        fields = [f["name"] for e in prompt.embeds for f in e.get("fields", [])]
        assert "The party" not in fields and "The road" not in fields
        road = next(b["custom_id"] for b in prompt.buttons if b["custom_id"].startswith("dtr:"))
        shown = await fake.click(bot, alice, prompt, road)
        assert shown.ephemeral and "Leader:" in shown.text and "party.png" in shown.message.files


async def test_a_talisman_drop_is_confirmed_and_a_pick_edits_the_private_menu(world, settings):
    """Dropping is irreversible (in a village the thing is discarded): the first press only asks
    (nothing changes, the private menu is edited into the question); "Confirm drop of" sends it.
    Neither press posts a new public message: the live turn message is edited in place."""
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        public = await _solo(fake, bot, ch, alice)
        found = await bot.gm.current(ch)
        hero = found.state.order[0]
        talisman = give(found.state, hero, "talisman")
        await bot.gm.store.update_game(found.record.id, found.record.version, state_json=found.state.dump())
        prompt = await _live_prompt(fake, bot, ch, alice)
        menu = await fake.click(
            bot, alice, prompt, next(b["custom_id"] for b in prompt.buttons if b["custom_id"].startswith("dtm:"))
        )
        assert menu.ephemeral
        # within Discord's limits: at most five rows, 25 options a select
        assert len(menu.message.selects) <= ROWS and all(len(s["options"]) <= SELECT_OPTIONS for s in menu.message.selects)
        found = await bot.gm.current(ch)
        acts = found.system.legal_actions(found.state, str(alice))
        drop = acts.index(A.Drop(hero=hero, thing=talisman))
        groups = next(s for s in menu.message.selects if s["custom_id"].startswith("dtg:"))
        drops = next(o["value"] for o in groups["options"] if "drop" in o["label"])
        opened = await fake.select(bot, alice, menu.message, groups["custom_id"], [drops])
        assert opened.ephemeral and opened.message.id == menu.message.id
        select = next(s for s in opened.message.selects if any(o["value"] == str(drop) for o in s["options"]))
        before_public, version = len(_public(fake, ch)), found.record.version
        asked = await fake.select(bot, alice, opened.message, select["custom_id"], [str(drop)])
        assert asked.ephemeral and asked.message.id == menu.message.id and "Talisman" in asked.text
        assert (await bot.gm.current(ch)).record.version == version  # the first press changed nothing
        confirm = next(b for b in asked.message.buttons if b["custom_id"].startswith("dtc:"))
        assert confirm["label"] == "Confirm drop of Talisman"
        done = await fake.click(bot, alice, asked.message, confirm["custom_id"])
        assert done.ephemeral and done.message.id == menu.message.id and done.text.startswith("Done:")
        found = await bot.gm.current(ch)
        assert found.record.version > version
        assert all(card_id(u) != "talisman" for u in found.state.hero(hero).objects)
        assert len(_public(fake, ch)) == before_public, "a character action posted a new public message"
        # the live turn message was edited in place: its buttons carry the new version and work
        live = fake.messages.get(public.id)
        assert all(f":{found.record.version}" in b["custom_id"] for b in live.buttons if b["custom_id"].startswith("gm:"))
        pressed = await fake.click(
            bot, alice, live, next(b["custom_id"] for b in live.buttons if b["custom_id"].startswith("gm:"))
        )
        assert not pressed.ephemeral and (await bot.gm.current(ch)).record.version > found.record.version


async def test_carry_on_is_one_press_along_the_road(world, settings):
    """Ruling carry_on through the buttons: on a plain road decision "Carry on until something
    needs me" meets the cards up to the first decision that needs the player, in one press."""
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        bot.gm._seed = lambda: 3
        prompt = await _solo(fake, bot, ch, alice)
        for _ in range(60):
            found = await bot.gm.current(ch)
            pend = found.system.pending(found.state)
            carry = next((b for b in prompt.buttons if b["label"] == "Carry on until something needs me"), None)
            if carry is not None:
                break
            chooses = [a for a in found.system.legal_actions(found.state, pend.player) if isinstance(a, A.Choose)]
            pick = next((a for a in chooses if a.option in ("continue", "leave", "take", "fight", "accept")), chooses[0])
            index = found.system.legal_actions(found.state, pend.player).index(pick)
            reply = await fake.click(
                bot,
                alice,
                prompt,
                next(
                    b["custom_id"]
                    for b in prompt.buttons
                    if b["custom_id"].startswith("gm:") and b["custom_id"].endswith(f":{index}")
                ),
            )
            prompt = prompt_of(reply)
        assert carry is not None, "no plain road decision in sixty presses"
        before = found.state.actions_taken
        reply = await fake.click(bot, alice, prompt, carry["custom_id"])
        assert not reply.ephemeral
        after = await bot.gm.current(ch)
        assert after.state.actions_taken > before
        if after.state.status == "active":
            d = after.state.decision
            # stopped where the ruling says: not a plain decision with nobody hurt
            lives = {h.uid: h.life for h in found.state.party()}
            from engine.darkest_talisman import carry as C
            from tests.talisman.helpers import ctx_of
            assert d is not None and not C.plain(ctx_of(after.state), lives)
