"""The game master service: load -> check -> apply -> save, one channel at a time.

Cogs call these methods and render what comes back; they never touch the engine state or the
store directly. Order of checks (after boardgame.io's master): a game exists in the channel ->
it is not over -> the prompt is current (game id and version) -> the engine accepts the actor
and the action. One action is one store transaction under the channel's lock, and the
version check makes a second, simultaneous click fail instead of applying twice.
"""
from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel, Field, ValidationError

from engine.ai.players import PLAYERS
from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.system import GameSystem, Seat
from engine.registry import SYSTEMS
from gm import clock
from gm.replay import ReplayReport, replay, state_hash
from gm.store import ActionRecord, GameExists, GameRecord, GameStore, LogMeta, StaleVersion
from gm.table import DAY, VOTE_FALLBACK, VOTE_WINDOW, Table, TimeBank, UndoProposal, Vote

TABLE_ACTOR = "gm"
#: systems played at a table through /game (a lobby, seats, turns); others have their own cogs
TABLE_GAMES = ("prophecy",)
VACATION_MAX_DAYS = 14

AI_LEVELS = tuple(PLAYERS)
#: settings key: when the current turn began (game master clock), for the once-per-turn check
TURN_BEGAN = "turn_began"
#: a slash command's timestamp is trusted only this close to the game master's clock (Discord
#: interactions expire after 15 minutes); a clock this far off is a test's or a broken host's
INTERACTION_WINDOW = 15 * 60.0
#: how many AI actions may run in a row before control returns (a safety stop, never reached in play)
AI_STEP_LIMIT = 500


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

    @property
    def table(self) -> Table:
        return Table.model_validate(self.record.settings or {})

    @property
    def system(self) -> GameSystem:
        return SYSTEMS[self.record.system]

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
        return self.system.view(self.state, viewer)


def host_of(record: GameRecord, state: Any) -> str:
    """Who holds host rights: the lobby's host, then the game row's (it follows the seat)."""
    return state.host if isinstance(state, Lobby) else str(record.host_id)


def can_host(player: Any) -> bool:
    """Host rights need a person at the table: a living, human seat."""
    return bool(player.alive and not player.ai and player.player.isdigit())


def next_host(state: Any, host: str) -> str:
    """The host after a change at the table (the rule /help states).

    The host keeps the rights while their seat is a living human seat. Otherwise they pass to
    the next living human seat in turn order after the host's seat; with nobody to take them
    over (only AI seats left) they stay where they are, so the game can still be ended.
    """
    players = list(state.players)
    index = next((i for i, p in enumerate(players) if p.player == host), None)
    if index is not None and can_host(players[index]):
        return host
    start = -1 if index is None else index
    for step in range(1, len(players) + 1):
        candidate = players[(start + step) % len(players)]
        if can_host(candidate):
            return str(candidate.player)
    return host


def _lobby_json(text: str) -> bool:
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


class GameMaster:
    def __init__(self, store: GameStore, clock: Callable[[], float] = time.time,
                 seed_source: Callable[[], int] | None = None) -> None:
        self.store = store
        self.clock = clock
        self._seed = seed_source or (lambda: secrets.randbits(62))
        self._marks: set[asyncio.Task[None]] = set()

    async def settle(self) -> None:
        """Wait for "seen" markers still being written (before reading one, or closing)."""
        if self._marks:
            await asyncio.gather(*list(self._marks), return_exceptions=True)

    # -- loading ----------------------------------------------------------------------------
    def decode(self, record: GameRecord) -> Any:
        if record.status == "lobby" or (record.status == "ended" and _lobby_json(record.state)):
            return Lobby.model_validate_json(record.state)
        return SYSTEMS[record.system].load_state(record.state)

    async def current(self, channel_id: int) -> Result | None:
        """The channel's open table game (None if there is none, or the channel runs another system)."""
        record = await self.store.get_active_game(channel_id)
        if record is None or record.system not in TABLE_GAMES:
            return None
        return Result(record, self.decode(record))

    async def latest(self, channel_id: int) -> Result | None:
        """The open game, else the most recent finished one (for /game status after the end)."""
        found = await self.current(channel_id)
        if found:
            return found
        games = [g for g in await self.store.list_games(channel_id, include_finished=True) if g.system in TABLE_GAMES]
        if not games:
            return None
        return Result(games[-1], self.decode(games[-1]))

    async def _open(self, channel_id: int) -> tuple[GameRecord, Any]:
        record = await self.store.get_active_game(channel_id)
        if record is None:
            closed = await self.latest(channel_id)
            if closed is not None:  # say which game is over, rather than "no game"
                started = not isinstance(closed.state, Lobby)
                raise GameError(f"trust.closed_{closed.record.status}" if started else "trust.closed_in_lobby",
                                game_id=closed.record.id)
            raise GameError("error.no_game")
        if record.system not in TABLE_GAMES:
            raise GameError("error.other_system", system=record.system)
        return record, self.decode(record)

    async def _lobby(self, channel_id: int) -> tuple[GameRecord, Lobby]:
        record, state = await self._open(channel_id)
        if not isinstance(state, Lobby):
            raise GameError("error.already_started", game_id=record.id)
        return record, state

    # -- lobby ------------------------------------------------------------------------------
    async def new_game(self, channel_id: int, guild_id: int | None, host_id: int, host_name: str,
                       system: str, options: dict[str, Any] | None = None,
                       timebank: dict[str, Any] | None = None) -> Result:
        if system not in TABLE_GAMES:
            raise GameError("error.unknown_system", system=system[:40], known=", ".join(TABLE_GAMES))
        sysobj = SYSTEMS[system]
        try:
            opts = sysobj.options_model.model_validate(options or {})  # type: ignore[attr-defined]
        except ValidationError as exc:
            raise GameError("error.bad_options", detail=exc.errors()[0]["msg"]) from None
        try:
            table = Table(timebank=TimeBank.model_validate(timebank or {}))
        except ValidationError as exc:
            raise GameError("error.bad_options", detail=exc.errors()[0]["msg"]) from None
        lobby = Lobby(host=str(host_id), seats=[Seat(player=str(host_id), name=host_name[:64])],
                      options=opts.model_dump())
        async with self.store.channel_lock(channel_id):
            try:
                record = await self.store.create_game(channel_id, guild_id, system, lobby.options, self._seed(),
                                                      host_id, lobby.model_dump_json(), status="lobby",
                                                      settings=table.model_dump())
            except GameExists as exc:
                old = exc.existing
                raise GameError("error.game_exists", game_id=old.id, system=old.system, status=old.status) from None
        return Result(record, lobby)

    async def _save_lobby(self, record: GameRecord, lobby: Lobby, actor: str, action: dict[str, Any]) -> Result:
        record = await self.store.update_game(record.id, record.version, state_json=lobby.model_dump_json(),
                                              actor=actor, action=action)
        return Result(record, lobby)

    def _check_seat_room(self, record: GameRecord, lobby: Lobby) -> None:
        sysobj = SYSTEMS[record.system]
        if len(lobby.seats) >= sysobj.max_seats:
            raise GameError("error.table_full", max=sysobj.max_seats)

    def _check_character(self, record: GameRecord, lobby: Lobby, character: str | None) -> None:
        if character is None:
            return
        from engine.prophecy.content import pack_by_id  # only Prophecy has characters so far
        pack = pack_by_id(lobby.options.get("pack", "base"))
        if character not in {c.id for c in pack.characters}:
            raise GameError("error.unknown_character", character=character[:50])
        if any(s.character == character for s in lobby.seats):
            raise GameError("error.character_taken", character=character)

    async def join(self, channel_id: int, user_id: int, name: str, character: str | None = None) -> Result:
        async with self.store.channel_lock(channel_id):
            record, lobby = await self._lobby(channel_id)
            pid = str(user_id)
            seat = next((s for s in lobby.seats if s.player == pid), None)
            if seat is not None and (character is None or seat.character == character):
                raise GameError("error.already_joined")
            self._check_character(record, lobby, character)
            if seat is None:
                self._check_seat_room(record, lobby)
                lobby.seats.append(Seat(player=pid, name=name[:64], character=character))
            else:
                seat.character = character
            return await self._save_lobby(record, lobby, pid, {"type": "join", "character": character})

    async def leave(self, channel_id: int, user_id: int) -> Result:
        async with self.store.channel_lock(channel_id):
            record, lobby = await self._lobby(channel_id)
            pid = str(user_id)
            if not any(s.player == pid for s in lobby.seats):
                raise GameError("error.not_seated")
            index = next(i for i, s in enumerate(lobby.seats) if s.player == pid)
            lobby.seats = [s for s in lobby.seats if s.player != pid]
            change = None
            if pid == lobby.host:  # host rights follow the seats: the next person sitting after the host
                people = [s.player for s in lobby.seats[index:] + lobby.seats[:index] if s.ai is None and s.player.isdigit()]
                if people:
                    lobby.host = people[0]
                    change = (pid, people[0])
            result = await self._save_lobby(record, lobby, pid, {"type": "leave"})
            result.host_change = change
            return result

    async def add_bot(self, channel_id: int, user_id: int, level: str = "heuristic") -> Result:
        if level not in AI_LEVELS:
            raise GameError("error.unknown_ai_level", level=level[:30], known=", ".join(AI_LEVELS))
        async with self.store.channel_lock(channel_id):
            record, lobby = await self._lobby(channel_id)
            self._require_host(lobby, user_id)
            self._check_seat_room(record, lobby)
            n = 1 + sum(1 for s in lobby.seats if s.ai)
            while any(s.player == f"ai{n}" for s in lobby.seats):
                n += 1
            lobby.seats.append(Seat(player=f"ai{n}", name=f"AI {n}", ai=level))
            return await self._save_lobby(record, lobby, str(user_id), {"type": "add_bot", "level": level})

    async def kick(self, channel_id: int, user_id: int, target: str) -> Result:
        async with self.store.channel_lock(channel_id):
            record, lobby = await self._lobby(channel_id)
            self._require_host(lobby, user_id)
            if target == lobby.host:
                raise GameError("error.cannot_kick_host")
            if not any(s.player == target for s in lobby.seats):
                raise GameError("error.not_seated_other")
            lobby.seats = [s for s in lobby.seats if s.player != target]
            return await self._save_lobby(record, lobby, str(user_id), {"type": "kick", "player": target})

    @staticmethod
    def _require_host(lobby: Lobby, user_id: int) -> None:
        if lobby.host != str(user_id):
            raise GameError("error.host_only")

    async def start(self, channel_id: int, user_id: int) -> Result:
        async with self.store.channel_lock(channel_id):
            record, lobby = await self._lobby(channel_id)
            self._require_host(lobby, user_id)
            sysobj = SYSTEMS[record.system]
            if not sysobj.min_seats <= len(lobby.seats) <= sysobj.max_seats:
                raise GameError("error.seat_count", min=sysobj.min_seats, max=sysobj.max_seats, count=len(lobby.seats))
            try:
                outcome = sysobj.new_game(lobby.seats, lobby.options, record.seed)
            except RuleError as exc:
                raise GameError(exc.key, **exc.params) from None
            action = {"type": "start", "seats": [s.model_dump() for s in lobby.seats], "options": lobby.options}
            table = Result(record, lobby).table
            now = self.clock()
            table.clock.banks = {s.player: table.timebank.start for s in lobby.seats if not s.ai}
            self._run_clock(table, outcome.state, None, now)
            state_json = sysobj.dump_state(outcome.state)
            record = await self.store.commit_action(
                record.id, record.version, str(user_id), action, state_json, new_status="active",
                settings=self._settings(table, record, turn_began=now), deadline=clock.deadline(table, now),
                meta=LogMeta(events=[e.model_dump() for e in outcome.events], state_hash=state_hash(state_json),
                             revealed=True))
            host = next_host(outcome.state, lobby.host)
            if record.host_id is None or str(record.host_id) != host:  # the lobby's host may have changed
                record = await self.store.update_game(record.id, record.version, host_id=int(host))
            result = Result(record, outcome.state, [Step(str(user_id), action, outcome.events)])
            await self._run_ai(result)
            return result

    async def end(self, channel_id: int, user_id: int, can_manage: bool, game_id: int | None = None) -> Result:
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            if game_id is not None and game_id != record.id:
                raise GameError("error.stale_prompt")
            self._check_may_end(record, state, user_id, can_manage)
            record = await self.store.set_status(record.id, "ended", expected_version=record.version)
            return Result(record, state)

    async def may_end(self, channel_id: int, user_id: int, can_manage: bool) -> Result:
        """The game /game end would end, if this person may end it (checked before any
        confirmation is shown, so a non-host is refused at once)."""
        record, state = await self._open(channel_id)
        self._check_may_end(record, state, user_id, can_manage)
        return Result(record, state)

    @staticmethod
    def _check_may_end(record: GameRecord, state: Any, user_id: int, can_manage: bool) -> None:
        host = host_of(record, state)
        if str(user_id) != host and not can_manage:
            raise GameError("error.end_not_allowed")

    # -- play -------------------------------------------------------------------------------
    async def act(self, channel_id: int, user_id: int | str, action: Any, *,
                  game_id: int | None = None, version: int | None = None,
                  created_at: float | None = None) -> Result:
        """Apply one action of a person; then let AI seats play until a person must decide.

        `created_at` is when the person typed the command (a slash command carries no state
        version): one typed before the current turn began is refused, so a command sent twice
        cannot apply once in each of two turns.
        """
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            self._check_prompt(record, game_id, version)
            if isinstance(state, Lobby):
                raise GameError("error.not_started")
            self._check_not_paused(record)
            self._check_typed_this_turn(record, created_at)
            result = Result(record, state)
            await self._act_with_digest(result, str(user_id), action)
            return result

    async def act_choice(self, channel_id: int, user_id: int, game_id: int, version: int, index: int) -> Result:
        """A button or select: the index into legal_actions at exactly that state version."""
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            self._check_prompt(record, game_id, version)
            if isinstance(state, Lobby):
                raise GameError("error.not_started")
            sysobj = SYSTEMS[record.system]
            actor = str(user_id)
            pend = sysobj.pending(state)
            if pend is None or pend.player != actor:
                # let the engine phrase the refusal (not a player / not your turn)
                self._engine_refusal(sysobj, state, actor)
            choices = sysobj.legal_actions(state, actor)
            if not 0 <= index < len(choices):
                raise GameError("error.forged_prompt")
            self._check_not_paused(record)
            result = Result(record, state, before=state, chosen=choices[index])
            await self._act_with_digest(result, actor, choices[index])
            return result

    async def _act_with_digest(self, result: Result, actor: str, action: Any) -> None:
        """Apply, let AI seats play, and keep the "since your last turn" marker.

        The digest is read at the first decision of a turn; the marker is written after every
        step (in the background, after the reply), because this person has just seen everything
        logged so far: a later /game status then never repeats it.
        """
        turn = getattr(result.state, "turn", None)
        if turn is not None and turn.player == actor and turn.phase == "move" and not turn.movement_done:
            result.digest = await self._digest(result.record, actor)
        await self._apply(result, actor, action)
        await self._run_ai(result)
        # written after the reply goes out (it only feeds the next digest, which waits for it)
        task = asyncio.create_task(self.mark_seen(result.record, actor))
        self._marks.add(task)
        task.add_done_callback(self._marks.discard)

    @staticmethod
    def _engine_refusal(sysobj: GameSystem, state: Any, actor: str) -> None:
        if not state.has_player(actor):
            raise RuleError("error.not_a_player", actor=actor)
        pend = sysobj.pending(state)
        raise RuleError("error.not_your_turn", active=pend.player if pend else "")

    @staticmethod
    def _check_prompt(record: GameRecord, game_id: int | None, version: int | None) -> None:
        if game_id is not None and game_id != record.id:
            raise GameError("error.stale_prompt")
        if version is not None and version != record.version:
            raise GameError("error.stale_prompt")

    def _check_typed_this_turn(self, record: GameRecord, created_at: float | None) -> None:
        """Refuse a command typed before the current turn began (see `act`).

        Both times are on the game master's clock. A command's time is trusted only within
        INTERACTION_WINDOW of that clock: Discord expires interactions after 15 minutes, so a
        larger gap means the clocks disagree (a test's fake clock), and then nothing is refused.
        """
        began = (record.settings or {}).get(TURN_BEGAN)
        if created_at is None or began is None:
            return
        if abs(self.clock() - created_at) > INTERACTION_WINDOW:
            return
        if created_at < float(began):
            raise GameError("trust.typed_last_turn")

    @staticmethod
    def _settings(table: Table, record: GameRecord, turn_began: float | None = None) -> dict[str, Any]:
        """The table settings to store, keeping when the current turn began (or stamping a new one)."""
        out = table.model_dump()
        stamp = turn_began if turn_began is not None else (record.settings or {}).get(TURN_BEGAN)
        if stamp is not None:
            out[TURN_BEGAN] = stamp
        return out

    @staticmethod
    def _check_not_paused(record: GameRecord) -> None:
        if Table.model_validate(record.settings or {}).clock.paused:
            raise GameError("error.game_paused")

    def _run_clock(self, table: Table, state: Any, before: str | None, now: float) -> None:
        """Point the clock at whoever must decide now (people only; AI seats answer at once)."""
        pend = SYSTEMS[state.system].pending(state) if state.status == "active" else None
        running = None
        if pend is not None and not state.player(pend.player).ai:
            running = pend.player
        passed = before if before is not None and (pend is None or pend.player != before) else None
        clock.switch(table, running, now, turn_passed_from=passed)
        table.vote = None if table.vote and table.vote.player != running else table.vote

    async def _apply(self, result: Result, actor: str, action: Any, on_behalf: str | None = None) -> None:
        sysobj = result.system
        if isinstance(action, dict):
            action = sysobj.parse_action(action)
        before = sysobj.pending(result.state)
        outcome = sysobj.apply(result.state, actor, action)  # RuleError propagates, nothing saved
        payload = action.model_dump()
        status = "finished" if outcome.state.status == "finished" else None
        table = result.table
        now = self.clock()
        self._run_clock(table, outcome.state, before.player if before else None, now)
        table.undo = None
        if table.vote is not None and actor == table.vote.player:
            table.vote = None  # the absent player came back: no need to vote any more
        state_json = sysobj.dump_state(outcome.state)
        meta = LogMeta(events=[e.model_dump() for e in outcome.events], state_hash=state_hash(state_json),
                       revealed=outcome.revealed)
        began = now if any(e.kind == "turn_started" for e in outcome.events) else None
        try:
            record = await self.store.commit_action(result.record.id, result.record.version, actor, payload,
                                                    state_json, new_status=status,
                                                    settings=self._settings(table, result.record, turn_began=began),
                                                    deadline=clock.deadline(table, now) if status is None else None,
                                                    meta=meta)
        except StaleVersion:
            raise GameError("error.stale_prompt") from None
        result.record, result.state = record, outcome.state
        result.steps.append(Step(actor, payload, outcome.events, on_behalf=on_behalf))
        await self._follow_host(result, outcome.events)

    async def _follow_host(self, result: Result, events: list[Event]) -> None:
        """Host rights follow the seat: a seat handed over takes them along to its new occupant;
        a host who died, resigned, was removed or handed the seat to the AI passes them on
        (`next_host`). The change is stored and reported in `result.host_change`."""
        record, state = result.record, result.state
        if record.host_id is None or record.status != "active" or isinstance(state, Lobby):
            return
        before = str(record.host_id)
        host = before
        for e in events:
            if e.kind == "seat_handed_over" and e.data.get("previous") == host and e.player:
                host = e.player
        host = next_host(state, host)
        if host != before and host.isdigit():
            result.record = await self.store.update_game(record.id, record.version, host_id=int(host))
            first = result.host_change[0] if result.host_change else before
            result.host_change = (first, host)

    async def _run_ai(self, result: Result) -> None:
        sysobj = result.system
        for _ in range(AI_STEP_LIMIT):
            if result.record.status != "active":
                return
            pend = sysobj.pending(result.state)
            if pend is None:
                return
            player = result.state.player(pend.player)
            if not player.ai:
                return
            rng = random.Random(f"{result.record.seed}:{player.player}:{result.state.actions_taken}")
            action = PLAYERS[player.ai](result.state, player.player, rng)
            await self._apply(result, player.player, action)
            result.steps[-1].ai = True

    # -- reading ----------------------------------------------------------------------------
    async def legal_choices(self, channel_id: int, user_id: int) -> tuple[Result, list[Any]]:
        record, state = await self._open(channel_id)
        if isinstance(state, Lobby):
            return Result(record, state), []
        return Result(record, state), SYSTEMS[record.system].legal_actions(state, str(user_id))

    # -- play by chat: digest, clock, votes, pause, vacation ------------------------------------
    async def _digest(self, record: GameRecord, player: str) -> list[Event]:
        """What happened since this person last acted or looked (shown to them once). Their own
        rows count too: a row of theirs after the marker was played for them (their time ran out)."""
        if not player.isdigit():
            return []
        await self.settle()
        last = int(await self.store.get_user_setting(int(player), f"seen:{record.id}", 0) or 0)
        if last == 0 or last >= await self.store.last_seq(record.id):
            return []
        rows = await self.store.actions(record.id, after_seq=last)
        if any(r.action.get("type") == "undo" for r in rows):
            # steps taken back since are not news: keep the steps still in force, and the undo notes
            _all, live = await self._effective_rows(record)
            rows = sorted([r for r in live if r.seq > last] + [r for r in rows if r.action.get("type") == "undo"],
                          key=lambda r: r.seq)
        return [Event.model_validate(e) for r in rows for e in (r.events or [])]

    async def mark_seen(self, record: GameRecord, player: str) -> None:
        """Everything logged so far has been shown to this person."""
        if player.isdigit():
            await self.store.set_user_setting(int(player), f"seen:{record.id}", await self.store.last_seq(record.id))

    async def status_digest(self, channel_id: int, user_id: int,
                            found: Result | None = None) -> tuple[Result | None, list[Event]]:
        """The game a person looks at, and what others did since they last saw it (shown once)."""
        found = found if found is not None else await self.latest(channel_id)
        if found is None or isinstance(found.state, Lobby) or not found.state.has_player(str(user_id)):
            return found, []
        digest = await self._digest(found.record, str(user_id))
        await self.mark_seen(found.record, str(user_id))
        return found, digest

    async def _save_table(self, record: GameRecord, table: Table) -> GameRecord:
        now = self.clock()
        deadline = clock.deadline(table, now) if record.status == "active" else None
        return await self.store.set_settings(record.id, self._settings(table, record), deadline=deadline)

    async def _host_game(self, channel_id: int, user_id: int) -> tuple[GameRecord, Any]:
        record, state = await self._open(channel_id)
        if str(user_id) != host_of(record, state):
            raise GameError("error.host_only")
        return record, state

    async def configure(self, channel_id: int, user_id: int, **changes: Any) -> Result:
        """Host: change the time bank (start, increment, cap, reminders, policy)."""
        async with self.store.channel_lock(channel_id):
            record, state = await self._host_game(channel_id, user_id)
            table = Table.model_validate(record.settings or {})
            try:
                table.timebank = TimeBank.model_validate({**table.timebank.model_dump(), **changes})
            except ValidationError as exc:
                raise GameError("error.bad_options", detail=exc.errors()[0]["msg"]) from None
            record = await self._save_table(record, table)
            return Result(record, state)

    async def pause(self, channel_id: int, user_id: int, paused: bool) -> Result:
        async with self.store.channel_lock(channel_id):
            record, state = await self._host_game(channel_id, user_id)
            if isinstance(state, Lobby):
                raise GameError("error.not_started")
            table = Table.model_validate(record.settings or {})
            if table.clock.paused == paused:
                raise GameError("error.already_paused" if paused else "error.not_paused")
            now = self.clock()
            clock.charge(table, now)
            if not paused and table.vote is not None and table.vote.deadline is not None and table.clock.paused_at is not None:
                table.vote.deadline += now - table.clock.paused_at  # a vote's time does not run during a pause
            table.clock.paused = paused
            table.clock.paused_at = now if paused else None
            table.clock.since = now
            record = await self._save_table(record, table)
            return Result(record, state)

    async def vacation(self, channel_id: int, user_id: int, days: float) -> Result:
        if not 0 < days <= VACATION_MAX_DAYS:
            raise GameError("error.value_out_of_range", name="days", min=1, max=VACATION_MAX_DAYS)
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            if isinstance(state, Lobby) or not state.has_player(str(user_id)):
                raise RuleError("error.not_a_player", actor=str(user_id))
            table = Table.model_validate(record.settings or {})
            now = self.clock()
            clock.charge(table, now)
            table.clock.vacation[str(user_id)] = now + days * DAY
            record = await self._save_table(record, table)
            return Result(record, state)

    async def due_games(self, now: float | None = None) -> list[GameRecord]:
        return await self.store.list_due_games(self.clock() if now is None else now)

    async def tick_game(self, game_id: int) -> "Tick | None":
        """Look at one game whose deadline passed: send a reminder, or apply the expiry policy."""
        record = await self.store.get_game(game_id)
        if record is None:
            return None
        async with self.store.channel_lock(record.channel_id):
            record = await self.store.get_game(game_id)
            if record is None or record.status != "active":
                return None
            state = self.decode(record)
            table = Table.model_validate(record.settings or {})
            now = self.clock()
            due = clock.due(table, now)
            result = Result(record, state)
            if due.vote_closed and table.vote is not None:
                target = table.vote.player
                table.vote = None
                result.record = await self._save_table(record, table)
                await self._resolve_vote(result, target, VOTE_FALLBACK)
                return Tick("vote_closed", result, target, None)
            if due.reminders:
                end = clock.expiry(table, now) or now
                table.clock.reminded.extend(r for r in table.timebank.reminders if now >= end - r and r not in table.clock.reminded)
                result.record = await self._save_table(record, table)
                return Tick("reminder", result, due.player, end)
            if due.expired and due.player is not None:
                return await self._expire(result, table, due.player)
            result.record = await self._save_table(record, table)  # a vacation ended: re-arm
            return None

    async def _expire(self, result: Result, table: Table, player: str) -> "Tick":
        policy = table.timebank.policy
        humans = [p.player for p in result.state.players if p.alive and not p.ai and p.player != player]
        if policy == "vote" and humans:
            now = self.clock()
            table.vote = Vote(player=player, version=result.record.version,
                              deadline=now + min(VOTE_WINDOW, table.timebank.start))
            clock.switch(table, None, self.clock())
            result.record = await self._save_table(result.record, table)
            return Tick("vote", result, player, None)
        await self._play_for(result, player, "ai" if policy == "ai" else "skip")
        await self._run_ai(result)
        return Tick("expired", result, player, None)

    async def _play_for(self, result: Result, player: str, how: str) -> None:
        """Finish the absent player's turn: as the AI would, or with the safest choices."""
        sysobj = result.system
        rng = random.Random(f"{result.record.seed}:{player}:timeout:{result.state.actions_taken}")
        for _ in range(AI_STEP_LIMIT):
            pend = sysobj.pending(result.state)
            if result.record.status != "active" or pend is None or pend.player != player:
                return
            if how == "ai":
                action = PLAYERS["heuristic"](result.state, player, rng)
            else:
                action = safe_default(sysobj.legal_actions(result.state, player), result.state, player)
            await self._apply(result, player, action, on_behalf=player)

    async def cast_vote(self, channel_id: int, user_id: int, game_id: int, choice: str) -> tuple[Result, bool]:
        """A ballot on an absent player; returns (result, decided)."""
        if choice not in ("skip", "ai", "remove"):
            raise GameError("error.forged_prompt")
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            table = Table.model_validate(record.settings or {})
            if record.id != game_id or table.vote is None:
                raise GameError("error.no_vote")
            voter = str(user_id)
            voters = [p.player for p in state.players if p.alive and not p.ai and p.player != table.vote.player]
            if voter not in voters:
                raise GameError("error.not_a_voter")
            table.vote.ballots[voter] = choice  # type: ignore[assignment]
            counts = {c: list(table.vote.ballots.values()).count(c) for c in ("skip", "ai", "remove")}
            winner = next((c for c, n in counts.items() if n * 2 > len(voters)), None)
            result = Result(record, state)
            if winner is None:
                result.record = await self._save_table(record, table)
                return result, False
            target = table.vote.player
            table.vote = None
            result.record = await self._save_table(record, table)
            await self._resolve_vote(result, target, winner)
            return result, True

    async def _resolve_vote(self, result: Result, target: str, choice: str) -> None:
        """Carry out what the table chose (by majority, or the fallback at the vote's deadline)."""
        if choice == "remove":
            from engine.prophecy.actions import Resign
            await self._apply(result, TABLE_ACTOR, Resign(player=target))
        elif choice == "ai":
            from engine.prophecy.actions import HandOver
            p = result.state.player(target)
            await self._apply(result, TABLE_ACTOR, HandOver(player=target, to=target, name=p.name, ai="heuristic"))
        else:
            await self._play_for(result, target, "skip")
        await self._run_ai(result)

    # -- seats changing hands ---------------------------------------------------------------------
    async def propose_replace(self, channel_id: int, user_id: int, old: str, new: str) -> Result:
        async with self.store.channel_lock(channel_id):
            record, state = await self._host_game(channel_id, user_id)
            if isinstance(state, Lobby):
                raise GameError("error.not_started")
            if not state.has_player(old) or not state.player(old).alive:
                raise GameError("error.not_seated_other")
            if state.has_player(new):
                raise GameError("error.already_joined")
            table = Table.model_validate(record.settings or {})
            table.replace[old] = new
            record = await self._save_table(record, table)
            return Result(record, state)

    async def accept_replace(self, channel_id: int, user_id: int, name: str, game_id: int, old: str) -> Result:
        from engine.prophecy.actions import HandOver
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            table = Table.model_validate(record.settings or {})
            new = str(user_id)
            if record.id != game_id or table.replace.get(old) != new:
                raise GameError("error.not_your_seat_offer")
            del table.replace[old]
            record = await self._save_table(record, table)
            result = Result(record, state)
            await self._apply(result, TABLE_ACTOR, HandOver(player=old, to=new, name=name[:64]))
            table = result.table
            table.clock.banks[new] = table.clock.banks.pop(old, table.timebank.start)
            if table.clock.running_for == old:
                table.clock.running_for = new
            result.record = await self._save_table(result.record, table)
            await self._run_ai(result)
            return result

    # -- undo ---------------------------------------------------------------------------------------
    async def _effective_rows(self, record: GameRecord) -> tuple[list[ActionRecord], list[ActionRecord]]:
        """(all log rows, the game steps still in force after undos)."""
        rows = await self.store.actions(record.id)
        live: list[ActionRecord] = []
        for r in rows:
            kind = r.action.get("type")
            if kind in ("join", "leave", "add_bot", "kick"):
                continue
            if kind == "undo":
                del live[len(live) - int(r.action.get("steps", 1)):]
            else:
                live.append(r)
        return rows, live

    async def propose_undo(self, channel_id: int, user_id: int) -> tuple[Result, bool]:
        """Propose taking back the last step; returns (result, applied at once)."""
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            if isinstance(state, Lobby):
                raise GameError("error.not_started")
            _rows, live = await self._effective_rows(record)
            me = str(user_id)
            seq, steps = self._undo_plan(state, live, me)
            table = Table.model_validate(record.settings or {})
            table.undo = UndoProposal(seq=seq, steps=steps, version=record.version, proposer=me, yes=[me])
            result = Result(record, state)
            if self._undo_agreed(state, table.undo):
                await self._do_undo(result, table.undo)
                return result, True
            result.record = await self._save_table(record, table)
            return result, False

    @staticmethod
    def _undo_plan(state: Any, live: list[ActionRecord], me: str) -> tuple[int, int]:
        """Which step to take back and how many steps that is, or a refusal saying why.

        The proposer's last step may have ended the turn; it is taken back with every AI step
        that followed, as long as none of them showed anything new (a die, a card): the log rows
        carry `revealed`. A step by another person since then (or by the game master) blocks it.
        """
        if state.status != "active" or state.turn is None:
            raise GameError("error.undo_nothing")
        mine = max((i for i, r in enumerate(live) if r.actor == me and r.action.get("type") not in ("start", "undo")),
                   default=None)
        if mine is None:
            raise GameError("error.undo_nothing" if len(live) <= 1 else "error.undo_not_yours")
        step, tail = live[mine], live[mine + 1:]
        ai_seats = {p.player for p in state.players if p.ai}
        for row in tail:
            if row.actor not in ai_seats:
                raise GameError("error.undo_not_yours")
        next_turn: str | None = None
        for e in step.events or []:
            if e.get("kind") == "turn_started":
                next_turn = e.get("player")
            if e.get("reveals"):
                if next_turn is not None and state.has_player(next_turn):
                    raise GameError("error.undo_next_turn_revealed", name=state.player(next_turn).name)
                raise GameError("error.undo_revealed")
        if step.revealed:
            raise GameError("error.undo_revealed")
        for row in tail:
            if row.revealed:
                raise GameError("error.undo_ai_revealed", name=state.player(row.actor).name)
        return step.seq, 1 + len(tail)

    @staticmethod
    def _undo_agreed(state: Any, proposal: UndoProposal) -> bool:
        humans = {p.player for p in state.players if p.alive and not p.ai}
        return humans <= set(proposal.yes)

    async def answer_undo(self, channel_id: int, user_id: int, game_id: int, version: int, yes: bool) -> tuple[Result, str]:
        """A player's answer; returns (result, "applied" | "waiting" | "rejected")."""
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            table = Table.model_validate(record.settings or {})
            proposal = table.undo
            if record.id != game_id or proposal is None or proposal.version != version or record.version != version:
                raise GameError("error.stale_prompt")
            me = str(user_id)
            if isinstance(state, Lobby) or not state.has_player(me) or state.player(me).ai:
                raise RuleError("error.not_a_player", actor=me)
            result = Result(record, state)
            if not yes:
                table.undo = None
                result.record = await self._save_table(record, table)
                return result, "rejected"
            if me not in proposal.yes:
                proposal.yes.append(me)
            if self._undo_agreed(state, proposal):
                await self._do_undo(result, proposal)
                return result, "applied"
            result.record = await self._save_table(record, table)
            return result, "waiting"

    async def _do_undo(self, result: Result, proposal: UndoProposal) -> None:
        record = result.record
        rows = await self.store.actions(record.id)
        undo_row = ActionRecord(game_id=record.id, seq=rows[-1].seq + 1, actor=proposal.proposer,
                                action={"type": "undo", "seq": proposal.seq, "steps": proposal.steps},
                                created_at=self.clock(), version_after=0)
        report = replay(record, rows + [undo_row], check=False)
        if not report.ok or report.final is None:
            raise GameError("error.undo_failed", detail=report.detail)
        sysobj = result.system
        state = report.final
        table = result.table
        table.undo = None
        now = self.clock()
        self._run_clock(table, state, None, now)
        state_json = sysobj.dump_state(state)
        record = await self.store.commit_action(
            record.id, record.version, proposal.proposer, undo_row.action, state_json,
            settings=self._settings(table, record),
            deadline=clock.deadline(table, now),
            meta=LogMeta(events=[{"kind": "undone", "player": proposal.proposer,
                                  "data": {"seq": proposal.seq, "steps": proposal.steps}}],
                         state_hash=state_hash(state_json)))
        result.record, result.state = record, state
        result.steps.append(Step(proposal.proposer, undo_row.action, [Event(kind="undone", player=proposal.proposer)]))

    # -- the record ----------------------------------------------------------------------------------
    async def log(self, channel_id: int) -> tuple[Result, list[ActionRecord]]:
        found = await self.latest(channel_id)
        if found is None:
            raise GameError("error.no_game")
        return found, await self.store.actions(found.record.id)

    async def export(self, channel_id: int, viewer: str | None = None) -> tuple[Result, dict[str, Any]]:
        """The game's record as a JSON document.

        While the game is open (lobby or in play) the seed, which with the action log would
        reproduce every face-down pile and every future die, stays inside the bot: the document
        holds the public action log and the game as `viewer` may see it, without the per-step
        state hashes (hashes of states that hold the generator). Once the game is over it is
        the full record with the seed, which anyone can replay.
        """
        found, rows = await self.log(channel_id)
        r = found.record
        if r.status in ("lobby", "active"):
            shown = found.view(viewer)
            return found, {
                "format": "adventure-gm/game-log", "version": 1, "complete": False,
                "game": r.id, "system": r.system, "options": r.options, "settings": r.settings,
                "status": r.status, "created_at": r.created_at, "updated_at": r.updated_at, "state_version": r.version,
                "viewer": viewer, "view": json.loads(shown.model_dump_json(by_alias=True)),
                "actions": [{"seq": a.seq, "actor": a.actor, "action": a.action, "time": a.created_at} for a in rows],
            }
        doc = {"complete": True,
            "format": "adventure-gm/game-log", "version": 1,
            "game": r.id, "system": r.system, "seed": str(r.seed), "options": r.options, "settings": r.settings,
            "status": r.status, "created_at": r.created_at, "updated_at": r.updated_at, "state_version": r.version,
            "actions": [{"seq": a.seq, "actor": a.actor, "action": a.action, "time": a.created_at,
                         "state_hash": a.state_hash} for a in rows],
        }
        return found, doc

    async def check_replay(self, channel_id: int) -> tuple[Result, ReplayReport]:
        found, rows = await self.log(channel_id)
        return found, replay(found.record, rows)

    async def history(self, channel_id: int) -> list[Result]:
        return [Result(r, self.decode(r)) for r in await self.store.list_games(channel_id, include_finished=True)
                if r.system in TABLE_GAMES]


@dataclass
class Tick:
    """What the turn clock did to one game, for the bot to announce."""

    kind: str  # "reminder" | "expired" | "vote" | "vote_closed" (no majority by the vote's deadline)
    result: Result
    player: str | None
    expires_at: float | None


def safe_default(actions: list[Any], state: Any, player: str) -> Any:
    """The choice that changes least for a skipped turn: stay, end the turn; a forced battle
    is fought with the best odds (it cannot be skipped)."""
    by_type = {a.type: a for a in reversed(actions)}
    for kind in ("end_turn",):
        if kind in by_type:
            return by_type[kind]
    stays = [a for a in actions if a.type == "move" and a.method == "stay"]
    if stays:
        return stays[0]
    fights = [a for a in actions if a.type == "fight"]
    if fights:
        from engine.ai.odds import fight_odds
        return max(fights, key=lambda a: fight_odds(state, player, a).win - fight_odds(state, player, a).loss)
    return actions[0]
