"""Issue 26: `python bot.py --local` restarted on the same database resumes its campaign.

The game master finds a channel's game by the channel's id and a seat by its person's id; the
console keeps both beside the database (local.console.LocalIds), so a second run is the same
table: the same channel, the same alice, the campaign where it was left. In-process runs of the
console's own entry point (`run_console`), as `bot.py --local --script` runs it."""
from __future__ import annotations

import io
import json

from bot import create_bot
from gm.settings import Settings
from local.console import ids_path_for, run_console


async def _run(settings: Settings, tmp_path, name: str, lines: list[str]) -> str:
    script = tmp_path / name
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = io.StringIO()
    assert await run_console(settings, create_bot, script=str(script), out=out) == 0
    return out.getvalue()


async def test_local_console_resumes_a_campaign_after_a_restart(tmp_path):
    settings = Settings(_env_file=None, database_path=tmp_path / "local.sqlite3", rules_index_warmup=False)  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    first = await _run(settings, tmp_path, "one.txt", ["alice> /campaign new mode:solo", "alice> 1", "alice> 1"])
    assert "A solo campaign begins" in first
    kept = json.loads(ids_path_for(settings.database_path).read_text(encoding="utf-8"))
    assert set(kept["users"]) == {"alice"}

    second = await _run(settings, tmp_path, "two.txt", ["alice> /campaign status", "alice> 1", "bob> /campaign new mode:solo"])
    assert "Back at the same table" in second
    assert "no campaign" not in second.lower(), second
    assert "The party, in Marching Order" in second or "Darkest Talisman campaign #" in second, second
    assert "nothing to press" not in second, second  # the decision /campaign status hands back is alice's to press
    pressed = second.split("» alice> 1", 1)[1].split("» bob>", 1)[0]
    assert "✅ Alice:" in pressed and "not your turn" not in pressed, pressed  # taken as hers: the campaign goes on
    # the channel still holds the campaign: a second one is refused, not opened beside it
    assert "already" in second.lower(), second
    again = json.loads(ids_path_for(settings.database_path).read_text(encoding="utf-8"))
    assert again["channel"] == kept["channel"] and again["users"]["alice"] == kept["users"]["alice"]
    assert set(again["users"]) == {"alice", "bob"}


async def test_each_database_has_its_own_table(tmp_path):
    """Another database is another table: its own ids, nothing of the first one's campaign."""
    one = Settings(_env_file=None, database_path=tmp_path / "a.sqlite3", rules_index_warmup=False)  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    two = Settings(_env_file=None, database_path=tmp_path / "b.sqlite3", rules_index_warmup=False)  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    await _run(one, tmp_path, "a.txt", ["alice> /campaign new mode:solo"])
    text = await _run(two, tmp_path, "b.txt", ["alice> /campaign status"])
    assert "Back at the same table" not in text and "no campaign" in text.lower(), text
    a = json.loads(ids_path_for(one.database_path).read_text(encoding="utf-8"))
    b = json.loads(ids_path_for(two.database_path).read_text(encoding="utf-8"))
    assert a["channel"] != b["channel"]


async def test_an_unreadable_ids_file_starts_afresh(tmp_path):
    settings = Settings(_env_file=None, database_path=tmp_path / "c.sqlite3", rules_index_warmup=False)  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    ids_path_for(settings.database_path).write_text("{not json", encoding="utf-8")
    text = await _run(settings, tmp_path, "c.txt", ["alice> /campaign new mode:solo"])
    assert "A solo campaign begins" in text and "Back at the same table" not in text
    assert json.loads(ids_path_for(settings.database_path).read_text(encoding="utf-8"))["users"]["alice"]
