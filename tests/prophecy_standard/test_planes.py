"""The Astral Planes (facts §1, §6; rulings astral_attack, astral_both_guardians,
astral_loss_and_draw, astral_revealed_stays, guardian_battles, guardian_rewards, power_up,
astral_only_bonuses)."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import HIDDEN
from tests.prophecy_standard.helpers import (
    apply,
    begin_turn,
    figures,
    kinds,
    learn,
    legal,
    legal_types,
    load,
    new_game,
    put,
    quiet,
    set_plane,
)

FIRE = "astral_fire"  # between plains_1 and mountains_1 on the project's board


def _at_fire(**options):  # type: ignore[no-untyped-def]  # tests are not type-checked
    state = quiet(new_game(2, **options))
    set_plane(state, FIRE, "stone_sentinel", "ancient_dragon", "royal_cape")
    begin_turn(state, "p1", at="plains_1", phase="act")
    figures(state, "p1", 8, 3)
    return state


def _attacks(state, player="p1"):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return [a for a in legal(state, player) if a["type"] == "attack"]


ATTACK = {"type": "attack", "target": FIRE, "battle": "strength"}


def test_facts_s1__a_plane_is_attacked_from_either_neighbouring_space():
    for space in ("plains_1", "mountains_1"):
        state = _at_fire()
        begin_turn(state, "p1", at=space, phase="act")
        assert {a["target"] for a in _attacks(state)} == {FIRE}
    state = _at_fire()
    begin_turn(state, "p1", at="forest_1", phase="act")
    assert _attacks(state) == []
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", ATTACK)


def test_ruling_astral_attack__not_while_a_creature_remains_and_once_a_turn():
    state = _at_fire()
    put(state, "plains_1", "wolf_pack")
    assert _attacks(state) == []
    state = _at_fire()
    load(state, 1, 6)
    state, events = apply(state, "p1", ATTACK)
    assert "guardian_stays" in kinds(events)
    assert _attacks(state) == [], "one attack a turn"
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", ATTACK)


def test_ruling_astral_attack__the_lesser_guardian_is_fought_first_turned_up_for_everyone():
    state = _at_fire()
    load(state, 1, 6)
    state, events = apply(state, "p1", ATTACK)
    revealed = next(e for e in events if e.kind == "guardian_revealed")
    assert revealed.data["card"] == "stone_sentinel" and revealed.reveals
    started = next(e for e in events if e.kind == "battle_started")
    assert started.data["card"] == "stone_sentinel" and started.data["creature_figure"] == 6


def test_ruling_astral_revealed_stays__a_revealed_guardian_stays_face_up_the_artifact_hidden():
    state = _at_fire()
    load(state, 1, 6)
    state, _ = apply(state, "p1", ATTACK)
    for viewer in (None, "p1", "p2"):
        plane = SYSTEM.view(state, viewer).standard.plane(FIRE)
        assert plane.lesser == "stone_sentinel"
        assert plane.greater == HIDDEN and plane.artifact == HIDDEN


def test_ruling_astral_loss_and_draw__a_loss_costs_one_health_a_draw_nothing_she_stays():
    state = _at_fire()
    load(state, 1, 6)  # 8+1 against 6+6
    state, _ = apply(state, "p1", ATTACK)
    p = state.player("p1")
    assert (p.red.right, p.red.left) == (7, 1) and p.space == 1
    assert state.standard.plane(FIRE).lesser == "stone_sentinel"
    state = _at_fire()
    load(state, 1, 3)  # 8+1 against 6+3
    state, events = apply(state, "p1", ATTACK)
    assert state.player("p1").red.right == 8 and "guardian_stays" in kinds(events)
    # another turn, from the other side, against the same Guardian with its full figures
    begin_turn(state, "p1", at="mountains_1", phase="act")
    load(state, 6, 1)
    state, events = apply(state, "p1", ATTACK)
    assert next(e for e in events if e.kind == "battle_started").data["creature_figure"] == 6


def test_ruling_guardian_rewards__lesser_pays_experience_and_its_reward_then_leaves_the_game():
    state = _at_fire()
    xp = state.player("p1").experience
    items = len(state.player("p1").items)
    load(state, 6, 1)
    state, events = apply(state, "p1", ATTACK)
    assert state.player("p1").experience == xp + 3
    assert len(state.player("p1").items) == items + 1, "the Stone Sentinel leaves a Common Item"
    assert state.standard.plane(FIRE).lesser is None
    assert "stone_sentinel" not in str(state.decks.model_dump()), "out of the game"


def test_ruling_astral_both_guardians__she_may_go_straight_on_against_the_greater_or_stop():
    state = _at_fire()
    load(state, 6, 1)
    state, _ = apply(state, "p1", ATTACK)
    pend = SYSTEM.pending(state)
    assert pend.kind == "decide_continue" and pend.player == "p1"
    acts = legal(state, "p1")
    assert acts[0] == {"type": "stop_attack"} and any(a["type"] == "attack" for a in acts)
    stopped, events = apply(state, "p1", {"type": "stop_attack"})
    assert "attack_stopped" in kinds(events) and stopped.turn.phase == "act"
    assert _attacks(stopped) == [], "the turn's attack is spent"
    # going on: the Greater Guardian is turned up (ruling guardian_turned_up), then fought with the
    # gear offered for it (her armour on), then the Artifact
    load(state, 6, 1)
    turned = SYSTEM.apply(state, "p1", ATTACK)
    offered = next(a for a in SYSTEM.legal_actions(turned.state, "p1") if a.type == "attack" and a.battle == "strength")
    state, events = apply(turned.state, "p1", offered)
    assert next(e for e in events if e.kind == "battle_started").data["card"] == "ancient_dragon"
    assert state.standard.players["p1"].artifacts == ["royal_cape"]
    assert state.standard.plane(FIRE).greater is None and state.standard.plane(FIRE).artifact is None
    assert next(e for e in events if e.kind == "artifact_gained").data["card"] == "royal_cape"


def test_ruling_astral_both_guardians__from_then_on_attacks_fight_the_greater():
    state = _at_fire()
    load(state, 6, 1)
    state, _ = apply(state, "p1", ATTACK)
    state, _ = apply(state, "p1", {"type": "stop_attack"})
    begin_turn(state, "p2", at="mountains_1", phase="act")
    figures(state, "p2", 5, 3)
    load(state, 1, 6)
    state, events = apply(state, "p2", ATTACK)
    assert next(e for e in events if e.kind == "battle_started").data["card"] == "ancient_dragon"


def test_ruling_astral_both_guardians__table_options_must_continue_and_next_attack():
    state = _at_fire(astral_greater_same_turn="must_continue")
    load(state, 6, 1)
    state, _ = apply(state, "p1", ATTACK)
    acts = legal(state, "p1")
    assert acts and all(a["type"] == "attack" for a in acts)
    state = _at_fire(astral_greater_same_turn="next_attack")
    load(state, 6, 1)
    state, _ = apply(state, "p1", ATTACK)
    assert not state.standard.decisions and state.turn.phase == "act"


def _turned_up(state):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """p1 attacks the Astral Plane of Fire: its face-down Guardian is turned up."""
    return SYSTEM.apply(state, "p1", ATTACK).state


def test_ruling_guardian_turned_up__the_buttons_before_never_depend_on_the_hidden_card():
    """Ruling guardian_turned_up: a face-down Guardian offers one attack (turning it up), the
    same whatever the card; the battle and gear are chosen once everybody sees it, and the
    attack cannot be called off then."""
    strength_first = _at_fire()
    wills_first = _at_fire()
    set_plane(wills_first, FIRE, "shade_warden", "lich_king", "orb_of_fate")
    assert _attacks(strength_first) == _attacks(wills_first) == [{**ATTACK, "weapon": None, "hand": [], "head": None,
                                                                  "body": [], "throw": False, "second": None, "spells": []}]
    out = SYSTEM.apply(wills_first, "p1", ATTACK)
    assert kinds(out.events) == ["plane_attacked", "guardian_revealed"]
    assert out.state.standard.plane(FIRE).up == ["lesser"]
    pend = SYSTEM.pending(out.state)
    assert pend.player == "p1" and pend.kind == "decide_continue"
    assert "stop_attack" not in legal_types(out.state, "p1")
    load(out.state, 6, 1)
    fought = SYSTEM.apply(out.state, "p1", {**ATTACK, "battle": "wills"})
    assert "plane_attacked" not in kinds(fought.events) and "battle_started" in kinds(fought.events)


def test_ruling_guardian_battles__strength_first_may_be_fought_with_wills_for_two_magic():
    state = _turned_up(_at_fire())
    acts = _attacks(state)
    assert {a["battle"] for a in acts} == {"strength", "wills"}
    figures(state, "p1", 8, 4)
    load(state, 6, 1)
    state, events = apply(state, "p1", {**ATTACK, "battle": "wills"})
    assert state.player("p1").blue.left == 2
    assert next(e for e in events if e.kind == "battle_started").data["player_figure"] == 2


def test_ruling_guardian_battles__willpower_first_allows_only_wills():
    state = _at_fire()
    set_plane(state, FIRE, "shade_warden", "lich_king", "orb_of_fate")
    state = _turned_up(state)
    assert {a["battle"] for a in _attacks(state)} == {"wills"}
    with pytest.raises(RuleError):
        SYSTEM.apply(state, "p1", ATTACK)


def test_ruling_power_up__a_token_adds_to_both_figures_of_the_planes_guardians():
    state = _at_fire(power_up=1)
    load(state, 1, 6)
    state, events = apply(state, "p1", ATTACK)
    assert next(e for e in events if e.kind == "battle_started").data["creature_figure"] == 7


def test_ruling_astral_only_bonuses__siege_veteran_counts_only_against_guardians():
    state = _at_fire()
    learn(state, "p1", "siege_veteran")
    load(state, 1, 6)
    state, events = apply(state, "p1", ATTACK)
    assert next(e for e in events if e.kind == "battle_started").data["player_figure"] == 10
    creature = quiet(new_game(2))
    learn(creature, "p1", "siege_veteran")
    put(creature, "forest_1", "wolf_pack")
    begin_turn(creature, "p1", at="village")
    figures(creature, "p1", 8, 3)
    creature, _ = apply(creature, "p1", {"type": "move", "method": "walk", "to": "forest_1"})
    load(creature, 6, 1)
    creature, events = apply(creature, "p1", {"type": "fight", "battle": "strength"})
    assert next(e for e in events if e.kind == "battle_started").data["player_figure"] == 8


def test_facts_s6__a_refused_attack_reveals_nothing():
    state = _at_fire()
    set_plane(state, FIRE, "shade_warden", "lich_king", "orb_of_fate")
    figures(state, "p1", 8, 0)
    for refused in ({**ATTACK, "battle": "wills"}, {**ATTACK, "spells": ["fireball"]}, {**ATTACK, "target": "nowhere"}):
        with pytest.raises(RuleError):
            SYSTEM.apply(state, "p1", refused)
    assert state.standard.plane(FIRE).up == []


@pytest.mark.parametrize("locale, lesser, greater", [
    ("en", "⚔️ The Lesser Guardian of the Astral Plane of Fire", "⚔️ The Greater Guardian"),
    ("it", "⚔️ Il Guardiano Minore del Portale Astrale del Fuoco", "⚔️ Il Guardiano Maggiore"),
])
def test_ruling_guardian_turned_up__the_prompt_is_headed_by_the_guardian_fought_now(locale, lesser, greater):
    """The Lesser Guardian just turned up is fought next: the prompt's field names it, not the
    Greater Guardian still face down behind it."""
    from systems.prophecy.describe import describe_action
    from systems.prophecy.prompt_text import standard_prompt

    out = SYSTEM.apply(_at_fire(), "p1", ATTACK)
    pend = SYSTEM.pending(out.state)
    assert pend.kind == "decide_continue"
    view = SYSTEM.view(out.state, "p1")
    acts = SYSTEM.legal_actions(out.state, "p1")
    words = standard_prompt(view, pend, acts, locale, lambda a: describe_action(view, "p1", a, locale))
    names = [name for name, _value in words.fields]
    assert lesser in names, names
    assert not any(name.startswith(greater) for name in names), names
