"""Test-only launcher: the real `python bot.py` entry, pointed at a fake Discord by $FAKE_DISCORD."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from gm.fake_discord import apply_env_redirect  # noqa: E402

if __name__ == "__main__":
    apply_env_redirect()
    import bot  # noqa: E402

    sys.exit(bot.main([]))
