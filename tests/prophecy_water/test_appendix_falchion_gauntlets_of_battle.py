"""Appendix "Common and Rare Items" -> "Falchion, Gauntlets of Battle" (Water Realm expansion),
with the rulings smithing and one_pair_of_gauntlets."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.actions import EndTurn
from engine.prophecy.context import Ctx
from engine.prophecy.equipment import candidate_loadouts
from engine.prophecy.game import SYSTEM
from engine.prophecy.rules import pack_of
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.water_realm.cards.actions import Smith
from tests.prophecy_water.wr_cards_helpers import act, begin_turn, cards_game, events_of, give, learn, legal, put, quiet


def _at(space: str = "village", gold: int = 5):
    st = quiet(cards_game())
    begin_turn(st, "p1", at=space, phase="act")
    st.player("p1").gold = gold
    return st


def test_appendix_falchion_gauntlets__begin_with_no_bonus() -> None:
    """"These Items begin with no combat bonus": an unadjusted Falchion is no loadout at all."""
    st = _at()
    give(st, "p1", "falchion")
    ctx = Ctx(state=st, pack=pack_of(st))
    assert all(f.weapon is None for f in candidate_loadouts(ctx.pack, st.player("p1"), "strength"))


def test_appendix_falchion_gauntlets__adjusted_like_a_repair_to_the_chosen_bonus() -> None:
    """"To get the bonus ... you must have the Item adjusted. This is done the same way Items
    are repaired": 1 Gold in civilization; the setting chosen gives its bonus."""
    st = _at()
    falchion = give(st, "p1", "falchion")
    settings = {a.setting for a in legal(st, "p1") if a.type == "wrc_smith" and a.item == falchion}
    assert settings == {"strength", "animal", "humanoid", "undead", "demon", "magical"}
    st, events = act(st, "p1", Smith(item=falchion, setting="undead"))
    p = st.player("p1")
    assert p.gold == 4 and p.item(falchion).card == "falchion__set_undead"
    card = pack_of(st).item("falchion__set_undead")
    assert card.bonus_vs == {"undead": 3} and card.strength == 0
    assert events_of(events, "wrc_adjusted")[0].data["setting"] == "undead"


def test_appendix_falchion_gauntlets__adjusted_again_to_change_the_bonus() -> None:
    """"...(or to change the nature of the bonus later)": a set Falchion may be set anew, but
    not to the setting it has."""
    st = _at()
    falchion = give(st, "p1", "falchion")
    st.player("p1").items[0].card = "falchion__set_undead"
    settings = {a.setting for a in legal(st, "p1") if a.type == "wrc_smith" and a.item == falchion}
    assert "undead" not in settings and "strength" in settings
    st, _ = act(st, "p1", Smith(item=falchion, setting="strength"))
    assert st.player("p1").item(falchion).card == "falchion__set_strength"


def test_appendix_falchion_gauntlets__setting_keeps_the_stone() -> None:
    """A stone set in a Falchion stays when the Falchion is adjusted again (for good)."""
    st = _at()
    falchion = give(st, "p1", "falchion")
    st.player("p1").items[0].card = "falchion__set_undead__stone_astral_lawstone"
    st, _ = act(st, "p1", Smith(item=falchion, setting="demon"))
    assert st.player("p1").item(falchion).card == "falchion__set_demon__stone_astral_lawstone"


def test_appendix_falchion_gauntlets__no_gold_no_job() -> None:
    st = _at(gold=0)
    falchion = give(st, "p1", "falchion")
    with pytest.raises(RuleError):
        act(st, "p1", Smith(item=falchion, setting="strength"))


def test_appendix_falchion_gauntlets__gauntlets_worn_not_held() -> None:
    """"The Gauntlets are worn on the hands, not carried ... so it is possible to hold one or
    two Items while using the gauntlets": a two-handed weapon and the set Gauntlets together."""
    st = _at()
    give(st, "p1", "greatsword")
    give(st, "p1", "gauntlets_of_battle")
    st.player("p1").items[1].card = "gauntlets_of_battle__set_strength"
    ctx = Ctx(state=st, pack=pack_of(st))
    loadouts = candidate_loadouts(ctx.pack, st.player("p1"), "strength")
    assert any(f.weapon and f.body for f in loadouts)


def test_appendix_falchion_gauntlets__not_two_pairs_of_gauntlets() -> None:
    """"It is not possible to wear two pairs of Gauntlets (e.g. ... the Gauntlets of Battle
    with the Gauntlets of Strength from the base set)": only the better pair counts
    (ruling one_pair_of_gauntlets)."""
    st = _at(space="forest_1")
    uid = put(st, "forest_1", "wolf_pack")
    give(st, "p1", "gauntlets_of_strength")
    give(st, "p1", "gauntlets_of_battle")
    st.player("p1").items[1].card = "gauntlets_of_battle__set_strength"
    st.turn.phase = "fight"
    st.turn.fight = uid
    fights = [a for a in legal(st, "p1") if a.type == "fight" and a.battle == "strength"]
    both = next(a for a in fights if len(a.body) == 2)
    _, events = act(st, "p1", both)
    figure = events_of(events, "battle_started")[0].data["player_figure"]
    assert figure == st.player("p1").red.right + 2, "the +2 pair alone, not +2 and +1"


def test_appendix_falchion_gauntlets__bonuses_add_to_others() -> None:
    """"These bonuses are cumulative with bonuses from other Abilities and Items": a set
    Falchion with a shield counts both."""
    st = _at(space="forest_1")
    uid = put(st, "forest_1", "wolf_pack")
    falchion = give(st, "p1", "falchion")
    give(st, "p1", "wooden_shield")
    st.player("p1").items[0].card = "falchion__set_animal"
    st.turn.phase = "fight"
    st.turn.fight = uid
    full = next(a for a in legal(st, "p1") if a.type == "fight" and a.weapon == falchion and a.hand)
    _, events = act(st, "p1", full)
    assert events_of(events, "battle_started")[0].data["player_figure"] == st.player("p1").red.right + 3 + 1


def test_appendix_ball_and_chain_whipsword__bonus_against_several_lives() -> None:
    """Appendix "Ball-and-Chain, Whipsword": their bonus counts against a Creature with several
    lives (the Rat Swarm wins three rolls), not against one with a single life."""
    st = _at()
    ctx = Ctx(state=st, pack=pack_of(st))
    part = next(x for x in sbattle.parts.active_parts(st) if x.id == "cards")
    p = st.player("p1")
    for card in ("ball_and_chain", "whipsword"):
        held = [ctx.pack.item(card)]
        swarm = sbattle.creature_foe(ctx.pack.adventure("rat_swarm"))
        wolves = sbattle.creature_foe(ctx.pack.adventure("wolf_pack"))
        assert swarm.lives == 3
        assert part.foe_bonus(ctx, p, "strength", swarm, held) == 2
        assert part.foe_bonus(ctx, p, "strength", wolves, held) == 0


def test_appendix_ball_and_chain_whipsword__characters_are_not_multi_life() -> None:
    """"Characters are not considered to be Creatures with multiple lives"."""
    st = _at()
    ctx = Ctx(state=st, pack=pack_of(st))
    part = next(x for x in sbattle.parts.active_parts(st) if x.id == "cards")
    foe = sbattle.character_foe(ctx, st.player("p2"))
    assert foe.lives == 1
    assert part.foe_bonus(ctx, st.player("p1"), "strength", foe, [ctx.pack.item("whipsword")]) == 0


def test_appendix_radiant_spear__one_per_type_of_the_opponent() -> None:
    """Appendix "Radiant Spear": +1 per type of the opponent: a wolf (animal) +1, the Soul
    Collector (demon, undead) +2, a character (humanoid) +1 at least."""
    st = _at()
    ctx = Ctx(state=st, pack=pack_of(st))
    spear = ctx.pack.item("radiant_spear")
    from engine.prophecy.equipment import battle_bonus

    for foe, bonus in ((sbattle.creature_foe(ctx.pack.adventure("wolf_pack")), 1),
                       (sbattle.creature_foe(ctx.pack.adventure("soul_collector")), 2),
                       (sbattle.character_foe(ctx, st.player("p2")), 1)):
        assert battle_bonus([spear], foe, "strength", None) == bonus  # type: ignore[arg-type]  # a deliberately loose value from the test
        assert battle_bonus([spear], foe, "wills", None) == bonus  # type: ignore[arg-type]  # a deliberately loose value from the test


# ------------------------------------------------------------------ ruling smith_once_a_turn


def _jobs_on(st, uid: str) -> list[Smith]:  # type: ignore[no-untyped-def]  # tests are not type-checked
    return [a for a in legal(st, "p1") if a.type == "wrc_smith" and a.item == uid]


def test_ruling_smith_once_a_turn__blacksmithing_adjusts_each_item_once() -> None:
    """Ruling smith_once_a_turn: with Blacksmithing every job of the turn is free, but a smith
    works on each Item once a turn. Without the ruling the same Falchion could be re-adjusted
    without end (Strength, Willpower, Strength...) and the turn never ended."""
    st = _at(space="forest_1", gold=0)
    learn(st, "p1", "blacksmithing")
    falchion = give(st, "p1", "falchion")
    gauntlets = give(st, "p1", "gauntlets_of_battle")
    st, _ = act(st, "p1", Smith(item=falchion, setting="strength", blacksmithing=True))
    assert _jobs_on(st, falchion) == [], "no second job on the Falchion is offered this turn"
    with pytest.raises(RuleError) as refused:
        act(st, "p1", Smith(item=falchion, setting="undead", blacksmithing=True))
    assert refused.value.key == "error.wrc_smith_once" and refused.value.params == {"card": "falchion"}
    assert st.player("p1").item(falchion).card == "falchion__set_strength"
    assert _jobs_on(st, gauntlets), "another Item may still be adjusted for free this turn"
    st, _ = act(st, "p1", Smith(item=gauntlets, setting="both", blacksmithing=True))
    assert not [a for a in legal(st, "p1") if a.type == "wrc_smith"], "nothing left to do at the smith"


def test_ruling_smith_once_a_turn__paid_jobs_too_and_a_stone_counts() -> None:
    """Paid or free, a job is a job: a Falchion that got a stone this turn is not adjusted in the
    same turn (ruling smith_once_a_turn)."""
    st = _at(gold=5)
    falchion = give(st, "p1", "falchion")
    stone = give(st, "p1", "astral_lawstone")
    st, _ = act(st, "p1", Smith(item=falchion, stone=stone))
    assert _jobs_on(st, falchion) == []
    with pytest.raises(RuleError) as refused:
        act(st, "p1", Smith(item=falchion, setting="strength"))
    assert refused.value.key == "error.wrc_smith_once"
    assert st.player("p1").gold == 4


def test_ruling_smith_once_a_turn__an_alike_item_is_its_own_item() -> None:
    """Two Falchions: adjusting one leaves the other open, and the adjusted one cannot be named
    in place of its twin."""
    st = _at(gold=5)
    first = give(st, "p1", "falchion")
    second = give(st, "p1", "falchion")
    st, _ = act(st, "p1", Smith(item=first, setting="strength"))
    assert _jobs_on(st, second) and not _jobs_on(st, first)
    with pytest.raises(RuleError):
        act(st, "p1", Smith(item=first, setting="undead"))
    st, _ = act(st, "p1", Smith(item=second, setting="undead"))
    assert sorted(i.card for i in st.player("p1").items) == ["falchion__set_strength", "falchion__set_undead"]


def test_ruling_smith_once_a_turn__the_next_turn_opens_the_smith_again() -> None:
    """The limit is for one turn: the record is cleared when the next turn begins, and a turn
    with no smith's work dumps as it did before the ruling (replays compare the JSON)."""
    st = _at(gold=5)
    falchion = give(st, "p1", "falchion")
    st, _ = act(st, "p1", Smith(item=falchion, setting="strength"))
    assert st.standard.turn.smithed == [falchion]
    assert '"smithed"' in SYSTEM.dump_state(st)
    st, _ = act(st, "p1", EndTurn())
    assert st.turn is not None and st.turn.player == "p2"
    assert st.standard.turn.smithed == []
    assert '"smithed"' not in SYSTEM.dump_state(st)


def test_ruling_smith_once_a_turn__the_refusal_names_the_item_in_each_language() -> None:
    """The refusal is one line in the reader's language, naming the new Item by its card name."""
    from gm.i18n import t
    from systems.prophecy.embeds import error_words

    assert error_words("card", "falchion", "it") == "Falcione"
    assert error_words("card", "gauntlets_of_battle", "en") == "Gauntlets of Battle"
    for locale, name in (("en", "Falchion"), ("it", "Falcione")):
        line = t(locale, "error.wrc_smith_once", card=error_words("card", "falchion", locale))
        assert name in line and "\n" not in line and "{" not in line
