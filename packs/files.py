"""Reading one YAML file: the only place the project's content goes through PyYAML.

libyaml's parser is used when PyYAML was built with it (same results, ~8x faster than the pure
Python one). Errors are left to the callers, which word them for a pack or a tables file.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

import yaml

#: libyaml's parser when PyYAML was built with it, else pure Python
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: what a file that does not parse raises
YAMLError = yaml.YAMLError


def read_yaml(path: Path) -> object:
    """What a YAML file says (plain dicts, lists, strings, numbers). Raises FileNotFoundError
    or YAMLError."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)


def read_files(folder: Path, names: Iterable[str], error: type[Exception], where: str | None = None) -> dict[str, object]:
    """What each named file of a content folder says, by file name. A missing or unparsable
    file raises `error` naming the file (and, for a missing one, `where`: the folder as the
    caller words it, the folder's path by default)."""
    folder = Path(folder)
    files: dict[str, object] = {}
    for fname in names:
        try:
            files[fname] = read_yaml(folder / fname)
        except FileNotFoundError as exc:
            raise error(f"{fname}: file missing from {folder if where is None else where}") from exc
        except YAMLError as exc:
            raise error(f"{fname}: not valid YAML: {exc}") from exc
    return files
