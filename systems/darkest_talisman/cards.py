"""Darkest Talisman's cards for /card: its Adventure and Purchase cards, Spells, characters and
places, read through the engine's own content loader.

Shown by /card and its autocomplete only (`lookup_only`): /rules does not search them.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from engine.darkest_talisman.content import pack_by_id as talisman_pack
from oracle.cards import CardInfo, CardMaker, Figures, _v, add_number

#: the oracle's tag of the game (its /rules shelf) and its system's name
TALISMAN = SYSTEM = "darkest_talisman"
#: its content's folder under data/
CONTENT_FOLDER = "talisman"


def talisman_cards(taken: set[str]) -> Iterator[CardInfo]:
    tp = talisman_pack("core")
    make = CardMaker("talisman", TALISMAN, SYSTEM, taken)

    def fighter(card: Any) -> Figures:
        figs: Figures = []
        add_number(figs, "strength", getattr(card, "strength", 0))
        add_number(figs, "craft", getattr(card, "craft", 0))
        return figs

    seen: set[str] = set()
    sold = {c.name for c in tp.purchase}
    for card in (*tp.adventures, *tp.purchase):
        if card.id in seen:
            continue
        if card.type == "object" and card in tp.adventures and card.name in sold:
            continue  # an Adventure copy of a Purchase card (Sword, Armour...): one card, with its price
        seen.add(card.id)
        kind = card.type
        figs: Figures = []
        if card.type == "enemy":  # the card's own tag, which mypy narrows the union of cards on
            figs = [("enemy_kind", _v(f"enemy_kind.{card.kind}")), *fighter(card)]
        elif card.type == "object" or card.type == "magic_object":
            figs = [("slot", _v(f"talisman_slot.{card.slot}")), *fighter(card)]
            if card.cost is not None:
                figs.append(("cost", _v("gold", n=card.cost)))
        elif kind == "follower":
            figs = fighter(card)
        yield make(card, kind, figs)
    for spell in tp.spells:
        yield make(spell, "spell", [])
    for ch in tp.characters:
        figs = [("strength", str(ch.strength)), ("craft", str(ch.craft)), ("life", str(ch.life)), ("fate", str(ch.fate)),
                ("gold_start", str(ch.gold)), ("alignment", _v(f"alignment.{ch.alignment}"))]
        yield make(ch, "character", figs)
    for loc in tp.locations:
        yield make(loc, "location", [])


def talisman_files(data: Path) -> list[Path]:
    """The content's files (data/talisman/), for the index's fingerprint."""
    return sorted((data / CONTENT_FOLDER).rglob("*.yaml"))


__all__ = ["TALISMAN", "talisman_cards", "talisman_files"]
