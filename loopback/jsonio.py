"""JSON out of the fake: orjson when it is installed (discord.py's own speed-up), else the
standard library. discord.py reads either the same; the fake's encoding runs on the bot's
event loop in the tests and benchmarks, where a real Discord would encode on its servers."""
from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - depends on what is installed
    orjson = None  # type: ignore[assignment]


def dumps_bytes(payload: Any) -> bytes:
    if orjson is not None:
        try:
            return orjson.dumps(payload)
        except TypeError:  # a key or value orjson does not take (an int past 64 bits...)
            pass
    return json.dumps(payload).encode()


def dumps_text(payload: Any) -> str:
    if orjson is not None:
        try:
            return orjson.dumps(payload).decode()
        except TypeError:
            pass
    return json.dumps(payload)
