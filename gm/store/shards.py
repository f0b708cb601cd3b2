"""Which Discord shard a game belongs to, and which shards one bot process serves.

Discord splits a bot's servers into shards: a server's events (and so its interactions) reach
only the gateway connection of shard `(guild_id >> 22) % shard_count`; direct messages belong
to shard 0. Several bot processes on one PostgreSQL database each connect a set of shards and
must then also keep to those shards' games for everything no interaction starts: the turn clock
(due deadlines) and the outbox. Their writer leases are per shard (`shard_scope`), so a process
can only write games of the shards it holds.

The shard of a game is computed from its guild id whenever it is needed (never stored), so the
same database can be served again with another shard count.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: the lease scope of a store that serves every game (SQLite, or one unsharded process)
ALL_SCOPE = "all"

#: Discord allows at most this many shards per bot without special arrangement; far beyond any
#: deployment of this bot, it only catches typos such as SHARD_COUNT=1000000
MAX_SHARDS = 4096


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's shard for a server (`(guild_id >> 22) % shard_count`); DMs are shard 0."""
    if shard_count < 1:
        raise ValueError(f"shard_count must be at least 1, got {shard_count}")
    return 0 if guild_id is None else (int(guild_id) >> 22) % shard_count


def shard_scope(shard_id: int, shard_count: int) -> str:
    """The lease scope of one shard: `shard 3/8` (the count is part of it, so two processes
    configured with different counts can never both believe they own a server)."""
    return f"shard {int(shard_id)}/{int(shard_count)}"


def parse_scope(scope: str) -> tuple[int, int] | None:
    """`(shard_id, shard_count)` of a shard scope; None for `all` or anything else."""
    if not scope.startswith("shard "):
        return None
    try:
        shard_id, shard_count = scope[len("shard "):].split("/")
        return int(shard_id), int(shard_count)
    except ValueError:
        return None


def scopes_conflict(a: str, b: str) -> bool:
    """Whether two processes holding scopes `a` and `b` could both write one game.

    `all` overlaps every scope; two shard scopes overlap when they are the same shard or were
    cut with different shard counts (a server can fall into both). Any other names are
    independent scopes."""
    if a == b or ALL_SCOPE in (a, b):
        return True
    pa, pb = parse_scope(a), parse_scope(b)
    if pa is None or pb is None:
        return False
    return pa[1] != pb[1]


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """`"0,2"`, `"0-3"`, `"0-1, 4"` or `"[0, 1]"` -> sorted unique shard ids (empty text: none)."""
    text = text.strip().strip("[]")
    found: set[int] = set()
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "-" in part:
            low, high = (int(x) for x in part.split("-", 1))
            if low > high:
                raise ValueError(f"shard range {part!r} runs backwards")
            found.update(range(low, high + 1))
        else:
            found.add(int(part))
    return tuple(sorted(found))


@dataclass(frozen=True)
class ShardSet:
    """The shards one bot process serves, out of `count`."""

    ids: tuple[int, ...]
    count: int

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_SHARDS:
            raise ValueError(f"shard count must be in 1..{MAX_SHARDS}, got {self.count}")
        if not self.ids:
            raise ValueError("a process must serve at least one shard")
        bad = [i for i in self.ids if not 0 <= i < self.count]
        if bad:
            raise ValueError(f"shard ids {bad} are outside 0..{self.count - 1}")
        if len(set(self.ids)) != len(self.ids) or list(self.ids) != sorted(self.ids):
            object.__setattr__(self, "ids", tuple(sorted(set(self.ids))))

    @classmethod
    def of(cls, ids: Iterable[int] | None, count: int) -> "ShardSet":
        """`ids` out of `count` (None or empty: every shard)."""
        chosen = tuple(ids or ()) or tuple(range(count))
        return cls(chosen, count)

    @property
    def complete(self) -> bool:
        """True when this one process serves every shard (nothing is left for another)."""
        return len(self.ids) == self.count

    @property
    def scopes(self) -> list[str]:
        return [shard_scope(i, self.count) for i in self.ids]

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        return f"{','.join(map(str, self.ids))} of {self.count}"
