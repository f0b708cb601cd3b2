"""Builders for the Treasure Island and new Artifacts tests: a Standard game with the expansion's
parts chosen, a quiet board, Map Fragments in hand, a character on the island.

Test names follow the rulebook: `test_<section>__...` names the section of the Water Realm
rulebook (or its Appendix entry) it checks, `test_ruling_<id>__...` one of this project's rulings
(data/prophecy/water_realm/island/rulings.yaml, artifacts/rulings.yaml)."""
from __future__ import annotations

from typing import Any

from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from engine.prophecy.rules import pack_of
from engine.prophecy.state import ProphecyState
from engine.prophecy.water_realm.island.content import island_content
from engine.prophecy.water_realm.island.state import IslandState
from tests.prophecy_standard.helpers import (  # noqa: F401  (re-exported for the tests)
    apply,
    begin_turn,
    figures,
    give,
    hold_artifacts,
    idx,
    kinds,
    learn,
    legal,
    legal_types,
    load,
    put,
    quiet,
    set_plane,
)


def game(players: int = 2, seed: int = 1, characters: list[str | None] | None = None, **expansion: Any) -> ProphecyState:
    """A Standard game with the expansion's choices `expansion` (Treasure Island by default)."""
    chars = characters or [None] * players
    seats = [Seat(player=f"p{i + 1}", name=f"Player {i + 1}", character=chars[i]) for i in range(players)]
    expansion.setdefault("treasure_island", True)
    options = {"version": "standard", "auto_end_turn": False,
               "standard": {"character_choice": "random", "expansion": expansion}}
    return SYSTEM.new_game(seats, options, seed).state


def isl(state: ProphecyState) -> IslandState:
    assert state.standard is not None and state.standard.island is not None
    return state.standard.island


def fragments(state: ProphecyState, player: str, n: int) -> list[str]:
    """Hand `n` Map Fragments from the pile to `player`."""
    i = isl(state)
    taken = []
    for _ in range(n):
        card = i.fragments.pop()
        i.held.setdefault(player, []).append(card)
        taken.append(card)
    return taken


def lay(state: ProphecyState, space: str) -> str:
    """Lay the Map Fragment of `space` there (out of the pile)."""
    i = isl(state)
    card = next(f.id for f in island_content().fragments if f.space == space)
    i.fragments.remove(card)
    i.placed[space] = card
    return card


def on_island(state: ProphecyState, player: str, phase: str = "act") -> None:
    """Put `player` on the island with a fresh turn (movement done when `phase` is "act")."""
    begin_turn(state, player, phase=phase)
    state.player(player).board = "island"


def face_up(state: ProphecyState, *cards: str) -> None:
    """These Treasures face up on the island (the others in the deck)."""
    i = isl(state)
    every = [c for c in i.deck + i.up if c not in cards]
    i.up = list(cards)
    i.deck = every


def fragment_ids() -> set[str]:
    return {f.id for f in island_content().fragments}


def treasure_ids() -> set[str]:
    return {t.id for t in island_content().treasures}


def where_treasures(state: ProphecyState) -> list[str]:
    """Every Treasure card of the game, wherever it lies."""
    i = isl(state)
    cards = list(i.deck) + list(i.up) + (list(i.blind.drawn) if i.blind else [])
    tr = treasure_ids()
    for p in state.players:
        # a Treasure set into an Item like an Astral Stone is carried inside that Item's card
        cards += [c for x in p.items for c in {x.card, x.card.rpartition("__stone_")[2]} if c in tr]
    cards += [c for c in state.decks.rare.draw + state.decks.rare.discard if c in tr]
    cards += [x.card for offer in state.offers.values() for x in offer if x.card in tr]
    return cards


def where_fragments(state: ProphecyState) -> list[str]:
    i = isl(state)
    fr = fragment_ids()
    return list(i.fragments) + list(i.discarded) + list(i.placed.values()) + \
        [c for held in i.held.values() for c in held if c in fr]


def facing_greater_guardian(state: ProphecyState) -> tuple[Any, dict[str, Any]]:
    """p1 (figures 9/9) in the act phase beside the first Astral Plane, whose Lesser Guardian is
    gone and whose Greater Guardian is up; returns the plane and her attack on it without weapon
    or Spell, the dice loaded so she wins it (6 against 1)."""
    plane = state.standard.planes[0]  # type: ignore[union-attr]  # a Standard game, built by the test
    plane.lesser = None
    plane.up = ["greater"]
    space = next(bp.between[0] for bp in pack_of(state).board.astral_planes if bp.id == plane.id)
    begin_turn(state, "p1", at=space, phase="act")
    figures(state, "p1", 9, 9)
    attack = next(a for a in legal(state, "p1") if a["type"] == "attack" and a["target"] == plane.id
                  and not a["weapon"] and not a.get("spells"))
    load(state, 6, 1)
    return plane, attack
