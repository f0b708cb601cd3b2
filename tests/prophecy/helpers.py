"""Builders for rule tests: a base game, test cards with known figures, loaded dice."""
from __future__ import annotations

import itertools
import json
from typing import Any

from engine.core.rng import Rng
from engine.core.system import Seat
from engine.prophecy import rules
from engine.prophecy.actions import Move
from engine.prophecy.content import (
    ChanceCard,
    CreatureCard,
    ItemCard,
    OpportunityCard,
    Pack,
    pack_by_id,
    register_pack,
)
from engine.prophecy.game import SYSTEM
from engine.prophecy.state import AdventureOnSpace, OwnedItem, ProphecyState, TurnState


class LoadedDice(Rng):
    """Rolls the faces given, in order, then falls back to the seeded generator."""

    faces: list[int] = []

    def d6(self) -> int:
        if self.faces:
            return self.faces.pop(0)
        return super().d6()


def load(state: ProphecyState, *faces: int) -> None:
    rng = state.rng
    state.rng = LoadedDice(seed=rng.seed, state=rng.state, draws=rng.draws, faces=list(faces))


TEST_ADVENTURES: list[Any] = [
    CreatureCard(id="t_wolf", name="Test Wolf", strength=3, experience=1, tags=["animal"]),
    CreatureCard(id="t_ghost", name="Test Ghost", willpower=3, experience=1, tags=["undead"]),
    CreatureCard(id="t_troll", name="Test Troll", strength=5, willpower=2, first="strength", experience=2),
    CreatureCard(id="t_vampire", name="Test Vampire", strength=3, willpower=4, first="wills", experience=3,
                 tags=["undead"], specials=[{"rule": "switch_battle", "mandatory": False, "cost": {"health": 1}}]),
    CreatureCard(id="t_hydra", name="Test Hydra", strength=2, experience=4,
                 specials=[{"rule": "three_lives", "mandatory": True}]),
    CreatureCard(id="t_spider", name="Test Spider", strength=3, experience=2,
                 specials=[{"rule": "holds_on_start", "mandatory": True}]),
    CreatureCard(id="t_spirits", name="Test Spirits", strength=2, experience=2,
                 specials=[{"rule": "no_weapons", "mandatory": True}]),
    CreatureCard(id="t_murderer", name="Test Murderer", strength=4, experience=2,
                 specials=[{"rule": "bribe", "mandatory": False, "cost": {"gold": 2}}]),
    CreatureCard(id="t_ogre", name="Test Ogre", strength=4, experience=2, on_loss={"health": -2},
                 treasure={"gold": 3, "draw": ["common"]}),
    OpportunityCard(id="t_spring", name="Test Spring", effect={"health": 2}),
    OpportunityCard(id="t_chest", name="Test Chest", cost={"gold": 1}, effect={"gold": 3}),
]

TEST_ITEMS: list[ItemCard] = [
    ItemCard(id="t_sword", name="Test Sword", deck="common", cost=4, slot="weapon", hands=1, strength=2),
    ItemCard(id="t_axe", name="Test Axe", deck="common", cost=5, slot="weapon", hands=2, strength=3),
    ItemCard(id="t_dagger", name="Test Dagger", deck="common", cost=3, slot="weapon", hands=1, strength=1, thrown=2),
    ItemCard(id="t_shield", name="Test Shield", deck="common", cost=3, slot="hand", hands=1, strength=1),
    ItemCard(id="t_wand", name="Test Wand", deck="common", cost=3, slot="hand", hands=1, willpower=1),
    ItemCard(id="t_helm", name="Test Helm", deck="common", cost=3, slot="head", strength=1),
    ItemCard(id="t_hat", name="Test Hat", deck="common", cost=3, slot="head", willpower=1),
    ItemCard(id="t_gauntlets", name="Test Gauntlets", deck="rare", cost=7, slot="body", strength=1),
    ItemCard(id="t_ring", name="Test Ring", deck="rare", cost=7, slot="body", willpower=1),
    ItemCard(id="t_potion", name="Test Potion", deck="common", cost=2, slot="body", use={"health": 2}),
]

_ids = itertools.count(1)


def test_pack_id(extra_chance: list[ChanceCard] | None = None) -> str:
    """The base pack plus the test cards above, registered under a fresh id."""
    base = pack_by_id("base")
    pack = Pack(
        manifest=base.manifest,
        board=base.board,
        characters=base.characters,
        adventures=list(base.adventures) + TEST_ADVENTURES,
        items=list(base.items) + TEST_ITEMS,
        chance=list(base.chance) + list(extra_chance or []),
        guilds=base.guilds,
    )
    pid = f"test{next(_ids)}"
    register_pack(pid, pack)
    return pid


def new_game(players: int = 2, seed: int = 1, characters: list[str | None] | None = None, **options: Any) -> ProphecyState:
    chars = characters or [None] * players
    seats = [Seat(player=f"p{i + 1}", name=f"Player {i + 1}", character=chars[i]) for i in range(players)]
    options.setdefault("pack", test_pack_id())
    options.setdefault("auto_end_turn", False)
    return SYSTEM.new_game(seats, options, seed).state


def space_index(state: ProphecyState, space_id: str) -> int:
    return pack_by_id(state.options.pack).space_index(space_id)


def space_id(state: ProphecyState, index: int) -> str:
    return pack_by_id(state.options.pack).space(index).id


def first_space_of(state: ProphecyState, kind: str) -> str:
    pack = pack_by_id(state.options.pack)
    return next(s.id for s in pack.board.spaces if s.kind == kind)


def begin_turn(state: ProphecyState, player: str, at: str | None = None, phase: str = "move") -> None:
    """Put `player` on `at` and give her a fresh turn (Chance card already dealt with)."""
    p = state.player(player)
    if at is not None:
        p.space = space_index(state, at)
    state.turn = TurnState(player=player, start_space=p.space, phase=phase)  # type: ignore[arg-type]  # a deliberately loose value from the test
    if phase == "act":
        state.turn.movement_done = True


def put(state: ProphecyState, at: str, card: str) -> str:
    uid = state.new_uid("a")
    state.spaces[space_index(state, at)].append(AdventureOnSpace(uid=uid, card=card))
    return uid


def give(state: ProphecyState, player: str, card: str, damaged: bool = False) -> str:
    uid = state.new_uid("i")
    state.player(player).items.append(OwnedItem(uid=uid, card=card, damaged=damaged))
    return uid


def clear_board(state: ProphecyState) -> None:
    for cards in state.spaces:
        cards.clear()


def met_on(kind: str, card: str, seed: int, strength: int, willpower: int | None = None,
           items: bool = True) -> ProphecyState:
    """p1 has just stayed on the first `kind` space of an otherwise empty board, where `card`
    lies: the state in which she meets it. Her Strength (and Willpower, when given) are set with
    no cube lost; `items=False` takes her Items away first."""
    state = new_game(2, seed=seed)
    clear_board(state)
    target = first_space_of(state, kind)
    begin_turn(state, "p1", at=target)
    put(state, target, card)
    p = state.player("p1")
    p.red.right, p.red.left = strength, 0
    if willpower is not None:
        p.blue.right, p.blue.left = willpower, 0
    if not items:
        p.items = []
    return rules.apply(state, "p1", Move(method="stay", to=target)).state


def assert_replays(seats: list[Seat], options: dict[str, Any], seed: int, log: list[tuple[str, dict[str, Any]]],
                   final: ProphecyState) -> None:
    """The game replayed from its seed and its logged actions, each read back through JSON as a
    stored log is, ends byte-identical to `final`."""
    replay = SYSTEM.new_game(seats, options, seed).state
    for actor, payload in log:
        replay = SYSTEM.apply(replay, actor, json.loads(json.dumps(payload))).state
    assert replay.dump() == final.dump()


def assert_round_trips(state: ProphecyState) -> None:
    """The state read back from its JSON dump dumps exactly the same."""
    again = ProphecyState.model_validate_json(state.dump())
    assert again.dump() == state.dump()
