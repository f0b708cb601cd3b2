"""Palette PNGs written in bands of rows, each band compressed once and reused while it stays
the same.

Why: a board picture is about 1 MB of palette pixels, and zlib alone needs ~3.5 ms to compress
that, more than everything else a render does. From one state of a game to the next most rows
look exactly as before (the tiles nobody moved to, the cards nobody drew, the legend rows of
the players who did not act). So the picture is cut into horizontal bands of `BAND_ROWS` rows
and the caller names each band by a key that decides its pixels (its background and what is
drawn over it). A band whose key was seen before is neither drawn, reduced to the palette nor
compressed again: its compressed bytes are taken from a cache.

How the bands make one file: each band is compressed on its own as a raw deflate stream ended
by a sync flush (byte-aligned, final bit clear, referring to nothing before it), so the bands'
streams laid end to end are one valid deflate stream. It gets the zlib header, an empty final
block and the Adler-32 of all the rows, combined from the bands' own checksums (zlib's
`adler32_combine`, which Python does not expose). Each row starts with filter byte 0 (none):
flat palette colours gain little from PNG's filters.

A picture drawn in one pass (the Water Realm, the campaign's party: no marks to name its bands
by) is written by `encode_indexed`: each band is named by a digest of its own rows, so a band
that looks exactly as in an earlier picture (the realm's cells nobody entered, the party's
unchanged tiles) is compressed once.
"""
from __future__ import annotations

import hashlib
import struct
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Hashable, Sequence

from PIL import Image

#: rows per band: smaller bands are reused more often but compress a little worse
BAND_ROWS = 16
#: zlib level 1: on the bands a board picture misses (its marks' rows), level 1 compressed them
#: in ~78% of level 3's time for ~6% more bytes (~70 KB a Basic picture instead of ~66, far under
#: Discord's limits); level 6 took twice level 3's time for 54 KB
ZLIB_LEVEL = 1
#: "78 01": deflate, 32 KB window, no preset dictionary, the fastest level (with a valid FCHECK)
_ZLIB_HEADER = b"\x78\x01"
#: a final fixed-Huffman block holding only its end-of-block code (what zlib writes for b"")
_FINAL_BLOCK = b"\x03\x00"
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ADLER_BASE = 65521


@dataclass(frozen=True)
class Band:
    """One band compressed: its deflate bytes, the Adler-32 of its rows and their length."""

    data: bytes
    adler: int
    length: int


def compress_band(rows: bytes) -> Band:
    """Raw deflate of `rows` (scanlines with their filter bytes), sync-flushed so that it can
    be followed by any other band."""
    c = zlib.compressobj(ZLIB_LEVEL, zlib.DEFLATED, -15)
    return Band(c.compress(rows) + c.flush(zlib.Z_SYNC_FLUSH), zlib.adler32(rows), len(rows))


def adler32_combine(adler1: int, adler2: int, len2: int) -> int:
    """The Adler-32 of A + B from those of A and B and the length of B (zlib's adler32_combine)."""
    rem = len2 % _ADLER_BASE
    sum1 = adler1 & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (adler2 & 0xFFFF) + _ADLER_BASE - 1
    sum2 += ((adler1 >> 16) & 0xFFFF) + ((adler2 >> 16) & 0xFFFF) + _ADLER_BASE - rem
    if sum1 >= _ADLER_BASE:
        sum1 -= _ADLER_BASE
    if sum1 >= _ADLER_BASE:
        sum1 -= _ADLER_BASE
    if sum2 >= _ADLER_BASE << 1:
        sum2 -= _ADLER_BASE << 1
    if sum2 >= _ADLER_BASE:
        sum2 -= _ADLER_BASE
    return sum1 | (sum2 << 16)


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(tag)))


def assemble(width: int, height: int, palette: bytes, bands: Sequence[Band]) -> bytes:
    """An 8-bit palette PNG from its bands, top to bottom. `palette` is RGB triples."""
    adler = 1  # the Adler-32 of nothing
    for band in bands:
        adler = adler32_combine(adler, band.adler, band.length)
    stream = b"".join([_ZLIB_HEADER, *(b.data for b in bands), _FINAL_BLOCK, struct.pack(">I", adler)])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join([_PNG_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette),
                     _chunk(b"IDAT", stream), _chunk(b"IEND", b"")])


class BandCache:
    """A thread-safe LRU of compressed bands by key (renders run in worker threads)."""

    def __init__(self, maxsize: int = 8192) -> None:
        if maxsize < 1:
            raise ValueError("maxsize must be at least 1")
        self.maxsize = maxsize
        self._data: OrderedDict[Hashable, Band] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()

    def take(self, keys: Sequence[Hashable]) -> list[Band | None]:
        """The cached band for each key (None where there is none yet)."""
        with self._lock:
            out: list[Band | None] = []
            for key in keys:
                band = self._data.get(key)
                if band is not None:
                    self._data.move_to_end(key)
                out.append(band)
            found = sum(b is not None for b in out)
            self.hits += found
            self.misses += len(out) - found
            return out

    def put(self, items: Sequence[tuple[Hashable, Band]]) -> None:
        with self._lock:
            for key, band in items:
                self._data[key] = band
                self._data.move_to_end(key)
            while len(self._data) > self.maxsize:
                self._data.popitem(last=False)


def encode(width: int, height: int, palette: bytes, keys: Sequence[Hashable],
           rows_of: Callable[[list[int]], list[bytes]], cache: BandCache) -> bytes:
    """The PNG whose band `i` (rows `i * BAND_ROWS` onwards) is named by `keys[i]`.

    `rows_of(missing)` is called once, with the indices of the bands not in `cache`, and
    returns their scanlines (each row: filter byte 0, then one palette index per pixel).
    """
    if len(keys) != bands_for(height):
        raise ValueError(f"{height} rows make {bands_for(height)} bands, not {len(keys)}")
    found = cache.take(keys)
    missing = [i for i, band in enumerate(found) if band is None]
    if missing:
        fresh = [compress_band(rows) for rows in rows_of(missing)]
        if len(fresh) != len(missing):
            raise ValueError("rows_of must return one band of rows per missing band")
        for i, band in zip(missing, fresh, strict=True):
            found[i] = band
        cache.put([(keys[i], band) for i, band in zip(missing, fresh, strict=True)])
    return assemble(width, height, palette, found)  # type: ignore[arg-type]  # every None was filled just above


def bands_for(height: int) -> int:
    """How many bands `height` rows make (the last one may be shorter)."""
    return -(-height // BAND_ROWS)


def encode_indexed(image: Image.Image, cache: BandCache) -> bytes:
    """`image` (mode "P") as a PNG whose bands are named by their own rows (their SHA-1: about
    a twentieth of compressing them, and half of BLAKE2b on this machine), so only bands never
    seen before are compressed. The same pixels and palette as Pillow's PNG of `image`."""
    if image.mode != "P":
        raise ValueError(f"a palette image is needed, not {image.mode}")
    width, height = image.size
    # one spare column on the left, index 0: it is each scanline's filter byte (0, none)
    wide = Image.new("P", (width + 1, height), 0)
    wide.paste(image, (1, 0))
    raw = wide.tobytes()
    step = BAND_ROWS * (width + 1)
    rows = [raw[at:at + step] for at in range(0, len(raw), step)]
    keys = [hashlib.sha1(band).digest() for band in rows]
    palette = bytes(image.getpalette() or [])
    return encode(width, height, palette, keys, lambda missing: [rows[i] for i in missing], cache)
