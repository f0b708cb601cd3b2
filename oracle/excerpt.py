"""The excerpt shown under a search hit: the densest window of matched words, in bold.

Discord renders `**word**` as bold, so matched words are wrapped that way; any Markdown
characters already in the text are escaped first, so a rulebook's stray `*` or `_` can
never open an unintended style.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from oracle.text import Token, spans

_MARKDOWN = re.compile(r"([\\*_~`|>])")


def escape_markdown(text: str) -> str:
    return _MARKDOWN.sub(r"\\\1", text)


def _densest_window(tokens: tuple[Token, ...], positions: list[int], size: int) -> int:
    """Start of the window with the most distinct matched words (then most matches).

    Only windows starting on a match can be best, so two pointers walk the matches alone
    (`positions`, in order): linear in the number of matches, not in the length of the section.
    """
    counts: dict[str, int] = {}
    best_start, best_key = 0, (-1, -1)
    end = 0
    for begin, start in enumerate(positions):
        while end < len(positions) and positions[end] < start + size:
            word = tokens[positions[end]].word
            counts[word] = counts.get(word, 0) + 1
            end += 1
        key = (len(counts), end - begin)
        if key > best_key:
            best_start, best_key = start, key
        gone = tokens[start].word
        counts[gone] -= 1
        if not counts[gone]:
            del counts[gone]
    return best_start


@dataclass(frozen=True)
class Passage:
    """A section's text split into words once, with each word's stem and where each stem
    stands, for repeated excerpts: an excerpt looks up the question's few stems, never
    walks the whole section."""

    text: str
    tokens: tuple[Token, ...]
    stems: tuple[str, ...]
    #: stem -> the positions of its words, in order
    where: dict[str, list[int]] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, body: str, stem: Callable[[str], str]) -> "Passage":
        text = " ".join(body.split())
        tokens = tuple(spans(text))
        stems = tuple(stem(tok.word) for tok in tokens)
        where: dict[str, list[int]] = {}
        for i, s in enumerate(stems):
            where.setdefault(s, []).append(i)
        return cls(text, tokens, stems, where)


def excerpt(passage: Passage, matched: frozenset[str] | set[str], max_words: int = 45, max_chars: int = 320) -> str:
    """A window of at most `max_words` words around the most distinct matches, matches in bold."""
    text, tokens = passage.text, passage.tokens
    if not tokens:
        return escape_markdown(text[:max_chars])
    where = passage.where
    positions = sorted(i for s in matched if s in where for i in where[s])
    hits = set(positions)
    best_start = _densest_window(tokens, positions, max_words)
    # start the window a little before the first match, so the sentence reads naturally
    first = next((i for i in range(best_start, min(len(tokens), best_start + max_words)) if i in hits), best_start)
    start = max(0, min(best_start, first - 6))
    end = min(len(tokens), start + max_words)
    begin_char = 0 if start == 0 else tokens[start].start
    end_char = len(text) if end == len(tokens) else tokens[end - 1].end
    if end_char - begin_char > max_chars:
        end_char = begin_char + max_chars
        while end < len(tokens) and tokens[end - 1].end > end_char:
            end -= 1
        end_char = tokens[end - 1].end if end > start else end_char
    out: list[str] = []
    cursor = begin_char
    for i in range(start, end):
        tok = tokens[i]
        if tok.end > end_char:
            break
        if i in hits:
            out.append(escape_markdown(text[cursor : tok.start]))
            out.append(f"**{text[tok.start:tok.end]}**")
            cursor = tok.end
    out.append(escape_markdown(text[cursor:end_char]))
    prefix = "… " if begin_char > 0 else ""
    suffix = " …" if end_char < len(text) else ""
    return prefix + "".join(out).strip() + suffix
