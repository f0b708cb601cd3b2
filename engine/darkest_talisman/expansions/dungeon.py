"""The Dungeon (DT section L): its pack (data/talisman/expansions/dungeon/), registered as the
expansion a campaign names with `expansions:Dungeon`.

What the groundwork does with no code here (engine/darkest_talisman/expansions/regions.py): the
Dungeon Region (region.yaml) is entered from the Ruins, met as the party's destination (L3l-n):
the Inner road's cards are discarded and the Dungeon deck replaces the core's until the party is
back at the Ruins (L3o, L6d); the Dungeon's Spells join the Spell deck (L3p); the Dark Road's
five spaces roll their own dice, a 1 revealing one of its Special Locations (L5a-b); its last
space, the Treasure Chamber, is a trove whose guardians (C8d) the Lord of Darkness joins, fought
in Guardian Combat (L6a-b); the trove shared (L6c), the main-deck cards join the core deck (L6e).

Here:
- L3m: the Ruins, the Inner road's last terrain, is offered as a destination in the Village
  (the party travels the Inner road to it and meets it as its destination, L3n; project ruling
  `dungeon_ruins`).
- L1, L2, L3q: the Dungeon Trove deck holds the Magic Items and the Treasure cards; a trove is
  one Treasure card and two Magic Items drawn blind, and a d6 of Gold (region.yaml's die).
- L5b: the Special Locations the engine's data cannot say: the Library (a d6 each: a Spell, or
  a Secret Passage that lets the party skip the next Road Space), the Cell (Followers left and
  taken), the Torture Chamber (1 Gold or 1 Strength or Craft), the Summoning Circle (the nearest
  Enemy comes, else Dungeon cards are drawn until one does). The Guard Room and the Kitchen are
  plain data. L7 Hunchback: his master leading, the party passes the harmful ones by (project
  ruling `dungeon_locations`).
- L7: a Burrow Worm that beats a character drags the party to the Ruins; a Wise Man leaves a
  master beaten in psychic combat.
- The campaign AI goes down to the Dungeon when the party is fit and strong enough.
"""
from __future__ import annotations

from engine.darkest_talisman import cards, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import Effect, EnemyCard
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks, regions
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.state import ApplyEffect, Decision, Hero, Spot, TeleportTask, card_id

ID = "dungeon"
REGION = "dungeon_region"
STRADDLE = "ruins"
CHAMBER = "treasure_chamber"
#: L6e: the side pile of the cards for the core deck (piles.yaml)
MAIN_PILE = "dungeon_main_deck"
#: L2: the Treasure cards of the Dungeon Trove deck (trove.yaml); the rest are its Magic Items (L1)
TREASURES = frozenset({"cloak_of_feathers", "clockwork_owl", "orb_of_prophecy", "wand_of_dragonfire", "book_of_lore"})
#: L3q: a trove's Treasure cards and Magic Items
TROVE_TREASURES, TROVE_MAGIC = 1, 2
#: L5b: the Special Locations, face 1 to 6
LIBRARY, GUARD_ROOM, CELL, KITCHEN, TORTURE, SUMMONING = (
    "dungeon_library", "guard_room", "dungeon_cell", "dungeon_kitchen", "torture_chamber", "summoning_circle")
#: L5b-5: the Torture Chamber's price
TORTURE_PRICE = 1
#: marks on a character for the space the party stands on (`Hero.used` is emptied on each new space)
PASSAGE = "dungeon:secret_passage"
DRAGGED = "dungeon:dragged"
#: L7: Enemies that drag a beaten character's party to the Ruins
DRAGGERS = frozenset({"burrow_worm"})
#: L7: Followers who leave a master beaten in psychic combat by an Enemy
WISE = frozenset({"wise_man"})
#: the Special Locations a Hunchback's master passes by (L7); the Library only helps
HARMFUL = frozenset({CELL, TORTURE, SUMMONING})
#: the campaign AI goes down with this much Strength in the party (the Lord has 12, L6a)
READY_STRENGTH = 12


def in_play(ctx: Ctx) -> bool:
    return ctx.state.ext is not None and ID in ctx.state.ext.ids


def in_dungeon(ctx: Ctx) -> bool:
    here = regions.stay(ctx) if in_play(ctx) else None
    return here is not None and here.id == REGION


# ----------------------------------------------------------------------------- L3m: the way to the Ruins
def departures(ctx: Ctx, region_trove: list[str]) -> list[str]:
    """L3m: from the Village the party may travel the Inner road to the Ruins, which straddle the
    Inner Region and the Dungeon (met as its destination, L3n)."""
    if not in_play(ctx):
        return []
    region = travel.region_of_village(ctx, ctx.state.village)
    return [f"depart:{STRADDLE}"] if STRADDLE in region.road else []


# ----------------------------------------------------------------------------- L1-L3q: the trove
def split_trove_deck(ctx: Ctx) -> tuple[list[str], list[str]]:
    """The Dungeon Trove deck (L2a: one deck) as its Treasure cards and its Magic Items."""
    deck = decks.ext(ctx).troves.get(ID, [])
    return [u for u in deck if card_id(u) in TREASURES], [u for u in deck if card_id(u) not in TREASURES]


def region_entered(ctx: Ctx, region_id: str) -> None:
    """L3q: one Treasure card and two Magic Items drawn blind from the Dungeon Trove deck join
    the trove's d6 of Gold under the Treasure Chamber."""
    if region_id != REGION:
        return
    trip = ctx.state.trip
    assert trip is not None and trip.trove is not None
    deck = decks.ext(ctx).troves[ID]
    treasures, magic = split_trove_deck(ctx)
    drawn = treasures[-TROVE_TREASURES:] + magic[-TROVE_MAGIC:]  # the top of each, the deck shuffled at setup
    for uid in drawn:
        deck.remove(uid)
    trip.trove.items += drawn
    ctx.emit("treasure_set", reveals=True, items=len(drawn), treasures=sum(1 for u in drawn if card_id(u) in TREASURES))


def setup(ctx: Ctx) -> None:
    """L1: the Dungeon Trove deck, shuffled (its Treasure cards among its Magic Items, L2a)."""
    if in_play(ctx):
        ctx.state.rng.shuffle(decks.ext(ctx).troves.get(ID, []))


def trove_won(ctx: Ctx) -> None:
    """L6e: the Lord of Darkness beaten and the trove shared, the Dungeon's main-deck cards (set
    aside until now, piles.yaml) are shuffled into the core Adventure deck, once a campaign."""
    trip = ctx.state.trip
    record = decks.ext(ctx) if in_play(ctx) else None
    if record is None or not in_dungeon(ctx) or trip is None or trip.destination != CHAMBER or ID in record.joined:
        return
    pile = record.piles.pop(MAIN_PILE, [])
    record.joined.append(ID)
    record.joined_cards += sorted({c.id for p in expansion_by_id(ID).piles if p.id == MAIN_PILE for c in p.cards})
    core = ctx.state.decks.adventure if record.live == decks.CORE else record.shelved[decks.CORE].adventure
    core += pile
    ctx.state.rng.shuffle(core)
    ctx.emit("cards_join_core", region=REGION, n=len(pile))


# ----------------------------------------------------------------------------- L5b: the Special Locations
def location_met(ctx: Ctx, loc: str) -> bool:
    """The Special Locations of the Dark Road the data cannot say (L5b); True when one was met."""
    if not in_dungeon(ctx) or loc not in (LIBRARY, CELL, TORTURE, SUMMONING):
        return False
    state = ctx.state
    trip = state.live_trip()
    if "counterspell" in trip.wards or "destroy_magic" in trip.wards:
        ctx.emit("negated", card=loc)
        return False
    leader = state.leader()
    if loc in HARMFUL and leader is not None and hero_rules.safe_in(ctx.pack, leader, loc):
        ctx.emit("passed_by", leader.uid, location=loc)  # L7 Hunchback
        return False
    party = [h for h in state.party() if h.alive]
    if loc == LIBRARY:
        for hero in party:
            library(ctx, hero)
    elif loc == CELL:
        cell(ctx, party)
    elif loc == TORTURE:
        for hero in reversed(party):  # the task stack: the leader's answer first
            state.tasks.append(ApplyEffect(hero=hero.uid, effect=torture_effect(ctx, hero), source=TORTURE))
    else:
        summon(ctx)
    return True


def library(ctx: Ctx, hero: Hero) -> None:
    """L5b-1: open a tome (a d6): 1-2 a good read; 3-4 a Secret Passage (the party may skip the
    next Road Space); 5-6 a Spell."""
    face = ctx.d6(LIBRARY, hero.uid)
    if face <= 2:
        ctx.emit("library_read", hero.uid, face=face)
    elif face <= 4:
        hero.used.append(PASSAGE)
        ctx.emit("secret_passage", hero.uid, face=face)
    else:
        hero_rules.draw_spells(ctx, hero, 1, LIBRARY)


def passage_open(ctx: Ctx) -> bool:
    """A Secret Passage found on this space (L5b-1) and a Road Space to skip before the last."""
    state = ctx.state
    trip = state.trip
    if not in_dungeon(ctx) or trip is None or trip.heading != "out" or trip.position + 2 > len(trip.road) - 1:
        return False
    return any(PASSAGE in h.used for h in state.party())


def cell(ctx: Ctx, party: list[Hero]) -> None:
    """L5b-3: in Marching Order each character leaves a Follower in the cell, then takes one
    left there by a character before him this turn (the project: the first he has room for);
    the Followers still in the cell are discarded."""
    prisoners: list[str] = []
    for hero in party:
        left = next((f for f in hero.followers if not hero_rules.follower(ctx.pack, f).must_take), None)
        earlier = list(prisoners)
        if left is not None:
            hero_rules.give_up(ctx, hero, left)
            prisoners.append(left)
            ctx.emit("follower_lost", hero.uid, follower=card_id(left), why=CELL)
        taken = next((f for f in earlier if hero_rules.room_for(ctx.pack, hero, f)), None)
        if taken is not None:
            prisoners.remove(taken)
            hero_rules.gain_thing(ctx, hero, taken, CELL)
    for uid in prisoners:
        cards.discard(ctx, uid)


def torture_effect(ctx: Ctx, hero: Hero) -> Effect:
    """L5b-5: 1 Gold, or 1 Strength or Craft: the one of the two he has more of (project)."""
    strength = hero_rules.total(ctx.pack, hero, "strength")
    craft = hero_rules.total(ctx.pack, hero, "craft")
    return Effect(ransom=TORTURE_PRICE, strength=-1) if strength >= craft else Effect(ransom=TORTURE_PRICE, craft=-1)


def _enemy(ctx: Ctx, uid: str) -> bool:
    return isinstance(ctx.pack.card(card_id(uid)), EnemyCard)


def summon(ctx: Ctx) -> None:
    """L5b-6: the nearest Enemy lying on another space of the road comes to this one, met by
    Marching Order; with none, Dungeon cards are drawn until an Enemy comes up, the others
    discarded."""
    state = ctx.state
    trip = state.live_trip()
    here = trip.position
    for k in sorted((k for k in range(len(trip.road)) if k != here), key=lambda k: (abs(k - here), k)):
        space = trip.road[k]
        found = next((s for s in space.spots if s.card is not None and _enemy(ctx, s.card)), None)
        if found is not None and found.card is not None:
            uid = found.card
            found.card = None
            if not found.dropped:
                space.spots.remove(found)
            trip.spots.append(Spot(seq=state.new_seq(), card=uid, revealed=True))
            ctx.emit("summoned", enemy=card_id(uid), day=k + 1)
            return
    discarded = 0
    for _ in range(len(state.decks.adventure) + len(state.decks.adventure_discard) + 1):
        drawn = cards.draw_adventure(ctx)
        if drawn is None:
            break
        if _enemy(ctx, drawn):
            trip.spots.append(Spot(seq=state.new_seq(), card=drawn))
            ctx.emit("summoned_drawn", enemy=card_id(drawn), discarded=discarded)
            return
        cards.discard(ctx, drawn)
        discarded += 1
    ctx.emit("summoned_nothing", discarded=discarded)


# ----------------------------------------------------------------------------- L7: the cards
def injured(ctx: Ctx, hero: Hero, enemy: str) -> None:
    """L7 Burrow Worm: a character it beats is dragged with the party to the Ruins. L7 Wise
    Man: he leaves a master beaten by an Enemy in psychic combat (an Enemy of Craft)."""
    if not in_play(ctx):
        return
    if card_id(enemy) in DRAGGERS and DRAGGED not in hero.used:
        hero.used.append(DRAGGED)
    card = ctx.pack.card(card_id(enemy)) if ctx.pack.has_card(card_id(enemy)) else None
    if isinstance(card, EnemyCard) and card.attribute == "craft":
        for uid in [f for f in hero.followers if card_id(f) in WISE]:
            hero_rules.give_up(ctx, hero, uid)
            cards.discard(ctx, uid)
            ctx.emit("follower_lost", hero.uid, follower=card_id(uid), why=card.id)


def work(ctx: Ctx) -> bool:
    """The Burrow Worm's drag to the Ruins, once its fight is over."""
    if not in_play(ctx):
        return False
    state = ctx.state
    dragged = [h for h in state.party() if DRAGGED in h.used]
    if not dragged or state.decision is not None:
        return False
    for hero in dragged:
        hero.used.remove(DRAGGED)
    if state.mode != "road" or state.trip is None or any(t.task == "combat" for t in state.tasks):
        return False
    ctx.emit("dragged", place=STRADDLE)
    state.tasks.append(TeleportTask(target=STRADDLE))
    return True


# ----------------------------------------------------------------------------- options and answers
def more_options(ctx: Ctx, decision: Decision) -> None:
    """L5b-1: a Secret Passage found on this space lets the party skip the next Road Space."""
    if decision.kind == "stand" and passage_open(ctx) and "skip" not in decision.options:
        at = decision.options.index("turn_back") + 1 if "turn_back" in decision.options else 1
        decision.options.insert(at, "skip")


# ----------------------------------------------------------------------------- the campaign AI
def ready(ctx: Ctx, lives: int = 4) -> bool:
    """The party is fit to go down to the Treasure Chamber: every character has `lives` or more
    (4 setting out from the Village, 3 at the Ruins after the road there) and the party's
    Strength together reaches the Lord of Darkness's 12 (L6a; C8e: the party's total against
    the guardians')."""
    party = [h for h in ctx.state.party() if h.alive]
    strength = sum(hero_rules.total(ctx.pack, h, "strength") for h in party)
    return bool(party) and all(h.life >= lives for h in party) and strength >= READY_STRENGTH


def ai_pick(ctx: Ctx, decision: Decision, chance: float) -> str | None:
    """The campaign AI's Dungeon choices: `chance` a number in [0, 1) drawn for this choice."""
    if not in_play(ctx):
        return None
    opts = decision.options
    go = f"depart:{STRADDLE}"
    if decision.kind == "village" and go in opts:
        return go if ready(ctx) and chance < 0.6 else None
    enter = f"enter:{REGION}"
    if enter in opts:  # not ready (hurt on the way): home from the Ruins rather than down
        return enter if ready(ctx, lives=3) and regions.came_by_road(ctx) else "continue" if "continue" in opts else None
    if decision.kind == "stand" and "skip" in opts and passage_open(ctx):
        return "skip"
    return None
