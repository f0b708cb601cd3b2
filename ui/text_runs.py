"""Text drawn from a cache of rendered runs: the same pixels as Pillow's `ImageDraw.text`.

Why: rendering a line of text with FreeType (and raqm's layout) is the costliest step of a
picture drawn in one pass: about 0.2-0.7 ms a line, 60-70 lines in a Water Realm picture, ~30
in the campaign's party picture. The lines repeat from one picture to the next (the cells'
names, the captions, most figures), so each distinct run is rendered once per process.

Why it is the same picture: `ImageDraw.text` draws a single line by asking the font for the
line's mask at the point's fractional part (`getmask2(..., start=...)`) and blending the ink
through it at the point's whole part plus the mask's offset (`draw_bitmap`). `draw_text` does
exactly those two steps, with the mask taken from the cache when the same text, font, mode,
anchor, ink and fractional start were rendered before. Anything else (several lines, another
kind of font, a colour given by name, a palette image) is left to `ImageDraw.text` itself.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

#: distinct runs kept: a mask is a few KB (a long line ~20 KB), so at most a few tens of MB
RUNS_KEPT = 2048


@lru_cache(maxsize=RUNS_KEPT)
def _run(text: str, font: ImageFont.FreeTypeFont, mode: str, anchor: str, ink: int,
         start: tuple[float, float]) -> tuple[Any, tuple[int, int]]:
    """The line's mask (Pillow's core image) and its offset from the point, as `ImageDraw.text`
    asks the font for them."""
    return font.getmask2(text, mode, None, None, None, 0, anchor, ink, start, stroke_filled=True)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font: Any = None, fill: Any = None,
              anchor: str | None = None) -> None:
    """`draw.text(xy, text, font=font, fill=fill, anchor=anchor)`, the same pixels, a run
    rendered once per process."""
    if (not isinstance(font, ImageFont.FreeTypeFont) or "\n" in text or isinstance(fill, str) or fill is None
            or draw.palette is not None or draw.fontmode != "L"):
        draw.text(xy, text, font=font, fill=fill, anchor=anchor)
        return
    ink = draw.draw.draw_ink(fill)
    x, y = xy
    mask, (dx, dy) = _run(text, font, draw.fontmode, anchor or "la", ink, (math.modf(x)[0], math.modf(y)[0]))
    draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)


def ink_mask(text: str, font: ImageFont.FreeTypeFont, anchor: str = "la") -> tuple[Image.Image, int, int]:
    """The coverage of `text` drawn at a whole point as an 8-bit mask just holding it, and the
    mask's offset from the point: what `ImageDraw.text` in white on black draws there."""
    glyphs, (left, top) = _run(text, font, "L", anchor, 255, (0.0, 0.0))
    width, height = glyphs.size
    mask = Image.new("L", (max(1, width), max(1, height)), 0)
    if width and height:
        ImageDraw.Draw(mask).draw.draw_bitmap((0, 0), glyphs, 255)
    return mask, left, top


def clear() -> None:
    """Forget every run (tests and benchmarks that time a drawing from nothing)."""
    _run.cache_clear()


def runs_cached() -> int:
    """How many runs the cache holds (tests, benchmarks)."""
    return _run.cache_info().currsize
