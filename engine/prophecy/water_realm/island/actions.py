"""Treasure Island's actions (Water Realm expansion, "Treasure Island") and the new Artifacts'
(Ritual Scepter, Ten Artifacts Variant): each a small model on `ActionBase`, gathered in
ISLAND_ACTIONS for `engine.prophecy.actions.Action`."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.prophecy.action_base import ActionBase


class SailToIsland(ActionBase):
    """Movement: from a Port by boat (2 Gold, the round trip), or by a card that goes anywhere
    (`via`: the Ability or Artifact; its own price)."""

    type: Literal["island_go"] = "island_go"
    via: str | None = Field(None, max_length=64)


class LeaveIsland(ActionBase):
    """Movement from the island: by boat to any Port (free), or by a card that goes anywhere
    (`via`) to any space of the ring."""

    type: Literal["island_leave"] = "island_leave"
    to: str = Field(max_length=64)
    via: str | None = Field(None, max_length=64)


class StayOnIsland(ActionBase):
    """Movement: stay on the island."""

    type: Literal["island_stay"] = "island_stay"


class CollectMap(ActionBase):
    """Pick up the Map Fragment of the space once no Adventure card is left there."""

    type: Literal["island_collect"] = "island_collect"


class Dig(ActionBase):
    """Dig up these face-up Treasures, paying their Map Fragments ("Digging for Buried Treasure")."""

    type: Literal["island_dig"] = "island_dig"
    treasures: tuple[str, ...] = Field(min_length=1, max_length=7)


class DigBlind(ActionBase):
    """Random Treasures: pay Map Fragments and draw one more card from the face-down deck
    (two Fragments for the first card, one for each further card)."""

    type: Literal["island_dig_blind"] = "island_dig_blind"


class KeepTreasure(ActionBase):
    """Random Treasures: keep this one of the cards drawn; the others go to the bottom."""

    type: Literal["island_keep"] = "island_keep"
    treasure: str = Field(max_length=64)


class BattleForMaps(ActionBase):
    """Attack a character on the space declaring a battle for Maps ("Battling for Maps"), with
    the equipment and spells declared for the battle (as `Attack`)."""

    type: Literal["island_map_battle"] = "island_map_battle"
    target: str = Field(max_length=64)
    battle: Literal["strength", "wills"]
    weapon: str | None = Field(None, max_length=64)
    hand: tuple[str, ...] = Field((), max_length=2)
    head: str | None = Field(None, max_length=64)
    body: tuple[str, ...] = Field((), max_length=50)
    throw: bool = False
    second: str | None = Field(None, max_length=64)
    spells: tuple[str, ...] = Field((), max_length=10)


class TakeSpoils(ActionBase):
    """Aggressive variant: the winner takes a Map Fragment (`map` True) or leaves the loser
    the usual choice between 1 Health and an Item."""

    type: Literal["island_spoils"] = "island_spoils"
    map: bool


class KeepArtifact(ActionBase):
    """Ten Artifacts Variant: keep this one of the plane's two Artifacts."""

    type: Literal["wrart_keep"] = "wrart_keep"
    artifact: str = Field(max_length=64)


class ScepterStrike(ActionBase):
    """Ritual Scepter: announce an attack on this Artifact holder and strike her first."""

    type: Literal["wrart_strike"] = "wrart_strike"
    target: str = Field(max_length=64)


#: every Treasure Island action class, in the order the union lists them
ISLAND_ACTIONS: tuple[type[ActionBase], ...] = (
    SailToIsland, LeaveIsland, StayOnIsland, CollectMap, Dig, DigBlind, KeepTreasure, BattleForMaps, TakeSpoils,
    KeepArtifact, ScepterStrike,
)

# The new cards' actions (Water Realm expansion, "New Cards for the Standard Game") ride in this
# tuple: the Action union reads only ISLAND_ACTIONS and WATER_ACTIONS.
from engine.prophecy.water_realm.cards.actions import CARDS_ACTIONS  # noqa: E402

ISLAND_ACTIONS = ISLAND_ACTIONS + CARDS_ACTIONS
