"""Rules of Combat (Basic rules, "Creatures" and "Rules of Combat").

Battle of Strength or Battle of Wills; the lighter die is the player's, the darker the
Creature's; higher total wins, a tie is a draw. Choosing Wills against a Creature that
attacks with Strength first costs 2 Magic, paid before rolling. Three lives: three wins in a
row in one battle, paid once.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from engine.core.errors import RuleError
from engine.prophecy.actions import Bribe, Fight, Roll
from engine.prophecy.content import Cost, CreatureCard, ItemCard, Opponent, Pack
from engine.prophecy.context import Ctx
from engine.prophecy.effects import apply_effect, can_pay, lose_health, pay
from engine.prophecy.equipment import battle_bonus, check_loadout
from engine.prophecy.state import AdventureOnSpace, OngoingBattle, PlayerState


@dataclass(frozen=True)
class BattlePlan:
    """Everything that decides a battle's odds, computed before any die is rolled."""

    battle: str
    player_figure: int  # current Strength/Willpower after paying, plus Item bonuses
    creature_figure: int
    first_roll_bonus: int  # a thrown weapon's bonus
    lives: int
    cost: Cost | None


def battle_cost(pack: Pack, creature: CreatureCard, battle: str) -> Cost | None:
    """The price of fighting this kind of battle, or raise if it is not allowed at all."""
    if battle == creature.attacks_with:
        return None
    if battle == "wills" and creature.first == "strength" and creature.willpower is not None:
        return Cost(magic=pack.rules.wills_switch_magic.value or 0)
    switch = creature.special("switch_battle")
    if switch is not None:
        figure = creature.strength if battle == "strength" else creature.willpower
        if figure is not None:
            return switch.cost
    raise RuleError("error.battle_not_allowed", battle=battle, card=creature.id)


def allowed_battles(pack: Pack, creature: CreatureCard) -> list[str]:
    out = []
    for battle in ("strength", "wills"):
        try:
            battle_cost(pack, creature, battle)
        except RuleError:
            continue
        out.append(battle)
    return out


def plan_battle(pack: Pack, p: PlayerState, creature: CreatureCard, action: Fight) -> BattlePlan:
    cost = battle_cost(pack, creature, action.battle)
    cards = check_loadout(pack, p, action)
    thrown = pack.item(p.owned(action.weapon).card) if action.throw and action.weapon else None
    if not can_pay(p, cost):
        raise RuleError("error.cannot_pay_battle", battle=action.battle, **(cost.model_dump() if cost else {}))
    if action.battle == "strength":
        own = p.red.right - (cost.health if cost else 0)
        figure = creature.strength
    else:
        own = p.blue.right - (cost.magic if cost else 0)
        figure = creature.willpower
    assert figure is not None
    bonus = battle_bonus(cards, creature, action.battle, thrown)
    throw_bonus = 0
    if thrown is not None and creature.special("no_weapons") is None and creature.special("no_items") is None:
        throw_bonus = (thrown.thrown or 0) + sum(v for t, v in thrown.bonus_vs.items() if t in creature.tags)
    lives = 3 if creature.special("three_lives") else 1
    return BattlePlan(action.battle, own + bonus, figure, throw_bonus, lives, cost)


@lru_cache(maxsize=64)
def _single_roll(diff: int) -> tuple[Fraction, Fraction, Fraction]:
    """P(win), P(draw), P(loss) of one roll when the player's figure exceeds the Creature's by diff."""
    win = draw = 0
    for light in range(1, 7):
        for dark in range(1, 7):
            d = diff + light - dark
            if d > 0:
                win += 1
            elif d == 0:
                draw += 1
    return Fraction(win, 36), Fraction(draw, 36), Fraction(36 - win - draw, 36)


def battle_odds(plan: BattlePlan) -> tuple[Fraction, Fraction, Fraction]:
    """Exact (win, draw, loss) chances of a planned battle, three lives included.

    The battle stops at the first roll that is not a win; that roll's result is the battle's.
    """
    base = plan.player_figure - plan.creature_figure
    win, draw, loss = Fraction(1), Fraction(0), Fraction(0)
    for roll in range(plan.lives):
        w, d, l = _single_roll(base + (plan.first_roll_bonus if roll == 0 else 0))
        draw += win * d
        loss += win * l
        win *= w
    return win, draw, loss


def creature_to_fight(ctx: Ctx) -> tuple[AdventureOnSpace, CreatureCard]:
    turn = ctx.state.turn
    assert turn is not None and turn.fight is not None
    p = ctx.state.player(turn.player)
    for adv in ctx.state.spaces[p.space]:
        if adv.uid == turn.fight:
            card = ctx.pack.adventure(adv.card)
            assert isinstance(card, CreatureCard)
            return adv, card
    raise AssertionError("creature to fight is not on the character's space")


def throw_bonus(creature: Opponent, weapon: ItemCard | None, battle: str) -> int:
    """What throwing `weapon` adds to one roll against `creature` (0: throwing gives nothing).

    Only in a Battle of Strength, and nothing where weapons or Items give no bonus.
    """
    if weapon is None or weapon.thrown is None or battle != "strength":
        return 0
    if creature.special("no_weapons") is not None or creature.special("no_items") is not None:
        return 0
    return weapon.thrown + sum(v for t, v in weapon.bonus_vs.items() if t in creature.tags)


def _start(pack: Pack, p: PlayerState, creature: CreatureCard, action: Fight) -> tuple[OngoingBattle, Cost | None]:
    """The battle's figures once its cost is paid, the declared weapon in hand or thrown."""
    plan = plan_battle(pack, p, creature, action)
    cards = check_loadout(pack, p, action)
    weapon = pack.item(p.owned(action.weapon).card) if action.weapon else None
    own = plan.player_figure - battle_bonus(cards, creature, action.battle, weapon if action.throw else None)
    held = own + battle_bonus(cards, creature, action.battle, None)
    without = own + battle_bonus(cards, creature, action.battle, weapon)
    battle = OngoingBattle(battle=action.battle, player_figure=held, figure_without_weapon=without,
                           creature_figure=plan.creature_figure, throw_bonus=throw_bonus(creature, weapon, action.battle),
                           lives=plan.lives, weapon=action.weapon if weapon is not None and weapon.thrown is not None else None,
                           thrown_at=1 if action.throw else None)
    return battle, plan.cost


def remaining_odds(battle: OngoingBattle, throw_now: bool) -> tuple[Fraction, Fraction, Fraction]:
    """Exact (win, draw, loss) of the rest of a paused battle, throwing now or never."""
    plan = battle.model_copy()
    if throw_now:
        plan.thrown_at = plan.rolls + 1
    win, draw, loss = Fraction(1), Fraction(0), Fraction(0)
    for roll in range(plan.rolls + 1, plan.lives + 1):
        w, d, l = _single_roll(plan.figure_for(roll) - plan.creature_figure)
        draw += win * d
        loss += win * l
        win *= w
    return win, draw, loss


def fight(ctx: Ctx, p: PlayerState, action: Fight) -> str | None:
    """Start the battle; return "win", "draw" or "loss", or None while it waits for a throw decision."""
    _adv, creature = creature_to_fight(ctx)
    battle, cost = _start(ctx.pack, p, creature, action)
    pay(ctx, p, cost, "battle_switch")
    ctx.emit("battle_started", p.player, card=creature.id, battle=battle.battle, player_figure=battle.player_figure,
             creature_figure=battle.creature_figure, lives=battle.lives,
             throw_bonus=battle.throw_bonus if action.throw else 0)
    if action.throw and action.weapon:
        _thrown(ctx, p, battle)
    return _roll_on(ctx, p, battle)


def next_roll(ctx: Ctx, p: PlayerState, action: Roll) -> str | None:
    """The next roll of a paused three-lives battle, throwing the weapon now if asked."""
    turn = ctx.state.turn
    assert turn is not None
    battle = turn.battle
    if battle is None:
        raise RuleError("error.no_battle_running")
    if action.throw:
        if not battle.can_throw():
            raise RuleError("error.throw_not_possible")
        battle.thrown_at = battle.rolls + 1
        _thrown(ctx, p, battle)
    turn.battle = None
    return _roll_on(ctx, p, battle)


def _thrown(ctx: Ctx, p: PlayerState, battle: OngoingBattle) -> None:
    item = p.item(battle.weapon) if battle.weapon else None
    if item is not None:
        ctx.emit("weapon_thrown", p.player, item=item.uid, card=item.card, bonus=battle.throw_bonus,
                 roll=battle.thrown_at)


def _roll_on(ctx: Ctx, p: PlayerState, battle: OngoingBattle) -> str | None:
    """Roll until a roll is not won, the lives are used up, or a throw decision is due."""
    adv, creature = creature_to_fight(ctx)
    result = "win"
    while battle.rolls < battle.lives:
        roll = battle.rolls + 1
        figure = battle.figure_for(roll)
        light, dark = ctx.state.rng.d6(), ctx.state.rng.d6()
        mine = figure + light
        theirs = battle.creature_figure + dark
        result = "win" if mine > theirs else "draw" if mine == theirs else "loss"
        battle.rolls = roll
        ctx.emit("battle_roll", p.player, reveals=True, roll=roll, lives=battle.lives, light=light, dark=dark, card=creature.id,
                 player_figure=figure, creature_figure=battle.creature_figure,
                 player_total=mine, creature_total=theirs, result=result)
        if result != "win":
            break
        if battle.can_throw():
            assert ctx.state.turn is not None
            ctx.state.turn.battle = battle
            ctx.emit("throw_decision", p.player, card=creature.id, roll=roll + 1, item=battle.weapon)
            return None
    return _finish(ctx, p, adv, creature, battle, result)


def _finish(ctx: Ctx, p: PlayerState, adv: AdventureOnSpace, creature: CreatureCard, battle: OngoingBattle,
            result: str) -> str:
    if battle.thrown_at is not None and battle.weapon:
        item = p.item(battle.weapon)
        assert item is not None
        if ctx.pack.item(item.card).breaks_when_thrown:
            item.damaged = True
            ctx.emit("item_damaged", p.player, item=item.uid, card=item.card, reason="thrown")
    ctx.emit("battle_result", p.player, card=creature.id, result=result)
    if result == "win":
        ctx.state.spaces[p.space].remove(adv)
        ctx.state.decks.adventure.discard.append(adv.card)
        p.experience += creature.experience
        ctx.emit("creature_defeated", p.player, card=creature.id, experience=creature.experience)
        apply_effect(ctx, p, creature.treasure, creature.id)
    else:
        ctx.emit("creature_stays", p.player, card=creature.id, space=ctx.pack.space(p.space).id)
        if result == "loss":
            if creature.on_loss is not None:
                apply_effect(ctx, p, creature.on_loss, creature.id)
            else:
                lose_health(ctx, p, 1, creature.id)
    return result


def bribe(ctx: Ctx, p: PlayerState, action: Bribe) -> None:
    """A Creature's optional (?) rule lets the character pay to avoid the battle; it stays."""
    adv, creature = creature_to_fight(ctx)
    rule = creature.special("bribe")
    if rule is None:
        raise RuleError("error.no_bribe", card=creature.id)
    if not can_pay(p, rule.cost):
        raise RuleError("error.cannot_pay", **(rule.cost.model_dump() if rule.cost else {}))
    pay(ctx, p, rule.cost, "bribe")
    ctx.emit("creature_bribed", p.player, card=creature.id)
