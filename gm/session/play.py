"""Playing: a person's action (typed, or a button at a given state version), the choices they
have, and the private "since your last turn" digest.

Order of checks (after boardgame.io's master): a game exists in the channel -> it is not over
-> the prompt is current (game id and version) -> the engine accepts the actor and the action.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.system import GameSystem
from gm.session import kept
from gm.session.delivery import stale_prompt
from gm.session.results import INTERACTION_WINDOW, TURN_BEGAN, GameError, Lobby, Result
from gm.session.steps import Steps
from gm.store import GameRecord
from gm.table import Table


class PlayMixin(Steps):
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
            result = self._result(record, state)
            await self._act_with_digest(result, str(user_id), action)
            return result

    async def act_choice(self, channel_id: int, user_id: int, game_id: int, version: int, index: int) -> Result:
        """A button or select: the index into legal_actions at exactly that state version."""
        async with self.store.channel_lock(channel_id):
            record, state = await self._open(channel_id)
            self._check_prompt(record, game_id, version)
            if isinstance(state, Lobby):
                raise GameError("error.not_started")
            sysobj = self.system_of(record.system)
            actor = str(user_id)
            pend = kept.pending(sysobj, state)
            if pend is None or pend.player != actor:
                # let the engine phrase the refusal (not a player / not your turn)
                self._engine_refusal(sysobj, state, actor)
            choices = kept.legal_actions(sysobj, state, actor)
            if not 0 <= index < len(choices):
                raise GameError("error.forged_prompt")
            self._check_not_paused(record)
            result = self._result(record, state, before=state, chosen=choices[index], before_record=record)
            result.shares_views = True  # its state is always the one its record stores (`_apply`)
            await self._act_with_digest(result, actor, choices[index])
            return result

    async def prompt_at(self, channel_id: int, game_id: int, version: int) -> Result:
        """The channel's game as a prompt of `game_id` at `version` shows it (to turn its page):
        refused like a choice on that prompt when the game or its state has moved on. Reads only."""
        record, state = await self._open(channel_id)
        self._check_prompt(record, game_id, version)
        if isinstance(state, Lobby):
            raise GameError("error.not_started")
        return self._result(record, state)

    async def _act_with_digest(self, result: Result, actor: str, action: Any) -> None:
        """Apply, let AI seats play, and keep the "since your last turn" marker.

        The digest is read at the first decision of a turn; the marker is moved on with every
        step this press commits (in the same transaction, `Result.seen_by`), because this person
        is shown everything logged so far: a later /game status then never repeats it.

        This is the fallback. Discord sends a private message only in answer to an interaction,
        so the news reaches a returning player *before* her first answer by a look of hers: the
        turn message that opens her turn carries "Since my last turn" (cogs.prompts, PromptCog.on_news), and
        /game status does the same; either shows the digest, then her live prompt, and marks it
        seen (`status_digest`), so this press finds nothing left to repeat.
        """
        if result.system.turn_opening(result.state, actor):
            result.digest = await self._digest(result.record, actor)
        if actor.isdigit():
            result.seen_by = int(actor)
        await self._apply(result, actor, action)
        await self._run_ai(result)

    @staticmethod
    def _engine_refusal(sysobj: GameSystem, state: Any, actor: str) -> None:
        if not state.has_player(actor):
            raise RuleError("error.not_a_player", actor=actor)
        pend = sysobj.pending(state)
        raise RuleError("error.not_your_turn", active=pend.player if pend else "")

    @staticmethod
    def _check_prompt(record: GameRecord, game_id: int | None, version: int | None) -> None:
        if game_id is not None and game_id != record.id:
            raise stale_prompt(record)
        if version is not None and version != record.version:
            raise stale_prompt(record)

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
    def _check_not_paused(record: GameRecord) -> None:
        if Table.model_validate(record.settings or {}).clock.paused:
            raise GameError("error.game_paused")

    # -- the digest: what happened since a person last looked ----------------------------------
    async def _digest(self, record: GameRecord, player: str) -> list[Event]:
        """What happened since this person last acted or looked (shown to them once). Their own
        rows count too: a row of theirs after the marker was played for them (their time ran out)."""
        if not player.isdigit():
            return []
        await self.settle()
        # the marker and the rows logged after it, read together (SQLite: without a trip to its thread)
        last, rows = await self.store.actions_since_mark(int(player), f"seen:{record.id}", record.id)
        if not rows:
            return []
        if any(r.action.get("type") == "undo" for r in rows):
            # steps taken back since are not news: keep the steps still in force, and the undo notes
            _all, live = await self._effective_rows(record)
            rows = sorted([r for r in live if r.seq > last] + [r for r in rows if r.action.get("type") == "undo"],
                          key=lambda r: r.seq)
        events = [Event.model_validate(e) for r in rows for e in (r.events or [])]
        return _before_own_turn(events, player)

    async def mark_seen(self, record: GameRecord, player: str) -> None:
        """Everything logged so far has been shown to this person."""
        if player.isdigit():
            await self.store.mark_last_seq(int(player), f"seen:{record.id}", record.id)  # one write

    async def status_digest(self, channel_id: int, user_id: int,
                            found: Result | None = None) -> tuple[Result | None, list[Event]]:
        """The game a person looks at, and what others did since they last saw it (shown once)."""
        found = found if found is not None else await self.latest(channel_id)
        if found is None or isinstance(found.state, Lobby) or not found.state.has_player(str(user_id)):
            return found, []
        digest = await self._digest(found.record, str(user_id))
        await self.mark_seen(found.record, str(user_id))
        return found, digest


def _before_own_turn(events: list[Event], player: str) -> list[Event]:
    """The digest without the opening of this person's current turn (its Chance card, what it
    brought): that is in the very message that pinged them and that they are answering."""
    for i in range(len(events) - 1, -1, -1):
        if events[i].kind == "turn_started" and events[i].player == player:
            return events[:i]
    return events
