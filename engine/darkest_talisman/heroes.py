"""A character's figures, possessions and fate: what every other rules module asks of a character.

Strength and Craft are the character's own tokens: they may fall below the starting value and
to 0 without any other disability (A3b, D3c "Random"). Bonuses from Objects, Followers and
Spells are added when used, never stored. Carrying follows C2c: four items (a raft takes two,
C5e), five trinkets (unlimited with a mount that carries), two Followers and one mount.
"""
from __future__ import annotations

from typing import Any, Literal

from engine.darkest_talisman import cards, ground
from engine.darkest_talisman.content import Character, FollowerCard, ObjectCard, Pack
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import Hero, Quest, Stored, TeleportTask, card_id

Attr = Literal["strength", "craft"]


def sheet(pack: Pack, hero: Hero) -> Character:
    return pack.character(hero.card)


def obj(pack: Pack, uid: str) -> ObjectCard:
    card = pack.card(card_id(uid))
    assert isinstance(card, ObjectCard), uid
    return card


def follower(pack: Pack, uid: str) -> FollowerCard:
    card = pack.card(card_id(uid))
    assert isinstance(card, FollowerCard), uid
    return card


def has_ability(pack: Pack, hero: Hero, ability: str) -> bool:
    return ability in sheet(pack, hero).abilities


def has_amulet(pack: Pack, hero: Hero) -> bool:
    return any(obj(pack, u).special == "amulet" for u in hero.objects)


def safe_in(pack: Pack, hero: Hero, loc: str) -> bool:
    """May the character skip this special location's roll (the Guide, Pixie, Gnome; the Dwarf,
    Elf, Troll)? He then rolls only if he wishes."""
    return loc in sheet(pack, hero).safe_in or any(loc in follower(pack, f).safe_in for f in hero.followers)


def evades_in(pack: Pack, hero: Hero, loc: str) -> bool:
    """May the character evade Enemies on this road space (the Pixie in the Woods, the Gnome and
    the Dwarf in the Hills, the Elf in the Woods)?"""
    return loc in sheet(pack, hero).evade_in or any(loc in follower(pack, f).evade_in for f in hero.followers)


def holds_hag(pack: Pack, hero: Hero) -> bool:
    return any(follower(pack, f).hag for f in hero.followers)


def keeps_a_spell(pack: Pack, hero: Hero) -> bool:
    """Always holds at least one Spell (the Prophetess, the Wizard; the Wand)."""
    return has_ability(pack, hero, "spell_keeper") or any(obj(pack, u).keeps_spell for u in hero.objects)


def keep_a_spell(ctx: Ctx, hero: Hero) -> None:
    """After a cast: a character who always holds a Spell draws one when he cast his last."""
    if not hero.spells and keeps_a_spell(ctx.pack, hero):
        draw_spells(ctx, hero, 1, "spell_keeper")


def talismans(hero: Hero) -> list[str]:
    return [u for u in hero.objects if card_id(u) == "talisman"]


# ------------------------------------------------------------------------------- carrying
def load(pack: Pack, hero: Hero) -> tuple[int, int]:
    """(item places used, trinkets carried). Talismans take no place (project ruling
    `talismans_carried`): they are cards of their own, not Objects."""
    return _load_of(pack, hero.objects)


def _load_of(pack: Pack, objects: list[str]) -> tuple[int, int]:
    """`load` of these Objects (what a character would carry after giving one up: the limits
    are asked for every thing he holds, so no copy of the character is made for it)."""
    items = trinkets = 0
    for uid in objects:
        card = obj(pack, uid)
        if card.slot == "talisman":
            continue
        if card.carry == "trinket":
            trinkets += 1
        else:
            items += card.size
    return items, trinkets


def trinkets_unlimited(pack: Pack, hero: Hero) -> bool:
    return _unlimited_with(pack, hero.followers)


def _unlimited_with(pack: Pack, followers: list[str]) -> bool:
    return any(follower(pack, f).mount and follower(pack, f).carries for f in followers)


def room_for(pack: Pack, hero: Hero, uid: str, without: str | None = None) -> bool:
    """Can the character take this Object or Follower (after giving up `without`)? C2c."""
    rules = pack.rules
    card = pack.card(card_id(uid))
    if isinstance(card, FollowerCard):
        rest = [f for f in hero.followers if f != without]
        if card.must_take:
            return True  # it takes no Follower place (ruling `core_cards`)
        if any(follower(pack, f).hag for f in rest):
            return False  # the Hag lets no other Follower join
        rest = [f for f in rest if not follower(pack, f).must_take]
        if card.mount:
            return sum(1 for f in rest if follower(pack, f).mount) < rules.mounts.value
        return sum(1 for f in rest if not follower(pack, f).mount) < rules.followers.value
    if not isinstance(card, ObjectCard):
        return False
    if hero.alignment in card.not_for:
        return False
    if card.special == "talisman" or card.slot == "talisman":
        return True  # it becomes a Talisman, which takes no place (ruling talismans_carried)
    kept = [f for f in hero.followers if f != without]
    items, trinkets = _load_of(pack, [o for o in hero.objects if o != without])
    if card.carry == "trinket":
        if _unlimited_with(pack, kept) or trinkets < rules.trinkets.value:
            return True
        return bundles(pack) and items + _bundles_of(trinkets + 1 - rules.trinkets.value) <= rules.items.value
    spare = _bundles_of(trinkets - rules.trinkets.value) if bundles(pack) and not _unlimited_with(pack, kept) else 0
    return items + spare + card.size <= rules.items.value


#: J3f-f (the City): trinkets beyond the trinket limit are carried four to an item place
TRINKET_BUNDLE = 4


def bundles(pack: Pack) -> bool:
    """J3f-f holds in a campaign with the City."""
    return "city" in pack.id.split("+")


def _bundles_of(extra: int) -> int:
    return 0 if extra <= 0 else -(-extra // TRINKET_BUNDLE)


def within_limits(pack: Pack, hero: Hero, without: str | None = None) -> bool:
    """Is what the character carries (after giving up `without`) within C2c's limits?"""
    followers = [f for f in hero.followers if f != without]
    items, trinkets = _load_of(pack, [o for o in hero.objects if o != without])
    mounts = sum(1 for f in followers if follower(pack, f).mount)
    free = sum(1 for f in followers if follower(pack, f).must_take)
    rules = pack.rules
    if bundles(pack) and not _unlimited_with(pack, followers):  # J3f-f: four trinkets make one item
        items += _bundles_of(trinkets - rules.trinkets.value)
        trinkets = min(trinkets, rules.trinkets.value)
    return (items <= rules.items.value and mounts <= rules.mounts.value
            and len(followers) - mounts - free <= rules.followers.value
            and (trinkets <= rules.trinkets.value or _unlimited_with(pack, followers)))


def holds(hero: Hero, uid: str) -> bool:
    return uid in hero.objects or uid in hero.followers


# ------------------------------------------------------------------------------- scores
def object_bonus(pack: Pack, hero: Hero, attribute: Attr, *, no_magic: bool = False, two_weapons: bool | None = None,
                 versus: str | None = None) -> int:
    """What carried Objects add to a combat of this attribute: the best weapon (two for the
    Warrior, C7d; none for the Monk and the Priest) and every other Object's bonus. The Cursed
    Glade: nothing (`no_magic`). Against a Dragon (`versus`) the Holy Lance counts its own figure."""
    if no_magic:
        return 0
    weapons: list[int] = []
    other = 0
    for uid in hero.objects:
        card = obj(pack, uid)
        value = card.strength if attribute == "strength" else card.craft
        if card.slot == "weapon" and attribute == "strength":
            if has_ability(pack, hero, "no_weapons"):
                continue
            if versus == "dragon" and card.dragon_strength:
                value = card.dragon_strength
            weapons.append(value)
        else:
            other += value
    weapons.sort(reverse=True)
    use_two = has_ability(pack, hero, "two_weapons") if two_weapons is None else two_weapons
    return other + sum(weapons[: 2 if use_two else 1])


def follower_bonus(pack: Pack, hero: Hero, attribute: Attr) -> int:
    return sum(getattr(follower(pack, f), attribute) for f in hero.followers)


def total(pack: Pack, hero: Hero, attribute: Attr, *, no_magic: bool = False, versus: str | None = None) -> int:
    """The character's Strength or Craft with Objects and Followers (the Monk adds his Craft in
    battle; a Potion of Strength lasts the turn): what the Portal, the Crypt, the Mines and
    Guardian Combat add up."""
    base = hero.strength if attribute == "strength" else hero.craft
    value = base + object_bonus(pack, hero, attribute, no_magic=no_magic, versus=versus) + follower_bonus(pack, hero, attribute)
    if attribute == "strength":
        value += hero.boost
    if attribute == "strength" and has_ability(pack, hero, "monk_craft"):
        value += hero.craft
    return max(0, value)


def uses_two_weapons(pack: Pack, hero: Hero) -> bool:
    return has_ability(pack, hero, "two_weapons") and sum(1 for u in hero.objects if obj(pack, u).slot == "weapon") >= 2


def armour_for(pack: Pack, hero: Hero, attribute: Attr, *, shield_ok: bool, no_magic: bool = False,
               face_up: bool = False) -> str | None:
    """The armour with the best save against a loss of this attribute (C7e-c, d, e): body
    armour in battle, a helmet in psychic combat, a shield for either (not with two weapons);
    the Shield of Defiance only against an Enemy met face up (`face_up`, H5)."""
    best: tuple[int, str] | None = None
    if has_ability(pack, hero, "no_armour"):
        return None  # the Monk wears no Armour
    for uid in hero.objects:
        card = obj(pack, uid)
        if card.save is None or (no_magic and card.type == "magic_object") or (card.special == "defiance" and not face_up):
            continue
        fits = (card.slot == "armour" and attribute == "strength") or (card.slot == "helmet" and attribute == "craft")
        if card.slot == "shield":
            fits = shield_ok and not uses_two_weapons(pack, hero)
        if fits and (best is None or card.save < best[0]):
            best = (card.save, uid)
    return best[1] if best else None


# ------------------------------------------------------------------------------- changes
def change(ctx: Ctx, hero: Hero, attribute: Literal["strength", "craft", "fate", "gold"], delta: int, why: str) -> None:
    if not delta:
        return
    before = getattr(hero, attribute)
    after = max(0, before + delta)
    if after == before:
        return
    setattr(hero, attribute, after)
    # Strength and Craft are shown as the total that counts, the base beside it (ruling
    # `strength_shown`): the event carries both, as they stand at this moment
    extra: dict[str, Any] = {"equipped": total(ctx.pack, hero, attribute)} if attribute in ("strength", "craft") else {}
    ctx.emit("changed", hero.uid, attribute=attribute, amount=after - before, total=after, why=why, **extra)
    if attribute == "craft":
        trim_spells(ctx, hero)


def heal(ctx: Ctx, hero: Hero, amount: int, why: str) -> int:
    """Restore lives up to the Life value (facts 6.3); returns how many."""
    room = max(0, sheet(ctx.pack, hero).life - hero.life)
    gained = min(room, amount)
    if gained:
        hero.life += gained
        ctx.emit("healed", hero.uid, amount=gained, total=hero.life, why=why)
    return gained


def gain_life(ctx: Ctx, hero: Hero, amount: int, why: str) -> None:
    """Gaining lives may go above the Life value (facts 6.3)."""
    if amount > 0:
        hero.life += amount
        ctx.emit("life_gained", hero.uid, amount=amount, total=hero.life, why=why)


def lose_life(ctx: Ctx, hero: Hero, amount: int, why: str) -> bool:
    """Lose lives; True when the character dies of it (the caller handles the body, C1b)."""
    if amount <= 0 or not hero.alive:
        return False
    hero.life = max(0, hero.life - amount)
    ctx.emit("life_lost", hero.uid, amount=amount, total=hero.life, why=why)
    return hero.life == 0


def spell_room(ctx: Ctx, hero: Hero) -> int:
    limit = ctx.pack.spell_limit(hero.craft)
    return max(0, limit - len(hero.spells))


def draw_spells(ctx: Ctx, hero: Hero, n: int, why: str) -> int:
    """Draw up to `n` Spells, never above what the character's Craft allows (facts 7)."""
    drawn = 0
    for _ in range(n):
        if spell_room(ctx, hero) <= 0:
            break
        uid = cards.draw_spell(ctx)
        if uid is None:
            break
        hero.spells.append(uid)
        drawn += 1
    if drawn:
        ctx.emit("spells_drawn", hero.uid, count=drawn, why=why)
    return drawn


def trim_spells(ctx: Ctx, hero: Hero) -> None:
    """Craft fell below what the held Spells need: discard down to the limit at once (facts 7)."""
    limit = ctx.pack.spell_limit(hero.craft)
    while len(hero.spells) > limit:
        uid = hero.spells.pop()
        cards.discard(ctx, uid)
        ctx.emit("spell_lost", hero.uid, spell=card_id(uid))


def gain_thing(ctx: Ctx, hero: Hero, uid: str, why: str) -> None:
    """Put an Object or Follower on the character and apply what gaining it does."""
    card = ctx.pack.card(card_id(uid))
    if isinstance(card, FollowerCard):
        if card.hag:  # every other Follower leaves her new master
            for other in list(hero.followers):
                give_up(ctx, hero, other)
                cards.discard(ctx, other)
                ctx.emit("follower_lost", hero.uid, follower=card_id(other), why=card.id)
        hero.followers.append(uid)
    else:
        hero.objects.append(uid)
    ctx.emit("gained", hero.uid, thing=card_id(uid), why=why)
    if isinstance(card, FollowerCard) and card.poltergeist and not ctx.state.order_locked:
        ctx.state.order_locked = True  # one space a turn: the Marching Order is fixed (C3d, D1c)
        ctx.emit("order_locked", hero.uid, why=card.id)
    if isinstance(card, ObjectCard) and card.keeps_spell:
        keep_a_spell(ctx, hero)
    if isinstance(card, ObjectCard):
        if card.special == "talisman":
            hero.objects.remove(uid)
            cards.discard(ctx, uid)
            gain_talisman(ctx, hero, why="talisman_card")
        elif card.spells:
            draw_spells(ctx, hero, card.spells, why=card.id)


def gain_talisman(ctx: Ctx, hero: Hero, why: str) -> bool:
    """A Talisman from the supply, if one is left (facts 2: four cards)."""
    uid = cards.take_talisman(ctx)
    if uid is None:
        ctx.emit("no_talisman_left", hero.uid, why=why)
        return False
    hero.objects.append(uid)
    ctx.emit("talisman_gained", hero.uid, why=why, held=len(talismans(hero)))
    return True


def spend_talisman(ctx: Ctx, hero: Hero, why: str) -> None:
    uid = talismans(hero)[0]
    hero.objects.remove(uid)
    cards.discard(ctx, uid)
    ctx.emit("talisman_spent", hero.uid, why=why)
    if ctx.state.tower is not None:
        ctx.state.tower.spent += 1


def give_up(ctx: Ctx, hero: Hero, uid: str) -> None:
    """Take a thing off the character (it goes wherever the caller puts it)."""
    if uid in hero.objects:
        hero.objects.remove(uid)
    elif uid in hero.followers:
        hero.followers.remove(uid)
        settle_load(ctx, hero)
    else:  # pragma: no cover - callers only give up what is held
        raise KeyError(uid)


def settle_load(ctx: Ctx, hero: Hero) -> None:
    """A lost mount that carried: the trinkets it carried beyond five fall where the party is
    (project ruling `lost_mule`)."""
    extra: list[str] = []
    while not within_limits(ctx.pack, hero):
        trinkets = [u for u in hero.objects if obj(ctx.pack, u).carry == "trinket" and obj(ctx.pack, u).slot != "talisman"]
        if not trinkets:
            break
        hero.objects.remove(trinkets[-1])
        extra.append(trinkets[-1])
    if extra:
        ctx.emit("overloaded", hero.uid, things=[card_id(u) for u in extra])
        ground.drop(ctx, extra, 0, encountered=True)


# ------------------------------------------------------------------------------- the way to the Tower
def talismans_needed(characters: int) -> int:
    """The Talismans a party of this size must hold at the Portal to reach the Death space:
    one discarded at the Portal (C10f), one held by every character on the Plain of Peril
    (C10g), from which the Crypt's and the Mines' are discarded (C10h, i); so one each and one
    more, and never fewer than three (a lone character pays the Portal, the Crypt and the Mines)."""
    return max(characters, 2) + 1


def talisman_shortfall(ctx: Ctx) -> dict[str, object] | None:
    """Why the way to the Tower is shut, or None while it is open.

    It is shut when some characters hold no Talisman (the Plain of Peril lets only a character
    holding one pass, C10g), the supply and the village's stored Talismans of dead companions
    (B1d) hold fewer than they lack, and nothing may be passed between characters (C2e). What
    opens it: a Talisman spent (at the Portal) goes back to the supply (ruling
    talismans_carried), where a Warlock's quest, the Talisman card or the Temple can win it
    again. `spare` counts the Talismans held beyond one by their holders: those are the ones
    the party can spend to open the way."""
    state = ctx.state
    party = state.party()
    lacking = [h.uid for h in party if not talismans(h)]
    if not lacking:
        return None
    supply = len(state.decks.talismans)
    stored = len(state.left_talismans.get(state.village, [])) if state.mode == "village" else 0
    if supply + stored >= len(lacking):
        return None
    spare = sum(max(0, len(talismans(h)) - 1) for h in party)
    return {"reason": "talismans_short", "lacking": lacking, "supply": supply, "spare": spare}


# ------------------------------------------------------------------------------- quests
QUESTS: dict[int, Quest] = {
    1: Quest(kind="defeat_enemy", amount=1),
    2: Quest(kind="defeat_enemy", amount=1),
    3: Quest(kind="deliver_follower", amount=1),
    4: Quest(kind="deliver_magic", amount=1),
    5: Quest(kind="deliver_gold", amount=3),
    6: Quest(kind="deliver_gold", amount=2),
}


def check_quest(ctx: Ctx, hero: Hero) -> None:
    """C5f-d: a quest that can be completed must be; deliveries are made at once."""
    quest = hero.quest
    if quest is None or not hero.alive:
        return
    done = False
    if quest.kind == "deliver_follower" and hero.followers:
        uid = hero.followers[0]
        give_up(ctx, hero, uid)
        cards.discard(ctx, uid)
        done = True
    elif quest.kind == "deliver_magic":
        magic = [u for u in hero.objects if obj(ctx.pack, u).type == "magic_object"]
        if magic:
            hero.objects.remove(magic[0])
            cards.discard(ctx, magic[0])
            done = True
    elif quest.kind == "deliver_gold" and hero.gold >= quest.amount:
        hero.gold -= quest.amount
        done = True
    elif ctx.state.ext is not None:  # the Quest cards' own kinds (E1c)
        from engine.darkest_talisman.hookpoint import hooks

        done = hooks.check_quest(ctx, hero)
    if done:
        complete_quest(ctx, hero)


def settle_quests(ctx: Ctx) -> None:
    """C5f-d after every action: whoever can now deliver what the Warlock asked, does. Not in the
    middle of a Guardian Combat or of resolving a card: its call back would cut them short."""
    state = ctx.state
    if state.status != "active" or state.fight is not None or state.tasks:
        return
    for hero in state.party():
        check_quest(ctx, hero)


def complete_quest(ctx: Ctx, hero: Hero) -> None:
    """C5f-e: teleport to the Warlock's Cave at once and receive a Talisman."""
    assert hero.quest is not None
    ctx.emit("quest_done", hero.uid, quest=hero.quest.kind)
    hero.quest = None
    reward = False
    if ctx.state.ext is not None:  # a completed Quest card leaves the game (E1c); H3b's choice
        from engine.darkest_talisman.hookpoint import hooks

        reward = hooks.quest_done(ctx, hero)
    if not reward:
        gain_talisman(ctx, hero, why="quest")
    trip = ctx.state.trip
    at_cave = trip is not None and trip.destination == "warlocks_cave" and trip.position == len(trip.road) - 1
    if ctx.state.mode in ("village", "road") and not at_cave:
        ctx.state.tasks.append(TeleportTask(target="warlocks_cave"))  # a forced teleport (C4f)


# ------------------------------------------------------------------------------- death
def kill(ctx: Ctx, hero: Hero, why: str) -> None:
    """C1b: the character is removed; stored things are discarded (stored Talismans stay for the
    others, B1d); carried things drop where the party is (C7e-f), Trophies are discarded."""
    if not hero.alive:
        return
    state = ctx.state
    if state.ext is not None:  # Resurrection (E5)
        from engine.darkest_talisman.hookpoint import hooks

        if hooks.before_death(ctx, hero):
            return
    hero.alive = False
    hero.life = 0
    state.stats.deaths += 1
    if hero.uid in state.order:
        state.order.remove(hero.uid)
    ctx.emit("died", hero.uid, why=why)
    for village, stores in state.storage.items():
        stored = stores.pop(hero.uid, None)
        if stored is None:
            continue
        for uid in stored.things:
            if card_id(uid) == "talisman":
                state.left_talismans.setdefault(village, []).append(uid)
            else:
                cards.discard(ctx, uid)
    for uid in hero.trophies + hero.spells:
        cards.discard(ctx, uid)
    hero.trophies, hero.spells = [], []
    things = hero.objects + hero.followers
    hero.objects, hero.followers = [], []
    gold, hero.gold = hero.gold, 0
    hero.quest = None
    ground.drop(ctx, things, gold, encountered=False)
    if not state.order:
        end_campaign(ctx, "lost", why="party_lost")
    if state.ext is not None:  # the Grim Reaper comes (E2a); a Quest card goes back
        from engine.darkest_talisman.hookpoint import hooks

        hooks.died(ctx, hero)


def end_campaign(ctx: Ctx, outcome: Literal["won", "lost"], why: str) -> None:
    """The campaign is over: `outcome` says how ("won": the Crown; "lost": no party left)."""
    state = ctx.state
    if state.status != "active":
        return
    state.status = "finished"
    state.outcome = outcome
    state.mode = "ended"
    state.decision = None
    state.tasks = []
    ctx.emit("campaign_over", result=outcome, why=why, crowned=list(state.crowned),
             days=state.stats.days, returns=state.stats.returns)


def stored(ctx: Ctx, hero: Hero) -> Stored:
    return ctx.state.storage.setdefault(ctx.state.village, {}).setdefault(hero.uid, Stored())

