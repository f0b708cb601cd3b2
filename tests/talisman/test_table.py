"""The campaign as a table game of the game master, and its Discord renderers.

A4 (sessions): the bot keeps the whole campaign, so a session is whenever the players come
back; the game master gives it seats, time banks, pings, undo and the log when the state has
the shape every table game has. Co-op (A3): each person decides for their own characters and is
pinged when one of them must decide; solo: one person for the whole party.
"""
from __future__ import annotations

import io

import discord
from PIL import Image

from engine.core.system import Seat
from engine.darkest_talisman import simulate
from engine.darkest_talisman.actions import Buy, Choose, HandOver
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import CampaignState
from gm.session import Result, Step
from gm.store import GameRecord
from systems import PLUGINS, table_plugins
from systems.darkest_talisman import odds
from systems.darkest_talisman.describe import describe_action
from systems.darkest_talisman.picture import plain, render_party
from systems.darkest_talisman.turn import turn_message
from tests.talisman.helpers import coop, solo


def result_of(state: CampaignState, events=(), version: int = 3) -> Result:
    record = GameRecord(id=9, guild_id=1, channel_id=2, system="darkest_talisman", options={}, seed=1, version=version,
                        state=state.dump(), status="active", host_id=1, created_at=0.0, updated_at=0.0)
    return Result(record, state, steps=[Step(actor="p1", action={}, events=list(events))], game_system=SYSTEM)


def test_a4_campaign_has_the_table_shape_the_game_master_reads():
    """Seats as players (alive, AI level), the round, the decision as the turn, status and
    winner, on the state and on any seat's view alike."""
    s = coop(3)
    assert SYSTEM.table_game
    for shown in (s, SYSTEM.view(s, "p1"), SYSTEM.view(s, None)):
        assert [p.player for p in shown.players] == ["p1", "p2", "p3"]
        assert shown.has_player("p2") and not shown.has_player("zz")
        assert shown.player("p3").ai == "heuristic" and all(p.alive for p in shown.players)
        assert shown.round == 1 and shown.turn is not None and shown.status == "active" and shown.winner is None
    again = CampaignState.model_validate_json(s.dump())
    assert again.dump() == s.dump()


def test_a4_campaign_is_finished_for_the_game_master_when_it_ends():
    """C1c/C10: a campaign over (the Crown taken or no party left) has status "finished", the
    game master's end of a game, and says how in `outcome`."""
    rec = simulate.play(["random"], 30, max_actions=3000)
    state = rec.state
    assert state.status == "finished" and state.outcome in ("won", "lost")
    assert SYSTEM.pending(state) is None and state.turn is None


def test_a3_coop_decision_passing_to_another_seat_starts_its_turn():
    """The game master pings and charges the clock of whoever decides next: `turn_started`
    names the new seat whenever the decision passes to another person."""
    first = SYSTEM.new_game([Seat(player="p1", name="Ada"), Seat(player="p2", name="Bo")], {}, 2)
    assert [e.player for e in first.events if e.kind == "turn_started"] == [SYSTEM.pending(first.state).player]
    seen = 0
    rec = simulate.play(["heuristic", "heuristic"], 4, max_actions=400)
    state = SYSTEM.new_game(rec.seats, rec.options, 4).state
    for actor, payload in rec.actions:
        before = SYSTEM.pending(state).player
        out = SYSTEM.apply(state, actor, payload)
        after = SYSTEM.pending(out.state)
        started = [e.player for e in out.events if e.kind == "turn_started"]
        if after is not None and after.player != before:
            assert started == [after.player]
            seen += 1
        else:
            assert started == []
        state = out.state
    assert seen > 3


def test_a3_a_seat_handed_to_the_ai_keeps_its_characters():
    """A co-op seat whose person left (the table voted it to the AI) is played by the AI."""
    s = coop(1)
    out = SYSTEM.apply(s, "gm", SYSTEM.hand_over_action("p2", "p2", "Bo", ai="heuristic"))
    assert out.state.player("p2").ai == "heuristic" and out.state.slots == s.slots
    assert [e.kind for e in out.events][:1] == ["seat_handed_over"]
    moved = SYSTEM.apply(s, "gm", HandOver(player="p2", to="42", name="Dee"))
    assert "42" in moved.state.slots and not moved.state.has_player("p2")
    assert moved.events[0].data["previous"] == "p2" and moved.events[0].player == "42"


def test_campaign_is_registered_but_not_offered_by_game_new():
    p = PLUGINS["darkest_talisman"]
    assert p.table_game and not p.in_game_new
    assert p not in table_plugins()


def test_turn_message_pings_the_decider_with_a_button_per_answer():
    """The prompt's first buttons are the decision's answers in order (each the index of its
    legal action), then "Character actions" and "Road and party"; the person who must decide
    is mentioned, with the question."""
    s = coop(3)
    pend = SYSTEM.pending(s)
    msg = turn_message(result_of(s), "en")
    # a person (an id of digits) is mentioned; an AI seat is named, never shown by its id
    assert msg.content.startswith(s.player(pend.player).name + ":")
    ids = [c.custom_id for c in msg.view.children]  # type: ignore[union-attr]  # set up by the test
    options = pend.data["options"]
    assert ids[:len(options)] == [f"gm:9:3:{i}" for i in range(len(options))]
    assert ids[-2:] == ["dtm:9:3", "dtr:9"]
    labels = [c.item.label for c in msg.view.children]  # type: ignore[union-attr]  # set up by the test
    assert all(label.startswith("Set out for") or label == "Go home over the bridge" for label in labels[:-2])
    assert "Village" in msg.content and isinstance(msg.embeds[-1], discord.Embed)


def test_b1_village_actions_show_their_costs():
    """B1a-b: the Blacksmith's price and the Healer's price per point are on the labels."""
    s = solo(1)
    s.heroes[0].life -= 1
    s.heroes[0].gold = 3
    s.decision = None
    from engine.darkest_talisman import flow
    from tests.talisman.helpers import ctx_of
    flow.advance(ctx_of(s))
    acts = SYSTEM.legal_actions(s, "p1")
    heal = next(a for a in acts if type(a).__name__ == "Restore" and a.service == "healer_life")
    assert describe_action(SYSTEM.view(s, "p1"), "p1", heal, "en").endswith("the Healer: 1 life (1 Gold)")
    buy = next(a for a in acts if isinstance(a, Buy) and a.card == "sword")
    assert describe_action(SYSTEM.view(s, "p1"), "p1", buy, "it").endswith("(2 Oro)")


def test_c7c_combat_odds_follow_the_open_ended_roll():
    """C7c: a 6 is rolled again and added; equal scores are even, and the odds add up to one."""
    dist = odds.open_roll()
    assert abs(sum(dist.values()) - 1) < 1e-9 and dist[1] == 1 / 6 and abs(dist[7] - 1 / 36) < 1e-12 and 6 not in dist
    win, tie, loss = odds.combat_odds(5, 5)
    assert abs(win - loss) < 1e-9 and abs(win + tie + loss - 1) < 1e-9
    assert odds.combat_odds(9, 3)[0] > 0.9
    win, tie, loss = odds.combat_odds(4, 5, enemy_rolls=False)  # assassinated: the enemy rolls no die
    assert abs(win - 5 / 6) < 1e-9 and abs(tie - 1 / 6) < 1e-9 and loss < 1e-9
    assert odds.at_most(7, 2) == 21 / 36 and odds.at_most(12, 2) == 1.0


def test_party_picture_draws_the_village_the_road_and_the_tower():
    for state in (solo(1), simulate.play(["heuristic"], 3, max_actions=60).state):
        for locale in ("en", "it"):
            png = render_party(SYSTEM.view(state, None), locale)
            image = Image.open(io.BytesIO(png))
            assert image.format == "PNG" and image.size[0] == 960
    # the shipped font has the accented letters (ui/fonts): written as they are; an emoji is "?"
    assert plain("Città") == "Città" and plain("Perché…") == "Perché…" and plain("Drago 🐉") == "Drago ?"


def test_choose_is_answered_only_by_its_decider():
    s = coop(5)
    pend = SYSTEM.pending(s)
    other = next(p for p in ("p1", "p2") if p != pend.player)
    from engine.core.errors import RuleError
    try:
        SYSTEM.apply(s, other, Choose(option=pend.data["options"][0]))
    except RuleError as exc:
        assert exc.key == "talisman.err.not_your_decision"
    else:
        raise AssertionError("another seat answered the decision")


def test_a3_coop_start_tells_each_person_which_characters_they_play():
    """A3: at a co-op start the characters are dealt at random among the seats; the start
    message itself says who plays which (each person pinged), in English and Italian, not only
    the narration's lines one by one. A solo start needs no such line."""
    seats = [Seat(player="111", name="Alice"), Seat(player="222", name="Bob")]
    started = SYSTEM.new_game(seats, {}, 4)
    s = started.state
    names = {"en": {h.uid: pack_name(h.card, "en") for h in s.heroes}, "it": {h.uid: pack_name(h.card, "it") for h in s.heroes}}
    for locale, plays in (("en", " plays "), ("it", " gioca con ")):
        content = turn_message(result_of(s, started.events), locale).content
        first = content.splitlines()[0]
        for seat in ("111", "222"):
            mine = [names[locale][h.uid] for h in s.heroes if s.slots[h.slot] == seat]
            assert f"<@{seat}>{plays}" in first, first
            assert all(f"**{name}**" in first for name in mine), first
    solo_start = SYSTEM.new_game([Seat(player="111", name="Alice")], {}, 4)
    content = turn_message(result_of(solo_start.state, solo_start.events), "en").content
    assert " plays " not in content.splitlines()[0]


def pack_name(card: str, locale: str) -> str:
    from engine.darkest_talisman.content import pack_by_id
    return pack_by_id("core").name_of(card, locale)


def test_b1_village_service_lines_start_with_a_capital():
    """B1 (the village's services): /campaign village lists each service on its own line, and
    each line starts as a sentence would ("The Healer: ...", "Il Guaritore: ..."), in both
    languages."""
    from systems.darkest_talisman.embeds import village_embed
    for locale, title in (("en", "Services"), ("it", "Servizi")):
        e = village_embed(SYSTEM.view(solo(), None), locale)
        field = next(f for f in e.fields if f.name == title)
        lines = [line for line in field.value.splitlines() if line.strip()]
        assert lines and all(line.lstrip("•· ")[:1].isupper() for line in lines), lines


def test_cursed_glade_the_guardians_button_counts_no_object_bonus():
    """The Cursed Glade (a trove destination of the Outer Region): Objects give no Strength or
    Craft there, and the engine's Guardian Combat counts none; the button shows the same totals."""
    from engine.darkest_talisman import heroes as H
    from engine.darkest_talisman.content import pack_by_id
    from engine.darkest_talisman.state import Decision
    from gm.i18n import t
    from systems.darkest_talisman.names import Names
    from tests.talisman.helpers import choose, give, party_of, rig, settle

    s = settle(party_of(solo(1), "warrior", "troll", "wizard"))
    give(s, s.order[1], "sword")
    s = choose(rig(s, dice=[2], deck=["festival", "good_fortune"]), "depart:city")
    s.trip.road[s.trip.position].special = "cursed_glade"
    s.decision = Decision(kind="guardians", options=["fight", "turn_back"])
    view = SYSTEM.view(s, "p1")
    p = pack_by_id("core")
    bare = sum(H.total(p, h, "strength", no_magic=True) for h in s.party())
    assert bare < sum(H.total(p, h, "strength") for h in s.party())
    label = odds.for_option(Names(view, "en"), view, "guardians", "fight")
    assert label == t("en", "talisman.odds.party", strength=bare,
                      craft=sum(H.total(p, h, "craft", no_magic=True) for h in s.party()))
