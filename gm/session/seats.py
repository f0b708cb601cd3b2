"""A seat changing hands while a game runs: the host offers someone's seat to a newcomer, who
accepts; the seat's time bank goes along with it.

(Who holds host rights is gm.session.hosts; an absent player's seat given to the AI by a
vote is gm.session.expiry.)
"""
from __future__ import annotations

from engine.core.system import as_table
from gm.session.results import TABLE_ACTOR, GameError, Lobby, Result
from gm.session.steps import Steps
from gm.table import Table


class SeatsMixin(Steps):
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
            return self._result(record, state)

    async def accept_replace(self, channel_id: int, user_id: int, name: str, game_id: int, old: str) -> Result:
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            table = Table.model_validate(record.settings or {})
            new = str(user_id)
            if record.id != game_id or table.replace.get(old) != new:
                raise GameError("error.not_your_seat_offer")
            del table.replace[old]
            record = await self._save_table(record, table)
            result = self._result(record, state)
            await self._apply(result, TABLE_ACTOR, as_table(result.system).hand_over_action(old, new, name[:64]))
            table = result.table
            table.clock.banks[new] = table.clock.banks.pop(old, table.timebank.start)
            if table.clock.running_for == old:
                table.clock.running_for = new
            result.record = await self._save_table(result.record, table)
            await self._run_ai(result)
            return result
