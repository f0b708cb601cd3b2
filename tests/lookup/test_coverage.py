"""Issue #28 ("/rules a table can trust"): what makes /rules find the right section for questions
nobody tuned on is coverage. Every section of every rulebook we know and every summary section
carries the words players ask about it with, in English and in Italian (an Italian player asks
about the English-only Darkest Talisman, Water Realm and Magical Orders rules too); the
spellings players type (artefact/artifact, armour/armor) reach the same text, and a rule about a
number is found with the number written as a word or in digits; and the Standard summary answers
the topics a Standard player asks about (research sheet shared/research/prophecy-standard-facts.md
§1, §3, §5, §8, §10).
"""
from __future__ import annotations

import pytest

from oracle.section_terms import load_section_terms
from oracle.sources import RULES_DIR, Sources, collect
from tests.lookup import RULEBOOK_FILES, full_index, project_index, rulebooks

#: every rule section has at least this many phrasings in each language (benchmarks/lookup_coverage.py
#: lists them all; the fewest, a credits section, has 4)
MIN_PHRASINGS = 4
SUMMARIES = (
    "darkest-talisman.en.md", "magical-orders.en.md", "prophecy-basic.en.md", "prophecy-basic.it.md",
    "prophecy-standard.en.md", "prophecy-standard.it.md", "prophecy-water-realm.en.md",
)


def _sections_and_terms() -> tuple[list[tuple[str, str]], dict]:
    sources = Sources(rulebooks())
    entries = [e for e in collect(sources).entries if e.kind in ("rulebook", "summary", "table")]
    return [(e.document, e.section) for e in entries], load_section_terms(sources.section_terms)


def test_every_rulebook_and_summary_section_has_player_words_in_english_and_italian():
    """Issue #28: each section of the five rulebooks (DT sections A-M included) and of every
    summary has MIN_PHRASINGS phrasings or more in both languages."""
    sections, terms = _sections_and_terms()
    documents = {document for document, _ in sections}
    assert set(RULEBOOK_FILES) | set(SUMMARIES) <= documents, sorted(documents)
    short = []
    for key in sections:
        pairs = terms.get(key, ())
        counts = {language: sum(lang == language for lang, _ in pairs) for language in ("en", "it")}
        if min(counts.values()) < MIN_PHRASINGS:
            short.append((key, counts))
    assert not short, short


def test_every_section_terms_key_names_a_section_that_is_indexed():
    """A heading renamed in a rulebook or summary must not leave its phrasings silently unused."""
    sections, terms = _sections_and_terms()
    stale = sorted(set(terms) - set(sections) - {key for key in terms if key[0].startswith("pack:")})
    assert not stale, stale


@pytest.mark.parametrize(
    ("typed", "written"),
    [("artefact", "artifact"), ("armor", "armour"), ("scepter", "sceptre"), ("abilità", "ability")],
)
def test_a_spelling_players_type_is_searched_as_the_texts_write_it(typed, written):
    """British and American spellings, Italian and English: one concept (data/rules/synonyms.yaml),
    so "artefact" finds the Standard "five Artifacts" and "scepter" the Water Realm "Ritual Scepter"."""
    ix = project_index()
    (concept,) = ix._plan(typed, "en").concepts
    (wanted,) = ix._plan(written, "en").concepts
    assert wanted.literal <= concept.forms, (concept.forms, wanted.literal)


@pytest.mark.parametrize(
    "question",
    ["vampire's tower: do I lose 3 lives", "vampire's tower: do I lose three lives", "torre del vampiro: perdo tre vite?",
     "torre del vampiro: perdo 3 vite?"],
)
def test_a_rule_about_a_number_is_found_with_the_number_in_digits_or_words(question):
    """DT C10l (a d6 per character: lose 1, 2 or 3 Life): its phrasings carry the numbers both ways."""
    ix = full_index()
    assert ix.search(question, limit=1)[0].section == "C: Gameplay › C10l. Vampire’s Tower"


@pytest.mark.parametrize(
    ("question", "sections"),
    [
        ("prophecy standard: how many spaces are on the ring and where do the astral planes sit",
         {"The board and its spaces"}),
        ("prophecy standard: quante caselle ha l'anello della plancia",
         {"La plancia e le sue caselle", "The board and its spaces"}),
        ("prophecy standard: how much gold does a magic gate cost",
         {"A round, step by step", "Moving: on foot, by horse, by boat, through a Magic Gate"}),
        ("prophecy standard: quanto costa la barca",
         {"Il round passo per passo", "Movimento: a piedi, a cavallo, in barca, con il Portale Magico"}),
        ("prophecy standard: are gauntlets held in a hand",
         {"Seven Items and seven Abilities"}),
        ("prophecy standard: do the characters have special powers",
         {"The ten characters"}),
        ("prophecy standard: i personaggi hanno poteri speciali?",
         {"I dieci personaggi", "The ten characters"}),
        ("prophecy standard: which creature types are there, undead or demon",
         {"Creature types and Opportunities"}),
    ],
)
def test_the_standard_summary_answers_a_standard_players_topics(question, sections):
    """Issue #28: the Standard summary covers the board (research §1), movement costs (§1, §3, in
    the round; the Basic movement section, which the Standard game keeps, answers as well),
    gauntlets and repairs (§5, with the Item limit), the characters (§8) and creature types (§10);
    a question naming the game finds that section among the first three."""
    hits = project_index().search(question, limit=3)
    assert {h.section for h in hits} & sections, [(h.document, h.section) for h in hits]


def test_the_standard_summary_sections_all_exist_in_both_languages():
    """The summaries are twins: each new section has its Italian counterpart (and phrasings)."""
    terms = load_section_terms(RULES_DIR / "section_terms.yaml")
    for document, section in (
        ("prophecy-standard.en.md", "The board and its spaces"), ("prophecy-standard.it.md", "La plancia e le sue caselle"),
        ("prophecy-standard.en.md", "The ten characters"), ("prophecy-standard.it.md", "I dieci personaggi"),
        ("prophecy-standard.en.md", "Creature types and Opportunities"),
        ("prophecy-standard.it.md", "Tipi di creatura e Opportunità"),
    ):
        assert project_index().section_text(document, section), (document, section)
        assert {lang for lang, _ in terms.get((document, section), ())} == {"en", "it"}, (document, section)
