"""Die tables from data/tables/*.yaml as lookup entries, whatever shape they take.

The dice/tables feature owns those files and their schema; the lookup only needs a name and
some text. The expected shape is a top-level `tables:` list (or mapping by id) whose items
have a `name` and rows; anything else is still indexed by its name (or key, or file name)
and every readable string and number in it, so a schema change there never breaks /rules
here. Whatever else the file holds besides `tables:` becomes one more entry under the
file's `name`. A missing folder means no
tables; an unreadable file is skipped and reported.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

#: the other-language wordings (`texts: {it: ...}`) stay out of an English entry's text
_SKIP_KEYS = frozenset({"id", "name", "source", "names", "texts", "intros", "labels", "spells_in",
                        "references_in", "languages"})
#: machine values (table ids, effect names) say nothing to a reader
_IDENTIFIER = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+)+$")


@dataclass(frozen=True)
class TableText:
    file: str
    name: str
    body: str
    system: str | None
    language: str


def _scalar(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str) and not _IDENTIFIER.match(value):
        return value
    return None


def _flat(value: Any) -> bool:
    """A row: a mapping or list whose values are scalars or lists of scalars."""
    items = value.values() if isinstance(value, dict) else value
    return all(not isinstance(v, (dict, list, tuple)) or (isinstance(v, (list, tuple)) and all(
        not isinstance(x, (dict, list, tuple)) for x in v)) for v in items)


def _lines(value: Any, skip: frozenset[str] = frozenset()) -> list[str]:
    """Readable lines of any YAML value: one line per row-like mapping, depth first."""
    if isinstance(value, dict):
        kept = {k: v for k, v in value.items() if k not in skip}
        if _flat(kept):
            parts = []
            for v in kept.values():
                for x in v if isinstance(v, (list, tuple)) else [v]:
                    text = _scalar(x)
                    if text:
                        parts.append(text)
            return [" | ".join(parts)] if parts else []
        out: list[str] = []
        for v in kept.values():
            out.extend(_lines(v))
        return out
    if isinstance(value, (list, tuple)):
        out = []
        for item in value:
            out.extend(_lines(item))
        return out
    text = _scalar(value)
    return [text] if text else []


def _one_table(file: str, key: str | None, raw: Any, index: int, system: str | None, language: str) -> TableText:
    if isinstance(raw, dict):
        name = str(raw.get("name") or raw.get("title") or raw.get("id") or key or f"{file} #{index + 1}")
        own_system = raw.get("system")
        system = str(own_system) if isinstance(own_system, str) else system
        language = str(raw.get("language")) if raw.get("language") in ("en", "it") else language
        lines = _lines(raw, _SKIP_KEYS | {"system", "language"})
    else:
        name = key or f"{file} #{index + 1}"
        lines = _lines(raw)
    return TableText(file, name, "\n".join(line for line in lines if line.strip()), system, language)


def load_tables(folder: Path | None) -> tuple[list[TableText], list[str]]:
    """All tables under `folder` and one message per file that could not be read."""
    if folder is None or not folder.is_dir():
        return [], []
    out: list[TableText] = []
    problems: list[str] = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            problems.append(f"{path.name}: {exc}")
            continue
        system = None
        language = "en"
        if isinstance(data, dict):
            system = data.get("system") if isinstance(data.get("system"), str) else None
            language = str(data.get("language")) if data.get("language") in ("en", "it") else "en"
        tables = data.get("tables") if isinstance(data, dict) else None
        if isinstance(tables, dict):
            items = list(tables.items())
        elif isinstance(tables, list):
            items = [(None, raw) for raw in tables]
        else:
            items = []
        out.extend(_one_table(path.name, key, raw, i, system, language) for i, (key, raw) in enumerate(items))
        rest = {k: v for k, v in data.items() if k not in ("tables", "system", "language")} if isinstance(data, dict) else data
        lines = _lines(rest, _SKIP_KEYS) if rest else []
        if lines:
            title = data.get("name") if isinstance(data, dict) and isinstance(data.get("name"), str) else path.stem
            out.append(TableText(path.name, str(title), "\n".join(lines), system, language))
    return out, problems
