"""Battle figures and odds for the Standard AI: exact for a declared action, estimated for a
character the AI only imagines (after a move, a purchase, a lesson).

Exact: `action_odds` reads a `Fight` or `Attack` the rules offer exactly as the rules will
fight it (`engine.prophecy.standard.battle.start`): the cost and spells paid first, Item,
Ability and Artifact bonuses, a second weapon, a throw, Prayer and Curse dice, the defender's
own figure in a fight between characters. Nothing is changed; no die is rolled.

Estimated: `res_battles` gives, for a `StdRes` (the few numbers the AI reasons with) and a
`FoeSpec`, the win/draw/loss chances of each battle kind with each affordable set of spells,
with the best loadout of her Items. Both read the odds from the cached tables of
`engine.ai.odds`, so no fraction is computed twice.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, Self

from engine.ai.heuristic import _PACKS, Res, best_bonus
from engine.ai.odds import dice_chances
from engine.core.errors import RuleError
from engine.prophecy.combat import battle_cost as creature_cost
from engine.prophecy.combat import throw_bonus
from engine.prophecy.content import Cost, CreatureCard, Pack
from engine.prophecy.content_standard import Ability, standard_pack_by_id
from engine.prophecy.context import Ctx
from engine.prophecy.equipment import battle_bonus as items_bonus
from engine.prophecy.equipment import check_loadout
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.standard import powers
from engine.prophecy.state import PlayerState


@dataclass(slots=True)
class StdRes(Res):
    """`Res` with what a Standard character adds: her Abilities and Artifacts (card ids)."""

    abil: tuple[str, ...] = ()
    arts: tuple[str, ...] = ()

    def copy(self) -> Self:
        return type(self)(self.xp, self.gold, self.h, self.hl, self.m, self.ml, self.mask, self.items, self.extra,
                      self.dead, self.abil, self.arts)

    def key(self) -> tuple[Any, ...]:
        return (self.xp, self.gold, self.h, self.hl, self.m, self.ml, self.items, self.extra, self.dead, self.abil,
                self.arts)


@dataclass(frozen=True)
class FoeSpec:
    """An opponent as the odds see it: figures, the battles allowed and their price, tags."""

    kind: str  # creature | guardian | character
    card: str
    strength: int
    willpower: int
    #: (battle, price before any discount) for every battle the rules allow
    costs: tuple[tuple[str, Cost | None], ...]
    tags: tuple[str, ...]
    lives: int = 1
    no_weapons: bool = False
    no_items: bool = False

    @property
    def against(self) -> str:
        return {"creature": "creature", "guardian": "astral_plane", "character": "character"}[self.kind]


@lru_cache(maxsize=1024)
def _creature_spec(pack_key: int, card_id: str) -> FoeSpec:
    pack = _PACKS[pack_key]
    card = pack.adventure(card_id)
    assert isinstance(card, CreatureCard)
    costs = []
    for battle in ("strength", "wills"):
        try:
            costs.append((battle, creature_cost(pack, card, battle)))
        except RuleError:
            continue
    return FoeSpec("creature", card.id, card.strength or 0, card.willpower or 0, tuple(costs), tuple(card.tags),
                   3 if card.special("three_lives") else 1, card.special("no_weapons") is not None,
                   card.special("no_items") is not None)


def creature_spec(pack: Pack, card: CreatureCard) -> FoeSpec:
    _PACKS[id(pack)] = pack
    return _creature_spec(id(pack), card.id)


@lru_cache(maxsize=256)
def guardian_spec(sp_id: str, card_id: str, power_up: int, wills_magic: int) -> FoeSpec:
    """A Guardian (ruling guardian_battles): its first battle free, Wills against a Strength
    Guardian for the usual Magic, Strength against a Wills one only if its card allows."""
    g = standard_pack_by_id(sp_id).guardian(card_id)
    costs: list[tuple[str, Cost | None]] = [(g.first, None)]
    if g.first == "strength":
        costs.append(("wills", Cost(magic=wills_magic)))
    else:
        switch = g.special("switch_battle")
        if switch is not None:
            costs.append(("strength", switch.cost))
    return FoeSpec("guardian", g.id, g.strength + power_up, g.willpower + power_up, tuple(costs), tuple(g.tags),
                   3 if g.special("three_lives") else 1, g.special("no_weapons") is not None,
                   g.special("no_items") is not None)


# ----------------------------------------------------------------- what her cards give


@dataclass(frozen=True)
class Spell:
    id: str
    cast: Cost
    #: (battle, against, tags, amount) of each bonus it gives when cast
    bonuses: tuple[tuple[str, str, tuple[str, ...], int], ...]
    prayer: int
    curse: int


@lru_cache(maxsize=4096)
def _cards(sp_id: str, abil: tuple[str, ...], arts: tuple[str, ...]) -> tuple[tuple[Any, ...], tuple[Spell, ...]]:
    """(passive bonuses, spells) of what she holds. A passive bonus is (battle, against,
    tags, attacking_only, amount); Artifacts work like skills (ruling artifact_powers)."""
    sp = standard_pack_by_id(sp_id)
    passive: list[tuple[Any, ...]] = []
    spells: list[Spell] = []
    cards: list[Any] = [sp.ability(a) for a in abil] + [sp.artifact(a) for a in arts]
    for card in cards:
        is_spell = isinstance(card, Ability) and card.type == "spell"
        bonuses, prayer, curse = [], 1, 1
        for e in card.effects:
            if e.kind == "battle_bonus":
                if is_spell:
                    bonuses.append((e.battle, e.against, tuple(e.tags), e.amount))
                else:
                    passive.append((e.battle, e.against, tuple(e.tags), e.attacking_only, e.amount))
            elif e.kind == "prayer" and is_spell:
                prayer = max(prayer, e.rolls)
            elif e.kind == "curse" and is_spell:
                curse = max(curse, e.rolls)
        if is_spell and (bonuses or prayer > 1 or curse > 1):
            spells.append(Spell(card.id, card.cast, tuple(bonuses), prayer, curse))
    return tuple(passive), tuple(spells)


def _matches(battle: str, against: str, tags: tuple[str, ...], b: str, a: str, t: tuple[str, ...]) -> bool:
    return b in (battle, "both") and a in ("any", against) and (not t or bool(set(t) & set(tags)))


@lru_cache(maxsize=8192)
def passive_bonus(sp_id: str, abil: tuple[str, ...], arts: tuple[str, ...], battle: str, against: str,
                  tags: tuple[str, ...], attacking: bool) -> int:
    """What her skills and Artifacts add in this battle (`powers.battle_bonus` without spells)."""
    total = 0
    for b, a, t, attacking_only, amount in _cards(sp_id, abil, arts)[0]:
        if not _matches(battle, against, tags, b, a, t):
            continue
        if attacking_only and not (attacking and against == "character"):
            continue
        total += amount
    return total


@lru_cache(maxsize=4096)
def wills_discount(sp_id: str, abil: tuple[str, ...], arts: tuple[str, ...]) -> int:
    sp = standard_pack_by_id(sp_id)
    cards: list[Any] = [sp.ability(a) for a in abil] + [sp.artifact(a) for a in arts]
    return sum(e.magic for c in cards for e in c.effects if e.kind == "wills_switch_discount")


@lru_cache(maxsize=8192)
def spell_options(sp_id: str, abil: tuple[str, ...], battle: str, against: str,
                  tags: tuple[str, ...]) -> tuple[tuple[int, int, int, int], ...]:
    """(Magic, bonus, own dice, foe dice) of every set of spells worth casting in this battle
    (the empty set first). A bonus spell that does not count here is left out, as the rules'
    `declarable_spells` does."""
    useful = []
    for s in _cards(sp_id, abil, ())[1]:
        bonus = sum(amount for b, a, t, amount in s.bonuses if _matches(battle, against, tags, b, a, t))
        if bonus or s.prayer > 1 or s.curse > 1:
            useful.append((s, bonus))
    out = []
    for k in range(min(len(useful), 3) + 1):
        for combo in combinations(useful, k):
            magic = sum(s.cast.magic for s, _b in combo)
            bonus = sum(b for _s, b in combo)
            own = max([s.prayer for s, _b in combo], default=1)
            foe = max([s.curse for s, _b in combo], default=1)
            out.append((magic, bonus, own, foe))
    return tuple(out)


@lru_cache(maxsize=65536)
def _gear(pack_key: int, items: tuple[tuple[str, bool], ...], battle: str, tags: tuple[str, ...],
          no_weapons: bool, no_items: bool) -> int:
    pack = _PACKS[pack_key]
    cards = [pack.item(c) for c, d in items if not d]
    return best_bonus(cards, battle, tags, no_weapons, no_items)


def gear_bonus(pack: Pack, items: tuple[tuple[str, bool], ...], battle: str, foe: FoeSpec) -> int:
    _PACKS[id(pack)] = pack
    return _gear(id(pack), items, battle, foe.tags, foe.no_weapons, foe.no_items)


# ------------------------------------------------------------------------ estimated odds


@dataclass(frozen=True)
class Option:
    """One way to fight a foe: what it costs before the dice, and its chances."""

    battle: str
    cost: "Price"
    win: float
    draw: float
    loss: float


@dataclass(frozen=True, slots=True)
class Price:
    """What a battle costs before the dice, read like a `Cost` (a plain dataclass: the odds
    are worked out often enough for pydantic's checks to show)."""

    gold: int = 0
    experience: int = 0
    health: int = 0
    magic: int = 0


_RES_MEMO: dict[tuple[Any, ...], tuple[Option, ...]] = {}
MEMO_LIMIT = 20_000


def res_battles(pack: Pack, sp_id: str, r: StdRes, foe: FoeSpec, foe_figures: tuple[int, int] | None = None,
                attacking: bool = False) -> tuple[Option, ...]:
    """Every affordable battle against `foe` with her best Items and each set of spells.

    `foe_figures` replaces the foe's (strength, wills) figures (a defending character)."""
    key = (id(pack), sp_id, r.h, r.m, r.gold, r.xp, r.items, r.abil, r.arts, foe.kind, foe.card, foe.strength,
           foe.willpower, foe_figures, attacking)
    found = _RES_MEMO.get(key)
    if found is not None:
        return found
    out: list[Option] = []
    discount = wills_discount(sp_id, r.abil, r.arts)
    for battle, cost in foe.costs:
        gold, xp, health, magic = (cost.gold, cost.experience, cost.health, cost.magic) if cost else (0, 0, 0, 0)
        if battle == "wills" and magic and discount:
            magic = max(0, magic - discount)
        if r.gold < gold or r.xp < xp or r.h < health or r.m < magic:
            continue
        if foe_figures is not None:
            figure = foe_figures[0] if battle == "strength" else foe_figures[1]
        else:
            figure = foe.strength if battle == "strength" else foe.willpower
        passive = passive_bonus(sp_id, r.abil, r.arts, battle, foe.against, foe.tags, attacking)
        gear = gear_bonus(pack, r.items, battle, foe)
        for spent, bonus, own_dice, foe_dice in spell_options(sp_id, r.abil, battle, foe.against, foe.tags):
            paid = magic + spent
            if paid > r.m:
                continue
            own = r.h - health if battle == "strength" else r.m - paid
            w, d, l = dice_chances(own + gear + passive + bonus - figure, 0, foe.lives, own_dice, foe_dice)
            out.append(Option(battle, Price(gold, xp, health, paid), w, d, l))
    result = tuple(out)
    if len(_RES_MEMO) >= MEMO_LIMIT:
        _RES_MEMO.clear()
    _RES_MEMO[key] = result
    return result


# ---------------------------------------------------------------------------- exact odds


@dataclass(frozen=True)
class Exact:
    """A declared battle as the rules will fight it."""

    cost: Cost
    win: float
    draw: float
    loss: float
    #: the card of a weapon the throw will damage
    breaks: str | None


def action_odds(ctx: Ctx, p: PlayerState, foe: sbattle.Foe, action: Any, defender: PlayerState | None = None
                ) -> Exact | None:
    """The cost and chances of a legal `Fight` or `Attack` (None if the rules would refuse it)."""
    try:
        cost = sbattle.battle_cost(ctx, p, foe, action.battle)
        cards = check_loadout(ctx.pack, p, action)
    except RuleError:
        return None
    state = ctx.state
    second = 0
    if action.second is not None:
        item = p.item(action.second)
        if item is None:
            return None
        second = items_bonus([ctx.pack.item(item.card)], foe, action.battle, None)
    sp = powers.spack(state)
    total = powers.add_costs(cost, *(sp.ability(s).cast for s in action.spells))
    if not powers.can_pay_cost(p, total):
        return None
    weapon = ctx.pack.item(p.owned(action.weapon).card) if action.weapon else None
    own = p.red.right - total.health if action.battle == "strength" else p.blue.right - total.magic
    extra = second + powers.battle_bonus(state, p.player, action.battle, foe.against, list(foe.tags),
                                         attacking=foe.kind == "character", spells=action.spells)
    if defender is not None:
        foe_figure = sbattle.defender_figure(ctx, defender, action.battle)
    else:
        foe_figure = (foe.strength if action.battle == "strength" else foe.willpower) or 0
    own_dice, foe_dice = powers.dice_counts(state, p.player, action.spells)
    breaks = None
    if action.throw and weapon is not None:
        without = own + items_bonus(cards, foe, action.battle, weapon) + extra
        bonus = throw_bonus(foe, weapon, action.battle)
        w, d, l = dice_chances(without - foe_figure, bonus, foe.lives, own_dice, foe_dice)
        if weapon.breaks_when_thrown:
            breaks = weapon.id
    else:
        held = own + items_bonus(cards, foe, action.battle, None) + extra
        w, d, l = dice_chances(held - foe_figure, 0, foe.lives, own_dice, foe_dice)
    return Exact(total, w, d, l, breaks)

