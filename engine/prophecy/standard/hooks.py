"""The few points where the Basic rules hand a Standard game over to the Standard rules.

The Basic modules (turns, endgame, effects) cannot import the Standard ones, which build on
them (the project forbids import cycles), so the Standard rules register themselves here when
`engine.prophecy.standard.rules` is imported (`engine.prophecy.rules` imports it, so every
game played through the rules has them). A Basic game never calls these: each call site first
checks `state.standard is not None`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine.prophecy.context import Ctx
    from engine.prophecy.state import PlayerState, RankEntry


class StandardHooks(Protocol):
    def turn_begins(self, ctx: "Ctx", p: "PlayerState", extra: bool) -> None:
        """The rest of `start_turn` once the turn exists: start-of-round powers, the Chance
        card, the Giant Spider, or the Final Battle's turn without movement."""

    def after_movement(self, ctx: "Ctx") -> None:
        """Which Creature is fought next (the player orders two), or the act phase."""

    def after_hold_fight(self, ctx: "Ctx", result: str) -> None:
        """After a fight before moving (Giant Spider): a second Spider holds her too."""

    def before_end_turn(self, ctx: "Ctx") -> bool:
        """True when the turn may not end yet (excess Items or Abilities to discard first)."""

    def on_death(self, ctx: "Ctx", p: "PlayerState") -> None:
        """Abilities back to their decks, Artifacts left on the space, her decisions dropped."""

    def ranking(self, ctx: "Ctx", winner: str | None) -> list["RankEntry"]:
        """The Standard ranking (ruling ranking)."""

    def round_limit_winner(self, ctx: "Ctx") -> str:
        """Who wins when the round limit ends a Standard game (ruling ranking)."""

    def heals_blocked(self, ctx: "Ctx") -> bool:
        """True once the Apocalypse has begun: nothing heals Health (ruling apocalypse)."""

    def last_standing_reason(self, ctx: "Ctx") -> str:
        """How a game won by the last one alive ended: "apocalypse" once it has begun."""


_HOOKS: list[StandardHooks] = []


def install(hooks: StandardHooks) -> None:
    _HOOKS[:] = [hooks]


def standard() -> StandardHooks:
    if not _HOOKS:
        raise RuntimeError("the Standard rules are not loaded; import engine.prophecy.rules")
    return _HOOKS[0]
