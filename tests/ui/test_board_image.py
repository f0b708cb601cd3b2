"""The board picture: renders every state real games reach, within size limits, with each
token where the geometry says and in its seat's colour."""
from __future__ import annotations

import io
import time
import unicodedata

import pytest
from PIL import Image

from engine.ai.simulate import play
from engine.core.system import Seat
from engine.prophecy.content import pack_by_id
from engine.prophecy.game import SYSTEM
from engine.prophecy.state import AdventureOnSpace, ProphecyState
from systems.prophecy import board_image as bi
from systems.prophecy.board_image import (
    ASTRAL,
    DEAD,
    SEAT_COLOURS,
    TOKEN_RADIUS,
    astral_position,
    card_label,
    geometry,
    key_figure,
    render_board,
    token_position,
)
from tests.ui.picture_helpers import kinds_inked_in_their_rows

MAX_BYTES = 300 * 1024
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

IT_LABELS = {
    "kind.guild": "Gilda", "kind.city": "Città", "kind.village": "Villaggio", "kind.forest": "Foresta",
    "kind.mountains": "Montagne", "kind.plains": "Pianura", "kind.enchanted_wilderness": "Incantata",
    "fig.strength": "F", "fig.willpower": "V", "stat.health": "Salute", "stat.magic": "Magia",
    "stat.gold": "Oro", "stat.experience": "Esp.", "title.turn": "tocca a {player}", "legend.dead": "morto",
    "space.city": "Città",
}


@pytest.fixture(scope="module")
def pack():
    return pack_by_id("base")


def fresh_state(players: int = 5, seed: int = 7) -> ProphecyState:
    seats = [Seat(player=f"p{i + 1}", name=f"Player {i + 1}") for i in range(players)]
    return SYSTEM.new_game(seats, {}, seed).state


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


# ------------------------------------------------------------------------- real games
def _game_states() -> list[ProphecyState]:
    """Every state of three short games of 2, 3 and 5 seats (random and heuristic play)."""
    states: list[ProphecyState] = []
    games = [
        (["heuristic", "random"], 11, 25),
        (["heuristic", "heuristic", "random"], 12, 15),
        (["random", "heuristic", "heuristic", "random", "heuristic"], 13, 10),
    ]
    for levels, seed, rounds in games:
        first: list[ProphecyState] = []

        def keep(before: ProphecyState, _actor: str, _action: object, after: ProphecyState, first=first) -> None:
            if not first:
                first.append(before)
                states.append(before)
            states.append(after)

        play(levels, seed, {"round_limit": rounds}, on_step=keep)
    return states


def test_every_state_of_three_games_renders_within_limits(pack) -> None:
    states = _game_states()
    assert len(states) > 200
    side = geometry(len(pack.board.spaces)).size
    assert side <= 1000
    seen_finished = False
    for state in states:
        png = render_board(state, pack)
        assert png.startswith(PNG_MAGIC)
        assert len(png) <= MAX_BYTES
        with Image.open(io.BytesIO(png)) as image:
            assert image.size == (side, side)
        seen_finished |= state.status == "finished"
    assert seen_finished, "the round limit should end at least one game, so the winner title is drawn"


def test_render_is_deterministic_and_fast_enough(pack) -> None:
    state = fresh_state()
    render_board(state, pack)  # draws the board once
    t0 = time.perf_counter()
    first = render_board(state, pack)
    elapsed = time.perf_counter() - t0
    assert render_board(state, pack) == first
    assert elapsed < 0.5  # generous: the benchmark holds the real p99 target


# ------------------------------------------------------------------------------ pixels
def test_geometry_tokens_sit_inside_their_tile_without_overlap() -> None:
    g = geometry(20)
    seen_cells = {g.cell(i) for i in range(20)}
    assert len(seen_cells) == 20
    for i in range(20):
        x0, y0, x1, y1 = g.box(i)
        centres = [token_position(i, slot) for slot in range(5)]
        for cx, cy in centres:
            assert x0 + TOKEN_RADIUS < cx < x1 - TOKEN_RADIUS
            assert y0 + TOKEN_RADIUS < cy < y1 - TOKEN_RADIUS
        xs = sorted(cx for cx, _cy in centres)
        assert all(b - a > 2 * TOKEN_RADIUS for a, b in zip(xs, xs[1:], strict=False))
    # neighbours on the ring are neighbours on the track
    for i in range(20):
        (c0, r0), (c1, r1) = g.cell(i), g.cell((i + 1) % 20)
        assert abs(c0 - c1) + abs(r0 - r1) == 1


def test_token_pixel_is_the_seat_colour_and_moves_with_the_character(pack) -> None:
    state = fresh_state()
    spaces = [1, 5, 9, 12, 16]
    for p, space in zip(state.players, spaces, strict=False):
        p.space = space
    image = decode(render_board(state, pack))
    for seat, space in enumerate(spaces):
        assert image.getpixel(token_position(space, seat)) == SEAT_COLOURS[seat]
        # and nobody's token is drawn on a space the character is not on
        assert image.getpixel(token_position(0, seat)) != SEAT_COLOURS[seat]


def test_five_tokens_on_one_space_each_keep_their_colour(pack) -> None:
    state = fresh_state()
    for p in state.players:
        p.space = 7
    image = decode(render_board(state, pack))
    assert [image.getpixel(token_position(7, seat)) for seat in range(5)] == list(SEAT_COLOURS[:5])


def test_dead_character_is_greyed_and_crossed(pack) -> None:
    state = fresh_state()
    state.players[1].space = 3
    state.players[1].alive = False
    image = decode(render_board(state, pack))
    cx, cy = token_position(3, 1)
    # off the cross's diagonals the token is flat grey
    assert image.getpixel((cx, cy - TOKEN_RADIUS // 2)) == DEAD
    # and the cross marks the centre, so the token is not a plain grey square
    assert image.getpixel((cx, cy)) != DEAD
    box = image.crop((cx - TOKEN_RADIUS, cy - TOKEN_RADIUS, cx + TOKEN_RADIUS + 1, cy + TOKEN_RADIUS + 1))
    assert SEAT_COLOURS[1] not in {c for _n, c in box.getcolors(4096)}


def test_astral_planes_are_drawn_between_their_spaces(pack) -> None:
    image = decode(render_board(fresh_state(), pack))
    g = geometry(20)
    assert len(pack.board.astral_planes) == 5
    for plane in pack.board.astral_planes:
        a, b = (pack.space_index(s) for s in plane.between)
        cx, cy, _side = astral_position(a, b)
        # outside the track, in the margin
        assert not (bi.MARGIN <= cx <= g.size - bi.MARGIN and bi.MARGIN <= cy <= g.size - bi.MARGIN)
        window = image.crop((round(cx) - 12, round(cy) - 12, round(cx) + 13, round(cy) + 13))
        counts = dict((c, n) for n, c in window.getcolors(4096))
        assert counts.get(ASTRAL, 0) > 30, plane.id


def test_card_on_a_space_is_labelled(pack) -> None:
    state = fresh_state()
    for cards in state.spaces:
        cards.clear()
    empty = decode(render_board(state, pack))
    state.spaces[11].append(AdventureOnSpace(uid="x1", card="wolf_pack"))
    with_card = decode(render_board(state, pack))
    x0, y0, x1, y1 = geometry(20).box(11)
    tile_empty = empty.crop((x0, y0, x1, y1))
    tile_card = with_card.crop((x0, y0, x1, y1))
    assert tile_empty.tobytes() != tile_card.tobytes()
    counts = dict((c, n) for n, c in tile_card.getcolors(4096))
    assert counts.get(bi.CREATURE_EDGE, 0) > 100  # the creature pill's border and text
    # the rest of the board is untouched
    x0b, y0b, x1b, y1b = geometry(20).box(2)
    assert empty.crop((x0b, y0b, x1b, y1b)).tobytes() == with_card.crop((x0b, y0b, x1b, y1b)).tobytes()


# ------------------------------------------------------------------------------ labels
def test_key_figures(pack) -> None:
    assert key_figure(pack.adventure("wolf_pack")) == "S3"
    assert key_figure(pack.adventure("imp")) == "W3"
    assert key_figure(pack.adventure("gargoyle")) == "S4/W2"
    assert key_figure(pack.adventure("vampire")) == "W6/S4"  # attacks with Willpower first
    assert key_figure(pack.adventure("hermit")) == ""
    assert key_figure(pack.adventure("vampire"), IT_LABELS) == "V6/F4"


def test_card_label_shortens_to_the_noun_when_narrow() -> None:
    text, _font = card_label("Wolf Pack", "S3", 130)
    assert text == "Wolf Pack S3"
    text, _font = card_label("Giant Spider", "S4", 70)
    assert text == "Spider S4"


def test_accented_letters_come_from_the_shipped_font() -> None:
    """Italian labels ("Città", "È") are drawn with the font's own accented glyphs (ui/fonts/,
    DejaVu Sans Condensed with its licence beside it): each differs from its base letter and
    from the missing-glyph box, and nothing is drawn by hand any more."""
    from ui import fonts

    assert fonts.FONT_FILE.is_file() and (fonts.FONT_FILE.parent / "LICENSE").is_file()
    assert "Bitstream" in (fonts.FONT_FILE.parent / "LICENSE").read_text(encoding="utf-8")
    assert not hasattr(bi, "_spell") and not hasattr(bi, "_mark")
    text = "àèéìòù ÀÈÉ"
    assert fonts.drawable(text) == text
    missing = bi._text_mask("\U0010fffd", 22, "lm")[0].tobytes()
    for accented in text.replace(" ", ""):
        base = unicodedata.normalize("NFD", accented)[0]
        ink = bi._text_mask(accented, 22, "lm")[0]
        plain = bi._text_mask(base, 22, "lm")[0]
        assert ink.getbbox() is not None
        assert ink.tobytes() != plain.tobytes(), accented
        assert ink.tobytes() != missing, accented
        # the accent is ink above the letter's own top, in the same glyph
        assert ink.getbbox()[1] < plain.getbbox()[1] or ink.size != plain.size, accented
    # grave and acute are different glyphs, not one drawn mark
    assert bi._text_mask("è", 22, "lm")[0].tobytes() != bi._text_mask("é", 22, "lm")[0].tobytes()
    assert fonts.drawable("Drago 🐉") == "Drago ?"


def test_translated_labels_change_the_picture_and_do_not_leak(pack) -> None:
    state = fresh_state()
    english = render_board(state, pack)
    italian = render_board(state, pack, labels=IT_LABELS)
    assert italian != english
    assert render_board(state, pack) == english
    assert render_board(state, pack, labels={"no.such.key": "x"}) == english


# ------------------------------------------------------------------------------- cache
def test_picture_cache_reuses_and_evicts(pack) -> None:
    from ui.pictures import PictureCache

    cache = PictureCache(maxsize=2)
    state = fresh_state()
    drawn: list[str] = []

    def draw(labels: dict[str, str] | None = None, tag: str = "en"):
        def render() -> bytes:
            drawn.append(tag)
            return render_board(state, pack, labels=labels)
        return render

    a = cache.get_or_render((1, 10, "en"), draw())
    assert a == render_board(state, pack)
    assert cache.get_or_render((1, 10, "en"), draw()) is a
    assert (cache.hits, cache.misses) == (1, 1) and drawn == ["en"]
    cache.get_or_render((1, 10, "it"), draw(IT_LABELS, "it"))
    cache.get_or_render((1, 11, "en"), draw())  # evicts the least recently used: (1, 10, "en")
    assert len(cache) == 2
    assert cache.get_or_render((1, 10, "en"), draw()) is not a
    assert cache.misses == 4
    with pytest.raises(ValueError):
        PictureCache(maxsize=0)


# ------------------------------------------------------------- drawn in bands, from a cache
def _decoded_pixels(png: bytes) -> bytes:
    return decode(png).tobytes()


def test_pictures_from_cached_pieces_equal_a_full_redraw(pack) -> None:
    """The background drawn once and the bands reused from earlier states add up, pixel for
    pixel, to the picture drawn in one piece from nothing, in both languages."""
    states: list[ProphecyState] = []
    play(["heuristic", "random", "heuristic"], 21, {"round_limit": 12},
         on_step=lambda _b, _a, _ac, after: states.append(after))
    dead = fresh_state(4, seed=3)
    dead.players[2].alive = False
    dead.players[2].space = 9
    sample = states[::7] + [states[-1], dead]
    assert len(sample) > 10
    bi._BANDS.clear()
    for labels in (None, IT_LABELS):
        for state in sample:
            banded = render_board(state, pack, labels=labels)
            assert banded.startswith(PNG_MAGIC)
            assert _decoded_pixels(banded) == _decoded_pixels(bi.render_full(state, pack, labels=labels))
    assert bi._BANDS.hits > 0  # later states really were put together from earlier bands


def test_each_mark_changes_only_the_rows_it_declares(pack) -> None:
    """A band is named by the marks crossing it: that holds only if no mark inks a row
    outside its declared rows."""
    states: list[ProphecyState] = []
    play(["random", "heuristic", "random", "heuristic", "random"], 5, {"round_limit": 8},
         on_step=lambda _b, _a, _ac, after: states.append(after))
    words = bi._Words(pack, IT_LABELS)
    board = bi._background(pack, words)
    g = geometry(len(pack.board.spaces))
    assert kinds_inked_in_their_rows(states[::5], board, g, words) == {"cards", "token", "title", "seat"}


def test_unchanged_bands_are_not_drawn_again(pack) -> None:
    state = fresh_state()
    bi._BANDS.clear()
    first = render_board(state, pack)
    misses = bi._BANDS.misses
    assert render_board(state, pack) == first
    assert bi._BANDS.misses == misses  # the same picture: every band from the cache
    state.players[0].space = 10  # one token moves: only the bands of its two places change
    moved = render_board(state, pack)
    new_bands = bi._BANDS.misses - misses
    # a token's rows (53) cross at most 5 bands of 16 rows at each place, of the picture's 62
    assert 0 < new_bands <= 10
    assert _decoded_pixels(moved) == _decoded_pixels(bi.render_full(state, pack))
