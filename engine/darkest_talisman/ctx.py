"""The working context of one `apply`: the (copied) state, the pack and the events so far.

Every die goes through here, so each roll is reported as an event that reveals something (undo
must refuse to take it back) and the open-ended rolls of C7c are rolled in one place.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Event
from engine.darkest_talisman.content import Pack
from engine.darkest_talisman.state import CampaignState

#: event kinds are "talisman.ev.<name>" (locale keys); decision kinds are plain (Pending.kind)
EV = "talisman.ev."


@dataclass
class Ctx:
    state: CampaignState
    pack: Pack
    events: list[Event] = field(default_factory=list)

    def emit(self, name: str, hero: str | None = None, *, reveals: bool = False, **data: Any) -> None:
        player = None
        if hero is not None:
            data = {"hero": hero, "character": self.state.hero(hero).card, **data}
            player = self.state.controller(hero)
        self.events.append(Event(kind=EV + name, player=player, data=data, reveals=reveals))

    def dice(self, n: int, why: str, hero: str | None = None) -> list[int]:
        """Roll `n` d6, report them, and give the Thief his chance (D2) on a companion's 1."""
        faces = [self.state.rng.d6() for _ in range(max(0, n))]
        self.emit("roll", hero, reveals=True, why=why, dice=faces, total=sum(faces))
        self._one_rolled(hero, faces)
        return faces

    def _one_rolled(self, hero: str | None, faces: list[int]) -> None:
        if self.state.ext is not None:  # a road figure moves on every 1 rolled (E2e-f, F6b)
            from engine.darkest_talisman.hookpoint import hooks

            hooks.rolled(self, faces)
        self._thief(hero, faces)

    def _thief(self, hero: str | None, faces: list[int]) -> None:
        """D2 Thief: 'take one gold or Object from another character whenever they Roll a 1 for
        any reason': a character's roll showing a 1 leaves the Thief a choice, asked next."""
        if hero is None or 1 not in faces or hero in self.state.thefts:
            return
        thief = next((h for h in self.state.party() if h.uid != hero and "steal" in self.pack.character(h.card).abilities), None)
        victim = next((h for h in self.state.party() if h.uid == hero), None)
        if thief is not None and victim is not None and (victim.gold or victim.objects):
            self.state.thefts.append(hero)

    def d6(self, why: str, hero: str | None = None) -> int:
        return self.dice(1, why, hero)[0]

    def open_roll(self, why: str, hero: str | None = None) -> list[int]:
        """C7c: a 6 is kept and the die rolled again, added, as long as sixes come."""
        faces = [self.state.rng.d6()]
        while faces[-1] == 6:
            faces.append(self.state.rng.d6())
        self.emit("roll", hero, reveals=True, why=why, dice=faces, total=sum(faces), open_ended=True)
        self._one_rolled(hero, faces)
        return faces
