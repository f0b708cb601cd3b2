"""Does /rules answer what players ask? Top-1 and top-3 accuracy over questions.yaml.

Each question names the section(s) that answer it. The search runs the way a player uses
/rules: no game and no language given (the language is guessed from the question). Run
with `-s` to see the figures: `python -m pytest tests/lookup/test_accuracy.py -q -s`.
"""
from __future__ import annotations

from collections import Counter

from tests.lookup import full_index, questions

TOP1_TARGET = 0.80
TOP3_TARGET = 0.95


def _answers(q: dict) -> set[tuple[str, str]]:
    return {(a["document"], a["section"]) for a in q["answers"]}


def test_question_set_is_big_enough_and_bilingual():
    qs = questions()
    langs = Counter(q["language"] for q in qs)
    assert len(qs) >= 40, len(qs)
    assert langs["it"] >= 15, langs
    assert len({q["q"] for q in qs}) == len(qs), "duplicate questions"


def test_every_expected_section_exists():
    """A typo in questions.yaml (or a renamed heading) must fail loudly, not lower accuracy."""
    ix = full_index()
    known = {(doc, section) for doc, section, _ in ix.sections()}
    known |= {(f"pack:{card.pack}", card.name) for card in ix.cards()}
    missing = [(q["q"], a) for q in questions() for a in _answers(q) if a not in known]
    assert not missing, missing


def test_top1_and_top3_accuracy():
    ix = full_index()
    qs = questions()
    top1 = top3 = 0
    per_lang: Counter[str] = Counter()
    per_lang_top1: Counter[str] = Counter()
    misses = []
    for q in qs:
        got = [(h.document, h.section) for h in ix.search(q["q"], limit=3)]
        want = _answers(q)
        first = bool(got) and got[0] in want
        top1 += first
        top3 += any(g in want for g in got)
        per_lang[q["language"]] += 1
        per_lang_top1[q["language"]] += first
        if not first:
            misses.append(f"  {q['q']!r} -> {got[:1]}")
    n = len(qs)
    print(f"\nlookup accuracy over {n} questions: top-1 {top1 / n:.3f}, top-3 {top3 / n:.3f}")
    for lang in sorted(per_lang):
        print(f"  {lang}: top-1 {per_lang_top1[lang] / per_lang[lang]:.3f} over {per_lang[lang]}")
    print("top-1 misses:\n" + "\n".join(misses))
    assert top1 / n >= TOP1_TARGET
    assert top3 / n >= TOP3_TARGET
