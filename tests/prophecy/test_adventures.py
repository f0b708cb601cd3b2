"""Basic rules, "Adventure Cards", "Opportunities" and "Creatures"."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.actions import Bribe, EndTurn, Fight, Move, UseOpportunity
from engine.prophecy.content import pack_by_id
from engine.prophecy.rules import apply, legal_actions
from tests.prophecy.helpers import begin_turn, clear_board, load, new_game, put, space_index


def _terrain(state, kind="plains", n=0):
    pack = pack_by_id(state.options.pack)
    return [s.id for s in pack.board.spaces if s.kind == kind][n]


def _next(state, at, step=1):
    pack = pack_by_id(state.options.pack)
    return pack.space((space_index(state, at) + step) % len(pack.board.spaces)).id


def _setup(card: str, start_on_card: bool = False):
    state = new_game(2, seed=4)
    clear_board(state)
    target = _terrain(state)
    start = target if start_on_card else _next(state, target, -1)
    begin_turn(state, "p1", at=start)
    uid = put(state, target, card)
    return state, target, uid


def test_basic__adventures__creature_at_destination_must_be_fought():
    """Creatures: fighting a Creature is mandatory; nothing but the battle is allowed."""
    state, target, _ = _setup("t_wolf")
    out = apply(state, "p1", Move(method="walk", to=target))
    assert out.state.turn.phase == "fight"
    acts = legal_actions(out.state, "p1")
    assert acts and all(isinstance(a, Fight) for a in acts)
    with pytest.raises(RuleError) as err:
        apply(out.state, "p1", EndTurn())
    assert err.value.key == "error.wrong_phase"


def test_basic__adventures__starting_space_cards_do_not_affect_a_character_who_moves():
    """Adventure Cards: never affected by cards in the space where you start your movement."""
    state, target, _ = _setup("t_wolf", start_on_card=True)
    out = apply(state, "p1", Move(method="walk", to=_next(state, target)))
    assert out.state.turn.phase == "act"


def test_basic__adventures__staying_encounters_the_card_of_the_starting_space():
    """To encounter the card where you start, you must not move at all."""
    state, target, _ = _setup("t_wolf", start_on_card=True)
    out = apply(state, "p1", Move(method="stay", to=target))
    assert out.state.turn.phase == "fight"


def test_basic__adventures__no_encounter_before_moving():
    """It is not possible to encounter the card first and then move away."""
    state, target, uid = _setup("t_spring", start_on_card=True)
    state.player("p1").red.right -= 1
    state.player("p1").red.left += 1
    with pytest.raises(RuleError):
        apply(state, "p1", UseOpportunity(card=uid))


def test_basic__adventures__giant_spider_exception_holds_a_character_starting_there():
    """The Giant Spider is the exception: it affects a character starting her move in its space."""
    state, target, uid = _setup("t_spider", start_on_card=True)
    from engine.prophecy.context import Ctx
    from engine.prophecy.turns import start_turn
    ctx = Ctx(state=state, pack=pack_by_id(state.options.pack))
    state.decks.chance.draw.append(next(c.id for c in ctx.pack.chance if c.effect == "everyone_gains"))
    start_turn(ctx, "p1")
    assert state.turn.phase == "fight" and state.turn.after_fight == "move"
    fight = next(a for a in legal_actions(state, "p1") if isinstance(a, Fight))
    load(state, 1, 6)  # a loss: the spider holds the character
    out = apply(state, "p1", fight)
    assert out.state.turn.phase == "move" and out.state.turn.held
    assert [a.method for a in legal_actions(out.state, "p1")] == ["stay"]
    stayed = apply(out.state, "p1", Move(method="stay", to=target))
    assert stayed.state.turn.phase == "act"  # one battle a turn: staying does not fight it again
    load(state, 6, 1)  # a win: free to move on
    out = apply(state, "p1", fight)
    assert out.state.turn.phase == "move" and not out.state.turn.held
    assert {a.method for a in legal_actions(out.state, "p1")} >= {"walk", "stay"}


def test_basic__opportunities__optional_and_unused_ones_stay():
    """Opportunities: decide whether to use it; unused ones stay face-up in the space."""
    state, target, uid = _setup("t_chest")
    out = apply(state, "p1", Move(method="walk", to=target))
    assert out.state.turn.phase == "act"
    assert UseOpportunity(card=uid) in legal_actions(out.state, "p1")
    ended = apply(out.state, "p1", EndTurn())
    assert [a.uid for a in ended.state.spaces[space_index(state, target)]] == [uid]


def test_basic__opportunities__used_one_is_discarded():
    state, target, uid = _setup("t_chest")
    out = apply(state, "p1", Move(method="walk", to=target))
    gold = out.state.player("p1").gold
    used = apply(out.state, "p1", UseOpportunity(card=uid))
    assert used.state.player("p1").gold == gold - 1 + 3
    assert not used.state.spaces[space_index(state, target)]
    assert used.state.decks.adventure.discard[-1] == "t_chest"


def test_basic__opportunities__one_that_would_do_nothing_cannot_be_used():
    """Research ruling: an Opportunity with no effect (healing at full Health) cannot be used."""
    state, target, uid = _setup("t_spring")
    out = apply(state, "p1", Move(method="walk", to=target))
    assert UseOpportunity(card=uid) not in legal_actions(out.state, "p1")
    with pytest.raises(RuleError) as err:
        apply(out.state, "p1", UseOpportunity(card=uid))
    assert err.value.key == "error.opportunity_useless"


def test_basic__creatures__defeated_creature_is_discarded_and_gives_experience_and_treasure():
    """Creatures: defeat it, discard it, take its Experience and the treasure."""
    state, target, uid = _setup("t_ogre")
    out = apply(state, "p1", Move(method="walk", to=target))
    p = out.state.player("p1")
    xp, gold, items = p.experience, p.gold, len(p.items)
    load(out.state, 6, 1)
    won = apply(out.state, "p1", Fight(battle="strength"))
    q = won.state.player("p1")
    assert q.experience == xp + 2 and q.gold == gold + 3 and len(q.items) == items + 1
    assert not won.state.spaces[space_index(state, target)]
    assert "t_ogre" in won.state.decks.adventure.discard


@pytest.mark.parametrize("faces", [(1, 6), (3, 2)])
def test_basic__creatures__creature_that_wins_or_draws_stays_and_blocks_new_cards(faces):
    """When you draw or lose, the Creature stays face-up; no further cards may be placed there."""
    state, target, uid = _setup("t_wolf")
    out = apply(state, "p1", Move(method="walk", to=target))
    p = out.state.player("p1")
    p.red.right, p.red.left = 3, 0  # Strength 3 vs the wolf's 3: (3,2) is a win? 6 vs 5 -> use draw faces
    load(out.state, *faces)
    res = apply(out.state, "p1", Fight(battle="strength"))
    result = next(e.data["result"] for e in res.events if e.kind == "battle_result")
    if faces == (3, 2):
        assert result == "win"
        return
    assert result == "loss"
    cards = res.state.spaces[space_index(state, target)]
    assert [c.uid for c in cards] == [uid] and cards[0].face_up
    from engine.prophecy.chance import draw_chance
    from engine.prophecy.context import Ctx
    ctx = Ctx(state=res.state, pack=pack_by_id(state.options.pack))
    res.state.decks.chance.draw.append(next(c.id for c in ctx.pack.chance if c.effect == "terrain" and c.terrain == "plains"))
    draw_chance(ctx)
    assert [c.uid for c in res.state.spaces[space_index(state, target)]] == [uid]


def test_basic__creatures__draw_keeps_creature_and_costs_nothing():
    """If the battle is a draw, you receive nothing, but you also lose nothing."""
    state, target, uid = _setup("t_wolf")
    out = apply(state, "p1", Move(method="walk", to=target))
    p = out.state.player("p1")
    p.red.right, p.red.left = 3, 0
    before = (p.red.right, p.experience, p.gold)
    load(out.state, 4, 4)
    res = apply(out.state, "p1", Fight(battle="strength"))
    q = res.state.player("p1")
    assert (q.red.right, q.experience, q.gold) == before
    assert [c.uid for c in res.state.spaces[space_index(state, target)]] == [uid]


def test_basic__creatures__optional_rule_bribe_avoids_battle_and_creature_stays():
    """Special Battles: a rule marked ? is optional (e.g. Escaped Murderer)."""
    state, target, uid = _setup("t_murderer")
    out = apply(state, "p1", Move(method="walk", to=target))
    assert Bribe() in legal_actions(out.state, "p1")
    gold = out.state.player("p1").gold
    res = apply(out.state, "p1", Bribe())
    assert res.state.player("p1").gold == gold - 2
    assert res.state.turn.phase == "act"
    assert [c.uid for c in res.state.spaces[space_index(state, target)]] == [uid]
    out.state.player("p1").gold = 1
    assert Bribe() not in legal_actions(out.state, "p1")
