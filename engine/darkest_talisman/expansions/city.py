"""The City (DT section J): its pack (data/talisman/expansions/city/), registered as the expansion
a campaign names with `expansions:City`.

What the groundwork does with no code here (engine/darkest_talisman/expansions/regions.py): the
City Region (region.yaml) is entered from the City, the Inner Region's Aid destination that
straddles both (J1a, J3a): the Inner road's cards are discarded and the City deck replaces the
core's until the party leaves the Region (J3b); the City Road's five spaces roll their own dice,
a 1 revealing one of its Special Locations (J3d, e); its sixth space is the City Market (J3f);
walking back the party is at the City again (J3f-c). The shops' cards are side piles, set aside
(J2a, piles.yaml); the City deck keeps its two Magic Items (J2c).

Here:
- J3c, J4: the Wanted Posters at the City: bought for 1 Gold, one a character (J4c-a), cashed
  in at the City or any village for their trophies (the trophies' value in Gold, facts J.2) or
  their bounty; the displayed poster cashed in with trophies, then replaced (J4c-b); a character
  poster redrawn for 1 Gold once a visit (J4d-a) or, displayed, sent away for 1 Gold (J4d-b);
  bounty fights (J4d-c..i): a character who is not good, holding a character poster (or taking
  the displayed one at the City, J4d-e), battles another once the space's cards are met; the
  loser loses only a life (J4d-g) and his lives left become the poster's bounty (J4d-h); the
  Bounty Hunter also takes a trophy (J5).
- J3e: the Academy (7 trophy points for 1 Strength or Craft), the Wharf (a boat out of the
  Region), the Sorcerer (Spells sold for 1 Gold, bought for 2), the High Temple (1-3 Gold, as
  many dice); the Rogues' Guild and the Soothsayer are plain services (region.yaml).
- J3f: the City Market's shops, met one at a time, a City card met between two shops and
  discarded after (J3f-b); each shop lays out cards at its prices; only what a character can
  pay for and carry is offered; the Cat Burglar may burgle each shop once a visit (J5).
- J1c: the Jail: Drunken Revelry (J5) takes the party there; each day it may try to escape or
  pay bail (project ruling `city_jail`); out, it stands at the City. The Corrupt Sheriff (J5):
  2 Gold keeps a character out of the Jail while in the City Region; so does a Jailer.
- J5: the Air Elemental blows a beaten character's party back to the City; the Water Elemental
  takes a Follower; the Tavern Maid starts with five Potions (A3c).
- J3f-f: four trinkets count as one object for carrying (engine/darkest_talisman/heroes.py).
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.darkest_talisman import cards, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import EnemyCard
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks, regions
from engine.darkest_talisman.expansions.content import Pile, Poster, expansion_by_id
from engine.darkest_talisman.expansions.model import CityState
from engine.darkest_talisman.state import Decision, Hero, Spot, card_id

ID = "city"
REGION = "city_region"
STRADDLE = "city"
MARKET = "city_market"
#: J3e-2: where the Wharf's boats go
WHARF_PORTS = ("city", "village", "chapel", "tavern", "graveyard", "forest")
#: J3e-1: trophy points the Academy takes for 1 Strength or Craft
ACADEMY_POINTS = 7
#: J4c-a: a poster's price; J4d-a, b: a redraw's, a donation's
POSTER_PRICE = 1
#: J5 Corrupt Sheriff's bribe
SHERIFF_PRICE = 2
#: project ruling `city_jail`: a d6 this high escapes; bail per character
ESCAPE_FACE = 5
BAIL = 2
#: J3e-3: the Sorcerer's prices
SPELL_SELL, SPELL_BUY = 1, 2
#: DT A3c: the Tavern Maid's Potions at the start
MAID_POTIONS = 5
POTIONS = "apothecary"
JAILERS = frozenset({"jailer"})
#: the City's answers to the core's road and village decisions
OPTION_HEADS = frozenset({"poster_buy", "poster_cash", "poster_claim", "poster_redraw", "poster_donate", "bounty",
                          "shop", "buy", "burgle", "academy", "spell_sell", "spell_buy", "wharf", "temple"})


def in_play(ctx: Ctx) -> bool:
    return ctx.state.ext is not None and ID in ctx.state.ext.ids


def city(ctx: Ctx) -> CityState:
    record = decks.ext(ctx)
    if record.city is None:
        record.city = CityState()
    return record.city


def _poster(ctx: Ctx, uid: str) -> Poster:
    return next(p for p in expansion_by_id(ID).posters if p.id == card_id(uid))


def _pile(pid: str) -> Pile:
    return next(p for p in expansion_by_id(ID).piles if p.id == pid)


def shops() -> list[str]:
    return [p.id for p in expansion_by_id(ID).piles]


# ----------------------------------------------------------------------------- J2: preparations
def setup(ctx: Ctx) -> None:
    """J2b, J4a: the Wanted Posters shuffled, the top one displayed at the City. DT A3c: the
    Tavern Maid starts with five Potions (from the Apothecary's pile)."""
    state = ctx.state
    c = city(ctx)
    c.posters = [f"{p.id}#{n}" for p in expansion_by_id(ID).posters for n in range(1, p.count + 1)]
    state.rng.shuffle(c.posters)
    _reveal(ctx)


def character_dealt(ctx: Ctx, hero: Hero) -> None:
    starting(ctx, hero)


def starting(ctx: Ctx, hero: Hero) -> None:
    if not in_play(ctx) or hero.card != "tavern_maid" or not hero.alive:
        return
    pile = decks.ext(ctx).piles.get(POTIONS, [])
    for _ in range(MAID_POTIONS):
        uid = next((u for u in reversed(pile) if hero_rules.obj(ctx.pack, u).carry == "trinket"
                    and hero_rules.room_for(ctx.pack, hero, u)), None)
        if uid is None:
            return
        pile.remove(uid)
        hero_rules.gain_thing(ctx, hero, uid, "starting_equipment")


def _reveal(ctx: Ctx) -> None:
    c = city(ctx)
    if c.revealed is not None:
        c.poster_discard.append(c.revealed)
        c.revealed = None
    if not c.posters and c.poster_discard:
        c.posters, c.poster_discard = c.poster_discard, []
        ctx.state.rng.shuffle(c.posters)
    if c.posters:
        c.revealed = c.posters.pop()
        ctx.emit("poster_revealed", poster=_poster(ctx, c.revealed).target)


def _draw_poster(ctx: Ctx) -> str | None:
    c = city(ctx)
    if not c.posters and c.poster_discard:
        c.posters, c.poster_discard = c.poster_discard, []
        ctx.state.rng.shuffle(c.posters)
    return c.posters.pop() if c.posters else None


def _deck_left(ctx: Ctx) -> bool:
    c = city(ctx)
    return bool(c.posters or c.poster_discard)


# ----------------------------------------------------------------------------- the Region's hooks
def region_entered(ctx: Ctx, region_id: str) -> None:
    """J3c: a new Wanted Poster is displayed at the City; the shops are new for this visit."""
    if region_id != REGION:
        return
    c = city(ctx)
    _reveal(ctx)
    bazaar = decks.ext(ctx).piles.pop(BAZAAR, [])
    for uid in bazaar:  # J5: another deck is drawn from now: the Travelling Bazaar is over
        cards.discard(ctx, uid)
    c.shop, c.burgled, c.between, c.visited, c.at_market = None, [], [], [], False


def region_left(ctx: Ctx, region_id: str) -> None:
    """Out of the City Region: the Sheriff's protection ends (J5), the Jail and the shops are left."""
    if region_id != REGION:
        return
    c = city(ctx)
    _clear_between(ctx)
    c.shop, c.between, c.immune, c.jailed, c.to_jail, c.blown, c.sheriff = None, [], [], False, False, False, []


def home(ctx: Ctx) -> None:
    city(ctx).redrew = []


def died(ctx: Ctx, hero: Hero) -> None:
    c = city(ctx)
    c.sheriff = [u for u in c.sheriff if u != hero.uid]
    poster = c.held.pop(hero.uid, None)
    if poster is not None:
        c.bounty.pop(poster, None)
        c.poster_discard.append(poster)


def _in_city_region(ctx: Ctx) -> bool:
    here = regions.stay(ctx)
    return here is not None and here.id == REGION


# ----------------------------------------------------------------------------- where the party stands
def _at_city(ctx: Ctx) -> bool:
    """At the City destination of the Inner road, met (J4a: the posters are there)."""
    state = ctx.state
    trip = state.trip
    return (state.mode == "road" and trip is not None and trip.destination == STRADDLE and trip.location_met
            and travel.is_destination(trip, trip.position) and not regions.is_expansion_region(ctx, trip.region)
            and (state.fight is None or state.fight.stage == "ready"))


def _at_market(ctx: Ctx) -> bool:
    state = ctx.state
    trip = state.trip
    return (state.mode == "road" and trip is not None and trip.region == REGION and trip.destination == MARKET
            and travel.is_destination(trip, trip.position) and trip.location_met and not trip.destination_done
            and trip.heading == "out")


def _special_here(ctx: Ctx) -> str | None:
    trip = ctx.state.trip
    if ctx.state.mode != "road" or trip is None or trip.region != REGION or not trip.location_met:
        return None
    return trip.road[trip.position].special


# ----------------------------------------------------------------------------- J4: the posters
def payout(ctx: Ctx, hero: Hero, uid: str) -> tuple[int, list[str]]:
    """What a poster pays this character now: the bounty on a character poster (J4d-h), or the
    value in Gold of his trophies of the wanted kind (J4b, facts J.2) and those trophies."""
    poster = _poster(ctx, uid)
    if poster.target == "character":
        return city(ctx).bounty.get(uid, 0), []
    spent = [t for t in hero.trophies if _trophy_kind(ctx, t) == poster.target]
    return sum(_trophy_value(ctx, t) for t in spent), spent


def _trophy_kind(ctx: Ctx, uid: str) -> str | None:
    card = ctx.pack.card(card_id(uid)) if ctx.pack.has_card(card_id(uid)) else None
    return card.kind if isinstance(card, EnemyCard) else None


def _trophy_value(ctx: Ctx, uid: str) -> int:
    card = ctx.pack.card(card_id(uid))
    return card.value if isinstance(card, EnemyCard) else 0


def poster_options(ctx: Ctx, at_city: bool) -> list[str]:
    """J4c, J4d-a, b: what each character may do with the posters here (the City, or a village
    for cashing in only). Nothing is offered that cannot be done."""
    state = ctx.state
    c = city(ctx)
    out: list[str] = []
    for hero in state.party():
        held = c.held.get(hero.uid)
        if held is not None and payout(ctx, hero, held)[0] > 0:
            out.append(f"poster_cash:{hero.uid}")
        if not at_city:
            continue
        if held is None and hero.gold >= POSTER_PRICE and _deck_left(ctx):
            out.append(f"poster_buy:{hero.uid}")
        if c.revealed is not None and _poster(ctx, c.revealed).target != "character" and payout(ctx, hero, c.revealed)[0] > 0:
            out.append(f"poster_claim:{hero.uid}")
        if (held is not None and _poster(ctx, held).target == "character" and hero.uid not in c.redrew
                and hero.gold >= POSTER_PRICE and _deck_left(ctx) and not c.bounty.get(held)):
            out.append(f"poster_redraw:{hero.uid}")
        if c.revealed is not None and _poster(ctx, c.revealed).target == "character" and hero.gold >= POSTER_PRICE \
                and _deck_left(ctx):
            out.append(f"poster_donate:{hero.uid}")
    return out


def _hunter_poster(ctx: Ctx, hero: Hero, at_city: bool) -> str | None:
    """The character poster this character would hunt with: his own with no bounty yet, or at
    the City the displayed one if he holds none (J4d-c, e)."""
    c = city(ctx)
    held = c.held.get(hero.uid)
    if held is not None:
        return held if _poster(ctx, held).target == "character" and not c.bounty.get(held) else None
    if at_city and c.revealed is not None and _poster(ctx, c.revealed).target == "character":
        return c.revealed
    return None


def bounty_options(ctx: Ctx, at_city: bool) -> list[str]:
    """J4d-c, d, e: a character who is not good, with a character poster, may battle another
    character once the space's cards are met."""
    party = [h for h in ctx.state.party() if h.alive]
    out = []
    for hunter in party:
        if hunter.alignment == "good" or _hunter_poster(ctx, hunter, at_city) is None:
            continue
        out += [f"bounty:{hunter.uid}:{prey.uid}" for prey in party if prey.uid != hunter.uid]
    return out


def _cash(ctx: Ctx, hero: Hero, uid: str, held: bool) -> None:
    gold, spent = payout(ctx, hero, uid)
    c = city(ctx)
    for t in spent:
        hero.trophies.remove(t)
        cards.discard(ctx, t)
    hero.gold += gold
    c.bounties += 1
    c.bounty_gold += gold
    c.bounty.pop(uid, None)
    ctx.emit("poster_cashed", hero.uid, poster=_poster(ctx, uid).target, gold=gold, trophies=len(spent))
    if held:
        c.held.pop(hero.uid, None)
        c.poster_discard.append(uid)
    else:
        _reveal(ctx)  # J4c-b: the old poster discarded, a new one displayed


def bounty_fight(ctx: Ctx, hunter: Hero, prey: Hero, at_city: bool) -> None:
    """J4d: a battle between two characters (each rolls a die and adds his Strength; a tie
    changes nothing: project); the loser loses a life and nothing else (J4d-g); the hunter who
    wins puts the loser's lives left on his poster as its bounty (J4d-h). The Bounty Hunter takes
    one trophy from a character he beats (J5)."""
    c = city(ctx)
    poster = _hunter_poster(ctx, hunter, at_city)
    assert poster is not None
    if poster == c.revealed:  # J4d-e: the displayed poster is his now, a new one is displayed
        c.held[hunter.uid] = poster
        c.revealed = None
        _reveal(ctx)
    c.bounty_fights += 1
    ours = ctx.d6("bounty_fight", hunter.uid) + hero_rules.total(ctx.pack, hunter, "strength")
    theirs = ctx.d6("bounty_fight", prey.uid) + hero_rules.total(ctx.pack, prey, "strength")
    ctx.emit("bounty_fight", hunter.uid, prey=prey.uid, score=ours, against=theirs)
    if ours == theirs:
        return
    winner, loser = (hunter, prey) if ours > theirs else (prey, hunter)
    if hero_rules.lose_life(ctx, loser, 1, "bounty_fight"):
        hero_rules.kill(ctx, loser, "bounty_fight")
    if winner.card == "bounty_hunter" and loser.trophies:
        trophy = loser.trophies.pop()
        winner.trophies.append(trophy)
        ctx.emit("trophy_taken", winner.uid, victim=loser.uid, trophy=card_id(trophy))
    if winner is hunter and loser.alive:
        c.bounty[poster] = loser.life
        ctx.emit("bounty_set", hunter.uid, prey=loser.uid, gold=loser.life)


# ----------------------------------------------------------------------------- J3f: the Market
def price(cid: str) -> int | None:
    for pile in expansion_by_id(ID).piles:
        if cid in pile.prices:
            return pile.prices[cid]
    return None


def shown(ctx: Ctx, shop: str) -> list[str]:
    """The cards a shop lays out (the top of its pile), uids."""
    pile = decks.ext(ctx).piles.get(shop, [])
    return list(reversed(pile[-_pile(shop).shown:]))


def can_buy(ctx: Ctx, hero: Hero, uid: str) -> bool:
    cost = price(card_id(uid))
    return cost is not None and hero.gold >= cost and hero_rules.room_for(ctx.pack, hero, uid)


def buyable(ctx: Ctx, shop: str) -> list[tuple[str, str]]:
    """(hero uid, card id) for every shown card some character can pay for and carry."""
    out = []
    seen: set[tuple[str, str]] = set()
    for uid in shown(ctx, shop):
        for hero in ctx.state.party():
            key = (hero.uid, card_id(uid))
            if key not in seen and can_buy(ctx, hero, uid):
                seen.add(key)
                out.append(key)
    return out


def market_options(ctx: Ctx) -> list[str]:
    c = city(ctx)
    out: list[str] = []
    if c.shop is not None:
        out += [f"buy:{h}:{cid}" for h, cid in buyable(ctx, c.shop)]
        out += [f"burgle:{h.uid}" for h in ctx.state.party()
                if h.card == "cat_burglar" and c.shop not in c.burgled and shown(ctx, c.shop)]
    for shop in shops():
        if shop != c.shop and (buyable(ctx, shop) or any(h.card == "cat_burglar" and shop not in c.burgled
                                                          for h in ctx.state.party())):
            out.append(f"shop:{shop}")
    return out


def market_data(ctx: Ctx) -> dict[str, Any]:
    """What the prompt tells about the Market: the shop the party is in and what it shows, and
    the shops where nobody can buy anything (so they are not offered)."""
    c = city(ctx)
    shut = [s for s in shops() if s != c.shop and not buyable(ctx, s)]
    data: dict[str, Any] = {"shop": c.shop, "shut": shut}
    if c.shop is not None:
        data["wares"] = [{"card": card_id(u), "price": price(card_id(u))} for u in shown(ctx, c.shop)]
    return data


def enter_shop(ctx: Ctx, shop: str) -> None:
    """J3f-b: from one shop to another a City card is drawn and met first; the cards drawn
    between shops are discarded once met, whatever they say."""
    state = ctx.state
    c = city(ctx)
    trip = state.trip
    assert trip is not None
    _clear_between(ctx)
    moving = c.shop is not None
    c.shop = shop
    if shop not in c.visited:
        c.visited.append(shop)
    ctx.emit("shop_entered", shop=shop)
    if moving:
        uid = cards.draw_adventure(ctx)
        if uid is not None:
            spot = Spot(seq=state.new_seq(), card=uid)
            trip.spots.append(spot)
            c.between.append(spot.seq)


def _clear_between(ctx: Ctx) -> None:
    c = city(ctx)
    trip = ctx.state.trip
    if trip is None:
        c.between = []
        return
    for s in [s for s in trip.spots if s.seq in c.between and s.met]:
        if s.card is not None:
            cards.discard(ctx, s.card)
            s.card = None
    trip.spots = [s for s in trip.spots if not (s.seq in c.between and s.card is None and not s.dropped)]
    c.between = [seq for seq in c.between if any(s.seq == seq for s in trip.spots)]


def buy(ctx: Ctx, hero: Hero, cid: str) -> None:
    c = city(ctx)
    assert c.shop is not None
    pile = decks.ext(ctx).piles[c.shop]
    uid = next(u for u in shown(ctx, c.shop) if card_id(u) == cid)
    cost = price(cid)
    assert cost is not None
    pile.remove(uid)
    hero.gold -= cost
    c.bought += 1
    ctx.emit("bought", hero.uid, thing=cid, price=cost)
    hero_rules.gain_thing(ctx, hero, uid, "bought")


def burgle(ctx: Ctx, hero: Hero) -> None:
    """J5 Cat Burglar: once a shop a visit; two dice (project): no more than her Craft, she takes
    the cheapest card shown she can carry; more, the party is taken to the Jail."""
    c = city(ctx)
    assert c.shop is not None
    c.burgled.append(c.shop)
    score = sum(ctx.dice(2, "burgle", hero.uid))
    if score > hero_rules.total(ctx.pack, hero, "craft"):
        ctx.emit("burgle_caught", hero.uid, score=score)
        if hero.uid not in c.immune:
            c.to_jail = True
        return
    loot = sorted((u for u in shown(ctx, c.shop) if hero_rules.room_for(ctx.pack, hero, u)),
                  key=lambda u: (price(card_id(u)) or 0, u))
    if not loot:
        ctx.emit("burgle_nothing", hero.uid)
        return
    decks.ext(ctx).piles[c.shop].remove(loot[0])
    ctx.emit("burgled", hero.uid, thing=card_id(loot[0]))
    hero_rules.gain_thing(ctx, hero, loot[0], "burgled")


# ----------------------------------------------------------------------------- J3e: the Special Locations
def special_options(ctx: Ctx) -> list[str]:
    state = ctx.state
    where = _special_here(ctx)
    out: list[str] = []
    if where == "academy":
        for hero in state.party():
            if academy_spend(ctx, hero) is not None:
                out += [f"academy:{hero.uid}:strength", f"academy:{hero.uid}:craft"]
    elif where == "sorcerer":
        for hero in state.party():
            if hero.spells:
                out.append(f"spell_sell:{hero.uid}")
            stock = state.decks.spells or state.decks.spell_discard
            if hero.gold >= SPELL_BUY and hero_rules.spell_room(ctx, hero) > 0 and stock:
                out.append(f"spell_buy:{hero.uid}")
    elif where == "wharf":
        out += [f"wharf:{port}" for port in WHARF_PORTS]
    elif where == "high_temple":
        for hero in state.party():
            if "high_temple" not in hero.used:
                out += [f"temple:{hero.uid}:{n}" for n in (1, 2, 3) if hero.gold >= n]
    return out


def academy_spend(ctx: Ctx, hero: Hero) -> list[str] | None:
    """J3e-1: the trophies that make 7 points with the fewest wasted (then the fewest cards)."""
    mine = sorted(hero.trophies, key=lambda u: _trophy_value(ctx, u))[:12]
    best: tuple[int, int, list[str]] | None = None
    for n in range(1, len(mine) + 1):
        for combo in combinations(mine, n):
            points = sum(_trophy_value(ctx, u) for u in combo)
            if points >= ACADEMY_POINTS and (best is None or (points, n) < best[:2]):
                best = (points, n, list(combo))
    return best[2] if best else None


def high_temple(ctx: Ctx, hero: Hero, paid: int) -> None:
    """J3e-6: pay 1-3 Gold, roll that many dice (the project's split of the two Strength or Craft
    rows: 10-12 Strength, 13-15 Craft)."""
    hero.gold -= paid
    hero.used.append("high_temple")
    score = sum(ctx.dice(paid, "high_temple", hero.uid))
    ctx.emit("high_temple", hero.uid, score=score, paid=paid)
    if score <= 3:
        ctx.emit("temple_gold_lost", hero.uid, gold=hero.gold)
        hero.gold = 0
    elif score <= 6:
        from engine.darkest_talisman.state import TeleportTask

        ctx.state.tasks.append(TeleportTask(target="temple"))
    elif score <= 9:
        from engine.darkest_talisman import effects
        from engine.darkest_talisman.content import Effect

        effects.apply(ctx, hero, Effect(quest=True), "high_temple", [])
    elif score <= 12:
        hero_rules.change(ctx, hero, "strength", 1, "high_temple")
    elif score <= 15:
        hero_rules.change(ctx, hero, "craft", 1, "high_temple")
    else:
        from engine.darkest_talisman import effects
        from engine.darkest_talisman.content import Effect

        effects.apply(ctx, hero, Effect(talisman=1), "high_temple", [])


# ----------------------------------------------------------------------------- the options and answers
def more_options(ctx: Ctx, decision: Decision) -> None:
    """The City's answers beside the core's: the posters and bounty fights (J4), the Market's
    shops (J3f), the Special Locations' shops and boats (J3e)."""
    if not in_play(ctx) or decision.kind not in ("destination", "stand", "village"):
        return
    extra: list[str] = []
    if decision.kind == "village":
        extra = poster_options(ctx, at_city=False)
    else:
        at_city = _at_city(ctx)
        if at_city:
            extra += poster_options(ctx, at_city=True)
        if decision.kind == "destination" and _at_market(ctx):
            c = city(ctx)
            if not c.at_market:  # counted once a stay (the benchmark's figure)
                c.at_market = True
                c.market_visits += 1
            extra += market_options(ctx)
            decision.data["market"] = market_data(ctx)
        extra += special_options(ctx)
        extra += bounty_options(ctx, at_city)
    decision.options += [o for o in extra if o not in decision.options]
    if extra:
        labels = decision.data.setdefault("labels", {})
        for option in extra:
            labels[option] = label_data(ctx, option)


def label_data(ctx: Ctx, option: str) -> dict[str, Any]:
    """What one of the City's answers does, in figures, for its button (the costs, the Gold it
    pays, who fights whom): the bot's words are filled in from these."""
    state = ctx.state
    c = city(ctx)
    head, *rest = option.split(":")
    out: dict[str, Any] = {}
    if head not in ("shop", "wharf") and rest:
        out["hero"] = rest[0]
    hero = state.hero(rest[0]) if "hero" in out else None
    if head in ("poster_buy", "poster_redraw", "poster_donate"):
        out["price"] = POSTER_PRICE
    elif head in ("poster_cash", "poster_claim") and hero is not None:
        uid = c.held[hero.uid] if head == "poster_cash" else c.revealed
        assert uid is not None
        gold, spent = payout(ctx, hero, uid)
        out.update(target=_poster(ctx, uid).target, gold=gold, trophies=len(spent))
    elif head == "bounty" and hero is not None:
        prey = state.hero(rest[1])
        out.update(prey=prey.uid, strength=hero_rules.total(ctx.pack, hero, "strength"),
                   against=hero_rules.total(ctx.pack, prey, "strength"))
    elif head == "shop":
        out.update(shop=rest[0], card=c.shop is not None)
    elif head == "buy":
        out.update(card=rest[1], price=price(rest[1]) or 0)
    elif head == "burgle" and hero is not None:
        out["craft"] = hero_rules.total(ctx.pack, hero, "craft")
    elif head == "academy" and hero is not None:
        out.update(attribute=rest[1], points=sum(_trophy_value(ctx, u) for u in academy_spend(ctx, hero) or []))
    elif head == "spell_sell":
        out["gold"] = SPELL_SELL
    elif head == "spell_buy":
        out["price"] = SPELL_BUY
    elif head == "wharf":
        out["place"] = rest[0]
    elif head == "temple":
        out["n"] = int(rest[1])
    return out


def answer(ctx: Ctx, decision: Decision, option: str) -> bool:
    if not in_play(ctx):
        return False
    state = ctx.state
    c = city(ctx)
    head, *rest = option.split(":")
    if decision.kind == "city_jail":
        _answer_jail(ctx, option)
        return True
    if decision.kind == "city_assassin":
        c.drink_asked = None if option != "meet" else c.drink_asked
        assert decision.hero is not None
        task = state.tasks[-1] if state.tasks else None
        if option.startswith("assassinate:") and task is not None and task.task == "card":
            hire_assassin(ctx, state.hero(decision.hero), task, int(option.split(":")[1]))
        return True
    if decision.kind == "city_drink":
        if option == "drink":
            c.drink_asked = None
        assert decision.hero is not None
        task = state.tasks[-1] if state.tasks else None
        if option == "drink" and task is not None and task.task == "card":
            pour(ctx, state.hero(decision.hero), task)
        return True
    if decision.kind == "city_sheriff":
        assert decision.hero is not None
        payer = state.hero(decision.hero)
        if option == "sheriff_pay" and payer.gold >= SHERIFF_PRICE:
            payer.gold -= SHERIFF_PRICE
            c.immune.append(payer.uid)
            ctx.emit("sheriff_paid", payer.uid, gold=SHERIFF_PRICE)
        return True
    if decision.kind not in ("destination", "stand", "village") or option not in decision.options \
            or head not in OPTION_HEADS:
        return False
    hero = state.hero(rest[0]) if rest and head not in ("shop", "wharf") else None
    if head == "poster_buy" and hero is not None:
        uid = _draw_poster(ctx)
        assert uid is not None
        hero.gold -= POSTER_PRICE
        c.held[hero.uid] = uid
        c.posters_bought += 1
        ctx.emit("poster_bought", hero.uid, poster=_poster(ctx, uid).target, price=POSTER_PRICE)
    elif head == "poster_cash" and hero is not None:
        _cash(ctx, hero, c.held[hero.uid], held=True)
    elif head == "poster_claim" and hero is not None and c.revealed is not None:
        _cash(ctx, hero, c.revealed, held=False)
    elif head == "poster_redraw" and hero is not None:
        hero.gold -= POSTER_PRICE
        c.redrew.append(hero.uid)
        c.poster_discard.append(c.held.pop(hero.uid))
        new = _draw_poster(ctx)
        if new is not None:
            c.held[hero.uid] = new
        ctx.emit("poster_redrawn", hero.uid)
    elif head == "poster_donate" and hero is not None:
        hero.gold -= POSTER_PRICE
        ctx.emit("poster_donated", hero.uid, gold=POSTER_PRICE)
        _reveal(ctx)
    elif head == "bounty" and hero is not None:
        bounty_fight(ctx, hero, state.hero(rest[1]), _at_city(ctx))
    elif head == "shop":
        enter_shop(ctx, rest[0])
    elif head == "buy" and hero is not None:
        buy(ctx, hero, rest[1])
    elif head == "burgle" and hero is not None:
        burgle(ctx, hero)
    elif head == "academy" and hero is not None:
        spent = academy_spend(ctx, hero) or []
        for t in spent:
            hero.trophies.remove(t)
            cards.discard(ctx, t)
        hero_rules.change(ctx, hero, rest[1], 1, "academy")  # type: ignore[arg-type]  # the option names strength or craft
    elif head == "spell_sell" and hero is not None:
        uid = hero.spells.pop()
        cards.discard(ctx, uid)
        hero.gold += SPELL_SELL
        ctx.emit("spell_sold", hero.uid, gold=SPELL_SELL)
    elif head == "spell_buy" and hero is not None:
        hero.gold -= SPELL_BUY
        hero_rules.draw_spells(ctx, hero, 1, "sorcerer")
    elif head == "wharf":
        ctx.emit("wharf", place=rest[0])
        travel.teleport(ctx, f"dest:{rest[0]}" if rest[0] != "village" else "village")
    elif head == "temple" and hero is not None:
        high_temple(ctx, hero, int(rest[1]))
    else:
        return False
    return True


# ----------------------------------------------------------------------------- J1c, J5: the Jail and the City's cards
def event(ctx: Ctx, special: str, seq: int) -> None:
    """J5 Drunken Revelry: every character who can be jailed rolls; a 1 takes the party to the
    Jail (the party stays together: project ruling `city_jail`). Corrupt Sheriff: each character
    with the Gold is asked."""
    if not in_play(ctx):
        return
    c = city(ctx)
    party = [h for h in ctx.state.party() if h.alive]
    if special == "revelry":
        faces = [ctx.d6("revelry", h.uid) for h in party if _jailable(ctx, h)]
        if 1 in faces:
            c.to_jail = True
    elif special == "sheriff":
        c.sheriff = [h.uid for h in party if h.gold >= SHERIFF_PRICE and h.uid not in c.immune]
    elif special == "bazaar":
        travelling_bazaar(ctx)


BAZAAR = "travelling_bazaar"


def travelling_bazaar(ctx: Ctx) -> None:
    """J5 Travelling Bazaar: every other card on the City Road's spaces is taken, shuffled, and
    face down becomes the Travelling Bazaar deck, drawn from before any other once the core deck
    is back, until it is empty or another deck replaces the core's."""
    trip = ctx.state.trip
    if trip is None or trip.region != REGION:
        return
    taken: list[str] = []
    for space in trip.road:
        for spot in space.spots:
            if spot.card is not None:
                taken.append(spot.card)
                spot.card = None
        taken += space.waiting
        space.waiting = []
        space.spots = [sp for sp in space.spots if sp.dropped]
    pile = decks.ext(ctx).piles.setdefault(BAZAAR, [])
    pile += taken
    ctx.state.rng.shuffle(pile)
    ctx.emit("bazaar", cards=len(taken))


def draw_first(ctx: Ctx) -> str | None:
    """J5 Travelling Bazaar: while the core deck is live, its deck is drawn from first."""
    record = decks.ext(ctx)
    pile = record.piles.get(BAZAAR)
    if not pile or record.live != decks.CORE:
        return None
    return pile.pop()


def _jailable(ctx: Ctx, hero: Hero) -> bool:
    return hero.uid not in city(ctx).immune and not any(card_id(f) in JAILERS for f in hero.followers)


def injured(ctx: Ctx, hero: Hero, enemy: str) -> None:
    """J5: the Air Elemental blows the party back to the City; the Water Elemental takes a Follower."""
    if not in_play(ctx):
        return
    cid = card_id(enemy)
    if cid == "air_elemental" and _in_city_region(ctx):
        city(ctx).blown = True
    elif cid == "water_elemental" and hero.followers:
        uid = hero.followers[ctx.state.rng.below(len(hero.followers))]
        hero_rules.give_up(ctx, hero, uid)
        cards.discard(ctx, uid)
        ctx.emit("follower_lost", hero.uid, follower=card_id(uid), why="water_elemental")


def work(ctx: Ctx) -> bool:
    """What the City must resolve before anything else: the Sheriff's question, the way to the
    Jail, a day in the Jail, the Air Elemental's blast."""
    if not in_play(ctx):
        return False
    state = ctx.state
    c = city(ctx)
    if state.decision is not None:
        return False
    if c.sheriff:
        uid = c.sheriff.pop(0)
        hero = state.hero(uid)
        if hero.alive and hero.gold >= SHERIFF_PRICE:
            state.decision = Decision(kind="city_sheriff", hero=uid, options=["sheriff_pay", "sheriff_refuse"],
                                      data={"gold": SHERIFF_PRICE})
        return True
    if (c.to_jail or c.blown) and state.mode == "road" and state.trip is not None and _in_city_region(ctx):
        state.tasks = [t for t in state.tasks if t.task not in travel.ROAD_TASKS]
        from engine.darkest_talisman import guardians

        guardians.dissolve(ctx)
        if c.blown:
            c.blown, c.to_jail = False, False
            ctx.emit("blown_back", place=STRADDLE)
            regions.out_to_straddle(ctx)
            return True
        c.to_jail, c.jailed = False, True
        c.jail_visits += 1
        travel.leave(ctx)
        ctx.emit("jailed")
        return True
    c.to_jail = c.blown = False
    if c.jailed and state.status == "active":
        bail = ["jail_bail"] if all(h.gold >= BAIL for h in state.party()) else []
        state.decision = Decision(kind="city_jail", options=["jail_escape"] + bail,
                                  data={"face": ESCAPE_FACE, "bail": BAIL})
        return True
    return False


def _answer_jail(ctx: Ctx, option: str) -> None:
    state = ctx.state
    c = city(ctx)
    c.jail_days += 1
    state.stats.days += 1
    if option == "jail_bail":
        for hero in state.party():
            hero.gold -= BAIL
        ctx.emit("jail_bail", gold=BAIL)
    else:
        face = ctx.d6("jail_escape")
        if face < ESCAPE_FACE:
            ctx.emit("jail_stays", face=face)
            return
        ctx.emit("jail_escaped", face=face)
    c.jailed = False
    regions.out_to_straddle(ctx)  # J1c: out, the party stands at the City


# ----------------------------------------------------------------------------- J5: the Tavern Maid
ASSASSIN = "city_assassin"
#: J5 Assassin: his price, and the Strength or Craft of the Enemies he takes on
ASSASSIN_PRICE, ASSASSIN_MAX = 3, 3


def assassin_targets(ctx: Ctx, task: Any) -> list[int]:
    """J5 Assassin: the face-up Enemies on the party's space (turned over, not yet beaten) of
    Strength or Craft 3 or less: their spots."""
    trip = ctx.state.trip
    if trip is None:
        return []
    out = []
    for spot in trip.spots:
        if spot.card is None or spot.seq == task.seq or not (spot.revealed or spot.met):
            continue
        card = ctx.pack.card(card_id(spot.card))
        if isinstance(card, EnemyCard) and card.value <= ASSASSIN_MAX:
            out.append(spot.seq)
    return out


def stranger(ctx: Ctx, hero: Hero, task: Any) -> bool:
    """J5: the Assassin, for 3 Gold, discards a face-up Enemy of Strength or Craft 3 or less;
    the Tavern Maid may pour a Stranger a drink instead of meeting him. Asked once a meeting."""
    if not in_play(ctx):
        return False
    c = city(ctx)
    key = f"{task.card}|{task.seq}|{hero.uid}"
    if card_id(task.card) == ASSASSIN:
        targets = assassin_targets(ctx, task)
        if c.drink_asked == key or hero.gold < ASSASSIN_PRICE or not targets:
            c.drink_asked = None if c.drink_asked == key else c.drink_asked
            return False
        c.drink_asked = key
        task.index -= 1
        trip = ctx.state.trip
        assert trip is not None
        options = [f"assassinate:{seq}" for seq in targets] + ["meet"]
        labels = {f"assassinate:{seq}": {"card": card_id(next(sp.card for sp in trip.spots if sp.seq == seq) or ""),
                                         "price": ASSASSIN_PRICE} for seq in targets}
        ctx.state.decision = Decision(kind="city_assassin", hero=hero.uid, options=options,
                                      data={"card": ASSASSIN, "labels": labels})
        return True
    if hero.card != "tavern_maid":
        return False
    if c.drink_asked == f"{task.card}|{task.seq}":
        c.drink_asked = None  # asked, and she chose to meet him
        return False
    c.drink_asked = f"{task.card}|{task.seq}"
    task.index -= 1  # she has not met him yet
    ctx.state.decision = Decision(kind="city_drink", hero=hero.uid, options=["drink", "meet"],
                                  data={"card": card_id(task.card)})
    return True


def pour(ctx: Ctx, hero: Hero, task: Any) -> None:
    """J5: the Tavern Maid's chart (DT's wording): 1 +1 Gold; 2 +1 Gold and roll again; 3 the
    party loses a turn; 4 the Stranger leaves; 5 +1 life; 6 a random Potion. She does not meet
    the Stranger's own effect."""
    from engine.darkest_talisman import encounters
    from engine.darkest_talisman.state import MeetCard

    state = ctx.state
    c = city(ctx)
    c.drinks += 1
    task.index += 1  # she has had her meeting
    assert isinstance(task, MeetCard)
    while True:
        face = ctx.d6("drink", hero.uid)
        ctx.emit("drink", hero.uid, face=face, card=card_id(task.card))
        if face in (1, 2):
            hero.gold += 1
            if face == 2:
                continue
        elif face == 3:
            encounters.push_lost_turns(ctx, [h.uid for h in state.party()], task.seq, at_once=False)
        elif face == 4:
            spot = next((s for s in state.trip.spots if s.seq == task.seq), None) if state.trip else None
            if spot is not None and spot.card == task.card:
                spot.card = None
                cards.discard(ctx, task.card)
            state.tasks.remove(task)
        elif face == 5:
            hero_rules.gain_life(ctx, hero, 1, "drink")
        else:
            pile = decks.ext(ctx).piles.get(POTIONS, [])
            fits = [u for u in pile if hero_rules.room_for(ctx.pack, hero, u)]
            if fits:
                uid = fits[state.rng.below(len(fits))]
                pile.remove(uid)
                hero_rules.gain_thing(ctx, hero, uid, "drink")
        return


def hire_assassin(ctx: Ctx, hero: Hero, task: Any, seq: int) -> None:
    """J5 Assassin: 3 Gold, and the Enemy on that spot is discarded; he has been met."""
    trip = ctx.state.trip
    assert trip is not None
    task.index += 1
    spot = next((sp for sp in trip.spots if sp.seq == seq), None)
    if spot is None or spot.card is None:
        return
    hero.gold -= ASSASSIN_PRICE
    ctx.emit("assassinated", hero.uid, enemy=card_id(spot.card), gold=ASSASSIN_PRICE)
    cards.discard(ctx, spot.card)
    spot.card = None


# ----------------------------------------------------------------------------- the campaign AI
def ai_pick(ctx: Ctx, decision: Decision, chance: float) -> str | None:
    """The campaign AI's City choices (engine/darkest_talisman/ai.py asks before its own):
    `chance` a number in [0, 1) the AI drew for this choice."""
    if not in_play(ctx):
        return None
    state = ctx.state
    opts = decision.options
    party = state.party()
    healthy = all(h.life >= 3 for h in party)
    if decision.kind == "city_jail":
        return "jail_bail" if "jail_bail" in opts else "jail_escape"
    if decision.kind == "city_drink":
        return "drink" if chance < 0.5 else "meet"
    if decision.kind == "city_assassin":
        return next((o for o in opts if o.startswith("assassinate:")), "meet") if chance < 0.5 else "meet"
    if decision.kind == "city_sheriff":
        hero = state.hero(decision.hero or "")
        return "sheriff_pay" if hero.gold >= SHERIFF_PRICE + 2 else "sheriff_refuse"
    for head in ("poster_cash", "poster_claim"):
        found = next((o for o in opts if o.startswith(head + ":")), None)
        if found:
            return found
    if decision.kind == "village":
        rich = any(h.gold >= 4 for h in party)
        if "depart:city" in opts and healthy and chance < (0.45 if rich else 0.2):
            return "depart:city"
        return None
    buy = next((o for o in opts if o.startswith("poster_buy:") and state.hero(o.split(":")[1]).gold >= 4), None)
    if buy:
        return buy
    bounty = next((o for o in opts if o.startswith("bounty:") and state.hero(o.split(":")[2]).life >= 4
                   and state.hero(o.split(":")[1]).life >= 4
                   and hero_rules.total(ctx.pack, state.hero(o.split(":")[1]), "strength")
                   > hero_rules.total(ctx.pack, state.hero(o.split(":")[2]), "strength") + 2), None)
    if bounty and chance < 0.02:
        return bounty
    enter = f"enter:{REGION}"
    if enter in opts:
        return enter if healthy and chance < 0.8 and regions.came_by_road(ctx) else None
    academy = next((o for o in opts if o.startswith("academy:")), None)
    if academy:
        return academy
    spell = next((o for o in opts if o.startswith("spell_buy:") and state.hero(o.split(":")[1]).gold >= 4), None)
    if spell:
        return spell
    wares = [o for o in opts if o.startswith("buy:")]
    for o in wares:
        _, uid, cid = o.split(":")
        cost = price(cid) or 0
        if state.hero(uid).gold - cost >= 2:
            return o
    burgle_opt = next((o for o in opts if o.startswith("burgle:")), None)
    if burgle_opt:
        return burgle_opt
    c = city(ctx)
    shop = next((o for o in opts if o.startswith("shop:") and o.split(":")[1] not in c.burgled
                 and o.split(":")[1] not in c.visited), None)
    if shop:
        return shop
    return None

