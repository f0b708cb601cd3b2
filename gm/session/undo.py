"""Taking back a step: a person proposes, every living person at the table agrees, and the game
is replayed from its log without the step (and the AI steps that followed it).

A step that showed something new (a die, a card) cannot be taken back: the log rows say so
(`revealed`), and so do the events of the step that passed the turn.
"""
from __future__ import annotations

import asyncio
from typing import Any

from engine.core.errors import RuleError
from engine.core.events import Event
from gm import clock
from gm.replay import replay, state_hash
from gm.session.delivery import stale_prompt
from gm.session.results import GameError, Lobby, Result, Step
from gm.session.steps import Steps
from gm.store import ActionRecord, LogMeta
from gm.table import Table, UndoProposal


class UndoMixin(Steps):
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
            result = self._result(record, state)
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
                raise stale_prompt(record)
            me = str(user_id)
            if isinstance(state, Lobby) or not state.has_player(me) or state.player(me).ai:
                raise RuleError("error.not_a_player", actor=me)
            result = self._result(record, state)
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
        sysobj = result.system
        rows = await self.store.actions(record.id)
        undo_row = ActionRecord(game_id=record.id, seq=rows[-1].seq + 1, actor=proposal.proposer,
                                action={"type": "undo", "seq": proposal.seq, "steps": proposal.steps},
                                created_at=self.clock(), version_after=0)
        # off the event loop: a long log (a campaign) takes seconds to replay
        report = await asyncio.to_thread(replay, record, rows + [undo_row], check=False, system=sysobj)
        if not report.ok or report.final is None:
            raise GameError("error.undo_failed", detail=report.detail)
        state = report.final
        table = result.table
        table.undo = None
        now = self.clock()
        self._run_clock(sysobj, table, state, None, now)
        state_json = sysobj.dump_state(state)
        record = await self.store.commit_action(
            record.id, record.version, proposal.proposer, undo_row.action, state_json,
            settings=self._settings(table, record, owed=now),
            deadline=clock.deadline(table, now),
            meta=LogMeta(events=[{"kind": "undone", "player": proposal.proposer,
                                  "data": {"seq": proposal.seq, "steps": proposal.steps}}],
                         state_hash=state_hash(state_json)))
        result.record, result.state = record, state
        result.steps.append(Step(proposal.proposer, undo_row.action, [Event(kind="undone", player=proposal.proposer)]))
