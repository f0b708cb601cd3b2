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
- K7: the Highlander's extra d6 of cards on the Highland's Hills; an Earth Elemental or a Roc
  that beats a character carries the party to the Crags; Dreadwing's doubles before a move fly
  the party to any space of its Region; the Walking Stick sends back a last-laid Enemy; the
  Vagabond takes an Object on a 1; a Rock Face bars the way on until climbed (6d6); the
  Lightning Hammer's +3 and the Rogue's shot in Guardian Combat; the Magic Portal carries the
  party into the Highland to the Lost City; the Vampiress drains a Follower for a life.
"""
from __future__ import annotations

from engine.darkest_talisman import cards, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import EnemyCard, ObjectCard
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks, regions
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.expansions.model import HighlandState
from engine.darkest_talisman.state import Decision, Hero, Spot, TeleportTask, card_id

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
    on the Draw Spots before they are met; he does when it is an Enemy (project ruling
    `highland_walking_stick`)."""
    state = ctx.state
    trip = state.trip
    leader = state.leader()
    if not uids or trip is None or leader is None or not any(card_id(o) == WALKING_STICK for o in leader.objects):
        return
    last = next((s for s in reversed(trip.spots) if s.card == uids[-1] and not s.met), None)
    if last is None or not isinstance(ctx.pack.card(card_id(uids[-1])), EnemyCard):
        return
    trip.spots.remove(last)
    cards.discard(ctx, uids[-1])
    ctx.emit("walking_stick", leader.uid, card=card_id(uids[-1]))


def rolled(ctx: Ctx, faces: list[int]) -> None:
    """K7 Vagabond: a 1 rolled outside combat costs his master an Object (the roll's owner is not
    told to the hook: any 1 the party rolls; project ruling `highland_vagabond`)."""
    state = ctx.state
    if not in_play(ctx) or state.fight is not None or (state.tasks and state.tasks[-1].task == "combat"):
        return
    for hero in state.party():
        if any(card_id(f) == VAGABOND for f in hero.followers):
            thing = next((o for o in hero.objects if ctx.pack.card(card_id(o)).type == "object"), None)
            if thing is not None:
                hero_rules.give_up(ctx, hero, thing)
                cards.discard(ctx, thing)
                ctx.emit("vagabond_took", hero.uid, thing=card_id(thing))


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
    Followers counted)."""
    return sum(hero_rules.total(ctx.pack, h, "strength") + hero_rules.total(ctx.pack, h, "craft")
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
    if state.tasks or state.fight is not None:
        return False
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
    the party's Strength and Craft together, it climbs; otherwise each character loses 1 life
    (the choice of a Follower instead: project ruling `highland_rock_face`) and the party stays.
    True: the party stays."""
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
    for hero in state.party():
        if hero_rules.lose_life(ctx, hero, 1, "rock_face"):
            hero_rules.kill(ctx, hero, "rock_face")
    state.decision = None
    return True


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
    """K7 Vampiress: standing on a Road Space, she may drain a Follower of the party."""
    if in_play(ctx) and decision.kind == "stand" and drainer(ctx) is not None and DRAIN not in decision.options:
        decision.options.append(DRAIN)


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


def ai_pick(ctx: Ctx, decision: Decision, chance: float) -> str | None:
    """The campaign AI at the Ice Bridge: a Follower makes the fall 1 in 6 likelier; with two or
    more it leaves them behind, with one it risks it half the time."""
    if not in_play(ctx):
        return None
    if decision.kind == BRIDGE_DECISION:
        n = int(decision.data.get("followers", 0))
        return "bridge_leave" if n >= 2 or chance < 0.5 else "bridge_cross"
    party = ctx.state.party()
    trip = ctx.state.trip
    vamp = drainer(ctx) if decision.kind == "stand" and DRAIN in decision.options else None
    if vamp is not None and vamp.life <= 2:
        return DRAIN
    if decision.kind == "stand" and "turn_back" in decision.options and trip is not None:
        climbed = highland(ctx).climbed
        if any(sp.card and card_id(sp.card) == ROCK_FACE and sp.card not in climbed for sp in trip.spots) \
                and party_might(ctx) <= ROCK_FACE_HOPELESS:
            return "turn_back"  # 6d6 under the party's might is unlikely: the Rock Face would bleed it
    if decision.kind == "village" and f"depart:{STRADDLE}" in decision.options and party:
        # K3b: toward the Crags and the Highland beyond when the party looks able to face the
        # Eagle King (Strength 8, Craft 8) and his guardians, until he is beaten once (project)
        fit = all(h.life >= 3 for h in party)
        strong = max(hero_rules.total(ctx.pack, h, "strength") for h in party) >= 6 or len(party) >= 2
        if fit and strong and chance < 0.3 and ID not in decks.ext(ctx).joined:
            return f"depart:{STRADDLE}"
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
