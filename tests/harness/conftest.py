"""Fixtures for the fake-Discord harness tests.

Other test folders activate the same ones with the import below in their own conftest.
"""
from gm.fake_discord.testing import discord_errors, fake_discord  # noqa: F401
