"""Work done off the event loop and off the interpreter lock: one pool of worker processes, sized
to the machine, for the board pictures (ui.pictures) and the slow AI choices (gm.session.steps)
(issue 30: keep the loop free).

Why processes: a board picture is 10-60 ms of Pillow and pure Python, a Standard AI choice up to
tens of ms of pure Python. In a thread either still holds the interpreter lock the event loop
needs (every press, its acknowledgement first, waits behind it) and the bot never uses a second
core. A `Job` is a module-level function and picklable arguments, so it can run in another
process.

`Workers` sends jobs to `PICTURE_WORKERS` processes (default: one per core) through their own
pipes, read by the event loop itself (gm.worker_pipes: no thread of the bot's process between
the loop and a worker, so a busy loop does not delay the hand-over). The processes are forked
from a "forkserver" that imported the modules the jobs need once (`PRELOAD`; forking the bot
itself, with its threads and locks, is not safe); they keep their own caches (the board drawn
once per pack and labels, the compressed bands of ui.png, the content packs). Where processes
cannot be had (PICTURE_WORKERS=0, a platform without them, a pool that cannot start or broke:
a worker killed, out of memory) or a job cannot cross to one (a function defined inside
another, as tests do), it runs in a thread of this process instead: the same function on the
same arguments, so the same result. A job whose worker died is run again in a thread, so what
it was for (a press's picture, an AI seat's step) is not lost.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from gm import gate
from gm.worker_pipes import PipePool

log = logging.getLogger(__name__)

#: what the worker processes import before their first job (in the forkserver, once): the
#: content readers and the engines (AI choices), then every registered system's picture modules
#: (its plug-in's `pictures`, added by the registry as it loads: the plug-ins import this
#: module, not the other way round)
PRELOAD: list[str] = ["packs", "engine.registry"]


def add_preload(names: Sequence[str]) -> None:
    """Have the worker processes import these modules too (a pool started later does)."""
    PRELOAD.extend(name for name in names if name not in PRELOAD)


@dataclass(frozen=True)
class Job:
    """Work to do: a module-level function and its arguments, all picklable, so it can be done
    in another process. Calling it does it here."""

    fn: Callable[..., Any]
    args: tuple[Any, ...] = field(default=())

    def __call__(self) -> Any:
        return self.fn(*self.args)

    @property
    def portable(self) -> bool:
        """Whether a worker process can find the function by name (a lambda or a function
        defined inside another cannot be sent; such a job stays in this process)."""
        fn = self.fn
        module = sys.modules.get(getattr(fn, "__module__", None) or "")
        qualname = getattr(fn, "__qualname__", "")
        if module is None or not qualname or "<" in qualname:
            return False
        found: Any = module
        for part in qualname.split("."):
            found = getattr(found, part, None)
        return found is fn


def default_workers() -> int:
    """One worker process per core, at least one."""
    return max(1, os.cpu_count() or 1)


#: seconds between a worker's looks at whether the bot that started it is still running
OWNER_CHECK_SECONDS = 1.0


def _worker_started(modules: tuple[str, ...], owner: int | None = None) -> None:
    """In each worker process: import what jobs need (already done when the forkserver
    preloaded it), leave Ctrl-C to the bot, which shuts the pool down itself, and end with
    the bot however it ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in modules:
        __import__(name)
    if owner is not None:
        threading.Thread(target=_outlive_no_owner, args=(owner,), name="workers-owner-watch", daemon=True).start()


def _owner_alive(owner: int) -> bool:
    """Whether the bot process is still running (a killed one not yet reaped counts as gone)."""
    try:
        os.kill(owner, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process now holds that number: ours is gone
        return False
    try:
        with open(f"/proc/{owner}/stat", encoding="ascii") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:  # no /proc here: the signal test is all there is
        return True


def _outlive_no_owner(owner: int, every: float = OWNER_CHECK_SECONDS) -> None:
    """A bot killed outright (kill -9, out of memory) never shuts its pool down, and its
    workers wait for jobs forever, keeping their memory and the forkserver alive: each
    restart would leave another set behind. A worker whose bot is gone ends itself."""
    while _owner_alive(owner):
        time.sleep(every)
    os._exit(0)


def _not_picklable(exc: BaseException) -> bool:
    """Whether a pool's failure is the job's arguments (or result) not crossing between the
    processes (and not the job failing there)."""
    return isinstance(exc, pickle.PicklingError) or (isinstance(exc, (TypeError, AttributeError))
                                                    and "pickle" in str(exc).lower())


class Workers:
    """Runs jobs in worker processes, or in threads where processes cannot be had.

    `workers`: how many processes (0: none, every job in a thread). The pool starts at the
    first job or at `warm_up`, and stops at `shutdown` (the bot's close); a job asked for after
    that starts a new one. The loop hands a job to a worker and takes its result through the
    worker's own pipe (gm.worker_pipes: no thread of this process in between).
    """

    def __init__(self, workers: int = 0) -> None:
        self._workers = max(0, workers)
        self._pool: PipePool | None = None
        self._lock = threading.Lock()
        #: jobs done in a worker process, and in a thread of this one
        self.in_process = 0
        self.in_thread = 0

    @property
    def workers(self) -> int:
        return self._workers

    def configure(self, workers: int | None) -> None:
        """Use `workers` processes from now on (None: one per core; 0: threads only). A pool
        already running is left to finish its jobs and stops."""
        workers = default_workers() if workers is None else max(0, workers)
        with self._lock:
            old, self._pool = (self._pool, None) if workers != self._workers else (None, self._pool)
            self._workers = workers
        if old is not None:
            old.shutdown(wait=False)

    def _executor(self) -> PipePool | None:
        """The pool, started now if it is not yet (in a thread: the processes' start waits
        for the forkserver and their imports)."""
        with self._lock:
            if self._pool is None and self._workers > 0:
                try:
                    modules = tuple(PRELOAD)
                    self._pool = PipePool(self._workers, _context(modules), _worker_started, (modules, os.getpid()))
                except (OSError, ImportError, NotImplementedError, ValueError) as exc:
                    log.warning("workers: no worker processes (%s); working in threads", exc)
                    self._workers = 0
            return self._pool

    @property
    def running(self) -> bool:
        """Whether a pool of processes is up (started and not shut down)."""
        return self._pool is not None

    def warm_up(self) -> threading.Thread | None:
        """Start the worker processes now, in the background (the bot's start-up), so the first
        job does not wait for them to import their modules. Returns the thread that starts
        them (it ends when they are ready), None when there are no processes to start."""
        if self._workers == 0:
            return None
        thread = threading.Thread(target=self._warm, name="workers-warm-up", daemon=True)
        thread.start()
        return thread

    def _warm(self) -> None:
        try:
            self._executor()  # ready once every worker has said so
        except Exception as exc:  # shut down meanwhile, or no processes: jobs find out
            log.info("workers: worker processes not warmed up (%s)", exc)

    def submit_now(self, job: Job) -> asyncio.Future[Any] | None:
        """Hand the job to a worker at once, on the running loop (None when there is no pool up
        yet or the job cannot cross to one): a caller that starts its task for the result only
        later (ui.pictures) has the worker begin now, not when the loop first runs that task.
        Give the future to `run` (`submitted`) for the result and its fallbacks."""
        pool = self._pool
        if self._workers == 0 or pool is None or not job.portable:
            return None
        try:
            return pool.submit(job.fn, job.args)
        except Exception:  # shut down, or the job does not pickle: `run` finds out and falls back
            return None

    async def run(self, job: Job, here: Callable[[], Any] | None = None,
                  submitted: asyncio.Future[Any] | None = None) -> Any:
        """The job's result, worked out in a worker process (the loop only waits), else in a
        thread: `here` when given (the same work on what this process already holds, without
        the hand-over's packing), else the job itself. A pool still to start is started in a
        thread: the loop never waits for a process to start. `submitted`: the job as
        `submit_now` already handed it over. An interaction waiting for it gives its place at
        the gate to another meanwhile (gm.gate.aside)."""
        async with gate.aside():
            return await self._run(job, here, submitted)

    async def _run(self, job: Job, here: Callable[[], Any] | None,
                   submitted: asyncio.Future[Any] | None = None) -> Any:
        if submitted is not None or (self._workers > 0 and job.portable):
            pool = self._pool
            if pool is None and submitted is None:
                pool = await asyncio.to_thread(self._executor)
            if pool is not None and submitted is None:
                try:
                    submitted = pool.submit(job.fn, job.args)
                except RuntimeError as exc:  # shut down (or broken) between the look and the submit
                    log.info("workers: pool unavailable (%s); working in a thread", exc)
                except Exception as exc:
                    if not _not_picklable(exc):
                        raise
                    log.warning("workers: %s cannot be sent to a worker process (%s); done in a thread",
                                getattr(job.fn, "__qualname__", job.fn), exc)
            if submitted is not None:
                try:
                    data = await submitted
                    self.in_process += 1
                    return data
                except BrokenProcessPool as exc:  # a worker died (killed, out of memory): threads from now on
                    log.error("workers: the worker processes stopped (%s); working in threads", exc)
                    self._broken(pool)
                except Exception as exc:
                    if not _not_picklable(exc):
                        raise
                    log.warning("workers: %s cannot be sent to a worker process (%s); done in a thread",
                                getattr(job.fn, "__qualname__", job.fn), exc)
        data = await asyncio.to_thread(here or job)
        self.in_thread += 1
        return data

    #: the pictures' word for it (ui.pictures)
    draw = run

    def _broken(self, pool: PipePool | None = None) -> None:
        with self._lock:
            if pool is not None and self._pool is not pool:  # that pool was already let go
                return
            pool, self._pool = self._pool, None
            self._workers = 0
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    async def shutdown(self) -> None:
        """Stop the worker processes (jobs not begun are dropped, the ones under way end
        first), without blocking the loop while they exit."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


def _context(modules: tuple[str, ...]) -> Any:
    """The worker processes' start method: forked from a server process that imported the
    job modules once (where there is one), else started afresh."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(list(modules))
        return ctx
    return multiprocessing.get_context("spawn")


#: the process's workers: threads until the bot configures them (GameBot.setup_hook, from
#: PICTURE_WORKERS), so tools and tests that draw a picture or seat an AI start no processes
WORKERS = Workers(0)
