"""Words for the expansions' Regions and the City (DT J): the City's answers' buttons from the
figures the engine puts beside them (`labels` in the decision's data: engine city.py
`label_data`), and the City Market's lines in the prompt (the shop the party is in, what it lays
out at what price, the shops where nobody can buy anything)."""
from __future__ import annotations

from typing import Any

from engine.core.named import Named
from gm.i18n import t
from systems.darkest_talisman.names import Names

#: the City's answers (engine/darkest_talisman/expansions/city.py OPTION_HEADS)
CITY_HEADS = frozenset({"poster_buy", "poster_cash", "poster_claim", "poster_redraw", "poster_donate", "bounty",
                        "shop", "buy", "burgle", "academy", "spell_sell", "spell_buy", "wharf", "temple",
                        "assassinate"})
#: the Woodland's answers whose buttons carry figures (engine/darkest_talisman/expansions/woodland.py)
WOODLAND_HEADS = frozenset({"fate_light", "fate_dark", "fate_half", "dreaded", "spider", "void", "portal",
                            "respite_rest", "bow", "pixies", "rune"})


def option_params(n: Names, info: dict[str, Any]) -> dict[str, Any]:
    """The label's parameters: names for the ids, the figures as they are."""
    out: dict[str, Any] = {}
    for key, value in info.items():
        if key in ("hero", "prey"):
            out[key] = n.hero_bold(str(value))
        elif key == "card":
            out[key] = n.thing(value) if isinstance(value, str) else value
        elif key == "place":
            out[key] = n.location(str(value))
        elif key == "shop":
            out[key] = shop_name(n, str(value))
        elif key == "target":
            out[key] = t(n.locale, f"talisman.poster.{value}")
        elif key == "attribute":
            out[key] = n.attr(str(value))
        else:
            out[key] = value
    return out


def label_key(head: str, info: dict[str, Any], kind: str) -> str:
    """A variant of the label where the figures change the sentence."""
    if head == "shop" and info.get("card"):
        return "talisman.option.city.shop_card"
    if head in ("poster_cash", "poster_claim") and info.get("target") == "character":
        return f"talisman.option.city.{head}_bounty"
    return f"talisman.option.city.{head}"


def market_lines(n: Names, data: dict[str, Any]) -> str:
    """J3f: the shop the party is in and its wares with their prices; the shops nobody can buy in."""
    loc = n.locale
    lines = []
    shop = data.get("shop")
    if shop:
        wares = ", ".join(t(loc, "talisman.city.ware", card=n.thing(w["card"]), price=w["price"])
                          for w in data.get("wares") or [])
        lines.append(t(loc, "talisman.city.in_shop", shop=shop_name(n, str(shop)),
                       wares=wares or t(loc, "talisman.word.nothing")))
    else:
        lines.append(t(loc, "talisman.city.market"))
    shut = data.get("shut") or []
    if shut:
        lines.append(t(loc, "talisman.city.shut", shops=", ".join(t(loc, "talisman.city.the_shop", shop=shop_name(n, s))
                                                                 for s in shut)))
    return " ".join(lines)


def shop_name(n: Names, shop: str) -> Named:
    """A City Market shop's name, with the article it takes ("the Armoury", "l'Armeria")."""
    return Named(t(n.locale, f"talisman.shop.{shop}"), t(n.locale, f"talisman.shop_article.{shop}"))
