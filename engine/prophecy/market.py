"""Buying and Selling Items in the City and the Village, and using one-shot Items.

Buy at the printed cost; sell for half, rounded up; sold Items are discarded; damaged Items
cannot be sold (Basic rules, "Buying and Selling Items" and "Weapons and Items").
"""
from __future__ import annotations

from collections.abc import Iterator

from engine.core.errors import RuleError
from engine.prophecy.actions import Sell, UseItem
from engine.prophecy.context import Ctx
from engine.prophecy.decks import discard
from engine.prophecy.effects import apply_effect, would_change
from engine.prophecy.spaces import service
from engine.prophecy.state import OwnedItem, PlayerState


def offer_here(ctx: Ctx, p: PlayerState) -> list[OwnedItem]:
    return ctx.state.offers.get(ctx.pack.space(p.space).id, [])


def sell_price(ctx: Ctx, card_id: str) -> int:
    divisor = ctx.pack.rules.sell_divisor.value or 2
    return -(-ctx.pack.item(card_id).cost // divisor)


def item_limit_reached(ctx: Ctx, p: PlayerState) -> bool:
    limit = ctx.pack.rules.item_limit.value
    return limit is not None and len(p.items) >= limit


def do_buy(ctx: Ctx, p: PlayerState, uid: str) -> None:
    service(ctx, p, "market")
    offer = offer_here(ctx, p)
    item = next((i for i in offer if i.uid == uid or i.card == uid), None)
    if item is None:
        raise RuleError("error.item_not_offered", item=uid)
    cost = ctx.pack.item(item.card).cost
    if p.gold < cost:
        raise RuleError("error.not_enough_gold", need=cost, have=p.gold)
    if item_limit_reached(ctx, p):
        raise RuleError("error.item_limit", limit=ctx.pack.rules.item_limit.value)
    offer.remove(item)
    p.gold -= cost
    p.items.append(item)
    ctx.emit("item_bought", p.player, item=item.uid, card=item.card, cost=cost)


def do_sell(ctx: Ctx, p: PlayerState, uid: str) -> None:
    service(ctx, p, "market")
    item = p.item(uid)
    if item is None:
        raise RuleError("error.item_not_owned", item=uid)
    if item.damaged:
        raise RuleError("error.item_damaged", item=uid, card=item.card)
    gain = sell_price(ctx, item.card)
    p.items.remove(item)
    p.gold += gain
    discard(ctx, ctx.pack.item(item.card).deck, item.card)
    ctx.emit("item_sold", p.player, item=uid, card=item.card, gold=gain)


def do_use_item(ctx: Ctx, p: PlayerState, uid: str) -> None:
    item = p.item(uid)
    if item is None:
        raise RuleError("error.item_not_owned", item=uid)
    card = ctx.pack.item(item.card)
    if card.use is None:
        raise RuleError("error.item_has_no_use", card=card.id)
    if item.damaged:
        raise RuleError("error.item_damaged", item=uid, card=item.card)
    if not would_change(ctx, p, card.use):
        raise RuleError("error.item_use_useless", card=card.id)
    if card.consumed:
        p.items.remove(item)
        discard(ctx, card.deck, card.id)
    ctx.emit("item_used", p.player, item=uid, card=card.id)
    apply_effect(ctx, p, card.use, card.id)


def usable_items(ctx: Ctx, p: PlayerState) -> Iterator[UseItem]:
    """Her Items she may use now: undamaged, with a use that would change something."""
    for item in p.items:
        card = ctx.pack.item(item.card)
        if card.use is not None and not item.damaged and would_change(ctx, p, card.use):
            yield UseItem(item=item.uid)


def sales(p: PlayerState) -> Iterator[Sell]:
    """Her Items a market would buy (undamaged ones)."""
    for item in p.items:
        if not item.damaged:
            yield Sell(item=item.uid)
