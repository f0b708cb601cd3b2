"""The engine contract, kept in one place for every game system.

DESIGN: "illegal actions raise a rule error carrying a message key and parameters" and "legal
actions are enumerable". Together they promise: an action that `legal_actions(state, actor)`
does not list for that actor raises a RuleError and changes nothing. Each system's own rules
check most actions already, but a check forgotten in one branch (an action of another place, a
table action from a player) lets a button-less request through, so every system's `apply` goes
through `guarded_apply`, which holds the promise whatever the rules forget:

1. the payload must be one of the system's own actions (a model of its union, or a mapping that
   parses into one): anything else (None, 7, "move", {}, an unknown type, a missing, extra or
   wrongly typed field) is refused with the system's "malformed" key;
2. a table action (a seat changing hands, a player voted out) is taken only from the table
   itself (`TABLE_ACTOR`), never from a seat; its own rules check the rest;
3. an action of a type whose parameters cannot be listed (a typed description, an amount of
   points) is checked by the rules alone: the system names those types (`unlisted`);
4. any other action must be one `legal_actions` lists for that actor. One that is not is still
   handed to the rules (on their private copy, so nothing changes), so the refusal keeps their
   precise reason ("not your turn", "you need 3 Gold"); if the rules would have let it through,
   or fail in a way that is no rule error, the listing decides and the refusal is the system's
   "not now" key.

A listing already made on the very state object given (by the AI seat that picked the
action: engine/core/listings.py) is read instead of listing again. Otherwise the listing is
read lazily, told the type sought (so a system may skip its costly loadouts of other types)
and stops at the first match, so the usual case (a listed action) costs one partial
enumeration; `benchmarks/engine.py` prints what apply costs per action.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, get_args

from pydantic import BaseModel

from engine.core import listings
from engine.core.errors import RuleError, UnknownAction
from engine.core.outcome import Outcome
from engine.core.read_only import read_only

#: the actor the game master applies table actions as (resign, hand-over); never a seat's id
TABLE_ACTOR = "gm"


@dataclass(frozen=True)
class Contract:
    """What `guarded_apply` needs to know about one system's actions."""

    #: the system's action classes (the members of its discriminated union)
    actions: tuple[type[BaseModel], ...]
    #: the rule error for a payload that is no action of this system
    malformed_key: str
    #: the rule error for an action the rules would accept although `legal_actions` omits it
    not_legal_key: str
    #: action types whose parameters `legal_actions` cannot list: the rules alone check them
    unlisted: frozenset[str] = frozenset()
    #: action types only the table itself applies (`TABLE_ACTOR`)
    table_types: frozenset[str] = frozenset()
    #: the rule error for a table action sent by anyone but the table
    table_key: str = "error.table_action_reserved"
    #: an action in the form the listing gives it, for actions whose parameters are a choice of
    #: things in any order (Treasures to dig): the listing offers one order, the rules take any
    canonical: Callable[[Any], Any] | None = None

    def coerce(self, payload: Any, parse: Callable[[dict[str, Any]], Any]) -> Any:
        """The action `payload` describes, or the malformed refusal."""
        if isinstance(payload, self.actions):
            return payload
        if isinstance(payload, Mapping):
            return parse(dict(payload))
        raise UnknownAction(self.malformed_key, detail=f"not an action: {type(payload).__name__}")


def union_members(annotated: Any) -> tuple[type[BaseModel], ...]:
    """The model classes of an `Annotated[Union[...], Field(discriminator=...)]` action type."""
    union = get_args(annotated)[0]
    return tuple(get_args(union))


def _listed(contract: Contract, action: Any, listing: Iterable[Any]) -> bool:
    # a lazy listing reads the caller's state only, so its repeated questions may be remembered
    with read_only():
        if contract.canonical is None:
            return any(a == action for a in listing)
        wanted = contract.canonical(action)
        return any(contract.canonical(a) == wanted for a in listing)


def _listing(state: Any, actor: str, kind: str, legal: Callable[[Any, str, str], Iterable[Any]]) -> Iterable[Any]:
    """The listing already made on this very state object for this actor (an AI seat's, just
    before it picked the action: engine/core/listings.py), else a fresh lazy one."""
    kept = listings.recall(state, actor)
    return legal(state, actor, kind) if kept is None else kept


def guarded_apply(contract: Contract, state: Any, actor: str, action: Any, *,
                  parse: Callable[[dict[str, Any]], Any],
                  legal: Callable[[Any, str, str], Iterable[Any]],
                  apply: Callable[[Any, str, Any], Outcome[Any]],
                  apply_listed: Callable[[Any, str, Any], Outcome[Any]] | None = None) -> Outcome[Any]:
    """`apply(state, actor, action)` under the contract (see the module's docstring).

    `legal(state, actor, kind)` lists the actor's actions; `kind` (the action's type) is a hint
    it may use to skip work for other types, as long as every listed action of that type comes.
    It may be lazy (a generator): it is read only until the action turns up.
    `apply_listed`, when given, applies an action this guard has just found listed: rules
    that check the listing again themselves (for their own reason) may skip that check there.
    """
    action = contract.coerce(action, parse)
    kind = action.type
    if kind in contract.table_types:
        if actor != TABLE_ACTOR:
            raise RuleError(contract.table_key)
        return apply(state, actor, action)
    if actor == TABLE_ACTOR:
        raise RuleError("error.not_a_player", actor=actor)
    if kind in contract.unlisted:
        return apply(state, actor, action)
    if _listed(contract, action, _listing(state, actor, kind, legal)):
        return (apply_listed or apply)(state, actor, action)
    # Not listed: the rules give their own reason (they work on a copy, so nothing changes)...
    try:
        apply(state, actor, action)
    except RuleError:
        raise
    except Exception:  # the rules did not foresee this action here: it is still only illegal
        raise RuleError(contract.not_legal_key, action=kind) from None
    # ...and where they would have let it through, the listing decides.
    raise RuleError(contract.not_legal_key, action=kind)
