"""The rule and card lookup index: SQLite FTS5 with our own stemming, BM25 and a re-rank.

Why this shape:
* FTS5 (in CPython's sqlite3) gives BM25 ranking and a fast inverted index with nothing to
  install. It indexes *our* stems (English or Italian Snowball, chosen per document), so
  the two languages share one index and a query can reach both.
* A query is split into concepts (one per content word, or a multi-word synonym such as
  "battle of wills"); each concept is searched as all its forms: both languages' stems, a
  typo correction from the index vocabulary (rapidfuzz), and its synonym group. FTS5 ORs
  everything and returns candidates by BM25; we then re-rank by how much of the question a
  section covers (weighted by rarity), whether its title does, and the asker's language,
  because pure OR-BM25 lets one frequent word outvote a section that answers everything.
* The built index is cached in an SQLite file next to the bot's database with a hash of its
  sources, and copied into memory to serve queries; a changed source rebuilds it.
"""
from __future__ import annotations

import json
import logging
import math
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Collection

from rapidfuzz import fuzz, process

from gm.lookup.cards import CardInfo
from gm.lookup.excerpt import excerpt
from gm.lookup.glossary import Glossary, GlossaryEntry
from gm.lookup.sections import CHAPTER_SEPARATOR
from gm.lookup.sources import INDEX_FORMAT, Collected, Entry, Sources, collect
from gm.lookup.synonyms import Phrase, Synonyms
from gm.lookup.text import LANGUAGES, Analyzer, detect_language, fold, words

log = logging.getLogger(__name__)

#: how many BM25 candidates are re-ranked; more costs time, fewer may miss the answer
CANDIDATES = 60
#: FTS5 column weights: a word in the section title counts this much more than in the text
TITLE_WEIGHT = 4.0
#: Discord allows 25 autocomplete choices of at most 100 characters
AUTOCOMPLETE_LIMIT = 25
CHOICE_MAX = 100
_RULE_KINDS = ("summary", "rulebook", "table")

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE docs (
    id INTEGER PRIMARY KEY, kind TEXT NOT NULL, system TEXT NOT NULL, language TEXT NOT NULL,
    document TEXT NOT NULL, doc_title TEXT NOT NULL, section TEXT NOT NULL, body TEXT NOT NULL, ref TEXT
);
CREATE VIRTUAL TABLE fts USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2');
CREATE TABLE cards (ref TEXT PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE vocab (word TEXT NOT NULL, language TEXT NOT NULL, stem TEXT NOT NULL, PRIMARY KEY (word, language)) WITHOUT ROWID;
"""


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
    title_terms: frozenset[str]
    terms: frozenset[str]
    #: " stem stem ... " of title and body, for phrase checks
    stem_text: str


@dataclass(frozen=True)
class _Concept:
    """One idea of the query (a word or a multi-word synonym) and every form it may take."""

    words: tuple[str, ...]
    forms: frozenset[Phrase]


@dataclass(frozen=True)
class _Plan:
    concepts: tuple[_Concept, ...]
    language: str | None
    folded_query: str

    def match_expression(self) -> str:
        forms = sorted({" ".join(f) for c in self.concepts for f in c.forms})
        return " OR ".join('"' + f.replace('"', '""') + '"' for f in forms)

    def stems(self) -> frozenset[str]:
        return frozenset(s for c in self.concepts for f in c.forms for s in f)


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
        self.synonyms = Synonyms.load(sources.synonyms, self.analyzer)
        self.glossary_data = Glossary.load(sources.glossary)
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        self.fingerprint = meta.get("fingerprint", "")
        self.problems: list[str] = json.loads(meta.get("problems", "[]"))
        self._load_memory()

    # ------------------------------------------------------------------ building and caching
    @classmethod
    def open(cls, sources: Sources, cache_path: Path | None = None) -> "RulesIndex":
        """The index for `sources`: from `cache_path` if it is current, else built (and cached).

        Without `cache_path` the index lives in memory only. A cache that is stale, corrupt
        or unwritable is rebuilt or skipped, never fatal: lookup is not worth a crash.
        """
        fingerprint = sources.fingerprint()
        if cache_path is not None and Path(cache_path).exists():
            conn = _load_cached(Path(cache_path), fingerprint)
            if conn is not None:
                return cls(conn, sources, rebuilt=False, build_seconds=0.0)
        started = time.perf_counter()
        conn = build_connection(collect(sources), fingerprint)
        elapsed = time.perf_counter() - started
        if cache_path is not None:
            _save_cache(conn, Path(cache_path))
        return cls(conn, sources, rebuilt=True, build_seconds=elapsed)

    @classmethod
    def build(cls, rulebooks_dir: Path, **paths: Path | None) -> "RulesIndex":
        """An in-memory index over the rulebooks in `rulebooks_dir` and the project's data."""
        return cls.open(Sources(Path(rulebooks_dir), **paths))  # type: ignore[arg-type]

    def _load_memory(self) -> None:
        """Everything the re-rank and autocomplete need, held in Python for speed."""
        self._docs: dict[int, _Doc] = {}
        df: dict[str, int] = {}
        rows = self.conn.execute(
            "SELECT d.id, d.kind, d.system, d.language, d.document, d.doc_title, d.section, d.body, d.ref, f.title, f.body "
            "FROM docs d JOIN fts f ON f.rowid = d.id"
        )
        for rid, kind, system, language, document, doc_title, section, body, ref, t_title, t_body in rows:
            title_terms = frozenset(t_title.split())
            terms = title_terms | frozenset(t_body.split())
            for term in terms:
                df[term] = df.get(term, 0) + 1
            self._docs[rid] = _Doc(
                rid, kind, system, language, document, doc_title, section, body, ref,
                title_terms, terms, f" {t_title} | {t_body} ",
            )
        n = max(1, len(self._docs))
        self._idf = {term: math.log(1 + (n - count + 0.5) / (count + 0.5)) for term, count in df.items()}
        self._default_idf = math.log(1 + (n + 0.5) / 0.5)
        self._cards: dict[str, CardInfo] = {
            ref: CardInfo.from_json(raw) for ref, raw in self.conn.execute("SELECT ref, json FROM cards")
        }
        self._card_names = sorted({c.name for c in self._cards.values()}, key=fold)
        self._card_labels = [fold(name) for name in self._card_names]
        self._vocab: dict[str, dict[str, str]] = {}
        for word, language, stem in self.conn.execute("SELECT word, language, stem FROM vocab"):
            self._vocab.setdefault(word, {})[language] = stem
            self.analyzer.remember(word, language, stem)
        self._vocab_words = [w for w in self._vocab if len(w) >= 4]
        self._sections = [d for d in self._docs.values() if d.kind in _RULE_KINDS]

    # ------------------------------------------------------------------ search
    def search(
        self,
        query: str,
        system: str | None = None,
        language: str | None = None,
        limit: int = 5,
        offset: int = 0,
        kinds: Collection[str] | None = None,
    ) -> list[Hit]:
        """Best sections, cards and tables for a free-text question, best first.

        `system` and `kinds` filter; `language` keeps only rule text in that language (cards
        have one text for everyone and always stay). Without `language`, the query's own
        language is guessed and preferred, not imposed.
        """
        plan = self._plan(query, language)
        if not plan.concepts:
            return []
        sql = (
            f"SELECT f.rowid, bm25(fts, {TITLE_WEIGHT}, 1.0) AS rank FROM fts f JOIN docs d ON d.id = f.rowid "
            "WHERE fts MATCH ?"
        )
        params: list[object] = [plan.match_expression()]
        if system:
            sql += " AND d.system = ?"
            params.append(system)
        if language:
            sql += " AND (d.language = ? OR d.kind = 'card')"
            params.append(language)
        if kinds:
            sql += f" AND d.kind IN ({','.join('?' * len(kinds))})"
            params.extend(kinds)
        sql += " ORDER BY rank LIMIT ?"
        params.append(max(CANDIDATES, offset + limit))
        weights = [self._idf_of(c) for c in plan.concepts]
        scored = [
            (self._rerank(plan, self._docs[rid], -rank, weights), rid) for rid, rank in self.conn.execute(sql, params)
        ]
        scored.sort(key=lambda pair: (-pair[0], pair[1]))
        stems = plan.stems()
        hits = []
        for score, rid in scored[offset : offset + limit]:
            doc = self._docs[rid]
            lang = doc.language

            def is_match(word: str, lang: str = lang) -> bool:
                return self.analyzer.stem(word, lang) in stems

            hits.append(
                Hit(doc.document, doc.doc_title, doc.section, doc.language, doc.system, doc.kind,
                    excerpt(doc.body, is_match), round(score, 4), doc.ref)
            )
        return hits

    def _plan(self, query: str, language: str | None) -> _Plan:
        content = self.analyzer.content_words(query)
        preferred = language or detect_language(query) or self._guess_language(content)
        concepts: list[_Concept] = []
        i = 0
        while i < len(content):
            taken = self._multiword_concept(content, i)
            if taken is not None:
                concepts.append(taken)
                i += len(taken.words)
                continue
            word = content[i]
            stems = {self.analyzer.stem(word, lang) for lang in LANGUAGES}
            if not any(s in self._idf for s in stems) and len(word) >= 4:
                stems |= self._correct(word)
            forms: set[Phrase] = {(s,) for s in stems}
            for s in list(stems):
                forms |= self.synonyms.expand((s,))
            concepts.append(_Concept((word,), frozenset(forms)))
            i += 1
        return _Plan(tuple(concepts), preferred, " ".join(fold(w) for w in words(query)))

    def _multiword_concept(self, content: list[str], i: int) -> _Concept | None:
        for n in range(min(self.synonyms.longest, len(content) - i), 1, -1):
            chunk = content[i : i + n]
            for lang in LANGUAGES:
                phrase = tuple(self.analyzer.stem(w, lang) for w in chunk)
                group = self.synonyms.expand(phrase)
                if group:
                    return _Concept(tuple(chunk), frozenset(group | {phrase}))
        return None

    def _correct(self, word: str) -> set[str]:
        """Stems of the closest indexed word to a typo ("vampyre" -> vampire), if close enough."""
        found = process.extractOne(fold(word), self._vocab_words, scorer=fuzz.ratio, score_cutoff=80)
        if found is None:
            return set()
        return set(self._vocab[found[0]].values())

    def _guess_language(self, content: list[str]) -> str | None:
        """For bare terms ("salute"): the language whose texts alone use the words."""
        votes = {lang: 0 for lang in LANGUAGES}
        for word in content:
            langs = self._vocab.get(fold(word), {})
            if len(langs) == 1:
                votes[next(iter(langs))] += 1
        best = max(votes, key=lambda lang: votes[lang])
        return best if votes[best] and list(votes.values()).count(votes[best]) == 1 else None

    def _idf_of(self, concept: _Concept) -> float:
        best = 0.0
        for form in concept.forms:
            best = max(best, min((self._idf.get(s, 0.0) for s in form), default=0.0))
        return best

    @staticmethod
    def _has(concept: _Concept, doc: _Doc, title_only: bool = False) -> bool:
        terms = doc.title_terms if title_only else doc.terms
        for form in concept.forms:
            if len(form) == 1:
                if form[0] in terms:
                    return True
            elif f" {' '.join(form)} " in doc.stem_text:
                if not title_only or all(s in doc.title_terms for s in form):
                    return True
        return False

    def _rerank(self, plan: _Plan, doc: _Doc, bm25: float, weights: list[float]) -> float:
        total = sum(weights) or 1.0
        covered = sum(w for c, w in zip(plan.concepts, weights) if self._has(c, doc))
        in_title = sum(w for c, w in zip(plan.concepts, weights) if self._has(c, doc, title_only=True))
        score = bm25 * (0.2 + covered / total) ** 2
        score *= 1.0 + 0.5 * (in_title / total)
        section = fold(doc.section.split(CHAPTER_SEPARATOR)[-1])
        if plan.folded_query and (plan.folded_query == section or plan.folded_query == fold(doc.section)):
            score *= 3.0
        if plan.language and doc.kind in _RULE_KINDS and doc.language != plan.language:
            score *= 0.5
        return score

    # ------------------------------------------------------------------ cards
    def card_lookup(self, name: str, limit: int = 3) -> list[CardHit]:
        """Cards by name: exact, then prefix/substring, then fuzzy, so "vampyre" finds Vampire.

        Several cards may share a name (a board space and a Chance card "Monastery"); all of
        them come back, exact matches first.
        """
        query = fold(name).strip()
        if not query:
            return []
        ranked: dict[str, float] = {}
        for label, real in zip(self._card_labels, self._card_names):
            if label == query:
                ranked.setdefault(real, 100.0)
        for label, real in zip(self._card_labels, self._card_names):
            if real not in ranked and (label.startswith(query) or f" {query}" in f" {label}"):
                ranked[real] = 90.0 if label.startswith(query) else 85.0
        if len(ranked) < limit:
            for _, score, idx in process.extract(query, self._card_labels, scorer=fuzz.WRatio, limit=limit * 2, score_cutoff=70):
                ranked.setdefault(self._card_names[idx], min(84.0, float(score)))
        best = sorted(ranked.items(), key=lambda kv: (-kv[1], fold(kv[0])))[:limit]
        out: list[CardHit] = []
        for real, score in best:
            out += [CardHit(card, score) for card in self._cards.values() if card.name == real]
        return out

    def card(self, ref: str) -> CardInfo | None:
        return self._cards.get(ref)

    def autocomplete_cards(self, prefix: str, limit: int = AUTOCOMPLETE_LIMIT) -> list[str]:
        """Card names for a Discord autocomplete: prefix matches first, then fuzzy ones."""
        return _complete(prefix, self._card_names, min(limit, AUTOCOMPLETE_LIMIT))

    # ------------------------------------------------------------------ sections and glossary
    def autocomplete_sections(
        self, prefix: str, system: str | None = None, language: str | None = None, limit: int = AUTOCOMPLETE_LIMIT
    ) -> list[str]:
        """Section titles (summaries first, then rulebooks, then tables) for an autocomplete."""
        order = {"summary": 0, "rulebook": 1, "table": 2}
        docs = [
            d for d in self._sections
            if (system is None or d.system == system) and (language is None or d.language == language)
        ]
        docs.sort(key=lambda d: (order[d.kind], d.id))
        titles = list(dict.fromkeys(d.section[:CHOICE_MAX] for d in docs))
        return _complete(prefix, titles, min(limit, AUTOCOMPLETE_LIMIT), keep_order=True)

    def section_text(self, document: str, section: str) -> str | None:
        """The full text of one section (for "show the whole section")."""
        for doc in self._docs.values():
            if doc.document == document and doc.section == section:
                return doc.body
        return None

    def glossary(self, term: str, limit: int = 3) -> list[GlossaryEntry]:
        """Glossary entries for a term typed in English or Italian, typos forgiven."""
        return self.glossary_data.lookup(term, limit)

    def autocomplete_glossary(self, prefix: str, language: str = "en") -> list[str]:
        return self.glossary_data.autocomplete(prefix, language, AUTOCOMPLETE_LIMIT)

    def sections(self) -> list[tuple[str, str, str]]:
        """(document, section, language) of every rule section and table, in index order."""
        return [(d.document, d.section, d.language) for d in self._sections]

    def systems(self) -> list[str]:
        return sorted({d.system for d in self._docs.values()})

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for doc in self._docs.values():
            out[doc.kind] = out.get(doc.kind, 0) + 1
        return out


def _complete(prefix: str, names: list[str], limit: int, keep_order: bool = False) -> list[str]:
    query = fold(prefix).strip()
    if not query:
        return names[:limit]
    labels = [fold(n) for n in names]
    starts = [n for n, label in zip(names, labels) if label.startswith(query)]
    inner = [
        n for n, label in zip(names, labels)
        if not label.startswith(query) and any(part.startswith(query) for part in label.replace("›", " ").split())
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


# ---------------------------------------------------------------------- building
def build_connection(collected: Collected, fingerprint: str) -> sqlite3.Connection:
    """A fresh in-memory database holding the index of `collected`."""
    analyzer = Analyzer()
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    conn.executescript(_SCHEMA)
    vocab: dict[tuple[str, str], str] = {}
    for rid, entry in enumerate(collected.entries, start=1):
        _insert(conn, analyzer, rid, entry, vocab)
    conn.executemany("INSERT INTO cards (ref, json) VALUES (?, ?)", [(c.ref, c.to_json()) for c in collected.cards])
    conn.executemany(
        "INSERT INTO vocab (word, language, stem) VALUES (?, ?, ?)",
        [(word, lang, stem) for (word, lang), stem in vocab.items()],
    )
    meta = {"fingerprint": fingerprint, "format": str(INDEX_FORMAT), "problems": json.dumps(collected.problems)}
    conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", meta.items())
    conn.execute("INSERT INTO fts(fts) VALUES ('optimize')")
    conn.commit()
    for problem in collected.problems:
        log.warning("rules index: %s", problem)
    return conn


def _insert(conn: sqlite3.Connection, analyzer: Analyzer, rid: int, e: Entry, vocab: dict[tuple[str, str], str]) -> None:
    conn.execute(
        "INSERT INTO docs (id, kind, system, language, document, doc_title, section, body, ref) VALUES (?,?,?,?,?,?,?,?,?)",
        (rid, e.kind, e.system, e.language, e.document, e.doc_title, e.section, e.body, e.ref),
    )
    title = " ".join(analyzer.terms(e.section, e.language))
    body = " ".join(analyzer.terms(e.body, e.language))
    conn.execute("INSERT INTO fts (rowid, title, body) VALUES (?, ?, ?)", (rid, title, body))
    for word in words(f"{e.section} {e.body}"):
        key = (fold(word), e.language)
        if key not in vocab and not analyzer.is_stop(word, e.language):
            vocab[key] = analyzer.stem(word, e.language)


def _load_cached(path: Path, fingerprint: str) -> sqlite3.Connection | None:
    try:
        src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            meta = dict(src.execute("SELECT key, value FROM meta"))
            if meta.get("fingerprint") != fingerprint or meta.get("format") != str(INDEX_FORMAT):
                return None
            mem = sqlite3.connect(":memory:", check_same_thread=False)
            src.backup(mem)
            return mem
        finally:
            src.close()
    except sqlite3.Error as exc:
        log.warning("rules index cache %s unusable (%s); rebuilding", path, exc)
        return None


def _save_cache(conn: sqlite3.Connection, path: Path) -> None:
    """Write atomically (temp file + rename) so a concurrent reader never sees half an index."""
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if tmp.exists():
            tmp.unlink()
        dst = sqlite3.connect(tmp)
        try:
            conn.backup(dst)
        finally:
            dst.close()
        os.replace(tmp, path)
    except (OSError, sqlite3.Error) as exc:
        log.warning("rules index cache %s not written (%s); serving from memory", path, exc)
        try:
            tmp.unlink()
        except OSError:
            pass


def open_index(rulebooks_dir: Path, cache_path: Path | None = None, **paths: Path | None) -> RulesIndex:
    """The bot's entry point: `open_index(settings.rulebooks_dir, cache_path_for(settings.database_path))`."""
    return RulesIndex.open(Sources(Path(rulebooks_dir), **paths), cache_path)  # type: ignore[arg-type]


