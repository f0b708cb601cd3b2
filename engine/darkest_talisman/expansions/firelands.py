"""The Firelands (DT section I): its pack (data/talisman/expansions/firelands/), registered as the
expansion a campaign names with `expansions:Firelands`.

What the groundwork does for it with no code here: its Adventure cards form their own deck, set
aside; its Magic Items the Firelands Trove deck (I1); its Spells wait outside the Spell deck
(engine/darkest_talisman/expansions/decks.py `setup`). The merged pack adds the Firelands to the
Outer Region's Trove destinations (I5a, expansion.yaml `region_troves`).

I2 Burn: a burnt card leaves the game (`Expansions.burnt`), never reshuffled into a deck (I2b);
fireproof cards never burn. Burns come from the Firestorm Event (each character chooses one of his
own cards), the Ifrit Sultan (I6), burning Enemies that beat a character (one of his Objects,
I2c; Evil Eye stops it once) and the Immolate Spell (an Enemy on the party's space).
I3 Fireland tokens: one a Road Space, none in the Inner Region (facts I.2); entering a space with
one costs each character 1 life (I3b); they last while the road is in play (I3c).
I4 Terrain cards: laid on the party's next Road Space (never a Draw Spot, a destination, or the
Inner Region), the space becomes that terrain; cards lying there are discarded and redrawn for
the new terrain (I4b); back to the Terrain deck when the road is left (I4c).
I5 The Firelands: a Trove destination of the Outer Region the party may choose (I5a-b); its road
brings the Firelands Adventure deck (I5c) and Spells (I5d, for good); the trove is three
Firelands Magic Items and a d6 of Gold (I5e); the Efrit joins the trove's guardians (I5g); back
in a village, the core deck comes back (I5i).
I6: Mirage, the Ifrit Sultan and Sultana (acting on every new Road Space and every card turned
over on a new Draw Spot, a lost turn's card included), Crack the Earth, Evil Eye, Suleiman's
Command (an ally cast on any road: the core's `ally` Spell has no region limit).

I6 Magic Items and Followers (their printed powers NOT FOUND: project ruling `firelands_items`):
Firelands Scourge (in a village, once a visit, a wounded bearer burns his least trophy for 2
lives); Magic Map (3 Fate; one spent passes the party over the next Road Space; discarded when
empty); Orb of Flames (an Enemy turned over while its bearer leads, or on his lost turn's spot,
burns; once a Road Space); Suleiman's Seal (binds a fire creature turned over, then goes back to
the Firelands Trove deck); Shamshir of Khamsin (after a won battle outside the Tower its bearer
leads the Marching Order and may lead the party past the next card of the space); Bound Ifrit
(beats an Enemy turned over for his master's trophy, then is discarded); Royal Masons (heading
out, a Chapel or a Graveyard built on the next Road Space, one of each along a road); Taleweaver
(three cards, met one at a time on a new Draw Spot when his master wishes, then discarded).

Approximated: the Taleweaver's three cards are drawn when met, from the Adventure deck in play
then (not chosen among every deck in the game, nor drawn when he joins); Suleiman's Seal
"placed on the Chapel or Temple" goes back to the Firelands Trove deck (the campaign's Chapel
and Temple hold no cards).

Not built: the return of burnt cards at the Crown or when every character is dead (I2b): the
campaign is over then, so no card could come back within it.
"""
from __future__ import annotations

from engine.darkest_talisman import cards, ground, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.actions import Cast
from engine.darkest_talisman.content import EnemyCard
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.encounters import rotate
from engine.darkest_talisman.expansions import decks
from engine.darkest_talisman.expansions.content import expansion_by_id
from engine.darkest_talisman.state import (
    Decision,
    Guardian,
    Hero,
    MeetCard,
    MeetSpot,
    Spot,
    TeleportTask,
    Trove,
    card_id,
)

ID = "firelands"
#: I5a: the Firelands, a Trove destination of the Outer Region
DESTINATION = "firelands"
ROAD_REASON = "firelands:road"
#: I5e: three Magic Items from the Firelands Trove deck
TROVE_ITEMS = 3
SULTAN = "ifrit_sultan"
SULTANA = "ifrit_sultana"
#: facts I.2: no fireland token, no Terrain card in the Inner Region
NO_FIRE_REGIONS = frozenset({"inner"})


def in_play(ctx: Ctx) -> bool:
    return ctx.state.ext is not None and ID in ctx.state.ext.ids


def setup(ctx: Ctx) -> None:
    """I4: the Terrain deck, shuffled."""
    record = decks.ext(ctx)
    record.terrain = [f"{t.id}#{n}" for t in expansion_by_id(ID).manifest.terrain for n in range(1, t.count + 1)]
    ctx.state.rng.shuffle(record.terrain)


# ----------------------------------------------------------------------------- I2: Burn
def fireproof(uid: str) -> bool:
    return card_id(uid) in expansion_by_id(ID).manifest.fireproof


def burnable(ctx: Ctx, hero: Hero, objects_only: bool = False) -> list[str]:
    """The cards of his own a character may burn: Spells first, then Objects, then Followers
    (the order the prompt offers them in); never a fireproof one (facts I.2)."""
    held = list(hero.objects) if objects_only else list(hero.spells) + list(hero.objects) + list(hero.followers)
    return [u for u in held if not fireproof(u)]


def burn_held(ctx: Ctx, hero: Hero, uid: str, why: str) -> None:
    """I2: a character's card burns: out of the game until the campaign's end (I2b)."""
    if uid in hero.spells:
        hero.spells.remove(uid)
    else:
        hero_rules.give_up(ctx, hero, uid)
    _burnt(ctx, uid, why, hero.uid)


def _burnt(ctx: Ctx, uid: str, why: str, hero: str | None = None) -> None:
    record = decks.ext(ctx)
    record.burnt.append(uid)
    record.burns += 1
    if hero is not None:
        ctx.emit("burnt", hero, thing=card_id(uid), why=why)
    else:
        ctx.emit("enemy_burnt", enemy=card_id(uid), why=why)


def injured(ctx: Ctx, hero: Hero, enemy: str) -> None:
    """I2c: a burning Enemy that beats a character burns one of his Objects (the first he holds
    that may burn: project ruling `firelands_burn`); Evil Eye cast before stops it once (I6)."""
    if card_id(enemy) not in expansion_by_id(ID).manifest.burning_enemies:
        return
    record = decks.ext(ctx)
    if record.evil_eye:
        record.evil_eye = False
        ctx.emit("evil_eye_holds", enemy=card_id(enemy))
        return
    objects = burnable(ctx, hero, objects_only=True)
    if objects:
        burn_held(ctx, hero, objects[0], card_id(enemy))


def work(ctx: Ctx) -> bool:
    """The next character's choice of what burns (I2 Firestorm; I6 the Ifrit Sultan: a fireland
    token on his space or a card), if one is owed; True when it did something."""
    record = decks.ext(ctx)
    state = ctx.state
    while record.fire_choices:
        why, uid = record.fire_choices.pop(0).split(":", 1)
        hero = state.hero(uid)
        if not hero.alive or uid not in state.order:
            continue
        options = [f"burn:{u}" for u in burnable(ctx, hero)]
        data: dict[str, object] = {"why": why}
        if why == SULTAN:
            space = sultan_space(ctx)
            if space is None:
                continue
            data["space"] = space
            if _can_place(ctx, space):
                options.insert(0, "token")
        if not options:
            ctx.emit("nothing_burns", uid, why=why)
            return True
        state.decision = Decision(kind="fire_choice", hero=uid, options=options, data=data)
        return True
    return _enemy_decision(ctx) or _shamshir_decision(ctx)


def answer(ctx: Ctx, decision: Decision, option: str) -> bool:
    if decision.kind == "fire_enemy":
        _answer_enemy(ctx, decision, option)
        return True
    if decision.kind == "shamshir":
        _answer_shamshir(ctx, decision, option)
        return True
    if option in POWER_OPTIONS and decision.kind in ("village", "stand", "after_card"):
        return _answer_power(ctx, decision, option)
    if decision.kind != "fire_choice":
        return False
    assert decision.hero is not None
    hero = ctx.state.hero(decision.hero)
    why = str(decision.data.get("why", "firestorm"))
    if option == "token":
        space = sultan_space(ctx)
        if space is not None:
            place_token(ctx, space, SULTAN)
    else:
        burn_held(ctx, hero, option.split(":", 1)[1], why)
    return True


# ----------------------------------------------------------------------------- I3: fireland tokens
def _can_place(ctx: Ctx, k: int) -> bool:
    trip = ctx.state.trip
    return (trip is not None and trip.region not in NO_FIRE_REGIONS and 0 <= k < len(trip.road)
            and k not in decks.ext(ctx).fire_tokens)


def place_token(ctx: Ctx, k: int, why: str) -> bool:
    """I3: a fireland token on Road Space `k` (one a space; none in the Inner Region)."""
    if not _can_place(ctx, k):
        return False
    record = decks.ext(ctx)
    record.fire_tokens.append(k)
    record.fire_tokens_placed += 1
    ctx.emit("fire_token", space=k, why=why)
    return True


def entered(ctx: Ctx, k: int) -> None:
    """I3b: entering a Road Space with a fireland token costs each character 1 life. I6: while
    the Ifrit Sultan lies on the road each character chooses a token on his space or a burnt card;
    while the Sultana does, a token goes on the next Road Space (project ruling `ifrit`)."""
    state = ctx.state
    record = decks.ext(ctx)
    if k in record.fire_tokens:
        record.fire_token_hurts += 1
        ctx.emit("fire_token_burns", space=k)
        for hero in [h for h in state.party() if h.alive]:
            if hero_rules.lose_life(ctx, hero, 1, "fireland_token"):
                hero_rules.kill(ctx, hero, "fireland_token")
    if state.status != "active":
        return
    if sultan_space(ctx) is not None:
        record.fire_choices += [f"{SULTAN}:{h.uid}" for h in state.party() if h.alive]
    if _lying(ctx, SULTANA) is not None:
        ahead = _next_space(ctx)
        if ahead is not None:
            place_token(ctx, ahead, SULTANA)


def _lying(ctx: Ctx, cid: str) -> int | None:
    """The Road Space where a face-up `cid` lies on the road in play, if any."""
    trip = ctx.state.trip
    if trip is None or ctx.state.mode != "road":
        return None
    if any(s.card is not None and card_id(s.card) == cid and s.revealed for s in trip.spots):
        return trip.position
    for k, space in enumerate(trip.road):
        if k != trip.position and any(s.card is not None and card_id(s.card) == cid for s in space.spots):
            return k
    return None


def sultan_space(ctx: Ctx) -> int | None:
    return _lying(ctx, SULTAN)


def _next_space(ctx: Ctx, destination: bool = True) -> int | None:
    """The Road Space the party enters next: toward the destination going out (from the
    destination, the first space of the way home), toward the village coming home; with
    `destination` False never the destination itself (a Terrain card does not cover it)."""
    trip = ctx.state.trip
    if trip is None:
        return None
    last = len(trip.road) - 1
    k = trip.position + 1 if trip.heading == "out" and trip.position < last else trip.position - 1
    return k if 0 <= k < (last + 1 if destination else last) else None


# ----------------------------------------------------------------------------- I4: Terrain cards
def lay_terrain(ctx: Ctx, k: int) -> bool:
    """I4a-b: the top Terrain card on Road Space `k`; a Terrain card already there goes back to
    the deck; the Adventure cards lying there are discarded and, the space met already, redrawn
    for the new terrain (met later, the space draws as that terrain when entered)."""
    state = ctx.state
    trip = state.trip
    record = decks.ext(ctx)
    if trip is None or trip.region in NO_FIRE_REGIONS or not 0 <= k < len(trip.road) - 1 or not record.terrain:
        return False
    uid = record.terrain.pop()
    old = record.terrain_laid.pop(k, None)
    if old is not None:
        record.terrain.insert(0, old)
    record.terrain_laid[k] = uid
    record.terrain_cards_laid += 1
    terrain = next(t for t in expansion_by_id(ID).manifest.terrain if t.id == card_id(uid))
    space = trip.road[k]
    space.location, space.special = terrain.location, None
    discarded = space.waiting + [s.card for s in space.spots if s.card is not None]
    for lying in discarded:
        cards.discard(ctx, lying)
    space.waiting = []
    space.spots = [s.model_copy(update={"card": None}) for s in space.spots if s.dropped]
    drawn = 0
    if space.visited and discarded:
        draws = ctx.pack.location(terrain.location).draws
        count = sum(ctx.dice(draws, "terrain")) if draws else 0
        for _ in range(count):
            uid_drawn = cards.draw_adventure(ctx)
            if uid_drawn is None:
                break
            space.spots.append(Spot(seq=state.new_seq(), card=uid_drawn))
            drawn += 1
    ctx.emit("terrain_laid", day=k + 1, location=terrain.location, discarded=len(discarded), drawn=drawn)
    return True


def _road_over(ctx: Ctx) -> None:
    """I3c, I4c: the road is no longer in play: its tokens go, its Terrain cards go back."""
    record = decks.ext(ctx)
    record.fire_tokens = []
    record.fire_choices = []
    record.masons_built = {}
    record.fire_enemy_seq, record.shamshir_ahead = None, None
    if record.terrain_laid:
        record.terrain += list(record.terrain_laid.values())
        record.terrain_laid = {}
        ctx.state.rng.shuffle(record.terrain)


# ----------------------------------------------------------------------------- the Events (I2, I3, I4, I6)
def event(ctx: Ctx, special: str, seq: int) -> None:
    state = ctx.state
    trip = state.live_trip()
    record = decks.ext(ctx)
    if special == "terrain":
        ahead = _next_space(ctx, destination=False)
        if ahead is None or not lay_terrain(ctx, ahead):
            ctx.emit("terrain_none")
    elif special == "fire_token":
        ahead = _next_space(ctx)
        if ahead is None or not place_token(ctx, ahead, "wildfire"):
            ctx.emit("fire_token_none")
    elif special == "burn":
        record.fire_choices += [f"firestorm:{h.uid}" for h in state.party() if h.alive]
    elif special == "mirage":
        face = ctx.d6("mirage")
        to = max(0, trip.position - face)  # I6: toward the village, never into it (E4a)
        ctx.emit("mirage", spaces=face, space=to)
        if to != trip.position:
            state.tasks.append(TeleportTask(target=f"road:{to}"))


# ----------------------------------------------------------------------------- I6: Spells
def _enemies_here(ctx: Ctx) -> list[Spot]:
    trip = ctx.state.trip
    if trip is None:
        return []
    return [s for s in trip.spots if s.card is not None and s.revealed
            and isinstance(ctx.pack.card(card_id(s.card)), EnemyCard)]


def casts(ctx: Ctx, hero: Hero, uid: str, kind: str, on_road: bool) -> list[Cast]:
    """Crack the Earth and Immolate on the party's space between cards; Evil Eye on the road."""
    state = ctx.state
    if not on_road or state.trip is None or not in_play(ctx):
        return []
    if kind == "evil_eye" and not decks.ext(ctx).evil_eye:
        return [Cast(hero=hero.uid, spell=uid)]
    if state.tasks:
        return []
    if kind == "crack_the_earth" and _weaklings(ctx):
        return [Cast(hero=hero.uid, spell=uid)]
    if kind == "immolate" and _enemies_here(ctx):
        return [Cast(hero=hero.uid, spell=uid)]
    return []


def _weaklings(ctx: Ctx) -> list[Spot]:
    out = []
    for s in _enemies_here(ctx):
        card = ctx.pack.card(card_id(s.card or ""))
        assert isinstance(card, EnemyCard)
        if card.value == 1:
            out.append(s)
    return out


def resolve(ctx: Ctx, hero: Hero, kind: str, action: Cast) -> None:
    trip = ctx.state.trip
    if kind == "evil_eye":
        decks.ext(ctx).evil_eye = True
    elif kind == "crack_the_earth" and trip is not None:
        for spot in _weaklings(ctx):  # I6: Enemies of Strength or Craft 1 are discarded
            assert spot.card is not None
            cards.discard(ctx, spot.card)
            ctx.emit("cracked", enemy=card_id(spot.card))
            spot.card = None
            spot.met = True
    elif kind == "immolate" and trip is not None:
        here = _enemies_here(ctx)
        if here:
            def value(s: Spot) -> int:
                card = ctx.pack.card(card_id(s.card or ""))
                return card.value if isinstance(card, EnemyCard) else 0
            spot = max(here, key=value)  # the strongest burns (project ruling `firelands_burn`)
            assert spot.card is not None
            _burnt(ctx, spot.card, "immolate")
            spot.card = None
            spot.met = True


# ----------------------------------------------------------------------------- I6: the Shamshir
SHAMSHIR = "shamshir_of_khamsin"


def battle_won(ctx: Ctx, hero: Hero, enemy: str, attribute: str) -> None:
    """I6 Shamshir of Khamsin: right after a won battle (Strength) outside the Tower region, its
    bearer takes the first place in the Marching Order (unless the order is fixed, C3d)."""
    state = ctx.state
    if attribute != "strength" or state.mode != "road" or not any(card_id(u) == SHAMSHIR for u in hero.objects):
        return
    if not state.order_locked and state.order and state.order[0] != hero.uid:
        state.order.remove(hero.uid)
        state.order.insert(0, hero.uid)
        ctx.emit("shamshir_leads", hero.uid)
    if _next_unmet(ctx) is not None:  # "and moves ahead 1 spot": past the next card (ruling `firelands_items`)
        decks.ext(ctx).shamshir_ahead = hero.uid


def _next_unmet(ctx: Ctx) -> Spot | None:
    trip = ctx.state.trip
    if trip is None or ctx.state.mode != "road":
        return None
    return next((s for s in trip.spots if not s.met and s.card is not None), None)


def _shamshir_decision(ctx: Ctx) -> bool:
    record = decks.ext(ctx)
    uid = record.shamshir_ahead
    if uid is None or ctx.state.tasks:  # asked once the beaten Enemy's card is done with
        return False
    record.shamshir_ahead = None
    hero = ctx.state.hero(uid)
    spot = _next_unmet(ctx)
    if spot is None or not hero.alive:
        return False
    ctx.state.decision = Decision(kind="shamshir", hero=uid, options=["ahead", "stay"])
    return True


def _answer_shamshir(ctx: Ctx, decision: Decision, option: str) -> None:
    """I6 Shamshir: "ahead": the party moves on past the next card of its space, which stays
    where it lies (face down if it was) for the way back."""
    spot = _next_unmet(ctx)
    if option != "ahead" or spot is None or decision.hero is None:
        return
    spot.met = True
    decks.ext(ctx).fire_powers += 1
    ctx.emit("shamshir_ahead", decision.hero)


# ----------------------------------------------------------------------------- I5: the Firelands
def departures(ctx: Ctx, region_trove: list[str]) -> list[str]:
    """I5b: the party may choose the road to the Firelands."""
    return [f"depart:{DESTINATION}"] if DESTINATION in region_trove else []


def set_trove(ctx: Ctx, destination: str) -> Trove | None:
    """I5c-e: the Firelands deck replaces the core's, its Spells join the Spell deck, the trove is
    three Firelands Magic Items and a d6 of Gold."""
    if destination != DESTINATION:
        return None
    record = decks.ext(ctx)
    record.firelands_trip = True
    record.firelands_trips += 1
    ctx.emit("firelands_road")
    decks.hold(ctx, ID, ROAD_REASON)
    decks.shuffle_in_spells(ctx, ID)
    items = decks.draw_trove(ctx, ID, TROVE_ITEMS)
    gold = sum(ctx.state.rng.d6() for _ in range(ctx.pack.rules.trove_gold_dice.value))
    ctx.emit("trove_set", reveals=True, items=len(items))
    return Trove(items=items, gold=gold)


def trove_guardians(ctx: Ctx) -> list[Guardian]:
    """I5g: the Efrit stands with the trove's drawn guardians."""
    trip = ctx.state.trip
    foe_id = expansion_by_id(ID).manifest.trove_guardian
    if trip is None or trip.destination != DESTINATION or foe_id is None:
        return []
    foe = ctx.pack.foe(foe_id)
    return [Guardian(uid=f"{foe_id}@1", of=foe_id, kind=foe.kind, strength=foe.strength or 0, craft=foe.craft or 0)]


def home(ctx: Ctx) -> None:
    """I5i: back in a village the core deck comes back; I3c, I4c: the road is over. A new
    village visit: the Firelands Scourge may burn a trophy again (I6)."""
    decks.ext(ctx).scourge_used = []
    _road_over(ctx)
    _trip_over(ctx)


def new_road(ctx: Ctx) -> None:
    """Carried onto another road: the old road's tokens and Terrain cards go (I3c, I4c); off the
    Firelands' road, the core deck comes back (project ruling `firelands_road`)."""
    _road_over(ctx)
    trip = ctx.state.trip
    if trip is None or trip.destination != DESTINATION:
        _trip_over(ctx)


def _trip_over(ctx: Ctx) -> None:
    record = decks.ext(ctx)
    record.firelands_trip = False
    decks.release(ctx, ROAD_REASON)


# ----------------------------------------------------------------------------- I6: the Items' and Followers' powers
SCOURGE = "firelands_scourge"
MAGIC_MAP = "magic_map"
ORB = "orb_of_flames"
SEAL = "suleimans_seal"
BOUND_IFRIT = "bound_ifrit"
MASONS = "royal_masons"
TALEWEAVER = "taleweaver"
#: project ruling `firelands_items`: the lives a burnt trophy gives back, the Fate a Magic Map
#: holds when found, the cards a Taleweaver holds (I6: three)
SCOURGE_HEAL = 2
MAP_FATE = 3
TALES = 3
#: what the Royal Masons build (I6: one Graveyard and one Chapel along the road at a time)
MASONS_BUILD = {"masons_chapel": "chapel", "masons_graveyard": "graveyard"}
POWER_OPTIONS = ("scourge", "map", "tale", *MASONS_BUILD)


def _bearer(ctx: Ctx, cid: str) -> tuple[Hero, str] | None:
    """The first character of the party (Marching Order) holding a `cid` Object or Follower."""
    for hero in ctx.state.party():
        if hero.alive:
            uid = next((u for u in hero.objects + hero.followers if card_id(u) == cid), None)
            if uid is not None:
                return hero, uid
    return None


def _let_go(ctx: Ctx, hero: Hero, uid: str, event: str) -> None:
    """A used-up card leaves its holder for its deck's discard (a Magic Item: back to the
    Firelands Trove deck)."""
    hero_rules.give_up(ctx, hero, uid)
    cards.discard(ctx, uid)
    ctx.emit(event, hero.uid, thing=card_id(uid))


def _scourge_bearer(ctx: Ctx) -> Hero | None:
    """I6 Firelands Scourge: a wounded bearer with a trophy who has not burnt one this visit."""
    found = _bearer(ctx, SCOURGE)
    if found is None:
        return None
    hero = found[0]
    wounded = hero_rules.sheet(ctx.pack, hero).life > hero.life
    return hero if hero.trophies and wounded and hero.uid not in decks.ext(ctx).scourge_used else None


def _map(ctx: Ctx) -> tuple[Hero, str] | None:
    found = _bearer(ctx, MAGIC_MAP)
    if found is None or decks.ext(ctx).map_fate.get(found[1], MAP_FATE) <= 0:
        return None
    return found


def _map_landing(ctx: Ctx) -> int | None:
    """I6 Magic Map: the space the party lands on passing over the next Road Space (never the
    destination: -1 is the village)."""
    trip = ctx.state.trip
    if trip is None:
        return None
    last = len(trip.road) - 1
    way = 1 if trip.heading == "out" else -1
    passed = trip.position + way
    return passed + way if 0 <= passed < last and -1 <= passed + way <= last else None


def _masons_builds(ctx: Ctx) -> list[str]:
    """I6 Royal Masons: what may be built on the next Road Space, heading out (first met then)."""
    trip = ctx.state.trip
    if trip is None or trip.heading != "out" or _bearer(ctx, MASONS) is None:
        return []
    nxt = trip.position + 1
    if not nxt < len(trip.road) - 1 or trip.road[nxt].visited or trip.road[nxt].special is not None:
        return []
    standing = {space.special for space in trip.road}
    return [o for o, loc in MASONS_BUILD.items() if loc not in standing and ctx.pack.has_location(loc)]


def _tales(ctx: Ctx) -> tuple[Hero, str] | None:
    found = _bearer(ctx, TALEWEAVER)
    if found is None or decks.ext(ctx).tales.get(found[1], TALES) <= 0:
        return None
    return found


def more_options(ctx: Ctx, decision: Decision) -> None:
    """I6: the Scourge in a village; the Magic Map, the Royal Masons and the Taleweaver between
    Road Spaces; the Taleweaver between cards too."""
    state = ctx.state
    if not in_play(ctx) or state.tasks:
        return
    extra: list[str] = []
    if decision.kind == "village" and _scourge_bearer(ctx) is not None:
        extra.append("scourge")
    if decision.kind == "stand" and state.trip is not None and not decision.data.get("wall_of_fire"):
        if _map(ctx) is not None and _map_landing(ctx) is not None:
            extra.append("map")
        extra += _masons_builds(ctx)
    if decision.kind in ("stand", "after_card") and state.trip is not None and _tales(ctx) is not None:
        extra.append("tale")
    at = decision.options.index("carry_on") if "carry_on" in decision.options else len(decision.options)
    decision.options[at:at] = [o for o in extra if o not in decision.options]


def _answer_power(ctx: Ctx, decision: Decision, option: str) -> bool:
    state = ctx.state
    record = decks.ext(ctx)
    record.fire_powers += 1
    if option == "scourge":
        hero = _scourge_bearer(ctx)
        assert hero is not None

        def worth(u: str) -> int:
            card = ctx.pack.card(card_id(u))
            return card.value if isinstance(card, EnemyCard) else 0
        trophy = min(hero.trophies, key=worth)  # the least worth cashing (ruling `firelands_items`)
        hero.trophies.remove(trophy)
        record.scourge_used.append(hero.uid)
        _burnt(ctx, trophy, SCOURGE, hero.uid)
        hero_rules.heal(ctx, hero, SCOURGE_HEAL, SCOURGE)
        return True
    trip = state.live_trip()
    if option == "map":
        found, landing = _map(ctx), _map_landing(ctx)
        assert found is not None and landing is not None
        hero, uid = found
        left = record.map_fate.get(uid, MAP_FATE) - 1
        record.map_fate[uid] = left
        ctx.emit("magic_map", hero.uid, left=left)
        if left <= 0:  # I6: no Fate left on it, it is discarded
            record.map_fate.pop(uid, None)
            _let_go(ctx, hero, uid, "card_spent")
        ctx.emit("space_passed", space=trip.position + (1 if trip.heading == "out" else -1), how=MAGIC_MAP)
        travel._move(ctx, landing)
        return True
    if option in MASONS_BUILD:
        found = _bearer(ctx, MASONS)
        assert found is not None
        nxt, loc = trip.position + 1, MASONS_BUILD[option]
        trip.road[nxt].special = loc
        if loc not in trip.found:
            trip.found.append(loc)
        record.masons_built[loc] = nxt
        ctx.emit("masons_build", found[0].uid, location=loc, space=nxt)
        return True
    if option == "tale":
        found = _tales(ctx)
        assert found is not None
        hero, uid = found
        drawn = cards.draw_adventure(ctx)
        left = record.tales.get(uid, TALES) - 1
        record.tales[uid] = left
        if drawn is not None:  # met at once on a new Draw Spot, its holder first
            spot = Spot(seq=state.new_seq(), card=drawn, start=hero.uid)
            trip.spots.append(spot)
            state.tasks.append(MeetSpot(seq=spot.seq))
        ctx.emit("tale_told", hero.uid, left=left)
        if left <= 0 or drawn is None:  # I6: discarded once all its cards are off
            record.tales.pop(uid, None)
            _let_go(ctx, hero, uid, "card_spent")
        return True
    return False


# ----------------------------------------------------------------------------- I6: a new Draw Spot
def _enemy_powers(ctx: Ctx, spot: Spot) -> dict[str, str]:
    """What the party may do with the Enemy just turned over on `spot`, by answer: the Orb of
    Flames (its bearer leading, or this card drawn for his lost turn; once a Road Space), Suleiman's
    Seal (an Ifrit or a fire spirit: the burning Enemies), the Bound Ifrit."""
    out: dict[str, str] = {}
    state = ctx.state
    record = decks.ext(ctx)
    cid = card_id(spot.card or "")
    orb = _bearer(ctx, ORB)
    if orb is not None and record.orb_day != state.stats.days and (
            (state.order and state.order[0] == orb[0].uid) or spot.start == orb[0].uid):
        out["orb"] = orb[0].uid
    seal = _bearer(ctx, SEAL)
    if seal is not None and cid in expansion_by_id(ID).manifest.burning_enemies:
        out["seal"] = seal[0].uid
    ifrit = _bearer(ctx, BOUND_IFRIT)
    if ifrit is not None:
        out["ifrit"] = ifrit[0].uid
    return out


def placed_elsewhere(ctx: Ctx, spot: Spot) -> bool:
    """A card turned over on a new Draw Spot (a lost turn's card comes on one too). I6: the Ifrit
    Sultan and Sultana lying on the road act again (each character's choice; a token ahead). An
    Enemy the party holds a power against waits for its answer before it is met (True: not
    met now; `work` asks)."""
    state = ctx.state
    trip = state.trip
    if trip is None or spot.card is None or state.mode != "road" or not in_play(ctx):
        return False
    record = decks.ext(ctx)
    cid = card_id(spot.card)
    if cid != SULTAN and sultan_space(ctx) is not None:
        record.fire_choices += [f"{SULTAN}:{h.uid}" for h in state.party() if h.alive]
    if cid != SULTANA and _lying(ctx, SULTANA) is not None:
        ahead = _next_space(ctx)
        if ahead is not None:
            place_token(ctx, ahead, SULTANA)
    if isinstance(ctx.pack.card(cid), EnemyCard) and _enemy_powers(ctx, spot):
        record.fire_enemy_seq = spot.seq
        return True
    return False


def _enemy_decision(ctx: Ctx) -> bool:
    record = decks.ext(ctx)
    seq = record.fire_enemy_seq
    spot = ground.spot(ctx, seq) if seq is not None else None
    if seq is None:
        return False
    if spot is None or spot.card is None:
        record.fire_enemy_seq = None
        return False
    powers = _enemy_powers(ctx, spot)
    if not powers:
        _meet(ctx, spot)
        return True
    card = ctx.pack.card(card_id(spot.card))
    assert isinstance(card, EnemyCard)
    ctx.state.decision = Decision(
        kind="fire_enemy", hero=next(iter(powers.values())), options=[*powers, "meet"],
        data={"enemy": card_id(spot.card), "value": card.value, "attribute": "strength" if card.strength else "craft",
              "holders": powers})
    return True


def _meet(ctx: Ctx, spot: Spot) -> None:
    """The Enemy is met as any card just turned over is (encounters.run_spot)."""
    decks.ext(ctx).fire_enemy_seq = None
    assert spot.card is not None
    ctx.state.tasks.append(MeetCard(card=spot.card, seq=spot.seq, heroes=rotate(ctx.state.order, spot.start), fresh=True))


def _answer_enemy(ctx: Ctx, decision: Decision, option: str) -> None:
    record = decks.ext(ctx)
    seq = record.fire_enemy_seq
    spot = ground.spot(ctx, seq) if seq is not None else None
    if spot is None or spot.card is None:
        record.fire_enemy_seq = None
        return
    if option == "meet":
        _meet(ctx, spot)
        return
    record.fire_enemy_seq = None
    record.fire_powers += 1
    holders = decision.data.get("holders")
    assert isinstance(holders, dict)
    hero = ctx.state.hero(str(holders[option]))
    enemy = spot.card
    spot.card = None
    if option == "orb":  # the Orb's flames: the Enemy burns, out of the game (I2b)
        record.orb_day = ctx.state.stats.days
        _burnt(ctx, enemy, ORB)
    elif option == "seal":  # bound by the Seal, which then rests at a Chapel or Temple (I6)
        cards.discard(ctx, enemy)
        ctx.emit("seal_binds", hero.uid, enemy=card_id(enemy))
        found = _bearer(ctx, SEAL)
        assert found is not None
        _let_go(ctx, found[0], found[1], "seal_rests")
    else:  # the Bound Ifrit beats it for his master, then goes (I6: "discard the card")
        hero.trophies.append(enemy)
        ctx.emit("bound_ifrit", hero.uid, enemy=card_id(enemy))
        found = _bearer(ctx, BOUND_IFRIT)
        assert found is not None
        _let_go(ctx, found[0], found[1], "card_spent")


# ----------------------------------------------------------------------------- the AI
def ai_pick(ctx: Ctx, decision: Decision, chance: float) -> str | None:
    """The campaign AI's use of the Firelands' powers (I6): the Scourge when its bearer is hurt;
    the Orb, the Seal or the Ifrit against a strong Enemy or with a weak party; the Magic Map
    past a fireland token, or home with a weak party; a Chapel built for a party with nobody
    Evil (a Graveyard for an all-Evil one); a tale when the party is fit; the Shamshir's step
    past a card with a weak party."""
    state = ctx.state
    party = [h for h in state.party() if h.alive]
    weak = any(h.life <= 2 for h in party)
    options = decision.options
    if decision.kind == "village" and "scourge" in options:
        hero = _scourge_bearer(ctx)
        if hero is not None and (hero.life <= 2 or hero_rules.sheet(ctx.pack, hero).life - hero.life >= SCOURGE_HEAL):
            return "scourge"
    if decision.kind == "fire_enemy":
        value = decision.data.get("value")
        if weak or (isinstance(value, int) and value >= 6):
            return next((o for o in ("orb", "seal", "ifrit") if o in options), "meet")
        return "meet"
    if decision.kind == "shamshir":
        return "ahead" if weak else "stay"
    if decision.kind == "stand":
        trip = state.trip
        if "map" in options and trip is not None:
            ahead = trip.position + (1 if trip.heading == "out" else -1)
            if ahead in decks.ext(ctx).fire_tokens or (weak and trip.heading == "home"):
                return "map"
        evil = [h for h in party if h.alignment == "evil"]
        if "masons_chapel" in options and not evil:
            return "masons_chapel"
        if "masons_graveyard" in options and party and len(evil) == len(party):
            return "masons_graveyard"
    if "tale" in options and not weak and chance < 0.5:
        return "tale"
    return None
