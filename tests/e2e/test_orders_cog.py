"""/orders through Discord: the rank tracker, the Cooperative Version's advancement rule,
Call For Help, and living beside /game in the same channel."""
from __future__ import annotations

from bot import create_bot
from loopback import run_bot


async def test_orders_tracker_points_ranks_and_the_coop_rule(world, settings):
    fake, ch = world["fake"], world["ch2"]
    alice, bob = world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        refused = await fake.slash(bot, alice, ch, "orders status")
        assert refused.ephemeral and "no Magical Orders tracker" in refused.text
        r = await fake.slash(bot, alice, ch, "orders join", order="wizards", cooperative=True)
        assert not r.ephemeral and "Order of Wizards" in r.text and "Rank 1" in r.text
        await fake.slash(bot, bob, ch, "orders join", order="druids")
        # plenty of points; the sheet's co-op rule: you may advance only while your Rank exceeds nobody's
        for kind in ("knowledge", "perception", "power"):
            r = await fake.slash(bot, alice, ch, "orders points", kind=kind, amount=300)
            assert "gains 300" in r.text
        await fake.slash(bot, alice, ch, "orders tasks", done=True)
        up = await fake.slash(bot, alice, ch, "orders advance")
        assert not up.ephemeral and "advances to Rank 2" in up.text  # Rank 1 exceeds nobody's
        held = await fake.slash(bot, alice, ch, "orders advance")
        assert held.ephemeral and "Cooperative rule" in held.text  # Rank 2 exceeds bob's Rank 1
        for kind in ("knowledge", "perception", "power"):
            await fake.slash(bot, bob, ch, "orders points", kind=kind, amount=300)
        await fake.slash(bot, bob, ch, "orders tasks", done=True)
        up = await fake.slash(bot, bob, ch, "orders advance")
        assert not up.ephemeral and "advances to Rank 2" in up.text
        up = await fake.slash(bot, alice, ch, "orders advance")
        assert "advances to Rank 3" in up.text
        help_ = await fake.slash(bot, alice, ch, "orders call-for-help", kind="power")
        assert "Calls For Help (pays 9 Power)" in help_.text  # Rank 3 squared
        status = await fake.slash(bot, world["carol"], ch, "orders status")
        assert "Cooperative Version" in status.text and "Power" in status.text
        # one game per channel: /game new is refused, naming the tracker
        clash = await fake.slash(bot, alice, ch, "game new", system="prophecy")
        assert clash.ephemeral and "Magical Orders tracker" in clash.text and "orders," not in clash.text
        stranger = await fake.slash(bot, world["carol"], ch, "orders points", kind="power", amount=5)
        assert stranger.ephemeral
        log = await bot.store.actions((await bot.store.get_active_game(ch)).id)
        assert [a.action["type"] for a in log][:2] == ["join", "join"]


async def test_orders_points_overspending_is_refused_and_a_penalty_stops_at_zero(world, settings):
    """`/orders points` with a negative amount larger than the balance is refused privately and
    changes nothing; with `penalty:true` (an imposed loss, Miscellaneous) it stops at zero."""
    from gm.i18n import t

    fake, ch, alice = world["fake"], world["ch2"], world["alice"]
    gianni = fake.add_user("gianni", locale="it")
    async with run_bot(create_bot(settings)) as bot:
        await fake.slash(bot, alice, ch, "orders join", order="wizards")
        await fake.slash(bot, alice, ch, "orders points", kind="power", amount=3)
        record = await bot.store.get_active_game(ch)
        refused = await fake.slash(bot, alice, ch, "orders points", kind="power", amount=-5)
        assert refused.ephemeral
        assert refused.text == t("en", "dice.orders.overspend", point_kind="power", have=3, asked=5)
        assert "3 Power points" in refused.text and "power " not in refused.text
        after = await bot.store.get_active_game(ch)
        assert after.version == record.version  # nothing stored
        spent = await fake.slash(bot, alice, ch, "orders points", kind="power", amount=-3)
        assert not spent.ephemeral and "loses 3 Power (now 0)" in spent.text
        await fake.slash(bot, gianni, ch, "orders join", order="druids")
        await fake.slash(bot, gianni, ch, "orders points", kind="knowledge", amount=2)
        no = await fake.slash(bot, gianni, ch, "orders points", kind="knowledge", amount=-4)
        assert no.ephemeral and "Conoscenza" in no.text and "knowledge" not in no.text
        lost = await fake.slash(bot, gianni, ch, "orders points", kind="knowledge", amount=-4, penalty=True)
        assert not lost.ephemeral and "(ora 0)" in lost.text
