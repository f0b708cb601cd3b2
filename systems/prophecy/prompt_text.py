"""What a decision prompt must say so that a player coming back hours later can decide from it.

Move choices show what waits at each destination (a Creature with its figures and the
win/draw/loss odds with the best gear, an Opportunity, the space's services, who stands
there); a battle shows the Creature's figures, each battle's cost and odds, its special rules
in plain words and what winning or losing brings. No discord import: the embeds, the console
and the tests share these sentences.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from engine.ai.odds import Odds, fight_odds, roll_chances
from engine.ai.std_battle import action_odds
from engine.core.errors import RuleError
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.arrival import Arrival, Landing
from engine.prophecy.clone import clone
from engine.prophecy.combat import allowed_battles, battle_cost, remaining_odds
from engine.prophecy.content import Cost, CreatureCard, Effect, OpportunityCard
from engine.prophecy.content_standard import Guardian
from engine.prophecy.context import Ctx
from engine.prophecy.effects import can_pay, is_trade
from engine.prophecy.guilds import certificate_price
from engine.prophecy.movement import move_options
from engine.prophecy.rules import legal_actions
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.standard import guilds, powers, space_actions
from engine.prophecy.standard import moves as std_moves
from engine.prophecy.standard import rules as std_rules
from engine.prophecy.standard.state import HIDDEN, StdBattle
from engine.prophecy.state import ProphecyState
from gm.i18n import t
from systems.prophecy.names import Names
from systems.prophecy.state_memo import answers_of


# -- small phrases ---------------------------------------------------------------------------------
def odds_text(odds: Odds | tuple[Any, Any, Any], locale: str) -> str:
    w, d, l = odds.percent() if isinstance(odds, Odds) else (float(x) * 100 for x in odds)
    return t(locale, "play.odds", win=f"{w:.0f}", draw=f"{d:.0f}", loss=f"{l:.0f}")


def cost_text(cost: Cost | None, locale: str) -> str:
    if cost is None or cost.is_free():
        return t(locale, "prompt.cost_free")
    parts = [t(locale, f"prompt.cost_parts.{k}", n=v) for k, v in cost.model_dump().items() if v]
    return ", ".join(parts)


def figures(card: CreatureCard, locale: str, short: bool = False) -> str:
    """The Creature's figures in the order it attacks with them (Strength 6 / W5 S5)."""
    return figure_pair(card.strength, card.willpower, card.attacks_with, locale, short)


def figure_pair(strength: int | None, willpower: int | None, first: str, locale: str, short: bool = False) -> str:
    """Two figures, the battle the foe fights first leading (a Creature, a Guardian)."""
    suffix = "_short" if short else ""
    parts = []
    order = ("strength", "wills") if first == "strength" else ("wills", "strength")
    for battle in order:
        value = strength if battle == "strength" else willpower
        if value is not None:
            key = "figure_strength" if battle == "strength" else "figure_willpower"
            parts.append(t(locale, f"prompt.{key}{suffix}", n=value))
    text = (" " if short else " / ").join(parts)
    if len(parts) > 1 and not short:
        text += ", " + t(locale, "prompt.attacks_with", battle=t(locale, f"battle.{first}"))
    return text


def effect_text(effect: Effect | None, n: Names, locale: str) -> str:
    """A card effect in plain words: "+3 Gold, draw from the Common Item deck"."""
    if effect is None or effect.is_empty():
        return t(locale, "prompt.effect.nothing")
    parts: list[str] = []
    for amount in ("gold", "experience", "health", "magic"):
        value = getattr(effect, amount)
        if value:
            parts.append(t(locale, f"prompt.effect.{amount}_{'gain' if value > 0 else 'loss'}", n=abs(value)))
    for figure in ("strength", "willpower"):
        if getattr(effect, figure):
            parts.append(t(locale, f"prompt.effect.{figure}", n=getattr(effect, figure)))
    for deck in effect.draw:
        parts.append(t(locale, "prompt.effect.draw", deck=t(locale, f"deck.{deck}")))
    if effect.damage_items:
        parts.append(t(locale, "prompt.effect.damage_items", n=effect.damage_items))
    if effect.lose_items:
        parts.append(t(locale, "prompt.effect.lose_items", n=effect.lose_items))
    if effect.roll:
        rows = []
        for row in effect.roll:
            faces = str(row.low) if row.low == row.high else f"{row.low}-{row.high}"
            rows.append(t(locale, "prompt.effect.roll_row", faces=faces, effect=effect_text(row.effect, n, locale)))
        parts.append(t(locale, "prompt.effect.roll", rows="; ".join(rows)))
    text = ", ".join(parts)
    return t(locale, "prompt.effect.trade", effect=text) if is_trade(effect) else text


def power_kind(card: Any) -> str | None:
    """The kind of a new card's power (Water Realm "New Adventures"), None for the others."""
    power = getattr(card, "power", None)
    return getattr(power, "kind", None)


def power_words(card: Any, n: Names, locale: str) -> str:
    """What a new Opportunity offers, in a few words (its effect is its power, not the Basic
    vocabulary): the Mad Riddler's hidden Rare Item, not "nothing". Empty for other cards."""
    power = getattr(card, "power", None)
    kind = getattr(power, "kind", None)
    if kind is None:
        return ""
    return t(locale, f"prompt.power.{kind}", deck=t(locale, f"deck.{getattr(power, 'deck', 'rare')}"),
             n=getattr(power, "questions", getattr(power, "looks", 0)))


def special_lines(card: CreatureCard, locale: str) -> list[str]:
    """The Creature's special rules in plain words. A switch of battle that costs nothing says
    so; the Doppelganger's battle is its player's choice, never the visitor's (its card's
    switch only lets that player pick either)."""
    out = []
    for s in card.specials:
        if s.rule == "switch_battle" and power_kind(card) == "doppelganger":
            out.append(t(locale, "prompt.special.doppel_battle"))
        elif s.rule in ("switch_battle", "bribe") and (s.cost is None or s.cost.is_free()):
            out.append(t(locale, f"prompt.special.{s.rule}_free"))
        else:
            out.append(t(locale, f"prompt.special.{s.rule}", cost=cost_text(s.cost, locale)))
    return out


def gear_items(state: ProphecyState, action: prophecy_actions.Fight, locale: str) -> str:
    """The Items a loadout fights with (" with Sword, throwing Axe"), or "" for bare hands."""
    n = Names(state, locale)
    uids = [u for u in (action.weapon, action.head) if u] + list(action.hand) + list(action.body)
    items = t(locale, "prompt.gear_items", items=", ".join(n.item_uid(u) for u in uids)) if uids else ""
    if action.throw and action.weapon:
        items += t(locale, "prompt.gear_throw", item=n.item_uid(action.weapon))
    return items


def gear_text(state: ProphecyState, action: prophecy_actions.Fight, locale: str, cost: Cost | None = None) -> str:
    """The battle and Items of a loadout, with the battle's price when it has one: a move's line
    must say that the best odds against a Barrow Wight cost 1 Health, not only what they are."""
    return _gear_priced(t(locale, f"battle.{action.battle}"), gear_items(state, action, locale), cost, locale)


def _gear_priced(battle: str, items: str, cost: Cost | None, locale: str) -> str:
    if cost is not None and not cost.is_free():
        return t(locale, "prompt.gear_paid", battle=battle, cost=cost_text(cost, locale), items=items)
    return t(locale, "prompt.gear", battle=battle, items=items)


# -- battles ---------------------------------------------------------------------------------------
def _score(o: Odds) -> float:
    return float(o.win - o.loss)


def best_fights(state: ProphecyState, actor: str) -> dict[str, tuple[prophecy_actions.Fight, Odds]]:
    """For each battle the actor may fight now: the loadout with the best odds (the odds module's
    exact figures) and those odds."""
    best: dict[str, tuple[prophecy_actions.Fight, Odds]] = {}
    for action in legal_actions(state, actor):
        if not isinstance(action, prophecy_actions.Fight):
            continue
        try:
            o = fight_odds(state, actor, action)
        except RuleError:
            continue
        if action.battle not in best or _score(o) > _score(best[action.battle][1]):
            best[action.battle] = (action, o)
    return best


def best_fight(state: ProphecyState, actor: str) -> tuple[prophecy_actions.Fight, Odds] | None:
    found = best_fights(state, actor)
    return max(found.values(), key=lambda x: _score(x[1])) if found else None


def _creature_here(state: ProphecyState, actor: str) -> CreatureCard | None:
    if state.turn is None or state.turn.fight is None:
        return None
    n_pack = Names(state, "en").pack
    p = state.player(actor)
    adv = next((a for a in state.spaces[p.space] if a.uid == state.turn.fight), None)
    card = n_pack.adventure(adv.card) if adv else None
    return card if isinstance(card, CreatureCard) else None


def creature_fields(state: ProphecyState, actor: str, locale: str) -> list[tuple[str, str]]:
    """(title, text) blocks of the fight prompt: the Creature, the battles with odds, its rules."""
    card = _creature_here(state, actor)
    if card is None:
        return []
    n = Names(state, locale)
    p = state.player(actor)
    lines = [t(locale, "prompt.creature_line", figures=figures(card, locale), experience=card.experience)]
    lines.append(t(locale, "prompt.if_win", effect=_treasure(card, n, locale)))
    lines.append(t(locale, "prompt.if_lose", effect=effect_text(card.on_loss, n, locale) if card.on_loss
                   else t(locale, "prompt.effect.default_loss")))
    out = [(t(locale, "prompt.creature", card=n.card(card.id)), "\n".join(lines))]
    best = best_fights(state, actor)
    battles = []
    for battle in allowed_battles(n.pack, card):
        cost = battle_cost(n.pack, card, battle)
        name = t(locale, f"battle.{battle}")
        if battle in best:
            action, o = best[battle]
            # the line already names the battle: only the Items it is fought with follow the odds
            battles.append(t(locale, "prompt.battle_line", battle=name, cost=cost_text(cost, locale),
                             odds=odds_text(o, locale), gear=gear_items(state, action, locale)))
        elif not can_pay(p, cost):
            battles.append(t(locale, "prompt.battle_cannot_pay", battle=name, cost=cost_text(cost, locale)))
    bribe = card.special("bribe")
    if bribe is not None:
        battles.append(t(locale, "prompt.bribe_line", cost=cost_text(bribe.cost, locale)))
    if battles:
        out.append((t(locale, "prompt.battles"), "\n".join(battles)))
    rules = special_lines(card, locale)
    if rules:
        out.append((t(locale, "prompt.rules"), "\n".join(f"• {r}" for r in rules)))
    return out


def _treasure(card: CreatureCard, n: Names, locale: str) -> str:
    text = t(locale, "prompt.effect.experience_gain", n=card.experience)
    if card.treasure is not None and not card.treasure.is_empty():
        text += ", " + effect_text(card.treasure, n, locale)
    return text


def throw_fields(state: ProphecyState, locale: str) -> list[tuple[str, str]]:
    """The throw decision between two rolls of a three-lives battle, with both odds."""
    turn = state.turn
    if turn is None or turn.battle is None:
        return []
    b = turn.battle
    n = Names(state, locale)
    item = n.item_uid(b.weapon) if b.weapon else "?"
    text = t(locale, "prompt.throw_line", roll=b.rolls + 1, lives=b.lives, item=item, bonus=b.throw_bonus,
             odds_throw=odds_text(remaining_odds(b, True), locale), odds_keep=odds_text(remaining_odds(b, False), locale))
    return [(t(locale, "prompt.throw_title"), text)]


def describe_roll(state: ProphecyState, action: prophecy_actions.Roll, locale: str, with_odds: bool = True) -> str:
    turn = state.turn
    assert turn is not None and turn.battle is not None
    b = turn.battle
    item = Names(state, locale).item_uid(b.weapon) if b.weapon else "?"
    odds = odds_text(remaining_odds(b, action.throw), locale) if with_odds else ""
    key = "prompt.roll_throw" if action.throw else "prompt.roll_keep"
    text = t(locale, key, roll=b.rolls + 1, lives=b.lives, item=item, odds=odds)
    return text if with_odds else text.rstrip(" —")


def describe_choice(state: ProphecyState, action: prophecy_actions.ChooseItem, locale: str) -> str:
    turn = state.turn
    mode = turn.item_choices[0].mode if turn is not None and turn.item_choices else "lose"
    n = Names(state, locale)
    owner = next((p for p in state.players if p.item(action.item) is not None), None)
    item = owner.item(action.item) if owner else None
    name = n.item_uid(action.item)
    if item is not None:
        name = t(locale, "prompt.item_worth", item=name, cost=n.pack.item(item.card).cost)
    return t(locale, "prompt.let_damage" if mode == "damage" else "prompt.give_up", item=name)


# -- destinations ----------------------------------------------------------------------------------
def _preview(state: ProphecyState, actor: str, move: prophecy_actions.Move, cost: int, uid: str) -> ProphecyState:
    """The state as it would be if the actor had made `move` and met the Creature `uid` there."""
    hyp = clone(state)  # a deep copy, several times faster than model_copy(deep=True)
    p = hyp.player(actor)
    p.space = Names(state, "en").pack.space_index(move.to)
    p.gold = max(0, p.gold - cost)
    assert hyp.turn is not None
    hyp.turn = hyp.turn.model_copy(update={"phase": "fight", "fight": uid, "battle": None, "item_choices": [],
                                           "movement_done": True, "moved": move.method != "stay"})
    return hyp


#: the destinations worked out for the last states asked about, per thread (state_memo)
_LAST = threading.local()


def destination(state: ProphecyState, actor: str, move: prophecy_actions.Move, locale: str) -> dict[str, Any]:
    """What waits at a move's destination: creature (card, odds, best loadout), opportunity, services, people.

    A turn message asks twice per move (the prompt's line and the button's few words), and
    the Creature's odds replay every loadout on a copy of the state: worked out once per
    state object (the view the message is built from; a state is never changed in place)
    and handed out read-only.
    """
    answers = answers_of(_LAST, state)
    key = (actor, move, locale)
    found: dict[str, Any] | None = answers.get(key)
    if found is None:
        found = answers[key] = _destination(state, actor, move, locale)
    return found


def _destination(state: ProphecyState, actor: str, move: prophecy_actions.Move, locale: str) -> dict[str, Any]:
    n = Names(state, locale)
    pack = n.pack
    index = pack.space_index(move.to)
    p = state.player(actor)
    cost = next((c for m, c in move_options(pack, p, state.turn.held if state.turn else False)
                 if m.method == move.method and m.to == move.to), 0)
    info: dict[str, Any] = {"cost": cost, "creature": None, "opportunities": [], "services": [], "players": []}
    # staying: Creatures met before moving were fought already; others on the space still count
    fought = set(state.turn.fought) if state.turn and move.method == "stay" else set()
    for adv in state.spaces[index]:
        card = pack.adventure(adv.card)
        if not adv.face_up:
            continue
        if isinstance(card, CreatureCard) and info["creature"] is None and adv.uid not in fought:
            best = best_fight(_preview(state, actor, move, cost, adv.uid), actor)
            info["creature"] = (card, best)
        elif isinstance(card, OpportunityCard):
            info["opportunities"].append(card)
    arrived = p.model_copy(update={"space": index, "gold": max(0, p.gold - cost)})
    info["services"] = arrival_services(state, actor, arrived, landing(state, actor, move, cost), locale)
    info["players"] = [q.name for q in state.players if q.alive and q.space == index and q.player != actor]
    return info


def landing(state: ProphecyState, actor: str, move: prophecy_actions.Move, gold: int, magic: int = 0) -> Landing:
    """What the rules let her do once the move has brought her there (`engine.prophecy.arrival`):
    worked out once per state and move (a shallow copy of the state with her placed there) and
    read by both languages and by the button's words and the prompt's line alike."""
    def work() -> Landing:
        arrival = _memo(state, ("arrival", actor), lambda: Arrival(state, actor))
        pack = std_ctx(state).pack if state.standard is not None else Names(state, "en").pack
        index = pack.space_index(move.to)
        return arrival.landing(index, gold=gold, magic=magic, moved=move.method != "stay")

    return _memo(state, ("landing", actor, move), work)


def arrival_services(state: ProphecyState, actor: str, arrived: Any, here: Landing, locale: str) -> list[str]:
    """The Possibilities of a space that `arrived` (the character as she would stand there,
    the move paid) could use on arrival, each with its price: only those the rules themselves
    list for her there (`here`, see `engine.prophecy.arrival`: Basic rules "Special Spaces",
    "Buying and Selling Items", "Possibilities Instead of Movement", "Repairing Items",
    "Acquiring a Certificate"; Standard ruling instead_of_movement; Water Realm "Gate to the
    Water Realm", "Collecting Map Fragments", the smith of the new cards).

    So Work, the Thieves' job and Fortress training show on the line of staying alone (they are
    for whoever starts the turn there), healing with nothing lost or no Gold to pay is left
    out, a market is named only when something is on display and she could buy or sell there,
    with its goods and prices, and the Gate only with the Bubble Bags she can pay for. A
    Certificate is the one thing named out of reach, marked so (it is why she would go)."""
    standard = state.standard is not None
    ctx = std_ctx(state) if standard else Ctx(state, Names(state, locale).pack)
    n = Names(state, locale)
    space = ctx.pack.space(arrived.space)
    acts = here.actions
    kinds = {a.type for a in acts}
    out: list[str] = []
    for svc in space.services:
        if svc.kind in ("heal", "recharge"):
            amount = max((a.amount for a in acts if a.type == svc.kind), default=0)
            if amount:
                out.append(t(locale, f"prompt.service.{svc.kind}_up_to", n=amount, price=_unit_price(svc, locale)))
        elif svc.kind == "exchange":
            if any(a.type == "exchange" and a.service == svc.id for a in acts):
                out.append(t(locale, f"service.{svc.id}"))
        elif svc.kind == "market":
            if state.offers.get(space.id) and kinds & {"buy", "sell"}:
                out.append(market_words(state, ctx, arrived, space.id, n, locale))
        elif svc.kind == "repair":
            if "repair" in kinds:
                out.append(t(locale, "prompt.service.repair_priced", gold=svc.price))
        elif svc.kind == "certificate" and space.guild and not standard:
            if space.guild in arrived.certificates:
                out.append(t(locale, "prompt.service.certificate_held", guild=n.guild(space.guild)))
                continue
            xp, gold = certificate_price(ctx, arrived, space.guild)
            if "certificate" in kinds:
                key = "certificate_priced"
            elif arrived.experience < xp or arrived.gold < gold:
                key = "certificate_short"  # the Certificate is why she goes: its price is said, marked so
            else:
                continue
            out.append(t(locale, f"prompt.service.{key}", guild=n.guild(space.guild),
                         cost=cost_text(Cost(experience=xp, gold=gold), locale)))
    out.extend(_expansion_services(state, ctx, arrived, here, locale))
    return out


def _expansion_services(state: ProphecyState, ctx: Ctx, arrived: Any, here: Landing, locale: str) -> list[str]:
    """The Water Realm expansion's Possibilities on a ring space, as the rules list them there:
    the Gate's Bubble Bags she can pay for, a Map Fragment to pick up (not under a face-down
    card, which may be an Opportunity left there), the smith setting a stone."""
    out: list[str] = []
    bags = [a.gold for a in here.of("water_enter") if a.gold]
    if here.of("water_enter"):
        from engine.prophecy.water_realm.water.gate import bag_size

        words = [t(locale, "prompt.service.gate_bag", bubbles=bag_size(state, arrived.player, g), gold=g) for g in bags]
        out.append(t(locale, "prompt.service.gate", bags=listing(words, locale)) if words
                   else t(locale, "prompt.service.gate_no_bag"))
    if here.of("island_collect") and not here.face_down:
        out.append(t(locale, "prompt.service.map_fragment"))
    jobs = here.of("wrc_smith")
    if jobs:
        paid = any(not a.blacksmithing for a in jobs)
        if paid:
            from engine.prophecy.water_realm.cards.smith import smith_price

            out.append(t(locale, "prompt.service.smith", gold=smith_price(ctx, arrived) or 0))
        else:
            out.append(t(locale, "prompt.service.smith_free"))
    return out


def _unit_price(svc: Any, locale: str) -> str:
    """"free", "1 Gold each", "1 Gold per 2"."""
    if not svc.price:
        return t(locale, "prompt.cost_free")
    if svc.per == 1:
        return t(locale, "prompt.service.price_each", gold=svc.price)
    return t(locale, "prompt.service.price_per", gold=svc.price, per=svc.per)


def market_words(state: ProphecyState, ctx: Ctx, p: Any, space_id: str, n: Names, locale: str) -> str:
    """What is on display with her price (Haggling included in a Standard game)."""
    standard = state.standard is not None
    items = [t(locale, "prompt.service.market_item", item=n.card(i.card),
               gold=space_actions.buy_price(ctx, p, i.card) if standard else ctx.pack.item(i.card).cost)
             for i in state.offers.get(space_id, [])]
    return t(locale, "prompt.service.market_offer", items=", ".join(items))


def _training_on_arrival(state: ProphecyState, actor: str, arrived: Any, here: Landing, locale: str) -> list[str]:
    """A Training Offer or Open Training she could use on arrival (ruling training_cards): each
    figure the rules let her train there, with its price."""
    guild = std_ctx(state).pack.space(arrived.space).guild
    return [training_words(state, actor, a.figure, guild, locale) for a in here.of("train")]


def destination_line(state: ProphecyState, actor: str, move: prophecy_actions.Move, locale: str, label: str) -> str:
    n = Names(state, locale)
    info = destination(state, actor, move, locale)
    parts = []
    if info["creature"] is not None:
        card, best = info["creature"]
        if best is not None:
            action, o = best
            parts.append(t(locale, "prompt.dest_creature", card=n.card(card.id), figures=figures(card, locale),
                           odds=odds_text(o, locale),
                           gear=gear_text(state, action, locale, battle_cost(n.pack, card, action.battle))))
    for card in info["opportunities"]:
        parts.append(t(locale, "prompt.dest_opportunity", card=n.card(card.id), cost=cost_text(card.cost, locale),
                       text=effect_text(card.effect, n, locale)))
    if info["services"]:
        parts.append(t(locale, "prompt.dest_services", services="; ".join(info["services"])))
    if info["players"]:
        parts.append(t(locale, "prompt.dest_players", names=", ".join(info["players"])))
    what = " · ".join(parts) or t(locale, "prompt.dest_empty")
    return t(locale, "prompt.dest_line", move=label, what=what)


def destination_short(state: ProphecyState, actor: str, move: prophecy_actions.Move, locale: str) -> str:
    """The few words that fit on a button after the move itself: the Creature and the win chance."""
    n = Names(state, locale)
    info = destination(state, actor, move, locale)
    if info["creature"] is not None:
        card, best = info["creature"]
        win = f"{best[1].percent()[0]:.0f}" if best is not None else "0"
        return t(locale, "prompt.short_creature", card=n.card(card.id), figures=figures(card, locale, short=True), win=win)
    if info["opportunities"]:
        return t(locale, "prompt.short_opportunity", card=n.card(info["opportunities"][0].id))
    return ""


# -- narration of the events this feature added or reworded -------------------------------------------
def chance_effect_text(state: ProphecyState, card_id: str, locale: str) -> str:
    """What a Chance card does, in a few words (the narration of drawing it)."""
    n = Names(state, locale)
    try:
        card = n.pack.chance_card(card_id)
    except KeyError:
        return ""
    if card.effect == "terrain":
        return t(locale, "prompt.chance_effect.terrain", terrain=t(locale, f"prompt.terrain.{card.terrain}"))
    if card.effect == "restock":
        return t(locale, "prompt.chance_effect.restock", space=n.space(card.restock_space or ""),
                 count=card.restock_count, deck=t(locale, f"deck.{card.restock_deck}"))
    if card.effect in ("everyone_gains", "charity"):
        return t(locale, f"prompt.chance_effect.{card.effect}", effect=_chance_gains(card.gain, card.effect, locale))
    return t(locale, f"prompt.chance_effect.{card.effect}")


def listing(parts: list[str], locale: str) -> str:
    """"a, b and c" in the reader's language."""
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + t(locale, "prompt.list_last") + parts[-1]


def _chance_gains(gain: Effect | None, effect: str, locale: str) -> str:
    """What a Chance card gives everyone ("heals 1 Health and recharges 1 Magic") or, for
    Charity, whoever has the least of each ("whoever has the least Gold gains 3"): said of the
    characters in the third person, since the whole table reads it."""
    if gain is None:
        return t(locale, "prompt.effect.nothing")
    key = "prompt.chance_least" if effect == "charity" else "prompt.chance_gain"
    parts = [t(locale, f"{key}.{field}", n=getattr(gain, field))
             for field in ("health", "magic", "gold") if getattr(gain, field, 0)]
    return listing(parts, locale) or t(locale, "prompt.effect.nothing")


def _idle_reason(state: ProphecyState, reason: dict[str, Any], locale: str) -> str:
    n = Names(state, locale)
    code = reason.get("code", "nothing_here")
    service = str(reason.get("service", ""))
    if service in ("heal", "recharge", "market", "repair"):
        service_name = t(locale, f"prompt.service.{service}")
    else:
        service_name = t(locale, f"service.{service}") if service else ""
    if code == "cannot_afford":
        if reason.get("card"):
            return t(locale, "prompt.idle.cannot_afford_card", card=n.card(reason["card"]))
        return t(locale, "prompt.idle.cannot_afford_service", service=service_name)
    if code == "certificate_short":
        cost = Cost(experience=reason.get("xp", 0), gold=reason.get("gold", 0))
        return t(locale, "prompt.idle.certificate_short", guild=n.guild(reason.get("guild", "")),
                 cost=cost_text(cost, locale), have_xp=reason.get("have_xp", 0), have_gold=reason.get("have_gold", 0))
    return t(locale, f"prompt.idle.{code}", service=service_name, card=n.card(str(reason.get("card", ""))),
             guild=n.guild(str(reason.get("guild", ""))))


def event_params(state: ProphecyState, event: Any, locale: str) -> dict[str, Any] | None:
    """Extra words for the events whose sentences need more than names (None: no line)."""
    d = event.data
    kind = event.kind
    if kind == "throw_decision":
        return None  # the prompt asks the question
    if kind == "chance_drawn":
        return {"effect": chance_effect_text(state, d.get("card", ""), locale)}
    if kind == "chance_no_effect":
        terrain = t(locale, f"prompt.terrain.{d['terrain']}") if d.get("terrain") else ""
        return {"why": t(locale, f"prompt.chance_why.{d.get('why', '')}", terrain=terrain)}
    if kind == "turn_auto_ended":
        return {"reasons": "; ".join(_idle_reason(state, r, locale) for r in d.get("reasons", [])) or
                t(locale, "prompt.idle.nothing_here")}
    if kind == "battle_roll":
        light, dark = d.get("light", 0), d.get("dark", 0)
        lives = d.get("lives", 1)
        out: dict[str, Any] = {
            "player_figure": d.get("player_figure", d.get("player_total", 0) - light),
            "creature_figure": d.get("creature_figure", d.get("creature_total", 0) - dark),
            "roll_mark": t(locale, "prompt.roll_mark", roll=d.get("roll", 1), lives=lives) if lives > 1 else "",
        }
        if not d.get("card"):
            out["card"] = t(locale, "prompt.the_creature")
        return out
    return {}


# == the Standard game ==============================================================================
# Everything below reads the state it is given, which is a view (the spectator's for the channel):
# a Guardian, an Adventure or a plane card this view hides is "unknown" here, never looked up
# elsewhere, and no odds are worked out against it (odds would tell its figures).


def std_ctx(state: ProphecyState) -> Ctx:
    """A rules context over the Standard figures (two slots, seven Items), for reading only."""
    return Ctx(state=state, pack=std_rules.pack_of(state))


def _memo(state: ProphecyState, key: tuple[Any, ...], work: Callable[[], _R]) -> _R:
    """`work()` once per state object and key (a turn message asks the same odds for the
    button and for the prompt's line, the next press's echo the pressed one); a state is
    never changed in place."""
    answers = answers_of(_STD_LAST, state)
    if key not in answers:
        answers[key] = work()
    found: _R = answers[key]  # what `work` gave for this key
    return found


_STD_LAST = threading.local()
#: what a memoised `work()` gives
_R = TypeVar("_R")

#: (win, draw, loss) as fractions of one
Chances = tuple[float, float, float]


def guardian_on(state: ProphecyState, plane_id: str) -> tuple[str | None, Guardian | None, int]:
    """(the slot an attack fights now, its Guardian if this state shows it, the Power Up)."""
    assert state.standard is not None
    plane = state.standard.plane(plane_id)
    slot = plane.guardian_slot()
    card = plane.card(slot) if slot else None
    if slot is None or card is None or card == HIDDEN:
        return slot, None, plane.power_up
    return slot, powers.spack(state).guardian(card), plane.power_up


def guardian_words(g: Guardian, power_up: int, n: Names, locale: str, short: bool = False) -> str:
    """"Stone Sentinel S6 W3" (short) or "Stone Sentinel (Strength 6 / Willpower 3, attacks
    with Strength; Power Up +1 included)"."""
    figs = figure_pair(g.strength + power_up, g.willpower + power_up, g.first, locale, short)
    if short:
        return f"{n.card(g.id)} {figs}"
    if power_up:
        figs += t(locale, "splay.power_up_included", n=power_up)
    return f"{n.card(g.id)} ({figs})"


def std_odds(state: ProphecyState, actor: str, action: Any) -> Chances | None:
    """The exact chances of a Standard `Fight` or `Attack` as the rules will fight it (spells,
    Abilities, Artifacts, a defender's best Items), or None when this state hides the foe."""
    return _memo(state, ("odds", actor, action), lambda: _std_odds(state, actor, action))


def _std_odds(state: ProphecyState, actor: str, action: Any) -> Chances | None:
    ctx = std_ctx(state)
    p = state.player(actor)
    defender = None
    if isinstance(action, prophecy_actions.Fight):
        card = std_creature_here(state, actor)
        if card is None:
            return None
        foe = next((f for part_foe in PART_FOES if (f := part_foe(state)) is not None), None) or sbattle.creature_foe(card)
    elif state.has_player(action.target):
        defender = state.player(action.target)
        foe = sbattle.character_foe(ctx, defender)
    else:
        _slot, g, _pu = guardian_on(state, action.target)
        if g is None:
            return None
        foe = sbattle.guardian_foe(ctx, action.target)
    try:
        exact = action_odds(ctx, p, foe, action, defender)
    except (RuleError, KeyError):
        return None
    return (exact.win, exact.draw, exact.loss) if exact is not None else None


def std_creature_here(state: ProphecyState, actor: str) -> CreatureCard | None:
    """The Creature the active player fights now (face up: a card is turned up before a fight)."""
    turn = state.turn
    if turn is None or turn.fight is None:
        return None
    p = state.player(actor)
    adv = next((a for a in state.spaces[p.space] if a.uid == turn.fight), None)
    if adv is None or adv.card == HIDDEN:
        return None
    card = std_ctx(state).pack.adventure(adv.card)
    return card if isinstance(card, CreatureCard) else None


def win_text(odds: Chances | None, locale: str) -> str:
    """"win 58%" for a button, or "odds unknown" when the foe is hidden."""
    if odds is None:
        return t(locale, "splay.odds_unknown")
    return t(locale, "splay.win", win=f"{odds[0] * 100:.0f}")


def full_odds(odds: Chances | None, locale: str) -> str:
    return odds_text(odds, locale) if odds is not None else t(locale, "splay.odds_unknown")


def std_gear(state: ProphecyState, action: Any, locale: str) -> str:
    """" with Sword and Shield, throwing the Dagger, casting Prayer" (empty with no gear)."""
    n = Names(state, locale)
    uids = [u for u in (action.weapon, action.second, action.head) if u] + list(action.hand) + list(action.body)
    text = t(locale, "prompt.gear_items", items=", ".join(n.item_uid(u) for u in uids)) if uids else ""
    if action.throw and action.weapon:
        text += t(locale, "prompt.gear_throw", item=n.item_uid(action.weapon))
    if action.spells:
        text += t(locale, "splay.casting", spells=listing([n.card(s) for s in action.spells], locale))
    return text


def best_by_battle(state: ProphecyState, actor: str, actions: list[Any]) -> dict[str, tuple[Any, Chances | None]]:
    """For each battle among `actions` (one foe's): the loadout with the best odds (the first
    one listed when the foe is hidden and no odds can be known)."""
    best: dict[str, tuple[Any, Chances | None]] = {}
    for action in actions:
        odds = std_odds(state, actor, action)
        old = best.get(action.battle)
        if old is None or (odds is not None and (old[1] is None or odds[0] - odds[2] > old[1][0] - old[1][2])):
            best[action.battle] = (action, odds)
    return best


def std_roll_odds(b: StdBattle, throw: bool) -> Chances:
    """Chances of the rolls left in a three-lives battle, throwing the weapon on the next one
    or keeping it in hand (Prayer and Curse dice included)."""
    win, draw, loss = 1.0, 0.0, 0.0
    for k in range(b.rolls + 1, b.lives + 1):
        if throw:
            figure = b.figure_without_weapon + (b.throw_bonus if k == b.rolls + 1 else 0)
        else:
            figure = b.figure_for(k)
        w, d, l = (float(x) for x in roll_chances(figure - b.foe_figure, b.own_dice, b.foe_dice))
        draw += win * d
        loss += win * l
        win *= w
    return win, draw, loss


def after_roll_chance(b: StdBattle, action: prophecy_actions.AfterRoll) -> float:
    """The chance that this roll becomes a win with the power used (a die thrown again, or the
    whole roll fought again); letting it stand keeps what it is."""
    figure = b.figure_for(b.rolls)
    if action.ability is None:
        return 1.0 if b.result == "win" else 0.0
    if action.dice is None:  # fought again: a fresh roll with the battle's dice
        return float(roll_chances(figure - b.foe_figure, b.own_dice, b.foe_dice)[0])
    wins = total = 0
    for light in (range(1, 7) if action.dice in ("own", "both") else (b.light,)):
        for dark in (range(1, 7) if action.dice in ("opponent", "both") else (b.dark,)):
            total += 1
            wins += figure + light > b.foe_figure + dark
    return wins / total


def foe_name(state: ProphecyState, card: str, opponent: str, n: Names) -> str:
    """Who a battle is against: a Creature or Guardian by name, a character by her player."""
    if opponent == "character":
        who = next((p for p in state.players if p.character == card), None)
        if who is not None:
            return who.name
    return n.card(card)


def ability_cost(state: ProphecyState, actor: str, ability_id: str, locale: str, gold: bool = True) -> str:
    """What learning an Ability costs this character (ruling ability_costs)."""
    ctx = std_ctx(state)
    xp, g = guilds.price(ctx, state.player(actor), powers.spack(state).ability(ability_id), gold=gold)
    return cost_text(Cost(experience=xp, gold=g), locale)


def card_line(n: Names, card_id: str) -> str:
    """"**Name**: what it does" from the pack's own words."""
    text = n.card_text(card_id)
    return f"**{n.card(card_id)}**: {text}" if text else f"**{n.card(card_id)}**"


def training_words(state: ProphecyState, actor: str, figure: str, at_guild: str | None, locale: str) -> str:
    """"Strength 5 → 6 (6 Experience + 2 Gold)" (ruling training)."""
    p = state.player(actor)
    xp, gold = guilds.training_price(std_ctx(state), p, figure, at_guild)
    now = p.red.total if figure == "strength" else p.blue.total
    return t(locale, "splay.train_words", figure=t(locale, f"sheet.{figure}"), old=now, new=now + 1,
             cost=cost_text(Cost(experience=xp, gold=gold), locale))


def dice_words(d: dict[str, Any], locale: str) -> str:
    """Prayer and Curse at the start of a battle: " (best of 2 dice; the foe keeps the worst of 3)"."""
    parts = []
    if d.get("own_dice", 1) > 1:
        parts.append(t(locale, "splay.dice_best", n=d["own_dice"]))
    if d.get("foe_dice", 1) > 1:
        parts.append(t(locale, "splay.dice_worst", n=d["foe_dice"]))
    return f" ({'; '.join(parts)})" if parts else ""


def std_chance_effect(state: ProphecyState, card_id: str, locale: str) -> str:
    """What a Chance card does in a Standard game (its Standard cards, two slots per space)."""
    for words in PART_CHANCE:
        said = words(state, card_id, locale)
        if said is not None:
            return said
    n = Names(state, locale)
    sp = powers.spack(state)
    card = next((c for c in sp.chance if c.id == card_id), None)
    opts = state.options.standard
    if card is None:
        try:
            base = n.pack.chance_card(card_id)
        except KeyError:
            return ""
        if base.effect == "terrain":
            key = (
                "splay.chance_effect.terrain_up" if opts and opts.second_adventure_face == "up" else "splay.chance_effect.terrain"
            )
            return t(locale, key, terrain=t(locale, f"prompt.terrain.{base.terrain}"))
        return chance_effect_text(state, card_id, locale)
    if card.effect == "guild_ability":
        return t(locale, "splay.chance_effect.guild_ability", guild=n.guild(card.guild or ""))
    if card.effect == "training":
        return t(locale, f"splay.chance_effect.training_{card.training_for}")
    if card.effect == "prophetic_dream":
        public = opts is not None and opts.prophetic_dream == "public"
        return t(locale, f"splay.chance_effect.dream_{'public' if public else 'private'}")
    return t(locale, f"splay.chance_effect.{card.effect}")


def instead_words(state: ProphecyState, actor: str, eff: Any, locale: str) -> str:
    """What an Ability used instead of movement does here and now, in a few words."""
    n = Names(state, locale)
    if eff.action in ("heal", "recharge"):
        key = f"splay.instead.{eff.action}" + ("" if eff.amount else "_all")
        return t(locale, key, n=eff.amount or 0)
    if eff.action == "repair":
        return t(locale, "splay.instead.repair")
    if eff.action == "gain":
        return effect_text(eff.gain, n, locale)
    ctx = std_ctx(state)
    gain = eff.by_terrain.get(std_moves._terrain_key(ctx, state.player(actor)))
    return effect_text(gain, n, locale)


# -- Standard destinations -------------------------------------------------------------------------
def std_destination(state: ProphecyState, actor: str, move: prophecy_actions.Move, locale: str) -> dict[str, Any]:
    """What waits where a move ends, as far as this view shows it: the Creatures (with the
    best odds after paying the way), face-down cards, the Astral Planes beside it, the guild's
    Ability and training, the services, who stands there and Artifacts lying there."""
    return _memo(state, ("dest", actor, move, locale), lambda: _std_destination(state, actor, move, locale))


def _std_destination(state: ProphecyState, actor: str, move: prophecy_actions.Move, locale: str) -> dict[str, Any]:
    ctx = std_ctx(state)
    sst = state.standard
    assert sst is not None and state.turn is not None
    pack = ctx.pack
    index = pack.space_index(move.to)
    p = state.player(actor)
    cost = move_cost(state, actor, move)
    arrived = p.model_copy(update={"space": index, "gold": max(0, p.gold - cost.gold),
                                   "blue": p.blue.model_copy(update={"right": max(0, p.blue.right - cost.magic)})})
    fought = set(state.turn.fought) if move.method == "stay" else set()
    info: dict[str, Any] = {"creatures": [], "hidden": 0, "opportunities": [], "planes": [], "guild": [],
                            "services": [], "players": [], "dropped": [], "battle_cost": {}}
    for adv in state.spaces[index]:
        if not adv.face_up or adv.card == HIDDEN:
            info["hidden"] += 1
            continue
        card = pack.adventure(adv.card)
        if isinstance(card, CreatureCard):
            if adv.uid in fought or adv.uid in sst.turn.avoided:
                continue
            if power_kind(card) == "doppelganger":
                # its figures and battle are a copied character's, chosen once she meets it
                info["creatures"].append((card, None))
                continue
            foe = sbattle.creature_foe(card)
            best: tuple[Any, Chances] | None = None
            for action in sbattle.loadout_actions(ctx, arrived, foe, None):
                exact = action_odds(ctx, arrived, foe, action)
                if exact is not None and (best is None or exact.win - exact.loss > best[1][0] - best[1][2]):
                    best = (action, (exact.win, exact.draw, exact.loss))
            info["creatures"].append((card, best))
            if best is not None:  # what that battle costs (a switch to the other battle is paid for)
                try:
                    info["battle_cost"][card.id] = sbattle.battle_cost(ctx, arrived, foe, best[0].battle)
                except RuleError:
                    pass
        elif isinstance(card, OpportunityCard):
            info["opportunities"].append(card)
    space_id = pack.space(index).id
    for plane in pack.board.astral_planes:
        if space_id in plane.between and sst.plane(plane.id).guardian_slot() is not None:
            info["planes"].append(plane.id)
    space = pack.space(index)
    here = landing(state, actor, move, cost.gold, cost.magic)
    learnable = {a.ability for a in here.of("learn")}
    if space.kind == "guild" and space.guild:
        # an Ability she cannot pay for yet is still named (it is why she would go), marked so
        for card_id in sst.guild_offers.get(space.guild, []):
            info["guild"].append((card_id, ability_cost(state, actor, card_id, locale), card_id in learnable))
    info["services"] = arrival_services(state, actor, arrived, here, locale)
    info["training"] = _training_on_arrival(state, actor, arrived, here, locale)
    for q in state.players:
        if q.alive and q.character and q.space == index and q.player != actor:
            held = len(sst.players[q.player].artifacts)
            info["players"].append(q.name + (t(locale, "splay.holds_artifacts", n=held) if held else ""))
    info["dropped"] = list(sst.dropped.get(space_id, []))
    return info


def move_cost(state: ProphecyState, actor: str, move: prophecy_actions.Move) -> Cost:
    """What a move costs (its way, or the card it is made with), worked out once per state."""
    options = _memo(state, ("moves", actor), lambda: std_moves.move_options(std_ctx(state), state.player(actor)))
    return next((c for m, c in options if m == move), Cost())


def std_destination_line(state: ProphecyState, actor: str, move: prophecy_actions.Move, locale: str, label: str) -> str:
    n = Names(state, locale)
    info = std_destination(state, actor, move, locale)
    parts = []
    for card, best in info["creatures"]:
        if best is not None:
            action, odds = best
            parts.append(t(locale, "prompt.dest_creature", card=n.card(card.id), figures=figures(card, locale),
                           odds=odds_text(odds, locale),
                           gear=_gear_priced(t(locale, f"battle.{action.battle}"), std_gear(state, action, locale),
                                             info["battle_cost"].get(card.id), locale)))
        elif power_kind(card) == "doppelganger":
            parts.append(t(locale, "splay.dest_doppel", card=n.card(card.id)))
        else:
            parts.append(t(locale, "splay.dest_creature_no_battle", card=n.card(card.id), figures=figures(card, locale)))
    if info["hidden"]:
        parts.append(t(locale, "splay.dest_face_down", n=info["hidden"]))
    standard_cards = {c.id for c in powers.spack(state).adventures}
    for card in info["opportunities"]:
        # a card the Standard pack redefines (the Lost Library) is said in its Standard words
        text = n.card_text(card.id) if card.id in standard_cards else \
            power_words(card, n, locale) or effect_text(card.effect, n, locale)
        parts.append(t(locale, "prompt.dest_opportunity", card=n.card(card.id), cost=cost_text(card.cost, locale),
                       text=text))
    for plane_id in info["planes"]:
        parts.append(t(locale, "splay.dest_plane", plane=n.plane(plane_id), foe=plane_foe_words(state, plane_id, n, locale)))
    for card_id, cost, usable in info["guild"]:
        parts.append(t(locale, "splay.dest_ability" if usable else "splay.dest_ability_short", card=n.card(card_id),
                       cost=cost))
    if info["training"]:
        parts.append(t(locale, "splay.dest_training", words=listing(info["training"], locale)))
    if info["services"]:
        parts.append(t(locale, "prompt.dest_services", services="; ".join(info["services"])))
    if info["players"]:
        parts.append(t(locale, "prompt.dest_players", names=", ".join(info["players"])))
    if info["dropped"]:
        parts.append(t(locale, "splay.dest_dropped", cards=listing([n.card(c) for c in info["dropped"]], locale)))
    what = " · ".join(parts) or t(locale, "prompt.dest_empty")
    return t(locale, "prompt.dest_line", move=label, what=what)


def std_destination_short(state: ProphecyState, actor: str, move: prophecy_actions.Move, locale: str) -> str:
    """The few words a move's button has room for: the first Creature and the win chance, else
    a face-down card, an Opportunity, an Astral Plane within reach."""
    n = Names(state, locale)
    info = std_destination(state, actor, move, locale)
    if info["creatures"]:
        card, best = info["creatures"][0]
        if power_kind(card) == "doppelganger":
            return t(locale, "splay.short_doppel", card=n.card(card.id))
        win = f"{best[1][0] * 100:.0f}" if best is not None else "0"
        return t(locale, "prompt.short_creature", card=n.card(card.id), figures=figures(card, locale, short=True), win=win)
    if info["hidden"]:
        return t(locale, "splay.short_face_down")
    if info["opportunities"]:
        return t(locale, "prompt.short_opportunity", card=n.card(info["opportunities"][0].id))
    if info["planes"]:
        return t(locale, "splay.short_plane", plane=n.plane_short(info["planes"][0]))
    return ""


def plane_foe_words(state: ProphecyState, plane_id: str, n: Names, locale: str, short: bool = True) -> str:
    """The Guardian an attack on the plane would fight: named with its figures when this view
    shows it, "unknown Lesser Guardian" when it lies face down."""
    slot, g, power_up = guardian_on(state, plane_id)
    if g is None:
        return t(locale, "splay.unknown_slot", slot=n.slot(slot or "lesser"))
    return t(locale, "splay.slot_is", slot=n.slot(slot or "lesser"), foe=guardian_words(g, power_up, n, locale, short))


# -- Standard prompts --------------------------------------------------------------------------------
@dataclass
class StdPrompt:
    """A Standard decision in words: the question of the ping line, the embed's blocks, and
    whether the one asked answers for themself alone (a defender, a character to keep)."""

    what: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    only_you: bool = False


Label = Callable[[Any], str]

#: the Water Realm expansion's parts add their own questions' prompts (by pending kind), blocks
#: for any Standard prompt, and words for the Chance cards they add; each part's describe module
#: (systems/prophecy/describe_*.py) registers them on import, as this module cannot import it;
#: a builder under "<kind>:<reason>" serves a Standard decision a part asks for its own reason
PART_BUILDERS: dict[str, Callable[..., "StdPrompt"]] = {}
PART_FIELDS: list[Callable[..., list[tuple[str, str]]]] = []
PART_CHANCE: list[Callable[[ProphecyState, str, str], "str | None"]] = []
#: ...and the foe a fight button's odds read when a part changes it (the Doppelganger's copy)
PART_FOES: list[Callable[[ProphecyState], Any]] = []


def standard_prompt(state: ProphecyState, pend: Any, actions: list[Any], locale: str, label: Label) -> StdPrompt:
    """What the person asked must know to answer, built from the view `state`. `actions` are
    the legal answers (from the game itself: the buttons), `label(action)` their button words."""
    kind = pend.kind
    builder = PART_BUILDERS.get(f"{kind}:{pend.data.get('reason', '')}") or _BUILDERS.get(kind) or PART_BUILDERS.get(kind)
    n = Names(state, locale)
    if builder is None:
        return StdPrompt(t(locale, "splay.what.other"))
    out = builder(state, pend, actions, n, locale, label)
    for extra in PART_FIELDS:
        out.fields.extend(extra(state, pend, actions, n, locale, label))
    turn_player = state.turn.player if state.turn is not None else None
    out.only_you = out.only_you or pend.player != turn_player
    return out


def _lines(actions: list[Any], label: Label) -> str:
    return "\n".join(f"• {label(a)}" for a in actions)


def _p_move(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    out = StdPrompt(t(locale, "splay.what.move"))
    lines = [std_destination_line(state, pend.player, a, locale, label_plain(state, pend.player, a, locale))
             for a in actions if isinstance(a, prophecy_actions.Move)]
    out.fields.append((t(locale, "prompt.destinations"), "\n".join(lines)))
    uses = [a for a in actions if isinstance(a, prophecy_actions.UseAbility)]
    if uses:
        out.fields.append((t(locale, "splay.field.instead"), _lines(uses, label)))
    return out


def label_plain(state: ProphecyState, actor: str, action: prophecy_actions.Move, locale: str) -> str:
    """A move in words without what waits there (the line after it, or the button's few more
    words, say that): the way, the destination, the price and the card it is made with."""
    n = Names(state, locale)
    if action.method == "stay":
        return t(locale, "action.move_stay", space=n.space(action.to))
    label = t(locale, "action.move", method=t(locale, f"method.{action.method}"), space=n.space(action.to),
              cost=cost_text(move_cost(state, actor, action), locale))
    return label + (t(locale, "splay.via", card=n.card(action.via)) if action.via else "")


def _p_fight(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    card = std_creature_here(state, pend.player)
    out = StdPrompt(t(locale, "play.decide_fight", card=n.card(card.id) if card else t(locale, "prompt.the_creature")))
    if card is None:
        return out
    text = n.card_text(card.id)
    if text:
        out.fields.append((n.card(card.id), text))
    lines = [t(locale, "prompt.creature_line", figures=figures(card, locale), experience=card.experience),
             t(locale, "prompt.if_win", effect=_treasure(card, n, locale)),
             t(locale, "prompt.if_lose", effect=effect_text(card.on_loss, n, locale) if card.on_loss
               else t(locale, "prompt.effect.default_loss"))]
    out.fields.append((t(locale, "prompt.creature", card=n.card(card.id)), "\n".join(lines)))
    fights = [a for a in actions if isinstance(a, prophecy_actions.Fight)]
    battles = _battle_lines(state, pend.player, fights, locale)
    for a in actions:
        if isinstance(a, (prophecy_actions.Bribe, prophecy_actions.Avoid)):
            battles.append(label(a))
    if battles:
        out.fields.append((t(locale, "prompt.battles"), "\n".join(battles)))
    rules = special_lines(card, locale)
    if rules:
        out.fields.append((t(locale, "prompt.rules"), "\n".join(f"• {r}" for r in rules)))
    return out


def _battle_lines(state: ProphecyState, actor: str, actions: list[Any], locale: str) -> list[str]:
    """One line per battle: its price, the best odds and the gear that gives them."""
    ctx = std_ctx(state)
    p = state.player(actor)
    out = []
    for battle, (action, odds) in best_by_battle(state, actor, actions).items():
        cost = _battle_price(ctx, state, p, action, locale)
        out.append(t(locale, "prompt.battle_line", battle=t(locale, f"battle.{battle}"), cost=cost,
                     odds=full_odds(odds, locale), gear=std_gear(state, action, locale)))
    return out


def _battle_price(ctx: Ctx, state: ProphecyState, p: Any, action: Any, locale: str) -> str:
    """The price of a battle before the dice (with the spells declared), as far as the view
    tells it: a hidden foe's price depends on its card, so none is named."""
    try:
        if isinstance(action, prophecy_actions.Fight):
            card = std_creature_here(state, p.player)
            foe = sbattle.creature_foe(card) if card else None
        elif state.has_player(action.target):
            foe = sbattle.character_foe(ctx, state.player(action.target))
        else:
            _slot, g, _pu = guardian_on(state, action.target)
            foe = sbattle.guardian_foe(ctx, action.target) if g is not None else None
        if foe is None:
            return t(locale, "splay.price_hidden")
        cost = sbattle.battle_cost(ctx, p, foe, action.battle)
    except (RuleError, KeyError):
        return t(locale, "splay.price_hidden")
    total = powers.add_costs(cost, *(powers.spack(state).ability(s).cast for s in action.spells))
    return cost_text(total, locale)


def _p_act(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    sst = state.standard
    assert sst is not None
    must = sst.final_battle is not None and bool(state.options.standard and state.options.standard.final_battle_must_attack) \
        and not any(isinstance(a, prophecy_actions.EndTurn) for a in actions)
    out = StdPrompt(t(locale, "splay.what.act_final" if must else "splay.what.act"))
    attacks: dict[str, list[Any]] = {}
    for a in actions:
        if isinstance(a, prophecy_actions.Attack):
            attacks.setdefault(a.target, []).append(a)
    for target, group in attacks.items():
        if state.has_player(target):
            out.fields.append(_character_field(state, pend.player, target, group, n, locale))
        else:
            out.fields.append(_plane_field(state, pend.player, target, group, n, locale))
    learn = [a for a in actions if isinstance(a, prophecy_actions.Learn)]
    guild_lines = [f"📘 {card_line(n, a.ability)} — {ability_cost(state, pend.player, a.ability, locale)}" for a in learn]
    trains = [a for a in actions if isinstance(a, prophecy_actions.Train)]
    guild_lines += [f"💪 {label(a)}" for a in trains]
    if trains:
        cap = powers.spack(state).figures.training_cap_per_figure.value or 2
        guild_lines.append(t(locale, "splay.training_cap", cap=cap))
    space = n.pack.space(state.player(pend.player).space)
    if space.kind == "guild" and space.guild:
        offered = [c for c in sst.guild_offers.get(space.guild, []) if c not in {a.ability for a in learn}]
        guild_lines += [t(locale, "splay.cannot_afford", card=card_line(n, c),
                          cost=ability_cost(state, pend.player, c, locale)) for c in offered]
    if guild_lines:
        mine = len(sst.players[pend.player].abilities)
        limit = powers.spack(state).figures.ability_limit.value or 7
        guild_lines.append(t(locale, "splay.ability_count", n=mine, limit=limit))
        out.fields.append((t(locale, "splay.field.guild", guild=n.guild(space.guild or "")), "\n".join(guild_lines)))
    market = _market_field(state, pend.player, actions, n, locale)
    if market is not None:
        out.fields.append(market)
    uses = [a for a in actions if isinstance(a, prophecy_actions.UseAbility)]
    if uses:
        out.fields.append((t(locale, "splay.field.abilities"), _lines(uses, label)))
    return out


def _market_field(state: ProphecyState, actor: str, actions: list[Any], n: Names,
                  locale: str) -> tuple[str, str] | None:
    """The Items on display where she may buy (facts §1, City and Village): each with what it
    does and its price for her (Haggling included), those she cannot afford marked, so a Buy
    button is never the only word about an Item."""
    if not any(isinstance(a, (prophecy_actions.Buy, prophecy_actions.Sell)) for a in actions):
        return None
    ctx = std_ctx(state)
    p = state.player(actor)
    space = ctx.pack.space(p.space)
    lines = []
    for item in state.offers.get(space.id, []):
        cost = space_actions.buy_price(ctx, p, item.card)
        key = "splay.market_item" if cost <= p.gold else "splay.market_item_dear"
        lines.append(t(locale, key, item=card_line(n, item.card), cost=cost))
    if not lines:
        lines.append(t(locale, "splay.market_empty"))
    return t(locale, "splay.field.market", space=n.space(space.id)), "\n".join(lines)


def _plane_field(state: ProphecyState, actor: str, plane_id: str, group: list[Any], n: Names, locale: str,
                 title_key: str = "splay.field.attack_plane") -> tuple[str, str]:
    """An attack on an Astral Plane: the Guardian as far as known, each battle's price and odds
    with the best gear, and what winning, a draw and losing bring (rulings astral_*)."""
    assert state.standard is not None
    slot, g, power_up = guardian_on(state, plane_id)
    lines = []
    if g is None:
        lines.append(t(locale, "splay.guardian_hidden", slot=n.slot(slot or "lesser")))
        # ruling guardian_turned_up: the battle and gear are chosen once the card is up
        lines.append(t(locale, "splay.battles_open"))
    else:
        lines.append(t(locale, "splay.slot_is", slot=n.slot(slot or "lesser"), foe=guardian_words(g, power_up, n, locale)))
        text = n.card_text(g.id)
        if text:
            lines.append(f"_{text}_")
        lines.extend(_battle_lines(state, actor, group, locale))
        lines.extend(f"• {r}" for r in special_lines(g, locale))  # type: ignore[arg-type]  # a Guardian card reads like a Creature card (the same special-rule fields)
    lines.append(t(locale, "prompt.if_win", effect=_guardian_prize(state, plane_id, slot, g, n, locale)))
    lines.append(t(locale, "splay.plane_stakes"))
    return t(locale, title_key, plane=n.plane(plane_id)), "\n".join(lines)


def _guardian_prize(state: ProphecyState, plane_id: str, slot: str | None, g: Guardian | None, n: Names,
                    locale: str) -> str:
    assert state.standard is not None
    parts = []
    if g is not None:
        parts.append(t(locale, "prompt.effect.experience_gain", n=g.experience))
        if not g.reward.is_empty():
            parts.append(effect_text(g.reward, n, locale))
    else:
        parts.append(t(locale, "splay.prize_experience"))
    if slot == "greater":
        art = state.standard.plane(plane_id).artifact
        parts.append(t(locale, "splay.prize_artifact_unknown") if art in (None, HIDDEN)
                     else t(locale, "splay.prize_artifact", card=n.card(art)))
    elif state.standard.plane(plane_id).greater is not None:
        parts.append(t(locale, "splay.prize_go_on"))
    return ", ".join(parts)


def _character_field(state: ProphecyState, actor: str, target: str, group: list[Any], n: Names,
                     locale: str) -> tuple[str, str]:
    """A fight between characters: the defender's figures as the rules set them (ruling
    defender_choices), the odds, and what the loser gives (rulings character_fight_loss,
    final_battle_stakes)."""
    assert state.standard is not None
    ctx = std_ctx(state)
    q = state.player(target)
    strength = sbattle.defender_figure(ctx, q, "strength")
    wills = sbattle.defender_figure(ctx, q, "wills")
    held = state.standard.players[target].artifacts
    lines = [t(locale, "splay.defender_line", strength=strength, willpower=wills)]
    if held:
        lines.append(t(locale, "splay.defender_artifacts", cards=listing([n.card(c) for c in held], locale)))
    lines.extend(_battle_lines(state, actor, group, locale))
    final = state.standard.final_battle is not None
    if final and held:
        lines.append(t(locale, "splay.duel_stakes_final", player=q.name))
    else:
        lines.append(t(locale, "splay.duel_stakes", player=q.name,
                       n=powers.spack(state).figures.character_fight_health.value or 1))
    take_item, gold, extra = powers.spoils(state, actor)
    if take_item or gold or extra:
        lines.append(t(locale, "splay.duel_spoils", spoils=_spoils_words(take_item, gold, extra, locale)))
    return t(locale, "splay.field.attack_character", player=q.name, character=n.card(q.character)), "\n".join(lines)


def _spoils_words(take_item: bool, gold: int, extra: int, locale: str) -> str:
    parts = []
    if take_item:
        parts.append(t(locale, "splay.spoils.item"))
    if gold:
        parts.append(t(locale, "splay.spoils.gold", n=gold))
    if extra:
        parts.append(t(locale, "splay.spoils.health", n=extra))
    return listing(parts, locale)


def _battle_and_foe(state: ProphecyState, n: Names) -> tuple[StdBattle, str] | None:
    """The Standard battle under way and its foe's name (None between battles), which the
    prompts of a battle's throw and of its after-roll choice both open with."""
    assert state.standard is not None
    b = state.standard.turn.battle
    return None if b is None else (b, foe_name(state, b.card, b.opponent, n))


def _p_throw(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    battle = _battle_and_foe(state, n)
    if battle is None:
        return StdPrompt(t(locale, "splay.what.other"))
    b, foe = battle
    item = n.item_uid(b.weapon) if b.weapon else "?"
    out = StdPrompt(t(locale, "prompt.decide_throw", done=b.rolls, lives=b.lives, card=foe, item=item))
    text = t(locale, "prompt.throw_line", roll=b.rolls + 1, lives=b.lives, item=item, bonus=b.throw_bonus,
             odds_throw=odds_text(std_roll_odds(b, True), locale), odds_keep=odds_text(std_roll_odds(b, False), locale))
    out.fields.append((t(locale, "prompt.throw_title"), text))
    return out


def _p_after_roll(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    battle = _battle_and_foe(state, n)
    if battle is None:
        return StdPrompt(t(locale, "splay.what.other"))
    b, foe = battle
    result = t(locale, f"result.{b.result}")
    out = StdPrompt(t(locale, "splay.what.after_roll", card=foe, result=result))
    figure = b.figure_for(b.rolls)
    roll = t(locale, "splay.roll_line", light=b.light, figure=figure, mine=figure + b.light, card=foe, dark=b.dark,
             foe=b.foe_figure, theirs=b.foe_figure + b.dark, result=result)
    if b.lives > 1:
        roll = t(locale, "prompt.roll_mark", roll=b.rolls, lives=b.lives) + roll
    out.fields.append((t(locale, "splay.field.roll"), roll + "\n" + _lines(actions, label)))
    return out


def _p_choose_item(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    turn = state.turn
    choice = turn.item_choices[0] if turn is not None and turn.item_choices else None
    key = "prompt.decide_choose_item_damage" if choice is not None and choice.mode == "damage" else "prompt.decide_choose_item"
    return StdPrompt(t(locale, key, card=n.card(choice.reason) if choice else ""))


def _p_character(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    out = StdPrompt(t(locale, "splay.what.character"), only_you=True)
    out.fields.append((t(locale, "splay.field.secret"), t(locale, "splay.character_help")))
    return out


def _p_creature(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    out = StdPrompt(t(locale, "splay.what.creature"))
    ctx = std_ctx(state)
    p = state.player(pend.player)
    for a in actions:
        adv = next((x for x in state.spaces[p.space] if x.uid == a.card), None)
        if adv is None or adv.card == HIDDEN:
            continue
        card = ctx.pack.adventure(adv.card)
        if not isinstance(card, CreatureCard):
            continue
        lines = [t(locale, "prompt.creature_line", figures=figures(card, locale), experience=card.experience)]
        foe = sbattle.creature_foe(card)
        best = None
        for fight in sbattle.loadout_actions(ctx, p, foe, None):
            exact = action_odds(ctx, p, foe, fight)
            if exact is not None and (best is None or exact.win - exact.loss > best[1][0] - best[1][2]):
                best = (fight, (exact.win, exact.draw, exact.loss))
        if best is not None:
            gear = t(locale, "prompt.gear", battle=t(locale, f"battle.{best[0].battle}"), items=std_gear(state, best[0], locale))
            lines.append(t(locale, "splay.best_odds", odds=odds_text(best[1], locale), gear=gear))
        lines.append(t(locale, "prompt.if_win", effect=_treasure(card, n, locale)))
        lines.extend(f"• {r}" for r in special_lines(card, locale))
        out.fields.append((t(locale, "prompt.creature", card=n.card(card.id)), "\n".join(lines)))
    return out


def _p_continue(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    plane_id = (pend.data.get("options") or [""])[0]
    reason = pend.data.get("reason")
    must = reason in ("must_continue", "revealed")  # a Guardian just turned up is fought (ruling guardian_turned_up)
    key = {"must_continue": "splay.what.continue_must", "revealed": "splay.what.continue_revealed"}.get(
        reason, "splay.what.continue"
    )
    out = StdPrompt(t(locale, key, plane=n.plane(plane_id)))
    group = [a for a in actions if isinstance(a, prophecy_actions.Attack)]
    if plane_id and state.standard is not None:
        # headed by the Guardian fought now: the Greater one after a win, the Lesser one when it
        # has just turned up (ruling guardian_turned_up)
        slot, _g, _power_up = guardian_on(state, plane_id)
        title = "splay.field.lesser" if slot == "lesser" else "splay.field.greater"
        out.fields.append(_plane_field(state, pend.player, plane_id, group, n, locale, title))
    if not must:
        out.fields.append((t(locale, "splay.field.stop"), t(locale, "splay.stop_help")))
    return out


def _p_loss(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    winner = n.player(pend.data.get("other"))
    health = powers.spack(state).figures.character_fight_health.value or 1
    out = StdPrompt(t(locale, "splay.what.loss", winner=winner, n=health), only_you=True)
    lines = [("❤️ " if a.item is None else "🎒 ") + label(a) for a in actions]
    goes = state.options.standard.item_given_up_goes_to if state.options.standard else "discard"
    lines.append(t(locale, f"splay.given_up_goes.{goes}", winner=winner))
    out.fields.append((t(locale, "splay.field.loss"), "\n".join(lines)))
    return out


def _p_take_item(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    loser = n.player(pend.data.get("other"))
    out = StdPrompt(t(locale, "splay.what.take_item", player=loser))
    out.fields.append((t(locale, "splay.field.items_of", player=loser), _lines(actions, label)))
    return out


def _p_take_artifact(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str,
                     label: Label) -> StdPrompt:
    loser = n.player(pend.data.get("other"))
    out = StdPrompt(t(locale, "splay.what.take_artifact", player=loser))
    lines = [card_line(n, a.artifact) for a in actions if isinstance(a, prophecy_actions.TakeArtifact)]
    out.fields.append((t(locale, "splay.field.artifacts_of", player=loser), "\n".join(lines)))
    return out


def _p_discard(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    assert state.standard is not None
    p = state.player(pend.player)
    limit = powers.spack(state).figures.ability_limit.value or 7
    abilities = state.standard.players[pend.player].abilities
    out = StdPrompt(t(locale, "splay.what.discard", items=len(p.items), abilities=len(abilities), limit=limit))
    lines = []
    for a in actions:
        if p.item(a.card) is None:
            lines.append(f"📘 {card_line(n, a.card)}")
        else:
            lines.append(f"🎒 {label(a)}")
    out.fields.append((t(locale, "splay.field.discard"), "\n".join(lines)))
    return out


def _p_battleground(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str,
                    label: Label) -> StdPrompt:
    sst = state.standard
    assert sst is not None
    out = StdPrompt(t(locale, "splay.what.battleground"))
    need = powers.spack(state).figures.artifacts_to_win.value or 4
    must = state.options.standard is not None and state.options.standard.final_battle_must_attack
    out.fields.append(
        (
            t(locale, "splay.field.final_battle"),
            t(locale, "splay.final_battle_rules", need=need) + ("\n" + t(locale, "splay.final_battle_must") if must else ""),
        )
    )
    lines = []
    for pid, me in sst.players.items():
        if me.artifacts and state.has_player(pid):
            q = state.player(pid)
            lines.append(t(locale, "splay.holder_line", player=q.name, cards=listing([n.card(c) for c in me.artifacts], locale),
                           space=n.where(q)))
    if lines:
        out.fields.append((t(locale, "splay.field.holders"), "\n".join(lines)))
    return out


def _p_dream(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    public = state.options.standard is not None and state.options.standard.prophetic_dream == "public"
    out = StdPrompt(t(locale, "splay.what.dream_public" if public else "splay.what.dream"))
    by_plane: dict[str, list[str]] = {}
    for a in actions:
        if isinstance(a, prophecy_actions.Dream):
            by_plane.setdefault(a.plane, []).append(n.slot(a.slot))
    lines = [t(locale, "splay.dream_line", plane=n.plane(pl), slots=listing(slots, locale)) for pl, slots in by_plane.items()]
    lines.append(t(locale, "splay.dream_public_help" if public else "splay.dream_private_help"))
    out.fields.append((t(locale, "splay.field.hidden_cards"), "\n".join(lines)))
    return out


def _p_study(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    out = StdPrompt(t(locale, "splay.what.study", card=n.card(str(pend.data.get("reason", "")))))
    out.fields.append((t(locale, "splay.field.study"), t(locale, "splay.study_help") + "\n" + _lines(actions, label)))
    return out


def _p_study_pick(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Label) -> StdPrompt:
    out = StdPrompt(t(locale, "splay.what.study_pick"), only_you=True)
    out.fields.append((t(locale, "splay.field.secret"), t(locale, "splay.study_pick_help")))
    return out


_BUILDERS: dict[str, Callable[..., StdPrompt]] = {
    "move": _p_move, "fight": _p_fight, "act": _p_act, "throw": _p_throw, "after_roll": _p_after_roll,
    "choose_item": _p_choose_item, "decide_character": _p_character, "decide_creature": _p_creature,
    "decide_continue": _p_continue, "decide_loss": _p_loss, "decide_take_item": _p_take_item,
    "decide_take_artifact": _p_take_artifact, "decide_discard": _p_discard, "decide_battleground": _p_battleground,
    "decide_dream": _p_dream, "decide_study": _p_study, "decide_study_pick": _p_study_pick,
}
