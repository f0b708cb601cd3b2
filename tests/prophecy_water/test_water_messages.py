"""The Water Realm at the table: every event, button and prompt of the realm reads as a sentence
in English and Italian (no key, no id, no placeholder), the buttons say what waits where a move
ends (the card if face up, a face-down card otherwise, a Creature's figures and odds, the
Bubbles left and a warning before drowning), and the realm's picture is drawn while someone is
in it (systems/prophecy/water_realm/describe_water.py, board.py)."""
from __future__ import annotations

import re

import pytest

from engine.ai.simulate import play
from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from systems.prophecy.describe import describe_action, narrate
from systems.prophecy.prompt_text import standard_prompt
from systems.prophecy.turn import _water_picture
from systems.prophecy.water_realm.board import render_water
from tests.prophecy_water.water_helpers import begin, cell, dive, figures, idx, lay, open_gate, quiet, water_game

#: what must never reach a player: a placeholder, a key, an id with underscores, a hidden card's tag
RAW = re.compile(r"[{}]|\bwater[._]|face_down|\bNone\b|\b[a-z]+_[a-z_]+\b")


@pytest.fixture(scope="module")
def ai_game():
    """An AI game with the Water Realm, every step kept with its events."""
    steps = []
    opts = {"version": "standard", "round_limit": 30,
            "standard": {"character_choice": "random", "expansion": {"water_realm": True}}}

    def step(before, actor, action, after):  # type: ignore[no-untyped-def]  # tests are not type-checked
        steps.append((before, actor, action, after))

    play(["heuristic"] * 3, 3, opts, on_step=step)
    return steps


@pytest.mark.parametrize("locale", ["en", "it"])
def test_water_messages__narration_buttons_and_prompts_are_sentences(ai_game, locale):
    seen_water = 0
    for before, actor, action, _after in ai_game:
        out = SYSTEM.apply(before, actor, action)
        view = SYSTEM.view(out.state, None)
        lines = narrate(view, out.events, locale)
        for line in lines:
            assert not RAW.search(line), line
        seen_water += sum(1 for e in out.events if e.kind.startswith("water_"))
        pend = SYSTEM.pending(out.state)
        if pend is None or not (pend.kind.startswith("water") or out.state.standard.water.divers):
            continue
        acts = SYSTEM.legal_actions(out.state, pend.player)
        for a in acts:
            label = describe_action(view, pend.player, a, locale)
            assert label and not RAW.search(label), (a, label)
        words = standard_prompt(
            view, pend, acts, locale, lambda a, view=view, pend=pend: describe_action(view, pend.player, a, locale)
        )
        assert not RAW.search(words.what), words.what
        for name, value in words.fields:
            assert name.strip() and not RAW.search(name + value), (name, value)
            assert _heading_in_words(name), name
    assert seen_water > 20


def _heading_in_words(name: str) -> bool:
    """A field heading says what it holds in words, starting with a capital (not an icon alone,
    not a phrase written to follow "it is your turn:")."""
    letters = [c for c in name if c.isalpha()]
    return bool(letters) and letters[0].isupper()


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("kind", ["reveal", "steer", "exit", "mermaid"])
def test_water_messages__a_question_only_you_answer_has_headings_in_words(locale, kind):
    """The realm's side questions (which card to turn up, where the current carries you...):
    every heading of the prompt is words with a capital, e.g. "🔎 The cards you may turn up"."""
    from systems.prophecy.water_realm.describe_water import _p_ask

    words = _p_ask(kind)(None, None, [], None, locale, str)
    assert words.fields and all(_heading_in_words(name) for name, _value in words.fields), words.fields


def test_water_moving__every_move_button_says_what_waits_there():
    """Move buttons: the card if face up, "a face-down card" otherwise, a Creature's figures and
    odds, the Bubbles left; a warning when the last Bubble goes or running away drowns her."""
    state = quiet(water_game())
    open_gate(state)
    figures(state, "p1", 5, 4)
    dive(state, "p1", cell(2, 1), bubbles=1)
    lay(state, cell(2, 2), "moray_eel", up=True)
    lay(state, cell(2, 0), "kelp_forest", up=False)
    lay(state, cell(3, 1), "air_pocket", up=True)
    begin(state, "p1")
    view = SYSTEM.view(state, None)
    labels = {a.to: describe_action(view, "p1", a, "en") for a in SYSTEM.legal_actions(state, "p1")
              if a.type == "water_move" and a.to is not None}
    assert "Moray Eel" in labels[cell(2, 2)] and "S4" in labels[cell(2, 2)] and "%" in labels[cell(2, 2)]
    assert "face-down" in labels[cell(2, 0)] and "Kelp" not in labels[cell(2, 0)]
    assert "Air Pocket" in labels[cell(3, 1)]
    assert all("1 🫧 left" in text for text in labels.values())
    state.standard.water.divers["p1"].held = True  # type: ignore[union-attr]  # a Standard game, built by the test
    lay(state, cell(2, 1), "moray_eel", up=True)
    view = SYSTEM.view(state, None)
    text = next(describe_action(view, "p1", a, "en") for a in SYSTEM.legal_actions(state, "p1")
                if a.type == "water_move" and a.to == cell(1, 1))
    assert "running away" in text and "Health to the water" in text


def test_water_picture__drawn_only_while_someone_is_in_the_realm():
    """The second picture rides along with the turn message while someone is in the realm."""
    state = quiet(water_game(), board=False)
    open_gate(state)
    assert render_water(SYSTEM.view(state, None)) is None and _water_picture(SYSTEM.view(state, None), "en") == []
    dive(state, "p1", cell(2, 1))
    for locale in ("en", "it"):
        data = render_water(SYSTEM.view(state, None), locale)
        assert data is not None and data[:8] == b"\x89PNG\r\n\x1a\n"
    pictures = _water_picture(SYSTEM.view(state, None), "en")
    assert [name for name, _data in pictures] == ["water_realm.png"]


def test_water_gate_prompt__the_bags_and_what_waits_in_the_realm():
    """Beside the open Gate the prompt lists the bags and what the realm still holds."""
    state = quiet(water_game())
    open_gate(state)
    begin(state, "p1", phase="act")
    state.player("p1").space = idx("plains_1")
    state.player("p1").gold = 3
    pend = SYSTEM.pending(state)
    acts = SYSTEM.legal_actions(state, "p1")
    view = SYSTEM.view(state, None)
    words = standard_prompt(view, pend, acts, "en", lambda a: describe_action(view, "p1", a, "en"))
    gate = dict(words.fields).get("The Gate to the Water Realm", "")
    assert "3 Bubbles (1 Gold)" in gate and "Pearl" in gate
    assert "Dive in with 7 Bubbles (2 Gold)" in [describe_action(view, "p1", a, "en") for a in acts]


@pytest.mark.parametrize("locale, title", [("en", "Game #7: Prophecy (Standard Version + Water Realm), round 1"),
                                           ("it", "Prophecy (Versione Standard + Regno dell'Acqua)")])
def test_water_status__names_the_edition_and_heads_each_part_with_its_icon(locale, title):
    """/game status of an expansion game says which game it is (not just "Prophecy") and heads
    the expansion's parts like the others (🌌 Astral Planes, 🏝️ Treasure Island, 🌊 Water Realm)."""
    from systems.prophecy.embeds import status_embeds

    opts = {"version": "standard", "standard": {"character_choice": "random",
                                                "expansion": {"water_realm": True, "treasure_island": True}}}
    state = SYSTEM.new_game([Seat(player="p1", name="A"), Seat(player="p2", name="B")], opts, 3).state
    first = status_embeds(SYSTEM.view(state, None), 7, locale, "active")[0]
    assert title in (first.title or ""), first.title
    names = [f.name for f in first.fields]
    assert any(n.startswith("🏝️ ") for n in names) and any(n.startswith("🌊 ") for n in names), names


def test_italian_water_realm_lines_call_the_blue_cubes_mana_as_the_rest_of_the_game():
    """The Italian Basic rules call Magic "Mana", and so do the sheet and every other Italian
    line: the realm's own lines (paying the Skeletal Shark, Pressure Sense, the Pearl) must not
    switch to "Magia" for the same cubes."""
    import yaml

    from gm.i18n import LOCALES_DIR, t

    text = (LOCALES_DIR / "it" / "water_realm.yaml").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    assert yaml.safe_load(text)  # still a catalogue
    assert not [line for line in lines if re.search(r"\bMagia\b", line)]
    assert t("it", "water.action.shark", magic=2) == "Paga 2 Mana (risultato al massimo 2)"
