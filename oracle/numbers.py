"""Small numbers as players write them: "4", "four" or "quattro" are one idea.

A question says "nobody has 4" or "all five artifacts"; the texts say "four Artifacts" or "5".
A number in a question is searched in every way of writing it, and it is a weak word: it tells
which of the sections about the question's topic is meant, never what the topic is (a digit
alone once pulled dice tables, full of digits, above the section about the Artifacts).
"""
from __future__ import annotations

from oracle.text import fold

#: value -> (English, Italian) words; one ("one", "uno": an article too) and six ("sei": "you
#: are") are left out, being everyday words of the questions as much as numbers
_WORDS: dict[int, tuple[str, str]] = {
    2: ("two", "due"), 3: ("three", "tre"), 4: ("four", "quattro"), 5: ("five", "cinque"),
    7: ("seven", "sette"), 8: ("eight", "otto"), 9: ("nine", "nove"), 10: ("ten", "dieci"),
    11: ("eleven", "undici"), 12: ("twelve", "dodici"),
}
_VALUE: dict[str, int] = {word: value for value, pair in _WORDS.items() for word in pair}


def value(word: str) -> int | None:
    """The number a word stands for ("4", "four", "quattro" -> 4), None for any other word."""
    folded = fold(word)
    if folded.isdigit():
        return int(folded)
    return _VALUE.get(folded)


def spellings(number: int) -> tuple[tuple[str, str | None], ...]:
    """Every way the texts may write it, with the language of each: the digits (any language),
    the English word and the Italian word."""
    words = _WORDS.get(number)
    return ((str(number), None),) + (((words[0], "en"), (words[1], "it")) if words else ())
