"""Splitting rulebooks into sections by their headings.

The rulebooks are plain text pulled out of PDFs and web pages: hard-wrapped paragraphs,
page numbers, picture file names, tables with tabs. Nothing marks a heading except how it
looks, so a line is a heading when it looks like one *and* sits where one would:

* short (at most 9 words), no sentence punctuation at its end, balanced brackets;
* it does not end on a word that needs a continuation ("of", "the", "della"...);
* English headings are Title Case or ALL CAPS; Italian ones may be sentence case
  ("Regole di combattimento"), which is the Italian convention;
* the line before it ends a sentence (or is blank), and the line after it does not
  continue it (does not start in lower case);
* numbered headings of the "A: Set up", "B1. The Village", "C8 – Guardian Combat",
  "C4b. Dropping Items." kind are accepted with a trailing period or colon.

ALL CAPS and bare-letter headings ("C: Gameplay") open a chapter; later headings are shown
as "Chapter › Heading" so the three "Set up" sections of an expansion stay apart.
Our own summaries are Markdown, where `## ` marks a section and nothing is guessed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

#: words that never end a heading: a line ending on one is a wrapped sentence
_DANGLING = frozenset(
    """a an and or of the to for with in on at by from into onto as than that nor but
    il lo la i gli le un una uno di da del dello della dei degli delle al allo alla ai
    agli alle dal dalla nel nello nella nei sul sulla con per tra fra e o ed che""".split()
)
#: words left lower case in a Title Case heading ("Creatures with Three Lives")
_MINOR = _DANGLING | frozenset("up is are be some its it if".split())

_NUMBERED = re.compile(r"^(?P<num>[A-Z]\d{0,2}[a-z]?)(?:[.:]|\s*[–-])\s+(?P<title>\S.*)$")
_BAD_START = re.compile(r"^[^A-Za-zÀ-ÖØ-öø-ÿ]")
_SENTENCE_END = re.compile(r"""[.!?:;)\]”"»]\s*$""")
_IMAGE = re.compile(r"^\S+\.(?:jpe?g|png|gif)$", re.IGNORECASE)
_MARKDOWN_EMPHASIS = re.compile(r"\*+")
_BULLET = re.compile(r"^(?:[-•]|\d+\.)\s")
CHAPTER_SEPARATOR = " › "


@dataclass(frozen=True)
class Section:
    """A titled piece of a document; `body` is reflowed: one line per paragraph."""

    title: str
    body: str


def clean_line(line: str) -> str:
    """Drop emphasis stars, odd spaces and trailing blanks; the text came from PDF and web exports."""
    return _MARKDOWN_EMPHASIS.sub("", line).replace("\xa0", " ").rstrip()


def _letters(text: str) -> str:
    return "".join(ch for ch in text if ch.isalpha())


def _is_all_caps(text: str) -> bool:
    letters = _letters(text)
    return len(letters) >= 2 and letters.isupper()


def _title_case(words: list[str]) -> bool:
    content = [w for w in words if _letters(w) and w.lower().strip("'’\"") not in _MINOR]
    if not content:
        return False
    capital = sum(1 for w in content if _letters(w)[0].isupper())
    return capital / len(content) >= 0.75


def _balanced(text: str) -> bool:
    return text.count("(") == text.count(")") and text.count("[") == text.count("]")


def _continues(nxt: str) -> bool:
    """The next line carries on this one: starts in lower case or closes a bracket opened before."""
    stripped = nxt.lstrip()
    if stripped[:1].islower():
        return True
    close = stripped.find(")")
    return close != -1 and "(" not in stripped[:close]


def _cased_like_heading(words: list[str], language: str | None) -> bool:
    if _title_case(words):
        return True
    return language == "it" and len(words) <= 7 and words[0][:1].isupper()


def heading_level(
    line: str, prev: str | None, nxt: str | None, language: str | None, prev_is_heading: bool = False
) -> int:
    """0 if `line` is body text, 1 for a chapter heading, 2 for a section heading.

    `prev`/`nxt` are the nearest lines around it when they are not blank (None at the edges
    or across a blank line: a blank line always allows a heading). A line right under another
    heading may be one too ("PROPHECY" / "EXPANSION 2" / "WATER REALM").
    """
    text = line.strip()
    if not text or "\t" in text or _IMAGE.match(text) or len(text) > 80:
        return 0
    if nxt is not None and _continues(nxt):
        return 0
    if prev is not None and not prev_is_heading and not _SENTENCE_END.search(prev):
        return 0
    numbered = _NUMBERED.match(text)
    if numbered:
        title = numbered.group("title").rstrip(".:–- ")
        words = title.split()
        if (
            1 <= len(words) <= 9
            and not _SENTENCE_END.search(title)
            and _balanced(title)
            and words[-1].lower() not in _DANGLING
            and _cased_like_heading(words, language)
        ):
            return 1 if len(numbered.group("num")) == 1 else 2
        return 0
    if _BAD_START.match(text) or _SENTENCE_END.search(text) or text.endswith(","):
        return 0
    if ": " in text or not _balanced(text):
        return 0
    words = text.split()
    if len(words) > 9 or words[-1].lower() in _DANGLING:
        return 0
    if _is_all_caps(text):
        return 1
    if not words[0][0].isupper():
        return 0
    return 2 if _cased_like_heading(words, language) else 0


def display_title(heading: str) -> str:
    """ALL CAPS headings shown in Title Case ("HAMDREL'S GIFTS" -> "Hamdrel's Gifts")."""
    text = heading.strip()
    text = text.rstrip(".:–- ")
    if not _is_all_caps(text):
        return text
    out = []
    for i, word in enumerate(text.split()):
        low = word.lower()
        if i and low in _MINOR:
            out.append(low)
        else:
            out.append(low[:1].upper() + low[1:])
    return " ".join(out)


def _reflow(lines: list[str]) -> str:
    """Hard-wrapped lines -> one line per paragraph; table rows (tabs) stay one per line."""
    paragraphs: list[str] = []
    current: list[str] = []
    for raw in lines:
        line = raw.strip()
        if not line or "\t" in raw:
            if current:
                paragraphs.append(" ".join(current))
                current = []
            if line:
                paragraphs.append(re.sub(r"\t+", " | ", line))
            continue
        if current and _BULLET.match(line):
            paragraphs.append(" ".join(current))
            current = [line]
        elif current and current[-1].endswith("-") and not current[-1].endswith(" -"):
            current[-1] = current[-1][:-1] + line  # a word hyphenated across lines
        else:
            current.append(line)
    if current:
        paragraphs.append(" ".join(current))
    return "\n".join(re.sub(r"\s{2,}", " ", p) for p in paragraphs)


def split_rulebook(text: str, language: str | None, preamble: str = "Introduction") -> list[Section]:
    """Sections of a plain-text rulebook, in order; sections with no text are dropped."""
    lines = [clean_line(line) for line in text.splitlines()]
    lines = ["" if _IMAGE.match(line.strip()) else line for line in lines]
    sections: list[Section] = []
    chapter: str | None = None
    title = preamble
    body: list[str] = []

    def flush() -> None:
        reflowed = _reflow(body)
        if reflowed.strip():
            sections.append(Section(title, reflowed))

    last_heading = -2
    for i, line in enumerate(lines):
        if not line.strip():
            body.append(line)
            continue
        prev = lines[i - 1] if i > 0 and lines[i - 1].strip() else None
        nxt = lines[i + 1] if i + 1 < len(lines) and lines[i + 1].strip() else None
        level = heading_level(line, prev, nxt, language, prev_is_heading=last_heading == i - 1)
        if level == 0:
            body.append(line)
            continue
        last_heading = i
        flush()
        body = []
        shown = display_title(line)
        if level == 1:
            chapter = shown
            title = shown
        elif chapter and shown.casefold() != chapter.casefold():
            title = f"{chapter}{CHAPTER_SEPARATOR}{shown}"
        else:
            title = shown
    flush()
    return sections


def split_markdown(text: str) -> tuple[str | None, list[Section]]:
    """Our own summaries: `# Document title`, then `## Section` headings."""
    doc_title: str | None = None
    sections: list[Section] = []
    title: str | None = None
    body: list[str] = []

    def flush() -> None:
        reflowed = _reflow(body)
        if title is not None and reflowed.strip():
            sections.append(Section(title, reflowed))

    for line in text.splitlines():
        if line.startswith("## "):
            flush()
            title, body = line[3:].strip(), []
        elif line.startswith("# ") and doc_title is None:
            doc_title = line[2:].strip()
        else:
            body.append(line)
    flush()
    return doc_title, sections
