"""Per-game table settings kept beside the engine state: the turn clock, votes, undo proposals.

These are the game master's business, not the rules': the engine never sees them. They live
in the game row's `settings` JSON and are written under the channel lock.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

DAY = 86_400.0
HOUR = 3_600.0

ExpiryPolicy = Literal["ai", "skip", "vote"]


class TimeBank(BaseModel):
    """How much thinking time each player has (chosen at /game new or /game settings)."""

    enabled: bool = True
    start: float = Field(3 * DAY, gt=0, le=60 * DAY)
    increment: float = Field(12 * HOUR, ge=0, le=30 * DAY)
    cap: float = Field(7 * DAY, gt=0, le=120 * DAY)
    #: remind this many seconds before the bank runs out
    reminders: list[float] = Field(default_factory=lambda: [DAY, HOUR], max_length=5)
    policy: ExpiryPolicy = "ai"


class ClockState(BaseModel):
    banks: dict[str, float] = Field(default_factory=dict)
    #: whose bank is running (a person who must decide), and since when
    running_for: str | None = None
    since: float = 0.0
    #: reminder offsets already sent for this run (never sent twice)
    reminded: list[float] = Field(default_factory=list)
    paused: bool = False
    paused_at: float | None = None
    #: player -> end of vacation (their bank does not run until then)
    vacation: dict[str, float] = Field(default_factory=dict)


#: how long the table has to vote on an absent player (shortened to the starting bank when that is shorter)
VOTE_WINDOW = DAY
#: what happens when a vote reaches its deadline without a majority: the mildest choice, so an
#: absent player keeps their seat and nobody is removed by silence (project choice)
VOTE_FALLBACK: Literal["skip", "ai", "remove"] = "skip"


class Vote(BaseModel):
    """The table decides what to do about a player whose time ran out."""

    player: str
    version: int
    ballots: dict[str, Literal["skip", "ai", "remove"]] = Field(default_factory=dict)
    #: when the vote closes by itself with VOTE_FALLBACK (None: a vote stored before deadlines existed)
    deadline: float | None = None


class UndoProposal(BaseModel):
    """Taking back the proposer's last step (seq) and the AI steps that followed it (steps in all)."""

    seq: int
    version: int
    steps: int = 1
    proposer: str
    yes: list[str] = Field(default_factory=list)


class Table(BaseModel):
    timebank: TimeBank = Field(default_factory=TimeBank)
    clock: ClockState = Field(default_factory=ClockState)
    vote: Vote | None = None
    undo: UndoProposal | None = None
    #: pending seat replacement: old player -> new player id (waiting for consent)
    replace: dict[str, str] = Field(default_factory=dict)
