"""Basic rules, "Character Preparation", "What Good May Happen to a Character" and
"What Evil May Befall a Character": cubes, death, Magic, permanent gains from the bank."""
from __future__ import annotations

from engine.prophecy.actions import EndTurn, Fight, Move
from engine.prophecy.content import Effect, pack_by_id
from engine.prophecy.context import Ctx
from engine.prophecy.effects import apply_effect
from engine.prophecy.rules import apply, legal_actions
from tests.prophecy.helpers import begin_turn, clear_board, load, new_game, put


def _ctx(state):
    return Ctx(state=state, pack=pack_by_id(state.options.pack))


def test_basic__evil__health_loss_moves_cubes_left_not_to_the_bank():
    state = new_game(2, seed=1)
    p = state.player("p1")
    total, bank = p.red.total, state.bank_red
    apply_effect(_ctx(state), p, Effect(health=-2), "test")
    assert p.red.left == 2 and p.red.total == total and state.bank_red == bank


def test_basic__evil__losing_health_with_none_left_kills_and_the_rest_play_on():
    """No red cube to move when losing Health: she dies and her player has lost; others go on."""
    state = new_game(3, seed=1)
    clear_board(state)
    pack = pack_by_id(state.options.pack)
    target = [s.id for s in pack.board.spaces if s.kind == "plains"][0]
    begin_turn(state, "p1", at=target)
    put(state, target, "t_wolf")
    p = state.player("p1")
    p.red.left, p.red.right = p.red.total, 0
    out = apply(state, "p1", Move(method="stay", to=target))
    load(out.state, 1, 6)
    res = apply(out.state, "p1", Fight(battle="strength"))
    assert not res.state.player("p1").alive
    assert "character_died" in [e.kind for e in res.events]
    assert res.state.status == "active" and res.state.turn.player != "p1"
    assert legal_actions(res.state, "p1") == []


def test_basic__evil__last_living_character_wins():
    """Project choice (rules silent): when only one character is left alive, that player wins."""
    state = new_game(2, seed=1)
    p = state.player("p1")
    begin_turn(state, "p1")
    p.red.left, p.red.right = p.red.total, 0
    ctx = _ctx(state)
    apply_effect(ctx, p, Effect(health=-1), "test")
    assert state.status == "finished" and state.winner == "p2"


def test_basic__evil__magic_loss_never_kills():
    """Losing all Magic never kills; Willpower is then zero."""
    state = new_game(2, seed=1)
    p = state.player("p1")
    apply_effect(_ctx(state), p, Effect(magic=-20), "test")
    assert p.alive and p.willpower == 0 and p.blue.left == p.blue.total


def test_basic__good__healing_only_returns_lost_cubes():
    state = new_game(2, seed=1)
    p = state.player("p1")
    p.red.right -= 1
    p.red.left += 1
    apply_effect(_ctx(state), p, Effect(health=5), "test")
    assert p.red.left == 0 and p.red.right == p.red.total


def test_basic__good__permanent_strength_and_willpower_come_from_the_bank():
    """The only case where cubes move between the bank and the character."""
    state = new_game(2, seed=1)
    p = state.player("p1")
    red, blue, s, w = state.bank_red, state.bank_blue, p.red.total, p.blue.total
    apply_effect(_ctx(state), p, Effect(strength=1, willpower=1), "test")
    assert (state.bank_red, state.bank_blue) == (red - 1, blue - 1)
    assert (p.red.total, p.blue.total) == (s + 1, w + 1) and p.strength == s + 1 - p.red.left


def test_basic__good__an_empty_bank_gives_nothing():
    state = new_game(2, seed=1)
    state.bank_red = 0
    p = state.player("p1")
    s = p.red.total
    apply_effect(_ctx(state), p, Effect(strength=1), "test")
    assert p.red.total == s


def test_basic__good__item_found_is_drawn_from_its_deck():
    state = new_game(2, seed=1)
    p = state.player("p1")
    top = state.decks.rare.draw[-1]
    apply_effect(_ctx(state), p, Effect(draw=["rare"]), "test")
    assert p.items[-1].card == top


def test_basic__round__dead_character_never_acts():
    state = new_game(3, seed=1)
    begin_turn(state, "p1")
    state.player("p2").alive = False
    clear_board(state)
    state = apply(state, "p1", Move(method="stay", to=pack_by_id(state.options.pack).space(state.player("p1").space).id)).state
    while state.turn.player == "p1":
        state = apply(state, "p1", EndTurn()).state
    assert state.turn.player == "p3"
