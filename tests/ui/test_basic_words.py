"""Words of the Basic game that a player decides or learns from (issue 11):

* the fight prompt's battle lines ("the fight prompt shows ... each battle's cost and the
  odds"): each names its battle once, then its price and odds, then only the Items it is fought
  with, e.g. "Battle of Strength (free): win 58% · draw 14% · loss 28% with Sword";
* the end of the game says why it ended (Basic rules, "End of the Game"; the round limit and
  its tie-breaks are this bot's option and ruling)."""
from __future__ import annotations

import re

import pytest

from engine.ai.simulate import play
from engine.prophecy.game import SYSTEM
from systems.prophecy.prompt_text import creature_fields


@pytest.mark.parametrize("locale, heading", [("en", "Your battles (best gear)"),
                                             ("it", "I tuoi combattimenti (equipaggiamento migliore)")])
def test_each_battle_line_names_its_battle_once(locale, heading):
    seen: list[str] = []

    def step(_before, _actor, _action, after):  # type: ignore[no-untyped-def]  # tests are not type-checked
        pend = SYSTEM.pending(after)
        if pend is None or after.turn is None or after.turn.fight is None:
            return
        fields = dict(creature_fields(SYSTEM.view(after, None), pend.player, locale))
        seen.extend(fields.get(heading, "").splitlines())

    for seed in range(4):
        play(["heuristic", "heuristic"], seed, {"round_limit": 40}, on_step=step)
    lines = [line for line in seen if "%" in line]
    assert len(lines) > 10
    battle = re.compile(r"Battle of (Strength|Wills)|Combattimento (Fisico|Mentale)")
    for line in lines:
        assert len(battle.findall(line)) == 1, line
    assert any(" with " in line or " con " in line for line in lines)  # the Items, when there are any


@pytest.mark.parametrize("locale, why", [
    ("en", "The round limit (3) is reached: the most Certificates wins; a tie goes to Experience, then Gold"),
    ("it", "Raggiunto il limite di round (3): vince chi ha più Certificati"),
])
def test_a_basic_game_ended_by_the_round_limit_says_why_its_winner_won(locale, why):
    """Two characters with no Certificate at the round limit: the narration says the game ended
    at the limit and how the tie was broken (this bot's ruling), not just "The game is over"."""
    from systems.prophecy.describe import narrate

    lines: list[str] = []

    def step(before, actor, action, after):  # type: ignore[no-untyped-def]  # tests are not type-checked
        if after.status == "finished" and before.status != "finished":
            out = SYSTEM.apply(before, actor, action)
            lines.extend(narrate(SYSTEM.view(out.state, None), out.events, locale))

    rec = play(["random", "random"], 1, {"round_limit": 3}, on_step=step)
    assert rec.state.end_reason == "round_limit"
    assert any(why in line for line in lines), lines


@pytest.mark.parametrize("locale, paid, free", [
    ("en", "with the best gear (Battle of Strength, paying 1 Health)", "with the best gear (Battle of Strength)"),
    ("it", "con l'equipaggiamento migliore (Combattimento Fisico, pagando 1 Salute)",
     "con l'equipaggiamento migliore (Combattimento Fisico)"),
])
def test_a_move_line_names_the_price_of_the_battle_its_odds_need(locale, paid, free):
    """Basic rules, "Special Battles" (rules marked ! or ?) and "Optional Battles": a Barrow Wight
    attacks with Willpower, and fighting it with Strength instead costs 1 Health (its card's
    optional rule). A player choosing where to walk decides from the line alone, so when the best
    odds need that paid battle the line says so; a battle the Creature itself starts costs
    nothing and says no price."""
    from engine.prophecy.actions import Move
    from engine.prophecy.content import pack_by_id
    from systems.prophecy.prompt_text import destination_line
    from tests.prophecy.helpers import begin_turn, clear_board, new_game, put

    # the Swordsman: Strength 5, Willpower 4, so Strength is the better battle against W4 / S2
    state = new_game(2, seed=3, characters=["swordsman", None], pack="base")
    clear_board(state)
    pack = pack_by_id(state.options.pack)
    start = next(s for s in pack.board.spaces if s.kind == "plains")
    begin_turn(state, "p1", at=start.id)
    near = pack.space((pack.space_index(start.id) + 1) % len(pack.board.spaces)).id
    put(state, near, "barrow_wight")
    line = destination_line(state, "p1", Move(method="walk", to=near), locale, "walk")
    assert paid in line, line
    state = state.model_copy(deep=True)  # a new state (prompts work out a state's lines once)
    clear_board(state)
    put(state, near, "ogre")  # attacks with Strength: no price
    line = destination_line(state, "p1", Move(method="walk", to=near), locale, "walk")
    assert free in line, line


@pytest.mark.parametrize("locale, tied", [("en", "tied for the highest roll and roll again"),
                                          ("it", "Pareggio per il tiro più alto tra")])
def test_a_tie_for_the_first_turn_is_said_to_be_a_tie(locale, tied):
    """Basic rules, "Character Preparation": the highest roll begins; players who tie roll again.
    The second line of rolls says who tied and rolls again, instead of a second "Rolls for the
    first turn" line that reads like a mistake."""
    from engine.core.system import Seat
    from systems.prophecy.describe import narrate

    seats = [Seat(player=f"p{i}", name=f"Player {i}") for i in range(1, 5)]
    for seed in range(200):
        out = SYSTEM.new_game(seats, {"pack": "base"}, seed)
        rolls = [e for e in out.events if e.kind == "first_player_roll"]
        if len(rolls) > 1:
            break
    else:
        pytest.fail("no tie in 200 seeds")
    lines = narrate(SYSTEM.view(out.state, None), out.events, locale)
    again = [line for line in lines if tied in line]
    assert len(again) == len(rolls) - 1, lines
    for event, line in zip(rolls[1:], again, strict=False):
        assert all(f"Player {pid[1:]}" in line for pid in event.data["rolls"]), line


@pytest.mark.parametrize("locale, words", [("en", "Experience"), ("it", "Esperienza")])
def test_a_round_limit_ranking_shows_the_tie_break_figures(locale, words):
    """At the round limit (this bot's option) the winner is found by Certificates, then Experience,
    then Gold: the ranking lines show those figures, so a winner with no more Certificates than
    the next player is seen to have won on Experience or Gold."""
    from systems.prophecy.embeds import end_embed

    rec = play(["random", "random"], 1, {"round_limit": 3})
    assert rec.state.end_reason == "round_limit"
    ranking = next(f for f in end_embed(rec.state, locale).to_dict()["fields"])["value"].splitlines()
    assert len(ranking) == 2
    for line, entry in zip(ranking, rec.state.ranking, strict=False):
        p = rec.state.player(entry.player)
        assert f"{p.experience} {words}" in line, line


@pytest.mark.parametrize("locale", ["en", "it"])
def test_a_move_line_says_what_a_guilds_certificate_costs_her(locale):
    """Basic rules, "Acquiring a Certificate": five Experience and five Gold, no Gold for a guild
    the character belongs to, one Certificate per guild. A move toward a guild says that price
    for the player deciding, or that she already holds it, since the Certificate is why she goes."""
    from engine.prophecy.actions import Move
    from engine.prophecy.content import pack_by_id
    from systems.prophecy.prompt_text import destination_line
    from tests.prophecy.helpers import begin_turn, clear_board, new_game

    state = new_game(2, seed=3, characters=["swordsman", None], pack="base")
    clear_board(state)
    pack = pack_by_id(state.options.pack)
    p1 = state.player("p1")
    own = set(pack.character(p1.character).guilds)
    seen: dict[str, str] = {}
    for space in pack.board.spaces:
        if space.kind != "guild" or not space.guild:
            continue
        begin_turn(state, "p1", at=space.id)
        fresh = state.model_copy(deep=True)
        line = destination_line(fresh, "p1", Move(method="stay", to=space.id), locale, "stay")
        seen["member" if space.guild in own else "other"] = line
        fresh.player("p1").certificates.append(space.guild)
        seen["held"] = destination_line(fresh.model_copy(deep=True), "p1", Move(method="stay", to=space.id), locale, "stay")
    gold, xp = ("Gold", "Experience") if locale == "en" else ("Oro", "Esperienza")
    assert f"(5 {xp})" in seen["member"], seen["member"]
    assert f"(5 {gold}, 5 {xp})" in seen["other"], seen["other"]
    assert ("already yours" if locale == "en" else "già tuo") in seen["held"], seen["held"]


@pytest.mark.parametrize("locale", ["en", "it"])
def test_a_turn_that_passes_by_itself_gives_its_reasons_in_one_sentence(locale):
    """"X has nothing more to do, so the turn passes: <reasons>." Each reason reads as a phrase
    of that sentence, never with a colon of its own ("passes: Recharging Magic: nothing lost")."""
    from systems.prophecy.describe import narrate

    collected: list[str] = []

    def watch(before, actor, action, after):  # type: ignore[no-untyped-def]  # tests are not type-checked
        out = SYSTEM.apply(before, actor, action)
        ended = [e for e in out.events if e.kind == "turn_auto_ended"]
        if ended:
            collected.extend(narrate(SYSTEM.view(out.state, None), ended, locale))

    for seed in range(3):
        play(["heuristic", "heuristic", "random"], seed, {"round_limit": 12}, on_step=watch)
    assert len(collected) > 5
    for line in collected:
        assert line.count(":") == 1, line
