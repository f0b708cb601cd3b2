"""Prophecy's commands: the actions of a prompt's buttons as slash commands with autocomplete.

Each command is parse -> gm.act -> render. Autocomplete offers exactly the legal actions
(coded as game/version/index, like a button); free text is matched against them too. The
buttons themselves, /me and /help are answered by the shared cogs (cogs/prompts.py, cogs/table.py).
"""
from __future__ import annotations

import re
from typing import Any, Callable, Optional

import discord
from discord import app_commands
from discord.ext import commands
from rapidfuzz import fuzz

from engine.ai.odds import fight_odds
from engine.core.errors import RuleError
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.content import display_name, pack_by_id
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard import rules as std_rules
from gm.i18n import t
from gm.session import GameError, GameMaster, Lobby, Result
from systems.prophecy.describe import describe_action
from systems.prophecy.riddles import RiddleCog
from ui.errors import refuse
from ui.replies import acknowledge_command, locale_of, reply_private, send_turn, typed_at
from ui.text import clip

#: what /use can do: an Opportunity, an Item, or a space's Possibility (lodging, work, training)
USABLE = (prophecy_actions.UseOpportunity, prophecy_actions.UseItem, prophecy_actions.Exchange)
CODE = re.compile(r"g(?P<game>\d{1,18})v(?P<version>\d{1,9})i(?P<index>\d{1,4})")
INPUT_LIMIT = 200


def _gm(interaction: discord.Interaction) -> GameMaster:
    gm: GameMaster = interaction.client.gm  # type: ignore[attr-defined]  # the bot (bot.GameBot) carries its game master
    return gm



#: the Water Realm expansion's ways of moving: the boat to and from Treasure Island, staying
#: there, and a diver's moves on the undersea board (and off it)
EXPANSION_MOVES = frozenset({"island_go", "island_leave", "island_stay", "water_move", "water_stay", "water_exit"})


def is_movement(action: Any) -> bool:
    """What /move offers and accepts: a move on the ring, or one of the expansion's."""
    return isinstance(action, prophecy_actions.Move) or getattr(action, "type", "") in EXPANSION_MOVES

class ProphecyCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # -- shared plumbing ----------------------------------------------------------------------
    async def _send_result(self, interaction: discord.Interaction, coro: Any) -> None:
        try:
            result: Result = await coro
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await send_turn(interaction, result)

    async def _choices(self, interaction: discord.Interaction, current: str,
                       keep: Callable[[Any], bool]) -> list[app_commands.Choice[str]]:
        found = await _gm(interaction).current(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        if found is None or isinstance(found.state, Lobby) or found.record.system != SYSTEM.name:
            return []
        actor = str(interaction.user.id)
        acts = found.system.legal_actions(found.state, actor)
        shown = found.view(actor)  # the suggestions leave the bot: labels come from the person's view
        locale = locale_of(interaction)
        needle = current.casefold()[:INPUT_LIMIT]
        out = []
        for i, a in enumerate(acts):
            if not keep(a):
                continue
            label = describe_action(shown, actor, a, locale)
            if needle and needle not in label.casefold() and fuzz.partial_ratio(needle, label.casefold()) < 70:
                continue
            out.append(app_commands.Choice(name=clip(label, 100), value=f"g{found.record.id}v{found.record.version}i{i}"))
        return out[:25]

    async def _act_by_text(self, interaction: discord.Interaction, text: str, keep: Callable[[Any], bool],
                           not_found_key: str, rank: Callable[[Any], float] | None = None, *,
                           after_moving: bool = False, none_key: str | None = None) -> None:
        """A coded choice from autocomplete, or free text matched against the legal actions.

        `after_moving`: the command belongs to the step after movement, so asking for it before
        moving says so. `none_key`: what to say when there is nothing of that kind at all (rather
        than "not that one")."""
        text = (text or "")[:INPUT_LIMIT]
        typed = {key: text[:50] for key in ("name", "card", "space", "item")}  # whatever the refusal names
        gm = _gm(interaction)
        m = CODE.fullmatch(text.strip())
        if m:
            return await self._send_choice(interaction, int(m["game"]), int(m["version"]), int(m["index"]))
        try:
            found = await gm.current(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
            if found is None or isinstance(found.state, Lobby):
                raise GameError("error.no_game" if found is None else "error.not_started")
            if found.record.system != SYSTEM.name:
                raise GameError("error.other_system", system=found.record.system)
            actor = str(interaction.user.id)
            acts = [a for a in found.system.legal_actions(found.state, actor) if keep(a)]
            if not acts:
                if not found.state.has_player(actor):
                    raise RuleError("error.not_a_player", actor=actor)
                pend = found.system.pending(found.state)
                if pend is not None and pend.player != actor:
                    raise RuleError("error.not_your_turn", active=pend.player)
                turn = getattr(found.state, "turn", None)
                if after_moving and turn is not None and turn.phase == "move":
                    raise RuleError("error.move_first")
                raise RuleError(none_key or not_found_key, **typed)
            locale = locale_of(interaction)
            needle = text.casefold().strip()
            scored = []
            for a in acts:
                label = describe_action(found.state, actor, a, locale, with_odds=False).casefold()
                score = 100.0 if not needle else float(fuzz.partial_ratio(needle, label))
                if rank is not None:
                    score += rank(a)
                scored.append((score, a))
            best_score, best = max(scored, key=lambda x: x[0])
            if needle and best_score < 70:
                # nothing by that name: say what there is to choose from, so the next try works
                shown = found.view(actor)
                options = "; ".join(dict.fromkeys(describe_action(shown, actor, a, locale, with_odds=False) for a in acts))
                words = t(locale, not_found_key, **typed)
                return await reply_private(
                    interaction, words + " " + t(locale, "error.choose_one_of", options=clip(options, 1500))
                )
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await self._send_result(interaction, gm.act(interaction.channel_id, interaction.user.id, best,  # type: ignore[arg-type]  # a command or click always comes from a channel
                                                    created_at=typed_at(interaction)))

    async def _send_choice(self, interaction: discord.Interaction, game: int, version: int, index: int) -> None:
        await self._send_result(interaction, _gm(interaction).act_choice(interaction.channel_id, interaction.user.id,  # type: ignore[arg-type]  # a command or click always comes from a channel
                                                                        game, version, index))

    # -- commands -------------------------------------------------------------------------------
    @app_commands.command(name="move", description="Move your character (or stay)")
    @app_commands.describe(to="Where to go (pick from the list; it shows the way and the cost)")
    async def move(self, interaction: discord.Interaction, to: app_commands.Range[str, 1, 100]) -> None:
        await acknowledge_command(interaction)
        cost_rank = {"stay": 4, "walk": 3, "horse": 2, "boat": 1, "gate": 0}
        try:
            await self._check_reachable(interaction, (to or "")[:INPUT_LIMIT].strip())
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await self._act_by_text(interaction, to, is_movement, "error.unknown_space",
                                rank=lambda a: cost_rank.get(getattr(a, "method", ""), 1))

    async def _check_reachable(self, interaction: discord.Interaction, text: str) -> None:
        """A real space the character cannot reach this turn is refused by name, with the ways open.

        (Without this, fuzzy matching could pick another destination with a similar name.)
        """
        if not text or CODE.fullmatch(text):
            return
        found = await _gm(interaction).current(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        if found is None or isinstance(found.state, Lobby) or found.record.system != SYSTEM.name:
            return
        actor = str(interaction.user.id)
        pend = found.system.pending(found.state)
        if pend is None or pend.player != actor:
            return
        state = found.state
        pack = pack_by_id(state.options.pack)
        locale = locale_of(interaction)
        needle = text.casefold()
        def names(space: Any) -> set[str]:
            return {space.id.casefold(), space.name.casefold(), display_name(space, locale).casefold()}

        target = next((s for s in pack.board.spaces if needle in names(s)), None)
        if target is None:  # a small typo still names the space (the closest one)
            score, best = max(((max(fuzz.ratio(needle, nm) for nm in names(s)), i)
                               for i, s in enumerate(pack.board.spaces)), default=(0, -1))
            target = pack.board.spaces[best] if score >= 90 else None
        moves = [a for a in found.system.legal_actions(state, actor) if isinstance(a, prophecy_actions.Move)]
        if not moves:
            if state.standard is not None:  # a question waits (a character to keep...): say that
                std_rules.check_turn(state, actor, "move")
            if state.turn is not None and state.turn.movement_done:
                raise RuleError("error.already_moved")
            raise RuleError("error.wrong_phase", phase=state.turn.phase if state.turn else "move", action="move")
        if target is None or any(m.to == target.id for m in moves):
            return
        shown = found.view(actor)
        options = "; ".join(describe_action(shown, actor, m, locale, with_odds=False) for m in moves)
        raise RuleError("error.unreachable_space", space=target.id, options=clip(options, 1500))

    @move.autocomplete("to")
    async def _move_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current, is_movement)

    @app_commands.command(name="fight", description="Fight the Creature on your space")
    @app_commands.describe(battle="Strength or Wills (Wills may cost Magic)", gear="Equipment for this battle, with exact odds")
    @app_commands.choices(
        battle=[app_commands.Choice(name="Strength", value="strength"), app_commands.Choice(name="Wills", value="wills")]
    )
    async def fight(
        self,
        interaction: discord.Interaction,
        battle: Optional[str] = None,
        gear: Optional[app_commands.Range[str, 1, 100]] = None,
    ) -> None:
        await acknowledge_command(interaction)
        if gear and CODE.fullmatch(gear.strip()[:INPUT_LIMIT]):
            m = CODE.fullmatch(gear.strip())
            assert m
            return await self._send_choice(interaction, int(m["game"]), int(m["version"]), int(m["index"]))
        found = await _gm(interaction).current(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        actor = str(interaction.user.id)
        if found is not None and not isinstance(found.state, Lobby) and found.record.system == SYSTEM.name:
            pend = found.system.pending(found.state)
            if pend is not None and pend.player == actor and pend.kind not in ("fight", "throw"):
                return await refuse(interaction, RuleError("error.nothing_to_fight"))

        def odds_rank(a: Any) -> float:
            if found is None or isinstance(found.state, Lobby) or not isinstance(a, prophecy_actions.Fight):
                return 0.0
            o = fight_odds(found.state, actor, a)
            return 100 * float(o.win - o.loss)

        await self._act_by_text(
            interaction,
            gear or "",
            lambda a: isinstance(a, prophecy_actions.Roll)
            or (isinstance(a, prophecy_actions.Fight) and (battle is None or a.battle == battle)),
            "error.battle_not_allowed",
            rank=odds_rank,
        )

    @fight.autocomplete("gear")
    async def _fight_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        battle = getattr(interaction.namespace, "battle", None)
        return await self._choices(
            interaction,
            current,
            lambda a: isinstance(a, prophecy_actions.Roll)
            or (isinstance(a, prophecy_actions.Fight) and (not battle or a.battle == battle)),
        )

    @app_commands.command(name="bribe", description="Pay a Creature off, if its card allows it")
    async def bribe(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction)
        action = prophecy_actions.Bribe()
        await self._send_result(interaction, _gm(interaction).act(interaction.channel_id, interaction.user.id, action,  # type: ignore[arg-type]  # a command or click always comes from a channel
                                                                  created_at=typed_at(interaction)))

    @app_commands.command(name="use", description="Use an Opportunity on your space, a space's Possibility or an Item")
    @app_commands.describe(what="The Opportunity, Possibility or Item to use")
    async def use(self, interaction: discord.Interaction, what: app_commands.Range[str, 1, 100]) -> None:
        await acknowledge_command(interaction)
        text = (what or "")[:INPUT_LIMIT].strip()
        if text and not CODE.fullmatch(text):
            try:
                service = await self._service_named(interaction, text)
            except (GameError, RuleError) as exc:
                return await refuse(interaction, exc)
            if service is not None:
                return await self._use_service(interaction, service)
        await self._act_by_text(interaction, what, lambda a: isinstance(a, USABLE), "error.unknown_card", after_moving=True)

    @use.autocomplete("what")
    async def _use_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current, lambda a: isinstance(a, USABLE))

    async def _service_named(self, interaction: discord.Interaction, text: str) -> str | None:
        """The id of this space's pay-this-get-that Possibility that `text` names, when no legal
        Opportunity, Item or Possibility already matches it (then the usual path handles it)."""
        found = await _gm(interaction).current(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
        if found is None or isinstance(found.state, Lobby) or found.record.system != SYSTEM.name:
            return None
        actor = str(interaction.user.id)
        state = found.state
        if not state.has_player(actor) or state.turn is None or state.turn.player != actor:
            return None
        locale = locale_of(interaction)
        needle = text.casefold()
        shown = found.view(actor)
        for a in found.system.legal_actions(state, actor):
            if (
                isinstance(a, USABLE)
                and fuzz.partial_ratio(needle, describe_action(shown, actor, a, locale, with_odds=False).casefold()) >= 70
            ):
                return None
        space = pack_by_id(state.options.pack).space(state.player(actor).space)
        for svc in space.services:
            if svc.kind == "exchange" and svc.id:
                label = t(locale, f"service.{svc.id}").casefold()
                if needle in label or fuzz.partial_ratio(needle, label) >= 70 or needle in svc.id:
                    return svc.id
        return None

    async def _use_service(self, interaction: discord.Interaction, service: str) -> None:
        """Use a space's Possibility by name. One that is used instead of movement, asked for
        before moving, means staying here first (Basic rules, "Possibilities Instead of
        Movement"); if it would then still be refused, nothing is done and the engine says why."""
        gm = _gm(interaction)
        actor = str(interaction.user.id)
        exchange = prophecy_actions.Exchange(service=service)
        try:
            found = await gm.current(interaction.channel_id)  # type: ignore[arg-type]  # a command or click always comes from a channel
            assert found is not None and not isinstance(found.state, Lobby)
            state = found.state
            stay = next((a for a in found.system.legal_actions(state, actor)
                         if isinstance(a, prophecy_actions.Move) and a.method == "stay"), None)
            if stay is None:
                result = await gm.act(interaction.channel_id, interaction.user.id, exchange,  # type: ignore[arg-type]  # a command or click always comes from a channel
                                      created_at=typed_at(interaction))
            else:
                after = found.system.apply(state, actor, stay).state
                if exchange not in found.system.legal_actions(after, actor):
                    found.system.apply(after, actor, exchange)  # raises the engine's reason
                first = await gm.act(interaction.channel_id, interaction.user.id, stay,  # type: ignore[arg-type]  # a command or click always comes from a channel
                                     created_at=typed_at(interaction))
                result = await gm.act(interaction.channel_id, interaction.user.id, exchange,  # type: ignore[arg-type]  # a command or click always comes from a channel
                                      created_at=typed_at(interaction))
                result.steps[:0] = first.steps
        except (GameError, RuleError) as exc:
            return await refuse(interaction, exc)
        await send_turn(interaction, result)

    @app_commands.command(name="buy", description="Buy an Item on offer here")
    @app_commands.describe(item="The Item to buy")
    async def buy(self, interaction: discord.Interaction, item: app_commands.Range[str, 1, 100]) -> None:
        await acknowledge_command(interaction)
        await self._act_by_text(interaction, item, lambda a: isinstance(a, prophecy_actions.Buy), "error.item_not_offered",
                                after_moving=True, none_key="error.nothing_to_buy")

    @buy.autocomplete("item")
    async def _buy_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current, lambda a: isinstance(a, prophecy_actions.Buy))

    @app_commands.command(name="sell", description="Sell one of your Items (City or Village)")
    @app_commands.describe(item="The Item to sell")
    async def sell(self, interaction: discord.Interaction, item: app_commands.Range[str, 1, 100]) -> None:
        await acknowledge_command(interaction)
        await self._act_by_text(interaction, item, lambda a: isinstance(a, prophecy_actions.Sell), "error.item_not_owned",
                                after_moving=True)

    @sell.autocomplete("item")
    async def _sell_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current, lambda a: isinstance(a, prophecy_actions.Sell))

    @app_commands.command(name="repair", description="Repair a damaged Item (1 Gold, civilization spaces)")
    @app_commands.describe(item="The Item to repair")
    async def repair(self, interaction: discord.Interaction, item: app_commands.Range[str, 1, 100]) -> None:
        await acknowledge_command(interaction)
        await self._act_by_text(interaction, item, lambda a: isinstance(a, prophecy_actions.Repair), "error.item_not_owned",
                                after_moving=True)

    @repair.autocomplete("item")
    async def _repair_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current, lambda a: isinstance(a, prophecy_actions.Repair))

    @app_commands.command(name="heal", description="Heal Health or recharge Magic where this space allows it")
    @app_commands.describe(what="Health or Magic", amount="How many points (1 if left out)")
    @app_commands.choices(
        what=[app_commands.Choice(name="Health", value="health"), app_commands.Choice(name="Magic", value="magic")]
    )
    async def heal(self, interaction: discord.Interaction, what: str, amount: app_commands.Range[int, 1, 20] = 1) -> None:
        await acknowledge_command(interaction)
        if not 1 <= amount <= 20:
            return await reply_private(
                interaction, t(locale_of(interaction), "error.value_out_of_range", name="amount", min=1, max=20)
            )
        action = prophecy_actions.Heal(amount=amount) if what == "health" else prophecy_actions.Recharge(amount=amount)
        await self._send_result(interaction, _gm(interaction).act(interaction.channel_id, interaction.user.id, action,  # type: ignore[arg-type]  # a command or click always comes from a channel
                                                                  created_at=typed_at(interaction)))

    @app_commands.command(name="certificate", description="Obtain this guild's Certificate")
    async def certificate(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction)
        action = prophecy_actions.BuyCertificate()
        await self._send_result(interaction, _gm(interaction).act(interaction.channel_id, interaction.user.id, action,  # type: ignore[arg-type]  # a command or click always comes from a channel
                                                                  created_at=typed_at(interaction)))

    @app_commands.command(name="end-turn", description="End your turn")
    async def end_turn(self, interaction: discord.Interaction) -> None:
        await acknowledge_command(interaction)
        action = prophecy_actions.EndTurn()
        await self._send_result(interaction, _gm(interaction).act(interaction.channel_id, interaction.user.id, action,  # type: ignore[arg-type]  # a command or click always comes from a channel
                                                                  created_at=typed_at(interaction)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ProphecyCog(bot))
    await bot.add_cog(RiddleCog(bot))  # /answer and the text box of the cards played by talking (Water Realm)
