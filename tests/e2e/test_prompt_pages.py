"""A prompt with more choices than one Discord message shows, through the loopback (issue #29).

The games' legal actions are multiplied (the same real actions, many times over) so a prompt
holds 30 or 130 choices: Discord takes 5 action rows a message, so such a prompt shows its
choices as selects of 25, 100 a page, with "More…" / "Back" buttons that turn the page by
editing the message. The fake Discord refuses (and the fixture fails on) anything beyond its
limits; here every choice is reached by turning pages and the last one is pressed: it is the
action the game applies. A page turn is acknowledged first (a deferred update) and the message
edited after (issue 30; tests/e2e/test_acknowledge_first.py shows the order).
"""
from __future__ import annotations

import pytest

from bot import create_bot
from engine.darkest_talisman.actions import Choose
from engine.darkest_talisman.game import SYSTEM as CAMPAIGN
from engine.prophecy.game import SYSTEM as PROPHECY
from loopback import run_bot
from tests.e2e.helpers import press_index, prompt_of, started_game


def _many(monkeypatch, system, count: int, kind: type = object) -> None:
    """`system`'s legal actions of `kind`, repeated to `count` (every one still a real, legal
    action), the others after them (the campaign's prompt answers its Choose actions, which come first)."""
    real = type(system).legal_actions

    def legal_actions(self, state, actor):
        actions = real(self, state, actor)
        shown = [a for a in actions if isinstance(a, kind)]
        return [shown[i % len(shown)] for i in range(count)] + [a for a in actions if not isinstance(a, kind)] \
            if shown else actions

    monkeypatch.setattr(type(system), "legal_actions", legal_actions)


def _offered(message) -> list[int]:
    return [int(o["value"]) for s in message.selects for o in s["options"]] + \
        [int(b["custom_id"].rsplit(":", 1)[1]) for b in message.buttons if b["custom_id"].startswith("gm:")]


def _page_buttons(message) -> list[str]:
    return [b["custom_id"] for b in message.buttons if b["custom_id"].startswith("gmpg:")]


async def _every_choice(fake, bot, who: int, prompt) -> list[int]:
    """Every choice shown on any page, turning forward from the first page, then back."""
    seen = list(_offered(prompt))
    while True:
        ahead = [c for c in _page_buttons(prompt) if int(c.rsplit(":", 1)[1]) > _page(prompt)]
        if not ahead:
            break
        turned = await fake.click(bot, who, prompt, ahead[0])
        assert turned.type == 6 and not turned.followups, \
            "a page is acknowledged first (a deferred update), then turned by editing the prompt, nothing posted"
        prompt = fake.message(prompt.id)
        seen += _offered(prompt)
    while _page(prompt) > 0:
        back = min(_page_buttons(prompt), key=lambda c: int(c.rsplit(":", 1)[1]))
        await fake.click(bot, who, prompt, back)
        prompt = fake.message(prompt.id)
    return seen


def _page(message) -> int:
    values = [int(o["value"]) for s in message.selects for o in s["options"]]
    return min(values) // 100 if values else 0


@pytest.mark.parametrize("count", [30, 130])
async def test_prophecy_prompt_shows_every_choice_and_the_last_one_acts(world, settings, monkeypatch, count):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    _many(monkeypatch, PROPHECY, count)
    async with run_bot(create_bot(settings)) as bot:
        prompt = prompt_of(await started_game(fake, bot, ch, alice, bob))
        found = await bot.gm.current(ch)
        actor = int(found.system.pending(found.state).player)
        other = bob if actor == alice else alice
        assert len(prompt.components) <= 5
        # anyone at the table may turn the pages (they only show); choosing stays the decider's
        assert sorted(await _every_choice(fake, bot, other, prompt)) == list(range(count))
        assert (await bot.gm.current(ch)).record.version == found.record.version, "turning pages changes nothing"
        legal = found.system.legal_actions(found.state, str(actor))
        logged = len(await bot.gm.store.actions(found.record.id))
        pressed = await press_index(fake, bot, actor, fake.message(prompt.id), count - 1)
        # acknowledged first (a deferred update), the prompt then became its echo
        assert pressed.type == 6 and pressed.content.startswith("✅"), pressed.text
        assert (await bot.gm.current(ch)).record.version > found.record.version
        step = (await bot.gm.store.actions(found.record.id))[logged]
        assert step.actor == str(actor) and step.action == legal[count - 1].model_dump(mode="json"), (
            "the last choice is the action applied"
        )


async def test_campaign_prompt_with_many_answers_keeps_character_actions(world, settings, monkeypatch):
    fake, ch, alice = world["fake"], world["ch1"], world["alice"]
    count = 130
    _many(monkeypatch, CAMPAIGN, count, Choose)
    async with run_bot(create_bot(settings)) as bot:
        prompt = prompt_of(await fake.slash(bot, alice, ch, "campaign new", mode="solo"))  # a solo party sets out at once
        assert prompt is not None and len(prompt.components) <= 5
        found = await bot.gm.current(ch)
        manage = [b["custom_id"] for b in prompt.buttons if b["custom_id"].startswith("dtm:")]
        assert manage, "the character actions stay beside the pages"
        assert sorted(await _every_choice(fake, bot, alice, prompt)) == list(range(count))
        assert [b["custom_id"] for b in fake.message(prompt.id).buttons if b["custom_id"].startswith("dtm:")] == manage
        pressed = await press_index(fake, bot, alice, fake.message(prompt.id), count - 1)
        assert not pressed.ephemeral, pressed.text
        assert (await bot.gm.current(ch)).record.version > found.record.version


async def test_an_old_prompts_page_button_is_refused(world, settings, monkeypatch):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    _many(monkeypatch, PROPHECY, 130)
    async with run_bot(create_bot(settings)) as bot:
        prompt = prompt_of(await started_game(fake, bot, ch, alice, bob))
        found = await bot.gm.current(ch)
        actor = int(found.system.pending(found.state).player)
        await fake.slash(bot, actor, ch, "game status")  # hands the decision back privately: a second prompt
        await press_index(fake, bot, actor, fake.message(prompt.id), 0)
        assert (await bot.gm.current(ch)).record.version > found.record.version
        private = next(
            m
            for m in reversed(fake.messages_in(ch, include_ephemeral=True))
            if m.visible_to == actor and _page_buttons(m) and m.id != prompt.id
        )
        stale = await fake.click(bot, actor, private, _page_buttons(private)[0])
        assert stale.ephemeral and "\n" not in stale.text
        assert fake.message(private.id).edits == private.edits, "an old prompt stays as it was"
