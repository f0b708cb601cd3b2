"""Checks of the Standard content pack (data/prophecy/standard) and its rulings.

Test names say what they check: `test_facts_s5__...` pins a figure stated by the research
facts (shared/research/prophecy-standard-facts.md, section §5), `test_basic__...` one stated by
the Basic rules, `test_ruling__<id>` one of this project's rulings (rulings.yaml), and the
rest the pack's shape (languages, sources, the effect vocabulary, error messages).
"""
from __future__ import annotations

import copy
import re
from collections import Counter
from pathlib import Path

import pytest

import engine.prophecy.content_standard as cs
from engine.core.shelf import Shelf
from engine.prophecy.content import CreatureCard, Effect, display_name, display_text, pack_by_id
from engine.prophecy.content_standard import (
    STANDARD_FILES,
    ContentError,
    StandardPack,
    build_standard_pack,
    set_standard_source,
    standard_pack_by_id,
)
from packs.prophecy import PACKS_ROOT
from packs.prophecy.standard import read_standard_files, read_standard_pack, standard_from_data

FOLDER = PACKS_ROOT / "standard"
RULES_DIR = Path(__file__).resolve().parents[2] / "data" / "rules"
GUILDS = ("fortress", "thieves_guild", "magic_tower", "forest_camp", "monastery")


@pytest.fixture(scope="module")
def files() -> dict[str, object]:
    return read_standard_files(FOLDER)


@pytest.fixture(scope="module")
def pack(files) -> StandardPack:
    return build_standard_pack(files)


def _broken(files, fname: str, mutate) -> dict[str, object]:
    out = copy.deepcopy(dict(files))
    mutate(out[fname])
    return out


# ------------------------------------------------------------------------------ loading


def test_pack_loads_validates_and_builds_on_the_base_pack(pack):
    assert pack.id == "standard" and pack.manifest.system == "prophecy"
    assert pack.base is pack_by_id("base")
    assert set(STANDARD_FILES) == {p.name for p in FOLDER.glob("*.yaml")}
    assert not (FOLDER / "pack.yaml").exists(), "an overlay is not a complete Basic-format pack"
    assert read_standard_pack(FOLDER) == pack


def test_standard_pack_by_id__asks_the_installed_source(monkeypatch, pack):
    monkeypatch.setattr(cs, "_SHELF", Shelf(cs._SHELF._missing))
    with pytest.raises(ContentError, match=r"Standard pack 'standard' is not loaded"):
        standard_pack_by_id()
    set_standard_source(standard_from_data)
    got = standard_pack_by_id("standard")
    assert got == pack and standard_pack_by_id("standard") is got
    with pytest.raises(ContentError, match=r"pack id '\.\./standard' is not a folder name"):
        standard_pack_by_id("../standard")


def test_as_pack__base_cards_with_the_standard_figures(pack):
    shared = pack.as_pack()
    assert shared.id == "standard"
    assert shared.rules.item_limit.value == 7 and shared.rules.adventure_slots.value == 2
    assert shared.board == pack.base.board and shared.adventures == pack.base.adventures
    # the base pack itself is untouched: the Basic game keeps its own figures
    assert pack_by_id("base").rules.item_limit.value is None
    assert pack_by_id("base").rules.adventure_slots.value == 1


# --------------------------------------------------------------------- facts the pack uses


def test_facts_s2__starting_three_gold_and_three_experience(pack):
    """§2 Standard setup: 3 Gold and 3 Experience (UH, BR; high)."""
    assert (pack.rules.starting_gold.value, pack.rules.starting_experience.value) == (3, 3)
    assert pack.rules.starting_gold.source == pack.rules.starting_experience.source == "rulebook"


def test_facts_s5__seven_items_and_seven_abilities(pack):
    """§5 Limits: at most 7 Abilities and 7 Items in the base Standard game (WR; high)."""
    assert (pack.rules.item_limit.value, pack.rules.item_limit.source) == (7, "research")
    assert (pack.figures.ability_limit.value, pack.figures.ability_limit.source) == (7, "research")


def test_basic__moving_onto_the_standard_version__two_adventures_per_space(pack):
    """Basic rules, closing paragraph (facts §3): two Adventure cards can occupy each space."""
    assert (pack.rules.adventure_slots.value, pack.rules.adventure_slots.source) == (2, "rulebook")


def test_facts_s7__four_of_five_artifacts_win(pack):
    """§7 End of game: hold 4 of the 5 Artifacts (high); §6: the fifth then comes by itself."""
    assert (pack.figures.artifacts_to_win.value, pack.figures.artifacts_to_win.source) == (4, "research")
    assert len(pack.artifacts) == 5
    assert pack.figures.artifacts_to_win.value == len(pack.artifacts) - 1


def test_facts_s6__five_planes_each_beside_two_ring_spaces(pack):
    """§1/§6: five Astral Planes off the ring, each attacked from either ring space next to it."""
    planes = pack.base.board.astral_planes
    assert pack.figures.astral_planes.value == len(planes) == 5
    n = len(pack.base.board.spaces)
    for plane in planes:
        a, b = (pack.base.space_index(s) for s in plane.between)
        assert (a - b) % n in (1, n - 1), plane.id


def test_facts_s6__one_artifact_lesser_and_greater_guardian_per_plane(pack):
    """§6: each plane holds a Lesser Guardian, a Greater Guardian and an Artifact; Guardians have
    Strength and Willpower; the Lesser is the weaker one."""
    lesser, greater = pack.guardians_of("lesser"), pack.guardians_of("greater")
    assert len(lesser) == len(greater) == len(pack.artifacts) == 5
    for g in pack.guardians:
        assert g.strength >= 1 and g.willpower >= 1 and g.count == 1, g.id
    strongest_lesser = max(max(g.strength, g.willpower) for g in lesser)
    weakest_greater = min(max(g.strength, g.willpower) for g in greater)
    assert strongest_lesser < weakest_greater
    # a Greater Guardian's prize is the Artifact; a Lesser one gives a reward of its own
    assert all(not g.reward.is_empty() for g in lesser)


def test_facts_s6__royal_cape_moves_its_holder_and_picks_the_battleground(pack):
    """§6: the Royal Cape is a base Artifact with a movement effect; its owner picks where the
    Final Battle is fought; §7 the same."""
    cape = pack.artifact("royal_cape")
    assert cape.name == "Royal Cape"
    kinds = {e.kind for e in cape.effects}
    assert {"movement", "chooses_battleground"} <= kinds
    assert pack.battleground_chooser() is cape
    assert cape.order == min(a.order for a in pack.artifacts), "the Cape decides before any tie-break"


def test_facts_s2__standard_uses_the_cards_the_basic_version_removes(pack):
    """§2: Lost Library and the nine Chance cards removed in Basic are used in Standard; §9:
    Economic Crisis is a base Chance card too."""
    deck = dict(pack.chance_deck())
    base = pack.base
    removed = {c.id for c in base.chance if c.standard_only}
    assert len(removed) == 9 and removed <= set(deck)
    assert "economic_crisis" in deck
    assert {c.id for c in base.chance if not c.standard_only} <= set(deck)
    assert all(pack.chance_card(cid).effect != "standard_only" for cid in removed)
    adventures = dict(pack.adventure_deck())
    assert adventures["lost_library"] == 1 and set(adventures) == {c.id for c in base.adventures}
    assert pack.chance_card("economic_crisis").name == "Economic Crisis"


def test_facts_s4__guild_chance_cards_turn_up_an_ability_at_their_guild(pack):
    """§4: guild Chance cards most likely turn up a new Ability at that guild."""
    by_guild = {c.guild: c for c in pack.chance if c.effect == "guild_ability"}
    assert set(by_guild) == set(GUILDS)
    for guild, card in by_guild.items():
        assert card.name == pack.base.guilds[guild]


def test_facts_s9__economic_crisis_takes_gold_away(pack):
    crisis = pack.chance_card("economic_crisis")
    assert crisis.effect == "economic_crisis" and crisis.lose_gold_divisor == 2


def test_facts_s2__guild_offer_starts_with_the_top_card(pack):
    """§2: at setup the top Ability of each guild deck is turned face up (one per guild)."""
    assert (pack.figures.guild_offer_size.value, pack.figures.guild_offer_size.source) == (1, "research")


def test_facts_s3__loser_of_a_character_fight_loses_one_health_or_one_item(pack):
    assert pack.figures.character_fight_health.value == 1 and pack.figures.character_fight_items.value == 1
    assert pack.figures.character_fight_health.source == pack.figures.character_fight_items.source == "research"


def test_facts_s10__prayer_curse_and_time_loop_as_in_the_worked_examples(pack):
    """§10: Prayer rolls twice and keeps the better; Curse makes the opponent roll three times
    and keep the worst; Time Loop is turned face down after use and comes back next turn."""
    (prayer,) = pack.ability("prayer").effects
    assert (prayer.kind, prayer.rolls) == ("prayer", 2)
    (curse,) = pack.ability("curse").effects
    assert (curse.kind, curse.rolls) == ("curse", 3)
    loop = pack.ability("time_loop")
    assert loop.rests and loop.limit == "once_per_round"
    assert any(a.limit == "once_per_round" and a.type == "spell" for a in pack.abilities), "§10: once-a-round spells"


def test_facts_s3_s10__ability_names_from_the_sources_are_used(pack):
    named = {"Training", "Blacksmithing", "Meditation", "Miraculous Healing", "People's Hospitality",
             "Horsemanship", "Stealth", "Thievery", "Pickpocketing", "Poisonous Blade", "Wharf Rat",
             "Nautical Rites", "Prayer", "Curse", "Time Loop", "Turn Back Time", "Fanaticism", "Divine Will"}
    assert named <= {a.name for a in pack.abilities}


def test_facts_s3__abilities_named_as_used_instead_of_movement(pack):
    """§3: Blacksmithing, Meditation, Miraculous Healing and Training replace movement; People's
    Hospitality depends on the terrain you are on."""
    for aid in ("blacksmithing", "meditation", "miraculous_healing", "training", "peoples_hospitality"):
        assert any(e.kind == "instead_of_movement" for e in pack.ability(aid).effects), aid
    hosp = next(e for e in pack.ability("peoples_hospitality").effects if e.kind == "instead_of_movement")
    assert hosp.action == "by_terrain" and set(hosp.by_terrain) == {"forest", "mountains", "plains"}
    (repair,) = pack.ability("blacksmithing").effects
    assert repair.action == "repair"


def test_facts_s10__horsemanship_free_horses_and_a_paid_pegasus(pack):
    rides = [e for e in pack.ability("horsemanship").effects if e.kind == "movement"]
    assert any(r.mode == "horse" and r.cost.is_free() for r in rides)
    assert any(r.mode == "horse" and r.cost.gold > 0 for r in rides)


def test_facts_s11_8__an_ability_allows_two_one_handed_weapons(pack):
    assert any(e.kind == "two_weapons" for a in pack.abilities for e in a.effects)


def test_facts_s6__some_bonuses_count_only_against_astral_planes(pack):
    astral = [a.id for a in pack.abilities for e in a.effects if e.kind == "battle_bonus" and e.against == "astral_plane"]
    assert len(astral) >= 2


def test_facts_s10__guardian_types_are_the_creature_types(pack):
    """§10: creature types humanoid, undead, demon, animal (the base pack adds magical)."""
    allowed = set(CreatureCard.model_fields["tags"].annotation.__args__[0].__args__)  # type: ignore[union-attr]  # set up by the test
    for g in pack.guardians:
        assert set(g.tags) <= allowed, g.id


# ------------------------------------------------------------------------------ Abilities


def test_abilities__at_least_eight_per_guild_with_skills_and_spells(pack):
    for guild in GUILDS:
        deck = pack.guild_deck(guild)
        assert len(deck) >= 8, guild
        assert {a.type for a in deck} == {"skill", "spell"}, guild
        assert all(a.count == 1 for a in deck)


def test_abilities__spells_cost_magic_skills_cost_nothing(pack):
    for a in pack.abilities:
        if a.type == "spell":
            assert a.cast.magic >= 1, a.id
        else:
            assert a.cast.is_free(), a.id


def test_abilities__every_guild_offers_one_a_new_character_can_learn(pack):
    """Ruling ability_costs, figures source: project: a character starts with the Basic
    rulebook's Experience, and each guild's deck holds at least one Ability she can pay for on
    her first visit, so learning is open from the first round (the dearer ones come later)."""
    start = pack.as_pack().rules.starting_experience.value
    cheapest: dict[str, int] = {}
    for a in pack.abilities:
        cheapest[a.guild] = min(cheapest.get(a.guild, a.experience), a.experience)
    assert set(cheapest) == {s.guild for s in pack.as_pack().board.spaces if s.guild}
    assert all(cost <= start for cost in cheapest.values()), cheapest


def test_abilities__the_effect_vocabulary_is_all_in_use(pack):
    """Every effect kind the engine must implement is used by some card (none is dead weight)."""
    kinds = {e.kind for card in (*pack.abilities, *pack.artifacts) for e in card.effects}
    vocabulary = {arg.model_fields["kind"].annotation.__args__[0] for arg in cs.AbilityEffect.__origin__.__args__}  # type: ignore[attr-defined]  # set up by the test
    assert kinds == vocabulary


def test_abilities__instead_of_movement_is_at_most_once_per_turn(pack):
    for a in pack.abilities:
        if any(e.kind == "instead_of_movement" for e in a.effects):
            assert a.limit in ("once_per_turn", "once_per_round"), a.id


# -------------------------------------------------------------------------------- rulings

REQUIRED_RULINGS = {
    "second_adventure_face_down", "creature_order", "giant_spider_two_slots", "astral_attack",
    "astral_both_guardians", "astral_loss_and_draw", "astral_revealed_stays", "guardian_rewards", "power_up",
    "astral_only_bonuses", "artifact_powers", "death", "final_battle_start", "final_battle_turns",
    "final_battle_stakes", "apocalypse", "ability_costs", "guild_offer", "guild_chance_cards", "training",
    "training_cards", "interesting_times", "prophetic_dream", "economic_crisis", "limits", "instead_of_movement",
    "character_fight_when", "character_fight_battle", "character_fight_loss", "character_choice",
}


def test_rulings__every_open_decision_of_the_brief_is_ruled(pack):
    assert REQUIRED_RULINGS <= {r.id for r in pack.rulings}


def test_rulings__english_and_italian_text_and_an_option(pack):
    for r in pack.rulings:
        for lang in ("en", "it"):
            assert r.text_in(lang).strip() and r.title_in(lang).strip(), (r.id, lang)
            assert len(r.text_in(lang)) <= 600, (r.id, lang)
        assert r.text.it != r.text.en and r.title.it != r.title.en, r.id
        assert r.option and r.facts and r.source == "project", r.id
        assert all(re.fullmatch(r"§\d{1,2}(\.\d{1,2})?", f) for f in r.facts), r.id


def test_rulings__every_option_is_explained_by_a_ruling(pack):
    named = {r.option.split(".", 1)[1] for r in pack.rulings if r.option.startswith("options.")}
    assert set(pack.manifest.options) == named


def test_rulings__options_resolve_to_values(pack):
    for r in pack.rulings:
        head, _, rest = r.option.partition(".")
        if head == "options":
            assert pack.option(rest) in pack.manifest.options[rest].choices
        elif head == "standard":
            assert getattr(pack.figures, rest).value is not None, r.id
        elif head == "rules":
            assert getattr(pack.rules, rest).value is not None, r.id


def test_ruling__ability_costs_is_the_facts_guess_marked_project(pack):
    """§4 GUESS: Gold = Experience cost for non-members; the figure is the project's."""
    fig = pack.figures.ability_gold_per_experience
    assert (fig.value, fig.source) == (1, "project")
    assert pack.ruling("ability_costs").option == "standard.ability_gold_per_experience"


def test_ruling__character_fight_battle_costs_two_magic_marked_project(pack):
    """§3 GUESS: the creature price of 2 Magic for a Battle of Wills."""
    fig = pack.figures.character_wills_magic
    assert (fig.value, fig.source) == (2, "project") and fig.value == pack.rules.wills_switch_magic.value


def test_ruling__character_choice_default_and_alternative(pack):
    """§2/§11.4: support both the two-card deal and one random character."""
    spec = pack.manifest.options["character_choice"]
    assert spec.value == "deal_two_keep_one" and set(spec.choices) == {"deal_two_keep_one", "random"}


def test_ruling__apocalypse_is_an_option_off_by_default(pack):
    spec = pack.manifest.options["apocalypse"]
    assert spec.value is False and True in spec.choices
    assert pack.figures.apocalypse_health_loss.value == 1


def test_ruling__power_up_none_in_plain_standard(pack):
    assert (pack.figures.astral_power_up.value, pack.figures.astral_power_up.source) == (0, "project")


def test_ruling__training_costs_and_caps(pack):
    f = pack.figures
    assert (f.training_experience_per_point.value, f.training_gold_non_member.value, f.training_cap_per_figure.value) == (1, 2, 2)
    offer, open_ = pack.chance_card("training_offer"), pack.chance_card("open_training")
    assert (offer.training_for, offer.lasts) == ("drawer", "turn")
    assert (open_.training_for, open_.lasts) == ("everyone", "round")


def test_ruling__interesting_times_and_prophetic_dream(pack):
    it = pack.chance_card("interesting_times")
    assert it.reveal_face_down and it.fill_empty_terrain
    assert pack.chance_card("prophetic_dream").look == 1  # §6: one card (or the WR pair)
    assert pack.manifest.options["prophetic_dream"].value == "private"


def test_ruling__lost_library_studies_an_ability_without_gold(pack):
    lib = pack.adventures[0]
    assert lib.id == "lost_library" and lib.study.look == 3 and lib.study.gold is False


def test_ruling__given_up_item_is_discarded_and_artifacts_are_not_items(pack):
    assert pack.option("item_given_up_goes_to") == "discard"
    assert pack.option("artifacts_are_items") is False
    assert any(e.kind == "on_win_vs_character" and e.take_item for e in pack.ability("thievery").effects)


# --------------------------------------------------------------------------- sources


def test_every_invented_figure_is_marked_project(pack, files):
    """Card figures, Guardian stats, Ability costs and options are the project's own, written out."""
    for group in (pack.abilities, pack.artifacts, pack.guardians, pack.chance, pack.adventures):
        assert all(c.source == "project" for c in group)
    for fname in ("abilities.yaml", "artifacts.yaml", "guardians.yaml", "chance.yaml", "adventures.yaml"):
        assert all(c["source"] == "project" for c in files[fname]["cards"]), fname  # type: ignore[index]  # set up by the test
    raw = files["manifest.yaml"]
    assert all(o["source"] == "project" for o in raw["options"].values())  # type: ignore[index]  # set up by the test
    project = {"ability_gold_per_experience", "character_wills_magic", "training_experience_per_point",
               "training_gold_non_member", "training_cap_per_figure", "astral_power_up", "apocalypse_health_loss"}
    research = {"ability_limit", "artifacts_to_win", "astral_planes", "guild_offer_size",
                "character_fight_health", "character_fight_items"}
    assert project | research == set(raw["standard"])  # type: ignore[index]  # set up by the test
    for name, fig in raw["standard"].items():  # type: ignore[index]  # set up by the test
        assert fig["source"] == ("project" if name in project else "research"), name


# ------------------------------------------------------------------------------ languages


def _cards(pack):
    return [*pack.abilities, *pack.artifacts, *pack.guardians, *pack.chance, *pack.adventures]


def test_names_and_texts_in_english_and_italian(pack):
    for c in _cards(pack):
        assert c.name.strip() and c.text.strip() and len(c.text) <= 220, c.id
        assert c.names.get("it", "").strip() and c.texts.get("it", "").strip(), c.id
        assert c.texts["it"] != c.text, c.id  # a copied English sentence is not a translation
        assert pack.card_text(c.id, "it") == display_text(c, "it") and pack.card_name(c.id, "it") == display_name(c, "it")
    assert pack.card_name("prayer", "it") == "Preghiera" and pack.card_name("prayer", "fr") == "Prayer"
    assert pack.card_text("no_such_card") is None


def test_names_are_unique_within_each_kind_in_both_languages(pack):
    for group in (pack.abilities, pack.artifacts, pack.guardians):
        for lang in ("en", "it"):
            names = [display_name(c, lang) for c in group]
            assert len(names) == len(set(names)), [n for n, k in Counter(names).items() if k > 1]


def test_standard_chance_cards_keep_the_base_names(pack):
    """The nine removed cards are the base pack's cards: same names in both languages."""
    for c in pack.chance:
        if c.id == "economic_crisis":
            continue
        base = pack.base.chance_card(c.id)
        assert (c.name, c.names["it"]) == (base.name, base.names["it"]), c.id
    assert pack.adventures[0].names["it"] == pack.base.adventure("lost_library").names["it"] == "Biblioteca Perduta"


# ------------------------------------------------------------------------------ summaries


def _sections(name: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for line in (RULES_DIR / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            out.append((line[3:].strip(), ""))
        elif out:
            out[-1] = (out[-1][0], out[-1][1] + line + "\n")
    return out


def test_summaries__twins_with_rulings_marked_in_both_languages():
    en, it = _sections("prophecy-standard.en.md"), _sections("prophecy-standard.it.md")
    assert len(en) == len(it) >= 20
    for (en_title, en_body), (it_title, it_body) in zip(en, it, strict=False):
        assert en_body.count("This bot's ruling") == it_body.count("Regola di questo bot"), (en_title, it_title)
    assert sum(b.count("This bot's ruling") for _, b in en) >= 25
    for name in ("prophecy-standard.en.md", "prophecy-standard.it.md"):
        text = (RULES_DIR / name).read_text(encoding="utf-8")
        assert text.startswith("# ") and "{" not in text and "_" not in text, name  # no raw ids or templates


def test_summaries__own_words_not_the_rulebooks():
    """No 8 words in a row come from the Basic or Water Realm rulebooks (lists of names aside)."""
    from tests.lookup import rulebooks

    folder = rulebooks()
    fold = str.casefold
    words: list[str] = []
    for book in ("prophecy-basic-rules.en.txt", "prophecy-basic-rules.it.txt", "prophecy-water-realm-expansion.en.txt"):
        words += [fold(w) for w in re.findall(r"[^\W\d_]+|\d+", (folder / book).read_text(encoding="utf-8"))]
    shingles = {tuple(words[i : i + 8]) for i in range(len(words) - 7)}
    for name in ("prophecy-standard.en.md", "prophecy-standard.it.md"):
        for title, body in _sections(name):
            toks = re.findall(r"[^\W\d_]+|\d+", body)
            for i in range(len(toks) - 7):
                run = toks[i : i + 8]
                names = sum(t[0].isupper() for t in run)
                assert tuple(map(fold, run)) not in shingles or names >= 4, (name, title, " ".join(run))


def test_summaries__italian_uses_the_italian_rulebook_terms():
    """The Italian Basic rules call them Portali Astrali, Artefatti, Guardiani Minori/Maggiori, Abilità."""
    text = (RULES_DIR / "prophecy-standard.it.md").read_text(encoding="utf-8")
    for term in ("Portali Astrali", "Artefatti", "Guardiano Minore", "Guardiano Maggiore", "Abilità", "colomba"):
        assert term in text, term


# --------------------------------------------------------------------------- broken copies


def test_broken__ruling_without_italian_names_file_and_field(files):
    def drop_it(data):
        del data["rulings"][0]["text"]["it"]

    with pytest.raises(ContentError, match=r"^rulings.yaml: rulings\[0\]\.text\.it: Field required"):
        build_standard_pack(_broken(files, "rulings.yaml", drop_it))


def test_broken__ruling_option_that_names_nothing(files):
    def bad_option(data):
        data["rulings"][0]["option"] = "options.no_such_option"

    with pytest.raises(ContentError, match=r"rulings.yaml: rulings\[0\]\.option: 'options.no_such_option' names nothing"):
        build_standard_pack(_broken(files, "rulings.yaml", bad_option))


def test_broken__ability_of_an_unknown_guild_and_a_guild_without_deck(files):
    def move_to_nowhere(data):
        for card in data["cards"]:
            if card["guild"] == "monastery":
                card["guild"] = "wizard_school"

    with pytest.raises(ContentError) as exc:
        build_standard_pack(_broken(files, "abilities.yaml", move_to_nowhere))
    msg = str(exc.value)
    assert "abilities.yaml: cards[" in msg and "unknown guild 'wizard_school'" in msg
    assert "guild 'monastery' has no Ability deck" in msg


def test_broken__spell_without_a_magic_cost(files):
    def free_prayer(data):
        next(c for c in data["cards"] if c["id"] == "prayer").pop("cast")

    with pytest.raises(ContentError, match=r"abilities.yaml: cards\[\d+\]: .*a spell costs Magic"):
        build_standard_pack(_broken(files, "abilities.yaml", free_prayer))


def test_broken__unknown_effect_kind_names_the_field(files):
    def bad_kind(data):
        data["cards"][0]["effects"][0] = {"kind": "fly_to_the_moon"}

    with pytest.raises(ContentError, match=r"abilities.yaml: cards\[0\]\.effects\[0\]"):
        build_standard_pack(_broken(files, "abilities.yaml", bad_kind))


def test_broken__standard_only_chance_card_without_standard_behaviour(files):
    def drop_dream(data):
        data["cards"] = [c for c in data["cards"] if c["id"] != "prophetic_dream"]

    with pytest.raises(ContentError, match=r"no Standard behaviour for the Standard-only card 'prophetic_dream'"):
        build_standard_pack(_broken(files, "chance.yaml", drop_dream))


def test_broken__a_guardian_short_for_the_planes(files):
    def drop_one(data):
        data["cards"] = [c for c in data["cards"] if c["id"] != "lich_king"]

    with pytest.raises(ContentError, match=r"guardians.yaml \(greater\): cards: 4 cards for 5 Astral Planes"):
        build_standard_pack(_broken(files, "guardians.yaml", drop_one))


def test_broken__option_value_outside_its_choices(files):
    def bad_value(data):
        data["options"]["apocalypse"]["value"] = "sometimes"

    with pytest.raises(ContentError, match=r"manifest.yaml: options.apocalypse"):
        build_standard_pack(_broken(files, "manifest.yaml", bad_value))


def test_broken__missing_and_unparsable_files_name_the_file(tmp_path, files):
    partial = dict(files)
    del partial["guardians.yaml"]
    with pytest.raises(ContentError, match=r"^guardians.yaml: file missing from pack$"):
        build_standard_pack(partial)
    folder = tmp_path / "standard"
    folder.mkdir()
    for name in STANDARD_FILES:
        (folder / name).write_text((FOLDER / name).read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "artifacts.yaml").write_text("cards: [unclosed", encoding="utf-8")
    with pytest.raises(ContentError, match=r"^artifacts.yaml: not valid YAML"):
        read_standard_pack(folder)


def test_guardian_reward_uses_the_base_effect_vocabulary(pack):
    for g in pack.guardians_of("lesser"):
        assert isinstance(g.reward, Effect)
    assert pack.guardian("flame_hound").reward.strength == 1
    assert pack.guardian("mirror_djinn").reward.willpower == 1
