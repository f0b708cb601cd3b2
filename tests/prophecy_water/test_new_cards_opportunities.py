""""New Adventures" -> "Standard Game Opportunities": Unlicensed Alchemist, Path of the Dead; and
Gifts of the Gods and Returned, named in "Cooperative and Solo Game" (Water Realm expansion),
with the rulings alchemist_copy, path_of_the_dead, gifts_of_the_gods and returned_private."""
from __future__ import annotations

from engine.prophecy.context import Ctx
from engine.prophecy.game import SYSTEM
from engine.prophecy.rules import pack_of
from engine.prophecy.standard import duel, parts
from engine.prophecy.standard.state import HIDDEN
from engine.prophecy.view import view
from engine.prophecy.water_realm.cards.adventures import PATH_BOARD
from tests.prophecy_water.wr_cards_helpers import (
    act,
    begin_turn,
    cards,
    cards_game,
    events_of,
    give,
    legal,
    load,
    put,
    quiet,
    types_of,
)


def _at(card: str, players: int = 3, space: str = "forest_1"):
    st = quiet(cards_game(players))
    begin_turn(st, "p1", at=space, phase="act")
    uid = put(st, space, card)
    return st, uid


# ------------------------------------------------------------------------- Unlicensed Alchemist


def test_new_cards_unlicensed_alchemist__duplicates_an_item_for_its_price() -> None:
    """Paying the card's price, she gets a copy of one of her Items; the card goes with it."""
    st, uid = _at("unlicensed_alchemist")
    st.player("p1").gold = 5
    sword = give(st, "p1", "sword")
    give(st, "p1", "dagger")
    st, _ = act(st, "p1", {"type": "use_opportunity", "card": uid})
    assert st.player("p1").gold == 2
    assert SYSTEM.pending(st).kind == "wrc_alchemy"
    st, events = act(st, "p1", {"type": "wrc_choice", "option": sword})
    copies = [i for i in st.player("p1").items if i.card == "sword__copy"]
    assert len(copies) == 1 and pack_of(st).item("sword__copy").strength == 2
    assert "unlicensed_alchemist" not in st.decks.adventure.discard, "the card stands for the copy"
    assert events_of(events, "wrc_duplicated")


def test_new_cards_unlicensed_alchemist__a_thief_takes_the_card_with_the_copy() -> None:
    """"Anyone stealing a duplicated Item gets the Unlicensed Alchemist card and has to remember
    what Item it represents": the copy moves as an Item, and works for its new owner."""
    st, _uid = _at("unlicensed_alchemist")
    copy = give(st, "p2", "sword__copy")
    ctx = Ctx(state=st, pack=pack_of(st))
    duel.take_item(ctx, st.player("p1"), st.player("p2"), copy)
    assert st.player("p1").item(copy).card == "sword__copy"


def test_new_cards_unlicensed_alchemist__a_lost_copy_discards_the_alchemist() -> None:
    """Sold, the copy brings half the duplicated Item's price, and the Alchemist card (not a
    Sword) goes to the Adventure discards (ruling alchemist_copy)."""
    st = quiet(cards_game())
    begin_turn(st, "p1", at="city", phase="act")
    copy = give(st, "p1", "sword__copy")
    st, events = act(st, "p1", {"type": "sell", "item": copy})
    assert events_of(events, "item_sold")[0].data["gold"] == 3
    st, _ = act(st, "p1", {"type": "end_turn"})
    assert "unlicensed_alchemist" in st.decks.adventure.discard
    assert "sword" not in st.decks.common.discard and "sword__copy" not in st.decks.common.discard


def test_new_cards_unlicensed_alchemist__not_without_gold_or_items() -> None:
    """An Opportunity that would do nothing cannot be used."""
    st, uid = _at("unlicensed_alchemist")
    st.player("p1").gold = 5
    assert not [a for a in legal(st, "p1") if a.type == "use_opportunity"]
    give(st, "p1", "dagger")
    st.player("p1").gold = 2
    assert not [a for a in legal(st, "p1") if a.type == "use_opportunity"]


# --------------------------------------------------------------------------- Path of the Dead


def test_new_cards_path_of_the_dead__off_the_board_until_her_next_turn() -> None:
    """"While your character is off the game board, it is as though she were out of the game":
    her turn ends, nobody may attack her (ruling path_of_the_dead)."""
    st, uid = _at("path_of_the_dead", players=2)
    space = st.player("p1").space
    st, events = act(st, "p1", {"type": "use_opportunity", "card": uid})
    p1 = st.player("p1")
    assert p1.board == PATH_BOARD and cards(st).away == {"p1": space}
    assert st.turn.player == "p2"
    assert events_of(events, "wrc_path_walked")
    st.player("p2").space = space
    ctx = Ctx(state=st, pack=pack_of(st))
    assert duel.targets(ctx, st.player("p2")) == []
    part = next(x for x in parts.active_parts(st) if x.id == "cards")
    assert part.away(st, "p1")


def test_new_cards_path_of_the_dead__back_healed_and_undead() -> None:
    """"...she comes back next turn, as alive as ever, but a little bit ... different": on the
    same space, every Health and Magic back, with the undead type."""
    st, uid = _at("path_of_the_dead", players=2)
    p1 = st.player("p1")
    p1.red.left, p1.red.right = 2, p1.red.right - 2
    space = p1.space
    st, _ = act(st, "p1", {"type": "use_opportunity", "card": uid})
    assert st.turn.player == "p2"
    begin_turn(st, "p2", phase="act")
    st, events = act(st, "p2", {"type": "end_turn"})
    p1 = st.player("p1")
    assert p1.board == "main" and p1.space == space and p1.red.left == 0 and p1.blue.left == 0
    assert "undead" in types_of(st, "p1")
    assert events_of(events, "wrc_path_returned")


def test_new_cards_path_of_the_dead__not_counted_for_gifts() -> None:
    """"She is not counted when figuring cards such as ..." : the Gifts of the Gods skip her."""
    st, uid = _at("gifts_of_the_gods", players=3)
    cards(st).away["p3"] = 0
    st.player("p3").board = PATH_BOARD
    load(st, 2)
    st, _ = act(st, "p1", {"type": "use_opportunity", "card": uid})
    assert st.player("p3").items == []
    assert len(st.player("p1").items) == 1 and len(st.player("p2").items) == 1


# --------------------------------------------------------------------------- Gifts of the Gods


def test_new_cards_gifts_of_the_gods__everyone_draws_then_all_keep() -> None:
    """"Roll and draw Items as described on the card ... deciding whether all players keep or
    discard their Items": 1-3 a Common Item each; the visitor decides for all."""
    st, uid = _at("gifts_of_the_gods")
    load(st, 2)
    st, events = act(st, "p1", {"type": "use_opportunity", "card": uid})
    drawn = events_of(events, "item_gained")
    assert [e.player for e in drawn] == ["p1", "p2", "p3"] and {e.data["deck"] for e in drawn} == {"common"}
    assert SYSTEM.pending(st).kind == "wrc_gifts" and SYSTEM.pending(st).player == "p1"
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "keep"})
    assert all(len(st.player(p).items) == 1 for p in ("p1", "p2", "p3"))


def test_new_cards_gifts_of_the_gods__or_all_discard() -> None:
    st, uid = _at("gifts_of_the_gods")
    load(st, 5)
    st, events = act(st, "p1", {"type": "use_opportunity", "card": uid})
    assert {e.data["deck"] for e in events_of(events, "item_gained")} == {"rare"}
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "discard"})
    assert all(not st.player(p).items for p in ("p1", "p2", "p3"))
    assert len(st.decks.rare.discard) == 3


# ---------------------------------------------------------------------------------- Returned


def test_new_cards_returned__looks_privately_and_puts_them_back() -> None:
    """"If you decide to look at the cards, you do not reveal them publicly — you are the only
    one allowed to see them. Then you return them face down" (ruling returned_private: even when
    the table plays Prophetic Dreams in public)."""
    st = quiet(cards_game(3, prophetic_dream="public"))
    begin_turn(st, "p1", at="forest_1", phase="act")
    uid = put(st, "forest_1", "returned")
    st, _ = act(st, "p1", {"type": "use_opportunity", "card": uid})
    pend = SYSTEM.pending(st)
    assert pend.kind == "wrc_returned" and "stop" in pend.data["options"]
    plane = st.standard.planes[0]
    st, events = act(st, "p1", {"type": "wrc_choice", "option": f"{plane.id}:lesser"})
    seen = events_of(events, "plane_card_seen")
    assert seen and "card" not in seen[0].data
    assert view(st, "p1").standard.planes[0].lesser == plane.lesser
    assert view(st, "p2").standard.planes[0].lesser == HIDDEN
    assert view(st, None).standard.planes[0].lesser == HIDDEN
    assert SYSTEM.pending(st).kind == "wrc_returned", "a second look"
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": f"{plane.id}:greater"})
    assert not cards(st).questions, "two looks, then the card is done"


def test_new_cards_returned__stop_early() -> None:
    st, uid = _at("returned")
    st, _ = act(st, "p1", {"type": "use_opportunity", "card": uid})
    st, _ = act(st, "p1", {"type": "wrc_choice", "option": "stop"})
    assert not cards(st).questions and "returned" in st.decks.adventure.discard
