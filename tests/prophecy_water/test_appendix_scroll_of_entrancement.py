"""Appendix "Common and Rare Items" -> "Scroll of Entrancement" (Water Realm expansion), with the
rulings judges and entrancement_target."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.game import SYSTEM
from tests.prophecy_water.wr_cards_helpers import act, begin_turn, cards, cards_game, events_of, give, legal, quiet


def _reader(players: int = 3):
    st = quiet(cards_game(players))
    begin_turn(st, "p1", at="village", phase="act")
    scroll = give(st, "p1", "scroll_of_entrancement")
    return st, scroll


def _read(st, scroll, target="p2"):
    st, _ = act(st, "p1", {"type": "use_item", "item": scroll})
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": target})
    return st


def test_appendix_scroll_of_entrancement__exact_name_takes_the_item() -> None:
    """Naming one of her Items takes it; the scroll is discarded."""
    st, scroll = _reader()
    hammer = give(st, "p2", "thors_hammer")
    st = _read(st, scroll)
    assert SYSTEM.pending(st).kind == "wrc_name"
    st, events = act(st, "p1", {"type": "wrc_name", "text": "thor's hammer"})
    assert st.player("p1").item(hammer) is not None and st.player("p2").item(hammer) is None
    assert "scroll_of_entrancement" in st.decks.rare.discard
    assert events_of(events, "wrc_entranced")


def test_appendix_scroll_of_entrancement__italian_name_works_too() -> None:
    st, scroll = _reader()
    hammer = give(st, "p2", "thors_hammer")
    st = _read(st, scroll)
    st, _ = act(st, "p1", {"type": "wrc_name", "text": "Martello di Thor"})
    assert st.player("p1").item(hammer) is not None


def test_appendix_scroll_of_entrancement__a_description_is_judged_by_the_table() -> None:
    """"The guesser only has to specify the correct card, he does not need to remember its exact
    name": words that are no card's name go to the other players, who pick by buttons which of
    her Items they describe; more than half must agree (ruling judges: the one robbed judges
    only when nobody else can)."""
    st, scroll = _reader(players=4)
    hammer = give(st, "p2", "thors_hammer")
    give(st, "p2", "dagger")
    st = _read(st, scroll)
    st, events = act(st, "p1", {"type": "wrc_name", "text": "that rare zombie-killing throwing hammer that always breaks"})
    pend = SYSTEM.pending(st)
    assert pend.kind == "wrc_judge" and pend.player == "p3", "p2 is robbed: p3 and p4 judge"
    assert set(pend.data["options"]) == {"none", hammer, st.player("p2").items[1].uid}
    assert cards(st).questions[0].judges == ["p3", "p4"]
    st, _ = act(st, "p3", {"type": "wrc_choice", "option": hammer})
    assert SYSTEM.pending(st).player == "p4", "one vote of two is not more than half"
    st, events = act(st, "p4", {"type": "wrc_choice", "option": hammer})
    assert st.player("p1").item(hammer) is not None
    assert events_of(events, "wrc_entranced")


def test_appendix_scroll_of_entrancement__the_table_refuses() -> None:
    st, scroll = _reader(players=3)
    hammer = give(st, "p2", "thors_hammer")
    st = _read(st, scroll)
    st, _ = act(st, "p1", {"type": "wrc_name", "text": "the shiny thing"})
    assert SYSTEM.pending(st).player == "p3"
    st, events = act(st, "p3", {"type": "wrc_choice", "option": "none"})
    assert st.player("p2").item(hammer) is not None
    assert events_of(events, "wrc_entrance_failed")


def test_appendix_scroll_of_entrancement__two_players_the_robbed_never_judges_her_own_loss() -> None:
    """Two players: the one robbed would judge her own loss, so the bot judges (ruling judges):
    "that rare ... hammer" points at Thor's Hammer alone ("he does not need to remember its
    exact name"), and she is never asked."""
    st, scroll = _reader(players=2)
    hammer = give(st, "p2", "thors_hammer")
    give(st, "p2", "dagger")
    st = _read(st, scroll)
    st, events = act(st, "p1", {"type": "wrc_name", "text": "that rare zombie-killing throwing hammer"})
    assert not cards(st).questions
    assert st.player("p1").item(hammer) is not None
    assert events_of(events, "wrc_bot_judged") and events_of(events, "wrc_entranced")


@pytest.mark.parametrize("text,takes", [
    ("the hammers", "thors_hammer"),            # a plural of a word of its name
    ("il martello", "thors_hammer"),            # a word of its Italian name
    ("a rare thrown weapon", "thors_hammer"),   # no name word: two or more traits, one Item fits
    ("something shiny", None),                  # nothing the bot can check
    ("a weapon", None),                         # one trait, and both are weapons: not precise enough
])
def test_appendix_scroll_of_entrancement__the_bot_judges_a_two_player_description(text, takes) -> None:
    st, scroll = _reader(players=2)
    got = {"thors_hammer": give(st, "p2", "thors_hammer"), "dagger": give(st, "p2", "dagger")}
    st = _read(st, scroll)
    st, events = act(st, "p1", {"type": "wrc_name", "text": text})
    assert not cards(st).questions
    if takes is None:
        assert events_of(events, "wrc_entrance_failed") and len(st.player("p2").items) == 2
    else:
        assert st.player("p1").item(got[takes]) is not None


def test_appendix_scroll_of_entrancement__the_readers_prompt_never_names_her_items() -> None:
    """The reader is told how many Items she may take and their kind, not their names: naming
    the card is the reader's part."""
    from systems.prophecy.describe import describe_action
    from systems.prophecy.names import Names
    from systems.prophecy.prompt_text import standard_prompt

    st, scroll = _reader(players=2)
    give(st, "p2", "thors_hammer")
    st = _read(st, scroll)
    pend = SYSTEM.pending(st)
    shown = SYSTEM.view(st, "p1")
    for locale in ("en", "it"):
        words = standard_prompt(
            shown, pend, legal(st, "p1"), locale, lambda a, locale=locale: describe_action(shown, "p1", a, locale)
        )
        text = words.what + "\n".join(f"{k} {v}" for k, v in words.fields)
        name = Names(shown, locale).card("thors_hammer")
        assert name not in text and "Thor" not in text, text
        assert ("1 Item the scroll may take" if locale == "en" else "1 Oggetto che la pergamena può prendere") in text
        assert ("the bot does" if locale == "en" else "giudica il bot") in text


def test_appendix_scroll_of_entrancement__items_with_stones_and_not_lone_stones() -> None:
    """"This scroll also allows you to steal Items with integrated Astral Stones ..., but not
    Artifacts or Astral Stones alone": a character with only a loose stone cannot be chosen;
    a sword with a stone can be taken, stone and all."""
    st, scroll = _reader()
    give(st, "p2", "astral_lawstone")
    assert not [a for a in legal(st, "p1") if a.type == "use_item"], "nobody with an Item to take"
    with pytest.raises(RuleError):
        act(st, "p1", {"type": "use_item", "item": scroll})
    sword = give(st, "p2", "sword")
    st.player("p2").items[-1].card = "sword__stone_astral_lawstone"
    st = _read(st, scroll)
    st, _ = act(st, "p1", {"type": "wrc_name", "text": "Sword"})
    assert st.player("p1").item(sword).card == "sword__stone_astral_lawstone"


def test_appendix_scroll_of_entrancement__an_exact_name_she_does_not_hold_fails() -> None:
    st, scroll = _reader()
    give(st, "p2", "dagger")
    st = _read(st, scroll)
    st, events = act(st, "p1", {"type": "wrc_name", "text": "Greatsword"})
    assert events_of(events, "wrc_entrance_failed") and not cards(st).questions


def test_appendix_scroll_of_entrancement__only_the_reader_answers() -> None:
    st, scroll = _reader()
    give(st, "p2", "dagger")
    st = _read(st, scroll)
    with pytest.raises(RuleError):
        act(st, "p2", {"type": "wrc_name", "text": "Dagger"})
    with pytest.raises(RuleError):
        act(st, "p1", {"type": "end_turn"})


def test_ruling_judges__a_judge_who_leaves_no_longer_counts() -> None:
    """Nobody waits on a player who left: her vote is dropped and the others decide."""
    st, scroll = _reader(players=4)
    hammer = give(st, "p2", "thors_hammer")
    st = _read(st, scroll)
    st, _ = act(st, "p1", {"type": "wrc_name", "text": "the hammer"})
    assert SYSTEM.pending(st).player == "p3"
    st, _ = act(st, "gm", {"type": "resign", "player": "p3"})
    assert SYSTEM.pending(st).player == "p4" and cards(st).questions[0].judges == ["p4"]
    st, _ = act(st, "p4", {"type": "wrc_choice", "option": hammer})
    assert st.player("p1").item(hammer) is not None


def test_ruling_judges__the_reader_leaving_drops_the_question() -> None:
    st, scroll = _reader(players=3)
    give(st, "p2", "thors_hammer")
    st = _read(st, scroll)
    st, _ = act(st, "gm", {"type": "resign", "player": "p1"})
    assert not cards(st).questions
    assert SYSTEM.pending(st) is None or SYSTEM.pending(st).player != "p1"
