"""JSON out of the fake: orjson when it is installed (discord.py's own speed-up), else the
standard library. discord.py reads either the same; the fake's encoding runs on the bot's
event loop in the tests and benchmarks, where a real Discord would encode on its servers."""
from __future__ import annotations

import importlib
import json
from typing import Any


def _orjson() -> Any:
    """orjson's module, or None; typed Any whether or not it (and its types) is installed."""
    try:
        return importlib.import_module("orjson")
    except ImportError:  # pragma: no cover - depends on what is installed
        return None


orjson = _orjson()


def dumps_bytes(payload: Any) -> bytes:
    if orjson is not None:
        try:
            out: bytes = orjson.dumps(payload)
            return out
        except TypeError:  # a key or value orjson does not take (an int past 64 bits...)
            pass
    return json.dumps(payload).encode()


def dumps_text(payload: Any) -> str:
    if orjson is not None:
        try:
            text: str = orjson.dumps(payload).decode()
            return text
        except TypeError:
            pass
    return json.dumps(payload)
