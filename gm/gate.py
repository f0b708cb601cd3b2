"""A few interactions at a time do their work on the event loop, the rest wait their turn
(issue 30, "keep the loop free").

The event loop runs ready work first come, first served. With fifty tables pressing at once,
every press's next piece of game work (a state decoded, a step applied, a turn message built)
is in that queue, and a new interaction's acknowledgement waits behind all of them: the loop
lag grows with the number of presses in flight, although the machine does the same work.
An interaction takes a place (`enter`) only once it is acknowledged, so the acknowledgement
itself never waits for one; while it waits for a worker process (an AI choice, a picture) it
steps aside (`aside`), so a slow AI seat never holds up another table's press. The place is
given back when the interaction's task ends. A task waits for a place only right after its
acknowledgement, before it takes any channel's lock, so no lock holder ever waits for a place.

The cost: a handler kept waiting by Discord (a rate limit) keeps its place meanwhile; the
acknowledgements of other presses still go out at once, their game work waits for a place.

One gate per event loop (tests start many loops; a semaphore belongs to one)."""
from __future__ import annotations

import asyncio
import os
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

#: interactions doing their work at once on one process, after their acknowledgement
PLACES = max(2, 2 * (os.cpu_count() or 1))

_gates: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore]" = weakref.WeakKeyDictionary()
#: the tasks holding a place (a task enters once; its place is given back when it ends)
_holders: "weakref.WeakSet[asyncio.Task[object]]" = weakref.WeakSet()


def _gate() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    gate = _gates.get(loop)
    if gate is None:
        gate = _gates[loop] = asyncio.Semaphore(PLACES)
    return gate


async def enter() -> None:
    """Take a place for the current task until it ends (nothing if it holds one already)."""
    task = asyncio.current_task()
    if task is None or task in _holders or PLACES <= 0:
        return
    gate = _gate()
    await gate.acquire()
    _holders.add(task)

    def leave(_done: object) -> None:
        if task in _holders:
            _holders.discard(task)
            gate.release()

    task.add_done_callback(leave)


@asynccontextmanager
async def aside() -> AsyncIterator[None]:
    """Give the current task's place to another while it waits for work done elsewhere (a
    worker process), and take one again afterwards if one is free. It never waits for one: it
    may hold a channel's lock that the tasks holding the places wait for (presses on a table
    whose AI seat is thinking), so waiting could stall them all; it goes on without a place."""
    task = asyncio.current_task()
    if task is None or task not in _holders:
        yield
        return
    gate = _gate()
    _holders.discard(task)
    gate.release()
    try:
        yield
    finally:
        if not gate.locked():
            await gate.acquire()  # a free place is taken at once, without a wait
            _holders.add(task)
