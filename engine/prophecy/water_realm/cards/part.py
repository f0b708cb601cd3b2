"""The Water Realm expansion's new cards for the Standard game, as a part of the game
(`parts.Part`, id "cards"): played when the table chose them (`ExpansionOptions.new_cards`).

The cards join the decks through `pack_cards` (content: engine/prophecy/water_realm/cards/content.py);
their rules are in the modules named for them: smith (Astral Stones, Falchion and
Gauntlets, the Items' bonuses), talk (Mad Riddler, Scroll of Entrancement and the
table's judging), adventures (Doppelganger, Unlicensed Alchemist, Path of the Dead,
Beast, Gifts of the Gods, Returned), fates (Scroll of Exchanging Fates). This module
wires them to the Standard rules' hooks: the questions the cards ask (`pending`, `answers`,
`check`, `dispatch`), what a character may do with them on her turn (`legal`), their battle
bonuses (`foe_bonus`, `character_tags`), the after-roll pause (`after_roll`), the Path of the
Dead's return (`turn_begins`), and what a seat may see (`redact`).
"""
from __future__ import annotations

from typing import Any, Iterator

from engine.core.errors import RuleError
from engine.core.pending import Pending
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.context import Ctx
from engine.prophecy.standard import parts, powers
from engine.prophecy.standard.state import HIDDEN, StdBattle
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.cards import adventures as adv
from engine.prophecy.water_realm.cards import fates as fates
from engine.prophecy.water_realm.cards import smith as smith
from engine.prophecy.water_realm.cards import talk as talk
from engine.prophecy.water_realm.cards.actions import CardChoice, NameCard
from engine.prophecy.water_realm.cards.common import cstate, plays_new_cards, power_kind, question, tidy
from engine.prophecy.water_realm.cards.content import pack_cards as new_cards
from engine.prophecy.water_realm.cards.state import CardsState, Question

#: the action types only this part applies
ACTION_TYPES = frozenset({"wrc_smith", "wrc_choice", "wrc_name", "wrc_fates"})
#: the Opportunities of the new cards, by their power
TALKING = ("riddler",)
PLAIN = ("alchemist", "path", "gifts", "returned")


def _asked(state: ProphecyState) -> Question | None:
    """The question the game waits on: one a card stored, or the Doppelganger's."""
    q = question(state)
    if q is not None:
        return q
    sst = state.standard
    if sst is None or sst.cards is None or sst.decisions:
        return None
    return adv.doppel_question(Ctx(state=state, pack=powers.spack(state).as_pack()))


class CardsPart(parts.Part):
    id = "cards"
    action_types = ACTION_TYPES

    def active(self, state: ProphecyState) -> bool:
        return plays_new_cards(state)

    def pack_cards(self, expansion: Any) -> parts.PackCards | None:
        if not getattr(expansion, "new_cards", False):
            return None
        items, adventures = new_cards(bool(getattr(expansion, "mad_riddler", True)))
        return parts.PackCards(items=items, adventures=adventures)

    def prepare(self, ctx: Ctx) -> None:
        assert ctx.state.standard is not None
        ctx.state.standard.cards = CardsState()

    # -- the questions the cards ask ------------------------------------------------------------
    def pending(self, state: ProphecyState) -> Pending | None:
        if state.status != "active":
            return None
        q = _asked(state)
        if q is None:
            return None
        data: dict[str, Any] = {"round": state.round, "card": q.card, "other": q.other, "asked": list(q.asked),
                                "answers": list(q.answers), "left": q.left, "text": q.text}
        data["options"] = list(q.options)
        return Pending(player=q.player, kind=f"wrc_{q.kind}", data=data)

    def answers(self, ctx: Ctx, actor: str) -> list[Any] | None:
        q = _asked(ctx.state)
        if q is None:
            return None
        if q.player != actor or not ctx.state.player(actor).alive:
            return []
        return talk.answers_for(ctx, q)

    def check(self, state: ProphecyState, actor: str, action_type: str) -> bool:
        q = _asked(state)
        if q is not None:
            if actor != q.player:
                raise RuleError("error.not_your_turn", active=q.player)
            if action_type == "wrc_choice" or (action_type == "wrc_name" and q.kind == "name"):
                return True
            raise RuleError("error.wrc_answer_first")
        if action_type not in ("wrc_smith", "wrc_fates"):
            return False
        turn = state.turn
        if turn is None or turn.player != actor:
            raise RuleError("error.not_your_turn", active=turn.player if turn else "")
        b = state.standard.turn.battle if state.standard else None
        if action_type == "wrc_fates":
            if b is None or b.awaiting != "after_roll":
                raise RuleError("error.no_battle_running")
            return True
        if b is not None:
            raise RuleError("error.battle_running")
        return True

    def takes_over(self, state: ProphecyState, player: str) -> bool:
        """While the Doppelganger is faced, only its own fights are offered."""
        ctx = Ctx(state=state, pack=powers.spack(state).as_pack())
        return adv.doppel_here(ctx) is not None

    # -- what she may do on her turn ------------------------------------------------------------
    def legal(self, ctx: Ctx, p: PlayerState) -> Iterator[Any]:
        if adv.doppel_here(ctx) is not None:
            yield from adv.doppel_fights(ctx, p)
            foe = adv.doppel_foe(ctx)
            if foe is not None and powers.avoids(ctx.state, p.player, list(foe.tags)) is not None:
                yield prophecy_actions.Avoid()
            return
        turn = ctx.state.turn
        if turn is None or powers.sstate(ctx).turn.battle is not None or p.board != "main":
            return  # the new cards are played on the main board
        if turn.phase in ("act", "fight"):  # fight: with the Amulet of Untouchability, before fighting
            if talk.opportunity_ok(ctx, p):
                for a in list(ctx.state.spaces[p.space]):
                    if not a.face_up:
                        continue
                    kind = power_kind(ctx, a.card)
                    if kind in TALKING and talk.riddler_open(ctx, p, a.uid):
                        yield prophecy_actions.UseOpportunity(card=a.uid)
                    elif kind in PLAIN and adv.usable(ctx, p, a):
                        yield prophecy_actions.UseOpportunity(card=a.uid)
        if turn.phase == "act":
            yield from smith.smith_actions(ctx, p)
        if turn.phase in ("move", "act"):
            scrolls = talk.entrancement_scrolls(ctx, p)  # (cheaper than the targets: asked first)
            if scrolls and talk.entrance_targets(ctx, p):
                for item in scrolls[:1]:
                    yield prophecy_actions.UseItem(item=item.uid)

    def dispatch(self, ctx: Ctx, p: PlayerState, action: Any) -> bool:
        tidy(ctx)
        t = action.type
        q = _asked(ctx.state)
        if q is not None and t in ("wrc_choice", "wrc_name"):
            self._answer(ctx, p, q, action)
            return True
        if t == "wrc_smith":
            smith.smith(ctx, p, action)
            return True
        if t == "wrc_fates":
            fates.exchange(ctx, p, action)
            return True
        if t == "fight" and adv.doppel_here(ctx) is not None:
            adv.fight_doppel(ctx, p, action)
            return True
        if t == "use_opportunity" and p.board == "main":
            here = next((a for a in ctx.state.spaces[p.space] if a.uid == action.card or a.card == action.card), None)
            kind = power_kind(ctx, here.card) if here is not None else None
            if here is None or kind not in TALKING + PLAIN:
                return False
            if ctx.state.turn is None or ctx.state.turn.phase not in ("act", "fight") or not talk.opportunity_ok(ctx, p):
                raise RuleError("error.creatures_first")
            if action.give:
                raise RuleError("error.nothing_to_give", card=here.card)
            if kind in TALKING:
                if not talk.riddler_open(ctx, p, here.uid):
                    raise RuleError("error.wrc_riddler_visited")
                talk.visit_riddler(ctx, p, here.uid, here.card)
            else:
                adv.use(ctx, p, here)
            return True
        if t == "use_item":
            item = p.item(action.item)
            if item is None or item not in talk.entrancement_scrolls(ctx, p):
                return False
            talk.read_entrancement(ctx, p, item)
            return True
        return False

    def _answer(self, ctx: Ctx, p: PlayerState, q: Question, action: Any) -> None:
        if isinstance(action, NameCard):
            if q.kind != "name":
                raise RuleError("error.wrc_answer_first")
            talk.name_card(ctx, p, q, action.text)
            return
        assert isinstance(action, CardChoice)
        if action.option not in q.options:
            raise RuleError("error.not_an_option", decision=q.kind)
        cs = cstate(ctx.state)
        if q.kind == "copy":
            adv.copy_chosen(ctx, p, q, action.option)
        elif q.kind == "doppel":
            adv.doppel_decided(ctx, q, action.option)
        elif q.kind == "riddle":
            talk.answer_riddle(ctx, p, q, action.option)
        elif q.kind == "name":  # the only choice besides typing: give up
            cs.questions.pop(0)
            ctx.emit("wrc_riddle_given_up" if q.source else "wrc_entrance_failed", p.player, card=q.card,
                     victim=q.other or "")
        elif q.kind == "judge":
            talk.judge(ctx, p, q, action.option)
        elif q.kind == "entrance":
            talk.choose_target(ctx, p, q, action.option)
        elif q.kind == "alchemy":
            cs.questions.pop(0)
            adv.duplicate(ctx, p, q.card, action.option)
        elif q.kind == "gifts":
            cs.questions.pop(0)
            adv.gifts_decided(ctx, p, q, action.option)
        elif q.kind == "returned":
            if not adv.returned_look(ctx, p, q, action.option):
                cs.questions.pop(0)

    # -- turns and battles ---------------------------------------------------------------------
    def turn_begins(self, ctx: Ctx, p: PlayerState, extra: bool) -> bool:
        tidy(ctx)
        if p.player in cstate(ctx.state).away:
            adv.come_back(ctx, p)
        return False

    def foe_bonus(self, ctx: Ctx, who: PlayerState, battle: str, foe: Any, item_cards: list[Any]) -> int:
        return adv.foe_bonus(ctx, who, battle, foe, item_cards)

    def character_tags(self, state: ProphecyState, pid: str) -> list[str]:
        sst = state.standard
        if sst is None or sst.cards is None:
            return []
        return list(sst.cards.types.get(pid, []))

    def after_roll(self, ctx: Ctx, p: PlayerState, b: StdBattle) -> list[Any]:
        return list(fates.options(ctx, p, b))

    def battle_over(self, ctx: Ctx, p: PlayerState, b: StdBattle, result: str) -> bool:
        if result == "win" and b.opponent == "creature" and adv.beast_won(ctx, p, b):
            return True
        return False

    def on_death(self, ctx: Ctx, p: PlayerState) -> None:
        talk.gone(ctx, p.player)
        cs = cstate(ctx.state)
        for q in list(cs.questions):
            if q.player == p.player or q.other == p.player:
                cs.questions.remove(q)
        if cs.doppel is not None and cs.doppel.copy_of == p.player:
            cs.doppel = None  # the visitor chooses again
        tidy(ctx)

    def away(self, state: ProphecyState, pid: str) -> bool:
        sst = state.standard
        return sst is not None and sst.cards is not None and pid in sst.cards.away

    def after_action(self, ctx: Ctx) -> None:
        tidy(ctx)

    # -- what a seat may see, and seats changing hands ------------------------------------------
    def redact(self, data: dict[str, Any], viewer: str | None) -> None:
        sd = data.get("standard") or {}
        cards = sd.get("cards")
        if not cards:
            return
        if cards.get("riddles"):
            # a secret Item was drawn from its pile: what is left there would tell it by
            # elimination, so only the piles' sizes are shown (as for the Adventure pile)
            for deck in ("common", "rare"):
                data["decks"][deck]["draw"] = []
        cards["riddles"] = {uid: HIDDEN for uid in cards.get("riddles", {})}
        for q in cards.get("questions", []):
            if q.get("secret") is not None and not (q.get("kind") == "judge" and viewer in q.get("judges", [])):
                q["secret"] = HIDDEN

    def rename(self, state: ProphecyState, old: str, new: str) -> None:
        sst = state.standard
        if sst is None or sst.cards is None:
            return
        cs = sst.cards

        def swap(x: str | None) -> str | None:
            return new if x == old else x

        tables: tuple[dict[str, Any], ...] = (cs.types, cs.beasts, cs.away)
        for table in tables:
            if old in table:
                table[new] = table.pop(old)
        for q in cs.questions:
            q.player = swap(q.player) or q.player
            q.other = swap(q.other)
            q.guesser = swap(q.guesser)
            q.judges = [new if j == old else j for j in q.judges]
            q.votes = {(new if k == old else k): v for k, v in q.votes.items()}
            q.options = [new if o == old else o for o in q.options]
            q.items = [f"{new}:{e.partition(':')[2]}" if e.partition(":")[0] == old else e for e in q.items]
        if cs.doppel is not None and cs.doppel.copy_of == old:
            cs.doppel.copy_of = new


parts.register(CardsPart())

__all__ = ["ACTION_TYPES", "CardsPart"]
