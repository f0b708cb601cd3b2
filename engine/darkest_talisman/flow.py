"""The campaign's driver: run what is being resolved until somebody must decide.

Resolution is a stack of tasks in the state (meet a spot, meet a card, a combat, an effect that
waits for an answer...). `advance` runs the top task until one sets a decision or the stack is
empty; then the mode says what comes next (the village's choices, the road's next card or day,
a Tower space). `answer` applies a `choose` action to the decision the campaign waits for.
"""
from __future__ import annotations

from typing import cast

from engine.core.errors import RuleError
from engine.darkest_talisman import combat, effects, encounters, guardians, tower, travel
from engine.darkest_talisman import heroes as hero_rules
from engine.darkest_talisman.ctx import Ctx
from engine.darkest_talisman.state import (
    ApplyEffect,
    Combat,
    DeathFate,
    Decision,
    FinalCombat,
    Hero,
    MeetCard,
    Pickup,
    SacrificeTask,
    Services,
    TeleportTask,
    VampireTask,
    card_id,
)

#: a safety net: no single action may resolve this many steps (a loop would be a bug)
MAX_STEPS = 20_000


def advance(ctx: Ctx) -> None:
    state = ctx.state
    for _ in range(MAX_STEPS):
        if state.status != "active" or state.decision is not None:
            return
        if state.thefts:
            _theft(ctx)
        elif state.ext is not None and _expansion_work(ctx):
            pass
        elif state.tasks:
            run_task(ctx)
        elif state.fight is not None and state.fight.stage == "casting":
            guardians.run_casting(ctx)
        elif state.fight is not None and state.fight.stage == "split":
            guardians.strike(ctx)
        elif state.fight is not None and state.fight.stage == "loot":
            options = guardians.loot_options(ctx)
            if options == ["done"]:
                kind = state.fight.kind
                _loot_done(ctx, guardians.answer_loot(ctx, "done"), kind)
            else:
                state.decision = Decision(kind="loot", options=options,
                                          data={"things": [t.split("#")[0] for t in state.fight.fallen]})
        elif state.mode == "village":
            # from the village whose roads lead to the Portal, the prompt says when the way on
            # to the Tower is shut for want of Talismans (C10g, C2e) and what would open it
            toward_tower = travel.region_of_village(ctx, state.village).beyond == "tower"
            state.decision = Decision(kind="village", options=travel.departures(ctx),
                                      data={"village": state.village, **(tower.way_shut(ctx) if toward_tower else {})})
            if state.ext is not None:  # an expansion's answers in a village (the City's posters, J4c-a)
                from engine.darkest_talisman.hookpoint import hooks

                hooks.decision_options(ctx)
        elif state.mode == "road":
            travel.step(ctx)
        elif state.mode == "tower":
            shut = tower.way_shut(ctx) if tower.rule(ctx) == "plain_of_peril" and not state.live_tower().cleared else {}
            state.decision = Decision(kind="tower", options=tower.options(ctx), data={"space": tower.space(ctx), **shut})
            guardians.attach_forecast(ctx)
        else:  # pragma: no cover - "ended" has status != active
            return
    raise RuntimeError("the campaign did not settle: a rules loop")


def _expansion_work(ctx: Ctx) -> bool:
    """What an expansion must resolve before anything else goes on (the Grim Reaper's chart, E2i)."""
    from engine.darkest_talisman.hookpoint import hooks

    return bool(hooks.work(ctx))


def run_task(ctx: Ctx) -> None:
    state = ctx.state
    task = state.tasks[-1]
    if task.task == "spot":
        encounters.run_spot(ctx, task)
    elif task.task == "card":
        encounters.run_card(ctx, task)
    elif task.task == "effect":
        _run_effect(ctx, task)
    elif task.task == "combat":
        _run_combat(ctx, task)
    elif task.task == "pickup":
        encounters.run_pickup(ctx, task)
    elif task.task == "services":
        encounters.run_services(ctx, task)
    elif task.task == "lost_turn":
        encounters.run_lost_turn(ctx, task)
    elif task.task == "teleport":
        travel.run_teleport(ctx, task)
    elif task.task == "vampire":
        tower.run_vampire(ctx, task)
    elif task.task == "sacrifice":
        tower.run_sacrifice(ctx, task)
    elif task.task == "death_fate":
        tower.run_death_fate(ctx, task)
    elif task.task == "final":
        tower.run_final(ctx, task)
    else:  # pragma: no cover - the union admits only the kinds above
        raise RuntimeError(f"unknown task {task.task}")


def theft_options(ctx: Ctx, thief: Hero, victim: Hero) -> list[str]:
    """D2 Thief: 1 Gold, or an Object the victim can part with and the Thief has room for."""
    out = ["gold"] if victim.gold > 0 else []
    out += [f"take:{u}" for u in victim.objects
            if hero_rules.within_limits(ctx.pack, victim, without=u) and hero_rules.room_for(ctx.pack, thief, u)]
    return out


def _theft(ctx: Ctx) -> None:
    """A character rolled a 1 (D2): the Thief may take 1 Gold or an Object from him."""
    state = ctx.state
    victim_uid = state.thefts[0]
    thief = next((h for h in state.party() if h.uid != victim_uid and hero_rules.has_ability(ctx.pack, h, "steal")), None)
    victim = next((h for h in state.party() if h.uid == victim_uid), None)
    options = theft_options(ctx, thief, victim) if thief is not None and victim is not None else []
    if thief is None or victim is None or not options:
        state.thefts.pop(0)
        return
    state.decision = Decision(kind="steal", hero=thief.uid, options=options + ["pass"],
                              data={"victim": victim.uid, "gold": victim.gold})


def _answer_theft(ctx: Ctx, decision: Decision, option: str) -> None:
    state = ctx.state
    state.thefts.pop(0)
    if option == "pass":
        return
    thief = state.hero(decision.hero or "")
    victim = state.hero(str(decision.data["victim"]))
    if option == "gold":
        victim.gold -= 1
        thief.gold += 1
        ctx.emit("stolen", thief.uid, victim=victim.uid, gold=1)
        return
    uid = option.split(":", 1)[1]
    hero_rules.give_up(ctx, victim, uid)
    hero_rules.gain_thing(ctx, thief, uid, "stolen")
    ctx.emit("stolen_thing", thief.uid, victim=victim.uid, thing=card_id(uid))


def _run_effect(ctx: Ctx, task: ApplyEffect) -> None:
    state = ctx.state
    hero = state.hero(task.hero)
    if not hero.alive:
        state.tasks.pop()
        return
    wanted = effects.ransom_or_offer(ctx, task)
    if wanted is not None:
        kind, options = wanted
        data: dict[str, object] = {"source": task.source, "gold": task.effect.ransom}
        if kind == "offer" and task.effect.offer is not None:
            # what the offer buys, so the prompt can say it (the Fortune Teller's Fate, a portal's passage)
            data = {"source": task.source, "gold": task.effect.offer.gold,
                    "gives": task.effect.offer.effect.model_dump(exclude_defaults=True)}
        state.decision = Decision(kind=kind, hero=hero.uid, options=options, data=data)
        return
    offer = task.effect.offer
    if task.stage != "rest" and offer is not None and effects.offer_useless(ctx, hero, offer.effect):
        ctx.emit("offer_not_needed", hero.uid, why=task.source)
    state.tasks.pop()
    _finish_effect(ctx, task)


def _finish_effect(ctx: Ctx, task: ApplyEffect) -> None:
    hero = ctx.state.hero(task.hero)
    rest = task.effect.model_copy(update={"ransom": 0, "offer": None})
    lost: list[str] = []
    effects.plain(ctx, hero, rest, task.source, lost)
    encounters.push_lost_turns(ctx, lost, ctx.state.trip.drop_seq if ctx.state.trip else -1, at_once=False)


def _run_combat(ctx: Ctx, task: Combat) -> None:
    state = ctx.state
    hero = state.hero(task.hero)
    if task.stage == "done" or not hero.alive:
        state.tasks.pop()
        return
    if task.stage == "fate":
        # the scores as they stand, so the player weighs a Fate against them
        ours = combat.hero_score(ctx, task, hero) + sum(task.hero_roll)
        theirs = combat.enemy_score(ctx, task) + sum(task.enemy_roll)
        state.decision = Decision(kind="fate", hero=hero.uid, options=["reroll", "accept"],
                                  data={"enemy": task.enemy.split("#")[0], "ours": ours, "theirs": theirs,
                                        "outcome": "tie" if ours == theirs else "lost", "fate": hero.fate})
        _combat_options(ctx)
        return
    options = combat.options(ctx, task)
    state.decision = Decision(kind="enemy", hero=hero.uid, options=options,
                              data={"enemy": task.enemy.split("#")[0], "attribute": task.attribute, "value": task.value,
                                    "fresh": task.fresh, **combat.scores(ctx, task, hero, options)})
    _combat_options(ctx)


def _combat_options(ctx: Ctx) -> None:
    """An expansion's answers to a combat's decisions (the Woodland's Dark Fate, M2a)."""
    if ctx.state.ext is not None:
        from engine.darkest_talisman.hookpoint import hooks

        hooks.decision_options(ctx)


def _loot_done(ctx: Ctx, over: bool, kind: str) -> None:
    if not over:
        return
    state = ctx.state
    if kind == "trove" and state.trip is not None:
        state.trip.destination_done = True
        state.trip.heading = "home"
        if state.ext is not None:  # the core deck comes back (E3k)
            from engine.darkest_talisman.hookpoint import hooks

            hooks.trove_won(ctx)
    elif kind == "sentinel":
        travel.cross(ctx, "sentinel")
    elif state.mode == "tower":
        tower.fight_over(ctx)


def answer(ctx: Ctx, option: str) -> None:
    """Apply a `choose` action to the pending decision."""
    state = ctx.state
    decision = state.decision
    assert decision is not None
    if option not in decision.options:
        raise RuleError("talisman.err.not_an_option", option=option, decision=decision.kind)
    kind = decision.kind
    task = state.tasks[-1] if state.tasks else None
    state.decision = None
    if state.ext is not None and _expansion_answer(ctx, decision, option):
        return
    if kind == "steal":
        _answer_theft(ctx, decision, option)
    elif kind == "village":
        travel.depart(ctx, option)
    elif kind in ("after_card", "stand", "destination"):
        if option == "continue":
            state.decision = decision  # push_on reads which decision it answers
            travel.push_on(ctx)
        elif option == "turn_back":
            travel.turn_back(ctx)
        elif option == "raft":
            travel.cross(ctx, "raft")
        elif option.startswith("move:"):
            travel.teleport(ctx, "road:" + option.split(":")[1])
    elif kind == "guardians":
        _guardians(ctx, option)
    elif kind == "portal":
        if option == "turn_back":
            travel.turn_back(ctx)
        else:
            # cast: the answer is one of the options the decision offered, "attempt:strength" or
            # "attempt:craft" (travel.py); the engine refuses any other
            tower.attempt_portal(ctx, cast(hero_rules.Attr, option.split(":")[1]))
    elif kind == "tower":
        tower.answer(ctx, option)
    elif kind in ("enemy", "fate"):
        assert isinstance(task, Combat)
        combat.answer(ctx, task, option)
    elif kind in ("ransom", "offer"):
        assert isinstance(task, ApplyEffect)
        _answer_effect(ctx, task, kind, option)
    elif kind == "take":
        assert isinstance(task, MeetCard)
        encounters.answer_take(ctx, task, option)
    elif kind == "pickup":
        assert isinstance(task, Pickup)
        encounters.answer_pickup(ctx, task, option)
    elif kind == "service":
        assert isinstance(task, Services)
        task.index += 1
    elif kind == "teleport":
        assert isinstance(task, TeleportTask)
        state.decision = decision
        travel.answer_teleport(ctx, option)
    elif kind == "guardian_split":
        state.decision = decision
        guardians.answer_split(ctx, option)
        state.decision = None
    elif kind == "guardian_spell":
        state.decision = decision
        guardians.answer_spell(ctx, option)
        state.decision = None
    elif kind == "loot":
        fight = state.fight
        assert fight is not None
        kind = fight.kind
        _loot_done(ctx, guardians.answer_loot(ctx, option), kind)
    elif kind == "sacrifice":
        assert isinstance(task, SacrificeTask)
        tower.answer_sacrifice(ctx, task, option)
    elif kind == "death_fate":
        assert isinstance(task, DeathFate)
        tower.answer_death_fate(ctx, task, option)
    elif kind in ("vampire", "vampire_followers"):
        assert isinstance(task, VampireTask)
        tower.answer_vampire(ctx, task, option)
    elif kind == "final_target":
        assert isinstance(task, FinalCombat)
        tower.answer_final(ctx, task, option)
    else:  # pragma: no cover - every decision kind set above is answered here
        raise RuntimeError(f"unknown decision {kind}")


def _expansion_answer(ctx: Ctx, decision: Decision, option: str) -> bool:
    """The answers an expansion added (the Grim Reaper faced, his chart's 6, a skipped space)."""
    from engine.darkest_talisman.hookpoint import hooks

    return bool(hooks.answer(ctx, decision, option))


def _answer_effect(ctx: Ctx, task: ApplyEffect, kind: str, option: str) -> None:
    hero = ctx.state.hero(task.hero)
    if kind == "ransom":
        if option == "pay":
            effects.pay(ctx, hero, task.effect.ransom)
            ctx.emit("ransom_paid", hero.uid, gold=task.effect.ransom, why=task.source)
            ctx.state.tasks.pop()
            return
        task.stage = "offer"
        if task.effect.offer is None:
            ctx.state.tasks.pop()
            _finish_effect(ctx, task)
        return
    task.stage = "rest"
    if option == "accept":
        offer = task.effect.offer
        assert offer is not None
        effects.pay(ctx, hero, offer.gold)
        hero.fate -= offer.fate
        ctx.emit("offer_taken", hero.uid, why=task.source, gold=offer.gold)
        if offer.effect.teleport is not None:
            # C4c: a teleport carries the whole party, so once one character has taken the
            # passage (and gone, or chosen to stay) the others are not offered it again
            for meeting in ctx.state.tasks:
                if isinstance(meeting, MeetCard) and card_id(meeting.card) == task.source:
                    meeting.index = len(meeting.heroes)
        lost: list[str] = []
        effects.apply(ctx, hero, offer.effect, task.source, lost)
        encounters.push_lost_turns(ctx, lost, ctx.state.trip.drop_seq if ctx.state.trip else -1, at_once=False)


def _guardians(ctx: Ctx, option: str) -> None:
    state = ctx.state
    trip = state.trip
    assert trip is not None
    if option == "turn_back":
        travel.turn_back(ctx)
        return
    if option == "raft":
        travel.cross(ctx, "raft")
        return
    guardians.start(ctx, option, trip.destination)

