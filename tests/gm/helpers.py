"""A game master on a fresh SQLite file, as the game-master tests build it."""
from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from gm.session import GameMaster
from gm.store import SqliteStore


@asynccontextmanager
async def sqlite_game_master(path: Path, seed: int, clock: Callable[[], float] = time.time) -> AsyncIterator[GameMaster]:
    """A game master whose new games all get `seed`, on a store at `path`, both on `clock`; on
    the way out it lets its background work finish, then closes the store."""
    store = SqliteStore(path, clock=clock)
    await store.open()
    gm = GameMaster(store, clock=clock, seed_source=lambda: seed)
    yield gm
    await gm.settle()
    await store.close()
