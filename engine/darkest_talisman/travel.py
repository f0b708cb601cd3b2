"""Going on an adventure (C3, C4, C5): roads, days, Draw Spots, turning back, teleports, rivers.

Every road has six spaces, a day each (B3a): five terrains in their fixed order and the
destination (B3b, B3f). Entering a new space, the party rolls a die for every card the core
space would draw and draws their total (C4a-b); a 1 reveals a special location instead
(C4a-c, d, e). Cards are met one at a time, and after each the party pushes on or turns back
(C4a-h, i, j). What survives stays on its road space and is met again, last first, on the way
back (C4a-k). Back in a village, or into a new region, the road's cards are discarded (C4a-m).
"""
from __future__ import annotations

from typing import Any, Callable

from engine.darkest_talisman import cards, guardians, setup
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.carry import with_carry_on
from engine.darkest_talisman.content import Location, Region
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import (
    Decision,
    MeetCard,
    MeetSpot,
    Pickup,
    RoadSpace,
    Spot,
    TeleportTask,
    Trip,
    card_id,
)

#: tasks that belong to the road space the party stands on (a teleport leaves them behind)
ROAD_TASKS = ("spot", "card", "effect", "combat", "pickup", "services", "lost_turn")


#: moves the party to a space of the Tower road and meets it (set by the tower module, which
#: imports this one: the Tower road is the tower's, a teleport only lands on it)
TOWER_TELEPORT: Callable[[Any, str], None] | None = None


def region_of_village(ctx: Ctx, village: str) -> Region:
    return next(r for r in ctx.pack.regions if r.village == village)


def goal_in(region: Region, loc: str) -> str | None:
    if loc in region.aid:
        return "aid"
    if loc in region.trove:
        return "trove"
    if loc == region.waypoint:
        return "waypoint"
    return None


def region_for(ctx: Ctx, loc: str, prefer: str | None) -> tuple[Region, str]:
    """The region a location is a destination of (the present region first) and its goal there.
    A place that is only ever a special location counts as an Aid destination (C4f-b)."""
    regions = sorted(ctx.pack.regions, key=lambda r: r.id != prefer)
    for region in regions:
        goal = goal_in(region, loc)
        if goal is not None and region.village is not None:
            return region, goal
    for region in regions:
        if loc in region.specials and region.village is not None:
            return region, "aid"
    raise KeyError(loc)


# ----------------------------------------------------------------------------- departing
def departures(ctx: Ctx) -> list[str]:
    """C3b: an Aid destination, a Trove (picked at random), the region's Waypoint; from the village
    beyond the Sentinel also the road back over the bridge (C4g)."""
    region = region_of_village(ctx, ctx.state.village)
    out = [f"depart:{a}" for a in region.aid] + (["depart:trove"] if region.trove else [])
    if ctx.state.ext is not None:  # a Trove destination the party may choose (E3b)
        from engine.darkest_talisman.hookpoint import hooks

        out += hooks.departures(ctx, region.trove)
    if region.waypoint:
        out.append(f"depart:{region.waypoint}")
    if ctx.state.village != "village":
        out.append("depart:back")
    return out


def depart(ctx: Ctx, option: str) -> None:
    state = ctx.state
    choice = option.split(":", 1)[1]
    region = region_of_village(ctx, state.village)
    for hero in state.party():
        hero.used = []
    state.stats.adventures += 1
    if choice == "back":
        # C4g: the Sentinel is not met going back; the Inner road leads home from the bridge
        inner = ctx.pack.region("inner")
        state.trip = _trip(ctx, inner, "village", inner.waypoint or "sentinel", "waypoint")
        state.trip.destination_done = True
        state.trip.road[-1].visited = True
        state.trip.position = len(state.trip.road) - 1
        state.trip.heading = "home"
        state.mode = "road"
        ctx.emit("departed", destination="back", region=inner.id)
        _move(ctx, state.trip.position - 1)
        return
    if choice == "trove":
        choice = region.trove[state.rng.below(len(region.trove))]  # C3b-b: picked at random
        goal = "trove"
    else:
        goal = goal_in(region, choice) or "aid"
    state.trip = _trip(ctx, region, state.village, choice, goal)
    state.mode = "road"
    ctx.emit("departed", reveals=goal == "trove", destination=choice, goal=goal, region=region.id)
    arrive(ctx, 0)


def road_to(region: Region, destination: str) -> list[RoadSpace]:
    """The road's spaces up to `destination`: its five terrains then the destination; a terrain
    an expansion makes a destination of its own (the Ruins that straddle the Dungeon, L3m) is
    the road's last space, reached along the terrains before it."""
    terrains = region.road[: region.road.index(destination)] if destination in region.road else region.road
    return [RoadSpace(location=t) for t in terrains] + [RoadSpace(location=destination)]


def _straddles(ctx: Ctx, destination: str) -> bool:
    """Is `destination` the way into an expansion's Region (the Ruins over the Dungeon, L3m)? Only
    then is a road terrain of that name the road's end: without the Dungeon a teleport to the
    Ruins keeps the core's road (the five terrains, then the place)."""
    if ctx.state.ext is None:
        return False
    from engine.darkest_talisman.hookpoint import hooks

    return bool(hooks.straddles(ctx, destination))


def _trip(ctx: Ctx, region: Region, village: str, destination: str, goal: str) -> Trip:
    if _straddles(ctx, destination):
        road = road_to(region, destination)
    else:
        road = [RoadSpace(location=t) for t in region.road] + [RoadSpace(location=destination)]
    trip = Trip(region=region.id, village=village, destination=destination, goal=goal, road=road)
    if goal == "trove":
        ctx.state.trip = trip
        trip.trove = _expansion_trove(ctx, destination) or guardians.set_trove(ctx, region.id)  # C3b-c
    return trip


def _expansion_trove(ctx: Ctx, destination: str) -> Any:
    """An expansion's Trove destination sets its own trove (E3f, F8f, G3, H4, I5)."""
    if ctx.state.ext is None:
        return None
    from engine.darkest_talisman.hookpoint import hooks

    return hooks.set_trove(ctx, destination)


def _expansion_road_end(ctx: Ctx) -> bool:
    from engine.darkest_talisman.hookpoint import hooks

    return bool(hooks.road_end(ctx))


def _expansion_options(ctx: Ctx) -> None:
    if ctx.state.ext is not None:  # facing the Grim Reaper (E3a), skipping a Road Space (E4b)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.decision_options(ctx)


# ----------------------------------------------------------------------------- arriving
def location_at(ctx: Ctx, k: int) -> Location:
    trip = ctx.state.trip
    assert trip is not None
    space = trip.road[k]
    return ctx.pack.location(space.special or space.location)


def is_destination(trip: Trip, k: int) -> bool:
    return k == len(trip.road) - 1


def arrive(ctx: Ctx, k: int) -> None:
    """The party enters road space `k` (C4a-a)."""
    state = ctx.state
    trip = state.trip
    assert trip is not None
    trip.position = k
    space = trip.road[k]
    first = not space.visited
    trip.spots = [Spot(seq=state.new_seq(), card=uid, revealed=True, early=True) for uid in space.waiting]
    space.waiting = []
    trip.wards, trip.immobile, trip.last_place, trip.drop_seq, trip.asked = [], [], None, -1, False
    trip.redrawn = False
    state.stats.days += 1
    for hero in state.party():
        hero.used = []
        hero.boost = 0  # a Potion of Strength lasts the party's turn
    dest = is_destination(trip, k)
    if dest and trip.destination != "sentinel" and state.raiders_gold:
        ctx.emit("raiders_gold_lost", gold=state.raiders_gold)  # D4: another destination
        state.raiders_gold = 0
    drawn = 0
    if first:
        space.visited = True
        drawn = _draw_for_space(ctx, k)
    else:
        left = list(reversed(space.spots)) if trip.heading == "home" else list(space.spots)
        space.spots = []
        for s in left:
            s.met, s.start = False, None
            for d in s.dropped:
                d.encountered = False  # C4b-d: met again only now
        trip.spots += left
    trip.location_met = not (first or (dest and not trip.destination_done and trip.heading == "out"))
    loc = location_at(ctx, k)
    ctx.emit("arrived", space=k, location=space.location, special=space.special, cards=drawn,
             left=sum(1 for s in trip.spots if s.card), destination=dest)
    if loc.id == "woods":
        for hero in state.party():
            if hero_rules.has_ability(ctx.pack, hero, "woods_spells"):  # the Druid (core-cards 3.1)
                hero_rules.draw_spells(ctx, hero, hero_rules.spell_room(ctx, hero), "woods_spells")
    if state.ext is not None:  # fireland tokens burn, the Ifrit act (I3b, I6)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.entered(ctx, k)


def _draw_for_space(ctx: Ctx, k: int) -> int:
    """C4a-b, c: roll for the cards; a 1 reveals a special location instead of its card."""
    state = ctx.state
    trip = state.trip
    assert trip is not None
    space = trip.road[k]
    region = ctx.pack.region(trip.region)
    terrain = ctx.pack.location(space.location)
    dice = terrain.draws
    if state.ext is not None:  # the Night of the Pumpkin King: Fields roll 3d6 (F9)
        from engine.darkest_talisman.hookpoint import hooks

        dice = hooks.draw_dice(ctx, space.location, dice)
    leader = state.leader()
    if dice and leader is not None and any(hero_rules.follower(ctx.pack, f).guide for f in leader.followers):
        dice = max(1, dice - 1)
    faces = ctx.dice(dice, "day") if dice else []
    if state.ext is not None and faces:  # the Dungeon Amulet's reroll (DT L7)
        from engine.darkest_talisman.hookpoint import hooks

        faces = hooks.day_faces(ctx, faces, dice)
    if leader is not None and 6 in faces and hero_rules.has_ability(ctx.pack, leader, "regenerate"):
        hero_rules.heal(ctx, leader, 1, "regenerate")  # D2 Troll
    count = sum(faces)
    if 1 in faces and not is_destination(trip, k) and region.specials and space.special is None:  # built (I6 Royal Masons)
        special = _find_special(ctx, region)
        if special is not None:
            count -= faces.count(1)
            space.special = special
            trip.found.append(special)
            ctx.emit("special_location", reveals=True, location=special, space=k)
            extra = ctx.pack.location(special).draws
            if extra:
                count += sum(ctx.dice(extra, "special_location"))
    if state.ext is not None:  # a Follower that draws one card more (the Fiend Slayer, E6)
        from engine.darkest_talisman.hookpoint import hooks

        count += hooks.extra_draws(ctx)
    count = min(count, ctx.pack.rules.draw_spots.value - len(trip.spots))  # A1b: twelve Draw Spots
    dealt = lay_cards(ctx, trip, count)
    if state.ext is not None:  # Events drawn turn the Blood Moon's Time Card (F3)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.dealt(ctx, dealt, faces)
    return count


def _find_special(ctx: Ctx, region: Region) -> str | None:
    """C4a-c: each special location once along a road, never the destination; reroll repeats."""
    trip = ctx.state.trip
    assert trip is not None
    allowed = [loc for loc in region.specials if loc not in trip.found and loc != trip.destination]
    if not allowed:
        return None
    while True:
        loc = region.specials[ctx.d6("special_location") - 1]
        if loc in allowed:
            return loc


# ----------------------------------------------------------------------------- the day's flow
def step(ctx: Ctx) -> None:
    """Nothing is being resolved: what the party meets next, or what it must decide."""
    state = ctx.state
    trip = state.trip
    assert trip is not None
    k = trip.position
    unmet = [s for s in trip.spots if not s.met]
    if not trip.location_met and not any(s.early for s in unmet):
        trip.location_met = True
        loc = location_at(ctx, k)
        if state.ext is not None and _expansion_location(ctx, loc.id):
            return  # a space an expansion's module runs (the Dungeon's Special Locations, L5b)
        if loc.effect is not None:
            # whatever a character killed here leaves may be taken at once (C4b-f)
            state.tasks.append(Pickup(seq=-1, heroes=list(state.order)))
            state.tasks.append(MeetCard(card=loc.id, seq=-1, heroes=list(state.order)))
            return
    if unmet:
        if trip.asked and trip.heading == "out" and not is_destination(trip, k):
            state.decision = Decision(kind="after_card", options=with_carry_on("after_card", ["continue", "turn_back"]))
            _expansion_options(ctx)  # the Witch's Broom (F9)
            return
        trip.asked = True
        state.tasks.append(MeetSpot(seq=unmet[0].seq))
        return
    if is_destination(trip, k) and trip.heading == "out" and not trip.destination_done:
        destination_decision(ctx)
        return
    state.decision = Decision(kind="stand", options=stand_options(ctx), data={"space": k})
    _expansion_options(ctx)


def _expansion_location(ctx: Ctx, loc: str) -> bool:
    from engine.darkest_talisman.hookpoint import hooks

    return bool(hooks.location_met(ctx, loc))


def stand_options(ctx: Ctx) -> list[str]:
    trip = ctx.state.trip
    assert trip is not None
    if trip.heading == "out" and not is_destination(trip, trip.position):
        out = ["continue", "turn_back"]
    else:
        out = ["continue"]
    if can_raft(ctx):
        out.append("raft")
    return with_carry_on("stand", out + woods_moves(ctx))


def woods_moves(ctx: Ctx) -> list[str]:
    """C4c: free movement through the Woods (the Elf): from a Woods space to any other space of
    this road, which is then met; the direction does not change (C4e)."""
    state = ctx.state
    trip = state.trip
    if trip is None or trip.road[trip.position].location != "woods" or trip.road[trip.position].special:
        return []
    if not any(hero_rules.has_ability(ctx.pack, h, "woods_move") for h in state.party()):
        return []
    return [f"move:{k}" for k in range(len(trip.road)) if k != trip.position]


def lay_cards(ctx: Ctx, trip: Trip, count: int) -> list[str]:
    """Up to `count` Adventure cards laid face down on the party's space, never past its twelve
    Draw Spots (A1b); fewer when the deck runs out. The cards laid, in order."""
    count = min(count, ctx.pack.rules.draw_spots.value - len(trip.spots))
    laid: list[str] = []
    for _ in range(count):
        uid = cards.draw_adventure(ctx)
        if uid is None:
            break
        trip.spots.append(Spot(seq=ctx.state.new_seq(), card=uid))
        laid.append(uid)
    return laid


def destination_decision(ctx: Ctx) -> None:
    state = ctx.state
    trip = state.trip
    assert trip is not None
    raft = ["raft"] if can_raft(ctx) else []
    if trip.goal == "aid":
        state.decision = Decision(kind="destination", options=["continue"] + raft, data={"destination": trip.destination})
        _expansion_options(ctx)  # on beyond the Chapel (G3b-c)
    elif trip.destination == "portal_of_power":
        has = any(hero_rules.talismans(h) for h in state.party())
        opts = ["attempt:strength", "attempt:craft"] if has else []
        state.decision = Decision(kind="portal", options=opts + ["turn_back"],
                                  data={"destination": trip.destination, **(hero_rules.talisman_shortfall(ctx) or {})})
    else:
        fight = state.fight
        focus = (
            [f"fight:{g.uid}" for g in guardians.living(fight)] if fight is not None and len(guardians.living(fight)) > 1 else []
        )
        fights = ["fight"] + focus
        if fight is not None and fight.kind == "sentinel" and fight.rounds:
            fights = []  # C5b: beaten by the Sentinel, the party must turn back
        state.decision = Decision(kind="guardians", options=fights + ["turn_back"] + raft,
                                  data={"destination": trip.destination,
                                        "guardians": [g.of for g in guardians.living(fight)] if fight else None})
        _expansion_options(ctx)
        guardians.attach_forecast(ctx)


def can_raft(ctx: Ctx) -> bool:
    """C5c, d: from any Inner destination a party carrying a raft may cross the Storm River."""
    trip = ctx.state.trip
    if trip is None or trip.region != "inner" or not is_destination(trip, trip.position):
        return False
    if ctx.state.fight is not None and ctx.state.fight.stage != "ready":
        return False
    return any(hero_rules.obj(ctx.pack, u).slot == "raft" for h in ctx.state.party() for u in h.objects)


def push_on(ctx: Ctx) -> None:
    """C4a-j / C4a-l: on to the next card, or to the next space."""
    state = ctx.state
    trip = state.trip
    assert trip is not None and state.decision is not None
    kind = state.decision.kind
    state.decision = None
    if kind == "after_card":
        trip.asked = False
        return
    if kind == "destination":
        trip.destination_done = True
        trip.heading = "home"
    nxt = trip.position + (1 if trip.heading == "out" else -1)
    _move(ctx, nxt)


def turn_back(ctx: Ctx) -> None:
    """C4a-i: back to the village last left, meeting what is left on the road in reverse order.
    Cards still face down on the space being crossed are discarded unseen (project ruling
    `turn_back_unseen`); the party leaves the space it stands on."""
    state = ctx.state
    trip = state.trip
    assert trip is not None
    state.decision = None
    for s in list(trip.spots):
        if not s.met and not s.revealed and s.card is not None:
            cards.discard(ctx, s.card)
            s.card = None
    trip.heading = "home"
    ctx.emit("turned_back", space=trip.position)
    _move(ctx, trip.position - 1)


def _move(ctx: Ctx, nxt: int) -> None:
    state = ctx.state
    trip = state.trip
    assert trip is not None
    leave(ctx)
    if is_destination(trip, trip.position) and nxt != trip.position:
        guardians.dissolve(ctx)
    if nxt < 0 and state.ext is not None and _expansion_road_end(ctx):
        return  # an expansion's road leads back elsewhere (the Frostmarch's to the Chapel, G3j)
    if nxt < 0:
        if state.ext is not None and _walked_out(ctx):
            return  # out of an expansion's Region, back at its straddling destination (J3f-c)
        arrive_village(ctx, trip.village, crossed=False)
    else:
        arrive(ctx, nxt)


def _walked_out(ctx: Ctx) -> bool:
    from engine.darkest_talisman.hookpoint import hooks

    return bool(hooks.walked_out(ctx))


def leave(ctx: Ctx) -> None:
    """C4a-k, C4b-c: what is left on the spots goes onto the road space, in revealed order.

    The spots are numbered as they were dealt, so the number gives the order, except for a card
    drawn for a lost turn (C6d) on this visit: it was revealed right after the spot that cost
    the turn (C4a-g 'added to the middle of this draw order'), so it goes in just after the spot
    before it on the party's present line of spots, not at the end."""
    trip = ctx.state.trip
    assert trip is not None
    space = trip.road[trip.position]
    kept = {s.seq for s in trip.spots if s.card is not None or s.dropped}
    ordered = sorted((s for s in trip.spots if s.start is None and s.seq in kept), key=lambda s: s.seq)
    for i, s in enumerate(trip.spots):
        if s.start is None or s.seq not in kept:
            continue
        before = next((p.seq for p in reversed(trip.spots[:i]) if p.seq in kept), None)
        at = 0 if before is None else next(j + 1 for j, p in enumerate(ordered) if p.seq == before)
        ordered.insert(at, s)
    for s in ordered:
        s.early = False
    if trip.dropped_here:
        ordered.insert(0, Spot(seq=0, dropped=trip.dropped_here, revealed=True))
        trip.dropped_here = []
    space.spots = ordered
    trip.spots = []


def discard_road(ctx: Ctx) -> None:
    """C4a-m, C4d: every card on the road goes to the discard pile (Magic Objects under the
    Trove deck); the trove, unwon, goes back too."""
    state = ctx.state
    trip = state.trip
    if trip is None:
        return
    guardians.dissolve(ctx)
    for space in trip.road:
        for s in space.spots:
            _discard_spot(ctx, s)
        for uid in space.waiting:
            cards.discard(ctx, uid)
        space.spots, space.waiting = [], []
    for s in trip.spots:
        _discard_spot(ctx, s)
    trip.spots = []
    for d in trip.dropped_here:
        if d.thing is not None:
            cards.discard(ctx, d.thing)
    trip.dropped_here = []
    if trip.trove is not None:
        for uid in trip.trove.items:
            cards.discard(ctx, uid)
        trip.trove.items = []


def _discard_spot(ctx: Ctx, s: Spot) -> None:
    if s.card is not None:
        cards.discard(ctx, s.card)
        s.card = None
    for d in s.dropped:
        if d.thing is not None:
            cards.discard(ctx, d.thing)
    s.dropped = []


def arrive_village(ctx: Ctx, village: str, *, crossed: bool) -> None:
    """Back in a village (or across into the other one): the road is cleared (C4a-m), the Mystic
    may be visited again (B1c), empty village spaces get new characters (C1c)."""
    state = ctx.state
    discard_road(ctx)
    cards.shuffle_discards(ctx)
    state.trip = None
    state.mode = "village"
    state.village = village
    # a Poltergeist still following keeps the Marching Order fixed (C3d, D1c)
    state.order_locked = any(hero_rules.follower(ctx.pack, f).poltergeist for h in state.party() for f in h.followers)
    state.stats.returns += 1
    for hero in state.party():
        hero.used = []
        hero.boost = 0
        hero.mystic_ready = True
    ctx.emit("village", village=village, crossed=crossed)
    if state.ext is not None:  # the Grim Reaper leaves (E2h); the Graveyard again (E3l)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.home(ctx)
    filled = {h.slot for h in state.party()}
    for slot in range(len(state.slots)):
        if slot not in filled:
            setup.deal(ctx, slot)
    if not state.order:
        hero_rules.end_campaign(ctx, "lost", why="no_characters_left")


def cross(ctx: Ctx, how: str) -> None:
    """C5b, C5d: past the Sentinel or over the river by raft, into the village beyond."""
    state = ctx.state
    beyond = ctx.pack.region("outer").village or "village_beyond"
    ctx.emit("crossed", how=how)
    river_crossed(ctx)
    if how == "sentinel" and state.raiders_gold:
        party = state.party()
        share, rest = divmod(state.raiders_gold, len(party))
        for i, hero in enumerate(party):
            hero.gold += share + (1 if i < rest else 0)
        ctx.emit("raiders_gold_back", gold=state.raiders_gold)
        state.raiders_gold = 0
    arrive_village(ctx, beyond, crossed=True)


def river_crossed(ctx: Ctx) -> None:
    """The Poltergeist is rid of only by crossing the river (bridge, raft or any other way): it
    leaves at once (core-cards 2.4)."""
    state = ctx.state
    for hero in state.party():
        for uid in [f for f in hero.followers if hero_rules.follower(ctx.pack, f).poltergeist]:
            hero_rules.give_up(ctx, hero, uid)
            cards.discard(ctx, uid)
            ctx.emit("follower_lost", hero.uid, follower=card_id(uid), why="river")
    if not any(hero_rules.follower(ctx.pack, f).poltergeist for h in state.party() for f in h.followers):
        state.order_locked = False


# ----------------------------------------------------------------------------- teleports
def teleport_targets(ctx: Ctx) -> list[str]:
    """C4c: any road space of this road (it must then be met) or any destination of the region.
    On the Tower road only a space behind the party, away from the Tower (C10e)."""
    state = ctx.state
    if state.mode == "tower" and state.tower is not None and state.status == "active":
        road = ctx.pack.region("tower").road
        return [f"dest:{loc}" for loc in road[: state.tower.index]]
    trip = state.trip
    if trip is None or state.mode != "road":
        return []
    out = [f"road:{k}" for k in range(len(trip.road)) if k != trip.position]
    region = ctx.pack.region(trip.region)
    dests = region.aid + region.trove + ([region.waypoint] if region.waypoint else [])
    out += [f"dest:{d}" for d in dests if d != trip.destination]
    if state.ext is not None:  # Fright Night: no teleport past a face-up Enemy (F9)
        from engine.darkest_talisman.hookpoint import hooks

        out = hooks.teleport_targets(ctx, out)
    return out


def run_teleport(ctx: Ctx, task: TeleportTask) -> None:
    state = ctx.state
    if task.target == "any" and task.hero is not None:
        opts = teleport_targets(ctx)
        if not opts:
            state.tasks.pop()
            return
        state.decision = Decision(kind="teleport", hero=task.hero, options=["stay"] + opts)
        return
    state.tasks.pop()
    teleport(ctx, task.target)


def teleport(ctx: Ctx, target: str) -> None:
    """Move the whole party (C4c): along this road without changing direction (C4e), or to a
    place off it, clearing the road (C4d, C4f-b; across the river C4f-c)."""
    state = ctx.state
    if state.status != "active":
        return
    if state.mode == "tower":
        # C10e: teleports in the Tower Region only move the party away from the Tower
        if target not in teleport_targets(ctx):
            return
        assert state.tower is not None and TOWER_TELEPORT is not None
        ctx.emit("teleported", target=target)
        TOWER_TELEPORT(ctx, target.split(":", 1)[1])
        return
    if state.ext is not None and state.mode == "road":  # Fright Night: stopped by a face-up Enemy (F9)
        from engine.darkest_talisman.hookpoint import hooks

        stopped = hooks.teleport_target(ctx, target)
        if stopped is None:
            return
        target = stopped
    state.tasks = [t for t in state.tasks if t.task not in ROAD_TASKS]
    trip = state.trip
    ctx.emit("teleported", target=target)
    if target.startswith("road:") and trip is not None:
        k = int(target.split(":")[1])
        leave(ctx)
        if is_destination(trip, trip.position):
            guardians.dissolve(ctx)
        arrive(ctx, k)
        return
    loc = target.split(":", 1)[1] if target.startswith("dest:") else target
    if ctx.pack.has_location(loc) and ctx.pack.location(loc).role == "village":
        _home_by_teleport(ctx, loc)  # straight into a village (the Hearth Rune, E6)
        return
    if trip is not None and state.mode == "road":
        for k, space in enumerate(trip.road):
            if loc in (space.special, space.location) and k != trip.position:
                leave(ctx)
                if is_destination(trip, trip.position):
                    guardians.dissolve(ctx)
                arrive(ctx, k)
                return
    region, goal = region_for(ctx, loc, trip.region if trip else None)
    discard_road(ctx)
    if trip is None or region.id != trip.region:
        cards.shuffle_discards(ctx)  # C4a-m: travelling into a new region
        if trip is not None and {region.id, trip.region} == {"inner", "outer"}:
            river_crossed(ctx)  # carried over the Storm River (C4f-c)
    state.trip = None
    village = region.village or state.village
    state.mode = "road"
    state.trip = _trip(ctx, region, village, loc, goal)
    state.trip.position = len(state.trip.road) - 1
    if state.ext is not None:  # the Grim Reaper on the new road's first space (E2g)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.new_road(ctx)
    arrive(ctx, state.trip.position)


def _home_by_teleport(ctx: Ctx, village: str) -> None:
    """Carried into a village: the road is left as on any return (C4a-m), and across the river
    if the village is on its other side (C4f-c)."""
    state = ctx.state
    if state.mode == "village" and state.village == village:
        return
    here = state.trip.region if state.trip is not None else region_of_village(ctx, state.village).id
    if region_of_village(ctx, village).id != here:
        river_crossed(ctx)
    guardians.dissolve(ctx)
    arrive_village(ctx, village, crossed=False)


def answer_teleport(ctx: Ctx, option: str) -> None:
    state = ctx.state
    state.decision = None
    state.tasks.pop()
    if option != "stay":
        teleport(ctx, option)


def can_build_raft(ctx: Ctx, hero_uid: str) -> bool:
    """C5c (facts 9.2; core-cards 2.5 Axe): on a Woods or Forest space, with an Axe and room for it."""
    state = ctx.state
    trip = state.trip
    if trip is None or state.decision is None or state.decision.kind not in ("stand", "after_card"):
        return False
    here = trip.road[trip.position]
    if "woods" not in (here.location, here.special) and "forest" not in (here.location, here.special):
        return False  # the Axe builds a raft in the Woods or the Forest (core-cards 2.5)
    hero = state.hero(hero_uid)
    if not any(hero_rules.obj(ctx.pack, u).builds_raft for u in hero.objects):
        return False
    raft = next((u for u in state.decks.purchase if hero_rules.obj(ctx.pack, u).slot == "raft"), None)
    return raft is not None and hero_rules.room_for(ctx.pack, hero, raft)


def build_raft(ctx: Ctx, hero_uid: str) -> None:
    state = ctx.state
    raft = next(u for u in state.decks.purchase if hero_rules.obj(ctx.pack, u).slot == "raft")
    state.decks.purchase.remove(raft)
    ctx.emit("raft_built", hero_uid)
    hero_rules.gain_thing(ctx, state.hero(hero_uid), raft, "built")


__all__ = ["card_id"]
