"""What the Water Realm keeps in a game (`StandardState.water`). Only pydantic here.

The board is a list of spaces (row by row from the entrance's end, `water.content.Grid`), each
with the card lying there or None (the entrance, the Undersea Palace, a space emptied). A card
lies face down until someone enters its space, Legends of the Deeps or Pressure Sense turns it
up; an Obstacle stays for good, a beaten Creature or a used positive card leaves the game
(`removed`). The three light and three dark cards left over lie aside unseen (`aside`). Each
character in the realm (`divers`) has her space and her Bubbles: `bubbles` on the right side of
her card, `used` on the left (rulebook "Losing Bubbles": her bag never holds more than she
bought). The Greater Guardian and the Artifact the Gate sent to the Palace stay recorded on the
Gate's Astral Plane (`gate`), where the Standard rules (and a Prophetic Dream) find them.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class GridCard(BaseModel):
    """A card on a space of the realm. Frozen: apply's copy of the state shares it
    (engine/core/clone.py), so turning it up puts a new one in its place."""

    model_config = ConfigDict(frozen=True)

    uid: str
    card: str
    up: bool = False


class Diver(BaseModel):
    """A character in the Water Realm."""

    cell: int
    bubbles: int = Field(0, ge=0)
    used: int = Field(0, ge=0)
    #: she starts her next turn with the Creature of her space (lost to it, drew, was dragged
    #: onto it): leaving is running away (rulebook "Creatures")
    held: bool = False
    #: the main-board space she dived from (where she comes back if the realm is closed)
    came_from: str = ""


AskKind = Literal["exit", "squid", "mermaid", "reveal", "steer"]


class WaterAsk(BaseModel):
    """A question of the realm the game waits on, asked of one player."""

    player: str
    kind: AskKind
    options: list[str] = Field(default_factory=list)
    #: the card that asks
    reason: str = ""
    #: once answered: the turn goes on as if she had just moved there ("arrive"), or it ends
    then: Literal["arrive", "end_turn", "act", ""] = ""
    #: how many more to answer (Legends of the Deeps reveals two)
    left: int = 1
    #: a current's question: how many currents carried her already this turn, and whether
    #: what she lands on is fought now (False once a lost battle ended her turn)
    chain: int = 0
    fight: bool = True


class WaterTurn(BaseModel):
    """What the active diver's turn holds beyond the Standard turn."""

    #: what she must fight now: a card's uid on the grid, "guardian" (the Palace) or "lord"
    fight: str | None = None
    #: a lost or drawn battle ended the turn: only the end of the turn is left
    over: bool = False
    #: the Skeletal Shark: the Magic paid before this battle (its cap on her result)
    shark_cap: int | None = None
    #: the Giant Squid: extra battles won so far, and whether the battle on now is one of them
    squid_wins: int = 0
    squid_extra: bool = False
    #: the Gate was turned up by her attack this turn: she may dive at once
    gate_found: bool = False
    #: she gave up her movement (Swimming refills a Bubble once for it)
    stayed: bool = False


class WaterState(BaseModel):
    """The Water Realm's board, its cards and the characters in it."""

    cells: list[GridCard | None]
    aside: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)
    #: the Underwater Ability deck, top = last
    underwater: list[str] = Field(default_factory=list)
    #: the Astral Plane of the Gate to the Water Realm once it is turned up
    gate: str | None = None
    #: the Gate closed once the last Artifact is out (rulebook "The Apocalypse Variant", "The Final Battle")
    closed: bool = False
    divers: dict[str, Diver] = Field(default_factory=dict)
    #: players holding a Pearl of the Abyss, and the Pearls still on the disc
    pearls: list[str] = Field(default_factory=list)
    pearls_left: int = 0
    #: the Lord of the Sea waiting in his palace ("Lord of the Sea" variant), None once beaten
    lord: str | None = None
    #: the player the Little Mermaid loves (her card lies with that player)
    mermaid: str | None = None
    #: who summoned the storm now raging (Summon Storm), until her next round
    storm: str | None = None
    asks: list[WaterAsk] = Field(default_factory=list)
    turn: WaterTurn = Field(default_factory=WaterTurn)

    def diver(self, pid: str) -> Diver | None:
        return self.divers.get(pid)
