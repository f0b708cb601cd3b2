"""What the expansions add to a campaign's state: one `Expansions` record, absent (None) when a
campaign plays the core alone, so such a campaign dumps exactly as before expansions existed.

Every card an expansion brings is a uid like the core's, and lives in exactly one of: the state's
own decks (the live Adventure deck is always `decks.adventure`), a shelved deck here, the road,
a hand, storage, a trove, a fight, or `quests_done` (a completed Quest card leaves the game,
E1c-c). The invariant checks count them all.
"""
from __future__ import annotations

from pydantic import BaseModel, Field


class Shelf(BaseModel):
    """An Adventure deck set aside while another replaces it (E2c, E3d, F2e, G3d, H4d, I5c)."""

    adventure: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)


class RoadFigure(BaseModel):
    """A figure that moves along the road toward the party, one Road Space for every 1 rolled
    for any reason (the Grim Reaper E2e-f, the Werewolf F6b). `position` is a road index (0: the
    first Road Space, next to the village)."""

    id: str
    position: int = 0
    #: +1: away from the village (toward a party further out); -1: toward the village
    #: (Misdirection turns him round until the end of the road, E5)
    reversed: bool = False
    #: Slow Motion: only every other 1 moves him (E5); the 1s not yet spent
    slow: bool = False
    held_one: bool = False
    #: Haunting Poltergeist: the Werewolf moves only at Night (F9)
    haunted: bool = False


class RegionStay(BaseModel):
    """The party is in an expansion's own Region (J1-J3, K3, L3, M6): which, and the way back
    (the core destination that straddles both, the core region and village it belongs to)."""

    id: str
    expansion: str
    straddle: str
    parent: str
    village: str


class CityState(BaseModel):
    """The City's part (DT J): its Wanted Posters (J4), the City Market's shops (J3f), the Jail
    (J1c) and the Corrupt Sheriff's bribes (J5)."""

    #: the Wanted Poster deck, face down (top last), and the one displayed at the City (J4a)
    posters: list[str] = Field(default_factory=list)
    revealed: str | None = None
    poster_discard: list[str] = Field(default_factory=list)
    #: hero uid -> the poster he bought (one each, J4c-a)
    held: dict[str, str] = Field(default_factory=dict)
    #: poster uid -> Gold of bounty on it (life tokens won in a bounty fight, J4d-h)
    bounty: dict[str, int] = Field(default_factory=dict)
    #: heroes who redrew their character poster on this visit to the City Region (J4d-a)
    redrew: list[str] = Field(default_factory=list)
    #: the shop the party is in at the City Market, and the shops burgled this visit (J5)
    shop: str | None = None
    burgled: list[str] = Field(default_factory=list)
    visited: list[str] = Field(default_factory=list)
    #: the party has stood at the City Market during this stay in the Region
    at_market: bool = False
    #: the spots of City cards drawn between shops: discarded once met (J3f-b)
    between: list[int] = Field(default_factory=list)
    #: the party is in the Jail (J1c); is to be taken there; heroes safe from it (Corrupt Sheriff)
    jailed: bool = False
    to_jail: bool = False
    immune: list[str] = Field(default_factory=list)
    #: heroes still to answer the Corrupt Sheriff (J5), in Marching Order
    sheriff: list[str] = Field(default_factory=list)
    #: the Stranger (card uid) the Tavern Maid was asked about pouring a drink for (J5)
    drink_asked: str | None = None
    drinks: int = 0
    #: an Air Elemental blew the party back to the City (J5)
    blown: bool = False
    #: counters the benchmark reads
    posters_bought: int = 0
    bounties: int = 0
    bounty_gold: int = 0
    bounty_fights: int = 0
    jail_visits: int = 0
    jail_days: int = 0
    bought: int = 0
    market_visits: int = 0


class HighlandState(BaseModel):
    """The Highland's part (DT K): a Special Location of the Highland Path still to be resolved
    (K5b), who still crosses the Ice Bridge, a party to be carried to the Crags (K7), counters."""

    #: "glacier", "mountain_pass" or "ice_bridge" and the road index it lies at
    pending: str | None = None
    at: int = -1
    #: the road index where the Mountain Pass's 6 puts the Lost City (K5b-4)
    lost_at: int = -1
    #: heroes still to cross the Ice Bridge, in Marching Order (K5b-6)
    bridge: list[str] = Field(default_factory=list)
    #: an Earth Elemental or a Roc beat a character: the party goes to the Crags (K7)
    to_crags: bool = False
    #: a Magic Portal opened: the party goes to the Highland's Lost City (K7)
    portal: bool = False
    #: Rock Faces (card uids) the party has climbed (K7)
    climbed: list[str] = Field(default_factory=list)
    #: counters the benchmark reads
    glaciers: int = 0
    passes: int = 0
    lost_city: int = 0
    bridges: int = 0
    bridge_deaths: int = 0
    relics_won: int = 0
    #: K7 Lightning Bolt: the combats ("hero|enemy|seq") whose Enemy rolls no die
    bolted: list[str] = Field(default_factory=list)
    #: K7 Rock Face: characters still to choose a life or a Follower, in Marching Order
    rock: list[str] = Field(default_factory=list)
    #: K7 Walking Stick: the Draw Spot (seq) its bearer may still send back, -1: none
    stick: int = -1
    #: K7 Sage Owl, Trailblazer, Icy Path: the meeting last asked or shown ("card|seq|hero")
    asked: str | None = None
    #: how many times the party went into the Highland (the campaign AI's tries)
    entries: int = 0


class DungeonState(BaseModel):
    """The Dungeon's part (DT L): the choices its Special Locations and cards still wait for and
    what its cards leave behind them (engine/darkest_talisman/expansions/dungeon.py)."""

    #: characters still to answer the Torture Chamber (L5b-5) / the Cell (L5b-3), in Marching Order
    torture: list[str] = Field(default_factory=list)
    cell: list[str] = Field(default_factory=list)
    #: the Cell's stage for its first character ("leave" a Follower, then "take" one); the
    #: Followers left in it this turn wait in the side pile "dungeon_cell" (`piles`)
    cell_stage: str = "leave"
    #: "enemy uid|hero uid": an Enemy that beat a character (L7 Holy Avenger)
    avenged: list[str] = Field(default_factory=list)
    #: the Combat tasks already given a card's bonus on this Road Space ("hero|enemy")
    bonused: list[str] = Field(default_factory=list)
    #: Draw Spots the Clockwork Owl turned face up (L7); the Amazon's spots put in order (L7)
    owl_seen: list[int] = Field(default_factory=list)
    ordered: list[int] = Field(default_factory=list)
    #: the Swashbuckler leading won a battle: the party may pass the next Draw Spot (L7)
    swash: bool = False
    #: the Lone Dwarf follows the party to the Treasure Chamber (L7 row 6)
    dwarf: bool = False
    #: the road index a Secret Passage card turned into a Special Location (L7), met on arrival
    passage_at: int = -1
    #: Miser Dragons (guardian uids) whose hoard went to the trove (L7)
    hoards: list[str] = Field(default_factory=list)
    #: the party came back up out of the Dungeon to the Ruins (the AI does not go straight down again)
    climbed_out: bool = False
    #: the Place card's die total waiting for the Cloak of Feathers' answer (L7)
    cloak: int = 0
    #: "hero uid|card id|offer" while that answer waits (the decision is posed again from it when
    #: the campaign settles: the core drops a decision made while tasks are pending)
    cloak_at: str = ""
    #: the road index of a Fields space the Swashbuckler's party came back to, cards lying there:
    #: he may roll a d6 for more (L7)
    more_at: int = -1
    #: "hero uid|enemy uid": a battle the Spirit of Vengeance's carrier could not evade, avoid or
    #: win by a Spell or ability; winning it frees him (L7)
    vengeance: list[str] = Field(default_factory=list)


class WoodlandState(BaseModel):
    """The Woodland's part (DT M): Light and Dark Fate (M2), the Meeting with Destiny (M8d), the
    Faerie Path's Special Locations settled (M7b) and the Ancient Oak's Growth tokens (M9). The
    Path and Destiny cards a character holds are side piles `path:<hero>` and `destiny:<hero>`."""

    #: hero uid -> how many of his Fate tokens are Dark (the rest are Light, M2a)
    dark: dict[str, int] = Field(default_factory=dict)
    #: hero uid -> the side Fate gained in the Woodland goes to ("light" or "dark", M2c)
    lean: dict[str, str] = Field(default_factory=dict)
    #: hero uid -> his Fate when last looked at (a rise in the Woodland follows his lean, M2c)
    seen: dict[str, int] = Field(default_factory=dict)
    #: heroes still to designate their Fate on entering the Woodland (M2b), in Marching Order
    asked: list[str] = Field(default_factory=list)
    #: heroes still to be asked at the Meeting with Destiny (M8d), in Marching Order
    meeting: list[str] = Field(default_factory=list)
    #: the Path of Respite was resolved: the party goes to the Village once the Meeting is over
    respite: bool = False
    #: "<road index>:<location>": Special Locations of this stay already resolved (M7b)
    settled: list[str] = Field(default_factory=list)
    #: road indexes of Mystic Glens that rolled doubles (M7b-6)
    glen_doubles: list[int] = Field(default_factory=list)
    #: Titania's Gates met (spot seqs)
    gates: list[int] = Field(default_factory=list)
    #: the campaign day Oberon's Bow was last aimed (once a move, M9)
    bow_day: int = -1
    #: hero uid -> Growth tokens (the Ancient Oak, M9)
    growth: dict[str, int] = Field(default_factory=dict)
    #: counters the benchmark reads
    paths_drawn: int = 0
    meetings: int = 0
    destinies: int = 0
    dark_rerolls: int = 0
    swamp_traps: int = 0
    glen_changes: int = 0
    #: the Clear Path's skip was used on this stay's road (once a road, M9)
    clear_used: bool = False
    #: a Road Space just dealt whose Clear Path offer is still to be made (-1: none)
    fresh_space: int = -1
    #: road indexes where the Kelpie carried the party past a card (once a Road Space, M9)
    kelpie_at: list[int] = Field(default_factory=list)
    #: enemy card uid -> points off its attack score in the present combat (The Dreaded, the
    #: Spider Queen's token, M9)
    marks: dict[str, int] = Field(default_factory=dict)
    #: enemy card uids whose special ability The Void negated (M9)
    voided: list[str] = Field(default_factory=list)
    #: hero uid -> road indexes of his Portal tokens on the present road (the Leywalker, M9)
    portals: dict[str, list[int]] = Field(default_factory=dict)
    #: road indexes where a Portal token may be placed now (a Spirit just beaten, M9)
    portal_offer: list[int] = Field(default_factory=list)
    #: hero uid -> enemy card uids holding her Spider tokens (the Spider Queen, M9)
    webs: dict[str, list[str]] = Field(default_factory=dict)
    #: the Spider Queen's last combat looked at ("<enemy>:<seq>:<day>")
    spider_last: str = ""
    #: road indexes where a Path of Respite's bearer rested (M9)
    rested: list[int] = Field(default_factory=list)
    #: the teleport the Undine was asked about ("<target>:<day>", M9)
    undine_last: str = ""
    #: characters beaten by the Thieving Pixies still to choose the Object they lose (M9)
    pixies: list[str] = Field(default_factory=list)
    #: the Rune Gate's teleport whose village was chosen ("<seq>:<day>", M9)
    rune_last: str = ""
    #: hero uid -> Road Spaces he stays a Toad (Puck's curse, M9)
    toads: dict[str, int] = Field(default_factory=dict)
    #: the fatebound character still to choose whom Puck turns into a Toad (M9)
    puck: str = ""
    #: the face The Vagabond's bearer chose for the next Road Space's dice (M9; 0: none chosen)
    vagabond_face: int = 0


class Expansions(BaseModel):
    """The expansions' part of a campaign."""

    #: the expansions in play, in the order they were named
    ids: list[str] = Field(default_factory=list)
    #: the Adventure deck in `decks.adventure` now: "core" or an expansion id
    live: str = "core"
    #: why the live deck replaces the core one: reasons ("reaper:figure", "reaper:graveyard"),
    #: in the order they were held; none left -> the core deck comes back
    reasons: list[str] = Field(default_factory=list)
    #: reason -> the deck it holds live; `reasons` is the stack of holds, newest last, and the
    #: live deck is the newest hold's (engine/darkest_talisman/expansions/decks.py)
    owners: dict[str, str] = Field(default_factory=dict)
    #: deck id -> the Adventure deck and discard pile not in play
    shelved: dict[str, Shelf] = Field(default_factory=dict)
    #: expansion id -> its Trove deck (its Magic Objects, E1b, F1b...)
    troves: dict[str, list[str]] = Field(default_factory=dict)
    #: expansion id -> its Spells not yet shuffled into the Spell deck (E2d, F2f)
    spells: dict[str, list[str]] = Field(default_factory=dict)
    #: the Warlock Quest cards (E1c, G2): the deck, who holds which, the completed ones
    quests: list[str] = Field(default_factory=list)
    quest_held: dict[str, str] = Field(default_factory=dict)
    quests_done: list[str] = Field(default_factory=list)
    #: figures on the road now (the Grim Reaper)
    figures: list[RoadFigure] = Field(default_factory=list)
    #: the Barrier Spell: road indexes the Grim Reaper may not move past (E5)
    barriers: list[int] = Field(default_factory=list)
    #: the characters who must still pray before the Reaper deck goes (E2h, E2j)
    must_pray: list[str] = Field(default_factory=list)
    #: characters still to roll on the Grim Reaper's chart (E2i, E3h), in Marching Order
    visits: list[str] = Field(default_factory=list)
    #: the visits are the Graveyard's final guardian (E3h): the trove is won after them
    graveyard_fight: bool = False
    #: the Graveyard may not be a Trove Destination again until the party is back home (E3l)
    graveyard_done: bool = False
    #: the Blood Moon is in use (F2a risen, or the road to the Werewolf's Den, F8d): its Time
    #: Card is out, Day (False) or Night (True) showing (F2b, F3)
    blood_moon: bool = False
    night: bool = False
    #: the Lunar Events in play (card ids; the card itself is discarded as any Event), until the
    #: next Daybreak or Nightfall (F3)
    lunar: list[str] = Field(default_factory=list)
    #: the characters who are Werewolves (hold a Lycanthrope Card, F2d)
    lycanthropes: list[str] = Field(default_factory=list)
    #: the party is on the road to the Werewolf's Den (the Crags' trove, F8d-j); the Den may not
    #: be faced again until the party is back in a village (F8k)
    den_trip: bool = False
    den_done: bool = False
    #: characters still to roll on the Werewolf's chart, in Marching Order (F6c)
    werewolf_visits: list[str] = Field(default_factory=list)
    #: characters on whom Feral Hunger was cast: their next combat roll is a 6 (F9)
    feral: list[str] = Field(default_factory=list)
    #: the City's part (J), while the City is in play
    city: CityState | None = None
    #: the Highland's part (K), while the Highland is in play
    highland: HighlandState | None = None
    #: the Woodland's part (M), while the Woodland is in play
    woodland: WoodlandState | None = None
    #: side piles by id: the City's shop decks (J2a), each a card uid list, top last
    piles: dict[str, list[str]] = Field(default_factory=dict)
    #: the expansion Region the party is in now (J3b: its deck replaces the core's), if any
    region: RegionStay | None = None
    #: Regions whose master is beaten: not entered again until the party is back in a village;
    #: the expansions whose cards have joined the core deck (K6k, L6e, M8f)
    regions_done: list[str] = Field(default_factory=list)
    joined: list[str] = Field(default_factory=list)
    joined_cards: list[str] = Field(default_factory=list)
    #: counters the benchmark reads
    regions_entered: int = 0
    masters_beaten: int = 0
    blood_moon_risings: int = 0
    werewolf_comings: int = 0
    werewolf_visits_done: int = 0
    time_flips: int = 0
    reaper_comings: int = 0
    reaper_visits: int = 0
    #: deck swaps made by a hold, and made by a release (back to an older hold's deck or the core's)
    switches: int = 0
    switches_undone: int = 0
    #: the Firelands (I2-I5): burnt cards, out of the game (I2b); fireland tokens on the road in
    #: play, by road index (I3, one a space); the Terrain deck and the Terrain cards laid on Road
    #: Spaces, by road index (I4); the characters still to choose what burns ("why:uid", I2, I6
    #: Ifrit Sultan), in Marching Order; Evil Eye's hold on the next burning Enemy (I6)
    burnt: list[str] = Field(default_factory=list)
    fire_tokens: list[int] = Field(default_factory=list)
    terrain: list[str] = Field(default_factory=list)
    terrain_laid: dict[int, str] = Field(default_factory=dict)
    fire_choices: list[str] = Field(default_factory=list)
    evil_eye: bool = False
    #: the party is on the road to the Firelands (I5c), counted when it sets out
    firelands_trip: bool = False
    burns: int = 0
    fire_tokens_placed: int = 0
    fire_token_hurts: int = 0
    terrain_cards_laid: int = 0
    firelands_trips: int = 0
    #: the Firelands' Magic Items and Followers (I6, project ruling `firelands_items`): the
    #: characters who burnt a trophy with the Scourge this village visit; the Fate left on each
    #: Magic Map; the tales left on each Taleweaver; the Road Spaces the Royal Masons built on,
    #: by what they built; the Draw Spot whose Enemy waits for the party's answer (the Orb, the
    #: Seal, the Bound Ifrit); the Shamshir's bearer who may lead the party past a card
    scourge_used: list[str] = Field(default_factory=list)
    map_fate: dict[str, int] = Field(default_factory=dict)
    tales: dict[str, int] = Field(default_factory=dict)
    masons_built: dict[str, int] = Field(default_factory=dict)
    fire_enemy_seq: int | None = None
    orb_day: int = -1
    shamshir_ahead: str | None = None
    #: the powers of the Firelands' items and Followers used (the benchmark's count)
    fire_powers: int = 0
    #: the Frostmarch (G3): the party is on the road beyond the Chapel, its deck in play until the
    #: party is back at the Chapel (G3j); the Road Space where a 6 was rolled with Winged Boots
    #: leading (G4: the party may fly over the Storm River from there)
    frost_trip: bool = False
    boots_space: int | None = None
    #: the Frostmarch's counters the benchmark reads: roads taken beyond the Chapel, troves won
    #: there, back at the Chapel, Frostmarch cards dealt, Howls of the Wendigo, flights, Quest cards
    frost_trips: int = 0
    frost_won: int = 0
    frost_returns: int = 0
    frost_cards: int = 0
    wendigo_howls: int = 0
    boots_flights: int = 0
    quests_drawn: int = 0
    #: the Stables cards not owned (H2): mounts for sale in the village
    stables: list[str] = Field(default_factory=list)
    #: the Quest Reward cards (H3): the deck, who holds which (kept ones), the discarded ones (out
    #: of the game), the counters on a kept card (Lightning Trap, H5)
    rewards: list[str] = Field(default_factory=list)
    rewards_held: dict[str, list[str]] = Field(default_factory=dict)
    rewards_gone: list[str] = Field(default_factory=list)
    reward_counters: dict[str, int] = Field(default_factory=dict)
    #: characters who completed a quest and must still choose a Talisman or a Quest Reward (H3b);
    #: characters whose Dream Prize may now pick a Magic Object (H5), each with the place's deck
    reward_choices: list[str] = Field(default_factory=list)
    dream_claims: list[str] = Field(default_factory=list)
    #: characters who drew The Magic Door and must still say where it carries the party (H5)
    door_choices: list[str] = Field(default_factory=list)
    dream_deck: str = "core"
    #: the party is on the road beyond the Chapel to the Sacred Pool (H4c-j); the Oathsword
    #: Guide's bypasses used on this road ("out", "home": H5)
    pool_trip: bool = False
    bypassed: list[str] = Field(default_factory=list)
    #: the Sacred Pool's counters the benchmark reads
    pool_trips: int = 0
    pools_won: int = 0
    rewards_won: int = 0
    talismans_chosen: int = 0
    stables_bought: int = 0
    gallops: int = 0
    #: H5: Rumours of Riches waiting for a character's 1 (cleared off the road); the Road Space
    #: Fortune's Fool spoils (no Fate rerolls there); the Gilded Compass: the space whose count
    #: may be rerolled (its dice), used on this road; Baleful Eye uses; the counters read
    rumours: int = 0
    fool_space: int | None = None
    compass_space: int | None = None
    compass_faces: list[int] = Field(default_factory=list)
    compass_used: bool = False
    rumours_paid: int = 0
    fools_met: int = 0
    compass_rerolls: int = 0
    eyes_used: int = 0
    stases: int = 0
    #: H5 Chivalric Knight: the battle he was asked about ([hero, enemy]), the one he aids
    #: ([hero, knight, enemy]) with his Strength added; the counters read
    aid_asked: list[str] = Field(default_factory=list)
    aid: list[str] = Field(default_factory=list)
    aid_strength: int = 0
    knight_aids: int = 0
    knight_rewards: int = 0
    #: the Dungeon's part (L), while the Dungeon is in play
    dungeon: DungeonState | None = None

    def figure(self, fid: str) -> RoadFigure | None:
        return next((f for f in self.figures if f.id == fid), None)
