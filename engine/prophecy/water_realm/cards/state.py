"""What the new cards of the Water Realm expansion keep in a game (`StandardState.cards`, set
when the table plays them). Only pydantic here: `standard.state` imports it.

An Item's stone, setting or copy is not here: it is in the Item's card id (a variant card,
engine/prophecy/water_realm/cards/content.py). Here are the things that are not an Item: who waits on the
Path of the Dead, the creature types characters gained, the Beast cards kept, the stones set in
Artifacts, the Mad Riddler's secret Items, and the questions the cards ask (a pending decision
of one player each, first one first, like the Standard decisions).
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

QuestionKind = Literal[
    "riddle",  # the Mad Riddler's visitor: ask a question, guess, or give up
    "name",  # type a description of a card (the Mad Riddler's Item, the Scroll of Entrancement's)
    "judge",  # one of the judges of a description: does it fit?
    "copy",  # who the Doppelganger copies (the visitor)
    "doppel",  # how the copy fights (the copied character's player)
    "alchemy",  # which Item the Unlicensed Alchemist duplicates
    "gifts",  # Gifts of the Gods: everyone keeps, or everyone discards
    "returned",  # the hidden Astral Plane card to look at next, or stop
    "entrance",  # whom the Scroll of Entrancement robs
]

#: questions whose options only their player may see
SECRET_QUESTIONS = frozenset({"judge"})


class Question(BaseModel):
    """A question one player must answer before play goes on."""

    kind: QuestionKind
    player: str
    #: the card that asks (a card id)
    card: str
    #: what she may answer
    options: list[str] = Field(default_factory=list)
    #: the Adventure on the space that asks (its uid), or the Item read (its uid)
    source: str | None = None
    #: the character concerned: the one robbed by the Scroll of Entrancement
    other: str | None = None
    #: who gave the description being judged
    guesser: str | None = None
    #: the card to be named (secret: only the judges see it while they judge)
    secret: str | None = None
    #: the Mad Riddler's questions asked this visit (question ids) and their answers
    asked: list[str] = Field(default_factory=list)
    answers: list[bool] = Field(default_factory=list)
    #: the description given, and what the judges said of it (player -> option)
    text: str = ""
    judges: list[str] = Field(default_factory=list)
    votes: dict[str, str] = Field(default_factory=dict)
    #: Gifts of the Gods: the Items drawn (uids); the Returned: looks left
    items: list[str] = Field(default_factory=list)
    left: int = 0


class Doppel(BaseModel):
    """The Doppelganger being fought: whom it copies and how (rulebook "Doppelganger")."""

    uid: str
    copy_of: str
    battle: Literal["strength", "wills"] | None = None
    spells: list[str] = Field(default_factory=list)


class Fates(BaseModel):
    """The dice of a battle's last roll, for the Scroll of Exchanging Fates: every die each side
    rolled (Prayer and Curse roll several), recorded when the battle paused."""

    roll: int
    own: list[int]
    foe: list[int]


class CardsState(BaseModel):
    #: the questions the game waits on, first one first
    questions: list[Question] = Field(default_factory=list)
    #: a Mad Riddler on the board (its uid) -> the Item he keeps secret
    riddles: dict[str, str] = Field(default_factory=dict)
    doppel: Doppel | None = None
    fates: Fates | None = None
    #: player -> the creature types she gained (Beast, Path of the Dead), besides humanoid
    types: dict[str, list[str]] = Field(default_factory=dict)
    #: player -> Beast cards she keeps
    beasts: dict[str, list[str]] = Field(default_factory=dict)
    #: player -> the space she left for the Path of the Dead (she is off the board)
    away: dict[str, int] = Field(default_factory=dict)
    #: Artifact -> the Astral Stone set in it
    stones: dict[str, str] = Field(default_factory=dict)
