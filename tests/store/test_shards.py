"""Several bot processes on one database, by Discord shard (issue 16, part 2).

The shard arithmetic; then, on PostgreSQL, what keeps processes serving different shards apart:
one lease per shard, game writes fenced by the lease of the game's shard, the clock and the
outbox kept to the served shards, overlapping claims refused while alive and cleared when dead,
and a due deadline claimed by one transaction at a time (`FOR UPDATE SKIP LOCKED`). SQLite keeps
its one writer per file: it serves every shard or refuses to start."""
from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path
from typing import Any

import pytest

from gm.store import GameRecord, OwnershipLost, SqliteStore, StoreError, StoreOwned
from gm.store.ownership import ProcessIdentity
from gm.store.shards import ShardSet, parse_scope, parse_shard_ids, scopes_conflict, shard_of, shard_scope

OTHER_HOST = ProcessIdentity(pid=4242, host="elsewhere", boot="b")


def guild_in(shard: int, count: int, n: int = 0) -> int:
    """A plausible guild snowflake that Discord routes to `shard` of `count`."""
    stamp = 300_000_000_000 + n * count
    return ((stamp - stamp % count + shard) << 22) | 0x20000


def channel(n: int) -> int:
    return 1_200_000_000_000_000_000 + n


class Wall:
    def __init__(self, now: float = 10_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def dead_pid() -> int:
    """The pid of a process that has just ended (so `claim_is_dead` sees it gone)."""
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


# ------------------------------------------------------------------ shard arithmetic


def test_shard_of_follows_discords_formula_and_dms_are_shard_zero() -> None:
    assert shard_of(None, 4) == 0
    for shard in range(4):
        assert shard_of(guild_in(shard, 4), 4) == shard
    assert shard_of(81384788765712384, 1) == 0
    assert shard_of(81384788765712384, 16) == (81384788765712384 >> 22) % 16


def test_shard_sets_and_scopes() -> None:
    assert parse_shard_ids("0-2, 5") == (0, 1, 2, 5)
    assert parse_shard_ids("[3,1,1]") == (1, 3)
    assert parse_shard_ids("") == ()
    with pytest.raises(ValueError):
        parse_shard_ids("3-1")
    every = ShardSet.of(None, 3)
    assert every.ids == (0, 1, 2) and every.complete
    some = ShardSet.of([2, 0], 4)
    assert some.ids == (0, 2) and not some.complete
    assert some.scopes == ["shard 0/4", "shard 2/4"]
    assert some.owns(guild_in(2, 4)) and not some.owns(guild_in(1, 4)) and some.owns(None)
    with pytest.raises(ValueError):
        ShardSet.of([4], 4)
    assert parse_scope(shard_scope(2, 4)) == (2, 4) and parse_scope("all") is None


def test_which_scopes_overlap() -> None:
    assert scopes_conflict("all", "shard 0/2") and scopes_conflict("shard 1/2", "all")
    assert scopes_conflict("shard 1/2", "shard 1/2")
    assert not scopes_conflict("shard 0/2", "shard 1/2")
    assert scopes_conflict("shard 0/2", "shard 0/4")  # another cut: a server can be in both


# ------------------------------------------------------------------ SQLite: one writer, every shard


async def test_sqlite_serves_every_shard_or_refuses(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "gm.sqlite3")
    with pytest.raises(ValueError, match="one writer"):
        store.serve_shards(ShardSet.of([1], 2))
    store.serve_shards(ShardSet.of(None, 2))
    async with store:
        await store.acquire_ownership()
        g = await store.create_game(channel(1), guild_in(1, 2), "prophecy", {}, 7, 1, "{}", status="active",
                                    deadline=50.0)
        assert [r.id for r in await store.list_due_games(60.0)] == [g.id]
        claimed = await store.claim_due_game(g.id, 60.0)
        assert claimed is not None and claimed.id == g.id
        assert await store.claim_due_game(g.id, 40.0) is None  # not due yet
        await store.set_status(g.id, "ended")
        assert await store.claim_due_game(g.id, 60.0) is None  # closed


# ------------------------------------------------------------------ PostgreSQL: several processes


def pg(where: tuple[str, str], shards: ShardSet | None = None, **kwargs: Any) -> Any:
    from gm.store import PostgresStore

    url, schema = where
    store = PostgresStore(url, schema=schema, **kwargs)
    if shards is not None:
        store.serve_shards(shards)
    return store


@pytest.fixture
def where(pg_schema: tuple[str, str]) -> tuple[str, str]:
    return pg_schema


async def make_game(store: Any, shard: int, n: int, count: int = 2, deadline: float | None = None) -> GameRecord:
    return await store.create_game(channel(n), guild_in(shard, count, n), "prophecy", {}, 7, 1, '{"n":0}',
                                   status="active", deadline=deadline)


async def test_each_process_holds_its_shards_and_writes_only_their_games(where: tuple[str, str]) -> None:
    async with pg(where, ShardSet.of([0], 2)) as zero, pg(where, ShardSet.of([1], 2), identity=OTHER_HOST) as one:
        await zero.acquire_ownership()
        await one.acquire_ownership()
        assert (await zero.owner("shard 0/2")).token is not None  # type: ignore[union-attr]  # set up by the test
        assert (await zero.owner("shard 1/2")).host == "elsewhere"  # type: ignore[union-attr]  # set up by the test
        mine = await make_game(zero, 0, 1)
        theirs = await make_game(one, 1, 2)
        dm = await zero.create_game(channel(3), None, "prophecy", {}, 7, 1, "{}")  # a DM: shard 0
        await zero.commit_action(mine.id, 0, "p", {"n": 1}, '{"n":1}')
        await one.set_settings(theirs.id, {"x": 1})
        # the other shard's games are not this process's to write, and that costs it nothing
        with pytest.raises(StoreError, match="does not serve shard 1/2") as refused:
            await zero.commit_action(theirs.id, 0, "p", {"n": 1}, '{"n":1}')
        assert not isinstance(refused.value, OwnershipLost)
        with pytest.raises(StoreError, match="does not serve shard 0/2"):
            await one.update_game(dm.id, 0, settings={"y": 1})
        with pytest.raises(StoreError, match="does not serve shard 0/2"):
            await one.put_settings(dm.id, {"y": 1})
        with pytest.raises(StoreError, match="does not serve shard 1/2"):
            await zero.put_settings(theirs.id, {"y": 1})
        await zero.put_settings(mine.id, {"y": 1})
        with pytest.raises(StoreError, match="does not serve"):
            await zero.create_game(channel(4), guild_in(1, 2, 4), "prophecy", {}, 7, 1, "{}")
        assert (await zero.commit_action(mine.id, 1, "p", {"n": 2}, '{"n":2}')).version == 2
        assert (await one.get_game(theirs.id)).version == 0  # type: ignore[union-attr]  # set up by the test
        await zero.set_user_setting(5, "notify", True)  # no game: any lease of the process will do
        assert await one.get_user_setting(5, "notify") is True
        await zero.renew_ownership()
        await one.renew_ownership()


async def test_the_clock_and_the_outbox_see_only_the_served_shards(where: tuple[str, str]) -> None:
    async with pg(where, ShardSet.of([0], 2)) as zero, pg(where, ShardSet.of([1], 2)) as one, pg(where) as every:
        await zero.acquire_ownership()
        await one.acquire_ownership()
        a = await make_game(zero, 0, 1, deadline=10.0)
        b = await make_game(one, 1, 2, deadline=20.0)
        assert [g.id for g in await zero.list_due_games(100.0)] == [a.id]
        assert [g.id for g in await one.list_due_games(100.0)] == [b.id]
        assert [g.id for g in await every.list_due_games(100.0)] == [a.id, b.id]
        assert [g.id for g in await one.list_active_games()] == [b.id]
        assert await zero.claim_due_game(b.id, 100.0) is None  # not its shard
        to_a = await zero.enqueue_message("channel", a.channel_id, {"content": "a"}, a.id)
        to_b = await one.enqueue_message("user", 9, {"content": "b"}, b.id)
        loose = await one.enqueue_message("user", 9, {"content": "no game"})  # shard 0's to post
        assert [m.id for m in await zero.pending_messages()] == [to_a, loose]
        assert [m.id for m in await one.pending_messages()] == [to_b]
        await zero.mark_delivered(loose, 77)
        await one.mark_delivered(to_b, 78)
        with pytest.raises(StoreError, match="does not serve"):
            await zero.note_attempt(to_b, "not mine")
        assert [m.id for m in await every.pending_messages()] == [to_a]


async def test_overlapping_claims_are_refused_while_alive(where: tuple[str, str]) -> None:
    wall = Wall()
    async with pg(where, ShardSet.of([0], 2), wall_clock=wall) as sharded, \
            pg(where, identity=OTHER_HOST, wall_clock=wall) as unsharded, \
            pg(where, ShardSet.of([1], 4), identity=OTHER_HOST, wall_clock=wall) as recut:
        await sharded.acquire_ownership()
        with pytest.raises(StoreOwned) as refused:
            await unsharded.acquire_ownership(wait=False)  # `all` would overlap shard 0/2
        assert refused.value.holder.scope == "shard 0/2"
        with pytest.raises(StoreOwned):
            await recut.acquire_ownership(wait=False)  # 1/4 overlaps 0/2 for some servers
        # nothing was half-claimed by the refused ones
        assert {c.scope for c in await sharded.claims() if c.token is not None} == {"shard 0/2"}
        await sharded.release_ownership()
        await unsharded.acquire_ownership(wait=False)
        with pytest.raises(StoreOwned):
            await sharded.acquire_ownership(wait=False)  # and the other way round


async def test_a_claim_takes_over_dead_overlapping_claims_and_fences_them(where: tuple[str, str]) -> None:
    """A process paused beyond its lease loses its shard to a process claiming an overlapping
    scope: its token is cleared with the claim, so its next write is refused."""
    wall = Wall()
    async with pg(where, ShardSet.of([0, 1], 2), wall_clock=wall, lease_seconds=10.0) as paused, \
            pg(where, identity=OTHER_HOST, wall_clock=wall, lease_seconds=10.0) as newcomer:
        await paused.acquire_ownership()
        g = await make_game(paused, 1, 1)
        wall.now += 11  # no heartbeat for longer than the lease
        await newcomer.acquire_ownership(wait=False)
        assert {c.scope: c.token is not None for c in await newcomer.claims()} == {
            "all": True, "shard 0/2": False, "shard 1/2": False}
        with pytest.raises(OwnershipLost):
            await paused.commit_action(g.id, 0, "p", {"n": 1}, "{}")
        assert (await newcomer.commit_action(g.id, 0, "q", {"n": 1}, "{}")).version == 1


async def test_a_restart_takes_its_shard_back_at_once_and_the_old_token_is_fenced(where: tuple[str, str]) -> None:
    """After `kill -9` (the claim's pid is gone on this host) the restarted process takes the
    shard at once, without waiting out the lease; the old claim's token writes nothing more."""
    wall = Wall()
    me = ProcessIdentity.current()
    killed = ProcessIdentity(pid=dead_pid(), host=me.host, boot=me.boot)
    async with pg(where, ShardSet.of([1], 2), wall_clock=wall, lease_seconds=600.0, identity=killed) as before:
        await before.acquire_ownership()
        g = await make_game(before, 1, 1)
        async with pg(where, ShardSet.of([1], 2), wall_clock=wall, lease_seconds=600.0) as after:
            claim = await after.acquire_ownership()  # no waiting out the 10-minute lease
            assert claim.scope == "shard 1/2" and claim.pid == me.pid
            assert (await after.commit_action(g.id, 0, "p", {"n": 1}, "{}")).version == 1
            with pytest.raises(OwnershipLost):
                await before.commit_action(g.id, 1, "p", {"n": 2}, "{}")


async def test_a_due_deadline_is_claimed_by_one_transaction_at_a_time(where: tuple[str, str]) -> None:
    """Two processes' clocks reaching the same game at once (no lease held, as a tool or during
    a takeover would): the second skips the locked game, and once the first moved the deadline
    on and committed, it is not due any more."""
    async with pg(where) as a, pg(where) as b:
        g = await make_game(a, 0, 1, deadline=50.0)
        got: dict[str, Any] = {}
        first_holds = asyncio.Event()
        release = asyncio.Event()

        async def first() -> None:
            async with a.transaction():
                got["a"] = await a.claim_due_game(g.id, 60.0)
                first_holds.set()
                await release.wait()
                await a.set_settings(g.id, {"reminded": True}, deadline=500.0)

        task = asyncio.create_task(first())
        await first_holds.wait()
        async with b.transaction():
            got["b_during"] = await b.claim_due_game(g.id, 60.0)  # SKIP LOCKED: does not wait
        release.set()
        await task
        async with b.transaction():
            got["b_after"] = await b.claim_due_game(g.id, 60.0)
        assert got["a"] is not None and got["a"].id == g.id
        assert got["b_during"] is None and got["b_after"] is None
        assert (await b.get_game(g.id)).settings == {"reminded": True}  # type: ignore[union-attr]  # set up by the test


async def test_many_clocks_racing_for_many_games_claim_each_once(where: tuple[str, str]) -> None:
    """Four stores tick 40 due games concurrently, each claim-then-move-the-deadline in one
    transaction: every game is handled exactly once."""
    stores = [pg(where) for _ in range(4)]
    for s in stores:
        await s.open()
    try:
        games = [await make_game(stores[0], n % 2, n, deadline=float(n)) for n in range(40)]
        handled: list[tuple[int, int]] = []

        async def clock(k: int, store: Any) -> None:
            for record in await store.list_due_games(100.0):
                async with store.transaction():
                    claimed = await store.claim_due_game(record.id, 100.0)
                    if claimed is None:
                        continue
                    await asyncio.sleep(0.001)
                    await store.set_settings(claimed.id, {"by": k}, deadline=1e9)
                    handled.append((claimed.id, k))

        await asyncio.gather(*(clock(k, s) for k, s in enumerate(stores)))
        assert sorted(gid for gid, _ in handled) == sorted(g.id for g in games)
    finally:
        for s in stores:
            await s.close()


# ------------------------------------------------------------------ settings


def test_settings_read_the_shards_and_refuse_what_cannot_work() -> None:
    from pydantic import ValidationError

    from gm.settings import Settings

    plain = Settings(_env_file=None)  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    assert plain.shards is None
    everything = Settings(_env_file=None, shard_count=2)  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    assert everything.shards == ShardSet((0, 1), 2)  # one SQLite process for every shard
    split = Settings(_env_file=None, shard_count=4, shard_ids="2-3",  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
                     database_url="postgresql://gm@127.0.0.1/gm")
    assert split.shards == ShardSet((2, 3), 4) and split.shard_ids == "2,3"
    for wrong in ({"shard_ids": "1"},                                    # no count
                  {"shard_count": 2, "shard_ids": "1"},                  # SQLite cannot leave shard 0 to another process
                  {"shard_count": 2, "shard_ids": "2", "database_url": "postgresql://h/d"},  # no shard 2 of 2
                  {"shard_count": 2, "shard_ids": "one", "database_url": "postgresql://h/d"}):
        with pytest.raises(ValidationError):
            Settings(_env_file=None, **wrong)  # type: ignore[arg-type]  # _env_file and the rest are pydantic-settings' own arguments
