"""A move prompt asks what waits at each destination twice (the prompt's line and the
button's few words): worked out once per state object, and the same as worked out afresh."""
from __future__ import annotations

from engine.ai.simulate import play
from engine.prophecy import actions as A
from engine.prophecy.rules import legal_actions, pending
from engine.prophecy.state import ProphecyState
from engine.prophecy.view import view
from systems.prophecy import prompt_text as P


def _move_states() -> list[ProphecyState]:
    states: list[ProphecyState] = []
    play(["heuristic", "random", "heuristic"], 4, {"round_limit": 10},
         on_step=lambda _b, _a, _ac, after: states.append(after))
    out = []
    for state in states:
        pend = pending(state)
        if state.status == "active" and pend is not None and any(
                isinstance(a, A.Move) for a in legal_actions(state, pend.player)):
            out.append(state)
    return out


def test_destinations_are_worked_out_once_per_state_and_match_a_fresh_answer() -> None:
    states = _move_states()
    assert len(states) > 5
    creatures = 0
    for state in states[:12]:
        shown = view(state, None)
        actor = pending(state).player
        for move in (a for a in legal_actions(state, actor) if isinstance(a, A.Move)):
            for locale in ("en", "it"):
                first = P.destination(shown, actor, move, locale)
                assert P.destination(shown, actor, move, locale) is first  # not worked out again
                assert first == P._destination(shown, actor, move, locale)
                creatures += first["creature"] is not None
        # another state object, even an equal one, is worked out on its own
        again = view(state, None)
        move = next(a for a in legal_actions(state, actor) if isinstance(a, A.Move))
        assert P.destination(again, actor, move, "en") is not P.destination(shown, actor, move, "en")
    assert creatures > 0  # the costly part (odds on a copy of the state) was exercised


def test_a_tables_destinations_are_still_kept_after_other_tables_messages() -> None:
    """The next press's echo words the pressed move from the view its turn message was built
    from; other tables' messages come in between (issue #30): the answer is still the one
    worked out then, until more states than `KEPT_STATES` were asked about since."""
    from systems.prophecy.state_memo import KEPT_STATES

    states = _move_states()
    shown = [view(state, None) for state in states]
    actor = pending(states[0]).player
    move = next(a for a in legal_actions(states[0], actor) if isinstance(a, A.Move))
    first = P.destination(shown[0], actor, move, "en")
    for other, state in zip(shown[1:6], states[1:6], strict=True):  # five other tables' messages
        mover = pending(state).player
        P.destination(other, mover, next(a for a in legal_actions(state, mover) if isinstance(a, A.Move)), "en")
    assert P.destination(shown[0], actor, move, "en") is first
    for _ in range(KEPT_STATES):  # many more tables: the oldest answers give way
        extra = view(states[1], None)
        mover = pending(states[1]).player
        P.destination(extra, mover, next(a for a in legal_actions(states[1], mover) if isinstance(a, A.Move)), "en")
    again = P.destination(shown[0], actor, move, "en")
    assert again is not first and again == first
