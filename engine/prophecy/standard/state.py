"""What a Standard game keeps beyond the Basic state (`ProphecyState.standard`).

Kept in one sub-model so a Basic game's state and its JSON stay exactly what they were (the
field is left out of the dump when it is None). Only pydantic and the standard library are
imported: `engine.prophecy.state` builds on this module.
"""
from __future__ import annotations

from typing import Any, Literal, Protocol, TypeVar

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from engine.prophecy.water_realm.cards.state import CardsState
from engine.prophecy.water_realm.island.state import IslandState
from engine.prophecy.water_realm.options import ExpansionOptions
from engine.prophecy.water_realm.water.state import WaterState

#: what a card shows to whoever may not see its face
HIDDEN = "face_down"

_Part = TypeVar("_Part")


def required(part: _Part | None, missing: str) -> _Part:
    """A part of the state that only code of a game playing it asks for; its absence is a bug,
    raised with `missing` as the reason."""
    if part is None:
        raise AssertionError(missing)
    return part


class Rolls(Protocol):
    """A battle of several rolls with a weapon that may be thrown before one of them (the Basic
    `OngoingBattle` and the Standard `StdBattle`)."""

    player_figure: int
    figure_without_weapon: int
    throw_bonus: int
    lives: int
    weapon: str | None
    rolls: int
    thrown_at: int | None


def figure_on_roll(b: Rolls, roll: int) -> int:
    """The character's figure on roll number `roll` (1-based): the thrown weapon adds its bonus
    to that roll alone and is out of her hand for the rolls after it."""
    if b.thrown_at is None:
        return b.player_figure
    if b.thrown_at == roll:
        return b.figure_without_weapon + b.throw_bonus
    return b.figure_without_weapon if roll > b.thrown_at else b.player_figure


def throw_open(b: Rolls) -> bool:
    """A throw is offered only while it can still add something to a roll to come."""
    return b.weapon is not None and b.thrown_at is None and b.throw_bonus > 0 and b.rolls < b.lives


def without_absent(data: Any, model: BaseModel, *fields: str) -> Any:
    """`data` (the model's dump) without those of `fields` the model leaves None, so a game that
    does not play a part dumps exactly as before the part existed (replays compare the JSON
    byte for byte)."""
    for name in fields:
        if getattr(model, name) is None:
            data.pop(name, None)
    return data

Slot = Literal["lesser", "greater", "artifact"]
SLOTS: tuple[Slot, ...] = ("lesser", "greater", "artifact")


class StandardOptions(BaseModel):
    """The table's choices for a Standard game. Each default is the value of the option of the
    same name in data/prophecy/standard/manifest.yaml, whose ruling explains it; the
    alternatives are that option's `choices` (tests/prophecy_standard check both)."""

    #: the Standard overlay (data/prophecy/<pack>/manifest.yaml)
    pack: str = "standard"
    #: ruling character_choice
    character_choice: Literal["deal_two_keep_one", "random"] = "deal_two_keep_one"
    #: ruling second_adventure_face_down
    second_adventure_face: Literal["down", "up"] = "down"
    #: ruling creature_order
    creature_order: Literal["player_chooses", "oldest_first"] = "player_chooses"
    #: ruling opportunities_after_creatures
    opportunities_after: Literal["creatures_fought", "creatures_beaten"] = "creatures_fought"
    #: ruling astral_both_guardians
    astral_greater_same_turn: Literal["may_continue", "must_continue", "next_attack"] = "may_continue"
    #: ruling prophetic_dream
    prophetic_dream: Literal["private", "public"] = "private"
    #: ruling final_battle_turns
    final_battle_must_attack: bool = True
    #: ruling apocalypse
    apocalypse: bool = False
    #: ruling character_fight_loss
    item_given_up_goes_to: Literal["discard", "winner"] = "discard"
    #: ruling power_up: the Power Up laid on every plane at setup (None: the pack's figure)
    power_up: int | None = Field(None, ge=0, le=2)
    #: the Water Realm expansion's parts and variants (None: none of it, and then not dumped)
    expansion: ExpansionOptions | None = None

    def exp(self) -> ExpansionOptions:
        """The Water Realm expansion's options: only expansion code, in a game that plays it, asks."""
        return required(self.expansion, "the expansion is not played")

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:  # Any: no return schema, as before
        """A game without the expansion dumps exactly as before it existed."""
        return without_absent(handler(self), self, "expansion")


class PlaneState(BaseModel):
    """One Astral Plane: its three cards (None once beaten or won) and who has seen which."""

    id: str
    lesser: str | None = None
    greater: str | None = None
    artifact: str | None = None
    #: slots turned face up for everyone (a Guardian by an attack, any card by a public dream)
    up: list[Slot] = Field(default_factory=list)
    #: slot -> players who looked at that card in private (Prophetic Dream, Astral Sight)
    seen: dict[str, list[str]] = Field(default_factory=dict)
    #: Power Up added to both figures of its Guardians (ruling power_up)
    power_up: int = 0

    def card(self, slot: str) -> str | None:
        found: str | None = getattr(self, slot)  # `slot` names one of the card fields above
        return found

    def guardian_slot(self) -> Literal["lesser", "greater"] | None:
        """The Guardian an attack fights now: the Lesser one first (facts §6)."""
        if self.lesser is not None:
            return "lesser"
        if self.greater is not None:
            return "greater"
        return None

    def guardian_face_down(self) -> bool:
        """Whether the Guardian an attack fights now is still face down for the table (one seen
        in a dream counts: the table has not seen it). Ruling guardian_turned_up."""
        slot = self.guardian_slot()
        return slot is not None and slot not in self.up


class StdPlayer(BaseModel):
    """A character's Standard belongings and the once-a-round powers she has used."""

    abilities: list[str] = Field(default_factory=list)
    artifacts: list[str] = Field(default_factory=list)
    #: figure ("strength"/"willpower") -> cubes gained by training (ruling training: at most 2)
    trained: dict[str, int] = Field(default_factory=dict)
    #: once-a-round Abilities and Artifacts used since her round began (ruling instead_of_movement)
    round_used: list[str] = Field(default_factory=list)
    #: cards resting face down until her next round (Time Loop, facts §10)
    resting: list[str] = Field(default_factory=list)


DecisionKind = Literal[
    "character",  # keep one of the two characters dealt (ruling character_choice)
    "creature",  # which of two Creatures to fight first (ruling creature_order)
    "continue",  # go on against the Greater Guardian or stop (ruling astral_both_guardians)
    "loss",  # the loser of a character fight: 1 Health or 1 Item (ruling character_fight_loss)
    "take_item",  # the winner takes one of the loser's Items (Thievery)
    "take_artifact",  # the Final Battle's winner takes one of the loser's Artifacts (ruling final_battle_stakes)
    "discard",  # over 7 Items or 7 Abilities at the end of her round (ruling limits)
    "battleground",  # the Royal Cape's holder picks the Final Battle's space (ruling final_battle_start)
    "dream",  # the hidden Astral Plane card to look at (ruling prophetic_dream)
    "study",  # the guild deck the Lost Library studies (ruling lost_library)
    "study_pick",  # the Ability learned from the three looked at (ruling lost_library)
]

#: decisions whose options only their player may see
SECRET_OPTIONS = frozenset({"character", "study_pick"})


class Decision(BaseModel):
    """A question the game waits on, asked of one player (not always the active one)."""

    player: str
    kind: DecisionKind
    #: what she may answer (characters, Creature uids, Item uids, cards, spaces, plane slots)
    options: list[str] = Field(default_factory=list)
    #: the other character concerned (the winner or loser of a fight)
    other: str | None = None
    #: the card or Ability that asks
    reason: str = ""
    #: what happens once the queue of decisions is empty: begin the first turn / end the turn
    then: Literal["start", "end_turn"] | None = None

    def other_pid(self) -> str:
        """`other`, for the kinds of decision that always name one (a loss, a taking, a study pick)."""
        return required(self.other, f"a {self.kind} decision names no other player")


class TrainingRight(BaseModel):
    """A Training Offer (the drawer, this turn) or Open Training (everyone, until the drawer's
    next turn): train once on a guild space where the movement ends (ruling training_cards)."""

    card: str
    drawer: str
    everyone: bool
    lasts: Literal["turn", "round"]
    used_by: list[str] = Field(default_factory=list)


class StdBattle(BaseModel):
    """A Standard battle (against a Creature, a Guardian or a character) paused for a decision
    of the active player: the throw of her weapon before the next roll of a three-lives
    battle, or an Ability that acts once the dice have fallen (ruling battle_abilities)."""

    opponent: Literal["creature", "guardian", "character"]
    #: the Creature's uid on the space, the plane's id, or the defender's player id
    target: str
    #: the Creature's or Guardian's card, or the defender's character
    card: str
    battle: Literal["strength", "wills"]
    #: the attacker's figure with her weapon in hand, and once it has left her hand
    player_figure: int
    figure_without_weapon: int
    foe_figure: int
    throw_bonus: int = 0
    lives: int = 1
    weapon: str | None = None
    rolls: int = 0
    thrown_at: int | None = None
    #: dice rolled for each side, the best (own, Prayer) or worst (foe, Curse) kept
    own_dice: int = Field(1, ge=1)
    foe_dice: int = Field(1, ge=1)
    #: the last roll, its result, and what the battle waits for
    light: int = 0
    dark: int = 0
    result: Literal["win", "draw", "loss"] | None = None
    awaiting: Literal["throw", "after_roll"] | None = None
    #: after-roll powers used in this battle (each at most once per battle)
    used: list[str] = Field(default_factory=list)
    spells: list[str] = Field(default_factory=list)

    def figure_for(self, roll: int) -> int:
        return figure_on_roll(self, roll)

    def can_throw(self) -> bool:
        return throw_open(self)


class StdTurn(BaseModel):
    """What the active player has done this turn that the Standard rules limit."""

    #: the one attack of the turn, on a plane or a character (rulings astral_attack, character_fight_when)
    attacked: bool = False
    #: the one thing used instead of movement (ruling instead_of_movement)
    instead: str | None = None
    #: once-a-turn Abilities used
    used: list[str] = Field(default_factory=list)
    #: Creatures slipped past (Stealth); they stay on the space
    avoided: list[str] = Field(default_factory=list)
    battle: StdBattle | None = None
    #: Items (uids) and Artifacts a smith worked on this turn: one job each a turn (Water Realm
    #: new cards, ruling smith_once_a_turn)
    smithed: list[str] = Field(default_factory=list)

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:  # Any: no return schema, as before
        """A turn without smith's work dumps exactly as before the field existed (replays
        compare the JSON byte for byte)."""
        data = handler(self)
        if not self.smithed:
            data.pop("smithed", None)
        return data


class FinalBattle(BaseModel):
    """The Final Battle once all five Artifacts are held (rulings final_battle_*)."""

    space: str
    #: the Apocalypse has begun (ruling apocalypse)
    apocalypse: bool = False


class StandardState(BaseModel):
    players: dict[str, StdPlayer]
    planes: list[PlaneState]
    #: guild -> face-down Ability deck, top = last element (facts §2)
    guild_decks: dict[str, list[str]]
    #: guild -> the Abilities it offers face up (ruling guild_offer: one)
    guild_offers: dict[str, list[str]]
    #: space id -> Artifacts lying there since their holder died (ruling death)
    dropped: dict[str, list[str]] = Field(default_factory=dict)
    #: the questions the game waits on, first one first
    decisions: list[Decision] = Field(default_factory=list)
    training: list[TrainingRight] = Field(default_factory=list)
    turn: StdTurn = Field(default_factory=StdTurn)
    final_battle: FinalBattle | None = None
    #: Treasure Island (Water Realm expansion), when the table plays it
    island: IslandState | None = None
    #: the Water Realm board (Water Realm expansion), when the table plays it
    water: WaterState | None = None
    #: the new cards for the Standard game (Water Realm expansion), when the table plays them
    cards: CardsState | None = None

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:  # Any: no return schema, as before
        """A game without the expansion dumps exactly as before it existed (replays compare
        the JSON byte for byte)."""
        return without_absent(handler(self), self, "island", "water", "cards")

    def island_state(self) -> IslandState:
        """Treasure Island's part: only island code, in a game that plays it, asks."""
        return required(self.island, "Treasure Island is not played")

    def water_state(self) -> WaterState:
        """The Water Realm board's part: only Water Realm code, in a game that plays it, asks."""
        return required(self.water, "the Water Realm board is not played")

    def plane(self, plane_id: str) -> PlaneState:
        for plane in self.planes:
            if plane.id == plane_id:
                return plane
        raise KeyError(plane_id)
