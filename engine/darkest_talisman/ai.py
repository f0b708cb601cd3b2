"""AI seats for a campaign: a random legal player and a cautious heuristic that runs a party.

Both choose only among `legal_actions`, so they never break a rule. The heuristic shops, heals
and cashes Trophies in the village, picks a destination the party can face, pushes on while the
party is healthy and turns back when it is not, fights Guardians only when the totals say no
character would die, and climbs the Tower when it holds enough Talismans. It serves solo players
who want help and co-op seats whose time ran out.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from engine.darkest_talisman import guardians
from engine.darkest_talisman import heroes as H
from engine.darkest_talisman.actions import (
    Buy,
    CashBag,
    CashTrophies,
    Cast,
    Choose,
    Restore,
    Retrieve,
    SetOrder,
    Use,
    Visit,
)
from engine.darkest_talisman.content import Pack, pack_by_id
from engine.darkest_talisman.rules import legal_actions
from engine.darkest_talisman.state import CampaignState, Hero
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.tower import at_most, fewer_dice

Chooser = Callable[[CampaignState, str, random.Random], Any]


def random_player(state: CampaignState, actor: str, rng: random.Random) -> Any:
    """Random, but it answers the decision more often than it shops, so campaigns move on."""
    acts = legal_actions(state, actor)
    if not acts:
        return None
    chooses = [a for a in acts if isinstance(a, Choose)]
    if chooses and rng.random() < 0.8:
        return rng.choice(chooses)
    return rng.choice(acts)



class Heuristic:
    def __init__(self, state: CampaignState, actor: str, rng: random.Random) -> None:
        self.state = state
        self.actor = actor
        self.rng = rng
        self.pack: Pack = pack_by_id(state.options.pack)
        self.acts = legal_actions(state, actor)
        self.chooses = {a.option: a for a in self.acts if isinstance(a, Choose)}

    # ------------------------------------------------------------------ helpers
    def pick(self, *options: str) -> Choose | None:
        for o in options:
            if o in self.chooses:
                return self.chooses[o]
        return None

    def first(self, kind: type, pred: Callable[[Any], bool] = lambda a: True) -> Any:
        return next((a for a in self.acts if isinstance(a, kind) and pred(a)), None)

    def wounded(self, hero: Hero) -> int:
        return H.sheet(self.pack, hero).life - hero.life

    def weak(self) -> bool:
        party = self.state.party()
        return not party or any(h.life <= 1 for h in party) or sum(h.life for h in party) <= 2 * len(party) + 1

    # ------------------------------------------------------------------ the choice
    def choose(self) -> Any:
        d = self.state.decision
        free = self.free()
        if free is not None:
            return free
        if d is None or not self.chooses:
            return self.acts[0] if self.acts else None
        handler = getattr(self, f"on_{d.kind}", None)
        answer = handler(d) if handler else None
        return answer or next(iter(self.chooses.values()))

    def free(self) -> Any:
        """Free actions worth taking before answering."""
        d = self.state.decision
        if d is None:
            return None
        for a in self.acts:
            if isinstance(a, Use):
                card = H.obj(self.pack, a.thing)
                hero = self.state.hero(a.hero)
                if card.use is not None and (card.use.heal and self.wounded(hero) >= card.use.heal or not card.use.heal):
                    return a
            if isinstance(a, CashBag):
                return a
            if isinstance(a, Cast) and a.target is not None and a.target in {h.uid for h in self.state.party()}:
                if self.wounded(self.state.hero(a.target)) >= 2:
                    return a
        if d.kind in ("village", "service", "stand", "destination", "guardians", "portal"):
            shop = self.shop()
            if shop is not None:
                return shop
        if d.kind == "village":
            order = self.order()
            if order is not None:
                return order
        return None

    def shop(self) -> Any:
        cash = self.first(CashTrophies)
        if cash is not None:
            return cash
        gold_back = self.first(Retrieve, lambda a: a.thing is None and a.gold > 1)
        if gold_back is not None:
            return gold_back
        for service in ("heal", "strength", "craft"):
            for a in self.acts:
                if isinstance(a, Restore) and self._restores(a.service) == service:
                    return a
        mystic = self.first(Visit, lambda a: a.service == "mystic")
        if mystic is not None:
            return mystic
        visit = self.first(Visit, lambda a: a.service in ("chapel_pray", "graveyard_pray", "temple_pray", "warlock_quest"))
        if visit is not None and (visit.service != "temple_pray" or self.state.hero(visit.hero).life >= 4):
            return visit
        buys = [a for a in self.acts if isinstance(a, Buy) and self._wants(a)
                and self.state.hero(a.hero).gold - (self.pack.card(a.card).cost or 0) >= 2]  # type: ignore[union-attr]
        if buys:
            return max(buys, key=lambda a: self.pack.card(a.card).cost or 0)  # type: ignore[union-attr]
        for a in self.acts:
            if isinstance(a, Restore) and self._restores(a.service) == "fate" and self.state.hero(a.hero).gold >= 3:
                return a
        return None

    def _restores(self, service_id: str) -> str:
        for source in [self.pack.village_services] + [loc.services for loc in self.pack.locations] + \
                      [getattr(c, "services", []) for c in self.pack.adventures]:
            for s in source:
                if s.id == service_id:
                    return {"heal": "heal", "replenish_strength": "strength", "replenish_craft": "craft"}.get(s.kind, "fate")
        return "fate"

    def _wants(self, a: Buy) -> bool:
        hero = self.state.hero(a.hero)
        card = H.obj(self.pack, f"{a.card}#0")
        have = [H.obj(self.pack, u) for u in hero.objects]
        if card.slot == "weapon":
            weapons = sum(1 for c in have if c.slot == "weapon")
            return weapons < (2 if H.has_ability(self.pack, hero, "two_weapons") else 1)
        if card.slot in ("armour", "helmet", "shield"):
            return not any(c.slot == card.slot for c in have)
        return False

    def ready_for_tower(self) -> bool:
        """Every character holds a Talisman and one more pays the Portal (C10f, C10g)."""
        party = self.state.party()
        held = [len(H.talismans(h)) for h in party]
        return bool(party) and min(held) >= 1 and sum(held) >= len(party) + 1

    def order(self) -> Any:
        party = self.state.party()
        if self.ready_for_tower():  # the Talisman's payer leads (ruling talisman_payer)
            best = max(party, key=lambda h: (len(H.talismans(h)), h.uid))
        else:
            best = max(party, key=lambda h: (h.life + H.total(self.pack, h, "strength"), h.uid))
        if self.state.order and self.state.order[0] != best.uid:
            return self.first(SetOrder, lambda a: a.order[0] == best.uid)
        return None

    # ------------------------------------------------------------------ decisions
    def on_village(self, d: Any) -> Any:
        party = self.state.party()
        strength = sum(H.total(self.pack, h, "strength") for h in party)
        healthy = all(h.life >= H.sheet(self.pack, h).life - 1 for h in party)
        if "depart:portal_of_power" in self.chooses and self.ready_for_tower() and healthy:
            return self.chooses["depart:portal_of_power"]
        if "depart:sentinel" in self.chooses and healthy and strength >= 14 and all(h.life >= 4 for h in party):
            return self.chooses["depart:sentinel"]
        lacking = any(not H.talismans(h) for h in party) or not self.ready_for_tower()
        if "depart:warlocks_cave" in self.chooses and lacking and not any(h.quest for h in party) \
                and self.rng.random() < 0.6:
            return self.chooses["depart:warlocks_cave"]
        if healthy and "depart:trove" in self.chooses and self.rng.random() < 0.7:
            return self.chooses["depart:trove"]
        if not healthy and "depart:chapel" in self.chooses and all(h.alignment != "evil" for h in party):
            return self.chooses["depart:chapel"]  # free or cheap healing (facts 9.1)
        if not healthy and "depart:castle" in self.chooses and any(h.gold for h in party):
            return self.chooses["depart:castle"]
        aids = [o for o in self.chooses if o.startswith("depart:") and o not in ("depart:trove", "depart:back",
                                                                                 "depart:sentinel", "depart:portal_of_power")]
        return self.chooses[self.rng.choice(aids)] if aids else None

    def on_after_card(self, d: Any) -> Any:
        return self.pick("turn_back") if self.weak() else self.pick("continue")

    def on_stand(self, d: Any) -> Any:
        if self.weak():
            return self.pick("turn_back", "continue")
        return self.pick("continue")

    def on_destination(self, d: Any) -> Any:
        return self.pick("continue")

    def on_guardians(self, d: Any) -> Any:
        fight = self.state.fight
        if self.weak():
            return self.pick("turn_back", "fight")
        if fight is None:
            return self.pick("fight") if all(h.life >= 3 for h in self.state.party()) else self.pick("turn_back", "fight")
        return self.pick("fight") if self.safe_fight(fight) else self.pick("turn_back", "fight")

    def safe_fight(self, fight: Any) -> bool:
        """Would the simultaneous steps leave every character alive (C8e-g, h, i)?"""
        party = self.state.party()
        lives = {h.uid: h.life for h in party}
        hits = {h.uid: 0 for h in party}
        for attr in ("strength", "craft"):
            theirs = sum(guardians._enemy_score(g, attr) for g in guardians.living(fight))
            left = {u: lives[u] - hits[u] for u in lives}
            taken = guardians.distribute(theirs, [(h.uid, H.total(self.pack, h, attr)) for h in party], left)  # type: ignore[arg-type]
            for u, n in taken.items():
                hits[u] += n
        return all(hits[u] < lives[u] for u in lives)

    def on_portal(self, d: Any) -> Any:
        party = self.state.party()
        best = None
        for attr in ("strength", "craft"):
            opt = f"attempt:{attr}"
            if opt in self.chooses:
                total = sum(H.total(self.pack, h, attr) for h in party)  # type: ignore[arg-type]
                p = at_most(total, self.portal_dice())
                if best is None or p > best[0]:
                    best = (p, opt)
        if best is not None and best[0] >= 0.3:
            return self.chooses[best[1]]
        return self.pick("turn_back")

    def portal_dice(self) -> int:
        """The dice the party would roll at the Portal: one fewer for the Dwarf and the Gnome
        (D2, D4), as the engine rolls them."""
        fewer = fewer_dice(Ctx(state=self.state, pack=self.pack), "portal")
        return max(1, self.pack.rules.portal_dice.value - fewer)

    def on_tower(self, d: Any) -> Any:
        if "advance" in self.chooses:
            return self.chooses["advance"]
        fight = self.state.fight
        if "fight" in self.chooses and fight is not None:
            return self.chooses["fight"] if self.safe_fight(fight) or not self.weak() else self.pick("turn_back")
        if self.weak():
            return self.pick("turn_back")
        return self.pick("attempt", "dice", "turn_back")

    def on_enemy(self, d: Any) -> Any:
        for o in ("banish", "assassinate"):
            if o in self.chooses:
                return self.chooses[o]
        task = self.state.tasks[-1]
        hero = self.state.hero(d.hero)
        ours = H.total(self.pack, hero, task.attribute)  # type: ignore[union-attr,arg-type]
        if "fight:craft" in self.chooses and H.total(self.pack, hero, "craft") > ours:
            return self.chooses["fight:craft"]
        if ours + 1 < d.data.get("value", 0):
            casts = [o for o in self.chooses if o.startswith("cast:")]
            if casts:
                return self.chooses[casts[0]]
            if "evade" in self.chooses:
                return self.chooses["evade"]
        return self.pick("fight", "evade")

    def on_fate(self, d: Any) -> Any:
        return self.pick("reroll")

    def on_offer(self, d: Any) -> Any:
        source = d.data.get("source", "")
        if source in ("tavern", "magic_portal"):
            return self.pick("decline")
        return self.pick("accept")

    def on_steal(self, d: Any) -> Any:
        """D2 Thief: a companion's Gold is fair game, his equipment is left to him."""
        return self.pick("gold", "pass")

    def on_ransom(self, d: Any) -> Any:
        return self.pick("pay")

    def on_take(self, d: Any) -> Any:
        if "take" in self.chooses:
            return self.chooses["take"]
        return self.pick("leave")

    def on_pickup(self, d: Any) -> Any:
        takes = [o for o in self.chooses if o.startswith("take:")]
        return self.chooses[takes[0]] if takes else self.pick("pass")

    def on_service(self, d: Any) -> Any:
        return self.pick("done")

    def on_teleport(self, d: Any) -> Any:
        return self.pick("stay")

    def on_guardian_split(self, d: Any) -> Any:
        """C8e-g: the engine lists the ways that kill the most Enemies first."""
        return self.chooses[d.options[0]]

    def on_guardian_spell(self, d: Any) -> Any:
        casts = [o for o in self.chooses if o.startswith("cast:")]
        return self.chooses[casts[0]] if casts else self.pick("pass")

    def on_loot(self, d: Any) -> Any:
        gives = [o for o in self.chooses if o.startswith("give:")]
        return self.chooses[gives[0]] if gives else self.pick("done")

    def on_sacrifice(self, d: Any) -> Any:
        rest = d.data.get("rest", 0)
        opts = sorted(int(o.split(":")[1]) for o in self.chooses)
        want = min(opts[-1], rest)
        return self.chooses[f"give:{want}"]

    def on_death_fate(self, d: Any) -> Any:
        need = d.data.get("theirs", 0) - d.data.get("ours", 0) + 1
        opts = sorted(int(o.split(":")[1]) for o in self.chooses)
        return self.chooses[f"fate:{min(opts[-1], max(0, need))}"]

    def on_vampire(self, d: Any) -> Any:
        hero = self.state.hero(d.hero)
        return self.pick("talisman") if hero.life <= 3 else self.pick("roll")

    def on_vampire_followers(self, d: Any) -> Any:
        hero = self.state.hero(d.hero)
        opts = sorted(int(o.split(":")[1]) for o in self.chooses)
        return self.chooses[f"followers:{opts[-1] if hero.life <= d.data.get('loss', 0) else 0}"]

    def on_final_target(self, d: Any) -> Any:
        targets = [(self.state.hero(o.split(":")[1]), o) for o in self.chooses]
        return self.chooses[min(targets, key=lambda t: (t[0].life, t[0].uid))[1]]


def heuristic_player(state: CampaignState, actor: str, rng: random.Random) -> Any:
    return Heuristic(state, actor, rng).choose()


PLAYERS: dict[str, Chooser] = {"heuristic": heuristic_player, "random": random_player}

__all__ = ["PLAYERS", "heuristic_player", "random_player"]
