"""The loop-lag probe benchmarks/scale.py starts inside each bot process (loopback.lag_probe):
a loop held by synchronous work shows as lag, and only the wake-ups of the asked window count."""
from __future__ import annotations

import asyncio
import time
from pathlib import Path

from loopback import lag_probe


async def test_a_held_loop_shows_as_lag_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "lag.txt"
    began = time.time()
    task = asyncio.get_running_loop().create_task(lag_probe.probe(path, every=0.002))
    await asyncio.sleep(0.05)
    time.sleep(0.06)  # a synchronous chunk of work on the loop
    await asyncio.sleep(0.6)  # past the probe's half-second flush
    task.cancel()
    lags = lag_probe.read(path, began, time.time())
    assert lags and max(lags) >= 50
    assert sorted(lags)[len(lags) // 2] < 40  # the rest of the time the loop was free
    assert lag_probe.read(path, 0, began - 1) == []
