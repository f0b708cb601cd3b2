"""Reference tables as data: models, their soundness checks, the books known by id, a chaining
roller, and the sheet's procedures (Call For Help, Multiple Specific Encounters). Pure: no I/O
(packs/ reads the tables files and installs itself as the book source), no Discord."""
from engine.tables.books import DEFAULT_BOOK, book_by_id, default_book, register_book, set_book_source
from engine.tables.checks import TableError, check_book, parse_book
from engine.tables.models import (
    ORDER_IDS,
    POINT_KINDS,
    Book,
    DieSpec,
    Order,
    OrderId,
    PointKind,
    RollTable,
    Thresholds,
)
from engine.tables.roller import (
    DiceSource,
    FollowUpRoll,
    Step,
    find_showable,
    find_table,
    roll_die,
    roll_table,
    step_text,
    table_choices,
)
from engine.tables.rules import CALL_FOR_HELP, CallForHelpResult, call_for_help, call_for_help_cost, order_encounters

__all__ = [
    "Book",
    "CALL_FOR_HELP",
    "CallForHelpResult",
    "DEFAULT_BOOK",
    "DiceSource",
    "DieSpec",
    "FollowUpRoll",
    "ORDER_IDS",
    "Order",
    "OrderId",
    "POINT_KINDS",
    "PointKind",
    "RollTable",
    "Step",
    "TableError",
    "Thresholds",
    "book_by_id",
    "call_for_help",
    "call_for_help_cost",
    "check_book",
    "default_book",
    "find_showable",
    "find_table",
    "order_encounters",
    "parse_book",
    "register_book",
    "roll_die",
    "roll_table",
    "set_book_source",
    "step_text",
    "table_choices",
]
