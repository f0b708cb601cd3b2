"""The Water Realm expansion's new cards in words: their buttons, their narration and the
prompts of the questions they ask, in the reader's language.

Read from the view the caller passes: the Mad Riddler's Item is named only in a judge's own view
(the channel's prompt, built from the spectator view, never shows it). describe.py and
prompt_text.py hand over to this module; it registers its prompts with prompt_text (which
cannot import it) on import.
"""
from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.prophecy.context import Ctx
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.standard.state import HIDDEN
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.cards import adventures as adv
from engine.prophecy.water_realm.cards import talk as talk
from engine.prophecy.water_realm.cards.actions import CardChoice, ExchangeFates, NameCard, Smith
from engine.prophecy.water_realm.cards.common import item_power, plays_new_cards
from engine.prophecy.water_realm.cards.content import Adjustable, VariantItem
from engine.prophecy.water_realm.cards.fates import dice
from engine.prophecy.water_realm.cards.part import _asked
from engine.prophecy.water_realm.cards.smith import smith_price
from engine.prophecy.water_realm.cards.state import Question
from gm.i18n import t
from systems.prophecy import prompt_text
from systems.prophecy.names import Names

#: the event kinds this module says
PREFIX = "wrc_"
#: how much of a typed description a line quotes
QUOTE = 200


def quote(text: str) -> str:
    """A player's own words, shown as typed but harmless (no mention, no markdown)."""
    clean = " ".join(str(text).split())[:QUOTE]
    for ch in "`*_~|>":
        clean = clean.replace(ch, " ")
    return "«" + clean.replace("@", "@\u200b").strip() + "»"


def _ctx(state: ProphecyState) -> Ctx:
    return prompt_text.std_ctx(state)


def _yes_no(answer: bool, locale: str) -> str:
    return t(locale, "wrcards.yes" if answer else "wrcards.no")


def _setting_label(state: ProphecyState, item_card: str, setting: str, locale: str) -> str:
    card = prompt_text.std_ctx(state).pack.item(item_card)
    printed = card.printed if isinstance(card, VariantItem) else card.id
    power = item_power(prompt_text.std_ctx(state).pack.item(printed))
    if isinstance(power, Adjustable):
        found = next((s for s in power.settings if s.id == setting), None)
        if found is not None:
            return found.label.get(locale)
    return setting


def _types(types: list[str], locale: str) -> str:
    return prompt_text.listing([t(locale, f"wrcards.type.{x}") for x in types], locale) if types else t(locale, "common.none")


# ----------------------------------------------------------------------------------- buttons


def action_label(state: ProphecyState, actor: str, action: Any, locale: str, with_odds: bool = True) -> str | None:
    """The words of one of the new cards' actions (None: not one of them). The smith's work is
    also Treasure Island's, for a Treasure set like an Astral Stone, with or without the new cards."""
    if not plays_new_cards(state) and not isinstance(action, Smith):
        return None
    n = Names(state, locale)
    if isinstance(action, Smith):
        p = state.player(actor)
        cost = t(locale, "wrcards.smith.free") if action.blacksmithing else \
            t(locale, "common.gold", n=smith_price(_ctx(state), p) or 0)
        item = p.item(action.item)
        if action.stone is not None:
            stone = n.item_uid(action.stone)
            if item is None:
                return t(locale, "wrcards.action.set_artifact", stone=stone, artifact=n.card(action.item), cost=cost)
            return t(locale, "wrcards.action.set_stone", stone=stone, item=n.card(item.card), cost=cost)
        setting = _setting_label(state, item.card, action.setting or "", locale) if item else action.setting
        return t(locale, "wrcards.action.adjust", item=n.item_uid(action.item), setting=setting, cost=cost)
    if isinstance(action, NameCard):
        return t(locale, "wrcards.action.name", text=quote(action.text))
    if isinstance(action, ExchangeFates):
        return _fates_label(state, actor, action, locale)
    if isinstance(action, CardChoice):
        q = _asked(state)
        if q is not None:
            return choice_label(state, q, action.option, n, locale)
    return None


def choice_label(state: ProphecyState, q: Question, option: str, n: Names, locale: str) -> str:
    kind = q.kind
    if option == talk.GIVE_UP:
        return t(locale, "wrcards.choice.give_up")
    if kind == "riddle":
        if option == talk.GUESS:
            return t(locale, "wrcards.choice.guess")
        return t(locale, "wrcards.choice.ask", question=t(locale, f"wrcards.riddle.question.{option}"))
    if kind == "judge":
        if option in (talk.YES, talk.NO):
            return t(locale, f"wrcards.choice.judge_{option}")
        if option == talk.NONE:
            return t(locale, "wrcards.choice.judge_none")
        return t(locale, "wrcards.choice.judge_item", item=n.item_uid(option))
    if kind == "copy":
        q_p = state.player(option)
        return t(locale, "wrcards.choice.copy", player=q_p.name, character=n.card(q_p.character),
                 strength=q_p.red.right, willpower=q_p.blue.right)
    if kind == "doppel":
        fight, _, spells = option.partition(":")
        copy = state.player(q.player)
        visitor = state.player(q.other or "")
        figure = adv.copy_figure(_ctx(state), copy, visitor, fight, [s for s in spells.split("+") if s])
        with_spells = t(locale, "wrcards.choice.with", spells=prompt_text.listing([n.card(s) for s in spells.split("+")],
                                                                                  locale)) \
            if spells else ""
        return t(locale, "wrcards.choice.doppel", battle=t(locale, f"battle.{fight}"), figure=figure, spells=with_spells)
    if kind == "alchemy":
        return t(locale, "wrcards.choice.alchemy", item=n.item_uid(option))
    if kind == "gifts":
        return t(locale, f"wrcards.choice.gifts_{option}")
    if kind == "returned":
        if option == adv.STOP:
            return t(locale, "wrcards.choice.stop_looking")
        plane, _, slot = option.partition(":")
        return t(locale, "wrcards.choice.look", slot=n.slot(slot), plane=n.plane_short(plane))
    if kind == "entrance":
        victim = state.player(option)
        return t(locale, "wrcards.choice.entrance", player=victim.name, n=len(victim.items))
    return option


def _fates_label(state: ProphecyState, actor: str, action: ExchangeFates, locale: str) -> str:
    sst = state.standard
    b = sst.turn.battle if sst is not None else None
    if b is None:
        return t(locale, "wrcards.action.fates_short")
    own, foe = dice(_ctx(state), state.player(actor), b)
    if action.own >= len(own) or action.foe >= len(foe):
        return t(locale, "wrcards.action.fates_short")
    mine, theirs = list(own), list(foe)
    mine[action.own], theirs[action.foe] = theirs[action.foe], mine[action.own]
    light, dark = max(mine), min(theirs)
    total, other = b.figure_for(b.rolls) + light, b.foe_figure + dark
    result = "win" if total > other else "draw" if total == other else "loss"
    return t(locale, "wrcards.action.fates", own=own[action.own], foe=foe[action.foe], light=light, dark=dark,
             result=t(locale, f"result.{result}"))


# --------------------------------------------------------------------------------- narration


def event_line(state: ProphecyState, event: Event, locale: str) -> str | None:
    """One narration line for an event of the new cards."""
    n = Names(state, locale)
    d = dict(event.data)
    kind = event.kind
    params: dict[str, Any] = {"player": n.player(event.player)}
    for key in ("card", "stone", "won", "copied", "artifact", "scroll"):
        if isinstance(d.get(key), str):
            params[key] = n.card(d[key]) if d[key] != HIDDEN else t(locale, "std_sheet.face_down_card")
    for key in ("target", "victim", "copy_of"):
        if isinstance(d.get(key), str):
            params[key] = n.player(d[key])
    if "cost" in d:
        params["cost"] = t(locale, "wrcards.cost", cost=t(locale, "common.gold", n=d["cost"])) if d["cost"] else \
            t(locale, "wrcards.cost_free")
    if kind == "wrc_adjusted":
        params["setting"] = _setting_label(state, d["card"], d["setting"], locale)
    elif kind == "wrc_riddle_begins":
        params["n"] = d.get("questions", 0)
    elif kind == "wrc_riddle_answer":
        params["question"] = t(locale, f"wrcards.riddle.question.{d['question']}")
        params["answer"] = _yes_no(bool(d["answer"]), locale)
    elif kind == "wrc_described":
        params["text"] = quote(d.get("text", ""))
    elif kind == "wrc_judging":
        params["n"] = d.get("judges", 0)
    elif kind == "wrc_judged":
        params["verdict"] = t(locale, f"wrcards.verdict.{d.get('verdict', 'no')}")
    elif kind in ("wrc_path_returned", "wrc_beast_kept"):
        params["types"] = _types(list(d.get("types", [])), locale)
        if "space" in d:
            params["space"] = n.space(d["space"])
    elif kind == "wrc_doppel_fights":
        params["battle"] = t(locale, f"battle.{d['battle']}")
        params["figure"] = d.get("figure", 0)
        spells = d.get("spells") or []
        params["spells"] = t(locale, "wrcards.choice.with", spells=prompt_text.listing([n.card(s) for s in spells], locale)) \
            if spells else ""
    elif kind == "wrc_fates_exchanged":
        params.update(light=d.get("light"), dark=d.get("dark"), result=t(locale, f"result.{d.get('result', 'loss')}"),
                      player_total=d.get("player_total"), creature_total=d.get("creature_total"))
        params["scroll"] = n.card(d.get("scroll", ""))
    elif kind == "wrc_bot_judged":
        found = int(d.get("found", 0))
        kind += "_one" if found == 1 else "_none" if found == 0 else "_many"
    elif kind == "wrc_entrance_failed":
        params.setdefault("victim", n.player(d.get("victim")))
    return t(locale, f"event.{kind}", **params)


# ---------------------------------------------------------------------------------- prompts


def _q(state: ProphecyState, pend: Any) -> Question | None:
    q = _asked(state)
    return q if q is not None and q.player == pend.player else None


def _asked_lines(q: Question, locale: str) -> str:
    return "\n".join(t(locale, "wrcards.prompt.asked_line", question=t(locale, f"wrcards.riddle.question.{k}"),
                       answer=_yes_no(v, locale)) for k, v in zip(q.asked, q.answers, strict=False))


def _p_riddle(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    q = _q(state, pend)
    out = prompt_text.StdPrompt(t(locale, "wrcards.what.riddle"))
    if q is None:
        return out
    out.fields.append((n.card(q.card), n.card_text(q.card)))
    asked = _asked_lines(q, locale)
    if asked:
        out.fields.append((t(locale, "wrcards.prompt.asked"), asked))
    out.fields.append((t(locale, "wrcards.prompt.how"), t(locale, "wrcards.prompt.riddle_how", n=q.left)))
    return out


def _p_name(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    q = _q(state, pend)
    out = prompt_text.StdPrompt(t(locale, "wrcards.what.name"), only_you=True)
    if q is None:
        return out
    how = "wrcards.prompt.name_how"
    if q.other is not None:
        # how many Items she holds that the scroll may take, and of what kind, never their names:
        # naming the card is the reader's part (Water Realm expansion, "Scroll of Entrancement")
        victim = state.player(q.other)
        kinds = [t(locale, f"wrcards.prompt.item_kind.{_item_kind(state, i.card)}") for i in talk.takeable(_ctx(state), victim)]
        out.fields.append((t(locale, "wrcards.prompt.her_items", player=victim.name),
                           t(locale, "wrcards.prompt.her_items_count", n=len(kinds), kinds=prompt_text.listing(kinds, locale))))
        if talk.bot_judges(state, q.player, victim.player):
            how = "wrcards.prompt.name_how_bot"
    else:
        asked = _asked_lines(q, locale)
        if asked:
            out.fields.append((t(locale, "wrcards.prompt.asked"), asked))
    out.fields.append((t(locale, "wrcards.prompt.how"), t(locale, how)))
    return out


def _item_kind(state: ProphecyState, card_id: str) -> str:
    """weapon, held (in one hand), head or body: what the table sees of an Item from afar."""
    return _ctx(state).pack.item(card_id).slot


def _p_judge(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    q = _q(state, pend)
    out = prompt_text.StdPrompt(t(locale, "wrcards.what.judge"), only_you=True)
    if q is None:
        return out
    out.fields.append((t(locale, "wrcards.prompt.description", player=n.player(q.guesser)), quote(q.text)))
    if q.options[:1] == [talk.NO]:
        secret = q.secret if q.secret and q.secret != HIDDEN else None
        out.fields.append((t(locale, "wrcards.prompt.the_card"),
                           prompt_text.card_line(n, secret) if secret else t(locale, "wrcards.prompt.card_private")))
    else:
        victim = state.player(q.other or "")
        out.fields.append((t(locale, "wrcards.prompt.her_items", player=victim.name),
                           prompt_text.listing([n.card(i.card) for i in talk.takeable(_ctx(state), victim)], locale)))
    votes = len(q.votes)
    out.fields.append((t(locale, "wrcards.prompt.how"),
                       t(locale, "wrcards.prompt.judge_how", need=talk.needed(len(q.judges)), judges=len(q.judges), votes=votes)))
    return out


def _p_copy(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    out = prompt_text.StdPrompt(t(locale, "wrcards.what.copy"))
    q = _q(state, pend)
    if q is not None:
        out.fields.append((n.card(q.card), n.card_text(q.card)))
        me = state.player(pend.player)
        out.fields.append((t(locale, "wrcards.prompt.you"), t(locale, "wrcards.prompt.your_figures",
                                                              strength=me.red.right, willpower=me.blue.right)))
    return out


def _p_doppel(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    q = _q(state, pend)
    out = prompt_text.StdPrompt(t(locale, "wrcards.what.doppel"), only_you=True)
    if q is not None:
        visitor = state.player(q.other or "")
        out.fields.append((n.card(q.card), t(locale, "wrcards.prompt.doppel_how", player=visitor.name,
                                                  strength=visitor.red.right, willpower=visitor.blue.right)))
    return out


def _p_plain(what: str) -> Any:
    def build(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
        out = prompt_text.StdPrompt(t(locale, f"wrcards.what.{what}"))
        q = _q(state, pend)
        if q is not None:
            text = n.card_text(q.card)
            if text:
                out.fields.append((n.card(q.card), text))
            if what == "gifts":
                lines = []
                for entry in q.items:
                    pid, _, uid = entry.partition(":")
                    lines.append(f"{n.player(pid)}: {n.item_uid(uid)}")
                out.fields.append((t(locale, "wrcards.prompt.drawn"), "\n".join(lines)))
        return out
    return build


def doppel_foe(state: ProphecyState) -> Any:
    """The Doppelganger's copy, as the fight buttons' odds must read it (None otherwise)."""
    if not plays_new_cards(state):
        return None
    return adv.doppel_foe(_ctx(state))


def extra_fields(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any
                 ) -> list[tuple[str, str]]:
    """The copy being fought, on the fight prompt against a Doppelganger."""
    if pend.kind != "fight" or not plays_new_cards(state):
        return []
    foe = doppel_foe(state)
    d = state.standard.cards.doppel if state.standard and state.standard.cards else None
    if foe is None or d is None:
        return []
    copy = state.player(d.copy_of)
    figure = foe.strength if foe.first == "strength" else foe.willpower
    return [(t(locale, "wrcards.prompt.the_copy"), t(locale, "wrcards.prompt.copy_line", player=copy.name,
                                                     battle=t(locale, f"battle.{foe.first}"), figure=figure))]


def sheet_lines(state: ProphecyState, p: PlayerState, locale: str) -> list[str]:
    """Her creature types and what she keeps of the new cards, on her sheet."""
    if not plays_new_cards(state):
        return []
    cs = state.std().cards
    out = []
    types = sbattle.character_tags(state, p.player)
    if len(types) > 1:
        out.append("🧬 " + t(locale, "wrcards.sheet.types", types=_types(list(types), locale)))
    if cs is not None and p.player in cs.away:
        out.append("💀 " + t(locale, "wrcards.sheet.away"))
    return out


prompt_text.PART_BUILDERS.update({
    "wrc_riddle": _p_riddle, "wrc_name": _p_name, "wrc_judge": _p_judge, "wrc_copy": _p_copy,
    "wrc_doppel": _p_doppel, "wrc_alchemy": _p_plain("alchemy"), "wrc_gifts": _p_plain("gifts"),
    "wrc_returned": _p_plain("returned"), "wrc_entrance": _p_plain("entrance"),
})
if extra_fields not in prompt_text.PART_FIELDS:
    prompt_text.PART_FIELDS.append(extra_fields)
if doppel_foe not in prompt_text.PART_FOES:
    prompt_text.PART_FOES.append(doppel_foe)

__all__ = ["PREFIX", "action_label", "choice_label", "event_line", "quote", "sheet_lines"]
