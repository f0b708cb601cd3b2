"""Preparing a Standard game: facts §2 and the rulings character_choice, astral_setup, power_up.

See tests/prophecy_standard/helpers.py for how test names cite rulings and facts.
"""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core.errors import RuleError
from engine.core.system import Seat
from engine.prophecy.content import pack_by_id
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import HIDDEN, StandardOptions
from engine.prophecy.state import ProphecyOptions
from tests.prophecy_standard.helpers import apply, kinds, legal, new_game, sp

GUILDS = ("fortress", "thieves_guild", "magic_tower", "forest_camp", "monastery")


def _all_cards(state, deck: str) -> Counter:
    d = getattr(state.decks, deck)
    on_board = [a.card for cards in state.spaces for a in cards] if deck == "adventure" else []
    return Counter(d.draw + d.discard + on_board)


def test_facts_s2__the_standard_decks_hold_every_card_the_basic_version_removes():
    """Facts §2: the Standard game uses the Lost Library and the nine Chance cards the Basic
    Version leaves out; Economic Crisis is part of it too (ruling economic_crisis)."""
    state = new_game(3, seed=4)
    adventures = _all_cards(state, "adventure")
    assert adventures["lost_library"] == 1
    assert sum(adventures.values()) == sum(n for _c, n in sp().adventure_deck())
    chance = _all_cards(state, "chance")
    for card in ("fortress_event", "thieves_guild_event", "magic_tower_event", "forest_camp_event", "monastery_event",
                 "interesting_times", "training_offer", "open_training", "prophetic_dream", "economic_crisis"):
        assert chance[card] >= 1, card
    assert sum(chance.values()) == sum(n for _c, n in sp().chance_deck())


def test_facts_s2__each_guild_offers_the_top_ability_of_its_deck_face_up():
    """Facts §2 (UH): the top Ability card of each guild deck is turned face up; ruling guild_offer: one."""
    state = new_game(2, seed=2)
    sst = state.standard
    for guild in GUILDS:
        offer = sst.guild_offers[guild]
        assert len(offer) == 1
        assert sp().ability(offer[0]).guild == guild
        assert sorted(sst.guild_decks[guild] + offer) == sorted(a.id for a in sp().guild_deck(guild))


def test_ruling_astral_setup__one_artifact_lesser_and_greater_guardian_per_plane_hidden():
    """Facts §2 (UH) / ruling astral_setup: each plane gets an Artifact, a Greater and a Lesser
    Guardian at random, face down; nobody sees them (not even in their own view)."""
    state = new_game(3, seed=9)
    planes = state.standard.planes
    assert [p.id for p in planes] == [p.id for p in pack_by_id("base").board.astral_planes]
    assert sorted(p.artifact for p in planes) == sorted(a.id for a in sp().artifacts)
    assert sorted(p.lesser for p in planes) == sorted(g.id for g in sp().guardians_of("lesser"))
    assert sorted(p.greater for p in planes) == sorted(g.id for g in sp().guardians_of("greater"))
    assert all(not p.up and not p.seen for p in planes)
    for viewer in [None, "p1", "p2", "p3"]:
        shown = SYSTEM.view(state, viewer).standard
        assert all(p.lesser == p.greater == p.artifact == HIDDEN for p in shown.planes)
    # different seeds deal differently
    other = new_game(3, seed=10).standard.planes
    assert [(p.lesser, p.greater, p.artifact) for p in other] != [(p.lesser, p.greater, p.artifact) for p in planes]


def test_ruling_power_up__none_in_plain_standard_and_the_table_may_lay_one():
    assert all(p.power_up == 0 for p in new_game(2).standard.planes)
    assert all(p.power_up == 2 for p in new_game(2, power_up=2).standard.planes)


def test_facts_s2__three_gold_three_experience_and_the_first_guild_as_starting_space():
    state = new_game(4, seed=3)
    pack = pack_by_id("base")
    for p in state.players:
        ch = pack.character(p.character)
        assert (p.gold, p.experience) == (3, 3)
        assert (p.red.right, p.blue.right) == (ch.strength, ch.willpower)
        assert pack.space(p.space).guild == ch.guilds[0]


def test_facts_s2__first_adventures_come_from_the_first_terrain_chance_card():
    """Facts §2 (UH): Chance cards are turned up until the first terrain card; one Adventure goes
    face up on every space of that terrain; that card is discarded, the others shuffled back."""
    for seed in range(5):
        state, events = _new(seed)
        first = next(e for e in events if e.kind == "first_adventures")
        terrain = first.data["terrain"]
        pack = pack_by_id("base")
        spaces = [i for i, s in enumerate(pack.board.spaces) if s.terrain == terrain]
        placed = [e for e in events if e.kind == "adventure_placed"]
        assert sorted(e.data["space"] for e in placed) == sorted(pack.space(i).id for i in spaces)
        assert all(len(state.spaces[i]) >= 1 and state.spaces[i][0].face_up for i in spaces)
        assert first.data["card"] in state.decks.chance.discard


def _new(seed: int, **standard):  # type: ignore[no-untyped-def]  # tests are not type-checked
    seats = [Seat(player=f"p{i}", name=f"P{i}") for i in range(3)]
    out = SYSTEM.new_game(seats, {"version": "standard", "auto_end_turn": False, "standard": standard}, seed)
    return out.state, out.events


def test_ruling_character_choice__deal_two_keep_one_is_a_pending_decision_per_seat():
    state, events = _new(7)
    assert state.turn is None, "no turn before every character is chosen"
    offered = {e.player: e for e in events if e.kind == "characters_offered"}
    assert set(offered) == {"p0", "p1", "p2"}
    for e in offered.values():  # nothing in a (public) event says which two were dealt
        assert set(e.data) == {"count"}
    hands = [d.options for d in state.standard.decisions]
    assert all(len(h) == 2 for h in hands) and len({c for h in hands for c in h}) == 6
    for seat, hand in zip(("p0", "p1", "p2"), hands, strict=False):
        pend = SYSTEM.pending(state)
        assert pend.player == seat and pend.kind == "decide_character"
        assert "options" not in pend.data  # secret: only the seat's own view shows them
        others = [p for p in ("p0", "p1", "p2") if p != seat]
        assert legal(state, others[0]) == []
        with pytest.raises(RuleError):
            SYSTEM.apply(state, others[0], {"type": "choose_character", "character": hand[0]})
        with pytest.raises(RuleError):
            SYSTEM.apply(state, seat, {"type": "choose_character", "character": "no_such"})
        assert legal(state, seat) == [{"type": "choose_character", "character": c} for c in hand]
        state, ev = apply(state, seat, {"type": "choose_character", "character": hand[1]})
        assert state.player(seat).character == hand[1]
        assert "character_chosen" in kinds(ev)
    assert state.turn is not None and state.turn.player == state.first_player
    # the character set aside went back to the box: nobody holds it
    assert all(h[0] not in {p.character for p in state.players} for h in hands)


def test_ruling_character_choice__dealt_characters_are_seen_only_by_their_seat():
    state, _ = _new(8)
    for d in state.standard.decisions:
        mine = SYSTEM.view(state, d.player).standard.decisions
        assert next(x for x in mine if x.player == d.player).options == d.options
        for viewer in [None] + [x.player for x in state.players if x.player != d.player]:
            theirs = next(x for x in SYSTEM.view(state, viewer).standard.decisions if x.player == d.player)
            assert theirs.options == [HIDDEN, HIDDEN]
            text = SYSTEM.view(state, viewer).model_dump_json()
            for card in d.options:
                assert f'"{card}"' not in text


def test_ruling_character_choice__random_alternative_deals_one_each():
    state, events = _new(7, character_choice="random")
    assert not state.standard.decisions and state.turn is not None
    assert all(p.character for p in state.players)
    assert kinds(events).count("character_dealt") == 3


def test_standard_options__defaults_are_the_manifest_values_and_choices_its_choices():
    """Every StandardOptions field named like a manifest option takes its default value and
    exactly its choices (the rulings explain them)."""
    manifest = sp().manifest.options
    fields = StandardOptions.model_fields
    checked = 0
    for name, spec in manifest.items():
        if name not in fields:
            continue
        checked += 1
        assert fields[name].default == spec.value, name
        annotation = fields[name].annotation
        if annotation is bool:
            assert set(spec.choices) <= {True, False}
        else:
            assert set(annotation.__args__) == set(spec.choices), name  # type: ignore[union-attr]  # set up by the test
    assert checked == 9


def test_options__version_standard_gets_the_standard_options_and_basic_none():
    assert ProphecyOptions(version="standard").standard == StandardOptions()
    assert ProphecyOptions().standard is None
    with pytest.raises(ValueError):
        ProphecyOptions(version="basic", standard={})
    basic = ProphecyOptions().model_dump_json()
    assert "standard" not in basic, "a Basic game's options dump as before"


def test_basic_game_state_has_no_standard_part_in_its_json():
    state = SYSTEM.new_game([Seat(player="a", name="a"), Seat(player="b", name="b")], {}, 1).state
    assert state.standard is None and '"standard"' not in state.dump()


def test_setup__a_seat_may_still_ask_for_its_character():
    seats = [Seat(player="a", name="a", character="troll"), Seat(player="b", name="b")]
    state = SYSTEM.new_game(seats, {"version": "standard"}, 3).state
    assert state.player("a").character == "troll"
    assert [d.player for d in state.standard.decisions] == ["b"]
