"""Play by chat with an injected clock: reminders, expiry policies, restart safety, pause,
vacation, votes, digests, export/replay, undo."""
from __future__ import annotations

import json

import pytest

from engine.prophecy.actions import EndTurn, Move
from gm.session import GameError, GameMaster
from gm.store import SqliteStore
from tests.fakes import HandClock
from tests.gm.helpers import sqlite_game_master


@pytest.fixture
async def env(tmp_path):
    clock = HandClock(1_000_000.0)
    async with sqlite_game_master(tmp_path / "gm.sqlite3", 7, clock) as gm:
        yield gm, clock, tmp_path


TB = {"start": 100.0, "increment": 20.0, "cap": 150.0, "reminders": [50.0, 10.0], "policy": "ai"}


async def _game(gm, humans=(100, 200), timebank=None, ai=0, options=None):
    await gm.new_game(1, 10, humans[0], "u0", "prophecy", options or {}, timebank or TB)
    for i, uid in enumerate(humans[1:]):
        await gm.join(1, uid, f"u{i + 1}")
    for _ in range(ai):
        await gm.add_bot(1, humans[0])
    return await gm.start(1, humans[0])


async def _tick_all(gm, clock):
    out = []
    for record in await gm.due_games(clock.now):
        tick = await gm.tick_game(record.id)
        if tick is not None:
            out.append(tick)
    return out


async def test_reminders_fire_at_the_right_times_then_the_ai_plays_once(env):
    gm, clock, _ = env
    res = await _game(gm)
    start = clock.now
    active = res.system.pending(res.state).player
    assert res.record.deadline == pytest.approx(start + 50)
    clock.now = start + 49.9
    assert await _tick_all(gm, clock) == []
    clock.now = start + 50
    ticks = await _tick_all(gm, clock)
    assert [(t.kind, t.player) for t in ticks] == [("reminder", active)]
    assert await _tick_all(gm, clock) == []  # never twice
    clock.now = start + 90
    assert [t.kind for t in await _tick_all(gm, clock)] == ["reminder"]
    clock.now = start + 100
    ticks = await _tick_all(gm, clock)
    assert [t.kind for t in ticks] == ["expired"]
    steps = ticks[0].result.steps
    assert steps and all(s.on_behalf == active for s in steps if s.actor == active)
    found = await gm.current(1)
    assert found.system.pending(found.state).player != active
    assert await _tick_all(gm, clock) == []
    table = found.table
    assert table.clock.banks[active] == pytest.approx(0 + 20)  # ran out, then the increment


async def test_expiry_applies_exactly_once_across_a_restart(env):
    gm, clock, tmp = env
    res = await _game(gm, timebank={**TB, "reminders": []})
    clock.now += 100
    due = await gm.due_games(clock.now)
    assert len(due) == 1
    # a second bot process on the same file sees the same due game; only one may act on it
    store2 = SqliteStore(tmp / "gm.sqlite3", clock=clock)
    await store2.open()
    try:
        gm2 = GameMaster(store2, clock=clock)
        first = await gm.tick_game(due[0].id)
        second = await gm2.tick_game(due[0].id)
        assert first is not None and first.kind == "expired"
        assert second is None
        assert await gm2.due_games(clock.now) == []
        rows = await store2.actions(res.record.id)
        assert sum(1 for r in rows if r.actor == res.system.pending(res.state).player) >= 1
    finally:
        await store2.close()


async def test_skip_policy_ends_the_turn_with_safe_choices(env):
    gm, clock, _ = env
    res = await _game(gm, timebank={**TB, "policy": "skip", "reminders": []})
    active = res.system.pending(res.state).player
    clock.now += 100
    ticks = await _tick_all(gm, clock)
    actions = [s.action["type"] for s in ticks[0].result.steps if s.actor == active]
    assert actions[0] == "move" and ticks[0].result.steps[0].action["method"] == "stay"
    assert actions[-1] in ("end_turn", "fight", "move")


async def test_pause_and_vacation_stop_the_clock(env):
    gm, clock, _ = env
    res = await _game(gm, timebank={**TB, "reminders": []})
    active = res.system.pending(res.state).player
    start = clock.now
    clock.now = start + 30
    await gm.pause(1, 100, True)
    with pytest.raises(GameError) as err:
        await gm.act(1, int(active), EndTurn())
    assert err.value.key == "error.game_paused"
    clock.now = start + 10_000
    assert await gm.due_games(clock.now) == []
    await gm.pause(1, 100, False)
    found = await gm.current(1)
    assert found.record.deadline == pytest.approx(clock.now + 70)
    # vacation: the active player's bank does not run until it ends
    await gm.vacation(1, int(active), 1)
    found = await gm.current(1)
    assert found.record.deadline == pytest.approx(clock.now + 86_400)
    clock.now += 86_400
    assert await _tick_all(gm, clock) == []  # vacation over: re-armed, nothing spent
    found = await gm.current(1)
    assert found.record.deadline == pytest.approx(clock.now + 70)
    with pytest.raises(GameError):
        await gm.vacation(1, int(active), 30)
    with pytest.raises(GameError) as err:
        await gm.pause(1, 200, True)
    assert err.value.key == "error.host_only"


async def test_vote_flow_removes_an_absent_player_by_majority(env):
    gm, clock, _ = env
    res = await _game(gm, humans=(100, 200, 300), timebank={**TB, "policy": "vote", "reminders": []})
    absent = res.system.pending(res.state).player
    voters = [u for u in (100, 200, 300) if str(u) != absent]
    clock.now += 100
    ticks = await _tick_all(gm, clock)
    assert [t.kind for t in ticks] == ["vote"]
    vote = (await gm.current(1)).table.vote
    assert vote.deadline == pytest.approx(clock.now + 100)  # the window is the starting bank when shorter than a day
    assert await gm.due_games(clock.now + 99) == []  # the clock waits for the table until the vote's deadline
    with pytest.raises(GameError):
        await gm.cast_vote(1, int(absent), res.record.id, "remove")  # not about yourself
    result, decided = await gm.cast_vote(1, voters[0], res.record.id, "remove")
    assert not decided
    result, decided = await gm.cast_vote(1, voters[1], res.record.id, "remove")
    assert decided and not result.state.player(absent).alive
    assert result.system.pending(result.state).player != absent


async def test_vote_can_hand_the_seat_to_the_ai(env):
    gm, clock, _ = env
    res = await _game(gm, humans=(100, 200, 300), timebank={**TB, "policy": "vote", "reminders": []})
    absent = res.system.pending(res.state).player
    voters = [u for u in (100, 200, 300) if str(u) != absent]
    clock.now += 100
    await _tick_all(gm, clock)
    await gm.cast_vote(1, voters[0], res.record.id, "ai")
    result, decided = await gm.cast_vote(1, voters[1], res.record.id, "ai")
    assert decided and result.state.player(absent).ai == "heuristic"


async def test_digest_tells_a_returning_player_what_others_did(env):
    gm, clock, _ = env
    res = await _game(gm)
    first = res.system.pending(res.state).player
    other = "200" if first == "100" else "100"
    await gm.mark_seen(res.record, other)
    state = res.state
    while res.system.pending(state).player == first:
        acts = res.system.legal_actions(state, first)
        r = await gm.act(1, int(first), acts[-1] if state.turn.phase == "act" else acts[0])
        state = r.state
    found, digest = await gm.status_digest(1, int(other))
    kinds = [e.kind for e in digest]
    assert "turn_ended" in kinds and ("stayed" in kinds or "moved" in kinds)
    assert any(e.player == first for e in digest)
    # their own turn's opening is in the message that pinged them: not repeated
    assert not any(e.kind == "turn_started" and e.player == other for e in digest)
    assert all(e.player != other for e in digest if e.kind in ("moved", "stayed", "turn_ended"))  # not their own steps
    found, again = await gm.status_digest(1, int(other))
    assert again == []  # shown once


async def test_export_then_replay_reproduces_the_state_and_finds_tampering(env):
    gm, clock, tmp = env
    await _game(gm, ai=1)
    for _ in range(12):
        found = await gm.current(1)
        pend = found.system.pending(found.state)
        acts = found.system.legal_actions(found.state, pend.player)
        await gm.act(1, int(pend.player), acts[0])
    found, doc = await gm.export(1)
    json.dumps(doc)
    # while the game is open the seed stays inside the bot (it would replay every future die)
    assert "seed" not in doc and not doc["complete"] and doc["actions"][0]["action"]["type"] == "join"
    assert doc["view"]["rng"] is None and all("state_hash" not in a for a in doc["actions"])
    found, report = await gm.check_replay(1)
    assert report.ok and report.final.dump() == found.record.state
    # tamper with the stored state: the check notices
    import sqlite3
    con = sqlite3.connect(tmp / "gm.sqlite3")
    bad = json.loads(found.record.state)
    bad["players"][0]["gold"] += 50
    con.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(bad), found.record.id))
    con.commit()
    con.close()
    found, report = await gm.check_replay(1)
    assert not report.ok and "final state differs" in report.detail


async def test_undo_refused_after_a_die_roll_accepted_otherwise_and_state_equal_to_before(env):
    gm, clock, _ = env
    await _game(gm, options={"auto_end_turn": False})
    found = await gm.current(1)
    actor = found.system.pending(found.state).player
    other = "200" if actor == "100" else "100"
    before = found.record.state
    space = found.state.player(actor).space
    from engine.prophecy.content import pack_by_id
    pack = pack_by_id("base")
    # staying reveals nothing when the turn does not end by itself
    r = await gm.act(1, int(actor), Move(method="stay", to=pack.space(space).id))
    assert not any(e.reveals for s in r.steps for e in s.events)
    with pytest.raises(GameError) as err:
        await gm.propose_undo(1, int(other))
    assert err.value.key == "error.undo_not_yours"
    result, applied = await gm.propose_undo(1, int(actor))
    assert not applied  # the other person must agree
    result, outcome = await gm.answer_undo(1, int(other), result.record.id, result.record.version, True)
    assert outcome == "applied"
    assert result.state.dump() == before
    found, report = await gm.check_replay(1)
    assert report.ok
    # a battle roll reveals dice: no undo
    import random

    from engine.ai.players import heuristic_player
    rng = random.Random(0)
    for _ in range(300):
        found = await gm.current(1)
        pend = found.system.pending(found.state)
        r = await gm.act(1, int(pend.player), heuristic_player(found.state, pend.player, rng))
        if any(e.kind == "battle_roll" for s in r.steps for e in s.events if s.actor == pend.player) and \
                r.system.pending(r.state) and r.system.pending(r.state).player == pend.player:
            with pytest.raises(GameError) as err:
                await gm.propose_undo(1, int(pend.player))
            assert err.value.key == "error.undo_revealed"
            return
    raise AssertionError("no battle happened in 300 actions")


async def test_an_unanswered_vote_ends_at_its_deadline_with_the_fallback_even_after_a_restart(env):
    """Nobody votes (or no majority): at the vote's own deadline the turn is skipped (VOTE_FALLBACK)."""
    gm, clock, tmp = env
    res = await _game(gm, humans=(100, 200, 300), timebank={**TB, "policy": "vote", "reminders": []})
    absent = res.system.pending(res.state).player
    voters = [u for u in (100, 200, 300) if str(u) != absent]
    clock.now += 100
    assert [t.kind for t in await _tick_all(gm, clock)] == ["vote"]
    await gm.cast_vote(1, voters[0], res.record.id, "remove")  # one ballot of two: no majority
    found = await gm.current(1)
    assert found.record.deadline == pytest.approx(found.table.vote.deadline)  # stored in the game row
    # a new game master over the same file (a restart) finds the vote due and closes it once
    store2 = SqliteStore(tmp / "gm.sqlite3", clock=clock)
    await store2.open()
    try:
        gm2 = GameMaster(store2, clock=clock)
        clock.now += 99
        assert await gm2.due_games(clock.now) == []
        clock.now += 1
        ticks = [await gm2.tick_game(r.id) for r in await gm2.due_games(clock.now)]
        assert [(t.kind, t.player) for t in ticks] == [("vote_closed", absent)]
        after = ticks[0].result
        assert after.table.vote is None
        p = after.state.player(absent)
        assert p.alive and p.ai is None  # skipped, not removed nor handed to the AI
        assert after.system.pending(after.state).player != absent
        assert [s.action["type"] for s in after.steps if s.actor == absent][0] == "move"
        assert await gm2.due_games(clock.now) == []  # closed once: nothing is due again
    finally:
        await store2.close()


async def test_pausing_holds_a_vote_deadline(env):
    gm, clock, _ = env
    await _game(gm, humans=(100, 200, 300), timebank={**TB, "policy": "vote", "reminders": []})
    clock.now += 100
    await _tick_all(gm, clock)
    deadline = (await gm.current(1)).table.vote.deadline
    clock.now += 50
    await gm.pause(1, 100, True)
    clock.now += 1000
    assert await gm.due_games(clock.now) == []
    await gm.pause(1, 100, False)
    assert (await gm.current(1)).table.vote.deadline == pytest.approx(deadline + 1000)


def _seed_with_extra_first_turn(players, options):
    """A seed whose first Chance card is Peaceful Times (an extra turn without a Chance card),
    found by asking the engine, so the test does not hard-code a shuffle."""
    from engine.core.system import Seat
    from engine.registry import SYSTEMS
    seats = [Seat(player=p, name=f"u{i}") for i, p in enumerate(players)]
    for seed in range(2000):
        out = SYSTEMS["prophecy"].new_game(seats, options, seed)
        if any(e.kind == "extra_turn_granted" for e in out.events) and out.state.turn.phase == "move":
            return seed
    raise AssertionError("no seed gives an extra first turn")


async def _stay_then_end(gm, actor):
    from engine.prophecy.content import pack_by_id
    found = await gm.current(1)
    space = pack_by_id("base").space(found.state.player(actor).space).id
    await gm.act(1, int(actor), Move(method="stay", to=space))
    return await gm.act(1, int(actor), EndTurn())


async def test_undo_takes_back_a_turn_ending_step_when_nothing_was_revealed_and_the_proposer_agrees(tmp_path):
    """An end of turn that starts an extra turn draws no Chance card (Basic rules, "Drawing a
    Chance Card"; Peaceful Times): it can be taken back; the proposer counts as agreeing."""
    clock = HandClock(1_000_000.0)
    store = SqliteStore(tmp_path / "gm.sqlite3", clock=clock)
    await store.open()
    try:
        options = {"auto_end_turn": False}
        seed = _seed_with_extra_first_turn(["100", "200"], options)
        gm = GameMaster(store, clock=clock, seed_source=lambda: seed)
        res = await _game(gm, options=options)
        actor = res.system.pending(res.state).player
        other = "200" if actor == "100" else "100"
        from engine.prophecy.content import pack_by_id
        space = pack_by_id("base").space(res.state.player(actor).space).id
        await gm.act(1, int(actor), Move(method="stay", to=space))
        before = (await gm.current(1)).record.state
        ended = await gm.act(1, int(actor), EndTurn())
        assert any(e.kind == "turn_started" and e.data.get("extra") for s in ended.steps for e in s.events)
        result, applied = await gm.propose_undo(1, int(actor))
        assert not applied and result.table.undo.yes == [actor]  # implied agreement of the proposer
        result, outcome = await gm.answer_undo(1, int(other), result.record.id, result.record.version, True)
        assert outcome == "applied" and result.state.dump() == before
        found, report = await gm.check_replay(1)
        assert report.ok
        # ending the extra turn passes to the other player, whose turn opens with a Chance card: refused, saying so
        await gm.act(1, int(actor), EndTurn())
        await _stay_then_end(gm, actor)
        with pytest.raises(GameError) as err:
            await gm.propose_undo(1, int(actor))
        assert err.value.key == "error.undo_next_turn_revealed"
        assert err.value.params["name"] == ("u1" if other == "200" else "u0")
    finally:
        await gm.settle()
        await store.close()


def test_undo_plan_takes_ai_steps_along_only_when_they_revealed_nothing():
    """The turn passed to AI seats that acted: taken back with them if they showed nothing, else refused."""
    from types import SimpleNamespace

    from gm.session import GameMaster as GM
    from gm.store import ActionRecord

    players = [SimpleNamespace(player="100", ai=None, name="Ann"), SimpleNamespace(player="ai1", ai="heuristic", name="Robo"),
               SimpleNamespace(player="200", ai=None, name="Ben")]
    state = SimpleNamespace(status="active", turn=SimpleNamespace(player="200"), players=players,
                            has_player=lambda p: p in {"100", "ai1", "200"},
                            player=lambda p: next(x for x in players if x.player == p))

    def row(seq, actor, kind="move", revealed=False, events=()):
        return ActionRecord(game_id=1, seq=seq, actor=actor, action={"type": kind}, created_at=0, version_after=seq,
                            events=list(events), revealed=revealed)

    start = row(1, "100", "start", revealed=True)
    mine = row(2, "100", "end_turn", events=[{"kind": "turn_ended", "player": "100"},
                                             {"kind": "turn_started", "player": "ai1"}])
    assert GM._undo_plan(state, [start, mine, row(3, "ai1"), row(4, "ai1", "end_turn")], "100") == (2, 3)
    with pytest.raises(GameError) as err:
        GM._undo_plan(state, [start, mine, row(3, "ai1", revealed=True)], "100")
    assert err.value.key == "error.undo_ai_revealed" and err.value.params == {"name": "Robo"}
    with pytest.raises(GameError) as err:
        GM._undo_plan(state, [start, mine, row(3, "200")], "100")
    assert err.value.key == "error.undo_not_yours"
    with pytest.raises(GameError) as err:
        GM._undo_plan(state, [start], "100")
    assert err.value.key == "error.undo_nothing"


async def test_one_undo_entry_can_take_back_several_steps_on_replay(env):
    """An undo entry with `steps` pops that many states when the log is replayed (export/replay check)."""
    from engine.prophecy.content import pack_by_id
    from gm.replay import replay
    from gm.store import ActionRecord
    gm, clock, _ = env
    res = await _game(gm, options={"auto_end_turn": False})
    after_start = (await gm.current(1)).record.state
    actor = res.system.pending(res.state).player
    space = pack_by_id("base").space(res.state.player(actor).space).id
    await gm.act(1, int(actor), Move(method="stay", to=space))
    await gm.act(1, int(actor), EndTurn())
    found = await gm.current(1)
    rows = await gm.store.actions(found.record.id)
    undo = ActionRecord(game_id=found.record.id, seq=rows[-1].seq + 1, actor=actor,
                        action={"type": "undo", "seq": rows[-2].seq, "steps": 2}, created_at=0, version_after=0)
    report = replay(found.record, rows + [undo], check=False)
    assert report.ok and found.system.dump_state(report.final) == after_start
    too_many = undo.model_copy(update={"action": {"type": "undo", "seq": 1, "steps": 9}})
    assert not replay(found.record, rows + [too_many], check=False).ok


class _CountingQueue:
    """Stands in for aiosqlite's queue to its worker thread, counting the trips put on it."""

    def __init__(self, inner) -> None:
        self.inner, self.trips = inner, 0

    def put_nowait(self, item) -> None:
        self.trips += 1
        self.inner.put_nowait(item)

    def __getattr__(self, name):
        return getattr(self.inner, name)


async def test_a_press_makes_no_trip_and_moves_the_seen_marker_in_its_commit(env):
    """Issue 12: a press makes no trip to SQLite's worker thread. Its commit runs on the event
    loop's own writing connection; the game and the digest (the presser's "seen" marker and
    the rows after it) are read on its read-only one, and the marker rides in the commit
    (nothing is written after the reply)."""
    gm, clock, _ = env
    res = await _game(gm)
    first = res.system.pending(res.state).player
    other = "200" if first == "100" else "100"
    await gm.mark_seen(res.record, other)
    queue = _CountingQueue(gm.store._conn._tx)
    gm.store._conn._tx = queue
    state, presses = res.state, []
    while res.system.pending(state).player == first:
        acts = res.system.legal_actions(state, first)
        before = queue.trips
        r = await gm.act(1, int(first), acts[-1] if state.turn.phase == "act" else acts[0])
        presses.append(queue.trips - before)
        assert not gm._marks  # nothing left to write in the background
        seq = await gm.store.last_seq(r.record.id)
        assert await gm.store.get_user_setting(int(first), f"seen:{r.record.id}") == seq
        state = r.state
    assert presses and all(n == 0 for n in presses), presses
    # the other player's turn opens: they are told what happened since they looked
    acts = res.system.legal_actions(state, other)
    before = queue.trips
    r = await gm.act(1, int(other), acts[0])
    assert queue.trips - before == 0
    kinds = [e.kind for e in r.digest]
    assert "turn_ended" in kinds and any(e.player == first for e in r.digest)
    assert await gm.store.get_user_setting(int(other), f"seen:{r.record.id}") == await gm.store.last_seq(r.record.id)
