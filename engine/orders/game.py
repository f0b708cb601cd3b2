"""The Magical Orders rank tracker as the game master service sees it (GameSystem protocol).

It has no turn order: anyone at the table may record points or call for help at any time, so
`pending` is always None. Seats given at creation enter at Rank 0, or initiated into the Order
named in `Seat.character` when that is an Order id. It is not played at a table through /game
(it has its own commands), so it has no AI seats, no turns to skip and no seats to hand over.
"""
from __future__ import annotations

from typing import Any, Sequence

from engine.core.contract import Contract, guarded_apply, union_members
from engine.core.events import Event
from engine.core.outcome import Outcome
from engine.core.pending import Pending
from engine.core.rng import Rng
from engine.core.system import Seat
from engine.orders import rules
from engine.orders.actions import Action
from engine.orders.state import OrderPlayer, OrdersOptions, OrdersState
from engine.orders.view import OrdersView, view
from engine.tables.models import ORDER_IDS

#: the engine contract (engine/core/contract.py): joining (with a name) and points (any amount,
#: a penalty or not) have parameters no listing holds, so the rules alone check those two
CONTRACT = Contract(actions=union_members(Action), malformed_key="dice.orders.malformed",
                    not_legal_key="error.action_not_legal", unlisted=frozenset({"join", "points"}))


class OrdersSystem:
    name = "orders"
    min_seats = 0
    max_seats = 12
    options_model = OrdersOptions
    state_model = OrdersState
    table_game = False
    ai_levels: tuple[str, ...] = ()

    def new_game(self, seats: Sequence[Seat], options: dict[str, Any] | OrdersOptions, seed: int) -> Outcome[OrdersState]:
        opts = options if isinstance(options, OrdersOptions) else OrdersOptions.model_validate(options)
        state = OrdersState(options=opts, rng=Rng.from_seed(seed))
        events = [Event(kind="dice.orders.ev.created", data={"cooperative": opts.cooperative})]
        for seat in seats:
            order = seat.character if seat.character in ORDER_IDS else None
            state.players.append(
                OrderPlayer(player=seat.player, name=seat.name, order=order, rank=1 if order else 0)
            )
        return Outcome(state, events)

    def apply(self, state: OrdersState, actor: str, action: Any) -> Outcome[OrdersState]:
        if isinstance(state, OrdersView):
            raise TypeError("a view of a tracker cannot be played on; apply to the stored state")
        return guarded_apply(CONTRACT, state, actor, action, parse=rules.parse_action,
                             legal=lambda s, actor, _kind: rules.legal_actions(s, actor),
                             apply=rules.apply)

    def legal_actions(self, state: OrdersState, actor: str) -> list[Any]:
        return rules.legal_actions(state, actor)

    def pending(self, state: OrdersState) -> Pending | None:
        return None

    def parse_action(self, payload: dict[str, Any]) -> Any:
        return rules.parse_action(payload)

    def load_state(self, text: str) -> OrdersState:
        return OrdersState.model_validate_json(text)

    def dump_state(self, state: OrdersState) -> str:
        return state.dump()

    def view(self, state: OrdersState, viewer: str | None) -> OrdersView:
        return view(state, viewer)

    def character_ids(self, options: dict[str, Any]) -> frozenset[str]:
        return frozenset(ORDER_IDS)

    def turn_opening(self, state: OrdersState, actor: str) -> bool:
        return False


SYSTEM = OrdersSystem()
