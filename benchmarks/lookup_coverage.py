"""Coverage of data/rules/section_terms.yaml: how many player phrasings each indexed section has.

Why: what makes the lookup find a section for a question nobody tuned on is coverage (every
section carries the words players use for it, in English and Italian), not more phrasings on
the sections the question sets happen to ask about. This lists every rule section the bot
indexes (rulebooks from the rulebook folder, our summaries, rule tables), per document and
language, with the count of its section_terms phrasings in each language, and then the
sections with none or few (below --few in either language). Keys of section_terms.yaml that
match no indexed section (a renamed heading) are listed too: they give nothing.

Run: python benchmarks/lookup_coverage.py [--rulebooks DIR] [--few N] [--all]
(the rulebook folder defaults to RULEBOOKS_DIR, else the project's rulebooks/; --all prints
every section, not only the short ones)
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import systems  # noqa: E402,F401  (registers the games with the rules oracle)
from gm.settings import DEFAULT_RULEBOOKS_DIR  # noqa: E402
from oracle.section_terms import load_section_terms  # noqa: E402
from oracle.sources import Sources, collect  # noqa: E402

DEFAULT_RULEBOOKS = Path(os.environ.get("RULEBOOKS_DIR") or DEFAULT_RULEBOOKS_DIR)
#: the kinds of entry a player's rule question should land on (cards and rulings have their own words)
SECTION_KINDS = ("rulebook", "summary", "table")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rulebooks", type=Path, default=DEFAULT_RULEBOOKS)
    parser.add_argument("--few", type=int, default=5, help="fewer phrasings than this in a language is 'few'")
    parser.add_argument("--all", action="store_true", help="print every section, not only the short ones")
    args = parser.parse_args()
    sources = Sources(args.rulebooks)
    collected = collect(sources)
    terms = load_section_terms(sources.section_terms)
    sections = [e for e in collected.entries if e.kind in SECTION_KINDS]
    by_document: dict[tuple[str, str, str], list[tuple[str, int, int]]] = defaultdict(list)
    for entry in sections:
        pairs = terms.get((entry.document, entry.section), ())
        en = sum(1 for language, _ in pairs if language == "en")
        it = sum(1 for language, _ in pairs if language == "it")
        by_document[(entry.kind, entry.document, entry.language)].append((entry.section, en, it))
    short_total = none_total = 0
    for (kind, document, language), rows in by_document.items():
        short = [row for row in rows if row[1] < args.few or row[2] < args.few]
        none = [row for row in rows if row[1] == 0 and row[2] == 0]
        short_total += len(short)
        none_total += len(none)
        en_sum = sum(row[1] for row in rows)
        it_sum = sum(row[2] for row in rows)
        print(
            f"{kind:<8} {document} [{language}]: {len(rows)} sections, phrasings en {en_sum} it {it_sum}; "
            f"{len(none)} with none, {len(short)} with fewer than {args.few} in a language"
        )
        for section, en, it in rows if args.all else short:
            print(f"    en {en:3d}  it {it:3d}  {section}")
    indexed = {(e.document, e.section) for e in collected.entries}
    stale = sorted(key for key in terms if key not in indexed)
    print(f"total: {len(sections)} sections, {none_total} with no phrasings, {short_total} with few")
    if stale:
        print(f"{len(stale)} section_terms keys match no indexed section:")
        for document, section in stale:
            print(f"    {document} :: {section}")
    if collected.problems:
        print("problems: " + "; ".join(collected.problems))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
