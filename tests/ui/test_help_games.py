"""/help's "Games you can start" field: every game and every optional rule it offers, whole.

An embed field holds 1,024 characters. The Italian list of the Water Realm's optional rules,
written out after the Standard ones, went past that and was cut off mid-list ("... Tesori"), so
Random Treasures, Treasure Hunters and Lord of the Sea were missing from the Italian /help.
"""
from __future__ import annotations

import pytest

from cogs.table import games_help
from gm.i18n import t
from systems import new_game_choices, variants_for


@pytest.mark.parametrize("locale", ["en", "it"])
def test_every_game_and_optional_rule_fits_in_the_help_field(locale):
    text = games_help(locale)
    assert len(text) <= 1024, len(text)
    for value, title_key in new_game_choices():
        assert t(locale, title_key) in text
        for variant in variants_for(value):
            assert t(locale, variant.title_key) in text, (value, variant.title_key)
