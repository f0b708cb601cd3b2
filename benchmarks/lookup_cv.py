"""Cross-validated accuracy of the /rules ranking, on the training and development questions only.

Why: the ranking's constants (oracle/ranking.py) were tuned by hand on the training questions,
and the held-out questions showed how much of that was fitting those questions rather than
how players ask (train top-1 0.90, held-out 0.705). A change to the ranking is kept only if it
helps questions it was not tuned on: this tool splits both training sets
(tests/lookup/questions.yaml and questions_train2.yaml, the first with many Prophecy Standard
questions naming no game, so the game priors are tuned on them too) and both development sets
(tests/lookup/questions_dev.yaml and questions_dev2.yaml) into k folds, tunes the named
constants on k-1 of them (coordinate ascent over the values given, by top-1 then top-3) and
scores the tuned values on the fold held back. The figure it prints ("cv") is what the tuning
is worth on unseen questions; "as is" is the current constants on the same folds. It never opens the held-out questions.

Run:
  python benchmarks/lookup_cv.py                 # top-1/top-3 of the current code, train, train2, dev, dev2
  python benchmarks/lookup_cv.py --tune PROXIMITY_WEIGHT=0,0.1,0.25,0.5,1 --tune TITLE_BOOST=2,3,4
  python benchmarks/lookup_cv.py --tune PROXIMITY_WEIGHT=0,0.1,0.25,0.5,1 --start PROXIMITY_WEIGHT=0
      (is adding proximity worth it on unseen questions: "as is" is then the code without it)
  (names are constants of oracle.ranking, or CANDIDATES of oracle.index; the rulebooks are read
  from --rulebooks, else RULEBOOKS_DIR, else the project's rulebooks/)
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import systems  # noqa: E402,F401  (registers the games with the rules oracle)
from gm.settings import DEFAULT_RULEBOOKS_DIR  # noqa: E402
from oracle import RulesIndex, Sources, ranking  # noqa: E402
from oracle import index as index_module  # noqa: E402

SPLITS = {"train": ROOT / "tests" / "lookup" / "questions.yaml",
          "train2": ROOT / "tests" / "lookup" / "questions_train2.yaml",
          "dev": ROOT / "tests" / "lookup" / "questions_dev.yaml",
          "dev2": ROOT / "tests" / "lookup" / "questions_dev2.yaml"}

Params = tuple[tuple[str, float], ...]
#: constants that count things (the rest are weights)
INTEGERS = {"CANDIDATES", "PROXIMITY_PAGE"}


def load_questions() -> list[dict]:
    out = []
    for split, path in SPLITS.items():
        for q in yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]:
            out.append({**q, "split": split})
    return out


class Evaluator:
    """Per-question (top-1 hit, top-3 hit) under given constants, memoised per setting."""

    def __init__(self, ix: RulesIndex, questions: list[dict]) -> None:
        self.ix = ix
        self.questions = questions
        self.wants = [{(a["document"], a["section"]) for a in q["answers"]} for q in questions]
        self.defaults = {}
        self.memo: dict[Params, list[tuple[bool, bool]]] = {}

    def _set(self, params: Params) -> None:
        for name, value in params:
            module = index_module if name == "CANDIDATES" else ranking
            if name not in self.defaults:
                self.defaults[name] = getattr(module, name)
            setattr(module, name, int(value) if name in INTEGERS else value)
        # what the candidate stage precomputed from the constants
        self.ix._length_factor = {d.id: self.ix._scorer.length_factor(d.stats) for d in self.ix._docs.values()}

    def run(self, params: Params) -> list[tuple[bool, bool]]:
        found = self.memo.get(params)
        if found is None:
            self._set(params)
            found = []
            for q, want in zip(self.questions, self.wants, strict=False):
                got = [(h.document, h.section) for h in self.ix.search(q["q"], limit=3)]
                found.append((bool(got) and got[0] in want, any(g in want for g in got)))
            self.memo[params] = found
        return found


def score(results: list[tuple[bool, bool]], ids: list[int]) -> tuple[int, int]:
    return sum(results[i][0] for i in ids), sum(results[i][1] for i in ids)


def tune(
    ev: Evaluator, grid: dict[str, list[float]], start: dict[str, float], ids: list[int], rounds: int = 2
) -> dict[str, float]:
    """Coordinate ascent on (top-1, top-3) over `ids`; a tie keeps the current value."""
    current = dict(start)
    best = score(ev.run(tuple(sorted(current.items()))), ids)
    for _ in range(rounds):
        changed = False
        for name, values in grid.items():
            for value in values:
                trial = {**current, name: value}
                got = score(ev.run(tuple(sorted(trial.items()))), ids)
                if got > best:
                    best, current, changed = got, trial, True
        if not changed:
            break
    return current


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tune", action="append", default=[], metavar="NAME=v1,v2,...")
    parser.add_argument("--start", action="append", default=[], metavar="NAME=v",
                        help="the 'as is' value of a tuned constant (default: the code's), e.g. the value before a change")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--rulebooks", type=Path, default=Path(os.environ.get("RULEBOOKS_DIR") or DEFAULT_RULEBOOKS_DIR))
    args = parser.parse_args()

    ix = RulesIndex.open(Sources(args.rulebooks))
    questions = load_questions()
    ev = Evaluator(ix, questions)
    grid = {}
    for spec in args.tune:
        name, _, values = spec.partition("=")
        grid[name] = [float(v) for v in values.split(",")]
    start = {name: float(getattr(index_module if name == "CANDIDATES" else ranking, name)) for name in grid}
    for spec in args.start:
        name, _, value = spec.partition("=")
        start[name] = float(value)
    base = ev.run(tuple(sorted(start.items())))
    for split in SPLITS:
        ids = [i for i, q in enumerate(questions) if q["split"] == split]
        t1, t3 = score(base, ids)
        print(f"{split:<6} {len(ids):4d} questions: top-1 {t1 / len(ids):.3f} ({t1})  top-3 {t3 / len(ids):.3f} ({t3})")
    if not grid:
        return
    n = len(questions)
    cv1 = cv3 = as1 = as3 = 0
    for repeat in range(args.repeats):
        order = list(range(n))
        random.Random(repeat).shuffle(order)
        for fold in range(args.folds):
            held = order[fold :: args.folds]
            held_set = set(held)
            fit = [i for i in order if i not in held_set]
            chosen = tune(ev, grid, start, fit)
            t1, t3 = score(ev.run(tuple(sorted(chosen.items()))), held)
            b1, b3 = score(base, held)
            cv1, cv3, as1, as3 = cv1 + t1, cv3 + t3, as1 + b1, as3 + b3
            print(f"  repeat {repeat} fold {fold}: chose {chosen}  held-back top-1 {t1}/{len(held)} (as is {b1})")
    total = n * args.repeats
    print(f"cv top-1 {cv1 / total:.3f} top-3 {cv3 / total:.3f}   as is top-1 {as1 / total:.3f} top-3 {as3 / total:.3f}"
          f"   ({args.folds} folds x {args.repeats}, {n} questions)")
    chosen = tune(ev, grid, start, list(range(n)))
    print(f"tuned on all {n}: {chosen}")


if __name__ == "__main__":
    main()
