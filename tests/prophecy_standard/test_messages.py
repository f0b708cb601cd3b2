"""Every refusal the Standard rules can raise reads as a sentence in English and Italian
(a RuleError carries a key; the bot says it in the player's language)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from gm.i18n import catalogue
from engine.prophecy.actions import Move

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "prophecy" / "standard"


def _keys() -> set[str]:
    keys: set[str] = set()
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for key in re.findall(r'RuleError\(f?"(error\.[a-z_{}.]+)"', text):
            if "{action.method}" in key:
                keys.update(key.replace("{action.method}", m) for m in Move.model_fields["method"].annotation.__args__)
            else:
                keys.add(key)
    return keys


@pytest.mark.parametrize("locale", ["en", "it"])
def test_every_standard_refusal_has_words(locale):
    keys = _keys()
    assert len(keys) > 20
    missing = sorted(k for k in keys if k not in catalogue(locale))
    assert missing == []
