"""What the Guardian Combat, Sentinel and Portal of Power prompts tell the player who must decide:
who guards the place and with what figures when known, what losing costs, and what is left to do
(English and Italian)."""
from __future__ import annotations

import pytest

from engine.darkest_talisman import actions as A
from engine.darkest_talisman.game import SYSTEM
from systems.darkest_talisman.describe import decision_text, option_label
from tests.talisman.helpers import choose, jump_to_destination, kind, options, party_of, rig, settle, solo
from tests.talisman.test_guardians import at_trove
from tests.talisman.test_tower import at_portal, talismans
from tests.talisman.test_tower import party as beyond


def party(*chars: str):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return settle(party_of(solo(1), *(chars or ("warrior", "troll", "wizard"))))


def at_sentinel(s):  # type: ignore[no-untyped-def]  # tests are not type-checked
    s = choose(rig(s, dice=[2], deck=["good_fortune", "festival"]), "depart:sentinel")
    return jump_to_destination(s)


def text(s, locale: str) -> str:  # type: ignore[no-untyped-def]  # tests are not type-checked
    return decision_text(SYSTEM.view(s, None), locale)


@pytest.mark.parametrize("locale, says", [
    ("en", ["Sentinel", "Strength 9", "loses a life", "must turn back"]),
    ("it", ["Sentinella", "Forza 9", "perde una vita", "deve tornare indietro"])])
def test_c5b_the_sentinel_prompt_names_its_strength_and_what_losing_means(locale, says):
    """C5b, C8c, C8e-h: the Sentinel is fought in Guardian Combat (no evading); a character whose
    Strength it beats loses a life and Strength; a beaten party turns back."""
    s = at_sentinel(party())
    assert kind(s) == "guardians" and "fight" in options(s)
    said = text(s, locale)
    for word in says:
        assert word in said, said


@pytest.mark.parametrize("locale, says, never", [
    ("en", "The Sentinel has beaten the party: it must turn back.", "Fight,"),
    ("it", "La Sentinella ha sconfitto il gruppo, che deve tornare indietro.", "Combattere")])
def test_c5b_beaten_by_the_sentinel_the_prompt_offers_no_fight(locale, says, never):
    """C5b: failure against the Sentinel forces the party to turn back, so the prompt does not
    ask "fight, or turn back?" when only turning back is left."""
    s = at_sentinel(party("minstrel", "monk", "wizard"))
    for h in s.party():
        h.strength, h.life = 1, 5  # no match for the Sentinel's 9, and nobody dies of it
    s = SYSTEM.apply(s, "p1", A.Choose(option="fight")).state
    while kind(s) in ("guardian_spell", "guardian_split"):
        s = choose(s, "pass" if kind(s) == "guardian_spell" else s.decision.options[0])
    assert kind(s) == "guardians" and "fight" not in options(s), options(s)
    said = text(s, locale)
    assert said == says and never not in said


@pytest.mark.parametrize("locale, says", [("en", ["not known yet", "two dice", "loses a life"]),
                                          ("it", ["non sono ancora noti", "due dadi", "perde una vita"])])
def test_c8d_a_troves_guardians_unknown_until_the_attack(locale, says):
    """C8d a-b: a trove's guardians are found by two dice of Adventure cards when the party
    attacks; the prompt says so instead of naming guardians nobody has seen."""
    s = at_trove(party())
    assert kind(s) == "guardians"
    said = text(s, locale)
    for word in says:
        assert word in said, said


@pytest.mark.parametrize("locale, says", [
    ("en", ["Talisman", "no higher than", "loses 1"]),
    ("it", ["Talismano", "non supera", "perde 1"])])
def test_c10f_the_portal_prompt_says_the_price_the_roll_and_the_failure(locale, says):
    """C10f: one Talisman is discarded, the dice must not exceed the party's Strength or Craft,
    and a failure costs every character a point of the attribute used; the buttons carry the
    party's total against the dice."""
    s = at_portal(talismans(beyond(), 1, 0, 0))
    assert kind(s) == "portal"
    said = text(s, locale)
    for word in says:
        assert word in said, said
    labels = [option_label(SYSTEM.view(s, None), o, locale) for o in options(s)]
    assert any("4" in label and ("dice" in label or "dadi" in label) for label in labels), labels
    assert not any(" al 0%" in label for label in labels), labels


@pytest.mark.parametrize("locale, says", [("en", "nobody in the party carries one"), ("it", "nessuno nel gruppo ne ha uno")])
def test_c10f_without_a_talisman_the_portal_prompt_says_why_only_turning_back_is_left(locale, says):
    """C10f: opening the Portal takes a Talisman; a party without one is told so."""
    s = at_portal(beyond())
    assert options(s) == ["turn_back"]
    assert says in text(s, locale)


@pytest.mark.parametrize("locale, says", [("en", "Still guarding the Crags: Dragon (Strength 7)."),
                                          ("it", "Ancora a guardia dei Dirupi: Drago (Forza 7).")])
def test_c8e_k_guardians_still_standing_are_named_with_their_figures(locale, says):
    """C8e-k: guardians not all beaten may be fought again at once or the party turns back; the
    prompt names who still stands and with what Strength or Craft."""
    from tests.talisman.test_guardians import stack_trove
    s = stack_trove(at_trove(party("minstrel", "monk", "wizard")), "amulet")
    s = rig(s, dice=[1, 2], deck=["dragon", "giant", "festival"])
    s = choose(s, "fight")
    while kind(s) in ("guardian_spell", "guardian_split"):  # the party's Strength kills the Giant (C8e-g)
        s = choose(s, "pass" if kind(s) == "guardian_spell" else next(o for o in s.decision.options if "dragon" not in o))
    assert kind(s) == "guardians" and "fight" in options(s)
    assert says in text(s, locale)


@pytest.mark.parametrize("locale, says", [
    ("en", ["stands on the Crypt", "Talisman", "4 dice", "Strength (", "give up Strength"]),
    ("it", ["è alla Cripta", "Talismano", "4 dadi", "totale di Forza del gruppo (", "cedere punti di Forza"])])
def test_c10h_the_crypt_prompt_says_what_a_try_takes_and_must_beat(locale, says):
    """C10h: at the Crypt a Talisman is discarded, 4d6 are rolled less the party's Strength, and
    Strength may be sacrificed for the rest; the prompt names the space with its article and the
    party's total the dice must be brought down by."""
    from tests.talisman.test_tower import tower_at
    s = tower_at(talismans(beyond(), 1, 0, 0), "crypt")
    assert kind(s) == "tower" and "attempt" in options(s)
    said = text(s, locale)
    for word in says:
        assert word in said, said
    label = option_label(SYSTEM.view(s, None), "advance", locale) if "advance" in options(s) else ""
    assert "Go on to Mines" not in label


@pytest.mark.parametrize("locale, says", [("en", "Go on to the Mines"), ("it", "Vai avanti verso le Miniere")])
def test_c10d_going_on_names_the_next_space_with_its_article(locale, says):
    """C10d: once a Tower space is passed the party may move ahead; the button names the next
    space as a sentence would."""
    from tests.talisman.test_tower import tower_at
    s = tower_at(talismans(beyond(), 1, 0, 0), "crypt")
    s.tower.cleared = True
    s = settle(s)
    assert "advance" in options(s)
    assert option_label(SYSTEM.view(s, None), "advance", locale).startswith(says)


@pytest.mark.parametrize("locale, says", [("en", ["Dice with Death", "costs every character a life"]),
                                          ("it", ["Dadi con la Morte", "ogni personaggio perde una vita"])])
def test_c10j_dice_with_death_prompt_says_what_losing_costs(locale, says):
    """C10j: two dice each for the party and Death; a lower score costs each character a life."""
    from tests.talisman.test_tower import tower_at
    s = tower_at(beyond(), "death")
    assert kind(s) == "tower" and "dice" in options(s)
    said = text(s, locale)
    for word in says:
        assert word in said, said


@pytest.mark.parametrize("locale, says", [("en", ["Talisman", "1-2 costs 1 life", "5-6 three", "Follower"]),
                                          ("it", ["Talismano", "con 1-2 si perde 1 vita", "con 5-6 tre", "Seguace"])])
def test_c10l_the_vampire_prompt_says_what_the_roll_costs(locale, says):
    """C10l: a d6 each (1-2 one life, 3-4 two, 5-6 three), a Talisman spares the roll, a Follower
    given up spares a life: the prompt says what rolling risks."""
    from tests.talisman.test_tower import tower_at
    s = tower_at(talismans(beyond(), 1, 0, 0), "vampire_tower")
    assert kind(s) == "vampire"
    said = text(s, locale)
    for word in says:
        assert word in said, said


@pytest.mark.parametrize("locale, says", [("it", " al **Troll**")])
def test_c8e_l_loot_buttons_name_the_taker_as_a_sentence_would(locale, says):
    """C8e-l: the party chooses who takes what from the trove; in Italian "a" merges with the
    character's article ("Spada Runica al Troll")."""
    from tests.talisman.test_guardians import stack_trove
    s = stack_trove(at_trove(party("troll", "warrior", "wizard"), gold_die=5), "runesword")
    s = rig(s, dice=[1, 2], deck=["wild_boar", "festival", "good_fortune"])
    s = choose(s, "fight")
    while kind(s) in ("guardian_spell", "guardian_split"):
        s = choose(s, "pass" if kind(s) == "guardian_spell" else s.decision.options[0])
    assert kind(s) == "loot"
    labels = [option_label(SYSTEM.view(s, None), o, locale) for o in options(s) if o.startswith("give:")]
    assert any(says in label for label in labels), labels
    assert not any(" a **" in label for label in labels), labels


@pytest.mark.parametrize("locale, says", [("it", "La Corona è presa dal **Troll** dopo")])
def test_c10_the_crown_taken_names_the_winner_as_a_sentence_would(locale, says):
    """C10a: the character who reaches the Tower's last space takes the Crown; Italian merges
    "da" with the character's article."""
    from engine.core.events import Event
    from systems.darkest_talisman.describe import describe_event
    s = beyond()
    troll = next(h.uid for h in s.heroes if h.card == "troll")
    event = Event(kind="talisman.ev.campaign_over", data={"result": "won", "why": "crown", "crowned": [troll],
                                                          "days": 40, "returns": 5})
    assert says in (describe_event(SYSTEM.view(s, None), event, locale) or "")


def test_c4a_turning_back_at_the_sentinel_reads_as_italian():
    """C4a / C5b: the party may turn back at the Sentinel; Italian merges "da" with the day's
    article ("dal giorno 6"), never "da giorno 6"."""
    from systems.darkest_talisman.describe import describe_event
    s = at_sentinel(party())
    out = SYSTEM.apply(s, "p1", A.Choose(option="turn_back"))
    lines = [describe_event(SYSTEM.view(out.state, None), e, "it") or "" for e in out.events]
    assert any("torna indietro dal giorno 6" in line for line in lines), lines
