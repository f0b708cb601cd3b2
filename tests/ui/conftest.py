"""The end-to-end fixtures (real bot, loopback Discord, temporary database) for the UI tests."""
from tests.e2e.conftest import discord_errors, fake_discord, settings, world  # noqa: F401
