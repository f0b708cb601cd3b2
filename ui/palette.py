"""Fixed palettes for the pictures drawn in a few flat colours (issue 30: keep the loop free).

Why: a picture is sent as an 8-bit palette PNG (a third of an RGB one). Computing a fresh
palette for every picture (median cut, Pillow's adaptive palette) cost more than drawing it:
24 of the 37 ms of a Water Realm picture, 12 of the 22 ms of the campaign's party picture.
Those pictures are drawn by Pillow from a handful of colours; shapes are not anti-aliased, only
text is, and a letter's edge is a blend of its colour over what lies under it. So the palette
can be known before anything is drawn: every colour the module uses, exactly, then for each
(text colour, background) pair the picture draws a few blends between the two. It is built
once per process (the callers keep it in an `lru_cache`) and mapping a picture onto it takes
about 2 ms.

Pillow maps a pixel to the palette through a cache of 6-bit boxes (the low two bits of each
channel dropped): a blend sharing a box with a key colour could take that colour's pixels, so
such blends are left out (the key colour stands for them), and so is a second blend in a box
already taken. A key colour's pixels therefore always keep their exact colour.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence, cast

from PIL import Image

from ui import png

RGB = tuple[int, int, int]
#: blends per (text, background) pair: 1/8 .. 7/8 of the way from the background to the text
BLEND_STEPS = 7


@dataclass(frozen=True)
class Palette:
    """A palette as Pillow wants it for `quantize(palette=...)`, and its colours."""

    image: Image.Image
    colours: tuple[RGB, ...]


def _box(c: RGB) -> RGB:
    return (c[0] >> 2, c[1] >> 2, c[2] >> 2)


def fixed_palette(keys: Iterable[RGB], pairs: Iterable[tuple[RGB, RGB]], steps: int = BLEND_STEPS,
                  size: int = 256) -> Palette:
    """The key colours, exactly, then the blends of each (foreground, background) pair at
    `steps` even steps (without blends sharing a 6-bit box with a colour already in), at most
    `size` colours. Deterministic: the same arguments give the same palette in every process."""
    # cast: a key colour is three channels (RGB), perhaps given as a list
    colours: list[RGB] = list(dict.fromkeys(cast(RGB, tuple(c)) for c in keys))
    if len(colours) > size:
        raise ValueError(f"{len(colours)} key colours do not fit a palette of {size}")
    taken = {_box(c) for c in colours}
    for fg, bg in pairs:
        for k in range(1, steps + 1):
            a = k / (steps + 1)
            # cast: a blend of two RGB colours, channel by channel, is three channels too
            c = cast(RGB, tuple(round(b + (f - b) * a) for f, b in zip(fg, bg, strict=True)))
            if _box(c) in taken:
                continue
            if len(colours) >= size:
                raise ValueError(f"the blends of {fg} over {bg} do not fit a palette of {size}")
            colours.append(c)
            taken.add(_box(c))
    image = Image.new("P", (1, 1))
    flat = [v for c in colours for v in c]
    # the unused entries repeat the first colour, so no stray black is ever the nearest colour
    flat += list(colours[0]) * (256 - len(colours))
    image.putpalette(flat)
    return Palette(image, tuple(colours))


#: compressed bands of the pictures drawn in one pass, by their rows' digest (ui.png), shared by
#: every picture kind written here
_BANDS = png.BandCache(maxsize=4096)


def clear_bands() -> None:
    """Forget the compressed bands (tests and benchmarks that time a picture from nothing)."""
    _BANDS.clear()


def encode(image: Image.Image, palette: Palette) -> bytes:
    """`image` (RGB) mapped onto `palette` without dithering, as a palette PNG: its bands of rows
    compressed only when no earlier picture had the same (ui.png.encode_indexed)."""
    reduced = image.quantize(palette=palette.image, dither=Image.Dither.NONE)
    return png.encode_indexed(reduced, _BANDS)


def worst_error(image: Image.Image, palette: Palette) -> int:
    """The largest channel difference between a colour of `image` (RGB) and the palette colour
    its pixels become: how far the fixed palette strays from what was drawn (tests, benchmarks)."""
    distinct = shades(image)
    strip = Image.new("RGB", (len(distinct), 1))
    strip.putdata(list(distinct))
    raw = strip.quantize(palette=palette.image, dither=Image.Dither.NONE).convert("RGB").tobytes()
    mapped = [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]
    # one mapped colour per distinct colour, three channels each: the lengths match by construction
    return max((abs(a - b) for src, dst in zip(distinct, mapped, strict=True) for a, b in zip(src, dst, strict=True)),
               default=0)


def shades(image: Image.Image) -> Sequence[RGB]:
    """The distinct colours of `image` (RGB), most used first."""
    # cast: `image` is RGB (this module's contract), so its colours are RGB triples
    found = cast(list[tuple[int, RGB]], image.getcolors(1 << 24) or [])
    return [c for _n, c in sorted(found, reverse=True)]
