"""What a Guardian Combat answer does, in words, before it is pressed.

Guardian Combat rolls no attack dice (C8e), so the engine works out each fighting answer's round
beforehand (engine guardians.forecast, put in the decision's data as `forecast`, a list beside
the options). Here it is told: on the button a few words (who wins, who dies, who loses lives),
in the prompt a sentence with the totals. Armour is the only chance in it: where armour may
hold, the words say "unless armour holds" and give the range. A trove whose guardians are not
drawn yet gets the party's side: what its totals kill and from which total of the guardians
each character is hurt or killed.
"""
from __future__ import annotations

from typing import Any

from gm.i18n import t
from systems.darkest_talisman.names import Names

F = "talisman.forecast."


def of_option(n: Names, option: str) -> dict[str, Any] | None:
    """The engine's forecast for one answer of the pending decision (None: none made)."""
    d = n.data.get("decision") or {}
    found = (d.get("data") or {}).get("forecast")
    options = d.get("options") or []
    if not isinstance(found, list) or option not in options:
        return None
    i = options.index(option)
    return found[i] if i < len(found) else None


def _harm(n: Names, f: dict[str, Any], short: bool) -> list[str]:
    """Per character, in Marching Order: dies, may die, loses lives (a range with armour)."""
    loc = n.locale
    style = "short_" if short else ""
    out: list[str] = []
    for uid, said in f.get("heroes", {}).items():
        low, high = (max(0, int(x)) for x in said.get("lost", [0, 0]))
        who = n.hero(uid)
        if said.get("dies") == "yes":
            out.append(t(loc, F + style + "dies", hero=who))
        elif said.get("dies") == "maybe":
            out.append(t(loc, F + style + "may_die", hero=who))
        elif high and low == high:
            out.append(t(loc, F + style + "loses", hero=who, n=high))
        elif high:
            out.append(t(loc, F + style + "loses_range", hero=who, low=low, high=high))
    return out


def _outcome(n: Names, f: dict[str, Any], short: bool) -> str:
    key = {"yes": "won", "maybe": "won_maybe"}.get(str(f.get("won")), "stand")
    return t(n.locale, F + ("short_" if short else "") + key)


def label(n: Names, f: dict[str, Any] | None) -> str | None:
    """A button's few words: "win · the Prophetess dies", "they stand · nobody hurt"."""
    if not f:
        return None
    loc = n.locale
    if not f.get("known"):
        text = t(loc, F + "short_unknown", strength=f.get("strength", 0), craft=f.get("craft", 0))
        sure = f.get("sure") or []
        return text + (" · " + t(loc, F + "short_sure", guardians=_sure(n, sure)) if sure else "")
    harm = _harm(n, f, short=True) or [t(loc, F + "short_unhurt")]
    return " · ".join([_outcome(n, f, short=True), ", ".join(harm)])


def sentence(n: Names, f: dict[str, Any] | None, lead: str = "if_fight") -> str:
    """The prompt's sentence for the plain "fight" (or, `lead` "if_pass", for casting nothing
    more): the round's totals, the outcome, each character's fate."""
    if not f:
        return ""
    loc = n.locale
    if not f.get("known"):
        return unknown_sentence(n, f)
    parts = []
    totals = f.get("totals") or {}
    if totals:
        s, c = totals.get("strength") or {}, totals.get("craft") or {}
        parts.append(t(loc, F + "totals", strength=s.get("party", 0), their_strength=s.get("enemies", 0),
                       craft=c.get("party", 0), their_craft=c.get("enemies", 0)))
    parts.append(_outcome(n, f, short=False))
    harm = _harm(n, f, short=False)
    parts.append(", ".join(harm) if harm else t(loc, F + "unhurt"))
    text = t(loc, F + lead, what="; ".join(parts))
    if f.get("scrolls"):
        text += " " + t(loc, F + "scrolls", n=int(f["scrolls"]))
    return text


def unknown_sentence(n: Names, f: dict[str, Any]) -> str:
    """A trove's first fight (C8d a-b): the range from the party's side."""
    loc = n.locale
    lines = [t(loc, F + "unknown", dice=f.get("dice", 2), items=f.get("items", 0),
               strength=f.get("strength", 0), craft=f.get("craft", 0))]
    master = f.get("master")
    if master:  # a Region's master joins the drawn guardians (K6g, L6a, M8a)
        lines.append(t(loc, "talisman.forecast.master", master=n.thing(master["of"]), strength=master["strength"],
                       craft=master["craft"]))
    per = []
    for uid, figures in f.get("heroes", {}).items():
        s, c = figures.get("strength") or [None, None], figures.get("craft") or [None, None]
        per.append(t(loc, F + "unknown_hero", hero=n.hero(uid), hurt_strength=s[0], hurt_craft=c[0],
                     kill_strength=s[1], kill_craft=c[1]))
    if per:
        lines.append(t(loc, F + "unknown_heroes", heroes="; ".join(per)))
    if f.get("sure"):  # a guardian known before the draw (the Werewolf at his Den, DT F8h)
        lines.append(t(loc, F + "sure", guardians=_sure(n, f["sure"])))
    return " ".join(lines)


def _sure(n: Names, sure: list[dict[str, Any]]) -> str:
    """The guardians known before the draw, with their figures ("the Werewolf (Strength 8)")."""
    return ", ".join(t(n.locale, F + "sure_one", guardian=n.thing(g["of"]), strength=g.get("strength", 0))
                     for g in sure)
