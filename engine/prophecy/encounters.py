"""Adventure cards on the space where the movement ended (Basic rules, "Adventure Cards").

Creatures must be fought; Opportunities are optional; cards on the starting space or on
spaces passed do not count, except a Creature that holds a character starting there
(the Giant Spider).
"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.prophecy.content import CreatureCard, OpportunityCard
from engine.prophecy.context import Ctx
from engine.prophecy.effects import apply_effect, can_pay, pay, would_change
from engine.prophecy.state import AdventureOnSpace, PlayerState


def creatures_here(ctx: Ctx, p: PlayerState) -> list[tuple[AdventureOnSpace, CreatureCard]]:
    out = []
    for adv in ctx.state.spaces[p.space]:
        card = ctx.pack.adventure(adv.card)
        if isinstance(card, CreatureCard) and adv.face_up:
            out.append((adv, card))
    return out


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
    out = []
    for adv in ctx.state.spaces[p.space]:
        card = ctx.pack.adventure(adv.card)
        if isinstance(card, OpportunityCard) and adv.face_up:
            out.append((adv, card))
    return out


def can_use_opportunity(ctx: Ctx, p: PlayerState, card: OpportunityCard) -> bool:
    return can_pay(p, card.cost) and would_change(ctx, p, card.effect)


def use_opportunity(ctx: Ctx, p: PlayerState, uid: str) -> None:
    """A used Opportunity is discarded; an unused one stays face-up on its space."""
    for adv, card in opportunities_here(ctx, p):
        if adv.uid == uid or adv.card == uid:
            if not can_pay(p, card.cost):
                raise RuleError("error.cannot_pay", **card.cost.model_dump())
            if not would_change(ctx, p, card.effect):
                raise RuleError("error.opportunity_useless", card=card.id)
            pay(ctx, p, card.cost, card.id)
            ctx.state.spaces[p.space].remove(adv)
            ctx.state.decks.adventure.discard.append(adv.card)
            ctx.emit("opportunity_used", p.player, card=card.id)
            apply_effect(ctx, p, card.effect, card.id)
            return
    raise RuleError("error.no_such_opportunity", card=uid)
