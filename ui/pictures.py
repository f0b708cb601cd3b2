"""Board pictures drawn off the reply path: once per state version, in a worker thread.

A picture is keyed by (game id, seed, state version, locale). A version never changes once
written, so an entry never goes stale: the turn message, `/game status` and "Show everyone"
of the same version share one drawing. The seed is in the key so two databases (tests, a
restored backup) numbering their games alike never share a picture.

`start` begins a drawing (or joins the one under way) and returns at once; the caller decides
how long the reply may wait for it (cogs.common gives a turn message a short grace and attaches
a late picture by editing the message afterwards). A new version whose board looks as before
is cheap to draw again (the renderer reuses the compressed rows of earlier pictures, ui.png),
so this cache stays keyed by version.
"""
from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from typing import Callable, Hashable


class PictureCache:
    """A small thread-safe LRU of rendered pictures, with the drawings under way."""

    def __init__(self, maxsize: int = 64) -> None:
        if maxsize < 1:
            raise ValueError("maxsize must be at least 1")
        self.maxsize = maxsize
        self._data: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self._drawing: dict[Hashable, asyncio.Future[bytes]] = {}
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._data)

    def cached(self, key: Hashable) -> bytes | None:
        with self._lock:
            found = self._data.get(key)
            if found is not None:
                self._data.move_to_end(key)
                self.hits += 1
            return found

    def put(self, key: Hashable, data: bytes) -> None:
        with self._lock:
            self._data[key] = data
            self._data.move_to_end(key)
            while len(self._data) > self.maxsize:
                self._data.popitem(last=False)

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

    def start(self, key: Hashable, render: Callable[[], bytes]) -> asyncio.Future[bytes]:
        """The picture for `key` as a future: already done when cached, else drawn in a worker
        thread (one drawing per key however many ask while it runs)."""
        loop = asyncio.get_running_loop()
        found = self.cached(key)
        if found is not None:
            done: asyncio.Future[bytes] = loop.create_future()
            done.set_result(found)
            return done
        running = self._drawing.get(key)
        if running is not None and not running.done() and running.get_loop() is loop:
            return running
        task = loop.create_task(asyncio.to_thread(self.get_or_render, key, render))
        self._drawing[key] = task
        task.add_done_callback(lambda _t: self._forget(key, task))
        return task

    def _forget(self, key: Hashable, task: asyncio.Future[bytes]) -> None:
        if self._drawing.get(key) is task:
            del self._drawing[key]
        if not task.cancelled():
            task.exception()  # retrieved here, so a failed drawing is not reported as "never retrieved"
