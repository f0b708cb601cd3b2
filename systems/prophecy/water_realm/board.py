"""The Water Realm's picture (Water Realm expansion): the second picture of a turn message while
someone is in the realm.

What it shows, and why:

- The board as players lay it out: six rows of four spaces, light and dark alternating, the
  entrance at the bottom and the Undersea Palace at the top; columns lettered A-D and rows
  numbered 1-6 from the entrance, the names the buttons use ("Swim to C4").
- Each card as the *spectator* may know it: a card back with "?" while face down, its name (and a
  Creature's figures, a current's arrows) once turned up; Obstacles stay, beaten Creatures and
  used cards are gone. The colour of its frame tells its kind.
- The Palace holds the Guardian and Artifact the Gate sent there (backs until turned up for
  everyone) and the Pearls left, or the Lord of the Sea with his figures in his palace.
- Every character in the realm is a token of her seat (the same colours and shapes as the main
  picture) with her Bubbles beside it; the legend below lists them with their bags; Artifacts
  left by the dead are a gold star on their space.
- The entrance carries the compass of the currents (die face -> direction).

Drawn from the view the caller passes (a spectator's for the channel) with Pillow, in one pass
(a small picture: no marks to cache), and written on a fixed palette (ui.palette): the
module's colours and the blends its text makes over its backgrounds, built once per process,
where a palette computed for each picture took two thirds of its time. Its text runs and rounded
shapes are drawn once per process (ui.text_runs, board_parts._rounded), and a band of rows that
looks as in an earlier picture (the cells nobody entered) is not compressed again (ui.png).
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.prophecy.standard.state import HIDDEN
from engine.prophecy.state import ProphecyState
from engine.prophecy.water_realm.water.content import Obstacle, WaterCreature, WaterItem, WaterLore, WaterOpportunity, water_pack
from gm.i18n import t
from systems.prophecy.board_parts import (
    CARD_BACK,
    DEAD,
    DEAD_MARK,
    INK,
    PAPER,
    RGB,
    SEAT_COLOURS,
    STAR_GOLD,
    WHITE,
    Font,
    _ellipsize,
    _fit_font,
    _fit_lines,
    _font,
    _font_key,
    _rounded,
    _star,
    _text,
    _token,
)
from systems.prophecy.names import Names, water_cell
from ui import palette as fixed

CELL_W, CELL_H = 168, 112
LEFT, TOP, TITLE_H = 34, 58, 46
LIGHT: RGB = (170, 214, 236)
DARK: RGB = (38, 86, 140)
DEEP: RGB = (16, 40, 74)
PALACE: RGB = (120, 96, 168)
ENTRANCE: RGB = (96, 150, 120)
#: the frame of a face-up card by its kind
KIND_EDGE: dict[str, RGB] = {
    "item": (190, 140, 20), "opportunity": (0, 120, 110), "waterlore": (110, 60, 160),
    "obstacle": (120, 80, 40), "creature": (160, 30, 30),
}
BUBBLE: RGB = (235, 248, 255)


def _kind(card: object) -> str:
    kinds: dict[type, str] = {WaterItem: "item", WaterOpportunity: "opportunity", WaterLore: "waterlore",
                              Obstacle: "obstacle", WaterCreature: "creature"}
    return kinds.get(type(card), "item")


@lru_cache(maxsize=1)
def water_palette() -> fixed.Palette:
    """Every colour this picture uses, exactly, and the shades its text makes over what lies
    under it (the only anti-aliased strokes): (text colour, background) as `draw_water` draws them."""
    keys = [DEEP, LIGHT, DARK, PALACE, ENTRANCE, PAPER, CARD_BACK, BUBBLE, INK, WHITE, STAR_GOLD, DEAD, DEAD_MARK,
            *KIND_EDGE.values(), *SEAT_COLOURS]
    pairs = [(WHITE, DEEP), (BUBBLE, DEEP), (INK, LIGHT), (STAR_GOLD, LIGHT), (WHITE, DARK), (STAR_GOLD, DARK),
             (WHITE, PALACE), (STAR_GOLD, PALACE), (WHITE, ENTRANCE), (WHITE, CARD_BACK), (INK, BUBBLE),
             (INK, PALACE), (INK, ENTRANCE),  # a cell's name on the Palace or the entrance, when its square is light
             (INK, PAPER), *((edge, PAPER) for edge in KIND_EDGE.values())]
    return fixed.fixed_palette(keys, pairs)


def render_water(state: ProphecyState, locale: str = "en") -> bytes | None:
    """The realm as a PNG, or None when nobody is in it (the picture rides along only then)."""
    image = draw_water(state, locale)
    return None if image is None else fixed.encode(image, water_palette())


def draw_water(state: ProphecyState, locale: str = "en") -> Image.Image | None:
    """The realm drawn (RGB), or None when nobody is in it."""
    sst = state.standard
    w = sst.water if sst is not None else None
    if w is None or not w.divers:
        return None
    pack = water_pack()
    grid = pack.grid
    n = Names(state, locale)
    seats = {p.player: i for i, p in enumerate(state.players)}
    width = LEFT + grid.columns * CELL_W + 16
    legend_h = 30 + 24 * len(w.divers)
    height = TOP + grid.rows * CELL_H + 26 + legend_h
    image = Image.new("RGB", (width, height), DEEP)
    draw = ImageDraw.Draw(image)
    _text(draw, (LEFT, 14), t(locale, "water.picture.title"), _font(24), WHITE)
    _text(draw, (width - 14, 20), _gate_words(state, n, locale), _font(15), BUBBLE, anchor="ra")
    for index in range(grid.size):
        row, col = grid.cell(index)
        x0 = LEFT + col * CELL_W
        y0 = TOP + (grid.rows - 1 - row) * CELL_H
        box = (x0 + 2, y0 + 2, x0 + CELL_W - 2, y0 + CELL_H - 2)
        if index == grid.palace_index:
            _rounded(image, box, 10, PALACE, STAR_GOLD, 3)
            _palace(draw, box, state, n, locale)
        elif index == grid.entrance_index:
            _rounded(image, box, 10, ENTRANCE, WHITE, 2)
            _entrance(draw, box, locale)
        else:
            draw.rectangle(box, fill=LIGHT if grid.light(index) else DARK)
            gc = w.cells[index]
            if gc is not None:
                _card(image, draw, box, gc.card, gc.up, n, locale)
        _text(draw, (x0 + 6, y0 + 5), water_cell(index), _font(12), INK if grid.light(index) else WHITE)
        dropped = (sst.dropped.get(f"water:{index}") if sst is not None else None) or []
        if dropped:
            _star(draw, x0 + CELL_W - 16, y0 + 14, 9, STAR_GOLD)
            _text(draw, (x0 + CELL_W - 30, y0 + 8), str(len(dropped)), _font(12), STAR_GOLD, anchor="ra")
    for col in range(grid.columns):
        _text(draw, (LEFT + col * CELL_W + CELL_W / 2, TOP + grid.rows * CELL_H + 4), chr(ord("A") + col),
              _font(14), WHITE, anchor="ma")
    for row in range(grid.rows):
        _text(draw, (LEFT / 2, TOP + (grid.rows - 1 - row) * CELL_H + CELL_H / 2), str(row + 1), _font(14), WHITE,
              anchor="mm")
    # the characters in the realm, several on a space side by side
    by_cell: dict[int, list[str]] = {}
    for pid, d in w.divers.items():
        by_cell.setdefault(d.cell, []).append(pid)
    active = state.turn.player if state.turn is not None else None
    for cell, pids in by_cell.items():
        row, col = grid.cell(cell)
        x0 = LEFT + col * CELL_W
        y1 = TOP + (grid.rows - row) * CELL_H - 4
        for k, pid in enumerate(pids):
            cx, cy = x0 + 22 + k * 52, y1 - 15
            _token(draw, seats.get(pid, 0), cx, cy, 12, True, pid == active)
            _bubble_count(draw, cx + 16, cy, w.divers[pid].bubbles)
    ly = TOP + grid.rows * CELL_H + 28
    _text(draw, (LEFT, ly), t(locale, "water.picture.legend"), _font(15), WHITE)
    for k, (pid, d) in enumerate(w.divers.items()):
        y = ly + 26 + 24 * k
        _token(draw, seats.get(pid, 0), LEFT + 10, y + 8, 9, True, pid == active)
        line = t(locale, "water.picture.diver", player=n.player(pid), bubbles=d.bubbles, size=d.bubbles + d.used,
                 cell=water_cell(d.cell))
        _text(draw, (LEFT + 28, y), _ellipsize(line, _font(15), width - LEFT - 40), _font(15), WHITE)
    return image


def _bubble_count(draw: ImageDraw.ImageDraw, x: float, cy: float, n: int) -> None:
    draw.ellipse((x, cy - 8, x + 16, cy + 8), fill=BUBBLE, outline=INK, width=1)
    _text(draw, (x + 8, cy), str(n), _font(11), INK, anchor="mm")


def _lines(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], text: str, fill: RGB, top: int,
           size: int = 15, max_lines: int = 2) -> int:
    width = box[2] - box[0] - 14
    # a long name wraps, then takes a smaller size, before anything is cut
    lines, font = _fit_lines(text, width, (size, size - 2, size - 3), max_lines)
    step = _font_key(font) + 3
    y = top
    for line in lines:
        _text(draw, ((box[0] + box[2]) / 2, y), line, font, fill, anchor="ma")
        y += step
    return y


def _card(image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card_id: str, up: bool, n: Names,
          locale: str) -> None:
    inner = (box[0] + 14, box[1] + 20, box[2] - 14, box[3] - 38)
    if not up or card_id == HIDDEN:
        _rounded(image, inner, 8, CARD_BACK, WHITE, 2)
        _text(draw, ((inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2), "?", _font(26), WHITE, anchor="mm")
        return
    pack = water_pack()
    card = pack.card(card_id)
    kind = _kind(card)
    _rounded(image, inner, 8, PAPER, KIND_EDGE[kind], 3)
    name = pack.name(card_id, locale) or card_id
    y = _lines(draw, inner, name, INK, inner[1] + 5)
    extra = ""
    if isinstance(card, WaterCreature):
        parts = []
        if card.strength is not None:
            parts.append(t(locale, "water.picture.strength", n=card.strength))
        if card.willpower is not None:
            parts.append(t(locale, "water.picture.willpower", n=card.willpower))
        extra = " ".join(parts)
    elif isinstance(card, Obstacle) and card.current:
        extra = t(locale, "water.picture.current")
    elif isinstance(card, WaterLore):
        extra = t(locale, "water.picture.lore", n=card.experience)
    if extra:
        _text(draw, ((inner[0] + inner[2]) / 2, min(y, inner[3] - 16)), extra, _font(13), KIND_EDGE[kind], anchor="ma")


def _palace(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], state: ProphecyState, n: Names,
            locale: str) -> None:
    w = state.std().water_state()
    _text(draw, ((box[0] + box[2]) / 2, box[1] + 18), t(locale, "water.picture.palace"), _font(15), WHITE, anchor="ma")
    pack = water_pack()
    lines: list[str] = []
    if w.lord is not None:
        lord = pack.data.lord
        bonus = pack.fig("lord_bonus")
        lines.append(pack.name(lord.id, locale) or lord.id)
        lines.append(t(locale, "water.picture.strength", n=(lord.strength or 0) + bonus) + " "
                     + t(locale, "water.picture.willpower", n=(lord.willpower or 0) + bonus))
    elif w.gate:
        plane = state.std().plane(w.gate)
        if plane.greater is not None:
            shown = plane.greater != HIDDEN and "greater" in plane.up
            lines.append(n.card(plane.greater) if shown else t(locale, "water.picture.guardian_hidden"))
        if plane.artifact is not None:
            shown = plane.artifact != HIDDEN and "artifact" in plane.up
            lines.append(n.card(plane.artifact) if shown else t(locale, "water.picture.artifact_hidden"))
        lines.append(t(locale, "water.picture.pearls", n=w.pearls_left))
    # each line whole: in one row when it fits, else wrapped in two ("Guardiano Maggiore /
    # (coperto)"), and the rows closer together when there are four
    rows: list[tuple[str, Font, RGB]] = []
    for line in lines[:3]:
        ink = STAR_GOLD if line == lines[-1] else WHITE
        fitted, font = _fit_font(line, box[2] - box[0] - 12, (14, 13))
        if fitted == line:
            rows.append((fitted, font, ink))
            continue
        wrapped, font = _fit_lines(line, box[2] - box[0] - 12, (14, 13, 12), 2)
        rows.extend((part, font, ink) for part in wrapped)
    step = 19 if len(rows) <= 3 else 16
    y = box[1] + 39 if len(rows) <= 3 else box[1] + 35
    for text, font, ink in rows[:4]:
        _text(draw, ((box[0] + box[2]) / 2, y), text, font, ink, anchor="ma")
        y += step


def _entrance(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], locale: str) -> None:
    _text(draw, ((box[0] + box[2]) / 2, box[1] + 18), t(locale, "water.picture.entrance"), _font(15), WHITE,
          anchor="ma")
    faces = water_pack().data.compass.faces
    words = [f"{face}:{t(locale, f'water.picture.dir.{faces[face]}')}" for face in sorted(faces)]
    _text(draw, ((box[0] + box[2]) / 2, box[1] + 36), "  ".join(words[:3]), _font(13), WHITE, anchor="ma")
    _text(draw, ((box[0] + box[2]) / 2, box[1] + 52), "  ".join(words[3:]), _font(13), WHITE, anchor="ma")


def _gate_words(state: ProphecyState, n: Names, locale: str) -> str:
    w = state.std().water_state()
    if w.closed:
        return t(locale, "water.field.realm_closed")
    if w.gate is None:
        return t(locale, "water.field.realm_hidden")
    plane = next((pl for pl in n.pack.board.astral_planes if pl.id == w.gate), None)
    spaces = " / ".join(n.space(s) for s in plane.between) if plane else ""
    return t(locale, "water.picture.gate", spaces=spaces)


__all__ = ["draw_water", "render_water", "water_palette"]
