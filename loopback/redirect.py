"""Point discord.py at a fake Discord by patching its two base URLs.

discord.py has no official base-URL option. Two class attributes decide where it goes:
`discord.http.Route.BASE` (every REST call, interaction webhooks included, since each
`Route` reads it when built) and `DiscordWebSocket.DEFAULT_GATEWAY` (where a plain
`Client` connects; it never asks `GET /gateway/bot`). Both are process-global, so every
patch returns a `Redirect` that puts the old values back.

A bot running as a *subprocess* (the `--local` console, crash/restart tests) gets the
address through the environment: the parent sets `FAKE_DISCORD=127.0.0.1:PORT` and the
child calls `apply_env_redirect()` before starting the bot.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import Final

import discord.http
import yarl
from discord.gateway import DiscordWebSocket

ENV_VAR: Final = "FAKE_DISCORD"
API_PATH: Final = "/api/v10"


def _host_port(address: str) -> str:
    """Accept "127.0.0.1:8000", "http://127.0.0.1:8000" or "ws://127.0.0.1:8000/..."."""
    if "://" in address:
        url = yarl.URL(address)
        return f"{url.host}:{url.port}"
    return address.strip().rstrip("/")


def api_base(address: str) -> str:
    """The `Route.BASE` for a fake at `address`."""
    return f"http://{_host_port(address)}{API_PATH}"


def gateway_url(address: str) -> str:
    """The gateway websocket URL for a fake at `address`."""
    return f"ws://{_host_port(address)}/gateway"


@dataclass
class Redirect:
    """An active redirect; `restore()` (or leaving the `with` block) undoes it."""

    address: str
    previous_base: str
    previous_gateway: yarl.URL
    active: bool = True

    def restore(self) -> None:
        """Put discord.py's original URLs back (idempotent)."""
        if self.active:
            discord.http.Route.BASE = self.previous_base
            DiscordWebSocket.DEFAULT_GATEWAY = self.previous_gateway
            self.active = False

    def __enter__(self) -> Redirect:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.restore()


def redirect_discord(address: str) -> Redirect:
    """Send all of discord.py's REST and gateway traffic to the fake at `address`."""
    redirect = Redirect(address, discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
    discord.http.Route.BASE = api_base(address)
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url(address))
    return redirect


def apply_env_redirect(environ: Mapping[str, str] | None = None) -> Redirect | None:
    """Redirect to `$FAKE_DISCORD` if it is set; a no-op returning None otherwise.

    Call it at the start of a test-only or `--local` launcher, before the bot logs in.
    """
    address = (os.environ if environ is None else environ).get(ENV_VAR, "").strip()
    return redirect_discord(address) if address else None
