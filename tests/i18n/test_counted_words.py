"""Counted words agree with their number in both languages ("1 more question", "1 giocatore dice"),
where the Water Realm's riddle and judging lines used to say "1 more questions", "1 giocatori"."""
from __future__ import annotations

import pytest

from gm.i18n import t


@pytest.mark.parametrize("locale, key, one, many", [
    ("en", "wrcards.prompt.riddle_how", "1 more question this", "2 more questions this"),
    ("it", "wrcards.prompt.riddle_how", "1 altra domanda", "2 altre domande"),
    ("en", "event.wrc_judging", "1 player says", "2 players say"),
    ("it", "event.wrc_judging", "1 giocatore dice", "2 giocatori dicono"),
])
def test_counted_words_agree_with_their_number(locale: str, key: str, one: str, many: str) -> None:
    assert one in t(locale, key, n=1)
    assert many in t(locale, key, n=2)
