"""Reference tables as data: models, a validating loader, a chaining roller, and the sheet's
procedures (Call For Help, Multiple Specific Encounters). Pure: no I/O beyond reading the
tables file, no Discord."""
from engine.tables.loader import DEFAULT_FILE, TableError, check_book, default_book, load_book, parse_book
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
    table_choices,
)
from engine.tables.rules import CALL_FOR_HELP, CallForHelpResult, call_for_help, call_for_help_cost, order_encounters

__all__ = [
    "Book",
    "CALL_FOR_HELP",
    "CallForHelpResult",
    "DEFAULT_FILE",
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
    "call_for_help",
    "call_for_help_cost",
    "check_book",
    "default_book",
    "find_showable",
    "find_table",
    "load_book",
    "order_encounters",
    "parse_book",
    "roll_die",
    "roll_table",
    "table_choices",
]
