"""What the game master hands back, and the constants and small readings all its parts share.

`GameError` is a refusal that is not a rule of the game (no game here, not the host...);
`Lobby` is a game that has not started; `Step` and `Result` are what one request did;
`Tick` is what the turn clock did to one game. Nothing here touches the store.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping

from pydantic import BaseModel, Field

from engine.core.contract import TABLE_ACTOR as CORE_TABLE_ACTOR
from engine.core.events import Event
from engine.core.system import GameSystem, Seat
from gm.store import GameRecord
from gm.table import Table

#: the actor of table actions (a resignation, a seat handed over): the game master itself; the
#: engines accept table actions from this actor alone (engine.core.contract)
TABLE_ACTOR = CORE_TABLE_ACTOR
VACATION_MAX_DAYS = 14
#: settings key: when the current turn began (game master clock), for the once-per-turn check
TURN_BEGAN = "turn_began"
#: settings key: since when the channel is owed the message showing the current state (the next
#: prompt); set by every committed step, cleared once that message is posted (gm.store OWED_KEY)
PROMPT_OWED = "prompt_owed"
#: settings key: the id of the newest turn message posted, so a stale button can point to it
PROMPT_MESSAGE = "prompt_message"
#: settings key: the channel permissions Discord refused the bot for this game's messages, which
#: the host has been told about (so they are told once); cleared once a post gets through
PERMISSION_REFUSED = "permission_refused"
#: a slash command's timestamp is trusted only this close to the game master's clock (Discord
#: interactions expire after 15 minutes); a clock this far off is a test's or a broken host's
INTERACTION_WINDOW = 15 * 60.0
#: the AI level that plays for an absent person, and the one /game add-bot seats by default
ABSENT_AI = "heuristic"
#: how many AI actions one press (or one clock tick) may run before control returns: a press
#: must answer within Discord's three seconds even on a busy machine. Longer runs of AI decisions
#: (a campaign whose only character left is AI-run) go on in the background, tick by tick.
AI_STEP_LIMIT = 200
#: how many such runs one clock tick may chain (no interaction waits on a tick; an AI-only game
#: that could go on for long takes a bounded share of the process every tick)
AI_TICK_RUNS = 10


class GameError(Exception):
    """A refusal from the game master (not a rule of the game): no game here, not the host..."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class Lobby(BaseModel):
    """A game that has not started: who sits where, and the options chosen."""

    host: str
    seats: list[Seat] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)


@dataclass
class Step:
    actor: str
    action: dict[str, Any]
    events: list[Event]
    ai: bool = False
    #: played for a person whose time ran out
    on_behalf: str | None = None


def registry_systems() -> Mapping[str, GameSystem]:
    """Every engine found by engine.registry: the fallback while a caller passes no systems.

    The bot passes the plug-in registry's engines to GameMaster; this lookup is kept until
    every caller does (imported here, late, so that gm imports no system at load time).
    """
    from engine.registry import SYSTEMS
    return SYSTEMS


@dataclass
class Result:
    record: GameRecord
    state: Any
    steps: list[Step] = field(default_factory=list)
    #: private "since your last turn" lines for the person who acted
    digest: list[Event] = field(default_factory=list)
    #: for a button press: the state it was pressed on and the action it stood for
    before: Any = None
    chosen: Any = None
    #: host rights passed on during this request: (previous host, new host)
    host_change: tuple[str, str] | None = None
    #: the person this request is answered to: each step committed for it also stores their
    #: "seen up to here" marker (they are shown everything logged so far)
    seen_by: int | None = None
    #: the game's system, set by the game master that loaded it (see `system`)
    game_system: GameSystem | None = field(default=None, repr=False, compare=False)
    #: views already built, by viewer: (the state they were built from, the view)
    _views: dict[str | None, tuple[Any, Any]] = field(default_factory=dict, init=False, repr=False, compare=False)
    #: for a button press: the game's row as the press found it (the version `before` is at)
    before_record: GameRecord | None = field(default=None, repr=False, compare=False)
    #: set by the game master on a press's result, whose `state` is always the one `record`
    #: stores: its spectator views are then kept for the next press (`before_view`)
    shares_views: bool = field(default=False, init=False, repr=False, compare=False)

    @property
    def table(self) -> Table:
        return Table.model_validate(self.record.settings or {})

    @property
    def system(self) -> GameSystem:
        """The system the game master serves under the record's name (a Result built outside
        the game master, from a bare record, finds it in the engine registry)."""
        if self.game_system is not None:
            return self.game_system
        return registry_systems()[self.record.system]

    @property
    def started(self) -> bool:
        return self.record.status != "lobby"

    @property
    def host(self) -> str:
        return host_of(self.record, self.state)

    def view(self, viewer: str | None = None) -> Any:
        """The game as `viewer` (a seat's player id, None for a spectator) may see it.

        Everything the bot sends is built from this, never from `state`: the engine decides
        what is hidden (the seed, the generator, the order of face-down piles). A lobby
        holds nothing secret and is its own view.
        """
        if isinstance(self.state, Lobby):
            return self.state
        # one press builds the spectator view several times (picture, turn message, digest):
        # built once per state object (the engine never changes a state in place; applying
        # an action makes a new one) and shared, read-only, by everything built from it
        found = self._views.get(viewer)
        if found is not None and found[0] is self.state:
            return found[1]
        shown = self.system.view(self.state, viewer)
        self._views[viewer] = (self.state, shown)
        if viewer is None and self.shares_views:
            _keep_spectator_view(self.record, shown)
        return shown

    def before_view(self) -> Any:
        """The spectator view of the state a button was pressed on (the channel's echo of the
        press reads it): the very view the previous press's turn message was built from, when
        that is still kept for this game at this version, else built now."""
        record = self.before_record
        if record is not None:
            kept = _SPECTATOR_VIEWS.get((record.id, record.seed, record.version))
            # the same row text: the same state, whichever database or test numbered it so
            if kept is not None and kept[0] == record.state:
                return kept[1]
        return self.system.view(self.before, None)


# One press builds the spectator view of the state it commits (its turn message); the next
# press, made on that state, wants the same view for its echo ("Alice chose ..."), and building
# it again was a whole view of the game (a validated copy of the state) each press. Views are
# kept by game, seed and version, with the row text they were built from, the newest
# _SPECTATOR_VIEWS_MAX of them (a press keeps its new state's view before it reads the one it
# was pressed on: the picture drawn in a thread reads the new one first). Views are read-only,
# so sharing one is safe (the systems' memos read a view, never change it).
_SPECTATOR_VIEWS: dict[tuple[int, int, int], tuple[str, Any]] = {}
_SPECTATOR_VIEWS_MAX = 256


def _keep_spectator_view(record: GameRecord, view: Any) -> None:
    key = (record.id, record.seed, record.version)
    _SPECTATOR_VIEWS.pop(key, None)
    if len(_SPECTATOR_VIEWS) >= _SPECTATOR_VIEWS_MAX:
        del _SPECTATOR_VIEWS[next(iter(_SPECTATOR_VIEWS))]  # the one kept longest ago
    _SPECTATOR_VIEWS[key] = (record.state, view)


@dataclass
class Tick:
    """What the turn clock did to one game, for the bot to announce."""

    #: "reminder" | "expired" | "vote" | "vote_closed" (no majority by the vote's deadline) |
    #: "ai_resumed" (AI seats that still had decisions went on in the background)
    kind: str
    result: Result
    player: str | None
    expires_at: float | None


def host_of(record: GameRecord, state: Any) -> str:
    """Who holds host rights: the lobby's host, then the game row's (it follows the seat,
    see gm.session.hosts)."""
    return state.host if isinstance(state, Lobby) else str(record.host_id)


def is_lobby_json(text: str) -> bool:
    """True for a stored lobby (a game ended before it started keeps its lobby as its state)."""
    try:
        doc = json.loads(text)
    except ValueError:
        return False
    return isinstance(doc, dict) and "host" in doc and "seats" in doc and "players" not in doc


def seats_of(state: Any) -> list[Seat]:
    """Seats of a lobby or of a running game (names and AI levels come from the state)."""
    if isinstance(state, Lobby):
        return list(state.seats)
    return [Seat(player=p.player, name=p.name, ai=p.ai, character=p.character) for p in state.players]


def ai_levels(systems: Mapping[str, GameSystem]) -> tuple[str, ...]:
    """Every AI level the table games among `systems` offer, first offered first."""
    levels = (level for s in systems.values() if s.table_game for level in s.ai_levels)
    return tuple(dict.fromkeys(levels))
