"""Intervals for rule comparisons: the paired bootstrap, Wilson and Newcombe.

Comparing two rule sets on the same seeds and decks gives pairs (a_i, b_i) per
game; the games' own variance (the deal, who goes first) is shared by both sides,
so the difference b_i - a_i varies far less than either side. The paired
bootstrap resamples whole games (pairs) with replacement and takes the 2.5% and
97.5% percentiles of the mean difference; it needs no normality and treats rates
(0/1) and counts alike. The resampling is seeded, so a report is reproducible.
A difference whose interval excludes 0 is marked significant.
"""
from __future__ import annotations

import math

import numpy as np

from ..sim.simulate import Z95, wilson

BOOTSTRAP_RESAMPLES = 2000
MAX_RESAMPLES = 100_000     # `compare --resamples`: 50 times the default, still seconds per metric


def paired_pairs(a: list, b: list) -> tuple[np.ndarray, np.ndarray]:
    """The pairs where both sides are defined (a None, e.g. no winner, drops the pair)."""
    keep = [(x, y) for x, y in zip(a, b) if x is not None and y is not None]
    if not keep:
        return np.zeros(0), np.zeros(0)
    arr = np.array(keep, dtype=float)
    return arr[:, 0], arr[:, 1]


def paired_difference(a: list, b: list, resamples: int = BOOTSTRAP_RESAMPLES, seed: int = 0,
                      level: float = 0.95) -> dict:
    """Mean of b - a over the defined pairs, with its paired-bootstrap percentile interval."""
    xa, xb = paired_pairs(a, b)
    n = len(xa)
    if n == 0:
        return {"n": 0, "a": None, "b": None, "diff": None, "ci95": [None, None], "significant": False}
    d = xb - xa
    rng = np.random.default_rng(seed)
    means = np.empty(resamples)
    for start in range(0, resamples, 250):          # in blocks: bounded memory for big runs
        stop = min(resamples, start + 250)
        picks = rng.integers(0, n, size=(stop - start, n))
        means[start:stop] = d[picks].mean(axis=1)
    tail = (1 - level) / 2
    low, high = np.quantile(means, [tail, 1 - tail])
    low, high = float(low), float(high)
    return {"n": n, "a": round(float(xa.mean()), 6), "b": round(float(xb.mean()), 6),
            "diff": round(float(d.mean()), 6), "ci95": [round(low, 6), round(high, 6)],
            "significant": bool(low > 0 or high < 0)}


def mean_interval(values: list, resamples: int = BOOTSTRAP_RESAMPLES, seed: int = 0) -> dict:
    """Mean of the defined values with a bootstrap percentile 95% interval."""
    x = np.array([v for v in values if v is not None], dtype=float)
    if len(x) == 0:
        return {"n": 0, "mean": None, "ci95": [None, None]}
    rng = np.random.default_rng(seed)
    means = np.array([x[rng.integers(0, len(x), len(x))].mean() for _ in range(resamples)])
    low, high = np.quantile(means, [0.025, 0.975])
    return {"n": len(x), "mean": round(float(x.mean()), 6), "ci95": [round(float(low), 6), round(float(high), 6)]}


def rate(successes: int, trials: int) -> dict:
    low, high = wilson(successes, trials)
    return {"k": successes, "n": trials, "rate": round(successes / trials, 6) if trials else None,
            "ci95": [round(low, 6), round(high, 6)]}


def newcombe(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> dict:
    """p1 - p2 of two independent proportions with Newcombe's hybrid score interval
    (built from the two Wilson intervals; sound for small counts, unlike the Wald one)."""
    if not n1 or not n2:
        return {"diff": None, "ci95": [None, None], "significant": False}
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return {"diff": round(d, 6), "ci95": [round(low, 6), round(high, 6)], "significant": bool(low > 0 or high < 0)}
