"""The new cards in words ("New Cards for the Standard Game", Water Realm expansion): every event
they cause, every button of theirs and every question they ask reads as a sentence in English
and Italian, with no id, key or template left in it."""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from engine.prophecy.rules import pack_of
from engine.prophecy.water_realm.cards.actions import NameCard
from engine.prophecy.water_realm.cards.content import wr_cards
from gm.i18n import catalogue
from systems.prophecy.describe import describe_action, describe_event
from systems.prophecy.prompt_text import standard_prompt
from systems.prophecy.riddles import judge_card_text
from tests.prophecy_water.test_new_cards_properties import chooser
from tests.prophecy_water.wr_cards_helpers import act, begin_turn, cards_game, give, load, put, quiet

#: what must never reach a reader: keys, templates, ids with underscores (every id of the new
#: cards has one, and so does every variant id)
RAW = re.compile(r"[{}]|\bwrc_|\bwrcards\.|\b[a-z0-9]+_[a-z0-9_]+\b")


def _ids() -> set[str]:
    content = wr_cards()
    return {c.id for c in [*content.items, *content.adventures]}


def _clean(text: str, ids: set[str], where: Any) -> None:
    assert text, where
    assert not RAW.search(text), (where, text)
    assert not any(i in text.split() for i in ids), (where, text)


def _scripted() -> list[tuple[Any, Any]]:
    """(event, state after) of the new cards' events that random games seldom reach."""
    out: list[tuple[Any, Any]] = []

    def run(st: Any, *steps: tuple[str, dict[str, Any]]) -> Any:
        for actor, action in steps:
            st, events = act(st, actor, action)
            out.extend((e, st) for e in events)
        return st

    st = quiet(cards_game(3))
    begin_turn(st, "p1", at="village", phase="act")
    st.player("p1").gold = 9
    sword, stone = give(st, "p1", "sword"), give(st, "p1", "astral_lawstone")
    iron = give(st, "p1", "astral_ironstone")
    artifact = st.standard.planes[0].artifact
    st.standard.players["p1"].artifacts.append(artifact)
    st.standard.planes[0].artifact = None
    scroll = give(st, "p1", "scroll_of_entrancement")
    give(st, "p2", "dagger")
    st = run(st, ("p1", {"type": "wrc_smith", "item": sword, "stone": stone}),
             ("p1", {"type": "wrc_smith", "item": artifact, "stone": iron}),
             ("p1", {"type": "use_item", "item": scroll}), ("p1", {"type": "wrc_choice", "option": "p2"}),
             ("p1", {"type": "wrc_name", "text": "Dagger"}))
    scroll = give(st, "p1", "scroll_of_entrancement")
    give(st, "p2", "wooden_shield")
    run(st, ("p1", {"type": "use_item", "item": scroll}), ("p1", {"type": "wrc_choice", "option": "p2"}),
        ("p1", {"type": "wrc_name", "text": "Greatsword"}))
    st = quiet(cards_game(3))
    begin_turn(st, "p1", at="forest_1", phase="act")
    st.player("p1").gold = 5
    give(st, "p1", "dagger")
    alchemist = put(st, "forest_1", "unlicensed_alchemist")
    riddler = put(st, "forest_1", "mad_riddler")
    st.decks.rare.draw.remove("thors_hammer")
    st.decks.rare.draw.append("thors_hammer")
    run(st, ("p1", {"type": "use_opportunity", "card": alchemist}),
        ("p1", {"type": "use_opportunity", "card": riddler}), ("p1", {"type": "wrc_choice", "option": "guess"}),
        ("p1", {"type": "wrc_name", "text": "Thor's Hammer"}))
    st = quiet(cards_game(2))
    begin_turn(st, "p1", at="forest_1", phase="fight")
    st.turn.fight = put(st, "forest_1", "beast")
    st.player("p1").red.right = 9
    load(st, 6, 1)
    run(st, ("p1", {"type": "fight", "battle": "strength"}))
    st = quiet(cards_game(2))
    begin_turn(st, "p1", at="forest_1", phase="fight")
    st.turn.fight = put(st, "forest_1", "wolf_pack")
    fates = give(st, "p1", "scroll_of_exchanging_fates")
    load(st, 1, 6)
    run(st, ("p1", {"type": "fight", "battle": "strength"}),
        ("p1", {"type": "wrc_fates", "item": fates, "own": 0, "foe": 0}))
    return out


@pytest.mark.parametrize("locale", ["en", "it"])
def test_new_cards_narration__the_rarer_events_read_too(locale) -> None:
    ids = _ids()
    kinds = set()
    for event, state in _scripted():
        line = describe_event(SYSTEM.view(state, None), event, locale)
        if line is None:
            continue
        kinds.add(event.kind)
        _clean(line, ids, (locale, event.kind))
    assert {"wrc_stone_set", "wrc_stone_set_artifact", "wrc_entranced", "wrc_entrance_failed", "wrc_duplicated",
            "wrc_riddle_solved", "wrc_beast_kept", "wrc_fates_exchanged", "wrc_scroll_read"} <= kinds


def _games(seeds: range) -> tuple[dict[str, Any], dict[str, Any], list[Any]]:
    """Events, pending kinds and buttons seen in random games with the new cards."""
    events: dict[str, Any] = {}
    prompts: dict[str, Any] = {}
    buttons: list[Any] = []
    seats = [Seat(player=f"s{i}", name=f"S{i}") for i in range(3)]
    for seed in seeds:
        opts = {"version": "standard", "round_limit": 25,
                "standard": {"character_choice": "random", "expansion": {"new_cards": True}}}
        out = SYSTEM.new_game(seats, opts, seed)
        state = out.state
        rng = random.Random(seed)
        for _ in range(2500):
            pend = SYSTEM.pending(state)
            if pend is None:
                break
            acts = SYSTEM.legal_actions(state, pend.player)
            if pend.kind.startswith("wrc_") or any(a.type.startswith("wrc_") for a in acts):
                prompts.setdefault(pend.kind, (state, pend, acts))
                buttons.extend((state, pend.player, a) for a in acts if a.type.startswith("wrc_"))
            action = chooser(state, pend.player, rng)
            if isinstance(action, NameCard):
                buttons.append((state, pend.player, action))
            step = SYSTEM.apply(state, pend.player, action)
            for e in step.events:
                events.setdefault(e.kind, (e, step.state))
            state = step.state
    return events, prompts, buttons


@pytest.fixture(scope="module")
def seen() -> tuple[dict[str, Any], dict[str, Any], list[Any]]:
    return _games(range(10))


@pytest.mark.parametrize("locale", ["en", "it"])
def test_new_cards_narration__every_event_reads_in_both_languages(seen, locale) -> None:
    events, _prompts, _buttons = seen
    ids = _ids()
    mine = [k for k in events if k.startswith("wrc_")]
    assert len(mine) >= 8, mine
    for kind, (event, state) in events.items():
        line = describe_event(SYSTEM.view(state, None), event, locale)
        if line is None:
            continue
        if kind.startswith("wrc_"):
            assert f"event.{kind}" in catalogue(locale), (locale, kind)
        _clean(line, ids, (locale, kind))


@pytest.mark.parametrize("locale", ["en", "it"])
def test_new_cards_narration__every_button_and_question(seen, locale) -> None:
    _events, prompts, buttons = seen
    ids = _ids()
    assert {"wrc_riddle", "wrc_copy", "wrc_doppel"} <= set(prompts), sorted(prompts)
    for state, actor, action in buttons[:400]:
        label = describe_action(SYSTEM.view(state, None), actor, action, locale)
        _clean(label, ids, (locale, action))
    for kind, (state, pend, acts) in prompts.items():
        shown = SYSTEM.view(state, None)
        words = standard_prompt(
            shown, pend, acts, locale, lambda a, shown=shown, pend=pend: describe_action(shown, pend.player, a, locale)
        )
        assert words.what and not words.what.startswith("splay.what.other"), kind
        _clean(words.what, ids, (locale, kind))
        for name, value in words.fields:
            _clean(f"{name} {value}", ids, (locale, kind, name))


def test_new_cards_narration__a_description_is_quoted_harmlessly() -> None:
    """A player's own words are shown as typed, but cannot ping anyone or format the message."""
    st = quiet(cards_game(3))
    begin_turn(st, "p1", at="village", phase="act")
    scroll = give(st, "p1", "scroll_of_entrancement")
    give(st, "p2", "dagger")
    st, _ = act(st, "p1", {"type": "use_item", "item": scroll})
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "p2"})
    st, events = act(st, "p1", {"type": "wrc_name", "text": "@everyone look at **this** `blade`"})
    line = next(describe_event(st, e, "en") for e in events if e.kind == "wrc_described")
    assert "@everyone" not in line and "**" not in line and "`" not in line
    assert "everyone" in line and "blade" in line


def test_new_cards_narration__a_judge_alone_sees_the_riddlers_card() -> None:
    """The judge's private look (the "Show me the card" button) names the card; anyone else is
    told they are not judging."""
    st = quiet(cards_game(3))
    begin_turn(st, "p1", at="forest_1", phase="act")
    uid = put(st, "forest_1", "mad_riddler")
    st.decks.rare.draw.remove("thors_hammer")
    st.decks.rare.draw.append("thors_hammer")
    st, _ = act(st, "p1", {"type": "use_opportunity", "card": uid})
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "guess"})
    st, _ = act(st, "p1", {"type": "wrc_name", "text": "a hammer for zombies"})

    class Found:
        record = type("R", (), {"id": 1})()
        state = st

        def view(self, viewer: str | None):  # type: ignore[no-untyped-def]  # tests are not type-checked
            return SYSTEM.view(st, viewer)

    for locale, name in (("en", "Thor's Hammer"), ("it", "Martello di Thor")):
        assert name in judge_card_text(Found(), "p2", locale)  # type: ignore[arg-type]  # a deliberately loose value from the test
        assert name not in judge_card_text(Found(), "p1", locale)  # type: ignore[arg-type]  # a deliberately loose value from the test
    assert pack_of(st).item("thors_hammer")
