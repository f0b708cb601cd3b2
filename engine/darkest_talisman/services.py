"""Services: what a character may buy or use in a village (B1), at an Aid destination or a special
location, or from a helpful Stranger.

The village keeps the core board's Blacksmith, Healer and Mystic (B1a) with the variant's
changes: the Healer also restores Strength and Craft up to their starting values and Fate, at
1 Gold a point (B1b); the Mystic only after the party comes back from an adventure, once per
return (B1c). Services of one `group` are alternatives: a character uses one of them per visit
(the City's "visit one", the Chapel's "heal or pray").
"""
from __future__ import annotations

from engine.darkest_talisman import cards, effects
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.actions import Buy, Restore, Sell, Visit
from engine.darkest_talisman.content import Location, ObjectCard, PlaceCard, Service, StrangerCard
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import Hero, card_id

#: the Alchemist Follower: any Object for 1 Gold (core-cards 2.4)
ALCHEMIST = Service(id="alchemist", kind="sell_objects", price=1, once=False, source="research")
MARKET = Service(id="market", kind="buy", once=False, market=True, source="project")


def services_of(ctx: Ctx, source: str) -> list[Service]:
    """The services a source offers: "village", "market_day", a card or a location id."""
    if source == "village":
        return list(ctx.pack.village_services)
    if source == "market_day":
        return [MARKET]
    if ctx.pack.has_card(source):
        card = ctx.pack.card(source)
        return list(card.services) if isinstance(card, (StrangerCard, PlaceCard)) else []
    try:
        loc: Location = ctx.pack.location(source)
    except KeyError:
        return []
    return list(loc.services)


def _uses(hero: Hero, service: Service) -> int:
    return sum(1 for u in hero.used if u == service.id)


def group_blocked(hero: Hero, service: Service, offered: list[Service]) -> bool:
    if service.group is None:
        return False
    return any(s.group == service.group and s.id != service.id and s.id in hero.used for s in offered)


def open_to(ctx: Ctx, hero: Hero, service: Service, offered: list[Service]) -> bool:
    """Offered to this character now (alignment, once, group, the Mystic's return)."""
    if service.alignments and hero.alignment not in service.alignments:
        return False
    if service.craft_min and hero_rules.total(ctx.pack, hero, "craft") < service.craft_min:
        return False
    if service.after_adventure and not hero.mystic_ready:
        return False
    if service.kind == "visit" and service.once and service.id in hero.used:
        return False
    if service.max is not None and _uses(hero, service) >= service.max:
        return False
    if ctx.state.ext is not None:  # an expansion's service (the cure for a Talisman, F4b)
        from engine.darkest_talisman.hookpoint import hooks

        if not hooks.service_open(ctx, hero, service):
            return False
    return not group_blocked(hero, service, offered)


def room_to_restore(ctx: Ctx, hero: Hero, service: Service) -> int:
    sheet = hero_rules.sheet(ctx.pack, hero)
    room = {
        "heal": sheet.life - hero.life,
        "replenish_fate": sheet.fate - hero.fate,
        "replenish_strength": sheet.strength - hero.strength,
        "replenish_craft": sheet.craft - hero.craft,
    }.get(service.kind, 0)
    if service.max is not None:
        room = min(room, service.max - _uses(hero, service))
    return max(0, room)


def point_price(ctx: Ctx, hero: Hero, service: Service) -> int:
    """The price of the next point (the Castle's first two lives are free with a Prince or a
    Princess among the character's Followers)."""
    if service.free_with and _uses(hero, service) < service.free_max:
        if any(card_id(f) in service.free_with for f in hero.followers):
            return 0
    return service.price


def can_restore(ctx: Ctx, hero: Hero, service: Service) -> bool:
    return room_to_restore(ctx, hero, service) > 0 and hero.gold >= point_price(ctx, hero, service)


def restore(ctx: Ctx, hero: Hero, service: Service) -> None:
    """One point of life, Fate, Strength or Craft (B1b): the action is taken once per point."""
    price = point_price(ctx, hero, service)
    hero.gold -= price
    hero.used.append(service.id)
    if service.kind == "heal":
        hero_rules.heal(ctx, hero, 1, service.id)
    else:
        attr = service.kind.removeprefix("replenish_")
        hero_rules.change(ctx, hero, attr, 1, service.id)  # type: ignore[arg-type]  # a replenish_ service names strength, craft or fate
    ctx.emit("service", hero.uid, service=service.id, price=price)


def at_market(ctx: Ctx) -> bool:
    """Is the party buying at a market (the Market place card, Market Day) rather than at the
    Blacksmith? The Market sells its own goods at its own prices (core-cards 2.7)."""
    tasks = ctx.state.tasks
    if not tasks or tasks[-1].task != "services":
        return False
    return any(s.kind == "buy" and s.market for s in services_of(ctx, tasks[-1].source))


def price_of(ctx: Ctx, card: ObjectCard, market: bool) -> int | None:
    """The Blacksmith's price, or the Market's; None when that seller does not sell it."""
    if market:
        return card.market_cost
    return card.cost if card.for_sale else None


def can_buy(ctx: Ctx, hero: Hero, cid: str, market: bool | None = None,
            stocked: dict[str, int] | None = None) -> bool:
    """`stocked`: `cards.stock(ctx, market=True)` when the caller has it already (a listing of
    every ware asks for each, and the stock is a walk of the whole Purchase deck)."""
    card = ctx.pack.card(cid)
    if not isinstance(card, ObjectCard):
        return False
    price = price_of(ctx, card, at_market(ctx) if market is None else market)
    if price is None or hero.gold < price:
        return False
    if (cards.stock(ctx, market=True) if stocked is None else stocked).get(cid, 0) <= 0:
        return False
    return hero_rules.room_for(ctx.pack, hero, f"{cid}#0")


def buy(ctx: Ctx, hero: Hero, cid: str) -> None:
    card = ctx.pack.card(cid)
    if ctx.state.ext is not None and not isinstance(card, ObjectCard):  # an expansion's ware (H2)
        from engine.darkest_talisman.hookpoint import hooks

        if hooks.buy(ctx, hero, cid):
            return
    assert isinstance(card, ObjectCard)
    price = price_of(ctx, card, at_market(ctx))
    assert price is not None
    uid = cards.take_purchase(ctx, cid)
    assert uid is not None
    hero.gold -= price
    ctx.emit("bought", hero.uid, thing=cid, price=price)
    hero_rules.gain_thing(ctx, hero, uid, "bought")


def sell(ctx: Ctx, hero: Hero, uid: str, service: Service) -> None:
    """The Alchemist: any carried Object for `price` Gold (facts 9.1)."""
    hero_rules.give_up(ctx, hero, uid)
    cards.discard(ctx, uid)
    hero.gold += service.price
    hero.used.append(service.id)
    ctx.emit("sold", hero.uid, thing=card_id(uid), price=service.price)


def visit(ctx: Ctx, hero: Hero, service: Service, lost: list[str]) -> None:
    hero.used.append(service.id)
    if service.after_adventure:
        hero.mystic_ready = False
        for uid in [f for f in hero.followers if hero_rules.follower(ctx.pack, f).hag]:
            hero_rules.give_up(ctx, hero, uid)  # the Mystic lifts the Hag's curse (core-cards 2.4)
            cards.discard(ctx, uid)
            ctx.emit("follower_lost", hero.uid, follower=card_id(uid), why=service.id)
    ctx.emit("visited", hero.uid, service=service.id)
    if service.effect is not None:
        effects.apply(ctx, hero, service.effect, service.id, lost)
    if ctx.state.ext is not None and service.id.endswith("_pray"):  # E2h, E2j: a character prayed
        from engine.darkest_talisman.hookpoint import hooks

        hooks.prayed(ctx, hero)
    if ctx.state.ext is not None:
        from engine.darkest_talisman.hookpoint import hooks

        hooks.visited(ctx, hero, service)


def actions_for(ctx: Ctx, hero: Hero, offered: list[Service]) -> list[object]:
    """Every service action this character can take now among `offered`."""
    out: list[object] = []
    for service in offered:
        if not open_to(ctx, hero, service, offered):
            continue
        if service.kind == "buy":
            stocked = cards.stock(ctx, market=True)
            out += [Buy(hero=hero.uid, card=cid) for cid in sorted(stocked)
                    if can_buy(ctx, hero, cid, market=service.market, stocked=stocked)]
        elif service.kind == "sell_objects":
            out += [Sell(hero=hero.uid, thing=u) for u in hero.objects if card_id(u) != "talisman"]
        elif service.kind == "visit":
            out.append(Visit(hero=hero.uid, service=service.id))
        elif can_restore(ctx, hero, service):
            out.append(Restore(hero=hero.uid, service=service.id))
    return out
