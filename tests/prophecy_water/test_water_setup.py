"""Water Realm, set-up and the main board (rulebook "WATER REALM": "Set Up of the Water Realm",
"Water Realm Cards", "Pearl of the Abyss", "Underwater Abilities", "On the Main Game Board")."""
from __future__ import annotations

from collections import Counter

from engine.core.system import Seat
from engine.prophecy.game import SYSTEM
from engine.prophecy.standard.state import HIDDEN
from tests.prophecy_water.water_helpers import ENTRANCE, GATE, GRID, PALACE, W, water_game, ws


def test_water_set_up_of_the_water_realm__a_grid_of_4_by_6_with_entrance_and_palace():
    """"Set Up of the Water Realm": 4 spaces by 6, alternating dark and light, the entrance at
    one end and the Undersea Palace at the other: 22 spaces for cards."""
    state = water_game()
    w = ws(state)
    assert GRID.rows * GRID.columns == 24 and len(w.cells) == 24
    assert GRID.cell(ENTRANCE)[0] == 0 and GRID.cell(PALACE)[0] == GRID.rows - 1
    assert w.cells[ENTRANCE] is None and w.cells[PALACE] is None
    assert sum(1 for c in w.cells if c is not None) == 22
    assert GRID.light(ENTRANCE) != GRID.light(PALACE)


def test_water_realm_cards__light_cards_on_light_spaces_three_of_each_set_aside_face_down():
    """"Water Realm Cards": positive cards on light spaces, negative ones on dark spaces, 3 light
    and 3 dark left over and set aside unseen; everything lies face down."""
    state = water_game(seed=7)
    w = ws(state)
    for i, gc in enumerate(w.cells):
        if gc is None:
            continue
        assert not gc.up
        assert W.is_positive(gc.card) == GRID.light(i), (i, gc.card)
    assert len(w.aside) == 6
    assert sum(W.is_positive(c) for c in w.aside) == 3
    dealt = Counter(gc.card for gc in w.cells if gc) + Counter(w.aside)
    assert dealt == Counter(W.positive_deck() + W.negative_deck())


def test_water_realm_cards__the_views_hide_face_down_cards_and_the_cards_set_aside():
    """Nobody sees a face-down card of the realm or the cards set aside ("without letting anyone
    see them"), nor the order of the Underwater deck."""
    state = water_game(seed=3)
    w = ws(state)
    w.cells[2] = w.cells[2].model_copy(update={"up": True})  # type: ignore[union-attr]  # set up by the test
    for viewer in (None, "p1", "p2"):
        shown = SYSTEM.view(state, viewer).standard.water  # type: ignore[union-attr]  # a Standard game, built by the test
        for real, seen in zip(w.cells, shown.cells, strict=False):
            if real is None:
                continue
            assert seen.card == (real.card if real.up else HIDDEN)
        assert shown.aside == [HIDDEN] * 6
        assert shown.underwater == sorted(w.underwater)


def test_water_pearl_of_the_abyss__as_many_pearls_as_players():
    """"Pearl of the Abyss": as many Pearl cards as there are players."""
    for players in (2, 4):
        assert ws(water_game(players=players)).pearls_left == players


def test_water_underwater_abilities__five_shuffled_in_their_own_deck():
    """"Underwater Abilities": the 5 cards are shuffled into a deck of their own; none is on
    offer at a guild or in a guild deck at the start."""
    state = water_game(seed=5)
    w = ws(state)
    assert sorted(w.underwater) == sorted(W.underwater_ids()) and len(w.underwater) == 5
    sst = state.standard
    for guild, deck in sst.guild_decks.items():  # type: ignore[union-attr]  # set up by the test
        assert not set(deck) & (set(W.underwater_ids()) | set(W.waterlore_ids()))
        assert not set(sst.guild_offers[guild]) & set(W.underwater_ids())  # type: ignore[union-attr]  # set up by the test
    orders = {tuple(ws(water_game(seed=s)).underwater) for s in range(6)}
    assert len(orders) > 1


def test_water_on_the_main_game_board__maximum_of_8_items_and_8_abilities():
    """"Maximum Number of Abilities and Items": one more of each with the Water Realm (8)."""
    from engine.prophecy.rules import pack_of
    from engine.prophecy.standard import powers

    state = water_game()
    assert pack_of(state).rules.item_limit.value == 8
    assert powers.spack(state).figures.ability_limit.value == 8
    plain = SYSTEM.new_game([Seat(player="a", name="A"), Seat(player="b", name="B")],
                            {"version": "standard", "standard": {"character_choice": "random"}}, 1).state
    assert pack_of(plain).rules.item_limit.value == 7


def test_water_on_the_main_game_board__the_realm_cards_stay_out_of_the_main_decks():
    """The realm's Items, Creatures and Abilities are not in the Item, Adventure or guild decks;
    Legends of the Deeps is in the Chance deck (rulebook "Setup of the Main Game Board")."""
    state = water_game(seed=11)
    mine = set(W.item_ids()) | set(W.creature_ids())
    for name in ("common", "rare", "adventure"):
        assert not mine & set(getattr(state.decks, name).draw)
    assert state.decks.chance.draw.count(W.data.legends.id) + state.decks.chance.discard.count(W.data.legends.id) == 1


def test_water_gate_to_the_water_realm__one_of_the_five_lesser_guardians_nobody_knows_which():
    """"Gate to the Water Realm": it replaces one Lesser Guardian; nobody knows where it is."""
    seen_on = set()
    for seed in range(12):
        state = water_game(seed=seed)
        planes = [pl for pl in state.standard.planes if pl.lesser == GATE]  # type: ignore[union-attr]  # a Standard game, built by the test
        assert len(planes) == 1
        seen_on.add(planes[0].id)
        for viewer in (None, "p1"):
            text = SYSTEM.view(state, viewer).model_dump_json()
            assert GATE not in text
    assert len(seen_on) > 2


def test_water_astral_planes_power_up__every_plane_plus_one():
    """"Astral Planes Power Up": the Guardians of the other planes get +1 Strength and Willpower."""
    state = water_game()
    assert all(pl.power_up == 1 for pl in state.standard.planes)  # type: ignore[union-attr]  # a Standard game, built by the test


def test_pearl_of_the_abyss__the_status_counts_cards_and_pearls_in_words():
    """"Set Up of the Water Realm" (22 cards face down) and "Pearl of the Abyss": /game status
    said "0 cards turned up, 22 face down" and, in Italian, "Perle: nessuno; ne restano 1"; it
    now says that no card is up yet, and the verb agrees with the Pearls left."""
    from engine.prophecy.view import view
    from systems.prophecy.water_realm.describe_water import status_fields

    state = water_game()
    w = ws(state)
    for locale in ("en", "it"):
        text = "\n".join(v for _k, v in status_fields(view(state, None), locale))
        assert "0 card" not in text and "0 cart" not in text, text
        assert "22" in text
    w.pearls_left = 1
    text = "\n".join(v for _k, v in status_fields(view(state, None), "it"))
    assert "restano 1" not in text and "resta 1" in text, text
    first = next(i for i, c in enumerate(w.cells) if c is not None)
    w.cells[first] = w.cells[first].model_copy(update={"up": True})  # type: ignore[union-attr]  # set up by the test
    text = "\n".join(v for _k, v in status_fields(view(state, None), "it"))
    assert "1 carta scoperta, 21 coperte" in text, text


def test_losing_bubbles__italian_counts_agree_with_the_bubbles_left():
    """"Losing Bubbles": one Bubble left read "ne restano 1" / "restano 1 🫧"; the verb now
    agrees with the number (one left: "resta"), for the narration, the sheet and the buttons."""
    from gm.i18n import t

    for key, params in (("water.event.bubbles_used", {"player": "Bob", "amount": 1, "reason": "x"}),
                        ("water.event.bubbles_refilled", {"player": "Bob", "amount": 1, "reason": "x"}),
                        ("water.dest.left", {}), ("water.sheet.bubbles", {"cubes": "●", "place": "B2"})):
        one = t("it", key, left=1, n=1, **params)
        many = t("it", key, left=3, n=3, **params)
        assert "restano 1" not in one and "resta 1" in one, one
        assert "restano 3" in many, many


def test_returning_to_the_main_game_board__italian_names_the_ring_space_as_a_space():
    """"Gate to the Water Realm" and "Returning to the Main Game Board": the Italian lines read
    "si immerge ... da Pianure Dorate" / "esce ... in Pianure Dorate" (a bare preposition before
    a name that takes an article); they now say "la casella ...", as the ring's lines do."""
    from gm.i18n import t

    space = "Pianure Dorate"
    for key in ("water.event.entered", "water.event.left"):
        line = t("it", key, player="Bob", space=space, bubbles=3, cost="1 Oro", how="x")
        assert f"casella {space}" in line and f"da {space}" not in line and f"in {space}" not in line, line


def test_set_up__each_guild_names_the_ability_it_offers_with_the_others_before_the_first_roll():
    """Standard set-up deals each guild's first Ability, and the realm's own Abilities belong in
    no guild deck (rulebook "Underwater Abilities"): a guild whose first card was one of them
    offers the next one instead, and says so among the other guilds, before the rolls for the
    first turn, once per guild."""
    seats = [Seat(player=f"p{i + 1}", name=f"Player {i + 1}") for i in range(2)]
    options = {"version": "standard", "auto_end_turn": False,
               "standard": {"character_choice": "random", "expansion": {"water_realm": True}}}
    for seed in range(1, 30):
        out = SYSTEM.new_game(seats, options, seed)
        before = out.events[:[e.kind for e in out.events].index("first_player_roll")]
        offered = [e.data["guild"] for e in before if e.kind == "ability_offered"]
        assert sorted(offered) == sorted(out.state.standard.guild_offers), (seed, offered)
        kinds = [e.kind for e in before]
        first = kinds.index("ability_offered")
        assert kinds[first:first + len(offered)] == ["ability_offered"] * len(offered), (seed, kinds)
