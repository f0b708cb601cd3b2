"""Treasure Island and the new Artifacts in words (Water Realm expansion): the buttons, the
narration, the prompts, the sheet and the status, in the reader's language.

Read from the view the caller passes: the order of the face-down Treasure deck, a Crystal
Ball's dice, the cards of a blind dig and the two Artifacts a conqueror chooses between are
named only in the view of whoever may see them; a public button names such a card by its place
("Keep Treasure card 2 of 3") and the private reply after the event lists them for her alone.
describe.py, prompt_text.py and embeds.py hand over to this module; it registers its prompts
and Chance card words with prompt_text (which cannot import it).
"""
from __future__ import annotations

from typing import Any, Callable

from engine.core.events import Event
from engine.prophecy import actions as prophecy_actions
from engine.prophecy.standard.state import HIDDEN
from engine.prophecy.state import PlayerState, ProphecyState
from engine.prophecy.water_realm.island import actions as island_actions
from engine.prophecy.water_realm.island import moves as island_moves
from engine.prophecy.water_realm.island import treasures as island_treasures
from engine.prophecy.water_realm.island.content import NUMERALS, island_content
from engine.prophecy.water_realm.island.state import ON_ISLAND, IslandState
from gm.i18n import t
from systems.prophecy import prompt_text
from systems.prophecy.names import Names

#: the event kinds this module says
PREFIXES = ("island_", "wrart_")


def _isl(state: ProphecyState) -> IslandState | None:
    return state.standard.island if state.standard is not None else None


def playing(state: ProphecyState) -> bool:
    i = _isl(state)
    return i is not None and i.playing


def _maps(n: int, locale: str) -> str:
    return t(locale, "island.maps", n=n)


def treasure_words(n: Names, card: str, locale: str) -> str:
    """"Holy Grail (4 maps)"."""
    content = island_content()
    if card == HIDDEN or not content.is_treasure(card):
        return t(locale, "island.hidden_treasure")
    return t(locale, "island.treasure_cost", card=n.card(card), maps=_maps(content.treasure(card).maps, locale))


def _count(state: ProphecyState, pid: str) -> int:
    i = _isl(state)
    return i.count(pid) if i is not None else 0


# ----------------------------------------------------------------------------------- buttons
def action_label(state: ProphecyState, actor: str, action: Any, locale: str, with_odds: bool = True) -> str | None:
    """The words of one of this part's actions (None: not one of them)."""
    n = Names(state, locale)
    mine = _count(state, actor)
    if isinstance(action, island_actions.SailToIsland):
        if action.via is not None:
            return t(locale, "island.action.go_via", card=n.card(action.via))
        cost = _sail_cost(state, actor)
        return t(locale, "island.action.sail", cost=t(locale, "common.gold", n=cost) if cost else t(locale, "common.free"))
    if isinstance(action, island_actions.LeaveIsland):
        if action.via is not None:
            return t(locale, "island.action.leave_via", space=n.space(action.to), card=n.card(action.via))
        refund = _refund(state, actor)
        key = "island.action.leave_refund" if refund else "island.action.leave"
        return t(locale, key, space=n.space(action.to), gold=refund)
    if isinstance(action, island_actions.StayOnIsland):
        return t(locale, "island.action.stay")
    if isinstance(action, island_actions.CollectMap):
        return t(locale, "island.action.collect", n=mine)
    if isinstance(action, island_actions.Dig):
        need = sum(island_content().treasure(c).maps for c in action.treasures)
        return t(locale, "island.action.dig", cards=prompt_text.listing([n.card(c) for c in action.treasures], locale),
                 maps=_maps(need, locale), n=mine)
    if isinstance(action, island_actions.DigBlind):
        i = _isl(state)
        first = i is None or i.blind is None
        figures = island_content().figures
        cost = figures.blind_first.value if first else figures.blind_more.value
        return t(locale, "island.action.dig_blind" if first else "island.action.dig_deeper", maps=_maps(cost, locale),
                 n=mine)
    if isinstance(action, island_actions.KeepTreasure):
        return _secret_label(state, actor, action.treasure, locale, "blind")
    if isinstance(action, island_actions.BattleForMaps):
        q = state.player(action.target)
        gear = prompt_text.std_gear(state, action, locale)
        win = prompt_text.win_text(prompt_text.std_odds(state, actor, action), locale) if with_odds else ""
        return t(locale, "island.action.map_battle", player=q.name, battle=t(locale, f"battle.{action.battle}"),
                 gear=gear, n=_count(state, q.player), win=win).rstrip(" ·")
    if isinstance(action, island_actions.TakeSpoils):
        i = _isl(state)
        loser = i.spoils.loser if i is not None and i.spoils is not None else ""
        name = n.player(loser)
        if action.map:
            return t(locale, "island.action.spoils_map", player=name, n=_count(state, loser))
        return t(locale, "island.action.spoils_usual", player=name)
    if isinstance(action, island_actions.KeepArtifact):
        return _secret_label(state, actor, action.artifact, locale, "keep")
    if isinstance(action, island_actions.ScepterStrike):
        q = state.player(action.target)
        return t(locale, "island.action.strike", player=q.name)
    return None


def _secret_label(state: ProphecyState, actor: str, card: str, locale: str, which: str) -> str:
    """A card of a secret choice: named when this view shows the options, else by its place."""
    i = _isl(state)
    options: list[str] = []
    if i is not None and which == "blind" and i.blind is not None:
        options = list(i.blind.drawn)
    elif i is not None and which == "keep" and i.keep is not None:
        options = list(i.keep.options)
    n = Names(state, locale)
    if card in options and HIDDEN not in options:
        if which == "blind":
            return t(locale, "island.action.keep_treasure", card=treasure_words(n, card, locale))
        return t(locale, "island.action.keep_artifact", card=_artifact_words(n, card, locale))
    real = _SECRET.get((actor, which))
    index = real.index(card) + 1 if real is not None and card in real else 1
    count = len(options) or (len(real) if real else 1)
    key = "island.action.keep_treasure_hidden" if which == "blind" else "island.action.keep_artifact_hidden"
    return t(locale, key, index=index, count=count)


#: (player, "blind" | "keep") -> the secret options in their real order (told by the turn message)
_SECRET: dict[tuple[str, str], list[str]] = {}


def remember_secret_order(game: ProphecyState, actor: str) -> None:
    """The places of the secret options waiting on `actor`, read from the game itself, so a
    public button can say "card 2 of 3" (never which card it is)."""
    _SECRET.clear()
    i = _isl(game)
    if i is None:
        return
    if i.blind is not None and i.blind.player == actor:
        _SECRET[(actor, "blind")] = list(dict.fromkeys(i.blind.drawn))
    if i.keep is not None and i.keep.player == actor:
        _SECRET[(actor, "keep")] = list(i.keep.options)


def _artifact_words(n: Names, card: str, locale: str) -> str:
    new = island_content().new_artifact(card)
    name = n.card(card)
    return t(locale, "island.artifact_numeral", card=name, numeral=NUMERALS[new.numeral]) if new is not None else name


def _artifact_power(n: Names, card: str, locale: str) -> str:
    """An Artifact's name with what it does: a choice between two Artifacts is made on their
    powers, and the one choosing is the only one who may see them."""
    text = n.card_text(card)
    name = _artifact_words(n, card, locale)
    return t(locale, "island.private.artifact_power", card=name, text=text) if text else name


def _abilities(state: ProphecyState, pid: str) -> list[str]:
    assert state.standard is not None
    me = state.standard.players.get(pid)
    return me.abilities if me is not None else []


def _sail_cost(state: ProphecyState, pid: str) -> int:
    mine = _abilities(state, pid)
    if island_moves.WHARF_RAT in mine or island_moves.NAUTICAL_RITES in mine:
        return 0
    return island_content().figures.sail_to_island.value


def _refund(state: ProphecyState, pid: str) -> int:
    mine = _abilities(state, pid)
    if island_moves.NAUTICAL_RITES in mine and island_moves.WHARF_RAT not in mine:
        return island_content().figures.nautical_rites_refund.value
    return 0


# --------------------------------------------------------------------------------- narration
def event_line(state: ProphecyState, event: Event, locale: str) -> str | None:
    """One of this part's events in words (None: not worth a line)."""
    n = Names(state, locale)
    d: dict[str, Any] = dict(event.data)
    kind = event.kind
    params: dict[str, Any] = {"player": n.player(event.player)}
    for key, value in d.items():
        if key in ("defender", "loser") and isinstance(value, str):
            params[key] = n.player(value)
        elif key in ("space", "to", "frm") and isinstance(value, str):
            params[key] = n.space(value)
        elif key == "plane" and isinstance(value, str):
            params[key] = n.plane(value)
        elif key in ("card", "via") and isinstance(value, str):
            params[key] = n.card(value)
        elif key == "cards" and isinstance(value, list):
            params[key] = prompt_text.listing([treasure_words(n, c, locale) for c in value], locale)
        elif key == "battle":
            params[key] = t(locale, f"battle.{value}")
        else:
            params[key] = value
    sub = ""
    if kind == "island_prepared":
        sub = "_hunters" if d.get("hunters") else "_blind" if d.get("blind") else ""
    elif kind == "island_arrived":
        sub = "_via" if d.get("via") else ""
        params["cost"] = t(locale, "island.paid", n=d["cost"]) if d.get("cost") else ""
    elif kind == "island_left":
        sub = "_via" if d.get("via") else ""
        params["gold"] = t(locale, "island.refunded", n=d["gold"]) if d.get("gold") else ""
    elif kind == "island_stayed":
        params["via"] = t(locale, "island.staying_with", card=n.card(d["via"])) if d.get("via") else ""
    elif kind == "island_map_placed":
        params.pop("card", None)
    elif kind == "wrart_untouchable":
        sub = "_resisted" if d.get("resisted") else "_failed"
        params["reason"] = n.card(d.get("reason", ""))
    elif kind in ("island_dug", "island_kept"):
        if kind == "island_kept":
            params["card"] = treasure_words(n, d["card"], locale)
    line = t(locale, f"island.event.{kind}{sub}", **params)
    private = private_words(state, event, n, locale)
    return f"{line} {private}" if private else line


def private_words(state: ProphecyState, event: Event, n: Names, locale: str) -> str:
    """What only the reader may know, when the view in hand is her own: her Crystal Ball's
    dice, the cards of her blind dig, the two Artifacts she chooses between, a pair seen in a
    Prophetic Dream."""
    viewer = getattr(state, "viewer", None)
    i = _isl(state)
    if viewer is None or i is None or viewer != event.player:
        return ""
    if event.kind == "island_foretold" and viewer in i.foretold:
        light, dark = i.foretold[viewer]
        return t(locale, "island.private.foretold", light=light, dark=dark)
    if event.kind == "island_dug_blind" and i.blind is not None and i.blind.player == viewer \
            and HIDDEN not in i.blind.drawn:
        cards = [f"{k}. {treasure_words(n, c, locale)}" for k, c in enumerate(dict.fromkeys(i.blind.drawn), start=1)]
        return t(locale, "island.private.drawn", cards=", ".join(cards))
    if event.kind == "wrart_pair_won" and i.keep is not None and i.keep.player == viewer and HIDDEN not in i.keep.options:
        cards = [f"{k}. {_artifact_power(n, c, locale)}" for k, c in enumerate(i.keep.options, start=1)]
        return t(locale, "island.private.pair", cards="\n".join(cards))
    if event.kind == "plane_card_seen" and event.data.get("slot") == "artifact":
        second = i.pairs.get(event.data.get("plane", ""))
        if second is not None and second != HIDDEN:
            return t(locale, "island.private.pair_seen", card=_artifact_power(n, second, locale))
    return ""


# ----------------------------------------------------------------------------------- prompts
def _island_field(state: ProphecyState, actor: str, n: Names, locale: str) -> tuple[str, str]:
    """What lies on the island and what digging costs her."""
    i = _isl(state)
    assert i is not None
    exp = state.options.std().exp()
    lines = []
    if exp.random_treasures:
        figures = island_content().figures
        lines.append(t(locale, "island.prompt.blind_rule", first=figures.blind_first.value, more=figures.blind_more.value,
                       n=len(i.deck)))
    else:
        for card in i.up:
            lines.append(f"💎 {treasure_words(n, card, locale)} — {n.card_text(card)}")
        if not exp.treasure_hunters:
            lines.append(t(locale, "island.prompt.deck", n=len(i.deck)))
    lines.append(t(locale, "island.prompt.your_maps", n=_count(state, actor)))
    if exp.treasure_hunters:
        lines.append(t(locale, "island.prompt.fame", n=i.fame.get(actor, 0)))
    here = [q.name for q in state.players if q.alive and q.board == ON_ISLAND and q.player != actor]
    if here:
        lines.append(t(locale, "island.prompt.here", names=", ".join(here)))
    return t(locale, "island.name"), "\n".join(lines)


def _p_island(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    moving = pend.kind == "island_move"
    out = prompt_text.StdPrompt(t(locale, "island.what.move" if moving else "island.what.act"))
    out.fields.append(_island_field(state, pend.player, n, locale))
    if moving:
        ways = [a for a in actions if isinstance(a, (island_actions.LeaveIsland, island_actions.StayOnIsland))]
        boats = [a for a in ways if isinstance(a, island_actions.LeaveIsland) and a.via is None]
        lines = [t(locale, "island.prompt.boats", spaces=prompt_text.listing([n.space(a.to) for a in boats], locale),
                   gold=_refund(state, pend.player))] if boats else []
        vias = sorted({a.via for a in ways if isinstance(a, island_actions.LeaveIsland) and a.via})
        lines += [t(locale, "island.prompt.via", card=n.card(v)) for v in vias]
        out.fields.append((t(locale, "prompt.destinations"), "\n".join(lines)))
        uses = [a for a in actions if isinstance(a, prophecy_actions.UseAbility)]
        if uses:
            out.fields.append((t(locale, "splay.field.instead"), "\n".join(f"• {label(a)}" for a in uses)))
        return out
    digs = [a for a in actions if isinstance(a, (island_actions.Dig, island_actions.DigBlind))]
    if digs:
        out.fields.append((t(locale, "island.field.dig"), "\n".join(label(a) for a in digs)))
    fights = [a for a in actions if isinstance(a, (prophecy_actions.Attack, island_actions.BattleForMaps,
                                                   island_actions.ScepterStrike))]
    if fights:
        out.fields.append((t(locale, "island.field.fight"), t(locale, "island.prompt.fight_first") + "\n"
                           + "\n".join(f"• {label(a)}" for a in _best_fights(state, pend.player, fights))))
    return out


def _best_fights(state: ProphecyState, actor: str, fights: list[Any]) -> list[Any]:
    """One line per target and kind of battle: the loadout with the best odds."""
    best: dict[tuple[Any, ...], tuple[float, Any]] = {}
    for a in fights:
        if isinstance(a, island_actions.ScepterStrike):
            best[("strike", a.target)] = (0.0, a)
            continue
        odds = prompt_text.std_odds(state, actor, a)
        key = (a.type, a.target, a.battle)
        score = odds[0] if odds else 0.0
        if key not in best or score > best[key][0]:
            best[key] = (score, a)
    return [a for _s, a in best.values()]


def _p_blind(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    out = prompt_text.StdPrompt(t(locale, "island.what.blind"), only_you=True)
    out.fields.append((t(locale, "splay.field.secret"), t(locale, "island.prompt.blind_help",
                                                          n=_count(state, pend.player))))
    return out


def _p_spoils(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    loser = str(pend.data.get("other", ""))
    out = prompt_text.StdPrompt(t(locale, "island.what.spoils", player=n.player(loser)), only_you=True)
    out.fields.append((t(locale, "island.field.spoils"), "\n".join(f"• {label(a)}" for a in actions)))
    return out


def _p_keep(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    out = prompt_text.StdPrompt(t(locale, "island.what.keep", plane=n.plane(str(pend.data.get("plane", "")))), only_you=True)
    out.fields.append((t(locale, "splay.field.secret"), t(locale, "island.prompt.keep_help")))
    return out


def _p_strike(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    target = str(pend.data.get("other", ""))
    out = prompt_text.StdPrompt(t(locale, "island.what.strike_attack", player=n.player(target)))
    out.fields.append((t(locale, "island.field.fight"),
                       "\n".join(f"• {label(a)}" for a in _best_fights(state, pend.player, actions))))
    return out


def extra_fields(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str,
                 label: Callable[[Any], str]) -> list[tuple[str, str]]:
    """Blocks this part adds to a Standard prompt on the ring: the boat to the island (its
    price and what lies there), the Map Fragment that can be picked up, the battles for Maps."""
    out: list[tuple[str, str]] = []
    if not playing(state) or pend.kind.startswith(PREFIXES):
        return out
    sails = [a for a in actions if isinstance(a, island_actions.SailToIsland)]
    if sails:
        name, text = _island_field(state, pend.player, n, locale)
        text = "\n".join(label(a) for a in sails) + "\n" + text
        out.append((name, text))
    if any(isinstance(a, island_actions.CollectMap) for a in actions):
        out.append((t(locale, "island.field.map"), t(locale, "island.prompt.collect", n=_count(state, pend.player))))
    maps = [a for a in actions if isinstance(a, island_actions.BattleForMaps)]
    if maps:
        out.append((t(locale, "island.field.map_battle"), t(locale, "island.prompt.map_battle_rule") + "\n"
                    + "\n".join(label(a) for a in _best_fights(state, pend.player, maps))))
    strikes = [a for a in actions if isinstance(a, island_actions.ScepterStrike)]
    if strikes:
        out.append((t(locale, "island.field.strike"), t(locale, "island.prompt.strike_rule") + "\n"
                    + "\n".join(label(a) for a in strikes)))
    return out


def chance_effect(state: ProphecyState, card_id: str, locale: str) -> str | None:
    chance = island_content().map_chance(card_id) if playing(state) else None
    if chance is None:
        return None
    n = chance.fragments
    exp = state.options.std().exp()
    if exp is not None and exp.treasure_hunters:
        n += island_content().figures.hunters_extra_fragments.value
    return t(locale, "island.chance_effect", n=n)


# -------------------------------------------------------------------------- sheet and status
def sheet_lines(state: ProphecyState, p: PlayerState, locale: str) -> list[str]:
    """The lines a character sheet gains: her Map Fragments (and Fame)."""
    i = _isl(state)
    if i is None or not i.playing:
        return []
    line = "🗺️ " + t(locale, "island.sheet.maps", n=i.count(p.player))
    if state.options.std().exp().treasure_hunters:
        line += " · ⭐ " + t(locale, "island.sheet.fame", n=i.fame.get(p.player, 0))
    return [line]


def sheet_fields(state: ProphecyState, p: PlayerState, locale: str) -> list[tuple[str, str]]:
    """/me: each Treasure carried with what it does; what only she sees (her vision, her draws)."""
    n = Names(state, locale)
    content = island_content()
    out: list[tuple[str, str]] = []
    for item in p.items:
        # a Treasure, or an Item a Treasure was set into like an Astral Stone (named for both)
        treasure = item.card if content.is_treasure(item.card) else island_treasures.set_treasure(item.card)
        if treasure is not None:
            damaged = f" ({t(locale, 'sheet.damaged')})" if item.damaged else ""
            title = treasure_words(n, item.card, locale) if treasure == item.card else \
                t(locale, "island.treasure_cost", card=n.card(item.card), maps=_maps(content.treasure(treasure).maps, locale))
            out.append((f"💎 {title}{damaged}", n.card_text(item.card) or "—"))
    i = _isl(state)
    viewer = getattr(state, "viewer", None)
    if i is not None and viewer == p.player:
        if p.player in i.foretold:
            light, dark = i.foretold[p.player]
            out.append((t(locale, "island.sheet.vision_title"), t(locale, "island.private.foretold", light=light, dark=dark)))
        if i.blind is not None and i.blind.player == p.player and HIDDEN not in i.blind.drawn:
            out.append((t(locale, "island.sheet.drawn_title"),
                        "\n".join(treasure_words(n, c, locale) for c in i.blind.drawn)))
        if i.keep is not None and i.keep.player == p.player and HIDDEN not in i.keep.options:
            out.append((t(locale, "island.sheet.pair_title"),
                        "\n".join(_artifact_power(n, c, locale) for c in i.keep.options)))
    return out


def status_fields(state: ProphecyState, locale: str) -> list[tuple[str, str]]:
    """/game status: the island (what lies face up, the deck, who is there), the Map
    Fragments on the board and each character's count."""
    i = _isl(state)
    if i is None or not i.playing:
        return []
    n = Names(state, locale)
    exp = state.options.std().exp()
    lines = []
    if exp.random_treasures:
        lines.append(t(locale, "island.status.blind", n=len(i.deck)))
    else:
        lines.append(t(locale, "island.status.up", cards=prompt_text.listing([treasure_words(n, c, locale) for c in i.up], locale)
                       or t(locale, "std_sheet.none")))
        if not exp.treasure_hunters:
            lines.append(t(locale, "island.prompt.deck", n=len(i.deck)))
    here = [q.name for q in state.players if q.alive and q.board == ON_ISLAND]
    lines.append(t(locale, "island.status.here", names=", ".join(here) or t(locale, "std_sheet.none")))
    placed = prompt_text.listing([n.space(s) for s in sorted(i.placed)], locale) or t(locale, "std_sheet.none")
    lines.append(t(locale, "island.status.placed", spaces=placed, deck=len(i.fragments), discarded=len(i.discarded)))
    counts = []
    for q in state.players:
        words = t(locale, "island.status.count", player=q.name, n=i.count(q.player))
        if exp.treasure_hunters:
            words += " · ⭐ " + t(locale, "island.sheet.fame", n=i.fame.get(q.player, 0))
        counts.append(words)
    lines.append(t(locale, "island.status.counts", counts="; ".join(counts)))
    return [("🏝️ " + t(locale, "island.name"), "\n".join(lines))]


def _p_struck(state: ProphecyState, pend: Any, actions: list[Any], n: Names, locale: str, label: Any) -> prompt_text.StdPrompt:
    """The Ritual Scepter's target chooses what she loses (a Standard "loss" decision)."""
    striker = n.player(pend.data.get("other"))
    out = prompt_text.StdPrompt(t(locale, "island.what.struck", player=striker), only_you=True)
    out.fields.append((t(locale, "splay.field.loss"), "\n".join(("❤️ " if a.item is None else "🎒 ") + label(a)
                                                                for a in actions)))
    return out


# the prompts of this part's questions, and its Chance cards' words, for prompt_text
prompt_text.PART_BUILDERS.update({
    "decide_loss:ritual_scepter": _p_struck,
    "island_move": _p_island, "island_act": _p_island, "island_blind": _p_blind, "island_spoils": _p_spoils,
    "wrart_keep": _p_keep, "wrart_strike_attack": _p_strike,
})
if extra_fields not in prompt_text.PART_FIELDS:
    prompt_text.PART_FIELDS.append(extra_fields)
if chance_effect not in prompt_text.PART_CHANCE:
    prompt_text.PART_CHANCE.append(chance_effect)
