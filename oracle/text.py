"""Turning text into search terms: tokens, accent folding, stop words, stemming, language.

The same `Analyzer` runs at index time and at query time, so "battles", "Battle" and
"battling" meet on one stem, and "volontà" typed as "volonta" still matches. Stems are
memoised because a rulebook repeats the same few thousand words over and over, and the
pure-Python Snowball stemmers cost tens of microseconds a word.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Iterator

import snowballstemmer

from oracle import stopwords

LANGUAGES = ("en", "it")
_STEMMER_NAMES = {"en": "english", "it": "italian"}

#: a word is a run of letters, or a run of digits; apostrophes split ("dell'oro" -> dell, oro)
_WORD = re.compile(r"[^\W\d_]+|\d+")
_ACCENTED_IT = re.compile(r"[àèéìíòóùú]")


def fold(text: str) -> str:
    """Lower-case and strip accents, so users need not type "à" to find "volontà"."""
    if text.isascii():  # nothing to decompose or strip (most words): a query folds dozens of them
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    """The lower-cased words of a text, accents kept (the Italian stemmer wants them)."""
    return _WORD.findall(text.casefold())


@dataclass(frozen=True)
class Token:
    """One word of a text with where it sits, for bolding it in an excerpt."""

    start: int
    end: int
    word: str


def spans(text: str) -> Iterator[Token]:
    for m in _WORD.finditer(text):
        yield Token(m.start(), m.end(), m.group().casefold())


class Analyzer:
    """Stems words per language and drops stop words; shared by the indexer and the queries."""

    def __init__(self) -> None:
        self._stemmers = {lang: snowballstemmer.stemmer(name) for lang, name in _STEMMER_NAMES.items()}
        self._memo: dict[tuple[str, str], str] = {}

    def stem(self, word: str, language: str) -> str:
        """The folded stem of one lower-case word; digits are their own stem."""
        key = (word, language)
        found = self._memo.get(key)
        if found is None:
            if word.isdigit() or language not in self._stemmers:
                found = fold(word)
            else:
                found = fold(self._stemmers[language].stemWord(word))
            self._memo[key] = found
        return found

    def remember(self, word: str, language: str, stem: str) -> None:
        """Seed the memo with stems computed at build time (the cached index stores them)."""
        self._memo.setdefault((word, language), stem)

    @staticmethod
    def is_stop(word: str, language: str | None) -> bool:
        folded = fold(word)
        if language == "en":
            return folded in stopwords.ENGLISH
        if language == "it":
            return folded in stopwords.ITALIAN
        return folded in stopwords.ALL

    def terms(self, text: str, language: str) -> list[str]:
        """Index terms of a text written in `language`: stems of its non-stop words, in order."""
        return [self.stem(w, language) for w in words(text) if not self.is_stop(w, language)]

    def content_words(self, text: str, language: str | None = None) -> list[str]:
        """Non-stop words of a query, not yet stemmed (the query may be in either language)."""
        return [w for w in words(text) if not self.is_stop(w, language)]


def detect_language(text: str) -> str | None:
    """"en" or "it" by counting words that are stop words in one language only; None if unclear.

    Good enough for whole rulebooks and for most questions ("come si cura la salute?");
    a bare term ("salute") says nothing, and the caller decides what to do then.
    """
    en = it = 0
    for w in words(text):
        f = fold(w)
        if f in stopwords.ENGLISH_MARKERS:
            en += 1
        elif f in stopwords.ITALIAN_MARKERS:
            it += 1
    if _ACCENTED_IT.search(text.casefold()):
        it += 1
    if en == it:
        return None
    return "en" if en > it else "it"
