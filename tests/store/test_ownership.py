"""One writer per database, the file under the store's feet, a full disk, transactions and the
outbox: the storage half of "a table you can trust". Tests taking `make_store` run on both
backends (conftest.py); those about the SQLite file itself take a path."""
from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest

from gm.store import (
    DatabaseGone,
    GameStore,
    OwnerClaim,
    OwnershipLost,
    SqliteStore,
    StaleVersion,
    StorageFull,
    StoreOwned,
)
from gm.store.ownership import OwnershipKeeper, ProcessIdentity, claim_is_dead

from .conftest import RawSql, StoreFactory

CHANNEL = 1_100_000_000_000_000_001


class Wall:
    def __init__(self, now: float = 10_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _store(path: Path, wall: Wall, identity: ProcessIdentity | None = None, lease: float = 10.0) -> SqliteStore:
    return SqliteStore(path, wall_clock=wall, lease_seconds=lease, identity=identity)


def _on(make_store: StoreFactory, wall: Wall, identity: ProcessIdentity | None = None,
        lease: float = 10.0) -> GameStore:
    """A store on the test's database (either backend), as one bot process would open it."""
    return make_store(wall_clock=wall, lease_seconds=lease, identity=identity)


async def _game(store: GameStore, channel: int = CHANNEL):
    return await store.create_game(channel, 1, "prophecy", {}, 7, 1, '{"turn":0}')


OTHER_HOST = ProcessIdentity(pid=4242, host="elsewhere", boot="b")


async def test_second_process_is_refused_naming_the_database(make_store):
    wall = Wall()
    async with _on(make_store, wall) as first, _on(make_store, wall) as second:
        await first.acquire_ownership()
        # the same machine, a live pid (ours) renewing: refused at once
        second.identity = ProcessIdentity(pid=os.getppid(), host=first.identity.host, boot=first.identity.boot)
        with pytest.raises(StoreOwned) as err:
            await second.acquire_ownership()
        assert first.path in str(err.value) and err.value.holder.pid == os.getpid()
        assert err.value.backend == first.backend  # the refusal names the kind of database (issue 16)
        # and it may not write either, even without claiming
        with pytest.raises(StoreOwned):
            await _game(second)
        assert await _game(first)  # the owner writes


async def test_claim_of_a_killed_process_is_taken_over_at_once(make_store):
    wall = Wall()
    dead = ProcessIdentity(pid=99_999_999, host="here", boot="boot1")  # no such pid
    async with _on(make_store, wall, dead) as old:
        await old.acquire_ownership()
    # (closed without releasing, like kill -9: the row still names the dead pid)
    async with _on(make_store, wall, ProcessIdentity(pid=os.getpid(), host="here", boot="boot1")) as new:
        claim = await new.acquire_ownership(wait=False)
        assert claim.pid == os.getpid()


async def test_claim_from_a_previous_boot_or_with_our_own_pid_is_dead():
    me = ProcessIdentity(pid=1, host="box", boot="now")
    base = dict(scope="all", token="t", host="box", heartbeat=0.0)
    assert claim_is_dead(OwnerClaim(**base, pid=1, boot="now"), me, running=lambda p: True)  # container pid 1
    assert claim_is_dead(OwnerClaim(**base, pid=77, boot="before"), me, running=lambda p: True)
    assert not claim_is_dead(OwnerClaim(**base, pid=77, boot="now"), me, running=lambda p: True)
    assert claim_is_dead(OwnerClaim(**base, pid=77, boot="now"), me, running=lambda p: False)
    assert not claim_is_dead(OwnerClaim(**{**base, "host": "other"}, pid=77, boot="now"), me, running=lambda p: False)


async def test_a_claim_from_another_host_is_taken_only_after_the_lease(make_store):
    wall = Wall()
    async with _on(make_store, wall, OTHER_HOST, lease=5.0) as other:
        await other.acquire_ownership()
        async with _on(make_store, wall, lease=5.0) as mine:
            with pytest.raises(StoreOwned):
                await mine.acquire_ownership(wait=False)
            wall.now += 5.5  # the other host stopped renewing
            await mine.acquire_ownership(wait=False)
            # the old owner wakes up: fenced, it cannot write any more
            with pytest.raises(OwnershipLost):
                await _game(other)
            with pytest.raises(OwnershipLost):
                await other.renew_ownership()
            assert await _game(mine)


async def test_waiting_for_a_renewing_owner_on_another_host_refuses(make_store):
    wall = Wall()
    async with _on(make_store, wall, OTHER_HOST, lease=1.0) as other, _on(make_store, wall, lease=1.0) as mine:
        await other.acquire_ownership()

        async def keep_renewing() -> None:
            for _ in range(20):
                await asyncio.sleep(0.1)
                wall.now += 0.1
                await other.renew_ownership()

        renewer = asyncio.create_task(keep_renewing())
        with pytest.raises(StoreOwned):
            await mine.acquire_ownership(wait=True)
        renewer.cancel()


async def test_release_lets_the_next_process_start_at_once(make_store):
    wall = Wall()
    async with _on(make_store, wall, OTHER_HOST) as a:
        await a.acquire_ownership()
        await a.release_ownership()
    async with _on(make_store, wall) as b:
        await b.acquire_ownership(wait=False)


async def test_keeper_renews_and_reports_a_takeover(make_store):
    wall = Wall()
    lost: list[Exception] = []

    async def on_lost(exc: Exception) -> None:
        lost.append(exc)

    async with _on(make_store, wall, OTHER_HOST, lease=0.3) as a, _on(make_store, wall, lease=0.3) as b:
        await a.acquire_ownership()
        keeper = OwnershipKeeper(a, 0.3, on_lost)
        keeper.start()
        before = (await a.owner()).heartbeat
        wall.now += 0.2
        await asyncio.sleep(0.25)
        assert (await a.owner()).heartbeat > before  # renewed
        wall.now += 10  # a long pause of "a": "b" takes over
        await b.acquire_ownership(wait=False)
        await asyncio.sleep(0.3)
        await keeper.stop()
        assert lost and isinstance(lost[0], OwnershipLost)


async def test_removed_database_file_refuses_everything(tmp_path):
    path = tmp_path / "gm.sqlite3"
    async with _store(path, Wall()) as store:
        await store.acquire_ownership()
        game = await _game(store)
        os.remove(path)
        with pytest.raises(DatabaseGone) as err:
            await store.commit_action(game.id, 0, "p", {"type": "x"}, "{}")
        assert "removed" in str(err.value) and str(path) in str(err.value)
        with pytest.raises(DatabaseGone):
            await store.get_game(game.id)  # reads of a deleted file are stale: refused too


async def test_replaced_database_file_is_noticed(tmp_path):
    path = tmp_path / "gm.sqlite3"
    async with _store(path, Wall()) as store:
        await store.acquire_ownership()
        await _game(store)
        await store.checkpoint()
        shutil.copy(path, tmp_path / "copy.sqlite3")
        os.replace(tmp_path / "copy.sqlite3", path)  # a restore from a backup, say
        with pytest.raises(DatabaseGone) as err:
            await _game(store, CHANNEL + 1)
        assert "replaced" in str(err.value)


async def test_another_database_at_the_same_place_is_noticed_by_the_heartbeat(make_store, raw_sql: RawSql):
    """SQLite: the same inode overwritten with another database; PostgreSQL: the address now
    leads to another database (a restore, a failover to the wrong server)."""
    wall = Wall()
    async with _on(make_store, wall) as store:
        await store.acquire_ownership()
        await raw_sql("UPDATE meta SET value = 'other' WHERE key = 'database_id'")
        with pytest.raises(DatabaseGone):
            await store.renew_ownership()
        with pytest.raises(DatabaseGone):
            await _game(store)


async def _limit_pages(store: SqliteStore, pages: int) -> None:
    """A full disk, as every connection that writes sees it (the limit is per connection)."""
    await store._fetchall(f"PRAGMA max_page_count = {pages}")
    if store._writer is not None:  # the event loop's own writing connection
        store._writer.execute(f"PRAGMA max_page_count = {pages}").fetchall()


async def test_full_disk_is_reported_and_changes_nothing(tmp_path):
    path = tmp_path / "gm.sqlite3"
    async with _store(path, Wall()) as store:
        await store.acquire_ownership()
        game = await _game(store)
        pages = (await store._fetchall("PRAGMA page_count"))[0][0]
        await _limit_pages(store, pages)
        with pytest.raises(StorageFull):
            await store.commit_action(game.id, 0, "p", {"type": "x" * 20_000}, "{}" + " " * 200_000)
        assert (await store.get_game(game.id)).version == 0
        assert await store.actions(game.id) == []
        await _limit_pages(store, 1_000_000)
        assert (await store.commit_action(game.id, 0, "p", {"type": "x"}, "{}")).version == 1  # not stuck


async def test_transaction_is_all_or_nothing_and_holds_a_savepoint_per_write(make_store):
    async with _on(make_store, Wall()) as store:
        game = await _game(store)
        with pytest.raises(RuntimeError):
            async with store.transaction():
                await store.commit_action(game.id, 0, "p", {"type": "a"}, "{}")
                await store.enqueue_message("channel", CHANNEL, {"content": "hi"}, game.id)
                raise RuntimeError("crash before commit")
        assert (await store.get_game(game.id)).version == 0
        assert await store.pending_messages() == []
        async with store.transaction():
            await store.commit_action(game.id, 0, "p", {"type": "a"}, "{}")
            with pytest.raises(StaleVersion):  # a failed write inside does not spoil the rest
                await store.commit_action(game.id, 0, "p", {"type": "b"}, "{}")
            await store.enqueue_message("channel", CHANNEL, {"content": "hi"}, game.id)
        assert (await store.get_game(game.id)).version == 1
        [msg] = await store.pending_messages()
        assert msg.payload == {"content": "hi"} and len(msg.nonce) <= 25


async def test_outbox_delivery_is_recorded_and_nonces_are_stable(make_store):
    async with _on(make_store, Wall()) as store:
        a = await store.enqueue_message("channel", CHANNEL, {"content": "a"})
        b = await store.enqueue_message("user", 5, {"content": "b"})
        first = await store.pending_messages()
        again = await store.pending_messages()
        assert [m.nonce for m in first] == [m.nonce for m in again] and first[0].nonce != first[1].nonce
        await store.mark_delivered(a, 123)
        await store.note_attempt(b, "503")
        [left] = await store.pending_messages()
        assert left.id == b and left.attempts == 1


async def test_channel_lock_is_reentrant_for_its_holder_only(make_store):
    async with _on(make_store, Wall()) as store:
        lock = store.channel_lock(CHANNEL)
        order: list[str] = []

        async def other() -> None:
            async with lock:
                order.append("other")

        async with lock:
            async with lock:  # nested in the same task: no deadlock
                task = asyncio.create_task(other())
                await asyncio.sleep(0.01)
                order.append("inner")
            order.append("outer")
        await task
        assert order == ["inner", "outer", "other"]


async def test_an_in_memory_store_can_claim_and_write():
    async with SqliteStore(":memory:") as store:
        await store.acquire_ownership()
        assert await _game(store)
        await store.renew_ownership()
        await store.release_ownership()
