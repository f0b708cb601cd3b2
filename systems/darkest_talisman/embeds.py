"""The campaign's embeds: the party, the village, the road (or the Tower), character sheets, the
decision prompt and the end. All built from a campaign view in the reader's language."""
from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from engine.darkest_talisman.content import display_text
from engine.darkest_talisman.expansions.content import reward_name, ware_price
from engine.darkest_talisman.state import SeatRef, card_id
from engine.darkest_talisman.view import CampaignView
from gm.i18n import t
from systems.darkest_talisman.choices import destination_detail, visit_detail
from systems.darkest_talisman.describe import decision_of, decision_text, hero_line, option_label
from systems.darkest_talisman.names import Names, region_name
from ui.text import clip

COLOUR = discord.Colour.dark_gold()
FIELD = 1024


def _field(embed: discord.Embed, name: str, lines: list[str], inline: bool = False) -> None:
    embed.add_field(name=clip(name, 256), value=clip("\n".join(lines) or "—", FIELD), inline=inline)


# ----------------------------------------------------------------------------- the party
def party_lines(n: Names) -> list[str]:
    lines = []
    for i, h in enumerate(n.party()):
        mark = t(n.locale, "talisman.sheet.leader") if i == 0 else f"{i + 1}."
        lines.append(f"{mark} {hero_line(n, h)}")
    return lines


def party_embed(view: CampaignView, locale: str) -> discord.Embed:
    n = Names(view, locale)
    d = view.data
    e = discord.Embed(title=t(locale, "talisman.embed.party_title"), colour=COLOUR)
    e.description = clip("\n".join(party_lines(n)) or t(locale, "talisman.embed.no_party"), 2000)
    for h in n.party():
        e.add_field(name=n.hero(h["uid"]), value=clip(hero_details(n, h), FIELD), inline=False)
    dead = [n.hero(h["uid"]) for h in d.get("heroes", []) if not h["alive"]]
    if dead:
        _field(e, t(locale, "talisman.embed.fallen"), [", ".join(dead)])
    if d.get("order_locked"):
        e.set_footer(text=t(locale, "talisman.embed.order_locked"))
    return e


def hero_details(n: Names, h: dict[str, Any]) -> str:
    """What a character carries: Objects, Followers, Spells (names only for their own seat),
    Trophies with their points, a quest."""
    loc = n.locale
    lines = []
    objects = [n.thing(u) for u in h["objects"]]
    lines.append(t(loc, "talisman.sheet.objects", things=", ".join(objects) or "—"))
    if h["followers"]:
        lines.append(t(loc, "talisman.sheet.followers", things=", ".join(n.thing(u) for u in h["followers"])))
    spells = h["spells"]
    if isinstance(spells, list):
        held = [t(loc, "talisman.sheet.spell_at", n=i, spell=n.thing(u)) for i, u in enumerate(spells, 1)]
        lines.append(t(loc, "talisman.sheet.spells", things=", ".join(held) or "—"))
    elif spells:
        lines.append(t(loc, "talisman.sheet.spells_hidden", n=spells))
    if h["trophies"]:
        points = _trophy_points(n, h)
        lines.append(t(loc, "talisman.sheet.trophies", things=", ".join(n.thing(u) for u in h["trophies"]),
                       strength=points["strength"], craft=points["craft"]))
    if h.get("quest"):
        lines.append(t(loc, "talisman.sheet.quest", quest=t(loc, f"talisman.quest.{h['quest']['kind']}"),
                       amount=h["quest"].get("amount", 0)))
    if h.get("mystic_ready") and n.data.get("mode") == "village":
        lines.append(t(loc, "talisman.sheet.mystic_ready"))
    ext = n.data.get("ext") or {}
    kept = ext.get("rewards_held", {}).get(h["uid"], [])
    if kept:  # the Quest Rewards kept face up (H3, H5), a Lightning Trap with its counters
        counters = ext.get("reward_counters", {})
        names = [reward_name(n.pack, card_id(u), loc) + (f" ({counters[u]})" if u in counters else "") for u in kept]
        lines.append(t(loc, "talisman.embed.rewards_held", hero=n.hero(h["uid"]), rewards=", ".join(names)))
    return "\n".join(lines)


def _trophy_points(n: Names, h: dict[str, Any]) -> dict[str, int]:
    """Trophy points by the attribute they trade for (C2b): Strength from Enemies fought with
    Strength, Craft from Spirits."""
    out = {"strength": 0, "craft": 0}
    for uid in h["trophies"]:
        card = n.pack.card(card_id(uid))
        attribute = getattr(card, "attribute", "strength")
        out[attribute] += int(getattr(card, "value", 0) or 0)
    return out


def spell_lines(n: Names, h: dict[str, Any]) -> list[str]:
    """A character's own Spells by their place in the hand, each with what it does: the public
    prompt's "Cast Spell 2" is the second of these (engine view `public_option`)."""
    spells = h.get("spells")
    if not isinstance(spells, list):
        return []
    return [t(n.locale, "talisman.sheet.spell_line", n=i, spell=n.thing(u),
              text=display_text(n.pack.spell(card_id(u)), n.locale)) for i, u in enumerate(spells, 1)]


def casting_lines(view: CampaignView, player: str, locale: str) -> list[str]:
    """When the pending decision offers `player` a Spell to cast: that character's Spells by
    their place in the hand, for the private menu beside the public "Cast Spell 2" buttons."""
    d = decision_of(view)
    if d is None or not any(o.startswith("cast:") for o in d.get("options", [])):
        return []
    n = Names(view, locale)
    hero = str(d.get("hero") or "")
    if hero not in n.heroes or n.controller(hero) != player:
        return []
    lines = spell_lines(n, n.heroes[hero])
    return [t(locale, "talisman.embed.spells_title", hero=n.hero(hero)) + ":", *lines] if lines else []


def sheet_embed(view: CampaignView, seat: SeatRef, locale: str) -> discord.Embed:
    """/me: the characters this seat controls, in full (its own Spells by name, numbered by
    their place in the hand as the public prompt counts them, each with what it does)."""
    n = Names(view, locale)
    mine = [h for h in view.data.get("heroes", []) if h["alive"] and n.controller(h["uid"]) == seat.player]
    e = discord.Embed(title=t(locale, "talisman.embed.sheet_title", player=seat.name), colour=COLOUR)
    if not mine:
        e.description = t(locale, "talisman.embed.no_characters")
    for h in mine:
        sheet = n.pack.character(h["card"])
        e.add_field(
            name=n.thing(h["card"]),
            value=clip(
                hero_line(n, h)
                + "\n"
                + t(locale, "talisman.sheet.alignment", alignment=t(locale, f"talisman.alignment.{h['alignment']}"))
                + "\n"
                + hero_details(n, h)
                + "\n*"
                + display_text(sheet, locale)
                + "*",
                FIELD,
            ),
            inline=False,
        )
        spells = spell_lines(n, h)
        if spells:
            _field(e, t(locale, "talisman.embed.spells_title", hero=n.hero(h["uid"])), spells)
    return e


# ----------------------------------------------------------------------------- the village
def village_embed(view: CampaignView, locale: str) -> discord.Embed:
    """The village the party is in (or last left): the Blacksmith's stock and prices, the
    Healer's and the Mystic's services, and what each character keeps stored there."""
    n = Names(view, locale)
    d = view.data
    village = d.get("village", "village")
    e = discord.Embed(title=t(locale, "talisman.embed.village_title", village=n.location(village)), colour=COLOUR)
    where = "talisman.embed.in_village" if d.get("mode") == "village" else "talisman.embed.away_from_village"
    e.description = t(locale, where)
    stock = Counter(card_id(u) for u in d.get("decks", {}).get("purchase", []))
    wares = []
    for cid, count in sorted(stock.items()):
        card = n.pack.card(cid)
        if getattr(card, "for_sale", False) and getattr(card, "cost", None) is not None:
            wares.append(t(locale, "talisman.embed.ware", thing=n.thing(cid), price=card.cost, count=count))  # type: ignore[union-attr]  # for sale with a cost: an Object
    _field(e, t(locale, "talisman.embed.blacksmith"), wares or [t(locale, "talisman.embed.sold_out")])
    stables = Counter(card_id(u) for u in (d.get("ext") or {}).get("stables", []))
    if stables:  # the Sacred Pool's Stables (H2): each mount, its price and what it does
        _field(e, t(locale, "talisman.embed.stables"), [
            t(locale, "talisman.embed.stables_ware", thing=n.thing(cid), price=ware_price(n.pack, cid) or 0, count=count,
              what=display_text(n.pack.card(cid), locale)) for cid, count in sorted(stables.items())])
    services = []
    for s in n.pack.village_services:
        if s.kind in ("buy",):
            continue
        if s.kind.startswith(("heal", "replenish")):
            key = "talisman.embed.service_point" if s.price else "talisman.embed.service_free"
            services.append(t(locale, key, service=n.service(s.id), price=s.price))
        else:  # a visit with a die table says its rows and their odds (the Mystic, B1c)
            services.append(t(locale, "talisman.embed.service_visit", service=visit_detail(n, s)))
    _field(e, t(locale, "talisman.embed.services"), [line[:1].upper() + line[1:] for line in services])
    storage = d.get("storage", {}).get(village, {})
    kept = []
    for uid, box in storage.items():
        if box.get("things") or box.get("gold"):
            kept.append(t(locale, "talisman.embed.stored_line", hero=n.hero(uid),
                          what=_what(n, box.get("things", []), box.get("gold", 0))))
    left = d.get("left_talismans", {}).get(village, [])
    if left:
        kept.append(t(locale, "talisman.embed.left_talismans", n=len(left)))
    _field(e, t(locale, "talisman.embed.storage"), kept or [t(locale, "talisman.word.nothing")])
    return e


def _what(n: Names, things: list[str], gold: int) -> str:
    parts = [n.thing(u) for u in things] + ([t(n.locale, "talisman.word.gold_n", n=gold)] if gold else [])
    return ", ".join(parts) or t(n.locale, "talisman.word.nothing")


# ----------------------------------------------------------------------------- the road
def road_lines(n: Names) -> list[str]:
    """Each day of the road in its fixed order: where the party stands, what it left behind."""
    trip = n.data.get("trip")
    loc = n.locale
    if trip is None:
        return []
    lines = []
    for k, space in enumerate(trip["road"]):
        place = n.location(space.get("special") or space["location"])
        left = sum(1 for s in space.get("spots", []) if s.get("card"))
        mark = "▶" if k == trip["position"] else ("✓" if space.get("visited") else "·")
        extra = t(loc, "talisman.embed.cards_left", n=left) if left and k != trip["position"] else ""
        day = t(loc, "talisman.embed.road_day", n=k + 1, place=place, extra=extra)
        lines.append(f"{mark} {day}")
    return lines


def spot_lines(n: Names) -> list[str]:
    """The cards on the space the party stands on, in the order they are met."""
    trip = n.data.get("trip")
    if trip is None:
        return []
    out = []
    for s in trip.get("spots", []):
        card = s.get("card")
        if card is None:
            continue
        name = t(n.locale, "talisman.embed.face_down") if card == "hidden" else n.thing(card)
        out.append(("✓ " if s.get("met") else "• ") + name)
    return out


def road_embed(view: CampaignView, locale: str) -> discord.Embed | None:
    n = Names(view, locale)
    d = view.data
    trip = d.get("trip")
    tower = d.get("tower")
    if trip is not None:
        heading = t(locale, f"talisman.embed.heading_{trip['heading']}")
        e = discord.Embed(title=t(locale, "talisman.embed.road_title", region=region_name(n.pack, trip["region"], locale),
                                  destination=n.location(trip["destination"]),
                                  goal=t(locale, f"talisman.goal.{trip['goal']}")), colour=COLOUR)
        e.description = heading
        _field(e, t(locale, "talisman.embed.days"), road_lines(n))
        spots = spot_lines(n)
        if spots:
            _field(e, t(locale, "talisman.embed.here"), spots)
        trove = trip.get("trove")
        if trove is not None:
            e.add_field(name=t(locale, "talisman.embed.trove"), value=t(
                locale, "talisman.embed.trove_revealed" if trove.get("revealed") else "talisman.embed.trove_hidden",
                n=trove["items"] if isinstance(trove["items"], int) else len(trove["items"]),
                what=_what(n, trove["items"], trove.get("gold") or 0) if isinstance(trove["items"], list) else ""), inline=False)
        expansion_lines = _expansion_lines(d, trip, locale) + woodland_lines(n, d)
        if expansion_lines:
            _field(e, t(locale, "talisman.embed.expansions"), expansion_lines)
        return e
    if tower is not None:
        road = n.pack.region("tower").road
        e = discord.Embed(title=t(locale, "talisman.embed.tower_title"), colour=COLOUR)
        lines = []
        for k, loc in enumerate(road):
            mark = "▶" if k == tower["index"] else ("✓" if k < tower["index"] else "·")
            lines.append(f"{mark} {n.location(loc)}")
        _field(e, t(locale, "talisman.embed.days"), lines)
        e.set_footer(text=t(locale, "talisman.embed.talismans_spent", n=tower.get("spent", 0)))
        return e
    return None


def _expansion_lines(d: dict[str, Any], trip: dict[str, Any], locale: str) -> list[str]:
    """What the expansions put on the table: the Grim Reaper or the Werewolf on the road (E2a, E2e,
    F6b), the Barriers (E5), the deck drawn from (E2c), who must still pray (E2j); fireland tokens,
    Terrain cards and the burnt cards (I3, I4, I2b)."""
    ext = d.get("ext")
    if not ext:
        return []
    out = []
    for fig in ext.get("figures", []):
        behind = int(trip["position"]) - int(fig["position"])
        key = "werewolf_on_road" if fig.get("id") == "werewolf_figure" else "reaper_on_road"  # F6b, E2e
        out.append(t(locale, f"talisman.embed.{key}", space=int(fig["position"]) + 1, behind=abs(behind)))
    if ext.get("barriers"):
        out.append(t(locale, "talisman.embed.barriers", spaces=", ".join(str(int(b) + 1) for b in ext["barriers"])))
    if ext.get("live", "core") != "core":
        out.append(t(locale, "talisman.embed.deck_live", deck=t(locale, f"talisman.deck.{ext['live']}")))
    if ext.get("fire_tokens"):  # the Firelands (I3, I4, I2b)
        out.append(t(locale, "talisman.embed.fire_tokens", spaces=", ".join(str(int(k) + 1) for k in sorted(ext["fire_tokens"]))))
    if ext.get("terrain_laid"):
        laid = sorted(int(k) for k in ext["terrain_laid"])
        out.append(t(locale, "talisman.embed.terrain_laid", spaces=", ".join(str(k + 1) for k in laid)))
    if ext.get("burnt"):
        out.append(t(locale, "talisman.embed.burnt", n=len(ext["burnt"])))
    return out


def woodland_lines(n: Names, d: dict[str, Any]) -> list[str]:
    """The Woodland (DT M2, M4): each character's Light and Dark Fate, his Path and Destinies."""
    ext = d.get("ext") or {}
    wood = ext.get("woodland")
    if not wood:
        return []
    piles = ext.get("piles") or {}
    out = []
    for hero in d.get("heroes", []):
        if not hero.get("alive", True):
            continue
        uid = hero["uid"]
        path = piles.get(f"path:{uid}")
        held = piles.get(f"destiny:{uid}")
        dark = min(int((wood.get("dark") or {}).get(uid, 0)), int(hero.get("fate", 0)))
        if not (path or held or dark):
            continue
        none = t(n.locale, "talisman.word.nothing")
        out.append(t(n.locale, "talisman.embed.woodland_hero", hero=n.hero_bold(uid), light=int(hero.get("fate", 0)) - dark,
                     dark=dark, path=n.thing(path[-1]) if isinstance(path, list) and path else none,
                     destinies=", ".join(n.thing(u) for u in held) if isinstance(held, list) and held else none))
    return out


# ----------------------------------------------------------------------------- status, prompt, end
def stats_line(view: CampaignView, locale: str) -> str:
    s = view.data.get("stats", {})
    return t(locale, "talisman.embed.stats", days=s.get("days", 0), returns=s.get("returns", 0),
             adventures=s.get("adventures", 0), troves=s.get("troves_won", 0), deaths=s.get("deaths", 0))


def status_embeds(view: CampaignView, game_id: int, locale: str, record_status: str) -> list[discord.Embed]:
    """/game status and /campaign status: the party, then the road (or the village)."""
    first = party_embed(view, locale)
    first.title = t(locale, "talisman.embed.status_title", game_id=game_id)
    first.add_field(name=t(locale, "talisman.embed.progress"), value=stats_line(view, locale), inline=False)
    # people by the name they sat down under: a mention of someone who has since left the server
    # shows as a bare id; those who left the table are named too
    seats = [s.name if not s.ai else f"🤖 {s.name}" for s in view.players]
    first.add_field(name=t(locale, "talisman.embed.seats"), value=clip(", ".join(seats), FIELD), inline=False)
    departed = view.data.get("departed") or {}
    if departed:
        first.add_field(name=t(locale, "table.departed_field"), value=clip(", ".join(departed.values()), FIELD), inline=False)
    out = [first]
    road = road_embed(view, locale)
    out.append(road if road is not None else village_embed(view, locale))
    d = decision_of(view)
    if d is not None and d["kind"] == "village":
        where = discord.Embed(title=t(locale, "talisman.embed.roads"), colour=COLOUR)
        for name, field_lines in departure_fields(Names(view, locale), d):
            _field(where, name, field_lines)
        out.append(where)
    if view.status != "active":
        out.append(end_embed(view, locale))
    return out


def prompt_embed(view: CampaignView, locale: str) -> discord.Embed:
    """The decision the campaign waits for and who decides, with what the answer depends on
    (`prompt_extras`); the road and the party are behind "Road and party" (status_embeds)."""
    n = Names(view, locale)
    d = decision_of(view)
    e = discord.Embed(title=t(locale, "talisman.embed.prompt_title"), colour=COLOUR)
    if d is None:
        e.description = t(locale, "talisman.embed.no_decision")
        return e
    who = n.controller(d.get("hero"))
    e.description = clip(decision_text(view, locale) + "\n" + t(locale, "talisman.embed.who_decides", player=n.seat(who)), 2000)
    extras = prompt_extras(view, locale)
    if extras is not None:
        e.description = clip(e.description + "\n" + (extras.description or ""), 2000)
        for f in extras.fields:
            e.add_field(name=f.name, value=f.value, inline=False)
    return e


def prompt_extras(view: CampaignView, locale: str) -> discord.Embed | None:
    """Only what the decision's answer depends on and the turn message's first line (the ping
    and the question) does not say: the fighter's figures in a fight or before a Fate reroll,
    the road's days when choosing a destination, how Spells held face down are counted. None
    when there is nothing to add, so the turn message stays short (issue #26)."""
    n = Names(view, locale)
    d = decision_of(view)
    if d is None:
        return None
    lines: list[str] = []
    e = discord.Embed(colour=COLOUR)
    if _casts_by_place(d):
        lines.append(t(locale, "talisman.embed.spells_by_place", player=n.seat(n.controller(d.get("hero")))))
    kind = d["kind"]
    if kind == "village":
        # each button already says what waits there, its cost and its odds in short; the full
        # description of every destination is one press away, with the road and the party
        # (a village stay is many presses of shopping: repeating it each time made the
        # message three times the target)
        lines.append(t(locale, "talisman.embed.destinations_behind"))
    if kind in ("enemy", "fate") and d.get("hero"):
        _field(e, n.hero(d["hero"]), [hero_line(n, n.heroes[d["hero"]])])
    if not lines and not e.fields:
        return None
    e.description = clip("\n".join(lines), 2000) if lines else None
    return e


def _casts_by_place(d: dict[str, Any]) -> bool:
    """Whether the answers cast Spells this view names only by their place in the hand."""
    return any(o.startswith("cast:") and o[len("cast:"):].isdigit() for o in d.get("options", []))


def departure_fields(n: Names, d: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The destinations on offer (B3, C3b), one field each: its button's words, and what waits
    there, its price and its odds (choices.destination_detail); then the road's days."""
    out = []
    for option in d.get("options", []):
        detail = destination_detail(n, option)
        out.append((option_label(n.view, option, n.locale, with_odds=False), [detail or "—"]))
    village = n.data.get("village", "village")
    region = next((r for r in n.pack.regions if r.village == village), None)
    if region:
        out.append((t(n.locale, "talisman.embed.roads"),
                    [t(n.locale, "talisman.embed.road_days", road=" → ".join(n.location(x) for x in region.road))]))
    return out


def end_embed(view: CampaignView, locale: str) -> discord.Embed:
    """How the campaign ended, in a sentence: who took the Crown and who played them, or where
    the whole party fell; then the campaign's figures. The narration says it too, but a long
    last step may push that line out of its embed, so the end stands here on its own."""
    n = Names(view, locale)
    d = view.data
    outcome = d.get("outcome") or "lost"
    crowned = list(d.get("crowned", []))
    e = discord.Embed(title=t(locale, f"talisman.embed.end_{outcome}"), colour=COLOUR)
    if len(crowned) == 1:
        e.description = t(locale, "talisman.embed.crowned", heroes=n.hero(crowned[0]), player=n.seat(n.controller(crowned[0])))
    elif crowned:
        heroes = ", ".join(
            t(locale, "talisman.embed.crowned_one", hero=n.hero(u), player=n.seat(n.controller(u))) for u in crowned
        )
        e.description = t(locale, "talisman.embed.crowned_together", heroes=heroes)
    else:
        e.description = lost_text(n, d)
    e.add_field(name=t(locale, "talisman.embed.progress"), value=stats_line(view, locale), inline=False)
    return e


def lost_text(n: Names, d: dict[str, Any]) -> str:
    """Where the last of the party fell (C1b): on a road, in the Tower region, or elsewhere."""
    trip = d.get("trip")
    if d.get("tower") is not None:
        return t(n.locale, "talisman.embed.lost_tower")
    if trip and trip.get("destination"):
        return t(n.locale, "talisman.embed.lost_road", place=n.location(trip["destination"]))
    return t(n.locale, "talisman.embed.lost_party")
