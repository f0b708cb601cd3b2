"""The Reaper (DT section E): the Grim Reaper's coming on a death, his moves on the 1s, his
chart, his departure; the Graveyard as the Reaper's Trove Destination; the Warlock Quest cards.

E2a-b: a character dies -> the Grim Reaper appears on the first Road Space (the road the party is
on; in the village or the Tower there is no such road: project ruling `reaper_off_road`).
E2c-d: the Reaper Adventure deck replaces the core's; the Reaper Spells and the Spell discard pile
are shuffled into the Spell deck (for good, E2k).
E2e-f: every 1 rolled, for any reason, moves him one Road Space toward the party (a Fate reroll's
dice are rolled too, so a 1 from it counts).
E2g: the party teleports to another road -> he stands again on that road's first Road Space.
E2h: he leaves when every survivor has prayed or the party is back in a village.
E2i: reaching the party's space, each character rolls on his chart; then he leaves (a 5 sends him
back to the road's first space instead).
E2j: the Reaper deck stays until every character who survived the death has prayed.
E3: the Graveyard is a Trove Destination the party may choose; its trove is three Reaper Magic
Objects and a d6 of Gold; the party may face the Grim Reaper (each character rolls on his chart)
instead of the trove's guardians; Fate does not change his results (his chart is never rerolled);
the core deck comes back once the trove is won (E3k); not again until home (E3l).
"""
from __future__ import annotations

from engine.darkest_talisman import cards
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.actions import Cast
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks, roads
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.expansions.model import RoadFigure
from engine.darkest_talisman.state import Decision, GuardianFight, Hero, LostTurn, TeleportTask, Trove, card_id

ID = "reaper"
FIGURE = "grim_reaper"
FIGURE_REASON = "reaper:figure"
GRAVEYARD_REASON = "reaper:graveyard"
GRAVEYARD = "graveyard"
#: E3f: three Magic Objects from the Reaper Trove deck
GRAVEYARD_ITEMS = 3
BOONS = ("strength", "craft", "life", "gold", "spell", "fate")


def in_play(ctx: Ctx) -> bool:
    return ctx.state.ext is not None and ID in ctx.state.ext.ids


# ----------------------------------------------------------------------------- E2a-d: his coming
def died(ctx: Ctx, hero: Hero) -> None:
    record = decks.ext(ctx)
    state = ctx.state
    record.must_pray = [u for u in record.must_pray if u != hero.uid]
    record.visits = [u for u in record.visits if u != hero.uid]
    if not state.order or state.status != "active":
        return
    for uid in state.order:  # E2j: each surviving character must pray
        if uid not in record.must_pray:
            record.must_pray.append(uid)
    decks.hold(ctx, ID, FIGURE_REASON)  # E2c
    decks.shuffle_in_spells(ctx, ID)  # E2d
    if state.mode == "road" and state.trip is not None and record.figure(FIGURE) is None:
        record.figures.append(RoadFigure(id=FIGURE, position=0))  # E2a
        record.reaper_comings += 1
        ctx.emit("reaper_comes", hero=hero.uid, character=hero.card, space=0)


def prayed(ctx: Ctx, hero: Hero) -> None:
    """E2h, E2j: a character prayed; when all who must have, he and his deck go."""
    record = decks.ext(ctx)
    if hero.uid not in record.must_pray:
        return
    record.must_pray.remove(hero.uid)
    if record.must_pray:
        return
    _leave(ctx, "prayed")
    decks.release(ctx, FIGURE_REASON)


def home(ctx: Ctx) -> None:
    """E2h: back in a village he leaves; E3l: the Graveyard may be a Trove Destination again."""
    record = decks.ext(ctx)
    _leave(ctx, "home")  # the words: "the party is back in a village"
    record.visits = []
    record.graveyard_fight = False
    record.graveyard_done = False
    decks.release(ctx, GRAVEYARD_REASON)


def new_road(ctx: Ctx) -> None:
    """E2g: the party teleported onto another road: he appears on its first Road Space. Carried
    off the Graveyard's road, the party has left that trove: the core deck comes back (E3k)."""
    figure = decks.ext(ctx).figure(FIGURE)
    if figure is not None:
        figure.position, figure.reversed = 0, False
        ctx.emit("reaper_moved", space=0, why="teleport")
    decks.ext(ctx).barriers = []
    trip = ctx.state.trip
    if trip is not None and trip.destination != GRAVEYARD:
        decks.release(ctx, GRAVEYARD_REASON)


def _leave(ctx: Ctx, why: str) -> None:
    record = decks.ext(ctx)
    figure = record.figure(FIGURE)
    if figure is not None:
        record.figures.remove(figure)
        ctx.emit("reaper_leaves", why=why)


# ----------------------------------------------------------------------------- E2e-f: his moves
def rolled(ctx: Ctx, faces: list[int]) -> None:
    record = decks.ext(ctx)
    figure = record.figure(FIGURE)
    trip = ctx.state.trip
    if figure is None or trip is None or ctx.state.mode != "road" or record.visits:
        return
    for _ in range(faces.count(1)):
        if roads.step_toward(ctx, figure, trip.position, record.barriers, len(trip.road)):
            ctx.emit("reaper_moved", space=figure.position, why="one_rolled")
        if figure.position == trip.position:
            record.visits = list(ctx.state.order)  # E2i
            record.reaper_visits += 1
            ctx.emit("reaper_reaches", space=figure.position)
            return


# ----------------------------------------------------------------------------- E2i, E3h: his chart
def work(ctx: Ctx) -> bool:
    """One character's roll on the chart, if any is owed (run by the campaign's driver between
    steps, like the Thief's chance); True when it did something."""
    record = decks.ext(ctx)
    if not record.visits:
        return False
    uid = record.visits.pop(0)
    hero = ctx.state.hero(uid)
    if hero.alive:
        _chart(ctx, hero)
    if not record.visits and ctx.state.status == "active":
        figure = record.figure(FIGURE)
        trip = ctx.state.trip
        if record.graveyard_fight:
            _graveyard_won(ctx)
        elif figure is not None and (trip is None or figure.position == trip.position):
            _leave(ctx, "visited")  # E2i: he leaves, unless a 5 sent him back down the road
    return True


def _chart(ctx: Ctx, hero: Hero) -> None:
    state = ctx.state
    record = decks.ext(ctx)
    face = ctx.d6("grim_reaper", hero.uid)  # E3j: no Fate changes this die
    row = next(r for r in expansion_by_id(ID).manifest.chart if r.face == face)
    ctx.emit("reaper_chart", hero.uid, face=face, chart=row.result)
    if row.result == "killed":
        hero_rules.kill(ctx, hero, "grim_reaper")
    elif row.result == "lose_follower":
        if hero.followers:
            uid = hero.followers[state.rng.below(len(hero.followers))]
            hero_rules.give_up(ctx, hero, uid)
            cards.discard(ctx, uid)
            ctx.emit("follower_lost", hero.uid, follower=card_id(uid), why="grim_reaper")
        elif hero_rules.lose_life(ctx, hero, 1, "grim_reaper"):
            hero_rules.kill(ctx, hero, "grim_reaper")
    elif row.result == "dice_with_reaper":
        ours = sum(ctx.dice(2, "reaper_dice", hero.uid))
        his = sum(ctx.dice(2, "reaper_dice_his"))
        if his > ours and hero_rules.lose_life(ctx, hero, 1, "grim_reaper"):
            hero_rules.kill(ctx, hero, "grim_reaper")
    elif row.result == "lose_turn":
        if state.mode == "road" and state.trip is not None:
            state.tasks.append(LostTurn(hero=hero.uid, seq=state.trip.drop_seq))
    elif row.result == "reaper_back":
        figure = record.figure(FIGURE)
        if figure is not None and not record.graveyard_fight:
            figure.position, figure.reversed = 0, False  # E2i: back to his starting point
            record.visits = []  # project ruling reaper_back: the others need not roll
            ctx.emit("reaper_moved", space=0, why="chart")
    else:
        options = list(BOONS) + (["teleport"] if state.mode == "road" and not record.graveyard_fight else [])
        state.decision = Decision(kind="reaper_boon", hero=hero.uid, options=options)


def answer(ctx: Ctx, decision: Decision, option: str) -> bool:
    state = ctx.state
    if decision.kind == "guardians" and option == "reaper":
        record = decks.ext(ctx)
        record.graveyard_fight = True
        record.visits = list(state.order)  # E3h: each character rolls on his chart
        record.reaper_visits += 1
        ctx.emit("reaper_faced", destination=GRAVEYARD)
        return True
    if decision.kind != "reaper_boon":
        return False
    assert decision.hero is not None
    hero = state.hero(decision.hero)
    if option in ("strength", "craft", "gold", "fate"):
        hero_rules.change(ctx, hero, option, 1, "grim_reaper")  # type: ignore[arg-type]  # one of the four
    elif option == "life":
        hero_rules.gain_life(ctx, hero, 1, "grim_reaper")
    elif option == "spell":
        hero_rules.draw_spells(ctx, hero, 1, "grim_reaper")
    else:
        state.tasks.append(TeleportTask(target="any", hero=hero.uid))
    return True


# ----------------------------------------------------------------------------- E3: the Graveyard
def departures(ctx: Ctx, region_trove: list[str]) -> list[str]:
    """E3b: the party may choose the road to the Graveyard (not again until home, E3l)."""
    if GRAVEYARD in region_trove and not decks.ext(ctx).graveyard_done:
        return [f"depart:{GRAVEYARD}"]
    return []


def set_trove(ctx: Ctx, destination: str) -> Trove | None:
    """E3d-f: the Reaper deck replaces the core's; three Reaper Magic Objects and a d6 of Gold."""
    record = decks.ext(ctx)
    if destination != GRAVEYARD or record.graveyard_done:
        return None
    decks.hold(ctx, ID, GRAVEYARD_REASON)
    decks.shuffle_in_spells(ctx, ID)
    items = decks.draw_trove(ctx, ID, GRAVEYARD_ITEMS)
    gold = sum(ctx.state.rng.d6() for _ in range(ctx.pack.rules.trove_gold_dice.value))
    ctx.emit("trove_set", reveals=True, items=len(items))
    return Trove(items=items, gold=gold)


def guardian_options(ctx: Ctx, decision: Decision) -> None:
    """E3a: at the Graveyard the party may face the Grim Reaper instead of the trove's guardians."""
    trip = ctx.state.trip
    record = decks.ext(ctx)
    if (trip is not None and trip.destination == GRAVEYARD and trip.goal == "trove" and ctx.state.fight is None
            and GRAVEYARD_REASON in record.reasons and not record.graveyard_fight):
        decision.options.insert(0, "reaper")


def _graveyard_won(ctx: Ctx) -> None:
    """E3k: the trove is shared out as after a Guardian Combat; the core deck comes back."""
    from engine.darkest_talisman import guardians

    record = decks.ext(ctx)
    record.graveyard_fight = False
    record.graveyard_done = True
    state = ctx.state
    if not state.order or state.trip is None or state.trip.trove is None:
        return
    state.trip.trove.revealed = True
    ctx.emit("trove_revealed", reveals=True, items=[card_id(u) for u in state.trip.trove.items], gold=state.trip.trove.gold,
             guardians=[], objects=[])
    state.fight = GuardianFight(kind="trove")
    guardians.won(ctx)
    decks.release(ctx, GRAVEYARD_REASON)


def trove_won(ctx: Ctx) -> None:
    """E3k after the guardians (C8d) were fought instead of the Reaper."""
    trip = ctx.state.trip
    if trip is not None and trip.destination == GRAVEYARD:
        decks.ext(ctx).graveyard_done = True
    decks.release(ctx, GRAVEYARD_REASON)


# ----------------------------------------------------------------------------- E5: his Spells
def casts(ctx: Ctx, hero: Hero, uid: str, kind: str, on_road: bool) -> list[Cast]:
    """The Reaper Spells that act on him (Barrier, Slow Motion, Misdirection) and Speed, on a road
    between cards (E5b); Resurrection is cast at a death, never as a free action."""
    state = ctx.state
    record = decks.ext(ctx)
    trip = state.trip
    if not on_road or trip is None:
        return []
    figure = record.figure(FIGURE)
    if kind == "barrier":
        return [Cast(hero=hero.uid, spell=uid, target=f"road:{k}") for k in range(len(trip.road)) if k not in record.barriers]
    if kind == "slow_motion" and figure is not None and not figure.slow:
        return [Cast(hero=hero.uid, spell=uid)]
    if kind == "misdirection" and figure is not None and not figure.reversed:
        return [Cast(hero=hero.uid, spell=uid)]
    if kind == "speed" and trip.heading == "out" and trip.position + 2 <= len(trip.road) - 1 and not state.tasks:
        return [Cast(hero=hero.uid, spell=uid)]
    return []


def resolve(ctx: Ctx, hero: Hero, kind: str, action: Cast) -> None:
    record = decks.ext(ctx)
    figure = record.figure(FIGURE)
    if kind == "barrier":
        record.barriers.append(int((action.target or "road:0").split(":")[1]))
    elif kind == "slow_motion" and figure is not None:
        figure.slow = True
    elif kind == "misdirection" and figure is not None:
        figure.reversed = True
    elif kind == "speed":
        trip = ctx.state.live_trip()
        for s in trip.spots:
            s.met = True  # E5 Speed: the rest of this space's cards are skipped, left where they lie
        roads.skip(ctx)


def before_death(ctx: Ctx, hero: Hero) -> bool:
    """E5 Resurrection: a character of the party holding it casts it on the dying one (always:
    project ruling `resurrection_always`): back with his starting Strength, Craft, Life, alignment
    and Fate; he drops nothing. True: the death does not happen."""
    for caster in ctx.state.party():
        uid = next((u for u in caster.spells if ctx.pack.spell(card_id(u)).kind == "resurrection"), None)
        if uid is None:
            continue
        caster.spells.remove(uid)
        cards.discard(ctx, uid)
        sheet = hero_rules.sheet(ctx.pack, hero)
        hero.strength, hero.craft, hero.life, hero.fate = sheet.strength, sheet.craft, sheet.life, sheet.fate
        hero.alignment = sheet.alignment
        ctx.emit("resurrected", hero.uid, victim=caster.uid)
        return True
    return False
