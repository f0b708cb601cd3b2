"""The content pack (data/talisman/): validated, cross-checked, honest about its sources, in
English and Italian, with the variant's D section applied; and the rulings file."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.darkest_talisman.content import ContentError, EnemyCard, ObjectCard, build_pack
from packs.darkest_talisman import TALISMAN_ROOT, read_rulings, read_talisman_files, talisman_from_data
from tests.talisman.helpers import pack


def test_pack_loads_and_is_the_engines_core_pack():
    p = talisman_from_data("core")
    assert p == pack() and p.manifest.system == "darkest_talisman"
    assert len(p.characters) == 14
    assert sum(c.count for c in p.spells) == 24


def test_every_name_has_an_italian_name_and_every_text_an_italian_text():
    p = pack()
    named = [*p.characters, *p.adventures, *p.spells, *p.purchase, *p.locations, *p.foes, *p.regions]
    missing = [x.id for x in named if "it" not in x.names]
    assert missing == []
    untranslated = [x.id for x in named if x.text and "it" not in x.texts]
    assert untranslated == []


def test_figures_say_where_they_come_from():
    """Figures no source gives are marked as the project's (DESIGN: never claim a made-up figure)."""
    p = pack()
    boar = p.card("wild_boar")  # C7c's Boar, Strength 1; core-cards 2.2 (PYR4, ION, CPPR)
    assert isinstance(boar, EnemyCard) and boar.strength == 1 and boar.source == "research" and "DT" in boar.refs
    assert p.card("wolf").source == "research" and "PYR4" in p.card("wolf").refs
    # what the sheet says was NOT FOUND is the project's, and says so
    for cid in ("imp", "market_day", "magic_portal", "shrine", "hermit", "talisman_card"):
        assert p.card(cid).sources.get("effect") == "project", cid
    for c in p.characters:
        assert c.source in ("project", "research", "rulebook")
        assert c.sources.get("strength") == "research" and c.sources.get("craft") == "research"
        for figure in ("life", "fate"):
            assert c.sources.get(figure, "project") in ("project", "research")
    assert p.foe("sentinel").strength == 9 and p.foe("sentinel").source == "research"
    assert p.foe("pit_fiend").strength == 4 and p.foe("pit_fiend").source == "rulebook"
    r = p.rules
    assert (r.items.source, r.trinkets.source, r.followers.source, r.mounts.source) == ("rulebook",) * 4
    assert r.trophy_points.source == "research" and r.temporal_warp_times.source == "project"


def test_d_section_wording_applied_to_the_pack():
    """D2, D3c, D4: the re-worded cards and characters are in the pack with their new behaviour."""
    p = pack()
    assert p.card("ghost").special == "road_roll" and isinstance(p.card("ghost"), EnemyCard)
    assert p.card("hermit").special == "road_roll"
    assert p.card("raiders").special == "raiders"
    amulet = p.card("amulet")
    assert isinstance(amulet, ObjectCard) and amulet.type == "magic_object" and amulet.special == "amulet"
    assert p.card("gnome").portal_dice == 1
    for spell in ("destroy_magic", "counterspell", "divination", "hex", "immobility", "temporal_warp", "random"):
        assert p.spell(spell).kind == spell if spell != "random" else p.spell(spell).kind == "random"
    abilities = {c.id: set(c.abilities) for c in p.characters}
    assert "assassinate" in abilities["assassin"] and "dwarf_dice" in abilities["dwarf"]
    assert "ghoul_feed" in abilities["ghoul"] and "beguile" in abilities["sorceress"]
    assert "steal" in abilities["thief"] and "regenerate" in abilities["troll"]
    assert {"ghoul", "sorceress", "wizard"} <= {c for c, a in abilities.items() if "psychic_attack" in a}


def test_regions_roads_and_special_location_tables():
    p = pack()
    assert p.region("inner").road == ["fields", "plains", "woods", "hills", "ruins"]
    assert p.region("inner").specials == ["ruins", "graveyard", "forest", "crags", "tavern", "chapel"]
    assert p.region("outer").road == ["hills", "woods", "runes", "desert", "oasis"]
    assert p.location("runes").enemy_bonus == 2 and p.location("ruins").draws == 2


def test_broken_pack_files_are_reported_with_file_and_field(tmp_path: Path):
    files = read_talisman_files(TALISMAN_ROOT)
    broken = dict(files)
    broken["characters.yaml"] = {"characters": [{"id": "x", "name": "X", "strength": 1}]}
    with pytest.raises(ContentError, match=r"characters.yaml: characters\[0\].craft: Field required"):
        build_pack(broken)
    broken = dict(files)
    regions = dict(files["regions.yaml"])  # type: ignore[arg-type]  # a deliberately loose value from the test
    regions["regions"] = [dict(regions["regions"][0], road=["nowhere"])] + regions["regions"][1:]
    broken["regions.yaml"] = regions
    with pytest.raises(ContentError, match=r"regions.yaml: regions\[0\].road: unknown location 'nowhere'"):
        build_pack(broken)
    with pytest.raises(ContentError, match="not a folder name"):
        talisman_from_data("../x")


def test_rulings_in_both_languages_with_unique_ids():
    ids = read_rulings()
    assert len(ids) == len(set(ids)) >= 30
    for needed in ("party_decisions", "sessions", "guardian_dice", "guardian_damage", "special_location_roll",
                   "fate_reroll", "final_combat", "trove_items", "talisman_payer"):
        assert needed in ids


def test_rulings_named_in_the_engine_exist():
    """Every `ruling ...` a rules module cites is in rulings.yaml."""
    import re

    ids = set(read_rulings())
    engine = Path(__file__).resolve().parents[2] / "engine" / "darkest_talisman"
    cited = set()
    for path in engine.glob("*.py"):
        cited |= set(re.findall(r"ruling\s+`(\w+)`", path.read_text(encoding="utf-8").replace("\n", " ")))
    assert cited and cited <= ids, cited - ids
