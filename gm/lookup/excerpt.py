"""The excerpt shown under a search hit: the densest window of matched words, in bold.

Discord renders `**word**` as bold, so matched words are wrapped that way; any Markdown
characters already in the text are escaped first, so a rulebook's stray `*` or `_` can
never open an unintended style.
"""
from __future__ import annotations

import re
from typing import Callable

from gm.lookup.text import spans

_MARKDOWN = re.compile(r"([\\*_~`|>])")


def escape_markdown(text: str) -> str:
    return _MARKDOWN.sub(r"\\\1", text)


def _densest_window(tokens: list, hits: list[bool], size: int) -> int:
    """Start of the window with the most distinct matched words (then most matches), in O(n)."""
    counts: dict[str, int] = {}
    total = 0
    best_start, best_key = 0, (-1, -1)
    for end, (tok, hit) in enumerate(zip(tokens, hits)):
        if hit:
            counts[tok.word] = counts.get(tok.word, 0) + 1
            total += 1
        start = end - size + 1
        if start > 0 and hits[start - 1]:
            gone = tokens[start - 1].word
            counts[gone] -= 1
            total -= 1
            if not counts[gone]:
                del counts[gone]
        key = (len(counts), total)
        if key > best_key:
            best_start, best_key = max(0, start), key
    return best_start


def excerpt(
    body: str,
    is_match: Callable[[str], bool],
    max_words: int = 45,
    max_chars: int = 320,
) -> str:
    """A window of at most `max_words` words around the most distinct matches, matches in bold."""
    text = " ".join(body.split())
    tokens = list(spans(text))
    if not tokens:
        return escape_markdown(text[:max_chars])
    hits = [is_match(tok.word) for tok in tokens]
    best_start = _densest_window(tokens, hits, max_words)
    # start the window a little before the first match, so the sentence reads naturally
    first = next((i for i in range(best_start, min(len(tokens), best_start + max_words)) if hits[i]), best_start)
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
        if hits[i]:
            out.append(escape_markdown(text[cursor : tok.start]))
            out.append(f"**{text[tok.start:tok.end]}**")
            cursor = tok.end
    out.append(escape_markdown(text[cursor:end_char]))
    prefix = "… " if begin_char > 0 else ""
    suffix = " …" if end_char < len(text) else ""
    return prefix + "".join(out).strip() + suffix
