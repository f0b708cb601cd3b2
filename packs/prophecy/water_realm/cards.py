"""The Water Realm expansion's new cards for the Standard game on disk:
data/prophecy/water_realm/cards/ (items, adventures, figures, rulings).

Reading is here; checking is the engine's `build_wr_cards`. Importing this module installs the
reader as the engine's source (`packs.prophecy.install` imports it).
"""
from __future__ import annotations

from pathlib import Path

from engine.prophecy.content import ContentError, pack_by_id
from engine.prophecy.water_realm.cards.content import WR_CARDS_FILES, WrCards, build_wr_cards, set_wr_cards_source
from packs.files import read_files
from packs.prophecy import PACKS_ROOT

#: the new cards' folder
WR_CARDS_ROOT = PACKS_ROOT / "water_realm" / "cards"


def read_wr_cards_files(root: Path = WR_CARDS_ROOT) -> dict[str, object]:
    return read_files(root, WR_CARDS_FILES, ContentError)


def wr_cards_from_data(_key: str) -> WrCards:
    """The engine's source: the files under data/prophecy/water_realm/cards/, checked against
    the base pack they join."""
    return build_wr_cards(read_wr_cards_files(), base=pack_by_id("base"))


set_wr_cards_source(wr_cards_from_data)

__all__ = ["WR_CARDS_ROOT", "read_wr_cards_files", "wr_cards_from_data"]
