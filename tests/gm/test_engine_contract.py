"""The engine contract (DESIGN, "Contracts that everything rests on"): an action that
`legal_actions(state, actor)` does not list for that actor raises a RuleError (a message key and
parameters) and changes nothing; every listed action applies.

For every registered system (engine/registry.py) and a few variants, random games are played and,
at many of their states, the system is driven with:
- listed actions of the actor (each must apply);
- unlisted ones (must be refused and leave the state byte for byte as it was): the listed actions
  of other seats, of a stranger and of the table itself, actions met at earlier states or in other
  games, listed actions with a field changed, dropped, added or wrongly typed, and payloads that
  are no action at all (None, 7, "move", {}, {"type": "nonsense"}); table actions from a seat.
Then the three holes this contract closed, each against its rule: Treasure Island's boat home
taken from the ring, a Darkest Talisman seat handed over by a player, a payload that is no mapping.
"""
from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Iterator

import pytest
from pydantic import BaseModel

from engine.core.contract import TABLE_ACTOR
from engine.core.errors import RuleError
from engine.core.system import GameSystem, Seat
from engine.registry import SYSTEMS

#: every type whose parameters no listing holds: the rules alone check them (engine/*/game.py CONTRACT)
UNLISTED = {name: importlib.import_module(type(system).__module__).CONTRACT.unlisted
            for name, system in SYSTEMS.items()}
NOT_ACTIONS: list[Any] = [None, 7, "move", {}, {"type": "nonsense"}, [], ["end_turn"], 2.5, b"move"]
WHOLE = {"new_cards": True, "treasure_island": True, "water_realm": True, "artifacts": "new"}
#: actions of other places and moments, offered at every probed state besides those the game met
FOREIGN: dict[str, list[dict[str, Any]]] = {
    "prophecy": [{"type": "island_stay"}, {"type": "island_leave", "to": "city"}, {"type": "island_go"},
                 {"type": "island_dig", "treasures": ["astral_mindstone"]}, {"type": "island_collect"},
                 {"type": "water_enter"}, {"type": "water_stay"}, {"type": "water_swim"},
                 {"type": "water_move", "to": 3}, {"type": "water_exit", "space": "city"},
                 {"type": "move", "method": "walk", "to": "city"}, {"type": "move", "method": "teleport", "to": "city"},
                 {"type": "roll", "throw": False}, {"type": "bribe"}, {"type": "avoid"}, {"type": "certificate"},
                 {"type": "heal", "amount": 1}, {"type": "stop_attack"}, {"type": "after_roll"},
                 {"type": "choose_loss"}, {"type": "wrc_name", "text": "a sword"},
                 {"type": "wrc_choice", "option": "give_up"}],
    "darkest_talisman": [{"type": "choose", "option": "push_on"}, {"type": "choose", "option": "turn_back"},
                         {"type": "order", "order": ["h1", "h2", "h3"]}, {"type": "build_raft", "hero": "h1"},
                         {"type": "drop", "hero": "h1", "gold": 1}, {"type": "store", "hero": "h1", "gold": 1}],
    "orders": [{"type": "advance"}, {"type": "call_for_help", "kind": "power"}, {"type": "tasks", "done": True}],
}


@dataclass
class Case:
    system: str
    seats: int
    options: dict[str, Any]
    seed: int
    steps: int
    #: action types played whenever listed (random play alone seldom sails to the island or dives)
    prefer: tuple[str, ...] = ()
    #: the boards (Prophecy) some probed state must find the actor on
    boards: tuple[str, ...] = ()


CASES = {
    "prophecy_basic": Case("prophecy", 3, {"round_limit": 60}, 3, 170),
    "prophecy_standard": Case("prophecy", 3, {"version": "standard", "round_limit": 40,
                                              "standard": {"apocalypse": True}}, 4, 170),
    "prophecy_whole_expansion": Case("prophecy", 3, {"version": "standard", "round_limit": 40,
                                                     "standard": {"expansion": WHOLE}}, 5, 220,
                                     prefer=("island_go", "island_stay", "island_dig", "water_enter", "water_move"),
                                     boards=("island", "water")),
    "prophecy_island_aggressive": Case("prophecy", 2, {"version": "standard", "round_limit": 40, "standard": {
        "expansion": {"treasure_island": True, "interaction": "aggressive", "random_treasures": True}}}, 6, 170,
        prefer=("island_go", "island_stay", "island_collect", "island_dig_blind", "island_map_battle"),
        boards=("island",)),
    "talisman_solo": Case("darkest_talisman", 1, {}, 7, 150),
    "talisman_coop": Case("darkest_talisman", 3, {"crown": "together"}, 8, 150),
    "orders": Case("orders", 3, {}, 9, 120),
    "orders_cooperative": Case("orders", 2, {"cooperative": True}, 10, 80),
}


def _seats(n: int) -> list[Seat]:
    return [Seat(player=f"p{i + 1}", name=f"Player {i + 1}") for i in range(n)]


def _actor(system: GameSystem, state: Any, rng: random.Random, players: list[str]) -> str | None:
    """Whoever the game waits on; the tracker (no turns) lets anyone act."""
    if system.table_game:
        pend = system.pending(state)
        return None if pend is None else pend.player
    return rng.choice(players)


def _refused(system: GameSystem, state: Any, actor: str, action: Any) -> RuleError:
    """Apply `action`, which must be refused with a keyed rule error and change nothing."""
    before = system.dump_state(state)
    with pytest.raises(RuleError) as info:
        system.apply(state, actor, action)
    err = info.value
    assert isinstance(err.key, str) and err.key and isinstance(err.params, dict), err
    assert system.dump_state(state) == before, f"refused {action!r} from {actor} but the state changed"
    return err


def _mutations(action: BaseModel, rng: random.Random) -> Iterator[Any]:
    """Payloads near a listed action: each field changed, out of range, wrongly typed or dropped,
    an extra field, the type of another action."""
    data = action.model_dump()
    for name, value in data.items():
        if name == "type":
            continue
        changed: list[Any] = []
        if isinstance(value, bool):
            changed += [not value, "maybe", 3]
        elif isinstance(value, int):
            changed += [value + 1, value - 1, value + 37, -value - 1, 10 ** 9, "three", 1.5]
        elif isinstance(value, str):
            changed += [value + "x", "nonsense", "", 12, "x" * 500]
        elif value is None:
            changed += ["nonsense", 5, {"a": 1}]
        elif isinstance(value, (list, tuple)):
            changed += [list(value) + ["nonsense"], list(value)[1:], list(reversed(value)), "nonsense", [7]]
        elif isinstance(value, dict):
            changed += [{}, {"nonsense": 1}]
        for v in changed:
            yield {**data, name: v}
        yield {k: v for k, v in data.items() if k != name}  # a field left out
    yield {**data, "nonsense": 1}  # an extra field
    yield {**data, "type": rng.choice(["nonsense", "fight", "choose", "island_stay", "advance", "end_turn"])}


def _listed(system: GameSystem, state: Any, actor: str, payload: Any) -> bool:
    """Whether `payload` is an action of this system listed for `actor`, or one of a type the
    rules alone check (so it may or may not be accepted)."""
    try:
        action = system.parse_action(payload) if isinstance(payload, dict) else payload
    except RuleError:
        return False
    if not isinstance(action, BaseModel):
        return False
    return action in system.legal_actions(state, actor) or getattr(action, "type", None) in UNLISTED[system.name]


def _probe(system: GameSystem, state: Any, actor: str, players: list[str], rng: random.Random,
           elsewhere: list[BaseModel]) -> int:
    """Drive one state with listed and unlisted actions; return how many were refused."""
    refused = 0
    legal = system.legal_actions(state, actor)
    if system.name == "prophecy":  # the guard's hint (the type sought) drops no listed action of that type
        from engine.prophecy.rules import iter_legal

        for kind in {a.type for a in legal} | {"attack", "fight", "end_turn", "move", "use_ability", "heal"}:
            assert [a for a in iter_legal(state, actor, kind) if a.type == kind] == [a for a in legal if a.type == kind]
    for action in rng.sample(legal, min(3, len(legal))):  # listed: each applies
        system.apply(state, actor, action)
    for payload in NOT_ACTIONS:
        _refused(system, state, actor, payload)
        refused += 1
        with pytest.raises(RuleError):
            system.parse_action(payload)
    # the listed actions of the other seats, of a stranger and of the table, and the reverse
    others = [p for p in players if p != actor] + ["stranger", TABLE_ACTOR]
    for other in others:
        for action in rng.sample(legal, min(4, len(legal))):
            if not _listed(system, state, other, action):
                _refused(system, state, other, action)
                refused += 1
        if other in players:
            theirs = system.legal_actions(state, other)
            for action in rng.sample(theirs, min(4, len(theirs))):
                if not _listed(system, state, actor, action):
                    _refused(system, state, actor, action)
                    refused += 1
    # actions met at other states of this run, and of other places (the island, the realm...)
    for action in elsewhere:
        if not _listed(system, state, actor, action):
            _refused(system, state, actor, action)
            refused += 1
    # listed actions with a field changed: refused unless the change happens to name another listed one
    for action in rng.sample(legal, min(2, len(legal))):
        for payload in _mutations(action, rng):
            if not _listed(system, state, actor, payload):
                _refused(system, state, actor, payload)
                refused += 1
    # table actions (a seat changes hands, a player leaves) from a seat
    if system.table_game:
        victim = rng.choice(players)
        for action in (system.resign_action(victim), system.hand_over_action(victim, "p99", "Nobody")):
            _refused(system, state, actor, action)
            refused += 1
    return refused


def test_contract__every_registered_system_is_driven() -> None:
    assert {case.system for case in CASES.values()} == set(SYSTEMS) == set(FOREIGN)


@pytest.mark.parametrize("name", list(CASES))
def test_contract__listed_actions_apply_and_everything_else_is_refused_unchanged(name: str) -> None:
    case = CASES[name]
    system = SYSTEMS[case.system]
    seats = _seats(case.seats)
    players = [s.player for s in seats]
    games = 1
    state = system.new_game(seats, case.options, case.seed).state
    rng = random.Random(case.seed)
    foreign = [system.parse_action(payload) for payload in FOREIGN[case.system]]
    pool: list[BaseModel] = []
    probed = refused = 0
    boards: set[str] = set()
    for step in range(case.steps):
        actor = _actor(system, state, rng, players)
        if actor is None or state.status != "active":  # over: the next game of the run
            state = system.new_game(seats, case.options, case.seed + 1000 * games).state
            games += 1
            continue
        legal = system.legal_actions(state, actor)
        assert legal or not system.table_game, f"{actor} must act but has nothing listed"
        if step % 3 == 0:
            elsewhere = rng.sample(foreign, min(5, len(foreign))) + rng.sample(pool, min(6, len(pool)))
            refused += _probe(system, state, actor, players, rng, elsewhere)
            probed += 1
            if case.boards:
                boards.add(state.player(actor).board)
        preferred = [a for a in legal if a.type in case.prefer]
        if preferred and rng.random() < 0.8:
            action = rng.choice(preferred)
        elif system.table_game:
            action = system.ai_action(state, actor, "random", rng)
            assert action in legal, "the AI plays only listed actions"
        else:
            action = rng.choice(legal)
        state = system.apply(state, actor, action).state
        pool.extend(legal)
        del pool[:-400]
    assert probed >= 10 and refused > 30 * probed, (probed, refused)
    assert boards >= set(case.boards), f"no probe on {set(case.boards) - boards}"
    if system.table_game:  # the table itself still hands a seat over and takes a player out
        if state.status == "active":
            out = system.apply(state, TABLE_ACTOR, system.hand_over_action(players[0], "p77", "Seventy"))
            assert any(e.kind == "seat_handed_over" for e in out.events)
            system.apply(out.state, TABLE_ACTOR, system.resign_action("p77"))


# --------------------------------------------------------------------------- the three holes


def _island_game() -> Any:
    from tests.prophecy_water.island_helpers import begin_turn, game, put, quiet

    state = quiet(game())
    begin_turn(state, "p1", at="plains_1")  # on the ring, not a Port, in her movement
    put(state, "plains_1", "wolf_pack")  # a Creature she would have to face if she stays
    return state


def test_travel_to_treasure_island__the_boat_home_leaves_only_from_the_island() -> None:
    """Water Realm expansion, "Travel to Treasure Island": the island "has a port that can be
    used to travel to or from any other port"; "travel from the Island is free". Only a
    character on the island takes that free boat (or stays there): from the ring, leaving or
    staying on the island would be a free jump to any Port, or past the Creature of her space."""
    from engine.prophecy import rules
    from engine.prophecy.game import SYSTEM
    from engine.prophecy.water_realm.island.actions import LeaveIsland, StayOnIsland

    state = _island_game()
    listed = SYSTEM.legal_actions(state, "p1")
    assert LeaveIsland(to="city") not in listed and StayOnIsland() not in listed
    for action in (LeaveIsland(to="city"), StayOnIsland(), {"type": "island_leave", "to": "forest_1"},
                   {"type": "island_stay"}):
        err = _refused(SYSTEM, state, "p1", action)
        assert err.key == "error.island_not_on_island"
        with pytest.raises(RuleError) as info:  # the rules themselves refuse it, not only the guard
            rules.apply(state, "p1", action)
        assert info.value.key == "error.island_not_on_island"
    assert state.player("p1").board == "main" and state.turn.phase == "move"


def test_travel_to_treasure_island__on_the_island_the_boat_home_and_staying_still_work() -> None:
    """The same section: from the island, to any Port for free; or stay on the island."""
    from engine.prophecy.game import SYSTEM
    from engine.prophecy.water_realm.island.actions import LeaveIsland, StayOnIsland
    from tests.prophecy_water.island_helpers import on_island

    state = _island_game()
    on_island(state, "p1", phase="move")
    gold = state.player("p1").gold
    out = SYSTEM.apply(state, "p1", LeaveIsland(to="city")).state
    assert out.player("p1").board == "main" and out.player("p1").gold == gold
    stayed = SYSTEM.apply(state, "p1", StayOnIsland()).state
    assert stayed.player("p1").board == "island" and stayed.turn.phase == "act"


def test_coop_control__a_player_cannot_hand_her_seat_over() -> None:
    """Darkest Talisman, "If played as coop, each player controls one character and the decisions
    associated with him/her/it" (and C2e: nothing is given between characters unless an in-game
    effect allows it): a seat changes hands only by the table's decision (the vote on an absent
    player, /game seat), applied by the game master as TABLE_ACTOR, never by a player."""
    from engine.darkest_talisman import rules
    from engine.darkest_talisman.actions import HandOver
    from engine.darkest_talisman.game import SYSTEM
    from tests.talisman.helpers import coop

    state = coop(3)
    for actor, action in (("p1", HandOver(player="p2", to="p1", name="Ada")),  # taking another's seat
                          ("p2", HandOver(player="p2", to="p9", name="Dee")),  # giving one's own away
                          ("p3", {"type": "hand_over", "player": "p1", "to": "p3", "name": "Cy"})):
        err = _refused(SYSTEM, state, actor, action)
        assert err.key == "error.table_action_reserved"
        with pytest.raises(RuleError):  # the rules themselves refuse it, not only the guard
            rules.apply(state, actor, action)
    out = SYSTEM.apply(state, TABLE_ACTOR, HandOver(player="p2", to="p9", name="Dee")).state
    assert "p9" in out.slots and "p2" not in out.slots


@pytest.mark.parametrize("system_name", sorted(SYSTEMS))
@pytest.mark.parametrize("payload", NOT_ACTIONS, ids=repr)
def test_contract__a_payload_that_is_no_action_is_the_malformed_refusal(system_name: str, payload: Any) -> None:
    """A payload that is no mapping (None, 7, "move") or names no action is refused with the
    system's "malformed" rule error by apply and parse_action, never an AttributeError."""
    system = SYSTEMS[system_name]
    state = system.new_game(_seats(2), {}, 1).state
    err = _refused(system, state, "p1", payload)
    assert "malformed" in err.key
    with pytest.raises(RuleError) as info:
        system.parse_action(payload)
    assert "malformed" in info.value.key


async def test_contract__through_the_game_master_nothing_is_stored(tmp_path) -> None:
    """The game master's step (`gm/session/steps.py` `_apply`) hands a person's payload to the
    engine as it came: no mapping, a table action from a seat, an action of another place, all
    are refused with the rule error and nothing is committed; the table itself still hands a
    seat over (/game seat: the host proposes, the newcomer accepts)."""
    from engine.prophecy.water_realm.island.actions import StayOnIsland
    from gm.session import GameMaster
    from gm.store import SqliteStore

    store = SqliteStore(tmp_path / "gm.sqlite3")
    await store.open()
    gm = GameMaster(store, seed_source=lambda: 42)
    try:
        await gm.new_game(1, 10, 100, "alice", "prophecy")
        await gm.join(1, 200, "bob")
        res = await gm.start(1, 100)
        pend = res.system.pending(res.state)
        version, state = res.record.version, res.record.state
        for payload in (None, 7, "move", {}, {"type": "nonsense"}, StayOnIsland(),
                        res.system.resign_action("100"), res.system.hand_over_action("200", pend.player, "me")):
            with pytest.raises(RuleError):
                await gm.act(1, int(pend.player), payload)
        after = await gm.current(1)
        assert after.record.version == version and after.record.state == state
        await gm.propose_replace(1, 100, "200", "300")
        moved = await gm.accept_replace(1, 300, "carol", res.record.id, "200")
        assert moved.state.has_player("300") and not moved.state.has_player("200")
        assert any(step.actor == TABLE_ACTOR for step in moved.steps)
    finally:
        await gm.settle()
        await store.close()
