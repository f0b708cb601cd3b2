"""Battles in a Standard game: against a Creature, a Guardian of an Astral Plane, or another
character. One engine for the three, so Abilities and Artifacts work the same everywhere.

The Basic Rules of Combat hold (Basic rules, "Rules of Combat"): each side rolls a die and adds
its figure; higher total wins, equal totals draw; a three-lives opponent must be beaten three
rolls in a row; a thrown weapon adds its bonus to one roll. The Standard game adds (ruling
battle_abilities): spells declared with the Items and paid once for the whole battle (Prayer
rolls your die several times keeping the best, Curse makes the opponent roll several times
keeping the worst, facts §10), bonuses of skills and Artifacts, a second one-handed weapon
(facts §11.8), and powers used once the dice have fallen (roll again, fight again), each at
most once per battle. Guardians fight like Creatures (ruling guardian_battles); a fight between
characters is a Battle of Strength unless the attacker pays for Wills (ruling
character_fight_battle), and the defender's side is set by the rules (ruling defender_choices).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Collection, Iterator, Literal

from engine.core.errors import RuleError
from engine.prophecy.actions import AfterRoll, Attack, Fight, Roll
from engine.prophecy.combat import battle_cost as creature_cost
from engine.prophecy.combat import throw_bonus
from engine.prophecy.content import Cost, CreatureCard, ItemCard, Special
from engine.prophecy.content_standard import FightAgain, Reroll
from engine.prophecy.context import Ctx
from engine.prophecy.decks import discard
from engine.prophecy.effects import apply_effect, lose_health, pay
from engine.prophecy.equipment import battle_bonus as items_bonus
from engine.prophecy.equipment import candidate_loadouts, check_loadout
from engine.prophecy.standard import duel, parts, planes, powers
from engine.prophecy.standard.state import StdBattle
from engine.prophecy.state import PlayerState
from engine.prophecy.turns import after_fight


@dataclass(frozen=True)
class Foe:
    """Who is fought, as the Item rules read an opponent (tags, special rules)."""

    kind: str  # creature | guardian | character
    card: str
    strength: int | None
    willpower: int | None
    first: str
    tags: tuple[str, ...]
    specials: tuple[Special, ...] = field(default=())
    lives: int = 1
    power_up: int = 0

    def special(self, rule: str) -> Special | None:
        return next((s for s in self.specials if s.rule == rule), None)

    @property
    def against(self) -> str:
        """What a bonus must name to count here (ruling astral_only_bonuses)."""
        return {"creature": "creature", "guardian": "astral_plane", "character": "character"}[self.kind]


def creature_foe(card: CreatureCard) -> Foe:
    return Foe("creature", card.id, card.strength, card.willpower, card.attacks_with, tuple(card.tags),
               tuple(card.specials), 3 if card.special("three_lives") else 1)


def guardian_foe(ctx: Ctx, plane_id: str) -> Foe:
    plane = powers.sstate(ctx).plane(plane_id)
    slot = plane.guardian_slot()
    assert slot is not None
    card = plane.card(slot)
    assert card is not None  # the Guardian's slot holds its card
    g = powers.spack(ctx.state).guardian(card)
    return Foe("guardian", g.id, g.strength + plane.power_up, g.willpower + plane.power_up, g.first, tuple(g.tags),
               tuple(g.specials), 3 if g.special("three_lives") else 1, plane.power_up)


def character_foe(ctx: Ctx, defender: PlayerState) -> Foe:
    """Characters count as humanoid and never have several lives (facts §8, §11.10)."""
    return Foe("character", defender.character, defender.red.right, defender.blue.right, "strength",
               character_tags(ctx.state, defender.player))


def character_tags(state: Any, pid: str) -> tuple[str, ...]:
    """Humanoid, and any creature type an expansion card gave her (Water Realm expansion,
    "Characters with Creature Types": the Beast, the Path of the Dead)."""
    extra = [tag for part in parts.active_parts(state) for tag in part.character_tags(state, pid)]
    return ("humanoid", *dict.fromkeys(tag for tag in extra if tag != "humanoid"))


def foe_of(ctx: Ctx, opponent: str, target: str) -> Foe:
    if opponent == "creature":
        p = ctx.state.player(ctx.state.live_turn().player)
        adv = next(a for a in ctx.state.spaces[p.space] if a.uid == target)
        card = ctx.pack.adventure(adv.card)
        assert isinstance(card, CreatureCard)
        return creature_foe(card)
    if opponent == "guardian":
        return guardian_foe(ctx, target)
    return character_foe(ctx, ctx.state.player(target))


# --------------------------------------------------------------------------------- costs


def battle_cost(ctx: Ctx, p: PlayerState, foe: Foe, battle: str) -> Cost | None:
    """The price of this kind of battle, or raise RuleError when it is not allowed.

    Creatures: the Basic rule. Guardians: Strength first allows Wills for the usual Magic,
    Willpower first allows only Wills unless its card says otherwise (ruling guardian_battles).
    Characters: Wills only if the attacker pays (ruling character_fight_battle). Forcing a
    Battle of Wills costs less with Mind over Matter (wills_switch_discount)."""
    if foe.kind == "creature":
        cost = creature_cost(ctx.pack, ctx.pack.creature(foe.card), battle)
    elif foe.kind == "guardian":
        if battle == foe.first:
            cost = None
        elif battle == "wills":
            cost = Cost(magic=ctx.pack.rules.wills_switch_magic.value or 0)
        else:
            switch = foe.special("switch_battle")
            if switch is None:
                raise RuleError("error.battle_not_allowed", battle=battle, card=foe.card)
            cost = switch.cost
    else:
        cost = None if battle == "strength" else Cost(magic=powers.spack(ctx.state).figures.character_wills_magic.value or 0)
    if battle == "wills" and cost is not None and cost.magic:
        discount = powers.wills_discount(ctx.state, p.player)
        if discount:
            cost = cost.model_copy(update={"magic": max(0, cost.magic - discount)})
    return cost


def allowed_battles(ctx: Ctx, p: PlayerState, foe: Foe) -> list[str]:
    out = []
    for battle in ("strength", "wills"):
        try:
            battle_cost(ctx, p, foe, battle)
        except RuleError:
            continue
        out.append(battle)
    return out


# ----------------------------------------------------------------------------- loadouts


def _second_weapon(ctx: Ctx, p: PlayerState, action: Any, cards: list[ItemCard]) -> ItemCard | None:
    """A second one-handed weapon beside the first (two_weapons); both bonuses count."""
    if action.second is None:
        return None
    if not powers.two_weapons(ctx.state, p.player):
        raise RuleError("error.two_weapons_not_allowed")
    item = p.item(action.second)
    if item is None:
        raise RuleError("error.item_not_owned", item=action.second)
    if item.damaged:
        raise RuleError("error.item_damaged", item=item.uid, card=item.card)
    second = ctx.pack.item(item.card)
    main = ctx.pack.item(p.owned(action.weapon).card) if action.weapon and p.item(action.weapon) else None
    if action.second == action.weapon or main is None or main.hands != 1 or second.slot != "weapon" \
            or second.hands != 1 or action.hand:
        raise RuleError("error.two_weapons_not_allowed")
    return second


def _spells(ctx: Ctx, p: PlayerState, names: tuple[str, ...], battle: str, foe: Foe) -> list[Any]:
    """The declared spells, checked: held, usable now and of use in this battle."""
    if len(set(names)) != len(names):
        raise RuleError("error.spell_declared_twice")
    usable = {s.id: s for s in powers.declarable_spells(ctx.state, p.player, battle, foe.against, list(foe.tags))}
    out = []
    for name in names:
        if name not in usable:
            raise RuleError("error.spell_not_usable", ability=name)
        out.append(usable[name])
    return out


def loadout_actions(ctx: Ctx, p: PlayerState, foe: Foe, target: str | None) -> Iterator[Any]:
    """Every way to fight `foe` the player can afford: battle, Items, second weapon, spells.

    `target` None gives `Fight` actions (a Creature), else `Attack` actions on `target`.
    Alike Items are listed once (the Basic `candidate_loadouts`); spells in every subset."""
    for battle in allowed_battles(ctx, p, foe):
        cost = battle_cost(ctx, p, foe, battle)
        spells = powers.declarable_spells(ctx.state, p.player, battle, foe.against, list(foe.tags))
        subsets = [combo for k in range(len(spells) + 1) for combo in combinations(spells, k)]
        twin = powers.two_weapons(ctx.state, p.player)
        loadouts = candidate_loadouts(ctx.pack, p, battle)
        for combo in subsets:
            total = powers.add_costs(cost, *(s.cast for s in combo))
            if not powers.can_pay_cost(p, total):
                continue
            names = tuple(s.id for s in combo)
            for f in loadouts:
                weapon = ctx.pack.item(p.owned(f.weapon).card) if f.weapon else None
                if f.throw and throw_bonus(foe, weapon, battle) <= 0:
                    continue
                seconds: list[str | None] = [None]
                if twin and weapon is not None and weapon.hands == 1 and not f.hand:
                    seen: set[str] = set()
                    for item in p.items:
                        card = ctx.pack.item(item.card)
                        if item.uid != f.weapon and not item.damaged and card.slot == "weapon" and card.hands == 1 \
                                and card.id not in seen:
                            seen.add(card.id)
                            seconds.append(item.uid)
                for second in seconds:
                    fields = dict(battle=battle, weapon=f.weapon, hand=f.hand, head=f.head, body=f.body, throw=f.throw,
                                  second=second, spells=names)
                    yield Fight(**fields) if target is None else Attack(target=target, **fields)


def defender_figure(ctx: Ctx, d: PlayerState, battle: str) -> int:
    """The defender's figure: her cubes, the Items giving her the highest figure for this
    battle, and the bonuses of her Abilities and Artifacts that need no decision (ruling
    defender_choices: no spell is cast off her own turn)."""
    turn = ctx.state.turn
    attacker = Foe("character", "", None, None, "strength",
                   character_tags(ctx.state, turn.player) if turn is not None else ("humanoid",))
    own = d.red.right if battle == "strength" else d.blue.right
    in_play = parts.active_parts(ctx.state)
    against = ctx.state.player(turn.player) if turn is not None else None
    best: int | None = None if in_play else 0  # a part's penalty may make every loadout negative
    for f in candidate_loadouts(ctx.pack, d, battle):
        if f.throw:
            continue
        cards = check_loadout(ctx.pack, d, f)
        value = items_bonus(cards, attacker, battle, None)
        value += sum(part.figure_bonus(ctx, d, battle, "character", cards, against) for part in in_play)
        value += sum(part.foe_bonus(ctx, d, battle, attacker, cards) for part in in_play)
        best = value if best is None else max(best, value)
    best = best or 0
    return own + best + powers.battle_bonus(ctx.state, d.player, battle, "character", list(attacker.tags),
                                            attacking=False)


# -------------------------------------------------------------------------------- battle


def attack_character(ctx: Ctx, p: PlayerState, target: str, action: Attack) -> None:
    """`p` attacks the character of `target` (her one attack of the turn, whichever board the
    two stand on: the ring or the Water Realm); the caller has checked she may."""
    powers.sstate(ctx).turn.attacked = True
    defender = ctx.state.player(target)
    ctx.emit("character_attacked", p.player, defender=defender.player, battle=action.battle)
    start(ctx, p, character_foe(ctx, defender), defender.player, action)


def start(ctx: Ctx, p: PlayerState, foe: Foe, target: str, action: Fight | Attack) -> str | None:
    """Pay, declare and roll; the result, or None while the battle waits for a decision."""
    battle = action.battle
    cost = battle_cost(ctx, p, foe, battle)
    cards = check_loadout(ctx.pack, p, action)  # type: ignore[arg-type]  # an Attack declares the same Items as a Fight
    second = _second_weapon(ctx, p, action, cards)
    spells = _spells(ctx, p, action.spells, battle, foe)
    against = ctx.state.player(target) if foe.kind == "character" else None
    for part in parts.active_parts(ctx.state):
        part.battle_begins(ctx, p, foe, battle, against)  # before anything is paid (the Coral Tiara)
    total = powers.add_costs(cost, *(s.cast for s in spells))
    if not powers.can_pay_cost(p, total):
        raise RuleError("error.cannot_pay_battle", battle=battle, **total.model_dump())
    pay(ctx, p, cost, "battle_switch")
    for spell in spells:
        pay(ctx, p, spell.cast, spell.id)
        ctx.emit("spell_cast", p.player, ability=spell.id)
    weapon = ctx.pack.item(p.owned(action.weapon).card) if action.weapon else None
    own = p.red.right if battle == "strength" else p.blue.right
    abilities = powers.battle_bonus(ctx.state, p.player, battle, foe.against, list(foe.tags),
                                    attacking=foe.kind == "character", spells=action.spells)
    extra = abilities + (items_bonus([second], foe, battle, None) if second else 0)
    in_hands = cards + ([second] if second else [])
    defender = ctx.state.player(target) if foe.kind == "character" else None
    extra += sum(part.figure_bonus(ctx, p, battle, foe.kind, in_hands, defender)
                 for part in parts.active_parts(ctx.state))
    extra += sum(part.foe_bonus(ctx, p, battle, foe, in_hands) for part in parts.active_parts(ctx.state))
    held = own + items_bonus(cards, foe, battle, None) + extra
    without = own + items_bonus(cards, foe, battle, weapon) + extra
    if foe.kind == "character":
        foe_figure = defender_figure(ctx, ctx.state.player(target), battle)
    else:
        figure = foe.strength if battle == "strength" else foe.willpower
        assert figure is not None
        foe_figure = figure
    own_dice, foe_dice = powers.dice_counts(ctx.state, p.player, action.spells)
    b = StdBattle(opponent=foe.kind, target=target, card=foe.card, battle=battle, player_figure=held,
                  figure_without_weapon=without, foe_figure=foe_figure,
                  throw_bonus=throw_bonus(foe, weapon, battle),
                  lives=foe.lives, weapon=action.weapon if weapon is not None and weapon.thrown is not None else None,
                  thrown_at=1 if action.throw else None, own_dice=own_dice, foe_dice=foe_dice,
                  spells=list(action.spells))
    for spell in spells:
        powers.mark_used(ctx, p.player, spell, b)
    ctx.emit("battle_started", p.player, card=foe.card, battle=battle, player_figure=held, creature_figure=foe_figure,
             lives=b.lives, throw_bonus=b.throw_bonus if action.throw else 0, opponent=foe.kind, target=target,
             own_dice=own_dice, foe_dice=foe_dice)
    if action.throw and b.weapon and weapon is not None:  # b.weapon is set only with a weapon
        ctx.emit("weapon_thrown", p.player, item=b.weapon, card=weapon.id, bonus=b.throw_bonus, roll=1)
    return _roll_and_go(ctx, p, b)


def _judge(ctx: Ctx, p: PlayerState, b: StdBattle, event: str, **extra: Any) -> None:
    figure = b.figure_for(b.rolls)
    mine, theirs = figure + b.light, b.foe_figure + b.dark
    for part in parts.active_parts(ctx.state):
        mine = part.battle_total(ctx, p, b, mine)  # a cap on her result (the Skeletal Shark)
    b.result = "win" if mine > theirs else "draw" if mine == theirs else "loss"
    ctx.emit(event, p.player, reveals=True, roll=b.rolls, lives=b.lives, light=b.light, dark=b.dark, card=b.card,
             player_figure=figure, creature_figure=b.foe_figure, player_total=mine, creature_total=theirs,
             result=b.result, opponent=b.opponent, **extra)


def _roll_and_go(ctx: Ctx, p: PlayerState, b: StdBattle) -> str | None:
    rng = ctx.state.rng
    foretold = next((d for part in parts.active_parts(ctx.state) if (d := part.battle_dice(ctx, p, b)) is not None),
                    None) if b.rolls == 0 else None
    if foretold is not None:  # dice seen in advance (Crystal Ball of Fate): Prayer and Curse roll the others
        own = [foretold[0]] + [rng.d6() for _ in range(b.own_dice - 1)]
        foe = [foretold[1]] + [rng.d6() for _ in range(b.foe_dice - 1)]
    else:
        own = [rng.d6() for _ in range(b.own_dice)]
        foe = [rng.d6() for _ in range(b.foe_dice)]
    b.light, b.dark = max(own), min(foe)
    b.rolls += 1
    extra: dict[str, Any] = {}
    if b.own_dice > 1:
        extra["own_rolls"] = own
    if b.foe_dice > 1:
        extra["foe_rolls"] = foe
    _judge(ctx, p, b, "battle_roll", **extra)
    return _settle(ctx, p, b)


def _settle(ctx: Ctx, p: PlayerState, b: StdBattle) -> str | None:
    """A roll that is not won may still be changed by a power used after the dice."""
    if b.result != "win" and after_roll_options(ctx, p, b):
        _pause(ctx, p, b, "after_roll")
        return None
    return _go_on(ctx, p, b)


def _go_on(ctx: Ctx, p: PlayerState, b: StdBattle) -> str | None:
    if b.result != "win" or b.rolls >= b.lives:
        return _finish(ctx, p, b)
    if b.can_throw():
        _pause(ctx, p, b, "throw")
        return None
    return _roll_and_go(ctx, p, b)


def _pause(ctx: Ctx, p: PlayerState, b: StdBattle, what: Literal["throw", "after_roll"]) -> None:
    b.awaiting = what
    powers.sstate(ctx).turn.battle = b
    if what == "throw":
        ctx.emit("throw_decision", p.player, card=b.card, roll=b.rolls + 1, item=b.weapon)
    else:
        ctx.emit("after_roll_decision", p.player, card=b.card, result=b.result)
    return None


def after_roll_options(ctx: Ctx, p: PlayerState, b: StdBattle) -> list[AfterRoll]:
    """Powers that act once the dice have fallen and may change a roll not won: roll a die
    again (Jinx, Orb of Fate, Divine Will) or fight again (Fanaticism, Turn Back Time)."""
    if b.result == "win":
        return []
    out: list[AfterRoll] = []
    for kind in powers.AFTER_ROLL_KINDS:
        for card, eff in powers.effects(ctx.state, p.player, kind):
            if card.id in b.used or not powers.available(ctx.state, p.player, card, b) \
                    or not powers.can_pay_cost(p, powers.cast_cost(card)):
                continue
            if isinstance(eff, Reroll):  # the kind "reroll"
                dice = {"own": ["own"], "opponent": ["opponent"], "either_or_both": ["own", "opponent", "both"]}[eff.dice]
                out.extend(AfterRoll(ability=card.id, dice=d) for d in dice)
            elif isinstance(eff, FightAgain) and eff.after == b.result:
                out.append(AfterRoll(ability=card.id))
    ordered: list[Any] = sorted(out, key=lambda a: (a.ability or "", a.dice or ""))
    # an expansion card that changes the roll (the Scroll of Exchanging Fates)
    return ordered + [a for part in parts.active_parts(ctx.state) for a in part.after_roll(ctx, p, b)]


def after_roll(ctx: Ctx, p: PlayerState, action: AfterRoll) -> str | None:
    b = powers.sstate(ctx).turn.battle
    if b is None or b.awaiting != "after_roll":
        raise RuleError("error.no_battle_running")
    if action.ability is None:
        b.awaiting = None
        powers.sstate(ctx).turn.battle = None
        return _go_on(ctx, p, b)
    if action not in after_roll_options(ctx, p, b):
        raise RuleError("error.power_not_usable", ability=action.ability)
    card = next(c for c in powers.held(ctx.state, p.player) if c.id == action.ability)
    b.awaiting = None
    powers.sstate(ctx).turn.battle = None
    pay(ctx, p, powers.cast_cost(card), card.id)
    powers.mark_used(ctx, p.player, card, b)
    if action.dice is not None:
        rng = ctx.state.rng
        if action.dice in ("own", "both"):
            b.light = rng.d6()
        if action.dice in ("opponent", "both"):
            b.dark = rng.d6()
        _judge(ctx, p, b, "battle_reroll", ability=card.id, dice=action.dice)
        return _settle(ctx, p, b)
    ctx.emit("fight_again", p.player, ability=card.id, card=b.card)
    b.rolls -= 1
    return _roll_and_go(ctx, p, b)


def rejudge(ctx: Ctx, p: PlayerState, b: StdBattle, event: str, **extra: Any) -> str | None:
    """The paused roll's dice were changed by an expansion card (the Scroll of Exchanging
    Fates): judge the roll again and go on as after any roll."""
    b.awaiting = None
    powers.sstate(ctx).turn.battle = None
    _judge(ctx, p, b, event, **extra)
    return _settle(ctx, p, b)


def next_roll(ctx: Ctx, p: PlayerState, action: Roll) -> str | None:
    """The next roll of a paused three-lives battle, throwing the weapon now if asked."""
    b = powers.sstate(ctx).turn.battle
    if b is None or b.awaiting != "throw":
        raise RuleError("error.no_battle_running")
    if action.throw:
        if not b.can_throw():
            raise RuleError("error.throw_not_possible")
        b.thrown_at = b.rolls + 1
        item = p.item(b.weapon) if b.weapon else None
        if item is not None:
            ctx.emit("weapon_thrown", p.player, item=item.uid, card=item.card, bonus=b.throw_bonus, roll=b.thrown_at)
    b.awaiting = None
    powers.sstate(ctx).turn.battle = None
    return _roll_and_go(ctx, p, b)


def _finish(ctx: Ctx, p: PlayerState, b: StdBattle) -> str:
    result = b.result
    assert result is not None
    powers.sstate(ctx).turn.battle = None
    if b.thrown_at is not None and b.weapon:
        item = p.item(b.weapon)
        if item is not None and ctx.pack.item(item.card).breaks_when_thrown:
            item.damaged = True
            ctx.emit("item_damaged", p.player, item=item.uid, card=item.card, reason="thrown")
    ctx.emit("battle_result", p.player, card=b.card, result=result, opponent=b.opponent)
    if any(part.battle_over(ctx, p, b, result) for part in parts.active_parts(ctx.state)):
        return result
    if b.opponent == "creature":
        _creature_done(ctx, p, b, result)
    elif b.opponent == "guardian":
        planes.guardian_done(ctx, p, b.target, b.card, result)
    else:
        duel.fight_done(ctx, p, ctx.state.player(b.target), result)
    return result


def _creature_done(ctx: Ctx, p: PlayerState, b: StdBattle, result: str) -> None:
    """As in the Basic game (a beaten Creature is discarded and pays its treasure; one that
    wins or draws stays), with the Veteran's extra Experience and the wards (Hidden Stash)."""
    adv = next(a for a in ctx.state.spaces[p.space] if a.uid == b.target)
    creature = ctx.pack.adventure(adv.card)
    assert isinstance(creature, CreatureCard)
    if result == "win":
        ctx.state.spaces[p.space].remove(adv)
        discard(ctx, "adventure", adv.card)
        reward_creature(ctx, p, creature)
    else:
        ctx.emit("creature_stays", p.player, card=creature.id, space=ctx.pack.space(p.space).id)
        if result == "loss":
            if creature.on_loss is not None:
                apply_effect(ctx, p, warded(ctx, p, creature.on_loss), creature.id)
            else:
                lose_health(ctx, p, 1, creature.id)
    turn = ctx.state.turn
    if p.alive and ctx.state.status == "active" and turn is not None:
        if turn.item_choices:
            turn.resume = result
        else:
            after_fight(ctx, result)


def reward_creature(ctx: Ctx, p: PlayerState, creature: CreatureCard) -> None:
    """A beaten Creature's Experience, the Veteran's extra Experience and its treasure; every
    Standard way of beating a Creature (a fight, a Beast kept) pays it alike."""
    p.experience += creature.experience
    ctx.emit("creature_defeated", p.player, card=creature.id, experience=creature.experience)
    bonus = powers.extra_experience(ctx.state, p.player)
    if bonus:
        p.experience += bonus
        ctx.emit("experience_gained", p.player, amount=bonus, reason="extra_experience")
    apply_effect(ctx, p, creature.treasure, creature.id)


def warded(ctx: Ctx, p: PlayerState, effect: Any) -> Any:
    """The effect without what the character's wards keep off her (ward: gold_loss,
    item_loss, item_damage)."""
    return without_warded(effect, powers.wards(ctx.state, p.player))


def without_warded(effect: Any, wards: Collection[str]) -> Any:
    """The effect without what these wards keep off (the same effect when they keep off
    nothing); the AI's planner reads a ward exactly as the rules apply it."""
    update: dict[str, Any] = {}
    if "gold_loss" in wards and effect.gold < 0:
        update["gold"] = 0
    if "item_loss" in wards and effect.lose_items:
        update["lose_items"] = 0
    if "item_damage" in wards and effect.damage_items:
        update["damage_items"] = 0
    return effect.model_copy(update=update) if update else effect
