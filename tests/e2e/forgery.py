"""Forged and stale inputs of every shape, for every custom id template and text box of the bot
("A table never stalls": every interaction answered, once, in words).

A button's, select's or text box's custom id carries what it is about (a game id, a state
version, an index...), so a modified client, an old message or a bug can send any of them with
any value. `forgeries(here, ...)` makes, for every template in `SPECS`, the ids the bot would
never send in that channel, systematically:

* each `game` group set to every game it does not belong to here: another channel's game, a
  finished game, a Magical Orders tracker, a campaign (another system's), one that does not
  exist, 0 and the largest number the template takes;
* each other number at the largest the template takes (a version, an index, a page...), and
  each choice a template offers (skip/ai/remove, status/log/history...) on a wrong game;
* ids the template refuses: negative numbers, "²", "١" (a non-ASCII digit), one digit too
  many, junk after the id, and an id sent as the other kind of component;
* for selects, option values no select offers ("²", "-1", "9999", a thousand digits, two
  values...), and for text boxes, submissions without text, with an input of another name, or
  far too long.

Each must get one private line, never the apology with an error id, and change nothing.
`check_coverage(bot)` lists the registered templates `SPECS` does not know, so a new button
cannot be added without being forged here too. Used by tests/e2e/test_forged_inputs.py and by
the fuzz of benchmarks/safety.py.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from gm.i18n import t
from loopback import FakeDiscord, InteractionResult, new_snowflake
from loopback.payloads import component_payload, interaction_envelope

BUTTON, SELECT, MODAL = "button", "select", "modal"
_TYPES = {BUTTON: 2, SELECT: 3}


@dataclass(frozen=True)
class Num:
    """A group of ASCII digits, at most `digits` long. `checked`: the handler refuses any value
    but the one the bot wrote (a version, an index); a select's `part` only tells two selects
    of one prompt apart, so any part with a real option is that option."""
    digits: int
    checked: bool = True


@dataclass(frozen=True)
class Alt:
    """A group taking one of a few words."""
    words: tuple[str, ...]


@dataclass(frozen=True)
class Free:
    """A group taking any text (a /rules query)."""


@dataclass(frozen=True)
class Spec:
    """How the bot writes one template's ids: `shape` names its groups in braces."""
    shape: str
    kind: str
    groups: dict[str, Num | Alt | Free]


SPECS: tuple[Spec, ...] = (
    Spec("gm:{game}:{version}:{index}", BUTTON, {"game": Num(18), "version": Num(9), "index": Num(4)}),
    Spec("gms:{game}:{version}:{part}", SELECT, {"game": Num(18), "version": Num(9), "part": Num(2, checked=False)}),
    Spec("gmpg:{game}:{version}:{page}", BUTTON, {"game": Num(18), "version": Num(9), "page": Num(3)}),
    Spec("gmend:{game}:{confirm}", BUTTON, {"game": Num(18), "confirm": Alt(("0", "1"))}),
    Spec("gmvote:{game}:{choice}", BUTTON, {"game": Num(18), "choice": Alt(("skip", "ai", "remove"))}),
    Spec("gmundo:{game}:{version}:{yes}", BUTTON, {"game": Num(18), "version": Num(9), "yes": Alt(("0", "1"))}),
    Spec("gmrep:{game}:{old}:{new}", BUTTON, {"game": Num(18), "old": Alt(("ai1", "x")), "new": Num(20)}),
    Spec("gmlog:{game}:{page}:{way}", BUTTON, {"game": Num(18), "page": Num(5), "way": Alt(("p", "n"))}),
    Spec("gmshow:{what}:{game}:{page}", BUTTON, {"what": Alt(("status", "log", "history")), "game": Num(18), "page": Num(5)}),
    Spec("dtm:{game}:{version}", BUTTON, {"game": Num(18), "version": Num(9)}),
    Spec("dta:{game}:{version}:{part}", SELECT, {"game": Num(18), "version": Num(9), "part": Num(2, checked=False)}),
    Spec("dtr:{game}", BUTTON, {"game": Num(18)}),
    Spec("dtg:{game}:{version}", SELECT, {"game": Num(18), "version": Num(9)}),
    Spec("dtc:{game}:{version}:{index}", BUTTON, {"game": Num(18), "version": Num(9), "index": Num(4)}),
    Spec("dtb:{game}:{version}", BUTTON, {"game": Num(18), "version": Num(9)}),
    Spec("wrans:{game}:{version}", BUTTON, {"game": Num(18), "version": Num(9)}),
    Spec("wrsee:{game}", BUTTON, {"game": Num(18)}),
    Spec("gmnews:{game}:n", BUTTON, {"game": Num(18)}),
    Spec("lk:{action}:{offset}:{system}:{language}:{query}", BUTTON,
         {"action": Alt(("page", "share")), "offset": Num(4), "system": Alt(("zzz_forged", "prophecy")),
          "language": Alt(("zz", "en")), "query": Free()}),
    Spec("wrmodal:{game}:{version}", MODAL, {"game": Num(18), "version": Num(9)}),
)


@dataclass
class Target:
    """A channel of the test world and the game in it (the one its own buttons name)."""
    name: str
    channel: int
    game: int
    version: int
    system: str
    #: who the forger is: the person who may act here now (the most a forger could be)
    presser: int
    #: someone else at the table (the other seat of a replacement offer)
    other: int

    #: the game's status ("active", "ended"...)
    status: str = "active"

    @property
    def open(self) -> bool:
        return self.status == "active"

    @property
    def table(self) -> bool:
        """Whether /game plays it (its prompts' buttons and selects act on it)."""
        return self.system in ("prophecy", "darkest_talisman")


@dataclass
class Forgery:
    custom_id: str
    kind: str
    why: str
    values: list[str] = field(default_factory=list)
    fields: list[dict[str, Any]] | None = None
    #: the locale key of the exact reply, when the shape alone decides it
    expect: str | None = None


def base_values(here: Target) -> dict[str, str]:
    """What the bot itself would put in each group for the channel's own game (never sent as it is)."""
    return {"game": str(here.game), "version": str(here.version), "index": "0", "part": "0", "confirm": "1",
            "choice": "skip", "yes": "1", "old": str(here.presser), "new": str(here.other), "page": "0", "way": "p",
            "what": "log", "action": "share", "offset": "0", "system": "prophecy", "language": "en", "query": "zqxjv"}


def _fill(spec: Spec, values: dict[str, str]) -> str:
    return spec.shape.format(**{name: values[name] for name in spec.groups})


def check_coverage(bot: Any) -> list[str]:
    """The templates the bot registered (buttons, selects, text boxes) no spec here writes."""
    here = Target("x", 1, 12, 3, "x", 5, 6)
    ids = [_fill(s, base_values(here)) for s in SPECS]
    patterns = [c.__discord_ui_compiled_template__ for c in bot.dynamic_item_classes]
    patterns += [m.__modal_template__ for m in bot.persistent_modals]
    return [p.pattern for p in patterns if not any(p.fullmatch(i) for i in ids)]


def forgeries(here: Target, elsewhere: list[int], *, malformed: bool = True, specs: tuple[Spec, ...] = SPECS) -> list[Forgery]:
    """Every forged id of every template for a press in `here`'s channel; `elsewhere`: ids of
    games the channel does not own (other channels', finished, other systems')."""
    base = base_values(here)
    wrong_games = [str(g) for g in elsewhere] + ["0", "9" * 18, str(10 ** 17 + 7)]
    out: list[Forgery] = []
    for spec in specs:
        has_game = "game" in spec.groups
        anchor = {"game": wrong_games[0]} if has_game else {"offset": "9999"}
        for g in wrong_games if has_game else []:
            out.append(Forgery(_fill(spec, {**base, "game": g}), spec.kind, f"game {g}"))
        for name, group in spec.groups.items():
            if name == "game" or name == "page":
                continue  # a page past the end of the channel's own log shows its last page (a read)
            if isinstance(group, Num) and group.checked:
                out.append(Forgery(_fill(spec, {**base, name: "9" * group.digits}), spec.kind, f"{name} at its largest"))
            elif isinstance(group, Num):
                out.append(Forgery(_fill(spec, {**base, **anchor, name: "9" * group.digits}), spec.kind,
                                   f"{name} at its largest on a wrong {next(iter(anchor))}"))
            elif isinstance(group, Alt):
                for word in group.words:
                    out.append(
                        Forgery(
                            _fill(spec, {**base, **anchor, name: word}),
                            spec.kind,
                            f"{name} {word} on a wrong {next(iter(anchor))}",
                        )
                    )
        if malformed:
            numbers = [n for n, g in spec.groups.items() if isinstance(g, Num)]
            for name in numbers:
                digits = spec.groups[name].digits  # type: ignore[union-attr]  # set up by the test
                for bad in ("-1", "²", "١", "9" * (digits + 1), "1.5"):
                    out.append(Forgery(_fill(spec, {**base, name: bad}), spec.kind, f"{name} {bad!r}", expect="unknown"))
            if spec.kind != MODAL:
                wrong = _fill(spec, {**base, **anchor})
                out.append(Forgery(wrong + ":x" if "query" not in spec.groups else "x" + wrong, spec.kind, "junk around the id",
                                   expect="unknown"))
                # discord.py rebuilds the item from the id whatever kind of component carried it:
                # the handler answers it like the real kind (here: a wrong game)
                other_kind = SELECT if spec.kind == BUTTON else BUTTON
                out.append(Forgery(wrong, other_kind, "sent as the other kind of component"))
        if spec.kind == SELECT:
            own = _fill(spec, base)  # the channel's own select: only the value is forged
            # a prompt's select acts on any table game; the campaign's menu only on a campaign
            answers = here.open and (here.table if spec.shape.startswith("gms:") else here.system == "darkest_talisman")
            for values in (["²"], ["-1"], ["9999"], ["١"], ["1" * 1000], [""], ["0", "1"], ["0x1"], [" 0"]):
                out.append(Forgery(own, SELECT, f"value {values[0][:8]!r}", values=values, expect="forged" if answers else None))
        if spec.kind == MODAL:
            own = _fill(spec, base)
            for fields in ([], [_text("text", "")], [_text("other", "a hammer")], [_text("text", "x" * 5000)],
                           [{"type": 4}], [_text("text", "a hammer"), _text("more", "two answers")]):
                out.append(Forgery(own, MODAL, f"{len(fields)} field(s)", fields=fields))
    for f in out:
        if f.kind == MODAL and f.fields is None:
            f.fields = [_text("text", "the rare hammer to throw at zombies")]
    return out


def _text(custom_id: str, value: str) -> dict[str, Any]:
    return {"type": 1, "components": [{"type": 4, "custom_id": custom_id, "value": value}]}


def expected_text(forgery: Forgery, locale: str = "en") -> str | None:
    if forgery.expect == "unknown":
        return t(locale, "safety.unknown_form" if forgery.kind == MODAL else "safety.unknown_button")
    if forgery.expect == "forged":
        return t(locale, "error.forged_prompt")
    return None


def forged_message(fake: FakeDiscord, channel: int, component: dict[str, Any]) -> dict[str, Any]:
    """A message of the bot in `channel` (a copy of its last one, with an id of its own)
    carrying just `component`, as a client showing a forged component would send it."""
    last = next(m for m in reversed(fake.messages_in(channel)) if not m.ephemeral)
    msg = copy.deepcopy(last.payload(fake.messages.cdn_base))
    msg["id"] = str(new_snowflake())
    msg["components"] = [{"type": 1, "components": [component]}]
    return msg


async def send(fake: FakeDiscord, bot: Any, user: int, channel: int, forgery: Forgery) -> InteractionResult:
    """Deliver one forgery as `user` in `channel` (`bot` None for a bot in another process)."""
    ctx = fake.context(user, channel)
    if forgery.kind == MODAL:
        data = {"custom_id": forgery.custom_id, "components": forgery.fields or []}
        return await fake.interact(bot, interaction_envelope(ctx, 5, data))
    component: dict[str, Any] = {"type": _TYPES[forgery.kind], "custom_id": forgery.custom_id}
    values = None
    if forgery.kind == BUTTON:
        component.update(style=1, label="…")
    else:
        values = forgery.values or ["0"]
        component.update(options=[{"label": "…", "value": v} for v in values], min_values=1, max_values=len(values))
    return await fake.interact(bot, component_payload(ctx, forged_message(fake, channel, component), component, values))


def private_line(result: InteractionResult) -> str | None:
    """The refusal an interaction got: its one reply, when that reply is private and is one
    line of text (nothing else); None otherwise (no answer, a public post, several lines)."""
    if not result.acked:
        return None
    if result.type in (4, 5):
        replies = [result.message] + [m for m in result.followups if result.message is None or m.id != result.message.id]
    elif result.type == 6:  # a deferred update: the answer is the followup
        replies = list(result.followups)
    else:  # an edit of the pressed message (7), a modal (9): not a refusal
        return None
    if len(replies) != 1 or replies[0] is None:
        return None
    reply = replies[0]
    if not reply.ephemeral or reply.embeds or reply.files or reply.components:
        return None
    text = reply.content or ""
    return text if text.strip() and "\n" not in text else None


def is_apology(text: str, locale: str = "en") -> bool:
    """The generic "something went wrong, error id ..." reply (an unexpected exception)."""
    return text.startswith(t(locale, "safety.unexpected", error_id="").split("`")[0])


__all__ = ["BUTTON", "MODAL", "SELECT", "SPECS", "Forgery", "Spec", "Target", "check_coverage", "expected_text",
           "forgeries", "forged_message", "is_apology", "private_line", "send"]
