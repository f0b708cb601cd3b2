"""Treasure Island and the new Artifacts in words and on the board picture: every event, button,
prompt, sheet and status line of whole games reads as a sentence in English and Italian, with no
raw id, no key and no unfilled {placeholder}; the picture draws the island (Water Realm
expansion: "Treasure Island"; issue 14, pictures and prompts)."""
from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image

from engine.ai.simulate import play
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard import powers
from engine.prophecy.state import ProphecyState
from engine.prophecy.water_realm.island.content import island_content
from systems.prophecy import board_image, embeds
from systems.prophecy.describe import describe_action, narrate, private_lines
from systems.prophecy.plugin import board_labels
from systems.prophecy.prompt_text import standard_prompt
from tests.prophecy_water.island_helpers import fragments, game, on_island, quiet

RAW = re.compile(r"\b(island_[a-z_]+|wrart_[a-z_]+|map_(?:plains|forest|mountains)_\d|treasure_island|"
                 + "|".join(sorted({t.id for t in island_content().treasures} | {a.id for a in island_content().artifacts}))
                 + r")\b")


def clean(text: str, where: str) -> None:
    assert "{" not in text and "}" not in text, f"{where}: unfilled placeholder: {text}"
    assert not RAW.search(text), f"{where}: raw id: {text}"
    assert not re.search(r"\b(island|splay|error|variant)\.[a-z_.]+", text), f"{where}: a key: {text}"


def _words(state: ProphecyState, events: list[Any], locale: str) -> None:
    spectator = SYSTEM.view(state, None)
    for line in narrate(spectator, events, locale):
        clean(line, "narration")
    pend = SYSTEM.pending(state)
    if pend is not None:
        for line in private_lines(SYSTEM.view(state, pend.player), events, locale):
            clean(line, "private")
        acts = SYSTEM.legal_actions(state, pend.player)
        labels = [describe_action(spectator, pend.player, a, locale) for a in acts]
        for label in labels:
            clean(label, f"button of {pend.kind}")
        words = standard_prompt(spectator, pend, acts, locale, lambda a: describe_action(spectator, pend.player, a, locale))
        clean(words.what, pend.kind)
        for name, value in words.fields:
            clean(name + " " + value, f"prompt of {pend.kind}")


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("expansion", [
    {"treasure_island": True, "artifacts": "ten"},
    {"treasure_island": True, "random_treasures": True, "interaction": "aggressive"},
    {"treasure_island": True, "treasure_hunters": True},
])
def test_island_words__whole_games_read_as_sentences(locale, expansion):
    options = {"version": "standard", "standard": {"character_choice": "random", "expansion": expansion}}
    seen: set[str] = set()

    def on_step(_before: ProphecyState, actor: str, action: Any, after: ProphecyState) -> None:
        if action.type.startswith(("island_", "wrart_")) or after.turn is None or after.actions_taken % 7 == 0:
            out = SYSTEM.apply(_before, actor, action)
            _words(out.state, out.events, locale)
            seen.add(action.type)

    rec = play(["heuristic", "heuristic", "random"], 3, options, max_actions=4000, on_step=on_step)
    state = rec.state
    assert state is not None
    for viewer in [None] + [p.player for p in state.players]:
        shown = SYSTEM.view(state, viewer)
        for p in shown.players:
            e = embeds.sheet_embed(shown, p, locale)
            clean(e.description or "", "sheet")
            for f in e.fields:
                clean(f"{f.name} {f.value}", "sheet field")
        for emb in embeds.status_embeds(shown, 1, locale, "active"):
            clean(emb.description or "", "status")
            for f in emb.fields:
                clean(f"{f.name} {f.value}", "status field")
    assert {"island_collect"} & seen


def test_island_words__the_prompt_on_the_island_tells_what_digging_costs():
    """Prompts carry what the decision needs: what lies face up and its map symbols, the maps held."""
    state = quiet(game())
    fragments(state, "p1", 3)
    on_island(state, "p1")
    spectator = SYSTEM.view(state, None)
    pend = SYSTEM.pending(state)
    acts = SYSTEM.legal_actions(state, "p1")
    words = standard_prompt(spectator, pend, acts, "en", lambda a: describe_action(spectator, "p1", a, "en"))
    text = "\n".join(v for _n, v in words.fields)
    for card in state.standard.island.up:
        t = island_content().treasure(card)
        assert f"{t.name} ({t.maps} 🗺️)" in text
    assert "Map Fragments you hold: 3." in text


def test_island_words__the_board_picture_draws_the_island():
    """The main board picture shows Treasure Island (its face-up Treasures), the Map Fragments on
    their spaces and each character's count; a character on the island is drawn there, not on
    the ring."""
    state = quiet(game(players=3))
    state.standard.island.placed["plains_1"] = "map_plains_1"
    state.standard.island.fragments.remove("map_plains_1")
    plain = SYSTEM.view(state, None)
    before = board_image.render_full(plain, powers.spack(state).as_pack(), labels=board_labels("en"))
    state.player("p2").board = "island"
    after = board_image.render_full(SYSTEM.view(state, None), powers.spack(state).as_pack(), labels=board_labels("it"))
    assert before[:8] == b"\x89PNG\r\n\x1a\n" and after != before
    cached = board_image.render_board(SYSTEM.view(state, None), powers.spack(state).as_pack(), labels=board_labels("it"))
    assert _pixels(cached) == _pixels(after)  # the banded picture (cache) draws the same island


def _pixels(png: bytes) -> bytes:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB").tobytes()


def _artifact_place_words(state: ProphecyState, locale: str) -> set[tuple[str, ...]]:
    """The words drawn in each plane's Artifact place (the third card of the plane's mark)."""
    from systems.prophecy import board_standard

    view = SYSTEM.view(state, None)
    pack = powers.spack(state).as_pack()
    words = board_image._words_for(view, pack, board_labels(locale))
    marks = board_standard.plane_marks(board_image._geometry_for(pack, words), view, words)
    return {mark.key[-1][2] for mark in marks}


@pytest.mark.parametrize("locale, none_here, taken", [("en", "none here", "taken"), ("it", "nessuno qui", "preso")])
def test_island_words__treasure_hunters_planes_hold_no_artifact_and_the_picture_says_so(locale, none_here, taken):
    """Treasure Hunters Game: no Artifacts lie on the Astral Planes, so their empty Artifact
    places read "none here", never "taken" (nobody took them); in the ordinary game an Artifact
    won leaves a place that reads "taken"."""
    hunters = game(players=3, treasure_hunters=True, water_realm=False, artifacts="base")
    assert all(p.artifact is None for p in hunters.standard.planes)
    assert _artifact_place_words(hunters, locale) == {(none_here,)}
    usual = game(players=3)
    usual.standard.planes[0].artifact = None  # won by someone
    assert (taken,) in _artifact_place_words(usual, locale)
    assert (none_here,) not in _artifact_place_words(usual, locale)


@pytest.mark.parametrize(
    "locale, none_here", [("en", "Artifact: none in this game"), ("it", "Artefatto: nessuno in questa partita")]
)
def test_island_words__treasure_hunters_status_says_no_artifact_lies_on_the_planes(locale, none_here):
    """/game status lists each plane's cards: in the Treasure Hunters game its Artifact place
    is not "won" (nobody won it) but empty from the start."""
    from systems.prophecy.embeds import plane_lines

    hunters = game(players=3, treasure_hunters=True, water_realm=False, artifacts="base")
    lines = plane_lines(SYSTEM.view(hunters, None), powers.spack(hunters), locale)
    assert lines and all(none_here in line for line in lines)
    assert not any("won" in line or "vinto" in line for line in lines)
