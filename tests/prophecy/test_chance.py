"""Basic rules, "Drawing a Chance Card"."""
from __future__ import annotations

import pytest

from engine.core.system import Seat
from engine.prophecy.chance import draw_chance
from engine.prophecy.content import pack_by_id
from engine.prophecy.context import Ctx
from engine.prophecy.game import SYSTEM
from engine.prophecy.rules import apply, legal_actions
from engine.prophecy.state import OwnedItem
from tests.prophecy.helpers import begin_turn, clear_board, new_game, put, space_id


def _ctx(state):
    return Ctx(state=state, pack=pack_by_id(state.options.pack))


def _force_chance(state, card_id):
    state.decks.chance.draw.append(card_id)


def _card_named(effect, **kw):
    pack = pack_by_id("base")
    return next(c for c in pack.chance if c.effect == effect and all(getattr(c, k) == v for k, v in kw.items()))


def test_basic__round__each_turn_begins_with_a_chance_card():
    """One Round of the Game: first draw a Chance card."""
    out = SYSTEM.new_game([Seat(player="a", name="a"), Seat(player="b", name="b")], {}, 4)
    kinds = [e.kind for e in out.events]
    assert kinds.index("turn_started") < kinds.index("chance_drawn")
    assert out.state.chance_card is not None


@pytest.mark.parametrize("terrain", ["forest", "mountains", "plains"])
def test_basic__chance__terrain_card_fills_every_empty_space_of_that_terrain(terrain):
    """Mountains, Forest, Plains: one face-up Adventure on every EMPTY space of the terrain;
    a space still holding a card (a Creature that stayed) gets none."""
    state = new_game(2, seed=2)
    clear_board(state)
    pack = pack_by_id(state.options.pack)
    spaces = [s.id for s in pack.board.spaces if s.kind == terrain]
    blocker = put(state, spaces[0], "t_wolf")
    begin_turn(state, "p1")
    ctx = _ctx(state)
    _force_chance(state, _card_named("terrain", terrain=terrain).id)
    draw_chance(ctx)
    for sid in spaces:
        cards = state.spaces[pack.space_index(sid)]
        assert len(cards) == 1 and cards[0].face_up
    assert state.spaces[pack.space_index(spaces[0])][0].uid == blocker
    others = [i for i, s in enumerate(pack.board.spaces) if s.kind != terrain]
    assert all(not state.spaces[i] for i in others)


@pytest.mark.parametrize("space", ["city", "village"])
def test_basic__chance__merchant_discards_and_replaces_the_offer(space):
    """City Merchant, Tradesman: Items lying there are discarded first, then new ones dealt."""
    state = new_game(2, seed=2)
    card = _card_named("restock", restock_space=space)
    old = OwnedItem(uid="old1", card="t_sword")
    state.offers[space] = [old]
    begin_turn(state, "p1")
    _force_chance(state, card.id)
    draw_chance(_ctx(state))
    assert len(state.offers[space]) == card.restock_count
    assert "old1" not in [i.uid for i in state.offers[space]]
    assert "t_sword" in state.decks.common.discard


@pytest.mark.parametrize("field", ["health", "magic"])
def test_basic__chance__winds_heal_or_recharge_everyone(field):
    """Refreshing Wind, Kindly Wind, Magical Breeze: all players move cubes left to right."""
    state = new_game(3, seed=2)
    card = next(c for c in pack_by_id("base").chance if c.effect == "everyone_gains" and getattr(c.gain, field) > 0)
    for p in state.players:
        cubes = p.red if field == "health" else p.blue
        cubes.right -= 2
        cubes.left += 2
    begin_turn(state, "p1")
    _force_chance(state, card.id)
    draw_chance(_ctx(state))
    for p in state.players:
        cubes = p.red if field == "health" else p.blue
        assert cubes.left == 2 - min(2, getattr(card.gain, field))


def test_basic__chance__good_times_gives_everyone_gold():
    """Good Times: all players take Gold."""
    state = new_game(3, seed=2)
    card = next(c for c in pack_by_id("base").chance if c.effect == "everyone_gains" and c.gain.gold > 0)
    before = [p.gold for p in state.players]
    begin_turn(state, "p1")
    _force_chance(state, card.id)
    draw_chance(_ctx(state))
    assert [p.gold for p in state.players] == [g + card.gain.gold for g in before]


def test_basic__chance__charity_goes_to_whoever_has_least_ties_all_profit():
    """Charity: heals, recharges and gives Gold only to the player with the least; ties all profit."""
    state = new_game(3, seed=2)
    card = next(c for c in pack_by_id("base").chance if c.effect == "charity")
    p1, p2, p3 = state.players
    p1.gold, p2.gold, p3.gold = 1, 1, 6
    for p, lost in ((p1, 1), (p2, 2), (p3, 2)):
        p.red.right -= lost
        p.red.left += lost
    p1.red.right, p2.red.right, p3.red.right = 2, 2, 4
    begin_turn(state, "p1")
    _force_chance(state, card.id)
    draw_chance(_ctx(state))
    assert p1.gold == 1 + card.gain.gold and p2.gold == 1 + card.gain.gold and p3.gold == 6
    assert p1.red.left == 0 and p2.red.left == max(0, 2 - card.gain.health)
    assert p3.red.left == 2


def _stay_and_finish(state, player):
    """Stay in place, then keep taking the last legal action until the turn is over."""
    out = apply(state, player, {"type": "move", "method": "stay", "to": space_id(state, state.player(player).space)})
    state, events = out.state, list(out.events)
    while "turn_ended" not in [e.kind for e in events]:
        acts = legal_actions(state, player)
        out = apply(state, player, acts[-1] if state.turn.phase == "act" else acts[0])
        state, events = out.state, events + out.events
    return state, events


def test_basic__chance__peaceful_times_gives_an_extra_turn_without_chance_card():
    """Peaceful Times: the drawer takes another turn, and no Chance card is drawn in it."""
    state = new_game(2, seed=2)
    clear_board(state)
    begin_turn(state, "p1")
    _force_chance(state, _card_named("peaceful_times").id)
    draw_chance(_ctx(state))
    state, events = _stay_and_finish(state, "p1")
    assert state.turn.player == "p1" and state.turn.extra
    assert "chance_drawn" not in [e.kind for e in events]
    state, events = _stay_and_finish(state, "p1")
    assert state.turn.player == "p2" and not state.turn.extra
    assert "chance_drawn" in [e.kind for e in events]


def test_basic__card_decks__discards_reshuffled_when_deck_runs_out():
    """Card Decks: discarded cards lie face-up beside the deck; an empty deck is rebuilt from them."""
    state = new_game(2, seed=2)
    ctx = _ctx(state)
    d = state.decks.chance
    d.discard = d.draw + d.discard
    d.draw = []
    n = len(d.discard)
    begin_turn(state, "p1")
    draw_chance(ctx)
    assert "deck_reshuffled" in [e.kind for e in ctx.events]
    assert len(d.draw) + len(d.discard) == n
