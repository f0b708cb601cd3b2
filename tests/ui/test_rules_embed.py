"""/rules results name their document as a reader would: a card's result is headed by its
game's cards, not by the pack id the index files it under ("Content pack base")."""
from __future__ import annotations

import pytest

from cogs.lookup import rules_embed
from oracle import Hit


@pytest.mark.parametrize("locale, heading", [("en", "Cards of Prophecy (Basic Version) — Spear"),
                                             ("it", "Carte di Prophecy (versione Base) — Spear")])
def test_a_card_result_is_headed_by_its_games_cards(locale, heading):
    hit = Hit(document="pack:base", title="Content pack base", section="Spear", language="en", system="prophecy",
              kind="card", excerpt="Item. Deck: Common Item.", score=1.0, ref="base:spear")
    name = rules_embed("spear", [hit], 0, locale).to_dict()["fields"][0]["name"]
    assert heading in name and "pack" not in name.lower(), name
