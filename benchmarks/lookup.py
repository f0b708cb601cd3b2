"""Rule lookup figures: index build time, cache load time, query latency p50/p99, accuracy.

The corpus is the whole thing the bot serves: every rulebook in the rulebook folder, our
summaries, every card of every pack and every table. Queries are the question set of
tests/lookup/questions.yaml (English and Italian, with typos) plus card-name and
autocomplete look-ups, each repeated; the first pass warms the stem cache and is not timed,
as in a running bot. Both wall-clock and CPU (this thread) times are printed: on a shared
machine the wall time also counts waiting for a core. Accuracy (top-1/top-3, as in
tests/lookup/test_accuracy.py) is printed for both training sets (questions.yaml and issue #28's questions_train2.yaml) and both
development sets (questions_dev.yaml and the second development set of issue #28, questions_dev2.yaml),
each of the three later sets broken down by game
and by language; the held-out questions (never tuned on) are scored only with --heldout, so routine timing
runs never look at them. With --heldout every set (train, dev, heldout and the second held-out set of issue #28,
tests/lookup/questions_heldout2.yaml) is also broken down by game and by language, with the CPU
time per scoring query (p50/p99); no misses are printed. Sets without a `game` field get the
game of their first answer's document (questions_heldout2.yaml tags every question).

Run: python benchmarks/lookup.py [--rulebooks DIR] [--repeat N] [--heldout]
(the rulebook folder defaults to RULEBOOKS_DIR, else the project's rulebooks/)
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import systems  # noqa: E402,F401  (registers the games with the rules oracle)
from gm.settings import DEFAULT_RULEBOOKS_DIR  # noqa: E402
from oracle import RulesIndex, Sources  # noqa: E402

DEFAULT_RULEBOOKS = Path(os.environ.get("RULEBOOKS_DIR") or DEFAULT_RULEBOOKS_DIR)
QUESTIONS = ROOT / "tests" / "lookup" / "questions.yaml"
#: development questions (not tuned on by hand; see benchmarks/lookup_cv.py)
DEV_QUESTIONS = ROOT / "tests" / "lookup" / "questions_dev.yaml"
HELDOUT_QUESTIONS = ROOT / "tests" / "lookup" / "questions_heldout.yaml"
#: the second development set (issue #28): questions as players ask them mid-game, every game, 40% Italian
DEV2_QUESTIONS = ROOT / "tests" / "lookup" / "questions_dev2.yaml"
#: the third training set (issue #28, round 5): chat-style questions, most on the Standard game
TRAIN2_QUESTIONS = ROOT / "tests" / "lookup" / "questions_train2.yaml"
#: the second held-out set (issue #28): never tune on it; read only with --heldout
HELDOUT2_QUESTIONS = ROOT / "tests" / "lookup" / "questions_heldout2.yaml"
GAMES = ("basic", "standard", "water_realm", "darkest_talisman", "magical_orders")
#: document prefix -> game, for the sets written before questions carried a `game` field
_DOCUMENT_GAMES = (
    ("prophecy-basic", "basic"), ("pack:base", "basic"),
    ("prophecy-standard", "standard"), ("pack:standard", "standard"),
    ("prophecy-water", "water_realm"), ("pack:water_realm", "water_realm"),
    ("darkest-talisman", "darkest_talisman"), ("talisman-rulings", "darkest_talisman"), ("pack:talisman", "darkest_talisman"),
    ("magical-orders", "magical_orders"),
)


def game_of(question: dict) -> str:
    """The question's game: its `game` field, else the game of its first answer's document."""
    if question.get("game"):
        return question["game"]
    for answer in question["answers"]:
        for prefix, game in _DOCUMENT_GAMES:
            if answer["document"].startswith(prefix):
                return game
    return "other"


def score(ix: RulesIndex, qs: list[dict]) -> tuple[dict[str, list[int]], list[float]]:
    """Per group ("all", each game, each language): [questions, top-1 hits, top-3 hits], and the
    CPU milliseconds of each scoring query (this thread, so waiting for a core is not counted)."""
    groups: dict[str, list[int]] = {}
    cpu: list[float] = []
    for q in qs:
        want = {(a["document"], a["section"]) for a in q["answers"]}
        c0 = time.thread_time()
        got = [(h.document, h.section) for h in ix.search(q["q"], limit=3)]
        cpu.append((time.thread_time() - c0) * 1000)
        first, top3 = bool(got) and got[0] in want, any(g in want for g in got)
        for key in ("all", game_of(q), q.get("language", "?")):
            row = groups.setdefault(key, [0, 0, 0])
            row[0] += 1
            row[1] += first
            row[2] += top3
    return groups, cpu


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def timed(calls: list[Callable[[], object]], repeat: int) -> tuple[list[float], list[float]]:
    """(wall ms, cpu ms) per call, over `repeat` timed passes after one warm-up pass."""
    for call in calls:
        call()
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(repeat):
        for call in calls:
            w0, c0 = time.perf_counter(), time.thread_time()
            call()
            cpu.append((time.thread_time() - c0) * 1000)
            wall.append((time.perf_counter() - w0) * 1000)
    return wall, cpu


def report(name: str, wall: list[float], cpu: list[float]) -> None:
    print(
        f"{name:<22} n={len(wall):5d}  p50 {percentile(wall, 50):6.2f} ms  p99 {percentile(wall, 99):6.2f} ms"
        f"  max {max(wall):6.2f} ms   (cpu p50 {percentile(cpu, 50):5.2f}, p99 {percentile(cpu, 99):5.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rulebooks", type=Path, default=DEFAULT_RULEBOOKS)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--heldout", action="store_true", help="also score the held-out questions (sparingly)")
    args = parser.parse_args()
    sources = Sources(args.rulebooks)

    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "gm.rules.sqlite3"
        t0 = time.perf_counter()
        built = RulesIndex.open(sources, cache)
        build_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        loaded = RulesIndex.open(sources, cache)
        load_s = time.perf_counter() - t0
        assert built.rebuilt and not loaded.rebuilt
        cache_kb = cache.stat().st_size / 1024

    counts = loaded.counts()
    print(f"corpus: {sum(counts.values())} entries {counts}, {len(sources.files())} source files")
    print(
        f"index build (cold, incl. reading and stemming): {build_s * 1000:7.1f} ms "
        f"(of which indexing {built.build_seconds * 1000:.1f} ms)"
    )
    print(f"index open from cache (hash check + load):      {load_s * 1000:7.1f} ms   cache file {cache_kb:.0f} KiB")

    question_set = [q for path in (QUESTIONS, HELDOUT_QUESTIONS)
                    for q in yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]]
    dev_set = [{**q, "split": "dev"} for q in yaml.safe_load(DEV_QUESTIONS.read_text(encoding="utf-8"))["questions"]]
    dev_set += [{**q, "split": "dev2"} for q in yaml.safe_load(DEV2_QUESTIONS.read_text(encoding="utf-8"))["questions"]]
    dev_set += [{**q, "split": "train2"} for q in yaml.safe_load(TRAIN2_QUESTIONS.read_text(encoding="utf-8"))["questions"]]
    # timed on the questions the run may read: the held-out ones only with --heldout
    questions = [q["q"] for q in question_set + dev_set if args.heldout or not q.get("split", "").startswith("heldout")]
    ix = loaded
    if not args.rulebooks.is_dir() or not any(args.rulebooks.glob("*.txt")):
        print(f"NOTE: no rulebooks in {args.rulebooks} (set RULEBOOKS_DIR): accuracy below is without them")
    # the second held-out set is opened only here, with --heldout
    heldout2_set = (
        [{**q, "split": "heldout2"} for q in yaml.safe_load(HELDOUT2_QUESTIONS.read_text(encoding="utf-8"))["questions"]]
        if args.heldout
        else []
    )
    if args.heldout:  # warm the stem cache first, so that no set's CPU figures carry the cold start
        for q in question_set + dev_set + heldout2_set:
            ix.search(q["q"], limit=3)
    splits = ("train", "train2", "dev", "dev2")
    for split in (*splits, "heldout", "heldout2") if args.heldout else splits:
        qs = [q for q in question_set + dev_set + heldout2_set if q.get("split", "train") == split]
        groups, cpu = score(ix, qs)
        n, top1, top3 = groups.get("all", [0, 0, 0])
        n = max(1, n)
        print(
            f"accuracy {split:<8} {len(qs):4d} questions: top-1 {top1 / n:.3f}  top-3 {top3 / n:.3f}"
            + (
                f"   (query cpu p50 {percentile(cpu, 50):.2f} ms, p99 {percentile(cpu, 99):.2f} ms)"
                if args.heldout and cpu
                else ""
            )
        )
        if args.heldout or split.startswith("dev") or split == "train2":
            for key in (*GAMES, "other", "en", "it"):
                if key in groups:
                    k, h1, h3 = groups[key]
                    print(f"    {key:<17} {k:4d}: top-1 {h1 / k:.3f} ({h1:3d})  top-3 {h3 / k:.3f} ({h3:3d})")
    searches = [lambda q=q: ix.search(q) for q in questions]
    searches += [lambda q=q: ix.search(q, language="it", system="prophecy") for q in questions[::3]]
    search_wall, search_cpu = timed(searches, args.repeat)
    report("search", search_wall, search_cpu)
    names = ["Vampire", "vampyre", "giant spidr", "Holy Symbol", "sword", "Monastery", "charity", "zzzz"]
    report("card_lookup", *timed([lambda n=n: ix.card_lookup(n) for n in names], args.repeat * 5))
    prefixes = ["", "v", "gi", "sw", "hol", "mag", "ch", "monas"]
    report("autocomplete_cards", *timed([lambda p=p: ix.autocomplete_cards(p) for p in prefixes], args.repeat * 5))
    report("autocomplete_sections", *timed([lambda p=p: ix.autocomplete_sections(p) for p in prefixes], args.repeat * 5))
    terms = ["salute", "willpower", "certifcate", "Combattimento Mentale", "xp"]
    report("glossary", *timed([lambda t=t: ix.glossary(t) for t in terms], args.repeat * 5))
    # issue 28's target is CPU time: wall time also counts waiting for a core on a shared machine
    p99 = percentile(search_cpu, 99)
    print(
        f"search p99 CPU target <= 5 ms: {'met' if p99 <= 5 else 'NOT met'} "
        f"(cpu p99 {p99:.2f} ms, mean {statistics.mean(search_cpu):.2f} ms; "
        f"wall p99 {percentile(search_wall, 99):.2f} ms)"
    )


if __name__ == "__main__":
    main()
