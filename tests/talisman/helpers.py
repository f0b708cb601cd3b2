"""Shared helpers for the Darkest Talisman tests: a campaign to start from, where every card is
(the census), and the invariants checked after every action of the property tests."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from engine.core.rng import Rng
from engine.core.system import Seat
from engine.darkest_talisman import cards as C
from engine.darkest_talisman import flow
from engine.darkest_talisman import heroes as H
from engine.darkest_talisman.actions import Choose
from engine.darkest_talisman.content import FollowerCard, Pack, build_pack, pack_by_id, register_pack
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.game import SYSTEM
from engine.darkest_talisman.setup import copies, deal
from engine.darkest_talisman.state import CampaignState, Spot, card_id
from packs.darkest_talisman import TALISMAN_ROOT, read_talisman_files


def pack() -> Pack:
    return pack_by_id("core")


#: the pack the tests' campaigns play: the core pack plus the test fixtures of
#: fixture_cards.yaml (inert filler Events and a Bow), which are no Talisman cards
TEST_PACK = "core_test"


def _register_test_pack() -> None:
    files = dict(read_talisman_files(TALISMAN_ROOT))
    extra = yaml.safe_load((Path(__file__).with_name("fixture_cards.yaml")).read_text(encoding="utf-8"))
    files["adventures.yaml"] = {"cards": list(files["adventures.yaml"]["cards"]) + extra["cards"]}  # type: ignore[index]  # set up by the test
    register_pack(TEST_PACK, build_pack(files))


_register_test_pack()


def campaign_pack() -> Pack:
    """The tests' campaign pack: the core pack and the fixtures of fixture_cards.yaml."""
    return pack_by_id(TEST_PACK)


def solo(seed: int = 1, **options: Any) -> CampaignState:
    options.setdefault("pack", TEST_PACK)
    return SYSTEM.new_game([Seat(player="p1", name="Ada")], options, seed).state


def coop(seed: int = 1, **options: Any) -> CampaignState:
    options.setdefault("pack", TEST_PACK)
    seats = [Seat(player="p1", name="Ada"), Seat(player="p2", name="Bo"), Seat(player="p3", name="Cy", ai="heuristic")]
    return SYSTEM.new_game(seats, options, seed).state


def ctx_of(state: CampaignState) -> Ctx:
    return Ctx(state=state, pack=pack_by_id(state.options.pack))


def every_card(p: Pack) -> Counter[str]:
    """Every physical card uid a campaign starts with."""
    out: Counter[str] = Counter()
    for card in p.adventures:
        out.update(copies(card.id, card.count))
    for spell in p.spells:
        out.update(copies(spell.id, spell.count))
    for card in p.purchase:
        n = min(card.count, p.rules.talisman_supply.value) if card.slot == "talisman" else card.count
        out.update(copies(card.id, n))
    return out


def _spot_cards(spot: Spot) -> list[str]:
    return ([spot.card] if spot.card else []) + [d.thing for d in spot.dropped if d.thing]


def census(state: CampaignState) -> Counter[str]:
    """Where every card is now: each uid must be counted exactly once."""
    out: Counter[str] = Counter()
    d = state.decks
    for deck in (d.adventure, d.adventure_discard, d.trove, d.spells, d.spell_discard, d.purchase, d.talismans):
        out.update(deck)
    for h in state.heroes:
        out.update(h.objects + h.followers + h.spells + h.trophies)
    for stores in state.storage.values():
        for box in stores.values():
            out.update(box.things)
    for things in state.left_talismans.values():
        out.update(things)
    trip = state.trip
    if trip is not None:
        for space in trip.road:
            out.update(space.waiting)
            for s in space.spots:
                out.update(_spot_cards(s))
        for s in trip.spots:
            out.update(_spot_cards(s))
        out.update(x.thing for x in trip.dropped_here if x.thing)
        if trip.trove is not None:
            out.update(trip.trove.items)
    if state.fight is not None:
        for g in state.fight.guardians:
            if "#" in g.uid and not g.dead:
                out[g.uid] += 1
            out.update(g.items + g.scrolls)
        out.update(state.fight.fallen)
    return out


def check_invariants(state: CampaignState) -> None:
    p = pack_by_id(state.options.pack)
    counted = census(state)
    expected = every_card(p)
    assert counted == expected, f"cards lost {expected - counted} / duplicated {counted - expected}"
    living = [h for h in state.heroes if h.alive]
    assert sorted(state.order) == sorted(h.uid for h in living), "the Marching Order is the living party"
    assert len({h.slot for h in living}) == len(living), "two characters in one village space"
    for h in state.heroes:
        assert h.gold >= 0 and h.fate >= 0 and h.strength >= 0 and h.craft >= 0 and h.life >= 0
        if not h.alive:
            assert not (h.objects or h.followers or h.spells or h.trophies or h.gold), "the dead hold nothing"
            continue
        assert h.life >= 1, "a living character with no life"
        items, trinkets = H.load(p, h)
        assert items <= p.rules.items.value, f"{h.card} carries {items} item places"
        assert trinkets <= p.rules.trinkets.value or H.trinkets_unlimited(p, h)
        mounts = sum(1 for f in h.followers if H.follower(p, f).mount)
        free = sum(1 for f in h.followers if H.follower(p, f).must_take)  # the Hag, the Poltergeist take no place
        assert mounts <= p.rules.mounts.value and len(h.followers) - mounts - free <= p.rules.followers.value
        assert len(h.spells) <= p.spell_limit(h.craft), f"{h.card} holds too many Spells"
    if state.status == "active":
        assert state.decision is not None and state.decision.options or state.decision is not None, "nobody to act"
        assert SYSTEM.pending(state) is not None
        assert state.mode in ("village", "road", "tower")
        assert (state.mode == "road") == (state.trip is not None)
        assert (state.mode == "tower") == (state.tower is not None)
        if state.mode == "village":
            assert state.fight is None and not state.tasks
    else:
        assert state.mode == "ended" and state.decision is None and SYSTEM.pending(state) is None
        if state.outcome == "won":
            assert state.crowned and all(state.hero(u).alive for u in state.crowned)
    again = CampaignState.model_validate_json(state.dump())
    assert again.dump() == state.dump(), "JSON round trip changed the state"


# ----------------------------------------------------------------------------- rigging a campaign

class ScriptedRng(Rng):
    """Dice come from `script` while it lasts (shuffles and picks stay seeded)."""

    script: list[int] = []

    def d6(self) -> int:
        if self.script:
            return self.script.pop(0)
        return super().d6()


def rig(state: CampaignState, dice: list[int] | None = None, deck: list[str] | None = None) -> CampaignState:
    """Script the next dice and put these Adventure cards (card ids, in draw order) on top."""
    if dice is not None:
        state.rng = ScriptedRng(seed=state.rng.seed, state=state.rng.state, draws=state.rng.draws, script=list(dice))
    if deck:
        d = state.decks
        picked = []
        for cid in deck:
            pool = d.adventure if any(card_id(u) == cid and u not in picked for u in d.adventure) else d.adventure_discard
            uid = next(u for u in pool if card_id(u) == cid and u not in picked)
            pool.remove(uid)
            picked.append(uid)
        d.adventure.extend(reversed(picked))
    return state


def act(state: CampaignState, action: Any, actor: str | None = None) -> CampaignState:
    if actor is None:
        p = SYSTEM.pending(state)
        assert p is not None
        actor = p.player
    return SYSTEM.apply(state, actor, action).state


def choose(state: CampaignState, option: str, actor: str | None = None) -> CampaignState:
    return act(state, Choose(option=option), actor)


def options(state: CampaignState) -> list[str]:
    assert state.decision is not None
    return list(state.decision.options)


def kind(state: CampaignState) -> str:
    assert state.decision is not None
    return state.decision.kind


def hero_by(state: CampaignState, char: str) -> Any:
    return next(h for h in state.heroes if h.card == char and h.alive)


def give(state: CampaignState, hero_uid: str, cid: str) -> str:
    """Move a copy of a card from wherever it is in the decks onto a character."""
    d = state.decks
    for pool in (d.purchase, d.adventure, d.adventure_discard, d.trove, d.talismans):
        uid = next((u for u in pool if card_id(u) == cid), None)
        if uid is not None:
            pool.remove(uid)
            h = state.hero(hero_uid)
            if isinstance(pack_by_id(state.options.pack).card(cid), FollowerCard):
                h.followers.append(uid)
            else:
                h.objects.append(uid)
            return uid
    raise KeyError(cid)


def give_spell(state: CampaignState, hero_uid: str, sid: str) -> str:
    d = state.decks
    for pool in (d.spells, d.spell_discard):
        uid = next((u for u in pool if card_id(u) == sid), None)
        if uid is not None:
            pool.remove(uid)
            state.hero(hero_uid).spells.append(uid)
            return uid
    for h in state.heroes:  # held by somebody: take it over
        uid = next((u for u in h.spells if card_id(u) == sid), None)
        if uid is not None:
            h.spells.remove(uid)
            state.hero(hero_uid).spells.append(uid)
            return uid
    raise KeyError(sid)


def party_of(state: CampaignState, *chars: str) -> CampaignState:
    """Replace the dealt characters with these (in this Marching Order), dealt as A3 deals them
    (tokens and starting equipment); the old ones' possessions go back to the decks."""
    ctx = ctx_of(state)
    for h in state.heroes:
        for uid in h.objects + h.followers + h.spells + h.trophies:
            C.discard(ctx, uid)
        state.decks.characters.insert(0, h.card)
    state.heroes, state.order = [], []
    for slot, char in enumerate(chars):
        state.decks.characters.remove(char)
        state.decks.characters.append(char)
        deal(ctx, slot)
    return state


def settle(state: CampaignState) -> CampaignState:
    """Work out the pending decision again after a test changed the state by hand."""
    state.decision = None
    flow.advance(ctx_of(state))
    return state


BENIGN = ("good_fortune", "festival", "calm", "bad_omen")


def benign(state: CampaignState, n: int) -> list[str]:
    """n harmless Adventure cards that can be stacked now (Events and a Stranger without dice)."""
    pool = state.decks.adventure + state.decks.adventure_discard
    out = [cid for cid in BENIGN if any(card_id(u) == cid for u in pool)][:n]
    assert len(out) == n, "not enough harmless cards left to stack"
    return out


def _next_draws(state: CampaignState, option: str) -> int:
    p = pack()
    if state.trip is None:
        region = next(r for r in p.regions if r.village == state.village)
        return p.location(region.road[0]).draws
    trip = state.trip
    k = trip.position + (1 if trip.heading == "out" else -1)
    if not 0 <= k < len(trip.road) or trip.road[k].visited:
        return 0
    return p.location(trip.road[k].location).draws


def day(state: CampaignState, option: str = "continue") -> CampaignState:
    """From a village or a road space's end, go on to the next space and meet two harmless cards a
    die, stopping at that space's end (or at whatever decision is not about pushing on)."""
    n = _next_draws(state, option)
    rig(state, dice=[2] * n, deck=benign(state, 2 * n))
    state = choose(state, option)
    while state.decision is not None and state.decision.kind == "after_card":
        state = choose(state, "continue")
    return state


def clear_spells(state: CampaignState, hero_uid: str) -> None:
    """Put a character's Spells on the Spell discard pile."""
    hero = state.hero(hero_uid)
    state.decks.spell_discard.extend(hero.spells)
    hero.spells = []


def only_spell(state: CampaignState, hero_uid: str, sid: str) -> str:
    """The character's Spells go to the discard pile and she is given `sid`: she holds that
    one Spell (its uid is returned)."""
    clear_spells(state, hero_uid)
    return give_spell(state, hero_uid, sid)


def jump_to_destination(state: CampaignState, *, met: bool = True) -> CampaignState:
    """Put the party at its road's destination at once (what lay on its space goes to the discard
    pile); `met`: the destination's own instructions count as met."""
    trip = state.trip
    assert trip is not None
    for s in trip.spots:
        if s.card is not None:
            state.decks.adventure_discard.append(s.card)
        state.decks.adventure_discard.extend(d.thing for d in s.dropped if d.thing)
    trip.position = len(trip.road) - 1
    trip.road[-1].visited = True
    trip.spots, trip.location_met = [], met
    return settle(state)
