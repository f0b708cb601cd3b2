"""The Standard game's board picture (systems/prophecy/board_standard.py over board_image.py):
the five Astral Planes beside their two spaces with what a spectator may know of each card,
two Adventure slots a space with face-down cards as backs, the Artifacts held in the legend;
hidden cards never change a pixel; within the size and time limits; every label in English
and Italian. Rulings cited are in data/prophecy/standard/rulings.yaml."""
from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from engine.ai.simulate import play
from engine.core.system import Seat
from engine.prophecy.content import pack_by_id
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import FinalBattle
from engine.prophecy.state import ProphecyState
from gm.i18n import has, t
from systems.prophecy import board_image as bi
from systems.prophecy import board_standard as bs
from systems.prophecy.board_image import CARD_BACK, CREATURE_EDGE, DEFAULT_LABELS, SEAT_COLOURS, render_board, render_full
from systems.prophecy.plugin import board_labels, board_picture
from tests.prophecy_standard.helpers import hold_artifacts, idx, learn, new_game, put, quiet, set_plane
from tests.ui.picture_helpers import kinds_inked_in_their_rows

MAX_BYTES = 300 * 1024
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
PLANES = ("astral_fire", "astral_water", "astral_air", "astral_earth", "astral_spirit")


@pytest.fixture(scope="module")
def pack():
    return pack_by_id("base")


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def spectator_png(state: ProphecyState, locale: str = "en") -> bytes:
    """The picture as the bot draws it: from the spectator view, in the reader's language."""
    return board_picture(SYSTEM.view(state, None), locale)


def card_box(pack, plane_id: str, slot: int) -> tuple[int, int, int, int]:
    g = bi.geometry(len(pack.board.spaces), True)
    box, side, _edge = bs._planes(pack, g)[plane_id]
    return bs.card_boxes(box, side)[slot]


def colours_in(image: Image.Image, box: tuple[int, int, int, int]) -> dict[tuple[int, int, int], int]:
    return {c: n for n, c in image.crop(box).getcolors(1 << 16)}


def standard_states(games: int = 2) -> list[ProphecyState]:
    """Every state of short heuristic Standard games (3 and 4 seats), as the bot meets them."""
    states: list[ProphecyState] = []
    for seed in range(games):
        play(["heuristic"] * (3 + seed), seed, {"version": "standard", "round_limit": 40},
             on_step=lambda _b, _a, _ac, after: states.append(after))
    return states


# ------------------------------------------------------------------------------ limits
def test_every_state_of_standard_games_renders_within_limits(pack) -> None:
    states = standard_states()
    assert len(states) > 150
    side = bi.geometry(len(pack.board.spaces), True).size
    assert side <= 1300
    for state in states[::3] + [states[-1]]:
        png = spectator_png(state)
        assert png.startswith(PNG_MAGIC)
        assert len(png) <= MAX_BYTES
        with Image.open(io.BytesIO(png)) as image:
            assert image.size == (side, side)


def test_standard_render_is_deterministic_and_fast_enough(pack) -> None:
    view = SYSTEM.view(new_game(4, seed=2), None)
    render_board(view, pack)  # draws and caches the board
    t0 = time.perf_counter()
    first = render_board(view, pack)
    elapsed = time.perf_counter() - t0
    assert render_board(view, pack) == first
    assert elapsed < 0.5  # generous: benchmarks/render.py holds the real p99 target


def test_basic_pictures_keep_their_geometry_and_ignore_the_standard_labels(pack) -> None:
    """The Basic picture is the one it was: 988 px, and the labels added for the Standard game
    (translated or not) change none of its bytes."""
    basic = SYSTEM.new_game([Seat(player="p1", name="A"), Seat(player="p2", name="B")], {}, 3).state
    assert bi.geometry(20).size == 988
    plain = render_board(basic, pack)
    std_keys = {k: v.upper() for k, v in DEFAULT_LABELS.items()
                if k.startswith(("plane.", "title.final", "title.apoc", "stat.abil", "stat.arti"))
                or k in ("legend.gone", "legend.power_up", "legend.lying", "legend.choosing")}
    assert len(std_keys) == 17  # plane.not_in_game: the Treasure Hunters game; the Water Realm Gate's three
    assert render_board(basic, pack, labels=std_keys) == plain
    assert decode(plain).size == (988, 988)


# ------------------------------------------------------------------- hidden information
def test_a_face_down_guardian_or_artifact_changes_no_pixel() -> None:
    """Ruling astral_setup: the plane cards lie face down and nobody knows them. Two games
    differing only in which face-down Guardian and Artifact lie on which plane give the
    same picture, byte for byte."""
    one = new_game(3, seed=5)
    other = one.model_copy(deep=True)
    a, b = one.standard.planes[0], one.standard.planes[1]
    set_plane(other, PLANES[0], b.lesser, b.greater, b.artifact)
    assert other.standard.planes[0].lesser != one.standard.planes[0].lesser
    assert other.standard.planes[1].lesser == a.lesser
    for locale in ("en", "it"):
        assert spectator_png(one, locale) == spectator_png(other, locale)


def test_a_face_down_adventure_is_a_card_back_and_never_its_name(pack) -> None:
    """Ruling second_adventure_face_down: the second card of a space lies face down. Which
    card it is changes nothing in the picture; its slot holds a card back."""
    one = quiet(new_game(2, seed=1))
    other = one.model_copy(deep=True)
    put(one, "plains_1", "wolf_pack")
    put(other, "plains_1", "wolf_pack")
    put(one, "plains_1", "hydra", face_up=False)
    put(other, "plains_1", "hermit", face_up=False)
    png = spectator_png(one)
    assert png == spectator_png(other)
    lower = bs.slot_boxes(bi.geometry(20, True), idx("plains_1"))[1]
    assert colours_in(decode(png), lower).get(CARD_BACK, 0) > 1000


def test_a_card_looked_at_in_private_stays_a_back_whatever_state_is_drawn(pack) -> None:
    """Ruling prophetic_dream: a card looked at in private is known to that player alone. The
    picture is public, so it draws the card's back even from her own view or from the stored
    state itself."""
    state = new_game(3, seed=7)
    state.standard.plane(PLANES[2]).seen = {"greater": ["p1"], "artifact": ["p1"]}
    spectator = render_board(SYSTEM.view(state, None), pack)
    assert render_board(SYSTEM.view(state, "p1"), pack) == spectator
    assert render_board(state, pack) == spectator


# ---------------------------------------------------------------------- what is drawn
def test_plane_cards_show_back_face_and_beaten(pack) -> None:
    """Ruling astral_revealed_stays: a Guardian turned up by an attack stays face up for all;
    a beaten one leaves an empty place; the Artifact stays a back until won."""
    state = new_game(2, seed=3)
    water = state.standard.plane(PLANES[1])
    before = decode(spectator_png(state))
    for slot in range(3):
        assert colours_in(before, card_box(pack, PLANES[1], slot)).get(CARD_BACK, 0) > 2000
    water.up = ["lesser"]
    shown = decode(spectator_png(state))
    lesser = colours_in(shown, card_box(pack, PLANES[1], 0))
    assert lesser.get(CARD_BACK, 0) == 0 and lesser.get(CREATURE_EDGE, 0) > 150  # frame and figures
    water.lesser = None
    beaten = colours_in(decode(spectator_png(state)), card_box(pack, PLANES[1], 0))
    assert beaten.get(bs.GONE_FILL, 0) > 2000 and beaten.get(CREATURE_EDGE, 0) == 0
    # the other planes did not move a pixel
    fire = card_box(pack, PLANES[0], 0)
    assert before.crop(fire).tobytes() == shown.crop(fire).tobytes()


def test_power_up_chip_on_the_plane_header(pack) -> None:
    """Ruling power_up: a Power Up token is drawn on its plane (and added to the figures)."""
    plain = decode(spectator_png(new_game(2, seed=3)))
    powered = decode(spectator_png(new_game(2, seed=3, power_up=1)))
    g = bi.geometry(20, True)
    (x0, y0, x1, _y1), _side, _edge = bs._planes(pack, g)[PLANES[0]]
    header = (x1 - bs.PAD - bs.CHIP_W, y0 + bs.PAD, x1 - bs.PAD, y0 + bs.PAD + bs.HEAD_H)
    assert colours_in(powered, header).get(bi.STAR_GOLD, 0) > 200
    assert colours_in(plain, header).get(bi.STAR_GOLD, 0) == 0


def test_each_plane_panel_sits_beside_its_two_spaces(pack) -> None:
    """Facts §1 and §6: each Astral Plane lies off the ring between two spaces; its panel is in
    the margin, on the side of those spaces, overlapping both of them along the edge."""
    g = bi.geometry(20, True)
    panels = bs._planes(pack, g)
    assert set(panels) == set(PLANES)
    for plane in pack.board.astral_planes:
        (x0, y0, x1, y1), side, _edge = panels[plane.id]
        a, b = (pack.space_index(s) for s in plane.between)
        assert side in g.sides(a) & g.sides(b)
        inside = (g.margin, g.size - g.margin)
        if side in ("top", "bottom"):
            assert y1 <= inside[0] if side == "top" else y0 >= inside[1]
            for i in (a, b):
                tx0, _ty0, tx1, _ty1 = g.box(i)
                assert x0 < tx1 and tx0 < x1  # overlaps the tile along the edge
        else:
            assert x1 <= inside[0] if side == "left" else x0 >= inside[1]
            for i in (a, b):
                _tx0, ty0, _tx1, ty1 = g.box(i)
                assert y0 < ty1 and ty0 < y1
    boxes = [box for box, _s, _e in panels.values()]
    for i, p in enumerate(boxes):
        for q in boxes[i + 1:]:
            assert p[2] <= q[0] or q[2] <= p[0] or p[3] <= q[1] or q[3] <= p[1]  # no two overlap


def test_artifacts_held_are_named_in_the_holders_legend_row(pack) -> None:
    state = quiet(new_game(3, seed=2))
    g = bi.geometry(20, True)
    x0, y0, x1, y1 = g.centre_box()
    empty = decode(spectator_png(state))
    assert colours_in(empty, (x0, y0, x1, y1)).get(bs.ARTIFACT_EDGE, 0) == 0
    hold_artifacts(state, "p2", "orb_of_fate")
    learn(state, "p2", "training")
    held = decode(spectator_png(state))
    assert colours_in(held, (x0, y0, x1, y1)).get(bs.ARTIFACT_EDGE, 0) > 100
    words = bi._words_for(state, pack, None)
    rows = {m.key[1]: m.key for m in bs.legend_marks(g, state, words) if m.key[0] == "std_seat"}
    assert rows[1][-1] == "Orb of Fate" and rows[0][-1] == "" and rows[2][-1] == ""
    assert "Abil. 1" in rows[1][-2] and "Art. 1" in rows[1][-2]
    it_rows = {m.key[1]: m.key for m in bs.legend_marks(g, state, bi._words_for(state, pack, board_labels("it")))
               if m.key[0] == "std_seat"}
    assert it_rows[1][-1] == "Globo del Fato"


def test_final_battle_and_lying_artifacts_have_their_lines(pack) -> None:
    """Rulings final_battle_start (the space), apocalypse, death (Artifacts lie where their
    holder died): each gets a line in the legend, in the reader's language."""
    state = quiet(new_game(3, seed=2))
    state.standard.final_battle = FinalBattle(space="city", apocalypse=True)
    state.standard.dropped["fortress"] = ["crown_of_wisdom"]
    g = bi.geometry(20, True)
    for locale, fb, lying in (("en", "Final Battle at City · Apocalypse", "Lying at Fortress: Crown of Wisdom"),
                              ("it", "Battaglia Finale: Città · Apocalisse", "A terra (Fortezza): Corona della Saggezza")):
        keys = {m.key[0]: m.key for m in bs.legend_marks(g, state, bi._words_for(state, pack, board_labels(locale)))}
        assert keys["final_battle"][1] == fb
        assert keys["lying"][1] == lying


def test_seat_tokens_sit_on_the_larger_track(pack) -> None:
    state = quiet(new_game(4, seed=2))
    spaces = [1, 6, 11, 16]
    for p, space in zip(state.players, spaces, strict=False):
        p.space = space
    image = decode(spectator_png(state))
    for seat, space in enumerate(spaces):
        assert image.getpixel(bi.token_position(space, seat, standard=True)) == SEAT_COLOURS[seat]


# ------------------------------------------------------------------- bands and cache
def test_standard_pictures_from_cached_pieces_equal_a_full_redraw(pack) -> None:
    states = standard_states(1)
    dead = quiet(new_game(3, seed=4, power_up=1))
    dead.players[1].alive = False
    dead.standard.dropped["fortress"] = ["royal_cape"]
    dead.standard.final_battle = FinalBattle(space="village")
    sample = [SYSTEM.view(s, None) for s in states[::35] + [states[-1], dead]]
    bi._BANDS.clear()
    for labels in (None, board_labels("it")):
        for view in sample:
            banded = render_board(view, pack, labels=labels)
            assert decode(banded).tobytes() == decode(render_full(view, pack, labels=labels)).tobytes()
    assert bi._BANDS.hits > 0


def test_each_standard_mark_changes_only_the_rows_it_declares(pack) -> None:
    states = [SYSTEM.view(s, None) for s in standard_states(1)[::6]]
    rich = quiet(new_game(4, seed=4, power_up=2))
    hold_artifacts(rich, "p1", "royal_cape", "orb_of_fate")
    rich.standard.plane(PLANES[2]).up = ["lesser"]
    rich.standard.dropped["city"] = ["heart_of_valour"]
    rich.standard.final_battle = FinalBattle(space="city", apocalypse=True)
    put(rich, "plains_1", "hydra", face_up=False)
    states.append(SYSTEM.view(rich, None))
    words = bi._words_for(rich, pack, board_labels("it"))
    board = bi._background(pack, words)
    g = bi.geometry(20, True)
    assert kinds_inked_in_their_rows(states, board, g, words) == {
        "cards", "token", "title", "plane", "std_seat", "final_battle", "lying"}


# ------------------------------------------------------------------------------ labels
@pytest.mark.parametrize("locale", ["en", "it"])
def test_every_picture_label_is_translated(locale: str) -> None:
    """Every word the picture prints has a sentence in board.yaml in both languages, with the
    same placeholders, and none is left as a raw template or id."""
    for key, default in DEFAULT_LABELS.items():
        assert has(f"board.{key}", locale), key
        text = t(locale, f"board.{key}")
        assert text and "_" not in text.replace("{", "").split("}")[-1], key
        assert sorted(part.split("}")[0].split("|")[0] for part in text.split("{")[1:]) == \
            sorted(part.split("}")[0] for part in default.split("{")[1:]), key
    labels = board_labels(locale)
    if locale == "it":
        assert labels["plane.lesser"] == "Minore" and labels["legend.power_up"] == "Potenziamento"


def test_words_name_standard_cards_in_the_label_language(pack) -> None:
    state = new_game(2, seed=1)
    assert bi._words_for(state, pack, None).std_card("royal_cape") == "Royal Cape"
    assert bi._words_for(state, pack, board_labels("it")).std_card("royal_cape") == "Mantello Reale"
    assert bi._words_for(state, pack, board_labels("it")).std_card("stone_sentinel") == "Sentinella di Pietra"


def test_a_character_not_chosen_yet_has_no_token_and_a_choosing_row(pack) -> None:
    """Ruling character_choice: before she keeps one of the two characters dealt, a player is
    not on the board; her legend row says she is choosing, in the reader's language."""
    state = SYSTEM.new_game([Seat(player="p1", name="Alice"), Seat(player="p2", name="Bob")],
                            {"version": "standard"}, 5).state
    assert all(not p.character for p in state.players)
    image = decode(spectator_png(state))
    for seat, p in enumerate(state.players):
        assert image.getpixel(bi.token_position(p.space, seat, standard=True)) != SEAT_COLOURS[seat]
    g = bi.geometry(20, True)
    rows = [m.key for m in bs.legend_marks(g, state, bi._words_for(state, pack, board_labels("it")))
            if m.key[0] == "std_seat"]
    assert rows[0][5] == "Alice · sceglie il personaggio" and not rows[0][6].startswith("Salute")
