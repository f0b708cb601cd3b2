"""GameMaster: the game master service the cogs call, composed of its parts.

Each part is a mixin over the shared core (gm.session.core) kept in a module named for its
concern; look there for the code:

- lobby: /game new, join, leave, add-bot, kick, start, end
- play: an action or a button, the legal choices, the "since your last turn" digest
- steps: one step applied and stored; the clock, host rights and AI seats after it
- expiry: the turn clock's ticks, what happens when time runs out, the table's vote
- seats: a seat handed to a newcomer while the game runs
- timebank: time-bank settings, pause, vacation
- undo: taking back a step
- records: the log, the export, the replay check, past games
- delivery: what a committed step owes its channel, and the live prompt's link
"""
from __future__ import annotations

from gm.session.delivery import DeliveryMixin
from gm.session.expiry import ExpiryMixin
from gm.session.lobby import LobbyMixin
from gm.session.play import PlayMixin
from gm.session.records import RecordsMixin
from gm.session.seats import SeatsMixin
from gm.session.timebank import TimeBankMixin
from gm.session.undo import UndoMixin


class GameMaster(LobbyMixin, PlayMixin, ExpiryMixin, SeatsMixin, TimeBankMixin, UndoMixin, RecordsMixin, DeliveryMixin):
    """Load -> check -> apply -> save, one channel at a time.

    Cogs call these methods and render what comes back; they never touch the engine state or
    the store directly. One action is one store transaction under the channel's lock. Built
    as `GameMaster(store, clock=..., systems=...)`: `systems` maps a stored game's system name
    to its engine (engine.core.system.GameSystem); the game master names none itself.
    """
