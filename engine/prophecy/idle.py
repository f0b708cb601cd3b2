"""Why a turn has nothing more to offer, so that an automatic end of turn is never silent.

When ending the turn is the only thing left, the engine ends it by itself (option
`auto_end_turn`); the player coming back hours later must read why. Each reason is a small
dict (a `code` plus what it is about) that the bot turns into words.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleError
from engine.prophecy.context import Ctx
from engine.prophecy.effects import can_pay, is_trade, would_change
from engine.prophecy.encounters import opportunities_here
from engine.prophecy.guilds import certificate_price
from engine.prophecy.market import offer_here
from engine.prophecy.spaces import check_exchange, price, used_this_turn
from engine.prophecy.state import PlayerState


def idle_reasons(ctx: Ctx, p: PlayerState) -> list[dict[str, Any]]:
    """What the character's space offers and why none of it can be used now."""
    out: list[dict[str, Any]] = []
    space = ctx.pack.space(p.space)
    for _adv, card in opportunities_here(ctx, p):
        if not can_pay(p, card.cost):
            out.append({"code": "cannot_afford", "card": card.id})
        elif not would_change(ctx, p, card.effect):
            out.append({"code": "no_item" if is_trade(card.effect) else "no_use", "card": card.id})
    for svc in space.services:
        name = svc.id or svc.kind
        if svc.kind in ("heal", "recharge"):
            lost = p.red.left if svc.kind == "heal" else p.blue.left
            if used_this_turn(ctx, p, svc):
                out.append({"code": "used", "service": name})
            elif not lost:
                out.append({"code": "nothing_lost", "service": svc.kind})
            elif price(svc, 1) > p.gold:
                out.append({"code": "cannot_afford", "service": svc.kind})
        elif svc.kind == "exchange":
            try:
                check_exchange(ctx, p, svc)
            except RuleError as err:
                code = {"error.once_per_turn": "used", "error.only_instead_of_movement": "moved"}.get(err.key, "cannot_afford")
                out.append({"code": code, "service": name})
        elif svc.kind == "market":
            offer = offer_here(ctx, p)
            if not offer:
                out.append({"code": "nothing_for_sale"})
            elif all(ctx.pack.item(i.card).cost > p.gold for i in offer):
                out.append({"code": "cannot_afford", "service": "market"})
        elif svc.kind == "repair":
            if any(i.damaged for i in p.items) and p.gold < svc.price:
                out.append({"code": "cannot_afford", "service": "repair"})
        elif svc.kind == "certificate" and space.guild:
            if space.guild in p.certificates:
                out.append({"code": "certificate_owned", "guild": space.guild})
            else:
                xp, gold = certificate_price(ctx, p, space.guild)
                out.append({"code": "certificate_short", "guild": space.guild, "xp": xp, "gold": gold,
                            "have_xp": p.experience, "have_gold": p.gold})
    if not out:
        out.append({"code": "nothing_here"})
    return out
