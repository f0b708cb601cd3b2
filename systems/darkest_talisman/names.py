"""Names of everything a campaign shows, in the reader's language, read from a campaign view.

Cards, locations, foes, regions and characters are named by the content pack (its `names`);
services, reasons and words the pack does not hold come from data/locales/*/talisman.yaml.
A character is shown by its card's name (the Wizard), the seat by the name its person chose.
"""
from __future__ import annotations

from typing import Any, Iterable

from engine.core.named import Named
from engine.darkest_talisman.content import Pack, display_name, pack_by_id
from engine.darkest_talisman.state import Hero, card_id
from engine.darkest_talisman.view import CampaignView
from gm.i18n import has, t

#: reasons in words; one whose first part has a `<part>_for` sentence names a thing after it
#: ("chasm:gnome": the Chasm's roll for the Gnome)
WHY_PREFIX = "talisman.why."
SERVICE_PREFIX = "talisman.service."


#: the article "day" takes in a sentence, by language (grammar, as gm.i18n's tables): Italian
#: says "il gruppo è al giorno 3 (Boschi)", English "the party stands on day 3 (the Woods)"
DAY_ARTICLE = {"it": "il"}


class Names:
    """Words for one view in one language."""

    def __init__(self, view: CampaignView, locale: str) -> None:
        self.view = view
        self.data: dict[str, Any] = view.data
        self.locale = locale
        self.pack: Pack = pack_by_id(self.data.get("options", {}).get("pack", "core"))
        self.heroes: dict[str, dict[str, Any]] = {h["uid"]: h for h in self.data.get("heroes", [])}

    # -- things the pack names ------------------------------------------------------------------
    def knows(self, thing: str) -> bool:
        return self.pack.name_of(card_id(thing), self.locale) != card_id(thing)

    def thing(self, thing: Any) -> str:
        """A card, spell, location, foe, region or character by id or uid (`wolf#2`)."""
        if thing is None:
            return t(self.locale, "talisman.word.gold")
        key = card_id(str(thing))
        if key == "gold":
            return t(self.locale, "talisman.word.gold")
        return Named(self.pack.name_of(key, self.locale), self.pack.article_of(key, self.locale))

    def things(self, items: Iterable[Any]) -> str:
        names = [self.thing(i) for i in items]
        return ", ".join(names) if names else t(self.locale, "talisman.word.nothing")

    def location(self, loc: str | None) -> str:
        if loc is None:
            return "—"
        if loc == "trove":
            return t(self.locale, "talisman.word.a_trove")
        if loc == "back":
            return t(self.locale, "talisman.word.the_bridge")
        return self.thing(loc)

    # -- the party and the seats ------------------------------------------------------------------
    def hero(self, uid: str | None) -> str:
        h = self.heroes.get(uid or "")
        if h is None:
            return t(self.locale, "talisman.word.someone")
        return self.thing(h["card"])

    def hero_bold(self, uid: str | None) -> str:
        """A character's name in bold, keeping the article it takes ("il **Guerriero**")."""
        name = self.hero(uid)
        return Named(f"**{name}**", getattr(name, "article", ""))

    def hero_model(self, uid: str) -> Hero:
        """The character as the rules' helpers read it (Spells held by another seat are hidden
        in a view: counted only, so they weigh nothing here)."""
        h = dict(self.heroes[uid])
        if not isinstance(h.get("spells"), list):
            h["spells"] = []
        return Hero.model_validate(h)

    def seat(self, player: str | None) -> str:
        """A person by the name they sit under, or sat under before leaving the table (the log
        of a seat replaced or handed to the AI still names who played it then)."""
        name = self.view.name_of(player) if player else None
        if name is not None:
            return name
        # a person nobody's name is known for (a campaign stored before names were kept for
        # those who left): never their bare id
        return t(self.locale, "table.former_player" if player and player.isdigit() else "talisman.word.someone")

    def controller(self, uid: str | None) -> str | None:
        """The player deciding for a character (the leader's for a party decision)."""
        order = self.data.get("order", [])
        uid = uid or (order[0] if order else None)
        h = self.heroes.get(uid or "")
        slots = self.data.get("slots", [])
        if h is None:
            return slots[0] if slots else None
        return slots[h["slot"]] if h["slot"] < len(slots) else None

    def party(self) -> list[dict[str, Any]]:
        return [self.heroes[u] for u in self.data.get("order", []) if u in self.heroes]

    # -- words ------------------------------------------------------------------------------------
    def attr(self, attribute: str) -> str:
        return t(self.locale, f"talisman.attr.{attribute}")

    def service(self, service_id: str) -> str:
        return t(self.locale, SERVICE_PREFIX + service_id)

    def why(self, why: Any) -> str:
        """The reason an event gives, in words: a service, a reason the locale names, or the
        card or place it came from."""
        text = str(why)
        if has(SERVICE_PREFIX + text, self.locale):
            return self.service(text)
        if has(WHY_PREFIX + text, self.locale):
            return t(self.locale, WHY_PREFIX + text)
        head, _, tail = text.partition(":")
        if tail and has(WHY_PREFIX + head + "_for", self.locale):
            return t(self.locale, WHY_PREFIX + head + "_for", thing=self.thing(tail))
        if self.knows(text):
            return self.thing(text)
        return t(self.locale, "talisman.word.something")

    def road_space(self, k: Any, terrain: bool = False) -> str:
        """A day of the road the party is on: "day 3 (the Woods)"; `terrain`: named by the
        road's own terrain even where a special location was found on it."""
        trip = self.data.get("trip")
        try:
            index = int(k)
        except (TypeError, ValueError):
            return self.location(str(k))
        if trip is None or not 0 <= index < len(trip["road"]):
            return t(self.locale, "talisman.word.day", n=index + 1)
        space = trip["road"][index]
        shown = space["location"] if terrain else space.get("special") or space["location"]
        day = t(self.locale, "talisman.word.day_at", n=index + 1, place=self.location(shown))
        return Named(day, DAY_ARTICLE.get(self.locale, ""))

    def target(self, target: Any) -> str:
        """A Spell's or a teleport's target: a character, a road space or a destination."""
        text = str(target or "")
        if text in self.heroes:
            return self.hero(text)
        kind, _, rest = text.partition(":")
        if kind == "road":
            return self.road_space(rest)
        if kind == "dest":
            return self.location(rest)
        if kind == "see":  # Divination: what the caster looks at (D3c)
            return t(self.locale, f"talisman.see.{rest}")
        if kind == "take":  # Acquisition, Mesmerism: a companion's Object or Follower
            who, _, thing = rest.partition(":")
            return t(self.locale, "talisman.target.take", thing=self.thing(thing), hero=self.hero(who))
        if kind == "gold":  # Acquisition: 1 Gold of a companion
            return t(self.locale, "talisman.target.gold", hero=self.hero(rest))
        if kind == "obj":  # Alchemy: one of the caster's Objects
            return self.thing(rest)
        return self.location(text) if text else "—"


def region_name(pack: Pack, region: str, locale: str) -> str:
    try:
        return display_name(pack.region(region), locale)
    except KeyError:
        return region
