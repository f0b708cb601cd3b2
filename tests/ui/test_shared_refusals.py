"""Refusals every game system shares (the game master raises them for a Prophecy table and a
Darkest Talisman campaign alike) must not send a campaign's player to a Prophecy command:
"You are not playing in this game; you can watch with /game status" was said to outsiders
pressing a campaign's buttons, where /game status shows nothing."""
from __future__ import annotations

import re

import pytest

from gm.i18n import t

SYSTEM_COMMANDS = re.compile(r"/(game|partita|campaign|campagna)\b")


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("key", ["error.not_a_player", "error.stale_prompt"])
def test_shared_refusals_name_no_system_command(locale, key):
    text = t(locale, key, actor="1", active="2")
    assert text and not SYSTEM_COMMANDS.search(text), text
