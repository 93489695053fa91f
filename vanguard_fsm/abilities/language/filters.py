"""How a card or a unit is tested against the filters a target, a count or a cost's pick writes.

A filter is a registered question (`ABILITIES.filters`: `grade_max`, `name`, `standing`,
`this_card` ...; registered in `targets.py`, `selectors.py`, `identity.py` and the mechanics);
`passes` asks each in turn. Kept apart from `targets.py` because both the targets (a
`choose:` that is a count) and the counts (`{count: your_drop, name: X}`) filter: each
imports this module, and neither the other's.
"""
from __future__ import annotations

from ...game.frozen import FrozenDict
from .registry import ABILITIES

FILTER_KEYS = ("from", "choose", "up_to")


def passes(game, ctx, filters, card, unit, inst=None) -> bool:
    """The card (a unit, or with `unit` None a card in a zone: instance `inst`) passes every filter."""
    entries = ABILITIES.kept_filters
    for name, arg in filters:
        entry = entries[name]
        if entry.by_instance:
            if not entry.fn(game, arg, card, unit, ctx, unit.card if unit is not None else inst):
                return False
        elif not entry.fn(game, arg, card, unit, ctx):
            return False
    return True


def filters_of(spec) -> tuple:
    """The (filter, arg) pairs of a target or card-choice mapping. A card's mapping is read-only card
    data (a `FrozenDict`), so its pairs are worked out once, not at each look (a G guardian's cost is
    asked at every guard decision): kept by the mapping's id, the entry holding the mapping itself, so
    no other object can have that id while it is kept (the `_PLANS` idea of counts.py)."""
    if not isinstance(spec, dict):
        return ()
    found = _FILTERS.get(id(spec))
    if found is not None and found[0] is spec:
        return found[1]
    filters = tuple((k, v) for k, v in spec.items() if k not in FILTER_KEYS and k not in ("to", "count", "rest"))
    if type(spec) is FrozenDict:      # a plain dict may change: worked out again each time
        if len(_FILTERS) >= 4096:     # card files loaded again and again: start over
            _FILTERS.clear()
        _FILTERS[id(spec)] = (spec, filters)
    return filters


_FILTERS: dict[int, tuple] = {}    # id(a card's mapping) -> (the mapping, its filters)
