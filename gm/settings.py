"""Settings from the environment and `.env`, validated once at start-up.

A typo in a setting should stop the bot with a clear message, not surface later as an odd
failure in the middle of someone's game.
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parents[1]
#: where /rules looks for the rulebook .txt files unless RULEBOOKS_DIR says otherwise
DEFAULT_RULEBOOKS_DIR = ROOT / "rulebooks"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str | None = Field(None, description="Bot token from the Discord developer portal")
    database_path: Path = Field(Path("./gm.sqlite3"), description="SQLite file holding every game")
    #: where the games live when not in the SQLite file above: `postgresql://user:pw@host/db`
    #: (a PostgreSQL server) or `sqlite:///path`; empty means DATABASE_PATH
    database_url: str | None = Field(None, description="postgresql://... or sqlite:///...; empty: DATABASE_PATH")
    dev_guild_id: int | None = Field(None, description="Sync commands to this one server instantly (development)")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    default_locale: Literal["en", "it"] = "en"
    #: the rulebooks are not part of the repository (they are not ours to publish): each group
    #: puts its own plain-text copies in `rulebooks/` inside the project (git ignores them), or
    #: points this setting elsewhere; without them /rules still answers from the project's summaries
    rulebooks_dir: Path = Field(DEFAULT_RULEBOOKS_DIR, description="Folder of plain-text rulebooks to index")
    #: build (or load) the rules index right after start-up rather than at the first /rules
    rules_index_warmup: bool = True
    #: how often the turn clock looks for due deadlines, in seconds
    clock_interval: float = Field(30.0, gt=0)

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: str | None) -> str | None:
        """Refuse an address no backend understands now, not at the first game."""
        from gm.store.factory import backend_of

        value = (value or "").strip() or None
        backend_of(value)  # raises ValueError naming the accepted forms
        return value
