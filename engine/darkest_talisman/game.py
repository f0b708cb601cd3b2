"""Darkest Talisman as the game master service sees it (engine.core.system.GameSystem).

A table game the game master runs (`table_game`): a campaign is opened with /campaign rather than
/game new, but seats, clock, expiry, undo and the log are the shared ones. A campaign has one to
three seats; each character is controlled by one seat (solo: one seat
controls all three) and each decision is pending for the seat controlling the character it
concerns, party decisions for the leader's seat.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from engine.core.contract import Contract, guarded_apply, union_members
from engine.core.outcome import Outcome
from engine.core.pending import Pending
from engine.core.system import Seat
from engine.darkest_talisman import ai, flow, rules, setup
from engine.darkest_talisman.actions import Action, HandOver
from engine.darkest_talisman.content import pack_by_id
from engine.darkest_talisman.state import CampaignState, TalismanOptions
from engine.darkest_talisman.view import CampaignView, view

#: the engine contract (engine/core/contract.py): every campaign action is listed, but a seat
#: changing hands, which only the table applies
CONTRACT = Contract(actions=union_members(Action), malformed_key="talisman.err.malformed",
                    not_legal_key="talisman.err.not_now", table_types=frozenset({"hand_over"}))


class TalismanSystem:
    name = "darkest_talisman"
    min_seats = setup.MIN_SEATS
    max_seats = setup.MAX_SEATS
    options_model = TalismanOptions
    state_model = CampaignState
    table_game = True
    ai_levels = tuple(ai.PLAYERS)

    def new_game(self, seats: Sequence[Seat], options: dict[str, Any] | TalismanOptions, seed: int) -> Outcome[CampaignState]:
        opts = options if isinstance(options, TalismanOptions) else TalismanOptions.model_validate(options)
        ctx = setup.new_campaign(pack_by_id(opts.pack), seats, opts, seed)
        flow.advance(ctx)
        rules.mark_turn(ctx.state, ctx.events, None)
        return Outcome(ctx.state, ctx.events)

    def apply(self, state: CampaignState, actor: str, action: Any) -> Outcome[CampaignState]:
        if isinstance(state, CampaignView):
            raise TypeError("a view of a campaign cannot be played on; apply to the stored state")
        return guarded_apply(CONTRACT, state, actor, action, parse=rules.parse_action,
                             legal=lambda s, actor, _kind: rules.legal_actions(s, actor),
                             apply=rules.apply, apply_listed=rules.apply_listed)

    def legal_actions(self, state: CampaignState, actor: str) -> list[Any]:
        return rules.legal_actions(state, actor)

    def pending(self, state: CampaignState) -> Pending | None:
        return rules.pending(state)

    def parse_action(self, payload: dict[str, Any]) -> Any:
        return rules.parse_action(payload)

    def load_state(self, text: str) -> CampaignState:
        return CampaignState.model_validate_json(text)

    def dump_state(self, state: CampaignState) -> str:
        return state.dump()

    def view(self, state: CampaignState, viewer: str | None) -> CampaignView:
        return view(state, viewer)

    def character_ids(self, options: dict[str, Any]) -> frozenset[str]:
        return frozenset(c.id for c in pack_by_id(options.get("pack", "core")).characters)

    def ai_action(self, state: CampaignState, actor: str, level: str, rng: random.Random) -> Any:
        return ai.PLAYERS[level](state, actor, rng)

    def forced_action(self, state: CampaignState) -> Any:
        """The answer to a decision the rules leave no choice in, which the game master sends by
        itself (ruling forced_answers); None when the decider has a choice."""
        return rules.forced_answer(state)

    def skip_action(self, state: CampaignState, actor: str) -> Any:
        """A campaign has no turn to skip: the seat's decision is taken by the heuristic AI, the
        safe choice (it turns back when the party is weak and never spends what it needs)."""
        return ai.heuristic_player(state, actor, random.Random(state.actions_taken))

    def resign_action(self, player: str) -> HandOver:
        return HandOver(player=player, to=f"ai:{player}", name="AI", ai="heuristic")

    def hand_over_action(self, player: str, to: str, name: str, ai: str | None = None) -> HandOver:
        return HandOver(player=player, to=to, name=name, ai=ai)

    def turn_opening(self, state: CampaignState, actor: str) -> bool:
        """The party is in a village and this seat decides where it goes next."""
        p = rules.pending(state)
        return p is not None and p.player == actor and p.kind == "village"


SYSTEM = TalismanSystem()
