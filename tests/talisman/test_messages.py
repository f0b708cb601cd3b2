"""Every event, refusal, decision and reason the campaign engine can produce reads as a sentence
in English and Italian: the keys are found by walking the engine's source (so a new event or
refusal without words fails here), and whole campaigns are narrated with no key, placeholder or
internal id left in the text."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.darkest_talisman import simulate
from engine.darkest_talisman.content import pack_by_id
from engine.darkest_talisman.ctx import EV
from engine.darkest_talisman.game import SYSTEM
from gm.i18n import SUPPORTED, catalogue, has
from systems.darkest_talisman.describe import decision_text, describe_action, describe_event, event_key, services_by_id
from systems.darkest_talisman.embeds import prompt_embed, status_embeds

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "darkest_talisman"
#: text a reader must never see: a locale key, a placeholder, an internal id, a card's copy number
RAW = re.compile(r"\{|\btalisman\.|\b[a-z]+_[a-z_]+\b|[a-z]#\d")


def _source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(ENGINE.glob("*.py")))


def event_kinds() -> set[str]:
    return set(re.findall(r'emit\(\s*"([a-z_]+)"', _source())) | {"campaign_started", "seat_handed_over"}


def refusal_keys() -> set[str]:
    return set(re.findall(r'(?:RuleError|UnknownAction)\(\s*"(talisman\.err\.[a-z_]+)"', _source()))


def decision_kinds() -> set[str]:
    return set(re.findall(r'Decision\(\s*kind="([a-z_]+)"', _source())) | {"enemy", "ransom", "offer"}


def reason_literals() -> set[str]:
    """Reasons the engine passes as plain words (a die's purpose, why a character died...)."""
    pattern = (r'(?:\.dice|\.d6|open_roll)\([^()]*?"([a-z_]+)"|why="([a-z_]+)"|'
               r'(?:gain_thing|change|kill|lose_life|heal|gain_life|draw_spells|spend_talisman)\([^()]*?"([a-z_]+)"')
    out = {w for groups in re.findall(pattern, _source()) for w in groups if w}
    return out - {"strength", "craft", "fate", "gold"}  # attributes passed to change(), not reasons


@pytest.mark.parametrize("locale", SUPPORTED)
def test_every_event_kind_has_words(locale):
    kinds = event_kinds()
    assert len(kinds) > 90
    missing = sorted(k for k in kinds if EV + k not in catalogue(locale))
    assert missing == []


@pytest.mark.parametrize("locale", SUPPORTED)
def test_every_refusal_has_words(locale):
    keys = refusal_keys() | {"talisman.err.no_campaign"}
    assert len(keys) >= 8
    assert sorted(k for k in keys if k not in catalogue(locale)) == []


@pytest.mark.parametrize("locale", SUPPORTED)
def test_every_decision_has_a_question_and_a_name(locale):
    kinds = decision_kinds()
    assert {"village", "stand", "guardians", "enemy", "loot", "final_target"} <= kinds
    cat = catalogue(locale)
    assert sorted(k for k in kinds if f"talisman.decision.{k}" not in cat or f"talisman.kind.{k}" not in cat) == []


@pytest.mark.parametrize("locale", SUPPORTED)
def test_every_reason_and_service_is_named(locale):
    pack = pack_by_id("core")
    assert len(reason_literals()) > 20
    unnamed = [w for w in reason_literals()
               if not has(f"talisman.why.{w}", locale) and pack.name_of(w) == w]
    assert unnamed == []
    assert sorted(s for s in services_by_id(pack) if f"talisman.service.{s}" not in catalogue(locale)) == []


@pytest.mark.parametrize("locale", SUPPORTED)
def test_variant_sentences_exist(locale):
    """Each variant event_key can choose has its sentence (talisman.evx.*)."""
    samples = [("roll", {}), ("combat", {"result": "won"}), ("combat", {"result": "tie"}),
               ("arrived", {"destination": True}), ("departed", {"destination": "back"}), ("portal", {"opened": True}),
               ("tower_result", {"cleared": True}), ("spell_cast", {"enemy": "x"}), ("spell_cast", {"guardian": True}),
               ("spell_cast", {"target": "h1"}), ("changed", {"amount": -1}), ("campaign_over", {"result": "won"}),
               ("campaign_started", {"solo": False}), ("guardian_armour", {"held": False}), ("armour", {"held": False}),
               ("foreseen", {"where": "deck"}), ("turned_back", {"space": "crypt"}), ("seat_handed_over", {"ai": "heuristic"}),
               ("stored", {}), ("retrieved", {})]
    for name, data in samples:
        key = event_key(name, data)
        assert key.startswith("talisman.evx.") and key in catalogue(locale), key


def _campaign_lines(seed: int, levels: list[str], locale: str, limit: int) -> list[tuple[str, str]]:
    rec = simulate.play(levels, seed, max_actions=limit)
    out = SYSTEM.new_game(rec.seats, rec.options, seed)
    state, events = out.state, out.events
    lines: list[tuple[str, str]] = []
    for n, (actor, payload) in enumerate(rec.actions):
        shown = SYSTEM.view(state, actor)
        lines += [(e.kind, describe_event(shown, e, locale) or "") for e in events]
        lines.append(("decision " + state.decision.kind, decision_text(shown, locale)))
        lines += [(f"action {a.type}", describe_action(shown, actor, a, locale)) for a in SYSTEM.legal_actions(state, actor)]
        if n % 25 == 0:
            embeds = status_embeds(shown, 1, locale, "active") + [prompt_embed(shown, locale)]
            lines += [("embed", " ".join([e.title or "", e.description or ""] + [f.name + " " + f.value for f in e.fields]))
                      for e in embeds]
        outcome = SYSTEM.apply(state, actor, payload)
        state, events = outcome.state, outcome.events
    shown = SYSTEM.view(state, None)
    return lines + [(e.kind, describe_event(shown, e, locale) or "") for e in events]


@pytest.mark.parametrize("locale", SUPPORTED)
@pytest.mark.parametrize("seed,levels", [(1, ["heuristic"]), (2, ["heuristic", "heuristic", "random"]), (5, ["random"])])
def test_whole_campaigns_read_without_keys_or_ids(seed, levels, locale):
    """Narration, decisions, every legal action's label and the status embeds of a campaign
    played by the AI: no locale key, no {placeholder}, no snake_case id, no card copy number."""
    lines = _campaign_lines(seed, levels, locale, 600)
    assert len(lines) > 500
    bad = [(where, text) for where, text in lines if RAW.search(text)]
    assert bad == []


@pytest.mark.parametrize("locale, wanted, unwanted", [
    ("en", ["The party is in the Village", "Set out for the City", "the party reaches the Fields"],
     ["is in Village", "Set out for City", "reaches Fields"]),
    ("it", ["Il gruppo è al Villaggio", "Parti verso la Città", "il gruppo raggiunge i Campi"],
     ["è a Villaggio", "Parti verso Città", "è su giorno"]),
])
def test_places_take_their_articles(locale, wanted, unwanted):
    """A location is named with the article it takes in the reader's language ("at the
    Village", "al Villaggio", "verso la Città", "al giorno 2 (Pianure)"), as a person writes it."""
    text = "\n".join(line for _where, line in _campaign_lines(1, ["heuristic"], locale, 120))
    for w in wanted:
        assert w in text, w
    for u in unwanted:
        assert u not in text, u
