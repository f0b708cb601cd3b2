"""Water Realm, the end of the journey and of the game (rulebook "Journey's End", "Pearl of the
Abyss", "Artifacts of Fallen Characters", "End of the Game", "The Apocalypse Variant")."""
from __future__ import annotations

from engine.prophecy.game import SYSTEM
from tests.prophecy_water.water_helpers import (
    PALACE,
    W,
    act,
    at_the_gate,
    begin,
    cell,
    dive,
    figures,
    give,
    idx,
    kinds,
    legal,
    load,
    open_gate,
    quiet,
    types,
    ws,
)


def _game(**kw):
    return at_the_gate((9, 6), **kw)


def _to_palace(state, bubbles=6):
    dive(state, "p1", cell(4, 1), bubbles=bubbles)
    begin(state, "p1")
    return act(state, "p1", {"type": "water_move", "to": PALACE})


def test_water_journeys_end__the_palace_guardian_is_fought_at_once_without_the_underwater_penalty():
    """"Attacking the Guardian": entering the Palace, she fights its Greater Guardian as on an
    Astral Plane: no penalty for Items under water, no Power Up (the Gate's plane lost it)."""
    state = _game()
    sword = give(state, "p1", "greatsword")
    state, events = _to_palace(state)
    assert state.turn.phase == "fight" and "guardian_revealed" in kinds(events)  # type: ignore[union-attr]  # set up by the test
    attacks = [a for a in legal(state, "p1") if a["type"] == "attack"]
    assert attacks and all(a["target"] == "astral_fire" for a in attacks)
    load(state, 6, 1)
    state, events = act(state, "p1", {"type": "attack", "target": "astral_fire", "battle": "strength",
                                      "weapon": sword})
    started = next(e for e in events if e.kind == "battle_started")
    assert started.data["player_figure"] == 9 + 3
    assert started.data["opponent"] == "guardian"


def test_water_journeys_end__beaten_the_artifact_a_pearl_a_full_heal_and_out():
    """Beating the Greater Guardian brings its Artifact and a Pearl of the Abyss (all Health and
    Magic back); she leaves the realm beside the Gate and her turn ends."""
    state = _game()
    artifact = state.standard.plane("astral_fire").artifact  # type: ignore[union-attr]  # a Standard game, built by the test
    p = state.player("p1")
    p.red.right, p.red.left = p.red.right - 3, p.red.left + 3
    state, events = _to_palace(state)
    load(state, 6, 1)
    state, events = act(state, "p1", {"type": "attack", "target": "astral_fire", "battle": "strength"})
    assert artifact in state.standard.players["p1"].artifacts  # type: ignore[union-attr]  # a Standard game, built by the test
    assert "p1" in ws(state).pearls and ws(state).pearls_left == 1
    assert state.player("p1").red.left == 0 and state.player("p1").blue.left == 0
    assert [a["type"] for a in legal(state, "p1")] == ["water_exit", "water_exit"]
    state, events = act(state, "p1", {"type": "water_exit", "space": "plains_1"})
    assert state.player("p1").board == "main" and state.turn.player == "p2"  # type: ignore[union-attr]  # set up by the test


def test_water_journeys_end__lost_or_drawn_she_waits_in_the_palace_without_paying_bubbles():
    """A loss or a draw leaves her in the Palace; her next turn costs no Bubble, and she may
    leave the realm or stay (an Ability instead of moving first) and attack again."""
    state = _game()
    figures(state, "p1", 4, 4)
    state, _ = _to_palace(state, bubbles=3)
    load(state, 1, 6)
    state, events = act(state, "p1", {"type": "attack", "target": "astral_fire", "battle": "strength"})
    assert types(state, "p1") <= {"end_turn", "use_item"}
    begin(state, "p2", phase="act")
    state, events = act(state, "p2", {"type": "end_turn"})
    assert state.turn.player == "p1" and ws(state).divers["p1"].bubbles == 3  # type: ignore[union-attr]  # set up by the test
    exits = {a.get("exit") for a in legal(state, "p1") if a["type"] == "water_move"}
    assert {"plains_1", "mountains_1"} <= exits and "water_stay" in types(state, "p1")
    state, events = act(state, "p1", {"type": "water_stay"})
    assert state.turn.phase == "fight"  # type: ignore[union-attr]  # set up by the test


def test_water_pearl_of_the_abyss__after_the_guardian_fell_one_per_player():
    """"Pearl of the Abyss": once the Guardian is beaten, whoever reaches the Palace takes a Pearl
    (no battle) and goes back; one Pearl per player."""
    state = _game()
    fire = state.standard.plane("astral_fire")  # type: ignore[union-attr]  # a Standard game, built by the test
    fire.greater = None
    fire.artifact = None
    state, events = _to_palace(state)
    assert "water_pearl_gained" in kinds(events) and ws(state).pearls == ["p1"]
    state, _ = act(state, "p1", {"type": "water_exit", "space": "plains_1"})
    state = quiet(state, board=True)
    state, events = _to_palace(state)
    assert "water_pearl_gained" not in kinds(events) and ws(state).pearls == ["p1"]


def test_water_pearl_of_the_abyss__plus_one_against_a_character_without_one():
    """"Pearl of the Abyss": +1 in a Battle of Strength or Wills against a character who has no
    Pearl (not against one who has)."""
    state = _game()
    ws(state).pearls = ["p1"]
    state.player("p2").space = state.player("p1").space = idx("plains_2")
    begin(state, "p1", phase="act")
    load(state, 6, 1)
    _, events = act(state, "p1", {"type": "attack", "target": "p2", "battle": "strength"})
    assert next(e for e in events if e.kind == "battle_started").data["player_figure"] == 9 + 1
    ws(state).pearls = ["p1", "p2"]
    load(state, 6, 1)
    _, events = act(state, "p1", {"type": "attack", "target": "p2", "battle": "strength"})
    assert next(e for e in events if e.kind == "battle_started").data["player_figure"] == 9


def _holding(state, pid, *planes):
    sst = state.standard
    for plane_id in planes:
        plane = sst.plane(plane_id)
        sst.players[pid].artifacts.append(plane.artifact)
        plane.artifact = plane.greater = plane.lesser = None


def test_water_pearl_of_the_abyss__the_fifth_artifact_held_with_a_pearl_must_be_won():
    """"Pearl of the Abyss": four Artifacts do not bring the fifth when its holder has a Pearl;
    every Artifact is held, so the Final Battle begins."""
    state = _game()
    _holding(state, "p2", "astral_fire")
    ws(state).pearls = ["p2"]
    _holding(state, "p1", "astral_water", "astral_air", "astral_earth")
    spirit = state.standard.plane("astral_spirit")  # type: ignore[union-attr]  # a Standard game, built by the test
    spirit.lesser = None
    from engine.prophecy.context import Ctx
    from engine.prophecy.rules import pack_of
    from engine.prophecy.standard import artifacts as art

    ctx = Ctx(state=state, pack=pack_of(state))
    card = spirit.artifact
    spirit.artifact = spirit.greater = None
    begin(state, "p1", phase="act")
    art.gain(ctx, state.player("p1"), card, "astral_spirit")
    assert state.status == "active" and len(state.standard.players["p2"].artifacts) == 1  # type: ignore[union-attr]  # a Standard game, built by the test
    assert any(d.kind == "battleground" for d in state.standard.decisions)  # type: ignore[union-attr]  # a Standard game, built by the test


def test_water_end_of_the_game__four_artifacts_do_not_win_while_the_last_is_in_the_realm():
    """"The Last Artifact": the game does not end while the Water Realm's Artifact is there,
    even for a character with the other four."""
    state = _game()
    _holding(state, "p1", "astral_water", "astral_air", "astral_earth")
    spirit = state.standard.plane("astral_spirit")  # type: ignore[union-attr]  # a Standard game, built by the test
    from engine.prophecy.context import Ctx
    from engine.prophecy.rules import pack_of
    from engine.prophecy.standard import artifacts as art

    card = spirit.artifact
    spirit.artifact = spirit.greater = spirit.lesser = None
    begin(state, "p1", phase="act")
    art.gain(Ctx(state=state, pack=pack_of(state)), state.player("p1"), card, "astral_spirit")
    assert state.status == "active" and len(state.standard.players["p1"].artifacts) == 4  # type: ignore[union-attr]  # a Standard game, built by the test
    assert not state.standard.decisions  # type: ignore[union-attr]  # and no Final Battle: one is missing


def test_water_artifacts_of_fallen_characters__they_stay_on_her_space_for_who_ends_a_turn_there():
    """"Artifacts of Fallen Characters": a character who dies in the realm leaves her Artifacts on
    her space; the first to end her turn there takes them; the Final Battle waits for them."""
    state = _game(players=3)
    state.player("p3").space = idx("city")
    _holding(state, "p2", "astral_water")
    dive(state, "p2", cell(3, 2), bubbles=0)
    p2 = state.player("p2")
    state.bank_red += p2.red.right
    p2.red.left, p2.red.right = p2.red.left + p2.red.right, 0
    begin(state, "p1", phase="act")
    state, events = act(state, "p1", {"type": "end_turn"})  # p2 drowns at the start of her round
    assert not state.player("p2").alive
    assert state.standard.dropped.get(f"water:{cell(3, 2)}")  # type: ignore[union-attr]  # a Standard game, built by the test
    dive(state, "p1", cell(3, 1), bubbles=6)
    begin(state, "p1")
    state, _ = act(state, "p1", {"type": "water_move", "to": cell(3, 2)})
    assert not state.standard.players["p1"].artifacts  # type: ignore[union-attr]  # not until her turn ends
    state, events = act(state, "p1", {"type": "end_turn"})
    assert state.standard.players["p1"].artifacts  # type: ignore[union-attr]  # a Standard game, built by the test


def test_water_end_of_the_game__the_final_battle_brings_everyone_back_and_closes_the_gate():
    """"The Final Battle": once every Artifact is out, everyone in the realm is brought back to
    the main board and the Final Battle begins; the Gate is closed (The Apocalypse Variant)."""
    state = _game()
    _holding(state, "p2", "astral_water", "astral_air")
    _holding(state, "p1", "astral_earth", "astral_spirit")
    dive(state, "p2", cell(2, 2), bubbles=4)
    state, events = _to_palace(state)
    load(state, 6, 1)
    state, events = act(state, "p1", {"type": "attack", "target": "astral_fire", "battle": "strength"})
    assert "final_battle_called" in kinds(events) and ws(state).closed and not ws(state).divers
    assert all(p.board == "main" for p in state.players)
    assert state.player("p2").space in (idx("plains_1"), idx("mountains_1"))


def test_water_the_apocalypse_variant__legends_of_the_deeps_is_passed_over_in_the_final_battle():
    """"The Apocalypse Variant": Legends of the Deeps (like the Prophetic Dream) is ignored during
    the Final Battle and the next card is turned up."""
    from engine.prophecy.standard.state import FinalBattle

    state = _game(apocalypse=True)
    state.standard.final_battle = FinalBattle(space="village")  # type: ignore[union-attr]  # a Standard game, built by the test
    state.player("p1").space = idx("village")
    begin(state, "p2", phase="act")
    state.decks.chance.draw.extend(["good_times", W.data.legends.id])
    state, events = act(state, "p2", {"type": "end_turn"})
    skipped = [e.data["card"] for e in events if e.kind == "chance_skipped"]
    drawn = [e.data["card"] for e in events if e.kind == "chance_drawn"]
    assert skipped == [W.data.legends.id] and drawn == ["good_times"]


def test_water_the_view_of_the_palace_cards_follows_the_plane():
    """The Palace's Guardian and Artifact stay hidden until fought or dreamed of (a Prophetic
    Dream may still show them; Legends of the Deeps may not)."""
    state = _game()
    fire = state.standard.plane("astral_fire")  # type: ignore[union-attr]  # a Standard game, built by the test
    shown = SYSTEM.view(state, None).standard.plane("astral_fire")  # type: ignore[union-attr]  # a Standard game, built by the test
    assert shown.greater == "face_down" and shown.artifact == "face_down"
    assert fire.greater not in SYSTEM.view(state, "p1").model_dump_json()


def test_water_palace_with_the_ten_artifacts_variant__the_pair_of_the_gates_plane_is_won_there():
    """"Ten Artifacts Variant" with the Water Realm: the Gate's plane held two Artifacts, which
    went to the Palace with its Greater Guardian; beating that Guardian, she looks at both and
    keeps one (a decision only she sees), the other is set aside, and she still gets her Pearl."""
    seats_standard = {"character_choice": "random"}
    from engine.core.system import Seat
    seats = [Seat(player=f"p{i + 1}", name=f"Player {i + 1}") for i in range(2)]
    options = {"version": "standard", "auto_end_turn": False,
               "standard": {**seats_standard, "expansion": {"water_realm": True, "artifacts": "ten"}}}
    state = quiet(SYSTEM.new_game(seats, options, 1).state)
    open_gate(state)
    state.player("p2").space = idx("village")
    figures(state, "p1", 9, 6)
    figures(state, "p2", 4, 4)
    pair = state.standard.island.pairs.get("astral_fire")  # type: ignore[union-attr]  # a Standard game, built by the test
    first = state.standard.plane("astral_fire").artifact  # type: ignore[union-attr]  # a Standard game, built by the test
    assert pair is not None and first is not None
    state, _ = _to_palace(state)
    load(state, 6, 1)
    attack = next(a for a in legal(state, "p1") if a["type"] == "attack")  # the battle this Guardian allows
    state, events = act(state, "p1", attack)
    assert "wrart_pair_won" in kinds(events) and "p1" in ws(state).pearls
    pend = SYSTEM.pending(state)
    assert pend is not None and pend.player == "p1"
    keeps = [a for a in legal(state, "p1") if a["type"] == "wrart_keep"]
    while not keeps:  # the realm's own question (leaving the Palace) may come first
        state, _ = act(state, "p1", next(a for a in legal(state, "p1") if a["type"] == "water_exit"))
        keeps = [a for a in legal(state, "p1") if a["type"] == "wrart_keep"]
    assert {a["artifact"] for a in keeps} == {first, pair}
    hidden = SYSTEM.view(state, "p2").model_dump_json()
    assert first not in hidden and pair not in hidden  # only she sees what she chooses between
    state, _ = act(state, "p1", {"type": "wrart_keep", "artifact": pair})
    assert pair in state.standard.players["p1"].artifacts and first not in state.standard.players["p1"].artifacts  # type: ignore[union-attr]  # a Standard game, built by the test


def test_water_round_waits_for_another_players_ten_artifacts_choice_first():
    """A diver's turn and another player's pending Ten Artifacts choice: the game waits on the
    choice (a question of its own, of another player) before the diver moves, and the player
    asked can answer it (found in a whole game over Discord, where it stalled the table)."""
    from engine.core.system import Seat
    from engine.prophecy.water_realm.island.state import KeepArtifact
    seats = [Seat(player=f"p{i + 1}", name=f"Player {i + 1}") for i in range(2)]
    options = {"version": "standard", "auto_end_turn": False,
               "standard": {"character_choice": "random", "expansion": {"water_realm": True, "artifacts": "ten"}}}
    state = quiet(SYSTEM.new_game(seats, options, 1).state)
    open_gate(state)
    dive(state, "p1", cell(2, 1))
    begin(state, "p1")
    state.standard.island.keep = KeepArtifact(player="p2", plane="astral_earth", options=["royal_cape", "bronze_steed"])  # type: ignore[union-attr]  # a Standard game, built by the test
    pend = SYSTEM.pending(state)
    assert pend is not None and pend.player == "p2" and pend.kind == "wrart_keep"
    assert {a["artifact"] for a in legal(state, "p2")} == {"royal_cape", "bronze_steed"}
    assert legal(state, "p1") == []
    state, _ = act(state, "p2", {"type": "wrart_keep", "artifact": "bronze_steed"})
    pend = SYSTEM.pending(state)
    assert pend is not None and pend.player == "p1" and pend.kind.startswith("water_")
