"""Ten Artifacts Variant (Water Realm expansion, "Ten Artifacts Variant"): the conqueror of a
plane looks at its two Artifacts and keeps one. She chooses on what they do, so the private
reply that shows them gives each one's power, not only its name."""
from __future__ import annotations

import pytest

from engine.core.events import Event
from engine.prophecy.game import SYSTEM
from engine.prophecy.water_realm.island.state import KeepArtifact
from systems.prophecy.names import Names
from systems.prophecy.water_realm.describe_island import private_words
from tests.prophecy_water.island_helpers import game, isl


@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_pair_to_choose_from_is_shown_with_each_artifacts_power(locale: str) -> None:
    state = game(artifacts="ten")
    plane, second = next(iter(isl(state).pairs.items()))
    first = next(p.artifact for p in state.standard.planes if p.id == plane)
    assert first and first != second
    options = [first, second]
    isl(state).keep = KeepArtifact(player="p1", plane=plane, options=options)
    mine = SYSTEM.view(state, "p1")
    n = Names(mine, locale)
    words = private_words(mine, Event(kind="wrart_pair_won", player="p1", data={"plane": plane}), n, locale)
    for card in options:
        assert n.card(card) in words
        assert n.card_text(card) and n.card_text(card) in words, card
    # nobody else is told
    theirs = SYSTEM.view(state, "p2")
    assert private_words(theirs, Event(kind="wrart_pair_won", player="p1", data={"plane": plane}),
                         Names(theirs, locale), locale) == ""
