"""apply / legal_actions / pending for Prophecy: the single source of truth for what can be done.

`apply` works on a deep copy, so an illegal action (which raises RuleError) leaves the
caller's state untouched, and every change is reported as an event.
"""
from __future__ import annotations

from typing import Any, Iterator

from engine.core import listings
from engine.core.errors import RuleError, UnknownAction
from engine.core.outcome import Outcome
from engine.core.pending import Pending
from engine.core.read_only import read_only
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.clone import clone
from engine.prophecy.combat import allowed_battles, battle_cost, bribe, fight, next_roll, throw_bonus
from engine.prophecy.content import CreatureCard, Pack, pack_by_id
from engine.prophecy.context import Ctx
from engine.prophecy.effects import can_pay, distinct_choices, is_real_choice, item_candidates, take_item
from engine.prophecy.encounters import can_use_opportunity, items_to_give, opportunities_here, use_opportunity
from engine.prophecy.endgame import retire
from engine.prophecy.equipment import candidate_loadouts
from engine.prophecy.guilds import buy_certificate, check_certificate
from engine.prophecy.idle import idle_reasons
from engine.prophecy.market import do_buy, do_sell, do_use_item, offer_here, sales, usable_items
from engine.prophecy.movement import do_move, move_options
from engine.prophecy.spaces import (
    amounts_offered,
    do_exchange,
    do_heal,
    do_recharge,
    do_repair,
    exchanges_open,
    repairs,
    services,
)
from engine.prophecy.standard import rules as standard
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.turns import after_fight, after_movement, end_turn

ANY_PHASE = ("use_item",)
PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "move": ("move",),
    "fight": ("fight", "bribe"),
    "act": ("use_opportunity", "heal", "recharge", "exchange", "buy", "sell", "repair", "certificate", "end_turn"),
}


def pack_of(state: ProphecyState) -> Pack:
    if state.standard is not None:
        return standard.pack_of(state)
    return pack_by_id(state.options.pack)


def pending(state: ProphecyState) -> Pending | None:
    if state.standard is not None:
        return standard.pending(state)  # a Standard game (engine/prophecy/standard/rules.py)
    if state.status != "active" or state.turn is None:
        return None
    t = state.turn
    data: dict[str, Any] = {"round": state.round}
    if t.item_choices:
        c = t.item_choices[0]
        return Pending(player=c.player, kind="choose_item",
                       data={**data, "card": c.reason, "mode": c.mode, "count": c.count})
    if t.battle is not None:
        p = state.player(t.player)
        card = next((a.card for a in state.spaces[p.space] if a.uid == t.fight), None)
        return Pending(player=t.player, kind="throw", data={**data, "card": card, "roll": t.battle.rolls + 1})
    if t.phase == "fight" and t.fight:
        p = state.player(t.player)
        card = next((a.card for a in state.spaces[p.space] if a.uid == t.fight), None)
        data["card"] = card
    return Pending(player=t.player, kind=t.phase, data=data)


def _check_turn(state: ProphecyState, actor: str, action_type: str) -> PlayerState:
    if state.status != "active" or state.turn is None:
        raise RuleError("error.game_over")
    if not state.has_player(actor):
        raise RuleError("error.not_a_player", actor=actor)
    if state.turn.item_choices:
        # a card asked an owner which Item goes: nothing else happens until she answers
        chooser = state.turn.item_choices[0].player
        if actor != chooser:
            raise RuleError("error.not_your_turn", active=chooser)
        if action_type != "choose_item":
            raise RuleError("error.choose_item_first", card=state.turn.item_choices[0].reason)
        return state.player(actor)
    if action_type == "choose_item":
        raise RuleError("error.no_item_choice")
    if state.turn.battle is not None:
        if state.turn.player != actor:
            raise RuleError("error.not_your_turn", active=state.turn.player)
        if action_type != "roll":
            raise RuleError("error.battle_running")
        return state.player(actor)
    if action_type == "roll":
        raise RuleError("error.no_battle_running")
    if state.turn.player != actor:
        raise RuleError("error.not_your_turn", active=state.turn.player)
    p = state.player(actor)
    if not p.alive:
        raise RuleError("error.character_dead")
    phase = state.turn.phase
    if action_type not in PHASE_ACTIONS[phase] and action_type not in ANY_PHASE:
        raise RuleError("error.wrong_phase", phase=phase, action=action_type)
    return p


def apply(state: ProphecyState, actor: str, action: Any) -> Outcome[ProphecyState]:
    if isinstance(action, dict):
        action = parse_action(action)
    if action.type in prophecy_actions.TABLE_ACTIONS:
        return _apply_table(state, actor, action)
    if actor == prophecy_actions.TABLE_ACTOR:
        raise RuleError("error.not_a_player", actor=actor)
    if state.standard is not None:
        standard.check_turn(state, actor, action.type)
    else:
        _check_turn(state, actor, action.type)  # cheap checks before copying
    ctx = Ctx(state=_copy(state), pack=pack_of(state))
    p = ctx.state.player(actor)
    _dispatch(ctx, p, action)
    ctx.state.actions_taken += 1
    _advance(ctx)
    return Outcome(ctx.state, ctx.events)


def _apply_table(state: ProphecyState, actor: str, action: Any) -> Outcome[ProphecyState]:
    """Changes of who sits at the table; the game master decides who may ask for them."""
    if actor != prophecy_actions.TABLE_ACTOR:
        raise RuleError("error.table_action_reserved")
    if state.status != "active":
        raise RuleError("error.game_over")
    if not state.has_player(action.player):
        raise RuleError("error.not_a_player", actor=action.player)
    ctx = Ctx(state=_copy(state), pack=pack_of(state))
    p = ctx.state.player(action.player)
    if action.type == "resign":
        if not p.alive:
            raise RuleError("error.character_dead")
        retire(ctx, p)
    else:
        if action.to != action.player and ctx.state.has_player(action.to):
            raise RuleError("error.already_joined")
        old = p.player
        if action.to != old:
            ctx.state.departed[old] = p.name  # the log still names who played before
        p.player, p.name, p.ai = action.to, action.name, action.ai
        if ctx.state.turn is not None and ctx.state.turn.player == old:
            ctx.state.turn.player = action.to
        if ctx.state.first_player == old:
            ctx.state.first_player = action.to
        if ctx.state.standard is not None:
            standard.rename(ctx.state, old, action.to)
        ctx.emit("seat_handed_over", action.to, previous=old, ai=action.ai)
    ctx.state.actions_taken += 1
    _advance(ctx)
    return Outcome(ctx.state, ctx.events)


def _copy(state: ProphecyState) -> ProphecyState:
    """A private copy to work on. `clone` copies the containers the field types name (about
    twice as fast as dump + validate, several times faster than deepcopy) and keeps each
    model's class, so a test's loaded dice (an Rng subclass) survive the copy."""
    return clone(state)


def _dispatch(ctx: Ctx, p: PlayerState, action: Any) -> None:
    if ctx.state.standard is not None and standard.dispatch(ctx, p, action):
        return  # the rest (choose_item, recharge, repair...) is the same rule in both versions
    t = action.type
    if t == "move":
        do_move(ctx, p, action)
        after_movement(ctx)
    elif t in ("fight", "roll"):
        result = fight(ctx, p, action) if t == "fight" else next_roll(ctx, p, action)
        if result is not None and p.alive and ctx.state.status == "active":
            _after_battle(ctx, result)
    elif t == "choose_item":
        choose_item(ctx, p, action.item)
        turn = ctx.state.turn
        if turn is not None and not turn.item_choices and turn.resume is not None:
            result, turn.resume = turn.resume, None
            after_fight(ctx, result)
    elif t == "bribe":
        bribe(ctx, p, action)
        after_fight(ctx, "bribed")
        if ctx.state.turn and ctx.state.turn.after_fight == "move":
            ctx.state.turn.held = False
    elif t == "use_opportunity":
        use_opportunity(ctx, p, action.card, action.give)
    elif t == "heal":
        do_heal(ctx, p, action.amount)
    elif t == "recharge":
        do_recharge(ctx, p, action.amount)
    elif t == "exchange":
        do_exchange(ctx, p, action.service)
    elif t == "buy":
        do_buy(ctx, p, action.item)
    elif t == "sell":
        do_sell(ctx, p, action.item)
    elif t == "repair":
        do_repair(ctx, p, action.item)
    elif t == "use_item":
        do_use_item(ctx, p, action.item)
    elif t == "certificate":
        buy_certificate(ctx, p)
    elif t == "end_turn":
        end_turn(ctx)
    else:  # pragma: no cover - the action union is closed
        raise UnknownAction("error.unknown_action", type=t)


def _after_battle(ctx: Ctx, result: str) -> None:
    """Play goes on after the battle, unless a card first asks which Items it takes."""
    turn = ctx.state.turn
    assert turn is not None
    if turn.item_choices:
        turn.resume = result
        return
    after_fight(ctx, result)


def choose_item(ctx: Ctx, p: PlayerState, uid: str) -> None:
    """The owner names the Item a card takes (or damages); more may be asked if it takes several."""
    turn = ctx.state.turn
    assert turn is not None and turn.item_choices
    choice = turn.item_choices[0]
    candidates = item_candidates(p, choice.mode)
    item = next((i for i in candidates if i.uid == uid), None)
    if item is None:
        raise RuleError("error.item_not_owned" if p.item(uid) is None else "error.item_damaged", item=uid)
    take_item(ctx, p, item, choice.mode, choice.reason)
    choice.count -= 1
    turn.item_choices.pop(0)
    if choice.count > 0:
        if is_real_choice(p, choice.mode, choice.count):
            turn.item_choices.insert(0, choice)
        else:
            for _ in range(choice.count):
                rest = item_candidates(p, choice.mode)
                if not rest:
                    break
                take_item(ctx, p, rest[0], choice.mode, choice.reason)


def _advance(ctx: Ctx) -> None:
    """Keep play moving: a dead active character's turn passes; an empty act phase ends itself."""
    st = ctx.state
    for _ in range(len(st.players) * 4):
        if st.status != "active" or st.turn is None:
            return
        if st.standard is not None and standard.waiting(st):
            return  # someone must answer first (a decision, a paused battle)
        active = st.player(st.turn.player)
        if not active.alive:
            end_turn(ctx)
            continue
        if st.turn.item_choices or st.turn.battle is not None:
            return
        if st.options.auto_end_turn and st.turn.phase == "act":
            if _only_end_turn(st, active.player):
                reasons = idle_reasons(ctx, active)
                if st.standard is not None:
                    reasons = standard.idle_reasons(reasons)
                ctx.emit("turn_auto_ended", active.player, reasons=reasons)
                end_turn(ctx)
                continue
        return


def parse_action(payload: dict[str, Any]) -> Any:
    try:
        return prophecy_actions.ACTION_ADAPTER.validate_python(payload)
    except Exception as exc:  # pydantic ValidationError: turn into a rule error with a key
        raise UnknownAction("error.malformed_action", detail=str(exc).splitlines()[0][:200]) from None


def legal_actions(state: ProphecyState, actor: str, *, keep: bool = False) -> list[Any]:
    """The actor's legal actions in their fixed order. `keep`: the caller (an AI seat) applies
    one of them to this very state object next, unchanged, so apply's guard may read this
    listing instead of listing again (engine/core/listings.py)."""
    with read_only():  # listing changes nothing: what it asks of the state again is remembered
        acts = list(iter_legal(state, actor))
    if keep:
        listings.remember(state, actor, acts)
    return acts


def _only_end_turn(state: ProphecyState, actor: str) -> bool:
    """Whether ending the turn is the one legal action (`legal_actions` == [EndTurn]), stopping
    at the first other action found instead of listing them all."""
    found = False
    with read_only():  # the listing reads the state only (apply goes on changing it afterwards)
        for action in iter_legal(state, actor):
            if found or action.type != "end_turn":
                return False
            found = True
    return found


def iter_legal(state: ProphecyState, actor: str, wanted: str | frozenset[str] | None = None) -> Iterator[Any]:
    """The legal actions in their fixed order, one at a time (see `legal_actions`). `wanted` is a
    hint for a caller looking for an action of that type (the contract's guard): the costly
    loadouts of the other types may be skipped; every listed action of that type is yielded."""
    if state.standard is not None:
        yield from standard.legal(state, actor, wanted)
        return
    if state.status != "active" or state.turn is None:
        return
    t = state.turn
    if t.item_choices:
        c = t.item_choices[0]
        if c.player != actor or not state.player(actor).alive:
            return
        yield from (prophecy_actions.ChooseItem(item=i.uid) for i in distinct_choices(item_candidates(state.player(actor),
                                                                                                      c.mode)))
        return
    if t.player != actor:
        return
    ctx = Ctx(state=state, pack=pack_of(state))
    p = state.player(actor)
    if not p.alive:
        return
    if t.battle is not None:
        yield prophecy_actions.Roll(throw=False)
        if t.battle.can_throw():
            yield prophecy_actions.Roll(throw=True)
        return
    if t.phase == "move":
        for move, cost in move_options(ctx.pack, p, t.held) if _wants(wanted, "move") else ():
            if p.gold >= cost:
                yield move
    elif t.phase == "fight":
        yield from _fight_actions(ctx, p, wanted)
    else:
        yield from _act_actions(ctx, p, wanted)
    if _wants(wanted, "use_item"):
        yield from usable_items(ctx, p)


def _fight_actions(ctx: Ctx, p: PlayerState, wanted: str | frozenset[str] | None = None) -> list[Any]:
    t = ctx.state.turn
    assert t is not None
    adv = next(a for a in ctx.state.spaces[p.space] if a.uid == t.fight)
    card = ctx.pack.adventure(adv.card)
    assert isinstance(card, CreatureCard)
    out: list[Any] = []
    for battle in allowed_battles(ctx.pack, card) if _wants(wanted, "fight") else ():  # the costly loadouts
        cost = battle_cost(ctx.pack, card, battle)
        if not can_pay(p, cost):
            continue
        for action in candidate_loadouts(ctx.pack, p, battle):
            # throwing is not offered where it can add nothing (Ghostly Spirits and the like)
            if action.throw and action.weapon and throw_bonus(card, ctx.pack.item(p.owned(action.weapon).card), battle) <= 0:
                continue
            out.append(action)
    rule = card.special("bribe")
    if rule is not None and can_pay(p, rule.cost):
        out.append(prophecy_actions.Bribe())
    return out


def _act_actions(ctx: Ctx, p: PlayerState, wanted: str | frozenset[str] | None = None) -> Iterator[Any]:
    """The act phase's actions in order, one at a time (a caller may stop early); with `wanted`,
    only the blocks that can yield an action of that type are worked out."""
    for adv, card in opportunities_here(ctx, p) if _wants(wanted, "use_opportunity") else ():
        if can_use_opportunity(ctx, p, card):
            for give in items_to_give(p, card):
                yield prophecy_actions.UseOpportunity(card=adv.uid, give=give)
    for kind, lost, cls in (("heal", p.red.left, prophecy_actions.Heal), ("recharge", p.blue.left, prophecy_actions.Recharge)):
        for svc in services(ctx, p, kind) if _wants(wanted, kind) else ():
            yield from (cls(amount=n) for n in amounts_offered(ctx, p, svc, lost))
    for svc in exchanges_open(ctx, p) if _wants(wanted, "exchange") else ():
        yield prophecy_actions.Exchange(service=svc.id)
    if _wants(wanted, "buy", "sell") and services(ctx, p, "market"):
        for item in offer_here(ctx, p):
            if ctx.pack.item(item.card).cost <= p.gold:
                yield prophecy_actions.Buy(item=item.uid)
        yield from sales(p)
    if _wants(wanted, "repair"):
        yield from repairs(ctx, p)
    if _wants(wanted, "certificate"):
        try:
            check_certificate(ctx, p)
        except RuleError:
            pass
        else:
            yield prophecy_actions.BuyCertificate()
    if _wants(wanted, "end_turn"):
        yield prophecy_actions.EndTurn()


def _wants(wanted: str | frozenset[str] | None, *types: str) -> bool:
    """Whether a listing sought for actions of type `wanted` (None: all; a set: any of those
    types, as the arrival preview asks) must work out `types`."""
    if wanted is None:
        return True
    return wanted in types if isinstance(wanted, str) else not wanted.isdisjoint(types)
