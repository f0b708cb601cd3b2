"""Fixtures for the fake-Discord harness tests.

Other test folders activate the same ones with the import below in their own conftest.
"""
from loopback.testing import discord_errors, fake_discord  # noqa: F401
