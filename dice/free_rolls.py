"""Free dice rolls (`/roll`) with the d20 library, behind a guard that refuses abuse cheaply.

Why a guard: d20 happily starts rolling `10000d10000` or an endless `1d1e1` and only stops
when its roll counter trips, after real work. Here the text is measured and the parsed tree is
inspected *before* anything is rolled, so an abusive expression costs microseconds and the
player gets a message that says what to change. Every refusal is a `RuleError` carrying a
`dice.*` locale key (see data/locales/*/dice.yaml), never prose.

Why only free rolls: d20 draws from Python's global `random`, whose state is not stored with
any game. A roll that changes a stored game must use that game's seeded `engine.core.rng.Rng`.

`d%` means "a number from 1 to 100" to a player, but d20 rolls it as a percentile *tens* die
(0, 10, ..., 90); the guard rewrites every `d%` to `d100` so the result is what people expect.

Like other dice bots, text after the dice is a label (`2d6 #attack`, `1d20+5 to hit`), and a
label word `adv`/`advantage` or `dis`/`disadvantage` (Italian `vantaggio`/`svantaggio`) as its
first or last word rolls the leading `1d20` twice and keeps the higher (lower) die. A negative
number of dice (`-5d6`) is refused: people who type it almost always meant something else, and
a silently negative total hides the mistake.
"""
from __future__ import annotations

from dataclasses import dataclass

import d20
from d20 import diceast as ast
from d20.utils import ast_adv_copy

from engine.core.errors import RuleError


@dataclass(frozen=True)
class DiceLimits:
    """What a free roll may ask for. The defaults keep one roll far below a millisecond."""

    max_length: int = 200
    max_dice: int = 1000  # dice written in the expression, summed over all terms
    max_sides: int = 1000
    max_depth: int = 10  # nesting of brackets and chains of unary signs
    max_rolls: int = 2000  # every die rolled, including explosions and rerolls
    max_breakdown: int = 1500  # characters; leaves room for a title in a 2000-character message


LIMITS = DiceLimits()
#: our own parser (and parse cache): the `d%` rewrite below edits cached trees in place, which
#: must not leak into anyone else's use of d20's module-level roller
_PARSER = d20.Roller()

#: dice operators that keep rolling while their selector matches (unbounded by nature)
_REPEATING_OPS = {"e", "rr"}

#: label words that turn the leading 1d20 into 2d20kh1 / 2d20kl1 (English and Italian)
ADVANTAGE_WORDS: dict[str, d20.AdvType] = {
    "adv": d20.AdvType.ADV, "advantage": d20.AdvType.ADV, "vantaggio": d20.AdvType.ADV,
    "dis": d20.AdvType.DIS, "disadv": d20.AdvType.DIS, "disadvantage": d20.AdvType.DIS,
    "svantaggio": d20.AdvType.DIS,
}


@dataclass(frozen=True)
class DiceRoll:
    """The result of a free roll, ready for a cog to show."""

    expression: str  # as understood (after `d%` -> `d100`, advantage applied), e.g. "4d6kh3"
    total: int
    breakdown: str  # d20's Markdown breakdown, possibly truncated
    truncated: bool  # True when `breakdown` was cut to fit; the cog adds a note
    label: str = ""  # the player's comment after the dice, e.g. "attack"
    advantage: str = ""  # "adv", "dis" or "" (none)


@dataclass(frozen=True)
class ReadRoll:
    """An expression checked and ready to roll, with the label and advantage read off it."""

    tree: ast.Expression  # without the comment; advantage already applied
    label: str
    advantage: str


def _paren_depth(text: str) -> int:
    depth = deepest = 0
    for ch in text:
        if ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == ")":
            depth = max(0, depth - 1)
    return deepest


def _parse(text: str, limits: DiceLimits) -> ast.Expression:
    try:
        return _PARSER.parse(text, allow_comments=True)
    except d20.RollSyntaxError as exc:
        got = str(exc.got or "")
        if not got or getattr(exc.got, "type", "") == "$END":
            raise RuleError("dice.syntax_end", expression=text) from None
        raise RuleError("dice.syntax", expression=text, column=exc.col, got=got[:20]) from None
    except RecursionError:  # belt and braces: the depth check should make this unreachable
        raise RuleError("dice.too_deep", limit=limits.max_depth) from None


def _selected_faces(sels: list[ast.SetSelector], sides: int) -> set[int] | None:
    """Faces a dice operator's selectors match; None when they pick by position (h/l)."""
    faces: set[int] = set()
    for sel in sels:
        if sel.cat in ("h", "l"):
            return None
        if sel.cat is None:
            faces.add(sel.num)
        elif sel.cat == "<":
            faces.update(range(1, min(sel.num, sides + 1)))
        elif sel.cat == ">":
            faces.update(range(max(sel.num + 1, 1), sides + 1))
    return faces


def _check_dice(node: ast.Dice, ops: list[ast.SetOperator], limits: DiceLimits) -> int:
    """Check one `NdS...` term; return how many dice it writes. Rewrites `d%` to `d100`."""
    if node.size == "%":
        node.size = 100
    sides = int(node.size)
    if sides < 1:
        raise RuleError("dice.zero_sides")
    if sides > limits.max_sides:
        raise RuleError("dice.too_many_sides", sides=sides, limit=limits.max_sides)
    for op in ops:
        if op.op not in _REPEATING_OPS:
            continue
        faces = _selected_faces(op.sels, sides)
        # rerolling the lowest/highest die, or exploding/rerolling on every face, never ends
        if (faces is None and op.op == "rr") or (faces is not None and faces >= set(range(1, sides + 1))):
            raise RuleError("dice.endless", term=f"{node}{op}")
    count: int = node.num  # d20's nodes are untyped
    return count


def _is_dice_term(node: ast.Node) -> bool:
    """`5d6`, `5d6kh3` or either in brackets: a term that rolls a number of dice."""
    while isinstance(node, ast.Parenthetical):
        node = node.value
    return isinstance(node, (ast.Dice, ast.OperatedDice))


def _inspect(node: ast.Node, limits: DiceLimits, depth: int = 0) -> int:
    """Walk the tree before rolling: depth, dice count, sides, endless operators, signs."""
    nesting = depth + (1 if isinstance(node, (ast.Parenthetical, ast.NumberSet, ast.UnOp)) else 0)
    if nesting > limits.max_depth:
        raise RuleError("dice.too_deep", limit=limits.max_depth)
    if isinstance(node, ast.UnOp) and node.op == "-" and _is_dice_term(node.value):
        raise RuleError("dice.negative_count", term=str(node), positive=str(node.value))
    if isinstance(node, ast.Dice):
        return _check_dice(node, [], limits)
    if isinstance(node, ast.OperatedDice) and isinstance(node.value, ast.Dice):
        return _check_dice(node.value, node.operations, limits)
    return sum(_inspect(child, limits, nesting) for child in node.children)


def _split_label(comment: str | None) -> tuple[str, str]:
    """(label, advantage) from the text after the dice: `#attack adv` -> ("attack", "adv")."""
    words = [w.lstrip("#") for w in (comment or "").split() if w.lstrip("#")]
    advantage = ""
    for at in (0, -1):
        if words and words[at].casefold().strip(".,;:!()") in ADVANTAGE_WORDS:
            kind = ADVANTAGE_WORDS[words.pop(at).casefold().strip(".,;:!()")]
            advantage = "" if advantage and advantage != kind.name.lower() else kind.name.lower()
            if not advantage:  # advantage and disadvantage cancel out, as in the d20 games
                break
    return " ".join(words), advantage


def read_expression(text: str, limits: DiceLimits = LIMITS) -> ReadRoll:
    """Check `text` and read its label and advantage; raise RuleError(dice.*) if refused."""
    tree = check_expression(text, limits)
    label, advantage = _split_label(tree.comment)
    bare = ast.Expression(tree.roll)  # a new node: the parsed tree is cached, never edited here
    if advantage:
        adv = d20.AdvType.ADV if advantage == "adv" else d20.AdvType.DIS
        changed = ast_adv_copy(bare, adv)
        if str(changed) == str(bare):  # d20 only applies advantage to a leading plain 1d20
            raise RuleError("dice.advantage_needs_d20", expression=str(bare))
        bare = changed
    return ReadRoll(tree=bare, label=label[:100], advantage=advantage)


def check_expression(text: str, limits: DiceLimits = LIMITS) -> ast.Expression:
    """Parse and inspect `text` without rolling; raise RuleError(dice.*) if it is refused.

    Returns the parsed tree (with `d%` already rewritten, and any comment in `.comment`) so
    `roll` does not parse twice.
    """
    text = (text or "").strip()
    if not text:
        raise RuleError("dice.empty")
    if len(text) > limits.max_length:
        raise RuleError("dice.too_long", length=len(text), limit=limits.max_length)
    if _paren_depth(text) > limits.max_depth:  # before parsing: deep nesting costs the parser
        raise RuleError("dice.too_deep", limit=limits.max_depth)
    tree = _parse(text, limits)
    count = _inspect(tree, limits)
    if count > limits.max_dice:
        raise RuleError("dice.too_many_dice", count=count, limit=limits.max_dice)
    return tree


def _truncate(text: str, limit: int) -> tuple[str, bool]:
    if len(text) <= limit:
        return text, False
    cut = text[: limit - 5].rstrip("*~`")  # room for closing markers and the ellipsis
    # close any Markdown marker the cut left open, so the rest of the message is not bold
    for marker in ("**", "~~"):
        if cut.count(marker) % 2:
            cut += marker
    return cut + "…", True


def roll(text: str, limits: DiceLimits = LIMITS) -> DiceRoll:
    """Roll a free expression such as `4d6kh3+2`, `1d6e6`, `d%` or `1d20+5 adv #to hit`."""
    read = read_expression(text, limits)
    tree = read.tree
    roller = d20.Roller(d20.RollContext(max_rolls=limits.max_rolls))
    try:
        result = roller.roll(tree)
        # d20 computes totals lazily: division by zero or float overflow surface only here
        total, text = result.total, result.result
    except d20.TooManyRolls:
        raise RuleError("dice.too_many_rolls", limit=limits.max_rolls) from None
    except d20.RollValueError as exc:
        if "divide by zero" in str(exc):
            raise RuleError("dice.division_by_zero") from None
        raise RuleError("dice.bad_value", expression=str(tree)) from None
    except (OverflowError, ValueError):  # int(inf) or a number too long to print
        raise RuleError("dice.too_big") from None
    breakdown, truncated = _truncate(text, limits.max_breakdown)
    return DiceRoll(expression=str(tree), total=total, breakdown=breakdown, truncated=truncated,
                    label=read.label, advantage=read.advantage)
