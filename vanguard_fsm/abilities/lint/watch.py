"""Lint of a watcher timing's `watch:` mapping (`runtime/watch.py`): its parameters and filters.

`watch:` belongs to an AUTO ability on a watcher timing with parameters (`when_unit_placed` ...);
each key is one of that timing's parameters, checked against its values, or a target filter on
the card the event is about. Each problem at its `file:line:col`, with the names allowed.
"""
from __future__ import annotations

from ..language.registry import ABILITIES
from ..runtime.watch import CIRCLES, REQUIRED, WATCH_PARAMS
from .terms import unknown


def check_watch(linter, raw, path, kind, timing) -> None:
    """`watch:` only on a watcher timing with parameters, a mapping of its parameters and filters."""
    timing = timing if isinstance(timing, str) else None    # a list is no timing (reported by the caller)
    if "watch" not in raw:
        for key in REQUIRED.get(timing, ()) if kind == "AUTO" else ():
            linter.error(path + ("timing",), f"{timing} needs `watch: {{{key}: ...}}` (what it watches: "
                                             f"{_values(WATCH_PARAMS[timing][key])})")
        return
    watch = raw["watch"]
    if kind != "AUTO" or timing not in WATCH_PARAMS:
        linter.key_error(path, "watch", f"watch: holds the parameters of a watcher timing "
                                        f"({', '.join(sorted(WATCH_PARAMS))}); {kind} ability at {timing!r} has none")
        return
    if not isinstance(watch, dict):
        linter.error(path + ("watch",), f"watch: is a mapping of {timing}'s parameters and target filters "
                                        f"(got {watch!r})")
        return
    params = WATCH_PARAMS[timing]
    where = path + ("watch",)
    for key in REQUIRED.get(timing, ()):
        if key not in watch:
            linter.error(where, f"{timing} needs `{key}:` in watch ({_values(params[key])})")
    for key, arg in watch.items():
        if key in params:
            _param(linter, params[key], arg, where + (key,), f"{timing}'s {key}")
        elif key in ABILITIES.filters:
            linter.filter_key(key, arg, where, watch)
        else:
            known = set(params) | set(ABILITIES.filters.names())
            linter.key_error(where, key, unknown(f"watch key of {timing}", key, known)
                             + f" (its parameters: {', '.join(params)}; or a target filter, `names filters`)")


def _values(kind) -> str:
    return " | ".join(kind) if isinstance(kind, tuple) else "true" if kind == "flag" else " | ".join(CIRCLES)


def _param(linter, kind, arg, path, what) -> None:
    if kind == "flag":
        if not isinstance(arg, bool):
            linter.error(path, f"{what} is true or false (got {arg!r})")
    elif kind == "circles":
        circles = [arg] if isinstance(arg, str) else arg
        if not isinstance(circles, list) or not circles or any(c not in CIRCLES for c in circles):
            linter.error(path, f"{what} is a circle or a list of circles: {', '.join(CIRCLES)} (got {arg!r})")
    elif arg not in kind:
        linter.error(path, f"{what} is one of {', '.join(kind)} (got {arg!r})")
