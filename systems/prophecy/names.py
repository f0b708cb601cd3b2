"""Names of a Prophecy state's things in the reader's language (spaces, cards, guilds, players),
shared by the action and event texts (describe.py) and the prompt texts (prompt_text.py)."""
from __future__ import annotations

from engine.prophecy.content import CreatureCard, Pack, display_name, display_text, pack_by_id
from engine.prophecy.state import ProphecyState
from gm.i18n import t


class Names:
    """Display names for ids found in events and actions, in the reader's language.

    The pack carries the translations (`names`, `guild_names`); an id nobody can name is
    shown as it is rather than raising, so one odd event never breaks a whole reply.
    """

    def __init__(self, state: ProphecyState, locale: str) -> None:
        self.state = state
        self.pack: Pack = pack_by_id(state.options.pack)
        self.locale = locale
        self.players = {p.player: p.name for p in state.players}

    def player(self, pid: str | None) -> str:
        return self.players.get(pid or "", pid or "")

    def card(self, card_id: str) -> str:
        p = self.pack
        for finder in (p.adventure, p.item, p.chance_card, p.character):
            try:
                return display_name(finder(card_id), self.locale)  # type: ignore[operator]
            except KeyError:
                continue
        return card_id

    def card_text(self, card_id: str) -> str:
        """A card's own-words text in the reader's language ("" when it has none)."""
        p = self.pack
        for finder in (p.adventure, p.item, p.chance_card, p.character):
            try:
                return display_text(finder(card_id), self.locale)  # type: ignore[operator]
            except KeyError:
                continue
        return ""

    def space(self, space_id: str) -> str:
        try:
            return self.space_at(self.pack.space_index(space_id))
        except KeyError:
            return space_id

    def space_at(self, index: int) -> str:
        """The name of the board space at ring position `index`."""
        return display_name(self.pack.space(index), self.locale)

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
