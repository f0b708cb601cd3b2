"""What a reference-table file may say: dice, rows, chains, rank bands and special rules.

Tables are data (data/tables/*.yaml) so a group can fix a typo or add a house table without
touching Python. The models only check the *shape* of each field; whether the rows of a table
cover every result of its die exactly once is checked by `engine.tables.checks`, which knows
the file name and can report every problem at once.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Source = Literal["rulebook", "project"]
OrderId = Literal["wizards", "sorcerers", "druids"]
PointKind = Literal["knowledge", "perception", "power"]
POINT_KINDS: tuple[PointKind, ...] = ("knowledge", "perception", "power")
ORDER_IDS: tuple[OrderId, ...] = ("wizards", "sorcerers", "druids")
#: Ranks run from 0 (not yet initiated into an Order) to 5 (the winning rank).
MIN_RANK, MAX_RANK = 0, 5

_DIE_RE = re.compile(r"^(\d*)d(\d+|%)(kh1|kl1)?$")
_ROLL_RE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


@dataclass(frozen=True)
class DieSpec:
    """A die expression a table is rolled with: `d6`, `2d6` (sum), `2d6kh1` (read the higher), `d%`.

    `d%` reads 1..100 (the face "00" is 100), which is how the sheet numbers its d% table.
    """

    count: int
    sides: int
    keep: Literal["sum", "high", "low"]
    percent: bool = False

    @classmethod
    def parse(cls, text: str) -> "DieSpec":
        m = _DIE_RE.match(text.strip().lower())
        if not m:
            raise ValueError(f"die {text!r} is not one of the forms d6, 2d6, 2d6kh1, d%")
        count = int(m.group(1) or 1)
        percent = m.group(2) == "%"
        sides = 100 if percent else int(m.group(2))
        keeps: dict[str, Literal["high", "low"]] = {"kh1": "high", "kl1": "low"}
        keep: Literal["sum", "high", "low"] = keeps.get(m.group(3) or "", "sum")
        if not 1 <= count <= 10 or not 2 <= sides <= 100:
            raise ValueError(f"die {text!r}: use 1-10 dice of 2-100 sides")
        if percent and count != 1:
            raise ValueError(f"die {text!r}: d% is a single roll")
        return cls(count=count, sides=sides, keep=keep, percent=percent)

    @property
    def low(self) -> int:
        return self.count if self.keep == "sum" else 1

    @property
    def high(self) -> int:
        return self.count * self.sides if self.keep == "sum" else self.sides

    def read(self, faces: list[int]) -> int:
        """The number a table is read at, from the faces rolled."""
        if self.keep == "high":
            return max(faces)
        if self.keep == "low":
            return min(faces)
        return sum(faces)

    def parse_range(self, value: int | str) -> tuple[int, int]:
        """`3`, `"1-2"`, `"01-07"`, `"99-00"` -> (low, high); on d% the face 00 is 100."""
        m = _ROLL_RE.match(str(value))
        if not m:
            raise ValueError(f"roll {value!r} is not a number or a range like 1-2")
        low = int(m.group(1))
        high = int(m.group(2)) if m.group(2) is not None else low
        if self.percent:
            low, high = (100 if low == 0 else low), (100 if high == 0 else high)
        return low, high

    def __str__(self) -> str:
        if self.percent:
            return "d%"
        count = "" if self.count == 1 else str(self.count)
        keep = {"sum": "", "high": "kh1", "low": "kl1"}[self.keep]
        return f"{count}d{self.sides}{keep}"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


#: other languages' wording of one text: {"it": "..."}; English is the field itself
Texts = dict[str, str]


def in_locale(english: str, texts: Texts, locale: str) -> str:
    """`english`, or its wording in `locale` when the file gives one (so a table read in an
    Italian session is Italian, and a language the file lacks falls back to English)."""
    return texts.get(locale) or english if locale != "en" else english


class Chain(_Strict):
    """Roll on another table after this row, e.g. Random Encounter 3 -> Animals."""

    table: str
    times: int = Field(1, ge=1, le=6)
    #: the chained rolls ignore Traps and Phantasms (Random Wizards' subtract rule applies)
    ignore_traps: bool = False
    source: Source = "rulebook"
    note: str | None = None


class FollowUp(_Strict):
    """A die the row asks for ("Roll ONE die...", "the roll of ONE die doubled").

    The value is `faces x times`, minus the player's Rank when `minus_rank`, never below
    `minimum`. `effect` names what the number counts (a locale key suffix for the bot).
    """

    die: str = "d6"
    times: int = Field(1, ge=1, le=10)
    minus_rank: bool = False
    minimum: int | None = None
    effect: Literal["gain_points", "lose_points", "lose_turns", "extra_turns"]

    @field_validator("die")
    @classmethod
    def _die_parses(cls, v: str) -> str:
        DieSpec.parse(v)
        return v


class Row(_Strict):
    roll: int | str
    text: str = Field(min_length=1)
    texts: Texts = Field(default_factory=dict)
    then: Chain | None = None
    #: "roll again" (Random Wizards 99-00): the table is rolled once more
    reroll: bool = False
    follow_up: FollowUp | None = None
    #: related tables to point the reader at; never rolled automatically
    see: list[str] = Field(default_factory=list)
    source: Source = "rulebook"
    note: str | None = None

    @model_validator(mode="after")
    def _one_continuation(self) -> "Row":
        if self.reroll and self.then is not None:
            raise ValueError("a row either rolls again or chains to another table, not both")
        return self

    def text_in(self, locale: str) -> str:
        return in_locale(self.text, self.texts, locale)


class Band(_Strict):
    """Rows that apply to players of certain Ranks (Hamdrel's Gifts, Player Encounters)."""

    ranks: list[int] = Field(min_length=1)
    label: str
    labels: Texts = Field(default_factory=dict)
    rows: list[Row] = Field(min_length=1)

    def label_in(self, locale: str) -> str:
        return in_locale(self.label, self.labels, locale)

    @field_validator("ranks")
    @classmethod
    def _ranks_in_range(cls, v: list[int]) -> list[int]:
        bad = [r for r in v if not MIN_RANK <= r <= MAX_RANK]
        if bad:
            raise ValueError(f"ranks {bad} are outside {MIN_RANK}-{MAX_RANK}")
        if len(set(v)) != len(v):
            raise ValueError("a rank is listed twice")
        return v


class Subtract(_Strict):
    """Random Wizards: when told to ignore Traps/Phantasms, a roll in `range` loses `amount`."""

    range: str
    amount: int = Field(ge=1)


class RollTable(_Strict):
    name: str
    names: Texts = Field(default_factory=dict)
    die: str
    intro: str | None = None
    intros: Texts = Field(default_factory=dict)
    rows: list[Row] = Field(default_factory=list)
    bands: list[Band] = Field(default_factory=list)
    subtract_if_ignoring: Subtract | None = None
    #: Call For Help: the caller first deducts Rank squared points of one type
    cost: Literal["rank_squared"] | None = None
    source: Source = "rulebook"
    note: str | None = None

    @field_validator("die")
    @classmethod
    def _die_parses(cls, v: str) -> str:
        DieSpec.parse(v)
        return v

    @model_validator(mode="after")
    def _rows_or_bands(self) -> "RollTable":
        if bool(self.rows) == bool(self.bands):
            raise ValueError("a table has either `rows` or rank `bands`, exactly one of them")
        seen: set[int] = set()
        for band in self.bands:
            twice = seen.intersection(band.ranks)
            if twice:
                raise ValueError(f"rank {sorted(twice)} appears in two bands")
            seen.update(band.ranks)
        return self

    @property
    def spec(self) -> DieSpec:
        return DieSpec.parse(self.die)

    def name_in(self, locale: str) -> str:
        return in_locale(self.name, self.names, locale)

    def intro_in(self, locale: str) -> str | None:
        return None if self.intro is None else in_locale(self.intro, self.intros, locale)

    @property
    def ranks(self) -> list[int] | None:
        """Ranks this table can be rolled for, or None when it does not depend on Rank."""
        if not self.bands:
            return None
        return sorted(r for band in self.bands for r in band.ranks)

    def band_for(self, rank: int) -> Band | None:
        return next((b for b in self.bands if rank in b.ranks), None)


class Thresholds(_Strict):
    """Points of each type needed for one Rank in one Order."""

    knowledge: int = Field(ge=0)
    perception: int = Field(ge=0)
    power: int = Field(ge=0)

    def get(self, kind: PointKind) -> int:
        return int(getattr(self, kind))


class Order(_Strict):
    name: str
    names: Texts = Field(default_factory=dict)
    #: rank -> points needed; every rank 1..5, never decreasing
    levels: dict[int, Thresholds]
    #: rank -> spells known at that rank (the sheet lists ranks 1-4)
    spells: dict[int, list[str]]
    #: language -> rank -> the same spells in that language, one for one
    spells_in: dict[str, dict[int, list[str]]] = Field(default_factory=dict)

    def spells_for(self, rank: int, locale: str) -> list[str]:
        """The spells known at `rank`, in `locale` when the file gives them."""
        if locale != "en" and rank in self.spells_in.get(locale, {}):
            return self.spells_in[locale][rank]
        return self.spells[rank]

    @model_validator(mode="after")
    def _levels_complete(self) -> "Order":
        if sorted(self.levels) != list(range(1, MAX_RANK + 1)):
            raise ValueError(f"levels must list ranks 1-{MAX_RANK} exactly")
        for rank in range(2, MAX_RANK + 1):
            for kind in POINT_KINDS:
                if self.levels[rank].get(kind) < self.levels[rank - 1].get(kind):
                    raise ValueError(f"levels: rank {rank} needs fewer {kind} points than rank {rank - 1}")
        bad = [r for r in self.spells if not 1 <= r <= MAX_RANK]
        if bad:
            raise ValueError(f"spells: ranks {bad} are outside 1-{MAX_RANK}")
        for lang, by_rank in self.spells_in.items():
            for rank, english in self.spells.items():
                if len(by_rank.get(rank, [])) != len(english):
                    raise ValueError(f"spells_in.{lang}: rank {rank} must list the same {len(english)} spells as `spells`")
        return self


class EncounterKind(_Strict):
    """One line of the Multiple Specific Encounters order."""

    id: str = Field(pattern=r"^[a-z_]+$")
    text: str
    texts: Texts = Field(default_factory=dict)

    def text_in(self, locale: str) -> str:
        return in_locale(self.text, self.texts, locale)


class Book(_Strict):
    """Everything one tables file holds."""

    name: str
    names: Texts = Field(default_factory=dict)
    #: languages besides English that every text of the file must carry (checked at load)
    languages: list[str] = Field(default_factory=list)
    tables: dict[str, RollTable]
    orders: dict[OrderId, Order]
    #: Multiple Specific Encounters: resolved in this order, first to last
    encounter_order: list[EncounterKind] = Field(min_length=1)
    #: names of the non-rolling reference tables (for /table show): id -> display name
    references: dict[str, str] = Field(default_factory=dict)
    #: language -> reference id -> its name in that language
    references_in: dict[str, dict[str, str]] = Field(default_factory=dict)

    def reference_name(self, rid: str, locale: str) -> str:
        return in_locale(self.references[rid], {k: v[rid] for k, v in self.references_in.items() if rid in v}, locale)

    def table_name(self, tid: str, locale: str) -> str:
        """A roll table's or a reference's display name in `locale`."""
        if tid in self.tables:
            return self.tables[tid].name_in(locale)
        return self.reference_name(tid, locale)

    @field_validator("tables")
    @classmethod
    def _ids_are_slugs(cls, v: dict[str, RollTable]) -> dict[str, RollTable]:
        bad = [k for k in v if not re.fullmatch(r"[a-z0-9_]+", k)]
        if bad:
            raise ValueError(f"table ids {bad} must be lower_snake_case")
        return v
