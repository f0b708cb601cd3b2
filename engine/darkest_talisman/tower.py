"""The Portal of Power and the Tower road (C10): the campaign's end.

The Portal (C10f): a Talisman is discarded, 4d6 are rolled (one die fewer with the Dwarf, D2,
and with the Gnome, D4) against the party's whole Strength or Craft; at or below it the Portal
opens, above it everyone loses a point of it. Beyond, the Tower road's spaces come in a fixed
order (C10a). Moving on is never forced: a space may be met again, or the party moves on when
its requirement is met, or turns back (C10d), which takes it to the village beyond the Sentinel.
No Adventure cards are drawn on the Tower road and nothing is found there (B4d).
"""
from __future__ import annotations

from functools import lru_cache

from engine.darkest_talisman import cards, combat, guardians, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import (
    DeathFate,
    Decision,
    FinalCombat,
    Hero,
    SacrificeTask,
    Tower,
    VampireTask,
)


def road(ctx: Ctx) -> list[str]:
    return ctx.pack.region("tower").road


def space(ctx: Ctx) -> str:
    tower = ctx.state.tower
    assert tower is not None
    return road(ctx)[tower.index]


def rule(ctx: Ctx) -> str | None:
    return ctx.pack.location(space(ctx)).tower_rule


def _payer(ctx: Ctx) -> Hero | None:
    """Who discards the party's Talisman: the first character in Marching Order holding one
    (project ruling `talisman_payer`)."""
    return next((h for h in ctx.state.party() if hero_rules.talismans(h)), None)


def party_total(ctx: Ctx, attr: hero_rules.Attr) -> int:
    return sum(hero_rules.total(ctx.pack, h, attr) for h in ctx.state.party())


def fewer_dice(ctx: Ctx, where: str) -> int:
    """D2 Dwarf (Portal and Mines), D4 Gnome (Portal): one die fewer each."""
    n = 0
    for hero in ctx.state.party():
        if hero_rules.has_ability(ctx.pack, hero, "dwarf_dice") and where in ("portal", "mines"):
            n += 1
        if where == "portal":
            n += sum(hero_rules.follower(ctx.pack, f).portal_dice for f in hero.followers)
            n += sum(hero_rules.obj(ctx.pack, u).portal_dice for u in hero.objects)
    return n


# ----------------------------------------------------------------------------- the Portal
@lru_cache(maxsize=None)
def at_most(total: int, dice: int) -> float:
    """P(the sum of `dice` d6 is at most `total`): the chance an attempt on the Portal of Power
    opens it (for the AI's choice and the odds on the button)."""
    ways = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for s, w in ways.items():
            for f in range(1, 7):
                nxt[s + f] = nxt.get(s + f, 0) + w
        ways = nxt
    outcomes: int = 6 ** dice  # int ** int is typed Any (a negative power would be a float)
    return sum(w for s, w in ways.items() if s <= total) / outcomes


def attempt_portal(ctx: Ctx, attr: hero_rules.Attr) -> None:
    state = ctx.state
    payer = _payer(ctx)
    assert payer is not None
    state.decision = None
    hero_rules.spend_talisman(ctx, payer, "portal_of_power")
    dice = max(1, ctx.pack.rules.portal_dice.value - fewer_dice(ctx, "portal"))
    total = party_total(ctx, attr)
    roll = sum(ctx.dice(dice, "portal_of_power"))
    opened = roll <= total
    ctx.emit("portal", attribute=attr, total=total, roll=roll, dice=dice, opened=opened)
    if not opened:
        for hero in state.party():
            hero_rules.change(ctx, hero, attr, -1, "portal_of_power")
        return
    travel.discard_road(ctx)
    cards.shuffle_discards(ctx)  # C4a-m: into a new region, the Tower Region
    state.trip = None
    state.mode = "tower"
    state.tower = Tower(spent=1)  # the Portal straddles both regions (B2c): its Talisman counts
    arrive(ctx)


# ----------------------------------------------------------------------------- the Tower road
def arrive(ctx: Ctx) -> None:
    """Meet the space the party is on (again, when it chose so)."""
    state = ctx.state
    tower = state.tower
    assert tower is not None
    state.stats.days += 1
    tower.cleared = False
    tower.rest = tower.ours = tower.theirs = 0
    tower.losses = {}
    guardians.dissolve(ctx)
    what = rule(ctx)
    ctx.emit("tower_space", space=space(ctx), index=tower.index)
    if what == "plain_of_peril":
        for hero in state.party():
            if not hero_rules.talismans(hero) and hero_rules.lose_life(ctx, hero, 1, "plain_of_peril"):  # C10g
                hero_rules.kill(ctx, hero, "plain_of_peril")
        tower.cleared = bool(state.order) and all(hero_rules.talismans(h) for h in state.party())
    elif what == "werewolf_den":  # C10k: one Werewolf each, Strength 2d6
        strengths = [sum(ctx.dice(2, "werewolf")) for _ in state.order]
        state.fight = guardians.foes_fight(ctx, "werewolves", "werewolf", len(strengths), strength=strengths)
    elif what == "pits":  # C10m: a d6 of Pit Fiends for each character
        count = sum(ctx.d6("pits", h) for h in list(state.order))
        state.fight = guardians.foes_fight(ctx, "pits", "pit_fiend", count)
    elif what == "valley_of_fire":  # C10n: a d6 for every Talisman spent in the Tower region
        craft = sum(ctx.dice(tower.spent, "valley_of_fire")) if tower.spent else 0
        state.fight = guardians.foes_fight(ctx, "valley", "fire_spirit", 1, craft=craft)
    elif what == "vampire_tower":
        state.tasks.append(VampireTask(heroes=list(state.order)))
    elif what == "crown":
        crown(ctx)


def way_shut(ctx: Ctx) -> dict[str, object]:
    """The `reason` a decision on the way to the Tower carries when the party cannot go on
    there (heroes.talisman_shortfall), to be said in the prompt; empty while the way is open."""
    return hero_rules.talisman_shortfall(ctx) or {}


def options(ctx: Ctx) -> list[str]:
    """The party's choices on a Tower space (C10d)."""
    state = ctx.state
    tower = state.tower
    assert tower is not None
    what = rule(ctx)
    out: list[str] = []
    if tower.cleared:
        out.append("advance")
    elif what in ("crypt", "mines"):
        if _payer(ctx) is not None:
            out.append("attempt")
    elif what == "death":
        out.append("dice")
    elif state.fight is not None and guardians.living(state.fight):
        out.append("fight")
    out.append("again")
    out.append("turn_back")
    return out


def answer(ctx: Ctx, option: str) -> None:
    state = ctx.state
    tower = state.tower
    assert tower is not None
    state.decision = None
    if option == "advance":
        tower.index += 1
        arrive(ctx)
    elif option == "again":
        arrive(ctx)
    elif option == "turn_back":
        guardians.dissolve(ctx)
        state.tower = None
        ctx.emit("turned_back", space=space_name(ctx, tower.index))
        travel.arrive_village(ctx, ctx.pack.region("outer").village or "village_beyond", crossed=False)
    elif option == "attempt":
        _crypt_or_mines(ctx)
    elif option == "dice":
        _dice_with_death(ctx)
    elif option == "fight":
        state.stats.days += 1
        guardians.start(ctx, option, None)


def space_name(ctx: Ctx, index: int) -> str:
    return road(ctx)[index]


def _crypt_or_mines(ctx: Ctx) -> None:
    """C10h, C10i: a Talisman, 4d6 less the party's Strength (Crypt) or Craft (Mines); each
    character may then sacrifice points, one off the rest each."""
    state = ctx.state
    tower = state.tower
    assert tower is not None
    what = rule(ctx)
    attr: hero_rules.Attr = "strength" if what == "crypt" else "craft"
    payer = _payer(ctx)
    assert payer is not None
    hero_rules.spend_talisman(ctx, payer, what or "")
    dice = max(1, ctx.pack.rules.crypt_dice.value - (fewer_dice(ctx, "mines") if what == "mines" else 0))
    roll = sum(ctx.dice(dice, what or ""))
    total = party_total(ctx, attr)
    tower.rest = roll - total
    ctx.emit("tower_check", space=what, roll=roll, total=total, rest=max(0, tower.rest))
    if tower.rest <= 0:
        tower.cleared = True
        return
    state.tasks.append(SacrificeTask(attribute=attr, heroes=list(state.order)))


def run_sacrifice(ctx: Ctx, task: SacrificeTask) -> None:
    state = ctx.state
    tower = state.tower
    assert tower is not None
    while task.index < len(task.heroes):
        hero = state.hero(task.heroes[task.index])
        most = min(tower.rest, getattr(hero, task.attribute))
        if hero.alive and most > 0 and tower.rest > 0:
            state.decision = Decision(kind="sacrifice", hero=hero.uid, options=[f"give:{n}" for n in range(most + 1)],
                                      data={"attribute": task.attribute, "rest": tower.rest})
            return
        task.index += 1
    state.tasks.pop()
    tower.cleared = tower.rest <= 0
    ctx.emit("tower_result", space=space(ctx), cleared=tower.cleared, rest=max(0, tower.rest))


def _next_gives(ctx: Ctx, task: SacrificeTask | DeathFate, option: str) -> tuple[Tower, Hero, int]:
    """The tower, the hero whose answer this is and how many points she gives (`give:n`,
    `fate:n`); the task moves on to the next hero. Both tower rounds that go round the party
    asking for points (C10 sacrifice, C10j Fate) read an answer this way."""
    tower = ctx.state.tower
    assert tower is not None
    hero = ctx.state.hero(task.heroes[task.index])
    n = int(option.split(":")[1])
    task.index += 1
    return tower, hero, n


def answer_sacrifice(ctx: Ctx, task: SacrificeTask, option: str) -> None:
    tower, hero, n = _next_gives(ctx, task, option)
    if n:
        hero_rules.change(ctx, hero, task.attribute, -n, "sacrifice")
        tower.rest -= n


def _dice_with_death(ctx: Ctx) -> None:
    """C10j: 2d6 for the party, 2d6 for Death; Fate adds one each (C10j-e)."""
    state = ctx.state
    tower = state.tower
    assert tower is not None
    state.stats.days += 1
    tower.ours = sum(ctx.dice(2, "dice_with_death"))
    tower.theirs = sum(ctx.dice(2, "death"))
    state.tasks.append(DeathFate(heroes=list(state.order)))


def run_death_fate(ctx: Ctx, task: DeathFate) -> None:
    state = ctx.state
    tower = state.tower
    assert tower is not None
    spare = sum(state.hero(u).fate for u in task.heroes[task.index:] if state.hero(u).alive)
    while task.index < len(task.heroes) and tower.ours <= tower.theirs and spare > 0:
        hero = state.hero(task.heroes[task.index])
        if hero.alive and hero.fate > 0:
            state.decision = Decision(kind="death_fate", hero=hero.uid, options=[f"fate:{n}" for n in range(hero.fate + 1)],
                                      data={"ours": tower.ours, "theirs": tower.theirs})
            return
        task.index += 1
    state.tasks.pop()
    ctx.emit("dice_with_death", ours=tower.ours, theirs=tower.theirs)
    if tower.ours > tower.theirs:
        tower.cleared = True
    elif tower.ours < tower.theirs:
        for hero in state.party():
            if hero_rules.lose_life(ctx, hero, 1, "death"):
                hero_rules.kill(ctx, hero, "death")


def answer_death_fate(ctx: Ctx, task: DeathFate, option: str) -> None:
    tower, hero, n = _next_gives(ctx, task, option)
    if n:
        hero_rules.change(ctx, hero, "fate", -n, "dice_with_death")
        tower.ours += n


def run_vampire(ctx: Ctx, task: VampireTask) -> None:
    """C10l: a d6 each, 1-2 one life, 3-4 two, 5-6 three; a Talisman spares the roll; each
    Follower given up spares a life."""
    state = ctx.state
    tower = state.tower
    assert tower is not None
    while task.index < len(task.heroes):
        hero = state.hero(task.heroes[task.index])
        if not hero.alive:
            task.index += 1
            continue
        if task.stage == "pay":
            if hero_rules.talismans(hero):
                state.decision = Decision(kind="vampire", hero=hero.uid, options=["talisman", "roll"])
                return
            _vampire_roll(ctx, task, hero.uid)
        loss = tower.losses.get(hero.uid, 0)
        if task.stage == "followers" and loss and hero.followers:
            most = min(loss, len(hero.followers))
            state.decision = Decision(kind="vampire_followers", hero=hero.uid,
                                      options=[f"followers:{n}" for n in range(most + 1)], data={"loss": loss})
            return
        _vampire_bite(ctx, hero.uid)
        task.index += 1
        task.stage = "pay"
    state.tasks.pop()
    tower.cleared = bool(state.order)


def _vampire_roll(ctx: Ctx, task: VampireTask, uid: str) -> None:
    tower = ctx.state.tower
    assert tower is not None
    face = ctx.d6("vampire", uid)
    tower.losses[uid] = (face + 1) // 2
    task.stage = "followers"


def _vampire_bite(ctx: Ctx, uid: str) -> None:
    tower = ctx.state.tower
    assert tower is not None
    hero = ctx.state.hero(uid)
    loss = tower.losses.pop(uid, 0)
    if loss and hero_rules.lose_life(ctx, hero, loss, "vampire"):
        hero_rules.kill(ctx, hero, "vampire")


def answer_vampire(ctx: Ctx, task: VampireTask, option: str) -> None:
    state = ctx.state
    tower = state.tower
    assert tower is not None
    hero = state.hero(task.heroes[task.index])
    if option == "talisman":
        hero_rules.spend_talisman(ctx, hero, "vampire_tower")
        task.index += 1
        return
    if option == "roll":
        _vampire_roll(ctx, task, hero.uid)
        return
    n = int(option.split(":")[1])
    for _ in range(n):
        uid = hero.followers[0]
        hero_rules.give_up(ctx, hero, uid)
        cards.discard(ctx, uid)
        ctx.emit("follower_lost", hero.uid, follower=uid.split("#")[0], why="vampire_tower")
    tower.losses[hero.uid] = tower.losses.get(hero.uid, 0) - n
    _vampire_bite(ctx, hero.uid)
    task.index += 1
    task.stage = "pay"


def fight_over(ctx: Ctx) -> None:
    """A Tower Guardian Combat is won (C10k, m, n): the space is cleared."""
    tower = ctx.state.tower
    assert tower is not None
    tower.cleared = True


# ----------------------------------------------------------------------------- the Crown
def crown(ctx: Ctx) -> None:
    """C10 The Tower: the survivors reach the Crown. With the book's ending they fight until one is
    left (C10f-a to e); with the optional co-op ending they win together."""
    state = ctx.state
    party = state.party()
    if state.options.crown == "together" or len(party) <= 1:
        state.crowned = [h.uid for h in party]
        hero_rules.end_campaign(ctx, "won", why="crown")
        return
    ctx.emit("only_one")
    state.tasks.append(FinalCombat())


def run_final(ctx: Ctx, task: FinalCombat) -> None:
    state = ctx.state
    party = state.order
    if len(party) <= 1:
        state.tasks.pop()
        state.crowned = list(party)
        hero_rules.end_campaign(ctx, "won", why="crown")
        return
    task.index %= len(party)
    attacker = party[task.index]
    state.decision = Decision(kind="final_target", hero=attacker,
                              options=[f"target:{u}" for u in party if u != attacker])


def answer_final(ctx: Ctx, task: FinalCombat, option: str) -> None:
    """C10f-b, d: one combat at a time in Marching Order, as normal battles."""
    state = ctx.state
    attacker = state.hero(state.order[task.index % len(state.order)])
    target = state.hero(option.split(":")[1])
    ours = hero_rules.total(ctx.pack, attacker, "strength") + sum(ctx.open_roll("attack", attacker.uid))
    theirs = hero_rules.total(ctx.pack, target, "strength") + sum(ctx.open_roll("attack", target.uid))
    ctx.emit("final_combat", attacker.uid, target=target.uid, ours=ours, theirs=theirs)
    loser = target if ours > theirs else attacker if theirs > ours else None
    if loser is not None and not combat.saved(ctx, loser, "strength", shield_ok=True):
        died = hero_rules.lose_life(ctx, loser, 1, "final_combat")
        hero_rules.change(ctx, loser, "strength", -1, "final_combat")
        if died:
            hero_rules.kill(ctx, loser, "final_combat")
    if attacker.alive:
        task.index = state.order.index(attacker.uid) + 1
    # else the next in order now sits at the attacker's old index


def _teleport_along_the_road(ctx: Ctx, space: str) -> None:
    """A teleport on the Tower road (C10e: only away from the Tower): the party stands on that
    space and meets it."""
    assert ctx.state.tower is not None
    ctx.state.tower.index = road(ctx).index(space)
    arrive(ctx)


travel.TOWER_TELEPORT = _teleport_along_the_road
