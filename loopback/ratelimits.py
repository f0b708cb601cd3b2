"""Discord's rate limits, as the loopback enforces them when asked: 429s with Discord's shape.

Discord answers every rate-limited route with headers describing its bucket
(`X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Reset-After`, `-Bucket`) and, once a bucket is
spent, `429 Too Many Requests` with a JSON body `{"message", "retry_after" (float seconds),
"global"}`, a `Retry-After` header (whole seconds) and `X-RateLimit-Scope`. discord.py reads
all of it: the headers make it wait *before* a bucket runs dry, a 429 makes it sleep
`retry_after` and send the same request again (up to five tries), and `global: true` holds
every request of the client meanwhile.

The fake enforces nothing unless it is given limits (`FakeDiscord(rate_limits=...)` or
`fake.rate_limits = ...`): with none it sends no rate-limit headers at all, so discord.py never
waits and the rest of the test suite runs at full speed. `DISCORD_RATE_LIMITS` holds limits
shaped like Discord's per-route ones; `scaled()` shrinks their windows so a test can watch the
bot wait without waiting seconds. `too_many_requests()` builds a 429 for `fake.faults`.

discord.py refuses a 429 that lacks a `Via` header (Cloudflare bans look like that), so every
answer of the fake carries `Via: 1.1 google`, as Discord's do.

Windows are fixed: the first request in a bucket opens a window of `per` seconds in which
`limit` requests pass; the clock is the fake's own (`FakeDiscord.now`), so `fake.advance()`
also empties the buckets, as waiting would.
"""
from __future__ import annotations

import math
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Final

JSON = dict[str, Any]


@dataclass(frozen=True)
class RateLimit:
    """One per-route limit: `limit` requests per `per` seconds, per value of the `major`
    path parameter (channel, guild or webhook token), like Discord's buckets."""

    method: str
    route: str
    """A route template, e.g. `/channels/{channel_id}/messages`."""
    limit: int
    per: float
    bucket: str
    """The bucket hash Discord reports in `X-RateLimit-Bucket` (any opaque string)."""
    major: str | None = None
    """The path parameter the bucket is split by (e.g. `channel_id`); None: one bucket."""

    def pattern(self) -> re.Pattern[str]:
        return re.compile(re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", self.route))


DISCORD_RATE_LIMITS: Final[tuple[RateLimit, ...]] = (
    # Discord does not publish its numbers (they can change); these are the ones bots observe
    RateLimit("POST", "/channels/{channel_id}/messages", 5, 5.0, "msg-create", "channel_id"),
    RateLimit("PATCH", "/channels/{channel_id}/messages/{message_id}", 5, 5.0, "msg-edit", "channel_id"),
    RateLimit("DELETE", "/channels/{channel_id}/messages/{message_id}", 5, 1.0, "msg-delete", "channel_id"),
    RateLimit("POST", "/webhooks/{app_id}/{token}", 5, 2.0, "webhook", "token"),
    RateLimit("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", 5, 2.0, "webhook", "token"),
    RateLimit("POST", "/users/@me/channels", 10, 10.0, "dm-open"),
)
"""Per-route limits shaped like Discord's (documented per resource, observed values)."""


def scaled(limits: Iterable[RateLimit], factor: float) -> tuple[RateLimit, ...]:
    """The same limits with windows `factor` times as long (e.g. 0.1: 5 per 0.5 s)."""
    return tuple(replace(limit, per=limit.per * factor) for limit in limits)


def _headers(limit: int, remaining: int, reset_after: float, bucket: str) -> dict[str, str]:
    reset_after = max(reset_after, 0.0)
    return {
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(max(remaining, 0)),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": bucket,
    }


def too_many_requests(retry_after: float = 0.05, *, is_global: bool = False, bucket: str = "injected",
                      limit: int = 1, scope: str | None = None) -> tuple[int, JSON, dict[str, str]]:
    """A 429 as Discord sends it (body and headers), e.g. for `fake.faults`."""
    body: JSON = {"message": "You are being rate limited.", "retry_after": round(retry_after, 3), "global": is_global}
    headers = {"Retry-After": str(max(1, math.ceil(retry_after))),
               "X-RateLimit-Scope": scope or ("global" if is_global else "user")}
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    else:
        headers.update(_headers(limit, 0, retry_after, bucket))
    return 429, body, headers


@dataclass
class _Window:
    opened: float
    used: int = 0


class RateLimiter:
    """Counts requests per bucket and answers whether one may pass (with the headers to send)."""

    def __init__(self, limits: Iterable[RateLimit] = ()) -> None:
        self.limits: tuple[RateLimit, ...] = tuple(limits)
        self._patterns = [(limit, limit.pattern()) for limit in self.limits]
        self._windows: dict[tuple[str, str], _Window] = {}
        self.refused: list[tuple[str, str, float]] = []
        """(method, path, retry_after) of every request refused with a 429."""

    def _find(self, method: str, path: str) -> tuple[RateLimit, str] | None:
        for limit, pattern in self._patterns:
            match = pattern.fullmatch(path)
            if match and limit.method == method:
                return limit, match.group(limit.major) if limit.major else ""
        return None

    def _window(self, limit: RateLimit, major: str, now: float) -> _Window:
        key = (limit.bucket, major)
        window = self._windows.get(key)
        if window is None or now >= window.opened + limit.per:
            window = self._windows[key] = _Window(now)
        return window

    def take(self, method: str, path: str, now: float) -> tuple[int, JSON, dict[str, str]] | dict[str, str]:
        """Count one request: the headers to add to its answer, or a whole 429 reply."""
        found = self._find(method, path)
        if found is None:
            return {}
        limit, major = found
        window = self._window(limit, major, now)
        reset_after = window.opened + limit.per - now
        if window.used >= limit.limit:
            self.refused.append((method, path, reset_after))
            return too_many_requests(reset_after, bucket=limit.bucket, limit=limit.limit)
        window.used += 1
        return _headers(limit.limit, limit.limit - window.used, reset_after, limit.bucket)

    def exhaust(self, method: str, path: str, now: float) -> None:
        """Spend a bucket as another client on the same token would (a second bot process)."""
        found = self._find(method, path)
        if found is None:
            raise LookupError(f"no rate limit covers {method} {path}")
        limit, major = found
        self._window(limit, major, now).used = limit.limit
