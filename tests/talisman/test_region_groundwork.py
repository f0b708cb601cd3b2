"""The groundwork for the expansions' own Regions (engine/darkest_talisman/expansions/regions.py),
checked on the City's Region (DT J1-J3) and, for the master and the trove, on the City's Region
given a master as the Highland, the Dungeon and the Woodland have (K6, L6, M8). Each test names
the rule it checks."""
from __future__ import annotations

import pytest

from engine.core.system import Seat
from engine.darkest_talisman import guardians, travel
from engine.darkest_talisman.content import ContentError, pack_by_id
from engine.darkest_talisman.expansions import regions
from engine.darkest_talisman.expansions.content import build_expansion, expansion_by_id
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import Spot, card_id
from packs.darkest_talisman import EXPANSIONS_ROOT
from packs.files import read_yaml
from tests.talisman.expansion_helpers import broken, ctx
from tests.talisman.helpers import jump_to_destination

CITY = "core+city"


def city_solo(seed: int = 1):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return SYSTEM.new_game([Seat(player="p1", name="Ada")], {"pack": CITY}, seed).state


def at_the_city(seed: int = 1):  # type: ignore[no-untyped-def]
    """A City campaign whose party stands at the City, the Inner Region's Aid destination, met."""
    s = city_solo(seed)
    c = ctx(s)
    travel.depart(c, "depart:city")
    return jump_to_destination(s)


def test_j1_j3d_the_region_is_content_merged_into_the_pack():
    """J1b, J3d-f: the City Region is its pack's region.yaml: five Road Spaces with their dice
    (Alley, Lane, Street, Avenue d6; City Square 2d6), then the City Market; J3e's six Special
    Locations; reached from the City (J3a)."""
    spec = expansion_by_id("city").region
    assert spec is not None and spec.straddle == "city" and spec.end == "city_market"
    p = pack_by_id(CITY)
    region = p.region("city_region")
    assert region.road == ["alley", "lane", "street", "avenue", "city_square"]
    assert [p.location(x).draws for x in region.road] == [1, 1, 1, 1, 2]
    assert region.specials == ["academy", "wharf", "sorcerer", "rogues_guild", "soothsayer", "high_temple"]
    assert region.village is None  # never a destination the core road's departures offer
    assert p.name_of("city_region", "it") == "Regione della Città"


def test_groundwork_a_bad_region_file_is_refused_by_name():
    """A region.yaml whose table is not a d6 or whose master is no foe is refused, naming the file."""
    folder = EXPANSIONS_ROOT / "city"
    files = {f.name: read_yaml(f) for f in folder.glob("*.yaml")}
    bad = dict(files)
    bad["region.yaml"] = {**files["region.yaml"], "region": {**files["region.yaml"]["region"], "specials": ["wharf"]}}
    with pytest.raises(ContentError, match="region.yaml"):
        build_expansion(bad)
    bad["region.yaml"] = {**files["region.yaml"], "master": "nobody"}
    with pytest.raises(ContentError, match="master"):
        build_expansion(bad)


def test_j3a_the_way_in_is_offered_at_the_city_once_it_is_met():
    """J3a: the City is a straddling space: once the party has met it, it may go on into the City
    Region; not at another destination, and not on the way there."""
    s = city_solo(2)
    travel.depart(ctx(s), "depart:city")
    assert s.trip.position == 0 and not any(o.startswith("enter:") for o in (s.decision.options if s.decision else []))
    s = at_the_city(2)
    assert s.decision.kind == "destination" and "enter:city_region" in s.decision.options
    s = city_solo(3)
    travel.depart(ctx(s), "depart:tavern")
    jump_to_destination(s)
    assert not any(o.startswith("enter:") for o in s.decision.options)


def test_j3b_entering_discards_the_inner_road_and_switches_the_deck():
    """J3b: the Inner road's cards are discarded, the City deck replaces the core deck; the party
    stands on the Alley, the City Road's first space, whose cards come from the City deck."""
    s = at_the_city(4)
    c = ctx(s)
    s.trip.road[1].spots.append(Spot(seq=s.new_seq(), card=s.decks.adventure.pop()))
    regions.enter(c, "city_region")
    assert s.trip.region == "city_region" and s.trip.position == 0 and s.trip.destination == "city_market"
    assert [r.location for r in s.trip.road] == ["alley", "lane", "street", "avenue", "city_square", "city_market"]
    rec = s.ext
    assert rec.live == "city" and rec.reasons == ["region:city_region"] and rec.regions_entered == 1
    city_ids = expansion_by_id("city").adventure_ids()
    dealt = [sp.card for sp in s.trip.spots if sp.card]
    assert all(card_id(u) in city_ids for u in dealt)
    assert all(card_id(u) in city_ids for u in s.decks.adventure)
    assert broken(s) == []


def test_j3f_c_walking_back_the_party_is_at_the_city_with_the_core_deck():
    """J3f-c: the party goes back along the City Road to the City; out of the Region the core
    deck is back (K6j alike) and the City's way in is offered again."""
    s = at_the_city(5)
    c = ctx(s)
    regions.enter(c, "city_region")
    for spot in s.trip.spots:
        spot.met = True
    s.trip.heading = "home"
    s.decision = None
    travel._move(c, -1)
    assert s.trip.region == "inner" and s.trip.destination == "city" and s.trip.position == len(s.trip.road) - 1
    rec = s.ext
    assert rec.live == "core" and rec.reasons == [] and rec.region is None
    assert broken(s) == []


def test_groundwork_home_or_a_teleport_ends_the_stay():
    """Carried off the Region's road (a teleport to a core place) or home in a village, the
    party is out of the Region and the core deck is back."""
    s = at_the_city(6)
    c = ctx(s)
    regions.enter(c, "city_region")
    travel.teleport(c, "dest:chapel")
    assert s.trip.region == "inner" and s.ext.region is None and s.ext.live == "core"
    s = at_the_city(7)
    c = ctx(s)
    regions.enter(c, "city_region")
    travel.teleport(c, "village")
    assert s.mode == "village" and s.ext.region is None and s.ext.live == "core" and broken(s) == []


def _with_master(monkeypatch, c):  # type: ignore[no-untyped-def]
    """The City's Region given a master and a trove, as the Highland's Eyrie has (K6g)."""
    exp, spec = regions.spec(c, "city_region")
    region = spec.region.model_copy(update={"aid": [], "trove": ["city_market"]})
    joins = ["cutthroat"]
    mastered = spec.model_copy(update={"region": region, "goal": "trove", "master": "city_guard", "trove_items": 0,
                                       "trove_gold_dice": 1, "joins_core": joins})
    monkeypatch.setattr(regions, "spec", lambda _c, rid: (exp, mastered))
    return mastered


def test_k6g_a_master_joins_the_guardians_and_the_forecast_names_him(monkeypatch):
    """K6g, L6a, M8a: the Region's master is added to the 2d6 guardians (C8d) in Guardian
    Combat; before they are drawn the forecast already names him with his figures."""
    s = at_the_city(8)
    c = ctx(s)
    _with_master(monkeypatch, c)
    regions.enter(c, "city_region")
    assert s.trip.goal == "trove" and s.trip.trove is not None and s.trip.trove.gold >= 1
    jump_to_destination(s)
    assert s.decision.kind == "guardians"
    fore = s.decision.data["forecast"][s.decision.options.index("fight")]
    assert fore["known"] is False and fore["master"] == {"of": "city_guard", "strength": 4, "craft": 0}
    fight = guardians.trove_guardians(c)
    assert [g.of for g in fight.guardians if g.of == "city_guard"] == ["city_guard"]


def test_k6k_the_master_beaten_his_cards_join_the_core_deck_once(monkeypatch):
    """K6i-k, L6e, M8f: the trove won, the Region's listed cards join the core deck (and count
    as core cards from then on); the Region is not entered again until home."""
    s = at_the_city(9)
    c = ctx(s)
    _with_master(monkeypatch, c)
    regions.enter(c, "city_region")
    jump_to_destination(s)
    before = sum(1 for u in s.ext.shelved["core"].adventure if card_id(u) == "cutthroat")
    regions.trove_won(c)
    rec = s.ext
    assert rec.masters_beaten == 1 and rec.regions_done == ["city_region"] and rec.joined == ["city"]
    after = [u for u in s.ext.shelved["core"].adventure if card_id(u) == "cutthroat"]
    assert len(after) > before
    assert all(not card_id(u) == "cutthroat" for u in s.decks.adventure + s.decks.adventure_discard)
    from engine.darkest_talisman.expansions import decks
    assert decks.owner(c, after[0]) == "core"
    assert broken(s) == []


@pytest.mark.parametrize("locale", ["en", "it"])
def test_groundwork_the_road_embed_and_the_party_picture_show_the_region(locale):
    """On a Region's road the road embed names the Region and its spaces, and the party picture
    draws that road, in both languages."""
    from gm.i18n import t
    from systems.darkest_talisman import picture
    from systems.darkest_talisman.embeds import road_embed

    s = at_the_city(10)
    regions.enter(ctx(s), "city_region")
    view = SYSTEM.view(s, None)
    embed = road_embed(view, locale)
    assert embed is not None
    p = pack_by_id(CITY)
    assert p.name_of("city_region", locale) in (embed.title or "")
    body = (embed.description or "") + "".join(f.value or "" for f in embed.fields)
    assert p.name_of("alley", locale) in body or p.name_of("city_market", locale) in body
    assert t(locale, "talisman.deck.city") in body
    png = picture.render_party(view, locale)
    assert png[:4] == b"\x89PNG"
