"""Palette PNGs written in bands (ui.png): each band compressed on its own, the file valid."""
from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image

from ui import png


def _rows(width: int, rows: int, rng: random.Random) -> bytes:
    """Scanlines of flat runs (as a board picture has), each with its filter byte 0."""
    out = bytearray()
    for _ in range(rows):
        out.append(0)
        while len(out) % (width + 1):
            out.extend([rng.randrange(8)] * min(rng.randrange(1, 40), (width + 1) - len(out) % (width + 1)))
    return bytes(out)


def test_adler32_combine_matches_zlib() -> None:
    rng = random.Random(1)
    for _ in range(200):
        a = rng.randbytes(rng.randrange(0, 3000))
        b = rng.randbytes(rng.randrange(0, 70000))
        assert png.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_bands_make_one_valid_png() -> None:
    rng = random.Random(2)
    width, height = 37, 3 * png.BAND_ROWS + 5  # the last band is shorter
    palette = bytes(rng.randrange(256) for _ in range(3 * 256))
    rows = [_rows(width, min(png.BAND_ROWS, height - i * png.BAND_ROWS), rng) for i in range(png.bands_for(height))]
    data = png.assemble(width, height, palette, [png.compress_band(r) for r in rows])
    # the IDAT stream is one zlib stream (its Adler-32 checked by zlib) holding every row
    idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]
    assert zlib.decompress(idat) == b"".join(rows)
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        assert image.mode == "P" and image.size == (width, height)
        expected = b"".join(r[i * (width + 1) + 1:(i + 1) * (width + 1)] for r in rows
                            for i in range(len(r) // (width + 1)))
        assert image.tobytes() == expected
        assert image.getpalette()[:6] == list(palette[:6])
    # every chunk's CRC is right
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        body = data[at + 4:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(body)
        at += 12 + length


def test_encode_draws_only_the_bands_it_has_not_seen() -> None:
    rng = random.Random(3)
    width, height = 20, 2 * png.BAND_ROWS
    palette = bytes(3 * 256)
    rows = [_rows(width, png.BAND_ROWS, rng) for _ in range(2)]
    cache = png.BandCache(maxsize=8)
    asked: list[list[int]] = []

    def rows_of(missing: list[int]) -> list[bytes]:
        asked.append(missing)
        return [rows[i] for i in missing]

    first = png.encode(width, height, palette, ["a", "b"], rows_of, cache)
    assert png.encode(width, height, palette, ["a", "b"], rows_of, cache) == first
    rows[1] = _rows(width, png.BAND_ROWS, rng)
    png.encode(width, height, palette, ["a", "c"], rows_of, cache)
    assert asked == [[0, 1], [1]]
    with pytest.raises(ValueError):
        png.encode(width, height, palette, ["a"], rows_of, cache)
    with pytest.raises(ValueError):
        png.BandCache(maxsize=0)


def test_a_picture_drawn_in_one_pass_is_compressed_only_where_it_changed() -> None:
    """encode_indexed: Pillow's pixels and palette; a band the cache holds (same rows) is not
    compressed again, and a changed band is."""
    rng = random.Random(4)
    image = Image.new("P", (50, 3 * png.BAND_ROWS + 7))
    image.putpalette([rng.randrange(256) for _ in range(3 * 256)])
    image.putdata([rng.randrange(6) if (i // 50) % 9 else 7 for i in range(image.width * image.height)])
    cache = png.BandCache(maxsize=64)
    first = png.encode_indexed(image, cache)
    with Image.open(io.BytesIO(first)) as back:
        back.load()
        assert back.mode == "P" and back.size == image.size and back.tobytes() == image.tobytes()
        assert back.getpalette() == image.getpalette()
    assert (cache.hits, cache.misses) == (0, 4)
    assert png.encode_indexed(image, cache) == first and (cache.hits, cache.misses) == (4, 4)
    image.putpixel((3, png.BAND_ROWS + 2), 5 if image.getpixel((3, png.BAND_ROWS + 2)) != 5 else 4)
    changed = png.encode_indexed(image, cache)
    assert (cache.hits, cache.misses) == (7, 5)
    with Image.open(io.BytesIO(changed)) as back:
        assert back.tobytes() == image.tobytes()
    with pytest.raises(ValueError):
        png.encode_indexed(image.convert("RGB"), cache)
