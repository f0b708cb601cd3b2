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
  a Secret Passage that lets the party skip the next Road Space), the Cell (each character in
  turn chooses the Follower he leaves and may take one left before him: decisions), the Torture
  Chamber (each character chooses 1 Gold, 1 Strength or 1 Craft: a decision), the Summoning
  Circle (the nearest Enemy comes, else Dungeon cards are drawn until one does). The Guard Room
  and the Kitchen are plain data (project ruling `dungeon_locations`).
- L7, built (project ruling `dungeon_cards` where the facts are silent): Hunchback (his master
  leading is asked at each Special Location whether to pass it by); Secret Passage card (a d6
  names a Special Location: already on the road, the party may go there; else the next Road
  Space becomes it, its cards discarded); Amazon (leading, she sees the next two cards and picks
  which is met first); Swashbuckler (leading, a battle won lets the party pass the next card by,
  a decision; a new Fields space rolls 2d6; back on a Fields space with cards, he may roll a d6
  for more, a decision); Philosopher (his Craft against a newly revealed Enemy only when he
  leads); Torch (its bearer leading sees the next card); Clockwork Owl (its bearer leading,
  every card on the road face up; face down once nobody holds it); Orb of Prophecy (leading
  before a new Road Space, or before his lost turn's draw, its bearer sees the top Adventure
  card and may put it at the bottom: the power is the project's); Goblin Slayer (+3 Strength
  against a Goblin or Hobgoblin, in battle and in Guardian Combat); Cloak of Feathers (meeting a
  Place card that rolls its die, or taking a Place's offer that does, the Magic Portal, its bearer
  sees the roll and may pay 1 Fate to roll again; its second power, NOT FOUND, is the project's:
  +1 Craft in psychic combat while its bearer leads);
  Holy Avenger (+3 against an Enemy that beat another character); Miser Dragon (a d6 hoard to
  his killer, or to the trove in the Treasure Chamber); Lone Dwarf (5: two Road Spaces on; 6: +2
  Strength in the Treasure Chamber; rows 1-4 the project's); Burrow Worm (a character it beats
  is dragged with the party to the Ruins); Wise Man (leaves a master beaten in psychic combat);
  Spirit of Vengeance (the character it beats carries it, project: facing any Enemy he is offered
  no evading, paying off, banishing, assassinating, nor a destroying or Immobility Spell; beating
  an Enemy that was so kept from him frees him); Weakness, Wand of Dragonfire, Blight Haunt, Trap
  Door, Dungeon Door and Rune Gate are plain data.
- Approximated: the Dungeon Amulet's two rerolls come in the middle of the day's roll, so its
  bearer always takes them (no prompt); the Swashbuckler's 2d6 on Fields is always rolled; the
  Rune Gate teleports to the Village only; the Amazon's second ability (NOT FOUND) is the
  project's: two dice in battle, the higher kept (ability `double_roll`, ruling `dungeon_cards`);
  the Cloak of Feathers' +1 Craft counts in psychic combat only (not in other Craft tests); the
  Spirit of Vengeance's hold bars the answers the Dungeon sees when it is asked, so an evasion an
  expansion named after the Dungeon adds (the Woodland's Baba Yaga's Hut) is still offered.
- Not built: nothing of L7.
- The campaign AI answers every Dungeon decision and goes down to the Treasure Chamber whenever
  the party is fit and strong enough.
"""
from __future__ import annotations

from engine.darkest_talisman import cards, effects, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import Effect, EnemyCard, EventCard, FollowerCard, PlaceCard
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks, regions
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.expansions.model import DungeonState
from engine.darkest_talisman.state import ApplyEffect, Combat, Decision, Hero, LostTurn, MeetCard, Spot, TeleportTask, card_id

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
#: L5b-3: the side pile the Followers left in the Cell wait in
CELL_PILE = "dungeon_cell"
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
#: ...and sets out for the Ruins this often when it is (the other times: its other plans)
GO_CHANCE = 0.85
#: ...and goes down from the Ruins with every character at this much life or more
ENTER_LIVES = 4
#: L7: the cards and characters whose powers the module runs
AMAZON, PHILOSOPHER, SWASHBUCKLER = "amazon", "philosopher", "swashbuckler"
TORCH, OWL, ORB, CLOAK, AMULET, SLAYER = (
    "torch", "clockwork_owl", "orb_of_prophecy", "cloak_of_feathers", "dungeon_amulet", "goblin_slayer")
HUNCHBACK, AVENGER, DWARF, MISER, PASSAGE_CARD = "hunchback", "holy_avenger", "lone_dwarf", "miser_dragon", "secret_passage"
#: L7 Goblin Slayer: its +3 Strength against these Enemies (core Goblin and Hobgoblin)
GOBLINS = frozenset({"goblin", "hobgoblin"})
SLAYER_BONUS = 3
#: L7 Holy Avenger: +3 to the attack against an Enemy that beat another character
AVENGER_BONUS = 3
#: L7 Lone Dwarf, row 6: +2 Strength in the Treasure Chamber
DWARF_BONUS = 2
#: L7 Lone Dwarf, row 5: Road Spaces toward the destination
DWARF_MOVE = 2
#: L7 Cloak of Feathers: a Fate rerolls a Place card's die
CLOAK_PRICE = 1
#: ...and its second power (NOT FOUND, the project's): +1 Craft in psychic combat, its bearer leading
CLOAK_CRAFT = 1
#: the project's Special Locations worth meeting (the Library always, the Kitchen when hurt)
HELPFUL = frozenset({LIBRARY, KITCHEN})
#: marks on a character for the space the party stands on
HUNCH_ASKED = "dungeon:hunchback"
ORB_ASKED = "dungeon:orb"
#: L7 Spirit of Vengeance: the character it beat carries it in his side pile "vengeance:<hero uid>"
VENGEANCE = "spirit_of_vengeance"
VENGEANCE_PILE = "vengeance:"
#: ...and while he does, no answer of these to an Enemy: evading, avoiding (paying it off), or
#: a Spell or ability that defeats or destroys it (ruling `dungeon_cards`)
UNFORGIVEN = ("evade", "pay", "banish", "assassinate")
UNFORGIVEN_SPELLS = frozenset({"damage", "immobility"})


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
    record(ctx).climbed_out = False
    record(ctx).dwarf = False
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
def record(ctx: Ctx) -> DungeonState:
    ext = decks.ext(ctx)
    if ext.dungeon is None:
        ext.dungeon = DungeonState()
    return ext.dungeon


def _hunchback(leader: Hero | None) -> bool:
    return leader is not None and any(card_id(f) == HUNCHBACK for f in leader.followers)


def location_met(ctx: Ctx, loc: str) -> bool:
    """The Special Locations of the Dark Road (L5b); True when the module did something (the
    party's step starts over). L7 Hunchback: his master leading, the party may pass any of the
    six by (a decision, asked once a space)."""
    if not in_dungeon(ctx) or loc not in ctx.pack.region(REGION).specials:
        return False
    state = ctx.state
    trip = state.live_trip()
    leader = state.leader()
    if _hunchback(leader) and leader is not None and HUNCH_ASKED not in leader.used:
        leader.used.append(HUNCH_ASKED)
        trip.location_met = False  # met again once the answer is "meet"
        state.decision = Decision(kind="dungeon_hunchback", hero=leader.uid, options=["hunch_pass", "hunch_meet"],
                                  data={"location": loc})
        return True
    if loc not in (LIBRARY, CELL, TORTURE, SUMMONING):
        return False  # the Guard Room and the Kitchen: the core runs their data
    if "counterspell" in trip.wards or "destroy_magic" in trip.wards:
        ctx.emit("negated", card=loc)
        return False
    party = [h for h in state.party() if h.alive]
    if loc == LIBRARY:
        for hero in party:
            library(ctx, hero)
    elif loc == CELL:
        rec = record(ctx)
        rec.cell, rec.cell_stage = [h.uid for h in party], "leave"
    elif loc == TORTURE:
        record(ctx).torture = [h.uid for h in party]
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


def _leavable(ctx: Ctx, hero: Hero) -> list[str]:
    return [f for f in hero.followers if not hero_rules.follower(ctx.pack, f).must_take]


def prisoners(ctx: Ctx) -> list[str]:
    """The Followers left in the Cell this turn (a side pile, so that every card stays counted)."""
    return decks.ext(ctx).piles.setdefault(CELL_PILE, [])


def _takable(ctx: Ctx, hero: Hero) -> list[str]:
    return [f for f in prisoners(ctx) if hero_rules.room_for(ctx.pack, hero, f)]


def cell_step(ctx: Ctx) -> bool:
    """L5b-3: in Marching Order each character leaves one of his Followers in the cell (his
    choice when he has more than one), then may take one left there by a character before him
    this turn (his choice, or none); the Followers still in the cell at the end are discarded."""
    state = ctx.state
    rec = record(ctx)
    while rec.cell:
        hero = state.hero(rec.cell[0])
        if not hero.alive:
            rec.cell.pop(0)
            rec.cell_stage = "leave"
            continue
        if rec.cell_stage == "leave":
            mine = _leavable(ctx, hero)
            rec.cell_stage = "take"
            if len(mine) > 1:
                state.decision = Decision(kind="dungeon_cell_leave", hero=hero.uid, options=[f"leave:{u}" for u in mine],
                                          data={"things": [card_id(u) for u in mine]})
                return True
            if mine:
                cell_leave(ctx, hero, mine[0])
            continue
        earlier = [u for u in _takable(ctx, hero) if u not in hero.used]
        rec.cell.pop(0)
        rec.cell_stage = "leave"
        if earlier:
            state.decision = Decision(kind="dungeon_cell_take", hero=hero.uid,
                                      options=[f"take:{u}" for u in earlier] + ["take_none"],
                                      data={"things": [card_id(u) for u in earlier]})
            return True
    left = decks.ext(ctx).piles.pop(CELL_PILE, [])
    for uid in left:
        cards.discard(ctx, uid)
    if left:
        ctx.emit("cell_kept", things=[card_id(u) for u in left])
    return False


def cell_leave(ctx: Ctx, hero: Hero, uid: str) -> None:
    hero_rules.give_up(ctx, hero, uid)
    prisoners(ctx).append(uid)
    hero.used.append(uid)  # he may not take back the one he left himself
    ctx.emit("follower_lost", hero.uid, follower=card_id(uid), why=CELL)


def cell_take(ctx: Ctx, hero: Hero, uid: str) -> None:
    prisoners(ctx).remove(uid)
    hero_rules.gain_thing(ctx, hero, uid, CELL)


def torture_step(ctx: Ctx) -> bool:
    """L5b-5: each character in turn pays 1 Gold or loses 1 Strength or 1 Craft: his choice (a
    decision with his figures; the Gold only when he can pay it)."""
    state = ctx.state
    rec = record(ctx)
    while rec.torture:
        hero = state.hero(rec.torture.pop(0))
        if not hero.alive:
            continue
        can_pay = effects.purse(ctx, hero) >= TORTURE_PRICE
        options = (["torture_gold"] if can_pay else []) + ["torture_strength", "torture_craft"]
        state.decision = Decision(kind="dungeon_torture", hero=hero.uid, options=options,
                                  data={"gold": TORTURE_PRICE, "purse": effects.purse(ctx, hero),
                                        "strength": hero.strength, "craft": hero.craft})
        return True
    return False


def torture(ctx: Ctx, hero: Hero, option: str) -> None:
    if option == "torture_gold":
        effects.pay(ctx, hero, TORTURE_PRICE)
        ctx.emit("ransom_paid", hero.uid, gold=TORTURE_PRICE, why=TORTURE)
    else:
        hero_rules.change(ctx, hero, "strength" if option == "torture_strength" else "craft", -1, TORTURE)


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
    Man: he leaves a master beaten by an Enemy in psychic combat (an Enemy of Craft). L7 Holy
    Avenger: the Enemy card is marked as one that beat this character. L7 Spirit of Vengeance: the
    character it beats carries it. The drag and the hold are negated by the Woodland's The Void
    (M9) when both expansions are in play."""
    if not in_play(ctx):
        return
    woods = decks.ext(ctx).woodland
    voided = woods is not None and enemy in woods.voided  # the Woodland's The Void negated it (M9)
    if card_id(enemy) in DRAGGERS and DRAGGED not in hero.used and not voided:
        hero.used.append(DRAGGED)
    card = ctx.pack.card(card_id(enemy)) if ctx.pack.has_card(card_id(enemy)) else None
    if isinstance(card, EnemyCard) and "#" in enemy:
        mark = f"{enemy}|{hero.uid}"
        if mark not in record(ctx).avenged:
            record(ctx).avenged.append(mark)
    if isinstance(card, EnemyCard) and card.attribute == "craft":
        for uid in [f for f in hero.followers if card_id(f) in WISE]:
            hero_rules.give_up(ctx, hero, uid)
            cards.discard(ctx, uid)
            ctx.emit("follower_lost", hero.uid, follower=card_id(uid), why=card.id)
    if card_id(enemy) == VENGEANCE and not voided:
        _haunt(ctx, hero, enemy)


def vengeance_pile(hero_uid: str) -> str:
    return VENGEANCE_PILE + hero_uid


def haunted(ctx: Ctx, hero: Hero) -> bool:
    """L7 Spirit of Vengeance: does this character carry it?"""
    return bool(decks.ext(ctx).piles.get(vengeance_pile(hero.uid)))


def _haunt(ctx: Ctx, hero: Hero, enemy: str) -> None:
    """L7 Spirit of Vengeance: the character it beat carries it (project: the hold begins with
    that defeat), so it leaves its Draw Spot and never attacks another character."""
    trip = ctx.state.trip
    spot = next((s for s in trip.spots if s.card == enemy), None) if trip is not None else None
    if spot is None or haunted(ctx, hero):
        return
    spot.card = None
    decks.ext(ctx).piles[vengeance_pile(hero.uid)] = [enemy]
    ctx.emit("vengeance_hold", hero.uid)


def _unhaunt(ctx: Ctx, hero: Hero) -> None:
    for uid in decks.ext(ctx).piles.pop(vengeance_pile(hero.uid), []):
        cards.discard(ctx, uid)


def _vengeance_options(ctx: Ctx, decision: Decision) -> None:
    """L7 Spirit of Vengeance: its carrier facing an Enemy may not evade it, pay it off, nor
    defeat or destroy it by a Spell or an ability; a battle he then wins against an Enemy that
    offered one of those frees him (`battle_won`)."""
    task = ctx.state.tasks[-1] if ctx.state.tasks else None
    if decision.kind != "enemy" or not isinstance(task, Combat) or decision.hero != task.hero:
        return
    hero = ctx.state.hero(task.hero)
    if not haunted(ctx, hero):
        return
    barred = [o for o in decision.options if o in UNFORGIVEN or (
        o.startswith("cast:") and ctx.pack.spell(card_id(o.split(":", 1)[1])).kind in UNFORGIVEN_SPELLS)]
    if not barred:
        return
    decision.options = [o for o in decision.options if o not in barred] or ["fight"]
    mark = f"{hero.uid}|{task.enemy}"
    if mark not in record(ctx).vengeance:
        record(ctx).vengeance.append(mark)


def died(ctx: Ctx, hero: Hero) -> None:
    """L7 Spirit of Vengeance: a dead carrier's Spirit is discarded."""
    if in_play(ctx):
        _unhaunt(ctx, hero)


def _holds(hero: Hero | None, cid: str) -> bool:
    return hero is not None and any(card_id(u) == cid for u in hero.objects + hero.followers)


def _road_ready(ctx: Ctx) -> bool:
    """Nothing under way on the road and the next step would meet the next Draw Spot: the moment
    the leader's powers over the spots act (L7 Amazon, Swashbuckler, Torch, Clockwork Owl)."""
    state = ctx.state
    trip = state.trip
    if state.mode != "road" or trip is None or state.tasks or state.decision is not None or state.fight is not None:
        return False
    if not trip.location_met:
        return False
    unmet = [s for s in trip.spots if not s.met]
    if not unmet:
        return False
    return not (trip.asked and trip.heading == "out" and not travel.is_destination(trip, trip.position))


def _next_spots(ctx: Ctx) -> list[Spot]:
    trip = ctx.state.live_trip()
    return [s for s in trip.spots if not s.met]


def _owl(ctx: Ctx) -> None:
    """L7 Clockwork Owl: while its bearer leads, every card on the road's Draw Spots lies face up;
    once nobody in the party holds it, those it turned face up are face down again."""
    state = ctx.state
    trip = state.trip
    rec = record(ctx)
    if trip is None:
        return
    spots = trip.spots + [s for space in trip.road for s in space.spots]
    if _holds(state.leader(), OWL):
        for spot in spots:
            if spot.card is not None and not spot.revealed and not spot.foreseen:
                spot.foreseen = True
                rec.owl_seen.append(spot.seq)
    elif rec.owl_seen and not any(_holds(h, OWL) for h in state.party()):
        for spot in spots:
            if spot.seq in rec.owl_seen and not spot.revealed:
                spot.foreseen = False
        rec.owl_seen = []
        ctx.emit("owl_lost")


def _torch(ctx: Ctx) -> None:
    """L7 Torch: its bearer leading, the next Draw Spot's card is seen before it is met."""
    leader = ctx.state.leader()
    if not _holds(leader, TORCH) or leader is None:
        return
    spot = next((s for s in _next_spots(ctx) if s.card is not None), None)
    if spot is not None and spot.card is not None and not spot.revealed and not spot.foreseen:
        spot.foreseen = True
        ctx.emit("torch_lit", leader.uid, card=card_id(spot.card))


def _amazon(ctx: Ctx) -> bool:
    """L7 Amazon: leading, she turns over the next two Draw Spots' cards and chooses the order
    they are met in (none skipped), all along the space."""
    state = ctx.state
    leader = state.leader()
    if leader is None or leader.card != AMAZON:
        return False
    pair = [s for s in _next_spots(ctx)[:2] if s.card is not None and not s.early]
    rec = record(ctx)
    if len(pair) < 2 or all(s.seq in rec.ordered for s in pair):
        return False
    for spot in pair:
        spot.foreseen = True
        rec.ordered.append(spot.seq)
    state.decision = Decision(kind="dungeon_amazon", hero=leader.uid, options=["amazon_keep", "amazon_swap"],
                              data={"card": card_id(pair[0].card or ""), "thing": card_id(pair[1].card or ""),
                                    "seqs": [pair[0].seq, pair[1].seq]})
    return True


def _swashbuckler(ctx: Ctx) -> bool:
    """L7 Swashbuckler: leading, a battle he won lets the party pass the next Draw Spot by (the
    leader's choice: its card stays where it lies)."""
    state = ctx.state
    rec = record(ctx)
    leader = state.leader()
    if not rec.swash:
        return False
    rec.swash = False
    spot = next((s for s in _next_spots(ctx) if s.card is not None), None)
    if spot is None or leader is None:
        return False
    seen = card_id(spot.card or "") if spot.revealed or spot.foreseen else None
    state.decision = Decision(kind="dungeon_swash", hero=leader.uid, options=["swash_skip", "swash_meet"],
                              data={"seq": spot.seq, **({"card": seen} if seen else {})})
    return True


def _swash_more(ctx: Ctx) -> bool:
    """L7 Swashbuckler: leading the party back onto a Fields space where cards already lie, he may
    roll a d6 for more cards (a decision)."""
    state = ctx.state
    rec = record(ctx)
    trip = state.trip
    if rec.more_at < 0 or trip is None or state.tasks:
        return False
    k, rec.more_at = rec.more_at, -1
    leader = state.leader()
    if trip.position != k or leader is None or leader.card != SWASHBUCKLER:
        return False
    room = ctx.pack.rules.draw_spots.value - len(trip.spots)
    if room <= 0:
        return False
    state.decision = Decision(kind="dungeon_swash_more", hero=leader.uid, options=["swash_more", "swash_none"],
                              data={"n": sum(1 for s in trip.spots if s.card)})
    return True


def swash_more(ctx: Ctx) -> None:
    state = ctx.state
    trip = state.live_trip()
    count = min(ctx.d6(SWASHBUCKLER), ctx.pack.rules.draw_spots.value - len(trip.spots))
    for _ in range(count):
        uid = cards.draw_adventure(ctx)
        if uid is None:
            break
        trip.spots.append(Spot(seq=state.new_seq(), card=uid))
    ctx.emit("more_cards", count=count)


def _orb(ctx: Ctx) -> bool:
    """L7 Orb of Prophecy (its power NOT FOUND: the project's, ruling `dungeon_cards`): whenever
    its bearer leads, before the party moves on to a new Road Space, or whenever he loses a turn,
    he sees the top Adventure card (the next one drawn) and may put it at the bottom."""
    state = ctx.state
    deck = state.decks.adventure
    if state.decision is not None or not deck or state.mode != "road" or state.trip is None:
        return False
    seer: Hero | None = None
    top = state.tasks[-1] if state.tasks else None
    if isinstance(top, LostTurn) and _holds(state.hero(top.hero), ORB):
        seer = state.hero(top.hero)
        mark = f"{ORB_ASKED}:{top.seq}"
    else:
        trip = state.trip
        leader = state.leader()
        nxt = trip.position + (1 if trip.heading == "out" else -1)
        if (state.tasks or state.fight is not None or not trip.location_met or any(not s.met for s in trip.spots)
                or not _holds(leader, ORB) or not 0 <= nxt < len(trip.road) or trip.road[nxt].visited
                or (travel.is_destination(trip, trip.position) and trip.heading == "out" and not trip.destination_done)):
            return False
        seer, mark = leader, ORB_ASKED
    if seer is None or mark in seer.used or not seer.alive:
        return False
    seer.used.append(mark)
    state.decision = Decision(kind="dungeon_orb", hero=seer.uid, options=["orb_keep", "orb_bottom"],
                              data={"card": card_id(deck[-1])})
    return True


def _bonuses(ctx: Ctx) -> None:
    """A combat about to be fought: L7 Goblin Slayer, +3 Strength in battle against a Goblin or a
    Hobgoblin; L7 Holy Avenger, +3 to his master's attack against an Enemy that beat another
    character; L7 Cloak of Feathers' second power (the project's), +1 Craft in psychic combat to
    its bearer leading. Added to the combat's figures before the fight's decision (so the odds
    show it)."""
    state = ctx.state
    task = state.tasks[-1] if state.tasks else None
    if not isinstance(task, Combat) or task.stage != "choose" or task.ally:
        return
    hero = state.hero(task.hero)
    rec = record(ctx)
    key = f"{hero.uid}|{task.enemy}"
    if key in rec.bonused:
        return
    rec.bonused.append(key)
    if task.attribute == "strength" and card_id(task.enemy) in GOBLINS and _holds(hero, SLAYER):
        task.bonus += SLAYER_BONUS
        ctx.emit("card_bonus", hero.uid, thing=SLAYER, amount=SLAYER_BONUS, enemy=card_id(task.enemy))
    beaten = [m.split("|")[1] for m in rec.avenged if m.split("|")[0] == task.enemy]
    if any(u != hero.uid for u in beaten) and any(card_id(f) == AVENGER for f in hero.followers):
        if task.attribute == "craft":
            task.craft_bonus += AVENGER_BONUS
        else:
            task.bonus += AVENGER_BONUS
        ctx.emit("card_bonus", hero.uid, thing=AVENGER, amount=AVENGER_BONUS, enemy=card_id(task.enemy))
    if task.attribute == "craft" and _holds(hero, CLOAK) and state.order and state.order[0] == hero.uid:
        task.craft_bonus += CLOAK_CRAFT
        ctx.emit("card_bonus", hero.uid, thing=CLOAK, amount=CLOAK_CRAFT, enemy=card_id(task.enemy))


def _hoards(ctx: Ctx) -> None:
    """L7 Miser Dragon killed among the Treasure Chamber's guardians: his hoard (a d6 of Gold, the
    project's figure) goes to the trove, shared with it (after the win, straight to the party)."""
    state = ctx.state
    fight = state.fight
    trip = state.trip
    if fight is None or fight.kind != "trove" or trip is None or not in_dungeon(ctx):
        return
    rec = record(ctx)
    for g in fight.guardians:
        if g.dead and g.of == MISER and g.uid not in rec.hoards:
            rec.hoards.append(g.uid)
            gold = ctx.d6(MISER)
            if fight.won or trip.trove is None:
                party = state.party()
                share, rest = divmod(gold, len(party))
                for i, hero in enumerate(party):
                    hero.gold += share + (1 if i < rest else 0)
            else:
                trip.trove.gold += gold
            ctx.emit("hoard", gold=gold)


def _cloak(ctx: Ctx) -> bool:
    """L7 Cloak of Feathers: its bearer meeting a Place card that rolls a die (the Cave, the
    Shrine) sees the roll and may pay 1 Fate to roll it again (a decision); the row is then met."""
    state = ctx.state
    trip = state.trip
    task = state.tasks[-1] if state.tasks else None
    if not isinstance(task, MeetCard) or task.seq < 0 or trip is None or trip.wards or task.stage != "start":
        return False
    card = ctx.pack.card(card_id(task.card))
    if not isinstance(card, PlaceCard) or card.effect is None or not card.effect.roll or card.supply or card.services:
        return False
    at = next((i for i in range(task.index, len(task.heroes)) if state.hero(task.heroes[i]).alive), None)
    if at is None:
        return False
    hero = state.hero(task.heroes[at])
    if not _holds(hero, CLOAK) or hero.fate < CLOAK_PRICE or hero_rules.has_amulet(ctx.pack, hero):
        return False
    if task.index == 0:
        ctx.emit("met", card=card.id)
    task.index = at + 1
    record(ctx).cloak = sum(ctx.dice(card.effect.dice, card.id, hero.uid))
    record(ctx).cloak_at = f"{hero.uid}|{card.id}|"
    _cloak_pose(ctx)
    return True


def _cloak_pose(ctx: Ctx) -> bool:
    """The Cloak of Feathers' question for the roll waiting in the record (L7)."""
    rec = record(ctx)
    if not rec.cloak_at:
        return False
    uid, cid, offer = rec.cloak_at.split("|")
    hero = ctx.state.hero(uid)
    data: dict[str, object] = {"card": cid, "face": rec.cloak, "fate": hero.fate, "gold": CLOAK_PRICE}
    if offer:
        data["offer"] = True
    ctx.state.decision = Decision(kind="dungeon_cloak", hero=uid, options=["cloak_reroll", "cloak_keep"], data=data)
    return True


def _cloak_table(ctx: Ctx, cid: str, offer: bool) -> Effect:
    """The Place card's effect whose die the Cloak rolls: its own, or its offer's (the Magic Portal)."""
    card = ctx.pack.card(cid)
    assert isinstance(card, PlaceCard) and card.effect is not None
    if offer:
        assert card.effect.offer is not None
        return card.effect.offer.effect
    return card.effect


def cloak_row(ctx: Ctx, cid: str, total: int, offer: bool = False) -> Effect:
    table = _cloak_table(ctx, cid, offer)
    return next(r.effect for r in table.roll if r.low <= total <= r.high)


def _cloak_offer(ctx: Ctx, decision: Decision) -> bool:
    """L7 Cloak of Feathers: its bearer taking a Place card's offer that rolls a die (the Magic
    Portal) sees the roll and may pay 1 Fate to roll again; the offer is taken as the core takes
    it (its price paid), the roll comes after the Cloak's decision."""
    state = ctx.state
    task = state.tasks[-1] if state.tasks else None
    if not isinstance(task, ApplyEffect) or task.effect.offer is None or not task.effect.offer.effect.roll:
        return False
    card = ctx.pack.card(task.source) if ctx.pack.has_card(task.source) else None
    offer = task.effect.offer
    hero = state.hero(task.hero)
    if not isinstance(card, PlaceCard) or card.effect is None or card.effect.offer != offer:
        return False
    if not _holds(hero, CLOAK) or hero.fate < offer.fate + CLOAK_PRICE or hero_rules.has_amulet(ctx.pack, hero):
        return False
    task.stage = "rest"
    effects.pay(ctx, hero, offer.gold)
    hero.fate -= offer.fate
    ctx.emit("offer_taken", hero.uid, why=task.source, gold=offer.gold)
    record(ctx).cloak = sum(ctx.dice(offer.effect.dice, card.id, hero.uid))
    record(ctx).cloak_at = f"{hero.uid}|{card.id}|offer"
    return _cloak_pose(ctx)


def _cloak_answer(ctx: Ctx, hero: Hero, decision: Decision, option: str) -> None:
    from engine.darkest_talisman import encounters

    rec = record(ctx)
    total, rec.cloak, rec.cloak_at = rec.cloak, 0, ""
    cid = str(decision.data["card"])
    offer = bool(decision.data.get("offer"))
    table = _cloak_table(ctx, cid, offer)
    if option == "cloak_reroll":
        hero_rules.change(ctx, hero, "fate", -CLOAK_PRICE, CLOAK)
        total = sum(ctx.dice(table.dice, cid, hero.uid))
        ctx.emit("cloak_reroll", hero.uid, card=cid, face=total)
    lost: list[str] = []
    task = ctx.state.tasks[-1] if ctx.state.tasks else None
    seq = task.seq if isinstance(task, MeetCard) else ctx.state.trip.drop_seq if offer and ctx.state.trip else -1
    effects.apply(ctx, hero, table.model_copy(update={"roll": [], "dice": 1}), cid, lost)
    effects.apply(ctx, hero, cloak_row(ctx, cid, total, offer), cid, lost)
    encounters.push_lost_turns(ctx, lost, seq, at_once=False)


def work(ctx: Ctx) -> bool:
    """The Dungeon's choices and powers that must come before anything else goes on: the Cell's
    and the Torture Chamber's characters in turn (L5b), the Burrow Worm's drag to the Ruins, and
    the leader's powers over the Draw Spots (L7)."""
    if not in_play(ctx):
        return False
    state = ctx.state
    if state.decision is not None:
        return False
    if state.ext is not None and state.ext.dungeon is not None:
        if _cloak_pose(ctx) or cell_step(ctx) or torture_step(ctx):
            return True
        _hoards(ctx)
    dragged = [h for h in state.party() if DRAGGED in h.used]
    if dragged:
        for hero in dragged:
            hero.used.remove(DRAGGED)
        if state.mode == "road" and state.trip is not None and not any(t.task == "combat" for t in state.tasks):
            ctx.emit("dragged", place=STRADDLE)
            state.tasks.append(TeleportTask(target=STRADDLE))
            return True
    if state.mode != "road" or state.trip is None:
        return False
    _bonuses(ctx)
    if _cloak(ctx) or _orb(ctx) or _swash_more(ctx):
        return True
    _owl(ctx)
    if not _road_ready(ctx):
        return False
    _torch(ctx)
    return _swashbuckler(ctx) or _amazon(ctx)


def battle_won(ctx: Ctx, hero: Hero, enemy: str, attribute: str) -> None:
    """L7 Swashbuckler: leading, a battle won lets the party pass the next Draw Spot by. L7 Spirit
    of Vengeance: its carrier beating an Enemy he was kept from evading, paying off or destroying
    by a Spell or ability is free of it. L7 Miser
    Dragon killed on the road: his hoard (a d6 of Gold, project) to his killer; in the Treasure
    Chamber, to its trove."""
    if not in_play(ctx):
        return
    state = ctx.state
    if hero.card == SWASHBUCKLER and attribute == "strength" and state.order and state.order[0] == hero.uid:
        record(ctx).swash = True
    mark = f"{hero.uid}|{enemy}"
    if mark in record(ctx).vengeance:
        record(ctx).vengeance.remove(mark)
        if haunted(ctx, hero):
            _unhaunt(ctx, hero)
            ctx.emit("vengeance_free", hero.uid, enemy=card_id(enemy))
    if card_id(enemy) == MISER:
        gold = ctx.d6(MISER, hero.uid)
        trip = state.trip
        if in_dungeon(ctx) and trip is not None and trip.trove is not None and trip.destination == CHAMBER \
                and travel.is_destination(trip, trip.position):
            trip.trove.gold += gold
            ctx.emit("hoard", gold=gold)
        else:
            hero.gold += gold
            ctx.emit("hoard_taken", hero.uid, gold=gold)


def guardian_combat_begins(ctx: Ctx) -> None:
    """A round of Guardian Combat: L7 Goblin Slayer, +3 Strength when a Goblin or Hobgoblin is
    among the guardians; L7 Lone Dwarf (row 6), +2 Strength to the leader in the Treasure Chamber."""
    if not in_play(ctx):
        return
    state = ctx.state
    fight = state.live_fight()
    if any(not g.dead and g.of in GOBLINS for g in fight.guardians):
        for hero in state.party():
            if _holds(hero, SLAYER):
                key = f"{hero.uid}:strength"
                fight.hero_bonus[key] = fight.hero_bonus.get(key, 0) + SLAYER_BONUS
    leader = state.leader()
    trip = state.trip
    if record(ctx).dwarf and leader is not None and in_dungeon(ctx) and trip is not None and trip.destination == CHAMBER:
        key = f"{leader.uid}:strength"
        fight.hero_bonus[key] = fight.hero_bonus.get(key, 0) + DWARF_BONUS


def ability_open(ctx: Ctx, hero: Hero, ability: str) -> bool:
    """L7 Philosopher: his second ability (Craft against a newly revealed Enemy, project) only
    when he leads the party."""
    if hero.card == PHILOSOPHER and ability == "psychic_attack":
        return bool(ctx.state.order) and ctx.state.order[0] == hero.uid
    return True


def draw_dice(ctx: Ctx, terrain: str, dice: int) -> int:
    """L7 Swashbuckler: leading, a Fields space rolls 2d6 for its cards (project ruling
    `dungeon_cards`: he always does)."""
    leader = ctx.state.leader()
    if in_play(ctx) and terrain == "fields" and leader is not None and leader.card == SWASHBUCKLER:
        return max(dice, 2)
    return dice


def day_faces(ctx: Ctx, faces: list[int], dice: int) -> list[int]:
    """L7 Dungeon Amulet, its bearer leading: a 1 that would reveal a Special Location of the
    Dark Road is rolled again, and so is the most cards a Road Space can bring (every die a 6).
    No pause in the middle of the day's roll: the project's bearer always rerolls (ruling
    `dungeon_cards`)."""
    leader = ctx.state.leader()
    if not in_play(ctx) or not faces or not _holds(leader, AMULET) or leader is None:
        return faces
    if 1 in faces and in_dungeon(ctx):
        ctx.emit("amulet_reroll", leader.uid, dice=list(faces))
        return ctx.dice(dice, "day")
    if all(f == 6 for f in faces):
        ctx.emit("amulet_reroll", leader.uid, dice=list(faces))
        return ctx.dice(dice, "day")
    return faces


def entered(ctx: Ctx, k: int) -> None:
    """A new Road Space: the cards' bonuses may be given again; a Special Location a Secret
    Passage card opened here (L7) is met."""
    if not in_play(ctx):
        return
    trip = ctx.state.trip
    leader = ctx.state.leader()
    if trip is not None and leader is not None and leader.card == SWASHBUCKLER and trip.location_met \
            and trip.road[k].location == "fields" and not trip.road[k].special and any(s.card for s in trip.spots):
        record(ctx).more_at = k  # back on a Fields space with cards: a d6 more, if he likes (L7)
    if ctx.state.ext is None or ctx.state.ext.dungeon is None:
        return
    rec = record(ctx)
    rec.bonused, rec.ordered = [], []
    if trip is not None and rec.passage_at == k and in_dungeon(ctx):
        trip.location_met = False
        rec.passage_at = -1


def region_left(ctx: Ctx, region_id: str) -> None:
    """Back up at the Ruins (walked out, dragged or carried): marked for the campaign AI."""
    if region_id == REGION and in_play(ctx):
        record(ctx).climbed_out = True


def home(ctx: Ctx) -> None:
    """Back in a village: the Lone Dwarf, the Swashbuckler's skip and the marks are gone."""
    if in_play(ctx) and ctx.state.ext is not None and ctx.state.ext.dungeon is not None:
        rec = record(ctx)
        rec.dwarf, rec.swash, rec.passage_at, rec.climbed_out = False, False, -1, False
        rec.avenged, rec.bonused, rec.ordered, rec.hoards = [], [], [], []


def placed_elsewhere(ctx: Ctx, spot: Spot) -> bool:
    """Dungeon cards the module resolves as they are turned over: L7 Secret Passage and L7 Lone
    Dwarf. True: the card was dealt with (not met as a plain card)."""
    if not in_play(ctx) or spot.card is None:
        return False
    cid = card_id(spot.card)
    if cid == PASSAGE_CARD and in_dungeon(ctx):
        return secret_passage(ctx, spot)
    if cid == DWARF:
        return lone_dwarf(ctx, spot)
    return False


def secret_passage(ctx: Ctx, spot: Spot) -> bool:
    """L7 Secret Passage: a d6 names a Special Location (L5b's table). Already on a Road Space of
    this road: the party may go there and meet it (a decision). Not there: the next Road Space
    the party meets becomes that location, its cards discarded (not the destination: then the
    passage leads nowhere). The card is discarded (project)."""
    state = ctx.state
    trip = state.live_trip()
    specials = ctx.pack.region(REGION).specials
    face = ctx.d6(PASSAGE_CARD)
    loc = specials[face - 1]
    assert spot.card is not None
    cards.discard(ctx, spot.card)
    spot.card = None
    at = next((k for k, space in enumerate(trip.road) if space.special == loc), None)
    if at == trip.position:
        ctx.emit("passage_here", location=loc, face=face)
        return True
    if at is not None:
        state.decision = Decision(kind="dungeon_passage", options=["passage_go", "passage_stay"],
                                  data={"location": loc, "space": at, "face": face})
        return True
    nxt = trip.position + (1 if trip.heading == "out" else -1)
    if not 0 <= nxt < len(trip.road) - 1:
        ctx.emit("passage_nowhere", location=loc, face=face)
        return True
    space = trip.road[nxt]
    for old in space.spots:
        if old.card is not None:
            cards.discard(ctx, old.card)
            old.card = None
    space.spots = [s for s in space.spots if s.dropped]
    space.special = loc
    space.visited = True
    trip.found.append(loc)
    record(ctx).passage_at = nxt
    ctx.emit("passage_opened", location=loc, face=face, space=nxt)
    return True


def lone_dwarf(ctx: Ctx, spot: Spot) -> bool:
    """L7 Lone Dwarf (an Event): the leader rolls a d6. Rows 1-4 NOT FOUND (the project's: 1-2
    nothing, 3-4 each character +1 Gold); 5 the party moves two Road Spaces toward its
    destination (toward the village when heading home); 6 he follows the party and adds 2
    Strength in the Treasure Chamber's Guardian Combat."""
    state = ctx.state
    trip = state.live_trip()
    assert spot.card is not None
    cards.discard(ctx, spot.card)
    spot.card = None
    ctx.emit("event", card=DWARF)
    if trip.wards:
        ctx.emit("negated", card=DWARF)
        return True
    leader = state.leader()
    face = ctx.d6(DWARF, leader.uid if leader else None)
    if face <= 2:
        ctx.emit("dwarf_row", face=face)
    elif face <= 4:
        for hero in state.party():
            hero_rules.change(ctx, hero, "gold", 1, DWARF)
    elif face == 5:
        step = DWARF_MOVE if trip.heading == "out" else -DWARF_MOVE
        to = max(0, min(len(trip.road) - 1, trip.position + step))
        ctx.emit("dwarf_guides", face=face, space=to)
        if to != trip.position:
            state.tasks.append(TeleportTask(target=f"road:{to}"))
    else:
        record(ctx).dwarf = True
        ctx.emit("dwarf_follows", face=face)
    return True


# ----------------------------------------------------------------------------- options and answers
def more_options(ctx: Ctx, decision: Decision) -> None:
    """L5b-1: a Secret Passage found on this space lets the party skip the next Road Space. L7:
    the Spirit of Vengeance's hold over its carrier facing an Enemy."""
    if in_play(ctx):
        _vengeance_options(ctx, decision)
    if decision.kind == "stand" and passage_open(ctx) and "skip" not in decision.options:
        at = decision.options.index("turn_back") + 1 if "turn_back" in decision.options else 1
        decision.options.insert(at, "skip")


DECISIONS = ("dungeon_hunchback", "dungeon_cell_leave", "dungeon_cell_take", "dungeon_torture", "dungeon_amazon",
             "dungeon_swash", "dungeon_orb", "dungeon_passage", "dungeon_cloak", "dungeon_swash_more")


def answer(ctx: Ctx, decision: Decision, option: str) -> bool:
    """The Dungeon's own decisions (L5b, L7)."""
    if decision.kind not in DECISIONS and decision.kind != "offer":
        return False
    state = ctx.state
    hero = state.hero(decision.hero) if decision.hero else state.leader()
    kind = decision.kind
    if kind == "offer":  # L7 Cloak of Feathers: an offer's die (the Magic Portal)
        return option == "accept" and in_play(ctx) and _cloak_offer(ctx, decision)
    if kind == "dungeon_hunchback":
        if option == "hunch_pass":
            ctx.emit("passed_by", hero.uid if hero else None, location=decision.data["location"])
            state.live_trip().location_met = True
        # "hunch_meet": location_met stays False, the step meets it (asked once a space)
    elif kind == "dungeon_cell_leave" and hero is not None:
        cell_leave(ctx, hero, option.split(":", 1)[1])
    elif kind == "dungeon_cell_take" and hero is not None and option != "take_none":
        cell_take(ctx, hero, option.split(":", 1)[1])
    elif kind == "dungeon_torture" and hero is not None:
        torture(ctx, hero, option)
    elif kind == "dungeon_amazon" and option == "amazon_swap":
        trip = state.live_trip()
        first, second = (int(x) for x in decision.data["seqs"])
        a = next(i for i, s in enumerate(trip.spots) if s.seq == first)
        b = next(i for i, s in enumerate(trip.spots) if s.seq == second)
        trip.spots[a], trip.spots[b] = trip.spots[b], trip.spots[a]
        ctx.emit("amazon_order", hero.uid if hero else None, card=decision.data["thing"])
    elif kind == "dungeon_swash" and option == "swash_skip":
        trip = state.live_trip()
        spot = next((s for s in trip.spots if s.seq == int(decision.data["seq"])), None)
        if spot is not None:
            spot.met = True  # passed by: its card stays where it lies
            ctx.emit("spot_skipped", hero.uid if hero else None)
    elif kind == "dungeon_orb" and option == "orb_bottom":
        deck = state.decks.adventure
        if deck:
            deck.insert(0, deck.pop())
            ctx.emit("orb_bottom", hero.uid if hero else None, card=decision.data["card"])
    elif kind == "dungeon_swash_more" and option == "swash_more":
        swash_more(ctx)
    elif kind == "dungeon_cloak" and hero is not None:
        _cloak_answer(ctx, hero, decision, option)
    elif kind == "dungeon_passage" and option == "passage_go":
        k = int(decision.data["space"])
        trip = state.live_trip()
        state.tasks = [t for t in state.tasks if t.task not in travel.ROAD_TASKS]
        ctx.emit("passage_taken", location=decision.data["location"])
        travel.leave(ctx)
        travel.arrive(ctx, k)
        trip.location_met = False
    return True


# ----------------------------------------------------------------------------- the campaign AI
def ready(ctx: Ctx, lives: int = 4) -> bool:
    """The party is fit to go down to the Treasure Chamber: every character has `lives` or more
    (4, setting out from the Village and again at the Ruins before going down) and the party's
    Strength together reaches the Lord of Darkness's 12 (L6a; C8e: the party's total against
    the guardians')."""
    party = [h for h in ctx.state.party() if h.alive]
    strength = sum(hero_rules.total(ctx.pack, h, "strength") for h in party)
    return bool(party) and all(h.life >= lives for h in party) and strength >= READY_STRENGTH


def _worth(ctx: Ctx, uid: str) -> int:
    card = ctx.pack.card(card_id(uid))
    return (card.strength + card.craft) if isinstance(card, FollowerCard) else 0


def _hurt(ctx: Ctx) -> bool:
    return any(h.life < hero_rules.sheet(ctx.pack, h).life for h in ctx.state.party())


def _helpful(ctx: Ctx, loc: str) -> bool:
    """Worth meeting: the Library always; the Kitchen when somebody is hurt (L5b-1, 4)."""
    return loc == LIBRARY or (loc == KITCHEN and _hurt(ctx))


def ai_choice(ctx: Ctx, decision: Decision) -> str | None:
    """The campaign AI's answers to the Dungeon's own decisions (L5b, L7)."""
    opts = decision.options
    kind = decision.kind
    data = decision.data
    hero = ctx.state.hero(decision.hero) if decision.hero else ctx.state.leader()
    if kind == "dungeon_hunchback":
        return "hunch_meet" if _helpful(ctx, str(data["location"])) else "hunch_pass"
    if kind == "dungeon_passage":
        return "passage_go" if _helpful(ctx, str(data["location"])) else "passage_stay"
    if kind == "dungeon_cell_leave":  # the Follower worth least
        return min(opts, key=lambda o: _worth(ctx, o.split(":", 1)[1]))
    if kind == "dungeon_cell_take":
        takes = [o for o in opts if o.startswith("take:")]
        return max(takes, key=lambda o: _worth(ctx, o.split(":", 1)[1])) if takes else "take_none"
    if kind == "dungeon_torture" and hero is not None:
        if "torture_gold" in opts:
            return "torture_gold"
        strength = hero_rules.total(ctx.pack, hero, "strength")
        craft = hero_rules.total(ctx.pack, hero, "craft")
        return "torture_craft" if strength >= craft else "torture_strength"  # keeps what he fights with
    if kind == "dungeon_amazon":  # the card that is no Enemy first, the Enemy after
        first, second = (ctx.pack.card(str(data[k])) for k in ("card", "thing"))
        return "amazon_swap" if isinstance(first, EnemyCard) and not isinstance(second, EnemyCard) else "amazon_keep"
    if kind == "dungeon_swash":  # an unseen card or an Enemy is passed by
        seen = data.get("card")
        return "swash_meet" if seen and not isinstance(ctx.pack.card(str(seen)), EnemyCard) else "swash_skip"
    if kind == "dungeon_swash_more":  # more cards while the party is fit
        return "swash_more" if all(h.life >= 3 for h in ctx.state.party()) else "swash_none"
    if kind == "dungeon_cloak":  # a row that hurts, fights or costs a turn is rolled again
        row = cloak_row(ctx, str(data["card"]), int(data["face"]), bool(data.get("offer")))
        bad = row.life < 0 or row.strength < 0 or row.craft < 0 or row.lose_turn or row.fight is not None
        return "cloak_reroll" if bad else "cloak_keep"
    if kind == "dungeon_orb":  # an Enemy or an Event to the bottom
        card = ctx.pack.card(str(data["card"]))
        return "orb_bottom" if isinstance(card, (EnemyCard, EventCard)) else "orb_keep"
    return None


def ai_pick(ctx: Ctx, decision: Decision, chance: float) -> str | None:
    """The campaign AI's Dungeon choices: `chance` a number in [0, 1) drawn for this choice. The
    Treasure Chamber is its trove of choice whenever the party is fit for it (L6)."""
    if not in_play(ctx):
        return None
    if decision.kind in DECISIONS:
        return ai_choice(ctx, decision)
    opts = decision.options
    go = f"depart:{STRADDLE}"
    if decision.kind == "village" and go in opts:
        return go if ready(ctx) and chance < GO_CHANCE else None
    enter = f"enter:{REGION}"
    if enter in opts:  # not ready (hurt on the way): home from the Ruins rather than down
        fresh = regions.came_by_road(ctx) or not record(ctx).climbed_out  # by road, or carried here (Trap Door)
        return enter if ready(ctx, lives=ENTER_LIVES) and fresh else "continue" if "continue" in opts else None
    if decision.kind == "stand" and "skip" in opts and passage_open(ctx):
        return "skip"
    return None
