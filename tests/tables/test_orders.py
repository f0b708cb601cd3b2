"""Magical Orders rank tracker: Order point levels, points, advancement, Call For Help, and the
Cooperative Version's advancement rule. Names follow the sheet's headings."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError, UnknownAction
from engine.core.system import Seat
from engine.orders import (
    SYSTEM,
    Advance,
    CallForHelp,
    ChangePoints,
    Join,
    MarkTasks,
    OrderPlayer,
    OrdersState,
    advancement,
    apply,
    legal_actions,
    qualified_rank,
)
from engine.tables import default_book


@pytest.fixture(scope="module")
def book():
    return default_book()


def _new(cooperative: bool = False, seed: int = 11) -> OrdersState:
    return SYSTEM.new_game([], {"cooperative": cooperative}, seed).state


def _play(state: OrdersState, *moves: tuple[str, object]) -> OrdersState:
    for actor, action in moves:
        state = apply(state, actor, action).state
    return state


def _set(state: OrdersState, pid: str, order: str | None = None, rank: int | None = None, **points: int) -> OrdersState:
    """Arrange a player directly (test setup only; play goes through `apply`)."""
    p = state.find(pid)
    if p is None:
        p = OrderPlayer(player=pid, name=pid.upper())
        state.players.append(p)
    if order is not None:
        p.order = order  # type: ignore[assignment]  # set up by the test
    if rank is not None:
        p.rank = rank
    for kind, value in points.items():
        p.set_points(kind, value)  # type: ignore[arg-type]  # a deliberately loose value from the test
    return state


def _refusal(state: OrdersState, actor: str, action: object) -> RuleError:
    with pytest.raises(RuleError) as info:
        apply(state, actor, action)
    return info.value


# -- Magical Order Point Levels -------------------------------------------------------------------
@pytest.mark.parametrize(
    "order,points,rank",
    [
        ("wizards", (0, 0, 0), 1),
        ("wizards", (15, 10, 5), 2),
        ("wizards", (14, 10, 5), 1),
        ("wizards", (60, 45, 29), 3),
        ("wizards", (100, 75, 50), 5),
        ("sorcerers", (10, 5, 15), 2),
        ("sorcerers", (45, 30, 60), 4),
        ("druids", (15, 35, 25), 3),
        ("druids", (50, 99, 75), 4),
    ],
)
def test_order_point_levels__rank_from_thresholds(book, order, points, rank):
    k, p, w = points
    player = OrderPlayer(player="a", name="A", order=order, knowledge=k, perception=p, power=w)
    assert qualified_rank(book, player) == rank


def test_order_point_levels__no_order_is_rank_0(book):
    assert qualified_rank(book, OrderPlayer(player="a", name="A", knowledge=500)) == 0


# -- joining --------------------------------------------------------------------------------------
def test_join__initiation_is_rank_1():
    s = _play(_new(), ("a", Join(order="wizards", name="Ann")))
    p = s.player("a")
    assert (p.order, p.rank, p.name, p.tasks_done) == ("wizards", 1, "Ann", False)


def test_join__rank_0_then_initiated():
    s = _play(_new(), ("a", Join(name="Ann")))
    assert (s.player("a").order, s.player("a").rank) == (None, 0)
    out = apply(s, "a", Join(order="druids"))
    assert out.state.player("a").rank == 1 and out.events[0].kind == "dice.orders.ev.initiated"


def test_join__switching_orders_keeps_the_rank_points_allow(book):
    """A Wizard at Rank 3 with Wizard-shaped points is Rank 2 among Sorcerers (project reading)."""
    s = _set(_new(), "a", order="wizards", rank=3, knowledge=35, perception=25, power=15)
    s.player("a").tasks_done = True
    out = apply(s, "a", Join(order="sorcerers"))
    p = out.state.player("a")
    assert (p.order, p.rank, p.tasks_done) == ("sorcerers", 2, False)
    assert out.events[0].kind == "dice.orders.ev.switched"


def test_join__same_order_refused():
    s = _play(_new(), ("a", Join(order="wizards")))
    assert _refusal(s, "a", Join(order="wizards")).key == "dice.orders.same_order"


# -- points ---------------------------------------------------------------------------------------
def test_points__gain_and_lose():
    s = _play(_new(), ("a", Join(order="wizards")), ("a", ChangePoints(kind="power", amount=7)))
    out = apply(s, "a", ChangePoints(kind="power", amount=-3))
    assert out.state.player("a").power == 4
    assert out.events[0].kind == "dice.orders.ev.points_lost" and out.events[0].data["amount"] == 3


def test_miscellaneous__losing_more_than_you_have_stops_at_zero():
    """Miscellaneous: a player told to lose more points than he has drops to zero (a penalty)."""
    s = _play(_new(), ("a", Join(order="wizards")), ("a", ChangePoints(kind="knowledge", amount=2)))
    out = apply(s, "a", ChangePoints(kind="knowledge", amount=-5, penalty=True))
    assert out.state.player("a").knowledge == 0
    assert (out.events[0].data["amount"], out.events[0].data["asked"]) == (2, 5)


def test_points__spending_more_than_you_have_is_refused():
    """Spending is a choice, not an imposed loss: overspending is refused and changes nothing."""
    s = _play(_new(), ("a", Join(order="wizards")), ("a", ChangePoints(kind="knowledge", amount=2)))
    before = s.model_dump()
    err = _refusal(s, "a", ChangePoints(kind="knowledge", amount=-5))
    assert (err.key, err.params) == ("dice.orders.overspend", {"point_kind": "knowledge", "have": 2, "asked": 5})
    assert s.model_dump() == before
    out = apply(s, "a", ChangePoints(kind="knowledge", amount=-2))  # spending exactly what you have is fine
    assert out.state.player("a").knowledge == 0


def test_points__overspend_message_names_the_points_in_each_language():
    from gm.i18n import t

    params = {"point_kind": "perception", "have": 1, "asked": 4}
    assert "1 Perception points" in t("en", "dice.orders.overspend", **params)
    italian = t("it", "dice.orders.overspend", **params)
    assert "Percezione" in italian and "perception" not in italian and "{" not in italian


def test_points__event_reports_the_rank_the_points_reach():
    s = _play(_new(), ("a", Join(order="wizards")), ("a", ChangePoints(kind="knowledge", amount=15)),
              ("a", ChangePoints(kind="perception", amount=10)))
    out = apply(s, "a", ChangePoints(kind="power", amount=5))
    assert out.events[0].data["qualified"] == 2 and out.state.player("a").rank == 1


def test_points__must_join_first():
    assert _refusal(_new(), "a", ChangePoints(kind="power", amount=1)).key == "dice.orders.not_joined"


def test_points__zero_is_malformed():
    with pytest.raises(UnknownAction) as info:
        apply(_new(), "a", {"type": "points", "kind": "power", "amount": 0})
    assert info.value.key == "dice.orders.malformed"


# -- advancing ------------------------------------------------------------------------------------
def test_advance__needs_the_points():
    s = _play(_new(), ("a", Join(order="wizards")), ("a", ChangePoints(kind="knowledge", amount=15)))
    err = _refusal(s, "a", Advance())
    assert err.key == "dice.orders.advance.points_short"
    assert err.params == {"rank": 2, "order": "wizards", "need_knowledge": 15, "knowledge": 15,
                          "need_perception": 10, "perception": 0, "need_power": 5, "power": 0}


def test_advance__one_rank_at_a_time():
    s = _set(_play(_new(), ("a", Join(order="wizards"))), "a", knowledge=60, perception=45, power=30)
    s = _play(s, ("a", Advance()), ("a", Advance()))
    assert s.player("a").rank == 3


def test_advance__rank_0_needs_an_order():
    s = _play(_new(), ("a", Join()))
    assert _refusal(s, "a", Advance()).key == "dice.orders.advance.no_order"


def test_assorted_changes__fifth_rank_needs_mandatory_tasks_done():
    """Assorted Changes: all Mandatory Tasks completed (or lost) to be eligible for Fifth Rank."""
    s = _set(_new(), "a", order="wizards", rank=4, knowledge=100, perception=75, power=50)
    assert _refusal(s, "a", Advance()).key == "dice.orders.advance.tasks_open"
    s = _play(s, ("a", MarkTasks(done=True)))
    out = apply(s, "a", Advance())
    assert out.state.player("a").rank == 5


def test_assorted_changes__first_to_fifth_rank_wins():
    s = _set(_new(), "a", order="druids", rank=4, knowledge=50, perception=100, power=75)
    s = _set(s, "b", order="wizards", rank=4)
    s = _play(s, ("a", MarkTasks(done=True)))
    out = apply(s, "a", Advance())
    assert (out.state.status, out.state.winner) == ("finished", "a")
    assert [e.kind for e in out.events] == ["dice.orders.ev.advanced", "dice.orders.ev.won"]
    assert _refusal(out.state, "b", ChangePoints(kind="power", amount=1)).key == "dice.orders.game_over"
    assert legal_actions(out.state, "b") == []


def test_advance__competitive_ignores_the_lowest_rank():
    s = _set(_new(), "a", order="wizards", rank=2, knowledge=35, perception=25, power=15)
    s = _set(s, "b", order="wizards", rank=1)
    assert apply(s, "a", Advance()).state.player("a").rank == 3


# -- Cooperative Version --------------------------------------------------------------------------
def test_cooperative__cannot_advance_past_the_lowest_rank(book):
    """Cooperative Version: to advance, your current Rank must not exceed anyone else's."""
    s = _set(_new(cooperative=True), "a", order="wizards", rank=2, knowledge=35, perception=25, power=15)
    s = _set(s, "b", order="sorcerers", rank=1, knowledge=10, perception=5, power=15)
    err = _refusal(s, "a", Advance())
    assert (err.key, err.params) == ("dice.orders.coop.behind", {"rank": 2, "player": "b", "their_rank": 1})
    verdict = advancement(book, s, "b")
    assert verdict.ok and verdict.params == {"rank": 2}
    s = _play(s, ("b", Advance()), ("a", Advance()))
    assert (s.player("a").rank, s.player("b").rank) == (3, 2)


def test_cooperative__equal_ranks_may_advance():
    s = _set(_new(cooperative=True), "a", order="wizards", rank=2, knowledge=35, perception=25, power=15)
    s = _set(s, "b", order="wizards", rank=2)
    assert apply(s, "a", Advance()).state.player("a").rank == 3


def test_cooperative__uninitiated_player_holds_everyone_back():
    s = _set(_new(cooperative=True), "a", order="wizards", rank=1, knowledge=15, perception=10, power=5)
    s = _play(s, ("b", Join(name="Bo")))
    err = _refusal(s, "a", Advance())
    assert err.params == {"rank": 1, "player": "b", "their_rank": 0}


def _coop_fourths() -> OrdersState:
    s = _set(_new(cooperative=True), "a", order="wizards", rank=4, knowledge=100, perception=75, power=50)
    s = _set(s, "b", order="druids", rank=4, knowledge=30, perception=60, power=45)
    s = _set(s, "c", order="sorcerers", rank=4, knowledge=45, perception=30, power=60)
    for p in s.players:
        p.tasks_done = True
    return s


def test_cooperative__fifth_rank_when_all_fourth_and_tasks_done():
    out = apply(_coop_fourths(), "a", Advance())
    assert (out.state.status, out.state.winner) == ("finished", "a")
    assert out.events[-1].kind == "dice.orders.ev.team_won"


def test_cooperative__fifth_rank_needs_everyones_tasks_done():
    s = _coop_fourths()
    s.player("c").tasks_done = False
    err = _refusal(s, "a", Advance())
    assert (err.key, err.params) == ("dice.orders.coop.tasks_open", {"player": "c"})


def test_cooperative__fifth_rank_needs_others_still_qualified_for_fourth():
    s = _set(_coop_fourths(), "b", perception=59)
    err = _refusal(s, "a", Advance())
    assert err.key == "dice.orders.coop.points_short"
    assert (err.params["player"], err.params["need_perception"], err.params["perception"]) == ("b", 60, 59)


def test_cooperative__fifth_rank_needs_everyone_at_fourth():
    s = _set(_coop_fourths(), "c", rank=3)
    assert _refusal(s, "a", Advance()).key == "dice.orders.coop.behind"


# -- Call For Help --------------------------------------------------------------------------------
def test_call_for_help__deducts_rank_squared_and_rolls_from_the_state_rng():
    s = _set(_new(seed=3), "a", order="wizards", rank=3, knowledge=12, power=4)
    out = apply(s, "a", CallForHelp(kind="knowledge"))
    ev = out.events[0]
    assert out.state.player("a").knowledge == 3
    assert (ev.data["cost"], ev.data["lost"], ev.data["point_kind"], ev.reveals) == (9, 9, "knowledge", True)
    assert ev.data["roll"] == max(ev.data["faces"]) and len(ev.data["faces"]) == 2
    assert out.state.rng.draws == s.rng.draws + 2
    again = apply(s, "a", CallForHelp(kind="knowledge"))
    assert again.events == out.events  # same stored Rng, same dice


def test_call_for_help__free_without_points():
    s = _set(_new(), "a", order="wizards", rank=2)
    out = apply(s, "a", CallForHelp())
    assert out.events[0].data["free"] is True and out.events[0].data["lost"] == 0


def test_call_for_help__must_name_a_type_with_points():
    s = _set(_new(), "a", order="wizards", rank=2, power=3)
    assert _refusal(s, "a", CallForHelp()).key == "dice.cfh.choose_kind"
    assert _refusal(s, "a", CallForHelp(kind="knowledge")).key == "dice.cfh.kind_empty"
    assert {a.kind for a in legal_actions(s, "a") if isinstance(a, CallForHelp)} == {"power"}


# -- the engine contract --------------------------------------------------------------------------
def test_contract__state_round_trips_as_json():
    s = _play(_new(cooperative=True), ("a", Join(order="wizards", name="Ann")),
              ("a", ChangePoints(kind="power", amount=5)), ("a", CallForHelp(kind="power")))
    text = SYSTEM.dump_state(s)
    assert SYSTEM.load_state(text) == s and '"schema":1' in text


def test_contract__replaying_the_log_reproduces_the_state():
    log = [("a", {"type": "join", "order": "druids"}), ("b", {"type": "join", "order": "wizards"}),
           ("a", {"type": "points", "kind": "power", "amount": 9}), ("a", {"type": "call_for_help", "kind": "power"}),
           ("b", {"type": "call_for_help"})]
    first = _play(_new(seed=42), *log)
    second = _play(_new(seed=42), *log)
    assert first.dump() == second.dump()


def test_contract__refused_action_leaves_state_unchanged():
    s = _play(_new(), ("a", Join(order="wizards")))
    before = s.dump()
    _refusal(s, "a", Advance())
    assert s.dump() == before


def test_contract__legal_actions_offer_advance_only_when_allowed():
    s = _set(_play(_new(), ("a", Join(order="wizards"))), "a", knowledge=15, perception=10)
    assert not any(isinstance(a, Advance) for a in legal_actions(s, "a"))
    s = _set(s, "a", power=5)
    assert any(isinstance(a, Advance) for a in legal_actions(s, "a"))
    for action in legal_actions(s, "a"):
        apply(s, "a", action)  # every offered action is accepted


def test_contract__new_game_seats_with_orders():
    seats = [Seat(player="a", name="Ann", character="sorcerers"), Seat(player="b", name="Bo")]
    s = SYSTEM.new_game(seats, {}, 1).state
    assert [(p.order, p.rank) for p in s.players] == [("sorcerers", 1), (None, 0)]
    assert SYSTEM.pending(s) is None


@pytest.mark.parametrize("locale, points, kind, words", [
    ("en", {"power": 12}, "power", "Calls For Help (pays 9 Power)"),
    ("en", {"power": 4}, "power", "Calls For Help (owes 9 Power and pays all 4 they have)"),
    ("en", {}, None, "Calls For Help (free: no points to pay)"),
    ("it", {}, None, "chiede aiuto (gratis: nessun punto da pagare)"),
])
def test_call_for_help__the_message_says_what_was_paid(locale, points, kind, words):
    """Revised rules, "Call For Help": pay the square of your Rank in points of one type, or call
    for free with no points. The channel reads what was paid, not "cost 0, paid 0"."""
    from systems.orders.cog import event_text

    s = _set(_new(seed=3), "a", order="wizards", rank=3, **points)
    out = apply(s, "a", CallForHelp(kind=kind))
    assert words in event_text(out.events[0], locale)
