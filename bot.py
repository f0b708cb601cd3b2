"""Entry point: run the game master on Discord, or locally against the loopback fake Discord.

The bot loads the shared cogs and, from the plug-in registry (systems/), every game system's
own cogs and persistent buttons; the game master gets the systems' engines the same way.

    python bot.py              # Discord (needs DISCORD_TOKEN in the environment or .env)
    python bot.py --local      # an interactive console: the same bot, no Discord needed
    python bot.py --local --script demo.txt   # replay a file of console lines, print the transcript
    python bot.py --local --locale it         # the console in Italian (or DEFAULT_LOCALE=it)

With SHARD_COUNT (and SHARD_IDS) set, the bot connects those Discord shards (AutoShardedBot) and
its store keeps to their games: several processes on one PostgreSQL database share the servers
(see the README's PostgreSQL section).
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import re
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

import discord
from discord.ext import commands

import packs  # noqa: F401  (reads data/ into the engine: packs, tables)
import systems
from ui.errors import GuardedTree, answer_unclaimed, guard_dynamic_item, guard_every_dynamic_item
from cogs.table import DYNAMIC_ITEMS as TABLE_ITEMS
from ui.views import ChoiceButton, ChoiceSelect, EndButton
from gm.i18n import t
from gm.session import GameMaster
from gm.settings import Settings
from gm.store import GameStore, OwnershipKeeper, StoreError, StoreOwned, StoreSettings, make_store
from gm.store.factory import backend_of, sqlite_path
from gm.store.shards import ShardSet
from gm.translator import LocaleTranslator

#: the cogs every game shares, then each registered system's own
SHARED_COGS: tuple[str, ...] = ("cogs.lobby", "cogs.table", "cogs.dice", "cogs.lookup")
COGS: tuple[str, ...] = SHARED_COGS + systems.extensions()
DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, EndButton, *TABLE_ITEMS,
                 *(item for p in systems.PLUGINS.values() for item in p.dynamic_items))
log = logging.getLogger("gm.bot")


class GameBot(commands.Bot):
    """The bot with its services attached, so cogs reach them through `interaction.client`."""

    def __init__(self, settings: Settings, store: GameStore, clock: Callable[[], float] = time.time, **kwargs: object) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **kwargs)  # type: ignore[arg-type]
        self.settings = settings
        self.store = store
        #: the registered game systems (their words, renderers and engines), reached by the shared
        #: replies through the client rather than by importing the registry
        self.plugins = systems.PLUGINS
        self.gm = GameMaster(store, clock=clock, systems=systems.engine_systems())
        self.keeper: OwnershipKeeper | None = None
        self._item_templates: list[re.Pattern[str]] = []

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Every button/select answers privately when its handler fails (ui.errors)."""
        for item in items:
            guard_dynamic_item(item)
            self._item_templates.append(item.__discord_ui_compiled_template__)
        super().add_dynamic_items(*items)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await answer_unclaimed(interaction, self._item_templates)

    async def setup_hook(self) -> None:
        await self.store.open()
        # which store this process writes, said once: DATABASE_URL, DATABASE_PATH and --db
        # can each choose it (see choose_database)
        log.info(t("en", f"safety.using_{self.store.backend}", path=getattr(self.store, "path", "?")))
        # One bot process per database (or, sharded on PostgreSQL, per shard), claimed before
        # connecting to Discord: a second one would answer every interaction twice. Raises
        # StoreOwned (main() explains it).
        await self.store.acquire_ownership()
        self.keeper = OwnershipKeeper(self.store, getattr(self.store, "lease_seconds", 10.0), on_lost=self._store_lost)
        self.keeper.start()
        # Registered on every start, so buttons posted before a restart keep working.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for name in COGS:
            await self.load_extension(name)
        # the extensions' own copies of the button classes answer failures too (ui.errors)
        guard_every_dynamic_item(self._item_templates)
        await self.tree.set_translator(LocaleTranslator())
        # The commands belong to the application, not to a shard: of several processes, the one
        # serving shard 0 syncs them.
        shards = self.settings.shards
        if shards is None or 0 in shards.ids:
            if self.settings.dev_guild_id:
                guild = discord.Object(id=self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        # Content, locales and cogs are loaded for the life of the process: move them out of
        # the garbage collector's sight so its passes stay short while games are played.
        gc.collect()
        gc.freeze()

    async def _store_lost(self, exc: StoreError) -> None:
        log.error(t("en", "safety.lost_log", path=getattr(self.store, "path", "?"), reason=exc))

    async def close(self) -> None:
        await super().close()
        await self.gm.settle()
        if self.keeper is not None:
            await self.keeper.stop()
        await self.store.release_ownership()
        await self.store.close()

    async def on_ready(self) -> None:
        log.info(t("en", "bot.ready", user=self.user, guilds=len(self.guilds)))


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The same bot over several Discord shards (SHARD_COUNT/SHARD_IDS): one gateway connection
    per shard this process serves; Discord sends it only those shards' servers."""


def create_bot(settings: Settings | None = None, store: GameStore | None = None,
               clock: Callable[[], float] = time.time, **kwargs: object) -> GameBot:
    """A fresh bot (tests and restarts build a new one over the same database)."""
    settings = settings or Settings()
    store = store or make_store(settings.database_url, settings.database_path, clock=clock,
                                lease_seconds=StoreSettings().db_lease_seconds)
    kwargs.setdefault("guild_ready_timeout", 0.05)
    kwargs.setdefault("tree_cls", GuardedTree)
    shards: ShardSet | None = settings.shards
    if shards is None:
        return GameBot(settings, store, clock=clock, **kwargs)
    # the clock, the outbox and the writer leases keep to these shards' games
    store.serve_shards(shards)
    return ShardedGameBot(settings, store, clock=clock, shard_ids=list(shards.ids),
                          shard_count=shards.count, **kwargs)


def choose_database(settings: Settings, db: str | None) -> Settings:
    """The settings with the database `--db` names, which wins over DATABASE_URL and
    DATABASE_PATH: a postgresql:// address, or a SQLite file (a path or sqlite:///...).

    Validated again as a whole, so a combination the environment alone would have been refused
    for (a subset of the Discord shards on SQLite) is refused here too (ValueError)."""
    if not db:
        return settings
    if backend_of(db) == "postgres":
        update: dict[str, Any] = {"database_url": db}
    else:
        update = {"database_url": None, "database_path": Path(sqlite_path(db))}
    return Settings(_env_file=None, **{**settings.model_dump(), **update})  # type: ignore[call-arg]


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description="A Discord game master for fantasy adventure board games.")
    ap.add_argument("--local", action="store_true", help="play in this terminal against a loopback fake Discord")
    ap.add_argument("--script", metavar="FILE", help="with --local: run the lines of FILE and print the transcript")
    ap.add_argument("--db", metavar="PATH_OR_URL",
                    help="where the games are kept: a SQLite file, or a postgresql:// address; wins over "
                         "DATABASE_URL and DATABASE_PATH (default: DATABASE_URL, else DATABASE_PATH, else ./gm.sqlite3)")
    ap.add_argument("--locale", choices=("en", "it"),
                    help="language of the bot's replies when the user's and server's are unknown, and of every "
                         "--local console user (default: DEFAULT_LOCALE or en)")
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None, *, clock: Callable[[], float] = time.time) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    settings = Settings()
    overridden = bool(args.db) and bool(settings.database_url) and args.db != settings.database_url
    try:
        settings = choose_database(settings, args.db)
    except ValueError as exc:  # a --db address no backend takes, or SQLite with a subset of shards
        print(f"--db: {exc}", file=sys.stderr)
        return 2
    if args.locale:
        settings = settings.model_copy(update={"default_locale": args.locale})
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if overridden:
        log.warning(t("en", "safety.db_flag_wins"))
    if args.local or args.script:
        from loopback.console import run_console

        return asyncio.run(run_console(settings, create_bot, script=args.script))
    if not settings.discord_token:
        print(t(settings.default_locale, "bot.no_token"), file=sys.stderr)
        return 2
    try:
        create_bot(settings, clock=clock).run(settings.discord_token, log_handler=None)
    except StoreOwned as exc:
        holder = exc.holder
        if holder.scope == "all":
            key = "safety.owned_postgres" if exc.backend == "postgres" else "safety.owned"
            print(t(settings.default_locale, key, path=exc.where, pid=holder.pid, host=holder.host), file=sys.stderr)
        else:
            print(t(settings.default_locale, "safety.shard_owned", scope=holder.scope, path=exc.where,
                    pid=holder.pid, host=holder.host), file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
