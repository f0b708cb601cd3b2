"""Tests of the rule and card lookup (oracle).

The rulebooks are not in the repository. Tests that read them find them where the bot does:
`RULEBOOKS_DIR` from the environment, else the project's `rulebooks/` folder. When the files
are not there the test is skipped with a reason naming RULEBOOKS_DIR, so a fresh clone's test
run stays green; with `REQUIRE_RULEBOOKS=1` (set by `.ci/run`) it fails instead, so CI can
never pass by silently skipping them. Tests of cards, glossary and tables use an index built
without rulebooks and run everywhere. Building the full index takes about a second, so the
test modules share one, built on first use.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from gm.settings import DEFAULT_RULEBOOKS_DIR
from oracle import RulesIndex, Sources

QUESTIONS = Path(__file__).resolve().parent / "questions.yaml"
#: the held-out split lives apart so tuning work never has to open it
HELDOUT_QUESTIONS = Path(__file__).resolve().parent / "questions_heldout.yaml"
#: the second held-out set (issue #28), tagged with game and language: never tune on it. It is
#: not part of questions() unless asked for by name, so nothing that loads the set as a whole
#: (floors, ranking tests, cross-validation) ever reads it by accident
HELDOUT2_QUESTIONS = Path(__file__).resolve().parent / "questions_heldout2.yaml"
#: development questions: written from randomly drawn sections for ranking work, scored with
#: cross-validation (benchmarks/lookup_cv.py); neither training nor held out
DEV_QUESTIONS = Path(__file__).resolve().parent / "questions_dev.yaml"
#: the second development set (issue #28): chat-style questions for every game, tagged with game and
#: language, written before the section terms of that issue; neither training nor held out
DEV2_QUESTIONS = Path(__file__).resolve().parent / "questions_dev2.yaml"
#: the third training set (issue #28, round 5): chat-style questions, most on the Standard game, tagged
#: with game and language. Apart from questions.yaml, whose held-out share the set tests check
TRAIN2_QUESTIONS = Path(__file__).resolve().parent / "questions_train2.yaml"
#: the rulebooks the question set and the heading tests were written against
RULEBOOK_FILES = (
    "darkest-talisman-solo-coop-variant.en.txt",
    "magical-orders-tables-and-revised-rules.en.txt",
    "prophecy-basic-rules.en.txt",
    "prophecy-basic-rules.it.txt",
    "prophecy-water-realm-expansion.en.txt",
)


def rulebooks_dir() -> Path:
    """Where the rulebooks should be: RULEBOOKS_DIR if set, else the project's `rulebooks/`."""
    configured = os.environ.get("RULEBOOKS_DIR", "").strip()
    return Path(configured).expanduser().resolve() if configured else DEFAULT_RULEBOOKS_DIR


def rulebooks_required() -> bool:
    return os.environ.get("REQUIRE_RULEBOOKS", "").strip().lower() in ("1", "true", "yes", "on")


def missing_rulebooks_reason() -> str | None:
    """Why the rulebook tests cannot run (None when every expected file is there)."""
    folder = rulebooks_dir()
    missing = [name for name in RULEBOOK_FILES if not (folder / name).is_file()]
    if not missing:
        return None
    return (
        f"rulebook texts not found: RULEBOOKS_DIR={folder} lacks {', '.join(missing)} "
        "(put the rulebook .txt files in rulebooks/ or point RULEBOOKS_DIR at them)"
    )


def rulebooks() -> Path:
    """The rulebook folder; skips the calling test when it is incomplete (fails if required)."""
    reason = missing_rulebooks_reason()
    if reason is not None:
        if rulebooks_required():
            pytest.fail(f"REQUIRE_RULEBOOKS is set but the {reason}", pytrace=False)
        pytest.skip(reason)
    return rulebooks_dir()


def full_index() -> RulesIndex:
    """The index the bot builds: every rulebook, summary, pack card and table, in memory."""
    return _full_index(rulebooks())


@lru_cache(maxsize=2)
def _full_index(folder: Path) -> RulesIndex:
    return RulesIndex.open(Sources(folder))


@lru_cache(maxsize=1)
def project_index() -> RulesIndex:
    """What a fresh clone indexes with no rulebooks: summaries, pack cards and tables."""
    return RulesIndex.open(Sources(Path(__file__).resolve().parent / "no-rulebooks-here"))


def questions(split: str | None = None) -> list[dict]:
    """The question set; `split` keeps only "train" or "heldout" questions ("dev" and "dev2": the
    development sets, "train2": the third training set, "heldout2": the second held-out set; none is
    part of the set otherwise)."""
    if split == "train2":
        return [{**q, "split": "train2"} for q in yaml.safe_load(TRAIN2_QUESTIONS.read_text(encoding="utf-8"))["questions"]]
    if split == "dev":
        return [{**q, "split": "dev"} for q in yaml.safe_load(DEV_QUESTIONS.read_text(encoding="utf-8"))["questions"]]
    if split == "dev2":
        return [{**q, "split": "dev2"} for q in yaml.safe_load(DEV2_QUESTIONS.read_text(encoding="utf-8"))["questions"]]
    if split == "heldout2":
        return [{**q, "split": "heldout2"} for q in yaml.safe_load(HELDOUT2_QUESTIONS.read_text(encoding="utf-8"))["questions"]]
    qs = []
    for path in (QUESTIONS, HELDOUT_QUESTIONS):
        qs += yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]
    return [q for q in qs if split is None or q.get("split", "train") == split]
