"""Counts of circles rather than cards: the open rear-guard circles (issue 28 item 2; CR 4.6).

"+2000 for each open rear-guard circle of all fighters": an open circle has no card on it (no unit,
no locked card: a lock circle is not open, CR 10.22, 4.6.7). A count reads these sources like a card
zone (`{count: open_rear_guard_circles, times: 2000}`) but with nothing to filter: lint refuses
filters and `distinct` on them (`CIRCLE_SOURCES`).
"""
from __future__ import annotations

from ...game.state import REAR_CIRCLES
from ..language.registry import ABILITIES


def _open(p) -> list:
    return [c for c in REAR_CIRCLES if p.circles[c] is None and c not in p.locked]


@ABILITIES.zone("your_open_rear_guard_circles")
def your_open_rear_guard_circles(game, ctx):
    """Your open rear-guard circles (no unit and no locked card on them, CR 4.6); circles, not cards: no filters.
    Example: {compare: [{count: your_open_rear_guard_circles}, at_least, 2]}"""
    return _open(game.state.players[ctx.seat])


@ABILITIES.zone("open_rear_guard_circles")
def open_rear_guard_circles(game, ctx):
    """Both fighters' open rear-guard circles (no unit and no locked card on them, CR 4.6); no filters.
    Example: {power: {count: open_rear_guard_circles, times: 2000}, target: self}"""
    return [c for p in game.state.players for c in _open(p)]


CIRCLE_SOURCES = ("your_open_rear_guard_circles", "open_rear_guard_circles")
