"""Spells cast outside combat (D3): healing, teleports, Hex, Divination, the wards, Temporal Warp.

A Spell is cast only when it has a target or an effect (D3a). The Amulet's bearer casts none
(D4), and none is cast in the Cursed Glade. Combat Spells are cast from the combat decision
(combat.py, guardians.py). D3b (Spells discarded between sessions) does not apply to a campaign
the bot keeps whole: see the ruling `sessions`.
"""
from __future__ import annotations

from engine.darkest_talisman import cards, ground, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.actions import Cast
from engine.darkest_talisman.content import EnemyCard, SpellCard
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import Hero, MeetCard, Spot, card_id

ROAD_DECISIONS = ("after_card", "stand", "destination", "guardians", "portal")


def _enemies_on(ctx: Ctx, k: int) -> list[tuple[Spot, str]]:
    """Revealed Enemy cards on road space k (the space being met included)."""
    trip = ctx.state.trip
    assert trip is not None
    spots = trip.spots if k == trip.position else trip.road[k].spots
    out = []
    for s in spots:
        if s.card is not None and s.revealed and isinstance(ctx.pack.card(card_id(s.card)), EnemyCard):
            out.append((s, s.card))
    return out


def castable(ctx: Ctx, hero: Hero) -> list[Cast]:
    state = ctx.state
    if state.decision is None or hero_rules.has_amulet(ctx.pack, hero) or ground.no_magic_here(ctx):
        return []
    kind = state.decision.kind
    on_road = state.mode == "road" and kind in ROAD_DECISIONS and (state.fight is None or state.fight.stage == "ready")
    out: list[Cast] = []
    seen: set[str] = set()
    for uid in hero.spells:
        spell = ctx.pack.spell(card_id(uid))
        if spell.id in seen:
            continue  # copies of one Spell offer the same casts
        seen.add(spell.id)
        if spell.kind == "heal" and kind in ("village", "tower") + ROAD_DECISIONS:
            out += [Cast(hero=hero.uid, spell=uid, target=h.uid) for h in state.party()
                    if h.life < hero_rules.sheet(ctx.pack, h).life]
        elif spell.kind == "teleport" and kind == "tower" and state.mode == "tower":
            out += [Cast(hero=hero.uid, spell=uid, target=t) for t in travel.teleport_targets(ctx)]  # C10e
        elif not on_road:
            continue
        elif spell.kind == "teleport":
            out += [Cast(hero=hero.uid, spell=uid, target=t) for t in travel.teleport_targets(ctx)]
        elif spell.kind == "hex":
            trip = state.trip
            assert trip is not None
            out += [Cast(hero=hero.uid, spell=uid, target=f"road:{k}") for k in range(len(trip.road)) if _enemies_on(ctx, k)]
        elif spell.kind == "divination":
            out += [Cast(hero=hero.uid, spell=uid, target=f"see:{w}") for w in _divinable(ctx)]
        elif spell.kind in ("counterspell", "destroy_magic"):
            if spell.kind not in state.live_trip().wards:
                out.append(Cast(hero=hero.uid, spell=uid))
        elif spell.kind == "temporal_warp":
            trip = state.trip
            if trip is not None and trip.last_place is not None and ground.spot_of_card(ctx, trip.last_place) is not None:
                out.append(Cast(hero=hero.uid, spell=uid))
        elif state.ext is not None:  # the expansions' Spells (E5)
            from engine.darkest_talisman.hookpoint import hooks

            out += hooks.casts(ctx, hero, uid, spell.kind, on_road)
    if kind in ("village", "tower") + ROAD_DECISIONS:
        out += _taking_casts(ctx, hero)
    return out


def _taking_casts(ctx: Ctx, hero: Hero) -> list[Cast]:
    """Acquisition (an Object or 1 Gold of another character), Alchemy (one of the caster's
    Objects into 1 Gold), Mesmerism (another character's Follower): a target is needed (D3a)."""
    out: list[Cast] = []
    seen: set[str] = set()
    others = [h for h in ctx.state.party() if h.uid != hero.uid
              and not (h.alignment == "good" and hero_rules.has_ability(ctx.pack, hero, "honour"))]  # the Knight (E4)
    for uid in hero.spells:
        spell = ctx.pack.spell(card_id(uid))
        if spell.id in seen:
            continue
        seen.add(spell.id)
        if spell.kind == "acquisition":
            for h in others:
                out += [Cast(hero=hero.uid, spell=uid, target=f"take:{h.uid}:{o}") for o in h.objects
                        if card_id(o) != "talisman" and hero_rules.room_for(ctx.pack, hero, o)]
                if h.gold:
                    out.append(Cast(hero=hero.uid, spell=uid, target=f"gold:{h.uid}"))
        elif spell.kind == "alchemy":
            out += [Cast(hero=hero.uid, spell=uid, target=f"obj:{o}") for o in hero.objects
                    if card_id(o) != "talisman" and o != uid]
        elif spell.kind == "mesmerism":
            for h in others:
                out += [Cast(hero=hero.uid, spell=uid, target=f"take:{h.uid}:{f}") for f in h.followers
                        if not hero_rules.follower(ctx.pack, f).must_take and hero_rules.room_for(ctx.pack, hero, f)]
    return out


def _divinable(ctx: Ctx) -> list[str]:
    """D3c Divination: what the caster may choose to see, where there is something to see: the
    next three unrevealed cards on the Draw Spots, of the Adventure deck, or of the Spell deck."""
    state = ctx.state
    trip = state.trip
    out = []
    if trip is not None and any(not s.revealed and s.card for s in trip.spots):
        out.append("spots")
    if state.decks.adventure:
        out.append("deck")
    if state.decks.spells:
        out.append("spells")
    return out


def _divine(ctx: Ctx, hero: Hero, where: str) -> None:
    state = ctx.state
    if where == "spots":
        assert state.trip is not None
        hidden = [s for s in state.trip.spots if not s.revealed and s.card][:3]
        for s in hidden:
            s.foreseen = True
        ctx.emit("foreseen", hero.uid, reveals=True, where="spots", cards=[card_id(s.card or "") for s in hidden])
    else:
        deck = state.decks.adventure if where == "deck" else state.decks.spells
        ctx.emit("foreseen", hero.uid, reveals=True, where=where, cards=[card_id(u) for u in reversed(deck[-3:])])


def cast(ctx: Ctx, hero: Hero, action: Cast) -> None:
    spell = ctx.pack.spell(card_id(action.spell))
    hero.spells.remove(action.spell)
    cards.discard(ctx, action.spell)
    ctx.emit("spell_cast", hero.uid, spell=spell.id, target=action.target)
    _resolve(ctx, hero, spell, action)
    hero_rules.keep_a_spell(ctx, hero)  # the Prophetess, the Wizard, the Wand: a new Spell after the last


def _resolve(ctx: Ctx, hero: Hero, spell: SpellCard, action: Cast) -> None:
    state = ctx.state
    if spell.kind in ("acquisition", "mesmerism") and action.target and action.target.startswith("take:"):
        _, victim_uid, thing = action.target.split(":", 2)
        victim = state.hero(victim_uid)
        hero_rules.give_up(ctx, victim, thing)
        hero_rules.gain_thing(ctx, hero, thing, spell.id)
        ctx.emit("stolen_thing", hero.uid, victim=victim.uid, thing=card_id(thing))
    elif spell.kind == "acquisition" and action.target and action.target.startswith("gold:"):
        victim = state.hero(action.target.split(":", 1)[1])
        victim.gold -= 1
        hero.gold += 1
        ctx.emit("stolen", hero.uid, victim=victim.uid, gold=1)
    elif spell.kind == "alchemy" and action.target:
        thing = action.target.split(":", 1)[1]
        hero_rules.give_up(ctx, hero, thing)
        cards.discard(ctx, thing)
        hero.gold += 1
        ctx.emit("sold", hero.uid, thing=card_id(thing), price=1)
    elif spell.kind == "heal":
        hero_rules.heal(ctx, state.hero(action.target or hero.uid), spell.amount, spell.id)
    elif spell.kind == "teleport":
        travel.teleport(ctx, action.target or "")
    elif spell.kind == "hex":
        k = int((action.target or "road:0").split(":")[1])
        for s, uid in _enemies_on(ctx, k):
            s.card = None
            cards.discard(ctx, uid)
            ctx.emit("hexed", enemy=card_id(uid), space=k)
    elif spell.kind == "divination":
        _divine(ctx, hero, (action.target or "see:spots").split(":", 1)[1])
    elif spell.kind in ("counterspell", "destroy_magic"):
        assert state.trip is not None
        state.trip.wards.append(spell.kind)
    elif spell.kind == "temporal_warp":
        trip = state.trip
        assert trip is not None and trip.last_place is not None
        found = ground.spot_of_card(ctx, trip.last_place)
        assert found is not None
        times = ctx.pack.rules.temporal_warp_times.value
        state.tasks.append(MeetCard(card=trip.last_place, seq=found.seq, heroes=[hero.uid] * times))
    elif state.ext is not None:  # the expansions' Spells (E5)
        from engine.darkest_talisman.hookpoint import hooks

        hooks.resolve(ctx, hero, spell.kind, action)
