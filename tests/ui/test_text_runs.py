"""Text from the run cache (ui.text_runs) is Pillow's `ImageDraw.text`, pixel for pixel."""
from __future__ import annotations

import random

from PIL import Image, ImageChops, ImageDraw

from ui import fonts, text_runs

WORDS = ["Città", "Plain of Peril", "Salute 5/6 · Magia 3/3", "?", "W4", "Guardiano Maggiore (coperto)", ""]


def _both(mode: str, background: object, ink: object, xy: tuple[float, float], text: str, size: int,
          anchor: str | None) -> tuple[Image.Image, Image.Image]:
    plain = Image.new(mode, (260, 70), background)  # type: ignore[arg-type]  # a colour of this mode
    cached = plain.copy()
    ImageDraw.Draw(plain).text(xy, text, font=fonts.font(size), fill=ink, anchor=anchor)  # type: ignore[arg-type]
    text_runs.draw_text(ImageDraw.Draw(cached), xy, text, fonts.font(size), ink, anchor)
    return plain, cached


def test_a_cached_run_is_the_same_pixels_as_pillows_text() -> None:
    rng = random.Random(30)
    for _ in range(300):
        xy = (rng.choice([10, 10.5, 12.25, 33.9, 100.0]), rng.choice([20, 20.5, 31.75, 35.0]))
        anchor = rng.choice([None, "la", "lm", "mm", "ma", "ra", "rs"])
        text, size = rng.choice(WORDS), rng.choice([11, 14, 18, 26])
        for mode, background, ink in (("RGB", (16, 40, 74), (255, 255, 255)), ("RGB", (246, 241, 228), (40, 34, 28)),
                                      ("L", 0, 255)):
            # twice: the first draws the run into the cache, the second takes it from there
            for _twice in range(2):
                plain, cached = _both(mode, background, ink, xy, text, size, anchor)
                assert ImageChops.difference(plain, cached).getbbox() is None, (mode, xy, anchor, text, size)


def test_runs_are_rendered_once() -> None:
    # from an empty cache: one filled to its bound by the pictures other tests drew counts no new run
    text_runs.clear()
    image = Image.new("RGB", (300, 60), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    text_runs.draw_text(draw, (5.5, 7), "a run drawn once, then pasted", fonts.font(17), (0, 0, 0))
    held = text_runs.runs_cached()
    text_runs.draw_text(draw, (5.5, 30), "a run drawn once, then pasted", fonts.font(17), (0, 0, 0))
    assert text_runs.runs_cached() == held
    # another fractional start is another rendering (FreeType places the glyphs apart)
    text_runs.draw_text(draw, (5.25, 30), "a run drawn once, then pasted", fonts.font(17), (0, 0, 0))
    assert text_runs.runs_cached() == held + 1


def test_what_the_cache_does_not_cover_is_left_to_pillow() -> None:
    """Several lines, a colour by name: drawn by `ImageDraw.text` itself, the same pixels."""
    for text, ink in (("two\nlines", (0, 0, 0)), ("named", "red")):
        plain = Image.new("RGB", (120, 60), (255, 255, 255))
        cached = plain.copy()
        ImageDraw.Draw(plain).text((4, 4), text, font=fonts.font(15), fill=ink)
        text_runs.draw_text(ImageDraw.Draw(cached), (4, 4), text, fonts.font(15), ink)
        assert ImageChops.difference(plain, cached).getbbox() is None
