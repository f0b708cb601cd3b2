"""An expansion's content: a pack folder (data/talisman/expansions/<id>/) validated at start-up
like the core pack, and merged into it for a campaign that names the expansion.

The merged pack has the id "core+<id>" (`TalismanOptions.expansions` reads it back), so every
module that looks a card up by id finds the expansion's cards with no change; which deck a card
belongs to (the core's or the expansion's Adventure deck, Trove deck, Spells) is told by the
expansion's own lists here.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import Field, model_validator

from engine.core.shelf import Shelf
from engine.darkest_talisman.content import (
    AdventureCard,
    Character,
    ContentError,
    Foe,
    FollowerCard,
    Location,
    ObjectCard,
    Pack,
    Region,
    Service,
    SheetRef,
    Source,
    SpellCard,
    _Adventures,
    _Characters,
    _effects,
    _Named,
    _Objects,
    _Spells,
    _Strict,
    _validate,
)
from engine.darkest_talisman.state import Quest

EXPANSION_FILES: tuple[str, ...] = (
    "expansion.yaml", "characters.yaml", "adventures.yaml", "trove.yaml", "spells.yaml", "quests.yaml", "foes.yaml",
)
#: files an expansion folder may have: its Stables (H2), its Quest Reward cards (H3), its own
#: places and regions (a Trove destination beyond the core's roads, H4); region.yaml, a Region of
#: its own (the big boxes, J-M), with its side piles and Wanted Posters (the City, J2a, J4)
OPTIONAL_FILES: tuple[str, ...] = ("stables.yaml", "rewards.yaml", "places.yaml", "region.yaml", "piles.yaml", "posters.yaml")


class QuestCard(_Named):
    """A Warlock Quest card (E1c): drawn at the Warlock's Cave instead of rolling the die."""

    count: int = Field(1, ge=1)
    quest: Quest


class StablesWare(_Strict):
    """A Stables card (H2): a mount sold in the village at `price` Gold, never in a deck."""

    price: int = Field(ge=0)
    card: FollowerCard
    source: Source
    refs: list[SheetRef] = Field(default_factory=list)


RewardKind = Literal["strength", "craft", "fate", "magic_door", "dream_prize", "lightning_trap"]


class QuestReward(_Named):
    """A Quest Reward card (H3): drawn instead of a Talisman when a quest is done. `strength`,
    `craft`, `fate`: gain `amount`, then discarded; the others are kept until used (H5)."""

    count: int = Field(1, ge=1)
    kind: RewardKind
    amount: int = Field(1, ge=0)
    #: counters put on it when drawn (Lightning Trap: three, H5)
    counters: int = Field(0, ge=0)


class ChartRow(_Strict):
    """One face of a figure's chart (the Grim Reaper's card, E2i; the Werewolf's card, F6c)."""

    face: int = Field(ge=1, le=6)
    result: Literal["killed", "lose_follower", "dice_with_reaper", "lose_turn", "reaper_back", "boon",
                    # the Werewolf's card (F6c, F9)
                    "lycanthropy", "lose_life", "werewolf_next", "unharmed"]
    text: str
    texts: dict[str, str] = Field(default_factory=dict)
    source: Source
    refs: list[SheetRef] = Field(default_factory=list)


class TerrainCard(_Strict):
    """A Terrain card (I4): laid on a Road Space, the space is `location` while the road is in play."""

    id: str
    location: str
    count: int = Field(1, ge=1)
    source: Source
    refs: list[SheetRef] = Field(default_factory=list)


class ExpansionManifest(_Named):
    """expansion.yaml: what the expansion is and what it brings."""

    #: the figure that moves on the road (the Grim Reaper) and its chart
    figure: str | None = None
    chart: list[ChartRow] = Field(default_factory=list)
    #: the Trove destination it adds or takes over (the Graveyard, E3)
    trove_destination: str | None = None
    #: Followers that let the leader skip a Road Space instead of rolling two dice (E4b)
    skip_followers: list[str] = Field(default_factory=list)
    #: Followers whose master's party draws one card more on each new Road Space (E6 Fiend Slayer)
    extra_draw_followers: list[str] = Field(default_factory=list)
    #: Objects dropped when their bearer loses an attack against an Enemy (E6 Golden Statue)
    drop_on_loss: list[str] = Field(default_factory=list)
    #: the figure's Strength when it guards a trove (the Werewolf: 8, F8h)
    figure_strength: int | None = Field(None, ge=1)
    #: the Time Card (Day/Night, F2b, F3) comes into play with this expansion's deck
    time_card: bool = False
    #: services the expansion adds to core locations (the cure for a Talisman at the Temple and
    #: the Chapel, F4b); its module's `service_open` says who is offered them
    location_services: dict[str, list[Service]] = Field(default_factory=dict)
    #: places the expansion adds to the roads (the Firelands, I5a) and, by region id, the Trove
    #: destinations it adds to that region (I5a: the Outer Region)
    locations: list[Location] = Field(default_factory=list)
    region_troves: dict[str, list[str]] = Field(default_factory=dict)
    #: a foe that joins its trove's guardians (the Efrit, I5g)
    trove_guardian: str | None = None
    #: the Terrain deck (I4)
    terrain: list[TerrainCard] = Field(default_factory=list)
    #: cards that can never be burnt (I2: fireproof)
    fireproof: list[str] = Field(default_factory=list)
    #: Enemies whose win in battle burns one Object of the character beaten (I2c)
    burning_enemies: list[str] = Field(default_factory=list)
    #: regions the expansion adds to the board (the Frostmarch beyond the Chapel, G3a)
    regions: list[Region] = Field(default_factory=list)
    #: its Magic Objects stay in its Adventure deck: it has no Trove deck (J2c)
    magic_in_deck: bool = False

    @model_validator(mode="after")
    def _chart_faces(self) -> "ExpansionManifest":
        if self.chart and sorted(r.face for r in self.chart) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("chart must give each face 1-6 once")
        return self


class RegionSpec(_Strict):
    """region.yaml: an expansion's own Region (the City J1-J3, the Highland K3-K6, the Dungeon
    L3-L6, the Woodland M6-M8), reached from a core destination that straddles both (J3a, K3b,
    L3m, M6b). `region.road` lists its Road Spaces in order, each a location whose `draws` is
    the dice rolled for its cards (J3d, K5a, L5a, M7a); `region.specials` is its d6 table of
    Special Locations (J3e, K5b, L5b, M7b); `end` is the last space (the City Market, the Eyrie,
    the Treasure Chamber, Mab's Lair). While the party is in the Region the expansion's Adventure
    deck replaces the core's (J3b, K3d, L3o, M6d)."""

    region: Region
    #: the core destination where the Region's road starts (the City, the Crags, the Ruins, the Forest)
    straddle: str
    end: str
    #: what the last space is: an Aid destination (the City Market) or a trove (K6, L6, M8)
    goal: Literal["aid", "trove"] = "aid"
    #: the foe who joins the trove's guardians (C8d) in Guardian Combat (the Eagle King, K6g)
    master: str | None = None
    #: the trove: Magic Objects from the expansion's Trove deck and dice of Gold (K3f, L3q, M6f)
    trove_items: int = Field(0, ge=0)
    trove_gold_dice: int = Field(0, ge=0)
    #: the expansion's Spells are shuffled into the Spell deck on entering (K3e, L3p, M6e)
    spells_in: bool = False
    #: Adventure cards that join the core deck once the master is beaten (K6k, L6e, M8f)
    joins_core: list[str] = Field(default_factory=list)
    #: the Region's own spaces: its Road Spaces, Special Locations and last space
    locations: list[Location] = Field(default_factory=list)

    @model_validator(mode="after")
    def _shape(self) -> "RegionSpec":
        if self.region.specials and len(self.region.specials) != 6:
            raise ValueError("region.specials: a d6 table needs six entries")
        if self.goal == "trove" and self.end not in self.region.trove:
            raise ValueError("end: a trove's last space must be in region.trove")
        if self.goal == "aid" and self.end not in self.region.aid:
            raise ValueError("end: an Aid destination's last space must be in region.aid")
        if self.region.village is not None:
            raise ValueError("region.village: an expansion Region has no village of its own")
        return self


class Pile(_Named):
    """piles.yaml: a side pile of the expansion's cards kept out of every deck (the City's shops,
    J2a): card entries like adventures.yaml's."""

    cards: list[AdventureCard]
    #: how many of its cards lie face up to be bought (a shop's window, project)
    shown: int = Field(3, ge=1)
    #: card id -> its price in Gold (a shop's)
    prices: dict[str, int] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _priced(self) -> "Pile":
        if self.prices and {c.id for c in self.cards} != set(self.prices):
            raise ValueError("prices: every card of a priced pile needs a price, and only those")
        return self


class _Piles(_Strict):
    piles: list[Pile]


class Poster(_Named):
    """posters.yaml: a Wanted Poster (the City, J4): the kind of Enemy whose trophies it pays
    for, or "character" (a bounty on a character, J4d)."""

    target: Literal["animal", "dragon", "monster", "spirit", "character"]
    count: int = Field(1, ge=1)


class _Posters(_Strict):
    posters: list[Poster]


class _Quests(_Strict):
    quests: list[QuestCard]


class _Foes(_Strict):
    foes: list[Foe]


class _Stables(_Strict):
    stables: list[StablesWare]


class _Rewards(_Strict):
    rewards: list[QuestReward]


class _Places(_Strict):
    locations: list[Location] = Field(default_factory=list)
    regions: list[Region] = Field(default_factory=list)


class Expansion(_Strict):
    """A loaded, validated expansion pack."""

    manifest: ExpansionManifest
    characters: list[Character]
    adventures: list[AdventureCard]
    trove: list[ObjectCard]
    spells: list[SpellCard]
    quests: list[QuestCard]
    foes: list[Foe]
    stables: list[StablesWare] = Field(default_factory=list)
    rewards: list[QuestReward] = Field(default_factory=list)
    locations: list[Location] = Field(default_factory=list)
    regions: list[Region] = Field(default_factory=list)
    #: its own Region (region.yaml), if it has one
    region: RegionSpec | None = None
    #: its side piles (piles.yaml)
    piles: list[Pile] = Field(default_factory=list)
    #: its Wanted Posters (posters.yaml, the City J4)
    posters: list[Poster] = Field(default_factory=list)

    @property
    def id(self) -> str:
        return self.manifest.id

    def adventure_ids(self) -> set[str]:
        return {c.id for c in self.adventures}

    def quest(self, qid: str) -> QuestCard:
        return next(q for q in self.quests if q.id == qid)

    def stables_ids(self) -> set[str]:
        return {w.card.id for w in self.stables}


def build_expansion(files: Mapping[str, object]) -> Expansion:
    """Validate an expansion folder's parsed files; ContentError names the file and the field."""
    missing = [f for f in EXPANSION_FILES if f not in files]
    if missing:
        raise ContentError("\n".join(f"{f}: file missing from expansion" for f in missing))
    manifest = _validate("expansion.yaml", ExpansionManifest, files["expansion.yaml"])
    chars = _validate("characters.yaml", _Characters, files["characters.yaml"])
    adv = _validate("adventures.yaml", _Adventures, files["adventures.yaml"])
    trove = _validate("trove.yaml", _Objects, files["trove.yaml"])
    spells = _validate("spells.yaml", _Spells, files["spells.yaml"])
    quests = _validate("quests.yaml", _Quests, files["quests.yaml"])
    foes = _validate("foes.yaml", _Foes, files["foes.yaml"])
    stables = _validate("stables.yaml", _Stables, files["stables.yaml"]) if "stables.yaml" in files else _Stables(stables=[])
    rewards = _validate("rewards.yaml", _Rewards, files["rewards.yaml"]) if "rewards.yaml" in files else _Rewards(rewards=[])
    places = _validate("places.yaml", _Places, files["places.yaml"]) if "places.yaml" in files else _Places()
    region = _validate("region.yaml", RegionSpec, files["region.yaml"]) if files.get("region.yaml") is not None else None
    posters = _validate("posters.yaml", _Posters, files["posters.yaml"]).posters if files.get("posters.yaml") is not None else []
    problems = []
    for i, magic in enumerate(trove.cards):
        if magic.type != "magic_object":
            problems.append(f"trove.yaml: cards[{i}].type: the Trove deck holds Magic Objects only (E1b)")
    for i, card in enumerate(adv.cards):
        if card.type == "magic_object" and not manifest.magic_in_deck:
            problems.append(f"adventures.yaml: cards[{i}].type: Magic Objects belong in trove.yaml (E1b)")
    piles = _validate("piles.yaml", _Piles, files["piles.yaml"]).piles if files.get("piles.yaml") is not None else []
    followers = {c.id for c in [*adv.cards, *[k for p in piles for k in p.cards]] if c.type == "follower"}
    for i, row in enumerate(manifest.skip_followers):
        if row not in followers:
            problems.append(f"expansion.yaml: skip_followers[{i}]: unknown follower {row!r}")
    for i, ware in enumerate(stables.stables):
        if not ware.card.mount:
            problems.append(f"stables.yaml: stables[{i}].card.mount: a Stables card is a mount (H2, C2c-a)")
    if region is not None:
        for i, cid in enumerate(region.joins_core):
            if cid not in {c.id for c in adv.cards}:
                problems.append(f"region.yaml: joins_core[{i}]: not an Adventure card of this expansion: {cid!r}")
        if region.master is not None and region.master not in {f.id for f in foes.foes}:
            problems.append(f"region.yaml: master: unknown foe {region.master!r} (foes.yaml)")
    if problems:
        raise ContentError("\n".join(problems))
    return Expansion(manifest=manifest, characters=chars.characters, adventures=list(adv.cards), trove=trove.cards,
                     spells=spells.spells, quests=quests.quests, foes=foes.foes, stables=stables.stables,
                     rewards=rewards.rewards, locations=places.locations, regions=places.regions, region=region,
                     piles=piles, posters=posters)

def _regions(base: Pack, expansions: list[Expansion]) -> list[Region]:
    """The core's regions and the expansions'. A region two expansions both name (the Sacred
    Pool shares the Frostmarch's, H4a) is one: the second adds its destinations to the first's."""
    out = list(base.regions)
    for e in expansions:
        for region in [*e.manifest.regions, *e.regions]:
            at = next((i for i, r in enumerate(out) if r.id == region.id and r not in base.regions), None)
            if at is None:
                out.append(region)
                continue
            first = out[at]
            out[at] = first.model_copy(update={
                "aid": first.aid + [d for d in region.aid if d not in first.aid],
                "trove": first.trove + [d for d in region.trove if d not in first.trove]})
    return out


def merge(base: Pack, expansions: list[Expansion]) -> Pack:
    """The core pack with the expansions' cards, characters, Spells and foes added, checked as one
    pack (ids unique across them, every foe and location an effect names known)."""
    files: dict[str, object] = {
        "manifest": base.manifest.model_copy(update={
            "id": "+".join([base.id] + [e.id for e in expansions]),
            "name": " + ".join([base.manifest.name] + [e.manifest.name for e in expansions])}),
        "characters": list(base.characters) + [c for e in expansions for c in e.characters],
        "adventures": list(base.adventures) + [c for e in expansions
                                               for c in e.adventures + list(e.trove) + [k for p in e.piles for k in p.cards]]
        + [w.card for e in expansions for w in e.stables],
        "spells": list(base.spells) + [s for e in expansions for s in e.spells],
        "purchase": list(base.purchase),
        "locations": [loc.model_copy(update={"services": list(loc.services) + [
            s for e in expansions for s in e.manifest.location_services.get(loc.id, [])]})
            for loc in list(base.locations) + [loc for e in expansions for loc in [*e.manifest.locations, *e.locations]]
            + [loc for e in expansions if e.region for loc in e.region.locations]],
        "foes": list(base.foes) + [f for e in expansions for f in e.foes],
        "regions": [r.model_copy(update={"trove": r.trove + [t for e in expansions
                                                             for t in e.manifest.region_troves.get(r.id, [])]})
                    for r in _regions(base, expansions)] + [e.region.region for e in expansions if e.region],
        "village_services": list(base.village_services),
    }
    problems: list[str] = []
    seen: set[str] = set()
    for entry in [*files["adventures"], *files["spells"], *files["purchase"], *files["characters"]]:  # type: ignore[misc]
        if entry.id in seen:
            problems.append(f"{entry.id}: id used twice across the core and the expansions")
        seen.add(entry.id)
    foes = {f.id for f in files["foes"]}  # type: ignore[attr-defined]
    locs = {loc.id for loc in files["locations"]}  # type: ignore[attr-defined]
    if len(locs) != len(files["locations"]) or len({r.id for r in files["regions"]}) != len(files["regions"]):  # type: ignore[arg-type,attr-defined]
        problems.append("a location or region id used twice across the core and the expansions")
    for e in expansions:
        for region in [*e.manifest.regions, *e.regions]:
            for loc in [*region.road, *region.aid, *region.trove, *region.specials]:
                if loc not in locs:
                    problems.append(f"{e.id}: expansion.yaml: regions: {region.id}: unknown location {loc!r}")
    for e in expansions:
        if e.region is not None:
            spec = e.region
            for field in ("road", "specials", "aid", "trove"):
                for loc in getattr(spec.region, field):
                    if loc not in locs:
                        problems.append(f"{e.id}: region.yaml: region.{field}: unknown location {loc!r}")
            if spec.straddle not in {loc.id for loc in base.locations}:
                problems.append(f"{e.id}: region.yaml: straddle: not a core location {spec.straddle!r}")
        for card in [*e.adventures, *e.trove, *[k for p in e.piles for k in p.cards]]:
            for eff in _effects(getattr(card, "effect", None)) + _effects(getattr(card, "use", None)):
                if eff.fight is not None and eff.fight not in foes:
                    problems.append(f"{e.id}: {card.id}: fight: unknown foe {eff.fight!r}")
                if eff.teleport not in (None, "any") and eff.teleport not in locs:
                    problems.append(f"{e.id}: {card.id}: teleport: unknown location {eff.teleport!r}")
        for where in e.manifest.location_services:
            if where not in locs:
                problems.append(f"{e.id}: expansion.yaml: location_services: unknown location {where!r}")
        if e.manifest.trove_guardian is not None and e.manifest.trove_guardian not in foes:
            problems.append(f"{e.id}: expansion.yaml: trove_guardian: unknown foe {e.manifest.trove_guardian!r}")
        for terrain in e.manifest.terrain:
            if terrain.location not in locs:
                problems.append(f"{e.id}: expansion.yaml: terrain {terrain.id}: unknown location {terrain.location!r}")
        if e.manifest.trove_destination is not None and e.manifest.trove_destination not in locs:
            problems.append(f"{e.id}: expansion.yaml: trove_destination: unknown location {e.manifest.trove_destination!r}")
    if problems:
        raise ContentError("\n".join(problems))
    return Pack.model_validate(files)


# ----------------------------------------------------------------------------- where expansions come from
_SHELF: Shelf[Expansion] = Shelf(lambda eid: ContentError(f"expansion {eid!r} is not loaded; import packs"))


def register_expansion(eid: str, expansion: Expansion) -> None:
    _SHELF.register(eid, expansion)


def set_expansion_source(source: object) -> None:
    _SHELF.set_source(source)  # type: ignore[arg-type]  # a Callable[[str], Expansion]


def expansion_by_id(eid: str) -> Expansion:
    return _SHELF.get(eid)


def ware_price(pack: Pack, cid: str) -> int | None:
    """What a ware costs: a Blacksmith Object's price, or a Stables card's of an expansion merged
    into `pack` (H2); None when nobody sells it."""
    card = pack.card(cid)
    if isinstance(card, ObjectCard):
        return card.cost
    for eid in pack.id.split("+")[1:]:
        for ware in expansion_by_id(eid).stables:
            if ware.card.id == cid:
                return ware.price
    return None


def reward_name(pack: Pack, cid: str, locale: str) -> str:
    """A Quest Reward card's name (H3) in `locale`, from the expansions merged into `pack`."""
    from engine.darkest_talisman.content import display_name

    for eid in pack.id.split("+")[1:]:
        for reward in expansion_by_id(eid).rewards:
            if reward.id == cid:
                return display_name(reward, locale)
    return cid
