"""Building the index database, and caching it in a file beside the bot's database.

The cache holds everything the index needs (sections, FTS5 stems, cards, vocabulary) plus
the fingerprint of its sources; it is used only while the fingerprint and format match,
written atomically, and never required: any trouble with it means building in memory.
"""
from __future__ import annotations

import json
import logging
import os
import sqlite3
from pathlib import Path

from oracle.sources import INDEX_FORMAT, Collected, Entry
from oracle.text import Analyzer, fold, words

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE docs (
    id INTEGER PRIMARY KEY, kind TEXT NOT NULL, system TEXT NOT NULL, language TEXT NOT NULL,
    document TEXT NOT NULL, doc_title TEXT NOT NULL, section TEXT NOT NULL, body TEXT NOT NULL, ref TEXT
);
CREATE VIRTUAL TABLE fts USING fts5(title, body, terms, tokenize = 'unicode61 remove_diacritics 2');
CREATE TABLE cards (ref TEXT PRIMARY KEY, json TEXT NOT NULL);
CREATE TABLE vocab (word TEXT NOT NULL, language TEXT NOT NULL, stem TEXT NOT NULL, PRIMARY KEY (word, language)) WITHOUT ROWID;
"""


def build_connection(collected: Collected, fingerprint: str) -> sqlite3.Connection:
    """A fresh in-memory database holding the index of `collected`."""
    analyzer = Analyzer()
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    conn.executescript(SCHEMA)
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
    conn.execute("INSERT INTO fts (rowid, title, body, terms) VALUES (?, ?, ?, ?)", (rid, title, body, _terms_field(analyzer, e)))
    for language, text in [(e.language, f"{e.section} {e.body}"), *e.terms]:
        for word in words(text):
            key = (fold(word), language)
            if key not in vocab and not analyzer.is_stop(word, language):
                vocab[key] = analyzer.stem(word, language)


#: between two phrases of the terms field, so a phrase never matches across two of them
TERMS_SEPARATOR = " | "


def _terms_field(analyzer: Analyzer, e: Entry) -> str:
    """The section's hand-written phrasings as stems, each in its own language, phrase by phrase."""
    phrases = (" ".join(analyzer.terms(phrase, language)) for language, phrase in e.terms)
    return TERMS_SEPARATOR.join(dict.fromkeys(p for p in phrases if p))


def load_cached(path: Path, fingerprint: str) -> sqlite3.Connection | None:
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


def save_cache(conn: sqlite3.Connection, path: Path) -> None:
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
