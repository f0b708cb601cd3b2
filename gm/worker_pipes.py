"""Worker processes the event loop talks to through their own pipes, with no thread in between
(gm.workers; issue 30: the wall time a press waits for its picture).

Why not `concurrent.futures.ProcessPoolExecutor`: between the loop and a worker it passes a job
through three threads of the bot's process (the caller's hand-over, its manager thread, its call
queue's feeder) and the result back through the manager thread. Each needs the interpreter lock,
and the loop holds it while it builds the turn message that the picture is drawn beside: a
thread waiting for the lock gets it only after the switch interval (5 ms). Measured with the loop
busy for 3 ms after handing a board picture over: the worker began 7.6 ms after the hand-over
(0.7 ms with the loop idle) and the loop had the drawn picture 3 ms after the worker finished.

Here the loop writes the pickled job straight into an idle worker's pipe (the worker starts at
once) and watches the pipe's other direction as one of its own sockets (`loop.add_reader`): it
reads the result at its next turn, with no thread to wake. A job asked for while every worker
is busy waits in a queue and goes to the first one to finish. The idle worker first in line is
always taken, so under light load one worker draws one game's pictures one after the other, its
caches warm.

A worker that dies (killed, out of memory) closes its pipe: the job it held fails with
`BrokenProcessPool`, as the jobs waiting do, and the caller (gm.workers) works in threads.
"""
from __future__ import annotations

import asyncio
import collections
import pickle
import threading
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Callable

#: what a worker sends when its modules are imported and it waits for jobs
_READY = b"ready"
#: what tells a worker to end (an empty message)
_STOP = b""


def _serve(conn: Connection, initializer: Callable[..., None], initargs: tuple[Any, ...]) -> None:
    """A worker process: after `initializer`, run each job the pipe brings and send back
    (True, result) or (False, the exception), until the pipe closes or says stop."""
    initializer(*initargs)
    conn.send_bytes(_READY)
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        if data == _STOP:
            return
        try:
            fn, args = pickle.loads(data)
            out = pickle.dumps((True, fn(*args)), pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # the job's own failure (or its result not crossing): the caller's to see
            try:
                out = pickle.dumps((False, exc), pickle.HIGHEST_PROTOCOL)
            except Exception:  # an exception that cannot cross itself: its words do
                out = pickle.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")), pickle.HIGHEST_PROTOCOL)
        try:
            conn.send_bytes(out)
        except OSError:
            return


@dataclass
class _Slot:
    """One worker, and the job it holds: the loop waiting for it and that loop's future."""

    process: Any
    conn: Connection
    loop: asyncio.AbstractEventLoop | None = None
    future: asyncio.Future[Any] | None = None
    stopping: bool = False

    @property
    def busy(self) -> bool:
        return self.future is not None


class PipePool:
    """`workers` processes of `context` (a multiprocessing context), each started with
    `initializer(*initargs)`. Created in a thread: it waits for every worker to be ready."""

    def __init__(self, workers: int, context: Any, initializer: Callable[..., None],
                 initargs: tuple[Any, ...]) -> None:
        self._lock = threading.Lock()
        self._queue: collections.deque[tuple[bytes, asyncio.AbstractEventLoop, asyncio.Future[Any]]] = collections.deque()
        self._closed = False
        self._broken = False
        self._slots: list[_Slot] = []
        #: the worker processes by process id (as ProcessPoolExecutor names them)
        self._processes: dict[int, Any] = {}
        try:
            for _ in range(workers):
                mine, theirs = context.Pipe(duplex=True)
                process = context.Process(target=_serve, args=(theirs, initializer, initargs), daemon=True,
                                          name="gm-worker")
                process.start()
                theirs.close()
                self._slots.append(_Slot(process, mine))
                self._processes[process.pid] = process
            for slot in self._slots:
                if slot.conn.recv_bytes() != _READY:
                    raise OSError("a worker process did not start")
        except (EOFError, OSError) as exc:
            self._stop_all()
            raise OSError(f"worker processes could not start: {exc}") from exc

    def submit(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> asyncio.Future[Any]:
        """The job's result as a future of the running loop. Called on that loop: the job is
        pickled here (a job that cannot be raises at once) and written to an idle worker, or
        queued until one is."""
        loop = asyncio.get_running_loop()
        payload = pickle.dumps((fn, args), pickle.HIGHEST_PROTOCOL)
        future: asyncio.Future[Any] = loop.create_future()
        with self._lock:
            if self._closed or self._broken:
                raise RuntimeError("the worker processes are shut down")
            slot = self._idle_slot()
            if slot is None:
                self._queue.append((payload, loop, future))
                return future
            slot.loop, slot.future = loop, future
        self._send(slot, payload)
        return future

    def _idle_slot(self) -> _Slot | None:
        """The first idle worker; a worker whose job's loop has closed (its result never to be
        read: a test's loop ended) is taken back once its result has come."""
        for slot in self._slots:
            if not slot.busy:
                return slot
        for slot in self._slots:
            if slot.loop is not None and slot.loop.is_closed():
                try:
                    slot.conn.recv_bytes()
                except (EOFError, OSError):
                    continue
                slot.loop = slot.future = None
                return slot
        return None

    def _send(self, slot: _Slot, payload: bytes) -> None:
        """On the slot's loop: hand the job over and watch for its result."""
        assert slot.loop is not None
        try:
            slot.conn.send_bytes(payload)
        except OSError as exc:  # the worker is gone
            self._fail(BrokenProcessPool(f"a worker process is gone ({exc})"))
            return
        slot.loop.add_reader(slot.conn.fileno(), self._readable, slot)

    def _readable(self, slot: _Slot) -> None:
        """On the slot's loop: the worker answered (or died: its pipe closed)."""
        loop, future = slot.loop, slot.future
        assert loop is not None and future is not None
        loop.remove_reader(slot.conn.fileno())
        try:
            data = slot.conn.recv_bytes()
        except (EOFError, OSError) as exc:
            self._fail(BrokenProcessPool(f"a worker process died ({exc or 'its pipe closed'})"))
            return
        try:
            ok, value = pickle.loads(data)
        except Exception as exc:  # a result this process cannot read
            ok, value = False, exc
        if not future.done():  # (cancelled meanwhile: nobody waits for it)
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)
        self._next(slot)

    def _next(self, slot: _Slot) -> None:
        """Give the worker that just finished the next job waiting, if any."""
        with self._lock:
            slot.loop = slot.future = None
            if slot.stopping:
                self._stop(slot)
                return
            while self._queue:
                payload, loop, future = self._queue.popleft()
                if future.done() or loop.is_closed():
                    continue
                slot.loop, slot.future = loop, future
                break
            else:
                return
        if loop is asyncio.get_running_loop():
            self._send(slot, payload)
        else:
            try:
                loop.call_soon_threadsafe(self._send, slot, payload)
            except RuntimeError:  # that loop closed meanwhile
                self._next(slot)

    def _fail(self, exc: BaseException) -> None:
        """A worker is gone: every job held or waiting fails with `exc` (each on its loop) and
        the pool takes no more."""
        with self._lock:
            self._broken = True
            held = [(s.loop, s.future) for s in self._slots if s.future is not None]
            held += [(loop, future) for _payload, loop, future in self._queue]
            self._queue.clear()
            watched = [(s.loop, s.conn) for s in self._slots if s.loop is not None]  # (loop, pipe) pairs
            for s in self._slots:
                s.loop = s.future = None
        for watching, conn in watched:
            _unwatch(watching, conn)
        for loop, future in held:
            if loop is not None and future is not None and not loop.is_closed():
                loop.call_soon_threadsafe(_set_exception, future, exc)
        self._stop_all(join=False)

    @property
    def broken(self) -> bool:
        return self._broken

    def shutdown(self, wait: bool = True, cancel_futures: bool = True) -> None:
        """Stop the workers: jobs not begun are dropped (cancelled), the ones under way end
        first (their results still reach their loops); `wait`: until the processes are gone."""
        with self._lock:
            self._closed = True
            dropped = list(self._queue) if cancel_futures else []
            if cancel_futures:
                self._queue.clear()
            for slot in self._slots:
                if slot.busy:
                    slot.stopping = True
                else:
                    self._stop(slot)
        for _payload, loop, future in dropped:
            if not loop.is_closed():
                loop.call_soon_threadsafe(future.cancel)
        if wait:
            for slot in self._slots:
                slot.process.join(10 if slot.stopping else 5)
                if slot.process.is_alive():  # a job that never ends, or a loop gone that held it
                    slot.process.terminate()
                    slot.process.join(5)

    def _stop(self, slot: _Slot) -> None:
        try:
            slot.conn.send_bytes(_STOP)
        except OSError:
            pass
        slot.conn.close()

    def _stop_all(self, join: bool = True) -> None:
        """Close every pipe (a worker then ends) and end what is left; `join`: wait for them
        (not on the loop, which must not wait)."""
        for slot in self._slots:
            if not slot.conn.closed:
                slot.conn.close()
        for slot in self._slots:
            if join and slot.process.is_alive():
                slot.process.join(0.5)
            if slot.process.is_alive():
                slot.process.terminate()


def _unwatch(loop: asyncio.AbstractEventLoop, conn: Connection) -> None:
    """Stop watching a worker's pipe on `loop` (from its own thread, or by asking it)."""
    if loop.is_closed() or conn.closed:
        return
    fd = conn.fileno()
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    try:
        if running is loop:
            loop.remove_reader(fd)
        else:
            loop.call_soon_threadsafe(loop.remove_reader, fd)
    except (RuntimeError, OSError, ValueError):  # that loop closed meanwhile
        pass


def _set_exception(future: asyncio.Future[Any], exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)
