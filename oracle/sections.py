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
as "Chapter › Heading" so the three "Set up" sections of an expansion stay apart. Then:

* a cover (headings stacked at the very top, "PROPHECY / EXPANSION 2 / WATER REALM") names
  the document: the text under it is the preamble ("Introduction");
* a title still used twice in a document is told apart by the short heading that introduces
  it ("Lord of the Sea › Setup"), by its part for a chapter ("Rules Clarifications ›
  Animals"), or by its rank ("Treasure Island (2)"), so every title names one section;
* a tiny section (a line or two) is folded into a neighbour under its own heading line.

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


def _unquoted(text: str) -> str:
    """An ALL CAPS heading may end on a quoted value (PLAYER ENCOUNTER RESULT "5"): not a sentence."""
    if _is_all_caps(text) and text.count('"') % 2 == 0 and text.endswith('"'):
        return text.rstrip('"').rstrip()
    return text


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
    if _BAD_START.match(text) or _SENTENCE_END.search(_unquoted(text)) or text.endswith(","):
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


@dataclass
class _Block:
    """A heading and the text under it, before titles are settled."""

    level: int
    name: str
    chapter: str | None
    body: str
    #: the heading is a chapter that belongs to a part (a bare heading above it), if any
    part: str | None = None
    title: str = ""
    #: later headings are named after this one (it introduces them)
    introducer: bool = False


#: a section shorter than this (characters of text) is folded into a neighbour: alone it is
#: a poor answer that wins on length normalisation, and its words belong with its neighbour
TINY = 90
#: a heading "introduces" the headings after it when its own text is at most this long
INTRO_SHORT, INTRO_LONG = 160, 320
#: how many headings back an introducer is looked for
INTRO_WINDOW = 3


def _blocks(text: str, language: str | None, preamble: str) -> list[_Block]:
    """Headings (with or without text) in order, each with its chapter and part.

    Headings stacked at the very top with no text between them are the document's title
    block (a cover: "PROPHECY / EXPANSION 2 / WATER REALM"): they name the document, not a
    section, so the text after them is the preamble. When the cover ends on a chapter-level
    heading, the headings that follow belong to the preamble as their chapter.
    """
    lines = [clean_line(line) for line in text.splitlines()]
    lines = ["" if _IMAGE.match(line.strip()) else line for line in lines]
    found: list[tuple[int, int]] = []  # (line index, level) of every heading
    last_heading = -2
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        prev = lines[i - 1] if i > 0 and lines[i - 1].strip() else None
        nxt = lines[i + 1] if i + 1 < len(lines) and lines[i + 1].strip() else None
        level = heading_level(line, prev, nxt, language, prev_is_heading=last_heading == i - 1)
        if level:
            found.append((i, level))
            last_heading = i
    heading_at = dict(found)
    # the title block: the headings before the first line of text, when there are two or more
    first_text = next((i for i, line in enumerate(lines) if line.strip() and i not in heading_at), len(lines))
    cover = [i for i, _ in found if i < first_text]
    skip = set(cover) if len(cover) >= 2 else set()
    chapter: str | None = preamble if skip and heading_at[cover[-1]] == 1 else None
    blocks: list[_Block] = [_Block(2, preamble, None, "")]
    body: list[str] = []
    part: str | None = None
    for i, line in enumerate(lines):
        if i in skip:
            continue
        if i not in heading_at:
            body.append(line)
            continue
        blocks[-1].body = _reflow(body)
        body = []
        level, shown = heading_at[i], display_title(line)
        if level == 1:
            previous = blocks[-1]
            if not previous.body.strip() and len(blocks) > 1:  # a bare heading right above a chapter
                part = previous.name
            chapter = shown
            blocks.append(_Block(1, shown, shown, "", part))
        else:
            blocks.append(_Block(2, shown, chapter, ""))
    blocks[-1].body = _reflow(body)
    for b in blocks:
        same = b.chapter is not None and b.name.casefold() == b.chapter.casefold()
        b.title = b.name if b.level == 1 or b.chapter is None or same else f"{b.chapter}{CHAPTER_SEPARATOR}{b.name}"
    return blocks


def _introducer(blocks: list[_Block], at: int, repeated: set[str], original: dict[int, str]) -> _Block | None:
    """The heading that introduces blocks[at]: a short one just above it in its chapter.

    Of the few headings above (not counting other repeated ones, which are siblings being
    told apart too, and stopping at a full section), the one with the least text of its own
    wins: the heading right above may have a short paragraph, one further up must be a bare
    lead-in.
    """
    target = blocks[at]
    window: list[_Block] = []
    for b in reversed(blocks[:at]):
        if b.chapter != target.chapter or b.level == 1:
            break
        if original[id(b)] in repeated or b.name.casefold() == target.name.casefold():
            continue
        if window and len(b.body) > INTRO_LONG:  # a full section above: the group starts below it
            break
        window.append(b)
        if len(window) == INTRO_WINDOW:
            break
    eligible = [(len(b.body), n, b) for n, b in enumerate(window) if len(b.body) <= (INTRO_LONG if n == 0 else INTRO_SHORT)]
    return min(eligible, key=lambda item: item[:2])[2] if eligible else None


def _disambiguate(blocks: list[_Block]) -> None:
    """Give every section a title of its own: "Setup" twice becomes "Lord of the Sea › Setup"...

    A repeated title is told apart by the heading that introduces it (a short heading just
    above, such as "Lord of the Sea"), by its part for a chapter ("Rules Clarifications ›
    Animals"), and as a last resort by its rank ("Treasure Island (2)").
    """
    with_text = [b for b in blocks if b.body.strip()]
    original = {id(b): b.title for b in blocks}
    counts: dict[str, int] = {}
    for b in with_text:
        counts[b.title] = counts.get(b.title, 0) + 1
    repeated = {title for title, n in counts.items() if n > 1}
    if not repeated:
        return
    index_of = {id(b): i for i, b in enumerate(blocks)}
    taken: set[str] = set()
    for b in with_text:
        if b.title not in repeated:
            continue
        if b.level == 1:
            qualified = f"{b.part}{CHAPTER_SEPARATOR}{b.name}" if b.part else None
            intro = None
        else:
            intro = _introducer(blocks, index_of[id(b)], repeated, original)
            head = f"{b.chapter}{CHAPTER_SEPARATOR}" if b.chapter else ""
            qualified = f"{head}{intro.name}{CHAPTER_SEPARATOR}{b.name}" if intro else None
        if qualified and qualified not in taken:  # a qualifier that tells nothing apart is not used
            b.title = qualified
            taken.add(qualified)
            if intro is not None:
                intro.introducer = True
    seen: dict[str, int] = {}
    for b in with_text:
        seen[b.title] = seen.get(b.title, 0) + 1
        if seen[b.title] > 1:
            b.title = f"{b.title} ({seen[b.title]})"


def _fold_tiny(blocks: list[_Block]) -> list[Section]:
    """Sections, with the tiny ones folded into a neighbour under their own heading line.

    A tiny section goes into the one before it (its parent or elder sibling), unless it opens
    a chapter, introduces the headings after it or has nothing before it in its chapter: then
    it leads into the next section. With no neighbour in its chapter it stays as it is.
    """
    with_text = [b for b in blocks if b.body.strip()]
    out: list[tuple[Section, str | None]] = []  # (section, its chapter)
    lead: _Block | None = None  # a tiny section waiting to lead into the next one
    lead_lines: list[str] = []
    for n, b in enumerate(with_text):
        body = b.body
        if lead is not None:
            body = "\n".join([*lead_lines, body])
            lead, lead_lines = None, []
        tiny = len(b.body) < TINY
        has_next = n + 1 < len(with_text) and with_text[n + 1].chapter == b.chapter
        has_prev = bool(out) and out[-1][1] == b.chapter
        if tiny and has_next and (b.level == 1 or b.introducer or not has_prev):
            lead, lead_lines = b, [b.name, body]
            continue
        if tiny and has_prev:
            previous, chapter = out[-1]
            out[-1] = (Section(previous.title, f"{previous.body}\n{b.name}\n{body}"), chapter)
            continue
        out.append((Section(b.title, body), b.chapter))
    return [section for section, _ in out]


def split_rulebook(text: str, language: str | None, preamble: str = "Introduction") -> list[Section]:
    """Sections of a plain-text rulebook, in order, each with a title of its own.

    Sections with no text are dropped (their heading still names the sections under it when
    that is needed to tell two of them apart), tiny ones are folded into a neighbour.
    """
    blocks = _blocks(text, language, preamble)
    _disambiguate(blocks)
    return _fold_tiny(blocks)


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
