"""A lobby lists the optional rules that were chosen, and the opening line says what the
chosen variant lays on the Astral Planes (Water Realm expansion, "Game Variants": Treasure
Hunters Game places no Artifacts; Lord of the Sea leaves out the Artifacts and the Greater
Guardians; the Ten Artifacts Variant lays two)."""
from __future__ import annotations

import pytest

from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from gm.i18n import t
from systems import edition_of, merge_options, variants_for, variants_on
from systems.prophecy.describe import narrate


def _water_choice() -> str:
    from systems import new_game_choices
    return next(value for value, _ in new_game_choices() if value.endswith("water_realm"))


@pytest.mark.parametrize("keys", [("treasure_hunters",), ("lord_of_the_sea",), ("treasure_hunters", "aggressive"),
                                  ("ten_artifacts",), ("no_water_realm", "base_artifacts")])
def test_a_lobby_lists_only_the_variants_chosen(keys: tuple[str, ...]) -> None:
    choice = _water_choice()
    p, edition = edition_of(choice)
    chosen = [v for v in variants_for(choice) if v.key in keys]
    options = merge_options(edition.options, chosen)
    assert sorted(v.key for v in variants_on(p.name, options)) == sorted(keys)


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("key,says,never", [
    ("treasure_hunters", "astral_planes_dealt_no_artifact", "un Artefatto|an Artifact"),
    ("lord_of_the_sea", "astral_planes_dealt_lesser_only", "un Guardiano Maggiore|a Greater Guardian"),
    ("ten_artifacts", "astral_planes_dealt_two_artifacts", "e un Artefatto|and an Artifact"),
])
def test_the_opening_line_follows_the_chosen_variant(locale: str, key: str, says: str, never: str) -> None:
    choice = _water_choice()
    p, edition = edition_of(choice)
    options = merge_options(edition.options, [v for v in variants_for(choice) if v.key == key])
    seats = [Seat(player="p1", name="Ann"), Seat(player="p2", name="Bo")]
    out = SYSTEM.new_game(seats, options, 3)
    dealt = next(e for e in out.events if e.kind == "astral_planes_dealt")
    line = " ".join(narrate(SYSTEM.view(out.state, None), [dealt], locale))
    power = t(locale, "splay.power_up_all", n=dealt.data["power_up"]) if dealt.data.get("power_up") else ""
    assert line == t(locale, f"event.{says}", power=power)
    for bad in never.split("|"):
        assert bad not in line
