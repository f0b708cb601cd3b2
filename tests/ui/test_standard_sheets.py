"""The Standard game's words: /game status (Astral Planes, Artifacts held, Abilities on offer,
each character's Abilities, the Final Battle), /me (Abilities and Artifacts with what they do
and whether used, Items x/7 and Abilities x/7) and the final ranking, in English and Italian,
built from the view the reader may see. Rulings cited are in data/prophecy/standard/rulings.yaml."""
from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from engine.prophecy.content_standard import standard_pack_by_id
from engine.prophecy.context import Ctx
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import FinalBattle
from engine.prophecy.state import ProphecyState
from systems.prophecy.embeds import end_embed, sheet_embed, status_embeds
from tests.prophecy_standard.helpers import begin_turn, give, hold_artifacts, learn, new_game, pack, put, quiet

LOCALES = ("en", "it")
PLANES = ("astral_fire", "astral_water", "astral_air", "astral_earth", "astral_spirit")


def text_of(embeds: list[discord.Embed] | discord.Embed) -> str:
    """Everything a reader sees of the embeds: titles, descriptions, fields, footers."""
    if isinstance(embeds, discord.Embed):
        embeds = [embeds]
    parts: list[str] = []
    for e in embeds:
        parts += [e.title or "", e.description or "", e.footer.text or "" if e.footer else ""]
        for f in e.fields:
            parts += [f.name or "", f.value or ""]
    return "\n".join(parts)


def field(embeds: list[discord.Embed] | discord.Embed, start: str) -> str:
    if isinstance(embeds, discord.Embed):
        embeds = [embeds]
    found = [f.value or "" for e in embeds for f in e.fields if (f.name or "").startswith(start)]
    assert found, start
    return found[0]


def status(state: ProphecyState, locale: str = "en", viewer: str | None = None, record: str = "active") -> list[discord.Embed]:
    return status_embeds(SYSTEM.view(state, viewer), 1, locale, record)


def sheet(state: ProphecyState, player: str, locale: str = "en") -> discord.Embed:
    """/me as the bot builds it: from the player's own view."""
    shown = SYSTEM.view(state, player)
    return sheet_embed(shown, shown.player(player), locale)


def raw_ids(state: ProphecyState) -> set[str]:
    """Ids that must never reach a reader: every Standard card, plane, space and the hidden mark."""
    sp = standard_pack_by_id()
    ids = {c.id for c in [*sp.abilities, *sp.artifacts, *sp.guardians]}
    ids |= set(PLANES) | {s.id for s in pack().board.spaces if "_" in s.id} | {"face_down"}
    return ids


def assert_clean(text: str, state: ProphecyState) -> None:
    """No raw id, no template left unfilled."""
    for token in raw_ids(state):
        assert not re.search(rf"\b{token}\b", text), token
    assert not re.search(r"\{[a-z_|]+\}", text), text


def a_rich_game() -> ProphecyState:
    """A Standard game mid-way: Guardians face up, beaten and looked at; Artifacts held and
    lying; Abilities learned and used; a face-down Adventure; a Power Up."""
    state = quiet(new_game(3, seed=4, power_up=1))
    sst = state.standard
    assert sst is not None
    sst.plane(PLANES[1]).up = ["lesser"]
    sst.plane(PLANES[0]).seen = {"greater": ["p2"]}
    hold_artifacts(state, "p1", sst.plane(PLANES[3]).artifact)  # type: ignore[arg-type]  # a deliberately loose value from the test
    sst.dropped["fortress"] = [sst.plane(PLANES[4]).artifact]  # type: ignore[list-item]  # set up by the test
    sst.plane(PLANES[4]).artifact = None
    learn(state, "p1", "training", "horsemanship", "prayer")
    sst.players["p1"].round_used.append("training")
    give(state, "p1", "sword")
    put(state, "plains_1", "wolf_pack")
    put(state, "plains_1", "hydra", face_up=False)
    begin_turn(state, "p1")
    return state


# ------------------------------------------------------------------------------ status
@pytest.mark.parametrize("locale", LOCALES)
def test_status_shows_planes_artifacts_offers_and_each_characters_abilities(locale: str) -> None:
    state = a_rich_game()
    embeds = status(state, locale)
    text = text_of(embeds)
    assert_clean(text, state)
    planes = field(embeds, "🌌")
    water = "Astral Plane of Water" if locale == "en" else "Portale Astrale dell'Acqua"
    guardian = "Iron Golem" if locale == "en" else "Golem di Ferro"
    sp = standard_pack_by_id()
    assert water in planes and guardian in planes or sp.card_name(state.standard.plane(PLANES[1]).lesser, locale) in planes
    # a Guardian turned up shows its figures with the plane's Power Up added (ruling power_up)
    g = sp.guardian(state.standard.plane(PLANES[1]).lesser)  # type: ignore[arg-type]  # a deliberately loose value from the test
    assert f"{g.strength + 1}" in planes and f"{g.willpower + 1}" in planes
    looked = "looked at by Player 2" if locale == "en" else "l'ha guardato: Player 2"
    assert looked in planes
    artifacts = field(embeds, "🏺")
    held = sp.card_name(state.standard.players["p1"].artifacts[0], locale)
    lying = sp.card_name("royal_cape" if "royal_cape" in state.standard.dropped["fortress"] else
                         state.standard.dropped["fortress"][0], locale)
    assert f"Player 1: {held}" in artifacts and lying in artifacts
    offers = field(embeds, "📖")
    for cards in state.standard.guild_offers.values():
        for card in cards:
            assert sp.card_name(card, locale) in offers
    characters = embeds[1].fields[0].value or ""
    assert ("Abilities 3/7" if locale == "en" else "Abilità 3/7") in characters
    assert held in characters
    # the face-down Adventure is "a card", never its name
    board = embeds[0].description or ""
    assert ("a face-down card" if locale == "en" else "una carta coperta") in board
    assert ("Hydra" if locale == "en" else "Idra") not in text


def test_status_of_two_games_differing_only_in_hidden_cards_is_the_same() -> None:
    """Ruling astral_setup: nobody knows the face-down plane cards, so the spectator status
    (and each seat's, for cards nobody looked at) says the same of both games."""
    one = a_rich_game()
    other = one.model_copy(deep=True)
    air, spirit = other.standard.plane(PLANES[2]), other.standard.plane(PLANES[0])
    for slot in ("lesser", "artifact"):  # face down on both planes, and looked at by nobody
        mine, theirs = getattr(air, slot), getattr(spirit, slot)
        setattr(air, slot, theirs)
        setattr(spirit, slot, mine)
    assert other.standard.plane(PLANES[2]).lesser != one.standard.plane(PLANES[2]).lesser
    plains = other.spaces[pack().space_index("plains_1")]
    plains[1] = plains[1].model_copy(update={"card": "hermit"})  # a card on a space is frozen: replaced
    for locale in LOCALES:
        for viewer in (None, "p1", "p3"):
            assert [e.to_dict() for e in status(one, locale, viewer)] == [e.to_dict() for e in status(other, locale, viewer)]


def test_a_card_looked_at_shows_only_in_its_readers_status() -> None:
    """Ruling prophetic_dream: the card looked at is known to that player alone; others see
    only that she looked."""
    state = a_rich_game()
    secret = standard_pack_by_id().card_name(state.standard.plane(PLANES[0]).greater, "en")  # type: ignore[arg-type]  # a deliberately loose value from the test
    assert secret not in text_of(status(state))
    assert secret not in text_of(status(state, viewer="p1"))
    mine = field(status(state, viewer="p2"), "🌌")
    assert f"{secret}" in mine and "only you know" in mine


@pytest.mark.parametrize("locale", LOCALES)
def test_status_names_the_final_battle_only_when_it_is_on(locale: str) -> None:
    """Rulings final_battle_start and apocalypse."""
    state = a_rich_game()
    title = "⚔️"
    assert not any((f.name or "").startswith(title) for e in status(state, locale) for f in e.fields)
    state.standard.final_battle = FinalBattle(space="city")
    fb = field(status(state, locale), title)
    assert ("City" if locale == "en" else "Città") in fb and ("Apocalypse" not in fb and "Apocalisse" not in fb)
    state.standard.final_battle.apocalypse = True
    assert ("Apocalypse" if locale == "en" else "Apocalisse") in field(status(state, locale), title)


def test_basic_status_is_unchanged_by_the_standard_fields() -> None:
    from engine.core.system import Seat

    basic = SYSTEM.new_game([Seat(player="p1", name="A"), Seat(player="p2", name="B")], {}, 2).state
    embeds = status_embeds(SYSTEM.view(basic, None), 1, "en", "active")
    names = [f.name for e in embeds for f in e.fields]
    assert not any(n and n[0] in "🌌🏺📖⚔" for n in names)
    assert "📜" in (embeds[1].fields[0].value or "") and "📜" in (embeds[1].footer.text or "")


# ---------------------------------------------------------------------------------- /me
@pytest.mark.parametrize("locale", LOCALES)
def test_sheet_lists_abilities_and_artifacts_with_effects_use_and_limits(locale: str) -> None:
    """Facts §5 (at most 7 Items, 7 Abilities); ruling instead_of_movement (once-a-round
    powers count from the start of her round)."""
    state = a_rich_game()
    sp = standard_pack_by_id()
    e = sheet(state, "p1", locale)
    text = text_of(e)
    assert_clean(text, state)
    desc = e.description or ""
    assert ("Items 1/7" if locale == "en" else "Oggetti 1/7") in desc
    assert ("Abilities 3/7" if locale == "en" else "Abilità 3/7") in desc
    fields = {f.name: f.value for f in e.fields}
    training = next(name for name in fields if name and sp.card_name("training", locale) in name)
    assert ("used this round" if locale == "en" else "già usata in questo round") in training
    assert fields[training] == sp.card_text("training", locale)
    prayer = next(name for name in fields if name and sp.card_name("prayer", locale) in name)
    assert ("spell" if locale == "en" else "incantesimo") in prayer
    assert fields[prayer] == sp.card_text("prayer", locale)
    artifact = state.standard.players["p1"].artifacts[0]
    held = next(name for name in fields if name and name.startswith("🏺"))
    assert sp.card_name(artifact, locale) in held and fields[held] == sp.card_text(artifact, locale)
    assert len([n for n in fields if n and n.startswith("📖")]) == 3


def test_sheet_says_an_ability_is_ready_again_next_round() -> None:
    state = a_rich_game()
    state.standard.players["p1"].round_used.clear()
    fields = [f.name or "" for f in sheet(state, "p1").fields]
    assert any("Training" in n and "ready" in n for n in fields)


def test_sheet_shows_a_secret_to_its_holder_alone() -> None:
    """Ruling prophetic_dream: /me of whoever looked lists the card; nobody else's does."""
    state = a_rich_game()
    secret = standard_pack_by_id().card_name(state.standard.plane(PLANES[0]).greater, "en")  # type: ignore[arg-type]  # a deliberately loose value from the test
    assert secret in text_of(sheet(state, "p2"))
    assert secret not in text_of(sheet(state, "p1")) and secret not in text_of(sheet(state, "p3"))
    # a sheet built from a spectator's view names nothing either
    shown = SYSTEM.view(state, None)
    assert secret not in text_of(sheet_embed(shown, shown.player("p2"), "en"))


# --------------------------------------------------------------------------- the ending
def finished(state: ProphecyState, winner: str | None, reason: str) -> ProphecyState:
    """End the game the way the engine does (engine/prophecy/endgame.finish, with the
    Standard ranking of engine/prophecy/standard/endgame.ranking)."""
    from engine.prophecy.endgame import finish

    finish(Ctx(state=state, pack=pack()), winner, reason)
    return state


@pytest.mark.parametrize("reason,words", [
    ("four_artifacts", "four are enough"),
    ("final_battle", "Final Battle"),
    ("last_standing", "last character alive"),
    ("apocalypse", "Apocalypse"),
    ("round_limit", "round limit"),
])
def test_end_embed_says_how_the_game_was_won(reason: str, words: str) -> None:
    state = a_rich_game()
    e = end_embed(SYSTEM.view(finished(state, "p2", reason), None), "en")
    assert "Player 2" in (e.title or "") and words in (e.description or "") and "Player 2" in (e.description or "")
    it = end_embed(SYSTEM.view(state, None), "it")
    assert "Player 2" in (it.description or "") and (it.description or "") != (e.description or "")


def test_end_embed_when_nobody_wins() -> None:
    """Ruling last_survivor: if all die, nobody wins."""
    state = a_rich_game()
    for p in state.players:
        p.alive = False
    e = end_embed(SYSTEM.view(finished(state, None, "everyone_died"), None), "en")
    assert "Nobody wins" in (e.title or "") and "died" in (e.description or "")
    assert "None" not in text_of(e)


def test_end_ranking_order_winner_living_artifacts_abilities_experience_gold() -> None:
    """The ranking (ruling ranking, engine/prophecy/standard/endgame.ranking) is shown as the
    engine made it: the winner first whatever she holds; then the living before the dead;
    then more Artifacts first, then more Abilities, then more Experience, then more Gold;
    full ties share a place. Each line shows those figures, so a reader sees why."""
    state = quiet(new_game(5, seed=9))
    hold_artifacts(state, "p2", "royal_cape", "orb_of_fate")
    hold_artifacts(state, "p3", "crown_of_wisdom")
    learn(state, "p4", "training")
    learn(state, "p5", "horsemanship")
    state.player("p5").experience, state.player("p4").experience = 9, 9
    state.player("p5").gold, state.player("p4").gold = 1, 1
    state.player("p3").alive = False  # one Artifact, but dead
    e = end_embed(SYSTEM.view(finished(state, "p1", "round_limit"), None), "en")
    lines = (e.fields[0].value or "").splitlines()
    order = [re.match(r"(\d+)\. (Player \d)", line).groups() for line in lines]  # type: ignore[union-attr]  # the text is known to match
    assert order == [("1", "Player 1"), ("2", "Player 2"), ("3", "Player 4"), ("3", "Player 5"), ("5", "Player 3")]
    assert "Artifacts 2 · Abilities 0" in lines[1] and "(dead)" in lines[4]
    assert "Abilities 1 · Experience 9 · Gold 1" in lines[2]
    assert "Artifacts, Abilities, Experience and Gold" in (e.footer.text or "")


def test_status_after_the_end_and_after_an_early_end() -> None:
    state = a_rich_game()
    standing = field(status(state, "en", record="ended"), "Standing when it was ended")
    assert standing.startswith("1. Player 1: Artifacts 1")  # the only one with an Artifact
    assert "Certificate" not in text_of(status(state, "en", record="ended"))
    finished(state, "p1", "four_artifacts")
    over = text_of(status(state, "it"))
    assert "Artefatti" in over and "Player 1" in over
    assert_clean(over, state)


def test_basic_end_embed_is_as_before() -> None:
    from engine.core.system import Seat

    basic = SYSTEM.new_game([Seat(player="p1", name="A"), Seat(player="p2", name="B")], {}, 2).state
    from engine.prophecy.content import pack_by_id
    from engine.prophecy.endgame import finish

    finish(Ctx(state=basic, pack=pack_by_id("base")), "p1", "five_certificates")
    e = end_embed(SYSTEM.view(basic, None), "en")
    assert e.title == "🏆 A wins the game!" and e.description is None and e.footer.text is None
    assert (e.fields[0].value or "").startswith("1. A: 0 Certificates")


def _all_strings(obj: Any) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in _all_strings(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _all_strings(v)]
    return []


@pytest.mark.parametrize("locale", LOCALES)
def test_no_raw_ids_anywhere_in_a_whole_game(locale: str) -> None:
    """Every state of a heuristic Standard game: status, every sheet and the end, clean."""
    from engine.ai.simulate import play

    states: list[ProphecyState] = []
    play(["heuristic"] * 3, 3, {"version": "standard", "round_limit": 30},
         on_step=lambda _b, _a, _ac, after: states.append(after))
    for state in states[::25] + [states[-1]]:
        view = SYSTEM.view(state, None)
        texts = _all_strings([e.to_dict() for e in status_embeds(view, 1, locale, "active")])
        for p in state.players:
            shown = SYSTEM.view(state, p.player)
            texts += _all_strings(sheet_embed(shown, shown.player(p.player), locale).to_dict())
        if state.status == "finished":
            texts += _all_strings(end_embed(view, locale).to_dict())
        assert_clean("\n".join(texts), state)


def test_a_character_still_being_chosen_is_said_and_the_two_dealt_stay_private() -> None:
    """Ruling character_choice: two characters are dealt in secret and one is kept. Until
    then the status says the player is choosing; /me names the two to her alone."""
    from engine.core.system import Seat

    state = SYSTEM.new_game([Seat(player="p1", name="Alice"), Seat(player="p2", name="Bob")],
                            {"version": "standard"}, 5).state
    dealt = next(d for d in state.standard.decisions if d.player == "p1").options
    names = [standard_pack_by_id().as_pack().character(c).name for c in dealt]
    for locale in LOCALES:
        text = text_of(status(state, locale))
        assert ("choosing a character" if locale == "en" else "sceglie il personaggio") in text
        assert not any(name in text for name in names)
        assert "(Strength 0)" not in text and "Forza 0" not in text
    mine = sheet(state, "p1")
    assert all(name in (mine.description or "") for name in names)
    shown = SYSTEM.view(state, "p2")  # Bob's view of Alice
    theirs = text_of(sheet_embed(shown, shown.player("p1"), "en"))
    assert not any(name in theirs for name in names) and "Still choosing" in theirs
