"""What a prompt says to a player who comes back after hours: each decision carries what it is
about (what an offer buys, what lies on the road to pick up), in English and Italian."""
from __future__ import annotations

import pytest

from engine.core.events import Event
from engine.core.system import Seat
from engine.darkest_talisman import actions as A
from engine.darkest_talisman.actions import Choose
from engine.darkest_talisman.ctx import EV
from engine.darkest_talisman.game import SYSTEM
from systems.darkest_talisman.describe import decision_text, describe_event, option_label
from tests.talisman.helpers import act, choose, clear_spells, day, give, hero_by, kind, options, pack, party_of, rig, settle, solo


def party(seed: int = 1, *chars: str):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return settle(party_of(solo(seed), *(chars or ("warrior", "troll", "wizard"))))


def meet(card: str):  # type: ignore[no-untyped-def]  # tests are not type-checked
    """A party that sets out for the City and turns over `card` first (two cards on day 1)."""
    return choose(rig(party(), dice=[2], deck=[card, "good_fortune"]), "depart:city")


def prompt(s, locale: str) -> tuple[str, list[str]]:  # type: ignore[no-untyped-def]  # tests are not type-checked
    shown = SYSTEM.view(s, None)
    return decision_text(shown, locale), [option_label(shown, o, locale) for o in options(s)]


@pytest.mark.parametrize("locale, says", [("en", ["1 Spell", "1 Gold", "Sorcerer"]),
                                          ("it", ["1 Incantesimo", "1 Oro", "Stregone"])])
def test_an_offer_says_what_it_buys(locale, says):
    """core-cards 2.3 Strangers: the Sorcerer sells a Spell for 1 Gold; the prompt names what is
    bought and the price, not just "a deal"."""
    s = party()
    wiz = hero_by(s, "wizard")
    clear_spells(s, wiz.uid)  # room for a Spell (a full hand is not offered one)
    s = choose(rig(settle(s), dice=[2], deck=["sorcerer", "good_fortune"]), "depart:city")
    assert kind(s) == "offer" and s.decision.hero == wiz.uid
    text, labels = prompt(s, locale)
    for word in says:
        assert word in text, text
    assert "deal" not in text and "patto" not in text
    assert any("1" in label for label in labels)


@pytest.mark.parametrize("locale", ["en", "it"])
def test_a_free_offer_says_no_zero_gold(locale):
    """C4c: the Magic Portal lets the party teleport anywhere in its region at no cost; the prompt
    and the button say what it does and never speak of paying 0 Gold."""
    s = meet("magic_portal")
    assert kind(s) == "offer"
    text, labels = prompt(s, locale)
    assert "0 Gold" not in text and "0 Oro" not in text, text
    assert ("whole party" in text) if locale == "en" else ("tutto il gruppo" in text), text
    assert not any("0 Gold" in label or "0 Oro" in label for label in labels), labels
    out = SYSTEM.apply(s, SYSTEM.pending(s).player, Choose(option="accept"))
    shown = SYSTEM.view(out.state, None)
    lines = [describe_event(shown, e, locale) or "" for e in out.events]
    assert any("Magic Portal" in line or "Portale Magico" in line for line in lines), lines
    assert not any("0 Gold" in line or "0 Oro" in line for line in lines), lines


@pytest.mark.parametrize("locale, gold", [("en", "2 Gold"), ("it", "2 Oro")])
def test_gold_on_the_road_is_shown_with_its_amount_and_only_what_may_be_taken(locale, gold):
    """C4b-a/d/e: dropped Gold lies on the road as an amount and is picked up as one; what was
    dropped on this very visit lies there but may not be taken, so the prompt does not list it."""
    s = party()
    w = hero_by(s, "warrior")
    sword = give(s, w.uid, "sword")
    s = choose(rig(settle(s), dice=[2], deck=["good_fortune", "festival"]), "depart:city")
    s.hero(w.uid).gold = 2
    s = act(s, A.Drop(hero=w.uid, thing=sword))
    s = act(s, A.Drop(hero=w.uid, gold=2))
    s = choose(s, "continue")
    s = day(s)  # to the Plains
    s = choose(s, "turn_back")  # home via the Fields, where the sword and the Gold lie
    assert kind(s) == "pickup"
    text, labels = prompt(s, locale)
    assert gold in text, text
    assert any(gold in label for label in labels), labels
    # the sword counts as dropped on this visit again: still there, not offered, not listed
    s.trip.spots[0].dropped[0].encountered = True
    s = settle(s)
    text, labels = prompt(s, locale)
    sword_name = pack().name_of("sword", locale)
    assert sword_name not in text and gold in text, text


def narration(out, locale: str) -> list[str]:  # type: ignore[no-untyped-def]  # tests are not type-checked
    shown = SYSTEM.view(out.state, None)
    return [describe_event(shown, e, locale) or "" for e in out.events]


@pytest.mark.parametrize("locale, wanted, unwanted", [("en", "carried off to the Chapel", "to Chapel"),
                                                      ("it", "trasportato alla Cappella", "trasportato a Cappella")])
def test_a_teleport_names_its_place_with_the_article(locale, wanted, unwanted):
    """C4f: the Imp carries the party to the Chapel; the line names it as a person would."""
    s = rig(party(), dice=[2, 1], deck=["imp", "good_fortune"])  # the Imp's d6: 1, the Chapel
    out = SYSTEM.apply(s, "p1", Choose(option="depart:city"))
    text = "\n".join(narration(out, locale))
    assert wanted in text and unwanted not in text, text


@pytest.mark.parametrize("locale, one, two", [("en", "loses 1 life", "loses 2 lives"),
                                              ("it", "perde 1 vita", "perde 2 vite")])
def test_lives_lost_take_the_number(locale, one, two):
    """Lives are counted: one "life" / "vita", two "lives" / "vite" (issue #26: "heals 2 life")."""
    shown = SYSTEM.view(party(), None)
    hero = shown.data["order"][0]
    lines = [describe_event(shown, Event(kind=EV + "life_lost", data={"hero": hero, "amount": k, "total": 1,
                                                                             "why": "combat"}), locale) for k in (1, 2)]
    assert one in lines[0] and two in lines[1], lines


@pytest.mark.parametrize("locale, joined", [("en", "Ada and Bea"), ("it", "Ada e Bea")])
def test_a_coop_campaign_names_its_seats_as_a_list(locale, joined):
    """A3: a co-op campaign opens with its people named as a person lists them."""
    out = SYSTEM.new_game([Seat(player="p1", name="Ada"), Seat(player="p2", name="Bea")], {}, 3)
    text = "\n".join(narration(out, locale))
    assert joined in text, text


@pytest.mark.parametrize("locale, words", [("en", ["is losing to", "7 against 11", "2 left"]),
                                           ("it", ["sta perdendo", "7 a 11", "Fato rimasto: 2"])])
def test_a_fate_reroll_shows_the_scores_and_the_fate_left(locale, words):
    """Facts 6.5 (ruling fate_reroll): a lost attack may be rolled again for one Fate; the prompt
    says how the fight stands and how much Fate is left, so the player can weigh it."""
    from tests.talisman import test_combat as C  # noqa: PLC0415  (its rigged fights)
    s = C.party()
    troll = s.order[0]
    s.hero(troll).fate = 2
    s = C.meet(C.bare(s, troll), "giant")
    s = rig(s, dice=[1, 5, 4])  # Strength 6 + 1 = 7 against 6 + 5 = 11
    s, _ = C.fight(s)
    assert kind(s) == "fate"
    text, _labels = prompt(s, locale)
    for word in words:
        assert word in text, text


@pytest.mark.parametrize("locale, wanted", [("en", "found on day 1 (the Fields): the Graveyard"),
                                            ("it", "nel giorno 1 (Campi): il Cimitero")])
def test_a_special_location_is_named_once_with_the_day_it_lies_on(locale, wanted):
    """C4a-c, d: a 1 on the day's dice reveals a special location on that road space; the line
    names the day by its terrain and the location once, not "day 1 (the Graveyard): Graveyard"."""
    s = rig(party(), dice=[1, 2])  # one die, a 1: a special location; the d6 for it, 2: the Graveyard
    out = SYSTEM.apply(s, "p1", Choose(option="depart:city"))
    line = next(text for e, text in zip(out.events, narration(out, locale), strict=False) if e.kind == EV + "special_location")
    assert wanted in line, line


@pytest.mark.parametrize("locale, words", [("en", ["Market", "Shield 2 Gold", "Raft 3 Gold", "Character actions"]),
                                           ("it", ["Mercato", "Scudo 2 Oro", "Zattera 3 Oro", "Azioni dei personaggi"])])
def test_a_service_prompt_lists_what_is_on_offer_and_its_prices(locale, words):
    """core-cards 2.7: the Market sells its own wares at its own prices (a Shield for 2, not the
    Blacksmith's 3); the prompt lists them with their prices and says where to buy, instead of
    only asking "done?"."""
    s = party()
    for h in s.heroes:
        h.gold = 5
    s = choose(rig(s, dice=[2], deck=["market", "good_fortune"]), "depart:city")
    assert kind(s) == "service"
    text, _labels = prompt(s, locale)
    for word in words:
        assert word in text, text


@pytest.mark.parametrize("locale, words", [("en", ["the Doctor", "the Alchemist", "1 Gold a point"]),
                                           ("it", ["il Dottore", "l'Alchimista", "1 Oro a punto"])])
def test_an_aid_destination_says_what_it_offers(locale, words):
    """B3c, C3a-f: at an Aid destination the party uses what it offers before going home; the
    prompt names those services and their prices (the City: Doctor, Alchemist, Enchantress)."""
    from tests.talisman.helpers import jump_to_destination  # noqa: PLC0415
    s = choose(rig(party(), dice=[2], deck=["festival", "good_fortune"]), "depart:city")
    s = jump_to_destination(s)
    assert kind(s) == "destination"
    text, _labels = prompt(s, locale)
    for word in words:
        assert word in text, text


def test_italian_buttons_name_the_day_with_its_article():
    """C4a-j: pushing on to the next road space; the Italian button says "verso il giorno 2"."""
    s = choose(rig(party(), dice=[2], deck=["festival", "good_fortune"]), "depart:city")
    while kind(s) == "after_card":
        s = choose(s, "continue")
    assert kind(s) == "stand"
    _text, labels = prompt(s, "it")
    assert "Prosegui verso il giorno 2 (Pianure)" in labels, labels


@pytest.mark.parametrize("locale, says", [("en", "**Warrior** faces the Spectre"),
                                          ("it", "Il **Guerriero** affronta lo Spettro")])
def test_meeting_a_foe_names_both_with_their_articles(locale, says):
    """C6f/C7: the leader meets the Enemy first; Italian names the character and the foe with the
    articles they take ("lo Spettro", never "affronta Spettro")."""
    s = meet("spectre")
    assert kind(s) == "enemy"
    text, _labels = prompt(s, locale)
    assert says in text, text


@pytest.mark.parametrize("locale, says, never", [
    ("en", ["**Warrior** fights the Dragon", "**Warrior** keeps the Dragon as a trophy"], []),
    ("it", ["Il **Guerriero** combatte contro il Drago", "Il **Guerriero** tiene il Drago come trofeo"],
     ["contro Drago", "trofeo: "])])
def test_a_fight_is_narrated_with_articles(locale, says, never):
    """C7: the narration of a normal combat names the foe as a sentence would, in Italian with
    its article."""
    s = rig(party(), dice=[2, 6, 1, 1], deck=["dragon", "good_fortune"])  # 4 + 6 + 1 against 7 + 1
    met = SYSTEM.apply(s, SYSTEM.pending(s).player, Choose(option="depart:city"))
    out = SYSTEM.apply(met.state, SYSTEM.pending(met.state).player, Choose(option="fight"))
    lines = [describe_event(SYSTEM.view(out.state, None), e, locale) or "" for e in met.events + out.events]
    text = "\n".join(lines)
    for phrase in says:
        assert phrase in text, text
    for phrase in never:
        assert phrase not in text, text


@pytest.mark.parametrize("locale, says", [("en", "**Warrior** is offered"), ("it", "Il **Guerriero** riceve un'offerta")])
def test_an_offer_to_a_character_names_him_with_his_article(locale, says):
    """C6f: a Place is met by each character in turn; the offer names the character as a
    sentence would ("Il Guerriero riceve...", never "A Guerriero viene offerto")."""
    s = meet("magic_portal")
    text, _labels = prompt(s, locale)
    assert says in text, text
