"""Hidden information is a view: what a seat and a spectator may see of a Prophecy game.

Basic rulebook sections the tests cite: "Card Decks" (shuffled decks lie face-down),
"Drawing a Chance Card" (an Adventure is placed face-up "without looking at it": nobody,
not even the drawer, knows the next card), "Acquiring a Certificate" / "Buying and Selling
Items" (what players own lies open in front of them: no private hand in the Basic Version).
"""
from __future__ import annotations

import random

import pytest

from engine.core.rng import Rng
from engine.core.system import Seat
from engine.orders.game import SYSTEM as ORDERS
from engine.orders.view import OrdersView
from engine.prophecy.game import SYSTEM
from engine.prophecy.state import AdventureOnSpace, ProphecyState
from engine.prophecy.view import HIDDEN_CARD, ProphecyView

PILES = ("adventure", "chance", "common", "rare")
#: seeds big enough that their decimal text cannot turn up by chance in a dump
SEEDS = (2**61 + 12_345, 2**60 + 777_777, 3 * 2**59 + 4_242)


def _seats(n: int = 3) -> list[Seat]:
    return [Seat(player=str(100 + i), name=f"P{i}") for i in range(n)]


def _played(seed: int, steps: int) -> list[ProphecyState]:
    """States of a game played by random legal choices, one per step."""
    state = SYSTEM.new_game(_seats(), {}, seed).state
    chooser = random.Random(seed)
    out = [state]
    for _ in range(steps):
        pend = SYSTEM.pending(state)
        if pend is None or state.status != "active":
            break
        acts = SYSTEM.legal_actions(state, pend.player)
        state = SYSTEM.apply(state, pend.player, chooser.choice(acts)).state
        out.append(state)
    return out


def _pile_texts(state: ProphecyState) -> list[str]:
    """Each face-down pile's real order as it would appear in JSON, when that order is telling."""
    out = []
    for name in PILES:
        draw = getattr(state.decks, name).draw
        if len(draw) >= 3 and draw != sorted(draw):
            out.append(", ".join(f'"{c}"' for c in draw).replace(", ", ","))
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_card_decks_a_view_never_holds_the_seed_the_generator_or_a_pile_order(seed: int) -> None:
    """Card Decks: the piles are face-down; the generator fixes every die and shuffle to come."""
    for state in _played(seed, 120)[::7]:
        secrets = [str(state.rng.seed), str(state.rng.state)] + _pile_texts(state)
        for viewer in [None] + [p.player for p in state.players]:
            shown = SYSTEM.view(state, viewer)
            text = shown.model_dump_json(by_alias=True)
            assert shown.rng is None and '"rng":null' in text
            for secret in secrets:
                assert secret not in text, (viewer, secret[:60])


def test_drawing_nobody_knows_the_next_card_views_do_not_depend_on_pile_order_or_generator() -> None:
    """Drawing a Chance Card: a card is placed "without looking at it". Two games that differ
    only in the order of every face-down pile and in the generator look exactly the same to
    every seat and to a spectator, so a view carries no trace of either."""
    state = _played(SEEDS[0], 40)[-1]
    other = state.model_copy(deep=True)
    shuffler = random.Random(5)
    for name in PILES:
        shuffler.shuffle(getattr(other.decks, name).draw)
    other.rng = Rng.from_seed(99)
    assert [getattr(other.decks, n).draw for n in PILES] != [getattr(state.decks, n).draw for n in PILES]
    for viewer in [None] + [p.player for p in state.players]:
        assert SYSTEM.view(state, viewer) == SYSTEM.view(other, viewer)


def test_card_decks_which_cards_are_left_and_how_many_stays_visible() -> None:
    """Every drawn card is shown and discards lie face-up, so what is left in a pile is known
    to all in the Basic Version (and /card counts copies in a deck from it); only order is hidden."""
    state = _played(SEEDS[1], 60)[-1]
    shown = SYSTEM.view(state, None)
    for name in PILES:
        real, seen = getattr(state.decks, name), getattr(shown.decks, name)
        assert sorted(real.draw) == seen.draw and real.discard == seen.discard
        assert shown.pile_sizes[name] == len(real.draw)


def test_open_play_a_seat_sees_what_a_spectator_sees_and_no_more_of_the_piles() -> None:
    """Buying and Selling Items / Acquiring a Certificate: Items, Gold, Experience and
    Certificates lie open in front of each player, so the Basic Version has no private hand;
    the piles stay face-down for the players too."""
    state = _played(SEEDS[2], 50)[-1]
    spectator = SYSTEM.view(state, None).model_dump(exclude={"viewer"})
    for p in state.players:
        mine = SYSTEM.view(state, p.player)
        assert mine.viewer == p.player
        assert mine.model_dump(exclude={"viewer"}) == spectator
        assert mine.player(p.player).items == state.player(p.player).items
        assert mine.player(p.player).gold == state.player(p.player).gold


def test_face_down_adventure_on_a_space_shows_only_its_back() -> None:
    """A face-down Adventure (the Standard game places some) shows that a card is there, not which."""
    state = SYSTEM.new_game(_seats(2), {}, SEEDS[0]).state
    state.spaces[3].append(AdventureOnSpace(uid="x1", card="secret_card", face_up=False))
    state.spaces[4].append(AdventureOnSpace(uid="x2", card="open_card", face_up=True))
    shown = SYSTEM.view(state, "100")
    assert [a.card for a in shown.spaces[3]] == [HIDDEN_CARD]
    assert [a.card for a in shown.spaces[4]] == ["open_card"]
    assert "secret_card" not in shown.model_dump_json()


def test_a_view_is_idempotent_and_offers_the_same_choices_but_cannot_be_played() -> None:
    """The bot builds buttons and autocomplete labels over the view; indexes must match the
    stored state's legal actions, and no rule can ever run on a view."""
    states = _played(SEEDS[0], 80)
    for state in states[::5]:
        shown = SYSTEM.view(state, None)
        assert isinstance(shown, ProphecyView) and SYSTEM.view(shown, None) == shown
        pend = SYSTEM.pending(state)
        if pend is None:
            continue
        assert SYSTEM.legal_actions(shown, pend.player) == SYSTEM.legal_actions(state, pend.player)
        assert SYSTEM.pending(shown) == pend
    state = states[-1]
    pend = SYSTEM.pending(state)
    assert pend is not None
    with pytest.raises(TypeError):
        SYSTEM.apply(SYSTEM.view(state, pend.player), pend.player, SYSTEM.legal_actions(state, pend.player)[0])


def test_orders_tracker_view_keeps_points_open_and_the_dice_generator_inside() -> None:
    """Magical Orders revised rules: ranks and points are kept openly; Call For Help rolls come
    from the tracker's generator, which no view carries."""
    seed = SEEDS[0]
    state = ORDERS.new_game([Seat(player="1", name="Ann", character="wizards")], {}, seed).state
    state = ORDERS.apply(state, "1", {"type": "points", "kind": "knowledge", "amount": 7}).state
    shown = ORDERS.view(state, None)
    assert isinstance(shown, OrdersView) and shown.rng is None
    assert shown.players == state.players
    text = shown.model_dump_json()
    assert str(seed) not in text and str(state.rng.state) not in text
    with pytest.raises(TypeError):
        ORDERS.apply(shown, "1", {"type": "points", "kind": "knowledge", "amount": 1})
