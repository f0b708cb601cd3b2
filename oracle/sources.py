"""What the lookup index is made of, and a fingerprint that changes when any of it does.

Five kinds of entries: our own rule summaries (data/rules/*.md), the plain-text rulebooks
(the folder the bot is configured with), this bot's rulings (every data/<game>/rulings.yaml
and data/<game>/<pack>/rulings.yaml, one entry per ruling and language, shown as the bot's
own decision), the cards of every game's content, and the die tables (data/tables/*.yaml,
when that folder exists). Sections named in
data/rules/section_terms.yaml carry the words players ask about them with (see
oracle/section_terms.py). Which game a document, a rulings file or a card belongs to is its
plug-in's to say (oracle/games.py); cards a plug-in marks for /card only join /card's table,
never the searched entries. The fingerprint hashes the raw bytes
of every source file plus the index format, so a cached index is rebuilt exactly when a
rulebook, a summary, a pack or the indexing code's format changes, and never otherwise.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml

from oracle import games
from oracle.cards import CardInfo
from oracle.section_terms import Terms, load_section_terms
from oracle.sections import split_markdown, split_rulebook
from oracle.tables import load_tables
from oracle.text import LANGUAGES, detect_language

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

ROOT = Path(__file__).resolve().parents[1]
DATA_DIR = ROOT / "data"
RULES_DIR = DATA_DIR / "rules"
TABLES_DIR = DATA_DIR / "tables"

#: the wording of card figures (the English is what cards are searched by)
CARD_WORDS = DATA_DIR / "locales" / "en" / "lookup.yaml"
#: bump when tokenising, splitting or the schema changes, so old caches are rebuilt
INDEX_FORMAT = 11

_PREAMBLE = {"en": "Introduction", "it": "Introduzione"}
_LANG_SUFFIX = re.compile(r"\.(?P<lang>[a-z]{2})$")


@dataclass(frozen=True)
class Entry:
    """One searchable unit: a section, a card or a table."""

    #: summary, rulebook, card or table
    kind: str
    system: str
    language: str
    #: file name, or "pack:<id>" for cards
    document: str
    doc_title: str
    section: str
    body: str
    #: "<pack>:<card id>" for cards
    ref: str | None = None
    #: (language, phrase) pairs players ask about this section with (section_terms.yaml)
    terms: Terms = ()


@dataclass(frozen=True)
class Sources:
    """Where everything lives. Only the rulebook folder differs between the bot and tests."""

    rulebooks_dir: Path
    rules_dir: Path = RULES_DIR
    #: the content folder: every game's packs (the plug-ins' card sources) and rulings
    data_dir: Path = DATA_DIR
    tables_dir: Path | None = TABLES_DIR

    @property
    def synonyms(self) -> Path:
        return self.rules_dir / "synonyms.yaml"

    @property
    def glossary(self) -> Path:
        return self.rules_dir / "glossary.yaml"

    def rulings_files(self) -> list[Path]:
        """Every `rulings.yaml` of the content (data/<game>/, data/<game>/<pack>/ or an expansion's
        part, data/<game>/<pack>/<part>/): decisions
        this bot took where the rules are silent, shown as its own rulings (never as printed rules)."""
        data = self.data_dir
        if not data.is_dir():
            return []
        return sorted({*data.glob("*/rulings.yaml"), *data.glob("*/*/rulings.yaml"), *data.glob("*/*/*/rulings.yaml")})

    @property
    def section_terms(self) -> Path:
        return self.rules_dir / "section_terms.yaml"

    def files(self) -> list[Path]:
        """Every file whose content goes into the index, in a stable order."""
        found: list[Path] = []
        if self.rulebooks_dir.is_dir():
            found += sorted(self.rulebooks_dir.glob("*.txt"))
        if self.rules_dir.is_dir():
            found += sorted(self.rules_dir.glob("*.md"))
        if self.section_terms.is_file():
            found.append(self.section_terms)
        found += self.rulings_files()
        sources = games.card_sources()
        for source in sources:
            if source.searched:
                found += source.files(self.data_dir)
        if self.tables_dir is not None and self.tables_dir.is_dir():
            found += sorted(self.tables_dir.glob("*.yaml"))
        if CARD_WORDS.is_file():
            found.append(CARD_WORDS)
        # /card-only cards are read through the engine's loaders, from the shipped data/ whatever
        # `data_dir` says; a file already listed (a rulings.yaml) is not listed twice
        for source in sources:
            if not source.searched:
                found += [p for p in source.files(DATA_DIR) if p not in found]
        return found

    def fingerprint(self) -> str:
        digest = hashlib.sha256(f"format {INDEX_FORMAT}\n".encode())
        for path in self.files():
            digest.update(f"{path.parent.name}/{path.name}\n".encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        return digest.hexdigest()


@dataclass
class Collected:
    entries: list[Entry] = field(default_factory=list)
    cards: list[CardInfo] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def describe_file(name: str) -> tuple[str, str, str | None]:
    """(system, document title, language or None) from a file name like x.en.txt."""
    stem = name.split(".")[0]
    lang_match = _LANG_SUFFIX.search(name.rsplit(".", 1)[0])
    language = lang_match.group("lang") if lang_match and lang_match.group("lang") in LANGUAGES else None
    known = games.documents()
    best = max((p for p in known if stem.startswith(p)), key=len, default=None)
    if best is None:
        return stem.replace("-", "_"), stem.replace("-", " ").capitalize(), language
    system, title = known[best]
    return system, title, language


def _rulebook_entries(path: Path) -> list[Entry]:
    text = path.read_text(encoding="utf-8", errors="replace")
    system, title, language = describe_file(path.name)
    language = language or detect_language(text) or "en"
    sections = split_rulebook(text, language, preamble=_PREAMBLE.get(language, "Introduction"))
    return [Entry("rulebook", system, language, path.name, title, s.title, s.body) for s in sections]


def _summary_entries(path: Path) -> list[Entry]:
    text = path.read_text(encoding="utf-8")
    system, title, language = describe_file(path.name)
    doc_title, sections = split_markdown(text)
    language = language or detect_language(text) or "en"
    return [Entry("summary", system, language, path.name, doc_title or title, s.title, s.body) for s in sections]


#: the heading of a rulings file's entries, per language ({game} is the pack folder's game)
RULINGS_TITLE = {"en": "This bot's rulings: {game}", "it": "Decisioni di questo bot: {game}"}
def _rulings_folder(path: Path) -> str:
    """"prophecy/standard" for data/prophecy/standard/rulings.yaml, "talisman" for data/talisman/rulings.yaml."""
    parts = path.parent.parts
    data_at = max((i for i, part in enumerate(parts) if part == "data"), default=len(parts) - 2)
    return "/".join(parts[data_at + 1 :]) or path.parent.name


def ruling_document(path: Path) -> str:
    """The document name of a rulings file's entries ("prophecy-standard-rulings", "talisman-rulings")."""
    return f"{_rulings_folder(path).replace('/', '-')}-rulings"


def _ruling_entries(path: Path) -> list[Entry]:
    """One entry per ruling and language. A broken file raises (collect() lists it as a problem)."""
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}
    folder = _rulings_folder(path)
    # a folder no plug-in claims is tagged and named after itself
    system, game = games.rulings_games().get(folder, (folder.replace("/", "_"), folder.replace("/", " ").title()))
    out: list[Entry] = []
    for ruling in data.get("rulings", []):
        titles, texts = ruling.get("title") or {}, ruling.get("text") or {}
        for language, body in texts.items():
            if language not in LANGUAGES or not body:
                continue
            heading = RULINGS_TITLE.get(language, RULINGS_TITLE["en"]).format(game=game)
            out.append(Entry("ruling", system, language, ruling_document(path), heading,
                             str(titles.get(language) or titles.get("en") or ruling.get("id")), str(body),
                             ref=str(ruling.get("id"))))
    return out


def _card_entry(card: CardInfo) -> Entry:
    return Entry("card", card.system, "en", f"pack:{card.pack}", f"Content pack {card.pack}", card.name, card.index_text(),
                 card.ref)


def collect(sources: Sources) -> Collected:
    """Read every source; problems (a broken pack, an unreadable table) are listed, not raised."""
    out = Collected()
    if sources.rulebooks_dir.is_dir():
        for path in sorted(sources.rulebooks_dir.glob("*.txt")):
            out.entries += _rulebook_entries(path)
    else:
        out.problems.append(f"rulebook folder not found: {sources.rulebooks_dir}")
    if sources.rules_dir.is_dir():
        for path in sorted(sources.rules_dir.glob("*.md")):
            out.entries += _summary_entries(path)
    for path in sources.rulings_files():
        try:
            out.entries += _ruling_entries(path)
        except (OSError, ValueError, yaml.YAMLError, AttributeError) as exc:
            out.problems.append(f"{path.name}: {exc}")
    # the searched cards first, then those for /card's table only (no /rules search entries);
    # refs stay unique across every source
    taken: set[str] = set()
    ordered = sorted(games.card_sources(), key=lambda source: not source.searched)
    for source in ordered:
        cards, problems = source.load(sources.data_dir, taken)
        taken.update(card.ref for card in cards)
        out.cards += cards
        out.problems += problems
        if source.searched:
            out.entries += [_card_entry(card) for card in cards]
    tables, problems = load_tables(sources.tables_dir)
    out.problems += problems
    for table in tables:
        system, _, _ = describe_file(table.file)
        out.entries.append(
            Entry("table", table.system or system, table.language, table.file, f"Tables: {table.file}", table.name, table.body)
        )
    try:
        terms = load_section_terms(sources.section_terms)
    except (OSError, ValueError) as exc:
        out.problems.append(str(exc))
        terms = {}
    if terms:
        # a section with no entry (or a user's rulebook with other headings) just gets none
        out.entries = [replace(e, terms=terms.get((e.document, e.section), ())) for e in out.entries]
    return out
