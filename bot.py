"""Entry point: run the game master on Discord, or locally against the loopback fake Discord.

    python bot.py              # Discord (needs DISCORD_TOKEN in the environment or .env)
    python bot.py --local      # an interactive console: the same bot, no Discord needed
    python bot.py --local --script demo.txt   # replay a file of console lines, print the transcript
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import time
from typing import Callable, Sequence

import discord
from discord.ext import commands

from cogs.table import DYNAMIC_ITEMS as TABLE_ITEMS
from cogs.ui.views import ChoiceButton, ChoiceSelect, EndButton
from gm.i18n import t
from gm.session import GameMaster
from gm.settings import Settings
from gm.translator import LocaleTranslator
from gm.store import GameStore, SqliteStore

COGS: tuple[str, ...] = ("cogs.lobby", "cogs.play", "cogs.table", "cogs.dice", "cogs.orders", "cogs.lookup")
DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, EndButton, *TABLE_ITEMS)
log = logging.getLogger("gm.bot")


class GameBot(commands.Bot):
    """The bot with its services attached, so cogs reach them through `interaction.client`."""

    def __init__(self, settings: Settings, store: GameStore, clock: Callable[[], float] = time.time, **kwargs: object) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **kwargs)  # type: ignore[arg-type]
        self.settings = settings
        self.store = store
        self.gm = GameMaster(store, clock=clock)

    async def setup_hook(self) -> None:
        await self.store.open()
        # Registered on every start, so buttons posted before a restart keep working.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for name in COGS:
            await self.load_extension(name)
        await self.tree.set_translator(LocaleTranslator())
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        await super().close()
        await self.gm.settle()
        await self.store.close()

    async def on_ready(self) -> None:
        log.info(t("en", "bot.ready", user=self.user, guilds=len(self.guilds)))


def create_bot(settings: Settings | None = None, store: GameStore | None = None,
               clock: Callable[[], float] = time.time, **kwargs: object) -> GameBot:
    """A fresh bot (tests and restarts build a new one over the same database)."""
    settings = settings or Settings()
    store = store or SqliteStore(settings.database_path, clock=clock)
    kwargs.setdefault("guild_ready_timeout", 0.05)
    return GameBot(settings, store, clock=clock, **kwargs)


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description="A Discord game master for fantasy adventure board games.")
    ap.add_argument("--local", action="store_true", help="play in this terminal against a loopback fake Discord")
    ap.add_argument("--script", metavar="FILE", help="with --local: run the lines of FILE and print the transcript")
    ap.add_argument("--db", metavar="PATH", help="database file (default: DATABASE_PATH or ./gm.sqlite3)")
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    settings = Settings()
    if args.db:
        settings = settings.model_copy(update={"database_path": args.db})
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.local or args.script:
        from gm.console import run_console

        return asyncio.run(run_console(settings, script=args.script))
    if not settings.discord_token:
        print(t(settings.default_locale, "bot.no_token"), file=sys.stderr)
        return 2
    create_bot(settings).run(settings.discord_token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
