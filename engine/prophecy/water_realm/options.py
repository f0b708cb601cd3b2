"""What a table chose of the Water Realm expansion (`StandardOptions.expansion`).

The expansion is played on top of the Standard game, part by part: its new Items and
Adventures, Treasure Island, the Water Realm, and the new Artifacts, each with its variants
(rulebook "Game Variants", "New Artifacts"). Only pydantic here: `standard.state` imports it.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator


class ExpansionOptions(BaseModel):
    """Frozen: chosen once, at /game new. A state's copy shares it (engine/core/clone.py), so the
    parts in play are looked up by this very object (`parts.active_parts`; issue #30)."""

    model_config = ConfigDict(frozen=True)

    #: the new Items and Adventures shuffled into the decks ("New Cards for the Standard Game")
    new_cards: bool = False
    #: the Mad Riddler among the new cards (the rulebook keeps it for tables of veterans only;
    #: ruling mad_riddler_veterans in data/prophecy/water_realm/cards/rulings.yaml)
    mad_riddler: bool = True
    #: "Treasure Island": the overlay, Map Fragments, the Treasures
    treasure_island: bool = False
    #: "Level of Interaction": battles for Maps as written, never, or with anyone
    interaction: Literal["standard", "peaceloving", "aggressive"] = "standard"
    #: "Trading Between Players": Map Fragments may be traded like Gold and Items. Not played
    #: (the bot has no Trading Between Players, ruling map_trading_not_offered): kept only to
    #: refuse it by name rather than ignore it
    map_trading: bool = False
    #: "Random Treasures": Treasures dug up blind from the face-down deck
    random_treasures: bool = False
    #: "Treasure Hunters Game": Treasures and Fame instead of Artifacts
    treasure_hunters: bool = False
    #: "Water Realm": the second board, entered through the Gate to the Water Realm
    water_realm: bool = False
    #: "Lord of the Sea": the first to beat the Lord of the Sea in his palace wins
    lord_of_the_sea: bool = False
    #: "New Artifacts": the base five, the new five, five of the ten at random, or the
    #: "Ten Artifacts Variant" (two on each Astral Plane, the conqueror keeps one)
    artifacts: Literal["base", "new", "random", "ten"] = "base"

    @model_validator(mode="after")
    def _parts_fit(self) -> "ExpansionOptions":
        if self.map_trading:
            raise ValueError("trading Map Fragments is not played: this bot has no Trading Between Players")
        island_only = self.interaction != "standard" or self.random_treasures or self.treasure_hunters
        if island_only and not self.treasure_island:
            raise ValueError("these Treasure Island variants need Treasure Island")
        if self.lord_of_the_sea and not self.water_realm:
            raise ValueError("Lord of the Sea is played in the Water Realm")
        if self.treasure_hunters and (self.water_realm or self.artifacts != "base"):
            raise ValueError("the Treasure Hunters game uses no expansion world and no Artifacts")
        if self.lord_of_the_sea and self.artifacts != "base":
            raise ValueError("Lord of the Sea is played without Artifacts")
        return self

    def any_part(self) -> bool:
        return self.new_cards or self.treasure_island or self.water_realm or self.artifacts != "base"
