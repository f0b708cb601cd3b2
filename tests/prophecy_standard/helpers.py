"""Builders for Standard rule tests: a Standard game, a quiet board, cards in hand, loaded dice.

Test names say what they check: `test_ruling_<id>__...` one of the project's rulings
(data/prophecy/standard/rulings.yaml), `test_facts_sN__...` a research fact
(shared/research/prophecy-standard-facts.md, section §N), `test_basic__...` a Basic rule that
holds in Standard too.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.system import Seat
from engine.prophecy.content_standard import StandardPack, standard_pack_by_id
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import StdTurn
from engine.prophecy.state import AdventureOnSpace, OwnedItem, ProphecyState, TurnState
from tests.prophecy.helpers import load  # noqa: F401  (re-exported for the tests)

SP_ID = "standard"


def sp() -> StandardPack:
    return standard_pack_by_id(SP_ID)


def pack():  # type: ignore[no-untyped-def]  # tests are not type-checked
    return sp().as_pack()


def new_game(players: int = 2, seed: int = 1, characters: list[str | None] | None = None,
             auto_end_turn: bool = False, **standard: Any) -> ProphecyState:
    """A Standard game with the characters dealt at random (no choice pending) unless the
    options say otherwise; `standard` holds the Standard options."""
    chars = characters or [None] * players
    seats = [Seat(player=f"p{i + 1}", name=f"Player {i + 1}", character=chars[i]) for i in range(players)]
    standard.setdefault("character_choice", "random")
    options = {"version": "standard", "auto_end_turn": auto_end_turn, "standard": standard}
    return SYSTEM.new_game(seats, options, seed).state


def quiet(state: ProphecyState) -> ProphecyState:
    """No Adventure on the board, no decision pending, nobody over a limit: a clean table."""
    for cards in state.spaces:
        cards.clear()
    assert state.standard is not None
    state.standard.decisions.clear()
    state.standard.turn = StdTurn()
    state.standard.training.clear()
    return state


def idx(space_id: str) -> int:
    return pack().space_index(space_id)


def begin_turn(state: ProphecyState, player: str, at: str | None = None, phase: str = "move") -> None:
    """Put `player` on `at` and give her a fresh turn (Chance card already dealt with)."""
    p = state.player(player)
    if at is not None:
        p.space = idx(at)
    state.turn = TurnState(player=player, start_space=p.space, phase=phase)  # type: ignore[arg-type]  # a deliberately loose value from the test
    if phase == "act":
        state.turn.movement_done = True
    assert state.standard is not None
    state.standard.turn = StdTurn()


def put(state: ProphecyState, at: str, card: str, face_up: bool = True) -> str:
    uid = state.new_uid("a")
    state.spaces[idx(at)].append(AdventureOnSpace(uid=uid, card=card, face_up=face_up))
    return uid


def give(state: ProphecyState, player: str, card: str, damaged: bool = False) -> str:
    uid = state.new_uid("i")
    state.player(player).items.append(OwnedItem(uid=uid, card=card, damaged=damaged))
    return uid


def learn(state: ProphecyState, player: str, *abilities: str) -> None:
    """Give Abilities outright (taken out of their guild decks and offers)."""
    assert state.standard is not None
    for a in abilities:
        for deck in list(state.standard.guild_decks.values()) + list(state.standard.guild_offers.values()):
            if a in deck:
                deck.remove(a)
        state.standard.players[player].abilities.append(a)


def hold_artifacts(state: ProphecyState, player: str, *cards: str) -> None:
    """Give Artifacts outright (taken off their planes)."""
    assert state.standard is not None
    for card in cards:
        for plane in state.standard.planes:
            if plane.artifact == card:
                plane.artifact = None
                plane.lesser = plane.greater = None
        for other in state.standard.players.values():
            if card in other.artifacts:
                other.artifacts.remove(card)
        state.standard.players[player].artifacts.append(card)


def set_plane(state: ProphecyState, plane_id: str, lesser: str | None, greater: str | None, artifact: str | None) -> None:
    """Put these cards on the plane (swapping them with wherever they lay)."""
    assert state.standard is not None
    planes = state.standard.planes
    target = state.standard.plane(plane_id)
    for slot, card in (("lesser", lesser), ("greater", greater), ("artifact", artifact)):
        if card is None:
            setattr(target, slot, None)
            continue
        for other in planes:
            if other is not target and getattr(other, slot) == card:
                setattr(other, slot, getattr(target, slot))
        setattr(target, slot, card)


def figures(state: ProphecyState, player: str, strength: int, willpower: int) -> None:
    """Set a character's cubes (right side), keeping the cube count with the bank."""
    p = state.player(player)
    state.bank_red += p.red.total - strength
    state.bank_blue += p.blue.total - willpower
    p.red.right, p.red.left = strength, 0
    p.blue.right, p.blue.left = willpower, 0


def apply(state: ProphecyState, actor: str, action: dict[str, Any]) -> tuple[ProphecyState, list[Any]]:
    """Apply `action`; an attack with gear on a Guardian still face down is played as a person
    plays it (ruling guardian_turned_up): turn the card up, then fight it with that gear.
    Tests of the turning up itself call SYSTEM.apply."""
    if isinstance(action, dict) and action.get("type") == "attack" and _face_down_guardian(state, action["target"]):
        out = SYSTEM.apply(state, actor, {"type": "attack", "target": action["target"], "battle": "strength"})
        pend = SYSTEM.pending(out.state)
        if pend is None or pend.player != actor or pend.kind != "decide_continue":
            return out.state, out.events
        then = SYSTEM.apply(out.state, actor, action)
        return then.state, list(out.events) + list(then.events)
    out = SYSTEM.apply(state, actor, action)
    return out.state, out.events


def _face_down_guardian(state: ProphecyState, target: str) -> bool:
    if state.standard is None or state.has_player(target):
        return False
    plane = next((pl for pl in state.standard.planes if pl.id == target), None)
    return plane is not None and plane.guardian_face_down()


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def legal(state: ProphecyState, actor: str) -> list[dict[str, Any]]:
    return [a.model_dump(mode="json") for a in SYSTEM.legal_actions(state, actor)]


def legal_types(state: ProphecyState, actor: str) -> set[str]:
    return {a.type for a in SYSTEM.legal_actions(state, actor)}


def draw_next(state: ProphecyState, card: str, player: str = "p1", at: str | None = None) -> tuple[ProphecyState, list[Any]]:
    """`player` ends a quiet turn; the next player's turn begins with Chance card `card`."""
    begin_turn(state, player, at=at, phase="act")
    state.decks.chance.draw.append(card)
    return apply(state, player, {"type": "end_turn"})


def random_game(seed: int, seats: int, options: dict[str, Any], max_actions: int,
                choose: Callable[[ProphecyState, str, random.Random], Any] | None = None,
                on_step: Callable[[int, Any, ProphecyState, Any], None] | None = None,
                ) -> tuple[list[Seat], ProphecyState, list[tuple[str, dict[str, Any]]]]:
    """A game of `seats` players who pick at random among the legal actions (or by `choose`),
    from `seed`, until it ends or `max_actions` are played: what the property tests play.
    `on_step(n, pending, before, outcome)` checks each step. Returns the seats, the last state
    and the log of (actor, action as JSON)."""
    seat_list = [Seat(player=f"s{i}", name=f"S{i}") for i in range(seats)]
    state = SYSTEM.new_game(seat_list, options, seed).state
    rng = random.Random(seed)
    log: list[tuple[str, dict[str, Any]]] = []
    for n in range(max_actions):
        pend = SYSTEM.pending(state)
        if pend is None:
            break
        if choose is not None:
            action = choose(state, pend.player, rng)
        else:
            acts = SYSTEM.legal_actions(state, pend.player)
            assert acts, f"{pend} has no legal action"
            action = rng.choice(acts)
        out = SYSTEM.apply(state, pend.player, action)
        log.append((pend.player, action.model_dump(mode="json")))
        if on_step is not None:
            on_step(n, pend, state, out)
        state = out.state
    return seat_list, state, log
