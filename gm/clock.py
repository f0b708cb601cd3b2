"""The turn clock: a time bank per player, reminders, and when the next thing is due.

Pure functions over `Table` and a time `now` (an injected clock in tests), so deadlines are
computed, not scheduled: after a restart the same numbers come out of the same stored row.
"""
from __future__ import annotations

from dataclasses import dataclass

from gm.table import Table


def bank(table: Table, player: str) -> float:
    return table.clock.banks.get(player, table.timebank.start)


def _effective_since(table: Table) -> float:
    """When the running player's bank started (or starts) running: after any vacation."""
    c = table.clock
    until = c.vacation.get(c.running_for or "", 0.0)
    return max(c.since, until)


def charge(table: Table, now: float) -> None:
    """Take the time spent since `since` from the running player's bank."""
    c = table.clock
    if c.running_for is None or c.paused or not table.timebank.enabled:
        c.since = now
        return
    spent = max(0.0, now - _effective_since(table))
    c.banks[c.running_for] = bank(table, c.running_for) - spent
    c.since = now


def switch(table: Table, running_for: str | None, now: float, turn_passed_from: str | None = None) -> None:
    """A new decision is pending: settle the old run, credit the increment, start the new one."""
    charge(table, now)
    c = table.clock
    if turn_passed_from is not None:
        tb = table.timebank
        c.banks[turn_passed_from] = min(tb.cap, bank(table, turn_passed_from) + tb.increment)
    if running_for != c.running_for:
        c.reminded = []
    c.running_for = running_for
    c.since = now


def expiry(table: Table, now: float) -> float | None:
    """When the running player's bank hits zero (None when nothing runs)."""
    c = table.clock
    if c.running_for is None or c.paused or not table.timebank.enabled:
        return None
    return _effective_since(table) + bank(table, c.running_for)


def vote_deadline(table: Table) -> float | None:
    """When an open vote closes by itself (None without a vote, or while the game is paused)."""
    if table.vote is None or table.clock.paused:
        return None
    return table.vote.deadline


def deadline(table: Table, now: float) -> float | None:
    """The next moment the clock must look at this game: a reminder, an expiry, a vacation's end
    or the end of a vote."""
    end = expiry(table, now)
    vote_end = vote_deadline(table)
    if end is None:
        return vote_end
    c = table.clock
    times = [end] + [end - r for r in table.timebank.reminders if r not in c.reminded and end - r > c.since]
    until = c.vacation.get(c.running_for or "", 0.0)
    if until > now:
        times.append(until)
    if vote_end is not None:
        times.append(vote_end)
    return min(times)


@dataclass(frozen=True)
class Due:
    reminders: list[float]
    expired: bool
    player: str | None
    #: an open vote reached its deadline: the fallback applies
    vote_closed: bool = False


def due(table: Table, now: float) -> Due:
    """What is due now: a vote that closed, reminders not yet sent (newest offset only), and
    whether time ran out."""
    vote_end = vote_deadline(table)
    if vote_end is not None and now >= vote_end and table.vote is not None:
        return Due([], False, table.vote.player, vote_closed=True)
    end = expiry(table, now)
    c = table.clock
    if end is None:
        return Due([], False, None)
    if now >= end:
        return Due([], True, c.running_for)
    pending = [r for r in table.timebank.reminders if r not in c.reminded and now >= end - r]
    return Due(sorted(pending)[:1], False, c.running_for)
