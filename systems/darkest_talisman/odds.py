"""The figures a button shows before the party commits: a combat's chances, the Portal's odds,
the party's totals against the guardians.

Computed from what the reader may see (the view) with the rules' own helpers. A combat's odds
start from the attack scores the engine puts in the decision (`ours` by way of fighting,
`theirs`), so a Spell already cast in this combat (Might, Fireball, Call the Beast) counts.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, cast

from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.tower import at_most
from engine.darkest_talisman.view import CampaignView
from gm.i18n import t
from systems.darkest_talisman import forecast
from systems.darkest_talisman.names import Names

#: sixes in a row followed when adding up an open-ended roll (the rest is below 1 in 46,000)
OPEN_DEPTH = 5


@lru_cache(maxsize=None)
def open_roll() -> dict[int, float]:
    """C7c: a 6 is rolled again and added, as long as sixes come. value -> probability."""
    dist: dict[int, float] = {}

    def walk(total: int, p: float, depth: int) -> None:
        for face in range(1, 7):
            q = p / 6
            if face == 6 and depth < OPEN_DEPTH:
                walk(total + 6, q, depth + 1)
            else:
                dist[total + face] = dist.get(total + face, 0.0) + q
    walk(0, 1.0, 0)
    return dist


@lru_cache(maxsize=None)
def dice_sum(dice: int) -> dict[int, float]:
    """The exact chance of each total of `dice` d6 (a die table's row, C4a, B1c)."""
    dist = {0: 1.0}
    for _ in range(dice):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / 6
        dist = nxt
    return dist


@lru_cache(maxsize=None)
def lower_of_two() -> dict[int, float]:
    """Two open-ended rolls, the lower kept (the Blood Moon's Moon Mist, DT F9)."""
    single = sorted(open_roll().items())
    dist: dict[int, float] = {}
    for a, pa in single:
        for b, pb in single:
            dist[min(a, b)] = dist.get(min(a, b), 0.0) + pa * pb
    return dist


def _sure_six() -> dict[int, float]:
    return {6: 1.0}


#: the character's roll as the engine says it is made (`roll` in the decision's data)
HERO_ROLLS: dict[str, Callable[[], dict[int, float]]] = {"six": _sure_six, "lower": lower_of_two}


def combat_odds(ours: int, theirs: int, enemy_rolls: bool = True, roll: str | None = None) -> tuple[float, float, float]:
    """(win, tie, loss) of a normal combat: attack scores plus open-ended dice (C7c); `roll`:
    the character's roll is a sure 6 (Feral Hunger) or the lower of two (Moon Mist, DT F9)."""
    win = tie = 0.0
    theirs_dist = open_roll() if enemy_rolls else {0: 1.0}
    for a, pa in (HERO_ROLLS[roll]() if roll in HERO_ROLLS else open_roll()).items():
        for b, pb in theirs_dist.items():
            if ours + a > theirs + b:
                win += pa * pb
            elif ours + a == theirs + b:
                tie += pa * pb
    return win, tie, max(0.0, 1.0 - win - tie)



def here(n: Names) -> Any:
    """The location the party stands on (None in a village or the Tower)."""
    trip = n.data.get("trip")
    if trip is None or n.data.get("mode") != "road":
        return None
    space = trip["road"][trip["position"]]
    return n.pack.location(space.get("special") or space["location"])


def hero_score(n: Names, uid: str, attribute: str) -> int:
    loc = here(n)
    return hero_rules.total(n.pack, n.hero_model(uid), attribute, no_magic=bool(loc and loc.no_magic))  # type: ignore[arg-type]  # the attribute is strength or craft (the decision data)


def party_total(n: Names, attribute: str) -> int:
    """The party's Strength or Craft as the engine adds it up here: in the Cursed Glade (a trove
    destination of the Outer Region) Objects give nothing, so the guardians' button counts none."""
    loc = here(n)
    no_magic = bool(loc and loc.no_magic)
    # cast: "strength" or "craft", as the engine wrote it into the decision or event (a Literal there)
    attr = cast(hero_rules.Attr, attribute)
    return sum(hero_rules.total(n.pack, n.hero_model(h["uid"]), attr, no_magic=no_magic)
               for h in n.party())


def portal_dice(n: Names) -> int:
    """Dice rolled at the Portal of Power: the pack's number, one fewer for each Dwarf and each
    Follower or Object that says so (D2, D4)."""
    fewer = 0
    for h in n.party():
        model = n.hero_model(h["uid"])
        if hero_rules.has_ability(n.pack, model, "dwarf_dice"):
            fewer += 1
        fewer += sum(hero_rules.follower(n.pack, f).portal_dice for f in model.followers)
        fewer += sum(hero_rules.obj(n.pack, u).portal_dice for u in model.objects)
    return max(1, n.pack.rules.portal_dice.value - fewer)


def percent(locale: str, win: float, tie: float, loss: float) -> str:
    return t(locale, "talisman.odds.combat", win=f"{win * 100:.0f}", tie=f"{tie * 100:.0f}", loss=f"{loss * 100:.0f}")


def for_option(n: Names, view: CampaignView, kind: str, option: str) -> str | None:
    """The figures that belong on one answer's button (None: nothing to add)."""
    d = view.data.get("decision") or {}
    data = d.get("data", {})
    loc = n.locale
    if kind == "enemy" and option in ("fight", "fight:craft", "assassinate") and d.get("hero"):
        if option in data.get("ours", {}):
            ours, theirs = int(data["ours"][option]), int(data["theirs"])
        else:  # a decision stored before the scores were kept in it
            attribute = "craft" if option == "fight:craft" else str(data.get("attribute", "strength"))
            ours = hero_score(n, d["hero"], attribute)
            place = here(n)
            theirs = int(data.get("value", 0)) + (place.enemy_bonus if place else 0)
        win, tie, loss = combat_odds(ours, theirs, enemy_rolls=option != "assassinate", roll=data.get("roll"))
        return t(loc, "talisman.odds.scores", ours=ours, theirs=theirs) + " · " + percent(loc, win, tie, loss)
    if kind == "portal" and option.startswith("attempt:"):
        attribute = option.split(":")[1]
        total, dice = party_total(n, attribute), portal_dice(n)
        return t(loc, "talisman.odds.portal", total=total, dice=dice, chance=f"{at_most(total, dice) * 100:.0f}")
    if kind in ("guardians", "tower", "guardian_spell", "guardian_split"):
        # Guardian Combat rolls no attack dice: the engine's forecast of this answer (C8e)
        foreseen = forecast.label(n, forecast.of_option(n, option))
        if foreseen is not None:
            return foreseen
    if kind == "guardians" and option.startswith("fight"):
        fight = view.data.get("fight")
        if fight is None:
            return t(loc, "talisman.odds.party", strength=party_total(n, "strength"), craft=party_total(n, "craft"))
        living = [g for g in fight["guardians"] if not g.get("dead")]
        return t(loc, "talisman.odds.guardians", strength=party_total(n, "strength"), craft=party_total(n, "craft"),
                 their_strength=sum(max(0, g["strength"] - g.get("damage_strength", 0)) for g in living),
                 their_craft=sum(max(0, g["craft"] - g.get("damage_craft", 0)) for g in living))
    return None
