"""The rule and card lookup index: our own stems in SQLite, BM25F over concepts in memory.

Why this shape:
* SQLite (in CPython) stores the built index with nothing to install, in an FTS5 table of
  *our* stems (English or Italian Snowball, chosen per document), so the two languages
  share one index and a question in either can reach both; it is also the on-disk cache.
* A query is split into concepts (one per content word, or a multi-word synonym such as
  "battle of wills"; the same idea asked twice counts once); each concept is searched as
  all its forms: both languages' stems, a typo correction from the index vocabulary
  (rapidfuzz), and its synonym group (from data/rules/synonyms.yaml, plus every card's
  English and Italian name).
* Candidates come from an in-memory inverted index (stem -> entries): every entry holding
  any form is weighed by the IDF-weighted share of the question it holds times its prior
  (game, language, kind), and the best CANDIDATES get the full score. A raw BM25 cut
  (FTS5's bm25()) counted three synonyms of one word as three words and could drop the
  answer before it was ever scored; this cut gives the same top three as scoring every
  matching entry. ranking.Scorer then scores them with a BM25F that counts each concept
  once (see oracle/ranking.py for why), best ceiling first, leaving out those whose ceiling
  cannot reach the page (RulesIndex._ranked): the page is the one scoring all of them gives.
* Each section has three fields: its title, its text, and the words players ask about it
  with (data/rules/section_terms.yaml, English and Italian: oracle/section_terms.py), so a
  short question in a player's own words, or an Italian question about a game whose rules
  exist only in English, still finds it.
* The built index is cached in an SQLite file next to the bot's database with a hash of its
  sources (oracle/store.py), and copied into memory to serve queries; a changed source
  rebuilds it.
"""
from __future__ import annotations

import functools
import heapq
import json
import logging
import math
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Collection, Sequence, TypeVar

import yaml
from rapidfuzz import fuzz, process

from oracle import games, numbers, ranking, stopwords
from oracle.cards import CardInfo
from oracle.excerpt import Passage, excerpt
from oracle.glossary import Glossary, GlossaryEntry
from oracle.ranking import RULE_KINDS, Concept, DocStats, Plan, Scorer
from oracle.sources import Sources, collect
from oracle.spelling import one_spelling
from oracle.store import build_connection, load_cached, save_cache
from oracle.synonyms import Phrase, Synonyms
from oracle.text import LANGUAGES, Analyzer, detect_language, fold, words

log = logging.getLogger(__name__)
_T = TypeVar("_T")

#: how many candidates (by IDF-weighted share of the question held, times the prior) get the
#: full score; more costs time, fewer may miss the answer (at 80 the first three answers equal
#: scoring all, with the Water Realm rulings indexed)
CANDIDATES = 80
#: ...and, whatever those hold, the best this many rule entries of every game. The cut weighs an
#: entry by the share of the question it holds times its prior, and a game the question does not
#: name has a low prior (an expansion 0.7, the Standard summary 0.595): when dozens of Basic cards
#: and Darkest Talisman sections share a word with the question they filled the cut, and a Standard
#: section that scoring every entry ranks first was never scored (issue #28). Of the first three
#: answers the old cut dropped on the training and development questions, none stood lower than
#: ninth among its own game's entries.
GAME_CANDIDATES = 12
#: a misspelt card name must match this well as a whole (rapidfuzz ratio, 0-100) to be taken
#: for the card: "vampyre" finds Vampire (86), "Pearl of the Abyss" does not find Spear (35)
FUZZY_WHOLE_NAME = 60
#: a word of a question found in no text is taken for a typo of the closest indexed word when
#: they match this well (rapidfuzz ratio, 0-100) ...
TYPO_RATIO = 80
#: ...and so many typos' corrections are remembered (the memo starts again when full)
TYPO_MEMO = 4096
#: Discord allows 25 autocomplete choices of at most 100 characters
AUTOCOMPLETE_LIMIT = 25
CHOICE_MAX = 100



@dataclass(frozen=True)
class Hit:
    """One search result, ready to show: where it is and the matching words in bold."""

    document: str
    #: human title of the document
    title: str
    section: str
    language: str
    system: str
    #: summary, rulebook, card or table
    kind: str
    #: a passage with the matched words as **bold** (Discord Markdown)
    excerpt: str
    score: float
    #: "<pack>:<card id>" when the hit is a card
    ref: str | None = None


@dataclass(frozen=True)
class CardHit:
    card: CardInfo
    #: 100 for an exact name, lower for prefix and fuzzy matches
    score: float


@dataclass(frozen=True)
class _Doc:
    id: int
    kind: str
    system: str
    language: str
    document: str
    doc_title: str
    section: str
    body: str
    ref: str | None
    stats: DocStats


#: a candidate is left unscored when its ceiling, times this, is below what the shown entries
#: score: the ceiling is computed in another order than the score, so it may round differently
_CEILING_MARGIN = 1 + 1e-9


def _keep_best(heap: list[float], value: float, size: int) -> None:
    """Keep the `size` best values in a min-heap (its first is the lowest of them)."""
    if len(heap) < size:
        heapq.heappush(heap, value)
    elif value > heap[0]:
        heapq.heapreplace(heap, value)


def cache_path_for(database_path: Path) -> Path:
    """Where the index cache lives: beside the bot's database ("gm.sqlite3" -> "gm.rules.sqlite3")."""
    database_path = Path(database_path)
    return database_path.with_name(f"{database_path.stem}.rules.sqlite3")


class RulesIndex:
    """Search over rules, cards and tables; glossary and autocomplete. Build with `open`."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        sources: Sources,
        *,
        rebuilt: bool,
        build_seconds: float,
    ) -> None:
        self.conn = conn
        self.sources = sources
        self.rebuilt = rebuilt
        self.build_seconds = build_seconds
        self.analyzer = Analyzer()
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        self.fingerprint = meta.get("fingerprint", "")
        #: sources that could not be read (a broken pack, table, synonym or glossary file)
        self.problems: list[str] = json.loads(meta.get("problems", "[]"))
        self.synonyms = self._tolerant(lambda: Synonyms.load(sources.synonyms, self.analyzer), Synonyms([]))
        self.glossary_data = self._tolerant(lambda: Glossary.load(sources.glossary), Glossary([]))
        self._load_memory()
        # a card's or place's names in both languages are synonyms too ("Ragno Gigante")
        # (the Basic cards' only: the other games' cards are /card's, and must not change /rules)
        names = {tuple(sorted({"en": c.name, **dict(c.names)}.items())) for c in self._cards.values() if not c.lookup_only}
        self.synonyms = self.synonyms.extended(Synonyms.name_groups([dict(n) for n in sorted(names)], self.analyzer))

    def _tolerant(self, load: Callable[[], _T], empty: _T) -> _T:
        """A broken synonym or glossary file costs that feature, not the whole lookup."""
        try:
            return load()
        except (OSError, ValueError, yaml.YAMLError) as exc:
            log.warning("rules index: %s", exc)
            self.problems.append(str(exc))
            return empty

    # ------------------------------------------------------------------ building and caching
    @classmethod
    def open(cls, sources: Sources, cache_path: Path | None = None) -> "RulesIndex":
        """The index for `sources`: from `cache_path` if it is current, else built (and cached).

        Without `cache_path` the index lives in memory only. A cache that is stale, corrupt
        or unwritable is rebuilt or skipped, never fatal: lookup is not worth a crash.
        """
        fingerprint = sources.fingerprint()
        if cache_path is not None and Path(cache_path).exists():
            conn = load_cached(Path(cache_path), fingerprint)
            if conn is not None:
                return cls(conn, sources, rebuilt=False, build_seconds=0.0)
        started = time.perf_counter()
        conn = build_connection(collect(sources), fingerprint)
        elapsed = time.perf_counter() - started
        if cache_path is not None:
            save_cache(conn, Path(cache_path))
        return cls(conn, sources, rebuilt=True, build_seconds=elapsed)

    @classmethod
    def build(cls, rulebooks_dir: Path, **paths: Path | None) -> "RulesIndex":
        """An in-memory index over the rulebooks in `rulebooks_dir` and the project's data."""
        return cls.open(Sources(Path(rulebooks_dir), **paths))  # type: ignore[arg-type]  # only the paths Sources takes are passed

    def _load_memory(self) -> None:
        """Everything the re-rank and autocomplete need, held in Python for speed."""
        self._docs: dict[int, _Doc] = {}
        rows = self.conn.execute(
            "SELECT d.id, d.kind, d.system, d.language, d.document, d.doc_title, d.section, d.body, d.ref, f.title, f.body, "
            "f.terms FROM docs d JOIN fts f ON f.rowid = d.id"
        )
        for rid, kind, system, language, document, doc_title, section, body, ref, t_title, t_body, t_terms in rows:
            stats = DocStats.of(kind, system, language, section, t_title, t_body, t_terms or "")
            self._docs[rid] = _Doc(rid, kind, system, language, document, doc_title, section, body, ref, stats)
        self._scorer = Scorer([d.stats for d in self._docs.values()])
        # stem -> the entries holding it (title, text or phrasings): where candidates come from
        postings: dict[str, set[int]] = {}
        for doc in self._docs.values():
            for stem in doc.stats.tf_pairs:
                postings.setdefault(stem, set()).add(doc.id)
        self._postings: dict[str, frozenset[int]] = {stem: frozenset(ids) for stem, ids in postings.items()}
        # what the prior needs of each entry, looked up without a call per entry
        #: the (kind, game, language) groups, numbered, and each entry's group number
        self._groups = sorted({(d.kind, d.system, d.language) for d in self._docs.values()})
        numbers_of = {group: n for n, group in enumerate(self._groups)}
        self._group_id = {d.id: numbers_of[d.kind, d.system, d.language] for d in self._docs.values()}
        self._length_factor = {d.id: self._scorer.length_factor(d.stats) for d in self._docs.values()}
        #: rule entry -> its game, for the candidate cut of each game
        self._rule_game = {d.id: d.system for d in self._docs.values() if d.kind in RULE_KINDS}
        self._rule_games = len(set(self._rule_game.values()))
        self._passages: dict[int, Passage] = {}
        self._cards: dict[str, CardInfo] = {
            ref: CardInfo.from_json(raw) for ref, raw in self.conn.execute("SELECT ref, json FROM cards")
        }
        # every name a card goes by (English and localized) -> the cards (refs) called so
        self._card_aliases: dict[str, set[str]] = {}
        #: the locales each name belongs to ("en" for the cards' own names)
        self._alias_locales: dict[str, set[str]] = {}
        for c in self._cards.values():
            for locale, alias in [("en", c.name), *c.names]:
                self._card_aliases.setdefault(alias, set()).add(c.ref)
                self._alias_locales.setdefault(alias, set()).add(locale)
        self._card_choices: dict[str, tuple[list[str], list[str]]] = {}
        self._card_names = sorted(self._card_aliases, key=fold)
        self._card_labels = [fold(name) for name in self._card_names]
        #: the labels in one spelling ("ritual sceptre"), what card_lookup compares a name with
        self._card_spelled = [one_spelling(label) for label in self._card_labels]
        self._vocab: dict[str, dict[str, str]] = {}
        for word, language, stem in self.conn.execute("SELECT word, language, stem FROM vocab"):
            self._vocab.setdefault(word, {})[language] = stem
            self.analyzer.remember(word, language, stem)
        self._vocab_words = [w for w in self._vocab if len(w) >= 4]
        self._words_by_length: dict[int, list[str]] = {}
        #: typo -> the stems of its correction (see _correct)
        self._corrections: dict[str, frozenset[str]] = {}
        self._sections = [d for d in self._docs.values() if d.kind in RULE_KINDS]
        #: (document, ruling id, language) -> the entry: a ruling is shown once, in the asker's language
        self._ruling_versions = {(d.document, d.ref, d.language): d.id for d in self._docs.values() if d.kind == "ruling"}
        self._section_choices: dict[tuple[str | None, str | None], tuple[list[str], list[str]]] = {}

    # ------------------------------------------------------------------ search
    def search(
        self,
        query: str,
        system: str | None = None,
        language: str | None = None,
        limit: int = 5,
        offset: int = 0,
        kinds: Collection[str] | None = None,
        prefer_system: str | None = None,
        prefer_language: str | None = None,
    ) -> list[Hit]:
        """Best sections, cards and tables for a free-text question, best first.

        `system` and `kinds` filter; `language` keeps only rule text in that language (cards
        have one text for everyone and always stay). Without `language`, the query's own
        language is guessed and preferred, not imposed; `prefer_language` (the asker's locale)
        counts only when the question alone does not tell. `prefer_system` (the game played
        in the channel) and a game named in the question are preferred the same way.
        """
        plan = self._plan(query, language, prefer_system, prefer_language)
        if not plan.concepts:
            return []
        idfs = self._scorer.idfs(plan)

        def wanted(doc: _Doc) -> bool:
            return ((system is None or doc.system == system)
                    and (language is None or doc.language == language or doc.kind == "card")
                    and (kinds is None or doc.kind in kinds))

        filtered = bool(system or language or kinds)
        candidates, holdings = self._candidates(plan, idfs, wanted if filtered else None, max(CANDIDATES, offset + limit))
        scored = self._ranked(plan, idfs, candidates, holdings, offset + limit, keep_languages=language is not None)
        stems = plan.stems()
        hits = []
        for score, rid in scored[offset : offset + limit]:
            if score <= 0:
                break
            doc = self._docs[rid]
            hits.append(
                Hit(doc.document, doc.doc_title, doc.section, doc.language, doc.system, doc.kind,
                    excerpt(self._passage(doc), stems), round(score, 4), doc.ref)
            )
        return hits

    def _ranked(
        self, plan: Plan, idfs: list[float], candidates: list[tuple[int, float]], holdings: list[set[int]], shown: int,
        keep_languages: bool,
    ) -> list[tuple[float, int]]:
        """The candidates in the order shown, as if every one were scored; at least the first
        `shown` entries of it are, the rest may be left out.

        Scoring is most of a query's cost, and most candidates cannot reach the first page: each
        has a ceiling (ranking.Scorer.ceiling, what it would score were every concept it holds
        matched as well as can be), so candidates are scored highest ceiling first, until the
        next one's ceiling is below both the PROXIMITY_PAGE-th score so far (the page proximity
        reorders) and the `shown`-th of the entries in the asker's language (the others are
        shown after them). The order is then checked (_settled); when the language split or a
        ruling shown once leaves it unsure, the remaining candidates are scored too.
        """
        score, docs = self._scorer.score, self._docs
        lang = plan.language if not keep_languages else None
        total_idf = sum(idfs) or 1.0
        ceiling = self._scorer.ceiling
        waiting = sorted(((ceiling(plan, docs[rid].stats, cover, total_idf), rid) for rid, cover in candidates), reverse=True)
        indexed = list(enumerate(holdings))

        def value(rid: int) -> float:  # scored on the concepts the entry holds: the others add nothing
            return score(plan, docs[rid].stats, idfs, [j for j, holding in indexed if rid in holding])

        page = ranking.PROXIMITY_PAGE
        best: list[float] = []  # the best `page` scores so far (a min-heap)
        native: list[float] = []  # ...and the best `shown` of entries shown in the asker's language
        scored: list[tuple[float, int]] = []
        done = 0
        for bound, rid in waiting:
            if len(best) >= page and len(native) >= shown and bound * _CEILING_MARGIN < min(best[0], native[0]):
                break
            got = value(rid)
            scored.append((got, rid))
            done += 1
            _keep_best(best, got, page)
            doc = docs[rid]
            if doc.kind != "ruling" and not self._foreign(doc, lang):
                _keep_best(native, got, shown)
        threshold = min(best[0], native[0]) if done < len(waiting) else -math.inf
        ordered = self._ordered(plan, idfs, scored, keep_languages)
        if done < len(waiting) and not self._settled(ordered, scored, shown, threshold, lang):
            scored += [(value(rid), rid) for _, rid in waiting[done:]]
            ordered = self._ordered(plan, idfs, scored, keep_languages)
        return ordered

    def _ordered(
        self, plan: Plan, idfs: list[float], scored: list[tuple[float, int]], keep_languages: bool
    ) -> list[tuple[float, int]]:
        """Scored entries in the order shown: by score, the first page by proximity too, then
        one language first."""
        scored.sort(key=lambda pair: (-pair[0], pair[1]))
        return self._one_language(plan, self._by_proximity(plan, idfs, scored), keep_languages)

    def _settled(self, ordered: list[tuple[float, int]], scored: list[tuple[float, int]], shown: int, threshold: float,
                 lang: str | None) -> bool:
        """Would scoring the candidates left out (each scoring below `threshold`) change the first
        `shown` entries of `ordered`? Not when proximity's page holds only entries scoring at least
        that, and the first `shown` entries are in the asker's language and score at least that: a
        candidate left out would come after all of them, in score order or as a translation."""
        page = ranking.PROXIMITY_PAGE
        if len(ordered) < shown or sum(value >= threshold for value, _ in scored) < page:
            return False
        return all(value >= threshold and not self._foreign(self._docs[rid], lang) for value, rid in ordered[:shown])

    def _foreign(self, doc: _Doc, lang: str | None) -> bool:
        """Is this entry a translation, shown after every entry in the asker's language `lang`?"""
        return (lang is not None and doc.kind in RULE_KINDS and doc.language != lang
                and self._scorer.translated(doc.kind, doc.system, lang))

    def _one_language(self, plan: Plan, scored: list[tuple[float, int]], keep_languages: bool) -> list[tuple[float, int]]:
        """The list in the asker's language: a ruling once (in that language when written in it),
        and a section whose game has the same kind of text in that language (the English Basic
        rulebook for an Italian question) only after every entry in the asker's language.

        The other language still answers when nothing in the asker's does (a game whose rules
        exist only in English keeps its sections in place: they are no translation).
        """
        lang = plan.language
        native: list[tuple[float, int]] = []
        foreign: list[tuple[float, int]] = []
        seen_rulings: set[tuple[str, str | None]] = set()
        for score, rid in scored:
            doc = self._docs[rid]
            if doc.kind == "ruling":
                if lang is not None and doc.language != lang and not keep_languages:
                    rid = self._ruling_versions.get((doc.document, doc.ref, lang), rid)
                    doc = self._docs[rid]
                key = (doc.document, doc.ref)
                if key in seen_rulings:
                    continue
                seen_rulings.add(key)
            if (lang is not None and not keep_languages and doc.kind in RULE_KINDS and doc.language != lang
                    and self._scorer.translated(doc.kind, doc.system, lang)):
                foreign.append((score, rid))
            else:
                native.append((score, rid))
        return native + foreign

    def _by_proximity(self, plan: Plan, idfs: list[float], scored: list[tuple[float, int]]) -> list[tuple[float, int]]:
        """The first page (the ranking.PROXIMITY_PAGE best-scored entries) put in order again with
        how close the question's words stand in each text; the rest keeps its order.

        Proximity is a weak signal: good at telling apart near-ties among entries that already
        match the question well, noisy when it lifts an entry from further down (on the
        development questions that cost top-3 answers). So it orders what the first page
        holds and never changes which entries it holds; it is computed for those few only.
        """
        weight = ranking.PROXIMITY_WEIGHT
        if weight <= 0 or len(plan.concepts) < 2:
            return scored
        page = [(score, rid) for score, rid in scored[: ranking.PROXIMITY_PAGE] if score > 0]
        head = [(score * math.exp(weight * self._scorer.proximity(plan, self._docs[rid].stats, idfs)), rid)
                for score, rid in page]
        head.sort(key=lambda pair: (-pair[0], pair[1]))
        return head + scored[len(head):]

    def _candidates(
        self, plan: Plan, idfs: list[float], wanted: Callable[[_Doc], bool] | None, need: int
    ) -> tuple[list[tuple[int, float]], list[set[int]]]:
        """The entries worth scoring (with the IDFs of the concepts each holds, summed), and for
        each concept the entries holding it: those holding
        any form of any concept, the `need` best by how much of the question they hold
        (IDF-weighted) times their prior, and the GAME_CANDIDATES best rule entries of each game
        by the same measure.

        Every matching entry is looked at, so the cut never depends on raw term counts (where
        a section repeating three synonyms of one word would look three times as relevant);
        only the full score (ranking.Scorer) is kept for the few that can win.
        """
        covered: dict[int, float] = {}
        postings = self._postings
        holdings: list[set[int]] = []
        for concept, idf in zip(plan.concepts, idfs, strict=False):
            holding: set[int] = set()
            for stem in concept.single:
                found = postings.get(stem)
                if found is not None:
                    holding.update(found)
            for form in concept.forms:
                if len(form) > 1:  # a phrase: entries holding all its words (the scorer checks the order)
                    sets = sorted((postings.get(w, frozenset()) for w in form), key=len)
                    holding.update(sets[0].intersection(*sets[1:]))
            holdings.append(holding)
            get = covered.get
            for rid in holding:
                covered[rid] = get(rid, 0.0) + idf
        # the prior of an entry is its group's (a few dozen, numbered) times its length factor
        priors = [self._scorer.group_prior(plan, group) for group in self._groups]
        group, length = self._group_id, self._length_factor
        if wanted is None:
            ranked = {rid: cover * priors[group[rid]] * length[rid] for rid, cover in covered.items()}
        else:
            docs = self._docs
            ranked = {rid: cover * priors[group[rid]] * length[rid] for rid, cover in covered.items() if wanted(docs[rid])}
        chosen = list(ranked) if len(ranked) <= need else self._cut(ranked, need)
        return [(rid, covered[rid]) for rid in chosen], holdings

    def _cut(self, ranked: dict[int, float], need: int) -> list[int]:
        """The `need` best entries by their measure, and each game's GAME_CANDIDATES best rule
        entries: the cut is a game's own too, so each game's best rule entries are scored, however
        low the prior of a game the question does not name puts them among all the others.
        (One stable sort gives both: heapq.nlargest is such a sort's first entries.)"""
        order = sorted(ranked, key=ranked.__getitem__, reverse=True)
        chosen = order[:need]
        rule_game = self._rule_game
        taken: dict[str, int] = {}
        full = 0  # games whose GAME_CANDIDATES are all taken: once every game's are, the rest adds nothing
        for i, rid in enumerate(order):
            if i >= need and full == self._rule_games:
                break
            game = rule_game.get(rid)
            if game is None:
                continue
            count = taken.get(game, 0)
            if count < GAME_CANDIDATES:
                taken[game] = count + 1
                full += count + 1 == GAME_CANDIDATES
                if i >= need:
                    chosen.append(rid)
        return chosen

    def _passage(self, doc: _Doc) -> Passage:
        """The section split into stemmed words, cached: excerpts are cut from it every time."""
        found = self._passages.get(doc.id)
        if found is None:
            found = Passage.of(doc.body, lambda word: self.analyzer.stem(word, doc.language))
            self._passages[doc.id] = found
        return found

    def _plan(
        self, query: str, language: str | None, prefer_system: str | None = None, prefer_language: str | None = None
    ) -> Plan:
        text, named_system = _strip_mentions(query)
        about_rulings = _about_rulings(" ".join(fold(w) for w in words(query)))
        # the stop words of the question's own language only, once it is known: "dove" is a
        # stop word in Italian ("where") but the thing asked about in "what does the dove do"
        told = language or detect_language(query)
        content = self.analyzer.content_words(text, told)
        if not content and named_system:
            # the game's name was all the question said ("how do you get into the Water Realm"):
            # the realm is then what is asked about, so its name is searched as words
            content = self.analyzer.content_words(" ".join(words(query)), told)
        if about_rulings:  # "what did the bot decide about X" is about X: the rest picks the kind
            content = [w for w in content if fold(w) not in stopwords.RULING_WORDS] or content
        preferred = told or self._guess_language(content) or prefer_language
        concepts: list[Concept] = []
        short_words = {fold(w) for name in games.short_names() for w in words(name)} if named_system else set()
        i = 0
        while i < len(content):
            taken = self._multiword_concept(content, i, preferred)
            if taken is not None:
                concepts.append(taken)
                i += len(taken.words)
                continue
            word = content[i]
            number = numbers.value(word)
            if number is not None:  # "4", "four", "quattro": one idea, written every way, and weak
                spelt = {self.analyzer.stem(w, lang or "en") for w, lang in numbers.spellings(number)}
                own = {self.analyzer.stem(word, preferred or "en")}
                concepts.append(Concept((word,), frozenset((s,) for s in spelt), frozenset((s,) for s in own), weak=True))
                i += 1
                continue
            all_stems = {self.analyzer.stem(word, lang) for lang in LANGUAGES}
            stems = self._own_stems(word, preferred, all_stems)
            forms: set[Phrase] = {(s,) for s in stems} | self._expand([word], preferred)
            weak = fold(word) in short_words
            concepts.append(Concept((word,), frozenset(forms), frozenset((s,) for s in stems), weak=weak))
            i += 1
        # one idea asked twice ("a player ... other players") counts once
        seen: set[frozenset[Phrase]] = set()
        unique: list[Concept] = []
        for c in concepts:
            if c.forms not in seen:
                seen.add(c.forms)
                unique.append(c)
        concepts = unique
        folded = " ".join(fold(w) for w in words(query))
        return Plan(tuple(concepts), preferred, folded, named_system, prefer_system, about_rulings)

    def _own_stems(self, word: str, language: str | None, all_stems: set[str]) -> set[str]:
        """The stems a word is searched as: its own language's, when the query's is known.

        Stemming an English word with the Italian stemmer makes junk ("magic" -> "mag",
        "mana" -> "man", matching "mano") that slows the search and adds noise, so the other
        language's stem is used only when the question's language is unclear or its own stem
        is not in the index. A word in neither is a typo: its nearest indexed word stands in.
        """
        if language in LANGUAGES:
            own = self.analyzer.stem(word, language)
            if self._scorer.known(own):
                # Italian players use the English names of game terms ("Frostmarch", "Waterlore",
                # "dungeon"), which the Italian stemmer cuts differently from the English texts
                # that use them: a word of an Italian question that the English texts use as it
                # is is also searched as those texts stem it
                english = self._vocab.get(fold(word), {}).get("en") if language == "it" else None
                if english and english != own and self._scorer.known(english):
                    return {own, english}
                return {own}
        known = {s for s in all_stems if self._scorer.known(s)}
        if known:
            return known
        if len(word) >= 4:
            return self._correct(word) or all_stems
        return all_stems

    def _multiword_concept(self, content: list[str], i: int, language: str | None) -> Concept | None:
        """The longest run of words from position i that is a multi-word synonym, if any."""
        starts = self.synonyms.phrase_starts
        if not any(self.analyzer.stem(content[i], lang) in starts for lang in LANGUAGES):
            return None
        for n in range(min(self.synonyms.longest, len(content) - i), 1, -1):
            chunk = content[i : i + n]
            phrases = {tuple(self.analyzer.stem(w, lang) for w in chunk) for lang in LANGUAGES}
            group = self._expand(chunk, language)
            if group:
                return Concept(tuple(chunk), frozenset(group | phrases), frozenset(phrases))
        return None

    def _expand(self, chunk: list[str], language: str | None) -> set[Phrase]:
        """The synonyms of a word or phrase: through the question's language's groups, if any.

        Stems collide across languages ("ports" and the Italian "portare" both give "port"),
        so a question in a known language is expanded as that language first; only when that
        finds nothing (an English game term in an Italian question) are both tried.
        """
        if language in LANGUAGES:
            found = self.synonyms.expand(tuple(self.analyzer.stem(w, language) for w in chunk), language)
            if found:
                return found
        out: set[Phrase] = set()
        for lang in LANGUAGES:
            out |= self.synonyms.expand(tuple(self.analyzer.stem(w, lang) for w in chunk), lang)
        return out

    def _correct(self, word: str) -> set[str]:
        """Stems of the closest indexed word to a typo ("vampyre" -> vampire), if close enough.

        The nearest word is looked for among thousands, the costliest step of a query: players
        misspell the same few words again and again, so each typo's correction is remembered
        (TYPO_MEMO of them), and only the indexed words of a length that can be close enough are
        compared (see _near_length).
        """
        folded = fold(word)
        found = self._corrections.get(folded)
        if found is None:
            best = process.extractOne(folded, self._near_length(len(folded)), scorer=fuzz.ratio, score_cutoff=TYPO_RATIO)
            found = frozenset(self._vocab[best[0]].values()) if best is not None else frozenset()
            if len(self._corrections) >= TYPO_MEMO:
                self._corrections.clear()
            self._corrections[folded] = found
        return set(found)

    def _near_length(self, size: int) -> list[str]:
        """The indexed words (of four letters or more, in index order) whose length leaves them a
        chance of TYPO_RATIO against a word of `size` letters: rapidfuzz's ratio is
        100 * (1 - distance / (la + lb)) and the distance is at least |la - lb|, so a word whose
        length differs by more than (1 - TYPO_RATIO / 100) of the two lengths' sum never reaches
        it. Kept in index order, so the first of equally close words is the one all of them
        would give."""
        found = self._words_by_length.get(size)
        if found is None:
            slack = 1 - TYPO_RATIO / 100
            found = self._words_by_length[size] = [
                w for w in self._vocab_words if abs(len(w) - size) <= slack * (len(w) + size) + 1e-9
            ]
        return found

    def _guess_language(self, content: list[str]) -> str | None:
        """For bare terms ("salute"): the language whose texts alone use the words."""
        votes = {lang: 0 for lang in LANGUAGES}
        for word in content:
            langs = self._vocab.get(fold(word), {})
            if len(langs) == 1:
                votes[next(iter(langs))] += 1
        best = max(votes, key=lambda lang: votes[lang])
        return best if votes[best] and list(votes.values()).count(votes[best]) == 1 else None

    # ------------------------------------------------------------------ cards
    def card_lookup(self, name: str, limit: int = 3) -> list[CardHit]:
        """Cards by name: exact, then prefix/substring, then fuzzy, so "vampyre" finds Vampire.

        A card's localized names (the pack's `names`, e.g. Italian) are matched like its
        English one. Several cards may share a name (a board space and a Chance card
        "Monastery"); all of them come back, exact matches first.
        """
        # "armor" finds "Armour" and "Leather Armour", "sceptre" the "Ritual Scepter"
        query = one_spelling(" ".join(fold(name).split()))
        if not query:
            return []
        ranked: dict[str, float] = {}
        # one label per name (built together in __init__): the lengths match by construction
        for label, real in zip(self._card_spelled, self._card_names, strict=True):
            if label == query:
                ranked.setdefault(real, 100.0)
        for label, real in zip(self._card_spelled, self._card_names, strict=True):
            if real not in ranked and (label.startswith(query) or f" {query}" in f" {label}"):
                ranked[real] = 90.0 if label.startswith(query) else 85.0
        if len(ranked) < limit:
            for label, score, idx in process.extract(query, self._card_spelled, scorer=fuzz.WRatio, limit=limit * 2,
                                                     score_cutoff=70):
                # WRatio also scores a part of a name ("spear" in "pearl of the abyss"): a typo
                # of the whole name must be close as a whole too, or "Mad Riddler" finds the Druid
                if fuzz.ratio(query, label) >= FUZZY_WHOLE_NAME:
                    ranked.setdefault(self._card_names[idx], min(84.0, float(score)))
        # the best score of each card over its names; cards sharing a name come back together
        by_ref: dict[str, float] = {}
        for alias, score in ranked.items():
            for ref in self._card_aliases.get(alias, ()):
                by_ref[ref] = max(score, by_ref.get(ref, 0.0))
        cards = sorted(by_ref, key=lambda ref: (-by_ref[ref], fold(self._cards[ref].name), ref))
        names = list(dict.fromkeys(self._cards[ref].name for ref in cards))[:limit]
        return [CardHit(self._cards[ref], by_ref[ref]) for ref in cards if self._cards[ref].name in names]

    def card(self, ref: str) -> CardInfo | None:
        return self._cards.get(ref)

    def cards(self) -> list[CardInfo]:
        """Every indexed card of every pack."""
        return list(self._cards.values())

    def autocomplete_cards(self, prefix: str, limit: int = AUTOCOMPLETE_LIMIT, locale: str | None = None) -> list[str]:
        """Card names for a Discord autocomplete: prefix matches first, then fuzzy ones.

        With a `locale`, the English names and that locale's names are offered (an Italian
        player may know a card by either); without one, every name.
        """
        if locale is None:
            names, labels = self._card_names, self._card_labels
        else:
            found = self._card_choices.get(locale)
            if found is None:
                chosen = [n for n in self._card_names if self._alias_locales[n] & {"en", locale}]
                found = self._card_choices[locale] = (chosen, [fold(n) for n in chosen])
            names, labels = found
        return _complete(prefix, names, labels, min(limit, AUTOCOMPLETE_LIMIT))

    # ------------------------------------------------------------------ sections and glossary
    def autocomplete_sections(
        self, prefix: str, system: str | None = None, language: str | None = None, limit: int = AUTOCOMPLETE_LIMIT
    ) -> list[str]:
        """Section titles (summaries first, then rulebooks, then tables) for an autocomplete."""
        key = (system, language)
        choices = self._section_choices.get(key)
        if choices is None:
            order = {"summary": 0, "rulebook": 1, "ruling": 2, "table": 3}
            docs = [
                d for d in self._sections
                if (system is None or d.system == system) and (language is None or d.language == language)
            ]
            docs.sort(key=lambda d: (order[d.kind], d.id))
            titles = list(dict.fromkeys(d.section[:CHOICE_MAX] for d in docs))
            choices = self._section_choices[key] = (titles, [fold(t) for t in titles])
        return _complete(prefix, choices[0], choices[1], min(limit, AUTOCOMPLETE_LIMIT), keep_order=True)

    def section_text(self, document: str, section: str) -> str | None:
        """The full text of one section (for "show the whole section")."""
        for doc in self._docs.values():
            if doc.document == document and doc.section == section:
                return doc.body
        return None

    def glossary(self, term: str, limit: int = 3, prefer: Sequence[str] = ()) -> list[GlossaryEntry]:
        """Glossary entries for a term typed in English or Italian, typos forgiven; among equal
        matches, those of the `prefer` games (the channel's) first."""
        return self.glossary_data.lookup(term, limit, prefer)

    def rulings(self, language: str = "en") -> list[tuple[str, str, str]]:
        """(heading, title, text) of every ruling this bot took, in `language` where written
        (else English), in file order: what /rulings lists."""
        docs = [d for d in self._docs.values() if d.kind == "ruling"]
        langs = {(d.document, d.ref) for d in docs if d.language == language}
        shown = [d for d in docs if d.language == language or (d.language == "en" and (d.document, d.ref) not in langs)]
        return [(d.doc_title, d.section, d.body) for d in sorted(shown, key=lambda d: d.id)]

    def lists_rulings(self, query: str) -> bool:
        """Is the query a request for the list of this bot's rulings ("rulings", "house rules",
        "show all the bot's decisions", "decisioni del bot") rather than a question?"""
        folded = " ".join(fold(w) for w in words(query))
        if not _about_rulings(folded):
            return False
        text = f" {folded} "
        for phrase in stopwords.RULING_PHRASES:
            text = text.replace(f" {phrase} ", " ")
        rest = [w for w in self.analyzer.content_words(text) if fold(w) not in stopwords.RULING_WORDS | stopwords.LISTING_WORDS]
        return not rest

    def autocomplete_glossary(self, prefix: str, language: str = "en") -> list[str]:
        return self.glossary_data.autocomplete(prefix, language, AUTOCOMPLETE_LIMIT)

    def sections(self) -> list[tuple[str, str, str]]:
        """(document, section, language) of every rule section and table, in index order."""
        return [(d.document, d.section, d.language) for d in self._sections]

    def document_titles(self, system: str) -> set[str]:
        """The human titles of every document of one game (as shown in /rules results)."""
        return {d.doc_title for d in self._docs.values() if d.system == system and d.kind in RULE_KINDS}

    def systems(self) -> list[str]:
        return sorted({d.system for d in self._docs.values()})

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for doc in self._docs.values():
            out[doc.kind] = out.get(doc.kind, 0) + 1
        return out


def _strip_mentions(query: str) -> tuple[str, str | None]:
    """The query without idioms and game names, and the game it names (if any): a full name
    first, else a short form."""
    text = " " + " ".join(words(query)) + " "
    for idiom in stopwords.IDIOMS:
        text = text.replace(f" {idiom} ", " ")
    system = None
    for folded, game in _as_words(tuple(sorted(games.mentions().items(), key=lambda pair: len(pair[0]), reverse=True))):
        if f" {folded} " in text:
            system = system or game
            text = text.replace(f" {folded} ", " ")
    if system is None:
        # a short form ("standard", "water", "campaign") names the game too, and stays searched:
        # it is also a word of the texts ("Gold in the Standard game", "sott'acqua")
        short = _as_words(tuple(games.short_names().items()))
        system = next((game for folded, game in short if f" {folded} " in text), None)
    return text.strip(), system


@functools.lru_cache(maxsize=16)
def _as_words(names: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """(name, game) pairs with each name as a query's words read it ("Water Realm" -> "water
    realm"): the same few names are looked for in every question."""
    return tuple((" ".join(words(name)), game) for name, game in names)


def _about_rulings(folded_query: str) -> bool:
    """Does the question ask about this bot's own rulings ("what did the bot decide", "house rule")?"""
    padded = f" {folded_query} "
    return any(w in stopwords.RULING_WORDS for w in folded_query.split()) or any(
        f" {phrase} " in padded for phrase in stopwords.RULING_PHRASES)


def _complete(prefix: str, names: list[str], labels: list[str], limit: int, keep_order: bool = False) -> list[str]:
    """Names starting with the prefix, then names with a word starting with it, then fuzzy."""
    query = fold(prefix).strip()
    if not query:
        return names[:limit]
    starts = [n for n, label in zip(names, labels, strict=False) if label.startswith(query)]
    inner = [
        n for n, label in zip(names, labels, strict=False)
        if not label.startswith(query) and f" {query}" in label.replace("›", " ")
    ]
    if not keep_order:
        starts.sort(key=fold)
        inner.sort(key=fold)
    out = list(dict.fromkeys(starts + inner))
    if len(out) < limit:
        for _, _, idx in process.extract(query, labels, scorer=fuzz.WRatio, limit=limit, score_cutoff=60):
            if names[idx] not in out:
                out.append(names[idx])
    return out[:limit]


def open_index(rulebooks_dir: Path, cache_path: Path | None = None, **paths: Path | None) -> RulesIndex:
    """The bot's entry point: `open_index(settings.rulebooks_dir, cache_path_for(settings.database_path))`."""
    return RulesIndex.open(Sources(Path(rulebooks_dir), **paths), cache_path)  # type: ignore[arg-type]  # only the paths Sources takes are passed


