"""Research facts the Standard engine uses that no ruling covers (facts §3, §5, §7, §8, §11),
and the check that every ruling and every facts section used has its test."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from engine.prophecy.context import Ctx
from engine.prophecy.effects import lose_health
from tests.prophecy_standard.helpers import (
    apply,
    begin_turn,
    figures,
    give,
    hold_artifacts,
    idx,
    kinds,
    learn,
    load,
    new_game,
    pack,
    quiet,
)

HERE = Path(__file__).parent
RULINGS = Path(__file__).resolve().parents[2] / "data" / "prophecy" / "standard" / "rulings.yaml"
#: the facts-sheet sections the engine relies on
FACTS_USED = ("s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11")


def test_facts_s8__characters_count_as_humanoid_in_fights_between_characters():
    state = quiet(new_game(2))
    state.player("p2").space = idx("forest_1")
    begin_turn(state, "p1", at="forest_1", phase="act")
    figures(state, "p1", 5, 3)
    figures(state, "p2", 3, 3)
    boots = give(state, "p1", "rangers_boots")  # +1 against humanoids and animals
    learn(state, "p1", "hunting")  # +2 against animals: not a character
    load(state, 6, 1)
    state, events = apply(state, "p1", {"type": "attack", "target": "p2", "battle": "strength", "body": [boots]})
    assert next(e for e in events if e.kind == "battle_started").data["player_figure"] == 6


def test_facts_s11_10__multiple_lives_never_apply_to_characters():
    state = quiet(new_game(2))
    state.player("p2").space = idx("forest_1")
    begin_turn(state, "p1", at="forest_1", phase="act")
    load(state, 6, 1)
    state, events = apply(state, "p1", {"type": "attack", "target": "p2", "battle": "strength"})
    assert next(e for e in events if e.kind == "battle_started").data["lives"] == 1
    assert kinds(events).count("battle_roll") == 1


def test_facts_s11_10__start_of_round_effects_once_a_round_even_with_extra_turns():
    state = quiet(new_game(2))
    hold_artifacts(state, "p1", "chalice_of_life")
    p = state.player("p1")
    p.red.right, p.red.left = p.red.right - 3, 3
    begin_turn(state, "p1", phase="act")
    state.turn.extra_turns = 1
    state, events = apply(state, "p1", {"type": "end_turn"})
    assert state.turn.extra and "healed" not in kinds(events)


def test_facts_s7__a_character_with_no_health_left_dies_and_her_player_is_out():
    state = quiet(new_game(3))
    begin_turn(state, "p1", phase="act")
    ctx = Ctx(state=state, pack=pack())
    lose_health(ctx, state.player("p2"), 99, "test")
    assert not state.player("p2").alive
    state.decks.chance.draw.append("good_times")
    state, _ = apply(state, "p1", {"type": "end_turn"})
    assert state.turn.player == "p3", "the dead take no turn"


def test_facts_s5__the_extras_are_discarded_at_the_end_of_the_round_not_at_once():
    state = quiet(new_game(2))
    for _ in range(9):
        give(state, "p1", "dagger")
    begin_turn(state, "p1", phase="act")
    assert len(state.player("p1").items) == 9
    state, events = apply(state, "p1", {"type": "end_turn"})
    assert "over_the_limit" in kinds(events)


def test_facts_s3__the_round_order_chance_move_adventures_services():
    state = quiet(new_game(2))
    begin_turn(state, "p1", phase="act")
    state.decks.chance.draw.append("good_times")
    state, events = apply(state, "p1", {"type": "end_turn"})
    ks = kinds(events)
    assert ks.index("turn_started") < ks.index("chance_drawn")
    assert state.turn.phase == "move"


def _test_names() -> list[str]:
    """Every test's name, plus "facts_sN" for each section a test docstring cites ("Facts §N")."""
    names: list[str] = []
    for path in HERE.glob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        names += re.findall(r"def (test_\w+)", text)
        for cited in re.findall(r"Facts (§[\d§/. ]+)", text):
            names += [f"facts_s{n}" for n in re.findall(r"§(\d+)", cited)]
    return names


def test_every_ruling_has_a_test_named_after_it():
    ids = [r["id"] for r in yaml.safe_load(RULINGS.read_text(encoding="utf-8"))["rulings"]]
    names = _test_names()
    missing = [i for i in ids if not any(n.startswith(f"test_ruling_{i}__") for n in names)]
    assert missing == []


def test_every_facts_section_used_has_a_test_named_after_it():
    names = _test_names()
    missing = [s for s in FACTS_USED if not any(re.search(rf"facts_{s}(_|$)", n) for n in names)]
    assert missing == []
