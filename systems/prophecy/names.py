"""Names of a Prophecy state's things in the reader's language (spaces, cards, guilds, players),
shared by the action and event texts (describe.py) and the prompt texts (prompt_text.py).

A Standard game adds cards the base pack does not hold (Abilities, Artifacts, Guardians, its own
Chance cards) and the Astral Planes; they are named from the game's Standard pack."""
from __future__ import annotations

import os
import re
import threading

from engine.core.named import Named
from engine.prophecy.content import Pack, display_name, display_text, pack_by_id
from engine.prophecy.content_standard import StandardPack
from engine.prophecy.standard import powers
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.island.state import ISLAND, ON_ISLAND
from gm.i18n import t

#: "of", "del", "dell'"... left in front of a plane's own word once the shared words are cut
_LEADING_PREPOSITION = re.compile(r"^(of( the)?|dell'|della|dello|delle|degli|dei|del|di)\s*", re.IGNORECASE)

#: the names built for the last state asked about, per thread: (state, names by language)
_LAST = threading.local()

#: the definite article an Astral Plane's name takes in each language ("the Astral Plane of Fire")
PLANE_ARTICLES = {"en": "the", "it": "il"}


class Names:
    """Display names for ids found in events and actions, in the reader's language.

    The pack carries the translations (`names`, `guild_names`); an id nobody can name is
    shown as it is rather than raising, so one odd event never breaks a whole reply.
    """

    state: ProphecyState
    locale: str
    players: dict[str, str]
    spack: StandardPack | None
    pack: Pack

    def __new__(cls, state: ProphecyState, locale: str) -> "Names":
        """The names of this state in this language, built once per state object and shared
        read-only: one turn message names things from the same view some fifty times (every
        action, event and destination line asks), and a state is never changed in place
        (applying an action makes a new one). Per thread: pictures are drawn in threads too."""
        slot: tuple[ProphecyState, dict[str, Names]] | None = getattr(_LAST, "slot", None)
        if slot is None or slot[0] is not state:
            slot = _LAST.slot = (state, {})
        found = slot[1].get(locale)
        if found is None:
            found = slot[1][locale] = super().__new__(cls)
            found.state = state
            found.locale = locale
            found.players = {p.player: p.name for p in state.players}
            std = state.options.standard
            # the game's own packs: with the Water Realm expansion they hold its cards too (Treasures...)
            found.spack = powers.spack(state) if std is not None else None
            found.pack = found.spack.as_pack() if found.spack is not None else pack_by_id(state.options.pack)
        return found

    def player(self, pid: str | None) -> str:
        """A person by the name they sit under, or sat under before leaving the table (/game
        replace); a Discord id nobody's name is known for (a game stored before names were kept
        for those who left) reads "a former player", never as a bare number."""
        if not pid:
            return ""
        name = self.players.get(pid) or self.state.departed.get(pid)
        if name is not None:
            return name
        return t(self.locale, "table.former_player") if pid.isdigit() else pid

    def card(self, card_id: str) -> str:
        p = self.pack
        for finder in (p.adventure, p.item, p.chance_card, p.character):
            try:
                return display_name(finder(card_id), self.locale)
            except KeyError:
                continue
        if self.spack is not None:
            name = self.spack.card_name(card_id, self.locale)
            if name is not None:
                return name
        return card_id

    def card_text(self, card_id: str) -> str:
        """A card's own-words text in the reader's language ("" when it has none). A Standard
        card's Standard text comes first (the Lost Library does something else there)."""
        if self.spack is not None:
            text = self.spack.card_text(card_id, self.locale)
            if text is not None:
                return text
        p = self.pack
        for finder in (p.adventure, p.item, p.chance_card, p.character):
            try:
                return display_text(finder(card_id), self.locale)
            except KeyError:
                continue
        return ""

    def space(self, space_id: str) -> str:
        try:
            return self.space_at(self.pack.space_index(space_id))
        except KeyError:
            if space_id == ISLAND:
                return t(self.locale, "island.name")
            if space_id.startswith("water:") and space_id[6:].isdigit():
                return water_space(int(space_id[6:]), self.locale)
            return space_id

    def where(self, p: PlayerState) -> str:
        """Where a character stands: her ring space, or Treasure Island (Water Realm expansion)."""
        if p.board == ON_ISLAND:
            return t(self.locale, "island.name")
        water = self.state.standard.water if self.state.standard is not None else None
        if p.board == "water" and water is not None and p.player in water.divers:
            return water_place(water.divers[p.player].cell, self.locale)
        return self.space_at(p.space)

    def space_at(self, index: int) -> str:
        """The name of the board space at ring position `index`, knowing its article in the
        reader's language ("at {space|the}" -> "at the City", "{space|a}" -> "alla Città")."""
        space = self.pack.space(index)
        return Named(display_name(space, self.locale), space.articles.get(self.locale, ""))

    def guild(self, guild_id: str) -> str:
        return self.pack.guild_name(guild_id, self.locale)

    def item_uid(self, uid: str) -> str:
        for p in self.state.players:
            for i in p.items:
                if i.uid == uid:
                    return self.card(i.card)
        for offer in self.state.offers.values():
            for i in offer:
                if i.uid == uid:
                    return self.card(i.card)
        return uid

    # -- the Standard game -----------------------------------------------------------------------
    def plane(self, plane_id: str) -> str:
        """An Astral Plane's name, knowing its article ("{plane|di}" -> "del Portale Astrale...")."""
        for plane in self.pack.board.astral_planes:
            if plane.id == plane_id:
                return Named(display_name(plane, self.locale), PLANE_ARTICLES.get(self.locale, ""))
        return plane_id

    def plane_short(self, plane_id: str) -> str:
        """The word that tells a plane from the others ("Fire", "Fuoco"): its name without what
        every plane's name shares and the preposition after it, for a button's few words."""
        names = [display_name(pl, self.locale) for pl in self.pack.board.astral_planes]
        full = str(self.plane(plane_id))
        if len(names) < 2 or full not in names:
            return full
        shared = os.path.commonprefix(names)
        shared = shared[:shared.rfind(" ") + 1]  # whole words only
        rest = _LEADING_PREPOSITION.sub("", full[len(shared):]).strip()
        return rest[:1].upper() + rest[1:] if rest else full

    def slot(self, slot: str) -> str:
        """"Lesser Guardian", "Greater Guardian" or "Artifact" in the reader's language."""
        return t(self.locale, f"splay.slot.{slot}")

    def figure(self, figure: str) -> str:
        """Strength or Willpower (a character's figure, as training names it)."""
        return t(self.locale, f"sheet.{figure}")


def water_cell(index: int) -> str:
    """A space of the Water Realm's board as players read it: its column letter and row
    number, from the entrance's end ("B1" is the entrance, "B6" the Undersea Palace)."""
    from engine.prophecy.water_realm.water.content import water_pack

    row, col = water_pack().grid.cell(index)
    return f"{chr(ord('A') + col)}{row + 1}"


def water_place(index: int, locale: str) -> str:
    """A space of the Water Realm in words (the entrance, the Palace, "space C4 of the Water
    Realm"), knowing its article for the Italian prepositions ("{place|in}" -> "nella casella...")."""
    from engine.prophecy.water_realm.water.content import water_pack

    grid = water_pack().grid
    kind = "palace" if index == grid.palace_index else "entrance" if index == grid.entrance_index else "place"
    text = t(locale, f"water.{kind}", cell=water_cell(index))
    return Named(text, WATER_ARTICLES.get(locale, {}).get(kind, ""))


def water_space(index: int, locale: str) -> str:
    """A space of the Water Realm where a sentence already says "space" ("casella {space}")."""
    from engine.prophecy.water_realm.water.content import water_pack

    grid = water_pack().grid
    if index == grid.palace_index:
        return t(locale, "water.palace")
    return t(locale, "water.space", cell=water_cell(index))


#: the definite article the realm's places take in each language (Italian prepositions merge with it)
WATER_ARTICLES = {"it": {"place": "la", "palace": "il", "entrance": "l'"}}
