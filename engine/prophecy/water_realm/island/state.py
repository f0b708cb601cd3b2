"""What Treasure Island keeps in a game (`StandardState.island`), and what the new Artifacts'
variants keep (`IslandState.pairs`, the Ten Artifacts Variant). Only pydantic here.

Hidden (island/part.py `redact`): the order of the face-down Treasure deck and of the Map
Fragment deck, a Crystal Ball's vision (its holder alone), the cards of a blind dig (the digger
alone) and the two Artifacts a conqueror chooses between (she alone; a Prophetic Dream shows a
plane's pair to the dreamer). Which Map Fragments a character holds is not secret ("Collecting
Map Fragments": everyone sees how many, which ones does not matter); only the count is shown.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

#: the island's place id (no ring space has it): where a character on the island stands
ISLAND = "treasure_island"
#: `PlayerState.board` of a character on the island
ON_ISLAND = "island"


class BlindDig(BaseModel):
    """Random Treasures: the cards drawn so far by the digger, and the Map Fragments paid."""

    player: str
    drawn: list[str] = Field(default_factory=list)
    paid: int = 0


class MapBattle(BaseModel):
    """A fight between characters that is a battle for Maps ("Battling for Maps"), or, in the
    Aggressive variant, any fight between characters: its winner settles the stakes."""

    attacker: str
    defender: str
    #: declared as a battle for Maps (else the Aggressive variant's winner's choice)
    declared: bool = True


class Spoils(BaseModel):
    """Aggressive variant: the winner of a fight between characters chooses a Map Fragment or
    the usual stakes (the loser's Health or Item)."""

    winner: str
    loser: str
    attacker: str


class KeepArtifact(BaseModel):
    """Ten Artifacts Variant: the conqueror of a plane looks at both its Artifacts and keeps one."""

    player: str
    plane: str
    options: list[str]


class Strike(BaseModel):
    """Ritual Scepter: its holder struck the character she announced an attack on; the attack follows."""

    player: str
    target: str


class IslandState(BaseModel):
    """Treasure Island's cards, who holds how many Map Fragments, and the new Artifacts' variants."""

    #: Treasure Island is played (False: only the new Artifacts' records below are used)
    playing: bool = True
    #: face-down Treasure deck, top = last element
    deck: list[str] = Field(default_factory=list)
    #: the Treasures lying face up on the island (three; Treasure Hunters: players + 2)
    up: list[str] = Field(default_factory=list)
    #: Map Fragment deck (face down, top = last) and the discarded fragments
    fragments: list[str] = Field(default_factory=list)
    discarded: list[str] = Field(default_factory=list)
    #: space id -> the Map Fragment lying there (under its Adventures)
    placed: dict[str, str] = Field(default_factory=dict)
    #: player -> the Map Fragments she holds (Treasure Hunters: Greater Guardians count too)
    held: dict[str, list[str]] = Field(default_factory=dict)
    #: Treasure Hunters Game: player -> Fame Points
    fame: dict[str, int] = Field(default_factory=dict)
    #: Crystal Ball of Fate: player -> (light, dark), the next battle roll of her round
    foretold: dict[str, list[int]] = Field(default_factory=dict)
    #: who dug up a Treasure this turn (a fight is resolved before digging; one per turn in
    #: Random Treasures and Treasure Hunters)
    dug: list[str] = Field(default_factory=list)
    blind: BlindDig | None = None
    battle: MapBattle | None = None
    spoils: Spoils | None = None
    #: Ten Artifacts Variant: plane id -> the second Artifact lying there
    pairs: dict[str, str] = Field(default_factory=dict)
    keep: KeepArtifact | None = None
    strike: Strike | None = None
    #: Artifacts removed from the game (the one not kept of a pair)
    removed: list[str] = Field(default_factory=list)

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:  # Any: no return schema, as before
        """Empty records are left out, so a game's JSON stays short."""
        data = handler(self)
        for name in ("foretold", "dug", "pairs", "removed", "fame", "discarded", "placed"):
            if not data.get(name):
                data.pop(name, None)
        for name in ("blind", "battle", "spoils", "keep", "strike"):
            if data.get(name) is None:
                data.pop(name, None)
        return data

    def count(self, pid: str) -> int:
        return len(self.held.get(pid, []))


Waiting = Literal["blind", "spoils", "keep", "strike"]
