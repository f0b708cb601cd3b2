"""One writer per database: who this process is, when a claim is dead, and the heartbeat.

The store decides *whether* a claim may be taken (`SqliteStore.acquire_ownership`); this
module supplies the facts it decides on and keeps a claim alive:

* `ProcessIdentity`: pid, host name and the kernel's boot id of this process.
* `claim_is_dead`: a claim left by a process that certainly no longer runs (same host and
  boot, and its pid is gone or is our own pid, e.g. pid 1 in a restarted container; or the
  host rebooted since). Such a claim is taken over at once, so a restart after `kill -9`
  starts immediately; any other claim is only taken over after its lease ran out.
* `OwnershipKeeper`: renews the lease every third of its length and, when renewing fails
  (another process took over, the file was removed), reports it once.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from .base import GameStore, StoreError
from .identity import ProcessIdentity, claim_is_dead, pid_running  # noqa: F401  (their old home: callers import them from here)

log = logging.getLogger(__name__)

DEFAULT_LEASE_SECONDS = 10.0


class StoreSettings(BaseSettings):
    """The storage settings (read from the environment and `.env`, like `gm.settings`)."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    #: seconds without a heartbeat after which another process may take the database over
    db_lease_seconds: float = Field(DEFAULT_LEASE_SECONDS, ge=1.0, le=600.0)


class OwnershipKeeper:
    """Renews the store's writer lease in the background until stopped.

    `on_lost` is awaited once with the error when the lease cannot be renewed; the store
    already refuses writes by then, the callback is for telling people (and the log).
    """

    def __init__(self, store: GameStore, lease_seconds: float,
                 on_lost: Callable[[StoreError], Awaitable[None]] | None = None) -> None:
        self.store = store
        self.interval = max(0.05, lease_seconds / 3)
        self.on_lost = on_lost
        self.lost: StoreError | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="gm-store-heartbeat")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.store.renew_ownership()
            except StoreError as exc:
                self.lost = exc
                log.error("the bot can no longer write its database: %s", exc)
                if self.on_lost is not None:
                    await self.on_lost(exc)
                return
            except Exception:  # e.g. a busy database: try again at the next beat
                log.warning("could not renew the database lease", exc_info=True)
