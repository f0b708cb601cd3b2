"""AI seats for a campaign: a random legal player and a heuristic that plays to win.

Both choose only among `legal_actions`, so they never break a rule. The heuristic follows one
plan, read afresh from the state at every decision (it keeps no memory, so a stored campaign
resumes with the same plan):

1. Talismans first where the rules need them (C10f Portal, C10g Plain of Peril, C10h/i Crypt
   and Mines): every character must hold one and one more pays the Portal. A character who
   lacks one takes the Talisman card, the Warlock's quests and a dead companion's stored
   Talisman; one who already holds enough leaves them to the others, since nothing may be
   passed between characters (C2e). When a character holds a spare while a companion holds
   none and the supply cannot make up the lack, the holder leads the Marching Order and drops
   the spare on a Draw Spot on the way out; the companion picks it up on the way back (C4b).
2. Across the Sentinel as soon as the Guardian Combat is safe, then from the village beyond to
   the Warlock's Cave while Talismans are missing, and to the Portal when the party can pass.
3. Destinations by expected value: a trove the party can beat while healthy, aid (healing)
   when hurt and only where the hurt can be healed; healing, Fate and Trophies are managed in
   the village. On the road the party turns back when weak only if home could heal the
   worn-out (Gold for the healer, free healing), and never on its way out to be healed.
4. On the Tower road a space may be met again (C10d): a Guardian Combat that would kill is
   rerolled by meeting the space again instead of fought.
5. No idle loops: free actions are only taken when they change something, a thing is never
   dropped to be picked up again by its dropper, a road decision offering `carry_on` (meet
   the next cards until something needs a decision) is taken whenever the party would push on
   anyway, and a card not worth taking is left for good (ruling leave_for_good), so the
   character is not asked about it again on every pass.

The heuristic reads cards by their attributes (Strength, Craft, kind, slot, effects), never by
their ids or names, so it keeps working when the pack's cards change.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from engine.core import listings
from engine.darkest_talisman import guardians
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.actions import (
    Buy,
    CashBag,
    CashTrophies,
    Cast,
    Choose,
    Drop,
    Restore,
    Retrieve,
    SetOrder,
    Use,
    Visit,
)
from engine.darkest_talisman.content import FollowerCard, ObjectCard, Pack, pack_by_id
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.expansions.content import ware_price
from engine.darkest_talisman.heroes import talisman_shortfall, talismans_needed
from engine.darkest_talisman.rules import legal_actions
from engine.darkest_talisman.state import CampaignState, Combat, Hero, SacrificeTask, card_id
from engine.darkest_talisman.tower import at_most, fewer_dice

Chooser = Callable[[CampaignState, str, random.Random], Any]

#: the answer that pushes on through the next cards until something needs a decision (offered
#: on road decisions where the engine has it); preferred to "continue" when both would do
CARRY_ON = "carry_on"
#: the road decisions at which a spare Talisman may be dropped for a companion (C4b-a)
RELAY_KINDS = ("after_card", "stand", "take", "offer", "enemy", "service")
#: the lowest chance of opening the Portal of Power worth a Talisman (C10f)
PORTAL_ODDS = 0.45
#: a Tower Guardian Combat that would kill somebody is met again instead, at most about this
#: many times in a row (each time with this chance), then fought if the party would survive it
REROLL_CHANCE = 0.85


def random_player(state: CampaignState, actor: str, rng: random.Random) -> Any:
    """Random, but it answers the decision more often than it shops, so campaigns move on."""
    acts = legal_actions(state, actor)
    listings.remember(state, actor, acts)  # apply's guard reads it instead of listing again (issue 30)
    if not acts:
        return None
    chooses = [a for a in acts if isinstance(a, Choose)]
    if chooses and rng.random() < 0.8:
        return rng.choice(chooses)
    return rng.choice(acts)


# ------------------------------------------------------------------------------ fight forecast
def forecast(enemies: list[tuple[str, int, int]], party: list[tuple[str, int, int, int]],
             rounds: int = 8) -> tuple[bool, dict[str, int]]:
    """A Guardian Combat played out without dice (C8e-g to i have none; armour is ignored, so it
    errs on the safe side): enemies as (fought-by figure, Strength, Craft), the party as (uid,
    Strength, Craft, lives). Returns whether every Enemy dies and the lives each character
    loses, round after round while the party fights on (C8e-k)."""
    foes = list(enemies)  # never changed: the dead are dropped round by round
    heroes = {uid: [s, c, life] for uid, s, c, life in party}
    lost = {uid: 0 for uid in heroes}
    for _ in range(rounds):
        alive = {u: v for u, v in heroes.items() if v[2] > 0}
        if not foes:
            return True, lost
        if not alive:
            return False, lost
        hits = {u: 0 for u in alive}
        killed: set[int] = set()
        for i, attr in enumerate(("strength", "craft")):
            ours = sum(v[i] for v in alive.values())
            targets = sorted((f[1:][i], k) for k, f in enumerate(foes) if f[0] == attr)
            for score, k in targets:
                if ours >= score:
                    killed.add(k)
                    ours -= score
            theirs = sum(f[1:][i] for f in foes)
            left = {u: alive[u][2] - hits[u] for u in alive}
            taken = guardians.distribute(theirs, [(u, alive[u][i]) for u in alive], left)
            for u, n in taken.items():
                hits[u] += n
        for u, n in hits.items():
            heroes[u][2] -= n
            lost[u] += n
            heroes[u][0] = max(0, heroes[u][0] - n)
        foes = [f for k, f in enumerate(foes) if k not in killed]
    return not foes, lost


class Heuristic:
    """One decision of the heuristic AI: built for the state and the seat that must act."""

    def __init__(self, state: CampaignState, actor: str, rng: random.Random) -> None:
        self.state = state
        self.actor = actor
        self.rng = rng
        self.pack: Pack = pack_by_id(state.options.pack)
        self.ctx = Ctx(state=state, pack=self.pack)
        self.acts = legal_actions(state, actor)
        # the seat applies its pick to this very state, unchanged: apply's guard reads this listing
        # instead of listing again (engine/core/listings.py; issue 30)
        listings.remember(state, actor, self.acts)
        self.chooses = {a.option: a for a in self.acts if isinstance(a, Choose)}

    # ------------------------------------------------------------------ helpers
    def pick(self, *options: str) -> Choose | None:
        for o in options:
            if o in self.chooses:
                return self.chooses[o]
        return None

    def go_on(self) -> Choose | None:
        """Push on: `carry_on` where the decision offers it, else `continue`."""
        return self.pick(CARRY_ON, "continue")

    def first(self, kind: type, pred: Callable[[Any], bool] = lambda a: True) -> Any:
        return next((a for a in self.acts if isinstance(a, kind) and pred(a)), None)

    def wounded(self, hero: Hero) -> int:
        return hero_rules.sheet(self.pack, hero).life - hero.life

    def party(self) -> list[Hero]:
        return self.state.party()

    def strength(self) -> int:
        return sum(hero_rules.total(self.pack, h, "strength") for h in self.party())

    def weak(self) -> bool:
        """Turn back now: a character is one blow from death, or the party is worn out."""
        party = self.party()
        return not party or any(h.life <= 1 for h in party) or sum(h.life for h in party) <= 2 * len(party)

    def healthy(self) -> bool:
        """Fit to set out on a hard road: every character has most of his lives."""
        return all(h.life >= max(3, hero_rules.sheet(self.pack, h).life - 1) for h in self.party())

    # ------------------------------------------------------------------ Talismans
    def held(self, hero: Hero) -> int:
        return len(hero_rules.talismans(hero))

    def total_held(self) -> int:
        return sum(self.held(h) for h in self.party())

    def ready_for_tower(self) -> bool:
        """Every character holds a Talisman for the Plain of Peril (C10g) and the party holds
        enough for the Portal, the Crypt and the Mines besides (C10f, h, i)."""
        party = self.party()
        return bool(party) and all(self.held(h) for h in party) and self.total_held() >= talismans_needed(len(party))

    def wants_talisman(self, hero: Hero) -> bool:
        """This character should take a Talisman: he has none, or everybody has one and the
        party still needs more (an extra one with a character who lacks none is wasted, since
        it cannot be passed on, C2e)."""
        if self.held(hero) == 0:
            return True
        lacking = [h for h in self.party() if self.held(h) == 0]
        return not lacking and self.total_held() < talismans_needed(len(self.party()))

    def shortfall(self) -> dict[str, Any] | None:
        return talisman_shortfall(self.ctx)

    def on_road_talismans(self) -> int:
        """Talismans lying on this road (dropped, C4b), which the party meets on its way back."""
        trip = self.state.trip
        if trip is None:
            return 0
        piles = [trip.dropped_here] + [sp.dropped for sp in trip.spots] + [sp.dropped for r in trip.road for sp in r.spots]
        return sum(1 for pile in piles for x in pile if x.thing is not None and card_id(x.thing) == "talisman")

    def relay_holder(self) -> Hero | None:
        """The character who should drop a spare Talisman for a companion (see `relay`): some
        character holds none, the supply and the road cannot make up the lack, and he holds
        the most beyond one. None when no relay is wanted."""
        if self.state.mode == "tower" or self.state.village == "tower":
            return None
        party = self.party()
        lacking = [h for h in party if self.held(h) == 0]
        if not lacking or len(self.state.decks.talismans) + self.on_road_talismans() >= len(lacking):
            return None
        holders = [h for h in party if self.held(h) > 1]
        return max(holders, key=lambda h: (self.held(h), h.uid)) if holders else None

    def relay(self) -> Drop | None:
        """C4b: a character holding a spare Talisman while a companion holds none and the supply
        cannot make up the lack drops the spare on a Draw Spot on the way out; the party meets
        the spot again on the way back (C4a-i, C4b-d) and the companion who lacks one picks it
        up (C4b-e), the holder leaving it to him. Nothing passes hand to hand (C2e): it is the
        road's own dropping and picking up, which the rules allow any character."""
        state, d, trip = self.state, self.state.decision, self.state.trip
        if d is None or d.kind not in RELAY_KINDS or state.mode != "road" or trip is None or trip.heading != "out":
            return None
        if trip.region == "tower" or trip.drop_seq < 0 or trip.position >= len(trip.road) - 1:
            return None
        party = self.party()
        lacking = [h for h in party if self.held(h) == 0]
        if not lacking:
            return None
        cover = len(state.decks.talismans) + self.on_road_talismans()
        if cover >= len(lacking):
            return None
        # a seat drops only its own characters' things: the holder's seat does it at its next
        # decision on the way out
        drops = [a for a in self.acts if isinstance(a, Drop) and a.thing is not None and card_id(a.thing) == "talisman"
                 and self.held(self.state.hero(a.hero)) > 1]
        if not drops:
            return None
        return max(drops, key=lambda a: (self.held(self.state.hero(a.hero)), a.hero))

    # ------------------------------------------------------------------ the choice
    def choose(self) -> Any:
        d = self.state.decision
        free = self.free()
        if free is not None:
            return free
        if d is None or not self.chooses:
            return self.acts[0] if self.acts else None
        if self.state.ext is not None:  # an expansion's own choices (a Region, the City's shops)
            from engine.darkest_talisman.hookpoint import hooks

            pick = hooks.ai_pick(self.ctx, d, self.rng.random())
            if pick is not None and pick in self.chooses:
                return self.chooses[pick]
        handler = getattr(self, f"on_{d.kind}", None)
        answer = handler(d) if handler else None
        return answer or next(iter(self.chooses.values()))

    def free(self) -> Any:
        """Free actions worth taking before answering; each changes something for the better,
        so the AI never loops on them (rulings order_once_a_stop, storage_once_a_stay)."""
        d = self.state.decision
        if d is None:
            return None
        for a in self.acts:
            if isinstance(a, Use):
                card = hero_rules.obj(self.pack, a.thing)
                hero = self.state.hero(a.hero)
                if card.use is not None and card.use.heal and self.wounded(hero) >= card.use.heal:
                    return a
                if card.use is not None and not card.use.heal and d.kind in ("village", "guardians", "tower"):
                    return a
            if isinstance(a, CashBag):
                return a
            if isinstance(a, Cast) and a.target is not None and a.target in {h.uid for h in self.party()}:
                if self.wounded(self.state.hero(a.target)) >= 2:
                    return a
        if self.state.ext is not None:  # an expansion's free action that helps (Eyes of the Hawk, K7)
            from engine.darkest_talisman.hookpoint import hooks

            act = hooks.ai_free(self.ctx, self.acts)
            if act is not None:
                return act
        relay = self.relay()
        if relay is not None:
            return relay
        if d.kind in ("village", "service", "stand", "destination", "guardians", "portal"):
            shop = self.shop()
            if shop is not None:
                return shop
        if d.kind in ("village", "portal", "tower"):
            order = self.order()
            if order is not None:
                return order
        return None

    def shop(self) -> Any:
        retrieve = self.first(Retrieve, lambda a: a.thing is not None and card_id(a.thing) == "talisman"
                              and self.wants_talisman(self.state.hero(a.hero)))
        if retrieve is not None:  # a dead companion's stored Talisman (B1d)
            return retrieve
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
        quest = self.first(Visit, lambda a: self._quest_service(a.service) and self._wants_quest(self.state.hero(a.hero)))
        if quest is not None:
            return quest
        mystic = self.first(Visit, lambda a: self._after_adventure(a.service))
        if mystic is not None:
            return mystic
        visit = self.first(Visit, lambda a: not self._quest_service(a.service) and not self._after_adventure(a.service)
                           and self._safe_prayer(a) and not self._costly_cure(a))
        if visit is not None:
            return visit
        buys = [a for a in self.acts if isinstance(a, Buy) and self._wants(a)
                and self.state.hero(a.hero).gold - (ware_price(self.pack, a.card) or 0) >= self._reserve(self.state.hero(a.hero))]
        if buys:
            return max(buys, key=lambda a: ware_price(self.pack, a.card) or 0)
        for a in self.acts:
            if isinstance(a, Restore) and self._restores(a.service) == "fate" \
                    and self.state.hero(a.hero).gold >= 1 + self._reserve(self.state.hero(a.hero)):
                return a
        return None

    def _reserve(self, hero: Hero) -> int:
        """Gold kept back: a character who still wants a Talisman keeps enough for the Warlock's
        Gold quests (C5f, delivered at once), the others a little for healing."""
        if hero.quest is not None and hero.quest.kind == "deliver_gold":
            return hero.quest.amount
        return 3 if self.wants_talisman(hero) and self.state.village != "village" else 2

    def _service(self, service_id: str) -> Any:
        return _services_by_id(self.pack).get(service_id)

    def _quest_service(self, service_id: str) -> bool:
        s = self._service(service_id)
        return s is not None and s.effect is not None and bool(s.effect.quest)

    def _after_adventure(self, service_id: str) -> bool:
        s = self._service(service_id)
        return s is not None and bool(s.after_adventure)

    def _wants_quest(self, hero: Hero) -> bool:
        """C5f: a quest ends with a Talisman, worth it for a character who wants one while the
        supply has one left."""
        return hero.quest is None and self.wants_talisman(hero) and bool(self.state.decks.talismans)

    def _costly_cure(self, a: Visit) -> bool:
        """The Blood Moon's cure costs a Talisman (DT F4b): taken only by a character who holds
        another to keep for the Crown."""
        from engine.darkest_talisman.expansions.blood_moon import CURE_SERVICES  # the core does not import expansions at load

        hero = self.state.hero(a.hero)
        return a.service in CURE_SERVICES and sum(1 for u in hero.objects if card_id(u) == "talisman") < 2

    def _safe_prayer(self, a: Visit) -> bool:
        """A rolled service whose worst face cannot kill the character."""
        s = self._service(a.service)
        hero = self.state.hero(a.hero)
        worst = 0
        if s is not None and s.effect is not None:
            for face in s.effect.roll or []:
                worst = min(worst, face.effect.life or 0)
        return hero.life + worst >= 2

    def _restores(self, service_id: str) -> str:
        s = self._service(service_id)
        if s is None:
            return "fate"
        return {"heal": "heal", "replenish_strength": "strength", "replenish_craft": "craft"}.get(s.kind, "fate")

    def _wants(self, a: Buy) -> bool:
        hero = self.state.hero(a.hero)
        if isinstance(self.pack.card(a.card), FollowerCard):
            return True  # a Stables mount (H2): offered only to a character with room for one
        card = hero_rules.obj(self.pack, f"{a.card}#0")
        have = [hero_rules.obj(self.pack, u) for u in hero.objects]
        if card.slot == "weapon":
            weapons = sum(1 for c in have if c.slot == "weapon")
            return weapons < (2 if hero_rules.has_ability(self.pack, hero, "two_weapons") else 1)
        if card.slot in ("armour", "helmet", "shield"):
            return not any(c.slot == card.slot for c in have)
        return False

    def order(self) -> Any:
        """The Marching Order: the one who pays the Portal's Talisman and keeps one for the Plain
        leads toward the Tower (ruling talisman_payer), else the strongest."""
        party = self.party()
        if len(party) < 2:
            return None
        holder = self.relay_holder()
        if holder is not None:  # he leads, so his seat answers the road's decisions and drops it
            best = holder
        elif self.ready_for_tower() and (self.state.mode == "tower" or self.state.village != "village"):
            best = max(party, key=lambda h: (self.held(h), h.uid))
        else:
            best = max(party, key=lambda h: (h.life + hero_rules.total(self.pack, h, "strength"), h.uid))
        if self.state.order and self.state.order[0] != best.uid:
            return self.first(SetOrder, lambda a: a.order[0] == best.uid)
        return None

    # ------------------------------------------------------------------ the village
    def sentinel_safe(self) -> bool:
        """The Sentinel's Guardian Combat (C5b) costs no character his life."""
        foe = self.pack.foe("sentinel")
        won, lost = forecast([("strength", foe.strength or 0, foe.craft or 0)], self.party_figures(spare=1))
        return won and all(n == 0 for n in lost.values()) or won and self.strength() >= 2 * (foe.strength or 0)

    def party_figures(self, spare: int = 0) -> list[tuple[str, int, int, int]]:
        """(uid, Strength, Craft, lives) for the forecast; `spare` lives kept back for the road."""
        return [(h.uid, hero_rules.total(self.pack, h, "strength"), hero_rules.total(self.pack, h, "craft"), max(1,
                                                                                                                 h.life - spare))
                for h in self.party()]

    def portal_odds(self) -> float:
        dice = max(1, self.pack.rules.portal_dice.value - fewer_dice(self.ctx, "portal"))
        return max(at_most(sum(hero_rules.total(self.pack, h, a) for h in self.party()), dice)
                   for a in ("strength", "craft"))

    def tower_fit(self) -> bool:
        """Strong enough for the Tower road's fights: the Pits' average (3.5 Pit Fiends of
        Strength 4 for each character, C10m) forecast won with a survivor to take the Crown
        (the book's ending crowns the last one standing, C10f-e)."""
        fiend = self.pack.foe("pit_fiend")
        n = len(self.party())
        count = (7 * n + 1) // 2
        won, lost = forecast([("strength", fiend.strength or 0, 0)] * count, self.party_figures())
        if not (won and any(lost[h.uid] < h.life for h in self.party())):
            return False
        # the Valley of Fire's Spirit: a d6 of Craft for each Talisman spent on the way, at
        # least the Portal's, the Crypt's and the Mines' (C10n); the party may meet it again
        # for a new roll (C10d), so an average roll is what it must be able to beat
        spent = 3
        return sum(hero_rules.total(self.pack, h, "craft") for h in self.party()) >= (7 * spent) // 2

    def on_village(self, d: Any) -> Any:
        aid = self.aid()
        # hurt with no healing in reach: an Aid trip would only come back as hurt, so the party
        # goes on with its plan instead of walking the same road for nothing
        healthy = self.healthy() or aid is None
        if "depart:portal_of_power" in self.chooses:  # the village beyond the Sentinel
            if self.ready_for_tower() and self.healthy() and self.portal_odds() >= PORTAL_ODDS and self.tower_fit():
                return self.chooses["depart:portal_of_power"]
            quest = "depart:warlocks_cave"
            if quest in self.chooses and healthy and bool(self.state.decks.talismans) \
                    and any(self._wants_quest(h) or (h.quest and self.wants_talisman(h)) for h in self.party()):
                return self.chooses[quest]
        elif "depart:sentinel" in self.chooses and healthy and self.sentinel_safe():
            return self.chooses["depart:sentinel"]
        if healthy and "depart:trove" in self.chooses:
            return self.chooses["depart:trove"]
        return aid or self.pick("depart:trove")

    def aid(self) -> Any:
        """The Aid destination that heals this party best (a service that heals the party's
        alignment and that the hurt can pay for), None when none would heal anybody."""
        best, score = None, 0.0
        for option in self.chooses:
            if not option.startswith("depart:"):
                continue
            loc_id = option.split(":", 1)[1]
            if not self.pack.has_location(loc_id):
                continue
            loc = self.pack.location(loc_id)
            if not loc.services or loc.role == "waypoint":
                continue
            value = 0.0
            for h in self.party():
                for s in loc.services:
                    if s.alignments and h.alignment not in s.alignments:
                        continue
                    if s.kind == "heal" and (s.price == 0 or h.gold >= s.price):
                        value += self.wounded(h) * (2 if s.price == 0 else 1)
            if value > score:
                best, score = option, value
        return self.chooses[best] if best is not None else None

    # ------------------------------------------------------------------ the road
    def must_reach_aid(self) -> bool:
        """On the way out to an Aid destination that heals: the party set out hurt to be
        healed there, so turning back at the first card would only bring it home as hurt as it
        left, and out again on the same road; it pushes on to the healing."""
        trip = self.state.trip
        if trip is None or trip.goal != "aid" or trip.heading != "out" or trip.destination_done:
            return False
        if not self.pack.has_location(trip.destination):
            return False
        if not any(s.kind == "heal" for s in self.pack.location(trip.destination).services):
            return False
        return any(h.life <= 2 for h in self.party())

    def can_mend(self, hero: Hero) -> bool:
        """Whether going home could heal this character: Gold for the village's healer, or an
        Aid destination that heals his alignment for nothing."""
        if hero.gold >= 1:
            return True
        return any(s.kind == "heal" and s.price == 0 and (not s.alignments or hero.alignment in s.alignments)
                   for loc in self.pack.locations if loc.role != "waypoint" for s in loc.services)

    def turn_back(self) -> bool:
        """Turn back on the road: the party is weak (`weak`), unless it is on its way to be
        healed, or nobody worn out could be healed at home (no Gold, no free healing): turning
        back would then only bring them home as hurt, and out again on the same road."""
        if not self.weak() or self.must_reach_aid():
            return False
        party = self.party()
        worn = [h for h in party if h.life <= 2]
        return not worn or any(self.can_mend(h) for h in worn)

    def on_after_card(self, d: Any) -> Any:
        return self.pick("turn_back") if self.turn_back() else self.go_on()

    def on_stand(self, d: Any) -> Any:
        if self.turn_back():
            return self.pick("turn_back") or self.go_on()
        return self.pick("gallop", "bypass") or self.go_on()  # ride past a space (H5)

    def on_destination(self, d: Any) -> Any:
        beyond = next((o for o in self.chooses if o.startswith("beyond:")), None)
        pool = "dest:sacred_pool" if "dest:sacred_pool" in self.chooses else None
        ext = self.state.ext
        if beyond is not None and pool is not None and ext is not None and ext.pool_trips < ext.frost_trips:
            beyond = None  # both troves lie beyond the Chapel (H4a): the one less visited first
        if beyond is not None and self.healthy() and all(h.life >= 3 for h in self.party()):
            # on to a trove beyond this Aid destination (G3b-c), as fit as for its guardians
            return self.chooses[beyond]
        if pool is not None and self.healthy():  # on past the Chapel (H4c)
            return self.chooses[pool]
        return self.go_on()

    def on_quest_reward(self, d: Any) -> Any:
        """H3b: the Talisman while the character still wants one, else a Quest Reward."""
        hero = self.state.hero(d.hero)
        return self.pick("talisman") if self.wants_talisman(hero) else self.pick("reward")

    def on_guardians(self, d: Any) -> Any:
        fight = self.state.fight
        if self.weak():
            return self.pick("turn_back", "fight")
        if fight is None:
            return self.pick("fight") if all(h.life >= 3 for h in self.party()) else self.pick("turn_back", "fight")
        return self.pick("fight") if self.safe_fight(fight) else self.pick("turn_back", "fight")

    def fight_forecast(self, fight: Any) -> tuple[bool, dict[str, int]]:
        foes = [(guardians.fought_by(g), guardians._enemy_score(g, "strength"), guardians._enemy_score(g, "craft"))
                for g in guardians.living(fight)]
        return forecast(foes, self.party_figures())

    def safe_fight(self, fight: Any) -> bool:
        """Would this round leave every character alive (C8e-g, h, i)?"""
        won, lost = forecast([(guardians.fought_by(g), guardians._enemy_score(g, "strength"),
                               guardians._enemy_score(g, "craft")) for g in guardians.living(fight)],
                             self.party_figures(), rounds=1)
        return all(lost[h.uid] < h.life for h in self.party())

    def on_portal(self, d: Any) -> Any:
        best = None
        for attr in ("strength", "craft"):
            opt = f"attempt:{attr}"
            if opt in self.chooses:
                dice = max(1, self.pack.rules.portal_dice.value - fewer_dice(self.ctx, "portal"))
                total = sum(hero_rules.total(self.pack, h, attr) for h in self.party())
                p = at_most(total, dice)
                if best is None or p > best[0]:
                    best = (p, opt)
        if best is None:
            return self.pick("turn_back")
        short = self.shortfall()
        if short is not None and short["spare"]:
            return self.chooses[best[1]]  # spending a spare Talisman opens the way either way
        if self.ready_for_tower() and best[0] >= 0.3:
            return self.chooses[best[1]]
        return self.pick("turn_back")

    # ------------------------------------------------------------------ the Tower road
    def on_tower(self, d: Any) -> Any:
        if "advance" in self.chooses:
            return self.chooses["advance"]
        party = self.party()
        if any(self.held(h) == 0 for h in party) and d.data.get("space") == self.pack.region("tower").road[0]:
            return self.pick("turn_back")  # C10g: not everybody may pass the Plain of Peril
        fight = self.state.fight
        if "fight" in self.chooses and fight is not None:
            won, lost = self.fight_forecast(fight)
            deaths = [h for h in party if lost[h.uid] >= h.life]
            if won and not deaths:
                return self.chooses["fight"]
            if "again" in self.chooses and self.rng.random() < REROLL_CHANCE:
                return self.chooses["again"]  # C10d: meet the space again, with new foes
            if len(deaths) < len(party) and self.safe_fight(fight):
                return self.chooses["fight"]
            if len(deaths) < len(party) and won:
                return self.chooses["fight"]
            return self.pick("turn_back", "again")  # the party cannot win here: home to grow
        if "attempt" in self.chooses:
            return self.chooses["attempt"]
        if "dice" in self.chooses:
            return self.chooses["dice"] if not all(h.life <= 1 for h in party) or self.rng.random() < 0.5 \
                else self.pick("dice", "turn_back")
        return self.pick("again", "turn_back")

    def on_sacrifice(self, d: Any) -> Any:
        """C10h, i: the rest shared out by what each character has, so nobody is stripped bare."""
        rest = d.data.get("rest", 0)
        attr = d.data.get("attribute", "strength")
        task = self.state.top_task(SacrificeTask)  # the "sacrifice" decision is the Crypt's or the Mines' (tower.py)
        left = [self.state.hero(u) for u in task.heroes[task.index:] if self.state.hero(u).alive]
        mine = getattr(self.state.hero(d.hero), attr)
        pool = sum(getattr(h, attr) for h in left) or 1
        share = min(rest, mine, max(-(-rest * mine // pool), rest - (pool - mine)))
        opts = sorted(int(o.split(":")[1]) for o in self.chooses)
        want = min(opts[-1], max(0, share))
        return self.chooses.get(f"give:{want}") or self.chooses[f"give:{opts[-1]}"]

    def on_death_fate(self, d: Any) -> Any:
        need = d.data.get("theirs", 0) - d.data.get("ours", 0) + 1
        opts = sorted(int(o.split(":")[1]) for o in self.chooses)
        return self.chooses[f"fate:{min(opts[-1], max(0, need))}"]

    def on_vampire(self, d: Any) -> Any:
        """C10l: a Talisman spares the roll; worth it once the Crypt and the Mines are paid, or
        when three lives lost would kill."""
        hero = self.state.hero(d.hero)
        return self.pick("talisman") if hero.life <= 3 else self.pick("roll")

    def on_vampire_followers(self, d: Any) -> Any:
        hero = self.state.hero(d.hero)
        opts = sorted(int(o.split(":")[1]) for o in self.chooses)
        return self.chooses[f"followers:{opts[-1] if hero.life <= d.data.get('loss', 0) else 0}"]

    def on_final_target(self, d: Any) -> Any:
        targets = [(self.state.hero(o.split(":")[1]), o) for o in self.chooses]
        return self.chooses[min(targets, key=lambda t: (t[0].life, t[0].uid))[1]]

    # ------------------------------------------------------------------ meetings
    def on_enemy(self, d: Any) -> Any:
        for o in ("banish", "assassinate"):
            if o in self.chooses:
                return self.chooses[o]
        task = self.state.top_task(Combat)  # the "enemy" decision is a normal combat's (flow._run_combat)
        hero = self.state.hero(d.hero)
        ours = hero_rules.total(self.pack, hero, task.attribute)
        if "fight:craft" in self.chooses and hero_rules.total(self.pack, hero, "craft") > ours:
            return self.chooses["fight:craft"]
        if ours + 1 < d.data.get("value", 0) or (hero.life <= 1 and ours < d.data.get("value", 0) + 3):
            casts = [o for o in self.chooses if o.startswith("cast:")]
            if casts:
                return self.chooses[casts[0]]
            if "evade" in self.chooses:
                return self.chooses["evade"]
        return self.pick("fight", "evade")

    def on_fate(self, d: Any) -> Any:
        return self.pick("reroll")

    def on_offer(self, d: Any) -> Any:
        """Take what the offer gives when it is worth its price and the character needs it."""
        gives = d.data.get("gives") or {}
        hero = self.state.hero(d.hero)
        gold = d.data.get("gold", 0) or 0
        if gives.get("teleport") is not None or gives.get("lose_turn"):
            return self.pick("decline")
        if gives.get("talisman") and self.wants_talisman(hero):
            return self.pick("accept")
        if gives.get("life", 0) > 0 and self.wounded(hero) > 0:
            return self.pick("accept")
        if (gives.get("strength", 0) > 0 or gives.get("craft", 0) > 0) and hero.gold - gold >= 0:
            return self.pick("accept")
        if gold == 0 and not any(v for k, v in gives.items() if isinstance(v, (int, float)) and v < 0):
            return self.pick("accept")
        return self.pick("decline")

    def on_steal(self, d: Any) -> Any:
        """D2 Thief: a companion's Gold is fair game, his equipment is left to him."""
        return self.pick("gold", "pass")

    def on_ransom(self, d: Any) -> Any:
        return self.pick("pay")

    def on_take(self, d: Any) -> Any:
        """An Object met on the road: a Talisman only for who needs one (the next character may
        take it instead, C6f), other things when there is room; nothing is dropped for a thing
        worth less, so nothing cycles between the ground and a character."""
        hero = self.state.hero(d.hero)
        cid = d.data.get("card", "")
        card = self.pack.card(cid) if self.pack.has_card(cid) else None
        if isinstance(card, ObjectCard) and card.special == "talisman":
            if not self.wants_talisman(hero) and any(self.wants_talisman(h) for h in self.party() if h.uid != hero.uid):
                return self.pick("leave")  # a companion who needs it meets it next (C6f)
            # nobody else needs it: held as a spare (the Portal's, C10f) rather than left to be
            # met again on every pass
            if "take" in self.chooses:
                return self.chooses["take"]
            swaps = [o for o in self.chooses if o.startswith("take:drop:")]
            return self.chooses[min(swaps, key=lambda o: self.worth(o.split(":", 2)[2]))] if swaps else self.pick("leave")
        if "take" in self.chooses:
            return self.chooses["take"]
        if card is not None:
            value = self.worth(f"{cid}#0")
            kept = [(self.kept_worth(hero, o.split(":", 2)[2]), o) for o in self.chooses if o.startswith("take:drop:")]
            worth_it = [s for s in kept if s[0] + 1 < value and card_id(s[1].split(":", 2)[2]) != "talisman"]
            if worth_it:
                return self.chooses[min(worth_it)[1]]
        # not worth carrying now, nor (by the same measure) on the way back: left for good, so
        # the character is not asked again on every pass (ruling leave_for_good)
        return self.pick("ignore", "leave")

    def kept_worth(self, hero: Hero, uid: str) -> int:
        """What a carried thing is worth to its holder: nothing when another thing he carries in
        the same place (armour, helmet, shield, a weapon beyond the hands he has) is worth as
        much, since only one of them counts; such a thing is the one to give up for a new find
        (a card left on the road is met again on every pass)."""
        cid = card_id(uid)
        if cid == "talisman" or not self.pack.has_card(cid):
            return self.worth(uid)
        card = self.pack.card(cid)
        value = self.worth(uid)
        if not isinstance(card, ObjectCard) or card.slot not in ("weapon", "armour", "helmet", "shield"):
            return value
        rivals = sorted((self.worth(o), o) for o in hero.objects if o != uid and self.pack.has_card(card_id(o))
                        and isinstance(self.pack.card(card_id(o)), ObjectCard)
                        and self.pack.card(card_id(o)).slot == card.slot)  # type: ignore[union-attr]
        hands = (2 if hero_rules.has_ability(self.pack, hero, "two_weapons") else 1) if card.slot == "weapon" else 1
        better = [r for r in rivals if (r[0], r[1]) > (value, uid)]
        return 0 if len(better) >= hands else value

    def worth(self, uid: str) -> int:
        """A rough worth of a carried thing by its attributes."""
        cid = card_id(uid)
        if cid == "talisman":
            return 100
        if not self.pack.has_card(cid):
            return 0
        card = self.pack.card(cid)
        value = 0
        for attr in ("strength", "craft"):
            value += 3 * int(getattr(card, attr, 0) or 0)
        if isinstance(card, ObjectCard):
            value += 2 if card.save else 0
            value += 2 * (card.use.heal if card.use is not None and card.use.heal else 0)
            value += int(card.cost or 0)
            value += 2 * int(card.value or 0) if card.slot == "bag_of_gold" else 0  # Gold when traded (C2d-d)
        return value

    def _quest_wants(self, hero: Hero, uid: str) -> bool:
        """The thing completes this character's Warlock's quest (C5f), worth a Talisman to him."""
        quest = hero.quest
        if quest is None or not self.wants_talisman(hero) or not self.state.decks.talismans:
            return False
        cid = card_id(uid)
        if not self.pack.has_card(cid):
            return False
        card = self.pack.card(cid)
        if quest.kind == "deliver_magic":
            return isinstance(card, ObjectCard) and card.type == "magic_object"
        if quest.kind == "deliver_follower":
            return isinstance(card, FollowerCard)
        return False

    def on_pickup(self, d: Any) -> Any:
        """C4b-e: a Talisman for a character who needs one first, then what is worth carrying;
        never what the party itself just dropped (the engine offers only what it may take)."""
        hero = self.state.hero(d.hero)
        things = d.data.get("things", [])
        takes = [o for o in self.chooses if o.startswith("take:")]
        scored = []
        for o in takes:
            i = int(o.split(":")[1])
            thing = things[i] if i < len(things) else ""
            if thing == "talisman" and not self.wants_talisman(hero):
                continue
            scored.append((self.worth(f"{thing}#0") if thing != "gold" else 1, o))
        if scored:
            return self.chooses[max(scored)[1]]
        return self.pick("pass")

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
        """C8e-l: a Talisman to whoever needs one, the rest to whoever has room."""
        gives = [o for o in self.chooses if o.startswith("give:")]
        for o in gives:  # C5f-d: what a character's quest asks for goes to him, delivered at once
            _, thing, who = o.split(":")
            if self._quest_wants(self.state.hero(who), thing):
                return self.chooses[o]
        for o in gives:
            _, thing, who = o.split(":")
            if card_id(thing) == "talisman":
                if self.wants_talisman(self.state.hero(who)):
                    return self.chooses[o]
                continue
            return self.chooses[o]
        return self.pick("done")


#: per pack: service id -> the first service of that id (the village's, the locations', the
#: Adventure cards', in that order); kept with its pack, which is checked to be the same object
_SERVICE_INDEX: dict[int, tuple[Pack, dict[str, Any]]] = {}


def _services_by_id(pack: Pack) -> dict[str, Any]:
    """Every service of the pack by id, indexed once: the AI asks about the services it is
    offered many times a decision, and a walk of every card's services cost more than the rest
    of its shopping (issue #30)."""
    kept = _SERVICE_INDEX.get(id(pack))
    if kept is not None and kept[0] is pack:
        return kept[1]
    index: dict[str, Any] = {}
    for source in [pack.village_services] + [loc.services for loc in pack.locations] + \
                  [getattr(c, "services", []) for c in pack.adventures]:
        for service in source:
            index.setdefault(service.id, service)
    _SERVICE_INDEX[id(pack)] = (pack, index)
    return index


def heuristic_player(state: CampaignState, actor: str, rng: random.Random) -> Any:
    return Heuristic(state, actor, rng).choose()


PLAYERS: dict[str, Chooser] = {"heuristic": heuristic_player, "random": random_player}

__all__ = ["PLAYERS", "forecast", "heuristic_player", "random_player"]
