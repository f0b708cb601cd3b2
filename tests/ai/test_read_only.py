"""engine/core/read_only.py (issue #30): an AI decision's memo of what it asks of a state.

The memo must never change an answer: outside `read_only()` every call computes afresh (apply
changes the state it works on), inside it an answer is kept per state object (not per equal
state), a list handed out is the caller's own, and another thread is not served from it.
"""
from __future__ import annotations

import threading

from engine.core.read_only import read_only, state_memo


class _State:
    def __init__(self, cards: list[str]) -> None:
        self.cards = cards


CALLS: list[str] = []


@state_memo
def _held(state: _State, who: str) -> list[str]:
    CALLS.append(who)
    return [f"{who}:{c}" for c in state.cards]


def test_read_only__outside_a_scope_every_call_sees_the_state_as_it_is_now():
    CALLS.clear()
    st = _State(["a"])
    assert _held(st, "p1") == ["p1:a"]
    st.cards.append("b")  # as apply changes its copy
    assert _held(st, "p1") == ["p1:a", "p1:b"]
    assert CALLS == ["p1", "p1"]


def test_read_only__inside_a_scope_an_answer_is_kept_per_state_object_and_arguments():
    CALLS.clear()
    st, twin = _State(["a"]), _State(["a"])
    with read_only():
        first = _held(st, "p1")
        first.append("changed by the caller")
        assert _held(st, "p1") == ["p1:a"]  # the caller's list was its own
        assert _held(twin, "p1") == ["p1:a"]  # an equal but other state: its own entry
        assert _held(st, "p2") == ["p2:a"]
        with read_only():  # nested: the same memo
            assert _held(st, "p1") == ["p1:a"]
    assert CALLS == ["p1", "p1", "p2"]
    st.cards.append("b")
    assert _held(st, "p1") == ["p1:a", "p1:b"]  # the memo ended with the outermost scope


def test_read_only__another_thread_is_not_served_from_a_scope_it_is_not_in():
    CALLS.clear()
    st = _State(["a"])
    seen: list[list[str]] = []
    with read_only():
        _held(st, "p1")
        st.cards.append("b")  # (only to show the other thread computes afresh)

        def other() -> None:
            seen.append(_held(st, "p1"))

        t = threading.Thread(target=other)
        t.start()
        t.join()
    assert seen == [["p1:a", "p1:b"]]
    assert CALLS == ["p1", "p1"]


def test_read_only__objects_memo_is_kept_per_object_identities_inside_a_scope_only():
    """Issue #30: `objects_memo` (the Water Realm AI's costs of entering each space, per state
    and player) computes afresh outside a scope, and inside one per the very objects."""
    from engine.core.read_only import objects_memo

    calls: list[int] = []

    def entry(st: _State, who: _State) -> int:
        return objects_memo(entry, (st, who), lambda: calls.append(1) or len(st.cards) + len(who.cards))

    st, p, twin = _State(["a"]), _State(["x", "y"]), _State(["x", "y"])
    assert entry(st, p) == 3
    st.cards.append("b")
    assert entry(st, p) == 4 and len(calls) == 2  # no scope: afresh each time
    with read_only():
        assert entry(st, p) == 4
        st.cards.append("c")  # (a scope promises no change: shown only to tell a kept answer)
        assert entry(st, p) == 4
        assert entry(st, twin) == 5  # an equal but other player: her own entry
    assert len(calls) == 4
    assert entry(st, p) == 5  # the scope over, the memo is gone
