"""The effect vocabulary at work: what a card, a space or a service does to one character.

Die tables are rolled at once and the row met is applied with the rest of the effect. What
needs somebody's decision (an offer, a ransom, a free teleport) or a fight becomes a task on the
campaign's stack, so the rules can wait for the player and carry on where they stopped. Lost
turns are gathered by the caller: Events hit everyone at once and cost one card however many
lose a turn (C6d-a); anything else costs a card at once, met first by that character (C6d-b).
"""
from __future__ import annotations

from engine.darkest_talisman import cards, ground
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import Alignment, Effect
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import ApplyEffect, Combat, Hero, MeetSpot, TeleportTask, card_id


def needs_decision(effect: Effect) -> bool:
    return bool(effect.ransom or effect.offer is not None)


def apply(ctx: Ctx, hero: Hero, effect: Effect, source: str, lost: list[str], *, alignment: Alignment | None = None) -> None:
    """Resolve `effect` on `hero`. `alignment` overrides the character's own (the Sorceress is
    Neutral to Strangers, D2). Lost turns are appended to `lost`."""
    if not hero.alive:
        return
    if effect.immune and any(hero_rules.has_ability(ctx.pack, hero, a) for a in effect.immune):
        ctx.emit("unaffected", hero.uid, card=source)  # the Dwarf in the Maze
        return
    if effect.if_below:
        attr, limit = next(iter(effect.if_below.items()))
        if hero_rules.total(ctx.pack, hero, attr) >= limit:
            ctx.emit("unaffected", hero.uid, card=source)  # strong or wise enough (Marsh, Maze)
            return
        effect = effect.model_copy(update={"if_below": {}})
    if effect.roll:
        total = sum(ctx.dice(effect.dice, source, hero.uid))
        row = next(r for r in effect.roll if r.low <= total <= r.high)
        apply(ctx, hero, effect.model_copy(update={"roll": [], "dice": 1}), source, lost, alignment=alignment)
        apply(ctx, hero, row.effect, source, lost, alignment=alignment)
        return
    if effect.by_alignment:
        sub = effect.by_alignment.get(alignment or hero.alignment)
        apply(ctx, hero, effect.model_copy(update={"by_alignment": {}}), source, lost, alignment=alignment)
        if sub is not None:
            apply(ctx, hero, sub, source, lost, alignment=alignment)
        return
    if needs_decision(effect):
        ctx.state.tasks.append(ApplyEffect(hero=hero.uid, effect=effect, source=source))
        return
    plain(ctx, hero, effect, source, lost)


def plain(ctx: Ctx, hero: Hero, effect: Effect, source: str, lost: list[str]) -> None:
    """The numbers and the tasks of an effect with no table and no decision left."""
    state = ctx.state
    if effect.life < 0:
        protected = any((source == "desert" and hero_rules.obj(ctx.pack, u).desert) or source in hero_rules.obj(ctx.pack, u).wards
                        for u in hero.objects)
        if protected:
            ctx.emit("protected", hero.uid, why=source)
        elif hero_rules.lose_life(ctx, hero, -effect.life, source):
            hero_rules.kill(ctx, hero, source)
            return
    elif effect.life > 0:
        hero_rules.gain_life(ctx, hero, effect.life, source)
    if effect.heal_full:
        hero_rules.heal(ctx, hero, hero_rules.sheet(ctx.pack, hero).life, source)
    elif effect.heal:
        hero_rules.heal(ctx, hero, effect.heal, source)
    for attr in ("strength", "craft", "fate", "gold"):
        hero_rules.change(ctx, hero, attr, getattr(effect, attr), source)
    if effect.replenish_fate:
        hero_rules.change(ctx, hero, "fate", max(0, hero_rules.sheet(ctx.pack, hero).fate - hero.fate), source)
    if effect.discard_spells and hero.spells:
        for uid in list(hero.spells):
            hero.spells.remove(uid)
            cards.discard(ctx, uid)
            ctx.emit("spell_lost", hero.uid, spell=card_id(uid))
    if effect.spells:
        hero_rules.draw_spells(ctx, hero, effect.spells, source)
    if effect.fill_spells:
        hero_rules.draw_spells(ctx, hero, hero_rules.spell_room(ctx, hero), source)
    if effect.boost_strength:
        hero.boost += effect.boost_strength
        ctx.emit("boosted", hero.uid, amount=effect.boost_strength, why=source)
    for _ in range(effect.talisman):
        hero_rules.gain_talisman(ctx, hero, source)
    if effect.purchase is not None:
        from_purchase(ctx, hero, effect.purchase, source)
    if effect.relic and state.ext is not None:
        from engine.darkest_talisman.hookpoint import hooks

        for _ in range(effect.relic):
            hooks.relic(ctx, hero, source)
    if effect.alignment is not None and effect.alignment != hero.alignment:
        hero.alignment = effect.alignment
        ctx.emit("alignment", hero.uid, alignment=effect.alignment, why=source)
    for _ in range(min(effect.lose_followers, len(hero.followers))):
        uid = hero.followers[0]
        hero_rules.give_up(ctx, hero, uid)
        cards.discard(ctx, uid)
        ctx.emit("follower_lost", hero.uid, follower=card_id(uid), why=source)
    if effect.follower_risk:
        for uid in list(hero.followers):
            if ctx.d6(f"{source}:{card_id(uid)}", hero.uid) <= effect.follower_risk:
                hero_rules.give_up(ctx, hero, uid)
                cards.discard(ctx, uid)
                ctx.emit("follower_lost", hero.uid, follower=card_id(uid), why=source)
    if effect.quest and hero.quest is None:
        if not _quest_card(ctx, hero):
            face = ctx.d6("quest", hero.uid)
            hero.quest = hero_rules.QUESTS[face].model_copy()
            ctx.emit("quest_taken", hero.uid, quest=hero.quest.kind, amount=hero.quest.amount)
        hero_rules.check_quest(ctx, hero)
    if effect.lock_order and not state.order_locked:
        state.order_locked = True
        ctx.emit("order_locked", hero.uid, why=source)
    if effect.lose_turn:
        lost.append(hero.uid)
        ctx.emit("lost_turn", hero.uid, why=source)
    for _ in range(effect.draw):
        lost.append(hero.uid)  # a draw for this character to meet first, like a lost turn's (C6b)
    if effect.fight is not None:
        foe = ctx.pack.foe(effect.fight)
        attribute = "craft" if foe.craft is not None and foe.strength is None else "strength"
        value = (foe.craft if attribute == "craft" else foe.strength) or 0
        state.tasks.append(Combat(hero=hero.uid, enemy=foe.id, attribute=attribute, value=value, kind=foe.kind))
    if effect.redraw is not None:
        redraw(ctx, hero, effect.redraw)
    if effect.teleport is not None:
        chooser = hero.uid if effect.teleport == "any" else None
        state.tasks.append(TeleportTask(target=effect.teleport, hero=chooser))


def redraw(ctx: Ctx, hero: Hero, seq: int) -> None:
    """The Orb of Knowledge, the Prophetess (core-cards 2.6, 3.1): the card just turned over on
    Draw Spot `seq` goes to the discard pile and another is drawn there, to be met instead."""
    state = ctx.state
    trip = state.trip
    if trip is None:
        return
    spot = next((s for s in trip.spots if s.seq == seq), None)
    if spot is None or spot.card is None:
        return
    old = spot.card
    new = cards.draw_adventure(ctx)
    cards.discard(ctx, old)
    spot.card, spot.revealed = new, False
    trip.redrawn = True
    ctx.emit("redrawn", hero.uid, card=card_id(old))
    if new is not None:
        state.tasks.append(MeetSpot(seq=seq))


def can_redraw(ctx: Ctx, hero: Hero) -> bool:
    orb = any(hero_rules.obj(ctx.pack, u).special == "orb" for u in hero.objects) and not ground.no_magic_here(ctx)
    ability = hero_rules.has_ability(ctx.pack, hero, "redraw")
    if ability and ctx.state.ext is not None:  # an expansion's character: only when he leads (DT F9)
        from engine.darkest_talisman.hookpoint import hooks

        ability = hooks.ability_open(ctx, hero, "redraw")
    return hero.alive and (orb or ability)


def offer_useless(ctx: Ctx, hero: Hero, gives: Effect) -> bool:
    """An offer that would change nothing for this character: only a Fate brought back up when
    his Fate is already full, or only Spells when his Craft allows no more (the Sorcerer sells
    'only if Craft allows', core-cards 2.3). It is not made (D3a, D4)."""
    only_fate = gives.model_copy(update={"replenish_fate": False}) == Effect()
    if gives.replenish_fate and only_fate and hero.fate >= hero_rules.sheet(ctx.pack, hero).fate:
        return True
    only_spells = gives.model_copy(update={"spells": 0}) == Effect()
    return bool(gives.spells) and only_spells and hero_rules.spell_room(ctx, hero) <= 0


def bags(ctx: Ctx, hero: Hero) -> list[str]:
    """The character's Bags of Gold, largest first."""
    mine = [u for u in hero.objects if hero_rules.obj(ctx.pack, u).slot == "bag_of_gold"]
    return sorted(mine, key=lambda u: -hero_rules.obj(ctx.pack, u).value)


def purse(ctx: Ctx, hero: Hero) -> int:
    """What the character can pay: his Gold and his Bags of Gold, which may be traded for their
    value at any time (C2c-d), so also just before paying a ransom or an offer."""
    return hero.gold + sum(hero_rules.obj(ctx.pack, u).value for u in bags(ctx, hero))


def pay(ctx: Ctx, hero: Hero, gold: int) -> None:
    """Pay `gold`, first trading Bags of Gold (largest first) for the Gold missing (C2c-d)."""
    for uid in bags(ctx, hero):
        if hero.gold >= gold:
            break
        cash_bag(ctx, hero, uid)
    hero.gold -= gold


def cash_bag(ctx: Ctx, hero: Hero, uid: str) -> None:
    """C2c-d: a Bag of Gold traded for its value in Gold, at any time."""
    value = hero_rules.obj(ctx.pack, uid).value
    hero_rules.give_up(ctx, hero, uid)
    cards.discard(ctx, uid)
    hero.gold += value
    ctx.emit("bag_cashed", hero.uid, gold=value)


def ransom_or_offer(ctx: Ctx, task: ApplyEffect) -> tuple[str, list[str]] | None:
    """The decision an ApplyEffect task waits for now, or None when it can finish. Bags of Gold
    count towards the price (C2c-d): they are traded for Gold on paying."""
    hero = ctx.state.hero(task.hero)
    eff = task.effect
    if task.stage == "ransom" and eff.ransom and purse(ctx, hero) >= eff.ransom:
        return "ransom", ["pay", "refuse"]
    if task.stage in ("ransom", "offer") and eff.offer is not None:
        offer = eff.offer
        if purse(ctx, hero) >= offer.gold and hero.fate >= offer.fate and not offer_useless(ctx, hero, offer.effect):
            return "offer", ["accept", "decline"]
    return None


def _quest_card(ctx: Ctx, hero: Hero) -> bool:
    """E1c-b: with the Quest cards in play a card is drawn instead of rolling the die."""
    if ctx.state.ext is None:
        return False
    from engine.darkest_talisman.hookpoint import hooks

    return bool(hooks.draw_quest(ctx, hero))


def from_purchase(ctx: Ctx, hero: Hero, slot: str, why: str) -> None:
    """K5b-4's Armour and Weapon lines: one such card of the Purchase deck, free. Of the kinds in
    that slot, the dearest with a copy left (the Axe before the Sword: it also builds a raft);
    with no copy left, or no room to carry it (A3c), nothing is gained (project ruling
    `highland_pass_again`)."""
    kinds = sorted((c for c in ctx.pack.purchase if c.slot == slot and c.for_sale),
                   key=lambda c: -(c.cost or 0))
    left = cards.stock(ctx)
    card = next((c for c in kinds if left.get(c.id, 0) > 0), None)
    if card is None:
        ctx.emit(f"no_{slot}_left", hero.uid, why=why)
        return
    if not hero_rules.room_for(ctx.pack, hero, f"{card.id}#0"):
        ctx.emit("no_room", hero.uid, thing=card.id, why=why)
        return
    uid = cards.take_purchase(ctx, card.id)
    assert uid is not None
    hero_rules.gain_thing(ctx, hero, uid, why)
