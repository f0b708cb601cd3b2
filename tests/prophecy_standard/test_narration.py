"""The Standard game at the table, in words: every event, button and prompt reads as a person
would write it, in English and Italian, says what the decision needs, and never shows the
channel a card it may not see (systems/prophecy/describe.py, prompt_text.py, turn.py).

Rulings cited are in data/prophecy/standard/rulings.yaml; facts sections in
shared/research/prophecy-standard-facts.md.
"""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

import systems  # noqa: F401  (the plug-ins, as the bot loads them)
from engine.ai.std_battle import action_odds
from engine.core.events import Event
from engine.core.system import Seat
from engine.prophecy import actions as A
from engine.prophecy.content import pack_by_id
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.standard.state import HIDDEN, Decision, StdBattle
from engine.prophecy.state import OwnedItem, ProphecyState
from engine.prophecy.view import view
from gm.session import Result, Step
from gm.store.base import GameRecord
from systems.prophecy.describe import describe_action, describe_event, narrate
from systems.prophecy.names import Names
from systems.prophecy.prompt_text import odds_text, std_ctx
from systems.prophecy.turn import turn_message
from tests.prophecy_standard.helpers import (
    apply,
    begin_turn,
    draw_next,
    figures,
    give,
    hold_artifacts,
    learn,
    put,
    quiet,
    set_plane,
    sp,
)

ALICE, BOB, CARA = "111", "222", "333"
LOCALES = ("en", "it")
#: a leftover of code in a text: a placeholder, a model's repr, a locale key, a snake_case id,
#: an Item or Adventure uid (i12, a7), a seat's id outside a mention (the seats below are 7770..)
RAW = re.compile(r"[{}]|type=|\b(event|splay|prompt|action|play)\.[a-z]|\b[a-z]+(_[a-z0-9]+)+\b|\b[ai]\d+\b|\b777\d\b")
MENTION = re.compile(r"<@\d+>")


# -- building a game and its turn message ----------------------------------------------------------
def new_game(players: int = 2, seed: int = 1, **standard: Any) -> ProphecyState:
    """A Standard game whose seats have Discord-like ids (so prompts ping them)."""
    ids = [ALICE, BOB, CARA, "444", "555"][:players]
    seats = [
        Seat(player=pid, name=name, ai=None) for pid, name in zip(ids, ["Alice", "Bob", "Cara", "Dino", "Ezio"], strict=False)
    ]
    standard.setdefault("character_choice", "random")
    return SYSTEM.new_game(seats, {"version": "standard", "standard": standard}, seed).state


def result_of(state: ProphecyState, events: list[Event] | None = None, version: int = 7) -> Result:
    """What the game master hands the renderers after one step."""
    record = GameRecord(id=5, guild_id=None, channel_id=9, system="prophecy", seed=1, version=version, state="{}",
                        status="active" if state.status == "active" else "finished", host_id=None, created_at=0.0,
                        updated_at=0.0)
    steps = [Step(actor="x", action={}, events=list(events or []))]
    return Result(record, state, steps=steps, game_system=SYSTEM)


def message_texts(state: ProphecyState, locale: str, events: list[Event] | None = None) -> dict[str, Any]:
    """Every text a turn message shows: its ping line, embeds (titles, descriptions, fields) and
    the label of every button or select option, in the order of the legal actions."""
    tm = turn_message(result_of(state, events), locale)
    fields: dict[str, str] = {}
    texts = [tm.content]
    for e in tm.embeds:
        texts += [e.title or "", e.description or ""]
        for f in e.fields:
            texts += [f.name, f.value]
            fields[f.name] = fields.get(f.name, "") + f.value
    labels: list[str] = []
    if tm.view is not None:
        for child in tm.view.children:
            item = getattr(child, "item", child)
            if getattr(item, "label", None):
                labels.append(item.label)
            labels.extend(o.label for o in getattr(item, "options", []) or [])
    return {"content": tm.content, "fields": fields, "labels": labels, "all": "\n".join(texts + labels)}


def raw_leftovers(text: str) -> list[str]:
    return [m.group(0) for line in text.split("\n") if (m := RAW.search(MENTION.sub("", line)))]


def names_of(state: ProphecyState, card: str) -> set[str]:
    return {Names(state, loc).card(card) for loc in LOCALES}


def named(name: str, text: str) -> bool:
    """`name` appears in `text` as a whole name: "Imp" is not in "Impara", and "Troll" (a
    character) is not in "Cave Troll" (a Creature)."""
    if name not in text:
        return False
    for longer in _ALL_NAMES:
        if name != longer and name in longer:
            text = text.replace(longer, "")
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def _every_name() -> set[str]:
    base, std = pack_by_id(), sp()
    cards: list[Any] = [*base.adventures, *base.items, *base.chance, *base.characters, *std.abilities,
                        *std.artifacts, *std.guardians, *std.chance]
    return {name for c in cards for name in (c.name, *c.names.values())}


_ALL_NAMES = _every_name()


# -- whole games ------------------------------------------------------------------------------------
VARIANTS: list[dict[str, Any]] = [
    {"character_choice": "deal_two_keep_one"},
    {"prophetic_dream": "public", "apocalypse": True},
    {"second_adventure_face": "up", "item_given_up_goes_to": "winner", "character_choice": "deal_two_keep_one"},
    {"astral_greater_same_turn": "must_continue", "creature_order": "oldest_first"},
    {"final_battle_must_attack": False, "opportunities_after": "creatures_beaten", "power_up": 1},
]
#: (seats, seed): together these meet every kind of Standard decision (a Final Battle, a fight
#: between characters, the Lost Library, a throw...); the focused tests below build each one too
GAMES = [(3, 1), (2, 6), (4, 0), (5, 3)]


def _hidden_names(state: ProphecyState, events: list[Event]) -> set[str]:
    """Names of cards the spectator may not know now: the planes' face-down cards, the
    characters dealt in secret, the Abilities looked at in the Lost Library, and face-down
    Adventures (unless another copy is in sight, or this step's narration names it)."""
    shown = view(state, None)
    assert state.standard is not None and shown.standard is not None
    out: set[str] = set()
    for real, seen in zip(state.standard.planes, shown.standard.planes, strict=False):
        for slot in ("lesser", "greater", "artifact"):
            if seen.card(slot) == HIDDEN:
                out |= names_of(state, real.card(slot))  # type: ignore[arg-type]  # a deliberately loose value from the test
    for d in state.standard.decisions:
        if d.kind in ("character", "study_pick"):
            for card in d.options:
                out |= names_of(state, card)
    in_sight = {a.card for cards in state.spaces for a in cards if a.face_up}
    in_sight |= {str(e.data.get("card")) for e in events}
    for cards in state.spaces:
        for adv in cards:
            if not adv.face_up and adv.card not in in_sight:
                out |= names_of(state, adv.card)
    return out


def _play_and_check(players: int, seed: int) -> dict[str, int]:
    variant = VARIANTS[seed % len(VARIANTS)]
    seats = [Seat(player=str(7770 + i), name=f"Seat {chr(65 + i)}", ai="heuristic") for i in range(players)]
    out = SYSTEM.new_game(seats, {"version": "standard", "standard": variant}, seed)
    state, events = out.state, list(out.events)
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    for _step in range(1500):
        pend = SYSTEM.pending(state)
        kind = pend.kind if pend is not None else "end"
        seen[kind] = seen.get(kind, 0) + 1
        secret = _hidden_names(state, events)
        for locale in LOCALES:
            texts = message_texts(state, locale, events)
            assert not raw_leftovers(texts["all"]), (seed, kind, locale, raw_leftovers(texts["all"]), texts["all"][:3000])
            leaked = [name for name in secret if named(name, texts["all"])]
            assert not leaked, (seed, kind, locale, leaked)
            if pend is not None:
                assert len(texts["labels"]) == len(SYSTEM.legal_actions(state, pend.player))
                assert texts["content"].startswith(f"<@{pend.player}>"), texts["content"]
        if pend is None or state.status != "active":
            break
        action = SYSTEM.ai_action(state, pend.player, "heuristic", rng)
        out = SYSTEM.apply(state, pend.player, action)
        state, events = out.state, list(out.events)
    return seen


@pytest.mark.parametrize("players,seed", GAMES)
def test_whole_games__every_line_button_and_prompt_reads_as_words_and_hides_what_is_hidden(players, seed):
    """Heuristic Standard games of 2 to 5 seats, with the optional rules in turn: at every
    decision, the spectator's turn message in English and Italian has no raw key, no `{`, no
    model repr, no snake_case id or uid, no seat id outside a mention; a button for every legal
    answer; the ping names whoever must answer; and no face-down plane card, secret hand or
    face-down Adventure is named (rulings astral_setup, character_choice, lost_library,
    second_adventure_face_down). Each game is played to its end."""
    seen = _play_and_check(players, seed)
    assert "end" in seen and "decide_character" in seen and "act" in seen
    assert any(kind.startswith("decide_") and kind != "decide_character" for kind in seen), seen


def test_every_standard_event_has_its_own_sentence_in_both_languages():
    """Every event a Standard game emits reads as a sentence (or is deliberately silent), in
    English and Italian, over the spectator's view."""
    from gm.i18n import catalogue
    from systems.prophecy.describe import STANDARD_EVENTS

    for kind in STANDARD_EVENTS:
        for locale in LOCALES:
            assert f"event.{kind}" in catalogue(locale) or f"event.{kind}_picked_up" in catalogue(locale), (kind, locale)
    seen: dict[str, tuple[Event, ProphecyState]] = {}
    for players, seed in GAMES:
        seats = [Seat(player=str(7770 + i), name=f"Seat {chr(65 + i)}", ai="heuristic") for i in range(players)]
        out = SYSTEM.new_game(seats, {"version": "standard", "standard": VARIANTS[seed % len(VARIANTS)]}, seed)
        state, rng = out.state, random.Random(seed)
        for e in out.events:
            seen.setdefault(e.kind, (e, state))
        while state.status == "active":
            pend = SYSTEM.pending(state)
            assert pend is not None
            out = SYSTEM.apply(state, pend.player, SYSTEM.ai_action(state, pend.player, "heuristic", rng))
            state = out.state
            for e in out.events:
                seen.setdefault(e.kind, (e, state))
    assert len(seen) > 60
    for kind, (event, state) in seen.items():
        for locale in LOCALES:
            line = describe_event(view(state, None), event, locale)
            if line is None:
                continue
            assert not raw_leftovers(line), (kind, locale, line)


# -- attacking an Astral Plane -------------------------------------------------------------------------
def _beside_fire(power_up: int = 1, face_up: bool = True) -> tuple[ProphecyState, Any]:
    state = quiet(new_game(seed=3))
    assert state.standard is not None
    plane = state.standard.plane("astral_fire")
    set_plane(state, "astral_fire", "stone_sentinel", plane.greater, plane.artifact)
    plane.power_up = power_up
    plane.up = ["lesser"] if face_up else []
    figures(state, ALICE, 5, 4)
    begin_turn(state, ALICE, at="plains_1", phase="act")
    return state, plane


def test_ruling_astral_attack__the_prompt_names_the_face_up_guardian_its_figures_and_the_exact_odds():
    """Rulings astral_attack, power_up, astral_loss_and_draw, guardian_rewards: the attack block
    names the Lesser Guardian with both figures and the Power Up counted in, each battle's price
    and the best odds exactly as the rules will fight it, and what winning, a draw and losing
    bring; every attack button says the Guardian and the win chance."""
    state, _plane = _beside_fire(power_up=1)
    attacks = [a for a in SYSTEM.legal_actions(state, ALICE) if isinstance(a, A.Attack) and a.target == "astral_fire"]
    assert attacks
    ctx = std_ctx(state)
    foe = sbattle.guardian_foe(ctx, "astral_fire")
    odds = {}
    for a in attacks:
        exact = action_odds(ctx, state.player(ALICE), foe, a)
        odds[a] = (exact.win, exact.draw, exact.loss)
    best = max((a for a in attacks if a.battle == "strength"), key=lambda a: odds[a][0] - odds[a][2])
    texts = message_texts(state, "en")
    block = texts["fields"]["⚔️ Attack on the Astral Plane of Fire"]
    assert "Lesser Guardian: Stone Sentinel (Strength 7 / Willpower 4, attacks with Strength; Power Up +1 included)" in block
    assert odds_text(odds[best], "en") in block
    assert "Battle of Wills (2 Magic)" in block  # forcing Wills on a Strength Guardian (ruling guardian_battles)
    assert "If you win: +3 Experience" in block and "then you may face the Greater Guardian at once" in block
    assert "If you lose: 1 Health. A draw costs nothing." in block
    for a, label in zip(SYSTEM.legal_actions(state, ALICE), texts["labels"], strict=False):
        if a in odds:
            # decision first: the plane and battle, the win chance, then the Guardian and the gear
            battle = "Strength" if a.battle == "strength" else "Wills"
            assert label.startswith(f"⚔️ Fire: {battle} · win {odds[a][0] * 100:.0f}% · Stone Sentinel S7 W4"), label
    italian = message_texts(state, "it")
    block = italian["fields"]["⚔️ Attacco al Portale Astrale del Fuoco"]
    assert "Sentinella di Pietra (Forza 7 / Volontà 4" in block and odds_text(odds[best], "it") in block


def test_ruling_astral_setup__a_face_down_guardian_is_unknown_on_the_prompt_and_buttons():
    """Ruling astral_setup (Guardians lie face down until attacked): the prompt says the
    Guardian is face down and gives no figure and no odds; no button names it or gives a win
    chance; nothing of it reaches the channel in either language."""
    state, _plane = _beside_fire(face_up=False)
    hidden = names_of(state, "stone_sentinel")
    for locale in LOCALES:
        texts = message_texts(state, locale)
        assert not any(named(name, texts["all"]) for name in hidden)
        attacks = [
            label
            for a, label in zip(SYSTEM.legal_actions(state, ALICE), texts["labels"], strict=False)
            if isinstance(a, A.Attack)
        ]
        assert attacks and not any("%" in label for label in attacks), attacks
    block = message_texts(state, "en")["fields"]["⚔️ Attack on the Astral Plane of Fire"]
    assert "Lesser Guardian: face down" in block and "Strength 7" not in block


# -- fights between characters ----------------------------------------------------------------------
def _duel_lost_by_bob() -> tuple[ProphecyState, list[Event], str]:
    """Alice (Strength 10) attacks Bob (Strength 1) on an empty Plains space (no dove there):
    she cannot lose the roll."""
    state = quiet(new_game(seed=2))
    figures(state, ALICE, 10, 4)
    figures(state, BOB, 1, 4)
    sword = give(state, BOB, "sword")
    begin_turn(state, ALICE, at="plains_2", phase="act")
    state.player(BOB).space = state.player(ALICE).space
    attack = next(a for a in SYSTEM.legal_actions(state, ALICE)
                  if isinstance(a, A.Attack) and a.target == BOB and a.battle == "strength" and not a.spells)
    state, events = apply(state, ALICE, attack.model_dump())
    return state, events, sword


def test_ruling_character_fight_loss__the_defender_is_pinged_and_only_they_answer():
    """Rulings character_fight_loss and defender_choices (facts §3): once Alice beats Bob, the
    prompt pings Bob, not Alice, says only he can answer, and states what each choice costs:
    1 Health (with what he has) or an Item (with its worth), and where a given-up Item goes."""
    state, events, sword = _duel_lost_by_bob()
    pend = SYSTEM.pending(state)
    assert pend is not None and (pend.kind, pend.player) == ("decide_loss", BOB)
    texts = message_texts(state, "en", events)
    assert texts["content"].startswith(f"<@{BOB}>, only you can answer this:") and f"<@{ALICE}>" not in texts["content"]
    assert "you lost the fight against Alice" in texts["content"]
    costs = texts["fields"]["What each choice costs"]
    health = state.player(BOB).red.right
    assert f"Lose 1 Health (you have {health})" in costs
    assert "Give up Sword (" in costs and "Gold)" in costs
    assert "goes to its discard pile, not to Alice" in costs
    assert texts["labels"][0] == f"Lose 1 Health (you have {health})"
    assert "Alice beats Bob!" in texts["all"]  # the narration of the fight itself
    italian = message_texts(state, "it", events)
    assert italian["content"].startswith(f"<@{BOB}>, solo tu puoi rispondere:")
    assert describe_action(view(state, None), BOB, A.ChooseLoss(item=sword), "it").startswith("Cedi Spada")


def test_ruling_defender_choices__the_attack_block_gives_the_defenders_figures_and_the_stakes():
    """Rulings defender_choices, character_fight_loss: attacking a character shows her figures as
    the rules set them (best Items and Abilities), the odds, and what the loser gives."""
    state = quiet(new_game(seed=2))
    figures(state, ALICE, 6, 4)
    figures(state, BOB, 4, 5)
    give(state, BOB, "sword")
    begin_turn(state, ALICE, at="plains_2", phase="act")
    state.player(BOB).space = state.player(ALICE).space
    texts = message_texts(state, "en")
    name = next(n for n in texts["fields"] if n.startswith("⚔️ Attack on Bob"))
    block = texts["fields"][name]
    ctx = std_ctx(state)
    assert f"Defends with Strength {sbattle.defender_figure(ctx, state.player(BOB), 'strength')}" in block
    assert "If you win: Bob loses 1 Health or gives up an Item (their choice)" in block
    assert "win " in block and "%" in block


def test_a_creature_with_a_plural_name_is_placed_in_a_grammatical_italian_sentence():
    """Facts §2 "First Adventures" and §9 (terrain Chance cards put an Adventure on each space):
    the Italian line read "Scarabei della Ruggine compare nella casella ..." (a plural name before
    a singular verb); the verb now agrees with a singular subject, whatever the card's name."""
    state = quiet(new_game(seed=4))
    n = Names(state, "it")
    for kind, data in (("adventure_placed", {"card": "rust_beetles", "space": "plains_1", "uid": "a1"}),
                       ("creature_stays", {"card": "rust_beetles", "space": "plains_1"})):
        line = describe_event(view(state, None), Event(kind=kind, player=None, data=data), "it")
        name = n.card("rust_beetles")
        assert line and name in line and n.space("plains_1") in line
        assert not line.startswith(name), line  # the card is not the subject of the verb


# -- secrets: Prophetic Dream, characters dealt -------------------------------------------------------
def test_ruling_prophetic_dream__the_dreamer_alone_sees_the_card():
    """Ruling prophetic_dream (private by default): the public line says only which card Bob
    looked at; the card shows in Bob's own view of the log (/game log) and nowhere else."""
    state = quiet(new_game(seed=4))
    state, events = draw_next(state, "prophetic_dream", player=ALICE)
    pend = SYSTEM.pending(state)
    assert pend is not None and (pend.kind, pend.player) == ("decide_dream", BOB)
    asked = message_texts(state, "en", events)
    assert "look at in secret" in asked["content"] and "Only you will see the card" in asked["all"]
    dream = next(a for a in SYSTEM.legal_actions(state, BOB) if isinstance(a, A.Dream))
    state, events = apply(state, BOB, dream.model_dump())
    seen = next(e for e in events if e.kind == "plane_card_seen")
    assert state.standard is not None
    card = state.standard.plane(dream.plane).card(dream.slot)
    assert card is not None
    secret = names_of(state, card)
    for locale in LOCALES:
        public = message_texts(state, locale, events)["all"]
        assert not any(named(name, public) for name in secret)
        for viewer in (None, ALICE):
            line = describe_event(view(state, viewer), seen, locale)
            assert line and not any(named(name, line) for name in secret) and "🔒" not in line
        mine = describe_event(view(state, BOB), seen, locale)
        assert mine and "🔒" in mine and Names(state, locale).card(card) in mine
    assert describe_event(view(state, None), seen, "en").startswith("Bob looks in secret at the ")


def test_ruling_prophetic_dream__an_artifact_seen_in_secret_reads_as_one_sentence():
    """Ruling prophetic_dream; facts §6 (Prophetic Dream reveals a hidden Astral Plane card): an
    Artifact looked at is named with what it does, and the card's own full stop is not doubled
    by the line's ("...is fought.." was shown)."""
    state = quiet(new_game(seed=4))
    state, _events = draw_next(state, "prophetic_dream", player=ALICE)
    dream = next(a for a in SYSTEM.legal_actions(state, BOB) if isinstance(a, A.Dream) and a.slot == "artifact")
    state, events = apply(state, BOB, dream.model_dump())
    seen = next(e for e in events if e.kind == "plane_card_seen")
    assert state.standard is not None
    card = state.standard.plane(dream.plane).card("artifact")
    for locale in LOCALES:
        mine = describe_event(view(state, BOB), seen, locale)
        assert mine and Names(state, locale).card(card) in mine
        assert Names(state, locale).card_text(card).rstrip(".") in mine
        assert ".." not in mine and mine.endswith(".")


def test_ruling_prophetic_dream__a_public_dream_shows_the_card_to_everyone():
    """Ruling prophetic_dream, the table's alternative: the card is turned up for all."""
    state = quiet(new_game(seed=4, prophetic_dream="public"))
    state, _events = draw_next(state, "prophetic_dream", player=ALICE)
    dream = next(a for a in SYSTEM.legal_actions(state, BOB) if isinstance(a, A.Dream))
    state, events = apply(state, BOB, dream.model_dump())
    shown = next(e for e in events if e.kind == "plane_card_shown")
    line = describe_event(view(state, None), shown, "en")
    assert line and Names(state, "en").card(shown.data["card"]) in line and "for everyone" in line


def test_ruling_character_choice__the_channel_sees_places_the_player_sees_names():
    """Ruling character_choice (two dealt in secret, keep one): the public buttons say "Keep
    character 1 of 2" and name no character; the player's own view names both, with figures
    and guilds; /game log, read over that player's view, lists them, numbered as the buttons."""
    state = new_game(seed=5, character_choice="deal_two_keep_one")
    assert state.standard is not None
    hand = next(d for d in state.standard.decisions if d.player == ALICE).options
    pend = SYSTEM.pending(state)
    assert pend is not None and pend.kind == "decide_character"
    texts = message_texts(state, "en")
    assert texts["labels"] == ["Keep character 1 of 2 (see /me)", "Keep character 2 of 2 (see /me)"]
    assert not any(named(name, texts["all"]) for card in hand for name in names_of(state, card))
    own = [describe_action(view(state, ALICE), ALICE, A.ChooseCharacter(character=c), "en") for c in hand]
    for card, label in zip(hand, own, strict=False):
        assert label.startswith(f"Keep the {Names(state, 'en').card(card)} (S")
    offered = Event(kind="characters_offered", player=ALICE, data={"count": 2})
    mine = describe_event(view(state, ALICE), offered, "en")
    first, second = (Names(state, "en").card(c) for c in hand)
    assert mine is not None and f"1. {first}, 2. {second}" in mine
    assert "🔒" not in (describe_event(view(state, BOB), offered, "en") or "")


def test_ruling_character_choice__me_shows_the_two_characters_with_their_figures():
    """Ruling character_choice; facts §2 (the first guild on the card is the starting space) and
    §8 (Strength, Willpower, two guilds): /me, which the buttons point to, lists the two
    characters dealt with what the choice needs, numbered as the buttons; nobody else sees them
    (it said only "Choose your character: Druid, Swordsman.")."""
    from systems.prophecy.embeds import sheet_lines

    state = new_game(seed=5, character_choice="deal_two_keep_one")
    assert state.standard is not None
    hand = next(d for d in state.standard.decisions if d.player == ALICE).options
    for locale in LOCALES:
        n = Names(state, locale)
        mine = sheet_lines(view(state, ALICE), state.player(ALICE), locale)
        for i, c in enumerate(hand, start=1):
            card = pack_by_id().character(c)
            line = next(x for x in mine.splitlines() if x.startswith(f"{i}. {n.card(c)} "))
            assert str(card.strength) in line and str(card.willpower) in line
            assert n.guild(card.guilds[0]) + " + " + n.guild(card.guilds[1]) in line
        theirs = sheet_lines(view(state, BOB), state.player(ALICE), locale)
        assert not any(named(name, theirs) for c in hand for name in names_of(state, c))


# -- guilds, Chance cards, the Final Battle ---------------------------------------------------------------
def test_ruling_ability_costs__learning_shows_what_the_ability_does_and_its_price():
    """Rulings ability_costs, guild_offer, limits: at a guild that is not hers, the Ability on
    offer is described in the pack's own words with its price in Experience and Gold, and the
    prompt counts her Abilities against the limit of 7."""
    state = quiet(new_game(seed=6))
    assert state.standard is not None
    begin_turn(state, ALICE, at="monastery", phase="act")
    p = state.player(ALICE)
    p.experience, p.gold = 20, 20
    ability = sp().ability(state.standard.guild_offers["monastery"][0])
    member = "monastery" in pack_by_id().character(p.character).guilds
    texts = message_texts(state, "en")
    block = next(v for k, v in texts["fields"].items() if k.startswith("At the guild"))
    price = f"{ability.experience} Experience" if member else f"{ability.experience} Gold, {ability.experience} Experience"
    assert f"📘 **{ability.name}**: {ability.text} — {price}" in block
    assert "Your Abilities: 0/7" in block
    assert f"📘 Learn {ability.name} ({price})" in texts["labels"]


def test_the_market_prompt_says_what_each_item_on_display_does_and_costs():
    """Facts §1 (City and Village: buy the Items displayed there, sell for half): at the City
    the buttons said only "Buy Ring of the Ancients (7 Gold)"; the prompt now lists every Item
    on display with what it does and its price, marking those she cannot afford."""
    state = quiet(new_game(seed=6))
    begin_turn(state, ALICE, at="city", phase="act")
    ctx = std_ctx(state)
    by_cost = sorted({c.cost: c.id for c in ctx.pack.items if c.cost > 0}.items())
    (cheap, first), (_dear, second) = by_cost[0], by_cost[-1]
    state.offers["city"] = [OwnedItem(uid=state.new_uid("i"), card=first), OwnedItem(uid=state.new_uid("i"), card=second)]
    offers = state.offers["city"]
    p = state.player(ALICE)
    prices = {o.card: ctx.pack.item(o.card).cost for o in offers}
    p.gold = cheap
    for locale in LOCALES:
        texts = message_texts(state, locale)
        n = Names(state, locale)
        field = next(v for k, v in texts["fields"].items() if n.space("city") in k)
        for o in offers:
            line = next(x for x in field.splitlines() if n.card(o.card) in x)
            assert str(prices[o.card]) in line
            if n.card_text(o.card):
                assert n.card_text(o.card) in line
            assert (prices[o.card] > p.gold) == any(w in line for w in ("more than you have", "più di quanto hai")), line


def test_ruling_training_cards__training_shows_the_figure_and_its_price():
    """Rulings training and training_cards: after a Training Offer, the button says which figure
    rises to what, and for how much Experience (and Gold at a guild that is not hers)."""
    state = quiet(new_game(seed=6))
    state, events = draw_next(state, "training_offer", player=BOB, at="city")
    assert any(e.kind == "training_offered" for e in events)
    lines = narrate(view(state, None), events, "en")
    assert any("may train once this turn" in line for line in lines), lines
    figures(state, ALICE, 5, 4)
    begin_turn(state, ALICE, at="fortress", phase="act")
    state.player(ALICE).experience, state.player(ALICE).gold = 20, 20
    assert state.standard is not None
    state.standard.training[0].drawer = ALICE
    labels = message_texts(state, "en")["labels"]
    assert any(label.startswith("💪 Train Strength 5 → 6 (") and "6 Experience" in label for label in labels), labels


def test_facts_s9__standard_chance_cards_say_what_they_do_or_why_nothing_happened():
    """Facts §9, rulings guild_chance_cards and economic_crisis: a Standard Chance card is
    narrated with its effect, and with the reason when it changes nothing."""
    state = quiet(new_game(seed=7))
    state, events = draw_next(state, "fortress_event", player=ALICE)
    lines = narrate(view(state, None), events, "en")
    assert any(line.startswith("Chance card: Fortress — the Ability deck of the Fortress turns up a new card") for line in lines)
    assert any(line.startswith("The Ability deck of the Fortress turns up ") for line in lines), lines
    state = quiet(state)
    for p in state.players:
        p.gold = 0
    state, events = draw_next(state, "economic_crisis", player=BOB)
    lines = narrate(view(state, None), events, "en")
    assert any("every character loses half their Gold" in line for line in lines), lines
    assert any(line == "Economic Crisis changes nothing: nobody has any Gold to lose." for line in lines), lines
    italian = narrate(view(state, None), events, "it")
    assert any("nessuno ha Oro da perdere" in line for line in italian), italian


def test_ruling_final_battle_start__the_battleground_prompt_says_what_is_at_stake():
    """Rulings final_battle_start, final_battle_turns, final_battle_stakes: whoever holds the
    Royal Cape picks the space; the prompt says everyone is moved there, what wins, that each
    turn must attack an Artifact holder, and who holds which Artifact where."""
    state = quiet(new_game(seed=8))
    assert state.standard is not None
    cards = [a.id for a in sp().artifacts]
    hold_artifacts(state, ALICE, *cards[:3])
    hold_artifacts(state, BOB, *cards[3:])
    begin_turn(state, ALICE, at="city", phase="act")
    chooser = next(pid for pid, me in state.standard.players.items() if "royal_cape" in me.artifacts)
    state.standard.decisions = [Decision(player=chooser, kind="battleground",
                                         options=[s.id for s in pack_by_id().board.spaces], then="end_turn")]
    texts = message_texts(state, "en")
    assert "choose where the Final Battle is fought" in texts["content"]
    rules = texts["fields"]["The Final Battle"]
    assert "Whoever holds 4 Artifacts wins at once" in rules and "must attack a character who holds an Artifact" in rules
    assert "Alice: " in texts["fields"]["Who holds the Artifacts"]
    assert any(label.startswith("Final Battle at the City (") for label in texts["labels"])


# -- every other kind of decision, built on a quiet table ------------------------------------------------
def _table(seed: int = 9) -> ProphecyState:
    state = quiet(new_game(seed=seed))
    figures(state, ALICE, 5, 4)
    return state


def _asked(state: ProphecyState, who: str = ALICE) -> dict[str, Any]:
    """The turn message in both languages, checked for leftovers of code; the English one."""
    for locale in LOCALES:
        texts = message_texts(state, locale)
        assert not raw_leftovers(texts["all"]), (locale, raw_leftovers(texts["all"]))
        assert texts["content"].startswith(f"<@{who}>"), texts["content"]
    return message_texts(state, "en")


def test_basic_rules_of_combat__the_throw_decision_gives_both_odds_in_a_standard_battle():
    """Basic rules ("Rules of Combat": a three-lives Creature, a thrown weapon adds its bonus to
    one roll) in a Standard battle: both buttons give the odds of the rolls left."""
    from engine.ai.odds import battle_chances, roll_chances
    state = _table()
    knife = give(state, ALICE, "throwing_knife")
    begin_turn(state, ALICE, at="forest_1", phase="fight")
    uid = put(state, "forest_1", "rat_swarm")
    assert state.turn is not None and state.standard is not None
    state.turn.fight = uid
    state.standard.turn.battle = StdBattle(opponent="creature", target=uid, card="rat_swarm", battle="strength",
                                           player_figure=6, figure_without_weapon=5, foe_figure=2, throw_bonus=2,
                                           lives=3, weapon=knife, rolls=1, light=4, dark=2, result="win",
                                           awaiting="throw")
    texts = _asked(state)
    assert "you won roll 1 of 3 against Swarm of Rats" in texts["content"]
    keep = battle_chances(4, 0, 2)
    assert texts["labels"][0] == "Roll 2 of 3, keeping the Throwing Knife — " + odds_text(keep, "en")
    (w1, d1, l1), (w2, d2, l2) = (tuple(float(x) for x in roll_chances(d)) for d in (5, 3))
    thrown = (w1 * w2, d1 + w1 * d2, l1 + w1 * l2)
    assert texts["labels"][1] == "Throw the Throwing Knife and roll 2 — " + odds_text(thrown, "en")


def test_ruling_battle_abilities__after_the_roll_the_prompt_shows_the_roll_and_each_powers_chance():
    """Ruling battle_abilities: once the dice have fallen, the prompt shows the roll, and each
    power that may change it says how likely this roll then becomes a win (Jinx: the foe rolls
    again; 5+3 against 6+y wins only on y = 1)."""
    state = _table()
    learn(state, ALICE, "jinx")
    begin_turn(state, ALICE, at="mountains_2", phase="fight")
    uid = put(state, "mountains_2", "ogre")
    assert state.turn is not None and state.standard is not None
    state.turn.fight = uid
    state.standard.turn.battle = StdBattle(opponent="creature", target=uid, card="ogre", battle="strength",
                                           player_figure=5, figure_without_weapon=5, foe_figure=6, rolls=1,
                                           light=3, dark=4, result="loss", awaiting="after_roll")
    texts = _asked(state)
    assert "the roll against Ogre is a loss" in texts["content"]
    assert "You 🎲3+5=8 vs Ogre 🎲4+6=10: loss." in texts["fields"]["The roll"]
    assert texts["labels"] == ["Let the roll stand (loss)", "Jinx: make the foe roll again · this roll won 17%"]


def test_ruling_creature_order__two_creatures_each_with_figures_and_best_odds():
    """Ruling creature_order: with two Creatures on the space the player picks the first; each
    is shown with its figures, best odds and reward."""
    state = _table()
    begin_turn(state, ALICE, at="mountains_2", phase="fight")
    ogre, goblins = put(state, "mountains_2", "ogre"), put(state, "mountains_2", "goblin_raiders")
    assert state.standard is not None
    state.standard.decisions = [Decision(player=ALICE, kind="creature", options=[ogre, goblins])]
    texts = _asked(state)
    assert texts["labels"][0].startswith("Fight Ogre (S") and texts["labels"][1].startswith("Fight Goblin Raiders (")
    assert "Best: win " in texts["fields"]["⚔️ Ogre"] and "If you win: +" in texts["fields"]["⚔️ Ogre"]


def test_ruling_astral_both_guardians__going_on_or_stopping_says_what_waits():
    """Ruling astral_both_guardians: after the Lesser Guardian the player may go on or stop; the
    Greater Guardian, still face down, is unknown, and the Artifact is the prize."""
    state = _table()
    assert state.standard is not None
    plane = state.standard.plane("astral_fire")
    greater = plane.greater
    plane.lesser = None
    begin_turn(state, ALICE, at="plains_1", phase="act")
    state.standard.decisions = [Decision(player=ALICE, kind="continue", options=["astral_fire"], reason="may_continue")]
    texts = _asked(state)
    assert "Go on against its Greater Guardian now, or stop?" in texts["content"]
    assert texts["labels"][0] == "Stop here (the Greater Guardian waits)"
    assert all(label.startswith("⚔️ Fire: turn up the hidden Greater Guardian") for label in texts["labels"][1:])
    block = texts["fields"]["⚔️ The Greater Guardian of the Astral Plane of Fire"]
    assert "face down" in block and "the plane's Artifact (still face down)" in block
    assert not any(named(name, texts["all"]) for name in names_of(state, greater))  # type: ignore[arg-type]  # a deliberately loose value from the test


def test_ruling_final_battle_stakes__the_winner_picks_an_artifact_knowing_what_each_does():
    """Ruling final_battle_stakes: the winner takes one of the loser's Artifacts, each shown
    with what it does."""
    state = _table()
    hold_artifacts(state, BOB, "royal_cape", "crown_of_wisdom")
    begin_turn(state, ALICE, at="city", phase="act")
    assert state.standard is not None
    state.standard.decisions = [Decision(player=ALICE, kind="take_artifact", options=["royal_cape", "crown_of_wisdom"],
                                         other=BOB)]
    texts = _asked(state)
    assert texts["labels"] == ["Take the Royal Cape from Bob", "Take the Crown of Wisdom from Bob"]
    assert "**Crown of Wisdom**: +2 in every Battle of Wills." in texts["fields"]["Artifacts of Bob"]


def test_ruling_limits__discarding_down_to_seven_shows_each_item_and_its_worth():
    """Ruling limits: over 7 Items at the end of her round she discards, seeing each Item's worth."""
    state = _table()
    for card in ("sword", "dagger", "mace", "javelin", "hand_axe", "throwing_knife", "wooden_shield", "sword"):
        give(state, ALICE, card)
    begin_turn(state, ALICE, at="city", phase="act")
    assert state.standard is not None
    from engine.prophecy.standard.guilds import excess
    state.standard.decisions = [Decision(player=ALICE, kind="discard", options=excess(std_ctx(state), state.player(ALICE)),
                                         then="end_turn")]
    texts = _asked(state)
    assert "(8 Items, 0 Abilities; at most 7 of each): discard one." in texts["content"]
    assert "Discard Sword (5 Gold)" in texts["labels"] and "Discard Dagger (2 Gold)" in texts["labels"]


def test_ruling_lost_library__studying_keeps_the_abilities_seen_secret_from_the_channel():
    """Ruling lost_library: the guild decks are offered with their size; the Abilities looked at
    are the player's secret (numbered buttons for the channel, names in her own view), learned
    for Experience alone."""
    state = _table()
    assert state.standard is not None
    begin_turn(state, ALICE, at="plains_2", phase="act")
    guilds = [g for g, deck in state.standard.guild_decks.items() if deck]
    state.standard.decisions = [Decision(player=ALICE, kind="study", options=guilds, reason="lost_library")]
    texts = _asked(state)
    assert texts["content"].endswith("Lost Library: choose which guild's Ability deck to study.")
    assert texts["labels"][0].startswith("Study the deck of the ") and texts["labels"][0].endswith(" cards)")
    top = list(reversed(state.standard.guild_decks["fortress"][-3:]))
    state.player(ALICE).experience = 30
    state.standard.decisions = [Decision(player=ALICE, kind="study_pick", options=top, other="fortress",
                                         reason="lost_library")]
    texts = _asked(state)
    assert texts["labels"][0] == "Learn none of them"
    assert texts["labels"][1:] == [f"📘 Learn Ability {i} of those you saw (see /me)" for i in (1, 2, 3)]
    assert not any(named(name, texts["all"]) for card in top for name in names_of(state, card))
    own = describe_action(view(state, ALICE), ALICE, A.StudyPick(ability=top[0]), "en")
    assert own == f"📘 Learn {sp().ability(top[0]).name} ({sp().ability(top[0]).experience} Experience)"


def test_ruling_lost_library__me_shows_the_studying_player_the_abilities_she_looks_at():
    """Ruling lost_library: the Abilities looked at are hers alone; while she chooses, her /me
    lists them in the buttons' order with their price and what they do. Nobody else's sheet
    (nor hers seen by another) names them."""
    from systems.prophecy.embeds import sheet_embed

    state = _table()
    assert state.standard is not None
    begin_turn(state, ALICE, at="plains_2", phase="act")
    top = list(reversed(state.standard.guild_decks["fortress"][-3:]))
    state.player(ALICE).experience = 30
    state.standard.decisions = [Decision(player=ALICE, kind="study_pick", options=top, other="fortress",
                                         reason="lost_library")]

    def sheet(viewer: str, whose: str, locale: str = "en") -> str:
        shown = view(state, viewer)
        e = sheet_embed(shown, shown.player(whose), locale).to_dict()
        return "\n".join([e.get("description") or ""] + [f"{f['name']}\n{f['value']}" for f in e.get("fields", [])])

    mine = sheet(ALICE, ALICE)
    assert "📘 Abilities you are looking at, from the deck of the Fortress" in mine
    for i, card in enumerate(top, start=1):
        ability = sp().ability(card)
        assert f"{i}. {ability.name} ({ability.experience} Experience): {ability.text}" in mine
    assert "Abilità che stai guardando, dal mazzo della Fortezza" in sheet(ALICE, ALICE, "it")
    for viewer, whose in ((BOB, BOB), (BOB, ALICE)):
        text = sheet(viewer, whose)
        assert "looking at" not in text
        assert not any(named(name, text) for card in top for name in names_of(state, card))


def test_ruling_prophetic_dream__private_lines_are_for_the_dreamer_alone():
    """Ruling prophetic_dream: `private_lines` gives, for a private reply to whoever acted, the
    line with the card seen; nothing for a spectator or another seat."""
    from systems.prophecy.describe import private_lines
    state = quiet(new_game(seed=4))
    state, _events = draw_next(state, "prophetic_dream", player=ALICE)
    dream = next(a for a in SYSTEM.legal_actions(state, BOB) if isinstance(a, A.Dream))
    state, events = apply(state, BOB, dream.model_dump())
    assert state.standard is not None
    card = state.standard.plane(dream.plane).card(dream.slot)
    assert private_lines(view(state, None), events, "en") == [] and private_lines(view(state, ALICE), events, "en") == []
    mine = private_lines(view(state, BOB), events, "it")
    assert len(mine) == 1 and Names(state, "it").card(card) in mine[0]  # type: ignore[arg-type]  # a deliberately loose value from the test


def test_ruling_character_choice__the_echo_of_a_press_tells_no_place_even_from_the_buttons_view():
    """The channel's echo of a pressed "Keep character 1 of 2" names no place, though it may now
    read the very spectator view the buttons were worded from (gm.session.results keeps it for
    the next press): only the turn message is told the secret options' order."""
    from systems import plugin
    from systems.prophecy.describe import echo_label

    state = new_game(seed=5, character_choice="deal_two_keep_one")
    result = result_of(state)
    tm = turn_message(result, "en")
    shown = result.view(None)  # what the buttons were worded from, the order still remembered
    hand = next(d for d in state.standard.decisions if d.player == ALICE).options
    action = A.ChooseCharacter(character=hand[0])
    assert tm.view is not None and describe_action(shown, ALICE, action, "en") == "Keep character 1 of 2 (see /me)"
    echo = echo_label(shown, ALICE, action, "en")
    assert echo == describe_action(view(state, None), ALICE, action, "en")  # as from a fresh view
    assert "1 of 2" not in echo
    assert plugin("prophecy").table.action_label is echo_label
    assert describe_action(shown, ALICE, action, "en") == "Keep character 1 of 2 (see /me)"  # the order kept
