"""Player actions. Each is a small pydantic model; `type` tells them apart in JSON."""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    def key(self) -> str:
        """A short stable text form (used in button ids and logs)."""
        return self.model_dump_json(exclude_defaults=False)


class Move(_Action):
    type: Literal["move"] = "move"
    method: Literal["stay", "walk", "horse", "boat", "gate"]
    #: destination space id (for "stay", the current space)
    to: str = Field(max_length=64)


class Fight(_Action):
    """Fight the Creature on the space, with the equipment declared for this battle."""

    type: Literal["fight"] = "fight"
    battle: Literal["strength", "wills"]
    weapon: str | None = Field(None, max_length=64)
    #: shield, wand or other hand Items (not weapons)
    hand: tuple[str, ...] = Field((), max_length=2)
    head: str | None = Field(None, max_length=64)
    body: tuple[str, ...] = Field((), max_length=50)
    #: throw the weapon: its thrown bonus is added to the first roll, then it is usually damaged
    #: (in a three-lives battle the player may instead throw it before a later roll: `Roll`)
    throw: bool = False


class Roll(_Action):
    """The next roll of a three-lives battle; `throw` throws the declared weapon on this roll."""

    type: Literal["roll"] = "roll"
    throw: bool = False


class ChooseItem(_Action):
    """The owner's answer to a card that takes or damages one of her Items."""

    type: Literal["choose_item"] = "choose_item"
    item: str = Field(max_length=64)


class Bribe(_Action):
    """Invoke a Creature's optional (?) rule to avoid the battle by paying its cost."""

    type: Literal["bribe"] = "bribe"


class UseOpportunity(_Action):
    type: Literal["use_opportunity"] = "use_opportunity"
    card: str = Field(max_length=64)
    #: the Items handed over when the card takes some (e.g. sold for Gold); the owner picks them
    give: tuple[str, ...] = Field((), max_length=10)


class Heal(_Action):
    type: Literal["heal"] = "heal"
    amount: int = Field(ge=1, le=100)


class Recharge(_Action):
    type: Literal["recharge"] = "recharge"
    amount: int = Field(ge=1, le=100)


class Exchange(_Action):
    """A space's pay-this-get-that Possibility (Village lodging, City work, Fortress training)."""

    type: Literal["exchange"] = "exchange"
    service: str = Field(max_length=64)


class Buy(_Action):
    type: Literal["buy"] = "buy"
    item: str = Field(max_length=64)


class Sell(_Action):
    type: Literal["sell"] = "sell"
    item: str = Field(max_length=64)


class Repair(_Action):
    type: Literal["repair"] = "repair"
    item: str = Field(max_length=64)


class UseItem(_Action):
    type: Literal["use_item"] = "use_item"
    item: str = Field(max_length=64)


class BuyCertificate(_Action):
    type: Literal["certificate"] = "certificate"


class EndTurn(_Action):
    type: Literal["end_turn"] = "end_turn"


class Resign(_Action):
    """Table action (only the game master applies it): a player leaves; her character is out."""

    type: Literal["resign"] = "resign"
    player: str = Field(max_length=64)


class HandOver(_Action):
    """Table action: a seat changes hands (a new person, or an AI seat for an absent player)."""

    type: Literal["hand_over"] = "hand_over"
    player: str = Field(max_length=64)
    to: str = Field(max_length=64)
    name: str = Field(max_length=64)
    ai: str | None = Field(None, max_length=32)


TABLE_ACTIONS = ("resign", "hand_over")
#: the only actor allowed to apply table actions
TABLE_ACTOR = "gm"

Action = Annotated[
    Union[Move, Fight, Roll, ChooseItem, Bribe, UseOpportunity, Heal, Recharge, Exchange, Buy, Sell, Repair, UseItem, BuyCertificate,
          EndTurn, Resign, HandOver],
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
