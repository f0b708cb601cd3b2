"""The Magical Orders rank tracker as a plug-in: a channel's Orders, points and Ranks for a table
playing that game with its own pieces. Its own /orders commands and the /table reference tables;
not a /game table game."""
from __future__ import annotations

from engine.orders.game import SYSTEM
from systems.plugin import RulesShelf, SystemPlugin

PLUGIN = SystemPlugin(
    engine=SYSTEM,
    title_key="system.orders",
    extensions=("systems.orders.cog", "systems.orders.tables"),
    rules=(RulesShelf("magical_orders", "commands.choices.magical_orders",
                      documents=(("magical-orders-tables-and-revised-rules", "Magical Orders: tables and revised rules"),
                                 ("magical-orders", "Magical Orders")),
                      mentions=("magical orders",), short_names=("orders", "ordini")),),
    summaries=("magical-orders",),
)
