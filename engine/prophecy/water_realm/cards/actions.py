"""The actions of the Water Realm expansion's new cards for the Standard game: each a small
model on `ActionBase`, gathered in CARDS_ACTIONS (the Action union reads them through
ISLAND_ACTIONS, see island/actions.py)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.prophecy.action_base import ActionBase


class Smith(ActionBase):
    """Have a smith work on an Item ("Astral Stones"; "Falchion, Gauntlets of Battle"): set the
    Astral Stone `stone` (an Item uid) into `item` (an Item uid, or an Artifact id), or adjust
    `item` to `setting`. `blacksmithing`: with that Ability, instead of movement (free)."""

    type: Literal["wrc_smith"] = "wrc_smith"
    item: str = Field(max_length=64)
    stone: str | None = Field(None, max_length=64)
    setting: str | None = Field(None, max_length=32)
    blacksmithing: bool = False


class CardChoice(ActionBase):
    """The answer to a question a new card asks (a riddle's question, a judge's verdict, who
    the Doppelganger copies...): one of the question's options."""

    type: Literal["wrc_choice"] = "wrc_choice"
    option: str = Field(max_length=96)


class NameCard(ActionBase):
    """A description of a card, typed in chat (the Mad Riddler's Item, the Item the Scroll of
    Entrancement takes): its exact name, or any words the table may judge."""

    type: Literal["wrc_name"] = "wrc_name"
    text: str = Field(min_length=1, max_length=300)


class ExchangeFates(ActionBase):
    """Scroll of Exchanging Fates: swap your die number `own` with the opponent's die number
    `foe` (0-based, in the order rolled) once the dice of a roll have fallen."""

    type: Literal["wrc_fates"] = "wrc_fates"
    item: str = Field(max_length=64)
    own: int = Field(ge=0, le=5)
    foe: int = Field(ge=0, le=5)


#: every action of the new cards
CARDS_ACTIONS: tuple[type[ActionBase], ...] = (Smith, CardChoice, NameCard, ExchangeFates)
