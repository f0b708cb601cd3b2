"""The board picture: a Prophecy state drawn as a PNG for the status embed.

Why it looks the way it does:

- The ring is drawn as a square track (six tiles a side, corners shared) rather than a
  circle. It is the same ring - space i+1 is always next to space i and the last wraps to
  the first - but rectangular tiles hold about half as much again horizontal text as
  circle wedges of the same canvas, which is what keeps names legible once Discord shrinks
  the picture to a ~400 px preview. The middle of the track holds the legend.
- Tiles are pale tints of their kind's colour with a strong header strip naming the kind,
  so the picture reads without colour too. Ports and Magic Gates get drawn icons (the
  default font has no anchor glyph).
- Tokens use the Okabe-Ito palette (distinguishable under the common colour-vision
  deficiencies) *and* a different shape per seat, so two tokens never rely on hue alone.
  A seat keeps its slot in every tile, so tokens never overlap and stay put in the row.
- Only the font shipped in ui/fonts/ (DejaVu Sans Condensed, ui.fonts) is used, accented
  letters included: nothing is downloaded or read from the system at run time.
- Everything that does not depend on the state (tiles, names, icons, Astral Planes, key)
  is drawn once per pack and label set and reused. What a state adds (card pills, tokens,
  the legend's title and rows) is a list of marks, each knowing the rows it may touch; the
  PNG is written in bands of rows (ui.png) and a band whose marks are the same as in an
  earlier picture is taken compressed from a cache. From one state to the next most bands
  are unchanged, so a render draws, reduces to the palette and compresses only the rest
  (~2 ms instead of ~9 ms; the same pixels as `render_full`, the picture in one piece).
- A Standard game's picture (a state with `standard` set) is larger and adds the Astral
  Planes' cards, two Adventure slots a space and the Artifacts held: board_standard.py
  draws those parts. The building blocks both layouts share (geometry, colours, words,
  text, icons, marks) are in board_parts.py and re-exported here.
"""
from __future__ import annotations

import io
import itertools
import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Hashable, Sequence

from PIL import Image, ImageDraw

from engine.prophecy.content import CreatureCard, Pack, display_name
from engine.prophecy.standard import powers
from engine.prophecy.state import AdventureOnSpace, PlayerState, ProphecyState
from systems.prophecy import board_standard
from systems.prophecy.board_parts import (  # noqa: F401  (several are re-exported: tests, plug-in)
    _FALLBACK_KIND,
    ACTIVE_BAND,
    ASTRAL,
    BACKGROUND,
    CARD_BACK,
    CREATURE_EDGE,
    DEAD,
    DEAD_MARK,
    DEFAULT_LABELS,
    INK,
    KIND_COLOURS,
    MARGIN,
    MUTED,
    OPPORTUNITY_EDGE,
    PAPER,
    PILL_PX,
    RGB,
    SEAT_COLOURS,
    SEAT_SHAPES,
    STAR_GOLD,
    STD_MARGIN,
    STD_TRACK_PX,
    TOKEN_RADIUS,
    TRACK_PX,
    WHITE,
    Font,
    Geometry,
    _anchor_icon,
    _draw_tile,
    _ellipsize,
    _fit_font,
    _fit_name,
    _font,
    _font_key,
    _gate_icon,
    _Mark,
    _rounded,
    _stamp,
    _stamp_rows,
    _star,
    _text,
    _text_mask,
    _title_mark,
    _token,
    _token_xy,
    _width,
    _Words,
    card_label,
    geometry,
    key_figure,
    token_position,
)
from ui import png

PNG_COMPRESS_LEVEL = 3


# --------------------------------------------------------------------------- background
@dataclass(frozen=True)
class _Board:
    """What every render of one pack and label set starts from: the board drawn without a
    state, with one spare column on the right (`canvas`: reduced to the palette, that column
    becomes the next PNG row's filter byte, so rows need no re-joining), the palette (as
    Pillow wants it, and as the PNG's PLTE bytes) and a serial naming this drawing in the
    band cache."""

    canvas: Image.Image
    palette: Image.Image
    plte: bytes
    serial: int


_BG_LOCK = threading.Lock()
_BG_CACHE: "OrderedDict[tuple[Hashable, ...], tuple[Pack, _Board]]" = OrderedDict()
_BG_MAX = 8
_BG_SERIAL = itertools.count(1)


def _background(pack: Pack, words: _Words) -> _Board:
    """Tiles, names, icons, Astral Planes and the key - the same for every state of a game -
    and the palette its renders are reduced to."""
    key = (id(pack), words.std.id if words.std is not None else None, tuple(sorted(words.map.items())))
    with _BG_LOCK:
        hit = _BG_CACHE.get(key)
        if hit is not None:
            _BG_CACHE.move_to_end(key)
            return hit[1]
    image = _draw_background(pack, words)
    palette = _palette_for(image, standard=words.std is not None)
    canvas = Image.new("RGB", (image.width + 1, image.height))
    canvas.paste(image, (0, 0))
    board = _Board(canvas, palette, bytes(palette.getpalette() or []), next(_BG_SERIAL))
    with _BG_LOCK:
        # the pack is kept alongside so its id() cannot be reused while the entry lives
        _BG_CACHE[key] = (pack, board)
        while len(_BG_CACHE) > _BG_MAX:
            _BG_CACHE.popitem(last=False)
    return board


def _draw_background(pack: Pack, words: _Words) -> Image.Image:
    spaces = pack.board.spaces
    if words.std is not None:
        return board_standard.draw_background(pack, words)
    g = geometry(len(spaces))
    image = Image.new("RGB", (g.size, g.size), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for i, space in enumerate(spaces):
        _draw_tile(draw, g, i, space, words)
    for plane in pack.board.astral_planes:
        try:
            a, b = (pack.space_index(s) for s in plane.between)
        except KeyError:
            continue
        _draw_astral(image, g, a, b, words.astral(plane.id, display_name(plane, words.locale)))
    x0, y0, x1, y1 = g.centre_box()
    draw.rectangle((x0 + 6, y0 + 6, x1 - 6, y1 - 6), fill=PAPER, outline=INK, width=2)
    _draw_key(draw, g, words)
    return image




def astral_position(a: int, b: int, n_spaces: int = 20) -> tuple[float, float, str]:
    """Centre of the badge of the Astral Plane bordering spaces `a` and `b`, and the side.

    The badge sits in the margin, on the outer edge where the two tiles meet (for two
    neighbours on one side: exactly on their shared border).
    """
    g = geometry(n_spaces)
    common = g.sides(a) & g.sides(b)
    side = min(common) if common else min(g.sides(a)) if g.sides(a) else "top"
    ax = (g.box(a)[0] + g.box(a)[2] + g.box(b)[0] + g.box(b)[2]) / 4
    ay = (g.box(a)[1] + g.box(a)[3] + g.box(b)[1] + g.box(b)[3]) / 4
    mid = MARGIN / 2
    if side == "left":
        return mid, ay, side
    if side == "right":
        return g.size - mid, ay, side
    return ax, (mid if side == "top" else g.size - mid), side


def _draw_astral(image: Image.Image, g: Geometry, a: int, b: int, label: str) -> None:
    """A star badge naming the plane, on a gold line along the edge between the two tiles."""
    font = _font(17)
    badge_w, badge_h = int(_width(label, font) + 40), 30
    badge = Image.new("RGB", (badge_w, badge_h), BACKGROUND)
    bd = ImageDraw.Draw(badge)
    bd.rounded_rectangle((0, 0, badge_w - 1, badge_h - 1), radius=12, fill=ASTRAL, outline=WHITE, width=2)
    _star(bd, 16, badge_h / 2, 9, STAR_GOLD)
    _text(bd, (29, badge_h / 2), label, font, WHITE, "lm")
    draw = ImageDraw.Draw(image)
    cx, cy, side = astral_position(a, b, g.n)
    if side in ("left", "right"):
        # the margin is narrower than the label: read it along the edge, bottom-to-top on the left
        badge = badge.rotate(90 if side == "left" else -90, expand=True)
        draw.line((cx, cy - badge.height / 2 - 8, cx, cy + badge.height / 2 + 8), fill=STAR_GOLD, width=2)
    else:
        draw.line((cx - badge.width / 2 - 8, cy, cx + badge.width / 2 + 8, cy), fill=STAR_GOLD, width=2)
    image.paste(badge, (round(cx - badge.width / 2), round(cy - badge.height / 2)))


def _draw_key(draw: ImageDraw.ImageDraw, g: Geometry, words: _Words) -> None:
    x0, _y0, x1, y1 = g.centre_box()
    font = _font(18)
    entries = [
        (_anchor_icon, words["legend.port"]),
        (_gate_icon, words["legend.gate"]),
        (lambda d, cx, cy, s, f: _star(d, cx, cy, s * 0.5, f), words["legend.astral"]),
    ]
    total = sum(26 + _width(text, font) + 22 for _icon, text in entries) - 22
    x = (x0 + x1) / 2 - total / 2
    y = y1 - 30
    draw.line((x0 + 24, y - 22, x1 - 24, y - 22), fill=(200, 190, 170), width=1)
    for icon, text in entries:
        icon(draw, x + 10, y, 20, INK)
        _text(draw, (x + 26, y), text, font, INK, "lm")
        x += 26 + _width(text, font) + 22


# ------------------------------------------------------------------------------- render
#: compressed bands of recent pictures, shared by every game and language (keys name the board)
_BANDS = png.BandCache(maxsize=8192)


def render_board(state: ProphecyState, pack: Pack, *, labels: dict[str, str] | None = None) -> bytes:
    """Draw the board for `state` and return PNG bytes (about 990x990, well under 300 KB).

    `labels` overrides any key of `DEFAULT_LABELS` (and `space.<id>`, `card.<id>`,
    `character.<id>`, `astral.<id>`), so the caller can hand in the reader's language.

    Only what changed is drawn: the board comes from `_background`, and of the picture's bands
    of rows (ui.png) only those whose marks (cards, tokens, legend rows) were not drawn the
    same way before are drawn, reduced to the palette and compressed; the same pixels as
    `render_full`, the picture drawn in one piece.
    """
    words = _words_for(state, pack, labels)
    board = _background(pack, words)
    width, height = board.canvas.width - 1, board.canvas.height
    marks = _marks(state, _geometry_for(pack, words), words, board.serial)
    crossing: list[list[Hashable]] = [[] for _ in range(png.bands_for(height))]
    for mark in marks:
        for band in mark.bands(height):
            crossing[band].append(mark.key)
    keys = [(board.serial, band, tuple(found)) for band, found in enumerate(crossing)]

    def rows_of(missing: list[int]) -> list[bytes]:
        # the missing bands are drawn on crops of the board (no full copy), each run of them
        # reduced to the palette alone (only its own rows)
        out: list[bytes] = []
        for top, bottom, runs, drawn in _crops(_runs(missing, height), marks, height):
            part = board.canvas.crop((0, top, width + 1, bottom))
            draw = ImageDraw.Draw(part)
            for mark in drawn:
                mark.draw(part, draw, top)
            for start, end, bands in runs:
                rows = part if (start, end) == (top, bottom) else part.crop((0, start - top, width + 1, end - top))
                out.extend(_scanlines(rows, board.palette, start, bands, height))
        return out

    return png.encode(width, height, board.plte, keys, rows_of, _BANDS)


def render_full(state: ProphecyState, pack: Pack, *, labels: dict[str, str] | None = None) -> bytes:
    """The same picture drawn in one piece from nothing (board, palette and every mark) and
    encoded by Pillow: what `render_board`'s cached pieces must add up to, pixel for pixel."""
    words = _words_for(state, pack, labels)
    image = _draw_background(pack, words)
    palette = _palette_for(image, standard=words.std is not None)
    draw = ImageDraw.Draw(image)
    for mark in _marks(state, _geometry_for(pack, words), words):
        mark.draw(image, draw, 0)
    return _encode(image, palette)


def _words_for(state: ProphecyState, pack: Pack, labels: dict[str, str] | None) -> _Words:
    """The labels, with the Standard overlay's names when the state is a Standard game's."""
    opts = state.options.standard
    std = powers.spack(state) if state.standard is not None and opts is not None else None  # the game's (new Artifacts)
    # card names from the game's own pack: the expansion's new Adventures lie on the spaces too
    return _Words(std.as_pack() if std is not None else pack, labels, std)


def _geometry_for(pack: Pack, words: _Words) -> Geometry:
    return geometry(len(pack.board.spaces), words.std is not None)


def _band_rows(band: int, height: int) -> int:
    return min(height, (band + 1) * png.BAND_ROWS) - band * png.BAND_ROWS


def _runs(bands: list[int], height: int) -> list[tuple[int, int, list[int]]]:
    """Consecutive bands (in order) joined: rows [start, end) and the bands they hold."""
    runs: list[tuple[int, int, list[int]]] = []
    for band in bands:
        start, end = band * png.BAND_ROWS, band * png.BAND_ROWS + _band_rows(band, height)
        if runs and runs[-1][1] == start:
            runs[-1] = (runs[-1][0], end, runs[-1][2] + [band])
        else:
            runs.append((start, end, [band]))
    return runs


def _crops(runs: list[tuple[int, int, list[int]]], marks: list[_Mark],
           height: int) -> list[tuple[int, int, list[tuple[int, int, list[int]]], list[_Mark]]]:
    """The crops of the board the runs of missing bands are drawn on: (top, bottom, the runs,
    the marks to draw, in drawing order).

    A crop takes in every mark crossing its runs whole: Pillow truncates coordinates, so a
    shape cut by the crop's top edge (negative rows) could land a pixel off. Runs whose crops
    would overlap (a tall mark crossing both: the Standard legend, a margin's Astral Plane)
    share one crop, so no mark is drawn and no row cropped twice. A mark drawn on a shared
    crop changes only the rows it crosses, and every mark crossing a run is drawn, in order:
    each run's rows are as on a crop of its own."""
    out: list[tuple[int, int, list[tuple[int, int, list[int]]], list[_Mark]]] = []
    for start, end, bands in runs:
        crossing = [m for m in marks if m.top < end and m.bottom > start]
        top = max(0, min([start, *(m.top for m in crossing)]))
        bottom = min(height, max([end, *(m.bottom for m in crossing)]))
        if out and top < out[-1][1]:
            prev_top, prev_bottom, prev_runs, prev_marks = out[-1]
            held = {id(m) for m in prev_marks} | {id(m) for m in crossing}
            out[-1] = (min(prev_top, top), max(prev_bottom, bottom), [*prev_runs, (start, end, bands)],
                       [m for m in marks if id(m) in held])
        else:
            out.append((top, bottom, [(start, end, bands)], crossing))
    return out


def _scanlines(part: Image.Image, palette: Image.Image, top: int, bands: list[int], height: int) -> list[bytes]:
    """The PNG rows of `bands` from `part` (the canvas's rows from `top` on, one spare column
    wide on the right), reduced to `palette`. The spare column is set to 0 and every row
    read one byte early, so each row comes out as filter byte 0 (none) and its pixels."""
    reduced = part.quantize(palette=palette, dither=Image.Dither.NONE)
    stride = reduced.width
    reduced.paste(0, (stride - 1, 0, stride, reduced.height))
    raw = reduced.tobytes()
    out: list[bytes] = []
    for band in bands:
        first = band * png.BAND_ROWS - top
        end = (first + _band_rows(band, height)) * stride
        out.append(b"\0" + raw[first * stride:end - 1])
    return out


def _marks(state: ProphecyState, g: Geometry, words: _Words, serial: int | None = None) -> list[_Mark]:
    """Everything a state adds to the board, in drawing order: cards, tokens, the legend.
    `serial`: the board drawing these words belong to (`_Board.serial`), under which the marks
    whose pixels only their own fields decide are kept from one picture to the next."""
    if serial is None:
        out = [_cards_mark(g, i, cards, words) for i, cards in enumerate(state.spaces[: g.n]) if cards]
    else:
        out = [_kept_cards_mark(serial, g, i, cards, words) for i, cards in enumerate(state.spaces[: g.n]) if cards]
    active = state.turn.player if state.turn and state.status == "active" else None
    # the active token last: its halo is wider than a slot and must lie over its neighbours
    for seat, p in sorted(enumerate(state.players), key=lambda sp: sp[1].player == active):
        # (a Standard character not chosen yet is not on the board)
        if 0 <= p.space < g.n and p.character and p.board == "main":  # (not on Treasure Island)
            cx, cy = _token_xy(g, p.space, seat)
            out.append(_token_mark(seat, cx, cy, TOKEN_RADIUS, p.alive, p.player == active))
    if words.std is not None and state.standard is not None:
        out.extend(board_standard.plane_marks(g, state, words))
        out.extend(board_standard.legend_marks(g, state, words))
        out.extend(board_standard.island_marks(g, state, words))
    else:
        out.extend(_legend_marks(g, state, words))
    return out




def _token_mark(seat: int, cx: float, cy: float, r: float, alive: bool, active: bool) -> _Mark:
    # the halo (r + 5) of the tallest shape (1.15 x) stays within 2r of the centre for r >= 13
    reach = 2 * r
    return _Mark(("token", seat, cx, cy, r, alive, active), math.floor(cy - reach), math.ceil(cy + reach) + 1,
                 lambda _image, draw, dy: _token(draw, seat, cx, cy - dy, r, alive, active=active))




#: the card pills of recent pictures, by board drawing, space and the cards (id, face up) on it:
#: a space's cards rarely change from one picture to the next, and laying out their labels (fonts
#: fitted, figures looked up) was a third of a picture's marks
_CARD_MARKS: "OrderedDict[Hashable, _Mark]" = OrderedDict()
_CARD_MARKS_MAX = 4096
_CARD_MARKS_LOCK = threading.Lock()


def _kept_cards_mark(serial: int, g: Geometry, i: int, cards: Sequence[AdventureOnSpace], words: _Words) -> _Mark:
    """`_cards_mark`, made once per board drawing (its pack, overlay and words: `serial`), space
    and cards (a pill shows only a card's id and whether it is face up)."""
    key = (serial, g, i, tuple((adv.card, adv.face_up) for adv in cards))
    with _CARD_MARKS_LOCK:
        found = _CARD_MARKS.get(key)
        if found is not None:
            _CARD_MARKS.move_to_end(key)
            return found
    mark = _cards_mark(g, i, cards, words)
    with _CARD_MARKS_LOCK:
        _CARD_MARKS[key] = mark
        while len(_CARD_MARKS) > _CARD_MARKS_MAX:
            _CARD_MARKS.popitem(last=False)
    return mark


def _cards_mark(g: Geometry, i: int, cards: Sequence[AdventureOnSpace], words: _Words) -> _Mark:
    """Up to two card pills above the token row; more cards collapse into "+n more"."""
    x0, _y0, x1, y1 = g.box(i)
    bottom = y1 - 2 * TOKEN_RADIUS - 7
    shown = list(cards[:2]) if len(cards) <= 2 else [cards[0]]
    room = g.tile - 18
    # (fill, outline, ink) of each pill: a card face is white with its kind's colour; in a
    # Standard game a face-down card shows its back (the Basic picture keeps its grey words)
    back = (CARD_BACK, CARD_BACK, WHITE) if words.std is not None else (WHITE, MUTED, MUTED)
    texts: list[tuple[tuple[str, Font], tuple[RGB, RGB, RGB]]] = []
    for adv in shown:
        if not adv.face_up:
            texts.append((card_label(words["legend.face_down"], "", room), back))
            continue
        try:
            card = words.pack.adventure(adv.card)
        except KeyError:
            texts.append((card_label(adv.card, "", room), (WHITE, MUTED, MUTED)))
            continue
        edge = CREATURE_EDGE if isinstance(card, CreatureCard) else OPPORTUNITY_EDGE
        texts.append((card_label(words.card(adv.card), key_figure(card, words.map), room), (WHITE, edge, edge)))
    if len(cards) > 2:
        texts.append((card_label(words.fmt("legend.more", n=len(cards) - 1), "", room), (WHITE, MUTED, MUTED)))
    pills = [(bottom - (n + 1) * (PILL_PX + 3), text, font, style)
             for n, ((text, font), style) in enumerate(reversed(texts))]
    centre = (x0 + x1) / 2
    rows = [(top, top + PILL_PX + 1) for top, *_rest in pills]
    rows += [_stamp_rows(top + PILL_PX / 2, text, font, "mm") for top, text, font, _style in pills]

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, dy: int) -> None:
        for top, text, font, (fill, edge, ink) in pills:
            top -= dy
            _rounded(image, (x0 + 5, top, x1 - 5, top + PILL_PX), 7, fill, edge, 2)
            _stamp(image, (centre, top + PILL_PX / 2), text, font, ink, "mm")

    key = ("cards", i, tuple((text, _font_key(font), style) for _top, text, font, style in pills))
    return _Mark(key, min(r[0] for r in rows), max(r[1] for r in rows), draw)


def _stats_line(p: PlayerState, words: _Words) -> str:
    return " · ".join([
        f"{words['stat.health']} {p.red.right}/{p.red.total}",
        f"{words['stat.magic']} {p.blue.right}/{p.blue.total}",
        f"{words['stat.gold']} {p.gold}",
        f"{words['stat.experience']} {p.experience}",
        f"{words['stat.certificates']} {len(p.certificates)}",
    ])


def _legend_marks(g: Geometry, state: ProphecyState, words: _Words) -> list[_Mark]:
    """Title (round, whose turn or the winner) and one row per character, in the centre."""
    x0, y0, x1, y1 = g.centre_box()
    left, right = x0 + 26, x1 - 26
    out = [_title_mark(g, state, words)]
    top = y0 + 74
    row_h = min(94, (y1 - 64 - top) // max(len(state.players), 1))
    active = state.turn.player if state.turn and state.status == "active" else None
    for seat, p in enumerate(state.players):
        rest = f" · {words.character(p.character)}"
        if not p.alive:
            rest += f" ({words['legend.dead']})"
        out.append(_legend_row(seat, top + seat * row_h, left, right, p.alive, p.player == active, (p.name, rest),
                               _stats_line(p, words)))
    return out




@lru_cache(maxsize=2048)
def _legend_row(seat: int, y: int, left: int, right: int, alive: bool, active: bool, named: tuple[str, str],
                stats: str) -> _Mark:
    """One character's row: token, name and character, figures; banded while it is their turn.
    A long name takes a smaller font, then is shortened itself: the character stays whole.
    Kept (lru_cache): its arguments decide it, and fitting the fonts was most of its cost."""
    text_x = left + 42
    ink = INK if alive else MUTED
    who, name_font = _fit_name(lambda n: n + named[1], named[0], right - text_x, (26, 23, 20))
    stats, stat_font = _fit_font(stats, right - text_x, (22, 20, 18))

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, dy: int) -> None:
        top = y - dy
        if active:
            _rounded(image, (left - 10, top - 6, right + 10, top + 62), 8, ACTIVE_BAND)
        _token(d, seat, left + 15, top + 15, 15, alive, active=active)
        _stamp(image, (text_x, top + 15), who, name_font, ink, "lm")
        if not alive:
            d.line((text_x, top + 16, text_x + _width(who, name_font), top + 16), fill=MUTED, width=2)
        _stamp(image, (text_x, top + 44), stats, stat_font, ink, "lm")

    rows = [(y - 6, y + 63), (y + 15 - 30, y + 15 + 31), (y + 15, y + 18),
            _stamp_rows(y + 15, who, name_font, "lm"), _stamp_rows(y + 44, stats, stat_font, "lm")]
    return _Mark(("seat", seat, y, alive, active, who, stats),
                 min(r[0] for r in rows),
                 max(r[1] for r in rows), draw)


def _key_colours() -> list[RGB]:
    """Colours that must survive palette reduction exactly: a token is its seat's colour."""
    fixed = [INK, MUTED, PAPER, BACKGROUND, DEAD, DEAD_MARK, ACTIVE_BAND, ASTRAL, CREATURE_EDGE,
             OPPORTUNITY_EDGE, WHITE, STAR_GOLD, *SEAT_COLOURS]
    for trio in KIND_COLOURS.values():
        fixed.extend(trio)
    fixed.extend(_FALLBACK_KIND)
    return list(dict.fromkeys(fixed))


def _palette_for(background: Image.Image, standard: bool = False) -> Image.Image:
    """A fixed 256-colour palette for one background: the exact key colours first, then the
    anti-aliasing shades found in a specimen of everything a render may draw.

    Mapping each render onto a fixed palette takes ~2 ms, where computing a fresh one
    (octree) takes ~14 ms and median cut ~70 ms.
    """
    specimen = background.copy()
    draw = ImageDraw.Draw(specimen)
    font = _font(18)
    x, y = MARGIN + 20, MARGIN + 20
    for seat in range(len(SEAT_COLOURS)):
        _token(draw, seat, x + seat * 40, y + 200, TOKEN_RADIUS, True, active=seat == 0)
        _token(draw, seat, x + seat * 40, y + 240, TOKEN_RADIUS, False)
    for n, edge in enumerate((CREATURE_EDGE, OPPORTUNITY_EDGE, MUTED)):
        draw.rounded_rectangle((x, y + 280 + n * 30, x + 140, y + 306 + n * 30), radius=7, fill=WHITE,
                               outline=edge, width=2)
        draw.text((x + 8, y + 293 + n * 30), "Wolf Sg3/W4 ace", font=font, fill=edge, anchor="lm")
    draw.rectangle((x, y + 380, x + 300, y + 440), fill=ACTIVE_BAND)
    draw.text((x + 5, y + 395), "AI 1 · Troll Health 5/6", font=_font(26), fill=INK, anchor="lm")
    draw.text((x + 5, y + 425), "Magic 3/3 · Gold 4 · XP 2", font=_font(22), fill=MUTED, anchor="lm")
    colours = _key_colours()
    if standard:
        board_standard.draw_specimen(specimen, x, y + 460)
        colours = list(dict.fromkeys(colours + board_standard.key_colours()))
    median = specimen.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    raw = median.getpalette() or []
    # Pillow maps a colour to the palette through a cache of 6-bit boxes: a shade sharing a
    # box with a key colour could take that colour's pixels, so the Standard palette leaves
    # such shades out (the Basic palette is kept as it always was)
    keyed = {(r >> 2, g >> 2, b >> 2) for r, g, b in colours} if standard else set()
    for i in range(0, len(raw) - 2, 3):
        c = (raw[i], raw[i + 1], raw[i + 2])
        if len(colours) >= 256:
            break
        if c not in colours and (c[0] >> 2, c[1] >> 2, c[2] >> 2) not in keyed:
            colours.append(c)
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in colours for v in c] + [0] * (3 * (256 - len(colours))))
    return pal


def _encode(image: Image.Image, palette: Image.Image) -> bytes:
    """Palette PNG of a whole picture by Pillow (`render_full`; `render_board` writes bands):
    flat colours plus anti-aliased text lose nothing visible in 256 colours and the file is
    about 40 % of an RGB one (~60 KB instead of ~150 KB).

    zlib level 3, not `optimize=True` (level 9): measured on real states, level 3 takes ~6 ms
    for ~60 KB, level 6 ~13 ms for ~51 KB, level 9 ~100 ms for ~47 KB. A few KB do not
    matter to a Discord upload; 100 ms of CPU per action would.
    """
    pal = image.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    pal.save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()
