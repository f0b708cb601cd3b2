"""No trip to SQLite's worker thread for a write: a trip (wake the worker, then wake the event
loop with the answer) costs more than the SQL of a small write, so writes run whole on the
event loop's own connection, and go to the worker only when another process holds the write
lock. The count is taken where aiosqlite hands work to its thread, so every statement, fetch,
cursor close or commit of any kind would show up."""
from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from gm.store import DatabaseGone, GameRecord, LogMeta, SqliteStore, StaleVersion, StorageFull

CHANNEL = 1_100_000_000_000_000_001
STATE = '{"turn":1,"board":"' + "x" * 5_000 + '"}'


class CountingQueue:
    """Stands in for aiosqlite's queue to its worker thread, counting what is put on it."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.trips = 0

    def put_nowait(self, item: Any) -> None:
        self.trips += 1
        self.inner.put_nowait(item)

    def __getattr__(self, name: str) -> Any:  # get(), empty(), ... for the worker
        return getattr(self.inner, name)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0
        self.hook: Any = None

    def __call__(self) -> float:
        if self.hook is not None:
            self.hook()
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(tmp_path: Path, clock: Clock) -> AsyncIterator[SqliteStore]:
    async with SqliteStore(tmp_path / "gm.sqlite3", clock=clock) as s:
        await s.acquire_ownership()  # so every write also checks the lease (the bot's case)
        yield s


def counter(store: SqliteStore) -> CountingQueue:
    queue = CountingQueue(store._conn._tx)
    store._conn._tx = queue
    return queue


async def trips(queue: CountingQueue, call: Any) -> tuple[int, Any]:
    before = queue.trips
    result = await call
    return queue.trips - before, result


async def new_game(store: SqliteStore, channel: int = CHANNEL) -> GameRecord:
    return await store.create_game(channel, 1, "prophecy", {"players": 2}, 7, 5, STATE, status="active",
                                   settings={"clock": {}})


async def test_commit_action_makes_no_trip(store: SqliteStore) -> None:
    game = await new_game(store)
    queue = counter(store)
    meta = LogMeta(events=[{"kind": "moved", "data": {"to": "city"}}] * 20, state_hash="abc", revealed=True)
    version = game.version
    for i in range(5):
        n, record = await trips(queue, store.commit_action(
            game.id, version, "42", {"type": "move", "i": i}, STATE.replace("1", str(i)), settings={"i": i},
            deadline=5_000.0 + i, meta=meta))
        assert n == 0
        assert record.version == version + 1 and record.settings == {"i": i} and record.deadline == 5_000.0 + i
        version = record.version
    # what was committed in that one trip is all there
    log = await store.actions(game.id)
    assert [a.seq for a in log] == [1, 2, 3, 4, 5] and log[-1].revealed and log[-1].state_hash == "abc"
    assert await store.get_game(game.id) == record


async def test_the_seen_marker_rides_in_the_commit_and_the_digest_is_read_without_a_trip(store: SqliteStore) -> None:
    """A press moves its player's "seen up to here" marker inside its commit (no second write),
    and the digest reads the marker and the rows after it on the event loop's own connection."""
    game = await new_game(store)
    queue = counter(store)
    key = f"seen:{game.id}"
    n, record = await trips(queue, store.commit_action(game.id, 0, "42", {"n": 1}, STATE,
                                                       meta=LogMeta(seen=(42, key))))
    assert n == 0 and record.version == 1
    await store.commit_action(game.id, 1, "43", {"n": 2}, STATE)
    n, (mark, rows) = await trips(queue, store.actions_since_mark(42, key, game.id))
    assert n == 0 and mark == 1 and [r.seq for r in rows] == [2]


async def test_a_refused_commit_makes_no_trip_and_writes_nothing(store: SqliteStore) -> None:
    game = await new_game(store)
    queue = counter(store)
    n, _ = await trips(queue, store.commit_action(game.id, 0, "p", {"n": 1}, "{}"))
    assert n == 0
    with pytest.raises(StaleVersion):
        await store.commit_action(game.id, 0, "p", {"n": 2}, "{}")
    assert queue.trips == 0
    assert [a.action for a in await store.actions(game.id)] == [{"n": 1}]


async def test_no_write_makes_a_trip(store: SqliteStore) -> None:
    queue = counter(store)
    n, game = await trips(queue, new_game(store))
    assert n == 0
    writes = [
        store.update_game(game.id, 0, host_id=6),
        store.update_game(game.id, 1, state_json="{}", actor="6", action={"type": "join"}),
        store.set_settings(game.id, {"paused": True}, deadline=9.0),
        store.set_status(game.id, "active", expected_version=2),
        store.set_user_setting(5, "seen:1", 3),
        store.set_user_setting(5, "seen:1", None),
        store.enqueue_message("channel", CHANNEL, {"content": "hi"}, game.id),
        store.renew_ownership(),
    ]
    for call in writes:
        n, _ = await trips(queue, call)
        assert n == 0, call
    [msg] = await store.pending_messages()
    for call in (store.note_attempt(msg.id, "503"), store.mark_delivered(msg.id, 99)):
        n, _ = await trips(queue, call)
        assert n == 0
    assert await store.pending_messages() == []


async def test_reads_are_one_trip_at_most_and_a_press_reads_without_any(store: SqliteStore) -> None:
    """The reads of a press (its game, the "seen" marker) use the event loop's own read-only
    connection: no trip. Longer reads (the whole log, statistics) make one trip each."""
    game = await new_game(store)
    await store.commit_action(game.id, 0, "p", {"n": 1}, "{}")
    queue = counter(store)
    for call, expected in ((store.get_game(game.id), 0), (store.get_active_game(CHANNEL), 0),
                           (store.last_seq(game.id), 0), (store.get_user_setting(5, "lang"), 0),
                           (store.user_setting_and_last_seq(5, "lang", game.id), 0),
                           (store.actions(game.id), 1), (store.stats(), 1)):
        n, _ = await trips(queue, call)
        assert n == expected, call


async def test_a_read_on_the_loop_sees_every_commit_and_refuses_a_replaced_file(store: SqliteStore, tmp_path: Path) -> None:
    game = await new_game(store)
    for i in range(3):
        written = await store.commit_action(game.id, i, "p", {"n": i}, STATE.replace("1", str(i)))
        assert await store.get_active_game(CHANNEL) == written == await store.get_game(game.id)
    # another connection (another process) commits: the next read sees it
    other = sqlite3.connect(tmp_path / "gm.sqlite3")
    other.execute("UPDATE games SET host_id = 77 WHERE id = ?", (game.id,))
    other.commit()
    other.close()
    assert (await store.get_game(game.id)).host_id == 77  # type: ignore[union-attr]  # set up by the test
    os.replace(tmp_path / "gm.sqlite3", tmp_path / "moved.sqlite3")
    with pytest.raises(DatabaseGone):
        await store.get_active_game(CHANNEL)


async def test_inside_a_transaction_reads_see_its_own_writes(store: SqliteStore) -> None:
    """`transaction()` rows are not committed yet: its reads go through the writer's connection."""
    game = await new_game(store)
    queue = counter(store)
    async with store.transaction():
        await store.commit_action(game.id, 0, "p", {"n": 1}, "{}")
        before = queue.trips
        found = await store.get_game(game.id)
        assert queue.trips - before == 1 and found is not None and found.version == 1
        assert await store.last_seq(game.id) == 1
    assert (await store.get_game(game.id)).version == 1  # type: ignore[union-attr]  # set up by the test


async def test_a_transaction_is_one_trip_per_write_plus_begin_and_commit(store: SqliteStore) -> None:
    game = await new_game(store)
    queue = counter(store)
    async with store.transaction():
        await store.commit_action(game.id, 0, "system", {"type": "timeout"}, "{}")
        await store.enqueue_message("channel", CHANNEL, {"content": "time ran out"}, game.id)
    assert queue.trips == 4
    assert (await store.get_game(game.id)).version == 1  # type: ignore[union-attr]  # set up by the test
    assert len(await store.pending_messages()) == 1


async def test_a_full_disk_at_commit_rolls_back_at_once(store: SqliteStore) -> None:
    """SQLite in WAL mode reports a full disk when it writes the transaction out, at COMMIT."""
    game = await new_game(store)
    queue = counter(store)
    raw = store._writer  # the event loop's writing connection
    assert raw is not None
    real_execute = raw.execute

    def execute(sql: str, *args: Any) -> Any:
        if sql == "COMMIT":
            raise sqlite3.OperationalError("database or disk is full")
        return real_execute(sql, *args)

    raw.execute = execute  # type: ignore[method-assign]  # the test replaces the method on purpose
    with pytest.raises(StorageFull):
        await store.commit_action(game.id, 0, "p", {"n": 1}, "{}")
    assert queue.trips == 0
    del raw.execute
    assert (await store.get_game(game.id)) == game and await store.actions(game.id) == []
    assert (await store.commit_action(game.id, 0, "p", {"n": 1}, "{}")).version == 1  # not stuck


async def test_a_file_removed_during_the_write_is_not_acknowledged(store: SqliteStore, clock: Clock,
                                                                   tmp_path: Path) -> None:
    """The file check runs again inside the trip, just before COMMIT."""
    path = tmp_path / "gm.sqlite3"
    game = await new_game(store)
    witness = sqlite3.connect(path)  # keeps reading the same (soon unlinked) file
    try:
        assert witness.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 0  # opened now
        clock.hook = lambda: path.exists() and os.remove(path)  # runs inside the write
        with pytest.raises(DatabaseGone) as err:
            await store.commit_action(game.id, 0, "p", {"n": 1}, "{}")
        assert "removed" in str(err.value)
        clock.hook = None
        assert witness.execute("SELECT version FROM games WHERE id = ?", (game.id,)).fetchone()[0] == 0
        assert witness.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 0
    finally:
        witness.close()
    with pytest.raises(DatabaseGone):
        await store.get_game(game.id)


async def test_the_record_a_write_returns_is_the_row_as_read_back(store: SqliteStore, clock: Clock) -> None:
    """Writes build their answer from the row they read and the values they wrote, without
    reading it again: it must be exactly what a read gives."""
    game = await new_game(store)
    clock.now += 5
    steps = [
        lambda v: store.commit_action(game.id, v, "42", {"t": 1}, '{"s":1}', deadline=7_000, settings={"b": (1, 2)}),
        lambda v: store.update_game(game.id, v, options={"players": 3}, host_id=None, deadline=None),
        lambda v: store.update_game(game.id, v, status="finished"),
        lambda v: store.update_game(game.id, v, status="active", host_id=9, settings={"z": {"y": [1.5]}}),
        lambda v: store.set_status(game.id, "ended", expected_version=v),
    ]
    version = game.version
    for step in steps:
        written = await step(version)
        assert written == await store.get_game(game.id)
        version = written.version


async def test_seen_markers_make_no_trip_and_agree_with_the_two_call_versions(store: SqliteStore) -> None:
    """The game master's "seen up to here" marker: read with the newest seq, or set to it,
    on the event loop's own connections: no trip."""
    game = await new_game(store)
    for i in range(3):
        await store.commit_action(game.id, i, "p", {"n": i}, "{}")
    queue = counter(store)
    n, got = await trips(queue, store.user_setting_and_last_seq(5, f"seen:{game.id}", game.id, 0))
    assert n == 0 and got == (0, 3)
    n, seq = await trips(queue, store.mark_last_seq(5, f"seen:{game.id}", game.id))
    assert n == 0 and seq == 3
    assert await store.get_user_setting(5, f"seen:{game.id}") == 3
    assert await store.user_setting_and_last_seq(5, f"seen:{game.id}", game.id) == (3, 3)
    # the interface's defaults (any backend) give the same answers with two calls
    from gm.store import GameStore
    assert await GameStore.user_setting_and_last_seq(store, 5, f"seen:{game.id}", game.id) == (3, 3)
    await store.commit_action(game.id, 3, "p", {"n": 3}, "{}")
    assert await GameStore.mark_last_seq(store, 6, "k", game.id) == 4
    assert await store.user_setting_and_last_seq(6, "k", game.id) == (4, 4)
    assert await store.user_setting_and_last_seq(6, "k", game.id + 99, "none") == (4, 0)
    assert await store.user_setting_and_last_seq(7, "k", game.id + 99, "none") == ("none", 0)


async def test_a_write_waits_on_the_worker_while_another_process_holds_the_lock(store: SqliteStore,
                                                                                 tmp_path: Path) -> None:
    """The loop's connection never waits for a lock (that would freeze every channel): when
    another process is writing, the write makes its one trip to the worker, which waits there
    while the event loop goes on."""
    game = await new_game(store)
    queue = counter(store)
    other = sqlite3.connect(tmp_path / "gm.sqlite3", isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        task = asyncio.create_task(store.commit_action(game.id, 0, "p", {"n": 1}, "{}"))
        ticks = 0
        for _ in range(5):  # the event loop is free while the write waits
            await asyncio.sleep(0.01)
            ticks += 1
        assert not task.done() and ticks == 5
        other.execute("ROLLBACK")
        record = await task
    finally:
        other.close()
    assert record.version == 1 and queue.trips == 1
    assert [a.action for a in await store.actions(game.id)] == [{"n": 1}]
    n, again = await trips(queue, store.commit_action(game.id, 1, "p", {"n": 2}, "{}"))
    assert n == 0 and again.version == 2  # the lock is free again: back on the loop


async def test_the_log_is_folded_into_the_file_in_the_background(store: SqliteStore, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop's connection never checkpoints (copying the log into the file and syncing it
    may take milliseconds); every CHECKPOINT_EVERY of its commits the worker does, in the
    background. The main file alone (copied without its -wal) then holds the commits."""
    import gm.store.sqlite as sqlite_store

    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 4)
    game = await new_game(store)
    await store.checkpoint()
    store._loop_commits = 0  # counted from here
    queue = counter(store)

    def rows_in_main_file() -> int:
        copy = tmp_path / "main-only.sqlite3"
        shutil.copyfile(tmp_path / "gm.sqlite3", copy)
        conn = sqlite3.connect(copy)
        try:
            return int(conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
        finally:
            conn.close()
            copy.unlink()

    for i in range(3):
        await store.commit_action(game.id, i, "p", {"n": i}, "{}")
    assert queue.trips == 0 and rows_in_main_file() == 0  # still in the log only
    await store.commit_action(game.id, 3, "p", {"n": 3}, "{}")
    assert store._checkpointing is not None
    await store._checkpointing
    assert queue.trips == 1 and rows_in_main_file() == 4
