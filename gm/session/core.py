"""What every part of the game master shares: the store, the clock, the systems it serves, and
loading the game a channel holds.

The parts (lobby, play, expiry, seats, time bank, undo, records) are mixins over this core,
composed into `GameMaster` (gm/session/master.py). The core names no system: it serves the
systems it was given and asks each whether it is played at a table through /game.
"""
from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any, Callable, Mapping

from engine.core.system import GameSystem
from gm import clock
from gm.session.kept import adopt, kept_state
from gm.session.results import (
    PERMISSION_REFUSED,
    PROMPT_MESSAGE,
    PROMPT_OWED,
    TURN_BEGAN,
    GameError,
    Lobby,
    Result,
    host_of,
    is_lobby_json,
    registry_systems,
)
from gm.store import ActionRecord, GameRecord, GameStore
from gm.table import Table

#: log rows of the lobby (who sat down), never taken back by an undo
LOBBY_ROWS = ("join", "leave", "add_bot", "kick")


class SessionCore:
    def __init__(self, store: GameStore, clock: Callable[[], float] = time.time,
                 seed_source: Callable[[], int] | None = None,
                 systems: Mapping[str, GameSystem] | None = None) -> None:
        self.store = store
        self.clock = clock
        self._seed = seed_source or (lambda: secrets.randbits(62))
        self._marks: set[asyncio.Task[None]] = set()
        #: the engines served, by the name their stored games carry (the bot passes the
        #: plug-in registry's; without one, every engine engine.registry finds)
        self.systems: Mapping[str, GameSystem] = registry_systems() if systems is None else systems

    # -- the systems served -------------------------------------------------------------------
    def system_of(self, name: str) -> GameSystem:
        return self.systems[name]

    def is_table_game(self, name: str) -> bool:
        """Whether /game plays this system at a table (other systems have their own commands)."""
        system = self.systems.get(name)
        return system is not None and system.table_game

    @property
    def table_games(self) -> tuple[str, ...]:
        """The systems /game new offers, by name."""
        return tuple(name for name in self.systems if self.is_table_game(name))

    def _result(self, record: GameRecord, state: Any, **more: Any) -> Result:
        return Result(record, state, game_system=self.systems.get(record.system), **more)

    async def settle(self) -> None:
        """Wait for "seen" markers still being written (before reading one, or closing)."""
        if self._marks:
            await asyncio.gather(*list(self._marks), return_exceptions=True)

    # -- loading ----------------------------------------------------------------------------
    def decode(self, record: GameRecord) -> Any:
        if record.status == "lobby" or (record.status == "ended" and is_lobby_json(record.state)):
            return Lobby.model_validate_json(record.state)
        kept = kept_state(record)  # the state the last press committed as this very row
        return adopt(kept if kept is not None else self.system_of(record.system).load_state(record.state))

    async def current(self, channel_id: int) -> Result | None:
        """The channel's open table game (None if there is none, or the channel runs another system)."""
        record = await self.store.get_active_game(channel_id)
        if record is None or not self.is_table_game(record.system):
            return None
        return self._result(record, self.decode(record))

    async def latest(self, channel_id: int) -> Result | None:
        """The open game, else the most recent finished one (for /game status after the end)."""
        found = await self.current(channel_id)
        if found:
            return found
        games = [g for g in await self.store.list_games(channel_id, include_finished=True) if self.is_table_game(g.system)]
        if not games:
            return None
        return self._result(games[-1], self.decode(games[-1]))

    async def _open(self, channel_id: int) -> tuple[GameRecord, Any]:
        record = await self.store.get_active_game(channel_id)
        if record is None:
            closed = await self.latest(channel_id)
            if closed is not None:  # say which game is over, rather than "no game"
                started = not isinstance(closed.state, Lobby)
                raise GameError(f"trust.closed_{closed.record.status}" if started else "trust.closed_in_lobby",
                                game_id=closed.record.id, system=closed.record.system)
            raise GameError("error.no_game")
        if not self.is_table_game(record.system):
            raise GameError("error.other_system", system=record.system)
        return record, self.decode(record)

    async def _lobby(self, channel_id: int) -> tuple[GameRecord, Lobby]:
        record, state = await self._open(channel_id)
        if not isinstance(state, Lobby):
            raise GameError("error.already_started", game_id=record.id)
        return record, state

    async def _host_game(self, channel_id: int, user_id: int) -> tuple[GameRecord, Any]:
        record, state = await self._open(channel_id)
        if str(user_id) != host_of(record, state):
            raise GameError("error.host_only")
        return record, state

    async def _effective_rows(self, record: GameRecord) -> tuple[list[ActionRecord], list[ActionRecord]]:
        """(all log rows, the game steps still in force after undos)."""
        rows = await self.store.actions(record.id)
        live: list[ActionRecord] = []
        for r in rows:
            kind = r.action.get("type")
            if kind in LOBBY_ROWS:
                continue
            if kind == "undo":
                del live[len(live) - int(r.action.get("steps", 1)):]
            else:
                live.append(r)
        return rows, live

    # -- saving the table settings ----------------------------------------------------------------
    @staticmethod
    def _settings(table: Table, record: GameRecord, turn_began: float | None = None,
                  owed: float | None = None) -> dict[str, Any]:
        """The table settings to store, keeping when the current turn began (or stamping a new
        one) and the delivery marks; `owed`: this write commits a step whose message the
        channel is now owed (the newest such step's time is kept)."""
        out = table.model_dump()
        old = record.settings or {}
        stamp = turn_began if turn_began is not None else old.get(TURN_BEGAN)
        if stamp is not None:
            out[TURN_BEGAN] = stamp
        for key in (PROMPT_OWED, PROMPT_MESSAGE, PERMISSION_REFUSED):
            if old.get(key) is not None:
                out[key] = old[key]
        if owed is not None:
            out[PROMPT_OWED] = owed
        return out

    async def _save_table(self, record: GameRecord, table: Table) -> GameRecord:
        now = self.clock()
        deadline = clock.deadline(table, now) if record.status == "active" else None
        return await self.store.set_settings(record.id, self._settings(table, record), deadline=deadline)
