"""Guardian Combat (C8): the trove's guardians, the Sentinel and the Tower's foes.

C8d: 2d6 Adventure cards are drawn; only Enemies and Objects are kept; the Enemies become the
guardians, equipped with the trove's Magic Objects and the drawn Objects (weapons and Strength
items to the strongest, Craft items and helmets to the craftiest, armour and shields to the
strongest; Spell-giving items let the craftiest draw Scrolls; what nobody can use stays with
the gold). C8e: there is no evading; each side casts Spells one at a time, the Enemy first; bows
shoot; then the fight is simultaneous and uses no dice: each side adds up its Strength, then its
Craft. The party shares each total out among the Enemies fought by that figure as it chooses
(asked when there is more than one way; or its named target first, then the weakest), killing
every Enemy whose score it reaches; an Enemy holding an item of the other figure adds it to its
side's total but dies only through its own (C8e-e, g, i). The Enemies strike the characters from
the weakest up, each surpassed score costing a life and a token, the rest going on (C8e-h).
Armour saves afterwards, a shield once per combat (C8e-j). Unbeaten Enemies may be fought again
at once, or the party turns back (C8e-k); beaten, the trove is looted (C8e-l).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.clone import clone
from engine.darkest_talisman import cards, ground
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import EnemyCard, ObjectCard, Pack
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import Decision, Guardian, GuardianFight, Hero, Trove, card_id

GUARDIAN_SPELLS = ("damage", "ally", "heal", "combat_bonus")


# ----------------------------------------------------------------------------- the trove
def set_trove(ctx: Ctx, region_id: str) -> Trove:
    """C3b-c: Magic Objects drawn face down and a d6 of Gold, looked at only when fought for."""
    region = ctx.pack.region(region_id)
    items = [ctx.state.decks.trove.pop() for _ in range(min(region.trove_items, len(ctx.state.decks.trove)))]
    gold = sum(ctx.state.rng.d6() for _ in range(ctx.pack.rules.trove_gold_dice.value))
    ctx.emit("trove_set", reveals=True, items=len(items))
    return Trove(items=items, gold=gold)


def _guardian_from_card(ctx: Ctx, uid: str) -> Guardian:
    card = ctx.pack.card(card_id(uid))
    assert isinstance(card, EnemyCard)
    return Guardian(uid=uid, of=card.id, kind=card.kind, strength=card.strength or 0, craft=card.craft or 0)


def trove_guardians(ctx: Ctx) -> GuardianFight:
    """C8d a-k."""
    state = ctx.state
    trip = state.trip
    assert trip is not None and trip.trove is not None
    n = sum(ctx.dice(ctx.pack.rules.guardian_dice.value, "guardians"))
    guardians: list[Guardian] = []
    objects: list[str] = []
    for _ in range(n):
        uid = cards.draw_adventure(ctx)
        if uid is None:
            break
        card = ctx.pack.card(card_id(uid))
        if isinstance(card, EnemyCard):
            guardians.append(_guardian_from_card(ctx, uid))
        elif isinstance(card, ObjectCard):
            objects.append(uid)
        else:
            cards.discard(ctx, uid)
    figures: list[Guardian] = []
    if state.ext is not None:  # an expansion's figure joins the guardians, never equipped (F8h)
        from engine.darkest_talisman.hookpoint import hooks

        figures = hooks.trove_guardians(ctx)
    if state.ext is not None:  # a Region's master joins them (K6g, L6a, M8a)
        from engine.darkest_talisman.hookpoint import hooks

        guardians += hooks.master_guardians(ctx)
    trip.trove.revealed = True
    ctx.emit("trove_revealed", reveals=True, items=[card_id(u) for u in trip.trove.items], gold=trip.trove.gold,
             guardians=[g.of for g in guardians + figures], objects=[card_id(u) for u in objects])
    left = equip(ctx, guardians, trip.trove.items + objects)
    guardians += figures
    fight = GuardianFight(kind="trove", guardians=guardians)
    trip.trove.items = left
    if guardians:
        ctx.emit("guardians", guardians=[{"of": g.of, "strength": g.strength, "craft": g.craft,
                                          "items": [card_id(i) for i in g.items], "scrolls": len(g.scrolls)}
                                         for g in guardians])
    return fight


def equip(ctx: Ctx, guardians: list[Guardian], items: list[str]) -> list[str]:
    """C8d g-k; returns what stays in the trove (set with the gold)."""
    pack = ctx.pack

    def card(uid: str) -> ObjectCard:
        return hero_rules.obj(pack, uid)

    def best(attr: str, slot: str, pool: list[Guardian] | None = None) -> Guardian | None:
        free = [g for g in (pool or guardians) if not any(_slot_of(pack, i) == slot for i in g.items)]
        if not free:
            return None
        top = max(free, key=lambda g: (getattr(g, attr), -guardians.index(g)))
        if getattr(top, attr) <= 0:
            other = "craft" if attr == "strength" else "strength"
            top = max(free, key=lambda g: (getattr(g, other), -guardians.index(g)))
        return top

    left: list[str] = []
    ordered = sorted(items, key=lambda u: (-(card(u).strength + card(u).craft), items.index(u)))
    for uid in ordered:
        c = card(uid)
        taker: Guardian | None = None
        if not guardians or "evil" in c.not_for:
            taker = None  # C8d-d, k: Enemies count as evil; what they may not use lies with the Gold
        elif c.slot == "weapon":
            taker = best("strength", "weapon")
        elif c.slot in ("armour", "shield"):
            taker = best("strength", c.slot)
        elif c.slot == "helmet":
            taker = best("craft", "helmet")
        elif c.spells or c.keeps_spell:
            taker = best("craft", "spells")
        elif c.craft > 0:
            taker = best("craft", "other")
        elif c.strength > 0:
            taker = best("strength", "other")
        if taker is None:
            left.append(uid)
            continue
        taker.items.append(uid)
        taker.strength += c.strength
        taker.craft += c.craft
        for _ in range(max(c.spells, 1 if c.keeps_spell else 0)):
            scroll = cards.draw_spell(ctx)
            if scroll is not None:
                taker.scrolls.append(scroll)
    return left


def _slot_of(pack: Pack, uid: str) -> str:
    c = hero_rules.obj(pack, uid)
    if c.slot in ("weapon", "armour", "shield", "helmet"):
        return c.slot
    return "spells" if c.spells or c.keeps_spell else "other"


def foes_fight(
    ctx: Ctx, kind: str, foe_id: str, count: int, *, strength: list[int] | None = None, craft: int | None = None
) -> GuardianFight:
    """The Sentinel, Werewolves, Pit Fiends, the Valley's Spirit: foes with no equipment."""
    foe = ctx.pack.foe(foe_id)
    guardians = []
    for i in range(count):
        s = strength[i] if strength is not None else (foe.strength or 0)
        c = craft if craft is not None else (foe.craft or 0)
        guardians.append(Guardian(uid=f"{foe_id}@{i + 1}", of=foe_id, kind=foe.kind, strength=s, craft=c))
    ctx.emit("guardians", guardians=[{"of": g.of, "strength": g.strength, "craft": g.craft, "items": [], "scrolls": 0}
                                     for g in guardians])
    return GuardianFight(kind=kind, guardians=guardians)


def living(fight: GuardianFight) -> list[Guardian]:
    return [g for g in fight.guardians if not g.dead]


# ----------------------------------------------------------------------------- a round
def start(ctx: Ctx, option: str, destination: str | None) -> None:
    """The party presses "fight" ("fight:<uid>": striking that Enemy first) at a destination or a
    Tower space: the Sentinel (C5b) or the trove's guardians (C8d) are found the first time, a
    trove with none is won at once, then a round begins (C8e-a). The engine and the forecast
    both start a combat here."""
    state = ctx.state
    if state.fight is None:
        state.fight = foes_fight(ctx, "sentinel", "sentinel", 1) if destination == "sentinel" else trove_guardians(ctx)
        if not state.fight.guardians:
            ctx.emit("no_guardians")
            won(ctx)
            return
    begin(ctx, option.split(":", 1)[1] if ":" in option else None)


def begin(ctx: Ctx, focus: str | None) -> None:
    """The party (re)starts the combat: C8e-a. The Priest may destroy one Spirit (C8e-b)."""
    fight = ctx.state.fight
    assert fight is not None
    fight.rounds += 1
    ctx.state.stats.guardian_fights += 1
    fight.focus = focus
    fight.stage = "casting"
    fight.allies = fight.enemy_allies = 0
    fight.hero_damage, fight.hero_bonus, fight.passed = {}, {}, []
    fight.split, fight.shot, fight.shields_used = {}, [], []
    fight.enemy_turn = True
    for g in fight.guardians:
        g.damage_strength = g.damage_craft = g.bonus_strength = g.bonus_craft = 0
    ctx.emit("guardian_combat", round=fight.rounds, guardians=[g.of for g in living(fight)])
    if not fight.banished:
        priest = next((h for h in ctx.state.party() if hero_rules.has_ability(ctx.pack, h, "banish_spirits")), None)
        spirits = [g for g in living(fight) if g.kind == "spirit"]
        if priest is not None and spirits:
            target = max(spirits, key=lambda g: g.craft)
            _remove(ctx, target, why="banished")
            fight.banished = True
            ctx.emit("banished", priest.uid, enemy=target.of)
    if ctx.state.ext is not None:  # an expansion's blows and bonuses before the combat (K7 Rogue)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.guardian_combat_begins(ctx)


def _can_cast(ctx: Ctx, hero: Hero) -> bool:
    return not hero_rules.has_amulet(ctx.pack, hero) and not ground.no_magic_here(ctx)


def hero_spells(ctx: Ctx, hero: Hero) -> list[str]:
    """D3a: only Spells with an effect in Guardian Combat."""
    if not _can_cast(ctx, hero):
        return []
    out = []
    for uid in hero.spells:
        spell = ctx.pack.spell(card_id(uid))
        if spell.kind not in GUARDIAN_SPELLS:
            continue
        if spell.kind == "heal" and not any(h.life < hero_rules.sheet(ctx.pack, h).life for h in ctx.state.party()):
            continue
        out.append(uid)
    return out


def run_casting(ctx: Ctx) -> None:
    """C8e-c: Spells one at a time, the Enemy first; then C8e-d to j."""
    state = ctx.state
    fight = state.fight
    assert fight is not None
    if fight.enemy_turn:
        fight.enemy_turn = False
        _enemy_casts(ctx)
    for hero in state.party():
        if hero.uid in fight.passed:
            continue
        spells = hero_spells(ctx, hero)
        if spells:
            state.decision = Decision(kind="guardian_spell", hero=hero.uid,
                                      options=[f"cast:{u}" for u in spells] + ["pass"])
            attach_forecast(ctx)
            return
        fight.passed.append(hero.uid)
    while _enemy_casts(ctx):
        pass
    strike(ctx)


def answer_spell(ctx: Ctx, option: str) -> None:
    fight = ctx.state.fight
    assert fight is not None and ctx.state.decision is not None
    hero = ctx.state.hero(ctx.state.decision.hero or "")
    if option == "pass":
        fight.passed.append(hero.uid)
        return
    uid = option.split(":", 1)[1]
    spell = ctx.pack.spell(card_id(uid))
    hero.spells.remove(uid)
    cards.discard(ctx, uid)
    ctx.emit("spell_cast", hero.uid, spell=spell.id, guardian=True)
    if spell.kind == "damage":
        target = _strongest_enemy(fight)
        if target is not None:
            _hurt(target, spell.amount)
            ctx.emit("guardian_damaged", enemy=target.of, amount=spell.amount)
    elif spell.kind == "ally":
        fight.allies += spell.amount
    elif spell.kind == "combat_bonus":
        key = f"{hero.uid}:{spell.attribute}"
        fight.hero_bonus[key] = fight.hero_bonus.get(key, 0) + spell.amount
    elif spell.kind == "heal":
        wounded = max(ctx.state.party(), key=lambda h: hero_rules.sheet(ctx.pack, h).life - h.life)
        hero_rules.heal(ctx, wounded, spell.amount, spell.id)
    hero_rules.keep_a_spell(ctx, hero)  # the Prophetess, the Wizard, the Wand
    fight.enemy_turn = True


def fought_by(g: Guardian) -> str:
    """The figure an Enemy is fought and killed through: its own, Craft for a Spirit, Strength for
    the rest (C8e-g: 'all Strength based Enemies will be killed, even if they have a Craft
    score'; C8e-i the same for Craft). Items of the other figure (a Spirit given the Runesword,
    C8d-h) add to its side's total of that figure (C8e-a) but do not make it Strength based, so
    C8e-e's 'reduced to zero in the Attribute taking damage' is its own figure."""
    return "craft" if g.kind == "spirit" else "strength"


def _hurt(g: Guardian, amount: int) -> None:
    """Damage before the simultaneous steps (a Spell, a bow) goes to the figure it is fought by."""
    if fought_by(g) == "strength":
        g.damage_strength += amount
    else:
        g.damage_craft += amount


def _strongest_enemy(fight: GuardianFight) -> Guardian | None:
    alive = living(fight)
    if not alive:
        return None
    return max(alive, key=lambda g: (g.strength - g.damage_strength, g.craft - g.damage_craft))


def _strongest_hero(ctx: Ctx) -> Hero | None:
    party = ctx.state.party()
    return max(party, key=lambda h: hero_rules.total(ctx.pack, h, "strength")) if party else None


def _enemy_casts(ctx: Ctx) -> bool:
    """The next Scroll an Enemy can use in combat (C8d-j: useless ones are not cast)."""
    fight = ctx.state.fight
    assert fight is not None
    for g in living(fight):
        for uid in list(g.scrolls):
            spell = ctx.pack.spell(card_id(uid))
            if spell.kind not in ("damage", "ally", "combat_bonus"):
                continue
            g.scrolls.remove(uid)
            cards.discard(ctx, uid)
            ctx.emit("scroll_cast", enemy=g.of, spell=spell.id)
            if spell.kind == "damage":
                target = _strongest_hero(ctx)  # C8e-c note: the strongest character first
                if target is not None:
                    key = f"{target.uid}:strength"
                    fight.hero_damage[key] = fight.hero_damage.get(key, 0) + spell.amount
            elif spell.kind == "ally":
                fight.enemy_allies += spell.amount
            elif spell.attribute == "craft":
                g.bonus_craft += spell.amount
            else:
                g.bonus_strength += spell.amount
            return True
    return False


def _hero_score(ctx: Ctx, hero: Hero, attr: str, shooters: set[str]) -> int:
    no_magic = ground.no_magic_here(ctx)
    value = hero_rules.total(ctx.pack, hero, attr, no_magic=no_magic)  # type: ignore[arg-type]  # attr is "strength" or "craft" (the loops over both)
    if hero.uid in shooters and attr == "strength" and not no_magic:
        # C8e-h: a bow shot before the combat is expended and not counted again; the character
        # fights on with his other weapon (one weapon counts, C7d; two for the Warrior)
        unshot = hero.model_copy(update={"objects": [u for u in hero.objects if not hero_rules.obj(ctx.pack, u).missile]})
        value -= hero_rules.object_bonus(ctx.pack, hero, "strength") - hero_rules.object_bonus(ctx.pack, unshot, "strength")
    value += ctx.state.live_fight().hero_bonus.get(f"{hero.uid}:{attr}", 0)
    value -= ctx.state.live_fight().hero_damage.get(f"{hero.uid}:{attr}", 0)
    return max(0, value)


def _enemy_score(g: Guardian, attr: str) -> int:
    if attr == "strength":
        return max(0, g.strength + g.bonus_strength - g.damage_strength) if g.strength > 0 else 0
    return max(0, g.craft + g.bonus_craft - g.damage_craft) if g.craft > 0 else 0


def allocate(total: int, targets: list[tuple[str, int]], focus: str | None) -> list[str]:
    """C8e-g: the party's total shared out, its chosen Enemy first then the weakest; an Enemy
    dies when the damage given it reaches its score."""
    order = sorted(targets, key=lambda t: (t[0] != focus, t[1]))
    killed = []
    for uid, score in order:
        if total >= score:
            killed.append(uid)
            total -= score
    return killed


def distribute(pool: int, scores: list[tuple[str, int]], lives: dict[str, int]) -> dict[str, int]:
    """C8e-h: the Enemies strike the weakest character first; each score surpassed costs a life
    and the rest goes on, round the party again while it surpasses someone (a score of 0 still
    takes 1 point: project ruling `guardian_damage`)."""
    hits = {uid: 0 for uid, _ in scores}
    order = sorted(scores, key=lambda t: t[1])
    progress = True
    while progress and pool > 0:
        progress = False
        for uid, score in order:
            if hits[uid] >= lives[uid]:
                continue
            if pool <= score:
                break
            hits[uid] += 1
            pool -= max(1, score)
            progress = True
    return hits


def strike(ctx: Ctx) -> None:
    """C8e-d to j: the shots and the Spells' damage first, then the party's choice of how it
    shares out each total (C8e-g: 'as they choose'), then the simultaneous blows."""
    state = ctx.state
    fight = state.fight
    assert fight is not None
    if fight.stage == "casting":
        _before_blows(ctx)
        if not state.party():
            return
        fight.stage = "split"
    for attr in ("strength", "craft"):
        if attr in fight.split:
            continue
        ours = _party_score(ctx, attr)
        targets = [(g.uid, _enemy_score(g, attr)) for g in living(fight) if fought_by(g) == attr]
        if fight.focus is not None:
            fight.split[attr] = allocate(ours, targets, fight.focus)
            continue
        choices = kill_choices(ctx, ours, targets)
        if len(choices) > 1:
            state.decision = Decision(kind="guardian_split", options=["kill:" + "+".join(c) for c in choices],
                                      data={"attribute": attr, "total": ours})
            attach_forecast(ctx)
            return
        fight.split[attr] = choices[0] if choices else []
    _blows(ctx)


#: at most this many ways of sharing a total out are offered (the most kills first)
MAX_SPLITS = 20


def kill_choices(ctx: Ctx, total: int, targets: list[tuple[str, int]]) -> list[list[str]]:
    """C8e-g: every way the party's total can be shared out that kills as it chooses: each set of
    Enemies whose scores the total reaches and to which no other Enemy could be added (killing
    fewer is never better). Enemies alike (the same card, score and items) count once; the sets
    that kill the most, then the most points, come first.

    Enemies alike are interchangeable, so a set is a count per kind of Enemy, and the copy named
    for a count is its first ones in `targets` (the set a walk of every subset in binary order
    meets first); the counts are walked kind by kind, leaving a branch once its scores pass the
    total. A big guardian draw (17 Enemies late in a campaign) then costs a few hundred sets, not
    the 2**17 subsets it once did, with the same sets in the same order."""
    fight = ctx.state.fight
    assert fight is not None
    score_of = dict(targets)
    if len(score_of) != len(targets) or any(score < 0 for _, score in targets):
        return _kill_choices_by_subset(ctx, total, targets)  # kinds need unique uids and no negative score
    by_uid = {g.uid: g for g in fight.guardians}
    kinds: dict[tuple[object, ...], list[int]] = {}
    for i, (uid, score) in enumerate(targets):
        g = by_uid[uid]
        kinds.setdefault((g.of, score, tuple(sorted(card_id(item) for item in g.items))), []).append(i)
    groups = list(kinds.values())
    scores = [targets[members[0]][1] for members in groups]
    found: list[list[str]] = []
    counts = [0] * len(groups)

    def share_out(k: int, spent: int) -> None:
        if spent > total:
            return
        if k == len(groups):
            if all(counts[j] == len(groups[j]) or spent + scores[j] > total for j in range(len(groups))):
                chosen = sorted(i for j, members in enumerate(groups) for i in members[:counts[j]])
                found.append([targets[i][0] for i in chosen])
            return
        for c in range(len(groups[k]) + 1):
            if spent + c * scores[k] > total:
                break
            counts[k] = c
            share_out(k + 1, spent + c * scores[k])
        counts[k] = 0

    share_out(0, 0)
    ranked = sorted(found, key=lambda c: (-len(c), -sum(score_of[u] for u in c), c))
    return ranked[:MAX_SPLITS]


def _kill_choices_by_subset(ctx: Ctx, total: int, targets: list[tuple[str, int]]) -> list[list[str]]:
    """`kill_choices` by walking every subset in binary order: for targets the kinds cannot
    group (a uid twice, a negative score)."""
    fight = ctx.state.fight
    assert fight is not None
    by_uid = {g.uid: g for g in fight.guardians}

    def alike(uid: str) -> tuple[object, ...]:
        g = by_uid[uid]
        return (g.of, dict(targets)[uid], tuple(sorted(card_id(i) for i in g.items)))

    found: dict[tuple[object, ...], list[str]] = {}
    n = len(targets)
    for mask in range(1 << n):
        chosen = [targets[i] for i in range(n) if mask >> i & 1]
        spent = sum(score for _, score in chosen)
        if spent > total:
            continue
        if any(not mask >> i & 1 and spent + targets[i][1] <= total for i in range(n)):
            continue
        key = tuple(sorted(alike(uid) for uid, _ in chosen))
        found.setdefault(key, [uid for uid, _ in chosen])
    ranked = sorted(found.values(), key=lambda c: (-len(c), -sum(dict(targets)[u] for u in c), c))
    return ranked[:MAX_SPLITS]


def answer_split(ctx: Ctx, option: str) -> None:
    """The party's choice of the Enemies its present total kills (C8e-g, i)."""
    fight = ctx.state.fight
    decision = ctx.state.decision
    assert fight is not None and decision is not None
    attr = str(decision.data["attribute"])
    body = option.split(":", 1)[1]
    fight.split[attr] = body.split("+") if body else []


def _party_score(ctx: Ctx, attr: str) -> int:
    fight = ctx.state.fight
    assert fight is not None
    shooters = set(fight.shot)
    return sum(_hero_score(ctx, h, attr, shooters) for h in ctx.state.party()) + (fight.allies if attr == "strength" else 0)


def _before_blows(ctx: Ctx) -> None:
    """C8e-d, e: bows shoot; what the Spells and the shots did is settled before the blows."""
    state = ctx.state
    fight = state.fight
    assert fight is not None
    party = state.party()
    # d) bows and the like, before the simultaneous combat
    shooters: set[str] = set()
    for hero in party:
        shots = sum(
            hero_rules.obj(ctx.pack, u).missile
            for u in hero.objects
            if not ground.no_magic_here(ctx) or hero_rules.obj(ctx.pack, u).type != "magic_object"
        )
        target = _strongest_enemy(fight)
        if shots and target is not None:
            shooters.add(hero.uid)
            _hurt(target, shots)
            ctx.emit("guardian_shot", hero.uid, enemy=target.of, amount=shots)
    for g in living(fight):
        shots = sum(hero_rules.obj(ctx.pack, u).missile for u in g.items)
        victim = _strongest_hero(ctx)
        if shots and victim is not None:
            key = f"{victim.uid}:strength"
            fight.hero_damage[key] = fight.hero_damage.get(key, 0) + shots
            ctx.emit("guardian_shot_at", victim.uid, enemy=g.of, amount=shots)
    # e) what the Spells and shots did before the simultaneous steps
    for g in living(fight):
        own = fought_by(g)
        down = getattr(g, f"damage_{own}") > 0 and _enemy_score(g, own) <= 0
        if down and not _guardian_saved(ctx, g, own, shield_ok=True):
            _remove(ctx, g, why="damage")
    shield_left = {h.uid: True for h in party}
    for hero in party:
        for attr in ("strength", "craft"):
            dmg = fight.hero_damage.get(f"{hero.uid}:{attr}", 0)
            if dmg > hero_rules.total(ctx.pack, hero, attr) and hero.alive:
                _hero_hit(ctx, hero, attr, shield_left)
    fight.shot = sorted(shooters)
    fight.shields_used = sorted(u for u, left in shield_left.items() if not left)


def _blows(ctx: Ctx) -> None:
    """C8e-f to j: the simultaneous blows, Strength then Craft, with the party's chosen kills."""
    state = ctx.state
    fight = state.fight
    assert fight is not None
    party = state.party()
    shooters = set(fight.shot)
    shield_left = {h.uid: h.uid not in fight.shields_used for h in party}
    # f) to i) the simultaneous combat: Strength, then Craft; the dead still count until j)
    killed: set[str] = set()
    hits: dict[str, list[str]] = {h.uid: [] for h in party}
    lives = {h.uid: h.life for h in party}
    scores_by_attr = {}
    marked: list[str] = []
    for attr in ("strength", "craft"):
        ours = _party_score(ctx, attr)
        # C8e-a: every Enemy's figure counts in its side's total; C8e-g, i: only those fought by
        # this figure can be killed by it, the ones the party chose
        theirs = sum(_enemy_score(g, attr) for g in living(fight)) + (fight.enemy_allies if attr == "strength" else 0)
        dead_now = [u for u in fight.split.get(attr, []) if any(g.uid == u for g in living(fight))]
        killed.update(dead_now)
        left_lives = {u: lives[u] - len(hits[u]) for u in lives}
        scores = [(h.uid, _hero_score(ctx, h, attr, shooters)) for h in party]
        if state.ext is not None:  # those an expansion's guardian strikes (the Werewolf's chart, F8i)
            from engine.darkest_talisman.hookpoint import hooks

            marked += [u for u in hooks.guardian_strikes(ctx, attr, scores, left_lives) if u not in marked]
        taken = distribute(theirs, scores, left_lives)
        for uid, n in taken.items():
            hits[uid] += [attr] * n
        scores_by_attr[attr] = {"party": ours, "enemies": theirs, "killed": [g for g in dead_now]}
    ctx.emit("guardian_totals", strength=scores_by_attr["strength"], craft=scores_by_attr["craft"])
    # j) armour, then the tokens; the dead are removed
    for hero in party:
        for attr in hits[hero.uid]:
            if not hero.alive:
                break
            _hero_hit(ctx, hero, attr, shield_left)
    for g in list(living(fight)):
        if g.uid in killed:
            if not _guardian_saved(ctx, g, fought_by(g), shield_ok=True):
                _remove(ctx, g, why="killed")
    if marked:
        from engine.darkest_talisman.hookpoint import hooks

        hooks.guardian_struck(ctx, marked)
    fight.stage = "ready"
    fight.split, fight.shot, fight.shields_used = {}, [], []
    if not state.order:
        return
    if not living(fight):
        won(ctx)
    else:
        ctx.emit("guardians_stand", guardians=[g.of for g in living(fight)])


def _hero_hit(ctx: Ctx, hero: Hero, attr: str, shield_left: dict[str, bool]) -> None:
    """One loss: armour first (a shield once per combat, C8e-j), then a life and a token."""
    no_magic = ground.no_magic_here(ctx)
    uid = hero_rules.armour_for(ctx.pack, hero, attr, shield_ok=shield_left.get(hero.uid, False), no_magic=no_magic)  # type: ignore[arg-type]  # attr is "strength" or "craft" (the loops over both)
    if uid is not None:
        card = hero_rules.obj(ctx.pack, uid)
        if card.slot == "shield":
            shield_left[hero.uid] = False
        face = ctx.d6("armour", hero.uid)
        held = face >= (card.save or 7)
        ctx.emit("armour", hero.uid, armour=card.id, face=face, need=card.save, held=held)
        if held:
            return
    died = hero_rules.lose_life(ctx, hero, 1, "guardian_combat")
    hero_rules.change(ctx, hero, attr, -1, "guardian_combat")  # type: ignore[arg-type]  # attr is "strength" or "craft" (the loops over both)
    if died:
        hero_rules.kill(ctx, hero, "guardian_combat")


def _guardian_saved(ctx: Ctx, g: Guardian, attr: str, *, shield_ok: bool) -> bool:
    """C8d-i: a killed Enemy with armour rolls as a character would; saved, it is back at full."""
    best: tuple[int, str] | None = None
    for uid in g.items:
        c = hero_rules.obj(ctx.pack, uid)
        if c.save is None or c.special == "defiance":  # the Shield of Defiance: not in Guardian Combat (H5)
            continue
        fits = (c.slot == "armour" and attr == "strength") or (c.slot == "helmet" and attr == "craft") or \
               (c.slot == "shield" and shield_ok)
        if fits and (best is None or c.save < best[0]):
            best = (c.save, uid)
    if best is None:
        return False
    face = ctx.d6("guardian_armour")
    held = face >= best[0]
    ctx.emit("guardian_armour", enemy=g.of, armour=card_id(best[1]), face=face, need=best[0], held=held)
    if held:
        g.damage_strength = g.damage_craft = 0
    return held


def _remove(ctx: Ctx, g: Guardian, why: str) -> None:
    """A dead Enemy is discarded; its things fall into the trove, useless to the others (C8e-e)."""
    fight = ctx.state.fight
    assert fight is not None
    g.dead = True
    fight.fallen.extend(g.items + g.scrolls)
    g.items, g.scrolls = [], []
    if "#" in g.uid:
        cards.discard(ctx, g.uid)
    ctx.emit("guardian_dead", enemy=g.of, why=why)


def won(ctx: Ctx) -> None:
    """C8e-l: the Gold is split evenly (what does not split goes round in Marching Order:
    project ruling `gold_split`), then the party chooses who takes which thing."""
    state = ctx.state
    fight = state.fight
    assert fight is not None
    fight.won = True
    fight.stage = "loot"
    gold = fight.fallen_gold
    fight.fallen_gold = 0
    trip = state.trip
    if fight.kind == "trove" and trip is not None and trip.trove is not None:
        gold += trip.trove.gold
        trip.trove.gold = 0
        fight.fallen = trip.trove.items + fight.fallen
        trip.trove.items = []
        state.stats.troves_won += 1
    party = state.party()
    share, rest = divmod(gold, len(party))
    for i, hero in enumerate(party):
        got = share + (1 if i < rest else 0)
        hero.gold += got
    ctx.emit("guardians_beaten", kind=fight.kind, gold=gold, loot=[card_id(u) for u in fight.fallen])


def loot_options(ctx: Ctx) -> list[str]:
    fight = ctx.state.fight
    assert fight is not None
    out = []
    for uid in fight.fallen:
        for hero in ctx.state.party():
            if _is_spell(ctx, uid):
                if hero_rules.spell_room(ctx, hero) > 0:
                    out.append(f"give:{uid}:{hero.uid}")
            elif hero_rules.room_for(ctx.pack, hero, uid):
                out.append(f"give:{uid}:{hero.uid}")
    return out + ["done"]


def _is_spell(ctx: Ctx, uid: str) -> bool:
    return cards.deck_of(ctx.pack, uid) == "spell"


def answer_loot(ctx: Ctx, option: str) -> bool:
    """A thing given, or the sharing done (True: the fight is over)."""
    fight = ctx.state.fight
    assert fight is not None
    if option == "done":
        leftovers = fight.fallen
        fight.fallen = []
        spells = [u for u in leftovers if _is_spell(ctx, u)]
        for uid in spells:
            cards.discard(ctx, uid)  # C8d-j: Scrolls nobody converts are discarded
        rest = [u for u in leftovers if not _is_spell(ctx, u)]
        ctx.state.fight = None
        ground.drop(ctx, rest, 0, encountered=True)
        return True
    _, uid, hero_uid = option.split(":")
    fight.fallen.remove(uid)
    hero = ctx.state.hero(hero_uid)
    if _is_spell(ctx, uid):
        hero.spells.append(uid)
        ctx.emit("scroll_taken", hero.uid, spell=card_id(uid))
    else:
        hero_rules.gain_thing(ctx, hero, uid, "loot")
    return False


def dissolve(ctx: Ctx) -> None:
    """The party leaves a fight behind: every card in it goes back where it belongs."""
    fight = ctx.state.fight
    if fight is None:
        return
    for g in fight.guardians:
        for uid in g.items + g.scrolls:
            cards.discard(ctx, uid)
        if not g.dead and "#" in g.uid:
            cards.discard(ctx, g.uid)
    for uid in fight.fallen:
        cards.discard(ctx, uid)
    ctx.state.fight = None


# ----------------------------------------------------------------------------- the forecast
#: the decisions whose answers a forecast is made for, and the answers that fight
FORECAST_KINDS = ("guardians", "tower", "guardian_spell", "guardian_split")


class Unforeseeable(Exception):
    """A die the forecast cannot stand in for was asked for (none is expected in a round)."""


@dataclass
class _Foreseeing(Ctx):
    """The context a forecast runs the round in: a copy of the state, and dice that are not
    rolled but set, all for the party (`lucky`: every armour of the party holds, every
    guardian's fails) or all against it. Guardian Combat rolls no attack dice (C8e); armour is
    its only chance (C8d-i, C8e-j), so the two runs bound every outcome."""

    lucky: bool = False
    forecasting: bool = True

    def dice(self, n: int, why: str, hero: str | None = None) -> list[int]:
        if why == "armour":
            face = 6 if self.lucky else 1
        elif why == "guardian_armour":
            face = 1 if self.lucky else 6
        else:
            raise Unforeseeable(why)
        return [face] * max(0, n)

    def open_roll(self, why: str, hero: str | None = None) -> list[int]:
        raise Unforeseeable(why)


def _run(ctx: Ctx, kind: str, option: str, lucky: bool) -> dict[str, Any] | None:
    """One run of the round on a copy, through the engine's own steps (start, begin,
    run_casting, strike, the blows): the Enemies' Scrolls, held face down, are left out, every
    character still to cast passes, a choice of kills takes the first offered (the most)."""
    state = clone(ctx.state)
    sim = _Foreseeing(state=state, pack=ctx.pack, lucky=lucky)
    state.thefts = []
    if state.fight is not None:
        for g in state.fight.guardians:
            g.scrolls = []
    party = state.party()
    before = {h.uid: h.life for h in party}
    dead_before = {g.uid for g in state.fight.guardians if g.dead} if state.fight is not None else set()
    destination = state.trip.destination if state.trip is not None else None
    try:
        if kind in ("guardians", "tower"):
            state.decision = None
            start(sim, option, destination)
        elif kind == "guardian_spell":
            answer_spell(sim, option)
            state.decision = None
        elif kind == "guardian_split":
            answer_split(sim, option)
            state.decision = None
        for _ in range(100):
            fight = state.fight
            if not state.order or fight is None:
                break
            asked = state.decision
            if asked is not None:
                if asked.kind == "guardian_spell":
                    answer_spell(sim, "pass")
                elif asked.kind == "guardian_split":
                    answer_split(sim, asked.options[0])
                else:
                    break
                state.decision = None
            elif fight.stage == "casting":
                run_casting(sim)
            elif fight.stage == "split":
                strike(sim)
            else:
                break
    except Unforeseeable:
        return None
    fight = state.fight
    totals = next((e.data for e in reversed(sim.events) if e.kind.endswith(".guardian_totals")), None)
    return {
        "lost": {u: before[u] - state.hero(u).life for u in before},
        "dead": {u: not state.hero(u).alive for u in before},
        "won": bool(fight is not None and fight.won and state.order),
        "kills": sorted(g.uid for g in (fight.guardians if fight else []) if g.dead and g.uid not in dead_before),
        "totals": totals,
    }


def forecast(ctx: Ctx, kind: str, option: str) -> dict[str, Any] | None:
    """What pressing `option` of a `kind` decision does, before it is pressed, computed by
    running the round on a copy of the state through the very steps the engine resolves it
    with (so no rule is written twice): for each character the lives lost and whether the
    character dies, whether the party wins, which guardians fall. Armour (the only dice, C8e-j)
    makes a range: `lost` is [if every armour holds, if none does], `dies` and `won` are "yes",
    "no" or "maybe". The Enemies' Scrolls are not counted (held face down, C8d-j): `scrolls`
    says how many could still change it. A trove whose guardians are not yet drawn (C8d a-b)
    gets `unknown_guardians` instead. None: not a fighting answer, or not foreseeable."""
    state = ctx.state
    if kind in ("guardians", "tower") and not option.startswith("fight"):
        return None
    if kind == "guardian_spell" and state.fight is None:
        return None
    destination = state.trip.destination if state.trip is not None else None
    if kind == "guardians" and state.fight is None and destination != "sentinel":
        return unknown_guardians(ctx)
    runs = [_run(ctx, kind, option, lucky) for lucky in (False, True)]
    bad, good = runs
    if bad is None or good is None:
        return None
    heroes = {u: {"lost": [good["lost"][u], bad["lost"][u]],
                  "dies": "yes" if good["dead"][u] else "maybe" if bad["dead"][u] else "no"} for u in bad["lost"]}
    fight = state.fight
    scrolls = sum(len(g.scrolls) for g in fight.guardians if not g.dead) if fight is not None else 0
    return {"known": True, "heroes": heroes, "won": "yes" if bad["won"] else "maybe" if good["won"] else "no",
            "kills": [bad["kills"], good["kills"]], "totals": bad["totals"], "scrolls": scrolls}


#: no Enemy total beyond this is looked for when finding what hurts or kills a character
MOST_POOL = 200


def unknown_guardians(ctx: Ctx) -> dict[str, Any]:
    """A trove's first fight, its guardians not yet drawn (C8d a-b: two dice of Adventure
    cards, only the Enemies kept, armed with the trove's Magic Objects): the range is given by
    the party's side, through the rules' own sharing out (`allocate`'s total, `distribute`'s
    blows): the party's Strength and Craft (what it can kill), and for each character the
    guardians' total that first costs a life and the total that kills, per figure, armour,
    bows and Spells aside."""
    state = ctx.state
    party = state.party()
    no_magic = ground.no_magic_here(ctx)
    lives = {h.uid: h.life for h in party}
    out: dict[str, Any] = {"known": False, "heroes": {h.uid: {} for h in party},
                           "items": len(state.trip.trove.items) if state.trip and state.trip.trove else 0,
                           "dice": ctx.pack.rules.guardian_dice.value}
    if state.ext is not None:  # a guardian known before the draw (the Werewolf at his Den, F8h)
        from engine.darkest_talisman.hookpoint import hooks

        sure = hooks.sure_guardians(ctx)
        if sure:
            out["sure"] = sure
    if state.ext is not None:  # a Region's master, known before the rest are drawn (K6g)
        from engine.darkest_talisman.hookpoint import hooks

        master = hooks.master_waiting(ctx)
        if master is not None:
            out["master"] = master
    for attr in ("strength", "craft"):
        scores = [(h.uid, hero_rules.total(ctx.pack, h, attr, no_magic=no_magic)) for h in party]
        out[attr] = sum(score for _, score in scores)
        for uid, _ in scores:
            hurt = next((p for p in range(MOST_POOL) if distribute(p, scores, lives)[uid] >= 1), None)
            kill = next((p for p in range(MOST_POOL) if distribute(p, scores, lives)[uid] >= lives[uid]), None)
            out["heroes"][uid][attr] = [hurt, kill]
    return out


def attach_forecast(ctx: Ctx) -> None:
    """Put the forecast of each answer of the pending decision into its data (`forecast`, a
    list beside `options`), so the prompt and the buttons say what each does before the press.
    Not inside a forecast's own run."""
    decision = ctx.state.decision
    if decision is None or decision.kind not in FORECAST_KINDS or getattr(ctx, "forecasting", False):
        return
    found = [forecast(ctx, decision.kind, o) for o in decision.options]
    if any(f is not None for f in found):
        decision.data["forecast"] = found


def guardian_of_card(ctx: Ctx, uid: str) -> Guardian:
    """An Enemy card fought as a guardian, unequipped (the Highland's Eyrie Vanguard, K7)."""
    return _guardian_from_card(ctx, uid)
