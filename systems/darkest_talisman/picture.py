"""The party picture: where the party is, as a PNG sent when the party moves.

Why it looks the way it does:

- One row of tiles is the road in its fixed order (B3): five terrains and the destination, or
  the nine spaces of the Tower road (C10), or the village alone. The party's tile has a strong
  frame and an arrow for the heading (out or home); a tile the party left cards on says how
  many wait there, since they are met again, last first, on the way back (C4a-k).
- Below, the Marching Order: one card per living character, the leader first, with life as a
  bar and the figures as numbers, so the picture reads without colour.
- A place's name is never cut: it is wrapped over up to three lines at the largest size where
  every line fits its tile (down to NAME_SIZES' smallest), so "Werewolf's Den" reads whole on
  the narrow tiles of the Tower road.
- What the expansions put on the road shows on its tiles, each as a labelled badge in a strip at
  the tile's foot (the strip is there only when something lies on the road): the roving figures
  (the Grim Reaper E2e-g, the Werewolf F6b), a fireland token as a drawn flame (I3) and a Terrain
  card laid (I4a; the tile's name is the terrain's already). A figure is also said in a line
  under the title, with how far it stands from the party or that it is off the road. While the
  Blood Moon's Time Card is out, the title band shows Day or Night as a drawn sun or moon and the
  word (F2b, F3), the Blood Moon itself when it has risen (F2a). An expansion Region's road (the
  City Road, J3d) is drawn as any road, the title naming the Region. `marks_of` builds all these
  texts, so they can be read without drawing.
- When the campaign is over a band under the title says how: a crown and who took it (each
  crowned character's card crowned too), or a grave and where the party fell.
- Only the font shipped in ui/fonts/ (DejaVu Sans Condensed, ui.fonts) at a few sizes: nothing
  is read from the system or downloaded. It has the accented letters ("Città" is written as
  it is); a character it lacks is "?". The heading is a drawn arrow. Text widths, fitted and
  wrapped texts are measured once per process and kept (most texts come back picture after
  picture: the places, the characters). The picture is small (a few KB of flat colours) and
  drawn once per state version (ui.pictures caches it), so it needs no band cache.
- It is written on a fixed palette (ui.palette, built once per process: the colours below and
  the blends their text makes over the tiles and cards), not on one computed for each picture,
  which took half of its time.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.darkest_talisman.view import CampaignView
from gm.i18n import t
from systems.darkest_talisman.describe import hero_figure
from systems.darkest_talisman.embeds import lost_text
from systems.darkest_talisman.names import Names, region_name
from ui import fonts
from ui import palette as fixed
from ui.text_runs import draw_text

WIDTH = 960
TILE_H = 120
CARD_H = 138
MARGIN = 16
PAPER = (246, 241, 228)
INK = (40, 34, 28)
MUTED = (120, 110, 96)
FRAME = (150, 40, 30)
TILE = (226, 214, 186)
DEST = (214, 196, 150)
VISITED = (236, 228, 208)
LIFE = (178, 34, 34)
LIFE_BACK = (230, 200, 200)
CARD = (255, 252, 244)
GOLD = (212, 168, 40)
STONE = (150, 146, 138)
FIRE = (226, 110, 30)
NIGHT = (44, 52, 96)
#: the figures that rove the road (engine/darkest_talisman/expansions: reaper.FIGURE, blood_moon.FIGURE)
FIGURES = ("grim_reaper", "werewolf_figure")
#: a badge at a tile's foot (a figure, a fireland token, a Terrain card), and its text size
MARK_H = 22
MARK_SIZE = 13
#: a line under the title saying where a figure stands
LINE_H = 22
LINE_SIZE = 15
#: font sizes tried for a place's name, largest first, and how many lines it may take
NAME_SIZES = (17, 15, 13, 12, 11, 10)
NAME_LINES = 3
#: the band saying how the campaign ended, and its text sizes
END_H = 64
END_SIZES = (18, 16, 14, 13, 12)


def font(size: int) -> ImageFont.FreeTypeFont:
    return fonts.font(size)


def plain(text: str) -> str:
    """`text` in the characters the font draws (ui.fonts.drawable)."""
    return fonts.drawable(text)


#: measures text as every picture's RGB drawing does (a width depends on the text, the font and
#: the image mode alone), so the widths are measured once per process and kept
_MEASURE = ImageDraw.Draw(Image.new("RGB", (1, 1)))


@lru_cache(maxsize=8192)
def _length(text: str, size: int) -> float:
    """The width in pixels of `text` at `size`, as drawn on an RGB picture."""
    return float(_MEASURE.textlength(text, font=font(size)))


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    """The text (in characters the font has) cut with an ellipsis to fit `width` pixels."""
    return _fitted(text, size, width)


@lru_cache(maxsize=4096)
def _fitted(text: str, size: int, width: int) -> str:
    text = plain(text)
    if _length(text, size) <= width:
        return text
    while text and _length(text + "...", size) > width:
        text = text[:-1]
    return text + "..."


def wrap(draw: ImageDraw.ImageDraw, text: str, width: int, sizes: tuple[int, ...], max_lines: int) -> tuple[int, list[str]]:
    """(size, lines): `text` (in characters the font has) over at most `max_lines` lines, at the
    largest of `sizes` where every line fits `width` pixels, whole words kept together. A word
    too long for a line even at the smallest size is split with a hyphen, never cut off."""
    size, lines = _wrapped(text, width, sizes, max_lines)
    return size, list(lines)


@lru_cache(maxsize=4096)
def _wrapped(text: str, width: int, sizes: tuple[int, ...], max_lines: int) -> tuple[int, tuple[str, ...]]:
    words = plain(text).split()
    for size in sizes:
        lines = _wrap_words(words, size, width)
        if lines is not None and len(lines) <= max_lines:
            return size, tuple(lines)
    return sizes[-1], tuple(_wrap_letters(" ".join(words), sizes[-1], width))


def _wrap_words(words: list[str], size: int, width: int) -> list[str] | None:
    """Words filled into lines of `width` pixels; None when one word alone is wider."""
    lines: list[str] = []
    line = ""
    for w in words:
        if _length(w, size) > width:
            return None
        probe = f"{line} {w}".strip()
        if _length(probe, size) <= width:
            line = probe
        else:
            lines.append(line)
            line = w
    if line:
        lines.append(line)
    return lines


def _wrap_letters(text: str, size: int, width: int) -> list[str]:
    """The last resort: lines filled letter by letter, a hyphen where a word is split."""
    lines: list[str] = []
    line = ""
    for ch in text:
        if _length(line + ch + "-", size) <= width or not line:
            line += ch
        else:
            lines.append(line if line.endswith(" ") or ch == " " else line + "-")
            line = ch.strip()
    if line:
        lines.append(line)
    return [x.strip() for x in lines]


def _crown(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int) -> None:
    """A drawn crown (the font has no symbols): a band with three points and a jewel on each."""
    points = [(x, y + h), (x, y + h // 3), (x + w // 4, y + h * 2 // 3), (x + w // 2, y), (x + w * 3 // 4, y + h * 2 // 3),
              (x + w, y + h // 3), (x + w, y + h)]
    draw.polygon(points, fill=GOLD, outline=INK)
    for px, py in ((x, y + h // 3), (x + w // 2, y), (x + w, y + h // 3)):
        draw.ellipse((px - 3, py - 3, px + 3, py + 3), fill=FRAME)


def _grave(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int) -> None:
    """A drawn gravestone with a cross: the whole party has fallen."""
    draw.rounded_rectangle((x, y, x + w, y + h), radius=w // 2, fill=STONE, outline=INK)
    draw.rectangle((x, y + h // 2, x + w, y + h), fill=STONE, outline=INK)
    draw.line((x + 1, y + h // 2, x + w - 1, y + h // 2), fill=STONE)
    cx = x + w // 2
    draw.line((cx, y + 8, cx, y + h - 10), fill=INK, width=3)
    draw.line((cx - 8, y + 16, cx + 8, y + 16), fill=INK, width=3)


def end_of(n: Names) -> tuple[str, str, list[str]] | None:
    """How the campaign ended (None while it runs): (the headline, the sentence under it, the
    crowned characters' uids)."""
    d = n.data
    if d.get("status") != "finished":
        return None
    loc = n.locale
    outcome = d.get("outcome") or "lost"
    crowned = [u for u in d.get("crowned", []) if u in n.heroes]
    if len(crowned) == 1:
        text = t(loc, "talisman.embed.crowned", heroes=n.hero(crowned[0]), player=n.seat(n.controller(crowned[0])))
    elif crowned:
        heroes = ", ".join(t(loc, "talisman.embed.crowned_one", hero=n.hero(u), player=n.seat(n.controller(u))) for u in crowned)
        text = t(loc, "talisman.embed.crowned_together", heroes=heroes)
    else:
        text = lost_text(n, d)  # the end embed's own sentence
    return t(loc, f"talisman.embed.end_{outcome}"), text, crowned


def tiles_of(n: Names) -> tuple[str, list[dict[str, Any]]]:
    """(the title, one tile per space: name, the party here, cards left, a destination)."""
    d = n.data
    loc = n.locale
    trip, tower = d.get("trip"), d.get("tower")
    if trip is not None:
        title = t(loc, "talisman.picture.road", region=region_name(n.pack, trip["region"], loc),
                  destination=n.location(trip["destination"]))
        tiles = []
        for k, space in enumerate(trip["road"]):
            tiles.append({"name": n.location(space.get("special") or space["location"]), "here": k == trip["position"],
                          "left": sum(1 for s in space.get("spots", []) if s.get("card")) if k != trip["position"]
                          else sum(1 for s in trip.get("spots", []) if s.get("card") and not s.get("met")),
                          "visited": bool(space.get("visited")), "dest": k == len(trip["road"]) - 1,
                          "day": k + 1, "heading": trip["heading"]})
        return title, tiles
    if tower is not None:
        road = n.pack.region("tower").road
        title = t(loc, "talisman.picture.tower")
        return title, [{"name": n.location(x), "here": k == tower["index"], "left": 0, "visited": k < tower["index"],
                        "dest": k == len(road) - 1, "day": k + 1, "heading": "out"} for k, x in enumerate(road)]
    village = d.get("village", "village")
    title = t(loc, "talisman.picture.village", village=n.location(village))
    return title, [{"name": n.location(village), "here": True, "left": 0, "visited": True, "dest": False, "day": 0,
                    "heading": "out"}]


@dataclass
class Marks:
    """What the expansions add to the picture, as the texts it draws: the Time Card (None, "day"
    or "night"), whether the Blood Moon has risen, the title band's word for them; a line per
    roving figure; per road index the badges on that tile, each (kind, label): kind is a figure
    id, "fire" or "terrain"."""

    sky: str | None = None
    risen: bool = False
    sky_text: str = ""
    lines: list[str] = field(default_factory=list)
    tiles: dict[int, list[tuple[str, str]]] = field(default_factory=dict)


def marks_of(n: Names) -> Marks:
    """The expansions' marks for the picture (empty when the campaign plays the core alone): the
    figures on the road (E2e-g, F6b), Day or Night and the Blood Moon (F2a-b, F3), fireland
    tokens (I3) and Terrain cards (I4a)."""
    d = n.data
    ext = d.get("ext")
    marks = Marks()
    if not ext:
        return marks
    loc = n.locale
    trip = d.get("trip")
    road = len(trip["road"]) if trip is not None else 0
    if ext.get("blood_moon") or ext.get("den_trip"):  # the Time Card is out (F2b, F8d)
        marks.sky = "night" if ext.get("night") else "day"
        marks.risen = bool(ext.get("blood_moon"))
        word = t(loc, f"talisman.picture.time_{marks.sky}")
        marks.sky_text = t(loc, "talisman.picture.risen", time=word) if marks.risen else word
    for fig in ext.get("figures", []):
        fid = str(fig["id"])
        name = t(loc, f"talisman.picture.figure.{fid}") if fid in FIGURES else fid
        where = int(fig["position"])
        if trip is None or not 0 <= where < road:
            marks.lines.append(t(loc, "talisman.picture.figure_off", figure=name))
            continue
        marks.lines.append(t(loc, "talisman.picture.figure_on", figure=name, space=where + 1,
                             behind=abs(int(trip["position"]) - where)))
        marks.tiles.setdefault(where, []).append((fid, name))
    if trip is not None:
        for k in sorted(int(x) for x in ext.get("fire_tokens", [])):
            if 0 <= k < road:
                marks.tiles.setdefault(k, []).append(("fire", t(loc, "talisman.picture.fire_token")))
        for k in sorted(int(x) for x in (ext.get("terrain_laid") or {})):
            if 0 <= k < road:
                marks.tiles.setdefault(k, []).append(("terrain", t(loc, "talisman.picture.terrain")))
    return marks


def _sun(draw: ImageDraw.ImageDraw, x: int, y: int, r: int) -> None:
    """A drawn sun: a gold disc with eight rays (Day, F3)."""
    cx, cy = x + r, y + r
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        k = 0.7 if dx and dy else 1.0
        draw.line((cx + dx * r * 0.6 * k, cy + dy * r * 0.6 * k, cx + dx * r * k, cy + dy * r * k), fill=GOLD, width=2)
    draw.ellipse((cx - r // 2, cy - r // 2, cx + r // 2, cy + r // 2), fill=GOLD, outline=INK)


def _moon(draw: ImageDraw.ImageDraw, x: int, y: int, r: int, blood: bool) -> None:
    """A drawn moon on a night disc: a crescent (Night, F3), or the full red Blood Moon (F2a)."""
    draw.ellipse((x, y, x + 2 * r, y + 2 * r), fill=NIGHT, outline=INK)
    if blood:
        draw.ellipse((x + 5, y + 5, x + 2 * r - 5, y + 2 * r - 5), fill=LIFE)
    else:
        draw.ellipse((x + 5, y + 5, x + 2 * r - 5, y + 2 * r - 5), fill=GOLD)
        draw.ellipse((x + 10, y + 3, x + 2 * r - 1, y + 2 * r - 8), fill=NIGHT)


def _flame(draw: ImageDraw.ImageDraw, x: int, y: int, h: int) -> None:
    """A drawn flame (a fireland token, I3)."""
    w = h * 2 // 3
    draw.polygon([(x + w // 2, y), (x + w, y + h * 2 // 3), (x + w * 3 // 4, y + h), (x + w // 4, y + h), (x, y + h * 2 // 3)],
                 fill=FIRE, outline=INK)


def _badge(draw: ImageDraw.ImageDraw, kind: str, label: str, x: int, y: int, w: int) -> None:
    """One mark at a tile's foot: a card-coloured badge, a drawn sign for its kind and its label."""
    draw.rounded_rectangle((x, y, x + w, y + MARK_H - 4), radius=5, fill=CARD, outline=INK, width=2 if kind in FIGURES else 1)
    if kind == "fire":
        _flame(draw, x + 4, y + 2, MARK_H - 8)
    elif kind == "terrain":
        draw.rectangle((x + 5, y + 5, x + 14, y + MARK_H - 9), fill=DEST, outline=INK)
    elif kind == "werewolf_figure":
        draw.polygon([(x + 4, y + MARK_H - 7), (x + 7, y + 3), (x + 10, y + 8), (x + 13, y + 3), (x + 16, y + MARK_H - 7)],
                     fill=MUTED, outline=INK)
    else:  # the Grim Reaper and any other figure: a hooded head
        draw.pieslice((x + 4, y + 3, x + 16, y + MARK_H - 3), 180, 360, fill=INK)
        draw.rectangle((x + 4, y + (MARK_H - 3) // 2 + 1, x + 16, y + MARK_H - 7), fill=INK)
    draw_text(draw, (x + 21, y + 2), _fit(draw, label, MARK_SIZE, w - 25), font=font(MARK_SIZE), fill=INK)


@lru_cache(maxsize=1)
def party_palette() -> fixed.Palette:
    """Every colour of the picture, exactly, and the shades of its text over what lies under
    it (text is the only anti-aliased stroke): (text colour, background) as `draw_party` draws them."""
    keys = [PAPER, INK, MUTED, FRAME, TILE, DEST, VISITED, LIFE, LIFE_BACK, CARD, GOLD, STONE, FIRE, NIGHT]
    pairs = [(INK, PAPER), (INK, CARD), (MUTED, CARD),
             *((ink, tile) for tile in (TILE, DEST, VISITED) for ink in (INK, MUTED, FRAME))]
    return fixed.fixed_palette(keys, pairs, size=128)


def render_party(view: CampaignView, locale: str) -> bytes:
    """The picture as PNG bytes, drawn from what a spectator may see."""
    return fixed.encode(draw_party(view, locale), party_palette())


def draw_party(view: CampaignView, locale: str) -> Image.Image:
    """The picture drawn (RGB)."""
    n = Names(view, locale)
    title, tiles = tiles_of(n)
    party = n.party()
    end = end_of(n)
    marks = marks_of(n)
    # the tiles grow a strip for the most badges any one of them holds (none: no strip)
    tile_h = TILE_H + MARK_H * max((len(x) for x in marks.tiles.values()), default=0)
    lines_h = LINE_H * len(marks.lines) + (MARGIN // 2 if marks.lines else 0)
    # the Marching Order's row only while someone is left in it (a fallen party has none)
    height = MARGIN * 3 + 34 + lines_h + tile_h + (CARD_H + MARGIN if party else 0) + (END_H + MARGIN if end else 0)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    title_w = WIDTH - 2 * MARGIN
    if marks.sky:  # the Time Card at the title band's right: a drawn sun or moon and the word (F2b, F3)
        word = plain(marks.sky_text)
        word_w = int(_length(word, 18))
        x = WIDTH - MARGIN - word_w
        draw_text(draw, (x, MARGIN + 6), word, font=font(18), fill=INK)
        x -= 36
        if marks.sky == "day" and not marks.risen:
            _sun(draw, x, MARGIN + 2, 15)
        else:
            _moon(draw, x, MARGIN + 2, 15, marks.risen)
        title_w = x - 12 - MARGIN
    draw_text(draw, (MARGIN, MARGIN), _fit(draw, end[0] if end else title, 24, title_w), font=font(24), fill=INK)
    top = MARGIN + 34 + MARGIN
    for j, line in enumerate(marks.lines):  # where each roving figure stands (E2e, F6b)
        draw_text(draw, (MARGIN, top - MARGIN // 2 + j * LINE_H), _fit(draw, line, LINE_SIZE, WIDTH - 2 * MARGIN),
                  font=font(LINE_SIZE), fill=INK)
    top += lines_h
    crowned: list[str] = []
    if end:  # the band saying how it ended, then the place it ended in
        crowned = end[2]
        draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + END_H), radius=10, fill=CARD,
                               outline=GOLD if crowned else STONE, width=3)
        (_crown if crowned else _grave)(draw, MARGIN + 14, top + 10, 44, END_H - 20)
        size, lines = wrap(draw, end[1], WIDTH - 2 * MARGIN - 90, END_SIZES, 2)
        y = top + (END_H - len(lines) * (size + 4)) // 2
        for j, line in enumerate(lines):
            draw_text(draw, (MARGIN + 74, y + j * (size + 4)), line, font=font(size), fill=INK)
        top += END_H + MARGIN
    count = len(tiles)
    gap = 8
    tile_w = (WIDTH - 2 * MARGIN - gap * (count - 1)) // count
    for i, tile in enumerate(tiles):
        x = MARGIN + i * (tile_w + gap)
        fill = DEST if tile["dest"] else VISITED if tile["visited"] and not tile["here"] else TILE
        draw.rounded_rectangle((x, top, x + tile_w, top + tile_h), radius=10, fill=fill,
                               outline=FRAME if tile["here"] else MUTED, width=5 if tile["here"] else 1)
        if tile["day"]:
            draw_text(draw, (x + 8, top + 6), t(locale, "talisman.picture.day", n=tile["day"]), font=font(14), fill=MUTED)
        size, lines = wrap(draw, tile["name"], tile_w - 14, NAME_SIZES, NAME_LINES)  # whole, never cut
        for j, text in enumerate(lines):
            draw_text(draw, (x + 8, top + 26 + j * (size + 4)), text, font=font(size), fill=INK)
        if tile["left"]:
            draw_text(draw, (x + 8, top + TILE_H - 26), t(locale, "talisman.picture.cards", n=tile["left"]), font=font(14),
                      fill=FRAME)
        if tile["here"] and count > 1:  # the heading, as a drawn arrow head
            tip, back = (x + tile_w - 10, x + tile_w - 26) if tile["heading"] == "out" else (x + tile_w - 26, x + tile_w - 10)
            draw.polygon([(back, top + 8), (tip, top + 16), (back, top + 24)], fill=FRAME)
        for j, (kind, label) in enumerate(marks.tiles.get(i, [])):  # the expansions' badges, at the foot
            _badge(draw, kind, label, x + 6, top + TILE_H - 2 + j * MARK_H, tile_w - 12)
    top += tile_h + MARGIN
    slots = max(3, len(party))
    card_w = (WIDTH - 2 * MARGIN - gap * (slots - 1)) // slots
    for i, h in enumerate(party):
        x = MARGIN + i * (card_w + gap)
        draw.rounded_rectangle(
            (x, top, x + card_w, top + CARD_H),
            radius=8,
            fill=CARD,
            outline=GOLD if h["uid"] in crowned else INK,
            width=4 if h["uid"] in crowned else 2 if i == 0 else 1,
        )
        if h["uid"] in crowned:
            _crown(draw, x + card_w - 40, top + 8, 30, 20)
        sheet = n.pack.character(h["card"])
        name = (t(locale, "talisman.picture.leader") + " " if i == 0 else "") + n.thing(h["card"])
        draw_text(draw, (x + 10, top + 8), _fit(draw, name, 18, card_w - 20 - (36 if h["uid"] in crowned else 0)),
                  font=font(18), fill=INK)
        draw_text(draw, (x + 10, top + 32), _fit(draw, n.seat(n.controller(h["uid"])), 14, card_w - 20), font=font(14),
                  fill=MUTED)
        bar_w = card_w - 20
        full = max(sheet.life, h["life"], 1)
        draw.rectangle((x + 10, top + 54, x + 10 + bar_w, top + 66), fill=LIFE_BACK)
        draw.rectangle((x + 10, top + 54, x + 10 + int(bar_w * h["life"] / full), top + 66), fill=LIFE)
        figures = t(locale, "talisman.picture.figures", life=h["life"], fate=h["fate"], gold=h["gold"])
        draw_text(draw, (x + 10, top + 74), _fit(draw, figures, 15, card_w - 20), font=font(15), fill=INK)
        # Strength and Craft as everywhere else: the total, the base in brackets (ruling `strength_shown`)
        fighting = t(locale, "talisman.picture.fighting", strength=hero_figure(n, h["uid"], "strength"),
                     craft=hero_figure(n, h["uid"], "craft"))
        draw_text(draw, (x + 10, top + 94), _fit(draw, fighting, 15, card_w - 20), font=font(15), fill=INK)
        carried = len(h["objects"]) + len(h["followers"])
        draw_text(draw, (x + 10, top + 114), _fit(draw, t(locale, "talisman.picture.carried", n=carried), 14, card_w - 20),
                  font=font(14), fill=MUTED)
    return image
