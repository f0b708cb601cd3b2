"""An event-loop lag probe for a bot run in its own process (benchmarks/scale.py).

A task asks to wake every few milliseconds and writes how late each wake-up came, with the
wall time, to a file the benchmark reads after a phase: the lag of the process's own loop,
without the fake Discord and the players, which run elsewhere. Started from a launcher when
$GM_LOOP_LAG_FILE is set; nothing in the product uses it.
"""
from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

VARIABLE = "GM_LOOP_LAG_FILE"
EVERY = 0.005


def start_from_env() -> asyncio.Task[None] | None:
    """Start the probe on the running loop if the launcher was asked to (else nothing)."""
    path = os.environ.get(VARIABLE)
    return asyncio.get_running_loop().create_task(probe(Path(path))) if path else None


async def probe(path: Path, every: float = EVERY) -> None:
    loop = asyncio.get_running_loop()
    lines: list[str] = []
    flushed = loop.time()
    while True:
        asked = loop.time()
        await asyncio.sleep(every)
        lines.append(f"{time.time():.4f} {max(0.0, (loop.time() - asked - every) * 1000):.3f}\n")
        if loop.time() - flushed >= 0.5:
            with path.open("a", encoding="utf-8") as out:
                out.writelines(lines)
            lines.clear()
            flushed = loop.time()


def read(path: Path, since: float, until: float) -> list[float]:
    """The lags (ms) the probe wrote for wake-ups between two wall times."""
    if not path.exists():
        return []
    out: list[float] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        when, _, lag = line.partition(" ")
        if since <= float(when) <= until:
            out.append(float(lag))
    return out
