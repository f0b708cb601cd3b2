"""A campaign's events, decisions and actions in words, in the reader's language.

Built from a campaign view (never the full state), so a sentence can only name what the reader
may see. No discord import: the same text serves embeds, the log, the --local console and tests.
Every event kind the engine emits is a locale key `talisman.ev.<kind>`; a few have a second
sentence for a variant of the same event (`talisman.evx.*`: a party roll, a won combat...).
"""
from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.darkest_talisman import actions as talisman_actions
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import Pack, PlaceCard, Service, StrangerCard
from engine.darkest_talisman.ctx import EV
from engine.darkest_talisman.expansions.content import reward_name, ware_price
from engine.darkest_talisman.state import card_id
from engine.darkest_talisman.travel import goal_in
from engine.darkest_talisman.view import CampaignView
from engine.darkest_talisman.village import cashing
from gm.i18n import t
from systems.darkest_talisman import choices, forecast, odds, region_text
from systems.darkest_talisman.names import Names, region_name

#: event data keys naming one card, spell, location, foe or character
THING_KEYS = ("card", "enemy", "thing", "follower", "spell", "armour")
#: event data keys naming several
LIST_KEYS = ("things", "cards", "loot", "objects")
#: engine events that are bookkeeping for the game master, not news
SILENT = ("turn_started",)


_SERVICES: dict[int, dict[str, Service]] = {}


def services_by_id(pack: Pack) -> dict[str, Service]:
    """Every service of a pack (village, locations, Strangers and Places), by id."""
    found = _SERVICES.get(id(pack))
    if found is None:
        found = _SERVICES[id(pack)] = _services(pack)
    return found


def _services(pack: Pack) -> dict[str, Service]:
    out: dict[str, Service] = {s.id: s for s in pack.village_services}
    for loc in pack.locations:
        out.update({s.id: s for s in loc.services})
    for card in pack.adventures:
        if isinstance(card, (StrangerCard, PlaceCard)):
            out.update({s.id: s for s in card.services})
    return out


def gold_text(locale: str, gold: int) -> str:
    return t(locale, "talisman.word.gold_n", n=gold)


def what_text(n: Names, things: list[Any] | None, gold: int | None) -> str:
    """Things and Gold in one phrase ("Sword, Helmet and 3 Gold")."""
    parts = [n.thing(x) for x in (things or [])]
    if gold:
        parts.append(gold_text(n.locale, gold))
    return ", ".join(parts) if parts else t(n.locale, "talisman.word.nothing")


def params_of(n: Names, data: dict[str, Any]) -> dict[str, Any]:
    """An event's or a decision's data in words."""
    loc = n.locale
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key in ("hero", "victim", "fighter"):  # the fighter the Chivalric Knight aids (H5)
            out[key] = n.hero_bold(value)
        elif key == "character":
            continue
        elif key == "player":
            out[key] = n.seat(value)
        elif key in THING_KEYS and isinstance(value, str):
            out[key] = n.thing(value)
        elif key in ("location", "village", "special") and isinstance(value, str):
            out[key] = n.location(value)
        elif key == "destination" and isinstance(value, str):
            out[key] = n.location(value)
        elif key == "region" and isinstance(value, str):
            out[key] = n.thing(value) if n.pack.article_of(value, loc) else region_name(n.pack, value, loc)
        elif key in ("straddle", "place") and isinstance(value, str):
            out[key] = n.location(value)
        elif key == "prey":
            out[key] = n.hero_bold(value)
        elif key == "shop" and isinstance(value, str):
            out[key] = region_text.shop_name(n, value)
        elif key == "poster" and isinstance(value, str):
            out[key] = t(loc, f"talisman.poster.{value}")
        elif key in ("master", "trophy") and isinstance(value, str):
            out[key] = n.thing(value)
        elif key in LIST_KEYS and isinstance(value, list):
            out[key] = n.things(value)
        elif key == "guardians" and isinstance(value, list):
            out[key] = guardians_text(n, value)
        elif key == "items" and isinstance(value, list):
            out[key] = n.things(value)
        elif key == "why":
            out[key] = n.why(value)
        elif key == "attribute":
            out[key] = n.attr(str(value))
        elif key == "alignment":
            out[key] = t(loc, f"talisman.alignment.{value}")
        elif key == "dice" and isinstance(value, list):
            out[key] = " + ".join(str(d) for d in value) if value else "—"
        elif key in ("goal", "result", "quest", "how", "deck", "where", "chart"):
            out[key] = t(loc, f"talisman.{key}.{value}")
        elif key == "kind":
            out[key] = t(loc, f"talisman.fight.{value}")
        elif key == "service":
            out[key] = n.service(str(value))
        elif key == "reward" and isinstance(value, str):  # a Quest Reward card (H3)
            out[key] = reward_name(n.pack, value, loc)
        elif key == "order":  # the Marching Order reads front to back
            out[key] = " → ".join(f"**{n.hero(u)}**" for u in value) if value else t(loc, "talisman.word.nobody")
        elif key == "crowned":
            out[key] = listed(loc, [n.hero_bold(u) for u in value]) if len(value) > 1 else \
                n.hero_bold(value[0]) if value else t(loc, "talisman.word.nobody")
        elif key == "seats" and isinstance(value, list):
            out[key] = listed(loc, [n.seat(p) for p in value])
        elif key == "target":
            out[key] = n.target(value)
        elif key == "space":
            out[key] = n.road_space(value) if isinstance(value, int) else n.location(str(value))
        elif key == "source":
            out[key] = n.why(value)
        else:
            out[key] = value
    return out


def listed(locale: str, words: list[str]) -> str:
    """Words as a person lists them: "Alice, Bob and Carol"."""
    if len(words) < 2:
        return "".join(words)
    return t(locale, "talisman.word.and_list", head=", ".join(words[:-1]), last=words[-1])


def guardians_text(n: Names, guardians: list[Any]) -> str:
    """Guardians by name; drawn ones with their figures and what they were equipped with."""
    loc = n.locale
    parts = []
    for g in guardians:
        if isinstance(g, dict):
            figure = []
            if g.get("strength"):
                figure.append(t(loc, "talisman.fig.strength", n=g["strength"]))
            if g.get("craft"):
                figure.append(t(loc, "talisman.fig.craft", n=g["craft"]))
            if g.get("items"):
                figure.append(n.things(g["items"]))
            if g.get("scrolls"):
                figure.append(t(loc, "talisman.word.scrolls", n=g["scrolls"]))
            parts.append(n.thing(g["of"]) + (f" ({', '.join(figure)})" if figure else ""))
        else:
            parts.append(n.thing(g))
    return ", ".join(parts) if parts else t(loc, "talisman.word.nobody")


# ----------------------------------------------------------------------------- events
def event_key(name: str, d: dict[str, Any]) -> str:
    """The sentence for one event: its kind's, or the variant's the data asks for."""
    variant: str | None = None
    if name == "roll" and not d.get("hero"):
        variant = "roll_party"
    elif name == "combat":
        variant = f"combat_{d.get('result')}" if d.get("result") in ("won", "tie") else None
    elif name == "arrived" and d.get("destination") is True:
        variant = "arrived_destination"
    elif name == "arrived" and d.get("cards") == 0:
        variant = "arrived_no_cards"  # a special location: nothing drawn, nothing to say about it
    elif name == "departed" and d.get("destination") == "back":
        variant = "departed_back"
    elif name == "portal" and d.get("opened"):
        variant = "portal_opened"
    elif name == "tower_result" and d.get("cleared"):
        variant = "tower_cleared"
    elif name == "spell_cast":
        variant = "spell_cast_enemy" if d.get("enemy") else "spell_cast_guardians" if d.get("guardian") else \
            "spell_cast_see" if str(d.get("target", "")).startswith("see:") else \
            "spell_cast_on" if d.get("target") else None
    elif name == "changed" and int(d.get("amount", 0)) < 0:
        variant = "changed_lost"
    elif name == "campaign_over" and d.get("result") == "won":
        variant = "campaign_won"
    elif name == "campaign_started" and not d.get("solo"):
        variant = "campaign_started_coop"
    elif name == "guardian_armour" and not d.get("held"):
        variant = "guardian_armour_failed"
    elif name == "armour" and not d.get("held"):
        variant = "armour_failed"
    elif name == "foreseen" and d.get("where") in ("deck", "spells"):
        variant = f"foreseen_{d['where']}"
    elif name == "turned_back" and isinstance(d.get("space"), str):
        variant = "turned_back_tower"
    elif name == "seat_handed_over" and d.get("ai"):
        variant = "seat_to_ai"
    elif name == "offer_taken" and not d.get("gold"):
        variant = "offer_taken_free"
    elif name in ("stored", "retrieved") and not d.get("thing"):
        variant = f"{name}_gold"
    return f"talisman.evx.{variant}" if variant else EV + name


def describe_event(view: CampaignView, event: Event, locale: str) -> str | None:
    """One line of narration, or None for bookkeeping."""
    kind = event.kind
    if kind in SILENT:
        return None
    if kind == "undone":
        n = Names(view, locale)
        return t(locale, "talisman.evx.undone", player=n.seat(event.player))
    if kind == "seat_handed_over":
        name = "seat_handed_over"
    elif kind.startswith(EV):
        name = kind[len(EV):]
    else:
        return None
    n = Names(view, locale)
    d = dict(event.data)
    params = params_of(n, d)
    if name == "seat_handed_over":
        params["player"], params["to"] = n.seat(d.get("previous")), n.seat(d.get("to"))
    elif name == "changed":
        params["amount"] = abs(int(d.get("amount", 0)))
        if "equipped" in d:  # Strength and Craft: the total that counts, the base in brackets
            params["total"] = figure(locale, int(d.get("total", 0)), int(d["equipped"]))
    elif name in ("dropped", "things_lost", "fell_in_trove", "discarded", "picked_up", "guardians_beaten"):
        params["what"] = what_text(n, d.get("things") or d.get("loot"), d.get("gold"))
    elif name == "trove_revealed":
        params["what"] = what_text(n, d.get("items"), d.get("gold"))
    elif name == "roll":
        dice = d.get("dice") or []
        params["dice"] = params["dice"] + (f" = {d.get('total')}" if len(dice) > 1 else "")
    elif name == "arrived":
        params["place"] = n.location(d.get("special") or d.get("location"))
        params["day"] = int(d.get("space", 0)) + 1
    elif name == "guardian_totals":
        for attribute in ("strength", "craft"):
            found = d.get(attribute)
            totals = found if isinstance(found, dict) else {}
            params[attribute] = totals.get("party", 0)
            params[f"their_{attribute}"] = totals.get("enemies", 0)
    elif name == "special_location" and isinstance(d.get("space"), int):
        params["space"] = n.road_space(d["space"], terrain=True)  # the day it lies on, not itself again
    elif name == "character_arrives":
        params["player"] = n.seat(d.get("player"))
    line = t(locale, event_key(name, d), **params)
    if name == "campaign_started":  # which ending is played, said once at the start (C10f)
        crown = str((view.data.get("options") or {}).get("crown", "last_survivor"))
        line += " " + t(locale, "talisman.evx.ending_line", ending=t(locale, f"talisman.ending.{crown}"))
    return line


def narrate(view: CampaignView, events: list[Event], locale: str) -> list[str]:
    return [line for e in events if (line := describe_event(view, e, locale))]


# ----------------------------------------------------------------------------- decisions
def decision_of(view: CampaignView) -> dict[str, Any] | None:
    return view.data.get("decision") if view.status == "active" else None


def decision_text(view: CampaignView, locale: str) -> str:
    """What the campaign waits for, in one sentence; on the way to the Tower, when the party
    cannot go on there, why and what would open the way (the decision's `reason`)."""
    text = _decision_text(view, locale)
    d = decision_of(view)
    if d is not None and (d.get("data") or {}).get("market") is not None:  # the City Market (J3f)
        text = f"{text}\n{region_text.market_lines(Names(view, locale), d['data']['market'])}"
    if d is None or (d.get("data") or {}).get("reason") != "talismans_short":
        return text
    return f"{text}\n{way_shut_text(Names(view, locale), d['data'])}"


def way_shut_text(n: Names, data: dict[str, Any]) -> str:
    """C10g, C2e: who holds no Talisman, what the supply has, and how the way opens again: a
    spare Talisman spent at the Portal goes back to the supply (ruling talismans_carried), to be
    won by a Warlock's quest, the Talisman card or the Temple."""
    lacking = listed(n.locale, [n.hero_bold(u) for u in data.get("lacking") or []])
    supply = int(data.get("supply") or 0)
    opens = "talisman.decision.way_shut_spare" if data.get("spare") else "talisman.decision.way_shut_wait"
    return " ".join([t(n.locale, "talisman.decision.way_shut", lacking=lacking, supply=supply),
                     t(n.locale, opens, lacking=lacking, spare=int(data.get("spare") or 0))])


def _decision_text(view: CampaignView, locale: str) -> str:
    d = decision_of(view)
    if d is None:
        return ""
    n = Names(view, locale)
    params = params_of(n, {**d.get("data", {}), "hero": d.get("hero")})
    key = f"talisman.decision.{d['kind']}"
    if d["kind"] == "pickup":
        data = d.get("data", {})
        things = data.get("things", [])
        shown = [pile_name(n, data, i) for i in range(len(things)) if (data.get("open") or [True] * len(things))[i]]
        params["things"] = ", ".join(shown) if shown else t(locale, "talisman.word.nothing")
    elif d["kind"] == "service":
        params["what"] = services_text(n, str(d.get("data", {}).get("source", "")))
    elif d["kind"] == "destination" and n.pack.has_location(str(d.get("data", {}).get("destination", ""))) \
            and n.pack.location(str(d["data"]["destination"])).services:
        params["what"] = services_text(n, str(d["data"]["destination"]))
        key = "talisman.decision.destination_services"
    elif d["kind"] == "fate" and "light" in d.get("data", {}):  # the Woodland's Light and Dark Fate (M2a)
        key = "talisman.decision.fate_woodland_tie" if d["data"].get("outcome") == "tie" else "talisman.decision.fate_woodland"
    elif d["kind"] == "fate" and d.get("data", {}).get("outcome") == "tie":
        key = "talisman.decision.fate_tie"
    elif d["kind"] == "offer":
        params["gives"] = offer_text(n, d.get("hero"), d.get("data", {}).get("gives") or {})
        if not d.get("data", {}).get("gold"):
            key = "talisman.decision.offer_free"
    elif d["kind"] == "guardians":
        key, params = _guardians_decision(n, view, d, params)
    elif d["kind"] == "portal" and not any(o.startswith("attempt") for o in d.get("options", [])):
        key = "talisman.decision.portal_no_talisman"
    elif d["kind"] == "tower":
        return _with_forecast(n, d, _tower_decision(n, d, params))
    return _with_forecast(n, d, t(locale, key, **params))


def _with_forecast(n: Names, d: dict[str, Any], text: str) -> str:
    """A Guardian Combat decision's sentence, then what the plain "fight" (or passing on the
    Spells) does, worked out by the engine before the press (C8e: no attack dice)."""
    if d["kind"] not in ("guardians", "tower", "guardian_spell"):
        return text
    plain = next((o for o in d.get("options", []) if o in ("fight", "pass")), None)
    said = forecast.sentence(n, forecast.of_option(n, plain), "if_pass" if plain == "pass" else "if_fight") if plain else ""
    return f"{text} {said}" if said else text


def _tower_decision(n: Names, d: dict[str, Any], params: dict[str, Any]) -> str:
    """A Tower road space (C10d), and what trying it takes when that is the choice: the Crypt's
    and the Mines' Talisman, dice and the party's total (C10h, i), Dice with Death (C10j)."""
    loc = n.locale
    space = str(d.get("data", {}).get("space", ""))
    where = n.location(space) if space else "—"
    rule = n.pack.location(space).tower_rule if n.pack.has_location(space) else None
    opts = d.get("options", [])
    if "attempt" in opts and rule in ("crypt", "mines"):
        attribute = "strength" if rule == "crypt" else "craft"
        dice = n.pack.rules.crypt_dice.value
        if rule == "mines":
            dice -= sum(1 for h in n.party() if hero_rules.has_ability(n.pack, n.hero_model(h["uid"]), "dwarf_dice"))
        hint = t(loc, "talisman.decision.tower_check", dice=max(1, dice), attribute=n.attr(attribute),
                 total=odds.party_total(n, attribute))
    elif "dice" in opts and rule == "death":
        hint = t(loc, "talisman.decision.tower_death")
    else:
        return t(loc, "talisman.decision.tower", space=where)
    return " ".join((t(loc, "talisman.decision.tower_here", space=where), hint, t(loc, "talisman.decision.tower_ask")))


def _guardians_decision(n: Names, view: CampaignView, d: dict[str, Any],
                        params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Guardian Combat ahead (C8): who guards the place and with what figures when that is known
    (the Sentinel always; a trove's guardians once drawn), and what losing costs; once the
    Sentinel has beaten the party, only turning back is left (C5b)."""
    fight = view.data.get("fight") or {}
    standing = [g for g in fight.get("guardians", []) if not g.get("dead")]
    can_fight = any(o.startswith("fight") for o in d.get("options", []))
    destination = str(d.get("data", {}).get("destination", ""))
    if destination == "sentinel" and not can_fight:
        return "talisman.decision.guardians_sentinel_beaten", params
    if standing:
        params["guardians"] = guardians_text(n, standing)
        if fight.get("kind") == "vanguard":  # K7: the Eyrie Vanguard, met on the road, guards no place
            back = "turn_back" in d.get("options", [])
            return f"talisman.decision.guardians_vanguard{'' if back else '_only'}", params
        return "talisman.decision.guardians_standing", params
    if destination == "sentinel":
        foe = n.pack.foe("sentinel")
        figure = [t(n.locale, f"talisman.fig.{a}", n=v) for a, v in (("strength", foe.strength), ("craft", foe.craft)) if v]
        params["figure"] = ", ".join(figure)
        return "talisman.decision.guardians_sentinel", params
    return "talisman.decision.guardians", params


def services_text(n: Names, source: str) -> str:
    """What a source offers, with prices: the Blacksmith's wares on Market Day or from the
    Pedlar, a Healer's points, a visit."""
    loc, pack = n.locale, n.pack
    if source == "market_day":
        offered = [Service(id="market", kind="buy")]
    elif pack.has_card(source):
        offered = list(getattr(pack.card(source), "services", []))
    elif pack.has_location(source):
        offered = list(pack.location(source).services)
    else:
        offered = []
    parts: list[str] = []
    for s in offered:
        if s.kind == "buy":
            stock = sorted({card_id(u) for u in n.data.get("decks", {}).get("purchase", [])})
            if s.market:  # the Market's own goods and prices (core-cards 2.7)
                wares = [t(loc, "talisman.offers.ware", thing=n.thing(c), price=pack.card(c).market_cost)  # type: ignore[union-attr]  # Market goods are Objects, which have a market cost
                         for c in stock if getattr(pack.card(c), "market_cost", None) is not None]
            else:
                wares = [
                    t(loc, "talisman.offers.ware", thing=n.thing(c), price=getattr(pack.card(c), "cost", 0))
                    for c in stock
                    if getattr(pack.card(c), "for_sale", False) and getattr(pack.card(c), "cost", None) is not None
                ]
            key = "talisman.offers.market_wares" if s.market else "talisman.offers.wares"
            parts.append(t(loc, key, wares=", ".join(wares)) if wares else t(loc, "talisman.embed.sold_out"))
        elif s.kind.startswith(("heal", "replenish")):
            key = "talisman.embed.service_point" if s.price else "talisman.embed.service_free"
            parts.append(t(loc, key, service=n.service(s.id), price=s.price))
        elif s.kind == "sell_objects":
            parts.append(t(loc, "talisman.offers.sell", service=n.service(s.id), price=s.price))
        else:
            parts.append(n.service(s.id))
    return "; ".join(parts) if parts else t(loc, "talisman.word.nothing")


def pile_name(n: Names, data: dict[str, Any], i: int) -> str:
    """The i-th thing lying on the road: a card by name, Gold with its amount."""
    things, gold = data.get("things", []), data.get("gold") or []
    if things[i] == "gold" and i < len(gold):
        return gold_text(n.locale, int(gold[i]))
    return n.thing(things[i])


def offer_text(n: Names, hero: str | None, gives: dict[str, Any]) -> str:
    """What an offer buys, in words ("1 Spell", "Fate back up to 6"), from its effect."""
    loc = n.locale
    parts: list[str] = []
    if gives.get("spells"):
        parts.append(t(loc, "talisman.gives.spells", n=gives["spells"]))
    if gives.get("replenish_fate"):
        h = n.heroes.get(hero or "")
        top = n.pack.character(h["card"]).fate if h else 0
        parts.append(t(loc, "talisman.gives.replenish_fate", max=top, fate=h["fate"] if h else 0))
    for attr in ("strength", "craft", "fate", "gold", "life"):
        if gives.get(attr):
            parts.append(t(loc, "talisman.gives.points", n=gives[attr], attribute=n.attr(attr)))
    teleport = gives.get("teleport")
    if teleport == "any":
        parts.append(t(loc, "talisman.gives.teleport_any"))
    elif teleport:
        parts.append(t(loc, "talisman.gives.teleport_to", place=n.location(str(teleport))))
    rows = gives.get("roll") or []
    if rows and all((r.get("effect") or {}).get("teleport") for r in rows):
        parts.append(t(loc, "talisman.gives.teleport_roll"))  # the Magic Portal: the die picks the place
    elif rows:
        parts.append(t(loc, "talisman.gives.roll"))  # a roll a Guide lets the character skip
    if gives.get("redraw") is not None:
        parts.append(t(loc, "talisman.gives.redraw"))  # the Orb of Knowledge, the Prophetess
    return ", ".join(parts) if parts else t(loc, "talisman.word.something")


def cashing_gain(n: Names, hero: str, attribute: str) -> int:
    """What cashing this character's Trophies of `attribute` gives: the engine's own figure
    (village.cashing, C2b: every full 7, ruling `trophies_cashing`), so the label says what the
    action then gives."""
    if hero not in n.heroes:
        return 0
    return cashing(n.pack, n.hero_model(hero), attribute)[0]


def option_key(kind: str, option: str) -> tuple[str, list[str]]:
    """(the label's key, the option's arguments) for one answer to a decision."""
    head, *rest = option.split(":")
    if kind == "village" and rest and rest[0] in ("trove", "back"):
        return f"talisman.option.village.depart_{rest[0]}", []
    if kind == "take" and head == "take" and rest:
        return "talisman.option.take.take_drop", rest[1:]
    if kind == "enemy" and head == "fight" and rest:
        return "talisman.option.enemy.fight_craft", rest
    if kind == "guardians" and head == "fight" and rest:
        return "talisman.option.guardians.fight_focus", rest
    return f"talisman.option.{kind}.{head}", rest


def option_label(view: CampaignView, option: str, locale: str, with_odds: bool = True) -> str:
    """A button's words for one answer to the pending decision."""
    d = decision_of(view) or {"kind": "", "data": {}}
    kind, data = d["kind"], d.get("data", {})
    n = Names(view, locale)
    key, rest = option_key(kind, option)
    params: dict[str, Any] = {}
    arg = rest[0] if rest else ""
    trip = view.data.get("trip")
    if head_of(option) in region_text.CITY_HEADS and option in (data.get("labels") or {}):
        info = data["labels"][option]  # the City's answers (J3e, J3f, J4): figures from the engine
        key = region_text.label_key(head_of(option), info, kind)
        params.update(region_text.option_params(n, info))
    elif head_of(option) in region_text.WOODLAND_HEADS and option in (data.get("labels") or {}):
        params.update(region_text.option_params(n, data["labels"][option]))  # the Woodland's figures (M2, M9)
    elif kind == "fate" and option == "reroll" and "light" in data:
        key = "talisman.option.fate.reroll_light"  # a Light Fate, in the Woodland's words (M2a)
    elif option in (data.get("labels") or {}) and isinstance(data["labels"][option], dict):
        params.update(region_text.option_params(n, data["labels"][option]))  # an expansion's figures (K7)
    elif kind == "village" and key.endswith(".depart"):
        params["place"] = n.location(arg)
        # a road's own terrain made a destination (the Ruins over the Dungeon, L3m) is met as an Aid
        params["goal"] = t(locale, f"talisman.goal.{_goal(n.pack, arg)}")
    elif kind == "village":
        params["region"] = region_name(n.pack, _village_region(n.pack, view.data.get("village", "village")), locale)
    elif key.endswith(".enter"):  # into an expansion's Region (J3a, K3c): its road and where it ends
        params.update(region_entry(n, arg))
    elif kind == "stand" and option == "continue" and trip is not None and _straddle(view, trip):
        key = "talisman.option.stand.continue_back"  # back out of an expansion's Region (J3f-c)
        params["place"] = n.location(_straddle(view, trip))
    elif kind == "stand" and option == "continue" and trip is not None:
        if trip["heading"] == "home" or trip["position"] + 1 >= len(trip["road"]):
            key = "talisman.option.stand.continue_home"
            params["village"] = n.location(trip["village"])
        else:
            params["space"] = n.road_space(trip["position"] + 1)
    elif key.endswith(".move") or key.endswith(".road"):
        params["space"] = n.road_space(arg)
    elif key.endswith(".dest"):
        params["place"] = n.location(arg)
    elif key.endswith(".cast"):
        key, params = _cast_label(n, key, arg)
    elif kind == "guardians" and key.endswith("fight_focus"):
        params["guardian"] = _guardian_name(n, view, arg)
    elif kind == "take":
        params["card"] = n.thing(data.get("card"))
        params["thing"] = n.thing(rest[-1]) if rest else ""
    elif kind == "guardian_split" and key.endswith(".kill"):
        params["guardians"] = listed(locale, [_guardian_name(n, view, u) for u in arg.split("+") if u])
    elif kind in ("steal", "dream_prize") and key.endswith(".take"):
        params["thing"] = n.thing(arg)
    elif kind == "pickup" and key.endswith(".take"):
        things = data.get("things", [])
        params["thing"] = pile_name(n, data, int(arg)) if arg.isdigit() and int(arg) < len(things) else "—"
    elif kind == "loot" and key.endswith(".give"):
        params["thing"] = n.thing(arg)
        params["hero"] = n.hero_bold(rest[1] if len(rest) > 1 else "")
    elif kind in ("sacrifice", "death_fate", "vampire_followers"):
        params["n"] = int(arg) if arg.isdigit() else 0
        params["attribute"] = n.attr(str(data.get("attribute", "strength")))
    elif kind == "final_target":
        params["hero"] = n.hero_bold(arg)
    elif kind in ("ransom", "offer"):
        params["gold"] = data.get("gold", 0)
        if kind == "offer" and option == "accept" and not params["gold"]:
            key = "talisman.option.offer.accept_free"
    elif kind == "portal":
        params["attribute"] = n.attr(arg) if arg else ""
    elif kind == "tower" and option == "advance":
        params["space"] = _next_tower_space(n, view)
    elif kind == "tower" and option == "fight":
        params["foes"] = t(locale, f"talisman.fight.{(view.data.get('fight') or {}).get('kind', 'trove')}")
    elif kind == "guardians" and option == "fight" and data.get("destination") == "sentinel":
        key = "talisman.option.guardians.fight_sentinel"
    elif kind == "fire_choice":  # the Firelands (I2, I6): the card that burns, the token's space
        params["thing"] = n.thing(arg) if arg else ""
        params["space"] = n.road_space(data["space"]) if isinstance(data.get("space"), int) else ""
    elif kind == "knight_aid" and option == "aid":  # H5 Chivalric Knight: the Strength he adds
        params["strength"] = data.get("strength", 0)
    elif kind == "baleful_eye" and key.endswith(".eye"):  # H5 Baleful Eye: the Enemy and its figures
        foe: dict[str, Any] = next((f for f in data.get("foes") or [] if f.get("uid") == option.split(":", 1)[1]), {})
        params.update(enemy=n.thing(str(foe.get("enemy", ""))), strength=foe.get("strength", 0), craft=foe.get("craft", 0))
    elif kind in ("dungeon_cell_leave", "dungeon_cell_take") and arg:  # the Dungeon's Cell (L5b-3)
        params["thing"] = n.thing(arg)
    label = t(locale, key, **params)
    if kind == "village" and option.startswith("depart:"):
        waits = choices.destination_short(n, option)  # what waits there, its price, its odds
        if waits:
            label = f"{label} · {waits}"
    if kind == "guardian_spell" and key.endswith(".cast") and arg:
        label = f"{label} ({choices.spell_short(n, arg)})"  # what the Spell does in this combat
    if with_odds:
        extra = odds.for_option(n, view, kind, option)
        if extra:
            label = f"{label} · {extra}"
    return label


def head_of(option: str) -> str:
    return option.split(":", 1)[0]


def region_entry(n: Names, region_id: str) -> dict[str, Any]:
    """What entering an expansion's Region means, for its button: the Region, its road's spaces
    and the place the road ends at."""
    try:
        region = n.pack.region(region_id)
    except KeyError:
        return {"region": region_id, "spaces": 0, "end": ""}
    end = (region.aid + region.trove)[:1]
    return {"region": n.thing(region_id), "spaces": len(region.road), "end": n.location(end[0]) if end else ""}


def _straddle(view: CampaignView, trip: dict[str, Any]) -> str | None:
    """On an expansion Region's road heading back, at its first space: the straddling destination
    the party walks out to (J3f-c); else None."""
    stay = (view.data.get("ext") or {}).get("region")
    if not stay or trip.get("region") != stay.get("id") or trip.get("heading") != "home" or trip.get("position") != 0:
        return None
    return str(stay.get("straddle"))


def _cast_label(n: Names, key: str, arg: str) -> tuple[str, dict[str, Any]]:
    """Casting a Spell from the hand, as this view may tell it: by name when the reader sees the
    caster's Spells; else by its place in the hand ("Cast Spell 2", the view's own answer,
    engine view `public_option`), which the caster reads on their own sheet (/me); an answer
    naming a Spell this view hides (a pressed button echoed to the channel) says only that a
    Spell is cast: the narration names it once it is cast (facts 7: held face down)."""
    if arg.isdigit():
        return f"{key}_hidden", {"n": int(arg)}
    if any(isinstance(h.get("spells"), list) and arg in h["spells"] for h in n.heroes.values()):
        return key, {"spell": n.thing(arg)}
    return f"{key}_unknown", {}


def _goal(pack: Pack, loc: str) -> str:
    """The kind of destination `loc` is, as the rules read it (travel.goal_in)."""
    return next((kind for region in pack.regions if (kind := goal_in(region, loc)) is not None), "aid")


def _village_region(pack: Pack, village: str) -> str:
    return next((r.id for r in pack.regions if r.village == village), "inner")


def _guardian_name(n: Names, view: CampaignView, uid: str) -> str:
    fight = view.data.get("fight") or {}
    g = next((g for g in fight.get("guardians", []) if g["uid"] == uid), None)
    return n.thing(g["of"]) if g else t(n.locale, "talisman.word.something")


def _next_tower_space(n: Names, view: CampaignView) -> str:
    tower = view.data.get("tower") or {}
    road = n.pack.region("tower").road
    index = int(tower.get("index", 0)) + 1
    return n.location(road[index]) if index < len(road) else "—"


# ----------------------------------------------------------------------------- actions
def describe_action(view: CampaignView, actor: str, action: Any, locale: str, with_odds: bool = True) -> str:
    """A legal action in words, as on its button (the shared code echoes the pressed one)."""
    if isinstance(action, talisman_actions.Choose):
        return option_label(view, action.option, locale, with_odds)
    n = Names(view, locale)
    if isinstance(action, talisman_actions.SetOrder):
        return t(locale, "talisman.action.order", order=" → ".join(n.hero(u) for u in action.order))
    if isinstance(action, talisman_actions.HandOver):
        return t(locale, "talisman.action.hand_over", player=n.seat(action.player))
    hero = n.hero(action.hero)
    p: dict[str, Any] = {"hero": hero}
    if isinstance(action, talisman_actions.Buy):
        return t(locale, "talisman.action.buy", thing=n.thing(action.card), price=ware_price(n.pack, action.card) or 0, **p)
    if isinstance(action, (talisman_actions.Restore, talisman_actions.Visit)):
        service = services_by_id(n.pack).get(action.service)
        price = service.price if service is not None else 0
        key = "talisman.action.restore" if isinstance(action, talisman_actions.Restore) else "talisman.action.visit"
        text = t(locale, key, service=n.service(action.service), price=price, **p)
        chances = choices.visit_short(n, service) if isinstance(action, talisman_actions.Visit) else ""
        return f"{text} · {chances}" if chances else text  # a die table's rows and their odds
    if isinstance(action, talisman_actions.Sell):
        alchemist = services_by_id(n.pack).get("alchemist")
        return t(locale, "talisman.action.sell", thing=n.thing(action.thing), price=alchemist.price if alchemist else 0, **p)
    if isinstance(action, (talisman_actions.Store, talisman_actions.Retrieve, talisman_actions.Drop)):
        verb = action.type
        if action.thing:
            return t(locale, f"talisman.action.{verb}", thing=n.thing(action.thing), **p)
        return t(locale, f"talisman.action.{verb}_gold", gold=action.gold, **p)
    if isinstance(action, talisman_actions.CashTrophies):
        return t(locale, "talisman.action.cash_trophies", attribute=n.attr(action.attribute),
                 n=cashing_gain(n, action.hero, action.attribute), **p)
    if isinstance(action, talisman_actions.CashBag):
        card = n.pack.card(card_id(action.thing))
        return t(locale, "talisman.action.cash_bag", thing=n.thing(action.thing), gold=getattr(card, "value", 0), **p)
    if isinstance(action, talisman_actions.Use):
        return t(locale, "talisman.action.use", thing=n.thing(action.thing), **p)
    if isinstance(action, talisman_actions.Cast):
        if action.target and action.target.startswith("see:"):
            return t(locale, "talisman.action.cast_see", spell=n.thing(action.spell), target=n.target(action.target), **p)
        if action.target:
            return t(locale, "talisman.action.cast_on", spell=n.thing(action.spell), target=n.target(action.target), **p)
        return t(locale, "talisman.action.cast", spell=n.thing(action.spell), **p)
    if isinstance(action, talisman_actions.BuildRaft):
        return t(locale, "talisman.action.build_raft", **p)
    return t(locale, "talisman.word.something")


def figure(locale: str, base: int, total: int) -> str:
    """Strength or Craft as the campaign shows it everywhere (the party line, the narration, the
    picture; project ruling `strength_shown`): the total that counts, with equipment and
    Followers, and the character's own figure in brackets when they differ ("5 (base 4)")."""
    if total == base:
        return str(total)
    return t(locale, "talisman.fig.with_base", total=total, base=base)


def hero_figure(n: Names, uid: str, attribute: str) -> str:
    """A character's Strength or Craft as `figure` shows it."""
    model = n.hero_model(uid)
    return figure(n.locale, getattr(model, attribute), hero_rules.total(n.pack, model, attribute))  # type: ignore[arg-type]  # the attribute is strength or craft


def hero_line(n: Names, h: dict[str, Any]) -> str:
    """A character's figures on one line: life, Strength and Craft (the total, the base in
    brackets: `figure`), Fate, Gold."""
    loc = n.locale
    sheet = n.pack.character(h["card"])
    who = n.seat(n.controller(h["uid"]))
    return t(loc, "talisman.sheet.line", hero=n.thing(h["card"]), player=who, life=h["life"], max_life=sheet.life,
             strength=hero_figure(n, h["uid"], "strength"), craft=hero_figure(n, h["uid"], "craft"),
             fate=h["fate"], gold=h["gold"])
