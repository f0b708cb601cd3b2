"""Smiths and the Items of the new cards in battle (Water Realm expansion, Appendix "Astral
Stones", "Falchion, Gauntlets of Battle", "Ball-and-Chain, Whipsword"; rulings smithing,
stone_targets, one_pair_of_gauntlets).

Setting an Astral Stone into an Item, or adjusting a Falchion or the Gauntlets of Battle, is
done like a repair: 1 Gold on a civilization space where Items are repaired, or free with
Blacksmithing used instead of movement (then every job of the turn). The Item must be
undamaged; one stone per Item, set for good; a stone that names Artifacts may go into one.
A smith works on each Item (or Artifact) once a turn (ruling smith_once_a_turn): without it a
free Blacksmithing turn could re-adjust the same Falchion forever and the turn would never end.
The result is one Item (a variant card: engine/prophecy/water_realm/cards/content.py) whose price is the
sum of the two, and the stone follows it wherever it goes. A Treasure that is a stone (the
Astral Mindstone: ruling astral_mindstone) is set the same way; Treasure Island offers and applies
these jobs itself when the new cards are not played (engine/prophecy/water_realm/island/part.py).

In battle: a stone's bonus against some types counts once (the Lawstone against an undead
demon is still +2); the Ball-and-Chain and the Whipsword add their bonus against an opponent
with several lives (never a character); of two pairs of gauntlets only the better one counts.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleError
from engine.prophecy.content import ItemCard
from engine.prophecy.context import Ctx
from engine.prophecy.spaces import services
from engine.prophecy.standard import moves, powers
from engine.prophecy.state import OwnedItem, PlayerState
from engine.prophecy.water_realm.cards.actions import Smith
from engine.prophecy.water_realm.cards.common import (
    adjustable,
    content,
    cstate,
    is_stone,
    multi_lives,
    printed_id,
    stone_into,
    stone_of,
)
from engine.prophecy.water_realm.cards.content import Stone, VariantItem, setting_id, stone_id


def blacksmithing(ctx: Ctx, p: PlayerState) -> str | None:
    """The Ability she may use for smith's work now (a skill that repairs instead of moving):
    free to use while nothing was done instead of movement, or already used for this turn's
    work."""
    sst = powers.sstate(ctx)
    for card, eff in powers.effects(ctx.state, p.player, "instead_of_movement"):
        if getattr(eff, "action", None) != "repair":
            continue
        if sst.turn.instead == card.id:
            return card.id
        if moves.instead_open(ctx, p) and powers.available(ctx.state, p.player, card) \
                and powers.can_pay_cost(p, powers.cast_cost(card)):
            return card.id
    return None


def smith_price(ctx: Ctx, p: PlayerState) -> int | None:
    """Gold per job on this space (None: no smith here)."""
    if not services(ctx, p, "repair"):
        return None
    return content().figures.smith_gold.value


def _card(ctx: Ctx, card_id: str) -> ItemCard | None:
    try:
        return ctx.pack.item(card_id)
    except KeyError:
        return None


def _with_stone(ctx: Ctx, item: ItemCard, stone: ItemCard) -> str | None:
    """The card an Item becomes with this stone set in it (None: it cannot take it)."""
    into = stone_into(stone)
    if into is None or is_stone(item) or item.slot not in into:
        return None
    if isinstance(item, VariantItem) and item.stone:
        return None  # "An Item can have at most one Astral Stone"
    if isinstance(item, VariantItem) and item.copied:
        return None  # ruling alchemist_copy: a copy takes no stone
    target = stone_id(item.id, stone.id)
    return target if _card(ctx, target) is not None else None


def _with_setting(ctx: Ctx, item: ItemCard, setting: str) -> str | None:
    power = adjustable(item)
    if power is None or setting not in {s.id for s in power.settings}:
        return None
    if isinstance(item, VariantItem) and item.setting == setting:
        return None
    target = setting_id(printed_id(item), setting)
    stone = item.stone if isinstance(item, VariantItem) else None
    if stone:
        target = stone_id(target, stone)
    return target if _card(ctx, target) is not None else None


def smithed(ctx: Ctx) -> list[str]:
    """The Items (uids) and Artifacts a smith already worked on this turn (ruling
    smith_once_a_turn: one job each a turn)."""
    return powers.sstate(ctx).turn.smithed


def jobs(ctx: Ctx, p: PlayerState) -> list[tuple[OwnedItem | str, OwnedItem | None, str | None, str]]:
    """(Item or Artifact id, stone, setting, the card it becomes) for every job worth doing on
    her things now; alike Items are listed once. An Item or Artifact already worked on this
    turn takes no other job (ruling smith_once_a_turn); a stone is no job's target, so it may
    still be set."""
    out: list[tuple[OwnedItem | str, OwnedItem | None, str | None, str]] = []
    done = set(smithed(ctx))
    usable = [i for i in p.items if not i.damaged]
    stones = [i for i in usable if is_stone(ctx.pack.item(i.card))]
    targets = [i for i in usable if i.uid not in done]
    seen: set[tuple[str, str]] = set()
    for stone in stones:
        stone_card = ctx.pack.item(stone.card)
        for item in targets:
            if item.uid == stone.uid:
                continue
            became = _with_stone(ctx, ctx.pack.item(item.card), stone_card)
            if became is not None and (item.card, stone.card) not in seen:
                seen.add((item.card, stone.card))
                out.append((item, stone, None, became))
        if "artifact" in (stone_into(stone_card) or []):
            cs = cstate(ctx.state)
            for art in powers.mine(ctx.state, p.player).artifacts:
                if art not in cs.stones and art not in done and (art, stone.card) not in seen:
                    seen.add((art, stone.card))
                    out.append((art, stone, None, stone.card))
    for item in targets:
        card = ctx.pack.item(item.card)
        power = adjustable(card)
        if power is None:
            continue
        for setting in power.settings:
            became = _with_setting(ctx, card, setting.id)
            if became is not None and (item.card, setting.id) not in seen:
                seen.add((item.card, setting.id))
                out.append((item, None, setting.id, became))
    return out


def smith_actions(ctx: Ctx, p: PlayerState) -> list[Smith]:
    """The smith's work open to her now, in the act phase: paid here, or with Blacksmithing."""
    turn = ctx.state.turn
    if turn is None or turn.phase != "act" or powers.sstate(ctx).turn.battle is not None:
        return []
    ways: list[bool] = []
    price = smith_price(ctx, p)
    if price is not None and p.gold >= price:
        ways.append(False)
    if blacksmithing(ctx, p) is not None:
        ways.append(True)
    if not ways:
        return []
    out = []
    for target, stone, setting, _became in jobs(ctx, p):
        item = target if isinstance(target, str) else target.uid
        for free in ways:
            out.append(Smith(item=item, stone=stone.uid if stone else None, setting=setting, blacksmithing=free))
    return out


def smith(ctx: Ctx, p: PlayerState, action: Smith) -> None:
    """Do the job (checked against the jobs open to her: a refused one changes nothing)."""
    owned = p.item(action.item)
    if owned is not None and action.item in smithed(ctx):
        raise RuleError("error.wrc_smith_once", card=printed_id(ctx.pack.item(owned.card)))
    open_jobs = smith_actions(ctx, p)
    same = [a for a in open_jobs if a.blacksmithing == action.blacksmithing and a.setting == action.setting
            and (a.item == action.item or _alike(p, a.item, action.item))
            and (a.stone == action.stone or _alike(p, a.stone, action.stone))]
    if not same:
        raise RuleError("error.wrc_smith_refused")
    smithed(ctx).append(action.item)
    cost = 0
    if action.blacksmithing:
        ability = blacksmithing(ctx, p)
        assert ability is not None
        sst = powers.sstate(ctx)
        if sst.turn.instead != ability:
            card = next(c for c in powers.held(ctx.state, p.player) if c.id == ability)
            powers.mark_used(ctx, p.player, card)
            sst.turn.instead = ability
            ctx.emit("ability_used", p.player, ability=ability)
    else:
        cost = smith_price(ctx, p) or 0
        p.gold -= cost
    stone = p.item(action.stone) if action.stone else None
    if stone is not None:
        p.items.remove(stone)
        if p.item(action.item) is None:  # an Artifact
            cstate(ctx.state).stones[action.item] = stone.card
            ctx.emit("wrc_stone_set_artifact", p.player, artifact=action.item, stone=stone.card, cost=cost)
            return
        item = p.item(action.item)
        assert item is not None
        became = _with_stone(ctx, ctx.pack.item(item.card), ctx.pack.item(stone.card))
        assert became is not None
        item.card = became
        ctx.emit("wrc_stone_set", p.player, item=item.uid, card=became, stone=stone.card, cost=cost)
        return
    item = p.item(action.item)
    assert item is not None and action.setting is not None
    became = _with_setting(ctx, ctx.pack.item(item.card), action.setting)
    assert became is not None
    item.card = became
    ctx.emit("wrc_adjusted", p.player, item=item.uid, card=became, setting=action.setting, cost=cost)


def _alike(p: PlayerState, a: str | None, b: str | None) -> bool:
    """Two Items of the same card and condition (the jobs list one of each)."""
    if a is None or b is None:
        return False
    x, y = p.item(a), p.item(b)
    return x is not None and y is not None and x.card == y.card and x.damaged == y.damaged


# ------------------------------------------------------------------------------------ battle


def _value(card: ItemCard, battle: str, tags: tuple[str, ...]) -> int:
    return (card.strength if battle == "strength" else card.willpower) + sum(
        v for tag, v in card.bonus_vs.items() if tag in tags)


def foe_bonus(ctx: Ctx, who: PlayerState, battle: str, foe: Any, item_cards: list[ItemCard]) -> int:
    """What her new cards add against this foe beyond the Items' printed figures."""
    tags = tuple(foe.tags)
    no_items = foe.special("no_items") is not None
    no_weapons = foe.special("no_weapons") is not None
    total = 0
    counted: list[ItemCard] = []
    for card in item_cards:
        if no_items or (no_weapons and card.slot in ("weapon", "hand")):
            continue
        counted.append(card)
        stone = stone_of(card)
        if stone is not None and stone.amount and stone.counts_against(tags):
            total += stone.amount
        if foe.lives > 1:
            total += multi_lives(card)
    # only the better pair of gauntlets counts (ruling one_pair_of_gauntlets)
    pairs: dict[str, list[int]] = {}
    for card in counted:
        pair = content().pair_of(printed_id(card))
        if pair is not None:
            pairs.setdefault(pair, []).append(_value(card, battle, tags))
    for values in pairs.values():
        if len(values) > 1:
            total -= sum(values) - max(values)
    # stones set in her Artifacts
    cs = cstate(ctx.state)
    for art in powers.mine(ctx.state, who.player).artifacts:
        stone_card = cs.stones.get(art)
        if stone_card is None:
            continue
        set_in = content().item(stone_card)
        assert set_in is not None  # only a Stone of the new cards is set in an Artifact
        power = set_in.power
        assert isinstance(power, Stone)
        total += power.strength if battle == "strength" else power.willpower
        if power.amount and power.counts_against(tags):
            total += power.amount
    return total
