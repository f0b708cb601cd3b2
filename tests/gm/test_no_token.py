"""The README's first command on a machine without a token: the bot explains how to get one, or
how to play here with `--local`, naming the interpreter that has the bot's packages (the
README installs them into `.venv/`, so a bare `python` may lack them)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_the_bot_says_how_to_get_one_and_names_its_own_interpreter(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DATABASE_PATH"] = str(tmp_path / "gm.sqlite3")
    done = subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "https://discord.com/developers/applications" in done.stderr
    lines = [x for x in done.stderr.splitlines() if "--local" in x]
    assert len(lines) == 1 and "{" not in done.stderr, done.stderr  # said once, every placeholder filled
    line = lines[0]
    python = line.split(": ", 1)[1].removesuffix(" bot.py --local")
    assert Path(python).exists() or python == "python3", line
    assert "Traceback" not in done.stderr
