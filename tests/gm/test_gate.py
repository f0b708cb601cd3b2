"""The gate of gm.gate: a few acknowledged interactions at their work at once, the others
waiting; a place given back when its task ends, however it ends; a task waiting for a worker
process steps aside, and never waits for a place again (it may hold a lock the others wait for)."""
from __future__ import annotations

import asyncio

import pytest

from gm import gate


@pytest.fixture
def two_places(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gate, "PLACES", 2)


async def test_a_third_task_waits_until_a_place_is_given_back(two_places: None) -> None:
    release = asyncio.Event()
    working: list[str] = []

    async def work(name: str, hold: bool) -> None:
        await gate.enter()
        await gate.enter()  # a second entry of the same task takes no second place
        working.append(name)
        if hold:
            await release.wait()

    first = asyncio.create_task(work("first", True))
    second = asyncio.create_task(work("second", True))
    await asyncio.sleep(0)
    third = asyncio.create_task(work("third", False))
    await asyncio.sleep(0.01)
    assert working == ["first", "second"], "the third waits: both places are taken"
    release.set()
    await asyncio.gather(first, second, third)
    assert working == ["first", "second", "third"]


async def test_a_failed_task_gives_its_place_back(two_places: None) -> None:
    async def fail() -> None:
        await gate.enter()
        raise RuntimeError("the handler failed")

    for _ in range(3):  # more failures than places: each gave its place back
        with pytest.raises(RuntimeError):
            await asyncio.create_task(fail())

    async def work() -> str:
        await gate.enter()
        return "done"

    assert await asyncio.wait_for(asyncio.gather(*(asyncio.create_task(work()) for _ in range(4))), 1) == ["done"] * 4


async def test_a_task_aside_lets_another_work_and_never_waits_to_come_back(two_places: None) -> None:
    lock = asyncio.Lock()  # a table's lock, held by the press whose AI seat is thinking
    thinking = asyncio.Event()
    done: list[str] = []

    async def ai_press() -> None:
        await gate.enter()
        async with lock:
            async with gate.aside():  # waits for a worker process
                thinking.set()
                await asyncio.sleep(0.02)
            done.append("ai press")

    async def press_same_table(name: str) -> None:
        await gate.enter()
        async with lock:  # waits for the AI press, holding a place
            done.append(name)

    ai = asyncio.create_task(ai_press())
    await thinking.wait()
    others = [asyncio.create_task(press_same_table(f"press {i}")) for i in range(2)]
    await asyncio.sleep(0.005)
    # both places went to the presses waiting on the table: the AI press comes back without one
    await asyncio.wait_for(asyncio.gather(ai, *others), 1)
    assert done[0] == "ai press" and sorted(done[1:]) == ["press 0", "press 1"]

    async def work() -> str:
        await gate.enter()
        return "done"

    # and no place was lost or doubled on the way: exactly two at once again
    assert await asyncio.wait_for(asyncio.gather(*(asyncio.create_task(work()) for _ in range(3))), 1) == ["done"] * 3
    assert gate._gate()._value == 2  # noqa: SLF001  # every place is free again
