"""The campaign's turn message: what just happened, who decides what now (pinged), a button for
each answer, one button that opens a person's own character actions (shopping, storage,
Spells, the Marching Order), which any seat may take for its own characters when the moment
allows, and one that shows the whole road and party privately. Posted in the channel, so built
from the spectator view.

Short on purpose (issue #26): a message says what changed and what is asked, nothing more. The
road's days, the cards on the space and the party's figures are one press away ("Road and
party", or /campaign status), not repeated under every press; only a fight or a Fate reroll
shows the fighter's figures, which the answer depends on. A long run of events (a carry along
the road) shows its last NARRATION_LINES lines; /campaign log has them all."""
from __future__ import annotations

from typing import Any

import discord

from engine.darkest_talisman import actions as talisman_actions
from gm.i18n import t
from gm.session import Result
from systems.darkest_talisman.buttons import ManageButton, RoadButton
from systems.darkest_talisman.describe import decision_of, decision_text, describe_action, describe_event
from systems.darkest_talisman.embeds import COLOUR, end_embed, prompt_extras
from systems.darkest_talisman.names import Names
from systems.plugin import TurnMessage
from ui.text import EMBEDS_TOTAL, clip, clip_lines, embed_size, mention
from ui.views import prompt_view

#: events after which the party picture rides along: the party moved, or the campaign began or ended
MOVES = ("departed", "arrived", "village", "crossed", "teleported", "tower_space", "campaign_over", "campaign_started",
         "portal")
#: buttons in the prompt's first four rows; the fifth holds the character actions
MAX_BUTTONS = 20
MAX_SELECTS = 4
#: the newest lines of narration a turn message shows (the log keeps every one)
NARRATION_LINES = 10
#: a narration line is cut at this many characters (a long guardian list, a long offer)
LINE_CHARS = 160
#: a turn message aims at this many characters in all (issue #26: short messages); the
#: narration gives way first, down to its newest NARRATION_MIN lines, when the decision itself
#: needs the room (a Guardian Combat forecast, a co-op start)
MESSAGE_BUDGET = 850
NARRATION_MIN = 3


def picture_with_turn(result: Result) -> bool:
    return any(e.kind.rsplit(".", 1)[-1] in MOVES for step in result.steps for e in step.events)


def option_style(option: str) -> discord.ButtonStyle:
    head = option.split(":")[0]
    if head in ("fight", "attempt", "assassinate", "dice", "target"):
        return discord.ButtonStyle.danger
    if head in ("turn_back", "leave", "pass", "decline", "refuse", "stay", "done"):
        return discord.ButtonStyle.secondary
    if head in ("take", "give", "pay", "depart", "advance"):
        return discord.ButtonStyle.success
    return discord.ButtonStyle.primary


def choice_view(labels: list[str], options: list[str], game_id: int, version: int, locale: str,
                manage: bool) -> discord.ui.View | None:
    """Buttons for the answers (selects when there are many, in pages when they are more than
    a message shows: ui.views.ChoiceView), then the character actions."""
    if not labels and not manage:
        return None
    view = prompt_view(labels, [option_style(o) for o in options], game_id, version, locale,
                       placeholder=t(locale, "talisman.prompt.choose")) or discord.ui.View(timeout=None)
    if manage:
        view.add_item(ManageButton(game_id, version, t(locale, "talisman.prompt.manage")))
        view.add_item(RoadButton(game_id, t(locale, "talisman.prompt.road_party")))
    return view


#: events a long narration keeps when older lines fold away: a new road, deck or Region, a trove
#: uncovered, a master beaten, a death, the Grim Reaper's coming (what the next decisions hang on)
HEADLINES = frozenset({
    "deck_switched", "died", "firelands_road", "frostmarch_road", "sacred_pool_road", "region_entered",
    "highland_trove", "treasure_set", "trove_revealed", "master_beaten", "reaper_comes", "werewolf_comes",
})


def narration_embed(shown: Any, result: Result, locale: str, limit: int, budget: int = 4000) -> discord.Embed | None:
    """The newest lines of what happened: at most NARRATION_LINES, and fewer (never under
    NARRATION_MIN) when they would pass `budget` characters; the rest are in /campaign log.
    Older headlines (HEADLINES) are kept before newer routine lines, so a long turn never
    folds away the new road or the trove it led to; the lines keep their order."""
    found = [(clip(line, LINE_CHARS), e.kind.rsplit(".", 1)[-1] in HEADLINES)
             for step in result.steps for e in step.events if (line := describe_event(shown, e, locale))]
    if not found:
        return None
    newest = set(range(max(0, len(found) - NARRATION_LINES), len(found)))
    order = sorted(range(len(found)), key=lambda i: (not found[i][1], -i))  # headlines, then newest
    chosen: set[int] = set()
    used = 0
    for i in order:
        if len(chosen) >= NARRATION_LINES or (i not in newest and not found[i][1]):
            continue
        cost = len(found[i][0]) + 3
        if len(chosen) >= NARRATION_MIN and used + cost > budget:
            continue
        chosen.add(i)
        used += cost
    shown_lines = ["• " + found[i][0] for i in sorted(chosen)]
    if len(found) > len(chosen):
        shown_lines.insert(0, t(locale, "talisman.prompt.earlier", n=len(found) - len(chosen)))
    return discord.Embed(title=t(locale, "talisman.embed.narration_title"), colour=COLOUR,
                         description=clip_lines(shown_lines, min(4000, max(200, limit))))


def _who(shown: Any, player: str) -> str:
    return mention(player) if player.isdigit() else shown.player(player).name if shown.has_player(player) else ""


def public_answers(shown: Any, chooses: list[talisman_actions.Choose]) -> list[talisman_actions.Choose]:
    """The decision's answers as the channel may read them: the spectator view's own (a Spell
    held face down is cast by its place in the hand, engine view `public_option`), in the
    order of the legal answers, which the buttons' indexes follow."""
    options = (decision_of(shown) or {}).get("options") or []
    if len(options) != len(chooses):
        return chooses  # never expected; the labels then say only that a Spell is cast
    return [talisman_actions.Choose(option=o) for o in options]


def dealt_text(shown: Any, result: Result, locale: str) -> str:
    """When a co-op campaign starts: who plays which of the characters just dealt (A3), each
    person pinged, so nobody has to find it in the narration."""
    if not any(e.kind.rsplit(".", 1)[-1] == "campaign_started" and not e.data.get("solo")
               for step in result.steps for e in step.events):
        return ""
    n = Names(shown, locale)
    dealt: dict[str, list[str]] = {}
    for h in n.party():
        dealt.setdefault(n.controller(h["uid"]) or "", []).append(
            t(locale, "talisman.prompt.dealt_hero", hero=n.hero_bold(h["uid"])))
    seats = [t(locale, "talisman.prompt.dealt_seat", player=_who(shown, player),
               heroes=t(locale, "talisman.prompt.dealt_and").join(heroes)) for player, heroes in dealt.items()]
    return t(locale, "talisman.prompt.dealt", seats="; ".join(seats))


def turn_message(result: Result, locale: str) -> TurnMessage:
    """Narration of what just happened, then the decision with its buttons; whoever must
    decide is pinged in the message's text."""
    shown = result.view(None)
    embeds: list[discord.Embed] = []
    active = result.record.status == "active" and shown.status == "active"
    prompt = prompt_extras(shown, locale) if active else end_embed(shown, locale)
    view = None
    content = ""
    d = decision_of(shown) if active else None
    if d is not None:
        pend = result.system.pending(result.state)
        actor = pend.player if pend is not None else ""
        acts = result.system.legal_actions(result.state, actor)
        chooses = public_answers(shown, [a for a in acts if isinstance(a, talisman_actions.Choose)])
        labels = [describe_action(shown, actor, a, locale) for a in chooses]
        view = choice_view(labels, [a.option for a in chooses], result.record.id, result.record.version, locale, manage=True)
        content = t(locale, "talisman.prompt.ping", player=_who(shown, actor), decision=decision_text(shown, locale))
        dealt = dealt_text(shown, result, locale)
        if dealt:
            content = f"{dealt}\n{content}"
    elif not active:
        content = t(locale, "talisman.prompt.over")
    prompt_size = embed_size(prompt or discord.Embed())
    narr = narration_embed(shown, result, locale, EMBEDS_TOTAL - prompt_size - 200,
                           budget=MESSAGE_BUDGET - len(content) - prompt_size)
    if narr is not None:
        embeds.append(narr)
    if prompt is not None:
        embeds.append(prompt)
    return TurnMessage(content=clip(content, 2000), embeds=embeds[-10:], view=view, picture=picture_with_turn(result))
