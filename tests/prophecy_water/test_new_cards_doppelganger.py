""""New Adventures" -> "Doppelganger" (Water Realm expansion), with the ruling doppelganger_choices."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.game import SYSTEM
from tests.prophecy_water.wr_cards_helpers import (
    act,
    begin_turn,
    cards_game,
    events_of,
    figures,
    give,
    learn,
    legal,
    load,
    put,
    quiet,
)


def _meet(players: int = 3):
    """p1 ends her movement on a Doppelganger."""
    st = quiet(cards_game(players))
    begin_turn(st, "p1", at="forest_1", phase="fight")
    uid = put(st, "forest_1", "doppelganger")
    st.turn.fight = uid
    figures(st, "p1", 4, 4)
    figures(st, "p2", 6, 3)
    figures(st, "p3", 2, 6)
    return st, uid


def test_new_cards_doppelganger__the_visitor_chooses_a_character() -> None:
    """"You choose a character": any living character but her own."""
    st, _uid = _meet()
    pend = SYSTEM.pending(st)
    assert pend.kind == "wrc_copy" and pend.player == "p1"
    assert set(pend.data["options"]) == {"p2", "p3"}
    assert {a.option for a in legal(st, "p1")} == {"p2", "p3"}
    with pytest.raises(RuleError):
        act(st, "p1", {"type": "fight", "battle": "strength"})


def test_new_cards_doppelganger__the_copied_player_decides_for_it() -> None:
    """"The player whose character is copied by the Doppelganger gets to make all the decisions
    for the Creature ... can choose to initiate a Battle of Wills": p2 picks, nobody else."""
    st, _uid = _meet()
    st, events = act(st, "p1", {"type": "wrc_choice", "option": "p2"})
    pend = SYSTEM.pending(st)
    assert pend.kind == "wrc_doppel" and pend.player == "p2"
    assert {"strength", "wills"} <= set(pend.data["options"])
    with pytest.raises(RuleError):
        act(st, "p1", {"type": "wrc_choice", "option": "strength"})
    st, events = act(st, "p2", {"type": "wrc_choice", "option": "strength"})
    assert events_of(events, "wrc_doppel_fights")[0].data["figure"] == 6
    fights = [a for a in legal(st, "p1") if a.type == "fight"]
    assert fights and all(a.battle == "strength" for a in fights), "the visitor fights the battle chosen"


def test_new_cards_doppelganger__fought_with_the_copied_figures_and_items() -> None:
    """"The battle is evaluated as though you fight against that character": her cubes and her
    best Items against the visitor."""
    st, _uid = _meet()
    give(st, "p2", "sword")
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "p2"})
    st, events = act(st, "p2", {"type": "wrc_choice", "option": "strength"})
    assert events_of(events, "wrc_doppel_fights")[0].data["figure"] == 6 + 2
    load(st, 6, 1)
    st, events = act(st, "p1", {"type": "fight", "battle": "strength"})
    started = events_of(events, "battle_started")[0].data
    assert (started["player_figure"], started["creature_figure"]) == (4, 8)


def test_new_cards_doppelganger__wills_costs_the_copy_not_the_character() -> None:
    """A Battle of Wills forced by the copy costs the copy's Magic (its figure drops), while "the
    real character copied by Doppelganger is not affected by the battle"."""
    st, _uid = _meet()
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "p3"})
    before = st.player("p3").model_copy(deep=True)
    st, events = act(st, "p3", {"type": "wrc_choice", "option": "wills"})
    assert events_of(events, "wrc_doppel_fights")[0].data["figure"] == 6 - 2
    load(st, 1, 6)
    st, _ = act(st, "p1", {"type": "fight", "battle": "wills"})
    assert st.player("p3") == before


def test_new_cards_doppelganger__scored_as_a_creature_battle() -> None:
    """"If the Doppelganger defeats you, you lose 1 Health ... If you win, you do not get any
    other reward ... other than the experience and the reward described on the card"."""
    st, uid = _meet()
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "p3"})
    st, _ = act(st, "p3", {"type": "wrc_choice", "option": "strength"})
    lost = st.model_copy(deep=True)
    load(lost, 1, 6)
    lost, events = act(lost, "p1", {"type": "fight", "battle": "strength"})
    assert lost.player("p1").red.right == 3 and any(a.uid == uid for c in lost.spaces for a in c)
    xp, gold = st.player("p1").experience, st.player("p1").gold
    load(st, 6, 1)
    st, events = act(st, "p1", {"type": "fight", "battle": "strength"})
    assert st.player("p1").experience == xp + 3 and st.player("p1").gold == gold + 2
    assert "doppelganger" in st.decks.adventure.discard
    assert not events_of(events, "duel_won"), "no spoils of a fight between characters"


def test_new_cards_doppelganger__bonus_spells_of_the_copy() -> None:
    """"use Spells and other Abilities known to the character": a bonus spell the copied player
    casts adds to the copy, paid from the copy's Magic only (ruling doppelganger_choices:
    Prayer and Curse are not cast by the copy)."""
    st, _uid = _meet()
    learn(st, "p2", "barkskin", "prayer")
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "p2"})
    options = SYSTEM.pending(st).data["options"]
    assert "strength:barkskin" in options and not any("prayer" in o for o in options)
    spelled, events = act(st, "p2", {"type": "wrc_choice", "option": "strength:barkskin"})
    assert events_of(events, "wrc_doppel_fights")[0].data["figure"] == 6 + 2
    assert spelled.player("p2").blue == st.player("p2").blue, "the real character's Magic is untouched"


def test_new_cards_doppelganger__alone_she_copies_herself() -> None:
    st = quiet(cards_game(2))
    begin_turn(st, "p1", at="forest_1", phase="fight")
    st.turn.fight = put(st, "forest_1", "doppelganger")
    st.player("p2").alive = False
    assert SYSTEM.pending(st).data["options"] == ["p1"]
