"""Turn engine actions, events and state into sentences in the reader's language.

No discord import here: the same text serves embeds, the --local console and tests.
"""
from __future__ import annotations

from typing import Any, Literal

from engine.ai.odds import fight_odds
from engine.core.events import Event
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.content import Cost, CreatureCard, pack_by_id
from engine.prophecy.context import Ctx
from engine.prophecy.guilds import certificate_price
from engine.prophecy.market import sell_price
from engine.prophecy.movement import move_options
from engine.prophecy.spaces import price, services
from engine.prophecy.standard import battle as sbattle
from engine.prophecy.standard import powers, space_actions
from engine.prophecy.standard.state import HIDDEN, SECRET_OPTIONS
from engine.prophecy.state import ProphecyState
from gm.i18n import has, t
from systems.prophecy import prompt_text
from systems.prophecy.names import Names
from systems.prophecy.prompt_text import describe_choice, describe_roll, destination_short, event_params, odds_text
from systems.prophecy.water_realm import describe_cards as describe_wr_cards
from systems.prophecy.water_realm import describe_island, describe_water


def _cost_text(locale: str, gold: int) -> str:
    return t(locale, "common.free") if gold == 0 else t(locale, "common.gold", n=gold)


def describe_action(state: ProphecyState, actor: str, action: Any, locale: str, with_odds: bool = True) -> str:
    if state.standard is not None:
        label = standard_action(state, actor, action, locale, with_odds)
        if label is not None:
            return label
    n = Names(state, locale)
    p = state.player(actor)
    pack = n.pack
    if isinstance(action, prophecy_actions.Move):
        if action.method == "stay":
            label = t(locale, "action.move_stay", space=n.space(action.to))
            if with_odds:

                extra = destination_short(state, actor, action, locale)
                label = f"{label} · {extra}" if extra else label
            return label
        cost = next((c for m, c in move_options(pack, p, state.turn.held if state.turn else False)
                     if m.method == action.method and m.to == action.to), 0)
        label = t(locale, "action.move", method=t(locale, f"method.{action.method}"), space=n.space(action.to),
                  cost=_cost_text(locale, cost))
        if with_odds:  # what waits there, in a few words (the prompt embed has the detail)

            extra = destination_short(state, actor, action, locale)
            label = f"{label} · {extra}" if extra else label
        return label
    if isinstance(action, prophecy_actions.Fight):
        gear = [u for u in (action.weapon, action.head) if u] + list(action.hand) + list(action.body)
        gear_text = t(locale, "action.fight_gear", items=", ".join(n.item_uid(u) for u in gear)) if gear else ""
        if action.throw and action.weapon:
            gear_text += t(locale, "action.fight_throw", item=n.item_uid(action.weapon))
        odds = odds_text(fight_odds(state, actor, action), locale) if with_odds else ""
        return fight_words(t(locale, f"battle.{action.battle}"), gear_text, odds, locale)
    if isinstance(action, prophecy_actions.Bribe):
        card = _creature(state, actor)
        rule = card.special("bribe") if card else None
        cost = rule.cost.gold if rule and rule.cost else 0
        return t(locale, "action.bribe", cost=_cost_text(locale, cost))
    if isinstance(action, prophecy_actions.UseOpportunity):
        adv = next((a for a in state.spaces[p.space] if a.uid == action.card), None)
        card_name = n.card(adv.card) if adv else action.card
        if action.give:
            return t(locale, "prompt.use_giving", card=card_name, items=", ".join(n.item_uid(u) for u in action.give))
        return t(locale, "action.use_opportunity", card=card_name)
    if isinstance(action, prophecy_actions.Roll):

        return describe_roll(state, action, locale, with_odds)
    if isinstance(action, prophecy_actions.ChooseItem):

        return describe_choice(state, action, locale)
    if isinstance(action, (prophecy_actions.Heal, prophecy_actions.Recharge)):
        kind = action.type
        ctx = Ctx(state, pack)
        svc = services(ctx, p, kind)
        gold = price(svc[0], action.amount) if svc else 0
        return t(locale, f"action.{kind}", amount=action.amount, cost=_cost_text(locale, gold))
    if isinstance(action, prophecy_actions.Exchange):
        return t(locale, "action.exchange", service=t(locale, f"service.{action.service}"))
    if isinstance(action, prophecy_actions.Buy):
        item = next((i for i in state.offers.get(pack.space(p.space).id, []) if i.uid == action.item), None)
        cost = pack.item(item.card).cost if item else 0
        return t(locale, "action.buy", item=n.item_uid(action.item), cost=cost)
    if isinstance(action, prophecy_actions.Sell):
        item = p.item(action.item)
        return t(locale, "action.sell", item=n.item_uid(action.item), gold=sell_price(Ctx(state, pack), item.card) if item else 0)
    if isinstance(action, prophecy_actions.Repair):
        return t(locale, "action.repair", item=n.item_uid(action.item))
    if isinstance(action, prophecy_actions.UseItem):
        return t(locale, "action.use_item", item=n.item_uid(action.item))
    if isinstance(action, prophecy_actions.BuyCertificate):
        guild = pack.space(p.space).guild or ""
        xp, gold = certificate_price(Ctx(state, pack), p, guild)
        fee = t(locale, "action.certificate_cost_gold" if gold else "action.certificate_cost", xp=xp, gold=gold)
        return t(locale, "action.certificate", guild=n.guild(guild), cost=fee)
    if isinstance(action, prophecy_actions.EndTurn):
        return t(locale, "action.end_turn")
    return str(action)


def fight_words(battle: str, gear: str, odds: str, locale: str) -> str:
    """A battle's button, decision first: the battle, its odds, then the gear (`gear` starts
    with " with …"), so a cut to fit a button only ever takes gear words."""
    return t(locale, "action.fight", battle=battle, odds=f" — {odds}" if odds else "",
             gear=(" ·" + gear) if (gear and odds) else gear)


def _creature(state: ProphecyState, actor: str) -> CreatureCard | None:
    if not state.turn or not state.turn.fight:
        return None
    pack = pack_by_id(state.options.pack)
    p = state.player(actor)
    adv = next((a for a in state.spaces[p.space] if a.uid == state.turn.fight), None)
    card = pack.adventure(adv.card) if adv else None
    return card if isinstance(card, CreatureCard) else None


def describe_event(state: ProphecyState, event: Event, locale: str) -> str | None:
    """One narration line, or None for events not worth a line."""
    if state.standard is not None:
        line = standard_event(state, event, locale)
        if line is not False:
            return line
    n = Names(state, locale)
    d: dict[str, Any] = dict(event.data)
    params: dict[str, Any] = {"player": n.player(event.player)}
    for key, value in d.items():
        if key in ("card",) and isinstance(value, str):
            params[key] = n.card(value)
        elif key in ("space", "to", "frm") and isinstance(value, str):
            params[key] = n.space(value)
        elif key == "guild":
            params[key] = n.guild(value)
        elif key == "character":
            params[key] = n.card(value)
        elif key == "deck":
            params[key] = t(locale, f"deck.{value}")
        elif key == "result":
            params[key] = t(locale, f"result.{value}")
        elif key == "battle":
            params[key] = t(locale, f"battle.{value}")
        elif key == "method":
            params[key] = t(locale, f"method.{value}")
        elif key == "service":
            params[key] = t(locale, f"service.{value}")
        elif key == "cards" and isinstance(value, list):
            params[key] = ", ".join(n.card(c) for c in value) or t(locale, "common.none")
        elif key == "removed":
            params[key] = ", ".join(n.card(c) for c in value) or t(locale, "common.none")
        elif key == "rolls":
            params[key] = ", ".join(f"{n.player(pid)} {r}" for pid, r in value.items())
        elif key == "previous" and isinstance(value, str):
            params[key] = n.player(value)
        else:
            params[key] = value
    kind = event.kind
    if kind in ("deck_empty", "chance_ignored", "game_prepared", "turn_ended"):
        return None
    if kind == "seat_handed_over" and d.get("previous"):
        # who played the seat before, by the name they had: a newcomer, or the AI for the same person
        if d["previous"] != event.player:
            return t(locale, "event.seat_taken_over", **params)
        if d.get("ai"):
            return t(locale, "event.seat_to_ai", **params)
    if kind == "turn_started":
        params["extra"] = t(locale, "event.extra_mark") if d.get("extra") else ""
    elif kind == "moved":
        params["cost"] = t(locale, "event.paid_cost", cost=d["cost"]) if d.get("cost") else ""
    elif kind == "first_player_roll" and 0 < len(d.get("rolls") or {}) < len(state.players):
        # the highest rollers tied and roll again: say so, or two lines of rolls look like a mistake
        tied = prompt_text.listing([n.player(pid) for pid in d["rolls"]], locale)
        return t(locale, "event.first_player_reroll", tied=tied, rolls=params["rolls"])
    elif kind == "battle_started":
        params["lives"] = t(locale, "event.three_lives") if d.get("lives", 1) > 1 else ""
    elif kind in ("battle_roll", "chance_drawn", "chance_no_effect", "turn_auto_ended", "throw_decision"):

        extra = event_params(state, event, locale)
        if extra is None:
            return None
        params.update(extra)
    elif kind == "paid":
        parts = [f"{v} {t(locale, 'sheet.' + k)}" for k, v in d.items() if k in ("gold", "experience", "health", "magic")]
        if d.get("reason") in ("heal", "recharge"):
            return None
        params["cost"] = ", ".join(parts)
    elif kind == "battle_roll" or kind == "die_rolled":
        pass
    elif kind == "game_ended" and d.get("reason"):
        # why it ended, so nobody wonders why a winner with no more Certificates than the others
        # won (the round limit's tie-breaks are this bot's ruling, the rest the rulebook's)
        return t(locale, "event.game_ended") + " " + t(locale, f"event.end.{d['reason']}",
                                                      limit=state.options.round_limit or 0)
    if state.standard is not None:
        _standard_params(state, event, n, params, locale)
    return t(locale, f"event.{kind}", **params)


def _standard_params(state: ProphecyState, event: Event, n: Names, params: dict[str, Any], locale: str) -> None:
    """The Basic sentences in a Standard game: a battle's foe may be a Guardian or a character
    (named by her player), Prayer and Curse dice, a move made with a card, the Standard Chance
    cards' effects and the reasons they change nothing."""
    d = event.data
    kind = event.kind
    if "opponent" in d and d.get("card"):
        params["card"] = prompt_text.foe_name(state, d["card"], d["opponent"], n)
    if kind == "battle_started":
        params["lives"] = (t(locale, "event.three_lives") if d.get("lives", 1) > 1 else "") + prompt_text.dice_words(d, locale)
    elif kind == "moved" and d.get("via"):
        params["cost"] = (params.get("cost") or "") + t(locale, "splay.via", card=n.card(d["via"]))
    elif kind == "chance_drawn":
        params["effect"] = prompt_text.std_chance_effect(state, d.get("card", ""), locale)
    elif kind == "chance_no_effect":
        terrain = t(locale, f"prompt.terrain.{d['terrain']}") if d.get("terrain") else ""
        why = f"splay.chance_why.{d.get('why', '')}"
        if has(why, locale):  # else the Basic reason the Basic sentence already holds
            params["why"] = t(locale, why, terrain=terrain)


def private_lines(shown: ProphecyState, events: list[Event], locale: str) -> list[str]:
    """What only the reader of `shown` (a seat's own view) learns from these events: the card
    seen in a Prophetic Dream, the characters dealt, the Abilities looked at. Empty for a
    spectator's view. For a private reply (an ephemeral message or a DM) to whoever acted."""
    if getattr(shown, "viewer", None) is None or shown.standard is None:
        return []
    n = Names(shown, locale)
    out = []
    for e in events:
        if _private_words(shown, e, n, locale):
            line = describe_event(shown, e, locale)
            if line:
                out.append(line)
    return out


#: the kinds of event `_private_words` puts in words for the player they are about (besides the
#: Water Realm island's, `describe_island.PREFIXES`)
PRIVATE_KINDS = frozenset({"plane_card_seen", "characters_offered", "library_studied"})


def may_have_private_lines(game: ProphecyState, actor: str, events: list[Event]) -> bool:
    """Whether `private_lines` could say anything to `actor` about these events, told from the
    game itself and the events' kinds alone, so the bot builds the actor's own view (a whole
    copy of the game) only when it may be of use: a Basic game has no secret looks, and
    `_private_words` speaks only of an event about the reader, of one of these kinds."""
    if game.standard is None:
        return False
    return any(e.player == actor and (e.kind in PRIVATE_KINDS or e.kind.startswith(describe_island.PREFIXES))
               for e in events)


def _planes_dealt_variant(state: ProphecyState) -> str:
    """Which cards the chosen variant lays on each Astral Plane, so the opening line never
    promises an Artifact the game has none of: "Lord of the Sea" leaves out the Artifacts and
    the Greater Guardians, "Treasure Hunters Game" the Artifacts, and the "Ten Artifacts
    Variant" lays two (Water Realm expansion, Game Variants)."""
    std = getattr(state.options, "standard", None)
    exp = getattr(std, "expansion", None)
    if exp is None:
        return ""
    if exp.lord_of_the_sea:
        return "_lesser_only"
    if exp.treasure_hunters:
        return "_no_artifact"
    if exp.artifacts == "ten":
        return "_two_artifacts"
    return ""


def narrate(state: ProphecyState, events: list[Event], locale: str) -> list[str]:
    return [line for e in events if (line := describe_event(state, e, locale))]


# == the Standard game ==============================================================================
def standard_action(state: ProphecyState, actor: str, action: Any, locale: str, with_odds: bool = True) -> str | None:
    """A Standard game's action in words (None: the Basic words fit). Read from the view the
    label is shown from: a card it hides (a face-down Guardian, a character dealt in secret)
    stays unnamed, and no odds are given against a hidden foe."""
    island_words = describe_island.action_label(state, actor, action, locale, with_odds)
    if island_words is not None:
        return island_words
    water_words = describe_water.action_label(state, actor, action, locale, with_odds)
    if water_words is not None:
        return water_words  # the Water Realm's buttons, and a battle there (its own figures)
    card_words = describe_wr_cards.action_label(state, actor, action, locale, with_odds)  # the new cards
    if card_words is not None:
        return card_words
    n = Names(state, locale)
    p = state.player(actor)
    sst = state.standard
    assert sst is not None
    if isinstance(action, prophecy_actions.Move):
        return _std_move(state, actor, action, locale, with_odds)
    if isinstance(action, (prophecy_actions.Fight, prophecy_actions.Attack)):
        return _std_battle_label(state, actor, action, locale, with_odds)
    if isinstance(action, prophecy_actions.Roll):
        b = sst.turn.battle
        if b is None:
            return t(locale, "splay.action.roll_plain")
        item = n.item_uid(b.weapon) if b.weapon else "?"
        odds = odds_text(prompt_text.std_roll_odds(b, action.throw), locale) if with_odds else ""
        key = "prompt.roll_throw" if action.throw else "prompt.roll_keep"
        text = t(locale, key, roll=b.rolls + 1, lives=b.lives, item=item, odds=odds)
        return text if with_odds else text.rstrip(" —")
    if isinstance(action, prophecy_actions.AfterRoll):
        b = sst.turn.battle
        result = t(locale, f"result.{b.result}") if b is not None and b.result else ""
        if action.ability is None:
            return t(locale, "splay.action.let_stand", result=result)
        key = f"splay.action.reroll_{action.dice}" if action.dice else "splay.action.fight_again"
        chance = t(locale, "splay.roll_win",
                   win=f"{prompt_text.after_roll_chance(b, action) * 100:.0f}") if b and with_odds else ""
        return t(locale, key, ability=n.card(action.ability), chance=chance)
    if isinstance(action, prophecy_actions.StopAttack):
        return t(locale, "splay.action.stop_attack")
    if isinstance(action, prophecy_actions.ChooseCharacter):
        return _secret_choice(state, actor, "character", action.character, locale)
    if isinstance(action, prophecy_actions.StudyPick):
        if action.ability is None:
            return t(locale, "splay.action.study_none")
        return _secret_choice(state, actor, "study_pick", action.ability, locale)
    if isinstance(action, prophecy_actions.ChooseCreature):
        adv = next((a for a in state.spaces[p.space] if a.uid == action.card), None)
        if adv is None or adv.card == HIDDEN:
            return t(locale, "splay.action.choose_creature_unknown")
        card = n.pack.adventure(adv.card)
        figs = prompt_text.figures(card, locale, short=True) if isinstance(card, CreatureCard) else ""
        return t(locale, "splay.action.choose_creature", card=n.card(adv.card), figures=figs)
    if isinstance(action, prophecy_actions.Avoid):
        foe = prompt_text.std_creature_here(state, actor)
        power = powers.avoids(state, actor, foe.tags) if foe is not None else None
        return t(locale, "splay.action.avoid", card=n.card(foe.id) if foe else t(locale, "prompt.the_creature"),
                 ability=n.card(power.id) if power else "")
    if isinstance(action, prophecy_actions.ChooseLoss):
        if action.item is None:
            health = powers.spack(state).figures.character_fight_health.value or 1
            fatal = health > p.red.right  # a loss with no red cube left to move kills
            key = "splay.action.lose_health_fatal" if fatal else "splay.action.lose_health"
            return t(locale, key, n=health, left=p.red.right)
        return t(locale, "prompt.give_up", item=_item_worth(state, n, action.item, locale))
    if isinstance(action, prophecy_actions.TakeItem):
        owner = next((q for q in state.players if q.item(action.item) is not None), None)
        return t(locale, "splay.action.take_item", item=_item_worth(state, n, action.item, locale),
                 player=owner.name if owner else "")
    if isinstance(action, prophecy_actions.TakeArtifact):
        holder = next((pid for pid, me in sst.players.items() if action.artifact in me.artifacts), None)
        return t(locale, "splay.action.take_artifact", card=n.card(action.artifact), player=n.player(holder))
    if isinstance(action, prophecy_actions.Discard):
        if p.item(action.card) is not None:
            return t(locale, "splay.action.discard_item", item=_item_worth(state, n, action.card, locale))
        return t(locale, "splay.action.discard_ability", card=n.card(action.card))
    if isinstance(action, prophecy_actions.ChooseSpace):
        here = [q.name for q in state.players if q.alive and q.character and n.pack.space(q.space).id == action.space]
        people = t(locale, "splay.people_here", names=", ".join(here)) if here else ""
        return t(locale, "splay.action.choose_space", space=n.space(action.space), people=people)
    if isinstance(action, prophecy_actions.Dream):
        return t(locale, "splay.action.dream", slot=n.slot(action.slot), plane=n.plane(action.plane))
    if isinstance(action, prophecy_actions.Study):
        left = len(sst.guild_decks.get(action.guild, []))
        return t(locale, "splay.action.study", guild=n.guild(action.guild), count=left)
    if isinstance(action, prophecy_actions.Learn):
        return t(locale, "splay.action.learn", card=n.card(action.ability),
                 cost=prompt_text.ability_cost(state, actor, action.ability, locale))
    if isinstance(action, prophecy_actions.Train):
        guild = n.pack.space(p.space).guild if n.pack.space(p.space).kind == "guild" else None
        return t(locale, "splay.action.train", words=prompt_text.training_words(state, actor, action.figure, guild, locale))
    if isinstance(action, prophecy_actions.UseAbility):
        return _use_ability(state, actor, action, locale)
    if isinstance(action, prophecy_actions.Buy):
        offered = next((i for i in state.offers.get(n.pack.space(p.space).id, []) if i.uid == action.item), None)
        cost = space_actions.buy_price(prompt_text.std_ctx(state), p, offered.card) if offered else 0
        return t(locale, "action.buy", item=n.item_uid(action.item), cost=cost)
    if isinstance(action, prophecy_actions.Sell):
        held = p.item(action.item)
        if held is None:
            return None
        _discount, full = powers.market(state, actor)
        ctx = prompt_text.std_ctx(state)
        gold = ctx.pack.item(held.card).cost if full else sell_price(ctx, held.card)
        return t(locale, "action.sell", item=n.item_uid(action.item), gold=gold)
    if isinstance(action, prophecy_actions.UseOpportunity):
        adv = next((a for a in state.spaces[p.space] if a.uid == action.card), None)
        if adv is not None and any(c.id == adv.card for c in powers.spack(state).adventures):
            return t(locale, "splay.action.study_card", card=n.card(adv.card))
    return None


def _item_worth(state: ProphecyState, n: Names, uid: str, locale: str) -> str:
    owner = next((q for q in state.players if q.item(uid) is not None), None)
    item = owner.item(uid) if owner else None
    name = n.item_uid(uid)
    if item is None:
        return name
    text = t(locale, "prompt.item_worth", item=name, cost=n.pack.item(item.card).cost)
    return text + (f" ({t(locale, 'sheet.damaged')})" if item.damaged else "")


def _secret_choice(state: ProphecyState, actor: str, kind: str, card_id: str, locale: str) -> str:
    """A choice only its player may see (characters dealt, Abilities looked at): named when
    this view shows the options, else only by its place in the hand ("Keep character 1 of 2")."""
    n = Names(state, locale)
    sst = state.standard
    assert sst is not None
    d = next((d for d in sst.decisions if d.player == actor and d.kind == kind), None)
    shown = d is not None and card_id in d.options
    if kind == "character":
        if shown:
            ch = n.pack.character(card_id)
            return t(locale, "splay.action.keep_character", character=n.card(card_id), strength=ch.strength,
                     willpower=ch.willpower, guilds=" + ".join(n.guild(g) for g in ch.guilds))
        index = _hidden_index(state, actor, kind, card_id)
        count = len(d.options) if d else 2
        if index is None:
            return t(locale, "splay.action.keep_character_unknown", count=count)
        return t(locale, "splay.action.keep_character_hidden", index=index, count=count)
    if shown:
        return t(locale, "splay.action.study_pick", card=n.card(card_id),
                 cost=prompt_text.ability_cost(state, actor, card_id, locale, gold=_study_gold(state, d.reason if d else "")))
    index = _hidden_index(state, actor, kind, card_id)
    if index is None:
        return t(locale, "splay.action.study_pick_unknown")
    return t(locale, "splay.action.study_pick_hidden", index=index)


def _study_gold(state: ProphecyState, reason: str) -> bool:
    return next((c.study.gold for c in powers.spack(state).adventures if c.id == reason), False)


def _hidden_index(state: ProphecyState, actor: str, kind: str, card_id: str) -> int | None:
    """The place of a secret option in its player's hand, counted from 1 (the order /game log
    shows them to that player). A view that hides the options cannot say it: the turn message
    tells it first (`remember_secret_order`), from the game itself; any other view (the
    channel's echo of a pressed button) gets None, never a guess."""
    sst = state.standard
    assert sst is not None
    known = _SECRET_ORDER.get((actor, kind))
    if known is not None and known[0] is state and card_id in known[1]:
        return known[1].index(card_id) + 1
    d = next((d for d in sst.decisions if d.player == actor and d.kind == kind), None)
    if d is not None and card_id in d.options:
        return d.options.index(card_id) + 1
    return None


#: (player, kind) -> (the view the labels are read from, the secret options in their real order)
_SECRET_ORDER: dict[tuple[str, str], tuple[ProphecyState, list[str]]] = {}


def echo_label(state: ProphecyState, actor: str, action: Any, locale: str) -> str:
    """A pressed button's action in words for the channel's echo of the press. Its view may be
    the very one the turn message carrying the button was built from (gm.session.results keeps
    it for the next press), for which the places of the secret options were remembered; the
    echo never tells a place, so none is remembered while it is worded."""
    told = dict(_SECRET_ORDER)
    _SECRET_ORDER.clear()
    try:
        return describe_action(state, actor, action, locale)
    finally:
        _SECRET_ORDER.update(told)


def remember_secret_order(shown: ProphecyState, game: ProphecyState, actor: str) -> None:
    """Number the secret options of the decision waiting on `actor` (characters dealt,
    Abilities looked at) as the game holds them, for the labels read from the view `shown`,
    which hides them: "Keep character 1 of 2". Only the places are told, never the cards."""
    describe_island.remember_secret_order(game, actor)
    _SECRET_ORDER.clear()
    if game.standard is None:
        return
    for d in game.standard.decisions:
        if d.player == actor and d.kind in SECRET_OPTIONS:
            _SECRET_ORDER[(actor, d.kind)] = (shown, list(d.options))


def _use_ability(state: ProphecyState, actor: str, action: prophecy_actions.UseAbility, locale: str) -> str:
    n = Names(state, locale)
    name = n.card(action.ability)
    card = powers.spack(state).ability(action.ability)
    cast = t(locale, "splay.cast_cost", cost=prompt_text.cost_text(card.cast, locale)) if not card.cast.is_free() else ""
    if action.plane is not None and action.slot is not None:
        return t(locale, "splay.action.use_peek", ability=name, slot=n.slot(action.slot), plane=n.plane(action.plane),
                 cast=cast)
    if action.figure is not None:
        return t(locale, "splay.action.use_train", ability=name,
                 words=prompt_text.training_words(state, actor, action.figure, None, locale), cast=cast)
    eff = next((e for e in card.effects if e.kind in ("instead_of_movement", "extra_turn")), None)
    if eff is None or eff.kind == "extra_turn":
        return t(locale, "splay.action.use_extra_turn", ability=name, cast=cast)
    what = prompt_text.instead_words(state, actor, eff, locale)
    return t(locale, "splay.action.use_instead", ability=name, what=what, cast=cast)


def _std_move(state: ProphecyState, actor: str, action: prophecy_actions.Move, locale: str, with_odds: bool) -> str:
    label = prompt_text.label_plain(state, actor, action, locale)
    extra = prompt_text.std_destination_short(state, actor, action, locale) if with_odds else ""
    return f"{label} · {extra}" if extra else label


def _std_battle_label(state: ProphecyState, actor: str, action: Any, locale: str, with_odds: bool) -> str:
    n = Names(state, locale)
    battle = t(locale, f"battle.{action.battle}")
    gear = prompt_text.std_gear(state, action, locale)
    odds = prompt_text.std_odds(state, actor, action) if with_odds else None
    if isinstance(action, prophecy_actions.Fight):
        return fight_words(battle, gear, prompt_text.full_odds(odds, locale) if with_odds else "", locale)
    win = " · " + prompt_text.win_text(odds, locale) if with_odds else ""
    if state.has_player(action.target):
        q = state.player(action.target)
        figure = sbattle.defender_figure(prompt_text.std_ctx(state), q, action.battle)
        return t(locale, "splay.action.attack_character", player=q.name, character=n.card(q.character),
                 figure=figure, battle=battle, gear=gear, win=win)
    slot, g, power_up = prompt_text.guardian_on(state, action.target)
    if g is None:  # nothing about a face-down Guardian, not even odds, goes on a public button
        return t(locale, "splay.action.attack_plane_hidden", plane=n.plane_short(action.target),
                 slot=n.slot(slot or "lesser"), battle=battle, gear=gear)
    return t(locale, "splay.action.attack_plane", plane=n.plane_short(action.target),
             foe=prompt_text.guardian_words(g, power_up, n, locale, short=True), battle=battle, gear=gear, win=win)


# -- Standard narration ---------------------------------------------------------------------------------
#: the events only a Standard game has, each with its own sentence (event.<kind> in standard_play.yaml);
#: the others are said by the Basic sentence with the Standard names filled in
STANDARD_EVENTS = frozenset({
    "spell_cast", "battle_reroll", "fight_again", "after_roll_decision", "ability_used", "artifacts_dropped",
    "guardian_revealed", "guardian_stays", "guardian_defeated", "plane_card_shown", "plane_card_seen",
    "artifact_gained", "artifact_comes", "final_battle_called", "final_battle_begins", "final_battle_turn",
    "first_adventures", "adventure_placed_face_down", "adventure_revealed", "adventure_discarded",
    "characters_offered", "character_chosen", "ability_offered", "astral_planes_dealt", "ability_learned", "trained",
    "study_nothing", "library_studied", "study_declined", "item_discarded", "ability_discarded", "creature_avoided",
    "character_attacked", "plane_attacked", "apocalypse_begins", "apocalypse_strikes", "chance_skipped",
    "over_the_limit", "attack_stopped", "duel_draw", "duel_won", "gold_taken", "loss_chosen", "item_given_up",
    "item_stolen", "artifact_lost", "crisis_warded", "training_offered",
})


def standard_event(state: ProphecyState, event: Event, locale: str) -> str | None | Literal[False]:
    """A Standard event in words; False when the Basic sentence serves (with Standard names)."""
    n = Names(state, locale)
    d: dict[str, Any] = dict(event.data)
    kind = event.kind
    who = n.player(event.player)
    if kind in ("throw_decision", "game_prepared"):
        return None if kind == "throw_decision" else t(locale, "event.standard_prepared")
    if kind == "game_ended":
        reason = d.get("reason", "")
        return t(locale, "event.game_ended") + (" " + t(locale, f"splay.end.{reason}") if reason else "")
    if kind.startswith(describe_island.PREFIXES):
        return describe_island.event_line(state, event, locale)  # Treasure Island, the new Artifacts
    if describe_water.owns(state, event):
        return describe_water.event_line(state, event, locale)  # the Water Realm
    if kind.startswith(describe_wr_cards.PREFIX):
        return describe_wr_cards.event_line(state, event, locale)  # the new cards
    if kind not in STANDARD_EVENTS:
        return False
    params: dict[str, Any] = {"player": who}
    for key, value in d.items():
        if key in ("plane",):
            params[key] = n.plane(value)
        elif key in ("slot", "tier"):
            params[key] = n.slot(value)
        elif key in ("ability", "card", "via", "replaced", "reason"):
            params[key] = n.card(value) if isinstance(value, str) else ""
        elif key in ("defender", "loser", "attacker"):
            params[key] = n.player(value)
        elif key == "space" and isinstance(value, str):
            params[key] = n.space(value)
        elif key == "guild":
            params[key] = n.guild(value)
        elif key == "figure":
            params[key] = n.figure(value)
        elif key == "battle":
            params[key] = t(locale, f"battle.{value}")
        elif key == "cards" and isinstance(value, list):
            params[key] = prompt_text.listing([n.card(c) for c in value], locale)
        elif key == "terrain":
            params[key] = t(locale, f"prompt.terrain.{value}") if value else ""
        elif key == "character":
            params[key] = n.card(value)
        elif key == "result":
            params[key] = t(locale, f"result.{value}")
        else:
            params[key] = value
    sub = ""
    if kind == "ability_offered":
        sub = "_replacing" if d.get("replaced") else ""
    elif kind in ("ability_learned", "trained"):
        params["cost"] = prompt_text.cost_text(Cost(experience=d.get("experience", 0), gold=d.get("gold", 0)), locale)
    elif kind == "astral_planes_dealt":
        params["power"] = t(locale, "splay.power_up_all", n=d["power_up"]) if d.get("power_up") else ""
        sub = _planes_dealt_variant(state)
    elif kind == "artifact_gained":
        source = str(d.get("source", ""))
        if state.has_player(source):
            return None  # the loser's line (artifact_lost) already says who took it
        sub = "_picked_up" if source == "picked_up" else ""
        params["plane"] = n.plane(source)
    elif kind in ("artifact_lost", "item_given_up"):
        to = d.get("to")
        params["to"] = n.player(to)
        if kind == "item_given_up" and not to:
            sub = "_discarded"
    elif kind == "training_offered":
        sub = "_everyone" if d.get("everyone") else ""
    elif kind == "guardian_revealed":
        card = d.get("card")
        g = powers.spack(state).guardian(card) if card and card != HIDDEN else None
        up = power_up_on(state, d["plane"])
        params["figures"] = prompt_text.figure_pair(g.strength + up, g.willpower + up, g.first, locale) if g else ""
    elif kind in ("over_the_limit", "ability_discarded"):
        params["limit"] = powers.spack(state).figures.ability_limit.value or 7
    elif kind == "item_discarded":
        params["limit"] = prompt_text.std_ctx(state).pack.rules.item_limit.value or 7
    elif kind == "apocalypse_begins":
        params["amount"] = powers.spack(state).figures.apocalypse_health_loss.value or 1
    elif kind == "battle_reroll":
        lives = d.get("lives", 1)
        params["roll_mark"] = t(locale, "prompt.roll_mark", roll=d.get("roll", 1), lives=lives) if lives > 1 else ""
        params["card"] = prompt_text.foe_name(state, d.get("card", ""), d.get("opponent", ""), n)
        params["dice"] = t(locale, f"splay.dice_which.{d.get('dice', 'own')}")
    elif kind == "fight_again" or kind == "after_roll_decision":
        battle = state.standard.turn.battle if state.standard else None
        opponent = battle.opponent if battle is not None else ""
        params["card"] = prompt_text.foe_name(state, d.get("card", ""), opponent, n)
    line = t(locale, f"event.{kind}{sub}", **params)
    private = _private_words(state, event, n, locale)
    return f"{line} {private}" if private else line


def power_up_on(state: ProphecyState, plane_id: str) -> int:
    """The Power Up on a plane (added to both figures of its Guardians)."""
    assert state.standard is not None
    return state.standard.plane(plane_id).power_up


def _private_words(state: ProphecyState, event: Event, n: Names, locale: str) -> str:
    """What only the reader may know about a secret look, when the view in hand is that
    reader's own (a spectator's view, or another seat's, never shows it)."""
    viewer = getattr(state, "viewer", None)
    sst = state.standard
    if viewer is None or sst is None or viewer != event.player:
        return ""
    d = event.data
    if event.kind.startswith(describe_island.PREFIXES):
        return describe_island.private_words(state, event, n, locale)
    if event.kind == "plane_card_seen":
        plane = sst.plane(d["plane"])
        card = plane.card(d["slot"])
        if card is None or card == HIDDEN or viewer not in plane.seen.get(d["slot"], []):
            return ""
        text = n.card(card)
        if d["slot"] != "artifact":
            g = powers.spack(state).guardian(card)
            text = prompt_text.guardian_words(g, plane.power_up, n, locale)
        else:
            text = prompt_text.card_line(n, card)
        pair = describe_island.private_words(state, event, n, locale)  # Ten Artifacts: the second one
        # a card's text ends its own sentence; the line's full stop must not double it
        return t(locale, "splay.private_seen", card=text.rstrip(" .")) + (f" {pair}" if pair else "")
    kind = {"characters_offered": "character", "library_studied": "study_pick"}.get(event.kind)
    if kind is None:
        return ""
    decision = next((x for x in sst.decisions if x.player == viewer and x.kind == kind), None)
    if decision is None or any(o == HIDDEN for o in decision.options):
        return ""
    names = [f"{i}. {n.card(o)}" for i, o in enumerate(decision.options, start=1)]
    return t(locale, "splay.private_hand", cards=", ".join(names))

