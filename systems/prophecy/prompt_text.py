"""What a decision prompt must say so that a player coming back hours later can decide from it.

Move choices show what waits at each destination (a Creature with its figures and the
win/draw/loss odds with the best gear, an Opportunity, the space's services, who stands
there); a battle shows the Creature's figures, each battle's cost and odds, its special rules
in plain words and what winning or losing brings. No discord import: the embeds, the console
and the tests share these sentences.
"""
from __future__ import annotations

import threading
from typing import Any

from engine.ai.odds import Odds, fight_odds
from engine.core.errors import RuleError
from engine.prophecy import actions as A
from engine.prophecy.clone import clone
from engine.prophecy.combat import allowed_battles, battle_cost, remaining_odds
from engine.prophecy.content import Cost, CreatureCard, Effect, OpportunityCard
from engine.prophecy.effects import can_pay, is_trade
from engine.prophecy.movement import move_options
from engine.prophecy.rules import legal_actions
from engine.prophecy.state import ProphecyState
from systems.prophecy.names import Names
from gm.i18n import t


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
    suffix = "_short" if short else ""
    parts = []
    order = ("strength", "wills") if card.attacks_with == "strength" else ("wills", "strength")
    for battle in order:
        value = card.strength if battle == "strength" else card.willpower
        if value is not None:
            key = "figure_strength" if battle == "strength" else "figure_willpower"
            parts.append(t(locale, f"prompt.{key}{suffix}", n=value))
    text = (" " if short else " / ").join(parts)
    if len(parts) > 1 and not short:
        text += ", " + t(locale, "prompt.attacks_with", battle=t(locale, f"battle.{card.attacks_with}"))
    return text


def effect_text(effect: Effect | None, n: Names, locale: str) -> str:
    """A card effect in plain words: "+3 Gold, draw from the Common Item deck"."""
    if effect is None or effect.is_empty():
        return t(locale, "prompt.effect.nothing")
    parts: list[str] = []
    for field in ("gold", "experience", "health", "magic"):
        value = getattr(effect, field)
        if value:
            parts.append(t(locale, f"prompt.effect.{field}_{'gain' if value > 0 else 'loss'}", n=abs(value)))
    for field in ("strength", "willpower"):
        if getattr(effect, field):
            parts.append(t(locale, f"prompt.effect.{field}", n=getattr(effect, field)))
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


def special_lines(card: CreatureCard, locale: str) -> list[str]:
    return [t(locale, f"prompt.special.{s.rule}", cost=cost_text(s.cost, locale)) for s in card.specials]


def gear_text(state: ProphecyState, action: A.Fight, locale: str) -> str:
    n = Names(state, locale)
    uids = [u for u in (action.weapon, action.head) if u] + list(action.hand) + list(action.body)
    items = t(locale, "prompt.gear_items", items=", ".join(n.item_uid(u) for u in uids)) if uids else ""
    if action.throw and action.weapon:
        items += t(locale, "prompt.gear_throw", item=n.item_uid(action.weapon))
    return t(locale, "prompt.gear", battle=t(locale, f"battle.{action.battle}"), items=items)


# -- battles ---------------------------------------------------------------------------------------
def _score(o: Odds) -> float:
    return float(o.win - o.loss)


def best_fights(state: ProphecyState, actor: str) -> dict[str, tuple[A.Fight, Odds]]:
    """For each battle the actor may fight now: the loadout with the best odds (the odds module's
    exact figures) and those odds."""
    best: dict[str, tuple[A.Fight, Odds]] = {}
    for action in legal_actions(state, actor):
        if not isinstance(action, A.Fight):
            continue
        try:
            o = fight_odds(state, actor, action)
        except RuleError:
            continue
        if action.battle not in best or _score(o) > _score(best[action.battle][1]):
            best[action.battle] = (action, o)
    return best


def best_fight(state: ProphecyState, actor: str) -> tuple[A.Fight, Odds] | None:
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
            gear = gear_text(state, action, locale)
            battles.append(t(locale, "prompt.battle_line", battle=name, cost=cost_text(cost, locale),
                             odds=odds_text(o, locale), gear=f" — {gear}"))
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


def describe_roll(state: ProphecyState, action: A.Roll, locale: str, with_odds: bool = True) -> str:
    turn = state.turn
    assert turn is not None and turn.battle is not None
    b = turn.battle
    item = Names(state, locale).item_uid(b.weapon) if b.weapon else "?"
    odds = odds_text(remaining_odds(b, action.throw), locale) if with_odds else ""
    key = "prompt.roll_throw" if action.throw else "prompt.roll_keep"
    text = t(locale, key, roll=b.rolls + 1, lives=b.lives, item=item, odds=odds)
    return text if with_odds else text.rstrip(" —")


def describe_choice(state: ProphecyState, action: A.ChooseItem, locale: str) -> str:
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
def _preview(state: ProphecyState, actor: str, move: A.Move, cost: int, uid: str) -> ProphecyState:
    """The state as it would be if the actor had made `move` and met the Creature `uid` there."""
    hyp = clone(state)  # a deep copy, several times faster than model_copy(deep=True)
    p = hyp.player(actor)
    p.space = Names(state, "en").pack.space_index(move.to)
    p.gold = max(0, p.gold - cost)
    assert hyp.turn is not None
    hyp.turn = hyp.turn.model_copy(update={"phase": "fight", "fight": uid, "battle": None, "item_choices": [],
                                           "movement_done": True, "moved": move.method != "stay"})
    return hyp


#: the destinations worked out for the last state asked about, per thread: (state, answers)
_LAST = threading.local()


def destination(state: ProphecyState, actor: str, move: A.Move, locale: str) -> dict[str, Any]:
    """What waits at a move's destination: creature (card, odds, best loadout), opportunity, services, people.

    A turn message asks twice per move (the prompt's line and the button's few words), and
    the Creature's odds replay every loadout on a copy of the state: worked out once per
    state object (the view the message is built from; a state is never changed in place)
    and handed out read-only.
    """
    slot = getattr(_LAST, "slot", None)
    if slot is None or slot[0] is not state:
        slot = _LAST.slot = (state, {})
    key = (actor, move, locale)
    found = slot[1].get(key)
    if found is None:
        found = slot[1][key] = _destination(state, actor, move, locale)
    return found


def _destination(state: ProphecyState, actor: str, move: A.Move, locale: str) -> dict[str, Any]:
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
    space = pack.space(index)
    for svc in space.services:
        if svc.kind == "exchange":
            info["services"].append(t(locale, f"service.{svc.id}"))
        elif svc.kind == "certificate" and space.guild:
            info["services"].append(t(locale, "prompt.service.certificate", guild=n.guild(space.guild)))
        else:
            words = t(locale, f"prompt.service.{svc.kind}")
            if words not in info["services"]:
                info["services"].append(words)
    info["players"] = [q.name for q in state.players if q.alive and q.space == index and q.player != actor]
    return info


def destination_line(state: ProphecyState, actor: str, move: A.Move, locale: str, label: str) -> str:
    n = Names(state, locale)
    info = destination(state, actor, move, locale)
    parts = []
    if info["creature"] is not None:
        card, best = info["creature"]
        if best is not None:
            action, o = best
            parts.append(t(locale, "prompt.dest_creature", card=n.card(card.id), figures=figures(card, locale),
                           odds=odds_text(o, locale), gear=gear_text(state, action, locale)))
    for card in info["opportunities"]:
        parts.append(t(locale, "prompt.dest_opportunity", card=n.card(card.id), cost=cost_text(card.cost, locale),
                       text=effect_text(card.effect, n, locale)))
    if info["services"]:
        parts.append(t(locale, "prompt.dest_services", services=", ".join(info["services"])))
    if info["players"]:
        parts.append(t(locale, "prompt.dest_players", names=", ".join(info["players"])))
    what = " · ".join(parts) or t(locale, "prompt.dest_empty")
    return t(locale, "prompt.dest_line", move=label, what=what)


def destination_short(state: ProphecyState, actor: str, move: A.Move, locale: str) -> str:
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
