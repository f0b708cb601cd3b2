""""New Adventures" -> "Mad Riddler" and the note on it in "New Cards for the Standard Game"
(Water Realm expansion), with the rulings riddle_questions, judges and mad_riddler_veterans."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.game import SYSTEM
from engine.prophecy.rules import pack_of
from engine.prophecy.standard.state import HIDDEN
from engine.prophecy.view import view
from engine.prophecy.water_realm.cards.talk import RIDDLE_QUESTIONS
from tests.prophecy_water.wr_cards_helpers import act, begin_turn, cards, cards_game, events_of, legal, put, quiet


def _visit(players: int = 3, secret: str = "thors_hammer"):
    st = quiet(cards_game(players))
    begin_turn(st, "p1", at="forest_1", phase="act")
    uid = put(st, "forest_1", "mad_riddler")
    st.decks.rare.draw.remove(secret)
    st.decks.rare.draw.append(secret)
    st, events = act(st, "p1", {"type": "use_opportunity", "card": uid})
    return st, uid, events


def test_new_cards_mad_riddler__keeps_a_rare_item_secret() -> None:
    """The Riddler's Item is drawn face down: nobody's view shows it."""
    st, uid, events = _visit()
    assert cards(st).riddles[uid] == "thors_hammer"
    assert events_of(events, "wrc_riddle_begins")
    for viewer in (None, "p1", "p2"):
        shown = view(st, viewer)
        assert shown.standard.cards.riddles[uid] == HIDDEN
        assert "thors_hammer" not in shown.model_dump_json(), "not even by elimination from the pile"


def test_new_cards_mad_riddler__answers_only_yes_or_no_and_truly() -> None:
    """The player answering the questions "should remain strictly neutral. Just say yes or no"
    ("Cooperative and Solo Game"): the bot answers each question from the card, truly."""
    st, _uid, _ = _visit()
    hammer = pack_of(st).item("thors_hammer")
    for question in ("rare", "weapon", "two_hands"):
        st, events = act(st, "p1", {"type": "wrc_choice", "option": question})
        said = events_of(events, "wrc_riddle_answer")[0].data
        assert said["answer"] is RIDDLE_QUESTIONS[question](hammer)
    q = cards(st).questions[0]
    assert q.left == 0 and set(q.options) == {"give_up", "guess"}, "three questions a visit"


def test_new_cards_mad_riddler__the_exact_name_wins_the_item() -> None:
    """Guessing right: the Item is hers and the Riddler leaves."""
    st, uid, _ = _visit()
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "guess"})
    assert SYSTEM.pending(st).kind == "wrc_name"
    st, events = act(st, "p1", {"type": "wrc_name", "text": "Thor's Hammer"})
    assert [i.card for i in st.player("p1").items] == ["thors_hammer"]
    assert not any(a.uid == uid for cards_ in st.spaces for a in cards_)
    assert "mad_riddler" in st.decks.adventure.discard
    assert events_of(events, "wrc_riddle_solved")


def test_new_cards_mad_riddler__stays_until_someone_guesses() -> None:
    """"Unlike other Opportunities, the Mad Riddler only disappears once someone has guessed
    correctly": a wrong name leaves him there, his Item goes under its deck (ruling
    riddle_questions), and he hides a new one next time."""
    st, uid, _ = _visit()
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "guess"})
    st, events = act(st, "p1", {"type": "wrc_name", "text": "Dagger"})
    assert events_of(events, "wrc_riddle_failed")
    assert any(a.uid == uid for a in st.spaces[st.player("p1").space])
    assert st.decks.rare.draw[0] == "thors_hammer"
    assert uid not in cards(st).riddles
    assert not st.player("p1").items


def test_new_cards_mad_riddler__once_a_turn() -> None:
    st, uid, _ = _visit()
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "give_up"})
    assert {"type": "use_opportunity", "card": uid} not in [a.model_dump() for a in legal(st, "p1")]
    with pytest.raises(RuleError):
        act(st, "p1", {"type": "use_opportunity", "card": uid})


def test_new_cards_mad_riddler__giving_up_keeps_his_secret() -> None:
    st, uid, _ = _visit()
    st, events = act(st, "p1", {"type": "wrc_choice", "option": "give_up"})
    assert cards(st).riddles[uid] == "thors_hammer"
    assert events_of(events, "wrc_riddle_given_up")


def test_new_cards_mad_riddler__a_description_goes_to_the_table() -> None:
    """"It is only necessary to unambiguously describe the Item": words that are no card's name
    are judged by the other players, who alone see the Item while they judge; more than half
    must agree (ruling judges)."""
    st, uid, _ = _visit(players=3)
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "guess"})
    st, _ = act(st, "p1", {"type": "wrc_name", "text": "the rare hammer you can throw at zombies"})
    pend = SYSTEM.pending(st)
    assert pend.kind == "wrc_judge" and pend.player == "p2" and pend.data["options"] == ["no", "yes"]
    assert view(st, "p2").standard.cards.questions[0].secret == "thors_hammer"
    assert view(st, "p1").standard.cards.questions[0].secret == HIDDEN
    assert view(st, None).standard.cards.questions[0].secret == HIDDEN
    st, _ = act(st, "p2", {"type": "wrc_choice", "option": "yes"})
    assert SYSTEM.pending(st).player == "p3"
    st, events = act(st, "p3", {"type": "wrc_choice", "option": "yes"})
    assert [i.card for i in st.player("p1").items] == ["thors_hammer"]
    assert events_of(events, "wrc_riddle_solved")


def test_new_cards_mad_riddler__a_split_table_refuses() -> None:
    st, uid, _ = _visit(players=3)
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "guess"})
    st, _ = act(st, "p1", {"type": "wrc_name", "text": "some sort of hammer"})
    st, _ = act(st, "p2", {"type": "wrc_choice", "option": "yes"})
    st, events = act(st, "p3", {"type": "wrc_choice", "option": "no"})
    assert events_of(events, "wrc_riddle_failed") and not st.player("p1").items


def test_new_cards_mad_riddler__left_out_for_new_players() -> None:
    """"The Adventure card Mad Riddler should be used only when all players know PROPHECY well":
    the table's option without him leaves him out of the deck (ruling mad_riddler_veterans)."""
    with_him = cards_game(seed=4)
    without = cards_game(seed=4, mad_riddler=False)
    everywhere = lambda st: st.decks.adventure.draw + [a.card for c in st.spaces for a in c]  # noqa: E731
    assert "mad_riddler" in everywhere(with_him)
    assert "mad_riddler" not in everywhere(without)
