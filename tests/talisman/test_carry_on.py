"""Project rulings `carry_on` and `forced_answers` (C4a-h..l, C6g, C7a): "carry on until something
needs me" meets the road's next cards as pressing "push on" each time would (same dice, same
cards, same final state) and stops where the ruling says; a decision the rules leave no choice in
is answered by the engine's `forced_action`, and only then."""
from __future__ import annotations

import random

from engine.core.system import Seat
from engine.darkest_talisman import actions as A
from engine.darkest_talisman import carry
from engine.darkest_talisman.ai import heuristic_player
from engine.darkest_talisman.game import SYSTEM
from tests.talisman.helpers import choose, ctx_of, kind, options
from tests.talisman.test_cards import go, party


def press_step_by_step(state, actor):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """What a person gets pressing "push on" at every plain decision, the game master answering
    each forced decision after each press, until the ruling's stop."""
    lives = {h.uid: h.life for h in state.party()}
    while True:
        state = SYSTEM.apply(state, actor, A.Choose(option="continue")).state
        while (forced := SYSTEM.forced_action(state)) is not None:
            state = SYSTEM.apply(state, SYSTEM.pending(state).player, forced).state
        if not carry.plain(ctx_of(state), lives):
            return state


def carry_states(seed: int, limit: int, wanted: int):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Plain road decisions met in a campaign the heuristic AI plays (forced answers given)."""
    state = SYSTEM.new_game([Seat(player="p1", name="Ada")], {}, seed).state
    found = []
    for n in range(limit):
        pend = SYSTEM.pending(state)
        if pend is None:
            break
        if "carry_on" in pend.data["options"]:
            found.append(state)
            if len(found) >= wanted:
                break
        forced = SYSTEM.forced_action(state)
        action = forced or heuristic_player(state, pend.player, random.Random(f"{seed}:{n}"))
        state = SYSTEM.apply(state, pend.player, action).state
    return found


def test_carry_on_is_offered_on_plain_road_decisions_only():
    """After a card and on a road space (C4a-h, C4a-l) the party may carry on; the answer comes
    last, so the other answers keep their buttons."""
    s = go(party(), [2], ["good_fortune", "bow"])
    assert kind(s) == "after_card" and options(s) == ["continue", "turn_back", "carry_on"]
    s = choose(s, "continue")
    assert kind(s) == "take" and "carry_on" not in options(s)


def test_carry_on_stops_at_a_card_to_take():
    """C6f: an Object met is a decision (take it or leave it): the carry stops there, having met
    exactly what one "push on" meets."""
    s = go(party(), [2], ["good_fortune", "bow"])
    carried = choose(s, "carry_on")
    pressed = choose(s, "continue")
    assert kind(carried) == "take" and carried.decision.data["card"] == "bow"
    assert carried.dump() == pressed.dump()


def test_carry_on_reaches_the_same_state_as_pressing_each_step():
    """The same dice and cards as pressing "push on" at each plain decision: the states are
    identical (actions counted alike), and the carry stopped where the ruling says."""
    # a few campaigns' plain decisions (with the core cards a single campaign's first ones may all
    # stop after one push: a card to take, a shop, a wound)
    states = [s for seed in (3, 4, 5) for s in carry_states(seed=seed, limit=400, wanted=4)]
    assert len(states) >= 3
    stopped_later = 0
    for state in states:
        actor = SYSTEM.pending(state).player
        carried = SYSTEM.apply(state, actor, A.Choose(option="carry_on")).state
        assert carried.dump() == press_step_by_step(state, actor).dump()
        lives = {h.uid: h.life for h in state.party()}
        assert not carry.plain(ctx_of(carried), lives)
        stopped_later += carried.actions_taken - state.actions_taken > 1
    assert stopped_later, "no carry went past its first push"


def test_carry_stops_when_someone_was_hurt_or_a_route_is_to_choose():
    """Ruling carry_on: a plain decision stops the carry once a character has less Life than at
    the press, or when the answers hold a route (a raft, the Woods)."""
    s = go(party(), [2], ["good_fortune", "bow"])
    lives = {h.uid: h.life for h in s.party()}
    assert carry.plain(ctx_of(s), lives)
    hurt = s.model_copy(deep=True)
    hurt.party()[1].life -= 1
    assert not carry.plain(ctx_of(hurt), lives)
    route = s.model_copy(deep=True)
    route.decision.options = ["continue", "turn_back", "raft", "carry_on"]
    assert not carry.plain(ctx_of(route), lives)


def test_forced_answer_only_where_the_rules_leave_no_choice():
    """A fight that cannot be evaded, with nothing else anybody may do, is answered by the engine
    (C6g, C7a); a plain road decision is not (the party may still drop, cast or turn back)."""
    s = go(party(), [2], ["wolf", "good_fortune"])
    assert kind(s) == "enemy" and options(s) == ["fight"]
    assert [a for a in SYSTEM.legal_actions(s, "p1") if not isinstance(a, A.Choose)] == []
    assert SYSTEM.forced_action(s) == A.Choose(option="fight")
    plain = go(party(), [2], ["good_fortune", "bow"])
    assert SYSTEM.forced_action(plain) is None
    single = plain.model_copy(deep=True)
    single.decision.options = ["continue"]
    single.party()[0].gold = 3  # something to drop: a choice remains
    assert SYSTEM.forced_action(single) is None
