"""The act phase of a Standard turn where it differs from the Basic one: training on a guild
space (ruling training_cards), the Lost Library (ruling lost_library), Opportunities after the
Creatures (ruling opportunities_after_creatures), the market with Haggling and Fence and no
refusal at the Item limit (ruling limits), and the Possibilities used instead of movement
(ruling instead_of_movement)."""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.context import Ctx
from engine.prophecy.encounters import opportunities_here
from engine.prophecy.encounters import use_opportunity as basic_use_opportunity
from engine.prophecy.market import offer_here, sell_price
from engine.prophecy.spaces import check_exchange, do_exchange, exchange_service, services
from engine.prophecy.standard import guilds, moves, planes, powers
from engine.prophecy.state import PlayerState
from engine.prophecy.water_realm.island.content import island_content


def train_here(ctx: Ctx, p: PlayerState, figure: str) -> None:
    i = guilds.training_right(ctx, p)
    if i is None:
        raise RuleError("error.no_training_here")
    guild = guilds.guild_here(ctx, p)
    right = powers.sstate(ctx).training[i]
    guilds.train(ctx, p, figure, guild, right.card)
    right.used_by.append(p.player)


def study_card(ctx: Ctx, card_id: str) -> bool:
    return any(c.id == card_id for c in powers.spack(ctx.state).adventures)


def use_opportunity(ctx: Ctx, p: PlayerState, action: prophecy_actions.UseOpportunity) -> bool:
    if not opportunities_allowed(ctx, p):
        raise RuleError("error.creatures_first")
    for adv, card in opportunities_here(ctx, p):
        if (adv.uid == action.card or adv.card == action.card) and study_card(ctx, card.id):
            if action.give:
                raise RuleError("error.nothing_to_give", card=card.id)
            ctx.state.spaces[p.space].remove(adv)
            ctx.state.decks.adventure.discard.append(adv.card)
            ctx.emit("opportunity_used", p.player, card=card.id)
            guilds.begin_study(ctx, p, card.id)
            return True
    basic_use_opportunity(ctx, p, action.card, action.give)
    return True


def opportunities_allowed(ctx: Ctx, p: PlayerState) -> bool:
    """Opportunities after the Creatures: fought (the default) or beaten (ruling
    opportunities_after_creatures). The Amulet of Untouchability's holder may use them before
    (or instead of) fighting a Creature there (Appendix "Amulet of Untouchability"): while a
    Creature still waits to be fought, and after slipping past one."""
    turn = ctx.state.turn
    if turn is not None and turn.phase == "fight":
        return opportunities_first(ctx, p) and powers.sstate(ctx).turn.battle is None
    if opportunities_first(ctx, p):
        return True
    if ctx.state.options.std().opportunities_after == "creatures_beaten":
        return not planes.creature_remains(ctx, p)
    return True


def opportunities_first(ctx: Ctx, p: PlayerState) -> bool:
    """She holds the Amulet of Untouchability (the new Artifact with the `untouchable` rule)."""
    content = island_content()
    return any(getattr(content.new_artifact(a), "untouchable", False) for a in powers.mine(ctx.state, p.player).artifacts)


def buy_price(ctx: Ctx, p: PlayerState, card_id: str) -> int:
    discount, _full = powers.market(ctx.state, p.player)
    return max(0, ctx.pack.item(card_id).cost - discount)


def buy(ctx: Ctx, p: PlayerState, uid: str) -> None:
    """As in the Basic game, at the Haggler's price and with no refusal at the Item limit
    (the excess is discarded at the end of the round, ruling limits)."""
    if not services(ctx, p, "market"):
        raise RuleError("error.no_market_here", space=ctx.pack.space(p.space).id)
    offer = offer_here(ctx, p)
    item = next((i for i in offer if i.uid == uid or i.card == uid), None)
    if item is None:
        raise RuleError("error.item_not_offered", item=uid)
    cost = buy_price(ctx, p, item.card)
    if p.gold < cost:
        raise RuleError("error.not_enough_gold", need=cost, have=p.gold)
    offer.remove(item)
    p.gold -= cost
    p.items.append(item)
    ctx.emit("item_bought", p.player, item=item.uid, card=item.card, cost=cost)


def sell(ctx: Ctx, p: PlayerState, uid: str) -> None:
    if not services(ctx, p, "market"):
        raise RuleError("error.no_market_here", space=ctx.pack.space(p.space).id)
    item = p.item(uid)
    if item is None:
        raise RuleError("error.item_not_owned", item=uid)
    if item.damaged:
        raise RuleError("error.item_damaged", item=uid, card=item.card)
    _discount, full = powers.market(ctx.state, p.player)
    gain = ctx.pack.item(item.card).cost if full else sell_price(ctx, item.card)
    p.items.remove(item)
    p.gold += gain
    getattr(ctx.state.decks, ctx.pack.item(item.card).deck).discard.append(item.card)
    ctx.emit("item_sold", p.player, item=uid, card=item.card, gold=gain)


def exchange(ctx: Ctx, p: PlayerState, service_id: str) -> None:
    """A space's Possibility; one used instead of movement is the turn's one such thing."""
    svc = exchange_service(ctx, p, service_id)
    if svc.instead_of_movement and not moves.instead_open(ctx, p):
        check_exchange(ctx, p, svc)  # the Basic reason first, if there is one
        raise RuleError("error.instead_of_movement_used")
    do_exchange(ctx, p, service_id)
    if svc.instead_of_movement:
        powers.sstate(ctx).turn.instead = svc.id
