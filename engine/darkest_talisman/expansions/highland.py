"""The Highland (DT section K): its pack (data/talisman/expansions/highland/), registered as the
expansion a campaign names with `expansions:Highland`.

What the groundwork does with no code here (engine/darkest_talisman/expansions/regions.py): the
Highland Region (region.yaml) is entered from the Crags, an Inner Region trove destination that
straddles both, once it is met (K3b-c): the Inner road's cards are discarded, the Highland deck
replaces the core's until the party leaves the Region (K3d, K6j) and the Highland Spells are
shuffled into the Spell deck (K3e); the Highland Path's five spaces roll their own dice, a 1
revealing one of its Special Locations (K5a-b); its last space is the Eyrie, where the Eagle King
(Strength 8, Craft 8) joins the trove's guardians in Guardian Combat (K6g-h); won, the trove is
shared (K6i) and the listed cards join the core deck (K6k).

Here:
- K1, K2, K3f: the Highland trove: besides the two Magic Items drawn by the groundwork, one Relic
  and six Objects drawn blindly from the Highland Trove deck's side piles, and six Gold. A Relic
  that is a Follower (Dreadwing) cannot be equipped by guardians: it waits beside the trove and
  goes to the first character with room for it when the trove is won.
- K6k: the twelve "Adventure Cards for Main Deck" are kept out of the Highland deck from the
  start and shuffled into the core deck once the Eagle King is beaten.
- K5b-3 the Glacier (6d6 against the party's Strength and Craft), K5b-4 the Mountain Pass (a d6
  of cards, then a d6: again, on, or the Lost City), K5b-6 the Ice Bridge (a d6 less Followers,
  each character may leave his Followers first); the Ridgeway, the Ruined Mine, the Waterfall
  and the Lost City are die tables and services in region.yaml.
- K5b-1 the Ridgeway: the Marauders' 1 offers paying all one's Gold beside the fight (with no
  Gold, the fight; ruling `highland_ridgeway`).
- K7, built in play: the Highlander's extra d6 of cards on the Highland's Hills; an Earth
  Elemental or a Roc that beats a character carries the party to the Crags; Dreadwing's doubles
  before a move fly the party to any space of its Region; the Walking Stick's bearer, leading, is
  asked whether the last card laid goes back unseen; the Vagabond takes an Object on his master's
  (or the party's) non-combat 1 and leaves for 2 Gold; the Rock Face bars the way on until
  climbed (6d6), each character losing 1 life or his weakest Follower, as he chooses; the
  Lightning Hammer's +3 and the Rogue's shot in Guardian Combat; the Rogue's 1 Gold from a
  Stranger who sells things; the Magic Portal carries the party into the Highland to the Lost
  City; the Vampiress drains a Follower for a life; the Lightning Bolt leaves an Enemy no die;
  the Ice Sceptre takes 1 off its bearer's Enemy (normal combat); Eyes of the Hawk passes over a
  d6 of the face-down cards on the party's space; the Sage Owl shows the face-down cards; the
  Gong of War summons the nearest face-up Enemy of the road; the Trailblazer's master may pass
  a Place by; the Magpie's (Objects) and the Treasure Hunter's (Objects, Gold) master takes
  what was dropped on this visit; the Eyrie Vanguard's 3 cards are drawn and their Enemies
  fought at once in Guardian Combat (ruling `highland_vanguard`).
- The campaign AI answers each of these, and sets out for the Crags and into the Highland when
  the party is fit for the Eyrie (`eyrie_fit`), twice at most, until the Eagle King is beaten.

Approximated (project rulings): the Icy Path's table (E4a: a d6 slides the party one Road Space
back or on, `highland_icy_path`); the Ice Sceptre not in Guardian Combat; the Sage Owl shows the
cards without turning them (they are still met as fresh); the Rogue's selling cards are the
Strangers with a priced service or an offer for Gold; the Rock Face's Follower is the weakest;
the Climbing Rope (a project card) adds 2 to the party's might on the Glacier and the Rock Face.

The Lost City's Armour and Weapon lines take the card from the Purchase deck, its Relic line the
top Relic (`relic`; the Weapon chosen, and nothing gained without room: ruling
`highland_pass_again`).

The campaign AI casts Eyes of the Hawk when the party heads home or a character is down to 2
lives, with face-down cards still to meet on the space (`ai_free`).
"""
from __future__ import annotations

from typing import Any

from engine.darkest_talisman import cards, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.actions import Cast
from engine.darkest_talisman.content import EnemyCard, FollowerCard, ObjectCard
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks, regions
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.expansions.model import HighlandState
from engine.darkest_talisman.state import Combat, Decision, Hero, Spot, TeleportTask, card_id

ID = "highland"
REGION = "highland_region"
STRADDLE = "crags"
END = "eyrie"
HILLS = "highland_hills"
HIGHLANDER = "highlander"
#: side piles (record.piles): the Relics (K2), the Trove deck's Objects (K1), the 12 cards for
#: the core deck set aside until the Eagle King is beaten (K6k), a Follower Relic in the trove
RELICS = "relics"
OBJECTS = "highland_objects"
MAIN = "highland_main"
RELIC_WAITING = "highland_relic"
#: K3f: the trove's Relic, Objects and Gold (its two Magic Items: region.yaml)
TROVE_RELICS, TROVE_OBJECTS, TROVE_GOLD = 1, 6, 6
#: K5b-3: the Glacier's dice
GLACIER_DICE = 6
#: the Special Locations this module resolves (K5b-3, 4, 6)
GLACIER, PASS, BRIDGE, LOST_CITY = "glacier", "mountain_pass", "ice_bridge", "lost_city"
#: K7: Enemies that carry the party to the Crags when they beat a character
CARRIERS = frozenset({"highland_earth_elemental", "earth_elemental", "roc"})
BRIDGE_DECISION = "highland_bridge"
#: K7: the Relic that may fly the party anywhere in its Region
DREADWING = "dreadwing"
WALKING_STICK, VAGABOND = "walking_stick", "vagabond"
ROCK_FACE = "rock_face"
#: K7 Vampiress: her drain, once a Road Space
VAMPIRESS, DRAIN = "vampiress", "drain"
#: the campaign AI turns back before a Rock Face when the party's might is at most this (6d6
#: under 21 is less likely than not)
ROCK_FACE_HOPELESS = 21
#: K7 Magic Portal: its dice
PORTAL_DICE = 6
#: K7 Lightning Hammer: its Strength in battle and in Guardian Combat
HAMMER, HAMMER_BATTLE, HAMMER_GUARDIAN = "lightning_hammer", 1, 3
#: K7 Rogue: her d6 before Guardian Combat hits on this face or more (project ruling `highland_rogue`)
ROGUE, ROGUE_HIT = "rogue", 4
#: K5b-1 the Ridgeway's Marauders: all his Gold, or fight them
MARAUDERS, PAY_MARAUDERS = "marauders", "pay_marauders"
#: K7 Rock Face: each character's choice when it throws the party back
ROCK_DECISION, ROCK_LIFE, ROCK_FOLLOWER = "highland_rock", "rock_life", "rock_follower"
#: K7 Walking Stick: its bearer's choice on a new Road Space
STICK_DECISION, STICK_DISCARD, STICK_KEEP = "walking_stick", "stick_discard", "stick_keep"
#: K7 Vagabond: his price to go, and the answer that pays it
VAGABOND_PRICE, DISMISS = 2, "dismiss_vagabond"
#: K7 Lightning Bolt, Eyes of the Hawk: their Spell kinds; Ice Sceptre: what it takes off an Enemy
BOLT_KIND, HAWK_KIND = "no_enemy_die", "pass_over"
#: the campaign AI casts Eyes of the Hawk when a character has this many lives or fewer
HAWK_LIVES = 2
SCEPTRE, SCEPTRE_MINUS = "ice_sceptre", 1
#: K7 Eyrie Vanguard: its special, its cards, the Guardian Combat's kind
VANGUARD, VANGUARD_CARDS, VANGUARD_FIGHT = "eyrie_vanguard", 3, "vanguard"
#: the Climbing Rope (a project card of the Highland Objects): what it adds to the party's might
#: on the Glacier and the Rock Face
ROPE, ROPE_MIGHT = "climbing_rope", 2
#: K7 Sage Owl, Gong of War, Icy Path, Trailblazer, Magpie, Treasure Hunter
SAGE_OWL, GONG, ICY_PATH = "sage_owl", "gong_of_war", "icy_path"
TRAILBLAZER, TRAIL_DECISION, TRAIL_PASS, TRAIL_MEET = "trailblazer", "trailblazer", "trail_pass", "trail_meet"
MAGPIE, TREASURE_HUNTER = "magpie", "treasure_hunter"
#: the campaign AI: the party's Strength or Craft together that makes it fit for the Eyrie, and
#: how often a fit party then sets out for the Crags from the Inner Region's village, and how
#: many times at most it goes into the Highland (project)
EYRIE_MIGHT, EYRIE_GO, EYRIE_TRIES = 11, 0.6, 2
#: the Places the campaign AI passes by with a Trailblazer (they only cost or move)
AI_PASSES = frozenset({ROCK_FACE, ICY_PATH, GONG})
#: K7 Icy Path: its d6 (project ruling `highland_icy_path`): this or less slides back, this or more on
ICY_BACK, ICY_ON = 2, 5


def in_play(ctx: Ctx) -> bool:
    return ctx.state.ext is not None and ID in ctx.state.ext.ids


def highland(ctx: Ctx) -> HighlandState:
    record = decks.ext(ctx)
    if record.highland is None:
        record.highland = HighlandState()
    return record.highland


def in_region(ctx: Ctx) -> bool:
    here = regions.stay(ctx) if ctx.state.ext is not None else None
    trip = ctx.state.trip
    return here is not None and here.id == REGION and trip is not None and trip.region == REGION


# ----------------------------------------------------------------------------- set-up (K1, K6k)
def setup(ctx: Ctx) -> None:
    """K6k: the 12 cards for the core deck are not part of the Highland deck: set aside."""
    record = decks.ext(ctx)
    highland(ctx)
    region = expansion_by_id(ID).region
    assert region is not None
    main = set(region.joins_core)
    shelf = record.shelved[ID]
    record.piles[MAIN] = [u for u in shelf.adventure if card_id(u) in main]
    shelf.adventure = [u for u in shelf.adventure if card_id(u) not in main]


# ----------------------------------------------------------------------------- the trove (K3f)
def region_entered(ctx: Ctx, region_id: str) -> None:
    """K3f: one Relic, six Objects and six Gold join the two Magic Items under the Eyrie."""
    if region_id != REGION:
        return
    trip = ctx.state.trip
    assert trip is not None and trip.trove is not None
    record = decks.ext(ctx)
    state = highland(ctx)
    state.pending, state.at, state.lost_at, state.bridge = None, -1, -1, []
    state.entries += 1
    relics = record.piles.get(RELICS, [])
    for _ in range(min(TROVE_RELICS, len(relics))):
        uid = relics.pop()
        if isinstance(ctx.pack.card(card_id(uid)), ObjectCard):
            trip.trove.items.append(uid)
        else:  # a Follower Relic: no guardian takes it; it goes to the winners (K6i)
            record.piles.setdefault(RELIC_WAITING, []).append(uid)
    objects = record.piles.get(OBJECTS, [])
    trip.trove.items += [objects.pop() for _ in range(min(TROVE_OBJECTS, len(objects)))]
    trip.trove.gold += TROVE_GOLD
    ctx.emit("highland_trove", reveals=True, items=len(trip.trove.items), gold=TROVE_GOLD)


def relic(ctx: Ctx, hero: Hero, why: str) -> bool:
    """K5b-4's last line: the top Relic, an Object or a Follower, to the character who rolled it;
    with no room to carry it (A3c) it goes back under the Relics and nothing is gained (project
    ruling `highland_pass_again`)."""
    relics = decks.ext(ctx).piles.get(RELICS) or []
    if not relics:
        return False
    uid = relics[-1]
    if not hero_rules.room_for(ctx.pack, hero, uid):
        relics.insert(0, relics.pop())
        ctx.emit("no_room", hero.uid, thing=card_id(uid), why=why)
        return True
    hero_rules.gain_thing(ctx, hero, relics.pop(), why)
    return True


def region_left(ctx: Ctx, region_id: str) -> None:
    """A Follower Relic not won goes back to the Relics (its trove is discarded, C8e)."""
    if region_id != REGION:
        return
    record = decks.ext(ctx)
    waiting = record.piles.get(RELIC_WAITING) or []
    record.piles.setdefault(RELICS, [])[:0] = waiting
    record.piles[RELIC_WAITING] = []
    state = highland(ctx)
    state.pending, state.at, state.lost_at, state.bridge = None, -1, -1, []


def trove_won(ctx: Ctx) -> None:
    """K6i: a Follower Relic goes to the first character with room for it; K6k: once the Eagle
    King is beaten, the 12 cards for the core deck are shuffled into it."""
    if not in_play(ctx):
        return
    record = decks.ext(ctx)
    state = ctx.state
    waiting = record.piles.get(RELIC_WAITING) or []
    if waiting and in_region(ctx):
        uid = waiting.pop()
        taker = next((h for h in state.party() if hero_rules.room_for(ctx.pack, h, uid)), None)
        if taker is None:
            record.piles.setdefault(RELICS, []).insert(0, uid)
        else:
            taker.followers.append(uid)
            highland(ctx).relics_won += 1
            ctx.emit("relic_won", taker.uid, follower=card_id(uid))
    main = record.piles.get(MAIN) or []
    if ID in record.joined and main:
        core = state.decks.adventure if record.live == decks.CORE else record.shelved[decks.CORE].adventure
        core += main
        record.piles[MAIN] = []
        state.rng.shuffle(core)
        ctx.emit("highland_main_joined", n=len(main))


# ----------------------------------------------------------------------------- the Highland Path (K5b, K7)
def dealt(ctx: Ctx, uids: list[str], faces: list[int]) -> None:
    """A new Road Space of the Highland Path: its Special Location waits to be resolved (K5b);
    the Lost City the Mountain Pass promised is here (K5b-4); the Highlander's extra cards on the
    Hills (K7)."""
    if not in_play(ctx):
        return
    walking_stick(ctx, uids)
    if not in_region(ctx):
        return
    state = ctx.state
    trip = state.trip
    assert trip is not None
    k = trip.position
    space = trip.road[k]
    hl = highland(ctx)
    if hl.lost_at == k:
        hl.lost_at = -1
        space.special = LOST_CITY
        hl.lost_city += 1
        ctx.emit("special_location", reveals=True, location=LOST_CITY, space=k)
    if space.special in (GLACIER, PASS, BRIDGE):
        hl.pending, hl.at = space.special, k
    if space.location == HILLS and not space.special:
        highlander = next((h for h in state.party() if h.card == HIGHLANDER), None)
        if highlander is not None:
            extra = ctx.d6("highlander", highlander.uid)
            drawn = _lay(ctx, extra)
            ctx.emit("highlander_cards", highlander.uid, cards=drawn)


def walking_stick(ctx: Ctx, uids: list[str]) -> None:
    """K7 Walking Stick: its bearer, first in the Marching Order, may discard the last card laid
    on the Draw Spots before they are met: he is asked (`work`) before the first is turned over."""
    state = ctx.state
    trip = state.trip
    leader = state.leader()
    if not uids or trip is None or leader is None or not any(card_id(o) == WALKING_STICK for o in leader.objects):
        return
    last = next((s for s in reversed(trip.spots) if s.card == uids[-1] and not s.met), None)
    if last is not None:
        highland(ctx).stick = last.seq


def _stick_spot(ctx: Ctx) -> Spot | None:
    """The Draw Spot the Walking Stick's bearer may still send back (unmet, its card face down)."""
    state = ctx.state
    trip = state.trip
    hl = highland(ctx)
    leader = state.leader()
    if hl.stick < 0 or trip is None or state.mode != "road" or leader is None \
            or not any(card_id(o) == WALKING_STICK for o in leader.objects):
        return None
    return next((s for s in trip.spots if s.seq == hl.stick and s.card is not None and not s.met), None)


def use_stick(ctx: Ctx) -> None:
    spot = _stick_spot(ctx)
    trip = ctx.state.trip
    leader = ctx.state.leader()
    highland(ctx).stick = -1
    if spot is None or trip is None or leader is None or spot.card is None:
        return
    trip.spots.remove(spot)
    cards.discard(ctx, spot.card)
    ctx.emit("walking_stick", leader.uid, card=card_id(spot.card))


def rolled(ctx: Ctx, faces: list[int]) -> None:
    """K7 Vagabond: a 1 his master rolls for any reason but combat costs him an Object; a roll
    the whole party makes (the day's dice, a Special Location's) counts as his too (project
    ruling `highland_vagabond`). The roll's owner is the roll event just reported."""
    state = ctx.state
    if not in_play(ctx) or state.fight is not None or (state.tasks and state.tasks[-1].task == "combat"):
        return
    last = ctx.events[-1] if ctx.events else None
    if last is None or not last.kind.endswith(".roll") or last.data.get("why") in ("attack", "enemy_attack"):
        return
    for hero in state.party():
        if last.data.get("hero") not in (None, hero.uid):
            continue
        if any(card_id(f) == VAGABOND for f in hero.followers):
            thing = next((o for o in hero.objects if ctx.pack.card(card_id(o)).type == "object"), None)
            if thing is not None:
                hero_rules.give_up(ctx, hero, thing)
                cards.discard(ctx, thing)
                ctx.emit("vagabond_took", hero.uid, thing=card_id(thing))


def vagabond_master(ctx: Ctx) -> Hero | None:
    """K7 Vagabond: a master of his who can pay him his 2 Gold to go."""
    from engine.darkest_talisman import effects

    return next((h for h in ctx.state.party() if any(card_id(f) == VAGABOND for f in h.followers)
                 and effects.purse(ctx, h) >= VAGABOND_PRICE), None)


def dismiss_vagabond(ctx: Ctx) -> None:
    from engine.darkest_talisman import effects

    hero = vagabond_master(ctx)
    if hero is None:
        return
    uid = next(f for f in hero.followers if card_id(f) == VAGABOND)
    effects.pay(ctx, hero, VAGABOND_PRICE)
    hero_rules.give_up(ctx, hero, uid)
    cards.discard(ctx, uid)
    ctx.emit("vagabond_paid", hero.uid, gold=VAGABOND_PRICE)


def _lay(ctx: Ctx, n: int) -> int:
    """Lay up to `n` cards of the live deck on this space's Draw Spots (twelve at most, A1b)."""
    trip = ctx.state.trip
    assert trip is not None
    drawn = 0
    for _ in range(min(n, ctx.pack.rules.draw_spots.value - len(trip.spots))):
        uid = cards.draw_adventure(ctx)
        if uid is None:
            break
        trip.spots.append(Spot(seq=ctx.state.new_seq(), card=uid))
        drawn += 1
    return drawn


def party_might(ctx: Ctx) -> int:
    """K5b-3, K7 Rock Face: the party's Strength and Craft added together (Objects and
    Followers counted), and 2 for each Climbing Rope it carries (a project card)."""
    ropes = sum(1 for h in ctx.state.party() for o in h.objects if card_id(o) == ROPE)
    return ropes * ROPE_MIGHT + sum(hero_rules.total(ctx.pack, h, "strength") + hero_rules.total(ctx.pack, h, "craft")
                                    for h in ctx.state.party())


def glacier(ctx: Ctx) -> None:
    """K5b-3: 6d6 against the party's might: higher, back to the Crags; lower, on to the next
    Road Space; equal, the party stays (project ruling `highland_glacier_tie`)."""
    trip = ctx.state.trip
    assert trip is not None
    hl = highland(ctx)
    hl.pending = None
    hl.glaciers += 1
    score = sum(ctx.dice(GLACIER_DICE, "glacier"))
    might = party_might(ctx)
    if score > might:
        ctx.emit("glacier_slide", score=score, might=might)
        regions.out_to_straddle(ctx)
    elif score < might:
        ctx.emit("glacier_crossed", score=score, might=might)
        ctx.state.tasks.append(TeleportTask(target=f"road:{trip.position + 1}"))
    else:
        ctx.emit("glacier_held", score=score, might=might)


def mountain_pass(ctx: Ctx) -> None:
    """K5b-4, once the space's last card is met: 1-3 no way across (a d6 of cards more, then
    roll again: project ruling `highland_pass_again`); 4-5 on to the next Road Space; 6 on to
    the Lost City, met as the next Road Space."""
    trip = ctx.state.trip
    assert trip is not None
    hl = highland(ctx)
    face = ctx.d6("mountain_pass")
    nxt = trip.position + 1
    if face <= 3:
        drawn = _lay(ctx, ctx.d6("mountain_pass_cards"))
        ctx.emit("pass_blocked", face=face, cards=drawn)
        if drawn:
            return  # rolled again once these are met
    hl.pending = None
    hl.passes += 1
    if face == 6 and nxt < len(trip.road) - 1 and not trip.road[nxt].visited:
        hl.lost_at = nxt
    ctx.emit("pass_crossed", face=face, lost_city=hl.lost_at == nxt)
    ctx.state.tasks.append(TeleportTask(target=f"road:{nxt}"))


def cross_bridge(ctx: Ctx, hero: Hero) -> None:
    """K5b-6: a d6 less the character's Followers; 0 or less, the bridge gives way."""
    hl = highland(ctx)
    face = ctx.d6("ice_bridge", hero.uid)
    score = face - len(hero.followers)
    if score <= 0:
        ctx.emit("bridge_broke", hero.uid, face=face, followers=len(hero.followers))
        hl.bridge_deaths += 1
        hero_rules.kill(ctx, hero, "ice_bridge")
    else:
        ctx.emit("bridge_crossed", hero.uid, face=face, followers=len(hero.followers))


def leave_followers(ctx: Ctx, hero: Hero) -> None:
    """K5b-6: the character abandons his Followers before he rolls."""
    for uid in list(hero.followers):
        hero_rules.give_up(ctx, hero, uid)
        cards.discard(ctx, uid)
    ctx.emit("followers_left", hero.uid)


# ----------------------------------------------------------------------------- hooks
def departures(ctx: Ctx, region_trove: list[str]) -> list[str]:
    """K3b: the party may choose to travel the Inner Region Road to the Crags (a trove
    destination otherwise picked at random, C3b-b), the way to the Highland."""
    return [f"depart:{STRADDLE}"] if STRADDLE in region_trove else []


def injured(ctx: Ctx, hero: Hero, enemy: str) -> None:
    """K7: an Earth Elemental or a Roc that beats a character carries the party to the Crags."""
    if in_play(ctx) and card_id(enemy) in CARRIERS:
        highland(ctx).to_crags = True


def work(ctx: Ctx) -> bool:
    """What the Highland must resolve before anything else: the party carried to the Crags, the
    Ice Bridge's crossers, a Special Location of the Highland Path."""
    if not in_play(ctx):
        return False
    state = ctx.state
    hl = highland(ctx)
    if state.decision is not None:
        return False
    trip = state.trip
    if hl.to_crags:
        hl.to_crags = False
        if state.mode != "road" or trip is None or state.status != "active":
            return False
        state.tasks = [t for t in state.tasks if t.task not in travel.ROAD_TASKS]
        from engine.darkest_talisman import guardians

        guardians.dissolve(ctx)
        ctx.emit("carried_to_crags")
        if in_region(ctx):
            regions.out_to_straddle(ctx)
        else:
            travel.teleport(ctx, STRADDLE)
        return True
    if hl.portal:
        hl.portal = False
        if state.mode != "road" or trip is None or state.status != "active" or decks.ext(ctx).region is not None:
            return False
        state.tasks = [t for t in state.tasks if t.task not in travel.ROAD_TASKS]
        from engine.darkest_talisman import guardians

        guardians.dissolve(ctx)
        through_portal(ctx)
        return True
    if hl.bolted and not any(t.task == "combat" for t in state.tasks):
        hl.bolted = []  # K7 Lightning Bolt: its combat is over
    fight = state.fight
    if fight is not None and fight.kind == VANGUARD_FIGHT and fight.stage == "ready" and not state.tasks:
        vanguard_decision(ctx)  # K7 Eyrie Vanguard: its Guardian Combat, (re)started or left
        return True
    if state.tasks or state.fight is not None:
        return False
    if hl.rock:  # K7 Rock Face: a life or a Follower, each character's choice
        hero = state.hero(hl.rock[0])
        follower = rock_follower(ctx, hero)
        if not hero.alive or state.status != "active" or follower is None:
            hl.rock.pop(0)
            if hero.alive and follower is None:
                answer_rock(ctx, hero, ROCK_LIFE)
            return True
        state.decision = Decision(kind=ROCK_DECISION, hero=hero.uid, options=[ROCK_LIFE, ROCK_FOLLOWER],
                                  data={"follower": card_id(follower), "life": hero.life})
        return True
    if hl.stick >= 0:  # K7 Walking Stick: before the first card is turned over
        spot = _stick_spot(ctx)
        leader = state.leader()
        if spot is None or leader is None or trip is None or any(s.met for s in trip.spots):
            hl.stick = -1
            return False
        unmet = sum(1 for s in trip.spots if s.card is not None and not s.met)
        state.decision = Decision(kind=STICK_DECISION, hero=leader.uid, options=[STICK_DISCARD, STICK_KEEP],
                                  data={"cards": unmet})
        return True
    if hl.bridge:
        hero = state.hero(hl.bridge[0])
        if not hero.alive or state.status != "active":
            hl.bridge.pop(0)
        elif hero.followers:
            state.decision = Decision(kind=BRIDGE_DECISION, hero=hero.uid, options=["bridge_cross", "bridge_leave"],
                                      data={"followers": len(hero.followers)})
        else:
            hl.bridge.pop(0)
            cross_bridge(ctx, hero)
        return True
    if hl.pending is None:
        return False
    if state.mode != "road" or trip is None or not in_region(ctx) or trip.position != hl.at:
        hl.pending = None  # the party is elsewhere now
        return False
    if not trip.location_met:
        return False
    if hl.pending == GLACIER:
        glacier(ctx)
    elif hl.pending == BRIDGE:
        hl.pending = None
        hl.bridges += 1
        hl.bridge = list(state.order)
    elif all(s.met or s.card is None for s in trip.spots):
        mountain_pass(ctx)
    else:
        return False
    return True


def dreadwing(ctx: Ctx, decision: Decision, option: str) -> bool:
    """K7 Dreadwing (a Relic): before the party moves on to a new Road Space of a Region, its
    master rolls 2d6; doubles, the party may fly to any space of the Region (the core's teleport
    choice, C4c). True: the flight is offered instead of the move."""
    state = ctx.state
    trip = state.trip
    if decision.kind != "stand" or option != "continue" or trip is None or trip.heading != "out":
        return False
    if travel.is_destination(trip, trip.position) or not regions.is_expansion_region(ctx, trip.region):
        return False
    rider = next((h for h in state.party() if any(card_id(f) == DREADWING for f in h.followers)), None)
    if rider is None:
        return False
    first, second = ctx.dice(2, "dreadwing", rider.uid)
    if first != second:
        return False
    ctx.emit("dreadwing_flies", rider.uid)
    state.decision = None
    state.tasks.append(TeleportTask(target="any", hero=rider.uid))
    return True


def rock_face(ctx: Ctx, decision: Decision, option: str) -> bool:
    """K7 Rock Face: a Rock Face on the space bars the way on until the party climbs it: 6d6 under
    the party's Strength and Craft together, it climbs; otherwise each character loses 1 life or
    1 Follower (his choice, asked in Marching Order; without a Follower, the life) and the party
    stays. True: the party stays."""
    state = ctx.state
    trip = state.trip
    if decision.kind != "stand" or option != "continue" or trip is None or trip.heading != "out":
        return False
    hl = highland(ctx)
    face = next((s.card for s in trip.spots if s.card and card_id(s.card) == ROCK_FACE and s.card not in hl.climbed), None)
    if face is None:
        return False
    score = sum(ctx.dice(GLACIER_DICE, "rock_face"))
    might = party_might(ctx)
    if score < might:
        hl.climbed.append(face)
        ctx.emit("rock_face_climbed", score=score, might=might)
        return False
    ctx.emit("rock_face_failed", score=score, might=might)
    hl.rock = []
    for hero in state.party():
        if hero.followers:
            hl.rock.append(hero.uid)
        elif hero_rules.lose_life(ctx, hero, 1, "rock_face"):
            hero_rules.kill(ctx, hero, "rock_face")
    state.decision = None
    return True


def rock_follower(ctx: Ctx, hero: Hero) -> str | None:
    """K7 Rock Face: the Follower a character would give up (his weakest: project)."""
    def might(uid: str) -> int:
        card = hero_rules.follower(ctx.pack, uid)
        return card.strength + card.craft

    return min(hero.followers, key=might) if hero.followers else None


def answer_rock(ctx: Ctx, hero: Hero, option: str) -> None:
    highland(ctx).rock = [u for u in highland(ctx).rock if u != hero.uid]
    uid = rock_follower(ctx, hero)
    if option == ROCK_FOLLOWER and uid is not None:
        hero_rules.give_up(ctx, hero, uid)
        cards.discard(ctx, uid)
        ctx.emit("follower_lost", hero.uid, follower=card_id(uid), why="rock_face")
    elif hero_rules.lose_life(ctx, hero, 1, "rock_face"):
        hero_rules.kill(ctx, hero, "rock_face")


def _drain_target(ctx: Ctx, vampiress: Hero) -> tuple[Hero, str] | None:
    """K7 Vampiress: the Follower she would drain: the weakest of another character's, else of
    her own (project)."""
    def might(uid: str) -> int:
        card = hero_rules.follower(ctx.pack, uid)
        return card.strength + card.craft

    others = [(h, f) for h in ctx.state.party() if h.uid != vampiress.uid for f in h.followers]
    pool = others or [(vampiress, f) for f in vampiress.followers]
    return min(pool, key=lambda pair: might(pair[1])) if pool else None


def drainer(ctx: Ctx) -> Hero | None:
    """K7 Vampiress: she may drain a Follower once a Road Space, when it would heal her."""
    state = ctx.state
    if state.mode != "road" or state.trip is None:
        return None
    vamp = next((h for h in state.party() if h.card == VAMPIRESS), None)
    if vamp is None or DRAIN in vamp.used or vamp.life >= hero_rules.sheet(ctx.pack, vamp).life:
        return None
    return vamp if _drain_target(ctx, vamp) is not None else None


def more_options(ctx: Ctx, decision: Decision) -> None:
    """K7 Vampiress: standing on a Road Space, she may drain a Follower of the party; K7
    Vagabond: his master may pay him 2 Gold to go; K5b-1: the Ridgeway's Marauders may be paid
    all one's Gold instead of fought."""
    if not in_play(ctx):
        return
    if decision.kind == "stand" and drainer(ctx) is not None and DRAIN not in decision.options:
        decision.options.append(DRAIN)
    master = vagabond_master(ctx) if decision.kind == "stand" else None
    if master is not None and DISMISS not in decision.options:
        decision.options.append(DISMISS)
        decision.data.setdefault("labels", {})[DISMISS] = {"hero": master.uid, "gold": VAGABOND_PRICE}
    if decision.kind == "enemy" and PAY_MARAUDERS not in decision.options:
        task = ctx.state.tasks[-1] if ctx.state.tasks else None
        if isinstance(task, Combat) and task.enemy == MARAUDERS and task.stage == "choose":
            hero = ctx.state.hero(task.hero)
            if hero.gold > 0:
                decision.options.append(PAY_MARAUDERS)
                decision.data.setdefault("labels", {})[PAY_MARAUDERS] = {"gold": hero.gold}


def pay_marauders(ctx: Ctx) -> None:
    """K5b-1: the Marauders take all the character's Gold (his Bags of Gold are Objects and stay:
    project ruling `highland_ridgeway`) and let him by."""
    from engine.darkest_talisman import combat

    task = ctx.state.tasks[-1]
    assert isinstance(task, Combat)
    hero = ctx.state.hero(task.hero)
    gold, hero.gold = hero.gold, 0
    task.result = "paid"
    ctx.emit("ransom_paid", hero.uid, gold=gold, why=MARAUDERS)
    combat.finish(ctx, task)


def drain(ctx: Ctx) -> None:
    vamp = drainer(ctx)
    if vamp is None:
        return
    found = _drain_target(ctx, vamp)
    assert found is not None
    owner, uid = found
    vamp.used.append(DRAIN)
    hero_rules.give_up(ctx, owner, uid)
    cards.discard(ctx, uid)
    ctx.emit("drained", vamp.uid, follower=card_id(uid))
    hero_rules.heal(ctx, vamp, 1, "drain")


def answer(ctx: Ctx, decision: Decision, option: str) -> bool:
    if not in_play(ctx):
        return False
    if decision.kind == "stand" and option == DRAIN:
        ctx.state.decision = None
        drain(ctx)
        return True
    if decision.kind == "stand" and option == DISMISS:
        ctx.state.decision = None
        dismiss_vagabond(ctx)
        return True
    if decision.kind == "guardians" and option == "turn_back" and ctx.state.fight is not None \
            and ctx.state.fight.kind == VANGUARD_FIGHT:
        from engine.darkest_talisman import guardians

        guardians.dissolve(ctx)  # the Vanguard left behind: its Enemies go to the discard pile
        travel.turn_back(ctx)
        return True
    if decision.kind == "enemy" and option == PAY_MARAUDERS:
        pay_marauders(ctx)
        return True
    if decision.kind == ROCK_DECISION and option in decision.options:
        ctx.state.decision = None
        answer_rock(ctx, ctx.state.hero(str(decision.hero)), option)
        return True
    if decision.kind == STICK_DECISION and option in decision.options:
        ctx.state.decision = None
        if option == STICK_DISCARD:
            use_stick(ctx)
        highland(ctx).stick = -1
        return True
    if decision.kind == TRAIL_DECISION and option in decision.options:
        ctx.state.decision = None
        answer_trail(ctx, option)
        return True
    if rock_face(ctx, decision, option):
        return True
    if dreadwing(ctx, decision, option):
        return True
    if decision.kind != BRIDGE_DECISION or option not in decision.options:
        return False
    state = ctx.state
    hl = highland(ctx)
    hero = state.hero(str(decision.hero))
    state.decision = None
    if hl.bridge and hl.bridge[0] == hero.uid:
        hl.bridge.pop(0)
    if option == "bridge_leave":
        leave_followers(ctx, hero)
    cross_bridge(ctx, hero)
    return True


def eyrie_fit(ctx: Ctx) -> bool:
    """The campaign AI: the party looks able to face the Eagle King (Strength 8, Craft 8) and his
    guardians: everybody with 3 lives or more, and its Strength or its Craft together at least
    `EYRIE_MIGHT` (project)."""
    party = ctx.state.party()
    if not party or any(h.life < 3 for h in party):
        return False
    strength = sum(hero_rules.total(ctx.pack, h, "strength") for h in party)
    craft = sum(hero_rules.total(ctx.pack, h, "craft") for h in party)
    return max(strength, craft) >= EYRIE_MIGHT


def ai_pick(ctx: Ctx, decision: Decision, chance: float) -> str | None:
    """The campaign AI's answers to the Highland's decisions (project):
    - the Ice Bridge: a Follower makes the fall 1 in 6 likelier; with two or more it leaves them
      behind, with one it risks it half the time;
    - the Rock Face: a Follower rather than a life when lives run short or the Follower is weak;
    - the Walking Stick: the unseen last card is sent back when the party is worn or many cards lie;
    - the Trailblazer: the Places that only cost or move (Rock Face, Icy Path, Gong) are passed by;
    - the Marauders: paid when the Gold is little or the fight (Strength 6) looks bad;
    - the Vagabond: paid off as soon as his master can;
    - the Eyrie Vanguard: fought unless the round's forecast says a character may die;
    - the Highland: toward the Crags and in when the party is fit for the Eyrie (`eyrie_fit`),
      until the Eagle King is beaten once."""
    if not in_play(ctx):
        return None
    state = ctx.state
    if decision.kind == BRIDGE_DECISION:
        n = int(decision.data.get("followers", 0))
        return "bridge_leave" if n >= 2 or chance < 0.5 else "bridge_cross"
    if decision.kind == ROCK_DECISION:
        hero = state.hero(str(decision.hero))
        uid = rock_follower(ctx, hero)
        card = hero_rules.follower(ctx.pack, uid) if uid is not None else None
        strong = card is not None and card.strength + card.craft >= 2
        return ROCK_LIFE if hero.life >= 4 and strong else ROCK_FOLLOWER
    if decision.kind == STICK_DECISION:
        worn = any(h.life <= 3 for h in state.party())
        return STICK_DISCARD if worn or int(decision.data.get("cards", 0)) >= 3 else STICK_KEEP
    if decision.kind == TRAIL_DECISION:
        return TRAIL_PASS if str(decision.data.get("card")) in AI_PASSES else TRAIL_MEET
    if decision.kind == "enemy" and PAY_MARAUDERS in decision.options:
        hero = state.hero(str(decision.hero))
        gold = int(decision.data.get("labels", {}).get(PAY_MARAUDERS, {}).get("gold", 0))
        weak = hero_rules.total(ctx.pack, hero, "strength") < (ctx.pack.foe(MARAUDERS).strength or 0) or hero.life <= 2
        return PAY_MARAUDERS if gold <= 2 or weak else None
    if decision.kind == "stand" and DISMISS in decision.options:
        return DISMISS
    fight = state.fight
    if decision.kind == "guardians" and fight is not None and fight.kind == VANGUARD_FIGHT:
        # turning back ends the climb: the Vanguard is fought unless the round may kill
        ahead = (decision.data.get("forecast") or [None])[0]
        deadly = ahead is None or any(h.get("dies") != "no" for h in (ahead.get("heroes") or {}).values())
        return "turn_back" if deadly and "turn_back" in decision.options else "fight"
    party = state.party()
    trip = state.trip
    vamp = drainer(ctx) if decision.kind == "stand" and DRAIN in decision.options else None
    if vamp is not None and vamp.life <= 2:
        return DRAIN
    if decision.kind == "stand" and "turn_back" in decision.options and trip is not None:
        climbed = highland(ctx).climbed
        if any(sp.card and card_id(sp.card) == ROCK_FACE and sp.card not in climbed for sp in trip.spots) \
                and party_might(ctx) <= ROCK_FACE_HOPELESS:
            return "turn_back"  # 6d6 under the party's might is unlikely: the Rock Face would bleed it
    beaten = ID in decks.ext(ctx).joined or highland(ctx).entries >= EYRIE_TRIES
    if decision.kind == "village" and f"depart:{STRADDLE}" in decision.options and party and not beaten:
        # K3b: toward the Crags and the Highland beyond, with purpose when the party is fit
        if eyrie_fit(ctx) and chance < EYRIE_GO:
            return f"depart:{STRADDLE}"
    enter = f"enter:{REGION}"
    if enter in decision.options and not beaten and eyrie_fit(ctx) and regions.came_by_road(ctx):
        return enter  # K3c: the party came to the Crags for the Highland
    return None


def guardian_combat_begins(ctx: Ctx) -> None:
    """K7 Lightning Hammer: +3 Strength in Guardian Combat instead of its +1; K7 Rogue: before
    Guardian Combat she rolls a d6 and shoots like a bow, for no Gold: a 4-6 does a bow's 1
    damage to the strongest Enemy (project ruling `highland_rogue`)."""
    from engine.darkest_talisman import guardians

    if not in_play(ctx):
        return
    fight = ctx.state.live_fight()
    for hero in ctx.state.party():
        if any(card_id(o) == HAMMER for o in hero.objects):
            key = f"{hero.uid}:strength"
            fight.hero_bonus[key] = fight.hero_bonus.get(key, 0) + HAMMER_GUARDIAN - HAMMER_BATTLE
        if hero.card == ROGUE:
            alive = guardians.living(fight)
            if not alive:
                continue
            target = max(alive, key=lambda g: (g.strength - g.damage_strength, g.craft - g.damage_craft))
            face = ctx.d6("rogue", hero.uid)
            if face >= ROGUE_HIT:
                if guardians.fought_by(target) == "strength":
                    target.damage_strength += 1
                else:
                    target.damage_craft += 1
                ctx.emit("guardian_shot", hero.uid, enemy=target.of, amount=1)


def event(ctx: Ctx, special: str, seq: int) -> None:
    """K7 Magic Portal: 6d6 against the party's Craft added together: at most that, the portal is
    avoided; higher, the party is carried into the Highland and meets the Lost City on the Canyon,
    the Road Space before the Eyrie (project ruling `highland_portal`)."""
    if special == VANGUARD and in_play(ctx):
        vanguard(ctx, seq)
        return
    if special != "magic_portal" or not in_play(ctx):
        return
    state = ctx.state
    craft = sum(hero_rules.total(ctx.pack, h, "craft") for h in state.party())
    score = sum(ctx.dice(PORTAL_DICE, "magic_portal"))
    record = decks.ext(ctx)
    if score <= craft or state.mode != "road" or record.region is not None or REGION in record.regions_done:
        ctx.emit("portal_avoided", score=score, craft=craft)
        return
    ctx.emit("portal_taken", score=score, craft=craft)
    highland(ctx).portal = True


def through_portal(ctx: Ctx) -> None:
    """K7 Magic Portal: the party is carried through the Crags into the Highland (the Crags'
    trove and the core road's cards discarded) and on to the Lost City."""
    state = ctx.state
    hl = highland(ctx)
    travel.teleport(ctx, STRADDLE)
    if state.trip is None or state.mode != "road" or state.trip.destination != STRADDLE:
        return
    travel.discard_road(ctx)
    regions.enter(ctx, REGION)
    new = state.trip
    assert new is not None
    hl.lost_at = len(new.road) - 2
    state.tasks = [t for t in state.tasks if t.task not in travel.ROAD_TASKS]
    state.decision = None
    travel.teleport(ctx, f"road:{hl.lost_at}")


# ----------------------------------------------------------------------------- K7: Spells and Magic Objects in combat
def _bolt_key(task: Combat) -> str:
    return f"{task.hero}|{task.enemy}|{task.seq}"


def combat_spell_fits(ctx: Ctx, task: Combat, hero: Hero, kind: str) -> bool:
    """K7 Lightning Bolt: cast on the Enemy of a normal combat (not one an ally fights alone),
    once a combat."""
    return in_play(ctx) and kind == BOLT_KIND and not task.ally and _bolt_key(task) not in highland(ctx).bolted


def combat_cast(ctx: Ctx, task: Combat, hero: Hero, kind: str) -> None:
    if kind == BOLT_KIND and in_play(ctx):
        highland(ctx).bolted.append(_bolt_key(task))
        ctx.emit("lightning_bolt", hero.uid, enemy=card_id(task.enemy))


def enemy_stilled(ctx: Ctx, task: Combat, hero: Hero) -> bool:
    """K7 Lightning Bolt: the Enemy it struck rolls no die in this battle or psychic combat."""
    return in_play(ctx) and _bolt_key(task) in highland(ctx).bolted


def enemy_modifier(ctx: Ctx, score: int) -> int:
    """K7 Ice Sceptre: its bearer's Enemy has 1 Strength or Craft less in a normal combat (its
    attack score, never below 0; not in Guardian Combat: project ruling `highland_ice_sceptre`)."""
    if not in_play(ctx) or not ctx.state.tasks:
        return score
    task = ctx.state.tasks[-1]
    if not isinstance(task, Combat) or task.ally:
        return score
    hero = ctx.state.hero(task.hero)
    if any(card_id(o) == SCEPTRE for o in hero.objects):
        return max(0, score - SCEPTRE_MINUS)
    return score


# ----------------------------------------------------------------------------- K7: Eyes of the Hawk
def _face_down(ctx: Ctx) -> list[Spot]:
    trip = ctx.state.trip
    if trip is None:
        return []
    return [s for s in trip.spots if s.card is not None and not s.met and not s.revealed]


def casts(ctx: Ctx, hero: Hero, uid: str, kind: str, on_road: bool) -> list[Cast]:
    """K7 Eyes of the Hawk: cast on a Road Space with face-down cards still to meet (between two
    cards, nothing else under way)."""
    if kind != HAWK_KIND or not on_road or not in_play(ctx) or ctx.state.tasks or not _face_down(ctx):
        return []
    return [Cast(hero=hero.uid, spell=uid)]


def resolve(ctx: Ctx, hero: Hero, kind: str, action: Any) -> None:
    """K7 Eyes of the Hawk: a d6; that many of the face-down cards on the party's space, in the
    order they would be met, are passed over: they stay on the space, unmet, for the way back."""
    if kind != HAWK_KIND:
        return
    face = ctx.d6("eyes_of_the_hawk", hero.uid)
    passed = _face_down(ctx)[:face]
    for spot in passed:
        spot.met = True
    ctx.emit("hawk_passed", hero.uid, face=face, n=len(passed))


def ai_free(ctx: Ctx, acts: list[Any]) -> Cast | None:
    """The campaign AI casts Eyes of the Hawk (K7) when passing cards over helps: between two
    cards, with face-down cards still to meet, and the party heading home (passed over, they are
    never met) or a character down to 2 lives or fewer (an unknown card may kill him)."""
    state = ctx.state
    trip = state.trip
    if not in_play(ctx) or state.decision is None or state.decision.kind not in ("after_card", "stand") or trip is None:
        return None
    hurt = any(h.life <= HAWK_LIVES for h in state.party() if h.alive)
    if not (trip.heading == "home" or hurt) or not _face_down(ctx):
        return None
    return next((a for a in acts if isinstance(a, Cast) and a.target is None
                 and ctx.pack.spell(card_id(a.spell)).kind == HAWK_KIND), None)


# ----------------------------------------------------------------------------- K7: Strangers and Places
def _meeting_key(task: Any, hero: Hero) -> str:
    return f"{task.card}|{task.seq}|{hero.uid}"


def stranger(ctx: Ctx, hero: Hero, task: Any) -> bool:
    """K7 Sage Owl: every card on the party's Draw Spots is shown (their faces, for the party to
    weigh the way on; they are still met as usual). K7 Rogue: a Stranger who sells things gives
    her 1 Gold when she meets him. Never holds the meeting."""
    if not in_play(ctx):
        return False
    card = ctx.pack.card(card_id(task.card))
    hl = highland(ctx)
    if card.id == SAGE_OWL and hl.asked != f"{task.card}|{task.seq}":
        hl.asked = f"{task.card}|{task.seq}"
        trip = ctx.state.trip
        hidden = [s.card for s in trip.spots if s.card is not None and not s.revealed] if trip is not None else []
        ctx.emit("sage_owl", reveals=True, cards=[card_id(u) for u in hidden if u is not None])
    if hero.card == ROGUE and sells(ctx, task.card):
        hero.gold += 1
        ctx.emit("rogue_gold", hero.uid, card=card.id, gold=1)
    return False


def sells(ctx: Ctx, uid: str) -> bool:
    """K7 Rogue: an Adventure card that sells things: a service with a price, or an offer for Gold."""
    card = ctx.pack.card(card_id(uid))
    services = getattr(card, "services", None) or []
    effect = getattr(card, "effect", None)
    priced = any(getattr(sv, "price", 0) for sv in services)
    return priced or bool(effect is not None and effect.offer is not None and effect.offer.gold > 0)


def place(ctx: Ctx, hero: Hero, task: Any) -> bool:
    """K7 Trailblazer: his master may pass a Place by instead of meeting it (asked once a
    meeting); K7 Icy Path (E4a): the first to meet it rolls a d6 for the party: 1-2 it slides
    back one Road Space, 5-6 on one, met as usual (project ruling `highland_icy_path`)."""
    if not in_play(ctx):
        return False
    state = ctx.state
    hl = highland(ctx)
    key = _meeting_key(task, hero)
    if any(card_id(f) == TRAILBLAZER for f in hero.followers):
        if hl.asked == f"{key}|{TRAIL_MEET}":
            hl.asked = None  # asked, and he meets it
        else:  # asked now (or again, the campaign having settled anew before the answer)
            hl.asked = key
            task.index -= 1
            state.decision = Decision(kind=TRAIL_DECISION, hero=hero.uid, options=[TRAIL_PASS, TRAIL_MEET],
                                      data={"card": card_id(task.card)})
            return True
    if card_id(task.card) == ICY_PATH:
        return icy_path(ctx, task)
    return False


def answer_trail(ctx: Ctx, option: str) -> None:
    """K7 Trailblazer: passing the Place by, his master is done with it."""
    task = ctx.state.tasks[-1] if ctx.state.tasks else None
    hl = highland(ctx)
    if option == TRAIL_MEET:
        hl.asked = f"{hl.asked}|{TRAIL_MEET}"
    elif task is not None and task.task == "card":
        task.index += 1
        hero = str(hl.asked or "").rsplit("|", 1)[-1]
        hl.asked = None
        ctx.emit("trail_passed", hero or None, card=card_id(task.card))


def icy_path(ctx: Ctx, task: Any) -> bool:
    state = ctx.state
    trip = state.trip
    if trip is None:
        return False
    task.index = len(task.heroes)  # the party moves together: one roll for it
    face = ctx.d6("icy_path")
    k = trip.position
    if face <= ICY_BACK and k > 0:
        ctx.emit("icy_path_slide", face=face, space=k - 1)
        state.tasks.append(TeleportTask(target=f"road:{k - 1}"))
    elif face >= ICY_ON and k + 1 < len(trip.road):
        ctx.emit("icy_path_slide", face=face, space=k + 1)
        state.tasks.append(TeleportTask(target=f"road:{k + 1}"))
    else:
        ctx.emit("icy_path_held", face=face)
    return True


def placed_elsewhere(ctx: Ctx, spot: Spot) -> bool:
    """K7 Gong of War: turned over, it summons the nearest face-up Enemy lying on another space
    of the road to this one, met after it; with none, nothing answers (project ruling
    `highland_gong`). The Gong itself is then met (it does nothing more and crumbles)."""
    if not in_play(ctx) or spot.card is None or card_id(spot.card) != GONG:
        return False
    state = ctx.state
    trip = state.trip
    if trip is None:
        return False
    here = trip.position
    for k in sorted((k for k in range(len(trip.road)) if k != here), key=lambda k: (abs(k - here), k)):
        space = trip.road[k]
        found = next((s for s in space.spots if s.card is not None and s.revealed
                      and isinstance(ctx.pack.card(card_id(s.card)), EnemyCard)), None)
        if found is not None and found.card is not None:
            uid, found.card = found.card, None
            if not found.dropped:
                space.spots.remove(found)
            trip.spots.append(Spot(seq=state.new_seq(), card=uid, revealed=True))
            ctx.emit("gong_summoned", enemy=card_id(uid), day=k + 1)
            return False
    ctx.emit("gong_silent")
    return False


def takes_dropped(ctx: Ctx, hero: Hero, thing: str | None) -> bool:
    """K7 Magpie: his master may take Objects dropped on this visit; K7 Treasure Hunter: any
    thing dropped (Objects and Gold; Followers are not things)."""
    if not in_play(ctx):
        return False
    mine = {card_id(f) for f in hero.followers}
    if TREASURE_HUNTER in mine:
        return thing is None or not isinstance(ctx.pack.card(card_id(thing)), FollowerCard)
    if MAGPIE in mine and thing is not None:
        return isinstance(ctx.pack.card(card_id(thing)), ObjectCard)
    return False


# ----------------------------------------------------------------------------- K7: the Eyrie Vanguard
def vanguard(ctx: Ctx, seq: int) -> None:
    """K7 Eyrie Vanguard: 3 cards of the live (Highland) deck are drawn; its Enemies are fought
    at once in Guardian Combat, the other cards are laid on the space after the Vanguard's spot
    and met as usual. With a Guardian Combat already under way, every card is laid instead."""
    from engine.darkest_talisman import guardians
    from engine.darkest_talisman.state import GuardianFight

    state = ctx.state
    trip = state.trip
    if trip is None or state.mode != "road":
        return
    drawn = [u for u in (cards.draw_adventure(ctx) for _ in range(VANGUARD_CARDS)) if u is not None]
    enemies = [u for u in drawn if isinstance(ctx.pack.card(card_id(u)), EnemyCard)] if state.fight is None else []
    at = next((i + 1 for i, sp in enumerate(trip.spots) if sp.seq == seq), len(trip.spots))
    for uid in reversed([u for u in drawn if u not in enemies]):
        trip.spots.insert(at, Spot(seq=state.new_seq(), card=uid))
    ctx.emit("vanguard", cards=[card_id(u) for u in drawn], enemies=len(enemies))
    if not enemies:
        return
    state.fight = GuardianFight(kind=VANGUARD_FIGHT, guardians=[guardians.guardian_of_card(ctx, u) for u in enemies])


def vanguard_decision(ctx: Ctx) -> None:
    """K7 Eyrie Vanguard: the party fights it in Guardian Combat (striking one Enemy first if it
    likes, C8e-g) or turns back, leaving it (project ruling `highland_vanguard`)."""
    from engine.darkest_talisman import guardians

    state = ctx.state
    fight = state.fight
    assert fight is not None
    alive = guardians.living(fight)
    options = ["fight"] + ([f"fight:{g.uid}" for g in alive] if len(alive) > 1 else [])
    trip = state.trip
    if trip is not None and trip.heading == "out":
        options.append("turn_back")
    state.decision = Decision(kind="guardians", options=options, data={})
    guardians.attach_forecast(ctx)
