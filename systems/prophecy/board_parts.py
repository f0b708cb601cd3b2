"""The board picture's building blocks, shared by the Basic layout (board_image.py) and the
Standard one (board_standard.py): geometry of the square track, colours, the words a picture
prints, text drawn with the shipped font (ui.fonts, masks cached), icons,
seat tokens, tiles, rounded shapes pasted from a cache, and the `_Mark` a render draws over the
cached board. Why the picture looks the way it does is told in board_image.py.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Hashable, Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

from engine.prophecy.content import CreatureCard, Pack, Space, display_name
from engine.prophecy.content_standard import StandardPack
from engine.prophecy.state import ProphecyState
from gm.i18n import format_text
from ui import fonts, png, text_runs

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# ----------------------------------------------------------------------------- geometry
#: outer margin that holds the Astral Planes
MARGIN = 44
#: the square track (tiles) without the margin
TRACK_PX = 900
#: the Standard game's track and margin: tiles tall enough for two Adventure slots under a
#: two-line name, and a margin wide enough for each Astral Plane's three cards
STD_TRACK_PX = 1020
STD_MARGIN = 126
TOKEN_RADIUS = 13
TOKEN_STEP = 29
TOKENS_PER_ROW = 5
HEADER_PX = 24

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
#: the back of a face-down card (Standard game: Adventures, Guardians, Artifacts)
CARD_BACK: RGB = (86, 70, 150)

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
    # the Standard game's (systems/prophecy/board_standard.py)
    "stat.abilities": "Abil.",
    "stat.artifacts": "Art.",
    "plane.lesser": "Lesser",
    "plane.greater": "Greater",
    "plane.artifact": "Artifact",
    "plane.beaten": "beaten",
    "plane.taken": "taken",
    "plane.not_in_game": "none here",
    "plane.water_gate": "Water Gate",
    "plane.in_palace": "in the Palace",
    "plane.gate_closed": "closed",
    "stat.diving": "Water Realm {cell}",
    "legend.gone": "beaten or taken",
    "legend.power_up": "Power Up",
    "legend.lying": "Lying at {space}: {cards}",
    "legend.choosing": "choosing a character",
    "title.final_battle": "Final Battle at {space}",
    "title.apocalypse": "Apocalypse",
    # Treasure Island (Water Realm expansion; board_standard.island_marks)
    "island.title": "Treasure Island",
    "island.deck": "deck {n}",
    "island.blind": "{n} face down",
    "island.map_fragment": "Map Fragment",
    "stat.maps": "Maps",
    "stat.fame": "Fame",
    # the language of the labels: pack names (spaces, cards, characters) are shown in it
    "locale": "en",
}


@dataclass(frozen=True)
class Geometry:
    """Where each of `n` ring spaces sits on the square track (clockwise from top left)."""

    n: int
    per_side: int  # tiles along one side, corners included
    tile: int
    margin: int = MARGIN

    @property
    def size(self) -> int:
        return 2 * self.margin + self.per_side * self.tile

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
        x0 = self.margin + col * self.tile
        y0 = self.margin + row * self.tile
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
        lo = self.margin + self.tile
        hi = self.margin + (self.per_side - 1) * self.tile
        return lo, lo, hi, hi


@lru_cache(maxsize=16)
def geometry(n_spaces: int = 20, standard: bool = False) -> Geometry:
    """A track with enough tiles for the ring (20 spaces: 6 a side); the Standard game's is
    larger (two Adventure slots a space, the Astral Planes' cards in the margin)."""
    per_side = max(3, math.ceil(n_spaces / 4) + 1)
    if standard:
        return Geometry(n=n_spaces, per_side=per_side, tile=STD_TRACK_PX // per_side, margin=STD_MARGIN)
    return Geometry(n=n_spaces, per_side=per_side, tile=TRACK_PX // per_side)


def token_position(space_index: int, slot: int, n_spaces: int = 20, standard: bool = False) -> tuple[int, int]:
    """Pixel centre of the token in `slot` (the seat number) on ring space `space_index`.

    Slots fill a row along the bottom of the tile; a sixth seat would start a row above.
    """
    return _token_xy(geometry(n_spaces, standard), space_index, slot)


def _token_xy(g: Geometry, space_index: int, slot: int) -> tuple[int, int]:
    x0, _y0, _x1, y1 = g.box(space_index)
    row, col = divmod(slot, TOKENS_PER_ROW)
    cx = x0 + g.tile // 2 + (col - (TOKENS_PER_ROW - 1) // 2) * TOKEN_STEP
    cy = y1 - 5 - TOKEN_RADIUS - row * TOKEN_STEP
    return cx, cy


# --------------------------------------------------------------------------------- text
def _font(size: int) -> Font:
    """The pictures' font (ui.fonts: DejaVu Sans Condensed, accented letters included)."""
    return fonts.font(size)


def _font_key(font: Font) -> int:
    return int(getattr(font, "size", 0))


@lru_cache(maxsize=8192)
def _width(text: str, font: Font) -> float:
    return font.getlength(fonts.drawable(text))


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font: Font, fill: RGB | int,
          anchor: str = "la") -> None:
    """`draw.text` in characters the font draws (any other as "?", ui.fonts.drawable), each run
    rendered once per process (ui.text_runs: the same pixels)."""
    text_runs.draw_text(draw, xy, fonts.drawable(text), font, fill, anchor)


@lru_cache(maxsize=2048)
def _ellipsize(text: str, font: Font, width: float) -> str:
    if _width(text, font) <= width:
        return text
    while text and _width(text + "…", font) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _fit_name(build: Callable[[str], str], name: str, width: float, sizes: Sequence[int]) -> tuple[str, Font]:
    """`build(name)` in the largest of `sizes` at which it fits `width`; when none does, at the
    smallest size with the *name* shortened, so the words around it ("to play", "· Paladin")
    are never the part cut off."""
    for size in sizes:
        font = _font(size)
        if _width(build(name), font) <= width:
            return build(name), font
    font = _font(sizes[-1])
    cut = name
    while cut and _width(build(cut.rstrip() + "…"), font) > width:
        cut = cut[:-1]
    text = build(cut.rstrip() + "…") if cut else build(name)
    return (text if _width(text, font) <= width else _ellipsize(text, font, width)), font


def _fit_font(text: str, width: float, sizes: Sequence[int]) -> tuple[str, Font]:
    """`text` in the largest of `sizes` at which it fits `width`, else the smallest, clipped."""
    return _fit_name(lambda whole: whole, text, width, sizes)


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
    return text_runs.ink_mask(fonts.drawable(text), fonts.font(size), anchor)


def _stamp(image: Image.Image, xy: tuple[float, float], text: str, font: Font, fill: RGB, anchor: str) -> None:
    """Same pixels as `_text` at the rounded point, from the mask cache."""
    mask, left, top = _text_mask(text, _font_key(font), anchor)
    image.paste(fill, (round(xy[0]) + left, round(xy[1]) + top), mask)


# -------------------------------------------------------------------------------- icons
def _anchor_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: RGB) -> None:
    """A ship's anchor drawn from lines (drawn the same at every size)."""
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
    """Label lookup: the caller's translations over the English defaults, plus pack names
    (the Standard overlay's too, `std`, in a Standard game)."""

    def __init__(self, pack: Pack, labels: dict[str, str] | None, std: StandardPack | None = None) -> None:
        self.pack = pack
        self.std = std
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

    def std_card(self, card_id: str) -> str:
        """A Standard card's name (Guardian, Artifact, Ability) in the labels' language."""
        if f"card.{card_id}" in self.map:
            return self.map[f"card.{card_id}"]
        found = self.std.card_name(card_id, self.locale) if self.std is not None else None
        return found if found is not None else card_id.replace("_", " ").title()

    def astral(self, plane_id: str, name: str) -> str:
        # "Astral Plane of Fire" -> "Fire", "Portale Astrale dell'Acqua" -> "Acqua": the badge is
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


# -------------------------------------------------------------------------------- tiles
def _draw_tile(draw: ImageDraw.ImageDraw, g: Geometry, i: int, space: Space, words: _Words,
               name_sizes: Sequence[int] = (22, 20, 18, 16)) -> None:
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
    lines, font = _fit_lines(words.space(space), g.tile - 12, name_sizes, 2)
    line_h = font.size + 3 if isinstance(font, ImageFont.FreeTypeFont) else 14
    top = y0 + HEADER_PX + 6
    for n, line in enumerate(lines):
        _text(draw, ((x0 + x1) / 2, top + n * line_h), line, font, INK, "ma")


# -------------------------------------------------------------------------------- marks
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


def _stamp_rows(y: float, text: str, font: Font, anchor: str) -> tuple[int, int]:
    """The rows `_stamp` may ink for this text at height `y` (bottom excluded)."""
    mask, _left, top = _text_mask(text, _font_key(font), anchor)
    return round(y) + top, round(y) + top + mask.height


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


def _title_mark(g: Geometry, state: ProphecyState, words: _Words) -> _Mark:
    """The legend's title: the round and whose turn it is, or the game over and its winner."""
    x0, y0, x1, _y1 = g.centre_box()
    left, right = x0 + 26, x1 - 26
    names = {p.player: p.name for p in state.players}
    # the title around the player's name: only the name is shortened when it is too long
    player, head, tail = "", "", ""
    if state.status == "finished":
        head = words["title.finished"]
        if state.winner:
            player = names.get(state.winner, state.winner)
            head, tail = _around(words.fmt("title.winner", player="\x00"), head + " · ")
    else:
        head = words.fmt("title.round", n=state.round)
        if state.turn:
            player = names.get(state.turn.player, state.turn.player)
            head, tail = _around(words.fmt("title.turn", player="\x00"), head + " · ")
    title, title_font = _fit_name(lambda who: head + who + tail, player, right - left, (27, 24, 21))
    at = ((x0 + x1) / 2, y0 + 24)
    return _Mark(("title", title, _font_key(title_font)), *_stamp_rows(at[1], title, title_font, "ma"),
                 lambda image, _draw, dy: _stamp(image, (at[0], at[1] - dy), title, title_font, INK, "ma"))


def _around(template: str, before: str) -> tuple[str, str]:
    """A label with its name placeholder (NUL) split into what comes before and after it."""
    head, _, tail = template.partition("\x00")
    return before + head, tail
