"""The questions a Standard game waits on (`StandardState.decisions`): what answers each, and
what an answer does. A decision belongs to one player, who need not be the active one (a
defender choosing what to lose, the Royal Cape's holder picking the battleground).
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleError
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.context import Ctx
from engine.prophecy.effects import distinct_choices
from engine.prophecy.standard import attacks, duel, guilds, planes, powers, setup, turns
from engine.prophecy.standard.state import Decision, FinalBattle
from engine.prophecy.state import PlayerState
from engine.prophecy.turns import end_turn

#: what each decision is answered with
DECISION_ACTIONS: dict[str, tuple[str, ...]] = {
    "character": ("choose_character",),
    "creature": ("choose_creature",),
    "continue": ("attack", "stop_attack"),
    "loss": ("choose_loss",),
    "take_item": ("take_item",),
    "take_artifact": ("take_artifact",),
    "discard": ("discard",),
    "battleground": ("choose_space",),
    "dream": ("dream",),
    "study": ("study",),
    "study_pick": ("study_pick",),
}
#: the action types that only answer a decision
ANSWERS = frozenset(t for ts in DECISION_ACTIONS.values() for t in ts if t != "attack")


def decision_actions(ctx: Ctx, d: Decision) -> list[Any]:
    st = ctx.state
    p = st.player(d.player)
    kind = d.kind
    if kind == "character":
        return [prophecy_actions.ChooseCharacter(character=c) for c in d.options]
    if kind == "creature":
        here = {a.uid for a in st.spaces[p.space]}
        return [prophecy_actions.ChooseCreature(card=u) for u in d.options if u in here]
    if kind == "continue":
        # a Guardian just turned up is fought (ruling guardian_turned_up); the Greater one after a
        # win may be left for later unless the table's option says otherwise (astral_both_guardians)
        out: list[Any] = [] if d.reason in ("must_continue", "revealed") else [prophecy_actions.StopAttack()]
        out.extend(attacks.plane_actions(ctx, p, d.options[0]))
        return out or [prophecy_actions.StopAttack()]
    if kind == "loss":
        owned = {i.uid for i in p.items}
        return [prophecy_actions.ChooseLoss()] + [prophecy_actions.ChooseLoss(item=u) for u in d.options if u in owned]
    if kind == "take_item":
        owned = {i.uid for i in st.player(d.other_pid()).items} if d.other else set()
        return [prophecy_actions.TakeItem(item=u) for u in d.options if u in owned]
    if kind == "take_artifact":
        held = set(powers.mine(st, d.other).artifacts) if d.other else set()
        return [prophecy_actions.TakeArtifact(artifact=a) for a in d.options if a in held]
    if kind == "discard":
        items = [i for i in p.items if i.uid in guilds.excess(ctx, p)]
        rest = [c for c in guilds.excess(ctx, p) if p.item(c) is None]
        return [prophecy_actions.Discard(card=i.uid) for i in distinct_choices(items)] + \
            [prophecy_actions.Discard(card=c) for c in rest]
    if kind == "battleground":
        return [prophecy_actions.ChooseSpace(space=s) for s in d.options]
    if kind == "dream":
        hidden = set(planes.hidden_slots(ctx, p.player))
        return [prophecy_actions.Dream(plane=k.split(":")[0], slot=k.split(":")[1]) for k in d.options if k in hidden]
    if kind == "study":
        return [prophecy_actions.Study(guild=g) for g in d.options]
    return [prophecy_actions.StudyPick()] + \
        [prophecy_actions.StudyPick(ability=a) for a in guilds.study_options(ctx, p, d.options, d.reason)]


def answer(ctx: Ctx, p: PlayerState, action: Any) -> None:
    sst = powers.sstate(ctx)
    d = sst.decisions[0]
    if d.kind == "continue" and action.type == "attack":
        # any valid loadout against that plane's Guardian (checked by the battle), as for a fight;
        # turning a face-down one up first when it is still hidden
        if action.target != d.options[0]:
            raise RuleError("error.not_an_option", decision=d.kind)
    elif action not in decision_actions(ctx, d):
        raise RuleError("error.not_an_option", decision=d.kind)
    sst.decisions.pop(0)
    st = ctx.state
    kind = d.kind
    if kind == "character":
        setup.place_character(ctx, p, action.character)
        ctx.emit("character_chosen", p.player, reveals=True, character=p.character, space=ctx.pack.space(p.space).id)
    elif kind == "creature":
        adv = next(a for a in st.spaces[p.space] if a.uid == action.card)
        turns.begin_fight(ctx, p, adv)
    elif kind == "continue":
        if action.type == "stop_attack":
            ctx.emit("attack_stopped", p.player, plane=d.options[0])
        else:
            attacks.attack(ctx, p, action, continuing=True, announced=d.reason == "revealed")
    elif kind == "loss":
        duel.choose_loss(ctx, p, st.player(d.other_pid()), action.item)
    elif kind == "take_item":
        duel.take_item(ctx, p, st.player(d.other_pid()), action.item)
    elif kind == "take_artifact":
        duel.hand_over_artifact(ctx, st.player(d.other_pid()), p, action.artifact)
    elif kind == "discard":
        guilds.discard_card(ctx, p, action.card)
        if guilds.excess(ctx, p):
            sst.decisions.insert(0, Decision(player=p.player, kind="discard", options=guilds.excess(ctx, p),
                                             then=d.then))
    elif kind == "battleground":
        start_final_battle(ctx, action.space)
    elif kind == "dream":
        public = st.options.std().prophetic_dream == "public"
        planes.look(ctx, p, action.plane, action.slot, public=public, reason=d.reason)
    elif kind == "study":
        guilds.study(ctx, p, action.guild, d.reason)
    else:
        guilds.study_pick(ctx, p, d.other_pid(), d.options, action.ability, d.reason)
    if st.status == "active" and not sst.decisions and d.then is not None:
        if d.then == "start":
            setup.begin_first_turn(ctx)
        elif st.turn is not None:
            end_turn(ctx)


def start_final_battle(ctx: Ctx, space_id: str) -> None:
    """Every living character is taken to the chosen space at once, for free, and the
    Adventures there are discarded (ruling final_battle_start)."""
    st = ctx.state
    sst = powers.sstate(ctx)
    index = ctx.pack.space_index(space_id)
    for adv in list(st.spaces[index]):
        st.spaces[index].remove(adv)
        st.decks.adventure.discard.append(adv.card)
        ctx.emit("adventure_discarded", None, reveals=not adv.face_up, space=space_id, card=adv.card)
    sst.final_battle = FinalBattle(space=space_id)
    for p in st.players:
        if p.alive and p.character:
            p.space = index
    if st.turn is not None:
        st.turn.fight = None
        st.turn.item_choices = []
    sst.turn.battle = None
    ctx.emit("final_battle_begins", None, space=space_id)
