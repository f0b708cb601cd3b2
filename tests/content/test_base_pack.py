"""Checks of the base content pack (data/prophecy/base) against the Basic Version rules.

Test names follow the rulebook section they check (shared/rulebooks/prophecy-basic-rules.en.txt).
"""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from engine.prophecy.content import ContentError, CreatureCard, OpportunityCard
from packs.prophecy import read_pack

PACK_DIR = Path(__file__).resolve().parents[2] / "data" / "prophecy" / "base"

STANDARD_ONLY_CHANCE = {
    "Fortress", "Thieves' Guild", "Magic Tower", "Forest Camp", "Monastery",
    "Interesting Times", "Training Offer", "Open Training", "Prophetic Dream",
}
BASIC_CHANCE = {
    "Forest", "Mountains", "Plains", "City Merchant", "Tradesman", "Refreshing Wind",
    "Kindly Wind", "Magical Breeze", "Good Times", "Charity", "Peaceful Times",
}


@pytest.fixture(scope="module")
def pack():
    return read_pack(PACK_DIR)


def _raw(name: str):
    return yaml.safe_load((PACK_DIR / name).read_text(encoding="utf-8"))


def _basic_adventures(pack):
    return [c for c in pack.adventures if not c.standard_only]


def _copies(cards) -> int:
    return sum(c.count for c in cards)


# --------------------------------------------------------------------------- manifest


def test_pack_manifest_identifies_base_prophecy_pack(pack):
    assert pack.id == "base"
    assert pack.manifest.system == "prophecy"


def test_basic__character_preparation__starting_gold_and_experience(pack):
    """Character Preparation: each player starts with three Gold and three Experience."""
    assert pack.rules.starting_gold.value == 3 and pack.rules.starting_gold.source == "rulebook"
    assert pack.rules.starting_experience.value == 3 and pack.rules.starting_experience.source == "rulebook"


def test_basic__rules_figures_carry_their_sources(pack):
    """Moving Your Character, Optional Battles, Acquiring a Certificate, Buying and Selling Items."""
    r = pack.rules
    expected = {
        "starting_gold": (3, "rulebook"),
        "starting_experience": (3, "rulebook"),
        "horse_cost": (1, "rulebook"),
        "boat_cost": (1, "rulebook"),
        "gate_cost": (2, "rulebook"),
        "wills_switch_magic": (2, "rulebook"),
        "certificate_experience": (5, "rulebook"),
        "certificate_gold": (5, "rulebook"),
        "sell_divisor": (2, "rulebook"),
        "bank_red_cubes": (60, "project"),
        "bank_blue_cubes": (60, "project"),
        "item_limit": (None, "project"),
        "adventure_slots": (1, "rulebook"),
        "starting_offer": (0, "project"),
    }
    for name, (value, source) in expected.items():
        fig = getattr(r, name)
        assert (fig.value, fig.source) == (value, source), name


# ------------------------------------------------------------------------------ board


def test_basic__game_board__twenty_space_ring(pack):
    """Preparation of the Game Board / Special Spaces: a ring of 20 spaces (research §1)."""
    spaces = pack.board.spaces
    assert len(spaces) == 20
    kinds = Counter(s.kind for s in spaces)
    assert kinds["guild"] == 5
    assert kinds["city"] == 1 and kinds["village"] == 1 and kinds["enchanted_wilderness"] == 1
    assert (kinds["forest"], kinds["mountains"], kinds["plains"]) == (4, 4, 4)
    assert len([s for s in spaces if s.terrain]) == 12
    assert len({s.name for s in spaces}) == 20, "every space needs its own name"


def test_basic__game_board__ring_order_is_the_project_layout(pack):
    """Ring order is unknown from any source: the project layout is pinned here."""
    order = [
        ("fortress", "guild"), ("plains_1", "plains"), ("mountains_1", "mountains"), ("forest_1", "forest"),
        ("village", "village"), ("plains_2", "plains"), ("magic_tower", "guild"), ("mountains_2", "mountains"),
        ("forest_2", "forest"), ("enchanted_wilderness", "enchanted_wilderness"), ("thieves_guild", "guild"),
        ("plains_3", "plains"), ("mountains_3", "mountains"), ("city", "city"), ("forest_3", "forest"),
        ("monastery", "guild"), ("plains_4", "plains"), ("mountains_4", "mountains"), ("forest_4", "forest"),
        ("forest_camp", "guild"),
    ]
    assert [(s.id, s.kind) for s in pack.board.spaces] == order
    assert [pack.space_index(s) for s in ("forest_1", "forest_2", "city", "forest_4")] == [3, 8, 13, 18]
    assert [i for i, s in enumerate(pack.board.spaces) if s.port] == [3, 8, 13, 18]
    assert [i for i, s in enumerate(pack.board.spaces) if s.gate] == [2, 9, 16]


def test_basic__guilds__five_guilds_each_with_one_space(pack):
    """Object of the Game / The Guilds: five guilds, one guild space each."""
    assert pack.guilds == {
        "fortress": "Fortress",
        "thieves_guild": "Thieves' Guild",
        "magic_tower": "Magic Tower",
        "forest_camp": "Forest Camp",
        "monastery": "Monastery",
    }
    on_board = Counter(s.guild for s in pack.board.spaces if s.kind == "guild")
    assert on_board == Counter(list(pack.guilds))


def test_basic__repairing_items__civilization_spaces(pack):
    """Repairing Items: civilization (blue) spaces are the guilds, the City and the Village."""
    civ = {s.id for s in pack.board.spaces if s.civilization}
    assert civ == {"fortress", "thieves_guild", "magic_tower", "forest_camp", "monastery", "city", "village"}
    for s in pack.board.spaces:
        has_repair = any(sv.kind == "repair" for sv in s.services)
        assert has_repair == s.civilization, s.id
        for sv in s.services:
            if sv.kind == "repair":
                assert sv.price == 1


def test_basic__astral_planes__five_unused_planes(pack):
    """Special Spaces: Astral Planes are not used in Basic, but the board has five."""
    planes = pack.board.astral_planes
    assert len(planes) == 5
    ids = [s.id for s in pack.board.spaces]
    for plane in planes:
        a, b = (ids.index(x) for x in plane.between)
        assert abs(a - b) in (1, 19), "a plane borders two neighbouring ring spaces"


def _service(pack, space_id, kind, sid=""):
    space = pack.board.spaces[pack.space_index(space_id)]
    found = [s for s in space.services if s.kind == kind and (not sid or s.id == sid)]
    assert len(found) == 1, (space_id, kind, sid)
    return found[0]


def test_basic__recovering_lost_health_and_magic__services(pack):
    """Recovering Lost Health and Magic: Monastery, Forest Camp, Enchanted Wilderness, Magic Tower, Village."""
    heal = _service(pack, "monastery", "heal")
    assert (heal.price, heal.max, heal.once_per_turn) == (0, 1, True)
    heal = _service(pack, "forest_camp", "heal")
    assert (heal.price, heal.per, heal.max, heal.once_per_turn) == (1, 1, None, False)
    rech = _service(pack, "enchanted_wilderness", "recharge")
    assert (rech.price, rech.max, rech.once_per_turn) == (0, 3, True)
    rech = _service(pack, "magic_tower", "recharge")
    assert (rech.price, rech.per, rech.max) == (1, 2, None)
    lodging = _service(pack, "village", "exchange", "lodging")
    assert lodging.cost.gold == 1 and (lodging.gain.health, lodging.gain.magic) == (1, 1)
    assert lodging.once_per_turn and not lodging.instead_of_movement


def test_basic__possibilities_instead_of_movement__exchanges(pack):
    """Possibilities Instead of Movement: City, Thieves' Guild and Fortress."""
    city = _service(pack, "city", "exchange", "city_work")
    assert city.cost.magic == 1 and city.gain.gold == 2
    thieves = _service(pack, "thieves_guild", "exchange", "thieves_work")
    assert thieves.cost.health == 1 and thieves.gain.gold == 3
    fortress = _service(pack, "fortress", "exchange", "fortress_training")
    assert fortress.cost.health == 1 and fortress.gain.experience == 2
    for sv in (city, thieves, fortress):
        assert sv.once_per_turn and sv.instead_of_movement and sv.source == "rulebook"


def test_basic__buying_and_selling_items__markets(pack):
    """Buying and Selling Items: only the City and the Village trade Items."""
    markets = {s.id for s in pack.board.spaces if any(sv.kind == "market" for sv in s.services)}
    assert markets == {"city", "village"}


def test_basic__acquiring_a_certificate__at_every_guild_only(pack):
    """Acquiring a Certificate: a Certificate is bought in a guild space."""
    cert = {s.id for s in pack.board.spaces if any(sv.kind == "certificate" for sv in s.services)}
    assert cert == {s.id for s in pack.board.spaces if s.kind == "guild"}


def test_basic__special_spaces__adventures_only_on_terrain(pack):
    """Special Spaces: special spaces have no Adventure cards; only terrain spaces do."""
    for s in pack.board.spaces:
        if s.terrain:
            assert not s.services and not s.civilization, s.id


# ------------------------------------------------------------------------- characters


def test_basic__character_preparation__ten_characters(pack):
    """Character Preparation: each character has Strength, Willpower and two guilds (research §8)."""
    chars = pack.characters
    assert len(chars) == 10
    assert len({c.id for c in chars}) == 10 and len({c.name for c in chars}) == 10
    for c in chars:
        assert 3 <= c.strength <= 6 and 3 <= c.willpower <= 6, c.id
        assert c.strength + c.willpower == 9, c.id
        assert c.guilds[0] != c.guilds[1], c.id
        assert all(g in pack.guilds for g in c.guilds), c.id
        assert c.tags == ["humanoid"]
    starts = Counter(c.guilds[0] for c in chars)
    assert starts == Counter({g: 2 for g in pack.guilds}), "each guild is the starting space twice"
    assert len({frozenset(c.guilds) for c in chars}) == 10, "guild pairs are all different"


def test_basic__character_preparation__confirmed_names(pack):
    """Research §8: Illusionist (Thieves' Guild + Magic Tower), Mystic, Ranger, Druid, Paladin, Troll."""
    names = {c.name for c in pack.characters}
    assert {"Illusionist", "Mystic", "Ranger", "Druid", "Paladin", "Troll"} <= names
    assert "Amazon" not in names
    assert pack.character("illusionist").guilds == ("thieves_guild", "magic_tower")


# ------------------------------------------------------------------------- adventures


def test_basic__preparation__lost_library_is_standard_only(pack):
    """Preparation of the Game Board: Lost Library is removed from the Adventure deck in Basic."""
    lib = pack.adventure("lost_library")
    assert lib.name == "Lost Library" and lib.standard_only
    assert [c.id for c in pack.adventures if c.standard_only] == ["lost_library"]


def test_basic__adventure_cards__deck_size_and_mix(pack):
    """Adventure Cards: Creatures and Opportunities; at least 60 Basic copies."""
    basic = _basic_adventures(pack)
    assert _copies(basic) >= 60
    creatures = [c for c in basic if isinstance(c, CreatureCard)]
    opps = [c for c in basic if isinstance(c, OpportunityCard)]
    assert _copies(opps) >= 15
    assert _copies(creatures) > _copies(opps)
    assert len({c.id for c in pack.adventures}) == len(pack.adventures)


def test_basic__rules_of_combat__every_creature_kind_present(pack):
    """Rules of Combat: Strength, Wills, Optional Battles, Special Battles, Three Lives."""
    creatures = [c for c in _basic_adventures(pack) if isinstance(c, CreatureCard)]
    strength_only = [c for c in creatures if c.strength is not None and c.willpower is None]
    wills_only = [c for c in creatures if c.willpower is not None and c.strength is None]
    strength_first = [c for c in creatures if c.first == "strength" and c.willpower is not None]
    wills_first = [c for c in creatures if c.first == "wills" and c.strength is not None]
    three = [c for c in creatures if c.special("three_lives")]
    assert strength_only and wills_only and strength_first and wills_first and three
    for c in wills_first:
        sw = c.special("switch_battle")
        assert sw is not None and not sw.mandatory and not sw.cost.is_free(), c.id
    for c in three:
        assert c.special("three_lives").mandatory
    assert {"vampire", "skeletal_wizard"} <= {c.id for c in wills_first}


def test_basic__special_battles__named_creatures(pack):
    """Special Battles / Adventure Cards: Giant Spider, Ghostly Spirits, Escaped Murderer."""
    spider = pack.adventure("giant_spider")
    assert spider.special("holds_on_start").mandatory
    spirits = pack.adventure("ghostly_spirits")
    assert spirits.special("no_weapons").mandatory
    murderer = pack.adventure("escaped_murderer")
    bribe = murderer.special("bribe")
    assert not bribe.mandatory and bribe.cost.gold > 0


def test_basic__creatures__figures_within_balance_bounds(pack):
    """Balance guide (project): figures 1..8, Experience 1..4 (more for three lives)."""
    creatures = [c for c in _basic_adventures(pack) if isinstance(c, CreatureCard)]
    for c in creatures:
        for fig in (c.strength, c.willpower):
            assert fig is None or 1 <= fig <= 8, c.id
        if c.special("three_lives"):
            assert 3 <= c.experience <= 6, c.id
        else:
            assert c.experience in range(1, 5), c.id
        assert c.tags and set(c.tags) <= {"animal", "humanoid", "undead", "demon", "magical"}, c.id
    main = [max(f for f in (c.strength, c.willpower) if f is not None) for c in creatures for _ in range(c.count)]
    easy = sum(1 for f in main if 2 <= f <= 5)
    hard = sum(1 for f in main if f >= 6)
    assert easy > 0.75 * len(main) and hard >= 4


def test_basic__what_evil_may_befall__nasty_creatures_and_treasures(pack):
    """What Evil May Befall / What Good May Happen: worse losses and treasures exist."""
    creatures = [c for c in _basic_adventures(pack) if isinstance(c, CreatureCard)]
    losses = [c.on_loss for c in creatures if c.on_loss]
    assert any(e.health <= -2 for e in losses)
    assert any(e.health < 0 and e.magic < 0 for e in losses)
    assert any(e.gold < 0 and e.health < 0 for e in losses)
    assert any(e.lose_items for e in losses)
    treasures = [c.treasure for c in creatures if c.treasure]
    assert any(t.gold for t in treasures)
    assert any("common" in t.draw for t in treasures) and any("rare" in t.draw for t in treasures)
    assert any(t.strength for t in treasures) and any(t.willpower for t in treasures)


def test_basic__opportunities__roll_tables(pack):
    """Opportunities: some are decided by a die roll (Four-leaf Clover, Sphinx)."""
    for cid in ("four_leaf_clover", "sphinx"):
        card = pack.adventure(cid)
        faces = sorted(f for row in card.effect.roll for f in range(row.low, row.high + 1))
        assert faces == [1, 2, 3, 4, 5, 6]


# ------------------------------------------------------------------------------ items


def test_basic__weapons_and_items__deck_sizes(pack):
    """Preparation of the Game Board: Common (brown) and Rare (gold) Item decks."""
    common = [i for i in pack.items if i.deck == "common"]
    rare = [i for i in pack.items if i.deck == "rare"]
    assert len(common) >= 20 and len(rare) >= 12
    assert all(1 <= i.count <= 2 for i in pack.items)
    assert all(2 <= i.cost <= 6 for i in common)
    assert all(6 <= i.cost <= 12 for i in rare)
    assert len({i.id for i in pack.items}) == len(pack.items)


def test_basic__weapons_and_items__every_slot_kind_present(pack):
    """Weapons and Items: one- and two-handed weapons, thrown weapons, shields/wands, headwear, others."""
    items = pack.items
    assert any(i.slot == "weapon" and i.hands == 1 and i.thrown is None for i in items)
    assert any(i.slot == "weapon" and i.hands == 2 for i in items)
    assert any(i.slot == "weapon" and i.thrown for i in items)
    assert any(i.slot == "hand" and i.strength > 0 for i in items), "a shield"
    assert any(i.slot == "hand" and i.willpower > 0 for i in items), "a wand or orb"
    assert any(i.slot == "head" and i.strength > 0 for i in items)
    assert any(i.slot == "head" and i.willpower > 0 for i in items)
    assert any(i.slot == "body" and i.use is None for i in items)
    assert any(i.use is not None and i.consumed for i in items), "a potion"
    hammer = pack.item("thors_hammer")
    assert hammer.deck == "rare" and hammer.thrown and hammer.bonus_vs.get("undead", 0) > 0
    gauntlets = pack.item("gauntlets_of_strength")
    assert gauntlets.slot == "body" and gauntlets.hands == 0 and gauntlets.strength == 1


# ----------------------------------------------------------------------------- chance


def test_basic__preparation__standard_only_chance_cards_removed(pack):
    """Preparation of the Game Board: nine Chance cards are removed in the Basic Version."""
    flagged = {c.name for c in pack.chance if c.standard_only}
    assert flagged == STANDARD_ONLY_CHANCE
    for c in pack.chance:
        assert (c.effect == "standard_only") == c.standard_only, c.id


def test_basic__drawing_a_chance_card__basic_cards(pack):
    """Drawing a Chance Card: the Basic cards and their effects."""
    basic = {c.name: c for c in pack.chance if not c.standard_only}
    assert set(basic) == BASIC_CHANCE
    for terrain in ("forest", "mountains", "plains"):
        card = pack.chance_card(terrain)
        assert card.effect == "terrain" and card.terrain == terrain and card.count == 4
    assert basic["City Merchant"].effect == "restock" and basic["City Merchant"].restock_space == "city"
    assert basic["Tradesman"].effect == "restock" and basic["Tradesman"].restock_space == "village"
    for name in ("Refreshing Wind", "Kindly Wind", "Magical Breeze", "Good Times"):
        assert basic[name].effect == "everyone_gains"
    assert basic["Refreshing Wind"].gain.health > 0 and basic["Magical Breeze"].gain.magic > 0
    assert basic["Kindly Wind"].gain.health > 0 and basic["Kindly Wind"].gain.magic > 0
    assert basic["Good Times"].gain.gold > 0
    charity = basic["Charity"]
    assert charity.effect == "charity" and charity.gain.health and charity.gain.magic and charity.gain.gold
    assert basic["Peaceful Times"].effect == "peaceful_times"


# ---------------------------------------------------------------------------- sources


def test_every_project_figure_is_marked_project(pack):
    """Every card, character and layout figure is a project choice: `source: project`, written explicitly."""
    assert pack.board.source == "project"
    assert all(s.source == "project" for s in pack.board.spaces)
    assert all(p.source == "project" for p in pack.board.astral_planes)
    assert all(sv.source == "rulebook" for s in pack.board.spaces for sv in s.services)
    for group in (pack.characters, pack.adventures, pack.items, pack.chance):
        assert all(c.source == "project" for c in group)
    # written out in the YAML, not left to the model default
    raw_board = _raw("board.yaml")
    assert raw_board["source"] == "project"
    assert all(s["source"] == "project" for s in raw_board["spaces"])
    assert all(p["source"] == "project" for p in raw_board["astral_planes"])
    assert all(sv["source"] == "rulebook" for s in raw_board["spaces"] for sv in s.get("services", []))
    assert all(c["source"] == "project" for c in _raw("characters.yaml")["characters"])
    for name in ("adventures.yaml", "items.yaml", "chance.yaml"):
        assert all(c["source"] == "project" for c in _raw(name)["cards"]), name


def test_every_card_has_an_own_words_summary(pack):
    """Each card carries a short `text` summary (own words, not the printed sentence)."""
    for group in (pack.adventures, pack.items, pack.chance, pack.characters):
        for c in group:
            assert c.text and len(c.text) <= 200, c.id


# ----------------------------------------------------------------------- broken copies


def _broken_copy(tmp_path: Path, filename: str, mutate) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(PACK_DIR, folder)
    data = yaml.safe_load((folder / filename).read_text(encoding="utf-8"))
    mutate(data)
    (folder / filename).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return folder


def test_broken_pack__creature_without_experience_names_file_and_field(tmp_path):
    """A Creature must state its Experience (Adventure Cards: Experience in the upper right corner)."""

    def drop_experience(data):
        card = next(c for c in data["cards"] if c["id"] == "giant_spider")
        del card["experience"]

    folder = _broken_copy(tmp_path, "adventures.yaml", drop_experience)
    with pytest.raises(ContentError) as exc:
        read_pack(folder)
    msg = str(exc.value)
    assert "adventures.yaml" in msg and "experience" in msg


def test_broken_pack__roll_table_missing_face_names_file_and_field(tmp_path):
    """A die table on a card must cover the faces 1-6 exactly once."""

    def drop_face_four(data):
        card = next(c for c in data["cards"] if c["id"] == "sphinx")
        card["effect"]["roll"] = [
            {"low": 1, "high": 3, "effect": {"experience": 1}},
            {"low": 5, "high": 6, "effect": {"experience": 2}},
        ]

    folder = _broken_copy(tmp_path, "adventures.yaml", drop_face_four)
    with pytest.raises(ContentError) as exc:
        read_pack(folder)
    msg = str(exc.value)
    assert "adventures.yaml" in msg and "effect" in msg and "roll" in msg


def test_broken_pack__character_with_unknown_guild_names_file_and_field(tmp_path):
    """Character Preparation: a character's guilds must be among the five guilds."""

    def bad_guild(data):
        data["characters"][0]["guilds"] = ["fortress", "wizard_school"]

    folder = _broken_copy(tmp_path, "characters.yaml", bad_guild)
    with pytest.raises(ContentError) as exc:
        read_pack(folder)
    msg = str(exc.value)
    assert "characters.yaml" in msg and "guilds" in msg


# -- Italian names and texts ----------------------------------------------------------------------
def _named(pack):
    return [*pack.adventures, *pack.items, *pack.chance, *pack.characters, *pack.board.spaces, *pack.board.astral_planes]


def test_italian__every_card_character_and_place_has_an_italian_name(pack):
    from engine.prophecy.content import display_name

    missing = [x.id for x in _named(pack) if not x.names.get("it", "").strip()]
    assert not missing, missing
    assert display_name(pack.adventure("giant_spider"), "it") == "Ragno Gigante"
    assert display_name(pack.adventure("giant_spider"), "en") == "Giant Spider"
    assert display_name(pack.adventure("giant_spider"), "fr") == "Giant Spider"  # unknown language: English


def test_italian__terms_named_by_the_italian_rulebook_are_used(pack):
    """Where the Italian Basic rules translate a name (Preparazione, Possibilità speciali...), it is used."""
    from engine.prophecy.content import display_name

    rulebook = (Path(__file__).resolve().parents[3] / "shared" / "rulebooks" / "prophecy-basic-rules.it.txt")
    terms = {("adventure", "lost_library"): "Biblioteca Perduta", ("chance", "kindly_wind"): "Brezza Leggera",
             ("chance", "refreshing_wind"): "Brezza Rifocillante", ("chance", "peaceful_times"): "Tempi di Pace",
             ("chance", "charity"): "Carità", ("chance", "prophetic_dream"): "Sogno Profetico",
             ("chance", "open_training"): "Addestramento Libero", ("chance", "interesting_times"): "Tempi Interessanti"}
    for (deck, cid), italian in terms.items():
        card = pack.adventure(cid) if deck == "adventure" else pack.chance_card(cid)
        assert display_name(card, "it") == italian
        if rulebook.exists():
            assert italian.casefold() in " ".join(rulebook.read_text(encoding="utf-8").split()).casefold(), italian
    assert display_name(pack.space(pack.space_index("enchanted_wilderness")), "it") == "Landa Incantata"
    assert pack.guild_name("thieves_guild", "it") == "Gilda dei Ladri" and pack.guild_name("thieves_guild") == "Thieves' Guild"


def test_italian__names_are_unique_within_each_kind(pack):
    from engine.prophecy.content import display_name

    for group in (pack.adventures, pack.items, pack.characters, pack.board.spaces):
        names = [display_name(x, "it") for x in group]
        assert len(names) == len(set(names)), [n for n, k in Counter(names).items() if k > 1]


def test_italian__every_card_text_has_an_italian_version(pack):
    from engine.prophecy.content import display_text

    cards = [*pack.adventures, *pack.items, *pack.chance, *pack.characters]
    missing = [c.id for c in cards if c.text and not c.texts.get("it", "").strip()]
    assert not missing, missing
    same = [c.id for c in cards if c.text and c.texts["it"] == c.text]
    assert not same, same  # a copied English sentence is not a translation
    assert display_text(pack.adventure("vampire"), "it").startswith("Domina le menti")
    assert pack.card_text("vampire", "it") == display_text(pack.adventure("vampire"), "it")
    assert pack.card_text("no_such_card", "it") is None


def test_italian__guild_names_must_name_known_guilds(tmp_path):
    folder = tmp_path / "pack"
    shutil.copytree(PACK_DIR, folder)
    data = _raw("guilds.yaml")
    data["names"]["it"]["nowhere"] = "Da nessuna parte"
    (folder / "guilds.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ContentError, match=r"guilds.yaml: names.it.nowhere"):
        read_pack(folder)
