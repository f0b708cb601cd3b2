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
- When the campaign is over a band under the title says how: a crown and who took it (each
  crowned character's card crowned too), or a grave and where the party fell.
- Only the font shipped in ui/fonts/ (DejaVu Sans Condensed, ui.fonts) at a few sizes: nothing
  is read from the system or downloaded. It has the accented letters ("Città" is written as
  it is); a character it lacks is "?". The heading is a drawn arrow. The picture is small (a few KB of flat colours) and
  drawn once per state version (ui.pictures caches it), so it needs no band cache.
- It is written on a fixed palette (ui.palette, built once per process: the colours below and
  the blends their text makes over the tiles and cards), not on one computed for each picture,
  which took half of its time.
"""
from __future__ import annotations

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


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    """The text (in characters the font has) cut with an ellipsis to fit `width` pixels."""
    text = plain(text)
    f = font(size)
    if draw.textlength(text, font=f) <= width:
        return text
    while text and draw.textlength(text + "...", font=f) > width:
        text = text[:-1]
    return text + "..."


def wrap(draw: ImageDraw.ImageDraw, text: str, width: int, sizes: tuple[int, ...], max_lines: int) -> tuple[int, list[str]]:
    """(size, lines): `text` (in characters the font has) over at most `max_lines` lines, at the
    largest of `sizes` where every line fits `width` pixels, whole words kept together. A word
    too long for a line even at the smallest size is split with a hyphen, never cut off."""
    words = plain(text).split()
    for size in sizes:
        f = font(size)
        lines = _wrap_words(draw, words, f, width)
        if lines is not None and len(lines) <= max_lines:
            return size, lines
    f = font(sizes[-1])
    return sizes[-1], _wrap_letters(draw, " ".join(words), f, width)


def _wrap_words(draw: ImageDraw.ImageDraw, words: list[str], f: Any, width: int) -> list[str] | None:
    """Words filled into lines of `width` pixels; None when one word alone is wider."""
    lines: list[str] = []
    line = ""
    for w in words:
        if draw.textlength(w, font=f) > width:
            return None
        probe = f"{line} {w}".strip()
        if draw.textlength(probe, font=f) <= width:
            line = probe
        else:
            lines.append(line)
            line = w
    if line:
        lines.append(line)
    return lines


def _wrap_letters(draw: ImageDraw.ImageDraw, text: str, f: Any, width: int) -> list[str]:
    """The last resort: lines filled letter by letter, a hyphen where a word is split."""
    lines: list[str] = []
    line = ""
    for ch in text:
        if draw.textlength(line + ch + "-", font=f) <= width or not line:
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


@lru_cache(maxsize=1)
def party_palette() -> fixed.Palette:
    """Every colour of the picture, exactly, and the shades of its text over what lies under
    it (text is the only anti-aliased stroke): (text colour, background) as `draw_party` draws them."""
    keys = [PAPER, INK, MUTED, FRAME, TILE, DEST, VISITED, LIFE, LIFE_BACK, CARD, GOLD, STONE]
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
    # the Marching Order's row only while someone is left in it (a fallen party has none)
    height = MARGIN * 3 + 34 + TILE_H + (CARD_H + MARGIN if party else 0) + (END_H + MARGIN if end else 0)
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, MARGIN), _fit(draw, end[0] if end else title, 24, WIDTH - 2 * MARGIN), font=font(24), fill=INK)
    top = MARGIN + 34 + MARGIN
    crowned: list[str] = []
    if end:  # the band saying how it ended, then the place it ended in
        crowned = end[2]
        draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + END_H), radius=10, fill=CARD,
                               outline=GOLD if crowned else STONE, width=3)
        (_crown if crowned else _grave)(draw, MARGIN + 14, top + 10, 44, END_H - 20)
        size, lines = wrap(draw, end[1], WIDTH - 2 * MARGIN - 90, END_SIZES, 2)
        y = top + (END_H - len(lines) * (size + 4)) // 2
        for j, line in enumerate(lines):
            draw.text((MARGIN + 74, y + j * (size + 4)), line, font=font(size), fill=INK)
        top += END_H + MARGIN
    count = len(tiles)
    gap = 8
    tile_w = (WIDTH - 2 * MARGIN - gap * (count - 1)) // count
    for i, tile in enumerate(tiles):
        x = MARGIN + i * (tile_w + gap)
        fill = DEST if tile["dest"] else VISITED if tile["visited"] and not tile["here"] else TILE
        draw.rounded_rectangle((x, top, x + tile_w, top + TILE_H), radius=10, fill=fill,
                               outline=FRAME if tile["here"] else MUTED, width=5 if tile["here"] else 1)
        if tile["day"]:
            draw.text((x + 8, top + 6), t(locale, "talisman.picture.day", n=tile["day"]), font=font(14), fill=MUTED)
        size, lines = wrap(draw, tile["name"], tile_w - 14, NAME_SIZES, NAME_LINES)  # whole, never cut
        for j, text in enumerate(lines):
            draw.text((x + 8, top + 26 + j * (size + 4)), text, font=font(size), fill=INK)
        if tile["left"]:
            draw.text((x + 8, top + TILE_H - 26), t(locale, "talisman.picture.cards", n=tile["left"]), font=font(14), fill=FRAME)
        if tile["here"] and count > 1:  # the heading, as a drawn arrow head
            tip, back = (x + tile_w - 10, x + tile_w - 26) if tile["heading"] == "out" else (x + tile_w - 26, x + tile_w - 10)
            draw.polygon([(back, top + 8), (tip, top + 16), (back, top + 24)], fill=FRAME)
    top += TILE_H + MARGIN
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
        draw.text(
            (x + 10, top + 8), _fit(draw, name, 18, card_w - 20 - (36 if h["uid"] in crowned else 0)), font=font(18), fill=INK
        )
        draw.text((x + 10, top + 32), _fit(draw, n.seat(n.controller(h["uid"])), 14, card_w - 20), font=font(14), fill=MUTED)
        bar_w = card_w - 20
        full = max(sheet.life, h["life"], 1)
        draw.rectangle((x + 10, top + 54, x + 10 + bar_w, top + 66), fill=LIFE_BACK)
        draw.rectangle((x + 10, top + 54, x + 10 + int(bar_w * h["life"] / full), top + 66), fill=LIFE)
        figures = t(locale, "talisman.picture.figures", life=h["life"], fate=h["fate"], gold=h["gold"])
        draw.text((x + 10, top + 74), _fit(draw, figures, 15, card_w - 20), font=font(15), fill=INK)
        # Strength and Craft as everywhere else: the total, the base in brackets (ruling `strength_shown`)
        fighting = t(locale, "talisman.picture.fighting", strength=hero_figure(n, h["uid"], "strength"),
                     craft=hero_figure(n, h["uid"], "craft"))
        draw.text((x + 10, top + 94), _fit(draw, fighting, 15, card_w - 20), font=font(15), fill=INK)
        carried = len(h["objects"]) + len(h["followers"])
        draw.text((x + 10, top + 114), _fit(draw, t(locale, "talisman.picture.carried", n=carried), 14, card_w - 20),
                  font=font(14), fill=MUTED)
    return image
