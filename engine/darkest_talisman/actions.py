"""Campaign actions. Each is a small frozen pydantic model; `type` tells them apart in JSON.

`Choose` answers whatever decision the campaign waits for (its options are listed in the
decision); the other actions are free actions a character's controller may take when the
moment allows (shopping in a village, dropping things on the road, casting a Spell...).
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Choose(_Action):
    """Answer the pending decision with one of its options."""

    type: Literal["choose"] = "choose"
    #: long enough for the longest option the engine lists: a Guardian Combat's way of sharing
    #: the party's total out names every Enemy it kills (C8e-g), up to 18 Pit Fiends (C10m)
    option: str = Field(max_length=400)


class SetOrder(_Action):
    """The new Marching Order, the leader first (C3a-d, C4a-l)."""

    type: Literal["order"] = "order"
    order: list[str] = Field(max_length=6)


class Buy(_Action):
    """Buy an object from the Blacksmith's stock (the village, the Pedlar, Market Day)."""

    type: Literal["buy"] = "buy"
    hero: str
    card: str


class Restore(_Action):
    """One point from a healing service: a life, a Fate, a Strength or a Craft (B1b)."""

    type: Literal["restore"] = "restore"
    hero: str
    service: str


class Visit(_Action):
    """Use a service that rolls or hands out a quest (the Mystic, the Temple, the Enchantress)."""

    type: Literal["visit"] = "visit"
    hero: str
    service: str


class Sell(_Action):
    """The City's Alchemist buys any carried Object."""

    type: Literal["sell"] = "sell"
    hero: str
    thing: str


class Store(_Action):
    """Put a carried thing (or Gold, `thing=None`) in this village's storage (B1d, C2d)."""

    type: Literal["store"] = "store"
    hero: str
    thing: str | None = None
    gold: int = Field(0, ge=0, le=1000)


class Retrieve(_Action):
    """Take back a stored thing or Gold; a dead companion's Talisman may be taken by anyone (B1d)."""

    type: Literal["retrieve"] = "retrieve"
    hero: str
    thing: str | None = None
    gold: int = Field(0, ge=0, le=1000)


class CashTrophies(_Action):
    """Trade Trophies for Strength or Craft, only in a village (C2b): every full 7 points give 1."""

    type: Literal["cash_trophies"] = "cash_trophies"
    hero: str
    attribute: Literal["strength", "craft"]


class CashBag(_Action):
    """Trade a Bag of Gold for its value in Gold, at any time (C2d-d)."""

    type: Literal["cash_bag"] = "cash_bag"
    hero: str
    thing: str


class Drop(_Action):
    """Drop an Object or Gold, or abandon a Follower (C4b-a); in a village, discard it."""

    type: Literal["drop"] = "drop"
    hero: str
    thing: str | None = None
    gold: int = Field(0, ge=0, le=1000)


class Use(_Action):
    """Use up an Object (a potion)."""

    type: Literal["use"] = "use"
    hero: str
    thing: str


class Cast(_Action):
    """Cast a Spell outside combat; `target` is a character uid, a road space ("road:3") or a
    destination ("dest:chapel") as the Spell needs; Divination what it looks at ("see:spots",
    "see:deck", "see:spells", D3c)."""

    type: Literal["cast"] = "cast"
    hero: str
    spell: str
    target: str | None = None


class BuildRaft(_Action):
    """Build a raft with an Axe on a Woods space (C5c)."""

    type: Literal["build_raft"] = "build_raft"
    hero: str


class HandOver(_Action):
    """Give a player's characters to another person or an AI seat (a co-op player leaving)."""

    type: Literal["hand_over"] = "hand_over"
    player: str
    to: str
    name: str = Field("", max_length=100)
    ai: str | None = None


Action = Annotated[
    Union[Choose, SetOrder, Buy, Restore, Visit, Sell, Store, Retrieve, CashTrophies, CashBag, Drop, Use, Cast,
          BuildRaft, HandOver],
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
