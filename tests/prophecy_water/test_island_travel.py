"""Going to Treasure Island and away (Water Realm expansion rulebook, "Travel to Treasure Island";
rulings island_place, island_turn, island_sail, island_teleport, island_final_battle)."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.game import SYSTEM
from engine.prophecy.water_realm.island.actions import LeaveIsland, SailToIsland, StayOnIsland
from tests.prophecy_water.island_helpers import (
    apply,
    begin_turn,
    game,
    hold_artifacts,
    idx,
    kinds,
    learn,
    legal,
    legal_types,
    on_island,
    put,
    quiet,
)

PORT = "forest_1"  # a Port of the board (data/prophecy/base/board.yaml)


def test_travel__from_a_port_for_two_gold_the_round_trip():
    """Travel to Treasure Island: a boat from any Port costs 2 Gold; it is the movement."""
    state = quiet(game())
    begin_turn(state, "p1", at=PORT)
    state.player("p1").gold = 5
    state, events = apply(state, "p1", {"type": "island_go"})
    p = state.player("p1")
    assert p.board == "island" and p.gold == 3
    assert state.turn is not None and state.turn.movement_done and state.turn.phase == "act"
    assert "island_arrived" in kinds(events)


def test_travel__not_from_a_space_without_port_nor_without_the_gold():
    state = quiet(game())
    begin_turn(state, "p1", at="plains_1")
    assert "island_go" not in legal_types(state, "p1")
    begin_turn(state, "p1", at=PORT)
    state.player("p1").gold = 1
    assert "island_go" not in legal_types(state, "p1")
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", SailToIsland())


def test_travel__back_to_any_port_for_free():
    """Travel to Treasure Island: travel from the island to any Port is free."""
    state = quiet(game())
    on_island(state, "p1", phase="move")
    gold = state.player("p1").gold
    ports = {a["to"] for a in legal(state, "p1") if a["type"] == "island_leave" and a.get("via") is None}
    assert ports == {"forest_1", "forest_2", "city", "forest_4"}
    state, _ = apply(state, "p1", {"type": "island_leave", "to": "city"})
    p = state.player("p1")
    assert p.board == "main" and p.space == idx("city") and p.gold == gold


def test_travel__leaving_goes_on_as_an_arrival_on_the_port():
    """Travel: arriving at a Port from the island, its Creatures are fought as after any move."""
    state = quiet(game())
    put(state, "forest_2", _a_creature(state))
    on_island(state, "p1", phase="move")
    state, _ = apply(state, "p1", {"type": "island_leave", "to": "forest_2"})
    assert state.turn is not None and state.turn.phase == "fight"


def test_travel__wharf_rat_sails_both_ways_for_free():
    """Travel to Treasure Island: Wharf Rat travels to and from the island for free."""
    state = quiet(game())
    learn(state, "p1", "wharf_rat")
    begin_turn(state, "p1", at=PORT)
    state.player("p1").gold = 0
    state, _ = apply(state, "p1", {"type": "island_go"})
    assert state.player("p1").board == "island" and state.player("p1").gold == 0


def test_travel__nautical_rites_free_out_and_two_gold_back():
    """Travel to Treasure Island: Nautical Rites travels out for free and gets 2 Gold coming back."""
    state = quiet(game())
    learn(state, "p1", "nautical_rites")
    begin_turn(state, "p1", at=PORT)
    state.player("p1").gold = 0
    state, _ = apply(state, "p1", {"type": "island_go"})
    assert state.player("p1").gold == 0
    on_island(state, "p1", phase="move")
    state, _ = apply(state, "p1", {"type": "island_leave", "to": "city"})
    assert state.player("p1").gold == 2


def test_ruling_island_teleport__a_card_that_goes_anywhere_goes_there_too():
    """Travel to Treasure Island / ruling island_teleport: the Royal Cape (or Teleportation) takes
    its holder to the island and from it to any ring space; no Gold comes back that way."""
    state = quiet(game())
    hold_artifacts(state, "p1", "royal_cape")
    begin_turn(state, "p1", at="plains_1")
    assert SailToIsland(via="royal_cape") in SYSTEM.legal_actions(state, "p1")
    state, _ = apply(state, "p1", {"type": "island_go", "via": "royal_cape"})
    assert state.player("p1").board == "island"
    on_island(state, "p1", phase="move")
    assert LeaveIsland(to="village", via="royal_cape") not in SYSTEM.legal_actions(state, "p1")  # once a round
    state.standard.players["p1"].round_used.clear()
    state, _ = apply(state, "p1", {"type": "island_leave", "to": "village", "via": "royal_cape"})
    assert state.player("p1").space == idx("village") and state.player("p1").board == "main"


def test_ruling_island_turn__stay_and_no_creature_of_the_ring_holds_her():
    """Ruling island_turn: a Giant Spider on the ring space she sailed from does not hold her."""
    state = quiet(game())
    spider = next(c.id for c in _pack(state).adventures if getattr(c, "special", None) and c.special("holds_on_start"))
    put(state, PORT, spider)
    state.player("p1").space = idx(PORT)
    state.player("p1").board = "island"
    begin_turn(state, "p2", phase="act")
    state, _ = apply(state, "p2", {"type": "end_turn"})
    # p1's turn on the island: her movement, no fight
    assert state.turn is not None and state.turn.player == "p1" and state.turn.phase == "move"
    assert StayOnIsland() in SYSTEM.legal_actions(state, "p1")
    assert not {"move", "fight"} & legal_types(state, "p1")


def test_ruling_island_place__nothing_of_the_ring_is_done_on_the_island():
    state = quiet(game())
    on_island(state, "p1", phase="move")
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", {"type": "move", "method": "stay", "to": PORT})


def test_travel__attacks_on_the_island_only_between_its_characters():
    """Travel to Treasure Island: characters may fight on the island like on any space."""
    state = quiet(game(players=3))
    on_island(state, "p1")
    state.player("p2").board = "island"
    state.player("p3").space = state.player("p1").space  # on the ring space p1 came from
    targets = {a["target"] for a in legal(state, "p1") if a["type"] == "attack"}
    assert targets == {"p2"}


def test_ruling_island_final_battle__islanders_are_taken_to_the_battleground():
    """Ruling island_final_battle: when the Final Battle begins, nobody stays on the island."""
    state = quiet(game())
    state.player("p2").board = "island"
    from engine.prophecy.standard.state import FinalBattle
    state.standard.final_battle = FinalBattle(space="city")
    for p in state.players:
        p.space = idx("city")
    begin_turn(state, "p1", phase="act")
    state, _ = apply(state, "p1", {"type": "end_turn"})
    assert state.player("p2").board == "main"


def test_ruling_island_place__artifacts_of_the_dead_stay_on_the_island():
    """Ruling island_place: Artifacts of a character who dies there lie on the island for the
    next character who ends her movement there."""
    state = quiet(game(players=3))
    hold_artifacts(state, "p2", "crown_of_wisdom")
    p2 = state.player("p2")
    p2.board = "island"
    from engine.prophecy.context import Ctx
    from engine.prophecy.effects import lose_health
    from engine.prophecy.rules import pack_of
    ctx = Ctx(state=state, pack=pack_of(state))
    begin_turn(state, "p1", phase="act")
    lose_health(ctx, p2, p2.red.right + 1, "test")
    assert state.standard.dropped == {"treasure_island": ["crown_of_wisdom"]}
    begin_turn(state, "p3", at=PORT)
    state.player("p3").gold = 5
    state, _ = apply(state, "p3", {"type": "island_go"})
    assert state.standard.players["p3"].artifacts == ["crown_of_wisdom"]


def _pack(state):
    from engine.prophecy.standard import powers
    return powers.spack(state).as_pack()


def _a_creature(state) -> str:
    from engine.prophecy.content import CreatureCard
    return next(c.id for c in _pack(state).adventures if isinstance(c, CreatureCard) and not c.special("holds_on_start"))


def test_travel__italian_lines_name_the_ring_space_as_a_space():
    """"Travel to Treasure Island" and "Map Fragments": the Italian lines read "salpa da Bosco
    della Palude Oscura" and "compare a Pianure Dorate" (a bare preposition before a space
    name that takes an article); they now name it as "la casella ...", as the ring's lines do."""
    from engine.core.events import Event
    from engine.prophecy.view import view
    from systems.prophecy.describe import describe_event
    from systems.prophecy.names import Names

    state = game()
    n = Names(state, "it")
    port = "forest_2"
    name = n.space(port)
    for kind, data in (("island_arrived", {"frm": port, "cost": 2, "via": None}),
                       ("island_left", {"to": port, "gold": 0, "via": None}),
                       ("island_map_placed", {"space": port, "card": "x"}),
                       ("island_map_collected", {"space": port, "count": 1})):
        line = describe_event(view(state, None), Event(kind=kind, player="p1", data=data), "it")
        assert line and f"casella {name}" in line, line
        for bare in (f"da {name}", f"a {name}", f"per {name}"):
            assert f" {bare}" not in line, line
