"""Nothing Discord would refuse is ever sent (issue "A table never stalls").

Every message the table games post or answer with is rendered for many states of every system,
edition and variant, played by the AI from the start to the end (a winner, the round limit, a
Darkest Talisman party all dead, a crowned one, solo and co-op), at several points of each game,
in English and Italian. Each message is turned into the JSON body Discord receives (discord.py's
own serialiser, `loopback.limits.send_body`) and checked by the validator the fake Discord runs
on every request (`loopback.limits.check_message`): no empty embed title, field name, field
value or description, no text over its limit (field name 256, value 1024, title 256,
description 4096, footer 2048, author 256, 6000 across a message's embeds, content 2000), at
most 25 fields, 10 embeds, 5 action rows of at most 5 buttons, button labels of at most 80
characters, custom ids of 1 to 100 characters unique in the message, selects of 1 to 25
options with labels and values of 1 to 100 characters and values unique, placeholders of at
most 150 characters.

What is rendered, for each sampled state: the turn message (cogs.common.turn_kwargs), /game
status for a spectator and for each seat (cogs.table.status_message, with its "Show everyone"
button), /me for each seat, the newest and the first log page (at the end), the "Show everyone"
reposts of status, log and history (cogs.history.shared_message), the final ranking; a game the
host ended early; the lobby with its variants; for the campaign, /campaign status, party and
village for each seat and each seat's private "Character actions" menu.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import discord
import pytest

from cogs.common import turn_kwargs
from cogs.history import history_embed, log_page, shared_message, show_view
from cogs.prompts import table_ui
from cogs.table import sheet_message, status_message
from engine.core.events import Event
from engine.core.system import Seat
from engine.darkest_talisman import actions as DA
from gm.session import Lobby, Result, Step
from gm.store import GameRecord
from gm.store.base import ActionRecord
from loopback.limits import check_send
from systems import edition_of, merge_options, plugin, variants_for
from systems.darkest_talisman.cog import campaign_status, look_embed, manage_menu
from systems.darkest_talisman.embeds import party_embed, village_embed
from tests.e2e.test_campaign import people, reckless_player
from ui.text import embed_size, fit_embeds

LOCALES = ("en", "it")
NOW = 1_700_000_000.0
#: Discord display names reach 32 characters: the people have the longest, to press on every limit
NAMES = ("Bartholomew the Unreasonably Lon", "Maximiliana Evangelina Fitzgeral", "Konstantinos Papadopoulos-Wrigh",
         "Giovanni Battista della Rovere d", "Eleanor of Aquitaine and Others.")
#: how many points of each game are rendered in full (status, sheets, logs...) besides its end
POINTS = 3
#: a turn message is also rendered every this many actions (it changes with every decision)
TURN_EVERY = 10


# ------------------------------------------------------------------------------- playing
@dataclass
class Game:
    """One AI-played game: the states it went through (every one), their log rows and steps."""

    label: str
    system: str
    options: dict[str, Any]
    seats: list[Seat]
    states: list[Any] = field(default_factory=list)
    #: the log as stored: row i holds the events of the action that made states[i]
    rows: list[ActionRecord] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)


def seats_for(count: int, ai_levels: list[str]) -> list[Seat]:
    """People (Discord ids) first, AI seats ("ai<n>", as /game add-bot seats them) after."""
    names = NAMES
    seats = []
    for i in range(count):
        level = ai_levels[i] if i < len(ai_levels) else None
        if level is None:
            seats.append(Seat(player=str(1001 + i), name=names[i]))
        else:
            seats.append(Seat(player=f"ai{i + 1}", name=f"AI {i + 1}", ai=level))
    return seats


Chooser = Callable[[Any, str, random.Random], Any]


def play(label: str, system: str, options: dict[str, Any], seats: list[Seat], seed: int,
         choose: Chooser, max_actions: int, start: Callable[[Any], Any] | None = None) -> Game:
    """Play from the deal (changed by `start`, if given) until the end or `max_actions`."""
    engine = plugin(system).engine
    game = Game(label, system, options, seats)
    outcome = engine.new_game(seats, options, seed)
    state = outcome.state if start is None else start(outcome.state)
    game.states.append(state)
    game.rows.append(_row(0, "gm", {"type": "start"}, outcome.events))
    game.steps.append(Step(actor="gm", action={"type": "start"}, events=list(outcome.events)))
    rng = random.Random(seed)
    for n in range(1, max_actions + 1):
        pend = engine.pending(state)
        if pend is None:
            break
        action = choose(state, pend.player, rng)
        outcome = engine.apply(state, pend.player, action)
        state = outcome.state
        payload = action.model_dump()
        game.states.append(state)
        game.rows.append(_row(n, pend.player, payload, outcome.events))
        game.steps.append(Step(actor=pend.player, action=payload, events=list(outcome.events),
                               ai=not pend.player.isdigit()))
    return game


def _row(seq: int, actor: str, action: dict[str, Any], events: list[Event]) -> ActionRecord:
    return ActionRecord(game_id=7, seq=seq, actor=actor, action=action, created_at=NOW, version_after=seq + 1,
                        events=[e.model_dump(mode="json") for e in events])


def ai(system: str, levels: dict[str, str]) -> Chooser:
    """Each seat plays at its level (people included: they play as the heuristic AI would)."""
    engine = plugin(system).engine

    def choose(state: Any, actor: str, rng: random.Random) -> Any:
        return engine.ai_action(state, actor, levels.get(actor, "heuristic"), rng)
    return choose


# ------------------------------------------------------------------------------- the games
#: a game with a variant is played this many rounds (then ended by the round limit, a finished game)
VARIANT_ROUNDS = 8
#: variants with an end of their own, played to it (with these seeds, the AI gets there quickly): seed, end reached
TO_THE_END = {"treasure_hunters": (5, "treasure_hunters_early"), "lord_of_the_sea": (3, "lord_of_the_sea")}
#: Standard rules also played with the Water Realm (they change what its prompts and sheets say)
WATER_TOO = {"apocalypse", "random_characters", "public_dreams"}


#: one parametrised case: the games it plays (a game and, for some, its crowded middle), and the
#: end its first game must reach ("status:reason"), when the case is there to reach one
Case = tuple[str, Callable[[], list[Game]], str | None]


def prophecy_cases() -> list[Case]:
    """Basic, two and four seats; Standard and the Water Realm with five seats (the most) and
    with three, plain and with each variant /game new offers (two people and a heuristic AI; in
    every other game one person plays at random); a crowded Water Realm table. A case each, so
    the test runners share them out."""
    def crowd() -> list[Game]:
        game = _prophecy("prophecy:water_realm", [], seed=6, count=5, random_seat=True, round_limit=VARIANT_ROUNDS)
        return [game, crowded(game, full_packs)]

    cases: list[Case] = [
        ("basic-2", lambda: [_prophecy("prophecy", [], seed=1, count=2)], "finished:five_certificates"),
        ("basic-4", lambda: [_prophecy("prophecy", [], seed=2, count=4, round_limit=6)], "finished:round_limit"),
        # the most seats a table holds, three people and two AI seats, one person playing at random
        ("standard-5", lambda: [_prophecy("prophecy:standard", [], seed=5, count=5, random_seat=True,
                                          round_limit=VARIANT_ROUNDS)], None),
        ("water_realm-5-crowded", crowd, None),
        ("standard-3", lambda: [_prophecy("prophecy:standard", [], seed=3, count=3, round_limit=None)],
         "finished:four_artifacts"),
        ("water_realm-3", lambda: [_prophecy("prophecy:water_realm", [], seed=4, count=3, round_limit=None)],
         "finished:four_artifacts"),
    ]
    for choice in ("prophecy:standard", "prophecy:water_realm"):
        for i, variant in enumerate(variants_for(choice)):
            if choice == "prophecy:water_realm" and "standard" in variant.editions and variant.key not in WATER_TOO:
                continue  # a Standard rule: played on the Standard board above
            label = f"{choice.split(':')[1]}+{variant.key}"
            if variant.key in TO_THE_END:
                seed, reason = TO_THE_END[variant.key]
                cases.append((label, lambda choice=choice, key=variant.key, seed=seed: [
                    _prophecy(choice, [key], seed=seed, count=3, round_limit=None)], f"finished:{reason}"))
            else:
                cases.append((label, lambda choice=choice, key=variant.key, i=i: [
                    _prophecy(choice, [key], seed=10 + i, count=3, random_seat=i % 2 == 1, round_limit=VARIANT_ROUNDS)],
                    "finished:round_limit"))
    return cases


def _prophecy(choice: str, variant_keys: list[str], seed: int, count: int, random_seat: bool = False,
              round_limit: int | None = 40) -> Game:
    p, edition = edition_of(choice)
    chosen = [v for v in variants_for(choice) if v.key in variant_keys]
    options = merge_options(edition.options if edition else {}, chosen)
    if round_limit is not None:
        options["round_limit"] = round_limit
    seats = seats_for(count, [None, None, "heuristic", "heuristic"] if count < 5 else [None, None, None, "heuristic", "random"])
    levels = {s.player: s.ai or "heuristic" for s in seats}
    if random_seat:
        levels[seats[1].player] = "random"
    label = f"{choice}+{'+'.join(variant_keys) or 'plain'}"
    return play(label, p.name, options, seats, seed, ai(p.name, levels), max_actions=900)


def crowded(game: Game, stuff: Callable[[Any], None]) -> Game:
    """The middle of `game` with everything at its fullest (`stuff` fills a copy of its state):
    a game of its own, rendered at that one point."""
    middle = len(game.states) // 2
    state = game.states[middle].model_copy(deep=True)
    stuff(state)
    return Game(f"{game.label}, crowded", game.system, game.options, game.seats, states=[state],
                rows=game.rows[:middle + 1], steps=[game.steps[middle]])


def full_packs(state: Any) -> None:
    """Prophecy (Standard): every character with seven Items (the longest names, some damaged),
    seven Abilities (the longest texts) and Artifacts; two face-up Adventures on every other space."""
    from engine.prophecy.content import pack_by_id
    from engine.prophecy.standard import powers
    from engine.prophecy.state import AdventureOnSpace, OwnedItem

    sp, pack = powers.spack(state), pack_by_id(state.options.pack)
    items = sorted(pack.items, key=lambda c: (-len(c.name), c.id))[:7]
    abilities = sorted(sp.abilities, key=lambda c: (-len(sp.card_text(c.id, "it") or ""), c.id))
    artifacts = [a.id for a in sp.artifacts]
    for n, p in enumerate(state.players):
        p.items = [OwnedItem(uid=state.new_uid("i"), card=c.id, damaged=k % 2 == 0) for k, c in enumerate(items)]
        me = state.standard.players[p.player]
        me.abilities = [a.id for a in abilities[n:n + 7]]
        me.artifacts = artifacts[n % len(artifacts):n % len(artifacts) + 2]
    adventures = sorted(c.id for c in pack.adventures)
    for i in range(0, len(state.spaces), 2):
        for k in range(2):
            card = adventures[(i + k) % len(adventures)]
            state.spaces[i].append(AdventureOnSpace(uid=state.new_uid("a"), card=card, face_up=True))


def full_party(state: Any) -> None:
    """Darkest Talisman: every living character carrying a dozen Objects, Followers and Trophies."""
    from engine.darkest_talisman.content import FollowerCard, ObjectCard
    from engine.darkest_talisman.state import card_id
    from tests.talisman.helpers import give, pack

    uids = state.decks.adventure + state.decks.adventure_discard + state.decks.trove
    carried = sorted({card_id(u) for u in uids if isinstance(pack().card(card_id(u)), (ObjectCard, FollowerCard))})
    trophies = sorted(u for u in uids if not isinstance(pack().card(card_id(u)), (ObjectCard, FollowerCard)))
    for n, hero in enumerate(state.party()):
        for card in [*carried[n:n + 10], *sorted({card_id(u) for u in state.decks.purchase})[:4]]:
            try:
                give(state, hero.uid, card)
            except KeyError:  # no copy left in the decks
                continue
        for uid in trophies[n * 8:n * 8 + 8]:
            (state.decks.adventure if uid in state.decks.adventure else
             state.decks.adventure_discard if uid in state.decks.adventure_discard else state.decks.trove).remove(uid)
            hero.trophies.append(uid)


def campaign_cases() -> list[Case]:
    """Darkest Talisman: solo to an all-dead party; co-op of three, careful for two village
    returns and then reckless, to its end; co-op of two with an AI seat played at random; a
    strong party on the Tower road to the Crown, with either ending (C10: the last survivor, or
    every survivor together)."""
    def coop() -> list[Game]:
        game = play("campaign co-op, careful then reckless", "darkest_talisman", {},
                    seats_for(3, [None, None, "heuristic"]), 3, people(3), max_actions=1200)
        return [game, crowded(game, full_party)]

    cases: list[Case] = [
        ("campaign-solo", lambda: [play("campaign solo, the party's end", "darkest_talisman", {}, seats_for(1, []), 0,
                                        reckless_player, max_actions=600)], "finished:lost"),
        ("campaign-coop-crowded", coop, None),
        ("campaign-two-random", lambda: [play("campaign co-op of two, random", "darkest_talisman", {"crown": "together"},
                                              seats_for(2, [None, "random"]), 2, ai("darkest_talisman", {"ai2": "random"}),
                                              max_actions=300)], None),
    ]
    for crown in ("last_survivor", "together"):
        cases.append((f"campaign-tower-{crown}", lambda crown=crown: [play(
            f"campaign on the Tower road, {crown}", "darkest_talisman", {"crown": crown},
            seats_for(3, [None, None, "heuristic"]), 1, reckless_player, max_actions=300, start=at_tower)],
            "finished:won"))
    return cases


def at_tower(state: Any) -> Any:
    """The party, made strong (Strength, Craft and lives +8, a Talisman each), stands on the
    Tower road's first space: it fights its way to the Crown (C10)."""
    from engine.darkest_talisman import tower
    from engine.darkest_talisman.state import Tower
    from tests.talisman.helpers import ctx_of, give, pack, settle

    for uid in state.order:
        give(state, uid, "talisman")
        hero = state.hero(uid)
        hero.strength, hero.craft, hero.life = hero.strength + 8, hero.craft + 8, hero.life + 8
    state.village = "village_beyond"
    state.mode, state.decision = "tower", None
    state.tower = Tower(index=pack().region("tower").road.index("plain_of_peril"), spent=1)
    ctx = ctx_of(state)
    tower.arrive(ctx)
    return settle(ctx.state)


# ------------------------------------------------------------------------------- rendering
def result_at(game: Game, index: int, status: str | None = None) -> Result:
    state = game.states[index]
    engine = plugin(game.system).engine
    if status is None:
        status = "active" if engine.pending(state) is not None else "finished"
    pend = engine.pending(state)
    people = [s.player for s in game.seats if s.player.isdigit()]
    # every line /game status's clock field can hold: banks, the running one, a vacation, a vote, a pause
    clock = {"banks": {p: 2.5 * 86400 for p in people}, "running_for": pend.player if pend else None,
             "since": NOW - 3600, "vacation": {people[-1]: NOW + 86400}, "paused": index % 2 == 1}
    vote = {"player": people[0], "version": index + 1, "deadline": NOW + 86400}
    record = GameRecord(id=7, guild_id=1, channel_id=2, system=game.system, options=game.options, seed=1, version=index + 1,
                        state=engine.dump_state(state), status=status, host_id=1001, created_at=NOW, updated_at=NOW,
                        settings={"clock": clock, "vote": vote})
    steps = game.steps[max(0, index - 2):index + 1]  # the narration of a press that ran AI steps after it
    before = game.states[index - 1] if index else None
    return Result(record, state, steps=steps, before=before, game_system=engine)


def turn_messages(game: Game, index: int, locale: str) -> Iterator[tuple[str, dict[str, Any]]]:
    kwargs, _message = turn_kwargs(result_at(game, index), locale)
    yield "turn message", kwargs


def looks(game: Game, index: int, locale: str, status: str | None = None,
          logs: bool = True) -> Iterator[tuple[str, dict[str, Any]]]:
    """Everything a person may ask to see at this point, and its public reposts (the log's
    pages only when `logs`: narrating a whole log is the slow part)."""
    found = result_at(game, index, status)
    ui = table_ui(found)
    rows = game.rows[:index + 1]
    for viewer in [None, *(s.player for s in game.seats)]:
        kwargs = status_message(found, locale, NOW, viewer=viewer)
        kwargs["view"] = show_view("status", found.record.id, locale)
        yield f"/game status as {viewer}", kwargs
    for seat in game.seats:
        if seat.player.isdigit():
            yield f"/me of {seat.player}", {"embed": sheet_message(found, seat.player, locale)}
    yield "Show everyone: status", shared_message("status", found, locale, NOW, "<@1002>")
    if logs:
        for page in (None, 0):
            embed, shown_page, pages = log_page(found, rows, page, locale, viewer=game.seats[0].player)
            view = show_view("log", found.record.id, locale, shown_page)
            yield f"/game log page {shown_page + 1}/{pages}", {"embed": embed, "view": view}
        yield "Show everyone: log", shared_message("log", found, locale, NOW, "<@1002>", rows=rows, page=1)
    yield "Show everyone: history", shared_message("history", found, locale, NOW, "<@1002>", games=[found] * 25)
    yield "/game history", {"embed": history_embed([found] * 25, locale)}
    if found.state.status == "finished":
        yield "final ranking", {"embed": ui.end_embed(found.view(None), locale)}
    if game.system == "darkest_talisman":
        yield from campaign_looks(game, found, locale)


def campaign_looks(game: Game, found: Result, locale: str) -> Iterator[tuple[str, dict[str, Any]]]:
    engine = found.system
    for seat in game.seats:
        yield f"/campaign status as {seat.player}", {"embeds": campaign_status(found, seat.player, locale)}
        yield f"/campaign party as {seat.player}", {"embed": look_embed(found, seat.player, party_embed, locale)}
        yield f"/campaign village as {seat.player}", {"embed": look_embed(found, seat.player, village_embed, locale)}
        if found.record.status == "active":
            acts = engine.legal_actions(found.state, seat.player)
            free = [(i, a) for i, a in enumerate(acts) if not isinstance(a, DA.Choose)]
            if free:
                text, view = manage_menu(found, seat.player, free, locale)
                yield f"character actions of {seat.player}", {"content": text, "view": view}


def lobby(game: Game, locale: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The table before it starts, with every seat taken and its variants listed."""
    state = Lobby(host="1001", seats=game.seats, options=game.options)
    record = GameRecord(id=7, guild_id=1, channel_id=2, system=game.system, options=game.options, seed=1, version=1,
                        state=state.model_dump_json(), status="lobby", host_id=1001, created_at=NOW, updated_at=NOW)
    yield "lobby status", status_message(Result(record, state), locale, NOW)


def sample(game: Game) -> list[int]:
    """The points of a game rendered in full: its start, POINTS points spread over it, its end."""
    last = len(game.states) - 1
    return sorted({0, last, *(last * k // (POINTS + 1) for k in range(1, POINTS + 1))})


def problems_of(game: Game) -> list[str]:
    out: list[str] = []

    def check(where: str, messages: Iterator[tuple[str, dict[str, Any]]]) -> None:
        for what, kwargs in messages:
            for problem in check_send(kwargs):
                out.append(f"{game.label} {where} {what}: {problem.field}: {problem.problem}")

    full = sample(game)
    for i, locale in enumerate(LOCALES):
        check(locale, lobby(game, locale))
        middle = full[len(full) // 2]
        for index in full:
            check(f"{locale} @{index}", looks(game, index, locale, logs=index == full[-1]))
        check(f"{locale} @{middle} ended", looks(game, middle, locale, status="ended", logs=False))
        # every TURN_EVERY-th decision, the locales taking turns, so both see many prompts
        turns = {*full, *range(i, len(game.states), TURN_EVERY)}
        for index in sorted(turns):
            check(f"{locale} @{index}", turn_messages(game, index, locale))
    return out


# ------------------------------------------------------------------------------- the test
@pytest.fixture(autouse=True)
def no_water_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Water Realm's picture rides on a turn message as a file: drawing it is slow and
    changes nothing in the message body the limits apply to."""
    import systems.prophecy.turn as turn
    monkeypatch.setattr(turn, "_water_picture", lambda state, locale, result=None: [])


CASES = [*prophecy_cases(), *campaign_cases()]


def end_of(game: Game) -> str:
    last = game.states[-1]
    return f"{last.status}:{getattr(last, 'end_reason', None) or getattr(last, 'outcome', None)}"


@pytest.mark.parametrize("make, end", [(make, end) for _id, make, end in CASES], ids=[case[0] for case in CASES])
def test_every_message_of_every_system_fits_discords_limits(make: Callable[[], list[Game]], end: str | None) -> None:
    games = make()
    problems = [problem for game in games for problem in problems_of(game)]
    # the game reached the end it is there for (whose messages were checked too)
    assert end is None or end_of(games[0]) == end
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def test_the_cases_reach_every_end_of_every_system() -> None:
    """A Basic winner, the round limit, four Artifacts, the Treasure Hunters' and the Lord of the
    Sea's; a party lost, a crowned one: each is some case's end, which that case asserts."""
    assert {end for _id, _make, end in CASES} >= {
        "finished:five_certificates", "finished:round_limit", "finished:four_artifacts",
        "finished:treasure_hunters_early", "finished:lord_of_the_sea", "finished:lost", "finished:won"}
    assert len({case[0] for case in CASES}) == len(CASES)


def test_fit_embeds_shortens_the_longest_texts_at_a_line_until_the_message_fits() -> None:
    """Discord refuses a message whose embeds hold more than 6000 characters in all (title,
    description, field names and values, footer, author): the longest texts lose their last
    lines first; short ones and every name stay whole."""
    board = discord.Embed(title="Board", description="\n".join(f"space {n}: " + "x" * 60 for n in range(60)))
    people = discord.Embed(title="Characters")
    for n in range(5):
        people.add_field(name=f"Player {n}", value="\n".join(f"item {k} " + "y" * 40 for k in range(20)))
    people.add_field(name="Short", value="kept")
    before = sum(embed_size(e) for e in (board, people))
    assert before > 6000
    fitted = fit_embeds([board, people])
    assert sum(embed_size(e) for e in fitted) <= 6000
    assert fitted[0].description.endswith("\n…") and fitted[0].description.startswith("space 0:")
    assert fitted[1].fields[-1].value == "kept" and [f.name for f in fitted[1].fields][:2] == ["Player 0", "Player 1"]
    assert all(line.startswith(("space", "…")) for line in fitted[0].description.split("\n"))
    assert check_send({"embeds": fitted}) == []
