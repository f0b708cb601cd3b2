""""New Adventures" -> "Mad Riddler" and "Scroll of Entrancement" played over chat, end to end
through the loopback Discord (Water Realm expansion, issue 14): the bot asks by buttons, the
named player types her description in a text box or with /answer, the other players judge by
buttons and see the card only in a reply of their own (rulings riddle_questions, judges)."""
from __future__ import annotations

from bot import create_bot
from engine.prophecy.standard.state import StdTurn
from engine.prophecy.state import AdventureOnSpace, OwnedItem, TurnState
from loopback import run_bot
from loopback.testing import discord_errors, fake_discord  # noqa: F401  (fixtures)
from tests.e2e.conftest import settings, world  # noqa: F401  (fixtures)
from tests.e2e.helpers import prompt_of

CHOICE = "prophecy:water_realm"
VARIANTS = "without treasure island, without the water realm, the base artifacts, random characters"


async def _table(fake, bot, ch, alice, bob, carol):  # type: ignore[no-untyped-def]  # tests are not type-checked
    r = await fake.slash(bot, alice, ch, "game new", system=CHOICE, variants=VARIANTS)
    assert not r.ephemeral, r.text
    for who in (bob, carol):
        await fake.slash(bot, who, ch, "game join")
    await fake.slash(bot, alice, ch, "game start")


async def _arrange(bot, ch, alice, *, riddler: bool = False, scroll: bool = False, victim=None):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """A fresh turn of alice's on the Whispering Forest, after the Creatures."""
    found = await bot.gm.current(ch)
    st = found.state
    for cards in st.spaces:
        cards.clear()
    st.standard.decisions.clear()
    st.standard.turn = StdTurn()
    p = st.player(str(alice))
    p.space = 3
    if riddler:
        st.spaces[3].append(AdventureOnSpace(uid=st.new_uid("a"), card="mad_riddler"))
        rare = st.decks.rare  # the seed is random: the Hammer may be in the discards or on a cleared space
        for pile in (rare.draw, rare.discard):
            if "thors_hammer" in pile:
                pile.remove("thors_hammer")
        rare.draw.append("thors_hammer")
    if scroll:
        p.items.append(OwnedItem(uid=st.new_uid("i"), card="scroll_of_entrancement"))
        st.player(str(victim)).items.append(OwnedItem(uid=st.new_uid("i"), card="thors_hammer"))
    st.turn = TurnState(player=str(alice), start_space=3, phase="act", movement_done=True)
    await bot.gm.store.update_game(found.record.id, found.record.version, state_json=st.dump())


def _button(message, label: str) -> str:  # type: ignore[no-untyped-def]  # tests are not type-checked
    return next(b["custom_id"] for b in message.buttons if label in b["label"])


async def test_new_cards_mad_riddler__answered_by_the_named_player_in_chat(world, settings):  # noqa: F811
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    async with run_bot(create_bot(settings)) as bot:
        await _table(fake, bot, ch, alice, bob, carol)
        await _arrange(bot, ch, alice, riddler=True)
        r = await fake.slash(bot, alice, ch, "use", what="Mad Riddler")
        message = prompt_of(r)
        assert message is not None and "Mad Riddler" in message.content
        r = await fake.click(bot, alice, message, _button(message, "Is it a weapon?"))
        assert "answers: yes" in r.text or any("answers: yes" in str(e) for e in r.message.embeds)
        message = prompt_of(r)
        r = await fake.click(bot, alice, message, _button(message, "name the Item"))
        message = prompt_of(r)
        typing = _button(message, "Type my answer")
        refused = await fake.click(bot, bob, message, typing)
        assert refused.ephemeral and "No card is waiting" in refused.text
        shown = await fake.click(bot, alice, message, typing)
        assert shown.modal is not None
        r = await fake.submit_modal(bot, shown, {"Describe the card in your own words": "the rare hammer to throw at zombies"})
        message = prompt_of(r)
        assert message is not None and f"<@{bob}>" in message.content, "the first judge is pinged"
        found = await bot.gm.current(ch)
        assert found.system.pending(found.state).kind == "wrc_judge"
        texts = "\n".join(str(e.get("description") or "") + str(e.get("fields") or "") for e in message.embeds)
        assert "Thor's Hammer" not in texts and "Thor's Hammer" not in message.content, "the channel never sees the card"
        looked = await fake.click(bot, bob, message, _button(message, "Show me the card"))
        assert looked.ephemeral and "Thor's Hammer" in looked.text
        peek = await fake.click(bot, alice, message, _button(message, "Show me the card"))
        assert peek.ephemeral and "Thor's Hammer" not in peek.text
        r = await fake.click(bot, bob, message, _button(message, "It describes the card"))
        message = prompt_of(r)
        r = await fake.click(bot, carol, message, _button(message, "It describes the card"))
        found = await bot.gm.current(ch)
        assert [i.card for i in found.state.player(str(alice)).items] == ["thors_hammer"]


async def test_new_cards_scroll_of_entrancement__described_with_answer(world, settings):  # noqa: F811
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    async with run_bot(create_bot(settings)) as bot:
        await _table(fake, bot, ch, alice, bob, carol)
        await _arrange(bot, ch, alice, scroll=True, victim=bob)
        r = await fake.slash(bot, alice, ch, "use", what="Scroll of Entrancement")
        message = prompt_of(r)
        r = await fake.click(bot, alice, message, _button(message, "Entrance"))
        wrong = await fake.slash(bot, bob, ch, "answer", text="Thor's Hammer")
        assert wrong.ephemeral
        r = await fake.slash(bot, alice, ch, "answer", text="Thor's Hammer")
        assert not r.ephemeral, r.text
        found = await bot.gm.current(ch)
        assert "thors_hammer" in [i.card for i in found.state.player(str(alice)).items]
        assert "thors_hammer" not in [i.card for i in found.state.player(str(bob)).items]
