"""Reading one YAML file: the only place the project's content goes through PyYAML.

libyaml's parser is used when PyYAML was built with it (same results, ~8x faster than the pure
Python one). Errors are left to the callers, which word them for a pack or a tables file.
"""
from __future__ import annotations

from pathlib import Path

import yaml

#: libyaml's parser when PyYAML was built with it, else pure Python
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: what a file that does not parse raises
YAMLError = yaml.YAMLError


def read_yaml(path: Path) -> object:
    """What a YAML file says (plain dicts, lists, strings, numbers). Raises FileNotFoundError
    or YAMLError."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
