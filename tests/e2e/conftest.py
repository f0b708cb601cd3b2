"""End-to-end fixtures: the real bot against the loopback fake Discord, on a temporary database."""
from __future__ import annotations

from pathlib import Path

import pytest

from gm.settings import Settings
from loopback.testing import discord_errors, fake_discord  # noqa: F401


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(_env_file=None, discord_token="fake", database_path=tmp_path / "gm.sqlite3",  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
                    rules_index_warmup=False)  # only the lookup tests need the index


@pytest.fixture
def world(fake_discord):
    """One server with two channels and four people (dave can manage channels)."""
    fake = fake_discord
    guild = fake.add_guild("Table")
    ch1 = fake.add_channel(guild, "prophecy-1")
    ch2 = fake.add_channel(guild, "prophecy-2")
    users = {name: fake.add_user(name) for name in ("alice", "bob", "carol")}
    users["dave"] = fake.add_user("dave", manage_channels=True)
    return {"fake": fake, "guild": guild, "ch1": ch1, "ch2": ch2, **users}
