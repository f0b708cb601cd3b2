"""The Blood Moon (DT section F): its pack (data/talisman/expansions/blood_moon/), registered as
the expansion a campaign names with `expansions:Blood Moon`.

What the groundwork does for it with no code here: its Adventure cards form their own deck, set
aside (F2e), its Magic Objects the Blood Moon Trove deck (F1b), its Spells wait outside the Spell
deck (F2f) (engine/darkest_talisman/expansions/decks.py `setup`). F1a: the Werewolf figure waits
beside the board.

F2a: a character injured by a Wolf and left alive rolls on the Werewolf Card while the Blood Moon
is not in use; a 1 (no Fate changes it) raises the Blood Moon: F2b the Time Card comes out on Day,
F2d the bitten character becomes a Werewolf, F2e the Blood Moon Adventure deck replaces the core's,
F2f the Blood Moon Spells are shuffled into the Spell deck.
F3: the Time Card: Day, every creature's attack score is 1 less (never below 1); Night, 1 more.
Events dealt onto a Road Space turn it before any card there is met (Daybreak / Nightfall); a
Lunar Event met stays in play until the next turn of the card (Midnight Howl brings Night).
F5: when no character is a Werewolf any more (dead counts: project ruling `blood_moon_ends`), the
Time Card goes, the core deck comes back (F5a-b) and the Spells stay (F5c).

F6a: while the Blood Moon is in use, a 1 among the day's dice for a new Road Space puts the
Werewolf on the first Road Space; F6b: each 1 rolled moves him one space toward the party; F6c:
landing on the party, the characters roll on his chart in Marching Order until a 1 or a 2 (then
he leaves) or the last has rolled (the 5 passes him on to the next, F9).

F4a, F9: Curse of the Werewolf cast on a Werewolf character cures him. F4b: at the Temple or the
Chapel a Werewolf may sacrifice a Talisman to be cured (ruling `werewolf_temple_cure`).

F7a: at Night, Events drawn, a Werewolf character may attack the leader.

F8a-g, j-k: the Crags' trove is the Werewolf's Den: the Blood Moon deck, Time Card and Spells on
its road, three Blood Moon Magic Objects and a d6 of Gold; the core deck back once it is won.

F8h-i: the Werewolf joins the Den's guardians, Strength 8, unequipped; the characters he strikes
roll on his chart (ruling `werewolf_guardian`).

F9 Spells: Feral Hunger makes the caster's combat roll a 6; Haunting Poltergeist keeps the
Werewolf still by Day. F9 Wall of Fire: the Werewolf may not pass it, nor a party with a Werewolf
heading out. The Lunar Events while in play (F3, F9): Moon Mist (the lower of two combat rolls),
Night of the Pumpkin King (Fields roll three dice), Fright Night (no teleport past a face-up
Enemy), Guiding Light (a space met again), Midnight Howl (a beaten character rolls on the
Werewolf's chart); Children of the Night and Morning Song are the leader's alone (`once`).
F9 Witch's Broom (at Night up to six cards skipped), Scarecrow (waits on a Fields space), the
Doomsayer, Grave Robber and Vampire Hunter (their ability only when they lead).
Rulings `blood_moon_spells`, `blood_moon_lunar`.

Approximated (the cards' own texts were not found; the pack's `text` says what each does here):
Divine Retribution (no extra turn to replace: nothing more), Headless Horseman (a plain Spirit),
Black Cat (no effect, so never asked to be discarded), The Bride (no attacks between
characters), Keeper of the Vigil and Witchfinder (their bonus counts wherever their master
walks), Lantern Sprite (one card more, met at once), Tricks and Treats (no use), Living Doll and
Hungering Artefact (their figures only), Fire Salamander (no ability to restrict).
"""
from __future__ import annotations

from engine.darkest_talisman import cards
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.actions import Cast
from engine.darkest_talisman.content import Service
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks, roads
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.expansions.model import RoadFigure
from engine.darkest_talisman.state import Combat, Decision, Guardian, Hero, LostTurn, Spot, Trove, card_id

ID = "blood_moon"
#: the Werewolf figure (F1a)
FIGURE = "werewolf_figure"
RISEN_REASON = "blood_moon:risen"
DEN_REASON = "blood_moon:den"
#: F8a: the Werewolf's Den, "considered to be in the Crags": the Crags' trove (ruling `werewolf_den`)
DEN = "crags"
#: F8f: three Magic Objects from the Blood Moon Trove deck
DEN_ITEMS = 3
#: F8h: the Werewolf among the Den's guardians (foes.yaml; Strength 8 as on the Werewolf Card)
GUARDIAN = "blood_moon_werewolf"
#: F2a: the Wolves whose bite raises the Blood Moon (the Wolf is the core's; the others are
#: other expansions' cards, listed so they count once those packs exist)
WOLVES = frozenset({"wolf", "pack_of_wolves", "winter_wolf", "big_bad_wolf"})
#: F4b: the services that cure a Werewolf for a Talisman (expansion.yaml `location_services`)
CURE_SERVICES = frozenset({"temple_cure", "chapel_cure"})
#: the Lunar Event that brings Night when it is revealed (facts F.2)
NIGHTFALL_CARDS = frozenset({"midnight_howl"})
#: the Lunar Events whose effect lasts while they stay in play (F3, F9; facts F.2)
MIDNIGHT_HOWL = "midnight_howl"
FRIGHT_NIGHT = "fright_night"
GUIDING_LIGHT = "guiding_light"
MOON_MIST = "moon_mist"
PUMPKIN_KING = "night_of_the_pumpkin_king"
#: F9 Night of the Pumpkin King: every Fields space rolls three dice for its cards
PUMPKIN_TERRAIN = "fields"
PUMPKIN_DICE = 3
#: F9 Scarecrow: it waits on a Fields Road Space
SCARECROW = "scarecrow"
#: F9 Witch's Broom: at Night up to six drawn cards of a Road Space skipped
BROOM = "witchs_broom"
BROOM_SKIPS = 6
#: F9: the characters whose card ability works only when they lead the Marching Order
LEADER_ONLY = frozenset({"doomsayer", "grave_robber", "vampire_hunter"})
#: F9 Wall of Fire: the Place the Werewolf and Werewolf characters may not pass
WALL = "wall_of_fire"


def in_play(ctx: Ctx) -> bool:
    return ctx.state.ext is not None and ID in ctx.state.ext.ids


def in_use(ctx: Ctx) -> bool:
    """The Blood Moon is in use: it has risen (F2a), or the party is on the road to the
    Werewolf's Den (F8d); its Time Card is out."""
    return in_play(ctx) and (decks.ext(ctx).blood_moon or decks.ext(ctx).den_trip)


# ----------------------------------------------------------------------------- F2: the coming
def injured(ctx: Ctx, hero: Hero, enemy: str) -> None:
    """F2a: bitten by a Wolf and alive, while the Blood Moon is not in use: the Werewolf Card's
    roll; a 1 (even if Fate would change it: no Fate is offered) raises it; not when the
    Woodland's The Void negated the Wolf's bite before the fight (M9)."""
    if MIDNIGHT_HOWL in decks.ext(ctx).lunar and hero.alive:  # facts F.2: beaten, he rolls on the chart
        _chart(ctx, hero)
    if in_use(ctx) or card_id(enemy) not in WOLVES:
        return
    woods = decks.ext(ctx).woodland
    if woods is not None and enemy in woods.voided:  # the Woodland's The Void negated the bite (M9)
        return
    face = ctx.d6("werewolf_card", hero.uid)
    ctx.emit("werewolf_card", hero.uid, face=face)
    if face == 1:
        rise(ctx, hero)


def rise(ctx: Ctx, bitten: Hero | None) -> None:
    """F2b-f: the Blood Moon rises (a Wolf's bite; `bitten` becomes a Werewolf)."""
    record = decks.ext(ctx)
    if not in_use(ctx):
        record.night, record.lunar = False, []  # F2b: Day side up (already out on the Den's road, F8d)
    record.blood_moon = True
    record.blood_moon_risings += 1
    ctx.emit("blood_moon_rises")
    if bitten is not None and bitten.uid not in record.lycanthropes:
        record.lycanthropes.append(bitten.uid)  # F2d
        ctx.emit("lycanthrope", bitten.uid)
    decks.hold(ctx, ID, RISEN_REASON)  # F2e
    decks.shuffle_in_spells(ctx, ID)  # F2f (they stay, F5c)


def died(ctx: Ctx, hero: Hero) -> None:
    record = decks.ext(ctx)
    record.werewolf_visits = [u for u in record.werewolf_visits if u != hero.uid]
    if hero.uid in record.lycanthropes:
        record.lycanthropes.remove(hero.uid)
        _check_cured(ctx)


# ----------------------------------------------------------------------------- F4, F9: the cure
def casts(ctx: Ctx, hero: Hero, uid: str, kind: str, on_road: bool) -> list[Cast]:
    """F9 Curse of the Werewolf: cast on one Werewolf character of the party (any time the
    caster may cast a Spell: project ruling `werewolf_cure`)."""
    if not in_play(ctx):
        return []
    state = ctx.state
    if kind == "haunting":  # F9 Haunting Poltergeist: cast on the Werewolf on this road
        figure = decks.ext(ctx).figure(FIGURE)
        return [Cast(hero=hero.uid, spell=uid)] if on_road and figure is not None and not figure.haunted else []
    if kind != "cure_lycanthropy":
        return []
    return [Cast(hero=hero.uid, spell=uid, target=u) for u in decks.ext(ctx).lycanthropes
            if u in state.order and state.hero(u).alive]


def resolve(ctx: Ctx, hero: Hero, kind: str, action: Cast) -> None:
    if kind == "cure_lycanthropy" and action.target:
        cure(ctx, action.target)
    elif kind == "haunting":
        figure = decks.ext(ctx).figure(FIGURE)
        if figure is not None:
            figure.haunted = True
            ctx.emit("werewolf_haunted")


# ----------------------------------------------------------------------------- F9: Feral Hunger, Moon Mist
def combat_spell_fits(ctx: Ctx, task: Combat, hero: Hero, kind: str) -> bool:
    """F9 Feral Hunger: cast before the combat roll, on the character fighting (not for an ally
    who fights alone)."""
    return kind == "feral_hunger" and not task.ally and hero.uid not in decks.ext(ctx).feral


def combat_cast(ctx: Ctx, task: Combat, hero: Hero, kind: str) -> None:
    if kind == "feral_hunger" and hero.uid not in decks.ext(ctx).feral:
        decks.ext(ctx).feral.append(hero.uid)


def ability_open(ctx: Ctx, hero: Hero, ability: str) -> bool:
    """F9: the Doomsayer's, the Grave Robber's and the Vampire Hunter's card ability works only
    when he is first in the Marching Order (or forced to draw: the campaign's leader draws)."""
    if hero.card not in LEADER_ONLY:
        return True
    return bool(ctx.state.order) and ctx.state.order[0] == hero.uid


def roll_rule(ctx: Ctx, hero: Hero) -> str | None:
    """The fight buttons' odds (systems/darkest_talisman/odds.py) follow `attack_roll`."""
    record = decks.ext(ctx)
    if hero.uid in record.feral:
        return "six"
    return "lower" if MOON_MIST in record.lunar else None


def attack_roll(ctx: Ctx, task: Combat, hero: Hero, roll: list[int]) -> list[int]:
    """F9 Feral Hunger: the character's combat roll is a 6, nothing more (no die rolled on: project
    ruling `blood_moon_spells`). F9 Moon Mist, while in play: he rolls again and the lower roll
    counts."""
    record = decks.ext(ctx)
    if hero.uid in record.feral:
        record.feral.remove(hero.uid)
        ctx.emit("feral_hunger", hero.uid)
        return [6]
    if MOON_MIST in record.lunar:
        other = ctx.open_roll("attack", hero.uid)
        ctx.emit("moon_mist", hero.uid, first=sum(roll), second=sum(other))
        return min(roll, other, key=sum)
    return roll


# ----------------------------------------------------------------------------- F9: the Lunar Events in play
def draw_dice(ctx: Ctx, terrain: str, dice: int) -> int:
    """F9 Night of the Pumpkin King, while in play: a Fields space rolls three dice for its cards."""
    if in_play(ctx) and PUMPKIN_KING in decks.ext(ctx).lunar and terrain == PUMPKIN_TERRAIN:
        return PUMPKIN_DICE
    return dice


def _enemy_spaces(ctx: Ctx) -> list[int]:
    """The Road Spaces of this road where a face-up Enemy lies (the party's own included)."""
    from engine.darkest_talisman.content import EnemyCard

    trip = ctx.state.trip
    if trip is None:
        return []
    out = []
    for k, space in enumerate(trip.road):
        spots = trip.spots if k == trip.position else space.spots
        if any(sp.card is not None and sp.revealed and isinstance(ctx.pack.card(card_id(sp.card)), EnemyCard)
               for sp in spots):
            out.append(k)
    return out


def teleport_targets(ctx: Ctx, targets: list[str]) -> list[str]:
    """F9 Fright Night, while in play and a face-up Enemy lies on this road: no teleport off the
    road (it would pass him); along the road the party stops at him (`teleport_target`)."""
    if not in_play(ctx) or FRIGHT_NIGHT not in decks.ext(ctx).lunar or not _enemy_spaces(ctx):
        return targets
    return [t for t in targets if t.startswith("road:")]


def teleport_target(ctx: Ctx, target: str) -> str | None:
    """F9 Fright Night: a teleport along the road lands on the first space with a face-up Enemy
    it would pass over; one off the road, with such an Enemy on it, does not happen (project
    ruling `blood_moon_lunar`)."""
    if not in_play(ctx) or FRIGHT_NIGHT not in decks.ext(ctx).lunar:
        return target
    trip = ctx.state.trip
    enemies = _enemy_spaces(ctx)
    if trip is None or not enemies:
        return target
    if not target.startswith("road:"):
        ctx.emit("teleport_barred")
        return None
    k = int(target.split(":")[1])
    step = 1 if k > trip.position else -1
    between = [j for j in range(trip.position + step, k, step) if j in enemies]
    if between:
        ctx.emit("teleport_stopped", space=between[0])
        return f"road:{between[0]}"
    return target


def _walls(ctx: Ctx) -> list[int]:
    """The Road Spaces where a Wall of Fire stands, face up (F9)."""
    trip = ctx.state.trip
    if trip is None:
        return []
    return [k for k, space in enumerate(trip.road)
            if any(sp.card is not None and sp.revealed and card_id(sp.card) == WALL
                   for sp in (trip.spots if k == trip.position else space.spots))]


def stand_options(ctx: Ctx, decision: Decision) -> None:
    """F9 Wall of Fire: a Werewolf character may not pass it, so heading out the party with one
    does not go on past its space (it may turn back; project ruling `blood_moon_lunar`).
    F9 Guiding Light, while in play: the party may meet its space again instead of moving on."""
    state = ctx.state
    trip = state.trip
    if trip is None or not in_play(ctx):
        return
    record = decks.ext(ctx)
    if _wall_blocks(ctx) and "turn_back" in decision.options:
        decision.options[:] = [o for o in decision.options if o not in ("continue", "carry_on", "skip")]
        decision.data["wall_of_fire"] = True
    if GUIDING_LIGHT in record.lunar and "meet_again" not in decision.options:
        # after the ways on (a pass of the same space never turns the Time Card, so it must not
        # be anyone's first or default answer), before `carry_on`, which stays last
        at = decision.options.index("carry_on") if "carry_on" in decision.options else len(decision.options)
        decision.options.insert(at, "meet_again")


def placed_elsewhere(ctx: Ctx, spot: Spot) -> bool:
    """F9 Scarecrow: turned over, it goes to wait on a Fields space of this road (the nearest
    ahead of the party, else the nearest behind: project ruling `blood_moon_lunar`), met there on
    arrival; with no other Fields space it is met at once."""
    trip = ctx.state.trip
    if trip is None or spot.card is None or card_id(spot.card) != SCARECROW:
        return False
    fields = [k for k, space in enumerate(trip.road) if space.location == PUMPKIN_TERRAIN and k != trip.position]
    if not fields:
        return False
    ahead = 1 if trip.heading == "out" else -1
    target = min(fields, key=lambda k: (ahead * (k - trip.position) < 0, abs(k - trip.position)))
    trip.road[target].waiting.append(spot.card)
    ctx.emit("placed_on_road", card=card_id(spot.card), space=target)
    spot.card = None
    return True


def _wall_blocks(ctx: Ctx) -> bool:
    """F9 Wall of Fire: a Werewolf character in the party, heading out from the Wall's space."""
    state = ctx.state
    trip = state.trip
    werewolves = [u for u in decks.ext(ctx).lycanthropes if u in state.order and state.hero(u).alive]
    return bool(werewolves) and trip is not None and trip.heading == "out" and trip.position in _walls(ctx)


def after_card_options(ctx: Ctx, decision: Decision) -> None:
    """F9 Witch's Broom: at Night, between the cards of a Road Space, its bearer's party may skip
    up to six of the cards still to meet (they stay where they lie)."""
    state = ctx.state
    trip = state.trip
    if trip is None or not in_use(ctx) or not decks.ext(ctx).night:
        return
    if not any(card_id(u) == BROOM for h in state.party() for u in h.objects):
        return
    if any(not s.met for s in trip.spots) and "broom" not in decision.options:
        at = decision.options.index("turn_back") + 1 if "turn_back" in decision.options else len(decision.options)
        decision.options.insert(at, "broom")


def answer(ctx: Ctx, decision: Decision, option: str) -> bool:
    """F9 Guiding Light: the party meets its space again (the cards left there), a day passing.
    F9 Witch's Broom: up to six cards skipped; with fewer than six left, on to the next space."""
    from engine.darkest_talisman import travel

    if decision.kind == "after_card" and option == "broom":
        trip = ctx.state.live_trip()
        unmet = [s for s in trip.spots if not s.met]
        for s in unmet[:BROOM_SKIPS]:
            s.met = True
        ctx.emit("witchs_broom", skipped=min(len(unmet), BROOM_SKIPS))
        if len(unmet) < BROOM_SKIPS and not _wall_blocks(ctx):
            ctx.state.decision = Decision(kind="stand", options=["continue"])
            travel.push_on(ctx)
        return True
    if decision.kind != "stand" or option != "meet_again":
        return False

    trip = ctx.state.live_trip()
    ctx.emit("guiding_light", space=trip.position)
    travel.leave(ctx)
    travel.arrive(ctx, trip.position)
    return True


def cure(ctx: Ctx, uid: str) -> None:
    """F4: a Werewolf character is cured (he loses his Lycanthrope Card); F5 when none is left."""
    record = decks.ext(ctx)
    if uid not in record.lycanthropes:
        return
    record.lycanthropes.remove(uid)
    ctx.emit("werewolf_cured", uid)
    _check_cured(ctx)


def service_open(ctx: Ctx, hero: Hero, service: Service) -> bool:
    """F4b: the Temple's and the Chapel's cure is offered only to a Werewolf character who holds a
    Talisman to sacrifice."""
    if service.id not in CURE_SERVICES:
        return True
    return in_play(ctx) and hero.uid in decks.ext(ctx).lycanthropes and bool(hero_rules.talismans(hero))


def visited(ctx: Ctx, hero: Hero, service: Service) -> None:
    """F4b: at the Temple or the Chapel the Werewolf sacrifices a Talisman (it goes back to the
    supply) and is cured; F5 when none is left."""
    if service.id not in CURE_SERVICES or hero.uid not in decks.ext(ctx).lycanthropes:
        return
    held = hero_rules.talismans(hero)
    if not held:
        return
    hero_rules.give_up(ctx, hero, held[0])
    cards.discard(ctx, held[0])
    ctx.emit("talisman_sacrificed", hero.uid, location=service.id.removesuffix("_cure"))
    cure(ctx, hero.uid)


def _check_cured(ctx: Ctx) -> None:
    """F5: no Werewolf left in the party: the Time Card goes and the core deck comes back."""
    record = decks.ext(ctx)
    if not record.blood_moon or record.lycanthropes:
        return
    record.blood_moon = False
    ctx.emit("blood_moon_sets")
    decks.release(ctx, RISEN_REASON)  # F5b
    _time_card_away(ctx)


def _time_card_away(ctx: Ctx) -> None:
    """F5a: the Time Card and the Werewolf figure go, unless the other reason still holds them
    (risen, or on the Den's road)."""
    record = decks.ext(ctx)
    if record.blood_moon or record.den_trip:
        return
    record.night, record.lunar = False, []
    record.werewolf_visits = []
    _leave(ctx, "blood_moon_sets")


# ----------------------------------------------------------------------------- F3: Day and Night
def dealt(ctx: Ctx, uids: list[str], faces: list[int]) -> None:
    """F3 (facts F.2 "passage of time"): Events among the cards dealt turn the Time Card before
    any of them is met. F6a: a 1 among the day's dice brings the Werewolf onto the first Road
    Space (while the Blood Moon is in use: project ruling `werewolf_coming`)."""
    if not in_use(ctx):
        return
    events = any(ctx.pack.card(card_id(u)).type == "event" for u in uids)
    if events:
        flip(ctx, not decks.ext(ctx).night)
        if decks.ext(ctx).night:
            _werewolves_turn(ctx)
    record = decks.ext(ctx)
    trip = ctx.state.trip
    if 1 in faces and trip is not None and ctx.state.mode == "road" and record.figure(FIGURE) is None:
        record.figures.append(RoadFigure(id=FIGURE, position=0))
        record.werewolf_comings += 1
        ctx.emit("werewolf_comes", space=0)
        if trip.position == 0:
            _reach(ctx)


# ----------------------------------------------------------------------------- F7: Werewolf characters
def _werewolves_turn(ctx: Ctx) -> None:
    """F7a: at Night, when Events are drawn, each Werewolf character of the party (not the
    leader himself: project ruling `werewolf_party`) rolls a d6; on a 1 he attacks the leader:
    each rolls a d6 and adds his Strength, the higher wins (ties: nothing, project); a beaten
    leader rolls on the Werewolf's chart and loses a life, a beaten Werewolf loses a life."""
    state = ctx.state
    record = decks.ext(ctx)
    party = [h for h in state.party() if h.alive]
    if not party:
        return
    leader = party[0]
    for wolf in [h for h in party[1:] if h.uid in record.lycanthropes]:
        if not leader.alive or state.status != "active":
            return
        if ctx.d6("werewolf_rage", wolf.uid) != 1:
            continue
        ctx.emit("werewolf_attacks", wolf.uid, victim=leader.uid)
        ours = ctx.d6("werewolf_fight", wolf.uid) + hero_rules.total(ctx.pack, wolf, "strength")
        theirs = ctx.d6("werewolf_fight", leader.uid) + hero_rules.total(ctx.pack, leader, "strength")
        if ours > theirs:
            _chart(ctx, leader)
            if leader.alive and hero_rules.lose_life(ctx, leader, 1, "werewolf"):
                hero_rules.kill(ctx, leader, "werewolf")
        elif theirs > ours and hero_rules.lose_life(ctx, wolf, 1, "werewolf"):
            hero_rules.kill(ctx, wolf, "werewolf")


# ----------------------------------------------------------------------------- F6: the roving Werewolf
def rolled(ctx: Ctx, faces: list[int]) -> None:
    """F6b: each 1 rolled, for any reason, moves him one Road Space toward the party."""
    record = decks.ext(ctx)
    figure = record.figure(FIGURE)
    trip = ctx.state.trip
    if figure is None or trip is None or ctx.state.mode != "road" or record.werewolf_visits:
        return
    if figure.haunted and not record.night:  # F9 Haunting Poltergeist: only at Night
        return
    walls = _walls(ctx)  # F9: he may not pass a Wall of Fire
    for _ in range(faces.count(1)):
        if roads.step_toward(ctx, figure, trip.position, walls, len(trip.road)):
            ctx.emit("werewolf_moved", space=figure.position)
        if figure.position == trip.position:
            _reach(ctx)
            return


def _reach(ctx: Ctx) -> None:
    """F6c: he lands on the party: the first character in the Marching Order rolls on his chart."""
    record = decks.ext(ctx)
    record.werewolf_visits = [u for u in ctx.state.order if ctx.state.hero(u).alive]
    record.werewolf_visits_done += 1
    ctx.emit("werewolf_reaches")


def work(ctx: Ctx) -> bool:
    """One character's roll on the Werewolf's chart, if one is owed (run by the campaign's driver
    between steps, like the Grim Reaper's); True when it did something. F6c-a: after a 1 or a 2
    he leaves; F6c-b: otherwise the next character rolls; after the last, he leaves (project
    ruling `werewolf_chart`)."""
    record = decks.ext(ctx)
    if not record.werewolf_visits:
        return False
    uid = record.werewolf_visits.pop(0)
    hero = ctx.state.hero(uid)
    face = 0
    if hero.alive:
        face = _chart(ctx, hero)
    if face in (1, 2) or not record.werewolf_visits:
        record.werewolf_visits = []
        _leave(ctx, "visited")
    return True


def _chart(ctx: Ctx, hero: Hero) -> int:
    state = ctx.state
    record = decks.ext(ctx)
    face = ctx.d6("werewolf", hero.uid)
    row = next(r for r in expansion_by_id(ID).manifest.chart if r.face == face)
    ctx.emit("werewolf_chart", hero.uid, face=face, chart=row.result)
    if row.result == "lycanthropy":
        if not record.blood_moon:  # F8i: a Werewolf made on the Den's road raises the Blood Moon (F2)
            rise(ctx, hero)
        elif hero.uid not in record.lycanthropes:  # a second bite does nothing (facts F.2)
            record.lycanthropes.append(hero.uid)
            ctx.emit("lycanthrope", hero.uid)
    elif row.result == "lose_life":
        if hero_rules.lose_life(ctx, hero, 1, "werewolf"):
            hero_rules.kill(ctx, hero, "werewolf")
    elif row.result == "lose_follower":
        if hero.followers:
            uid = hero.followers[state.rng.below(len(hero.followers))]
            hero_rules.give_up(ctx, hero, uid)
            cards.discard(ctx, uid)
            ctx.emit("follower_lost", hero.uid, follower=card_id(uid), why="werewolf")
        elif hero_rules.lose_life(ctx, hero, 1, "werewolf"):
            hero_rules.kill(ctx, hero, "werewolf")
    elif row.result == "lose_turn":
        if state.mode == "road" and state.trip is not None:
            state.tasks.append(LostTurn(hero=hero.uid, seq=state.trip.drop_seq))
    return face


def _leave(ctx: Ctx, why: str) -> None:
    record = decks.ext(ctx)
    figure = record.figure(FIGURE)
    if figure is not None:
        record.figures.remove(figure)
        ctx.emit("werewolf_leaves", why=why)


def home(ctx: Ctx) -> None:
    """Back in a village he leaves the road (project ruling `werewolf_coming`); the Den's road is
    over and the Den may be a Trove Destination again (F8k)."""
    record = decks.ext(ctx)
    record.werewolf_visits = []
    _leave(ctx, "home")
    _den_over(ctx)
    record.den_done = False


def new_road(ctx: Ctx) -> None:
    """The party teleported onto another road: he leaves; a new 1 for a new space brings him again
    (project ruling `werewolf_coming`). Carried off the Den's road, the party has left that trove."""
    decks.ext(ctx).werewolf_visits = []
    _leave(ctx, "teleport")
    trip = ctx.state.trip
    if trip is None or trip.destination != DEN:
        _den_over(ctx)


# ----------------------------------------------------------------------------- F8: the Werewolf's Den
def set_trove(ctx: Ctx, destination: str) -> Trove | None:
    """F8a-f: the Crags' trove is the Werewolf's Den (project ruling `werewolf_den`): the Blood
    Moon deck replaces the core's and the Time Card comes out on Day if it is not out (F8d), its
    Spells are shuffled in (F8e), the trove is three Blood Moon Magic Objects and a d6 of Gold
    (F8f). Not again until the party is back in a village (F8k)."""
    record = decks.ext(ctx)
    if destination != DEN or record.den_done:
        return None
    if not in_use(ctx):
        record.night, record.lunar = False, []
    record.den_trip = True
    ctx.emit("werewolf_den")
    decks.hold(ctx, ID, DEN_REASON)
    decks.shuffle_in_spells(ctx, ID)
    items = decks.draw_trove(ctx, ID, DEN_ITEMS)
    gold = sum(ctx.state.rng.d6() for _ in range(ctx.pack.rules.trove_gold_dice.value))
    ctx.emit("trove_set", reveals=True, items=len(items))
    return Trove(items=items, gold=gold)


def trove_won(ctx: Ctx) -> None:
    """F8j: the trove shared out, the core deck comes back; F8k: not again until home."""
    trip = ctx.state.trip
    if trip is not None and trip.destination == DEN and decks.ext(ctx).den_trip:
        _den_over(ctx)
        decks.ext(ctx).den_done = True


def _den_over(ctx: Ctx) -> None:
    record = decks.ext(ctx)
    if not record.den_trip:
        return
    record.den_trip = False
    decks.release(ctx, DEN_REASON)
    _time_card_away(ctx)


def trove_guardians(ctx: Ctx) -> list[Guardian]:
    """F8h: at the Den the Werewolf joins the guardians drawn as C8d says, with the Werewolf Card's
    Strength 8; he is never given Items (he joins after they are shared out)."""
    trip = ctx.state.trip
    if trip is None or trip.destination != DEN or not decks.ext(ctx).den_trip:
        return []
    foe = ctx.pack.foe(GUARDIAN)
    strength = expansion_by_id(ID).manifest.figure_strength or foe.strength or 0
    ctx.emit("werewolf_guards", strength=strength)
    return [Guardian(uid=f"{GUARDIAN}@1", of=GUARDIAN, kind=foe.kind, strength=strength, craft=foe.craft or 0)]


def sure_guardians(ctx: Ctx) -> list[dict[str, object]]:
    """F8h for the forecast of the Den's first fight: the Werewolf is sure to be among the
    guardians, whatever cards are drawn."""
    trip = ctx.state.trip
    if trip is None or trip.destination != DEN or not decks.ext(ctx).den_trip:
        return []
    foe = ctx.pack.foe(GUARDIAN)
    return [{"of": GUARDIAN, "strength": expansion_by_id(ID).manifest.figure_strength or foe.strength or 0,
             "craft": foe.craft or 0}]


def guardian_strikes(ctx: Ctx, attr: str, scores: list[tuple[str, int]], lives: dict[str, int]) -> list[str]:
    """F8i: the characters the Werewolf assigns damage to: his own score is the first share of
    the guardians' total, dealt as the blows are (C8e-h, weakest first); those it surpasses are
    his (project ruling `werewolf_guardian`)."""
    from engine.darkest_talisman import guardians

    fight = ctx.state.fight
    wolf = next((g for g in guardians.living(fight) if g.of == GUARDIAN), None) if fight is not None else None
    if wolf is None or attr != "strength":
        return []
    share = max(0, wolf.strength + wolf.bonus_strength - wolf.damage_strength)
    return [u for u, n in guardians.distribute(share, scores, lives).items() if n]


def guardian_struck(ctx: Ctx, uids: list[str]) -> None:
    """F8i: after the blows, each character the Werewolf struck and still alive rolls on his chart
    (a 1: he is a Werewolf and the Blood Moon rises, F2). A forecast (guardians.py) rolls no die:
    its lucky run takes no harm, its unlucky one the chart's worst for life (a mauling, 1 life)."""
    state = ctx.state
    for uid in uids:
        hero = state.hero(uid)
        if not hero.alive or state.status != "active":
            continue
        if getattr(ctx, "forecasting", False):
            if not getattr(ctx, "lucky", False) and hero_rules.lose_life(ctx, hero, 1, "werewolf"):
                hero_rules.kill(ctx, hero, "werewolf")
            continue
        _chart(ctx, hero)


def flip(ctx: Ctx, night: bool) -> None:
    """Turn the Time Card to Night (Nightfall) or Day (Daybreak); already showing, nothing happens.
    The Lunar Events in play end (F3)."""
    record = decks.ext(ctx)
    if record.night == night:
        return
    record.night = night
    record.time_flips += 1
    ended, record.lunar = record.lunar, []
    ctx.emit("nightfall" if night else "daybreak", ended=len(ended))


def lunar(ctx: Ctx, cid: str) -> None:
    """F3: a Lunar Event met stays in play until the next Daybreak or Nightfall."""
    if not in_play(ctx):
        return
    record = decks.ext(ctx)
    if cid in NIGHTFALL_CARDS and record.blood_moon:
        flip(ctx, True)
    if cid not in record.lunar:
        record.lunar.append(cid)
    ctx.emit("lunar_event", card=cid)


def enemy_modifier(ctx: Ctx, score: int) -> int:
    """F3: Day, every creature 1 less (never below 1); Night, 1 more."""
    if not in_use(ctx):
        return score
    if decks.ext(ctx).night:
        return score + 1
    return max(1, score - 1) if score > 1 else score
