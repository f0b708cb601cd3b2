"""The whole state of one Prophecy game: a pydantic model, JSON round-trippable.

Everything a rule needs lives here (including the RNG), and nothing else does: the content
pack is looked up by id, never copied in, so a stored game stays small.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer, model_validator

from engine.core.rng import Rng
from engine.prophecy.standard.state import (
    StandardOptions,
    StandardState,
    figure_on_roll,
    required,
    throw_open,
    without_absent,
)

SCHEMA = 1

Phase = Literal["move", "fight", "act"]


class ProphecyOptions(BaseModel):
    """Options chosen at `/game new`. Later versions add fields here (Standard, Water Realm)."""

    version: Literal["basic", "standard"] = "basic"
    #: the Basic-format pack (board, characters, Adventures, Items, Chance cards); a Standard
    #: game plays on it with the overlay named in `standard.pack`
    pack: str = "base"
    #: end the game after this many rounds (ranked by Certificates); None plays to the end
    round_limit: int | None = Field(None, ge=1, le=10_000)
    #: end a turn by itself when ending it is the only thing left to do
    auto_end_turn: bool = True
    #: the Standard game's own options; set (to the defaults at least) exactly when version is "standard"
    standard: StandardOptions | None = None

    @model_validator(mode="after")
    def _standard_options(self) -> "ProphecyOptions":
        if self.version == "standard" and self.standard is None:
            self.standard = StandardOptions()
        elif self.version != "standard" and self.standard is not None:
            raise ValueError("Standard options are only for version standard")
        return self

    def std(self) -> StandardOptions:
        """The Standard Version's options: only Standard code, in a Standard game, asks."""
        return required(self.standard, "not a Standard game")

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:  # Any: no return schema, as before
        """A Basic game's options dump exactly as before the Standard Version existed."""
        return without_absent(handler(self), self, "standard")


class Cubes(BaseModel):
    """Red (Health/Strength) or blue (Magic/Willpower) cubes on a character card."""

    right: int = Field(ge=0)
    left: int = Field(0, ge=0)

    @property
    def total(self) -> int:
        return self.right + self.left


class OwnedItem(BaseModel):
    uid: str
    card: str
    damaged: bool = False


class AdventureOnSpace(BaseModel):
    """A card on a space. Frozen: apply's copy of the state shares it (engine/core/clone.py), so
    turning it up puts a new one in its place."""

    model_config = ConfigDict(frozen=True)

    uid: str
    card: str
    face_up: bool = True


class PlayerState(BaseModel):
    player: str
    name: str
    ai: str | None = None
    character: str
    red: Cubes
    blue: Cubes
    gold: int = Field(ge=0)
    experience: int = Field(ge=0)
    items: list[OwnedItem] = Field(default_factory=list)
    certificates: list[str] = Field(default_factory=list)
    space: int
    alive: bool = True
    #: which board the character stands on ("main"; the Water Realm adds its own later)
    board: str = "main"
    #: per-character resources that expansions add (e.g. the Water Realm's Bubbles)
    resources: dict[str, int] = Field(default_factory=dict)

    @property
    def strength(self) -> int:
        return self.red.right

    @property
    def willpower(self) -> int:
        return self.blue.right

    @property
    def health(self) -> int:
        return self.red.right

    @property
    def magic(self) -> int:
        return self.blue.right

    def item(self, uid: str) -> OwnedItem | None:
        return next((i for i in self.items if i.uid == uid), None)

    def owned(self, uid: str) -> OwnedItem:
        """The Item `uid` that she is known to hold (an action already checked it)."""
        found = self.item(uid)
        if found is None:
            raise KeyError(uid)
        return found


class Deck(BaseModel):
    """Face-down draw pile (top = last element) and face-up discards."""

    draw: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)


class Decks(BaseModel):
    adventure: Deck = Field(default_factory=Deck)
    chance: Deck = Field(default_factory=Deck)
    common: Deck = Field(default_factory=Deck)
    rare: Deck = Field(default_factory=Deck)


class OngoingBattle(BaseModel):
    """A battle of several rolls (three lives) paused between two rolls.

    The player declared a throwable weapon without throwing it yet; after each won roll she
    chooses whether to throw it for the next roll (Basic rules, "Weapons and Items": a thrown
    weapon adds its bonus to a single die roll). The cost was paid before the first roll, so
    the figures here are final.
    """

    battle: Literal["strength", "wills"]
    #: the character's figure with every declared Item, the weapon still in hand
    player_figure: int
    #: the same once the weapon has left her hand
    figure_without_weapon: int
    creature_figure: int
    #: what throwing the weapon adds to the roll it is thrown on
    throw_bonus: int
    lives: int
    weapon: str | None = None
    #: rolls made so far (all of them won, or the battle would be over)
    rolls: int = 0
    #: the roll (1-based) the weapon was thrown on, if it was
    thrown_at: int | None = None

    def figure_for(self, roll: int) -> int:
        """The character's figure on roll number `roll` (1-based)."""
        return figure_on_roll(self, roll)

    def can_throw(self) -> bool:
        return throw_open(self)


class ItemChoice(BaseModel):
    """A card takes (or damages) "one of your Items": the owner says which."""

    player: str
    mode: Literal["lose", "damage"]
    count: int = Field(1, ge=1)
    #: the card that asks for it
    reason: str


class TurnState(BaseModel):
    player: str
    phase: Phase = "move"
    start_space: int
    #: True once the character left her space this turn (staying keeps it False)
    moved: bool = False
    #: True once a movement choice (including staying) was made
    movement_done: bool = False
    extra: bool = False
    extra_turns: int = 0
    #: a Creature fought before moving (Giant Spider) and not defeated: only staying is left
    held: bool = False
    fight: str | None = None
    after_fight: Phase = "act"
    fought: list[str] = Field(default_factory=list)
    used: list[str] = Field(default_factory=list)
    #: a three-lives battle waiting for the throw decision before its next roll
    battle: OngoingBattle | None = None
    #: Items the owners must pick before play goes on (first one first)
    item_choices: list[ItemChoice] = Field(default_factory=list)
    #: the battle result whose aftermath waits for those choices
    resume: str | None = None


class RankEntry(BaseModel):
    player: str
    place: int
    certificates: int
    alive: bool
    #: Artifacts held (Standard games only, where they rank first: ruling ranking)
    artifacts: int | None = None

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:  # Any: no return schema, as before
        return without_absent(handler(self), self, "artifacts")


class ProphecyState(BaseModel):
    schema_: int = Field(SCHEMA, alias="schema")
    system: Literal["prophecy"] = "prophecy"
    options: ProphecyOptions = Field(default_factory=ProphecyOptions)
    rng: Rng
    players: list[PlayerState]
    #: adventure cards lying on each ring space (index = space index)
    spaces: list[list[AdventureOnSpace]]
    #: Items lying on the City and the Village, by space id
    offers: dict[str, list[OwnedItem]] = Field(default_factory=dict)
    decks: Decks = Field(default_factory=Decks)
    bank_red: int = Field(ge=0)
    bank_blue: int = Field(ge=0)
    round: int = 1
    first_player: str
    turn: TurnState | None = None
    status: Literal["active", "finished"] = "active"
    winner: str | None = None
    end_reason: str | None = None
    ranking: list[RankEntry] = Field(default_factory=list)
    next_uid: int = 1
    chance_card: str | None = None
    actions_taken: int = 0
    #: everything only the Standard Version has (None in a Basic game, and then not dumped)
    standard: StandardState | None = None
    #: person id -> the name they sat under, for each person whose seat went to someone else
    #: (/game replace): the log still names them (empty, and then not dumped, if nobody did)
    departed: dict[str, str] = Field(default_factory=dict)

    model_config = {"populate_by_name": True}

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:  # Any: no return schema, as before
        """A Basic game dumps exactly as before the Standard Version existed (replays and the
        golden games compare the JSON byte for byte)."""
        data = handler(self)
        if self.standard is None:
            data.pop("standard", None)
        if not self.departed:
            data.pop("departed", None)
        return data

    def name_of(self, pid: str) -> str | None:
        """The name a person sits under, or sat under before leaving the table (None: never seated)."""
        for p in self.players:
            if p.player == pid:
                return p.name
        return self.departed.get(pid)

    def player(self, pid: str) -> PlayerState:
        for p in self.players:
            if p.player == pid:
                return p
        raise KeyError(pid)

    def std(self) -> StandardState:
        """The Standard Version's part of the state: only Standard code, in a Standard game, asks."""
        return required(self.standard, "not a Standard game")

    def live_turn(self) -> TurnState:
        """The turn under way: only code that runs during a turn asks."""
        return required(self.turn, "no turn under way")

    def has_player(self, pid: str) -> bool:
        return any(p.player == pid for p in self.players)

    @property
    def active(self) -> PlayerState | None:
        return self.player(self.turn.player) if self.turn else None

    def new_uid(self, prefix: str) -> str:
        uid = f"{prefix}{self.next_uid}"
        self.next_uid += 1
        return uid

    def dump(self) -> str:
        return self.model_dump_json(by_alias=True)
