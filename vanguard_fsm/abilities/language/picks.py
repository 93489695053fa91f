"""The pick of a cost that takes cards (`N` or `{choose: N, <filters>}`, `costs.py`) and the cards
that match it: apart from the costs themselves because payability is asked far more often than a
cost is paid (each G guardian's, at every guard decision), so its reads are kept lean here.
"""
from __future__ import annotations

from ...game.frozen import FrozenDict
from .filters import filters_of, passes


def picked(arg) -> tuple[int, tuple]:
    """A pick -> (how many, its filters). A card's pick is read-only card data (a `FrozenDict`):
    worked out once, kept by its id with the pick itself, so no other object can have that id
    while it is kept (as `filters.filters_of` keeps a mapping's filters)."""
    found = _PICKS.get(id(arg))
    if found is not None and found[0] is arg:
        return found[1]
    if not isinstance(arg, dict):
        return (1 if arg is None else arg), ()
    pick = arg.get("choose", 1), filters_of(arg)
    if type(arg) is FrozenDict:     # a plain dict may change: worked out again each time
        if len(_PICKS) >= 4096:     # card files loaded again and again: start over
            _PICKS.clear()
        _PICKS[id(arg)] = (arg, pick)
    return pick


_PICKS: dict[int, tuple] = {}    # id(a card's pick) -> (the pick, (how many, its filters))


def matching(game, ctx, instances, filters) -> list:
    """The instances that pass the filters, in order."""
    if not filters:
        return list(instances)
    cards = game.cards
    return [i for i in instances if passes(game, ctx, filters, cards[i], None, i)]


def enough(game, ctx, instances, skipped, filters, n) -> bool:
    """`len(matching(...)) >= n` over the instances not in `skipped` (a container: the ability's own card
    a cost spares, the face-down damage a Counter Blast cannot turn), counted only until there are enough."""
    cards = game.cards
    for i in instances:
        if n <= 0:
            break
        if i not in skipped and (not filters or passes(game, ctx, filters, cards[i], None, i)):
            n -= 1
    return n <= 0
