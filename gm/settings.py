"""Settings from the environment and `.env`, validated once at start-up.

A typo in a setting should stop the bot with a clear message, not surface later as an odd
failure in the middle of someone's game.
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from gm.i18n import t
from gm.store.shards import ShardSet, parse_shard_ids

ROOT = Path(__file__).resolve().parents[1]
#: where /rules looks for the rulebook .txt files unless RULEBOOKS_DIR says otherwise
DEFAULT_RULEBOOKS_DIR = ROOT / "rulebooks"


class SettingProblem(ValueError):
    """A combination of settings the bot refuses, with the locale key that says what is wrong
    and what to do (bot.main prints it in the operator's language, as one line)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(t("en", key, **params))
        self.key = key
        self.params = params


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
    #: Discord shards (issue 16): how many the bot's servers are split into, and which of them
    #: this process connects (`0,1`, `2-3`; empty: all of them). Several processes on one
    #: PostgreSQL database each take their own shards; SQLite needs one process for all.
    shard_count: int | None = Field(None, ge=1, le=4096, description="Number of Discord shards (empty: no sharding)")
    shard_ids: str | None = Field(None, description="Shards this process connects, e.g. 0,1 or 0-3 (empty: all)")
    #: worker processes (issue 30, gm/workers.py) drawing the pictures (10-60 ms of CPU each) and
    #: thinking for slow AI seats, so the event loop (every button press) never waits behind them
    #: and a second core is used; empty: one per core; 0: no processes, threads of the bot's own
    picture_workers: int | None = Field(None, ge=0, le=64, description="Worker processes (empty: one per core; 0: threads)")
    #: slash commands are sent to Discord at start-up only when they changed since the last
    #: sync ("changed", ui.command_sync); "always" sends them at every start
    sync_commands: Literal["changed", "always"] = Field("changed", description="Sync slash commands: changed or always")

    @field_validator("shard_count", "dev_guild_id", "picture_workers", mode="before")
    @classmethod
    def _no_count(cls, value: object) -> object:
        """A number left empty (`SHARD_COUNT=`, `DEV_GUILD_ID=`, as in .env.example) means unset,
        so `cp .env.example .env` starts as it is."""
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids")
    @classmethod
    def _shard_list(cls, value: str | None) -> str | None:
        """Refuse a malformed list now; keep it in one canonical spelling (`0,1,2`)."""
        value = (value or "").strip()
        if not value:
            return None
        return ",".join(map(str, parse_shard_ids(value)))

    @model_validator(mode="after")
    def _shards_fit(self) -> "Settings":
        """Shard ids need a count and must lie below it; only PostgreSQL can split the shards
        between processes (a SQLite file has one writer, which must then serve every shard)."""
        if self.shard_ids and self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards there are in all)")
        shards = self.shards
        if shards is not None and not shards.complete:
            from gm.store.factory import backend_of

            if backend_of(self.database_url) != "postgres":
                raise SettingProblem("safety.shards_need_postgres", ids=self.shard_ids, count=shards.count)
        return self

    @property
    def shards(self) -> ShardSet | None:
        """The shards this process serves (None: not sharded)."""
        if self.shard_count is None:
            return None
        ids = parse_shard_ids(self.shard_ids or "")
        return ShardSet.of(ids, self.shard_count)

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: str | None) -> str | None:
        """Refuse an address no backend understands now, not at the first game."""
        from gm.store.factory import backend_of

        value = (value or "").strip() or None
        backend_of(value)  # raises ValueError naming the accepted forms
        return value
