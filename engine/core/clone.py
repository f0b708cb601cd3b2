"""A fast deep copy of the game state, for `rules.apply` to work on.

`apply` copies the whole state before every action (an illegal action must leave the
caller's state untouched). Round-tripping through pydantic (dump, then validate) or
`copy.deepcopy` spends most of an action's time on that copy; this module instead builds,
once per model class, a copier that knows from the field annotations which fields hold
other models, lists or dicts and copies only those, sharing the immutable values (str, int,
bool, None). The copy is a new object graph equal to the original, with the same class and
the same set fields; nothing is validated (the state was valid when it was stored, and the
rules only assign values of the declared types). A list of a union of models (the campaign's
tasks, a discriminated union) is copied by each element's own copier, and a value typed `Any`
(a decision's data) by a walk of its plain lists, dicts and atoms (issue #30: both went through
`copy.deepcopy`, about 40% of the campaign's copy). A field whose annotation this module does
not understand falls back to `copy.deepcopy`, so a new kind of field is still copied safely.

A frozen model whose fields are all atoms (or such models) cannot change once built, so the copy
shares it, as it shares a str (issue #30: the board's cards, a Water Realm space's card, are
most of the models a state holds; a list of them is copied by a slice, not element by element).
The rules change such a card by putting a new one in its place.
"""
from __future__ import annotations

import copy
import types
import typing
from typing import Any, Callable, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_ATOMIC = (str, int, float, bool, type(None))
_setattr = object.__setattr__
#: the slots pydantic keeps beside a model's __dict__, set directly (as model_construct does)
_SET_FIELDS = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_SET_EXTRA = BaseModel.__dict__["__pydantic_extra__"].__set__
_SET_PRIVATE = BaseModel.__dict__["__pydantic_private__"].__set__


class _Copiers(dict[type, Callable[[Any], Any]]):
    """Model class -> its copier, built on first use."""

    def __missing__(self, cls: type) -> Callable[[Any], Any]:
        # a value that is not a model where one is declared is copied the slow, safe way
        if _is_model(cls):
            copier = self[cls] = _same if _immutable(cls) else _build(cls)
        else:
            copier = self[cls] = copy.deepcopy
        return copier


_COPIERS = _Copiers()


def clone(model: M) -> M:
    """A deep copy of `model` (a pydantic model whose fields hold models, lists, dicts, atoms)."""
    copier: Callable[[M], M] = _COPIERS[type(model)]  # built for this very class: it returns one
    return copier(model)


def _is_atomic(tp: Any) -> bool:
    if tp in _ATOMIC:
        return True
    if _is_model(tp):
        return _immutable(tp)
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return all(isinstance(a, _ATOMIC) for a in typing.get_args(tp))
    if origin in (typing.Union, types.UnionType):
        return all(_is_atomic(a) for a in typing.get_args(tp))
    return False


def _is_model(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def _immutable(cls: type[BaseModel]) -> bool:
    """A frozen model of atoms only, without extras or private attributes: nothing in it can
    change, so a copy may share it."""
    return (bool(cls.model_config.get("frozen")) and cls.model_config.get("extra") != "allow"
            and not cls.__private_attributes__
            and all(_is_atomic(f.annotation) for f in cls.model_fields.values()))


def _same(value: Any) -> Any:
    return value


def _plain(value: Any) -> Any:
    """A deep copy of a value typed `Any`: lists and dicts of atoms copied by hand (they are what
    such fields hold: JSON-like data), anything else by `copy.deepcopy`."""
    kind = type(value)
    if kind in _ATOMIC:
        return value
    if kind is list:
        return [_plain(v) for v in value]
    if kind is dict and all(type(k) in _ATOMIC for k in value):
        return {k: _plain(v) for k, v in value.items()}
    return copy.deepcopy(value)


def _expr(tp: Any, v: str, depth: int = 0) -> str | None:
    """Python source that copies value `v` of annotation `tp`; None when nothing needs copying."""
    if _is_atomic(tp):
        return None
    if _is_model(tp):
        return f"_C[type({v})]({v})"
    if tp is Any:
        return f"_plain({v})"
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:  # a discriminator or a constraint: copied as the type it adds to
        return _expr(args[0], v, depth)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            inner = _expr(rest[0], v, depth)
            return None if inner is None else f"(None if {v} is None else {inner})"
        if all(_is_model(a) for a in rest):  # each value copied by its own class's copier
            return f"(None if {v} is None else _C[type({v})]({v}))"
        return f"_deepcopy({v})"
    x = f"_x{depth}"
    if origin is list and len(args) == 1:
        inner = _expr(args[0], x, depth + 1)
        return f"{v}[:]" if inner is None else f"[{inner} for {x} in {v}]"
    if origin is dict and len(args) == 2 and _is_atomic(args[0]):
        inner = _expr(args[1], x, depth + 1)
        return f"{v}.copy()" if inner is None else f"{{_k{depth}: {inner} for _k{depth}, {x} in {v}.items()}}"
    return f"_deepcopy({v})"


def _build(cls: type[BaseModel]) -> Callable[[Any], Any]:
    """Generate the copier of one model class (straight-line code: no per-value type tests)."""
    lines = ["def copier(src):",
             "    d = src.__dict__.copy()"]
    for name, info in cls.model_fields.items():
        tp: Any = info.annotation
        if typing.get_origin(tp) in (typing.Union, types.UnionType) and type(None) in typing.get_args(tp):
            rest = [a for a in typing.get_args(tp) if a is not type(None)]
            tp = rest[0] if len(rest) == 1 else typing.Union[tuple(rest)]  # None is tested below
        expr = _expr(tp, "v")
        if expr is not None:
            lines.append(f"    v = d[{name!r}]")
            lines.append(f"    if v is not None: d[{name!r}] = {expr}")
    lines += ["    new = _new(_cls)",
              "    _set(new, '__dict__', d)",
              "    _fields(new, src.__pydantic_fields_set__.copy())"]
    if cls.model_config.get("extra") == "allow":
        lines.append("    _extra(new, None if src.__pydantic_extra__ is None else _deepcopy(src.__pydantic_extra__))")
    else:
        lines.append("    _extra(new, None)")
    if cls.__private_attributes__:
        lines.append("    _private(new, None if src.__pydantic_private__ is None else _deepcopy(src.__pydantic_private__))")
    else:
        lines.append("    _private(new, None)")
    lines.append("    return new")
    scope: dict[str, Any] = {"_C": _COPIERS, "_deepcopy": copy.deepcopy, "_plain": _plain, "_new": cls.__new__, "_cls": cls,
                             "_set": _setattr, "_fields": _SET_FIELDS, "_extra": _SET_EXTRA,
                             "_private": _SET_PRIVATE}
    exec("\n".join(lines), scope)  # noqa: S102 - source built above from field annotations only
    copier: Callable[[Any], Any] = scope["copier"]
    return copier
