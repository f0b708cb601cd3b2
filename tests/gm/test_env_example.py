"""`.env.example` documents every setting, and copying it to `.env` as it is must start the bot:
settings left empty there (DEV_GUILD_ID=, SHARD_COUNT=...) mean "unset", never a start-up error."""
from __future__ import annotations

from pathlib import Path

from gm.settings import Settings

EXAMPLE = Path(__file__).resolve().parents[2] / ".env.example"


def test_env_example_loads_as_it_is(monkeypatch, tmp_path):
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():  # the process env must not mask the file
        if "=" in line and not line.lstrip().startswith("#"):
            monkeypatch.delenv(line.split("=", 1)[0].strip(), raising=False)
    settings = Settings(_env_file=EXAMPLE)  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments
    assert settings.dev_guild_id is None
    assert settings.shard_count is None


def test_every_setting_is_documented_in_env_example():
    # a setting whose default is best left alone is documented commented out: `# NAME=example`
    lines = [line.lstrip("# ").strip() for line in EXAMPLE.read_text(encoding="utf-8").splitlines()]
    documented = {line.split("=", 1)[0].strip().lower() for line in lines
                  if "=" in line and line.split("=", 1)[0].strip().isupper()}
    assert set(Settings.model_fields) <= documented, set(Settings.model_fields) - documented
