"""Who this process is, and whether the process behind a writer-lease claim still runs.

Its own module so the store's base (which checks claims) and the ownership keeper (which
renews them) both use it without importing each other."""
from __future__ import annotations

import os
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol


class Claim(Protocol):
    """What a claim must say for `claim_is_dead` (gm.store.base.OwnerClaim has it)."""

    @property
    def token(self) -> str | None: ...
    @property
    def host(self) -> str | None: ...
    @property
    def boot(self) -> str | None: ...
    @property
    def pid(self) -> int | None: ...


def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""


@dataclass(frozen=True)
class ProcessIdentity:
    pid: int
    host: str
    boot: str

    @classmethod
    def current(cls) -> "ProcessIdentity":
        return cls(os.getpid(), socket.gethostname(), _boot_id())


def pid_running(pid: int) -> bool:
    """Whether a process with this pid exists on this host (signal 0 checks, sends nothing)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    return True


def claim_is_dead(claim: Claim, me: ProcessIdentity,
                  running: Callable[[int], bool] = pid_running) -> bool:
    """True when the process behind `claim` certainly does not run any more."""
    if claim.token is None:
        return True
    if claim.host != me.host:
        return False  # cannot look at another machine's processes: wait for the lease
    if claim.boot and me.boot and claim.boot != me.boot:
        return True  # this host rebooted since the claim was made
    if claim.pid is None:
        return False
    return claim.pid == me.pid or not running(claim.pid)
