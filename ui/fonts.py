"""The one font every picture is drawn with: DejaVu Sans Condensed, shipped beside this file
(ui/fonts/, with its licence), so a picture looks the same on every machine and nothing is read
from the system or downloaded.

Why this font: it has the accented letters Italian needs ("Città", "Perché", "È") and the
typographic marks the names use ("—", "…", "·"), which Pillow's bundled font lacks; and its
condensed widths are close to that bundled font's, for which the pictures' layouts were sized.
A character it has no glyph for (an emoji in a display name) is drawn as "?", never as a box.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_FILE = Path(__file__).resolve().parent / "fonts" / "DejaVuSansCondensed.ttf"
#: a code point no font has (plane 16, private use): what the font draws for a missing glyph
_MISSING = "\U0010fffd"
#: the size at which glyphs are compared (any size would do)
_PROBE = 16


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The font at `size` pixels; loading costs about a millisecond, so one is kept per size."""
    return ImageFont.truetype(str(FONT_FILE), size)


def _ink(ch: str) -> bytes:
    im = Image.new("L", (3 * _PROBE, 3 * _PROBE))
    ImageDraw.Draw(im).text((_PROBE // 2, _PROBE // 2), ch, font=font(_PROBE), fill=255)
    return im.tobytes()


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the font draws `ch` as itself rather than its missing-glyph box."""
    return ch.isascii() or ch.isspace() or _ink(ch) != _ink(_MISSING)


@lru_cache(maxsize=8192)
def drawable(text: str) -> str:
    """`text` with every character the font lacks as "?"."""
    if text.isascii():
        return text
    return "".join(ch if has_glyph(ch) else "?" for ch in text)
