"""The Prophecy game system as the game master service sees it (engine.core.system.GameSystem)."""
from __future__ import annotations

import random
from typing import Any, Sequence

from engine.ai.odds import fight_odds
from engine.ai.players import PLAYERS
from engine.core.contract import Contract, guarded_apply, union_members
from engine.core.outcome import Outcome
from engine.core.pending import Pending
from engine.core.system import Seat
from engine.prophecy import rules
from engine.prophecy.actions import TABLE_ACTIONS, Action, HandOver, Resign
from engine.prophecy.content import pack_by_id
from engine.prophecy.setup import MAX_SEATS, MIN_SEATS, new_state
from engine.prophecy.standard import rules as standard
from engine.prophecy.state import ProphecyOptions, ProphecyState
from engine.prophecy.turns import start_turn
from engine.prophecy.view import ProphecyView, view


#: the engine contract (engine/core/contract.py): a described Item (the Mad Riddler's guess, the
#: Item the Scroll of Entrancement takes) is free text, which no listing can hold
def _canonical(action: Any) -> Any:
    """Treasures dug are a choice of cards, not an order ("Digging for Buried Treasure")."""
    if getattr(action, "type", None) == "island_dig":
        return action.model_copy(update={"treasures": tuple(sorted(action.treasures))})
    return action


CONTRACT = Contract(actions=union_members(Action), malformed_key="error.malformed_action",
                    not_legal_key="error.action_not_legal", unlisted=frozenset({"wrc_name"}),
                    table_types=frozenset(TABLE_ACTIONS), canonical=_canonical)


class ProphecySystem:
    name = "prophecy"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    options_model = ProphecyOptions
    state_model = ProphecyState
    table_game = True
    ai_levels = tuple(PLAYERS)

    def new_game(self, seats: Sequence[Seat], options: dict[str, Any] | ProphecyOptions, seed: int) -> Outcome[ProphecyState]:
        opts = options if isinstance(options, ProphecyOptions) else ProphecyOptions.model_validate(options)
        if opts.version == "standard":
            ctx = standard.new_game(list(seats), opts, seed)  # engine/prophecy/standard/
        else:
            ctx = new_state(pack_by_id(opts.pack), seats, opts, seed)
            start_turn(ctx, ctx.state.first_player)
        rules._advance(ctx)
        return Outcome(ctx.state, ctx.events)

    def apply(self, state: ProphecyState, actor: str, action: Any) -> Outcome[ProphecyState]:
        if isinstance(state, ProphecyView):
            raise TypeError("a view of a game cannot be played on; apply to the stored state")
        return guarded_apply(CONTRACT, state, actor, action, parse=rules.parse_action, legal=rules.iter_legal,
                             apply=rules.apply)

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

    def character_ids(self, options: dict[str, Any]) -> frozenset[str]:
        return frozenset(c.id for c in pack_by_id(options.get("pack", "base")).characters)

    def ai_action(self, state: ProphecyState, actor: str, level: str, rng: random.Random) -> Any:
        return PLAYERS[level](state, actor, rng)

    def skip_action(self, state: ProphecyState, actor: str) -> Any:
        """Stay, end the turn; a battle that cannot be skipped is fought with the best odds."""
        if state.standard is not None:
            return standard.skip_action(state, actor)
        actions = rules.legal_actions(state, actor)
        by_type = {a.type: a for a in reversed(actions)}
        if "end_turn" in by_type:
            return by_type["end_turn"]
        stays = [a for a in actions if a.type == "move" and a.method == "stay"]
        if stays:
            return stays[0]
        fights = [a for a in actions if a.type == "fight"]
        if fights:
            return max(fights, key=lambda a: fight_odds(state, actor, a).win - fight_odds(state, actor, a).loss)
        return actions[0]

    def resign_action(self, player: str) -> Resign:
        return Resign(player=player)

    def hand_over_action(self, player: str, to: str, name: str, ai: str | None = None) -> HandOver:
        return HandOver(player=player, to=to, name=name, ai=ai)

    def turn_opening(self, state: ProphecyState, actor: str) -> bool:
        turn = state.turn
        if turn is None or turn.player != actor:
            return False
        if turn.phase == "move":
            return not turn.movement_done
        std = state.standard
        if std is None or std.final_battle is None or turn.phase != "act":
            return False
        # the Final Battle: nobody moves, so a turn opens in the act phase with nothing done yet
        done = std.turn
        return not (done.attacked or done.used or done.instead or turn.used or turn.fought)


SYSTEM = ProphecySystem()
