"""Pictures drawn off the event loop and off the interpreter lock: once per state version, in the
bot's pool of worker processes (gm.workers; issue 30: keep the loop free).

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
event loop needs. `PAINTER` is the bot's `gm.workers.WORKERS` (the same processes think for the
slow AI seats); where processes cannot be had, or a drawing cannot cross to one (a function
defined inside another, as tests do), it is drawn in a thread of this process instead.

`start` begins a drawing (or joins the one under way) and returns at once; the caller decides
how long the reply may wait for it (cogs.common gives a turn message a short grace and attaches
a late picture by editing the message afterwards).
"""
from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from typing import Any, Callable, Hashable, Sequence

from engine.registry import SYSTEMS
from gm.workers import PRELOAD, WORKERS, Job, Workers, add_preload, default_workers

__all__ = ["DRAWING_MODULES", "PAINTER", "PICTURES", "Drawing", "Painter", "PictureCache", "add_drawing_modules",
           "default_workers", "drawn_from_stored", "picture_key", "spectator_drawing"]

#: a picture to draw: a module-level function and its picklable arguments (gm.workers.Job)
Drawing = Job
#: what draws them: worker processes, or threads where processes cannot be had
Painter = Workers
#: what the worker processes import before their first picture (gm.workers.PRELOAD)
DRAWING_MODULES = PRELOAD


def add_drawing_modules(names: Sequence[str]) -> None:
    """Have the worker processes import these modules too (a pool started later does)."""
    add_preload(names)


#: the process's painter: the bot's worker processes (threads until the bot configures them,
#: GameBot.setup_hook, from PICTURE_WORKERS), so tools and tests that draw start no processes
PAINTER = WORKERS


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
        # a Drawing is handed to a worker process now, not when the loop first runs the task
        # (the press goes on building its messages meanwhile)
        early = (self.painter or PAINTER).submit_now(render) if isinstance(render, Drawing) else None
        task = loop.create_task(self._draw(key, render, early))
        self._drawing[key] = task
        task.add_done_callback(lambda _t: self._forget(key, task))
        return task

    async def _draw(self, key: Hashable, render: Drawing | Callable[[], bytes],
                    early: asyncio.Future[Any] | None = None) -> bytes | None:
        if isinstance(render, Drawing):
            # a Drawing's function gives bytes or None (its type says so); the pool hands back Any
            data: bytes | None = await (self.painter or PAINTER).draw(render, submitted=early)
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


def drawn_from_stored(system_name: str, state_json: str, draw: Callable[..., bytes | None],
                      locale: str) -> bytes | None:
    """`draw` on the spectator view of the state as stored (JSON text). Module level: a worker
    process finds it by name, and the state crosses to it as the text it already is (a pickled
    view costs the bot's process 1-2 ms of the interpreter lock per picture)."""
    system = SYSTEMS[system_name]
    return draw(system.view(system.load_state(state_json), None), locale)


def spectator_drawing(result: Any, draw: Callable[..., bytes | None], locale: str) -> Drawing:
    """The drawing of `draw` (a module-level function of a spectator view and a locale) for this
    game's state: sent to the worker processes as the committed JSON text, when there are
    some; in a thread of this process, from the view already built. The same view either way
    (tests/ui/test_picture_pool.py: the same bytes)."""
    stored = getattr(result.record, "state", None)
    if PAINTER.workers > 0 and isinstance(stored, str) and stored:
        return Drawing(drawn_from_stored, (result.record.system, stored, draw, locale))
    return Drawing(draw, (result.view(None), locale))


def picture_key(record: Any, name: str, locale: str, viewer: str | None = None) -> tuple[Any, ...]:
    """The cache key of a game's picture `name` at its current version, as `viewer` (None: a
    spectator) may see it."""
    return (record.id, record.seed, record.version, name, locale, viewer)
