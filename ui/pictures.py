"""Pictures drawn off the event loop and off the interpreter lock: once per state version, in a
pool of worker processes (issue 30: keep the loop free).

The cache. A picture is keyed by what decides its pixels: (game id, seed, state version, the
picture's name, locale, whose view). A version never changes once written, so an entry never
goes stale: the turn message, `/game status` and "Show everyone" of the same version share one
drawing, and a state is never drawn twice. The seed is in the key so two databases (tests, a
restored backup) numbering their games alike never share a picture; the view (None: a
spectator's) so a picture drawn from what one person may see is never shown to another. The
cache is an LRU bounded in entries and in bytes.

The painter. A drawing is a module-level function and picklable arguments (`Drawing`: the
spectator view of the state and the locale), so it can run in another process: a board picture
is 10-60 ms of Pillow and pure Python, and in a thread it still holds the interpreter lock the
event loop needs (every button press waits behind it), and the bot never uses a second core.
`Painter` sends drawings to a `ProcessPoolExecutor` of `PICTURE_WORKERS` processes (default:
one per core). Its processes are forked from a "forkserver" that imported the drawing modules
once (forking the bot itself, with its threads and locks, is not safe); they keep their own
caches (the board drawn once per pack and labels, the compressed bands of ui.png). Where
processes cannot be had (PICTURE_WORKERS=0, a platform without them, a pool that broke) or a
drawing cannot cross to one (a function defined inside another, as tests do), it is drawn in a
thread of this process instead, as before.

`start` begins a drawing (or joins the one under way) and returns at once; the caller decides
how long the reply may wait for it (cogs.common gives a turn message a short grace and attaches
a late picture by editing the message afterwards).
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
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Sequence

log = logging.getLogger(__name__)

#: what the worker processes import before their first picture (in the forkserver, once): the
#: content readers, then every registered system's picture modules (its plug-in's `pictures`,
#: added by the registry as it loads: the plug-ins import this module, not the other way round)
DRAWING_MODULES: list[str] = ["packs"]


def add_drawing_modules(names: Sequence[str]) -> None:
    """Have the worker processes import these modules too (a pool started later does)."""
    DRAWING_MODULES.extend(name for name in names if name not in DRAWING_MODULES)


@dataclass(frozen=True)
class Drawing:
    """A picture to draw: a module-level function and its arguments, all picklable, so the
    drawing can be done in another process. Calling it draws here."""

    draw: Callable[..., bytes | None]
    args: tuple[Any, ...] = field(default=())

    def __call__(self) -> bytes | None:
        return self.draw(*self.args)

    @property
    def portable(self) -> bool:
        """Whether a worker process can find the function by name (a lambda or a function
        defined inside another cannot be sent; such a drawing stays in this process)."""
        fn = self.draw
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


def _worker_started(modules: tuple[str, ...]) -> None:
    """In each worker process: import what drawings need (already done when the forkserver
    preloaded it), and leave Ctrl-C to the bot, which shuts the pool down itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in modules:
        __import__(name)


def _ready() -> int:
    return os.getpid()


def _draw_in_worker(draw: Callable[..., bytes | None], args: tuple[Any, ...]) -> bytes | None:
    return draw(*args)


def _not_picklable(exc: BaseException) -> bool:
    """Whether a pool's failure is the drawing's arguments not crossing to the process (and
    not the drawing failing there)."""
    return isinstance(exc, pickle.PicklingError) or (isinstance(exc, (TypeError, AttributeError))
                                                    and "pickle" in str(exc).lower())


class Painter:
    """Draws pictures in worker processes, or in threads where processes cannot be had.

    `workers`: how many processes (0: none, every drawing in a thread). The pool starts at the
    first drawing or at `warm_up`, and stops at `shutdown` (the bot's close); a drawing asked
    for after that starts a new one.
    """

    def __init__(self, workers: int = 0) -> None:
        self._workers = max(0, workers)
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        #: drawings done in a worker process, and in a thread of this one
        self.in_process = 0
        self.in_thread = 0

    @property
    def workers(self) -> int:
        return self._workers

    def configure(self, workers: int | None) -> None:
        """Use `workers` processes from now on (None: one per core; 0: threads only). A pool
        already running is left to finish its drawings and stops."""
        workers = default_workers() if workers is None else max(0, workers)
        with self._lock:
            old, self._pool = (self._pool, None) if workers != self._workers else (None, self._pool)
            self._workers = workers
        if old is not None:
            old.shutdown(wait=False)

    def _executor(self) -> ProcessPoolExecutor | None:
        with self._lock:
            if self._pool is None and self._workers > 0:
                try:
                    modules = tuple(DRAWING_MODULES)
                    self._pool = ProcessPoolExecutor(self._workers, mp_context=_context(modules),
                                                     initializer=_worker_started, initargs=(modules,))
                except (OSError, ImportError, NotImplementedError, ValueError) as exc:
                    log.warning("pictures: no worker processes (%s); drawing in threads", exc)
                    self._workers = 0
            return self._pool

    @property
    def running(self) -> bool:
        """Whether a pool of processes is up (started and not shut down)."""
        return self._pool is not None

    def warm_up(self) -> threading.Thread | None:
        """Start the worker processes now, in the background (the bot's start-up), so the first
        picture does not wait for them to import the drawing modules. Returns the thread that
        starts them (it ends when they are ready), None when there are no processes to start."""
        if self._workers == 0:
            return None
        thread = threading.Thread(target=self._warm, name="pictures-warm-up", daemon=True)
        thread.start()
        return thread

    def _warm(self) -> None:
        try:
            pool = self._executor()
            if pool is not None:
                for done in [pool.submit(_ready) for _ in range(self._workers)]:
                    done.result()
        except Exception as exc:  # shut down meanwhile, or no processes: drawings find out
            log.info("pictures: worker processes not warmed up (%s)", exc)

    def _submit(self, drawing: Drawing) -> Future[bytes | None] | None:
        """The drawing handed to a worker process, None when there is no pool. Called in a
        thread: the first drawings start processes, which waits for the forkserver."""
        pool = self._executor()
        if pool is None:
            return None
        try:
            return pool.submit(_draw_in_worker, drawing.draw, drawing.args)
        except RuntimeError as exc:  # shut down (or broken) between the look and the submit
            log.info("pictures: pool unavailable (%s); drawing in a thread", exc)
            return None

    async def draw(self, drawing: Drawing) -> bytes | None:
        """The picture, drawn in a worker process (the loop only waits), else in a thread.
        The handing over happens in a thread too: the loop never waits for a process to start."""
        if self._workers > 0 and drawing.portable:
            submitted = await asyncio.to_thread(self._submit, drawing)
            if submitted is not None:
                try:
                    data = await asyncio.wrap_future(submitted)
                    self.in_process += 1
                    return data
                except BrokenProcessPool as exc:  # a worker died (killed, out of memory): threads from now on
                    log.error("pictures: the worker processes stopped (%s); drawing in threads", exc)
                    self._broken()
                except Exception as exc:
                    if not _not_picklable(exc):
                        raise
                    log.warning("pictures: %s cannot be sent to a worker process (%s); drawn in a thread",
                                getattr(drawing.draw, "__qualname__", drawing.draw), exc)
        data = await asyncio.to_thread(drawing)
        self.in_thread += 1
        return data

    def _broken(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
            self._workers = 0
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    async def shutdown(self) -> None:
        """Stop the worker processes (drawings not begun are dropped, the ones under way end
        first), without blocking the loop while they exit."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


def _context(modules: tuple[str, ...]) -> Any:
    """The worker processes' start method: forked from a server process that imported the
    drawing modules once (where there is one), else started afresh."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(list(modules))
        return ctx
    return multiprocessing.get_context("spawn")


#: the process's painter: threads until the bot configures it (GameBot.setup_hook, from
#: PICTURE_WORKERS), so tools and tests that draw a picture start no processes
PAINTER = Painter(0)


class PictureCache:
    """A small thread-safe LRU of rendered pictures (bounded in entries and bytes), with the
    drawings under way."""

    def __init__(self, maxsize: int = 64, max_bytes: int = 32 << 20, painter: Painter | None = None) -> None:
        if maxsize < 1:
            raise ValueError("maxsize must be at least 1")
        self.maxsize = maxsize
        self.max_bytes = max_bytes
        self.painter = painter
        self._data: OrderedDict[Hashable, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self._drawing: dict[Hashable, asyncio.Future[bytes | None]] = {}
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._data)

    @property
    def size(self) -> int:
        """Bytes of pictures held."""
        return self._bytes

    def cached(self, key: Hashable) -> bytes | None:
        with self._lock:
            found = self._data.get(key)
            if found is not None:
                self._data.move_to_end(key)
                self.hits += 1
            return found

    def put(self, key: Hashable, data: bytes) -> None:
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self._bytes -= len(old)
            if len(data) > self.max_bytes:
                return  # larger than the whole cache: drawn, sent, not kept
            self._data[key] = data
            self._bytes += len(data)
            while len(self._data) > self.maxsize or self._bytes > self.max_bytes:
                _key, dropped = self._data.popitem(last=False)
                self._bytes -= len(dropped)

    def get_or_render(self, key: Hashable, render: Callable[[], bytes]) -> bytes:
        """The picture for `key`, drawn now (in this thread) if nobody has drawn it yet."""
        found = self.cached(key)
        if found is not None:
            return found
        data = render()
        with self._lock:
            self.misses += 1
        self.put(key, data)
        return data

    def start(self, key: Hashable, render: Drawing | Callable[[], bytes]) -> asyncio.Future[bytes | None]:
        """The picture for `key` as a future: already done when cached, else drawn by the
        painter (a `Drawing`: in a worker process) or in a thread (any other callable), one
        drawing per key however many ask while it runs. A drawing may give None (nothing to
        show): that is not kept."""
        loop = asyncio.get_running_loop()
        found = self.cached(key)
        if found is not None:
            done: asyncio.Future[bytes | None] = loop.create_future()
            done.set_result(found)
            return done
        running = self._drawing.get(key)
        if running is not None and not running.done() and running.get_loop() is loop:
            return running
        task = loop.create_task(self._draw(key, render))
        self._drawing[key] = task
        task.add_done_callback(lambda _t: self._forget(key, task))
        return task

    async def _draw(self, key: Hashable, render: Drawing | Callable[[], bytes]) -> bytes | None:
        if isinstance(render, Drawing):
            data = await (self.painter or PAINTER).draw(render)
        else:
            data = await asyncio.to_thread(render)
        with self._lock:
            self.misses += 1
        if data is not None:
            self.put(key, data)
        return data

    def _forget(self, key: Hashable, task: asyncio.Future[bytes | None]) -> None:
        if self._drawing.get(key) is task:
            del self._drawing[key]
        if not task.cancelled():
            task.exception()  # retrieved here, so a failed drawing is not reported as "never retrieved"


#: every picture the bot sends (board, Water Realm, party), one cache for all
PICTURES = PictureCache(maxsize=512, max_bytes=48 << 20)


def picture_key(record: Any, name: str, locale: str, viewer: str | None = None) -> tuple[Any, ...]:
    """The cache key of a game's picture `name` at its current version, as `viewer` (None: a
    spectator) may see it."""
    return (record.id, record.seed, record.version, name, locale, viewer)
