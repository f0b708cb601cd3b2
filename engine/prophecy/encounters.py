"""Adventure cards on the space where the movement ended (Basic rules, "Adventure Cards").

Creatures must be fought; Opportunities are optional; cards on the starting space or on
spaces passed do not count, except a Creature that holds a character starting there
(the Giant Spider).
"""
from __future__ import annotations

from itertools import combinations
from typing import TypeVar

from engine.core.errors import RuleError
from engine.prophecy.content import CreatureCard, Effect, OpportunityCard
from engine.prophecy.context import Ctx
from engine.prophecy.effects import apply_effect, can_pay, is_trade, pay, would_change
from engine.prophecy.state import AdventureOnSpace, PlayerState

_Kind = TypeVar("_Kind", CreatureCard, OpportunityCard)


def _face_up_here(ctx: Ctx, p: PlayerState, kind: type[_Kind]) -> list[tuple[AdventureOnSpace, _Kind]]:
    """The face-up Adventure cards of one kind on her space, in the order they lie there."""
    out = []
    for adv in ctx.state.spaces[p.space]:
        card = ctx.pack.adventure(adv.card)
        if isinstance(card, kind) and adv.face_up:
            out.append((adv, card))
    return out


def creatures_here(ctx: Ctx, p: PlayerState) -> list[tuple[AdventureOnSpace, CreatureCard]]:
    return _face_up_here(ctx, p, CreatureCard)


def holding_creature(ctx: Ctx, p: PlayerState) -> AdventureOnSpace | None:
    """A Creature with the mandatory `holds_on_start` rule on the starting space."""
    for adv, card in creatures_here(ctx, p):
        if card.special("holds_on_start") is not None:
            return adv
    return None


def next_creature(ctx: Ctx, p: PlayerState) -> AdventureOnSpace | None:
    turn = ctx.state.turn
    assert turn is not None
    for adv, _card in creatures_here(ctx, p):
        if adv.uid not in turn.fought:
            return adv
    return None


def opportunities_here(ctx: Ctx, p: PlayerState) -> list[tuple[AdventureOnSpace, OpportunityCard]]:
    return _face_up_here(ctx, p, OpportunityCard)


#: boards whose characters are out of the game for a while (the Path of the Dead: "She is not
#: counted when figuring cards such as Golden Fish and Hermit")
AWAY_BOARDS = frozenset({"path_of_the_dead"})


def compared_value(ctx: Ctx, q: PlayerState, what: str) -> int:
    if what == "figures":
        return q.red.total + q.blue.total
    return sum(ctx.pack.item(i.card).cost for i in q.items)


def has_least(ctx: Ctx, p: PlayerState, what: str) -> bool:
    """She has the least of `what` among the living characters in play, ties counting; those
    in the Water Realm or on the island count, one away on the Path of the Dead does not."""
    counted = [q for q in ctx.state.players if q.alive and q.character and q.board not in AWAY_BOARDS]
    mine = compared_value(ctx, p, what)
    return all(mine <= compared_value(ctx, q, what) for q in counted)


def opportunity_effect(ctx: Ctx, p: PlayerState, card: OpportunityCard) -> Effect:
    """What the card does for her now: a comparing card's own effect when she has the least."""
    if card.compare is not None and has_least(ctx, p, card.compare.what):
        return card.compare.effect
    return card.effect


def can_use_opportunity(ctx: Ctx, p: PlayerState, card: OpportunityCard) -> bool:
    return (p.character not in card.not_for and can_pay(p, card.cost)
            and would_change(ctx, p, opportunity_effect(ctx, p, card)))


def items_to_give(p: PlayerState, card: OpportunityCard) -> list[tuple[str, ...]]:
    """The owner's possible answers to an Opportunity that takes Items: one entry per choice.

    A card that takes nothing has the single answer `()`. Alike Items (same card, same
    condition) count as one choice.
    """
    n = card.effect.lose_items
    if n <= 0 or not p.items:
        return [()]
    if len(p.items) <= n:
        return [tuple(i.uid for i in p.items)]
    out: list[tuple[str, ...]] = []
    seen: set[tuple[tuple[str, bool], ...]] = set()
    for combo in combinations(p.items, n):
        key = tuple(sorted((i.card, i.damaged) for i in combo))
        if key not in seen:
            seen.add(key)
            out.append(tuple(i.uid for i in combo))
    return out


def use_opportunity(ctx: Ctx, p: PlayerState, uid: str, give: tuple[str, ...] = ()) -> None:
    """A used Opportunity is discarded; an unused one stays face-up on its space.

    If it takes Items, `give` names them (the owner chooses); without a choice to make they go
    by themselves.
    """
    for adv, card in opportunities_here(ctx, p):
        if adv.uid == uid or adv.card == uid:
            if p.character in card.not_for:
                raise RuleError("error.opportunity_not_for", card=card.id)
            if not can_pay(p, card.cost):
                raise RuleError("error.cannot_pay", **card.cost.model_dump())
            effect = opportunity_effect(ctx, p, card)  # (compared before she pays)
            if not would_change(ctx, p, effect):
                raise RuleError("error.needs_an_item" if is_trade(effect) else "error.opportunity_useless",
                                card=card.id)
            chosen = _check_give(ctx, p, card, give)
            pay(ctx, p, card.cost, card.id)
            ctx.state.spaces[p.space].remove(adv)
            ctx.state.decks.adventure.discard.append(adv.card)
            ctx.emit("opportunity_used", p.player, card=card.id)
            apply_effect(ctx, p, effect, card.id, give=chosen)
            return
    raise RuleError("error.no_such_opportunity", card=uid)


def _check_give(ctx: Ctx, p: PlayerState, card: OpportunityCard, give: tuple[str, ...]) -> tuple[str, ...] | None:
    """The Items handed over, checked; None lets the effect take them itself (no choice to make)."""
    n = card.effect.lose_items
    if n <= 0:
        if give:
            raise RuleError("error.nothing_to_give", card=card.id)
        return None
    if not give:
        if len(items_to_give(p, card)) > 1:
            raise RuleError("error.choose_items_to_give", card=card.id, count=n)
        return None
    if len(set(give)) != len(give) or any(p.item(u) is None for u in give):
        raise RuleError("error.item_not_owned", item=next((u for u in give if p.item(u) is None), give[0]))
    if len(give) != min(n, len(p.items)):
        raise RuleError("error.give_count", card=card.id, count=n)
    return give
