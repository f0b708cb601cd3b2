"""The Water Realm's content (Water Realm expansion, "WATER REALM"): what its YAML may say.

data/prophecy/water_realm/water/cards.yaml holds the realm's figures, its board (a grid of 6 rows
of 4 spaces with the entrance and the Undersea Palace), the compass of the currents, the Gate's
price list for a Bubble Bag, the light (positive) and dark (negative) cards dealt on the board,
the five Underwater Abilities, and the few single cards (the Gate, Legends of the Deeps, the
Pearl of the Abyss, the Lord of the Sea).

Pure like `content_standard`: `build_water_pack` validates what the file says, handed over by
whoever read it (packs/prophecy/water_realm/water.py for data/, a test for content built in memory), and
`water_pack` asks the installed source. The realm's cards become ordinary cards of the game's
pack where the Standard rules must know them (`pack_cards`): its Items are Items, its Creatures are
Creatures, its Abilities are Abilities, Legends of the Deeps is a Chance card.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.shelf import Shelf
from engine.prophecy.content import (
    ChanceCard,
    ContentError,
    Cost,
    CreatureCard,
    Effect,
    Figure,
    ItemCard,
    Source,
    Special,
    display_name,
    display_text,
    validate_file,
)
from engine.prophecy.content_standard import Ability, AbilityEffect, Guardian, Limit
from engine.prophecy.content_standard import CardBase as _Card
from engine.prophecy.standard.parts import PackCards

Direction = Literal["north", "east", "south", "west"]
#: (row step, column step) of each direction; row 0 is the entrance's end, north leads to the Palace
STEPS: dict[str, tuple[int, int]] = {"north": (1, 0), "east": (0, 1), "south": (-1, 0), "west": (0, -1)}
Tag = Literal["animal", "humanoid", "undead", "demon", "magical"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ------------------------------------------------------------------------- positive cards


class WaterItem(_Card):
    """An Item found in the realm: taken for free, a Common or Rare Item like any other, but
    removed from the game when discarded (rulebook "Items")."""

    kind: Literal["item"]
    deck: Literal["common", "rare"]
    cost: int = Field(ge=0)
    slot: Literal["weapon", "hand", "head", "body"]
    hands: int = Field(0, ge=0, le=2)
    strength: int = 0
    willpower: int = 0
    bonus_vs: dict[str, int] = Field(default_factory=dict)
    #: what the rules of the realm do with it (Appendix, "Water Realm Items")
    power: Literal["giant_pearl", "coral_tiara"] | None = None

    def item_card(self) -> ItemCard:
        return ItemCard(id=self.id, name=self.name, names=dict(self.names), count=self.count, text=self.text,
                        texts=dict(self.texts), source=self.source, deck=self.deck, cost=self.cost, slot=self.slot,
                        hands=self.hands, strength=self.strength, willpower=self.willpower,
                        bonus_vs=dict(self.bonus_vs))


class WaterOpportunity(_Card):
    """Used or left; once used, removed from the game (rulebook "Opportunities")."""

    kind: Literal["opportunity"]
    #: Bubbles refilled (only those used can be: an Opportunity that would do nothing is not usable)
    bubbles: int = Field(0, ge=0)
    effect: Effect = Effect()
    power: Literal["mermaid"] | None = None

    @model_validator(mode="after")
    def _does_something(self) -> "WaterOpportunity":
        if not self.bubbles and self.effect.is_empty() and self.power is None:
            raise ValueError("an Opportunity must do something")
        return self


class WaterLore(_Card):
    """A Waterlore Ability: learned for its Experience alone, an Ability like any other, removed
    from the game when discarded (rulebook "Waterlore Abilities"). Its effects are the Standard
    vocabulary, or a `power` the realm's rules carry out."""

    kind: Literal["waterlore"]
    type: Literal["skill", "spell"]
    experience: int = Field(ge=1, le=10)
    cast: Cost = Cost()
    limit: Limit = "always"
    effects: list[AbilityEffect] = Field(default_factory=list)
    power: Literal["summon_storm"] | None = None

    @model_validator(mode="after")
    def _shape(self) -> "WaterLore":
        if not self.effects and self.power is None:
            raise ValueError("a Waterlore Ability needs effects or a power")
        return self


PositiveCard = Annotated[Union[WaterItem, WaterOpportunity, WaterLore], Field(discriminator="kind")]


# ------------------------------------------------------------------------- negative cards


class Obstacle(_Card):
    """Stays where it is found; met again by whoever enters or stays there (rulebook "Obstacles")."""

    kind: Literal["obstacle"]
    #: Bubbles used up when meeting it
    bubbles: int = Field(0, ge=0)
    effect: Effect = Effect()
    #: the character is carried `current_spaces` spaces in a rolled compass direction
    current: bool = False


class WaterCreature(_Card):
    """Fought as on the main board (with the underwater penalty); a loss or a draw ends the
    turn; beaten, it leaves the game (rulebook "Creatures")."""

    kind: Literal["creature"]
    strength: int | None = Field(None, ge=0)
    willpower: int | None = Field(None, ge=0)
    first: Literal["strength", "wills"] | None = None
    experience: int = Field(ge=0)
    tags: list[Tag] = Field(default_factory=list)
    treasure: Effect | None = None
    on_loss: Effect | None = None
    specials: list[Special] = Field(default_factory=list)
    #: a lost battle also costs these Bubbles, or carries the character like a current
    loss_bubbles: int = Field(0, ge=0)
    loss_current: bool = False
    power: Literal["skeletal_shark", "giant_squid", "sea_witch"] | None = None

    def creature_card(self) -> CreatureCard:
        return CreatureCard(id=self.id, name=self.name, names=dict(self.names), count=self.count, text=self.text,
                            texts=dict(self.texts), source=self.source, strength=self.strength,
                            willpower=self.willpower, first=self.first, experience=self.experience,
                            tags=list(self.tags), treasure=self.treasure, on_loss=self.on_loss,
                            specials=list(self.specials))


NegativeCard = Annotated[Union[Obstacle, WaterCreature], Field(discriminator="kind")]


# ---------------------------------------------------------------------- the other cards


class Underwater(_Card):
    """An Underwater Ability: offered at its guild when Legends of the Deeps turns it up, usable
    only in the Water Realm (rulebook "Underwater Abilities"); back to the bottom of its own deck."""

    guild: str
    type: Literal["skill", "spell"]
    experience: int = Field(ge=1, le=10)
    cast: Cost = Cost()
    limit: Limit = "always"
    power: Literal["swimming", "deep_lungs", "underwater_combat", "current_riding", "pressure_sense"]


class SingleCard(_Card):
    """A card the rules carry out themselves (the Gate, Legends of the Deeps, the Pearl)."""


class Lord(WaterCreature):
    """The Lord of the Sea ("Lord of the Sea" variant)."""


class Bag(_Strict):
    gold: int = Field(ge=1)
    bubbles: int = Field(ge=1)
    source: Source = "project"


class Grid(_Strict):
    rows: int = Field(ge=2, le=10)
    columns: int = Field(ge=2, le=10)
    entrance: tuple[int, int]
    palace: tuple[int, int]
    source: Source = "project"

    @model_validator(mode="after")
    def _ends(self) -> "Grid":
        for r, c in (self.entrance, self.palace):
            if not (0 <= r < self.rows and 0 <= c < self.columns):
                raise ValueError("the entrance and the Palace must lie on the grid")
        if self.entrance[0] != 0 or self.palace[0] != self.rows - 1:
            raise ValueError("the entrance is in the first row and the Palace in the last (opposite ends)")
        return self

    @property
    def size(self) -> int:
        return self.rows * self.columns

    def index(self, row: int, col: int) -> int:
        return row * self.columns + col

    def cell(self, index: int) -> tuple[int, int]:
        return divmod(index, self.columns)

    @property
    def entrance_index(self) -> int:
        return self.index(*self.entrance)

    @property
    def palace_index(self) -> int:
        return self.index(*self.palace)

    def light(self, index: int) -> bool:
        """Light spaces take positive cards, dark ones negative cards (alternating)."""
        r, c = self.cell(index)
        return (r + c) % 2 == 0

    def card_spaces(self) -> list[int]:
        return [i for i in range(self.size) if i not in (self.entrance_index, self.palace_index)]


class Compass(_Strict):
    faces: dict[int, Direction]
    source: Source = "project"

    @model_validator(mode="after")
    def _six(self) -> "Compass":
        if sorted(self.faces) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("the compass names a direction for each face 1-6")
        return self


class WaterFigures(_Strict):
    round_bubbles: Figure
    run_away_bubbles: Figure
    duel_bubbles: Figure
    current_spaces: Figure
    hand_penalty: Figure
    limit_bonus: Figure
    power_up: Figure
    pearl_bonus: Figure
    lord_bonus: Figure
    left_over: Figure
    revealed_by_legends: Figure
    current_chain: Figure


class WaterFile(_Strict):
    figures: WaterFigures
    grid: Grid
    compass: Compass
    bag: list[Bag] = Field(min_length=1)
    gate: SingleCard
    legends: SingleCard
    pearl: SingleCard
    lord: Lord
    positive: list[PositiveCard]
    negative: list[NegativeCard]
    underwater: list[Underwater] = Field(min_length=1)


#: every card the realm's decks and its Lord hold
WaterCard = Union[WaterItem, WaterOpportunity, WaterLore, Obstacle, WaterCreature, Underwater, Lord]


class WaterPack(BaseModel):
    """The loaded, cross-checked Water Realm content."""

    model_config = ConfigDict(frozen=True)

    data: WaterFile
    if TYPE_CHECKING:
        # set once in `model_post_init` as plain attributes (hot lookups), declared for the checker
        _cards: dict[str, WaterCard]
        _positive: frozenset[str]
        _named: dict[str, WaterCard | SingleCard]
        _id_sets: tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]

    @property
    def figures(self) -> WaterFigures:
        return self.data.figures

    @property
    def grid(self) -> Grid:
        return self.data.grid

    def fig(self, name: str) -> int:
        return getattr(self.data.figures, name).value or 0

    def positive_deck(self) -> list[str]:
        return [c.id for c in self.data.positive for _ in range(c.count)]

    def negative_deck(self) -> list[str]:
        return [c.id for c in self.data.negative for _ in range(c.count)]

    def card(self, card_id: str) -> WaterCard:
        return self._cards[card_id]

    def is_positive(self, card_id: str) -> bool:
        return card_id in self._positive

    def underwater_ids(self) -> list[str]:
        return [u.id for u in self.data.underwater]

    def waterlore_ids(self) -> list[str]:
        return [c.id for c in self.data.positive if isinstance(c, WaterLore)]

    def item_ids(self) -> list[str]:
        return [c.id for c in self.data.positive if isinstance(c, WaterItem)]

    def creature_ids(self) -> list[str]:
        return [c.id for c in self.data.negative if isinstance(c, WaterCreature)] + [self.data.lord.id]

    def id_sets(self) -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
        """(`item_ids`, `waterlore_ids`, `underwater_ids`, `creature_ids`) as sets, built once:
        the realm's tidying after every action tests each pile's cards against them (issue #30)."""
        return self._id_sets

    def power_of(self, card_id: str) -> str | None:
        card = self._cards.get(card_id)
        return getattr(card, "power", None) if card is not None else None

    def bag_bubbles(self, gold: int) -> int | None:
        return next((b.bubbles for b in self.data.bag if b.gold == gold), None)

    def name(self, card_id: str, locale: str = "en") -> str | None:
        """A realm card's name (its own cards and the single ones) in `locale`."""
        card = self._named.get(card_id)
        return display_name(card, locale) if card is not None else None

    def text(self, card_id: str, locale: str = "en") -> str | None:
        card = self._named.get(card_id)
        return display_text(card, locale) if card is not None else None

    def model_post_init(self, _ctx: object) -> None:
        d = self.data
        cards: dict[str, WaterCard] = {c.id: c for c in (*d.positive, *d.negative, *d.underwater)}
        cards[d.lord.id] = d.lord
        object.__setattr__(self, "_cards", cards)
        object.__setattr__(self, "_positive", frozenset(c.id for c in d.positive))
        named: dict[str, WaterCard | SingleCard] = dict(cards)
        for single in (d.gate, d.legends, d.pearl):
            named[single.id] = single
        object.__setattr__(self, "_named", named)
        object.__setattr__(self, "_id_sets", (frozenset(self.item_ids()), frozenset(self.waterlore_ids()),
                                              frozenset(self.underwater_ids()), frozenset(self.creature_ids())))


#: the files of the Water Realm folder
WATER_FILES = ("cards.yaml",)


def build_water_pack(files: Mapping[str, object]) -> WaterPack:
    """Validate and cross-check the realm's content; ContentError names file and field."""
    if "cards.yaml" not in files:
        raise ContentError("cards.yaml: file missing from the Water Realm folder")
    data = validate_file("cards.yaml", WaterFile, files["cards.yaml"])
    assert isinstance(data, WaterFile)
    problems: list[str] = []
    seen: set[str] = set()
    every = [*data.positive, *data.negative, *data.underwater, data.lord, data.gate, data.legends, data.pearl]
    for card in every:
        if card.id in seen:
            problems.append(f"cards.yaml: duplicate id {card.id!r}")
        seen.add(card.id)
        if not card.names.get("it", "").strip() or not card.texts.get("it", "").strip():
            problems.append(f"cards.yaml: {card.id}: the Italian name and text are missing")
    grid = data.grid
    light = sum(1 for i in grid.card_spaces() if grid.light(i))
    dark = len(grid.card_spaces()) - light
    left = data.figures.left_over.value or 0
    positives = sum(c.count for c in data.positive)
    negatives = sum(c.count for c in data.negative)
    if positives != light + left:
        problems.append(f"cards.yaml: positive: {positives} cards for {light} light spaces and {left} set aside")
    if negatives != dark + left:
        problems.append(f"cards.yaml: negative: {negatives} cards for {dark} dark spaces and {left} set aside")
    if grid.light(grid.entrance_index) == grid.light(grid.palace_index):
        problems.append("cards.yaml: grid: the entrance and the Palace must lie on spaces of different colours")
    if not any(b.gold == 1 and b.bubbles == 3 for b in data.bag):
        problems.append("cards.yaml: bag: the rulebook's bag of 3 Bubbles for 1 Gold is missing")
    if problems:
        raise ContentError("\n".join(problems))
    return WaterPack(data=data)


# ------------------------------------------------------------------ the game's pack, extended

#: an effect the Standard rules never act on: the realm's own powers are read by its rules
_INERT = {"kind": "market"}


def _ability(card: WaterLore | Underwater, guild: str) -> Ability:
    effects = list(card.effects) if isinstance(card, WaterLore) and card.effects else [_INERT]
    return Ability.model_validate({
        "id": card.id, "name": card.name, "names": dict(card.names), "count": 1, "text": card.text,
        "texts": dict(card.texts), "source": card.source, "guild": guild, "type": card.type,
        "experience": card.experience, "cast": card.cast.model_dump(), "limit": card.limit,
        "effects": [e if isinstance(e, dict) else e.model_dump() for e in effects],
    })


def pack_cards(wp: WaterPack, sp_limits: tuple[int, int], first_guild: str) -> PackCards:
    """What the realm adds to the game's packs (`Part.pack_cards`): its Items as Items, its
    Creatures (and the Lord of the Sea) as Creatures, Legends of the Deeps as a Chance card,
    its Abilities as Abilities, and the limits raised by one (rulebook "Maximum Number of
    Abilities and Items"). The realm's own powers are read by its rules (`_INERT` for the
    Standard ones). `sp_limits`: the table's Item and Ability limits."""
    bonus = wp.fig("limit_bonus")
    d = wp.data
    items = tuple(c.item_card() for c in d.positive if isinstance(c, WaterItem))
    creatures = tuple(c.creature_card() for c in d.negative if isinstance(c, WaterCreature)) + (d.lord.creature_card(),)
    legends = ChanceCard(id=d.legends.id, name=d.legends.name, names=dict(d.legends.names), count=1,
                         text=d.legends.text, texts=dict(d.legends.texts), source=d.legends.source,
                         standard_only=True, effect="standard_only")
    # a Waterlore Ability belongs to no guild: it is filed under the first one (a discarded one
    # leaves the game, so it never reaches that deck)
    abilities = tuple(_ability(u, u.guild) for u in d.underwater) + tuple(
        _ability(c, first_guild) for c in d.positive if isinstance(c, WaterLore))
    # the Gate lies among the Lesser Guardians (rulebook "Gate to the Water Realm"); turned up,
    # it is never fought, so its figures are only what a guess about a hidden card may weigh
    gate = Guardian(id=d.gate.id, name=d.gate.name, names=dict(d.gate.names), text=d.gate.text,
                    texts=dict(d.gate.texts), source=d.gate.source, tier="lesser", strength=1, willpower=1,
                    first="strength", experience=0, tags=["magical"])
    items_limit, abilities_limit = sp_limits
    return PackCards(items=items, adventures=creatures, chance=(legends,), abilities=abilities, guardians=(gate,),
                     rules=(("item_limit", Figure(value=items_limit + bonus, source="rulebook")),),
                     figures=(("ability_limit", Figure(value=abilities_limit + bonus, source="rulebook")),))


#: where the Water Realm content comes from (installed by packs/prophecy/water_realm/water.py)
WaterSource = Callable[[str], WaterPack]

_SHELF: Shelf[WaterPack] = Shelf(
    lambda key: ContentError(f"Water Realm content {key!r} is not loaded; import packs"))


def set_water_source(source: WaterSource | None) -> None:
    _SHELF.set_source(source)


def water_pack(key: str = "water") -> WaterPack:
    return _SHELF.get(key)


__all__ = ["STEPS", "WATER_FILES", "Obstacle", "Underwater", "WaterCreature", "WaterItem", "WaterLore",
           "WaterOpportunity", "WaterPack", "build_water_pack", "pack_cards", "set_water_source", "water_pack"]
