"""The record of a game: its action log, the JSON export, the replay check, and the channel's
past games."""
from __future__ import annotations

import asyncio
import json
from typing import Any

from gm.replay import ReplayReport, replay
from gm.session.core import SessionCore
from gm.session.results import GameError, Result
from gm.store import ActionRecord


class RecordsMixin(SessionCore):
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
        # a long campaign's log takes seconds to replay: off the event loop, so other tables
        # keep being answered meanwhile (the replay is pure: engine and models only)
        report = await asyncio.to_thread(replay, found.record, rows, system=found.system)
        return found, report

    async def history(self, channel_id: int) -> list[Result]:
        return [self._result(r, self.decode(r)) for r in await self.store.list_games(channel_id, include_finished=True)
                if self.is_table_game(r.system)]
