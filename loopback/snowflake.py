"""Snowflake ids and timestamps as Discord makes them.

discord.py derives `created_at` (and, for interactions, the 15-minute `expires_at`) from the
id itself, so ids made from a counter starting at 1 would look like messages from 2015 and
interactions that expired long ago. Every id here therefore encodes the current time.
"""
from __future__ import annotations

import datetime as dt
import threading
import time
from typing import Final

DISCORD_EPOCH_MS: Final[int] = 1_420_070_400_000
"""Milliseconds from the Unix epoch to the first second of 2015, Discord's epoch."""

_WORKER_BITS: Final[int] = 1 << 17  # worker id 1, process id 0: fixed, only needs to be valid


class SnowflakeFactory:
    """Hands out unique, strictly increasing snowflakes that carry the current time.

    Two ids asked for in the same millisecond differ in the low bits, so ordering by id
    matches creation order, as Discord's own message history does.
    """

    def __init__(self) -> None:
        self._last = 0
        self._lock = threading.Lock()

    def next(self, shard: tuple[int, int] | None = None) -> int:
        """Return a fresh snowflake for "now"; with `shard=(id, count)`, the first one from now
        on that Discord would route to that shard (a guild id: a few milliseconds ahead at most)."""
        now_ms = int(time.time() * 1000)
        candidate = ((now_ms - DISCORD_EPOCH_MS) << 22) | _WORKER_BITS
        with self._lock:
            value = max(candidate, self._last + 1)
            if shard is not None:
                shard_id, count = shard
                stamp = value >> 22
                step = (shard_id - stamp) % count
                if step:
                    value = ((stamp + step) << 22) | _WORKER_BITS
            self._last = value
        return value


_DEFAULT_FACTORY: Final = SnowflakeFactory()


def new_snowflake(shard: tuple[int, int] | None = None) -> int:
    """Return a fresh process-wide unique snowflake (shared by the fake and the payload builders);
    `shard=(id, count)` picks one in that shard (for guild ids)."""
    return _DEFAULT_FACTORY.next(shard)


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's shard for a server: `(guild_id >> 22) % shard_count`; DMs are shard 0."""
    return 0 if guild_id is None else (int(guild_id) >> 22) % shard_count


def snowflake_time(snowflake: int) -> dt.datetime:
    """The creation time encoded in `snowflake`, as an aware UTC datetime."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.timezone.utc)


def iso_now() -> str:
    """The current time in the ISO 8601 form Discord uses for timestamps."""
    return dt.datetime.now(dt.timezone.utc).isoformat()
