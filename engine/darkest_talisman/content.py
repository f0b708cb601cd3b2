"""The Darkest Talisman content pack: what the YAML files may say, and how they are checked.

The variant is written on top of the core Talisman game, whose cards are not among the
rulebooks. The pack is therefore the project's own: names come from the variant text and the
research facts sheet, every figure says where it comes from (`rulebook`: the variant states it;
`research`: only the facts sheet; `project`: chosen here), and card behaviour is composed from
the small effect vocabulary below, interpreted by the rules modules. No card has Python of its
own; a few genuinely unique cards name a `special` the engine knows.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Literal, TypeVar, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.content_files import require_files, validate_file
from engine.core.shelf import Shelf

Source = Literal["rulebook", "research", "project"]
#: the source ids of shared/research/talisman-core-cards.md (its "Source key"): where a card's
#: name, copies, figures and effect were read; `refs` lists them next to `source`
SheetRef = Literal["DT", "PYR4", "ION", "CPPR", "TW", "WD", "FAQ", "UFAQ", "TI", "CF", "TWH", "FRM", "DIG", "WEB",
                   # talisman-expansions-facts.md's source ids (the expansions' packs)
                   "RS-REA", "NG-REA", "FFG-REA", "RS-BM", "NG-BM", "RS-FM", "RS-SP", "RS-FL", "OTHER",
                   # the big boxes' rulebooks (J-M)
                   "RB-CITY", "RB-HL", "RB-DU", "RB-WL"]
Alignment = Literal["good", "neutral", "evil"]
Attribute = Literal["strength", "craft"]
EnemyKind = Literal["animal", "dragon", "monster", "spirit"]
#: a region's id: the core's "inner", "outer" and "tower"; an expansion adds its own (the
#: Woodlands, the Highland, the Dungeon, the City: B2a) as content, not code
RegionId = Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]

#: character abilities the engine implements (the cards' texts were not found: each is the
#: project's reading of the ability the variant or the facts sheet names)
Ability = Literal[
    "two_weapons",  # Warrior: may wield two weapons (and then no shield, C7e-e)
    "assassinate",  # Assassin: a newly revealed Enemy rolls no die; no trophy (D1a, D2)
    "psychic_attack",  # Ghoul, Sorceress, Wizard: Craft instead of Strength against a newly revealed Enemy (D1a-c)
    "ghoul_feed",  # Ghoul: +1 life on defeating an Enemy, not in Guardian Combat (D2)
    "regenerate",  # Troll: leading the party, a 6 among the day's dice heals 1 life (D2)
    "steal",  # Thief: may take 1 Gold or an Object from a companion who rolls a 1, any roll (D2)
    "beguile",  # Sorceress: gains 1 Gold from every Stranger met; Strangers see her as Neutral (D2)
    "dwarf_dice",  # Dwarf: one die fewer at the Portal of Power and the Mines (D2)
    "woods_move",  # Elf: free movement along the road from a Woods space (C4c)
    "banish_spirits",  # Priest: destroys a Spirit without fighting; one in Guardian Combat (C8e-b)
    "monk_craft",  # Monk: adds his Craft to his Strength in battle
    "charm",  # Minstrel: may evade Animals
    "woods_spells",  # Druid: entering a Woods space, draws Spells up to what his Craft allows
    "spell_keeper",  # Prophetess, Wizard: always hold at least one Spell (draw one on casting the last)
    "no_weapons",  # Monk, Priest: use no Weapon in battle
    "no_armour",  # Monk: uses no Armour in battle
    "charm_dragons",  # Minstrel: Dragons, like Animals, do not attack him (he may evade them)
    "maze_immune",  # Dwarf: the Maze does not hold him
    "double_roll",  # Warrior: rolls two dice in battle and keeps the higher
    "redraw",  # Prophetess: may send back a card just turned over and meet another (once a road space)
    "honour",  # Knight (E4): never takes or harms what good characters own, even when a Spell allows it
    "knight_aid",  # Chivalric Knight (H5): adds his Strength to a companion ahead of him battling an Enemy
]

#: unique cards' behaviour, named once and implemented in the engine
Special = Literal[
    "road_roll",  # Ghost, Hermit (D4): placed on the road space a d6 names, met first there
    "raiders",  # Raiders (D4): the party's gold is stashed at the Sentinel
    "amulet",  # Amulet (D4): no spells; Events, Strangers and Places do not affect the bearer
    "talisman",  # the Talisman card: gives one Talisman from the supply if one is left
    "market",  # Market Day: each character may buy the Market's goods
    "orb",  # Orb of Knowledge: discard a card just turned over and meet another instead
    # the expansions' (engine/darkest_talisman/expansions): met only in a campaign that names them
    "patrol",  # Patrol (E6): the party moves back one Road Space and meets it
    "whirlwind",  # Whirlwind (E6, E4a): the other cards here are blown a die roll of spaces clockwise
    "terrain",  # I4 (Firelands): the top Terrain card goes on the party's next Road Space
    "fire_token",  # I3 (Firelands): a fireland token goes on the party's next Road Space
    "mirage",  # I6 Mirage: the party moves a d6 of Road Spaces toward the village and meets that space
    "burn",  # I2 (Firelands): each character of the party burns one of his own cards
    "wendigo",  # Howl of the Wendigo (G4): the party's characters attack each other
    "spiteful_imp",  # Spiteful Imp (H5): the strongest face-up Enemy on the road is brought here and met
    "revelry",  # Drunken Revelry (J5): every character rolls a d6; a 1 takes the party to the Jail
    "sheriff",  # Corrupt Sheriff (J5): each character may pay 2 Gold not to be jailed in the City Region
    "bazaar",  # Travelling Bazaar (J5): the City Road's other cards become a deck drawn once the core deck is back
    "magic_portal",  # Magic Portal (K7): 6d6 over the party's Craft carries it to the Highland's Lost City
    "fortunes_fool",  # Fortune's Fool (H5): no Fate reroll for the rest of this Road Space's Draw Spots
    "rumour_of_riches",  # Rumour of Riches (H5): the next character to roll a 1, for any reason, finds Gold
    "defiance",  # Shield of Defiance (H5): its save only against an Enemy met face up on the road
    "eyrie_vanguard",  # Eyrie Vanguard (K7): 3 cards drawn, their Enemies fought in Guardian Combat
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Named(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    #: display names in other languages (locale -> name); the English `name` is the default
    names: dict[str, str] = Field(default_factory=dict)
    #: locale -> the definite article the name takes there ("the", "il", "l'"; none when the
    #: name holds its own, "The Tower"): sentences write "at the Village", "al Villaggio",
    #: "affronta lo Spettro"
    articles: dict[str, str] = Field(default_factory=dict)
    #: own-words summary (never the printed sentence), English; `texts` other languages
    text: str = ""
    texts: dict[str, str] = Field(default_factory=dict)
    source: Source = "project"
    #: the research sheet's source ids for this entry (talisman-core-cards.md, "Source key")
    refs: list[SheetRef] = Field(default_factory=list)
    #: where single fields come from when it differs from `source` (e.g. `effect: project` for a
    #: die table whose ranges the sheet did not find)
    sources: dict[str, Source] = Field(default_factory=dict)


class Foe(_Named):
    """An enemy that is not a card: summoned by a space (the Forest's Brigand) or a guardian of
    its own (the Sentinel, Pit Fiends). `strength_dice` rolls its Strength (the Werewolf)."""

    kind: EnemyKind = "monster"
    strength: int | None = Field(None, ge=0)
    craft: int | None = Field(None, ge=0)
    strength_dice: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _figure(self) -> "Foe":
        if self.strength is None and self.craft is None and not self.strength_dice:
            raise ValueError("a foe needs Strength, Craft or strength_dice")
        return self


class RollRow(_Strict):
    """One row of a die table: on a total from `low` to `high`, apply `effect`."""

    low: int = Field(ge=1, le=36)
    high: int = Field(ge=1, le=36)
    effect: "Effect"


class Offer(_Strict):
    """Something a character may choose to pay for (a decision): `gold` buys `effect`."""

    gold: int = Field(0, ge=0)
    fate: int = Field(0, ge=0)
    effect: "Effect"


class Effect(_Strict):
    """What happens to one character. Positive numbers gain, negative lose.

    Life lost to 0 kills. Strength and Craft may fall below their starting values and to 0
    (A3b). `heal` restores lives only up to the Life value; `life` may go above it.
    """

    life: int = 0
    heal: int = Field(0, ge=0)
    heal_full: bool = False
    strength: int = 0
    craft: int = 0
    fate: int = 0
    replenish_fate: bool = False
    gold: int = 0
    spells: int = Field(0, ge=0)
    talisman: int = Field(0, ge=0)
    lose_turn: bool = False
    alignment: Alignment | None = None
    lose_followers: int = Field(0, ge=0)
    #: fight this foe (an id of foes in locations.yaml) now
    fight: str | None = None
    #: forced teleport of the whole party to a location (C4f); "any": free choice in the region (C4c)
    teleport: str | None = None
    #: draw this many Adventure cards for the party to meet now
    draw: int = Field(0, ge=0)
    #: receive a quest at the Warlock's Cave (C5f)
    quest: bool = False
    #: the party may not change its Marching Order until it is back in a village (D1c, C3d)
    lock_order: bool = False
    #: each Follower of the character is killed on a d6 from 1 to this face (the Chasm)
    follower_risk: int = Field(0, ge=0, le=6)
    #: pay this much Gold to escape the rest of this effect (the Black Knight)
    ransom: int = Field(0, ge=0)
    #: a die table; `dice` dice are rolled and summed
    roll: list[RollRow] = Field(default_factory=list)
    dice: int = Field(1, ge=1, le=3)
    by_alignment: dict[Alignment, "Effect"] = Field(default_factory=dict)
    offer: Offer | None = None
    #: draw Spells up to what the character's Craft allows (Book of Spells)
    fill_spells: bool = False
    #: discard every Spell held (Magical Vortex)
    discard_spells: bool = False
    #: the rest of the effect applies only when the character's Strength or Craft (with Objects
    #: and Followers) is below this (the Marsh: Strength under 5; the Maze: Craft under 5)
    if_below: dict[Attribute, int] = Field(default_factory=dict)
    #: characters with one of these abilities are not touched (the Dwarf in the Maze)
    immune: list[str] = Field(default_factory=list)
    #: Strength added until the end of the party's turn (Potion of Strength)
    boost_strength: int = Field(0, ge=0)
    #: send back the card just turned over on this Draw Spot (a seq) and draw another in its
    #: place, which must be met (the Orb of Knowledge, the Prophetess)
    redraw: int | None = None
    #: take one card of this kind from the Purchase deck, free (the Lost City, K5b-4)
    purchase: Literal["armour", "weapon"] | None = None
    #: gain this many Relics from an expansion Region's Relic cards (the Lost City, K5b-4)
    relic: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _table_covers_dice(self) -> "Effect":
        if self.roll:
            faces = sorted(f for row in self.roll for f in range(row.low, row.high + 1))
            if faces != list(range(self.dice, 6 * self.dice + 1)):
                raise ValueError(f"roll table must cover {self.dice}-{6 * self.dice} exactly once")
        return self

    def is_empty(self) -> bool:
        return self == Effect()


RollRow.model_rebuild()
Offer.model_rebuild()


class Service(_Strict):
    """Something a character may do at a village, an Aid destination or a helpful Stranger.

    heal, replenish_*: buy points one at a time at `price` Gold each, up to the character's own
    value (Life, Fate, starting Strength or Craft) and at most `max` per visit.
    buy: the Blacksmith's stock. sell_objects: any carried Object for `price` Gold.
    visit: roll on `effect` (`once`: once per character per visit).
    """

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    kind: Literal["heal", "replenish_fate", "replenish_strength", "replenish_craft", "buy", "sell_objects", "visit"]
    price: int = Field(1, ge=0)
    max: int | None = Field(None, ge=1)
    effect: Effect | None = None
    once: bool = True
    #: the Mystic: only after the party returns from an adventure (B1c)
    after_adventure: bool = False
    #: free for a character with one of these followers (the Castle's Prince or Princess)
    free_with: list[str] = Field(default_factory=list)
    free_max: int = Field(0, ge=0)
    #: offered only to characters of these alignments (empty: everyone)
    alignments: list[Alignment] = Field(default_factory=list)
    #: offered only to characters whose Craft (with Objects and Followers) is at least this
    craft_min: int = Field(0, ge=0)
    #: buy: the Market's goods at the Market's prices (`market_cost`) instead of the Blacksmith's
    market: bool = False
    #: services of one group are alternatives: a character uses one of them per visit
    group: str | None = None
    source: Source = "research"


class _Card(_Named):
    count: int = Field(1, ge=1)
    special: Special | None = None


class EnemyCard(_Card):
    type: Literal["enemy"] = "enemy"
    kind: EnemyKind
    strength: int | None = Field(None, ge=0)
    craft: int | None = Field(None, ge=0)
    #: may be evaded by spells and abilities that allow it
    evadable: bool = True
    #: Gold that buys him off: paid, he does not attack and stays (the Bandit)
    toll: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _figure(self) -> "EnemyCard":
        if (self.strength is None) == (self.craft is None):
            raise ValueError("an Enemy card fights with Strength or with Craft (exactly one)")
        if self.kind == "spirit" and self.craft is None:
            raise ValueError("a Spirit fights with Craft")
        if self.kind != "spirit" and self.strength is None:
            raise ValueError("Animals, Dragons and Monsters fight with Strength")
        return self

    @property
    def attribute(self) -> Attribute:
        return "craft" if self.craft is not None else "strength"

    @property
    def value(self) -> int:
        return int(self.craft if self.craft is not None else self.strength or 0)


Slot = Literal["weapon", "armour", "helmet", "shield", "trinket", "raft", "bag_of_gold", "talisman", "other"]


class ObjectCard(_Card):
    """An Object (Adventure deck or Blacksmith) or a Magic Object (the Trove deck, A2)."""

    type: Literal["object", "magic_object"] = "object"
    slot: Slot
    #: carried as an item (four) or a trinket (five) (C2c-b); a raft takes two item places (C5e)
    carry: Literal["item", "trinket"] = "item"
    size: int = Field(1, ge=1, le=2)
    strength: int = 0
    craft: int = 0
    #: armour: a save succeeds on this face or higher
    save: int | None = Field(None, ge=2, le=6)
    #: damage dealt before Guardian Combat (bows, C8e-d) and added in normal combat
    missile: int = Field(0, ge=0)
    #: Bag of Gold: its value in Gold when traded (C2d-d)
    value: int = Field(0, ge=0)
    #: Spells drawn by whoever gains it (Enemies draw them as Scrolls, C8d-j)
    spells: int = Field(0, ge=0)
    #: one die fewer at the Portal of Power
    portal_dice: int = Field(0, ge=0)
    #: lets a character build a raft on a Woods space (C5c)
    builds_raft: bool = False
    #: protects from the Desert's loss of life
    desert: bool = False
    #: locations whose loss of life it prevents (the Cross: the Chapel and the Graveyard)
    wards: list[str] = Field(default_factory=list)
    #: alignments that may not carry it (the Holy Grail and Holy Lance: evil; the Runesword: good)
    not_for: list[Alignment] = Field(default_factory=list)
    #: a weapon's Strength in battle against a Dragon instead of `strength` (the Holy Lance)
    dragon_strength: int = Field(0, ge=0)
    #: a weapon that gives its bearer 1 life when he wins a battle (the Runesword)
    drain: bool = False
    #: its bearer always holds at least one Spell if Craft allows (the Wand)
    keeps_spell: bool = False
    #: its bearer may destroy a Spirit without fighting, no trophy (the Cross)
    banish: bool = False
    #: the Market's price (Market place card, Market Day)
    market_cost: int | None = Field(None, ge=0)
    #: used up for this effect (potions)
    use: Effect | None = None
    #: Blacksmith price
    cost: int | None = Field(None, ge=0)
    #: sold by the Blacksmith (rafts and Talismans are in the Purchase deck but not for sale)
    for_sale: bool = True

    @model_validator(mode="after")
    def _slot_rules(self) -> "ObjectCard":
        if self.slot in ("armour", "helmet", "shield") and self.save is None:
            raise ValueError(f"{self.slot} needs a save face")
        if self.slot == "raft" and self.size != 2:
            raise ValueError("a raft counts as two items (C5e)")
        if self.slot == "bag_of_gold" and not self.value:
            raise ValueError("a Bag of Gold needs a value")
        if self.slot == "talisman" and self.carry != "trinket":
            raise ValueError("a Talisman is carried as a trinket")
        return self


class FollowerCard(_Card):
    type: Literal["follower"] = "follower"
    strength: int = 0
    craft: int = 0
    #: a mount: one per character; a mount that carries lifts the trinket limit (C2c-a, b)
    mount: bool = False
    carries: bool = False
    portal_dice: int = Field(0, ge=0)
    #: the party rolls one die fewer for a new road space's cards while it follows the leader
    guide: bool = False
    #: special locations whose roll its master may skip (roll only if he wishes: the Guide)
    safe_in: list[str] = Field(default_factory=list)
    #: road spaces where its master may evade Enemies (the Pixie in the Woods, the Gnome in the Hills)
    evade_in: list[str] = Field(default_factory=list)
    #: must be taken, takes no Follower place (Cursed by a Hag, Poltergeist)
    must_take: bool = False
    #: the Hag: every other Follower leaves, none may join, until the Mystic sends her away
    hag: bool = False
    #: the Poltergeist: the Marching Order is fixed while it follows; crossing the river sends it away
    poltergeist: bool = False
    #: Gold paid to take him (the Mercenary)
    hire: int = Field(0, ge=0)
    #: Gold his master gains each time he meets a Stranger (the City's Panhandler, J5)
    stranger_gold: int = Field(0, ge=0)
    #: Strength he adds to one battle for `wage` Gold (the Mercenary)
    paid_strength: int = Field(0, ge=0)
    wage: int = Field(0, ge=0)
    #: Objects its master may turn into 1 Gold each at any time (the Alchemist)
    alchemist: bool = False


class StrangerCard(_Card):
    type: Literal["stranger"] = "stranger"
    effect: Effect = Effect()
    services: list[Service] = Field(default_factory=list)
    #: stays on its Draw Spot after being met (met again on the way back)
    stays: bool = True
    #: met only by the first character it serves, then gone (the Enchanter, Fairy, Phantom)
    first_only: bool = False


class PlaceCard(_Card):
    type: Literal["place"] = "place"
    effect: Effect = Effect()
    services: list[Service] = Field(default_factory=list)
    stays: bool = True
    #: tokens put on it when it comes out; each character meeting it takes one (its `effect`)
    #: while any are left; empty, it is discarded (Fountain of Wisdom, Magic Stream, Pool of Life)
    supply: int = Field(0, ge=0)


class EventCard(_Card):
    type: Literal["event"] = "event"
    effect: Effect = Effect()
    #: resolved once for the whole party (the leader rolls), not by each character: the Imp's
    #: teleport moves the party together (C4c)
    once: bool = False
    #: a Lunar Event (Blood Moon, F3): it stays in play until the next Daybreak or Nightfall
    lunar: bool = False


AdventureCard = Annotated[
    Union[EnemyCard, ObjectCard, FollowerCard, StrangerCard, PlaceCard, EventCard], Field(discriminator="type")
]


SpellKind = Literal[
    "combat_bonus",  # + amount to the caster's attack score in one normal combat (its attribute)
    "damage",  # before a combat: the Enemy loses `amount`; in Guardian Combat hits the strongest
    "heal",  # a character of the party heals `amount` lives
    "teleport",  # the party moves to a road space or destination of its region (C4c)
    "immobility",  # the Enemy faced may be evaded by every character this turn (D3c)
    "hex",  # destroys every revealed Enemy on a road space of the region; not Guardians (D3c)
    "divination",  # shows the next three unrevealed cards on the Draw Spots, else of the deck (D3c)
    "counterspell",  # negates Events, Strangers and Places until the end of the party's turn (D3c)
    "destroy_magic",  # negates Events, Strangers, Enemies and spaces until the end of the turn (D3c)
    "temporal_warp",  # the caster meets the Place just met twice more (D3c)
    "ally",  # a summoned creature of `amount` Strength: fights for the caster, joins Guardian totals
    "random",  # a d6 that may cost the caster Strength or Craft below starting values (D3c)
    "acquisition",  # take one Object or 1 Gold from another character of the party
    "alchemy",  # turn one of the caster's Objects into 1 Gold
    "mesmerism",  # take a Follower from another character of the party
    # the expansions' (engine/darkest_talisman/expansions): Spells that act on a road figure
    "barrier",  # E5: placed on a Road Space, the Grim Reaper may not move past it
    "slow_motion",  # E5: the Grim Reaper moves only on every other 1
    "misdirection",  # E5: the Grim Reaper turns round until he reaches the end of the road
    "resurrection",  # E5: cast on a character at death: back with his starting figures, items kept
    "speed",  # E5: skip the rest of this Road Space's cards and the next Road Space
    "cure_lycanthropy",  # F9 Curse of the Werewolf: cast on a Werewolf character, he is cured
    "feral_hunger",  # F9 Feral Hunger: cast before a combat, the target's combat roll is a 6
    "haunting",  # F9 Haunting Poltergeist: the Werewolf figure moves only at Night on a 1
    "crack_the_earth",  # I6 Crack the Earth: Enemies of Strength or Craft 1 on the party's space are discarded
    "evil_eye",  # I6 Evil Eye: the next Enemy fought uses no special ability (no burning) in that combat
    "immolate",  # I2 (Firelands): one Enemy lying on the party's Road Space is burnt
    "black_ice",  # G4 Black Ice: the party slides past the next Road Space and all its cards
    "no_enemy_die",  # K7 Lightning Bolt: cast in a combat, the Enemy rolls no die
    "pass_over",  # K7 Eyes of the Hawk: a d6 of the face-down cards on the party's space are passed over
    "stasis",  # H5 Stasis: an Enemy just turned over is swapped with the Adventure deck's top card, met instead
]


class SpellCard(_Named):
    count: int = Field(1, ge=1)
    kind: SpellKind
    amount: int = Field(0, ge=0)
    attribute: Attribute = "strength"


class Character(_Named):
    strength: int = Field(ge=0, le=12)
    craft: int = Field(ge=0, le=12)
    life: int = Field(ge=1, le=12)
    fate: int = Field(ge=0, le=12)
    gold: int = Field(1, ge=0)
    alignment: Alignment
    abilities: list[Ability] = Field(default_factory=list)
    #: starting equipment (A3c): Blacksmith objects, Spells drawn
    start_objects: list[str] = Field(default_factory=list)
    start_spells: int = Field(0, ge=0)
    #: special locations whose roll the character may skip (rolls only if he wishes)
    safe_in: list[str] = Field(default_factory=list)
    #: road spaces where the character may evade Enemies
    evade_in: list[str] = Field(default_factory=list)
    #: where each figure comes from (strength, craft, life, fate, alignment, abilities)
    sources: dict[str, Source] = Field(default_factory=dict)


class Location(_Named):
    """A space of the roads: a terrain, a special location, a destination, a village, a Tower space.

    `draws` is how many cards the core space draws: the variant rolls that many dice and draws
    their total (C4a-b). `effect` is met by each character in marching order; `party_effect`
    once by everyone (the Desert's thirst).
    """

    role: Literal["terrain", "special", "village", "waypoint", "tower"] = "terrain"
    draws: int = Field(0, ge=0)
    effect: Effect | None = None
    services: list[Service] = Field(default_factory=list)
    #: Enemies fought here add this to their attack score (the Runes)
    enemy_bonus: int = 0
    #: Objects give no Strength or Craft here; no Magic Objects or Spells (the Cursed Glade)
    no_magic: bool = False
    #: a straddle point into another region (B2c, B3d note 1): the expansions' Graveyard leads to
    #: the Dungeon, the Crags to the Highland, the Forest to the Woodlands. None in the core pack.
    leads_to: RegionId | None = None
    #: Tower road rule (C10)
    tower_rule: Literal["portal", "plain_of_peril", "crypt", "mines", "death", "werewolf_den",
                        "vampire_tower", "pits", "valley_of_fire", "crown"] | None = None


class Region(_Named):
    """A region (B2): its road's five spaces in fixed order (B3b, B3f), its destinations and the
    special locations a 1 on the day's dice reveals (C4a-d, e)."""

    road: list[str]
    aid: list[str] = Field(default_factory=list)
    trove: list[str] = Field(default_factory=list)
    waypoint: str | None = None
    #: the d6 table of special locations, face 1 first
    specials: list[str] = Field(default_factory=list)
    village: str | None = None
    #: the region the waypoint leads to
    beyond: RegionId | None = None
    #: Magic Objects drawn for one trove here (C3b-c)
    trove_items: int = Field(1, ge=0)


class Figure(_Strict):
    value: int
    source: Source


class RulesConfig(_Strict):
    """The variant's numbers, each with where it comes from."""

    party_size: Figure
    draw_spots: Figure
    items: Figure
    trinkets: Figure
    followers: Figure
    mounts: Figure
    trophy_points: Figure
    talisman_supply: Figure
    guardian_dice: Figure
    trove_gold_dice: Figure
    portal_dice: Figure
    crypt_dice: Figure
    temporal_warp_times: Figure
    #: Spells a character may hold by Craft: index = Craft, capped at the last entry
    spell_limits: list[int]
    spell_limits_source: Source


class PackManifest(_Strict):
    id: str
    name: str
    system: Literal["darkest_talisman"]
    version: int = 1
    rules: RulesConfig


class ContentError(ValueError):
    """A content pack file is invalid; the message names the file and the field."""


class Pack(BaseModel):
    """A loaded, validated pack with the lookup tables the rules use."""

    model_config = ConfigDict(frozen=True)

    manifest: PackManifest
    characters: list[Character]
    adventures: list[AdventureCard]
    spells: list[SpellCard]
    purchase: list[ObjectCard]
    locations: list[Location]
    foes: list[Foe]
    regions: list[Region]
    village_services: list[Service]

    @property
    def rules(self) -> RulesConfig:
        return self.manifest.rules

    @property
    def id(self) -> str:
        return self.manifest.id

    def model_post_init(self, _ctx: object) -> None:
        cards: dict[str, object] = {c.id: c for c in self.adventures}
        cards.update({c.id: c for c in self.purchase})
        object.__setattr__(self, "_cards", cards)
        object.__setattr__(self, "_spells", {s.id: s for s in self.spells})
        object.__setattr__(self, "_characters", {c.id: c for c in self.characters})
        object.__setattr__(self, "_locations", {loc.id: loc for loc in self.locations})
        object.__setattr__(self, "_foes", {f.id: f for f in self.foes})
        object.__setattr__(self, "_regions", {r.id: r for r in self.regions})

    def card(self, card_id: str) -> EnemyCard | ObjectCard | FollowerCard | StrangerCard | PlaceCard | EventCard:
        return self._cards[card_id]  # type: ignore[attr-defined,no-any-return]  # set in model_post_init (object.__setattr__: the model is frozen)

    def has_card(self, card_id: str) -> bool:
        return card_id in self._cards  # type: ignore[attr-defined]  # set in model_post_init (object.__setattr__: the model is frozen)

    def spell(self, spell_id: str) -> SpellCard:
        return self._spells[spell_id]  # type: ignore[attr-defined,no-any-return]  # set in model_post_init (object.__setattr__: the model is frozen)

    def character(self, char_id: str) -> Character:
        return self._characters[char_id]  # type: ignore[attr-defined,no-any-return]  # set in model_post_init (object.__setattr__: the model is frozen)

    def location(self, loc_id: str) -> Location:
        return self._locations[loc_id]  # type: ignore[attr-defined,no-any-return]  # set in model_post_init (object.__setattr__: the model is frozen)

    def has_location(self, loc_id: str) -> bool:
        return loc_id in self._locations  # type: ignore[attr-defined]  # set in model_post_init (object.__setattr__: the model is frozen)

    def foe(self, foe_id: str) -> Foe:
        return self._foes[foe_id]  # type: ignore[attr-defined,no-any-return]  # set in model_post_init (object.__setattr__: the model is frozen)

    def region(self, region_id: str) -> Region:
        return self._regions[region_id]  # type: ignore[attr-defined,no-any-return]  # set in model_post_init (object.__setattr__: the model is frozen)

    def name_of(self, thing_id: str, locale: str = "en") -> str:
        """Display name of any card, spell, character, location or foe (the id if unknown)."""
        for table in ("_cards", "_spells", "_characters", "_locations", "_foes", "_regions"):
            found = getattr(self, table).get(thing_id)
            if found is not None:
                return display_name(found, locale)
        return thing_id

    def article_of(self, thing_id: str, locale: str = "en") -> str:
        """The article the name of any card, character, location or foe takes ("" if none)."""
        for table in ("_cards", "_spells", "_characters", "_locations", "_foes", "_regions"):
            found = getattr(self, table).get(thing_id)
            if found is not None:
                return str(found.articles.get(locale, ""))
        return ""

    def spell_limit(self, craft: int) -> int:
        limits = self.rules.spell_limits
        return limits[max(0, min(craft, len(limits) - 1))]


def display_name(obj: _Named, locale: str) -> str:
    names: dict[str, str] = getattr(obj, "names", None) or {}
    return names.get(locale) or str(obj.name)


def display_text(obj: object, locale: str) -> str:
    texts: dict[str, str] = getattr(obj, "texts", None) or {}
    return texts.get(locale) or str(getattr(obj, "text", ""))


# ----------------------------------------------------------------------------- building a pack
class _Characters(_Strict):
    characters: list[Character]


class _Adventures(_Strict):
    cards: list[AdventureCard]


class _Objects(_Strict):
    cards: list[ObjectCard]


class _Spells(_Strict):
    spells: list[SpellCard]


class _Locations(_Strict):
    locations: list[Location]
    foes: list[Foe]
    village: list[Service]


class _Regions(_Strict):
    regions: list[Region]


class _Ruling(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    title: dict[str, str]
    text: dict[str, str]
    option: str
    rules: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _both_languages(self) -> "_Ruling":
        for field in ("title", "text"):
            missing = {"en", "it"} - set(getattr(self, field))
            if missing:
                raise ValueError(f"{field} lacks {', '.join(sorted(missing))}")
        return self


class _Rulings(_Strict):
    rulings: list[_Ruling]


#: the files of a pack folder, in the order they are checked
PACK_FILES: tuple[str, ...] = (
    "pack.yaml", "characters.yaml", "adventures.yaml", "trove.yaml", "purchase.yaml", "spells.yaml",
    "locations.yaml", "regions.yaml",
)
RULINGS_FILE = "rulings.yaml"

#: the model a file is read as (`_validate` gives back that model, not any BaseModel)
_M = TypeVar("_M", bound=BaseModel)


def _validate(fname: str, model: type[_M], data: object) -> _M:
    return validate_file(fname, model, data, ContentError)


def validate_rulings(data: object) -> list[str]:
    """The ids of a rulings file, after checking every entry has both languages."""
    rulings = _validate(RULINGS_FILE, _Rulings, data)
    ids = [r.id for r in rulings.rulings]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise ContentError(f"{RULINGS_FILE}: duplicate ruling ids {dup}")
    return ids


def _effects(effect: Effect | None) -> list[Effect]:
    if effect is None:
        return []
    out = [effect]
    for row in effect.roll:
        out += _effects(row.effect)
    for sub in effect.by_alignment.values():
        out += _effects(sub)
    if effect.offer is not None:
        out += _effects(effect.offer.effect)
    return out


def build_pack(files: Mapping[str, object]) -> Pack:
    """Validate and cross-check a pack from its parsed files; raise ContentError naming the file
    and the field. Pure: whoever read the files (packs/, or a test) hands their contents over."""
    require_files(files, PACK_FILES, ContentError, " from pack")
    manifest = _validate("pack.yaml", PackManifest, files["pack.yaml"])
    chars = _validate("characters.yaml", _Characters, files["characters.yaml"])
    adv = _validate("adventures.yaml", _Adventures, files["adventures.yaml"])
    trove = _validate("trove.yaml", _Objects, files["trove.yaml"])
    purchase = _validate("purchase.yaml", _Objects, files["purchase.yaml"])
    spells = _validate("spells.yaml", _Spells, files["spells.yaml"])
    locs = _validate("locations.yaml", _Locations, files["locations.yaml"])
    regions = _validate("regions.yaml", _Regions, files["regions.yaml"])

    problems: list[str] = []
    adventures = list(adv.cards) + list(trove.cards)
    for i, magic in enumerate(trove.cards):
        if magic.type != "magic_object":
            problems.append(f"trove.yaml: cards[{i}].type: the Trove deck holds Magic Objects only (A2)")
    for i, card in enumerate(adv.cards):
        if card.type == "magic_object":
            problems.append(f"adventures.yaml: cards[{i}].type: Magic Objects belong in trove.yaml (A2)")
    for i, ware in enumerate(purchase.cards):
        if ware.cost is None:
            problems.append(f"purchase.yaml: cards[{i}].cost: a Blacksmith object needs a price")
    seen: dict[str, str] = {}
    for fname, cards in (("adventures.yaml", adv.cards), ("trove.yaml", trove.cards),
                         ("purchase.yaml", purchase.cards), ("spells.yaml", spells.spells)):
        for i, entry in enumerate(cards):
            if entry.id in seen:
                problems.append(f"{fname}: [{i}].id: {entry.id!r} already used in {seen[entry.id]}")
            seen[entry.id] = fname
    loc_ids = {loc.id for loc in locs.locations}
    foe_ids = {f.id for f in locs.foes}
    purchase_ids = {c.id for c in purchase.cards}
    follower_ids = {c.id for c in adv.cards if c.type == "follower"}
    for i, ch in enumerate(chars.characters):
        for obj in ch.start_objects:
            if obj not in purchase_ids:
                problems.append(f"characters.yaml: characters[{i}].start_objects: unknown Blacksmith object {obj!r}")
    for r_i, region in enumerate(regions.regions):
        for field in ("road", "aid", "trove", "specials"):
            for loc in getattr(region, field):
                if loc not in loc_ids:
                    problems.append(f"regions.yaml: regions[{r_i}].{field}: unknown location {loc!r}")
        for field in ("waypoint", "village"):
            loc = getattr(region, field)
            if loc is not None and loc not in loc_ids:
                problems.append(f"regions.yaml: regions[{r_i}].{field}: unknown location {loc!r}")
        if region.specials and len(region.specials) != 6:
            problems.append(f"regions.yaml: regions[{r_i}].specials: a d6 table needs six entries")
        if region.beyond is not None and region.beyond not in {r.id for r in regions.regions}:
            problems.append(f"regions.yaml: regions[{r_i}].beyond: unknown region {region.beyond!r}")
    for loc in locs.locations:
        if loc.leads_to is not None and loc.leads_to not in {r.id for r in regions.regions}:
            problems.append(f"locations.yaml: {loc.id}.leads_to: unknown region {loc.leads_to!r}")
    everything: list[tuple[str, Effect | None]] = []
    for loc in locs.locations:
        everything.append((f"locations.yaml: {loc.id}", loc.effect))
        everything += [(f"locations.yaml: {loc.id}.{s.id}", s.effect) for s in loc.services]
        for s in loc.services:
            for f in s.free_with:
                if f not in follower_ids:
                    problems.append(f"locations.yaml: {loc.id}.{s.id}.free_with: unknown follower {f!r}")
    for card in adventures:
        everything.append((f"{card.id}", getattr(card, "effect", None)))
        everything.append((f"{card.id}.use", getattr(card, "use", None)))
        everything += [(f"{card.id}.{s.id}", s.effect) for s in getattr(card, "services", [])]
    for label, effect in everything:
        for eff in _effects(effect):
            if eff.fight is not None and eff.fight not in foe_ids:
                problems.append(f"{label}: fight: unknown foe {eff.fight!r}")
            if eff.teleport is not None and eff.teleport != "any" and eff.teleport not in loc_ids:
                problems.append(f"{label}: teleport: unknown location {eff.teleport!r}")
    if problems:
        raise ContentError("\n".join(problems))
    return Pack(
        manifest=manifest,
        characters=chars.characters,
        adventures=adventures,
        spells=spells.spells,
        purchase=purchase.cards,
        locations=locs.locations,
        foes=locs.foes,
        regions=regions.regions,
        village_services=locs.village,
    )


# ----------------------------------------------------------------------------- where packs come from
PackSource = Callable[[str], Pack]

_SHELF: Shelf[Pack] = Shelf(lambda pack_id: ContentError(f"pack {pack_id!r} is not loaded; import packs"))


def register_pack(pack_id: str, pack: Pack) -> None:
    """Make an in-memory pack available by id (test packs, a group's own)."""
    _SHELF.register(pack_id, pack)


def set_pack_source(source: PackSource | None) -> None:
    """Install what `pack_by_id` asks for a pack nobody registered (packs/ does on import)."""
    _SHELF.set_source(source)


def pack_by_id(pack_id: str = "core") -> Pack:
    """Packs are immutable, so one loaded copy serves every campaign in the process."""
    return _SHELF.get(pack_id)
