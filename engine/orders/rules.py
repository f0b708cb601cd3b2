"""Apply tracker actions: `apply(state, actor, action) -> Outcome(state, events)`.

Pure and deterministic like every engine: the state is copied, changed, and returned with
events; a refused action raises RuleError and leaves the given state untouched. The only dice
(Call For Help) come from the Rng stored in the state.

Project readings (the sheet is silent), kept small and stated where they act:
- Joining with an Order is the Initiation (Rank 1), and the new Mentor hands out a Mandatory
  Task ("your new Mandatory Task"), so `tasks_done` starts False.
- Switching Orders drops the former Mentor's Mandatory Tasks (Assorted Changes) and the
  player holds, in the new Order, the Rank his points qualify for there, never more than
  before and never below 1; the new Mentor's Mandatory Task makes `tasks_done` False again.
- Advancing is one Rank per action, each step checked, so the co-op rule is never skipped.
- Spending more points than you hold is refused; only a loss marked as a penalty (imposed by
  an encounter or a table) is stopped at zero, which is what Miscellaneous describes.
"""
from __future__ import annotations

from typing import Any

from engine.core.clone import clone
from engine.core.errors import RuleError, UnknownAction
from engine.core.events import Event
from engine.core.outcome import Outcome
from engine.orders import actions as orders_actions
from engine.orders.ranks import advancement, qualified_rank
from engine.orders.state import OrderPlayer, OrdersState
from engine.tables.books import default_book
from engine.tables.models import ORDER_IDS, POINT_KINDS, Book
from engine.tables.rules import call_for_help, call_for_help_cost


def parse_action(payload: dict[str, Any]) -> Any:
    try:
        return orders_actions.ACTION_ADAPTER.validate_python(payload)
    except Exception as exc:  # pydantic ValidationError -> a keyed rule error
        raise UnknownAction("dice.orders.malformed", detail=str(exc).splitlines()[0][:200]) from None


def apply(state: OrdersState, actor: str, action: Any, book: Book | None = None) -> Outcome[OrdersState]:
    if isinstance(action, dict):
        action = parse_action(action)
    book = book or default_book()
    if state.status != "active":
        raise RuleError("dice.orders.game_over")
    new = clone(state)
    events: list[Event]
    if isinstance(action, orders_actions.Join):
        events = _join(book, new, actor, action)
    else:
        me = new.find(actor)
        if me is None:
            raise RuleError("dice.orders.not_joined")
        if isinstance(action, orders_actions.ChangePoints):
            events = _points(book, me, action)
        elif isinstance(action, orders_actions.Advance):
            events = _advance(book, new, me)
        elif isinstance(action, orders_actions.MarkTasks):
            events = [_event("dice.orders.ev.tasks_done" if action.done else "dice.orders.ev.tasks_open", me)]
            me.tasks_done = action.done
        elif isinstance(action, orders_actions.CallForHelp):
            events = _call_for_help(book, new, me, action)
        else:  # pragma: no cover - the adapter admits only the types above
            raise UnknownAction("dice.orders.malformed", detail=type(action).__name__)
    new.actions_taken += 1
    return Outcome(new, events)


def _event(kind: str, p: OrderPlayer, reveals: bool = False, **data: Any) -> Event:
    return Event(kind=kind, player=p.player, data={"name": p.name, **data}, reveals=reveals)


def _join(book: Book, state: OrdersState, actor: str, action: orders_actions.Join) -> list[Event]:
    me = state.find(actor)
    if me is None:
        me = OrderPlayer(player=actor, name=action.name or actor)
        state.players.append(me)
        if action.order is None:
            return [_event("dice.orders.ev.joined", me)]
    elif action.name:
        me.name = action.name
    if action.order is None:
        raise RuleError("dice.orders.already_joined")
    if me.order == action.order:
        raise RuleError("dice.orders.same_order", order=action.order)
    before = me.order
    me.order = action.order
    me.tasks_done = False
    if before is None:
        me.rank = max(me.rank, 1)
        return [_event("dice.orders.ev.initiated", me, order=me.order, rank=me.rank)]
    old_rank = me.rank
    me.rank = max(1, min(old_rank, qualified_rank(book, me)))
    return [_event("dice.orders.ev.switched", me, old_order=before, order=me.order, old_rank=old_rank, rank=me.rank)]


def _points(book: Book, me: OrderPlayer, action: orders_actions.ChangePoints) -> list[Event]:
    before = me.points(action.kind)
    if before + action.amount < 0 and not action.penalty:
        # spending is a choice: points you do not have cannot be spent (a typo must not zero them)
        raise RuleError("dice.orders.overspend", point_kind=action.kind, have=before, asked=-action.amount)
    me.set_points(action.kind, before + action.amount)  # imposed losses stop at zero (Miscellaneous)
    after = me.points(action.kind)
    kind = "dice.orders.ev.points_gained" if action.amount > 0 else "dice.orders.ev.points_lost"
    return [
        _event(
            kind,
            me,
            point_kind=action.kind,
            amount=abs(after - before),
            asked=abs(action.amount),
            total=after,
            qualified=qualified_rank(book, me),
            rank=me.rank,
        )
    ]


def _advance(book: Book, state: OrdersState, me: OrderPlayer) -> list[Event]:
    verdict = advancement(book, state, me.player)
    if not verdict.ok:
        raise RuleError(verdict.key, **verdict.params)
    me.rank += 1
    events = [_event("dice.orders.ev.advanced", me, rank=me.rank, order=me.order)]
    if me.rank == 5:
        state.status = "finished"
        state.winner = me.player
        kind = "dice.orders.ev.team_won" if state.options.cooperative else "dice.orders.ev.won"
        events.append(_event(kind, me))
    return events


def _call_for_help(book: Book, state: OrdersState, me: OrderPlayer, action: orders_actions.CallForHelp) -> list[Event]:
    result = call_for_help(book, me.rank, me.all_points(), action.kind, state.rng)
    for kind, value in result.points_after(me.all_points()).items():
        me.set_points(kind, value)
    step = result.steps[-1]
    return [
        _event(
            "dice.orders.ev.call_for_help",
            me,
            reveals=True,
            cost=result.cost,
            point_kind=result.kind,
            lost=result.lost,
            free=result.free,
            faces=step.faces,
            roll=step.roll,
            text=step.text,
            steps=[s.model_dump() for s in result.steps],
        )
    ]


def legal_actions(state: OrdersState, actor: str, book: Book | None = None) -> list[Any]:
    """Concrete actions `actor` may take now. Points (any amount) and joining (with a name) are
    listed by one representative each; every other action the rules accept is listed."""
    if state.status != "active":
        return []
    book = book or default_book()
    me = state.find(actor)
    if me is None:
        return [orders_actions.Join(order=None), *(orders_actions.Join(order=o) for o in ORDER_IDS)]
    out: list[Any] = [orders_actions.Join(order=o) for o in ORDER_IDS if o != me.order]
    for kind in POINT_KINDS:
        out.append(orders_actions.ChangePoints(kind=kind, amount=1))
        if me.points(kind) > 0:
            out.append(orders_actions.ChangePoints(kind=kind, amount=-1))
    if advancement(book, state, actor).ok:
        out.append(orders_actions.Advance())
    # marking again what is already marked is accepted (it says so once more): both are listed
    out.append(orders_actions.MarkTasks(done=not me.tasks_done))
    out.append(orders_actions.MarkTasks(done=me.tasks_done))
    if call_for_help_cost(book, me.rank) == 0 or not any(me.points(k) for k in POINT_KINDS):
        # nothing to pay: any type named (or none) is the same free call
        out.append(orders_actions.CallForHelp(kind=None))
        out.extend(orders_actions.CallForHelp(kind=k) for k in POINT_KINDS)
    else:
        out.extend(orders_actions.CallForHelp(kind=k) for k in POINT_KINDS if me.points(k) > 0)
    return out
