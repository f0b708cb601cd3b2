"""The whole campaign as one pydantic state: JSON round-trippable, versioned, with its own Rng.

A campaign is never "put away" (A4): the bot stores this state after every action, so a session
ends whenever the players stop and starts whenever they come back, on any road, in the middle
of a Guardian Combat if need be. Every physical card is a uid (`wolf#2`, `healing#1`), so the
property tests can check that no card is ever lost or duplicated between decks, Draw Spots,
roads, characters, storage, the trove and the guardians.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar, Union

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from engine.core.rng import Rng
from engine.darkest_talisman.content import Alignment, Effect, RegionId
from engine.darkest_talisman.expansions.model import Expansions

SCHEMA = 1

#: a task class, for `CampaignState.top_task`
_T = TypeVar("_T")

Goal = Literal["aid", "trove", "waypoint"]


def card_id(uid: str) -> str:
    """The card a uid is a copy of (`wolf#2` -> `wolf`)."""
    return uid.split("#", 1)[0]


class TalismanOptions(BaseModel):
    """Chosen when the campaign is created."""

    pack: str = "core"
    #: C10 "The Tower": the book's ending (the characters fight until one survives) or its
    #: optional pure co-op ending (every survivor reaching the Crown wins together)
    crown: Literal["last_survivor", "together"] = "last_survivor"

    @property
    def expansions(self) -> list[str]:
        """The expansions in play: a pack id "core+reaper" is the core pack with the Reaper's
        content added (engine/darkest_talisman/expansions); plain "core" plays the core alone."""
        return self.pack.split("+")[1:]


class SeatRef(BaseModel):
    """A person (Discord user id as text) or an AI seat controlling one or more characters.

    `alive` and `character` give a seat the shape the game master reads of any table game's
    players: a seat stays at the table while the campaign lasts (a dead character is replaced
    in its village space, C1c), and characters are dealt, never picked (A3).
    """

    player: str
    name: str
    ai: str | None = None
    alive: bool = True
    character: str | None = None


class Quest(BaseModel):
    """A Warlock's quest (C5f): completed, the Warlock calls the party back and gives a Talisman."""

    kind: Literal["defeat_enemy", "deliver_follower", "deliver_magic", "deliver_gold", "deliver_spell", "visit",
                  # the Frostmarch's Quest cards (G4): lose 1 Strength / 1 Craft, lose two turns
                  "lose_strength", "lose_craft", "lose_turns"]
    amount: int = 0
    #: a Quest card's place to reach ("visit", E1c)
    place: str | None = None

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:  # Any: no return schema, as before
        """No place is not dumped: the stored campaigns' replays compare the JSON byte for byte."""
        data = handler(self)
        if self.place is None:
            data.pop("place", None)
        return data


class Hero(BaseModel):
    """One character of the party (the variant's 'Character')."""

    uid: str
    card: str
    #: the village space this character fills (0-2); a replacement takes the same slot (C1c)
    slot: int
    strength: int
    craft: int
    life: int
    fate: int
    gold: int
    alignment: Alignment
    objects: list[str] = Field(default_factory=list)
    followers: list[str] = Field(default_factory=list)
    spells: list[str] = Field(default_factory=list)
    trophies: list[str] = Field(default_factory=list)
    alive: bool = True
    quest: Quest | None = None
    #: services used during this stay (once-only services, groups of alternatives)
    used: list[str] = Field(default_factory=list)
    #: may visit the Mystic: set on returning from an adventure, spent by the visit (B1c)
    mystic_ready: bool = False
    #: Strength that lasts until the end of the party's turn (Potion of Strength)
    boost: int = 0


class Stored(BaseModel):
    """What one character keeps in one village (B1d, C2d)."""

    things: list[str] = Field(default_factory=list)
    gold: int = 0


class Limits(BaseModel):
    """Free actions the party may take only once for a while, so that its turn always ends
    (rulings order_once_a_stop, storage_once_a_stay): without them a swap of the Marching
    Order, or a thing put into storage and taken out again, could be repeated forever."""

    #: the Marching Order was changed while the party waits on this decision
    order_set: bool = False
    #: character uid -> the things she took out of storage during this stay in the village
    retrieved: dict[str, list[str]] = Field(default_factory=dict)
    #: the characters who took Gold out of storage during this stay
    gold_retrieved: list[str] = Field(default_factory=list)

    def empty(self) -> bool:
        return not (self.order_set or self.retrieved or self.gold_retrieved)


class Dropped(BaseModel):
    """Something lying on a Draw Spot or a road space (C4b)."""

    thing: str | None = None  # a card uid; None for Gold
    gold: int = 0
    #: dropped by the party on this visit: nobody may take it until the spot is visited again
    #: (C4b-d); a dead character's possessions are not "encountered" (C4b-f)
    encountered: bool = True


class Spot(BaseModel):
    """A Draw Spot (A1b): one card met in turn, plus whatever was dropped there."""

    seq: int
    card: str | None = None
    revealed: bool = False
    dropped: list[Dropped] = Field(default_factory=list)
    #: the character who starts meeting this card (a lost turn's draw, C6b); None: the leader
    start: str | None = None
    #: the party met this spot on its present visit to the space
    met: bool = False
    #: the party has seen it face down (Divination)
    foreseen: bool = False
    #: placed to be met before anything else on the space (the Ghost, D4)
    early: bool = False


class RoadSpace(BaseModel):
    """One of a road's spaces (B3a): a day's travel."""

    location: str
    #: a special location found here covers the terrain (B4a)
    special: str | None = None
    visited: bool = False
    #: what the party left here, in the order it was revealed (C4a-k)
    spots: list[Spot] = Field(default_factory=list)
    #: cards placed to be met first on the next arrival (the Ghost and the Hermit, D4)
    waiting: list[str] = Field(default_factory=list)


class Trove(BaseModel):
    """The reward under a trove destination (C3b-c): Magic Objects face down and a d6 of Gold."""

    items: list[str] = Field(default_factory=list)
    gold: int = 0
    revealed: bool = False


class Trip(BaseModel):
    """The party away from a village: the road, where it stands and what it carries along."""

    region: RegionId
    #: the village the party left and returns to (C4a-i)
    village: str
    destination: str
    goal: Goal
    road: list[RoadSpace]
    position: int = 0
    heading: Literal["out", "home"] = "out"
    #: the spots of the space the party stands on, in the order it meets them
    spots: list[Spot] = Field(default_factory=list)
    #: the space's own instructions were met on this visit
    location_met: bool = False
    #: the destination's business is done (aid used, trove won, waypoint failed)
    destination_done: bool = False
    trove: Trove | None = None
    #: special locations found along this road (each only once, C4a-c)
    found: list[str] = Field(default_factory=list)
    #: Counterspell / Destroy Magic until the end of the party's turn (D3c)
    wards: list[str] = Field(default_factory=list)
    #: Enemy cards made evadable by Immobility until the end of the turn (D3c)
    immobile: list[str] = Field(default_factory=list)
    #: the Orb of Knowledge or the Prophetess sent back a card on this road space (once a space)
    redrawn: bool = False
    #: the Place card met last (Temporal Warp's target, D3c)
    last_place: str | None = None
    #: the spot things are dropped onto: the most recent spot met (-1: the space itself, C4b-b)
    drop_seq: int = -1
    #: a card was met since the party last chose to push on (C4a-h)
    asked: bool = False
    #: things dropped on the space itself (a special location or a destination)
    dropped_here: list[Dropped] = Field(default_factory=list)
    #: "hero|card" for each card a character left for good on this road: he is not asked about
    #: it again until the road's cards are discarded (project ruling `leave_for_good`)
    ignored: list[str] = Field(default_factory=list)


class Guardian(BaseModel):
    """An Enemy in Guardian Combat (C8): a drawn card or a foe (the Sentinel, Pit Fiends...)."""

    uid: str
    #: the card or foe it is (for names)
    of: str
    kind: str
    strength: int = 0
    craft: int = 0
    items: list[str] = Field(default_factory=list)
    scrolls: list[str] = Field(default_factory=list)
    damage_strength: int = 0
    damage_craft: int = 0
    #: what its Scrolls add this round
    bonus_strength: int = 0
    bonus_craft: int = 0
    dead: bool = False


class GuardianFight(BaseModel):
    """A Guardian Combat in progress or waiting to be (re)started (C8e)."""

    kind: Literal["trove", "sentinel", "werewolves", "pits", "valley", "vanguard"]
    guardians: list[Guardian] = Field(default_factory=list)
    rounds: int = 0
    #: the Priest destroyed a Spirit in this combat (C8e-b)
    banished: bool = False
    #: "ready": the party decides whether to (re)start it; "casting": C8e-c, one Spell at a
    #: time beginning with the Enemy; "loot": won, the party shares out the trove (C8e-l)
    stage: Literal["ready", "casting", "split", "loot"] = "ready"
    #: the Enemy the party strikes first, then the weakest (a shortcut the party may take when
    #: it starts the combat); without one it shares each total out as it chooses (C8e-g)
    focus: str | None = None
    #: "split": the bows have shot and the Spells done their work (C8e-d, e); the party's choice
    #: of which Enemies its Strength and its Craft kill (C8e-g, i), by figure
    split: dict[str, list[str]] = Field(default_factory=dict)
    #: characters whose bow shot this round (C8e-h: not counted again), shields already used
    shot: list[str] = Field(default_factory=list)
    shields_used: list[str] = Field(default_factory=list)
    #: summoned allies' Strength this round, each side (C8e-c note 2)
    allies: int = 0
    enemy_allies: int = 0
    #: "uid:strength" / "uid:craft" -> damage taken by a character before the simultaneous
    #: steps (C8e-e), and what the character's Spells add this round
    hero_damage: dict[str, int] = Field(default_factory=dict)
    hero_bonus: dict[str, int] = Field(default_factory=dict)
    #: characters who are done casting this round, and whether the Enemy casts next
    passed: list[str] = Field(default_factory=list)
    enemy_turn: bool = True
    #: what fell into the trove during the fight: dead characters' and dead Enemies' things
    fallen: list[str] = Field(default_factory=list)
    fallen_gold: int = 0
    #: the fight is won and the party shares out the loot (C8e-l)
    won: bool = False


class Tower(BaseModel):
    """The party on the Tower road (C10)."""

    index: int = 0
    #: Talismans discarded in the Tower region (the Valley of Fire counts them, C10n)
    spent: int = 0
    #: the space's requirement is met: the party may move on
    cleared: bool = False
    #: the rest the party must still bring to zero at the Crypt or the Mines
    rest: int = 0
    #: Dice with Death: the party's and Death's totals of the present throw
    ours: int = 0
    theirs: int = 0
    #: the Vampire's Tower: life each character is about to lose
    losses: dict[str, int] = Field(default_factory=dict)


# ------------------------------------------------------------------------------------ tasks
class MeetSpot(BaseModel):
    """Meet the card of a spot, then whatever lies dropped on it."""

    task: Literal["spot"] = "spot"
    seq: int


class MeetCard(BaseModel):
    """Characters meet one card in marching order (C6b, f, g)."""

    task: Literal["card"] = "card"
    card: str
    seq: int
    heroes: list[str]
    index: int = 0
    #: the card is newly turned over (abilities that need it, D1a-a)
    fresh: bool = False
    #: the stage of the present character's meeting
    stage: Literal["start", "wait"] = "start"


class ApplyEffect(BaseModel):
    """An effect that still needs a decision (an offer, a ransom, a teleport) or a fight."""

    task: Literal["effect"] = "effect"
    hero: str
    effect: Effect
    source: str
    stage: Literal["ransom", "offer", "rest"] = "ransom"


class Combat(BaseModel):
    """A normal combat (C7): one character against one Enemy."""

    task: Literal["combat"] = "combat"
    hero: str
    #: a card uid, or a foe id
    enemy: str
    attribute: Literal["strength", "craft"]
    value: int
    kind: str
    fresh: bool = False
    #: the card stays on a spot if it survives (None for a foe)
    seq: int | None = None
    stage: Literal["choose", "fate", "done"] = "choose"
    psychic: bool = False
    #: Spells' additions to the character's attack score, by attribute
    bonus: int = 0
    craft_bonus: int = 0
    weaken: int = 0
    ally: int = 0
    assassinate: bool = False
    hero_roll: list[int] = Field(default_factory=list)
    enemy_roll: list[int] = Field(default_factory=list)
    rerolled: bool = False
    result: Literal["", "won", "lost", "tie", "evaded", "destroyed", "paid"] = ""
    #: the Mercenary was paid for this battle
    hired: bool = False


class Pickup(BaseModel):
    """Characters take what lies on a spot, a Follower and an Object each per round (C4b-e)."""

    task: Literal["pickup"] = "pickup"
    seq: int
    heroes: list[str]
    index: int = 0
    passes: int = 0
    took: list[str] = Field(default_factory=list)


class Services(BaseModel):
    """Each character in turn may use what a Stranger or an Event offers (Market Day)."""

    task: Literal["services"] = "services"
    source: str
    heroes: list[str]
    index: int = 0


class LostTurn(BaseModel):
    """Somebody lost a turn: the party draws a card, met first by that character (C6d)."""

    task: Literal["lost_turn"] = "lost_turn"
    hero: str
    seq: int


class VampireTask(BaseModel):
    """The Vampire's Tower: each character in turn (C10l)."""

    task: Literal["vampire"] = "vampire"
    heroes: list[str]
    index: int = 0
    stage: Literal["pay", "followers"] = "pay"


class SacrificeTask(BaseModel):
    """The Crypt and the Mines: each character in turn may sacrifice points (C10h, C10i)."""

    task: Literal["sacrifice"] = "sacrifice"
    attribute: Literal["strength", "craft"]
    heroes: list[str]
    index: int = 0


class DeathFate(BaseModel):
    """Dice with Death: each character in turn may add Fate to the party's total (C10j-e)."""

    task: Literal["death_fate"] = "death_fate"
    heroes: list[str]
    index: int = 0


class TeleportTask(BaseModel):
    """The party is carried off (a quest's call back, the Imp) or may choose where to go (C4c-f)."""

    task: Literal["teleport"] = "teleport"
    target: str
    #: whose choice it is for a free teleport ("any"); None: a forced one
    hero: str | None = None


class FinalCombat(BaseModel):
    """There can be only one: in marching order each character picks a rival and fights (C10)."""

    task: Literal["final"] = "final"
    index: int = 0


Task = Annotated[
    Union[MeetSpot, MeetCard, ApplyEffect, Combat, Pickup, Services, LostTurn, VampireTask, SacrificeTask,
          DeathFate, TeleportTask, FinalCombat],
    Field(discriminator="task"),
]


class Decision(BaseModel):
    """What the campaign waits for, and whose decision it is.

    `hero` names the character concerned: its controller decides. A party decision (None) is
    taken by whoever controls the character first in the Marching Order (project ruling
    `party_decisions`). `options` are the `choose` answers; free actions are listed apart.
    """

    kind: str
    hero: str | None = None
    options: list[str] = Field(default_factory=list)
    data: dict[str, Any] = Field(default_factory=dict)


class Decks(BaseModel):
    adventure: list[str] = Field(default_factory=list)
    adventure_discard: list[str] = Field(default_factory=list)
    #: the Trove deck: Magic Objects, face down (A2a); used ones go back under it
    trove: list[str] = Field(default_factory=list)
    spells: list[str] = Field(default_factory=list)
    spell_discard: list[str] = Field(default_factory=list)
    #: the Purchase deck's cards still available (Blacksmith stock, rafts)
    purchase: list[str] = Field(default_factory=list)
    #: the Talismans not held by anybody (facts 13)
    talismans: list[str] = Field(default_factory=list)
    #: character cards not yet drawn (A3, C1c)
    characters: list[str] = Field(default_factory=list)


class Stats(BaseModel):
    days: int = 0
    returns: int = 0
    adventures: int = 0
    deaths: int = 0
    guardian_fights: int = 0
    troves_won: int = 0


class CampaignState(BaseModel):
    schema_: int = Field(SCHEMA, alias="schema")
    system: Literal["darkest_talisman"] = "darkest_talisman"
    options: TalismanOptions = Field(default_factory=TalismanOptions)
    rng: Rng
    seats: list[SeatRef] = Field(default_factory=list)
    #: slot index -> the player controlling that village space's character
    slots: list[str] = Field(default_factory=list)
    heroes: list[Hero] = Field(default_factory=list)
    #: the Marching Order: living characters of the party, the leader first
    order: list[str] = Field(default_factory=list)
    #: no change of Marching Order until back in a village (D1c, C3d)
    order_locked: bool = False
    #: the free actions done once at this stop or during this stay (left out of the dump while
    #: empty, so a campaign that never used them dumps as before they existed)
    limits: Limits = Field(default_factory=Limits)
    mode: Literal["village", "road", "tower", "ended"] = "village"
    #: the village the party is in, or last left
    village: str = "village"
    decks: Decks = Field(default_factory=Decks)
    #: village -> character uid -> what is stored there (B1d, C2d)
    storage: dict[str, dict[str, Stored]] = Field(default_factory=dict)
    #: village -> Talismans stored by characters who died (B1d: not discarded)
    left_talismans: dict[str, list[str]] = Field(default_factory=dict)
    trip: Trip | None = None
    tower: Tower | None = None
    fight: GuardianFight | None = None
    tasks: list[Task] = Field(default_factory=list)
    decision: Decision | None = None
    #: Gold the Raiders stashed at the Sentinel (D4)
    raiders_gold: int = 0
    #: card uid -> tokens left on a Place that hands them out (Fountain of Wisdom, Magic Stream,
    #: Pool of Life); set when the card is first met, dropped when it is discarded
    supplies: dict[str, int] = Field(default_factory=dict)
    stats: Stats = Field(default_factory=Stats)
    #: "finished" once the campaign is over; `outcome` says how (the game master's shape)
    status: Literal["active", "finished"] = "active"
    outcome: Literal["", "won", "lost"] = ""
    #: who holds the Crown (one uid, or every survivor with the co-op ending)
    crowned: list[str] = Field(default_factory=list)
    next_hero: int = 1
    next_seq: int = 1
    actions_taken: int = 0
    #: person id -> the name they sat under, for each person whose seat went to someone else
    #: (replaced, or removed and played by the AI): the log and the narration still name them
    departed: dict[str, str] = Field(default_factory=dict)
    #: characters who rolled a 1 while the Thief is with them: he may take 1 Gold or an Object
    #: from each, asked before anything else goes on (D2)
    thefts: list[str] = Field(default_factory=list)
    #: the expansions' part (engine/darkest_talisman/expansions); None when none is in play
    ext: Expansions | None = None

    model_config = {"populate_by_name": True}

    def hero(self, uid: str) -> Hero:
        for h in self.heroes:
            if h.uid == uid:
                return h
        raise KeyError(uid)

    def party(self) -> list[Hero]:
        """The living characters in Marching Order."""
        return [self.hero(u) for u in self.order]

    def leader(self) -> Hero | None:
        return self.hero(self.order[0]) if self.order else None

    def live_trip(self) -> Trip:
        """The trip under way: only road code, while the party is on a road, asks."""
        if self.trip is None:
            raise AssertionError("no trip under way")
        return self.trip

    def live_tower(self) -> Tower:
        """The Tower's part: only Tower code, while the party is in the Tower, asks."""
        if self.tower is None:
            raise AssertionError("the party is not in the Tower")
        return self.tower

    def live_fight(self) -> GuardianFight:
        """The Guardian Combat under way: only that combat's code asks."""
        if self.fight is None:
            raise AssertionError("no Guardian Combat under way")
        return self.fight

    def top_task(self, kind: type[_T]) -> _T:
        """The task on top of the stack, which the caller knows is a `kind` (the decision it answers,
        or the step it runs, was set up by that task)."""
        task = self.tasks[-1]
        if not isinstance(task, kind):
            raise AssertionError(f"the task under way is {type(task).__name__}, not {kind.__name__}")
        return task

    def controller(self, hero_uid: str | None) -> str:
        """The player who decides for a character (the leader's for a party decision)."""
        uid = hero_uid or (self.order[0] if self.order else None)
        if uid is None:
            return self.slots[0] if self.slots else ""
        return self.slots[self.hero(uid).slot]

    def controls(self, player: str, hero_uid: str) -> bool:
        return self.controller(hero_uid) == player

    def seat(self, player: str) -> SeatRef | None:
        return next((s for s in self.seats if s.player == player), None)

    def has_player(self, player: str) -> bool:
        return self.seat(player) is not None

    def name_of(self, player: str) -> str | None:
        """The name a person sits under, or sat under before leaving the table (None: never seated)."""
        seat = self.seat(player)
        return seat.name if seat is not None else self.departed.get(player)

    # -- the shape every table game shows the game master (engine.core.system.GameSystem) ----
    @property
    def players(self) -> list[SeatRef]:
        """The seats, in the order they sat down."""
        return self.seats

    def player(self, player: str) -> SeatRef:
        seat = self.seat(player)
        if seat is None:
            raise KeyError(player)
        return seat

    @property
    def round(self) -> int:
        """The expedition the party is on (or last came back from): a campaign's "round"."""
        return max(1, self.stats.adventures)

    @property
    def turn(self) -> Decision | None:
        """What the campaign waits for (None once it is over)."""
        return self.decision if self.status == "active" else None

    @property
    def winner(self) -> str | None:
        """The seat controlling the crowned character (the first, with the co-op ending)."""
        if self.outcome != "won" or not self.crowned:
            return None
        return self.controller(self.crowned[0])

    def new_seq(self) -> int:
        self.next_seq += 1
        return self.next_seq - 1

    def dump(self) -> str:
        return self.model_dump_json(by_alias=True)

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:  # Any: no return schema, as before
        """Empty limits, an empty `departed` (nobody left) and no thefts are not dumped: the stored
        campaigns' replays compare the JSON byte for byte."""
        data = handler(self)
        if self.limits.empty():
            data.pop("limits", None)
        if not self.departed:
            data.pop("departed", None)
        if not self.thefts:
            data.pop("thefts", None)
        if self.ext is None:
            data.pop("ext", None)
        return data
