"""Magical Orders sheet: the reference tables as data, their validation, the roller and its
chains, rank bands, the Random Wizards rules, Call For Help and Multiple Specific Encounters.

Test names follow the sheet's headings (`test_<table>__<rule>`), so a reader can go from a
line of the sheet to its test.
"""
from __future__ import annotations

import copy

import pytest
import yaml

from engine.core.errors import RuleError
from engine.core.rng import Rng
from engine.tables import (
    DieSpec,
    TableError,
    call_for_help,
    call_for_help_cost,
    default_book,
    find_showable,
    find_table,
    order_encounters,
    parse_book,
    roll_table,
    table_choices,
)
from packs import DEFAULT_FILE


class Faces:
    """A dice source that returns scripted faces, to force a row (like boardgame.io's mock)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        face = self.faces.pop(0)
        assert low <= face <= high, f"scripted face {face} outside {low}-{high}"
        return face


@pytest.fixture(scope="module")
def book():
    return default_book()


@pytest.fixture()
def raw():
    """The shipped file as plain data, to break on purpose."""
    return yaml.safe_load(DEFAULT_FILE.read_text(encoding="utf-8"))


def _problems(data) -> list[str]:
    with pytest.raises(TableError) as info:
        parse_book(data, "test.yaml")
    return info.value.problems


# -- the shipped file ---------------------------------------------------------------------------
def test_sheet__every_table_is_present(book):
    """Every table the issue lists exists, and the Order levels are the sheet's figures."""
    assert set(book.tables) == {
        "hamdrels_gifts", "high_hollow", "star_crest", "shrineheart_abbey", "elven_dwellings",
        "common_towns", "animals", "random_wizards", "random_encounters", "player_encounters",
        "demon_encounters", "dragon_encounters", "traps", "call_for_help",
    }
    assert set(book.references) == {"order_points", "spell_lists", "encounter_order"}
    wiz = book.orders["wizards"].levels
    assert (wiz[5].knowledge, wiz[5].perception, wiz[5].power) == (100, 75, 50)
    assert book.orders["sorcerers"].levels[3].power == 35
    assert book.orders["druids"].levels[4].perception == 60
    assert "Dragon Taming" in book.orders["druids"].spells[4]
    assert book.orders["sorcerers"].spells[1] == ["Boat Summoning (range 5)"]


def _groups(book):
    """(table id, rank to roll with, number of rows) for every table and every band."""
    for tid, table in book.tables.items():
        if table.bands:
            for band in table.bands:
                yield tid, band.ranks[0], len(band.rows)
        else:
            yield tid, None, len(table.rows)


def test_sheet__every_row_reachable_with_a_seeded_rng(book):
    """Each row of each table (and band) comes up within a few thousand seeded rolls."""
    for tid, rank, n_rows in _groups(book):
        rng = Rng.from_seed(1234)
        seen: set[int] = set()
        for _ in range(3000):
            steps = roll_table(book, tid, rng, rank=rank)
            seen.update(s.row for s in steps if s.table == tid and s.depth == 0)
            if len(seen) == n_rows:
                break
        assert seen == set(range(n_rows)), f"{tid} rank {rank}: rows {set(range(n_rows)) - seen} never rolled"


def test_sheet__rolls_are_replayable_from_the_seed(book):
    """The same seed gives the same steps: a stored game's rolls replay exactly."""
    a = [roll_table(book, "random_encounters", Rng.from_seed(7)) for _ in range(1)]
    b = [roll_table(book, "random_encounters", Rng.from_seed(7)) for _ in range(1)]
    assert a == b


# -- validation -----------------------------------------------------------------------------------
def test_validation__overlap_names_file_table_and_rows(raw):
    raw["tables"]["random_wizards"]["rows"][1]["roll"] = "08-15"
    assert _problems(raw) == [
        "test.yaml: tables.random_wizards.rows[2] (roll 15-21): overlaps tables.random_wizards.rows[1] (roll 08-15) on 15"
    ]


def test_validation__gap_names_the_missing_results(raw):
    raw["tables"]["random_wizards"]["rows"][7]["roll"] = "53-70"  # Phantasm
    assert _problems(raw) == ["test.yaml: tables.random_wizards: no row covers 50-52"]


def test_validation__d_percent_must_reach_00(raw):
    """d% runs 01-00; a table that stops at 99 leaves 00 uncovered."""
    raw["tables"]["random_wizards"]["rows"][-1]["roll"] = "99"
    assert _problems(raw) == ["test.yaml: tables.random_wizards: no row covers 00"]


def test_validation__roll_outside_the_die(raw):
    raw["tables"]["traps"]["rows"][5]["roll"] = "6-7"
    assert _problems(raw) == ["test.yaml: tables.traps.rows[5] (roll 6-7): outside the d6 results 1-6",
                              "test.yaml: tables.traps: no row covers 6"]


def test_validation__band_rows_are_checked_with_the_band_path(raw):
    raw["tables"]["hamdrels_gifts"]["bands"][1]["rows"][2]["roll"] = "4-6"
    assert _problems(raw) == [
        "test.yaml: tables.hamdrels_gifts.bands[1].rows[2] (roll 4-6): overlaps "
        "tables.hamdrels_gifts.bands[1].rows[1] (roll 3-4) on 4"
    ]


def test_validation__chain_to_unknown_table(raw):
    raw["tables"]["random_encounters"]["rows"][2]["then"] = {"table": "aminals"}
    assert _problems(raw) == [
        "test.yaml: tables.random_encounters.rows[2] (roll 3): then.table 'aminals' is not a table in this file"
    ]


def test_validation__chains_must_not_loop(raw):
    raw["tables"]["traps"]["rows"][0]["then"] = {"table": "random_encounters"}
    assert _problems(raw) == ["test.yaml: tables: chains loop random_encounters -> traps -> random_encounters"]


def test_validation__field_errors_name_file_and_location(raw):
    del raw["tables"]["animals"]["rows"][3]["text"]
    raw["tables"]["traps"]["die"] = "d6x"
    problems = _problems(raw)
    assert "test.yaml: tables.animals.rows[3].text: Field required" in problems
    assert any(p.startswith("test.yaml: tables.traps.die: Value error, die 'd6x'") for p in problems)


def test_validation__rank_in_two_bands(raw):
    raw["tables"]["hamdrels_gifts"]["bands"][1]["ranks"] = [0, 3, 4]
    assert any("rank [3] appears in two bands" in p for p in _problems(raw))


def test_validation__order_levels_never_decrease(raw):
    raw["orders"]["wizards"]["levels"][3]["power"] = 1
    assert any("rank 3 needs fewer power points than rank 2" in p for p in _problems(raw))


def test_validation__all_problems_at_once(raw):
    broken = copy.deepcopy(raw)
    broken["tables"]["traps"]["rows"][0]["roll"] = 2
    broken["tables"]["animals"]["rows"][5]["roll"] = 5
    problems = _problems(broken)
    assert len(problems) == 4  # two overlaps and two gaps, one report


def test_die_spec__forms():
    assert (DieSpec.parse("d%").low, DieSpec.parse("d%").high) == (1, 100)
    assert (DieSpec.parse("2d6").low, DieSpec.parse("2d6").high) == (2, 12)
    assert (DieSpec.parse("2d6kh1").low, DieSpec.parse("2d6kh1").high) == (1, 6)
    assert DieSpec.parse("d%").parse_range("99-00") == (99, 100)
    assert DieSpec.parse("d6").parse_range(3) == (3, 3)
    with pytest.raises(ValueError):
        DieSpec.parse("3d%")


# -- lookup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["star_crest", "The Star Crest", "star crest", "STAR-CREST"])
def test_lookup__forgiving_names(book, name):
    assert find_table(book, name)[0] == "star_crest"


def test_lookup__apostrophes_and_unknown(book):
    assert find_table(book, "hamdrels gifts")[0] == "hamdrels_gifts"
    with pytest.raises(RuleError) as info:
        find_table(book, "dragons hoard")
    assert info.value.key == "dice.table.unknown"


def test_lookup__autocomplete_prefix_first(book):
    names = [tid for _, tid in table_choices(book, "dra")]
    assert names == ["dragon_encounters"]
    assert [tid for _, tid in table_choices(book, "encounter")][:3] == [
        "encounter_order", "random_encounters", "player_encounters"]
    assert len(table_choices(book, "")) == len(book.tables) + len(book.references)


# -- chaining -------------------------------------------------------------------------------------
def test_random_encounters__animal_chains_to_animals(book):
    """Random Encounter 3 -> Animals 4 -> Horse, narrated step by step."""
    steps = roll_table(book, "random_encounters", Faces(3, 4))
    assert [(s.table, s.roll, s.depth) for s in steps] == [("random_encounters", 3, 0), ("animals", 4, 1)]
    assert steps[0].chains_to == "animals"
    assert steps[1].text.startswith("Horse")


@pytest.mark.parametrize("face,table", [(1, "demon_encounters"), (2, "traps"), (5, "common_towns"), (6, "random_wizards")])
def test_random_encounters__chains(book, face, table):
    faces = (face, 10) if table == "random_wizards" else (face, 4)  # rows without a follow-up die
    steps = roll_table(book, "random_encounters", Faces(*faces))
    assert steps[1].table == table


def test_random_encounters__event_does_not_chain(book):
    steps = roll_table(book, "random_encounters", Faces(4))
    assert len(steps) == 1 and "Event Card" in steps[0].text


def test_animals__dragon_chains_to_dragon_encounters(book):
    steps = roll_table(book, "animals", Faces(1, 6))
    assert [s.table for s in steps] == ["animals", "dragon_encounters"]
    assert steps[1].text == "The player is unaffected by the Dragon."


def test_star_crest__two_high_wizards_ignore_traps(book):
    """Star Crest 3-4: two Wizard rolls, ignoring Traps/Phantasms (Phantasm 53 reads 03)."""
    steps = roll_table(book, "star_crest", Faces(3, 53, 20))
    assert [(s.table, s.natural, s.roll, s.subtracted) for s in steps[1:]] == [
        ("random_wizards", 53, 3, 50), ("random_wizards", 20, 20, 0)]
    assert [s.text for s in steps[1:]] == ["Ishkatar", "Aevarex"]


def test_high_hollow__places_are_pointed_at_not_rolled(book):
    steps = roll_table(book, "high_hollow", Faces(1))
    assert len(steps) == 1 and steps[0].see == ["star_crest"]


# -- Random Wizards -------------------------------------------------------------------------------
@pytest.mark.parametrize("face,text", [(1, "Ishkatar"), (49, "Veldor"), (50, "Phantasm"), (77, "Shrineheart Abbey"),
                                       (92, "Center of Dragon's Lair"), (98, "Center of Dragon's Lair")])
def test_random_wizards__d_percent_rows(book, face, text):
    assert roll_table(book, "random_wizards", Faces(face))[0].text == text


@pytest.mark.parametrize("face,read,text", [(50, 100, None), (51, 1, "Ishkatar"), (70, 20, "Aevarex"),
                                            (85, 35, "Zegoral"), (99, 49, "Veldor"), (49, 49, "Veldor")])
def test_random_wizards__subtract_50_when_ignoring_traps(book, face, read, text):
    """Ignoring Traps/Phantasms, 50-99 counts 50 less; 50 reads 00, which rolls again."""
    steps = roll_table(book, "random_wizards", Faces(face, 8), ignore_traps=True)
    assert steps[0].roll == read
    if text is None:
        assert steps[0].reroll and steps[1].text == "Tolmitar"
    else:
        assert steps[0].text == text and len(steps) == 1


@pytest.mark.parametrize("face", [99, 100])
def test_random_wizards__99_00_roll_again(book, face):
    steps = roll_table(book, "random_wizards", Faces(face, 100, 36))
    assert [s.reroll for s in steps] == [True, True, False]
    assert steps[-1].text == "Terek"


def test_random_wizards__ignoring_traps_never_gives_a_trap(book):
    rng = Rng.from_seed(99)
    wizards = {"Ishkatar", "Tolmitar", "Aevarex", "Elekov", "Zegoral", "Terek", "Veldor"}
    for _ in range(500):
        assert roll_table(book, "random_wizards", rng, ignore_traps=True)[-1].text in wizards


def test_roller__endless_reroll_is_stopped(book):
    with pytest.raises(RuleError) as info:
        roll_table(book, "random_wizards", Faces(*([100] * 100)))
    assert info.value.key == "dice.table.too_many_steps"


# -- rank bands -----------------------------------------------------------------------------------
@pytest.mark.parametrize("rank,band", [(0, "Ranks 0 or 4"), (1, "Ranks 1 to 3"), (3, "Ranks 1 to 3"), (4, "Ranks 0 or 4")])
def test_hamdrels_gifts__rank_bands(book, rank, band):
    step = roll_table(book, "hamdrels_gifts", Faces(1, 4), rank=rank)[0]
    assert step.band == band
    assert ("Unicorn" in step.text) == (band == "Ranks 0 or 4")


def test_hamdrels_gifts__rank_4_wizard_card_uses_random_wizards(book):
    steps = roll_table(book, "hamdrels_gifts", Faces(3, 15), rank=4)
    assert [s.table for s in steps] == ["hamdrels_gifts", "random_wizards"]


def test_player_encounters__rank_dependent(book):
    low = roll_table(book, "player_encounters", Faces(2), rank=2)[0]
    high = roll_table(book, "player_encounters", Faces(2), rank=4)[0]
    assert "RANDOM space" in low.text and "Dragon's Lair" in high.text


@pytest.mark.parametrize("rank,key", [(None, "dice.table.rank_needed"), (0, "dice.table.rank_not_allowed"),
                                      (5, "dice.table.rank_not_allowed"), (9, "dice.table.bad_rank")])
def test_player_encounters__only_rank_1_or_higher(book, rank, key):
    with pytest.raises(RuleError) as info:
        roll_table(book, "player_encounters", Faces(1), rank=rank)
    assert info.value.key == key


# -- follow-up dice -------------------------------------------------------------------------------
def test_hamdrels_gifts__one_die_doubled(book):
    fu = roll_table(book, "hamdrels_gifts", Faces(1, 5), rank=2)[0].follow_up
    assert (fu.faces, fu.value, fu.effect) == ([5], 10, "gain_points")


@pytest.mark.parametrize("rank,value", [(0, 4), (3, 1), (5, 1), (None, None)])
def test_demon_encounters__six_gives_die_minus_rank_at_least_1(book, rank, value):
    fu = roll_table(book, "demon_encounters", Faces(6, 4), rank=rank)[0].follow_up
    assert fu.value == value


def test_dragon_encounters__four_loses_double(book):
    fu = roll_table(book, "dragon_encounters", Faces(4, 3))[0].follow_up
    assert (fu.value, fu.effect) == (6, "lose_points")


# -- Call For Help --------------------------------------------------------------------------------
@pytest.mark.parametrize("rank,cost", [(0, 0), (1, 1), (2, 4), (3, 9), (4, 16)])
def test_call_for_help__costs_rank_squared(book, rank, cost):
    assert call_for_help_cost(book, rank) == cost


def test_call_for_help__deduct_then_read_the_higher_die(book):
    res = call_for_help(book, 3, {"knowledge": 5, "perception": 0, "power": 20}, "power", Faces(2, 5))
    assert (res.cost, res.kind, res.lost, res.free) == (9, "power", 9, False)
    assert res.points_after({"knowledge": 5, "power": 20}) == {"knowledge": 5, "perception": 0, "power": 11}
    step = res.steps[0]
    assert (step.faces, step.roll) == ([2, 5], 5) and "unheard" in step.text


def test_call_for_help__cannot_lose_more_than_the_type_holds(book):
    res = call_for_help(book, 4, {"knowledge": 3}, "knowledge", Faces(1, 1))
    assert (res.cost, res.lost) == (16, 3)
    assert "ANY Territory" in res.steps[0].text


def test_call_for_help__free_without_points(book):
    res = call_for_help(book, 4, {}, None, Faces(3, 4))
    assert (res.free, res.lost, res.kind) == (True, 0, None)


@pytest.mark.parametrize("kind,key", [(None, "dice.cfh.choose_kind"), ("perception", "dice.cfh.kind_empty")])
def test_call_for_help__pay_from_a_type_you_hold(book, kind, key):
    with pytest.raises(RuleError) as info:
        call_for_help(book, 2, {"knowledge": 5}, kind, Faces(1, 1))
    assert info.value.key == key


# -- Multiple Specific Encounters -----------------------------------------------------------------
def test_multiple_specific_encounters__order(book):
    got = order_encounters(book, ["dragon", "demons", "other_players", "task_markers", "specific_place",
                                  "dragonbound_players", "high_wizards"])
    assert got == ["task_markers", "high_wizards", "specific_place", "other_players",
                   "dragonbound_players", "demons", "dragon"]
    with pytest.raises(RuleError):
        order_encounters(book, ["goblins"])


def test_lookup__references_are_shown_not_rolled(book):
    assert find_showable(book, "Spell Lists") == "spell_lists"
    assert find_showable(book, "order_points") == "order_points"
    assert find_showable(book, "traps") == "traps"
    with pytest.raises(RuleError) as info:
        roll_table(book, "spell lists", Faces(1))
    assert (info.value.key, info.value.params) == ("dice.table.not_rollable", {"table": "Spell Lists"})


def test_lookup__an_unknown_name_inside_real_names_offers_them(book):
    """A name that is part of several tables' names ("Order") is answered with those names, so a
    player is not left to guess; a name in none of them keeps the plain refusal."""
    with pytest.raises(RuleError) as info:
        find_table(book, "Order")
    assert info.value.key == "dice.table.unknown_near"
    offered = info.value.params["names"].split(", ")
    known = {table.name for table in book.tables.values()} | set(book.references.values())
    assert set(offered) <= known and any("Order" in name for name in offered)


def test_every_text_of_the_magical_orders_book_has_its_italian_wording():
    """The file promises `languages: [it]`: the loader refuses any table, row, band, intro,
    spell list, encounter line or reference left in English only."""
    import copy

    from engine.tables import TableError, parse_book
    from packs.files import read_yaml
    from packs.tables import DEFAULT_FILE

    data = read_yaml(DEFAULT_FILE)
    book = parse_book(data, "magical-orders.yaml")
    assert book.languages == ["it"]
    assert book.tables["traps"].name_in("it") == "Trappole"
    assert book.orders["wizards"].spells_for(1, "it") == ["Evocare la Barca (raggio 5)", "Telepatia"]
    broken = copy.deepcopy(data)
    del broken["tables"]["traps"]["rows"][2]["texts"]
    with pytest.raises(TableError) as exc:
        parse_book(broken, "magical-orders.yaml")
    assert "tables.traps.rows[2].texts: no 'it' wording" in str(exc.value)


def test_a_rolled_row_is_read_again_in_the_readers_language():
    """A stored roll (an /orders Call For Help event) keeps its row index, so a reader in
    another language gets the same row in her words."""
    from engine.tables import default_book, roll_table, step_text

    book = default_book()
    steps = roll_table(book, "player_encounters", Rng.from_seed(5), rank=4)
    row = book.tables["player_encounters"].bands[1].rows[steps[0].row]
    assert steps[0].band_index == 1 and steps[0].text == row.text
    assert step_text(book, steps[0], "it") == row.texts["it"]
