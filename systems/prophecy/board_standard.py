"""The Standard game's board picture: what it adds to the Basic one (systems/prophecy/board_image.py).

What a Standard picture shows, and why it is drawn this way:

- Each Astral Plane is a dark panel in the margin, beside the edge where its two ring spaces
  meet (a gold tick joins it to that edge), holding its three cards side by side (top and
  bottom of the board) or one above the other (left and right): the Lesser Guardian, the
  Greater Guardian and the Artifact. A card is drawn as the *spectator* may know it: its back
  while face down, its face (name, figures with the Power Up added) once turned up for
  everyone, an empty grey frame once beaten or taken. A card one player looked at in private
  (Prophetic Dream, Astral Sight) is still a back here, whatever state the caller passes: a
  face is drawn only for a slot listed as turned up for everyone (`PlaneState.up`). The
  plane's Power Up token is a gold chip on its header.
- Every space a Chance card can fill has two Adventure slots (faint frames in the tile); a
  face-down Adventure is drawn as a card back, never with its name.
- The centre legend gives each character a third line, the Artifacts she holds, and the
  stats line her Abilities and Artifacts instead of the Certificates of the Basic game; the
  Final Battle (and the Apocalypse) is named under the title; Artifacts lying on a space
  after their holder died get a line of their own.
- As in the Basic picture (board_image.py, which calls this module; both draw with the
  building blocks of board_parts.py), everything that does not depend on the state (tiles, slot frames,
  panels, plane names, the key) is drawn once per pack and label set, and each card, panel and
  legend row is a mark that knows the rows it may touch, so unchanged bands come from the cache.
"""
from __future__ import annotations

import math
from functools import partial
from typing import Any, Callable, Literal

from PIL import Image, ImageDraw

from engine.prophecy.content import Pack, display_name
from engine.prophecy.content_standard import Guardian
from engine.prophecy.standard.state import PlaneState
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.island.content import island_content
from systems.prophecy.board_parts import (
    ACTIVE_BAND,
    ASTRAL,
    BACKGROUND,
    CARD_BACK,
    CREATURE_EDGE,
    DEAD,
    HEADER_PX,
    INK,
    MUTED,
    PAPER,
    PILL_PX,
    RGB,
    STAR_GOLD,
    TOKEN_RADIUS,
    WHITE,
    Font,
    Geometry,
    _anchor_icon,
    _draw_tile,
    _ellipsize,
    _fit_font,
    _fit_lines,
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
    _title_mark,
    _token,
    _width,
    _Words,
    geometry,
)
from systems.prophecy.names import water_cell

ARTIFACT_EDGE: RGB = (150, 100, 0)
#: a beaten Guardian's or taken Artifact's empty place on its plane
GONE_FILL: RGB = (72, 70, 118)
GONE_INK: RGB = (196, 196, 218)
#: the faint frame of an empty Adventure slot
SLOT_EDGE: RGB = (150, 150, 150)
#: Treasure Island's panel and the Map Fragments' parchment (Water Realm expansion)
SAND: RGB = (238, 214, 160)
SAND_EDGE: RGB = (160, 118, 60)
#: the island's panel height in the centre, when the game plays it (lower with many players)
ISLAND_PX, ISLAND_LOW_PX = 150, 112


def island_height(players: int) -> int:
    return ISLAND_PX if players <= 3 else ISLAND_LOW_PX

CARD_W, CARD_H, CARD_GAP = 104, 76, 5
PAD, HEAD_H = 6, 24
#: a panel's distance from the picture's edge (the rest of the margin holds the gold bar)
EDGE_GAP = 2
#: the gold bar along the two spaces a plane borders: half its length, its thickness
BAR_HALF, BAR_PX = 70, 3
#: the Power Up chip on a plane's header
CHIP_W = 26
SLOTS: tuple[Literal["lesser", "greater", "artifact"], ...] = ("lesser", "greater", "artifact")

Side = Literal["top", "bottom", "left", "right"]
Box = tuple[int, int, int, int]


#: the Gate to the Water Realm on its plane, and the cards it sent to the Undersea Palace
SEA: RGB = (38, 86, 140)
SHALLOW: RGB = (170, 214, 236)


def key_colours() -> list[RGB]:
    """The colours this module adds that must survive palette reduction exactly."""
    return [ARTIFACT_EDGE, GONE_FILL, GONE_INK, SLOT_EDGE, CARD_BACK, SAND, SAND_EDGE, SEA, SHALLOW]


# ---------------------------------------------------------------------------- geometry
def plane_panel(g: Geometry, a: int, b: int) -> tuple[Box, Side]:
    """The panel of the Astral Plane bordering ring spaces `a` and `b`: in the margin, on the
    outer edge the two tiles share, centred on the point where they meet."""
    common = g.sides(a) & g.sides(b)
    side: Side = min(common) if common else (min(g.sides(a)) if g.sides(a) else "top")  # type: ignore[arg-type]  # g.sides gives only the four Side names
    ax = (g.box(a)[0] + g.box(a)[2] + g.box(b)[0] + g.box(b)[2]) / 4
    ay = (g.box(a)[1] + g.box(a)[3] + g.box(b)[1] + g.box(b)[3]) / 4
    if side in ("top", "bottom"):
        w, h = 3 * CARD_W + 2 * CARD_GAP + 2 * PAD, PAD + HEAD_H + CARD_GAP + CARD_H + PAD
        x0 = min(max(4, round(ax - w / 2)), g.size - 4 - w)
        y0 = EDGE_GAP if side == "top" else g.size - EDGE_GAP - h
    else:
        w, h = CARD_W + 2 * PAD, PAD + HEAD_H + 3 * (CARD_GAP + CARD_H) + PAD
        x0 = EDGE_GAP if side == "left" else g.size - EDGE_GAP - w
        y0 = min(max(4, round(ay - h / 2)), g.size - 4 - h)
    return (x0, y0, x0 + w, y0 + h), side


def card_boxes(panel: Box, side: Side) -> list[Box]:
    """Where the Lesser Guardian, the Greater Guardian and the Artifact lie in a panel."""
    x0, y0, _x1, _y1 = panel
    top = y0 + PAD + HEAD_H + CARD_GAP
    if side in ("top", "bottom"):
        return [(x0 + PAD + k * (CARD_W + CARD_GAP), top, x0 + PAD + k * (CARD_W + CARD_GAP) + CARD_W, top + CARD_H)
                for k in range(3)]
    return [(x0 + PAD, top + k * (CARD_H + CARD_GAP), x0 + PAD + CARD_W, top + k * (CARD_H + CARD_GAP) + CARD_H)
            for k in range(3)]


def _planes(pack: Pack, g: Geometry) -> dict[str, tuple[Box, Side, tuple[int, int]]]:
    """Each plane id -> its panel, side and the point on the track's edge where its spaces meet."""
    out: dict[str, tuple[Box, Side, tuple[int, int]]] = {}
    for plane in pack.board.astral_planes:
        try:
            a, b = (pack.space_index(s) for s in plane.between)
        except (KeyError, ValueError):
            continue
        box, side = plane_panel(g, a, b)
        ax = round((g.box(a)[0] + g.box(a)[2] + g.box(b)[0] + g.box(b)[2]) / 4)
        ay = round((g.box(a)[1] + g.box(a)[3] + g.box(b)[1] + g.box(b)[3]) / 4)
        edge = {"top": (ax, g.margin), "bottom": (ax, g.size - g.margin),
                "left": (g.margin, ay), "right": (g.size - g.margin, ay)}[side]
        out[plane.id] = (box, side, edge)
    return out


def slot_boxes(g: Geometry, index: int) -> list[Box]:
    """The two Adventure slots of ring space `index`, where board_image draws card pills
    (the upper one holds the first card)."""
    x0, _y0, x1, y1 = g.box(index)
    bottom = y1 - 2 * TOKEN_RADIUS - 7
    return [(x0 + 5, bottom - k * (PILL_PX + 3), x1 - 5, bottom - k * (PILL_PX + 3) + PILL_PX) for k in (2, 1)]


# -------------------------------------------------------------------------- background
def draw_background(pack: Pack, words: _Words) -> Image.Image:
    """Tiles with their Adventure slots, the Astral Plane panels (frame, name), the centre
    and the key: everything of a Standard picture that no state changes."""
    spaces = pack.board.spaces
    g = geometry(len(spaces), True)
    image = Image.new("RGB", (g.size, g.size), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for i, space in enumerate(spaces):
        # names a size smaller than the Basic tiles', so two lines end above the two slots
        _draw_tile(draw, g, i, space, words, name_sizes=(20, 18, 16))
        if space.terrain:
            for box in slot_boxes(g, i):
                draw.rounded_rectangle(box, radius=7, outline=SLOT_EDGE, width=1)
    names = {plane.id: words.astral(plane.id, display_name(plane, words.locale)) for plane in pack.board.astral_planes}
    for plane_id, (box, side, (ex, ey)) in _planes(pack, g).items():
        x0, y0, x1, y1 = box
        # a gold bar between the panel and the track, along the two spaces the plane borders
        out = {"top": -1, "left": -1, "bottom": 1, "right": 1}[side]
        if side in ("top", "bottom"):
            bar_y = ey + out * (BAR_PX + 2)
            draw.rectangle((ex - BAR_HALF, min(ey, bar_y), ex + BAR_HALF, max(ey, bar_y) - 1 if out > 0 else max(ey, bar_y)),
                           fill=STAR_GOLD)
        else:
            bar_x = ex + out * (BAR_PX + 2)
            draw.rectangle((min(ex, bar_x), ey - BAR_HALF, max(ex, bar_x), ey + BAR_HALF), fill=STAR_GOLD)
        draw.rounded_rectangle(box, radius=10, fill=ASTRAL, outline=WHITE, width=2)
        cy = y0 + PAD + HEAD_H / 2
        _star(draw, x0 + PAD + 9, cy, 8, STAR_GOLD)
        font = _font(16)
        name = _ellipsize(names[plane_id], font, x1 - x0 - 2 * PAD - 21 - CHIP_W - 3)
        _text(draw, (x0 + PAD + 21, cy), name, font, WHITE, "lm")
    x0, y0, x1, y1 = g.centre_box()
    draw.rectangle((x0 + 6, y0 + 6, x1 - 6, y1 - 6), fill=PAPER, outline=INK, width=2)
    _draw_key(image, draw, g, words)
    return image


KEY_LINE_PX = 28


def _draw_key(image: Image.Image, draw: ImageDraw.ImageDraw, g: Geometry, words: _Words) -> None:
    """The key in two lines: the board's symbols, then the Standard cards' looks."""
    x0, _y0, x1, y1 = g.centre_box()
    font = _font(18)

    def back(d: ImageDraw.ImageDraw, cx: float, cy: float, _s: float, _f: RGB) -> None:
        d.rounded_rectangle((cx - 8, cy - 11, cx + 8, cy + 11), radius=3, fill=CARD_BACK, outline=INK, width=1)
        _star(d, cx, cy, 5, STAR_GOLD)

    def gone(d: ImageDraw.ImageDraw, cx: float, cy: float, _s: float, _f: RGB) -> None:
        d.rounded_rectangle((cx - 8, cy - 11, cx + 8, cy + 11), radius=3, fill=GONE_FILL, outline=INK, width=1)

    def power(d: ImageDraw.ImageDraw, cx: float, cy: float, _s: float, _f: RGB) -> None:
        d.rounded_rectangle((cx - 12, cy - 8, cx + 12, cy + 8), radius=7, fill=STAR_GOLD, outline=INK, width=1)
        _text(d, (cx, cy), "+1", _font(12), INK, "mm")

    lines: list[list[tuple[Callable[..., None], str]]] = [
        [(_anchor_icon, words["legend.port"]), (_gate_icon, words["legend.gate"]),
         (lambda d, cx, cy, s, f: _star(d, cx, cy, s * 0.5, f), words["legend.astral"])],
        [(back, words["legend.face_down"]), (gone, words["legend.gone"]), (power, words["legend.power_up"])],
    ]
    top = y1 - 30 - KEY_LINE_PX
    draw.line((x0 + 24, top - 22, x1 - 24, top - 22), fill=(200, 190, 170), width=1)
    for n, entries in enumerate(lines):
        y = top + n * KEY_LINE_PX
        texts = [_ellipsize(text, font, (x1 - x0 - 60) / len(entries) - 48) for _icon, text in entries]
        total = sum(26 + _width(text, font) + 22 for text in texts) - 22
        x = (x0 + x1) / 2 - total / 2
        for (icon, _raw), text in zip(entries, texts, strict=True):
            icon(draw, x + 10, y, 20, INK)
            _text(draw, (x + 26, y), text, font, INK, "lm")
            x += 26 + _width(text, font) + 22


def draw_specimen(image: Image.Image, x: int, y: int) -> None:
    """What the Standard marks draw, for the palette's anti-aliasing shades (board_image)."""
    draw = ImageDraw.Draw(image)
    _rounded(image, (x, y, x + CARD_W, y + CARD_H), 8, CARD_BACK, WHITE, 2)
    _star(draw, x + CARD_W / 2, y + 48, 13, STAR_GOLD)
    draw.text((x + 8, y + 12), "Lesser", font=_font(14), fill=WHITE, anchor="lm")
    _rounded(image, (x + 110, y, x + 110 + CARD_W, y + CARD_H), 8, WHITE, CREATURE_EDGE, 2)
    draw.text((x + 118, y + 30), "Flame Hound", font=_font(16), fill=INK, anchor="lm")
    draw.text((x + 118, y + 60), "S7/W4", font=_font(15), fill=CREATURE_EDGE, anchor="lm")
    _rounded(image, (x + 220, y, x + 220 + CARD_W, y + CARD_H), 8, WHITE, ARTIFACT_EDGE, 2)
    draw.text((x + 228, y + 30), "Orb of Fate", font=_font(16), fill=ARTIFACT_EDGE, anchor="lm")
    _rounded(image, (x + 330, y, x + 330 + CARD_W, y + CARD_H), 8, GONE_FILL, GONE_INK, 1)
    draw.text((x + 338, y + 38), "beaten", font=_font(15), fill=GONE_INK, anchor="lm")
    draw.rounded_rectangle((x + 440, y, x + 476, y + 20), radius=9, fill=STAR_GOLD, outline=INK, width=1)
    draw.text((x + 448, y + 10), "+1", font=_font(15), fill=INK, anchor="lm")
    draw.text((x, y + 100), "Royal Cape, Orb of Fate", font=_font(18), fill=ARTIFACT_EDGE, anchor="lm")
    draw.text((x, y + 130), "Final Battle at Fortress", font=_font(20), fill=CREATURE_EDGE, anchor="lm")
    _rounded(image, (x, y + 150, x + 300, y + 200), 10, SAND, SAND_EDGE, 2)
    draw.text((x + 8, y + 165), "Treasure Island deck 7", font=_font(18), fill=SAND_EDGE, anchor="lm")
    _parchment(draw, x + 260, y + 175)
    # the Gate to the Water Realm on its plane, and the Palace's cards
    _rounded(image, (x + 320, y + 150, x + 320 + CARD_W, y + 150 + CARD_H), 8, SEA, WHITE, 2)
    draw.text((x + 328, y + 163), "Water Gate", font=_font(14), fill=WHITE, anchor="lm")
    _wave(draw, x + 372, y + 190, 30, WHITE)
    _rounded(image, (x + 430, y + 150, x + 430 + CARD_W, y + 150 + CARD_H), 8, SHALLOW, SEA, 2)
    draw.text((x + 436, y + 190), "in the Palace", font=_font(15), fill=SEA, anchor="lm")


# ------------------------------------------------------------------------------- planes
def _figures(card: Guardian, power_up: int, words: _Words) -> str:
    """The Guardian's figures with its plane's Power Up added, the one it attacks with first."""
    parts = {"strength": f"{words['fig.strength']}{card.strength + power_up}",
             "wills": f"{words['fig.willpower']}{card.willpower + power_up}"}
    order = [card.first] + [b for b in ("strength", "wills") if b != card.first]
    return "/".join(parts[b] for b in order)


def _card_face(plane: PlaneState, slot: str, words: _Words) -> tuple[str, ...]:
    """What the spectator may know of one card: ("back",), ("gone",) or ("face", name, figures).

    Only a slot in `plane.up` is shown face up: a card looked at in private stays a back even
    when the state handed in is a seat's view (or the stored state)."""
    card = plane.card(slot)
    if card is None:
        return ("gone",)
    if slot not in plane.up:
        return ("back",)
    name = words.std_card(card)
    figures = ""
    if words.std is not None and slot != "artifact":
        try:
            figures = _figures(words.std.guardian(card), plane.power_up, words)
        except KeyError:
            figures = ""
    return ("face", name, figures)


def plane_marks(g: Geometry, state: ProphecyState, words: _Words) -> list[_Mark]:
    """One mark per Astral Plane: its Power Up chip and its three cards."""
    assert state.standard is not None
    panels = _planes(words.pack, g)
    # the Treasure Hunters game takes the Artifacts off the planes: an empty Artifact place
    # there was never taken by anyone, and the picture says so
    exp = state.options.standard.expansion if state.options.standard is not None else None
    no_artifacts = bool(exp is not None and exp.treasure_hunters)
    out: list[_Mark] = []
    water = state.standard.water
    for plane in state.standard.planes:
        if plane.id not in panels:
            continue
        box, side, _edge = panels[plane.id]
        faces = tuple(_card_face(plane, slot, words) for slot in SLOTS)
        if water is not None and water.gate == plane.id:
            faces = _gate_faces(state, plane, water)
        out.append(_plane_mark(plane.id, box, side, faces, plane.power_up, words, no_artifacts))
    return out


def _gate_faces(state: ProphecyState, plane: PlaneState, water: Any) -> tuple[tuple[str, ...], ...]:
    """The plane where the Gate to the Water Realm was found (Water Realm expansion, "Gate to
    the Water Realm"): the Gate in the Lesser Guardian's place, with the token of everyone
    under the sea, and the Greater Guardian and Artifact it sent to the Undersea Palace."""
    divers = tuple(str(seat) for seat, p in enumerate(state.players) if p.board == "water" and p.alive)
    gate = ("gate", "closed" if water.closed else "open", *divers)
    sunk = tuple(("palace",) if plane.card(slot) is not None else ("gone",) for slot in ("greater", "artifact"))
    return (gate, *sunk)


def _plane_mark(plane_id: str, box: Box, side: Side, faces: tuple[tuple[str, ...], ...], power_up: int,
                words: _Words, no_artifacts: bool = False) -> _Mark:
    label_font, figure_font = _font(14), _font(15)
    labels = [_ellipsize(words[f"plane.{slot}"], label_font, CARD_W - 12) for slot in SLOTS]
    gone_words = [words["plane.beaten"], words["plane.beaten"],
                  words["plane.not_in_game" if no_artifacts else "plane.taken"]]
    drawn: list[tuple[Box, tuple[str, ...], str, list[str], Font | None, str]] = []
    for cbox, face, label, gone_word in zip(card_boxes(box, side), faces, labels, gone_words, strict=False):
        if face[0] == "face":
            lines, font = _fit_lines(face[1], CARD_W - 10, (15, 14) if face[2] else (16, 15, 14), 2 if face[2] else 3)
            drawn.append((cbox, face, label, lines, font, _ellipsize(face[2], figure_font, CARD_W - 10)))
        elif face[0] == "gone":
            drawn.append((cbox, face, label, [_ellipsize(gone_word, figure_font, CARD_W - 10)], figure_font, ""))
        else:
            drawn.append((cbox, face, label, [], None, ""))
    chip = f"+{power_up}" if power_up else ""
    gate_label = _ellipsize(words["plane.water_gate"], label_font, CARD_W - 12)
    closed_word = _ellipsize(words["plane.gate_closed"], figure_font, CARD_W - 10)
    palace_word = _ellipsize(words["plane.in_palace"], figure_font, CARD_W - 10)

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, dy: int) -> None:
        x0, y0, x1, _y1 = box
        if chip:
            cy = y0 + PAD + HEAD_H / 2 - dy
            _rounded(image, (x1 - PAD - CHIP_W, round(cy - 10), x1 - PAD, round(cy + 10)), 9, STAR_GOLD, INK, 1)
            _stamp(image, (x1 - PAD - CHIP_W / 2, cy), chip, label_font, INK, "mm")
        for (cx0, cy0, cx1, cy1), face, label, lines, font, figures in drawn:
            cy0 -= dy
            cy1 -= dy
            mid = (cx0 + cx1) / 2
            if face[0] == "gate":
                _rounded(image, (cx0, cy0, cx1, cy1), 8, SEA, WHITE, 2)
                _stamp(image, (mid, cy0 + 13), gate_label, label_font, WHITE, "mm")
                if face[1] == "closed":
                    _stamp(image, (mid, cy0 + 46), closed_word, figure_font, WHITE, "mm")
                    continue
                seats = [int(x) for x in face[2:]]
                waves_y = cy0 + 36 if seats else cy0 + 46
                for k in (-6, 0, 6):
                    _wave(d, mid, waves_y + k, 30, WHITE)
                for n, seat in enumerate(seats[:4]):
                    _token(d, seat, mid + (n - (min(len(seats), 4) - 1) / 2) * 22, cy1 - 14, 9, True)
                continue
            if face[0] == "palace":
                _rounded(image, (cx0, cy0, cx1, cy1), 8, SHALLOW, SEA, 2)
                _stamp(image, (mid, cy0 + 13), label, label_font, SEA, "mm")
                _stamp(image, (mid, cy0 + 46), palace_word, figure_font, SEA, "mm")
                continue
            if face[0] == "back":
                _rounded(image, (cx0, cy0, cx1, cy1), 8, CARD_BACK, WHITE, 2)
                _stamp(image, (mid, cy0 + 13), label, label_font, WHITE, "mm")
                _star(d, mid, cy0 + 46, 14, STAR_GOLD)
                continue
            if face[0] == "gone":
                _rounded(image, (cx0, cy0, cx1, cy1), 8, GONE_FILL, GONE_INK, 1)
                _stamp(image, (mid, cy0 + 13), label, label_font, GONE_INK, "mm")
                assert font is not None
                _stamp(image, (mid, cy0 + 46), lines[0], font, GONE_INK, "mm")
                continue
            is_artifact = not figures
            edge = ARTIFACT_EDGE if is_artifact else CREATURE_EDGE
            _rounded(image, (cx0, cy0, cx1, cy1), 8, WHITE, edge, 2)
            _stamp(image, (mid, cy0 + 13), label, label_font, MUTED, "mm")
            assert font is not None
            # a Guardian: its name in one or two lines, its figures at the foot; an Artifact:
            # its name in up to three lines, centred under the label
            step = _font_key(font) + 1
            first = cy0 + 38 - (len(lines) - 1) * step / 2 if figures else cy0 + 46 - (len(lines) - 1) * step / 2
            for n, line in enumerate(lines):
                _stamp(image, (mid, first + n * step), line, font, INK if figures else ARTIFACT_EDGE, "mm")
            if figures:
                _stamp(image, (mid, cy1 - 11), figures, figure_font, CREATURE_EDGE, "mm")

    key = ("plane", plane_id, box, faces, chip, tuple(labels), gate_label, closed_word, palace_word,
           tuple(tuple(x[3]) for x in drawn))
    return _Mark(key, box[1] - 2, box[3] + 3, draw)


# ------------------------------------------------------------------------------- legend
def _stats_line(p: PlayerState, abilities: int, artifacts: int, words: _Words) -> str:
    figures = [f"{words['stat.health']} {p.red.right}/{p.red.total}",
               f"{words['stat.magic']} {p.blue.right}/{p.blue.total}"] if p.character else []
    return " · ".join([
        *figures,
        f"{words['stat.gold']} {p.gold}",
        f"{words['stat.experience']} {p.experience}",
        f"{words['stat.abilities']} {abilities}",
        f"{words['stat.artifacts']} {artifacts}",
    ])


ROW_PX = 96


def legend_marks(g: Geometry, state: ProphecyState, words: _Words) -> list[_Mark]:
    """The title, the Final Battle, one three-line row per character (her Artifacts on the
    third) and the Artifacts lying on the board."""
    assert state.standard is not None
    sst = state.standard
    x0, y0, x1, y1 = g.centre_box()
    left, right = x0 + 26, x1 - 26
    out = [_title_mark(g, state, words)]
    if sst.final_battle is not None:
        fb = sst.final_battle
        text = words.fmt("title.final_battle", space=_space_name(words, fb.space))
        if fb.apocalypse:
            text += " · " + words["title.apocalypse"]
        out.append(_line_mark("final_battle", text, _font(20), ((x0 + x1) / 2, y0 + 66), right - left, CREATURE_EDGE))
    top = y0 + 88
    bottom = y1 - 30 - KEY_LINE_PX - 22 - 30
    island = sst.island if sst.island is not None and sst.island.playing else None
    rows_bottom = bottom - island_height(len(state.players)) - 34 if island is not None else bottom  # the island below
    row_h = min(ROW_PX, (rows_bottom - top) // max(len(state.players), 1))
    cramped = row_h < 84  # no room for a third line: the stats line counts the Artifacts
    active = state.turn.player if state.turn and state.status == "active" else None
    for seat, p in enumerate(state.players):
        mine = sst.players.get(p.player)
        abilities = len(mine.abilities) if mine else 0
        artifacts = [words.std_card(a) for a in mine.artifacts] if mine else []
        # a character is chosen from two dealt before the first turn (ruling character_choice)
        rest = f" · {words.character(p.character) if p.character else words['legend.choosing']}"
        if not p.alive:
            rest += f" ({words['legend.dead']})"
        who = (p.name, rest)
        stats = _stats_line(p, abilities, len(artifacts), words)
        if island is not None:
            if island.fame:  # Treasure Hunters: no Artifacts, Fame instead
                stats = stats.rsplit(" · ", 1)[0] + f" · {words['stat.fame']} {island.fame.get(p.player, 0)}"
            stats += f" · {words['stat.maps']} {island.count(p.player)}"
        diver = sst.water.divers.get(p.player) if sst.water is not None and p.board == "water" else None
        if diver is not None:  # under the sea, off the ring: her row says where (the Gate card shows her token)
            stats += " · " + words.fmt("stat.diving", cell=water_cell(diver.cell))
        out.append(_row(seat, top + seat * row_h, left, right, p.alive, p.player == active, who, stats,
                        "" if cramped else ", ".join(artifacts)))
    lying = [words.fmt("legend.lying", space=_space_name(words, space), cards=", ".join(words.std_card(c) for c in cards))
             for space, cards in sorted(sst.dropped.items()) if cards]
    if lying:
        out.append(_line_mark("lying", " · ".join(lying), _font(18), ((x0 + x1) / 2, bottom + 14), right - left,
                              ARTIFACT_EDGE))
    return out


def _line_mark(kind: str, text: str, font: Font, at: tuple[float, float], width: float, ink: RGB) -> _Mark:
    """One centred line of the legend, clipped to `width`."""
    text = _ellipsize(text, font, width)
    return _Mark((kind, text), *_stamp_rows(at[1], text, font, "mm"),
                 lambda image, _d, dy: _stamp(image, (at[0], at[1] - dy), text, font, ink, "mm"))


def _space_name(words: _Words, space_id: str) -> str:
    try:
        return words.space(words.pack.space(words.pack.space_index(space_id)))
    except (KeyError, ValueError):
        return space_id.replace("_", " ").title()


def _row(seat: int, y: int, left: int, right: int, alive: bool, active: bool, named: tuple[str, str], stats: str,
         artifacts: str) -> _Mark:
    """One character's row: token, name and character, figures, Artifacts held. A long name
    takes a smaller font, then is shortened itself: the character stays whole."""
    art_font = _font(18)
    text_x = left + 42
    ink = INK if alive else MUTED
    who, name_font = _fit_name(lambda n: n + named[1], named[0], right - text_x, (24, 21, 19))
    stats, stat_font = _fit_font(stats, right - text_x, (20, 18, 16, 15))
    artifacts = _ellipsize(artifacts, art_font, right - text_x - 18) if artifacts else ""
    height = 84 if artifacts else 62

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, dy: int) -> None:
        top = y - dy
        if active:
            _rounded(image, (left - 10, top - 6, right + 10, top + height), 8, ACTIVE_BAND)
        _token(d, seat, left + 15, top + 15, 15, alive, active=active)
        _stamp(image, (text_x, top + 14), who, name_font, ink, "lm")
        if not alive:
            d.line((text_x, top + 15, text_x + _width(who, name_font), top + 15), fill=MUTED, width=2)
        _stamp(image, (text_x, top + 41), stats, stat_font, ink, "lm")
        if artifacts:
            _star(d, text_x + 7, top + 66, 8, ARTIFACT_EDGE if alive else DEAD)
            _stamp(image, (text_x + 18, top + 66), artifacts, art_font, ARTIFACT_EDGE if alive else MUTED, "lm")

    rows = [(y - 6, y + height + 1), (y + 15 - 30, y + 15 + 31), (y + 14, y + 17),
            _stamp_rows(y + 14, who, name_font, "lm"), _stamp_rows(y + 41, stats, stat_font, "lm")]
    if artifacts:
        rows += [(y + 57, y + 76), _stamp_rows(y + 66, artifacts, art_font, "lm")]
    # (the sizes chosen follow from the texts and the row's width: the key needs only the texts)
    return _Mark(("std_seat", seat, y, alive, active, who, stats, artifacts),
                 min(r[0] for r in rows),
                 max(r[1] for r in rows), draw)


# ------------------------------------------------------------------------- Treasure Island
def _wave(d: ImageDraw.ImageDraw, cx: float, cy: float, width: float, fill: RGB) -> None:
    """One wavy line: the sign of the Water Realm."""
    steps = 12
    pts = [(cx - width / 2 + width * k / steps, cy + 3 * math.sin(k / steps * 2 * math.pi * 1.5)) for k in range(steps + 1)]
    d.line(pts, fill=fill, width=2, joint="curve")


def _parchment_mark(cx: float, cy: float, _image: Image.Image, d: ImageDraw.ImageDraw, dy: int) -> None:
    """A Map Fragment's mark centred at (cx, cy) of the board, drawn on rows from `dy` down."""
    _parchment(d, cx, cy - dy)


def _parchment(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """A Map Fragment: a scrap of parchment with a red cross."""
    d.rectangle((cx - 10, cy - 7, cx + 10, cy + 7), fill=SAND, outline=SAND_EDGE, width=1)
    d.line((cx - 4, cy - 3, cx + 4, cy + 3), fill=CREATURE_EDGE, width=2)
    d.line((cx - 4, cy + 3, cx + 4, cy - 3), fill=CREATURE_EDGE, width=2)


def island_marks(g: Geometry, state: ProphecyState, words: _Words) -> list[_Mark]:
    """Treasure Island (Water Realm expansion): a parchment on each ring space where a Map
    Fragment lies (in its header, left of the Port and Gate icons), and the island's panel at
    the foot of the centre: the face-up Treasures with their map symbols (or the face-down
    deck), the deck's size, and the tokens of the characters on the island."""
    sst = state.standard
    if sst is None or sst.island is None or not sst.island.playing:
        return []
    island = sst.island
    pack = words.pack
    out: list[_Mark] = []
    for space_id in sorted(island.placed):
        try:
            i = pack.space_index(space_id)
        except KeyError:
            continue
        space = pack.space(i)
        x0, y0, x1, _y1 = g.box(i)
        icons = int(space.port) + int(space.gate)
        cx, cy = x1 - 14 - 22 * icons - 8, y0 + 2 + HEADER_PX / 2
        out.append(_Mark(("map", i, cx), round(cy - 9), round(cy + 10),
                         partial(_parchment_mark, cx, cy)))
    x0, _y0, x1, y1 = g.centre_box()
    left, right = x0 + 26, x1 - 26
    bottom = y1 - 30 - KEY_LINE_PX - 22 - 30
    height = island_height(len(state.players))
    box = (left - 6, bottom - height - 4, right + 6, bottom + 8)
    card_h = height - 50
    title_font, small = _font(20), _font(16)
    title = _ellipsize(words["island.title"], title_font, (right - left) / 2)
    blind = bool(island.deck) and not island.up and not island.fame
    deck = "" if island.fame else words.fmt("island.blind" if blind else "island.deck", n=len(island.deck))
    room_for_key = right - left - _width(title, title_font) - _width(deck, small) - 28 - 16 - 24
    fragment = _ellipsize(words["island.map_fragment"], small, room_for_key) if room_for_key > 40 else ""
    cards = [(_treasure_name(words, c), _maps_of(c)) for c in island.up]
    here = [seat for seat, p in enumerate(state.players) if p.alive and p.character and p.board == "island"]
    active = state.turn.player if state.turn and state.status == "active" else None
    active_seats = {seat for seat, p in enumerate(state.players) if p.player == active}
    room = right - left - 8 - 40 * max(1, len(here))
    cw = min(150, max(70, (room - 6 * max(0, len(cards) - 1)) // max(1, len(cards))))
    sizes, lines_max = ((18, 16, 14), 2) if cw >= 110 else ((14, 13, 12), 3)
    fitted = []
    for name, maps in cards:
        lines, font = _fit_lines(name, cw - 8, sizes, lines_max)
        fitted.append((([_ellipsize(line, font, cw - 8) for line in lines], font), maps))

    def draw(image: Image.Image, d: ImageDraw.ImageDraw, dy: int) -> None:
        bx0, by0, bx1, by1 = box
        _rounded(image, (bx0, by0 - dy, bx1, by1 - dy), 12, SAND, SAND_EDGE, 2)
        _stamp(image, (bx0 + 12, by0 + 18 - dy), title, title_font, SAND_EDGE, "lm")
        _stamp(image, (bx1 - 12, by0 + 18 - dy), deck, small, SAND_EDGE, "rm")
        if fragment:  # the key to the parchment drawn on the ring's spaces and on each Treasure
            fx = bx0 + 12 + _width(title, title_font) + 28
            _parchment(d, fx, by0 + 18 - dy)
            _stamp(image, (fx + 16, by0 + 18 - dy), fragment, small, SAND_EDGE, "lm")
        top = by0 + 36 - dy
        x = bx0 + 12
        if blind:
            for k in range(min(3, len(island.deck))):
                _rounded(image, (x + 8 * k, top + 3 * k, x + 8 * k + 70, top + 3 * k + card_h - 8), 8, CARD_BACK, WHITE, 2)
                _star(d, x + 8 * k + 35, top + 3 * k + card_h / 2, 12, STAR_GOLD)
        for (lines, font), maps in fitted:
            _rounded(image, (x, top, x + cw, top + card_h), 8, WHITE, ARTIFACT_EDGE, 2)
            step = _font_key(font) + 1
            mid = top + (card_h - 22) / 2
            for n, line in enumerate(lines):
                _stamp(image, (x + cw / 2, mid + n * step - (len(lines) - 1) * step / 2), line, font,
                       ARTIFACT_EDGE, "mm")
            gap = min(24, (cw - 24) / max(1, maps - 1)) if maps > 1 else 0
            for k in range(maps):  # its map symbols, as on the card's corner
                _parchment(d, x + cw / 2 + (k - (maps - 1) / 2) * gap, top + card_h - 14)
            x += cw + 6
        for k, seat in enumerate(here):
            _token(d, seat, bx1 - 24 - 40 * k, by1 - 30 - dy, 15, True, active=seat in active_seats)

    key = (
        "island",
        box,
        card_h,
        sizes,
        title,
        deck,
        fragment,
        blind,
        len(island.deck),
        tuple(cards),
        tuple(here),
        tuple(sorted(active_seats)),
    )
    out.append(_Mark(key, box[1] - 2, box[3] + 3, draw))
    return out


def _treasure_name(words: _Words, card: str) -> str:
    """A Treasure's name in the labels' language."""
    content = island_content()
    return display_name(content.treasure(card), words.locale) if content.is_treasure(card) else card


def _maps_of(card: str) -> int:
    content = island_content()
    return content.treasure(card).maps if content.is_treasure(card) else 0
