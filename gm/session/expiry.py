"""When time runs out: the turn clock's ticks, the expiry policy, and the table's vote.

The bot's clock loop asks `due_games` and calls `tick_game` for each: a reminder, a vote that
closed without a majority (the fallback applies), or a bank that hit zero (the policy: the AI
plays the turn, the turn is skipped, or the table votes). What a vote decides is carried out
by `_resolve_vote` (gm.session.steps).

Several bot processes may share one database (PostgreSQL, one process per set of Discord
shards): `due_games` lists only the served shards' games, and `tick_game` claims the game from
the store (`claim_due_game`) under the channel lock, inside the clock's transaction, so a
deadline another process is handling, or one handled meanwhile, is left alone: each reminder
and expiry fires once.
"""
from __future__ import annotations

from typing import Literal

from gm import clock
from gm.session.results import AI_TICK_RUNS, GameError, Result, Tick
from gm.session.steps import Steps
from gm.store import GameRecord
from gm.table import VOTE_FALLBACK, VOTE_WINDOW, Table, Vote

BALLOTS: tuple[Literal["skip", "ai", "remove"], ...] = ("skip", "ai", "remove")


class ExpiryMixin(Steps):
    async def due_games(self, now: float | None = None) -> list[GameRecord]:
        return await self.store.list_due_games(self.clock() if now is None else now)

    async def tick_game(self, game_id: int) -> Tick | None:
        """Look at one game whose deadline passed: send a reminder, or apply the expiry policy."""
        record = await self.store.get_game(game_id)
        if record is None:
            return None
        async with self.store.channel_lock(record.channel_id):
            now = self.clock()
            record = await self.store.claim_due_game(game_id, now)
            if record is None or record.status != "active":
                return None
            state = self.decode(record)
            table = Table.model_validate(record.settings or {})
            result = self._result(record, state)
            pend = result.system.pending(state)
            if pend is not None and state.player(pend.player).ai:
                # AI seats still had decisions when a long run of them stopped (`_run_ai`), or
                # when the process went down between their steps: they go on now
                for _ in range(AI_TICK_RUNS):
                    await self._run_ai(result)
                    now_pending = result.system.pending(result.state) if result.record.status == "active" else None
                    if now_pending is None or not result.state.player(now_pending.player).ai:
                        break
                return Tick("ai_resumed", result, pend.player, None)
            due = clock.due(table, now)
            if due.vote_closed and table.vote is not None:
                target = table.vote.player
                table.vote = None
                result.record = await self._save_table(record, table)
                await self._resolve_vote(result, target, VOTE_FALLBACK)
                return Tick("vote_closed", result, target, None)
            if due.reminders:
                end = clock.expiry(table, now) or now
                table.clock.reminded.extend(
                    r for r in table.timebank.reminders if now >= end - r and r not in table.clock.reminded
                )
                result.record = await self._save_table(record, table)
                return Tick("reminder", result, due.player, end)
            if due.expired and due.player is not None:
                return await self._expire(result, table, due.player)
            result.record = await self._save_table(record, table)  # a vacation ended: re-arm
            return None

    async def _expire(self, result: Result, table: Table, player: str) -> Tick:
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

    async def cast_vote(self, channel_id: int, user_id: int, game_id: int, choice: str) -> tuple[Result, bool]:
        """A ballot on an absent player; returns (result, decided)."""
        if choice not in BALLOTS:
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
            table.vote.ballots[voter] = next(b for b in BALLOTS if b == choice)  # `choice` itself, as a ballot
            counts = {c: list(table.vote.ballots.values()).count(c) for c in BALLOTS}
            winner = next((c for c, n in counts.items() if n * 2 > len(voters)), None)
            result = self._result(record, state)
            if winner is None:
                result.record = await self._save_table(record, table)
                return result, False
            target = table.vote.player
            table.vote = None
            result.record = await self._save_table(record, table)
            await self._resolve_vote(result, target, winner)
            return result, True
