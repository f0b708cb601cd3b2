"""Every refusal the Standard rules can raise reads as a sentence in English and Italian
(a RuleError carries a key; the bot says it in the player's language)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.prophecy.actions import Move
from gm.i18n import catalogue

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "prophecy" / "standard"


def _keys() -> set[str]:
    keys: set[str] = set()
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for key in re.findall(r'RuleError\(f?"(error\.[a-z_{}.]+)"', text):
            if "{action.method}" in key:
                keys.update(key.replace("{action.method}", m) for m in Move.model_fields["method"].annotation.__args__)
            else:
                keys.add(key)
    return keys


@pytest.mark.parametrize("locale", ["en", "it"])
def test_every_standard_refusal_has_words(locale):
    keys = _keys()
    assert len(keys) > 20
    missing = sorted(k for k in keys if k not in catalogue(locale))
    assert missing == []


def test_a_move_line_names_the_price_of_the_battle_its_best_odds_need():
    """Basic rules, "Special Battles" (kept by the Standard Version): the Barrow Wight attacks
    with Willpower and may be fought with Strength for 1 Health (its card's ? rule). A move line
    toward it that quotes the Strength battle's odds says that battle's price; an Ogre (Strength
    first) costs nothing and says no price."""
    from engine.prophecy.actions import Move
    from systems.prophecy.prompt_text import std_destination_line
    from tests.prophecy_standard.helpers import begin_turn, figures, new_game, pack, put, quiet

    state = quiet(new_game(2, seed=5))
    board = pack().board.spaces
    start = next(s for s in board if s.kind == "plains")
    near = board[(pack().space_index(start.id) + 1) % len(board)].id
    begin_turn(state, "p1", at=start.id)
    figures(state, "p1", strength=6, willpower=2)
    wight = state.model_copy(deep=True)
    put(wight, near, "barrow_wight")
    line = std_destination_line(wight, "p1", Move(method="walk", to=near), "en", "walk")
    assert "(Battle of Strength, paying 1 Health)" in line, line
    ogre = state.model_copy(deep=True)
    put(ogre, near, "ogre")
    line = std_destination_line(ogre, "p1", Move(method="walk", to=near), "en", "walk")
    assert "(Battle of Strength)" in line and "paying" not in line, line
