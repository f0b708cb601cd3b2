"""The Prophecy content pack: what the YAML files may say, and how they are checked.

Cards are data. Their behaviour is composed from the small effect vocabulary below
(`Effect`, `Cost`, `Special`, `Service`), interpreted by the rules modules; no card has
Python of its own. Every figure carries a `source`: "rulebook" or "research" when the
rulebooks or the research facts state it, "project" when this project chose it.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Annotated, Literal, Protocol, Sequence, TypeVar, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core import content_files
from engine.core.named import Named
from engine.core.shelf import Shelf

Source = Literal["rulebook", "research", "project"]
Terrain = Literal["forest", "mountains", "plains"]
SpaceKind = Literal["guild", "city", "village", "enchanted_wilderness", "forest", "mountains", "plains"]
ItemDeck = Literal["common", "rare"]
Battle = Literal["strength", "wills"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Cost(_Strict):
    """Something paid up front; an action whose cost cannot be paid in full is illegal."""

    gold: int = Field(0, ge=0)
    experience: int = Field(0, ge=0)
    health: int = Field(0, ge=0)
    magic: int = Field(0, ge=0)

    def is_free(self) -> bool:
        return not (self.gold or self.experience or self.health or self.magic)

    @classmethod
    def of(cls, **amounts: int) -> "Cost":
        """`Cost(**amounts)`. (Issue #30: built with `model_construct` once the amounts had
        passed checks made by hand, a cost took 2.4 to 4 times as long as with pydantic's own
        checks, which run in compiled code: 28.0 against 7.0 us for one amount, 19.8 against
        8.1 us for four, measured side by side on a busy machine.)"""
        return cls(**amounts)


class RollOutcome(_Strict):
    """One row of a die table on a card: on a roll from `low` to `high`, apply `effect`."""

    low: int = Field(ge=1, le=6)
    high: int = Field(ge=1, le=6)
    effect: "Effect"
    #: the effect reaches every living character in play, on any board (the roller too), not
    #: one away on the Path of the Dead (Banner of Hope: "all characters on any board are
    #: affected", Water Realm rules "Using Banner of Hope", "Path of the Dead")
    everyone: bool = False


class Effect(_Strict):
    """What happens to a character. Positive numbers gain, negative lose.

    Health loss beyond the last red cube kills; Magic loss stops at zero; Gold and
    Experience losses stop at zero. `strength`/`willpower` are permanent cubes from the bank.
    """

    gold: int = 0
    experience: int = 0
    health: int = 0
    magic: int = 0
    strength: int = Field(0, ge=0)
    willpower: int = Field(0, ge=0)
    draw: list[ItemDeck] = Field(default_factory=list)
    damage_items: int = Field(0, ge=0)
    lose_items: int = Field(0, ge=0)
    roll: list[RollOutcome] = Field(default_factory=list)

    @model_validator(mode="after")
    def _roll_table_covers_die(self) -> "Effect":
        if self.roll:
            faces = sorted(f for row in self.roll for f in range(row.low, row.high + 1))
            if faces != [1, 2, 3, 4, 5, 6]:
                raise ValueError("roll table must cover the faces 1-6 exactly once")
        return self

    def is_empty(self) -> bool:
        return self == Effect()


RollOutcome.model_rebuild()


SpecialRule = Literal[
    "three_lives",  # ! must win three rolls in a row in one battle
    "holds_on_start",  # ! a character starting a turn here must fight it before leaving
    "no_weapons",  # ! weapons and hand-held Items give no bonus
    "no_items",  # ! no Item gives any bonus
    "switch_battle",  # ? fight the other kind of battle by paying `cost` before rolling
    "bribe",  # ? pay `cost` to avoid the battle; the Creature stays
]


class Special(_Strict):
    rule: SpecialRule
    #: True for rules marked "!" (always apply), False for "?" (the player may invoke them)
    mandatory: bool
    cost: Cost | None = None

    @model_validator(mode="after")
    def _cost_where_needed(self) -> "Special":
        if self.rule in ("switch_battle", "bribe"):
            if self.cost is None:
                raise ValueError(f"special rule {self.rule} needs a cost")
            if self.mandatory:
                raise ValueError(f"special rule {self.rule} is optional (?) by nature")
        return self


class _Card(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    #: display names in other languages (locale -> name); the English `name` is the default
    names: dict[str, str] = Field(default_factory=dict)
    count: int = Field(1, ge=1)
    #: own-words summary of the card's text (never the printed sentence)
    text: str = ""
    #: the same summary in other languages (locale -> text); `text` is the English default
    texts: dict[str, str] = Field(default_factory=dict)
    source: Source = "project"
    #: only used by the Standard Version; removed at Basic setup
    standard_only: bool = False


class CreatureCard(_Card):
    kind: Literal["creature"] = "creature"
    strength: int | None = Field(None, ge=0)
    willpower: int | None = Field(None, ge=0)
    #: which figure the Creature attacks with when it has both
    first: Battle | None = None
    experience: int = Field(ge=0)
    tags: list[Literal["animal", "humanoid", "undead", "demon", "magical"]] = Field(default_factory=list)
    treasure: Effect | None = None
    on_loss: Effect | None = None
    specials: list[Special] = Field(default_factory=list)

    @model_validator(mode="after")
    def _figures(self) -> "CreatureCard":
        if self.strength is None and self.willpower is None:
            raise ValueError("a Creature needs Strength, Willpower or both")
        if self.strength is not None and self.willpower is not None and self.first is None:
            raise ValueError("a Creature with both figures must say which comes first")
        if (self.strength is None or self.willpower is None) and self.first is not None:
            self_first = "strength" if self.strength is not None else "wills"
            if self.first != self_first:
                raise ValueError("`first` names a figure the Creature does not have")
        return self

    @property
    def attacks_with(self) -> Battle:
        if self.first:
            return self.first
        return "strength" if self.strength is not None else "wills"

    def special(self, rule: str) -> Special | None:
        return next((s for s in self.specials if s.rule == rule), None)


class Compare(_Strict):
    """An Opportunity that compares the characters ("Adventures which compare characters'
    statistics or possessions (such as Golden Fish or Hermit)", Water Realm rules): whoever
    has the least of `what` among the characters in play (ties count) gets `effect` instead of
    the card's usual one.

    * figures: Strength plus Willpower (every cube of the character card, lost ones too);
    * items_price: the price of all her Items together (a Treasure at 5 Gold a map)."""

    what: Literal["figures", "items_price"]
    effect: Effect

    @model_validator(mode="after")
    def _no_trade(self) -> "Compare":
        if self.effect.lose_items:
            raise ValueError("a comparison's effect takes no Items")
        return self


class OpportunityCard(_Card):
    kind: Literal["opportunity"] = "opportunity"
    cost: Cost = Cost()
    effect: Effect
    compare: Compare | None = None
    #: characters (by id) who may never use the card: it stays on its space for them, as an
    #: Opportunity that would change nothing does (Water Realm rules, "Collecting Map
    #: Fragments": a Troll cannot pick up the Four-leaf Clover)
    not_for: list[str] = Field(default_factory=list)


AdventureCard = Annotated[Union[CreatureCard, OpportunityCard], Field(discriminator="kind")]


class ItemCard(_Card):
    deck: ItemDeck
    cost: int = Field(ge=0)
    #: weapon: one per battle; hand: shield, wand...; head: one headwear; body: any number
    slot: Literal["weapon", "hand", "head", "body"]
    hands: int = Field(0, ge=0, le=2)
    strength: int = 0
    willpower: int = 0
    #: bonus added to one roll of a Battle of Strength when thrown (thrown weapons only)
    thrown: int | None = None
    breaks_when_thrown: bool = True
    #: extra bonus against Creatures with the tag, in either battle
    bonus_vs: dict[str, int] = Field(default_factory=dict)
    #: a one-shot use outside battle (potions, scrolls); `consumed` discards it afterwards
    use: Effect | None = None
    #: what its holder receives (or rolls for) at the start of her round, before she moves,
    #: while it is undamaged (the Banner of Hope's roll, Water Realm rules "Using Banner of Hope")
    round_start: Effect | None = None
    consumed: bool = True

    @model_validator(mode="after")
    def _hands(self) -> "ItemCard":
        if self.slot == "weapon" and self.hands not in (1, 2):
            raise ValueError("a weapon is one- or two-handed")
        if self.slot == "hand" and self.hands != 1:
            raise ValueError("a hand Item takes one hand")
        if self.slot in ("head", "body") and self.hands != 0:
            raise ValueError("headwear and other Items take no hands")
        if self.thrown is not None and self.slot != "weapon":
            raise ValueError("only weapons can be thrown")
        return self


class Opponent(Protocol):
    """What the Item rules read of whoever is fought: a Creature card, or a Standard battle's foe."""

    @property
    def tags(self) -> Sequence[str]: ...

    def special(self, rule: str) -> Special | None: ...


class ChanceCard(_Card):
    effect: Literal["terrain", "restock", "everyone_gains", "charity", "peaceful_times", "standard_only"]
    terrain: Terrain | None = None
    restock_space: Literal["city", "village"] | None = None
    restock_deck: ItemDeck | None = None
    restock_count: int | None = Field(None, ge=1)
    gain: Effect | None = None

    @model_validator(mode="after")
    def _fields_for_effect(self) -> "ChanceCard":
        need = {
            "terrain": ["terrain"],
            "restock": ["restock_space", "restock_deck", "restock_count"],
            "everyone_gains": ["gain"],
            "charity": ["gain"],
        }.get(self.effect, [])
        missing = [f for f in need if getattr(self, f) is None]
        if missing:
            raise ValueError(f"Chance effect {self.effect} needs {', '.join(missing)}")
        if self.effect == "standard_only" and not self.standard_only:
            raise ValueError("effect standard_only requires standard_only: true")
        return self


class Character(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    #: display names in other languages (locale -> name); the English `name` is the default
    names: dict[str, str] = Field(default_factory=dict)
    strength: int = Field(ge=1, le=10)
    willpower: int = Field(ge=1, le=10)
    #: the two guilds; the first is the starting space
    guilds: tuple[str, str]
    tags: list[str] = Field(default_factory=lambda: ["humanoid"])
    text: str = ""
    #: the same description in other languages (locale -> text)
    texts: dict[str, str] = Field(default_factory=dict)
    source: Source = "project"


class Service(_Strict):
    """A Possibility a space offers (the icons on the board)."""

    kind: Literal["heal", "recharge", "exchange", "market", "repair", "certificate"]
    #: heal/recharge: Gold per `per` units (rounded up); repair: Gold per Item
    price: int = Field(0, ge=0)
    per: int = Field(1, ge=1)
    #: most units per use (None: any number)
    max: int | None = Field(None, ge=1)
    once_per_turn: bool = False
    #: exchange: pay `cost`, receive `gain`
    cost: Cost | None = None
    gain: Effect | None = None
    #: usable only by a character who started the turn here and did not move
    instead_of_movement: bool = False
    id: str = ""
    source: Source = "rulebook"


class Space(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    #: display names in other languages (locale -> name); the English `name` is the default
    names: dict[str, str] = Field(default_factory=dict)
    #: the definite article the name takes in each language (locale -> "the", "la", "l'"...)
    articles: dict[str, str] = Field(default_factory=dict)
    kind: SpaceKind
    guild: str | None = None
    port: bool = False
    gate: bool = False
    dove: bool = False
    civilization: bool = False
    services: list[Service] = Field(default_factory=list)
    source: Source = "project"

    @property
    def terrain(self) -> Terrain | None:
        return self.kind if self.kind in ("forest", "mountains", "plains") else None


class AstralPlane(_Strict):
    id: str
    name: str
    #: display names in other languages (locale -> name); the English `name` is the default
    names: dict[str, str] = Field(default_factory=dict)
    between: tuple[str, str]
    source: Source = "project"


class Board(_Strict):
    id: str
    name: str
    #: the ring, in order; moving "right" goes to the next entry, wrapping around
    spaces: list[Space]
    astral_planes: list[AstralPlane] = Field(default_factory=list)
    source: Source = "project"

    @model_validator(mode="after")
    def _consistent(self) -> "Board":
        ids = [s.id for s in self.spaces]
        if len(set(ids)) != len(ids):
            raise ValueError("space ids must be unique")
        for plane in self.astral_planes:
            for sid in plane.between:
                if sid not in ids:
                    raise ValueError(f"astral plane {plane.id} borders unknown space {sid}")
        return self


class Figure(_Strict):
    value: int | None
    source: Source


class RulesConfig(_Strict):
    """Numbers of the rules themselves, each with where it comes from."""

    starting_gold: Figure
    starting_experience: Figure
    horse_cost: Figure
    boat_cost: Figure
    gate_cost: Figure
    wills_switch_magic: Figure
    certificate_experience: Figure
    certificate_gold: Figure
    sell_divisor: Figure
    bank_red_cubes: Figure
    bank_blue_cubes: Figure
    item_limit: Figure
    adventure_slots: Figure
    #: how many Items lie on the City and Village at setup (the Basic rules are silent)
    starting_offer: Figure


class PackManifest(_Strict):
    id: str
    name: str
    system: Literal["prophecy"]
    version: int = 1
    rules: RulesConfig


class ContentError(ValueError):
    """A content pack file is invalid; the message names the file and the field."""


class Pack(BaseModel):
    """A loaded, validated pack with lookup tables the rules use."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    manifest: PackManifest
    board: Board
    characters: list[Character]
    adventures: list[AdventureCard]
    items: list[ItemCard]
    chance: list[ChanceCard]
    if TYPE_CHECKING:
        # lookup tables set once in `model_post_init`, beside the fields rather than as pydantic
        # private attributes, so the hot lookups stay plain attribute reads
        _adventures: dict[str, AdventureCard]
        _items: dict[str, ItemCard]
        _chance: dict[str, ChanceCard]
        _characters: dict[str, Character]
        _space_index: dict[str, int]
    guilds: dict[str, str]  # guild id -> name
    #: locale -> guild id -> display name (see `guild_name`)
    guild_names: dict[str, dict[str, str]] = Field(default_factory=dict)
    #: locale -> guild id -> the definite article its name takes ("the", "la", "l'"; see `guild_name`)
    guild_articles: dict[str, dict[str, str]] = Field(default_factory=dict)

    @property
    def rules(self) -> RulesConfig:
        return self.manifest.rules

    @property
    def id(self) -> str:
        return self.manifest.id

    def adventure(self, card_id: str) -> CreatureCard | OpportunityCard:
        return self._adventures[card_id]

    def creature(self, card_id: str) -> CreatureCard:
        """The Adventure `card_id`, known to be a Creature (the caller met it as one)."""
        card = self._adventures[card_id]
        if not isinstance(card, CreatureCard):
            raise AssertionError(f"{card_id} is not a Creature")
        return card

    def item(self, card_id: str) -> ItemCard:
        return self._items[card_id]

    def chance_card(self, card_id: str) -> ChanceCard:
        return self._chance[card_id]

    def character(self, char_id: str) -> Character:
        return self._characters[char_id]

    def space(self, index: int) -> Space:
        return self.board.spaces[index]

    def space_index(self, space_id: str) -> int:
        return self._space_index[space_id]

    def card_text(self, card_id: str, locale: str = "en") -> str | None:
        """The own-words text of a card or character in `locale` (English when untranslated);
        None when no card has this id."""
        tables: tuple[Mapping[str, BaseModel], ...] = (self._adventures, self._items, self._chance, self._characters)
        for table in tables:
            if card_id in table:
                return display_text(table[card_id], locale)
        return None

    def guild_name(self, guild_id: str, locale: str = "en") -> str:
        """A guild's name in `locale`, else its English name, else the id (never raises).

        The name carries its article in that language (`Named.article`), so a sentence can
        write "Certificate {guild|of}" and read "of the Fortress" / "della Fortezza"."""
        if guild_id in self.guild_names.get(locale, {}):
            name, article = self.guild_names[locale][guild_id], self.guild_articles.get(locale, {}).get(guild_id, "")
        else:
            name, article = self.guilds.get(guild_id, guild_id), self.guild_articles.get("en", {}).get(guild_id, "")
        return Named(name, article)

    def model_post_init(self, _ctx: object) -> None:
        object.__setattr__(self, "_adventures", {c.id: c for c in self.adventures})
        object.__setattr__(self, "_items", {c.id: c for c in self.items})
        object.__setattr__(self, "_chance", {c.id: c for c in self.chance})
        object.__setattr__(self, "_characters", {c.id: c for c in self.characters})
        object.__setattr__(self, "_space_index", {s.id: i for i, s in enumerate(self.board.spaces)})


_M = TypeVar("_M", bound=BaseModel)


def validate_file(fname: str, model: type[_M], data: object,
                  error: type[ValueError] = ContentError) -> _M:
    """`data` (a YAML file's content) as `model`, or `error` (this pack's ContentError unless
    told) naming each problem by file and field (engine.core.content_files)."""
    return content_files.validate_file(fname, model, data, error)


class _Characters(_Strict):
    characters: list[Character]


class _Adventures(_Strict):
    cards: list[AdventureCard]


class _Items(_Strict):
    cards: list[ItemCard]


class _Chance(_Strict):
    cards: list[ChanceCard]


class _Guilds(_Strict):
    guilds: dict[str, str]
    #: display names in other languages: locale -> guild id -> name (the English is in `guilds`)
    names: dict[str, dict[str, str]] = Field(default_factory=dict)
    #: definite articles: locale -> guild id -> article ("the", "il", "la", "l'"), for grammar filters
    articles: dict[str, dict[str, str]] = Field(default_factory=dict)


#: the files of a pack folder, in the order they are checked
PACK_FILES: tuple[str, ...] = (
    "pack.yaml", "board.yaml", "guilds.yaml", "characters.yaml", "adventures.yaml", "items.yaml", "chance.yaml",
)


def build_pack(files: Mapping[str, object]) -> Pack:
    """Validate and cross-check a pack from its parsed files (file name -> what the file says);
    raise ContentError naming file and field.

    Pure on purpose: the engine never opens a file, so whoever read the files (packs/ for the
    shipped and group packs, a test for a pack built in memory) hands their contents over."""
    content_files.require_files(files, PACK_FILES, ContentError, " from pack")
    manifest = validate_file("pack.yaml", PackManifest, files["pack.yaml"])
    board = validate_file("board.yaml", Board, files["board.yaml"])
    guilds = validate_file("guilds.yaml", _Guilds, files["guilds.yaml"])
    chars = validate_file("characters.yaml", _Characters, files["characters.yaml"])
    adv = validate_file("adventures.yaml", _Adventures, files["adventures.yaml"])
    items = validate_file("items.yaml", _Items, files["items.yaml"])
    chance = validate_file("chance.yaml", _Chance, files["chance.yaml"])

    problems: list[str] = []
    for fname, cards in (("adventures.yaml", adv.cards), ("items.yaml", items.cards), ("chance.yaml", chance.cards)):
        seen: set[str] = set()
        for i, card in enumerate(cards):
            if card.id in seen:
                problems.append(f"{fname}: cards[{i}].id: duplicate id {card.id!r}")
            seen.add(card.id)
    for i, ch in enumerate(chars.characters):
        for g in ch.guilds:
            if g not in guilds.guilds:
                problems.append(f"characters.yaml: characters[{i}].guilds: unknown guild {g!r}")
    board_guilds = {s.guild for s in board.spaces if s.kind == "guild"}
    for i, s in enumerate(board.spaces):
        if s.kind == "guild" and s.guild not in guilds.guilds:
            problems.append(f"board.yaml: spaces[{i}].guild: unknown guild {s.guild!r}")
    if board_guilds != set(guilds.guilds):
        problems.append("board.yaml: spaces: every guild needs exactly one guild space")
    for field, table in (("names", guilds.names), ("articles", guilds.articles)):
        for locale, names in table.items():
            for g in set(names) - set(guilds.guilds):
                problems.append(f"guilds.yaml: {field}.{locale}.{g}: unknown guild {g!r}")
    if problems:
        raise ContentError("\n".join(problems))
    return Pack(
        manifest=manifest,
        board=board,
        characters=chars.characters,
        adventures=adv.cards,
        items=items.cards,
        chance=chance.cards,
        guilds=guilds.guilds,
        guild_names=guilds.names,
        guild_articles=guilds.articles,
    )


#: where packs not registered by hand come from: pack id -> Pack (installed by packs/)
PackSource = Callable[[str], Pack]

_SHELF: Shelf[Pack] = Shelf(lambda pack_id: ContentError(f"pack {pack_id!r} is not loaded; import packs"))


def register_pack(pack_id: str, pack: Pack) -> None:
    """Make an in-memory pack available by id (groups' own packs, test packs)."""
    _SHELF.register(pack_id, pack)


def set_pack_source(source: PackSource | None) -> None:
    """Install what `pack_by_id` asks for a pack nobody registered (packs/ does on import).

    The engine cannot import the reader (it would stop being pure), so the reader hands itself
    over here; None uninstalls it. Packs already fetched from a former source are forgotten."""
    _SHELF.set_source(source)


def pack_by_id(pack_id: str = "base") -> Pack:
    """Packs are immutable, so one loaded copy serves every game in the process."""
    return _SHELF.get(pack_id)


def display_name(obj: object, locale: str) -> str:
    """The name players read: the pack's translation for their language, else the English name."""
    names: dict[str, str] = getattr(obj, "names", None) or {}
    return names.get(locale) or str(getattr(obj, "name"))  # noqa: B009  # any named object: read like `names`


def display_text(obj: object, locale: str) -> str:
    """A card's own-words text in the reader's language, else the English text."""
    texts: dict[str, str] = getattr(obj, "texts", None) or {}
    return texts.get(locale) or str(getattr(obj, "text", None) or "")
