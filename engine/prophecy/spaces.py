"""Special spaces: healing, recharging and the pay-this-get-that Possibilities, and repairs.

Basic rules, "Special Spaces", "Recovering Lost Health and Magic", "Possibilities Instead of
Movement" and "Repairing Items". What a space offers is data (board.yaml `services`).
"""
from __future__ import annotations

from collections.abc import Iterator

from engine.core.errors import RuleError
from engine.prophecy.actions import Repair
from engine.prophecy.content import Service
from engine.prophecy.context import Ctx
from engine.prophecy.effects import apply_effect, can_pay, heal, pay, recharge
from engine.prophecy.state import PlayerState


def services(ctx: Ctx, p: PlayerState, kind: str) -> list[Service]:
    return [s for s in ctx.pack.space(p.space).services if s.kind == kind]


def service(ctx: Ctx, p: PlayerState, kind: str) -> Service:
    found = services(ctx, p, kind)
    if not found:
        raise RuleError(f"error.no_{kind}_here", space=ctx.pack.space(p.space).id)
    return found[0]


def _used_key(ctx: Ctx, p: PlayerState, svc: Service) -> str:
    return f"{ctx.pack.space(p.space).id}:{svc.id or svc.kind}"


def used_this_turn(ctx: Ctx, p: PlayerState, svc: Service) -> bool:
    """A once-per-turn Possibility already used this turn."""
    turn = ctx.state.turn
    assert turn is not None
    return svc.once_per_turn and _used_key(ctx, p, svc) in turn.used


def _check_once(ctx: Ctx, p: PlayerState, svc: Service) -> None:
    if used_this_turn(ctx, p, svc):
        raise RuleError("error.once_per_turn", service=svc.id or svc.kind)


def _mark(ctx: Ctx, p: PlayerState, svc: Service) -> None:
    assert ctx.state.turn is not None
    if svc.once_per_turn:
        ctx.state.turn.used.append(_used_key(ctx, p, svc))


def price(svc: Service, amount: int) -> int:
    """Gold for `amount` units: `price` per started group of `per` (Magic Tower: 1 per 2, rounded up)."""
    return -(-amount // svc.per) * svc.price


def max_amount(svc: Service, lost: int, gold: int) -> int:
    cap = lost if svc.max is None else min(lost, svc.max)
    best = 0
    for n in range(1, cap + 1):
        if price(svc, n) <= gold:
            best = n
    return best


def _restore(ctx: Ctx, p: PlayerState, kind: str, amount: int) -> None:
    svc = service(ctx, p, kind)
    _check_once(ctx, p, svc)
    lost = p.red.left if kind == "heal" else p.blue.left
    if amount > lost:
        raise RuleError(f"error.{kind}_more_than_lost", amount=amount, lost=lost)
    if svc.max is not None and amount > svc.max:
        raise RuleError(f"error.{kind}_over_limit", amount=amount, max=svc.max)
    cost = price(svc, amount)
    if cost > p.gold:
        raise RuleError("error.not_enough_gold", need=cost, have=p.gold)
    p.gold -= cost
    _mark(ctx, p, svc)
    (heal if kind == "heal" else recharge)(ctx, p, amount, ctx.pack.space(p.space).id)
    if cost:
        ctx.emit("paid", p.player, reason=kind, gold=cost)


def do_heal(ctx: Ctx, p: PlayerState, amount: int) -> None:
    _restore(ctx, p, "heal", amount)


def do_recharge(ctx: Ctx, p: PlayerState, amount: int) -> None:
    _restore(ctx, p, "recharge", amount)


def exchange_service(ctx: Ctx, p: PlayerState, service_id: str) -> Service:
    for svc in services(ctx, p, "exchange"):
        if svc.id == service_id:
            return svc
    raise RuleError("error.no_such_service", service=service_id, space=ctx.pack.space(p.space).id)


def check_exchange(ctx: Ctx, p: PlayerState, svc: Service) -> None:
    turn = ctx.state.turn
    assert turn is not None
    _check_once(ctx, p, svc)
    if svc.instead_of_movement and (turn.moved or turn.start_space != p.space):
        raise RuleError("error.only_instead_of_movement", service=svc.id)
    if not can_pay(p, svc.cost):
        raise RuleError("error.cannot_pay", **(svc.cost.model_dump() if svc.cost else {}))


def do_exchange(ctx: Ctx, p: PlayerState, service_id: str) -> None:
    svc = exchange_service(ctx, p, service_id)
    check_exchange(ctx, p, svc)
    _mark(ctx, p, svc)
    pay(ctx, p, svc.cost, svc.id)
    ctx.emit("possibility_used", p.player, service=svc.id)
    apply_effect(ctx, p, svc.gain, svc.id)


def do_repair(ctx: Ctx, p: PlayerState, uid: str) -> None:
    svc = service(ctx, p, "repair")
    item = p.item(uid)
    if item is None:
        raise RuleError("error.item_not_owned", item=uid)
    if not item.damaged:
        raise RuleError("error.item_not_damaged", item=uid, card=item.card)
    if p.gold < svc.price:
        raise RuleError("error.not_enough_gold", need=svc.price, have=p.gold)
    p.gold -= svc.price
    item.damaged = False
    ctx.emit("item_repaired", p.player, item=uid, card=item.card, cost=svc.price)


def exchanges_open(ctx: Ctx, p: PlayerState) -> Iterator[Service]:
    """The exchange services of her space she may use now (see `check_exchange`)."""
    for svc in services(ctx, p, "exchange"):
        try:
            check_exchange(ctx, p, svc)
        except RuleError:
            continue
        yield svc


def repairs(ctx: Ctx, p: PlayerState) -> Iterator[Repair]:
    """Her damaged Items a repair service of her space would mend for the Gold she has."""
    for svc in services(ctx, p, "repair"):
        for item in p.items:
            if item.damaged and p.gold >= svc.price:
                yield Repair(item=item.uid)


def amounts_offered(ctx: Ctx, p: PlayerState, svc: Service, lost: int) -> Iterator[int]:
    """How many points of a heal or recharge service she may buy now: none once used this
    turn, else every amount she lacks and can pay for."""
    if used_this_turn(ctx, p, svc):
        return
    for n in range(1, max_amount(svc, lost, p.gold) + 1):
        if price(svc, n) <= p.gold:
            yield n
