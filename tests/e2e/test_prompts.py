"""Every decision prompt carries what the player needs, through the loopback Discord.

Games are started normally, then the stored state is arranged (a Creature at a destination,
Items in hand) the way a table could reach it, so each prompt can be read and pressed.
"""
from __future__ import annotations

from bot import create_bot
from engine.prophecy.content import CreatureCard, OpportunityCard, Pack, pack_by_id, register_pack
from engine.prophecy.state import AdventureOnSpace, OwnedItem, TurnState
from loopback import run_bot
from tests.e2e.helpers import prompt_of, started_game


def _pack() -> str:
    base = pack_by_id("base")
    extra = [
        CreatureCard(id="e_giant", name="Stone Giant", strength=30, experience=3, tags=["humanoid"]),
        CreatureCard(id="e_robbers", name="Road Robbers", strength=30, experience=1, on_loss={"lose_items": 1}),
        CreatureCard(id="e_hydra", name="Swamp Hydra", strength=0, experience=4,
                     specials=[{"rule": "three_lives", "mandatory": True}]),
        OpportunityCard(id="e_collector", name="Curio Collector", effect={"lose_items": 1, "gold": 4}),
    ]
    pack = Pack(manifest=base.manifest, board=base.board, characters=base.characters,
                adventures=list(base.adventures) + extra, items=list(base.items), chance=list(base.chance),
                guilds=base.guilds)
    register_pack("e2e_prompts", pack)
    return "e2e_prompts"


PACK = _pack()


async def _arrange(bot, ch, alice: int, *, at: str, phase: str = "move", cards: dict[str, str] | None = None,
                   items: list[str] = (), strength: int | None = None, gold: int | None = None):
    """Give alice a fresh turn at `at` with `cards` (space id -> card id) on the board."""
    found = await bot.gm.current(ch)
    st = found.state
    st.options.pack = PACK
    pack = pack_by_id(PACK)
    for cards_here in st.spaces:
        cards_here.clear()
    for space, card in (cards or {}).items():
        st.spaces[pack.space_index(space)].append(AdventureOnSpace(uid=st.new_uid("a"), card=card))
    p = st.player(str(alice))
    p.space = pack.space_index(at)
    p.items = [OwnedItem(uid=st.new_uid("i"), card=c) for c in items]
    if strength is not None:
        p.red.right, p.red.left = strength, 0
    if gold is not None:
        p.gold = gold
    st.turn = TurnState(player=str(alice), start_space=p.space, phase=phase, movement_done=phase != "move")  # type: ignore[arg-type]  # a deliberately loose value from the test
    await bot.gm.store.update_game(found.record.id, found.record.version, state_json=st.dump())


async def _game(fake, bot, ch, alice, bob):
    await started_game(fake, bot, ch, alice, bob)


def _press(message, label_part: str) -> str:
    return next(b["custom_id"] for b in message.buttons if label_part in b["label"])


async def test_move_prompt_shows_what_waits_at_each_destination_and_the_echo_is_whole(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await _game(fake, bot, ch, alice, bob)
        pack = pack_by_id(PACK)
        here = pack.space_index("city")
        right = pack.space(here + 1).id
        await _arrange(bot, ch, alice, at="city", cards={right: "e_giant"}, strength=1)
        r = await fake.slash(bot, alice, ch, "game status")
        r = await fake.slash(bot, alice, ch, "move", to="nowhere-at-all-xyz")  # refused, state unchanged
        assert r.ephemeral
        # the prompt after a refusal is the one from the arranged state: ask for it by ending nothing
        found = await bot.gm.current(ch)
        from systems.prophecy.embeds import prompt_parts
        content, embed = prompt_parts(found.view(None), "en")
        text = "\n".join(f.value for f in embed.fields)
        right_name = pack.space(here + 1).name
        line = next(ln for ln in text.splitlines() if right_name in ln)
        assert "Stone Giant" in line and "Strength 30" in line and "win 0%" in line and "loss 100%" in line
        assert "(free)" in line
        # staying in the City: the market says what it sells and at what price when she could buy
        # or sell there; with nothing on display it is not named (issue #27)
        stay = next(ln for ln in text.splitlines() if "Stay" in ln)
        offer = found.state.offers.get("city", [])
        me = found.state.player(found.state.turn.player)
        trades = any(pack.item(i.card).cost <= me.gold for i in offer) or any(not i.damaged for i in me.items)
        if offer and trades:
            assert "for sale: " in stay and all(f"{pack.item(i.card).name} {pack.item(i.card).cost} Gold" in stay
                                                for i in offer), stay
        else:
            assert "for sale" not in stay, stay
        # the buttons carry the short form, the press echoes the whole label
        walk = await fake.slash(bot, alice, ch, "move", to=pack.space(here - 1).name)
        assert not walk.ephemeral, walk.text


async def test_prompts_through_buttons_fight_throw_and_item_choice(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await _game(fake, bot, ch, alice, bob)
        pack = pack_by_id(PACK)
        here = pack.space_index("city")
        right = pack.space(here + 1)
        await _arrange(bot, ch, alice, at="city", cards={right.id: "e_hydra"}, strength=20, items=["throwing_knife"])
        # a move prompt with buttons: press /move with the destination name
        r = await fake.slash(bot, alice, ch, "move", to=right.name)
        assert not r.ephemeral, r.text
        assert "Swamp Hydra" in r.text and "Three lives" in r.text and "win 100%" in r.text
        prompt = prompt_of(r)
        fight_label = next(b["label"] for b in prompt.buttons
                           if "with Throwing Knife" in b["label"] and "(throw" not in b["label"])
        r = await fake.click(bot, alice, prompt, _press(prompt, fight_label))
        assert fight_label in r.message.content  # the echo is the whole label
        text = r.text
        assert "🎲" in text and "+21=" in text and " vs Swamp Hydra 🎲" in text and "→ win" in text
        prompt = prompt_of(r)
        assert "Throw your" in (prompt.content or "") or "Throw" in prompt.text
        labels = [b["label"] for b in prompt.buttons]
        assert any(lb.startswith("Throw the Throwing Knife") for lb in labels), labels
        assert any("keeping the Throwing Knife" in lb for lb in labels), labels
        r = await fake.click(bot, alice, prompt, _press(prompt, "Throw the"))
        assert "throws the Throwing Knife" in r.text and "Roll 2/3" in r.text


async def test_item_choice_is_asked_of_the_owner_and_the_turn_end_says_why(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await _game(fake, bot, ch, alice, bob)
        pack = pack_by_id(PACK)
        here = pack.space_index("city")
        right = pack.space(here + 1)
        await _arrange(bot, ch, alice, at="city", cards={right.id: "e_robbers"}, strength=2,
                       items=["throwing_knife", "dagger"] if any(i.id == "dagger" for i in pack.items) else
                       ["throwing_knife", pack.items[0].id])
        r = await fake.slash(bot, alice, ch, "move", to=right.name)
        prompt = prompt_of(r)
        r = await fake.click(bot, alice, prompt, prompt.buttons[0]["custom_id"])
        prompt = prompt_of(r)
        assert "takes one of your Items: choose which" in (prompt.content or "")
        assert f"<@{alice}>" in (prompt.content or "")
        other = await fake.click(bot, bob, prompt, prompt.buttons[0]["custom_id"])
        assert other.ephemeral  # only the owner answers
        give = next(b for b in prompt.buttons if b["label"].startswith("Give up Throwing Knife"))
        r = await fake.click(bot, alice, prompt, give["custom_id"])
        assert "loses Throwing Knife" in r.text
        # nothing left to do on an empty space: the turn ends with the reason, never silently
        assert "has nothing more to do, so the turn passes: this space offers nothing." in r.text


async def test_errors_unreachable_move_fight_outside_battle_and_use_training(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await _game(fake, bot, ch, alice, bob)
        pack = pack_by_id(PACK)
        await _arrange(bot, ch, alice, at="fortress", strength=4)
        far = pack.space(pack.space_index("fortress") + 5)
        r = await fake.slash(bot, alice, ch, "move", to=far.name)
        assert r.ephemeral and f"You cannot reach {far.name} from here this turn" in r.text
        assert "You can go to:" in r.text and "Walk →" in r.text
        r = await fake.slash(bot, alice, ch, "fight")
        assert r.ephemeral and "There is nothing to fight now" in r.text
        found = await bot.gm.current(ch)
        xp = found.state.player(str(alice)).experience
        r = await fake.slash(bot, alice, ch, "use", what="training")
        assert not r.ephemeral, r.text
        assert "Fortress training" in r.text and "stays at" in r.text
        found = await bot.gm.current(ch)
        assert found.state.player(str(alice)).experience == xp + 2
        r = await fake.slash(bot, alice, ch, "use", what="training")
        assert r.ephemeral  # once per turn: refused with a reason, nothing changes


async def test_chance_cards_are_narrated_with_their_effect(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        r = await started_game(fake, bot, ch, alice, bob)
        line = next(ln for ln in r.text.splitlines() if ln.startswith("Chance card:"))
        assert " — " in line and not line.endswith(": .")


async def test_collector_offers_one_button_per_item_and_none_without(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await _game(fake, bot, ch, alice, bob)
        pack = pack_by_id(PACK)
        here = pack.space_index("city")
        right = pack.space(here + 1)
        await _arrange(bot, ch, alice, at="city", cards={right.id: "e_collector"}, items=[])
        found = await bot.gm.current(ch)
        from systems.prophecy.embeds import prompt_parts
        _content, embed = prompt_parts(found.view(None), "en")
        dest = next(f.value for f in embed.fields if "Where you can go" in f.name)
        assert (
            "✨ Curio Collector (free): +4 Gold, give up 1 of your Items (you choose) (only if you have an Item to give)" in dest
        )
        r = await fake.slash(bot, alice, ch, "move", to=right.name)
        assert "Curio Collector wants an Item and they have none" in r.text  # the turn ends, saying why (third person: public)


async def test_a_typed_name_that_matches_nothing_lists_the_choices_and_buying_before_moving_says_so(world, settings):
    """Basic rules, "One Round of the Game": a turn is Chance card, movement, then fight or use
    what the space offers (buying and selling included, "Buying and Selling Items"). A /move to
    a name that is no space lists where the character can go; a /buy or /sell before moving
    says to move first rather than "that Item is not on offer"; a /buy where nothing is sold
    says so. Each refusal is private and changes nothing."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        await _game(fake, bot, ch, alice, bob)
        await _arrange(bot, ch, alice, at="fortress", gold=9)
        before = (await bot.gm.current(ch)).record.version
        r = await fake.slash(bot, alice, ch, "move", to="Moonbase")
        assert r.ephemeral and "There is no space called Moonbase." in r.text
        assert "You can choose:" in r.text and "Stay at the Fortress" in r.text and "Walk →" in r.text
        for command in ("buy", "sell"):
            r = await fake.slash(bot, alice, ch, command, item="Sword")
            assert r.ephemeral and "First move (or stay where you are)" in r.text, r.text
        await _arrange(bot, ch, alice, at="fortress", phase="act", gold=9)  # no market at the Fortress
        r = await fake.slash(bot, alice, ch, "buy", item="Sword")
        assert r.ephemeral and "Nothing here is for sale to you now" in r.text, r.text
        assert (await bot.gm.current(ch)).record.version == before + 1  # only the arranging wrote
