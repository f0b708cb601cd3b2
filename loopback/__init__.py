"""A loopback fake Discord for offline tests and the `--local` console.

The real discord.py bot connects to it over HTTP and a websocket on 127.0.0.1, so every
line between the socket and the bot's code is the code that runs in production::

    from loopback import FakeDiscord, run_bot

    async with FakeDiscord() as fake:
        with fake.redirect():
            guild = fake.add_guild("Table")
            channel = fake.add_channel(guild, "games")
            alice = fake.add_user("alice", locale="it")
            async with run_bot(create_bot()) as bot:
                shown = await fake.slash(bot, alice, channel, "game new", system="prophecy")
                clicked = await fake.click(bot, alice, shown, "Join")

A subprocess bot is pointed at the fake with `env=fake.env()` and `apply_env_redirect()`.
Pytest fixtures live in `loopback.testing` (the only module that imports pytest).
"""
from .driver import InteractionNotDelivered, InteractionResult, settle
from .limits import Violation
from .messages import StoredAttachment, StoredMessage
from .model import DEFAULT_BOT_PERMISSIONS, DEFAULT_EVERYONE_PERMISSIONS, World
from .payloads import InteractionContext, Upload
from .ratelimits import DISCORD_RATE_LIMITS, RateLimit, scaled, too_many_requests
from .records import CallbackRecord, InteractionRecord, RecordedRequest, UploadedFile
from .redirect import ENV_VAR, Redirect, apply_env_redirect, redirect_discord
from .runner import run_bot
from .server import FakeDiscord
from .snowflake import new_snowflake, snowflake_time

__all__ = [
    "DEFAULT_BOT_PERMISSIONS",
    "DISCORD_RATE_LIMITS",
    "DEFAULT_EVERYONE_PERMISSIONS",
    "ENV_VAR",
    "CallbackRecord",
    "FakeDiscord",
    "InteractionContext",
    "InteractionNotDelivered",
    "InteractionRecord",
    "InteractionResult",
    "RateLimit",
    "RecordedRequest",
    "Redirect",
    "StoredAttachment",
    "StoredMessage",
    "Upload",
    "UploadedFile",
    "Violation",
    "World",
    "apply_env_redirect",
    "new_snowflake",
    "redirect_discord",
    "run_bot",
    "scaled",
    "settle",
    "snowflake_time",
    "too_many_requests",
]

