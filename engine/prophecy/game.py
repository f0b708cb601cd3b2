"""The Prophecy game system as the game master service sees it (engine.core.system.GameSystem)."""
from __future__ import annotations

from typing import Any, Sequence

from engine.core.outcome import Outcome
from engine.core.pending import Pending
from engine.core.system import Seat
from engine.prophecy import rules
from engine.prophecy.content import pack_by_id
from engine.prophecy.setup import MAX_SEATS, MIN_SEATS, new_state
from engine.prophecy.state import ProphecyOptions, ProphecyState
from engine.prophecy.turns import start_turn
from engine.prophecy.view import ProphecyView, view


class ProphecySystem:
    name = "prophecy"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    options_model = ProphecyOptions
    state_model = ProphecyState

    def new_game(self, seats: Sequence[Seat], options: dict[str, Any] | ProphecyOptions, seed: int) -> Outcome[ProphecyState]:
        opts = options if isinstance(options, ProphecyOptions) else ProphecyOptions.model_validate(options)
        ctx = new_state(pack_by_id(opts.pack), seats, opts, seed)
        start_turn(ctx, ctx.state.first_player)
        rules._advance(ctx)
        return Outcome(ctx.state, ctx.events)

    def apply(self, state: ProphecyState, actor: str, action: Any) -> Outcome[ProphecyState]:
        if isinstance(state, ProphecyView):
            raise TypeError("a view of a game cannot be played on; apply to the stored state")
        return rules.apply(state, actor, action)

    def legal_actions(self, state: ProphecyState, actor: str) -> list[Any]:
        return rules.legal_actions(state, actor)

    def pending(self, state: ProphecyState) -> Pending | None:
        return rules.pending(state)

    def parse_action(self, payload: dict[str, Any]) -> Any:
        return rules.parse_action(payload)

    def load_state(self, text: str) -> ProphecyState:
        return ProphecyState.model_validate_json(text)

    def dump_state(self, state: ProphecyState) -> str:
        return state.dump()

    def view(self, state: ProphecyState, viewer: str | None) -> ProphecyView:
        return view(state, viewer)


SYSTEM = ProphecySystem()
