"""The Woodland (DT section M): its pack (data/talisman/expansions/woodland/), registered as the
expansion a campaign names with `expansions:Woodland`.

What the groundwork does with no code here (engine/darkest_talisman/expansions/regions.py): the
Woodland Region (region.yaml) is entered from the Forest, the Inner Region's trove destination
that straddles both, once it is met (M6a-c): the Inner road's cards are discarded, the Woodland
deck replaces the core's (M6d), the Woodland Spells are shuffled in (M6e) and the trove is three
Woodland Magic Objects and a die of Gold (M1, M6f); the Faerie Path's five spaces roll their own
dice, a 1 revealing one of its Special Locations (M7a, b); Queen Mab (Strength 10, Craft 10) joins
the trove's guardians in Guardian Combat (M8a-c); walking back the party is at the Forest with the
core deck (M8e); the master beaten, ten Woodland cards join the core deck (M8f).

Here:
- M2: Light and Dark Fate. A character's Fate tokens are Light unless designated Dark. Entering
  the Woodland each character with Fate designates it (M2b): kept Light, all Dark, or half Dark
  (offered from 2 Light Fate; each button says how many it turns and what that side does); the
  Fate he gains in the Woodland goes to the side he chose (M2c, the project's reading of "may be
  assigned"); out of it Fate is gained Light. A Light Fate rerolls the character's own die (the
  core's rule); a Dark Fate makes the Enemy reroll his (M2a, facts M.2); the Fate question of a
  lost battle names both, how many of each and what each does. Lost Fate is Light first
  (project).
- M3: fatebound: lightbound with more Light than Dark Fate, darkbound with more Dark, unbound with
  as much of each, fateless with none (facts M.2, GUESS).
- M4: each character draws a Path on entering (M4a) and discards it on leaving the Region; at
  the Meeting with Destiny, beyond Mab's Lair once the trove is shared out (M4b, M8d), each in
  Marching Order may resolve it: its trial (PATHS) passed, he gains a Destiny (M4c): Light if his
  Light Fate is at least his Dark, else Dark; a Destiny's gifts come once and it is kept out of
  the Woodland (M4e) and discarded at death (M4f).
- M7b: the Faerie Path's Special Locations: the Faerie Ring's and the Faerie Village's are plain
  effects (region.yaml); the Swampland's party roll (1-3 a card, then again); the Blasted
  Heath, where no Fate may be spent (a lost or tied battle there is not put to the Fate question:
  it stands); the Crossroads' 6d6 against the party's Strength and Craft; the Mystic Glen's two
  dice (their difference in cards; doubles transform it).
- M9, the Paths: Clear Path (its bearer leading, once a road, a new space skipped once its cards
  are dealt: a choice); Path of Respite (on the road, once a space, its hurt bearer may rest: 1
  life, a lost turn and its card, C6d; at the Meeting every life but one, a Destiny, then the
  Village); Path of Folly (one card fewer a die); Path of Fortune (its Gold); Path of the
  Determined (the Marching Order fixed); Dangerous Path (a Spell for the Quest Reward).
- M9, the Destinies: The Dreaded (before a fight, 1 Dark Fate: the Enemy's attack 1 lower, once a
  combat); The Vagabond (a Dark Fate back when a 1 reveals a Special Location; before a Road
  Space not yet visited, its bearer may spend a Dark Fate to choose the face the space's dice
  show, a decision, through the core's `day_faces` hook); The Void (before a fight, 1 Dark Fate
  negates what the Shaefoal or the Thieving Pixies do to whom they beat).
- M9, the characters: the Ancient Oak's Growth tokens (one a visit, project) take a lost life and
  its Strength or Craft point; the Leywalker's 3 Portal tokens (a choice to leave one where he
  beats a Spirit in psychic combat; leading, a teleport to one on the road); the Scout's redraw
  (the Prophetess's, project) only leading or for his lost turn's card; the Spider Queen's 3
  Spider tokens (on an Enemy she does not beat; spent before a roll against it: 1 lower).
- M9, the cards: Oberon's Bow (darkbound, leading, after moving: a face-up Enemy of his choice
  within 4 Draw Spots shot); Baba Yaga's Hut; the Kelpie (darkbound, leading, once a space: the
  next card passed by, discarded unmet); the Shaefoal (turns the party back, or two spaces back
  if already heading home); the Thieving Pixies (an Object, the beaten character's choice); Titania's Gate (a darkbound leader's
  party moves up the Marching Order, the first going third); the Undine (darkbound, leading: a
  forced teleport over the Storm River, between the Outer and the Inner Regions, may be
  cancelled); the Webspinner Spider (not evaded; while it stands on the space the party may not
  go on: it fights it again or turns back); the Tranquil Glade (heal 2, project, and a card); the
  Rune Gate (a teleport to the village the party chooses).

Approximated (ruling `woodland_cards` and the cards' texts): the Lucky Coin gives 1 Fate instead
of a reroll keeping either roll; the
Faerie Gate goes to the Chapel, not the Aid destination the next character needs most; the Toad
King leaves after his gift instead of hopping toward the Forest; Titania's Gate looks at the
leader's binding only; the Dangerous Path's Quest Reward is a Spell; a Spider token lowers the
Enemy's attack score (its roll's floor of 1 is not kept) and is spent before the roll, not after
it; the Big Bad Wolf's bite is the Blood Moon module's (`injured`: a character it wounds and
leaves alive); Puck's Toad (M9, facts M.2: a fatebound character chooses who, an unbound or
fateless one is struck himself) fights at Strength and Craft 1 and casts no Spell in battle for
three Road Spaces; what else a Toad may not do (Objects, Followers outside a fight) is not kept;
The Vagabond's chosen face goes on every die the space rolls (a Road Space rolls one die but
where an expansion adds dice).
The Void negates, besides the Shaefoal's and the Thieving Pixies', what the other expansions'
Enemies do to a character they beat when both are in play: the Dungeon's Burrow Worm (its drag)
and Spirit of Vengeance (its hold), L7, and the Blood Moon's Wolves (their bite), F2a.
Not built: Spider tokens in Guardian Combat (the guardians roll no dice, C8e); the
fifth Woodland character (NOT FOUND). The Scout's abilities (NOT FOUND) are the project's:
free movement from the Woods (`woods_move`, as the Elf) and a card sent back for another
(`redraw`, M9's limits).
"""
from __future__ import annotations

from typing import Any

from engine.darkest_talisman import cards, combat, effects, encounters, ground, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.content import EnemyCard, EventCard
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks, regions
from engine.darkest_talisman.expansions.model import WoodlandState
from engine.darkest_talisman.state import Combat, Decision, Hero, MeetCard, Spot, TeleportTask, Trip, card_id

ID = "woodland"
REGION = "woodland_region"
STRADDLE = "forest"
LAIR = "mabs_lair"
PATHS_PILE = "woodland_paths"
LIGHT_PILE = "woodland_light_destinies"
DARK_PILE = "woodland_dark_destinies"
#: M8d: the trial each Path sets at the Meeting with Destiny (facts M.2 for the Warrior's, the
#: Secret and the Mage's Paths; the figures and the others' trials are the project's):
#: (attribute the character rolls with, or "die" for a plain d6; the score to beat or reach)
PATHS: dict[str, tuple[str, int | str] | None] = {
    "warriors_path": ("craft", 10),  # beat Queen Mab (Craft 10) in psychic combat
    "secret_path": ("strength", 6),  # an unknown Enemy
    "mages_path": ("strength", "twice_craft"),  # a creature of Strength twice your Craft
    "dangerous_path": ("strength", 8),
    "path_of_folly": ("die", 4),
    "path_of_fortune": ("die", 3),
    "clear_path": None,
    "path_of_the_determined": None,
    "path_of_respite": None,  # M9: every life but one, then a Destiny
}
#: M9 Path of the Determined: its bearer may not change place in the Marching Order
DETERMINED = "path_of_the_determined"
#: M9 Dangerous Path: a Quest Reward too (here a Spell, project)
DANGEROUS_SPELLS = 1
#: M9 Baba Yaga's Hut: Enemies of this Strength or less may be evaded
HUT_STRENGTH = 4
#: M7b-4 Crossroads: dice rolled against the party
CROSSROADS_DICE = 6
#: the Woodland's answers
OPTION_HEADS = frozenset({"fate_light", "fate_dark", "fate_half", "meet_destiny", "decline_destiny", "dark_reroll",
                          "clear_skip", "clear_stay", "kelpie_skip", "dreaded", "spider", "void", "portal_place",
                          "portal_keep", "portal", "respite_rest", "undine_cancel", "undine_allow", "web_again",
                          "bow", "bow_hold", "pixies", "rune", "toad", "vagabond", "vagabond_roll"})
#: M9 Leywalker: his Portal tokens (project: three)
PORTAL_TOKENS = 3
#: M9 Spider Queen: her Spider tokens (project: three)
SPIDER_TOKENS = 3
#: M9 The Void: the Enemies whose special ability the campaign applies and a Dark Fate negates
#: (what they do to a character they beat; other expansions' own when both are in play, checked
#: in their modules: the Dungeon's Burrow Worm's drag to the Ruins and Spirit of Vengeance's hold,
#: L7; the Blood Moon's Wolves' bite, F2a, the Woodland's Big Bad Wolf among them)
VOIDABLE = frozenset({"shaefoal", "thieving_pixies", "burrow_worm", "spirit_of_vengeance"})
#: ...and the Wolves, whose bite counts only while the Blood Moon is in play and not yet in use
BITERS = frozenset({"wolf", "pack_of_wolves", "winter_wolf", "big_bad_wolf"})
#: M9 Puck: his curse turns a character into a Toad for this many Road Spaces (the facts' three
#: turns), fighting at this Strength and Craft, casting no Spell (project ruling `woodland_cards`)
PUCK, TOAD_SPACES, TOAD_SCORE = "puck", 3, 1
TOAD_KING = "toad_king"
#: M9 The Vagabond: the Destiny whose bearer may spend a Dark Fate to choose the face of the
#: dice a new Road Space rolls for its cards; its mark on him for the space the party stands on
VAGABOND, VAGABOND_ASKED = "the_vagabond", "woodland:vagabond"


def in_play(ctx: Ctx) -> bool:
    return ctx.state.ext is not None and ID in ctx.state.ext.ids


def wood(ctx: Ctx) -> WoodlandState:
    record = decks.ext(ctx)
    if record.woodland is None:
        record.woodland = WoodlandState()
    return record.woodland


def in_woodland(ctx: Ctx) -> bool:
    here = regions.stay(ctx)
    return here is not None and here.id == REGION


# ----------------------------------------------------------------------------- M2, M3: Light and Dark Fate
def dark(ctx: Ctx, hero: Hero) -> int:
    return min(wood(ctx).dark.get(hero.uid, 0), hero.fate)


def light(ctx: Ctx, hero: Hero) -> int:
    return hero.fate - dark(ctx, hero)


def binding(ctx: Ctx, hero: Hero) -> str:
    """M3 (facts M.2, GUESS): lightbound, darkbound, unbound or fateless."""
    if hero.fate == 0:
        return "fateless"
    lit, dim = light(ctx, hero), dark(ctx, hero)
    return "lightbound" if lit > dim else "darkbound" if dim > lit else "unbound"


def sync(ctx: Ctx) -> None:
    """M2c: Fate gained in the Woodland goes to the side its character leans to; out of it, Light.
    Fate lost is Light first (project)."""
    w = wood(ctx)
    inside = in_woodland(ctx)
    for hero in ctx.state.heroes:
        before = w.seen.get(hero.uid, hero.fate)
        gained = hero.fate - before
        if gained > 0 and inside and w.lean.get(hero.uid) == "dark":
            w.dark[hero.uid] = w.dark.get(hero.uid, 0) + gained
        if hero.uid in w.dark:
            w.dark[hero.uid] = min(w.dark[hero.uid], hero.fate)
        w.seen[hero.uid] = hero.fate


def gain_dark(ctx: Ctx, hero: Hero, n: int, why: str) -> None:
    """Fate gained Dark whatever the place (a Dark Destiny, the Vagabond)."""
    sync(ctx)
    hero_rules.change(ctx, hero, "fate", n, why)
    w = wood(ctx)
    w.dark[hero.uid] = w.dark.get(hero.uid, 0) + n
    w.seen[hero.uid] = hero.fate


def designate(ctx: Ctx, hero: Hero, option: str) -> None:
    """M2b: entering the Woodland, the character's Light Fate may become Dark: none of it
    (`fate_light`), all of it (`fate_dark`) or half, rounded up (`fate_half`); his lean for the
    Fate gained in the Woodland follows (half: Dark, project)."""
    w = wood(ctx)
    sync(ctx)
    lit = light(ctx, hero)
    turned = {"fate_light": 0, "fate_dark": lit, "fate_half": (lit + 1) // 2}[option]
    w.dark[hero.uid] = dark(ctx, hero) + turned
    w.lean[hero.uid] = "light" if option == "fate_light" else "dark"
    ctx.emit("fate_designated", hero.uid, light=light(ctx, hero), dark=dark(ctx, hero))


def _blasted(ctx: Ctx) -> bool:
    """M7b-3: the party stands on the Blasted Heath."""
    trip = ctx.state.trip
    return (in_woodland(ctx) and trip is not None and ctx.state.mode == "road"
            and trip.road[trip.position].special == "blasted_heath")


def _fate_options(ctx: Ctx, decision: Decision) -> None:
    """M2a: a Light Fate rerolls the character's die, a Dark Fate the Enemy's; M7b-3: none on
    the Blasted Heath."""
    sync(ctx)
    hero = ctx.state.hero(decision.hero or "")
    keep = [o for o in decision.options if o != "reroll"]
    if _blasted(ctx):
        decision.options[:] = keep
        decision.data["blasted"] = True
        return
    if light(ctx, hero) <= 0:
        decision.options[:] = keep
    if dark(ctx, hero) > 0 and "dark_reroll" not in decision.options:
        decision.options.insert(len(decision.options) - 1 if "accept" in decision.options else 0, "dark_reroll")
    decision.data["light"], decision.data["dark"] = light(ctx, hero), dark(ctx, hero)


def dark_reroll(ctx: Ctx, hero: Hero, task: Combat) -> None:
    """M2a: a Dark Fate spent makes the Enemy roll his attack again."""
    w = wood(ctx)
    sync(ctx)
    hero_rules.change(ctx, hero, "fate", -1, "dark_reroll")
    w.dark[hero.uid] = max(0, w.dark.get(hero.uid, 0) - 1)
    w.seen[hero.uid] = hero.fate
    w.dark_rerolls += 1
    task.rerolled = True
    task.enemy_roll = ctx.open_roll("enemy_attack")
    ctx.emit("dark_reroll", hero.uid, roll=sum(task.enemy_roll))
    combat.finish(ctx, task)


# ----------------------------------------------------------------------------- M4: Paths and Destinies
def path_pile(uid: str) -> str:
    return f"path:{uid}"


def destiny_pile(uid: str) -> str:
    return f"destiny:{uid}"


def path_of(ctx: Ctx, hero: Hero) -> str | None:
    held = decks.ext(ctx).piles.get(path_pile(hero.uid)) or []
    return held[-1] if held else None


def destinies_of(ctx: Ctx, hero: Hero) -> list[str]:
    return list(decks.ext(ctx).piles.get(destiny_pile(hero.uid)) or [])


def _hand(ctx: Ctx, pile: str, key: str) -> str | None:
    record = decks.ext(ctx)
    source = record.piles.get(pile) or []
    if not source:
        return None
    uid = source.pop()
    record.piles.setdefault(key, []).append(uid)
    return uid


def _give_back(ctx: Ctx, key: str) -> None:
    record = decks.ext(ctx)
    for uid in record.piles.pop(key, []):
        cards.discard(ctx, uid)  # back to the bottom of its own pile


def draw_path(ctx: Ctx, hero: Hero) -> str | None:
    """M4a: a Path Card for the character (any he held goes back first)."""
    _give_back(ctx, path_pile(hero.uid))
    uid = _hand(ctx, PATHS_PILE, path_pile(hero.uid))
    if uid is not None:
        wood(ctx).paths_drawn += 1
        ctx.emit("path_drawn", hero.uid, card=card_id(uid))
        if card_id(uid) == DETERMINED and not ctx.state.order_locked:
            ctx.state.order_locked = True  # M9: the Marching Order is fixed until a village (project)
            ctx.emit("order_locked", hero.uid, why=DETERMINED)
    return uid


def gain_destiny(ctx: Ctx, hero: Hero) -> str | None:
    """M4c: a Destiny, Light when his Light Fate is at least his Dark, else Dark (project); its
    gifts once (the Destiny's card effect; a Dark Destiny's Fate is Dark)."""
    sync(ctx)
    is_dark = dark(ctx, hero) > light(ctx, hero)
    uid = _hand(ctx, DARK_PILE if is_dark else LIGHT_PILE, destiny_pile(hero.uid))
    if uid is None:
        uid = _hand(ctx, LIGHT_PILE if is_dark else DARK_PILE, destiny_pile(hero.uid))
        is_dark = not is_dark
    if uid is None:
        return None
    wood(ctx).destinies += 1
    ctx.emit("destiny_dark" if is_dark else "destiny_light", hero.uid, card=card_id(uid))
    card = ctx.pack.card(card_id(uid))
    assert isinstance(card, EventCard)
    gifts = card.effect
    if is_dark and gifts.fate > 0:
        gain_dark(ctx, hero, gifts.fate, "destiny")
        gifts = gifts.model_copy(update={"fate": 0})
    effects.apply(ctx, hero, gifts, "destiny", [])
    sync(ctx)
    return uid


def trial(ctx: Ctx, hero: Hero, path: str) -> bool:
    """M8d: the Path's trial at the Meeting with Destiny (PATHS); True: passed."""
    rule = PATHS.get(path)
    if rule is None:
        return True
    attribute, target = rule
    if attribute == "die":
        face = ctx.d6("destiny", hero.uid)
        passed = face >= int(target)
        ctx.emit("destiny_passed" if passed else "destiny_failed", hero.uid, card=path, score=face, against=int(target))
        return passed
    value = hero_rules.total(ctx.pack, hero, attribute)  # type: ignore[arg-type]  # PATHS names strength or craft
    against = 2 * hero_rules.total(ctx.pack, hero, "craft") if target == "twice_craft" else int(target)
    ours = value + ctx.d6("destiny", hero.uid)
    theirs = against + ctx.d6("destiny")
    passed = ours > theirs
    ctx.emit("destiny_passed" if passed else "destiny_failed", hero.uid, card=path, score=ours, against=theirs)
    return passed


def meet_destiny(ctx: Ctx, hero: Hero) -> None:
    """M8d: the character resolves his Path; it is discarded after."""
    w = wood(ctx)
    uid = path_of(ctx, hero)
    if uid is None:
        return
    path = card_id(uid)
    w.meetings += 1
    if path == "path_of_respite":  # M9: every life but one, a Destiny, then the Village
        if hero.life > 1:
            hero_rules.lose_life(ctx, hero, hero.life - 1, "path_of_respite")
        w.respite = True
        gain_destiny(ctx, hero)
    elif trial(ctx, hero, path):
        gain_destiny(ctx, hero)
        if path == "dangerous_path":
            hero_rules.draw_spells(ctx, hero, DANGEROUS_SPELLS, "dangerous_path")
    _give_back(ctx, path_pile(hero.uid))


# ----------------------------------------------------------------------------- the Region's hooks
def setup(ctx: Ctx) -> None:
    w = wood(ctx)
    for hero in ctx.state.heroes:
        w.seen[hero.uid] = hero.fate


def region_entered(ctx: Ctx, region_id: str) -> None:
    """M2b, M4a: each character designates his Fate and draws a Path; the stay's Special
    Locations are new; the Ancient Oak grows (project: one Growth token a visit)."""
    if region_id != REGION:
        return
    w = wood(ctx)
    sync(ctx)
    w.settled, w.glen_doubles, w.gates, w.meeting, w.respite = [], [], [], [], False
    w.clear_used, w.fresh_space, w.kelpie_at, w.rested = False, -1, [], []
    w.portals = {}  # a new road: the Portal tokens are back on the Leywalker's card (project)
    party = [h for h in ctx.state.party() if h.alive]
    for hero in party:
        draw_path(ctx, hero)
        if hero.card == "ancient_oak":
            w.growth[hero.uid] = w.growth.get(hero.uid, 0) + 1
            ctx.emit("growth_gained", hero.uid, tokens=w.growth[hero.uid])
    w.asked = [h.uid for h in party if light(ctx, h) > 0]


def region_left(ctx: Ctx, region_id: str) -> None:
    """M4a: out of the Region every Path is discarded (Destinies are kept, M4e)."""
    if region_id != REGION:
        return
    w = wood(ctx)
    sync(ctx)
    for hero in ctx.state.heroes:
        _give_back(ctx, path_pile(hero.uid))
    w.asked, w.meeting, w.settled, w.glen_doubles, w.gates = [], [], [], [], []
    w.fresh_space, w.kelpie_at, w.rested, w.portals = -1, [], [], {}


def died(ctx: Ctx, hero: Hero) -> None:
    """M4f: a dead character's Destinies are discarded, and his Path."""
    w = wood(ctx)
    _give_back(ctx, destiny_pile(hero.uid))
    _give_back(ctx, path_pile(hero.uid))
    w.asked = [u for u in w.asked if u != hero.uid]
    w.meeting = [u for u in w.meeting if u != hero.uid]
    w.dark.pop(hero.uid, None)
    w.growth.pop(hero.uid, None)
    w.portals.pop(hero.uid, None)  # M1 (facts): a dead character's tokens leave the board
    w.toads.pop(hero.uid, None)
    w.webs.pop(hero.uid, None)


def departures(ctx: Ctx, region_trove: list[str]) -> list[str]:
    """M6b: the party may choose the Inner road to the Forest, the way to the Woodland (not while
    its master is beaten and the party has not been home since)."""
    if STRADDLE in region_trove and REGION not in decks.ext(ctx).regions_done:
        return [f"depart:{STRADDLE}"]
    return []


def trove_won(ctx: Ctx) -> None:
    """M8d: the trove shared out at Mab's Lair, the characters with a Path may meet their Destiny,
    in Marching Order."""
    trip = ctx.state.trip
    if not in_woodland(ctx) or trip is None or trip.destination != LAIR:
        return
    w = wood(ctx)
    w.meeting = [h.uid for h in ctx.state.party() if h.alive and path_of(ctx, h) is not None]


# ----------------------------------------------------------------------------- M7b: the Special Locations
def _space_ready(ctx: Ctx) -> tuple[int, str] | None:
    """The Special Location the party stands on, met, its cards all met, nothing under way."""
    state = ctx.state
    trip = state.trip
    if (state.mode != "road" or trip is None or not in_woodland(ctx) or state.tasks or state.decision is not None
            or (state.fight is not None and state.fight.stage != "ready") or not trip.location_met
            or trip.heading != "out"):
        return None
    special = trip.road[trip.position].special
    if special is None or any(not s.met for s in trip.spots):
        return None
    return trip.position, special


def dealt(ctx: Ctx, uids: list[str], faces: list[int]) -> None:
    """Cards just dealt for a new Road Space: the Mystic Glen's own dice (M7b-6); the Path of
    Fortune's Gold (M9); the Vagabond's Dark Fate (M9)."""
    if not in_play(ctx) or not in_woodland(ctx):
        return
    state = ctx.state
    trip = state.live_trip()
    k = trip.position
    special = trip.road[k].special
    leader = state.leader()
    if leader is not None and (held := path_of(ctx, leader)) is not None and card_id(held) == "path_of_fortune":
        gold = sum(1 for f in faces if f >= 4)
        if gold:
            leader.gold += gold
            ctx.emit("fortune_gold", leader.uid, gold=gold)
    if leader is not None and (held := path_of(ctx, leader)) is not None and card_id(held) == "path_of_folly":
        folly(ctx, uids, faces)
    if special is not None and 1 in faces:
        for hero in state.party():
            if any(card_id(u) == "the_vagabond" for u in destinies_of(ctx, hero)) and \
                    hero.fate < hero_rules.sheet(ctx.pack, hero).fate + len(destinies_of(ctx, hero)):
                gain_dark(ctx, hero, 1, "the_vagabond")
    if special == "mystic_glen" and f"{k}:mystic_glen" not in wood(ctx).settled:
        glen(ctx, k)
    if leader is not None and _bears(ctx, leader, "clear_path") and not wood(ctx).clear_used and trip.heading == "out" \
            and k + 1 < len(trip.road) and not travel.is_destination(trip, k):
        wood(ctx).fresh_space = k  # M9 Clear Path: offered once the space's cards are dealt


def folly(ctx: Ctx, uids: list[str], faces: list[int]) -> None:
    """M9 Path of Folly (its leader's card count; FFG: 1 less on every die, project's reading):
    one card fewer for each die rolled: the last cards dealt go back under the deck unseen."""
    trip = ctx.state.live_trip()
    back = [u for u in uids[::-1][:len(faces)]]
    for uid in back:
        spot = next((sp for sp in trip.spots if sp.card == uid and not sp.met), None)
        if spot is None:
            continue
        trip.spots.remove(spot)
        ctx.state.decks.adventure.insert(0, uid)
    if back:
        ctx.emit("folly", cards=len(back))


def glen(ctx: Ctx, k: int) -> None:
    """M7b-6: two dice; their difference in Woodland cards; doubles: the Glen transforms once its
    cards are met."""
    state = ctx.state
    trip = state.live_trip()
    a, b = ctx.dice(2, "mystic_glen")
    count = min(abs(a - b), ctx.pack.rules.draw_spots.value - len(trip.spots))
    ctx.emit("mystic_glen", first=a, second=b, cards=count)
    for _ in range(count):
        uid = cards.draw_adventure(ctx)
        if uid is None:
            break
        trip.spots.append(Spot(seq=state.new_seq(), card=uid))
    if a == b:
        wood(ctx).glen_doubles.append(k)
    else:
        wood(ctx).settled.append(f"{k}:mystic_glen")


def transform(ctx: Ctx, k: int) -> None:
    """M7b-6: the Mystic Glen becomes the Special Location a d6 names; its cards are met (the
    new one's dice are rolled, its effect met); the Glen again: nothing more (project)."""
    w = wood(ctx)
    trip = ctx.state.live_trip()
    w.glen_doubles.remove(k)
    w.settled.append(f"{k}:mystic_glen")
    region = ctx.pack.region(REGION)
    new = region.specials[ctx.d6("mystic_glen") - 1]
    ctx.emit("glen_transforms", location=new)
    if new == "mystic_glen":
        return
    w.glen_changes += 1
    trip.road[k].special = new
    if new not in trip.found:
        trip.found.append(new)
    loc = ctx.pack.location(new)
    if loc.draws:
        for _ in range(min(sum(ctx.dice(loc.draws, "special_location")), ctx.pack.rules.draw_spots.value - len(trip.spots))):
            uid = cards.draw_adventure(ctx)
            if uid is None:
                break
            trip.spots.append(Spot(seq=ctx.state.new_seq(), card=uid))
    trip.location_met = loc.effect is None


def swampland(ctx: Ctx, k: int) -> None:
    """M7b-2: a d6 for the party: 1-3 a Woodland card is drawn and met, then the Swampland again;
    4-6 the party may go on."""
    w = wood(ctx)
    trip = ctx.state.live_trip()
    face = ctx.d6("swampland")
    if face <= 3:
        uid = cards.draw_adventure(ctx)
        if uid is not None:
            w.swamp_traps += 1
            ctx.emit("swamp_trapped", face=face)
            trip.spots.append(Spot(seq=ctx.state.new_seq(), card=uid))
            return
    ctx.emit("swamp_free", face=face)
    w.settled.append(f"{k}:swampland")


def crossroads(ctx: Ctx, k: int) -> None:
    """M7b-4: 6d6 against the party's Strength and Craft together: less, the party travels on to
    the next Road Space at once; more, every character swaps his Path for a new one (equal:
    nothing, project)."""
    state = ctx.state
    w = wood(ctx)
    w.settled.append(f"{k}:crossroads")
    party = [h for h in state.party() if h.alive]
    might = sum(hero_rules.total(ctx.pack, h, "strength") + hero_rules.total(ctx.pack, h, "craft") for h in party)
    score = sum(ctx.dice(CROSSROADS_DICE, "crossroads"))
    ctx.emit("crossroads", score=score, against=might)
    if score < might:
        travel.leave(ctx)
        travel.arrive(ctx, k + 1)
    elif score > might:
        for hero in party:
            draw_path(ctx, hero)


def titania(ctx: Ctx) -> bool:
    """M9 Titania's Gate, once met: a darkbound leader's party moves one place up the Marching
    Order, the first going third (last in a smaller party)."""
    state = ctx.state
    trip = state.trip
    if trip is None or state.mode != "road":
        return False
    w = wood(ctx)
    for spot in trip.spots:
        if spot.met and spot.seq not in w.gates and spot.card is not None and card_id(spot.card) == "titanias_gate":
            w.gates.append(spot.seq)
            leader = state.leader()
            if leader is not None and len(state.order) > 1 and binding(ctx, leader) == "darkbound" \
                    and not state.order_locked:
                state.order = state.order[1:] + state.order[:1]
                ctx.emit("titania_order", leader.uid)
            return True
    return False


# ----------------------------------------------------------------------------- M9: the cards
#: M9 Oberon's Bow: how many Draw Spots it reaches
BOW_SPOTS = 4


def oberons_bow(ctx: Ctx) -> bool:
    """M9 Oberon's Bow (darkbound): after moving, its bearer leading the party may aim at a face-up
    Enemy within the space's first 4 Draw Spots (his choice, or none) and roll a d6 (`shoot`);
    above its Strength, the Enemy is discarded (no trophy). Once a move."""
    state = ctx.state
    trip = state.trip
    leader = state.leader()
    w = wood(ctx)
    if trip is None or leader is None or state.mode != "road" or w.bow_day == state.stats.days \
            or not any(card_id(u) == "oberons_bow" for u in leader.objects) or binding(ctx, leader) != "darkbound":
        return False
    targets = []
    for spot in trip.spots[:BOW_SPOTS]:
        card = ctx.pack.card(card_id(spot.card)) if spot.card is not None else None
        if spot.revealed and not spot.met and isinstance(card, EnemyCard) and card.strength is not None:
            targets.append((card.strength, spot.seq, spot))
    if not targets:
        return False
    w.bow_day = state.stats.days
    targets.sort(key=lambda x: (x[0], x[1]))
    options = [f"bow:{seq}" for _, seq, _ in targets] + ["bow_hold"]
    labels = {f"bow:{seq}": {"card": card_id(sp.card or ""), "n": strength} for strength, seq, sp in targets}
    state.decision = Decision(kind="woodland_bow", hero=leader.uid, options=options, data={"labels": labels})
    return True


def shoot(ctx: Ctx, seq: int) -> None:
    """M9 Oberon's Bow: the arrow at the Enemy on Draw Spot `seq`: a d6 above its Strength
    discards it (no trophy)."""
    state = ctx.state
    leader = state.leader()
    trip = state.trip
    spot = next((s for s in trip.spots if s.seq == seq), None) if trip is not None else None
    card = ctx.pack.card(card_id(spot.card)) if spot is not None and spot.card is not None else None
    if leader is None or spot is None or not isinstance(card, EnemyCard) or card.strength is None:
        return
    strength = card.strength
    face = ctx.d6("oberons_bow", leader.uid)
    assert spot.card is not None
    hit = face > strength
    ctx.emit("bow_hit" if hit else "bow_missed", leader.uid, enemy=card_id(spot.card), face=face)
    if hit:
        cards.discard(ctx, spot.card)
        spot.card = None
        spot.met = True


def injured(ctx: Ctx, hero: Hero, enemy: str) -> None:
    """M9: the Shaefoal turns the party back; the Thieving Pixies take an Object; the Ancient
    Oak's Growth token takes the lost life and the Strength or Craft point instead (when he
    lives; the Enemy's attribute, Strength when it has none)."""
    if not in_play(ctx):
        return
    state = ctx.state
    w = wood(ctx)
    cid = card_id(enemy)
    if hero.card == "ancient_oak" and w.growth.get(hero.uid, 0) > 0 and hero.alive:
        w.growth[hero.uid] -= 1
        hero_rules.gain_life(ctx, hero, 1, "growth")
        foe = ctx.pack.card(cid) if ctx.pack.has_card(cid) else None
        hero_rules.change(ctx, hero, foe.attribute if isinstance(foe, EnemyCard) else "strength", 1, "growth")
        ctx.emit("growth_spent", hero.uid, tokens=w.growth[hero.uid])
    if enemy in w.voided:
        ctx.emit("void_spared", hero.uid, enemy=cid)
        return
    if cid == "shaefoal" and state.trip is not None and state.trip.heading == "out" \
            and not travel.is_destination(state.trip, state.trip.position):
        state.trip.heading = "home"
        ctx.emit("turned_back", space=state.trip.position)
    elif cid == "shaefoal" and state.trip is not None and state.trip.heading == "home" and state.mode == "road":
        back = min(state.trip.position + 2, len(state.trip.road) - 1)  # M9: two Road Spaces backwards
        if back != state.trip.position:
            ctx.emit("shaefoal_back", hero.uid, space=back)
            state.tasks.append(TeleportTask(target=f"road:{back}"))
    elif cid == "thieving_pixies" and len(hero.objects) == 1:
        pixies_take(ctx, hero, hero.objects[0])
    elif cid == "thieving_pixies" and hero.objects:
        w.pixies.append(hero.uid)  # he chooses which Object (`_pixies_choice`)


def pixies_take(ctx: Ctx, hero: Hero, uid: str) -> None:
    """M9 Thieving Pixies: the Object the beaten character discards."""
    hero_rules.give_up(ctx, hero, uid)
    cards.discard(ctx, uid)
    ctx.emit("pixies_stole", hero.uid, thing=card_id(uid))


def _pixies_choice(ctx: Ctx) -> bool:
    """M9 Thieving Pixies: a character they beat chooses the Object he discards."""
    state = ctx.state
    w = wood(ctx)
    while w.pixies:
        hero = state.hero(w.pixies.pop(0))
        if not hero.alive or not hero.objects:
            continue
        if len(hero.objects) == 1:
            pixies_take(ctx, hero, hero.objects[0])
            continue
        options = [f"pixies:{u}" for u in hero.objects]
        state.decision = Decision(kind="woodland_pixies", hero=hero.uid, options=options,
                                  data={"labels": {o: {"card": card_id(o.split(":", 1)[1])} for o in options}})
        return True
    return False


def is_toad(ctx: Ctx, hero: Hero) -> bool:
    return wood(ctx).toads.get(hero.uid, 0) > 0


def toad(ctx: Ctx, hero: Hero) -> None:
    """M9 Puck: the character becomes a Toad for three Road Spaces (project: a Toad already stays
    one three more)."""
    wood(ctx).toads[hero.uid] = TOAD_SPACES
    ctx.emit("toad_cursed", hero.uid, spaces=TOAD_SPACES)


def stranger(ctx: Ctx, hero: Hero, task: Any) -> bool:
    """The Toad King (facts) ends a Toad's curse before his own gift. M9 Puck (facts M.2): a
    fatebound character (Light or Dark) chooses whom the curse strikes, an unbound or fateless
    one is struck himself. True when the choice waits (the meeting is his)."""
    if in_play(ctx) and card_id(task.card) == TOAD_KING and is_toad(ctx, hero):
        del wood(ctx).toads[hero.uid]  # the facts: the Toad King ends a Toad's curse
        ctx.emit("toad_gone", hero.uid)
        return False
    if not in_play(ctx) or card_id(task.card) != PUCK:
        return False
    others = [h for h in ctx.state.party() if h.alive and h.uid != hero.uid]
    if binding(ctx, hero) in ("unbound", "fateless") or not others:
        toad(ctx, hero)
        return True
    wood(ctx).puck = hero.uid
    return _puck_pose(ctx)


def _puck_pose(ctx: Ctx) -> bool:
    """Puck's question, posed again from the record until answered (the core drops a decision
    made while tasks wait)."""
    w = wood(ctx)
    if not w.puck:
        return False
    hero = ctx.state.hero(w.puck)
    meeting = any(isinstance(t, MeetCard) and card_id(t.card) == PUCK for t in ctx.state.tasks)
    if not hero.alive or not meeting:  # dead, or the meeting is over (a teleport, a test's reset)
        w.puck = ""
        return False
    targets = [h.uid for h in ctx.state.party() if h.alive]
    options = [f"toad:{u}" for u in targets]
    ctx.state.decision = Decision(kind="woodland_puck", hero=hero.uid, options=options,
                                  data={"spaces": TOAD_SPACES, "labels": {f"toad:{u}": {"hero": u} for u in targets}})
    return True


def _toad_combat(ctx: Ctx) -> None:
    """M9 Puck: a Toad fights at Strength and Craft 1, whatever he holds (project), set on the
    combat's figures before its decision is posed so the odds show it."""
    task = _top_combat(ctx)
    if task is None or task.stage != "choose" or task.ally:
        return
    hero = ctx.state.hero(task.hero)
    if not is_toad(ctx, hero):
        return
    no_magic = ground.no_magic_here(ctx)
    task.bonus = TOAD_SCORE - hero_rules.total(ctx.pack, hero, "strength", no_magic=no_magic, versus=task.kind)
    task.craft_bonus = TOAD_SCORE - hero_rules.total(ctx.pack, hero, "craft", no_magic=no_magic, versus=task.kind)


def entered(ctx: Ctx, k: int) -> None:
    """M9 Puck: a Toad's curse wears off after three Road Spaces."""
    if not in_play(ctx):
        return
    w = wood(ctx)
    for uid in list(w.toads):
        w.toads[uid] -= 1
        if w.toads[uid] <= 0:
            del w.toads[uid]
            ctx.emit("toad_gone", uid)


def _vagabond(ctx: Ctx) -> bool:
    """M9 The Vagabond: before the party moves on to a Road Space not yet visited, its bearer
    with a Dark Fate is asked once a space whether to spend it and choose the face its dice show
    (project: every die the party rolls for that space's cards shows the face chosen)."""
    state = ctx.state
    trip = state.trip
    if state.mode != "road" or trip is None or state.tasks or state.fight is not None or wood(ctx).vagabond_face:
        return False
    nxt = trip.position + (1 if trip.heading == "out" else -1)
    if (not trip.location_met or any(not s.met for s in trip.spots) or not 0 <= nxt < len(trip.road)
            or trip.road[nxt].visited
            or (travel.is_destination(trip, trip.position) and trip.heading == "out" and not trip.destination_done)):
        return False
    bearer = next((h for h in state.party() if h.alive and _destined(ctx, h, VAGABOND) and dark(ctx, h) > 0
                   and VAGABOND_ASKED not in h.used), None)
    if bearer is None:
        return False
    bearer.used.append(VAGABOND_ASKED)
    options = [f"vagabond:{face}" for face in range(1, 7)] + ["vagabond_roll"]
    state.decision = Decision(kind="woodland_vagabond", hero=bearer.uid, options=options,
                              data={"dark": dark(ctx, bearer), "place": trip.road[nxt].location,
                                    "labels": {f"vagabond:{face}": {"n": face} for face in range(1, 7)}})
    return True


def vagabond_choose(ctx: Ctx, hero: Hero, face: int) -> None:
    w = wood(ctx)
    sync(ctx)
    hero_rules.change(ctx, hero, "fate", -1, VAGABOND)
    w.dark[hero.uid] = max(0, w.dark.get(hero.uid, 0) - 1)
    w.seen[hero.uid] = hero.fate
    w.vagabond_face = face
    ctx.emit("vagabond_chose", hero.uid, face=face)


def day_faces(ctx: Ctx, faces: list[int], dice: int) -> list[int]:
    """M9 The Vagabond: the dice of the new Road Space show the face its bearer chose."""
    if not in_play(ctx) or not wood(ctx).vagabond_face:
        return faces
    face, wood(ctx).vagabond_face = wood(ctx).vagabond_face, 0
    return [face] * len(faces)


def _hut_evade(ctx: Ctx, decision: Decision) -> None:
    """M9 Baba Yaga's Hut: its master leading, an Enemy of Strength 4 or less may be evaded."""
    state = ctx.state
    leader = state.leader()
    task = state.tasks[-1] if state.tasks else None
    if leader is None or not isinstance(task, Combat) or "evade" in decision.options or task.attribute != "strength":
        return
    if not any(card_id(f) == "baba_yagas_hut" for f in leader.followers) or task.value > HUT_STRENGTH:
        return
    card = ctx.pack.card(card_id(task.enemy)) if ctx.pack.has_card(card_id(task.enemy)) else None
    if not isinstance(card, EnemyCard) or card.evadable:
        decision.options.append("evade")


# ----------------------------------------------------------------------------- M9: Paths, Destinies, characters
def _bears(ctx: Ctx, hero: Hero, path: str) -> bool:
    """The character holds this Path now."""
    held = path_of(ctx, hero)
    return held is not None and card_id(held) == path


def _destined(ctx: Ctx, hero: Hero, destiny: str) -> bool:
    return any(card_id(u) == destiny for u in destinies_of(ctx, hero))


def _top_combat(ctx: Ctx) -> Combat | None:
    task = ctx.state.tasks[-1] if ctx.state.tasks else None
    return task if isinstance(task, Combat) else None


def _on_road(trip: Trip | None, uid: str) -> bool:
    if trip is None:
        return False
    return any(s.card == uid for s in trip.spots) or any(
        s.card == uid or uid in space.waiting for space in trip.road for s in space.spots) or any(
        uid in space.waiting for space in trip.road)


def _tidy(ctx: Ctx) -> None:
    """Marks on an Enemy last one combat (The Dreaded, a Spider token used); a Spider token comes
    back when its Enemy leaves play (M9); a Clear Path offer lapses once the space is under way."""
    state = ctx.state
    w = wood(ctx)
    fighting = {t.enemy for t in state.tasks if isinstance(t, Combat)}
    for key in [k for k in w.marks if k.split("@", 1)[-1] not in fighting]:
        del w.marks[key]
    w.voided = [u for u in w.voided if u in fighting or _on_road(state.trip, u)]
    for uid, held in list(w.webs.items()):
        kept = [u for u in held if _on_road(state.trip, u) or u in fighting]
        if len(kept) != len(held):
            w.webs[uid] = kept
            ctx.emit("spider_back", uid, tokens=SPIDER_TOKENS - len(kept))
    trip = state.trip
    if w.fresh_space >= 0 and (trip is None or state.mode != "road" or trip.position != w.fresh_space
                               or trip.location_met):
        w.fresh_space = -1


def enemy_modifier(ctx: Ctx, score: int) -> int:
    """M9 The Dreaded (a Dark Fate spent before the roll) and the Spider Queen's token: the Enemy's
    attack roll 1 lower each, for this combat (its score here; project)."""
    if not in_play(ctx):
        return score
    task = _top_combat(ctx)
    if task is None:
        return score
    w = wood(ctx)
    minus = w.marks.get(f"dreaded@{task.enemy}", 0) + w.marks.get(f"spider@{task.enemy}", 0)
    return max(0, score - minus)


def _blasted_fate(ctx: Ctx) -> bool:
    """M7b-3: on the Blasted Heath no Fate is spent: a lost or tied battle is not put to the Fate
    question at all (no one-button prompt), it stands."""
    task = _top_combat(ctx)
    if task is None or task.stage != "fate" or not _blasted(ctx):
        return False
    ctx.emit("blasted_no_fate", task.hero)
    combat.finish(ctx, task)
    return True


def _spider_web(ctx: Ctx) -> bool:
    """M9 Spider Queen: an Enemy she met and did not beat gets one of her Spider tokens (while she
    has one: placing it costs nothing, project)."""
    state = ctx.state
    task = _top_combat(ctx)
    if task is None or task.stage != "done" or task.ally or task.result in ("won", "destroyed") or "#" not in task.enemy:
        return False
    hero = state.hero(task.hero)
    if hero.card != "spider_queen" or not hero.alive or not _on_road(state.trip, task.enemy):
        return False
    w = wood(ctx)
    key = f"{task.enemy}:{task.seq}:{state.stats.days}"
    held = w.webs.setdefault(hero.uid, [])
    if w.spider_last == key or len(held) >= SPIDER_TOKENS:
        return False
    w.spider_last = key
    held.append(task.enemy)
    ctx.emit("spider_web", hero.uid, enemy=card_id(task.enemy), tokens=SPIDER_TOKENS - len(held))
    return False


def battle_won(ctx: Ctx, hero: Hero, enemy: str, attribute: str) -> None:
    """M9 Leywalker: a Spirit beaten in psychic combat, he may leave a Portal token on the space."""
    if not in_play(ctx) or hero.card != "leywalker" or attribute != "craft" or ctx.state.mode != "road":
        return
    card = ctx.pack.card(card_id(enemy)) if ctx.pack.has_card(card_id(enemy)) else None
    trip = ctx.state.trip
    if not isinstance(card, EnemyCard) or card.kind != "spirit" or trip is None:
        return
    w = wood(ctx)
    held = w.portals.get(hero.uid, [])
    if len(held) < PORTAL_TOKENS and trip.position not in held and trip.position not in w.portal_offer:
        w.portal_offer.append(trip.position)


def _leywalker(ctx: Ctx) -> Hero | None:
    return next((h for h in ctx.state.party() if h.alive and h.card == "leywalker"), None)


def _portal_offer(ctx: Ctx) -> bool:
    """M9 Leywalker: the Portal token offered where he beat a Spirit (it is his choice: a token
    placed is one fewer to place elsewhere)."""
    state = ctx.state
    w = wood(ctx)
    if not w.portal_offer:
        return False
    k = w.portal_offer.pop(0)
    hero = _leywalker(ctx)
    trip = state.trip
    if hero is None or trip is None or state.mode != "road" or k >= len(trip.road):
        return False
    left = PORTAL_TOKENS - len(w.portals.get(hero.uid, []))
    if left <= 0:
        return False
    space = trip.road[k]
    state.decision = Decision(kind="woodland_portal", hero=hero.uid, options=["portal_place", "portal_keep"],
                              data={"space": k, "place": space.special or space.location, "left": left})
    return True


def _portal_moves(ctx: Ctx) -> list[str]:
    """M9 Leywalker: leading, he may teleport the party to any of his Portal tokens on this road."""
    state = ctx.state
    trip = state.trip
    leader = state.leader()
    if trip is None or leader is None or leader.card != "leywalker" or not leader.alive:
        return []
    return [f"portal:{k}" for k in sorted(set(wood(ctx).portals.get(leader.uid, [])))
            if k != trip.position and k < len(trip.road)]


def _undine_side(ctx: Ctx, region_id: str | None) -> str | None:
    """Which side of the Storm River a Region lies (an expansion's Region: its straddle's side)."""
    if region_id in ("inner", "outer"):
        return region_id
    found = next((s for _, s in regions.specs(ctx) if s.region.id == region_id), None)
    if found is None:
        return None
    try:
        return travel.region_for(ctx, found.straddle, None)[0].id
    except KeyError:
        return None


def _target_side(ctx: Ctx, target: str) -> str | None:
    loc = target.split(":", 1)[1] if target.startswith("dest:") else target
    if not ctx.pack.has_location(loc):
        return None
    if ctx.pack.location(loc).role == "village":
        return travel.region_of_village(ctx, loc).id
    try:
        return _undine_side(ctx, travel.region_for(ctx, loc, None)[0].id)
    except KeyError:
        return None


def _undine(ctx: Ctx) -> bool:
    """M9 Undine (darkbound, her master leading): a teleport that would carry the party over the
    Storm River (between the Outer and the Inner Regions, C4f-c) may be cancelled."""
    state = ctx.state
    task = state.tasks[-1] if state.tasks else None
    leader = state.leader()
    if not isinstance(task, TeleportTask) or task.hero is not None or task.target == "any" or task.target.startswith("road:") \
            or leader is None or not any(card_id(f) == "undine" for f in leader.followers) or binding(ctx, leader) != "darkbound":
        return False
    here = _undine_side(ctx, state.trip.region) if state.trip is not None and state.mode == "road" else \
        travel.region_of_village(ctx, state.village).id if state.mode == "village" else None
    there = _target_side(ctx, task.target)
    w = wood(ctx)
    key = f"{task.target}:{state.stats.days}"
    if here is None or there is None or here == there or w.undine_last == key:
        return False
    w.undine_last = key
    loc = task.target.split(":", 1)[1] if task.target.startswith("dest:") else task.target
    state.decision = Decision(kind="woodland_undine", hero=leader.uid, options=["undine_cancel", "undine_allow"],
                              data={"place": loc})
    return True


def _rune_gate(ctx: Ctx) -> bool:
    """M9 Rune Gate: its teleport goes to any Village: the party chooses which (the card's own
    target is the Village; the choice is asked before it is carried off)."""
    state = ctx.state
    task = state.tasks[-1] if state.tasks else None
    trip = state.trip
    if not isinstance(task, TeleportTask) or task.hero is not None or task.target != "village" or trip is None:
        return False
    spot = next((s for s in trip.spots if s.seq == trip.drop_seq), None)
    if spot is None or spot.card is None or card_id(spot.card) != "woodland_rune_gate":
        return False
    w = wood(ctx)
    key = f"{spot.seq}:{state.stats.days}"
    villages = list(dict.fromkeys(r.village for r in ctx.pack.regions if r.village))
    if w.rune_last == key or len(villages) < 2:
        return False
    w.rune_last = key
    options = [f"rune:{v}" for v in villages]
    state.decision = Decision(kind="woodland_rune", hero=state.order[0], options=options,
                              data={"labels": {o: {"place": o.split(":", 1)[1]} for o in options}})
    return True


def _clear_offer(ctx: Ctx) -> bool:
    """M9 Clear Path: its bearer leading, once the new space's cards are dealt he may skip the
    space (once on this road): the party goes straight on to the next Road Space, the cards left
    unmet on it."""
    state = ctx.state
    w = wood(ctx)
    trip = state.trip
    if w.fresh_space < 0 or state.tasks or trip is None:
        return False
    k = w.fresh_space
    w.fresh_space = -1
    leader = state.leader()
    if leader is None or not _bears(ctx, leader, "clear_path") or w.clear_used:
        return False
    nxt = trip.road[k + 1]
    state.decision = Decision(kind="woodland_clear", hero=leader.uid, options=["clear_skip", "clear_stay"],
                              data={"cards": sum(1 for s in trip.spots if s.card is not None and not s.met),
                                    "place": nxt.special or nxt.location, "space": k})
    return True


def _enemy_options(ctx: Ctx, decision: Decision) -> None:
    """M9: The Dreaded (a Dark Fate: the Enemy's roll 1 lower), a Spider token on this Enemy (its
    roll 1 lower), The Void (a Dark Fate: its special ability negated), before the fight."""
    state = ctx.state
    task = _top_combat(ctx)
    if task is None or "fight" not in decision.options or decision.hero is None:
        return
    hero = state.hero(decision.hero)
    w = wood(ctx)
    labels = decision.data.setdefault("labels", {})
    can_spend = dark(ctx, hero) > 0 and not _blasted(ctx)
    if can_spend and _destined(ctx, hero, "the_dreaded") and f"dreaded@{task.enemy}" not in w.marks:
        decision.options.append("dreaded")
        labels["dreaded"] = {"n": dark(ctx, hero)}
    webbed = sum(held.count(task.enemy) for held in w.webs.values())
    if webbed:
        decision.options.append("spider")
        labels["spider"] = {"n": webbed}
    if can_spend and _destined(ctx, hero, "the_void") and voidable(ctx, card_id(task.enemy)) and task.enemy not in w.voided:
        decision.options.append("void")
        labels["void"] = {"n": dark(ctx, hero), "card": card_id(task.enemy)}


def voidable(ctx: Ctx, cid: str) -> bool:
    """M9 The Void: is there something this Enemy would do to whom it beats for it to negate?"""
    if cid in VOIDABLE:
        return True
    record = decks.ext(ctx)
    return cid in BITERS and "blood_moon" in record.ids and not (record.blood_moon or record.den_trip)


def _road_options(ctx: Ctx, decision: Decision) -> None:
    """M9 on the road: the Kelpie (before a card), the Leywalker's Portal tokens, the Path of
    Respite's rest."""
    state = ctx.state
    trip = state.trip
    leader = state.leader()
    if trip is None or leader is None or state.mode != "road":
        return
    w = wood(ctx)
    labels = decision.data.setdefault("labels", {})
    if decision.kind == "after_card" and trip.heading == "out" and trip.position not in w.kelpie_at \
            and any(card_id(f) == "kelpie" for f in leader.followers) and binding(ctx, leader) == "darkbound" \
            and any(not s.met and s.card is not None for s in trip.spots):
        decision.options.append("kelpie_skip")
    for option in _portal_moves(ctx):
        k = int(option.split(":")[1])
        decision.options.append(option)
        labels[option] = {"place": trip.road[k].special or trip.road[k].location}
    if decision.kind == "stand" and in_woodland(ctx) and trip.position not in w.rested:
        resting = next((h for h in state.party() if h.alive and _bears(ctx, h, "path_of_respite")
                        and h.life < hero_rules.sheet(ctx.pack, h).life), None)
        if resting is not None:
            decision.options.append("respite_rest")
            labels["respite_rest"] = {"hero": resting.uid}


def _web(ctx: Ctx) -> Spot | None:
    """M9 Webspinner Spider: its spot on the party's space, met and not beaten (it is still there)."""
    trip = ctx.state.trip
    if trip is None or ctx.state.mode != "road":
        return None
    return next((s for s in trip.spots if s.met and s.card is not None and card_id(s.card) == "webspinner_spider"), None)


def stand_options(ctx: Ctx, decision: Decision) -> None:
    """M9 Webspinner Spider: while it stands on the party's space the party may not go on in its
    direction (nor by raft, the Woods or a skip); it meets the space again (the Spider) or, heading
    out, turns back."""
    if not in_play(ctx) or _web(ctx) is None:
        return
    progress = {"continue", "carry_on", "skip", "raft"}
    decision.options[:] = [o for o in decision.options if o not in progress and not o.startswith("move:")]
    decision.options.append("web_again")


def _answer_cards(ctx: Ctx, decision: Decision, option: str) -> bool:
    """The answers to M9's decisions."""
    state = ctx.state
    w = wood(ctx)
    trip = state.trip
    task = _top_combat(ctx)
    if decision.kind == "woodland_clear":
        if option == "clear_skip" and trip is not None:
            w.clear_used = True
            ctx.emit("clear_skipped", decision.hero, space=trip.position)
            travel.leave(ctx)
            travel.arrive(ctx, trip.position + 1)
        return True
    if decision.kind == "woodland_portal" and decision.hero is not None:
        if option == "portal_place":
            w.portals.setdefault(decision.hero, []).append(int(decision.data["space"]))
            ctx.emit("portal_placed", decision.hero, place=decision.data["place"],
                     tokens=PORTAL_TOKENS - len(w.portals[decision.hero]))
        return True
    if decision.kind == "woodland_undine":
        top = state.tasks[-1] if state.tasks else None
        if option == "undine_cancel" and isinstance(top, TeleportTask):
            state.tasks.pop()
            ctx.emit("undine_stayed", decision.hero, place=decision.data.get("place"))
        return True
    if decision.kind == "woodland_rune":
        top = state.tasks[-1] if state.tasks else None
        if isinstance(top, TeleportTask):
            top.target = option.split(":", 1)[1]
        return True
    if decision.kind == "woodland_vagabond":
        if option.startswith("vagabond:") and decision.hero is not None:
            vagabond_choose(ctx, state.hero(decision.hero), int(option.split(":", 1)[1]))
        return True
    if decision.kind == "woodland_puck":
        wood(ctx).puck = ""
        toad(ctx, state.hero(option.split(":", 1)[1]))
        return True
    if decision.kind == "woodland_pixies" and decision.hero is not None:
        hero = state.hero(decision.hero)
        uid = option.split(":", 1)[1]
        if uid in hero.objects:
            pixies_take(ctx, hero, uid)
        return True
    if decision.kind == "woodland_bow":
        if option.startswith("bow:"):
            shoot(ctx, int(option.split(":")[1]))
        return True
    if option == "web_again" and trip is not None:
        spot = _web(ctx)
        if spot is not None:
            spot.met = False  # met again: the Spider is fought again (M9)
            trip.asked = False  # at once, not after an "after the card" question
            ctx.emit("web_again", (state.leader() or state.party()[0]).uid)
        return True
    if option == "kelpie_skip" and trip is not None:
        spot = next(s for s in trip.spots if not s.met and s.card is not None)
        assert spot.card is not None
        w.kelpie_at.append(trip.position)
        ctx.emit("kelpie_skip", (state.leader() or state.party()[0]).uid)
        cards.discard(ctx, spot.card)
        spot.card, spot.met = None, True
        state.decision = decision
        travel.push_on(ctx)  # on to the card after it
        return True
    if option.startswith("portal:") and trip is not None:
        k = int(option.split(":")[1])
        leader = state.leader()
        assert leader is not None
        w.portals[leader.uid].remove(k)
        ctx.emit("portal_jump", leader.uid, place=trip.road[k].special or trip.road[k].location)
        travel.teleport(ctx, f"road:{k}")
        return True
    if option == "respite_rest" and trip is not None:
        hero = state.hero(str(decision.data["labels"]["respite_rest"]["hero"]))
        w.rested.append(trip.position)
        hero_rules.heal(ctx, hero, 1, "respite")
        ctx.emit("lost_turn", hero.uid, why="respite")
        encounters.push_lost_turns(ctx, [hero.uid], trip.drop_seq, at_once=False)
        return True
    if task is not None and decision.hero is not None and option in ("dreaded", "spider", "void"):
        hero = state.hero(decision.hero)
        if option == "spider":
            owner = next(u for u, held in w.webs.items() if task.enemy in held)
            w.webs[owner].remove(task.enemy)
            w.marks[f"spider@{task.enemy}"] = w.marks.get(f"spider@{task.enemy}", 0) + 1
            ctx.emit("spider_bite", owner, enemy=card_id(task.enemy))
        else:
            sync(ctx)
            hero_rules.change(ctx, hero, "fate", -1, option)
            w.dark[hero.uid] = max(0, w.dark.get(hero.uid, 0) - 1)
            w.seen[hero.uid] = hero.fate
            if option == "dreaded":
                w.marks[f"dreaded@{task.enemy}"] = 1
            else:
                w.voided.append(task.enemy)
            ctx.emit(f"{option}_spent", hero.uid, enemy=card_id(task.enemy))
        return True  # the Enemy's decision is asked again, its scores as they are now
    return False


def ability_open(ctx: Ctx, hero: Hero, ability: str) -> bool:
    """M9 Scout: his second ability (here the Prophetess's: send back a card just turned over and
    meet another, project) only when he leads the party or the card was drawn for his lost turn."""
    if not in_play(ctx) or hero.card != "scout" or ability != "redraw":
        return True
    state = ctx.state
    if state.leader() is hero:
        return True
    trip = state.trip
    spot = next((s for s in trip.spots if s.seq == trip.drop_seq), None) if trip is not None else None
    return spot is not None and spot.start == hero.uid


def home(ctx: Ctx) -> None:
    """Back in a village: the road is cleared, the Portal tokens come back (project)."""
    if in_play(ctx):
        wood(ctx).portals = {}
        wood(ctx).vagabond_face = 0


def new_road(ctx: Ctx) -> None:
    if in_play(ctx):
        wood(ctx).portals = {}


# ----------------------------------------------------------------------------- the options and answers
def more_options(ctx: Ctx, decision: Decision) -> None:
    if not in_play(ctx):
        return
    if decision.kind == "fate":
        _fate_options(ctx, decision)
    elif decision.kind == "enemy":
        if decision.hero is not None and is_toad(ctx, ctx.state.hero(decision.hero)):  # M9 Puck: no Spells
            decision.options = [o for o in decision.options if not o.startswith("cast:")] or ["fight"]
        _hut_evade(ctx, decision)
        _enemy_options(ctx, decision)
    elif decision.kind in ("after_card", "stand"):
        _road_options(ctx, decision)


def answer(ctx: Ctx, decision: Decision, option: str) -> bool:
    if not in_play(ctx):
        return False
    state = ctx.state
    if decision.kind == "woodland_fate" and decision.hero is not None:
        designate(ctx, state.hero(decision.hero), option)
        return True
    if decision.kind == "woodland_destiny" and decision.hero is not None:
        if option == "meet_destiny":
            meet_destiny(ctx, state.hero(decision.hero))
        else:
            ctx.emit("destiny_declined", decision.hero)
        return True
    if _answer_cards(ctx, decision, option):
        return True
    if decision.kind == "fate" and option == "dark_reroll" and decision.hero is not None:
        task = state.tasks[-1] if state.tasks else None
        if isinstance(task, Combat):
            dark_reroll(ctx, state.hero(decision.hero), task)
            return True
    return False


def work(ctx: Ctx) -> bool:
    """What the Woodland resolves first: the Fate designations on entering (M2b), the Meeting
    with Destiny (M8d), then the Special Locations' rolls (M7b) and Titania's Gate (M9)."""
    if not in_play(ctx):
        return False
    state = ctx.state
    if state.decision is not None:
        return False
    sync(ctx)
    w = wood(ctx)
    _tidy(ctx)
    _toad_combat(ctx)
    if _puck_pose(ctx) or _vagabond(ctx) or _blasted_fate(ctx) or _spider_web(ctx) or _pixies_choice(ctx) \
            or _portal_offer(ctx) or _rune_gate(ctx) or _undine(ctx):
        return True
    while w.asked:
        hero = state.hero(w.asked.pop(0))
        if hero.alive and light(ctx, hero) > 0:
            lit = light(ctx, hero)
            options = ["fate_light", "fate_dark"] + (["fate_half"] if lit >= 2 else [])  # half of 1 is all of it
            state.decision = Decision(kind="woodland_fate", hero=hero.uid, options=options,
                                      data={"fate": hero.fate, "light": lit, "dark": dark(ctx, hero),
                                            "labels": {"fate_light": {"n": lit}, "fate_dark": {"n": lit},
                                                       "fate_half": {"n": (lit + 1) // 2}}})
            return True
    if _clear_offer(ctx):  # M9 Clear Path, once the Fate is designated
        return True
    if w.meeting and not state.tasks and (state.fight is None or state.fight.stage == "ready"):
        hero = state.hero(w.meeting.pop(0))
        uid = path_of(ctx, hero)
        if hero.alive and uid is not None:
            state.decision = Decision(kind="woodland_destiny", hero=hero.uid, options=["meet_destiny", "decline_destiny"],
                                      data={"card": card_id(uid)})
        return True
    if w.respite and not w.meeting and not state.tasks:
        w.respite = False
        ctx.emit("respite_home")
        state.tasks.append(TeleportTask(target="village"))
        return True
    if in_woodland(ctx) and titania(ctx):
        return True
    if oberons_bow(ctx):
        return True
    ready = _space_ready(ctx)
    if ready is None:
        return False
    k, special = ready
    if special == "mystic_glen" and k in w.glen_doubles:
        transform(ctx, k)
        return True
    if f"{k}:{special}" in w.settled:
        return False
    if special == "swampland":
        swampland(ctx, k)
        return True
    if special == "crossroads":
        crossroads(ctx, k)
        return True
    return False


# ----------------------------------------------------------------------------- the campaign AI
def _fighting(ctx: Ctx, hero: Hero) -> int:
    return hero_rules.total(ctx.pack, hero, "strength") + hero_rules.total(ctx.pack, hero, "craft")


def _worth(ctx: Ctx, uid: str) -> int:
    """What an Object is worth to the campaign AI: its bonuses, its armour, Magic more."""
    thing = hero_rules.obj(ctx.pack, uid)
    armour = 7 - thing.save if thing.save else 0
    return 2 * (thing.strength + thing.craft + thing.missile) + armour + (2 if thing.type == "magic_object" else 0) \
        + (1 if thing.use is not None else 0)


def _ai_cards(ctx: Ctx, decision: Decision) -> str | None:
    """The campaign AI on M9's decisions: a Spider token, The Dreaded and The Void always used
    when offered; the Clear Path taken past a space of three cards or more, or when someone is
    hurt; the Kelpie past the next card when someone is hurt; a Portal token always placed, and
    used to get home faster; the Path of Respite's rest at 2 lives or less; the Undine keeps a
    party heading out where it is; the Webspinner Spider fought again unless someone is hurt."""
    state = ctx.state
    opts = decision.options
    party = [h for h in state.party() if h.alive]
    hurt = any(h.life <= 2 for h in party)
    trip = state.trip
    if decision.kind == "enemy":
        return next((o for o in ("spider", "void", "dreaded") if o in opts), None)
    if decision.kind == "woodland_clear":
        return "clear_skip" if hurt or int(decision.data.get("cards", 0)) >= 3 else "clear_stay"
    if decision.kind == "woodland_portal":
        return "portal_place"
    if decision.kind == "woodland_rune":  # the village of the side the party is on
        here = _undine_side(ctx, trip.region) if trip is not None else None
        return next((o for o in opts if travel.region_of_village(ctx, o.split(":", 1)[1]).id == here), opts[0])
    if decision.kind == "woodland_vagabond":  # hurt: as few cards as may be (a 2: a 1 may reveal a Location)
        hurt = any(h.life <= 2 for h in state.party() if h.alive)
        return "vagabond:2" if hurt else "vagabond_roll"
    if decision.kind == "woodland_puck":  # the curse on whoever loses least by it (the weakest fighter)
        return min(opts, key=lambda o: _fighting(ctx, state.hero(o.split(":", 1)[1])))
    if decision.kind == "woodland_pixies":  # the Object worth least to its bearer
        return min(opts, key=lambda o: _worth(ctx, o.split(":", 1)[1]))
    if decision.kind == "woodland_bow":  # the weakest first (the options are sorted so): a d6 must beat it
        weakest = opts[0]
        label = (decision.data.get("labels") or {}).get(weakest) or {}
        return weakest if weakest != "bow_hold" and int(label.get("n", 6)) <= 5 else "bow_hold"
    if decision.kind == "woodland_undine":
        heading_out = trip is not None and trip.heading == "out"
        return "undine_cancel" if heading_out and not hurt else "undine_allow"
    if decision.kind == "after_card" and "kelpie_skip" in opts and hurt:
        return "kelpie_skip"
    if decision.kind == "stand" and "web_again" in opts:
        return "turn_back" if hurt and "turn_back" in opts else "web_again"
    if decision.kind == "stand":
        label = (decision.data.get("labels") or {}).get("respite_rest")
        if label is not None and state.hero(str(label["hero"])).life <= 2:
            return "respite_rest"
        if trip is not None and trip.heading == "home":
            back = [o for o in opts if o.startswith("portal:") and int(o.split(":")[1]) < trip.position]
            if back:
                return min(back, key=lambda o: int(o.split(":")[1]))
    return None


def ai_pick(ctx: Ctx, decision: Decision, chance: float) -> str | None:
    """The campaign AI's Woodland choices: Fate kept Light by a character who is strong, turned
    Dark by one who is not (to make the Enemies reroll); always meets its Destiny; spends Dark
    Fate before accepting a lost battle; goes into the Woodland from the Forest when fit."""
    if not in_play(ctx):
        return None
    state = ctx.state
    opts = decision.options
    if decision.kind == "woodland_fate":
        half = "fate_half" if "fate_half" in opts else "fate_dark"
        return half if chance < 0.4 else "fate_light" if chance < 0.7 else "fate_dark"
    if decision.kind == "woodland_destiny":
        return "meet_destiny"
    if decision.kind == "fate" and "dark_reroll" in opts:
        return "dark_reroll"
    pick = _ai_cards(ctx, decision)
    if pick is not None:
        return pick
    if decision.kind == "village":
        healthy = all(h.life >= 3 for h in state.party())
        strong = sum(hero_rules.total(ctx.pack, h, "strength") + hero_rules.total(ctx.pack, h, "craft")
                     for h in state.party()) >= 9 * max(1, len(state.party()))
        go = f"depart:{STRADDLE}"
        if go in opts and healthy and chance < (0.8 if strong else 0.5):
            return go
        return None
    party = [h for h in state.party() if h.alive]
    enter = f"enter:{REGION}"
    if enter in opts:
        fit = all(h.life >= 3 for h in party) and 2 * sum(h.life for h in party) >= 7 * len(party)
        return enter if fit and chance < 0.9 and regions.came_by_road(ctx) else None
    trip = state.trip
    if decision.kind in ("stand", "after_card") and in_woodland(ctx) and trip is not None and trip.heading == "out" \
            and all(h.life >= 2 for h in party) and sum(h.life for h in party) > 2 * len(party):
        return next((o for o in ("carry_on", "continue") if o in opts), None)  # on to Mab's Lair
    return None
