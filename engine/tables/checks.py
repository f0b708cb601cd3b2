"""Prove a tables book sound before any roll is made on it.

A broken table (a gap, an overlap, a chain to a table that does not exist) would otherwise
show up as a confusing roll in the middle of someone's game. Here every problem is found at
start-up and reported with the file, the table and the row, in the same dotted form pydantic
uses (`magical-orders.yaml: tables.traps.rows[2] (roll 3): ...`), all at once. Pure: it is
handed what a file says (packs/ reads the files), never opens one.
"""
from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.core.content_files import validation_problems
from engine.tables.models import Book, DieSpec, RollTable, Row


class TableError(ValueError):
    """A tables file is invalid; each line of the message names file, table and row."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def _fmt_range(low: int, high: int, spec: DieSpec) -> str:
    def face(n: int) -> str:
        return "00" if spec.percent and n == 100 else (f"{n:02d}" if spec.percent else str(n))

    return face(low) if low == high else f"{face(low)}-{face(high)}"


def _spans(values: list[int]) -> list[tuple[int, int]]:
    """[3,4,5,9] -> [(3,5),(9,9)], so a message says "50-52" instead of three numbers."""
    out: list[tuple[int, int]] = []
    for v in sorted(values):
        if out and v == out[-1][1] + 1:
            out[-1] = (out[-1][0], v)
        else:
            out.append((v, v))
    return out


def check_rows(where: str, rows: list[Row], spec: DieSpec) -> list[str]:
    """Every result of the die is read by exactly one row; ranges are well formed."""
    problems: list[str] = []
    owner: dict[int, int] = {}
    for i, row in enumerate(rows):
        at = f"{where}.rows[{i}] (roll {row.roll})"
        try:
            low, high = spec.parse_range(row.roll)
        except ValueError as exc:
            problems.append(f"{at}: {exc}")
            continue
        if low > high:
            problems.append(f"{at}: range runs backwards")
            continue
        if low < spec.low or high > spec.high:
            problems.append(f"{at}: outside the {spec} results {_fmt_range(spec.low, spec.high, spec)}")
            continue
        clash: dict[int, list[int]] = {}
        for n in range(low, high + 1):
            if n in owner:
                clash.setdefault(owner[n], []).append(n)
            else:
                owner[n] = i
        for j, nums in clash.items():
            spans = ", ".join(_fmt_range(a, b, spec) for a, b in _spans(nums))
            problems.append(f"{at}: overlaps {where}.rows[{j}] (roll {rows[j].roll}) on {spans}")
    missing = [n for n in range(spec.low, spec.high + 1) if n not in owner]
    if missing:
        spans = ", ".join(_fmt_range(a, b, spec) for a, b in _spans(missing))
        problems.append(f"{where}: no row covers {spans}")
    if rows and all(r.reroll for r in rows):
        problems.append(f"{where}: every row says roll again, so a roll could never end")
    return problems


def _row_groups(tid: str, table: RollTable) -> list[tuple[str, list[Row]]]:
    if table.bands:
        return [(f"tables.{tid}.bands[{b}]", band.rows) for b, band in enumerate(table.bands)]
    return [(f"tables.{tid}", table.rows)]


def _chain_cycle(book: Book) -> list[str] | None:
    """A chain path that comes back to its start (A -> B -> A) would roll forever."""
    edges = {
        tid: {row.then.table for _, rows in _row_groups(tid, t) for row in rows if row.then}
        for tid, t in book.tables.items()
    }
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done

    def visit(tid: str, path: list[str]) -> list[str] | None:
        state[tid] = 1
        for nxt in sorted(edges.get(tid, ())):
            if state.get(nxt) == 1:
                return path + [nxt]
            if nxt in edges and state.get(nxt) is None:
                found = visit(nxt, path + [nxt])
                if found:
                    return found
        state[tid] = 2
        return None

    for tid in sorted(edges):
        if state.get(tid) is None:
            found = visit(tid, [tid])
            if found:
                return found
    return None


def check_book(book: Book) -> list[str]:
    """Cross-checks pydantic cannot do field by field; returns problems (empty when sound)."""
    problems: list[str] = []
    for tid, table in book.tables.items():
        spec = table.spec
        for where, rows in _row_groups(tid, table):
            problems += check_rows(where, rows, spec)
            for i, row in enumerate(rows):
                at = f"{where}.rows[{i}] (roll {row.roll})"
                if row.then and row.then.table not in book.tables:
                    problems.append(f"{at}: then.table {row.then.table!r} is not a table in this file")
                problems += [f"{at}: see {s!r} is not a table in this file" for s in row.see if s not in book.tables]
        if table.subtract_if_ignoring:
            sub = table.subtract_if_ignoring
            at = f"tables.{tid}.subtract_if_ignoring"
            try:
                low, high = spec.parse_range(sub.range)
            except ValueError as exc:
                problems.append(f"{at}: {exc}")
            else:
                # on d% a result of 0 reads as "00" (100), so 50 - 50 is a legal reading
                floor = 0 if spec.percent else spec.low
                if low > high or low - sub.amount < floor or high > spec.high:
                    problems.append(f"{at}: range {sub.range} minus {sub.amount} leaves the {spec} results")
    clash = sorted(set(book.references) & set(book.tables))
    if clash:
        problems.append(f"references: {clash} are also roll table ids")
    ids = [k.id for k in book.encounter_order]
    if len(set(ids)) != len(ids):
        problems.append("encounter_order: an id is listed twice")
    cycle = _chain_cycle(book)
    if cycle:
        problems.append(f"tables: chains loop {' -> '.join(cycle)}")
    for lang in book.languages:
        problems += _missing_language(book, lang)
    return problems


def _missing_language(book: Book, lang: str) -> list[str]:
    """Every text a reader sees has its `lang` wording, so a session in that language never
    meets an English row in the middle of its own (the file promises it in `languages`)."""
    missing: list[str] = []
    if not book.names.get(lang):
        missing.append("names")
    for tid, table in book.tables.items():
        if not table.names.get(lang):
            missing.append(f"tables.{tid}.names")
        if table.intro and not table.intros.get(lang):
            missing.append(f"tables.{tid}.intros")
        for b, band in enumerate(table.bands):
            if not band.labels.get(lang):
                missing.append(f"tables.{tid}.bands[{b}].labels")
        for where, rows in _row_groups(tid, table):
            missing += [f"{where}.rows[{i}].texts" for i, row in enumerate(rows) if not row.texts.get(lang)]
    for oid, order in book.orders.items():
        if not order.names.get(lang):
            missing.append(f"orders.{oid}.names")
        if order.spells and lang not in order.spells_in:
            missing.append(f"orders.{oid}.spells_in")
    missing += [f"encounter_order[{i}].texts" for i, k in enumerate(book.encounter_order) if not k.texts.get(lang)]
    missing += [f"references.{rid}" for rid in book.references if rid not in book.references_in.get(lang, {})]
    return [f"{m}: no {lang!r} wording (the file lists {lang!r} in `languages`)" for m in missing]


def parse_book(data: Any, fname: str = "<memory>") -> Book:
    """Validate a book from what its file says; raise TableError naming `fname`, table and row."""
    try:
        book = Book.model_validate(data)
    except ValidationError as exc:
        raise TableError(validation_problems(fname, exc)) from None
    problems = check_book(book)
    if problems:
        raise TableError([f"{fname}: {p}" for p in problems])
    return book
