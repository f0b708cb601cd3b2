"""Builders for the new cards' tests (Water Realm expansion, "New Cards for the Standard Game"):
a Standard game with the new cards, a quiet board, cards in hand, applying actions.

Test names say what they check: `test_appendix_<entry>__...` an Appendix entry,
`test_new_cards_<card or section>__...` a section of the rulebook, `test_ruling_<id>__...` one
of the rulings in data/prophecy/water_realm/cards/rulings.yaml.
"""
from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.wr_cards_state import CardsState
from engine.prophecy.state import ProphecyState
from tests.prophecy_standard.helpers import begin_turn, figures, give, hold_artifacts, idx, learn, load, new_game, put, quiet

__all__ = ["act", "begin_turn", "cards", "cards_game", "events_of", "figures", "give", "hold_artifacts", "idx",
           "learn", "legal", "load", "new_game", "put", "quiet", "types_of"]


def cards_game(players: int = 2, seed: int = 1, characters: list[str | None] | None = None, **expansion: Any
               ) -> ProphecyState:
    """A Standard game with the new cards in the decks (and whatever else `expansion` says)."""
    return new_game(players, seed, characters, expansion={"new_cards": True, **expansion})


def cards(state: ProphecyState) -> CardsState:
    assert state.standard is not None and state.standard.cards is not None
    return state.standard.cards


def act(state: ProphecyState, actor: str, action: Any) -> tuple[ProphecyState, list[Event]]:
    out = SYSTEM.apply(state, actor, action)
    return out.state, out.events


def legal(state: ProphecyState, actor: str) -> list[Any]:
    return SYSTEM.legal_actions(state, actor)


def events_of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def types_of(state: ProphecyState, pid: str) -> tuple[str, ...]:
    from engine.prophecy.standard.battle import character_tags

    return character_tags(state, pid)
