"""One step of a game and what the table does by itself after it.

`_apply` runs an action through the engine and stores it as one transaction (the version check
makes a second, simultaneous click fail); after each step the turn clock points at whoever must
decide, host rights follow the seats, and AI seats play until a person must decide. A person
whose time ran out is played for here too, as the table chose.
"""
from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import Any, Literal

from engine.core.events import Event
from engine.core.system import GameSystem, as_table
from gm import clock, workers
from gm.replay import state_hash
from gm.session import kept
from gm.session.core import SessionCore
from gm.session.delivery import stale_prompt
from gm.session.hosts import next_host
from gm.session.results import ABSENT_AI, AI_STEP_LIMIT, TABLE_ACTOR, Lobby, Result, Step
from gm.store import LogMeta, StaleVersion
from gm.table import Table

log = logging.getLogger(__name__)


#: An AI seat's choice that took longer than this (its system's running average, in seconds) is
#: thought off the event loop from then on: in the bot's worker processes (gm.workers, off the
#: interpreter lock too), else in a thread, so the loop keeps answering other presses (their
#: acknowledgement first) meanwhile; a quick one stays on the loop, where the hand-over would
#: cost more than the thinking.
AI_THREAD_AFTER = 0.002
#: running average of an AI choice's time per (system, level): where it is slow
_AI_SECONDS: dict[tuple[str, str], float] = {}


def choose_from_stored(system_name: str, state_json: str, player: str, level: str,
                       rng: random.Random) -> tuple[Any, Any]:
    """An AI seat's action on the state as stored (JSON text: what crosses to a worker process
    for next to nothing, where a pickled state costs the loop milliseconds), and the generator's
    state after the choice, so the caller's generator goes on as if it had chosen itself.
    Module level: a worker process finds it by name."""
    from engine.registry import SYSTEMS

    system = SYSTEMS[system_name]
    action = as_table(system).ai_action(system.load_state(state_json), player, level, rng)
    return action, rng.getstate()


async def think(system: GameSystem, state: Any, player: str, level: str, rng: random.Random,
                stored: str | None = None) -> Any:
    """An AI seat's action, off the event loop when this system's AI is slow (AI_THREAD_AFTER):
    in a worker process from `stored` (the JSON text of `state`, as committed) when the bot has
    worker processes, else (or if a worker died meanwhile) in a thread on `state` itself. The
    same choice every way: the state is not touched by anything else meanwhile (the channel's
    lock is held), `rng` is the step's own and ends where the choice left it."""
    key = (system.name, level)
    began = time.perf_counter()
    if _AI_SECONDS.get(key, 0.0) > AI_THREAD_AFTER:
        table = as_table(system)

        def here() -> tuple[Any, Any]:
            return table.ai_action(state, player, level, rng), rng.getstate()

        if stored is not None and workers.WORKERS.workers > 0:
            job = workers.Job(choose_from_stored, (system.name, stored, player, level, rng))
            action, after = await workers.WORKERS.run(job, here)
            rng.setstate(after)
        else:
            action = await asyncio.to_thread(table.ai_action, state, player, level, rng)
    else:
        action = as_table(system).ai_action(state, player, level, rng)
    spent = time.perf_counter() - began
    _AI_SECONDS[key] = spent if key not in _AI_SECONDS else 0.8 * _AI_SECONDS[key] + 0.2 * spent
    return action


def stored(result: Result) -> str | None:
    """The committed JSON text of `result.state` (the record and the state move together: every
    step stores the one and keeps the other), None when there is none to hand."""
    text = result.record.state
    return text if isinstance(text, str) and text else None


class Steps(SessionCore):
    def _run_clock(self, system: GameSystem, table: Table, state: Any, before: str | None, now: float) -> bool:
        """Point the clock at whoever must decide now (people only; AI seats answer at once).
        True when an AI seat must decide now."""
        pend = kept.pending(system, state) if state.status == "active" else None
        running = None
        if pend is not None and not state.player(pend.player).ai:
            running = pend.player
        passed = before if before is not None and (pend is None or pend.player != before) else None
        clock.switch(table, running, now, turn_passed_from=passed)
        table.vote = None if table.vote and table.vote.player != running else table.vote
        return pend is not None and running is None

    async def _apply(self, result: Result, actor: str, action: Any, on_behalf: str | None = None) -> None:
        sysobj = result.system
        if isinstance(action, dict):
            action = sysobj.parse_action(action)
        before = kept.pending(sysobj, result.state)
        outcome = sysobj.apply(result.state, actor, action)  # RuleError propagates, nothing saved
        kept.adopt(outcome.state)
        payload = action.model_dump()
        status: Literal["finished"] | None = "finished" if outcome.state.status == "finished" else None
        table = result.table
        now = self.clock()
        ai_next = self._run_clock(sysobj, table, outcome.state, before.player if before else None, now)
        table.undo = None
        if table.vote is not None and actor == table.vote.player:
            table.vote = None  # the absent player came back: no need to vote any more
        state_json = sysobj.dump_state(outcome.state)
        seen = None if result.seen_by is None else (result.seen_by, f"seen:{result.record.id}")
        meta = LogMeta(events=[e.model_dump() for e in outcome.events], state_hash=state_hash(state_json),
                       revealed=outcome.revealed, seen=seen)
        began = now if any(e.kind == "turn_started" for e in outcome.events) else None
        try:
            record = await self.store.commit_action(result.record.id, result.record.version, actor, payload,
                                                    state_json, new_status=status,
                                                    settings=self._settings(table, result.record, turn_began=began, owed=now),
                                                    deadline=None if status is not None else now if ai_next
                                                    else clock.deadline(table, now),
                                                    meta=meta)
        except StaleVersion:
            raise stale_prompt(await self.store.get_game(result.record.id)) from None
        result.record, result.state = record, outcome.state
        kept.keep_state(record, outcome.state)
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
        """The AI seats answer (and the rules answer what leaves no choice) until a person must decide.
        At most AI_STEP_LIMIT steps in one go (one press must not hold the channel for long): if AI seats still have decisions
        after that, the game's deadline is already due (`_apply` sets it while an AI seat must
        decide) and the turn clock carries on in the background (`tick_game`)."""
        sysobj = result.system
        # a system may answer by itself a decision its rules leave no choice in (a fight that
        # cannot be avoided): the decider's own step, which spares them a press
        forced = getattr(sysobj, "forced_action", None)
        for _ in range(AI_STEP_LIMIT):
            if result.record.status != "active":
                return
            pend = kept.pending(sysobj, result.state)
            if pend is None:
                return
            auto = forced(result.state) if forced is not None else None
            if auto is not None:
                await self._apply(result, pend.player, auto)
                continue
            player = result.state.player(pend.player)
            if not player.ai:
                return
            rng = random.Random(f"{result.record.seed}:{player.player}:{result.state.actions_taken}")
            action = await think(sysobj, result.state, player.player, player.ai, rng, stored(result))
            if action is None:  # the rules left the seat nothing to do: a rules bug, not the press's
                log.error("AI seat %s has no legal action in game %s", player.player, result.record.id)
                return
            await self._apply(result, player.player, action)
            result.steps[-1].ai = True

    async def _play_for(self, result: Result, player: str, how: str) -> None:
        """Finish the absent player's turn: as the AI would, or with the safest choices."""
        sysobj = result.system
        rng = random.Random(f"{result.record.seed}:{player}:timeout:{result.state.actions_taken}")
        for _ in range(AI_STEP_LIMIT):
            pend = sysobj.pending(result.state)
            if result.record.status != "active" or pend is None or pend.player != player:
                return
            if how == "ai":
                action = await think(sysobj, result.state, player, ABSENT_AI, rng, stored(result))
            else:
                action = as_table(sysobj).skip_action(result.state, player)
            await self._apply(result, player, action, on_behalf=player)

    async def _resolve_vote(self, result: Result, target: str, choice: str) -> None:
        """Carry out what the table chose about an absent player (by majority, or the fallback
        at the vote's deadline): remove them, give their seat to the AI, or skip their turn."""
        sysobj = result.system
        if choice == "remove":
            await self._apply(result, TABLE_ACTOR, as_table(sysobj).resign_action(target))
        elif choice == "ai":
            p = result.state.player(target)
            await self._apply(result, TABLE_ACTOR, as_table(sysobj).hand_over_action(target, target, p.name, ai=ABSENT_AI))
        else:
            await self._play_for(result, target, "skip")
        await self._run_ai(result)
