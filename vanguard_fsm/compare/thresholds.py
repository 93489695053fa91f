"""`evaluate --check THRESHOLDS.yaml`: a designer's bounds on the balance numbers.

    first_player_win_rate: {min: 0.40, max: 0.60}
    deck_out_rate: {max: 0.05}
    turns_mean: {min: 8, max: 20}
    dead_timings: {max: 0}

Each key names a headline number of the report (balance.flat_metrics); each bound is
`min` and/or `max`, inclusive. An unknown name, an unknown bound, a non-number (or NaN,
infinity) and bounds no value can meet (`min` above `max`) are input errors at their
line (exit 2); a number outside its bounds fails the check (exit 1).
"""
from __future__ import annotations

import math
from pathlib import Path

from ..machine.yamlsrc import SourceError, load

BOUNDS = ("min", "max")


def read_thresholds(path: str | Path, known: list[str]) -> dict:
    doc = load(path)
    data = doc.data
    if not isinstance(data, dict) or not data:
        raise doc.error((), "a thresholds file maps metric names to {min: X, max: Y}")
    for name, bounds in data.items():
        if name not in known:
            raise doc.error((name, "__key__"), f"unknown metric {name!r} (metrics: {', '.join(sorted(known))})")
        if not isinstance(bounds, dict) or not bounds:
            raise doc.error((name,), f"{name}: give bounds as {{min: X, max: Y}}")
        for bound, value in bounds.items():
            if bound not in BOUNDS:
                raise doc.error((name, bound, "__key__"), f"unknown bound {bound!r} (use min and/or max)")
            if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                    isinstance(value, float) and not math.isfinite(value):
                raise doc.error((name, bound), f"{name}.{bound} must be a finite number (got {value!r})")
        if "min" in bounds and "max" in bounds and bounds["min"] > bounds["max"]:
            raise doc.error((name, "max"), f"{name}: min {bounds['min']} is above max {bounds['max']}: "
                                           f"no value can meet both (a typo?)")
    return data


def check(metrics: dict, thresholds: dict) -> list[dict]:
    """One result per threshold: the value, its bounds and whether it holds."""
    results = []
    for name, bounds in thresholds.items():
        value = metrics.get(name)
        ok = value is not None and all(
            (bound == "min" and value >= limit) or (bound == "max" and value <= limit) for bound, limit in bounds.items())
        results.append({"metric": name, "value": value, **bounds, "ok": ok})
    return results


__all__ = ["read_thresholds", "check", "SourceError"]
