"""Issue #27 ("/rules mixes English and Italian results and shows the same ruling in both"):
an answer list is in one language, the asker's, and lists a ruling once.

The question's own language decides when it is clear, the asker's locale otherwise; the
other language's text of a game that is translated into the asker's (the Basic rulebook, the
Standard summary, a ruling) never appears on the first page. A game whose rules exist in one
language only still answers in that language.
"""
from __future__ import annotations

import pytest

from tests.lookup import full_index


@pytest.mark.parametrize(("question", "locale", "language"), [
    ("come si combatte contro un altro giocatore?", "en", "it"),
    ("how do I fight another player?", "it", "en"),
    ("quanto costa un'abilità?", None, "it"),
])
def test_one_language_per_answer_list_and_a_ruling_once(question: str, locale: str | None, language: str) -> None:
    ix = full_index()
    hits = ix.search(question, limit=10, prefer_language=locale)
    rule_hits = [h for h in hits if h.kind in ("summary", "rulebook", "ruling") and h.system in ("prophecy", "prophecy_standard")]
    assert rule_hits and all(h.language == language for h in rule_hits), [(h.language, h.section) for h in hits]
    rulings = [(h.document, h.ref) for h in hits if h.kind == "ruling"]
    assert len(rulings) == len(set(rulings)), rulings


def test_a_ruling_is_listed_once_even_when_both_versions_match() -> None:
    """A ruling written in both languages is two index entries; the answer names it once,
    in the asker's language."""
    ix = full_index()
    hits = ix.search("ruling regola decisione", limit=20, prefer_language="it", kinds=("ruling",))
    keys = [(h.document, h.ref) for h in hits]
    assert hits and len(keys) == len(set(keys)), keys


def test_an_untranslated_game_still_answers_an_italian_question() -> None:
    """Darkest Talisman's rules exist only in English: an Italian question about it still gets
    them (the other language answers when nothing in the asker's does)."""
    hits = full_index().search("in darkest talisman cosa succede quando un personaggio muore", limit=3)
    assert hits and hits[0].system == "darkest_talisman"
