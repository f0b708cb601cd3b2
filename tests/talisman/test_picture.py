"""The party picture (issue 26): a place's name is never cut on its tile, however narrow (the nine
tiles of the Tower road, C10a), and the end of a campaign shows how it ended: the Crown and who
took it (C10f), or the grave of a fallen party (C1b)."""
from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engine.darkest_talisman import heroes as H
from engine.darkest_talisman.content import display_name
from engine.darkest_talisman.game import SYSTEM
from systems.darkest_talisman import picture as P
from tests.talisman.helpers import ctx_of, pack
from tests.talisman.test_tower import party, tower_at


class Recorder:
    """Every text the picture draws: (x, y, text, font size). The picture draws its lines through
    ui.text_runs.draw_text (Pillow's `text`, the runs cached), and anything else through `text`:
    both are recorded, each drawn by Pillow's own `text`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[float, float, str, int]] = []
        real = ImageDraw.ImageDraw.text

        def text(draw: ImageDraw.ImageDraw, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
            self.texts.append((xy[0], xy[1], text, int(getattr(kwargs.get("font"), "size", 0))))
            real(draw, xy, text, *args, **kwargs)

        def run(draw: ImageDraw.ImageDraw, xy: Any, text: str, font: Any = None, fill: Any = None,
                anchor: str | None = None) -> None:
            self.texts.append((xy[0], xy[1], text, int(getattr(font, "size", 0))))
            real(draw, xy, text, font=font, fill=fill, anchor=anchor)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
        monkeypatch.setattr(P, "draw_text", run)

    def drawn(self) -> list[str]:
        return [t for _, _, t, _ in self.texts]


def _measure() -> ImageDraw.ImageDraw:
    return ImageDraw.Draw(Image.new("RGB", (1, 1)))


def test_every_place_name_fits_a_tower_road_tile_whole():
    """The narrowest tile (nine on a row) holds every place's name in both languages: all of its
    words, each line within the tile, at most NAME_LINES lines, no ellipsis."""
    draw = _measure()
    tiles = len(pack().region("tower").road)
    width = (P.WIDTH - 2 * P.MARGIN - 8 * (tiles - 1)) // tiles - 14
    for loc in pack().locations:
        for locale in ("en", "it"):
            name = display_name(loc, locale)
            size, lines = P.wrap(draw, name, width, P.NAME_SIZES, P.NAME_LINES)
            assert " ".join(lines) == " ".join(P.plain(name).split()), (name, lines)
            assert len(lines) <= P.NAME_LINES, (name, lines)
            for line in lines:
                assert draw.textlength(line, font=P.font(size)) <= width, (name, line, size)


def test_a_word_too_long_for_any_size_is_split_not_cut():
    draw = _measure()
    size, lines = P.wrap(draw, "Supercalifragilisticexpialidocious Keep", 60, P.NAME_SIZES, P.NAME_LINES)
    assert all(draw.textlength(x, font=P.font(size)) <= 60 for x in lines)
    assert "".join(x.rstrip("-") for x in lines).replace(" ", "") == "SupercalifragilisticexpialidociousKeep"


@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_tower_road_picture_draws_werewolfs_den_whole(monkeypatch, locale):
    """The picture itself: on the Tower road every space's words are drawn, none with "...", and
    each line stays inside its own tile."""
    rec = Recorder(monkeypatch)
    state = tower_at(party(), "werewolf_den")
    P.render_party(SYSTEM.view(state, None), locale)
    road = pack().region("tower").road
    tile_w = (P.WIDTH - 2 * P.MARGIN - 8 * (len(road) - 1)) // len(road)
    draw = _measure()
    top = P.MARGIN + 34 + P.MARGIN
    for k, space in enumerate(road):
        left = P.MARGIN + k * (tile_w + 8)
        inside = [(x, t, size) for x, y, t, size in rec.texts if left <= x < left + tile_w and top + 20 < y < top + P.TILE_H - 28]
        name = P.plain(display_name(pack().location(space), locale))
        assert " ".join(t for _, t, _ in inside) == " ".join(name.split()), (space, inside)
        for x, t, size in inside:
            assert x + draw.textlength(t, font=P.font(size)) <= left + tile_w - 6, (space, t)
    assert not any(t.endswith("...") for t in rec.drawn()[1:])  # nothing cut (the title aside)


def test_the_end_picture_shows_the_crown_and_who_took_it(monkeypatch):
    """C10f with the co-op ending: everyone crowned. The picture says the Crown is taken and by
    whom, under a drawn crown; it is not the picture of the same place while the campaign runs."""
    won = tower_at(party(crown="together"), "crown")
    assert won.status == "finished" and won.outcome == "won"
    view = SYSTEM.view(won, None)
    running = view.model_copy(deep=True)
    running.data["status"], running.data["outcome"] = "active", ""
    rec = Recorder(monkeypatch)
    end_png = P.render_party(view, "en")
    ended = rec.drawn()
    rec.texts.clear()
    run_png = P.render_party(running, "en")
    assert "The Crown is taken!" in ended and "The Crown is taken!" not in rec.drawn()
    assert any(t.startswith("Crowned together: Troll (played by Ada)") for t in ended), ended
    end_img, run_img = Image.open(io.BytesIO(end_png)), Image.open(io.BytesIO(run_png))
    assert end_img.size[1] == run_img.size[1] + P.END_H + P.MARGIN  # the band saying how it ended
    assert _pixels(end_img, P.GOLD) > 500 and _pixels(run_img, P.GOLD) == 0  # the drawn crowns


def test_the_end_picture_of_a_fallen_party(monkeypatch):
    """C1b: the last character dies; the picture says where the party fell, with no Marching
    Order left to draw."""
    state = tower_at(party(), "werewolf_den")
    ctx = ctx_of(state)
    for hero in list(ctx.state.party()):
        H.kill(ctx, hero, "test")
    assert ctx.state.status == "finished" and ctx.state.outcome == "lost"
    rec = Recorder(monkeypatch)
    png = P.render_party(SYSTEM.view(ctx.state, None), "it")
    drawn = " ".join(rec.drawn())
    assert "La campagna è finita" in drawn and "caduti nella regione della Torre" in drawn
    assert Image.open(io.BytesIO(png)).size[1] == P.MARGIN * 4 + 34 + P.TILE_H + P.END_H


def _pixels(image: Image.Image, colour: tuple[int, int, int]) -> int:
    """How many pixels are (nearly: the PNG's palette is reduced) of `colour`."""
    counts = image.convert("RGB").getcolors(maxcolors=1 << 16) or []
    return sum(n for n, px in counts if all(abs(a - b) <= 12 for a, b in zip(px, colour, strict=False)))
