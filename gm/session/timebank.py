"""The host's and the players' say over the turn clock: time-bank settings, pausing the game,
and a player's vacation (their bank does not run until it ends).

The clock's arithmetic is gm.clock; what happens when a bank runs out is gm.session.expiry.
"""
from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.core.errors import RuleError
from gm import clock
from gm.session.core import SessionCore
from gm.session.results import VACATION_MAX_DAYS, GameError, Lobby, Result
from gm.table import DAY, Table, TimeBank


class TimeBankMixin(SessionCore):
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
            return self._result(record, state)

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
            return self._result(record, state)

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
            return self._result(record, state)
