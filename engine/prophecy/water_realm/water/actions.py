"""The Water Realm's actions (Water Realm expansion, "Water Realm"): each a small model on
`ActionBase`, gathered in WATER_ACTIONS for `engine.prophecy.actions.Action`.

In the realm a character also fights (`Fight`, `Attack` on the Palace's Guardian or another
character), slips past a Creature (`Avoid`), uses an Ability instead of moving (`UseAbility`),
an Item (`UseItem`) and ends her turn (`EndTurn`) with the Standard actions."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.prophecy.action_base import ActionBase


class WaterEnter(ActionBase):
    """Dive into the Water Realm from a space beside the Gate, buying a Bubble Bag for `gold`
    (0: none) at the Gate's price list (rulebook "Gate to the Water Realm", "Magic Bubble Bag")."""

    type: Literal["water_enter"] = "water_enter"
    gold: int = Field(0, ge=0, le=20)


class WaterMove(ActionBase):
    """Move one or two spaces to `to` (a space of the grid), or off the board to `exit` (a ring
    space beside the Gate): rulebook "Moving", "Returning to the Main Game Board"."""

    type: Literal["water_move"] = "water_move"
    to: int | None = Field(None, ge=0, le=99)
    exit: str | None = Field(None, max_length=64)


class WaterStay(ActionBase):
    """Give up the movement and meet what lies here again (rulebook "Movement" b)."""

    type: Literal["water_stay"] = "water_stay"


class WaterTake(ActionBase):
    """Use the positive card of this space: take the Item, use the Opportunity, learn the
    Waterlore Ability (rulebook "Positive Cards")."""

    type: Literal["water_take"] = "water_take"
    card: str = Field(max_length=64)


class WaterSwim(ActionBase):
    """Swimming: pay a Bubble for an extra turn (once a round)."""

    type: Literal["water_swim"] = "water_swim"


class WaterExit(ActionBase):
    """The ring space beside the Gate where she comes out of the realm."""

    type: Literal["water_exit"] = "water_exit"
    space: str = Field(max_length=64)


class WaterSteer(ActionBase):
    """Current Riding: the direction the current carries her."""

    type: Literal["water_steer"] = "water_steer"
    direction: Literal["north", "east", "south", "west"]


class WaterReveal(ActionBase):
    """Legends of the Deeps: a face-down card of the realm to turn up."""

    type: Literal["water_reveal"] = "water_reveal"
    cell: int = Field(ge=0, le=99)


class WaterSense(ActionBase):
    """Pressure Sense: turn up a face-down card next to her."""

    type: Literal["water_sense"] = "water_sense"
    cell: int = Field(ge=0, le=99)


class WaterShark(ActionBase):
    """The Magic paid before fighting the Skeletal Shark (its cap on her result)."""

    type: Literal["water_shark"] = "water_shark"
    magic: int = Field(ge=0, le=30)


class WaterSquid(ActionBase):
    """After beating the Giant Squid: fight it again (`again`) or let it swim away with the reward."""

    type: Literal["water_squid"] = "water_squid"
    again: bool


class WaterMermaid(ActionBase):
    """After beating the Sea Witch while the Little Mermaid loves her: stay under the sea for
    good (`stay`: the character leaves the game) or go on."""

    type: Literal["water_mermaid"] = "water_mermaid"
    stay: bool


class WaterPearl(ActionBase):
    """Pay with the Giant Pearl for one purchase: an Item on offer (`buy`), an Ability (`learn`),
    a repair (`repair`) or a training (`train`, `target` a figure)."""

    type: Literal["water_pearl"] = "water_pearl"
    what: Literal["buy", "learn", "repair", "train"]
    target: str = Field(max_length=64)


class WaterStorm(ActionBase):
    """Summon Storm: the storm rages until her next round."""

    type: Literal["water_storm"] = "water_storm"


#: every Water Realm action class, in the order the union lists them
WATER_ACTIONS: tuple[type[ActionBase], ...] = (
    WaterEnter, WaterMove, WaterStay, WaterTake, WaterSwim, WaterExit, WaterSteer, WaterReveal, WaterSense,
    WaterShark, WaterSquid, WaterMermaid, WaterPearl, WaterStorm,
)
