"""Scoring a candidate section against a query: BM25F over concepts, then a few nudges.

FTS5's own bm25() treats every OR-ed term as a separate word, so a section that uses three
synonyms of one idea ("salute", "ferita", "punti ferita") scores three times for it and
outranks the section that actually answers the question. Here each *concept* of the query
counts once: the term frequencies of all its forms are pooled (as Lucene does for
synonyms) and its IDF is that of the words as typed, so a broad synonym group neither
inflates nor dilutes how telling the asker's own word is. Fields follow BM25F: a word in the
section title counts TITLE_BOOST times a word in the text, and a concept found among the
section's hand-written phrasings (data/rules/section_terms.yaml: what players ask about it,
in English and Italian) counts TERMS_BOOST, once, however many synonyms of it are listed.

On top of BM25F:
* coverage: a section matching every concept of the question beats one matching a single
  concept many times (weighted by the concepts' IDF);
  a concept found only among the phrasings (not in the text itself) counts as partly covered;
* title: concepts found in the title count extra, since titles say what a section is about,
  and so, less, do concepts found among the phrasings;
* length: a very long catch-all section (an errata list, a page of clarifications) shares
  words with every question, so beyond LONG_SECTION times the average length it is damped;
* language: rule text in the asker's language is preferred (not required), except for the
  game asked about (named, or played in the channel) when it has no text in that language:
  an Italian question about a game whose rules exist only in English must not be pushed
  towards another game's Italian text; a game with no text in the asker's language is
  damped less than a mere translation even when not asked about, since it is the only text;
* game: a game named in the question (by its name or a short form: "standard", "water") is
  strongly preferred, and, when it is the Standard game, known from its summary only, the Basic
  rules it is played on almost as much; the game played in the channel
  where the question was asked is preferred less, since the question may be about another,
  and when that game extends another (a Standard game of Prophecy is played on the Basic
  rules) the texts it builds on are preferred almost as much; with neither, an expansion
  counts a little less than the game it extends, and less again when only the project's
  summary of it is served, not its rulebook (the Standard Version: printed rules first); an
  expansion played on such an edition (the Water Realm on the Standard game) counts a little
  less than that edition (ON_UNPRINTED_FACTOR);
* cards: a card is the answer when its name is asked for, so a card matched only in its
  text (not by name) is damped, and a near-exact name (typos allowed) is boosted;
* proximity: a section where the question's concepts stand close together (within a few
  words) is more likely about what is asked than one that uses them paragraphs apart; BM25
  ignores where words stand, so the scores of the first page's entries (PROXIMITY_PAGE) are
  multiplied by exp(PROXIMITY_WEIGHT * closeness) and the page put in order again
  (Scorer.proximity). Unlike the constants above, its constants were fitted by k-fold
  cross-validation over the training and development questions (benchmarks/lookup_cv.py);
  see PROXIMITY_WEIGHT;
* rulings: this bot's own decisions (data/*/rulings.yaml) answer how the bot plays where the
  rules are silent, so they never crowd out the printed rules and their summaries: they count
  RULING_FACTOR as much unless the question asks about a ruling ("did the bot decide...",
  "house rule": then they count RULING_ASKED_BOOST times more) or is asked in a channel playing
  that game, where they are how the game runs.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Sequence

from rapidfuzz import fuzz

from oracle.text import fold

Phrase = tuple[str, ...]

K1 = 1.2
B = 0.75
TITLE_BOOST = 3.0
#: how much a concept found among a section's hand-written phrasings (section_terms.yaml)
#: counts, as a term frequency, and how much the share of the question they cover adds
TERMS_BOOST = 2.0
TERMS_COVER = 0.5
#: how much a concept found only among the phrasings (not in the text) counts as covered
TERMS_ONLY_COVER = 0.5
RULE_KINDS = ("summary", "rulebook", "table", "ruling")
#: how much a section of the game named in the question, or of the channel's game, counts more
NAMED_SYSTEM_BOOST = 10.0
CHANNEL_SYSTEM_BOOST = 2.0
#: ...and the texts of the game the channel's game extends (Basic rules for a Standard game)
CHANNEL_BASE_BOOST = 1.6
#: ...and, for a game named in the question that is known only from the project's summary (the
#: Standard Version, whose summary says what Standard changes and leaves the rest to the Basic
#: rules it is played on), the texts of the game it extends: as much less than the named game's
#: own as in a channel playing it (issue #28: "how much does a magic gate cost in standard" is
#: answered by the Basic movement section)
NAMED_BASE_BOOST = NAMED_SYSTEM_BOOST * CHANNEL_BASE_BOOST / CHANNEL_SYSTEM_BOOST
#: a weak concept of the question (a number, a game's short name) counts at most this share of
#: the IDF of its least telling other word (Scorer.idfs)
WEAK_SHARE = 1.0
#: how much rule text in a language other than the question's counts
OTHER_LANGUAGE_FACTOR = 0.5
#: ...and rule text of a game that has none in the question's language (nor named, nor played)
UNTRANSLATED_GAME_FACTOR = 0.8
#: sections longer than LONG_SECTION times the average are scaled by (that / length) ** LONG_POWER
LONG_SECTION = 2.0
LONG_POWER = 0.5
#: how much an expansion's text counts when the question names no game and no game is played
#: in the channel: its rules apply only to those who play it, the base game's to everyone
EXPANSION_FACTOR = 0.7
#: ...and less again when its rulebook is not served, only the project's summary of it (the
#: Standard Version): printed rules first, unless that game is named or played in the channel.
#: Issue #28: at 0.7 a Standard topic asked with no game named (Astral Planes, Artifacts, fights
#: between characters) went to the Water Realm rulebook, whose sections mention the same things
#: in passing. Measured with the #28 section terms (top-1, train / dev / dev2 of 150 / 195 / 136):
#: 0.7 -> 139 / 164 / 101, 0.85 -> 139 / 163 / 108, 1.0 -> 136 / 163 / 110; 0.85 keeps train.
UNPRINTED_FACTOR = 0.85
#: ...and an expansion played on such a game counts this much of that game's prior: a little less
#: than the game it extends, even though that game is known only from the project's summary
#: (issue #28, "Standard is thin": the Water Realm rulebook extends the Standard Version, and with
#: no game named its sections about Artifacts, Abilities and the Final Battle came before the
#: Standard summary's). Top-1 / top-3, train / dev / dev2 of 150 / 195 / 152: without it (the
#: expansion at 0.7, above the Standard summary's 0.595) 139 / 166 / 128 and 146 / 187 / 146;
#: with it 140 / 166 / 130 and 146 / 187 / 147, the same from 0.7 to 0.8 (0.84: dev2 129; 0.6: dev 165)
ON_UNPRINTED_FACTOR = 0.9
#: how much one of this bot's rulings counts when the question is not about rulings and its
#: game is not the one played in the channel. The rulings are written in English and Italian, and
#: the Darkest Talisman and Water Realm rulebooks in English only: at 0.5 an Italian question about
#: those games met a ruling in its own words before the rulebook section it asks about (reached
#: through the section's phrasings), and so did English questions whose words a ruling's title
#: repeats ("when do burned cards come back"). Issue #28 round 3, cross-validated
#: (benchmarks/lookup_cv.py, train + dev + dev2, 5 folds x 2): every fold chose 0.2 or lower,
#: held-back top-1 0.859 -> 0.871, top-3 0.960 -> 0.964; top-1/top-3 train 139/146 (unchanged),
#: dev 161/186 -> 166/187, dev2 127/145 -> 128/146 (0.1 and 0.05 measure the same as 0.2)
RULING_FACTOR = 0.2
#: ...and when the question asks about rulings ("what did the bot decide", "house rule")
RULING_ASKED_BOOST = 2.0
#: proximity: the score is multiplied by exp(PROXIMITY_WEIGHT * closeness), closeness in [0, 1]
#: (see Scorer.proximity); a pair of the question's concepts `d` words apart in the text counts
#: PROXIMITY_SCALE / (PROXIMITY_SCALE + d - 1). Fitted by 5-fold cross-validation on the
#: training and development questions (benchmarks/lookup_cv.py), not by hand: on held-back
#: folds top-1 went 0.869 -> 0.883 over 297 questions and 0.861 -> 0.867 over 345 (the third
#: draw of development questions gained less); reordering the first page only keeps its top-3
#: unchanged (letting proximity lift entries from further down had cost top-3 0.960 -> 0.953)
PROXIMITY_WEIGHT = 0.25
PROXIMITY_SCALE = 2.0
#: ...applied to the first page only (/rules shows three results a page): it orders the entries
#: the page holds, never which ones (see RulesIndex._by_proximity)
PROXIMITY_PAGE = 3


@dataclass(frozen=True)
class Concept:
    """One idea of the query (a word or a multi-word synonym) and every form it may take."""

    words: tuple[str, ...]
    forms: frozenset[Phrase]
    #: the stems of the words as typed (in the question's language, or a typo's correction)
    literal: frozenset[Phrase] = frozenset()
    #: a number or a game's short name ("4", "standard"): it tells which of the sections on the
    #: question's topic is meant, never what the topic is, so it weighs no more than any other word
    weak: bool = False

    @cached_property
    def single(self) -> tuple[str, ...]:
        """One-word forms, looked up in the term counts."""
        return tuple(f[0] for f in self.forms if len(f) == 1)

    @cached_property
    def phrases(self) -> tuple[tuple[str, Phrase], ...]:
        """Multi-word forms as (" a b " needle counted in the stem text, its words)."""
        return tuple((f" {' '.join(f)} ", f) for f in self.forms if len(f) > 1)

    @cached_property
    def phrase_words(self) -> tuple[tuple[str, frozenset[str]], ...]:
        """The same needles with their words as a set: whether an entry holds them all is one
        C-level comparison with its terms while scoring."""
        return tuple((needle, frozenset(f)) for needle, f in self.phrases)


@dataclass(frozen=True)
class Plan:
    concepts: tuple[Concept, ...]
    language: str | None
    folded_query: str
    #: a game named in the question
    system: str | None = None
    #: the game being played in the channel where it was asked (a weaker hint)
    channel_system: str | None = None
    #: the question asks about this bot's rulings ("ruling", "house rule", "decisione"...)
    about_rulings: bool = False
    #: (kind, game, language) -> its prior for this question, filled while ranking
    priors: dict[tuple[str, str, str], float] = field(default_factory=dict, compare=False, repr=False)

    def stems(self) -> frozenset[str]:
        return frozenset(s for c in self.concepts for f in c.forms for s in f)


@dataclass(frozen=True)
class DocStats:
    """What scoring needs to know about one indexed entry."""

    kind: str
    system: str
    language: str
    section: str
    title_tf: dict[str, int]
    body_tf: dict[str, int]
    #: " stem stem ... " of title and of body, for counting phrases
    title_text: str
    body_text: str
    length: float
    #: folded section title, and its last part after any "Chapter ›"
    folded_section: str = ""
    folded_last: str = ""
    #: stem -> (title count, body count, in the terms field 0/1): one lookup per form while scoring
    tf_pairs: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    #: " stem stem | stem ... " of the hand-written phrasings (section_terms.yaml), for phrases
    terms_text: str = ""

    @cached_property
    def positions(self) -> dict[str, list[int]]:
        """stem -> where it stands in the body (word positions), for proximity; built on first use."""
        out: dict[str, list[int]] = {}
        for i, stem in enumerate(self.body_text.split()):
            out.setdefault(stem, []).append(i)
        return out

    @classmethod
    def of(
        cls, kind: str, system: str, language: str, section: str, title_stems: str, body_stems: str, terms_stems: str = ""
    ) -> "DocStats":
        title, body = title_stems.split(), body_stems.split()
        in_terms = {s for s in terms_stems.split() if s != "|"}
        folded = fold(section)
        title_tf, body_tf = _counts(title), _counts(body)
        pairs = {
            stem: (title_tf.get(stem, 0), body_tf.get(stem, 0), int(stem in in_terms))
            for stem in title_tf.keys() | body_tf.keys() | in_terms
        }
        return cls(
            kind, system, language, section, title_tf, body_tf,
            f" {title_stems} ", f" {body_stems} ", len(body) + TITLE_BOOST * len(title),
            folded, folded.rsplit("›", 1)[-1].strip(), pairs, f" {terms_stems} " if terms_stems else "",
        )


def _nearest(a: list[int], b: list[int]) -> int:
    """The smallest distance between a position in `a` and one in `b` (both sorted)."""
    i = j = 0
    best = 1 << 30
    while i < len(a) and j < len(b):
        x, y = a[i], b[j]
        if x < y:
            best = min(best, y - x)
            i += 1
        else:
            best = min(best, x - y)
            j += 1
    return best


def _counts(stems: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in stems:
        out[s] = out.get(s, 0) + 1
    return out


class Scorer:
    """Corpus statistics (document frequencies, average length) and the scoring formula."""

    def __init__(self, docs: list[DocStats]) -> None:
        # word statistics come from the rules, summaries, cards and tables: this bot's rulings
        # are a layer on top, and adding or rewording one must not change how the printed
        # rules rank against each other
        counted = [d for d in docs if d.kind != "ruling"] or docs
        self.n = max(1, len(counted))
        self.avg_length = sum(d.length for d in counted) / self.n if counted else 1.0
        self.df: dict[str, int] = {}
        #: (game, language) pairs that have rule text: the language nudge only applies within these.
        #: This bot's rulings do not count: a game whose rules exist only in English stays
        #: "English only" even though its rulings are also written in Italian
        self.languages_of_system = {(d.system, d.language) for d in docs if d.kind in RULE_KINDS and d.kind != "ruling"}
        #: (kind, game, language) of that rule text: a text counts as translated only when the same
        #: kind of text of its game exists in the asker's language (the Magical Orders tables have
        #: Italian wordings, its rulebook none: that rulebook is no "translation" to put last)
        self.languages_of_kind = {(d.kind, d.system, d.language) for d in docs if d.kind in RULE_KINDS and d.kind != "ruling"}
        #: games that extend another one ("prophecy_water_realm" extends "prophecy")
        systems = {d.system for d in docs}
        self.expansions = {s for s in systems if any(s.startswith(f"{base}_") for base in systems)}
        #: games served by a rulebook, and those known only from the project's own summary
        #: (when some game has a rulebook: with none at all, nothing is told apart)
        printed = {d.system for d in docs if d.kind == "rulebook"}
        self.unprinted = {d.system for d in docs if d.kind == "summary"} - printed if printed else set()
        #: expansion -> the game it extends ("prophecy_standard" -> "prophecy")
        self.base_of = {s: max((b for b in systems if s.startswith(f"{b}_")), key=len) for s in self.expansions}
        #: printed expansion -> the edition it is played on: of one base game's expansions, the one
        #: served only by the project's summary is that game's edition (the Standard Version, known
        #: from its summary and played on the Basic rules), and the printed expansions extend it
        #: (the Water Realm rulebook is played on the Standard game), not the base game alone
        editions = {self.base_of[s]: s for s in sorted(self.unprinted & self.expansions)}
        self.played_on = {
            s: editions[self.base_of[s]] for s in self.expansions - self.unprinted if self.base_of[s] in editions
        }
        for d in counted:
            for term in d.tf_pairs:
                self.df[term] = self.df.get(term, 0) + 1
        for d in docs:  # a word only the rulings use is still known (as rare as can be)
            for term in d.tf_pairs:
                self.df.setdefault(term, 1)

    def proximity(self, plan: Plan, doc: DocStats, idfs: list[float]) -> float:
        """How close together the question's concepts sit in the section's text, in [0, 1].

        BM25 counts words wherever they are; a section where "boat" and "port" stand next to
        each other is more likely about taking a boat between ports than a long one that uses
        them in separate paragraphs. Every pair of concepts counts with the IDF of its rarer
        member, by PROXIMITY_SCALE / (PROXIMITY_SCALE + d - 1) for the nearest two occurrences
        `d` words apart (1 when adjacent), 0 when either is missing from the text.
        """
        if len(idfs) < 2:
            return 0.0
        positions = doc.positions
        found: list[tuple[list[int], float]] = []
        for concept, idf in zip(plan.concepts, idfs, strict=False):
            at: list[int] = []
            for stem in concept.single:
                at += positions.get(stem, ())
            for needle, phrase_words in concept.phrases:
                if needle in doc.body_text:
                    for w in phrase_words:
                        at += positions.get(w, ())
            at.sort()
            found.append((at, idf))
        total = got = 0.0
        for i in range(len(found)):
            a, idf_a = found[i]
            for j in range(i + 1, len(found)):
                b, idf_b = found[j]
                weight = min(idf_a, idf_b)
                total += weight
                if a and b:
                    d = max(1, _nearest(a, b))
                    got += weight * PROXIMITY_SCALE / (PROXIMITY_SCALE + d - 1)
        return got / total if total else 0.0

    def _df(self, form: Phrase) -> int:
        """Documents holding a form (a phrase is taken as common as its rarest word)."""
        return min((self.df.get(s, 0) for s in form), default=0)

    def idf(self, concept: Concept) -> float:
        """IDF of what the user typed, not of its synonyms.

        A word's synonyms share its term frequency but must not change how telling the word
        is: "portale magico" is rare and decisive even though its synonym "gate" is everywhere.
        Of the typed forms the most common one that exists counts.
        """
        known = [df for df in map(self._df, concept.literal) if df]
        df = max(known) if known else max(map(self._df, concept.forms), default=0)
        return math.log(1 + (self.n - df + 0.5) / (df + 0.5))

    def idfs(self, plan: Plan) -> list[float]:
        """The IDF of each concept of the question, a weak one (a number, a game's short name) at
        most WEAK_SHARE of the least telling other word's: "how many Artifacts to win with 4"
        is about Artifacts and winning, and a "4" (rare in the summaries, everywhere in the dice
        tables) must not outweigh them."""
        idfs = [self.idf(c) for c in plan.concepts]
        strong = [idf for idf, c in zip(idfs, plan.concepts, strict=True) if not c.weak]
        if not strong or len(strong) == len(idfs):
            return idfs
        cap = WEAK_SHARE * min(strong)
        return [min(idf, cap) if c.weak else idf for idf, c in zip(idfs, plan.concepts, strict=True)]

    def known(self, stem: str) -> bool:
        return stem in self.df

    def translated(self, kind: str, system: str, language: str) -> bool:
        """Does this game have this kind of text (a ruling: any rule text) in `language`?"""
        if kind == "ruling":
            return (system, language) in self.languages_of_system
        return (kind, system, language) in self.languages_of_kind

    def score(self, plan: Plan, doc: DocStats, idfs: list[float], held_concepts: Sequence[int] | None = None) -> float:
        """The entry's score for the question. `held_concepts`, when the caller knows them (the
        candidate stage does), are the positions of the concepts the entry holds in any form, in
        order: the others add nothing, and most entries hold two or three of a question's six."""
        norm = K1 * (1 - B + B * doc.length / self.avg_length)
        total_idf = sum(idfs) or 1.0
        bm25 = covered = in_title = in_terms = 0.0
        pair_of = doc.tf_pairs.get
        held = doc.tf_pairs.keys()
        concepts = plan.concepts
        for j in range(len(concepts)) if held_concepts is None else held_concepts:
            concept, idf = concepts[j], idfs[j]
            title = body = terms = 0
            for stem in concept.single:
                pair = pair_of(stem)
                if pair is not None:
                    title += pair[0]
                    body += pair[1]
                    terms += pair[2]
            for needle, phrase_words in concept.phrase_words:
                if not held >= phrase_words:
                    continue  # a word of it is missing: no need to look for the phrase
                title += doc.title_text.count(needle)
                body += doc.body_text.count(needle)
                if doc.terms_text:
                    terms += needle in doc.terms_text
            # the terms field says what the section is about: once per concept, however many
            # of its synonyms the writer listed
            tf = TITLE_BOOST * title + body + (TERMS_BOOST if terms else 0.0)
            if tf:
                bm25 += idf * tf * (K1 + 1) / (tf + norm)
                covered += idf if title or body else TERMS_ONLY_COVER * idf
            if title:
                in_title += idf
            if terms:
                in_terms += idf
        if not bm25:
            return 0.0
        score = (
            bm25 * (0.3 + covered / total_idf) ** 2
            * (1.0 + 0.5 * in_title / total_idf)
            * (1.0 + TERMS_COVER * in_terms / total_idf)
        )
        return score * self._nudges(plan, doc, in_title > 0)

    def ceiling(self, plan: Plan, doc: DocStats, cover: float, total_idf: float) -> float:
        """The most `score` can give an entry holding concepts whose IDFs sum to `cover`: as if
        each of them were in its title and phrasings as often as can be, so that the candidates
        that cannot reach the page need not be scored. Each BM25 term is below idf * (K1 + 1);
        the shares covered, in the title and in the phrasings are at most cover / total_idf; the
        nudges at most the prior times the title asked for and a card's name."""
        share = cover / total_idf
        bound = (K1 + 1) * cover * (0.3 + share) ** 2 * (1.0 + 0.5 * share) * (1.0 + TERMS_COVER * share)
        bound *= self.prior(plan, doc)
        if plan.folded_query and plan.folded_query in (doc.folded_section, doc.folded_last):
            bound *= 3.0
        if doc.kind == "card":
            bound *= 2.0
        return bound

    def _nudges(self, plan: Plan, doc: DocStats, title_hit: bool) -> float:
        """The prior, and what the match itself says (the title asked for, a card's name)."""
        factor = self.prior(plan, doc)
        if plan.folded_query and plan.folded_query in (doc.folded_section, doc.folded_last):
            factor *= 3.0
        if doc.kind == "card":
            if fuzz.ratio(plan.folded_query, doc.folded_section) >= 85:
                factor *= 2.0
            elif not title_hit:
                factor *= 0.5
        return factor

    def prior(self, plan: Plan, doc: DocStats) -> float:
        """How much an entry counts for this question before its words are looked at: its
        length, its kind (a ruling), its language and its game (see the module docstring)."""
        return self.group_prior(plan, (doc.kind, doc.system, doc.language)) * self.length_factor(doc)

    def length_factor(self, doc: DocStats) -> float:
        """A catch-all section (errata, clarifications) shares words with everything: beyond
        LONG_SECTION times the average length it is damped."""
        if LONG_POWER and doc.kind in RULE_KINDS and doc.length > LONG_SECTION * self.avg_length:
            damped: float = (LONG_SECTION * self.avg_length / doc.length) ** LONG_POWER  # float ** float is typed Any
            return damped
        return 1.0

    def group_prior(self, plan: Plan, group: tuple[str, str, str]) -> float:
        """The part of the prior shared by every entry of one (kind, game, language), kept in
        the plan: a question weighs a few dozen groups, not every entry one by one."""
        factor = plan.priors.get(group)
        if factor is None:
            factor = plan.priors[group] = self._group_prior(plan, *group)
        return factor

    def _group_prior(self, plan: Plan, kind: str, system: str, language: str) -> float:
        factor = 1.0
        if kind == "ruling":
            if plan.about_rulings:
                factor *= RULING_ASKED_BOOST
            elif system != plan.channel_system:
                factor *= RULING_FACTOR
        if plan.language and kind in RULE_KINDS and language != plan.language:
            asked_for = system in (plan.system, plan.channel_system)
            if (system, plan.language) in self.languages_of_system:
                factor *= OTHER_LANGUAGE_FACTOR
            elif not asked_for:
                # the game has no text in the asker's language: its sections are the only
                # answer there is, so they are nudged down less than a mere translation
                factor *= UNTRANSLATED_GAME_FACTOR
        if plan.system:
            if system == plan.system:
                factor *= NAMED_SYSTEM_BOOST
            elif plan.system in self.unprinted and system == self.base_of.get(plan.system):
                factor *= NAMED_BASE_BOOST
        elif plan.channel_system:
            if system == plan.channel_system:
                factor *= CHANNEL_SYSTEM_BOOST
            elif system == self.base_of.get(plan.channel_system):
                factor *= CHANNEL_BASE_BOOST
        elif system in self.expansions:
            factor *= EXPANSION_FACTOR
            if system in self.unprinted:
                factor *= UNPRINTED_FACTOR
            elif system in self.played_on:
                factor *= UNPRINTED_FACTOR * ON_UNPRINTED_FACTOR
        return factor
