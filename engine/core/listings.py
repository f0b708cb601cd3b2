"""The last legal listings, handed from whoever listed them to the contract's guard (issue #30).

An AI seat lists the actor's legal actions on a state, picks one, and the same state object is
then handed to `apply`, whose guard (engine/core/contract.py) would list them again to check
the pick. A listing depends on the state and the actor only, and `apply` never changes the
state it is given, so the guard may read the listing already made on that very object.

`remember(state, actor, listing)` keeps a few of the latest listings (a copy, per thread);
`recall(state, actor)` gives one back only for the same state object and actor, else None.
An entry holds a reference to its state, so an object's id cannot be reused while it is kept.

The promise this rests on: a state is not changed in place between its listing and the apply
that follows. Only a caller that keeps it remembers a listing: the AI seats (they change no
state, and the action they pick is applied to the very state they listed; `apply` works on a
copy, and tests/ai/test_same_games.py checks it leaves its input untouched). A plain listing
(buttons, a test that lists, changes the state by hand and applies) is not remembered; code
that changes a state an AI seat has listed must call `forget()` before applying to it.
"""
from __future__ import annotations

import threading
from typing import Any, Sequence

#: listings kept per thread (the AI lists the state it decides on, and sometimes a few others)
KEPT = 4


class _Kept(threading.local):
    entries: list[tuple[Any, str, tuple[Any, ...]]]

    def __init__(self) -> None:
        self.entries = []


_KEPT = _Kept()


def remember(state: Any, actor: str, listing: Sequence[Any]) -> None:
    """Keep `listing` as the legal actions of `actor` on this very `state` object."""
    entries = _KEPT.entries
    for i, (kept, who, _listing) in enumerate(entries):
        if kept is state and who == actor:
            del entries[i]
            break
    entries.append((state, actor, tuple(listing)))
    if len(entries) > KEPT:
        del entries[0]


def recall(state: Any, actor: str) -> tuple[Any, ...] | None:
    """The listing remembered for `actor` on this very `state` object, or None."""
    entries: list[tuple[Any, str, tuple[Any, ...]]] = _KEPT.entries
    for kept, who, listing in reversed(entries):
        if kept is state and who == actor:
            return tuple(listing)  # (the very tuple kept: tuple() of a tuple is itself)
    return None


def forget() -> None:
    """Drop every listing kept in this thread (after changing a listed state in place)."""
    _KEPT.entries = []
