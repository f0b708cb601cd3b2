"""Map Fragments (Water Realm expansion rulebook, "Treasure Island": Chance Cards, Collecting Map
Fragments; ruling map_fragment_collect)."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.actions import UseOpportunity
from engine.prophecy.game import SYSTEM
from engine.prophecy.water_realm.island.actions import CollectMap
from engine.prophecy.water_realm.island.content import island_content
from tests.prophecy_water.island_helpers import (
    apply,
    begin_turn,
    fragments,
    game,
    idx,
    isl,
    kinds,
    lay,
    learn,
    legal_types,
    put,
    quiet,
    where_fragments,
)


def _draw_chance(state, card: str):
    """p1 ends a quiet turn; p2's turn begins with Chance card `card`."""
    begin_turn(state, "p1", phase="act")
    state.decks.chance.draw.append(card)
    return apply(state, "p1", {"type": "end_turn"})


def test_chance_cards__treasure_map_lays_one_fragment_on_its_space():
    """Chance Cards: Treasure Map takes the top Map Fragment and lays it on the space it shows."""
    state = quiet(game())
    top = isl(state).fragments[-1]
    state, events = _draw_chance(state, "treasure_map")
    i = isl(state)
    assert list(i.placed.values()) == [top]
    assert "island_map_placed" in kinds(events)


def test_chance_cards__treasure_maps_lays_two():
    state = quiet(game())
    state, _ = _draw_chance(state, "treasure_maps")
    assert len(isl(state).placed) == 2


def test_chance_cards__a_fragment_lies_under_the_adventures_there():
    """Chance Cards: the fragment goes under the Adventures of its space; it changes nothing about them."""
    state = quiet(game())
    card = isl(state).fragments[-1]
    space = island_content().fragment_space(card)
    assert space is not None
    put(state, space, _a_creature(state))
    state, _ = _draw_chance(state, "treasure_map")
    assert isl(state).placed[space] == card
    assert len(state.spaces[idx(space)]) == 1


def test_chance_cards__an_empty_pile_is_rebuilt_from_the_discarded_fragments():
    """Chance Cards: once the pile is empty, the discarded fragments are shuffled into a new one."""
    state = quiet(game())
    i = isl(state)
    i.discarded, i.fragments = list(i.fragments), []
    state, events = _draw_chance(state, "treasure_map")
    i = isl(state)
    assert "island_maps_reshuffled" in kinds(events)
    assert len(i.placed) == 1 and len(i.fragments) == 11 and not i.discarded


def test_chance_cards__all_fragments_in_play_does_nothing():
    """Chance Cards: with every fragment in play the card does nothing (and says so)."""
    state = quiet(game())
    fragments(state, "p2", 12)
    state, events = _draw_chance(state, "treasure_map")
    assert not isl(state).placed
    assert any(e.kind == "chance_no_effect" and e.data.get("why") == "island_all_maps" for e in events)


def test_collecting_map_fragments__taken_where_no_adventure_is_left():
    """Collecting Map Fragments: on a space with no Adventure card left, the character takes it."""
    state = quiet(game())
    lay(state, "plains_1")
    begin_turn(state, "p1", at="plains_1", phase="act")
    assert "island_collect" in legal_types(state, "p1")
    state, events = apply(state, "p1", {"type": "island_collect"})
    i = isl(state)
    assert "plains_1" not in i.placed and i.count("p1") == 1
    assert "island_map_collected" in kinds(events)


def test_collecting_map_fragments__not_while_a_creature_stays():
    """Collecting Map Fragments: every Creature must be beaten first."""
    state = quiet(game())
    lay(state, "plains_1")
    put(state, "plains_1", _a_creature(state))
    begin_turn(state, "p1", at="plains_1", phase="act")
    assert "island_collect" not in legal_types(state, "p1")
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", CollectMap())


def test_collecting_map_fragments__stealth_does_not_help():
    """Collecting Map Fragments: a Creature slipped past with Stealth stays, and so does the fragment."""
    state = quiet(game())
    lay(state, "plains_1")
    put(state, "plains_1", _a_creature(state))
    learn(state, "p1", "stealth")
    begin_turn(state, "p1", at="plains_1", phase="move")
    state, _ = apply(state, "p1", {"type": "move", "method": "stay", "to": "plains_1"})
    assert "avoid" in legal_types(state, "p1")
    state, _ = apply(state, "p1", {"type": "avoid"})
    assert state.turn is not None and state.turn.phase == "act"
    assert "island_collect" not in legal_types(state, "p1")


def test_collecting_map_fragments__not_while_an_opportunity_waits():
    """Collecting Map Fragments: every Opportunity must be used first."""
    state = quiet(game())
    lay(state, "plains_1")
    put(state, "plains_1", _an_opportunity(state))
    begin_turn(state, "p1", at="plains_1", phase="act")
    assert "island_collect" not in legal_types(state, "p1")


def test_collecting_map_fragments__any_number_held_and_the_count_is_public():
    """Collecting Map Fragments: no limit; everyone sees how many (which ones does not matter)."""
    state = quiet(game())
    fragments(state, "p1", 9)
    view = SYSTEM.view(state, "p2")
    assert view.standard.island.count("p1") == 9
    assert sorted(where_fragments(state)) == sorted(f for f in where_fragments(state))
    assert len(where_fragments(state)) == 12


def test_collecting_map_fragments__a_troll_cannot_pick_up_the_four_leaf_clover():
    """Collecting Map Fragments: "you can't pick up the Four-leaf Clover if you are a Troll", so
    the Clover stays and so does the fragment under it; another character may pick it up."""
    state = quiet(game(characters=["troll", "mystic"]))
    lay(state, "plains_1")
    clover = put(state, "plains_1", "four_leaf_clover")
    begin_turn(state, "p1", at="plains_1", phase="act")
    types = legal_types(state, "p1")
    assert "use_opportunity" not in types and "island_collect" not in types
    with pytest.raises(RuleError) as err:
        SYSTEM.apply(state, "p1", UseOpportunity(card=clover))
    assert err.value.key == "error.opportunity_not_for"
    state.player("p2").space = idx("plains_1")
    begin_turn(state, "p2", at="plains_1", phase="act")
    assert "use_opportunity" in legal_types(state, "p2")


def test_collecting_map_fragments__the_enchanted_flower_needs_lost_health():
    """Collecting Map Fragments: "you cannot sniff the Enchanted Flower unless you have lost
    Health to re-gain": with lost Magic only it stays (and so does the fragment); with lost
    Health she sniffs it and heals."""
    state = quiet(game())
    lay(state, "plains_1")
    flower = put(state, "plains_1", "enchanted_flower")
    p = state.player("p1")
    p.blue.right, p.blue.left = p.blue.right - 2, 2
    begin_turn(state, "p1", at="plains_1", phase="act")
    assert "use_opportunity" not in legal_types(state, "p1")
    assert "island_collect" not in legal_types(state, "p1")
    p = state.player("p1")
    p.red.right, p.red.left = p.red.right - 2, 2
    health = p.red.right
    state, _ = apply(state, "p1", {"type": "use_opportunity", "card": flower})
    assert state.player("p1").red.right == health + 2 and "island_collect" in legal_types(state, "p1")


def test_collecting_map_fragments__others_see_how_many_not_which():
    """Collecting Map Fragments: "Keep your Map Fragments ... face down. Everyone should be able
    to see how many you have": the other players' and the channel's view count them, only
    their holder sees which they are."""
    from engine.prophecy.standard.state import HIDDEN
    state = quiet(game())
    mine = fragments(state, "p1", 3)
    for viewer in ("p2", None):
        shown = SYSTEM.view(state, viewer).standard.island
        assert shown.count("p1") == 3 and shown.held["p1"] == [HIDDEN] * 3
        assert not set(mine) & set(str(shown.held))
    assert SYSTEM.view(state, "p1").standard.island.held["p1"] == mine


def _a_creature(state) -> str:
    from engine.prophecy.content import CreatureCard
    from engine.prophecy.standard import powers
    return next(c.id for c in powers.spack(state).as_pack().adventures if isinstance(c, CreatureCard)
                and not c.special("holds_on_start"))


def _an_opportunity(state) -> str:
    from engine.prophecy.content import OpportunityCard
    from engine.prophecy.standard import powers
    return next(c.id for c in powers.spack(state).as_pack().adventures if isinstance(c, OpportunityCard))


def test_chance_cards__every_chance_card_reads_as_one_sentence():
    """Chance Cards (Treasure Map, Treasure Maps, Legends of the Deeps among the base cards): the
    line that turns a card up ends with one full stop; the Treasure Map line ended in "..", and
    read "Map Fragments put in play: 1, each on ..." for a single fragment."""
    from engine.core.events import Event
    from engine.prophecy.view import view
    from systems.prophecy.describe import describe_event

    state = quiet(game(water_realm=True, new_cards=True))
    deck = state.decks.chance
    cards = set(deck.draw) | set(deck.discard)
    assert {"treasure_map", "treasure_maps"} <= cards
    for locale in ("en", "it"):
        for card in sorted(cards):
            line = describe_event(view(state, None), Event(kind="chance_drawn", player="p1", data={"card": card}), locale)
            assert line and ".." not in line and "{" not in line, (card, line)
        one = describe_event(view(state, None), Event(kind="chance_drawn", player="p1", data={"card": "treasure_map"}), locale)
        assert one is not None and ": 1," not in one, one
