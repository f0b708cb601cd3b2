"""Whole games with the Water Realm, and in the "Lord of the Sea" variant, played by random legal
players and by the AI: invariants after every action (Bubbles never below zero, Health lost to
the water only once the Bubbles are out, every card of the realm in exactly one place, every
character in the realm alive and on its board), byte-identical replay from the seed and the
actions through JSON, JSON round trips, and views that never show a face-down card of the realm."""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ai.simulate import play as ai_play
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import HIDDEN
from engine.prophecy.state import ProphecyState
from engine.prophecy.water_realm.water.content import water_pack
from tests.prophecy.helpers import assert_replays, assert_round_trips
from tests.prophecy_standard.helpers import random_game

W = water_pack()
ITEMS, LORE, UNDER = set(W.item_ids()), set(W.waterlore_ids()), set(W.underwater_ids())
CARDS = Counter(W.positive_deck() + W.negative_deck())
VARIANTS = {"water": {"water_realm": True}, "lord": {"water_realm": True, "lord_of_the_sea": True}}


def check_invariants(before: ProphecyState, after: ProphecyState, events: list[Any]) -> None:
    sst = after.standard
    assert sst is not None and sst.water is not None
    w = sst.water
    for pid, d in w.divers.items():
        p = after.player(pid)
        assert p.alive and p.board == "water"
        assert d.bubbles >= 0 and d.used >= 0 and 0 <= d.cell < W.grid.size
    for p in after.players:
        if p.player not in w.divers:
            assert p.board != "water"
    # Health goes to the water only once the Bubbles are out
    drowned = {e.player for e in events if e.kind == "water_drowning"}
    for e in events:
        if e.kind == "health_lost" and e.data.get("reason") == "drowning":
            assert e.player in drowned
    for pid in drowned:
        d = w.divers.get(pid)
        assert d is None or d.bubbles == 0 or not after.player(pid).alive
    # every card of the realm in one place
    seen: Counter[str] = Counter()
    seen.update(gc.card for gc in w.cells if gc is not None)
    seen.update(w.aside)
    seen.update(w.removed)
    if w.mermaid:
        seen["the_little_mermaid"] += 1
    for p in after.players:
        seen.update(i.card for i in p.items if i.card in ITEMS)
        seen.update(a for a in sst.players[p.player].abilities if a in LORE)
    assert seen == CARDS, (seen - CARDS, CARDS - seen)
    for name in ("common", "rare"):
        deck = getattr(after.decks, name)
        assert not ITEMS & set(deck.draw + deck.discard)
    under: Counter[str] = Counter(w.underwater)
    for guild, offer in sst.guild_offers.items():
        under.update(c for c in offer if c in UNDER)
        # one pushed out of a guild's offer lies at the bottom of that deck until it is put back
        # on its own deck at the next action or turn
        under.update(c for c in sst.guild_decks[guild] if c in UNDER)
    for me in sst.players.values():
        under.update(a for a in me.abilities if a in UNDER)
    assert under == Counter(UNDER)
    if after.status == "active":
        assert SYSTEM.pending(after) is not None
    assert_round_trips(after)


def check_views(state: ProphecyState) -> None:
    w = state.standard.water  # type: ignore[union-attr]  # a Standard game, built by the test
    for viewer in [None] + [p.player for p in state.players]:
        shown = SYSTEM.view(state, viewer)
        sw = shown.standard.water  # type: ignore[union-attr]  # a Standard game, built by the test
        for real, seen in zip(w.cells, sw.cells, strict=False):
            if real is not None:
                assert seen.card == (real.card if real.up else HIDDEN)
        assert sw.aside == [HIDDEN] * len(w.aside)


def play_random(seed: int, seats: int, expansion: dict[str, Any], max_actions: int = 3000) -> None:
    opts = {"version": "standard", "round_limit": 40, "standard": {"character_choice": "random",
                                                                   "expansion": expansion}}

    def checked(step: int, _pend: Any, before: ProphecyState, out: Any) -> None:
        check_invariants(before, out.state, list(out.events))
        if step % 9 == 0:
            check_views(out.state)

    seat_list, state, log = random_game(seed, seats, opts, max_actions, on_step=checked)
    assert state.status == "finished"
    assert_replays(seat_list, opts, seed, log, state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63), seats=st.integers(min_value=2, max_value=5),
       variant=st.sampled_from(sorted(VARIANTS)))
def test_water_property__random_legal_games_keep_every_invariant_and_replay(seed, seats, variant):
    play_random(seed, seats, VARIANTS[variant])


def test_water_property__ai_games_dive_keep_the_invariants_end_and_replay():
    """The AI dives, buys a bag, makes for the Palace, comes back before drowning; its games end."""
    dived = 0
    for seed, variant in ((3, "water"), (5, "lord")):
        opts = {"version": "standard", "round_limit": 50,
                "standard": {"character_choice": "random", "expansion": VARIANTS[variant]}}
        events: list[list[Any]] = []

        def step(before, actor, action, after):  # type: ignore[no-untyped-def]  # tests are not type-checked
            check_invariants(before, after, [])

        rec = ai_play(["heuristic"] * 3, seed, opts, on_step=step)
        assert rec.state is not None and rec.state.status == "finished"
        dived += sum(1 for _a, act in rec.actions if act["type"] == "water_enter")
        replay = SYSTEM.new_game(rec.seats, rec.options, seed).state
        for actor, payload in rec.actions:
            replay = SYSTEM.apply(replay, actor, json.loads(json.dumps(payload, default=str))).state
        assert replay.dump() == rec.state.dump()
        del events
    assert dived > 0
