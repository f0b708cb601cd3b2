"""Every command and button that reads or writes a game is acknowledged before it does so
(issue 30, "Acknowledge first"): Discord gets the "thinking…" (type 5) of a command, or the
deferred update (type 6) of a button, before the bot's first touch of the store, so its 3-second
window never depends on the game, the store or the machine's load. The answer follows: the
public one fills the placeholder, a refusal withdraws it and is told privately."""
from __future__ import annotations

from typing import Any

from bot import create_bot
from engine.darkest_talisman import actions as A
from engine.prophecy.content import pack_by_id
from loopback import run_bot
from tests.e2e.helpers import prompt_of, started_game
from tests.talisman.helpers import give

#: the store's reads and writes a command's game work goes through
WATCHED = ("get_game", "get_active_game", "list_games", "create_game", "commit_action", "update_game",
           "set_settings", "actions")


class FirstTouch:
    """What Discord had received since `arm` each time the bot touched the store."""

    def __init__(self, fake: Any, store: Any) -> None:
        self.fake = fake
        self.mark = 0
        self.seen: list[list[int]] = []
        for name in WATCHED:
            setattr(store, name, self._watch(getattr(store, name)))

    def _watch(self, method: Any) -> Any:
        async def watched(*args: Any, **kwargs: Any) -> Any:
            self.seen.append([r.json.get("type") for r in self.fake.requests[self.mark:]
                              if r.path.endswith("/callback") and r.json])
            return await method(*args, **kwargs)
        return watched

    def arm(self) -> None:
        self.mark = len(self.fake.requests)
        self.seen = []

    def acknowledged_first(self, kind: int) -> bool:
        """The store was touched, and at its first touch the one callback was of this type."""
        return bool(self.seen) and self.seen[0] == [kind]


async def test_game_start_replace_and_undo_are_acknowledged_before_the_store(world, settings):
    fake, ch = world["fake"], world["ch1"]
    alice, bob, dave = world["alice"], world["bob"], world["dave"]
    async with run_bot(create_bot(settings)) as bot:
        touch = FirstTouch(fake, bot.store)
        await fake.slash(bot, alice, ch, "game new", system="prophecy")
        await fake.slash(bot, bob, ch, "game join")
        # no automatic end of turn, so a plain "stay" reveals nothing and can be taken back
        found = await bot.gm.current(ch)
        found.state.options["auto_end_turn"] = False
        await bot.gm.store.update_game(found.record.id, found.record.version, state_json=found.state.model_dump_json())
        touch.arm()
        started = await fake.slash(bot, alice, ch, "game start")
        assert touch.acknowledged_first(5), touch.seen
        assert started.type == 5 and not started.ephemeral and prompt_of(started) is not None, started.text

        touch.arm()
        offer = await fake.slash(bot, alice, ch, "game replace", old=bob, new=dave)
        assert touch.acknowledged_first(5), touch.seen
        assert offer.type == 5 and not offer.ephemeral and offer.message.buttons, offer.text
        touch.arm()
        accepted = await fake.click(bot, dave, offer.message, offer.message.buttons[0]["custom_id"])
        assert touch.acknowledged_first(6), touch.seen
        assert accepted.type == 6 and prompt_of(accepted) is not None, accepted.text
        assert (await bot.gm.current(ch)).state.has_player(str(dave))

        # a refusal after the placeholder: withdrawn, and told privately; nothing public is left
        public = [m.id for m in fake.messages_in(ch) if not m.ephemeral and not m.deleted]
        touch.arm()
        refused = await fake.slash(bot, dave, ch, "game undo")
        assert touch.acknowledged_first(5), touch.seen
        assert refused.type == 5 and refused.ephemeral and refused.text, refused.text
        assert [m.id for m in fake.messages_in(ch) if not m.ephemeral and not m.deleted] == public

        found = await bot.gm.current(ch)
        first = int(found.system.pending(found.state).player)
        here = pack_by_id("base").space(found.state.player(str(first)).space).name
        await fake.slash(bot, first, ch, "move", to=here)  # stays: a step to take back
        touch.arm()
        proposal = await fake.slash(bot, first, ch, "game undo")
        assert touch.acknowledged_first(5), touch.seen
        assert proposal.type == 5 and "The other players must agree" in proposal.text, proposal.text
        touch.arm()
        agreed = await fake.click(bot, alice if first != alice else dave, proposal.message, "Agree")
        assert touch.acknowledged_first(6), touch.seen
        assert agreed.type == 6 and "taken back" in agreed.text, agreed.text
        assert (await bot.gm.current(ch)).record.state == found.record.state


async def test_prophecy_commands_are_acknowledged_before_the_store(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        touch = FirstTouch(fake, bot.store)
        await started_game(fake, bot, ch, alice, bob)
        found = await bot.gm.current(ch)
        active = int(found.system.pending(found.state).player)
        waiting = bob if active == alice else alice
        for command, options in (("move", {"to": "nowhere-at-all-xyz"}), ("end-turn", {}), ("bribe", {}),
                                 ("certificate", {}), ("heal", {"what": "health"}), ("buy", {"item": "sword"}),
                                 ("sell", {"item": "sword"}), ("repair", {"item": "sword"}), ("use", {"what": "x"}),
                                 ("fight", {})):
            touch.arm()
            refused = await fake.slash(bot, waiting, ch, command, **options)
            assert touch.acknowledged_first(5), (command, touch.seen)
            assert refused.type == 5 and refused.ephemeral and refused.text, (command, refused.text)
        assert (await bot.gm.current(ch)).record.version == found.record.version, "the refusals changed nothing"
        here = pack_by_id("base").space(found.state.player(str(active)).space).name
        touch.arm()
        stayed = await fake.slash(bot, active, ch, "move", to=here)
        assert touch.acknowledged_first(5), touch.seen
        assert stayed.type == 5 and not stayed.ephemeral and prompt_of(stayed) is not None, stayed.text
        assert (await bot.gm.current(ch)).record.version > found.record.version
        touch.arm()
        asked = await fake.slash(bot, alice, ch, "answer", text="a red dragon")
        assert touch.acknowledged_first(5), touch.seen
        assert asked.ephemeral and "No card is waiting" in asked.text, asked.text


async def test_campaign_start_and_the_drop_confirmation_are_acknowledged_before_the_store(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        touch = FirstTouch(fake, bot.store)
        touch.arm()
        opened = await fake.slash(bot, alice, ch, "campaign new", mode="coop")
        assert touch.acknowledged_first(5), touch.seen
        assert opened.type == 5 and not opened.ephemeral, opened.text
        touch.arm()
        await fake.slash(bot, bob, ch, "campaign join")
        assert touch.acknowledged_first(5), touch.seen
        touch.arm()
        refused = await fake.slash(bot, bob, ch, "campaign start")  # only the host starts it
        assert touch.acknowledged_first(5), touch.seen
        assert refused.ephemeral, refused.text
        touch.arm()
        started = await fake.slash(bot, alice, ch, "campaign start")
        assert touch.acknowledged_first(5), touch.seen
        public = prompt_of(started)
        assert started.type == 5 and not started.ephemeral and public is not None, started.text

        found = await bot.gm.current(ch)
        hero = next(h for h in found.state.order if found.state.controls(str(alice), h))
        talisman = give(found.state, hero, "talisman")
        await bot.gm.store.update_game(found.record.id, found.record.version, state_json=found.state.dump())
        status = await fake.slash(bot, alice, ch, "campaign status")
        prompt = next(m for m in status.messages if any(b["custom_id"].startswith("dtm:") for b in m.buttons))
        menu = await fake.click(bot, alice, prompt, next(b["custom_id"] for b in prompt.buttons
                                                         if b["custom_id"].startswith("dtm:")))
        found = await bot.gm.current(ch)
        drop = found.system.legal_actions(found.state, str(alice)).index(A.Drop(hero=hero, thing=talisman))
        groups = next(s for s in menu.message.selects if s["custom_id"].startswith("dtg:"))
        touch.arm()
        opened_group = await fake.select(bot, alice, menu.message, groups["custom_id"],
                                         [next(o["value"] for o in groups["options"] if "drop" in o["label"])])
        assert touch.acknowledged_first(6), touch.seen
        select = next(s for s in opened_group.message.selects if any(o["value"] == str(drop) for o in s["options"]))
        touch.arm()
        asked = await fake.select(bot, alice, opened_group.message, select["custom_id"], [str(drop)])
        assert touch.acknowledged_first(6), touch.seen
        assert asked.type == 6 and asked.ephemeral and asked.message.id == menu.message.id
        confirm = next(b for b in asked.message.buttons if b["custom_id"].startswith("dtc:"))
        touch.arm()
        done = await fake.click(bot, alice, asked.message, confirm["custom_id"])
        assert touch.acknowledged_first(6), touch.seen
        assert done.type == 6 and done.text.startswith("Done:"), done.text
        assert (await bot.gm.current(ch)).record.version > found.record.version


async def test_orders_commands_are_acknowledged_before_the_store(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch2"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        touch = FirstTouch(fake, bot.store)
        touch.arm()
        refused = await fake.slash(bot, alice, ch, "orders status")
        assert touch.acknowledged_first(5), touch.seen
        assert refused.type == 5 and refused.ephemeral and "no Magical Orders tracker" in refused.text
        touch.arm()
        joined = await fake.slash(bot, alice, ch, "orders join", order="wizards", cooperative=True)
        assert touch.acknowledged_first(5), touch.seen
        assert joined.type == 5 and not joined.ephemeral and "Order of Wizards" in joined.text, joined.text
        await fake.slash(bot, bob, ch, "orders join", order="druids")
        for command, options in (("orders points", {"kind": "power", "amount": 5}), ("orders tasks", {"done": True}),
                                 ("orders call-for-help", {"kind": "power"}), ("orders status", {})):
            touch.arm()
            answered = await fake.slash(bot, alice, ch, command, **options)
            assert touch.acknowledged_first(5), (command, touch.seen)
            assert answered.type == 5 and not answered.ephemeral and answered.text, (command, answered.text)
        touch.arm()
        held = await fake.slash(bot, alice, ch, "orders advance")  # too few points: refused privately
        assert touch.acknowledged_first(5), touch.seen
        assert held.type == 5 and held.ephemeral and held.text, held.text
        public = [m.id for m in fake.messages_in(ch) if not m.ephemeral and not m.deleted]
        assert len(public) == 6, "each answer filled its own placeholder; the refusals left none behind"


async def test_read_only_views_are_acknowledged_privately_before_the_store(world, settings):
    """A look at the game (status, sheet, log, export, history; the end's cancel button) reads the
    store and may draw the board: a private "thinking…" (or a button's deferred update) first,
    the answer fills it, privately."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        touch = FirstTouch(fake, bot.store)
        await started_game(fake, bot, ch, alice, bob)
        public = [m.id for m in fake.messages_in(ch) if not m.ephemeral and not m.deleted]
        for command, shows in (("game status", "file"), ("me", "embed"), ("game log", "embed"),
                               ("game export", "file"), ("game history", "embed")):
            touch.arm()
            shown = await fake.slash(bot, alice, ch, command)
            assert touch.acknowledged_first(5), (command, touch.seen)
            assert shown.type == 5 and shown.ephemeral, command
            assert shown.message is not None and not shown.message.loading, command
            assert (shown.message.attachments if shows == "file" else shown.message.embeds), (command, shown.text)
        assert [m.id for m in fake.messages_in(ch) if not m.ephemeral and not m.deleted] == public
        asked = await fake.slash(bot, alice, ch, "game end")
        touch.arm()
        kept = await fake.click(bot, alice, asked.message, "Cancel")
        assert touch.acknowledged_first(6), touch.seen
        assert kept.type == 6 and not kept.message.buttons and kept.text, kept.text
        assert (await bot.gm.current(ch)) is not None


async def test_campaign_looks_are_acknowledged_privately_before_the_store(world, settings):
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    async with run_bot(create_bot(settings)) as bot:
        touch = FirstTouch(fake, bot.store)
        await fake.slash(bot, alice, ch, "campaign new", mode="coop")
        await fake.slash(bot, bob, ch, "campaign join")
        await fake.slash(bot, alice, ch, "campaign start")
        for command in ("campaign status", "campaign party", "campaign village", "campaign log", "campaign export"):
            touch.arm()
            shown = await fake.slash(bot, alice, ch, command)
            assert touch.acknowledged_first(5), (command, touch.seen)
            assert shown.type == 5 and shown.ephemeral and shown.text, (command, shown.text)
            assert shown.message is not None and not shown.message.loading, command
