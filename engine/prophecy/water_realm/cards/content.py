"""The Water Realm expansion's new cards for the Standard game: what their YAML may say, how it
is checked, and the cards they add to a game's packs when the table plays them
(`ExpansionOptions.new_cards`; rulebook "New Cards for the Standard Game").

data/prophecy/water_realm/cards/ holds the new Items (items.yaml), the new Adventures
(adventures.yaml), the figures their rules need (cards.yaml) and the rulings (rulings.yaml).
Like `content_standard`, the builder is pure: packs/prophecy/water_realm/cards.py reads the files and
hands their contents over (`set_wr_cards_source`), and `wr_cards()` asks for them.

Each new card is an ordinary `ItemCard` / `CreatureCard` / `OpportunityCard` with a `power`
saying what it does beyond the Basic vocabulary (rules in engine/prophecy/water_realm/cards/).

An Item's state that changes during play (an Astral Stone set in it, the setting a smith gave a
Falchion, an Unlicensed Alchemist's copy) is carried by the card id of the Item: the pack holds
one *variant* card per combination ("sword__stone_astral_lawstone", "falchion__set_undead",
"sword__copy"), with the figures, price and name that combination has. So every rule that reads
an Item (battle bonuses, selling at half the price, stealing, the AI's figures) reads it right
without knowing the expansion, and a stone follows its Item wherever the Item goes. Variants are
looked up, never dealt (`VariantItem.lookup_only`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache, partial
from typing import Annotated, Literal, Protocol, Union, cast

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.content_files import validate_files
from engine.core.shelf import Shelf
from engine.prophecy.content import ContentError, CreatureCard, ItemCard, OpportunityCard, Pack, Source, pack_by_id
from engine.prophecy.content_standard import Words, translated

#: the languages every name, text and ruling is written in
LANGUAGES: tuple[str, ...] = ("en", "it")
CreatureTag = Literal["animal", "humanoid", "undead", "demon", "magical"]
#: the kinds of Item a stone can go into ("artifact": one of the character's Artifacts)
StoneTarget = Literal["weapon", "hand", "head", "body", "artifact"]

#: what joins a printed card's id to make a variant's
SETTING_MARK = "__set_"
STONE_MARK = "__stone_"
COPY_MARK = "__copy"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ------------------------------------------------------------------------------- Item powers


class Setting(_Strict):
    """One setting of an adjustable Item: its bonus once a smith chose it."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    strength: int = 0
    willpower: int = 0
    bonus_vs: dict[CreatureTag, int] = Field(default_factory=dict)
    label: Words


class Adjustable(_Strict):
    """No bonus until adjusted; then the setting picked ("Falchion, Gauntlets of Battle")."""

    kind: Literal["adjustable"]
    settings: list[Setting] = Field(min_length=2)
    #: a pair of gauntlets: only one pair of a `pair` works in a battle (cards.yaml `worn_pairs`)
    pair: str | None = None


class Stone(_Strict):
    """An Astral Stone: nothing until set into an Item of a kind in `into` ("Astral Stones")."""

    kind: Literal["stone"]
    into: list[StoneTarget] = Field(min_length=1)
    strength: int = Field(0, ge=0)
    willpower: int = Field(0, ge=0)
    #: a bonus counted once against an opponent with one of `vs_tags` (if any) and none of `not_tags`
    amount: int = Field(0, ge=0)
    vs_tags: list[CreatureTag] = Field(default_factory=list)
    not_tags: list[CreatureTag] = Field(default_factory=list)

    @model_validator(mode="after")
    def _does_something(self) -> "Stone":
        if not (self.strength or self.willpower or self.amount):
            raise ValueError("a stone needs strength, willpower or amount")
        if self.amount and not (self.vs_tags or self.not_tags):
            raise ValueError("`amount` needs vs_tags or not_tags")
        return self

    def counts_against(self, tags: tuple[str, ...] | list[str]) -> bool:
        have = set(tags)
        return (not self.vs_tags or bool(have & set(self.vs_tags))) and not have & set(self.not_tags)


class MultiLives(_Strict):
    """More against an opponent with several lives ("Ball-and-Chain, Whipsword")."""

    kind: Literal["multi_lives"]
    amount: int = Field(ge=1)


class ExchangeFates(_Strict):
    """Swap one of your dice with one of the opponent's after the roll, then discard."""

    kind: Literal["exchange_fates"]


class Entrancement(_Strict):
    """Take an Item of another character by describing it, then discard."""

    kind: Literal["entrancement"]


ItemPower = Annotated[Union[Adjustable, Stone, MultiLives, ExchangeFates, Entrancement], Field(discriminator="kind")]


class NewItem(ItemCard):
    """A new Common or Rare Item."""

    power: ItemPower | None = None


class VariantItem(ItemCard):
    """A printed Item as play changed it: set, with a stone, or copied. Never dealt."""

    lookup_only: Literal[True] = True
    #: the printed card
    printed: str
    setting: str | None = None
    stone: str | None = None
    copied: bool = False


# -------------------------------------------------------------------------- Adventure powers


class Riddler(_Strict):
    kind: Literal["riddler"]
    deck: Literal["common", "rare"]
    questions: int = Field(ge=0, le=10)


class Doppelganger(_Strict):
    kind: Literal["doppelganger"]


class Alchemist(_Strict):
    kind: Literal["alchemist"]


class Path(_Strict):
    kind: Literal["path"]
    types: list[CreatureTag] = Field(min_length=1)


class Beast(_Strict):
    kind: Literal["beast"]
    types: list[CreatureTag] = Field(min_length=1)
    strength: int = Field(0, ge=0)


class Gifts(_Strict):
    kind: Literal["gifts"]
    low: Literal["common", "rare"]
    high: Literal["common", "rare"]


class Returned(_Strict):
    kind: Literal["returned"]
    looks: int = Field(ge=1, le=3)


AdventurePower = Annotated[Union[Riddler, Doppelganger, Alchemist, Path, Beast, Gifts, Returned],
                           Field(discriminator="kind")]


class NewCreature(CreatureCard):
    power: AdventurePower | None = None


class NewOpportunity(OpportunityCard):
    power: AdventurePower | None = None


NewAdventure = Annotated[Union[NewCreature, NewOpportunity], Field(discriminator="kind")]


# ---------------------------------------------------------------------------- figures, rulings


class Figure(_Strict):
    value: int = Field(ge=0)
    source: Source


class Figures(_Strict):
    smith_gold: Figure


class Ruling(_Strict):
    """One decision the rulebook leaves open, in the project's own words (shown by /rules as the
    bot's ruling, never as a printed rule). `section` names the rulebook section it fills."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    title: Words
    text: Words
    option: str = Field(pattern=r"^(options|figures|cards)\.[a-z_]+(\.[a-z_]+)?$")
    section: str = Field(min_length=1)
    source: Literal["project"] = "project"

    _translated = model_validator(mode="after")(translated)


class _CardsFile(_Strict):
    id: str
    name: str
    names: dict[str, str] = Field(default_factory=dict)
    figures: Figures
    worn_pairs: dict[str, list[str]] = Field(default_factory=dict)


class _Items(_Strict):
    cards: list[NewItem]


class _Adventures(_Strict):
    cards: list[NewAdventure]


class _Rulings(_Strict):
    rulings: list[Ruling]


#: file name -> model, in the order they are checked
WR_CARDS_FILES: dict[str, type[BaseModel]] = {
    "cards.yaml": _CardsFile, "items.yaml": _Items, "adventures.yaml": _Adventures, "rulings.yaml": _Rulings,
}


class WrCards(BaseModel):
    """The checked new cards, with their lookups and what they add to a game's packs."""

    model_config = ConfigDict(frozen=True)

    name: str
    names: dict[str, str]
    figures: Figures
    worn_pairs: dict[str, list[str]]
    items: list[NewItem]
    adventures: list[Union[NewCreature, NewOpportunity]]
    rulings: list[Ruling]

    def item(self, card_id: str) -> NewItem | None:
        return next((c for c in self.items if c.id == card_id), None)

    def adventure(self, card_id: str) -> NewCreature | NewOpportunity | None:
        return next((c for c in self.adventures if c.id == card_id), None)

    def power_of(self, card_id: str, kind: str) -> str | None:
        """The id of the new Adventure whose power is `kind` ("riddler", "alchemist"...)."""
        return next((c.id for c in self.adventures if c.power is not None and c.power.kind == kind), None)

    def ruling(self, ruling_id: str) -> Ruling:
        return next(r for r in self.rulings if r.id == ruling_id)

    def pair_of(self, card_id: str) -> str | None:
        """The pair a card of gauntlets belongs to (None for anything else)."""
        item = self.item(card_id)
        if item is not None and isinstance(item.power, Adjustable) and item.power.pair:
            return item.power.pair
        return next((pair for pair, cards in self.worn_pairs.items() if card_id in cards), None)

    # -- the cards a game's packs gain ---------------------------------------------------------
    def adventure_cards(self, mad_riddler: bool) -> list[CreatureCard | OpportunityCard]:
        """Every new Adventure, the Mad Riddler only for a table of veterans (rulebook note)."""
        return [c for c in self.adventures if mad_riddler or not (c.power and c.power.kind == "riddler")]

    def item_cards(self, base: Pack) -> list[ItemCard]:
        """The new Items, then every variant a game may need (never dealt)."""
        return [*self.items, *variants(self, base)]


def _cross_check(cards: _CardsFile, items: list[NewItem], adventures: list[NewCreature | NewOpportunity],
                 rulings: list[Ruling], base: Pack | None) -> list[str]:
    problems: list[str] = []
    seen: dict[str, str] = {}
    for fname, group in (("items.yaml", items), ("adventures.yaml", adventures)):
        for i, card in enumerate(group):
            if card.id in seen:
                problems.append(f"{fname}: cards[{i}].id: duplicate id {card.id!r} (also in {seen[card.id]})")
            seen[card.id] = fname
            if any(mark in card.id for mark in (SETTING_MARK, STONE_MARK, COPY_MARK)):
                problems.append(f"{fname}: cards[{i}].id: {card.id!r} holds a variant's mark")
            if base is not None and (card.id in {c.id for c in base.items} or card.id in {c.id for c in base.adventures}):
                problems.append(f"{fname}: cards[{i}].id: {card.id!r} is already a card of pack {base.id!r}")
            for lang in LANGUAGES[1:]:
                if not card.names.get(lang, "").strip():
                    problems.append(f"{fname}: cards[{i}].names.{lang}: missing ({card.id})")
                if not card.texts.get(lang, "").strip():
                    problems.append(f"{fname}: cards[{i}].texts.{lang}: missing ({card.id})")
    for i, card in enumerate(adventures):
        power = card.power
        if power is None:
            continue
        creature_power = power.kind in ("doppelganger", "beast")
        if creature_power != isinstance(card, CreatureCard):
            problems.append(f"adventures.yaml: cards[{i}].power: a {power.kind} card is "
                            f"{'a Creature' if creature_power else 'an Opportunity'}")
    for i, item in enumerate(items):
        if isinstance(item.power, (Adjustable,)) and (item.strength or item.willpower or item.bonus_vs):
            problems.append(f"items.yaml: cards[{i}]: an adjustable Item has no bonus before it is adjusted")
        if isinstance(item.power, (Stone, ExchangeFates, Entrancement)) and (item.strength or item.willpower or item.bonus_vs):
            problems.append(f"items.yaml: cards[{i}]: a stone or a scroll adds nothing by itself")
    for pair, members in cards.worn_pairs.items():
        for member in members:
            if base is not None and member not in {c.id for c in base.items}:
                problems.append(f"cards.yaml: worn_pairs.{pair}: {member!r} is not an Item of pack {base.id!r}")
    ids: set[str] = set()
    for i, r in enumerate(rulings):
        if r.id in ids:
            problems.append(f"rulings.yaml: rulings[{i}].id: duplicate id {r.id!r}")
        ids.add(r.id)
        head, _, rest = r.option.partition(".")
        if head == "figures" and rest not in Figures.model_fields:
            problems.append(f"rulings.yaml: rulings[{i}].option: no figure {rest!r}")
        if head == "cards":
            _file, _, card_id = rest.partition(".")
            if card_id not in seen:
                problems.append(f"rulings.yaml: rulings[{i}].option: no card {card_id!r}")
        if head == "options":
            from engine.prophecy.water_realm.options import ExpansionOptions

            if rest not in ExpansionOptions.model_fields:
                problems.append(f"rulings.yaml: rulings[{i}].option: no expansion option {rest!r}")
    return problems


def build_wr_cards(files: Mapping[str, object], base: Pack | None = None) -> WrCards:
    """Validate and cross-check the new cards from their parsed files (file name -> what the
    file says; `base`: the pack they join, to check against); raise ContentError naming file
    and field."""
    parts = validate_files(files, WR_CARDS_FILES, ContentError, " from the new cards")
    # each part is an instance of the model WR_CARDS_FILES names for its file
    cards = cast(_CardsFile, parts["cards.yaml"])
    items: list[NewItem] = cast(_Items, parts["items.yaml"]).cards
    adventures: list[NewCreature | NewOpportunity] = cast(_Adventures, parts["adventures.yaml"]).cards
    rulings: list[Ruling] = cast(_Rulings, parts["rulings.yaml"]).rulings
    problems = _cross_check(cards, items, adventures, rulings, base)
    if problems:
        raise ContentError("\n".join(problems))
    return WrCards(name=cards.name, names=dict(cards.names), figures=cards.figures, worn_pairs=dict(cards.worn_pairs),
                   items=items, adventures=adventures, rulings=rulings)


# ------------------------------------------------------------------------------------ variants


def setting_id(printed: str, setting: str) -> str:
    return f"{printed}{SETTING_MARK}{setting}"


def stone_id(item: str, stone: str) -> str:
    return f"{item}{STONE_MARK}{stone}"


def copy_id(printed: str) -> str:
    return f"{printed}{COPY_MARK}"


class _Named(Protocol):
    """A card with a name and a text in every language: an Item, or the Alchemist's Adventure."""

    @property
    def name(self) -> str: ...
    @property
    def names(self) -> dict[str, str]: ...
    @property
    def text(self) -> str: ...
    @property
    def texts(self) -> dict[str, str]: ...


def _name(locale: str, card: _Named) -> str:
    return card.names.get(locale) or card.name if locale != "en" else card.name


def _text(locale: str, card: _Named) -> str:
    return card.texts.get(locale) or card.text if locale != "en" else card.text


def _labelled_name(label: Words, lang: str, name: str) -> str:
    return f"{name} ({label.get(lang)})"


def _labelled_text(label: Words, printed: ItemCard, lang: str) -> str:
    return f"{label.get(lang)}. {_text(lang, printed)}"


def _stoned_name(stone: _Named, lang: str, name: str) -> str:
    return f"{name} + {_name(lang, stone)}"


def _stoned_text(form: _Named, stone: _Named, lang: str) -> str:
    return f"{_text(lang, form)} {_name(lang, stone)}: {_text(lang, stone)}"


def _copied_name(alchemist: _Named, lang: str, name: str) -> str:
    return f"{name} ({_name(lang, alchemist)})"


def _text_of(printed: ItemCard, lang: str) -> str:
    return _text(lang, printed)


def _bonus_plus(printed: dict[str, int], setting: dict[CreatureTag, int]) -> dict[str, int]:
    """A setting's bonuses against Creature tags added to the printed card's."""
    return {**printed, **{k: printed.get(k, 0) + v for k, v in setting.items()}}


def _words(base: ItemCard, fmt: Callable[[str, str], str], text: Callable[[str], str]) -> dict[str, object]:
    """Name and text of a variant in every language."""
    return {"name": fmt("en", _name("en", base)), "names": {lang: fmt(lang, _name(lang, base)) for lang in LANGUAGES[1:]},
            "text": text("en"), "texts": {lang: text(lang) for lang in LANGUAGES[1:]}}


def _plain(card: ItemCard) -> dict[str, object]:
    """The fields of an Item card a variant starts from."""
    data = card.model_dump(include=set(ItemCard.model_fields))
    data.update(count=1, source="project")
    return data


def variants(content: WrCards, base: Pack) -> list[VariantItem]:
    """Every variant of the printed Items (the base pack's and the new ones): each setting of an
    adjustable Item, each of those (and the plain Item) with each stone that fits it, and a
    copy of every Item but a stone (ruling stone_targets, alchemist_copy)."""
    return list(_variants(content, base))


def _variants(content: WrCards, base: Pack) -> list[VariantItem]:
    stones = [c for c in content.items if isinstance(c.power, Stone)]
    alchemist = next((c for c in content.adventures if c.power is not None and c.power.kind == "alchemist"), None)
    out: list[VariantItem] = []
    for printed in [*base.items, *content.items]:
        power = getattr(printed, "power", None)
        if isinstance(power, Stone):
            continue
        forms: list[tuple[ItemCard, dict[str, object]]] = [(printed, _plain(printed))]
        if isinstance(power, Adjustable):
            for s in power.settings:
                data = _plain(printed)
                data.update(id=setting_id(printed.id, s.id), strength=printed.strength + s.strength,
                            willpower=printed.willpower + s.willpower,
                            bonus_vs=_bonus_plus(printed.bonus_vs, s.bonus_vs))
                data.update(_words(printed, partial(_labelled_name, s.label), partial(_labelled_text, s.label, printed)))
                setting = VariantItem(**data, printed=printed.id, setting=s.id)
                out.append(setting)
                forms.append((setting, data))
        for form, data in forms:
            for st in stones:
                assert isinstance(st.power, Stone)
                if form.slot not in st.power.into:
                    continue
                with_stone = dict(data)
                with_stone.update(id=stone_id(form.id, st.id), cost=form.cost + st.cost,
                                  strength=form.strength + st.power.strength, willpower=form.willpower + st.power.willpower)
                with_stone.update(_words(form, partial(_stoned_name, st), partial(_stoned_text, form, st)))
                out.append(VariantItem(**with_stone, printed=printed.id,
                                       setting=getattr(form, "setting", None), stone=st.id))
        if alchemist is not None:
            data = _plain(printed)
            data.update(id=copy_id(printed.id))
            data.update(_words(printed, partial(_copied_name, alchemist), partial(_text_of, printed)))
            out.append(VariantItem(**data, printed=printed.id, copied=True))
    return out


def variant(card: ItemCard) -> VariantItem | None:
    return card if isinstance(card, VariantItem) else None


# --------------------------------------------------------------------------------- the source

#: where the new cards come from (installed by packs/prophecy/water_realm/cards.py)
WrCardsSource = Callable[[str], WrCards]

_SHELF: Shelf[WrCards] = Shelf(lambda key: ContentError("the new cards are not loaded; import packs.prophecy.water_realm.cards"))


def set_wr_cards_source(source: WrCardsSource | None) -> None:
    """Install what `cards.part` asks for the cards (the reader in packs/); None uninstalls it."""
    _SHELF.set_source(source)
    _pack_cards.cache_clear()


def wr_cards() -> WrCards:
    """One loaded copy serves the process (content is immutable)."""
    return _SHELF.get("wr_cards")


@lru_cache(maxsize=8)
def _pack_cards(mad_riddler: bool, base_id: str) -> tuple[tuple[ItemCard, ...], tuple[CreatureCard | OpportunityCard, ...]]:
    content = wr_cards()
    return tuple(content.item_cards(pack_by_id(base_id))), tuple(content.adventure_cards(mad_riddler))


def pack_cards(
    mad_riddler: bool, base_id: str = "base"
) -> tuple[tuple[ItemCard, ...], tuple[CreatureCard | OpportunityCard, ...]]:
    """(Items, Adventures) the new cards add to a game's packs (variants included)."""
    return _pack_cards(mad_riddler, base_id)


__all__ = [
    "WR_CARDS_FILES", "Adjustable", "Entrancement", "ExchangeFates", "MultiLives", "NewCreature", "NewItem",
    "NewOpportunity", "Ruling", "Stone", "VariantItem", "WrCards", "build_wr_cards", "copy_id", "pack_cards",
    "set_wr_cards_source", "setting_id", "stone_id", "variant", "wr_cards",
]
