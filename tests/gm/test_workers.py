"""The bot's worker processes (gm.workers; issue 30, "a busy evening on one process"): slow AI
seats think there, off the event loop and the interpreter lock, and choose exactly what they
would have chosen on the loop; a pool that cannot start falls back to threads; a worker that
dies mid-job loses nothing (the job is done again in a thread) and later jobs go to threads.

One pool of one worker serves the tests that need processes (its start-up is paid once)."""
from __future__ import annotations

import asyncio
import os
import random
import threading
import time
from typing import Any

import pytest

from engine.core.system import Seat
from engine.darkest_talisman.game import SYSTEM as CAMPAIGN
from engine.darkest_talisman.simulate import seats_for
from engine.prophecy.game import SYSTEM as PROPHECY
from gm import workers
from gm.session import steps
from gm.session.steps import choose_from_stored, think
from gm.workers import Job, Workers
from ui.pictures import PictureCache


def pid_of_worker(parent: int) -> int:
    """The process a job ran in (module level: a worker finds it by name)."""
    return os.getpid()


def die_in_worker(parent: int) -> str:
    """Kills the worker process it runs in (a crash, out of memory); in the bot's own process
    (the fallback) it does the work."""
    if os.getpid() != parent:
        os._exit(1)
    return "done"


def started_at(parent: int) -> bytes:
    """When the job began, on the clock every process shares (as a picture's bytes)."""
    return repr(time.monotonic()).encode()


def nap(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


@pytest.fixture(scope="module")
def pool():
    pool = Workers(1)
    thread = pool.warm_up()
    assert thread is not None
    thread.join(120)
    yield pool
    asyncio.run(pool.shutdown())


def _games() -> list[tuple[Any, Any]]:
    """(system, first state): a Basic and a Standard Prophecy table (heuristic and
    random seats) and a three-hero campaign."""
    basic = PROPHECY.new_game([Seat(player=f"p{i}", name=f"P{i}", ai="heuristic") for i in (1, 2, 3)],
                              {"round_limit": 40}, 5).state
    standard = PROPHECY.new_game([Seat(player=f"p{i}", name=f"P{i}", ai=lvl)
                                  for i, lvl in ((1, "heuristic"), (2, "random"), (3, "heuristic"))],
                                 {"version": "standard", "round_limit": 40}, 40_001).state
    campaign = CAMPAIGN.new_game(seats_for(["heuristic"] * 3), {}, 1).state
    return [(PROPHECY, basic), (PROPHECY, standard), (CAMPAIGN, campaign)]


def test_a_choice_from_the_stored_state_is_the_choice_on_the_live_state():
    """What crosses to a worker is the state as committed (JSON text): for every AI decision of
    whole stretches of play (Basic, Standard, the campaign) the choice made from it, and the
    generator after it, are exactly those of the live state."""
    for system, state in _games():
        compared = 0
        for n in range(150):
            pend = system.pending(state)
            if pend is None or state.status != "active":
                break
            player = state.player(pend.player)
            level = player.ai or "heuristic"
            live, stored = random.Random(f"{n}:{pend.player}"), random.Random(f"{n}:{pend.player}")
            action = system.ai_action(state, pend.player, level, live)
            other, after = choose_from_stored(system.name, system.dump_state(state), pend.player, level, stored)
            assert other == action, (system.name, n)
            assert after == live.getstate(), (system.name, n)
            compared += 1
            state = system.apply(state, pend.player, action).state
        assert compared >= 30, (system.name, compared)


async def test_a_slow_ai_thinks_in_a_worker_process_and_chooses_the_same(pool, monkeypatch):
    """Once a system's AI is slow (its running average above AI_THREAD_AFTER), its seats think
    in the worker processes; the step's generator ends where it would have ended on the loop."""
    monkeypatch.setattr(workers, "WORKERS", pool)
    monkeypatch.setitem(steps._AI_SECONDS, ("prophecy", "heuristic"), 1.0)
    _, state = _games()[1]
    before = pool.in_process
    for n in range(12):
        pend = PROPHECY.pending(state)
        level = state.player(pend.player).ai
        live, far = random.Random(f"s{n}"), random.Random(f"s{n}")
        expected = PROPHECY.ai_action(state, pend.player, level, live)
        steps._AI_SECONDS[("prophecy", level)] = 1.0
        chosen = await think(PROPHECY, state, pend.player, level, far, PROPHECY.dump_state(state))
        assert chosen == expected and far.getstate() == live.getstate()
        state = PROPHECY.apply(state, pend.player, chosen).state
    assert pool.in_process - before == 12, "every slow choice was thought in the worker"


async def test_more_jobs_than_workers_wait_their_turn(pool):
    """Jobs asked for while every worker is busy queue and each gets its own result."""
    parent = os.getpid()
    before = pool.in_process
    found = await asyncio.gather(*(pool.run(Job(nap, (0.01 * n,))) for n in range(6)))
    assert all(pid != parent for pid in found) and pool.in_process - before == 6


async def test_a_picture_is_handed_to_its_worker_before_the_loop_turns(pool):
    """The loop writes the job to the worker as the picture is asked for: the worker begins
    while the press goes on without yielding (before: the task handing it over ran only at the
    loop's next turn, and the hand-over went through threads waiting for the interpreter lock)."""
    cache = PictureCache(maxsize=4, painter=pool)
    asked = time.monotonic()
    drawing = cache.start(("game", "early"), Job(started_at, (os.getpid(),)))
    while time.monotonic() < asked + 1.0:  # the press's own work, the loop held throughout
        pass
    began = float(await drawing)
    assert began < asked + 0.5, began - asked


async def test_a_job_whose_loop_closed_does_not_hold_its_worker(pool):
    """A job handed over from a loop that then closed (its result never read there) gives its
    worker back to the next job."""

    async def leave() -> None:
        pool.submit_now(Job(nap, (0.2,)))

    helper = threading.Thread(target=asyncio.run, args=(leave(),))
    helper.start()
    helper.join()
    assert await asyncio.wait_for(pool.run(Job(pid_of_worker, (os.getpid(),))), 10) != os.getpid()


async def test_a_worker_that_dies_loses_nothing():
    """A worker killed mid-job (here: the job ends its process) breaks the pool: the job is
    done again in a thread of the bot's process, and later jobs go to threads."""
    pool = Workers(1)
    try:
        parent = os.getpid()
        assert await pool.run(Job(pid_of_worker, (parent,))) != parent  # a real worker process
        assert await pool.run(Job(die_in_worker, (parent,))) == "done"
        assert pool.workers == 0 and not pool.running, "threads from now on"
        assert await pool.run(Job(pid_of_worker, (parent,))) == parent
        assert (pool.in_process, pool.in_thread) == (1, 2)
    finally:
        await pool.shutdown()


async def test_an_ai_step_survives_its_worker_dying(monkeypatch):
    """The AI seat's step is thought again on the live state, in a thread, with the same result."""
    pool = Workers(1)
    monkeypatch.setattr(workers, "WORKERS", pool)
    monkeypatch.setitem(steps._AI_SECONDS, ("prophecy", "heuristic"), 1.0)
    monkeypatch.setattr(steps, "choose_from_stored", _die_then_choose)
    try:
        _, state = _games()[0]
        pend = PROPHECY.pending(state)
        expected = PROPHECY.ai_action(state, pend.player, "heuristic", random.Random("x"))
        rng = random.Random("x")
        chosen = await think(PROPHECY, state, pend.player, "heuristic", rng, PROPHECY.dump_state(state))
        assert chosen == expected and pool.workers == 0 and pool.in_thread == 1
        assert rng.getstate() == _after_choice(state, pend.player)
    finally:
        await pool.shutdown()


def _after_choice(state: Any, player: str) -> Any:
    rng = random.Random("x")
    PROPHECY.ai_action(state, player, "heuristic", rng)
    return rng.getstate()


def _die_then_choose(*args: Any) -> Any:
    os._exit(1)


async def test_a_pool_that_cannot_start_falls_back_to_threads(monkeypatch):
    """No processes to be had (a sandbox, a platform without them): every job, pictures and AI
    alike, is done in a thread, with the same result, and the pool stops trying."""

    def refused(_modules: Any) -> Any:
        raise OSError("no processes here")

    monkeypatch.setattr(workers, "_context", refused)
    pool = Workers(2)
    parent = os.getpid()
    assert await pool.run(Job(pid_of_worker, (parent,))) == parent
    assert (pool.workers, pool.running, pool.in_thread) == (0, False, 1)
    cache = PictureCache(maxsize=4, painter=pool)
    assert await cache.start(("game", 1, "board"), Job(die_in_worker, (parent,))) == "done"


#: a bot that starts its pool, says which process its worker is and which forkserver it came
#: from, and waits to be killed
_OWNER = """
import asyncio, os, sys, time
sys.path.insert(0, sys.argv[1])
from gm.workers import Job, Workers
pool = Workers(1)
print(asyncio.run(pool.run(Job(os.getpid))), asyncio.run(pool.run(Job(os.getppid))), flush=True)
time.sleep(120)
"""


def test_the_workers_of_a_bot_killed_outright_end_too():
    """A bot killed with kill -9 never shuts its pool down: its workers (and the forkserver they
    came from) used to wait for jobs forever, about 100 MB each, a new set left by every crash
    (benchmarks/scale.py had left 99 such processes). They now end within seconds. Whether a
    process is gone is told as the workers tell it of their bot (`_owner_alive`)."""
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    owner = subprocess.Popen([sys.executable, "-c", _OWNER, root], stdout=subprocess.PIPE, text=True)
    try:
        worker, server = map(int, owner.stdout.readline().split())  # type: ignore[union-attr]  # stdout=PIPE
        assert worker != owner.pid and server != owner.pid
    finally:
        owner.send_signal(signal.SIGKILL)
        owner.wait(10)
    deadline = time.monotonic() + 15
    while (workers._owner_alive(worker) or workers._owner_alive(server)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not workers._owner_alive(worker), "the worker outlived the bot"
    assert not workers._owner_alive(server), "the forkserver outlived the bot and its workers"
