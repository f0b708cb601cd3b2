"""Treasure Island's and the new Artifacts' content (Water Realm expansion): what their YAML
may say, how it is checked, and the cards it adds to a Standard game's packs.

data/prophecy/water_realm/island/ holds the island's figures, the twelve Map Fragments, the two
Chance cards and the ten Treasures; data/prophecy/water_realm/artifacts/ the five new Artifacts.
Like `content_standard`, the builders here are pure: packs/prophecy/water_realm/island.py reads the files
and hands their contents over (`set_island_source`), and `island_content()` asks for them.

A Treasure is a Rare Item ("Treasures": it counts for the Item limit and can be lost, stolen or
sold, its price 5 Gold per Map Fragment), so it joins the game's pack as an `ItemCard`; its
powers are written in the Standard Abilities' vocabulary and act through `TreasurePower`
cards (Artifact-shaped, so the Standard rules read them as they read an Artifact). The new
Artifacts are Standard `Artifact`s with a roman numeral (the Final Battle's tie-break).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Literal, Protocol, cast

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.content_files import validate_files
from engine.core.shelf import Shelf
from engine.prophecy.content import ChanceCard, ContentError, ItemCard, Pack, Source
from engine.prophecy.content_standard import LANGUAGES, AbilityEffect, Artifact
from engine.prophecy.water_realm.cards.content import VariantItem, stone_id

#: the rulebook's roman numerals, for display
NUMERALS = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
#: an offset that keeps the new Artifacts' `order` apart from the base ones (0..4)
NEW_ORDER = 100


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Figure(_Strict):
    value: int = Field(ge=0)
    source: Source


class IslandFigures(_Strict):
    sail_to_island: Figure
    sail_from_island: Figure
    nautical_rites_refund: Figure
    gold_per_map: Figure
    face_up: Figure
    blind_first: Figure
    blind_more: Figure
    hunters_extra_treasures: Figure
    hunters_extra_fragments: Figure


class Fragment(_Strict):
    """A Map Fragment: it appears on the wilderness space it names ("Chance Cards")."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    space: str
    source: Source = "rulebook"


class _Named(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    names: dict[str, str] = Field(default_factory=dict)
    text: str
    texts: dict[str, str] = Field(default_factory=dict)
    source: Source = "project"


class MapChance(_Named):
    """Treasure Map / Treasure Maps: put this many Map Fragments in play."""

    fragments: int = Field(ge=1, le=3)


class TreasureItem(_Strict):
    """How a Treasure is carried and what it adds in battle (the fields of an Item)."""

    slot: Literal["weapon", "hand", "head", "body"]
    hands: int = Field(0, ge=0, le=2)
    strength: int = 0
    willpower: int = 0
    bonus_vs: dict[str, int] = Field(default_factory=dict)


class TreasureStone(_Strict):
    """A Treasure that is set into another Item like an Astral Stone (Appendix "Astral Stones":
    "some new Items and Treasures ... can be integrated into an existing Weapon or other Item"):
    the kinds of Item it goes into; its powers work only once set."""

    into: list[Literal["weapon", "hand", "head", "body"]] = Field(min_length=1)
    #: which Item types: the rulebook names none for the Treasures
    into_source: Source = "project"


class Treasure(_Named):
    """One of the Treasures buried on the island."""

    #: Map Fragments it asks for (the map symbols in its corner: 2, 3 or 4)
    maps: int = Field(ge=2, le=4)
    maps_source: Source = "project"
    item: TreasureItem
    powers: list[AbilityEffect] = Field(default_factory=list)
    #: a power with rules of its own: the Crystal Ball's vision, the Tome of Magic's spells
    special: Literal["foretell", "copy_spells"] | None = None
    #: the Item limit is this much higher while it is carried (Astral Satchel: losing it can
    #: leave her "over the limit", Appendix "Astral Satchel"; the amount is the project's)
    extra_items: int = Field(0, ge=0)
    #: set into another Item like an Astral Stone (None: an Item of its own)
    stone: TreasureStone | None = None


class NewArtifact(_Named):
    """One of the five new Artifacts, with its roman numeral."""

    numeral: int = Field(ge=1, le=5)
    numeral_source: Source = "project"
    effects: list[AbilityEffect] = Field(min_length=1)
    #: its battle bonus counts only while a hand is free to hold it (Ritual Scepter)
    needs_free_hand: bool = False
    #: strikes an Artifact holder when an attack on her is announced (Ritual Scepter)
    strike: bool = False
    #: 4-6 on a die wastes another player's effect aimed at the holder (Amulet of Untouchability)
    untouchable: bool = False


class Ruling(_Strict):
    """One decision the rulebook leaves open, in the project's own words (shown by /rules as
    the bot's ruling, never as a printed rule). `section` names the rulebook section it fills."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    title: dict[str, str]
    text: dict[str, str]
    option: str
    section: str
    source: Literal["project"] = "project"

    @model_validator(mode="after")
    def _languages(self) -> "Ruling":
        for lang in LANGUAGES:
            if not self.title.get(lang, "").strip() or not self.text.get(lang, "").strip():
                raise ValueError(f"title and text in {lang} are required")
        if self.text["it"] == self.text["en"]:
            raise ValueError("the Italian text is a copy of the English one")
        return self


class _IslandFile(_Strict):
    id: str
    name: str
    names: dict[str, str] = Field(default_factory=dict)
    figures: IslandFigures
    fragments: list[Fragment]
    chance: list[MapChance]


class _Treasures(_Strict):
    cards: list[Treasure]


class _Artifacts(_Strict):
    cards: list[NewArtifact]


class _Rulings(_Strict):
    rulings: list[Ruling]


#: file name -> model, per folder
ISLAND_FILES: dict[str, type[BaseModel]] = {
    "island/island.yaml": _IslandFile, "island/treasures.yaml": _Treasures, "island/rulings.yaml": _Rulings,
    "artifacts/artifacts.yaml": _Artifacts, "artifacts/rulings.yaml": _Rulings,
}


class IslandContent(BaseModel):
    """The checked content, with lookups and the cards the game's packs gain."""

    model_config = ConfigDict(frozen=True)

    name: str
    names: dict[str, str]
    figures: IslandFigures
    fragments: list[Fragment]
    chance: list[MapChance]
    treasures: list[Treasure]
    artifacts: list[NewArtifact]
    rulings: list[Ruling]
    if TYPE_CHECKING:
        # set once in `model_post_init` as a plain attribute (a hot lookup), declared for the checker
        _treasure_by_id: dict[str, Treasure]

    def model_post_init(self, _ctx: object) -> None:
        # Treasure id -> its card, the first of that id (as the scans it replaces found it): the
        # rules ask whether an Item is a Treasure, and how it is set, for every Item held, on
        # every action (issue #30)
        by_id: dict[str, Treasure] = {}
        for t in self.treasures:
            by_id.setdefault(t.id, t)
        object.__setattr__(self, "_treasure_by_id", by_id)

    def treasure(self, card_id: str) -> Treasure:
        return next(t for t in self.treasures if t.id == card_id)

    def is_treasure(self, card_id: str) -> bool:
        return card_id in self._treasure_by_id

    def new_artifact(self, card_id: str) -> NewArtifact | None:
        return next((a for a in self.artifacts if a.id == card_id), None)

    def fragment_space(self, card_id: str) -> str | None:
        return next((f.space for f in self.fragments if f.id == card_id), None)

    def map_chance(self, card_id: str) -> MapChance | None:
        return next((c for c in self.chance if c.id == card_id), None)

    def ruling(self, ruling_id: str) -> Ruling:
        return next(r for r in self.rulings if r.id == ruling_id)

    def price(self, card_id: str) -> int:
        """5 Gold per Map Fragment ("Treasures")."""
        return self.treasure(card_id).maps * self.figures.gold_per_map.value

    # -- the cards the game's packs gain ---------------------------------------------------
    def treasure_items(self) -> list[ItemCard]:
        return [ItemCard(id=t.id, name=t.name, names=dict(t.names), text=t.text, texts=dict(t.texts), source=t.source,
                         deck="rare", cost=self.price(t.id), slot=t.item.slot, hands=t.item.hands,
                         strength=t.item.strength, willpower=t.item.willpower, bonus_vs=dict(t.item.bonus_vs))
                for t in self.treasures]

    def stone(self, card_id: str) -> TreasureStone | None:
        """How the Treasure `card_id` is set into an Item (None: not a Treasure, or not one set)."""
        t = self._treasure_by_id.get(card_id)
        return None if t is None else t.stone

    def stone_variants(self, items: Sequence[ItemCard]) -> list[ItemCard]:
        """Every Item of `items` with each Treasure stone that fits it set in (Appendix "Astral
        Stones": one Item whose price is the sum of the two, named for both). `items`: the
        printed Items and the smith's settings a game deals or makes; an Item that already
        holds a stone, a copy, or a stone itself takes none."""
        stones = [t for t in self.treasures if t.stone is not None]
        out: list[ItemCard] = []
        for form in items:
            if getattr(form, "stone", None) or getattr(form, "copied", False) or form.id in {t.id for t in stones}:
                continue
            if getattr(getattr(form, "power", None), "kind", None) == "stone":
                continue
            for t in stones:
                assert t.stone is not None
                if form.slot not in t.stone.into:
                    continue
                data = form.model_dump(include=set(ItemCard.model_fields))
                langs = [lang for lang in LANGUAGES if lang != "en"]
                data.update(id=stone_id(form.id, t.id), count=1, source="project", cost=form.cost + self.price(t.id),
                            name=f"{form.name} + {t.name}",
                            names={lang: f"{form.names.get(lang) or form.name} + {t.names.get(lang) or t.name}"
                                   for lang in langs},
                            text=f"{form.text} {t.name}: {t.text}".strip(),
                            texts={lang: f"{form.texts.get(lang) or form.text} {t.names.get(lang) or t.name}: "
                                         f"{t.texts.get(lang) or t.text}".strip() for lang in langs})
                out.append(VariantItem(**data, printed=getattr(form, "printed", form.id),
                                       setting=getattr(form, "setting", None), stone=t.id))
        return out

    def chance_cards(self) -> list[ChanceCard]:
        """The two Chance cards, as Standard-only cards of the base pack (their behaviour is
        the island's: `water_realm.island.part`)."""
        return [ChanceCard(id=c.id, name=c.name, names=dict(c.names), text=c.text, texts=dict(c.texts), source=c.source,
                           effect="standard_only", standard_only=True) for c in self.chance]

    def treasure_powers(self) -> dict[str, Artifact]:
        """Treasure id -> its powers as an Artifact-shaped card (for the Standard rules that
        read what a character holds); only the Treasures that have powers."""
        return {t.id: Artifact(id=t.id, name=t.name, names=dict(t.names), text=t.text, texts=dict(t.texts),
                               order=0, effects=list(t.powers), source=t.source)
                for t in self.treasures if t.powers}

    def artifact_cards(self) -> list[Artifact]:
        return [Artifact(id=a.id, name=a.name, names=dict(a.names), text=a.text, texts=dict(a.texts),
                         order=NEW_ORDER + a.numeral, effects=list(a.effects), source=a.source)
                for a in sorted(self.artifacts, key=lambda a: a.numeral)]


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


def _cross_check(island: _IslandFile, treasures: list[Treasure], artifacts: list[NewArtifact],
                 rulings: list[Ruling], base: Pack | None) -> list[str]:
    problems: list[str] = []
    ids: dict[str, str] = {}
    groups: tuple[tuple[str, Sequence[_HasId]], ...] = (("island/island.yaml", [*island.fragments, *island.chance]),
                         ("island/treasures.yaml", treasures), ("artifacts/artifacts.yaml", artifacts))
    for fname, cards in groups:
        for card in cards:
            if card.id in ids:
                problems.append(f"{fname}: duplicate id {card.id!r} (also in {ids[card.id]})")
            ids[card.id] = fname
    if len(treasures) != 10:
        problems.append(f"island/treasures.yaml: cards: the rulebook's island holds 10 Treasures, found {len(treasures)}")
    for card in [*island.chance, *treasures, *artifacts]:
        for lang in LANGUAGES[1:]:
            if not card.names.get(lang, "").strip() or not card.texts.get(lang, "").strip():
                problems.append(f"{card.id}: name and text in {lang} are required")
    if sorted(a.numeral for a in artifacts) != [1, 2, 3, 4, 5]:
        problems.append("artifacts/artifacts.yaml: cards: the five new Artifacts carry the numerals I to V once each")
    spaces = [f.space for f in island.fragments]
    if len(set(spaces)) != len(spaces):
        problems.append("island/island.yaml: fragments: one Map Fragment per space")
    if base is not None:
        wild = {s.id for s in base.board.spaces if s.terrain is not None}
        for f in island.fragments:
            if f.space not in wild:
                problems.append(
                    f"island/island.yaml: fragments: {f.id} lies on {f.space!r}, not a Forest, Mountains or Plains space"
                )
        if set(spaces) != wild:
            problems.append("island/island.yaml: fragments: every wilderness space of the board has its Map Fragment")
        taken = {i.id for i in base.items} | {c.id for c in base.chance}
        for card_id in [t.id for t in treasures] + [c.id for c in island.chance]:
            if card_id in taken:
                problems.append(f"{card_id}: the base pack already has a card with this id")
    seen: set[str] = set()
    for r in rulings:
        if r.id in seen:
            problems.append(f"rulings: duplicate id {r.id!r}")
        seen.add(r.id)
    return problems


def build_island_content(files: Mapping[str, object], base: Pack | None = None) -> IslandContent:
    """Validate and cross-check the island's and the new Artifacts' files (path under
    data/prophecy/water_realm/ -> what the file says); ContentError names file and field."""
    parts = validate_files(files, ISLAND_FILES, ContentError)
    island = parts["island/island.yaml"]
    assert isinstance(island, _IslandFile)
    # each part is an instance of the model ISLAND_FILES names for its file
    treasures = cast(_Treasures, parts["island/treasures.yaml"]).cards
    artifacts = cast(_Artifacts, parts["artifacts/artifacts.yaml"]).cards
    rulings = cast(_Rulings, parts["island/rulings.yaml"]).rulings + cast(_Rulings, parts["artifacts/rulings.yaml"]).rulings
    problems = _cross_check(island, treasures, artifacts, rulings, base)
    if problems:
        raise ContentError("\n".join(problems))
    return IslandContent(name=island.name, names=dict(island.names), figures=island.figures,
                         fragments=list(island.fragments), chance=list(island.chance), treasures=list(treasures),
                         artifacts=list(artifacts), rulings=list(rulings))


IslandSource = Callable[[str], IslandContent]

_SHELF: Shelf[IslandContent] = Shelf(
    lambda key: ContentError("Treasure Island's content is not loaded; import packs (packs/prophecy/water_realm/island.py)"))


def set_island_source(source: IslandSource | None) -> None:
    """Install the reader (packs/prophecy/water_realm/island.py) that `island_content` asks."""
    _SHELF.set_source(source)


def register_island_content(content: IslandContent) -> None:
    """An in-memory copy (a test's own)."""
    _SHELF.register("water_realm", content)


def island_content() -> IslandContent:
    """The island's and the new Artifacts' content, loaded once per process."""
    return _SHELF.get("water_realm")


__all__ = ["IslandContent", "NUMERALS", "NewArtifact", "Treasure", "build_island_content", "island_content",
           "register_island_content", "set_island_source"]
