"""The lookup index piece by piece: headings, languages, stems, synonyms, search, cards,
glossary, tables, autocomplete and the cache.

Heading tests use short invented snippets shaped like the real rulebooks (hard-wrapped
paragraphs, numbered rules, tables with tabs), then check the real rulebooks' splits.
"""
from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path

import pytest
import yaml

from loopback.testing import discord_errors, fake_discord  # noqa: F401  (fixtures for the cog test)
from oracle import RulesIndex, Sources, cache_path_for, open_index
from oracle.excerpt import Passage, escape_markdown, excerpt
from oracle.glossary import Glossary
from oracle.sections import heading_level, split_markdown, split_rulebook
from oracle.sources import RULES_DIR, describe_file
from oracle.tables import load_tables
from oracle.text import Analyzer, detect_language, fold
from systems.prophecy.cards import load_all_cards
from tests.lookup import full_index, project_index, rulebooks

EN_BASIC = "prophecy-basic-rules.en.txt"
IT_BASIC = "prophecy-basic-rules.it.txt"


def titles(name: str, language: str) -> list[str]:
    return [s.title for s in split_rulebook((rulebooks() / name).read_text(encoding="utf-8"), language)]


# -- sqlite ---------------------------------------------------------------------------------------
def test_sqlite_has_fts5():
    """The index relies on FTS5 being compiled into the interpreter's sqlite3."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE t USING fts5(x)")
    conn.execute("INSERT INTO t VALUES ('battle of strength')")
    assert conn.execute("SELECT count(*) FROM t WHERE t MATCH 'strength'").fetchone() == (1,)


# -- headings -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "prev", "nxt", "lang", "level"),
    [
        ("Moving Your Character", "the end of a paragraph.", "You may move one space.", "en", 2),
        ("Rules of Combat ", "until someone defeats the Creature).", "You may engage.", "en", 2),
        ("Creatures with Three Lives", None, "Some Creatures have three lives.", "en", 2),
        ("HAMDREL'S GIFTS", None, None, "en", 1),
        ("C: Gameplay", None, None, "en", 1),
        ("B1. The Village", None, None, "en", 2),
        ("C8 – Guardian Combat", None, None, "en", 2),
        ("C4b. Dropping Items.", None, None, "en", 2),
        ("Regole di combattimento", "la creatura non viene sconfitta).", "Puoi ingaggiare due tipi.", "it", 2),
        # wrapped sentences, list items and table rows are not headings
        ("Separate the black Ability cards into ", "on the game board.", "five decks according", "en", 0),
        ("Special Icons Some spaces offer special", "faster movement.", "Possibilities which are", "en", 0),
        ("Mountains, Forest, Plains Adventure", "too.", "cards appear here", "en", 0),
        ("Guardians and Greater", None, "Guardians) are not required", "en", 0),
        ("The Guilds (The Fortress, Thieves’ Guild, Magic", "away.", "Tower, Forest Camp", "en", 0),
        ("Moving Your Character", "a line that goes on", "You may move.", "en", 0),
        ("A2b. Shuffle Spell cards and place in playing area", None, None, "en", 0),
        ("ROLL\tEFFECT", None, None, "en", 0),
        ("a) Roll 2d6", None, None, "en", 0),
        ("The new rules are:", None, None, "en", 0),
        ("Box art: Milan Vavron", None, None, "en", 0),
        ("2", None, None, "it", 0),
        ("IMG_2064_zpscjroaoxq.jpg", None, None, "en", 0),
        ("Obiettivo del gioco", None, "Nella versione Base", "en", 0),  # sentence case only in Italian
    ],
)
def test_heading_heuristic(line, prev, nxt, lang, level):
    assert heading_level(line, prev, nxt, lang) == level


def test_basic_rulebook_english_sections():
    """Every heading of the English Basic rules, in order, and nothing else."""
    assert titles(EN_BASIC, "en") == [
        "Introduction", "Object of the Game", "Preparation of the Game Board", "Character Preparation",
        "One Round of the Game", "Drawing a Chance Card", "Moving Your Character", "Adventure Cards",
        "Opportunities", "Creatures", "Rules of Combat", "Battle of Strength", "Battle of Wills",
        "Optional Battles", "Special Battles", "Creatures with Three Lives", "Weapons and Items",
        "What Good May Happen to a Character", "What Evil May Befall a Character", "Special Spaces",
        "Buying and Selling Items", "Recovering Lost Health and Magic", "Possibilities Instead of Movement",
        "Repairing Items", "Acquiring a Certificate", "End of the Game", "Moving onto the Standard Version",
    ]


def test_basic_rulebook_italian_sections():
    """The Italian rules use sentence-case headings; the page number "2" is not one. The cover
    ("Prophecy" / "Regole Base") names the document, so the text under it is the preamble."""
    found = titles(IT_BASIC, "it")
    assert found[:4] == ["Introduction", "Obiettivo del gioco", "Preparazione", "Preparazione dei personaggi"]
    for expected in ("Combattimento Fisico", "Combattimento Mentale", "Battaglie opzionali", "Creature con tre vite",
                     "Recuperare punti ferita e Magic", "Acquisire un certificato", "Fine del gioco"):
        assert expected in found
    assert len(found) == 27


def test_expansion_sections_carry_their_chapter():
    water = titles("prophecy-water-realm-expansion.en.txt", "en")
    assert "Treasure Island › Set up" in water
    assert "Water Realm › Set Up of the Water Realm" in water
    talisman = titles("darkest-talisman-solo-coop-variant.en.txt", "en")
    assert "C: Gameplay › C8 – Guardian Combat" in talisman
    assert "B. The Playing Space › B1. The Village" in talisman
    orders = titles("magical-orders-tables-and-revised-rules.en.txt", "en")
    assert "Hamdrel's Gifts › Ranks 0 or 4" in orders and "Call for Help" in orders


def test_every_section_title_is_unique_within_its_document():
    """A title names one section: "show the whole section" and the question set rely on it."""
    for path in sorted(rulebooks().glob("*.txt")):
        _, _, lang = describe_file(path.name)
        found = [s.title for s in split_rulebook(path.read_text(encoding="utf-8"), lang)]
        assert len(found) == len(set(found)), (path.name, sorted(t for t in found if found.count(t) > 1))


def test_repeated_headings_are_told_apart_by_what_introduces_them():
    water = titles("prophecy-water-realm-expansion.en.txt", "en")
    # the cover names the document; the overview under it is the introduction
    assert "Introduction › New Ability Board" in water and "Introduction › Treasure Island" in water
    assert {"Water Realm › Using Both Expansion Worlds › Setup", "Water Realm › Lord of the Sea › Setup",
            "Water Realm › Lord of the Sea › Game Play", "Water Realm › Water Realm Cards › Pearl of the Abyss",
            "Water Realm › Pearl of the Abyss"} <= set(water)
    orders = titles("magical-orders-tables-and-revised-rules.en.txt", "en")
    assert "Animals" in orders and "Rules Clarifications › Animals" in orders  # the table, the clarifications
    assert 'Player Encounter Result "5"' in orders  # an ALL CAPS heading ending on a quoted value


def test_tiny_sections_are_folded_into_a_neighbour():
    LONG = "It says enough, in words of its own, to be worth showing as a section and not as a line."
    text = (
        f"FIRST PART\n\nLead-in.\n\nOpening Rule\n\nThe first rule. {LONG}\n\n"
        f"Short One\n\nJust a line.\n\nLast Rule\n\nThe last rule. {LONG}\n"
    )
    sections = split_rulebook(text, "en")
    assert [s.title for s in sections] == ["First Part › Opening Rule", "First Part › Last Rule"]
    # a chapter opening with a line leads into its first section; a tiny one joins the one before
    assert sections[0].body.splitlines() == ["First Part", "Lead-in.", f"The first rule. {LONG}", "Short One", "Just a line."]
    assert sections[1].body == f"The last rule. {LONG}"
    assert split_rulebook("Alone\n\nTiny.\n", "en")[0].title == "Alone"  # nothing to join: it stays


def test_no_section_title_looks_like_a_sentence():
    for path in sorted(rulebooks().glob("*.txt")):
        _, _, lang = describe_file(path.name)
        for section in split_rulebook(path.read_text(encoding="utf-8"), lang):
            last = section.title.split(" › ")[-1]
            assert len(last.split()) <= 11 and not re.search(r"[.,;!?]$", last), (path.name, section.title)
            assert section.body.strip()


def test_reflow_joins_wrapped_lines_and_keeps_table_rows():
    text = "Intro Heading\n\nFirst line of a\nwrapped paragraph.\n\nROLL\tEFFECT\n1\tGain one.\n2\tLose one.\n"
    (section,) = split_rulebook(text, "en")
    assert section.title == "Intro Heading"
    assert section.body.splitlines() == ["First line of a wrapped paragraph.", "ROLL | EFFECT", "1 | Gain one.", "2 | Lose one."]


def test_markdown_summaries_are_twins_and_own_words():
    """EN and IT summaries have the same sections; no 8 words in a row come from the rulebook."""
    _, en = split_markdown((RULES_DIR / "prophecy-basic.en.md").read_text(encoding="utf-8"))
    _, it = split_markdown((RULES_DIR / "prophecy-basic.it.md").read_text(encoding="utf-8"))
    assert len(en) == len(it) >= 20
    for summary, book in (("prophecy-basic.en.md", EN_BASIC), ("prophecy-basic.it.md", IT_BASIC)):
        words = [fold(w) for w in re.findall(r"[^\W\d_]+|\d+", (rulebooks() / book).read_text(encoding="utf-8"))]
        shingles = {tuple(words[i : i + 8]) for i in range(len(words) - 7)}
        for section in split_markdown((RULES_DIR / summary).read_text(encoding="utf-8"))[1]:
            toks = re.findall(r"[^\W\d_]+|\d+", section.body)
            for i in range(len(toks) - 7):
                run = toks[i : i + 8]
                names = sum(t[0].isupper() for t in run)  # lists of card names may coincide
                assert tuple(map(fold, run)) not in shingles or names >= 4, (summary, " ".join(run))


# -- languages, stems ------------------------------------------------------------------------------
def test_language_from_file_name_or_text(tmp_path):
    assert describe_file("prophecy-basic-rules.it.txt") == ("prophecy", "Prophecy: Basic rules", "it")
    assert describe_file("magical-orders.en.md")[0] == "magical_orders"
    assert describe_file("house-rules.txt") == ("house_rules", "House rules", None)
    (tmp_path / "regole-di-casa.txt").write_text(
        "Regole della casa\n\nSe il personaggio perde tutta la salute, il giocatore non gioca più e la partita continua.\n",
        encoding="utf-8",
    )
    ix = RulesIndex.open(Sources(tmp_path, rules_dir=tmp_path / "none", tables_dir=None))
    (hit,) = ix.search("salute personaggio", kinds=["rulebook"])
    assert (hit.document, hit.language, hit.section) == ("regole-di-casa.txt", "it", "Regole della casa")


def test_detect_language():
    assert detect_language("Come si cura la salute quando non ho oro?") == "it"
    assert detect_language("How do I heal when I have no gold?") == "en"
    assert detect_language("salute") is None


def test_stems_meet_across_word_forms_and_accents():
    a = Analyzer()
    assert a.stem("battles", "en") == a.stem("battle", "en")
    assert a.stem("volontà", "it") == a.stem("volonta", "it")
    assert a.terms("Battle of Wills", "en") == ["battl", "will"]


def test_no_multiword_synonym_collapses_to_one_word():
    """A phrase whose other words are stop words would turn into a one-word synonym."""
    a = Analyzer()
    data = yaml.safe_load((RULES_DIR / "synonyms.yaml").read_text(encoding="utf-8"))
    for group in data["groups"]:
        for lang, terms in group.items():
            for term in terms:
                n = len(a.terms(term, lang))
                assert n >= 1 and (len(term.split()) == 1 or "-" in term or n >= 2), (lang, term)


# -- search -------------------------------------------------------------------------------------
def test_hit_fields_and_bold_excerpt():
    (hit, *_) = full_index().search("How much does a horse cost?", system="prophecy", language="en")
    assert hit.system == "prophecy" and hit.language == "en" and hit.kind in ("summary", "rulebook")
    assert "**horse**" in hit.excerpt.lower() and hit.score > 0
    assert len(hit.excerpt) <= 340


def test_italian_question_reaches_english_text_through_synonyms():
    """"salute"/"ferita" are Health: an Italian word finds the English rules when asked for English."""
    hits = full_index().search("ferite salute", language="en", kinds=["summary", "rulebook"])
    assert hits and all(h.language == "en" for h in hits)
    assert any("health" in h.excerpt.lower() for h in hits)


def test_typos_still_find_the_card():
    ix = full_index()
    assert ix.search("vampyre")[0].section == "Vampire"
    assert any(h.section == "Giant Spider" for h in ix.search("giant spidr", limit=3))


def test_filters_and_paging():
    ix = full_index()
    assert all(h.system == "magical_orders" for h in ix.search("dragon", system="magical_orders", limit=10))
    assert all(h.kind == "card" for h in ix.search("undead", kinds=["card"], limit=10))
    assert all(h.language == "it" or h.kind == "card" for h in ix.search("combattimento", language="it", limit=10))
    first = ix.search("battle", limit=3)
    second = ix.search("battle", limit=3, offset=3)
    assert len(second) == 3 and not {(h.document, h.section) for h in first} & {(h.document, h.section) for h in second}


@pytest.mark.parametrize("query", ["", "   ", "the of and", 'AND OR NOT "NEAR(', "***", "*_~`|"])
def test_odd_queries_do_not_crash(query):
    assert isinstance(full_index().search(query), list)


def test_excerpt_escapes_markdown_and_bolds_whole_words():
    passage = Passage.of("A *star* and a_snake; the Battle of Wills is fought.", lambda w: w)
    out = excerpt(passage, {"battle", "wills"})
    assert "**Battle** of **Wills**" in out and r"\*star\*" in out and r"a\_snake" in out
    assert escape_markdown("x|y") == r"x\|y"


def test_excerpt_window_finds_the_dense_part():
    body = " ".join(["filler"] * 300) + " the horse costs one gold " + " ".join(["filler"] * 300)
    out = excerpt(Passage.of(body, lambda w: w), {"horse", "gold"})
    assert out.startswith("… ") and out.endswith(" …") and "**horse**" in out and "**gold**" in out


def test_game_named_in_question_is_preferred():
    hits = full_index().search("how does combat work in Darkest Talisman", limit=3)
    assert all(h.system == "darkest_talisman" for h in hits)


# -- cards --------------------------------------------------------------------------------------
def test_every_pack_card_is_indexed_with_figures():
    cards, problems = load_all_cards()
    assert not problems
    ix = project_index()
    assert {c.ref for c in ix.cards() if not c.lookup_only} == {c.ref for c in cards}
    vampire = ix.card("base:vampire")
    assert vampire is not None and vampire.kind == "creature" and vampire.source == "project"
    keys = dict(vampire.figures)
    assert keys["strength"] == "4" and keys["willpower"] == "6" and keys["attacks_with"] == "Willpower"


@pytest.mark.parametrize("game, english, italian, kind, text_it", [
    ("prophecy_standard", "Training", "Addestramento", "ability", "Una volta per round"),
    ("prophecy_water_realm", "Giant Pearl", "Perla Gigante", "item", "Vale una fortuna"),
    ("darkest_talisman", "Warrior", "Guerriero", "character", None),
])
def test_card_knows_the_other_games_in_both_languages(game, english, italian, kind, text_it):
    """/card shows the Standard, Water Realm and Darkest Talisman cards too (once it answered
    only the Basic ones), by their English or Italian name, with the content's Italian text and
    figures worded in Italian."""
    ix = project_index()
    for name in (english, italian):
        hit = ix.card_lookup(name)[0]
        assert (hit.card.name, hit.card.game, hit.card.kind, hit.score) == (english, game, kind, 100), name
    card = ix.card_lookup(italian)[0].card
    assert card.display_name("it") == italian and card.text and card.text_in("en") == card.text
    if text_it:
        assert card.text_in("it").startswith(text_it)
    assert card.figures and all(v for _, v in card.figures_in("it"))
    assert italian in ix.autocomplete_cards(italian[:5], locale="it")
    assert english in ix.autocomplete_cards(english[:5], locale="en")


def test_other_games_cards_are_never_rules_entries():
    """The other games' cards are /card's only: /rules searches exactly what it searched before
    (the Basic cards among the rules), so its measured accuracy cannot move."""
    ix = project_index()
    by_game: dict[str, int] = {}
    for card in ix.cards():
        by_game[card.game] = by_game.get(card.game, 0) + 1
    assert by_game["prophecy_standard"] >= 60 and by_game["prophecy_water_realm"] >= 60 and by_game["darkest_talisman"] >= 100
    extra = {c.ref for c in ix.cards() if c.lookup_only}
    assert extra and all(c.game != "prophecy" for c in ix.cards() if c.lookup_only)
    assert not extra & {d.ref for d in ix._docs.values()}
    assert all(h.ref not in extra for h in ix.search("Giant Pearl Perla Gigante Guerriero", limit=20))
    # nor do their names join the search synonyms (a Basic card's do: "Ragno Gigante" is Giant Spider)
    stems = {lang: tuple(ix.analyzer.stem(w, lang) for w in words) for lang, words in
             (("en", ("giant", "spider")), ("it", ("perla", "gigante")))}
    assert ix.synonyms.expand(stems["en"], "en") and not ix.synonyms.expand(stems["it"], "it")


def test_same_name_in_two_games_comes_back_with_the_channels_game_first():
    from types import SimpleNamespace

    from cogs.lookup import _channel_game_first

    ix = project_index()
    swords = [h.card for h in ix.card_lookup("Sword") if h.score == 100]
    assert sorted(c.game for c in swords) == ["darkest_talisman", "prophecy"]

    def game(system: str) -> SimpleNamespace:
        return SimpleNamespace(record=SimpleNamespace(system=system, options={}))

    known = ix.systems()
    assert _channel_game_first(swords, game("darkest_talisman"), known)[0].game == "darkest_talisman"
    assert _channel_game_first(list(reversed(swords)), game("prophecy"), known)[0].game == "prophecy"
    assert _channel_game_first(swords, None, known) == swords
    # the Standard game plays the Basic cards too: its own edition first, then the Basic card
    offers = [h.card for h in ix.card_lookup("Training Offer") if h.card.name == "Training Offer"]
    standard = SimpleNamespace(record=SimpleNamespace(system="prophecy", options={"edition": "standard"}))
    order = [c.game for c in _channel_game_first(offers, standard, known)]
    assert order[0] in ("prophecy_standard", "prophecy") and set(order) == {"prophecy_standard", "prophecy"}


def test_card_lookup_exact_typo_and_shared_names():
    ix = project_index()
    assert [h.card.name for h in ix.card_lookup("VAMPIRE")][:1] == ["Vampire"]
    assert ix.card_lookup("vampire")[0].score == 100
    assert ix.card_lookup("vampyre")[0].card.name == "Vampire"
    assert ix.card_lookup("skeletal wizzard")[0].card.name == "Skeletal Wizard"
    monastery = {h.card.kind for h in ix.card_lookup("Monastery") if h.card.name == "Monastery"}
    assert monastery == {"space", "chance"}
    assert ix.card_lookup("") == [] and ix.card_lookup("qqqqqqqq") == []


def test_cards_are_found_by_their_italian_names(tmp_path):
    """A pack card with an Italian name (`names: {it: ...}`) is found by that name, typos
    forgiven, offered to Italian autocomplete, and still shown under its English name."""
    from packs.prophecy import PACKS_ROOT

    pack = tmp_path / "data" / "prophecy" / "base"
    shutil.copytree(PACKS_ROOT / "base", pack)
    adventures = yaml.safe_load((pack / "adventures.yaml").read_text(encoding="utf-8"))
    vampire = next(c for c in adventures["cards"] if c["id"] == "vampire")
    vampire["names"] = {"it": "Vampiro Antico"}
    (pack / "adventures.yaml").write_text(yaml.safe_dump(adventures, allow_unicode=True), encoding="utf-8")
    board = yaml.safe_load((pack / "board.yaml").read_text(encoding="utf-8"))
    tower = next(sp for sp in board["spaces"] if sp["name"] == "Magic Tower")
    tower["names"] = {"it": "Torre Arcana di Prova"}  # invented: unique to this test
    (pack / "board.yaml").write_text(yaml.safe_dump(board, allow_unicode=True), encoding="utf-8")

    ix = RulesIndex.open(Sources(tmp_path / "none", rules_dir=tmp_path / "none", data_dir=tmp_path / "data", tables_dir=None))
    hit = ix.card_lookup("vampiro antico")[0]
    assert (hit.card.id, hit.card.name, hit.score) == ("vampire", "Vampire", 100)
    assert hit.card.display_name("it") == "Vampiro Antico" and hit.card.display_name("en") == "Vampire"
    assert ix.card_lookup("vampiro antco")[0].card.id == "vampire"  # typo in the Italian name
    assert ix.card_lookup("Vampire")[0].card.id == "vampire"  # the English name still works
    tower_hits = ix.card_lookup("torre arcana di prova")  # only the space has that name, not the Chance card
    assert (tower_hits[0].card.kind, tower_hits[0].card.name, tower_hits[0].score) == ("space", "Magic Tower", 100)
    assert all(h.score < 100 for h in tower_hits[1:])
    assert ix.search("Vampiro Antico", kinds=["card"])[0].section == "Vampire"
    assert "Vampiro Antico" in ix.autocomplete_cards("vamp", locale="it")
    assert "Vampire" in ix.autocomplete_cards("vamp", locale="it")
    assert "Vampiro Antico" not in ix.autocomplete_cards("vamp", locale="en")


def test_card_figures_are_worded_in_the_readers_language():
    """/card words figures from the lookup locale files; the English wording is what is searched."""
    vampire = project_index().card("base:vampire")
    assert vampire is not None
    # the same English words, but for the special rule: a sentence for the reader, short words for search
    shown, searched = dict(vampire.figures_in("en")), dict(vampire.figures)
    assert {k: v for k, v in shown.items() if k != "special"} == {k: v for k, v in searched.items() if k != "special"}
    italian = dict(vampire.figures_in("it"))
    assert italian["attacks_with"] == "Volontà" and italian["treasure"] == "+2 Oro"
    assert italian["on_loss"] == "-1 Salute, -1 Mana" and italian["tags"] == "non morto, umanoide"
    english_words = re.compile(r"\b(Gold|Health|Magic|Experience|Strength|Willpower|Item|Items|free|pay|draw|roll|once)\b")
    for card in project_index().cards():
        for key, value in card.figures_in("it"):
            assert not english_words.search(value), (card.name, key, value)


def test_space_cards_list_their_prices():
    tower = next(h.card for h in project_index().card_lookup("Magic Tower") if h.card.kind == "space")
    assert ("service", "recharge Magic, 1 Gold per 2, any amount") in tower.figures


def test_autocomplete_limits_and_order():
    ix = full_index()
    cards = ix.autocomplete_cards("")
    assert len(cards) == 25 and cards == sorted(cards, key=fold)
    assert ix.autocomplete_cards("gi")[0].startswith("Gi")
    assert "Vampire" in ix.autocomplete_cards("vamp")
    assert "Giant Spider" in ix.autocomplete_cards("spider")
    sections = ix.autocomplete_sections("", system="prophecy", language="it")
    assert 0 < len(sections) <= 25 and all(len(s) <= 100 for s in sections)
    assert ix.autocomplete_sections("combat", language="it")[0].lower().startswith("combattimento")
    assert ix.autocomplete_sections("guardian")  # word inside a title
    assert len(ix.autocomplete_sections("c")) <= 25


# -- glossary -----------------------------------------------------------------------------------
def test_glossary_in_both_languages_with_typos():
    ix = project_index()
    assert ix.glossary("salute")[0].id == "health"
    assert ix.glossary("Willpower")[0].term("it") == "Volontà"
    assert ix.glossary("certifcate")[0].id == "certificate"
    assert ix.glossary("Combattimento Mentale")[0].term("en") == "Battle of Wills"
    assert ix.glossary("carta fortuna")[0].id == "chance_card"
    assert ix.glossary("") == []
    assert "Forza" in ix.autocomplete_glossary("for", "it")


def test_glossary_uses_the_italian_rulebooks_words():
    """Each Prophecy term's Italian name (or an alias) is used by the Italian rules or summary."""
    glossary = Glossary.load(RULES_DIR / "glossary.yaml")
    italian = fold(
        (rulebooks() / IT_BASIC).read_text(encoding="utf-8") + (RULES_DIR / "prophecy-basic.it.md").read_text(encoding="utf-8")
    )
    for entry in glossary.entries:
        if "prophecy" in entry.systems:
            assert "it" in entry.terms and entry.definition("it"), entry.id
            names = [entry.terms["it"], *entry.aliases]
            assert any(fold(n) in italian for n in names), entry.id


# -- tables -------------------------------------------------------------------------------------
def test_tables_of_any_shape_are_indexed(tmp_path):
    (tmp_path / "orders.yaml").write_text(
        yaml.safe_dump(
            {
                "name": "Orders",
                "tables": [
                    {
                        "id": "traps",
                        "name": "Traps",
                        "rows": [{"roll": 1, "text": "Lose all turns."}, {"roll": 2, "text": "Go home."}],
                    }
                ],
            }
        ),
        encoding="utf-8",
    )
    (tmp_path / "keyed.yaml").write_text(
        yaml.safe_dump(
            {
                "tables": {
                    "whirlpool": {
                        "name": "Whirlpool",
                        "die": "d6",
                        "rows": [{"roll": "1-6", "text": "Spin around.", "then": {"table": "next_one"}}],
                    }
                },
            }
        ),
        encoding="utf-8",
    )
    (tmp_path / "odd.yaml").write_text("- just a list\n- of lines\n", encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("tables: [unclosed\n", encoding="utf-8")
    tables, problems = load_tables(tmp_path)
    names = {t.name: t for t in tables}
    assert {"Traps", "Whirlpool", "odd"} <= set(names)
    assert "1 | Lose all turns." in names["Traps"].body
    assert "next_one" not in names["Whirlpool"].body  # machine ids are not text
    assert len(problems) == 1 and "broken.yaml" in problems[0]
    assert load_tables(tmp_path / "missing") == ([], [])
    ix = RulesIndex.open(Sources(tmp_path / "none", rules_dir=tmp_path / "none", tables_dir=tmp_path))
    assert ix.search("whirlpool spin")[0].section == "Whirlpool"
    assert ix.autocomplete_sections("whirl")[:1] == ["Whirlpool"]  # (then fuzzy guesses among the rulings)


# -- cache ----------------------------------------------------------------------------------------
def small_sources(tmp_path: Path) -> Sources:
    books = tmp_path / "books"
    books.mkdir()
    shutil.copy(rulebooks() / IT_BASIC, books / IT_BASIC)
    return Sources(books, rules_dir=tmp_path / "none", tables_dir=None)


def test_cache_is_reused_and_rebuilt_when_a_source_changes(tmp_path):
    sources = small_sources(tmp_path)
    cache = cache_path_for(tmp_path / "gm.sqlite3")
    assert cache.name == "gm.rules.sqlite3"
    first = RulesIndex.open(sources, cache)
    assert first.rebuilt and cache.exists()
    second = RulesIndex.open(sources, cache)
    assert not second.rebuilt and second.fingerprint == first.fingerprint
    assert second.search("tre vite")[0].section == first.search("tre vite")[0].section
    book = sources.rulebooks_dir / IT_BASIC
    rule = "Il drago dorme sempre, anche quando un personaggio entra nella sua caverna per rubargli l'oro."
    book.write_text(book.read_text(encoding="utf-8") + f"\nNuova regola\n\n{rule}\n", encoding="utf-8")
    third = RulesIndex.open(sources, cache)
    assert third.rebuilt and third.search("drago")[0].section == "Nuova regola"


def test_corrupt_or_unwritable_cache_is_not_fatal(tmp_path):
    sources = small_sources(tmp_path)
    cache = tmp_path / "gm.rules.sqlite3"
    cache.write_bytes(b"this is not a database")
    assert RulesIndex.open(sources, cache).rebuilt
    assert not RulesIndex.open(sources, cache).rebuilt  # the rebuilt cache replaced the bad file
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("x")
    ix = open_index(sources.rulebooks_dir, blocked / "gm.rules.sqlite3", rules_dir=tmp_path / "none", tables_dir=None)
    assert ix.rebuilt and ix.search("certificato")


def test_broken_synonyms_or_glossary_are_reported_not_fatal(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "synonyms.yaml").write_text("groups:\n  - fr: [santé]\n", encoding="utf-8")
    ix = RulesIndex.open(Sources(tmp_path / "none", rules_dir=rules, tables_dir=None))
    assert any("synonyms.yaml" in p for p in ix.problems)
    assert ix.card_lookup("Vampire") and ix.glossary("health") == []


# -- section terms (data/rules/section_terms.yaml) ------------------------------------------------
RIVER_BOOK = """Crossing the Torrent

The party may cross the torrent only at the ford. Each hero rolls one die; on a 1 the
current carries away one of the hero's followers.
"""


def _terms_sources(tmp_path: Path, terms: str) -> Sources:
    books, rules = tmp_path / "books", tmp_path / "rules"
    books.mkdir()
    rules.mkdir()
    (books / "river-game.en.txt").write_text(RIVER_BOOK, encoding="utf-8")
    (rules / "section_terms.yaml").write_text(terms, encoding="utf-8")
    return Sources(books, rules_dir=rules, tables_dir=None)


def test_section_terms_let_an_italian_question_reach_an_english_only_section(tmp_path):
    """The phrasings written for a section are searched with it, in both languages."""
    terms = """
topics:
  river: &river
    it: [attraversare il fiume, guado]
documents:
  river-game.en.txt:
    "Crossing the Torrent": [*river, {en: [wade across]}]
    "A Section Nobody Has": {en: [ghost words]}
  another-book.en.txt:
    "Anything": {en: [more ghost words]}
"""
    ix = RulesIndex.open(_terms_sources(tmp_path, terms))
    assert not ix.problems
    (hit, *_) = ix.search("come si attraversa il fiume?", kinds=["rulebook"])
    assert (hit.document, hit.section) == ("river-game.en.txt", "Crossing the Torrent")
    assert ix.search("wade", kinds=["rulebook"])[0].section == "Crossing the Torrent"
    assert ix.search("ghost", kinds=["rulebook"]) == []  # keys that match no section are ignored


def test_without_section_terms_the_section_only_has_its_own_words(tmp_path):
    ix = RulesIndex.open(_terms_sources(tmp_path, "documents: {}\n"))
    assert ix.search("guado", kinds=["rulebook"]) == []
    assert ix.search("ford", kinds=["rulebook"])[0].section == "Crossing the Torrent"


@pytest.mark.parametrize("broken", ["documents: [not, a, mapping]\n", "documents:\n  x.txt:\n    S: {fr: [eau]}\n", "{{{"])
def test_broken_section_terms_are_reported_not_fatal(tmp_path, broken):
    ix = RulesIndex.open(_terms_sources(tmp_path, broken))
    assert any("section_terms.yaml" in p for p in ix.problems)
    assert ix.search("ford", kinds=["rulebook"])[0].section == "Crossing the Torrent"


def test_section_terms_name_real_sections():
    """Every document and section named in the project's file exists in the real texts.

    (A user's rulebook copy may differ and then loses only the extra words, but the file we
    ship must match the rulebooks it was written for, or its words are silently lost.)
    This bot's rulings are left out: each one's title already says what it is about.
    """
    from oracle.section_terms import load_section_terms

    ix = full_index()
    known = {(doc, section) for doc, section, _ in ix.sections()}
    terms = load_section_terms(RULES_DIR / "section_terms.yaml")
    assert not [key for key in terms if key not in known]
    rulings = {d.document for d in ix._docs.values() if d.kind == "ruling"}
    assert rulings  # the check below would be empty-handed without them
    shipped = {d for d, _, _ in ix.sections() if d not in rulings}
    missing = [(d, s) for d, s, _ in ix.sections() if d in shipped and (d, s) not in terms]
    assert not missing, missing


def test_question_language_picks_the_synonym_group_when_stems_collide():
    """"ports" (English) and "portare" (Italian: to carry) share the stem "port"."""
    ix = full_index()
    english = ix._plan("how do I sail between ports", None)
    forms = {f for c in english.concepts if c.words == ("ports",) for f in c.forms}
    assert ("harbour",) in forms and ("carri",) not in forms
    italian = ix._plan("quanti oggetti posso portare?", None)
    forms = {f for c in italian.concepts if c.words == ("portare",) for f in c.forms}
    assert ("carri",) in forms


def test_italian_card_name_reaches_english_rules(tmp_path):
    """A card's names in both languages are synonyms: "Assassino Evaso" is the Escaped Murderer."""
    (tmp_path / "house-rules.en.txt").write_text(
        "Paying Off\n\nThe Escaped Murderer may be paid off with two Gold instead of being fought.\n", encoding="utf-8"
    )
    ix = RulesIndex.open(Sources(tmp_path, rules_dir=tmp_path / "none", tables_dir=None))
    (hit,) = ix.search("l'assassino evaso si può pagare?", kinds=["rulebook"])
    assert hit.section == "Paying Off" and "**escaped** **murderer**" in hit.excerpt.lower()


# -- where a card is in a game (systems/prophecy/locate.py) ------------------------------------------------
def test_locate_cards_in_a_game_state():
    from engine.core.system import Seat
    from engine.prophecy.content import pack_by_id
    from engine.prophecy.game import SYSTEM
    from engine.prophecy.state import AdventureOnSpace, OwnedItem
    from systems.prophecy.locate import locate

    seats = [Seat(player="1", name="Alice", character="troll"), Seat(player="2", name="Bob", character="witch")]
    state = SYSTEM.new_game(seats, {}, seed=7).state
    assert [(p.kind, p.player_name) for p in locate(state, "troll", "character")] == [("player", "Alice")]
    in_deck = sum(p.count for p in locate(state, "sword", "item") if p.kind == "deck")
    assert in_deck == 2
    state.decks.common.draw.remove("sword")
    state.players[1].items.append(OwnedItem(uid="x1", card="sword"))
    state.spaces[1].append(AdventureOnSpace(uid="x2", card="vampire"))
    state.offers["city"] = [OwnedItem(uid="x3", card="sword")]
    places = {(p.kind, p.player_name, p.space) for p in locate(state, "sword", "item")}
    assert ("player", "Bob", None) in places and any(k == "offer" for k, _, _ in places)
    assert any(p.kind == "space" and p.space == 1 for p in locate(state, "vampire", "creature"))
    space_id = pack_by_id("base").space(state.players[0].space).id
    assert "Alice" in {p.player_name for p in locate(state, space_id, "space")}


# -- the Discord adapter (cogs/lookup.py) ---------------------------------------------------------
async def test_lookup_commands_are_fully_translated():
    """/rules, /card, /glossary and /rulings have Italian names, descriptions, options and choices."""
    import discord
    from discord.ext import commands

    from ui.translator import LocaleTranslator

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none(), help_command=None)
    await bot.load_extension("cogs.lookup")
    translator = LocaleTranslator()
    missing = []

    def walk(item: dict, path: str) -> None:
        here = f"{path} {item['name']}".strip()
        if "it" not in item.get("name_localizations", {}):
            missing.append(f"name of {here}")
        if item.get("description") and "it" not in item.get("description_localizations", {}):
            missing.append(f"description of {here}")
        for choice in item.get("choices", []):
            if "it" not in choice.get("name_localizations", {}):
                missing.append(f"choice {choice['value']} of {here}")
        for option in item.get("options", []):
            walk(option, here)

    names = set()
    for command in bot.tree.get_commands():
        payload = await command.get_translated_payload(bot.tree, translator)
        names.add(payload["name_localizations"].get("it"))
        walk(payload, "")
    assert not missing, missing
    assert names == {"regole", "carta", "glossario", "decisioni"}
    await bot.remove_cog("LookupCog")


def test_button_ids_fit_discord():
    from cogs.lookup import button_id

    long = "how much " * 30 + "horse"
    custom = button_id("share", 999, "prophecy_water_realm", "it", long)
    assert len(custom) <= 100 and custom.startswith("lk:share:999:prophecy_water_realm:it:how much")
    assert button_id("page", 3, None, None, "three  lives") == "lk:page:3:::three lives"


async def test_rules_card_and_glossary_through_the_fake_discord(fake_discord, tmp_path, monkeypatch):
    """The real bot with the lookup cog: private answers, paging and sharing buttons, Italian
    replies, card positions in the channel's game, autocomplete."""
    import bot as bot_module
    from gm.i18n import t
    from gm.settings import Settings
    from loopback import run_bot
    from oracle.store import save_cache

    assert "cogs.lookup" in bot_module.COGS
    settings = Settings(_env_file=None, discord_token="fake", database_path=tmp_path / "gm.sqlite3", rulebooks_dir=rulebooks())
    save_cache(full_index().conn, cache_path_for(settings.database_path))  # the bot loads it instead of building
    fake = fake_discord
    channel = fake.add_channel(fake.add_guild("Table"), "prophecy")
    alice, gianni = fake.add_user("alice"), fake.add_user("gianni", locale="it")
    async with run_bot(bot_module.create_bot(settings)) as bot:
        await bot.get_cog("LookupCog").index()
        r = await fake.slash(bot, alice, channel, "rules", query="How do creatures with three lives work?")
        assert r.ephemeral and "Creatures with three lives" in r.text and "**three** **lives**" in r.text
        buttons = {b["custom_id"].split(":")[1]: b for b in r.messages[-1].buttons}
        shared = await fake.click(bot, alice, r.messages[-1], buttons["share"]["custom_id"])
        assert not shared.ephemeral and t("en", "lookup.shared_by", user="alice").lower() in shared.text.lower()
        more = await fake.click(bot, alice, r.messages[-1], buttons["page"]["custom_id"])  # edits the message
        assert "4. " in more.text and any(b["custom_id"].startswith("lk:page:0:") for b in r.messages[-1].buttons)
        r = await fake.slash(bot, gianni, channel, "rules", query="Come funziona il combattimento fisico?")
        assert r.text.startswith(t("it", "lookup.results_title", query="")) and "Combattimento Fisico" in r.text
        r = await fake.slash(bot, alice, channel, "card", name="vampyre")
        assert "Vampire" in r.text and t("en", "lookup.no_game") in r.text
        # a near spelling is shown as what it is, never as the card asked for
        assert t("en", "lookup.card_closest", name="vampyre", card="Vampire") in r.text
        r = await fake.slash(bot, alice, channel, "card", name="Qzxwv Vrtpk")  # no card is near
        assert r.ephemeral and r.text == t("en", "lookup.card_not_found", name="Qzxwv Vrtpk"), r.text
        assert "/rules" in r.text
        # the other games' cards: once "the closest name is Giant Spider"
        r = await fake.slash(bot, alice, channel, "card", name="Giant Pearl")
        assert r.ephemeral and r.embeds[0]["title"] == "Giant Pearl" and "Giant Spider" not in r.text
        assert t("en", "lookup.card_game", game=t("en", "lookup.game.prophecy_water_realm")) in r.embeds[0]["footer"]["text"]
        r = await fake.slash(bot, gianni, channel, "card", name="Perla Gigante")
        assert r.embeds[0]["title"] == t("it", "lookup.card_title_translated", name="Perla Gigante", english="Giant Pearl")
        assert r.embeds[0]["description"].startswith(f"*{t('it', 'lookup.card_kind.item')}*\nVale una fortuna")
        assert t("it", "lookup.game.prophecy_water_realm") in r.embeds[0]["footer"]["text"]
        r = await fake.slash(bot, gianni, channel, "card", name="Addestramento")
        assert r.embeds[0]["title"].startswith("Addestramento") and t("it", "lookup.figure.learn_cost") in r.text
        assert t("it", "lookup.game.prophecy_standard") in r.embeds[0]["footer"]["text"]
        r = await fake.slash(bot, alice, channel, "card", name="Mad Riddler")
        assert r.embeds[0]["title"] == "Mad Riddler" and t("en", "lookup.source_project") in r.embeds[0]["footer"]["text"]
        r = await fake.slash(bot, gianni, channel, "card", name="Guerriero")
        assert t("it", "lookup.figure.craft") in r.text and t("it", "lookup.game.darkest_talisman") in r.text
        # the same name in two games: both cards, no game in the channel
        r = await fake.slash(bot, alice, channel, "card", name="Sword")
        assert len(r.embeds) == 2 and {t("en", f"lookup.game.{g}") in r.text for g in ("prophecy", "darkest_talisman")} == {True}
        assert "Perla Gigante" in (await fake.autocomplete(bot, gianni, channel, "card", "name", "perla")).choice_names
        assert "Giant Pearl" in (await fake.autocomplete(bot, alice, channel, "card", "name", "giant p")).choice_names
        await fake.slash(bot, alice, channel, "game new", system="prophecy")
        await fake.slash(bot, gianni, channel, "game join")
        await fake.slash(bot, alice, channel, "game start")
        r = await fake.slash(bot, alice, channel, "card", name="Sword")
        assert t("en", "lookup.where_title") in r.text and t("en", "lookup.deck.common") in r.text
        # the channel's Prophecy Sword first; the Talisman one says nothing wrong about positions
        assert len(r.embeds) == 2 and t("en", "lookup.game.prophecy") in r.embeds[0]["footer"]["text"]
        talisman_where = [f["value"] for f in r.embeds[1]["fields"] if f["name"] == t("en", "lookup.where_title")]
        assert talisman_where == [t("en", "lookup.where_basic_only")]
        r = await fake.slash(bot, alice, channel, "card", name="qqqqqqqqq")
        assert r.ephemeral and r.text == t("en", "lookup.card_not_found", name="qqqqqqqqq")
        r = await fake.slash(bot, gianni, channel, "glossary", term="willpower")
        assert "Volontà" in r.text and t("it", "lookup.glossary_other_language", term="Willpower") in r.text
        assert "Vampire" in (await fake.autocomplete(bot, alice, channel, "card", "name", "vamp")).choice_names
        assert (await fake.autocomplete(bot, alice, channel, "rules", "query", "three")).choice_names
        assert "Volontà" in (await fake.autocomplete(bot, gianni, channel, "glossary", "term", "volo")).choice_names


@pytest.mark.parametrize("locale, card, shown", [
    ("en", "Barrow Wight", "If you wish (?): you may fight the other kind of battle by paying 1 Health first"),
    ("it", "Barrow Wight", "Se vuoi (?): puoi scegliere l'altro tipo di combattimento pagando prima 1 Salute"),
    ("en", "Giant Spider", "Always (!): it holds you: starting your turn here, you must fight it before you may leave"),
])
def test_card_special_rules_read_as_sentences_and_search_text_is_unchanged(locale, card, shown):
    """Basic rules, "Special Battles": a rule marked ! must be followed, one marked ? may be. /card
    says that in words ("switch battle (?), pay 1 Health" read like an internal name), while the
    words the card is searched by stay the short ones /rules was measured with."""
    info = next(c for c in load_all_cards()[0] if c.name == card and c.pack == "base")
    specials = [value for key, value in info.figures_in(locale) if key == "special"]
    assert specials == [shown]
    searched = dict(info.figures)["special"]
    assert searched in ("switch battle (?), pay 1 Health", "holds on start (!)")
