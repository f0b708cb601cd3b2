"""Counting the actions of each turn, to prove that every turn ends ("A table never stalls").

A table waits on one player at a time; if some free action could be repeated without limit
(an Item re-adjusted, a swap undone and redone), an AI seat could go on forever and the table
would never move on. The rules bound each repeatable action per turn; this watcher is how the
property tests and the self-play benchmarks check that no turn runs past a bound.

A turn is the span between two events that open one. In Prophecy that is `turn_started`, at
the start of every turn (an extra turn too). A Darkest Talisman party takes its turns a day at
a time: each day on the road (`talisman.ev.arrived`) and each return to a village
(`talisman.ev.village`); its `turn_started` only says the decision passed to another seat, which
a free action can cause (a new leader of the Marching Order), so it does not end a turn. A
system not named here opens its turns with `turn_started`. Pure: it only reads the events.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from engine.core.events import Event

#: the events that open a new turn, by system (others: `turn_started`)
TURN_EVENTS: dict[str, frozenset[str]] = {
    "prophecy": frozenset({"turn_started"}),
    "darkest_talisman": frozenset({"talisman.ev.arrived", "talisman.ev.village"}),
}


def turn_events(system: str) -> frozenset[str]:
    """The events that open a turn of `system`."""
    return TURN_EVENTS.get(system, frozenset({"turn_started"}))


#: actions one turn may take before the watcher calls it a turn that never ends; far above
#: any real turn (a long Prophecy turn with shopping and training takes a few dozen)
TURN_BOUND = 200


@dataclass
class TurnWatch:
    """Feed it each applied action's events; it counts the actions of the current turn and
    the turns that ran past `bound` (each counted once, when it crosses the bound)."""

    #: the system played (its name: what opens a turn)
    system: str = "prophecy"
    bound: int = TURN_BOUND
    #: actions taken in the turn under way
    current: int = 0
    #: the most actions any turn took so far
    longest: int = 0
    #: turns that ran past the bound
    endless: int = 0
    #: the action types of the first turn that ran past the bound, for a failure message
    first_endless: list[str] = field(default_factory=list)
    _types: list[str] = field(default_factory=list)

    def step(self, action_type: str, events: Iterable[Event]) -> None:
        """One applied action and the events it produced."""
        self.current += 1
        self._types.append(action_type)
        self.longest = max(self.longest, self.current)
        if self.current == self.bound + 1:
            self.endless += 1
            if not self.first_endless:
                self.first_endless = list(self._types)
        opening = turn_events(self.system)
        if any(e.kind in opening for e in events):
            self.current = 0
            self._types = []

    def add(self, other: "TurnWatch") -> None:
        """Merge another game's figures into these (a benchmark's total)."""
        self.longest = max(self.longest, other.longest)
        self.endless += other.endless
        if not self.first_endless:
            self.first_endless = other.first_endless

    def line(self) -> str:
        """The benchmarks' report line."""
        return f"turns that never end: {self.endless} (a turn past {self.bound} actions; longest turn {self.longest})"
