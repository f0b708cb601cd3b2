"""Issue #30: what the Standard AI now shares across decisions (the static value of some
belongings, the markets' gains) must be what a decision worked out alone would find.

A whole-expansion Water Realm game is played by its heuristic seats; before each Standard
decision the seat's yardstick is asked, with the memos warm from every earlier decision, for
the static value of her belongings and for the gains of every Possibility (markets included),
and the same is asked of a fresh yardstick after the shared memos are emptied. A memo keyed on
less than what its answer reads would hand one decision another board's answer.
"""
from __future__ import annotations

from engine.ai import std_plan
from engine.ai.simulate import SIM_PLAYERS, ai_rng
from engine.ai.std_plan import StdPlan, std_res
from engine.core.read_only import read_only
from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from engine.prophecy.rules import pack_of
from engine.prophecy.standard import powers

WHOLE = {"new_cards": True, "treasure_island": True, "water_realm": True, "artifacts": "new"}


def _asked(state, actor):
    with read_only():
        plan = StdPlan(state, pack_of(state), powers.spack(state), actor)
        r = std_res(state, state.player(actor))
        richer = r.copy()
        richer.gold += 3  # a purse the markets can spend: their gains are worth comparing
        return [plan.static(r), plan.static(richer), plan.service_gains(r), plan.service_gains(richer)]


def test_shared_memos__warm_answers_equal_a_lone_decisions():
    seats = [Seat(player=f"p{i + 1}", name=f"AI {i + 1}", ai="heuristic") for i in range(4)]
    seed = 60_001
    options = {"version": "standard", "round_limit": 300, "standard": {"expansion": WHOLE}}
    state = SYSTEM.new_game(seats, options, seed).state
    rngs = {s.player: ai_rng(seed, s.player) for s in seats}
    std_plan.forget()
    compared = markets_seen = 0
    for _ in range(400):
        pend = SYSTEM.pending(state)
        if pend is None:
            break
        if state.turn is not None and state.turn.player == pend.player and state.player(pend.player).alive:
            warm = _asked(state, pend.player)
            saved = {k: dict(v) for k, v in std_plan._STATIC.items()}, dict(std_plan._MARKETS)
            std_plan.forget()
            cold = _asked(state, pend.player)
            assert warm == cold, f"step {compared}: {warm} != {cold}"
            std_plan._STATIC.update(saved[0])  # the game goes on with its memos, as it would
            std_plan._MARKETS.update(saved[1])
            compared += 1
            markets_seen += any(s in StdPlan(state, pack_of(state), powers.spack(state), pend.player).markets
                                for s, _g in warm[3])
        action = SIM_PLAYERS["heuristic"](state, pend.player, rngs[pend.player])
        state = SYSTEM.apply(state, pend.player, action).state
    assert compared >= 100
    assert markets_seen > 0  # some decision did weigh a market (else the markets were never compared)
