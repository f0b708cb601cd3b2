"""One picture, one meaning: 🌀 is the Magic Gate in /game status and its legend; an Astral
Plane is 🌌 wherever it is named (move prompts, /me sheet); the Gate to the Water Realm is not
drawn with the Magic Gate's sign either."""
from __future__ import annotations

import pytest

from gm.i18n import catalogue, t
from systems.prophecy.embeds import STATUS_LEGEND

GATE = next(icon for icon, key in STATUS_LEGEND if key == "table.legend_gate")


@pytest.mark.parametrize("locale", ["en", "it"])
def test_astral_plane_and_magic_gate_have_distinct_icons_everywhere(locale: str) -> None:
    plane_icon = t(locale, "std_sheet.planes_title").split()[0]
    assert plane_icon != GATE
    # the move prompt's destinations and short buttons name a Plane with the sheet's sign
    assert t(locale, "splay.dest_plane", plane="X", foe="Y").startswith(plane_icon + " ")
    assert t(locale, "splay.short_plane", plane="X").startswith(plane_icon + " ")
    # and the Magic Gate's sign is used by no line at all but the gate legend
    users = [k for k, v in catalogue(locale).items() if isinstance(v, str) and GATE in v]
    assert users == [], users
