"""Pytest helpers for bots tested against `FakeDiscord`.

Activate the fixtures for a test folder by importing them into its `conftest.py`::

    from loopback.testing import discord_errors, fake_discord  # noqa: F401

* `discord_errors` (autouse): fails the test if any `discord.*` logger logged an ERROR.
  discord.py *logs* exceptions from commands, views, modals and event handlers instead of
  raising them, so without this a crashing handler just looks like "no reply".
  A test that provokes an error on purpose calls `discord_errors.take()`.
* `fake_discord`: a started fake with discord.py redirected to it; at teardown it fails
  on leftover `violations` and unmodelled routes (`fake.violations.clear()` to accept).

`run_bot(bot)` (from `runner`, re-exported here) starts a real bot against the fake.
"""
from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager

import pytest

from .runner import run_bot
from .server import FakeDiscord

__all__ = [
    "DiscordErrorCollector",
    "assert_no_problems",
    "capture_discord_errors",
    "discord_errors",
    "fake_discord",
    "run_bot",
]

class DiscordErrorCollector(logging.Handler):
    """Keeps every ERROR (or worse) record logged under the `discord` logger."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def take(self) -> list[logging.LogRecord]:
        """Return the records so far and forget them (for tests expecting an error)."""
        taken, self.records = self.records, []
        return taken

    def report(self) -> str:
        """The records formatted with their tracebacks."""
        formatter = logging.Formatter("%(name)s: %(message)s")
        return "\n".join(formatter.format(record) for record in self.records)


@contextmanager
def capture_discord_errors(logger_name: str = "discord") -> Iterator[DiscordErrorCollector]:
    """Collect ERROR records of `logger_name` and its children while the block runs."""
    logger = logging.getLogger(logger_name)
    collector = DiscordErrorCollector()
    logger.addHandler(collector)
    try:
        yield collector
    finally:
        logger.removeHandler(collector)


@pytest.fixture(autouse=True)
def discord_errors() -> Iterator[DiscordErrorCollector]:
    """Fail the test if discord.py logged an error (a swallowed handler exception)."""
    with capture_discord_errors() as collector:
        yield collector
    if collector.records:
        pytest.fail("discord.py logged errors:\n" + collector.report(), pytrace=False)


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started `FakeDiscord` with discord.py redirected to it for the test."""
    fake = FakeDiscord()
    await fake.start()
    redirect = fake.redirect()
    try:
        yield fake
    finally:
        redirect.restore()
        await fake.stop()
    if fake.problems():
        pytest.fail("fake discord saw problems:\n" + "\n".join(fake.problems()), pytrace=False)


def assert_no_problems(fake: FakeDiscord) -> None:
    """Assert the bot broke no Discord rule and used no unmodelled route."""
    assert not fake.problems(), "\n".join(fake.problems())
