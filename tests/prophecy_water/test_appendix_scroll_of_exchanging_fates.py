"""Appendix "Common and Rare Items" -> "Scroll of Exchanging Fates" (Water Realm expansion)."""
from __future__ import annotations

from engine.prophecy.water_realm.cards.actions import ExchangeFates
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


def _battle(*faces: int, spells: tuple[str, ...] = ()):
    """p1 fights a Wolf Pack (Strength 3) with Strength 3, holding the scroll."""
    st = quiet(cards_game())
    begin_turn(st, "p1", at="forest_1", phase="fight")
    figures(st, "p1", 3, 4)
    uid = put(st, "forest_1", "wolf_pack")
    st.turn.fight = uid
    scroll = give(st, "p1", "scroll_of_exchanging_fates")
    learn(st, "p1", *spells)
    load(st, *faces)
    return st, scroll


def test_appendix_scroll_of_exchanging_fates__swap_after_the_roll() -> None:
    """Once the dice have fallen and the roll is lost, the battle waits: the scroll swaps her die
    with the opponent's (1 against 6 becomes 6 against 1) and the roll is judged again."""
    st, scroll = _battle(1, 6)
    st, events = act(st, "p1", {"type": "fight", "battle": "strength"})
    assert events_of(events, "battle_roll")[0].data["result"] == "loss"
    swap = ExchangeFates(item=scroll, own=0, foe=0)
    assert swap in legal(st, "p1")
    st, events = act(st, "p1", swap)
    judged = events_of(events, "wrc_fates_exchanged")[0].data
    assert (judged["light"], judged["dark"], judged["result"]) == (6, 1, "win")
    assert events_of(events, "creature_defeated")
    assert st.player("p1").item(scroll) is None, "the scroll is discarded"
    assert "scroll_of_exchanging_fates" in st.decks.rare.discard


def test_appendix_scroll_of_exchanging_fates__not_offered_on_a_win() -> None:
    """Nothing to change when the roll is won: the battle does not wait for the scroll."""
    st, scroll = _battle(6, 1)
    st, events = act(st, "p1", {"type": "fight", "battle": "strength"})
    assert events_of(events, "creature_defeated")
    assert st.player("p1").item(scroll) is not None


def test_appendix_scroll_of_exchanging_fates__example_with_prayer_and_curse() -> None:
    """The Appendix's example: with several dice each side keeps its best (Prayer) or worst
    (Curse) after the swap. She prays (dice 1 and 2, keeps 2) and curses the wolves (3, 6 and
    5, they keep 3): a loss. Swapping her 1 for their 6 leaves her 6 and 2, them 3, 1 and 5:
    she keeps 6, they keep 1."""
    st, scroll = _battle(1, 2, 3, 6, 5, spells=("prayer", "curse"))
    st, events = act(st, "p1", {"type": "fight", "battle": "strength", "spells": ["prayer", "curse"]})
    roll = events_of(events, "battle_roll")[0].data
    assert roll["own_rolls"] == [1, 2] and roll["foe_rolls"] == [3, 6, 5] and roll["result"] == "loss"
    offered = [a for a in legal(st, "p1") if a.type == "wrc_fates"]
    assert ExchangeFates(item=scroll, own=0, foe=1) in offered
    st, events = act(st, "p1", ExchangeFates(item=scroll, own=0, foe=1))
    judged = events_of(events, "wrc_fates_exchanged")[0].data
    assert judged["own_rolls"] == [6, 2] and judged["foe_rolls"] == [3, 1, 5]
    assert (judged["light"], judged["dark"]) == (6, 1)


def test_appendix_scroll_of_exchanging_fates__only_swaps_that_help() -> None:
    """Every offered swap makes the roll better for her; the same outcome is offered once."""
    st, scroll = _battle(1, 2, 3, 6, 5, spells=("prayer", "curse"))
    st, _ = act(st, "p1", {"type": "fight", "battle": "strength", "spells": ["prayer", "curse"]})
    offered = [a for a in legal(st, "p1") if a.type == "wrc_fates"]
    outcomes = set()
    for a in offered:
        own, foe = [1, 2], [3, 6, 5]
        own[a.own], foe[a.foe] = foe[a.foe], own[a.own]
        outcomes.add((max(own), min(foe)))
        assert 3 + max(own) >= 3 + min(foe), "no swap that leaves her losing"
    assert len(outcomes) == len(offered)
