"""The two procedures of the sheet that are more than "roll and read": Call For Help and the
order of Multiple Specific Encounters.

Call For Help: "Deduct the SQUARE of your Rank in points of any one type, then roll TWO dice
and read the higher die. (If you have no points, you may Call For Help 'for free'.)" and, from
Miscellaneous, a player asked to lose more points than he has of a type drops to zero, and may
choose any type in which he has non-zero points. The cost rule is data (`cost: rank_squared`
on the table) and the two-dice reading is the table's die (`2d6kh1`).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import BaseModel

from engine.core.errors import RuleError
from engine.tables.models import MAX_RANK, MIN_RANK, POINT_KINDS, Book, PointKind
from engine.tables.roller import DiceSource, Step, roll_table

CALL_FOR_HELP = "call_for_help"


class CallForHelpResult(BaseModel):
    cost: int  # what the rule asks for (Rank squared; 0 when calling for free)
    kind: PointKind | None  # the type paid from; None when the call was free
    lost: int  # what was actually deducted (never more than the player had)
    free: bool
    steps: list[Step]

    def points_after(self, points: Mapping[str, int]) -> dict[PointKind, int]:
        out: dict[PointKind, int] = {k: int(points.get(k, 0)) for k in POINT_KINDS}
        if self.kind is not None:
            out[self.kind] -= self.lost
        return out


def call_for_help_cost(book: Book, rank: int) -> int:
    """Points a Call For Help costs at `rank` (the table's `cost` rule)."""
    table = book.tables[CALL_FOR_HELP]
    return rank * rank if table.cost == "rank_squared" else 0


def call_for_help(
    book: Book, rank: int, points: Mapping[str, int], kind: PointKind | None, rng: DiceSource
) -> CallForHelpResult:
    """Pay the cost from `kind`, then roll the Call For Help table (two dice, the higher).

    Refuses (RuleError) a missing or empty point type when the player has points to pay with,
    because the sheet lets him choose only a type in which he has non-zero points.
    """
    if not MIN_RANK <= rank <= MAX_RANK:
        raise RuleError("dice.table.bad_rank", rank=rank, low=MIN_RANK, high=MAX_RANK)
    cost = call_for_help_cost(book, rank)
    has_points = any(points.get(k, 0) > 0 for k in POINT_KINDS)
    lost = 0
    paid_from: PointKind | None = None
    if has_points and cost > 0:
        if kind is None:
            raise RuleError("dice.cfh.choose_kind", cost=cost)
        if points.get(kind, 0) <= 0:
            raise RuleError("dice.cfh.kind_empty", kind=kind)
        lost = min(cost, int(points[kind]))
        paid_from = kind
    steps = roll_table(book, CALL_FOR_HELP, rng, rank=rank)
    return CallForHelpResult(cost=cost, kind=paid_from, lost=lost, free=not has_points, steps=steps)


def order_encounters(book: Book, kinds: Iterable[str]) -> list[str]:
    """Sort the Specific Encounters present in a space into the sheet's resolution order.

    Unknown kinds are refused rather than guessed, so a typo never silently reorders play.
    """
    position = {k.id: i for i, k in enumerate(book.encounter_order)}
    kinds = list(kinds)
    unknown = [k for k in kinds if k not in position]
    if unknown:
        raise RuleError("dice.table.unknown_encounter", kind=unknown[0], known=", ".join(position))
    return sorted(kinds, key=lambda k: position[k])
