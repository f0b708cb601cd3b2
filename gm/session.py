"""The game master service: load -> check -> apply -> save, one channel at a time.

Cogs call these methods and render what comes back; they never touch the engine state or the
store directly. Order of checks (after boardgame.io's master): a game exists in the channel ->
it is not over -> the prompt is current (game id and version) -> the engine accepts the actor
and the action. One action is one store transaction under the channel's lock, and the
version check makes a second, simultaneous click fail instead of applying twice.
"""
from __future__ import annotations

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
from gm.store import GameExists, GameRecord, GameStore, StaleVersion

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


@dataclass
class Result:
    record: GameRecord
    state: Any
    steps: list[Step] = field(default_factory=list)

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

    # -- loading ----------------------------------------------------------------------------
    def decode(self, record: GameRecord) -> Any:
        if record.status == "lobby":
            return Lobby.model_validate_json(record.state)
        return SYSTEMS[record.system].load_state(record.state)

    async def current(self, channel_id: int) -> Result | None:
        record = await self.store.get_active_game(channel_id)
        if record is None:
            return None
        return Result(record, self.decode(record))

    async def latest(self, channel_id: int) -> Result | None:
        """The open game, else the most recent finished one (for /game status after the end)."""
        found = await self.current(channel_id)
        if found:
            return found
        games = await self.store.list_games(channel_id, include_finished=True)
        if not games:
            return None
        return Result(games[-1], self.decode(games[-1]))

    async def _open(self, channel_id: int) -> tuple[GameRecord, Any]:
        record = await self.store.get_active_game(channel_id)
        if record is None:
            raise GameError("error.no_game")
        return record, self.decode(record)

    async def _lobby(self, channel_id: int) -> tuple[GameRecord, Lobby]:
        record, state = await self._open(channel_id)
        if not isinstance(state, Lobby):
            raise GameError("error.already_started", game_id=record.id)
        return record, state

    # -- lobby ------------------------------------------------------------------------------
    async def new_game(self, channel_id: int, guild_id: int | None, host_id: int, host_name: str,
                       system: str, options: dict[str, Any] | None = None) -> Result:
        if system not in SYSTEMS:
            raise GameError("error.unknown_system", system=system, known=", ".join(SYSTEMS))
        sysobj = SYSTEMS[system]
        try:
            opts = sysobj.options_model.model_validate(options or {})  # type: ignore[attr-defined]
        except ValidationError as exc:
            raise GameError("error.bad_options", detail=exc.errors()[0]["msg"]) from None
        lobby = Lobby(host=str(host_id), seats=[Seat(player=str(host_id), name=host_name[:64])],
                      options=opts.model_dump())
        async with self.store.channel_lock(channel_id):
            try:
                record = await self.store.create_game(channel_id, guild_id, system, lobby.options, self._seed(),
                                                      host_id, lobby.model_dump_json(), status="lobby")
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
            record = await self.store.commit_action(record.id, record.version, str(user_id), action,
                                                    sysobj.dump_state(outcome.state), new_status="active")
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
            result = Result(record, state)
            await self._apply(result, str(user_id), action)
            await self._run_ai(result)
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
            result = Result(record, state)
            await self._apply(result, actor, choices[index])
            await self._run_ai(result)
            return result

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

    async def _apply(self, result: Result, actor: str, action: Any) -> None:
        sysobj = result.system
        if isinstance(action, dict):
            action = sysobj.parse_action(action)
        outcome = sysobj.apply(result.state, actor, action)  # RuleError propagates, nothing saved
        payload = action.model_dump()
        status = "finished" if outcome.state.status == "finished" else None
        try:
            record = await self.store.commit_action(result.record.id, result.record.version, actor, payload,
                                                    sysobj.dump_state(outcome.state), new_status=status)
        except StaleVersion:
            raise GameError("error.stale_prompt") from None
        result.record, result.state = record, outcome.state
        result.steps.append(Step(actor, payload, outcome.events))

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
