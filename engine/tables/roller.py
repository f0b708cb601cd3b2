"""Roll on a table and follow its chains, narrating every step.

A roll on Random Encounters may lead to Animals, which leads to a row of text; a player wants
to see each die and each table on the way ("Random Encounters 3 -> Animals 4 -> Horse"), so
the roller returns the whole path as `Step`s rather than only the last row. Dice come from the
caller's source: a game's seeded `Rng` (so a stored game replays exactly) or, in tests, a
scripted source that forces faces.
"""
from __future__ import annotations

import re
from typing import Protocol

from pydantic import BaseModel, Field

from engine.core.errors import RuleError
from engine.tables.models import MAX_RANK, MIN_RANK, Book, DieSpec, FollowUp, RollTable, Row

#: a chain of chains or a run of "roll again" longer than this is a broken table, not luck
MAX_STEPS = 40


class DiceSource(Protocol):
    """Anything that rolls a fair integer in [low, high]; `engine.core.rng.Rng` does."""

    def randint(self, low: int, high: int) -> int: ...


class FollowUpRoll(BaseModel):
    """The extra die a row asked for and the number it gives."""

    effect: str
    die: str
    faces: list[int]
    #: None when the number depends on the player's Rank and no Rank was given
    value: int | None


class Step(BaseModel):
    """One roll on one table: what was rolled, what was read, which row it gave."""

    table: str
    table_name: str
    band: str | None = None
    band_index: int | None = None  # which band of a rank-dependent table (to re-read it in a language)
    depth: int = 0  # 0 for the table asked for, 1 for a table it chained to, ...
    die: str
    faces: list[int]
    natural: int  # the number the dice show (after reading the higher of two, etc.)
    roll: int  # the number the table is read at (after the subtract-if-ignoring rule)
    subtracted: int = 0
    row: int  # index into the rows (of the band, if any)
    text: str
    reroll: bool = False
    follow_up: FollowUpRoll | None = None
    see: list[str] = Field(default_factory=list)
    chains_to: str | None = None


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower().replace("'", "")).strip("_")


def _names(table: RollTable) -> list[str]:
    """Every name a table answers to: English and each language the file gives."""
    return [table.name, *table.names.values()]


def find_table(book: Book, name: str, locale: str = "en") -> tuple[str, RollTable]:
    """Look a table up by id or display name in any language, forgiving case, spaces,
    apostrophes and a leading article; refusals name tables as `locale` calls them."""
    if name in book.tables:
        return name, book.tables[name]
    wanted = _slug(name)
    for tid, table in book.tables.items():
        for shown in _names(table):
            if wanted in (tid, _slug(shown), _strip_article(_slug(shown))):
                return tid, table
    rid = _reference_id(book, name)
    if rid is not None:
        raise RuleError("dice.table.not_rollable", table=book.reference_name(rid, locale))
    near = [shown for shown, _tid in table_choices(book, name, limit=6, locale=locale)]
    if near:  # "Orders" is in several names: offer them rather than only "start typing"
        raise RuleError("dice.table.unknown_near", name=name[:100], names=", ".join(near))
    raise RuleError("dice.table.unknown", name=name[:100])


_ARTICLES = ("the_", "la_", "le_", "il_", "lo_", "i_", "gli_", "l_")


def _strip_article(slug: str) -> str:
    return next((slug.removeprefix(a) for a in _ARTICLES if slug.startswith(a)), slug)


def _reference_id(book: Book, name: str) -> str | None:
    wanted = _slug(name)
    for rid, title in book.references.items():
        titles = [title] + [by_id[rid] for by_id in book.references_in.values() if rid in by_id]
        if wanted == rid or any(wanted == _slug(x) for x in titles):
            return rid
    return None


def find_showable(book: Book, name: str, locale: str = "en") -> str:
    """Id of a roll table or of a reference (Order levels, spell lists...) for `/table show`."""
    rid = _reference_id(book, name)
    return rid if rid is not None else find_table(book, name, locale)[0]


def table_choices(book: Book, typed: str = "", limit: int = 25, locale: str = "en") -> list[tuple[str, str]]:
    """(display name in `locale`, id) pairs for autocomplete: prefix matches first, then
    substrings; a name typed in English still finds its table in another language."""
    ids = list(book.tables) + list(book.references)
    shown = {tid: book.table_name(tid, locale) for tid in ids}
    every_name = {tid: [shown[tid], *(_names(book.tables[tid]) if tid in book.tables else
                                      [book.references[tid], *(v[tid] for v in book.references_in.values() if tid in v)])]
                  for tid in ids}
    everything = [(shown[tid], tid) for tid in ids]
    needle = _slug(typed)
    if not needle:
        return everything[:limit]
    prefix = [c for c in everything if c[1].startswith(needle) or any(_slug(n).startswith(needle) for n in every_name[c[1]])]
    inside = [c for c in everything if c not in prefix and (needle in c[1] or any(needle in _slug(n) for n in every_name[c[1]]))]
    return (prefix + inside)[:limit]


def roll_die(spec: DieSpec, rng: DiceSource) -> tuple[list[int], int]:
    """Roll the faces of `spec` and return them with the number the table is read at."""
    faces = [rng.randint(1, spec.sides) for _ in range(spec.count)]
    return faces, spec.read(faces)


def _follow_up(fu: FollowUp, rng: DiceSource, rank: int | None) -> FollowUpRoll:
    spec = DieSpec.parse(fu.die)
    faces, read = roll_die(spec, rng)
    times = read * fu.times
    value: int | None = times
    if fu.minus_rank:
        value = None if rank is None else times - rank
    if value is not None and fu.minimum is not None:
        value = max(fu.minimum, value)
    return FollowUpRoll(effect=fu.effect, die=fu.die, faces=faces, value=value)


def _rows_for(tid: str, table: RollTable, rank: int | None, locale: str = "en") -> tuple[list[Row], int | None]:
    if not table.bands:
        return table.rows, None
    if rank is None:
        raise RuleError("dice.table.rank_needed", table=table.name_in(locale), ranks=_ranks_text(table))
    band = table.band_for(rank)
    if band is None:
        raise RuleError("dice.table.rank_not_allowed", table=table.name_in(locale), rank=rank, ranks=_ranks_text(table))
    return band.rows, table.bands.index(band)


def _ranks_text(table: RollTable) -> str:
    return ", ".join(str(r) for r in table.ranks or [])


def _row_at(rows: list[Row], spec: DieSpec, number: int) -> tuple[int, Row]:
    for i, row in enumerate(rows):
        low, high = spec.parse_range(row.roll)
        if low <= number <= high:
            return i, row
    raise AssertionError(f"no row reads {number}; the loader guarantees full coverage")


def _roll_once(book: Book, tid: str, rng: DiceSource, rank: int | None, ignore_traps: bool, depth: int,
               locale: str = "en") -> Step:
    table = book.tables[tid]
    rows, band = _rows_for(tid, table, rank, locale)
    spec = table.spec
    faces, natural = roll_die(spec, rng)
    number, subtracted = natural, 0
    sub = table.subtract_if_ignoring
    if ignore_traps and sub is not None:
        low, high = spec.parse_range(sub.range)
        if low <= natural <= high:
            number, subtracted = natural - sub.amount, sub.amount
            if spec.percent and number == 0:  # 50 - 50 reads "00", the sheet's 100
                number = 100
    index, row = _row_at(rows, spec, number)
    return Step(
        table=tid,
        table_name=table.name_in(locale),
        band=None if band is None else table.bands[band].label_in(locale),
        band_index=band,
        depth=depth,
        die=str(spec),
        faces=faces,
        natural=natural,
        roll=number,
        subtracted=subtracted,
        row=index,
        text=row.text_in(locale),
        reroll=row.reroll,
        follow_up=_follow_up(row.follow_up, rng, rank) if row.follow_up else None,
        see=list(row.see),
        chains_to=row.then.table if row.then else None,
    )


def roll_table(
    book: Book,
    name: str,
    rng: DiceSource,
    rank: int | None = None,
    ignore_traps: bool = False,
    locale: str = "en",
) -> list[Step]:
    """Roll on table `name` and on every table its rows chain to, in the order played.

    `rank` picks the band of a rank-dependent table (and feeds "minus your Rank" follow-ups);
    `ignore_traps` applies the Random Wizards subtract rule here and in chained rolls.
    `locale` words table names and rows (the dice are the same in every language).
    Raises RuleError(dice.table.*) for an unknown table or a rank the table does not serve.
    """
    tid, _ = find_table(book, name, locale)
    if rank is not None and not MIN_RANK <= rank <= MAX_RANK:
        raise RuleError("dice.table.bad_rank", rank=rank, low=MIN_RANK, high=MAX_RANK)
    steps: list[Step] = []
    _roll_into(book, tid, rng, rank, ignore_traps, 0, steps, locale)
    return steps


def step_text(book: Book, step: Step, locale: str) -> str:
    """A step's row read again in `locale` (a stored event keeps the words it was rolled in)."""
    table = book.tables.get(step.table)
    if table is None:
        return step.text
    rows = table.rows if step.band_index is None else table.bands[step.band_index].rows
    return rows[step.row].text_in(locale) if step.row < len(rows) else step.text


def _roll_into(
    book: Book, tid: str, rng: DiceSource, rank: int | None, ignore: bool, depth: int, steps: list[Step],
    locale: str = "en",
) -> None:
    while True:
        if len(steps) >= MAX_STEPS:
            raise RuleError("dice.table.too_many_steps", limit=MAX_STEPS)
        step = _roll_once(book, tid, rng, rank, ignore, depth, locale)
        steps.append(step)
        if not step.reroll:
            break
    table = book.tables[tid]
    rows, _ = _rows_for(tid, table, rank)
    chain = rows[step.row].then
    if chain is None:
        return
    for _ in range(chain.times):
        _roll_into(book, chain.table, rng, rank, ignore or chain.ignore_traps, depth + 1, steps, locale)
