"""The Water Realm in words (Water Realm expansion): its events, the buttons of a character in
the realm and of one beside the Gate, the prompts of its questions, the sheet and status lines.

Everything is read from the view it is given (the spectator's for the channel): a face-down card
of the realm is "a face-down card", never named, and no odds are worked out against it. Odds are
those of the rules with the realm's figures (`engine.ai.std_water.battle_odds`: the underwater
penalty, the Pearl's +1, the Skeletal Shark's cap). describe.py, prompt_text.py and embeds.py
hand over to this module for the realm's actions, events and pending kinds (prefix `water_`).
"""
from __future__ import annotations

from typing import Any

from engine.ai.std_water import battle_odds
from engine.core.events import Event
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.content import CreatureCard
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.standard.state import HIDDEN
from engine.prophecy.state import ProphecyState
from engine.prophecy.water_realm.water import actions as water_actions
from engine.prophecy.water_realm.water.content import WaterCreature, WaterItem, WaterLore, water_pack
from engine.prophecy.water_realm.water.core import OFF, distance, edge_distance
from gm.i18n import t
from systems.prophecy import prompt_text
from systems.prophecy.names import Names, water_cell, water_place

PREFIX = "water_"


def _water(state: ProphecyState) -> Any:
    return state.standard.water if state.standard is not None else None


def _diver(state: ProphecyState, pid: str) -> Any:
    w = _water(state)
    return w.divers.get(pid) if w is not None else None


def _card_name(n: Names, card_id: str | None, locale: str) -> str:
    if card_id is None or card_id == HIDDEN:
        return t(locale, "water.face_down")
    name = water_pack().name(card_id, locale)
    return name if name is not None else n.card(card_id)


def _bubbles(n: int, locale: str) -> str:
    return t(locale, "water.bubbles", n=n)


def _best_odds(state: ProphecyState, actor: str, foe: Any) -> tuple[float, float, float] | None:
    ctx = prompt_text.std_ctx(state)
    p = state.player(actor)
    best = None
    for a in sbattle.loadout_actions(ctx, p, foe, None):
        o = battle_odds(ctx, p, foe, a)
        if o is not None and (best is None or o[0] + 0.3 * o[1] > best[0] + 0.3 * best[1]):
            best = o
    return best


# ----------------------------------------------------------------------------- buttons


def action_label(state: ProphecyState, actor: str, action: Any, locale: str, with_odds: bool = True) -> str | None:
    """The realm's actions in words, and a battle in the realm (its odds with the realm's
    figures); None for anything else."""
    t_ = action.type
    diving = _diver(state, actor) is not None
    if not t_.startswith(PREFIX) and not (diving and isinstance(action, (prophecy_actions.Fight, prophecy_actions.Attack))):
        return None
    n = Names(state, locale)
    w = _water(state)
    if isinstance(action, water_actions.WaterMove):
        return _move_label(state, actor, action, n, locale, with_odds)
    if isinstance(action, water_actions.WaterStay):
        d = _diver(state, actor)
        if d is not None and d.cell == water_pack().grid.palace_index:
            return t(locale, "water.action.stay_palace")
        return t(locale, "water.action.stay", place=water_place(d.cell, locale) if d else "")
    if isinstance(action, water_actions.WaterTake):
        gc = next((c for c in w.cells if c is not None and c.uid == action.card), None) if w else None
        card = water_pack().card(gc.card) if gc is not None and gc.card != HIDDEN else None
        name = _card_name(n, gc.card if gc else None, locale)
        if isinstance(card, WaterItem):
            return t(locale, "water.action.take_item", card=name)
        if isinstance(card, WaterLore):
            return t(locale, "water.action.take_lore", card=name, experience=card.experience)
        return t(locale, "water.action.take_use", card=name)
    if isinstance(action, water_actions.WaterSwim):
        return t(locale, "water.action.swim")
    if isinstance(action, water_actions.WaterEnter):
        if not action.gold:
            return t(locale, "water.action.enter_none")
        from engine.prophecy.water_realm.water.gate import bag_size

        return t(locale, "water.action.enter", bubbles=bag_size(state, actor, action.gold), gold=action.gold)
    if isinstance(action, water_actions.WaterExit):
        return t(locale, "water.action.exit_to", space=n.space(action.space))
    if isinstance(action, water_actions.WaterSteer):
        return t(locale, "water.action.steer", direction=t(locale, f"water.direction.{action.direction}"))
    if isinstance(action, water_actions.WaterReveal):
        return t(locale, "water.action.reveal", cell=water_cell(action.cell))
    if isinstance(action, water_actions.WaterSense):
        return t(locale, "water.action.sense", cell=water_cell(action.cell))
    if isinstance(action, water_actions.WaterShark):
        return t(locale, "water.action.shark", magic=action.magic)
    if isinstance(action, water_actions.WaterSquid):
        if action.again:
            d = _diver(state, actor)
            gc = w.cells[d.cell] if w is not None and d is not None else None
            chance = ""
            if gc is not None and gc.card != HIDDEN and with_odds:
                foe = sbattle.creature_foe(prompt_text.std_ctx(state).pack.adventure(gc.card))  # type: ignore[arg-type]  # a Water Realm creature (the squid, the Lord, a sea creature): a Creature card
                chance = prompt_text.win_text(_best_odds(state, actor, foe), locale)
            return t(locale, "water.action.squid_again", chance=chance or "?")
        return t(locale, "water.action.squid_go", reward=_squid_reward(state, locale))
    if isinstance(action, water_actions.WaterMermaid):
        return t(locale, "water.action.mermaid_stay" if action.stay else "water.action.mermaid_go")
    if isinstance(action, water_actions.WaterPearl):
        if action.what == "learn":
            return t(locale, "water.action.pearl_learn", card=n.card(action.target))
        key = "water.action.pearl_buy" if action.what == "buy" else "water.action.pearl_repair"
        return t(locale, key, item=n.item_uid(action.target))
    if isinstance(action, water_actions.WaterStorm):
        return t(locale, "water.action.storm")
    return _battle_label(state, actor, action, n, locale, with_odds)


def _battle_label(state: ProphecyState, actor: str, action: Any, n: Names, locale: str, with_odds: bool) -> str:
    """A battle in the realm: the kind, the gear, the odds with the realm's figures."""
    ctx = prompt_text.std_ctx(state)
    p = state.player(actor)
    gear = prompt_text.std_gear(state, action, locale)
    battle = t(locale, f"battle.{action.battle}")
    foe, defender = _foe(state, actor, action)
    odds = battle_odds(ctx, p, foe, action, defender) if (foe is not None and with_odds) else None
    text = t(locale, "water.action.fight_line", battle=battle, gear=(" ·" + gear) if gear else "",
             odds=prompt_text.full_odds(odds, locale))
    if isinstance(action, prophecy_actions.Attack) and defender is not None:
        return f"⚔️ {defender.name} · {text}"
    return text


def _foe(state: ProphecyState, actor: str, action: Any) -> tuple[Any, Any]:
    """Who a battle in the realm is against, as far as the view shows it."""
    ctx = prompt_text.std_ctx(state)
    w = _water(state)
    if isinstance(action, prophecy_actions.Attack):
        if state.has_player(action.target):
            q = state.player(action.target)
            return sbattle.character_foe(ctx, q), q
        plane = state.std().plane(action.target)
        if plane.greater is None or plane.greater == HIDDEN:
            return None, None
        return sbattle.guardian_foe(ctx, plane.id), None
    target = w.turn.fight if w is not None else None
    if target == "lord":
        from dataclasses import replace

        card = ctx.pack.adventure(water_pack().data.lord.id)
        foe = sbattle.creature_foe(card)  # type: ignore[arg-type]  # a Water Realm creature (the squid, the Lord, a sea creature): a Creature card
        bonus = water_pack().fig("lord_bonus")
        return replace(foe, strength=(foe.strength or 0) + bonus, willpower=(foe.willpower or 0) + bonus), None
    gc = next((c for c in w.cells if c is not None and c.uid == target), None) if w is not None else None
    if gc is None or gc.card == HIDDEN:
        return None, None
    card = ctx.pack.adventure(gc.card)
    return (sbattle.creature_foe(card), None) if isinstance(card, CreatureCard) else (None, None)


def _move_label(state: ProphecyState, actor: str, action: water_actions.WaterMove, n: Names, locale: str,
                with_odds: bool) -> str:
    if action.exit is not None:
        label = t(locale, "water.action.exit", space=n.space(action.exit))
    else:
        label = t(locale, "water.action.move", cell=water_cell(action.to or 0))
    if not with_odds:
        return label
    extra = destination(state, actor, action, locale)
    return f"{label} · {extra}" if extra else label


def destination(state: ProphecyState, actor: str, action: water_actions.WaterMove, locale: str) -> str:
    """What waits where the move ends (the card, a face-down card, a Creature's figures and the
    odds, the Palace), who is there, and the Bubbles left, with a warning before drowning."""
    n = Names(state, locale)
    w = _water(state)
    d = _diver(state, actor)
    parts: list[str] = []
    pack = water_pack()
    if action.to is not None and w is not None:
        cell = action.to
        if cell == pack.grid.palace_index:
            parts.append(_palace_words(state, actor, n, locale))
        else:
            gc = w.cells[cell]
            if gc is not None:
                parts.append(_card_words(state, actor, gc.card, gc.up, n, locale))
        others = [state.player(q).name for q, other in w.divers.items() if q != actor and other.cell == cell]
        if others:
            parts.append(t(locale, "water.dest.people", names=", ".join(others)))
    if d is not None:
        held = d.held and action is not None
        cost = pack.fig("run_away_bubbles") if held and _still_held(state, actor) else 0
        if cost:
            parts.append(t(locale, "water.dest.run", n=cost))
        left = d.bubbles - cost
        if left < 0:
            parts.append(t(locale, "water.dest.drowning", n=-left))
        elif action.exit is None:
            parts.append(t(locale, "water.dest.left", n=left) if left else t(locale, "water.dest.last"))
    return " · ".join(p for p in parts if p)


def _still_held(state: ProphecyState, actor: str) -> bool:
    from engine.prophecy.water_realm.water.board import held_here

    try:
        return held_here(state, actor)
    except Exception:
        return False


def _card_words(state: ProphecyState, actor: str, card_id: str, up: bool, n: Names, locale: str) -> str:
    if not up or card_id == HIDDEN:
        return t(locale, "water.face_down")
    card = water_pack().card(card_id)
    name = _card_name(n, card_id, locale)
    if isinstance(card, WaterCreature):
        figures = prompt_text.figure_pair(card.strength, card.willpower, card.first or ("strength" if card.strength else "wills"),
                                locale, short=True)
        foe = sbattle.creature_foe(prompt_text.std_ctx(state).pack.adventure(card_id))  # type: ignore[arg-type]  # a Water Realm creature (the squid, the Lord, a sea creature): a Creature card
        odds = _best_odds(state, actor, foe) if water_pack().power_of(card_id) != "skeletal_shark" else None
        if odds is None:
            return t(locale, "water.dest.creature_hidden", card=name, figures=figures)
        return t(locale, "water.dest.creature", card=name, figures=figures, win=f"{odds[0] * 100:.0f}")
    return t(locale, "water.dest.card", card=name)


def _palace_words(state: ProphecyState, actor: str, n: Names, locale: str) -> str:
    w = _water(state)
    if w is not None and w.lord is not None:
        return t(locale, "water.dest.palace", foe=_card_name(n, w.lord, locale))
    sst = state.standard
    plane = sst.plane(w.gate) if (sst is not None and w is not None and w.gate) else None
    if plane is not None and plane.greater is not None:
        foe = prompt_text.plane_foe_words(state, plane.id, n, locale) if plane.greater != HIDDEN else t(locale, "water.face_down")
        return t(locale, "water.dest.palace", foe=foe)
    if w is not None and w.pearls_left and actor not in w.pearls:
        return t(locale, "water.dest.palace_pearl")
    return t(locale, "water.dest.palace_empty")


def _squid_reward(state: ProphecyState, locale: str) -> str:
    w = _water(state)
    wins = w.turn.squid_wins if w is not None else 0
    card = water_pack().card("giant_squid")
    xp = card.experience + 2 * wins  # type: ignore[union-attr]  # the Giant Squid is a Creature card
    if wins:
        return t(locale, "water.reward", xp=xp, items=wins)
    return t(locale, "water.reward_xp", xp=xp)


# ------------------------------------------------------------------------------- events


def owns(state: ProphecyState, event: Event) -> bool:
    """The realm says this event: its own, or a turn that ended by itself under the sea."""
    return event.kind.startswith(PREFIX) or (event.kind == "turn_auto_ended" and _diver(state, event.player or "") is not None)


def event_line(state: ProphecyState, event: Event, locale: str) -> str | None:
    """One narration line for an event of the realm."""
    n = Names(state, locale)
    if event.kind == "turn_auto_ended":
        return t(locale, "water.event.auto_ended", player=n.player(event.player))
    d = dict(event.data)
    kind = event.kind[len(PREFIX):]
    params: dict[str, Any] = {"player": n.player(event.player)}
    for key, value in d.items():
        if key in ("card", "via") and isinstance(value, str):
            params[key] = _card_name(n, value, locale)
        elif key in ("cell", "frm", "to") and isinstance(value, int):
            params["place" if key == "cell" else key] = water_place(value, locale) if value != OFF else ""
        elif key == "space" and isinstance(value, str):
            params[key] = n.space(value)
        elif key == "plane":
            params[key] = n.plane(value) if value else ""
        elif key == "direction":
            params[key] = t(locale, f"water.direction.{value}")
        elif key == "reason" and isinstance(value, str):
            params[key] = t(locale, f"water.reason.{value}") if value in ("round", "run_away", "character_fight",
                                                                          "swimming") else _card_name(n, value, locale)
        elif key == "how":
            params[key] = t(locale, f"water.how.{value}") if value in ("moved", "current", "palace", "final_battle",
                                                                       "attack", "dream") else _card_name(n, value, locale)
        else:
            params.setdefault(key, value)
    if kind == "turn":
        params["bubbles"] = _bubbles(d.get("bubbles", 0), locale)
    elif kind == "realm_prepared":
        return t(locale, "water.event.realm_prepared_lord" if d.get("lord") else "water.event.realm_prepared", **params)
    elif kind == "carried" and d.get("cell") == OFF:
        return t(locale, "water.event.carried_off", **params)
    elif kind == "stayed" and d.get("via"):
        return t(locale, "water.event.stayed_via", **params)
    elif kind == "entered":
        params["cost"] = prompt_text.cost_text(None, locale) if not d.get("gold") else t(locale, "common.gold", n=d["gold"])
    elif kind in ("mermaid_stays", "mermaid_goes", "storm_summoned", "gate_closed", "shark_paid", "no_underwater"):
        pass
    key = f"water.event.{kind}"
    return t(locale, key, **params)


# ------------------------------------------------------------------------------ prompts


def _prompt(what: str, fields: list[tuple[str, str]] | None = None) -> prompt_text.StdPrompt:
    return prompt_text.StdPrompt(what, list(fields or []))


def _heading(text: str) -> str:
    """A "what to decide" phrase (written to follow "it is your turn:") as a field's heading."""
    return text[:1].upper() + text[1:]


def _air_fields(state: ProphecyState, actor: str, locale: str) -> list[tuple[str, str]]:
    d = _diver(state, actor)
    if d is None:
        return []
    pack = water_pack()
    out = [(t(locale, "water.field.here", place=water_place(d.cell, locale)),
            t(locale, "water.field.air_line", bubbles=d.bubbles, size=d.bubbles + d.used))]
    out.append((t(locale, "water.field.way"), t(locale, "water.field.way_palace",
                                                steps=distance(d.cell, pack.grid.palace_index),
                                                edge=edge_distance(d.cell))))
    return out


def _p_move(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    out = _prompt(t(locale, "water.what.move"), _air_fields(state, pend.player, locale))
    lines = [f"• {label(a)}" for a in actions if isinstance(a, (water_actions.WaterMove, water_actions.WaterStay,
                                                                prophecy_actions.UseAbility))]
    out.fields.append((t(locale, "water.field.moves"), "\n".join(lines)))
    return out


def _p_fight(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    out = _prompt(t(locale, "water.what.fight"), _air_fields(state, pend.player, locale))
    w = _water(state)
    target = w.turn.fight if w is not None else None
    gc = next((c for c in w.cells if c is not None and c.uid == target), None) if w is not None else None
    if gc is not None and gc.card != HIDDEN:
        card = water_pack().card(gc.card)
        figures = prompt_text.figure_pair(card.strength, card.willpower, card.first or ("strength" if card.strength else "wills"),
                                locale) if isinstance(card, WaterCreature) else ""
        out.fields.append((f"{_card_name(n, gc.card, locale)} {figures}".strip(),
                           n.card_text(gc.card) or (water_pack().text(gc.card, locale) or "")))
    elif target == "guardian" and w is not None and w.gate:
        out.fields.append((n.plane(w.gate), prompt_text.plane_foe_words(state, w.gate, n, locale, short=False)))
    elif target == "lord":
        lord = water_pack().data.lord
        bonus = water_pack().fig("lord_bonus")
        figures = prompt_text.figure_pair((lord.strength or 0) + bonus, (lord.willpower or 0) + bonus, "strength", locale)
        out.fields.append((f"{_card_name(n, lord.id, locale)} {figures}",
                           water_pack().text(lord.id, locale) or ""))
    lines = [f"• {label(a)}" for a in actions]
    out.fields.append((t(locale, "water.field.battle"), "\n".join(lines)))
    if target != "guardian":
        out.fields.append(("⚠️", t(locale, "water.field.penalty")))
    return out


def _p_act(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    w = _water(state)
    over = w is not None and w.turn.over
    out = _prompt(t(locale, "water.what.over" if over else "water.what.act"), _air_fields(state, pend.player, locale))
    d = _diver(state, pend.player)
    gc = w.cells[d.cell] if (w is not None and d is not None and 0 <= d.cell < len(w.cells)) else None
    if gc is not None and gc.up and gc.card != HIDDEN:
        out.fields.append((t(locale, "water.field.card"), f"{_card_name(n, gc.card, locale)}: "
                           f"{water_pack().text(gc.card, locale) or ''}"))
    lines = [f"• {label(a)}" for a in actions]
    out.fields.append((_heading(t(locale, "water.what.act")), "\n".join(lines)))
    return out


def _p_ask(kind: str) -> Any:
    def build(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
        out = _prompt(t(locale, f"water.what.{kind}"))
        out.only_you = True
        if kind == "squid":
            out.fields.append((t(locale, "water.field.squid_title"),
                               t(locale, "water.field.squid", reward=_squid_reward(state, locale))))
        elif kind in ("reveal", "steer"):
            out.fields.append((t(locale, f"water.field.{kind}_title"), t(locale, f"water.field.{kind}")))
        out.fields.append((_heading(t(locale, f"water.what.{kind}")), "\n".join(f"• {label(a)}" for a in actions[:25])))
        return out
    return build


def gate_fields(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any
                ) -> list[tuple[str, str]]:
    """Beside the open Gate (act phase on the ring): the bags and what waits in the realm."""
    enters = [a for a in actions if isinstance(a, water_actions.WaterEnter)]
    if not enters:
        return []
    from engine.prophecy.water_realm.water.gate import bag_size

    pack = water_pack()
    # each bag as big as she would get it (Deep Lungs adds Bubbles), as its button says
    bags = ", ".join(t(locale, "water.action.enter", bubbles=bag_size(state, pend.player, b.gold), gold=b.gold)
                     for b in pack.data.bag)
    lines = [t(locale, "water.field.gate_line", bags=bags)]
    w = _water(state)
    if w is not None:
        waiting = []
        sst = state.standard
        plane = sst.plane(w.gate) if (sst is not None and w.gate) else None
        if w.lord is not None:
            waiting.append(t(locale, "water.field.lord"))
        elif plane is not None and plane.greater is not None:
            waiting.append(t(locale, "water.field.palace_guardian"))
        if w.pearls_left:
            waiting.append(t(locale, "water.field.palace_pearls", n=w.pearls_left))
        if waiting:
            lines.append(t(locale, "water.field.gate_realm", what=", ".join(waiting)))
    return [(t(locale, "water.field.gate"), "\n".join(lines))]


def chance_words(state: ProphecyState, card_id: str, locale: str) -> str | None:
    if card_id == water_pack().data.legends.id:
        return t(locale, "water.chance_effect.legends")
    return None


# ------------------------------------------------------------------------- sheet and status


def sheet_lines(state: ProphecyState, p: Any, locale: str) -> list[str]:
    w = _water(state)
    if w is None:
        return []
    out = []
    d = w.divers.get(p.player)
    if d is not None:
        out.append(t(locale, "water.sheet.bubbles", cubes="●" * d.bubbles + "○" * d.used, n=d.bubbles,
                     place=water_place(d.cell, locale)))
    if p.player in w.pearls:
        out.append(t(locale, "water.sheet.pearl"))
    if w.mermaid == p.player:
        out.append(t(locale, "water.sheet.mermaid"))
    return out


def status_fields(state: ProphecyState, locale: str) -> list[tuple[str, str]]:
    w = _water(state)
    if w is None:
        return []
    n = Names(state, locale)
    lines = []
    if w.closed:
        lines.append(t(locale, "water.field.realm_closed"))
    elif w.gate is None:
        lines.append(t(locale, "water.field.realm_hidden"))
    else:
        plane = next((pl for pl in n.pack.board.astral_planes if pl.id == w.gate), None)
        spaces = " / ".join(n.space(s) for s in plane.between) if plane else ""
        lines.append(t(locale, "water.field.realm_gate", plane=n.plane(w.gate), spaces=spaces))
    if w.divers:
        lines.append(t(locale, "water.field.realm_divers", names=", ".join(
            f"{state.player(q).name} ({water_place(d.cell, locale)}, {_bubbles(d.bubbles, locale)})"
            for q, d in w.divers.items())))
    up = sum(1 for c in w.cells if c is not None and c.up)
    down = sum(1 for c in w.cells if c is not None and not c.up)
    lines.append(t(locale, "water.field.realm_cards" if up and down else
                   "water.field.realm_cards_down" if down else "water.field.realm_cards_up", up=up, down=down))
    if w.lord is None:
        holders = ", ".join(state.player(q).name for q in w.pearls) or t(locale, "common.none")
        lines.append(t(locale, "water.field.realm_pearls", holders=holders, left=w.pearls_left))
    return [("🌊 " + t(locale, "water.field.realm"), "\n".join(lines))]


prompt_text.PART_BUILDERS.update({
    "water_move": _p_move,
    "water_fight": _p_fight,
    "water_act": _p_act,
    **{f"water_ask_{k}": _p_ask(k) for k in ("exit", "squid", "mermaid", "reveal", "steer")},
})
if gate_fields not in prompt_text.PART_FIELDS:
    prompt_text.PART_FIELDS.append(gate_fields)
if chance_words not in prompt_text.PART_CHANCE:
    prompt_text.PART_CHANCE.append(chance_words)

__all__ = ["PREFIX", "action_label", "destination", "event_line", "sheet_lines", "status_fields"]
