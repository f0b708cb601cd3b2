"""The lobby: opening a table, taking and leaving seats, AI seats, starting and ending a game.

A lobby is stored as the game's state until /game start; every change is a log row, so the
replay check and the export show who sat down. Host rights in the lobby pass to the next
person seated after a host who leaves.
"""
from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.core.errors import RuleError
from engine.core.system import Seat
from gm import clock
from gm.replay import state_hash
from gm.session.hosts import next_host
from gm.session.results import ABSENT_AI, GameError, Lobby, Result, Step, ai_levels, host_of
from gm.session.steps import Steps
from gm.store import GameExists, GameRecord, LogMeta
from gm.table import Table, TimeBank


class LobbyMixin(Steps):
    @property
    def ai_levels(self) -> tuple[str, ...]:
        """Every AI level the table games served offer (/game add-bot)."""
        return ai_levels(self.systems)

    async def new_game(self, channel_id: int, guild_id: int | None, host_id: int, host_name: str,
                       system: str, options: dict[str, Any] | None = None,
                       timebank: dict[str, Any] | None = None) -> Result:
        if not self.is_table_game(system):
            raise GameError("error.unknown_system", system=system[:40], known=", ".join(self.table_games))
        sysobj = self.system_of(system)
        try:
            opts = sysobj.options_model.model_validate(options or {})
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
        return self._result(record, lobby)

    async def _save_lobby(self, record: GameRecord, lobby: Lobby, actor: str, action: dict[str, Any]) -> Result:
        record = await self.store.update_game(record.id, record.version, state_json=lobby.model_dump_json(),
                                              actor=actor, action=action)
        return self._result(record, lobby)

    def _check_seat_room(self, record: GameRecord, lobby: Lobby) -> None:
        sysobj = self.system_of(record.system)
        if len(lobby.seats) >= sysobj.max_seats:
            raise GameError("error.table_full", max=sysobj.max_seats)

    def _check_character(self, record: GameRecord, lobby: Lobby, character: str | None) -> None:
        if character is None:
            return
        if character not in self.system_of(record.system).character_ids(lobby.options):
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

    async def add_bot(self, channel_id: int, user_id: int, level: str = ABSENT_AI) -> Result:
        if level not in self.ai_levels:
            raise GameError("error.unknown_ai_level", level=level[:30], known=", ".join(self.ai_levels))
        async with self.store.channel_lock(channel_id):
            record, lobby = await self._lobby(channel_id)
            self._require_host(lobby, user_id)
            offered = self.system_of(record.system).ai_levels
            if level not in offered:
                raise GameError("error.unknown_ai_level", level=level[:30], known=", ".join(offered))
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
            sysobj = self.system_of(record.system)
            if not sysobj.min_seats <= len(lobby.seats) <= sysobj.max_seats:
                raise GameError("error.seat_count", min=sysobj.min_seats, max=sysobj.max_seats, count=len(lobby.seats))
            try:
                outcome = sysobj.new_game(lobby.seats, lobby.options, record.seed)
            except RuleError as exc:
                raise GameError(exc.key, **exc.params) from None
            action = {"type": "start", "seats": [s.model_dump() for s in lobby.seats], "options": lobby.options}
            table = Table.model_validate(record.settings or {})
            now = self.clock()
            table.clock.banks = {s.player: table.timebank.start for s in lobby.seats if not s.ai}
            self._run_clock(sysobj, table, outcome.state, None, now)
            state_json = sysobj.dump_state(outcome.state)
            record = await self.store.commit_action(
                record.id, record.version, str(user_id), action, state_json, new_status="active",
                settings=self._settings(table, record, turn_began=now, owed=now),
                deadline=clock.deadline(table, now),
                meta=LogMeta(events=[e.model_dump() for e in outcome.events], state_hash=state_hash(state_json),
                             revealed=True))
            host = next_host(outcome.state, lobby.host)
            if record.host_id is None or str(record.host_id) != host:  # the lobby's host may have changed
                record = await self.store.update_game(record.id, record.version, host_id=int(host))
            result = self._result(record, outcome.state, steps=[Step(str(user_id), action, outcome.events)])
            await self._run_ai(result)
            return result

    async def end(self, channel_id: int, user_id: int, can_manage: bool, game_id: int | None = None) -> Result:
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            if game_id is not None and game_id != record.id:
                raise GameError("error.stale_prompt")
            self._check_may_end(record, state, user_id, can_manage)
            record = await self.store.set_status(record.id, "ended", expected_version=record.version)
            return self._result(record, state)

    async def may_end(self, channel_id: int, user_id: int, can_manage: bool) -> Result:
        """The game /game end would end, if this person may end it (checked before any
        confirmation is shown, so a non-host is refused at once)."""
        record, state = await self._open(channel_id)
        self._check_may_end(record, state, user_id, can_manage)
        return self._result(record, state)

    @staticmethod
    def _check_may_end(record: GameRecord, state: Any, user_id: int, can_manage: bool) -> None:
        host = host_of(record, state)
        if str(user_id) != host and not can_manage:
            raise GameError("error.end_not_allowed")
