"""The party picture shows what the expansions put on the road (issues 31, 32): the roving figures
on their tiles (the Grim Reaper DT E2e-g, the Werewolf F6b), Day or Night and the Blood Moon in
the title band (F2a-b, F3), fireland tokens (I3b) and Terrain cards (I4a), and an expansion
Region's road with the Region named (J3d). The texts are read from `marks_of` in both locales,
the marks from the PNG's pixels where the tile is."""
from __future__ import annotations

import io

from PIL import Image

from engine.darkest_talisman.content import display_name, pack_by_id
from engine.darkest_talisman.expansions import blood_moon, firelands, reaper
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.state import Spot, card_id
from systems.darkest_talisman import embeds
from systems.darkest_talisman import picture as P
from systems.darkest_talisman.names import Names
from tests.talisman.expansion_helpers import ctx
from tests.talisman.helpers import rig
from tests.talisman.test_expansion_blood_moon import risen_on_road
from tests.talisman.test_expansion_firelands import FIRE, on_firelands_road
from tests.talisman.test_expansion_reaper import on_road
from tests.talisman.test_region_city import in_region

LOCALES = ("en", "it")


def png(state, locale="en"):  # type: ignore[no-untyped-def]  # tests are not type-checked
    return Image.open(io.BytesIO(P.render_party(SYSTEM.view(state, None), locale))).convert("RGB")


def marks(state, locale="en"):  # type: ignore[no-untyped-def]
    return P.marks_of(Names(SYSTEM.view(state, None), locale))


def foot(state, image, k):  # type: ignore[no-untyped-def]
    """The strip at the foot of road tile `k` where its badges are drawn, cut from `image`."""
    n = Names(SYSTEM.view(state, None), "en")
    m = P.marks_of(n)
    count = len(P.tiles_of(n)[1])
    lines_h = P.LINE_H * len(m.lines) + (P.MARGIN // 2 if m.lines else 0)
    top = P.MARGIN + 34 + P.MARGIN + lines_h
    tile_w = (P.WIDTH - 2 * P.MARGIN - 8 * (count - 1)) // count
    x = P.MARGIN + k * (tile_w + 8)
    return image.crop((x + 5, top + P.TILE_H - 2, x + tile_w - 5, top + P.TILE_H + P.MARK_H - 4))


def pixels(crop):  # type: ignore[no-untyped-def]
    raw = crop.tobytes()
    return [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]


def dark(crop) -> int:  # type: ignore[no-untyped-def]
    """Pixels as dark as the ink (a badge's outline, sign and label; a bare tile has none)."""
    return sum(1 for px in pixels(crop) if sum(px) < 200)


def test_e2e_the_grim_reaper_is_a_marker_on_his_tile_and_moves_with_him():
    """E2a, E2e-f: a death brings him onto the first Road Space, each 1 rolled moves him on; the
    picture draws his badge on the tile he stands on, and only there."""
    s = on_road()
    bare = png(s)
    reaper.died(ctx(s), s.party()[0])
    at_first = png(s)
    assert at_first.size != bare.size or at_first.tobytes() != bare.tobytes()
    assert dark(foot(s, at_first, 0)) > 20 and dark(foot(s, at_first, 1)) == 0
    reaper.rolled(ctx(s), [1])
    assert s.ext.figure(reaper.FIGURE).position == 1
    moved = png(s)
    assert dark(foot(s, moved, 1)) > 20 and dark(foot(s, moved, 0)) == 0
    for locale, name in (("en", "Grim Reaper"), ("it", "Tristo Mietitore")):
        m = marks(s, locale)
        assert m.tiles == {1: [(reaper.FIGURE, name)]}
        assert len(m.lines) == 1 and name in m.lines[0] and "2" in m.lines[0] and "1" in m.lines[0]


def test_f6b_the_werewolf_is_a_marker_on_his_tile_and_named_in_both_locales():
    """F6a-b: a 1 among a new space's dice brings the Werewolf to the first Road Space, a 1 rolled
    moves him one space toward the party; his badge follows him."""
    s, c = risen_on_road(3)
    blood_moon.dealt(c, [], [1])
    first = png(s)
    assert dark(foot(s, first, 0)) > 20 and dark(foot(s, first, 1)) == 0
    blood_moon.rolled(c, [1, 5])
    assert s.ext.figure(blood_moon.FIGURE).position == 1
    second = png(s)
    assert dark(foot(s, second, 1)) > 20 and dark(foot(s, second, 0)) == 0
    assert dark(foot(s, first, 0)) == dark(foot(s, second, 1))  # the same badge, one tile on
    for locale, name in (("en", "Werewolf"), ("it", "Lupo Mannaro")):
        m = marks(s, locale)
        assert m.tiles == {1: [(blood_moon.FIGURE, name)]}
        assert m.lines[0].startswith(name) and "1" in m.lines[0]


def test_e2g_f6b_a_figure_off_the_road_is_said_in_a_line_not_drawn_on_a_tile():
    """A figure whose place is on no tile drawn (beyond the road, or the party off the road) has
    no badge; the line under the title says it is off the road."""
    s = on_road()
    bare = png(s)
    reaper.died(ctx(s), s.party()[0])
    s.ext.figure(reaper.FIGURE).position = len(s.trip.road) + 2
    for locale, word in (("en", "off the road"), ("it", "fuori dalla strada")):
        m = marks(s, locale)
        assert m.tiles == {} and len(m.lines) == 1 and word in m.lines[0]
    image = png(s)
    shift = P.LINE_H + P.MARGIN // 2  # the line under the title, and nothing else: the road as without him
    assert image.height == bare.height + shift
    row = P.MARGIN + 34 + P.MARGIN
    assert image.crop((0, row + shift, P.WIDTH, row + shift + P.TILE_H)).tobytes() == bare.crop(
        (0, row, P.WIDTH, row + P.TILE_H)).tobytes()
    s.trip, s.mode = None, "village"  # home, he would leave (E2h); shown as he is, he is off the road
    assert "off the road" in marks(s).lines[0]


def test_f2b_f3_day_and_night_are_drawn_in_the_title_band():
    """F2b: the Blood Moon rises with the Time Card on Day; F3: Night when it turns. The title band
    names the time and the risen Blood Moon, and draws it (the pictures differ there)."""
    s, _ = risen_on_road(3)
    s.ext.night = False
    day = png(s)
    for locale, word, moon in (("en", "Day", "Blood Moon"), ("it", "Giorno", "Luna di Sangue")):
        m = marks(s, locale)
        assert m.sky == "day" and m.risen and word in m.sky_text and moon in m.sky_text
    s.ext.night = True
    night = png(s)
    for locale, word in (("en", "Night"), ("it", "Notte")):
        assert marks(s, locale).sky == "night" and word in marks(s, locale).sky_text
    band = (P.WIDTH // 2, 0, P.WIDTH, P.MARGIN + 34)
    assert day.crop(band).tobytes() != night.crop(band).tobytes()
    below = (0, P.MARGIN + 34, P.WIDTH, day.height)  # the rest is the same picture
    assert day.size == night.size and day.crop(below).tobytes() == night.crop(below).tobytes()


def test_f8d_on_the_dens_road_the_time_card_shows_without_a_risen_moon():
    """F8d: on the road to the Werewolf's Den the Time Card is out though the Blood Moon has not
    risen: the band says Night alone; once the card is away nothing is said."""
    s, _ = risen_on_road(3)
    s.ext.blood_moon, s.ext.den_trip, s.ext.night = False, True, True
    for locale, word in (("en", "Night"), ("it", "Notte")):
        m = marks(s, locale)
        assert m.sky == "night" and not m.risen and m.sky_text == word
    s.ext.den_trip = False
    m = marks(s)
    assert m.sky is None and m.sky_text == ""


def test_i3b_a_fireland_token_is_a_flame_badge_on_its_tile():
    """I3b: a fireland token lies on a Road Space; its tile shows a drawn flame (the fire colour,
    exact in the fixed palette) and the label, in both locales."""
    s = on_firelands_road(5)
    bare = png(s)
    assert firelands.place_token(ctx(s), 2, "wildfire") and s.ext.fire_tokens == [2]
    burning = png(s)
    assert burning.size != bare.size
    assert P.FIRE in set(pixels(foot(s, burning, 2)))
    assert P.FIRE not in set(pixels(foot(s, burning, 1))) and dark(foot(s, burning, 1)) == 0
    for locale, label in (("en", "Fireland token"), ("it", "Segnalino fuoco")):
        assert marks(s, locale).tiles == {2: [("fire", label)]}


def test_i4a_a_terrain_card_laid_names_the_terrain_and_marks_the_tile():
    """I4a-b: a Terrain card laid on a met Road Space makes it that terrain: the tile carries the
    terrain's name and a "Terrain card" badge."""
    s = on_firelands_road(17)
    space = s.trip.road[1]
    old = [s.decks.adventure.pop(), s.decks.adventure.pop()]
    space.visited = True
    space.spots = [Spot(seq=s.new_seq(), card=u, revealed=True, met=True) for u in old]
    top = s.ext.terrain[-1]
    terrain = next(x for x in expansion_by_id("firelands").manifest.terrain if x.id == card_id(top))
    rig(s, dice=[2] * pack_by_id(FIRE).location(terrain.location).draws)
    assert firelands.lay_terrain(ctx(s), 1)
    image = png(s)
    assert dark(foot(s, image, 1)) > 20 and dark(foot(s, image, 2)) == 0
    for locale, label in (("en", "Terrain card"), ("it", "Carta Terreno")):
        n = Names(SYSTEM.view(s, None), locale)
        assert P.tiles_of(n)[1][1]["name"] == n.location(terrain.location)
        assert P.marks_of(n).tiles == {1: [("terrain", label)]}


def test_j3d_an_expansion_regions_road_is_drawn_with_the_region_named():
    """J3d: in the City Region the party walks the City Road: its spaces are the tiles, and the
    title names the Region, in both locales."""
    s = in_region()
    pack = pack_by_id(s.options.pack)
    region = pack.region(s.trip.region)
    for locale in LOCALES:
        n = Names(SYSTEM.view(s, None), locale)
        title, tiles = P.tiles_of(n)
        assert display_name(region, locale) in title
        assert [x["name"] for x in tiles] == [n.location(sp.location) for sp in s.trip.road]
        assert len(tiles) == len(region.road) + 1 and tiles[0]["here"]
    assert png(s).width == P.WIDTH


def test_f6b_the_road_embed_says_werewolf_for_the_werewolf():
    """F6b, E2e: the road embed's expansion lines name the Werewolf for his figure and the Grim
    Reaper for his, in both locales."""
    s, c = risen_on_road(3)
    blood_moon.dealt(c, [], [1])
    reaper_state = on_road()
    reaper.died(ctx(reaper_state), reaper_state.party()[0])
    for locale, wolf, grim in (("en", "Werewolf", "Grim Reaper"), ("it", "Lupo Mannaro", "Tristo Mietitore")):
        d = SYSTEM.view(s, None).data
        lines = embeds._expansion_lines(d, d["trip"], locale)
        assert any(wolf in x for x in lines) and not any(grim in x for x in lines)
        d = SYSTEM.view(reaper_state, None).data
        lines = embeds._expansion_lines(d, d["trip"], locale)
        assert any(grim in x for x in lines) and not any(wolf in x for x in lines)


def test_a_core_campaign_has_no_expansion_marks():
    """Without expansions nothing is added: no lines, no badges, no Time Card."""
    s = SYSTEM.new_game(*_core_seats()).state
    m = marks(s)
    assert m.sky is None and m.lines == [] and m.tiles == {}


def _core_seats():  # type: ignore[no-untyped-def]
    from engine.core.system import Seat

    return [Seat(player="p1", name="Ada")], {}, 1
