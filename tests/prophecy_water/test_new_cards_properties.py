"""Whole Standard games with the Water Realm expansion's new cards ("New Cards for the Standard
Game"), played by random players who also type descriptions, and by the AI: the Standard
invariants plus the new cards' own after every action (every card in exactly one place, the
Alchemist's card inside its copy, a stone inside its Item; questions wait on the living; the
secret Items stay secret in every view), byte-identical replay from the seed and JSON round
trips."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ai.simulate import play as ai_play
from engine.prophecy.content import display_name
from engine.prophecy.game import SYSTEM
from engine.prophecy.rules import pack_of
from engine.prophecy.standard.state import HIDDEN
from engine.prophecy.state import ProphecyState
from engine.prophecy.water_realm.cards.actions import NameCard
from engine.prophecy.water_realm.cards.adventures import PATH_BOARD
from engine.prophecy.water_realm.cards.content import VariantItem
from tests.prophecy.helpers import assert_replays
from tests.prophecy_standard.helpers import random_game
from tests.prophecy_standard.test_properties import check_invariants

PHRASES = ["a big sword", "the hammer", "something shiny for the head", "a potion", "that spear that glows"]


def census(state: ProphecyState) -> Counter[str]:
    """Every Item and Adventure card of the game, counted as the printed cards it stands for."""
    pack = pack_of(state)
    out: Counter[str] = Counter()

    def add(card_id: str) -> None:
        try:
            card = pack.item(card_id)
        except KeyError:
            out[card_id] += 1
            return
        if isinstance(card, VariantItem):
            if card.copied:
                out["unlicensed_alchemist"] += 1
                return
            out[card.printed] += 1
            if card.stone:
                out[card.stone] += 1
            return
        out[card_id] += 1

    for name in ("adventure", "common", "rare"):
        deck = getattr(state.decks, name)
        for c in deck.draw + deck.discard:
            add(c)
    for cards in state.spaces:
        for a in cards:
            add(a.card)
    for offer in state.offers.values():
        for i in offer:
            add(i.card)
    for p in state.players:
        for i in p.items:
            add(i.card)
    cs = state.standard.cards
    assert cs is not None
    for secret in cs.riddles.values():
        add(secret)
    for kept in cs.beasts.values():
        for c in kept:
            add(c)
    for stone in cs.stones.values():
        add(stone)
    for q in cs.questions:
        if q.kind == "alchemy":
            add(q.card)  # the Alchemist, between the price paid and the copy made
    return out


def check_cards(before: ProphecyState, after: ProphecyState) -> None:
    assert census(before) == census(after), "an Item or Adventure card lost or doubled"
    cs = after.standard.cards
    assert cs is not None
    for q in cs.questions:
        assert after.player(q.player).alive, "a question waits on the dead"
    for pid in cs.away:
        assert after.player(pid).board == PATH_BOARD
    for p in after.players:
        if p.board == PATH_BOARD:
            assert p.player in cs.away
    assert ProphecyState.model_validate_json(after.dump()).dump() == after.dump()


def check_views(state: ProphecyState) -> None:
    cs = state.standard.cards
    assert cs is not None
    for viewer in [None] + [p.player for p in state.players]:
        shown = SYSTEM.view(state, viewer).standard.cards
        assert all(v == HIDDEN for v in shown.riddles.values())
        for q, q_seen in zip(cs.questions, shown.questions, strict=False):
            if q.secret is not None:
                may = q.kind == "judge" and viewer in q.judges
                assert q_seen.secret == (q.secret if may else HIDDEN)


def chooser(state: ProphecyState, actor: str, rng: random.Random) -> Any:
    """A random legal player that also types a description when a card asks for one."""
    pend = SYSTEM.pending(state)
    if pend is not None and pend.kind == "wrc_name" and rng.random() < 0.7:
        items = [c for c in pack_of(state).items if not isinstance(c, VariantItem)]
        text = display_name(rng.choice(items), rng.choice(["en", "it"])) if rng.random() < 0.6 else rng.choice(PHRASES)
        return NameCard(text=text)
    acts = SYSTEM.legal_actions(state, actor)
    assert acts, f"{pend} has no legal action"
    return rng.choice(acts)


def play(seed: int, seats: int, expansion: dict[str, Any], max_actions: int = 4000):  # type: ignore[no-untyped-def]  # tests are not type-checked
    opts = {"version": "standard", "round_limit": 30,
            "standard": {"character_choice": "random", "expansion": {"new_cards": True, **expansion}}}

    def checked(n: int, pend: Any, before: ProphecyState, out: Any) -> None:
        check_invariants(before, pend.player, out.state)
        check_cards(before, out.state)
        if n % 5 == 0 or pend.kind.startswith("wrc_"):
            check_views(out.state)

    seat_list, state, log = random_game(seed, seats, opts, max_actions, choose=chooser, on_step=checked)
    return seat_list, opts, state, log


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63), seats=st.integers(min_value=2, max_value=5),
       mad_riddler=st.booleans())
def test_new_cards_property__random_games_keep_every_invariant_and_replay(seed, seats, mad_riddler):
    seat_list, opts, state, log = play(seed, seats, {"mad_riddler": mad_riddler})
    assert state.status == "finished", "random players finish (the round limit at worst)"
    assert_replays(seat_list, opts, seed, log, state)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_new_cards_property__ai_games_end_and_replay(seed):
    """The AI plays the new cards (riddles, smiths, the Doppelganger...) and its games end."""
    opts = {"version": "standard", "standard": {"character_choice": "random", "expansion": {"new_cards": True}}}
    rec = ai_play(["heuristic", "heuristic", "random"], seed, opts,
                  on_step=lambda before, actor, action, after: check_cards(before, after))
    assert rec.state is not None and rec.state.status == "finished"
    replay = SYSTEM.new_game(rec.seats, opts, seed).state
    for actor, payload in rec.actions:
        replay = SYSTEM.apply(replay, actor, payload).state
    assert replay.dump() == rec.state.dump()


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63), seats=st.integers(min_value=2, max_value=4))
def test_new_cards_property__with_the_whole_expansion_games_replay(seed, seats):
    """The new cards beside Treasure Island, the Water Realm and the new Artifacts: questions
    wait only on the living, the secrets stay hidden, and the game replays byte for byte."""
    opts = {"version": "standard", "round_limit": 20, "standard": {"character_choice": "random", "expansion": {
        "new_cards": True, "treasure_island": True, "water_realm": True, "artifacts": "new"}}}

    def checked(_n: int, pend: Any, _before: ProphecyState, out: Any) -> None:
        for q in out.state.standard.cards.questions:
            assert out.state.player(q.player).alive
        if pend.kind.startswith("wrc_"):
            check_views(out.state)

    seat_list, state, log = random_game(seed, seats, opts, 3000, choose=chooser, on_step=checked)
    assert_replays(seat_list, opts, seed, log, state)
