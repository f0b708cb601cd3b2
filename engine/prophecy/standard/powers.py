"""What the Abilities and Artifacts a character holds let her do, kind by kind.

Cards are data composed from the effect vocabulary of `content_standard` (`AbilityEffect`);
this module answers, for one character, the questions the rules ask of that vocabulary (which
battle bonuses count here, which movements she has, what wards her...) and keeps the usage
limits: once per battle, turn or round, and the Time Loop's rest until her next round.
Artifacts work like Abilities that cost nothing (ruling artifact_powers).
"""
from __future__ import annotations

from typing import Iterator, Sequence, TypeVar, Union

from engine.core.read_only import state_memo
from engine.prophecy.content import Cost
from engine.prophecy.content_standard import (
    Ability,
    AbilityEffect,
    Artifact,
    AvoidCreatures,
    BattleBonus,
    ExtraExperience,
    Market,
    OnWinVsCharacter,
    StandardPack,
    Ward,
    WillsSwitchDiscount,
    standard_pack_by_id,
)
from engine.prophecy.context import Ctx
from engine.prophecy.standard import parts
from engine.prophecy.standard.state import StandardState, StdBattle, StdPlayer
from engine.prophecy.state import PlayerState, ProphecyState

Card = Union[Ability, Artifact]
E = TypeVar("E")

#: Ability effect kinds that act before the roll and are declared with the Items (spells only)
DECLARED_KINDS = frozenset({"battle_bonus", "prayer", "curse"})
#: effect kinds used once the dice have fallen
AFTER_ROLL_KINDS = frozenset({"reroll", "fight_again"})


@state_memo
def spack(state: ProphecyState) -> StandardPack:
    """The Standard overlay of this game (its cards, figures and rulings)."""
    std = state.options.standard
    assert std is not None
    sp = standard_pack_by_id(std.pack)
    return sp if std.expansion is None else parts.game_pack(sp, std.expansion)  # the expansion's cards too


def sstate(ctx: Ctx) -> StandardState:
    assert ctx.state.standard is not None
    return ctx.state.standard


def mine(state: ProphecyState, pid: str) -> StdPlayer:
    assert state.standard is not None
    return state.standard.players[pid]


@state_memo
def held(state: ProphecyState, pid: str) -> list[Card]:
    """Her Abilities, then her Artifacts."""
    sp = spack(state)
    me = mine(state, pid)
    out = [sp.ability(a) for a in me.abilities] + [sp.artifact(a) for a in me.artifacts]
    if state.options.std().expansion is not None:
        out += parts.held_cards(state, pid)  # what the expansion's parts lend her (a Treasure's powers)
    return out


def cast_cost(card: Card) -> Cost:
    """What using the card costs each time (a spell's Magic; skills and Artifacts are free)."""
    return card.cast if isinstance(card, Ability) else Cost()


def is_spell(card: Card) -> bool:
    return isinstance(card, Ability) and card.type == "spell"


def effects(state: ProphecyState, pid: str, kind: str) -> Iterator[tuple[Card, AbilityEffect]]:
    """(card, effect) for every effect of `kind` among what she holds."""
    for card in held(state, pid):
        for effect in card.effects:
            if effect.kind == kind:
                yield card, effect


def effects_of(state: ProphecyState, pid: str, model: type[E]) -> Iterator[tuple[Card, E]]:
    """`effects` for the one effect model of a kind, typed as that model (each kind has one)."""
    for card in held(state, pid):
        for effect in card.effects:
            if isinstance(effect, model):
                yield card, effect


def available(state: ProphecyState, pid: str, card: Card, battle: StdBattle | None = None) -> bool:
    """Is the card's limit still open (once per battle, turn or round; resting after use)?"""
    assert state.standard is not None
    me = mine(state, pid)
    if card.id in me.resting:
        return False
    if card.limit == "once_per_round":
        return card.id not in me.round_used
    if card.limit == "once_per_turn":
        return card.id not in state.standard.turn.used
    if card.limit == "once_per_battle":
        return battle is None or card.id not in battle.used
    return True


def mark_used(ctx: Ctx, pid: str, card: Card, battle: StdBattle | None = None) -> None:
    sst = sstate(ctx)
    me = sst.players[pid]
    if card.limit == "once_per_round" and card.id not in me.round_used:
        me.round_used.append(card.id)
    if card.limit == "once_per_turn" and card.id not in sst.turn.used:
        sst.turn.used.append(card.id)
    if battle is not None and card.id not in battle.used:
        battle.used.append(card.id)
    if isinstance(card, Ability) and card.rests and card.id not in me.resting:
        me.resting.append(card.id)


def can_pay_cost(p: PlayerState, cost: Cost) -> bool:
    return p.gold >= cost.gold and p.experience >= cost.experience and p.red.right >= cost.health and p.blue.right >= cost.magic


def add_costs(*costs: Cost | None) -> Cost:
    total = {"gold": 0, "experience": 0, "health": 0, "magic": 0}
    for c in costs:
        if c is not None:
            for k in total:
                total[k] += getattr(c, k)
    return Cost.of(**total)


# ------------------------------------------------------------------------------ battle


def battle_bonus(state: ProphecyState, pid: str, battle: str, against: str, foe_tags: list[str],
                 attacking: bool, spells: tuple[str, ...] | list[str] = ()) -> int:
    """The Abilities' and Artifacts' bonus to her figure in this battle.

    `against`: "creature", "astral_plane" or "character" (ruling astral_only_bonuses: a bonus
    against Astral Planes counts only against Guardians). A spell's bonus counts only when it
    was declared (cast) for this battle; `attacking` tells whether she started a fight against
    a character (bonuses `attacking_only`). Characters count as humanoid (facts §8)."""
    total = 0
    for card, eff in effects_of(state, pid, BattleBonus):
        if eff.battle not in (battle, "both"):
            continue
        if eff.against not in ("any", against):
            continue
        if eff.tags and not set(eff.tags) & set(foe_tags):
            continue
        if eff.attacking_only and not (attacking and against == "character"):
            continue
        if is_spell(card) and card.id not in spells:
            continue
        total += eff.amount
    return total


def declarable_spells(state: ProphecyState, pid: str, battle: str, against: str, foe_tags: list[str]) -> list[Ability]:
    """Spells she may cast before the dice of this battle: Prayer, Curse, or a bonus that
    counts here (ruling battle_abilities)."""
    out: list[Ability] = []
    for card in held(state, pid):
        if not is_spell(card) or not available(state, pid, card):
            continue
        assert isinstance(card, Ability)
        useful = False
        for eff in card.effects:
            if eff.kind in ("prayer", "curse"):
                useful = True
            elif eff.kind == "battle_bonus":
                useful = useful or (
                    eff.battle in (battle, "both") and eff.against in ("any", against)
                    and (not eff.tags or bool(set(eff.tags) & set(foe_tags)))
                    and not (eff.attacking_only and against != "character"))
        if useful:
            out.append(card)
    return out


def dice_counts(state: ProphecyState, pid: str, spells: tuple[str, ...] | list[str]) -> tuple[int, int]:
    """(own dice, foe dice): Prayer rolls yours several times keeping the best, Curse makes the
    opponent roll several times keeping the worst (facts §10). Several do not add up."""
    own = foe = 1
    sp = spack(state)
    for sid in spells:
        for eff in sp.ability(sid).effects:
            if eff.kind == "prayer":
                own = max(own, eff.rolls)
            elif eff.kind == "curse":
                foe = max(foe, eff.rolls)
    return own, foe


def wills_discount(state: ProphecyState, pid: str) -> int:
    return sum(eff.magic for _card, eff in effects_of(state, pid, WillsSwitchDiscount))


def two_weapons(state: ProphecyState, pid: str) -> bool:
    return any(True for _ in effects(state, pid, "two_weapons"))


def extra_experience(state: ProphecyState, pid: str) -> int:
    return sum(eff.amount for _card, eff in effects_of(state, pid, ExtraExperience))


def wards(state: ProphecyState, pid: str) -> set[str]:
    out: set[str] = set()
    for _card, eff in effects_of(state, pid, Ward):
        out.update(eff.against)
    return out


def avoids(state: ProphecyState, pid: str, tags: Sequence[str]) -> Card | None:
    """The card that lets her slip past a Creature with these tags (Stealth, Beast Speech)."""
    for card, eff in effects_of(state, pid, AvoidCreatures):
        if not eff.tags or set(eff.tags) & set(tags):
            return card
    return None


def spoils(state: ProphecyState, pid: str) -> tuple[bool, int, int]:
    """(takes an Item, Gold taken, extra Health lost) when she beats a character."""
    take_item, gold, health = False, 0, 0
    for _card, eff in effects_of(state, pid, OnWinVsCharacter):
        take_item = take_item or eff.take_item
        gold += eff.take_gold
        health += eff.extra_health_loss
    return take_item, gold, health


def market(state: ProphecyState, pid: str) -> tuple[int, bool]:
    """(discount on every Item bought, sells at full price)."""
    discount, full = 0, False
    for _card, eff in effects_of(state, pid, Market):
        discount += eff.buy_discount
        full = full or eff.sell_full_price
    return discount, full


def chooses_battleground(state: ProphecyState, pid: str) -> bool:
    return any(True for _ in effects(state, pid, "chooses_battleground"))
