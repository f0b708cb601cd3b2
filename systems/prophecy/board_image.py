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
- Only Pillow's bundled font (`ImageFont.load_default(size=...)`) is used: nothing is
  downloaded or read from the system at run time.
- Everything that does not depend on the state (tiles, names, icons, Astral Planes, key)
  is drawn once per pack and label set and reused. What a state adds (card pills, tokens,
  the legend's title and rows) is a list of marks, each knowing the rows it may touch; the
  PNG is written in bands of rows (ui.png) and a band whose marks are the same as in an
  earlier picture is taken compressed from a cache. From one state to the next most bands
  are unchanged, so a render draws, reduces to the palette and compresses only the rest
  (~2 ms instead of ~9 ms; the same pixels as `render_full`, the picture in one piece).
"""
from __future__ import annotations

import io
import itertools
import math
import threading
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Hashable, Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

from engine.prophecy.content import CreatureCard, Pack, Space, display_name
from engine.prophecy.state import AdventureOnSpace, PlayerState, ProphecyState
from gm.i18n import format_text
from ui import png

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# ----------------------------------------------------------------------------- geometry
#: outer margin that holds the Astral Planes
MARGIN = 44
#: the square track (tiles) without the margin
TRACK_PX = 900
TOKEN_RADIUS = 13
TOKEN_STEP = 29
TOKENS_PER_ROW = 5
HEADER_PX = 24
PNG_COMPRESS_LEVEL = 3

# ------------------------------------------------------------------------------ colours
INK: RGB = (33, 33, 33)
MUTED: RGB = (110, 110, 110)
PAPER: RGB = (251, 247, 238)
BACKGROUND: RGB = (64, 70, 84)
DEAD: RGB = (160, 160, 160)
DEAD_MARK: RGB = (60, 60, 60)
ACTIVE_BAND: RGB = (255, 236, 170)
STAR_GOLD: RGB = (255, 215, 90)
ASTRAL: RGB = (45, 42, 90)
CREATURE_EDGE: RGB = (155, 28, 28)
OPPORTUNITY_EDGE: RGB = (0, 110, 100)
WHITE: RGB = (255, 255, 255)

#: (header strip, tile tint, header text) by space kind; the civilization kinds share blue
KIND_COLOURS: dict[str, tuple[RGB, RGB, RGB]] = {
    "guild": ((47, 93, 158), (214, 228, 245), WHITE),
    "city": ((47, 93, 158), (214, 228, 245), WHITE),
    "village": ((47, 93, 158), (214, 228, 245), WHITE),
    "forest": ((46, 125, 50), (211, 234, 208), WHITE),
    "mountains": ((123, 106, 88), (227, 219, 210), WHITE),
    "plains": ((226, 190, 60), (248, 239, 196), (58, 47, 0)),
    "enchanted_wilderness": ((106, 61, 154), (230, 216, 243), WHITE),
}
_FALLBACK_KIND = ((90, 90, 90), (230, 230, 230), WHITE)

#: Okabe-Ito colours, one per seat (vermillion, blue, orange, bluish green, reddish purple,
#: sky blue): chosen to stay distinct for protanopes, deuteranopes and tritanopes.
SEAT_COLOURS: tuple[RGB, ...] = (
    (213, 94, 0), (0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233),
)
SEAT_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "hexagon", "circle")

#: every word the picture prints; callers pass translations for any subset of these keys.
#: Optional extra keys: `space.<id>`, `card.<id>`, `character.<id>`, `astral.<id>`.
DEFAULT_LABELS: dict[str, str] = {
    "kind.guild": "Guild",
    "kind.city": "City",
    "kind.village": "Village",
    "kind.forest": "Forest",
    "kind.mountains": "Mountains",
    "kind.plains": "Plains",
    "kind.enchanted_wilderness": "Enchanted",
    "fig.strength": "S",
    "fig.willpower": "W",
    "stat.health": "Health",
    "stat.magic": "Magic",
    "stat.gold": "Gold",
    "stat.experience": "XP",
    "stat.certificates": "Cert.",
    "legend.port": "Port",
    "legend.gate": "Magic Gate",
    "legend.astral": "Astral Plane",
    "legend.dead": "dead",
    "legend.face_down": "face down",
    "legend.more": "+{n} more",
    "title.round": "Round {n}",
    "title.turn": "{player} to play",
    "title.finished": "Game over",
    "title.winner": "Winner: {player}",
    # the language of the labels: pack names (spaces, cards, characters) are shown in it
    "locale": "en",
}


@dataclass(frozen=True)
class Geometry:
    """Where each of `n` ring spaces sits on the square track (clockwise from top left)."""

    n: int
    per_side: int  # tiles along one side, corners included
    tile: int

    @property
    def size(self) -> int:
        return 2 * MARGIN + self.per_side * self.tile

    def cell(self, index: int) -> tuple[int, int]:
        """Grid (column, row) of ring position `index`: top row, right column, bottom, left."""
        k = self.per_side - 1
        i = index % (4 * k)
        if i < k:
            return i, 0
        if i < 2 * k:
            return k, i - k
        if i < 3 * k:
            return k - (i - 2 * k), k
        return 0, k - (i - 3 * k)

    def box(self, index: int) -> tuple[int, int, int, int]:
        col, row = self.cell(index)
        x0 = MARGIN + col * self.tile
        y0 = MARGIN + row * self.tile
        return x0, y0, x0 + self.tile, y0 + self.tile

    def sides(self, index: int) -> set[str]:
        """Which outer edges of the track the tile touches (two for a corner)."""
        col, row = self.cell(index)
        k = self.per_side - 1
        out = set()
        if row == 0:
            out.add("top")
        if row == k:
            out.add("bottom")
        if col == 0:
            out.add("left")
        if col == k:
            out.add("right")
        return out

    def centre_box(self) -> tuple[int, int, int, int]:
        lo = MARGIN + self.tile
        hi = MARGIN + (self.per_side - 1) * self.tile
        return lo, lo, hi, hi


@lru_cache(maxsize=16)
def geometry(n_spaces: int = 20) -> Geometry:
    """A track with enough tiles for the ring (20 spaces: 6 a side)."""
    per_side = max(3, math.ceil(n_spaces / 4) + 1)
    return Geometry(n=n_spaces, per_side=per_side, tile=TRACK_PX // per_side)


def token_position(space_index: int, slot: int, n_spaces: int = 20) -> tuple[int, int]:
    """Pixel centre of the token in `slot` (the seat number) on ring space `space_index`.

    Slots fill a row along the bottom of the tile; a sixth seat would start a row above.
    """
    g = geometry(n_spaces)
    x0, _y0, _x1, y1 = g.box(space_index)
    row, col = divmod(slot, TOKENS_PER_ROW)
    cx = x0 + g.tile // 2 + (col - (TOKENS_PER_ROW - 1) // 2) * TOKEN_STEP
    cy = y1 - 5 - TOKEN_RADIUS - row * TOKEN_STEP
    return cx, cy


# --------------------------------------------------------------------------------- text
@lru_cache(maxsize=32)
def _font(size: int) -> Font:
    """Pillow's bundled scalable font; parsing it costs ~1 ms, so keep one per size."""
    return ImageFont.load_default(size=size)


#: marks drawn by hand when the bundled font lacks the precomposed letter (it has no "à")
_MARKS = {"\u0300": "grave", "\u0301": "acute", "\u0302": "circumflex", "\u0303": "tilde",
          "\u0308": "diaeresis", "\u030a": "ring"}
#: letters with no base+mark decomposition, spelled the way a typewriter would
_SPELL = {"—": "-", "–": "-", "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
          "€": "EUR", "“": '"', "”": '"', "‘": "'"}


def _font_key(font: Font) -> int:
    return int(getattr(font, "size", 0))


@lru_cache(maxsize=4096)
def _has_glyph(size: int, ch: str) -> bool:
    """True when the bundled font draws `ch` as itself rather than its missing-glyph box."""
    font = _font(size) if size else ImageFont.load_default()

    def ink(c: str) -> bytes:
        im = Image.new("L", (3 * (size or 12), 3 * (size or 12)))
        ImageDraw.Draw(im).text((2, 2), c, font=font, fill=255)
        return im.tobytes()

    return ch.isspace() or ink(ch) != ink("\uffff")


@lru_cache(maxsize=2048)
def _spell(text: str, size: int) -> tuple[str, tuple[tuple[int, str], ...]]:
    """Text the bundled font can draw, and the accents to add by hand at given positions.

    Pillow's default font covers ASCII but not accented letters, so "Città" is drawn as
    "Citta" plus a grave accent over the "a": Italian labels stay correct with no font file.
    Characters with neither a glyph nor a decomposition become "?".
    """
    if text.isascii():
        return text, ()
    out: list[str] = []
    marks: list[tuple[int, str]] = []
    for ch in text:
        if ch.isascii() or _has_glyph(size, ch):
            out.append(ch)
            continue
        if ch in _SPELL:
            out.append(_SPELL[ch])
            continue
        parts = unicodedata.normalize("NFD", ch)
        base = parts[0]
        if len(parts) > 1 and (base.isascii() or _has_glyph(size, base)):
            pos = len("".join(out))
            out.append(base)
            marks.extend((pos, _MARKS[m]) for m in parts[1:] if m in _MARKS)
        else:
            out.append("?")
    return "".join(out), tuple(marks)


@lru_cache(maxsize=8192)
def _width(text: str, font: Font) -> float:
    return font.getlength(_spell(text, _font_key(font))[0])


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font: Font, fill: RGB | int,
          anchor: str = "la") -> None:
    """`draw.text` that also draws the accents the bundled font lacks."""
    plain, marks = _spell(text, _font_key(font))
    draw.text(xy, plain, font=font, fill=fill, anchor=anchor)
    if not marks:
        return
    full = font.getlength(plain)
    start = xy[0] - {"l": 0.0, "m": full / 2, "r": full}.get(anchor[0], 0.0)
    size = _font_key(font) or 11
    for pos, mark in marks:
        left = start + font.getlength(plain[:pos])
        box = draw.textbbox((left, xy[1]), plain[pos], font=font, anchor="l" + anchor[1])
        _mark(draw, (box[0] + box[2]) / 2 - 1, box[1] - 2, size, mark, fill)


def _mark(draw: ImageDraw.ImageDraw, cx: float, bottom: float, size: int, mark: str, fill: RGB | int) -> None:
    """One diacritic whose lowest point sits at `bottom`, centred on `cx`."""
    h = max(3.0, size * 0.2)
    w = max(1, round(size / 12))
    if mark == "grave":
        draw.line((cx - h * 0.55, bottom - h, cx + h * 0.3, bottom), fill=fill, width=w)
    elif mark == "acute":
        draw.line((cx - h * 0.3, bottom, cx + h * 0.55, bottom - h), fill=fill, width=w)
    elif mark == "circumflex":
        draw.line((cx - h * 0.6, bottom, cx, bottom - h, cx + h * 0.6, bottom), fill=fill, width=w, joint="curve")
    elif mark == "tilde":
        draw.line((cx - h * 0.7, bottom - h * 0.2, cx - h * 0.25, bottom - h * 0.75, cx + h * 0.25,
                   bottom - h * 0.25, cx + h * 0.7, bottom - h * 0.8), fill=fill, width=w, joint="curve")
    elif mark == "diaeresis":
        r = max(1.0, size / 16)
        for dx in (-h * 0.7, h * 0.7):
            draw.ellipse((cx + dx - r, bottom - h * 0.5 - r, cx + dx + r, bottom - h * 0.5 + r), fill=fill)
    elif mark == "ring":
        r = h * 0.4
        draw.ellipse((cx - r, bottom - 2 * r, cx + r, bottom), outline=fill, width=w)


@lru_cache(maxsize=2048)
def _ellipsize(text: str, font: Font, width: float) -> str:
    if _width(text, font) <= width:
        return text
    while text and _width(text + "…", font) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap(text: str, font: Font, width: float, max_lines: int) -> list[str] | None:
    """Greedy word wrap; None when the words do not fit in `max_lines` lines."""
    lines: list[str] = []
    for word in text.split():
        if lines and _width(lines[-1] + " " + word, font) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > max_lines or any(_width(line, font) > width for line in lines):
        return None
    return lines


def _fit_lines(text: str, width: float, sizes: Sequence[int], max_lines: int) -> tuple[list[str], Font]:
    """The largest font size at which `text` wraps into the box; else the smallest, clipped."""
    for size in sizes:
        font = _font(size)
        lines = _wrap(text, font, width, max_lines)
        if lines is not None:
            return lines, font
    font = _font(sizes[-1])
    lines = _wrap(text, font, 10_000, 10_000) or [text]
    head = lines[: max_lines - 1]
    rest = " ".join(lines[max_lines - 1:])
    return head + [_ellipsize(rest, font, width)], font


@lru_cache(maxsize=1024)
def _text_mask(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """The ink of `text` as an 8-bit mask, and its offset from the anchor point.

    FreeType rendering is the costliest part of a render; a game re-draws the same card
    labels, names and mostly the same stat lines after every action, so each distinct
    string is rendered once and then only composited.
    """
    font = _font(size)
    plain, marks = _spell(text, size)
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    left, top, right, bottom = probe.textbbox((0, 0), plain, font=font, anchor=anchor)
    left, right, bottom = left - 2, right + 2, bottom + 2
    top -= 2 + (math.ceil(size * 0.3) + 2 if marks else 0)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    _text(ImageDraw.Draw(mask), (-left, -top), text, font, 255, anchor)
    return mask, left, top


def _stamp(image: Image.Image, xy: tuple[float, float], text: str, font: Font, fill: RGB, anchor: str) -> None:
    """Same pixels as `_text` at the rounded point, from the mask cache."""
    mask, left, top = _text_mask(text, _font_key(font), anchor)
    image.paste(fill, (round(xy[0]) + left, round(xy[1]) + top), mask)


# -------------------------------------------------------------------------------- icons
def _anchor_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: RGB) -> None:
    """A ship's anchor drawn from lines (the bundled font has no anchor glyph)."""
    w = max(2, round(s / 8))
    r = s * 0.13
    draw.ellipse((cx - r, cy - s * 0.42 - r, cx + r, cy - s * 0.42 + r), outline=fill, width=w)
    draw.line((cx, cy - s * 0.30, cx, cy + s * 0.42), fill=fill, width=w)
    draw.line((cx - s * 0.22, cy - s * 0.14, cx + s * 0.22, cy - s * 0.14), fill=fill, width=w)
    draw.arc((cx - s * 0.4, cy - s * 0.15, cx + s * 0.4, cy + s * 0.45), 20, 160, fill=fill, width=w)


def _gate_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: RGB) -> None:
    """A round-topped archway with a spark inside: the Magic Gate."""
    w = max(2, round(s / 8))
    half = s * 0.32
    top = cy - s * 0.45
    draw.arc((cx - half, top, cx + half, top + 2 * half), 180, 360, fill=fill, width=w)
    draw.line((cx - half + w / 2, top + half, cx - half + w / 2, cy + s * 0.45), fill=fill, width=w)
    draw.line((cx + half - w / 2, top + half, cx + half - w / 2, cy + s * 0.45), fill=fill, width=w)
    draw.line((cx - half - w, cy + s * 0.45, cx + half + w, cy + s * 0.45), fill=fill, width=w)
    _star(draw, cx, cy + s * 0.05, s * 0.2, fill)


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    draw.polygon(pts, fill=fill)


def _shape(draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill: RGB,
           outline: RGB, width: int) -> None:
    """One seat's token shape; every shape covers its own centre pixel."""
    if shape == "square":
        q = r * 0.88
        draw.rectangle((cx - q, cy - q, cx + q, cy + q), fill=fill, outline=outline, width=width)
    elif shape == "triangle":
        draw.polygon([(cx, cy - r * 1.1), (cx + r * 1.05, cy + r * 0.85), (cx - r * 1.05, cy + r * 0.85)],
                     fill=fill, outline=outline, width=width)
    elif shape == "diamond":
        draw.polygon([(cx, cy - r * 1.15), (cx + r * 1.05, cy), (cx, cy + r * 1.15), (cx - r * 1.05, cy)],
                     fill=fill, outline=outline, width=width)
    elif shape == "hexagon":
        draw.regular_polygon((cx, cy, r * 1.05), 6, fill=fill, outline=outline, width=width)
    else:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)


def _token(draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float, alive: bool,
           active: bool = False) -> None:
    """A character token: seat colour and shape, grey with a cross once the character is dead."""
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    if active:
        # a black-and-white halo reads on every tile tint, whatever the seat colour
        _shape(draw, shape, cx, cy, r + 5, INK, INK, 1)
        _shape(draw, shape, cx, cy, r + 2.5, WHITE, WHITE, 1)
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)] if alive else DEAD
    _shape(draw, shape, cx, cy, r, colour, INK, 2)
    if not alive:
        d = r * 0.6
        draw.line((cx - d, cy - d, cx + d, cy + d), fill=DEAD_MARK, width=2)
        draw.line((cx - d, cy + d, cx + d, cy - d), fill=DEAD_MARK, width=2)


# ------------------------------------------------------------------------------- labels
class _Words:
    """Label lookup: the caller's translations over the English defaults, plus pack names."""

    def __init__(self, pack: Pack, labels: dict[str, str] | None) -> None:
        self.pack = pack
        self.map = {**DEFAULT_LABELS, **(labels or {})}

    def __getitem__(self, key: str) -> str:
        return self.map.get(key, key)

    @property
    def locale(self) -> str:
        return self.map.get("locale", "en")

    def fmt(self, key: str, **kw: object) -> str:
        # the locale formatter: Italian labels use grammar filters such as {player|a}
        return format_text(self.locale, self[key], **kw)

    def kind(self, space: Space) -> str:
        return self.map.get(f"kind.{space.kind}", space.kind.replace("_", " ").title())

    def space(self, space: Space) -> str:
        return self.map.get(f"space.{space.id}", display_name(space, self.locale))

    def card(self, card_id: str) -> str:
        if f"card.{card_id}" in self.map:
            return self.map[f"card.{card_id}"]
        try:
            return display_name(self.pack.adventure(card_id), self.locale)
        except KeyError:
            return card_id

    def character(self, char_id: str) -> str:
        if f"character.{char_id}" in self.map:
            return self.map[f"character.{char_id}"]
        try:
            return display_name(self.pack.character(char_id), self.locale)
        except KeyError:
            return char_id

    def astral(self, plane_id: str, name: str) -> str:
        # "Astral Plane of Fire" -> "Fire", "Piano Astrale dell'Acqua" -> "Acqua": the badge is
        # tiny and its kind is in the key
        words = name.replace("'", " ").split()
        return self.map.get(f"astral.{plane_id}", words[-1] if words else plane_id)


def key_figure(card: object, labels: Mapping[str, str] = DEFAULT_LABELS) -> str:
    """The figure that decides a fight: "S3", "W4", or both with the first attack first ("S5/W2").

    Opportunities have no figure (""). `labels` supplies the letters (Italian: "F", "V").
    """
    if not isinstance(card, CreatureCard):
        return ""
    s_letter = labels.get("fig.strength", DEFAULT_LABELS["fig.strength"])
    w_letter = labels.get("fig.willpower", DEFAULT_LABELS["fig.willpower"])
    parts = {"strength": (card.strength, s_letter), "wills": (card.willpower, w_letter)}
    order = [card.attacks_with] + [b for b in ("strength", "wills") if b != card.attacks_with]
    return "/".join(f"{parts[b][1]}{parts[b][0]}" for b in order if parts[b][0] is not None)


@lru_cache(maxsize=1024)
def card_label(name: str, figure: str, width: float, sizes: Sequence[int] = (18, 16, 15)) -> tuple[str, Font]:
    """The label and font for a card pill.

    The full name at the largest of `sizes` that fits; failing that the last word (usually
    the noun: "Giant Spider" -> "Spider"); failing that a clipped word. The figure is kept.
    """
    tail = f" {figure}" if figure else ""
    words = name.split()
    short = words[-1] if words else name
    for candidate in (name, short):
        for size in sizes:
            font = _font(size)
            if _width(candidate + tail, font) <= width:
                return candidate + tail, font
    font = _font(sizes[-1])
    return _ellipsize(short, font, width - _width(tail, font)) + tail, font


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
_BG_CACHE: "OrderedDict[tuple[int, Hashable], tuple[Pack, _Board]]" = OrderedDict()
_BG_MAX = 8
_BG_SERIAL = itertools.count(1)


def _background(pack: Pack, words: _Words) -> _Board:
    """Tiles, names, icons, Astral Planes and the key - the same for every state of a game -
    and the palette its renders are reduced to."""
    key = (id(pack), tuple(sorted(words.map.items())))
    with _BG_LOCK:
        hit = _BG_CACHE.get(key)
        if hit is not None:
            _BG_CACHE.move_to_end(key)
            return hit[1]
    image = _draw_background(pack, words)
    palette = _palette_for(image)
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


def _draw_tile(draw: ImageDraw.ImageDraw, g: Geometry, i: int, space: Space, words: _Words) -> None:
    x0, y0, x1, y1 = g.box(i)
    header, tint, header_ink = KIND_COLOURS.get(space.kind, _FALLBACK_KIND)
    draw.rectangle((x0, y0, x1, y1), fill=tint, outline=BACKGROUND, width=2)
    draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + HEADER_PX), fill=header)
    icons = [fn for flag, fn in ((space.port, _anchor_icon), (space.gate, _gate_icon)) if flag]
    icon_room = 22 * len(icons)
    kind_font = _font(17)
    kind = _ellipsize(words.kind(space), kind_font, g.tile - 14 - icon_room)
    _text(draw, (x0 + 7, y0 + 2 + HEADER_PX / 2), kind, kind_font, header_ink, "lm")
    for k, icon in enumerate(icons):
        icon(draw, x1 - 14 - 22 * k, y0 + 2 + HEADER_PX / 2, 18, header_ink)
    lines, font = _fit_lines(words.space(space), g.tile - 12, (22, 20, 18, 16), 2)
    line_h = font.size + 3 if isinstance(font, ImageFont.FreeTypeFont) else 14
    top = y0 + HEADER_PX + 6
    for n, line in enumerate(lines):
        _text(draw, ((x0 + x1) / 2, top + n * line_h), line, font, INK, "ma")


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
@dataclass(frozen=True)
class _Mark:
    """One thing a render draws over the board. `key` holds everything that decides its pixels
    (its place included) and `top`..`bottom` (excluded) the rows it may change, so a band of
    rows is decided by the board and the keys of the marks crossing it, in drawing order."""

    key: Hashable
    top: int
    bottom: int
    #: draws the mark on an image holding the board's rows from `dy` down (clipped to them)
    draw: Callable[[Image.Image, ImageDraw.ImageDraw, int], None]

    def bands(self, height: int) -> range:
        """The PNG bands (ui.png) this mark may change."""
        top, bottom = max(0, self.top), min(height, self.bottom)
        if top >= bottom:
            return range(0)
        return range(top // png.BAND_ROWS, (bottom - 1) // png.BAND_ROWS + 1)


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
    words = _Words(pack, labels)
    board = _background(pack, words)
    width, height = board.canvas.width - 1, board.canvas.height
    marks = _marks(state, geometry(len(pack.board.spaces)), words)
    crossing: list[list[Hashable]] = [[] for _ in range(png.bands_for(height))]
    for mark in marks:
        for band in mark.bands(height):
            crossing[band].append(mark.key)
    keys = [(board.serial, band, tuple(found)) for band, found in enumerate(crossing)]

    def rows_of(missing: list[int]) -> list[bytes]:
        # each run of missing bands is drawn on its own crop of the board (no full copy). The
        # crop takes in every mark crossing the run whole: Pillow truncates coordinates, so a
        # shape cut by the crop's top edge (negative rows) could land a pixel off.
        out: list[bytes] = []
        for start, end, bands in _runs(missing, height):
            drawn = [m for m in marks if m.top < end and m.bottom > start]
            top = max(0, min([start, *(m.top for m in drawn)]))
            bottom = min(height, max([end, *(m.bottom for m in drawn)]))
            part = board.canvas.crop((0, top, width + 1, bottom))
            draw = ImageDraw.Draw(part)
            for mark in drawn:
                mark.draw(part, draw, top)
            out.extend(_scanlines(part, board.palette, top, bands, height))
        return out

    return png.encode(width, height, board.plte, keys, rows_of, _BANDS)


def render_full(state: ProphecyState, pack: Pack, *, labels: dict[str, str] | None = None) -> bytes:
    """The same picture drawn in one piece from nothing (board, palette and every mark) and
    encoded by Pillow: what `render_board`'s cached pieces must add up to, pixel for pixel."""
    words = _Words(pack, labels)
    image = _draw_background(pack, words)
    palette = _palette_for(image)
    draw = ImageDraw.Draw(image)
    for mark in _marks(state, geometry(len(pack.board.spaces)), words):
        mark.draw(image, draw, 0)
    return _encode(image, palette)


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


def _marks(state: ProphecyState, g: Geometry, words: _Words) -> list[_Mark]:
    """Everything a state adds to the board, in drawing order: cards, tokens, the legend."""
    out = [_cards_mark(g, i, cards, words) for i, cards in enumerate(state.spaces[: g.n]) if cards]
    active = state.turn.player if state.turn and state.status == "active" else None
    # the active token last: its halo is wider than a slot and must lie over its neighbours
    for seat, p in sorted(enumerate(state.players), key=lambda sp: sp[1].player == active):
        if 0 <= p.space < g.n:
            cx, cy = token_position(p.space, seat, g.n)
            out.append(_token_mark(seat, cx, cy, TOKEN_RADIUS, p.alive, p.player == active))
    out.extend(_legend_marks(g, state, words))
    return out


def _stamp_rows(y: float, text: str, font: Font, anchor: str) -> tuple[int, int]:
    """The rows `_stamp` may ink for this text at height `y` (bottom excluded)."""
    mask, _left, top = _text_mask(text, _font_key(font), anchor)
    return round(y) + top, round(y) + top + mask.height


def _token_mark(seat: int, cx: float, cy: float, r: float, alive: bool, active: bool) -> _Mark:
    # the halo (r + 5) of the tallest shape (1.15 x) stays within 2r of the centre for r >= 13
    reach = 2 * r
    return _Mark(("token", seat, cx, cy, r, alive, active), math.floor(cy - reach), math.ceil(cy + reach) + 1,
                 lambda _image, draw, dy: _token(draw, seat, cx, cy - dy, r, alive, active=active))


PILL_PX = 26


@lru_cache(maxsize=64)
def _rounded_stamp(width: int, height: int, radius: int, fill: RGB, outline: RGB | None,
                   line: int) -> tuple[Image.Image, Image.Image]:
    """A rounded rectangle drawn once (Pillow takes ~0.15 ms to draw one: four pie slices),
    with the mask of the pixels it covers."""
    image = Image.new("RGB", (width + 1, height + 1))
    mask = Image.new("L", (width + 1, height + 1))
    box = (0, 0, width, height)
    ImageDraw.Draw(image).rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=line)
    ImageDraw.Draw(mask).rounded_rectangle(box, radius=radius, fill=255, outline=None if outline is None else 255,
                                           width=line)
    return image, mask


def _rounded(image: Image.Image, box: tuple[int, int, int, int], radius: int, fill: RGB,
             outline: RGB | None = None, line: int = 1) -> None:
    """`rounded_rectangle` on integer corners, the same pixels, pasted from `_rounded_stamp`."""
    x0, y0, x1, y1 = box
    stamp, mask = _rounded_stamp(x1 - x0, y1 - y0, radius, fill, outline, line)
    image.paste(stamp, (x0, y0), mask)


def _cards_mark(g: Geometry, i: int, cards: Sequence[AdventureOnSpace], words: _Words) -> _Mark:
    """Up to two card pills above the token row; more cards collapse into "+n more"."""
    x0, _y0, x1, y1 = g.box(i)
    bottom = y1 - 2 * TOKEN_RADIUS - 7
    shown = list(cards[:2]) if len(cards) <= 2 else [cards[0]]
    room = g.tile - 18
    texts: list[tuple[tuple[str, Font], RGB]] = []
    for adv in shown:
        if not adv.face_up:
            texts.append((card_label(words["legend.face_down"], "", room), MUTED))
            continue
        try:
            card = words.pack.adventure(adv.card)
        except KeyError:
            texts.append((card_label(adv.card, "", room), MUTED))
            continue
        edge = CREATURE_EDGE if isinstance(card, CreatureCard) else OPPORTUNITY_EDGE
        texts.append((card_label(words.card(adv.card), key_figure(card, words.map), room), edge))
    if len(cards) > 2:
        texts.append((card_label(words.fmt("legend.more", n=len(cards) - 1), "", room), MUTED))
    pills = [(bottom - (n + 1) * (PILL_PX + 3), text, font, edge)
             for n, ((text, font), edge) in enumerate(reversed(texts))]
    centre = (x0 + x1) / 2
    rows = [(top, top + PILL_PX + 1) for top, *_rest in pills]
    rows += [_stamp_rows(top + PILL_PX / 2, text, font, "mm") for top, text, font, _edge in pills]

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, dy: int) -> None:
        for top, text, font, edge in pills:
            top -= dy
            _rounded(image, (x0 + 5, top, x1 - 5, top + PILL_PX), 7, WHITE, edge, 2)
            _stamp(image, (centre, top + PILL_PX / 2), text, font, edge, "mm")

    key = ("cards", i, tuple((text, _font_key(font), edge) for _top, text, font, edge in pills))
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
    names = {p.player: p.name for p in state.players}
    title_font = _font(27)
    if state.status == "finished":
        title = words["title.finished"]
        if state.winner:
            title += " · " + words.fmt("title.winner", player=names.get(state.winner, state.winner))
    else:
        title = words.fmt("title.round", n=state.round)
        if state.turn:
            title += " · " + words.fmt("title.turn", player=names.get(state.turn.player, state.turn.player))
    title = _ellipsize(title, title_font, right - left)
    at = ((x0 + x1) / 2, y0 + 24)
    out = [_Mark(("title", title), *_stamp_rows(at[1], title, title_font, "ma"),
                 lambda image, _draw, dy: _stamp(image, (at[0], at[1] - dy), title, title_font, INK, "ma"))]
    top = y0 + 74
    row_h = min(94, (y1 - 64 - top) // max(len(state.players), 1))
    active = state.turn.player if state.turn and state.status == "active" else None
    for seat, p in enumerate(state.players):
        who = f"{p.name} · {words.character(p.character)}"
        if not p.alive:
            who += f" ({words['legend.dead']})"
        out.append(_legend_row(seat, top + seat * row_h, left, right, p.alive, p.player == active, who,
                               _stats_line(p, words)))
    return out


def _legend_row(seat: int, y: int, left: int, right: int, alive: bool, active: bool, who: str,
                stats: str) -> _Mark:
    """One character's row: token, name and character, figures; banded while it is their turn."""
    name_font, stat_font = _font(26), _font(22)
    text_x = left + 42
    ink = INK if alive else MUTED
    who = _ellipsize(who, name_font, right - text_x)
    stats = _ellipsize(stats, stat_font, right - text_x)

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
    return _Mark(("seat", seat, y, alive, active, who, stats), min(r[0] for r in rows), max(r[1] for r in rows), draw)


def _key_colours() -> list[RGB]:
    """Colours that must survive palette reduction exactly: a token is its seat's colour."""
    fixed = [INK, MUTED, PAPER, BACKGROUND, DEAD, DEAD_MARK, ACTIVE_BAND, ASTRAL, CREATURE_EDGE,
             OPPORTUNITY_EDGE, WHITE, STAR_GOLD, *SEAT_COLOURS]
    for trio in KIND_COLOURS.values():
        fixed.extend(trio)
    fixed.extend(_FALLBACK_KIND)
    return list(dict.fromkeys(fixed))


def _palette_for(background: Image.Image) -> Image.Image:
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
    median = specimen.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    raw = median.getpalette() or []
    colours = _key_colours()
    for i in range(0, len(raw) - 2, 3):
        c = (raw[i], raw[i + 1], raw[i + 2])
        if len(colours) >= 256:
            break
        if c not in colours:
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
