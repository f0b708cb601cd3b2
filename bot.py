"""Entry point: run the game master on Discord, or locally against the loopback fake Discord.

The bot loads the shared cogs and, from the plug-in registry (systems/), every game system's
own cogs and persistent buttons; the game master gets the systems' engines the same way.

    python bot.py              # Discord (needs DISCORD_TOKEN in the environment or .env)
    python bot.py --local      # an interactive console: the same bot, no Discord needed
    python bot.py --local --script demo.txt   # replay a file of console lines, print the transcript
    python bot.py --local --locale it         # the console in Italian (or DEFAULT_LOCALE=it)

The console keeps its channel's and people's ids beside the database (<db>.console.json), so
`--local` started again on the same database (--db) finds its campaigns and games where they were.

With SHARD_COUNT (and SHARD_IDS) set, the bot connects those Discord shards (AutoShardedBot) and
its store keeps to their games: several processes on one PostgreSQL database share the servers
(see the README's PostgreSQL section).
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import re
import shutil
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

import discord
from discord.ext import commands
from pydantic import ValidationError

import packs  # noqa: F401  (reads data/ into the engine: packs, tables)
import systems
from cogs.clock import DYNAMIC_ITEMS as CLOCK_ITEMS
from cogs.history import DYNAMIC_ITEMS as HISTORY_ITEMS
from cogs.prompts import DYNAMIC_ITEMS as PROMPT_ITEMS
from cogs.table import DYNAMIC_ITEMS as TABLE_ITEMS
from gm.i18n import normalise, t
from gm.session import GameMaster
from gm.settings import SettingProblem, Settings
from gm.store import (
    DatabaseUnreadable,
    GameStore,
    OwnershipKeeper,
    SchemaTooNew,
    StoreError,
    StoreOwned,
    StoreSettings,
    make_store,
)
from gm.store.factory import backend_of, sqlite_path
from gm.store.shards import ShardSet
from ui.command_sync import sync_if_changed
from ui.errors import GuardedTree, answer_unclaimed, guard_dynamic_item, guard_every_dynamic_item
from ui.modals import PersistentModal, route_modal
from ui.pictures import PAINTER
from ui.translator import LocaleTranslator
from ui.views import ChoiceButton, ChoiceSelect, EndButton, PageButton

#: the cogs every game shares, then each registered system's own
SHARED_COGS: tuple[str, ...] = ("cogs.lobby", "cogs.notify", "cogs.table", "cogs.prompts", "cogs.clock", "cogs.history",
                                 "cogs.dice", "cogs.lookup")
COGS: tuple[str, ...] = SHARED_COGS + systems.extensions()
DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, PageButton, EndButton, *CLOCK_ITEMS, *TABLE_ITEMS, *HISTORY_ITEMS, *PROMPT_ITEMS,
                 *(item for p in systems.PLUGINS.values() for item in p.dynamic_items))
log = logging.getLogger("gm.bot")


class GameBot(commands.Bot):
    """The bot with its services attached, so cogs reach them through `interaction.client`."""

    def __init__(self, settings: Settings, store: GameStore, clock: Callable[[], float] = time.time, **kwargs: object) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **kwargs)  # type: ignore[arg-type]  # the caller's extra Bot options, passed through
        self.settings = settings
        self.store = store
        #: the registered game systems (their words, renderers and engines), reached by the shared
        #: replies through the client rather than by importing the registry
        self.plugins = systems.PLUGINS
        self.gm = GameMaster(store, clock=clock, systems=systems.engine_systems())
        self.keeper: OwnershipKeeper | None = None
        #: every button and select class registered (DynamicItem), and their templates
        self.dynamic_item_classes: list[type[discord.ui.DynamicItem[Any]]] = []
        self._item_templates: list[re.Pattern[str]] = []
        #: the text boxes, answered by their custom ids (ui.modals), registered at start-up
        self.persistent_modals: list[type[PersistentModal]] = []

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Every button/select answers privately when its handler fails (ui.errors)."""
        for item in items:
            guard_dynamic_item(item)
            if item not in self.dynamic_item_classes:
                self.dynamic_item_classes.append(item)
                self._item_templates.append(item.__discord_ui_compiled_template__)
        super().add_dynamic_items(*items)

    def add_persistent_modals(self, *modals: type[PersistentModal]) -> None:
        """Text boxes whose submissions this bot answers, also when they were opened before a
        restart (ui.modals)."""
        self.persistent_modals.extend(m for m in modals if m not in self.persistent_modals)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await answer_unclaimed(interaction, self._item_templates)
        await route_modal(interaction, self.persistent_modals)

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
        # the pictures' worker processes (ui.pictures), started now so the first picture does
        # not wait for them to import the drawing modules
        PAINTER.configure(self.settings.picture_workers)
        PAINTER.warm_up()
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
            # only when they changed since the last start (ui.command_sync): Discord rations syncs
            guild = discord.Object(id=self.settings.dev_guild_id) if self.settings.dev_guild_id else None
            if guild is not None:
                self.tree.copy_global_to(guild=guild)
            await sync_if_changed(self.tree, self.store, guild, always=self.settings.sync_commands == "always")
        # Content, locales and cogs are loaded for the life of the process: move them out of
        # the garbage collector's sight so its passes stay short while games are played.
        gc.collect()
        gc.freeze()

    async def _store_lost(self, exc: StoreError) -> None:
        log.error(t("en", "safety.lost_log", path=getattr(self.store, "path", "?"), reason=exc))

    async def close(self) -> None:
        await super().close()
        await self.gm.settle()
        await PAINTER.shutdown()
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
    return Settings(_env_file=None, **{**settings.model_dump(), **update})


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


def _this_python() -> str:
    """The interpreter to name in advice: the one running now (the README's `.venv/bin/python`),
    as a path relative to the current folder when it lies below it, since a bare `python` may be
    one without the bot's packages."""
    exe = Path(sys.executable)
    try:
        return str(exe.relative_to(Path.cwd()))
    except ValueError:
        return "python3" if exe.name.startswith("python3") and shutil.which("python3") == str(exe) else str(exe)


def settings_problem(exc: ValueError, locale: str) -> str:
    """One line saying which setting is wrong and what to do, for settings the bot refuses
    (pydantic's own report spans several lines and ends in a link to its documentation)."""
    if not isinstance(exc, ValidationError):
        return t(locale, exc.key, **exc.params) if isinstance(exc, SettingProblem) else " ".join(str(exc).split())
    said = []
    for error in exc.errors():
        cause = (error.get("ctx") or {}).get("error")
        if isinstance(cause, SettingProblem):
            said.append(t(locale, cause.key, **cause.params))
            continue
        problem = " ".join(str(error.get("msg", "")).removeprefix("Value error, ").split())
        name = "_".join(str(part) for part in error.get("loc", ())).upper()
        said.append(t(locale, "safety.bad_setting", name=name, problem=problem) if name
                    else t(locale, "safety.bad_settings", problem=problem))
    return " ".join(said)


def start_up_problem(exc: StoreError, locale: str) -> str | None:
    """The line that says why the store cannot be used, for a store error met at start-up
    (None: not one the operator can act on from a line; it propagates as it is)."""
    if isinstance(exc, DatabaseUnreadable):
        key = "safety.db_corrupt" if exc.corrupt else "safety.db_unopenable"
        return t(locale, key, path=exc.path, reason=exc.reason)
    if isinstance(exc, SchemaTooNew):
        return t(locale, "safety.schema_too_new", found=exc.found, supported=exc.supported)
    return None


def main(argv: Sequence[str] | None = None, *, clock: Callable[[], float] = time.time) -> int:
    """Run the bot; 0 after a clean stop. Whatever stops it at start-up is said in one line on
    stderr, without a traceback: 2 for settings or a database it cannot use, 3 when another
    running copy holds the database (or the shard)."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    # the operator's language before the settings are known to be valid
    locale = args.locale or normalise(os.environ.get("DEFAULT_LOCALE", ""), "en")
    try:
        settings = Settings()
    except ValueError as exc:  # SHARD_IDS with SQLite, a mistyped number or address
        print(settings_problem(exc, locale), file=sys.stderr)
        return 2
    overridden = bool(args.db) and bool(settings.database_url) and args.db != settings.database_url
    try:
        settings = choose_database(settings, args.db)
    except ValueError as exc:  # a --db address no backend takes, or SQLite with a subset of shards
        print(f"--db: {settings_problem(exc, args.locale or settings.default_locale)}", file=sys.stderr)
        return 2
    if args.locale:
        settings = settings.model_copy(update={"default_locale": args.locale})
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if overridden:
        log.warning(t("en", "safety.db_flag_wins"))
    if not (args.local or args.script) and not settings.discord_token:
        print(t(settings.default_locale, "bot.no_token", python=_this_python()), file=sys.stderr)
        return 2
    try:
        if args.local or args.script:
            from local.console import run_console

            return asyncio.run(run_console(settings, create_bot, script=args.script))
        create_bot(settings, clock=clock).run(settings.discord_token or "", log_handler=None)  # set: checked above
    except StoreOwned as exc:
        holder = exc.holder
        if holder.scope == "all":
            key = "safety.owned_postgres" if exc.backend == "postgres" else "safety.owned"
            print(t(settings.default_locale, key, path=exc.where, pid=holder.pid, host=holder.host), file=sys.stderr)
        else:
            print(t(settings.default_locale, "safety.shard_owned", scope=holder.scope, path=exc.where,
                    pid=holder.pid, host=holder.host), file=sys.stderr)
        return 3
    except StoreError as exc:  # a damaged database file, or one a newer bot wrote
        line = start_up_problem(exc, settings.default_locale)
        if line is None:
            raise
        print(line, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
