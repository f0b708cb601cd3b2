"""What one press works out about a game state and the next reads again, kept instead.

A press asks the engine who must decide (`pending`) five to eight times: the press's checks,
the clock, the AI loop, the turn message, its news button and the "your turn" DM, each on the
state it holds; and it lists the legal actions twice (the press's index, the turn message's
buttons). Both are pure functions of a state, and the engine never changes a state in place
(applying an action makes a new one; `Result.view` relies on the same), so they are kept by
state object: the same object gives the same answer. Only for the states the game master
itself holds (`adopt`: decoded from a row, or made by applying a step), which nothing changes
after; a state built or changed by hand elsewhere (a test's table) is asked afresh each time.

The next press on a table then decodes from the game's row the very state the previous press
committed. That object is kept too, by game, seed and version with the row text it was stored
as, so the press starts from it (and from what was kept about it) instead of validating the
row's JSON again. A row whose text differs (another process moved the game on, a test wrote
it) is decoded as before.
"""
from __future__ import annotations

from typing import Any

from engine.core.system import GameSystem
from gm.store import GameRecord

#: states whose answers are kept, newest last: (the state, its answers by question)
_ANSWERS: dict[int, tuple[Any, dict[tuple[Any, ...], Any]]] = {}
#: a few presses in flight at once, each reading its before and after states
_ANSWERS_MAX = 64

#: committed states by (game id, seed, version): (the row text, the state)
_STATES: dict[tuple[int, int, int], tuple[str, Any]] = {}
_STATES_MAX = 128


def adopt(state: Any) -> Any:
    """`state` is the game master's own (decoded from a row, or the outcome of a step): what is
    asked about it from now on is kept. Returns it."""
    found = _ANSWERS.get(id(state))
    if found is None or found[0] is not state:  # not kept yet, or another object at a reused address
        _ANSWERS.pop(id(state), None)
        if len(_ANSWERS) >= _ANSWERS_MAX:
            del _ANSWERS[next(iter(_ANSWERS))]  # the one kept longest ago
        _ANSWERS[id(state)] = (state, {})
    return state


def _answers(state: Any) -> dict[tuple[Any, ...], Any] | None:
    found = _ANSWERS.get(id(state))
    if found is not None and found[0] is state:  # the same object, not one at a reused address
        return found[1]
    return None


def pending(system: GameSystem, state: Any) -> Any:
    """`system.pending(state)`, worked out once per adopted state object."""
    answers = _answers(state)
    if answers is None:
        return system.pending(state)
    key = ("pending", id(system))
    if key not in answers:
        answers[key] = system.pending(state)
    return answers[key]


def legal_actions(system: GameSystem, state: Any, actor: str) -> list[Any]:
    """`system.legal_actions(state, actor)`, worked out once per adopted state object and actor
    (a new list each call: callers may filter or extend theirs)."""
    answers = _answers(state)
    if answers is None:
        return system.legal_actions(state, actor)
    key = ("legal", id(system), actor)
    if key not in answers:
        answers[key] = tuple(system.legal_actions(state, actor))
    return list(answers[key])


def keep_state(record: GameRecord, state: Any) -> None:
    """`state` is what `record`'s row now stores (a press just committed it)."""
    if not isinstance(record.state, str):
        return
    key = (record.id, record.seed, record.version)
    _STATES.pop(key, None)
    if len(_STATES) >= _STATES_MAX:
        del _STATES[next(iter(_STATES))]
    _STATES[key] = (record.state, state)


def kept_state(record: GameRecord) -> Any | None:
    """The state a press committed as `record`'s row, when it is still kept and the row's text
    is the very text it was stored as; else None (decode the row)."""
    found = _STATES.get((record.id, record.seed, record.version))
    if found is None or found[0] != record.state:
        return None
    return found[1]
