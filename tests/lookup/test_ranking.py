"""How /rules ranks: the candidate stage, concepts, the game named or played, and where this
bot's rulings and the Standard summaries sit among the printed rules (oracle/ranking.py and
oracle/index.py). Issue 11 (the channel's game, accuracy on fresh questions) and issue 13
(rulings shown as this bot's, the Standard texts preferred in a Standard channel).
"""
from __future__ import annotations

import math
from pathlib import Path

import pytest

import oracle.index as index_module
from oracle import RulesIndex, Sources, ranking
from oracle.ranking import DocStats, Scorer
from oracle.section_terms import load_section_terms
from oracle.sections import split_markdown
from oracle.sources import RULES_DIR
from tests.lookup import full_index, project_index, questions

QUESTIONS = [q["q"] for q in questions("train")]


def test_the_candidate_stage_keeps_what_scoring_every_entry_would_rank_first(monkeypatch):
    """Only CANDIDATES entries get the full score; on the training questions (and the same
    questions naming a game) the first answer is always the one scoring every matching entry
    gives, and the top three almost always are."""
    ix = full_index()
    asked = QUESTIONS + [f"{q} in the water realm" for q in QUESTIONS[:40]]
    cut = [[(h.document, h.section) for h in ix.search(q, limit=3)] for q in asked]
    monkeypatch.setattr(index_module, "CANDIDATES", 100_000)
    every = [[(h.document, h.section) for h in ix.search(q, limit=3)] for q in asked]
    assert [c[:1] for c in cut] == [e[:1] for e in every]
    assert sum(c != e for c, e in zip(cut, every, strict=False)) <= len(asked) // 50


def test_a_section_that_repeats_synonyms_does_not_push_the_answer_out_of_the_candidates(monkeypatch):
    """The candidates are chosen by how much of the question an entry holds, not by raw counts:
    with room for only ten, the section that holds every idea of the question is still scored."""
    ix = project_index()
    monkeypatch.setattr(index_module, "CANDIDATES", 10)
    hits = ix.search("how much does a horse cost to ride", limit=1)
    assert hits and hits[0].section == "Moving: on foot, by horse, by boat, through a Magic Gate"


@pytest.mark.parametrize(("question", "section"), [
    ("what do I lose if another character beats me", "Losing a fight against a character"),
    ("cosa succede agli artefatti quando muoio", "La morte nel gioco Standard"),
])
def test_the_candidate_cut_keeps_the_best_sections_of_a_game_the_question_does_not_name(monkeypatch, question, section):
    """Issue #28: the Standard summary's low prior (no game named) must not keep its sections from
    being scored. With room for only ten candidates, which Basic cards and Darkest Talisman
    sections sharing a word with the question would fill, the Standard section still comes
    back where scoring every entry puts it."""
    ix = full_index()
    monkeypatch.setattr(index_module, "CANDIDATES", 100_000)
    every = [(h.system, h.section) for h in ix.search(question, limit=3)]
    assert ("prophecy_standard", section) in every, every
    monkeypatch.setattr(index_module, "CANDIDATES", 10)
    cut = [(h.system, h.section) for h in ix.search(question, limit=3)]
    assert cut[:1] == every[:1] and ("prophecy_standard", section) in cut, (cut, every)


def test_one_idea_asked_twice_counts_once():
    """"a player ... other players": one concept, not two that double its weight."""
    ix = project_index()
    plan = ix._plan("can a player attack other players", None)
    assert [c.words for c in plan.concepts] == [("player",), ("attack",)]


def test_a_named_game_outweighs_a_match_in_another_games_language():
    """An Italian question naming Darkest Talisman (whose rules exist only in English) answers
    from Darkest Talisman, not from Prophecy's Italian texts that share its everyday words."""
    ix = full_index()
    for question in ("in darkest talisman cosa succede quando un personaggio muore",
                     "come si guadagna oro a darkest talisman", "quanto costa curarsi in darkest talisman"):
        hits = ix.search(question, limit=3)
        assert hits and all(h.system == "darkest_talisman" for h in hits), (question, [(h.system, h.section) for h in hits])
    first = ix.search("cosa succede se muovo in senso orario in darkest talisman", limit=1)
    assert first and first[0].system == "darkest_talisman"


def test_rulings_written_in_italian_do_not_make_a_game_count_as_translated():
    """Darkest Talisman's rules exist only in English; its rulings are in Italian too, but that
    must not damp its English sections for an Italian question as if a translation existed."""
    scorer = full_index()._scorer
    assert ("darkest_talisman", "en") in scorer.languages_of_system
    assert ("darkest_talisman", "it") not in scorer.languages_of_system
    assert ("prophecy", "it") in scorer.languages_of_system


def _stats(kind: str, system: str, body: str) -> DocStats:
    return DocStats.of(kind, system, "en", body.split()[0], body.split()[0], body)


def test_rulings_do_not_change_the_word_statistics_of_the_rules():
    """Adding or rewording a ruling must not reorder the printed rules: IDF and the average
    length come from the rules, summaries, cards and tables only."""
    rules = [_stats("rulebook", "prophecy", "horse cost gold move"), _stats("summary", "prophecy", "boat port move")]
    rulings = [_stats("ruling", "prophecy_standard", "horse horse horse move ruling")] * 5
    alone, with_rulings = Scorer(rules), Scorer(rules + rulings)
    assert with_rulings.df["horse"] == alone.df["horse"] and with_rulings.n == alone.n
    assert with_rulings.avg_length == alone.avg_length
    assert with_rulings.known("ruling")  # a word only rulings use is still searchable


def test_the_channels_game_and_the_game_it_extends_are_preferred():
    """Issue 13: in a Standard channel the Standard texts count most, then the Basic rules they
    are played on, then the other games; with no game, an expansion counts a little less than the
    game it extends. Issue 28 ("Standard is thin": questions on Artifacts, Abilities and the Final
    Battle landed on Water Realm sections): that holds even when the game extended is known only
    from the project's summary, so the Water Realm, played on the Standard game, comes after it."""
    ix = full_index()
    scorer = ix._scorer
    assert scorer.base_of["prophecy_standard"] == "prophecy"
    plan = ix._plan("who goes first", None, prefer_system="prophecy_standard")
    by_system = {}
    for doc in ix._docs.values():
        if doc.kind == "summary" and doc.language == "en":
            by_system[doc.system] = scorer.prior(plan, doc.stats)
    assert by_system["prophecy_standard"] > by_system["prophecy"] > by_system["darkest_talisman"]
    neutral = ix._plan("who goes first", None)
    standard_doc = next(d for d in ix._docs.values() if d.system == "prophecy_standard" and d.kind == "summary")
    basic_doc = next(d for d in ix._docs.values() if d.system == "prophecy" and d.kind == "summary" and d.language == "en")
    assert scorer.prior(neutral, standard_doc.stats) < scorer.prior(neutral, basic_doc.stats)
    # with no game in the channel, a game served only by the project's summary (no rulebook)
    # still comes before the expansion played on it, whose printed rules are served
    assert scorer.unprinted == {"prophecy_standard"}
    assert scorer.played_on == {"prophecy_water_realm": "prophecy_standard"}
    water_doc = next(d for d in ix._docs.values() if d.system == "prophecy_water_realm" and d.kind == "summary")
    assert scorer.prior(neutral, water_doc.stats) < scorer.prior(neutral, standard_doc.stats)


@pytest.mark.parametrize("question", ["what did the bot decide about dead characters", "is there a house rule for the artifacts",
                                      "come ha deciso il bot per gli artefatti"])
def test_a_question_about_the_bots_decisions_is_recognised(question):
    ix = project_index()
    plan = ix._plan(question, None)
    assert plan.about_rulings
    assert not {w for c in plan.concepts for w in c.words} & {"bot", "decide", "deciso", "ruling"}


def test_a_plain_rule_question_is_not_about_rulings():
    assert not project_index()._plan("how do I ride a horse", None).about_rulings


def test_every_standard_summary_section_has_the_words_players_ask_with():
    """Issue 13/15: the Standard summaries (English and Italian) have section_terms entries,
    like every other summary, in both languages."""
    terms = load_section_terms(RULES_DIR / "section_terms.yaml")
    for name in ("prophecy-standard.en.md", "prophecy-standard.it.md"):
        _, sections = split_markdown((RULES_DIR / name).read_text(encoding="utf-8"))
        for section in sections:
            pairs = terms.get((name, section.title), ())
            assert {lang for lang, _ in pairs} == {"en", "it"}, (name, section.title)


def test_a_standard_question_in_italian_finds_the_standard_summary():
    """The Italian phrasings of a Standard section reach its summary (no rulebook needed)."""
    hits = project_index().search("come si attacca un portale astrale", limit=3)
    assert hits and hits[0].document.startswith("prophecy-standard"), [(h.document, h.section) for h in hits]
    assert hits[0].section in ("Attaccare un Portale Astrale", "Attacking an Astral Plane")


def test_the_project_index_builds_without_rulebooks(tmp_path: Path):
    """A fresh clone (no rulebooks) still ranks: the postings cover summaries, rulings, cards, tables."""
    ix = RulesIndex.open(Sources(tmp_path / "none"))
    assert ix.search("Royal Cape", limit=1)


def test_proximity_prefers_the_text_where_the_asked_words_stand_together():
    """Two sections with the same words: the one where they stand side by side is closer."""
    ix = project_index()
    plan = ix._plan("boat port", "en")
    idfs = [ix._scorer.idf(c) for c in plan.concepts]
    near = DocStats.of("rulebook", "prophecy", "en", "A", "", "boat port gold move space")
    far = DocStats.of("rulebook", "prophecy", "en", "B", "", "boat gold move space space space space port")
    none = DocStats.of("rulebook", "prophecy", "en", "C", "", "boat gold move")
    assert ix._scorer.proximity(plan, near, idfs) == 1.0
    assert 0 < ix._scorer.proximity(plan, far, idfs) < ix._scorer.proximity(plan, near, idfs)
    assert ix._scorer.proximity(plan, none, idfs) == 0.0


def test_proximity_orders_the_first_page_and_never_changes_what_it_holds(monkeypatch):
    """Proximity puts the first three answers in order again; which three they are, and every
    later page, is what the score alone gives."""
    ix = full_index()
    asked = QUESTIONS[:60]
    near = [[(h.document, h.section) for h in ix.search(q, limit=6)] for q in asked]
    monkeypatch.setattr(ranking, "PROXIMITY_WEIGHT", 0.0)
    plain = [[(h.document, h.section) for h in ix.search(q, limit=6)] for q in asked]
    assert all(set(n[:3]) == set(p[:3]) and n[3:] == p[3:] for n, p in zip(near, plain, strict=False))
    assert near != plain  # it does reorder some first pages


def test_an_english_game_term_in_an_italian_question_is_also_searched_as_the_english_texts_stem_it():
    """"Frostmarch" in an Italian question: the Italian stemmer cuts it to "frostmarc", the
    English rulebook that uses it has "frostmarch"; both are searched."""
    ix = full_index()
    plan = ix._plan("come si arriva al Frostmarch oltre la cappella?", None)
    assert plan.language == "it"
    (frostmarch,) = [c for c in plan.concepts if c.words == ("frostmarch",)]
    assert ("frostmarch",) in frostmarch.forms
    # an Italian word the English texts do not use keeps its Italian stem only
    (cappella,) = [c for c in plan.concepts if c.words == ("cappella",)]
    assert cappella.literal == frozenset({("cappell",)})


@pytest.mark.parametrize(("question", "system"), [
    ("max items in standard?", "prophecy_standard"),
    ("quanti oggetti al massimo nello standard?", "prophecy_standard"),
    ("base game: how do I win", "prophecy"),
    ("nel gioco base come si vince", "prophecy"),
    ("water: how do I breathe", "prophecy_water_realm"),
    ("come respiro sott'acqua", "prophecy_water_realm"),
    ("campaign: how do I heal", "darkest_talisman"),
    ("in campagna come mi curo", "darkest_talisman"),
    ("orders: how do I gain knowledge", "magical_orders"),
    ("negli ordini come si guadagna conoscenza", "magical_orders"),
])
def test_a_games_short_name_steers_to_that_game(question, system):
    """Issue #28: players say "standard", "base", "water", "campaign", "orders" (and in Italian
    "acqua", "campagna", "ordini"); the question is then about that game, as with its full name."""
    ix = full_index()
    assert ix._plan(question, None).system == system
    hits = ix.search(question, limit=3)
    assert hits and hits[0].system == system, [(h.system, h.section) for h in hits]


def test_a_full_game_name_wins_over_a_short_form_and_an_idiom_names_no_game():
    """"standard game creatures in the water realm" is about the Water Realm; the Italian "in base
    al numero" means "according to the number", not the Basic game."""
    ix = full_index()
    assert ix._plan("standard game creatures in the water realm", None).system == "prophecy_water_realm"
    assert ix._plan("in base al numero di artefatti chi vince", None).system is None


def test_a_game_known_only_from_its_summary_brings_the_rules_it_is_played_on():
    """The Standard summary says what Standard changes; a Standard question on what it keeps
    from the Basic rules (moving on horseback) is answered by the Basic sections."""
    hits = full_index().search("standard: what does riding a horse cost", limit=3)
    assert hits and hits[0].system == "prophecy", [(h.system, h.section) for h in hits]
    assert "horse" in hits[0].section.lower()


@pytest.mark.parametrize(("digits", "words"), [
    ("what if nobody has 4 artifacts", "what if nobody has four artifacts"),
    ("se nessuno ha 4 artefatti", "se nessuno ha quattro artefatti"),
    ("vampire's tower: do I lose 3 lives", "vampire's tower: do I lose three lives"),
])
def test_a_number_in_digits_or_words_is_one_idea(digits, words):
    """Issue #28: "4", "four" and "quattro" are searched as each other, so the two questions
    find the same first section."""
    ix = full_index()
    (number,) = [c for c in ix._plan(digits, None).concepts if c.weak]
    assert {("4",), ("four",), ("quattr",)} <= number.forms or {("3",), ("three",), ("tre",)} <= number.forms
    first = [ix.search(q, limit=1)[0] for q in (digits, words)]
    assert first[0].section == first[1].section, [h.section for h in first]


@pytest.mark.parametrize("question", ["how many artifacts to win 4", "quanti artefatti servono per vincere 4",
                                      "can I have 7 items"])
def test_a_number_never_outweighs_the_words_of_the_question(question):
    """A digit is rare in the summaries and everywhere in the dice tables: its IDF is held to
    that of the least telling other word, so the first answer is about the question's words."""
    ix = full_index()
    plan = ix._plan(question, None)
    idfs = ix._scorer.idfs(plan)
    weak = [idf for idf, c in zip(idfs, plan.concepts, strict=True) if c.weak]
    strong = [idf for idf, c in zip(idfs, plan.concepts, strict=True) if not c.weak]
    assert weak and max(weak) <= min(strong)
    hits = ix.search(question, limit=3)
    assert hits and hits[0].kind != "table", [(h.kind, h.section) for h in hits]


@pytest.mark.parametrize("question", ["what are artefacts", "how do artifcats work", "artefact"])
def test_british_spellings_and_misspellings_reach_the_artifacts(question):
    """Issue #28: "artefact" (and a typo of it) finds the Artifacts sections, not Darkest
    Talisman's card "Hungering Artefact" that alone spells it so."""
    hits = full_index().search(question, limit=3)
    assert hits and all("artifact" in h.section.lower() for h in hits), [(h.system, h.section) for h in hits]
    assert hits and all(h.system != "darkest_talisman" for h in hits)


@pytest.mark.parametrize(("typed", "card"), [("armor", "Leather Armour"), ("leather armor", "Leather Armour"),
                                             ("sceptre", "Ritual Scepter"), ("ritual sceptre", "Ritual Scepter")])
def test_card_names_are_found_in_british_or_american_spelling(typed, card):
    """Issue #28: /card compares names in one spelling, so "sceptre" finds the Ritual Scepter
    (not the Spectre it is a near-anagram of) and "armor" the Leather Armour."""
    found = [hit.card.name for hit in project_index().card_lookup(typed, limit=3)]
    assert card in found, found
    assert found.index(card) <= 1 and "Spectre" not in found[:1], found


def _shown(ix: RulesIndex, question: str, **options: object) -> list[tuple[str, str, float, str]]:
    return [(h.document, h.section, h.score, h.excerpt) for h in ix.search(question, **options)]  # type: ignore[arg-type]  # the options are search()'s own


def test_the_ceiling_of_a_candidate_is_never_below_its_score():
    """A candidate is left unscored when its ceiling (ranking.Scorer.ceiling) is below what the
    page already holds: that is sound only if no entry ever scores above its ceiling."""
    ix = full_index()
    for question in QUESTIONS + ["what does the Vampire do", "Ragno Gigante"]:
        plan = ix._plan(question, None)
        idfs = ix._scorer.idfs(plan)
        total = sum(idfs) or 1.0
        candidates, holdings = ix._candidates(plan, idfs, None, index_module.CANDIDATES)
        for rid, cover in candidates:
            stats = ix._docs[rid].stats
            held = [j for j, holding in enumerate(holdings) if rid in holding]
            assert ix._scorer.score(plan, stats, idfs, held) <= ix._scorer.ceiling(plan, stats, cover, total), (question, rid)


def test_leaving_out_candidates_that_cannot_reach_the_page_changes_no_result(monkeypatch):
    """The first page, its scores and excerpts are those of scoring every candidate, however the
    search is asked: no game, a game and language imposed, in a Standard channel, a later page,
    a single answer."""
    ix = full_index()
    askings: list[dict[str, object]] = [{}, {"language": "it", "system": "prophecy"}, {"prefer_system": "prophecy_standard"},
                                        {"offset": 3, "limit": 5}, {"limit": 1}]
    asked = [(q, options) for q in QUESTIONS for options in askings]
    pruned = [_shown(ix, q, **options) for q, options in asked]
    monkeypatch.setattr(index_module, "_CEILING_MARGIN", math.inf)  # every candidate scored
    every = [_shown(ix, q, **options) for q, options in asked]
    assert pruned == every
