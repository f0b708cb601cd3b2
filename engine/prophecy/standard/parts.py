"""Where the Water Realm expansion's parts plug into a Standard game.

Each part (Treasure Island, the Water Realm, the new cards and Artifacts) is a module of rules
of its own that registers one `Part` here when `engine.prophecy.standard.rules` is imported. The
Standard rules call the registered parts at a few fixed points (preparing the game, checking,
listing and applying an action, the start of a turn, a battle's figures, the end of a battle,
the view) and a part that is not in play (`active` False) is never asked. So adding a part adds
its own modules and one `register` call, and a game without the expansion plays exactly as before.

Every hook has a do-nothing default in `Part`; a part overrides only what it changes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:
    from engine.core.pending import Pending
    from engine.prophecy.context import Ctx
    from engine.prophecy.state import PlayerState, ProphecyState
    from engine.prophecy.standard.state import StdBattle


class Part:
    """One part of the expansion. Subclass it and override the hooks the part needs."""

    #: a short name for logs and tests ("island", "water", "cards")
    id: str = ""
    #: the action types (`Action.type`) this part alone checks and applies
    action_types: frozenset[str] = frozenset()

    def active(self, state: "ProphecyState") -> bool:
        """Whether this game plays the part (from `state.options.standard.expansion`)."""
        return False

    def prepare(self, ctx: "Ctx") -> None:
        """Set-up, after the Standard set-up and before the first turn."""

    def pending(self, state: "ProphecyState") -> "Pending | None":
        """A question of this part the game waits on, ahead of the Standard ones; else None."""
        return None

    def takes_over(self, state: "ProphecyState", player: str) -> bool:
        """True while this part alone says what `player` may do on her turn (a character in
        the Water Realm): the Standard phase actions are then neither listed nor allowed."""
        return False

    def check(self, state: "ProphecyState", actor: str, action_type: str) -> bool:
        """Asked for every action once no Standard decision is pending: raise RuleError to
        refuse it, return True when the part allows it, False to leave it to the Standard
        checks. True skips every later check (whose turn it is, a running battle...), so a
        part returning True checks those itself. An action of the part's `action_types` is
        refused unless its check returns True."""
        return False

    def legal(self, ctx: "Ctx", p: "PlayerState") -> Iterator[Any]:
        """The part's own actions open to the active player `p` now (her turn, no decision pending)."""
        return iter(())

    def dispatch(self, ctx: "Ctx", p: "PlayerState", action: Any) -> bool:
        """Apply `action` if it is this part's to apply (True), else leave it (False)."""
        return False

    def turn_begins(self, ctx: "Ctx", p: "PlayerState", extra: bool) -> bool:
        """Called as a Standard turn begins; True when the part plays this turn itself (the
        Standard start of turn, Chance card included, is then skipped)."""
        return False

    def figure_bonus(self, ctx: "Ctx", who: "PlayerState", battle: str, opponent: str,
                     item_cards: list[Any], against: "PlayerState | None") -> int:
        """What the part adds to `who`'s figure in a battle of `battle` ("strength"/"wills")
        against an `opponent` ("creature", "guardian", "character"; `against` is the other
        character then), holding `item_cards`."""
        return 0

    def battle_over(self, ctx: "Ctx", p: "PlayerState", b: "StdBattle", result: str) -> bool:
        """A battle of the active player ended with `result`; True when the part settled what
        follows itself (the Standard settlement is then skipped)."""
        return False

    def redact(self, data: dict[str, Any], viewer: str | None) -> None:
        """Hide in the dumped state `data` what `viewer` may not see of this part."""

    def rename(self, state: "ProphecyState", old: str, new: str) -> None:
        """A seat changed hands: the part's records follow it."""


_PARTS: list[Part] = []


def register(part: Part) -> None:
    """Add a part once (re-importing a module must not add it twice)."""
    if all(p.id != part.id for p in _PARTS):
        _PARTS.append(part)


def all_parts() -> list[Part]:
    return list(_PARTS)


def active_parts(state: "ProphecyState") -> list[Part]:
    """The parts this game plays, in registration order; none at all without the expansion."""
    std = state.options.standard
    if std is None or std.expansion is None:
        return []
    return [p for p in _PARTS if p.active(state)]


def owner_of(state: "ProphecyState", action_type: str) -> Part | None:
    return next((p for p in active_parts(state) if action_type in p.action_types), None)
