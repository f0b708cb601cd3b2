"""Ranks from the Order point levels, and whether a player may advance now (with the reason).

The sheet's thresholds say which Rank a player's points *qualify* for; the Rank a player
*holds* only changes when he advances (at his Mentor), so the two are kept apart. Losing
points later never lowers a held Rank: the Cooperative Version's wording ("all the other
players must still have enough points to qualify for Fourth Rank") shows that a held Rank and
the points behind it can drift apart.

Advancement rules checked here, each refusal naming a locale key and the facts behind it:
- Assorted Changes: Fifth Rank needs all your Mandatory Tasks completed (or lost).
- Cooperative Version: your current Rank must not exceed anyone else's; for Fifth Rank every
  player must have finished (or lost) all Mandatory Tasks, and every other player must still
  have the points for Fourth Rank in his current Order.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from engine.orders.state import OrderPlayer, OrdersState
from engine.tables.models import MAX_RANK, POINT_KINDS, Book

FOURTH, FIFTH = 4, 5


class Verdict(BaseModel):
    """Can a player advance? `key` + `params` explain the answer in any language.

    A `player` parameter is a player id (the bot shows it as a mention), as everywhere else.
    """

    ok: bool
    key: str
    params: dict[str, Any] = Field(default_factory=dict)


def meets(book: Book, player: OrderPlayer, rank: int) -> bool:
    """Do the player's points reach `rank` in his current Order?"""
    if player.order is None:
        return rank <= 0
    need = book.orders[player.order].levels[rank]
    return all(player.points(k) >= need.get(k) for k in POINT_KINDS)


def qualified_rank(book: Book, player: OrderPlayer) -> int:
    """The highest Rank the player's points reach in his Order (0 without an Order)."""
    if player.order is None:
        return 0
    best = 0
    for rank in range(1, MAX_RANK + 1):
        if not meets(book, player, rank):
            break
        best = rank
    return best


def _needs(book: Book, player: OrderPlayer, rank: int) -> dict[str, Any]:
    assert player.order is not None
    need = book.orders[player.order].levels[rank]
    out: dict[str, Any] = {"rank": rank, "order": player.order}
    for k in POINT_KINDS:
        out[f"need_{k}"] = need.get(k)
        out[k] = player.points(k)
    return out


def advancement(book: Book, state: OrdersState, pid: str) -> Verdict:
    """Check, in the order a player would ask, whether `pid` may advance one Rank now."""
    if state.status != "active":
        return Verdict(ok=False, key="dice.orders.game_over")
    me = state.find(pid)
    if me is None:
        return Verdict(ok=False, key="dice.orders.not_joined")
    if me.order is None:
        return Verdict(ok=False, key="dice.orders.advance.no_order")
    if me.rank >= MAX_RANK:
        return Verdict(ok=False, key="dice.orders.advance.max_rank")
    target = me.rank + 1
    if not meets(book, me, target):
        return Verdict(ok=False, key="dice.orders.advance.points_short", params=_needs(book, me, target))
    if target == FIFTH and not me.tasks_done:
        return Verdict(ok=False, key="dice.orders.advance.tasks_open", params={"rank": target})
    if state.options.cooperative:
        verdict = _cooperative(book, state, me, target)
        if verdict is not None:
            return verdict
    return Verdict(ok=True, key="dice.orders.advance.ok", params={"rank": target})


def _cooperative(book: Book, state: OrdersState, me: OrderPlayer, target: int) -> Verdict | None:
    others = [p for p in state.players if p.player != me.player]
    behind = min(others, key=lambda p: p.rank, default=None)
    if behind is not None and behind.rank < me.rank:
        return Verdict(
            ok=False,
            key="dice.orders.coop.behind",
            params={"rank": me.rank, "player": behind.player, "their_rank": behind.rank},
        )
    if target != FIFTH:
        return None
    open_tasks = next((p for p in others if not p.tasks_done), None)
    if open_tasks is not None:
        return Verdict(ok=False, key="dice.orders.coop.tasks_open", params={"player": open_tasks.player})
    short = next((p for p in others if not meets(book, p, FOURTH)), None)
    if short is not None:
        return Verdict(
            ok=False, key="dice.orders.coop.points_short", params={"player": short.player, **_needs(book, short, FOURTH)}
        )
    return None
