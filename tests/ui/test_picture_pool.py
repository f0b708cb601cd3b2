"""Pictures keep the event loop free (issue 30): drawn once per state version, in worker processes
that draw the same bytes as the bot's own process, while the loop goes on answering; the
Water Realm picture is drawn only for a message that is sent; the pool stops with the bot; and
the fixed palettes keep every colour a picture is made of exact and its text's shades close.

One pool of one worker serves the whole file (its start-up, the forkserver importing the
drawing modules, is paid once)."""
from __future__ import annotations

import asyncio
import io
import threading
import time

import pytest
from PIL import Image

import packs  # noqa: F401
from bot import create_bot
from cogs.common import start_picture
from engine.core.system import Seat
from engine.darkest_talisman.game import SYSTEM as CAMPAIGN
from engine.prophecy.game import SYSTEM
from gm.session import Result
from gm.store import GameRecord
from loopback import run_bot
from systems.darkest_talisman import picture as party_picture
from systems.prophecy.plugin import board_picture
from systems.prophecy.turn import turn_message
from systems.prophecy.water_realm import board as board_water
from tests.prophecy_water.water_helpers import cell, dive, open_gate, quiet, water_game
from tests.talisman.test_tower import party, tower_at
from ui import palette, text_runs
from ui import pictures as pictures_module
from ui.pictures import PAINTER, Drawing, Painter, PictureCache, drawn_from_stored, picture_key, spectator_drawing

DRAWN: list[str] = []


def counted(name: str, size: int = 10) -> bytes:
    """A drawing that notes each time it is drawn (module level: a worker could draw it too)."""
    DRAWN.append(name)
    return name.encode() * size


def with_lock(lock: object) -> bytes:
    return b"never drawn in a process: a lock cannot be pickled"


@pytest.fixture(scope="module")
def pool():
    painter = Painter(1)
    thread = painter.warm_up()
    assert thread is not None
    thread.join(120)
    yield painter
    asyncio.run(painter.shutdown())


def water_view():
    state = quiet(water_game(), board=False)
    open_gate(state)
    dive(state, "p1", cell(2, 1))
    return SYSTEM.view(state, None)


def basic_view():
    seats = [Seat(player="p1", name="Ada"), Seat(player="p2", name="Bo")]
    return SYSTEM.view(SYSTEM.new_game(seats, {}, 3).state, None)


def campaign_view():
    s = tower_at(party(), "werewolf_den")
    # the worker processes load the shipped packs only, not the tests' fixture pack; this state
    # holds only core cards, so it is drawn from the core pack
    s.options = s.options.model_copy(update={"pack": "core"})
    return CAMPAIGN.view(s, None)


# -- the cache ----------------------------------------------------------------------------------
async def test_the_same_state_is_drawn_once_whoever_asks():
    DRAWN.clear()
    cache = PictureCache(maxsize=8, painter=Painter(0))
    record = GameRecord(id=7, guild_id=1, channel_id=1, system="prophecy", options={}, seed=5, version=3, state="{}",
                        status="active", host_id=1, created_at=0.0, updated_at=0.0)
    key = picture_key(record, "board", "en")
    first = cache.start(key, Drawing(counted, ("a",)))
    joined = cache.start(key, Drawing(counted, ("a",)))  # the turn message and /game status at once
    assert joined is first
    assert await first == b"a" * 10
    again = cache.start(key, Drawing(counted, ("a",)))
    assert again.done() and again.result() == b"a" * 10
    assert DRAWN == ["a"] and (cache.hits, cache.misses) == (1, 1)
    # another locale, another viewer, another version: another picture
    for other in (picture_key(record, "board", "it"), picture_key(record, "board", "en", viewer="p1"),
                  (7, 5, 4, "board", "en", None)):
        await cache.start(other, Drawing(counted, ("b",)))
    assert DRAWN == ["a", "b", "b", "b"]


def test_the_cache_is_bounded_in_bytes_as_well_as_entries():
    cache = PictureCache(maxsize=100, max_bytes=1000)
    for n in range(5):
        cache.put(n, bytes(300))
    assert len(cache) == 3 and cache.size == 900 and cache.cached(0) is None and cache.cached(4) is not None
    cache.put("huge", bytes(5000))  # larger than the whole cache: not kept, nothing else lost
    assert cache.cached("huge") is None and len(cache) == 3


# -- the worker processes -----------------------------------------------------------------------
async def test_a_worker_process_draws_the_same_bytes_as_this_process(pool):
    """Every picture kind: the Prophecy board, the Water Realm, the party picture."""
    before = pool.in_process
    for draw, view in ((board_picture, basic_view()), (board_water.render_water, water_view()),
                       (party_picture.render_party, campaign_view())):
        for locale in ("en", "it"):
            assert await pool.draw(Drawing(draw, (view, locale))) == draw(view, locale), (draw.__name__, locale)
    assert pool.in_process - before == 6


async def test_the_loop_answers_while_a_worker_draws(pool):
    """A heartbeat coroutine keeps its 2 ms beat while pictures are drawn, and this process spends
    a small part of the drawing's CPU time (it only hands the state over and takes the bytes)."""
    view = water_view()
    await pool.draw(Drawing(board_water.render_water, (view, "en")))  # the worker's fonts loaded
    # what a drawing costs (each from nothing: the text runs and compressed bands this process
    # caches would make the same view's repeats nearly free, and the pool's share is compared
    # with a drawing, not with a cache hit)
    here = 0.0
    for locale in ("en", "it") * 3:
        text_runs.clear()
        palette.clear_bands()
        cpu = time.process_time()
        board_water.render_water(view, locale)
        here += time.process_time() - cpu
    gaps: list[float] = []
    stop = asyncio.Event()

    async def heartbeat() -> None:
        last = time.perf_counter()
        while not stop.is_set():
            await asyncio.sleep(0.002)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    beat = asyncio.create_task(heartbeat())
    await asyncio.sleep(0.01)
    cpu = time.process_time()
    for locale in ("en", "it") * 3:
        await pool.draw(Drawing(board_water.render_water, (view, locale)))
    spent = time.process_time() - cpu
    stop.set()
    await beat
    assert spent < here / 2, (spent, here)
    assert len(gaps) > 5 and max(gaps) < 0.25, max(gaps)


async def test_a_drawing_that_cannot_cross_to_a_process_is_drawn_in_a_thread(pool):
    before = (pool.in_process, pool.in_thread)

    def local(view: object, locale: str) -> bytes:  # defined inside: no worker can find it
        return b"local " + locale.encode()

    assert await pool.draw(Drawing(local, (None, "it"))) == b"local it"
    assert await pool.draw(Drawing(with_lock, (threading.Lock(),))) == with_lock(None)
    assert (pool.in_process, pool.in_thread) == (before[0], before[1] + 2)


async def test_no_processes_means_threads():
    painter = Painter(0)
    assert await painter.draw(Drawing(counted, ("t", 1))) == b"t"
    assert (painter.in_process, painter.in_thread, painter.running) == (0, 1, False)


async def test_the_pool_stops_with_the_bot(pool, world, settings):
    """GameBot.close shuts the worker processes down (none is left behind), and a picture asked
    for afterwards is still drawn (in a new pool)."""
    fake, ch, alice, bob = world["fake"], world["ch1"], world["alice"], world["bob"]
    try:
        async with run_bot(create_bot(settings.model_copy(update={"picture_workers": 1}))) as bot:
            assert PAINTER.workers == 1
            await fake.slash(bot, alice, ch, "game new", system="prophecy")
            await fake.slash(bot, bob, ch, "game join")
            r = await fake.slash(bot, alice, ch, "game start")
            prompt = fake.message(r.message.id)
            await fake.wait_until(lambda: "board.png" in fake.message(prompt.id).files, 60)
            assert PAINTER.in_process >= 1
            processes = list(PAINTER._pool._processes.values())  # type: ignore[union-attr]  # set up by the test
            assert processes and all(p.is_alive() for p in processes)
        assert not PAINTER.running
        for p in processes:
            p.join(10)
        assert not any(p.is_alive() for p in processes)
    finally:
        await PAINTER.shutdown()
        PAINTER.configure(0)


# -- drawn only when seen -----------------------------------------------------------------------
def _diver_in_the_realm(monkeypatch: pytest.MonkeyPatch, game_id: int, version: int) -> tuple[list[str], Result]:
    """A Water Realm game with someone in the realm (so its turn message carries the realm
    picture), and the locales the realm picture is drawn in from now on."""
    calls: list[str] = []
    real = board_water.render_water
    monkeypatch.setattr(board_water, "render_water", lambda v, loc="en": calls.append(loc) or real(v, loc))
    state = quiet(water_game(), board=False)
    open_gate(state)
    dive(state, "p1", cell(2, 1))
    record = GameRecord(id=game_id, guild_id=1, channel_id=1, system="prophecy", options={}, seed=0, version=version,
                        state="{}", status="active", host_id=1, created_at=0.0, updated_at=0.0)
    return calls, Result(record, state, game_system=SYSTEM)


def test_the_water_realm_picture_is_not_drawn_when_a_message_is_only_built(monkeypatch):
    """The private prompt of /game status, the limits checks: a turn message built and not sent
    draws no picture; the picture to draw rides along for the sender."""
    calls, result = _diver_in_the_realm(monkeypatch, game_id=1, version=1)
    message = turn_message(result, "en")
    assert calls == []
    [(name, drawing)] = message.extra_pictures
    assert name == "water_realm.png" and isinstance(drawing, Drawing)
    assert drawing()[:8] == b"\x89PNG\r\n\x1a\n" and calls == ["en"]


async def test_the_water_realm_picture_starts_drawing_with_the_commit(monkeypatch):
    """A press starts the realm picture right after its commit (cogs.common.start_picture), as
    it does the board: the turn message, which waits for the realm picture without a grace,
    then joins that drawing instead of starting it once the message is built; drawn once."""
    calls, result = _diver_in_the_realm(monkeypatch, game_id=4242, version=3)
    start_picture(result, "en")
    key = picture_key(result.record, "water_realm.png", "en")
    data = await pictures_module.PICTURES.start(key, Drawing(counted, ("never drawn",)))
    assert data is not None and data[:8] == b"\x89PNG\r\n\x1a\n"
    assert calls == ["en"] and "never drawn" not in DRAWN
    [(name, drawing)] = turn_message(result, "en").extra_pictures  # the message names that same picture
    assert name == "water_realm.png" and isinstance(drawing, Drawing)


# -- the fixed palettes -------------------------------------------------------------------------
@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_fixed_palettes_keep_the_pictures_colours(locale):
    """Every colour a picture is built from stays exact; the shades of its text stray little."""
    for image, pal, keys in (
        (board_water.draw_water(water_view(), locale), board_water.water_palette(),
         [board_water.DEEP, board_water.LIGHT, board_water.DARK, board_water.PALACE, *board_water.KIND_EDGE.values()]),
        (party_picture.draw_party(campaign_view(), locale), party_picture.party_palette(),
         [party_picture.PAPER, party_picture.INK, party_picture.FRAME, party_picture.LIFE, party_picture.TILE]),
    ):
        assert palette.worst_error(image, pal) <= 24
        png = palette.encode(image, pal)
        back = Image.open(io.BytesIO(png)).convert("RGB")
        drawn = {c for _n, c in image.getcolors(1 << 20)}
        kept = {c for _n, c in back.getcolors(1 << 20)}
        for key in keys:
            assert (key in drawn) == (key in kept), key


def test_a_fixed_palette_leaves_no_shade_in_a_key_colours_box():
    white, ink = (255, 255, 255), (33, 33, 33)
    near = (254, 254, 254)  # in white's 6-bit box: it would take white's pixels
    pal = palette.fixed_palette([white, ink], [(ink, white)], steps=255)
    assert pal.colours[:2] == (white, ink) and near not in pal.colours
    assert len({(r >> 2, g >> 2, b >> 2) for r, g, b in pal.colours}) == len(pal.colours)
    with pytest.raises(ValueError):
        palette.fixed_palette([(i, i, i) for i in range(300)], [])


# -- what crosses to a worker -------------------------------------------------------------------
def _states():
    water = quiet(water_game(), board=False)
    open_gate(water)
    dive(water, "p1", cell(2, 1))
    seats = [Seat(player="p1", name="Ada"), Seat(player="p2", name="Bo")]
    basic = SYSTEM.new_game(seats, {}, 3).state
    camp = tower_at(party(), "werewolf_den")
    camp.options = camp.options.model_copy(update={"pack": "core"})
    return [(SYSTEM, board_picture, basic), (SYSTEM, board_water.render_water, water),
            (CAMPAIGN, party_picture.render_party, camp)]


def test_a_picture_from_the_stored_state_is_byte_for_byte_the_picture_from_the_view():
    """Every picture kind, both locales: drawn from the state's JSON text (what a worker process
    is sent) it is the very picture drawn from the live state's spectator view."""
    for system, draw, state in _states():
        stored = system.dump_state(state)
        for locale in ("en", "it"):
            assert drawn_from_stored(system.name, stored, draw, locale) == draw(system.view(state, None), locale), \
                (draw.__name__, locale)


async def test_the_worker_processes_are_sent_the_stored_state(pool, monkeypatch):
    """With worker processes the drawing crosses as the stored JSON text (no pickled view); in
    a thread it is drawn from the view already built. The same bytes either way."""
    system, draw, state = _states()[1]
    record = GameRecord(id=9, guild_id=1, channel_id=1, system=system.name, options={}, seed=5, version=3,
                        state=system.dump_state(state), status="active", host_id=1, created_at=0.0, updated_at=0.0)
    result = Result(record=record, state=state, game_system=system)
    in_thread = spectator_drawing(result, draw, "it")
    assert in_thread.fn is draw
    monkeypatch.setattr(pictures_module, "PAINTER", pool)
    crossing = spectator_drawing(result, draw, "it")
    assert crossing.fn is drawn_from_stored and crossing.args[1] == record.state
    before = pool.in_process
    assert await pool.draw(crossing) == in_thread() and pool.in_process == before + 1
