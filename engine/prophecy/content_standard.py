"""The Prophecy Standard content pack: what its YAML files may say, and how they are checked.

The Standard game is built on the Basic one: same board, characters, Adventures and Items.
So the Standard pack (data/prophecy/standard/) is an overlay on a base pack rather than a copy
of it. It adds what only Standard uses (guild Ability decks, Artifacts, Lesser and Greater
Guardians, the behaviour of the Standard-only Chance cards and of the Lost Library), the
Standard figures (limits, costs) and the rulings: the decisions this project took where the
research facts are silent, each naming the option or figure that implements it.

The manifest is `manifest.yaml`, not `pack.yaml`, on purpose: every folder with a `pack.yaml`
is read as a complete Basic-format pack (systems/prophecy/cards.py), which an overlay is not.

Like `content.build_pack`, `build_standard_pack` is pure: it validates what the files say,
handed over by whoever read them (packs/prophecy/standard.py for data/, a test for a pack
built in memory). `standard_pack_by_id` asks the installed source, as `pack_by_id` does.

As in `content.py`, behaviour is composed from a small vocabulary (`AbilityEffect`) that the
rules modules interpret; no card has Python of its own. Every figure carries a `source`:
"rulebook" or "research" when a rulebook or the research facts state it, "project" when this
project chose it.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Annotated, Literal, Protocol, TypeVar, Union, cast

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.content_files import validate_files
from engine.core.shelf import Shelf
from engine.prophecy.content import ContentError as PackContentError
from engine.prophecy.content import (
    Cost,
    Effect,
    Figure,
    Pack,
    RulesConfig,
    Source,
    Special,
    display_name,
    display_text,
    pack_by_id,
)

#: the languages every name, text and ruling must be written in
LANGUAGES: tuple[str, ...] = ("en", "it")

CreatureTag = Literal["animal", "humanoid", "undead", "demon", "magical"]
BattleKind = Literal["strength", "wills", "both"]
#: who a battle is against: any opponent, a Creature on the ring, another character, or the
#: Guardians of an Astral Plane ("only when attacking Astral Planes", research §6)
Opponent = Literal["any", "creature", "character", "astral_plane"]
GuardianTier = Literal["lesser", "greater"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ------------------------------------------------------------------------- Ability effects
# One small model per kind of effect, told apart by `kind`. Abilities and Artifacts are
# lists of these. The engine reads each kind in the rule it belongs to (combat, movement,
# turns, market...), so a new card only combines existing kinds.


class BattleBonus(_Strict):
    """+amount to your total in the given battles, optionally only against some opponents."""

    kind: Literal["battle_bonus"]
    amount: int = Field(ge=1)
    battle: BattleKind = "both"
    against: Opponent = "any"
    #: only against opponents of one of these types (characters count as humanoid, research §8)
    tags: list[CreatureTag] = Field(default_factory=list)
    #: only in fights you started against another character
    attacking_only: bool = False


class Prayer(_Strict):
    """Roll your own die `rolls` times and keep the best (Prayer, research §10)."""

    kind: Literal["prayer"]
    rolls: int = Field(2, ge=2, le=3)


class Curse(_Strict):
    """Your opponent rolls its die `rolls` times and keeps the worst (Curse, research §10)."""

    kind: Literal["curse"]
    rolls: int = Field(3, ge=2, le=4)


class Reroll(_Strict):
    """After the dice are rolled, roll again the named die (or one/both of your choice)."""

    kind: Literal["reroll"]
    dice: Literal["own", "opponent", "either_or_both"]


class FightAgain(_Strict):
    """After a battle ends in a draw (or a loss), fight it once more at once, as a new battle."""

    kind: Literal["fight_again"]
    after: Literal["draw", "loss"]


class AvoidCreatures(_Strict):
    """You need not fight the Creatures on your space (of these types, or all when empty).

    Creatures you avoid stay where they are; as long as one remains, you may neither attack
    a character nor an Astral Plane from that space (ruling `attack_conditions`)."""

    kind: Literal["avoid_creatures"]
    tags: list[CreatureTag] = Field(default_factory=list)


class OnWinVsCharacter(_Strict):
    """Extra spoils when you beat another character (Thievery, Pickpocketing, Poisonous Blade)."""

    kind: Literal["on_win_vs_character"]
    #: you take one Item of your choice from the loser instead of her usual choice
    take_item: bool = False
    #: you also take this much of the loser's Gold (as much as she has)
    take_gold: int = Field(0, ge=0)
    #: the loser also loses this much Health, whatever she chose
    extra_health_loss: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _does_something(self) -> "OnWinVsCharacter":
        if not (self.take_item or self.take_gold or self.extra_health_loss):
            raise ValueError("on_win_vs_character needs take_item, take_gold or extra_health_loss")
        return self


TerrainOrPlace = Literal["forest", "mountains", "plains", "civilization", "enchanted_wilderness"]


class InsteadOfMovement(_Strict):
    """Something done on the space where the turn began, in place of moving (research §3).

    train: buy one Strength or Willpower cube at the training cost (ruling `training`);
    heal / recharge: up to `amount` Health / Magic, every missing one when `amount` is None;
    repair: every damaged Item, free; gain: receive `gain`; by_terrain: receive the entry for
    the kind of space you stand on (nothing elsewhere)."""

    kind: Literal["instead_of_movement"]
    action: Literal["train", "heal", "recharge", "repair", "gain", "by_terrain"]
    amount: int | None = Field(None, ge=1)
    gain: Effect | None = None
    by_terrain: dict[TerrainOrPlace, Effect] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _fields_for_action(self) -> "InsteadOfMovement":
        if self.action == "gain" and (self.gain is None or self.gain.is_empty()):
            raise ValueError("action gain needs a non-empty `gain`")
        if self.action == "by_terrain" and not self.by_terrain:
            raise ValueError("action by_terrain needs `by_terrain`")
        if self.action not in ("heal", "recharge") and self.amount is not None:
            raise ValueError("`amount` is only for heal and recharge")
        return self


class Movement(_Strict):
    """A way of moving, chosen as your one movement option of the turn.

    horse: ride `spaces` spaces one way; boat: sail to a Port `spaces` Ports away one way;
    gate: use a Magic Gate; walk: go up to `spaces` spaces one way; teleport: go to any space
    of the ring. `cost` replaces the usual price of that option."""

    kind: Literal["movement"]
    mode: Literal["horse", "boat", "gate", "walk", "teleport"]
    cost: Cost = Cost()
    spaces: int | None = Field(None, ge=1, le=4)

    @model_validator(mode="after")
    def _spaces(self) -> "Movement":
        if self.mode in ("gate", "teleport") and self.spaces is not None:
            raise ValueError(f"movement {self.mode} goes anywhere; no `spaces`")
        if self.mode in ("horse", "boat", "walk") and self.spaces is None:
            raise ValueError(f"movement {self.mode} needs `spaces`")
        return self


class StartOfRound(_Strict):
    """Received at the start of your round, before you move (research §3, start-of-round effects)."""

    kind: Literal["start_of_round"]
    gain: Effect
    where: Literal["anywhere", "wilderness", "civilization"] = "anywhere"


class Market(_Strict):
    """Better prices in the City and the Village."""

    kind: Literal["market"]
    buy_discount: int = Field(0, ge=0)
    sell_full_price: bool = False


class ExtraExperience(_Strict):
    """Each Creature or Guardian you beat gives `amount` more Experience."""

    kind: Literal["extra_experience"]
    amount: int = Field(ge=1)


class TwoWeapons(_Strict):
    """You may fight with two one-handed weapons at once (research §11.8)."""

    kind: Literal["two_weapons"]


class WillsSwitchDiscount(_Strict):
    """Forcing a Battle of Wills costs you this much less Magic."""

    kind: Literal["wills_switch_discount"]
    magic: int = Field(ge=1)


class Ward(_Strict):
    """Losses that do not touch you."""

    kind: Literal["ward"]
    against: list[Literal["economic_crisis", "gold_loss", "item_loss", "item_damage"]] = Field(min_length=1)


class ExtraTurn(_Strict):
    """Take another turn after this one, without a Chance card (like Peaceful Times)."""

    kind: Literal["extra_turn"]


class PeekAstralPlane(_Strict):
    """Look privately at `cards` hidden card(s) on one Astral Plane (as a Prophetic Dream)."""

    kind: Literal["peek_astral_plane"]
    cards: int = Field(1, ge=1, le=3)


class ChoosesBattleground(_Strict):
    """Whoever holds this picks the space of the Final Battle (Royal Cape, research §6/§7)."""

    kind: Literal["chooses_battleground"]


AbilityEffect = Annotated[
    Union[
        BattleBonus,
        Prayer,
        Curse,
        Reroll,
        FightAgain,
        AvoidCreatures,
        OnWinVsCharacter,
        InsteadOfMovement,
        Movement,
        StartOfRound,
        Market,
        ExtraExperience,
        TwoWeapons,
        WillsSwitchDiscount,
        Ward,
        ExtraTurn,
        PeekAstralPlane,
        ChoosesBattleground,
    ],
    Field(discriminator="kind"),
]

#: effect kinds used during a battle, before or after the roll
BATTLE_KINDS = frozenset({"battle_bonus", "prayer", "curse", "reroll", "fight_again", "two_weapons", "wills_switch_discount"})

Limit = Literal["always", "once_per_battle", "once_per_turn", "once_per_round"]


# ---------------------------------------------------------------------------------- cards


class _Card(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    #: display names in other languages (locale -> name); the English `name` is the default
    names: dict[str, str] = Field(default_factory=dict)
    count: int = Field(1, ge=1)
    #: own-words summary of what the card does (never a printed sentence)
    text: str
    #: the same summary in other languages (locale -> text)
    texts: dict[str, str] = Field(default_factory=dict)
    source: Source = "project"


#: the fields every card of an overlay has, for the expansion's content models too
CardBase = _Card


class Ability(_Card):
    """A guild's skill or spell (black Ability cards, research §4)."""

    guild: str
    type: Literal["skill", "spell"]
    #: Experience paid to learn it (members of the guild pay only this; ruling `ability_costs`)
    experience: int = Field(ge=1, le=10)
    #: paid each time it is used (spells cost Magic)
    cast: Cost = Cost()
    limit: Limit = "always"
    #: after use the card is turned face down and comes back at your next round (Time Loop)
    rests: bool = False
    effects: list[AbilityEffect] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> "Ability":
        if self.type == "spell" and self.cast.magic < 1:
            raise ValueError("a spell costs Magic to cast")
        if self.type == "skill" and not self.cast.is_free():
            raise ValueError("a skill costs nothing to use")
        kinds = {e.kind for e in self.effects}
        if "instead_of_movement" in kinds and self.limit not in ("once_per_turn", "once_per_round"):
            raise ValueError("an instead-of-movement Ability is used at most once per turn")
        if self.rests and self.limit != "once_per_round":
            raise ValueError("a card that rests after use is once per round")
        return self


class Artifact(_Card):
    """One of the five Artifacts kept on the Astral Planes (research §6)."""

    #: tie-break order when no Royal Cape is in play (WR's roman numerals); lower goes first
    order: int = Field(ge=0)
    limit: Limit = "always"
    effects: list[AbilityEffect] = Field(min_length=1)


class Guardian(_Card):
    """A Lesser or Greater Guardian of an Astral Plane (research §6): fought like a Creature."""

    tier: GuardianTier
    strength: int = Field(ge=1)
    willpower: int = Field(ge=1)
    #: the battle it attacks with (Strength first allows the 2-Magic Battle of Wills)
    first: Literal["strength", "wills"]
    experience: int = Field(ge=0)
    tags: list[CreatureTag] = Field(min_length=1)
    #: what beating it gives besides its Experience (Greater Guardians also yield the Artifact)
    reward: Effect = Effect()
    specials: list[Special] = Field(default_factory=list)

    def special(self, rule: str) -> Special | None:
        return next((s for s in self.specials if s.rule == rule), None)


StandardChanceEffect = Literal["guild_ability", "training", "prophetic_dream", "interesting_times", "economic_crisis"]


class StandardChanceCard(_Card):
    """The Standard behaviour of a Chance card the Basic Version leaves out (research §9)."""

    effect: StandardChanceEffect
    #: guild_ability: the guild whose deck turns up a new Ability
    guild: str | None = None
    #: training: who may train (the drawer alone, or everyone) and until when
    training_for: Literal["drawer", "everyone"] | None = None
    lasts: Literal["turn", "round"] | None = None
    #: prophetic_dream: how many hidden Astral Plane cards the drawer looks at
    look: int | None = Field(None, ge=1)
    #: interesting_times: turn every face-down Adventure up; fill every terrain space with no card
    reveal_face_down: bool = False
    fill_empty_terrain: bool = False
    #: economic_crisis: each character loses her Gold divided by this, rounded down
    lose_gold_divisor: int | None = Field(None, ge=2)

    @model_validator(mode="after")
    def _fields_for_effect(self) -> "StandardChanceCard":
        need = {
            "guild_ability": ["guild"],
            "training": ["training_for", "lasts"],
            "prophetic_dream": ["look"],
            "economic_crisis": ["lose_gold_divisor"],
        }.get(self.effect, [])
        missing = [f for f in need if getattr(self, f) is None]
        if missing:
            raise ValueError(f"Chance effect {self.effect} needs {', '.join(missing)}")
        if self.effect == "interesting_times" and not (self.reveal_face_down or self.fill_empty_terrain):
            raise ValueError("interesting_times must reveal or fill something")
        return self


class Study(_Strict):
    """Look at the top `look` Abilities of one guild deck and learn one of them.

    `gold`: False when the Ability is learned for its Experience alone, member or not."""

    look: int = Field(ge=1, le=5)
    gold: bool = False


class StudyOpportunity(_Card):
    """An Opportunity whose use is studying an Ability (the Lost Library in Standard)."""

    kind: Literal["opportunity"] = "opportunity"
    study: Study


# -------------------------------------------------------------------------------- rulings

_SECTION = r"^§\d{1,2}(\.\d{1,2})?$"


class Words(_Strict):
    """One sentence in every language the bot speaks (`LANGUAGES`)."""

    en: str = Field(pattern=r"\S")
    it: str = Field(pattern=r"\S")

    def get(self, locale: str) -> str:
        """The sentence in `locale`, English for a language the bot does not speak."""
        return str(getattr(self, locale)) if locale in LANGUAGES else self.en


class _Translated(Protocol):
    text: Words


_T = TypeVar("_T", bound=_Translated)


def translated(ruling: _T) -> _T:
    """A ruling's check that its Italian text is not the English one pasted in (a translation
    left undone); the Standard, Water Realm and cards rulings all run it."""
    if ruling.text.it == ruling.text.en:
        raise ValueError("the Italian text is a copy of the English one")
    return ruling


class Ruling(_Strict):
    """One decision the facts leave open, in the project's own words (issue 13).

    `option` names what implements it: `rules.<figure>` (a Basic figure the Standard pack
    sets), `standard.<figure>`, `options.<option>` (manifest.yaml) or `cards.<file>.<field>`
    (a field of the cards in that file). `facts` lists the facts-sheet sections it fills."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    title: Words
    text: Words
    option: str = Field(pattern=r"^(rules|standard|options|cards)\.[a-z_]+(\.[a-z_]+)?$")
    facts: list[Annotated[str, Field(pattern=_SECTION)]] = Field(min_length=1)
    source: Literal["project"] = "project"

    _translated = model_validator(mode="after")(translated)

    def text_in(self, locale: str) -> str:
        return self.text.get(locale)

    def title_in(self, locale: str) -> str:
        return self.title.get(locale)


# ------------------------------------------------------------------------------- manifest


class RulesOverride(_Strict):
    """Basic figures (content.RulesConfig) the Standard game sets differently; others stay."""

    item_limit: Figure | None = None
    adventure_slots: Figure | None = None
    starting_gold: Figure | None = None
    starting_experience: Figure | None = None
    wills_switch_magic: Figure | None = None


class StandardRules(_Strict):
    """Numbers only the Standard game has, each with where it comes from."""

    ability_limit: Figure
    artifacts_to_win: Figure
    astral_planes: Figure
    guild_offer_size: Figure
    #: Gold a non-member pays per point of the Ability's Experience cost (members pay none)
    ability_gold_per_experience: Figure
    #: Magic an attacker pays to make a fight between characters a Battle of Wills
    character_wills_magic: Figure
    #: what the loser of a fight between characters gives up: Health, or Items
    character_fight_health: Figure
    character_fight_items: Figure
    #: training: Experience per point of the new figure, Gold for non-members, most cubes per figure
    training_experience_per_point: Figure
    training_gold_non_member: Figure
    training_cap_per_figure: Figure
    #: Power Up added to the Strength and Willpower of the Guardians (0 in plain Standard)
    astral_power_up: Figure
    #: Health each character loses at the start of her turn once the Apocalypse has begun
    apocalypse_health_loss: Figure


OptionValue = Union[bool, int, str]


class OptionSpec(_Strict):
    """A choice the rulings made, with the alternatives a table may pick instead."""

    value: OptionValue
    choices: list[OptionValue] = Field(min_length=1)
    source: Source = "project"

    @model_validator(mode="after")
    def _value_is_a_choice(self) -> "OptionSpec":
        if self.value not in self.choices:
            raise ValueError(f"value {self.value!r} is not among the choices {self.choices!r}")
        return self


class StandardManifest(_Strict):
    id: str
    name: str
    system: Literal["prophecy"]
    version: int = 1
    #: the pack whose board, characters, Adventures, Items and Chance cards this one builds on
    base: str = Field(pattern=r"^[a-z0-9_-]+$")
    rules: RulesOverride
    standard: StandardRules
    options: dict[str, OptionSpec]


class ContentError(PackContentError):
    """A Standard pack file is invalid; the message names the file and the field.

    A subclass of the base pack's error, so whoever catches one catches both."""


class StandardPack(BaseModel):
    """A loaded, cross-checked Standard pack, with the base pack it builds on."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    manifest: StandardManifest
    base: Pack
    abilities: list[Ability]
    artifacts: list[Artifact]
    guardians: list[Guardian]
    chance: list[StandardChanceCard]
    adventures: list[StudyOpportunity]
    rulings: list[Ruling]
    if TYPE_CHECKING:
        # set once in `model_post_init` as plain attributes (hot lookups), declared for the checker
        _rules: RulesConfig
        _as_pack: Pack
        _abilities: dict[str, Ability]
        _artifacts: dict[str, Artifact]
        _guardians: dict[str, Guardian]
        _chance: dict[str, StandardChanceCard]
        _adventures: dict[str, StudyOpportunity]
        _rulings: dict[str, Ruling]

    @property
    def id(self) -> str:
        return self.manifest.id

    @property
    def rules(self) -> RulesConfig:
        """The Basic figures with the Standard ones in place (item limit 7, two slots...)."""
        return self._rules

    @property
    def figures(self) -> StandardRules:
        return self.manifest.standard

    def option(self, name: str) -> OptionValue:
        return self.manifest.options[name].value

    def as_pack(self) -> Pack:
        """The base pack under this pack's id, with the Standard figures in place, for the
        rules modules both versions share (movement, combat, market...)."""
        return self._as_pack

    def guild_deck(self, guild: str) -> list[Ability]:
        return [a for a in self.abilities if a.guild == guild]

    def ability(self, card_id: str) -> Ability:
        return self._abilities[card_id]

    def artifact(self, card_id: str) -> Artifact:
        return self._artifacts[card_id]

    def guardian(self, card_id: str) -> Guardian:
        return self._guardians[card_id]

    def guardians_of(self, tier: GuardianTier) -> list[Guardian]:
        return [g for g in self.guardians if g.tier == tier]

    def chance_card(self, card_id: str) -> StandardChanceCard:
        return self._chance[card_id]

    def ruling(self, ruling_id: str) -> Ruling:
        return self._rulings[ruling_id]

    def battleground_chooser(self) -> Artifact:
        """The Artifact whose holder picks the Final Battle's space (the Royal Cape)."""
        return next(a for a in self.artifacts if any(e.kind == "chooses_battleground" for e in a.effects))

    def chance_deck(self) -> list[tuple[str, int]]:
        """(card id, copies) of the Standard Chance deck: the base cards the Basic Version
        uses, then every Standard card (those the Basic Version removes, and new ones)."""
        basic = [(c.id, c.count) for c in self.base.chance if not c.standard_only]
        return basic + [(c.id, c.count) for c in self.chance]

    def adventure_deck(self) -> list[tuple[str, int]]:
        """(card id, copies) of the Standard Adventure deck: every base card, with the Standard
        definition's copy count where this pack redefines a card (the Lost Library)."""
        mine = {c.id: c.count for c in self.adventures}
        return [(c.id, mine.get(c.id, c.count)) for c in self.base.adventures]

    def _tables(self) -> tuple[Mapping[str, BaseModel], ...]:
        """Every card table that has own-words names and texts, in lookup order."""
        return (self._abilities, self._artifacts, self._guardians, self._chance, self._adventures)

    def card_text(self, card_id: str, locale: str = "en") -> str | None:
        """The own-words text of a Standard card in `locale`; None when no such card."""
        for table in self._tables():
            if card_id in table:
                return display_text(table[card_id], locale)
        return None

    def card_name(self, card_id: str, locale: str = "en") -> str | None:
        for table in self._tables():
            if card_id in table:
                return display_name(table[card_id], locale)
        return None

    def model_post_init(self, _ctx: object) -> None:
        merged = RulesConfig.model_validate(
            {**self.base.rules.model_dump(), **self.manifest.rules.model_dump(exclude_none=True)}
        )
        object.__setattr__(self, "_rules", merged)
        manifest = self.base.manifest.model_copy(
            update={"id": self.manifest.id, "name": self.manifest.name, "rules": merged}
        )
        object.__setattr__(self, "_as_pack", self.base.model_copy(update={"manifest": manifest}))
        object.__setattr__(self, "_abilities", {c.id: c for c in self.abilities})
        object.__setattr__(self, "_artifacts", {c.id: c for c in self.artifacts})
        object.__setattr__(self, "_guardians", {c.id: c for c in self.guardians})
        object.__setattr__(self, "_chance", {c.id: c for c in self.chance})
        object.__setattr__(self, "_adventures", {c.id: c for c in self.adventures})
        object.__setattr__(self, "_rulings", {r.id: r for r in self.rulings})


# -------------------------------------------------------------------------------- building


class _Abilities(_Strict):
    cards: list[Ability]


class _Artifacts(_Strict):
    cards: list[Artifact]


class _Guardians(_Strict):
    cards: list[Guardian]


class _Chance(_Strict):
    cards: list[StandardChanceCard]


class _Adventures(_Strict):
    cards: list[StudyOpportunity]


class _Rulings(_Strict):
    rulings: list[Ruling]


#: the files of a Standard overlay folder and what each holds, in the order they are checked
STANDARD_FILES: dict[str, type[BaseModel]] = {
    "manifest.yaml": StandardManifest,
    "abilities.yaml": _Abilities,
    "artifacts.yaml": _Artifacts,
    "guardians.yaml": _Guardians,
    "chance.yaml": _Chance,
    "adventures.yaml": _Adventures,
    "rulings.yaml": _Rulings,
}


def _option_exists(path: str, manifest: StandardManifest, models: dict[str, type[BaseModel]]) -> bool:
    head, _, rest = path.partition(".")
    if head == "rules":
        return rest in RulesConfig.model_fields
    if head == "standard":
        return rest in StandardRules.model_fields
    if head == "options":
        return rest in manifest.options
    file, _, field = rest.partition(".")
    model = models.get(file)
    return model is not None and (not field or field in model.model_fields)


def _cross_check(manifest: StandardManifest, base: Pack, parts: dict[str, BaseModel]) -> list[str]:
    problems: list[str] = []
    abilities: list[Ability] = cast(_Abilities, parts["abilities.yaml"]).cards
    artifacts: list[Artifact] = cast(_Artifacts, parts["artifacts.yaml"]).cards
    guardians: list[Guardian] = cast(_Guardians, parts["guardians.yaml"]).cards
    chance: list[StandardChanceCard] = cast(_Chance, parts["chance.yaml"]).cards
    adventures: list[StudyOpportunity] = cast(_Adventures, parts["adventures.yaml"]).cards
    rulings: list[Ruling] = cast(_Rulings, parts["rulings.yaml"]).rulings
    card_files = (("abilities.yaml", abilities), ("artifacts.yaml", artifacts), ("guardians.yaml", guardians),
                  ("chance.yaml", chance), ("adventures.yaml", adventures))

    # one id per card across the whole overlay
    seen: dict[str, str] = {}
    for fname, cards in card_files:
        for i, card in enumerate(cards):
            if card.id in seen:
                problems.append(f"{fname}: cards[{i}].id: duplicate id {card.id!r} (also in {seen[card.id]})")
            seen[card.id] = fname

    # Abilities: every guild of the base pack has its deck, and no other guild does
    for i, a in enumerate(abilities):
        if a.guild not in base.guilds:
            problems.append(f"abilities.yaml: cards[{i}].guild: unknown guild {a.guild!r}")
    for g in base.guilds:
        if not any(a.guild == g for a in abilities):
            problems.append(f"abilities.yaml: cards: guild {g!r} has no Ability deck")

    # Chance: every card the Basic Version removes gets its Standard behaviour here, and a new
    # card may not take the id of a card the Basic Version plays
    base_chance = {c.id: c for c in base.chance}
    for i, c in enumerate(chance):
        if c.id in base_chance and not base_chance[c.id].standard_only:
            problems.append(f"chance.yaml: cards[{i}].id: {c.id!r} is a Basic card; only Standard-only cards are redefined")
        if c.effect == "guild_ability" and c.guild not in base.guilds:
            problems.append(f"chance.yaml: cards[{i}].guild: unknown guild {c.guild!r}")
    defined = {c.id for c in chance}
    for cid, base_card in base_chance.items():
        if base_card.standard_only and cid not in defined:
            problems.append(f"chance.yaml: cards: no Standard behaviour for the Standard-only card {cid!r}")
    guild_cards = {c.guild for c in chance if c.effect == "guild_ability"}
    for g in base.guilds:
        if g not in guild_cards:
            problems.append(f"chance.yaml: cards: no guild_ability card for guild {g!r}")

    # Adventures: only the base pack's Standard-only cards are redefined
    base_adv = {c.id: c for c in base.adventures}
    for i, adv in enumerate(adventures):
        if adv.id not in base_adv or not base_adv[adv.id].standard_only:
            problems.append(f"adventures.yaml: cards[{i}].id: {adv.id!r} is not a Standard-only card of pack {base.id!r}")

    # Astral Planes: one Artifact, one Lesser and one Greater Guardian for each plane
    planes = len(base.board.astral_planes)
    if manifest.standard.astral_planes.value != planes:
        problems.append(f"manifest.yaml: standard.astral_planes: the board of pack {base.id!r} has {planes} Astral Planes")
    for what, n in (("artifacts.yaml", len(artifacts)),
                    ("guardians.yaml (lesser)", sum(g.tier == "lesser" for g in guardians)),
                    ("guardians.yaml (greater)", sum(g.tier == "greater" for g in guardians))):
        if n != planes:
            problems.append(f"{what}: cards: {n} cards for {planes} Astral Planes")
    for fname, cards in (("artifacts.yaml", artifacts), ("guardians.yaml", guardians)):
        for i, card in enumerate(cards):
            if card.count != 1:
                problems.append(f"{fname}: cards[{i}].count: every Artifact and Guardian is a single card")
    choosers = [a.id for a in artifacts if any(e.kind == "chooses_battleground" for e in a.effects)]
    if len(choosers) != 1:
        problems.append(f"artifacts.yaml: cards: exactly one Artifact picks the battleground, found {choosers}")
    if len({a.order for a in artifacts}) != len(artifacts):
        problems.append("artifacts.yaml: cards: every Artifact needs its own `order`")

    # Rulings: unique ids, and an option that names something in the pack
    models: dict[str, type[BaseModel]] = {
        "abilities": Ability, "artifacts": Artifact, "guardians": Guardian,
        "chance": StandardChanceCard, "adventures": StudyOpportunity,
    }
    ids: set[str] = set()
    for i, r in enumerate(rulings):
        if r.id in ids:
            problems.append(f"rulings.yaml: rulings[{i}].id: duplicate id {r.id!r}")
        ids.add(r.id)
        if not _option_exists(r.option, manifest, models):
            problems.append(f"rulings.yaml: rulings[{i}].option: {r.option!r} names nothing in the pack")

    # every name and text in every language
    for fname, cards in card_files:
        for i, card in enumerate(cards):
            for lang in LANGUAGES[1:]:
                if not card.names.get(lang, "").strip():
                    problems.append(f"{fname}: cards[{i}].names.{lang}: missing ({card.id})")
                if not card.texts.get(lang, "").strip():
                    problems.append(f"{fname}: cards[{i}].texts.{lang}: missing ({card.id})")
    return problems


def build_standard_pack(files: Mapping[str, object], base: Pack | None = None) -> StandardPack:
    """Validate and cross-check a Standard overlay from its parsed files (file name -> what the
    file says); raise ContentError naming file and field.

    `base` defaults to the pack the manifest names, fetched with `pack_by_id`."""
    parts = validate_files(files, STANDARD_FILES, ContentError, " from pack")
    manifest = parts["manifest.yaml"]
    assert isinstance(manifest, StandardManifest)
    if base is None:
        try:
            base = pack_by_id(manifest.base)
        except PackContentError as exc:
            raise ContentError(f"manifest.yaml: base: {exc}") from None
    problems = _cross_check(manifest, base, parts)
    if problems:
        raise ContentError("\n".join(problems))
    return StandardPack(
        manifest=manifest,
        base=base,
        abilities=cast(_Abilities, parts["abilities.yaml"]).cards,
        artifacts=cast(_Artifacts, parts["artifacts.yaml"]).cards,
        guardians=cast(_Guardians, parts["guardians.yaml"]).cards,
        chance=cast(_Chance, parts["chance.yaml"]).cards,
        adventures=cast(_Adventures, parts["adventures.yaml"]).cards,
        rulings=cast(_Rulings, parts["rulings.yaml"]).rulings,
    )


#: where Standard packs come from: pack id -> StandardPack (installed by the content reader)
StandardSource = Callable[[str], StandardPack]

_SHELF: Shelf[StandardPack] = Shelf(
    lambda pack_id: ContentError(f"Standard pack {pack_id!r} is not loaded; import packs.prophecy.standard"))


def set_standard_source(source: StandardSource | None) -> None:
    """Install what `standard_pack_by_id` asks for a Standard pack (the reader in packs/).

    The engine cannot import the reader (it would stop being pure), so the reader hands itself
    over; None uninstalls it. Packs fetched from a former source are forgotten."""
    _SHELF.set_source(source)


def standard_pack_by_id(pack_id: str = "standard") -> StandardPack:
    """Packs are immutable, so one loaded copy serves every Standard game in the process."""
    return _SHELF.get(pack_id)


__all__ = [
    "STANDARD_FILES",
    "Ability",
    "AbilityEffect",
    "Artifact",
    "ContentError",
    "Guardian",
    "Ruling",
    "StandardChanceCard",
    "StandardManifest",
    "StandardPack",
    "StandardRules",
    "StudyOpportunity",
    "build_standard_pack",
    "set_standard_source",
    "standard_pack_by_id",
]
