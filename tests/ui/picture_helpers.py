"""Checks the board-picture tests of every version share."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PIL import ImageChops, ImageDraw

from systems.prophecy import board_image as bi


def kinds_inked_in_their_rows(states: Iterable[Any], board: Any, g: Any, words: Any) -> set[str]:
    """Draw each mark of each state alone on the bare `board`, asserting that it inks no row
    outside the rows it declares (a band is named by the marks crossing it); return the kinds of
    mark that inked anything."""
    kinds = set()
    for state in states:
        for mark in bi._marks(state, g, words):
            canvas = board.canvas.copy()
            mark.draw(canvas, ImageDraw.Draw(canvas), 0)
            changed = ImageChops.difference(canvas, board.canvas).getbbox()
            if changed is not None:
                assert mark.top <= changed[1] and changed[3] <= mark.bottom, mark.key
                kinds.add(mark.key[0])
    return kinds
