"""Appendix "New Items" -> "Astral Stones" (Water Realm expansion) for the Treasures: "There are
some new Items and Treasures that can be integrated into an existing Weapon or other Item ...
All such Item-enhancing Items use the same rules." The Astral Mindstone is such a Treasure
(ruling astral_mindstone, data/prophecy/water_realm/island/rulings.yaml): set in civilization
for 1 Gold or with Blacksmithing instead of movement, one stone per Item, its power only once
set, the price the sum of the two; with Treasure Island alone or with the new cards too."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.prophecy.context import Ctx
from engine.prophecy.rules import pack_of
from engine.prophecy.standard import powers
from engine.prophecy.water_realm.cards.actions import Smith
from engine.prophecy.water_realm.island.content import island_content
from tests.prophecy_water.island_helpers import begin_turn, give, learn, quiet
from tests.prophecy_water.island_helpers import game as island_game
from tests.prophecy_water.wr_cards_helpers import act, events_of, legal

MIND = "astral_mindstone"


def _wills(state, pid: str = "p1") -> int:  # type: ignore[no-untyped-def]  # tests are not type-checked
    """Her Abilities', Artifacts' and Treasures' bonus in a Battle of Wills against a Creature."""
    return powers.battle_bonus(state, pid, "wills", "creature", ["animal"], attacking=False)


def _smithy(at: str = "village", gold: int = 5, **expansion):  # type: ignore[no-untyped-def]  # tests are not type-checked
    st = quiet(island_game(**expansion))
    begin_turn(st, "p1", at=at, phase="act")
    st.player("p1").gold = gold
    return st


@pytest.mark.parametrize("new_cards", [False, True])
def test_appendix_astral_stones__a_treasure_set_into_an_item_for_one_gold_in_civilization(new_cards: bool) -> None:
    """"Integrating an Astral Stone is just like repairing a weapon: you can do it in
    civilization for 1 Gold", with Treasure Island alone as with the new cards: the Mindstone
    and the helmet become one Item, the Gold is paid."""
    st = _smithy(new_cards=new_cards)
    helmet = give(st, "p1", "iron_helmet")
    stone = give(st, "p1", MIND)
    job = Smith(item=helmet, stone=stone)
    assert job in legal(st, "p1")
    st, events = act(st, "p1", job)
    p = st.player("p1")
    assert p.gold == 4
    assert [i.card for i in p.items] == [f"iron_helmet__stone_{MIND}"]
    assert p.item(helmet) is not None
    assert events_of(events, "wrc_stone_set")


def test_appendix_astral_stones__a_treasure_set_with_blacksmithing_instead_of_movement() -> None:
    """"...or you can give up your Movement to use the Blacksmithing Ability": free, on a
    wilderness space, without the new cards."""
    st = _smithy(at="forest_1", gold=0)
    learn(st, "p1", "blacksmithing")
    helmet = give(st, "p1", "iron_helmet")
    stone = give(st, "p1", MIND)
    assert not [a for a in legal(st, "p1") if a.type == "wrc_smith" and not a.blacksmithing]
    st, _ = act(st, "p1", Smith(item=helmet, stone=stone, blacksmithing=True))
    assert [i.card for i in st.player("p1").items] == [f"iron_helmet__stone_{MIND}"]
    assert st.player("p1").gold == 0 and st.standard.turn.instead == "blacksmithing"


def test_appendix_astral_stones__a_treasure_stone_only_into_the_kind_of_item_it_fits() -> None:
    """"An Astral Stone can only be integrated into an Item of the type specified on its card":
    the Mindstone goes into a hand Item or headwear (ruling astral_mindstone), not a sword."""
    st = _smithy()
    sword = give(st, "p1", "sword")
    stone = give(st, "p1", MIND)
    assert not [a for a in legal(st, "p1") if a.type == "wrc_smith"]
    with pytest.raises(RuleError):
        act(st, "p1", Smith(item=sword, stone=stone))


def test_appendix_astral_stones__a_treasure_not_into_an_item_that_already_has_a_stone() -> None:
    """"An Item can have at most one Astral Stone": a helmet holding the Moonstone takes no
    Mindstone, and a helmet holding the Mindstone takes no second one."""
    st = _smithy(new_cards=True, gold=5)
    helmet = give(st, "p1", "iron_helmet")
    moon = give(st, "p1", "astral_moonstone")
    st, _ = act(st, "p1", Smith(item=helmet, stone=moon))
    stone = give(st, "p1", MIND)
    begin_turn(st, "p1", at="village", phase="act")  # a new turn: the once-a-turn rule aside
    assert not [a for a in legal(st, "p1") if a.type == "wrc_smith"]
    with pytest.raises(RuleError):
        act(st, "p1", Smith(item=helmet, stone=stone))

    st = _smithy(gold=5)
    helmet = give(st, "p1", "iron_helmet")
    first, second = give(st, "p1", MIND), give(st, "p1", MIND)
    st, _ = act(st, "p1", Smith(item=helmet, stone=first))
    begin_turn(st, "p1", at="village", phase="act")
    with pytest.raises(RuleError):
        act(st, "p1", Smith(item=helmet, stone=second))
    assert st.player("p1").item(second) is not None and st.player("p1").gold == 4


def test_appendix_astral_stones__a_treasure_stone_works_only_once_set() -> None:
    """"None of its powers work until it is integrated into another Item": the Mindstone
    carried alone adds nothing to a Battle of Wills; set into the helmet it adds its +1."""
    st = _smithy()
    base = _wills(st)
    helmet = give(st, "p1", "iron_helmet")
    stone = give(st, "p1", MIND)
    assert _wills(st) == base, "carried alone, the Mindstone does nothing"
    st, _ = act(st, "p1", Smith(item=helmet, stone=stone))
    assert _wills(st) == base + 1
    st.player("p1").item(helmet).damaged = True
    assert _wills(st) == base, "a damaged Item's Treasure works no more (ruling treasure_powers)"


def test_appendix_astral_stones__a_treasure_set_in_an_item_sums_the_prices() -> None:
    """"The price of the Item is the sum of the Item's original price and the price of the
    Stone. The two are counted as a single Item": 15 Gold for the Mindstone (3 maps) plus the
    helmet's; sold or lost, both cards go back to their piles."""
    st = _smithy()
    helmet = give(st, "p1", "iron_helmet")
    stone = give(st, "p1", MIND)
    st, _ = act(st, "p1", Smith(item=helmet, stone=stone))
    pack = pack_of(st)
    together = pack.item(st.player("p1").item(helmet).card)
    assert together.cost == pack.item("iron_helmet").cost + island_content().price(MIND) == \
        pack.item("iron_helmet").cost + 15
    assert len(st.player("p1").items) == 1, "one Item for the Item limit"
    # discarded, the pair splits back into the two printed cards on their own piles
    item = st.player("p1").item(helmet)
    st.player("p1").items.remove(item)
    st.decks.rare.discard.append(item.card)
    ctx = Ctx(state=st, pack=pack)
    from engine.prophecy.water_realm.cards.common import split_variants

    split_variants(ctx)
    assert MIND in st.decks.rare.discard and item.card not in st.decks.rare.discard
    assert "iron_helmet" in getattr(st.decks, pack.item("iron_helmet").deck).discard


def test_appendix_astral_stones__a_treasure_that_is_no_stone_is_not_set() -> None:
    """Only the Treasures that are stones are set: the Holy Grail is an Item of its own."""
    st = _smithy()
    give(st, "p1", "iron_helmet")
    give(st, "p1", "holy_grail")
    assert not [a for a in legal(st, "p1") if a.type == "wrc_smith"]


def test_appendix_astral_stones__a_treasure_set_is_said_in_both_languages_without_the_new_cards() -> None:
    """The smith's button and narration read the same without the new cards (Treasure Island
    alone): they name the Treasure, the Item and the price, in English and Italian."""
    from systems.prophecy.describe import describe_action, narrate

    st = _smithy()
    helmet = give(st, "p1", "iron_helmet")
    stone = give(st, "p1", MIND)
    job = Smith(item=helmet, stone=stone)
    assert describe_action(st, "p1", job, "en") == "Set Astral Mindstone (1 Gold) into Iron Helmet"
    assert describe_action(st, "p1", job, "it") == "Incastona Pietra Mentale Astrale (1 Oro) in Elmo di Ferro"
    after, events = act(st, "p1", job)
    said = " ".join(narrate(after, events, "it"))
    assert "Elmo di Ferro + Pietra Mentale Astrale" in said


def test_appendix_astral_stones__the_ai_weighs_setting_a_treasure_without_the_new_cards() -> None:
    """The computer player scores the smith's job Treasure Island offers alone (not left as an
    action no part of it values) and still picks a legal action."""
    import random

    from engine.ai import std_cards
    from engine.ai.standard import StandardHeuristic
    from engine.ai.std_plan import StdPlan, std_res

    st = _smithy()
    give(st, "p1", "iron_helmet")
    give(st, "p1", MIND)
    acts = legal(st, "p1")
    jobs = [a for a in acts if a.type == "wrc_smith"]
    assert jobs
    ctx = Ctx(state=st, pack=pack_of(st))
    plan = StdPlan(st, ctx.pack, powers.spack(st), "p1")
    scored, rest = std_cards.score(ctx, plan, st.player("p1"), std_res(st, st.player("p1")), acts)
    assert [a for _v, a in scored] == jobs and not [a for a in rest if a.type == "wrc_smith"]
    assert StandardHeuristic()(st, "p1", random.Random(1)) in acts


def test_appendix_astral_stones__a_treasure_set_still_shows_on_her_sheet() -> None:
    """/me lists the Item holding the Mindstone among her Treasures, named for both cards; a
    plain Item stays off that list."""
    from systems.prophecy.water_realm.describe_island import sheet_fields

    st = _smithy()
    helmet = give(st, "p1", "iron_helmet")
    give(st, "p1", "sword")
    st, _ = act(st, "p1", Smith(item=helmet, stone=give(st, "p1", MIND)))
    titles = [name for name, _text in sheet_fields(st, st.player("p1"), "en")]
    assert len(titles) == 1 and "Iron Helmet + Astral Mindstone" in titles[0], titles
