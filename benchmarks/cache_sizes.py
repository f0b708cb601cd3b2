"""What the bot's process-wide caches hold after real presses: entries and bytes, each against
its bound (issue 30 added several; a bot runs for weeks, so each must stay small).

Bytes are counted by walking what each cache holds (the objects reachable from its entries),
never counting classes, modules and functions, and counting an object reached twice once. It
is a measure of what the cache alone keeps alive only where the entries share nothing with the
rest of the process, which holds for these: views, sentences and picture bytes are made for the
cache's entry and kept by it alone once the press is over. The caches of gm/session/kept.py and
systems/prophecy/state_memo.py hold states and views another cache may hold too (a committed
state and its answers; a view kept for the echo and its forecasts): their lines count what
each reaches, so the lines overlap there."""
from __future__ import annotations

import gc
import sys
import types
from typing import Any, Iterable

_SKIP = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType,
         types.CodeType, types.FrameType)


def deep_bytes(roots: Iterable[Any]) -> int:
    """Bytes of everything reachable from `roots` (each object once)."""
    seen: set[int] = set()
    total = 0
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _SKIP):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


def cache_lines() -> list[str]:
    """One line a cache: entries held of its bound, and the bytes they keep."""
    from gm import i18n
    from gm.session import kept, results
    from systems.prophecy import prompt_text, state_memo
    from ui.pictures import PICTURES

    views = results._SPECTATOR_VIEWS  # noqa: SLF001  (measured, not changed)
    filled = i18n._FILLED  # noqa: SLF001
    mib = 1024 * 1024
    return [
        f"spectator views (gm/session/results.py): {len(views)} of {results._SPECTATOR_VIEWS_MAX}"  # noqa: SLF001
        f" kept, {deep_bytes([views]) / mib:.1f} MiB",
        f"filled sentences (gm/i18n.py t()): {len(filled)} of {i18n._FILLED_MAX}"  # noqa: SLF001
        f" kept, {deep_bytes([filled]) / mib:.1f} MiB",
        f"board pictures (ui/pictures.py): {len(PICTURES)} of {PICTURES.maxsize} kept,"
        f" {PICTURES.size / mib:.1f} MiB of pictures (bound {PICTURES.max_bytes / mib:.0f} MiB)",
        f"committed states (gm/session/kept.py): {len(kept._STATES)} of {kept._STATES_MAX}"  # noqa: SLF001
        f" kept, {deep_bytes([kept._STATES]) / mib:.1f} MiB",  # noqa: SLF001
        f"who decides / legal actions by state (gm/session/kept.py): {len(kept._ANSWERS)} of"  # noqa: SLF001
        f" {kept._ANSWERS_MAX} kept, {deep_bytes([kept._ANSWERS]) / mib:.1f} MiB",  # noqa: SLF001
    ] + [
        f"{name} by view (systems/prophecy/state_memo.py, this thread): {len(memo)} of"
        f" {state_memo.KEPT_STATES} kept, {deep_bytes([memo]) / mib:.1f} MiB"
        for name, local in (("Basic destinations", prompt_text._LAST), ("Standard forecasts", prompt_text._STD_LAST))  # noqa: SLF001
        for memo in [getattr(local, "kept", {})]
    ]
