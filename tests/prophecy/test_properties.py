"""Whole random games checked after every action (hypothesis), determinism, JSON round trips,
and illegal actions leaving the state unchanged."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ai.simulate import play
from engine.core.errors import RuleError
from engine.core.system import Seat
from engine.prophecy.content import pack_by_id
from engine.prophecy.game import SYSTEM
from engine.prophecy.state import ProphecyState
from tests.prophecy.helpers import assert_round_trips


def _cubes(state: ProphecyState) -> tuple[int, int]:
    return (state.bank_red + sum(p.red.total for p in state.players),
            state.bank_blue + sum(p.blue.total for p in state.players))


def check_invariants(before: ProphecyState, actor: str, after: ProphecyState) -> None:
    pack = pack_by_id(after.options.pack)
    assert before.player(actor).alive, "a dead character acted"
    assert _cubes(before) == _cubes(after), "cubes not conserved between left, right and bank"
    for p in after.players:
        assert p.gold >= 0 and p.experience >= 0
        assert p.red.right >= 0 and p.red.left >= 0 and p.blue.right >= 0 and p.blue.left >= 0
        assert len(p.certificates) == len(set(p.certificates)), "two Certificates of one guild"
        assert len(p.certificates) <= len(pack.guilds)
        assert len({i.uid for i in p.items}) == len(p.items)
    slots = pack.rules.adventure_slots.value or 1
    assert all(len(cards) <= slots for cards in after.spaces)
    for i, cards in enumerate(after.spaces):
        if cards:
            assert pack.space(i).terrain is not None, "an Adventure on a space without terrain"
    if after.status == "finished":
        assert after.winner is not None and after.player(after.winner)
        assert sum(1 for r in after.ranking if r.place == 1) == 1, "a finished game has exactly one winner"
    # JSON round trip of every state reached
    assert_round_trips(after)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63), players=st.integers(min_value=2, max_value=5),
       mix=st.lists(st.sampled_from(["random", "heuristic"]), min_size=5, max_size=5))
def test_property__random_legal_games_keep_every_invariant(seed, players, mix):
    steps = [0]

    def step(before, actor, action, after):  # type: ignore[no-untyped-def]  # tests are not type-checked
        check_invariants(before, actor, after)
        steps[0] += 1
        if steps[0] % 40 == 0 or after.status == "finished":
            check_picture(after)  # the board picture draws for states the property test reaches

    rec = play(mix[:players], seed, {"round_limit": 60}, max_actions=4000, on_step=step)
    assert rec.state is not None


def check_picture(state: ProphecyState) -> None:
    from systems.prophecy.board_image import render_board

    png = render_board(state, pack_by_id(state.options.pack))
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) <= 300_000


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=5))
def test_determinism__replaying_the_log_from_the_seed_is_byte_identical(seed, players):
    rec = play(["heuristic"] + ["random"] * (players - 1), seed, {"round_limit": 40}, max_actions=1500)
    state = SYSTEM.new_game(rec.seats, rec.options, rec.seed).state
    for actor, payload in rec.actions:
        state = SYSTEM.apply(state, actor, json.loads(json.dumps(payload))).state
    assert state.dump() == rec.state.dump()


def _junk_actions(state: ProphecyState, rng: random.Random) -> list:
    sid = pack_by_id(state.options.pack).board.spaces[rng.randrange(20)].id
    return [
        {"type": "move", "method": rng.choice(["walk", "horse", "boat", "gate"]), "to": sid},
        {"type": "fight", "battle": rng.choice(["strength", "wills"]), "weapon": "i99999"},
        {"type": "heal", "amount": rng.randint(1, 100)},
        {"type": "recharge", "amount": rng.randint(1, 100)},
        {"type": "buy", "item": "nothing"},
        {"type": "sell", "item": "nothing"},
        {"type": "repair", "item": "nothing"},
        {"type": "certificate"},
        {"type": "exchange", "service": "lodging"},
        {"type": "use_opportunity", "card": "nothing"},
        {"type": "bribe"},
        {"type": "end_turn"},
        {"type": "teleport"},
        {"type": "heal", "amount": -5},
        {"type": "move", "method": "walk", "to": "x" * 10_000},
    ]


def test_illegal_actions__leave_the_state_unchanged():
    """Every action not in legal_actions is refused with a RuleError and changes nothing."""
    rng = random.Random(5)
    checked = 0

    def probe(before: ProphecyState, actor: str, action, after: ProphecyState) -> None:
        nonlocal checked
        legal = [a.model_dump() for a in SYSTEM.legal_actions(before, actor)]
        snapshot = before.dump()
        others = [p.player for p in before.players if p.player != actor]
        for junk in _junk_actions(before, rng):
            for who in (actor, others[0], "stranger"):
                if who == actor and junk in legal:
                    continue
                try:
                    SYSTEM.apply(before, who, junk)
                except RuleError:
                    checked += 1
                else:
                    raise AssertionError(f"illegal {junk} by {who} was applied")
                assert before.dump() == snapshot
    play(["random", "heuristic", "random"], 77, {"round_limit": 15}, max_actions=300, on_step=probe)
    assert checked > 1000


def test_legal_actions__every_listed_action_applies():
    rec_state = SYSTEM.new_game([Seat(player="a", name="a"), Seat(player="b", name="b")], {}, 3).state
    state = rec_state
    for _ in range(200):
        pend = SYSTEM.pending(state)
        if pend is None:
            break
        acts = SYSTEM.legal_actions(state, pend.player)
        for a in acts:
            SYSTEM.apply(state, pend.player, a)  # none may raise
        state = SYSTEM.apply(state, pend.player, acts[len(acts) // 2]).state
    assert state.actions_taken > 0
