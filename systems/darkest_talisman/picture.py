"""The party picture: where the party is, as a PNG sent when the party moves.

Why it looks the way it does:

- One row of tiles is the road in its fixed order (B3): five terrains and the destination, or
  the nine spaces of the Tower road (C10), or the village alone. The party's tile has a strong
  frame and an arrow for the heading (out or home); a tile the party left cards on says how
  many wait there, since they are met again, last first, on the way back (C4a-k).
- Below, the Marching Order: one card per living character, the leader first, with life as a
  bar and the figures as numbers, so the picture reads without colour.
- Only Pillow's bundled font at a few sizes (`ImageFont.load_default(size=...)`): nothing is
  read from the system or downloaded. It covers ASCII only, so an accented letter is written
  the typewriter way ("Città" as "Citta'"), and the heading is a drawn arrow. The picture is small (a few KB of flat colours) and
  drawn once per state version (ui.pictures caches it), so it needs no band cache.
"""
from __future__ import annotations

import io
import unicodedata
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.darkest_talisman.view import CampaignView
from gm.i18n import t
from systems.darkest_talisman.describe import hero_figure
from systems.darkest_talisman.names import Names, region_name

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


@lru_cache(maxsize=8)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


#: combining marks written after their letter, as an Italian typewriter does ("Citta'")
_APOSTROPHE = ("\u0300", "\u0301")


@lru_cache(maxsize=1024)
def plain(text: str) -> str:
    """`text` in the characters the bundled font draws: accents as an apostrophe after the
    letter, other marks dropped, anything else outside ASCII as "?"."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
            continue
        parts = unicodedata.normalize("NFD", ch)
        if parts[0].isascii() and len(parts) > 1:
            out.append(parts[0] + ("'" if any(m in _APOSTROPHE for m in parts[1:]) else ""))
        else:
            out.append({"…": "...", "·": "-", "—": "-", "–": "-"}.get(ch, "?"))
    return "".join(out)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    """The text (in characters the font has) cut with an ellipsis to fit `width` pixels."""
    text = plain(text)
    f = font(size)
    if draw.textlength(text, font=f) <= width:
        return text
    while text and draw.textlength(text + "...", font=f) > width:
        text = text[:-1]
    return text + "..."


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


def render_party(view: CampaignView, locale: str) -> bytes:
    """The picture as PNG bytes, drawn from what a spectator may see."""
    n = Names(view, locale)
    title, tiles = tiles_of(n)
    party = n.party()
    height = MARGIN * 4 + 34 + TILE_H + CARD_H
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, MARGIN), _fit(draw, title, 24, WIDTH - 2 * MARGIN), font=font(24), fill=INK)
    top = MARGIN + 34 + MARGIN
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
        words = plain(tile["name"]).split(" ")
        lines, line = [], ""
        for w in words:  # up to two lines of the place's name
            probe = f"{line} {w}".strip()
            if draw.textlength(probe, font=font(17)) <= tile_w - 14 or not line:
                line = probe
            else:
                lines.append(line)
                line = w
        lines.append(line)
        for j, text in enumerate(lines[:2]):
            draw.text((x + 8, top + 28 + j * 21), _fit(draw, text, 17, tile_w - 14), font=font(17), fill=INK)
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
        draw.rounded_rectangle((x, top, x + card_w, top + CARD_H), radius=8, fill=CARD, outline=INK, width=2 if i == 0 else 1)
        sheet = n.pack.character(h["card"])
        name = (t(locale, "talisman.picture.leader") + " " if i == 0 else "") + n.thing(h["card"])
        draw.text((x + 10, top + 8), _fit(draw, name, 18, card_w - 20), font=font(18), fill=INK)
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
    out = io.BytesIO()
    image.convert("P", palette=Image.Palette.ADAPTIVE, colors=64).save(out, format="PNG", optimize=False)
    return out.getvalue()
