"""Fakes several test folders share (the store suite, the game master's, the end-to-end games)."""
from __future__ import annotations


class HandClock:
    """A clock moved by hand: timestamps are predictable and a time bank runs out without waiting.

    Called like `time.time`; tests set `now` or `advance` it."""

    def __init__(self, now: float = 1_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
