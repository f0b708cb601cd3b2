"""Fewer presses on the road: "carry on until something needs me", and decisions the rules leave
no choice in (project rulings `carry_on` and `forced_answers`).

Both answer the campaign's decisions exactly as a person pressing the same buttons would, one
step at a time through the same `step` as any `choose` (so every die and card comes from the
campaign's seeded generator in the same order, and the state reached is the one the presses
would have reached, `actions_taken` included); they only spare the presses.

`carry_on` is an extra answer to the road's plain decisions (after a card, standing on a space):
it pushes on, and pushes on again at every later plain decision, until something needs the
person: any other decision (a fight, an offer, a card to take, a Stranger's or a Place's
services, the destination, the Guardians, the village...), a space whose location sells
something, a route to choose (a raft, the Woods), or a character who lost Life or died since
the press (turning back is worth thinking about then).

A decision with one answer while nobody has a free action (a fight that cannot be evaded, a card
that cannot be taken) is answered by the engine: the rules leave no choice, so there is no
press to ask for.
"""
from __future__ import annotations

from typing import Callable

from engine.darkest_talisman import ground
from engine.darkest_talisman.ctx import Ctx

#: the answer that pushes on until something needs the person (ruling carry_on)
CARRY_ON = "carry_on"
#: the road's plain decisions: push on or turn back, nothing else at stake
PLAIN_KINDS = ("after_card", "stand")
#: the answers a plain decision may have besides carrying on (no raft, no Woods move)
PLAIN_ANSWERS = frozenset({"continue", "turn_back"})
#: a safety net: a road has six spaces of at most twelve cards, met out and back
MAX_CARRY = 400

Step = Callable[[Ctx, str], None]
FreeCheck = Callable[[Ctx], bool]


def offers_carry_on(kind: str, options: list[str]) -> bool:
    """Whether a decision gets the extra answer: a plain road decision where pushing on is one."""
    return kind in PLAIN_KINDS and "continue" in options


def with_carry_on(kind: str, options: list[str]) -> list[str]:
    """The decision's answers with `carry_on` last (the others keep their places)."""
    return options + [CARRY_ON] if offers_carry_on(kind, options) else options


def _lives(ctx: Ctx) -> dict[str, int]:
    return {h.uid: h.life for h in ctx.state.party()}


def plain(ctx: Ctx, lives: dict[str, int]) -> bool:
    """Whether the pending decision is one the carry answers by pushing on (ruling carry_on)."""
    state = ctx.state
    d = state.decision
    if state.status != "active" or state.mode != "road" or d is None or d.kind not in PLAIN_KINDS:
        return False
    if "continue" not in d.options or not set(d.options) - {CARRY_ON} <= PLAIN_ANSWERS:
        return False  # a raft or a Woods move: a route to choose
    now = _lives(ctx)
    if set(now) != set(lives) or any(now[uid] < lives[uid] for uid in now):
        return False  # someone was hurt, died or left: turning back may be wiser
    trip = state.trip
    if d.kind == "stand" and trip is not None and trip.location_met:
        loc = ground.here(ctx)
        if loc is not None and loc.services:
            return False  # something to buy or visit here
    return True


def carry_on(ctx: Ctx, step: Step, resolve_forced: Callable[[Ctx], None]) -> int:
    """Push on, then again at each plain decision, until one is not plain. Returns the steps."""
    lives = _lives(ctx)
    steps = 0
    while True:
        step(ctx, "continue")
        resolve_forced(ctx)
        steps += 1
        if steps >= MAX_CARRY or not plain(ctx, lives):
            return steps


def forced_option(ctx: Ctx, anyone_free: FreeCheck) -> str | None:
    """The one answer of a decision the rules leave no choice in (ruling forced_answers): it has
    a single answer and nobody may take a free action now (no Spell, no Object to use, nothing
    to drop or buy). None otherwise."""
    state = ctx.state
    d = state.decision
    if state.status != "active" or d is None or len(d.options) != 1 or d.options[0] == CARRY_ON:
        return None
    if anyone_free(ctx):
        return None
    return d.options[0]
