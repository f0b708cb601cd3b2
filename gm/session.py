"""The game master service: load -> check -> apply -> save, one channel at a time.

Cogs call these methods and render what comes back; they never touch the engine state or the
store directly. Order of checks (after boardgame.io's master): a game exists in the channel ->
it is not over -> the prompt is current (game id and version) -> the engine accepts the actor
and the action. One action is one store transaction under the channel's lock, and the
version check makes a second, simultaneous click fail instead of applying twice.
"""
from __future__ import annotations

import asyncio
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
from gm.table import DAY, Table, TimeBank, UndoProposal, Vote

TABLE_ACTOR = "gm"
#: systems played at a table through /game (a lobby, seats, turns); others have their own cogs
TABLE_GAMES = ("prophecy",)
VACATION_MAX_DAYS = 14

AI_LEVELS = tuple(PLAYERS)
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

    @property
    def table(self) -> Table:
        return Table.model_validate(self.record.settings or {})

    @property
    def system(self) -> GameSystem:
        return SYSTEMS[self.record.system]

    @property
    def started(self) -> bool:
        return self.record.status != "lobby"


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
        if record.status == "lobby":
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
            lobby.seats = [s for s in lobby.seats if s.player != pid]
            return await self._save_lobby(record, lobby, pid, {"type": "leave"})

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
                settings=table.model_dump(), deadline=clock.deadline(table, now),
                meta=LogMeta(events=[e.model_dump() for e in outcome.events], state_hash=state_hash(state_json),
                             revealed=True))
            result = Result(record, outcome.state, [Step(str(user_id), action, outcome.events)])
            await self._run_ai(result)
            return result

    async def end(self, channel_id: int, user_id: int, can_manage: bool, game_id: int | None = None) -> Result:
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            if game_id is not None and game_id != record.id:
                raise GameError("error.stale_prompt")
            host = state.host if isinstance(state, Lobby) else str(record.host_id)
            if str(user_id) != host and not can_manage:
                raise GameError("error.end_not_allowed")
            record = await self.store.set_status(record.id, "ended", expected_version=record.version)
            return Result(record, state)

    # -- play -------------------------------------------------------------------------------
    async def act(self, channel_id: int, user_id: int | str, action: Any, *,
                  game_id: int | None = None, version: int | None = None) -> Result:
        """Apply one action of a person; then let AI seats play until a person must decide."""
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            self._check_prompt(record, game_id, version)
            if isinstance(state, Lobby):
                raise GameError("error.not_started")
            self._check_not_paused(record)
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

        The digest is read at the first decision of a turn and the marker written when the
        turn leaves this person, so the steps in between cost no extra database round trips.
        """
        sysobj = result.system
        turn = getattr(result.state, "turn", None)
        if turn is not None and turn.player == actor and turn.phase == "move" and not turn.movement_done:
            result.digest = await self._digest(result.record, actor)
        await self._apply(result, actor, action)
        await self._run_ai(result)
        pend = sysobj.pending(result.state) if result.record.status == "active" else None
        if pend is None or pend.player != actor:
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
        try:
            record = await self.store.commit_action(result.record.id, result.record.version, actor, payload,
                                                    state_json, new_status=status, settings=table.model_dump(),
                                                    deadline=clock.deadline(table, now) if status is None else None,
                                                    meta=meta)
        except StaleVersion:
            raise GameError("error.stale_prompt") from None
        result.record, result.state = record, outcome.state
        result.steps.append(Step(actor, payload, outcome.events, on_behalf=on_behalf))

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
        """What others did since this person last acted or looked (shown to them once)."""
        if not player.isdigit():
            return []
        await self.settle()
        last = int(await self.store.get_user_setting(int(player), f"seen:{record.id}", 0) or 0)
        if last == 0 or last >= await self.store.last_seq(record.id):
            return []
        rows = await self.store.actions(record.id, after_seq=last)
        return [Event.model_validate(e) for r in rows if r.actor != player for e in (r.events or [])]

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
        return await self.store.set_settings(record.id, table.model_dump(), deadline=deadline)

    async def _host_game(self, channel_id: int, user_id: int) -> tuple[GameRecord, Any]:
        record, state = await self._open(channel_id)
        host = state.host if isinstance(state, Lobby) else str(record.host_id)
        if str(user_id) != host:
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
            table.vote = Vote(player=player, version=result.record.version)
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
            if winner == "remove":
                from engine.prophecy.actions import Resign
                await self._apply(result, TABLE_ACTOR, Resign(player=target))
            elif winner == "ai":
                from engine.prophecy.actions import HandOver
                p = state.player(target)
                await self._apply(result, TABLE_ACTOR, HandOver(player=target, to=target, name=p.name, ai="heuristic"))
            else:
                await self._play_for(result, target, "skip")
            await self._run_ai(result)
            return result, True

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
                live.pop()
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
            last = live[-1] if live else None
            me = str(user_id)
            if last is None or last.action.get("type") in ("start", "undo") or state.turn is None:
                raise GameError("error.undo_nothing")
            if last.actor != me or state.turn.player != me:
                raise GameError("error.undo_not_yours")
            if last.revealed or any(e.get("kind") == "turn_started" for e in (last.events or [])):
                raise GameError("error.undo_revealed")
            table = Table.model_validate(record.settings or {})
            table.undo = UndoProposal(seq=last.seq, version=record.version, proposer=me, yes=[me])
            result = Result(record, state)
            if self._undo_agreed(state, table.undo):
                await self._do_undo(result, table.undo)
                return result, True
            result.record = await self._save_table(record, table)
            return result, False

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
                                action={"type": "undo", "seq": proposal.seq}, created_at=self.clock(), version_after=0)
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
            record.id, record.version, proposal.proposer, undo_row.action, state_json, settings=table.model_dump(),
            deadline=clock.deadline(table, now),
            meta=LogMeta(events=[{"kind": "undone", "player": proposal.proposer, "data": {"seq": proposal.seq}}],
                         state_hash=state_hash(state_json)))
        result.record, result.state = record, state
        result.steps.append(Step(proposal.proposer, undo_row.action, [Event(kind="undone", player=proposal.proposer)]))

    # -- the record ----------------------------------------------------------------------------------
    async def log(self, channel_id: int) -> tuple[Result, list[ActionRecord]]:
        found = await self.latest(channel_id)
        if found is None:
            raise GameError("error.no_game")
        return found, await self.store.actions(found.record.id)

    async def export(self, channel_id: int) -> tuple[Result, dict[str, Any]]:
        found, rows = await self.log(channel_id)
        r = found.record
        doc = {
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

    kind: str  # "reminder" | "expired" | "vote"
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
