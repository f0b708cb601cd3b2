"""The Magical Orders rank tracker: players, Orders, points, Ranks, Call For Help, co-op rule."""
from engine.orders.actions import ACTION_ADAPTER, Advance, CallForHelp, ChangePoints, Join, MarkTasks
from engine.orders.game import SYSTEM, OrdersSystem
from engine.orders.ranks import Verdict, advancement, meets, qualified_rank
from engine.orders.rules import apply, legal_actions, parse_action
from engine.orders.state import SCHEMA, OrderPlayer, OrdersOptions, OrdersState

__all__ = [
    "ACTION_ADAPTER",
    "Advance",
    "CallForHelp",
    "ChangePoints",
    "Join",
    "MarkTasks",
    "OrderPlayer",
    "OrdersOptions",
    "OrdersState",
    "OrdersSystem",
    "SCHEMA",
    "SYSTEM",
    "Verdict",
    "advancement",
    "apply",
    "legal_actions",
    "meets",
    "parse_action",
    "qualified_rank",
]
