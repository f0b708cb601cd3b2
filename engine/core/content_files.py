"""Checking a content file against its model, with errors a pack author can act on.

Every game system reads its cards, boards and tables from YAML that people edit by hand; a
mistake must come back as "file: field.path: message" (e.g. "adventures.yaml: cards[3].cost:
Field required"), not as a traceback. One wording for every system and the dice tables.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


def validation_problems(fname: str, exc: ValidationError) -> list[str]:
    """One "file: field.path: message" line per problem pydantic found."""
    lines = []
    for err in exc.errors():
        loc = ".".join(f"[{p}]" if isinstance(p, int) else str(p) for p in err["loc"]).replace(".[", "[")
        lines.append(f"{fname}: {loc or '(top)'}: {err['msg']}")
    return lines


def validate_file(fname: str, model: type[M], data: object, error: type[ValueError]) -> M:
    """`data` (a file's parsed content) as `model`, or `error` listing every problem by line."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise error("\n".join(validation_problems(fname, exc))) from None


def require_files(files: Mapping[str, object], names: Iterable[str], error: type[ValueError], missing_from: str = "") -> None:
    """Refuse with `error` a set of files that lacks any of `names`, one line per missing file
    ("<file>: file missing<missing_from>"), before any of them is read."""
    missing = [f for f in names if f not in files]
    if missing:
        raise error("\n".join(f"{f}: file missing{missing_from}" for f in missing))


def validate_files(files: Mapping[str, object], models: Mapping[str, type[BaseModel]], error: type[ValueError],
                   missing_from: str = "") -> dict[str, BaseModel]:
    """Every file `models` names, validated as its model (see `require_files` and
    `validate_file` for how a missing or wrong file is refused)."""
    require_files(files, models, error, missing_from)
    return {fname: validate_file(fname, model, files[fname], error) for fname, model in models.items()}
