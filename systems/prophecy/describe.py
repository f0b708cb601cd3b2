"""Turn engine actions, events and state into sentences in the reader's language.

No discord import here: the same text serves embeds, the --local console and tests.
"""
from __future__ import annotations

from typing import Any

from engine.ai.odds import fight_odds
from engine.core.events import Event
from engine.prophecy import actions as A
from engine.prophecy.content import CreatureCard, Pack, display_name, display_text, pack_by_id
from engine.prophecy.market import sell_price
from engine.prophecy.movement import move_options
from engine.prophecy.spaces import price, services
from engine.prophecy.context import Ctx
from engine.prophecy.guilds import certificate_price
from engine.prophecy.state import ProphecyState
from gm.i18n import t
from systems.prophecy.names import Names
from systems.prophecy.prompt_text import describe_choice, describe_roll, destination_short, event_params


def _cost_text(locale: str, gold: int) -> str:
    return t(locale, "common.free") if gold == 0 else t(locale, "common.gold", n=gold)


def describe_action(state: ProphecyState, actor: str, action: Any, locale: str, with_odds: bool = True) -> str:
    n = Names(state, locale)
    p = state.player(actor)
    pack = n.pack
    if isinstance(action, A.Move):
        if action.method == "stay":
            label = t(locale, "action.move_stay", space=n.space(action.to))
            if with_odds:

                extra = destination_short(state, actor, action, locale)
                label = f"{label} · {extra}" if extra else label
            return label
        cost = next((c for m, c in move_options(pack, p, state.turn.held if state.turn else False)
                     if m.method == action.method and m.to == action.to), 0)
        label = t(locale, "action.move", method=t(locale, f"method.{action.method}"), space=n.space(action.to),
                  cost=_cost_text(locale, cost))
        if with_odds:  # what waits there, in a few words (the prompt embed has the detail)

            extra = destination_short(state, actor, action, locale)
            label = f"{label} · {extra}" if extra else label
        return label
    if isinstance(action, A.Fight):
        gear = [u for u in (action.weapon, action.head) if u] + list(action.hand) + list(action.body)
        gear_text = t(locale, "action.fight_gear", items=", ".join(n.item_uid(u) for u in gear)) if gear else ""
        if action.throw and action.weapon:
            gear_text += t(locale, "action.fight_throw", item=n.item_uid(action.weapon))
        odds = ""
        if with_odds:
            o = fight_odds(state, actor, action)
            w, d, l = o.percent()
            odds = t(locale, "play.odds", win=f"{w:.0f}", draw=f"{d:.0f}", loss=f"{l:.0f}")
        return t(locale, "action.fight", battle=t(locale, f"battle.{action.battle}"), gear=gear_text, odds=odds)
    if isinstance(action, A.Bribe):
        card = _creature(state, actor)
        rule = card.special("bribe") if card else None
        cost = rule.cost.gold if rule and rule.cost else 0
        return t(locale, "action.bribe", cost=_cost_text(locale, cost))
    if isinstance(action, A.UseOpportunity):
        adv = next((a for a in state.spaces[p.space] if a.uid == action.card), None)
        card_name = n.card(adv.card) if adv else action.card
        if action.give:
            return t(locale, "prompt.use_giving", card=card_name, items=", ".join(n.item_uid(u) for u in action.give))
        return t(locale, "action.use_opportunity", card=card_name)
    if isinstance(action, A.Roll):

        return describe_roll(state, action, locale, with_odds)
    if isinstance(action, A.ChooseItem):

        return describe_choice(state, action, locale)
    if isinstance(action, (A.Heal, A.Recharge)):
        kind = action.type
        ctx = Ctx(state, pack)
        svc = services(ctx, p, kind)
        gold = price(svc[0], action.amount) if svc else 0
        return t(locale, f"action.{kind}", amount=action.amount, cost=_cost_text(locale, gold))
    if isinstance(action, A.Exchange):
        return t(locale, "action.exchange", service=t(locale, f"service.{action.service}"))
    if isinstance(action, A.Buy):
        item = next((i for i in state.offers.get(pack.space(p.space).id, []) if i.uid == action.item), None)
        cost = pack.item(item.card).cost if item else 0
        return t(locale, "action.buy", item=n.item_uid(action.item), cost=cost)
    if isinstance(action, A.Sell):
        item = p.item(action.item)
        return t(locale, "action.sell", item=n.item_uid(action.item), gold=sell_price(Ctx(state, pack), item.card) if item else 0)
    if isinstance(action, A.Repair):
        return t(locale, "action.repair", item=n.item_uid(action.item))
    if isinstance(action, A.UseItem):
        return t(locale, "action.use_item", item=n.item_uid(action.item))
    if isinstance(action, A.BuyCertificate):
        guild = pack.space(p.space).guild or ""
        xp, gold = certificate_price(Ctx(state, pack), p, guild)
        cost = t(locale, "action.certificate_cost_gold" if gold else "action.certificate_cost", xp=xp, gold=gold)
        return t(locale, "action.certificate", guild=n.guild(guild), cost=cost)
    if isinstance(action, A.EndTurn):
        return t(locale, "action.end_turn")
    return str(action)


def _creature(state: ProphecyState, actor: str) -> CreatureCard | None:
    if not state.turn or not state.turn.fight:
        return None
    pack = pack_by_id(state.options.pack)
    p = state.player(actor)
    adv = next((a for a in state.spaces[p.space] if a.uid == state.turn.fight), None)
    card = pack.adventure(adv.card) if adv else None
    return card if isinstance(card, CreatureCard) else None


def describe_event(state: ProphecyState, event: Event, locale: str) -> str | None:
    """One narration line, or None for events not worth a line."""
    n = Names(state, locale)
    d: dict[str, Any] = dict(event.data)
    params: dict[str, Any] = {"player": n.player(event.player)}
    for key, value in d.items():
        if key in ("card",) and isinstance(value, str):
            params[key] = n.card(value)
        elif key in ("space", "to", "frm") and isinstance(value, str):
            params[key] = n.space(value)
        elif key == "guild":
            params[key] = n.guild(value)
        elif key == "character":
            params[key] = n.card(value)
        elif key == "deck":
            params[key] = t(locale, f"deck.{value}")
        elif key == "result":
            params[key] = t(locale, f"result.{value}")
        elif key == "battle":
            params[key] = t(locale, f"battle.{value}")
        elif key == "method":
            params[key] = t(locale, f"method.{value}")
        elif key == "service":
            params[key] = t(locale, f"service.{value}")
        elif key == "cards" and isinstance(value, list):
            params[key] = ", ".join(n.card(c) for c in value) or t(locale, "common.none")
        elif key == "removed":
            params[key] = ", ".join(n.card(c) for c in value) or t(locale, "common.none")
        elif key == "rolls":
            params[key] = ", ".join(f"{n.player(pid)} {r}" for pid, r in value.items())
        else:
            params[key] = value
    kind = event.kind
    if kind in ("deck_empty", "chance_ignored", "game_prepared", "turn_ended"):
        return None
    if kind == "turn_started":
        params["extra"] = t(locale, "event.extra_mark") if d.get("extra") else ""
    elif kind == "moved":
        params["cost"] = t(locale, "event.paid_cost", cost=d["cost"]) if d.get("cost") else ""
    elif kind == "battle_started":
        params["lives"] = t(locale, "event.three_lives") if d.get("lives", 1) > 1 else ""
    elif kind in ("battle_roll", "chance_drawn", "chance_no_effect", "turn_auto_ended", "throw_decision"):

        extra = event_params(state, event, locale)
        if extra is None:
            return None
        params.update(extra)
    elif kind == "paid":
        parts = [f"{v} {t(locale, 'sheet.' + k)}" for k, v in d.items() if k in ("gold", "experience", "health", "magic")]
        if d.get("reason") in ("heal", "recharge"):
            return None
        params["cost"] = ", ".join(parts)
    elif kind == "battle_roll" or kind == "die_rolled":
        pass
    return t(locale, f"event.{kind}", **params)


def narrate(state: ProphecyState, events: list[Event], locale: str) -> list[str]:
    return [line for e in events if (line := describe_event(state, e, locale))]
