"""Test-only launcher: the real `python bot.py` entry, pointed at a fake Discord by $FAKE_DISCORD.

With $GM_TEST_CLOCK_FILE set, the game master's clock reads the time from that file, so a
test can make deadlines fall due in a bot process it will kill (the lease keeps real time).
With $GM_LOOP_LAG_FILE set, the process's event-loop lag is written there
(loopback.lag_probe, for benchmarks/scale.py).
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from loopback import apply_env_redirect  # noqa: E402


def file_clock(path: str):
    """A clock whose time is whatever number the test last wrote into `path`."""
    def now() -> float:
        try:
            return float(Path(path).read_text() or 0)
        except (OSError, ValueError):
            return time.time()
    return now


if __name__ == "__main__":
    apply_env_redirect()
    import bot  # noqa: E402
    from loopback import lag_probe  # noqa: E402

    if os.environ.get(lag_probe.VARIABLE):
        setup = bot.GameBot.setup_hook

        async def probed_setup(self: bot.GameBot) -> None:
            await setup(self)
            self.loop_lag_probe = lag_probe.start_from_env()

        bot.GameBot.setup_hook = probed_setup  # type: ignore[method-assign]  # a benchmark's probe, in this launcher only

    clock_file = os.environ.get("GM_TEST_CLOCK_FILE")
    sys.exit(bot.main([], clock=file_clock(clock_file) if clock_file else time.time))
