"""The cards played by talking (Water Realm expansion, "Mad Riddler", "Scroll of Entrancement";
rulings riddle_questions, judges, entrancement_target).

Over chat the bot is the Mad Riddler: it keeps a Rare Item secret and answers, each visit, a
few yes-or-no questions picked from a fixed list (strictly yes or no, as the rulebook asks of
whoever answers). Then the visitor describes the card in her own words; the exact name is not
needed ("the guesser only has to specify the correct card"). The bot settles the clear cases (a
card's exact name, in English or Italian); anything else goes to the table: the other living
players judge one after the other, each by buttons on their own time bank, and more than half
must agree. The Scroll of Entrancement works the same way on another character's Items.

Each step is a `Question` of one player (`CardsState.questions`): the game waits on her as on
any Standard decision, so the table's clock and its expiry policy apply to it.
"""
from __future__ import annotations

import unicodedata
from typing import Any, Callable

from engine.core.errors import RuleError
from engine.prophecy.content import ItemCard, display_name
from engine.prophecy.context import Ctx
from engine.prophecy.decks import discard, draw
from engine.prophecy.standard import space_actions
from engine.prophecy.state import OwnedItem, PlayerState
from engine.prophecy.water_realm.cards.actions import CardChoice
from engine.prophecy.water_realm.cards.common import (
    adventure_power,
    cstate,
    is_stone,
    item_power,
    power_kind,
    printed_id,
)
from engine.prophecy.water_realm.cards.content import LANGUAGES, Entrancement, Riddler, VariantItem
from engine.prophecy.water_realm.cards.state import Question

#: the Mad Riddler's questions (id -> whether it is true of an Item card); their words are in
#: the locale files (wrcards.riddle.question.<id>)
RIDDLE_QUESTIONS: dict[str, Callable[[ItemCard], bool]] = {
    "rare": lambda c: c.deck == "rare",
    "weapon": lambda c: c.slot == "weapon",
    "two_hands": lambda c: c.hands == 2,
    "held": lambda c: c.slot == "hand",
    "head": lambda c: c.slot == "head",
    "strength": lambda c: c.strength > 0,
    "willpower": lambda c: c.willpower > 0,
    "types": lambda c: bool(c.bonus_vs),
    "thrown": lambda c: c.thrown is not None,
    "one_shot": lambda c: c.use is not None,
    "pricey": lambda c: c.cost > 6,
}
GIVE_UP = "give_up"
GUESS = "guess"
YES, NO, NONE = "yes", "no", "none"


# ------------------------------------------------------------------------------ the words


def normal(text: str) -> str:
    """Text compared without case, accents, quotes and extra spaces."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    kept = "".join(ch for ch in folded if not unicodedata.combining(ch))
    kept = "".join(ch if ch.isalnum() else " " for ch in kept)
    return " ".join(kept.split())


def names_of(card: ItemCard) -> set[str]:
    """A card's names in every language, compared as `normal` does."""
    return {normal(display_name(card, lang)) for lang in LANGUAGES}


#: words of a name too common to point at one card ("of", "the", "di", "della"...)
_SMALL_WORDS = frozenset({"the", "of", "and", "di", "del", "della", "dei", "delle", "degli", "il", "la", "lo", "le",
                          "gli", "da", "con", "e"})
#: what the bot can check of a card when it judges a description alone (ruling judges): a few
#: words in each language, matched by their start, and the trait each one says
_TRAIT_WORDS: dict[str, tuple[str, ...]] = {
    "rare": ("rare", "rara", "raro"),
    "common": ("common", "comun"),
    "thrown": ("throw", "thrown", "lanc", "lanci"),
    "two_hands": ("twohand", "duemani", "bimani"),
    "head": ("head", "helm", "hat", "testa", "elmo", "capo", "cappell"),
    "weapon": ("weapon", "arma", "armi"),
}
_TRAITS: dict[str, Callable[[ItemCard], bool]] = {
    "rare": lambda c: c.deck == "rare",
    "common": lambda c: c.deck == "common",
    "thrown": lambda c: c.thrown is not None,
    "two_hands": lambda c: c.hands == 2,
    "head": lambda c: c.slot == "head",
    "weapon": lambda c: c.slot == "weapon",
}


def _same_word(said: str, name_word: str) -> bool:
    """One word of a description against one word of a name: equal, or (both five letters or
    more) the same first five letters, so "hammers" and "martelli" still point at the card."""
    if said == name_word:
        return True
    return len(said) >= 5 and len(name_word) >= 5 and said[:5] == name_word[:5]


def _traits_said(words: list[str]) -> set[str]:
    joined = "".join(words)
    said = {trait for trait, stems in _TRAIT_WORDS.items()
            if any(w.startswith(stem) for w in words for stem in stems)}
    if "twohand" in joined or "duemani" in joined:
        said.add("two_hands")
    return said


def fitting(ctx: Ctx, text: str, candidates: list[OwnedItem]) -> list[OwnedItem]:
    """The candidates (one per card) that a description points at, as the bot reads it when it
    judges alone (ruling judges): those with a word of their name in it (English or Italian);
    failing that, those of which every trait it says is true, when it says two or more. More
    than one card found means the description was not precise enough."""
    words = normal(text).split()
    by_card: dict[str, OwnedItem] = {}
    for item in candidates:
        by_card.setdefault(printed_id(ctx.pack.item(item.card)), item)
    cards = {cid: ctx.pack.item(cid) for cid in by_card}
    named = [cid for cid, card in cards.items()
             if any(_same_word(w, nw) for name in names_of(card) for nw in name.split() if nw not in _SMALL_WORDS
                    for w in words)]
    traits = _traits_said(words)
    if named:
        narrowed = [cid for cid in named if all(_TRAITS[x](cards[cid]) for x in traits)]
        chosen = narrowed or named
    elif len(traits) >= 2:
        chosen = [cid for cid, card in cards.items() if all(_TRAITS[x](card) for x in traits)]
    else:
        chosen = []
    return [by_card[cid] for cid in chosen]


def bot_judges(state: Any, guesser: str, victim: str) -> bool:
    """True when nobody but the one robbed could judge the reader's description (a two-player
    game, or everyone else dead): the bot judges it then (ruling judges)."""
    return not any(x.alive and x.player not in (guesser, victim) for x in state.players)


def printed_cards(ctx: Ctx) -> list[ItemCard]:
    """Every printed Item of the game (never a variant)."""
    return [c for c in ctx.pack.items if not isinstance(c, VariantItem)]


def exact(ctx: Ctx, text: str) -> set[str]:
    """The printed Items whose exact name (in English or Italian) the text is."""
    said = normal(text)
    return {c.id for c in printed_cards(ctx) if said and said in names_of(c)}


# ------------------------------------------------------------------------------ questions


def ask(ctx: Ctx, q: Question) -> None:
    cstate(ctx.state).questions.append(q)


def answers_for(ctx: Ctx, q: Question) -> list[Any]:
    """The answers the question's player may give (free text is never listed)."""
    return [CardChoice(option=o) for o in q.options]


# ------------------------------------------------------------------------------ Mad Riddler


def riddler_open(ctx: Ctx, p: PlayerState, uid: str) -> bool:
    """She may visit this Mad Riddler now: once a turn, after the Creatures."""
    turn = ctx.state.turn
    return turn is not None and f"wrc_riddle:{uid}" not in turn.used


def visit_riddler(ctx: Ctx, p: PlayerState, uid: str, card_id: str) -> None:
    power = adventure_power(ctx, card_id)
    assert isinstance(power, Riddler)
    turn = ctx.state.turn
    assert turn is not None
    turn.used.append(f"wrc_riddle:{uid}")
    cs = cstate(ctx.state)
    secret = cs.riddles.get(uid)
    if secret is None:
        secret = draw(ctx, power.deck) or draw(ctx, "common" if power.deck == "rare" else "rare")
        if secret is None:
            ctx.emit("wrc_riddle_empty", p.player, card=card_id)
            return
        cs.riddles[uid] = secret
    ctx.emit("wrc_riddle_begins", p.player, card=card_id, questions=power.questions)
    options = [GIVE_UP, GUESS] + (list(RIDDLE_QUESTIONS) if power.questions else [])
    ask(ctx, Question(kind="riddle", player=p.player, card=card_id, source=uid, options=options, left=power.questions))


def answer_riddle(ctx: Ctx, p: PlayerState, q: Question, option: str) -> None:
    cs = cstate(ctx.state)
    secret = cs.riddles.get(q.source or "")
    if option == GIVE_UP or secret is None:
        cs.questions.pop(0)
        ctx.emit("wrc_riddle_given_up", p.player, card=q.card)
        return
    if option == GUESS:
        q.kind = "name"
        q.options = [GIVE_UP]
        ctx.emit("wrc_guess_asked", p.player, card=q.card)
        return
    answer = RIDDLE_QUESTIONS[option](ctx.pack.item(secret))
    q.asked.append(option)
    q.answers.append(answer)
    q.left -= 1
    q.options = [GIVE_UP, GUESS] + ([o for o in RIDDLE_QUESTIONS if o not in q.asked] if q.left > 0 else [])
    ctx.emit("wrc_riddle_answer", p.player, card=q.card, question=option, answer=answer)


def _riddle_settled(ctx: Ctx, q: Question, right: bool) -> None:
    cs = cstate(ctx.state)
    st = ctx.state
    guesser = st.player(q.guesser or q.player)
    uid = q.source or ""
    secret = cs.riddles.pop(uid, None)
    if secret is None:
        return
    if right:
        item = OwnedItem(uid=st.new_uid("i"), card=secret)
        guesser.items.append(item)
        for cards in st.spaces:
            for adv in list(cards):
                if adv.uid == uid:
                    cards.remove(adv)
                    discard(ctx, "adventure", adv.card)
        ctx.emit("wrc_riddle_solved", guesser.player, reveals=True, card=q.card, item=item.uid, won=secret)
        return
    getattr(st.decks, ctx.pack.item(secret).deck).draw.insert(0, secret)  # under its deck
    ctx.emit("wrc_riddle_failed", guesser.player, card=q.card)


# ------------------------------------------------------------------------- Scroll of Entrancement


def takeable(ctx: Ctx, q: PlayerState) -> list[OwnedItem]:
    """Her Items the scroll may take: any but a lone Astral Stone (Artifacts are no Items)."""
    return [i for i in q.items if not is_stone(ctx.pack.item(i.card))]


def entrance_targets(ctx: Ctx, p: PlayerState) -> list[str]:
    """Other living characters on the main board with something to take (ruling entrancement_target)."""
    cs = cstate(ctx.state)
    return [q.player for q in ctx.state.players
            if q.player != p.player and q.alive and q.character and q.board == "main" and q.player not in cs.away
            and takeable(ctx, q)]


def entrancement_scrolls(ctx: Ctx, p: PlayerState) -> list[OwnedItem]:
    return [i for i in p.items if not i.damaged and isinstance(item_power(ctx.pack.item(i.card)), Entrancement)]


def read_entrancement(ctx: Ctx, p: PlayerState, item: OwnedItem) -> None:
    targets = entrance_targets(ctx, p)
    if not targets:
        raise RuleError("error.wrc_nobody_to_entrance")
    card = ctx.pack.item(item.card)
    p.items.remove(item)
    discard(ctx, card.deck, card.id)
    ctx.emit("wrc_scroll_read", p.player, item=item.uid, card=card.id)
    ask(ctx, Question(kind="entrance", player=p.player, card=printed_id(card), options=targets))


def choose_target(ctx: Ctx, p: PlayerState, q: Question, target: str) -> None:
    q.kind = "name"
    q.other = target
    q.options = [GIVE_UP]
    ctx.emit("wrc_entrance_target", p.player, card=q.card, target=target)


# --------------------------------------------------------------------------------- naming


def name_card(ctx: Ctx, p: PlayerState, q: Question, text: str) -> None:
    """A description typed in chat: settled by the bot when it is a card's exact name, else
    judged by the table (ruling judges)."""
    text = " ".join(text.split())[:300]
    ctx.emit("wrc_described", p.player, card=q.card, text=text)
    named = exact(ctx, text)
    if q.source is not None and power_kind(ctx, q.card) == "riddler":
        secret = cstate(ctx.state).riddles.get(q.source)
        if secret is not None and named:
            cstate(ctx.state).questions.pop(0)
            _riddle_settled(ctx, q, secret in named)
            return
        options = [NO, YES]
    else:
        victim = ctx.state.player(q.other or "")
        candidates = takeable(ctx, victim)
        if named:
            hits = [i for i in candidates if printed_id(ctx.pack.item(i.card)) in named]
            cstate(ctx.state).questions.pop(0)
            _entrance_settled(ctx, p, victim, hits[0] if hits else None)
            return
        seen: set[str] = set()
        options = [NONE]
        for i in candidates:
            if i.card not in seen:
                seen.add(i.card)
                options.append(i.uid)
    judges = _judges(ctx, p, q)
    if not judges:
        cstate(ctx.state).questions.pop(0)
        if options[0] == NO:
            _riddle_settled(ctx, q, False)
        else:  # nobody but the one robbed could judge: the bot reads it (ruling judges)
            victim = ctx.state.player(q.other or "")
            hits = fitting(ctx, text, takeable(ctx, victim))
            ctx.emit("wrc_bot_judged", p.player, card=q.card, victim=victim.player, found=len(hits))
            _entrance_settled(ctx, p, victim, hits[0] if len(hits) == 1 else None)
        return
    q.kind = "judge"
    q.guesser = p.player
    q.text = text
    q.judges = judges
    q.votes = {}
    q.player = judges[0]
    q.options = options
    if options[0] == NO:
        q.secret = cstate(ctx.state).riddles.get(q.source or "")
    ctx.emit("wrc_judging", p.player, card=q.card, judges=len(judges))


def _judges(ctx: Ctx, guesser: PlayerState, q: Question) -> list[str]:
    """The other living players, in turn order after the guesser; for the scroll, never the one
    robbed: she would judge her own loss (ruling judges; with nobody else the bot judges)."""
    order = [x.player for x in ctx.state.players]
    i = order.index(guesser.player)
    others = [order[(i + k) % len(order)] for k in range(1, len(order))]
    alive = [pid for pid in others if ctx.state.player(pid).alive]
    if q.source is None and q.other is not None:  # the scroll: never the victim
        return [pid for pid in alive if pid != q.other]
    return alive


def needed(judges: int) -> int:
    """Judges who must agree: more than half (ruling judges)."""
    return judges // 2 + 1


def judge(ctx: Ctx, p: PlayerState, q: Question, option: str) -> None:
    q.votes[p.player] = option
    ctx.emit("wrc_judged", p.player, card=q.card, verdict="no" if option in (NO, NONE) else "yes")
    _count(ctx, q)


def _count(ctx: Ctx, q: Question) -> None:
    """Settle the description once more than half of the judges agree, or once no answer can
    reach that any more; else ask the next judge."""
    need = needed(len(q.judges))
    left = len(q.judges) - len(q.votes)
    tally: dict[str, int] = {}
    for vote in q.votes.values():
        tally[vote] = tally.get(vote, 0) + 1
    winner = next((o for o, n in tally.items() if n >= need and o not in (NO, NONE)), None)
    hopeless = not q.judges or all(tally.get(o, 0) + left < need for o in q.options if o not in (NO, NONE))
    if winner is None and not hopeless:
        q.player = next(j for j in q.judges if j not in q.votes)
        return
    cstate(ctx.state).questions.remove(q)
    if q.options[0] == NO:
        _riddle_settled(ctx, q, winner is not None)
        return
    victim = ctx.state.player(q.other or "")
    if not q.judges and victim.alive:  # every judge left: the bot reads it (ruling judges)
        hits = fitting(ctx, q.text or "", takeable(ctx, victim))
        ctx.emit("wrc_bot_judged", q.guesser, card=q.card, victim=victim.player, found=len(hits))
        _entrance_settled(ctx, ctx.state.player(q.guesser or ""), victim, hits[0] if len(hits) == 1 else None)
        return
    _entrance_settled(ctx, ctx.state.player(q.guesser or ""), victim, victim.item(winner) if winner else None)


def gone(ctx: Ctx, pid: str) -> None:
    """`pid` died or left: a description she gave, or one that robs her, is dropped; as a judge
    she no longer counts (ruling judges)."""
    cs = cstate(ctx.state)
    for q in list(cs.questions):
        if q.kind not in ("riddle", "name", "judge", "entrance"):
            continue
        guesser = q.guesser if q.kind == "judge" else q.player
        if guesser == pid or q.other == pid:
            cs.questions.remove(q)  # (a Mad Riddler keeps his secret for the next visitor)
            continue
        if q.kind == "judge" and pid in q.judges:
            q.judges.remove(pid)
            q.votes.pop(pid, None)
            _count(ctx, q)


def _entrance_settled(ctx: Ctx, p: PlayerState, victim: PlayerState, item: OwnedItem | None) -> None:
    if item is None or victim.item(item.uid) is None:
        ctx.emit("wrc_entrance_failed", p.player, victim=victim.player)
        return
    victim.items.remove(item)
    p.items.append(item)
    ctx.emit("wrc_entranced", p.player, victim=victim.player, item=item.uid, card=item.card)


def opportunity_ok(ctx: Ctx, p: PlayerState) -> bool:
    return space_actions.opportunities_allowed(ctx, p)


__all__ = ["GIVE_UP", "GUESS", "RIDDLE_QUESTIONS", "answer_riddle", "answers_for", "bot_judges", "choose_target",
           "entrance_targets", "fitting",
           "entrancement_scrolls", "exact", "judge", "name_card", "normal", "read_entrancement", "riddler_open",
           "takeable", "visit_riddler"]
