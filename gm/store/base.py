"""The storage interface the game master talks to, independent of any database.

The game master service only ever sees `GameStore`, `GameRecord` and `ActionRecord`, so the
embedded SQLite backend can later be joined by a PostgreSQL one (for a sharded deployment)
without touching the service. Two mechanisms together make sure two simultaneous clicks can
never both apply to a game:

* the per-channel `asyncio.Lock` from `GameStore.channel_lock`, which the service holds
  around load -> check -> apply -> save inside one process, and
* the optimistic version check in `commit_action` / `update_game`, which still refuses a
  stale write if another process (or a forgotten lock) got there first.
"""
from __future__ import annotations

import asyncio
import contextvars
import enum
import json
import weakref
import zlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, contextmanager
from types import TracebackType
from typing import Any, ClassVar, Final, Literal, Protocol, Self, TypeAlias

from pydantic import BaseModel, ConfigDict, Field

from .identity import ProcessIdentity, claim_is_dead
from .shards import ALL_SCOPE, ShardSet

GameStatus: TypeAlias = Literal["lobby", "active", "finished", "ended"]
"""`lobby` (gathering players), `active` (being played), `finished` (played to a result),
`ended` (stopped early: abandoned, cancelled by the host, timed out)."""

OPEN_STATUSES: Final[frozenset[str]] = frozenset({"lobby", "active"})
"""A channel may hold at most one game in one of these statuses at a time."""

CLOSED_STATUSES: Final[frozenset[str]] = frozenset({"finished", "ended"})
"""Archived games: kept for history and replay, they no longer occupy their channel."""

ALL_STATUSES: Final[frozenset[str]] = OPEN_STATUSES | CLOSED_STATUSES


class _Unset(enum.Enum):
    """Marker type for "leave this field as it is".

    Needed because `None` is a meaningful value for some fields (e.g. `deadline=None` means
    "no deadline any more"), so it cannot double as "not given".
    """

    UNSET = "UNSET"

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = _Unset.UNSET


# --------------------------------------------------------------------------- errors


class StoreError(Exception):
    """Base class for every error the store raises on purpose."""


class GameNotFound(StoreError, LookupError):
    """No game has the requested id."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} does not exist")
        self.game_id = game_id


class GameExists(StoreError):
    """The channel already has an open (lobby or active) game.

    Carries the existing record so the caller can tell the players which game is in the
    way (and link to it) instead of a vague refusal.
    """

    def __init__(self, existing: "GameRecord") -> None:
        super().__init__(
            f"channel {existing.channel_id} already has game {existing.id} "
            f"({existing.system}, {existing.status})"
        )
        self.existing = existing


class StaleVersion(StoreError):
    """The game moved on since the caller loaded it; nothing was written.

    `current_version` lets the caller reload and, e.g., tell a player that their button
    belongs to an older position of the game.
    """

    def __init__(self, current_version: int, *, game_id: int | None = None,
                 expected_version: int | None = None) -> None:
        where = f"game {game_id}" if game_id is not None else "game"
        super().__init__(
            f"{where} is at version {current_version}, not the expected {expected_version}"
        )
        self.current_version = current_version
        self.game_id = game_id
        self.expected_version = expected_version


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the bot.

    Opening it anyway could silently drop columns the newer code relies on, so we refuse.
    """

    def __init__(self, found: int, supported: int) -> None:
        super().__init__(
            f"database schema version {found} is newer than this code supports ({supported})"
        )
        self.found = found
        self.supported = supported


class StoreOwned(StoreError):
    """Another live bot process holds the writer lease on this database.

    Two processes answering the same interactions would answer each one twice and tell
    players "out of date" about clicks that did apply, so the second one must not start.
    """

    def __init__(self, where: str, holder: "OwnerClaim", backend: str = "sqlite") -> None:
        super().__init__(
            f"{where} is already used by another bot process (pid {holder.pid} on {holder.host}, "
            f"last seen {holder.heartbeat:.0f})"
        )
        self.where = where
        self.holder = holder
        #: which kind of database is taken ("sqlite" or "postgres"): the refusal names it and
        #: says how to give a second process a database of its own (a file, or a server address)
        self.backend = backend


class OwnershipLost(StoreError):
    """This process no longer holds the writer lease (another process took it over after a
    pause longer than the lease, or the row was cleared): nothing more may be written."""

    key = "safety.ownership_lost"


class DatabaseGone(StoreError):
    """The database file under the configured path was removed or replaced while open.

    Writes would land in an unlinked file (acknowledged, then lost) or in somebody else's
    database, so the store refuses every operation until the bot is restarted.
    """

    key = "safety.database_gone"

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"the database file {path} was {reason} while the bot was running")
        self.path = path
        self.reason = reason


class ShardNotServed(StoreError):
    """A write to a game of a Discord shard this process does not serve (several processes on
    one PostgreSQL database, one per shard set): the process serving it must do it.

    Discord sends a server's interactions to its own shard's connection, so this is a press
    that reached the wrong process (shards being moved between processes, a misrouted event);
    nothing was written, and the same press works once it reaches the right one."""

    key = "safety.other_shard"

    def __init__(self, where: str, scopes: list[str]) -> None:
        super().__init__(f"{where}: this process does not serve {', '.join(scopes)}")
        self.where = where
        self.scopes = scopes


class DatabaseUnreadable(StoreError):
    """The database file cannot be opened as a database of this bot: it is damaged (a torn
    copy, a disk fault) or not a SQLite database at all, or the file cannot be opened.

    Raised at start-up, before anything is written: starting anyway could only fail later, in
    the middle of someone's game."""

    def __init__(self, path: str, reason: str, *, corrupt: bool) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason
        #: True: the file is not a readable database; False: it could not be opened (permissions,
        #: a folder in the way, a locked file)
        self.corrupt = corrupt


class StorageFull(StoreError):
    """The disk (or the database's size limit) is full; the transaction was rolled back."""

    key = "safety.disk_full"


# --------------------------------------------------------------------------- records


#: the `meta` row the first migration writes; notes never overwrite it
DATABASE_ID_KEY = "database_id"


def _note_key(key: str) -> str:
    """A note's key in `meta`: any text but the database's own id."""
    if not key or key == DATABASE_ID_KEY:
        raise ValueError(f"{key!r} is not a key a note may take")
    return key


class GameRecord(BaseModel):
    """One game row as stored: everything needed to resume or replay the game.

    `state` stays JSON text rather than a parsed model: the store does not know the game
    systems, and the engine owns (and versions) its state schema.
    """

    model_config = ConfigDict(frozen=True)

    id: int
    guild_id: int | None
    channel_id: int
    system: str
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int
    version: int
    state: str
    status: GameStatus
    host_id: int | None
    created_at: float
    updated_at: float
    deadline: float | None = None
    settings: dict[str, Any] = Field(default_factory=dict)

    @property
    def is_open(self) -> bool:
        """True while the game occupies its channel (lobby or active)."""
        return self.status in OPEN_STATUSES


class ActionRecord(BaseModel):
    """One entry of a game's append-only action log.

    `version_after` ties the entry to the game version it produced, so a replay can be
    checked step by step against what was stored.
    """

    model_config = ConfigDict(frozen=True)

    game_id: int
    seq: int
    actor: str
    action: dict[str, Any]
    created_at: float
    version_after: int
    #: narration events of that step (None for lobby entries)
    events: list[dict[str, Any]] | None = None
    #: hash of the state after the step, for the replay integrity check
    state_hash: str | None = None
    #: the step showed hidden information (dice, cards): it cannot be undone
    revealed: bool = False


class LogMeta(BaseModel):
    """What the game master records beside an action (all optional)."""

    events: list[dict[str, Any]] | None = None
    state_hash: str | None = None
    revealed: bool = False
    seen: tuple[int, str] | None = None
    """(user id, setting key): the new row's seq is also stored, in the same transaction, as
    that user's setting `key` (what `mark_last_seq` writes: everything logged so far has been
    shown to them), saving the game master a second write per press."""


class OwnerClaim(BaseModel):
    """Who holds the writer lease of one scope (the whole SQLite file, or one shard)."""

    model_config = ConfigDict(frozen=True)

    scope: str
    token: str | None
    pid: int | None = None
    host: str | None = None
    boot: str | None = None
    """The kernel's boot id: a claim from an earlier boot of the same host is certainly dead."""
    started_at: float | None = None
    heartbeat: float | None = None


class OutboxMessage(BaseModel):
    """A message committed together with a state change and not yet (known to be) posted."""

    model_config = ConfigDict(frozen=True)

    id: int
    target: Literal["channel", "user"]
    target_id: int
    game_id: int | None
    payload: dict[str, Any]
    created_at: float
    attempts: int
    nonce: str
    """Sent with `enforce_nonce`, so a repeat after a crash is folded into the first post."""


class StoreStats(BaseModel):
    """Counts and sizes, for the admin command and the storage benchmark."""

    model_config = ConfigDict(frozen=True)

    games: int
    open_games: int
    closed_games: int
    actions: int
    user_settings: int
    db_bytes: int
    """Logical database size (pages in use x page size), stable whether or not the WAL has
    been checkpointed; this is the figure to divide by the number of games."""
    disk_bytes: int
    """Bytes on disk right now: main file plus write-ahead log (0 for an in-memory store)."""


# --------------------------------------------------------------------------- helpers


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
"""One encoder for every write: `json.dumps` with options builds a new one per call, which
costs more than encoding a small dict (it runs several times per committed action)."""


def dump_json(value: Any) -> str:
    """Canonical compact JSON for options/settings/actions.

    Sorted keys make identical payloads byte-identical, which keeps the log diffable and
    the size figures honest. Pydantic models are accepted and dumped in JSON mode.
    """
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    return _CANONICAL.encode(value)


#: A log row's narration longer than this (in bytes of compact JSON) is stored zlib-compressed
#: in `packed` instead of as text in `events`. SQLite keeps a row of the action log (a WITHOUT
#: ROWID table) on its B-tree page only up to about 1,000 bytes: past that it spills into
#: overflow pages of 4 KiB, mostly empty. A long narration (a turn of several steps, a battle,
#: a setup) compresses 4-8x and stays on the page; short ones stay readable text.
PACK_EVENTS_AT: Final = 400


def pack_events(events: list[dict[str, Any]] | None) -> tuple[str | None, bytes | None]:
    """A log row's narration as its two columns (events text, packed bytes): one of them set,
    or neither for a row without narration (a lobby entry)."""
    if events is None:
        return None, None
    text = dump_json(events)
    if len(text) <= PACK_EVENTS_AT:
        return text, None
    return None, zlib.compress(text.encode(), 6)


def pack_action(action_json: str) -> tuple[str, bytes | None]:
    """A log row's action as its two columns (action text, packed bytes). A long one (the start,
    with every seat and option: 1 KiB or more) would push its row past SQLite's on-page limit
    by itself, even with its narration compressed; it is stored compressed and its text left
    empty. Short ones, nearly all, stay readable text."""
    if len(action_json) <= PACK_EVENTS_AT:
        return action_json, None
    return "", zlib.compress(action_json.encode(), 6)


def unpack_action(text: str, packed: bytes | None) -> dict[str, Any]:
    """The action of a log row, whichever way it was stored."""
    if packed is not None:
        return json.loads(zlib.decompress(packed))  # type: ignore[no-any-return]  # the JSON we packed
    return json.loads(text)  # type: ignore[no-any-return]  # the JSON the store wrote


def unpack_events(text: str | None, packed: bytes | None) -> list[dict[str, Any]] | None:
    """The narration of a log row, whichever way it was stored (rows written before the
    compact log have only the text)."""
    if packed is not None:
        return json.loads(zlib.decompress(packed))  # type: ignore[no-any-return]  # the JSON we packed
    return json.loads(text) if text else None


def check_status(status: str) -> None:
    """Reject unknown statuses before touching the database (clearer than a CHECK failure)."""
    if status not in ALL_STATUSES:
        raise ValueError(f"unknown game status {status!r}; expected one of {sorted(ALL_STATUSES)}")


def as_deadline(deadline: float | None) -> float | None:
    """A deadline as stored: seconds as a float, or None for "no deadline"."""
    return None if deadline is None else float(deadline)


class TaskLock:
    """An asyncio lock the task holding it may take again (nested `async with`).

    The turn clock holds a channel's lock around "tick, render, enqueue" while the game
    master takes the same lock inside `tick_game`; with a plain `asyncio.Lock` that nesting
    would wait for itself forever. Other tasks wait exactly as with `asyncio.Lock`.
    """

    def __init__(self) -> None:
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._depth = 0

    def locked(self) -> bool:
        return self._lock.locked()

    async def acquire(self) -> bool:
        task = asyncio.current_task()
        if self._owner is not None and self._owner is task:
            self._depth += 1
            return True
        await self._lock.acquire()
        self._owner, self._depth = task, 1
        return True

    def release(self) -> None:
        self._depth -= 1
        if self._depth == 0:
            self._owner = None
            self._lock.release()

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self.release()


# --------------------------------------------------------------------------- interface


class GameStore(ABC):
    """Persistent home of games, their action logs and per-user settings.

    Every write is one transaction: it either fully happened or not at all, also across a
    crash. Subclasses must call `super().__init__()` so `channel_lock` works.
    """

    #: which kind of database this is, as `factory.backend_of` names it ("sqlite", "postgres"):
    #: start-up says which store the bot uses, and a refusal names the right setting
    backend: ClassVar[str] = "sqlite"

    def __init__(self) -> None:
        # Weak values: a lock nobody holds or waits on has no state worth keeping, so
        # channels that went quiet do not accumulate locks for the life of the bot.
        self._channel_locks: weakref.WeakValueDictionary[int, TaskLock] = (
            weakref.WeakValueDictionary()
        )
        #: the Discord shards this process serves (None: every game; see `serve_shards`)
        self.shards: ShardSet | None = None

    # -- concurrency helper ---------------------------------------------------------

    def channel_lock(self, channel_id: int) -> TaskLock:
        """The one lock for this channel (re-entrant for its holder), created on first use.

        The game master holds it around load -> check -> apply -> save so that, inside this
        process, actions on one channel run one at a time while other channels proceed.
        """
        lock = self._channel_locks.get(channel_id)
        if lock is None:
            lock = TaskLock()
            self._channel_locks[channel_id] = lock
        return lock

    # -- lifecycle -------------------------------------------------------------------

    @abstractmethod
    async def open(self) -> None:
        """Connect and bring the schema up to date (idempotent)."""

    @abstractmethod
    async def close(self) -> None:
        """Flush and release the connection; safe to call twice."""

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.close()

    # -- games -----------------------------------------------------------------------

    async def create_game(self, channel_id: int, guild_id: int | None, system: str,
                          options: Mapping[str, Any] | BaseModel, seed: int,
                          host_id: int | None, state_json: str,
                          status: GameStatus = "lobby", *,
                          settings: Mapping[str, Any] | None = None,
                          deadline: float | None = None) -> GameRecord:
        """Insert a new game at version 0.

        Raises `GameExists` (carrying the existing record) if the channel already has a
        lobby or active game.
        """
        check_status(status)
        self._check_state(state_json)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, got {type(seed).__name__}")
        # Serialised before any transaction: a bad payload must fail without a half-write.
        return await self._insert_game({
            "guild_id": guild_id, "channel_id": channel_id, "system": system, "options": dump_json(options),
            "seed": seed, "state": state_json, "status": status, "host_id": host_id,
            "deadline": as_deadline(deadline), "settings": dump_json(dict(settings or {})),
        })

    @abstractmethod
    async def _insert_game(self, game: dict[str, Any]) -> GameRecord:
        """Insert the checked new game `game` (its columns but id, version and times; JSON ones
        dumped) at version 0, stamped now; `GameExists` when its channel has an open game."""

    @abstractmethod
    async def get_game(self, game_id: int) -> GameRecord | None:
        """The game with this id, or None."""

    @abstractmethod
    async def get_active_game(self, channel_id: int) -> GameRecord | None:
        """The channel's lobby or active game, if any (there is at most one)."""

    @abstractmethod
    async def list_games(self, channel_id: int, include_finished: bool = True) -> list[GameRecord]:
        """The channel's games, oldest first; closed ones only if `include_finished`."""

    @abstractmethod
    async def list_active_games(self) -> list[GameRecord]:
        """Every lobby or active game, oldest first: used at start-up to re-arm turn clocks
        and views."""

    @abstractmethod
    async def list_due_games(self, now: float) -> list[GameRecord]:
        """Open games whose deadline is at or before `now`, earliest first (turn clock)."""

    #: the settings key under which a game records since when its current turn message is
    #: owed to its channel (see `list_owed_games`); the game master writes and clears it
    OWED_KEY: ClassVar[str] = "prompt_owed"

    @abstractmethod
    async def list_owed_games(self, before: float, since: float) -> list[GameRecord]:
        """Games (of the served shards) whose turn message has been owed since `before` or
        earlier: open ones, and ones finished at `since` or later (their closing message).

        A committed step owes its channel the message that shows it (the next prompt); the
        game master clears the mark once that message is posted. A mark left behind means the
        bot died, or Discord refused the reply, between the commit and the post."""

    async def commit_action(self, game_id: int, expected_version: int, actor: str,
                            action: Mapping[str, Any] | BaseModel, new_state_json: str,
                            new_status: GameStatus | None = None,
                            deadline: float | None | _Unset = UNSET,
                            settings: Mapping[str, Any] | None = None,
                            meta: "LogMeta | None" = None) -> GameRecord:
        """Apply one player/system action in one transaction.

        Checks the version (else `StaleVersion`, nothing written), appends the action to
        the log with the next seq, stores the new state, bumps the version, and optionally
        changes status and deadline. Returns the updated record.
        """
        self._check_state(new_state_json)
        log = (str(actor), dump_json(action))
        fields = self._fields(state_json=new_state_json, status=new_status, settings=settings, deadline=deadline)
        return await self._change(game_id, expected_version, fields, log, meta)

    async def update_game(self, game_id: int, expected_version: int, *,
                          state_json: str | None = None,
                          status: GameStatus | None = None,
                          options: Mapping[str, Any] | BaseModel | None = None,
                          settings: Mapping[str, Any] | None = None,
                          host_id: int | None | _Unset = UNSET,
                          deadline: float | None | _Unset = UNSET,
                          actor: str | None = None,
                          action: Mapping[str, Any] | BaseModel | None = None) -> GameRecord:
        """Change a game outside the action flow (lobby edits, settings); same version check
        and bump as `commit_action`, but a log row is written only if `action` is given."""
        fields = self._fields(state_json=state_json, status=status, options=options, settings=settings,
                              host_id=host_id, deadline=deadline)
        log: tuple[str, str] | None = None
        if action is not None:
            if actor is None:
                raise ValueError("an action to log needs an actor")
            log = (str(actor), dump_json(action))
        return await self._change(game_id, expected_version, fields, log)

    @classmethod
    def _fields(cls, *, state_json: str | None = None, status: GameStatus | None = None,
                options: Mapping[str, Any] | BaseModel | None = None,
                settings: Mapping[str, Any] | None = None,
                host_id: int | None | _Unset = UNSET,
                deadline: float | None | _Unset = UNSET) -> dict[str, Any]:
        """The columns a write changes, checked and as stored (None / UNSET: left alone)."""
        fields: dict[str, Any] = {}
        if state_json is not None:
            cls._check_state(state_json)
            fields["state"] = state_json
        if status is not None:
            fields["status"] = status
        if options is not None:
            fields["options"] = dump_json(options)
        if settings is not None:
            fields["settings"] = dump_json(dict(settings))
        if host_id is not UNSET:
            fields["host_id"] = host_id
        if deadline is not UNSET:
            fields["deadline"] = as_deadline(deadline)
        return fields

    @abstractmethod
    async def _change(self, game_id: int, expected_version: int | None, fields: dict[str, Any],
                      log: tuple[str, str] | None, meta: "LogMeta | None" = None) -> GameRecord:
        """The one versioned write behind `commit_action`, `update_game` and `set_status`,
        atomic: check the version (`expected_version`, None: any), append `log` (an (actor,
        action JSON) pair, or None) with `meta`, apply `fields`, bump the version.

        `fields` maps game columns (chosen by this module, never by callers) to their new
        values, JSON ones already dumped; a backend starts with `_closing_fields(fields)`."""

    @staticmethod
    def _closing_fields(fields: dict[str, Any]) -> str | None:
        """Check a new status in `fields` and return it; a closing one clears the deadline
        unless `fields` sets one: a closed game must not be re-armed by the turn clock after a
        restart."""
        status = fields.get("status")
        if status is not None:
            check_status(status)
            if status in CLOSED_STATUSES and "deadline" not in fields:
                fields["deadline"] = None
        return status

    @staticmethod
    def _check_state(state_json: str) -> None:
        # Only the type is checked: parsing large states on every write would cost time
        # for no gain, since the engine produced the text from a validated model.
        if not isinstance(state_json, str):
            raise TypeError(f"state must be JSON text, got {type(state_json).__name__}")

    @abstractmethod
    async def last_seq(self, game_id: int) -> int:
        """The seq of the newest log entry (0 for none), without reading the log."""

    @abstractmethod
    async def set_settings(self, game_id: int, settings: Mapping[str, Any],
                           deadline: float | None | _Unset = UNSET) -> GameRecord:
        """Replace the table settings (and deadline) WITHOUT bumping the version.

        For bookkeeping that does not change what players may do (reminders sent, votes
        cast, the clock paused): the prompt on screen stays valid. Callers hold the channel
        lock, which serialises these writes with the versioned ones.
        """

    async def game_settings(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        """A game's version and table settings, None for no such game: for bookkeeping that
        reads nothing else (a delivery mark), so the state's text is not read for it."""
        record = await self.get_game(game_id)
        return None if record is None else (record.version, dict(record.settings or {}))

    async def put_settings(self, game_id: int, settings: Mapping[str, Any]) -> None:
        """`set_settings` (deadline kept) for a caller that needs no record back: a store may
        then skip reading the row again."""
        await self.set_settings(game_id, settings)

    async def set_status(self, game_id: int, status: GameStatus, *,
                         expected_version: int | None = None,
                         deadline: float | None | _Unset = UNSET) -> GameRecord:
        """Change only the status (e.g. host ends the game); version-checked if
        `expected_version` is given. Closing a game clears its deadline unless one is given."""
        return await self._change(game_id, expected_version, self._fields(status=status, deadline=deadline), None)

    # -- action log ------------------------------------------------------------------

    @abstractmethod
    async def actions(self, game_id: int, after_seq: int = 0,
                      limit: int | None = None) -> list[ActionRecord]:
        """Log entries with seq > `after_seq`, in order; at most `limit` of them."""

    # -- per-user settings -----------------------------------------------------------

    @abstractmethod
    async def get_user_setting(self, user_id: int, key: str, default: Any = None) -> Any:
        """A user's stored preference (any JSON value), or `default`."""

    @abstractmethod
    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        """Store a user's preference (any JSON value); `None` deletes it."""

    @abstractmethod
    async def get_user_settings(self, user_id: int) -> dict[str, Any]:
        """All of a user's stored preferences."""

    # -- the store's own notes ---------------------------------------------------------

    @abstractmethod
    async def get_note(self, key: str) -> str | None:
        """A note the bot keeps about itself in this database (the `meta` table), or None."""

    @abstractmethod
    async def set_note(self, key: str, value: str) -> None:
        """Keep a note about the bot in this database (the command tree last synced, say).
        The database's own id is not a note: it is written once, by the first migration."""

    # -- "seen up to here" markers: a user setting holding a log seq ---------------------
    #
    # What a person has already been shown is kept as the seq of the newest log entry at
    # that moment. Each pair below is what the game master does on a press; a backend may
    # do either in one round trip to its database (the defaults make two).

    async def user_setting_and_last_seq(self, user_id: int, key: str, game_id: int,
                                        default: Any = None) -> tuple[Any, int]:
        """`get_user_setting(user_id, key, default)` and `last_seq(game_id)`, read together."""
        return await self.get_user_setting(user_id, key, default), await self.last_seq(game_id)

    async def mark_last_seq(self, user_id: int, key: str, game_id: int) -> int:
        """Store the game's newest log seq as the user's setting `key`; return that seq."""
        seq = await self.last_seq(game_id)
        await self.set_user_setting(user_id, key, seq)
        return seq

    async def actions_since_mark(self, user_id: int, key: str, game_id: int) -> tuple[int, list[ActionRecord]]:
        """The user's marker `key` (0 when unset) and the game's log rows after it (none when
        the marker is unset): what a person has not been shown yet, read together."""
        seen, _newest = await self.user_setting_and_last_seq(user_id, key, game_id, 0)
        mark = int(seen or 0)
        return mark, ([] if mark == 0 else await self.actions(game_id, after_seq=mark))

    # -- one writer per database ------------------------------------------------------
    #
    # A bot process claims the writer lease before it connects to Discord, renews it while
    # it runs (`gm.store.ownership.OwnershipKeeper`) and releases it on a clean close. A
    # claim whose heartbeat is older than the lease, or whose process is known to be dead,
    # is taken over. Every write checks the claim inside its transaction (fencing), so a
    # process that lost the lease cannot write even if it has not noticed yet. A sharded
    # PostgreSQL store implements the same three calls with one row per shard (`scope`).

    @abstractmethod
    async def acquire_ownership(self, scope: str = "all", *, wait: bool = True) -> OwnerClaim:
        """Claim the writer lease of `scope` for this process; raise `StoreOwned` naming the
        database when a live process holds it. With `wait`, a claim that looks alive but
        whose owner cannot be checked (another host) is watched for up to one lease period."""

    @abstractmethod
    async def renew_ownership(self) -> None:
        """Refresh the heartbeat of every claim this store holds; raise `OwnershipLost` or
        `DatabaseGone` when that is no longer possible (the store then refuses writes)."""

    @abstractmethod
    async def release_ownership(self) -> None:
        """Give the claims back (clean shutdown), so the next process starts at once."""

    # -- several bot processes, one per set of Discord shards ---------------------------
    #
    # A process connected to some shards only ever receives those shards' interactions; it
    # must also keep its turn clock, its outbox and its writes to their games. A backend
    # several processes can share (PostgreSQL) then holds one lease per shard, lists only the
    # served shards' due games and pending messages, and fences each game write with the
    # lease of the game's shard. A backend with one writer per database (SQLite) serves every
    # shard or none: a second process could not open it anyway.

    #: whether several bot processes may share this backend's database (one per shard set)
    shared_by_processes: ClassVar[bool] = False

    def serve_shards(self, shards: ShardSet) -> None:
        """Keep this store to `shards` (call before `acquire_ownership`).

        Raises ValueError for a subset of the shards on a one-writer backend: the games of the
        other shards would never be served by anyone."""
        if not shards.complete and not self.shared_by_processes:
            raise ValueError(
                f"{type(self).__name__} has one writer per database, so one process must serve every "
                f"shard (asked for {shards}); use PostgreSQL to split the shards between processes")
        self.shards = shards

    async def claim_due_game(self, game_id: int, now: float) -> GameRecord | None:
        """The game if it is open and due at `now` and no other process is handling its
        deadline; None otherwise (nothing to do).

        Called by the turn clock inside `transaction()`: a backend shared by several processes
        locks the game until the transaction ends, skipping it when another process holds it,
        so a reminder or an expiry fires once. One writer per database needs no more than a
        fresh read."""
        record = await self.get_game(game_id)
        if record is None or not record.is_open or record.deadline is None or record.deadline > now:
            return None
        return record

    # -- outbox: messages that must be posted exactly once ------------------------------

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[None]:
        """Run several store calls of the current task as one transaction (all or nothing).

        Take any channel lock *before* entering: the transaction holds the store's writer
        lock until it ends."""

    @abstractmethod
    async def enqueue_message(self, target: Literal["channel", "user"], target_id: int,
                              payload: Mapping[str, Any], game_id: int | None = None) -> int:
        """Store a message to post; inside `transaction()` it commits with the state change."""

    @abstractmethod
    async def pending_messages(self, limit: int = 50, game_id: int | None = None) -> list[OutboxMessage]:
        """Messages not yet marked delivered, oldest first; only one game's with `game_id` (the
        clock posts what a game's step owes right after its commit, not after the whole pass)."""

    @abstractmethod
    async def mark_delivered(self, message_id: int, discord_message_id: int | None,
                             error: str | None = None) -> None:
        """Record that an outbox message was posted (or given up on, with `error`)."""

    @abstractmethod
    async def note_attempt(self, message_id: int, error: str) -> None:
        """Count a failed delivery attempt (it is retried later)."""

    # -- diagnostics -----------------------------------------------------------------

    @abstractmethod
    async def stats(self) -> StoreStats:
        """Row counts and database size in bytes."""


# --------------------------------------------------------------------------- the SQL backends
#
# SQLite and PostgreSQL keep the same tables and columns, so everything but the connection
# handling and the SQL dialect is written once, here: the columns read, how a row becomes a
# record, the checks made before any write, the reads every backend words alike, and the
# claim loop of the writer lease. Shared SQL is written with `?` placeholders; a backend
# numbering its parameters (`$1`) renumbers them in `_query`.

GAME_COLUMNS: Final = (
    "id, guild_id, channel_id, system, options, seed, version, state, status, host_id, "
    "created_at, updated_at, deadline, settings"
)
#: the game row without `state`: what a write that replaces the state reads back
GAME_COLUMNS_NO_STATE: Final = GAME_COLUMNS.replace(" state,", "")
ACTION_COLUMNS: Final = ("game_id, seq, actor, action, created_at, version_after, events, state_hash, revealed, packed,"
                         " packed_action")
OUTBOX_COLUMNS: Final = "id, target, target_id, game_id, payload, created_at, attempts"
OPEN_SQL: Final = "('lobby', 'active')"
"""`OPEN_STATUSES` as an SQL list."""

class Row(Protocol):
    """A result row read by column name (`sqlite3.Row`, `asyncpg.Record`)."""

    def __getitem__(self, key: str, /) -> Any: ...


class StoreTxn:
    """Marks the task running a `transaction()` (context variables follow the task), with the
    connection it holds where the backend pins one."""

    def __init__(self, store: "SqlStore", conn: Any = None) -> None:
        self.store = store
        self.conn = conn
        self.active = True
        self.savepoints = 0


class SqlStore(GameStore):
    """What the SQLite and PostgreSQL stores share; a backend adds its connections, its
    transactions and its SQL where the dialects differ (`_query`, `_change`, `_try_claim`).

    `clock` stamps rows (tests control it); `wall_clock` times the writer lease, which must
    follow real time even when the game clock is a test's fake one."""

    #: the task's open `transaction()` on a store of this backend (one variable per backend)
    _current_txn: ClassVar[contextvars.ContextVar[StoreTxn | None]]
    #: the LIMIT that means "no limit" in this dialect
    _no_limit: ClassVar[int | None] = None
    #: where the data lives, as messages name it (a file, or a server address without password)
    path: str

    def __init__(self, *, clock: Callable[[], float], wall_clock: Callable[[], float],
                 lease_seconds: float, identity: "ProcessIdentity | None") -> None:
        super().__init__()
        self.clock = clock
        self.wall_clock = wall_clock
        self.lease_seconds = float(lease_seconds)
        self.identity = identity or ProcessIdentity.current()
        self.database_id = ""
        """The random id stored in the database (`meta`): checked at each heartbeat, and part
        of every outbox nonce."""
        self._refused: StoreError | None = None

    @property
    def refused(self) -> StoreError | None:
        """Why this store refuses to work (database removed, replaced or swapped, lease lost),
        or None."""
        return self._refused

    def _txn(self) -> StoreTxn | None:
        txn = self._current_txn.get()
        return txn if txn is not None and txn.active and txn.store is self else None

    def transaction(self) -> Any:
        """Several calls of this task as one transaction (see `GameStore.transaction`)."""
        return self._transaction()

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[None]:
        """The backend's `transaction()`; nested in the task's own, it is part of that one."""

    @contextmanager
    def _in_transaction(self, conn: Any = None) -> Iterator[StoreTxn]:
        """Mark the task as inside `transaction()` (holding `conn`, if the backend pins one)
        until the block ends; a full disk met in it is `StorageFull`."""
        txn = StoreTxn(self, conn)
        token = self._current_txn.set(txn)
        try:
            with self._full_disk():
                yield txn
        finally:
            txn.active = False
            self._current_txn.reset(token)

    #: the errors of this backend's driver (and OS) that may say the disk is full
    _driver_errors: ClassVar[tuple[type[BaseException], ...]] = ()

    @staticmethod
    def _is_disk_full(exc: BaseException) -> bool:
        """Whether a driver error says the disk (or the database's size limit) is full."""
        return False

    @contextmanager
    def _full_disk(self) -> Iterator[None]:
        """Raise `StorageFull` for a full disk met in the block (the write was rolled back)."""
        try:
            yield
        except self._driver_errors as exc:
            if self._is_disk_full(exc):
                raise StorageFull(str(exc)) from exc
            raise

    @abstractmethod
    async def _query(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Row]:
        """The rows of one read written with `?` placeholders."""

    async def _query_now(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Row]:
        """`_query` for the small reads of a press (its game, a setting), which a backend may
        answer by a faster path."""
        return await self._query(sql, params)

    # -- rows into records ------------------------------------------------------------

    @staticmethod
    def _to_game(row: Row, state: str | None = None) -> GameRecord:
        """The record of a game row (`state` given apart when the row was read without it)."""
        return GameRecord(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            system=row["system"],
            options=json.loads(row["options"]),
            seed=int(row["seed"]),
            version=row["version"],
            state=row["state"] if state is None else state,
            status=row["status"],
            host_id=row["host_id"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            deadline=row["deadline"],
            settings=json.loads(row["settings"]),
        )

    @staticmethod
    def _to_action(row: Row) -> ActionRecord:
        return ActionRecord(
            game_id=row["game_id"],
            seq=row["seq"],
            actor=row["actor"],
            action=unpack_action(row["action"], row["packed_action"]),
            created_at=row["created_at"],
            version_after=row["version_after"],
            events=unpack_events(row["events"], row["packed"]),
            state_hash=row["state_hash"],
            revealed=bool(row["revealed"]),
        )

    @staticmethod
    def _to_claim(row: Row) -> OwnerClaim:
        return OwnerClaim(scope=row["scope"], token=row["token"], pid=row["pid"], host=row["host"],
                          boot=row["boot"], started_at=row["started_at"], heartbeat=row["heartbeat"])

    def _nonce(self, outbox_id: int) -> str:
        """Unique to this database and message, within Discord's 25 characters."""
        return f"gm{self.database_id}{outbox_id}"[:25]

    def _to_message(self, row: Row) -> OutboxMessage:
        return OutboxMessage(id=row["id"], target=row["target"], target_id=row["target_id"],
                             game_id=row["game_id"], payload=json.loads(row["payload"]),
                             created_at=row["created_at"], attempts=row["attempts"],
                             nonce=self._nonce(row["id"]))

    @staticmethod
    def _to_stats(games: int, open_games: int, actions: int, user_settings: int,
                  db_bytes: int, disk_bytes: int) -> StoreStats:
        return StoreStats(games=games, open_games=open_games, closed_games=games - open_games,
                          actions=actions, user_settings=user_settings,
                          db_bytes=db_bytes, disk_bytes=disk_bytes)

    # -- checks made before any write (a bad payload must fail without a half-write) -------

    @staticmethod
    def _check_target(target: str) -> None:
        if target not in ("channel", "user"):
            raise ValueError(f"bad outbox target {target!r}")

    # -- reads worded alike in every dialect ---------------------------------------------

    async def get_game(self, game_id: int) -> GameRecord | None:
        rows = await self._query_now(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (int(game_id),))
        return self._to_game(rows[0]) if rows else None

    async def game_settings(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        rows = await self._query_now("SELECT version, settings FROM games WHERE id = ?", (int(game_id),))
        return (int(rows[0]["version"]), json.loads(rows[0]["settings"])) if rows else None

    async def get_active_game(self, channel_id: int) -> GameRecord | None:
        rows = await self._query_now(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN {OPEN_SQL}", (int(channel_id),))
        return self._to_game(rows[0]) if rows else None

    async def list_games(self, channel_id: int, include_finished: bool = True) -> list[GameRecord]:
        where = "channel_id = ?" + ("" if include_finished else f" AND status IN {OPEN_SQL}")
        rows = await self._query(f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY id", (int(channel_id),))
        return [self._to_game(r) for r in rows]

    async def actions(self, game_id: int, after_seq: int = 0,
                      limit: int | None = None) -> list[ActionRecord]:
        rows = await self._query(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            (int(game_id), int(after_seq), self._no_limit if limit is None else max(0, int(limit))))
        return [self._to_action(r) for r in rows]

    async def get_note(self, key: str) -> str | None:
        rows = await self._query("SELECT value FROM meta WHERE key = ?", (_note_key(key),))
        return str(rows[0]["value"]) if rows else None

    async def get_user_setting(self, user_id: int, key: str, default: Any = None) -> Any:
        rows = await self._query_now("SELECT value FROM user_settings WHERE user_id = ? AND key = ?",
                                     (int(user_id), str(key)))
        return json.loads(rows[0]["value"]) if rows else default

    async def get_user_settings(self, user_id: int) -> dict[str, Any]:
        rows = await self._query("SELECT key, value FROM user_settings WHERE user_id = ? ORDER BY key",
                                 (int(user_id),))
        return {r["key"]: json.loads(r["value"]) for r in rows}

    async def owner(self, scope: str = ALL_SCOPE) -> OwnerClaim | None:
        """The current claim on `scope` as stored (None if never claimed)."""
        rows = await self._query("SELECT * FROM owner WHERE scope = ?", (scope,))
        return self._to_claim(rows[0]) if rows else None

    # -- the writer lease ------------------------------------------------------------

    def _alive(self, claim: OwnerClaim, token: str | None, now: float) -> bool:
        """Whether another live process holds `claim` (ours, released, expired or dead: no)."""
        return not (claim.token is None or claim.token == token or claim.heartbeat is None
                    or now - claim.heartbeat > self.lease_seconds
                    or claim_is_dead(claim, self.identity))

    @abstractmethod
    async def _try_claim(self, scope: str, token: str) -> tuple[OwnerClaim | None, OwnerClaim | None]:
        """One attempt in one transaction: (our claim if we got it, the claim in the way)."""

    async def _acquire_one(self, scope: str, token: str, wait: bool) -> OwnerClaim:
        """Claim `scope` with `token`; `StoreOwned` when a live process holds it.

        A holder on this machine is alive (its process runs and renews): refused at once. One
        on another host cannot be checked: with `wait`, it is watched for up to one lease
        period and taken over if its heartbeat stands still."""
        first_seen: float | None = None
        give_up = self.wall_clock() + self.lease_seconds + 1.0
        while True:
            mine, before = await self._try_claim(scope, token)
            if mine is not None:
                return mine
            assert before is not None
            same_machine = before.host == self.identity.host and (
                not before.boot or not self.identity.boot or before.boot == self.identity.boot)
            if not wait or same_machine:
                raise StoreOwned(self.path, before, self.backend)
            if first_seen is None:
                first_seen = before.heartbeat
            elif before.heartbeat != first_seen or self.wall_clock() > give_up:
                raise StoreOwned(self.path, before, self.backend)  # it renewed: alive elsewhere
            await asyncio.sleep(min(1.0, self.lease_seconds / 4))
