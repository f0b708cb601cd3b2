"""The calls the core makes where an expansion may change what happens. Each is reached only
when `state.ext` is set (a campaign naming expansions), so the core alone plays as before.

Each function asks every expansion in play, in the order they were named, through its module's
function of the same name (engine/darkest_talisman/expansions/registry.py).
"""
from __future__ import annotations

from typing import Any

from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions import decks, quests, regions, roads
from engine.darkest_talisman.expansions.registry import EXPANSIONS
from engine.darkest_talisman.state import Decision, Guardian, Hero, Spot, TeleportTask, Trove, card_id


def _each(ctx: Ctx, name: str) -> list[Any]:
    record = decks.ext(ctx)
    return [getattr(EXPANSIONS[e], name) for e in record.ids if hasattr(EXPANSIONS[e], name)]


def _say(ctx: Ctx, name: str, *args: Any) -> list[Any]:
    return [hook(ctx, *args) for hook in _each(ctx, name)]


regions.MODULES_SAY = _say


def setup(ctx: Ctx) -> None:
    decks.setup(ctx)
    for hook in _each(ctx, "setup"):
        hook(ctx)


def rolled(ctx: Ctx, faces: list[int]) -> None:
    if 1 in faces:
        for hook in _each(ctx, "rolled"):
            hook(ctx, faces)


def discard(ctx: Ctx, uid: str, where: str) -> bool:
    return decks.discard(ctx, uid, where)


def died(ctx: Ctx, hero: Hero) -> None:
    quests.lost(ctx, hero)
    for hook in _each(ctx, "died"):
        hook(ctx, hero)


def prayed(ctx: Ctx, hero: Hero) -> None:
    for hook in _each(ctx, "prayed"):
        hook(ctx, hero)


def home(ctx: Ctx) -> None:
    regions.home(ctx)
    for hook in _each(ctx, "home"):
        hook(ctx)


def new_road(ctx: Ctx) -> None:
    regions.new_road(ctx)
    for hook in _each(ctx, "new_road"):
        hook(ctx)


def work(ctx: Ctx) -> bool:
    return any(hook(ctx) for hook in _each(ctx, "work"))


def answer(ctx: Ctx, decision: Decision, option: str) -> bool:
    if option == "skip" and decision.kind == "stand":
        roads.skip(ctx)
        return True
    if option.startswith("enter:") and decision.kind in regions.ENTER_DECISIONS:
        regions.enter(ctx, option.split(":", 1)[1])
        return True
    return any(hook(ctx, decision, option) for hook in _each(ctx, "answer"))


def decision_options(ctx: Ctx) -> None:
    """More answers to the decision just set: facing the Grim Reaper (E3a), skipping a Road Space (E4b)."""
    decision = ctx.state.decision
    if decision is None:
        return
    if decision.kind == "guardians":
        for hook in _each(ctx, "guardian_options"):
            hook(ctx, decision)
    if decision.kind == "after_card":
        for hook in _each(ctx, "after_card_options"):  # the Witch's Broom (F9)
            hook(ctx, decision)
    regions.add_options(ctx, decision)  # into an expansion's Region (J3a, K3c, L3n, M6c)
    for hook in _each(ctx, "more_options"):
        hook(ctx, decision)
    if decision.kind == "stand":
        skippers = [f for e in decks.expansions(ctx) for f in e.manifest.skip_followers]
        extra = roads.skip_options(ctx, skippers)
        at = decision.options.index("turn_back") + 1 if "turn_back" in decision.options else 1
        decision.options[at:at] = extra
        for hook in _each(ctx, "stand_options"):
            hook(ctx, decision)
    if decision.kind == "destination":  # on beyond the Chapel (G3b-c)
        for hook in _each(ctx, "destination_options"):
            hook(ctx, decision)


def guardian_combat_begins(ctx: Ctx) -> None:
    """A round of Guardian Combat begins (C8e-a): an expansion's shots and bonuses for it (the
    Highland's Rogue and Lightning Hammer, K7)."""
    for hook in _each(ctx, "guardian_combat_begins"):
        hook(ctx)


def departures(ctx: Ctx, region_trove: list[str]) -> list[str]:
    return [o for hook in _each(ctx, "departures") for o in hook(ctx, region_trove)]


def set_trove(ctx: Ctx, destination: str) -> Trove | None:
    for hook in _each(ctx, "set_trove"):
        trove = hook(ctx, destination)
        if trove is not None:
            return trove  # type: ignore[no-any-return]
    return None


def trove_won(ctx: Ctx) -> None:
    regions.trove_won(ctx)
    for hook in _each(ctx, "trove_won"):
        hook(ctx)


def draw_quest(ctx: Ctx, hero: Hero) -> bool:
    return quests.draw(ctx, hero)


def quest_done(ctx: Ctx, hero: Hero) -> bool:
    """A quest done (C5f-e): True when an expansion gives its reward instead of the Talisman (the
    choice of a Quest Reward, H3b)."""
    quests.done(ctx, hero)
    return any([hook(ctx, hero) for hook in _each(ctx, "quest_done")])


def check_quest(ctx: Ctx, hero: Hero) -> bool:
    return quests.check(ctx, hero)


def casts(ctx: Ctx, hero: Hero, uid: str, kind: str, on_road: bool) -> list[Any]:
    return [c for hook in _each(ctx, "casts") for c in hook(ctx, hero, uid, kind, on_road)]


def resolve(ctx: Ctx, hero: Hero, kind: str, action: Any) -> None:
    for hook in _each(ctx, "resolve"):
        hook(ctx, hero, kind, action)


def before_death(ctx: Ctx, hero: Hero) -> bool:
    return any(hook(ctx, hero) for hook in _each(ctx, "before_death"))


def event(ctx: Ctx, special: str, seq: int) -> None:
    """The expansions' Event cards that act on the road (E6: Patrol, Whirlwind; E4a)."""
    trip = ctx.state.live_trip()
    if special == "patrol" and trip.position > 0:
        ctx.state.tasks.append(TeleportTask(target=f"road:{trip.position - 1}"))  # back one space, met again
    elif special == "whirlwind":
        spaces = ctx.d6("whirlwind")
        for spot in [s for s in trip.spots if s.seq != seq and s.card is not None]:
            roads.move_card(ctx, spot, spaces)  # clockwise: toward the destination (E4a)
    for hook in _each(ctx, "event"):  # an expansion's own Event cards (I2, I3, I4, I6 Mirage)
        hook(ctx, special, seq)


def extra_draws(ctx: Ctx) -> int:
    """E6 Fiend Slayer: one card more for a new Road Space while a character of the party has him."""
    followers = {f for e in decks.expansions(ctx) for f in e.manifest.extra_draw_followers}
    more: int = sum(int(hook(ctx)) for hook in _each(ctx, "extra_draws"))  # G4 Horn of Summoning
    return more + sum(1 for h in ctx.state.party() for f in h.followers if card_id(f) in followers)


def attack_lost(ctx: Ctx, hero: Hero) -> None:
    """E6 Golden Statue: losing an attack against an Enemy, its bearer drops it where he stands."""
    from engine.darkest_talisman import ground
    from engine.darkest_talisman import heroes as hero_rules

    dropping = {o for e in decks.expansions(ctx) for o in e.manifest.drop_on_loss}
    for uid in [o for o in hero.objects if card_id(o) in dropping]:
        hero_rules.give_up(ctx, hero, uid)
        ground.drop(ctx, [uid], 0, encountered=True)
    for hook in _each(ctx, "attack_lost"):  # the Chivalric Knight shares the loss (H5)
        hook(ctx, hero)


def dealt(ctx: Ctx, uids: list[str], faces: list[int]) -> None:
    """Cards just dealt onto a new Road Space's Draw Spots for the day's dice `faces` (the Time
    Card's passage of time, F3; a 1 among them brings the Werewolf, F6a)."""
    for hook in _each(ctx, "dealt"):
        hook(ctx, uids, faces)


def lunar(ctx: Ctx, cid: str) -> None:
    """A Lunar Event met (F3): it stays in play until the next Daybreak or Nightfall."""
    for hook in _each(ctx, "lunar"):
        hook(ctx, cid)


def enemy_modifier(ctx: Ctx, score: int) -> int:
    """An Enemy's attack score as the expansions change it (Day -1, minimum 1; Night +1: F3)."""
    for hook in _each(ctx, "enemy_modifier"):
        score = hook(ctx, score)
    return score


def injured(ctx: Ctx, hero: Hero, enemy: str) -> None:
    """A character lost a life to an Enemy and lives (a Wolf's bite raises the Blood Moon, F2a)."""
    for hook in _each(ctx, "injured"):
        hook(ctx, hero, enemy)


def service_open(ctx: Ctx, hero: Hero, service: Any) -> bool:
    """Is an expansion's service offered to this character now (the cure for a Talisman at the
    Temple or the Chapel only to a Werewolf holding one, F4b)? Core services: always."""
    return all(hook(ctx, hero, service) for hook in _each(ctx, "service_open"))


def visited(ctx: Ctx, hero: Hero, service: Any) -> None:
    """A character used a visit service (the Temple's or the Chapel's cure, F4b)."""
    for hook in _each(ctx, "visited"):
        hook(ctx, hero, service)


def trove_guardians(ctx: Ctx) -> list[Guardian]:
    """Figures that join a trove's guardians, unequipped (the Werewolf at his Den, F8h)."""
    return [g for hook in _each(ctx, "trove_guardians") for g in hook(ctx)]


def guardian_strikes(ctx: Ctx, attr: str, scores: list[tuple[str, int]], lives: dict[str, int]) -> list[str]:
    """The characters an expansion's guardian assigns damage to in this figure's blows (F8i)."""
    return [u for hook in _each(ctx, "guardian_strikes") for u in hook(ctx, attr, scores, lives)]


def guardian_struck(ctx: Ctx, uids: list[str]) -> None:
    """After the blows: what befalls those an expansion's guardian struck (the Werewolf's chart, F8i)."""
    for hook in _each(ctx, "guardian_struck"):
        hook(ctx, uids)


def draw_dice(ctx: Ctx, terrain: str, dice: int) -> int:
    """The dice a new Road Space of `terrain` rolls for its cards (Night of the Pumpkin King, F9)."""
    for hook in _each(ctx, "draw_dice"):
        dice = hook(ctx, terrain, dice)
    return dice


def teleport_targets(ctx: Ctx, targets: list[str]) -> list[str]:
    """The teleport targets still open (Fright Night bars those off the road, F9)."""
    for hook in _each(ctx, "teleport_targets"):
        targets = hook(ctx, targets)
    return targets


def teleport_target(ctx: Ctx, target: str) -> str | None:
    """Where a teleport lands instead (Fright Night: the first face-up Enemy's space), None: barred."""
    found: str | None = target
    for hook in _each(ctx, "teleport_target"):
        if found is None:
            break
        found = hook(ctx, found)
    return found


def combat_spell_fits(ctx: Ctx, task: Any, hero: Hero, kind: str) -> bool:
    """An expansion's Spell cast in a combat against an Enemy (Feral Hunger, F9)."""
    return any(hook(ctx, task, hero, kind) for hook in _each(ctx, "combat_spell_fits"))


def combat_cast(ctx: Ctx, task: Any, hero: Hero, kind: str) -> None:
    for hook in _each(ctx, "combat_cast"):
        hook(ctx, task, hero, kind)


def attack_roll(ctx: Ctx, task: Any, hero: Hero, roll: list[int]) -> list[int]:
    """A character's combat roll as the expansions change it (Feral Hunger, Moon Mist, F9)."""
    for hook in _each(ctx, "attack_roll"):
        roll = hook(ctx, task, hero, roll)
    return roll


def roll_rule(ctx: Ctx, hero: Hero) -> str | None:
    """How this character's next combat roll is made, for the fight buttons' odds: "six" (Feral
    Hunger), "lower" (Moon Mist), None: as usual (F9)."""
    return next((r for hook in _each(ctx, "roll_rule") if (r := hook(ctx, hero)) is not None), None)


def ability_open(ctx: Ctx, hero: Hero, ability: str) -> bool:
    """May this character use his ability now (the Blood Moon's characters only when they lead
    the Marching Order, F9)?"""
    return all(hook(ctx, hero, ability) for hook in _each(ctx, "ability_open"))


def placed_elsewhere(ctx: Ctx, spot: Spot) -> bool:
    """A card just turned over that goes to wait on another Road Space instead of being met now
    (the Scarecrow on a Fields space, F9); True: it went."""
    return any(hook(ctx, spot) for hook in _each(ctx, "placed_elsewhere"))


def sure_guardians(ctx: Ctx) -> list[dict[str, Any]]:
    """The guardians a trove is sure to have before its cards are drawn, for the forecast
    (`of`, `strength`, `craft`): the Werewolf at his Den (F8h)."""
    return [g for hook in _each(ctx, "sure_guardians") for g in hook(ctx)]


def entered(ctx: Ctx, k: int) -> None:
    """The party entered Road Space `k` from another space (or the village): fireland tokens
    there burn (I3b), the Ifrit on the road act (I6)."""
    for hook in _each(ctx, "entered"):
        hook(ctx, k)


def battle_won(ctx: Ctx, hero: Hero, enemy: str, attribute: str) -> None:
    """A character beat an Enemy in a normal combat (the Shamshir of Khamsin's bearer leads, I6)."""
    for hook in _each(ctx, "battle_won"):
        hook(ctx, hero, enemy, attribute)


def straddles(ctx: Ctx, destination: str) -> bool:
    """Is `destination` the way into an expansion's Region (its straddle point, J1, K1, L1, M1)?"""
    return any(spec.straddle == destination for _, spec in regions.specs(ctx))


def road_end(ctx: Ctx) -> bool:
    """The party walks off the near end of its road: an expansion's road may lead elsewhere than
    the village (G3j: the Frostmarch's back to the Chapel). True when an expansion took it there."""
    return any(hook(ctx) for hook in _each(ctx, "road_end"))


def closed_roll(ctx: Ctx, hero: Hero, attribute: str) -> bool:
    """The Enemy fighting `hero` with `attribute` may not roll its 6 again (G4 Frostbite, Ice Fang)."""
    return any(hook(ctx, hero, attribute) for hook in _each(ctx, "closed_roll"))


def village_actions(ctx: Ctx, hero: Hero) -> list[Any]:
    """What an expansion sells or offers in a village besides the core's services (the Stables, H2)."""
    return [a for hook in _each(ctx, "village_actions") for a in hook(ctx, hero)]


def buy(ctx: Ctx, hero: Hero, cid: str) -> bool:
    """An expansion's ware bought (a Stables card, H2); True when one took it."""
    return any(hook(ctx, hero, cid) for hook in _each(ctx, "buy"))


def walked_out(ctx: Ctx) -> bool:
    """The party walks back out of an expansion's Region onto the straddling destination (J3f-c);
    True when done here (the core's code would otherwise take it home)."""
    return regions.walked_out(ctx)


def master_guardians(ctx: Ctx) -> list[Guardian]:
    """A Region's master joining the trove's guardians (K6g, L6a, M8a)."""
    return regions.master_guardians(ctx)


def master_waiting(ctx: Ctx) -> dict[str, object] | None:
    return regions.master_of(ctx)


def ai_pick(ctx: Ctx, decision: Decision, chance: float) -> str | None:
    """An expansion's suggestion to the campaign AI for this decision (an option, or None):
    into a Region when the party is fit (J3a, K3c), the City's shops and posters (J3f, J4)."""
    for hook in _each(ctx, "ai_pick"):
        pick = hook(ctx, decision, chance)
        if pick is not None and pick in decision.options:
            return str(pick)
    entries = [o for o in decision.options if o.startswith("enter:")]
    if entries and all(h.life >= 3 for h in ctx.state.party()) and chance < 0.8 and regions.came_by_road(ctx):
        return entries[0]
    return None


def stranger(ctx: Ctx, hero: Hero, task: Any) -> bool:
    """A character is about to meet a Stranger (the MeetCard `task`): an expansion may ask
    something first (the City's Tavern Maid, J5); True when it did (the meeting waits)."""
    return any(hook(ctx, hero, task) for hook in _each(ctx, "stranger"))


def character_dealt(ctx: Ctx, hero: Hero) -> None:
    """A character joins the campaign (A3, C1c): an expansion's starting equipment."""
    for hook in _each(ctx, "character_dealt"):
        hook(ctx, hero)


def location_met(ctx: Ctx, loc: str) -> bool:
    """The party meets a road space's own location for the first time (a Special Location an
    expansion's module runs itself, the Dungeon's L5b); True when a module did something (the
    party's step starts over)."""
    return any([hook(ctx, loc) for hook in _each(ctx, "location_met")])


def draw_first(ctx: Ctx) -> str | None:
    """A card an expansion has drawn before the live Adventure deck (J5 Travelling Bazaar)."""
    for hook in _each(ctx, "draw_first"):
        uid = hook(ctx)
        if uid is not None:
            return str(uid)
    return None


def enemy_stilled(ctx: Ctx, task: Any, hero: Hero) -> bool:
    """The Enemy fighting `hero` rolls no die in this combat (the Highland's Lightning Bolt, K7)."""
    return any(hook(ctx, task, hero) for hook in _each(ctx, "enemy_stilled"))


def place(ctx: Ctx, hero: Hero, task: Any) -> bool:
    """A character is about to meet a Place (the MeetCard `task`): an expansion may ask or act
    first (the Highland's Trailblazer passes it by, its Icy Path slides the party, K7); True when
    it did (the meeting waits or is over for him)."""
    return any(hook(ctx, hero, task) for hook in _each(ctx, "place"))


def takes_dropped(ctx: Ctx, hero: Hero, thing: str | None) -> bool:
    """May `hero` take a thing dropped on this visit (None: Gold) at once (the Highland's Magpie
    and Treasure Hunter, K7)?"""
    return any(hook(ctx, hero, thing) for hook in _each(ctx, "takes_dropped"))
def day_faces(ctx: Ctx, faces: list[int], dice: int) -> list[int]:
    """The dice a new Road Space rolled for its cards, as an expansion's item changes them (the
    Dungeon Amulet's reroll, L7)."""
    for hook in _each(ctx, "day_faces"):
        faces = hook(ctx, faces, dice)
    return faces


def relic(ctx: Ctx, hero: Hero, why: str) -> None:
    """A Relic gained outside a trove (the Lost City, K5b-4): the first expansion in play with
    Relic cards gives it; without one, nothing is gained."""
    for hook in _each(ctx, "relic"):
        if hook(ctx, hero, why):
            return
    ctx.emit("no_relic_left", hero.uid, why=why)


def ai_free(ctx: Ctx, acts: list[Any]) -> Any | None:
    """A free action an expansion's campaign AI takes before answering the decision (the
    Highland's Eyes of the Hawk, K7); None when none helps."""
    for hook in _each(ctx, "ai_free"):
        act = hook(ctx, acts)
        if act is not None:
            return act
    return None
