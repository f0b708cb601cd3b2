"""apply / legal_actions / pending for the campaign: the single source of truth for what can be done.

`apply` works on a deep copy, so an illegal action (which raises RuleError) leaves the caller's
state untouched. A `choose` answers the pending decision and only its decider may send it.
Free actions (shopping, storage, dropping, casting, the Marching Order) are each checked against
the same enumeration `legal_actions` lists, so what a button offers and what is accepted agree.
Every character is controlled by one seat; party decisions belong to the leader's seat
(project ruling `party_decisions`). A free action never comes back without end: the Marching
Order changes once a stop and what comes out of storage is not stored again in the same stay
(rulings `order_once_a_stop`, `storage_once_a_stay`), so every turn of the party ends.
"""
from __future__ import annotations

from itertools import permutations
from typing import Any, Iterable

from engine.core.clone import clone
from engine.core.contract import TABLE_ACTOR
from engine.core.errors import RuleError, UnknownAction
from engine.core.events import Event
from engine.core.outcome import Outcome
from engine.core.pending import Pending
from engine.darkest_talisman import actions as talisman_actions
from engine.darkest_talisman import cards, carry, encounters, flow, ground, services, spells, travel, village
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import Pack, pack_by_id
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import CampaignState, SeatRef, Services, card_id

#: decisions during which the party may change its Marching Order (C3a-d: before a road space)
ORDER_DECISIONS = ("village", "stand", "destination", "guardians", "portal", "tower")
ROAD_FREE = ("after_card", "stand", "destination", "guardians", "portal")
#: up to this many characters every Marching Order is offered (a party has three at most)
MAX_ALL_ORDERS = 4


def pack_of(state: CampaignState) -> Pack:
    return pack_by_id(state.options.pack)


def parse_action(payload: dict[str, Any]) -> Any:
    try:
        return talisman_actions.ACTION_ADAPTER.validate_python(payload)
    except Exception as exc:  # pydantic ValidationError -> a keyed rule error
        raise UnknownAction("talisman.err.malformed", detail=str(exc).splitlines()[0][:200]) from None


def pending(state: CampaignState) -> Pending | None:
    d = state.decision
    if state.status != "active" or d is None:
        return None
    data: dict[str, Any] = {"options": list(d.options), **d.data}
    if d.hero is not None:
        data["hero"] = d.hero
        data["character"] = state.hero(d.hero).card
    return Pending(player=state.controller(d.hero), kind=d.kind, data=data)


def apply(state: CampaignState, actor: str, action: Any, *, listed: bool = False) -> Outcome[CampaignState]:
    """The action on a copy of `state`. `listed`: the caller has just found the action among
    `legal_actions(state, actor)`, so a free action's own check is not listed again."""
    if isinstance(action, dict):
        action = parse_action(action)
    if state.status != "active":
        raise RuleError("talisman.err.campaign_over")
    new = clone(state)
    ctx = Ctx(state=new, pack=pack_of(new))
    before = pending(state)
    if isinstance(action, talisman_actions.HandOver):
        if actor != TABLE_ACTOR:  # a seat changes hands only by the table's decision (vote, /game seat)
            raise RuleError("error.table_action_reserved")
        _hand_over(ctx, action)
        _settle(ctx)
    elif isinstance(action, talisman_actions.Choose):
        d = new.decision
        if d is None:
            raise RuleError("talisman.err.nothing_to_decide")
        if new.controller(d.hero) != actor:
            raise RuleError("talisman.err.not_your_decision", player=new.controller(d.hero))
        if action.option == carry.CARRY_ON and action.option in d.options:
            carry.carry_on(ctx, _answer, _resolve_forced)  # ruling carry_on
        else:
            _answer(ctx, action.option)
    else:
        _check_limits(new, action)
        if not listed and action not in free_actions(ctx, actor):
            raise RuleError("talisman.err.not_now", action=action.type)
        _free(ctx, action)
        _record_limits(new, action)
        _settle(ctx)
    mark_turn(new, ctx.events, before.player if before is not None else None)
    return Outcome(new, ctx.events)


def apply_listed(state: CampaignState, actor: str, action: Any) -> Outcome[CampaignState]:
    """`apply` of an action the contract's guard found in the legal listing (issue #30: a free
    action in the village was listed twice, 4 ms each)."""
    return apply(state, actor, action, listed=True)


def _answer(ctx: Ctx, option: str) -> None:
    """One answer to the pending decision and all it sets going, as one press would."""
    flow.answer(ctx, option)
    ctx.state.limits.order_set = False  # the next decision is the next stop (ruling order_once_a_stop)
    _settle(ctx)


def _settle(ctx: Ctx) -> None:
    """After any action: run the campaign until somebody must decide; count the action."""
    new = ctx.state
    if new.mode != "village":  # the stay is over (ruling storage_once_a_stay)
        new.limits.retrieved.clear()
        new.limits.gold_retrieved.clear()
    flow.advance(ctx)
    hero_rules.settle_quests(ctx)
    if new.tasks:  # a quest done: the Warlock calls the party back (C5f-e)
        new.decision = None
        flow.advance(ctx)
    new.actions_taken += 1


def _anyone_free(ctx: Ctx) -> bool:
    return any(free_actions(ctx, seat.player) for seat in ctx.state.seats)


def forced_answer(state: CampaignState) -> talisman_actions.Choose | None:
    """The answer to a decision the rules leave no choice in (ruling forced_answers), which the
    game master sends by itself as the decider's own step; None when there is a choice."""
    option = carry.forced_option(Ctx(state=state, pack=pack_of(state)), _anyone_free)
    return talisman_actions.Choose(option=option) if option is not None else None


def _resolve_forced(ctx: Ctx) -> None:
    """Within a carry (ruling carry_on): answer, one by one, the decisions the rules leave no
    choice in, as the game master would after each press; each counts as the press it spares."""
    for _ in range(flow.MAX_STEPS):
        option = carry.forced_option(ctx, _anyone_free)
        if option is None:
            return
        _answer(ctx, option)
    raise RuntimeError("the campaign did not settle: forced answers loop")


def mark_turn(state: CampaignState, events: list[Event], before: str | None) -> None:
    """A "turn" of a campaign is a run of decisions taken by one seat: when the decision passes
    to another seat, `turn_started` names it (the game master's clock and notices read it)."""
    now = pending(state)
    if now is not None and now.player != before:
        events.append(Event(kind="turn_started", player=now.player, data={"round": state.round}))


def legal_actions(state: CampaignState, actor: str) -> list[Any]:
    if state.status != "active":
        return []
    ctx = Ctx(state=state, pack=pack_of(state))
    out: list[Any] = []
    d = state.decision
    if d is not None and state.controller(d.hero) == actor:
        out += [talisman_actions.Choose(option=o) for o in d.options]
    out += free_actions(ctx, actor)
    return out


# ----------------------------------------------------------------------------- free actions
def free_actions(ctx: Ctx, actor: str) -> list[Any]:
    """Every free action `actor` may take now (read-only on the state)."""
    state = ctx.state
    d = state.decision
    if d is None or state.status != "active":
        return []
    mine = [h for h in state.party() if state.controls(actor, h.uid)]
    out: list[Any] = []
    if d.kind in ORDER_DECISIONS and not state.order_locked and not state.limits.order_set \
            and len(state.order) > 1 and state.controller(None) == actor:
        out += [talisman_actions.SetOrder(order=o) for o in _orders(state.order)]
    if d.kind == "service":
        hero = state.hero(d.hero or "")
        if state.controls(actor, hero.uid):
            task = state.top_task(Services)  # a "service" decision is asked by the Services task on top
            out += services.actions_for(ctx, hero, services.services_of(ctx, task.source))
        return out
    for hero in mine:
        out += _hero_free(ctx, hero, d.kind)
    return out


def _orders(order: list[str]) -> Iterable[list[str]]:
    """Every other Marching Order, each reached in one change (ruling order_once_a_stop: the
    party changes it once at a stop, so any order must be one change away): first the orders
    that swap two characters or move one to the front, then the rest."""
    seen = {tuple(order)}
    for i in range(len(order)):
        for j in range(i + 1, len(order)):
            swapped = list(order)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            if tuple(swapped) not in seen:
                seen.add(tuple(swapped))
                yield swapped
    for i in range(1, len(order)):
        front = [order[i]] + order[:i] + order[i + 1:]
        if tuple(front) not in seen:
            seen.add(tuple(front))
            yield front
    if len(order) <= MAX_ALL_ORDERS:
        for other in permutations(order):
            if other not in seen:
                seen.add(other)
                yield list(other)


def _check_limits(state: CampaignState, action: Any) -> None:
    """Refuse, with its own reason, a free action already done as often as it may be (rulings
    order_once_a_stop, storage_once_a_stay)."""
    done = state.limits
    if isinstance(action, talisman_actions.SetOrder) and done.order_set:
        raise RuleError("talisman.err.order_once")
    if isinstance(action, talisman_actions.Store) and (
            (action.thing is not None and action.thing in done.retrieved.get(action.hero, []))
            or (action.gold and action.hero in done.gold_retrieved)):
        raise RuleError("talisman.err.storage_once", action=action.type)


def _record_limits(state: CampaignState, action: Any) -> None:
    done = state.limits
    if isinstance(action, talisman_actions.SetOrder):
        done.order_set = True
    elif isinstance(action, talisman_actions.Retrieve):
        if action.thing is not None:
            done.retrieved.setdefault(action.hero, []).append(action.thing)
        if action.gold and action.hero not in done.gold_retrieved:
            done.gold_retrieved.append(action.hero)


def _hero_free(ctx: Ctx, hero: Any, kind: str) -> list[Any]:
    state = ctx.state
    out: list[Any] = []
    in_village = state.mode == "village" and kind == "village"
    on_road = state.mode == "road" and kind in ROAD_FREE and (state.fight is None or state.fight.stage == "ready")
    in_tower = state.mode == "tower" and kind == "tower"
    if not (in_village or on_road or in_tower):
        return out
    for uid in hero.objects:
        card = hero_rules.obj(ctx.pack, uid)
        if card.slot == "bag_of_gold":
            out.append(talisman_actions.CashBag(hero=hero.uid, thing=uid))
        if card.use is not None and not (ground.no_magic_here(ctx) and card.type == "magic_object"):
            out.append(talisman_actions.Use(hero=hero.uid, thing=uid))
    out += spells.castable(ctx, hero)
    if any(hero_rules.follower(ctx.pack, f).alchemist for f in hero.followers):
        # the Alchemist turns any of his master's Objects into 1 Gold each, at any time
        out += [talisman_actions.Sell(hero=hero.uid, thing=u) for u in hero.objects if card_id(u) != "talisman"]
    if in_village:
        out += services.actions_for(ctx, hero, services.services_of(ctx, "village"))
        if state.ext is not None:  # an expansion's wares (the Stables, H2)
            from engine.darkest_talisman.hookpoint import hooks

            out += hooks.village_actions(ctx, hero)
        out += _storage_actions(ctx, hero)
        for attr in ("strength", "craft"):
            if village.can_cash(ctx, hero, attr):
                out.append(talisman_actions.CashTrophies(hero=hero.uid, attribute=attr))
        out += [talisman_actions.Drop(hero=hero.uid, thing=u) for u in _givable(ctx, hero)]
    if on_road:
        out += [talisman_actions.Drop(hero=hero.uid, thing=u) for u in _givable(ctx, hero)]
        if hero.gold:
            out.append(talisman_actions.Drop(hero=hero.uid, gold=hero.gold))
        if kind in ("stand", "destination", "guardians", "portal"):
            trip = state.trip
            assert trip is not None
            if trip.location_met:
                loc = ground.here(ctx)
                if loc is not None and loc.services:
                    out += services.actions_for(ctx, hero, list(loc.services))
        if travel.can_build_raft(ctx, hero.uid):
            out.append(talisman_actions.BuildRaft(hero=hero.uid))
    return out


def _givable(ctx: Ctx, hero: Any) -> list[str]:
    """What the character can part with without breaking the carrying limits (a Mule carrying
    more than five trinkets stays)."""
    return [u for u in hero.objects + hero.followers if hero_rules.within_limits(ctx.pack, hero, without=u)]


def _storage_actions(ctx: Ctx, hero: Any) -> list[Any]:
    """Storing and retrieving, except storing again what came out of storage during this stay
    (ruling storage_once_a_stay)."""
    done = ctx.state.limits
    taken_out = done.retrieved.get(hero.uid, [])
    out: list[Any] = [talisman_actions.Store(hero=hero.uid, thing=u)
                      for u in _givable(ctx, hero) + hero.trophies if u not in taken_out]
    if hero.gold and hero.uid not in done.gold_retrieved:
        out.append(talisman_actions.Store(hero=hero.uid, gold=hero.gold))
        if hero.gold > 1:
            out.append(talisman_actions.Store(hero=hero.uid, gold=1))
    out += [talisman_actions.Retrieve(hero=hero.uid, thing=u)
            for u in village.retrievable(ctx, hero) if village.can_retrieve(ctx, hero, u)]
    box = village.stored(ctx, hero)
    if box.gold:
        out.append(talisman_actions.Retrieve(hero=hero.uid, gold=box.gold))
        if box.gold > 1:
            out.append(talisman_actions.Retrieve(hero=hero.uid, gold=1))
    return out


def _free(ctx: Ctx, action: Any) -> None:
    state = ctx.state
    if isinstance(action, talisman_actions.SetOrder):
        state.order = list(action.order)
        ctx.emit("marching_order", order=list(action.order))
        return
    hero = state.hero(action.hero)
    lost: list[str] = []
    if isinstance(action, talisman_actions.Buy):
        services.buy(ctx, hero, action.card)
    elif isinstance(action, talisman_actions.Restore):
        services.restore(ctx, hero, _service(ctx, action.service))
    elif isinstance(action, talisman_actions.Visit):
        services.visit(ctx, hero, _service(ctx, action.service), lost)
    elif isinstance(action, talisman_actions.Sell):
        follower = any(hero_rules.follower(ctx.pack, f).alchemist for f in hero.followers)
        services.sell(ctx, hero, action.thing, services.ALCHEMIST if follower else _service(ctx, "alchemist"))
    elif isinstance(action, talisman_actions.Store):
        village.store(ctx, hero, action.thing, action.gold)
    elif isinstance(action, talisman_actions.Retrieve):
        village.retrieve(ctx, hero, action.thing, action.gold)
    elif isinstance(action, talisman_actions.CashTrophies):
        village.cash(ctx, hero, action.attribute)
    elif isinstance(action, talisman_actions.CashBag):
        village.cash_bag(ctx, hero, action.thing)
    elif isinstance(action, talisman_actions.Use):
        village.use(ctx, hero, action.thing, lost)
    elif isinstance(action, talisman_actions.Cast):
        spells.cast(ctx, hero, action)
    elif isinstance(action, talisman_actions.BuildRaft):
        travel.build_raft(ctx, hero.uid)
    elif isinstance(action, talisman_actions.Drop):
        _drop(ctx, hero, action)
    else:  # pragma: no cover - free_actions admits only the types above
        raise UnknownAction("talisman.err.malformed", detail=type(action).__name__)
    if lost and state.mode == "road":
        encounters.push_lost_turns(ctx, lost, state.trip.drop_seq if state.trip else -1, at_once=False)
    # the decision is worked out again: the same one, unless the action changed what comes next
    state.decision = None


def _service(ctx: Ctx, service_id: str) -> Any:
    """The service by id among those offered now (village, location, Stranger, Market Day)."""
    state = ctx.state
    sources = ["village", "market_day"]
    if state.tasks and state.tasks[-1].task == "services":
        sources.insert(0, state.tasks[-1].source)
    loc = ground.here(ctx)
    if loc is not None:
        sources.append(loc.id)
    for source in sources:
        for service in services.services_of(ctx, source):
            if service.id == service_id:
                return service
    raise RuleError("talisman.err.no_such_service", service=service_id)


def _drop(ctx: Ctx, hero: Any, action: talisman_actions.Drop) -> None:
    """C4b-a: on the road it falls where the party last met something; in a village it is discarded."""
    state = ctx.state
    things = [action.thing] if action.thing else []
    for uid in things:
        if uid in hero.trophies:
            hero.trophies.remove(uid)
        else:
            hero_rules.give_up(ctx, hero, uid)
    if action.gold:
        hero.gold -= action.gold
    if state.mode == "road":
        ground.drop(ctx, things, action.gold, encountered=True)
    else:
        for uid in things:
            cards.discard(ctx, uid)
        ctx.emit("discarded", hero.uid, things=[card_id(u) for u in things], gold=action.gold)


def _hand_over(ctx: Ctx, action: talisman_actions.HandOver) -> None:
    state = ctx.state
    if state.seat(action.player) is None:
        raise RuleError("talisman.err.no_such_seat", player=action.player)
    seat = state.seat(action.to)
    if seat is None:
        state.seats.append(SeatRef(player=action.to, name=action.name or action.to, ai=action.ai))
    elif action.to == action.player:  # the same seat, now played by the AI (or a person again)
        seat.ai = action.ai
        seat.name = action.name or seat.name
    state.slots = [action.to if p == action.player else p for p in state.slots]
    if all(p != action.player for p in state.slots):
        leaving = state.seat(action.player)
        if leaving is not None:
            state.departed[action.player] = leaving.name  # the log still names who played before
        state.seats = [s for s in state.seats if s.player != action.player]
    # the plain kind the game master reads to pass host rights along with the seat
    ctx.events.append(Event(kind="seat_handed_over", player=action.to,
                            data={"previous": action.player, "to": action.to, "ai": action.ai}))

