"""`python bot.py --local --script FILE`: the same bot on the loopback fake, driven by a file."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_script(tmp_path: Path, lines: list[str]) -> subprocess.CompletedProcess[str]:
    """`bot.py --local --script` on these lines, with a fresh database; it must exit cleanly."""
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "bot.py", "--local", "--script", str(script), "--db", str(tmp_path / "x.sqlite3")],
                         cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "RULES_INDEX_WARMUP": "false"})
    assert out.returncode == 0, out.stderr
    return out


def test_local_console_script_plays_a_game_to_its_end(tmp_path):
    lines = ["# two rounds against an AI seat, pressing the first choice each time",
             "alice> /game new system:prophecy round_limit:2",
             "alice> /game add-bot level:heuristic",
             "bob> /game status",
             "alice> /game start"] + ["alice> 1"] * 30
    out = run_script(tmp_path, lines)
    text = out.stdout
    assert "» alice> /game start" in text
    assert "[1]" in text  # buttons rendered as numbered choices
    assert "wins the game" in text
    assert "Traceback" not in out.stderr


def test_bot_without_token_explains_how_to_get_one(tmp_path):
    out = subprocess.run([sys.executable, "bot.py"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert out.returncode == 2
    assert "applications.commands" in out.stderr and "--local" in out.stderr


def test_local_console_starts_a_standard_game(tmp_path):
    """`--local` plays the Standard Version too (issue 13): the version is a /game new choice."""
    lines = ["alice> /game new system:prophecy:standard round_limit:2 variants:\"random characters\"",
             "alice> /game add-bot level:heuristic",
             "alice> /game start"] + ["alice> 1"] * 40
    out = run_script(tmp_path, lines)
    text = out.stdout
    assert "Prophecy (Standard Version)" in text and "Random characters" in text
    assert "wins the game" in text
    assert "Traceback" not in out.stderr


def test_local_console_starts_a_water_realm_game(tmp_path):
    """`--local` plays the Water Realm expansion too (issue 14): a /game new choice with its variants."""
    lines = ["alice> /game new system:prophecy:water_realm round_limit:2 variants:\"random characters, ten artifacts\"",
             "alice> /game add-bot level:heuristic",
             "alice> /game start"] + ["alice> 1"] * 40
    out = run_script(tmp_path, lines)
    text = out.stdout
    assert "Prophecy (Standard Version + Water Realm)" in text and "Ten Artifacts" in text
    assert "wins the game" in text
    assert "Traceback" not in out.stderr


def test_a_number_after_a_private_look_presses_the_game_prompt_and_caret_presses_the_look(tmp_path):
    """A number typed after /game status or /game log answers the game's prompt, not the private
    look's buttons ("choose 1 to 2" or the status shown to everyone); `^N` presses the look."""
    lines = ["alice> /game new system:prophecy round_limit:2",
             "alice> /game add-bot level:heuristic",
             "alice> /game start",
             "alice> /game log",
             "alice> 1",
             "alice> /game status",
             "alice> ^1"]
    text = run_script(tmp_path, lines).stdout
    after_log = text.split("» alice> 1", 1)[1].split("» alice> /game status", 1)[0]
    assert "  ! " not in after_log and "✅ Alice:" in after_log  # the game's prompt was answered
    after_caret = text.split("» alice> ^1", 1)[1]
    assert "is not a choice" not in after_caret and "  ! " not in after_caret
