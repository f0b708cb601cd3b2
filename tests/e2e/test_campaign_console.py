"""`python bot.py --local` starts a Darkest Talisman campaign: /campaign new in the console, the
buttons pressed by number, /campaign party and village answered."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_local_console_starts_and_plays_a_campaign(tmp_path):
    script = tmp_path / "campaign.txt"
    lines = ["alice> /campaign new mode:solo"] + ["alice> 1"] * 12 + ["bob> /campaign party", "alice> /campaign village"]
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "bot.py", "--local", "--script", str(script), "--db", str(tmp_path / "x.sqlite3")],
                         cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "RULES_INDEX_WARMUP": "false"})
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "A solo campaign begins" in text and "[1] Set out for" in text
    assert "The party sets out for" in text  # the first press set out on a road
    assert "The party, in Marching Order" in text and "The Blacksmith" in text
    assert "Traceback" not in out.stderr
