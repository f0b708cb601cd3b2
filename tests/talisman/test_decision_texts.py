"""Every decision carries its consequence (issue #26), in English and Italian: the destinations say
what waits there (B3, C3b), a visit with a die table its rows' exact chances (B1c the Mystic, the
Chapel's prayer), a Spell in Guardian Combat what it does (C8e-c); labels are short, decision
first and never two alike; Strength and Craft mean one thing everywhere (ruling
`strength_shown`); the Trophies' label gives the engine's figure (C2b); counts take plurals."""
from __future__ import annotations

import random

import pytest

from engine.core.events import Event
from engine.darkest_talisman import actions as A
from engine.darkest_talisman import heroes as H
from engine.darkest_talisman.ctx import EV
from engine.darkest_talisman.game import SYSTEM
from gm.i18n import t
from systems.darkest_talisman import choices
from systems.darkest_talisman.describe import describe_action, describe_event, hero_line, option_label
from systems.darkest_talisman.embeds import stats_line, status_embeds
from systems.darkest_talisman.names import Names
from systems.darkest_talisman.odds import dice_sum
from systems.darkest_talisman.picture import render_party
from tests.talisman.helpers import act, ctx_of, give, give_spell, kind, pack, party_of, settle, solo
from tests.talisman.test_forecast import at_sentinel

LOCALES = ("en", "it")


def party(seed: int = 1, *chars: str):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return settle(party_of(solo(seed), *(chars or ("warrior", "troll", "wizard"))))


@pytest.mark.parametrize("locale", LOCALES)
def test_b3_c3b_each_destination_says_what_waits_there_in_a_short_distinct_label(locale):
    s = party()
    shown = SYSTEM.view(s, None)
    labels = [option_label(shown, o, locale) for o in s.decision.options]
    assert len(set(labels)) == len(labels), labels
    assert all(len(label) <= 80 for label in labels), [x for x in labels if len(x) > 80]
    sentinel = labels[s.decision.options.index("depart:sentinel")]
    assert t(locale, "talisman.fig.strength", n=9).split()[0] in sentinel and "9" in sentinel
    trove = labels[s.decision.options.index("depart:trove")]
    assert "d6" in trove
    # one field per destination, with the place's own text, one press away ("Road and party",
    # which shows /campaign status): a village stay is many presses, the turn message stays short
    fields = {f.name: f.value for e in status_embeds(shown, 1, locale, "active") for f in e.fields}
    chapel = labels[s.decision.options.index("depart:chapel")]
    assert chapel in fields and "17%" in fields[chapel], fields


@pytest.mark.parametrize("locale", LOCALES)
def test_b1c_the_mystic_says_its_rows_and_exact_odds(locale):
    """B1c: the Mystic's d6 table, each row with its chance (2-3: nothing, 2 in 6)."""
    s = party()
    for h in s.party():
        h.mystic_ready = True  # back from an adventure (B1c)
    visit = next(a for a in SYSTEM.legal_actions(s, "p1") if isinstance(a, A.Visit) and a.service == "mystic")
    label = describe_action(SYSTEM.view(s, "p1"), "p1", visit, locale)
    assert "33%" in label and "17%" in label, label
    assert t(locale, "talisman.does.nothing") in label


def test_c5d_the_temple_two_dice_table_has_exact_odds():
    """The Temple's prayer rolls two dice: its 8-9 row is 9 in 36, computed, not guessed."""
    temple = next(s for s in pack().location("temple").services if s.effect and s.effect.roll)
    n = Names(SYSTEM.view(party(), None), "en")
    rows = {faces: p for faces, _, p in choices.table_odds(n, temple.effect)}
    assert rows["8-9"] == pytest.approx(9 / 36) and rows["12"] == pytest.approx(1 / 36)
    assert sum(rows.values()) == pytest.approx(1.0) and sum(dice_sum(2).values()) == pytest.approx(1.0)


@pytest.mark.parametrize("locale", LOCALES)
def test_c8e_c_a_spell_in_guardian_combat_says_what_it_does(locale):
    s = at_sentinel(party(1, "wizard", "troll", "warrior"))
    wizard = s.party()[0]
    wizard.spells = []
    give_spell(s, wizard.uid, "fireball")
    uid = next((u for u in wizard.spells), None)
    assert uid is not None, "the core pack's Fireball, a damage Spell, was given"
    s = act(s, A.Choose(option="fight"))
    assert kind(s) == "guardian_spell"
    shown = SYSTEM.view(s, "p1")
    label = option_label(shown, f"cast:{uid}", locale)
    spell = pack().spell(uid.split("#")[0])
    assert t(locale, f"talisman.does.spell_{spell.kind}", n=spell.amount,
             attribute=t(locale, f"talisman.attr.{spell.attribute}")) in label, label


@pytest.mark.parametrize("locale", LOCALES)
def test_ruling_strength_shown_one_meaning_in_the_line_the_narration_and_the_picture(locale):
    """Ruling `strength_shown`: the total that counts, the base in brackets, everywhere."""
    s = party()
    warrior = s.party()[0]
    give(s, warrior.uid, "sword")
    ctx = ctx_of(s)
    total = H.total(ctx.pack, warrior, "strength")
    assert total > warrior.strength
    shown = SYSTEM.view(s, None)
    n = Names(shown, locale)
    said = t(locale, "talisman.fig.with_base", total=total, base=warrior.strength)
    assert said in hero_line(n, n.heroes[warrior.uid])
    H.change(ctx, warrior, "strength", -1, "guardian_combat")
    line = describe_event(SYSTEM.view(s, None), ctx.events[-1], locale)
    assert t(locale, "talisman.fig.with_base", total=total - 1, base=warrior.strength) in line, line
    assert render_party(SYSTEM.view(s, None), locale)[:4] == b"\x89PNG"


@pytest.mark.parametrize("seed", range(6))
def test_c2b_the_trophies_label_gives_what_cashing_gives(seed):
    """C2b: the label's figure is the very one the engine then adds (ruling `trophies_cashing`)."""
    r = random.Random(seed)
    s = party(seed)
    hero = s.party()[0]
    enemies = [c for c in pack().adventures if getattr(c, "attribute", None) == "strength" and getattr(c, "value", 0)]
    hero.trophies = [f"{r.choice(enemies).id}#9{i}" for i in range(r.randint(3, 7))]
    cash = A.CashTrophies(hero=hero.uid, attribute="strength")
    assert cash in SYSTEM.legal_actions(s, "p1"), "the Trophies make a full 7 (C2b)"
    for locale in LOCALES:
        label = describe_action(SYSTEM.view(s, "p1"), "p1", cash, locale)
        out = SYSTEM.apply(s, "p1", cash)
        gained = next(e.data["gained"] for e in out.events if e.kind.endswith("trophies_cashed"))
        assert label.endswith(f" {gained} {t(locale, 'talisman.attr.strength')}"), (label, gained)


@pytest.mark.parametrize("locale, one, many", [("en", "1 day travelled", "2 days travelled"),
                                               ("it", "1 giorno di viaggio", "2 giorni di viaggio")])
def test_counts_take_their_plural(locale, one, many):
    """Issue #26: "1 days travelled", "heals 2 life"."""
    s = party()
    for days, want in ((1, one), (2, many)):
        s.stats.days = days
        assert want in stats_line(SYSTEM.view(s, None), locale)
    shown = SYSTEM.view(s, None)
    hero = shown.data["order"][0]
    healed = describe_event(shown, Event(kind=EV + "healed", data={"hero": hero, "amount": 2, "total": 3, "why": "combat"}),
                            locale)
    assert t(locale, "talisman.does.life_up", n=2)[1:] in healed, healed
