"""Answers worked out about a state object (a view), kept for the last few states a thread
asked about rather than the last one alone.

A turn message asks the same forecasts twice per move (the button's few words, the prompt's
line); the next press on that table words its echo from the very same view (gm.session keeps
it) and asks again for the move pressed. With several tables taking turns, other tables'
messages are built in between, so one slot was always taken by another table's state by then
and the echo worked its destination out anew. A state is never changed in place, so what was
worked out for the object holds for as long as it is kept. Per thread: pictures are drawn in
threads too."""
from __future__ import annotations

import threading
from typing import Any

#: states kept per thread: tables whose turn messages come between a table's message and its
#: next press's echo (the busy evening presses fifty at once)
KEPT_STATES = 64


def answers_of(local: threading.local, state: Any) -> dict[Any, Any]:
    """The answers kept in `local` (one per memo) for `state`, a new empty dict at first."""
    kept: dict[int, tuple[Any, dict[Any, Any]]] | None = getattr(local, "kept", None)
    if kept is None:
        kept = local.kept = {}
    found = kept.get(id(state))
    if found is not None and found[0] is state:  # the same object, not one at a reused address
        return found[1]
    kept.pop(id(state), None)
    if len(kept) >= KEPT_STATES:
        del kept[next(iter(kept))]  # the one kept longest ago
    answers: dict[Any, Any] = {}
    kept[id(state)] = (state, answers)
    return answers
