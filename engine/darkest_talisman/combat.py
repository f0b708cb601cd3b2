"""Normal combat (C7): one character against one Enemy, with open-ended rolls.

Both sides roll one die; a 6 is kept and rolled again, and again, each time added (C7c), so
no combat is ever sure. The attack score is that roll plus Strength (battle) or Craft (psychic
combat) plus what Objects, Followers and Spells add. Higher wins; a tie is a stand-off. The
loser of a battle loses a life and a Strength token, of a psychic combat a life and a Craft
token (C7e-a, b), unless armour saves: body armour in battle, a helmet in psychic combat, a
shield in either (C7e-c, d, e). A character who lost or tied may spend one Fate to roll again
(facts 6.5): the whole open-ended roll is rolled again (project ruling `fate_reroll`).
"""
from __future__ import annotations

from typing import Literal

from engine.darkest_talisman import cards, effects, ground
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import EnemyCard, SpellCard
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import Combat, Hero, card_id

COMBAT_SPELLS = ("damage", "combat_bonus", "immobility", "ally", "random")


def is_card(task: Combat) -> bool:
    return task.seq is not None


def evadable(ctx: Ctx, task: Combat, hero: Hero) -> bool:
    if is_card(task):
        card = ctx.pack.card(card_id(task.enemy))
        if isinstance(card, EnemyCard) and not card.evadable:
            return False
    trip = ctx.state.trip
    if trip is not None and task.enemy in trip.immobile:
        return True
    here = ground.here(ctx)
    if is_card(task) and here is not None and hero_rules.evades_in(ctx.pack, hero, here.id):
        return True  # the Pixie or Elf in the Woods, the Gnome or Dwarf in the Hills
    if task.kind == "dragon" and hero_rules.has_ability(ctx.pack, hero, "charm_dragons"):
        return True
    return task.kind == "animal" and hero_rules.has_ability(ctx.pack, hero, "charm")


def can_cast(ctx: Ctx, hero: Hero) -> bool:
    """Spells need a caster without the Amulet (D4), outside the Cursed Glade."""
    return not hero_rules.has_amulet(ctx.pack, hero) and not ground.no_magic_here(ctx)


def spell_fits(ctx: Ctx, task: Combat, hero: Hero, uid: str) -> bool:
    """D3a: a Spell is cast only when it has a target or an effect here."""
    spell = ctx.pack.spell(card_id(uid))
    if spell.kind not in COMBAT_SPELLS:
        if ctx.state.ext is not None:  # an expansion's combat Spell (Feral Hunger, F9)
            from engine.darkest_talisman.hookpoint import hooks

            return bool(hooks.combat_spell_fits(ctx, task, hero, spell.kind))
        return False
    trip = ctx.state.trip
    if spell.kind == "combat_bonus":
        return spell.attribute == task.attribute or (spell.attribute == "craft" and _may_use_craft(ctx, task, hero))
    if spell.kind == "immobility":
        return is_card(task) and trip is not None and task.enemy not in trip.immobile and evadable_card(ctx, task)
    if spell.kind == "ally":
        return task.attribute == "strength" and not task.ally
    return True


def evadable_card(ctx: Ctx, task: Combat) -> bool:
    card = ctx.pack.card(card_id(task.enemy))
    return not isinstance(card, EnemyCard) or card.evadable


def _may_use_craft(ctx: Ctx, task: Combat, hero: Hero) -> bool:
    """D1a-a, c: Craft instead of Strength, only against an Enemy turned over just now."""
    able = task.attribute == "strength" and task.fresh and hero_rules.has_ability(ctx.pack, hero, "psychic_attack")
    if able and ctx.state.ext is not None:  # an expansion's character: only when he leads (DT L7 Philosopher)
        from engine.darkest_talisman.hookpoint import hooks

        able = bool(hooks.ability_open(ctx, hero, "psychic_attack"))
    return able


def options(ctx: Ctx, task: Combat) -> list[str]:
    hero = ctx.state.hero(task.hero)
    trip = ctx.state.trip
    immobile = trip is not None and task.enemy in trip.immobile
    out: list[str] = []
    if not immobile:
        out.append("fight")
        if _may_use_craft(ctx, task, hero):
            out.append("fight:craft")
        if task.fresh and hero_rules.has_ability(ctx.pack, hero, "assassinate"):
            out.append("assassinate")
    if task.kind == "spirit" and can_banish(ctx, hero):
        out.append("banish")
    toll = _toll(ctx, task)
    if toll and effects.purse(ctx, hero) >= toll:
        out.append("pay")  # the Bandit does not attack whoever pays him
    if not immobile and task.attribute == "strength" and not task.hired and _mercenary(ctx, hero) is not None:
        out.append("hire")
    if evadable(ctx, task, hero):
        out.append("evade")
    if can_cast(ctx, hero):
        out += [f"cast:{uid}" for uid in hero.spells if spell_fits(ctx, task, hero, uid)]
    return out or ["fight"]


def can_banish(ctx: Ctx, hero: Hero) -> bool:
    """The Priest, or the bearer of the Cross, destroys a Spirit without fighting (C8e-b)."""
    cross = any(hero_rules.obj(ctx.pack, u).banish for u in hero.objects) and not ground.no_magic_here(ctx)
    return hero_rules.has_ability(ctx.pack, hero, "banish_spirits") or cross


def _toll(ctx: Ctx, task: Combat) -> int:
    if not is_card(task):
        return 0
    card = ctx.pack.card(card_id(task.enemy))
    return card.toll if isinstance(card, EnemyCard) else 0


def _mercenary(ctx: Ctx, hero: Hero) -> str | None:
    """A Follower paid for one battle (the Mercenary), if his master can pay him now."""
    for uid in hero.followers:
        f = hero_rules.follower(ctx.pack, uid)
        if f.paid_strength and effects.purse(ctx, hero) >= f.wage:
            return uid
    return None


def answer(ctx: Ctx, task: Combat, option: str) -> None:
    hero = ctx.state.hero(task.hero)
    if task.stage == "fate":
        if option == "reroll":
            hero_rules.change(ctx, hero, "fate", -1, "reroll")
            task.rerolled = True
            task.hero_roll = _attack_roll(ctx, task, hero)
        finish(ctx, task)
        return
    if option.startswith("cast:"):
        cast(ctx, task, hero, option.split(":", 1)[1])
        return
    if option == "evade":
        task.result = "evaded"
        finish(ctx, task)
    elif option == "banish":
        task.result = "destroyed"
        ctx.emit("banished", hero.uid, enemy=card_id(task.enemy))
        if hero_rules.has_ability(ctx.pack, hero, "banish_spirits"):
            hero_rules.draw_spells(ctx, hero, 1, "banished")  # the Priest: no trophy, but a Spell
        finish(ctx, task, trophy=False)
    elif option == "pay":
        toll = _toll(ctx, task)
        effects.pay(ctx, hero, toll)
        task.result = "paid"
        ctx.emit("ransom_paid", hero.uid, gold=toll, why=card_id(task.enemy))
        finish(ctx, task)
    elif option == "hire":
        uid = _mercenary(ctx, hero)
        assert uid is not None
        f = hero_rules.follower(ctx.pack, uid)
        effects.pay(ctx, hero, f.wage)
        task.hired = True
        task.bonus += f.paid_strength
        ctx.emit("hired", hero.uid, follower=f.id, gold=f.wage)
    else:
        task.psychic = option == "fight:craft"
        task.assassinate = option == "assassinate"
        fight(ctx, task, hero)


def cast(ctx: Ctx, task: Combat, hero: Hero, uid: str) -> None:
    spell = ctx.pack.spell(card_id(uid))
    hero.spells.remove(uid)
    cards.discard(ctx, uid)
    ctx.emit("spell_cast", hero.uid, spell=spell.id, enemy=card_id(task.enemy))
    _resolve(ctx, task, hero, spell)
    hero_rules.keep_a_spell(ctx, hero)  # the Prophetess, the Wizard, the Wand: a new Spell after the last


def _resolve(ctx: Ctx, task: Combat, hero: Hero, spell: SpellCard) -> None:
    if spell.kind == "damage":
        task.weaken += spell.amount
    elif spell.kind == "combat_bonus":
        if spell.attribute == "craft":
            task.craft_bonus += spell.amount
        else:
            task.bonus += spell.amount
    elif spell.kind == "immobility":
        assert ctx.state.trip is not None
        ctx.state.trip.immobile.append(task.enemy)
    elif spell.kind == "ally":
        task.ally = spell.amount
    elif spell.kind == "random":
        face = ctx.d6("random", hero.uid)
        if face == 1:
            hero_rules.change(ctx, hero, "strength", -1, "random")
        elif face == 2:
            hero_rules.change(ctx, hero, "craft", -1, "random")
        elif face == 5:
            task.weaken += 2
        elif face == 6:
            task.weaken = task.value + 99
    elif ctx.state.ext is not None:  # an expansion's combat Spell (Feral Hunger, F9)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.combat_cast(ctx, task, hero, spell.kind)
    if task.value - task.weaken <= 0:
        task.result = "destroyed"
        ctx.emit("destroyed_by_spell", hero.uid, enemy=card_id(task.enemy))
        finish(ctx, task, trophy=False)


def attack_attribute(task: Combat) -> hero_rules.Attr:
    return "craft" if (task.psychic or task.attribute == "craft") else "strength"


def hero_score(ctx: Ctx, task: Combat, hero: Hero) -> int:
    """The character's attack score before the die (an ally fights alone, C8e-c note 2)."""
    if task.ally:
        return task.ally
    attr = attack_attribute(task)
    no_magic = ground.no_magic_here(ctx)
    value = hero_rules.total(ctx.pack, hero, attr, no_magic=no_magic, versus=task.kind)
    return value + (task.craft_bonus if attr == "craft" else task.bonus)


def enemy_score(ctx: Ctx, task: Combat) -> int:
    loc = ground.here(ctx)
    score = max(0, task.value - task.weaken) + (loc.enemy_bonus if loc else 0)
    if ctx.state.ext is not None and not task.ally:  # the Blood Moon's Day and Night (F3)
        from engine.darkest_talisman.hookpoint import hooks

        score = int(hooks.enemy_modifier(ctx, score))
    return score


def scores(ctx: Ctx, task: Combat, hero: Hero, options: list[str]) -> dict[str, object]:
    """The attack scores each way of fighting would bring before the dice, the Spells already
    cast in this combat included (Might, Fireball, Call the Beast): what the fight buttons' odds
    are computed from. `ours` by option, `theirs` the Enemy's score with the place's bonus."""
    ours: dict[str, int] = {}
    psychic = task.psychic
    for option in options:
        if option in ("fight", "fight:craft", "assassinate"):
            task.psychic = option == "fight:craft"
            ours[option] = hero_score(ctx, task, hero)
    task.psychic = psychic
    if not ours:
        return {}
    out: dict[str, object] = {"ours": ours, "theirs": enemy_score(ctx, task)}
    if ctx.state.ext is not None:  # the roll an expansion changes: a sure 6, the lower of two (F9)
        from engine.darkest_talisman.hookpoint import hooks

        rule = hooks.roll_rule(ctx, hero)
        if rule is not None:
            out["roll"] = rule
    return out


def _attack_roll(ctx: Ctx, task: Combat, hero: Hero) -> list[int]:
    """The character's open-ended roll (C7c); the Warrior rolls twice in battle and keeps the
    higher (core-cards 3.1)."""
    roll = ctx.open_roll("attack", hero.uid)
    if attack_attribute(task) == "strength" and not task.ally and hero_rules.has_ability(ctx.pack, hero, "double_roll"):
        other = ctx.open_roll("attack", hero.uid)
        roll = max(roll, other, key=sum)
    if ctx.state.ext is not None:  # Feral Hunger's 6, Moon Mist's lower roll (F9)
        from engine.darkest_talisman.hookpoint import hooks

        roll = hooks.attack_roll(ctx, task, hero, roll)
    return roll


def _enemy_roll(ctx: Ctx, task: Combat, hero: Hero) -> list[int]:
    """The Enemy's open-ended roll (C7c), unless an expansion's item stops its 6 being rolled
    again (G4 Frostbite in battle, Ice Fang in psychic combat)."""
    if ctx.state.ext is not None:
        from engine.darkest_talisman.hookpoint import hooks

        if hooks.enemy_stilled(ctx, task, hero):
            return []  # the Highland's Lightning Bolt: the Enemy rolls no die (K7)
        if hooks.closed_roll(ctx, hero, attack_attribute(task)):
            return ctx.dice(1, "enemy_attack")
    return ctx.open_roll("enemy_attack")


def fight(ctx: Ctx, task: Combat, hero: Hero) -> None:
    task.hero_roll = _attack_roll(ctx, task, hero)
    task.enemy_roll = [] if task.assassinate else _enemy_roll(ctx, task, hero)
    if _outcome(ctx, task, hero) != "won" and hero.fate > 0 and not task.rerolled and not task.ally:
        task.stage = "fate"
        return
    finish(ctx, task)


def _outcome(ctx: Ctx, task: Combat, hero: Hero) -> Literal["won", "lost", "tie"]:
    ours = hero_score(ctx, task, hero) + sum(task.hero_roll)
    theirs = enemy_score(ctx, task) + sum(task.enemy_roll)
    return "won" if ours > theirs else "lost" if ours < theirs else "tie"


def finish(ctx: Ctx, task: Combat, trophy: bool = True) -> None:
    state = ctx.state
    hero = state.hero(task.hero)
    task.stage = "done"
    if not task.result:
        task.result = _outcome(ctx, task, hero)
        ctx.emit("combat", hero.uid, enemy=card_id(task.enemy), attribute=attack_attribute(task),
                 ours=hero_score(ctx, task, hero) + sum(task.hero_roll), theirs=enemy_score(ctx, task) + sum(task.enemy_roll),
                 result=task.result, ally=task.ally, assassinated=task.assassinate)
    if task.result in ("won", "destroyed"):
        _defeated(ctx, task, hero, trophy=trophy and not task.assassinate)
    elif task.result == "lost":
        _lost(ctx, task, hero)
    elif task.result in ("evaded", "paid"):
        ctx.emit("evaded", hero.uid, enemy=card_id(task.enemy))


def _defeated(ctx: Ctx, task: Combat, hero: Hero, trophy: bool) -> None:
    if is_card(task):
        spot = ground.spot(ctx, task.seq)  # type: ignore[arg-type]  # is_card(task): a card on a spot has its seq
        if spot is not None and spot.card == task.enemy:
            spot.card = None
        if trophy:
            hero.trophies.append(task.enemy)  # C7e-g: kept face down as a trophy
            ctx.emit("trophy", hero.uid, enemy=card_id(task.enemy))
        else:
            cards.discard(ctx, task.enemy)
    if task.result == "won" and hero_rules.has_ability(ctx.pack, hero, "ghoul_feed"):
        hero_rules.gain_life(ctx, hero, 1, "ghoul_feed")  # D2: not in Guardian Combat (that never comes here)
    if (task.result == "won" and attack_attribute(task) == "strength" and not task.ally
            and not hero_rules.has_ability(ctx.pack, hero, "no_weapons") and not ground.no_magic_here(ctx)
            and any(hero_rules.obj(ctx.pack, u).drain for u in hero.objects)):
        hero_rules.gain_life(ctx, hero, 1, "runesword")  # the Runesword drinks the beaten Enemy's life
    if task.result == "won" and ctx.state.ext is not None:  # the Shamshir of Khamsin (I6)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.battle_won(ctx, hero, task.enemy, attack_attribute(task))
    if hero.quest is not None and hero.quest.kind == "defeat_enemy":
        hero_rules.complete_quest(ctx, hero)


def _lost(ctx: Ctx, task: Combat, hero: Hero) -> None:
    if task.ally:
        ctx.emit("ally_beaten", hero.uid, enemy=card_id(task.enemy))
        return
    attr = attack_attribute(task)
    if ctx.state.ext is not None:  # what a lost attack makes its bearer drop (the Golden Statue, E6)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.attack_lost(ctx, hero)
    if saved(ctx, hero, attr, shield_ok=True, face_up=not task.fresh and task.seq is not None):
        return
    if hero_rules.lose_life(ctx, hero, 1, "combat"):
        hero_rules.change(ctx, hero, attr, -1, "combat")
        hero_rules.kill(ctx, hero, "combat")
        return
    hero_rules.change(ctx, hero, attr, -1, "combat")
    if ctx.state.ext is not None and hero.alive:  # bitten by a Wolf and alive (the Blood Moon, F2a)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.injured(ctx, hero, task.enemy)


def saved(ctx: Ctx, hero: Hero, attribute: hero_rules.Attr, *, shield_ok: bool, face_up: bool = False) -> bool:
    """One armour roll against one loss (C7e-c, d, e). Returns True when the armour held.
    `face_up`: the Enemy was met lying face up on the road (the Shield of Defiance, H5)."""
    uid = hero_rules.armour_for(ctx.pack, hero, attribute, shield_ok=shield_ok, no_magic=ground.no_magic_here(ctx),
                                face_up=face_up)
    if uid is None:
        return False
    save = hero_rules.obj(ctx.pack, uid).save or 7
    face = ctx.d6("armour", hero.uid)
    held = face >= save
    ctx.emit("armour", hero.uid, armour=card_id(uid), face=face, need=save, held=held)
    return held
