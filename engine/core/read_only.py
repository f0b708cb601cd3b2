"""Memos that hold while nobody changes a game state: an AI's decision (issue #30).

An AI reads the state it decides on (and hypothetical states it builds beside it) many times
over, asking the same questions again and again (what she holds, which expansion parts play),
and never changes any of them. Inside `read_only()` a function wrapped by `state_memo`
remembers its answer per state object and arguments; outside it (in `apply`, which changes the
state it works on) every call computes afresh, exactly as before. The answers are the very ones
the function gives, so the choices made are unchanged (tests/ai/test_same_games.py).

Each entry keeps a reference to its state, so an object's id cannot be reused by another state
while the scope lasts; the memo is per thread (a decision in one thread never serves another
thread's `apply`) and is dropped when the outermost scope ends. List answers are handed out as
fresh lists, so a caller that changes the list it got cannot change what the next caller gets.
"""
from __future__ import annotations

import functools
import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeVar

R = TypeVar("R")


class _Scope(threading.local):
    memo: dict[tuple[Any, ...], tuple[Any, Any]] | None = None
    depth: int = 0


_SCOPE = _Scope()


@contextmanager
def read_only() -> Iterator[None]:
    """While this runs, no game state passed to a `state_memo` function is changed."""
    scope = _SCOPE
    if scope.depth == 0:
        scope.memo = {}
    scope.depth += 1
    try:
        yield
    finally:
        scope.depth -= 1
        if scope.depth == 0:
            scope.memo = None


def state_memo(fn: Callable[..., R]) -> Callable[..., R]:
    """`fn(state, *args)` (hashable args) remembered per state object inside `read_only()`."""

    @functools.wraps(fn)
    def wrapper(state: Any, *args: Any) -> R:
        memo = _SCOPE.memo
        if memo is None:
            return fn(state, *args)
        key = (fn, id(state), args)
        hit = memo.get(key)
        if hit is None or hit[0] is not state:
            value = fn(state, *args)
            memo[key] = (state, value)
        else:
            value = hit[1]
        return list(value) if isinstance(value, list) else value  # type: ignore[return-value]  # a list stays a list

    return wrapper


def objects_memo(tag: Any, objects: tuple[Any, ...], compute: Callable[[], R]) -> R:
    """`compute()`, remembered inside `read_only()` per `tag` and the very `objects` it reads
    (a state and a player, say: their identities, not their values, are the key; entries keep
    them alive, so an id cannot be reused while the scope lasts). Outside the scope it always
    computes. The answer is handed out as it is: the caller must not change it."""
    memo = _SCOPE.memo
    if memo is None:
        return compute()
    key = (tag, *map(id, objects))
    hit = memo.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], objects, strict=True)):
        return hit[1]  # type: ignore[no-any-return]  # stored by this very call site as an R
    value = compute()
    memo[key] = (objects, value)
    return value
